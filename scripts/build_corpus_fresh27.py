"""Build an independently made corpus into bench/out/fresh27/: models written without high-level Keras layers, or
ported from other frameworks, the way researchers and porting tools (onnx-tf, onnx2tf, hand ports of PyTorch code)
write them before exporting for mobile deployment.

Covered: raw tf.Module subclasses holding tf.Variables with tf.function(input_signature=...) methods; tf.raw_ops
calls (Conv2D, FusedBatchNormV3, MirrorPad, ResizeBilinear, StridedSlice, ...); NCHW-layout convolutions with explicit
transposes and OIHW weights transposed in the graph, explicit tf.pad for PyTorch symmetric padding; PyTorch semantics
written by hand (erf GELU, LayerNorm from tf.nn.moments, pixel_shuffle as 6-D reshape/transpose and as channel-permuted
depth_to_space, adaptive average / max pooling with PyTorch bin edges, F.interpolate align_corners emulation, channel
shuffle and grouped convs, GroupNorm, weight standardization, torch.gather via batch_dims / take_along_axis,
masked_fill via tf.where, PyTorch LSTM / GRU gate layouts); tf.experimental.numpy code (with its float64 defaults);
tf.linalg (einsum pattern zoo, band_part, diag / set_diag, cholesky, triangular_solve, det / inv, power iteration and
Newton-Schulz iterations instead of eigen decompositions); int64 index tensors and onnx-style int64 shape arithmetic;
tf.cond / tf.while_loop / tf.switch_case in the served path; shape-dependent code (tf.shape, dynamic reshape,
tf.range, tf.meshgrid); tf.compat.v1 graphs built with get_variable / tf.nn (tf.compat.v1.layers is unavailable with
Keras 3, so the layers are written out as the v1 layers expand to) exported with SavedModelBuilder or frozen to a .pb
with graph_util.convert_variables_to_constants; several signatures on one module (one with no inputs); big constants
computed in the graph (DCT / positional tables, stateless random projections, a constant inverse) for constant folding;
helper submodules whose @tf.function methods call each other; keras.Sequential used only as a container of custom
Layer subclasses whose call uses tf ops; tf.math.segment_* / unsorted_segment_*, tf.scatter_nd /
tensor_scatter_nd_max / tf.gather_nd, tf.image ops, tf.signal ops, tf.nn.ctc_greedy_decoder /
ctc_beam_search_decoder, tf.sort / tf.argsort / top_k / searchsorted, tf.unique / unique_with_counts,
tf.math.bincount / histogram_fixed_width, tf.bitwise ops and PopulationCount, and a string-parsing preprocessing
signature. Mostly float32 inputs, some int32 / int64 / uint8 / bool / string; a few None-batch and dynamic shapes.
Tiny widths, seeded random weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh27.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh27.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh27.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh27.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh27.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import math
import os
import sys

from corpus_driver import Corpus, freeze_function, keras_export, tensor_spec, tf1_saved_model

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh27", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = tnp = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _he(rng, shape, fan_in=None):
    """He-normal numpy weights (HWIO / [in, out] layouts)"""
    fan_in = fan_in or int(np.prod(shape[:-1]))
    return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype("float32")


def _torch_w(rng, shape):
    """PyTorch default init for a weight in PyTorch layout ([out, in] Linear, [out, in/groups, kh, kw] Conv2d)"""
    bound = 1.0 / np.sqrt(int(np.prod(shape[1:])))
    return rng.uniform(-bound, bound, shape).astype("float32")


def _torch_b(rng, n, fan_in):
    bound = 1.0 / np.sqrt(fan_in)
    return rng.uniform(-bound, bound, (n,)).astype("float32")


def _zeros(*shape):
    return np.zeros(shape, "float32")


def _bn_stats(rng, c):
    """(gamma, beta, running_mean, running_var) as a trained BatchNorm would hold them"""
    return ((1 + 0.1 * rng.standard_normal(c)).astype("float32"), (0.1 * rng.standard_normal(c)).astype("float32"),
            (0.1 * rng.standard_normal(c)).astype("float32"), rng.uniform(0.5, 1.5, c).astype("float32"))


def _save(m, out, **sigs):
    """tf.saved_model.save of a tf.Module; default signature is its __call__ (a tf.function with input_signature)"""
    tf.saved_model.save(m, str(out), signatures=sigs or {"serving_default": m.__call__})


def _nchw_conv(x, w_oihw, b=None, stride=1, pad=0, depthwise=False):
    """PyTorch Conv2d on an NCHW tensor the way onnx-tf emits it: transpose to NHWC, explicit tf.pad (PyTorch pads
    symmetrically), VALID conv with the OIHW weight transposed to HWIO in the graph, bias, transpose back to NCHW"""
    y = tf.transpose(x, [0, 2, 3, 1])
    if pad:
        y = tf.pad(y, [[0, 0], [pad, pad], [pad, pad], [0, 0]])
    if depthwise:  # groups == channels: weight [C, 1, kh, kw] -> [kh, kw, C, 1]
        y = tf.nn.depthwise_conv2d(y, tf.transpose(w_oihw, [2, 3, 0, 1]), [1, stride, stride, 1], "VALID")
    else:
        y = tf.nn.conv2d(y, tf.transpose(w_oihw, [2, 3, 1, 0]), stride, "VALID")
    if b is not None:
        y = tf.nn.bias_add(y, b)
    return tf.transpose(y, [0, 3, 1, 2])


def _nchw_bn(x, stats, eps=1e-5):
    """onnx BatchNormalization on NCHW: parameters reshaped to [1, C, 1, 1]"""
    g, b, m, v = (tf.reshape(t, [1, -1, 1, 1]) for t in stats)
    return (x - m) / tf.sqrt(v + eps) * g + b


def _linear(x, w, b=None):
    """torch.nn.Linear: x @ W^T + b with W in [out, in] layout"""
    y = tf.matmul(x, w, transpose_b=True)
    return y + b if b is not None else y


def _gelu_erf(x):
    """torch.nn.GELU() (exact): 0.5 x (1 + erf(x / sqrt 2))"""
    return 0.5 * x * (1.0 + tf.math.erf(x / math.sqrt(2.0)))


def _layer_norm(x, g, b, eps=1e-5):
    """torch.nn.LayerNorm over the last axis, from tf.nn.moments"""
    mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - mean) * tf.math.rsqrt(var + eps) * g + b


def _v1_conv(x, name, cin, cout, k=3, s=1, act=True):
    """a TF1 conv layer as tf.compat.v1.layers.conv2d expands to: get_variable kernel / bias, tf.nn.conv2d, bias_add"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("kernel", [k, k, cin, cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
        y = tf.nn.bias_add(tf.nn.conv2d(x, w, [1, s, s, 1], "SAME"), b)
        return tf.nn.relu(y) if act else y


def _v1_bn(x, name, c):
    """tf.compat.v1.layers.batch_normalization(training=False) written out: gamma / beta / moving stats as
    get_variable, tf.compat.v1.nn.fused_batch_norm(is_training=False)"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        gamma = v1.get_variable("gamma", [c], initializer=v1.random_uniform_initializer(0.8, 1.2))
        beta = v1.get_variable("beta", [c], initializer=v1.random_normal_initializer(stddev=0.1))
        mean = v1.get_variable("moving_mean", [c], initializer=v1.random_normal_initializer(stddev=0.1))
        var = v1.get_variable("moving_variance", [c], initializer=v1.random_uniform_initializer(0.5, 1.5))
        y, _, _ = v1.nn.fused_batch_norm(x, gamma, beta, mean, var, epsilon=1e-3, is_training=False)
        return y


def _v1_dense(x, name, cin, cout):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("kernel", [cin, cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
        return v1.nn.xw_plus_b(x, w, b)


def _tf1_frozen(build, outputs, out):
    """a TF1 graph (random seed 0), variables initialized, frozen with tf.compat.v1.graph_util"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        build()
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), outputs)
    out.write_bytes(frozen.SerializeToString())


# ================================================================================ raw tf.Module / tf.raw_ops

@model("x_module_variables_mlp_relu6", "tf-module", "raw tf.Module MLP: lists of tf.Variable weights / biases (numpy He init), __call__ a tf.function(input_signature=[float [None,20]]) doing tf.matmul + bias, tf.nn.relu6 x2, logits, tf.nn.softmax and tf.argmax (int64)")
def b_module_mlp(out):
    rng = np.random.default_rng(1)

    class MLP(tf.Module):
        def __init__(self, sizes):
            super().__init__(name="mlp")
            self.ws = [tf.Variable(_he(rng, (a, b)), name=f"w{i}") for i, (a, b) in enumerate(zip(sizes, sizes[1:]))]
            self.bs = [tf.Variable(_zeros(b), name=f"b{i}") for i, b in enumerate(sizes[1:])]

        @tf.function(input_signature=[tf.TensorSpec([None, 20], tf.float32, name="features")])
        def __call__(self, features):
            h = features
            for w, b in zip(self.ws[:-1], self.bs[:-1]):
                h = tf.nn.relu6(tf.matmul(h, w) + b)
            logits = tf.matmul(h, self.ws[-1]) + self.bs[-1]
            return {"logits": logits, "probs": tf.nn.softmax(logits), "class_id": tf.argmax(logits, axis=-1)}
    _save(MLP([20, 64, 32, 5]), out)


@model("x_raw_ops_conv_fusedbn_classifier", "tf-module", "tf.Module classifier written entirely with tf.raw_ops, float [None,32,32,3]: Conv2D + BiasAdd + FusedBatchNormV3(is_training=False) + Relu6, MaxPool, DepthwiseConv2dNative + FusedBatchNormV3 + Relu6, Conv2D 1x1, Mean over H,W, MatMul + BiasAdd, Softmax, ArgMax(output_type int32); weights tf.Variables")
def b_raw_ops_cls(out):
    rng = np.random.default_rng(2)

    class RawNet(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1, self.b1 = tf.Variable(_he(rng, (3, 3, 3, 16))), tf.Variable(_zeros(16))
            self.bn1 = [tf.Variable(a) for a in _bn_stats(rng, 16)]
            self.dw = tf.Variable(_he(rng, (3, 3, 16, 1), 9))
            self.bn2 = [tf.Variable(a) for a in _bn_stats(rng, 16)]
            self.pw = tf.Variable(_he(rng, (1, 1, 16, 32)))
            self.fc, self.fcb = tf.Variable(_he(rng, (32, 6))), tf.Variable(_zeros(6))

        @tf.function(input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32, name="images")])
        def __call__(self, images):
            r = tf.raw_ops
            x = r.Conv2D(input=images, filter=self.w1, strides=[1, 2, 2, 1], padding="SAME")
            x = r.BiasAdd(value=x, bias=self.b1)
            g, b, m, v = self.bn1
            x = r.FusedBatchNormV3(x=x, scale=g, offset=b, mean=m, variance=v, epsilon=1e-3, is_training=False).y
            x = r.Relu6(features=x)
            x = r.MaxPool(input=x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")
            x = r.DepthwiseConv2dNative(input=x, filter=self.dw, strides=[1, 1, 1, 1], padding="SAME")
            g, b, m, v = self.bn2
            x = r.Relu6(features=r.FusedBatchNormV3(x=x, scale=g, offset=b, mean=m, variance=v, epsilon=1e-3,
                                                    is_training=False).y)
            x = r.Relu(features=r.Conv2D(input=x, filter=self.pw, strides=[1, 1, 1, 1], padding="VALID"))
            x = r.Mean(input=x, axis=[1, 2], keep_dims=False)
            logits = r.BiasAdd(value=r.MatMul(a=x, b=self.fc), bias=self.fcb)
            return {"probs": r.Softmax(logits=logits), "label": r.ArgMax(input=logits, dimension=1,
                                                                           output_type=tf.int32)}
    _save(RawNet(), out)


@model("x_raw_ops_instance_norm_mirror_pad_nchw_frozen", "frozen-pb", "pix2pix-style generator fragment ported to tf.raw_ops and frozen with convert_variables_to_constants_v2, NCHW float [1,3,40,40]: Transpose to NHWC, MirrorPad(REFLECT), Conv2D VALID + BiasAdd + LeakyRelu(0.2), instance norm from Mean / SquaredDifference / Rsqrt, ResizeBilinear(half_pixel_centers) to 20x20, StridedSlice with begin/end masks, Unpack / Pack / ConcatV2, Tile, Conv2D 1x1, Tanh, Transpose back to NCHW [1,3,20,20]")
def b_raw_ops_frozen(out):
    rng = np.random.default_rng(3)
    w1, b1 = _he(rng, (3, 3, 3, 16)), _zeros(16)
    w2 = _he(rng, (1, 1, 24, 3))

    def fn(x):
        r = tf.raw_ops
        x = r.Transpose(x=x, perm=[0, 2, 3, 1])
        x = r.MirrorPad(input=x, paddings=[[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
        x = r.LeakyRelu(features=r.BiasAdd(value=r.Conv2D(input=x, filter=w1, strides=[1, 1, 1, 1], padding="VALID"),
                                           bias=b1), alpha=0.2)
        mu = r.Mean(input=x, axis=[1, 2], keep_dims=True)
        var = r.Mean(input=r.SquaredDifference(x=x, y=mu), axis=[1, 2], keep_dims=True)
        x = r.Mul(x=r.Sub(x=x, y=mu), y=r.Rsqrt(x=r.AddV2(x=var, y=1e-5)))
        x = r.ResizeBilinear(images=x, size=[20, 20], half_pixel_centers=True)
        head = r.StridedSlice(input=x, begin=[0, 0, 0, 0], end=[0, 0, 0, 8], strides=[1, 1, 1, 1],
                              begin_mask=7, end_mask=7)
        parts = r.Unpack(value=head, num=8, axis=3)
        mixed = r.Pack(values=[parts[i] + parts[7 - i] for i in range(8)], axis=3)
        pooled = r.Tile(input=r.Mean(input=head, axis=[1, 2], keep_dims=True), multiples=[1, 20, 20, 1])
        x = r.ConcatV2(values=[x, mixed], axis=3)
        x = r.Add(x=r.Conv2D(input=x, filter=w2, strides=[1, 1, 1, 1], padding="VALID"),
                  y=r.Mean(input=pooled, axis=[3], keep_dims=True))
        return r.Transpose(x=r.Tanh(x=x), perm=[0, 3, 1, 2])
    freeze_function(fn, [tensor_spec([1, 3, 40, 40], name="input")], out)


# ================================================================================ NCHW ports (onnx-tf / onnx2tf / PyTorch)

@model("x_onnx_tf_nchw_resnet_basicblock", "tf-module", "ResNet basic-block classifier as onnx-tf exports a PyTorch model, NCHW float [1,3,32,32]: every Conv (OIHW constants) wrapped in transpose NCHW->NHWC, explicit tf.pad, VALID conv, transpose back; BatchNormalization as NCHW arithmetic with [1,C,1,1] params; Relu, residual Add with a 1x1 stride-2 downsample, MaxPool through transposes, GlobalAveragePool (reduce_mean keepdims), Flatten reshape, Gemm as matmul(transpose_b=True)")
def b_onnx_tf_resnet(out):
    rng = np.random.default_rng(4)
    P = {"conv1": _torch_w(rng, (16, 3, 3, 3)), "bn1": _bn_stats(rng, 16),
         "l1c1": _torch_w(rng, (16, 16, 3, 3)), "l1b1": _bn_stats(rng, 16),
         "l1c2": _torch_w(rng, (16, 16, 3, 3)), "l1b2": _bn_stats(rng, 16),
         "l2c1": _torch_w(rng, (32, 16, 3, 3)), "l2b1": _bn_stats(rng, 32),
         "l2c2": _torch_w(rng, (32, 32, 3, 3)), "l2b2": _bn_stats(rng, 32),
         "l2ds": _torch_w(rng, (32, 16, 1, 1)), "l2dsb": _bn_stats(rng, 32),
         "fc_w": _torch_w(rng, (10, 32)), "fc_b": _torch_b(rng, 10, 32)}

    class OnnxTfModule(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([1, 3, 32, 32], tf.float32, name="input.1")])
        def __call__(self, x):
            x = tf.nn.relu(_nchw_bn(_nchw_conv(x, P["conv1"], pad=1), P["bn1"]))
            x = tf.transpose(tf.nn.max_pool2d(tf.transpose(x, [0, 2, 3, 1]), 2, 2, "VALID"), [0, 3, 1, 2])
            y = tf.nn.relu(_nchw_bn(_nchw_conv(x, P["l1c1"], pad=1), P["l1b1"]))
            x = tf.nn.relu(_nchw_bn(_nchw_conv(y, P["l1c2"], pad=1), P["l1b2"]) + x)
            y = tf.nn.relu(_nchw_bn(_nchw_conv(x, P["l2c1"], stride=2, pad=1), P["l2b1"]))
            y = _nchw_bn(_nchw_conv(y, P["l2c2"], pad=1), P["l2b2"])
            x = tf.nn.relu(y + _nchw_bn(_nchw_conv(x, P["l2ds"], stride=2), P["l2dsb"]))
            x = tf.reshape(tf.reduce_mean(x, axis=[2, 3], keepdims=True), [1, -1])
            return {"output": _linear(x, P["fc_w"], P["fc_b"])}
    _save(OnnxTfModule(), out)


@model("x_onnx2tf_mobilenetv3_block_explicit_pad_frozen", "frozen-pb", "MobileNetV3-style block as onnx2tf converts a PyTorch model to NHWC, frozen (convert_variables_to_constants_v2), float [1,64,64,3]: tf.pad for PyTorch padding=1 before VALID stride-2 convs, hardswish x * relu6(x + 3) / 6, depthwise conv, squeeze-excite with reduce_mean + hardsigmoid, ResizeNearestNeighbor (half_pixel_centers) 2x upsample added to a skip, transpose to NCHW before Flatten so the Linear sees PyTorch order, Linear as matmul with a pre-transposed constant")
def b_onnx2tf_mbv3(out):
    rng = np.random.default_rng(5)
    stem = np.transpose(_torch_w(rng, (16, 3, 3, 3)), [2, 3, 1, 0])
    dw = np.transpose(_torch_w(rng, (16, 1, 3, 3)), [2, 3, 0, 1])
    se1, se2 = _he(rng, (16, 8)), _he(rng, (8, 16))
    pw = np.transpose(_torch_w(rng, (24, 16, 1, 1)), [2, 3, 1, 0])
    fc = _torch_w(rng, (5, 24 * 8 * 8)).T.copy()  # onnx2tf folds the Gemm transpose into the constant

    def hswish(x):
        return x * tf.nn.relu6(x + 3.0) / 6.0

    def fn(x):
        x = hswish(tf.nn.conv2d(tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]]), stem, 2, "VALID"))  # [1,32,32,16]
        skip = x
        y = tf.nn.depthwise_conv2d(tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]]), dw, [1, 2, 2, 1], "VALID")
        y = hswish(y)  # [1,16,16,16]
        s = tf.nn.relu(tf.matmul(tf.reduce_mean(y, axis=[1, 2]), se1))
        s = tf.nn.relu6(tf.matmul(s, se2) + 3.0) / 6.0
        y = y * s[:, None, None, :]
        up = tf.compat.v1.image.resize_nearest_neighbor(y, [32, 32], half_pixel_centers=True)
        x = tf.nn.max_pool2d(skip + up, 4, 4, "VALID")  # [1,8,8,16]
        x = hswish(tf.nn.conv2d(x, pw, 1, "VALID"))  # [1,8,8,24]
        x = tf.reshape(tf.transpose(x, [0, 3, 1, 2]), [1, 24 * 8 * 8])
        return tf.matmul(x, fc)
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="input")], out)


@model("x_vit_port_erf_gelu_moments_layernorm", "tf-module", "tiny ViT hand-ported from PyTorch, NCHW float [None,3,32,32]: patch-embedding Conv2d(8x8, stride 8) through transposes, flatten(2).transpose(1,2), cls token broadcast to the dynamic batch, learned position embedding; 2 pre-norm blocks with LayerNorm from tf.nn.moments, fused qkv Linear reshaped [B,N,3,H,d] and transposed 5-D, attention via einsum 'bhqd,bhkd->bhqk' / 'bhqk,bhkd->bhqd', exact erf GELU MLP; final LayerNorm on the cls token, Linear head; weights tf.Variables in PyTorch [out,in] layout")
def b_vit(out):
    rng = np.random.default_rng(6)
    D, H, N = 32, 4, 17

    def ln():
        return [tf.Variable(np.ones(D, "float32")), tf.Variable(_zeros(D))]

    class ViT(tf.Module):
        def __init__(self):
            super().__init__()
            self.patch_w, self.patch_b = tf.Variable(_torch_w(rng, (D, 3, 8, 8))), tf.Variable(_zeros(D))
            self.cls = tf.Variable((0.02 * rng.standard_normal((1, 1, D))).astype("float32"))
            self.pos = tf.Variable((0.02 * rng.standard_normal((1, N, D))).astype("float32"))
            self.blocks = [dict(ln1=ln(),
                                qkv_w=tf.Variable(_torch_w(rng, (3 * D, D))), qkv_b=tf.Variable(_zeros(3 * D)),
                                proj_w=tf.Variable(_torch_w(rng, (D, D))), proj_b=tf.Variable(_zeros(D)), ln2=ln(),
                                fc1_w=tf.Variable(_torch_w(rng, (4 * D, D))), fc1_b=tf.Variable(_zeros(4 * D)),
                                fc2_w=tf.Variable(_torch_w(rng, (D, 4 * D))), fc2_b=tf.Variable(_zeros(D)))
                           for _ in range(2)]
            self.norm = ln()
            self.head_w, self.head_b = tf.Variable(_torch_w(rng, (10, D))), tf.Variable(_zeros(10))

        def attn(self, x, p):
            b = tf.shape(x)[0]
            qkv = tf.transpose(tf.reshape(_linear(x, p["qkv_w"], p["qkv_b"]), [b, N, 3, H, D // H]), [2, 0, 3, 1, 4])
            q, k, v = qkv[0], qkv[1], qkv[2]
            a = tf.nn.softmax(tf.einsum("bhqd,bhkd->bhqk", q, k) * (D // H) ** -0.5, axis=-1)
            o = tf.reshape(tf.transpose(tf.einsum("bhqk,bhkd->bhqd", a, v), [0, 2, 1, 3]), [b, N, D])
            return _linear(o, p["proj_w"], p["proj_b"])

        @tf.function(input_signature=[tf.TensorSpec([None, 3, 32, 32], tf.float32, name="pixel_values")])
        def __call__(self, pixel_values):
            b = tf.shape(pixel_values)[0]
            x = _nchw_conv(pixel_values, self.patch_w, self.patch_b, stride=8)  # [B,D,4,4]
            x = tf.transpose(tf.reshape(x, [b, D, 16]), [0, 2, 1])
            x = tf.concat([tf.broadcast_to(self.cls, [b, 1, D]), x], axis=1) + self.pos
            for p in self.blocks:
                x = x + self.attn(_layer_norm(x, *p["ln1"]), p)
                h = _gelu_erf(_linear(_layer_norm(x, *p["ln2"]), p["fc1_w"], p["fc1_b"]))
                x = x + _linear(h, p["fc2_w"], p["fc2_b"])
            cls = _layer_norm(x[:, 0], *self.norm)
            return {"logits": _linear(cls, self.head_w, self.head_b), "last_hidden_state": x}
    _save(ViT(), out)


@model("x_espcn_pixel_shuffle_6d_nchw_frozen", "frozen-pb", "ESPCN x3 super-resolution ported from PyTorch and frozen (convert_variables_to_constants_v2), NCHW luma float [1,1,24,24]: Conv2d 5x5 / 3x3 / 3x3 (pad via tf.pad, OIHW constants transposed in graph) with tanh, then nn.PixelShuffle(3) written literally as reshape [1,1,3,3,24,24] -> 6-D transpose [0,1,4,2,5,3] -> reshape [1,1,72,72], clamp(0, 1)")
def b_espcn(out):
    rng = np.random.default_rng(7)
    w1, b1 = _torch_w(rng, (16, 1, 5, 5)), _torch_b(rng, 16, 25)
    w2, b2 = _torch_w(rng, (8, 16, 3, 3)), _torch_b(rng, 8, 144)
    w3, b3 = _torch_w(rng, (9, 8, 3, 3)), _torch_b(rng, 9, 72)

    def fn(x):
        x = tf.tanh(_nchw_conv(x, w1, b1, pad=2))
        x = tf.tanh(_nchw_conv(x, w2, b2, pad=1))
        x = _nchw_conv(x, w3, b3, pad=1)  # [1, 9, 24, 24]
        x = tf.reshape(tf.transpose(tf.reshape(x, [1, 1, 3, 3, 24, 24]), [0, 1, 4, 2, 5, 3]), [1, 1, 72, 72])
        return tf.clip_by_value(x, 0.0, 1.0)
    freeze_function(fn, [tensor_spec([1, 1, 24, 24], name="input")], out)


@model("x_sr_depth_to_space_channel_perm_uint8_io", "tf-module", "x2 super-resolution ported from PyTorch with pixel_shuffle mapped to tf.nn.depth_to_space: uint8 image [1,32,32,3] cast / 255, tf.Variable 3x3 convs (NHWC, SAME) with relu, last conv to 12 channels, tf.gather with a constant channel permutation (PyTorch c*r*r + i*r + j order -> depth_to_space (i*r + j)*C + c order), depth_to_space(2), plus a bicubic tf.image.resize residual; outputs float [1,64,64,3] and uint8 (round, clip, cast)")
def b_sr_d2s(out):
    rng = np.random.default_rng(8)
    r, C = 2, 3
    perm = np.array([c * r * r + i * r + j for i in range(r) for j in range(r) for c in range(C)], "int32")

    class SR(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = [tf.Variable(_he(rng, s)) for s in ((3, 3, 3, 16), (3, 3, 16, 16), (3, 3, 16, C * r * r))]
            self.b = [tf.Variable(_zeros(s)) for s in (16, 16, C * r * r)]

        @tf.function(input_signature=[tf.TensorSpec([1, 32, 32, 3], tf.uint8, name="image")])
        def __call__(self, image):
            x = tf.cast(image, tf.float32) / 255.0
            h = x
            for k, (w, b) in enumerate(zip(self.w, self.b)):
                h = tf.nn.bias_add(tf.nn.conv2d(h, w, 1, "SAME"), b)
                h = tf.nn.relu(h) if k < 2 else h
            h = tf.nn.depth_to_space(tf.gather(h, perm, axis=-1), r)
            y = tf.clip_by_value(h + tf.image.resize(x, [64, 64], method="bicubic"), 0.0, 1.0)
            return {"sr": y, "sr_uint8": tf.cast(tf.round(y * 255.0), tf.uint8)}
    _save(SR(), out)


@model("x_adaptive_pool_pytorch_bins_spp_nchw", "tf-module", "spatial-pyramid head ported from PyTorch, NCHW float [None,16,7,7]: Conv2d 3x3 through transposes, then nn.AdaptiveAvgPool2d(1 / 2 / 3) and nn.AdaptiveMaxPool2d(2) written with PyTorch's bin edges (floor(i*H/o), ceil((i+1)*H/o), overlapping bins on 7 -> 3 / 2) as Python-unrolled slices + reduce_mean / reduce_max + tf.stack; flatten each, concat, Linear")
def b_adaptive_pool(out):
    rng = np.random.default_rng(9)
    w, b = _torch_w(rng, (16, 16, 3, 3)), _torch_b(rng, 16, 144)
    fc_w, fc_b = _torch_w(rng, (4, 16 * (1 + 4 + 9 + 4))), _zeros(4)

    def adaptive(x, o, reduce):
        H, W = x.shape[2], x.shape[3]
        rows = []
        for i in range(o):
            h0, h1 = (i * H) // o, math.ceil((i + 1) * H / o)
            cols = [reduce(x[:, :, h0:h1, (j * W) // o:math.ceil((j + 1) * W / o)], axis=[2, 3]) for j in range(o)]
            rows.append(tf.stack(cols, axis=-1))
        return tf.stack(rows, axis=-2)  # [N, C, o, o]

    class SPP(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 16, 7, 7], tf.float32, name="features")])
        def __call__(self, features):
            x = tf.nn.relu(_nchw_conv(features, w, b, pad=1))
            n = tf.shape(x)[0]
            pooled = [adaptive(x, o, tf.reduce_mean) for o in (1, 2, 3)] + [adaptive(x, 2, tf.reduce_max)]
            flat = tf.concat([tf.reshape(p, [n, -1]) for p in pooled], axis=1)
            return {"logits": _linear(flat, fc_w, fc_b), "avg3": pooled[2]}
    _save(SPP(), out)


@model("x_interpolate_align_corners_three_signatures", "tf-module", "segmentation decoder ported from PyTorch with F.interpolate emulated three ways, float features [1,16,16,8] -> tf.Variable convs -> 4-class logits upsampled x4: serving_default = bilinear align_corners=True written by hand (tf.linspace source coords, floor, tf.gather rows / cols, lerp); upsample_v1 = tf.compat.v1.image.resize_bilinear(align_corners=True); upsample_half_pixel = tf.image.resize bilinear (align_corners=False) plus mode='nearest' as resize_nearest_neighbor without half-pixel centers")
def b_interp(out):
    rng = np.random.default_rng(10)

    def lerp_axis(x, axis, n_in, n_out):
        src = tf.linspace(0.0, float(n_in - 1), n_out)
        i0 = tf.cast(tf.floor(src), tf.int32)
        i1 = tf.minimum(i0 + 1, n_in - 1)
        frac = src - tf.floor(src)
        shape = [1, 1, 1, 1]
        shape[axis] = n_out
        lo, hi = tf.gather(x, i0, axis=axis), tf.gather(x, i1, axis=axis)
        return lo + (hi - lo) * tf.reshape(frac, shape)

    spec = tf.TensorSpec([1, 16, 16, 8], tf.float32, name="features")

    class Decoder(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1, self.w2 = tf.Variable(_he(rng, (3, 3, 8, 16))), tf.Variable(_he(rng, (1, 1, 16, 4)))

        def logits(self, x):
            return tf.nn.conv2d(tf.nn.relu(tf.nn.conv2d(x, self.w1, 1, "SAME")), self.w2, 1, "SAME")

        @tf.function(input_signature=[spec])
        def __call__(self, features):
            y = self.logits(features)
            y = lerp_axis(lerp_axis(y, 1, 16, 64), 2, 16, 64)
            return {"logits": y, "mask": tf.argmax(y, axis=-1, output_type=tf.int32)}

        @tf.function(input_signature=[spec])
        def upsample_v1(self, features):
            return {"logits": tf.compat.v1.image.resize_bilinear(self.logits(features), [64, 64], align_corners=True)}

        @tf.function(input_signature=[spec])
        def upsample_half_pixel(self, features):
            y = self.logits(features)
            return {"bilinear": tf.image.resize(y, [64, 64], method="bilinear"),
                    "nearest": tf.compat.v1.image.resize_nearest_neighbor(y, [64, 64], align_corners=False,
                                                                          half_pixel_centers=False)}
    m = Decoder()
    _save(m, out, serving_default=m.__call__, upsample_v1=m.upsample_v1, upsample_half_pixel=m.upsample_half_pixel)


@model("x_shufflenet_channel_shuffle_grouped_conv", "tf-module", "ShuffleNet v1 + v2 units ported from PyTorch (NHWC, tf.Variables), float [None,32,32,24]: grouped 1x1 conv (groups=3) as one tf.nn.conv2d with a [1,1,8,24] filter, channel_shuffle as reshape [B,H,W,g,C/g] -> transpose -> reshape with the dynamic batch, depthwise 3x3, grouped 1x1 + residual; v2 unit with tf.split channel split, branch, concat, shuffle; stride-2 v2 unit with both branches; GAP, Linear")
def b_shufflenet(out):
    rng = np.random.default_rng(11)

    def shuffle(x, g):
        s = tf.shape(x)
        h, w, c = x.shape[1], x.shape[2], x.shape[3]
        x = tf.reshape(x, [s[0], h, w, g, c // g])
        return tf.reshape(tf.transpose(x, [0, 1, 2, 4, 3]), [s[0], h, w, c])

    class Net(tf.Module):
        def __init__(self):
            super().__init__()
            V = lambda shape, fan=None: tf.Variable(_he(rng, shape, fan))  # noqa: E731
            self.g1, self.dw1, self.g2 = V((1, 1, 8, 24)), V((3, 3, 24, 1), 9), V((1, 1, 8, 24))
            self.v2a, self.v2dw, self.v2b = V((1, 1, 12, 12)), V((3, 3, 12, 1), 9), V((1, 1, 12, 12))
            self.s2l_dw, self.s2l_pw = V((3, 3, 24, 1), 9), V((1, 1, 24, 24))
            self.s2r_a, self.s2r_dw, self.s2r_b = V((1, 1, 24, 24)), V((3, 3, 24, 1), 9), V((1, 1, 24, 24))
            self.fc, self.fcb = V((48, 10)), tf.Variable(_zeros(10))

        @tf.function(input_signature=[tf.TensorSpec([None, 32, 32, 24], tf.float32, name="x")])
        def __call__(self, x):
            y = tf.nn.relu(tf.nn.conv2d(x, self.g1, 1, "SAME"))  # grouped conv, 3 groups
            y = tf.nn.depthwise_conv2d(shuffle(y, 3), self.dw1, [1, 1, 1, 1], "SAME")
            x = tf.nn.relu(x + tf.nn.conv2d(y, self.g2, 1, "SAME"))
            a, b = tf.split(x, 2, axis=-1)
            b = tf.nn.relu(tf.nn.conv2d(b, self.v2a, 1, "SAME"))
            b = tf.nn.depthwise_conv2d(b, self.v2dw, [1, 1, 1, 1], "SAME")
            b = tf.nn.relu(tf.nn.conv2d(b, self.v2b, 1, "SAME"))
            x = shuffle(tf.concat([a, b], axis=-1), 2)
            left = tf.nn.relu(tf.nn.conv2d(tf.nn.depthwise_conv2d(x, self.s2l_dw, [1, 2, 2, 1], "SAME"), self.s2l_pw, 1,
                                           "SAME"))
            right = tf.nn.relu(tf.nn.conv2d(x, self.s2r_a, 1, "SAME"))
            right = tf.nn.depthwise_conv2d(right, self.s2r_dw, [1, 2, 2, 1], "SAME")
            right = tf.nn.relu(tf.nn.conv2d(right, self.s2r_b, 1, "SAME"))
            x = shuffle(tf.concat([left, right], axis=-1), 2)  # [B,16,16,48]
            return {"logits": tf.matmul(tf.reduce_mean(x, axis=[1, 2]), self.fc) + self.fcb}
    _save(Net(), out)


@model("x_bit_groupnorm_weight_standardized_conv", "tf-module", "BiT-style ResNet fragment ported from PyTorch (NHWC), float [None,32,32,3]: StdConv2d -- weight standardization of every tf.Variable kernel in the graph (tf.nn.moments over H,W,I; (w - m) / sqrt(v + 1e-10)) before tf.nn.conv2d; GroupNorm(4 groups) as reshape [B,H,W,G,C/G] with the dynamic batch + moments + reshape back; pre-activation bottleneck with projection shortcut; GN, relu, GAP, Linear")
def b_bit(out):
    rng = np.random.default_rng(12)

    def std_conv(x, w, stride=1):
        m, v = tf.nn.moments(w, axes=[0, 1, 2], keepdims=True)
        return tf.nn.conv2d(x, (w - m) / tf.sqrt(v + 1e-10), stride, "SAME")

    def group_norm(x, gamma, beta, groups=4, eps=1e-5):
        s = tf.shape(x)
        c = x.shape[-1]
        y = tf.reshape(x, [s[0], s[1], s[2], groups, c // groups])
        m, v = tf.nn.moments(y, axes=[1, 2, 4], keepdims=True)
        return tf.reshape((y - m) * tf.math.rsqrt(v + eps), s) * gamma + beta

    class BiT(tf.Module):
        def __init__(self):
            super().__init__()
            V = lambda *s: tf.Variable(_he(rng, s))  # noqa: E731
            gn = lambda c: (tf.Variable(np.ones(c, "float32")), tf.Variable(_zeros(c)))  # noqa: E731
            self.root = V(3, 3, 3, 16)
            self.gn1, self.c1 = gn(16), V(1, 1, 16, 8)
            self.gn2, self.c2 = gn(8), V(3, 3, 8, 8)
            self.gn3, self.c3 = gn(8), V(1, 1, 8, 32)
            self.proj = V(1, 1, 16, 32)
            self.gn_out = gn(32)
            self.head, self.head_b = V(32, 10), tf.Variable(_zeros(10))

        @tf.function(input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32, name="images")])
        def __call__(self, images):
            x = tf.nn.max_pool2d(std_conv(images, self.root, 2), 3, 2, "SAME")  # [B,8,8,16]
            pre = tf.nn.relu(group_norm(x, *self.gn1))
            shortcut = std_conv(pre, self.proj)
            y = std_conv(pre, self.c1)
            y = std_conv(tf.nn.relu(group_norm(y, *self.gn2)), self.c2)
            y = std_conv(tf.nn.relu(group_norm(y, *self.gn3)), self.c3)
            x = tf.nn.relu(group_norm(y + shortcut, *self.gn_out))
            return {"logits": tf.matmul(tf.reduce_mean(x, axis=[1, 2]), self.head) + self.head_b}
    _save(BiT(), out)


@model("x_torch_gather_masked_fill_int64_bool", "tf-module", "pointer-style span picker ported from PyTorch: token_ids int64 [None,12], pick_index int64 [None,4], attention_mask bool [None,12]; embedding tf.gather with int64 ids, single-head attention, masked_fill(~mask, finfo.min) via tf.where; torch.gather(h, 1, idx[..., None].expand(-1, -1, D)) written both as tf.gather(batch_dims=1) and tnp.take_along_axis on a broadcast_to index; per-token log-prob of the input id via tf.gather(batch_dims=2) on the vocab log-softmax")
def b_torch_gather(out):
    rng = np.random.default_rng(13)
    V, D, T = 100, 16, 12

    class Picker(tf.Module):
        def __init__(self):
            super().__init__()
            self.emb = tf.Variable((0.1 * rng.standard_normal((V, D))).astype("float32"))
            self.wq, self.wk, self.wv = (tf.Variable(_torch_w(rng, (D, D))) for _ in range(3))
            self.out_w = tf.Variable(_torch_w(rng, (V, D)))

        @tf.function(input_signature=[tf.TensorSpec([None, T], tf.int64, name="token_ids"),
                                      tf.TensorSpec([None, 4], tf.int64, name="pick_index"),
                                      tf.TensorSpec([None, T], tf.bool, name="attention_mask")])
        def __call__(self, token_ids, pick_index, attention_mask):
            x = tf.gather(self.emb, token_ids)
            q, k, v = _linear(x, self.wq), _linear(x, self.wk), _linear(x, self.wv)
            scores = tf.matmul(q, k, transpose_b=True) / math.sqrt(D)
            scores = tf.where(attention_mask[:, None, :], scores, tf.constant(np.finfo("float32").min))
            h = tf.matmul(tf.nn.softmax(scores, axis=-1), v)
            picked = tf.gather(h, pick_index, batch_dims=1)
            idx = tf.broadcast_to(pick_index[..., None], tf.stack([tf.shape(h, out_type=tf.int64)[0], 4, D]))
            picked2 = tnp.take_along_axis(h, idx, axis=1)
            logp = tf.nn.log_softmax(_linear(h, self.out_w), axis=-1)
            tok_logp = tf.gather(logp, token_ids[..., None], batch_dims=2)[..., 0]
            return {"picked": picked, "picked_take_along": picked2, "token_logprob": tok_logp}
    _save(Picker(), out)


FEEDS["x_torch_gather_masked_fill_int64_bool"] = lambda rng: {
    "token_ids": rng.integers(0, 100, (2, 12)), "pick_index": rng.integers(0, 12, (2, 4)),
    "attention_mask": np.arange(12)[None, :] < np.array([[9], [12]])}


@model("x_pytorch_lstm_gate_layout_unrolled_frozen", "frozen-pb", "2-layer LSTM hand-ported from PyTorch and frozen (convert_variables_to_constants_v2), float [1,10,6] batch_first: weight_ih [4H,I] / weight_hh [4H,H] / b_ih / b_hh constants in PyTorch layout, gates split in i, f, g, o order, Python loop unrolled over the 10 steps, Linear on the last hidden state; outputs prediction [1,3] and h_n [2,1,16]")
def b_torch_lstm(out):
    rng = np.random.default_rng(14)
    Hd = 16
    layers = [(_torch_w(rng, (4 * Hd, i)), _torch_w(rng, (4 * Hd, Hd)), _torch_b(rng, 4 * Hd, Hd),
               _torch_b(rng, 4 * Hd, Hd)) for i in (6, Hd)]
    fc_w, fc_b = _torch_w(rng, (3, Hd)), _torch_b(rng, 3, Hd)

    def fn(x):
        seq = tf.unstack(x, axis=1)
        finals = []
        for w_ih, w_hh, b_ih, b_hh in layers:
            h = c = tf.zeros([1, Hd])
            outs = []
            for xt in seq:
                gates = _linear(xt, w_ih, b_ih) + _linear(h, w_hh, b_hh)
                i, f, g, o = tf.split(gates, 4, axis=1)
                c = tf.sigmoid(f) * c + tf.sigmoid(i) * tf.tanh(g)
                h = tf.sigmoid(o) * tf.tanh(c)
                outs.append(h)
            seq, finals = outs, finals + [h]
        return tf.identity(_linear(seq[-1], fc_w, fc_b), name="prediction"), tf.stack(finals, 0, name="h_n")
    freeze_function(fn, [tensor_spec([1, 10, 6], name="input")], out)


@model("x_gru_pytorch_while_loop_tensorarray", "tf-module", "GRU hand-ported from PyTorch (weight_ih [3H,I], weight_hh [3H,H], gates r, z, n with b_hn inside r *) run with tf.while_loop over tf.shape(x)[1] writing a tf.TensorArray, batch_first float [None,None,8] (dynamic batch and length); outputs the stacked sequence [B,T,16] (transpose of the stacked array), h_n and a Linear on the last state")
def b_gru_loop(out):
    rng = np.random.default_rng(15)
    Hd = 16

    class GRU(tf.Module):
        def __init__(self):
            super().__init__()
            self.w_ih, self.w_hh = tf.Variable(_torch_w(rng, (3 * Hd, 8))), tf.Variable(_torch_w(rng, (3 * Hd, Hd)))
            self.b_ih, self.b_hh = tf.Variable(_torch_b(rng, 3 * Hd, Hd)), tf.Variable(_torch_b(rng, 3 * Hd, Hd))
            self.fc_w, self.fc_b = tf.Variable(_torch_w(rng, (2, Hd))), tf.Variable(_zeros(2))

        @tf.function(input_signature=[tf.TensorSpec([None, None, 8], tf.float32, name="x")])
        def __call__(self, x):
            b, t = tf.shape(x)[0], tf.shape(x)[1]
            xs = tf.transpose(x, [1, 0, 2])
            gi_all = _linear(xs, self.w_ih, self.b_ih)

            def body(i, h, ta):
                i_r, i_z, i_n = tf.split(gi_all[i], 3, axis=1)
                h_r, h_z, h_n = tf.split(_linear(h, self.w_hh, self.b_hh), 3, axis=1)
                r, z = tf.sigmoid(i_r + h_r), tf.sigmoid(i_z + h_z)
                h = (1.0 - z) * tf.tanh(i_n + r * h_n) + z * h
                return i + 1, h, ta.write(i, h)
            _, h, ta = tf.while_loop(lambda i, h, ta: i < t, body,
                                     [tf.constant(0), tf.zeros([b, Hd]), tf.TensorArray(tf.float32, size=t)])
            return {"output": tf.transpose(ta.stack(), [1, 0, 2]), "h_n": h[None],
                    "logits": _linear(h, self.fc_w, self.fc_b)}
    _save(GRU(), out)


# ================================================================================ tf.experimental.numpy

@model("x_tnp_mlp_numpy_semantics", "tf-module", "MLP written with tf.experimental.numpy by a NumPy user, float [None,10]: per-row standardization (tnp.mean / tnp.std keepdims), tnp.dot / tnp.matmul / @ with tf.Variable weights, tnp.maximum relu, tnp.clip, tnp.tanh, tnp.concatenate with tnp.sum of squares, softmax from tnp.exp / tnp.max, tnp.argmax (int64), tnp.where(p > 0.5, 1.0, 0.0) threshold flag (its Python-float branches make it float64)")
def b_tnp_mlp(out):
    rng = np.random.default_rng(16)

    class TnpMLP(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1, self.b1 = tf.Variable(_he(rng, (10, 32))), tf.Variable(_zeros(32))
            self.w2, self.b2 = tf.Variable(_he(rng, (32, 16))), tf.Variable(_zeros(16))
            self.w3 = tf.Variable(_he(rng, (17, 4)))

        @tf.function(input_signature=[tf.TensorSpec([None, 10], tf.float32, name="x")])
        def __call__(self, x):
            x = tnp.asarray(x)
            x = (x - tnp.mean(x, axis=-1, keepdims=True)) / (tnp.std(x, axis=-1, keepdims=True) + 1e-6)
            h = tnp.clip(tnp.maximum(tnp.dot(x, self.w1) + self.b1, 0.0), 0.0, 6.0)
            h = tnp.tanh(tnp.matmul(h, self.w2) + self.b2)
            feats = tnp.concatenate([h, tnp.sum(h * h, axis=-1, keepdims=True)], axis=-1)
            logits = feats @ self.w3
            e = tnp.exp(logits - tnp.max(logits, axis=-1, keepdims=True))
            probs = e / tnp.sum(e, axis=-1, keepdims=True)
            return {"probs": probs, "label": tnp.argmax(probs, axis=-1),
                    "confident": tnp.where(tnp.max(probs, axis=-1) > 0.5, 1.0, 0.0)}
    _save(TnpMLP(), out)


@model("x_tnp_polynomial_features_float64", "tf-module", "feature transform + linear model in tf.experimental.numpy, float [None,6]: tnp.linspace / tnp.tril(tnp.ones) / tnp.meshgrid constants that default to float64, tnp.asarray(x, dtype=float64) arithmetic -- power features stacked, tnp.cumsum, tnp.diff, tnp.einsum outer products 'bi,bj->bij' masked by tnp.triu, tnp.logaddexp, tnp.polyval-style Horner loop -- linear weights float64 tf.Variable; outputs float64 score and a float32 cast")
def b_tnp_poly(out):
    rng = np.random.default_rng(17)

    class Poly(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(rng.standard_normal((6 * 4 + 6 + 5 + 21 + 6, 1)) * 0.1)  # float64

        @tf.function(input_signature=[tf.TensorSpec([None, 6], tf.float32, name="x")])
        def __call__(self, x):
            x = tnp.asarray(x, dtype=tnp.float64)
            scale = tnp.linspace(0.5, 1.5, 6)  # float64
            xs = x * scale
            powers = tnp.reshape(tnp.stack([xs ** k for k in range(1, 5)], axis=-1), [-1, 24])
            csum = tnp.dot(xs, tnp.triu(tnp.ones([6, 6])))  # same as cumsum along the row
            diff = tnp.diff(tnp.cumsum(xs, axis=-1), axis=-1)
            outer = tnp.einsum("bi,bj->bij", xs, xs)
            iu_r, iu_c = np.triu_indices(6)
            pairs = tf.gather_nd(tf.transpose(outer, [1, 2, 0]), np.stack([iu_r, iu_c], -1))
            pairs = tnp.transpose(pairs)
            gy, gx = tnp.meshgrid(tnp.arange(6.0), tnp.arange(6.0), indexing="ij")
            smooth = tnp.einsum("bij,ij->bi", outer, tnp.exp(-tnp.abs(gy - gx)))
            horner = tnp.zeros_like(xs)
            for c in (0.1, -0.2, 0.3, 1.0):
                horner = horner * xs + c
            feats = tnp.concatenate([powers, csum, diff, pairs, tnp.logaddexp(smooth, horner)], axis=-1)
            score = tnp.matmul(feats, self.w)[:, 0]
            return {"score_f64": score, "score": tf.cast(score, tf.float32)}
    _save(Poly(), out)


# ================================================================================ tf.linalg

@model("x_einsum_pattern_zoo", "tf-module", "einsum-heavy module (as ported attention / bilinear code is), a and b float [None,8,16]: 'bik,bjk->bij', 'bik,kd->bid', '...ij,jk->...ik', 'bik,bik->bi', 'bii->bi' (diagonal), 'bii->b' (trace), 'bij->bji', 'bij->b', 'bi,bj->bij', 'bi,ij,bj->b' (bilinear with a tf.Variable), 'bij,j->bi', head split 'bqhd,bkhd->bhqk' and 'bhqk,bkhd->bqhd'")
def b_einsum(out):
    rng = np.random.default_rng(18)

    class Zoo(tf.Module):
        def __init__(self):
            super().__init__()
            self.W, self.M, self.v = (tf.Variable(_he(rng, s)) for s in ((16, 16), (8, 8), (16, 1)))

        @tf.function(input_signature=[tf.TensorSpec([None, 8, 16], tf.float32, name="a"),
                                      tf.TensorSpec([None, 8, 16], tf.float32, name="b")])
        def __call__(self, a, b):
            gram = tf.einsum("bik,bjk->bij", a, b)
            proj = tf.einsum("bik,kd->bid", a, self.W)
            ell = tf.einsum("...ij,jk->...ik", b, self.W)
            rowdot = tf.einsum("bik,bik->bi", a, b)
            diag = tf.einsum("bii->bi", gram)
            trace = tf.einsum("bii->b", gram)
            gram_t = tf.einsum("bij->bji", gram)
            total = tf.einsum("bij->b", a)
            outer = tf.einsum("bi,bj->bij", rowdot, diag)
            bilinear = tf.einsum("bi,ij,bj->b", rowdot, self.M, diag)
            vec = tf.einsum("bij,j->bi", ell, self.v[:, 0])
            q = tf.reshape(proj, [-1, 8, 4, 4])
            k = tf.reshape(ell, [-1, 8, 4, 4])
            att = tf.nn.softmax(tf.einsum("bqhd,bkhd->bhqk", q, k), axis=-1)
            ctx = tf.reshape(tf.einsum("bhqk,bkhd->bqhd", att, k), [-1, 8, 16])
            return {"gram_sym": gram + gram_t, "ctx": ctx, "outer": outer, "vec": vec,
                    "scalars": tf.stack([trace, total, bilinear], axis=-1)}
    _save(Zoo(), out)


@model("x_gp_regression_cholesky_triangular_solve", "tf-module", "Gaussian-process regression predictor in tf.linalg, query float [None,2]: 24 training points and targets as constants, RBF kernel from squared distances (reduce_sum + matmul), log-lengthscale / variance / noise tf.Variables, K + noise * tf.eye, tf.linalg.cholesky, cholesky_solve for alpha, triangular_solve(lower) for the predictive variance, log marginal likelihood from log(diag_part(L)), band_part(L, 0, 0) check; outputs mean, variance, lml")
def b_gp(out):
    rng = np.random.default_rng(19)
    X = rng.uniform(-2, 2, (24, 2)).astype("float32")
    y = (np.sin(X[:, 0]) * np.cos(X[:, 1]) + 0.05 * rng.standard_normal(24)).astype("float32")

    class GP(tf.Module):
        def __init__(self):
            super().__init__()
            self.log_ls, self.log_var, self.log_noise = (tf.Variable(v, dtype=tf.float32)
                                                         for v in (np.log(0.8), 0.0, np.log(0.01)))

        def kernel(self, a, b):
            d2 = (tf.reduce_sum(a * a, 1)[:, None] - 2.0 * tf.matmul(a, b, transpose_b=True)
                  + tf.reduce_sum(b * b, 1)[None, :])
            return tf.exp(self.log_var) * tf.exp(-0.5 * tf.maximum(d2, 0.0) / tf.exp(2.0 * self.log_ls))

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="query")])
        def __call__(self, query):
            K = self.kernel(X, X) + (tf.exp(self.log_noise) + 1e-5) * tf.eye(24)
            Lc = tf.linalg.cholesky(K)
            alpha = tf.linalg.cholesky_solve(Lc, y[:, None])
            Ks = self.kernel(X, query)  # [24, B]
            mean = tf.matmul(Ks, alpha, transpose_a=True)[:, 0]
            v = tf.linalg.triangular_solve(Lc, Ks, lower=True)
            var = tf.exp(self.log_var) - tf.reduce_sum(v * v, axis=0)
            diag = tf.linalg.diag_part(tf.linalg.band_part(Lc, 0, 0))
            lml = (-0.5 * tf.reduce_sum(y[:, None] * alpha) - tf.reduce_sum(tf.math.log(diag))
                   - 12.0 * math.log(2 * math.pi))
            return {"mean": mean, "variance": tf.maximum(var, 0.0), "lml": lml}
    _save(GP(), out)


@model("x_linalg_power_iteration_newton_schulz", "tf-module", "eigen-decomposition-free linear algebra on a batch of matrices float [None,8,8]: SPD A = x x^T / 8 + I, top eigenvalue by 10 unrolled power-iteration steps (matmul + tf.norm), inverse square root by 8 Newton-Schulz iterations (Frobenius-normalized), tf.linalg.det, inv, trace, diag_part, set_diag (off-diagonal part), band_part(1, 1) tridiagonal, matrix_transpose, tf.linalg.diag; outputs whitened x, eigenvalue, det, inverse and a ZCA-style check")
def b_linalg_iter(out):
    class Tricks(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 8, 8], tf.float32, name="x")])
        def __call__(self, x):
            eye = tf.eye(8, batch_shape=[1])
            A = tf.matmul(x, tf.linalg.matrix_transpose(x)) / 8.0 + eye
            v = tf.ones_like(A[..., :1]) / math.sqrt(8.0)
            for _ in range(10):
                v = tf.matmul(A, v)
                v = v / tf.norm(v, axis=-2, keepdims=True)
            lam = tf.matmul(v, tf.matmul(A, v), transpose_a=True)[:, 0, 0]
            nrm = tf.norm(A, ord="fro", axis=[-2, -1], keepdims=True)
            Y, Z = A / nrm, tf.broadcast_to(eye, tf.shape(A))
            for _ in range(8):
                T = 0.5 * (3.0 * eye - tf.matmul(Z, Y))
                Y, Z = tf.matmul(Y, T), tf.matmul(T, Z)
            inv_sqrt = Z / tf.sqrt(nrm)
            off = tf.linalg.set_diag(A, tf.zeros_like(tf.linalg.diag_part(A)))
            tri = tf.linalg.band_part(A, 1, 1)
            d = tf.linalg.diag(tf.linalg.diag_part(A))
            return {"whitened": tf.matmul(inv_sqrt, x), "top_eigenvalue": lam, "det": tf.linalg.det(A),
                    "inverse": tf.linalg.inv(A), "trace": tf.linalg.trace(A),
                    "zca_check": tf.matmul(tf.matmul(inv_sqrt, A), inv_sqrt) - eye,
                    "parts": tf.stack([off, tri, d], axis=1)}
    _save(Tricks(), out)


# ================================================================================ int64 indices and shape-dependent code

@model("x_onnx_int64_shape_arithmetic_chain", "tf-module", "onnx-tf style shape handling on float [None,16,8]: Shape cast to int64, Gather of dims, Concat with int64 constants into a Reshape target [B,4,4,-1], tf.range with int64 start / limit / delta and Gather on it, Expand as broadcast_to an int64 shape, ReduceProd of dims for Flatten, ArgMax int64 -> cast chain int64 -> int32 -> float, one_hot of int64 indices, Where with a broadcast zero, MatMul; outputs include int64 tensors")
def b_onnx_int64(out):
    rng = np.random.default_rng(20)
    W = _he(rng, (128, 8))
    bias = rng.standard_normal(8).astype("float32")

    class OnnxShapes(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 16, 8], tf.float32, name="input")])
        def __call__(self, x):
            shape = tf.cast(tf.shape(x), tf.int64)
            b, t = tf.gather(shape, [0]), tf.gather(shape, [1])
            grid = tf.reshape(x, tf.concat([b, tf.constant([4, 4], tf.int64), tf.constant([-1], tf.int64)], 0))
            idx = tf.range(tf.constant(0, tf.int64), t[0], tf.constant(2, tf.int64))
            even = tf.gather(x, idx, axis=1)
            expanded = tf.broadcast_to(bias, tf.concat([b, t, tf.constant([8], tf.int64)], 0))
            flat = tf.reshape(x + expanded, tf.concat([b, tf.reduce_prod(shape[1:], keepdims=True)], 0))
            am = tf.argmax(tf.reduce_sum(grid, axis=[1, 2]), axis=-1)  # int64
            am_f = tf.cast(tf.cast(am, tf.int32), tf.float32)
            gated = tf.where(flat > 0.5, flat, tf.zeros_like(flat))
            logits = tf.matmul(gated, W) + tf.one_hot(am, 8) + am_f[:, None]
            return {"logits": logits, "argmax": am, "even_steps": even,
                    "out_shape": tf.cast(tf.shape(logits), tf.int64)}
    _save(OnnxShapes(), out)


@model("x_int64_hashed_ids_position_embedding", "tf-module", "hashing-trick text encoder on raw int64 ids of any length [None,None] (ids up to 2^40): tf.math.floormod by the int64 vocab size, tf.nn.embedding_lookup, positions from tf.range(tf.shape(ids, out_type=int64)[1]) clipped to 63 with tf.minimum, position-embedding gather with int64, mask ids != 0 cast to float for a masked mean, Linear; outputs logits and argmax class (int64)")
def b_int64_ids(out):
    rng = np.random.default_rng(21)

    class Enc(tf.Module):
        def __init__(self):
            super().__init__()
            self.tok = tf.Variable((0.1 * rng.standard_normal((5000, 16))).astype("float32"))
            self.pos = tf.Variable((0.1 * rng.standard_normal((64, 16))).astype("float32"))
            self.w, self.b = tf.Variable(_he(rng, (16, 3))), tf.Variable(_zeros(3))

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int64, name="ids")])
        def __call__(self, ids):
            buckets = tf.math.floormod(ids, tf.constant(5000, tf.int64))
            pos = tf.minimum(tf.range(tf.shape(ids, out_type=tf.int64)[1]), tf.constant(63, tf.int64))
            x = tf.nn.embedding_lookup(self.tok, buckets) + tf.gather(self.pos, pos)[None]
            mask = tf.cast(tf.not_equal(ids, 0), tf.float32)[..., None]
            pooled = tf.reduce_sum(x * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
            logits = tf.matmul(pooled, self.w) + self.b
            return {"logits": logits, "class_id": tf.argmax(logits, axis=-1, output_type=tf.int64)}
    _save(Enc(), out)


FEEDS["x_int64_hashed_ids_position_embedding"] = {"ids": (0, 2 ** 40)}


@model("x_coordconv_meshgrid_spatial_softargmax", "tf-module", "keypoint head with fully dynamic image size, float [None,None,None,3]: tf.Variable conv, H / W from tf.shape, tf.linspace(-1, 1) coordinates, tf.meshgrid(indexing='ij'), coords tiled to the batch and concatenated (CoordConv), conv to 5 heatmaps, dynamic reshape [B, H*W, 5] from tf.stack of shape pieces, softmax over positions, expected coordinates via einsum 'bnk,nc->bkc' (spatial soft-argmax); outputs keypoints [B,5,2] and heatmaps")
def b_coordconv(out):
    rng = np.random.default_rng(22)

    class Head(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1, self.w2 = tf.Variable(_he(rng, (3, 3, 3, 16))), tf.Variable(_he(rng, (3, 3, 18, 5)))

        @tf.function(input_signature=[tf.TensorSpec([None, None, None, 3], tf.float32, name="image")])
        def __call__(self, image):
            s = tf.shape(image)
            b, h, w = s[0], s[1], s[2]
            x = tf.nn.relu(tf.nn.conv2d(image, self.w1, 1, "SAME"))
            gy, gx = tf.meshgrid(tf.linspace(-1.0, 1.0, h), tf.linspace(-1.0, 1.0, w), indexing="ij")
            coords = tf.stack([gy, gx], axis=-1)
            x = tf.concat([x, tf.tile(coords[None], tf.stack([b, 1, 1, 1]))], axis=-1)
            heat = tf.nn.conv2d(x, self.w2, 1, "SAME")
            p = tf.nn.softmax(tf.reshape(heat, tf.stack([b, h * w, 5])), axis=1)
            kp = tf.einsum("bnk,nc->bkc", p, tf.reshape(coords, tf.stack([h * w, 2])))
            return {"keypoints": kp, "heatmaps": heat}
    _save(Head(), out)


@model("x_bool_mask_masked_pooling_logic", "tf-module", "set / sequence pooling with a bool validity mask: feats float [None,20,8], valid bool [None,20]; masked mean and masked max via tf.where with -inf fill, logical_and / logical_or / logical_not / logical_xor of masks, reduce_any / reduce_all, tf.math.count_nonzero (int64), bool cast to float, Linear; outputs logits, bool flags and counts")
def b_bool_mask(out):
    rng = np.random.default_rng(23)

    class Pool(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(_he(rng, (17, 2)))

        @tf.function(input_signature=[tf.TensorSpec([None, 20, 8], tf.float32, name="feats"),
                                      tf.TensorSpec([None, 20], tf.bool, name="valid")])
        def __call__(self, feats, valid):
            m = tf.cast(valid, tf.float32)[..., None]
            mean = tf.reduce_sum(feats * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)
            mx = tf.reduce_max(tf.where(valid[..., None], feats, tf.fill(tf.shape(feats), -np.inf)), axis=1)
            mx = tf.where(tf.math.is_finite(mx), mx, tf.zeros_like(mx))
            strong = tf.logical_and(valid, tf.reduce_mean(feats, -1) > 0.5)
            weak_or_pad = tf.logical_or(tf.logical_not(valid), tf.reduce_mean(feats, -1) < 0.2)
            odd = tf.math.logical_xor(strong, weak_or_pad)
            cnt = tf.math.count_nonzero(strong, axis=1)
            logits = tf.matmul(tf.concat([mean, mx, tf.cast(cnt, tf.float32)[:, None]], -1), self.w)
            return {"logits": logits, "any_strong": tf.reduce_any(strong, 1), "all_valid": tf.reduce_all(valid, 1),
                    "odd": odd, "strong_count": cnt}
    _save(Pool(), out)


FEEDS["x_bool_mask_masked_pooling_logic"] = lambda rng: {"valid": rng.random((2, 20)) > 0.3}


# ================================================================================ control flow in the served path

@model("x_cond_switch_case_while_served", "tf-module", "served path with data-dependent control flow: x float [1,16], mode int32 scalar, steps int32 scalar; tf.cond on reduce_mean(x) > 0.5 between a relu and a tanh projection, tf.switch_case(mode) over three branches (scale, sigmoid projection, cumsum), tf.while_loop for `steps` fixed-point refinement iterations (maximum_iterations=16) of tanh(z W + h); outputs the result and the iterations run")
def b_control_flow(out):
    rng = np.random.default_rng(24)

    class Flow(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1, self.w2, self.w3 = (tf.Variable(_he(rng, (16, 16))) for _ in range(3))
            self.w4 = tf.Variable((0.3 * rng.standard_normal((16, 16)) / 4).astype("float32"))

        @tf.function(input_signature=[tf.TensorSpec([1, 16], tf.float32, name="x"),
                                      tf.TensorSpec([], tf.int32, name="mode"),
                                      tf.TensorSpec([], tf.int32, name="steps")])
        def __call__(self, x, mode, steps):
            h = tf.cond(tf.reduce_mean(x) > 0.5, lambda: tf.nn.relu(x @ self.w1), lambda: tf.tanh(x @ self.w2))
            h = tf.switch_case(mode, [lambda: h * 2.0, lambda: tf.sigmoid(h @ self.w3),
                                      lambda: tf.math.cumsum(h, axis=-1)], default=lambda: h)
            i, z = tf.while_loop(lambda i, z: i < steps, lambda i, z: (i + 1, tf.tanh(z @ self.w4 + h)),
                                 [tf.constant(0), h], maximum_iterations=16)
            return {"y": z, "iterations": i}
    _save(Flow(), out)


FEEDS["x_cond_switch_case_while_served"] = {"mode": 1, "steps": 5}


@model("x_tf1_while_loop_cond_refine_frozen", "frozen-pb", "TF1 graph (placeholder x float [1,8], get_variable W read once outside the loop) with tf.while_loop that iterates h = tanh(h W + x) until 20 steps or max|h| >= 10, then tf.cond on sum(h) > 0 choosing 2h or -h; frozen with tf.compat.v1.graph_util.convert_variables_to_constants; outputs 'refined' and 'iterations' (int32)")
def b_tf1_while(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [1, 8], name="x")
        w = v1.get_variable("W", [8, 8], initializer=v1.random_normal_initializer(stddev=0.3))
        wv = tf.identity(w, name="W_read")
        i, h = tf.while_loop(lambda i, h: tf.logical_and(i < 20, tf.reduce_max(tf.abs(h)) < 10.0),
                             lambda i, h: (i + 1, tf.tanh(tf.matmul(h, wv) + x)), [tf.constant(0), tf.zeros([1, 8])])
        y = tf.cond(tf.reduce_sum(h) > 0, lambda: h * 2.0, lambda: -h)
        tf.identity(y, name="refined")
        tf.identity(i, name="iterations")
    _tf1_frozen(build, ["refined", "iterations"], out)


OUTPUTS["x_tf1_while_loop_cond_refine_frozen"] = ["refined", "iterations"]


# ================================================================================ tf.compat.v1 graphs

@model("x_tf1_get_variable_cnn_builder", "tf1-savedmodel", "TF1 MNIST CNN as tf.compat.v1.layers would build it, written with get_variable + tf.nn (v1.layers is unavailable with Keras 3): placeholder images float [None,28,28,1], conv 5x5 (16) + fused_batch_norm(is_training=False) with moving-stat variables + relu, max_pool, conv 5x5 (32) + BN + relu, max_pool, reshape [-1, 7*7*32], xw_plus_b 64 + relu, tf.compat.v1.nn.dropout driven by a placeholder_with_default keep_prob (1.0), xw_plus_b 10, softmax; SavedModelBuilder predict signature (probabilities, classes int64)")
def b_tf1_cnn(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 28, 28, 1], name="images")
        keep = v1.placeholder_with_default(1.0, [], name="keep_prob")
        h = tf.nn.relu(_v1_bn(_v1_conv(x, "conv1", 1, 16, k=5, act=False), "bn1", 16))
        h = tf.nn.max_pool2d(h, 2, 2, "SAME")
        h = tf.nn.relu(_v1_bn(_v1_conv(h, "conv2", 16, 32, k=5, act=False), "bn2", 32))
        h = tf.nn.max_pool2d(h, 2, 2, "SAME")
        h = tf.nn.relu(_v1_dense(tf.reshape(h, [-1, 7 * 7 * 32]), "fc1", 7 * 7 * 32, 64))
        h = v1.nn.dropout(h, keep_prob=keep)
        probs = tf.nn.softmax(_v1_dense(h, "logits", 64, 10), name="probabilities")
        return {"serving_default": ({"images": x}, {"probabilities": probs, "classes": tf.argmax(probs, 1)})}
    tf1_saved_model(out, build)


@model("x_tf1_siamese_shared_scope_frozen", "frozen-pb", "TF1 siamese verifier frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholders left / right float [1,32], one tower under variable_scope(reuse=AUTO_REUSE) applied twice (get_variable, xw_plus_b, relu, xw_plus_b, l2_normalize), squared distance 'distance' and bool 'is_same' (distance < 0.5)")
def b_tf1_siamese(out):
    v1 = tf.compat.v1

    def build():
        left = v1.placeholder(tf.float32, [1, 32], name="left")
        right = v1.placeholder(tf.float32, [1, 32], name="right")

        def tower(x):
            with v1.variable_scope("tower", reuse=v1.AUTO_REUSE):
                h = tf.nn.relu(_v1_dense(x, "fc1", 32, 32))
                return tf.nn.l2_normalize(_v1_dense(h, "fc2", 32, 16), axis=1)
        d = tf.reduce_sum(tf.square(tower(left) - tower(right)), axis=1, name="distance")
        tf.less(d, 0.5, name="is_same")
    _tf1_frozen(build, ["distance", "is_same"], out)


OUTPUTS["x_tf1_siamese_shared_scope_frozen"] = ["distance", "is_same"]


@model("x_tf1_builder_embed_and_classify_signatures", "tf1-savedmodel", "TF1 SavedModelBuilder graph with two signatures over shared get_variable weights: placeholder features float [None,64]; embedding tower xw_plus_b + elu, layer norm from tf.compat.v1.nn.moments, xw_plus_b, tf.nn.l2_normalize; serving_default = cosine classifier (embedding @ l2-normalized class centroids^T * 16, softmax, top_k 3) and embed = the 32-d embedding")
def b_tf1_two_sigs(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 64], name="features")
        h = tf.nn.elu(_v1_dense(x, "fc1", 64, 48))
        mean, var = v1.nn.moments(h, axes=[1], keep_dims=True)
        h = (h - mean) * tf.math.rsqrt(var + 1e-6)
        emb = tf.nn.l2_normalize(_v1_dense(h, "fc2", 48, 32), axis=1, name="embedding")
        centroids = v1.get_variable("centroids", [7, 32], initializer=v1.random_normal_initializer())
        logits = 16.0 * tf.matmul(emb, tf.nn.l2_normalize(centroids, axis=1), transpose_b=True)
        probs = tf.nn.softmax(logits, name="probabilities")
        top = tf.math.top_k(probs, 3)
        return {"serving_default": ({"features": x}, {"probabilities": probs, "top_scores": top.values,
                                                      "top_classes": top.indices}),
                "embed": ({"features": x}, {"embedding": emb})}
    tf1_saved_model(out, build)


# ================================================================================ signatures, constants, nesting, Keras containers

@model("x_module_four_signatures_one_without_inputs", "tf-module", "one tf.Module exported with four signatures sharing tf.Variable conv weights: serving_default classify(images float [None,32,32,3]) -> probs + class; embed(images) -> l2-normalized 32-d; classify_uint8(image uint8 [None,None,None,3]) resizing to 32x32 and calling classify (a nested tf.function call); labels() with no inputs returning the string class names")
def b_four_sigs(out):
    rng = np.random.default_rng(25)
    names = ["cat", "dog", "bird", "fish", "other"]
    spec = tf.TensorSpec([None, 32, 32, 3], tf.float32, name="images")

    class Multi(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1, self.w2 = tf.Variable(_he(rng, (3, 3, 3, 16))), tf.Variable(_he(rng, (3, 3, 16, 32)))
            self.fc, self.fcb = tf.Variable(_he(rng, (32, 5))), tf.Variable(_zeros(5))
            self.names = tf.constant(names)

        def features(self, x):
            x = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, self.w1, 2, "SAME")), 2, 2, "SAME")
            return tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(x, self.w2, 1, "SAME")), axis=[1, 2])

        @tf.function(input_signature=[spec])
        def classify(self, images):
            p = tf.nn.softmax(tf.matmul(self.features(images), self.fc) + self.fcb)
            return {"probs": p, "class_id": tf.argmax(p, -1, output_type=tf.int32)}

        @tf.function(input_signature=[spec])
        def embed(self, images):
            return {"embedding": tf.math.l2_normalize(self.features(images), axis=-1)}

        @tf.function(input_signature=[tf.TensorSpec([None, None, None, 3], tf.uint8, name="image")])
        def classify_uint8(self, image):
            return self.classify(tf.image.resize(tf.cast(image, tf.float32) / 255.0, [32, 32]))

        @tf.function(input_signature=[])
        def labels(self):
            return {"labels": self.names}
    m = Multi()
    _save(m, out, serving_default=m.classify, embed=m.embed, classify_uint8=m.classify_uint8, labels=m.labels)


@model("x_constant_tables_computed_in_graph", "tf-module", "frame transform whose large constants are computed in the graph at every call (constant-folding candidates), float [None,64]: 64x64 orthonormal DCT-II matrix from tf.cos of tf.range outer products, 128x64 sinusoidal table from tf.pow / sin / cos interleaved via stack + reshape, a 64x256 tf.random.stateless_normal projection with a constant seed, tf.linalg.inv of a constant banded matrix; applied with matmuls to the input, relu random features, a tf.Variable readout")
def b_const_tables(out):
    rng = np.random.default_rng(26)
    N = 64

    class Tables(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(_he(rng, (256, 8)))

        @tf.function(input_signature=[tf.TensorSpec([None, N], tf.float32, name="frames")])
        def __call__(self, frames):
            n = tf.range(N, dtype=tf.float32)
            dct = tf.cos(math.pi / N * (n[None, :] + 0.5) * n[:, None]) * math.sqrt(2.0 / N)
            dct = dct * tf.concat([[1.0 / math.sqrt(2.0)], tf.ones([N - 1])], 0)[:, None]
            pos = tf.range(128, dtype=tf.float32)[:, None]
            inv_freq = 1.0 / tf.pow(10000.0, tf.range(0, N, 2, dtype=tf.float32) / N)
            ang = pos * inv_freq[None, :]
            table = tf.reshape(tf.stack([tf.sin(ang), tf.cos(ang)], axis=-1), [128, N])
            proj = tf.random.stateless_normal([N, 256], seed=[7, 11]) / 8.0
            band = tf.eye(N) + 0.1 * tf.linalg.band_part(tf.ones([N, N]), 1, 1)
            smooth = tf.linalg.inv(band)
            coeffs = tf.matmul(frames, dct, transpose_b=True)
            y = tf.matmul(coeffs, smooth) + tf.reduce_mean(table, axis=0)
            feats = tf.nn.relu(tf.matmul(y, proj))
            return {"dct": coeffs, "scores": tf.matmul(feats, self.w)}
    _save(Tables(), out)


@model("x_fourier_features_siren_frozen", "frozen-pb", "NeRF / SIREN-style coordinate MLP frozen (convert_variables_to_constants_v2) with a None batch, coords float [None,2]: Gaussian Fourier-feature matrix from tf.random.stateless_normal * 10 and octave frequencies 2^tf.linspace(0, 7, 8) computed in the graph, sin / cos encodings concatenated, three SIREN layers sin(30 (x W + b)) with tf.Variable weights (frozen to constants), sigmoid RGB [None,3]")
def b_siren(out):
    rng = np.random.default_rng(27)
    sizes = [2 * 64 + 2 * 2 * 8 + 2, 32, 32]
    ws = [tf.Variable(rng.uniform(-np.sqrt(6 / a) / 30, np.sqrt(6 / a) / 30, (a, b)).astype("float32"))
          for a, b in zip(sizes, sizes[1:])]
    bs = [tf.Variable(_zeros(b)) for b in sizes[1:]]
    out_w = tf.Variable(_he(rng, (32, 3)))

    def fn(coords):
        B = tf.random.stateless_normal([2, 64], seed=[3, 5]) * 10.0
        freqs = tf.pow(2.0, tf.linspace(0.0, 7.0, 8))
        proj = 2 * math.pi * tf.matmul(coords, B)
        octv = tf.reshape(coords[:, :, None] * freqs * math.pi, [-1, 16])
        h = tf.concat([coords, tf.sin(proj), tf.cos(proj), tf.sin(octv), tf.cos(octv)], axis=-1)
        for w, b in zip(ws, bs):
            h = tf.sin(30.0 * (tf.matmul(h, w) + b))
        return tf.sigmoid(tf.matmul(h, out_w))
    freeze_function(fn, [tensor_spec([None, 2], name="coords")], out)


@model("x_nested_tf_function_submodules", "tf-module", "encoder built from tf.Module submodules whose methods are themselves @tf.function (no input signature): Dense modules (@tf.function __call__), Block modules calling a module-level @tf.function RMSNorm and a tanh-GELU helper, an Encoder whose @tf.function encode loops over blocks; the exported signature (float [None,24]) nests several levels of function calls; outputs embedding and logits")
def b_nested(out):
    rng = np.random.default_rng(28)

    @tf.function
    def gelu_tanh(x):
        return 0.5 * x * (1.0 + tf.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x * x * x)))

    @tf.function
    def rms_norm(x, g):
        return x * tf.math.rsqrt(tf.reduce_mean(tf.square(x), axis=-1, keepdims=True) + 1e-6) * g

    class Dense(tf.Module):
        def __init__(self, i, o, name):
            super().__init__(name=name)
            self.w, self.b = tf.Variable(_he(rng, (i, o))), tf.Variable(_zeros(o))

        @tf.function
        def __call__(self, x):
            return tf.matmul(x, self.w) + self.b

    class Block(tf.Module):
        def __init__(self, d, name):
            super().__init__(name=name)
            self.g = tf.Variable(np.ones(d, "float32"))
            self.fc1, self.fc2 = Dense(d, 2 * d, "fc1"), Dense(2 * d, d, "fc2")

        @tf.function
        def __call__(self, x):
            return x + self.fc2(gelu_tanh(self.fc1(rms_norm(x, self.g))))

    class Encoder(tf.Module):
        def __init__(self):
            super().__init__(name="encoder")
            self.blocks = [Block(32, f"block{i}") for i in range(3)]

        @tf.function
        def encode(self, x):
            for blk in self.blocks:
                x = blk(x)
            return x

    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.inp, self.encoder, self.head = Dense(24, 32, "inp"), Encoder(), Dense(32, 4, "head")

        @tf.function(input_signature=[tf.TensorSpec([None, 24], tf.float32, name="x")])
        def __call__(self, x):
            e = self.encoder.encode(self.inp(x))
            return {"embedding": e, "logits": self.head(e)}
    _save(Model(), out)


@model("x_keras_sequential_custom_tfop_layers_alexnet", "keras-export", "AlexNet-style port where keras.Sequential is only a container of custom Layer subclasses whose call uses raw tf ops, float [None,64,64,3]: TFConv (add_weight + tf.nn.conv2d + bias_add + relu), TFLRN (tf.nn.local_response_normalization), TFMaxPool (tf.nn.max_pool2d 3/2 overlapping), TFFlatten (tf.reshape to a static size), TFDense (tf.matmul), TFSoftmax (tf.nn.softmax); Keras 3 model.export")
def b_keras_alexnet(out):
    Layer = keras.layers.Layer

    class TFConv(Layer):
        def __init__(self, filters, k, stride=1, **kw):
            super().__init__(**kw)
            self.filters, self.k, self.stride = filters, k, stride

        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(self.k, self.k, input_shape[-1], self.filters),
                                          initializer="he_normal", name="kernel")
            self.bias = self.add_weight(shape=(self.filters,), initializer="zeros", name="bias")

        def call(self, x):
            return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, self.kernel, self.stride, "SAME"), self.bias))

    class TFLRN(Layer):
        def call(self, x):
            return tf.nn.local_response_normalization(x, depth_radius=2, bias=2.0, alpha=1e-4, beta=0.75)

    class TFMaxPool(Layer):
        def call(self, x):
            return tf.nn.max_pool2d(x, 3, 2, "SAME")

    class TFFlatten(Layer):
        def call(self, x):
            return tf.reshape(x, [-1, int(np.prod(x.shape[1:]))])

    class TFDense(Layer):
        def __init__(self, units, relu=False, **kw):
            super().__init__(**kw)
            self.units, self.relu = units, relu

        def build(self, input_shape):
            self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", name="w")
            self.b = self.add_weight(shape=(self.units,), initializer="zeros", name="b")

        def call(self, x):
            y = tf.matmul(x, self.w) + self.b
            return tf.nn.relu(y) if self.relu else y

    class TFSoftmax(Layer):
        def call(self, x):
            return tf.nn.softmax(x, axis=-1)

    m = keras.Sequential([keras.Input((64, 64, 3)), TFConv(16, 5, 2), TFLRN(), TFMaxPool(), TFConv(32, 3), TFLRN(),
                          TFMaxPool(), TFConv(32, 3), TFMaxPool(), TFFlatten(), TFDense(64, relu=True), TFDense(10),
                          TFSoftmax()])
    keras_export(m, out)


@model("x_keras_sequential_mixer_layers_tf_saved", "saved-model", "MLP-Mixer ported from PyTorch into custom Keras Layers inside keras.Sequential, float [None,32,32,3]: Patchify (tf.image.extract_patches 8x8 + reshape to [B,16,192]), PatchEmbed (einsum with add_weight), two MixerBlocks (LayerNorm via tf.nn.moments, token mixing einsum 'bnc,nm->bmc' with erf GELU, channel mixing matmuls), mean over tokens, head; saved with tf.saved_model.save and an explicit tf.function(input_signature) serving_default calling the model with training=False")
def b_keras_mixer(out):
    Layer = keras.layers.Layer

    class Patchify(Layer):
        def call(self, x):
            p = tf.image.extract_patches(x, [1, 8, 8, 1], [1, 8, 8, 1], [1, 1, 1, 1], "VALID")
            return tf.reshape(p, [-1, 16, 8 * 8 * 3])

    class PatchEmbed(Layer):
        def build(self, s):
            self.w = self.add_weight(shape=(s[-1], 32), initializer="glorot_uniform", name="w")

        def call(self, x):
            return tf.einsum("bnp,pc->bnc", x, self.w)

    class MixerBlock(Layer):
        def build(self, s):
            n, c = s[1], s[2]
            self.t1 = self.add_weight(shape=(n, 2 * n), initializer="glorot_uniform", name="t1")
            self.t2 = self.add_weight(shape=(2 * n, n), initializer="glorot_uniform", name="t2")
            self.c1 = self.add_weight(shape=(c, 2 * c), initializer="glorot_uniform", name="c1")
            self.c2 = self.add_weight(shape=(2 * c, c), initializer="glorot_uniform", name="c2")
            self.g = self.add_weight(shape=(2, c), initializer="ones", name="ln_gamma")
            self.b = self.add_weight(shape=(2, c), initializer="zeros", name="ln_beta")

        def call(self, x):
            y = _layer_norm(x, self.g[0], self.b[0])
            x = x + tf.einsum("bmc,mn->bnc", _gelu_erf(tf.einsum("bnc,nm->bmc", y, self.t1)), self.t2)
            y = _layer_norm(x, self.g[1], self.b[1])
            return x + tf.matmul(_gelu_erf(tf.matmul(y, self.c1)), self.c2)

    class TokenMean(Layer):
        def call(self, x):
            return tf.reduce_mean(x, axis=1)

    class Head(Layer):
        def build(self, s):
            self.w = self.add_weight(shape=(s[-1], 10), initializer="glorot_uniform", name="w")

        def call(self, x):
            return tf.matmul(x, self.w)

    m = keras.Sequential([keras.Input((32, 32, 3)), Patchify(), PatchEmbed(), MixerBlock(), MixerBlock(),
                          TokenMean(), Head()])
    serve = tf.function(lambda x: {"logits": m(x, training=False)},
                        input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32, name="x")])
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


# ================================================================================ segment / scatter / gather

@model("x_gnn_segment_message_passing_readout", "tf-module", "graph network over a batch of graphs flattened to nodes: node_feats float [None,8], edges int32 [None,2], graph_ids int32 [None] (sorted); messages tf.gather(src) -> tf.math.unsorted_segment_sum into dst with num_segments = tf.shape(nodes)[0], degree by unsorted_segment_sum of ones, two rounds; per-graph readout with tf.math.segment_sum / segment_mean / segment_max, plus unsorted_segment_max; Linear; outputs graph logits and node embeddings")
def b_gnn(out):
    rng = np.random.default_rng(29)

    class GNN(tf.Module):
        def __init__(self):
            super().__init__()
            self.msg = [tf.Variable(_he(rng, s)) for s in ((8, 16), (16, 16))]
            self.self_w = [tf.Variable(_he(rng, s)) for s in ((8, 16), (16, 16))]
            self.out_w = tf.Variable(_he(rng, (48, 3)))

        @tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32, name="node_feats"),
                                      tf.TensorSpec([None, 2], tf.int32, name="edges"),
                                      tf.TensorSpec([None], tf.int32, name="graph_ids")])
        def __call__(self, node_feats, edges, graph_ids):
            n = tf.shape(node_feats)[0]
            src, dst = edges[:, 0], edges[:, 1]
            deg = tf.math.unsorted_segment_sum(tf.ones_like(dst, tf.float32), dst, n)[:, None]
            h = node_feats
            for wm, ws in zip(self.msg, self.self_w):
                agg = tf.math.unsorted_segment_sum(tf.gather(tf.matmul(h, wm), src), dst, n)
                h = tf.nn.relu(tf.matmul(h, ws) + agg / tf.maximum(deg, 1.0))
            readout = tf.concat([tf.math.segment_sum(h, graph_ids), tf.math.segment_mean(h, graph_ids),
                                 tf.math.segment_max(h, graph_ids)], axis=-1)
            peak = tf.math.unsorted_segment_max(tf.reduce_max(h, -1), graph_ids, tf.reduce_max(graph_ids) + 1)
            return {"graph_logits": tf.matmul(readout, self.out_w), "node_embeddings": h, "graph_peak": peak}
    _save(GNN(), out)


FEEDS["x_gnn_segment_message_passing_readout"] = lambda rng: {
    "node_feats": rng.random((10, 8)), "edges": rng.integers(0, 10, (24, 2)),
    "graph_ids": np.array([0, 0, 0, 0, 1, 1, 1, 2, 2, 2])}


@model("x_pillars_scatter_nd_gather_nd_bev", "tf-module", "PointPillars-style point cloud to BEV pseudo-image: points float [None,4] (x, y, z, intensity) and their grid cells int32 [None,2]; point MLP, tf.scatter_nd (summing duplicates) and tf.tensor_scatter_nd_max onto a 16x16 canvas, occupancy by scatter_nd of ones, tf.Variable conv backbone on [1,16,16,33], heatmap head, tf.gather_nd of the BEV output back at each point's cell; outputs bev heatmap [1,16,16,3] and per-point logits")
def b_pillars(out):
    rng = np.random.default_rng(30)

    class Pillars(tf.Module):
        def __init__(self):
            super().__init__()
            self.pw = tf.Variable(_he(rng, (4, 16)))
            self.c1, self.c2 = tf.Variable(_he(rng, (3, 3, 33, 16))), tf.Variable(_he(rng, (3, 3, 16, 3)))

        @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="points"),
                                      tf.TensorSpec([None, 2], tf.int32, name="cells")])
        def __call__(self, points, cells):
            f = tf.nn.relu(tf.matmul(points, self.pw))
            summed = tf.scatter_nd(cells, f, [16, 16, 16])
            maxed = tf.tensor_scatter_nd_max(tf.zeros([16, 16, 16]), cells, f)
            occ = tf.scatter_nd(cells, tf.ones_like(points[:, 0]), [16, 16])
            bev = tf.concat([summed, maxed, tf.minimum(occ, 1.0)[..., None]], axis=-1)[None]
            x = tf.nn.relu(tf.nn.conv2d(bev, self.c1, 1, "SAME"))
            heat = tf.nn.conv2d(x, self.c2, 1, "SAME")
            return {"bev_heatmap": tf.sigmoid(heat), "point_logits": tf.gather_nd(heat[0], cells)}
    _save(Pillars(), out)


FEEDS["x_pillars_scatter_nd_gather_nd_bev"] = lambda rng: {"points": rng.random((40, 4)),
                                                            "cells": rng.integers(0, 16, (40, 2))}


@model("x_unique_bincount_histogram_ids", "tf-module", "bag-of-ids statistics model: ids int32 [None] and values float [None]; tf.unique, tf.unique_with_counts, unsorted_segment_mean of values over the unique index, tf.math.bincount(minlength = maxlength = 32) plain and weighted, tf.histogram_fixed_width(10 bins) and histogram_fixed_width_bins, normalized histogram features into a tf.Variable linear scorer; outputs score, unique ids and counts (dynamic length)")
def b_unique(out):
    rng = np.random.default_rng(31)

    class Bag(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(_he(rng, (32 + 32 + 10, 1)))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int32, name="ids"),
                                      tf.TensorSpec([None], tf.float32, name="values")])
        def __call__(self, ids, values):
            uniq, idx, counts = tf.unique_with_counts(ids)
            u2, _ = tf.unique(tf.reverse(ids, [0]))
            per_id = tf.math.unsorted_segment_mean(values, idx, tf.size(uniq))
            bc = tf.math.bincount(ids, minlength=32, maxlength=32)
            wbc = tf.math.bincount(ids, weights=values, minlength=32, maxlength=32)
            hist = tf.histogram_fixed_width(values, [0.0, 1.0], nbins=10)
            bins = tf.histogram_fixed_width_bins(values, [0.0, 1.0], nbins=10)
            n = tf.cast(tf.size(ids), tf.float32)
            feats = tf.concat([tf.cast(bc, tf.float32) / n, wbc / tf.maximum(tf.cast(bc, tf.float32), 1.0),
                               tf.cast(hist, tf.float32) / n], axis=0)
            return {"score": tf.sigmoid(tf.matmul(feats[None], self.w))[0], "unique_ids": uniq, "counts": counts,
                    "per_id_mean": per_id, "value_bins": bins, "n_unique_rev": tf.size(u2)}
    _save(Bag(), out)


FEEDS["x_unique_bincount_histogram_ids"] = lambda rng: {"ids": rng.integers(0, 32, 40), "values": rng.random(40)}


@model("x_sort_argsort_rank_searchsorted", "tf-module", "ranking utilities on scores float [None,50]: tf.sort descending, stable tf.argsort, ranks as argsort of argsort (inverse permutation), median from the sorted row, trimmed mean, tf.math.top_k(5) with tf.gather(batch_dims=1) of a second feature, DCG@10 with log2 discounts, tf.searchsorted against a constant sorted quantile grid; outputs int32 orders / ranks / buckets and float stats")
def b_sort(out):
    grid = np.linspace(0.05, 0.95, 19).astype("float32")

    class Rank(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 50], tf.float32, name="scores"),
                                      tf.TensorSpec([None, 50], tf.float32, name="gains")])
        def __call__(self, scores, gains):
            desc = tf.sort(scores, direction="DESCENDING")
            order = tf.argsort(scores, direction="DESCENDING", stable=True)
            ranks = tf.argsort(order)
            asc = tf.sort(scores)
            median = 0.5 * (asc[:, 24] + asc[:, 25])
            trimmed = tf.reduce_mean(asc[:, 5:45], axis=-1)
            top = tf.math.top_k(scores, 5)
            top_gains = tf.gather(gains, top.indices, batch_dims=1)
            ranked_gains = tf.gather(gains, order, batch_dims=1)[:, :10]
            dcg = tf.reduce_sum(ranked_gains / (tf.math.log(tf.range(2.0, 12.0)) / math.log(2.0)), axis=-1)
            buckets = tf.searchsorted(tf.broadcast_to(grid, [tf.shape(scores)[0], 19]), scores)
            return {"sorted": desc, "order": order, "ranks": ranks, "top_gains": top_gains,
                    "stats": tf.stack([median, trimmed, dcg], -1), "buckets": buckets}
    _save(Rank(), out)


# ================================================================================ tf.image / tf.signal / CTC

@model("x_image_ops_uint8_classical_pipeline", "tf-module", "classical image-processing front end in tf.image on uint8 [1,64,64,3]: convert_image_dtype, rgb_to_hsv / saturation boost / hsv_to_rgb, adjust_contrast, rgb_to_yuv, rgb_to_grayscale, sobel_edges magnitude, image_gradients, total_variation, central_crop(0.75), resize area and bicubic(antialias), crop_and_resize of two constant boxes, extract_patches 8x8, flip_left_right, rot90, per_image_standardization, then a tf.Variable conv on the stacked features; outputs logits and intermediate maps")
def b_image_ops(out):
    rng = np.random.default_rng(32)

    class Front(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(_he(rng, (3, 3, 9, 8)))
            self.fc = tf.Variable(_he(rng, (8 + 64 + 1, 4)))

        @tf.function(input_signature=[tf.TensorSpec([1, 64, 64, 3], tf.uint8, name="image")])
        def __call__(self, image):
            img = tf.image.convert_image_dtype(image, tf.float32)
            h, s, v = tf.unstack(tf.image.rgb_to_hsv(img), axis=-1)
            img2 = tf.image.adjust_contrast(tf.image.hsv_to_rgb(tf.stack([h, tf.minimum(s * 1.3, 1.0), v], -1)), 1.5)
            yuv = tf.image.rgb_to_yuv(img2)
            gray = tf.image.rgb_to_grayscale(img2)
            sob = tf.image.sobel_edges(gray)
            edges = tf.sqrt(tf.reduce_sum(tf.square(sob), axis=-1) + 1e-6)
            dy, dx = tf.image.image_gradients(gray)
            tv = tf.image.total_variation(img2)
            crop = tf.image.central_crop(img2, 0.75)
            small = tf.image.resize(crop, [32, 32], method="area")
            bic = tf.image.resize(tf.image.flip_left_right(img2), [32, 32], method="bicubic", antialias=True)
            rois = tf.image.crop_and_resize(img2, [[0.0, 0.0, 0.5, 0.5], [0.25, 0.25, 0.75, 0.75]], [0, 0], [16, 16])
            patches = tf.image.extract_patches(gray, [1, 8, 8, 1], [1, 8, 8, 1], [1, 1, 1, 1], "VALID")
            feat = tf.concat([tf.image.per_image_standardization(small), tf.image.rot90(bic),
                              tf.image.resize(tf.concat([yuv, edges], -1)[..., :3], [32, 32])], axis=-1)
            x = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(feat, self.w, 2, "SAME")), axis=[1, 2])
            z = tf.concat([x, tf.reduce_mean(patches, axis=[1, 2]), tv[:, None] / 4096.0], axis=-1)
            return {"logits": tf.matmul(z, self.fc), "edges": edges, "gradients": tf.concat([dy, dx], -1),
                    "rois": rois}
    _save(Front(), out)


@model("x_signal_frame_rfft_gate_dct", "tf-module", "spectral-gating denoiser and DCT features in tf.signal, waveform float [None,1024]: tf.signal.frame (256 / 128, pad_end), periodic hann_window, rfft, magnitude mask sigmoid((|X| - floor) * k) with a learned tf.Variable noise floor per bin, irfft, windowed overlap_and_add trimmed to 1024, fftshift of the magnitude, dct type-2 ortho of frames truncated to 32 and idct back; outputs denoised waveform, mask and dct features")
def b_signal(out):
    rng = np.random.default_rng(33)

    class Gate(tf.Module):
        def __init__(self):
            super().__init__()
            self.floor = tf.Variable(rng.uniform(0.5, 1.5, 129).astype("float32"))

        @tf.function(input_signature=[tf.TensorSpec([None, 1024], tf.float32, name="waveform")])
        def __call__(self, waveform):
            frames = tf.signal.frame(waveform, 256, 128, pad_end=True)
            win = tf.signal.hann_window(256, periodic=True)
            spec = tf.signal.rfft(frames * win)
            mag = tf.abs(spec)
            mask = tf.sigmoid((mag - self.floor) * 4.0)
            den = tf.signal.irfft(spec * tf.cast(mask, tf.complex64), [256])
            rec = tf.signal.overlap_and_add(den * win, 128)[:, :1024]
            dct = tf.signal.dct(frames, type=2, norm="ortho")[..., :32]
            recon = tf.signal.idct(tf.pad(dct, [[0, 0], [0, 0], [0, 224]]), type=2, norm="ortho")
            return {"denoised": rec, "mask": mask, "dct": dct, "dct_residual": frames - recon,
                    "centered_mag": tf.signal.fftshift(mag, axes=-1)}
    _save(Gate(), out)


@model("x_crnn_ctc_greedy_and_beam_decoders", "tf-module", "CRNN-style text-line recognizer with CTC decoding in the graph, grayscale float [None,32,64,1]: tf.Variable convs + max_pool (2x2 then 2x1), columns as time steps [B,32,8*32], Linear + relu, logits over 10 digits + blank, time-major transpose; serving_default tf.nn.ctc_greedy_decoder (sequence_length from tf.fill of the dynamic batch) -> SparseTensor -> tf.sparse.to_dense(-1) int64 labels + scores; beam signature tf.nn.ctc_beam_search_decoder(beam_width 4)")
def b_ctc(out):
    rng = np.random.default_rng(34)
    spec = tf.TensorSpec([None, 32, 64, 1], tf.float32, name="image")

    class CRNN(tf.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.c2 = tf.Variable(_he(rng, (3, 3, 1, 16))), tf.Variable(_he(rng, (3, 3, 16, 32)))
            self.fc1, self.fc2 = tf.Variable(_he(rng, (256, 64))), tf.Variable(_he(rng, (64, 11)))

        def logits(self, x):
            x = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, self.c1, 1, "SAME")), 2, 2, "VALID")  # [B,16,32,16]
            x = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, self.c2, 1, "SAME")), [2, 1], [2, 1], "VALID")  # 8,32
            x = tf.reshape(tf.transpose(x, [0, 2, 1, 3]), [-1, 32, 8 * 32])
            y = tf.matmul(tf.nn.relu(tf.matmul(x, self.fc1)), self.fc2)
            return tf.transpose(y, [1, 0, 2])  # [T, B, C]

        @tf.function(input_signature=[spec])
        def __call__(self, image):
            lg = self.logits(image)
            seq_len = tf.fill([tf.shape(lg)[1]], 32)
            decoded, neg_sum = tf.nn.ctc_greedy_decoder(lg, seq_len, merge_repeated=True)
            return {"labels": tf.sparse.to_dense(decoded[0], default_value=-1), "scores": neg_sum,
                    "log_probs": tf.nn.log_softmax(lg)}

        @tf.function(input_signature=[spec])
        def beam(self, image):
            lg = self.logits(image)
            decoded, log_p = tf.nn.ctc_beam_search_decoder(lg, tf.fill([tf.shape(lg)[1]], 32), beam_width=4,
                                                           top_paths=1)
            return {"labels": tf.sparse.to_dense(decoded[0], default_value=-1), "log_probability": log_p}
    m = CRNN()
    _save(m, out, serving_default=m.__call__, beam=m.beam)


# ================================================================================ bitwise and strings

@model("x_bitwise_packed_binary_xnor_hash", "tf-module", "binary-feature model with bit ops: packed uint8 [None,16] unpacked with tf.bitwise.right_shift by a constant uint8 shift vector + bitwise_and 1 into 128 +-1 features, XNOR-net style matmul with sign() of tf.Variable weights and a mean-abs scale, PopulationCount of the packed bytes; key int32 [None,4] hashed xorshift-style (bitwise_xor, left_shift, right_shift, invert, bitwise_and 1023) into embedding buckets; outputs logits, buckets and popcount")
def b_bitwise(out):
    rng = np.random.default_rng(35)

    class Bits(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(rng.standard_normal((128, 8)).astype("float32"))
            self.emb = tf.Variable((0.1 * rng.standard_normal((1024, 8))).astype("float32"))

        @tf.function(input_signature=[tf.TensorSpec([None, 16], tf.uint8, name="packed"),
                                      tf.TensorSpec([None, 4], tf.int32, name="key")])
        def __call__(self, packed, key):
            shifts = tf.constant([7, 6, 5, 4, 3, 2, 1, 0], tf.uint8)
            bits = tf.bitwise.bitwise_and(tf.bitwise.right_shift(packed[..., None], shifts), tf.constant(1, tf.uint8))
            x = tf.cast(tf.reshape(bits, [-1, 128]), tf.float32) * 2.0 - 1.0
            alpha = tf.reduce_mean(tf.abs(self.w), axis=0)
            y = tf.matmul(x, tf.sign(self.w)) * alpha
            pop = tf.reduce_sum(tf.cast(tf.raw_ops.PopulationCount(x=packed), tf.int32), axis=-1)
            h = tf.bitwise.bitwise_xor(key, tf.bitwise.left_shift(key, 13))
            h = tf.bitwise.bitwise_xor(h, tf.bitwise.right_shift(h, 17))
            h = tf.bitwise.bitwise_xor(h, tf.bitwise.invert(tf.bitwise.left_shift(h, 5)))
            buckets = tf.bitwise.bitwise_and(h, 1023)
            e = tf.reduce_sum(tf.gather(self.emb, buckets), axis=1)
            return {"logits": y + e, "buckets": buckets, "popcount": pop}
    _save(Bits(), out)


FEEDS["x_bitwise_packed_binary_xnor_hash"] = {"key": (0, 1_000_000)}


@model("x_string_csv_preprocess_plus_numeric_serving", "tf-module", "tabular model with a string preprocessing signature: preprocess(csv_line string [None]) splits on ',' (ragged), to_tensor(default '0', 9 columns), tf.strings.to_number for 8 numeric fields, category column lowered / stripped / tf.strings.to_hash_bucket_fast(64) int64; serving_default(features float [None,8], category int64 [None]) normalizes with constant stats, embeds the bucket, MLP of tf.Variables; predict_text(csv_line) chains both")
def b_strings(out):
    rng = np.random.default_rng(36)
    mean, std = rng.random(8).astype("float32"), rng.uniform(0.5, 2, 8).astype("float32")

    class Tabular(tf.Module):
        def __init__(self):
            super().__init__()
            self.emb = tf.Variable((0.1 * rng.standard_normal((64, 4))).astype("float32"))
            self.w1, self.w2 = tf.Variable(_he(rng, (12, 16))), tf.Variable(_he(rng, (16, 1)))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="csv_line")])
        def preprocess(self, csv_line):
            cols = tf.strings.split(csv_line, ",").to_tensor(default_value="0", shape=[None, 9])
            feats = tf.strings.to_number(cols[:, :8], out_type=tf.float32)
            cat = tf.strings.to_hash_bucket_fast(tf.strings.strip(tf.strings.lower(cols[:, 8])), 64)
            return {"features": feats, "category": cat}

        @tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32, name="features"),
                                      tf.TensorSpec([None], tf.int64, name="category")])
        def serve(self, features, category):
            x = tf.concat([(features - mean) / std, tf.gather(self.emb, category)], axis=-1)
            p = tf.sigmoid(tf.matmul(tf.nn.relu(tf.matmul(x, self.w1)), self.w2))
            return {"probability": p}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="csv_line")])
        def predict_text(self, csv_line):
            pre = self.preprocess(csv_line)
            return {**self.serve(pre["features"], pre["category"]), "category": pre["category"]}
    m = Tabular()
    _save(m, out, serving_default=m.serve, preprocess=m.preprocess, predict_text=m.predict_text)


FEEDS["x_string_csv_preprocess_plus_numeric_serving"] = {
    "csv_line": ["1.5,0.2,3,4.25,0,1,2.5,0.75, Red ", "0.1,0.9,1,2,3,4,5,6,blue"], "category": (0, 64)}


# ============================================================================ driver

def _setup():
    global tf, keras, np, tnp
    import keras as k
    import numpy
    import tensorflow
    import tensorflow.experimental.numpy as tfnp
    tf, keras, np, tnp = tensorflow, k, numpy, tfnp


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
