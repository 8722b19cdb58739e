"""Build an independently made corpus into bench/out/fresh41/: models that lean on tf.math, tf.linalg and tf.signal, the
way finance, forecasting, sensor-fusion, robotics, audio and statistics teams deploy them to phones, edge boxes and
TPUs. Likelihood heads built from special functions (Student-t and negative-binomial with lgamma / xlogy / xlog1py /
digamma, Gamma demand with igamma / igammac, Beta conversion rates with betainc / lbeta, zero-inflated Poisson, a
Gaussian quantile head with ndtri / erfinv / erfc, von Mises headings with bessel_i0e / i1e, a Zipf tail with the Hurwitz
zeta, a Dirichlet allocation head with polygamma, a GARCH VaR with ndtri, chi-square p-values by igammac); counting and
cumulative ops (Bucketize scorecards, histogram_fixed_width drift monitors, bincount, unsorted / sorted segment
reductions, cumsum exclusive / reverse, cumprod survival curves, cumulative_logsumexp Cox likelihoods); statistics and
clean-up (reduce_std / reduce_variance / reduce_euclidean_norm, l2_normalize, clip_by_norm / clip_by_global_norm in an
on-device training step, floormod / floordiv / truncatemod / truncatediv on int64 timestamps and floats, round / rint /
floor / ceil price ticks, is_nan / is_inf / where clean-up, polyval calibration); linear algebra (matmul with adjoints,
matvec, einsum, inv, solve, lstsq, cholesky / cholesky_solve, triangular_solve, qr, svd (Kabsch), eigh (PCA), det /
slogdet / logdet, trace, diag_part / set_diag / band_part, expm (rating migration), norm, pinv, tridiagonal_solve
(cubic splines), LinearOperator; Kalman filters unrolled, in tf.scan and complementary filters in tf.while_loop;
quaternion (Mahony) attitude filtering; Gaussian-process posteriors; Mahalanobis anomaly scores; Yule-Walker AR fits);
signal processing (frame, stft / inverse_stft, rfft / irfft, fft2d range-Doppler maps, dct / idct codecs with
overlap_and_add, MFCC keyword spotting, hann / hamming windows, complex64 MVDR beamforming with tf.complex / real / imag /
angle / abs / conj); float64 and float16 variants; int16 PCM and uint8 sensor packets (bitcast, bitwise,
saturate_cast). Exported as Keras 3 model.export (batch-1 signatures where on-device), keras.export.ExportArchive,
tf.saved_model.save of tf.Modules with explicit signatures (several on some), TF2 functions frozen with
convert_variables_to_constants_v2, TF1 graph-mode graphs frozen with graph_util.convert_variables_to_constants, and a TF1
SavedModelBuilder export. Seeded random weights and parameters; nothing is downloaded; every model runs forward once
while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh41.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh41.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh41.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh41.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh41.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh41", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (positive values under logs, SPD matrices, counts and ids in range, NaNs for clean-up
# models): model -> {input name (or "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by
# --check and by the run each model gets while it is built; anything else gets generic dummies (dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _save_module(out, mod, **sigs):
    """run each bound tf.function signature of a tf.Module subclass once, then tf.saved_model.save(mod, signatures)"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    tf.saved_model.save(mod, str(out), signatures=sigs)


def _export(m, out, fixed_batch=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed_batch` passes an
    input_signature with the model's own (batch-1) input shapes so model.export keeps them"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = None
    if fixed_batch:
        sig = [specs] if len(specs) > 1 else specs
    keras_export(m, out, sig=sig)


def _archive(out, track, **endpoints):
    """keras.export.ExportArchive: track the Keras models, add each endpoint (fn, input specs) after running it once on
    the --check inputs; the first endpoint is also written as serving_default"""
    archive = keras.export.ExportArchive()
    for m in track:
        archive.track(m)
    for k, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, k)
        fn(*[vals[s.name] for s in specs])
        archive.add_endpoint(k, fn, input_signature=specs)
    archive.write_out(str(out), verbose=False)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    with v1.Session(graph=g) as s:
        s.run(init)
        s.run(outputs, {phs[k]: v.numpy() for k, v in vals.items()})
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_saved_model(out, build):
    """TF1 SavedModelBuilder export: build() returns {signature: (inputs dict, outputs dict)}; variables initialized,
    each signature run once on the --check inputs, then saved as predict signatures under the serving tag"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        sigs = build()
        init = v1.global_variables_initializer()
    feeds = {k: _feed(out, [tf.TensorSpec(t.shape, t.dtype, n) for n, t in ins.items()], k) for k, (ins, _) in sigs.items()}
    with g.as_default(), v1.Session(graph=g) as s:
        s.run(init)
        for k, (ins, outs) in sigs.items():
            s.run(outs, {t: feeds[k][n].numpy() for n, t in ins.items()})
        b = v1.saved_model.Builder(str(out))
        b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
            k: v1.saved_model.predict_signature_def(i, o) for k, (i, o) in sigs.items()})
        b.save()


def _v1_lin(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / biases (zeros), matmul + bias, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _params(sizes, seed, dtype="float32", name="mlp"):
    """an MLP kept as a list of (weight, bias) tf.Variables, glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype(dtype), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, dtype), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, act=None, out_act=None):
    """apply _params: matmul + bias, `act` between layers (relu), `out_act` last"""
    act = act or tf.nn.relu
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = act(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


def _kmlp(shape, sizes, act="relu", out_act=None):
    """Keras Sequential MLP on inputs of `shape`"""
    return keras.Sequential([keras.Input(shape)] + [L.Dense(s, activation=act) for s in sizes[:-1]]
                            + [L.Dense(sizes[-1], activation=out_act)])


def _spd(rng, n, jitter=0.5):
    """a random symmetric positive-definite matrix (A A^T / n + jitter I)"""
    a = rng.normal(size=(n, n))
    return (a @ a.T / n + jitter * np.eye(n)).astype("float32")


# ================================================================================ likelihood heads (special functions)

@model("s41_student_t_regression_head_keras", "keras-export", "heavy-tailed return / latency regressor with a Student-t head, Keras 3 functional, features float [None,16] + target [None,1]: Dense 64 / 64 relu -> Dense(3); custom StudentTHead layer: loc, scale = softplus + 1e-3, df = 2 + softplus, log_prob from tf.math.lgamma((df+1)/2) - lgamma(df/2) - 0.5 log(df pi) - log scale - (df+1)/2 log1p(z^2/df), variance scale^2 df/(df-2); outputs loc, scale, df, variance, log_prob; model.export")
def b_student_t(out):
    class StudentTHead(L.Layer):
        def call(self, params, y):
            loc = params[:, :1]
            scale = tf.nn.softplus(params[:, 1:2]) + 1e-3
            df = 2.0 + tf.nn.softplus(params[:, 2:3])
            z = (y - loc) / scale
            lp = (tf.math.lgamma(0.5 * (df + 1.0)) - tf.math.lgamma(0.5 * df) - 0.5 * tf.math.log(df * np.pi)
                  - tf.math.log(scale) - 0.5 * (df + 1.0) * tf.math.log1p(z * z / df))
            return [loc, scale, df, scale * scale * df / (df - 2.0 + 1e-3), lp]
    x_in, y_in = keras.Input((16,), name="features"), keras.Input((1,), name="target")
    h = L.Dense(64, activation="relu")(L.Dense(64, activation="relu")(x_in))
    loc, scale, df, var, lp = StudentTHead(name="student_t")(L.Dense(3)(h), y_in)
    _export(keras.Model([x_in, y_in], {"loc": loc, "scale": scale, "df": df, "variance": var, "log_prob": lp}), out)


@model("s41_gamma_demand_igamma_service_level", "tf-module", "retail demand forecaster with a Gamma head as a tf.Module around a Keras MLP (Dense 64 / 32 / 2): features float [None,12], demand [None] (positive), stock_level [None]; concentration / rate by softplus, log_prob = a log b + tf.math.xlogy(a-1, y) - b y - lgamma(a), cdf tf.math.igamma(a, b y), stockout probability tf.math.igammac(a, b * stock), mean a/b; outputs concentration, rate, mean, log_prob, cdf, stockout_probability")
def b_gamma(out):
    net = _kmlp((12,), [64, 32, 2])

    @tf.function(input_signature=[tensor_spec([None, 12], name="features"), tensor_spec([None], name="demand"),
                                  tensor_spec([None], name="stock_level")])
    def serve(features, demand, stock_level):
        p = tf.nn.softplus(net(features, training=False)) + 1e-2
        a, b = p[:, 0], p[:, 1]
        lp = a * tf.math.log(b) + tf.math.xlogy(a - 1.0, demand) - b * demand - tf.math.lgamma(a)
        return {"concentration": a, "rate": b, "mean": a / b, "log_prob": lp, "cdf": tf.math.igamma(a, b * demand),
                "stockout_probability": tf.math.igammac(a, b * stock_level)}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s41_gamma_demand_igamma_service_level"] = lambda rng: {
    "demand": rng.uniform(0.5, 20.0, 2), "stock_level": rng.uniform(1.0, 30.0, 2)}


@model("s41_beta_conversion_betainc_archive", "keras-export", "ad conversion-rate model with a Beta head exported with keras.export.ExportArchive, two endpoints: serve(features float [None,8]) -> alpha, beta (softplus + 0.5 of a Dense 32 / 16 / 2 net), mean, variance; likelihood(features, rate float [None] in (0,1)) -> log_prob = xlogy(a-1, r) + xlog1py(b-1, -r) - tf.math.lbeta([a, b]) and cdf = tf.math.betainc(a, b, r)")
def b_beta(out):
    net = _kmlp((8,), [32, 16, 2])

    def params(features):
        p = tf.nn.softplus(net(features, training=False)) + 0.5
        return p[:, 0], p[:, 1]

    def serve(features):
        a, b = params(features)
        return {"alpha": a, "beta": b, "mean": a / (a + b), "variance": a * b / ((a + b) ** 2 * (a + b + 1.0))}

    def likelihood(features, rate):
        a, b = params(features)
        lp = tf.math.xlogy(a - 1.0, rate) + tf.math.xlog1py(b - 1.0, -rate) - tf.math.lbeta(tf.stack([a, b], -1))
        return {"log_prob": lp, "cdf": tf.math.betainc(a, b, rate)}
    _archive(out, [net], serve=(serve, [tensor_spec([None, 8], name="features")]),
             likelihood=(likelihood, [tensor_spec([None, 8], name="features"), tensor_spec([None], name="rate")]))


FEEDS["s41_beta_conversion_betainc_archive"] = lambda rng: {"rate": rng.uniform(0.05, 0.95, 2)}


@model("s41_negbin_counts_two_signatures", "tf-module", "call-volume / insurance-claims count model with a negative-binomial head, tf.Module with raw-variable MLP (20 -> 64 -> 32 -> 2), two signatures: serving_default(features float [None,20]) -> mean, dispersion, variance; log_prob(features, counts int32 [None]) -> log pmf from lgamma(k+r) - lgamma(r) - lgamma(k+1) + xlogy(r, r/(r+mu)) + xlogy(k, mu/(r+mu)) and the dispersion score digamma(k+r) - digamma(r) + log(r/(r+mu)) + (mu-k)/(r+mu)")
def b_negbin(out):
    mlp = _params([20, 64, 32, 2], 4, name="negbin")

    def head(features):
        p = _mlp(mlp, features)
        return tf.exp(tf.clip_by_value(p[:, 0], -6.0, 8.0)), tf.nn.softplus(p[:, 1]) + 1e-2

    @tf.function(input_signature=[tensor_spec([None, 20], name="features")])
    def predict(features):
        mu, r = head(features)
        return {"mean": mu, "dispersion": r, "variance": mu + mu * mu / r}

    @tf.function(input_signature=[tensor_spec([None, 20], name="features"), tensor_spec([None], "int32", "counts")])
    def log_prob(features, counts):
        mu, r = head(features)
        k = tf.cast(counts, tf.float32)
        lp = (tf.math.lgamma(k + r) - tf.math.lgamma(r) - tf.math.lgamma(k + 1.0)
              + tf.math.xlogy(r, r / (r + mu)) + tf.math.xlogy(k, mu / (r + mu)))
        score = tf.math.digamma(k + r) - tf.math.digamma(r) + tf.math.log(r / (r + mu)) + (mu - k) / (r + mu)
        return {"log_prob": lp, "dispersion_score": score}
    _save(out, {"params": mlp}, serving_default=predict, log_prob=log_prob)


FEEDS["s41_negbin_counts_two_signatures"] = {"counts": (0, 30)}


@model("s41_zero_inflated_poisson_batch1_keras", "keras-export", "on-device 7-day app-open count forecaster with a zero-inflated Poisson head, Keras 3 functional exported with a batch-1 signature: features float [1,16], observed_counts float [1,7]; Dense 32 relu -> Dense(14) split into log-rate (clip_by_value) and zero-inflation logits; custom ZIP layer: log p(0) = log(pi + (1-pi) exp(-lam)), log p(k) = log1p(-pi) + xlogy(k, lam) - lam - lgamma(k+1), picked by tf.where(k == 0); outputs rate, zero_probability, expected, log_prob [1,7]")
def b_zip(out):
    class ZeroInflatedPoisson(L.Layer):
        def call(self, params, k):
            lam = tf.exp(tf.clip_by_value(params[:, :7], -5.0, 5.0))
            pi = tf.sigmoid(params[:, 7:])
            log_p0 = tf.math.log(pi + (1.0 - pi) * tf.exp(-lam))
            log_pk = tf.math.log1p(-pi) + tf.math.xlogy(k, lam) - lam - tf.math.lgamma(k + 1.0)
            return [lam, pi, (1.0 - pi) * lam, tf.where(tf.equal(k, 0.0), log_p0, log_pk)]
    x_in = keras.Input((16,), batch_size=1, name="features")
    k_in = keras.Input((7,), batch_size=1, name="observed_counts")
    lam, pi, mean, lp = ZeroInflatedPoisson(name="zip")(L.Dense(14)(L.Dense(32, activation="relu")(x_in)), k_in)
    _export(keras.Model([x_in, k_in], {"rate": lam, "zero_probability": pi, "expected": mean, "log_prob": lp}), out,
            fixed_batch=True)


FEEDS["s41_zero_inflated_poisson_batch1_keras"] = {"observed_counts": (0, 6)}


@model("s41_gaussian_quantiles_ndtri_erfinv_frozen", "frozen-pb", "probabilistic load forecaster frozen with convert_variables_to_constants_v2: features float [None,10], observed [None]; raw-variable MLP -> mu, sigma (softplus); 9 quantiles mu + sigma * tf.math.ndtri(p), 80% interval half-width sigma * sqrt(2) * tf.math.erfinv(0.8), log-CDF of the observation as log(0.5 * erfc(-z / sqrt 2)) (log_ndtr written out), Gaussian CRPS with erf / exp; outputs quantiles [None,9], interval_halfwidth, log_cdf, crps")
def b_quantiles(out):
    mlp = _params([10, 32, 2], 6, name="gauss")
    levels = np.array([0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95], "float32")

    def fn(features, observed):
        p = _mlp(mlp, features, act=tf.tanh)
        mu, sigma = p[:, 0], tf.nn.softplus(p[:, 1]) + 1e-3
        q = mu[:, None] + sigma[:, None] * tf.math.ndtri(tf.constant(levels))[None]
        half = sigma * np.sqrt(2.0).astype("float32") * tf.math.erfinv(tf.constant(0.8))
        z = (observed - mu) / sigma
        log_cdf = tf.math.log(0.5 * tf.math.erfc(-z / np.sqrt(2.0).astype("float32")) + 1e-30)
        cdf = 0.5 * (1.0 + tf.math.erf(z / np.sqrt(2.0).astype("float32")))
        pdf = tf.exp(-0.5 * z * z) / np.sqrt(2 * np.pi).astype("float32")
        crps = sigma * (z * (2.0 * cdf - 1.0) + 2.0 * pdf - 1.0 / np.sqrt(np.pi).astype("float32"))
        return (tf.identity(q, name="quantiles"), tf.identity(half, name="interval_halfwidth"),
                tf.identity(log_cdf, name="log_cdf"), tf.identity(crps, name="crps"))
    _freeze(fn, [tensor_spec([None, 10], name="features"), tensor_spec([None], name="observed")], out)


OUTPUTS["s41_gaussian_quantiles_ndtri_erfinv_frozen"] = ["quantiles", "interval_halfwidth", "log_cdf", "crps"]


@model("s41_vonmises_heading_bessel_i0e", "tf-module", "wind-direction / vessel-heading predictor with a von Mises head, tf.Module around a Keras MLP (Dense 32 tanh, Dense 3): features float [None,8], heading [None] radians; mean direction tf.math.atan2(sin, cos outputs), concentration kappa = softplus; log_prob = kappa cos(theta - mu) - log(2 pi) - (log(tf.math.bessel_i0e(kappa)) + kappa), mean resultant length tf.math.bessel_i1e / bessel_i0e, circular variance; outputs mean_direction, concentration, log_prob, circular_variance")
def b_vonmises(out):
    net = _kmlp((8,), [32, 3], act="tanh")

    @tf.function(input_signature=[tensor_spec([None, 8], name="features"), tensor_spec([None], name="heading")])
    def serve(features, heading):
        p = net(features, training=False)
        mu = tf.math.atan2(p[:, 0], p[:, 1])
        kappa = tf.nn.softplus(p[:, 2]) + 1e-3
        log_i0 = tf.math.log(tf.math.bessel_i0e(kappa)) + kappa
        lp = kappa * tf.cos(heading - mu) - np.log(2 * np.pi).astype("float32") - log_i0
        r = tf.math.bessel_i1e(kappa) / tf.math.bessel_i0e(kappa)
        return {"mean_direction": mu, "concentration": kappa, "log_prob": lp, "circular_variance": 1.0 - r}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s41_vonmises_heading_bessel_i0e"] = lambda rng: {"heading": rng.uniform(-np.pi, np.pi, 2)}


@model("s41_zipf_popularity_tail_zeta", "tf-module", "content-popularity tail model (Zipf law per catalogue segment), tf.Module with raw-variable MLP (6 -> 16 -> 1): segment_features float [None,6], rank float [None] (>= 1); exponent s = 1.05 + softplus; log p(rank) = -s log(rank) - log(tf.math.zeta(s, 1)); tail probability P(K >= rank) = zeta(s, rank) / zeta(s, 1) (Hurwitz zeta); outputs exponent, log_prob, tail_probability")
def b_zipf(out):
    mlp = _params([6, 16, 1], 8, name="zipf")

    @tf.function(input_signature=[tensor_spec([None, 6], name="segment_features"), tensor_spec([None], name="rank")])
    def serve(segment_features, rank):
        s = 1.05 + tf.nn.softplus(_mlp(mlp, segment_features)[:, 0])
        norm = tf.math.zeta(s, tf.ones_like(s))
        return {"exponent": s, "log_prob": -s * tf.math.log(rank) - tf.math.log(norm),
                "tail_probability": tf.math.zeta(s, rank) / norm}
    _save(out, {"params": mlp}, serving_default=serve)


FEEDS["s41_zipf_popularity_tail_zeta"] = {"rank": (1, 500)}


@model("s41_dirichlet_allocation_polygamma_keras", "keras-export", "portfolio-allocation network with a Dirichlet head, Keras 3 functional: return window float [None,20,5]; Conv1D 16 + Flatten + Dense 32 -> softplus + 0.1 concentrations; custom DirichletStats layer: mean weights a/a0, expected log weights digamma(a) - digamma(a0), log-weight variance tf.math.polygamma(1, a) - polygamma(1, a0), entropy lbeta(a) + (a0-K) digamma(a0) - sum((a-1) digamma(a)); model.export")
def b_dirichlet(out):
    class DirichletStats(L.Layer):
        def call(self, a):
            a0 = tf.reduce_sum(a, axis=-1, keepdims=True)
            e_log = tf.math.digamma(a) - tf.math.digamma(a0)
            var_log = tf.math.polygamma(tf.ones_like(a), a) - tf.math.polygamma(tf.ones_like(a0), a0)
            ent = (tf.math.lbeta(a) + (a0[:, 0] - 5.0) * tf.math.digamma(a0[:, 0])
                   - tf.reduce_sum((a - 1.0) * tf.math.digamma(a), axis=-1))
            return [a / a0, e_log, var_log, ent]
    inp = keras.Input((20, 5), name="returns_window")
    x = L.Flatten()(L.Conv1D(16, 5, activation="relu")(inp))
    conc = L.Dense(5, activation="softplus")(L.Dense(32, activation="relu")(x))
    conc = L.Lambda(lambda t: t + 0.1, output_shape=(5,), name="concentration")(conc)
    w, e_log, var_log, ent = DirichletStats(name="dirichlet")(conc)
    _export(keras.Model(inp, {"concentration": conc, "weights": w, "expected_log_weights": e_log,
                              "log_weight_variance": var_log, "entropy": ent}), out)


@model("s41_tf1_bucketize_woe_scorecard_frozen", "frozen-pb", "credit scorecard in TF1 graph mode frozen with graph_util.convert_variables_to_constants: placeholder applicant float [None,6] (age, log income, debt ratio, utilization, delinquencies, months on book); per-column Bucketize (tf.raw_ops.Bucketize with hand-set boundaries), weight-of-evidence lookup by tf.gather from get_variable tables, get_variable coefficients, logistic probability, points = 600 - 20/ln2 * logit rounded and cast to int32; outputs probability, score, buckets int32 [None,6]")
def b_scorecard(out):
    bounds = [[25.0, 35.0, 45.0, 55.0, 65.0], [9.5, 10.0, 10.5, 11.0, 11.5], [0.1, 0.2, 0.35, 0.5],
              [0.1, 0.3, 0.5, 0.7, 0.9], [0.5, 1.5, 2.5], [6.0, 12.0, 24.0, 48.0, 96.0]]

    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 6], name="applicant")
        logit, buckets = v1.get_variable("intercept", [], initializer=v1.constant_initializer(-1.5)), []
        for j, bd in enumerate(bounds):
            with v1.variable_scope(f"feature{j}"):
                b = tf.raw_ops.Bucketize(input=x[:, j], boundaries=bd)
                woe = v1.get_variable("woe", [len(bd) + 1], initializer=v1.random_normal_initializer(0.0, 0.5))
                coef = v1.get_variable("coefficient", [], initializer=v1.constant_initializer(0.8))
                logit = logit + coef * tf.gather(woe, b)
                buckets.append(b)
        prob = tf.sigmoid(logit, name="probability")
        score = tf.cast(tf.round(600.0 - 20.0 / np.log(2.0) * logit), tf.int32, name="score")
        return [prob, score, tf.stack(buckets, axis=1, name="buckets")]
    _v1_freeze(out, build)


OUTPUTS["s41_tf1_bucketize_woe_scorecard_frozen"] = ["probability", "score", "buckets"]
FEEDS["s41_tf1_bucketize_woe_scorecard_frozen"] = lambda rng: {"applicant": np.stack([
    rng.uniform(18, 80, 4), rng.uniform(9, 12, 4), rng.uniform(0, 0.8, 4), rng.uniform(0, 1, 4),
    rng.integers(0, 4, 4), rng.uniform(1, 120, 4)], axis=1)}


# ================================================================================ counting, histograms, cumulative ops

@model("s41_histogram_psi_drift_monitor", "tf-module", "edge feature-drift monitor as a tf.Module with two signatures: serving_default(values float [None,4]) -> per-feature tf.histogram_fixed_width (10 bins over fixed value ranges, int32 [4,10]), smoothed proportions, population stability index sum((p-q) log(p/q)) and KL divergence via tf.math.xlogy against stored reference histograms (tf.Variable); bin_ids(values) -> tf.histogram_fixed_width_bins int32 [None,4]")
def b_psi(out):
    ranges = [(0.0, 1.0), (-2.0, 2.0), (0.0, 100.0), (0.0, 1.0)]
    rng = np.random.default_rng(12)
    ref = rng.dirichlet(np.full(10, 5.0), 4).astype("float32")
    reference = tf.Variable(ref, name="reference_proportions")

    @tf.function(input_signature=[tensor_spec([None, 4], name="values")])
    def monitor(values):
        n = tf.cast(tf.shape(values)[0], tf.float32)
        hists = tf.stack([tf.histogram_fixed_width(values[:, j], ranges[j], nbins=10) for j in range(4)])
        p = (tf.cast(hists, tf.float32) + 0.5) / (n + 5.0)
        q = reference
        psi = tf.reduce_sum((p - q) * (tf.math.log(p) - tf.math.log(q)), axis=-1)
        kl = tf.reduce_sum(tf.math.xlogy(p, p) - tf.math.xlogy(p, q), axis=-1)
        return {"histograms": hists, "psi": psi, "kl_divergence": kl, "drifted": psi > 0.25}

    @tf.function(input_signature=[tensor_spec([None, 4], name="values")])
    def bin_ids(values):
        return {"bins": tf.stack([tf.histogram_fixed_width_bins(values[:, j], ranges[j], nbins=10) for j in range(4)], 1)}
    _save(out, {"reference": reference}, serving_default=monitor, bin_ids=bin_ids)


@model("s41_bincount_event_codes_fleet_risk", "tf-module", "IoT incident-risk scorer over a batch of device event logs, tf.Module: codes int32 [None] (0..63), severity float [None], device_ids int32 [None] (0..7); tf.math.bincount of codes (minlength = maxlength = 64) plain and severity-weighted, bincount of device ids, tf.math.unsorted_segment_max / unsorted_segment_sqrt_n of severity per device (8 segments); log1p counts into a raw-variable MLP -> risk probability; outputs code_counts int32 [64], weighted_counts, device_max_severity, device_rms_severity, risk")
def b_bincount(out):
    mlp = _params([64 + 64 + 16, 32, 1], 13, name="risk")

    @tf.function(input_signature=[tensor_spec([None], "int32", "codes"), tensor_spec([None], name="severity"),
                                  tensor_spec([None], "int32", "device_ids")])
    def serve(codes, severity, device_ids):
        counts = tf.math.bincount(codes, minlength=64, maxlength=64)
        weighted = tf.math.bincount(codes, weights=severity, minlength=64, maxlength=64)
        dev_counts = tf.math.bincount(device_ids, minlength=8, maxlength=8)
        dmax = tf.math.unsorted_segment_max(severity, device_ids, 8)
        dmax = tf.where(dev_counts > 0, dmax, tf.zeros_like(dmax))
        drms = tf.math.unsorted_segment_sqrt_n(severity, device_ids, 8)
        feats = tf.concat([tf.math.log1p(tf.cast(counts, tf.float32)), tf.math.log1p(weighted), dmax, drms], 0)
        risk = tf.sigmoid(_mlp(mlp, feats[None]))[0, 0]
        return {"code_counts": counts, "weighted_counts": weighted, "device_max_severity": dmax,
                "device_rms_severity": drms, "risk": risk}
    _save(out, {"params": mlp}, serving_default=serve)


FEEDS["s41_bincount_event_codes_fleet_risk"] = lambda rng: {
    "codes": rng.integers(0, 64, 40), "severity": rng.random(40), "device_ids": rng.integers(0, 8, 40)}


@model("s41_discrete_time_survival_cumprod_keras", "keras-export", "customer-churn / equipment discrete-time survival model (24 monthly hazards), Keras 3 functional: features float [None,12] -> Dense 64 / 32 -> Dense(24, sigmoid) hazards; custom SurvivalCurves layer: survival = tf.math.cumprod(1 - h), event pmf = h * cumprod(1 - h, exclusive=True), cumulative incidence tf.math.cumsum(pmf), expected remaining months tf.math.cumsum(survival, reverse=True), restricted mean lifetime, median month = argmax(survival < 0.5); model.export")
def b_survival(out):
    class SurvivalCurves(L.Layer):
        def call(self, h):
            surv = tf.math.cumprod(1.0 - h, axis=-1)
            pmf = h * tf.math.cumprod(1.0 - h, axis=-1, exclusive=True)
            cif = tf.math.cumsum(pmf, axis=-1)
            remaining = tf.math.cumsum(surv, axis=-1, reverse=True)
            median = tf.argmax(tf.cast(surv < 0.5, tf.int32), axis=-1, output_type=tf.int32)
            return [surv, pmf, cif, remaining, tf.reduce_sum(surv, axis=-1), median]
    inp = keras.Input((12,), name="features")
    h = L.Dense(24, activation="sigmoid", name="hazard")(L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(inp)))
    surv, pmf, cif, rem, rmst, med = SurvivalCurves(name="curves")(h)
    _export(keras.Model(inp, {"hazard": h, "survival": surv, "event_pmf": pmf, "cumulative_incidence": cif,
                              "expected_remaining": rem, "restricted_mean": rmst, "median_month": med}), out)


@model("s41_cox_partial_likelihood_cumlogsumexp", "tf-module", "DeepSurv-style Cox model as a tf.Module around a Keras MLP (Dense 32 / 16 / 1), two signatures: serving_default(features float [None,10]) -> log_risk, hazard_ratio; partial_likelihood(features, times float [None], events float [None] 0/1) -> tf.argsort by time, tf.gather, risk-set log-sums by tf.math.cumulative_logsumexp(reverse=True), event-averaged Cox negative partial log-likelihood, Breslow baseline cumulative hazard via cumsum of 1 / cumsum(exp(risk), reverse=True)")
def b_cox(out):
    net = _kmlp((10,), [32, 16, 1])

    @tf.function(input_signature=[tensor_spec([None, 10], name="features")])
    def risk(features):
        r = net(features, training=False)[:, 0]
        return {"log_risk": r, "hazard_ratio": tf.exp(r)}

    @tf.function(input_signature=[tensor_spec([None, 10], name="features"), tensor_spec([None], name="times"),
                                  tensor_spec([None], name="events")])
    def partial_likelihood(features, times, events):
        order = tf.argsort(times)
        r = tf.gather(net(features, training=False)[:, 0], order)
        ev = tf.gather(events, order)
        log_risk_set = tf.math.cumulative_logsumexp(r, reverse=True)
        nll = -tf.reduce_sum(ev * (r - log_risk_set)) / tf.maximum(tf.reduce_sum(ev), 1.0)
        baseline = tf.math.cumsum(ev / tf.math.cumsum(tf.exp(r), reverse=True))
        return {"neg_partial_log_likelihood": nll, "sorted_times": tf.gather(times, order), "baseline_cumhazard": baseline}
    _save(out, {"model": net}, serving_default=risk, partial_likelihood=partial_likelihood)


FEEDS["s41_cox_partial_likelihood_cumlogsumexp"] = lambda rng: {
    "times": rng.uniform(1, 60, 12), "events": rng.integers(0, 2, 12), "features": rng.random((12, 10))}


@model("s41_fleet_segment_stats_frozen", "frozen-pb", "fleet telemetry aggregator frozen with convert_variables_to_constants_v2: readings float [None,3], device_ids int32 [None] (0..15); tf.math.unsorted_segment_mean / max / min / sqrt_n and unsorted_segment_sum counts over 16 devices, fleet z-scores of device means with reduce_mean / reduce_std, and a sorted path (tf.argsort(stable) + tf.gather + tf.math.segment_sum) for per-present-device totals; outputs device_mean [16,3], device_max, device_min, device_rms, device_count, fleet_zscore, sorted_totals")
def b_fleet(out):
    def fn(readings, device_ids):
        mean = tf.math.unsorted_segment_mean(readings, device_ids, 16)
        count = tf.math.unsorted_segment_sum(tf.ones_like(readings[:, 0]), device_ids, 16)
        present = (count > 0)[:, None]
        mx = tf.where(present, tf.math.unsorted_segment_max(readings, device_ids, 16), 0.0)
        mn = tf.where(present, tf.math.unsorted_segment_min(readings, device_ids, 16), 0.0)
        rms = tf.math.unsorted_segment_sqrt_n(readings, device_ids, 16)
        z = (mean - tf.reduce_mean(mean, 0)) / (tf.math.reduce_std(mean, 0) + 1e-6)
        order = tf.argsort(device_ids, stable=True)
        totals = tf.math.segment_sum(tf.gather(readings, order), tf.gather(device_ids, order))
        return (tf.identity(mean, name="device_mean"), tf.identity(mx, name="device_max"), tf.identity(mn, name="device_min"),
                tf.identity(rms, name="device_rms"), tf.identity(count, name="device_count"),
                tf.identity(z, name="fleet_zscore"), tf.identity(totals, name="sorted_totals"))
    _freeze(fn, [tensor_spec([None, 3], name="readings"), tensor_spec([None], "int32", "device_ids")], out)


OUTPUTS["s41_fleet_segment_stats_frozen"] = ["device_mean", "device_max", "device_min", "device_rms", "device_count",
                                             "fleet_zscore", "sorted_totals"]
FEEDS["s41_fleet_segment_stats_frozen"] = lambda rng: {"readings": rng.random((30, 3)), "device_ids": rng.integers(0, 16, 30)}


# ================================================================================ statistics, clean-up, int arithmetic

@model("s41_imu_window_stats_batch1_keras", "keras-export", "wearable activity classifier, Keras 3 functional exported with a batch-1 signature, IMU window float [1,128,6]: custom WindowStats layer (tf.math.reduce_mean, reduce_std, reduce_variance, reduce_euclidean_norm over time, max - min range, mean of tf.math.l2_normalize'd samples) concatenated with a Conv1D 16 / 32 + GlobalAveragePooling1D branch; Dense 32 -> Dense(6, softmax)")
def b_imu_stats(out):
    class WindowStats(L.Layer):
        def call(self, x):
            feats = [tf.math.reduce_mean(x, 1), tf.math.reduce_std(x, 1), tf.math.reduce_variance(x, 1),
                     tf.math.reduce_euclidean_norm(x, 1), tf.reduce_max(x, 1) - tf.reduce_min(x, 1),
                     tf.reduce_mean(tf.math.l2_normalize(x, axis=-1), 1)]
            return tf.concat(feats, axis=-1)
    inp = keras.Input((128, 6), batch_size=1, name="imu_window")
    stats = WindowStats(name="window_stats")(inp)
    c = L.Conv1D(32, 5, strides=2, activation="relu")(L.Conv1D(16, 5, strides=2, activation="relu")(inp))
    x = L.Concatenate()([stats, L.GlobalAveragePooling1D()(c)])
    _export(keras.Model(inp, L.Dense(6, activation="softmax", name="activity")(L.Dense(32, activation="relu")(x))), out,
            fixed_batch=True)


@model("s41_on_device_training_clip_global_norm", "tf-module", "on-device personalization model (TFLite on-device-training style tf.Module) with raw tf.Variables (8 -> 32 -> 4), two signatures: infer(x float [None,8]) -> logits, probabilities; train(x, labels int32 [None], learning_rate float []) -> sparse softmax cross-entropy under tf.GradientTape, per-tensor tf.clip_by_norm(1.0), tf.clip_by_global_norm(5.0), SGD by assign_sub; returns loss and global_norm")
def b_odt(out):
    rng = np.random.default_rng(18)

    class Personalizer(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1 = tf.Variable(rng.normal(0, 0.3, (8, 32)).astype("float32"), name="w1")
            self.b1 = tf.Variable(np.zeros(32, "float32"), name="b1")
            self.w2 = tf.Variable(rng.normal(0, 0.3, (32, 4)).astype("float32"), name="w2")
            self.b2 = tf.Variable(np.zeros(4, "float32"), name="b2")

        def logits(self, x):
            return tf.matmul(tf.nn.relu(tf.matmul(x, self.w1) + self.b1), self.w2) + self.b2

        @tf.function(input_signature=[tensor_spec([None, 8], name="x")])
        def infer(self, x):
            lg = self.logits(x)
            return {"logits": lg, "probabilities": tf.nn.softmax(lg)}

        @tf.function(input_signature=[tensor_spec([None, 8], name="x"), tensor_spec([None], "int32", "labels"),
                                      tensor_spec([], name="learning_rate")])
        def train(self, x, labels, learning_rate):
            vars_ = [self.w1, self.b1, self.w2, self.b2]
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, self.logits(x)))
            grads = [tf.clip_by_norm(g, 1.0) for g in tape.gradient(loss, vars_)]
            clipped, gnorm = tf.clip_by_global_norm(grads, 5.0)
            for v, g in zip(vars_, clipped):
                v.assign_sub(learning_rate * g)
            return {"loss": loss, "global_norm": gnorm}
    p = Personalizer()
    _save_module(out, p, infer=p.infer, train=p.train)


FEEDS["s41_on_device_training_clip_global_norm"] = {"labels": (0, 4), "learning_rate": 0.01}


@model("s41_calendar_floormod_truncatediv_int64", "tf-module", "smart-meter load forecaster computing calendar features in graph, tf.Module: timestamps int64 [None] (unix seconds, pre-1970 allowed), utc_offset_minutes int32 [None]; int64 tf.math.floordiv / floormod for day index, hour, weekday ((days + 4) mod 7), tf.truncatediv / tf.truncatemod alongside (pre-epoch mismatch flag), float tf.math.floormod for year phase and float floordiv for week index, float tf.truncatemod; sin / cos encodings into a Keras MLP (Dense 32 / 1, softplus); outputs hour int64, weekday int64, week_index, year_phase, pre_epoch_mismatch bool, load_kw")
def b_calendar(out):
    net = _kmlp((8,), [32, 1], out_act="softplus")

    @tf.function(input_signature=[tensor_spec([None], "int64", "timestamps"), tensor_spec([None], "int32", "utc_offset_minutes")])
    def serve(timestamps, utc_offset_minutes):
        local = timestamps + tf.cast(utc_offset_minutes, tf.int64) * 60
        days = tf.math.floordiv(local, 86400)
        hour = tf.math.floordiv(tf.math.floormod(local, 86400), 3600)
        weekday = tf.math.floormod(days + 4, 7)
        mismatch = tf.not_equal(tf.truncatediv(local, 86400), days) | tf.not_equal(tf.truncatemod(local, 86400),
                                                                                    tf.math.floormod(local, 86400))
        dayf = tf.cast(days, tf.float32)
        year_phase = tf.math.floormod(dayf / 365.2425, 1.0)
        week_index = tf.math.floordiv(dayf, 7.0)
        minute_phase = tf.truncatemod(tf.cast(local, tf.float32) / 60.0, 60.0) / 60.0
        two_pi = 2.0 * np.pi
        hf, wf = tf.cast(hour, tf.float32) / 24.0, tf.cast(weekday, tf.float32) / 7.0
        feats = tf.stack([tf.sin(two_pi * hf), tf.cos(two_pi * hf), tf.sin(two_pi * wf), tf.cos(two_pi * wf),
                          tf.sin(two_pi * year_phase), tf.cos(two_pi * year_phase), minute_phase,
                          tf.cast(weekday >= 5, tf.float32)], axis=-1)
        return {"hour": hour, "weekday": weekday, "week_index": week_index, "year_phase": year_phase,
                "pre_epoch_mismatch": mismatch, "load_kw": net(feats, training=False)[:, 0]}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s41_calendar_floormod_truncatediv_int64"] = {"timestamps": (-2_000_000_000, 2_000_000_000),
                                                    "utc_offset_minutes": (-720, 841)}


@model("s41_price_tick_rounding_archive", "keras-export", "market-making quote generator exported with keras.export.ExportArchive, two endpoints: quote(book_features float [None,10], mid_price [None,1], tick_size [None,1]) -> fair price from a Dense 32 / 1 tanh offset (up to 5 ticks), bid = tf.math.floor(fair / tick) * tick, ask = tf.math.ceil, nearest = tf.math.round (half to even), tf.math.rint, ticks_from_mid int32; fair_offset(book_features) -> raw model offset")
def b_ticks(out):
    net = _kmlp((10,), [32, 1], out_act="tanh")

    def quote(book_features, mid_price, tick_size):
        fair = mid_price + 5.0 * tick_size * net(book_features, training=False)
        units = fair / tick_size
        return {"fair": fair, "bid": tf.math.floor(units) * tick_size, "ask": tf.math.ceil(units) * tick_size,
                "nearest": tf.math.round(units) * tick_size, "nearest_rint": tf.math.rint(units) * tick_size,
                "ticks_from_mid": tf.cast(tf.math.rint((fair - mid_price) / tick_size), tf.int32)}

    def fair_offset(book_features):
        return {"offset": net(book_features, training=False)}
    _archive(out, [net], quote=(quote, [tensor_spec([None, 10], name="book_features"), tensor_spec([None, 1], name="mid_price"),
                                        tensor_spec([None, 1], name="tick_size")]),
             fair_offset=(fair_offset, [tensor_spec([None, 10], name="book_features")]))


FEEDS["s41_price_tick_rounding_archive"] = lambda rng: {"mid_price": rng.uniform(50, 150, (2, 1)), "tick_size": 0.01}


@model("s41_nan_inf_sensor_cleanup_keras", "keras-export", "industrial sensor-health classifier that cleans its own inputs, Keras 3 functional: readings float [None,32] with NaN / inf dropouts; custom CleanReadings layer: tf.math.is_finite mask, per-row mean of finite values by tf.math.divide_no_nan, tf.where fill, tf.math.is_nan / is_inf counts, tf.math.reciprocal_no_nan of the finite count, clip_by_value; Dense 32 -> Dense(3, softmax); outputs status probabilities, missing_fraction, nan_count, inf_count")
def b_nan(out):
    class CleanReadings(L.Layer):
        def call(self, x):
            finite = tf.math.is_finite(x)
            x0 = tf.where(finite, x, tf.zeros_like(x))
            cnt = tf.reduce_sum(tf.cast(finite, tf.float32), axis=-1, keepdims=True)
            row_mean = tf.math.divide_no_nan(tf.reduce_sum(x0, axis=-1, keepdims=True), cnt)
            filled = tf.clip_by_value(tf.where(finite, x, row_mean), -10.0, 10.0)
            nan_count = tf.reduce_sum(tf.cast(tf.math.is_nan(x), tf.float32), axis=-1, keepdims=True)
            inf_count = tf.reduce_sum(tf.cast(tf.math.is_inf(x), tf.float32), axis=-1, keepdims=True)
            missing = 1.0 - cnt * tf.math.reciprocal_no_nan(tf.fill(tf.shape(cnt), 32.0))
            return [filled, missing, nan_count, inf_count]
    inp = keras.Input((32,), name="readings")
    filled, missing, nans, infs = CleanReadings(name="clean")(inp)
    x = L.Dense(32, activation="relu")(L.Concatenate()([filled, missing]))
    _export(keras.Model(inp, {"status": L.Dense(3, activation="softmax", name="status")(x), "missing_fraction": missing,
                              "nan_count": nans, "inf_count": infs}), out)


def _nan_feed(rng):
    a = rng.random((3, 32))
    a[0, 3], a[1, 5], a[1, 7], a[2, 0] = np.nan, np.inf, -np.inf, np.nan
    return {"readings": a}


FEEDS["s41_nan_inf_sensor_cleanup_keras"] = _nan_feed


@model("s41_thermistor_polyval_calibration_keras", "keras-export", "NTC thermistor + ambient sensor calibration model, Keras 3 functional: adc_codes float [None,8] (12-bit), board_temp [None,1]; Lambda divider resistance R = 10k * adc / (4095 - adc), Steinhart-Hart 1/T = tf.math.polyval([C, 0, B, A], ln R), Kelvin -> Celsius, a second tf.math.polyval cubic self-heating correction in board temperature; Dense 16 / 8 residual correction; outputs temperature_c [None,8]")
def b_thermistor(out):
    A, B, C = 1.009249522e-3, 2.378405444e-4, 2.019202697e-7

    def steinhart(adc):
        adc = tf.clip_by_value(adc, 1.0, 4094.0)
        ln_r = tf.math.log(10000.0 * adc / (4095.0 - adc))
        inv_t = tf.math.polyval([tf.constant(C), tf.constant(0.0), tf.constant(B), tf.constant(A)], ln_r)
        return 1.0 / inv_t - 273.15

    def self_heating(t):
        return tf.math.polyval([tf.constant(1e-5), tf.constant(-2e-3), tf.constant(0.05), tf.constant(-0.1)], t)
    adc_in, board_in = keras.Input((8,), name="adc_codes"), keras.Input((1,), name="board_temp")
    t = L.Lambda(steinhart, output_shape=(8,), name="steinhart_hart")(adc_in)
    corr = L.Lambda(self_heating, output_shape=(1,), name="self_heating")(board_in)
    r = L.Dense(8)(L.Dense(16, activation="relu")(L.Concatenate()([t, board_in])))
    temp = L.Add(name="temperature_c")([L.Subtract()([t, corr]), L.Lambda(lambda z: 0.01 * z, output_shape=(8,))(r)])
    _export(keras.Model([adc_in, board_in], temp), out)


FEEDS["s41_thermistor_polyval_calibration_keras"] = lambda rng: {
    "adc_codes": rng.uniform(300, 3800, (2, 8)), "board_temp": rng.uniform(10, 50, (2, 1))}


@model("s41_float16_edge_classifier_clip_norm", "tf-module", "float16 edge classifier (weights and compute in half precision) as a tf.Module: features float16 [None,32]; tf.math.l2_normalize, tf.math.reduce_variance / reduce_std of the raw features, float16 tf.Variable matmuls (32 -> 64 -> 5), erf-GELU 0.5 h (1 + tf.math.erf(h / sqrt 2)) in float16, tf.clip_by_norm(h, 4.0, axes=[1]), softmax; outputs probabilities float16 [None,5], feature_variance, feature_std")
def b_fp16(out):
    rng = np.random.default_rng(23)
    w1 = tf.Variable(rng.normal(0, 0.2, (32, 64)).astype("float16"), name="w1")
    b1 = tf.Variable(np.zeros(64, "float16"), name="b1")
    w2 = tf.Variable(rng.normal(0, 0.2, (64, 5)).astype("float16"), name="w2")

    @tf.function(input_signature=[tensor_spec([None, 32], "float16", "features")])
    def serve(features):
        x = tf.math.l2_normalize(features, axis=-1)
        h = tf.matmul(x, w1) + b1
        h = tf.constant(0.5, tf.float16) * h * (tf.constant(1.0, tf.float16) + tf.math.erf(h * tf.constant(0.7071, tf.float16)))
        h = tf.clip_by_norm(h, tf.constant(4.0, tf.float16), axes=[1])
        return {"probabilities": tf.nn.softmax(tf.matmul(h, w2)),
                "feature_variance": tf.math.reduce_variance(features, axis=-1),
                "feature_std": tf.math.reduce_std(features, axis=-1)}
    _save(out, {"params": [w1, b1, w2]}, serving_default=serve)


# ================================================================================ linear algebra

@model("s41_polyfit_lstsq_trend_float64", "tf-module", "float64 trend extrapolator for finance / capacity planning, tf.Module with two signatures over series float64 [None,48]: serving_default fits a cubic by tf.linalg.lstsq (fast=True, l2_regularizer 1e-8) on a tiled Vandermonde [None,48,4], fitted values, residual tf.math.reduce_std, 12-step forecast by einsum; robust_fit uses tf.linalg.lstsq(fast=False) (complete orthogonal decomposition) -> coefficients")
def b_polyfit(out):
    t = np.linspace(-1.0, 1.0, 48)
    V = np.stack([t ** k for k in range(4)], -1)
    tf_ = 1.0 + (2.0 / 47.0) * np.arange(1, 13)
    Vf = np.stack([tf_ ** k for k in range(4)], -1)

    def design(series):
        return tf.tile(tf.constant(V)[None], [tf.shape(series)[0], 1, 1])

    @tf.function(input_signature=[tensor_spec([None, 48], "float64", "series")])
    def fit(series):
        Vb = design(series)
        coef = tf.linalg.lstsq(Vb, series[..., None], l2_regularizer=1e-8)
        fitted = tf.matmul(Vb, coef)[..., 0]
        return {"coefficients": coef[..., 0], "fitted": fitted, "residual_std": tf.math.reduce_std(series - fitted, axis=-1),
                "forecast": tf.einsum("fk,bk->bf", tf.constant(Vf), coef[..., 0])}

    @tf.function(input_signature=[tensor_spec([None, 48], "float64", "series")])
    def robust_fit(series):
        return {"coefficients": tf.linalg.lstsq(design(series), series[..., None], fast=False)[..., 0]}
    _save(out, {}, serving_default=fit, robust_fit=robust_fit)


@model("s41_kalman_cv_unrolled_batch1_frozen", "frozen-pb", "GNSS / radar track smoother: constant-velocity Kalman filter (state x, y, vx, vy) unrolled over 20 steps in Python and frozen with convert_variables_to_constants_v2, fixed batch 1: measurements float [1,20,2]; learned log process / measurement noise (tf.Variable, folded to constants), predict F x / F P F^T + Q, innovation covariance S, gain by tf.linalg.inv(S), Joseph-free update; outputs filtered_states [1,20,4], final_covariance [1,4,4], nis [1,20] (normalized innovation squared)")
def b_kalman_unrolled(out):
    dt = 0.1
    F = np.array([[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]], "float32")
    H = np.array([[1, 0, 0, 0], [0, 1, 0, 0]], "float32")
    log_q, log_r = tf.Variable(np.log(0.05).astype("float32")), tf.Variable(np.log(0.5).astype("float32"))

    def fn(measurements):
        Q, R = tf.exp(log_q) * tf.eye(4), tf.exp(log_r) * tf.eye(2)
        x = tf.concat([measurements[:, 0], tf.zeros([1, 2])], axis=-1)
        P = tf.eye(4, batch_shape=[1])
        states, nis = [], []
        for k in range(20):
            x = tf.linalg.matvec(F, x)
            P = tf.matmul(tf.matmul(F, P), F, transpose_b=True) + Q
            S = tf.matmul(tf.matmul(H, P), H, transpose_b=True) + R
            Si = tf.linalg.inv(S)
            K = tf.matmul(tf.matmul(P, H, transpose_b=True), Si)
            y = measurements[:, k] - tf.linalg.matvec(H, x)
            x = x + tf.linalg.matvec(K, y)
            P = tf.matmul(tf.eye(4) - tf.matmul(K, H), P)
            states.append(x)
            nis.append(tf.reduce_sum(y * tf.linalg.matvec(Si, y), -1))
        return (tf.identity(tf.stack(states, 1), name="filtered_states"), tf.identity(P, name="final_covariance"),
                tf.identity(tf.stack(nis, 1), name="nis"))
    _freeze(fn, [tensor_spec([1, 20, 2], name="measurements")], out)


OUTPUTS["s41_kalman_cv_unrolled_batch1_frozen"] = ["filtered_states", "final_covariance", "nis"]


@model("s41_baro_imu_kalman_scan_solve", "tf-module", "drone altitude estimator fusing barometer and vertical accelerometer, tf.Module: accel float [None,50], baro_altitude [None,50]; 3-state (altitude, vertical speed, accel bias) Kalman filter over time in tf.scan with batched [None,3,3] covariances, gain via tf.linalg.solve(S, H P^T) transposed, tf.linalg.matvec, matmul with adjoint_b; outputs altitude, vertical_speed, accel_bias [None,50], innovation [None,50]")
def b_kalman_scan(out):
    dt = 0.02
    F = np.array([[1, dt, -0.5 * dt * dt], [0, 1, -dt], [0, 0, 1]], "float32")
    Bc = np.array([0.5 * dt * dt, dt, 0], "float32")
    H = np.array([[1.0, 0.0, 0.0]], "float32")
    Q = np.diag([1e-4, 1e-3, 1e-6]).astype("float32")
    noise = tf.Variable(np.array([0.25], "float32"), name="baro_variance")

    @tf.function(input_signature=[tensor_spec([None, 50], name="accel"), tensor_spec([None, 50], name="baro_altitude")])
    def serve(accel, baro_altitude):
        b = tf.shape(accel)[0]
        x0 = tf.stack([baro_altitude[:, 0], tf.zeros([b]), tf.zeros([b])], -1)
        P0 = tf.eye(3, batch_shape=[b])

        def step(carry, inp):
            x, P, _ = carry
            a, z = inp
            x = tf.linalg.matvec(F, x) + a[:, None] * Bc
            P = tf.matmul(tf.matmul(F, P), F, adjoint_b=True) + Q
            S = tf.matmul(tf.matmul(H, P), H, adjoint_b=True) + noise
            PHt = tf.matmul(P, H, adjoint_b=True)
            K = tf.linalg.matrix_transpose(tf.linalg.solve(S, tf.linalg.matrix_transpose(PHt)))
            y = z - x[:, 0]
            x = x + K[..., 0] * y[:, None]
            P = P - tf.matmul(K, tf.matmul(H, P))
            return x, P, y
        xs, _, ys = tf.scan(step, (tf.transpose(accel), tf.transpose(baro_altitude)), initializer=(x0, P0, tf.zeros([b])))
        xs = tf.transpose(xs, [1, 0, 2])
        return {"altitude": xs[..., 0], "vertical_speed": xs[..., 1], "accel_bias": xs[..., 2],
                "innovation": tf.transpose(ys)}
    _save(out, {"noise": noise}, serving_default=serve)


@model("s41_complementary_filter_while_loop_batch1", "tf-module", "IMU roll / pitch complementary filter for a microcontroller-class device, tf.Module fixed batch 1: accel float [1,100,3], gyro [1,100,3] rad/s, dt float []; accelerometer angles by tf.math.atan2, blend alpha (sigmoid of a tf.Variable) of gyro-integrated and accel angles in a tf.while_loop writing a TensorArray; outputs roll, pitch [1,100] and the accel-only angles")
def b_complementary(out):
    alpha_logit = tf.Variable(np.float32(np.log(0.98 / 0.02)), name="alpha_logit")

    @tf.function(input_signature=[tensor_spec([1, 100, 3], name="accel"), tensor_spec([1, 100, 3], name="gyro"),
                                  tensor_spec([], name="dt")])
    def serve(accel, gyro, dt):
        ax, ay, az = accel[..., 0], accel[..., 1], accel[..., 2]
        roll_acc = tf.math.atan2(ay, az)
        pitch_acc = tf.math.atan2(-ax, tf.sqrt(ay * ay + az * az))
        alpha = tf.sigmoid(alpha_logit)
        ta = tf.TensorArray(tf.float32, size=100)

        def body(i, angles, ta):
            pred = angles + gyro[:, i, :2] * dt
            angles = alpha * pred + (1.0 - alpha) * tf.stack([roll_acc[:, i], pitch_acc[:, i]], -1)
            return i + 1, angles, ta.write(i, angles)
        _, _, ta = tf.while_loop(lambda i, *_: i < 100, body,
                                 (tf.constant(0), tf.stack([roll_acc[:, 0], pitch_acc[:, 0]], -1), ta))
        ang = tf.transpose(ta.stack(), [1, 0, 2])
        return {"roll": ang[..., 0], "pitch": ang[..., 1], "roll_accel_only": roll_acc, "pitch_accel_only": pitch_acc}
    _save(out, {"alpha": alpha_logit}, serving_default=serve)


FEEDS["s41_complementary_filter_while_loop_batch1"] = lambda rng: {
    "accel": rng.normal(0, 0.1, (1, 100, 3)) + np.array([0, 0, 1.0]), "gyro": rng.normal(0, 0.05, (1, 100, 3)), "dt": 0.01}


@model("s41_mahony_quaternion_attitude_keras", "keras-export", "wearable motion classifier with an in-model Mahony attitude filter, Keras 3 functional exported with a batch-1 signature: gyro float [1,32,3], accel [1,32,3]; custom MahonyFilter layer (trainable kp) unrolled over 32 steps: gravity direction from the quaternion, error by tf.linalg.cross(normalized accel, estimate), quaternion product q x [0, w] written out, tf.math.l2_normalize; rotation matrix from the quaternion, tf.linalg.matvec to the world frame, gravity removed; Flatten + Dense 32 -> Dense(4, softmax); outputs motion probs, quaternions [1,32,4], linear_accel [1,32,3]")
def b_mahony(out):
    class MahonyFilter(L.Layer):
        def build(self, shapes):
            self.kp = self.add_weight(shape=(), initializer=keras.initializers.Constant(1.0), name="kp")

        def call(self, gyro, accel):
            dt = 0.02
            q = tf.tile(tf.constant([[1.0, 0.0, 0.0, 0.0]]), [tf.shape(gyro)[0], 1])
            qs, lin = [], []
            for t in range(32):
                w, x, y, z = tf.unstack(q, axis=-1)
                v = tf.stack([2 * (x * z - w * y), 2 * (w * x + y * z), w * w - x * x - y * y + z * z], -1)
                a = tf.math.l2_normalize(accel[:, t], axis=-1)
                om = gyro[:, t] + self.kp * tf.linalg.cross(a, v)
                ox, oy, oz = tf.unstack(om, axis=-1)
                qdot = 0.5 * tf.stack([-x * ox - y * oy - z * oz, w * ox + y * oz - z * oy,
                                       w * oy - x * oz + z * ox, w * oz + x * oy - y * ox], -1)
                q = tf.math.l2_normalize(q + qdot * dt, axis=-1)
                w, x, y, z = tf.unstack(q, axis=-1)
                R = tf.reshape(tf.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                                         2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                                         2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1), [-1, 3, 3])
                lin.append(tf.linalg.matvec(R, accel[:, t]) - tf.constant([0.0, 0.0, 1.0]))
                qs.append(q)
            return [tf.stack(qs, 1), tf.stack(lin, 1)]
    g_in, a_in = keras.Input((32, 3), batch_size=1, name="gyro"), keras.Input((32, 3), batch_size=1, name="accel")
    quats, lin = MahonyFilter(name="mahony")(g_in, a_in)
    x = L.Dense(32, activation="relu")(L.Flatten()(lin))
    _export(keras.Model([g_in, a_in], {"motion": L.Dense(4, activation="softmax", name="motion")(x), "quaternions": quats,
                                       "linear_accel": lin}), out, fixed_batch=True)


FEEDS["s41_mahony_quaternion_attitude_keras"] = lambda rng: {
    "accel": rng.normal(0, 0.1, (1, 32, 3)) + np.array([0, 0, 1.0]), "gyro": rng.normal(0, 0.1, (1, 32, 3))}


@model("s41_kabsch_svd_alignment_two_signatures", "tf-module", "robot point-set registration (Kabsch), tf.Module with two signatures: align(source float [None,32,3], target [None,32,3]) -> centroids, cross-covariance by tf.einsum, tf.linalg.svd, reflection fix by sign(tf.linalg.det(V U^T)), rotation V diag(1,1,d) U^T (matmul adjoint_b), translation by matvec, rmsd, rotation angle from acos((tf.linalg.trace(R) - 1) / 2); apply(rotation [None,3,3], translation [None,3], points [None,32,3]) -> transformed points by einsum")
def b_kabsch(out):
    @tf.function(input_signature=[tensor_spec([None, 32, 3], name="source"), tensor_spec([None, 32, 3], name="target")])
    def align(source, target):
        cs, ct = tf.reduce_mean(source, 1), tf.reduce_mean(target, 1)
        Hm = tf.einsum("bni,bnj->bij", source - cs[:, None], target - ct[:, None])
        s, u, v = tf.linalg.svd(Hm)
        d = tf.sign(tf.linalg.det(tf.matmul(v, u, adjoint_b=True)))
        D = tf.linalg.diag(tf.stack([tf.ones_like(d), tf.ones_like(d), d], -1))
        R = tf.matmul(tf.matmul(v, D), u, adjoint_b=True)
        t = ct - tf.linalg.matvec(R, cs)
        moved = tf.einsum("bij,bnj->bni", R, source) + t[:, None]
        rmsd = tf.sqrt(tf.reduce_mean(tf.reduce_sum(tf.square(moved - target), -1), -1))
        angle = tf.acos(tf.clip_by_value((tf.linalg.trace(R) - 1.0) / 2.0, -1.0, 1.0))
        return {"rotation": R, "translation": t, "rmsd": rmsd, "rotation_angle": angle, "singular_values": s}

    @tf.function(input_signature=[tensor_spec([None, 3, 3], name="rotation"), tensor_spec([None, 3], name="translation"),
                                  tensor_spec([None, 32, 3], name="points")])
    def apply(rotation, translation, points):
        return {"transformed": tf.einsum("bij,bnj->bni", rotation, points) + translation[:, None]}
    _save(out, {}, serving_default=align, apply=apply)


@model("s41_pca_eigh_spe_hotelling", "tf-module", "process-monitoring PCA (multivariate statistical process control), tf.Module with stored mean / components / eigenvalues as tf.Variables (fitted in numpy on correlated data at build time), two signatures: serving_default(x float [None,20]) -> 5 PCA scores, reconstruction, squared prediction error, Hotelling T^2; refit(window float [None,20]) -> covariance by tf.matmul(adjoint_a=True), tf.linalg.eigh, tf.reverse to descending order, top-5 components and explained-variance ratio over tf.linalg.trace")
def b_pca(out):
    rng = np.random.default_rng(29)
    data = rng.normal(size=(500, 6)) @ rng.normal(size=(6, 20)) + 0.1 * rng.normal(size=(500, 20))
    mean = data.mean(0)
    ev, evec = np.linalg.eigh(np.cov(data.T))
    mu = tf.Variable(mean.astype("float32"), name="mean")
    comps = tf.Variable(evec[:, ::-1][:, :5].astype("float32"), name="components")
    eig = tf.Variable(ev[::-1][:5].astype("float32"), name="eigenvalues")

    @tf.function(input_signature=[tensor_spec([None, 20], name="x")])
    def project(x):
        scores = tf.matmul(x - mu, comps)
        recon = tf.matmul(scores, comps, transpose_b=True) + mu
        return {"scores": scores, "reconstruction": recon, "spe": tf.reduce_sum(tf.square(x - recon), -1),
                "hotelling_t2": tf.reduce_sum(tf.square(scores) / eig, -1)}

    @tf.function(input_signature=[tensor_spec([None, 20], name="window")])
    def refit(window):
        c = window - tf.reduce_mean(window, 0)
        cov = tf.matmul(c, c, adjoint_a=True) / tf.cast(tf.shape(window)[0] - 1, tf.float32)
        e, v = tf.linalg.eigh(cov)
        e, v = tf.reverse(e, [0]), tf.reverse(v, [1])
        return {"components": v[:, :5], "explained_variance_ratio": e[:5] / tf.linalg.trace(cov)}
    _save(out, {"basis": [mu, comps, eig]}, serving_default=project, refit=refit)


FEEDS["s41_pca_eigh_spe_hotelling"] = lambda rng: {"refit/window": rng.random((64, 20))}


@model("s41_mahalanobis_chi2_anomaly_keras", "keras-export", "latent-space anomaly detector, Keras 3 functional: features float [None,16] -> Dense 16 relu -> Dense 8 latent; custom MahalanobisScore layer holding a fixed SPD covariance and mean (non-trainable weights): tf.linalg.cholesky, tf.linalg.triangular_solve(lower) of the centred latents, squared Mahalanobis distance, chi-square(8) p-value tf.math.igammac(4, d2 / 2), log-density with 2 sum log diag_part(L); outputs distance_sq, p_value, log_density, is_anomaly (bool, p < 0.01)")
def b_mahal(out):
    cov_np = _spd(np.random.default_rng(30), 8)

    class MahalanobisScore(L.Layer):
        def build(self, shape):
            self.mean = self.add_weight(shape=(8,), initializer="zeros", trainable=False, name="mean")
            self.cov = self.add_weight(shape=(8, 8), initializer="zeros", trainable=False, name="covariance")
            self.cov.assign(cov_np)

        def call(self, z):
            chol = tf.linalg.cholesky(self.cov)
            sol = tf.linalg.triangular_solve(chol, tf.transpose(z - self.mean), lower=True)
            d2 = tf.reduce_sum(tf.square(sol), axis=0)
            logdet = 2.0 * tf.reduce_sum(tf.math.log(tf.linalg.diag_part(chol)))
            p = tf.math.igammac(4.0, 0.5 * d2)
            return [d2, p, -0.5 * (d2 + logdet + 8.0 * np.log(2 * np.pi).astype("float32")), p < 0.01]
    inp = keras.Input((16,), name="features")
    z = L.Dense(8)(L.Dense(16, activation="relu")(inp))
    d2, p, logd, flag = MahalanobisScore(name="mahalanobis")(z)
    _export(keras.Model(inp, {"distance_sq": d2, "p_value": p, "log_density": logd, "is_anomaly": flag}), out)


@model("s41_gp_sensor_field_linear_operator", "tf-module", "air-quality sensor-field interpolator: Gaussian-process posterior at query points from 40 fixed sensor sites (constants), tf.Module with trainable RBF log-lengthscale / log-variance / log-noise: predict(x_query float [None,2], y_sensors [40]) -> tf.linalg.LinearOperatorFullMatrix(K + noise I, self-adjoint, positive-definite), .solvevec for alpha, .cholesky() (LinearOperatorLowerTriangular) .solve for predictive variance, .log_abs_determinant for the log marginal likelihood; outputs mean [None], variance [None], log_marginal_likelihood")
def b_gp(out):
    sites = np.random.default_rng(31).random((40, 2)).astype("float32")
    log_ls, log_var = tf.Variable(np.float32(np.log(0.3)), name="log_lengthscale"), tf.Variable(np.float32(0.0), name="log_variance")
    log_noise = tf.Variable(np.float32(np.log(0.05)), name="log_noise")

    def kern(a, b):
        d2 = tf.reduce_sum(tf.square(a[:, None] - b[None]), -1)
        return tf.exp(log_var) * tf.exp(-0.5 * d2 / tf.exp(2.0 * log_ls))

    @tf.function(input_signature=[tensor_spec([None, 2], name="x_query"), tensor_spec([40], name="y_sensors")])
    def predict(x_query, y_sensors):
        X = tf.constant(sites)
        op = tf.linalg.LinearOperatorFullMatrix(kern(X, X) + (tf.exp(log_noise) + 1e-4) * tf.eye(40),
                                                is_self_adjoint=True, is_positive_definite=True)
        alpha = op.solvevec(y_sensors)
        Ks = kern(X, x_query)
        v = op.cholesky().solve(Ks)
        lml = -0.5 * tf.reduce_sum(y_sensors * alpha) - 0.5 * op.log_abs_determinant() - 20.0 * np.log(2 * np.pi).astype("float32")
        return {"mean": tf.linalg.matvec(Ks, alpha, adjoint_a=True), "variance": tf.exp(log_var) - tf.reduce_sum(v * v, 0),
                "log_marginal_likelihood": lml}
    _save(out, {"hyperparameters": [log_ls, log_var, log_noise]}, serving_default=predict)


@model("s41_markowitz_min_variance_float64", "tf-module", "float64 portfolio-risk engine, tf.Module: returns float64 [None,60,8] (60 days x 8 assets); sample covariance by tf.matmul(adjoint_a=True), shrinkage toward tf.linalg.trace / n * I, minimum-variance weights by tf.linalg.solve, tangency weights from tf.linalg.inv precision and tf.linalg.matvec, tf.linalg.det, tf.linalg.slogdet, tf.linalg.logdet, Frobenius tf.norm condition estimate, portfolio variance by einsum; outputs min_variance_weights, tangency_weights, portfolio_variance, det, log_abs_det, logdet, condition_estimate")
def b_markowitz(out):
    @tf.function(input_signature=[tensor_spec([None, 60, 8], "float64", "returns")])
    def serve(returns):
        mu = tf.reduce_mean(returns, axis=1)
        c = returns - mu[:, None]
        S = tf.matmul(c, c, adjoint_a=True) / 59.0
        target = (tf.linalg.trace(S) / 8.0)[:, None, None] * tf.eye(8, dtype=tf.float64)
        sigma = 0.9 * S + 0.1 * target
        x = tf.linalg.solve(sigma, tf.ones_like(mu)[..., None])[..., 0]
        w = x / tf.reduce_sum(x, -1, keepdims=True)
        prec = tf.linalg.inv(sigma)
        wt = tf.linalg.matvec(prec, mu)
        wt = wt / tf.reduce_sum(wt, -1, keepdims=True)
        _, logabs = tf.linalg.slogdet(sigma)
        cond = tf.norm(sigma, ord="fro", axis=[-2, -1]) * tf.norm(prec, ord="fro", axis=[-2, -1])
        return {"min_variance_weights": w, "tangency_weights": wt, "portfolio_variance": tf.einsum("bi,bij,bj->b", w, sigma, w),
                "det": tf.linalg.det(sigma), "log_abs_det": logabs, "logdet": tf.linalg.logdet(sigma), "condition_estimate": cond}
    _save(out, {}, serving_default=serve)


FEEDS["s41_markowitz_min_variance_float64"] = lambda rng: {"returns": rng.normal(0.0005, 0.01, (2, 60, 8))}


@model("s41_qr_factor_regression_archive", "keras-export", "equity factor-exposure scorer exported with keras.export.ExportArchive, two endpoints over asset_returns float [None,36,10] and factor_returns [None,36,3]: custom FactorRegression layer (design [1, factors], tf.linalg.qr, Q^T y by matmul adjoint_a, tf.linalg.triangular_solve(lower=False) for alpha / betas, residual reduce_std); serve -> per-asset Dense 16 / 1 scores [None,10]; exposures -> betas [None,10,3], alpha, residual_vol")
def b_qr(out):
    class FactorRegression(L.Layer):
        def call(self, y, f):
            X = tf.concat([tf.ones_like(f[..., :1]), f], axis=-1)
            q, r = tf.linalg.qr(X)
            coef = tf.linalg.triangular_solve(r, tf.matmul(q, y, adjoint_a=True), lower=False)
            resid_vol = tf.math.reduce_std(y - tf.matmul(X, coef), axis=1)
            return [tf.transpose(coef[:, 1:], [0, 2, 1]), coef[:, 0], resid_vol]
    y_in, f_in = keras.Input((36, 10), name="asset_returns"), keras.Input((36, 3), name="factor_returns")
    betas, alpha, vol = FactorRegression(name="factor_regression")(y_in, f_in)
    feats = L.Concatenate()([betas, L.Reshape((10, 1))(alpha), L.Reshape((10, 1))(vol)])
    scores = L.Reshape((10,), name="scores")(L.Dense(1)(L.Dense(16, activation="relu")(feats)))
    m = keras.Model([y_in, f_in], scores)
    exp_m = keras.Model([y_in, f_in], {"betas": betas, "alpha": alpha, "residual_vol": vol})
    specs = [tensor_spec([None, 36, 10], name="asset_returns"), tensor_spec([None, 36, 3], name="factor_returns")]
    _archive(out, [m, exp_m], serve=(lambda a, f: {"scores": m([a, f], training=False)}, specs),
             exposures=(lambda a, f: exp_m([a, f], training=False), specs))


@model("s41_rating_migration_expm_ctmc", "tf-module", "credit-rating migration model as a continuous-time Markov chain over 8 ratings (last = default, absorbing), tf.Module with a learned log-intensity tf.Variable [8,8]: generator by softplus with an off-diagonal mask, tf.linalg.set_diag(-row sums), downgrade / upgrade intensities from tf.linalg.band_part, two signatures: serving_default(horizon_years float [None]) -> tf.linalg.expm(Q t) [None,8,8], default probabilities, stay probabilities by tf.linalg.diag_part; from_rating(ratings int32 [None], horizon_years [None]) -> transition row by tf.gather(batch_dims=1), expected rating")
def b_ctmc(out):
    rng = np.random.default_rng(34)
    logits = tf.Variable((rng.normal(-3.0, 0.5, (8, 8)) - 0.5 * np.abs(np.subtract.outer(np.arange(8), np.arange(8)))).astype("float32"),
                         name="log_intensity")
    mask = (1.0 - np.eye(8)).astype("float32")
    mask[7] = 0.0

    def generator():
        off = tf.nn.softplus(logits) * mask
        Q = tf.linalg.set_diag(off, -tf.reduce_sum(off, -1))
        down = tf.reduce_sum(tf.linalg.band_part(off, 0, -1), -1)
        up = tf.reduce_sum(tf.linalg.band_part(off, -1, 0), -1)
        return Q, down, up

    def transition(t):
        Q, down, up = generator()
        return tf.linalg.expm(Q[None] * t[:, None, None]), down, up

    @tf.function(input_signature=[tensor_spec([None], name="horizon_years")])
    def matrix(horizon_years):
        P, down, up = transition(horizon_years)
        return {"transition": P, "default_probability": P[..., 7], "stay_probability": tf.linalg.diag_part(P),
                "downgrade_intensity": down, "upgrade_intensity": up}

    @tf.function(input_signature=[tensor_spec([None], "int32", "ratings"), tensor_spec([None], name="horizon_years")])
    def from_rating(ratings, horizon_years):
        P, _, _ = transition(horizon_years)
        row = tf.gather(P, ratings, batch_dims=1)
        return {"distribution": row, "expected_rating": tf.reduce_sum(row * tf.range(8, dtype=tf.float32), -1)}
    _save(out, {"logits": logits}, serving_default=matrix, from_rating=from_rating)


FEEDS["s41_rating_migration_expm_ctmc"] = lambda rng: {"ratings": rng.integers(0, 8, 2), "horizon_years": rng.uniform(0.5, 5, 2)}


@model("s41_yield_curve_spline_tridiagonal_frozen", "frozen-pb", "float64 yield-curve builder frozen with convert_variables_to_constants_v2: par yields float64 [None,10] at fixed tenors 0.25..30y; natural cubic spline second derivatives from tf.linalg.tridiagonal_solve (sequence format, constant diagonals, right-hand sides [8,None]), zero-padded ends, evaluation on a 61-point grid with precomputed interval indices (tf.gather), derivative for instantaneous forwards f = y + t y', discount factors exp(-y t); outputs curve, forwards, discount [None,61]")
def b_spline(out):
    T = np.array([0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30], "float64")
    h = np.diff(T)
    grid = np.linspace(0.25, 30.0, 61)
    idx = np.clip(np.searchsorted(T, grid, side="right") - 1, 0, 8)
    main = 2.0 * (h[:-1] + h[1:])
    sup = np.concatenate([h[1:-1], [0.0]])
    sub = np.concatenate([[0.0], h[1:-1]])

    def fn(yields):
        dy = (yields[:, 1:] - yields[:, :-1]) / h
        rhs = 6.0 * (dy[:, 1:] - dy[:, :-1])
        m = tf.linalg.tridiagonal_solve([tf.constant(sup), tf.constant(main), tf.constant(sub)], tf.transpose(rhs),
                                        diagonals_format="sequence")
        M = tf.pad(tf.transpose(m), [[0, 0], [1, 1]])
        y0, y1 = tf.gather(yields, idx, axis=1), tf.gather(yields, idx + 1, axis=1)
        m0, m1 = tf.gather(M, idx, axis=1), tf.gather(M, idx + 1, axis=1)
        hi, a = h[idx], grid - T[idx]
        b = T[idx + 1] - grid
        curve = (m0 * b ** 3 + m1 * a ** 3) / (6 * hi) + (y0 / hi - m0 * hi / 6) * b + (y1 / hi - m1 * hi / 6) * a
        slope = (-m0 * b ** 2 + m1 * a ** 2) / (2 * hi) - (y0 / hi - m0 * hi / 6) + (y1 / hi - m1 * hi / 6)
        return (tf.identity(curve, name="curve"), tf.identity(curve + grid * slope, name="forwards"),
                tf.identity(tf.exp(-curve * grid), name="discount"))
    _freeze(fn, [tensor_spec([None, 10], "float64", "yields")], out)


OUTPUTS["s41_yield_curve_spline_tridiagonal_frozen"] = ["curve", "forwards", "discount"]
FEEDS["s41_yield_curve_spline_tridiagonal_frozen"] = lambda rng: {
    "yields": np.sort(rng.uniform(0.01, 0.05, (2, 10)), axis=1)}


@model("s41_accel_calibration_pinv_archive", "keras-export", "accelerometer 12-orientation calibration exported with keras.export.ExportArchive, two endpoints: serve(calibration_samples float [None,12,3], reading [None,3]) -> affine calibration [4,3] per batch by tf.linalg.pinv of the augmented samples times the known gravity directions, corrected reading plus a small Dense 8 / 3 residual, tf.norm magnitude and fit residual; calibration(calibration_samples) -> matrix [None,4,3], fit_rmse")
def b_pinv(out):
    dirs = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1],
                     [1, 1, 0], [1, 0, 1], [0, 1, 1], [-1, -1, 0], [-1, 0, -1], [0, -1, -1]], "float32")
    ref = dirs / np.linalg.norm(dirs, axis=1, keepdims=True)

    class AffineCalibration(L.Layer):
        def call(self, samples):
            A = tf.concat([samples, tf.ones_like(samples[..., :1])], axis=-1)
            M = tf.matmul(tf.linalg.pinv(A), tf.constant(ref))
            rmse = tf.sqrt(tf.reduce_mean(tf.square(tf.matmul(A, M) - ref), axis=[1, 2]))
            return [M, rmse]
    s_in, r_in = keras.Input((12, 3), name="calibration_samples"), keras.Input((3,), name="reading")
    M, rmse = AffineCalibration(name="affine_calibration")(s_in)
    corrected = L.Lambda(lambda t: tf.linalg.matvec(t[1], tf.concat([t[0], tf.ones_like(t[0][:, :1])], -1), adjoint_a=True),
                         output_shape=(3,))([r_in, M])
    corrected = L.Add()([corrected, L.Dense(3, kernel_initializer="zeros")(L.Dense(8, activation="tanh")(corrected))])
    mag = L.Lambda(lambda t: tf.norm(t, axis=-1), output_shape=())(corrected)
    m = keras.Model([s_in, r_in], {"corrected_reading": corrected, "magnitude": mag, "fit_rmse": rmse})
    cal = keras.Model(s_in, {"matrix": M, "fit_rmse": rmse})
    _archive(out, [m, cal], serve=(lambda s, r: m([s, r], training=False), [tensor_spec([None, 12, 3], name="calibration_samples"),
                                                                             tensor_spec([None, 3], name="reading")]),
             calibration=(lambda s: cal(s, training=False), [tensor_spec([None, 12, 3], name="calibration_samples")]))


def _calib_feed(rng):
    dirs = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1],
                     [1, 1, 0], [1, 0, 1], [0, 1, 1], [-1, -1, 0], [-1, 0, -1], [0, -1, -1]], "float64")
    ref = dirs / np.linalg.norm(dirs, axis=1, keepdims=True)
    s = ref[None] * rng.uniform(0.95, 1.05, (2, 1, 3)) + rng.normal(0, 0.02, (2, 1, 3)) + rng.normal(0, 0.005, (2, 12, 3))
    return {"calibration_samples": s, "reading": rng.normal(0, 0.6, (2, 3))}


FEEDS["s41_accel_calibration_pinv_archive"] = _calib_feed


@model("s41_radar_camera_bilinear_einsum_keras", "keras-export", "radar-camera fusion head, Keras 3 functional: radar_points float [None,10,16], camera_tokens [None,12,16]; custom CrossAffinity layer with weights W [16,16] and gate vector: tf.einsum('bnd,de->bne'), affinity tf.matmul(..., adjoint_b=True), softmax attention, gating by tf.linalg.matvec(radar, g), einsum pooling 'bn,bnd->bd', camera Gram tf.matmul(adjoint_a=True) and its tf.linalg.trace as a feature; Dense 32 -> Dense(5) object-class logits; model.export")
def b_bilinear(out):
    class CrossAffinity(L.Layer):
        def build(self, shapes):
            self.W = self.add_weight(shape=(16, 16), initializer="glorot_uniform", name="W")
            self.g = self.add_weight(shape=(16,), initializer="random_normal", name="gate")

        def call(self, radar, camera):
            aff = tf.matmul(tf.einsum("bnd,de->bne", radar, self.W), camera, adjoint_b=True) / 4.0
            fused = tf.matmul(tf.nn.softmax(aff, axis=-1), camera)
            gate = tf.sigmoid(tf.linalg.matvec(radar, self.g))
            pooled = tf.einsum("bn,bnd->bd", tf.nn.softmax(gate, axis=-1), fused * gate[..., None])
            gram_trace = tf.linalg.trace(tf.matmul(camera, camera, adjoint_a=True))[:, None] / 12.0
            return tf.concat([pooled, gram_trace], -1)
    r_in, c_in = keras.Input((10, 16), name="radar_points"), keras.Input((12, 16), name="camera_tokens")
    x = CrossAffinity(name="cross_affinity")(r_in, c_in)
    _export(keras.Model([r_in, c_in], L.Dense(5, name="logits")(L.Dense(32, activation="relu")(x))), out)


@model("s41_tf1_gmm_slogdet_loglik_frozen", "frozen-pb", "4-component full-covariance Gaussian mixture scorer (sensor anomaly / speaker model) in TF1 graph mode, frozen with graph_util.convert_variables_to_constants: placeholder x float [None,5]; get_variable means, mixture logits and raw factors -> tf.linalg.band_part lower triangle with tf.linalg.set_diag(softplus(diag_part)) -> covariances L L^T + eps I; tf.linalg.slogdet and tf.linalg.logdet, tf.linalg.cholesky + tf.linalg.cholesky_solve Mahalanobis terms, tf.linalg.trace(tf.linalg.inv(cov)); outputs log_likelihood [None], responsibilities [None,4], precision_trace [4]")
def b_gmm(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 5], name="x")
        means = v1.get_variable("means", [4, 5], initializer=v1.random_normal_initializer(0.5, 0.3))
        logits = v1.get_variable("mixture_logits", [4], initializer=v1.zeros_initializer())
        raw = v1.get_variable("raw_factors", [4, 5, 5], initializer=v1.random_normal_initializer(0.0, 0.2))
        Lf = tf.linalg.set_diag(tf.linalg.band_part(raw, -1, 0), tf.nn.softplus(tf.linalg.diag_part(raw)) + 0.1)
        cov = tf.matmul(Lf, Lf, transpose_b=True) + 1e-3 * tf.eye(5)
        _, logabs = tf.linalg.slogdet(cov)
        logdet = tf.linalg.logdet(cov)
        chol = tf.linalg.cholesky(cov)
        diff = tf.transpose(x[:, None, :] - means, [1, 2, 0])
        maha = tf.reduce_sum(diff * tf.linalg.cholesky_solve(chol, diff), axis=1)
        comp = (tf.nn.log_softmax(logits)[:, None] - 0.5 * (maha + 0.5 * (logabs + logdet)[:, None]
                                                           + 5.0 * np.log(2 * np.pi)))
        ll = tf.reduce_logsumexp(comp, axis=0, name="log_likelihood")
        resp = tf.transpose(tf.nn.softmax(comp, axis=0), name="responsibilities")
        return [ll, resp, tf.linalg.trace(tf.linalg.inv(cov), name="precision_trace")]
    _v1_freeze(out, build)


OUTPUTS["s41_tf1_gmm_slogdet_loglik_frozen"] = ["log_likelihood", "responsibilities", "precision_trace"]


@model("s41_tf1_yule_walker_ar_forecast_frozen", "frozen-pb", "AR(6) sensor / demand forecaster fitted per series in TF1 graph mode, frozen with graph_util.convert_variables_to_constants: placeholder series float [None,128]; demeaned autocovariances at lags 0..6, Toeplitz matrix by tf.gather with an |i-j| index table, Yule-Walker coefficients by tf.linalg.solve, innovation variance, 8-step forecast unrolled in Python plus a get_variable per-horizon bias; outputs ar_coefficients [None,6], innovation_variance, forecast [None,8]")
def b_yule_walker(out):
    p = 6
    toe = np.abs(np.subtract.outer(np.arange(p), np.arange(p)))

    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 128], name="series")
        mean = tf.reduce_mean(x, 1, keepdims=True)
        c = x - mean
        gam = tf.stack([tf.reduce_mean(c[:, k:] * c[:, :128 - k], 1) for k in range(p + 1)], 1)
        Tm = tf.gather(gam, toe, axis=1) + 1e-5 * tf.eye(p)
        phi = tf.linalg.solve(Tm, gam[:, 1:, None])[..., 0]
        sigma2 = gam[:, 0] - tf.reduce_sum(phi * gam[:, 1:], 1)
        bias = v1.get_variable("horizon_bias", [8], initializer=v1.zeros_initializer())
        hist, preds = [c[:, 127 - k] for k in range(p)], []
        for s in range(8):
            nxt = tf.reduce_sum(phi * tf.stack(hist, 1), 1)
            preds.append(nxt + bias[s])
            hist = [nxt] + hist[:-1]
        return [tf.identity(phi, name="ar_coefficients"), tf.identity(sigma2, name="innovation_variance"),
                tf.identity(tf.stack(preds, 1) + mean, name="forecast")]
    _v1_freeze(out, build)


OUTPUTS["s41_tf1_yule_walker_ar_forecast_frozen"] = ["ar_coefficients", "innovation_variance", "forecast"]
FEEDS["s41_tf1_yule_walker_ar_forecast_frozen"] = lambda rng: {
    "series": np.sin(np.arange(128) / 5.0)[None] + 0.3 * rng.normal(size=(3, 128))}


@model("s41_tf1_garch_var_scan_savedmodel", "tf1-savedmodel", "GARCH(1,1) market-risk model in TF1 graph mode exported with SavedModelBuilder: placeholder returns float [None,250]; get_variable omega / alpha / beta (softplus / sigmoid parameterized), conditional variance recursion in tf.scan over time from the sample tf.math.reduce_variance, Gaussian log-likelihood, one-day-ahead volatility, 99% VaR by tf.math.ndtri(0.01) and expected shortfall from the normal pdf; predict signature outputs conditional_vol [None,250], var_99, expected_shortfall, log_likelihood")
def b_garch(out):
    def build():
        v1 = tf.compat.v1
        r = v1.placeholder(tf.float32, [None, 250], name="returns")
        omega = tf.nn.softplus(v1.get_variable("omega_raw", [], initializer=v1.constant_initializer(-9.0)))
        alpha = 0.3 * tf.sigmoid(v1.get_variable("alpha_raw", [], initializer=v1.constant_initializer(-1.0)))
        beta = (1.0 - alpha) * tf.sigmoid(v1.get_variable("beta_raw", [], initializer=v1.constant_initializer(3.0)))
        var0 = tf.math.reduce_variance(r, axis=1) + 1e-8
        rt = tf.transpose(r)
        var_t = tf.scan(lambda v, x: omega + alpha * tf.square(x) + beta * v, rt[:-1], initializer=var0)
        var_all = tf.transpose(tf.concat([var0[None], var_t], 0))
        ll = -0.5 * tf.reduce_sum(np.log(2 * np.pi) + tf.math.log(var_all) + tf.square(r) / var_all, 1)
        nxt = tf.sqrt(omega + alpha * tf.square(r[:, -1]) + beta * var_all[:, -1])
        z = tf.math.ndtri(tf.constant(0.01))
        es = nxt * tf.exp(-0.5 * z * z) / np.sqrt(2 * np.pi) / 0.01
        return {"serving_default": ({"returns": r}, {"conditional_vol": tf.sqrt(var_all), "var_99": -z * nxt,
                                                     "expected_shortfall": es, "log_likelihood": ll})}
    _v1_saved_model(out, build)


FEEDS["s41_tf1_garch_var_scan_savedmodel"] = lambda rng: {"returns": rng.standard_t(5, (2, 250)) * 0.01}


# ================================================================================ signal processing, complex, int codes

@model("s41_speech_enhance_stft_mask_istft", "tf-module", "single-microphone speech enhancer, tf.Module fixed batch 1: waveform float [1,16000]; tf.signal.stft (512 / hop 128, hann_window, pad_end) complex64, tf.abs magnitude and tf.math.angle phase, log-magnitude into a Keras mask net (Dense 128 relu, Dense 257 sigmoid per frame), polar re-synthesis with tf.complex(m cos phase, m sin phase), tf.signal.inverse_stft with inverse_stft_window_fn; outputs enhanced [1,16000], mask")
def b_enhance(out):
    net = keras.Sequential([keras.Input((None, 257)), L.Dense(128, activation="relu"), L.Dense(257, activation="sigmoid")])

    @tf.function(input_signature=[tensor_spec([1, 16000], name="waveform")])
    def serve(waveform):
        spec = tf.signal.stft(waveform, 512, 128, window_fn=tf.signal.hann_window, pad_end=True)
        mag, phase = tf.abs(spec), tf.math.angle(spec)
        mask = net(tf.math.log(mag + 1e-6), training=False)
        m = mag * mask
        enh = tf.complex(m * tf.cos(phase), m * tf.sin(phase))
        wav = tf.signal.inverse_stft(enh, 512, 128, window_fn=tf.signal.inverse_stft_window_fn(128))
        return {"enhanced": wav[:, :16000], "mask": mask}
    _save(out, {"model": net}, serving_default=serve)


@model("s41_mfcc_keyword_spotting_batch1_keras", "keras-export", "keyword-spotting model with the MFCC front-end inside, Keras 3 functional exported with a batch-1 signature: audio float [1,16000]; Lambda tf.signal.stft (480 / hop 160, fft 512, hann), tf.abs, tf.signal.linear_to_mel_weight_matrix (40 bins, 20-4000 Hz) matmul, log, tf.signal.mfccs_from_log_mel_spectrograms first 13; Conv2D 16 / 32 + MaxPooling2D, GlobalAveragePooling2D, Dense(12, softmax)")
def b_kws(out):
    def mfcc(audio):
        spec = tf.abs(tf.signal.stft(audio, 480, 160, fft_length=512, window_fn=tf.signal.hann_window))
        w = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 4000.0)
        m = tf.signal.mfccs_from_log_mel_spectrograms(tf.math.log(tf.matmul(spec, w) + 1e-6))[..., :13]
        return m[..., None]
    inp = keras.Input((16000,), batch_size=1, name="audio")
    x = L.Lambda(mfcc, output_shape=(98, 13, 1), name="mfcc")(inp)
    x = L.MaxPooling2D()(L.Conv2D(16, 3, padding="same", activation="relu")(x))
    x = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    _export(keras.Model(inp, L.Dense(12, activation="softmax", name="keyword")(L.GlobalAveragePooling2D()(x))), out,
            fixed_batch=True)


@model("s41_tf1_dct_transform_codec_frozen", "frozen-pb", "sensor-waveform transform codec in TF1 graph mode, frozen with graph_util.convert_variables_to_constants: placeholder signal float [1,8192]; tf.signal.frame 256 / hop 128, sqrt periodic hann window, tf.signal.dct type 2 ortho, get_variable per-coefficient quantizer steps (softplus), tf.round quantization to int32 codes, dequantize, tf.signal.idct, window, tf.signal.overlap_and_add, hamming-windowed SNR; outputs reconstruction [1,8192], codes int32 [1,63,256], snr_db")
def b_dct(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 8192], name="signal")
        win = tf.sqrt(tf.signal.hann_window(256, periodic=True))
        frames = tf.signal.frame(x, 256, 128) * win
        coef = tf.signal.dct(frames, type=2, norm="ortho")
        step = tf.nn.softplus(v1.get_variable("quant_step_raw", [256], initializer=v1.constant_initializer(-4.0))) + 1e-4
        codes = tf.cast(tf.round(coef / step), tf.int32, name="codes")
        rec = tf.signal.overlap_and_add(tf.signal.idct(tf.cast(codes, tf.float32) * step, type=2, norm="ortho") * win, 128)
        rec = tf.identity(rec, name="reconstruction")
        hw = tf.signal.hamming_window(8192)
        err = tf.reduce_sum(tf.square((x - rec) * hw)) + 1e-12
        snr = tf.identity(10.0 * tf.math.log(tf.reduce_sum(tf.square(x * hw)) / err) / np.log(10.0), name="snr_db")
        return [rec, codes, snr]
    _v1_freeze(out, build)


OUTPUTS["s41_tf1_dct_transform_codec_frozen"] = ["reconstruction", "codes", "snr_db"]


@model("s41_vibration_rfft_bandpass_frozen", "frozen-pb", "rotating-machinery vibration monitor frozen with convert_variables_to_constants_v2: accel float [None,2048] at 10 kHz; tf.signal.hann_window, tf.signal.rfft, power from tf.math.real / tf.math.imag, 8 log band energies by matmul with constant band masks, spectral centroid, band-pass by multiplying the spectrum with tf.complex(mask, 0) and tf.signal.irfft, envelope kurtosis via tf.nn.moments, raw-variable MLP -> fault probability; outputs band_energy_db [None,8], centroid_hz, envelope_kurtosis, fault_probability")
def b_vibration(out):
    freqs = np.fft.rfftfreq(2048, 1e-4).astype("float32")
    edges = np.geomspace(20, 5000, 9)
    bands = np.stack([(freqs >= lo) & (freqs < hi) for lo, hi in zip(edges[:-1], edges[1:])], 1).astype("float32")
    bp = ((freqs >= 1000) & (freqs < 4000)).astype("float32")
    mlp = _params([10, 16, 1], 42, name="fault")

    def fn(accel):
        spec = tf.signal.rfft(accel * tf.signal.hann_window(2048))
        power = tf.square(tf.math.real(spec)) + tf.square(tf.math.imag(spec))
        band_db = 10.0 * tf.math.log(tf.matmul(power, bands) + 1e-10) / np.log(10.0).astype("float32")
        centroid = tf.reduce_sum(power * freqs, -1) / (tf.reduce_sum(power, -1) + 1e-10)
        filt = tf.signal.irfft(spec * tf.complex(tf.constant(bp), tf.zeros_like(bp)), fft_length=[2048])
        env = tf.abs(filt)
        mean, var = tf.nn.moments(env, axes=[1])
        kurt = tf.reduce_mean(tf.pow(env - mean[:, None], 4), 1) / (tf.square(var) + 1e-12)
        feats = tf.concat([band_db / 10.0, centroid[:, None] / 1000.0, kurt[:, None] / 10.0], -1)
        return (tf.identity(band_db, name="band_energy_db"), tf.identity(centroid, name="centroid_hz"),
                tf.identity(kurt, name="envelope_kurtosis"), tf.identity(tf.sigmoid(_mlp(mlp, feats))[:, 0], name="fault_probability"))
    _freeze(fn, [tensor_spec([None, 2048], name="accel")], out)


OUTPUTS["s41_vibration_rfft_bandpass_frozen"] = ["band_energy_db", "centroid_hz", "envelope_kurtosis", "fault_probability"]


@model("s41_radar_range_doppler_fft2d_gesture", "tf-module", "60 GHz radar gesture recognizer, tf.Module: two receive channels as I/Q floats rx1_i, rx1_q, rx2_i, rx2_q [None,64,32] (chirps x samples); tf.complex, hann x hamming windows, tf.signal.fft2d range-Doppler maps, tf.signal.fftshift on the Doppler axis, magnitude dB from tf.abs, angle-of-arrival phase tf.math.angle(rd1 * tf.math.conj(rd2)), CA-CFAR-style detections vs tf.nn.avg_pool2d, Keras CNN (Conv2D 16 / 32, GlobalAveragePooling2D, Dense 4 softmax) on [dB, cos, sin]; outputs gesture probabilities, range_doppler_db [None,64,32], aoa_phase, detections bool")
def b_radar(out):
    cnn = keras.Sequential([keras.Input((64, 32, 3)), L.Conv2D(16, 3, padding="same", activation="relu"), L.MaxPooling2D(),
                            L.Conv2D(32, 3, padding="same", activation="relu"), L.GlobalAveragePooling2D(),
                            L.Dense(4, activation="softmax")])
    win = (np.hanning(64)[:, None] * np.hamming(32)[None]).astype("float32")
    specs = [tensor_spec([None, 64, 32], name=n) for n in ("rx1_i", "rx1_q", "rx2_i", "rx2_q")]

    @tf.function(input_signature=specs)
    def serve(rx1_i, rx1_q, rx2_i, rx2_q):
        w = tf.complex(tf.constant(win), tf.zeros_like(win))
        rd1 = tf.signal.fftshift(tf.signal.fft2d(tf.complex(rx1_i, rx1_q) * w), axes=1)
        rd2 = tf.signal.fftshift(tf.signal.fft2d(tf.complex(rx2_i, rx2_q) * w), axes=1)
        db = 20.0 * tf.math.log(tf.abs(rd1) + 1e-6) / np.log(10.0).astype("float32")
        phase = tf.math.angle(rd1 * tf.math.conj(rd2))
        noise = tf.nn.avg_pool2d(db[..., None], 5, 1, "SAME")[..., 0]
        probs = cnn(tf.stack([db / 40.0, tf.cos(phase), tf.sin(phase)], -1), training=False)
        return {"gesture": probs, "range_doppler_db": db, "aoa_phase": phase, "detections": db > noise + 12.0}
    _save(out, {"model": cnn}, serving_default=serve)


@model("s41_mvdr_beamformer_complex64_batch1", "tf-module", "4-microphone MVDR beamformer for a smart speaker, tf.Module fixed batch 1: multichannel float [1,4,8000]; per-channel tf.signal.stft (256 / hop 128) complex64, spatial covariance per frequency by tf.einsum with tf.math.conj plus diagonal loading, steering vectors (complex64 constant, 5 cm linear array, 30 degrees), tf.linalg.solve on complex64, MVDR weights w = R^-1 d / (d^H R^-1 d) with tf.matmul(adjoint_a=True), beam output einsum with conj(w), tf.signal.inverse_stft; outputs enhanced [1,N], weights_real / weights_imag [129,4] (tf.math.real / imag), beam_power [129]")
def b_mvdr(out):
    f = np.fft.rfftfreq(256, 1 / 16000.0)
    delays = np.arange(4) * 0.05 * np.sin(np.deg2rad(30.0)) / 343.0
    steer = np.exp(-2j * np.pi * f[:, None] * delays[None]).astype("complex64")
    loading = tf.Variable(np.float32(1e-3), name="diagonal_loading")

    @tf.function(input_signature=[tensor_spec([1, 4, 8000], name="multichannel")])
    def serve(multichannel):
        X = tf.signal.stft(multichannel[0], 256, 128, window_fn=tf.signal.hann_window)       # [4,T,129]
        X = tf.transpose(X, [2, 1, 0])                                                       # [129,T,4]
        T = tf.cast(tf.shape(X)[1], tf.complex64)
        R = tf.einsum("ftm,ftn->fmn", X, tf.math.conj(X)) / T
        R = R + tf.complex(loading, 0.0) * tf.eye(4, dtype=tf.complex64)
        d = tf.constant(steer)[..., None]                                                    # [129,4,1]
        Rd = tf.linalg.solve(R, d)
        w = Rd / tf.matmul(d, Rd, adjoint_a=True)
        Y = tf.einsum("fm,ftm->tf", tf.math.conj(w[..., 0]), X)
        y = tf.signal.inverse_stft(Y[None], 256, 128, window_fn=tf.signal.inverse_stft_window_fn(128))
        return {"enhanced": y, "weights_real": tf.math.real(w[..., 0]), "weights_imag": tf.math.imag(w[..., 0]),
                "beam_power": tf.reduce_mean(tf.square(tf.abs(Y)), 0)}
    _save(out, {"loading": loading}, serving_default=serve)


FEEDS["s41_mvdr_beamformer_complex64_batch1"] = lambda rng: {"multichannel": rng.normal(0, 0.1, (1, 4, 8000))}


@model("s41_int16_pcm_vad_agc_saturate_cast", "tf-module", "voice front-end for a headset DSP, tf.Module fixed batch 1: pcm int16 [1,4000]; cast to float, tf.signal.frame 160 energy in dB, VAD flags by a learned threshold, raw-variable MLP gain per frame, per-sample gain by tf.repeat, tf.dtypes.saturate_cast back to int16 (clipping), VAD flags packed 8 per byte into uint8 with tf.bitwise.left_shift / bitwise_or; outputs pcm_out int16 [1,4000], vad bool [1,25], vad_bits uint8 [1,4], frame_energy_db")
def b_agc(out):
    mlp = _params([3, 8, 1], 45, name="agc")
    thresh = tf.Variable(np.float32(-45.0), name="vad_threshold_db")

    @tf.function(input_signature=[tensor_spec([1, 4000], "int16", "pcm")])
    def serve(pcm):
        x = tf.cast(pcm, tf.float32) / 32768.0
        frames = tf.signal.frame(x, 160, 160)                                 # [1,25,160]
        e_db = 10.0 * tf.math.log(tf.reduce_mean(tf.square(frames), -1) + 1e-10) / np.log(10.0).astype("float32")
        vad = e_db > thresh
        feats = tf.stack([e_db / 50.0, tf.cast(vad, tf.float32), tf.reduce_max(tf.abs(frames), -1)], -1)
        gain = 1.0 + 3.0 * tf.sigmoid(_mlp(mlp, feats)[..., 0])              # [1,25]
        y = x * tf.repeat(gain, 160, axis=1) * 32768.0
        pcm_out = tf.dtypes.saturate_cast(tf.round(y), tf.int16)
        bits = tf.reshape(tf.pad(tf.cast(vad, tf.uint8), [[0, 0], [0, 7]]), [1, 4, 8])
        packed = tf.zeros([1, 4], tf.uint8)
        for k in range(8):
            packed = tf.bitwise.bitwise_or(packed, tf.bitwise.left_shift(bits[..., k], tf.constant(k, tf.uint8)))
        return {"pcm_out": pcm_out, "vad": vad, "vad_bits": packed, "frame_energy_db": e_db}
    _save(out, {"params": [mlp, thresh]}, serving_default=serve)


FEEDS["s41_int16_pcm_vad_agc_saturate_cast"] = lambda rng: {
    "pcm": (rng.normal(0, 1, (1, 4000)) * np.repeat(rng.choice([30.0, 8000.0], 25), 160)[None]).clip(-32768, 32767)}


@model("s41_uint8_imu_packet_bitcast_frozen", "frozen-pb", "wearable fall detector parsing raw BLE IMU packets, frozen with convert_variables_to_constants_v2: packets uint8 [None,24] (12 little-endian int16 words) reshaped [None,12,2] and tf.bitcast to int16; accel / gyro / mag scaling, MPU-style temperature, status flags by tf.bitwise.right_shift + bitwise_and on the status word, uint8 XOR checksum with tf.bitwise.bitwise_xor, int8 quantized accel by tf.dtypes.saturate_cast, int16 sequence counter; raw-variable MLP -> fall probability; outputs fall_probability, flags int16 [None,4], accel_g, temperature_c, checksum uint8, accel_q int8, counter int16")
def b_packet(out):
    mlp = _params([10, 16, 1], 46, name="fall")

    def fn(packets):
        words = tf.bitcast(tf.reshape(packets, [-1, 12, 2]), tf.int16)          # [B,12]
        wf = tf.cast(words, tf.float32)
        accel = wf[:, 0:3] * (16.0 / 32768.0)
        gyro = wf[:, 3:6] * (2000.0 / 32768.0)
        mag = wf[:, 6:9] * 0.15
        temp = wf[:, 9] / 340.0 + 36.53
        status = words[:, 10]
        flags = tf.stack([tf.bitwise.bitwise_and(tf.bitwise.right_shift(status, tf.constant(k, tf.int16)),
                                                 tf.constant(1, tf.int16)) for k in range(4)], 1)
        csum = packets[:, 0]
        for k in range(1, 22):
            csum = tf.bitwise.bitwise_xor(csum, packets[:, k])
        accel_q = tf.dtypes.saturate_cast(tf.round(accel * 64.0), tf.int8)
        feats = tf.concat([accel, gyro / 100.0, tf.norm(mag, axis=-1, keepdims=True) / 50.0, tf.norm(accel, axis=-1, keepdims=True),
                           tf.norm(gyro, axis=-1, keepdims=True) / 100.0, tf.cast(flags[:, :1], tf.float32)], -1)
        return (tf.identity(tf.sigmoid(_mlp(mlp, feats))[:, 0], name="fall_probability"), tf.identity(flags, name="flags"),
                tf.identity(accel, name="accel_g"), tf.identity(temp, name="temperature_c"),
                tf.identity(csum, name="checksum"), tf.identity(accel_q, name="accel_q"), tf.identity(words[:, 11], name="counter"))
    _freeze(fn, [tensor_spec([None, 24], "uint8", "packets")], out)


OUTPUTS["s41_uint8_imu_packet_bitcast_frozen"] = ["fall_probability", "flags", "accel_g", "temperature_c", "checksum",
                                                  "accel_q", "counter"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
