"""Build an independently made corpus into bench/out/fresh56/: models as deployment and optimization tools leave them.
Frozen graphs rewritten by Grappler and written back as .pb (the meta optimizer run with
tensorflow.python.grappler.tf_optimizer.OptimizeGraph over an exported MetaGraph with the nodes placed on the CPU, which
leaves remapper fusions such as _FusedConv2D with BiasAdd / FusedBatchNorm + Relu / Relu6 / Elu / LeakyRelu / Add side
inputs / _MklSwish, _FusedMatMul with BiasAdd + Relu / Tanh / Sigmoid, _FusedBatchNormEx, constant-folded BatchNorm
arithmetic, and a Keras LSTM whose While loop Grappler lowered); outputs of tensorflow.python.tools.optimize_for_inference_lib
(fold_batch_norms of FusedBatchNorm after Conv2D / DepthwiseConv2dNative, a Keras frozen graph whose decomposed
batch-norm arithmetic it leaves in place, FusedResizeAndPadConv2D / FusedPadConv2D from resize + MirrorPad + Conv2D in a
style-transfer net); strip_unused_lib cuts (a retrain.py-style DecodeJpeg graph cut at the normalized image, a
multi-head graph cut to one head); TF1 freeze_graph.py freezing from a Saver checkpoint plus a graph .pbtxt (or a TF1
SavedModel directory), including a static-unrolled GRU and a checkpoint restored with a device-annotated graph; frozen
graphs with weights stored as float16 Consts feeding Cast nodes, and a whole half-precision graph with float32 casts at
its edges; weight-only quantized graphs written by hand the way graph_transforms quantize_weights did (quint8 Const +
min / max + Dequantize MIN_FIRST, qint8 SCALED per-tensor and per-channel Dequantize with axis) and quantize_nodes-style
graphs (QuantizeV2 + Dequantize round trips on activations with Min / Max ranges, QuantizeV2 -> QuantizedConv2D /
QuantizedMatMul -> RequantizationRange -> Requantize -> Dequantize); graphs cleaned with
tf.compat.v1.graph_util.remove_training_nodes (CheckNumerics / StopGradient / Identity removed) and cut with
extract_sub_graph; and SavedModels re-saved by tools (loaded with tf.saved_model.load and saved again with new
signatures: uint8 and base64-JPEG string front ends, tf.Example parsing, renamed / added signatures, fixed batch-1
variants, a TF1 SavedModel re-saved from TF2, a frozen .pb wrapped back into a SavedModel with wrap_function + prune,
a GRU text classifier with its id input re-typed). Computations are small (MobileNet-style CNNs, MLPs, small RNNs, SSD-lite
detection heads, a transformer FFN). Exported as frozen GraphDefs (TF2 functions frozen with
convert_variables_to_constants_v2, TF1 graphs frozen with graph_util.convert_variables_to_constants or freeze_graph),
Keras 3 model.export (batch-1 and None batch) and tf.saved_model.save of tf.Modules with explicit (often several)
signatures. Mostly float32 with small fixed shapes; some None batch, int32 / uint8 / string inputs where the front end
calls for them. Seeded random weights (biases and batch-norm statistics randomized so the tools have something to fold);
nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh56.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh56.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh56.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh56.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh56.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import shutil
import sys
import tempfile

from corpus_driver import Corpus, dummy_inputs, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh56", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (JPEG bytes, serialized tf.Examples, ids in range): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
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


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export (batch kept if `fixed`)"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = ([specs] if len(specs) > 1 else specs) if fixed else None
    keras_export(m, out, sig=sig)


def _randomize(m, seed):
    """give biases, batch-norm statistics and scales seeded non-trivial values (as a trained model has), so folding and
    fusing tools see real offsets instead of zeros and ones"""
    rng = np.random.default_rng(seed)
    for v in m.weights:
        p = v.path
        if "variance" in p:
            v.assign(rng.uniform(0.5, 1.5, v.shape).astype("float32"))
        elif "gamma" in p:
            v.assign(rng.uniform(0.8, 1.2, v.shape).astype("float32"))
        elif len(v.shape) == 1:
            v.assign(rng.normal(0, 0.1, v.shape).astype("float32"))
    return m


def _v2_graph(fn, specs):
    """freeze fn traced at specs with convert_variables_to_constants_v2: (GraphDef, output node names)"""
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    frozen = convert_variables_to_constants_v2(tf.function(fn).get_concrete_function(*specs))
    return frozen.graph.as_graph_def(), [t.op.name for t in frozen.outputs]


def _v1_graph(build):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize and freeze with
    tf.compat.v1.graph_util.convert_variables_to_constants: (GraphDef, output node names)"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g, v1.variable_scope(v1.get_variable_scope(), use_resource=False):
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    names = [o.op.name for o in outputs]
    with v1.Session(graph=g) as s:
        s.run(init)
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), names)
    return frozen, names


def _write(out, gd, outputs):
    """run the final GraphDef once on the --check inputs (fetching `outputs`), then write it"""
    g = tf.Graph()
    with g.as_default():
        tf.graph_util.import_graph_def(gd, name="")
    phs = {o.name: o.outputs[0] for o in g.get_operations()
           if o.type == "Placeholder" and not o.name.startswith("unused_control_flow_input")}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    with tf.compat.v1.Session(graph=g) as s:
        s.run([g.get_tensor_by_name(n + ":0") for n in outputs], {phs[k]: v.numpy() for k, v in vals.items()})
    out.write_bytes(gd.SerializeToString())


def _grappler(gd, outputs, optimizers=None):
    """what 'optimize with Grappler and write back' scripts do: import the frozen graph, export a MetaGraph with the
    outputs in the train_op collection (so they are kept), place every node on the CPU, run the meta optimizer
    (tf_optimizer.OptimizeGraph; default optimizers unless a list is given), clear the devices again"""
    from tensorflow.core.protobuf import config_pb2
    from tensorflow.python.grappler import tf_optimizer

    with tf.Graph().as_default() as g:
        tf.graph_util.import_graph_def(gd, name="")
        mg = tf.compat.v1.train.export_meta_graph(graph=g)
    for n in mg.graph_def.node:
        n.device = "/device:CPU:0"
    mg.collection_def["train_op"].node_list.value.extend(outputs)
    cfg = config_pb2.ConfigProto()
    rw = cfg.graph_options.rewrite_options
    rw.min_graph_nodes = -1
    if optimizers:
        rw.optimizers.extend(optimizers)
    og = tf_optimizer.OptimizeGraph(cfg, mg)
    for n in og.node:
        n.device = ""
    return og


def _node(name, op, inputs=(), **attrs):
    """a NodeDef written by hand: attrs given as AttrValue keyword arguments (dtype / tensor / s / i / b / list)"""
    from tensorflow.core.framework import attr_value_pb2

    n = tf.compat.v1.NodeDef(name=name, op=op, input=list(inputs))
    for k, v in attrs.items():
        n.attr[k].CopyFrom(v if isinstance(v, attr_value_pb2.AttrValue) else attr_value_pb2.AttrValue(**v))
    return n


def _const(name, arr, dtype=None):
    t = tf.make_tensor_proto(arr, dtype=dtype)
    return _node(name, "Const", dtype={"type": t.dtype}, value={"tensor": t})


def _weight_consts(gd, min_size=64, ops=("Conv2D", "MatMul", "DepthwiseConv2dNative", "_FusedConv2D", "_FusedMatMul")):
    """names of float32 Consts of at least min_size elements read (directly or through Identity nodes, as frozen
    ReadVariableOps are) as the weight (input 1) of the given ops"""
    consts = {n.name: n for n in gd.node if n.op == "Const" and n.attr["dtype"].type == 1}
    idents = {n.name: n.input[0] for n in gd.node if n.op == "Identity" and n.input}
    names = []
    for n in gd.node:
        if n.op in ops and len(n.input) > 1:
            src = n.input[1].split(":")[0]
            while src in idents:
                src = idents[src].split(":")[0]
            if src in consts and tf.make_ndarray(consts[src].attr["value"].tensor).size >= min_size:
                names.append(src)
    return names


def _rewrite_consts(gd, names, make):
    """a GraphDef whose Consts in `names` are replaced by the nodes make(name, array) returns (the last one keeping the
    original name, so consumers are untouched)"""
    res = tf.compat.v1.GraphDef()
    res.versions.CopyFrom(gd.versions)
    res.library.CopyFrom(gd.library)
    for n in gd.node:
        if n.name in names:
            res.node.extend(make(n.name, tf.make_ndarray(n.attr["value"].tensor)))
        else:
            res.node.add().CopyFrom(n)
    return res


def _fp16_cast(name, w):
    """float16 weight Const + Cast to float32 (the 'store weights in half' trick)"""
    return [_const(name + "/fp16", w.astype("float16")),
            _node(name, "Cast", [name + "/fp16"], SrcT={"type": 19}, DstT={"type": 1}, Truncate={"b": False})]


def _quint8_min_first(name, w):
    """graph_transforms quantize_weights: quint8 Const + min / max Consts + Dequantize (MIN_FIRST)"""
    lo, hi = min(float(w.min()), 0.0), max(float(w.max()), 0.0)
    q = np.round((w - lo) / (hi - lo) * 255.0).astype("uint8")
    return [_const(name + "_quantized_const", q, tf.quint8), _const(name + "_quantized_min", np.float32(lo)),
            _const(name + "_quantized_max", np.float32(hi)),
            _node(name, "Dequantize", [name + "_quantized_const", name + "_quantized_min", name + "_quantized_max"],
                  T={"type": 12}, mode={"s": b"MIN_FIRST"}, dtype={"type": 1})]


def _qint8_scaled(name, w, axis=None):
    """qint8 symmetric weights + Dequantize (SCALED), per tensor or per output channel (`axis`)"""
    if axis is None:
        r = np.float32(max(np.abs(w).max(), 1e-6))
    else:
        r = np.maximum(np.abs(w).reshape(-1, w.shape[axis]).max(0), 1e-6).astype("float32")
    q = np.clip(np.round(w / r * 127.0), -127, 127).astype("int8")
    attrs = dict(T={"type": 11}, mode={"s": b"SCALED"}, dtype={"type": 1}, narrow_range={"b": True})
    if axis is not None:
        attrs["axis"] = {"i": axis}
    return [_const(name + "/qint8", q, tf.qint8), _const(name + "/min", -r), _const(name + "/max", r),
            _node(name, "Dequantize", [name + "/qint8", name + "/min", name + "/max"], **attrs)]


def _mobilenet_cnn(shape, widths=(16, 24, 32), classes=5, batch=None, name="input"):
    """a small MobileNet-v1/v2-like Keras CNN: Conv 3x3/2 + BN + ReLU6, depthwise-separable blocks (DepthwiseConv2D +
    BN + ReLU6, pointwise Conv + BN + ReLU6), GlobalAveragePooling2D, Dense logits"""
    inp = keras.Input(shape, batch_size=batch, name=name)
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(widths[0], 3, 2, padding="same", use_bias=False)(inp)))
    for w in widths[1:]:
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, 2, padding="same", use_bias=False)(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(w, 1, use_bias=False)(x)))
    return keras.Model(inp, L.Dense(classes)(L.GlobalAveragePooling2D()(x)))


def _v1_conv(x, name, k, cout, stride=1, bias=True):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        y = tf.nn.conv2d(x, w, stride, "SAME")
        if bias:
            y = tf.nn.bias_add(y, v1.get_variable("biases", [cout], initializer=v1.random_normal_initializer(0, 0.1)))
        return y


def _v1_dw(x, name, stride=1):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("depthwise_weights", [3, 3, int(x.shape[-1]), 1], initializer=v1.glorot_uniform_initializer())
        return tf.nn.depthwise_conv2d(x, w, [1, stride, stride, 1], "SAME")


def _v1_bn(x, name):
    """slim-style inference batch norm: gamma / beta / moving_mean / moving_variance variables, FusedBatchNormV3"""
    v1 = tf.compat.v1
    c = int(x.shape[-1])
    with v1.variable_scope(name):
        gamma = v1.get_variable("gamma", [c], initializer=v1.random_uniform_initializer(0.8, 1.2))
        beta = v1.get_variable("beta", [c], initializer=v1.random_normal_initializer(0, 0.1))
        mean = v1.get_variable("moving_mean", [c], initializer=v1.random_normal_initializer(0, 0.1))
        var = v1.get_variable("moving_variance", [c], initializer=v1.random_uniform_initializer(0.5, 1.5))
        return v1.nn.fused_batch_norm(x, gamma, beta, mean=mean, variance=var, epsilon=1e-3, is_training=False)[0]


def _v1_dense(x, name, cout, act=None):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.random_normal_initializer(0, 0.1))
        y = tf.nn.bias_add(tf.matmul(x, w), b)
        return act(y) if act else y


def _jpegs(n, size=48, seed=0):
    """n small JPEG-encoded random images (bytes), as a client would send them"""
    rng = np.random.default_rng(seed)
    return [tf.io.encode_jpeg(rng.integers(0, 256, (size, size, 3)).astype("uint8")).numpy() for _ in range(n)]


def _tmpdir():
    return tempfile.mkdtemp(prefix="s56_")


# ================================================================================ Grappler-optimized graphs written back

@model("s56_grappler_mobilenet_fused_conv_relu6", "frozen-pb", "MobileNet-style Keras CNN (Conv 3x3/2 + BN + ReLU6, depthwise-separable blocks 24/32, GAP, Dense 5) frozen with convert_variables_to_constants_v2 at float [1,64,64,3], then run through Grappler's meta optimizer (tf_optimizer.OptimizeGraph, nodes on CPU) and written back: BN folded into conv weights, _FusedConv2D (BiasAdd, Relu6), _FusedMatMul (BiasAdd)")
def b_g_mobilenet(out):
    m = _randomize(_mobilenet_cnn((64, 64, 3), batch=1), 1)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 64, 64, 3], name="input")])
    _write(out, _grappler(gd, outs), outs)


@model("s56_grappler_tabular_mlp_fused_matmul", "frozen-pb", "tabular Keras MLP (Dense 64/32 relu, Dense 16 tanh, Dense 1 sigmoid) on float [None,20], frozen (convert_variables_to_constants_v2) then Grappler-optimized: _FusedMatMul with BiasAdd + Relu / Tanh and a BiasAdd-only _FusedMatMul before the Sigmoid")
def b_g_mlp(out):
    m = _randomize(keras.Sequential([keras.Input((20,)), L.Dense(64, activation="relu"), L.Dense(32, activation="relu"),
                                     L.Dense(16, activation="tanh"), L.Dense(1, activation="sigmoid")]), 2)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([None, 20], name="features")])
    _write(out, _grappler(gd, outs), outs)


@model("s56_grappler_tf1_resnet_fused_bn_ex", "frozen-pb", "TF1 slim-style ResNet-lite (get_variable convs without bias + FusedBatchNormV3 inference + relu, identity-shortcut residual blocks with BN after the add, 1x1 conv + bias + add + relu bottleneck, GAP, fc 10) on float [1,32,32,3], frozen with graph_util.convert_variables_to_constants and Grappler-optimized: _FusedConv2D (FusedBatchNorm, Relu), _FusedBatchNormEx, _FusedConv2D (BiasAdd, Add, Relu)")
def b_g_resnet(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        h = tf.nn.relu(_v1_bn(_v1_conv(x, "conv1", 3, 16, bias=False), "bn1"))
        for i in range(2):
            r = tf.nn.relu(_v1_bn(_v1_conv(h, f"block{i}/conv_a", 3, 16, bias=False), f"block{i}/bn_a"))
            r = _v1_conv(r, f"block{i}/conv_b", 3, 16, bias=False)
            h = tf.nn.relu(_v1_bn(r + h, f"block{i}/bn_out"))
        h = tf.nn.relu(_v1_conv(h, "proj", 1, 16) + h)
        logits = _v1_dense(tf.reduce_mean(h, [1, 2]), "fc", 10)
        return [tf.nn.softmax(logits, name="probs")]
    gd, outs = _v1_graph(build)
    _write(out, _grappler(gd, outs), outs)


OUTPUTS["s56_grappler_tf1_resnet_fused_bn_ex"] = ["probs"]


@model("s56_grappler_elu_leaky_conv_fusions", "frozen-pb", "Keras CNN for a denoising / super-resolution front end (Conv2D elu, Conv2D + LeakyReLU(0.1), Conv2D relu, 1x1 Conv2D linear residual added to the input) on float [1,48,48,1], frozen and Grappler-optimized: _FusedConv2D with BiasAdd + Elu, BiasAdd + LeakyRelu, BiasAdd + Relu")
def b_g_elu(out):
    inp = keras.Input((48, 48, 1), batch_size=1, name="lowres")
    x = L.Conv2D(16, 3, padding="same", activation="elu")(inp)
    x = L.LeakyReLU(0.1)(L.Conv2D(16, 3, padding="same")(x))
    x = L.Conv2D(16, 3, padding="same", activation="relu")(x)
    m = _randomize(keras.Model(inp, L.Add()([inp, L.Conv2D(1, 1)(x)])), 3)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 48, 48, 1], name="lowres")])
    _write(out, _grappler(gd, outs), outs)


@model("s56_grappler_efficientnet_swish_se_block", "frozen-pb", "EfficientNet-lite-like Keras block stack (Conv 3x3/2 + bias + swish, MBConv: 1x1 expand swish, DepthwiseConv2D + BN + swish, squeeze-excitation GAP -> Dense swish -> Dense sigmoid -> Multiply, 1x1 project + BN, residual) on float [1,64,64,3], frozen and Grappler-optimized (_FusedConv2D with BiasAdd, swish x * sigmoid(x) rewritten to _MklSwish nodes, _FusedMatMul)")
def b_g_effnet(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Conv2D(16, 3, 2, padding="same", activation="swish")(inp)
    for _ in range(2):
        r = L.Conv2D(48, 1, activation="swish")(x)
        r = L.Activation("swish")(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(r)))
        se = L.Dense(12, activation="swish")(L.GlobalAveragePooling2D(keepdims=True)(r))
        r = L.Multiply()([r, L.Dense(48, activation="sigmoid")(se)])
        x = L.Add()([x, L.BatchNormalization()(L.Conv2D(16, 1, use_bias=False)(r))])
    m = _randomize(keras.Model(inp, L.Dense(6, activation="softmax")(L.GlobalAveragePooling2D()(x))), 4)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 64, 64, 3], name="image")])
    _write(out, _grappler(gd, outs), outs)


@model("s56_grappler_transformer_ffn_gelu", "frozen-pb", "one pre-norm transformer encoder block in Keras (LayerNormalization, MultiHeadAttention 2 heads key_dim 16, FFN Dense 64 gelu(approximate=True) -> Dense 32, residuals) on float [1,16,32] tokens, frozen and Grappler-optimized (arithmetic rewritten; attention Einsum / BatchMatMulV2, the 3-D Dense MatMul + BiasAdd and the tanh-approximate gelu stay as separate ops)")
def b_g_ffn(out):
    inp = keras.Input((16, 32), batch_size=1, name="tokens")
    h = L.LayerNormalization()(inp)
    x = L.Add()([inp, L.MultiHeadAttention(2, 16)(h, h)])
    h = L.Dense(64, activation=lambda t: keras.activations.gelu(t, approximate=True))(L.LayerNormalization()(x))
    m = _randomize(keras.Model(inp, L.Add()([x, L.Dense(32)(h)])), 5)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 16, 32], name="tokens")])
    _write(out, _grappler(gd, outs), outs)


@model("s56_grappler_ssdlite_detection_head", "frozen-pb", "SSD-lite detection head on a MobileNet-style backbone (two feature maps 8x8 and 4x4, separable box / class predictors: DepthwiseConv2D + BN + ReLU6 then 1x1 Conv2D), reshaped and concatenated to box encodings [1,320,4] and class scores sigmoid [1,320,3], anchors decoded against a constant anchor grid; float [1,64,64,3], frozen and Grappler-optimized")
def b_g_ssd(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="normalized_input_image_tensor")
    x = inp
    feats = []
    for i, w in enumerate((16, 24, 32, 48)):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(w, 3, 2, padding="same", use_bias=False)(x)))
        if i >= 2:
            feats.append(x)
    boxes, scores = [], []
    for f in feats:
        n = f.shape[1] * f.shape[2] * 4
        p = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(f)))
        boxes.append(L.Reshape((n, 4))(L.Conv2D(16, 1)(p)))
        scores.append(L.Reshape((n, 3))(L.Conv2D(12, 1)(p)))
    m = _randomize(keras.Model(inp, [L.Concatenate(1)(boxes), L.Activation("sigmoid")(L.Concatenate(1)(scores))]), 6)
    anchors = np.random.default_rng(6).uniform(0.1, 0.9, (320, 4)).astype("float32")

    def detect(t):
        enc, cls = m(t, training=False)
        a = tf.constant(anchors)
        ycx, xcx, h, w = a[:, 0], a[:, 1], a[:, 2] * 0.5, a[:, 3] * 0.5
        cy, cx = enc[..., 0] / 10.0 * h + ycx, enc[..., 1] / 10.0 * w + xcx
        hh, ww = tf.exp(enc[..., 2] / 5.0) * h, tf.exp(enc[..., 3] / 5.0) * w
        return tf.identity(tf.stack([cy - hh / 2, cx - ww / 2, cy + hh / 2, cx + ww / 2], -1), "raw_boxes"), \
            tf.identity(cls, "raw_scores")
    gd, outs = _v2_graph(detect, [tensor_spec([1, 64, 64, 3], name="normalized_input_image_tensor")])
    _write(out, _grappler(gd, outs), outs)


@model("s56_grappler_keras_lstm_lowered_loop", "frozen-pb", "Keras keyword-spotting / sensor model (LSTM 32 over float [1,20,12], Dense 8 softmax) frozen with convert_variables_to_constants_v2 (a While loop with body / cond functions) and then Grappler-optimized, which inlines the functions and lowers the loop to Enter / Merge / Switch / NextIteration / Exit")
def b_g_lstm(out):
    m = _randomize(keras.Sequential([keras.Input((20, 12), batch_size=1), L.LSTM(32), L.Dense(8, activation="softmax")]), 7)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 20, 12], name="frames")])
    _write(out, _grappler(gd, outs), outs)


OUTPUTS["s56_grappler_keras_lstm_lowered_loop"] = ["Identity"]


@model("s56_grappler_constfold_only_normalization", "frozen-pb", "Keras regression CNN with its preprocessing baked in (Normalization with adapted-looking mean / variance constants, Rescaling) on float [1,32,32,3], frozen and run through Grappler with only the constfold, arithmetic and dependency optimizers, so the normalization and batch-norm arithmetic is folded but no remapper fusions appear")
def b_g_constfold(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.Normalization(mean=[0.48, 0.45, 0.40], variance=[0.05, 0.05, 0.06])(L.Rescaling(1.0 / 255)(inp))
    for w in (16, 32):
        x = L.MaxPooling2D()(L.Activation("relu")(L.BatchNormalization()(L.Conv2D(w, 3, padding="same")(x))))
    m = _randomize(keras.Model(inp, L.Dense(2)(L.GlobalAveragePooling2D()(x))), 8)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 3], name="image")])
    _write(out, _grappler(gd, outs, ["constfold", "arithmetic", "dependency"]), outs)


# ================================================================================ optimize_for_inference_lib outputs

@model("s56_ofi_tf1_mobilenet_fold_batch_norms", "frozen-pb", "TF1 slim-style MobileNet-v1 (conv / depthwise / pointwise, each with FusedBatchNormV3 + relu6, avg pool, 1x1 conv logits, squeeze, softmax) on float [1,64,64,3], frozen then passed through optimize_for_inference_lib.optimize_for_inference (input 'input', output 'MobilenetV1/Predictions'): batch norms folded into the Conv2D / DepthwiseConv2dNative weights with BiasAdd")
def b_ofi_mobilenet(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        h = tf.nn.relu6(_v1_bn(_v1_conv(x, "Conv2d_0", 3, 16, 2, bias=False), "Conv2d_0/BatchNorm"))
        for i, (w, s) in enumerate(((24, 2), (32, 1), (48, 2)), 1):
            h = tf.nn.relu6(_v1_bn(_v1_dw(h, f"Conv2d_{i}_depthwise", s), f"Conv2d_{i}_depthwise/BatchNorm"))
            h = tf.nn.relu6(_v1_bn(_v1_conv(h, f"Conv2d_{i}_pointwise", 1, w, bias=False), f"Conv2d_{i}_pointwise/BatchNorm"))
        h = tf.nn.avg_pool2d(h, 8, 1, "VALID")
        logits = tf.squeeze(_v1_conv(h, "Logits/Conv2d_1c_1x1", 1, 10), [1, 2])
        return [tf.nn.softmax(logits, name="MobilenetV1/Predictions")]
    from tensorflow.python.tools import optimize_for_inference_lib as ofi
    gd, outs = _v1_graph(build)
    _write(out, ofi.optimize_for_inference(gd, ["input"], outs, tf.float32.as_datatype_enum), outs)


OUTPUTS["s56_ofi_tf1_mobilenet_fold_batch_norms"] = ["MobilenetV1/Predictions"]


@model("s56_ofi_style_transfer_resize_mirrorpad", "frozen-pb", "fast style-transfer network (Johnson et al.) in TF1: reflect-padded convs (MirrorPad REFLECT + Conv2D VALID), instance norm via tf.nn.moments, residual blocks, resize-convolution upsampling (ResizeBilinear x2 + MirrorPad + Conv2D), tanh * 150 + 127.5 output; float [1,64,64,3]; frozen then optimize_for_inference_lib, which fuses resize + pad + conv into FusedResizeAndPadConv2D and pad + conv into FusedPadConv2D")
def b_ofi_style(out):
    v1 = tf.compat.v1

    def conv(h, name, k, cout, stride=1):
        p = k // 2
        h = tf.pad(h, [[0, 0], [p, p], [p, p], [0, 0]], mode="REFLECT")
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [k, k, int(h.shape[-1]), cout], initializer=v1.truncated_normal_initializer(stddev=0.1))
            return tf.nn.conv2d(h, w, stride, "VALID")

    def inorm(h, name):
        c = int(h.shape[-1])
        with v1.variable_scope(name):
            scale = v1.get_variable("scale", [c], initializer=v1.random_uniform_initializer(0.8, 1.2))
            shift = v1.get_variable("shift", [c], initializer=v1.random_normal_initializer(0, 0.1))
        mu, var = tf.nn.moments(h, [1, 2], keepdims=True)
        return scale * (h - mu) / tf.sqrt(var + 1e-3) + shift

    def up(h, name, cout):
        s = int(h.shape[1]) * 2
        return conv(v1.image.resize_bilinear(h, [s, s]), name, 3, cout)

    def build():
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input_image")
        h = tf.nn.relu(inorm(conv(x, "conv1", 9, 8), "in1"))
        h = tf.nn.relu(inorm(conv(h, "conv2", 3, 16, 2), "in2"))
        h = tf.nn.relu(inorm(conv(h, "conv3", 3, 32, 2), "in3"))
        for i in range(2):
            r = tf.nn.relu(inorm(conv(h, f"res{i}/a", 3, 32), f"res{i}/in_a"))
            h = h + inorm(conv(r, f"res{i}/b", 3, 32), f"res{i}/in_b")
        h = tf.nn.relu(inorm(up(h, "up1", 16), "in4"))
        h = tf.nn.relu(inorm(up(h, "up2", 8), "in5"))
        return [tf.identity(tf.nn.tanh(conv(h, "conv_out", 9, 3)) * 150.0 + 127.5, name="stylized")]
    from tensorflow.python.tools import optimize_for_inference_lib as ofi
    gd, outs = _v1_graph(build)
    _write(out, ofi.optimize_for_inference(gd, ["input_image"], outs, tf.float32.as_datatype_enum), outs)


OUTPUTS["s56_ofi_style_transfer_resize_mirrorpad"] = ["stylized"]


@model("s56_ofi_keras_frozen_decomposed_bn", "frozen-pb", "Keras CNN (Conv2D no-bias + BatchNormalization + ReLU x3, MaxPooling2D, Dropout, GAP, Dense 4 softmax) frozen with convert_variables_to_constants_v2 at float [1,48,48,3], then optimize_for_inference_lib.optimize_for_inference with input 'input' / output 'Identity' (Identity nodes stripped; Keras' decomposed batch-norm arithmetic, Rsqrt / Mul / Sub / AddV2, stays in place as the fuse_decomposed_batch_norm pattern does not match it)")
def b_ofi_keras(out):
    inp = keras.Input((48, 48, 3), batch_size=1, name="input")
    x = inp
    for w in (16, 24, 32):
        x = L.MaxPooling2D()(L.ReLU()(L.BatchNormalization()(L.Conv2D(w, 3, padding="same", use_bias=False)(x))))
    x = L.Dropout(0.3)(L.GlobalAveragePooling2D()(x))
    m = _randomize(keras.Model(inp, L.Dense(4, activation="softmax")(x)), 9)
    from tensorflow.python.tools import optimize_for_inference_lib as ofi
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 48, 48, 3], name="input")])
    _write(out, ofi.optimize_for_inference(gd, ["input"], outs, tf.float32.as_datatype_enum), outs)


OUTPUTS["s56_ofi_keras_frozen_decomposed_bn"] = ["Identity"]


@model("s56_ofi_tf1_speech_dense_fold_matmul_bn", "frozen-pb", "TF1 keyword-spotting DNN on MFCC features float [1,490] (fc 64 + FusedBatchNormV3 over a reshaped [N,1,1,C] view + relu, x2, fc 12 logits, softmax 'labels_softmax'), frozen and optimize_for_inference-d (Identity stripped; the FusedBatchNormV3 nodes stay, as a Reshape sits between them and the MatMul)")
def b_ofi_speech(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 490], name="fingerprint_input")
        h = x
        for i in range(2):
            h = _v1_dense(h, f"fc{i}", 64)
            h = tf.reshape(tf.nn.relu(_v1_bn(tf.reshape(h, [-1, 1, 1, 64]), f"bn{i}")), [-1, 64])
        return [tf.nn.softmax(_v1_dense(h, "final_fc", 12), name="labels_softmax")]
    from tensorflow.python.tools import optimize_for_inference_lib as ofi
    gd, outs = _v1_graph(build)
    _write(out, ofi.optimize_for_inference(gd, ["fingerprint_input"], outs, tf.float32.as_datatype_enum), outs)


OUTPUTS["s56_ofi_tf1_speech_dense_fold_matmul_bn"] = ["labels_softmax"]


# ================================================================================ strip_unused_lib outputs

def _retrain_graph(decode):
    """the image_retraining retrain.py layout: DecodeJpeg/contents string -> DecodeJpeg -> Cast -> ExpandDims ->
    ResizeBilinear -> Sub / Mul normalization (node 'Mul') -> small conv net -> 'final_result' softmax"""
    v1 = tf.compat.v1

    def build():
        if decode:
            contents = v1.placeholder(tf.string, [], name="DecodeJpeg/contents")
            img = tf.image.decode_jpeg(contents, channels=3, name="DecodeJpeg")
            img = tf.expand_dims(tf.cast(img, tf.float32), 0, name="ExpandDims")
            img = v1.image.resize_bilinear(img, [48, 48], name="ResizeBilinear")
        else:
            img = v1.placeholder(tf.float32, [1, 48, 48, 3], name="ResizeBilinear")
        x = tf.multiply(tf.subtract(img, 128.0, name="Sub"), 1.0 / 128.0, name="Mul")
        h = tf.nn.relu(_v1_conv(x, "conv1", 3, 16, 2))
        h = tf.nn.relu(_v1_conv(h, "conv2", 3, 32, 2))
        bottleneck = tf.reduce_mean(h, [1, 2], name="pool_3/_reshape")
        return [tf.nn.softmax(_v1_dense(bottleneck, "final_training_ops", 5), name="final_result")]
    return _v1_graph(build)


@model("s56_strip_unused_retrain_cut_at_mul", "frozen-pb", "retrain.py-style image classifier whose JPEG decode front end (string DecodeJpeg/contents -> DecodeJpeg -> Cast -> ResizeBilinear -> Sub / Mul) was cut off with strip_unused_lib.strip_unused(input 'Mul', output 'final_result', float placeholder), as the TF-for-Poets / mobile instructions did: float placeholder 'Mul' [1,48,48,3] -> conv 16/32 + relu, mean, fc 5 softmax")
def b_strip_mul(out):
    from tensorflow.python.tools import strip_unused_lib
    gd, outs = _retrain_graph(decode=True)
    stripped = strip_unused_lib.strip_unused(gd, ["Mul"], outs, tf.float32.as_datatype_enum)
    for n in stripped.node:  # strip_unused leaves the placeholder shapeless; the mobile guides set it
        if n.name == "Mul":
            n.attr["shape"].shape.CopyFrom(tf.TensorShape([1, 48, 48, 3]).as_proto())
    _write(out, stripped, outs)


OUTPUTS["s56_strip_unused_retrain_cut_at_mul"] = ["final_result"]


@model("s56_retrain_decode_jpeg_string_input", "frozen-pb", "the same retrain.py-style graph frozen whole, string scalar input 'DecodeJpeg/contents' (JPEG bytes) -> DecodeJpeg -> Cast -> ExpandDims -> ResizeBilinear 48x48 -> Sub / Mul -> conv 16/32 + relu, mean, fc 5 softmax 'final_result'; then remove_training_nodes")
def b_retrain_full(out):
    gd, outs = _retrain_graph(decode=True)
    _write(out, tf.compat.v1.graph_util.remove_training_nodes(gd, protected_nodes=outs), outs)


FEEDS["s56_retrain_decode_jpeg_string_input"] = lambda rng: {"DecodeJpeg/contents": _jpegs(1)[0]}
OUTPUTS["s56_retrain_decode_jpeg_string_input"] = ["final_result"]


@model("s56_strip_unused_multitask_one_head", "frozen-pb", "TF1 multi-task face model (shared conv trunk on float [1,48,48,3], heads: landmarks fc 10, pose fc 3, attributes fc 6 sigmoid) frozen with all heads, then strip_unused_lib.strip_unused to the landmarks head only for an on-device tracker")
def b_strip_heads(out):
    from tensorflow.python.tools import strip_unused_lib

    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 48, 48, 3], name="face")
        h = tf.nn.relu(_v1_conv(x, "trunk/conv1", 3, 16, 2))
        h = tf.nn.relu(_v1_conv(h, "trunk/conv2", 3, 32, 2))
        h = tf.nn.relu(_v1_dense(tf.reshape(h, [1, -1]), "trunk/fc", 64))
        return [tf.identity(_v1_dense(h, "landmarks", 10), name="landmarks/out"),
                tf.identity(_v1_dense(h, "pose", 3, tf.tanh), name="pose/out"),
                tf.identity(_v1_dense(h, "attributes", 6, tf.sigmoid), name="attributes/out")]
    gd, _ = _v1_graph(build)
    _write(out, strip_unused_lib.strip_unused(gd, ["face"], ["landmarks/out"], tf.float32.as_datatype_enum), ["landmarks/out"])


OUTPUTS["s56_strip_unused_multitask_one_head"] = ["landmarks/out"]


# ================================================================================ freeze_graph.py from checkpoints

def _freeze_graph_from_ckpt(out, build, outputs, clear_devices=True):
    """the TF1 release flow: build the graph, initialize, Saver.save a checkpoint, tf.io.write_graph a .pbtxt, then
    freeze_graph.freeze_graph(input_graph=pbtxt, input_checkpoint=ckpt, output_node_names=...)"""
    from tensorflow.python.tools import freeze_graph
    v1 = tf.compat.v1
    d = _tmpdir()
    try:
        with tf.Graph().as_default() as g, v1.variable_scope(v1.get_variable_scope(), use_resource=False):
            v1.set_random_seed(0)
            build()
            saver = v1.train.Saver()
            with v1.Session(graph=g) as s:
                s.run(v1.global_variables_initializer())
                ckpt = saver.save(s, os.path.join(d, "model.ckpt"))
            tf.io.write_graph(g.as_graph_def(), d, "graph.pbtxt", as_text=True)
        frozen_path = os.path.join(d, "frozen.pb")
        freeze_graph.freeze_graph(os.path.join(d, "graph.pbtxt"), "", False, ckpt, ",".join(outputs),
                                  "save/restore_all", "save/Const:0", frozen_path, clear_devices, "")
        gd = tf.compat.v1.GraphDef.FromString(open(frozen_path, "rb").read())
    finally:
        shutil.rmtree(d, ignore_errors=True)
    _write(out, gd, outputs)


@model("s56_freeze_graph_ckpt_pbtxt_cnn", "frozen-pb", "TF1 classifier released with freeze_graph.py: placeholder 'input' float [None,28,28,1], get_variable convs + bias + relu + max_pool x2, fc 64 relu, fc 10, 'output' softmax and 'top_k' classes; Saver checkpoint + graph.pbtxt frozen by freeze_graph.freeze_graph (restore_op_name save/restore_all, clear_devices)")
def b_fg_cnn(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 28, 28, 1], name="input")
        h = tf.nn.max_pool2d(tf.nn.relu(_v1_conv(x, "conv1", 5, 16)), 2, 2, "SAME")
        h = tf.nn.max_pool2d(tf.nn.relu(_v1_conv(h, "conv2", 5, 32)), 2, 2, "SAME")
        h = _v1_dense(tf.reshape(h, [-1, 7 * 7 * 32]), "fc1", 64, tf.nn.relu)
        probs = tf.nn.softmax(_v1_dense(h, "fc2", 10), name="output")
        tf.identity(tf.math.top_k(probs, 3).indices, name="top_k")
    _freeze_graph_from_ckpt(out, build, ["output", "top_k"])


OUTPUTS["s56_freeze_graph_ckpt_pbtxt_cnn"] = ["output", "top_k"]


@model("s56_freeze_graph_static_gru_tagger", "frozen-pb", "TF1 sequence tagger with a hand-written GRU cell unrolled statically over 12 steps (static_rnn style; gates from one matmul split in 2, candidate with reset gate): token ids int32 [1,12] -> embedding_lookup (vocab 200, dim 16), GRU 32, per-step fc 5 tags, argmax 'tags' int32 and 'tag_probs'; frozen from a checkpoint + .pbtxt with freeze_graph")
def b_fg_gru(out):
    v1 = tf.compat.v1

    def build():
        ids = v1.placeholder(tf.int32, [1, 12], name="token_ids")
        emb = v1.get_variable("embedding", [200, 16], initializer=v1.random_uniform_initializer(-0.1, 0.1))
        xs = tf.unstack(tf.nn.embedding_lookup(emb, ids), axis=1)
        with v1.variable_scope("gru_cell"):
            wg = v1.get_variable("gates/kernel", [48, 64], initializer=v1.glorot_uniform_initializer())
            bg = v1.get_variable("gates/bias", [64], initializer=v1.constant_initializer(1.0))
            wc = v1.get_variable("candidate/kernel", [48, 32], initializer=v1.glorot_uniform_initializer())
            bc = v1.get_variable("candidate/bias", [32], initializer=v1.zeros_initializer())
        h, outs = tf.zeros([1, 32]), []
        for x in xs:
            r, u = tf.split(tf.sigmoid(tf.matmul(tf.concat([x, h], 1), wg) + bg), 2, axis=1)
            c = tf.tanh(tf.matmul(tf.concat([x, r * h], 1), wc) + bc)
            h = u * h + (1 - u) * c
            outs.append(h)
        logits = tf.reshape(_v1_dense(tf.reshape(tf.stack(outs, 1), [-1, 32]), "tagger", 5), [1, 12, 5])
        tf.nn.softmax(logits, name="tag_probs")
        tf.argmax(logits, -1, output_type=tf.int32, name="tags")
    _freeze_graph_from_ckpt(out, build, ["tag_probs", "tags"])


FEEDS["s56_freeze_graph_static_gru_tagger"] = {"token_ids": (1, 200)}
OUTPUTS["s56_freeze_graph_static_gru_tagger"] = ["tag_probs", "tags"]


@model("s56_freeze_graph_device_annotated_keep_devices", "frozen-pb", "TF1 two-tower recommender scorer built with explicit tf.device('/cpu:0') around the embedding tables and lookups (parameter-server habit), frozen by freeze_graph without clear_devices so the device strings stay in the .pb: user_id / item_id int32 [None], dense features float [None,8] -> embeddings 16 + MLP 32/16 -> dot-product score + sigmoid 'probability'")
def b_fg_devices(out):
    v1 = tf.compat.v1

    def build():
        uid = v1.placeholder(tf.int32, [None], name="user_id")
        iid = v1.placeholder(tf.int32, [None], name="item_id")
        feats = v1.placeholder(tf.float32, [None, 8], name="dense_features")
        with tf.device("/cpu:0"):
            u = tf.nn.embedding_lookup(v1.get_variable("user_emb", [100, 16], initializer=v1.random_normal_initializer(0, 0.1)), uid)
            i = tf.nn.embedding_lookup(v1.get_variable("item_emb", [300, 16], initializer=v1.random_normal_initializer(0, 0.1)), iid)
        ut = _v1_dense(_v1_dense(tf.concat([u, feats], 1), "user_tower/fc1", 32, tf.nn.relu), "user_tower/fc2", 16)
        it = _v1_dense(_v1_dense(i, "item_tower/fc1", 32, tf.nn.relu), "item_tower/fc2", 16)
        tf.sigmoid(tf.reduce_sum(ut * it, 1), name="probability")
    _freeze_graph_from_ckpt(out, build, ["probability"], clear_devices=False)


FEEDS["s56_freeze_graph_device_annotated_keep_devices"] = {"user_id": (0, 100), "item_id": (0, 300)}
OUTPUTS["s56_freeze_graph_device_annotated_keep_devices"] = ["probability"]


@model("s56_freeze_graph_from_tf1_saved_model", "frozen-pb", "freeze_graph.freeze_graph run on a TF1 SavedModel directory (input_saved_model_dir, tags 'serve') instead of a checkpoint: a SavedModelBuilder-exported tabular churn model (float [None,14] -> fc 32 relu -> fc 16 relu -> fc 1 sigmoid 'churn_probability'), frozen to a .pb")
def b_fg_saved(out):
    from tensorflow.python.tools import freeze_graph
    v1 = tf.compat.v1
    d = _tmpdir()
    try:
        with tf.Graph().as_default() as g:
            v1.set_random_seed(0)
            x = v1.placeholder(tf.float32, [None, 14], name="features")
            h = _v1_dense(_v1_dense(x, "fc1", 32, tf.nn.relu), "fc2", 16, tf.nn.relu)
            y = tf.sigmoid(_v1_dense(h, "fc3", 1), name="churn_probability")
            with v1.Session(graph=g) as s:
                s.run(v1.global_variables_initializer())
                b = v1.saved_model.Builder(os.path.join(d, "sm"))
                b.add_meta_graph_and_variables(s, ["serve"], signature_def_map={
                    "serving_default": v1.saved_model.predict_signature_def({"features": x}, {"churn_probability": y})})
                b.save()
        frozen_path = os.path.join(d, "frozen.pb")
        freeze_graph.freeze_graph(None, "", True, None, "churn_probability", None, None, frozen_path, True, "",
                                  input_saved_model_dir=os.path.join(d, "sm"), saved_model_tags="serve")
        gd = tf.compat.v1.GraphDef.FromString(open(frozen_path, "rb").read())
    finally:
        shutil.rmtree(d, ignore_errors=True)
    _write(out, gd, ["churn_probability"])


OUTPUTS["s56_freeze_graph_from_tf1_saved_model"] = ["churn_probability"]


# ================================================================================ float16 weights

@model("s56_fp16_weights_cast_mobilenet_frozen", "frozen-pb", "MobileNet-style Keras CNN frozen with convert_variables_to_constants_v2 at float [1,64,64,3], then rewritten to halve the file: every conv / depthwise / dense weight Const stored as float16 and followed by a Cast to float32 (activations stay float32)")
def b_fp16_mobilenet(out):
    m = _randomize(_mobilenet_cnn((64, 64, 3), (16, 32, 48), 10, batch=1), 10)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 64, 64, 3], name="input")])
    _write(out, _rewrite_consts(gd, set(_weight_consts(gd, 32)), _fp16_cast), outs)


@model("s56_fp16_weights_cast_after_grappler", "frozen-pb", "a Grappler-optimized frozen Keras CNN (Conv2D + BN + relu x2, GAP, Dense 16 relu, Dense 3; float [1,32,32,3]; _FusedConv2D / _FusedMatMul) whose weight Consts were then stored as float16 with Cast nodes in front of the fused ops")
def b_fp16_grappler(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="input")
    x = inp
    for w in (16, 32):
        x = L.MaxPooling2D()(L.ReLU()(L.BatchNormalization()(L.Conv2D(w, 3, padding="same", use_bias=False)(x))))
    m = _randomize(keras.Model(inp, L.Dense(3)(L.Dense(16, activation="relu")(L.GlobalAveragePooling2D()(x)))), 11)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 3], name="input")])
    og = _grappler(gd, outs)
    _write(out, _rewrite_consts(og, set(_weight_consts(og, 32)), _fp16_cast), outs)


@model("s56_fp16_tf1_mixed_precision_variables", "frozen-pb", "TF1 mixed-precision-era MLP: float16 get_variable weights read through tf.cast to float32 at every layer (as custom fp16 storage code did), float [None,32] input -> fc 64 relu -> fc 32 relu -> fc 4 'scores'; frozen with graph_util.convert_variables_to_constants (float16 Consts + Cast)")
def b_fp16_tf1(out):
    v1 = tf.compat.v1

    def dense(h, name, cout, act=None):
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [int(h.shape[-1]), cout], tf.float16, v1.glorot_uniform_initializer())
            b = v1.get_variable("biases", [cout], tf.float16, v1.random_normal_initializer(0, 0.1))
            y = tf.matmul(h, tf.cast(w, tf.float32)) + tf.cast(b, tf.float32)
            return act(y) if act else y

    def build():
        x = v1.placeholder(tf.float32, [None, 32], name="inputs")
        h = dense(dense(x, "fc1", 64, tf.nn.relu), "fc2", 32, tf.nn.relu)
        return [tf.identity(dense(h, "fc3", 4), name="scores")]
    gd, outs = _v1_graph(build)
    _write(out, gd, outs)


OUTPUTS["s56_fp16_tf1_mixed_precision_variables"] = ["scores"]


@model("s56_fp16_half_graph_io_casts", "frozen-pb", "half-precision inference graph as GPU deployment scripts made it: float32 placeholder [1,32,32,3] cast to float16, conv 3x3 16 / 32 (stride 2) + bias + relu, mean pool, fc 8 all in float16 (float16 weight Consts), softmax, cast back to float32 'probabilities'; TF1 frozen")
def b_fp16_half(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(12)

    def build():
        x = v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        h = tf.cast(x, tf.float16)
        for i, (cin, cout) in enumerate(((3, 16), (16, 32))):
            w = v1.get_variable(f"conv{i}/weights", initializer=rng.normal(0, 0.2, (3, 3, cin, cout)).astype("float16"))
            b = v1.get_variable(f"conv{i}/biases", initializer=rng.normal(0, 0.1, cout).astype("float16"))
            h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, w, 2, "SAME"), b))
        h = tf.reduce_mean(h, [1, 2])
        w = v1.get_variable("fc/weights", initializer=rng.normal(0, 0.2, (32, 8)).astype("float16"))
        return [tf.cast(tf.nn.softmax(tf.matmul(h, w)), tf.float32, name="probabilities")]
    gd, outs = _v1_graph(build)
    _write(out, gd, outs)


OUTPUTS["s56_fp16_half_graph_io_casts"] = ["probabilities"]


# ================================================================================ weight-only and node quantization

@model("s56_quantize_weights_min_first_cnn", "frozen-pb", "frozen Keras CNN (Conv2D relu 16/32/32 + MaxPooling2D, Flatten, Dense 32 relu, Dense 10; float [1,32,32,3]) with graph_transforms quantize_weights applied by hand: each large weight Const replaced by a quint8 Const + min / max Consts + Dequantize (mode MIN_FIRST) feeding the Conv2D / MatMul")
def b_qw_cnn(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="input")
    x = inp
    for w in (16, 32, 32):
        x = L.MaxPooling2D()(L.Conv2D(w, 3, padding="same", activation="relu")(x))
    m = _randomize(keras.Model(inp, L.Dense(10)(L.Dense(32, activation="relu")(L.Flatten()(x)))), 13)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 3], name="input")])
    _write(out, _rewrite_consts(gd, set(_weight_consts(gd, 64)), _quint8_min_first), outs)


@model("s56_quantize_weights_tf1_mobilenet_after_ofi", "frozen-pb", "TF1 MobileNet-lite (conv / depthwise / pointwise + FusedBatchNormV3 + relu6, float [1,48,48,3]) through optimize_for_inference (batch norms folded) and then quantize_weights-style: weights as quint8 + Dequantize MIN_FIRST, including the depthwise filters")
def b_qw_ofi(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 48, 48, 3], name="input")
        h = tf.nn.relu6(_v1_bn(_v1_conv(x, "Conv2d_0", 3, 16, 2, bias=False), "Conv2d_0/BatchNorm"))
        for i, w in enumerate((24, 32), 1):
            h = tf.nn.relu6(_v1_bn(_v1_dw(h, f"Conv2d_{i}_depthwise", 2), f"Conv2d_{i}_depthwise/BatchNorm"))
            h = tf.nn.relu6(_v1_bn(_v1_conv(h, f"Conv2d_{i}_pointwise", 1, w, bias=False), f"Conv2d_{i}_pointwise/BatchNorm"))
        return [tf.nn.softmax(_v1_dense(tf.reduce_mean(h, [1, 2]), "Logits", 6), name="Predictions")]
    from tensorflow.python.tools import optimize_for_inference_lib as ofi
    gd, outs = _v1_graph(build)
    gd = ofi.optimize_for_inference(gd, ["input"], outs, tf.float32.as_datatype_enum)
    _write(out, _rewrite_consts(gd, set(_weight_consts(gd, 64)), _quint8_min_first), outs)


OUTPUTS["s56_quantize_weights_tf1_mobilenet_after_ofi"] = ["Predictions"]


@model("s56_qint8_scaled_dequantize_mlp", "frozen-pb", "frozen Keras MLP for a wearable activity classifier (float [1,60] -> Dense 64 relu -> Dense 32 relu -> Dense 6 softmax) with symmetric per-tensor int8 weights: qint8 Const + min / max + Dequantize (mode SCALED, narrow_range) in front of each MatMul")
def b_q_scaled_mlp(out):
    m = _randomize(keras.Sequential([keras.Input((60,), batch_size=1), L.Dense(64, activation="relu"),
                                     L.Dense(32, activation="relu"), L.Dense(6, activation="softmax")]), 14)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 60], name="imu_window")])
    _write(out, _rewrite_consts(gd, set(_weight_consts(gd, 64)), _qint8_scaled), outs)


@model("s56_qint8_per_channel_dequantize_axis_conv", "frozen-pb", "frozen Keras CNN (Conv2D 16/32 relu stride 2, Conv2D 32 relu, GAP, Dense 4; float [1,32,32,1]) with per-output-channel symmetric int8 conv weights: qint8 Const + per-channel min / max vectors + Dequantize (SCALED, axis=3); the Dense weight per-tensor")
def b_q_per_channel(out):
    inp = keras.Input((32, 32, 1), batch_size=1, name="spectrogram")
    x = L.Conv2D(16, 3, 2, padding="same", activation="relu")(inp)
    x = L.Conv2D(32, 3, 2, padding="same", activation="relu")(x)
    x = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    m = _randomize(keras.Model(inp, L.Dense(4)(L.GlobalAveragePooling2D()(x))), 15)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 1], name="spectrogram")])
    conv_w = set(_weight_consts(gd, 64, ("Conv2D",)))
    gd = _rewrite_consts(gd, conv_w, lambda n, w: _qint8_scaled(n, w, axis=3))
    _write(out, _rewrite_consts(gd, set(_weight_consts(gd, 64, ("MatMul",))), _qint8_scaled), outs)


def _dyn_quant(x, name):
    """quantize_nodes fallback: activations flattened, Min / Max reduced, QuantizeV2 (quint8, MIN_FIRST), Dequantize"""
    flat = tf.reshape(x, [-1], name=name + "/reshape")
    lo = tf.reduce_min(flat, 0, name=name + "/min")
    hi = tf.reduce_max(flat, 0, name=name + "/max")
    q = tf.raw_ops.QuantizeV2(input=x, min_range=lo, max_range=hi, T=tf.quint8, mode="MIN_FIRST", name=name + "/quantize")
    return q, tf.raw_ops.Dequantize(input=q.output, min_range=q.output_min, max_range=q.output_max, mode="MIN_FIRST",
                                    name=name + "/dequantize")


@model("s56_quantize_nodes_quantizev2_roundtrip", "frozen-pb", "graph_transforms quantize_nodes-style output for a TF1 CNN (float [1,32,32,3]): around every conv the activations are flattened, reduced with Min / Max, QuantizeV2'd to quint8 (MIN_FIRST) and Dequantize'd back (eight-bit round trips), weights quint8 + Dequantize; conv 16/32 + bias + relu, mean, fc 5 'logits'")
def b_qn_roundtrip(out):
    rng = np.random.default_rng(16)

    def qconst(name, w):
        lo, hi = min(float(w.min()), 0.0), max(float(w.max()), 0.0)
        q = tf.constant(np.round((w - lo) / (hi - lo) * 255).astype("uint8"), tf.quint8, name=name + "_quantized_const")
        return tf.raw_ops.Dequantize(input=q, min_range=tf.constant(lo, name=name + "_min"),
                                     max_range=tf.constant(hi, name=name + "_max"), mode="MIN_FIRST", name=name)

    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        h = x
        for i, (cin, cout) in enumerate(((3, 16), (16, 32))):
            _, h = _dyn_quant(h, f"conv{i}/eightbit_input")
            w = qconst(f"conv{i}/weights", rng.normal(0, 0.2, (3, 3, cin, cout)).astype("float32"))
            h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, w, 2, "SAME"), rng.normal(0, 0.1, cout).astype("float32")))
            _, h = _dyn_quant(h, f"conv{i}/eightbit_relu")
        w = qconst("fc/weights", rng.normal(0, 0.2, (32, 5)).astype("float32"))
        return [tf.identity(tf.matmul(tf.reduce_mean(h, [1, 2]), w), name="logits")]
    with tf.Graph().as_default() as g:
        outs = build()
    gd = g.as_graph_def()
    _write(out, gd, [o.op.name for o in outs])


OUTPUTS["s56_quantize_nodes_quantizev2_roundtrip"] = ["logits"]


@model("s56_quantize_nodes_quantized_conv_requantize", "frozen-pb", "the fully eight-bit graph quantize_nodes wrote for a small CNN (float [1,16,16,3]): input QuantizeV2 (quint8 MIN_FIRST, ranges from Min / Max), QuantizedConv2D with quint8 filter Consts -> qint32, RequantizationRange + Requantize back to quint8, QuantizedRelu, a second QuantizedConv2D, Dequantize, mean pool, then QuantizedMatMul for the classifier and Dequantize 'scores'")
def b_qn_full(out):
    rng = np.random.default_rng(17)

    def qw(name, w):
        lo, hi = min(float(w.min()), 0.0), max(float(w.max()), 0.0)
        q = tf.constant(np.round((w - lo) / (hi - lo) * 255).astype("uint8"), tf.quint8, name=name + "_quint8_const")
        return q, tf.constant(lo, name=name + "_min"), tf.constant(hi, name=name + "_max")

    def requant(acc, lo, hi, name):
        rlo, rhi = tf.raw_ops.RequantizationRange(input=acc, input_min=lo, input_max=hi, name=name + "/range")
        return tf.raw_ops.Requantize(input=acc, input_min=lo, input_max=hi, requested_output_min=rlo,
                                     requested_output_max=rhi, out_type=tf.quint8, name=name + "/requantize")

    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 16, 16, 3], name="input")
        q, _ = _dyn_quant(x, "input/eightbit")
        a, lo, hi = q.output, q.output_min, q.output_max
        for i, (cin, cout) in enumerate(((3, 16), (16, 16))):
            f, flo, fhi = qw(f"conv{i}/weights", rng.normal(0, 0.2, (3, 3, cin, cout)).astype("float32"))
            c = tf.raw_ops.QuantizedConv2D(input=a, filter=f, min_input=lo, max_input=hi, min_filter=flo, max_filter=fhi,
                                           strides=[1, 1, 1, 1], padding="SAME", out_type=tf.qint32, name=f"conv{i}/eightbit")
            r = requant(c.output, c.min_output, c.max_output, f"conv{i}")
            rl = tf.raw_ops.QuantizedRelu(features=r.output, min_features=r.output_min, max_features=r.output_max,
                                          out_type=tf.quint8, name=f"conv{i}/relu/eightbit")
            a, lo, hi = rl.activations, rl.min_activations, rl.max_activations
        h = tf.raw_ops.Dequantize(input=a, min_range=lo, max_range=hi, mode="MIN_FIRST", name="features/dequantize")
        pooled = tf.reduce_mean(h, [1, 2])
        qp, _ = _dyn_quant(pooled, "fc/eightbit_input")
        f, flo, fhi = qw("fc/weights", rng.normal(0, 0.2, (16, 4)).astype("float32"))
        mm = tf.raw_ops.QuantizedMatMul(a=qp.output, b=f, min_a=qp.output_min, max_a=qp.output_max, min_b=flo, max_b=fhi,
                                        Toutput=tf.qint32, name="fc/eightbit")
        r = requant(mm.out, mm.min_out, mm.max_out, "fc")
        return [tf.raw_ops.Dequantize(input=r.output, min_range=r.output_min, max_range=r.output_max, mode="MIN_FIRST",
                                      name="scores")]
    with tf.Graph().as_default() as g:
        outs = build()
    _write(out, g.as_graph_def(), [o.op.name for o in outs])


OUTPUTS["s56_quantize_nodes_quantized_conv_requantize"] = ["scores"]


# ================================================================================ remove_training_nodes / extract_sub_graph

@model("s56_remove_training_nodes_tf1_checknumerics", "frozen-pb", "TF1 regression net written with debugging aids (tf.debugging.check_numerics on each layer as a control dependency of a tf.identity, tf.stop_gradient on a target-normalization branch, tf.identity name tags), frozen and cleaned with tf.compat.v1.graph_util.remove_training_nodes (CheckNumerics / StopGradient / Identity removed, outputs protected): float [None,16] -> fc 32 relu -> fc 32 relu -> fc 1 * std + mean 'price'")
def b_rtn_tf1(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 16], name="features")
        h = x
        for i in range(2):
            h = _v1_dense(h, f"fc{i}", 32, tf.nn.relu)
            with tf.control_dependencies([tf.debugging.check_numerics(h, f"fc{i} has NaN")]):
                h = tf.identity(h, name=f"fc{i}/activations")
        y = _v1_dense(h, "out", 1)
        stats = tf.stop_gradient(tf.constant([3.1, 12.5]), name="target_stats")
        return [tf.identity(y * stats[1] + stats[0], name="price")]
    gd, outs = _v1_graph(build)
    _write(out, tf.compat.v1.graph_util.remove_training_nodes(gd, protected_nodes=outs), outs)


OUTPUTS["s56_remove_training_nodes_tf1_checknumerics"] = ["price"]


@model("s56_remove_training_nodes_keras_frozen", "frozen-pb", "Keras text classifier (int32 ids [1,40] vocab 500 -> Embedding 32 -> Conv1D 32 relu -> GlobalMaxPooling1D -> Dropout -> Dense 3 softmax) frozen with convert_variables_to_constants_v2 and cleaned with remove_training_nodes (the ReadVariableOp / Identity chains collapsed), output 'Identity' protected")
def b_rtn_keras(out):
    m = _randomize(keras.Sequential([keras.Input((40,), batch_size=1, dtype="int32"), L.Embedding(500, 32),
                                     L.Conv1D(32, 5, activation="relu"), L.GlobalMaxPooling1D(), L.Dropout(0.3),
                                     L.Dense(3, activation="softmax")]), 18)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 40], "int32", "token_ids")])
    _write(out, tf.compat.v1.graph_util.remove_training_nodes(gd, protected_nodes=outs), outs)


FEEDS["s56_remove_training_nodes_keras_frozen"] = {"token_ids": (1, 500)}
OUTPUTS["s56_remove_training_nodes_keras_frozen"] = ["Identity"]


@model("s56_extract_sub_graph_encoder_only", "frozen-pb", "TF1 convolutional autoencoder (float [1,32,32,1] -> conv 16/32 stride 2 relu -> fc 16 'encoder/code' -> fc + conv2d_transpose decoder 'decoder/reconstruction') frozen whole, then tf.compat.v1.graph_util.extract_sub_graph to the encoder output for an embedding service")
def b_extract(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [1, 32, 32, 1], name="image")
        h = tf.nn.relu(_v1_conv(x, "encoder/conv1", 3, 16, 2))
        h = tf.nn.relu(_v1_conv(h, "encoder/conv2", 3, 32, 2))
        code = tf.identity(_v1_dense(tf.reshape(h, [1, -1]), "encoder/fc", 16), name="encoder/code")
        d = tf.reshape(_v1_dense(code, "decoder/fc", 8 * 8 * 32, tf.nn.relu), [1, 8, 8, 32])
        with v1.variable_scope("decoder/deconv"):
            w = v1.get_variable("weights", [3, 3, 1, 32], initializer=v1.glorot_uniform_initializer())
            d = tf.nn.conv2d_transpose(d, w, [1, 32, 32, 1], 4, "SAME")
        return [code, tf.sigmoid(d, name="decoder/reconstruction")]
    gd, _ = _v1_graph(build)
    _write(out, v1.graph_util.extract_sub_graph(gd, ["encoder/code"]), ["encoder/code"])


OUTPUTS["s56_extract_sub_graph_encoder_only"] = ["encoder/code"]


@model("s56_extract_sub_graph_keras_backbone_features", "frozen-pb", "Keras MobileNet-style classifier frozen with convert_variables_to_constants_v2 returning both logits and the pooled features (float [1,48,48,3]), then extract_sub_graph to the feature output only and remove_training_nodes, as an image-retrieval embedding extractor")
def b_extract_keras(out):
    base = _randomize(_mobilenet_cnn((48, 48, 3), (16, 24, 32), 8, batch=1), 19)
    feats = keras.Model(base.input, base.layers[-2].output)

    def fn(t):
        return tf.identity(feats(t, training=False), "embedding"), tf.identity(base(t, training=False), "logits")
    gd, _ = _v2_graph(fn, [tensor_spec([1, 48, 48, 3], name="input")])
    sub = tf.compat.v1.graph_util.extract_sub_graph(gd, ["embedding"])
    _write(out, tf.compat.v1.graph_util.remove_training_nodes(sub, protected_nodes=["embedding"]), ["embedding"])


OUTPUTS["s56_extract_sub_graph_keras_backbone_features"] = ["embedding"]


# ================================================================================ Keras exports as the tools' starting points

@model("s56_keras_export_bn_folded_by_hand_batch1", "keras-export", "Keras MobileNet-style CNN whose BatchNormalization layers were folded into the preceding conv kernels / biases by a deployment script (new Conv2D / DepthwiseConv2D with use_bias=True and folded weights, BN removed), exported with model.export and a fixed batch-1 float [1,64,64,3] signature")
def b_keras_folded(out):
    src = _randomize(_mobilenet_cnn((64, 64, 3), batch=1), 20)
    inp = keras.Input((64, 64, 3), batch_size=1, name="input")
    x, layers, i = inp, src.layers[1:], 0
    while i < len(layers):
        lyr = layers[i]
        if isinstance(lyr, (L.Conv2D, L.DepthwiseConv2D)) and i + 1 < len(layers) and isinstance(layers[i + 1], L.BatchNormalization):
            bn = layers[i + 1]
            gamma, beta, mean, var = [np.asarray(v) for v in bn.weights]
            scale = gamma / np.sqrt(var + bn.epsilon)
            k = np.asarray(lyr.weights[0])
            if isinstance(lyr, L.DepthwiseConv2D):
                new = L.DepthwiseConv2D(lyr.kernel_size, lyr.strides, padding=lyr.padding)
                kf = k * scale.reshape(1, 1, -1, 1)
            else:
                new = L.Conv2D(lyr.filters, lyr.kernel_size, lyr.strides, padding=lyr.padding)
                kf = k * scale
            x = new(x)
            new.set_weights([kf, beta - mean * scale])
            i += 2
        else:
            x = lyr(x)
            i += 1
    _export(keras.Model(inp, x), out, fixed=True)


@model("s56_keras_export_none_batch_detector_heads", "keras-export", "Keras anchor-free detection head (CenterNet-style) exported with model.export at None batch: float [None,64,64,3] -> conv backbone to stride 8 -> heatmap Conv2D(3, sigmoid), size Conv2D(2, relu), offset Conv2D(2) heads, plus a Lambda 3x3 max-pool peak mask (heatmap == max_pool(heatmap)) cast to float")
def b_keras_centernet(out):
    inp = keras.Input((64, 64, 3), name="image")
    x = inp
    for w in (16, 24, 32):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(w, 3, 2, padding="same", use_bias=False)(x)))
    x = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    heat = L.Conv2D(3, 1, activation="sigmoid", name="heatmap")(x)
    peaks = L.Lambda(lambda t: tf.cast(tf.equal(t, tf.nn.max_pool2d(t, 3, 1, "SAME")), tf.float32) * t, name="peaks")(heat)
    m = keras.Model(inp, {"heatmap": heat, "size": L.Conv2D(2, 1, activation="relu", name="size")(x),
                          "offset": L.Conv2D(2, 1, name="offset")(x), "peaks": peaks})
    _export(_randomize(m, 21), out)


# ================================================================================ SavedModels re-saved by tools

def _keras_export_tmp(m, specs=None):
    """a Keras model exported to a temporary SavedModel (the artifact a tool later picks up)"""
    d = _tmpdir()
    keras_export(m, os.path.join(d, "sm"), sig=specs)
    return d, os.path.join(d, "sm")


@model("s56_resave_keras_export_uint8_front_end", "tf-module", "serving wrapper tool: a Keras MobileNet-style classifier exported (float [None,64,64,3]) is loaded with tf.saved_model.load and re-saved with new signatures: serving_default takes uint8 [1,64,64,3] (cast, scale to [-1,1], call the loaded 'serve', softmax, top-3 via tf.math.top_k int32) and 'serve_float' passes float [None,64,64,3] through")
def b_resave_uint8(out):
    d, path = _keras_export_tmp(_randomize(_mobilenet_cnn((64, 64, 3), classes=10), 22))
    try:
        loaded = tf.saved_model.load(path)

        @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "image_bytes")])
        def serve_uint8(image_bytes):
            x = tf.cast(image_bytes, tf.float32) / 127.5 - 1.0
            probs = tf.nn.softmax(loaded.serve(x))
            top = tf.math.top_k(probs, 3)
            return {"probabilities": probs, "top_classes": top.indices, "top_scores": top.values}

        @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
        def serve_float(image):
            return {"logits": loaded.serve(image)}
        _save(out, {"model": loaded}, serving_default=serve_uint8, serve_float=serve_float)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@model("s56_resave_b64_jpeg_string_serving", "tf-module", "a re-saved SavedModel for a REST endpoint taking base64-decoded JPEG bytes: the loaded Keras classifier export wrapped in a string [None] signature (tf.map_fn over tf.io.decode_jpeg channels=3, tf.image.resize 48x48, scale to [0,1]) returning class ids (int64), label strings from a constant table via tf.gather, and probabilities")
def b_resave_b64(out):
    inp = keras.Input((48, 48, 3), name="image")
    x = inp
    for w in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(w, 3, padding="same", activation="relu")(x))
    d, path = _keras_export_tmp(_randomize(keras.Model(inp, L.Dense(4)(L.GlobalAveragePooling2D()(x))), 23))
    labels = tf.constant(["cat", "dog", "bird", "other"])
    try:
        loaded = tf.saved_model.load(path)

        @tf.function(input_signature=[tensor_spec([None], "string", "image_bytes")])
        def serve_bytes(image_bytes):
            def decode(b):
                img = tf.io.decode_jpeg(b, channels=3)
                return tf.image.resize(tf.cast(img, tf.float32) / 255.0, [48, 48])
            imgs = tf.map_fn(decode, image_bytes, fn_output_signature=tf.TensorSpec([48, 48, 3], tf.float32))
            probs = tf.nn.softmax(loaded.serve(imgs))
            ids = tf.argmax(probs, -1)
            return {"classes": ids, "labels": tf.gather(labels, ids), "probabilities": probs}
        _save(out, {"model": loaded}, serving_default=serve_bytes)
    finally:
        shutil.rmtree(d, ignore_errors=True)


FEEDS["s56_resave_b64_jpeg_string_serving"] = lambda rng: {"image_bytes": _jpegs(2, 40)}


@model("s56_resave_tf_example_parse_signature", "tf-module", "TFX-style re-save of a Keras tabular model: the exported model (inputs age float, hours float, occupation int32 id -> Embedding 4, Dense 32/16 relu, Dense 1 sigmoid) loaded and saved again with a serving_default taking serialized tf.Example strings [None] (tf.io.parse_example with defaults) and a 'predict_raw' signature taking the three raw tensors")
def b_resave_example(out):
    age, hours = keras.Input((1,), name="age"), keras.Input((1,), name="hours")
    occ = keras.Input((1,), dtype="int32", name="occupation")
    e = L.Flatten()(L.Embedding(12, 4)(occ))
    h = L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(L.Concatenate()([age, hours, e])))
    m = _randomize(keras.Model({"age": age, "hours": hours, "occupation": occ}, L.Dense(1, activation="sigmoid")(h)), 24)
    d, path = _keras_export_tmp(m)
    try:
        loaded = tf.saved_model.load(path)
        spec = {"age": tf.io.FixedLenFeature([1], tf.float32, [0.0]), "hours": tf.io.FixedLenFeature([1], tf.float32, [40.0]),
                "occupation": tf.io.FixedLenFeature([1], tf.int64, [0])}

        @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
        def serve_examples(examples):
            f = tf.io.parse_example(examples, spec)
            f["occupation"] = tf.cast(f["occupation"], tf.int32)
            return {"probability": loaded.serve(f)}

        @tf.function(input_signature=[tensor_spec([None, 1], name="age"), tensor_spec([None, 1], name="hours"),
                                      tensor_spec([None, 1], "int32", "occupation")])
        def predict_raw(age, hours, occupation):
            return {"probability": loaded.serve({"age": age, "hours": hours, "occupation": occupation})}
        _save(out, {"model": loaded}, serving_default=serve_examples, predict_raw=predict_raw)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _examples(rng):
    ex = []
    for _ in range(3):
        e = tf.train.Example(features=tf.train.Features(feature={
            "age": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.integers(18, 70))])),
            "occupation": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.integers(0, 12))]))}))
        ex.append(e.SerializeToString())
    return {"examples": ex, "predict_raw/occupation": (0, 12)}


FEEDS["s56_resave_tf_example_parse_signature"] = _examples


@model("s56_resave_module_renamed_signatures", "tf-module", "a tf.Module (Keras MLP embedding model, signatures 'serving_default' float [None,24] -> embedding and 'score' float [None,24] x2 -> cosine) loaded by a model-registry tool and re-saved with renamed signatures ('embed', 'similarity') plus a new 'embed_batch1' fixed [1,24] signature with l2-normalized output")
def b_resave_rename(out):
    net = _randomize(keras.Sequential([keras.Input((24,)), L.Dense(64, activation="relu"), L.Dense(32)]), 25)

    @tf.function(input_signature=[tensor_spec([None, 24], name="x")])
    def embed(x):
        return {"embedding": net(x, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 24], name="a"), tensor_spec([None, 24], name="b")])
    def score(a, b):
        ea, eb = tf.math.l2_normalize(net(a), -1), tf.math.l2_normalize(net(b), -1)
        return {"cosine": tf.reduce_sum(ea * eb, -1)}
    d = _tmpdir()
    try:
        serve_module(os.path.join(d, "sm"), {"net": net}, serving_default=embed, score=score)
        loaded = tf.saved_model.load(os.path.join(d, "sm"))
        old_embed, old_score = loaded.signatures["serving_default"], loaded.signatures["score"]

        @tf.function(input_signature=[tensor_spec([None, 24], name="x")])
        def new_embed(x):
            return old_embed(x=x)

        @tf.function(input_signature=[tensor_spec([None, 24], name="a"), tensor_spec([None, 24], name="b")])
        def similarity(a, b):
            return old_score(a=a, b=b)

        @tf.function(input_signature=[tensor_spec([1, 24], name="x")])
        def embed_batch1(x):
            return {"embedding": tf.math.l2_normalize(old_embed(x=x)["embedding"], -1)}
        _save(out, {"model": loaded}, embed=new_embed, similarity=similarity, embed_batch1=embed_batch1,
              serving_default=new_embed)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@model("s56_resave_fixed_batch1_from_none_batch", "tf-module", "a Keras SSD-lite-ish detector exported with None batch (float [None,48,48,3] -> boxes [None,36,4], scores [None,36,3]) reloaded and re-saved by a device-packaging script with a fixed batch-1 serving_default (plus the in-graph post-processing: sigmoid scores, max class score and argmax class int32) and the original dynamic signature kept as 'serve_dynamic'")
def b_resave_fixed(out):
    inp = keras.Input((48, 48, 3), name="image")
    x = inp
    for w in (16, 24, 32):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(w, 3, 2, padding="same", use_bias=False)(x)))
    x = L.MaxPooling2D()(x)
    m = _randomize(keras.Model(inp, [L.Reshape((36, 4), name="boxes")(L.Conv2D(16, 1)(x)),
                                     L.Reshape((36, 3), name="scores")(L.Conv2D(12, 1)(x))]), 26)
    d, path = _keras_export_tmp(m)
    try:
        loaded = tf.saved_model.load(path)

        @tf.function(input_signature=[tensor_spec([1, 48, 48, 3], name="image")])
        def serve1(image):
            boxes, logits = loaded.serve(image)
            s = tf.sigmoid(logits)
            return {"boxes": boxes, "scores": tf.reduce_max(s, -1), "classes": tf.argmax(s, -1, output_type=tf.int32)}

        @tf.function(input_signature=[tensor_spec([None, 48, 48, 3], name="image")])
        def serve_dynamic(image):
            boxes, logits = loaded.serve(image)
            return {"boxes": boxes, "raw_scores": logits}
        _save(out, {"model": loaded}, serving_default=serve1, serve_dynamic=serve_dynamic)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@model("s56_resave_tf1_saved_model_from_tf2", "tf-module", "a TF1 SavedModelBuilder export (placeholder x float [None,10] -> get_variable fc 32 relu -> fc 3 softmax, 'predict' signature) loaded in TF2 with tf.saved_model.load and re-saved with tf.saved_model.save under a new serving_default that calls the old wrapped signature and adds argmax class (int64)")
def b_resave_tf1(out):
    d = _tmpdir()
    try:
        def sigs():
            x = tf.compat.v1.placeholder(tf.float32, [None, 10], name="x")
            y = tf.nn.softmax(_v1_dense(_v1_dense(x, "fc1", 32, tf.nn.relu), "fc2", 3), name="probs")
            return {"predict": ({"x": x}, {"probs": y})}
        from corpus_driver import tf1_saved_model
        tf1_saved_model(os.path.join(d, "sm"), sigs)
        loaded = tf.saved_model.load(os.path.join(d, "sm"))
        old = loaded.signatures["predict"]

        @tf.function(input_signature=[tensor_spec([None, 10], name="x")])
        def serve(x):
            probs = old(x=x)["probs"]
            return {"probs": probs, "class_id": tf.argmax(probs, -1)}
        _save(out, {"model": loaded}, serving_default=serve)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@model("s56_frozen_pb_wrapped_back_to_saved_model", "tf-module", "a Grappler-optimized frozen .pb (Keras CNN Conv2D + BN + ReLU x2, GAP, Dense 5; float [1,32,32,3]; _FusedConv2D / _FusedMatMul) turned back into a SavedModel the way converters' helper scripts do: tf.compat.v1.wrap_function around import_graph_def, .prune to the input / output tensors, served from a tf.function signature")
def b_wrap_pb(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="input")
    x = inp
    for w in (16, 32):
        x = L.MaxPooling2D()(L.ReLU()(L.BatchNormalization()(L.Conv2D(w, 3, padding="same", use_bias=False)(x))))
    m = _randomize(keras.Model(inp, L.Dense(5)(L.GlobalAveragePooling2D()(x))), 27)
    gd, outs = _v2_graph(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 3], name="input")])
    og = _grappler(gd, outs)
    wrapped = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(og, name=""), [])
    pruned = wrapped.prune(wrapped.graph.get_tensor_by_name("input:0"), wrapped.graph.get_tensor_by_name(outs[0] + ":0"))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="input")])
    def serve(input):  # noqa: A002 - the frozen graph's input name
        return {"logits": pruned(input)}
    _save(out, {"pruned": pruned}, serving_default=serve)


@model("s56_resave_gru_text_ids_retyped", "tf-module", "a Keras GRU sentiment model exported with int32 ids [None,30] (Embedding 1000 x 16 mask_zero, GRU 24, Dense 1 sigmoid) re-saved by a serving tool with an int64 ids signature (cast to int32, ids >= vocab clipped to OOV 1 with tf.where) and a 'predict_with_length' signature taking ids plus lengths int32 [None] that zeroes padding with tf.sequence_mask before the model")
def b_resave_gru(out):
    m = _randomize(keras.Sequential([keras.Input((30,), dtype="int32"), L.Embedding(1000, 16, mask_zero=True), L.GRU(24),
                                     L.Dense(1, activation="sigmoid")]), 28)
    d, path = _keras_export_tmp(m)
    try:
        loaded = tf.saved_model.load(path)

        @tf.function(input_signature=[tensor_spec([None, 30], "int64", "input_ids")])
        def serve_int64(input_ids):
            ids = tf.where(input_ids >= 1000, tf.ones_like(input_ids), input_ids)
            return {"probability": loaded.serve(tf.cast(ids, tf.int32))}

        @tf.function(input_signature=[tensor_spec([None, 30], "int32", "input_ids"), tensor_spec([None], "int32", "lengths")])
        def predict_with_length(input_ids, lengths):
            mask = tf.sequence_mask(lengths, 30, tf.int32)
            return {"probability": loaded.serve(input_ids * mask)}
        _save(out, {"model": loaded}, serving_default=serve_int64, predict_with_length=predict_with_length)
    finally:
        shutil.rmtree(d, ignore_errors=True)


FEEDS["s56_resave_gru_text_ids_retyped"] = lambda rng: {"input_ids": rng.integers(1, 1000, (2, 30)), "lengths": [30, 12]}


@model("s56_module_multi_signature_consts_inlined", "tf-module", "a tf.Module written by an export tool after freezing: the Keras MobileNet-style weights captured as tf.constant (no variables) and served under three signatures -- serving_default float [1,48,48,3] probabilities, 'features' float [None,48,48,3] pooled embedding, 'classify_uint8' uint8 [1,48,48,3] top-1 class int32 and score")
def b_consts_module(out):
    m = _randomize(_mobilenet_cnn((48, 48, 3), (16, 24, 32), 6), 29)
    consts = {v.path: tf.constant(np.asarray(v)) for v in m.weights}

    # the variables swapped for the captured constants through a stateless call of the same layers
    body = keras.Model(m.input, [m.layers[-2].output, m.output])

    def apply(x):
        feats, logits = body.stateless_call([consts[v.path] for v in body.trainable_variables],
                                            [consts[v.path] for v in body.non_trainable_variables], x, training=False)[0]
        return feats, logits

    @tf.function(input_signature=[tensor_spec([1, 48, 48, 3], name="image")])
    def serve(image):
        return {"probabilities": tf.nn.softmax(apply(image)[1])}

    @tf.function(input_signature=[tensor_spec([None, 48, 48, 3], name="image")])
    def features(image):
        return {"embedding": apply(image)[0]}

    @tf.function(input_signature=[tensor_spec([1, 48, 48, 3], "uint8", "image")])
    def classify_uint8(image):
        p = tf.nn.softmax(apply(tf.cast(image, tf.float32) / 127.5 - 1.0)[1])
        return {"class_id": tf.argmax(p, -1, output_type=tf.int32), "score": tf.reduce_max(p, -1)}
    _save(out, {}, serving_default=serve, features=features, classify_uint8=classify_uint8)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
