"""Build an independently made corpus into bench/out/fresh42/: TensorFlow graphs written the way tool-generated and
XLA-minded code writes them -- as jax2tf's graph (non-native) serialization lowers JAX primitives, as TF-Agents / Sonnet /
Mesh-TF style code and hand-optimized TPU code emit them. XLA ops called directly through the tf2xla op wrappers
(tensorflow.compiler.tf2xla.ops.gen_xla_ops, as jax2tf's `tfxla` does): XlaDotV2 with dot dimension numbers and
preferred_element_type, XlaConvV2 with convolution dimension numbers (NHWC/HWIO, NCHW/OIHW, 1-D NWC/WIO, lhs / rhs
dilation, feature groups), XlaReduceWindow (max / sum pooling, count-exclude-pad averages, window dilation), XlaPad
(interior and negative padding), XlaGather / XlaScatter (add, replace, max update computations), XlaDynamicSlice /
XlaDynamicUpdateSlice, XlaSort / XlaKeyValueSort / XlaVariadicSort, XlaReduce / XlaVariadicReduceV2, XlaSelectAndScatter,
XlaBroadcastHelper, XlaEinsum, XlaSharding, XlaSpmdFullToShardShape / XlaSpmdShardToFullShape, XlaOptimizationBarrier,
XlaRngBitGenerator (THREE_FRY), XlaReducePrecision, XlaSelfAdjointEig, XlaSvd and XlaWhile -- next to the same
computations written with ordinary tf ops as twins. jax2tf lowering idioms: broadcast_in_dim as reshape +
tf.broadcast_to, iota as tf.range, lax.select as tf.where, bitcast_convert_type as tf.bitcast, lax.scan as a
tf.while_loop over XlaDynamicSlice / XlaDynamicUpdateSlice (and unrolled), written-out layernorm / softmax / gelu-tanh,
rotary embeddings from XlaGather tables, bfloat16 compute on float32 inputs, tf.function(jit_compile=True) serving
functions, tf.raw_ops.Einsum with odd equations (trace, diagonal, ellipsis, outer product, full reduction), gather /
scatter-heavy code (tensor_scatter_nd_*, gather_nd / gather with batch_dims, one-hot matmul gathers as TPU code writes
them), and Keras 3 models mixing Keras layers with custom layers calling XLA ops.

Every XLA op used here was first run on this machine's CPU in eager, in a plain tf.function and under jit_compile.
Left out because they do not run here: XlaIf (its kernel fails on CPU: "No attr named 'output_shapes'"),
XlaRngBitGenerator with the PHILOX or DEFAULT algorithm (HLO verifier / "unknown algorithm" errors), XlaSpmd* with a
tiled (non-replicated) manual sharding (RET_CHECK failure under jit), XlaReplicaId, XlaCallModule (needs a serialized
StableHLO module; no JAX here) and tf.raw_ops.Einsum with three operands (the CPU kernel takes 1 or 2). XlaSpmdFullToShardShape
/ XlaSpmdShardToFullShape and XlaSetDynamicDimensionSize have no CPU kernel outside XLA, so the one model using the
Spmd ops serves them inside a tf.function(jit_compile=True) (that signature runs only when compiled).

Export mechanics: tf.saved_model.save of tf.Modules with explicit signatures (most; several jit_compile=True), TF2
functions frozen with convert_variables_to_constants_v2 (the frozen-pb ones), Keras 3 model.export for the Keras mixes.
Mostly float32, fixed small shapes (batch 1 or 2), some None batch. Seeded tf.Variable weights; nothing is downloaded;
every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh42.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh42.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh42.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh42.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh42.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh42", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None
G = XD = None  # gen_xla_ops (the tf2xla op wrappers) and xla_data_pb2 (dimension-number / sharding protos)

# Inputs that need real values (ids, positions, offsets, keys): model -> {input name (or "signature/input"): value or
# (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is built.
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces: saving

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _export(m, out, sig=None):
    """run the Keras model once (inference) on the --check inputs, then model.export"""
    specs = sig or [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=sig)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _params(sizes, seed, dtype="float32", name="dense"):
    """an MLP as Flax / Haiku keep it: a list of (kernel, bias) tf.Variables, lecun-normal kernels, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(1.0 / a), (a, b)).astype(dtype), name=f"{name}_{i}_kernel"),
             tf.Variable(np.zeros(b, dtype), name=f"{name}_{i}_bias")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _var(rng, shape, scale=None, name=None, dtype="float32"):
    """a seeded tf.Variable, normal with std `scale` (lecun: 1/sqrt(fan_in) over all but the last dim)"""
    scale = scale if scale is not None else 1.0 / np.sqrt(max(int(np.prod(shape[:-1])), 1))
    return tf.Variable(rng.normal(0, scale, shape).astype(dtype), name=name)


# ================================================================================ shared pieces: jax2tf-style lowering

def _scalar_fn(fn, *dtypes):
    """an XLA computation (reducer / comparator / update function) as the concrete tf.function the XLA ops take"""
    return tf.function(fn).get_concrete_function(*[tf.TensorSpec([], d) for d in dtypes])


def _dot_general(lhs, rhs, contract, batch=((), ()), preferred=None, precision="DEFAULT"):
    """lax.dot_general as jax2tf lowers it: XlaDotV2 with DotDimensionNumbers and a PrecisionConfig"""
    rhs = tf.convert_to_tensor(rhs)
    dn = XD.DotDimensionNumbers()
    dn.lhs_contracting_dimensions.extend(contract[0])
    dn.rhs_contracting_dimensions.extend(contract[1])
    dn.lhs_batch_dimensions.extend(batch[0])
    dn.rhs_batch_dimensions.extend(batch[1])
    pc = XD.PrecisionConfig()
    pc.operand_precision.extend([getattr(XD.PrecisionConfig, precision)] * 2)
    return G.xla_dot_v2(lhs, rhs, dn.SerializeToString(), pc.SerializeToString(),
                        preferred_element_type=preferred or lhs.dtype)


def _dense(x, w, b=None, preferred=None):
    """Flax nn.Dense lowered: XlaDotV2 contracting the last dim, bias by broadcast_in_dim (reshape + broadcast_to)"""
    y = _dot_general(x, w, ([x.shape.rank - 1], [0]), preferred=preferred)
    return y if b is None else y + _bcast_in_dim(tf.cast(b, y.dtype), tf.shape(y), [y.shape.rank - 1])


def _bcast_in_dim(x, shape, dims):
    """lax.broadcast_in_dim as jax2tf lowers it: reshape to put x's dims at `dims` (1 elsewhere), then tf.broadcast_to"""
    rank = int(shape.shape[0]) if isinstance(shape, tf.Tensor) else len(shape)
    new = [1] * rank
    for d, n in zip(dims, x.shape):
        new[d] = n
    return tf.broadcast_to(tf.reshape(x, new), shape)


def _same_pads(sizes, window, strides, dilation=None):
    """lax.padtype_to_pads('SAME'): explicit (low, high) pads, the extra one at the high end"""
    dilation = dilation or [1] * len(sizes)
    pads = []
    for n, k, s, d in zip(sizes, window, strides, dilation):
        out, kd = -(-n // s), (k - 1) * d + 1
        tot = max((out - 1) * s + kd - n, 0)
        pads.append([tot // 2, tot - tot // 2])
    return pads


def _conv(x, k, strides, padding, lhs_dil=None, rhs_dil=None, groups=1, layout=("NHWC", "HWIO", "NHWC"),
          preferred=None):
    """lax.conv_general_dilated as jax2tf lowers it: XlaConvV2 with ConvolutionDimensionNumbers (layout strings as in
    lax), explicit padding pairs (or 'SAME'); the static output shape is set on the result (no op added)"""
    k = tf.convert_to_tensor(k)
    lhs, rhs, outl = layout
    sp = [c for c in lhs if c not in "NC"]
    n = len(sp)
    xs = [x.shape[lhs.index(c)] for c in sp]
    ks = [k.shape[rhs.index(c)] for c in sp]
    lhs_dil, rhs_dil = lhs_dil or [1] * n, rhs_dil or [1] * n
    if padding == "SAME":
        padding = _same_pads(xs, ks, strides, rhs_dil)
    cdn = XD.ConvolutionDimensionNumbers(
        input_batch_dimension=lhs.index("N"), input_feature_dimension=lhs.index("C"),
        output_batch_dimension=outl.index("N"), output_feature_dimension=outl.index("C"),
        kernel_input_feature_dimension=rhs.index("I"), kernel_output_feature_dimension=rhs.index("O"))
    cdn.input_spatial_dimensions.extend(lhs.index(c) for c in sp)
    cdn.kernel_spatial_dimensions.extend(rhs.index(c) for c in sp)
    cdn.output_spatial_dimensions.extend(outl.index(c) for c in sp)
    y = G.xla_conv_v2(x, k, strides, padding, lhs_dil, rhs_dil, groups, cdn.SerializeToString(), "",
                      preferred_element_type=preferred or x.dtype)
    shape = [None] * (n + 2)
    shape[outl.index("N")] = x.shape[lhs.index("N")]
    shape[outl.index("C")] = k.shape[rhs.index("O")]
    for i, c in enumerate(sp):
        if xs[i] is not None:
            size = (xs[i] - 1) * lhs_dil[i] + 1 + padding[i][0] + padding[i][1] - ((ks[i] - 1) * rhs_dil[i] + 1)
            shape[outl.index(c)] = size // strides[i] + 1
    y.set_shape(shape)
    return y


def _reduce_window(x, init, comp, window, strides, padding=None, window_dil=None):
    """lax.reduce_window as jax2tf lowers it: XlaReduceWindow with a scalar computation; the static shape is set"""
    r = len(window)
    padding = padding or [[0, 0]] * r
    window_dil = window_dil or [1] * r
    y = G.xla_reduce_window(x, tf.constant(init, x.dtype), window, strides, [1] * r, window_dil, padding, comp)
    y.set_shape([None if n is None else (n + p[0] + p[1] - (w - 1) * d - 1) // s + 1
                 for n, w, s, p, d in zip(x.shape, window, strides, padding, window_dil)])
    return y


def _max_pool(x, window, stride, padding=None):
    """flax.linen.max_pool: XlaReduceWindow(max) with -inf init on NHWC"""
    mx = _scalar_fn(tf.maximum, x.dtype, x.dtype)
    return _reduce_window(x, -np.inf, mx, [1, window, window, 1], [1, stride, stride, 1],
                          None if padding is None else [[0, 0], *padding, [0, 0]])


def _sum_pool(x, window, stride, padding=None, window_dil=None):
    """lax.reduce_window with lax.add (the sum inside flax avg_pool)"""
    add = _scalar_fn(tf.add, x.dtype, x.dtype)
    return _reduce_window(x, 0.0, add, [1, window, window, 1], [1, stride, stride, 1],
                          None if padding is None else [[0, 0], *padding, [0, 0]], window_dil)


def _xla_take(table, ids):
    """jnp.take(table, ids, axis=0) as jax2tf lowers it: XlaGather, offset dim last, index vector dim appended"""
    r = ids.shape.rank
    gdn = XD.GatherDimensionNumbers(index_vector_dim=r)
    gdn.offset_dims.append(r)
    gdn.collapsed_slice_dims.append(0)
    gdn.start_index_map.append(0)
    y = G.xla_gather(table, ids[..., None], tf.constant([1, table.shape[1]], ids.dtype), gdn.SerializeToString(), False)
    y.set_shape(ids.shape.concatenate([table.shape[1]]))
    return y


def _layernorm(x, scale, bias, eps=1e-6):
    """flax.linen.LayerNorm written out: mean, var = mean(x^2) - mean^2 (clamped at 0), rsqrt"""
    mean = tf.reduce_mean(x, axis=-1, keepdims=True)
    var = tf.maximum(tf.reduce_mean(tf.square(x), axis=-1, keepdims=True) - tf.square(mean), 0.0)
    return (x - mean) * tf.math.rsqrt(var + eps) * scale + bias


def _gelu_tanh(x):
    """jax.nn.gelu(approximate=True) written out"""
    return 0.5 * x * (1.0 + tf.tanh(np.sqrt(2.0 / np.pi).astype("float32") * (x + 0.044715 * x * x * x)))


def _softmax(x, axis=-1):
    """jax.nn.softmax written out: exp(x - stop_gradient(max)) / sum"""
    e = tf.exp(x - tf.stop_gradient(tf.reduce_max(x, axis=axis, keepdims=True)))
    return e / tf.reduce_sum(e, axis=axis, keepdims=True)


def _rope_tables(max_pos, dim, base=10000.0):
    """rotary embedding cos / sin tables [max_pos, dim/2] as numpy constants"""
    inv = 1.0 / base ** (np.arange(0, dim, 2) / dim)
    ang = np.arange(max_pos)[:, None] * inv[None]
    return np.cos(ang).astype("float32"), np.sin(ang).astype("float32")


def _rotate(x, cos, sin):
    """rotary embedding on the last dim (split halves): x1 cos - x2 sin, x2 cos + x1 sin"""
    x1, x2 = tf.split(x, 2, axis=-1)
    return tf.concat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)


def _sharding(kind, dims=(), devices=()):
    """a serialized xla OpSharding: REPLICATED, MAXIMAL on one device, or OTHER (tiled) with a tile assignment"""
    s = XD.OpSharding(type=getattr(XD.OpSharding, kind))
    s.tile_assignment_dimensions.extend(dims)
    s.tile_assignment_devices.extend(devices)
    return s.SerializeToString()


# ================================================================================ Flax-like MLPs / CNNs: XLA ops and twins

@model("s42_j2t_flax_mlp_xladot_gelu_jit", "tf-module", "Flax MLP as jax2tf graph serialization lowers it, served by tf.function(jit_compile=True): x float [None,32]; three nn.Dense as XlaDotV2 (DotDimensionNumbers, PrecisionConfig DEFAULT) + bias broadcast_in_dim (Reshape + BroadcastTo) + AddV2, gelu tanh approximation written out (Tanh, Mul for the cube), log_softmax written out (Max, StopGradient, Exp, Sum, Log); outputs logits [None,10], log_probs")
def b_mlp_xla(out):
    params = _params([32, 128, 64, 10], 1, name="Dense")

    @tf.function(jit_compile=True, input_signature=[tensor_spec([None, 32], name="x")])
    def serve(x):
        h = x
        for i, (w, b) in enumerate(params):
            h = _dense(h, w, b)
            h = _gelu_tanh(h) if i < len(params) - 1 else h
        shifted = h - tf.stop_gradient(tf.reduce_max(h, axis=-1, keepdims=True))
        return {"logits": h, "log_probs": shifted - tf.math.log(tf.reduce_sum(tf.exp(shifted), axis=-1, keepdims=True))}
    _save(out, {"params": params}, serving_default=serve)


@model("s42_twin_mlp_matmul_gelu", "tf-module", "twin of s42_j2t_flax_mlp_xladot_gelu_jit with ordinary tf ops, no jit_compile: x float [None,32]; three tf.matmul + bias (MatMul, AddV2), tf.nn.gelu(approximate=True), tf.nn.log_softmax (LogSoftmax); outputs logits [None,10], log_probs")
def b_mlp_twin(out):
    params = _params([32, 128, 64, 10], 1, name="Dense")

    @tf.function(input_signature=[tensor_spec([None, 32], name="x")])
    def serve(x):
        h = x
        for i, (w, b) in enumerate(params):
            h = tf.matmul(h, w) + b
            h = tf.nn.gelu(h, approximate=True) if i < len(params) - 1 else h
        return {"logits": h, "log_probs": tf.nn.log_softmax(h)}
    _save(out, {"params": params}, serving_default=serve)


@model("s42_j2t_flax_cnn_xlaconv_reducewindow", "tf-module", "Flax MNIST CNN (the flax examples CNN) as jax2tf lowers it: image float [1,28,28,1]; nn.Conv 3x3 SAME as XlaConvV2 (NHWC/HWIO dimension numbers, explicit pads) + bias broadcast_in_dim, relu as Maximum, nn.avg_pool 2x2 as XlaReduceWindow(add) / 4, second conv + avg_pool, reshape, nn.Dense 256 / 10 as XlaDotV2; outputs logits [1,10]")
def b_cnn_xla(out):
    rng = np.random.default_rng(3)
    k1, b1 = _var(rng, [3, 3, 1, 32]), tf.Variable(np.zeros(32, "float32"))
    k2, b2 = _var(rng, [3, 3, 32, 64]), tf.Variable(np.zeros(64, "float32"))
    dense = _params([7 * 7 * 64, 256, 10], 4, name="Dense")

    @tf.function(input_signature=[tensor_spec([1, 28, 28, 1], name="image")])
    def serve(image):
        h = image
        for k, b in ((k1, b1), (k2, b2)):
            h = _conv(h, k, [1, 1], "SAME")
            h = tf.maximum(h + _bcast_in_dim(b, tf.shape(h), [3]), 0.0)
            h = _sum_pool(h, 2, 2) / 4.0
        h = tf.reshape(h, [1, -1])
        h = tf.maximum(_dense(h, *dense[0]), 0.0)
        return {"logits": _dense(h, *dense[1])}
    _save(out, {"params": [k1, b1, k2, b2, dense]}, serving_default=serve)


@model("s42_twin_cnn_conv2d_pools_frozen", "frozen-pb", "twin of s42_j2t_flax_cnn_xlaconv_reducewindow with ordinary tf ops, frozen with convert_variables_to_constants_v2: image float [1,28,28,1]; tf.nn.conv2d SAME + BiasAdd + Relu, tf.nn.avg_pool2d 2x2 twice, Reshape, MatMul 256 relu / 10 -> logits [1,10]")
def b_cnn_twin(out):
    rng = np.random.default_rng(3)
    k1, b1 = _var(rng, [3, 3, 1, 32]), tf.Variable(np.zeros(32, "float32"))
    k2, b2 = _var(rng, [3, 3, 32, 64]), tf.Variable(np.zeros(64, "float32"))
    dense = _params([7 * 7 * 64, 256, 10], 4, name="Dense")

    def fn(image):
        h = image
        for k, b in ((k1, b1), (k2, b2)):
            h = tf.nn.avg_pool2d(tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, k, 1, "SAME"), b)), 2, 2, "VALID")
        h = tf.nn.relu(tf.matmul(tf.reshape(h, [1, -1]), dense[0][0]) + dense[0][1])
        return tf.identity(tf.matmul(h, dense[1][0]) + dense[1][1], name="logits")
    _freeze(fn, [tensor_spec([1, 28, 28, 1], name="image")], out)


@model("s42_j2t_conv_nchw_oihw_dilated_grouped", "tf-module", "PyTorch-ported JAX model (lax.conv_general_dilated with ('NCHW','OIHW','NCHW')) as jax2tf lowers it: x float [2,8,16,16] NCHW; XlaConvV2 3x3 rhs_dilation 2 (atrous), depthwise XlaConvV2 with feature_group_count 8, transposed conv as XlaConvV2 with lhs_dilation 2 and a ReverseV2-flipped kernel (jax conv_transpose), bias by broadcast_in_dim on dim 1; outputs features [2,8,16,16] and upsampled [2,4,32,32]")
def b_conv_nchw(out):
    rng = np.random.default_rng(5)
    k_atrous, k_dw, k_up = _var(rng, [8, 8, 3, 3], 0.1), _var(rng, [8, 1, 3, 3], 0.3), _var(rng, [4, 8, 4, 4], 0.1)
    bias = tf.Variable(np.zeros(8, "float32"))
    lay = ("NCHW", "OIHW", "NCHW")

    @tf.function(input_signature=[tensor_spec([2, 8, 16, 16], name="x")])
    def serve(x):
        h = _conv(x, k_atrous, [1, 1], [[2, 2], [2, 2]], rhs_dil=[2, 2], layout=lay)
        h = tf.nn.relu(h + _bcast_in_dim(bias, tf.shape(h), [1]))
        h = tf.nn.relu(_conv(h, k_dw, [1, 1], [[1, 1], [1, 1]], groups=8, layout=lay))
        up = _conv(h, tf.reverse(k_up, axis=[2, 3]), [1, 1], [[2, 2], [2, 2]], lhs_dil=[2, 2], layout=lay)
        return {"features": h, "upsampled": up}
    _save(out, {"params": [k_atrous, k_dw, k_up, bias]}, serving_default=serve)


@model("s42_twin_conv_nchw_transposes_depthwise", "tf-module", "twin of s42_j2t_conv_nchw_oihw_dilated_grouped with ordinary tf ops: x float [2,8,16,16] NCHW; Transpose to NHWC, tf.nn.conv2d(dilations=2) + BiasAdd, tf.nn.depthwise_conv2d, tf.nn.conv2d_transpose stride 2, Transpose back to NCHW; outputs features [2,8,16,16], upsampled [2,4,32,32]")
def b_conv_nchw_twin(out):
    rng = np.random.default_rng(5)
    k_atrous, k_dw, k_up = _var(rng, [3, 3, 8, 8], 0.1), _var(rng, [3, 3, 8, 1], 0.3), _var(rng, [4, 4, 4, 8], 0.1)
    bias = tf.Variable(np.zeros(8, "float32"))

    @tf.function(input_signature=[tensor_spec([2, 8, 16, 16], name="x")])
    def serve(x):
        h = tf.transpose(x, [0, 2, 3, 1])
        h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, k_atrous, 1, "SAME", dilations=2), bias))
        h = tf.nn.relu(tf.nn.depthwise_conv2d(h, k_dw, [1, 1, 1, 1], "SAME"))
        up = tf.nn.conv2d_transpose(h, k_up, [2, 32, 32, 4], 2, "SAME")
        return {"features": tf.transpose(h, [0, 3, 1, 2]), "upsampled": tf.transpose(up, [0, 3, 1, 2])}
    _save(out, {"params": [k_atrous, k_dw, k_up, bias]}, serving_default=serve)


@model("s42_j2t_wavenet_conv1d_xlapad_frozen", "frozen-pb", "WaveNet-style 1-D stack as jax2tf lowers it, frozen with convert_variables_to_constants_v2: audio float [1,64,4]; XlaPad causal left padding, XlaConvV2 1-D ('NWC','WIO','NWC') kernel 2 with rhs_dilation 1/2/4, gated tanh * sigmoid units with residual adds, XlaPad interior padding 1 (zero-insertion upsampling to 127) and negative high padding (crop) then a 1-D XlaConvV2; outputs [1,128,2]")
def b_wavenet(out):
    rng = np.random.default_rng(6)
    k_in = _var(rng, [1, 4, 16])
    gates = [(_var(rng, [2, 16, 32], 0.2), _var(rng, [1, 16, 16], 0.2)) for _ in range(3)]
    k_out = _var(rng, [3, 16, 2], 0.2)
    lay = ("NWC", "WIO", "NWC")

    def fn(audio):
        h = _conv(audio, k_in, [1], [[0, 0]], layout=lay)
        for d, (kg, kr) in zip((1, 2, 4), gates):
            hp = G.xla_pad(h, tf.constant(0.0), [0, d, 0], [0, 0, 0], [0, 0, 0])
            hp.set_shape([1, 64 + d, 16])
            z = _conv(hp, kg, [1], [[0, 0]], rhs_dil=[d], layout=lay)
            z = tf.tanh(z[..., :16]) * tf.sigmoid(z[..., 16:])
            h = h + _conv(z, kr, [1], [[0, 0]], layout=lay)
        up = G.xla_pad(h, tf.constant(0.0), [0, 1, 0], [0, 0, 0], [0, 1, 0])       # 64 -> 1 + (64 + 63) = 128
        up = G.xla_pad(up, tf.constant(0.0), [0, 1, 0], [0, -1, 0], [0, 0, 0])      # shift right by one, crop the end
        up.set_shape([1, 128, 16])
        return tf.identity(_conv(up, k_out, [1], [[1, 1]], layout=lay), name="output")
    _freeze(fn, [tensor_spec([1, 64, 4], name="audio")], out)


# ================================================================================ dynamic slices, sorting, reductions

@model("s42_j2t_kv_cache_dynamic_update_slice", "tf-module", "JAX decoder step with a KV cache as jax2tf lowers it: token float [1,1,32], position int32 [], cache_k / cache_v float [1,16,32]; q/k/v by XlaDotV2, cache writes by XlaDynamicUpdateSlice at (0, position, 0), scores XlaDotV2 with batch dims, causal mask from iota (Range) <= position via SelectV2, softmax written out, XlaDynamicSlice of the 4 most recent keys; outputs y [1,1,32], new caches, recent_keys [1,4,32]")
def b_kv_xla(out):
    rng = np.random.default_rng(8)
    wq, wk, wv, wo = (_var(rng, [32, 32]) for _ in range(4))

    @tf.function(input_signature=[tensor_spec([1, 1, 32], name="token"), tensor_spec([], "int32", "position"),
                                  tensor_spec([1, 16, 32], name="cache_k"), tensor_spec([1, 16, 32], name="cache_v")])
    def serve(token, position, cache_k, cache_v):
        q, k, v = _dense(token, wq), _dense(token, wk), _dense(token, wv)
        start = tf.stack([0, position, 0])
        ck = G.xla_dynamic_update_slice(cache_k, k, start)
        cv = G.xla_dynamic_update_slice(cache_v, v, start)
        s = _dot_general(q, ck, ([2], [2]), ([0], [0])) / np.float32(np.sqrt(32))
        mask = _bcast_in_dim(tf.range(16) <= position, [1, 1, 16], [2])
        p = _softmax(tf.where(mask, s, np.float32(-1e9)))
        y = _dense(_dot_general(p, cv, ([2], [1]), ([0], [0])), wo)
        recent = G.xla_dynamic_slice(ck, tf.stack([0, tf.maximum(position - 3, 0), 0]), tf.constant([1, 4, 32]))
        return {"y": y, "cache_k": ck, "cache_v": cv, "recent_keys": recent}
    _save(out, {"params": [wq, wk, wv, wo]}, serving_default=serve)


FEEDS["s42_j2t_kv_cache_dynamic_update_slice"] = {"position": 5}


@model("s42_twin_kv_cache_scatter_slice", "tf-module", "twin of s42_j2t_kv_cache_dynamic_update_slice with ordinary tf ops: token float [1,1,32], position int32 [], cache_k / cache_v [1,16,32]; tf.matmul projections, cache writes by tf.tensor_scatter_nd_update at [[0, position]], tf.einsum scores, tf.sequence_mask-style Range/Less mask, tf.nn.softmax, tf.slice of the 4 most recent keys; outputs y, new caches, recent_keys")
def b_kv_twin(out):
    rng = np.random.default_rng(8)
    wq, wk, wv, wo = (_var(rng, [32, 32]) for _ in range(4))

    @tf.function(input_signature=[tensor_spec([1, 1, 32], name="token"), tensor_spec([], "int32", "position"),
                                  tensor_spec([1, 16, 32], name="cache_k"), tensor_spec([1, 16, 32], name="cache_v")])
    def serve(token, position, cache_k, cache_v):
        q, k, v = tf.matmul(token, wq), tf.matmul(token, wk), tf.matmul(token, wv)
        idx = tf.stack([tf.constant([0]), position[None]], axis=1)
        ck = tf.tensor_scatter_nd_update(cache_k, idx, k[:, 0])
        cv = tf.tensor_scatter_nd_update(cache_v, idx, v[:, 0])
        s = tf.einsum("bqd,bkd->bqk", q, ck) / np.float32(np.sqrt(32))
        mask = tf.range(16) < position + 1
        p = tf.nn.softmax(tf.where(mask[None, None], s, -1e9))
        recent = tf.slice(ck, tf.stack([0, tf.maximum(position - 3, 0), 0]), [1, 4, 32])
        return {"y": tf.matmul(tf.einsum("bqk,bkd->bqd", p, cv), wo), "cache_k": ck, "cache_v": cv, "recent_keys": recent}
    _save(out, {"params": [wq, wk, wv, wo]}, serving_default=serve)


FEEDS["s42_twin_kv_cache_scatter_slice"] = {"position": 5}


@model("s42_j2t_lax_sort_xlasort_keyvalue_variadic", "tf-module", "lax.sort family as jax2tf lowers it: scores float [2,32], payload float [2,32]; XlaSort (ascending), XlaKeyValueSort of negated scores with iota (Range + broadcast_in_dim) indices for a descending argsort, XlaVariadicSort of (scores, payload) with a descending comparator function and is_stable; top-5 by Slice; outputs ascending [2,32], top_indices int32 [2,5], top_scores, top_payload")
def b_sort_xla(out):
    cmp = _scalar_fn(lambda a0, b0, a1, b1: tf.greater(a0, b0), tf.float32, tf.float32, tf.float32, tf.float32)

    @tf.function(input_signature=[tensor_spec([2, 32], name="scores"), tensor_spec([2, 32], name="payload")])
    def serve(scores, payload):
        asc = G.xla_sort(scores)
        iota = _bcast_in_dim(tf.range(32, dtype=tf.int32), [2, 32], [1])
        _, order = G.xla_key_value_sort(-scores, iota)
        s_sorted, p_sorted = G.xla_variadic_sort([scores, payload], 1, cmp, True)
        return {"ascending": asc, "top_indices": order[:, :5], "top_scores": s_sorted[:, :5], "top_payload": p_sorted[:, :5]}
    _save(out, {}, serving_default=serve)


@model("s42_twin_sort_argsort_topk_frozen", "frozen-pb", "twin of s42_j2t_lax_sort_xlasort_keyvalue_variadic with ordinary tf ops, frozen with convert_variables_to_constants_v2: scores float [2,32], payload [2,32]; tf.sort, tf.argsort(DESCENDING, stable), tf.math.top_k(5) (all three lowered to TopKV2, with Neg), tf.gather(batch_dims=1) of payload (GatherV2)")
def b_sort_twin(out):
    def fn(scores, payload):
        order = tf.argsort(scores, direction="DESCENDING", stable=True)
        top = tf.math.top_k(scores, k=5)
        return (tf.identity(tf.sort(scores), name="ascending"), tf.identity(order[:, :5], name="top_indices"),
                tf.identity(top.values, name="top_scores"),
                tf.identity(tf.gather(payload, top.indices, batch_dims=1), name="top_payload"))
    _freeze(fn, [tensor_spec([2, 32], name="scores"), tensor_spec([2, 32], name="payload")], out)


OUTPUTS["s42_twin_sort_argsort_topk_frozen"] = ["ascending", "top_indices", "top_scores", "top_payload"]


@model("s42_j2t_reduce_variadic_argmax_logsumexp", "tf-module", "lax.reduce / argmax as non-native jax2tf emits them: features float [2,16] -> XlaDotV2 logits [2,10]; XlaReduce(max) and XlaReduce(add) with scalar reducer functions for a logsumexp, XlaVariadicReduceV2 over (logits, iota) with a (value, index) reducer -> argmax int32; outputs logits, logsumexp [2], argmax [2]")
def b_reduce_xla(out):
    (w, b), = _params([16, 10], 10, name="head")
    f32, i32 = tf.float32, tf.int32
    mx, add = _scalar_fn(tf.maximum, f32, f32), _scalar_fn(tf.add, f32, f32)

    def argmax_reducer(av, ai, bv, bi):
        take_a = tf.logical_or(av > bv, tf.logical_and(tf.equal(av, bv), ai < bi))
        return tf.where(take_a, av, bv), tf.where(take_a, ai, bi)
    argmax_fn = _scalar_fn(argmax_reducer, f32, i32, f32, i32)

    @tf.function(input_signature=[tensor_spec([2, 16], name="features")])
    def serve(features):
        logits = _dense(features, w, b)
        m = G.xla_reduce(logits, tf.constant(-np.inf), [1], mx)
        m.set_shape([2])
        s = G.xla_reduce(tf.exp(logits - m[:, None]), tf.constant(0.0), [1], add)
        iota = _bcast_in_dim(tf.range(10, dtype=i32), [2, 10], [1])
        _, idx = G.xla_variadic_reduce_v2([logits, iota], [tf.constant(-np.inf), tf.constant(0)], [1], argmax_fn)
        return {"logits": logits, "logsumexp": tf.reshape(tf.math.log(s) + m, [2]), "argmax": tf.reshape(idx, [2])}
    _save(out, {"params": [w, b]}, serving_default=serve)


# ================================================================================ gathers and scatters

@model("s42_j2t_rotary_xlagather_attention", "tf-module", "decoder attention with rotary embeddings as jax2tf lowers it: token_ids int32 [1,16], positions int32 [1,16]; embedding lookup jnp.take as XlaGather, cos / sin tables gathered at positions with XlaGather, rotary on q / k (Split, Mul, ConcatV2), XlaDotV2 projections and batched XlaDotV2 scores, softmax written out; outputs hidden [1,16,32], attention [1,16,16]")
def b_rotary_xla(out):
    rng = np.random.default_rng(12)
    emb = _var(rng, [100, 32], 0.1, "embedding")
    wq, wk, wv = (_var(rng, [32, 32]) for _ in range(3))
    cos, sin = _rope_tables(64, 32)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids"), tensor_spec([1, 16], "int32", "positions")])
    def serve(token_ids, positions):
        x = _xla_take(emb, token_ids)
        c, s = _xla_take(tf.constant(cos), positions), _xla_take(tf.constant(sin), positions)
        q, k = _rotate(_dense(x, wq), c, s), _rotate(_dense(x, wk), c, s)
        p = _softmax(_dot_general(q, k, ([2], [2]), ([0], [0])) / np.float32(np.sqrt(32)))
        return {"hidden": _dot_general(p, _dense(x, wv), ([2], [1]), ([0], [0])), "attention": p}
    _save(out, {"params": [emb, wq, wk, wv]}, serving_default=serve)


FEEDS["s42_j2t_rotary_xlagather_attention"] = {"token_ids": (0, 100), "positions": (0, 64)}


@model("s42_j2t_xlascatter_add_set_max", "tf-module", "x.at[idx].add / .set / .max as jax2tf lowers them: values float [12,8], segment_ids int32 [12]; XlaScatter into zeros [4,8] with an add update computation (segment sum), with a replace computation (lambda a, b: b) and with a max computation over a -inf operand (empty segments zeroed by IsInf + SelectV2); counts by XlaScatter-add of ones; outputs sums, means, last_written, maxima [4,8]")
def b_scatter_xla(out):
    f32 = tf.float32
    add, mx = _scalar_fn(tf.add, f32, f32), _scalar_fn(tf.maximum, f32, f32)
    repl = _scalar_fn(lambda a, b: tf.identity(b), f32, f32)
    sdn = XD.ScatterDimensionNumbers(index_vector_dim=1)
    sdn.update_window_dims.append(1)
    sdn.inserted_window_dims.append(0)
    sdn.scatter_dims_to_operand_dims.append(0)
    dn = sdn.SerializeToString()

    @tf.function(input_signature=[tensor_spec([12, 8], name="values"), tensor_spec([12], "int32", "segment_ids")])
    def serve(values, segment_ids):
        idx = segment_ids[:, None]
        sums = G.xla_scatter(tf.zeros([4, 8]), idx, values, add, dn, False)
        counts = G.xla_scatter(tf.zeros([4, 8]), idx, tf.ones([12, 8]), add, dn, False)
        last = G.xla_scatter(tf.zeros([4, 8]), idx, values, repl, dn, False)
        maxima = G.xla_scatter(tf.fill([4, 8], -np.inf), idx, values, mx, dn, False)
        return {"sums": sums, "means": sums / tf.maximum(counts, 1.0), "last_written": last,
                "maxima": tf.where(tf.math.is_inf(maxima), 0.0, maxima)}
    _save(out, {}, serving_default=serve)


FEEDS["s42_j2t_xlascatter_add_set_max"] = {"segment_ids": (0, 4)}


@model("s42_twin_tensor_scatter_gather_nd_batch_dims", "tf-module", "gather / scatter-heavy twin with ordinary tf ops and a None batch: features float [None,16,8], indices int32 [None,4,1]; tf.gather_nd(batch_dims=1), tf.gather(batch_dims=1), tf.tensor_scatter_nd_update / tensor_scatter_nd_add / tensor_scatter_nd_max with [batch, index] pairs built from tf.range + tf.tile; outputs gathered [None,4,8], updated, accumulated, maxed [None,16,8]")
def b_scatter_twin(out):
    rng = np.random.default_rng(14)
    w = _var(rng, [8, 8])

    @tf.function(input_signature=[tensor_spec([None, 16, 8], name="features"), tensor_spec([None, 4, 1], "int32", "indices")])
    def serve(features, indices):
        g = tf.gather_nd(features, indices, batch_dims=1)
        g2 = tf.gather(features, indices[..., 0], batch_dims=1)
        upd = tf.matmul(g + g2, w)
        b = tf.shape(features)[0]
        bidx = tf.tile(tf.range(b)[:, None, None], [1, 4, 1])
        full = tf.reshape(tf.concat([bidx, indices], -1), [-1, 2])
        flat = tf.reshape(upd, [-1, 8])
        return {"gathered": g, "updated": tf.tensor_scatter_nd_update(features, full, flat),
                "accumulated": tf.tensor_scatter_nd_add(features, full, flat),
                "maxed": tf.tensor_scatter_nd_max(features, full, flat)}
    _save(out, {"params": [w]}, serving_default=serve)


FEEDS["s42_twin_tensor_scatter_gather_nd_batch_dims"] = {"indices": (0, 16)}


@model("s42_raw_einsum_odd_equations_frozen", "frozen-pb", "tf.raw_ops.Einsum with odd equations next to XlaEinsum, frozen with convert_variables_to_constants_v2: x float [2,6,8]; Einsum 'bij,bkj->bik' (gram), 'bii->b' (trace), 'ii->i' (diagonal of a weight), '...ij,jk->...ki' (ellipsis + transpose), 'i,j->ij' (outer product), 'bij,bij->' (full reduction), 'bqhd,bkhd->bhqk' (heads), and XlaEinsum 'bij,jk->bki'")
def b_einsum(out):
    rng = np.random.default_rng(16)
    w_sq, w2 = _var(rng, [8, 8]), _var(rng, [8, 4])
    E = tf.raw_ops.Einsum

    def fn(x):
        gram = E(inputs=[x, x], equation="bij,bkj->bik")
        trace = E(inputs=[gram], equation="bii->b")
        diag = E(inputs=[w_sq], equation="ii->i")
        proj = E(inputs=[x, w2], equation="...ij,jk->...ki")
        outer = E(inputs=[diag, trace], equation="i,j->ij")
        energy = E(inputs=[x, x], equation="bij,bij->")
        x4 = tf.reshape(x, [2, 6, 2, 4])
        heads = E(inputs=[x4, x4], equation="bqhd,bkhd->bhqk")
        xproj = G.xla_einsum(x, w2, "bij,jk->bki")
        return (tf.identity(trace, name="trace"), tf.identity(proj + xproj, name="projection"),
                tf.identity(outer * energy, name="outer"), tf.identity(heads, name="heads"))
    _freeze(fn, [tensor_spec([2, 6, 8], name="x")], out)


OUTPUTS["s42_raw_einsum_odd_equations_frozen"] = ["trace", "projection", "outer", "heads"]


@model("s42_j2t_select_and_scatter_unpool", "tf-module", "SegNet-style max unpooling as the VJP of jax max_pool lowers it: image float [1,16,16,4]; XlaReduceWindow(max) 2x2 stride 2, XlaConvV2 3x3 on the pooled map, XlaSelectAndScatter (select GreaterEqual, scatter add) routing the decoder values back to the argmax positions, XlaConvV2 3x3 -> 2 channels; outputs pooled [1,8,8,4], unpooled [1,16,16,4], segmentation [1,16,16,2]")
def b_select_scatter(out):
    rng = np.random.default_rng(17)
    k1, k2 = _var(rng, [3, 3, 4, 4]), _var(rng, [3, 3, 4, 2])
    f32 = tf.float32
    ge, add = _scalar_fn(tf.greater_equal, f32, f32), _scalar_fn(tf.add, f32, f32)

    @tf.function(input_signature=[tensor_spec([1, 16, 16, 4], name="image")])
    def serve(image):
        pooled = _max_pool(image, 2, 2)
        dec = tf.nn.relu(_conv(pooled, k1, [1, 1], "SAME"))
        unpooled = G.xla_select_and_scatter(image, [1, 2, 2, 1], [1, 2, 2, 1], [[0, 0]] * 4, dec, tf.constant(0.0), ge, add)
        unpooled.set_shape([1, 16, 16, 4])
        return {"pooled": pooled, "unpooled": unpooled, "segmentation": _conv(unpooled, k2, [1, 1], "SAME")}
    _save(out, {"params": [k1, k2]}, serving_default=serve)


# ================================================================================ remat, RNG, sharding, bit tricks

@model("s42_j2t_remat_optimization_barrier_jit", "tf-module", "jax.checkpoint (remat) residual MLP as jax2tf lowers it, served by tf.function(jit_compile=True): x float [2,64]; per block XlaOptimizationBarrier on the block input and weights, layernorm written out, XlaDotV2 64->256, gelu tanh written out, XlaDotV2 256->64, residual add; 3 blocks; outputs y [2,64]")
def b_remat(out):
    blocks = [_params([64, 256, 64], 20 + i, name=f"block{i}") for i in range(3)]
    scales = [(tf.Variable(np.ones(64, "float32")), tf.Variable(np.zeros(64, "float32"))) for _ in range(3)]

    @tf.function(jit_compile=True, input_signature=[tensor_spec([2, 64], name="x")])
    def serve(x):
        for (l1, l2), (g, b) in zip(blocks, scales):
            xb, w1, w2 = G.xla_optimization_barrier([x, tf.convert_to_tensor(l1[0]), tf.convert_to_tensor(l2[0])])
            h = _gelu_tanh(_dense(_layernorm(xb, g, b), w1, l1[1]))
            x = x + _dense(h, w2, l2[1])
        return {"y": x}
    _save(out, {"params": [blocks, scales]}, serving_default=serve)


@model("s42_j2t_rng_bit_generator_dropout_gumbel", "tf-module", "jax.random on the rbg PRNG as jax2tf lowers it: x float [2,16], key uint32 [4]; Bitcast of the key to uint64[2], XlaRngBitGenerator (THREE_FRY) -> uint32 bits [2,16], bits to uniform floats by RightShift 9 | 0x3F800000, Bitcast to float32, minus 1; dropout mask (rate 0.1) by SelectV2, XlaDotV2 logits, Gumbel-max sample (-log(-log u)) ArgMax; outputs logits [2,4], sample int32 [2], new_key uint32 [4]")
def b_rng(out):
    (w, b), = _params([16, 4], 22, name="head")

    @tf.function(input_signature=[tensor_spec([2, 16], name="x"), tensor_spec([4], "uint32", "key")])
    def serve(x, key):
        state = tf.bitcast(tf.reshape(key, [2, 2]), tf.uint64)
        new_state, bits = G.xla_rng_bit_generator(1, state, tf.constant([2, 16]), dtype=tf.uint32)
        fbits = tf.bitwise.bitwise_or(tf.bitwise.right_shift(bits, tf.constant(9, tf.uint32)), tf.constant(0x3F800000, tf.uint32))
        u = tf.bitcast(fbits, tf.float32) - 1.0
        h = tf.where(u >= 0.1, x / 0.9, 0.0)
        logits = _dense(h, w, b)
        g = -tf.math.log(-tf.math.log(tf.clip_by_value(u[:, :4], 1e-6, 1.0 - 1e-6)))
        return {"logits": logits, "sample": tf.argmax(logits + g, axis=-1, output_type=tf.int32),
                "new_key": tf.reshape(tf.bitcast(new_state, tf.uint32), [4])}
    _save(out, {"params": [w, b]}, serving_default=serve)


FEEDS["s42_j2t_rng_bit_generator_dropout_gumbel"] = {"key": [0, 42, 1, 7]}


@model("s42_meshtf_xla_sharding_ffn_einsum", "tf-module", "Mesh-TensorFlow style layer (named-dim einsums with sharding annotations, no jit): x float [2,8,32]; XlaSharding REPLICATED on activations, OTHER (tiled [1,2] on devices 0,1) on the d_ff-split weights and [1,1,2] on the hidden, MAXIMAL device 0 on the logits; Einsum 'bld,df->blf', Relu, Einsum 'blf,fd->bld', residual, layernorm written out, Einsum 'bld,dv->blv'; outputs logits [2,8,16]")
def b_meshtf(out):
    rng = np.random.default_rng(24)
    wi, wo, wv = _var(rng, [32, 128], name="wi"), _var(rng, [128, 32], name="wo"), _var(rng, [32, 16], name="vocab")
    g, b = tf.Variable(np.ones(32, "float32")), tf.Variable(np.zeros(32, "float32"))
    rep, dev0 = _sharding("REPLICATED"), _sharding("MAXIMAL", [1], [0])

    @tf.function(input_signature=[tensor_spec([2, 8, 32], name="x")])
    def serve(x):
        x = G.xla_sharding(x, sharding=rep)
        w_in = G.xla_sharding(tf.convert_to_tensor(wi), sharding=_sharding("OTHER", [1, 2], [0, 1]))
        w_out = G.xla_sharding(tf.convert_to_tensor(wo), sharding=_sharding("OTHER", [2, 1], [0, 1]))
        h = G.xla_sharding(tf.nn.relu(tf.einsum("bld,df->blf", x, w_in)), sharding=_sharding("OTHER", [1, 1, 2], [0, 1]))
        y = G.xla_sharding(x + tf.einsum("blf,fd->bld", h, w_out), sharding=rep)
        logits = tf.einsum("bld,dv->blv", _layernorm(y, g, b), wv)
        return {"logits": G.xla_sharding(logits, sharding=dev0)}
    _save(out, {"params": [wi, wo, wv, g, b]}, serving_default=serve)


@model("s42_gspmd_manual_shard_region_jit", "tf-module", "shard_map-like manual region as jax2tf emits it, served by tf.function(jit_compile=True) (XlaSpmdFullToShardShape / ShardToFullShape have no CPU kernel outside XLA): x float [2,16]; XlaSharding REPLICATED, XlaSpmdFullToShardShape (manual sharding REPLICATED), XlaDotV2 + Tanh inside the region, XlaSpmdShardToFullShape back to [2,16], XlaDotV2 head; outputs y [2,4]")
def b_spmd(out):
    rng = np.random.default_rng(25)
    w, head = _var(rng, [16, 16]), _var(rng, [16, 4])
    rep = _sharding("REPLICATED")

    @tf.function(jit_compile=True, input_signature=[tensor_spec([2, 16], name="x")])
    def serve(x):
        s = G.xla_spmd_full_to_shard_shape(G.xla_sharding(x, sharding=rep), manual_sharding=rep)
        s = tf.tanh(_dense(s, w))
        full = G.xla_spmd_shard_to_full_shape(s, manual_sharding=rep, full_shape=[2, 16])
        return {"y": _dense(full, head)}
    _save(out, {"params": [w, head]}, serving_default=serve)


@model("s42_j2t_bitcast_iota_broadcast_select_frozen", "frozen-pb", "jax2tf lowering idioms in one graph, frozen with convert_variables_to_constants_v2: x float [1,16,8]; lax.bitcast_convert_type as Bitcast float32<->int32 (fast inverse sqrt 0x5f3759df - (i >> 1) with a Newton step; abs by BitwiseAnd 0x7fffffff), iota as Range, broadcast_in_dim as Reshape + BroadcastTo for sinusoidal positions, lax.select as SelectV2, lax.clamp as tf.clip_by_value (Minimum / Maximum), lax.rem as TruncateMod; outputs rsqrt_approx, features [1,16,8]")
def b_bitcast(out):
    def fn(x):
        a = tf.abs(x) + 1.0
        i = tf.constant(0x5F3759DF, tf.int32) - tf.bitwise.right_shift(tf.bitcast(a, tf.int32), tf.constant(1, tf.int32))
        y = tf.bitcast(i, tf.float32)
        y = y * (1.5 - 0.5 * a * y * y)
        absx = tf.bitcast(tf.bitwise.bitwise_and(tf.bitcast(x - 0.5, tf.int32), tf.constant(0x7FFFFFFF, tf.int32)), tf.float32)
        pos = _bcast_in_dim(tf.range(16, dtype=tf.float32), [1, 16, 4], [1])
        freq = _bcast_in_dim(tf.exp(-tf.range(4, dtype=tf.float32) * np.float32(np.log(100.0) / 4)), [1, 16, 4], [2])
        pe = tf.concat([tf.sin(pos * freq), tf.cos(pos * freq)], axis=-1)
        sel = tf.where(x > 0.5, y, pe)
        feats = tf.clip_by_value(sel + tf.truncatemod(x * 10.0, 3.0) * absx, -1.0, 1.0)
        return tf.identity(y, name="rsqrt_approx"), tf.identity(feats, name="features")
    _freeze(fn, [tensor_spec([1, 16, 8], name="x")], out)


OUTPUTS["s42_j2t_bitcast_iota_broadcast_select_frozen"] = ["rsqrt_approx", "features"]


# ================================================================================ bfloat16 compute

@model("s42_j2t_bf16_xladot_preferred_f32", "tf-module", "Flax MLP with dtype=bfloat16, param_dtype=float32 as jax2tf lowers it: x float32 [None,64] Cast to bfloat16, float32 kernels Cast to bfloat16, XlaDotV2 bf16 x bf16 with preferred_element_type float32, float32 bias broadcast_in_dim add, gelu tanh written out, Cast back to bfloat16 between layers; float32 logits [None,10] and written-out softmax probs")
def b_bf16_xla(out):
    params = _params([64, 128, 128, 10], 30, name="Dense")

    @tf.function(input_signature=[tensor_spec([None, 64], name="x")])
    def serve(x):
        h = tf.cast(x, tf.bfloat16)
        for i, (w, b) in enumerate(params):
            y = _dense(h, tf.cast(w, tf.bfloat16), b, preferred=tf.float32)
            h = tf.cast(_gelu_tanh(y), tf.bfloat16) if i < len(params) - 1 else y
        return {"logits": h, "probs": _softmax(h)}
    _save(out, {"params": params}, serving_default=serve)


@model("s42_keras3_mixed_bfloat16_mlp_export", "keras-export", "twin of s42_j2t_bf16_xladot_preferred_f32 in Keras 3: x float32 [None,64]; Dense(128, gelu) x2 (Keras exact gelu: Erfc) with dtype policy mixed_bfloat16 (float32 variables, bfloat16 compute via Cast), Dense(10) float32, Softmax; Keras 3 model.export; outputs probs [None,10]")
def b_bf16_keras(out):
    inp = keras.Input((64,), name="x")
    h = L.Dense(128, activation="gelu", dtype="mixed_bfloat16")(inp)
    h = L.Dense(128, activation="gelu", dtype="mixed_bfloat16")(h)
    probs = L.Softmax(dtype="float32")(L.Dense(10, dtype="float32")(h))
    _export(keras.Model(inp, probs), out)


# ================================================================================ loops: scan / while

@model("s42_j2t_lax_scan_while_dynamic_slice", "tf-module", "lax.scan (Elman RNN) as jax2tf lowers it: x float [2,12,8] transposed time-major, tf.while_loop (While) over 12 steps reading xs[t] with XlaDynamicSlice and writing ys[t] with XlaDynamicUpdateSlice into a zeros carry, XlaDotV2 input / recurrent projections + Tanh; outputs outputs [2,12,16], final_state [2,16]")
def b_scan(out):
    rng = np.random.default_rng(32)
    wx, wh, b = _var(rng, [8, 16]), _var(rng, [16, 16], 0.2), tf.Variable(np.zeros(16, "float32"))

    @tf.function(input_signature=[tensor_spec([2, 12, 8], name="x")])
    def serve(x):
        xs = tf.transpose(x, [1, 0, 2])

        def body(i, h, ys):
            x_t = tf.reshape(G.xla_dynamic_slice(xs, tf.stack([i, 0, 0]), tf.constant([1, 2, 8])), [2, 8])
            h = tf.tanh(_dense(x_t, wx, b) + _dense(h, wh))
            return i + 1, h, G.xla_dynamic_update_slice(ys, h[None], tf.stack([i, 0, 0]))
        _, h, ys = tf.while_loop(lambda i, h, ys: i < 12, body, (tf.constant(0), tf.zeros([2, 16]), tf.zeros([12, 2, 16])))
        return {"outputs": tf.transpose(ys, [1, 0, 2]), "final_state": h}
    _save(out, {"params": [wx, wh, b]}, serving_default=serve)


@model("s42_twin_scan_unrolled_gru_frozen", "frozen-pb", "lax.scan unrolled (unroll=12) into straight-line ordinary tf ops, a GRU cell, frozen with convert_variables_to_constants_v2: x float [2,12,8]; per step StridedSlice, MatMul gates, Sigmoid / Tanh, update mix; Pack of the 12 outputs -> outputs [2,12,16], final_state [2,16]")
def b_scan_unrolled(out):
    rng = np.random.default_rng(33)
    wx, wh = _var(rng, [8, 48]), _var(rng, [16, 48], 0.2)
    b = tf.Variable(np.zeros(48, "float32"))

    def fn(x):
        h, ys = tf.zeros([2, 16]), []
        for t in range(12):
            gx, gh = tf.matmul(x[:, t], wx) + b, tf.matmul(h, wh)
            z = tf.sigmoid(gx[:, :16] + gh[:, :16])
            r = tf.sigmoid(gx[:, 16:32] + gh[:, 16:32])
            n = tf.tanh(gx[:, 32:] + r * gh[:, 32:])
            h = (1.0 - z) * n + z * h
            ys.append(h)
        return tf.identity(tf.stack(ys, axis=1), name="outputs"), tf.identity(h, name="final_state")
    _freeze(fn, [tensor_spec([2, 12, 8], name="x")], out)


OUTPUTS["s42_twin_scan_unrolled_gru_frozen"] = ["outputs", "final_state"]


@model("s42_tfxla_while_spectral_norm_power_iter", "tf-module", "Flax SpectralNorm-style power iteration with the tf2xla XlaWhile op (cond / body as functions, 5 iterations), the weight passed as a loop variable: x float [None,16]; body MatVec + l2 normalize (Rsqrt); sigma = u^T W v, weight / sigma, MatMul; outputs y [None,32], sigma []")
def b_xla_while(out):
    rng = np.random.default_rng(34)
    w = _var(rng, [16, 32], 0.5, "kernel")
    u0 = tf.Variable(rng.normal(0, 1, 32).astype("float32"), name="u")
    specs = [tf.TensorSpec([], tf.int32), tf.TensorSpec([32]), tf.TensorSpec([16]), tf.TensorSpec([16, 32])]

    def l2n(v):
        return v * tf.math.rsqrt(tf.reduce_sum(v * v) + 1e-12)

    def body(i, u, v, wk):
        v = l2n(tf.linalg.matvec(wk, u))
        return i + 1, l2n(tf.linalg.matvec(wk, v, transpose_a=True)), v, wk
    cond_fn = tf.function(lambda i, u, v, wk: i < 5).get_concrete_function(*specs)
    body_fn = tf.function(body).get_concrete_function(*specs)

    @tf.function(input_signature=[tensor_spec([None, 16], name="x")])
    def serve(x):
        wk = tf.convert_to_tensor(w)
        _, u, v, _ = G.xla_while([tf.constant(0), tf.convert_to_tensor(u0), tf.zeros([16]), wk], cond_fn, body_fn)
        sigma = tf.reduce_sum(v * tf.linalg.matvec(wk, u))
        return {"y": tf.matmul(x, wk / sigma), "sigma": sigma}
    _save(out, {"params": [w, u0]}, serving_default=serve)


# ================================================================================ transformer blocks

def _block_params(seed, d=64, h=4, dh=16, ff=256):
    rng = np.random.default_rng(seed)
    return {"ln1_g": tf.Variable(np.ones(d, "float32")), "ln1_b": tf.Variable(np.zeros(d, "float32")),
            "wq": _var(rng, [d, h, dh]), "wk": _var(rng, [d, h, dh]), "wv": _var(rng, [d, h, dh]),
            "wo": _var(rng, [h, dh, d], 1.0 / np.sqrt(h * dh)),
            "ln2_g": tf.Variable(np.ones(d, "float32")), "ln2_b": tf.Variable(np.zeros(d, "float32")),
            "w1": _var(rng, [d, ff]), "b1": tf.Variable(np.zeros(ff, "float32")),
            "w2": _var(rng, [ff, d]), "b2": tf.Variable(np.zeros(d, "float32"))}


@model("s42_j2t_flax_transformer_block_jit", "tf-module", "Flax pre-LN causal transformer block as jax2tf lowers it, served by tf.function(jit_compile=True): x float [1,16,64]; layernorm written out, nn.DenseGeneral q/k/v [64,4,16] as XlaDotV2, rotary cos / sin gathered with XlaGather at iota positions, scores XlaDotV2 with batch dims (0,2), causal mask from iota GreaterEqual + SelectV2, softmax written out, XlaDotV2 values and output projection contracting (heads, dim), MLP XlaDotV2 + gelu tanh written out; outputs y [1,16,64], pooled [1,64]")
def b_block_xla(out):
    p = _block_params(40)
    cos, sin = _rope_tables(64, 16)

    @tf.function(jit_compile=True, input_signature=[tensor_spec([1, 16, 64], name="x")])
    def serve(x):
        pos = tf.range(16, dtype=tf.int32)
        c = _bcast_in_dim(_xla_take(tf.constant(cos), pos), [1, 16, 4, 8], [1, 3])
        s = _bcast_in_dim(_xla_take(tf.constant(sin), pos), [1, 16, 4, 8], [1, 3])
        xn = _layernorm(x, p["ln1_g"], p["ln1_b"])
        q, k = (_rotate(_dot_general(xn, p[n], ([2], [0])), c, s) for n in ("wq", "wk"))
        v = _dot_general(xn, p["wv"], ([2], [0]))                                       # [B,T,H,D]
        scores = _dot_general(q, k, ([3], [3]), ([0, 2], [0, 2])) / np.float32(4.0)    # [B,H,T,T]
        causal = _bcast_in_dim(pos[:, None] >= pos[None, :], [1, 4, 16, 16], [2, 3])
        att = _softmax(tf.where(causal, scores, np.float32(-1e10)))
        o = _dot_general(att, v, ([3], [1]), ([0, 1], [0, 2]))                          # [B,H,T,D]
        x = x + _dot_general(o, p["wo"], ([1, 3], [0, 1]))                               # [B,T,64]
        h = _gelu_tanh(_dense(_layernorm(x, p["ln2_g"], p["ln2_b"]), p["w1"], p["b1"]))
        y = x + _dense(h, p["w2"], p["b2"])
        return {"y": y, "pooled": tf.reduce_mean(y, axis=1)}
    _save(out, {"params": p}, serving_default=serve)


@model("s42_twin_transformer_block_einsum", "tf-module", "twin of s42_j2t_flax_transformer_block_jit with ordinary tf ops, None batch, no jit: x float [None,16,64]; layernorm written out, tf.einsum q/k/v 'btd,dhk->bthk', rotary tables by tf.gather, scores tf.einsum 'bqhd,bkhd->bhqk', causal mask from tf.linalg.band_part, tf.nn.softmax, tf.einsum output projection 'bhqd,hdm->bqm', MatMul MLP with tf.nn.gelu(approximate=True); outputs y [None,16,64], pooled [None,64]")
def b_block_twin(out):
    p = _block_params(40)
    cos, sin = _rope_tables(64, 16)

    @tf.function(input_signature=[tensor_spec([None, 16, 64], name="x")])
    def serve(x):
        pos = tf.range(16)
        c, s = tf.gather(cos, pos)[None, :, None, :], tf.gather(sin, pos)[None, :, None, :]
        xn = _layernorm(x, p["ln1_g"], p["ln1_b"])
        q, k = (_rotate(tf.einsum("btd,dhk->bthk", xn, p[n]), c, s) for n in ("wq", "wk"))
        v = tf.einsum("btd,dhk->bthk", xn, p["wv"])
        scores = tf.einsum("bqhd,bkhd->bhqk", q, k) / 4.0
        causal = tf.linalg.band_part(tf.ones([16, 16]), -1, 0) > 0
        att = tf.nn.softmax(tf.where(causal, scores, -1e10))
        x = x + tf.einsum("bhqd,hdm->bqm", tf.einsum("bhqk,bkhd->bhqd", att, v), p["wo"])
        h = tf.nn.gelu(tf.matmul(_layernorm(x, p["ln2_g"], p["ln2_b"]), p["w1"]) + p["b1"], approximate=True)
        y = x + tf.matmul(h, p["w2"]) + p["b2"]
        return {"y": y, "pooled": tf.reduce_mean(y, axis=1)}
    _save(out, {"params": p}, serving_default=serve)


# ================================================================================ Haiku / Flax CNN pieces

@model("s42_haiku_resnet_v2_xlaconv_bn_written_frozen", "frozen-pb", "Haiku ResNetV2-style stem + block as jax2tf lowers it, frozen with convert_variables_to_constants_v2: image float [1,32,32,3]; XlaConvV2 3x3 stride 2 with jax SAME pads ((0,1),(0,1)), inference batchnorm written out ((x - mean) * rsqrt(var + eps) * scale + offset), XlaReduceWindow max 3x3 stride 2 padded with -inf init, pre-activation block (bn, relu, XlaConvV2 x2, identity shortcut), Mean over H,W, XlaDotV2 logits [1,10]")
def b_haiku_resnet(out):
    rng = np.random.default_rng(42)
    k0, k1, k2 = _var(rng, [3, 3, 3, 16]), _var(rng, [3, 3, 16, 16]), _var(rng, [3, 3, 16, 16])
    bns = [{n: tf.Variable((rng.random(16) * 0.5 + (0.75 if n in ("var", "scale") else -0.25)).astype("float32"))
            for n in ("mean", "var", "scale", "offset")} for _ in range(3)]
    (wl, bl), = _params([16, 10], 43, name="logits")

    def bn(x, s):
        return (x - s["mean"]) * tf.math.rsqrt(s["var"] + 1e-5) * s["scale"] + s["offset"]

    def fn(image):
        h = _conv(image, k0, [2, 2], "SAME")                               # [1,16,16,16]
        h = tf.nn.relu(bn(h, bns[0]))
        h = _max_pool(h, 3, 2, _same_pads([16, 16], [3, 3], [2, 2]))         # [1,8,8,16]
        r = _conv(tf.nn.relu(bn(h, bns[1])), k1, [1, 1], "SAME")
        h = h + _conv(tf.nn.relu(bn(r, bns[2])), k2, [1, 1], "SAME")
        return tf.identity(_dense(tf.reduce_mean(h, axis=[1, 2]), wl, bl), name="logits")
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["s42_haiku_resnet_v2_xlaconv_bn_written_frozen"] = ["logits"]


@model("s42_j2t_avg_pool_count_exclude_pad_dilated", "tf-module", "flax avg_pool(count_include_pad=False) and a dilated window as jax2tf lowers them: x float [1,15,15,8]; XlaReduceWindow(add) 3x3 stride 2 SAME-padded over x and over ones (window counts), Div; XlaReduceWindow(max) with window_dilations 2; 1x1 XlaConvV2 with preferred_element_type float32; outputs avg [1,8,8,8], dilated_max [1,11,11,8], mixed [1,8,8,4]")
def b_avgpool(out):
    rng = np.random.default_rng(44)
    k = _var(rng, [1, 1, 8, 4])

    @tf.function(input_signature=[tensor_spec([1, 15, 15, 8], name="x")])
    def serve(x):
        pads = _same_pads([15, 15], [3, 3], [2, 2])
        avg = _sum_pool(x, 3, 2, pads) / _sum_pool(tf.ones_like(x), 3, 2, pads)
        mx = _scalar_fn(tf.maximum, tf.float32, tf.float32)
        dil = _reduce_window(x, -np.inf, mx, [1, 3, 3, 1], [1, 1, 1, 1], window_dil=[1, 2, 2, 1])
        return {"avg": avg, "dilated_max": dil, "mixed": _conv(avg, k, [1, 1], [[0, 0], [0, 0]], preferred=tf.float32)}
    _save(out, {"params": [k]}, serving_default=serve)


@model("s42_j2t_dynamic_slice_roi_crops", "tf-module", "fixed-size ROI crops as hand-written JAX code does them, lowered by jax2tf: features float [1,64,64,8], box_offsets int32 [4,2]; four XlaDynamicSlice 16x16 crops at (0, y, x, 0) (XLA clamps the starts), ConcatV2, XlaConvV2 3x3 stride 2, XlaReduceWindow(add) global pool / 64, XlaDotV2 head; outputs crops [4,16,16,8], scores [4,3]")
def b_roi(out):
    rng = np.random.default_rng(45)
    k = _var(rng, [3, 3, 8, 16])
    (w, b), = _params([16, 3], 46, name="head")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 8], name="features"), tensor_spec([4, 2], "int32", "box_offsets")])
    def serve(features, box_offsets):
        crops = tf.concat([G.xla_dynamic_slice(features, tf.stack([0, box_offsets[i, 0], box_offsets[i, 1], 0]),
                                               tf.constant([1, 16, 16, 8])) for i in range(4)], axis=0)
        crops.set_shape([4, 16, 16, 8])
        h = tf.nn.relu(_conv(crops, k, [2, 2], "SAME"))                    # [4,8,8,16]
        pooled = tf.reshape(_sum_pool(h, 8, 8), [4, 16]) / 64.0
        return {"crops": crops, "scores": _dense(pooled, w, b)}
    _save(out, {"params": [k, w, b]}, serving_default=serve)


FEEDS["s42_j2t_dynamic_slice_roi_crops"] = {"box_offsets": (0, 56)}


# ================================================================================ Keras 3 mixed with XLA ops

@model("s42_keras3_conv_with_xlaconv_layers_export", "keras-export", "Keras 3 functional CNN mixing Keras layers with custom layers that call XLA ops: image float [1,32,32,3] (fixed batch, explicit export signature); Conv2D 16 relu, custom LaxConv (add_weight kernel, XlaConvV2 3x3 stride 2 with jax SAME pads), BatchNormalization, ReLU, custom LaxMaxPool (XlaReduceWindow max 2x2), GlobalAveragePooling2D, Dense(10); Keras 3 model.export")
def b_keras_xlaconv(out):
    class LaxConv(L.Layer):
        def __init__(self, filters, stride, **kw):
            super().__init__(**kw)
            self.filters, self.stride = filters, stride

        def build(self, shape):
            self.kernel = self.add_weight(shape=(3, 3, shape[-1], self.filters), initializer="lecun_normal", name="kernel")

        def call(self, x):
            return _conv(x, self.kernel, [self.stride] * 2, "SAME")

    class LaxMaxPool(L.Layer):
        def call(self, x):
            return _max_pool(x, 2, 2)
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.Conv2D(16, 3, padding="same", activation="relu")(inp)
    x = LaxMaxPool()(L.ReLU()(L.BatchNormalization()(LaxConv(32, 2)(x))))
    _export(keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling2D()(x))), out, sig=[tensor_spec([1, 32, 32, 3], name="image")])


@model("s42_keras3_densegeneral_xladot_einsum_export", "keras-export", "Keras 3 model with Flax-style custom layers: x float [None,8,4,16]; custom DenseGeneral (add_weight kernel [4,16,64], XlaDotV2 contracting the last two dims), LayerNormalization, custom XlaEinsum layer 'btd,de->bte' (add_weight [64,32]), Dense(5, softmax) per position; Keras 3 model.export, None batch")
def b_keras_densegeneral(out):
    class DenseGeneral(L.Layer):
        def build(self, shape):
            self.kernel = self.add_weight(shape=(shape[-2], shape[-1], 64), initializer="lecun_normal", name="kernel")
            self.bias = self.add_weight(shape=(64,), initializer="zeros", name="bias")

        def call(self, x):
            y = _dot_general(x, self.kernel, ([2, 3], [0, 1])) + self.bias
            y.set_shape([None, 8, 64])
            return y

    class XlaEinsumDense(L.Layer):
        def build(self, shape):
            self.kernel = self.add_weight(shape=(shape[-1], 32), initializer="lecun_normal", name="kernel")

        def call(self, x):
            y = G.xla_einsum(x, tf.convert_to_tensor(self.kernel), "btd,de->bte")
            y.set_shape([None, 8, 32])
            return tf.nn.relu(y)
    inp = keras.Input((8, 4, 16), name="x")
    h = XlaEinsumDense()(L.LayerNormalization()(DenseGeneral()(inp)))
    _export(keras.Model(inp, L.Dense(5, activation="softmax")(h)), out)


@model("s42_keras3_embedding_rope_xlagather_mha_export", "keras-export", "Keras 3 text model mixing layers with an XLA-op rotary layer: ids int32 [None,16]; Embedding(200, 32), custom RotaryXlaGather layer (cos / sin tables gathered with XlaGather at Range positions, rotate halves), MultiHeadAttention(4 heads, key_dim 8) self-attention, Add, LayerNormalization, GlobalAveragePooling1D, Dense(3); Keras 3 model.export")
def b_keras_rope(out):
    cos, sin = _rope_tables(64, 32)

    class RotaryXlaGather(L.Layer):
        def call(self, x):
            pos = tf.range(16, dtype=tf.int32)
            c, s = _xla_take(tf.constant(cos), pos)[None], _xla_take(tf.constant(sin), pos)[None]
            return _rotate(x, c, s)
    ids = keras.Input((16,), dtype="int32", name="ids")
    h = RotaryXlaGather()(L.Embedding(200, 32)(ids))
    h = L.LayerNormalization()(L.Add()([h, L.MultiHeadAttention(4, 8)(h, h)]))
    _export(keras.Model(ids, L.Dense(3)(L.GlobalAveragePooling1D()(h))), out)


FEEDS["s42_keras3_embedding_rope_xlagather_mha_export"] = {"ids": (0, 200)}


@model("s42_keras3_cnn_served_jit_keyvalue_sort", "tf-module", "Keras 3 functional CNN (Conv2D, DepthwiseConv2D, LayerNormalization, GlobalAveragePooling2D, Dense(20)) served from a tf.Module by tf.function(jit_compile=True) with XLA-op postprocessing: image float [1,32,32,3]; softmax, XlaKeyValueSort of negated probs with iota class ids, Slice top-3; outputs probs [1,20], top_classes int32 [1,3], top_probs [1,3]")
def b_keras_jit(out):
    inp = keras.Input((32, 32, 3))
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    x = L.DepthwiseConv2D(3, padding="same", activation="relu")(x)
    x = L.LayerNormalization()(L.Conv2D(32, 1, activation="relu")(x))
    net = keras.Model(inp, L.Dense(20)(L.GlobalAveragePooling2D()(x)))

    @tf.function(jit_compile=True, input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        probs = tf.nn.softmax(net(image, training=False))
        neg, ids = G.xla_key_value_sort(-probs, _bcast_in_dim(tf.range(20, dtype=tf.int32), [1, 20], [1]))
        return {"probs": probs, "top_classes": ids[:, :3], "top_probs": -neg[:, :3]}
    _save(out, {"model": net}, serving_default=serve)


# ================================================================================ TF-Agents / Sonnet style modules

@model("s42_tfagents_qnetwork_epsilon_greedy_policy", "tf-module", "TF-Agents PolicySaver-style DQN policy written with raw variables: signature action(step_type int32 [None], reward [None], discount [None], observation float [None,8]) -> QNetwork EncodingNetwork MatMul 64 / 64 relu -> q_values [None,4], greedy ArgMax, epsilon-greedy (0.1) with stateful RandomUniform / RandomUniformInt and SelectV2; signature get_train_step() -> int64 train_step variable")
def b_dqn(out):
    enc = _params([8, 64, 64, 4], 50, name="QNetwork")
    train_step = tf.Variable(np.int64(1234), name="train_step")

    @tf.function(input_signature=[tensor_spec([None], "int32", "step_type"), tensor_spec([None], name="reward"),
                                  tensor_spec([None], name="discount"), tensor_spec([None, 8], name="observation")])
    def action(step_type, reward, discount, observation):
        q = _mlp_relu(enc, observation)
        greedy = tf.argmax(q, axis=-1, output_type=tf.int32)
        n = tf.shape(observation)[0]
        explore = tf.random.uniform([n], seed=1) < 0.1
        rand = tf.random.uniform([n], 0, 4, dtype=tf.int32, seed=2)
        return {"action": tf.where(explore, rand, greedy), "q_values": q}

    @tf.function(input_signature=[])
    def get_train_step():
        return {"train_step": tf.identity(train_step)}
    _save(out, {"params": enc, "train_step": train_step}, action=action, get_train_step=get_train_step)


def _mlp_relu(params, x, out_act=None):
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = tf.nn.relu(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


@model("s42_tfagents_actor_tanh_normal_projection", "tf-module", "TF-Agents SAC actor policy (ActorDistributionNetwork + TanhNormalProjectionNetwork) with raw variables: signature action(observation float [None,17], seed int32 [2]) -> MatMul 64 / 64 relu, mean and softplus std, tf.random.stateless_normal sample, Tanh squash, scale to action bounds [-2,2]; signature distribution(observation) -> loc, scale, deterministic action")
def b_sac(out):
    net = _params([17, 64, 64, 12], 51, name="ActorNetwork")
    low, high = -2.0, 2.0

    def head(obs):
        o = _mlp_relu(net, obs)
        loc, s = tf.split(o, 2, axis=-1)
        return loc, tf.nn.softplus(s) + 1e-3

    @tf.function(input_signature=[tensor_spec([None, 17], name="observation"), tensor_spec([2], "int32", "seed")])
    def action(observation, seed):
        loc, scale = head(observation)
        z = loc + scale * tf.random.stateless_normal(tf.shape(loc), seed)
        return {"action": low + (tf.tanh(z) + 1.0) * 0.5 * (high - low)}

    @tf.function(input_signature=[tensor_spec([None, 17], name="observation")])
    def distribution(observation):
        loc, scale = head(observation)
        return {"loc": loc, "scale": scale, "deterministic_action": low + (tf.tanh(loc) + 1.0) * 0.5 * (high - low)}
    _save(out, {"params": net}, action=action, distribution=distribution)


FEEDS["s42_tfagents_actor_tanh_normal_projection"] = {"seed": [7, 11]}


@model("s42_sonnet_mlp_batchnorm_modules", "tf-module", "Sonnet 2 style tf.Module classes: Linear modules creating w / b tf.Variables lazily on first call (snt.once-like), BatchNorm module with moving_mean / moving_variance variables used at inference (is_training=False, test_local_stats=False), MLP(activate_final=False) of Linear 64 -> BatchNorm -> relu -> Linear 64 -> relu -> Linear 5; saved with tf.saved_model.save and an @tf.function inference signature: x float [None,20] -> logits [None,5]")
def b_sonnet_mlp(out):
    rng = np.random.default_rng(52)

    class Linear(tf.Module):
        def __init__(self, size, name=None):
            super().__init__(name=name)
            self.size, self.w = size, None

        def __call__(self, x):
            if self.w is None:
                with self.name_scope:
                    n = int(x.shape[-1])
                    self.w = tf.Variable(rng.normal(0, 1 / np.sqrt(n), (n, self.size)).astype("float32"), name="w")
                    self.b = tf.Variable(np.zeros(self.size, "float32"), name="b")
            return tf.matmul(x, self.w) + self.b

    class BatchNorm(tf.Module):
        def __init__(self, n, name=None):
            super().__init__(name=name)
            with self.name_scope:
                self.moving_mean = tf.Variable(rng.normal(0, 0.1, n).astype("float32"), trainable=False, name="moving_mean")
                self.moving_variance = tf.Variable((1 + rng.random(n)).astype("float32"), trainable=False, name="moving_variance")
                self.scale, self.offset = tf.Variable(np.ones(n, "float32")), tf.Variable(np.zeros(n, "float32"))

        def __call__(self, x, is_training=False):
            return tf.nn.batch_normalization(x, self.moving_mean, self.moving_variance, self.offset, self.scale, 1e-5)

    class MLP(tf.Module):
        def __init__(self):
            super().__init__(name="mlp")
            self.l1, self.bn, self.l2, self.l3 = Linear(64, "linear_0"), BatchNorm(64, "batch_norm"), Linear(64, "linear_1"), Linear(5, "linear_2")

        def __call__(self, x):
            return self.l3(tf.nn.relu(self.l2(tf.nn.relu(self.bn(self.l1(x), is_training=False)))))
    mlp = MLP()
    mlp(tf.zeros([1, 20]))

    @tf.function(input_signature=[tensor_spec([None, 20], name="x")])
    def inference(x):
        return {"logits": mlp(x)}
    _save(out, {"mlp": mlp}, serving_default=inference)


@model("s42_sonnet_vqvae_vector_quantizer", "tf-module", "Sonnet VQ-VAE (snt.nets.VectorQuantizer) inference with raw variables: image float [1,32,32,3]; Conv2D stride 2 x2 encoder + 1x1 pre-quantizer conv, VectorQuantizer: distances |x|^2 - 2 x.E + |E|^2 (MatMul), ArgMin, OneHot, MatMul with the transposed codebook, straight-through x + stop_gradient(q - x), perplexity from code usage; Conv2DTranspose x2 decoder; outputs reconstruction [1,32,32,3], encoding_indices int64 [1,8,8], perplexity []")
def b_vqvae(out):
    rng = np.random.default_rng(53)
    e1, e2, pre = _var(rng, [4, 4, 3, 32]), _var(rng, [4, 4, 32, 32]), _var(rng, [1, 1, 32, 16])
    codebook = _var(rng, [16, 64], 1.0, "embeddings")                         # [D, K] as snt keeps it
    d1, d2 = _var(rng, [4, 4, 32, 16], 0.1), _var(rng, [4, 4, 3, 32], 0.1)

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        h = tf.nn.relu(tf.nn.conv2d(image, e1, 2, "SAME"))
        z = tf.nn.conv2d(tf.nn.relu(tf.nn.conv2d(h, e2, 2, "SAME")), pre, 1, "SAME")   # [1,8,8,16]
        flat = tf.reshape(z, [-1, 16])
        dist = (tf.reduce_sum(flat ** 2, 1, keepdims=True) - 2 * tf.matmul(flat, codebook)
                + tf.reduce_sum(codebook ** 2, 0, keepdims=True))
        idx = tf.argmin(dist, axis=1)
        enc = tf.one_hot(idx, 64)
        q = tf.reshape(tf.matmul(enc, codebook, transpose_b=True), tf.shape(z))
        q = z + tf.stop_gradient(q - z)
        avg = tf.reduce_mean(enc, 0)
        perplexity = tf.exp(-tf.reduce_sum(avg * tf.math.log(avg + 1e-10)))
        h = tf.nn.relu(tf.nn.conv2d_transpose(q, d1, [1, 16, 16, 32], 2, "SAME"))
        return {"reconstruction": tf.nn.conv2d_transpose(h, d2, [1, 32, 32, 3], 2, "SAME"),
                "encoding_indices": tf.reshape(idx, [1, 8, 8]), "perplexity": perplexity}
    _save(out, {"params": [e1, e2, pre, codebook, d1, d2]}, serving_default=serve)


# ================================================================================ hand-optimized TPU / XLA-minded code

@model("s42_tpu_onehot_matmul_gather_cumsum_frozen", "frozen-pb", "hand-optimized TPU-style text encoder (gathers and cumsums as matmuls), frozen with convert_variables_to_constants_v2: ids int32 [2,32] (0 = padding), segment_ids int32 [2,32]; embedding as OneHot(64) @ table (MatMul / BatchMatMulV2), positions as mask @ upper-triangular ones (cumsum by matmul), position embedding by one-hot matmul, segment mean pooling by Einsum with one-hot(4) segments / counts; outputs tokens [2,32,16], segments [2,4,16]")
def b_tpu_onehot(out):
    rng = np.random.default_rng(54)
    table, pos_table = _var(rng, [64, 16], 0.1), _var(rng, [33, 16], 0.1)
    triu = np.triu(np.ones((32, 32), "float32"))

    def fn(ids, segment_ids):
        mask = tf.cast(ids > 0, tf.float32)
        emb = tf.matmul(tf.one_hot(ids, 64), table)
        positions = tf.cast(tf.matmul(mask, triu) * mask, tf.int32)
        tok = (emb + tf.matmul(tf.one_hot(positions, 33), pos_table)) * mask[..., None]
        seg = tf.one_hot(segment_ids, 4) * mask[..., None]
        sums = tf.einsum("bts,btd->bsd", seg, tok)
        return tf.identity(tok, name="tokens"), tf.identity(sums / tf.maximum(tf.reduce_sum(seg, 1)[..., None], 1.0), name="segments")
    _freeze(fn, [tensor_spec([2, 32], "int32", "ids"), tensor_spec([2, 32], "int32", "segment_ids")], out)


FEEDS["s42_tpu_onehot_matmul_gather_cumsum_frozen"] = {"ids": (0, 64), "segment_ids": (0, 4)}
OUTPUTS["s42_tpu_onehot_matmul_gather_cumsum_frozen"] = ["tokens", "segments"]


@model("s42_j2t_reduce_precision_fp8_simulation", "tf-module", "fp8 (e4m3 activations / weights, e5m2 outputs) and bf16 rounding simulated with XlaReducePrecision as jax fp8 dot helpers do: x float [None,32]; per-tensor amax scaling (Max of Abs), XlaReducePrecision(exponent 4, mantissa 3) on scaled inputs and kernels, XlaDotV2, unscale, XlaReducePrecision(5, 2) on the output and (8, 7) on the hidden; two layers; outputs y [None,8]")
def b_fp8(out):
    params = _params([32, 64, 8], 55, name="fp8_dense")

    def q(t, e, m, fmax):
        scale = fmax / tf.maximum(tf.reduce_max(tf.abs(t)), 1e-6)
        return G.xla_reduce_precision(t * scale, exponent_bits=e, mantissa_bits=m), scale

    @tf.function(input_signature=[tensor_spec([None, 32], name="x")])
    def serve(x):
        h = x
        for i, (w, b) in enumerate(params):
            hq, sh = q(h, 4, 3, 448.0)
            wq, sw = q(tf.convert_to_tensor(w), 4, 3, 448.0)
            y = _dense(hq, wq) / (sh * sw) + b
            y = G.xla_reduce_precision(y, exponent_bits=5, mantissa_bits=2)
            h = G.xla_reduce_precision(tf.nn.relu(y), exponent_bits=8, mantissa_bits=7) if i == 0 else y
        return {"y": h}
    _save(out, {"params": params}, serving_default=serve)


@model("s42_j2t_eigh_svd_whitening", "tf-module", "jnp.linalg.eigh / svd as non-native jax2tf lowers them: features float [16,8]; centering, covariance by XlaDotV2 contracting dim 0, XlaSelfAdjointEig (lower, 30 sweeps) -> ZCA-style whitening by eigenvectors * rsqrt(eigenvalues), XlaSvd of a learned [8,8] weight -> polar orthogonal factor U V^T (MatMul), whitened features times it; outputs whitened [16,8], eigenvalues [8], singular_values [8]")
def b_eigh(out):
    rng = np.random.default_rng(56)
    w = _var(rng, [8, 8], 0.5)

    @tf.function(input_signature=[tensor_spec([16, 8], name="features")])
    def serve(features):
        xc = features - tf.reduce_mean(features, 0, keepdims=True)
        cov = _dot_general(xc, xc, ([0], [0])) / 15.0 + 1e-3 * tf.eye(8)
        evals, evecs = G.xla_self_adjoint_eig(cov, lower=True, max_iter=30, epsilon=1e-6)
        evals.set_shape([8])
        evecs.set_shape([8, 8])
        white = tf.matmul(tf.matmul(xc, evecs) * tf.math.rsqrt(tf.maximum(evals, 1e-6)), evecs, transpose_b=True)
        s, u, v = G.xla_svd(tf.convert_to_tensor(w), max_iter=30, epsilon=1e-6, precision_config="")
        s.set_shape([8])
        ortho = tf.matmul(tf.reshape(u, [8, 8]), tf.reshape(v, [8, 8]), transpose_b=True)
        return {"whitened": tf.matmul(white, ortho), "eigenvalues": evals, "singular_values": s}
    _save(out, {"params": [w]}, serving_default=serve)


@model("s42_j2t_dcn_cross_xla_broadcast_helper", "tf-module", "Deep & Cross Network written with tf2xla helpers: x float [2,16]; three cross layers x0 * (XlaDotV2(x, W) + b) + x with the bias broadcast by XlaBroadcastHelper (broadcast_dims [1]), deep tower XlaDotV2 + relu, ConcatV2, XlaDotV2 logit, Sigmoid; outputs probability [2,1], cross [2,16]")
def b_dcn(out):
    rng = np.random.default_rng(57)
    cross = [(_var(rng, [16, 16], 0.1), tf.Variable(np.zeros(16, "float32"))) for _ in range(3)]
    deep, head = _params([16, 32, 32], 58, name="deep"), _params([48, 1], 59, name="head")

    @tf.function(input_signature=[tensor_spec([2, 16], name="x")])
    def serve(x):
        x0, xl = x, x
        for w, b in cross:
            lhs, rhs = G.xla_broadcast_helper(_dense(xl, w), tf.convert_to_tensor(b), tf.constant([1]))
            lhs.set_shape([2, 16])
            rhs.set_shape([1, 16])
            xl = x0 * (lhs + rhs) + xl
        d = x
        for w, b in deep:
            d = tf.nn.relu(_dense(d, w, b))
        return {"probability": tf.sigmoid(_dense(tf.concat([xl, d], -1), *head[0])), "cross": xl}
    _save(out, {"params": [cross, deep, head]}, serving_default=serve)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, G, XD
    import keras as k
    import numpy
    import tensorflow
    from tensorflow.compiler.tf2xla.ops import gen_xla_ops
    from tensorflow.compiler.xla import xla_data_pb2
    tf, keras, np, L, G, XD = tensorflow, k, numpy, k.layers, gen_xla_ops, xla_data_pb2


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
