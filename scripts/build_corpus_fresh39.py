"""Build an independently made corpus into bench/out/fresh39/: TensorFlow 2 programs whose graph structure comes from
Python control flow and tf.function mechanics, the way ML engineers write custom serving logic. Conditionals on inputs,
on shapes and on constants (tf.cond -> If / StatelessIf, tf.case, tf.switch_case -> Case, nested conds returning
tuples); loops (tf.while_loop and AutoGraph `for i in tf.range(n)` / `while` with fixed and data-dependent trip counts,
maximum_iterations set or not, TensorArrays of fixed and dynamic size, shape_invariants for growing tensors, nested
loops, conds inside loops, early exit with `break`); tf.map_fn / tf.vectorized_map / tf.scan / tf.foldl / tf.foldr over
batch or time; tf.function mechanics (nested helper tf.functions with and without input_signature reused several
times, a polymorphic function saved with three concrete signatures, jit_compile=True helpers and signatures,
reduce_retracing=True with experimental_autograph_options, experimental_implements annotations, tf.custom_gradient,
tf.recompute_grad, tf.stop_gradient, tf.guarantee_const, tf.identity_n, tf.nest dict / namedtuple structures);
tf.py_function / tf.numpy_function left in a serving path; tf.print and tf.debugging.assert_* inside loops;
tf.Variable state updated inside serving (a counter and running mean, a KV cache written inside a loop, a
tf.random.Generator) next to pure signatures; tf.lookup inside a loop; stateless vs stateful random sampling. The
application logic is what serving code carries: a beam search, greedy decoders, iterative refinement, Euler / RK4 ODE
solvers, k-means and mean-shift loops, Newton and fixed-point (DEQ) iterations, an adaptive-computation-time halting
loop, Monte-Carlo sampling, power iteration, NMS written by hand in a while loop, nucleus filtering, mixed with Keras 3
layers. Exported as tf.saved_model.save of tf.Modules with explicit signatures (several on some), Keras 3 model.export
of models whose call has such control flow (keras.ops.while_loop / scan / fori_loop / cond / switch, tf.cond, a nested
tf.function for AutoGraph loops), keras.export.ExportArchive, and TF2 functions frozen with
convert_variables_to_constants_v2 (lowered control flow, and lower_control_flow=False keeping functional While / If /
Case ops). Mostly float32 at batch 1 or None batch, int32 step counts / modes. Seeded random weights; nothing is
downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh39.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh39.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh39.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh39.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh39.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. Models holding a
tf.py_function / tf.numpy_function can only run where the Python callback exists: --check registers this script's
callback under the tokens found in the saved graph before running them (as a user's serving process must).
"""

import collections
import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh39", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need real values (step counts in range, ids, valid boxes): model -> {input name (or "signature/input"):
# value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is built;
# anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}
# Models calling a Python callback: model -> the module-level function their py_function / numpy_function nodes call.
PYFUNCS = {}


# ================================================================================ shared pieces

def _name(out):
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_name(out)), sig)


def _specs(f):
    """the TensorSpecs of a tf.function with an input_signature, or of a concrete function"""
    if getattr(f, "input_signature", None) is not None:
        return list(f.input_signature)
    args, kwargs = f.structured_input_signature
    return list(args) + list(kwargs.values())


def _run(out, f, sig=""):
    specs = _specs(f)
    vals = _feed(out, specs, sig)
    return f(*[vals[s.name] for s in specs])


def _save(out, objs, **sigs):
    """run every signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        _run(out, f, k)
    serve_module(out, objs, **sigs)


def _save_module(out, mod, sigs):
    """run every signature of the tf.Module `mod` once, then tf.saved_model.save(mod, signatures=sigs)"""
    for k, f in sigs.items():
        _run(out, f, k)
    tf.saved_model.save(mod, str(out), signatures=sigs)


def _export(m, out, sig=None):
    """run the Keras model once (inference) on the --check inputs, then model.export"""
    specs = sig or [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=sig)


def _freeze(fn, specs, out, lower=True):
    """run fn once as a tf.function, then freeze it with convert_variables_to_constants_v2 (the driver's helper, which
    lowers control flow to Switch / Merge / Enter / Exit; or the same TF call with lower_control_flow=False, which keeps
    the functional While / If / Case ops and their function library)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    if lower:
        freeze_function(fn, specs, out)
        return
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    concrete = tf.function(fn).get_concrete_function(*specs)
    frozen = convert_variables_to_constants_v2(concrete, lower_control_flow=False)
    out.write_bytes(frozen.graph.as_graph_def().SerializeToString())


def _params(sizes, seed, name="mlp", scale=1.0):
    """an MLP kept as a list of (weight, bias) tf.Variables, glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable((scale * rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b))).astype("float32"), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, "float32"), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, act=None, out_act=None):
    act = act or tf.nn.relu
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = act(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


def _kmlp(shape, sizes, act="relu", out_act=None, name=None):
    """Keras Sequential MLP on inputs of `shape`"""
    layers = [keras.Input(shape)] + [L.Dense(s, activation=act) for s in sizes[:-1]] + [L.Dense(sizes[-1], activation=out_act)]
    return keras.Sequential(layers, name=name)


def _rk4_step(f, t, y, dt):
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + f(t + dt, y + dt * k3))


def _boxes(rng, n):
    """n valid normalized boxes [y1, x1, y2, x2]"""
    c, s = rng.random((n, 2)) * 0.8 + 0.1, rng.random((n, 2)) * 0.3 + 0.05
    return np.clip(np.concatenate([c - s / 2, c + s / 2], 1), 0.0, 1.0)


# ================================================================================ conditionals

@model("s39_cond_input_threshold_two_experts", "tf-module", "tf.Module signature features float [1,16], threshold float []: tf.cond(mean |x| > threshold) choosing a large Keras expert (Dense 64/64/4) or a small one (Dense 16/4), both called inside the branches; outputs logits and the bool predicate")
def b_cond_threshold(out):
    big = _kmlp((16,), [64, 64, 4], name="expert_big")
    small = _kmlp((16,), [16, 4], name="expert_small")

    @tf.function(input_signature=[tensor_spec([1, 16], name="features"), tensor_spec([], name="threshold")])
    def serve(features, threshold):
        use_big = tf.reduce_mean(tf.abs(features)) > threshold
        logits = tf.cond(use_big, lambda: big(features, training=False), lambda: small(features, training=False))
        return {"logits": logits, "used_big_expert": use_big}
    _save(out, {"big": big, "small": small}, serving_default=serve)


FEEDS["s39_cond_input_threshold_two_experts"] = {"threshold": 0.5}


@model("s39_cond_dynamic_batch_map_fn_fallback", "tf-module", "tf.Module signature features float [None,32]: tf.cond on tf.shape(x)[0] >= 4 between one batched call of a Keras MLP (Dense 64 relu, Dense 8) and a per-row tf.map_fn path (fn_output_signature [8]) calling the same MLP on x[None]; outputs logits and batch_size int32")
def b_cond_batch(out):
    net = _kmlp((32,), [64, 8])

    @tf.function(input_signature=[tensor_spec([None, 32], name="features")])
    def serve(features):
        n = tf.shape(features)[0]
        logits = tf.cond(n >= 4, lambda: net(features, training=False),
                         lambda: tf.map_fn(lambda r: net(r[None], training=False)[0], features,
                                           fn_output_signature=tf.TensorSpec([8], tf.float32)))
        return {"logits": logits, "batch_size": n}
    _save(out, {"net": net}, serving_default=serve)


@model("s39_cond_on_image_size_resize_or_pad", "tf-module", "tf.Module signature image float [1,None,None,3] (any size): tf.cond on max(tf.shape height, width) > 64 choosing tf.image.resize to 64x64 or tf.image.pad_to_bounding_box to 64x64; Keras CNN (Conv2D 16/32 stride 2, GlobalAveragePooling2D, Dense 6) -> probabilities; also returns the int32 input size")
def b_cond_size(out):
    inp = keras.Input((64, 64, 3))
    x = L.Conv2D(32, 3, strides=2, activation="relu")(L.Conv2D(16, 3, strides=2, activation="relu")(inp))
    net = keras.Model(inp, L.Dense(6, activation="softmax")(L.GlobalAveragePooling2D()(x)))

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="image")])
    def serve(image):
        hw = tf.shape(image)[1:3]
        fixed = tf.cond(tf.reduce_max(hw) > 64, lambda: tf.image.resize(image, [64, 64]),
                        lambda: tf.image.pad_to_bounding_box(image, 0, 0, 64, 64))
        return {"probabilities": net(fixed, training=False), "input_size": hw}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s39_cond_on_image_size_resize_or_pad"] = lambda rng: {"image": rng.random((1, 48, 80, 3))}


@model("s39_cond_constant_tta_flag_frozen", "frozen-pb", "image classifier with test-time augmentation behind a config flag, frozen with convert_variables_to_constants_v2 (control flow lowered): image float [1,32,32,3]; tf.cond on a tf.constant(True) use_tta predicate between the mean of the Keras CNN (Conv2D 16/32 + MaxPooling2D, GlobalAveragePooling2D, Dense 5) on the image and on tf.image.flip_left_right(image), and a single pass; softmax 'probabilities'")
def b_cond_const(out):
    inp = keras.Input((32, 32, 3))
    x = inp
    for f in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(5)(L.GlobalAveragePooling2D()(x)))

    def fn(image):
        use_tta = tf.constant(True, name="use_tta")
        logits = tf.cond(use_tta, lambda: 0.5 * (net(image, training=False) + net(tf.image.flip_left_right(image), training=False)),
                         lambda: net(image, training=False))
        return tf.nn.softmax(logits, name="probabilities")
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["s39_cond_constant_tta_flag_frozen"] = ["probabilities"]


@model("s39_case_step_schedule_three_ranges", "tf-module", "tf.Module signature features float [None,8], step int32 []: tf.case with two predicates (step < 100 warmup ramp, step < 1000 constant) and a default rsqrt decay, exclusive=False, gives a temperature scaling the Keras MLP (Dense 32 relu, Dense 1) logit before sigmoid; outputs probability and temperature")
def b_case(out):
    net = _kmlp((8,), [32, 1])

    @tf.function(input_signature=[tensor_spec([None, 8], name="features"), tensor_spec([], "int32", "step")])
    def serve(features, step):
        s = tf.cast(step, tf.float32)
        temperature = tf.case([(step < 100, lambda: 0.5 + 4.5 * (1.0 - s / 100.0)), (step < 1000, lambda: tf.constant(0.5))],
                              default=lambda: 0.5 * tf.math.rsqrt(s / 1000.0), exclusive=False)
        return {"probability": tf.sigmoid(net(features, training=False) / temperature), "temperature": temperature}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s39_case_step_schedule_three_ranges"] = {"step": (0, 3000)}


@model("s39_switch_case_task_heads_shared_backbone", "tf-module", "multi-task tf.Module signature features float [None,24], task int32 []: shared Keras backbone (Dense 64/32 relu), tf.switch_case(task) over three Keras heads (Dense 16 relu, Dense 4) with a default branch of zeros; outputs logits [None,4]")
def b_switch(out):
    backbone = _kmlp((24,), [64, 32], out_act="relu")
    heads = [_kmlp((32,), [16, 4], name=f"head{i}") for i in range(3)]

    @tf.function(input_signature=[tensor_spec([None, 24], name="features"), tensor_spec([], "int32", "task")])
    def serve(features, task):
        h = backbone(features, training=False)
        logits = tf.switch_case(task, [lambda i=i: heads[i](h, training=False) for i in range(3)],
                                default=lambda: tf.zeros([tf.shape(h)[0], 4]))
        return {"logits": logits}
    _save(out, {"backbone": backbone, "heads": heads}, serving_default=serve)


FEEDS["s39_switch_case_task_heads_shared_backbone"] = {"task": (0, 3)}


@model("s39_switch_case_activation_frozen_unlowered", "frozen-pb", "configurable MLP frozen with convert_variables_to_constants_v2(lower_control_flow=False): features float [1,10], mode int32 []; raw-variable Dense 10->32, tf.cond input-range guard (max |x| > 10 -> scale by 0.1) kept as a functional StatelessIf, tf.switch_case(mode) over relu / gelu / (tanh * learned scale) branches, which the flag does not cover, so that Case is still lowered to _SwitchN / Merge; Dense 32->3, softmax 'probabilities'")
def b_switch_frozen(out):
    p = _params([10, 32, 3], 6, name="mlp")
    scale = tf.Variable(np.full(32, 1.5, "float32"), name="tanh_scale")

    def fn(features, mode):
        h = tf.matmul(features, p[0][0]) + p[0][1]
        h = tf.cond(tf.reduce_max(tf.abs(features)) > 10.0, lambda: 0.1 * h, lambda: h)
        h = tf.switch_case(mode, [lambda: tf.nn.relu(h), lambda: tf.nn.gelu(h), lambda: tf.tanh(h) * scale])
        return tf.nn.softmax(tf.matmul(h, p[1][0]) + p[1][1], name="probabilities")
    _freeze(fn, [tensor_spec([1, 10], name="features"), tensor_spec([], "int32", "mode")], out, lower=False)


OUTPUTS["s39_switch_case_activation_frozen_unlowered"] = ["probabilities"]
FEEDS["s39_switch_case_activation_frozen_unlowered"] = {"mode": (0, 3)}


@model("s39_keras_subclass_cond_gated_block", "keras-export", "subclassed Keras 3 model exported with model.export (input_signature [None,32,32,3]): Conv2D stem, tf.cond in call on the mean squared activation > 0.05 running a residual block (Sequential Conv2D x2) or skipping it, GlobalAveragePooling2D, Dense(10)")
def b_gated(out):
    class GatedResidual(keras.Model):
        def __init__(self):
            super().__init__()
            self.stem = L.Conv2D(16, 3, padding="same", activation="relu")
            self.block = keras.Sequential([L.Conv2D(16, 3, padding="same", activation="relu"), L.Conv2D(16, 3, padding="same")])
            self.pool, self.head = L.GlobalAveragePooling2D(), L.Dense(10)

        def call(self, x):
            h = self.stem(x)
            energy = tf.reduce_mean(tf.square(h))
            h = tf.cond(energy > 0.05, lambda: tf.nn.relu(h + self.block(h)), lambda: h)
            return self.head(self.pool(h))
    m = GatedResidual()
    m(np.zeros((1, 32, 32, 3), "float32"))
    _export(m, out, sig=[tensor_spec([None, 32, 32, 3], name="image")])


@model("s39_nested_cond_calibration_tuple", "tf-module", "tf.Module signature features float [1,12], use_calibration bool []: Keras MLP logits; outer tf.cond on the bool input, its true branch holds an inner tf.cond on min confidence > 0.9 (temperature from a tf.Variable, or doubled); branches return (probabilities, path int32) tuples")
def b_nested_cond(out):
    net = _kmlp((12,), [32, 5])
    temp = tf.Variable(1.5, name="temperature")

    @tf.function(input_signature=[tensor_spec([1, 12], name="features"), tensor_spec([], "bool", "use_calibration")])
    def serve(features, use_calibration):
        logits = net(features, training=False)

        def calibrated():
            p = tf.nn.softmax(logits / temp)
            return tf.cond(tf.reduce_min(tf.reduce_max(p, -1)) > 0.9, lambda: (p, tf.constant(0)),
                           lambda: (tf.nn.softmax(logits / (2.0 * temp)), tf.constant(1)))
        probs, path = tf.cond(use_calibration, calibrated, lambda: (tf.nn.softmax(logits), tf.constant(2)))
        return {"probabilities": probs, "path": path}
    _save(out, {"net": net, "temperature": temp}, serving_default=serve)


FEEDS["s39_nested_cond_calibration_tuple"] = {"use_calibration": True}


# ================================================================================ loops

@model("s39_while_fixed_six_step_refinement", "tf-module", "iterative refinement tf.Module signature features float [None,16]: Keras encoder Dense 32, tf.while_loop with a constant trip count (i < 6, no maximum_iterations) adding 0.5 * Keras MLP(concat(h, x)) each step, Keras Dense(3) decoder; outputs prediction and state")
def b_while_fixed(out):
    enc, refine, dec = _kmlp((16,), [32]), _kmlp((48,), [64, 32], out_act="tanh"), _kmlp((32,), [3])

    @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
    def serve(features):
        h0 = enc(features, training=False)
        _, h = tf.while_loop(lambda i, h: i < 6,
                             lambda i, h: (i + 1, h + 0.5 * refine(tf.concat([h, features], -1), training=False)),
                             [tf.constant(0), h0])
        return {"prediction": dec(h, training=False), "state": h}
    _save(out, {"enc": enc, "refine": refine, "dec": dec}, serving_default=serve)


@model("s39_newton_inverse_sqrt_tolerance_loop", "tf-module", "Newton iteration for 1/sqrt(a) in a tf.while_loop with a data-dependent stop (max relative update > 1e-6) and maximum_iterations=30, values float [None,8]; sqrt and inverse sqrt fed to a Keras MLP scorer; outputs inv_sqrt, score and the int32 iteration count")
def b_newton(out):
    net = _kmlp((16,), [16, 1])

    @tf.function(input_signature=[tensor_spec([None, 8], name="values")])
    def serve(values):
        a = tf.maximum(values, 1e-3)

        def body(i, y, delta):
            y_new = y * (1.5 - 0.5 * a * y * y)
            return i + 1, y_new, tf.reduce_max(tf.abs(y_new - y) / y_new)
        n, y, _ = tf.while_loop(lambda i, y, d: d > 1e-6, body, [tf.constant(0), 2.0 / (1.0 + a), tf.constant(1.0)],
                                maximum_iterations=30)
        return {"inv_sqrt": y, "iterations": n, "score": net(tf.concat([a * y, y], -1), training=False)}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s39_newton_inverse_sqrt_tolerance_loop"] = lambda rng: {"values": rng.uniform(0.1, 10.0, (2, 8))}


@model("s39_autograph_for_range_euler_n_steps", "tf-module", "neural-ODE integrator tf.Module signature state float [1,4], n_steps int32 [], dt float []: AutoGraph `for _ in tf.range(n_steps)` (input-dependent trip count, a While op) of explicit Euler steps y += dt * Keras MLP(y) (Dense 32 tanh, Dense 4); outputs final_state and final_time")
def b_euler_ag(out):
    field = _kmlp((4,), [32, 4], act="tanh")

    @tf.function(input_signature=[tensor_spec([1, 4], name="state"), tensor_spec([], "int32", "n_steps"),
                                  tensor_spec([], name="dt")])
    def integrate(state, n_steps, dt):
        y, t = state, tf.constant(0.0)
        for _ in tf.range(n_steps):
            y = y + dt * field(y, training=False)
            t += dt
        return {"final_state": y, "final_time": t}
    _save(out, {"field": field}, serving_default=integrate)


FEEDS["s39_autograph_for_range_euler_n_steps"] = {"n_steps": (1, 30), "dt": 0.05}


@model("s39_autograph_while_break_greedy_eos", "tf-module", "greedy token decoder tf.Module signature context float [1,32], max_len int32 []: AutoGraph Python `while i < max_len` with `if tok == EOS: break` (converted to a While op), tf.gather of a token embedding tf.Variable, Keras GRUCell(32) + Dense(20) + argmax, dynamic-size TensorArray of tokens; outputs tokens int32 [None] and length")
def b_ag_break(out):
    V, H, EOS = 20, 32, 1
    emb = tf.Variable(np.random.default_rng(12).normal(0, 0.3, (V, H)).astype("float32"), name="token_embedding")
    cell, proj = L.GRUCell(H), L.Dense(V)
    o, _ = cell(np.zeros((1, H), "float32"), [np.zeros((1, H), "float32")])
    proj(o)

    @tf.function(input_signature=[tensor_spec([1, H], name="context"), tensor_spec([], "int32", "max_len")])
    def decode(context, max_len):
        h, tok = context, tf.constant([2])
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True, element_shape=[])
        i = tf.constant(0)
        while i < max_len:
            o, states = cell(tf.gather(emb, tok), [h])
            h = states[0]
            tok = tf.argmax(proj(o), -1, output_type=tf.int32)
            ta = ta.write(i, tok[0])
            i += 1
            if tok[0] == EOS:
                break
        return {"tokens": ta.stack(), "length": i}
    _save(out, {"emb": emb, "cell": cell, "proj": proj}, serving_default=decode)


FEEDS["s39_autograph_while_break_greedy_eos"] = {"max_len": (3, 12)}


@model("s39_rk4_while_loop_frozen_lowered", "frozen-pb", "neural-ODE trajectory frozen with convert_variables_to_constants_v2 (while loop lowered): initial_state float [1,3]; tf.while_loop of 20 classical RK4 steps (dt 0.05) of a raw-variable tanh MLP vector field, each state written to a TensorArray; outputs 'trajectory' [20,3] and 'final_state' [1,3]")
def b_rk4_frozen(out):
    p = _params([3, 32, 3], 13, name="field")

    def fn(initial_state):
        f = lambda t, y: _mlp(p, y, act=tf.tanh)  # noqa: E731

        def body(i, y, ta):
            y = _rk4_step(f, tf.cast(i, tf.float32) * 0.05, y, 0.05)
            return i + 1, y, ta.write(i, y[0])
        _, y, ta = tf.while_loop(lambda i, *_: i < 20, body, [tf.constant(0), initial_state, tf.TensorArray(tf.float32, 20)])
        return tf.identity(ta.stack(), name="trajectory"), tf.identity(y, name="final_state")
    _freeze(fn, [tensor_spec([1, 3], name="initial_state")], out)


OUTPUTS["s39_rk4_while_loop_frozen_lowered"] = ["trajectory", "final_state"]


@model("s39_euler_tensorarray_frozen_unlowered", "frozen-pb", "damped-oscillator surrogate frozen with convert_variables_to_constants_v2(lower_control_flow=False), keeping the While op: state float [1,2], forcing float [1,16]; tf.while_loop with maximum_iterations=16 of Euler steps using a Keras MLP (Dense 16 tanh, Dense 2) on concat(state, forcing[:, i]), TensorArray of positions; outputs 'positions' [16] and 'final_state'")
def b_euler_frozen(out):
    net = _kmlp((3,), [16, 2], act="tanh")

    def fn(state, forcing):
        def body(i, y, ta):
            y = y + 0.1 * net(tf.concat([y, forcing[:, i:i + 1]], -1), training=False)
            return i + 1, y, ta.write(i, y[0, 0])
        _, y, ta = tf.while_loop(lambda i, *_: i < 16, body, [tf.constant(0), state, tf.TensorArray(tf.float32, 16)],
                                 maximum_iterations=16)
        return tf.identity(ta.stack(), name="positions"), tf.identity(y, name="final_state")
    _freeze(fn, [tensor_spec([1, 2], name="state"), tensor_spec([1, 16], name="forcing")], out, lower=False)


OUTPUTS["s39_euler_tensorarray_frozen_unlowered"] = ["positions", "final_state"]


@model("s39_gru_greedy_decoder_dynamic_tensorarray", "tf-module", "seq2seq decoder tf.Module signature encoder_state float [1,32], start_token int32 [1], max_len int32 []: tf.while_loop with cond (i < max_len and not finished), Keras Embedding(30,16) + GRUCell(32) + Dense(30) + argmax, finished when EOS, dynamic_size TensorArray; outputs token_ids int32 [None] and decoded_length")
def b_gru_greedy(out):
    V, H, EOS = 30, 32, 1
    emb, cell, proj = L.Embedding(V, 16), L.GRUCell(H), L.Dense(V)
    o, _ = cell(emb(np.zeros((1,), "int32")), [np.zeros((1, H), "float32")])
    proj(o)

    @tf.function(input_signature=[tensor_spec([1, H], name="encoder_state"), tensor_spec([1], "int32", "start_token"),
                                  tensor_spec([], "int32", "max_len")])
    def decode(encoder_state, start_token, max_len):
        def body(i, tok, h, finished, ta):
            o, st = cell(emb(tok), [h])
            nxt = tf.argmax(proj(o), -1, output_type=tf.int32)
            return i + 1, nxt, st[0], tf.reduce_all(tf.equal(nxt, EOS)), ta.write(i, nxt[0])
        n, _, _, _, ta = tf.while_loop(lambda i, t, h, f, ta: tf.logical_and(i < max_len, tf.logical_not(f)), body,
                                       [tf.constant(0), start_token, encoder_state, tf.constant(False),
                                        tf.TensorArray(tf.int32, size=0, dynamic_size=True, element_shape=[])])
        return {"token_ids": ta.stack(), "decoded_length": n}
    _save(out, {"emb": emb, "cell": cell, "proj": proj}, serving_default=decode)


FEEDS["s39_gru_greedy_decoder_dynamic_tensorarray"] = {"start_token": (2, 30), "max_len": (4, 12)}


@model("s39_nested_while_power_iteration_deflation", "tf-module", "top-3 eigenvalues by power iteration with deflation, tf.Module signature matrices float [None,8,8]: A = M M^T, outer tf.while_loop over 3 eigenpairs (TensorArray of eigenvalues) holding an inner tf.while_loop of 25 power steps with a tf.cond (normalize only if min norm > 1e-9) inside; Keras Dense(16 relu)/Dense(1) scores the eigenvalues")
def b_power(out):
    head = _kmlp((3,), [16, 1])

    @tf.function(input_signature=[tensor_spec([None, 8, 8], name="matrices")])
    def serve(matrices):
        A0 = tf.matmul(matrices, matrices, transpose_b=True)
        b = tf.shape(A0)[0]

        def outer(k, A, vals):
            def inner(j, v):
                w = tf.matmul(A, v)
                n = tf.norm(w, axis=1, keepdims=True)
                return j + 1, tf.cond(tf.reduce_min(n) > 1e-9, lambda: w / n, lambda: w)
            _, v = tf.while_loop(lambda j, v: j < 25, inner, [tf.constant(0), tf.ones([b, 8, 1]) / np.sqrt(8.0)])
            lam = tf.reshape(tf.matmul(v, tf.matmul(A, v), transpose_a=True), [b])
            return k + 1, A - lam[:, None, None] * tf.matmul(v, v, transpose_b=True), vals.write(k, lam)
        _, _, vals = tf.while_loop(lambda k, *_: k < 3, outer, [tf.constant(0), A0, tf.TensorArray(tf.float32, 3)])
        eig = tf.transpose(vals.stack())
        return {"top_eigenvalues": eig, "score": head(eig, training=False)}
    _save(out, {"head": head}, serving_default=serve)


@model("s39_act_halting_loop_ponder_cost", "tf-module", "adaptive computation time (Graves) tf.Module signature features float [None,16]: tf.while_loop while any row's halting sum < 1-eps and n < 10 (data-dependent trip count), Keras Dense(32, tanh) cell on concat(h, x), Dense(1) sigmoid halting unit, tf.where bookkeeping of remainders and weighted state; Dense(4) on the weighted state; outputs logits, ponder_cost, steps")
def b_act(out):
    cell, halter, head = _kmlp((48,), [32], out_act="tanh"), _kmlp((32,), [1]), _kmlp((32,), [4])
    eps = 0.01

    @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
    def serve(features):
        b = tf.shape(features)[0]

        def body(n, h, halt, rem, acc, upd):
            h = cell(tf.concat([h, features], -1), training=False)
            p = tf.sigmoid(halter(h, training=False))[:, 0]
            running = halt < 1.0 - eps
            still = tf.logical_and(halt + p < 1.0 - eps, running)
            newly = tf.logical_and(tf.logical_not(still), running)
            w = tf.where(still, p, tf.where(newly, 1.0 - halt, 0.0))
            return (n + 1, h, tf.where(still, halt + p, tf.where(newly, 1.0, halt)), tf.where(newly, 1.0 - halt, rem),
                    acc + w[:, None] * h, upd + tf.cast(running, tf.float32))
        z = tf.zeros([b])
        n, _, _, rem, acc, upd = tf.while_loop(
            lambda n, h, halt, *_: tf.logical_and(n < 10, tf.reduce_any(halt < 1.0 - eps)), body,
            [tf.constant(0), tf.zeros([b, 32]), z, z, tf.zeros([b, 32]), z])
        return {"logits": head(acc, training=False), "ponder_cost": upd + rem, "steps": n}
    _save(out, {"cell": cell, "halter": halter, "head": head}, serving_default=serve)


@model("s39_kmeans_for_range_segment_sum", "tf-module", "k-means assignment loop tf.Module signature points float [None,2]: AutoGraph `for _ in tf.range(10)` from 4 constant initial centroids, squared distances, argmin assignment, tf.math.unsorted_segment_sum means with tf.where keeping empty clusters; Keras MLP anomaly score on concat(point, assigned centroid, distance); outputs centroids, assignments int32, anomaly_score")
def b_kmeans(out):
    net = _kmlp((5,), [16, 1])
    init = np.array([[0.25, 0.25], [0.25, 0.75], [0.75, 0.25], [0.75, 0.75]], "float32")

    @tf.function(input_signature=[tensor_spec([None, 2], name="points")])
    def cluster(points):
        c = tf.constant(init)
        assign = tf.zeros([tf.shape(points)[0]], tf.int32)
        for _ in tf.range(10):
            d = tf.reduce_sum(tf.square(points[:, None] - c[None]), -1)
            assign = tf.argmin(d, axis=1, output_type=tf.int32)
            sums = tf.math.unsorted_segment_sum(points, assign, 4)
            counts = tf.math.unsorted_segment_sum(tf.ones_like(points[:, :1]), assign, 4)
            c = tf.where(counts > 0, sums / tf.maximum(counts, 1.0), c)
        mine = tf.gather(c, assign)
        dist = tf.norm(points - mine, axis=-1, keepdims=True)
        return {"centroids": c, "assignments": assign,
                "anomaly_score": net(tf.concat([points, mine, dist], -1), training=False)}
    _save(out, {"net": net}, serving_default=cluster)


FEEDS["s39_kmeans_for_range_segment_sum"] = lambda rng: {"points": rng.random((40, 2))}


@model("s39_mean_shift_ops_while_layer", "keras-export", "Keras 3 functional model exported with model.export, points float [None,64,2]: custom MeanShift layer running keras.ops.while_loop (stop when max shift < 1e-4, maximum_iterations=20) of Gaussian-kernel weighted means (ops.exp, ops.einsum); Concatenate(points, modes), per-point Dense 16 relu / Dense 1 sigmoid; outputs modes and point_scores")
def b_meanshift(out):
    class MeanShift(L.Layer):
        def __init__(self, bandwidth=0.2, tol=1e-4, max_iter=20, **kw):
            super().__init__(**kw)
            self.bandwidth, self.tol, self.max_iter = bandwidth, tol, max_iter

        def call(self, points):
            def body(i, modes, shift):
                d2 = ops.sum(ops.square(modes[:, :, None] - points[:, None]), -1)
                w = ops.exp(-d2 / (2.0 * self.bandwidth ** 2))
                new = ops.einsum("bnm,bmc->bnc", w, points) / ops.sum(w, -1, keepdims=True)
                return i + 1, new, ops.max(ops.abs(new - modes))
            _, modes, _ = ops.while_loop(lambda i, m, s: s > self.tol, body,
                                         (ops.convert_to_tensor(0), points, ops.convert_to_tensor(1.0)),
                                         maximum_iterations=self.max_iter)
            return modes

        def compute_output_shape(self, s):
            return s
    inp = keras.Input((64, 2), name="points")
    modes = MeanShift(name="modes")(inp)
    h = L.Dense(16, activation="relu")(L.Concatenate()([inp, modes]))
    _export(keras.Model(inp, {"modes": modes, "point_scores": L.Dense(1, activation="sigmoid", name="point_scores")(h)}), out)


@model("s39_hand_nms_while_loop_tensorarray", "tf-module", "hand-written greedy NMS tf.Module signature boxes float [32,4], box_features float [32,8], iou_threshold float []: Keras MLP sigmoid scores, tf.while_loop (stop at 10 picks or max score <= 0.05) taking argmax, IoU against all boxes, tf.where suppression and tensor_scatter_nd_update of the pick, dynamic TensorArray of int32 indices; outputs selected_indices, selected_boxes, selected_scores, num_selected")
def b_nms(out):
    scorer = _kmlp((8,), [16, 1])

    @tf.function(input_signature=[tensor_spec([32, 4], name="boxes"), tensor_spec([32, 8], name="box_features"),
                                  tensor_spec([], name="iou_threshold")])
    def nms(boxes, box_features, iou_threshold):
        scores = tf.sigmoid(scorer(box_features, training=False)[:, 0])
        y1, x1, y2, x2 = tf.unstack(boxes, axis=-1)
        area = tf.maximum(y2 - y1, 0.0) * tf.maximum(x2 - x1, 0.0)

        def body(k, s, ta):
            i = tf.argmax(s, output_type=tf.int32)
            b = boxes[i]
            ih = tf.maximum(tf.minimum(y2, b[2]) - tf.maximum(y1, b[0]), 0.0)
            iw = tf.maximum(tf.minimum(x2, b[3]) - tf.maximum(x1, b[1]), 0.0)
            iou = ih * iw / tf.maximum(area + area[i] - ih * iw, 1e-9)
            s = tf.where(iou > iou_threshold, -1.0, s)
            return k + 1, tf.tensor_scatter_nd_update(s, [[i]], [-1.0]), ta.write(k, i)
        k, _, ta = tf.while_loop(lambda k, s, ta: tf.logical_and(k < 10, tf.reduce_max(s) > 0.05), body,
                                 [tf.constant(0), scores, tf.TensorArray(tf.int32, size=0, dynamic_size=True, element_shape=[])])
        idx = ta.stack()
        return {"selected_indices": idx, "selected_boxes": tf.gather(boxes, idx), "selected_scores": tf.gather(scores, idx),
                "num_selected": k}
    _save(out, {"scorer": scorer}, serving_default=nms)


FEEDS["s39_hand_nms_while_loop_tensorarray"] = lambda rng: {"boxes": _boxes(rng, 32), "iou_threshold": 0.5}


@model("s39_beam_search_gru_lm_shape_invariants", "tf-module", "beam search (beam 4, 5 steps) tf.Module signature prefix_token int32 [1], context float [1,32]: tf.while_loop with shape_invariants [4,None] for the growing sequences, Keras Embedding(40,16) + GRUCell(32) + Dense(40) log_softmax, top_k over the flattened beam x vocab scores, parent = idx // V and token = idx % V, tf.gather of sequences and states; outputs sequences int32 [4,6] and scores")
def b_beam(out):
    V, H, K, T = 40, 32, 4, 5
    emb, cell, proj = L.Embedding(V, 16), L.GRUCell(H), L.Dense(V)
    o, _ = cell(emb(np.zeros((K,), "int32")), [np.zeros((K, H), "float32")])
    proj(o)

    @tf.function(input_signature=[tensor_spec([1], "int32", "prefix_token"), tensor_spec([1, H], name="context")])
    def search(prefix_token, context):
        def body(t, seqs, h, scores):
            o, st = cell(emb(seqs[:, -1]), [h])
            total = tf.reshape(scores[:, None] + tf.nn.log_softmax(proj(o)), [-1])
            top, idx = tf.math.top_k(total, K)
            parent, tok = idx // V, idx % V
            return t + 1, tf.concat([tf.gather(seqs, parent), tok[:, None]], 1), tf.gather(st[0], parent), top
        _, seqs, _, scores = tf.while_loop(
            lambda t, *_: t < T, body,
            [tf.constant(0), tf.tile(prefix_token[None], [K, 1]), tf.tile(context, [K, 1]), tf.constant([0.0] + [-1e9] * (K - 1))],
            shape_invariants=[tf.TensorShape([]), tf.TensorShape([K, None]), tf.TensorShape([K, H]), tf.TensorShape([K])])
        return {"sequences": seqs, "scores": scores}
    _save(out, {"emb": emb, "cell": cell, "proj": proj}, serving_default=search)


FEEDS["s39_beam_search_gru_lm_shape_invariants"] = {"prefix_token": (2, 40)}


@model("s39_mc_dropout_stateful_random_n_samples", "tf-module", "Monte-Carlo dropout uncertainty tf.Module signature features float [None,20], n_samples int32 []: AutoGraph `for _ in tf.range(n_samples)` of Keras Dense(64 relu) -> tf.nn.dropout(rate 0.2, stateful RandomUniform) -> Dense(1), running sum and sum of squares; outputs mean and std")
def b_mc(out):
    d1, d2 = L.Dense(64, activation="relu"), L.Dense(1)
    d2(d1(np.zeros((1, 20), "float32")))

    @tf.function(input_signature=[tensor_spec([None, 20], name="features"), tensor_spec([], "int32", "n_samples")])
    def predict(features, n_samples):
        s = tf.zeros([tf.shape(features)[0], 1])
        s2 = tf.zeros_like(s)
        for _ in tf.range(n_samples):
            y = d2(tf.nn.dropout(d1(features), rate=0.2))
            s += y
            s2 += y * y
        n = tf.cast(n_samples, tf.float32)
        mean = s / n
        return {"mean": mean, "std": tf.sqrt(tf.maximum(s2 / n - mean * mean, 0.0))}
    _save(out, {"d1": d1, "d2": d2}, serving_default=predict)


FEEDS["s39_mc_dropout_stateful_random_n_samples"] = {"n_samples": (4, 16)}


@model("s39_stateless_sampling_fold_in_decoder", "tf-module", "VAE-style sampler tf.Module with two signatures: serving_default (seed int32 [2], num_samples int32 []) runs a tf.while_loop drawing tf.random.stateless_normal latents with tf.random.experimental.stateless_fold_in(seed, i) through a Keras decoder (Dense 32 relu, Dense 16 sigmoid) into a TensorArray -> samples, mean; decode (latent float [None,8]) is the pure decoder")
def b_stateless(out):
    dec = _kmlp((8,), [32, 16], out_act="sigmoid")

    @tf.function(input_signature=[tensor_spec([2], "int32", "seed"), tensor_spec([], "int32", "num_samples")])
    def sample(seed, num_samples):
        def body(i, ta):
            z = tf.random.stateless_normal([1, 8], seed=tf.random.experimental.stateless_fold_in(seed, i))
            return i + 1, ta.write(i, dec(z, training=False)[0])
        _, ta = tf.while_loop(lambda i, _: i < num_samples, body, [tf.constant(0), tf.TensorArray(tf.float32, size=num_samples)])
        x = ta.stack()
        return {"samples": x, "mean": tf.reduce_mean(x, 0)}

    @tf.function(input_signature=[tensor_spec([None, 8], name="latent")])
    def decode(latent):
        return {"reconstruction": dec(latent, training=False)}
    _save(out, {"dec": dec}, serving_default=sample, decode=decode)


FEEDS["s39_stateless_sampling_fold_in_decoder"] = {"seed": (0, 1000), "num_samples": (2, 8)}


@model("s39_random_generator_gumbel_sampling_state", "tf-module", "tf.Module with a tf.random.Generator.from_seed state variable: signature sample (features float [None,16], temperature float []) draws generator.uniform Gumbel noise (state advanced on every call) and returns sampled_class int32 from argmax(logits / T + g); serving_default (features) is the pure argmax of the Keras MLP logits")
def b_generator(out):
    net = _kmlp((16,), [32, 6])

    class Sampler(tf.Module):
        def __init__(self):
            super().__init__()
            self.net, self.gen = net, tf.random.Generator.from_seed(1234)

        @tf.function(input_signature=[tensor_spec([None, 16], name="features"), tensor_spec([], name="temperature")])
        def sample(self, features, temperature):
            logits = self.net(features, training=False)
            g = -tf.math.log(-tf.math.log(self.gen.uniform(tf.shape(logits), 1e-6, 1.0)))
            return {"sampled_class": tf.argmax(logits / temperature + g, -1, output_type=tf.int32), "logits": logits}

        @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
        def greedy(self, features):
            logits = self.net(features, training=False)
            return {"class_id": tf.argmax(logits, -1, output_type=tf.int32), "logits": logits}
    m = Sampler()
    _save_module(out, m, {"serving_default": m.greedy, "sample": m.sample})


FEEDS["s39_random_generator_gumbel_sampling_state"] = {"temperature": 1.0}


@model("s39_map_fn_nucleus_filter_per_row", "tf-module", "nucleus (top-p) filtering tf.Module signature hidden float [None,32], top_p float []: Keras Dense(64) logits, tf.map_fn per row (fn_output_signature [64]) of tf.argsort descending, softmax of tf.gather'd logits, exclusive cumsum < top_p mask, renormalize, tf.scatter_nd back to vocabulary order; outputs filtered_probs")
def b_nucleus(out):
    proj = _kmlp((32,), [64])

    @tf.function(input_signature=[tensor_spec([None, 32], name="hidden"), tensor_spec([], name="top_p")])
    def serve(hidden, top_p):
        def row(lg):
            order = tf.argsort(lg, direction="DESCENDING")
            p = tf.nn.softmax(tf.gather(lg, order))
            kept = tf.where(tf.math.cumsum(p, exclusive=True) < top_p, p, 0.0)
            return tf.scatter_nd(order[:, None], kept / tf.reduce_sum(kept), [64])
        probs = tf.map_fn(row, proj(hidden, training=False), fn_output_signature=tf.TensorSpec([64], tf.float32))
        return {"filtered_probs": probs}
    _save(out, {"proj": proj}, serving_default=serve)


FEEDS["s39_map_fn_nucleus_filter_per_row"] = {"top_p": 0.9}


@model("s39_vectorized_map_per_example_attention", "tf-module", "per-example attention pooling written for one example and batched with tf.vectorized_map, tf.Module signature tokens float [None,10,16]: q/k/v matmuls with tf.Variables, softmax(q k^T / 4), attention-weighted values, argmax of received attention + tf.gather of that token, concat with the mean; pfor vectorizes it into batched ops (no loop is left in the graph); Keras Dense(3) head")
def b_vmap(out):
    rng = np.random.default_rng(26)
    wq, wk, wv = (tf.Variable(rng.normal(0, 0.25, (16, 16)).astype("float32"), name=n) for n in ("wq", "wk", "wv"))
    head = _kmlp((32,), [3])

    @tf.function(input_signature=[tensor_spec([None, 10, 16], name="tokens")])
    def serve(tokens):
        q_w, k_w, v_w = tf.identity(wq), tf.identity(wk), tf.identity(wv)

        def one(x):
            a = tf.nn.softmax(tf.matmul(x @ q_w, x @ k_w, transpose_b=True) / 4.0)
            o = a @ (x @ v_w)
            best = tf.argmax(tf.reduce_sum(a, 0))
            return tf.concat([tf.reduce_mean(o, 0), tf.gather(o, best)], 0)
        pooled = tf.vectorized_map(one, tokens)
        return {"pooled": pooled, "logits": head(pooled, training=False)}
    _save(out, {"weights": [wq, wk, wv], "head": head}, serving_default=serve)


@model("s39_scan_elman_rnn_all_states", "tf-module", "hand-written Elman RNN tf.Module signature sequence float [None,20,6]: time-major transpose, tf.scan of tanh(x_t Wx + h Wh + b) from zeros [batch,32] returning every state, Keras Dense(2) per step on the transposed states; outputs per_step_logits [None,20,2] and last_state")
def b_scan(out):
    rng = np.random.default_rng(27)
    wx, wh = tf.Variable(rng.normal(0, 0.3, (6, 32)).astype("float32")), tf.Variable(rng.normal(0, 0.15, (32, 32)).astype("float32"))
    b = tf.Variable(np.zeros(32, "float32"))
    head = L.Dense(2)
    head(np.zeros((1, 20, 32), "float32"))

    @tf.function(input_signature=[tensor_spec([None, 20, 6], name="sequence")])
    def serve(sequence):
        xs = tf.transpose(sequence, [1, 0, 2])
        states = tf.scan(lambda h, x: tf.tanh(x @ wx + h @ wh + b), xs, initializer=tf.zeros([tf.shape(sequence)[0], 32]))
        hs = tf.transpose(states, [1, 0, 2])
        return {"per_step_logits": head(hs), "last_state": hs[:, -1]}
    _save(out, {"rnn": [wx, wh, b], "head": head}, serving_default=serve)


@model("s39_foldl_foldr_bidirectional_ema", "tf-module", "bidirectional exponential smoothing tf.Module signature series float [1,50,4], alpha float []: tf.foldl over the time-major series for the forward EMA and tf.foldr for the backward EMA, each with a [1,4] accumulator, concatenated with the last observation into a Keras MLP (Dense 16 relu, Dense 1) forecast")
def b_fold(out):
    net = _kmlp((12,), [16, 1])

    @tf.function(input_signature=[tensor_spec([1, 50, 4], name="series"), tensor_spec([], name="alpha")])
    def serve(series, alpha):
        xs = tf.transpose(series, [1, 0, 2])
        fwd = tf.foldl(lambda acc, x: alpha * x + (1.0 - alpha) * acc, xs, initializer=xs[0])
        bwd = tf.foldr(lambda acc, x: alpha * x + (1.0 - alpha) * acc, xs, initializer=xs[-1])
        return {"forward_ema": fwd, "backward_ema": bwd,
                "forecast": net(tf.concat([fwd, bwd, series[:, -1]], -1), training=False)}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s39_foldl_foldr_bidirectional_ema"] = {"alpha": 0.3}


@model("s39_keras_ops_scan_fori_layers", "keras-export", "Keras 3 functional model exported with model.export, sequence float [None,32,4]: Dense(16), custom LinearRecurrence layer (keras.ops.scan over time of sigmoid(a) * h + x with a learned add_weight decay), custom Smooth layer (keras.ops.fori_loop of 3 ops.roll neighbour-averaging passes), GlobalAveragePooling1D, Dense(3) softmax")
def b_kops(out):
    class LinearRecurrence(L.Layer):
        def build(self, input_shape):
            self.a = self.add_weight(shape=(input_shape[-1],), initializer=keras.initializers.Constant(2.0), name="decay_logit")

        def call(self, x):
            xs = ops.transpose(x, (1, 0, 2))

            def step(carry, xt):
                h = ops.sigmoid(self.a) * carry + xt
                return h, h
            _, ys = ops.scan(step, ops.zeros_like(xs[0]), xs)
            return ops.transpose(ys, (1, 0, 2))

    class Smooth(L.Layer):
        def call(self, x):
            return ops.fori_loop(0, 3, lambda i, h: 0.25 * ops.roll(h, 1, 1) + 0.5 * h + 0.25 * ops.roll(h, -1, 1), x)
    inp = keras.Input((32, 4), name="sequence")
    x = Smooth()(LinearRecurrence()(L.Dense(16)(inp)))
    _export(keras.Model(inp, L.Dense(3, activation="softmax")(L.GlobalAveragePooling1D()(x))), out)


@model("s39_keras_ops_cond_switch_layer", "keras-export", "Keras 3 functional model exported with model.export, inputs features float [None,16] and mode int32 [None] (the first row's mode is used): custom layer with keras.ops.cond on mean(features) > 0.5 (scale-down branch vs identity) and keras.ops.switch on the mode over three Dense(16) experts built in the layer; Dense(2) head")
def b_kswitch(out):
    class ModeRouter(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.experts = [L.Dense(16, activation=a) for a in ("relu", "tanh", "sigmoid")]

        def build(self, shapes):
            for e in self.experts:
                e.build(shapes[0])

        def call(self, inputs):
            x, mode = inputs
            x = ops.cond(ops.mean(x) > 0.5, lambda: x * 0.5, lambda: x)
            idx = ops.clip(ops.cast(mode[0], "int32"), 0, 2)
            return ops.switch(idx, [lambda t, e=e: e(t) for e in self.experts], x)

        def compute_output_shape(self, shapes):
            return shapes[0]
    x_in, m_in = keras.Input((16,), name="features"), keras.Input((), dtype="int32", name="mode")
    h = ModeRouter()([x_in, m_in])
    _export(keras.Model([x_in, m_in], L.Dense(2)(h)), out)


FEEDS["s39_keras_ops_cond_switch_layer"] = {"mode": (0, 3)}


# ================================================================================ tf.function mechanics

@model("s39_nested_helper_functions_reused", "tf-module", "weight-tied residual net tf.Module signature features float [None,16]: a helper tf.function with input_signature [None,32] (residual gelu block on tf.Variables) called three times, and a helper tf.function without input_signature (layer norm) traced twice ([None,16] and [None,32]) and called four times; outputs logits [None,5]")
def b_helpers(out):
    rng = np.random.default_rng(31)
    w_in, w_blk = tf.Variable(rng.normal(0, 0.25, (16, 32)).astype("float32")), tf.Variable(rng.normal(0, 0.15, (32, 32)).astype("float32"))
    b_blk, w_out = tf.Variable(np.zeros(32, "float32")), tf.Variable(rng.normal(0, 0.2, (32, 5)).astype("float32"))

    @tf.function(input_signature=[tensor_spec([None, 32], name="h")])
    def residual_block(h):
        return h + tf.nn.gelu(h @ w_blk + b_blk)

    @tf.function
    def layer_norm(t):
        mean, var = tf.nn.moments(t, axes=[-1], keepdims=True)
        return (t - mean) * tf.math.rsqrt(var + 1e-5)

    @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
    def serve(features):
        h = layer_norm(features) @ w_in
        for _ in range(3):
            h = residual_block(h)
        h = layer_norm(layer_norm(h))
        return {"logits": layer_norm(h) @ w_out}
    _save(out, {"vars": [w_in, w_blk, b_blk, w_out], "residual_block": residual_block, "layer_norm": layer_norm},
          serving_default=serve)


@model("s39_polymorphic_fn_three_concrete_signatures", "tf-module", "one polymorphic tf.function method (Python dtype dispatch at trace time: int ids -> tf.gather of an embedding tf.Variable + mean, floats -> relu matmul) traced three times and saved as three signatures: serving_default (features float [None,16]), token_ids (int32 [None,None]), single_example (float [1,16]); outputs an l2-normalized embedding [.,8]")
def b_poly(out):
    rng = np.random.default_rng(32)

    class Encoder(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = tf.Variable(rng.normal(0, 0.3, (100, 16)).astype("float32"), name="token_table")
            self.dense_in = tf.Variable(rng.normal(0, 0.25, (16, 16)).astype("float32"), name="dense_in")
            self.proj = tf.Variable(rng.normal(0, 0.25, (16, 8)).astype("float32"), name="proj")

        @tf.function
        def encode(self, x):
            if x.dtype.is_integer:
                h = tf.reduce_mean(tf.gather(self.table, x), axis=1)
            else:
                h = tf.nn.relu(x @ self.dense_in)
            return {"embedding": tf.math.l2_normalize(h @ self.proj, -1)}
    enc = Encoder()
    # [1,16] is traced first: traced after [None,16] it would reuse that (more general) trace
    single = enc.encode.get_concrete_function(tensor_spec([1, 16], name="x"))
    sigs = {"serving_default": enc.encode.get_concrete_function(tensor_spec([None, 16], name="x")),
            "token_ids": enc.encode.get_concrete_function(tensor_spec([None, None], "int32", "x")),
            "single_example": single}
    _save_module(out, enc, sigs)


FEEDS["s39_polymorphic_fn_three_concrete_signatures"] = {"token_ids/x": (0, 100)}


@model("s39_jit_compile_helper_and_xla_signature", "tf-module", "tf.Module with two signatures: serving_default (features float [None,32]) calls a jit_compile=True helper tf.function (gelu residual MLP block, weights passed as arguments) twice, then tf.math.top_k(3) outside XLA; serve_xla (features float [1,32]) is itself tf.function(jit_compile=True) holding a fixed 4-step tf.while_loop refinement and a softmax")
def b_jit(out):
    rng = np.random.default_rng(33)

    @tf.function(jit_compile=True)
    def fused_block(h, w1, b1, w2):
        return h + tf.nn.gelu(h @ w1 + b1) @ w2

    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.blocks = [(tf.Variable(rng.normal(0, 0.2, (32, 64)).astype("float32")), tf.Variable(np.zeros(64, "float32")),
                            tf.Variable(rng.normal(0, 0.1, (64, 32)).astype("float32"))) for _ in range(2)]
            self.w_out = tf.Variable(rng.normal(0, 0.2, (32, 10)).astype("float32"))

        @tf.function(input_signature=[tensor_spec([None, 32], name="features")])
        def serve(self, features):
            h = features
            for w1, b1, w2 in self.blocks:
                h = fused_block(h, w1, b1, w2)
            top = tf.math.top_k(h @ self.w_out, 3)
            return {"top_scores": top.values, "top_ids": top.indices}

        @tf.function(input_signature=[tensor_spec([1, 32], name="features")], jit_compile=True)
        def serve_xla(self, features):
            w1, b1, w2 = self.blocks[0]
            _, h = tf.while_loop(lambda i, h: i < 4, lambda i, h: (i + 1, h + 0.25 * tf.nn.gelu(h @ w1 + b1) @ w2),
                                 [tf.constant(0), features])
            return {"probabilities": tf.nn.softmax(h @ self.w_out)}
    m = Model()
    _save_module(out, m, {"serving_default": m.serve, "serve_xla": m.serve_xla})


@model("s39_reduce_retracing_autograph_options", "tf-module", "tf.function(reduce_retracing=True, experimental_autograph_options=(ASSERT_STATEMENTS, BUILTIN_FUNCTIONS, EQUALITY_OPERATORS)) called eagerly on [3,16] and [5,16] (the second trace relaxed to [None,16]) and saved with the relaxed concrete function as serving_default: Python assert -> tf.debugging assert, `for i in tf.range(len(...))` with `if x[0, i] == 0.0: continue` accumulating feature columns, then a Keras MLP; outputs score and column_sum")
def b_retrace(out):
    net = _kmlp((17,), [16, 1])
    F = tf.autograph.experimental.Feature

    @tf.function(reduce_retracing=True, experimental_autograph_options=(F.ASSERT_STATEMENTS, F.BUILTIN_FUNCTIONS,
                                                                        F.EQUALITY_OPERATORS))
    def score(features):
        assert tf.reduce_all(tf.math.is_finite(features)), "non-finite features"
        s = tf.zeros_like(features[:, 0])
        for i in tf.range(len(features[0])):
            if features[0, i] == 0.0:
                continue
            s += features[:, i]
        return {"score": net(tf.concat([features, s[:, None]], -1), training=False), "column_sum": s}
    rng = np.random.default_rng(34)
    score(tf.constant(rng.random((3, 16)), tf.float32))
    score(tf.constant(rng.random((5, 16)), tf.float32))
    cf = score.get_concrete_function(tensor_spec([None, 16], name="features"))
    _save(out, {"net": net, "score": score}, serving_default=cf)


@model("s39_experimental_implements_embedded_matmul", "tf-module", "tf.Module signature token_ids int32 [1,12]: helper tf.function(experimental_implements='embedded_matmul') (tf.gather of a table then matmul, tables and kernels passed as arguments) called twice (token and position tables), and a tf.function(experimental_implements='fused_gelu_tanh') tanh-approximation gelu called twice; mean pool, Dense -> logits [1,4]")
def b_implements(out):
    rng = np.random.default_rng(35)
    tok_table, pos_table = tf.Variable(rng.normal(0, 0.3, (100, 16)).astype("float32")), tf.Variable(rng.normal(0, 0.3, (12, 16)).astype("float32"))
    k_tok, k_pos = tf.Variable(rng.normal(0, 0.25, (16, 32)).astype("float32")), tf.Variable(rng.normal(0, 0.25, (16, 32)).astype("float32"))
    head = _kmlp((32,), [4])

    @tf.function(experimental_implements="embedded_matmul")
    def embedded_matmul(ids, table, kernel):
        return tf.matmul(tf.gather(table, ids), kernel)

    @tf.function(experimental_implements="fused_gelu_tanh")
    def gelu(x):
        return 0.5 * x * (1.0 + tf.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))

    @tf.function(input_signature=[tensor_spec([1, 12], "int32", "token_ids")])
    def serve(token_ids):
        h = gelu(embedded_matmul(token_ids[0], tok_table, k_tok) + embedded_matmul(tf.range(12), pos_table, k_pos))
        h = gelu(h) + h
        return {"logits": head(tf.reduce_mean(h, 0, keepdims=True), training=False)}
    _save(out, {"tables": [tok_table, pos_table, k_tok, k_pos], "head": head}, serving_default=serve)


FEEDS["s39_experimental_implements_embedded_matmul"] = {"token_ids": (0, 100)}


@model("s39_custom_gradient_straight_through_quant", "keras-export", "Keras 3 functional model exported with model.export after 2 GradientTape steps, features float [None,20]: custom QuantDense layer fake-quantizing inputs and kernel with a tf.custom_gradient straight-through estimator (clip, round to 7 levels, gradient masked to |x| <= 1), custom Softplus layer using a tf.custom_gradient stable log1pexp; Dense(3)")
def b_custom_grad(out):
    @tf.custom_gradient
    def ste_quantize(x):
        def grad(dy):
            return dy * tf.cast(tf.abs(x) <= 1.0, dy.dtype)
        return tf.round(tf.clip_by_value(x, -1.0, 1.0) * 7.0) / 7.0, grad

    @tf.custom_gradient
    def log1pexp(x):
        def grad(dy):
            return dy * tf.sigmoid(x)
        return tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x))), grad

    class QuantDense(L.Layer):
        def __init__(self, units, **kw):
            super().__init__(**kw)
            self.units = units

        def build(self, s):
            self.kernel = self.add_weight(shape=(s[-1], self.units), initializer="glorot_uniform", name="kernel")
            self.bias = self.add_weight(shape=(self.units,), initializer="zeros", name="bias")

        def call(self, x):
            return ste_quantize(x) @ ste_quantize(tf.convert_to_tensor(self.kernel)) + self.bias

        def compute_output_shape(self, s):
            return (*s[:-1], self.units)

    class StableSoftplus(L.Layer):
        def call(self, x):
            return log1pexp(x)
    inp = keras.Input((20,), name="features")
    m = keras.Model(inp, L.Dense(3)(StableSoftplus()(QuantDense(32)(inp))))
    opt = keras.optimizers.SGD(0.01)
    rng = np.random.default_rng(36)
    for _ in range(2):
        x, y = rng.uniform(-1, 1, (16, 20)).astype("float32"), rng.integers(0, 3, 16)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, m(x, training=True)))
        opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), m.trainable_variables))
    _export(m, out)


@model("s39_recompute_grad_stop_gradient_teacher", "tf-module", "tf.Module signature features float [None,32]: three residual MLP blocks on tf.Variables each wrapped in tf.recompute_grad, a student head, and an EMA-teacher projection wrapped in tf.stop_gradient; outputs student_logits, teacher_logits and a per-row distillation gap")
def b_recompute(out):
    blocks = [_params([32, 64, 32], 370 + k, name=f"block{k}") for k in range(3)]
    student, teacher = _params([32, 6], 380, name="student"), _params([32, 6], 381, name="teacher")
    wrapped = [tf.recompute_grad(lambda h, p=p: h + _mlp(p, h, act=tf.nn.gelu)) for p in blocks]

    @tf.function(input_signature=[tensor_spec([None, 32], name="features")])
    def serve(features):
        h = features
        for f in wrapped:
            h = f(h)
        s = _mlp(student, h)
        t = tf.stop_gradient(_mlp(teacher, h))
        return {"student_logits": s, "teacher_logits": t,
                "distillation_gap": tf.reduce_sum(tf.nn.softmax(t) * (tf.nn.log_softmax(t) - tf.nn.log_softmax(s)), -1)}
    _save(out, {"params": [blocks, student, teacher]}, serving_default=serve)


@model("s39_guarantee_const_identity_n_outputs", "tf-module", "tf.Module signature features float [1,16]: tf.guarantee_const on a constant projection matrix and on a tf.Variable read, Keras Dense(8) logits, tf.identity_n over (logits, probabilities, embedding), tf.nest.map_structure over the output dict")
def b_guarantee(out):
    rng = np.random.default_rng(38)
    proj_np = rng.normal(0, 0.25, (16, 24)).astype("float32")
    w = tf.Variable(rng.normal(0, 0.2, (24, 16)).astype("float32"), name="embed_w")
    dense = L.Dense(8)
    dense(np.zeros((1, 16), "float32"))

    @tf.function(input_signature=[tensor_spec([1, 16], name="features")])
    def serve(features):
        p = tf.guarantee_const(tf.constant(proj_np))
        wv = tf.guarantee_const(w.read_value())
        emb = tf.nn.relu(features @ p) @ wv
        logits = dense(emb)
        a, b, c = tf.identity_n([logits, tf.nn.softmax(logits), emb])
        return tf.nest.map_structure(tf.identity, {"logits": a, "probabilities": b, "embedding": c})
    _save(out, {"w": w, "dense": dense}, serving_default=serve)


@model("s39_nest_dict_namedtuple_helper", "tf-module", "detector post-processing tf.Module: method detect_structured (tf.function, input_signature a dict {image_features float [None,32], anchors [None,4]}) returns a Detection namedtuple (boxes, scores, classes) from a Keras head, saved as a non-signature function; serving_default (image_features, anchors, score_threshold float []) calls it and tf.nest.flatten / pack_sequence_as / map_structure the namedtuple into a dict plus num_above_threshold")
def b_nest(out):
    Detection = collections.namedtuple("Detection", ["boxes", "scores", "classes"])
    head = _kmlp((32,), [32, 4 + 5])

    class Detector(tf.Module):
        def __init__(self):
            super().__init__()
            self.head = head

        @tf.function(input_signature=[{"image_features": tensor_spec([None, 32], name="image_features"),
                                       "anchors": tensor_spec([None, 4], name="anchors")}])
        def detect_structured(self, inputs):
            raw = self.head(inputs["image_features"], training=False)
            deltas, logits = raw[:, :4], raw[:, 4:]
            probs = tf.nn.softmax(logits)
            return Detection(boxes=inputs["anchors"] + 0.1 * tf.tanh(deltas), scores=tf.reduce_max(probs, -1),
                             classes=tf.argmax(probs, -1, output_type=tf.int32))

        @tf.function(input_signature=[tensor_spec([None, 32], name="image_features"), tensor_spec([None, 4], name="anchors"),
                                      tensor_spec([], name="score_threshold")])
        def serve(self, image_features, anchors, score_threshold):
            det = self.detect_structured({"image_features": image_features, "anchors": anchors})
            flat = tf.nest.flatten(det)
            det = tf.nest.pack_sequence_as(det, [tf.identity(t) for t in flat])
            out = tf.nest.map_structure(lambda t: t, det._asdict())
            out["num_above_threshold"] = tf.reduce_sum(tf.cast(det.scores > score_threshold, tf.int32))
            return out
    m = Detector()
    _save_module(out, m, {"serving_default": m.serve})


FEEDS["s39_nest_dict_namedtuple_helper"] = lambda rng: {"anchors": _boxes(rng, 2), "score_threshold": 0.3}


# ================================================================================ Python callbacks, side effects

CTC_VOCAB = list("_abcdefghij")   # index 0 is the CTC blank


def _py_ids_to_text(ids):
    """join predicted ids into a string through a Python list (the serving code's 'decode' helper)"""
    return tf.constant("".join(CTC_VOCAB[int(i)] for i in ids.numpy()))


@model("s39_py_function_after_ctc_while_loop", "tf-module", "greedy CTC decoding tf.Module signature features float [1,20,8]: Keras Conv1D(16) + Dense(11) logits, argmax, tf.while_loop over the 20 frames collapsing repeats and dropping blanks into a dynamic TensorArray, then tf.py_function mapping the ids to a string with a Python list; outputs token_ids int32 [None], text string []")
def b_pyfn(out):
    inp = keras.Input((20, 8))
    net = keras.Model(inp, L.Dense(len(CTC_VOCAB))(L.Conv1D(16, 3, padding="same", activation="relu")(inp)))

    @tf.function(input_signature=[tensor_spec([1, 20, 8], name="features")])
    def serve(features):
        best = tf.argmax(net(features, training=False)[0], -1, output_type=tf.int32)

        def body(t, prev, ta, n):
            tok = best[t]
            keep = tf.logical_and(tok != prev, tok != 0)
            ta = tf.cond(keep, lambda: ta.write(n, tok), lambda: ta)
            return t + 1, tok, ta, n + tf.cast(keep, tf.int32)
        _, _, ta, n = tf.while_loop(lambda t, *_: t < 20, body,
                                    [tf.constant(0), tf.constant(-1), tf.TensorArray(tf.int32, size=0, dynamic_size=True, element_shape=[]),
                                     tf.constant(0)])
        ids = ta.stack()[:n]
        text = tf.py_function(func=_py_ids_to_text, inp=[ids], Tout=tf.string)
        text.set_shape([])
        return {"token_ids": ids, "text": text}
    _save(out, {"net": net}, serving_default=serve)


PYFUNCS["s39_py_function_after_ctc_while_loop"] = _py_ids_to_text


def _np_robust_scale(row):
    """per-example robust scaling with numpy percentiles (median / IQR)"""
    q1, med, q3 = np.percentile(row, [25, 50, 75])
    return ((row - med) / (q3 - q1 + 1e-6)).astype(np.float32)


@model("s39_numpy_function_inside_map_fn", "tf-module", "tabular scorer tf.Module signature features float [None,24]: tf.map_fn over rows calling tf.numpy_function (numpy percentile median / IQR robust scaling, set_shape [24]), Keras MLP (Dense 32 relu, Dense 1 sigmoid); outputs scaled features and score")
def b_npfn(out):
    net = _kmlp((24,), [32, 1], out_act="sigmoid")

    def scale(r):
        y = tf.numpy_function(_np_robust_scale, [r], tf.float32)
        y.set_shape([24])
        return y

    @tf.function(input_signature=[tensor_spec([None, 24], name="features")])
    def serve(features):
        scaled = tf.map_fn(scale, features, fn_output_signature=tf.TensorSpec([24], tf.float32))
        return {"scaled": scaled, "score": net(scaled, training=False)}
    _save(out, {"net": net}, serving_default=serve)


PYFUNCS["s39_numpy_function_inside_map_fn"] = _np_robust_scale


@model("s39_print_assert_inside_loop", "tf-module", "iterative denoiser tf.Module signature signal float [1,64], n_iters int32 []: tf.debugging.assert_non_negative on n_iters, AutoGraph `for i in tf.range(n_iters)` of x = x - 0.3 * Keras MLP(x) with tf.debugging.assert_all_finite, tf.debugging.assert_less(max |x|, 1e4) and tf.print(iteration, norm) inside the loop body; outputs denoised and residual_norm")
def b_print(out):
    net = _kmlp((64,), [64, 64], act="tanh")

    @tf.function(input_signature=[tensor_spec([1, 64], name="signal"), tensor_spec([], "int32", "n_iters")])
    def serve(signal, n_iters):
        tf.debugging.assert_non_negative(n_iters, message="n_iters must be >= 0")
        x = signal
        for i in tf.range(n_iters):
            x = x - 0.3 * net(x, training=False)
            tf.debugging.assert_all_finite(x, "denoiser diverged")
            tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), 1e4, message="denoiser exploded")
            tf.print("denoise iteration", i, "norm", tf.norm(x), output_stream=sys.stderr)
        return {"denoised": x, "residual_norm": tf.norm(x - signal)}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s39_print_assert_inside_loop"] = {"n_iters": (2, 6)}


@model("s39_variable_counter_running_mean_signatures", "tf-module", "streaming normalizer tf.Module with three signatures over tf.Variable state (count int64, mean, M2): serving_default (features float [None,16]) is pure (reads the running mean / variance, Keras MLP score); observe (features) updates the state in serving with a batched Welford merge (assign_add on the counter, assign on mean and M2); reset () assigns zeros")
def b_running(out):
    net = _kmlp((16,), [16, 1])

    class Normalizer(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net
            self.count = tf.Variable(0, dtype=tf.int64, name="count")
            self.mean = tf.Variable(np.zeros(16, "float32"), name="running_mean")
            self.m2 = tf.Variable(np.zeros(16, "float32"), name="running_m2")

        @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
        def serve(self, features):
            var = self.m2 / tf.maximum(tf.cast(self.count, tf.float32) - 1.0, 1.0)
            z = (features - self.mean) * tf.math.rsqrt(var + 1e-3)
            return {"normalized": z, "score": self.net(z, training=False)}

        @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
        def observe(self, features):
            n_b = tf.cast(tf.shape(features)[0], tf.float32)
            n_a = tf.cast(self.count, tf.float32)
            mean_b = tf.reduce_mean(features, 0)
            m2_b = tf.reduce_sum(tf.square(features - mean_b), 0)
            delta, n = mean_b - self.mean, n_a + n_b
            self.m2.assign(self.m2 + m2_b + tf.square(delta) * n_a * n_b / n)
            self.mean.assign(self.mean + delta * n_b / n)
            self.count.assign_add(tf.cast(n_b, tf.int64))
            return {"count": self.count.read_value(), "mean": self.mean.read_value()}

        @tf.function(input_signature=[])
        def reset(self):
            self.count.assign(0)
            self.mean.assign(tf.zeros(16))
            self.m2.assign(tf.zeros(16))
            return {"count": self.count.read_value()}
    m = Normalizer()
    _save_module(out, m, {"serving_default": m.serve, "observe": m.observe, "reset": m.reset})


@model("s39_kv_cache_variable_decode_step", "tf-module", "single-head attention decoder with a 16-slot key / value cache held in tf.Variables: signature step (token_embedding float [1,32], position int32 []) writes the cache in serving (scatter_nd_update of keys, sliced assign of values, length counter), masked softmax over tf.range(16) <= position; prefill (prompt float [1,None,32]) writes every position inside an AutoGraph `for t in tf.range(len)` loop; reset () zeroes the cache")
def b_kv(out):
    rng = np.random.default_rng(44)

    class Decoder(tf.Module):
        def __init__(self):
            super().__init__()
            self.wq, self.wk, self.wv, self.wo = (tf.Variable(rng.normal(0, 0.18, (32, 32)).astype("float32"), name=n)
                                                  for n in ("wq", "wk", "wv", "wo"))
            self.k_cache = tf.Variable(tf.zeros([16, 32]), name="k_cache")
            self.v_cache = tf.Variable(tf.zeros([16, 32]), name="v_cache")
            self.length = tf.Variable(0, name="cache_length")

        def _write(self, x, position):
            self.k_cache.scatter_nd_update([[position]], x @ self.wk)
            self.v_cache[position].assign((x @ self.wv)[0])
            self.length.assign(tf.maximum(self.length, position + 1))

        @tf.function(input_signature=[tensor_spec([1, 32], name="token_embedding"), tensor_spec([], "int32", "position")])
        def step(self, token_embedding, position):
            self._write(token_embedding, position)
            s = tf.matmul(token_embedding @ self.wq, self.k_cache, transpose_b=True) / np.sqrt(32.0)
            a = tf.nn.softmax(tf.where(tf.range(16)[None] <= position, s, -1e9))
            return {"output": (a @ self.v_cache) @ self.wo + token_embedding, "cache_length": self.length.read_value()}

        @tf.function(input_signature=[tensor_spec([1, None, 32], name="prompt")])
        def prefill(self, prompt):
            for t in tf.range(tf.shape(prompt)[1]):
                self._write(prompt[:, t], t)
            return {"cache_length": self.length.read_value()}

        @tf.function(input_signature=[])
        def reset(self):
            self.k_cache.assign(tf.zeros([16, 32]))
            self.v_cache.assign(tf.zeros([16, 32]))
            self.length.assign(0)
            return {"cache_length": self.length.read_value()}
    m = Decoder()
    _save_module(out, m, {"serving_default": m.step, "prefill": m.prefill, "reset": m.reset})


FEEDS["s39_kv_cache_variable_decode_step"] = lambda rng: {"position": rng.integers(0, 16), "prefill/prompt": rng.random((1, 6, 32))}


@model("s39_lookup_table_pointer_chasing_loop", "tf-module", "tree-root resolver tf.Module signature node_ids int64 [None]: tf.lookup.StaticHashTable (int64 node -> parent over 64 nodes, default -1) looked up inside a tf.while_loop cond and body that follows parent pointers until every id is a root (data-dependent, maximum_iterations=64), depth counts; tf.gather of a root embedding tf.Variable; outputs root_ids, depth int32, root_embedding, iterations")
def b_lookup(out):
    rng = np.random.default_rng(45)
    parents = np.array([0 if i == 0 else (i if i % 16 == 0 else rng.integers(0, i)) for i in range(64)], "int64")
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(np.arange(64, dtype="int64"), parents), default_value=-1)
    root_emb = tf.Variable(rng.normal(0, 0.5, (64, 8)).astype("float32"), name="root_embedding")

    @tf.function(input_signature=[tensor_spec([None], "int64", "node_ids")])
    def serve(node_ids):
        def moves(ids):
            p = table.lookup(ids)
            return p, tf.logical_and(p != ids, p >= 0)

        def body(i, ids, depth):
            p, moved = moves(ids)
            return i + 1, tf.where(moved, p, ids), depth + tf.cast(moved, tf.int32)
        n, roots, depth = tf.while_loop(lambda i, ids, d: tf.reduce_any(moves(ids)[1]), body,
                                        [tf.constant(0), node_ids, tf.zeros_like(node_ids, tf.int32)], maximum_iterations=64)
        return {"root_ids": roots, "depth": depth, "root_embedding": tf.gather(root_emb, roots), "iterations": n}
    _save(out, {"table": table, "root_emb": root_emb}, serving_default=serve)


FEEDS["s39_lookup_table_pointer_chasing_loop"] = {"node_ids": (0, 64)}


# ================================================================================ Keras 3 exports with loops

@model("s39_keras_subclass_nested_tf_function_refine", "keras-export", "iterative depth refinement as a subclassed Keras 3 model exported with model.export (input_signature [None,32,32,3]): Conv2D encoder, initial Conv2D(1) estimate, and a @tf.function helper method (AutoGraph applies there; Keras leaves call unconverted) running `for _ in tf.range(self.iterations)` (4) of a Conv2D update on concat(features, estimate); outputs the refined depth map [None,32,32,1]")
def b_refine(out):
    class Refiner(keras.Model):
        def __init__(self):
            super().__init__()
            self.encoder = keras.Sequential([L.Conv2D(16, 3, padding="same", activation="relu"),
                                             L.Conv2D(16, 3, padding="same", activation="relu")])
            self.init_head = L.Conv2D(1, 3, padding="same")
            self.update = keras.Sequential([L.Conv2D(16, 3, padding="same", activation="relu"), L.Conv2D(1, 3, padding="same", activation="tanh")])
            self.iterations = 4

        @tf.function
        def _refine(self, feats, depth):
            for _ in tf.range(self.iterations):
                depth = depth + 0.1 * self.update(tf.concat([feats, depth], -1))
            return depth

        def call(self, x):
            feats = self.encoder(x)
            return self._refine(feats, self.init_head(feats))
    m = Refiner()
    m(np.zeros((1, 32, 32, 3), "float32"))
    _export(m, out, sig=[tensor_spec([None, 32, 32, 3], name="image")])


@model("s39_export_archive_generate_and_score", "keras-export", "Keras 3 GRU language model (Embedding(30,16), GRU(32, return_sequences), Dense(30)) exported with keras.export.ExportArchive, two endpoints: generate (prompt_ids int32 [1,None], num_new_tokens int32 []) is a tf.function with a tf.while_loop (shape_invariants [1,None]) re-running the model and appending the argmax token; score (token_ids int32 [None,None]) returns the logits; generate, the first endpoint, is also written as serving_default")
def b_archive(out):
    V = 30
    inp = keras.Input((None,), dtype="int32")
    lm = keras.Model(inp, L.Dense(V)(L.GRU(32, return_sequences=True)(L.Embedding(V, 16)(inp))))
    archive = keras.export.ExportArchive()
    archive.track(lm)

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "prompt_ids"), tensor_spec([], "int32", "num_new_tokens")])
    def generate(prompt_ids, num_new_tokens):
        def body(i, seq):
            nxt = tf.argmax(lm(seq, training=False)[:, -1], -1, output_type=tf.int32)
            return i + 1, tf.concat([seq, nxt[:, None]], 1)
        _, seq = tf.while_loop(lambda i, s: i < num_new_tokens, body, [tf.constant(0), prompt_ids],
                               shape_invariants=[tf.TensorShape([]), tf.TensorShape([1, None])])
        return {"sequence": seq}

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "token_ids")])
    def score(token_ids):
        return {"logits": lm(token_ids, training=False)}
    _run(out, generate)
    _run(out, score)
    archive.add_endpoint("generate", generate)
    archive.add_endpoint("score", score)
    archive.write_out(str(out), verbose=False)


FEEDS["s39_export_archive_generate_and_score"] = lambda rng: {
    "prompt_ids": rng.integers(1, 30, (1, 5)), "num_new_tokens": rng.integers(1, 6), "token_ids": rng.integers(0, 30, (2, 7))}


# ================================================================================ more frozen loops

@model("s39_deq_fixed_point_frozen_unlowered", "frozen-pb", "deep-equilibrium layer frozen with convert_variables_to_constants_v2(lower_control_flow=False), keeping the While op: features float [1,16]; fixed-point iteration z = tanh(z W + x U + b) in a tf.while_loop stopping when max |dz| < 1e-4 (data-dependent) with maximum_iterations=40, Dense head; outputs 'logits' and 'iterations'")
def b_deq(out):
    rng = np.random.default_rng(48)
    W = tf.Variable((0.5 * rng.normal(0, 1, (32, 32)) / np.sqrt(32)).astype("float32"))
    U, b = tf.Variable(rng.normal(0, 0.25, (16, 32)).astype("float32")), tf.Variable(np.zeros(32, "float32"))
    head = _params([32, 4], 49, name="head")

    def fn(features):
        xu = features @ U + b

        def body(i, z, d):
            z_new = tf.tanh(z @ W + xu)
            return i + 1, z_new, tf.reduce_max(tf.abs(z_new - z))
        n, z, _ = tf.while_loop(lambda i, z, d: d > 1e-4, body, [tf.constant(0), tf.zeros([1, 32]), tf.constant(1.0)],
                                maximum_iterations=40)
        return tf.identity(_mlp(head, z), name="logits"), tf.identity(n, name="iterations")
    _freeze(fn, [tensor_spec([1, 16], name="features")], out, lower=False)


OUTPUTS["s39_deq_fixed_point_frozen_unlowered"] = ["logits", "iterations"]


@model("s39_scan_gru_cell_frozen_unlowered", "frozen-pb", "sensor GRU classifier frozen with convert_variables_to_constants_v2(lower_control_flow=False), keeping the While op: window float [1,30,4]; tf.scan over the time-major window of a GRU cell written out with tf.Variables (sigmoid update / reset gates, tanh candidate), Dense(5) on the last state, softmax 'probabilities' and 'states' [30,1,16]")
def b_scan_frozen(out):
    rng = np.random.default_rng(50)
    wz, wh = tf.Variable(rng.normal(0, 0.3, (20, 32)).astype("float32")), tf.Variable(rng.normal(0, 0.3, (20, 16)).astype("float32"))
    head = _params([16, 5], 51, name="head")

    def fn(window):
        def cell(h, x):
            zr = tf.sigmoid(tf.concat([x, h], -1) @ wz)
            z, r = zr[:, :16], zr[:, 16:]
            cand = tf.tanh(tf.concat([x, r * h], -1) @ wh)
            return (1.0 - z) * h + z * cand
        states = tf.scan(cell, tf.transpose(window, [1, 0, 2]), initializer=tf.zeros([1, 16]))
        return tf.nn.softmax(_mlp(head, states[-1]), name="probabilities"), tf.identity(states, name="states")
    _freeze(fn, [tensor_spec([1, 30, 4], name="window")], out, lower=False)


OUTPUTS["s39_scan_gru_cell_frozen_unlowered"] = ["probabilities", "states"]


@model("s39_autograph_if_for_frozen_lowered", "frozen-pb", "signal post-processor frozen with convert_variables_to_constants_v2 (control flow lowered), written as a tf.function body with Python control flow that AutoGraph converts: signal float [1,128]; `if tf.reduce_max(signal) > 0.5` (If) normalizing by the max, `for k in tf.range(3)` (While) of a 5-tap smoothing tf.nn.conv1d with a learned tf.Variable kernel; raw-variable MLP on the smoothed signal -> 'event_probability', 'smoothed'")
def b_ag_frozen(out):
    rng = np.random.default_rng(52)
    kernel = tf.Variable(np.full((5, 1, 1), 0.2, "float32") + rng.normal(0, 0.01, (5, 1, 1)).astype("float32"), name="smooth_kernel")
    p = _params([128, 32, 1], 53, name="detector")

    def fn(signal):
        x = signal
        if tf.reduce_max(x) > 0.5:
            x = x / tf.reduce_max(x)
        for _ in tf.range(3):
            x = tf.nn.conv1d(x[:, :, None], kernel, 1, "SAME")[:, :, 0]
        return tf.sigmoid(_mlp(p, x), name="event_probability"), tf.identity(x, name="smoothed")
    _freeze(fn, [tensor_spec([1, 128], name="signal")], out)


OUTPUTS["s39_autograph_if_for_frozen_lowered"] = ["event_probability", "smoothed"]


# ============================================================================ driver

_KEEP = []  # the callbacks registered for --check (the registry only holds weak references)


def _register_pyfuncs(path, fn):
    """Register `fn` under every py_function / numpy_function token of the saved graph, as the serving process of a
    model built around a Python callback has to (the callback itself is never saved)."""
    from tensorflow.core.protobuf import saved_model_pb2
    from tensorflow.python.ops import script_ops

    if path.suffix == ".pb":
        gd = tf.compat.v1.GraphDef.FromString(path.read_bytes())
    else:
        gd = saved_model_pb2.SavedModel.FromString((path / "saved_model.pb").read_bytes()).meta_graphs[0].graph_def
    nodes = list(gd.node) + [n for f in gd.library.function for n in f.node_def]
    for n in nodes:
        if n.op in ("EagerPyFunc", "PyFunc", "PyFuncStateless"):
            tout = [tf.as_dtype(t) for t in n.attr["Tout"].list.type]
            cb = script_ops.EagerFunc(fn, tout, False) if n.op == "EagerPyFunc" else fn
            _KEEP.append(cb)
            script_ops._py_funcs._funcs[n.attr["token"].s.decode()] = cb


def _check(name):
    """CORPUS.runner(FEEDS, OUTPUTS), plus: a py_function model gets its callback registered first."""
    note = ""
    if name in PYFUNCS:
        _register_pyfuncs(CORPUS.path(name), PYFUNCS[name])
        note = " (Python callback re-registered)"
    return CORPUS.runner(FEEDS, OUTPUTS)(name) + note


def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
