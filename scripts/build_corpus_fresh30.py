"""Build an independently made corpus into bench/out/fresh30/: architectures with skip connections, branches and merges,
prepared for full-integer (int8) TFLite deployment the way edge-ML engineers prepare them without
tensorflow-model-optimization -- about half quantization-aware by hand, half plain float models meant for post-training
quantization. Hand-written QAT uses tf.quantization.fake_quant_with_min_max_args (fixed ranges),
fake_quant_with_min_max_vars (ranges in variables: fixed, moving-average-updated by a Keras layer during a calibration
pass, or updated by a separate `calibrate` signature), fake_quant_with_min_max_vars_per_channel on weights (ranges in
variables or computed from the kernel in the graph; depthwise kernels reshaped so channels are last) and
quantize_and_dequantize_v2 (QuantizeAndDequantizeV4 ops) / the deprecated quantize_and_dequantize (V2 ops) as TensorRT /
ONNX toolkits place QDQ pairs (conv inputs and per-channel weights only, or every tensor). Where the fake-quants sit
varies as in real code: every activation, conv inputs only, block outputs only, the residual branch only, both inputs of
an add, after upsampling, on attention scores and softmax, on squeeze-excite gates; some models are sloppy (a skip
reading an activation before its fake-quant, a concat of one fake-quantized and one plain branch, a pool taking a
fake-quantized value, branches fake-quantized with different ranges before a concat). Architectures: ResNet basic /
bottleneck blocks (pre- and post-activation), SE-ResNet, ResNeXt grouped convs, Inception and Inception-ResNet branches,
DenseNet concatenations, MobileNetV2 inverted residuals with linear bottlenecks, MobileNetV3 hard-swish +
squeeze-excite, EfficientNet MBConv with drop-connect, GhostNet cheap operations, ShuffleNetV2 channel split + shuffle,
CSP / YOLO-tiny routes, U-Nets (transposed convs, bilinear / nearest resizes, attention gates), FPN / RetinaNet / BiFPN
top-down and bottom-up paths, DeepLab ASPP, HRNet multi-resolution fusion, transformer / ViT encoders with LayerNorm and
residual adds, TCNs with dilated causal convs. Batch norm left as Keras BatchNormalization, tf.nn.batch_normalization or
FusedBatchNorm, or folded by hand (numpy, or in the graph as tf.contrib.quantize did). Float32 inputs and uint8 inputs
normalized in the graph; fixed batch 1 mostly, a few dynamic batches. Exported as Keras 3 model.export,
tf.saved_model.save of Keras models, tf.saved_model.save of tf.Modules with tf.function signatures, TF1 graphs frozen
with graph_util.convert_variables_to_constants and TF2 functions frozen with convert_variables_to_constants_v2. Seeded
random weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh30.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh30.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh30.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh30.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh30.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import functools
import os
import sys
from types import SimpleNamespace

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh30", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = Q = None

# Inputs that need real values: model -> {input name (or "signature/input"): value or (low, high)} or callable(rng) -> such a
# dict. Used by --check and by the run each model gets while it is built; anything else gets generic dummies.
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces: exporting

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _run_keras(m, out):
    """run a Keras model once (inference) on the --check inputs; returns its input specs (named after the Input layers)"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    m([vals[s.name] for s in specs] if len(specs) > 1 else vals[specs[0].name], training=False)
    return specs


def _export(m, out, batch1=False):
    """run the Keras model once, then model.export; `batch1` passes the model's fixed-batch input signature (else the
    exported signature has a None batch)"""
    specs = _run_keras(m, out)
    keras_export(m, out, sig=specs if batch1 else None)


def _saved(m, out):
    """run the Keras model once, then plain tf.saved_model.save(keras_model, path) (signature from the model's inputs)"""
    _run_keras(m, out)
    tf.saved_model.save(m, str(out))


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


def _v1_w(name, shape):
    """TF1 get_variable kernel (he-normal variance scaling)"""
    return tf.compat.v1.get_variable(name, shape, initializer=tf.compat.v1.variance_scaling_initializer(2.0))


def _v1_b(name, c):
    return tf.compat.v1.get_variable(name, [c], initializer=tf.compat.v1.zeros_initializer())


def _v1_bn(rng, c):
    """TF1 BatchNorm get_variables in the current scope: gamma, beta (trainable), moving_mean, moving_variance"""
    return [tf.compat.v1.get_variable(n, initializer=a, trainable=n in ("gamma", "beta"))
            for n, a in zip(("gamma", "beta", "moving_mean", "moving_variance"), _bn_np(rng, c))]


# ================================================================================ shared pieces: raw-variable layers

def _bn_np(rng, c):
    """BatchNorm parameters as training leaves them: gamma, beta, moving mean, moving variance (float32 numpy)"""
    return [a.astype("float32") for a in (1 + 0.1 * rng.standard_normal(c), 0.1 * rng.standard_normal(c),
                                          0.1 * rng.standard_normal(c), 0.5 + rng.random(c))]


def _cp(rng, shape, name, dw=False, fold=True, ranges=False):
    """conv / dense parameters for raw-variable models: he-normal kernel ([k,k,cin,cout], depthwise [k,k,c,1], dense
    [in,out], conv1d [k,cin,cout]) with a BatchNorm folded in by hand in numpy (w * gamma / sqrt(var + eps),
    beta - mean * gamma / sqrt(var + eps)) or a zero bias; `ranges` adds per-output-channel min / max tf.Variables for
    weight fake-quant initialized from the (folded) kernel"""
    w = rng.normal(0, np.sqrt(2.0 / (shape[0] * shape[1] if dw else np.prod(shape[:-1]))), shape).astype("float32")
    c = shape[2] if dw else shape[-1]
    b = np.zeros(c, "float32")
    if fold:
        g, beta, mean, var = _bn_np(rng, c)
        s = g / np.sqrt(var + 1e-3)
        w, b = w * (s[:, None] if dw else s), beta - mean * s
    p = {"w": tf.Variable(w, name=name + "_w"), "b": tf.Variable(b, name=name + "_b"), "dw": dw}
    if ranges:
        wc = w.reshape(shape[:3]) if dw else w
        axes = tuple(range(wc.ndim - 1))
        p["mn"] = tf.Variable(np.minimum(wc.min(axis=axes), -1e-3), name=name + "_wmin")
        p["mx"] = tf.Variable(np.maximum(wc.max(axis=axes), 1e-3), name=name + "_wmax")
    return p


def _bnp(rng, c, name):
    """unfolded BatchNorm variables (for tf.nn.batch_normalization)"""
    return [tf.Variable(a, name=f"{name}_{n}") for a, n in zip(_bn_np(rng, c), ("gamma", "beta", "mean", "var"))]


def _bn(x, p):
    return tf.nn.batch_normalization(x, p[2], p[3], p[1], p[0], 1e-3)


def _tvars(*trees):
    """every tf.Variable in nested dicts / lists / tuples (what a tf.Module has to hold to save them)"""
    return [v for v in tf.nest.flatten(trees) if isinstance(v, tf.Variable)]


def _conv(x, p, s=1, d=1, wq=None):
    """apply conv parameters p with SAME padding (depthwise if p['dw']); `wq(p)` transforms the kernel first"""
    w = wq(p) if wq else p["w"]
    if p["dw"]:
        return tf.nn.bias_add(tf.nn.depthwise_conv2d(x, w, [1, s, s, 1], "SAME", dilations=[d, d]), p["b"])
    return tf.nn.bias_add(tf.nn.conv2d(x, w, s, "SAME", dilations=d), p["b"])


def _lin(x, p, wq=None):
    return tf.matmul(x, wq(p) if wq else p["w"]) + p["b"]


def _fq_w(p):
    """per-output-channel weight fake-quant (narrow range) with the min / max variables; a depthwise kernel [k,k,C,1] is
    reshaped to [k,k,C] so its channels are the last axis, as tfmot does"""
    w, fq = p["w"], tf.quantization.fake_quant_with_min_max_vars_per_channel
    if p["dw"]:
        return tf.reshape(fq(tf.reshape(w, w.shape[:3]), p["mn"], p["mx"], narrow_range=True), w.shape)
    return fq(w, p["mn"], p["mx"], narrow_range=True)


def _qdq_w(p):
    """TensorRT-style per-channel symmetric weight QDQ: quantize_and_dequantize_v2 along the output-channel axis with the
    range taken from the kernel (range_given=False; the per-channel min / max inputs are placeholders of the channel
    count, which graph-mode shape inference wants)"""
    w = p["w"]
    ax = 2 if p["dw"] else w.shape.rank - 1
    unused = tf.zeros([w.shape[ax]])
    return tf.quantization.quantize_and_dequantize_v2(w, unused, unused, signed_input=True, num_bits=8, range_given=False,
                                                      narrow_range=True, axis=ax)


def _qdq(x, amax, signed=True):
    """activation QDQ with a calibrated per-tensor amax (range_given=True, narrow range when signed)"""
    return tf.quantization.quantize_and_dequantize_v2(x, -amax if signed else 0.0, amax, signed_input=signed, num_bits=8,
                                                      range_given=True, narrow_range=signed)


def _fqa(x, lo, hi):
    return tf.quantization.fake_quant_with_min_max_args(x, lo, hi, num_bits=8)


def _av(lo, hi, name):
    """an activation range held in two scalar tf.Variables (for fake_quant_with_min_max_vars)"""
    return [tf.Variable(float(lo), name=name + "_min"), tf.Variable(float(hi), name=name + "_max")]


def _fqv(x, r):
    return tf.quantization.fake_quant_with_min_max_vars(x, r[0], r[1], num_bits=8)


def _hswish(x):
    return x * tf.nn.relu6(x + 3.0) / 6.0


def _shuffle(x, groups=2):
    """ShuffleNet channel shuffle: reshape [B,H,W,g,C/g], transpose the last two axes, reshape back"""
    b, h, w, c = tf.shape(x)[0], x.shape[1], x.shape[2], x.shape[3]
    x = tf.transpose(tf.reshape(x, tf.stack([b, h, w, groups, c // groups])), [0, 1, 2, 4, 3])
    return tf.reshape(x, tf.stack([b, h, w, c]))


# ================================================================================ shared pieces: Keras

def _qlayers():
    """the hand-written QAT Keras layers the Keras models share (defined once Keras is imported)"""

    class FakeQuant(L.Layer):
        """fake_quant_with_min_max_args with a fixed range"""

        def __init__(self, lo, hi, momentum=0.9, **kw):
            super().__init__(**kw)
            self.lo, self.hi, self.momentum = float(lo), float(hi), momentum

        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_args(x, self.lo, self.hi, num_bits=8)

    class MovingAvgFakeQuant(FakeQuant):
        """fake_quant_with_min_max_vars with non-trainable min / max updated by an exponential moving average of the
        batch min / max when called with training=True (tfmot's MovingAverageQuantizer written by hand)"""

        def build(self, shape):
            c = keras.initializers.Constant
            self.min = self.add_weight(shape=(), initializer=c(self.lo), trainable=False, name="min")
            self.max = self.add_weight(shape=(), initializer=c(self.hi), trainable=False, name="max")

        def call(self, x, training=False):
            if training:
                m = self.momentum
                self.min.assign(m * self.min + (1 - m) * tf.minimum(tf.reduce_min(x), 0.0))
                self.max.assign(m * self.max + (1 - m) * tf.maximum(tf.reduce_max(x), 0.0))
            return tf.quantization.fake_quant_with_min_max_vars(x, self.min, self.max, num_bits=8)

    class QConv2D(L.Layer):
        """Conv2D (SAME) whose kernel goes through fake_quant_with_min_max_vars_per_channel with the kernel's own
        per-channel min / max computed in the graph (a last-value quantizer), narrow range, plus bias"""

        def __init__(self, filters, kernel_size, strides=1, **kw):
            super().__init__(**kw)
            self.filters, self.k, self.s = filters, kernel_size, strides

        def build(self, shape):
            self.kernel = self.add_weight(shape=(self.k, self.k, shape[-1], self.filters), initializer="he_normal", name="kernel")
            self.bias = self.add_weight(shape=(self.filters,), initializer="zeros", name="bias")

        def call(self, x):
            w = tf.convert_to_tensor(self.kernel)
            wq = tf.quantization.fake_quant_with_min_max_vars_per_channel(
                w, tf.reduce_min(w, [0, 1, 2]), tf.reduce_max(w, [0, 1, 2]), num_bits=8, narrow_range=True)
            return tf.nn.bias_add(tf.nn.conv2d(x, wq, self.s, "SAME"), self.bias)

    return SimpleNamespace(FakeQuant=FakeQuant, MovingAvgFakeQuant=MovingAvgFakeQuant, QConv2D=QConv2D)


def _cbr(x, f, k=3, s=1, d=1, act="relu", groups=1):
    """Keras Conv2D (no bias) + BatchNormalization + activation (a name, a layer, or None for linear)"""
    x = L.BatchNormalization()(L.Conv2D(f, k, s, padding="same", dilation_rate=d, use_bias=False, groups=groups)(x))
    return (L.Activation(act) if isinstance(act, str) else act)(x) if act else x


def _dwbn(x, s=1, act="relu6", k=3):
    x = L.BatchNormalization()(L.DepthwiseConv2D(k, s, padding="same", use_bias=False)(x))
    return L.Activation(act)(x) if act else x


# ================================================================================ QAT by hand: residual networks

@model("k30_resnet_basic_qat_ema_every_tensor_keras", "keras-export", "ResNet basic blocks (post-activation) quantization-aware by hand in a Keras functional model, fixed float [1,64,64,3] in [0,1] kept by the export signature: FakeQuant args (0,1) on the input; custom QConv2D layers (kernel through fake_quant_with_min_max_vars_per_channel with per-channel min / max reduced from the kernel in the graph, narrow range); MovingAvgFakeQuant (fake_quant_with_min_max_vars, EMA-updated ranges, 4 calibration passes with training=True) on every tensor: each conv output, the projection shortcut, the Add output and the ReLU after it; stages 16 / 16 / 32 / 32 / 64; GlobalAveragePooling2D(keepdims), fake-quant, 1x1 QConv2D(10), fake-quant, Reshape -> logits [1,10]; model.export")
def b_resnet_qat(out):
    def unit(x, f, s):
        y = Q.MovingAvgFakeQuant(0.0, 6.0)(L.ReLU()(Q.QConv2D(f, 3, s)(x)))
        y = Q.MovingAvgFakeQuant(-6.0, 6.0)(Q.QConv2D(f, 3)(y))
        if s != 1 or x.shape[-1] != f:
            x = Q.MovingAvgFakeQuant(-6.0, 6.0)(Q.QConv2D(f, 1, s)(x))
        return Q.MovingAvgFakeQuant(0.0, 6.0)(L.ReLU()(Q.MovingAvgFakeQuant(-8.0, 8.0)(L.Add()([x, y]))))
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = Q.MovingAvgFakeQuant(0.0, 6.0)(L.ReLU()(Q.QConv2D(16, 3, 2)(Q.FakeQuant(0.0, 1.0)(inp))))
    for f, s in ((16, 1), (16, 1), (32, 2), (32, 1), (64, 2)):
        x = unit(x, f, s)
    x = Q.MovingAvgFakeQuant(0.0, 6.0)(L.GlobalAveragePooling2D(keepdims=True)(x))
    m = keras.Model(inp, L.Reshape((10,), name="logits")(Q.MovingAvgFakeQuant(-16.0, 16.0)(Q.QConv2D(10, 1)(x))))
    rng = np.random.default_rng(1)
    for _ in range(4):  # calibration passes as a QAT loop leaves the model: the moving-average ranges move off their initial values
        m(rng.random((1, 64, 64, 3)).astype("float32"), training=True)
    _export(m, out, batch1=True)


@model("k30_resnet_bottleneck_qat_residual_branch_only", "tf-module", "ResNet-50-style bottleneck blocks in a tf.Module of raw variables with BatchNorm folded by hand in numpy, fixed float [1,64,64,3]: input fake_quant_with_min_max_args(0,1); every kernel through fake_quant_with_min_max_vars_per_channel (min / max variables from the folded kernels, narrow range); fake_quant_with_min_max_vars (fixed range variables) only on the residual branch: on the block input as the branch reads it and after each 1x1-3x3-1x1 conv -- the identity / projection shortcut reads the block input before that fake-quant, and the Add and the ReLU after it stay float; max pool stem, mean pool, Dense -> logits / probabilities [1,10]")
def b_bottleneck_qat(out):
    rng = np.random.default_rng(2)
    stem, blocks = _cp(rng, [3, 3, 3, 32], "stem", ranges=True), []
    for i, (cin, mid, cout, s) in enumerate([(32, 16, 64, 1), (64, 16, 64, 1), (64, 32, 128, 2), (128, 32, 128, 1)]):
        p = {k: _cp(rng, sh, f"block{i}_{k}", ranges=True) for k, sh in (("a", [1, 1, cin, mid]), ("b", [3, 3, mid, mid]),
                                                                        ("c", [1, 1, mid, cout]))}
        p.update({k: _av(lo, hi, f"block{i}_{k}") for k, lo, hi in (("rin", 0, 8), ("ra", 0, 6), ("rb", 0, 6), ("rc", -8, 8))})
        if s != 1 or cin != cout:
            p["proj"] = _cp(rng, [1, 1, cin, cout], f"block{i}_proj", ranges=True)
        blocks.append((s, p))
    head = _cp(rng, [128, 10], "fc", fold=False, ranges=True)

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(image):
        x = tf.nn.max_pool2d(tf.nn.relu(_conv(_fqa(image, 0.0, 1.0), stem, 2, wq=_fq_w)), 3, 2, "SAME")
        for s, p in blocks:
            r = _fqv(tf.nn.relu(_conv(_fqv(x, p["rin"]), p["a"], wq=_fq_w)), p["ra"])
            r = _fqv(_conv(_fqv(tf.nn.relu(_conv(r, p["b"], s, wq=_fq_w)), p["rb"]), p["c"], wq=_fq_w), p["rc"])
            x = tf.nn.relu(r + (_conv(x, p["proj"], s, wq=_fq_w) if "proj" in p else x))
        logits = _lin(tf.reduce_mean(x, [1, 2]), head, _fq_w)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    _save(out, {"params": _tvars(stem, blocks, head)}, serving_default=serve)


@model("k30_preact_resnet_qdq_conv_inputs_frozen", "frozen-pb", "pre-activation ResNet in TensorRT QDQ style, frozen with convert_variables_to_constants_v2, fixed float [1,64,64,3]: tf.quantization.quantize_and_dequantize_v2 (QuantizeAndDequantizeV4 ops) only on conv inputs (calibrated per-tensor amax, range_given, narrow range) and on weights (per-output-channel axis 3, range from the kernel); BN left unfolded as tf.nn.batch_normalization before ReLU; the identity input of the first block's Add is QDQ'd (as pytorch-quantization does for fusion), the other Adds are float; projection shortcuts; final BN-ReLU, mean pool, QDQ'd matmul -> logits [1,10]")
def b_preact_qdq(out):
    rng = np.random.default_rng(3)
    amax = iter((2.0 + 4.0 * rng.random(64)).astype("float32").tolist())
    stem, blocks = _cp(rng, [3, 3, 3, 24], "stem", fold=False), []
    for i, (cin, cout, s) in enumerate([(24, 24, 1), (24, 24, 1), (24, 48, 2), (48, 48, 1), (48, 96, 2)]):
        p = {"bn1": _bnp(rng, cin, f"b{i}_bn1"), "c1": _cp(rng, [3, 3, cin, cout], f"b{i}_c1", fold=False),
             "bn2": _bnp(rng, cout, f"b{i}_bn2"), "c2": _cp(rng, [3, 3, cout, cout], f"b{i}_c2", fold=False)}
        if s != 1 or cin != cout:
            p["proj"] = _cp(rng, [1, 1, cin, cout], f"b{i}_proj", fold=False)
        blocks.append((i, s, p, next(amax), next(amax), next(amax)))
    final_bn, fc = _bnp(rng, 96, "final_bn"), _cp(rng, [96, 10], "fc", fold=False)

    def fn(image):
        x = _conv(_qdq(image, 1.0), stem, 2, wq=_qdq_w)
        for i, s, p, a1, a2, a3 in blocks:
            h = tf.nn.relu(_bn(x, p["bn1"]))
            y = _conv(_qdq(h, a1), p["c1"], s, wq=_qdq_w)
            y = _conv(_qdq(tf.nn.relu(_bn(y, p["bn2"])), a2), p["c2"], wq=_qdq_w)
            skip = _conv(_qdq(h, a1), p["proj"], s, wq=_qdq_w) if "proj" in p else x
            x = y + (_qdq(skip, a3) if i == 0 else skip)
        g = tf.reduce_mean(tf.nn.relu(_bn(x, final_bn)), [1, 2])
        return tf.identity(_lin(_qdq(g, 4.0), fc, _qdq_w), name="logits")
    _freeze(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["k30_preact_resnet_qdq_conv_inputs_frozen"] = ["logits"]


@model("k30_se_resnet_qdq_every_tensor_frozen", "frozen-pb", "SE-ResNet (basic blocks with squeeze-excitation) in QDQ form, frozen with convert_variables_to_constants_v2, fixed float [1,64,64,3]: raw variables with BN folded by hand; weights QDQ'd per output channel (quantize_and_dequantize_v2 axis 3); every activation QDQ'd with calibrated amax: conv outputs, the SE squeeze (mean) and excitation FCs, the sigmoid gate through the deprecated tf.quantization.quantize_and_dequantize (QuantizeAndDequantizeV2, unsigned 0..1), the gated product, the shortcut and the Add + ReLU output; mean pool, Dense, softmax -> probabilities [1,10]")
def b_se_resnet_qdq(out):
    rng = np.random.default_rng(13)
    stem, blocks = _cp(rng, [3, 3, 3, 16], "stem"), []
    for i, (cin, cout, s) in enumerate([(16, 32, 2), (32, 32, 1), (32, 64, 2), (64, 64, 1)]):
        p = {"c1": _cp(rng, [3, 3, cin, cout], f"b{i}_c1"), "c2": _cp(rng, [3, 3, cout, cout], f"b{i}_c2"),
             "se1": _cp(rng, [cout, cout // 4], f"b{i}_se1", fold=False), "se2": _cp(rng, [cout // 4, cout], f"b{i}_se2", fold=False)}
        if s != 1 or cin != cout:
            p["proj"] = _cp(rng, [1, 1, cin, cout], f"b{i}_proj")
        blocks.append((s, p))
    fc = _cp(rng, [64, 10], "fc", fold=False)

    def fn(image):
        x = _qdq(tf.nn.relu(_conv(_qdq(image, 1.0), stem, wq=_qdq_w)), 6.0, signed=False)
        for s, p in blocks:
            y = _qdq(tf.nn.relu(_conv(x, p["c1"], s, wq=_qdq_w)), 6.0, signed=False)
            y = _qdq(_conv(y, p["c2"], wq=_qdq_w), 8.0)
            z = _qdq(tf.nn.relu(_lin(_qdq(tf.reduce_mean(y, [1, 2]), 4.0), p["se1"], _qdq_w)), 4.0, signed=False)
            gate = tf.quantization.quantize_and_dequantize(tf.sigmoid(_lin(z, p["se2"], _qdq_w)), 0.0, 1.0, signed_input=False,
                                                           range_given=True)
            y = _qdq(y * gate[:, None, None, :], 8.0)
            skip = _qdq(_conv(x, p["proj"], s, wq=_qdq_w), 8.0) if "proj" in p else x
            x = _qdq(tf.nn.relu(y + skip), 8.0, signed=False)
        return tf.nn.softmax(_lin(_qdq(tf.reduce_mean(x, [1, 2]), 6.0), fc, _qdq_w), name="probabilities")
    _freeze(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["k30_se_resnet_qdq_every_tensor_frozen"] = ["probabilities"]


@model("k30_tf1_contrib_quantize_style_resnet_frozen", "frozen-pb", "TF1 ResNet graph rewritten the way tf.contrib.quantize left it, frozen with graph_util.convert_variables_to_constants: placeholder input float [1,64,64,3]; per conv a variable_scope with weights and BatchNorm gamma / beta / moving_mean / moving_variance get_variables, BN folded in the graph (mul_fold = weights * gamma * rsqrt(var + eps), bias_fold = beta - mean * gamma * rsqrt), per-tensor weights_quant fake_quant_with_min_max_vars with min / max from reduce_min / reduce_max of the folded kernel, relu6 and act_quant fake_quant_with_min_max_vars on min / max get_variables (non-trainable); residual Adds followed by their own act_quant, then relu6; mean pool, fake-quantized FC -> predictions softmax [1,5]")
def b_tf1_contrib(out):
    v1, rng = tf.compat.v1, np.random.default_rng(17)

    def act_quant(x, lo, hi, scope="act_quant"):
        with v1.variable_scope(scope):
            mn, mx = (v1.get_variable(n, initializer=float(a), trainable=False) for n, a in (("min", lo), ("max", hi)))
            return tf.quantization.fake_quant_with_min_max_vars(x, mn, mx, name="FakeQuantWithMinMaxVars")

    def weights_quant(w):
        with v1.variable_scope("weights_quant"):
            return tf.quantization.fake_quant_with_min_max_vars(w, tf.reduce_min(w), tf.reduce_max(w), narrow_range=True)

    def conv(x, name, cout, k=3, s=1, act=True):
        with v1.variable_scope(name):
            w = _v1_w("weights", [k, k, int(x.shape[-1]), cout])
            with v1.variable_scope("BatchNorm"):
                g, b, m, v = _v1_bn(rng, cout)
            scale = tf.multiply(g, tf.math.rsqrt(v + 1e-3), name="scale_fold")
            y = tf.nn.conv2d(x, weights_quant(tf.multiply(w, scale, name="mul_fold")), s, "SAME")
            y = tf.nn.bias_add(y, tf.subtract(b, m * scale, name="bias_fold"))
            return act_quant(tf.nn.relu6(y), 0.0, 6.0) if act else act_quant(y, -6.0, 6.0)

    def build():
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        h = conv(act_quant(x * 2.0 - 1.0, -1.0, 1.0, "input_quant"), "Conv", 16, s=2)
        for i, (f, s) in enumerate([(16, 1), (32, 2), (32, 1), (48, 2)]):
            with v1.variable_scope(f"block{i}"):
                y = conv(conv(h, "conv1", f, s=s), "conv2", f, act=False)
                sc = conv(h, "shortcut", f, k=1, s=s, act=False) if s != 1 or int(h.shape[-1]) != f else h
                h = act_quant(tf.nn.relu6(act_quant(y + sc, -8.0, 8.0, "add_quant")), 0.0, 6.0, "relu_quant")
        g = act_quant(tf.reduce_mean(h, [1, 2]), 0.0, 6.0, "AvgPool_quant")
        with v1.variable_scope("Logits"):
            logits = act_quant(tf.matmul(g, weights_quant(_v1_w("weights", [48, 5]))) + _v1_b("biases", 5), -16.0, 16.0)
        return [tf.nn.softmax(logits, name="predictions")]
    _v1_freeze(out, build)


OUTPUTS["k30_tf1_contrib_quantize_style_resnet_frozen"] = ["predictions"]


# ================================================================================ QAT by hand: mobile blocks

@model("k30_mbv2_qat_args_uint8_keras", "keras-export", "MobileNetV2 inverted residuals with activation-only QAT (Keras Conv2D / DepthwiseConv2D weights stay float), fixed uint8 [1,96,96,3] kept by the export signature: Rescaling(1/127.5, offset -1) + FakeQuant args (-1,1); expand 1x1 + BN + ReLU6 + FakeQuant(0,6), depthwise 3x3 + BN + ReLU6 + FakeQuant(0,6), linear-bottleneck projection + BN + FakeQuant(-6,6), Add + FakeQuant(-8,8) on stride-1 blocks; 1x1 head 128 + ReLU6 + FakeQuant, GlobalAveragePooling2D, Dense(5) softmax; model.export")
def b_mbv2_qat(out):
    def ir(x, f, s, t):
        c = x.shape[-1]
        y = Q.FakeQuant(0, 6)(_cbr(x, c * t, 1, act="relu6")) if t != 1 else x
        y = Q.FakeQuant(-6, 6)(_cbr(Q.FakeQuant(0, 6)(_dwbn(y, s)), f, 1, act=None))
        return Q.FakeQuant(-8, 8)(L.Add()([x, y])) if s == 1 and c == f else y
    inp = keras.Input((96, 96, 3), batch_size=1, dtype="uint8", name="image")
    x = Q.FakeQuant(0, 6)(_cbr(Q.FakeQuant(-1, 1)(L.Rescaling(1 / 127.5, offset=-1.0)(inp)), 16, 3, 2, act="relu6"))
    for f, s, t in ((16, 1, 1), (24, 2, 6), (24, 1, 6), (32, 2, 6), (32, 1, 6), (64, 2, 6), (64, 1, 6)):
        x = ir(x, f, s, t)
    x = L.GlobalAveragePooling2D()(Q.FakeQuant(0, 6)(_cbr(x, 128, 1, act="relu6")))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="probabilities")(x)), out, batch1=True)


@model("k30_mbv2_qat_per_channel_bn_folded_frozen", "frozen-pb", "MobileNetV2 quantization-aware in a TF2 function frozen with convert_variables_to_constants_v2, fixed float [1,96,96,3] (0-255, mean / std normalized in the graph): BN folded by hand, every kernel (depthwise reshaped to [k,k,C]) through fake_quant_with_min_max_vars_per_channel on min / max variables, ReLU6 outputs fake_quant_with_min_max_args(0,6), linear bottlenecks (-6,6), Adds fake-quantized (-8,8) with the skip reading the previous block's fake-quantized output; 1x1 head, fake-quantized avg_pool2d over the 3x3 map, 1x1 conv logits + fake-quant, Squeeze -> logits [1,8]")
def b_mbv2_qat_frozen(out):
    rng = np.random.default_rng(18)
    stem, blocks, cin = _cp(rng, [3, 3, 3, 16], "stem", ranges=True), [], 16
    for i, (f, s, t) in enumerate([(16, 1, 1), (24, 2, 4), (24, 1, 4), (32, 2, 4), (32, 1, 4), (48, 2, 4), (64, 2, 4)]):
        p = {"dw": _cp(rng, [3, 3, cin * t, 1], f"b{i}_dw", dw=True, ranges=True),
             "pw": _cp(rng, [1, 1, cin * t, f], f"b{i}_project", ranges=True)}
        if t != 1:
            p["exp"] = _cp(rng, [1, 1, cin, cin * t], f"b{i}_expand", ranges=True)
        blocks.append((s, s == 1 and cin == f, p))
        cin = f
    head, logits = _cp(rng, [1, 1, 64, 160], "head", ranges=True), _cp(rng, [1, 1, 160, 8], "logits", fold=False, ranges=True)

    def fn(image):
        x = _fqa(tf.nn.relu6(_conv(_fqa((image - 127.5) / 58.0, -2.5, 2.5), stem, 2, wq=_fq_w)), 0.0, 6.0)
        for s, res, p in blocks:
            y = _fqa(tf.nn.relu6(_conv(x, p["exp"], wq=_fq_w)), 0.0, 6.0) if "exp" in p else x
            y = _fqa(_conv(_fqa(tf.nn.relu6(_conv(y, p["dw"], s, wq=_fq_w)), 0.0, 6.0), p["pw"], wq=_fq_w), -6.0, 6.0)
            x = _fqa(x + y, -8.0, 8.0) if res else y
        x = _fqa(tf.nn.avg_pool2d(_fqa(tf.nn.relu6(_conv(x, head, wq=_fq_w)), 0.0, 6.0), 3, 1, "VALID"), 0.0, 6.0)
        return tf.squeeze(_fqa(_conv(x, logits, wq=_fq_w), -12.0, 12.0), [1, 2], name="logits")
    _freeze(fn, [tensor_spec([1, 96, 96, 3], name="image")], out)


OUTPUTS["k30_mbv2_qat_per_channel_bn_folded_frozen"] = ["logits"]
FEEDS["k30_mbv2_qat_per_channel_bn_folded_frozen"] = lambda rng: {"image": rng.uniform(0, 255, (1, 96, 96, 3))}


@model("k30_mbv3_hswish_se_qat_vars_module", "tf-module", "MobileNetV3-small-like blocks quantization-aware by hand in a tf.Module of raw variables (BN folded in numpy), fixed float [1,96,96,3] in [-1,1]: kernels through fake_quant_with_min_max_vars_per_channel (depthwise reshaped), hard-swish x * relu6(x + 3) / 6 and ReLU activations through fake_quant_with_min_max_vars on range variables; squeeze-excite: mean, FC + ReLU, FC + hard-sigmoid, gate fake_quant_with_min_max_args(0,1), multiply, product fake-quantized; linear projection and residual Add each fake-quantized; 1x1 head + hard-swish, mean pool, FC -> logits [1,6]")
def b_mbv3_qat(out):
    rng = np.random.default_rng(5)
    stem, blocks, cin = _cp(rng, [3, 3, 3, 16], "stem", ranges=True), [], 16
    for i, (k, e, f, se, hs, s) in enumerate([(3, 16, 16, True, False, 2), (3, 64, 24, False, False, 2), (3, 72, 24, False, False, 1),
                                              (5, 96, 40, True, True, 2), (5, 120, 40, True, True, 1)]):
        p = {"exp": _cp(rng, [1, 1, cin, e], f"b{i}_expand", ranges=True), "dw": _cp(rng, [k, k, e, 1], f"b{i}_dw", dw=True, ranges=True),
             "pw": _cp(rng, [1, 1, e, f], f"b{i}_project", ranges=True),
             "r": [_av(-0.5 if hs else 0, 6, f"b{i}_act{j}") for j in range(2)] + [_av(-6, 6, f"b{i}_proj"), _av(-8, 8, f"b{i}_add")]}
        if se:
            p["se"] = (_cp(rng, [e, e // 4], f"b{i}_se_reduce", fold=False, ranges=True),
                       _cp(rng, [e // 4, e], f"b{i}_se_expand", fold=False, ranges=True), _av(-0.5, 6, f"b{i}_se_out"))
        blocks.append((s, hs, s == 1 and cin == f, p))
        cin = f
    head, fc = _cp(rng, [1, 1, 40, 128], "head", ranges=True), _cp(rng, [128, 6], "fc", fold=False, ranges=True)
    r_stem, r_head = _av(-0.5, 6, "stem_act"), _av(-0.5, 6, "head_act")

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="image")])
    def serve(image):
        x = _fqv(_hswish(_conv(_fqa(image, -1.0, 1.0), stem, 2, wq=_fq_w)), r_stem)
        for s, hs, res, p in blocks:
            act = _hswish if hs else tf.nn.relu
            y = _fqv(act(_conv(_fqv(act(_conv(x, p["exp"], wq=_fq_w)), p["r"][0]), p["dw"], s, wq=_fq_w)), p["r"][1])
            if "se" in p:
                r1, r2, rse = p["se"]
                g = _fqa(tf.nn.relu6(_lin(tf.nn.relu(_lin(tf.reduce_mean(y, [1, 2]), r1, _fq_w)), r2, _fq_w) + 3.0) / 6.0, 0.0, 1.0)
                y = _fqv(y * g[:, None, None, :], rse)
            y = _fqv(_conv(y, p["pw"], wq=_fq_w), p["r"][2])
            x = _fqv(x + y, p["r"][3]) if res else y
        x = _fqv(_hswish(_conv(x, head, wq=_fq_w)), r_head)
        return {"logits": _lin(tf.reduce_mean(x, [1, 2]), fc, _fq_w)}
    _save(out, {"params": _tvars(stem, blocks, head, fc, r_stem, r_head)}, serving_default=serve)


FEEDS["k30_mbv3_hswish_se_qat_vars_module"] = lambda rng: {"image": rng.uniform(-1, 1, (1, 96, 96, 3))}


@model("k30_ghostnet_cheap_op_qat_dynamic_batch", "tf-module", "GhostNet bottlenecks quantization-aware by hand in a tf.Module, dynamic batch float [None,64,64,3]: raw variables with BN folded; ghost module = primary 1x1 conv (+ ReLU) fake-quantized with fake_quant_with_min_max_vars, cheap depthwise 3x3 on it left float, tf.concat of the fake-quantized primary and the plain cheap features (a mixed-scale concat); kernels fake-quantized per channel; stride-2 bottlenecks with depthwise + 1x1 shortcuts; the block Add fake-quantized; mean pool, FC -> logits [None,10]")
def b_ghost_qat(out):
    rng = np.random.default_rng(15)

    def ghost_p(cin, cout, name):
        return {"primary": _cp(rng, [1, 1, cin, cout // 2], name + "_primary", ranges=True),
                "cheap": _cp(rng, [3, 3, cout // 2, 1], name + "_cheap", dw=True, ranges=True), "r": _av(-1, 6, name + "_act")}
    stem, blocks, cin = _cp(rng, [3, 3, 3, 16], "stem", ranges=True), [], 16
    for i, (e, f, s) in enumerate([(16, 16, 1), (48, 24, 2), (72, 24, 1), (72, 40, 2), (120, 40, 1)]):
        p = {"g1": ghost_p(cin, e, f"b{i}_ghost1"), "g2": ghost_p(e, f, f"b{i}_ghost2"), "r": _av(-8, 8, f"b{i}_add")}
        if s == 2:
            p.update(dw=_cp(rng, [3, 3, e, 1], f"b{i}_dw", dw=True, ranges=True), sc_pw=_cp(rng, [1, 1, cin, f], f"b{i}_sc_pw", ranges=True),
                     sc_dw=_cp(rng, [3, 3, cin, 1], f"b{i}_sc_dw", dw=True, ranges=True))
        blocks.append((s, p))
        cin = f
    fc = _cp(rng, [40, 10], "fc", fold=False, ranges=True)

    def ghost(x, p, relu=True):
        act = tf.nn.relu if relu else tf.identity
        prim = _fqv(act(_conv(x, p["primary"], wq=_fq_w)), p["r"])
        return tf.concat([prim, act(_conv(prim, p["cheap"], wq=_fq_w))], axis=-1)

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def serve(image):
        x = _fqa(tf.nn.relu(_conv(_fqa(image, 0.0, 1.0), stem, 2, wq=_fq_w)), 0.0, 6.0)
        for s, p in blocks:
            y, sc = ghost(x, p["g1"]), x
            if s == 2:
                y, sc = _conv(y, p["dw"], 2, wq=_fq_w), _conv(_conv(x, p["sc_dw"], 2, wq=_fq_w), p["sc_pw"], wq=_fq_w)
            x = _fqv(ghost(y, p["g2"], relu=False) + sc, p["r"])
        return {"logits": _lin(tf.reduce_mean(x, [1, 2]), fc, _fq_w)}
    _save(out, {"params": _tvars(stem, blocks, fc)}, serving_default=serve)


@model("k30_shufflenetv2_split_shuffle_qdq_uint8", "tf-module", "ShuffleNetV2 units in QDQ form, tf.Module of raw variables (BN folded), fixed uint8 [1,64,64,3] cast and normalized (x / 255 - mean) / std in the graph: stride-1 units tf.split the channels, run 1x1 + ReLU / depthwise 3x3 / 1x1 + ReLU on one half (each output QDQ'd with quantize_and_dequantize_v2 and a calibrated amax, kernels QDQ'd per channel), tf.concat with the untouched half, channel shuffle by reshape [1,H,W,2,C/2] / transpose / reshape, QDQ after the shuffle; stride-2 units with two branches; 1x1 conv, mean pool, FC -> logits [1,10]")
def b_shufflenet_qdq(out):
    rng = np.random.default_rng(16)
    stem, units, cin = _cp(rng, [3, 3, 3, 24], "stem"), [], 24
    for i, (f, s) in enumerate([(48, 2), (48, 1), (96, 2), (96, 1), (96, 1)]):
        b = f // 2
        p = {"pw1": _cp(rng, [1, 1, cin if s == 2 else b, b], f"u{i}_pw1"), "dw": _cp(rng, [3, 3, b, 1], f"u{i}_dw", dw=True),
             "pw2": _cp(rng, [1, 1, b, b], f"u{i}_pw2")}
        if s == 2:
            p["l_dw"], p["l_pw"] = _cp(rng, [3, 3, cin, 1], f"u{i}_left_dw", dw=True), _cp(rng, [1, 1, cin, b], f"u{i}_left_pw")
        units.append((s, p))
        cin = f
    last, fc = _cp(rng, [1, 1, 96, 256], "conv5"), _cp(rng, [256, 10], "fc", fold=False)
    mean, std = np.array([0.485, 0.456, 0.406], "float32"), np.array([0.229, 0.224, 0.225], "float32")

    def relu_q(x, p, s=1):
        return _qdq(tf.nn.relu(_conv(x, p, s, wq=_qdq_w)), 6.0, signed=False)

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "image")])
    def serve(image):
        x = _qdq((tf.cast(image, tf.float32) / 255.0 - mean) / std, 2.7)
        x = _qdq(tf.nn.max_pool2d(relu_q(x, stem, 2), 3, 2, "SAME"), 6.0, signed=False)
        for s, p in units:
            keep, x = tf.split(x, 2, axis=-1) if s == 1 else (relu_q(_qdq(_conv(x, p["l_dw"], 2, wq=_qdq_w), 4.0), p["l_pw"]), x)
            y = relu_q(_qdq(_conv(relu_q(x, p["pw1"]), p["dw"], s, wq=_qdq_w), 4.0), p["pw2"])
            x = _qdq(_shuffle(tf.concat([keep, y], axis=-1)), 6.0, signed=False)
        return {"logits": _lin(_qdq(tf.reduce_mean(relu_q(x, last), [1, 2]), 6.0, signed=False), fc, _qdq_w)}
    _save(out, {"params": _tvars(stem, units, last, fc)}, serving_default=serve)


# ================================================================================ QAT by hand: concatenating and branching nets

@model("k30_densenet_concat_qat_sloppy_saved", "saved-model", "DenseNet-BC-lite with partial hand QAT saved with plain tf.saved_model.save(keras_model), dynamic batch float [None,64,64,3]: stem Conv2D left float; each dense layer BN-ReLU-Conv1x1(48)-BN-ReLU-Conv3x3(12) ends in FakeQuant args (-4,4) and is Concatenated onto the running features -- the first concat of every block joins the block input (not itself fake-quantized) with a fake-quantized branch; transition BN-ReLU-Conv1x1 + FakeQuant(-4,4) feeding AveragePooling2D (the pool takes the fake-quantized value); 2 blocks x 4 layers, BN-ReLU, GlobalAveragePooling2D, Dense(10)")
def b_densenet_qat(out):
    inp = keras.Input((64, 64, 3), name="image")
    x = L.Conv2D(24, 3, 2, padding="same", use_bias=False)(inp)
    for blk in range(2):
        for _ in range(4):
            y = L.Conv2D(48, 1, use_bias=False)(L.ReLU()(L.BatchNormalization()(x)))
            y = L.Conv2D(12, 3, padding="same", use_bias=False)(L.ReLU()(L.BatchNormalization()(y)))
            x = L.Concatenate()([x, Q.FakeQuant(-4, 4)(y)])
        if blk == 0:
            x = L.Conv2D(x.shape[-1] // 2, 1, use_bias=False)(L.ReLU()(L.BatchNormalization()(x)))
            x = L.AveragePooling2D(2)(Q.FakeQuant(-4, 4)(x))
    x = L.GlobalAveragePooling2D()(L.ReLU()(L.BatchNormalization()(x)))
    _saved(keras.Model(inp, L.Dense(10, name="logits")(x)), out)


@model("k30_inception_branches_qat_mixed_ranges_saved", "saved-model", "Inception-v1-style modules with hand QAT saved with plain tf.saved_model.save(keras_model), dynamic batch float [None,64,64,3]: input FakeQuant(-1,1) after Rescaling; branches 1x1, 1x1 -> 3x3, 1x1 -> 3x3 -> 3x3 (factorized 5x5) and MaxPooling2D(3, s1) -> 1x1, each Conv + BN + ReLU; the three conv branches fake-quantized with different ranges (0,6) / (0,4) / (0,8) before the Concatenate, the pool branch not at all, FakeQuant(0,6) after the concat; MaxPooling2D between the two modules takes the fake-quantized concat; GlobalAveragePooling2D, Dense(20)")
def b_inception_qat(out):
    def module(x, f):
        b1 = Q.FakeQuant(0, 6)(_cbr(x, f, 1))
        b2 = Q.FakeQuant(0, 4)(_cbr(_cbr(x, f // 2, 1), f, 3))
        b3 = Q.FakeQuant(0, 8)(_cbr(_cbr(_cbr(x, f // 4, 1), f // 2, 3), f // 2, 3))
        return Q.FakeQuant(0, 6)(L.Concatenate()([b1, b2, b3, _cbr(L.MaxPooling2D(3, 1, padding="same")(x), f // 2, 1)]))
    inp = keras.Input((64, 64, 3), name="image")
    x = Q.FakeQuant(-1, 1)(L.Rescaling(2.0, offset=-1.0)(inp))
    x = L.MaxPooling2D(3, 2, padding="same")(Q.FakeQuant(0, 6)(_cbr(x, 32, 3, 2)))
    x = L.GlobalAveragePooling2D()(module(L.MaxPooling2D(3, 2, padding="same")(module(x, 32)), 48))
    _saved(keras.Model(inp, L.Dense(20, name="logits")(x)), out)


@model("k30_cspnet_yolo_tiny_qat_routes_keras", "keras-export", "YOLOv4-tiny-like detector with hand QAT, fixed float [1,96,96,3] kept by the export signature: Conv + BN + LeakyReLU(0.1) + FakeQuant(-1,6) units; CSP blocks split channels with a Lambda tf.split, two convs on one half, Concatenate (both inputs fake-quantized with the same range), 1x1, Concatenate with the block input route, MaxPooling2D on that concat of fake-quantized tensors; coarse head at 3x3, UpSampling2D(nearest) output fake-quantized, route Concatenate with the 6x6 CSP output, fine head; heads Conv 1x1 -> 3 anchors x (5 + 3 classes) with FakeQuant(-16,16) -> head_coarse [1,3,3,24], head_fine [1,6,6,24]; model.export")
def b_csp_qat(out):
    def cbl(x, f, k=3, s=1):
        return Q.FakeQuant(-1, 6)(_cbr(x, f, k, s, act=L.LeakyReLU(0.1)))

    def csp(x, f):
        x = cbl(x, f)
        r1 = cbl(L.Lambda(lambda t: tf.split(t, 2, axis=-1)[1], output_shape=tuple(x.shape[1:-1]) + (f // 2,))(x), f // 2)
        y = cbl(L.Concatenate()([cbl(r1, f // 2), r1]), f, 1)
        return L.MaxPooling2D(2)(L.Concatenate()([x, y])), y
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = cbl(cbl(Q.FakeQuant(0, 1)(inp), 16, 3, 2), 32, 3, 2)
    x, route = csp(csp(csp(x, 32)[0], 64)[0], 96)
    x = cbl(cbl(x, 192), 96, 1)
    coarse = Q.FakeQuant(-16, 16, name="head_coarse")(L.Conv2D(24, 1)(cbl(x, 128)))
    up = Q.FakeQuant(-1, 6)(L.UpSampling2D(2)(cbl(x, 48, 1)))
    fine = Q.FakeQuant(-16, 16, name="head_fine")(L.Conv2D(24, 1)(cbl(L.Concatenate()([up, route]), 96)))
    _export(keras.Model(inp, {"head_coarse": coarse, "head_fine": fine}), out, batch1=True)


# ================================================================================ QAT by hand: encoder-decoders and feature pyramids

@model("k30_tf1_unet_qat_transpose_conv_frozen", "frozen-pb", "U-Net quantization-aware in TF1 (placeholders, variable_scope + get_variable), frozen with graph_util.convert_variables_to_constants, fixed float [1,96,96,3]: each conv's weights through per-tensor fake_quant_with_min_max_vars with reduce_min / reduce_max of the kernel, ReLU output through fake_quant_with_min_max_vars on non-trainable min / max get_variables; max_pool2d taking the fake-quantized features; decoder tf.nn.conv2d_transpose (stride 2, explicit output shape) whose output is fake-quantized, then tf.concat with the fake-quantized encoder skip (different ranges); sigmoid named mask [1,96,96,1]")
def b_tf1_unet_qat(out):
    v1 = tf.compat.v1

    def fq(x, lo, hi):
        mn, mx = (v1.get_variable(n, initializer=float(a), trainable=False) for n, a in (("act_min", lo), ("act_max", hi)))
        return tf.quantization.fake_quant_with_min_max_vars(x, mn, mx)

    def wq(w):
        return tf.quantization.fake_quant_with_min_max_vars(w, tf.reduce_min(w), tf.reduce_max(w), narrow_range=True)

    def conv(x, name, cout, act=True, lo=0.0, hi=6.0):
        with v1.variable_scope(name):
            y = tf.nn.bias_add(tf.nn.conv2d(x, wq(_v1_w("weights", [3, 3, int(x.shape[-1]), cout])), 1, "SAME"), _v1_b("biases", cout))
            return fq(tf.nn.relu(y) if act else y, lo, hi)

    def up(x, name, cout, size):
        with v1.variable_scope(name):
            y = tf.nn.conv2d_transpose(x, wq(_v1_w("weights", [2, 2, cout, int(x.shape[-1])])), [1, size, size, cout], 2, "SAME")
            return fq(tf.nn.bias_add(y, _v1_b("biases", cout)), -4.0, 4.0)

    def build():
        x = v1.placeholder(tf.float32, [1, 96, 96, 3], name="image")
        e1 = conv(conv(tf.quantization.fake_quant_with_min_max_args(x, 0.0, 1.0), "enc1a", 16), "enc1b", 16)
        e2 = conv(conv(tf.nn.max_pool2d(e1, 2, 2, "VALID"), "enc2a", 32), "enc2b", 32)
        b = conv(conv(tf.nn.max_pool2d(e2, 2, 2, "VALID"), "bott_a", 64), "bott_b", 64)
        d2 = conv(conv(tf.concat([up(b, "up2", 32, 48), e2], -1), "dec2a", 32), "dec2b", 32)
        d1 = conv(conv(tf.concat([up(d2, "up1", 16, 96), e1], -1), "dec1a", 16), "dec1b", 16)
        return [tf.sigmoid(conv(d1, "logits", 1, act=False, lo=-8.0, hi=8.0), name="mask")]
    _v1_freeze(out, build)


OUTPUTS["k30_tf1_unet_qat_transpose_conv_frozen"] = ["mask"]


@model("k30_attention_unet_gate_qat_keras", "keras-export", "Attention U-Net (Oktay et al.) with hand QAT, fixed grayscale float [1,64,64,1] kept by the export signature: QConv2D (per-channel fake-quantized kernels) + BN + ReLU + FakeQuant(0,6) encoder, Conv2DTranspose upsampling with FakeQuant(-4,4) on its output; attention gates: 1x1 convs of the skip and of the upsampled gating signal, Add, ReLU, 1x1 conv + sigmoid + FakeQuant(0,1) coefficients, Multiply with the skip (broadcast over channels) -- the gated skip is left float and Concatenated with the fake-quantized upsampled path; sigmoid mask [1,64,64,1]; model.export")
def b_att_unet_qat(out):
    def qcbr(x, f):
        return Q.FakeQuant(0, 6)(L.ReLU()(L.BatchNormalization()(Q.QConv2D(f, 3)(x))))

    def gate(skip, g, f):
        a = L.ReLU()(L.Add()([L.Conv2D(f, 1)(skip), L.Conv2D(f, 1)(g)]))
        return L.Multiply()([skip, Q.FakeQuant(0, 1)(L.Conv2D(1, 1, activation="sigmoid")(a))])
    inp = keras.Input((64, 64, 1), batch_size=1, name="scan")
    e1 = qcbr(qcbr(Q.FakeQuant(0, 1)(inp), 16), 16)
    e2 = qcbr(qcbr(L.MaxPooling2D()(e1), 32), 32)
    x = qcbr(qcbr(L.MaxPooling2D()(e2), 64), 64)
    for skip, f in ((e2, 32), (e1, 16)):
        u = Q.FakeQuant(-4, 4)(L.Conv2DTranspose(f, 2, 2)(x))
        x = qcbr(qcbr(L.Concatenate()([gate(skip, u, f // 2), u]), f), f)
    _export(keras.Model(inp, L.Conv2D(1, 1, activation="sigmoid", name="mask")(x)), out, batch1=True)


@model("k30_fpn_topdown_qdq_both_add_inputs", "tf-module", "FPN (top-down path with adds) in QDQ form, tf.Module of raw variables, fixed float [1,64,64,3]: backbone of stride-2 conv + ReLU stages (C3 8x8x32, C4 4x4x64, C5 2x2x96), kernels QDQ'd per output channel (quantize_and_dequantize_v2 axis 3); 1x1 laterals with QDQ outputs; top-down tf.image.resize nearest x2 with the upsampled output QDQ'd, both inputs of every Add QDQ'd (the lateral and the upsampled map) and its output QDQ'd; 3x3 smoothing convs -> p3 [1,8,8,48], p4, p5")
def b_fpn_qdq(out):
    rng = np.random.default_rng(8)
    back = [_cp(rng, [3, 3, a, b], f"stage{i}") for i, (a, b) in enumerate([(3, 16), (16, 24), (24, 32), (32, 64), (64, 96)])]
    lat = {k: _cp(rng, [1, 1, c, 48], f"lateral_{k}", fold=False) for k, c in (("c3", 32), ("c4", 64), ("c5", 96))}
    smooth = {k: _cp(rng, [3, 3, 48, 48], f"smooth_{k}", fold=False) for k in ("p3", "p4", "p5")}

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(image):
        x, feats = _qdq(image, 1.0), []
        for p in back:
            x = _qdq(tf.nn.relu(_conv(x, p, 2, wq=_qdq_w)), 6.0, signed=False)
            feats.append(x)
        p3, p4, p5 = (_qdq(_conv(c, lat[k], wq=_qdq_w), 8.0) for c, k in zip(feats[2:], ("c3", "c4", "c5")))
        p4 = _qdq(p4 + _qdq(tf.image.resize(p5, [4, 4], "nearest"), 8.0), 12.0)
        p3 = _qdq(p3 + _qdq(tf.image.resize(p4, [8, 8], "nearest"), 12.0), 16.0)
        return {k: _conv(v, smooth[k], wq=_qdq_w) for k, v in (("p3", p3), ("p4", p4), ("p5", p5))}
    _save(out, {"params": _tvars(back, lat, smooth)}, serving_default=serve)


@model("k30_deeplab_aspp_qat_resize_keras", "keras-export", "DeepLabV3-lite with hand QAT, fixed float [1,64,64,3] kept by the export signature: Conv + BN + ReLU + FakeQuant(0,6) backbone to output stride 8; ASPP branches 1x1, atrous 3x3 rates 2 and 4, and image pooling (GlobalAveragePooling2D keepdims, 1x1, UpSampling2D x8), each fake-quantized (0,6) except the image-pooling branch, Concatenate + FakeQuant, 1x1 projection + FakeQuant, 1x1 logits (6 classes) + FakeQuant(-10,10), Lambda tf.image.resize bilinear to 64x64 with the upsampled output fake-quantized -> logits [1,64,64,6]; model.export")
def b_aspp_qat(out):
    def cq(x, f, k=3, s=1, d=1):
        return Q.FakeQuant(0, 6)(_cbr(x, f, k, s, d))
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = cq(cq(cq(Q.FakeQuant(0, 1)(inp), 16, s=2), 32, s=2), 64, s=2)
    pool = L.UpSampling2D(8)(_cbr(L.GlobalAveragePooling2D(keepdims=True)(x), 32, 1))
    x = Q.FakeQuant(0, 6)(L.Concatenate()([cq(x, 32, 1), cq(x, 32, 3, d=2), cq(x, 32, 3, d=4), pool]))
    x = Q.FakeQuant(-10, 10)(L.Conv2D(6, 1)(cq(x, 48, 1)))
    x = L.Lambda(lambda t: tf.image.resize(t, [64, 64], "bilinear"), output_shape=(64, 64, 6))(x)
    _export(keras.Model(inp, Q.FakeQuant(-10, 10, name="logits")(x)), out, batch1=True)


@model("k30_hrnet_fusion_qat_ema_calibrate_signature", "tf-module", "HRNet-style two-resolution pose net with hand QAT in a tf.Module, fixed float [1,64,64,3], two signatures sharing the graph: serving_default (fake_quant_with_min_max_vars on range variables) and calibrate, which also updates every range by an exponential moving average of the batch min / max (AssignVariableOp) before fake-quantizing; raw variables with BN folded, kernels fake-quantized per channel; high-res 32x32x16 and low-res 16x16x32 branches of residual units, each branch output fake-quantized; fusion: high + nearest tf.image.resize of a 1x1 conv of low (upsampled output fake-quantized), low + stride-2 3x3 conv of high (fake-quantized), each fused sum fake-quantized; tf.concat of high and resized low, 1x1 -> heatmaps [1,32,32,17]")
def b_hrnet_qat(out):
    rng = np.random.default_rng(10)
    P = {"stem": _cp(rng, [3, 3, 3, 16], "stem", ranges=True), "to_low": _cp(rng, [3, 3, 16, 32], "to_low", ranges=True),
         "l2h": _cp(rng, [1, 1, 32, 16], "fuse_low_to_high", ranges=True), "h2l": _cp(rng, [3, 3, 16, 32], "fuse_high_to_low", ranges=True),
         "head": _cp(rng, [1, 1, 48, 17], "heatmap_head", fold=False, ranges=True)}
    for br, c in (("high", 16), ("low", 32)):
        for u in range(2):
            P[f"{br}{u}a"], P[f"{br}{u}b"] = (_cp(rng, [3, 3, c, c], f"{br}_unit{u}_{j}", ranges=True) for j in "ab")
    R = {n: _av(lo, hi, n) for n, lo, hi in (("input", 0, 1), ("stem", 0, 6), ("high", -6, 6), ("low", -6, 6), ("up", -4, 4),
                                             ("down", -4, 4), ("fused_high", 0, 8), ("fused_low", 0, 8), ("mid", 0, 6))}

    def net(image, update):
        def fq(x, name):
            mn, mx = R[name]
            if update:
                mn.assign(0.99 * mn + 0.01 * tf.minimum(tf.reduce_min(x), 0.0))
                mx.assign(0.99 * mx + 0.01 * tf.maximum(tf.reduce_max(x), 0.0))
            return tf.quantization.fake_quant_with_min_max_vars(x, mn, mx)

        def branch(x, br):
            for u in range(2):
                y = fq(tf.nn.relu(_conv(x, P[f"{br}{u}a"], wq=_fq_w)), "mid")
                x = fq(tf.nn.relu(x + _conv(y, P[f"{br}{u}b"], wq=_fq_w)), br)
            return x
        s = fq(tf.nn.relu(_conv(fq(image, "input"), P["stem"], 2, wq=_fq_w)), "stem")
        h, lo = branch(s, "high"), branch(fq(tf.nn.relu(_conv(s, P["to_low"], 2, wq=_fq_w)), "stem"), "low")
        up = fq(tf.image.resize(_conv(lo, P["l2h"], wq=_fq_w), [32, 32], "nearest"), "up")
        down = fq(_conv(h, P["h2l"], 2, wq=_fq_w), "down")
        h, lo = fq(tf.nn.relu(h + up), "fused_high"), fq(tf.nn.relu(lo + down), "fused_low")
        return {"heatmaps": _conv(tf.concat([h, tf.image.resize(lo, [32, 32], "nearest")], -1), P["head"], wq=_fq_w)}
    spec = [tensor_spec([1, 64, 64, 3], name="image")]
    serve, calibrate = (tf.function(functools.partial(net, update=u), input_signature=spec) for u in (False, True))
    _save(out, {"params": _tvars(P), "ranges": _tvars(R)}, serving_default=serve, calibrate=calibrate)


# ================================================================================ QAT by hand: sequence models

@model("k30_transformer_encoder_qat_attention_scores", "tf-module", "BERT-tiny-like text classifier encoder with hand QAT in a tf.Module, fixed input_ids / attention_mask int32 [1,32]: tf.gather token + position embeddings fake_quant_with_min_max_args(-2,2); 2 pre-LayerNorm blocks (LayerNorm by hand with tf.nn.moments, left float): Q / K / V / output / FFN kernels through fake_quant_with_min_max_vars_per_channel, Q, K, V fake-quantized (range variables), attention scores QK^T / sqrt(d) fake-quantized before the additive mask, softmax fake-quantized args (0,1), context fake-quantized, both residual Adds fake-quantized, tanh-GELU FFN output fake-quantized; first-token pooled FC -> logits / probabilities [1,3]")
def b_transformer_qat(out):
    rng = np.random.default_rng(11)
    V, T, D, H, F = 1000, 32, 64, 4, 128
    emb = tf.Variable(rng.normal(0, 0.05, (V, D)).astype("float32"), name="token_embedding")
    pos = tf.Variable(rng.normal(0, 0.05, (T, D)).astype("float32"), name="position_embedding")
    layers = []
    for i in range(2):
        p = {k: _cp(rng, [a, b], f"l{i}_{k}", fold=False, ranges=True)
             for k, a, b in (("q", D, D), ("k", D, D), ("v", D, D), ("o", D, D), ("ff1", D, F), ("ff2", F, D))}
        p.update({f"ln{j}": [tf.Variable(np.ones(D, "float32")), tf.Variable(np.zeros(D, "float32"))] for j in (1, 2)})
        layers.append({**p, **{n: _av(lo, hi, f"l{i}_{n}") for n, lo, hi in (
            ("q_act", -4, 4), ("k_act", -4, 4), ("v_act", -4, 4), ("scores", -12, 12), ("ctx", -4, 4), ("res1", -8, 8), ("ff_act", -1, 6),
            ("res2", -8, 8))}})
    cls = _cp(rng, [D, 3], "classifier", fold=False, ranges=True)

    def ln(x, gb):
        m, v = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - m) * tf.math.rsqrt(v + 1e-6) * gb[0] + gb[1]

    def heads(t):
        return tf.transpose(tf.reshape(t, [1, T, H, D // H]), [0, 2, 1, 3])

    @tf.function(input_signature=[tensor_spec([1, T], "int32", "input_ids"), tensor_spec([1, T], "int32", "attention_mask")])
    def serve(input_ids, attention_mask):
        x = _fqa(tf.gather(emb, input_ids) + pos, -2.0, 2.0)
        bias = (1.0 - tf.cast(attention_mask, tf.float32))[:, None, None, :] * -1e4
        for p in layers:
            h = ln(x, p["ln1"])
            q, k, v = (heads(_fqv(_lin(h, p[n], _fq_w), p[n + "_act"])) for n in "qkv")
            s = _fqv(tf.matmul(q, k, transpose_b=True) / np.sqrt(D // H), p["scores"]) + bias
            ctx = tf.matmul(_fqa(tf.nn.softmax(s), 0.0, 1.0), v)
            ctx = _fqv(tf.reshape(tf.transpose(ctx, [0, 2, 1, 3]), [1, T, D]), p["ctx"])
            x = _fqv(x + _lin(ctx, p["o"], _fq_w), p["res1"])
            h = _fqv(tf.nn.gelu(_lin(ln(x, p["ln2"]), p["ff1"], _fq_w), approximate=True), p["ff_act"])
            x = _fqv(x + _lin(h, p["ff2"], _fq_w), p["res2"])
        logits = _lin(x[:, 0], cls, _fq_w)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    _save(out, {"params": _tvars(emb, pos, layers, cls)}, serving_default=serve)


FEEDS["k30_transformer_encoder_qat_attention_scores"] = {"input_ids": (1, 1000), "attention_mask": [[1] * 24 + [0] * 8]}


@model("k30_tcn_dilated_causal_qat_block_outputs_keras", "keras-export", "TCN activity recognizer on IMU windows with hand QAT only after block outputs, dynamic batch float [None,128,6]: input FakeQuant(-4,4); residual blocks of two Conv1D(causal, dilation 1 / 2 / 4 / 8, 32 filters) + ReLU left float inside the block, 1x1 Conv1D on the skip where channels change, Add + ReLU then FakeQuant(0,6) on the block output only; Lambda last time step, Dense(6) -> logits; model.export")
def b_tcn_qat(out):
    inp = keras.Input((128, 6), name="imu")
    x = Q.FakeQuant(-4, 4)(inp)
    for d in (1, 2, 4, 8):
        y = L.Conv1D(32, 3, padding="causal", dilation_rate=d, activation="relu")(x)
        y = L.Conv1D(32, 3, padding="causal", dilation_rate=d, activation="relu")(y)
        x = Q.FakeQuant(0, 6)(L.ReLU()(L.Add()([y, L.Conv1D(32, 1)(x) if x.shape[-1] != 32 else x])))
    _export(keras.Model(inp, L.Dense(6, name="logits")(L.Lambda(lambda t: t[:, -1], output_shape=(32,))(x))), out)


# ================================================================================ float models for post-training quantization

@model("k30_resnet18_lite_bn_fixed_batch_keras", "keras-export", "ResNet-18-lite float for post-training int8 quantization, fixed float [1,96,96,3] kept by the export signature: 7x7 stride-2 Conv + BN + ReLU, MaxPooling2D, basic blocks (Conv-BN-ReLU-Conv-BN, Add, ReLU) at 32 / 64 / 128 channels, 1x1 Conv + BN projection shortcuts on stride 2; GlobalAveragePooling2D, Dense(100, softmax); model.export")
def b_resnet18(out):
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = L.MaxPooling2D(3, 2, padding="same")(_cbr(inp, 32, 7, 2))
    for f, s in ((32, 1), (32, 1), (64, 2), (64, 1), (128, 2), (128, 1)):
        sc = _cbr(x, f, 1, s, act=None) if s != 1 or x.shape[-1] != f else x
        x = L.ReLU()(L.Add()([_cbr(_cbr(x, f, 3, s), f, 3, act=None), sc]))
    x = L.Dense(100, activation="softmax", name="probabilities")(L.GlobalAveragePooling2D()(x))
    _export(keras.Model(inp, x), out, batch1=True)


@model("k30_resnext_grouped_conv_dynamic_keras", "keras-export", "ResNeXt-lite float for PTQ, dynamic batch float [None,64,64,3]: bottleneck blocks with Conv2D(groups=8) 3x3 grouped convolution (cardinality 8) between 1x1 Conv + BN + ReLU, 1x1 + BN projection shortcuts, Add + ReLU; GlobalAveragePooling2D, Dense(10); model.export")
def b_resnext(out):
    inp = keras.Input((64, 64, 3), name="image")
    x = _cbr(inp, 32, 3, 2)
    for f, s in ((64, 1), (64, 1), (128, 2), (128, 1)):
        y = _cbr(_cbr(_cbr(x, f // 2, 1), f // 2, 3, s, groups=8), f, 1, act=None)
        x = L.ReLU()(L.Add()([y, _cbr(x, f, 1, s, act=None) if s != 1 or x.shape[-1] != f else x]))
    _export(keras.Model(inp, L.Dense(10, name="logits")(L.GlobalAveragePooling2D()(x))), out)


@model("k30_tf1_se_resnet_batch_normalization_frozen", "frozen-pb", "SE-ResNet float in TF1 (placeholders, variable_scope + get_variable) frozen with graph_util.convert_variables_to_constants for PTQ, fixed float [1,64,64,3]: conv + tf.nn.batch_normalization on moving_mean / moving_variance / gamma / beta get_variables (unfolded) + ReLU; squeeze-excitation as reduce_mean(keepdims) -> 1x1 conv2d + ReLU -> 1x1 conv2d + sigmoid -> multiply; projection shortcuts, Add + ReLU; mean pool, FC -> probabilities softmax [1,10]")
def b_tf1_se(out):
    v1, rng = tf.compat.v1, np.random.default_rng(32)

    def conv(x, name, cout, k=3, s=1, act=True, bn=True):
        with v1.variable_scope(name):
            y = tf.nn.conv2d(x, _v1_w("weights", [k, k, int(x.shape[-1]), cout]), s, "SAME")
            if bn:
                g, b, m, v = _v1_bn(rng, cout)
                y = tf.nn.batch_normalization(y, m, v, b, g, 1e-5)
            else:
                y = tf.nn.bias_add(y, _v1_b("biases", cout))
            return tf.nn.relu(y) if act else y

    def build():
        h = conv(v1.placeholder(tf.float32, [1, 64, 64, 3], name="input"), "conv0", 16, s=2)
        for i, (f, s) in enumerate([(32, 2), (32, 1), (64, 2), (64, 1)]):
            with v1.variable_scope(f"block{i}"):
                y = conv(conv(h, "conv1", f, s=s), "conv2", f, act=False)
                with v1.variable_scope("se"):
                    z = conv(tf.reduce_mean(y, [1, 2], keepdims=True), "fc1", f // 4, k=1, bn=False)
                    y = y * tf.sigmoid(conv(z, "fc2", f, k=1, act=False, bn=False))
                h = tf.nn.relu(y + (conv(h, "shortcut", f, k=1, s=s, act=False) if s != 1 or int(h.shape[-1]) != f else h))
        with v1.variable_scope("fc"):
            logits = tf.matmul(tf.reduce_mean(h, [1, 2]), _v1_w("weights", [64, 10])) + _v1_b("biases", 10)
        return [tf.nn.softmax(logits, name="probabilities")]
    _v1_freeze(out, build)


OUTPUTS["k30_tf1_se_resnet_batch_normalization_frozen"] = ["probabilities"]


@model("k30_inception_resnet_scaled_residual_keras", "keras-export", "Inception-ResNet-lite float for PTQ, fixed float [1,64,64,3] kept by the export signature: block35-style units (branches 1x1, 1x1 -> 3x3, 1x1 -> 3x3 -> 3x3 of Conv + BN + ReLU, Concatenate, linear 1x1 up-projection) added to the input through a Lambda scale (x + 0.17 * r, as keras.applications writes it), ReLU; reduction block of MaxPooling2D / stride-2 conv / 1x1 -> 3x3 -> stride-2 3x3 branches Concatenated; GlobalAveragePooling2D, Dropout, Dense(10, softmax); model.export")
def b_incres(out):
    def block35(x, scale=0.17):
        r = L.Concatenate()([_cbr(x, 16, 1), _cbr(_cbr(x, 16, 1), 16), _cbr(_cbr(_cbr(x, 16, 1), 24), 32)])
        r = L.Conv2D(x.shape[-1], 1)(r)
        return L.ReLU()(L.Lambda(lambda t: t[0] + scale * t[1], output_shape=tuple(x.shape[1:]))([x, r]))
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = block35(block35(_cbr(_cbr(inp, 32, 3, 2), 64)))
    x = L.Concatenate()([L.MaxPooling2D(3, 2, padding="same")(x), _cbr(x, 64, 3, 2), _cbr(_cbr(_cbr(x, 32, 1), 32), 48, 3, 2)])
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(block35(block35(x, 0.1), 0.1)))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(x)), out, batch1=True)


@model("k30_tf1_densenet_fused_batch_norm_frozen", "frozen-pb", "DenseNet-lite float in TF1 (placeholders, get_variable) frozen with graph_util.convert_variables_to_constants for PTQ, fixed float [1,64,64,3]: BatchNorm as tf.compat.v1.nn.fused_batch_norm(is_training=False) on moving statistics (FusedBatchNormV3) + ReLU before each conv; 2 dense blocks of 4 layers (BN-ReLU-1x1-BN-ReLU-3x3, growth 12) concatenated with tf.concat, transition BN-ReLU-1x1 + avg_pool2d; final BN-ReLU, mean pool, FC -> probabilities [1,10]")
def b_tf1_densenet(out):
    v1, rng = tf.compat.v1, np.random.default_rng(25)

    def bn_relu(x, name):
        with v1.variable_scope(name):
            g, b, m, v = _v1_bn(rng, int(x.shape[-1]))
            return tf.nn.relu(v1.nn.fused_batch_norm(x, g, b, m, v, epsilon=1.001e-5, is_training=False)[0])

    def conv(x, name, cout, k):
        return tf.nn.conv2d(x, _v1_w(name, [k, k, int(x.shape[-1]), cout]), 1, "SAME")

    def build():
        h = tf.nn.max_pool2d(conv(v1.placeholder(tf.float32, [1, 64, 64, 3], name="input"), "conv0", 24, 3), 2, 2, "VALID")
        for b in range(2):
            for i in range(4):
                with v1.variable_scope(f"block{b}/layer{i}"):
                    h = tf.concat([h, conv(bn_relu(conv(bn_relu(h, "bn1"), "conv1", 48, 1), "bn2"), "conv2", 12, 3)], axis=-1)
            if b == 0:
                with v1.variable_scope("transition"):
                    h = tf.nn.avg_pool2d(conv(bn_relu(h, "bn"), "conv", int(h.shape[-1]) // 2, 1), 2, 2, "VALID")
        g = tf.reduce_mean(bn_relu(h, "final_bn"), [1, 2])
        return [tf.nn.softmax(tf.matmul(g, _v1_w("fc/weights", [int(g.shape[-1]), 10])), name="probabilities")]
    _v1_freeze(out, build)


OUTPUTS["k30_tf1_densenet_fused_batch_norm_frozen"] = ["probabilities"]


@model("k30_mbv2_uint8_zero_padding_keras", "keras-export", "MobileNetV2-lite float for PTQ written as keras.applications does, fixed uint8 [1,96,96,3] kept by the export signature: Rescaling(1/127.5, offset -1) on the uint8 input, ZeroPadding2D + valid stride-2 DepthwiseConv2D (correct_pad), expand 1x1 + BN + ReLU6, depthwise + BN + ReLU6, linear 1x1 + BN, Add on stride-1 blocks with equal channels; 1x1 head 256 + ReLU6, GlobalAveragePooling2D, Dropout, Dense(12) softmax; model.export")
def b_mbv2_float(out):
    def ir(x, f, s, t):
        c = x.shape[-1]
        y = _cbr(x, c * t, 1, act="relu6") if t != 1 else x
        if s == 2:
            y = L.DepthwiseConv2D(3, 2, padding="valid", use_bias=False)(L.ZeroPadding2D(((0, 1), (0, 1)))(y))
            y = L.ReLU(6.0)(L.BatchNormalization()(y))
        y = _cbr(_dwbn(y) if s == 1 else y, f, 1, act=None)
        return L.Add()([x, y]) if s == 1 and c == f else y
    inp = keras.Input((96, 96, 3), batch_size=1, dtype="uint8", name="image")
    x = _cbr(L.Rescaling(1 / 127.5, offset=-1.0)(inp), 16, 3, 2, act="relu6")
    for f, s, t in ((8, 1, 1), (16, 2, 6), (16, 1, 6), (24, 2, 6), (24, 1, 6), (32, 2, 6), (32, 1, 6), (48, 1, 6), (64, 2, 6)):
        x = ir(x, f, s, t)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(_cbr(x, 256, 1, act="relu6")))
    _export(keras.Model(inp, L.Dense(12, activation="softmax", name="probabilities")(x)), out, batch1=True)


@model("k30_mbv3_small_hardswish_se_saved", "saved-model", "MobileNetV3-small-lite float for PTQ saved with plain tf.saved_model.save(keras_model), fixed float [1,96,96,3]: Activation('hard_swish') / ReLU blocks, squeeze-excite as GlobalAveragePooling2D(keepdims) -> 1x1 Conv + ReLU -> 1x1 Conv + Activation('hard_sigmoid') -> Multiply, linear projections, Add on stride-1 blocks; 1x1 head + hard_swish, GlobalAveragePooling2D, Dense(64, hard_swish), Dense(7)")
def b_mbv3_float(out):
    def block(x, k, e, f, se, act, s):
        y = _dwbn(_cbr(x, e, 1, act=act), s, act=act, k=k)
        if se:
            z = L.Conv2D(e // 4, 1, activation="relu")(L.GlobalAveragePooling2D(keepdims=True)(y))
            y = L.Multiply()([y, L.Activation("hard_sigmoid")(L.Conv2D(e, 1)(z))])
        y = _cbr(y, f, 1, act=None)
        return L.Add()([x, y]) if s == 1 and x.shape[-1] == f else y
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = _cbr(inp, 16, 3, 2, act="hard_swish")
    for cfg in ((3, 16, 16, True, "relu", 2), (3, 72, 24, False, "relu", 2), (3, 88, 24, False, "relu", 1),
                (5, 96, 40, True, "hard_swish", 2), (5, 240, 40, True, "hard_swish", 1), (5, 120, 48, True, "hard_swish", 1)):
        x = block(x, *cfg)
    x = L.Dense(64, activation="hard_swish")(L.GlobalAveragePooling2D()(_cbr(x, 288, 1, act="hard_swish")))
    _saved(keras.Model(inp, L.Dense(7, name="logits")(x)), out)


@model("k30_efficientnet_mbconv_drop_connect_keras", "keras-export", "EfficientNet-B0-lite float for PTQ, fixed float [1,96,96,3] 0-255 kept by the export signature: Rescaling(1/255) + Normalization(mean / variance of ImageNet) inside the model as keras.applications does; MBConv blocks (expand 1x1 + BN + swish, depthwise 3x3 / 5x5 + BN + swish, squeeze-excite GlobalAveragePooling2D -> Reshape -> 1x1 swish -> 1x1 sigmoid -> Multiply, 1x1 + BN projection) with drop-connect Dropout(0.2, noise_shape (None,1,1,1)) before the residual Add; 1x1 head + swish, GlobalAveragePooling2D, Dense(10, softmax); model.export")
def b_efficientnet(out):
    def mbconv(x, k, t, f, s):
        c = x.shape[-1]
        y = _dwbn(_cbr(x, c * t, 1, act="swish") if t != 1 else x, s, act="swish", k=k)
        z = L.Reshape((1, 1, c * t))(L.GlobalAveragePooling2D()(y))
        z = L.Conv2D(c * t, 1, activation="sigmoid")(L.Conv2D(max(1, c // 4), 1, activation="swish")(z))
        y = _cbr(L.Multiply()([y, z]), f, 1, act=None)
        return L.Add()([L.Dropout(0.2, noise_shape=(None, 1, 1, 1))(y), x]) if s == 1 and c == f else y
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = L.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229 ** 2, 0.224 ** 2, 0.225 ** 2])(L.Rescaling(1 / 255.0)(inp))
    x = _cbr(x, 24, 3, 2, act="swish")
    for cfg in ((3, 1, 16, 1), (3, 6, 24, 2), (3, 6, 24, 1), (5, 6, 40, 2), (5, 6, 40, 1), (3, 6, 64, 2)):
        x = mbconv(x, *cfg)
    x = L.GlobalAveragePooling2D()(_cbr(x, 256, 1, act="swish"))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(x)), out, batch1=True)


FEEDS["k30_efficientnet_mbconv_drop_connect_keras"] = lambda rng: {"image": rng.uniform(0, 255, (1, 96, 96, 3))}


@model("k30_ghostnet_float_se_keras", "keras-export", "GhostNet-lite float for PTQ, fixed float [1,96,96,3] kept by the export signature: ghost modules (primary 1x1 Conv + BN + ReLU producing half the output width, cheap DepthwiseConv2D 3x3 + BN + ReLU on it, Concatenate), ghost bottlenecks with a stride-2 depthwise conv, squeeze-excite with hard_sigmoid gates (Multiply), shortcuts depthwise + 1x1 on stride / width change, Add; 1x1 head, GlobalAveragePooling2D, Dense(128, relu), Dense(10) -> logits; model.export")
def b_ghost_float(out):
    def ghost(x, f, act="relu"):
        p = _cbr(x, f // 2, 1, act=act)
        return L.Concatenate()([p, _dwbn(p, act=act)])

    def bottleneck(x, e, f, s, se):
        y = _dwbn(ghost(x, e), 2, act=None) if s == 2 else ghost(x, e)
        if se:
            z = L.Conv2D(e // 4, 1, activation="relu")(L.GlobalAveragePooling2D(keepdims=True)(y))
            y = L.Multiply()([y, L.Conv2D(e, 1, activation="hard_sigmoid")(z)])
        sc = x if s == 1 and x.shape[-1] == f else _cbr(_dwbn(x, s, act=None), f, 1, act=None)
        return L.Add()([ghost(y, f, act=None), sc])
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = _cbr(inp, 16, 3, 2)
    for cfg in ((16, 16, 1, False), (48, 24, 2, False), (72, 24, 1, False), (72, 40, 2, True), (120, 40, 1, True), (240, 80, 2, False),
                (184, 80, 1, False)):
        x = bottleneck(x, *cfg)
    x = L.Dense(128, activation="relu")(L.GlobalAveragePooling2D()(_cbr(x, 240, 1)))
    _export(keras.Model(inp, L.Dense(10, name="logits")(x)), out, batch1=True)


@model("k30_shufflenetv2_custom_layers_dynamic_keras", "keras-export", "ShuffleNetV2-lite float for PTQ, dynamic batch float [None,64,64,3]: custom ChannelSplit layer (tf.split into two halves) and ChannelShuffle layer (reshape with the dynamic batch from tf.shape to [B,H,W,2,C/2], transpose, reshape back); stride-1 units (1x1 + BN + ReLU, depthwise 3x3 + BN, 1x1 + BN + ReLU on one half, Concatenate with the other, shuffle), stride-2 units with a depthwise + 1x1 left branch; 1x1 Conv 256, GlobalAveragePooling2D, Dense(10); model.export")
def b_shufflenet_float(out):
    class ChannelSplit(L.Layer):
        def call(self, x):
            return tf.split(x, 2, axis=-1)

        def compute_output_shape(self, s):
            return [s[:-1] + (s[-1] // 2,)] * 2

    class ChannelShuffle(L.Layer):
        def call(self, x):
            return _shuffle(x, 2)

    def unit(x, f, s):
        keep, y = ChannelSplit()(x) if s == 1 else (_cbr(_dwbn(x, 2, act=None), f // 2, 1), x)
        y = _cbr(_dwbn(_cbr(y, f // 2, 1), s, act=None), f // 2, 1)
        return ChannelShuffle()(L.Concatenate()([keep, y]))
    inp = keras.Input((64, 64, 3), name="image")
    x = L.MaxPooling2D(3, 2, padding="same")(_cbr(inp, 24, 3, 2))
    for f, s in ((64, 2), (64, 1), (64, 1), (128, 2), (128, 1)):
        x = unit(x, f, s)
    _export(keras.Model(inp, L.Dense(10, name="logits")(L.GlobalAveragePooling2D()(_cbr(x, 256, 1)))), out)


@model("k30_unet_bilinear_transpose_mixed_keras", "keras-export", "U-Net float for PTQ, fixed float [1,96,96,3] kept by the export signature: encoder Conv + BN + ReLU pairs (16 / 32 / 64 / 96) with MaxPooling2D; decoder mixes UpSampling2D(interpolation='bilinear') at the two deeper levels and a Conv2DTranspose(stride 2) at the top level, each Concatenated with the encoder skip; 1x1 Conv + softmax over 4 classes -> segmentation [1,96,96,4]; model.export")
def b_unet_float(out):
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    skips, x = [], inp
    for f in (16, 32, 64):
        skips.append(_cbr(_cbr(x, f), f))
        x = L.MaxPooling2D()(skips[-1])
    x = _cbr(_cbr(x, 96), 96)
    for i, (skip, f) in enumerate(zip(skips[::-1], (64, 32, 16))):
        u = L.Conv2DTranspose(f, 2, 2)(x) if i == 2 else L.UpSampling2D(interpolation="bilinear")(x)
        x = _cbr(_cbr(L.Concatenate()([u, skip]), f), f)
    _export(keras.Model(inp, L.Conv2D(4, 1, activation="softmax", name="segmentation")(x)), out, batch1=True)


@model("k30_attention_unet_gates_uint8_module", "tf-module", "Attention U-Net float for PTQ served from a tf.Module, fixed uint8 grayscale [1,96,96,1] cast and divided by 255 in the signature: Keras functional model (Conv + BN + ReLU encoder, UpSampling2D nearest decoder, additive attention gates: 1x1 convs of skip and gating signal, Add, ReLU, 1x1 + sigmoid, Multiply with the skip, Concatenate); outputs probability [1,96,96,1] and mask uint8 (prob > 0.5 through tf.cast)")
def b_att_unet_float(out):
    def gate(skip, g, f):
        a = L.ReLU()(L.Add()([L.Conv2D(f, 1, use_bias=False)(skip), L.Conv2D(f, 1)(g)]))
        return L.Multiply()([skip, L.Conv2D(1, 1, activation="sigmoid")(a)])
    inp = keras.Input((96, 96, 1))
    skips, x = [], inp
    for f in (16, 32, 48):
        skips.append(_cbr(_cbr(x, f), f))
        x = L.MaxPooling2D()(skips[-1])
    x = _cbr(x, 64)
    for skip, f in zip(skips[::-1], (48, 32, 16)):
        u = _cbr(L.UpSampling2D()(x), f)
        x = _cbr(_cbr(L.Concatenate()([gate(skip, u, f // 2), u]), f), f)
    net = keras.Model(inp, L.Conv2D(1, 1, activation="sigmoid")(x))

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 1], "uint8", "scan")])
    def serve(scan):
        prob = net(tf.cast(scan, tf.float32) / 255.0, training=False)
        return {"probability": prob, "mask": tf.cast(prob > 0.5, tf.uint8)}
    _save(out, {"model": net}, serving_default=serve)


@model("k30_hrnet_three_branch_fusion_keras", "keras-export", "HRNet-W8-lite float for PTQ (segmentation), fixed float [1,64,64,3] kept by the export signature: stride-4 stem, three parallel branches at 16x16x16 / 8x8x32 / 4x4x64 of residual units (Conv-BN-ReLU-Conv-BN, Add, ReLU), two exchange units fusing every branch into every other (higher-res inputs by chains of stride-2 Conv + BN, lower-res by 1x1 Conv + BN + UpSampling2D nearest x2 / x4, Add + ReLU); HRNetV2 head upsampling all branches to 16x16, Concatenate, 1x1 Conv + BN + ReLU, 1x1 -> 8-class logits, UpSampling2D bilinear x4 -> [1,64,64,8]; model.export")
def b_hrnet_float(out):
    C = (16, 32, 64)

    def fuse(xs):
        outs = []
        for i in range(3):
            terms = []
            for j, x in enumerate(xs):
                if j > i:
                    x = L.UpSampling2D(2 ** (j - i))(_cbr(x, C[i], 1, act=None))
                for k in range(i - j):
                    x = _cbr(x, C[i] if k == i - j - 1 else C[j], 3, 2, act=None if k == i - j - 1 else "relu")
                terms.append(x)
            outs.append(L.ReLU()(L.Add()(terms)))
        return outs
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    s = _cbr(_cbr(inp, 32, 3, 2), 32, 3, 2)
    xs = [_cbr(s, C[0]), _cbr(s, C[1], 3, 2), _cbr(_cbr(s, C[1], 3, 2), C[2], 3, 2)]
    for _ in range(2):
        xs = fuse([L.ReLU()(L.Add()([x, _cbr(_cbr(x, x.shape[-1]), x.shape[-1], act=None)])) for x in xs])
    h = L.Concatenate()([xs[0], L.UpSampling2D(2)(xs[1]), L.UpSampling2D(4)(xs[2])])
    logits = L.Conv2D(8, 1)(_cbr(h, 64, 1))
    _export(keras.Model(inp, L.UpSampling2D(4, interpolation="bilinear", name="logits")(logits)), out, batch1=True)


@model("k30_retinanet_fpn_shared_heads_module", "tf-module", "RetinaNet-lite float for PTQ served from a tf.Module, fixed float [1,128,128,3]: Keras backbone returning C3 / C4 / C5 (16x16, 8x8, 4x4), FPN in the signature with Keras 1x1 laterals, tf.image.resize nearest x2 top-down + Add, 3x3 smoothing, P6 by a stride-2 conv on C5; one shared Keras classification head and one box head (Conv + ReLU x2, 3 anchors) applied to every level, reshaped to [1,-1,K] and tf.concat'ed over levels; outputs scores (sigmoid) [1,1020,4] and box_deltas [1,1020,4]")
def b_retinanet(out):
    inp = keras.Input((128, 128, 3))
    x, feats = inp, []
    for f in (16, 24, 32, 64, 96):
        x = _cbr(_cbr(x, f, 3, 2), f)
        feats.append(x)
    backbone = keras.Model(inp, feats[2:])
    lat, smooth = [L.Conv2D(48, 1) for _ in range(3)], [L.Conv2D(48, 3, padding="same") for _ in range(3)]
    p6 = L.Conv2D(48, 3, 2, padding="same")
    for layer, c in zip(lat + smooth + [p6], (32, 64, 96, 48, 48, 48, 96)):
        layer.build((None, None, None, c))
    cls_head, box_head = (keras.Sequential([keras.Input((None, None, 48)), L.Conv2D(48, 3, padding="same", activation="relu"),
                                            L.Conv2D(48, 3, padding="same", activation="relu"), L.Conv2D(12, 3, padding="same")])
                          for _ in range(2))

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def serve(image):
        c3, c4, c5 = backbone(image, training=False)
        p5 = lat[2](c5)
        p4 = lat[1](c4) + tf.image.resize(p5, [8, 8], "nearest")
        p3 = lat[0](c3) + tf.image.resize(p4, [16, 16], "nearest")
        levels = [smooth[0](p3), smooth[1](p4), smooth[2](p5), p6(c5)]
        cls = tf.concat([tf.reshape(cls_head(p), [1, -1, 4]) for p in levels], axis=1)
        box = tf.concat([tf.reshape(box_head(p), [1, -1, 4]) for p in levels], axis=1)
        return {"scores": tf.sigmoid(cls), "box_deltas": box}
    _save(out, {"backbone": backbone, "layers": lat + smooth + [p6], "heads": [cls_head, box_head]}, serving_default=serve)


@model("k30_bifpn_fast_normalized_fusion_module", "tf-module", "EfficientDet-lite BiFPN float for PTQ in a tf.Module of raw variables (BN folded), fixed float [1,128,128,3]: swish backbone to P3 / P4 / P5 (16x16, 8x8, 4x4) projected to 48 channels; one BiFPN layer with fast normalized fusion (relu of learned fusion weights divided by their sum + 1e-4), top-down tf.image.resize nearest x2, bottom-up tf.nn.max_pool2d 3x3 stride 2, each fused node a depthwise-separable conv + swish; outputs p3, p4, p5")
def b_bifpn(out):
    rng = np.random.default_rng(38)
    back = [_cp(rng, [3, 3, a, b], f"backbone{i}") for i, (a, b) in enumerate([(3, 16), (16, 24), (24, 40), (40, 80), (80, 112)])]
    proj = [_cp(rng, [1, 1, c, 48], f"resample_p{i + 3}") for i, c in enumerate((40, 80, 112))]
    nodes = {n: (_cp(rng, [3, 3, 48, 1], n + "_dw", dw=True, fold=False), _cp(rng, [1, 1, 48, 48], n + "_pw"),
                 tf.Variable(np.ones(k, "float32"), name=n + "_fusion_weights"))
             for n, k in (("p4_td", 2), ("p3_out", 2), ("p4_out", 3), ("p5_out", 2))}

    def node(name, xs):
        dw, pw, w = nodes[name]
        w = tf.nn.relu(w)
        return tf.nn.swish(_conv(_conv(tf.add_n([w[i] * x for i, x in enumerate(xs)]) / (tf.reduce_sum(w) + 1e-4), dw), pw))

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def serve(image):
        x, feats = image, []
        for p in back:
            x = tf.nn.swish(_conv(x, p, 2))
            feats.append(x)
        p3, p4, p5 = (_conv(f, p) for f, p in zip(feats[2:], proj))
        p4_td = node("p4_td", [p4, tf.image.resize(p5, [8, 8], "nearest")])
        p3_out = node("p3_out", [p3, tf.image.resize(p4_td, [16, 16], "nearest")])
        p4_out = node("p4_out", [p4, p4_td, tf.nn.max_pool2d(p3_out, 3, 2, "SAME")])
        return {"p3": p3_out, "p4": p4_out, "p5": node("p5_out", [p5, tf.nn.max_pool2d(p4_out, 3, 2, "SAME")])}
    _save(out, {"params": _tvars(back, proj, nodes)}, serving_default=serve)


@model("k30_yolo_tiny_csp_uint8_frozen", "frozen-pb", "YOLOv4-tiny-lite float for PTQ frozen with convert_variables_to_constants_v2, fixed uint8 [1,128,128,3] cast / 255 in the graph: raw variables with BN folded, conv + leaky_relu(0.1); CSP blocks tf.split the channels, convs on the second half, tf.concat routes, max_pool2d 2x2; coarse head at 4x4, 1x1 conv + tf.image.resize nearest x2 concatenated with the 8x8 route, fine head -> yolo_coarse [1,4,4,27], yolo_fine [1,8,8,27]")
def b_yolo_float(out):
    rng = np.random.default_rng(39)
    shapes = {"c0": [3, 3, 3, 16], "c1": [3, 3, 16, 32], "neck": [1, 1, 256, 64], "coarse": [3, 3, 64, 128], "up": [1, 1, 64, 32],
              "fine": [3, 3, 160, 64]}
    for i, f in enumerate((32, 64, 128)):
        shapes.update({f"csp{i}_a": [3, 3, f, f], f"csp{i}_b": [3, 3, f // 2, f // 2], f"csp{i}_c": [3, 3, f // 2, f // 2],
                       f"csp{i}_d": [1, 1, f, f]})
    P = {n: _cp(rng, s, n) for n, s in shapes.items()}
    P.update(out_coarse=_cp(rng, [1, 1, 128, 27], "out_coarse", fold=False), out_fine=_cp(rng, [1, 1, 64, 27], "out_fine", fold=False))

    def cbl(x, n, s=1):
        return tf.nn.leaky_relu(_conv(x, P[n], s), 0.1)

    def csp(x, i):
        x = cbl(x, f"csp{i}_a")
        r1 = cbl(tf.split(x, 2, axis=-1)[1], f"csp{i}_b")
        y = cbl(tf.concat([cbl(r1, f"csp{i}_c"), r1], -1), f"csp{i}_d")
        return tf.nn.max_pool2d(tf.concat([x, y], -1), 2, 2, "VALID"), y

    def fn(image):
        x = cbl(cbl(tf.cast(image, tf.float32) / 255.0, "c0", 2), "c1", 2)
        x, route = csp(csp(csp(x, 0)[0], 1)[0], 2)
        x = cbl(x, "neck")
        coarse = _conv(cbl(x, "coarse"), P["out_coarse"])
        fine = _conv(cbl(tf.concat([tf.image.resize(cbl(x, "up"), [8, 8], "nearest"), route], -1), "fine"), P["out_fine"])
        return tf.identity(coarse, name="yolo_coarse"), tf.identity(fine, name="yolo_fine")
    _freeze(fn, [tensor_spec([1, 128, 128, 3], "uint8", "image")], out)


OUTPUTS["k30_yolo_tiny_csp_uint8_frozen"] = ["yolo_coarse", "yolo_fine"]


@model("k30_vit_tiny_class_token_fixed_batch_keras", "keras-export", "ViT-tiny float for PTQ, fixed float [1,64,64,3] kept by the export signature: 8x8 patch embedding Conv2D(stride 8) -> Reshape [1,64,64]; custom ClassToken layer (add_weight token, tf.tile to the batch, concat) and PositionEmbedding layer (add_weight [65,64], add); 2 pre-norm encoder blocks: LayerNormalization, MultiHeadAttention(4 heads, key_dim 16), residual Add, LayerNormalization, Dense 128 gelu, Dense 64, residual Add; final LayerNormalization, Lambda class token, Dense(10) -> logits; model.export")
def b_vit(out):
    class ClassToken(L.Layer):
        def build(self, s):
            self.token = self.add_weight(shape=(1, 1, s[-1]), initializer="zeros", name="cls")

        def call(self, x):
            return tf.concat([tf.tile(self.token, [tf.shape(x)[0], 1, 1]), x], axis=1)

        def compute_output_shape(self, s):
            return (s[0], s[1] + 1, s[2])

    class PositionEmbedding(L.Layer):
        def build(self, s):
            self.pos = self.add_weight(shape=(1, s[1], s[2]), initializer=keras.initializers.RandomNormal(stddev=0.02), name="pos")

        def call(self, x):
            return x + self.pos
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = PositionEmbedding()(ClassToken()(L.Reshape((64, 64))(L.Conv2D(64, 8, 8)(inp))))
    for _ in range(2):
        x = L.Add()([x, L.MultiHeadAttention(4, 16)(*[L.LayerNormalization(epsilon=1e-6)(x)] * 2)])
        x = L.Add()([x, L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization(epsilon=1e-6)(x)))])
    x = L.Lambda(lambda t: t[:, 0], output_shape=(64,))(L.LayerNormalization(epsilon=1e-6)(x))
    _export(keras.Model(inp, L.Dense(10, name="logits")(x)), out, batch1=True)


@model("k30_tcn_weight_norm_causal_pad_dynamic", "tf-module", "TCN forecaster float for PTQ in a tf.Module of raw variables, dynamic batch float [None,100,8]: weight-normalized kernels computed in the graph (g * v / ||v|| over kernel width and input channels), explicit causal left padding with tf.pad before each dilated tf.nn.conv1d (dilations 1 / 2 / 4 / 8, kernel 3), two convs + ReLU per residual block, 1x1 conv1d on the skip where channels change, Add + ReLU; last time step -> forecast [None,1] and features [None,24]")
def b_tcn_float(out):
    rng = np.random.default_rng(41)

    def wn(shape, name):  # weight-norm parameters: direction v, magnitude g initialized to ||v||, bias
        v = rng.normal(0, 0.3, shape).astype("float32")
        return [tf.Variable(v, name=name + "_v"), tf.Variable(np.linalg.norm(v.reshape(-1, 24), axis=0), name=name + "_g"),
                tf.Variable(np.zeros(24, "float32"), name=name + "_b")]
    blocks = [(d, {"a": wn((3, 8 if i == 0 else 24, 24), f"b{i}_a"), "b": wn((3, 24, 24), f"b{i}_b")}) for i, d in enumerate((1, 2, 4, 8))]
    blocks[0][1]["down"], head = _cp(rng, [1, 8, 24], "b0_downsample", fold=False), _cp(rng, [24, 1], "forecast", fold=False)

    def wconv(x, p, d):
        v, g, b = p
        w = g * v / tf.norm(tf.reshape(v, [-1, v.shape[-1]]), axis=0)
        return tf.nn.conv1d(tf.pad(x, [[0, 0], [2 * d, 0], [0, 0]]), w, 1, "VALID", dilations=d) + b

    @tf.function(input_signature=[tensor_spec([None, 100, 8], name="series")])
    def serve(series):
        x = series
        for d, p in blocks:
            y = tf.nn.relu(wconv(tf.nn.relu(wconv(x, p["a"], d)), p["b"], d))
            x = tf.nn.relu(y + (tf.nn.conv1d(x, p["down"]["w"], 1, "VALID") + p["down"]["b"] if "down" in p else x))
        return {"forecast": _lin(x[:, -1], head), "features": x[:, -1]}
    _save(out, {"params": _tvars(blocks, head)}, serving_default=serve)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, Q
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers
    Q = _qlayers()


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
