"""Build an independently made corpus into bench/out/fresh9/: small re-creations of the models that science,
medical, industrial and applied-ML projects publish and deploy -- particle-physics jet taggers (dense, 1D conv,
Deep Sets / Energy Flow, ParticleNet EdgeConv, GravNet, interaction networks, hls4ml-style fake-quant MLPs),
calorimeter CNNs, medical imaging (3D U-Net, V-Net, 2D segmentation, DenseNet, EEG/ECG nets), remote sensing,
time-series forecasting (N-BEATS, TCN, seq2seq, Informer-like), anomaly-detection autoencoders, speech and
OCR (Conformer, CRNN + CTC), pose heads, face embeddings, tabular models (TabNet, survival, wide & deep),
mixture-density nets, physics-informed nets, Gaussian processes -- written the way such projects write them
and exported the way they export them (Keras 3 model.export, tf.saved_model.save of a Keras model or of a
tf.Module with tf.function signatures, TF1 SavedModelBuilder / simple_save, frozen GraphDef). Random seeded
weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh9.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh9.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh9.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh9.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh9.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, freeze_function, freeze_keras, keras_export, serve_module, tensor_spec, tf1_saved_model

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh9", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need in-range or mutually consistent values in --check: model -> {input name: (low, high) int range}
# or model -> callable(rng) -> {input name: array}. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}


def cbr(x, f, k=3, s=1, act="relu", conv=None, bias=False, dilation=1):
    """conv (Conv2D by default) -> BatchNormalization -> activation"""
    conv = conv or L.Conv2D
    kw = {"dilation_rate": dilation} if dilation != 1 else {}
    x = L.BatchNormalization()(conv(f, k, strides=s, padding="same", use_bias=bias, **kw)(x))
    return L.Activation(act)(x)


def _pairwise_sqdist(a):
    """squared euclidean distances between the points of each batch element: [B,P,D] -> [B,P,P]"""
    r = tf.reduce_sum(a * a, -1, keepdims=True)
    return r - 2.0 * tf.matmul(a, a, transpose_b=True) + tf.transpose(r, [0, 2, 1])


# ================================================================================ particle physics

@model("s_jet_tagger_hls4ml_dense", "keras-export", "hls4ml-style jet substructure tagger: 16 high-level jet features float [None,16] -> BatchNormalization, Dense 64/32/32 relu with L1 kernel regularizers, Dense softmax(5) (g, q, W, Z, t)")
def b_jet_dense(out):
    reg = keras.regularizers.l1(1e-4)
    i = keras.Input((16,), name="jet_features")
    x = L.BatchNormalization()(i)
    for n in (64, 32, 32):
        x = L.Dense(n, activation="relu", kernel_initializer="lecun_uniform", kernel_regularizer=reg)(x)
    keras_export(keras.Model(i, L.Dense(5, activation="softmax")(x)), out)


@model("s_jet_tagger_qat_fake_quant_batch1", "keras-export", "QKeras-like quantization-aware jet tagger, fixed [1,16]: hand-written QDense layer (kernel and bias through tf.quantization.fake_quant_with_min_max_args 6 bits narrow_range in [-1,1]), QReLU (relu then fake_quant 6 bits in [0,4]), 3 hidden layers, float Dense softmax(5)")
def b_jet_qat(out):
    class QDense(L.Layer):
        def __init__(self, units, bits=6, **kw):
            super().__init__(**kw)
            self.units, self.bits = units, bits

        def build(self, s):
            self.kernel = self.add_weight(shape=(s[-1], self.units), initializer="lecun_uniform", name="kernel")
            self.bias = self.add_weight(shape=(self.units,), initializer="zeros", name="bias")

        def call(self, x):
            q = lambda t: tf.quantization.fake_quant_with_min_max_args(t, -1.0, 1.0, num_bits=self.bits, narrow_range=True)  # noqa: E731
            return tf.matmul(x, q(self.kernel)) + q(self.bias)

    class QReLU(L.Layer):
        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_args(tf.nn.relu(x), 0.0, 4.0, num_bits=6)
    i = keras.Input((16,), batch_size=1, name="jet_features")
    x = i
    for n in (64, 32, 32):
        x = QReLU()(QDense(n)(x))
    keras_export(keras.Model(i, L.Dense(5, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("s_jet_constituents_conv1d_deepjet", "saved-model", "DeepJet-like tagger: charged constituents float [None,25,16] and secondary vertices [None,4,12] through 1x1 Conv1D 'particle-wise dense' stacks (relu, BN), LSTM summaries, concatenated with global jet features [None,15], Dense relu, Dropout, softmax(6); tf.saved_model.save of the Keras model")
def b_deepjet(out):
    cpf, sv, glob = keras.Input((25, 16), name="cpf"), keras.Input((4, 12), name="sv"), keras.Input((15,), name="global")

    def stack(x, widths):
        for w in widths:
            x = L.BatchNormalization()(L.Conv1D(w, 1, activation="relu")(x))
        return x
    c = L.LSTM(32)(stack(cpf, (32, 16, 8)))
    s = L.LSTM(16)(stack(sv, (16, 8)))
    x = L.Concatenate()([L.BatchNormalization()(glob), c, s])
    for _ in range(2):
        x = L.Dropout(0.1)(L.Dense(64, activation="relu")(x))
    tf.saved_model.save(keras.Model([cpf, sv, glob], L.Dense(6, activation="softmax", name="probs")(x)), str(out))


@model("s_energy_flow_network_z_weighted", "keras-export", "Energy Flow Network (IRC-safe Deep Sets): energy fractions z float [None,30] and angles (y,phi) [None,30,2]; per-particle Phi MLP Dense 64/64/32 relu, WeightedSum layer (tf.einsum 'bp,bpf->bf' with z), F MLP Dense 64 relu x2, softmax(2)")
def b_efn(out):
    class WeightedSum(L.Layer):
        def call(self, inputs):
            z, phi = inputs
            return tf.einsum("bp,bpf->bf", z, phi)
    z, ang = keras.Input((30,), name="z"), keras.Input((30, 2), name="angles")
    phi = ang
    for n in (64, 64, 32):
        phi = L.Dense(n, activation="relu")(phi)
    x = WeightedSum()([z, phi])
    for _ in range(2):
        x = L.Dense(64, activation="relu")(x)
    keras_export(keras.Model([z, ang], L.Dense(2, activation="softmax")(x)), out)


@model("s_particle_flow_network_masking", "keras-export", "Particle Flow Network on zero-padded constituents float [None,30,4] (pt, y, phi, pid): keras Masking(0.0), per-particle Dense 64/64/32 relu, mask-aware SumPooling layer (multiply by cast mask, reduce_sum), Dense 64 relu x2, softmax(2)")
def b_pfn(out):
    class SumPooling(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.supports_masking = True

        def call(self, x, mask=None):
            if mask is not None:
                x = x * tf.cast(mask, x.dtype)[..., None]
            return tf.reduce_sum(x, axis=1)

        def compute_mask(self, x, mask=None):
            return None
    i = keras.Input((30, 4), name="constituents")
    x = L.Masking(0.0)(i)
    for n in (64, 64, 32):
        x = L.Dense(n, activation="relu")(x)
    x = SumPooling()(x)
    for _ in range(2):
        x = L.Dense(64, activation="relu")(x)
    keras_export(keras.Model(i, L.Dense(2, activation="softmax")(x)), out)


def _feed_pfn(rng):
    x = rng.random((2, 30, 4)).astype("float32")
    x[:, 18:] = 0.0
    return {"constituents": x}


FEEDS["s_particle_flow_network_masking"] = _feed_pfn


@model("s_particlenet_edgeconv_knn", "tf-module", "tf.Module ParticleNet-lite: points (eta,phi) float [None,32,2], features [None,32,4], mask [None,32,1]; coordinate shift 999*(mask==0), 2 EdgeConv blocks (pairwise distances by matmul, tf.math.top_k(k=8+1) nearest neighbours, tf.gather batch_dims=1, concat centre and difference, Dense+BN+ReLU x3, mean over neighbours, shortcut), dynamic graph on learned features, masked mean pooling, Dense, softmax(2)")
def b_particlenet(out):
    class EdgeConv(L.Layer):
        def __init__(self, k, channels, **kw):
            super().__init__(**kw)
            self.k = k
            self.dense = [L.Dense(c, use_bias=False) for c in channels]
            self.bn = [L.BatchNormalization() for _ in channels]
            self.sc, self.sc_bn = L.Dense(channels[-1], use_bias=False), L.BatchNormalization()

        def call(self, inputs, training=None):
            pts, fts = inputs
            _, idx = tf.math.top_k(-_pairwise_sqdist(pts), k=self.k + 1)
            idx = idx[:, :, 1:]  # drop the point itself
            nbr = tf.gather(fts, idx, batch_dims=1)  # [B,P,k,C]
            ctr = tf.tile(tf.expand_dims(fts, 2), [1, 1, self.k, 1])
            x = tf.concat([ctr, nbr - ctr], axis=-1)
            for dense, bn in zip(self.dense, self.bn):
                x = tf.nn.relu(bn(dense(x), training=training))
            x = tf.reduce_mean(x, axis=2)
            return tf.nn.relu(x + self.sc_bn(self.sc(fts), training=training))

    class MaskedMean(L.Layer):
        def call(self, inputs):
            x, m = inputs
            return tf.reduce_sum(x * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)
    pts, fts, mask = keras.Input((32, 2), name="points"), keras.Input((32, 4), name="features"), keras.Input((32, 1), name="mask")
    shift = L.Lambda(lambda m: 999.0 * tf.cast(tf.equal(m, 0.0), tf.float32))(mask)
    x = L.Multiply()([EdgeConv(8, (32, 32, 32))([L.Add()([pts, shift]), L.BatchNormalization()(fts)]), mask])
    x = L.Multiply()([EdgeConv(8, (64, 64, 64))([L.Add()([x, shift]), x]), mask])
    x = L.Dropout(0.1)(L.Dense(64, activation="relu")(MaskedMean()([x, mask])))
    net = keras.Model([pts, fts, mask], L.Dense(2, activation="softmax")(x))

    @tf.function(input_signature=[tensor_spec([None, 32, 2], name="points"), tensor_spec([None, 32, 4], name="features"),
                                  tensor_spec([None, 32, 1], name="mask")])
    def serve(p, f, m):
        return {"probs": net([p, f, m], training=False)}
    serve_module(out, {"net": net}, serving_default=serve)


def _feed_particlenet(rng):
    m = np.ones((2, 32, 1), "float32")
    m[0, 20:] = 0.0
    return {"points": rng.random((2, 32, 2)), "features": rng.random((2, 32, 4)) * m, "mask": m}


FEEDS["s_particlenet_edgeconv_knn"] = _feed_particlenet


@model("s_gravnet_calorimeter_clustering", "keras-export", "GravNet-style calorimeter hit clustering, hits float [None,64,5] (x,y,z,E,t): Dense elu, 2 GravNet layers (learned 4-d coordinate space, pairwise distances, tf.math.top_k(k=10+1), exp(-10 d^2) weights, tf.gather batch_dims=1, mean and max aggregation, Concatenate, Dense tanh) + BN; per-hit outputs beta sigmoid, cluster coordinates(2), energy correction")
def b_gravnet(out):
    class GravNet(L.Layer):
        def __init__(self, k=10, n_dims=4, n_prop=16, n_filters=32, **kw):
            super().__init__(**kw)
            self.k = k
            self.space, self.flr, self.out = L.Dense(n_dims), L.Dense(n_prop), L.Dense(n_filters, activation="tanh")

        def call(self, x):
            s, f = self.space(x), self.flr(x)
            negd, idx = tf.math.top_k(-tf.nn.relu(_pairwise_sqdist(s)), k=self.k + 1)
            w = tf.exp(10.0 * negd[:, :, 1:])[..., None]
            nb = tf.gather(f, idx[:, :, 1:], batch_dims=1) * w
            return self.out(tf.concat([x, tf.reduce_mean(nb, 2), tf.reduce_max(nb, 2)], -1))
    i = keras.Input((64, 5), name="hits")
    x = L.Dense(32, activation="elu")(L.BatchNormalization()(i))
    feats = []
    for _ in range(2):
        x = L.BatchNormalization()(GravNet()(x))
        feats.append(x)
    x = L.Dense(32, activation="relu")(L.Concatenate()(feats))
    outs = [L.Dense(1, activation="sigmoid", name="beta")(x), L.Dense(2, name="cluster_coords")(x), L.Dense(1, name="energy_correction")(x)]
    keras_export(keras.Model(i, outs), out)


@model("s_interaction_network_jet_frozen", "frozen-pb", "interaction network jet tagger on 16 constituents float [None,16,4]: constant receiver/sender incidence matrices [16,240] applied with tf.einsum, relational MLP Dense 32/16 relu over concatenated edge pairs, aggregation back to receivers (einsum), object MLP, sum over particles, Dense softmax(5); frozen with convert_variables_to_constants_v2")
def b_in(out):
    n = 16
    pairs = [(r, s) for r in range(n) for s in range(n) if r != s]
    rr, rs = np.zeros((n, len(pairs)), "float32"), np.zeros((n, len(pairs)), "float32")
    for e, (r, s) in enumerate(pairs):
        rr[r, e], rs[s, e] = 1.0, 1.0

    class InteractionNetwork(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.fr = [L.Dense(32, activation="relu"), L.Dense(16, activation="relu")]
            self.fo = [L.Dense(32, activation="relu"), L.Dense(16, activation="relu")]

        def call(self, x):
            recv, send = tf.einsum("bnp,ne->bep", x, rr), tf.einsum("bnp,ne->bep", x, rs)
            e = tf.concat([recv, send], -1)
            for d in self.fr:
                e = d(e)
            o = tf.concat([x, tf.einsum("bed,ne->bnd", e, rr)], -1)
            for d in self.fo:
                o = d(o)
            return tf.reduce_sum(o, 1)
    i = keras.Input((n, 4), name="constituents")
    m = keras.Model(i, L.Dense(5, activation="softmax")(InteractionNetwork()(i)))
    freeze_keras(m, tensor_spec([None, n, 4], name="constituents"), out)


@model("s_calo_jet_image_cnn", "keras-export", "jet-image W-vs-QCD classifier on calorimeter images float [None,25,25,1]: Conv2D(16,4) relu, MaxPool, Conv2D(16,4) relu, MaxPool, Flatten, Dropout, Dense 64 relu, Dense sigmoid(1)")
def b_jetimage(out):
    i = keras.Input((25, 25, 1), name="jet_image")
    x = L.MaxPooling2D()(L.Conv2D(16, 4, activation="relu")(i))
    x = L.MaxPooling2D()(L.Conv2D(16, 4, activation="relu")(x))
    x = L.Dense(64, activation="relu")(L.Dropout(0.25)(L.Flatten()(x)))
    keras_export(keras.Model(i, L.Dense(1, activation="sigmoid")(x)), out)


@model("s_calo_shower_conv3d_batch4", "keras-export", "3D calorimeter shower regression + PID, fixed [4,12,12,20,1] (explicit input_signature): 3x Conv3D relu + BN with MaxPool3D, GlobalAveragePooling3D, Dense relu, outputs energy (linear) and particle type softmax(3)")
def b_calo3d(out):
    i = keras.Input((12, 12, 20, 1), batch_size=4, name="calo_cells")
    x = L.MaxPooling3D(2)(L.BatchNormalization()(L.Conv3D(8, 3, padding="same", activation="relu")(i)))
    x = L.MaxPooling3D(2)(L.BatchNormalization()(L.Conv3D(16, 3, padding="same", activation="relu")(x)))
    x = L.BatchNormalization()(L.Conv3D(32, 3, padding="same", activation="relu")(x))
    x = L.Dense(64, activation="relu")(L.GlobalAveragePooling3D()(x))
    keras_export(keras.Model(i, [L.Dense(1, name="energy")(x), L.Dense(3, activation="softmax", name="pid")(x)]), out, keep_fixed_batch=True)


@model("s_tf1_trigger_mlp_frozen", "frozen-pb", "TF1 tf.compat.v1 trigger-level MLP as frozen for a C++ framework: placeholder l1_inputs float [None,19], constant input standardization, get_variable matmul+bias_add layers 32/16/16 with relu, sigmoid score tf.identity 'trigger_score'; tf.compat.v1.graph_util.convert_variables_to_constants")
def b_tf1_trigger(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [None, 19], name="l1_inputs")
        rng = np.random.default_rng(1)
        h = (x - tf.constant(rng.normal(size=19).astype("float32"))) / tf.constant(rng.uniform(0.5, 2.0, 19).astype("float32"))
        for k, n in enumerate((32, 16, 16, 1)):
            w = v1.get_variable(f"dense_{k}/kernel", [h.shape[-1], n], initializer=v1.glorot_uniform_initializer(seed=k))
            b = v1.get_variable(f"dense_{k}/bias", [n], initializer=v1.zeros_initializer())
            h = tf.nn.bias_add(tf.matmul(h, w), b)
            h = tf.nn.relu(h) if n > 1 else tf.identity(tf.sigmoid(h), name="trigger_score")
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            gd = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), ["trigger_score"])
    out.write_bytes(gd.SerializeToString())


@model("s_detector_hits_scatter_to_image", "tf-module", "tf.Module single-event classifier from raw detector hits: hits float [None,3] (x, y in [0,1), energy) + layer ids int32 [None] (0..7); tf.floor/cast/clip_by_value cell indices, tf.tensor_scatter_nd_add into a 32x32 energy image, tf.math.unsorted_segment_sum of energy per layer; small CNN + Dense on per-layer energies -> softmax(3) [1,3]")
def b_hits(out):
    img_in, lay_in = keras.Input((32, 32, 1), name="image"), keras.Input((8,), name="layer_energy")
    x = L.MaxPooling2D()(cbr(img_in, 16))
    x = L.GlobalAveragePooling2D()(cbr(L.MaxPooling2D()(cbr(x, 32)), 32))
    x = L.Concatenate()([x, L.Dense(16, activation="relu")(L.Normalization(mean=1.0, variance=4.0)(lay_in))])
    net = keras.Model([img_in, lay_in], L.Dense(3, activation="softmax")(L.Dense(32, activation="relu")(x)))

    @tf.function(input_signature=[tensor_spec([None, 3], name="hits"), tensor_spec([None], "int32", "layer")])
    def classify(hits, layer):
        ij = tf.clip_by_value(tf.cast(tf.floor(hits[:, :2] * 32.0), tf.int32), 0, 31)
        img = tf.tensor_scatter_nd_add(tf.zeros([32, 32]), ij, hits[:, 2])
        layer_e = tf.math.unsorted_segment_sum(hits[:, 2], layer, 8)
        return {"probs": net([img[None, :, :, None], layer_e[None]], training=False)}
    serve_module(out, {"net": net}, serving_default=classify)


FEEDS["s_detector_hits_scatter_to_image"] = {"layer": (0, 8)}

# ================================================================================ medical imaging and biosignals

@model("s_unet3d_brain_mri_batch1", "keras-export", "tiny 3D U-Net for multi-modal brain MRI segmentation, fixed [1,16,16,16,4] (explicit input_signature): 2 levels of (2x Conv3D + BN + ReLU, MaxPool3D), bottleneck, Conv3DTranspose + Concatenate decoder, Conv3D 1x1x1 softmax(4) probabilities and Lambda int32 argmax label map")
def b_unet3d(out):
    def block(x, f):
        for _ in range(2):
            x = cbr(x, f, conv=L.Conv3D)
        return x
    i = keras.Input((16, 16, 16, 4), batch_size=1, name="mri")
    c1 = block(i, 8)
    c2 = block(L.MaxPooling3D(2)(c1), 16)
    b = block(L.MaxPooling3D(2)(c2), 32)
    u = block(L.Concatenate()([L.Conv3DTranspose(16, 2, 2)(b), c2]), 16)
    u = block(L.Concatenate()([L.Conv3DTranspose(8, 2, 2)(u), c1]), 8)
    probs = L.Conv3D(4, 1, activation="softmax", name="probs")(u)
    seg = L.Lambda(lambda p: ops.cast(ops.argmax(p, -1), "int32"), name="segmentation")(probs)
    keras_export(keras.Model(i, [probs, seg]), out, keep_fixed_batch=True)


@model("s_vnet_tiny_prelu_residual", "keras-export", "tiny V-Net for CT volumes float [None,16,16,16,1]: 5x5x5 Conv3D + PReLU(shared spatial axes) stages with residual adds (input broadcast by channel Concatenate), 2x2x2 stride-2 Conv3D down-convolutions, Conv3DTranspose up-convolutions, Concatenate skips, Conv3D 1x1x1 softmax(2)")
def b_vnet(out):
    def prelu(x):
        return L.PReLU(shared_axes=[1, 2, 3])(x)

    def stage(x, f, n):
        y = x
        for _ in range(n):
            y = prelu(L.Conv3D(f, 5, padding="same")(y))
        return prelu(L.Add()([x, y]))
    i = keras.Input((16, 16, 16, 1), name="ct")
    s1 = stage(L.Concatenate()([i] * 8), 8, 1)
    s2 = stage(prelu(L.Conv3D(16, 2, 2)(s1)), 16, 2)
    s3 = stage(prelu(L.Conv3D(32, 2, 2)(s2)), 32, 2)
    u2 = prelu(L.Conv3DTranspose(16, 2, 2)(s3))
    u2 = stage(L.Concatenate()([u2, s2]), 32, 2)
    u1 = prelu(L.Conv3DTranspose(8, 2, 2)(u2))
    u1 = stage(L.Concatenate()([u1, s1]), 16, 1)
    keras_export(keras.Model(i, L.Conv3D(2, 1, activation="softmax")(u1)), out)


@model("s_unet2d_cell_segmentation_argmax", "saved-model", "2D U-Net for microscopy cell segmentation, float [None,64,64,1]: 3 levels of double Conv/BN/ReLU with MaxPool, UpSampling2D + Concatenate decoder, softmax(3) (background/cell/boundary) and Lambda uint8 argmax mask; tf.saved_model.save of the Keras model")
def b_unet2d(out):
    def block(x, f):
        return cbr(cbr(x, f), f)
    i = keras.Input((64, 64, 1), name="image")
    skips, x = [], i
    for f in (16, 32, 64):
        x = block(x, f)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = block(x, 128)
    for f, s in zip((64, 32, 16), reversed(skips)):
        x = block(L.Concatenate()([L.UpSampling2D()(x), s]), f)
    probs = L.Conv2D(3, 1, activation="softmax", name="probs")(x)
    mask = L.Lambda(lambda p: ops.cast(ops.argmax(p, -1), "uint8"), name="mask")(probs)
    tf.saved_model.save(keras.Model(i, [probs, mask]), str(out))


@model("s_chest_xray_densenet_multilabel", "keras-export", "CheXNet-like multi-label chest X-ray classifier, float [None,64,64,3]: Conv 7x7 s2 + BN + ReLU + MaxPool, 2 dense blocks (BN-ReLU-Conv1x1-BN-ReLU-Conv3x3 growth 8, Concatenate) with a transition (BN-ReLU-Conv1x1-AvgPool), GlobalAveragePooling2D, Dense sigmoid(14)")
def b_chexnet(out):
    def dense_block(x, n):
        for _ in range(n):
            y = L.Conv2D(32, 1, use_bias=False)(L.ReLU()(L.BatchNormalization()(x)))
            y = L.Conv2D(8, 3, padding="same", use_bias=False)(L.ReLU()(L.BatchNormalization()(y)))
            x = L.Concatenate()([x, y])
        return x
    i = keras.Input((64, 64, 3), name="xray")
    x = L.MaxPooling2D(3, 2, padding="same")(cbr(i, 16, k=7, s=2))
    x = dense_block(x, 3)
    x = L.AveragePooling2D(2)(L.Conv2D(20, 1, use_bias=False)(L.ReLU()(L.BatchNormalization()(x))))
    x = L.ReLU()(L.BatchNormalization()(dense_block(x, 3)))
    keras_export(keras.Model(i, L.Dense(14, activation="sigmoid")(L.GlobalAveragePooling2D()(x))), out)


@model("s_histopathology_mobilenet_frozen", "frozen-pb", "histopathology tumour-patch classifier, fixed [1,48,48,3]: MobileNet-style Conv s2 + BN + ReLU6, 4 depthwise-separable blocks (DepthwiseConv2D + BN + ReLU6, Conv 1x1 + BN + ReLU6), GAP, Dropout, Dense softmax(2); frozen with convert_variables_to_constants_v2")
def b_histo(out):
    i = keras.Input((48, 48, 3), name="patch")
    x = cbr(L.Rescaling(1 / 127.5, offset=-1)(i), 16, s=2, act="relu6")
    for f, s in ((32, 1), (48, 2), (48, 1), (64, 2)):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, s, padding="same", use_bias=False)(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(x))
    freeze_keras(keras.Model(i, L.Dense(2, activation="softmax")(x)), tensor_spec([1, 48, 48, 3], name="patch"), out)


@model("s_attention_unet_gates", "keras-export", "Attention U-Net for ultrasound/CT slices, float [None,64,64,1]: Conv/BN/ReLU encoder with MaxPool, additive attention gates on each skip (1x1 theta(x) + 1x1 phi(g upsampled), ReLU, 1x1 psi, sigmoid, Multiply), UpSampling2D + Concatenate decoder, sigmoid(1) mask")
def b_attunet(out):
    def gate(x, g, f):
        a = L.ReLU()(L.Add()([L.Conv2D(f, 1)(x), L.Conv2D(f, 1)(g)]))
        return L.Multiply()([x, L.Conv2D(1, 1, activation="sigmoid")(a)])
    i = keras.Input((64, 64, 1), name="slice")
    skips, x = [], i
    for f in (16, 32, 64):
        x = cbr(cbr(x, f), f)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = cbr(x, 128)
    for f, s in zip((64, 32, 16), reversed(skips)):
        up = L.UpSampling2D()(x)
        x = cbr(cbr(L.Concatenate()([up, gate(s, up, f // 2)]), f), f)
    keras_export(keras.Model(i, L.Conv2D(1, 1, activation="sigmoid")(x)), out)


@model("s_mc_dropout_clinical_risk", "tf-module", "tf.Module Bayesian-ish clinical risk MLP with MC dropout, features float [None,20]: Dense 64 relu + custom MCDropout(0.2) layer (tf.nn.dropout when training) x2, Dense sigmoid; 'serving_default' runs 16 stochastic passes with training=True (tf.stack), returns mean, std and predictive entropy; 'deterministic' runs training=False")
def b_mcdrop(out):
    class MCDropout(L.Layer):
        def __init__(self, rate, **kw):
            super().__init__(**kw)
            self.rate = rate

        def call(self, x, training=None):
            return tf.nn.dropout(x, rate=self.rate) if training else x
    i = keras.Input((20,))
    x = MCDropout(0.2)(L.Dense(64, activation="relu")(i))
    x = MCDropout(0.2)(L.Dense(64, activation="relu")(x))
    net = keras.Model(i, L.Dense(1, activation="sigmoid")(x))
    sig = [tensor_spec([None, 20], name="features")]

    @tf.function(input_signature=sig)
    def mc(x):
        p = tf.stack([net(x, training=True)[:, 0] for _ in range(16)], 0)
        mean = tf.reduce_mean(p, 0)
        ent = -(mean * tf.math.log(mean + 1e-7) + (1.0 - mean) * tf.math.log(1.0 - mean + 1e-7))
        return {"risk_mean": mean, "risk_std": tf.math.reduce_std(p, 0), "entropy": ent}

    @tf.function(input_signature=sig)
    def deterministic(x):
        return {"risk": net(x, training=False)[:, 0]}
    serve_module(out, {"net": net}, serving_default=mc, deterministic=deterministic)


@model("s_ecg_resnet1d_arrhythmia_batch1", "keras-export", "1D ResNet ECG arrhythmia classifier, fixed [1,512,1] (explicit input_signature): Conv1D(16,15,s2) + BN + ReLU, 4 residual blocks (BN-ReLU-Dropout-Conv1D 9, stride 2 on alternate blocks with MaxPool1D shortcut, 1x1 Conv1D projection when channels change), GlobalAveragePooling1D, Dense softmax(5)")
def b_ecg(out):
    i = keras.Input((512, 1), batch_size=1, name="ecg")
    x = cbr(i, 16, k=15, s=2, conv=L.Conv1D)
    for k, f in enumerate((16, 32, 32, 48)):
        s = 2 if k % 2 else 1
        y = L.Conv1D(f, 9, s, padding="same")(L.Dropout(0.2)(L.ReLU()(L.BatchNormalization()(x))))
        y = L.Conv1D(f, 9, padding="same")(L.ReLU()(L.BatchNormalization()(y)))
        sc = L.MaxPooling1D(s, padding="same")(x) if s > 1 else x
        if sc.shape[-1] != f:
            sc = L.Conv1D(f, 1)(sc)
        x = L.Add()([y, sc])
    x = L.GlobalAveragePooling1D()(L.ReLU()(L.BatchNormalization()(x)))
    keras_export(keras.Model(i, L.Dense(5, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("s_eegnet_motor_imagery", "saved-model", "EEGNet-8,2 for motor imagery, float [None,22,128,1] (electrodes x samples): temporal Conv2D (1,32) no bias + BN, DepthwiseConv2D (22,1) depth_multiplier 2 with MaxNorm(1) + BN + ELU, AvgPool (1,4), Dropout, SeparableConv2D (1,16) + BN + ELU, AvgPool (1,8), Flatten, Dense(4) MaxNorm(0.25), softmax; tf.saved_model.save of the Keras model")
def b_eegnet(out):
    i = keras.Input((22, 128, 1), name="eeg")
    x = L.BatchNormalization()(L.Conv2D(8, (1, 32), padding="same", use_bias=False)(i))
    x = L.DepthwiseConv2D((22, 1), use_bias=False, depth_multiplier=2, depthwise_constraint=keras.constraints.MaxNorm(1.0))(x)
    x = L.Dropout(0.25)(L.AveragePooling2D((1, 4))(L.Activation("elu")(L.BatchNormalization()(x))))
    x = L.Activation("elu")(L.BatchNormalization()(L.SeparableConv2D(16, (1, 16), padding="same", use_bias=False)(x)))
    x = L.Flatten()(L.Dropout(0.25)(L.AveragePooling2D((1, 8))(x)))
    x = L.Dense(4, kernel_constraint=keras.constraints.MaxNorm(0.25))(x)
    tf.saved_model.save(keras.Model(i, L.Softmax()(x)), str(out))


@model("s_survival_discrete_hazard_cumsum", "keras-export", "discrete-time survival model (DeepHit/nnet-survival style), patient features float [None,30]: Dense 64 relu + BN + Dropout x2, Dense sigmoid(20) interval hazards, SurvivalCurve layer exp(tf.math.cumsum(log(1 - h + 1e-7))); outputs hazards and survival curve")
def b_survival(out):
    class SurvivalCurve(L.Layer):
        def call(self, h):
            return tf.exp(tf.math.cumsum(tf.math.log(1.0 - h + 1e-7), axis=-1))
    i = keras.Input((30,), name="patient")
    x = i
    for _ in range(2):
        x = L.Dropout(0.2)(L.BatchNormalization()(L.Dense(64, activation="relu")(x)))
    h = L.Dense(20, activation="sigmoid", name="hazards")(x)
    keras_export(keras.Model(i, [h, SurvivalCurve(name="survival")(h)]), out)

# ================================================================================ remote sensing

@model("s_sentinel2_indices_dilated_aspp", "keras-export", "Sentinel-2 land-cover segmentation, 13-band reflectance float [None,64,64,13]: SpectralIndices layer (NDVI, NDWI, NDBI as band-slice ratios (a-b)/(a+b+1e-6), Concatenate), Conv/BN/ReLU, ASPP-lite (4 parallel 3x3 convs dilation 1/2/4/8), 1x1 conv, softmax(6)")
def b_s2(out):
    class SpectralIndices(L.Layer):
        def call(self, x):
            b3, b4, b8, b11 = x[..., 2:3], x[..., 3:4], x[..., 7:8], x[..., 11:12]
            nd = lambda a, b: (a - b) / (a + b + 1e-6)  # noqa: E731
            return tf.concat([x, nd(b8, b4), nd(b3, b8), nd(b11, b8)], -1)
    i = keras.Input((64, 64, 13), name="reflectance")
    x = cbr(cbr(SpectralIndices()(i), 32), 32)
    x = L.Concatenate()([cbr(x, 16, dilation=d) for d in (1, 2, 4, 8)])
    keras_export(keras.Model(i, L.Conv2D(6, 1, activation="softmax")(cbr(x, 32, k=1))), out)


@model("s_sar_despeckle_log_residual", "keras-export", "SAR-CNN despeckling, intensity float [None,64,64,1]: Lambda log(x + 1e-3), DnCNN residual body (Conv relu, 4x Conv/BN/ReLU, Conv), Subtract predicted log-speckle, Lambda exp back to intensity")
def b_sar(out):
    i = keras.Input((64, 64, 1), name="intensity")
    lg = L.Lambda(lambda t: ops.log(t + 1e-3))(i)
    x = L.Conv2D(32, 3, padding="same", activation="relu")(lg)
    for _ in range(4):
        x = cbr(x, 32)
    x = L.Subtract()([lg, L.Conv2D(1, 3, padding="same")(x)])
    keras_export(keras.Model(i, L.Lambda(lambda t: ops.exp(t))(x)), out)


@model("s_cloud_mask_uint8_bands_module", "tf-module", "tf.Module cloud/shadow mask for uint8 RGB+NIR tiles [None,64,64,4]: tf.cast + Rescaling(1/255), small Conv/BN/ReLU encoder-decoder (strided convs, Conv2DTranspose, Add skips), softmax(3); serving returns probabilities and a uint8 class map (tf.argmax + cast) and the cloud fraction per tile")
def b_cloud(out):
    i = keras.Input((64, 64, 4))
    x1 = cbr(L.Rescaling(1 / 255.0)(i), 16)
    x2 = cbr(x1, 32, s=2)
    x3 = cbr(x2, 48, s=2)
    u = L.Add()([cbr(L.Conv2DTranspose(32, 3, 2, padding="same")(x3), 32), x2])
    u = L.Add()([cbr(L.Conv2DTranspose(16, 3, 2, padding="same")(u), 16), x1])
    net = keras.Model(i, L.Conv2D(3, 1, activation="softmax")(u))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 4], "uint8", "tile")])
    def serve(t):
        p = net(tf.cast(t, tf.float32), training=False)
        cls = tf.cast(tf.argmax(p, -1), tf.uint8)
        return {"probs": p, "class_map": cls, "cloud_fraction": tf.reduce_mean(tf.cast(tf.equal(cls, 1), tf.float32), [1, 2])}
    serve_module(out, {"net": net}, serving_default=serve)

# ================================================================================ time series

@model("s_nbeats_generic_stack", "keras-export", "N-BEATS generic: lookback float [None,48] -> 3 blocks of (4x Dense 64 relu, linear theta_b/theta_f Dense, backcast Dense(48), forecast Dense(12)), doubly residual (Subtract backcast, Add forecasts) -> forecast [None,12]")
def b_nbeats(out):
    i = keras.Input((48,), name="lookback")
    x, fc = i, None
    for _ in range(3):
        h = x
        for _ in range(4):
            h = L.Dense(64, activation="relu")(h)
        back = L.Dense(48)(L.Dense(16, use_bias=False)(h))
        f = L.Dense(12)(L.Dense(16, use_bias=False)(h))
        x = L.Subtract()([x, back])
        fc = f if fc is None else L.Add()([fc, f])
    keras_export(keras.Model(i, fc), out)


@model("s_nbeats_interpretable_basis", "saved-model", "N-BEATS interpretable: lookback float [None,48], per-window scaling by max |x| (custom layer), trend block (theta Dense(3) @ constant polynomial basis) and seasonality block (theta @ constant Fourier cos/sin basis), doubly residual; outputs forecast [None,12], trend and seasonality components; tf.saved_model.save of the Keras model")
def b_nbeats_i(out):
    H, B = 12, 48

    def poly(n, p=3):
        t = np.arange(n, dtype="float32") / n
        return np.stack([t ** k for k in range(p)]).astype("float32")

    def fourier(n, k=5):
        t = np.arange(n, dtype="float32") / n
        return np.concatenate([np.cos(2 * np.pi * np.outer(np.arange(k), t)), np.sin(2 * np.pi * np.outer(np.arange(1, k), t))]).astype("float32")

    class BasisBlock(L.Layer):
        def __init__(self, basis_b, basis_f, **kw):
            super().__init__(**kw)
            self.bb, self.bf = basis_b, basis_f
            self.fc = [L.Dense(64, activation="relu") for _ in range(4)]
            self.tb, self.tf_ = L.Dense(basis_b.shape[0], use_bias=False), L.Dense(basis_f.shape[0], use_bias=False)

        def call(self, x):
            h = x
            for d in self.fc:
                h = d(h)
            return tf.matmul(self.tb(h), self.bb), tf.matmul(self.tf_(h), self.bf)

    class Scale(L.Layer):
        def call(self, x):
            s = tf.reduce_max(tf.abs(x), axis=1, keepdims=True) + 1e-6
            return x / s, s
    i = keras.Input((B,), name="lookback")
    x, s = Scale()(i)
    tb, tf_ = BasisBlock(poly(B), poly(H), name="trend")(x)
    sb, sf = BasisBlock(fourier(B), fourier(H), name="seasonality")(L.Subtract()([x, tb]))
    trend, season = L.Multiply()([tf_, s]), L.Multiply()([sf, s])
    m = keras.Model(i, {"forecast": L.Add()([trend, season]), "trend": trend, "seasonality": season})
    tf.saved_model.save(m, str(out))


@model("s_tcn_causal_dilated_residual", "keras-export", "TCN forecaster, multivariate float [None,64,3]: 4 residual blocks of 2x Conv1D(k=3, padding='causal', dilation 1/2/4/8) relu + SpatialDropout1D, 1x1 Conv1D on the first skip, Add; last time step via Lambda slice, Dense(1)")
def b_tcn(out):
    i = keras.Input((64, 3), name="series")
    x = i
    for d in (1, 2, 4, 8):
        y = x
        for _ in range(2):
            y = L.SpatialDropout1D(0.1)(L.Conv1D(24, 3, padding="causal", dilation_rate=d, activation="relu")(y))
        x = L.ReLU()(L.Add()([y, x if x.shape[-1] == 24 else L.Conv1D(24, 1)(x)]))
    keras_export(keras.Model(i, L.Dense(1)(L.Lambda(lambda t: t[:, -1, :])(x))), out)


@model("s_lstm_seq2seq_repeatvector", "keras-export", "LSTM encoder-decoder load forecaster, float [None,24,4] -> LSTM(32) encoder, RepeatVector(12), LSTM(32, return_sequences) decoder, TimeDistributed(Dense(1)) -> [None,12,1]")
def b_seq2seq(out):
    i = keras.Input((24, 4), name="history")
    x = L.LSTM(32, return_sequences=True)(L.RepeatVector(12)(L.LSTM(32)(i)))
    keras_export(keras.Model(i, L.TimeDistributed(L.Dense(1))(x)), out)


@model("s_gru_autoregressive_decoder", "tf-module", "tf.Module autoregressive GRU forecaster: history float [None,24,3] (target first) + known future covariates [None,12,2]; keras GRU(32, return_state) encoder, GRUCell decoder unrolled by a python loop over 12 steps feeding back its own Dense(1) prediction concatenated with covariates; returns forecast [None,12]")
def b_gru_ar(out):
    i = keras.Input((24, 3))
    _, h = L.GRU(32, return_state=True)(i)
    enc = keras.Model(i, h)
    cell, proj = L.GRUCell(32), L.Dense(1)
    cell.build((None, 3))
    proj.build((None, 32))

    @tf.function(input_signature=[tensor_spec([None, 24, 3], name="history"), tensor_spec([None, 12, 2], name="future_covariates")])
    def forecast(hist, cov):
        h, y, outs = enc(hist, training=False), hist[:, -1, :1], []
        for t in range(12):
            o, st = cell(tf.concat([y, cov[:, t]], -1), [h])
            h = st[0] if isinstance(st, (list, tuple)) else st
            y = proj(o)
            outs.append(y)
        return {"forecast": tf.concat(outs, -1)}
    serve_module(out, {"encoder": enc, "cell": cell, "proj": proj}, serving_default=forecast)


@model("s_informer_probsparse_encoder", "keras-export", "Informer-like long-sequence forecaster, float [None,48,7]: circular-pad + Conv1D token embedding + constant sinusoidal positions, 2 encoder layers with ProbSparse self-attention (2 heads; sparsity measure max-mean of QK^T, tf.math.top_k active queries, tf.gather batch_dims=2, softmax, mean-of-V for lazy queries, tf.tensor_scatter_nd_update), LayerNorm + Conv1D FFN, distilling Conv1D + BN + ELU + MaxPool1D(3,2), Flatten, Dense(24)")
def b_informer(out):
    class ProbSparseAttention(L.Layer):
        def __init__(self, d, heads, factor=5, **kw):
            super().__init__(**kw)
            self.d, self.h, self.factor = d, heads, factor
            self.q, self.k, self.v, self.o = (L.Dense(d) for _ in range(4))

        def call(self, x):
            b, n, dh = tf.shape(x)[0], x.shape[1], self.d // self.h
            u = min(n, self.factor * int(np.ceil(np.log(n))))

            def split(t):
                return tf.transpose(tf.reshape(t, [b, n, self.h, dh]), [0, 2, 1, 3])
            q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
            scores = tf.matmul(q, k, transpose_b=True) / np.sqrt(dh).astype("float32")
            sparsity = tf.reduce_max(scores, -1) - tf.reduce_mean(scores, -1)
            _, top = tf.math.top_k(sparsity, u)  # [B,H,u]
            upd = tf.matmul(tf.nn.softmax(tf.gather(scores, top, batch_dims=2)), v)
            ctx = tf.tile(tf.reduce_mean(v, 2, keepdims=True), [1, 1, n, 1])
            bi = tf.broadcast_to(tf.range(b)[:, None, None], tf.shape(top))
            hi = tf.broadcast_to(tf.range(self.h)[None, :, None], tf.shape(top))
            ctx = tf.tensor_scatter_nd_update(ctx, tf.stack([bi, hi, top], -1), upd)
            return self.o(tf.reshape(tf.transpose(ctx, [0, 2, 1, 3]), [b, n, self.d]))

    class CircularPad1D(L.Layer):
        def call(self, x):
            return tf.concat([x[:, -1:], x, x[:, :1]], 1)

    class PositionalEncoding(L.Layer):
        def call(self, x):
            n, d = x.shape[1], x.shape[2]
            pos, k = np.arange(n)[:, None], np.arange(d)[None, :]
            ang = pos / np.power(10000.0, (2 * (k // 2)) / d)
            pe = np.where(k % 2 == 0, np.sin(ang), np.cos(ang)).astype("float32")
            return x + pe[None]

    def encoder_layer(x):
        x = L.LayerNormalization()(L.Add()([x, L.Dropout(0.05)(ProbSparseAttention(32, 2)(x))]))
        y = L.Conv1D(32, 1)(L.Dropout(0.05)(L.Conv1D(64, 1, activation="gelu")(x)))
        return L.LayerNormalization()(L.Add()([x, y]))
    i = keras.Input((48, 7), name="series")
    x = PositionalEncoding()(L.Conv1D(32, 3)(CircularPad1D()(i)))
    x = encoder_layer(x)
    x = L.MaxPooling1D(3, 2, padding="same")(L.Activation("elu")(L.BatchNormalization()(L.Conv1D(32, 3, padding="same")(x))))
    x = L.LayerNormalization()(encoder_layer(x))
    keras_export(keras.Model(i, L.Reshape((24, 1))(L.Dense(24)(L.Flatten()(x)))), out)

# ================================================================================ anomaly detection

@model("s_dense_autoencoder_sensor_anomaly", "keras-export", "industrial sensor anomaly autoencoder, standardized readings float [None,64]: Dense 32/16/8 relu bottleneck, Dense 16/32 relu, Dense(64) reconstruction; Lambda per-sample MSE score and Lambda float flag (score > 0.5 via ops.where); 3 outputs")
def b_dense_ae(out):
    i = keras.Input((64,), name="readings")
    x = i
    for n in (32, 16, 8, 16, 32):
        x = L.Dense(n, activation="relu")(x)
    rec = L.Dense(64, name="reconstruction")(x)
    score = L.Lambda(lambda t: ops.mean(ops.square(t[0] - t[1]), axis=-1), name="score")([i, rec])
    flag = L.Lambda(lambda s: ops.where(s > 0.5, 1.0, 0.0), name="anomaly")(score)
    keras_export(keras.Model(i, [rec, score, flag]), out)


@model("s_conv_autoencoder_surface_defect", "tf-module", "tf.Module MVTec-style surface-defect conv autoencoder, image float [None,64,64,3]: strided Conv2D/BN/LeakyReLU encoder to 8x8, Conv2DTranspose decoder, sigmoid; serving returns reconstruction, squared-error anomaly map (channel mean, smoothed by tf.nn.avg_pool2d 5x5 stride 1) and image score (reduce_max)")
def b_conv_ae(out):
    i = keras.Input((64, 64, 3))
    x = i
    for f in (16, 32, 64):
        x = L.LeakyReLU(0.2)(L.BatchNormalization()(L.Conv2D(f, 4, 2, padding="same")(x)))
    for f in (32, 16):
        x = L.LeakyReLU(0.2)(L.BatchNormalization()(L.Conv2DTranspose(f, 4, 2, padding="same")(x)))
    ae = keras.Model(i, L.Conv2DTranspose(3, 4, 2, padding="same", activation="sigmoid")(x))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def serve(img):
        rec = ae(img, training=False)
        err = tf.nn.avg_pool2d(tf.reduce_mean(tf.square(img - rec), -1, keepdims=True), 5, 1, "SAME")
        return {"reconstruction": rec, "anomaly_map": err, "score": tf.reduce_max(err, [1, 2, 3])}
    serve_module(out, {"autoencoder": ae}, serving_default=serve)


@model("s_lstm_autoencoder_vibration", "keras-export", "LSTM autoencoder for vibration windows, float [None,32,3]: LSTM(16) encoder, RepeatVector(32), LSTM(16, return_sequences) decoder, TimeDistributed(Dense(3)) reconstruction")
def b_lstm_ae(out):
    i = keras.Input((32, 3), name="window")
    x = L.LSTM(16, return_sequences=True)(L.RepeatVector(32)(L.LSTM(16)(i)))
    keras_export(keras.Model(i, L.TimeDistributed(L.Dense(3))(x)), out)


@model("s_tf1_sensor_autoencoder_simple_save", "tf1-savedmodel", "TF1 tf.compat.v1 dense autoencoder for process-plant sensors: placeholder x float [None,24], get_variable matmul layers 16/6/16 with tanh, linear reconstruction, per-sample reduce_mean squared error; tf.compat.v1.saved_model.simple_save")
def b_tf1_ae(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [None, 24], name="x")
        h = x
        for k, n in enumerate((16, 6, 16, 24)):
            w = v1.get_variable(f"ae{k}/w", [h.shape[-1], n], initializer=v1.glorot_uniform_initializer(seed=k))
            h = tf.matmul(h, w) + v1.get_variable(f"ae{k}/b", [n], initializer=v1.zeros_initializer())
            if k < 3:
                h = tf.tanh(h)
        err = tf.reduce_mean(tf.square(x - h), axis=1, name="reconstruction_error")
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            v1.saved_model.simple_save(s, str(out), {"x": x}, {"reconstruction": h, "error": err})


@model("s_vibration_rfft_bearing_fault", "tf-module", "tf.Module bearing-fault classifier on raw accelerometer windows float [None,1024]: Hann window, tf.signal.rfft, tf.abs, log1p spectrum [513] plus RMS, crest factor and kurtosis; Dense 64 relu, Dropout, Dense 32 relu, softmax(4)")
def b_vibration(out):
    i = keras.Input((516,))
    x = L.Dropout(0.2)(L.Dense(64, activation="relu")(L.BatchNormalization()(i)))
    net = keras.Model(i, L.Dense(4, activation="softmax")(L.Dense(32, activation="relu")(x)))
    win = tf.signal.hann_window(1024)

    @tf.function(input_signature=[tensor_spec([None, 1024], name="acceleration")])
    def classify(a):
        a = a - tf.reduce_mean(a, -1, keepdims=True)
        spec = tf.math.log1p(tf.abs(tf.signal.rfft(a * win)))
        rms = tf.sqrt(tf.reduce_mean(tf.square(a), -1, keepdims=True) + 1e-12)
        crest = tf.reduce_max(tf.abs(a), -1, keepdims=True) / rms
        kurt = tf.reduce_mean(tf.pow(a / rms, 4.0), -1, keepdims=True)
        return {"probs": net(tf.concat([spec, rms, crest, kurt], -1), training=False)}
    serve_module(out, {"net": net}, serving_default=classify)

# ================================================================================ speech and OCR

@model("s_conformer_ctc_small", "keras-export", "small Conformer CTC acoustic model, log-mel float [None,None,40] (dynamic time): 2x Conv2D stride-2 subsampling, Dense(64), 2 Conformer blocks (half-step FFN with swish, MultiHeadAttention 4 heads, conv module: pointwise Conv1D + GLU, DepthwiseConv1D(7), BN, swish, pointwise Conv1D; half-step FFN, LayerNorm), Dense(29) logits and log_softmax")
def b_conformer(out):
    d = 64

    def ffn(x):
        y = L.Dense(d)(L.Dropout(0.1)(L.Dense(4 * d, activation="swish")(L.LayerNormalization()(x))))
        return L.Add()([x, L.Rescaling(0.5)(y)])

    def conv_module(x):
        y = L.Conv1D(2 * d, 1)(L.LayerNormalization()(x))
        y = L.Lambda(lambda t: t[..., :d] * ops.sigmoid(t[..., d:]))(y)
        y = L.Activation("swish")(L.BatchNormalization()(L.DepthwiseConv1D(7, padding="same")(y)))
        return L.Add()([x, L.Dropout(0.1)(L.Conv1D(d, 1)(y))])
    i = keras.Input((None, 40), name="log_mel")
    x = L.Reshape((-1, 40, 1))(i)
    for _ in range(2):
        x = L.Conv2D(32, 3, 2, padding="same", activation="relu")(x)
    x = L.Dense(d)(L.Reshape((-1, 10 * 32))(x))
    for _ in range(2):
        x = ffn(x)
        y = L.LayerNormalization()(x)
        x = L.Add()([x, L.Dropout(0.1)(L.MultiHeadAttention(4, d // 4)(y, y))])
        x = L.LayerNormalization()(ffn(conv_module(x)))
    logits = L.Dense(29, name="logits")(x)
    keras_export(keras.Model(i, [logits, L.Activation("log_softmax", name="log_probs")(logits)]), out)


@model("s_crnn_ctc_waveform_mfcc", "tf-module", "tf.Module speech recognizer on raw audio float [None,8000]: tf.signal.stft(400,160,512), abs, linear_to_mel_weight_matrix tensordot, log, tf.signal.mfccs_from_log_mel_spectrograms (13), per-utterance CMVN; CRNN (Conv2D + MaxPool, Reshape, Bidirectional GRU(32), Dense(29)); 'serving_default' -> logits, log_probs; 'transcribe' -> tf.nn.ctc_greedy_decoder tokens (tf.sparse.to_dense)")
def b_crnn_speech(out):
    i = keras.Input((None, 13))
    x = L.Reshape((-1, 13, 1))(i)
    x = L.MaxPooling2D((1, 2))(cbr(x, 16))
    x = cbr(x, 32)
    x = L.Reshape((-1, 6 * 32))(x)
    x = L.Bidirectional(L.GRU(32, return_sequences=True))(x)
    net = keras.Model(i, L.Dense(29)(x))
    mel = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 7600.0)
    sig = [tensor_spec([None, 8000], name="waveform")]

    def logits_of(w):
        s = tf.abs(tf.signal.stft(w, 400, 160, 512))
        mfcc = tf.signal.mfccs_from_log_mel_spectrograms(tf.math.log(tf.tensordot(s, mel, 1) + 1e-6))[..., :13]
        mean, var = tf.nn.moments(mfcc, axes=[1], keepdims=True)
        return net((mfcc - mean) * tf.math.rsqrt(var + 1e-5), training=False)

    @tf.function(input_signature=sig)
    def serve(w):
        lg = logits_of(w)
        return {"logits": lg, "log_probs": tf.nn.log_softmax(lg)}

    @tf.function(input_signature=sig)
    def transcribe(w):
        lp = tf.nn.log_softmax(logits_of(w))
        seq_len = tf.fill([tf.shape(lp)[0]], tf.shape(lp)[1])
        decoded, _ = tf.nn.ctc_greedy_decoder(tf.transpose(lp, [1, 0, 2]), seq_len, blank_index=0)
        return {"tokens": tf.sparse.to_dense(decoded[0], default_value=-1)}
    serve_module(out, {"net": net}, serving_default=serve, transcribe=transcribe)


@model("s_kws_dscnn_frozen", "frozen-pb", "keyword-spotting DS-CNN (ARM ML-zoo style), MFCC float [1,49,10,1]: Conv2D(32,(10,4),s(2,2)) + BN + ReLU, 4 depthwise-separable blocks (DepthwiseConv2D 3x3 + BN + ReLU, Conv 1x1 + BN + ReLU), AveragePooling2D, Flatten, Dense softmax(12); frozen with convert_variables_to_constants_v2")
def b_kws(out):
    i = keras.Input((49, 10, 1), name="mfcc")
    x = cbr(i, 32, k=(10, 4), s=(2, 2))
    for _ in range(4):
        x = cbr(x, 32, conv=lambda f, k, strides, padding, use_bias: L.DepthwiseConv2D(k, strides, padding=padding, use_bias=use_bias))
        x = cbr(x, 32, k=1)
    x = L.Flatten()(L.AveragePooling2D(x.shape[1:3])(x))
    m = keras.Model(i, L.Dense(12, activation="softmax")(x))
    freeze_function(lambda t: m(t, training=False), [tensor_spec([1, 49, 10, 1], name="mfcc")], out)


@model("s_ocr_crnn_bilstm", "keras-export", "CRNN text-line recognizer, grayscale float [None,32,128,1]: 4 Conv/BN/ReLU stages with MaxPool (2,2),(2,2),(2,1),(2,1), Permute + Reshape to a 32-step sequence, Dense(64), 2x Bidirectional LSTM(32), Dense softmax(38) per step (CTC classes incl. blank)")
def b_ocr(out):
    i = keras.Input((32, 128, 1), name="line_image")
    x = i
    for f, p in ((16, (2, 2)), (32, (2, 2)), (48, (2, 1)), (48, (2, 1))):
        x = L.MaxPooling2D(p)(cbr(x, f))
    x = L.Reshape((32, 2 * 48))(L.Permute((2, 1, 3))(x))
    x = L.Dense(64, activation="relu")(x)
    for _ in range(2):
        x = L.Bidirectional(L.LSTM(32, return_sequences=True))(x)
    keras_export(keras.Model(i, L.Dense(38, activation="softmax")(x)), out)

# ================================================================================ pose, face, metric learning

@model("s_pose_heatmaps_argmax_decode", "tf-module", "tf.Module SimpleBaseline-style human pose, image float [None,64,64,3]: 3 strided Conv/BN/ReLU stages, Conv2DTranspose deconv head, Conv 1x1 -> 17 heatmaps 16x16; serving decodes keypoints with tf.argmax over flattened maps, floordiv/floormod, quarter-pixel shift from sign of neighbour differences (tf.gather batch_dims=2, clip_by_value), scale to input pixels; returns heatmaps, keypoints [None,17,2], scores")
def b_pose_hm(out):
    i = keras.Input((64, 64, 3))
    x = cbr(cbr(cbr(i, 16, s=2), 32, s=2), 64, s=2)
    x = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(32, 4, 2, padding="same", use_bias=False)(x)))
    net = keras.Model(i, L.Conv2D(17, 1)(x))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def serve(img):
        hm = net(img, training=False)
        b, h, w, k = tf.shape(hm)[0], 16, 16, 17
        flat = tf.reshape(tf.transpose(hm, [0, 3, 1, 2]), [b, k, h * w])
        idx = tf.argmax(flat, -1, output_type=tf.int32)
        y, x = tf.math.floordiv(idx, w), tf.math.floormod(idx, w)

        def at(yy, xx):
            return tf.gather(flat, tf.clip_by_value(yy, 0, h - 1) * w + tf.clip_by_value(xx, 0, w - 1), batch_dims=2)
        dx = 0.25 * tf.sign(at(y, x + 1) - at(y, x - 1))
        dy = 0.25 * tf.sign(at(y + 1, x) - at(y - 1, x))
        kp = tf.stack([tf.cast(x, tf.float32) + dx, tf.cast(y, tf.float32) + dy], -1) * 4.0
        return {"heatmaps": hm, "keypoints": kp, "scores": tf.reduce_max(flat, -1)}
    serve_module(out, {"net": net}, serving_default=serve)


@model("s_hand_pose_integral_soft_argmax", "keras-export", "integral-regression hand pose, image float [None,64,64,3]: residual Conv/BN/ReLU backbone to 16x16, 21 heatmaps, SoftArgmax2D layer (transpose, reshape, softmax with beta=10 over H*W, expectation against tf.linspace grids) -> normalized keypoints [None,21,2]; outputs heatmaps and keypoints")
def b_hand(out):
    class SoftArgmax2D(L.Layer):
        def call(self, hm):
            h, w, k = hm.shape[1], hm.shape[2], hm.shape[3]
            p = tf.nn.softmax(10.0 * tf.reshape(tf.transpose(hm, [0, 3, 1, 2]), [-1, k, h * w]))
            p = tf.reshape(p, [-1, k, h, w])
            x = tf.reduce_sum(tf.reduce_sum(p, 2) * tf.linspace(0.0, 1.0, w), -1)
            y = tf.reduce_sum(tf.reduce_sum(p, 3) * tf.linspace(0.0, 1.0, h), -1)
            return tf.stack([x, y], -1)
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(cbr(i, 16, s=2), 32, s=2)
    for _ in range(2):
        x = L.ReLU()(L.Add()([x, cbr(cbr(x, 32), 32, act="linear")]))
    hm = L.Conv2D(21, 1, name="heatmaps")(x)
    keras_export(keras.Model(i, [hm, SoftArgmax2D(name="keypoints")(hm)]), out)


@model("s_mobilefacenet_l2_embedding", "keras-export", "MobileFaceNet-lite face embedding, aligned face float [None,64,64,3]: Conv s2 + BN + PReLU, depthwise conv, inverted-residual bottlenecks (1x1 expand + PReLU, DepthwiseConv2D, linear 1x1 project, Add when stride 1), Conv 1x1 128 + PReLU, global depthwise conv (DepthwiseConv2D 4x4 valid) + BN, linear 1x1 conv, Flatten, BN, Lambda tf.math.l2_normalize -> [None,128]")
def b_facenet(out):
    def prelu(x):
        return L.PReLU(shared_axes=[1, 2])(x)

    def bottleneck(x, f, s, t=2):
        y = prelu(L.BatchNormalization()(L.Conv2D(x.shape[-1] * t, 1, use_bias=False)(x)))
        y = prelu(L.BatchNormalization()(L.DepthwiseConv2D(3, s, padding="same", use_bias=False)(y)))
        y = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(y))
        return L.Add()([x, y]) if s == 1 and x.shape[-1] == f else y
    i = keras.Input((64, 64, 3), name="face")
    x = prelu(L.BatchNormalization()(L.Conv2D(32, 3, 2, padding="same", use_bias=False)(i)))
    x = prelu(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(x)))
    for f, s in ((48, 2), (48, 1), (64, 2), (64, 1), (64, 2)):
        x = bottleneck(x, f, s)
    x = prelu(L.BatchNormalization()(L.Conv2D(128, 1, use_bias=False)(x)))
    x = L.BatchNormalization()(L.DepthwiseConv2D(4, padding="valid", use_bias=False)(x))
    x = L.BatchNormalization()(L.Flatten()(L.Conv2D(128, 1, use_bias=False)(x)))
    keras_export(keras.Model(i, L.Lambda(lambda t: tf.math.l2_normalize(t, axis=1))(x)), out)


@model("s_siamese_signature_verification", "keras-export", "siamese signature/face verification, two images float [None,48,48,1]: shared Conv/BN/ReLU + MaxPool tower to a Dense(64) embedding with UnitNormalization, cosine similarity via Dot(normalize=False) of unit vectors, Dense(1) sigmoid on the scaled similarity")
def b_siamese(out):
    t_in = keras.Input((48, 48, 1))
    x = t_in
    for f in (16, 32, 48):
        x = L.MaxPooling2D()(cbr(x, f))
    tower = keras.Model(t_in, L.UnitNormalization()(L.Dense(64)(L.GlobalAveragePooling2D()(x))))
    a, b = keras.Input((48, 48, 1), name="image_a"), keras.Input((48, 48, 1), name="image_b")
    sim = L.Dot(axes=1)([tower(a), tower(b)])
    keras_export(keras.Model([a, b], L.Dense(1, activation="sigmoid")(sim)), out)

# ================================================================================ tabular, probabilistic, scientific ML

@model("s_tabnet_sparsemax_attentive", "keras-export", "TabNet-like classifier on tabular float [None,24]: input BN, feature transformers (shared + step-specific Dense + BN + GLU with sqrt(0.5) residual scaling), 3 decision steps with attentive transformer (Dense + BN, prior scaling, Sparsemax layer via tf.sort descending, tf.math.cumsum, support count, threshold tau), prior update prior*(1.3 - mask); outputs sigmoid(1) and aggregated feature importances")
def b_tabnet(out):
    class Sparsemax(L.Layer):
        def call(self, z):
            d = z.shape[-1]
            zs = tf.sort(z, axis=-1, direction="DESCENDING")
            k = tf.range(1, d + 1, dtype=z.dtype)
            support = tf.cast(1.0 + k * zs > tf.math.cumsum(zs, axis=-1), z.dtype)
            k_z = tf.reduce_sum(support, -1, keepdims=True)
            tau = (tf.reduce_sum(zs * support, -1, keepdims=True) - 1.0) / k_z
            return tf.maximum(z - tau, 0.0)

    class GLU(L.Layer):
        def call(self, t):
            a, b = tf.split(t, 2, axis=-1)
            return a * tf.sigmoid(b)
    n_d = n_a = 8
    shared = [L.Dense(2 * (n_d + n_a), use_bias=False) for _ in range(2)]

    def feat_transformer(h):
        for k in range(4):
            dense = shared[k] if k < 2 else L.Dense(2 * (n_d + n_a), use_bias=False)
            y = GLU()(L.BatchNormalization()(dense(h)))
            h = y if k == 0 else L.Rescaling(np.sqrt(0.5))(L.Add()([h, y]))
        return h
    i = keras.Input((24,), name="features")
    x = L.BatchNormalization()(i)
    prior = L.Lambda(lambda t: ops.ones_like(t))(x)
    a = L.Lambda(lambda t: t[:, n_d:])(feat_transformer(x))
    agg, masks = None, []
    for _ in range(3):
        m = Sparsemax()(L.Multiply()([L.BatchNormalization()(L.Dense(24, use_bias=False)(a)), prior]))
        prior = L.Lambda(lambda t: t[0] * (1.3 - t[1]))([prior, m])
        h = feat_transformer(L.Multiply()([m, x]))
        d = L.ReLU()(L.Lambda(lambda t: t[:, :n_d])(h))
        a = L.Lambda(lambda t: t[:, n_d:])(h)
        agg = d if agg is None else L.Add()([agg, d])
        masks.append(m)
    imp = L.Lambda(lambda t: t / (ops.sum(t, -1, keepdims=True) + 1e-9), name="importance")(L.Add()(masks))
    keras_export(keras.Model(i, [L.Dense(1, activation="sigmoid", name="prob")(agg), imp]), out)


@model("s_wide_deep_clinical_tf1_builder", "tf1-savedmodel", "TF1 tf.compat.v1 wide & deep clinical risk model: placeholders vitals float [None,6] and codes int64 [None,3]; tf.clip_by_value to physiological ranges, constant standardization, tf.one_hot per code column (depths 4/3/5) concatenated; wide matmul on one-hots + deep 2x (matmul + relu) on all; sigmoid risk and int32 high-risk flag; SavedModelBuilder predict signature")
def b_widedeep(out):
    v1 = tf.compat.v1

    def build():
        vitals = v1.placeholder(tf.float32, [None, 6], name="vitals")
        codes = v1.placeholder(tf.int64, [None, 3], name="codes")
        lo, hi = [30.0, 60.0, 5.0, 80.0, 30.0, 0.0], [220.0, 250.0, 60.0, 100.0, 43.0, 30.0]
        mean, std = [80.0, 120.0, 16.0, 96.0, 37.0, 5.0], [20.0, 25.0, 5.0, 3.0, 1.0, 5.0]
        num = (tf.clip_by_value(vitals, lo, hi) - mean) / std
        oh = tf.concat([tf.one_hot(codes[:, j], d) for j, d in enumerate((4, 3, 5))], -1)

        def dense(x, n, name):
            w = v1.get_variable(name + "/kernel", [x.shape[-1], n], initializer=v1.glorot_uniform_initializer(seed=len(name)))
            return tf.matmul(x, w) + v1.get_variable(name + "/bias", [n], initializer=v1.zeros_initializer())
        deep = tf.nn.relu(dense(tf.nn.relu(dense(tf.concat([num, oh], -1), 32, "deep1")), 16, "deep2"))
        risk = tf.sigmoid(dense(oh, 1, "wide") + dense(deep, 1, "deep_out"), name="risk")
        return {"serving_default": ({"vitals": vitals, "codes": codes},
                                    {"risk": risk, "high_risk": tf.cast(risk > 0.5, tf.int32, name="high_risk")})}
    tf1_saved_model(out, build)


FEEDS["s_wide_deep_clinical_tf1_builder"] = {"codes": (0, 3)}


@model("s_clinical_embeddings_one_hot_keras", "keras-export", "clinical tabular classifier in Keras: lab values float [None,8] and categorical codes int32 [None,4]; Preprocess layer (tf.clip_by_value, log1p of skewed labs, tf.one_hot of each code column depth 6, Concatenate), Dense 64 relu + Dropout, Dense 32 relu, softmax(3)")
def b_clin_keras(out):
    class Preprocess(L.Layer):
        def call(self, inputs):
            labs, codes = inputs
            labs = tf.clip_by_value(labs, 0.0, 1000.0)
            labs = tf.concat([tf.math.log1p(labs[:, :4]), labs[:, 4:]], -1)
            return tf.concat([labs, tf.reshape(tf.one_hot(codes, 6), [-1, 4 * 6])], -1)
    labs, codes = keras.Input((8,), name="labs"), keras.Input((4,), dtype="int32", name="codes")
    x = L.Dropout(0.2)(L.Dense(64, activation="relu")(Preprocess()([labs, codes])))
    keras_export(keras.Model([labs, codes], L.Dense(3, activation="softmax")(L.Dense(32, activation="relu")(x))), out)


FEEDS["s_clinical_embeddings_one_hot_keras"] = {"codes": (0, 6)}


@model("s_mixture_density_network", "tf-module", "tf.Module mixture density network (inverse kinematics / photometric redshift style), x float [None,8]: Dense 64 tanh x2, heads pi logits(5), mu(5x2), log-sigma(5x2); 'serving_default' returns softmax pi, mu, exp sigma; 'sample' draws a component with tf.random.categorical, tf.gather batch_dims=1, adds sigma * tf.random.normal; 'mode' picks the argmax component mean")
def b_mdn(out):
    i = keras.Input((8,))
    h = L.Dense(64, activation="tanh")(L.Dense(64, activation="tanh")(i))
    net = keras.Model(i, [L.Dense(5)(h), L.Reshape((5, 2))(L.Dense(10)(h)), L.Reshape((5, 2))(L.Dense(10)(h))])
    sig = [tensor_spec([None, 8], name="x")]

    @tf.function(input_signature=sig)
    def params(x):
        logit, mu, log_sigma = net(x, training=False)
        return {"pi": tf.nn.softmax(logit), "mu": mu, "sigma": tf.exp(log_sigma)}

    @tf.function(input_signature=sig)
    def sample(x):
        logit, mu, log_sigma = net(x, training=False)
        comp = tf.random.categorical(logit, 1)[:, 0]
        m, s = tf.gather(mu, comp, batch_dims=1), tf.gather(tf.exp(log_sigma), comp, batch_dims=1)
        return {"y": m + s * tf.random.normal(tf.shape(m))}

    @tf.function(input_signature=sig)
    def mode(x):
        logit, mu, _ = net(x, training=False)
        return {"y": tf.gather(mu, tf.argmax(logit, -1), batch_dims=1)}
    serve_module(out, {"net": net}, serving_default=params, sample=sample, mode=mode)


@model("s_pinn_burgers_gradient_tape", "tf-module", "tf.Module physics-informed net for viscous Burgers, points (t,x) float [None,2]: Dense 32 tanh x4 -> u; 'serving_default' returns u; 'pde_residual' uses nested tf.GradientTape (watch inputs) for u_t, u_x, u_xx and returns residual u_t + u u_x - (0.01/pi) u_xx")
def b_pinn(out):
    i = keras.Input((2,))
    h = i
    for _ in range(4):
        h = L.Dense(32, activation="tanh", kernel_initializer="glorot_normal")(h)
    net = keras.Model(i, L.Dense(1)(h))
    sig = [tensor_spec([None, 2], name="tx")]

    @tf.function(input_signature=sig)
    def predict(tx):
        return {"u": net(tx, training=False)}

    @tf.function(input_signature=sig)
    def residual(tx):
        with tf.GradientTape() as g2:
            g2.watch(tx)
            with tf.GradientTape() as g1:
                g1.watch(tx)
                u = net(tx, training=False)
            du = g1.gradient(u, tx)
            u_x = du[:, 1:2]
        u_xx = g2.gradient(u_x, tx)[:, 1:2]
        return {"u": u, "residual": du[:, 0:1] + u * u_x - (0.01 / np.pi) * u_xx}
    serve_module(out, {"net": net}, serving_default=predict, pde_residual=residual)


@model("s_gp_regression_cholesky", "tf-module", "tf.Module Gaussian-process regression surrogate (kriging / Bayesian optimization), query x float [None,3]: stored training inputs [50,3] and targets [50] as tf.Variables, RBF kernel with lengthscale/variance/noise variables, tf.linalg.cholesky, cholesky_solve, triangular_solve; returns predictive mean and std")
def b_gp(out):
    rng = np.random.default_rng(0)
    xt = rng.random((50, 3)).astype("float32")
    yt = (np.sin(6 * xt[:, 0]) + xt[:, 1] ** 2 - xt[:, 2]).astype("float32")
    mod = tf.Module()
    mod.x_train, mod.y_train = tf.Variable(xt, name="x_train"), tf.Variable(yt, name="y_train")
    mod.lengthscale, mod.variance = tf.Variable(0.4, name="lengthscale"), tf.Variable(1.0, name="variance")
    mod.noise = tf.Variable(1e-2, name="noise")

    def rbf(a, b):
        d = tf.reduce_sum(tf.square(a[:, None, :] - b[None, :, :]), -1)
        return mod.variance * tf.exp(-0.5 * d / tf.square(mod.lengthscale))

    @tf.function(input_signature=[tensor_spec([None, 3], name="x")])
    def predict(x):
        k = rbf(mod.x_train, mod.x_train) + (mod.noise + 1e-5) * tf.eye(50)
        chol = tf.linalg.cholesky(k)
        alpha = tf.linalg.cholesky_solve(chol, mod.y_train[:, None])
        ks = rbf(mod.x_train, x)  # [50,N]
        mean = tf.matmul(ks, alpha, transpose_a=True)[:, 0]
        v = tf.linalg.triangular_solve(chol, ks, lower=True)
        var = mod.variance - tf.reduce_sum(tf.square(v), 0)
        return {"mean": mean, "std": tf.sqrt(tf.maximum(var, 1e-9))}
    mod.predict = predict
    tf.saved_model.save(mod, str(out), signatures={"serving_default": predict})

# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, finite=True)))
