"""Build an independently made corpus into bench/out/fresh10/: TensorFlow graphs of the kind model converters and
porting tools produce -- models that started life in PyTorch or ONNX and were translated to TensorFlow by onnx-tf,
onnx2tf, nobuco or by hand. NCHW layouts kept with tf.transpose around every conv (and a few data_format="NCHW"
graphs), explicit tf.pad + VALID convs, OIHW weights stored as constants, batch norm as mul/add of constants,
reshapes computed from tf.shape / tf.gather with int64 shapes, channel shuffles, PyTorch-style resizes, written-out
GELU / SiLU / HardSwish / LayerNorm / GroupNorm, einsum attention, int64 token ids, tf.range position ids, LSTM/GRU
cells written out with matmuls (tf.while_loop, tf.scan, unrolled), argmax / top-k / NMS postprocessing, and a few
Keras models shaped like nobuco outputs. Exported the way such graphs are shipped: tf.saved_model.save of a tf.Module
with tf.function signatures, Keras 3 model.export, tf.saved_model.save of a Keras model, frozen GraphDef, TF1
SavedModelBuilder. Random seeded weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh10.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh10.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh10.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh10.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh10.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, freeze_function, keras_export, serve_module, tensor_spec, tf1_saved_model

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh10", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need in-range or mutually consistent values in --check: model -> {input name: (low, high) int range}
# or model -> callable(rng) -> {input name: array}. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}

VOCAB = 100  # token-id models: ids in [0, VOCAB)


# ================================================================================ PyTorch-layout parameters

class Init:
    """Parameters in PyTorch layouts (conv OIHW, linear [out, in]) from a seeded generator, as float32 numpy."""

    def __init__(self, seed=0):
        self.r = np.random.default_rng(seed)

    def n(self, *shape, std=0.1):
        return (self.r.standard_normal(shape) * std).astype("float32")

    def conv(self, o, i, k):
        return self.n(o, i, k, k, std=np.sqrt(2.0 / (i * k * k)))

    def dw(self, c, k):
        return self.n(c, 1, k, k, std=np.sqrt(2.0 / (k * k)))

    def linear(self, o, i):
        return self.n(o, i, std=1.0 / np.sqrt(i)), self.n(o, std=0.02)

    def bn(self, c):
        """(gamma, beta, running_mean, running_var)"""
        return 1.0 + self.n(c), self.n(c), self.n(c), (1.0 + np.abs(self.n(c))).astype("float32")

    def ln(self, d):
        return 1.0 + self.n(d, std=0.02), self.n(d, std=0.02)

    def folded_conv(self, o, i, k):
        """a conv with its BatchNormalization folded in (what torch.onnx.export leaves): OIHW weight, bias"""
        g, b, m, v = self.bn(o)
        s = g / np.sqrt(v + 1e-5)
        return (self.conv(o, i, k) * s[:, None, None, None]).astype("float32"), (b - m * s).astype("float32")


def hwio(w):
    """OIHW -> HWIO in numpy (onnx2tf pre-transposes constants)."""
    return np.ascontiguousarray(w.transpose(2, 3, 1, 0))


# ================================================================================ onnx-tf style NCHW ops

def t_conv(x, w, b=None, s=1, p=0, d=1):
    """ONNX Conv on NCHW as onnx-tf writes it: transpose to NHWC, explicit tf.pad (PyTorch symmetric padding), the
    OIHW constant transposed to HWIO in the graph, VALID tf.nn.conv2d, bias add, transpose back to NCHW."""
    x = tf.transpose(x, [0, 2, 3, 1])
    if p:
        x = tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]])
    y = tf.nn.conv2d(x, tf.transpose(tf.constant(w), [2, 3, 1, 0]), s, "VALID", dilations=d)
    if b is not None:
        y = tf.nn.bias_add(y, tf.constant(b))
    return tf.transpose(y, [0, 3, 1, 2])


def t_dwconv(x, w, b=None, s=1, p=0):
    """depthwise ONNX Conv (group == C) on NCHW: transposes, tf.pad, tf.nn.depthwise_conv2d with the [C,1,k,k]
    constant transposed to [k,k,C,1]."""
    x = tf.transpose(x, [0, 2, 3, 1])
    if p:
        x = tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]])
    y = tf.nn.depthwise_conv2d(x, tf.transpose(tf.constant(w), [2, 3, 0, 1]), [1, s, s, 1], "VALID")
    if b is not None:
        y = tf.nn.bias_add(y, tf.constant(b))
    return tf.transpose(y, [0, 3, 1, 2])


def t_group_conv(x, w, groups, b=None, s=1, p=0):
    """grouped ONNX Conv the way onnx-tf lowers it: tf.split on the channel axis, one conv per group, tf.concat."""
    xs, ws = tf.split(x, groups, axis=1), np.split(w, groups, axis=0)
    bs = np.split(b, groups) if b is not None else [None] * groups
    return tf.concat([t_conv(xi, wi, bi, s, p) for xi, wi, bi in zip(xs, ws, bs)], axis=1)


def t_maxpool(x, k, s, p=0, ceil_extra=0):
    """MaxPool on NCHW via NHWC: pads with the lowest float (PyTorch pads max-pool with -inf), `ceil_extra` more
    rows/cols at the bottom/right for ceil_mode=True."""
    x = tf.transpose(x, [0, 2, 3, 1])
    if p or ceil_extra:
        x = tf.pad(x, [[0, 0], [p, p + ceil_extra], [p, p + ceil_extra], [0, 0]], constant_values=np.finfo("float32").min)
    return tf.transpose(tf.nn.max_pool2d(x, k, s, "VALID"), [0, 3, 1, 2])


def bn_affine(x, p, axis=1, eps=1e-5):
    """BatchNormalization (inference) as x * scale + shift with constants shaped for the channel axis."""
    g, b, m, v = p
    scale = g / np.sqrt(v + eps)
    shape = (1, -1, 1, 1) if axis == 1 else (-1,)
    return x * tf.constant(scale.reshape(shape)) + tf.constant((b - m * scale).reshape(shape))


def bn_unfolded(x, p, eps=1e-5):
    """BatchNormalization on NCHW spelled out in the graph: (x - mean) / sqrt(var + eps) * gamma + beta."""
    g, b, m, v = (tf.constant(a.reshape(1, -1, 1, 1)) for a in p)
    return (x - m) / tf.sqrt(v + eps) * g + b


def gemm(x, wb, act=None):
    """ONNX Gemm (transB=1) with PyTorch [out, in] weight: matmul transpose_b + bias."""
    y = tf.matmul(x, tf.constant(wb[0]), transpose_b=True) + tf.constant(wb[1])
    return act(y) if act else y


def linear3d(x, wb):
    """nn.Linear on a [B,T,D] tensor as exported: broadcasting MatMul with the transposed constant, Add."""
    return tf.matmul(x, tf.constant(np.ascontiguousarray(wb[0].T))) + tf.constant(wb[1])


def silu(x):
    return x * tf.sigmoid(x)


def hardswish(x):
    """ONNX HardSwish decomposed (opset < 14): Add, Clip, Mul, Div"""
    return x * tf.clip_by_value(x + 3.0, 0.0, 6.0) / 6.0


def hardsigmoid(x):
    """ONNX HardSigmoid(alpha=1/6, beta=0.5) as onnx-tf lowers it"""
    return tf.clip_by_value(x * (1.0 / 6.0) + 0.5, 0.0, 1.0)


def gelu_erf(x):
    return 0.5 * x * (1.0 + tf.math.erf(x / np.float32(np.sqrt(2.0))))


def gelu_tanh(x):
    """HF 'gelu_new': 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) with an explicit Pow"""
    return 0.5 * x * (1.0 + tf.tanh(np.float32(np.sqrt(2.0 / np.pi)) * (x + 0.044715 * tf.pow(x, 3.0))))


def layer_norm(x, gb, eps=1e-5):
    """LayerNorm written out with tf.nn.moments"""
    mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - mean) * tf.math.rsqrt(var + eps) * tf.constant(gb[0]) + tf.constant(gb[1])


def layer_norm_onnx(x, gb, eps=1e-12):
    """LayerNorm as decomposed by ONNX opset < 17: ReduceMean, Sub, Pow 2, ReduceMean, Add, Sqrt, Div, Mul, Add"""
    d = x - tf.reduce_mean(x, axis=-1, keepdims=True)
    return d / tf.sqrt(tf.reduce_mean(tf.pow(d, 2.0), axis=-1, keepdims=True) + eps) * tf.constant(gb[0]) + tf.constant(gb[1])


def attn_params(I, d, ffn):
    return dict(q=I.linear(d, d), k=I.linear(d, d), v=I.linear(d, d), o=I.linear(d, d), ln1=I.ln(d), ln2=I.ln(d),
                f1=I.linear(ffn, d), f2=I.linear(d, ffn))


def mha_reshape(x, p, heads, bias=None):
    """multi-head self-attention as onnx-tf emits a BERT export: shapes from tf.shape (int64) + tf.gather, Reshape to
    [B,T,h,hd] built with tf.stack, Transpose [0,2,1,3], MatMul, Div sqrt(hd), additive mask, Softmax."""
    d = p["q"][0].shape[0]
    hd = d // heads
    s = tf.shape(x, out_type=tf.int64)
    b, t = tf.gather(s, 0), tf.gather(s, 1)
    split = tf.stack([b, t, tf.constant(heads, tf.int64), tf.constant(hd, tf.int64)])

    def heads_of(y):
        return tf.transpose(tf.reshape(y, split), [0, 2, 1, 3])
    q, k, v = (heads_of(linear3d(x, p[n])) for n in "qkv")
    scores = tf.matmul(q, k, transpose_b=True) / np.float32(np.sqrt(hd))
    if bias is not None:
        scores = scores + bias
    ctx = tf.transpose(tf.matmul(tf.nn.softmax(scores, axis=-1), v), [0, 2, 1, 3])
    return linear3d(tf.reshape(ctx, tf.stack([b, t, tf.constant(d, tf.int64)])), p["o"])


def mha_einsum(x, p, heads, bias=None, mask=None):
    """multi-head self-attention with tf.einsum (as hand ports and onnx2tf write it); `mask` a boolean [B,1,1,T] or
    [1,1,T,T] used with tf.where and the lowest float."""
    d = p["q"][0].shape[0]
    hd = d // heads
    q, k, v = (tf.reshape(linear3d(x, p[n]), [tf.shape(x)[0], -1, heads, hd]) for n in "qkv")
    scores = tf.einsum("bqhd,bkhd->bhqk", q, k) * np.float32(hd ** -0.5)
    if bias is not None:
        scores = scores + bias
    if mask is not None:
        scores = tf.where(mask, scores, np.finfo("float32").min)
    ctx = tf.einsum("bhqk,bkhd->bqhd", tf.nn.softmax(scores, -1), v)
    return linear3d(tf.reshape(ctx, [tf.shape(x)[0], -1, d]), p["o"])


def post_ln_block(x, p, heads, bias=None):
    """BERT encoder layer (post-LN), ONNX-decomposed LayerNorm, erf GELU"""
    x = layer_norm_onnx(x + mha_reshape(x, p, heads, bias), p["ln1"])
    return layer_norm_onnx(x + linear3d(gelu_erf(linear3d(x, p["f1"])), p["f2"]), p["ln2"])


def pre_ln_block(x, p, heads, mask=None, act=None):
    """ViT/Whisper encoder layer (pre-LN), einsum attention, moments LayerNorm"""
    x = x + mha_einsum(layer_norm(x, p["ln1"]), p, heads, mask=mask)
    return x + linear3d((act or gelu_erf)(linear3d(layer_norm(x, p["ln2"]), p["f1"])), p["f2"])


def nhwc(x):
    return tf.transpose(x, [0, 2, 3, 1])


def nchw(x):
    return tf.transpose(x, [0, 3, 1, 2])


def out_names(**outs):
    """frozen-graph outputs named by tf.identity"""
    return tuple(tf.identity(v, name=k) for k, v in outs.items())


# ================================================================================ onnx-tf / onnx2tf CNNs

@model("c_onnxtf_resnet8_nchw_transposes", "tf-module", "onnx-tf style ResNet-8 on NCHW float [None,3,32,32] (input 'input.1'): every Conv wrapped in transpose NCHW->NHWC / back, explicit tf.pad + VALID tf.nn.conv2d with OIHW constants transposed in-graph, BatchNorm as mul/add constants [1,C,1,1], ReLU, residual Add, GlobalAveragePool as reduce_mean keepdims, Flatten via reshape [tf.shape(x)[0], -1], Gemm transB")
def b_resnet8(out):
    I = Init(1)
    stem, blocks, cin = (I.conv(16, 3, 3), I.bn(16)), [], 16
    for cout, s in ((16, 1), (32, 2), (64, 2)):
        blocks.append(dict(c1=I.conv(cout, cin, 3), b1=I.bn(cout), c2=I.conv(cout, cout, 3), b2=I.bn(cout), s=s,
                           sc=(I.conv(cout, cin, 1), I.bn(cout)) if s != 1 or cin != cout else None))
        cin = cout
    fc = I.linear(10, 64)

    @tf.function(input_signature=[tensor_spec([None, 3, 32, 32], name="input.1")])
    def forward(x):
        x = tf.nn.relu(bn_affine(t_conv(x, stem[0], p=1), stem[1]))
        for b in blocks:
            y = tf.nn.relu(bn_affine(t_conv(x, b["c1"], s=b["s"], p=1), b["b1"]))
            y = bn_affine(t_conv(y, b["c2"], p=1), b["b2"])
            x = tf.nn.relu(y + (x if b["sc"] is None else bn_affine(t_conv(x, b["sc"][0], s=b["s"]), b["sc"][1])))
        x = tf.reduce_mean(x, axis=[2, 3], keepdims=True)
        return {"output": gemm(tf.reshape(x, [tf.shape(x)[0], -1]), fc)}
    serve_module(out, {}, serving_default=forward)


@model("c_onnxtf_mobilenetv2_nchw_frozen", "frozen-pb", "onnx-tf classic frozen GraphDef of a MobileNetV2-lite on NCHW float [1,3,64,64]: transposes around each Conv, tf.pad + VALID conv / depthwise_conv2d with BN-folded OIHW constants + bias, ReLU6 as clip_by_value(0,6) (ONNX Clip), inverted residuals with Add, reduce_mean GAP, Flatten reshape, Gemm -> 'output'")
def b_mbv2(out):
    I = Init(2)
    stem = I.folded_conv(16, 3, 3)
    blocks, cin = [], 16
    for t, c, s in ((1, 16, 1), (6, 24, 2), (6, 24, 1), (6, 32, 2), (6, 32, 1)):
        h = cin * t
        blocks.append(dict(e=I.folded_conv(h, cin, 1) if t != 1 else None, d=(I.dw(h, 3), I.n(h, std=0.05)),
                           pj=I.folded_conv(c, h, 1), s=s, res=s == 1 and cin == c))
        cin = c
    last, fc = I.folded_conv(128, cin, 1), I.linear(10, 128)

    def relu6(x):
        return tf.clip_by_value(x, 0.0, 6.0)

    def fwd(x):
        x = relu6(t_conv(x, *stem, s=2, p=1))
        for b in blocks:
            y = relu6(t_conv(x, *b["e"])) if b["e"] else x
            y = relu6(t_dwconv(y, *b["d"], s=b["s"], p=1))
            y = t_conv(y, *b["pj"])
            x = x + y if b["res"] else y
        x = tf.reduce_mean(relu6(t_conv(x, *last)), axis=[2, 3], keepdims=True)
        return out_names(output=gemm(tf.reshape(x, [1, -1]), fc))
    freeze_function(fwd, [tensor_spec([1, 3, 64, 64], name="input")], out)


@model("c_nchw_dataformat_convnet_fixed", "tf-module", "hand port keeping PyTorch layout with data_format='NCHW' ops on float [1,3,32,32]: tf.nn.conv2d NCHW with explicit padding lists, bias_add NCHW, fused_batch_norm NCHW (is_training=False), max_pool2d NCHW, avg_pool2d NCHW 8x8, reshape [1,-1], matmul transpose_b")
def b_nchw_df(out):
    I = Init(3)
    convs = [(I.conv(c, ci, 3), I.n(c, std=0.02), I.bn(c)) for ci, c in ((3, 16), (16, 32), (32, 32))]
    fc = I.linear(10, 32)

    @tf.function(input_signature=[tensor_spec([1, 3, 32, 32], name="x")])
    def forward(x):
        for k, (w, b, bn) in enumerate(convs):
            x = tf.nn.conv2d(x, tf.constant(hwio(w)), 1, [[0, 0], [0, 0], [1, 1], [1, 1]], data_format="NCHW")
            x = tf.nn.bias_add(x, tf.constant(b), data_format="NCHW")
            x, _, _ = tf.compat.v1.nn.fused_batch_norm(x, bn[0], bn[1], mean=bn[2], variance=bn[3], epsilon=1e-5,
                                                       is_training=False, data_format="NCHW")
            x = tf.nn.relu(x)
            if k < 2:
                x = tf.nn.max_pool2d(x, 2, 2, "VALID", data_format="NCHW")
        x = tf.nn.avg_pool2d(x, 8, 8, "VALID", data_format="NCHW")
        return {"logits": gemm(tf.reshape(x, [1, -1]), fc)}
    serve_module(out, {}, serving_default=forward)


@model("c_onnxtf_alexnet_lrn_ceilmode_pool", "tf-module", "onnx-tf AlexNet-lite on NCHW float [None,3,30,30]: transposed convs with tf.pad, tf.nn.local_response_normalization (ONNX LRN) on NHWC between transposes, MaxPool ceil_mode=True via extra tf.pad with float-min rows + VALID max_pool2d, Flatten as Shape->Gather->ExpandDims->Concat->Reshape with int64, two Gemm + ReLU, Gemm")
def b_alexnet(out):
    I = Init(4)
    c1, c2, c3 = (I.conv(16, 3, 5), I.n(16, std=0.02)), (I.conv(32, 16, 3), I.n(32, std=0.02)), (I.conv(32, 32, 3), I.n(32, std=0.02))
    f1, f2, f3 = I.linear(64, 32 * 4 * 4), I.linear(64, 64), I.linear(10, 64)

    @tf.function(input_signature=[tensor_spec([None, 3, 30, 30], name="input.1")])
    def forward(x):
        x = tf.nn.relu(t_conv(x, *c1, p=2))                                          # 30x30
        x = nchw(tf.nn.local_response_normalization(nhwc(x), depth_radius=2, bias=2.0, alpha=1e-4 / 5, beta=0.75))
        x = t_maxpool(x, 2, 2)                                                        # 15x15
        x = t_maxpool(tf.nn.relu(t_conv(x, *c2, p=1)), 2, 2, ceil_extra=1)           # 8x8 (ceil)
        x = t_maxpool(tf.nn.relu(t_conv(x, *c3, p=1)), 2, 2)                          # 4x4
        s = tf.shape(x, out_type=tf.int64)
        x = tf.reshape(x, tf.concat([tf.expand_dims(tf.gather(s, 0), 0), tf.constant([-1], tf.int64)], 0))
        return {"output": gemm(gemm(gemm(x, f1, tf.nn.relu), f2, tf.nn.relu), f3)}
    serve_module(out, {}, serving_default=forward)


@model("c_onnxtf_resnext_grouped_conv_split", "tf-module", "onnx-tf ResNeXt-lite on NCHW float [None,3,32,32]: grouped 3x3 Conv (groups=4) lowered as tf.split on axis 1 -> one transposed conv per group -> tf.concat, 1x1 convs, BN as tf.nn.batch_normalization with [1,C,1,1] constants, residual Add + ReLU, reduce_mean GAP, Gemm")
def b_resnext(out):
    I = Init(5)
    stem = I.conv(32, 3, 3), I.bn(32)
    blocks = [dict(a=(I.conv(32, 32, 1), I.bn(32)), g=(I.n(32, 8, 3, 3, std=0.15), I.bn(32)), c=(I.conv(64, 32, 1), I.bn(64)),
                   sc=(I.conv(64, 32, 1), I.bn(64)), s=2),
              dict(a=(I.conv(32, 64, 1), I.bn(32)), g=(I.n(32, 8, 3, 3, std=0.15), I.bn(32)), c=(I.conv(64, 32, 1), I.bn(64)), sc=None, s=1)]
    fc = I.linear(10, 64)

    def bn(x, p):
        g, b, m, v = (tf.constant(a.reshape(1, -1, 1, 1)) for a in p)
        return tf.nn.batch_normalization(x, m, v, b, g, 1e-5)

    @tf.function(input_signature=[tensor_spec([None, 3, 32, 32], name="input")])
    def forward(x):
        x = tf.nn.relu(bn(t_conv(x, stem[0], p=1), stem[1]))
        for b in blocks:
            y = tf.nn.relu(bn(t_conv(x, b["a"][0]), b["a"][1]))
            y = tf.nn.relu(bn(t_group_conv(y, b["g"][0], 4, s=b["s"], p=1), b["g"][1]))
            y = bn(t_conv(y, b["c"][0]), b["c"][1])
            x = tf.nn.relu(y + (x if b["sc"] is None else bn(t_conv(x, b["sc"][0], s=b["s"]), b["sc"][1])))
        x = tf.reduce_mean(x, axis=[2, 3])
        return {"output": gemm(x, fc)}
    serve_module(out, {}, serving_default=forward)


@model("c_shufflenetv2_channel_shuffle_5d", "tf-module", "ShuffleNetV2-lite port on NCHW float [None,3,64,64]: transposed convs, max-pool with -inf tf.pad, units that tf.split channels in two, depthwise convs, tf.concat, channel shuffle as reshape to 5-D [N,2,C/2,H,W] (shape from tf.shape int64 + tf.stack) -> transpose [0,2,1,3,4] -> reshape [N,-1,H,W]; reduce_mean, Gemm")
def b_shufflenet(out):
    I = Init(6)
    stem = I.folded_conv(24, 3, 3)

    def branch(ci, co, s):
        return dict(a=I.folded_conv(co, ci, 1), d=(I.dw(co, 3), I.n(co, std=0.05)), c=I.folded_conv(co, co, 1), s=s)
    units = [(branch(24, 24, 2), dict(d=(I.dw(24, 3), I.n(24, std=0.05)), c=I.folded_conv(24, 24, 1))),
             (branch(24, 24, 1), None), (branch(24, 24, 1), None)]
    last, fc = I.folded_conv(64, 48, 1), I.linear(10, 64)

    def run(x, b):
        y = tf.nn.relu(t_conv(x, *b["a"]))
        return tf.nn.relu(t_conv(t_dwconv(y, *b["d"], s=b["s"], p=1), *b["c"]))

    def shuffle(x):
        s = tf.shape(x, out_type=tf.int64)
        n, c, h, w = s[0], s[1], s[2], s[3]
        x = tf.reshape(x, tf.stack([n, tf.constant(2, tf.int64), c // 2, h, w]))
        return tf.reshape(tf.transpose(x, [0, 2, 1, 3, 4]), tf.stack([n, tf.constant(-1, tf.int64), h, w]))

    @tf.function(input_signature=[tensor_spec([None, 3, 64, 64], name="input")])
    def forward(x):
        x = t_maxpool(tf.nn.relu(t_conv(x, *stem, s=2, p=1)), 3, 2, p=1)
        for b, left in units:
            if left is not None:   # stride-2 unit: both branches see the whole input
                x = tf.concat([tf.nn.relu(t_conv(t_dwconv(x, *left["d"], s=2, p=1), *left["c"])), run(x, b)], axis=1)
            else:
                x1, x2 = tf.split(x, 2, axis=1)
                x = tf.concat([x1, run(x2, b)], axis=1)
            x = shuffle(x)
        x = tf.reduce_mean(tf.nn.relu(t_conv(x, *last)), axis=[2, 3])
        return {"output": gemm(x, fc)}
    serve_module(out, {}, serving_default=forward)


@model("c_onnx2tf_efficientnet_lite_nhwc", "tf-module", "onnx2tf-style EfficientNet-Lite0-mini, NHWC float [1,64,64,3]: HWIO constants pre-transposed, stride-2 convs as explicit tf.pad + VALID, BN folded into conv bias, tf.nn.relu6, MBConv with depthwise_conv2d and residual Add, reduce_mean, matmul + bias, softmax")
def b_effnet(out):
    I = Init(7)
    stem = I.folded_conv(16, 3, 3)
    blocks, cin = [], 16
    for t, c, k, s in ((1, 16, 3, 1), (4, 24, 3, 2), (4, 24, 3, 1), (4, 32, 5, 2), (4, 32, 5, 1)):
        h = cin * t
        blocks.append(dict(e=I.folded_conv(h, cin, 1) if t != 1 else None, d=(I.dw(h, k), I.n(h, std=0.05)),
                           pj=I.folded_conv(c, h, 1), k=k, s=s, res=s == 1 and cin == c))
        cin = c
    head, fc = I.folded_conv(128, cin, 1), I.linear(10, 128)

    def conv(x, wb, s=1, p=0):
        if p:
            x = tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]])
        return tf.nn.bias_add(tf.nn.conv2d(x, tf.constant(hwio(wb[0])), s, "VALID"), wb[1])

    def dwconv(x, wb, k, s):
        p = k // 2
        x = tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]])
        return tf.nn.bias_add(tf.nn.depthwise_conv2d(x, tf.constant(wb[0].transpose(2, 3, 0, 1)), [1, s, s, 1], "VALID"), wb[1])

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="images")])
    def forward(x):
        x = tf.nn.relu6(conv(x, stem, 2, 1))
        for b in blocks:
            y = tf.nn.relu6(conv(x, b["e"])) if b["e"] else x
            y = conv(tf.nn.relu6(dwconv(y, b["d"], b["k"], b["s"])), b["pj"])
            x = x + y if b["res"] else y
        x = tf.reduce_mean(tf.nn.relu6(conv(x, head)), axis=[1, 2])
        return {"probabilities": tf.nn.softmax(gemm(x, fc))}
    serve_module(out, {}, serving_default=forward)


@model("c_onnx2tf_mobilenetv3_hardswish_se_frozen", "frozen-pb", "frozen GraphDef of an onnx2tf-style MobileNetV3-small-mini, NHWC float [1,64,64,3]: HardSwish decomposed as x*clip(x+3,0,6)/6, squeeze-excite with reduce_mean keepdims, 1x1 convs, HardSigmoid as clip(x/6+0.5,0,1), Mul; depthwise convs with explicit pads; 1x1 conv head with hardswish, matmul")
def b_mbv3(out):
    I = Init(8)
    stem = I.folded_conv(16, 3, 3)
    cfg = ((16, 16, 3, 2, True, "relu"), (48, 24, 3, 2, False, "relu"), (72, 24, 3, 1, False, "relu"),
           (96, 32, 5, 2, True, "hswish"), (128, 32, 5, 1, True, "hswish"))
    blocks, cin = [], 16
    for h, c, k, s, se, act in cfg:
        blocks.append(dict(e=I.folded_conv(h, cin, 1), d=(I.dw(h, k), I.n(h, std=0.05)), k=k, s=s, act=act,
                           se=(I.linear(max(8, h // 4), h), I.linear(h, max(8, h // 4))) if se else None,
                           pj=I.folded_conv(c, h, 1), res=s == 1 and cin == c))
        cin = c
    head, fc = I.folded_conv(96, cin, 1), I.linear(10, 96)

    def conv(x, wb, s=1, p=0):
        if p:
            x = tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]])
        return tf.nn.bias_add(tf.nn.conv2d(x, tf.constant(hwio(wb[0])), s, "VALID"), wb[1])

    def fwd(x):
        x = hardswish(conv(x, stem, 2, 1))
        for b in blocks:
            a = hardswish if b["act"] == "hswish" else tf.nn.relu
            y = a(conv(x, b["e"]))
            p = b["k"] // 2
            y = tf.nn.depthwise_conv2d(tf.pad(y, [[0, 0], [p, p], [p, p], [0, 0]]), tf.constant(b["d"][0].transpose(2, 3, 0, 1)),
                                       [1, b["s"], b["s"], 1], "VALID")
            y = a(tf.nn.bias_add(y, b["d"][1]))
            if b["se"]:
                (w1, b1), (w2, b2) = b["se"]
                z = tf.reduce_mean(y, axis=[1, 2], keepdims=True)
                z = tf.nn.relu(tf.nn.conv2d(z, tf.constant(w1.T[None, None]), 1, "VALID") + b1)
                y = y * hardsigmoid(tf.nn.conv2d(z, tf.constant(w2.T[None, None]), 1, "VALID") + b2)
            y = conv(y, b["pj"])
            x = x + y if b["res"] else y
        x = tf.reduce_mean(hardswish(conv(x, head)), axis=[1, 2])
        return out_names(logits=gemm(x, fc))
    freeze_function(fwd, [tensor_spec([1, 64, 64, 3], name="input")], out)


@model("c_yolov5n_focus_silu_detect_nchw", "tf-module", "YOLOv5n-mini export ported via onnx-tf, NCHW float [1,3,64,64]: Focus as 4 strided slices x[:,:,::2,::2].. + concat, SiLU as x*sigmoid(x), C3-lite (two 1x1 branches, bottleneck, concat), SPPF (three 5x5 stride-1 max-pools with -inf tf.pad), Detect head on 2 levels: reshape [1,3,8,H,W] -> transpose [0,1,3,4,2] -> sigmoid -> grid/anchor decode with constants -> reshape + concat -> [1,960,8]")
def b_yolov5(out):
    I = Init(9)
    focus, d1 = I.folded_conv(16, 12, 3), I.folded_conv(32, 16, 3)
    c3 = dict(a=I.folded_conv(16, 32, 1), b=I.folded_conv(16, 32, 1), m1=I.folded_conv(16, 16, 1), m2=I.folded_conv(16, 16, 3),
              c=I.folded_conv(32, 32, 1))
    d2, spp_a, spp_b = I.folded_conv(64, 32, 3), I.folded_conv(32, 64, 1), I.folded_conv(64, 128, 1)
    na, no = 3, 8
    heads = [(I.conv(na * no, 32, 1), I.n(na * no, std=0.05)), (I.conv(na * no, 64, 1), I.n(na * no, std=0.05))]
    anchors = np.array([[[10, 13], [16, 30], [33, 23]], [[30, 61], [62, 45], [59, 119]]], "float32")
    strides = (4, 8)

    def cv(x, wb, s=1):
        return silu(t_conv(x, *wb, s=s, p=wb[0].shape[-1] // 2))

    def grid(h, w):
        yv, xv = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
        return np.stack([xv, yv], -1).reshape(1, 1, h, w, 2).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 3, 64, 64], name="images")])
    def forward(x):
        x = tf.concat([x[:, :, ::2, ::2], x[:, :, 1::2, ::2], x[:, :, ::2, 1::2], x[:, :, 1::2, 1::2]], axis=1)
        x = cv(x, focus)
        x = cv(x, d1, 2)                                   # [1,32,16,16]
        m = cv(cv(cv(x, c3["a"]), c3["m1"]), c3["m2"]) + cv(x, c3["a"])
        p3 = cv(tf.concat([m, cv(x, c3["b"])], axis=1), c3["c"])
        x = cv(p3, d2, 2)                                  # [1,64,8,8]
        x = cv(x, spp_a)
        y1 = t_maxpool(x, 5, 1, p=2)
        y2 = t_maxpool(y1, 5, 1, p=2)
        p4 = cv(tf.concat([x, y1, y2, t_maxpool(y2, 5, 1, p=2)], axis=1), spp_b)
        z = []
        for i, (f, (w, b)) in enumerate(zip((p3, p4), heads)):
            h, wd = f.shape[2], f.shape[3]
            y = tf.sigmoid(tf.transpose(tf.reshape(t_conv(f, w, b), [1, na, no, h, wd]), [0, 1, 3, 4, 2]))
            xy = (y[..., 0:2] * 2.0 - 0.5 + grid(h, wd)) * float(strides[i])
            wh = tf.pow(y[..., 2:4] * 2.0, 2.0) * anchors[i].reshape(1, na, 1, 1, 2)
            z.append(tf.reshape(tf.concat([xy, wh, y[..., 4:]], -1), [1, -1, no]))
        return {"output0": tf.concat(z, axis=1)}
    serve_module(out, {}, serving_default=forward)


@model("c_onnx2tf_yolov8_nms_postprocess", "tf-module", "onnx2tf-style anchor-free YOLOv8-mini with NMS baked in, NHWC float [1,64,64,3]: SiLU convs with tf.pad + VALID, softplus ltrb distances decoded against constant cell centres, head output [1,4+3,N] transposed to [1,N,7], cxcywh -> xyxy, reduce_max class score + argmax (int64), tf.image.non_max_suppression (max 20, iou 0.45, score 0.1), tf.gather with int64-cast indices; returns boxes [K,4], scores [K], classes [K] int64, num_detections")
def b_yolov8(out):
    I = Init(10)
    convs = [I.folded_conv(c, ci, 3) for ci, c in ((3, 16), (16, 32), (32, 32), (32, 64))]
    box, cls = (I.conv(4, 64, 1), I.n(4, std=0.05)), (I.conv(3, 64, 1), I.n(3, std=0.05) - 1.0)
    gy, gx = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")
    anchors = (np.stack([gx, gy], -1).reshape(-1, 2) + 0.5).astype("float32")   # cell centres, stride 8

    def conv(x, wb, s):
        return silu(tf.nn.bias_add(tf.nn.conv2d(tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]]), tf.constant(hwio(wb[0])), s, "VALID"), wb[1]))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="images")])
    def forward(x):
        for wb, s in zip(convs, (2, 2, 2, 1)):
            x = conv(x, wb, s)                                     # [1,8,8,64]
        d = tf.nn.bias_add(tf.nn.conv2d(x, tf.constant(hwio(box[0])), 1, "VALID"), box[1])       # ltrb distances
        c = tf.sigmoid(tf.nn.bias_add(tf.nn.conv2d(x, tf.constant(hwio(cls[0])), 1, "VALID"), cls[1]))
        lt, rb = tf.split(tf.reshape(tf.nn.softplus(d), [1, -1, 4]), 2, axis=-1)
        xy = ((rb - lt) / 2.0 + anchors) * 8.0
        wh = (lt + rb) * 8.0
        pred = tf.transpose(tf.concat([xy, wh, tf.reshape(c, [1, -1, 3])], -1), [0, 2, 1])   # [1,7,N] as exported
        p = tf.transpose(pred, [0, 2, 1])[0]
        cx, cy, w, h = tf.unstack(p[:, :4], axis=1)
        boxes = tf.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)
        scores, classes = tf.reduce_max(p[:, 4:], axis=1), tf.argmax(p[:, 4:], axis=1)
        keep = tf.cast(tf.image.non_max_suppression(boxes, scores, 20, 0.45, 0.1), tf.int64)
        return {"boxes": tf.gather(boxes, keep), "scores": tf.gather(scores, keep), "classes": tf.gather(classes, keep),
                "num_detections": tf.shape(keep, out_type=tf.int64)[0]}
    serve_module(out, {}, serving_default=forward)


@model("c_unet_bilinear_halfpixel_nchw", "tf-module", "U-Net-mini ported through ONNX, NCHW float [None,3,64,64]: transposed convs with tf.pad, max-pool, nn.Upsample(scale 2, bilinear, align_corners=False) as ONNX Resize -> sizes from tf.shape cast int64->float32 * scales -> cast int32, tf.image.resize bilinear (half-pixel) on NHWC between transposes, skip tf.concat on axis 1; logits [None,2,64,64] and sigmoid mask")
def b_unet(out):
    I = Init(11)

    def dbl(ci, co):
        return I.folded_conv(co, ci, 3), I.folded_conv(co, co, 3)
    e1, e2, e3, d2, d1 = dbl(3, 16), dbl(16, 32), dbl(32, 64), dbl(96, 32), dbl(48, 16)
    head = I.conv(2, 16, 1), I.n(2, std=0.02)

    def block(x, ps):
        for wb in ps:
            x = tf.nn.relu(t_conv(x, *wb, p=1))
        return x

    def up(x):
        size = tf.cast(tf.cast(tf.shape(x, out_type=tf.int64)[2:], tf.float32) * tf.constant([2.0, 2.0]), tf.int32)
        return nchw(tf.image.resize(nhwc(x), size, method="bilinear"))

    @tf.function(input_signature=[tensor_spec([None, 3, 64, 64], name="input")])
    def forward(x):
        s1 = block(x, e1)
        s2 = block(t_maxpool(s1, 2, 2), e2)
        x = block(t_maxpool(s2, 2, 2), e3)
        x = block(tf.concat([up(x), s2], axis=1), d2)
        x = t_conv(block(tf.concat([up(x), s1], axis=1), d1), *head)
        return {"logits": x, "mask": tf.sigmoid(x)}
    serve_module(out, {}, serving_default=forward)


@model("c_deeplab_aspp_align_corners_argmax_frozen", "frozen-pb", "frozen GraphDef of a DeepLabV3-mini port, NCHW float [1,3,64,64]: stride-8 transposed-conv backbone, ASPP with dilated VALID convs after tf.pad (rates 2,3), image-pooling branch (reduce_mean keepdims, 1x1 conv, resize_bilinear align_corners=True), concat axis 1, classifier, 8x upsample via tf.compat.v1.image.resize_bilinear(align_corners=True), argmax over channels (int64) -> logits, mask")
def b_deeplab(out):
    I = Init(12)
    bb = [I.folded_conv(c, ci, 3) for ci, c in ((3, 16), (16, 24), (24, 32))]
    a0, a1, a2, ap = I.folded_conv(16, 32, 1), I.folded_conv(16, 32, 3), I.folded_conv(16, 32, 3), I.folded_conv(16, 32, 1)
    proj, cls = I.folded_conv(32, 64, 1), (I.conv(4, 32, 1), I.n(4, std=0.02))

    def resize_ac(x, size):
        return nchw(tf.compat.v1.image.resize_bilinear(nhwc(x), size, align_corners=True))

    def fwd(x):
        for wb in bb:
            x = tf.nn.relu(t_conv(x, *wb, s=2, p=1))       # [1,32,8,8]
        pool = tf.nn.relu(t_conv(tf.reduce_mean(x, axis=[2, 3], keepdims=True), *ap))
        y = tf.concat([tf.nn.relu(t_conv(x, *a0)), tf.nn.relu(t_conv(x, *a1, p=2, d=2)), tf.nn.relu(t_conv(x, *a2, p=3, d=3)),
                       resize_ac(pool, [8, 8])], axis=1)
        y = t_conv(tf.nn.relu(t_conv(y, *proj)), *cls)
        logits = resize_ac(y, [64, 64])
        return out_names(logits=logits, mask=tf.argmax(logits, axis=1))
    freeze_function(fwd, [tensor_spec([1, 3, 64, 64], name="input")], out)


@model("c_fpn_nearest_resize_to_shape_dynamic_hw", "tf-module", "FPN-mini port on NCHW float [None,3,None,None] (dynamic H,W): 3 strided transposed-conv stages, 1x1 laterals, top-down F.interpolate(size=lateral.shape[-2:], mode='nearest') as resize_nearest_neighbor(half_pixel_centers=False) with size sliced from tf.shape of the lateral, Add, 3x3 output convs -> p2, p3, p4")
def b_fpn(out):
    I = Init(13)
    stages = [I.folded_conv(c, ci, 3) for ci, c in ((3, 16), (16, 32), (32, 64))]
    lat = [(I.conv(24, c, 1), I.n(24, std=0.02)) for c in (16, 32, 64)]
    outc = [(I.conv(24, 24, 3), I.n(24, std=0.02)) for _ in range(3)]

    def up_to(x, ref):
        size = tf.shape(ref)[2:4]
        return nchw(tf.compat.v1.image.resize_nearest_neighbor(nhwc(x), size, align_corners=False, half_pixel_centers=False))

    @tf.function(input_signature=[tensor_spec([None, 3, None, None], name="image")])
    def forward(x):
        feats = []
        for wb in stages:
            x = tf.nn.relu(t_conv(x, *wb, s=2, p=1))
            feats.append(x)
        laterals = [t_conv(f, *wb) for f, wb in zip(feats, lat)]
        p = [laterals[2]]
        for li in (laterals[1], laterals[0]):
            p.insert(0, li + up_to(p[0], li))
        return {f"p{k + 2}": t_conv(pk, *wb, p=1) for k, (pk, wb) in enumerate(zip(p, outc))}
    serve_module(out, {}, serving_default=forward)


@model("c_adaptive_avgpool_nondivisible_frozen", "frozen-pb", "frozen GraphDef, NCHW float [1,3,28,28]: transposed conv, AdaptiveAvgPool2d((7,7)) exported as AveragePool 4x4/4, conv, AdaptiveAvgPool2d((3,3)) on 7x7 (bins not divisible) written out as 9 reduce_mean over overlapping slices + tf.stack + reshape [1,32,3,3], Flatten, Gemm + ReLU, Gemm")
def b_adaptive(out):
    I = Init(14)
    c1, c2 = I.folded_conv(16, 3, 3), I.folded_conv(32, 16, 3)
    f1, f2 = I.linear(32, 32 * 9), I.linear(10, 32)
    bins = [(i * 7 // 3, -(-(i + 1) * 7 // 3)) for i in range(3)]

    def fwd(x):
        x = tf.nn.relu(t_conv(x, *c1, p=1))
        x = nchw(tf.nn.avg_pool2d(nhwc(x), 4, 4, "VALID"))
        x = tf.nn.relu(t_conv(x, *c2, p=1))
        cells = [tf.reduce_mean(x[:, :, a:b, c:d], axis=[2, 3]) for a, b in bins for c, d in bins]
        x = tf.reshape(tf.stack(cells, axis=-1), [1, 32, 3, 3])
        return out_names(output=gemm(gemm(tf.reshape(x, [1, -1]), f1, tf.nn.relu), f2))
    freeze_function(fwd, [tensor_spec([1, 3, 28, 28], name="input")], out)


@model("c_espcn_pixelshuffle_reshape_6d", "tf-module", "ESPCN x3 super-resolution port, NCHW float [1,1,32,32]: transposed 5x5/3x3 convs with tf.pad and tanh, nn.PixelShuffle(3) exported as Reshape [1,1,3,3,32,32] -> Transpose [0,1,4,2,5,3] -> Reshape [1,1,96,96] (ONNX DepthToSpace CRD spelled out), clip_by_value(0,1)")
def b_espcn(out):
    I = Init(15)
    c1, c2, c3 = (I.conv(32, 1, 5), I.n(32, std=0.02)), (I.conv(16, 32, 3), I.n(16, std=0.02)), (I.conv(9, 16, 3), I.n(9, std=0.02))

    @tf.function(input_signature=[tensor_spec([1, 1, 32, 32], name="input")])
    def forward(x):
        x = tf.tanh(t_conv(x, *c1, p=2))
        x = t_conv(tf.tanh(t_conv(x, *c2, p=1)), *c3, p=1)
        x = tf.reshape(tf.transpose(tf.reshape(x, [1, 1, 3, 3, 32, 32]), [0, 1, 4, 2, 5, 3]), [1, 1, 96, 96])
        return {"output": tf.clip_by_value(x, 0.0, 1.0)}
    serve_module(out, {}, serving_default=forward)


@model("c_groupnorm_silu_resblock_attn_nchw", "tf-module", "VAE-decoder-style block port, NCHW float [None,3,32,32]: GroupNorm(8) written out as reshape [N,8,-1] (tf.shape) + tf.nn.moments + reshape back to tf.shape(x) + [1,C,1,1] affine, SiLU as x*sigmoid, transposed convs, residual Add, 2x2 avg-pool to 16x16, spatial self-attention (reshape [N,C,HW], transpose, matmul, softmax, matmul) with 1x1 q/k/v convs -> sample [None,3,16,16]")
def b_groupnorm(out):
    I = Init(16)
    stem = I.conv(32, 3, 3), I.n(32, std=0.02)
    res = [dict(n1=I.ln(32), c1=(I.conv(32, 32, 3), I.n(32, std=0.02)), n2=I.ln(32), c2=(I.conv(32, 32, 3), I.n(32, std=0.02))) for _ in range(2)]
    an, q, k, v, o = I.ln(32), *[(I.conv(32, 32, 1), I.n(32, std=0.02)) for _ in range(4)]
    nout, cout = I.ln(32), (I.conv(3, 32, 3), I.n(3, std=0.02))

    def gn(x, gb, groups=8):
        s = tf.shape(x)
        y = tf.reshape(x, tf.stack([s[0], groups, -1]))
        mean, var = tf.nn.moments(y, axes=[2], keepdims=True)
        y = tf.reshape((y - mean) / tf.sqrt(var + 1e-6), s)
        return y * tf.constant(gb[0].reshape(1, -1, 1, 1)) + tf.constant(gb[1].reshape(1, -1, 1, 1))

    def attn(x):
        s = tf.shape(x)
        h = gn(x, an)
        qq, kk, vv = (tf.reshape(t_conv(h, *wb), tf.stack([s[0], s[1], -1])) for wb in (q, k, v))
        w = tf.nn.softmax(tf.matmul(tf.transpose(qq, [0, 2, 1]), kk) * (32 ** -0.5), axis=-1)   # [N,HW,HW]
        y = tf.reshape(tf.matmul(vv, w, transpose_b=True), s)
        return x + t_conv(y, *o)

    @tf.function(input_signature=[tensor_spec([None, 3, 32, 32], name="latent")])
    def forward(x):
        x = t_conv(x, *stem, p=1)
        x = nchw(tf.nn.avg_pool2d(nhwc(x), 2, 2, "VALID"))     # keep the attention small: 16x16
        for r in res:
            x = x + t_conv(silu(gn(t_conv(silu(gn(x, r["n1"])), *r["c1"], p=1), r["n2"])), *r["c2"], p=1)
        x = attn(x)
        return {"sample": t_conv(silu(gn(x, nout)), *cout, p=1)}
    serve_module(out, {}, serving_default=forward)


@model("c_stn_affine_grid_sample_manual", "tf-module", "spatial transformer port, NCHW float [None,1,28,28]: localization net (transposed convs, max-pool, Gemm) -> theta [N,2,3]; F.affine_grid written out (constant base grid, matmul) and F.grid_sample bilinear/zeros written out: floor, cast int64, validity masks, clip, flat indices b*H*W+y*W+x, tf.gather, weighted sum with tf.where; then a small classifier")
def b_stn(out):
    I = Init(17)
    l1, l2 = I.folded_conv(8, 1, 5), I.folded_conv(10, 8, 5)
    lf1 = I.linear(32, 10 * 4 * 4)
    lf2 = (np.zeros((6, 32), "float32"), np.array([1, 0, 0, 0, 1, 0], "float32"))
    lf2 = (lf2[0] + I.n(6, 32, std=0.01), lf2[1])
    cc, fc = I.folded_conv(16, 1, 3), I.linear(10, 16 * 7 * 7)
    H = W = 28
    xs = (2 * np.arange(W) + 1) / W - 1
    gy, gx = np.meshgrid(xs, xs, indexing="ij")
    base = np.stack([gx.ravel(), gy.ravel(), np.ones(H * W)], 1).astype("float32")   # [HW,3]

    def grid_sample(img, grid):
        n = tf.shape(img, out_type=tf.int64)[0]
        flat = tf.reshape(nhwc(img), [-1, 1])                        # [N*H*W, C=1]
        ix = ((grid[..., 0] + 1.0) * W - 1.0) / 2.0
        iy = ((grid[..., 1] + 1.0) * H - 1.0) / 2.0
        x0, y0 = tf.floor(ix), tf.floor(iy)
        boff = (tf.range(n, dtype=tf.int64) * H * W)[:, None]
        res = 0.0
        for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            xi, yi = x0 + dx, y0 + dy
            wgt = (1.0 - tf.abs(ix - xi)) * (1.0 - tf.abs(iy - yi))
            valid = (xi >= 0) & (xi <= W - 1) & (yi >= 0) & (yi <= H - 1)
            xl = tf.clip_by_value(tf.cast(xi, tf.int64), 0, W - 1)
            yl = tf.clip_by_value(tf.cast(yi, tf.int64), 0, H - 1)
            v = tf.gather(flat, boff + yl * W + xl)[..., 0]
            res = res + tf.where(valid, v * wgt, tf.zeros_like(v))
        return tf.reshape(res, tf.stack([n, 1, H, W]))

    @tf.function(input_signature=[tensor_spec([None, 1, 28, 28], name="input")])
    def forward(x):
        y = tf.nn.relu(t_maxpool(t_conv(x, *l1), 2, 2))
        y = tf.nn.relu(t_maxpool(t_conv(y, *l2), 2, 2))
        theta = tf.reshape(gemm(gemm(tf.reshape(y, [tf.shape(y)[0], -1]), lf1, tf.nn.relu), lf2), [-1, 2, 3])
        grid = tf.matmul(tf.broadcast_to(base, tf.concat([tf.shape(theta)[:1], [H * W, 3]], 0)), theta, transpose_b=True)
        warped = grid_sample(x, grid)
        z = t_maxpool(tf.nn.relu(t_conv(warped, *cc, p=1)), 4, 4)
        return {"log_probs": tf.nn.log_softmax(gemm(tf.reshape(z, [tf.shape(z)[0], -1]), fc)), "warped": warped}
    serve_module(out, {}, serving_default=forward)


@model("c_pointnet_conv1d_tnet", "tf-module", "PointNet-mini port, points NCW float [None,3,None]: Conv1d(k=1) as transpose to NWC + tf.nn.conv1d with [1,in,out] constants + transpose back, BN as mul/add, T-Net (conv1d stack, reduce_max over points, Gemm -> 9, + flattened eye, reshape [-1,3,3]), bmm with transposed points, global max pool, Gemm head, log_softmax")
def b_pointnet(out):
    I = Init(18)

    def c1d(ci, co):
        return I.n(co, ci, std=np.sqrt(2.0 / ci)), I.n(co, std=0.02), I.bn(co)
    t_convs, t_fc = [c1d(3, 16), c1d(16, 64)], [I.linear(32, 64), (I.n(9, 32, std=0.01), np.zeros(9, "float32"))]
    f_convs, head = [c1d(3, 32), c1d(32, 64), c1d(64, 128)], [I.linear(64, 128), I.linear(10, 64)]

    def conv1d(x, p):
        w, b, bn = p
        y = tf.nn.conv1d(tf.transpose(x, [0, 2, 1]), tf.constant(w.T[None]), 1, "VALID") + b
        g, be, m, v = bn
        sc = g / np.sqrt(v + 1e-5)
        return tf.nn.relu(tf.transpose(y, [0, 2, 1]) * sc[None, :, None] + (be - m * sc)[None, :, None])

    @tf.function(input_signature=[tensor_spec([None, 3, None], name="points")])
    def forward(pts):
        t = pts
        for p in t_convs:
            t = conv1d(t, p)
        t = gemm(gemm(tf.reduce_max(t, axis=2), t_fc[0], tf.nn.relu), t_fc[1]) + np.eye(3, dtype="float32").ravel()
        trans = tf.reshape(t, [-1, 3, 3])
        x = tf.transpose(tf.matmul(tf.transpose(pts, [0, 2, 1]), trans), [0, 2, 1])
        for p in f_convs:
            x = conv1d(x, p)
        x = tf.reduce_max(x, axis=2)
        return {"log_probs": tf.nn.log_softmax(gemm(gemm(x, head[0], tf.nn.relu), head[1]), axis=1), "trans": trans}
    serve_module(out, {}, serving_default=forward)


@model("c_pose_deconv_heatmap_soft_argmax", "tf-module", "SimpleBaseline-pose port, NCHW float [None,3,64,64]: transposed strided convs, ConvTranspose 4x4/2 as tf.nn.conv2d_transpose with output_shape tf.stack'ed from tf.shape, 5 heatmaps; spatial softmax via reshape [N,K,-1], soft-argmax with tf.range grids, hard argmax (int64) unravelled with floordiv / floormod -> keypoints, hard_keypoints, maxvals")
def b_pose(out):
    I = Init(19)
    enc = [I.folded_conv(c, ci, 3) for ci, c in ((3, 16), (16, 32), (32, 64))]
    dec_w, dec_bn = I.n(64, 32, 4, 4, std=0.05), I.bn(32)      # PyTorch ConvTranspose weight [in,out,kh,kw]
    fin = I.conv(5, 32, 1), I.n(5, std=0.02)

    @tf.function(input_signature=[tensor_spec([None, 3, 64, 64], name="input")])
    def forward(x):
        for wb in enc:
            x = tf.nn.relu(t_conv(x, *wb, s=2, p=1))            # [N,64,8,8]
        n = tf.shape(x)[0]
        y = tf.nn.conv2d_transpose(nhwc(x), tf.constant(dec_w.transpose(2, 3, 1, 0)), tf.stack([n, 16, 16, 32]), 2, "SAME")
        y = tf.nn.relu(bn_affine(nchw(y), dec_bn))
        hm = t_conv(y, *fin)                                        # [N,5,16,16]
        s = tf.shape(hm, out_type=tf.int64)
        flat = tf.reshape(hm, tf.stack([s[0], s[1], -1]))
        prob = tf.nn.softmax(flat, axis=-1)
        xs = tf.tile(tf.cast(tf.range(16, dtype=tf.int64), tf.float32), [16])
        ys = tf.cast(tf.repeat(tf.range(16, dtype=tf.int64), 16), tf.float32)
        soft = tf.stack([tf.reduce_sum(prob * xs, -1), tf.reduce_sum(prob * ys, -1)], -1)
        idx = tf.argmax(flat, axis=-1)
        hard = tf.stack([tf.math.floormod(idx, 16), tf.math.floordiv(idx, 16)], -1)
        return {"keypoints": soft * 4.0, "hard_keypoints": hard, "maxvals": tf.reduce_max(flat, -1)}
    serve_module(out, {}, serving_default=forward)


@model("c_roi_head_crop_and_resize", "tf-module", "two-stage detector RoI head port: image NCHW float [1,3,64,64] + rois float [None,4] (normalized y1,x1,y2,x2); transposed-conv backbone to [1,32,16,16], RoIAlign as tf.image.crop_and_resize on NHWC with zero box_indices from tf.shape(rois), 7x7 -> avg-pool -> flatten -> Gemm; class softmax [K,5], box deltas [K,20]")
def b_roi(out):
    I = Init(20)
    bb = [I.folded_conv(c, ci, 3) for ci, c in ((3, 16), (16, 32))]
    f1, cls, reg = I.linear(64, 32 * 3 * 3), I.linear(5, 64), I.linear(20, 64)

    @tf.function(input_signature=[tensor_spec([1, 3, 64, 64], name="image"), tensor_spec([None, 4], name="rois")])
    def forward(img, rois):
        x = img
        for wb in bb:
            x = tf.nn.relu(t_conv(x, *wb, s=2, p=1))
        crops = tf.image.crop_and_resize(nhwc(x), rois, tf.zeros(tf.shape(rois)[:1], tf.int32), [7, 7], method="bilinear")
        crops = nchw(tf.nn.avg_pool2d(crops, 2, 2, "VALID"))        # [K,32,3,3]
        h = gemm(tf.reshape(crops, [tf.shape(crops)[0], -1]), f1, tf.nn.relu)
        return {"class_probs": tf.nn.softmax(gemm(h, cls)), "box_deltas": gemm(h, reg)}
    serve_module(out, {}, serving_default=forward)


@model("c_onnx_qdq_linear_written_out", "tf-module", "ONNX QDQ (statically quantized) CNN as onnx-tf lowers Quantize/DequantizeLinear, NCHW float [None,3,32,32]: x/scale -> tf.round -> + zero_point -> clip_by_value(0,255) -> cast uint8 -> cast float -> - zp -> * scale around each conv; conv weights stored as int8 constants dequantized in-graph with per-channel scales; ReLU, reduce_mean, Gemm")
def b_qdq(out):
    I = Init(21)

    def qweight(w):
        s = np.abs(w).reshape(w.shape[0], -1).max(1) / 127.0
        return np.clip(np.round(w / s[:, None, None, None]), -127, 127).astype("int8"), s.astype("float32")
    convs = [(qweight(I.conv(c, ci, 3)), I.n(c, std=0.02)) for ci, c in ((3, 16), (16, 32), (32, 32))]
    fc = I.linear(10, 32)

    def qdq(x, scale, zp):
        q = tf.cast(tf.clip_by_value(tf.round(x / scale) + zp, 0.0, 255.0), tf.uint8)
        return (tf.cast(q, tf.float32) - zp) * scale

    def conv(x, qw, b, s):
        w = tf.cast(tf.constant(qw[0]), tf.float32) * tf.constant(qw[1].reshape(-1, 1, 1, 1))
        y = tf.nn.conv2d(tf.pad(nhwc(x), [[0, 0], [1, 1], [1, 1], [0, 0]]), tf.transpose(w, [2, 3, 1, 0]), s, "VALID")
        return nchw(tf.nn.bias_add(y, b))

    @tf.function(input_signature=[tensor_spec([None, 3, 32, 32], name="input")])
    def forward(x):
        x = qdq(x, 1.0 / 255.0, 0.0)
        for k, (qw, b) in enumerate(convs):
            x = qdq(tf.nn.relu(conv(x, qw, b, 2 if k else 1)), 0.05, 0.0)
        return {"output": gemm(qdq(tf.reduce_mean(x, axis=[2, 3]), 0.02, 0.0), fc)}
    serve_module(out, {}, serving_default=forward)


def lstm_cell(x, h, c, w, r, b, order="ifgo"):
    """one LSTM step, PyTorch weight_ih [4H,I] / weight_hh [4H,H] / summed biases; gate order 'ifgo' (PyTorch) or
    'iofc' (ONNX)"""
    g = dict(zip(order, tf.split(tf.matmul(x, w, transpose_b=True) + tf.matmul(h, r, transpose_b=True) + b, 4, axis=1)))
    c = tf.sigmoid(g["f"]) * c + tf.sigmoid(g["i"]) * tf.tanh(g["g" if "g" in g else "c"])
    return tf.sigmoid(g["o"]) * tf.tanh(c), c


@model("c_crnn_bilstm_unrolled_ctc_greedy", "tf-module", "CRNN text recognizer port, NCHW float [None,1,32,96]: transposed conv/BN-folded/ReLU stages, max-pools 2x2 and (2,1), reshape [N,C*H,W] -> transpose to time-major [24,N,128], bidirectional LSTM unrolled over 24 steps (matmul cells, tf.split gates, tf.reverse), Gemm to 11 classes, log_softmax, greedy CTC decode: argmax int64, compare with shifted, tf.where blank/repeat -> -1")
def b_crnn(out):
    I = Init(22)
    convs = [I.folded_conv(c, ci, 3) for ci, c in ((1, 16), (16, 32), (32, 32))]
    Hd = 32
    dirs = [(I.n(4 * Hd, 128, std=0.08), I.n(4 * Hd, Hd, std=0.08), I.n(4 * Hd, std=0.02)) for _ in range(2)]
    fc = I.linear(11, 2 * Hd)

    @tf.function(input_signature=[tensor_spec([None, 1, 32, 96], name="image")])
    def forward(x):
        x = t_maxpool(tf.nn.relu(t_conv(x, *convs[0], p=1)), 2, 2)
        x = t_maxpool(tf.nn.relu(t_conv(x, *convs[1], p=1)), 2, 2)
        x = tf.transpose(tf.nn.max_pool2d(nhwc(tf.nn.relu(t_conv(x, *convs[2], p=1))), [2, 1], [2, 1], "VALID"), [0, 3, 1, 2])
        n = tf.shape(x)[0]
        seq = tf.transpose(tf.reshape(x, tf.stack([n, 128, 24])), [2, 0, 1])     # [T,N,F]
        outs = []
        for d, (w, r, b) in enumerate(dirs):
            xs = seq if d == 0 else tf.reverse(seq, [0])
            h = c = tf.zeros(tf.stack([n, Hd]))
            hs = []
            for t in range(24):
                h, c = lstm_cell(xs[t], h, c, w, r, b)
                hs.append(h)
            y = tf.stack(hs)
            outs.append(y if d == 0 else tf.reverse(y, [0]))
        logp = tf.nn.log_softmax(gemm(tf.reshape(tf.concat(outs, -1), [-1, 2 * Hd]), fc), -1)
        logp = tf.reshape(logp, tf.stack([24, n, 11]))
        best = tf.transpose(tf.argmax(logp, -1), [1, 0])            # [N,T] int64
        prev = tf.concat([tf.fill(tf.stack([n, 1]), tf.constant(-1, tf.int64)), best[:, :-1]], 1)
        return {"log_probs": logp, "decoded": tf.where((best != prev) & (best != 0), best, tf.constant(-1, tf.int64))}
    serve_module(out, {}, serving_default=forward)


# ================================================================================ transformers

def bert_params(I, layers=2, d=32, ffn=64, max_pos=64, types=2):
    return dict(word=I.n(VOCAB, d, std=0.02), pos=I.n(max_pos, d, std=0.02), typ=I.n(types, d, std=0.02), ln=I.ln(d),
                layers=[attn_params(I, d, ffn) for _ in range(layers)], pool=I.linear(d, d))


@model("c_onnxtf_bert_tiny_int64_mask", "tf-module", "onnx-tf style BERT-tiny (2 layers, d=32, 4 heads): input_ids / attention_mask / token_type_ids int64 [None,None]; word/position/type embeddings by tf.gather of constants, position ids tf.range(seq, int64) from tf.shape(out_type=int64), extended mask (1 - cast(mask)) * -10000, attention reshapes with tf.stack'ed int64 shapes and transposes, ONNX-decomposed LayerNorm (Pow, Sqrt, Div), erf GELU, pooler tanh -> last_hidden_state, pooler_output")
def b_bert(out):
    P = bert_params(Init(23))
    sig = [tensor_spec([None, None], "int64", n) for n in ("input_ids", "attention_mask", "token_type_ids")]

    @tf.function(input_signature=sig)
    def forward(ids, mask, types):
        seq = tf.shape(ids, out_type=tf.int64)[1]
        pos = tf.expand_dims(tf.range(0, seq, dtype=tf.int64), 0)
        x = tf.gather(P["word"], ids) + tf.gather(P["pos"], pos) + tf.gather(P["typ"], types)
        x = layer_norm_onnx(x, P["ln"])
        ext = (1.0 - tf.cast(tf.expand_dims(tf.expand_dims(mask, 1), 2), tf.float32)) * -10000.0
        for p in P["layers"]:
            x = post_ln_block(x, p, 4, ext)
        return {"last_hidden_state": x, "pooler_output": gemm(x[:, 0], P["pool"], tf.tanh)}
    serve_module(out, {}, serving_default=forward)


FEEDS["c_onnxtf_bert_tiny_int64_mask"] = {"input_ids": (0, VOCAB)}


@model("c_bert_einsum_where_mask_frozen", "frozen-pb", "frozen GraphDef of a hand-ported BERT sequence classifier, fixed int64 input_ids / attention_mask [1,16]: gather embeddings, einsum attention ('bqhd,bkhd->bhqk'), tf.where(mask, scores, float-min) masking, moments LayerNorm, erf GELU, CLS Gemm -> logits, softmax probs, argmax label (int64)")
def b_bert_frozen(out):
    I = Init(24)
    P = bert_params(I)
    cls = I.linear(3, 32)

    def fwd(ids, mask):
        x = tf.gather(P["word"], ids) + P["pos"][None, :16] + P["typ"][0]
        x = layer_norm(x, P["ln"], 1e-12)
        m = tf.cast(mask, tf.bool)[:, None, None, :]
        for p in P["layers"]:
            x = layer_norm(x + mha_einsum(x, p, 4, mask=m), p["ln1"], 1e-12)
            x = layer_norm(x + linear3d(gelu_erf(linear3d(x, p["f1"])), p["f2"]), p["ln2"], 1e-12)
        logits = gemm(gemm(x[:, 0], P["pool"], tf.tanh), cls)
        return out_names(logits=logits, probs=tf.nn.softmax(logits), label=tf.argmax(logits, -1))
    freeze_function(fwd, [tensor_spec([1, 16], "int64", "input_ids"), tensor_spec([1, 16], "int64", "attention_mask")], out)


FEEDS["c_bert_einsum_where_mask_frozen"] = lambda rng: {"input_ids": rng.integers(0, VOCAB, (1, 16)), "attention_mask": np.ones((1, 16))}


@model("c_vit_tiny_patch_conv_cls_token", "tf-module", "ViT-tiny port (2 pre-LN layers, d=32, 4 heads), NCHW float [None,3,32,32]: patch embedding as transposed 4x4/4 conv, flatten(2).transpose(1,2) as reshape [N,32,-1] + transpose, cls token tf.tile'd by tf.stack([batch,1,1]), concat, + position constant, einsum attention, moments LayerNorm, erf GELU MLP, head on token 0")
def b_vit(out):
    I = Init(25)
    patch = I.conv(32, 3, 4), I.n(32, std=0.02)
    cls_tok, pos = I.n(1, 1, 32, std=0.02), I.n(1, 65, 32, std=0.02)
    layers, ln, head = [attn_params(I, 32, 64) for _ in range(2)], I.ln(32), I.linear(10, 32)

    @tf.function(input_signature=[tensor_spec([None, 3, 32, 32], name="pixel_values")])
    def forward(x):
        x = t_conv(x, *patch, s=4)
        n = tf.shape(x)[0]
        x = tf.transpose(tf.reshape(x, tf.stack([n, 32, -1])), [0, 2, 1])
        x = tf.concat([tf.tile(tf.constant(cls_tok), tf.stack([n, 1, 1])), x], axis=1) + pos
        for p in layers:
            x = pre_ln_block(x, p, 4)
        return {"logits": gemm(layer_norm(x, ln)[:, 0], head)}
    serve_module(out, {}, serving_default=forward)


def gpt_params(I, layers=2, d=32, max_pos=64):
    return dict(wte=I.n(VOCAB, d, std=0.02), wpe=I.n(max_pos, d, std=0.01), lnf=I.ln(d),
                layers=[dict(ln1=I.ln(d), attn=(I.n(d, 3 * d, std=0.02), I.n(3 * d, std=0.01)), proj=(I.n(d, d, std=0.02), I.n(d, std=0.01)),
                             ln2=I.ln(d), fc=(I.n(d, 4 * d, std=0.02), I.n(4 * d, std=0.01)), fc2=(I.n(4 * d, d, std=0.02), I.n(d, std=0.01)))
                        for _ in range(layers)])


def gpt_forward(P, ids, heads=4):
    """GPT-2 forward as the HF graph exports: Conv1D (x @ W + b), fused qkv tf.split, causal mask from tf.range
    comparisons + tf.where(-1e4), gelu_new with Pow, tied output embedding (matmul transpose_b)."""
    s = tf.shape(ids, out_type=tf.int64)
    b, t = s[0], s[1]
    d = P["wte"].shape[1]
    hd = d // heads
    x = tf.gather(P["wte"], ids) + tf.gather(P["wpe"], tf.range(t))
    r = tf.range(t)
    causal = (r[None, :] <= r[:, None])[None, None]

    def conv1d(y, wb):
        return tf.matmul(y, tf.constant(wb[0])) + wb[1]

    def split_heads(y):
        return tf.transpose(tf.reshape(y, tf.stack([b, t, heads, hd])), [0, 2, 1, 3])
    for p in P["layers"]:
        q, k, v = tf.split(conv1d(layer_norm(x, p["ln1"]), p["attn"]), 3, axis=2)
        q, k, v = split_heads(q), split_heads(k), split_heads(v)
        w = tf.where(causal, tf.matmul(q, k, transpose_b=True) / np.float32(np.sqrt(hd)), -1e4)
        a = tf.reshape(tf.transpose(tf.matmul(tf.nn.softmax(w, -1), v), [0, 2, 1, 3]), tf.stack([b, t, d]))
        x = x + conv1d(a, p["proj"])
        x = x + conv1d(gelu_tanh(conv1d(layer_norm(x, p["ln2"]), p["fc"])), p["fc2"])
    return tf.matmul(layer_norm(x, P["lnf"]), tf.constant(P["wte"]), transpose_b=True)


@model("c_gpt2_causal_lm_next_token", "tf-module", "GPT-2-mini causal LM port (2 layers, d=32), input_ids int64 [None,None]: tf.gather token/position embeddings (tf.range positions), fused qkv Conv1D + tf.split, causal mask from tf.range comparisons with tf.where(-1e4), gelu_new with Pow, tied output projection -> logits [None,None,100] and greedy next_token = argmax(logits[:, -1]) int64")
def b_gpt2(out):
    P = gpt_params(Init(27))

    @tf.function(input_signature=[tensor_spec([None, None], "int64", "input_ids")])
    def forward(ids):
        logits = gpt_forward(P, ids)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1)}
    serve_module(out, {}, serving_default=forward)


FEEDS["c_gpt2_causal_lm_next_token"] = {"input_ids": (0, VOCAB)}


@model("c_gpt_greedy_generate_while_loop", "tf-module", "greedy generation exported as one graph (ONNX Loop style), input_ids int64 [1,None]: tf.while_loop for 4 new tokens with shape_invariants [1,None], each step a full GPT-2-mini forward (tf.range causal mask, tf.where), argmax of the last position, tf.concat onto the growing sequence -> sequences [1,None]")
def b_gpt_gen(out):
    P = gpt_params(Init(28))

    @tf.function(input_signature=[tensor_spec([1, None], "int64", "input_ids")])
    def generate(ids):
        def body(i, seq):
            nxt = tf.argmax(gpt_forward(P, seq)[:, -1], axis=-1)
            return i + 1, tf.concat([seq, nxt[:, None]], axis=1)
        _, seq = tf.while_loop(lambda i, _: i < 4, body, [tf.constant(0, tf.int64), ids],
                               shape_invariants=[tf.TensorShape([]), tf.TensorShape([1, None])])
        return {"sequences": seq}
    serve_module(out, {}, serving_default=generate)


FEEDS["c_gpt_greedy_generate_while_loop"] = lambda rng: {"input_ids": rng.integers(0, VOCAB, (1, 8))}


@model("c_t5_relpos_bucket_rmsnorm_encoder", "tf-module", "T5-mini encoder port (2 layers, d=32, 4 heads), input_ids / attention_mask int64 [None,None]: relative position buckets computed in-graph (tf.range int64, abs, log, cast, tf.minimum, tf.where) and tf.gather of a bias table, RMSNorm written out (Pow, reduce_mean, rsqrt), unscaled attention with additive mask, ReLU FFN -> last_hidden_state")
def b_t5(out):
    I = Init(29)
    d, heads = 32, 4
    emb, rel = I.n(VOCAB, d, std=1.0), I.n(32, heads, std=0.1)
    layers = [dict(ln1=I.n(d, std=0.02) + 1, q=I.n(d, d, std=0.05), k=I.n(d, d, std=0.18), v=I.n(d, d, std=0.18), o=I.n(d, d, std=0.18),
                   ln2=I.n(d, std=0.02) + 1, wi=I.n(64, d, std=0.18), wo=I.n(d, 64, std=0.12)) for _ in range(2)]
    lnf = I.n(d, std=0.02) + 1

    def rms(x, w):
        return x * tf.math.rsqrt(tf.reduce_mean(tf.pow(x, 2.0), -1, keepdims=True) + 1e-6) * w

    def buckets(t, nb=32, max_dist=128):
        r = tf.range(t, dtype=tf.int64)
        rp = r[None, :] - r[:, None]
        nb //= 2
        ret = tf.cast(rp > 0, tf.int64) * nb
        n = tf.abs(rp)
        exact = nb // 2
        large = exact + tf.cast(tf.math.log(tf.cast(n, tf.float32) / exact) / np.log(max_dist / exact) * (nb - exact), tf.int64)
        return ret + tf.where(n < exact, n, tf.minimum(large, nb - 1))

    @tf.function(input_signature=[tensor_spec([None, None], "int64", "input_ids"), tensor_spec([None, None], "int64", "attention_mask")])
    def forward(ids, mask):
        s = tf.shape(ids, out_type=tf.int64)
        b, t = s[0], s[1]
        x = tf.gather(emb, ids)
        bias = tf.transpose(tf.gather(rel, buckets(t)), [2, 0, 1])[None] + \
            (1.0 - tf.cast(mask[:, None, None, :], tf.float32)) * np.finfo("float32").min
        for p in layers:
            h = rms(x, p["ln1"])
            q, k, v = (tf.transpose(tf.reshape(tf.matmul(h, p[n], transpose_b=True), tf.stack([b, t, heads, d // heads])), [0, 2, 1, 3]) for n in "qkv")
            a = tf.matmul(tf.nn.softmax(tf.matmul(q, k, transpose_b=True) + bias, -1), v)
            x = x + tf.matmul(tf.reshape(tf.transpose(a, [0, 2, 1, 3]), tf.stack([b, t, d])), p["o"], transpose_b=True)
            x = x + tf.matmul(tf.nn.relu(tf.matmul(rms(x, p["ln2"]), p["wi"], transpose_b=True)), p["wo"], transpose_b=True)
        return {"last_hidden_state": rms(x, lnf)}
    serve_module(out, {}, serving_default=forward)


FEEDS["c_t5_relpos_bucket_rmsnorm_encoder"] = lambda rng: {"input_ids": rng.integers(0, VOCAB, (2, 32)), "attention_mask": np.ones((2, 32))}


@model("c_whisper_conv1d_encoder_gelu", "tf-module", "Whisper-tiny-mini audio encoder port, log-mel NCW float [None,80,None]: two Conv1d (k=3, pad 1, second stride 2) as transpose + tf.pad + tf.nn.conv1d VALID + transpose, erf GELU, transpose to [N,T,C], sinusoidal position table sliced by tf.gather(tf.range(T)), 2 pre-LN einsum attention layers, ln_post -> last_hidden_state")
def b_whisper(out):
    I = Init(30)
    d = 32
    c1, c2 = (I.n(d, 80, 3, std=0.05), I.n(d, std=0.02)), (I.n(d, d, 3, std=0.1), I.n(d, std=0.02))
    inv = np.exp(-np.log(10000) / (d // 2 - 1) * np.arange(d // 2))
    t = np.arange(128)[:, None] * inv[None]
    pos = np.concatenate([np.sin(t), np.cos(t)], 1).astype("float32")
    layers, lnp = [attn_params(I, d, 64) for _ in range(2)], I.ln(d)

    def conv1d(x, wb, s):
        y = tf.pad(tf.transpose(x, [0, 2, 1]), [[0, 0], [1, 1], [0, 0]])
        y = tf.nn.conv1d(y, tf.constant(wb[0].transpose(2, 1, 0)), s, "VALID") + wb[1]
        return tf.transpose(y, [0, 2, 1])

    @tf.function(input_signature=[tensor_spec([None, 80, None], name="input_features")])
    def forward(x):
        x = gelu_erf(conv1d(gelu_erf(conv1d(x, c1, 1)), c2, 2))
        x = tf.transpose(x, [0, 2, 1])
        x = x + tf.gather(pos, tf.range(tf.shape(x, out_type=tf.int64)[1]))
        for p in layers:
            x = pre_ln_block(x, p, 4)
        return {"last_hidden_state": layer_norm(x, lnp)}
    serve_module(out, {}, serving_default=forward)


@model("c_swin_window_attention_shift_frozen", "frozen-pb", "frozen GraphDef of a Swin-mini port, NCHW float [1,3,32,32]: 4x4 patch conv, window partition as 6-D reshape [1,2,4,2,4,C] / transpose [0,1,3,2,4,5] / reshape, relative position bias by tf.gather of a table with a constant int64 index, cyclic shift with tf.roll(-2) and a constant shifted-window mask, window reverse, MLP with erf GELU, patch merging via strided slices + concat, mean pool, head")
def b_swin(out):
    I = Init(31)
    C, ws, heads = 24, 4, 3
    patch = I.conv(C, 3, 4), I.n(C, std=0.02)
    blocks = [dict(p=attn_params(I, C, 2 * C), table=I.n((2 * ws - 1) ** 2, heads, std=0.02), shift=sh) for sh in (0, 2)]
    coords = np.stack(np.meshgrid(np.arange(ws), np.arange(ws), indexing="ij")).reshape(2, -1)
    rel = (coords[:, :, None] - coords[:, None, :]).transpose(1, 2, 0) + ws - 1
    rel_index = (rel[..., 0] * (2 * ws - 1) + rel[..., 1]).astype("int64")     # [16,16]
    img = np.zeros((8, 8), "float32")
    cnt = 0
    for hs in (slice(0, -ws), slice(-ws, -2), slice(-2, None)):
        for wsl in (slice(0, -ws), slice(-ws, -2), slice(-2, None)):
            img[hs, wsl] = cnt
            cnt += 1
    mw = img.reshape(2, ws, 2, ws).transpose(0, 2, 1, 3).reshape(4, ws * ws)
    shift_mask = np.where(mw[:, None, :] != mw[:, :, None], -100.0, 0.0).astype("float32")    # [4,16,16]
    merge_ln, merge = I.ln(4 * C), I.linear(2 * C, 4 * C)
    lnf, head = I.ln(2 * C), I.linear(10, 2 * C)

    def partition(x):      # [1,8,8,C] -> [4,16,C]
        return tf.reshape(tf.transpose(tf.reshape(x, [1, 2, ws, 2, ws, C]), [0, 1, 3, 2, 4, 5]), [4, ws * ws, C])

    def reverse(w):
        return tf.reshape(tf.transpose(tf.reshape(w, [1, 2, 2, ws, ws, C]), [0, 1, 3, 2, 4, 5]), [1, 8, 8, C])

    def fwd(x):
        x = tf.reshape(tf.transpose(t_conv(x, *patch, s=4), [0, 2, 3, 1]), [1, 8, 8, C])
        for blk in blocks:
            p, sh = blk["p"], blk["shift"]
            h = layer_norm(x, p["ln1"])
            if sh:
                h = tf.roll(h, [-sh, -sh], [1, 2])
            bias = tf.transpose(tf.gather(blk["table"], rel_index), [2, 0, 1])[None]
            if sh:
                bias = bias + shift_mask[:, None]
            w = reverse(mha_einsum(partition(h), p, heads, bias=bias))
            if sh:
                w = tf.roll(w, [sh, sh], [1, 2])
            x = x + w
            x = x + linear3d(gelu_erf(linear3d(layer_norm(x, p["ln2"]), p["f1"])), p["f2"])
        x = tf.concat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
        x = linear3d(layer_norm(tf.reshape(x, [1, 16, 4 * C]), merge_ln), (merge[0], np.zeros(2 * C, "float32")))
        return out_names(logits=gemm(tf.reduce_mean(layer_norm(x, lnf), axis=1), head))
    freeze_function(fwd, [tensor_spec([1, 3, 32, 32], name="pixel_values")], out)


@model("c_distilbert_seqcls_topk_int64", "tf-module", "DistilBERT-mini sequence classifier port (2 layers), input_ids / attention_mask int64 [None,None]: gather embeddings + tf.range int64 positions, masked_fill as tf.where(mask == 0, float-min, scores) with reshaped mask, moments LayerNorm, erf GELU, pre_classifier ReLU, 6 labels; softmax + tf.math.top_k(3) with indices cast to int64 -> logits, top_scores, top_labels")
def b_distilbert(out):
    I = Init(32)
    word, pos, eln = I.n(VOCAB, 32, std=0.02), I.n(64, 32, std=0.02), I.ln(32)
    layers = [attn_params(I, 32, 64) for _ in range(2)]
    pre, cls = I.linear(32, 32), I.linear(6, 32)

    @tf.function(input_signature=[tensor_spec([None, None], "int64", "input_ids"), tensor_spec([None, None], "int64", "attention_mask")])
    def forward(ids, mask):
        t = tf.shape(ids, out_type=tf.int64)[1]
        x = layer_norm(tf.gather(word, ids) + tf.gather(pos, tf.range(t, dtype=tf.int64))[None], eln, 1e-12)
        keep = tf.logical_not(tf.equal(tf.reshape(mask, tf.stack([tf.shape(mask, out_type=tf.int64)[0], 1, 1, t])), 0))
        for p in layers:
            x = layer_norm(x + mha_einsum(x, p, 4, mask=keep), p["ln1"], 1e-12)
            x = layer_norm(x + linear3d(gelu_erf(linear3d(x, p["f1"])), p["f2"]), p["ln2"], 1e-12)
        logits = gemm(gemm(x[:, 0], pre, tf.nn.relu), cls)
        top = tf.math.top_k(tf.nn.softmax(logits, -1), k=3)
        return {"logits": logits, "top_scores": top.values, "top_labels": tf.cast(top.indices, tf.int64)}
    serve_module(out, {}, serving_default=forward)


FEEDS["c_distilbert_seqcls_topk_int64"] = lambda rng: {"input_ids": rng.integers(0, VOCAB, (2, 32)),
                                                        "attention_mask": (np.arange(32)[None] < np.array([[32], [20]])).astype("int64")}


@model("c_mobilevit_unfold_fold_fixed", "tf-module", "MobileViT-block port, NCHW float [1,3,32,32]: SiLU transposed convs, unfolding into 2x2 patches exactly as the HF code does it (reshape [C*nh,2,nw,2], transpose, reshape [1,C,64,4], transpose [0,3,2,1], reshape [4,64,C]), 2 pre-LN einsum transformer layers with SiLU MLP, folding back by the inverse reshapes/transposes, concat with the local features, fusion conv, GAP, Gemm")
def b_mobilevit(out):
    I = Init(33)
    stem, loc, proj = I.folded_conv(16, 3, 3), I.folded_conv(16, 16, 3), I.conv(24, 16, 1)
    layers, ln = [attn_params(I, 24, 48) for _ in range(2)], I.ln(24)
    back, fuse, fc = I.folded_conv(16, 24, 1), I.folded_conv(16, 32, 3), I.linear(10, 16)
    C, nh = 24, 8

    @tf.function(input_signature=[tensor_spec([1, 3, 32, 32], name="pixel_values")])
    def forward(x):
        x = silu(t_conv(x, *stem, s=2, p=1))                    # [1,16,16,16]
        y = t_conv(silu(t_conv(x, *loc, p=1)), proj)           # [1,24,16,16]
        pch = tf.reshape(y, [C * nh, 2, nh, 2])
        pch = tf.transpose(pch, [0, 2, 1, 3])
        pch = tf.reshape(pch, [1, C, nh * nh, 4])
        pch = tf.reshape(tf.transpose(pch, [0, 3, 2, 1]), [4, nh * nh, C])
        for p in layers:
            pch = pre_ln_block(pch, p, 4, act=silu)
        pch = layer_norm(pch, ln)
        y = tf.transpose(tf.reshape(pch, [1, 4, nh * nh, C]), [0, 3, 2, 1])
        y = tf.reshape(tf.transpose(tf.reshape(y, [C * nh, nh, 2, 2]), [0, 2, 1, 3]), [1, C, 16, 16])
        y = silu(t_conv(tf.concat([x, silu(t_conv(y, *back))], axis=1), *fuse, p=1))
        return {"logits": gemm(tf.reduce_mean(y, axis=[2, 3]), fc)}
    serve_module(out, {}, serving_default=forward)


@model("c_detr_postprocess_target_sizes_int64", "tf-module", "DETR-mini port: pixel_values NCHW float [1,3,32,32] + orig_target_sizes int64 [1,2]; conv backbone, flatten(2).permute(0,2,1), sine-free learned position constant, 10 object queries with one einsum cross-attention + FFN, class head (5+no-object) and sigmoid cxcywh boxes; PostProcess: softmax[..., :-1], reduce_max / argmax (int64), cxcywh->xyxy with tf.unstack/tf.stack, scaled by cast(target sizes) -> scores, labels, boxes")
def b_detr(out):
    I = Init(35)
    bb = [I.folded_conv(c, ci, 3) for ci, c in ((3, 16), (16, 32))]
    d = 32
    posc, queries = I.n(1, 16, d, std=0.1), I.n(10, d, std=0.5)
    ca = dict(q=I.linear(d, d), k=I.linear(d, d), v=I.linear(d, d), o=I.linear(d, d))
    ln1, ln2, f1, f2 = I.ln(d), I.ln(d), I.linear(64, d), I.linear(d, 64)
    cls, b1, b2 = I.linear(6, d), I.linear(d, d), I.linear(4, d)

    @tf.function(input_signature=[tensor_spec([1, 3, 32, 32], name="pixel_values"), tensor_spec([1, 2], "int64", "orig_target_sizes")])
    def forward(img, sizes):
        x = img
        for wb in bb:
            x = tf.nn.relu(t_conv(x, *wb, s=2, p=1))
        x = nchw(tf.nn.max_pool2d(nhwc(x), 2, 2, "VALID"))                     # [1,32,4,4]
        mem = tf.transpose(tf.reshape(x, [1, d, -1]), [0, 2, 1]) + posc       # flatten(2).permute(0,2,1)
        q = tf.constant(queries)[None]
        qq, kk, vv = linear3d(q, ca["q"]), linear3d(mem, ca["k"]), linear3d(mem, ca["v"])
        a = tf.einsum("bqd,bkd->bqk", qq, kk) / np.float32(np.sqrt(d))
        h = layer_norm(q + linear3d(tf.einsum("bqk,bkd->bqd", tf.nn.softmax(a, -1), vv), ca["o"]), ln1)
        h = layer_norm(h + linear3d(tf.nn.relu(linear3d(h, f1)), f2), ln2)
        prob = tf.nn.softmax(linear3d(h, cls), -1)[..., :-1]
        boxes = tf.sigmoid(linear3d(tf.nn.relu(linear3d(h, b1)), b2))
        cx, cy, w, hh = tf.unstack(boxes, axis=-1)
        xyxy = tf.stack([cx - 0.5 * w, cy - 0.5 * hh, cx + 0.5 * w, cy + 0.5 * hh], -1)
        ih, iw = tf.unstack(tf.cast(sizes, tf.float32), axis=1)
        scale = tf.stack([iw, ih, iw, ih], axis=1)[:, None, :]
        return {"scores": tf.reduce_max(prob, -1), "labels": tf.argmax(prob, -1), "boxes": xyxy * scale}
    serve_module(out, {}, serving_default=forward)


FEEDS["c_detr_postprocess_target_sizes_int64"] = {"orig_target_sizes": (100, 640)}


# ================================================================================ RNN ports

@model("c_onnxtf_lstm_while_loop_time_major", "tf-module", "ONNX LSTM as onnx-tf runs it, X float [None(seq),None(batch),16] time-major: W [1,4H,I] / R [1,4H,H] / B [1,8H] constants squeezed and split, iofc gate order, tf.while_loop over tf.shape(X)[0] with tf.gather of the step and a TensorArray, initial state zeros from tf.stack([1,batch,H]) -> Y [seq,1,batch,H], Y_h, Y_c")
def b_onnx_lstm(out):
    I = Init(36)
    H = 24
    W, R, B = I.n(1, 4 * H, 16, std=0.1), I.n(1, 4 * H, H, std=0.1), I.n(1, 8 * H, std=0.05)

    @tf.function(input_signature=[tensor_spec([None, None, 16], name="X")])
    def forward(X):
        s = tf.shape(X, out_type=tf.int64)
        seq, batch = s[0], s[1]
        w, r = tf.squeeze(tf.constant(W), 0), tf.squeeze(tf.constant(R), 0)
        wb, rb = tf.split(tf.squeeze(tf.constant(B), 0), 2)
        init = tf.zeros(tf.stack([tf.constant(1, tf.int64), batch, tf.constant(H, tf.int64)]))
        ta = tf.TensorArray(tf.float32, size=tf.cast(seq, tf.int32), element_shape=tf.TensorShape([None, H]))

        def body(t, h, c, ta):
            h, c = lstm_cell(tf.gather(X, t), h, c, w, r, wb + rb, order="iofc")
            return t + 1, h, c, ta.write(tf.cast(t, tf.int32), h)
        _, h, c, ta = tf.while_loop(lambda t, *_: t < seq, body, [tf.constant(0, tf.int64), init[0], init[0], ta])
        return {"Y": tf.expand_dims(ta.stack(), 1), "Y_h": tf.expand_dims(h, 0), "Y_c": tf.expand_dims(c, 0)}
    serve_module(out, {}, serving_default=forward)


@model("c_lstm_unrolled_fixed_frozen", "frozen-pb", "frozen GraphDef of a 2-layer nn.LSTM(batch_first=True) port unrolled over 8 steps, float [1,8,16]: per-step strided slice, matmuls with [4H,I]/[4H,H] constants (transpose_b), PyTorch ifgo gates via tf.split, sigmoid/tanh, tf.stack of outputs, last-step Gemm head -> output [1,5]")
def b_lstm_unrolled(out):
    I = Init(37)
    H = 32
    layers = [(I.n(4 * H, i, std=0.1), I.n(4 * H, H, std=0.1), I.n(4 * H, std=0.05)) for i in (16, H)]
    fc = I.linear(5, H)

    def fwd(x):
        seq = [x[:, t, :] for t in range(8)]
        for w, r, b in layers:
            h = c = tf.zeros([1, H])
            outs = []
            for xt in seq:
                h, c = lstm_cell(xt, h, c, w, r, b)
                outs.append(h)
            seq = outs
        return out_names(output=gemm(seq[-1], fc), sequence=tf.stack(seq, axis=1))
    freeze_function(fwd, [tensor_spec([1, 8, 16], name="input")], out)


@model("c_gru_bidirectional_scan", "tf-module", "bidirectional nn.GRU(batch_first=True) port, float [None,None,12]: transpose to time-major, tf.scan GRU cells with PyTorch r,z,n gates (n = tanh(W_in x + b_in + r * (W_hn h + b_hn))), backward direction via tf.reverse, concat -> [N,T,64], masked-free mean pooling, Gemm -> logits")
def b_gru(out):
    I = Init(38)
    H = 32
    dirs = [(I.n(3 * H, 12, std=0.15), I.n(3 * H, H, std=0.1), I.n(3 * H, std=0.05), I.n(3 * H, std=0.05)) for _ in range(2)]
    fc = I.linear(4, 2 * H)

    def run(xs, p):
        w, r, bi, bh = p

        def step(h, x):
            gi = tf.matmul(x, w, transpose_b=True) + bi
            gh = tf.matmul(h, r, transpose_b=True) + bh
            ir, iz, in_ = tf.split(gi, 3, axis=1)
            hr, hz, hn = tf.split(gh, 3, axis=1)
            rr, z = tf.sigmoid(ir + hr), tf.sigmoid(iz + hz)
            n = tf.tanh(in_ + rr * hn)
            return (1.0 - z) * n + z * h
        return tf.scan(step, xs, initializer=tf.zeros(tf.stack([tf.shape(xs)[1], H])))

    @tf.function(input_signature=[tensor_spec([None, None, 12], name="input")])
    def forward(x):
        xs = tf.transpose(x, [1, 0, 2])
        y = tf.concat([run(xs, dirs[0]), tf.reverse(run(tf.reverse(xs, [0]), dirs[1]), [0])], axis=-1)
        y = tf.transpose(y, [1, 0, 2])
        return {"output": y, "logits": gemm(tf.reduce_mean(y, axis=1), fc)}
    serve_module(out, {}, serving_default=forward)


@model("c_tf1_lstm_while_loop_seq_classifier", "tf1-savedmodel", "TF1 hand port of an LSTM classifier: placeholder float [None,10,8] (batch_first), get_variable weights in PyTorch [4H,I] layout, tf.compat.v1 graph with tf.while_loop over the 10 steps (TensorArray unstack of the time-major input), ifgo matmul cell, softmax + argmax; SavedModelBuilder predict signature")
def b_tf1_lstm(out):
    v1 = tf.compat.v1

    def build():
        H = 16
        x = v1.placeholder(tf.float32, [None, 10, 8], name="input")
        init = v1.random_normal_initializer(0.0, 0.1, seed=0)
        w = v1.get_variable("lstm/weight_ih", [4 * H, 8], initializer=init)
        r = v1.get_variable("lstm/weight_hh", [4 * H, H], initializer=init)
        b = v1.get_variable("lstm/bias", [4 * H], initializer=v1.zeros_initializer())
        fw = v1.get_variable("fc/weight", [3, H], initializer=init)
        fb = v1.get_variable("fc/bias", [3], initializer=v1.zeros_initializer())
        ta = tf.TensorArray(tf.float32, size=10).unstack(tf.transpose(x, [1, 0, 2]))
        z = tf.zeros(tf.stack([tf.shape(x)[0], H]))

        def body(t, h, c):
            h, c = lstm_cell(ta.read(t), h, c, w, r, b)
            return t + 1, h, c
        _, h, _ = tf.while_loop(lambda t, h, c: t < 10, body, [tf.constant(0), z, z])
        probs = tf.nn.softmax(tf.matmul(h, fw, transpose_b=True) + fb, name="probs")
        return {"serving_default": ({"input": x}, {"probs": probs, "label": tf.argmax(probs, -1, name="label")})}
    tf1_saved_model(out, build)


@model("c_tf1_onnxtf_resnet_nchw_builder", "tf1-savedmodel", "TF1 SavedModelBuilder export of an onnx-tf-era graph: placeholder NCHW float [None,3,32,32], OIHW constants transposed in-graph, transpose/tf.pad/VALID conv/transpose per layer, BN mul/add constants, ReLU, residual block, reduce_mean GAP, Gemm transB, softmax")
def b_tf1_resnet(out):
    I = Init(39)
    stem = I.conv(16, 3, 3), I.bn(16)
    blk = [(I.conv(16, 16, 3), I.bn(16)) for _ in range(2)]
    down = I.folded_conv(32, 16, 3)
    fc = I.linear(10, 32)
    v1 = tf.compat.v1

    def build():
        x = inp = v1.placeholder(tf.float32, [None, 3, 32, 32], name="input.1")
        x = tf.nn.relu(bn_affine(t_conv(x, stem[0], p=1), stem[1]))
        y = tf.nn.relu(bn_affine(t_conv(x, blk[0][0], p=1), blk[0][1]))
        x = tf.nn.relu(x + bn_affine(t_conv(y, blk[1][0], p=1), blk[1][1]))
        x = tf.nn.relu(t_conv(x, *down, s=2, p=1))
        x = tf.reduce_mean(x, axis=[2, 3])
        return {"serving_default": ({"input.1": inp}, {"output": tf.nn.softmax(gemm(x, fc), name="output")})}
    tf1_saved_model(out, build)


# ================================================================================ nobuco-style Keras models

def _keras_layers():
    """custom layers shaped like nobuco's Keras output: each wraps the TF op(s) nobuco emits for one torch call."""
    class ChangeOrdering(L.Layer):
        """nobuco's layout change between PyTorch (channel-first) and Keras (channel-last) tensors"""

        def __init__(self, perm, **kw):
            super().__init__(**kw)
            self.perm = list(perm)

        def call(self, x):
            return tf.transpose(x, self.perm)

        def get_config(self):
            return {**super().get_config(), "perm": self.perm}

    class Op(L.Layer):
        """a torch functional call with no weights (nobuco's TFOpLambda-like node)"""

        def __init__(self, fn, **kw):
            super().__init__(**kw)
            self.fn = fn

        def call(self, x):
            return self.fn(x)

    class LayerNormOut(L.Layer):
        """nn.LayerNorm converted op-by-op: moments, rsqrt, mul, add"""

        def build(self, s):
            self.g = self.add_weight(shape=(s[-1],), initializer="ones", name="weight")
            self.b = self.add_weight(shape=(s[-1],), initializer="zeros", name="bias")

        def call(self, x):
            m, v = tf.nn.moments(x, axes=[-1], keepdims=True)
            return (x - m) * tf.math.rsqrt(v + 1e-6) * self.g + self.b

    class EinsumAttention(L.Layer):
        """nn.MultiheadAttention(batch_first) converted: in_proj as one Dense, tf.split, reshapes, einsum, softmax"""

        def __init__(self, d, heads, **kw):
            super().__init__(**kw)
            self.d, self.h = d, heads
            self.qkv, self.o = L.Dense(3 * d), L.Dense(d)

        def call(self, x):
            n = tf.shape(x)[0]
            q, k, v = (tf.reshape(t, tf.stack([n, -1, self.h, self.d // self.h])) for t in tf.split(self.qkv(x), 3, -1))
            a = tf.nn.softmax(tf.einsum("bqhd,bkhd->bhqk", q, k) * (self.d // self.h) ** -0.5, -1)
            return self.o(tf.reshape(tf.einsum("bhqk,bkhd->bqhd", a, v), tf.stack([n, -1, self.d])))
    return ChangeOrdering, Op, LayerNormOut, EinsumAttention


@model("c_keras_nobuco_resnet_nchw_io", "keras-export", "nobuco-style Keras ResNet-mini with PyTorch-layout I/O, float [None,3,32,32]: ChangeOrdering layer (tf.transpose) to NHWC, ZeroPadding2D + Conv2D valid (no bias) + BatchNormalization + ReLU, Add residuals, strided downsample with 1x1 shortcut, transpose back to NCHW before a reduce_mean Op layer (mean over dims 2,3), Dense")
def b_nobuco_resnet(out):
    CO, Op, _, _ = _keras_layers()

    def cbr(x, f, s=1, act=True):
        x = L.BatchNormalization(epsilon=1e-5)(L.Conv2D(f, 3, s, padding="valid", use_bias=False)(L.ZeroPadding2D(1)(x)))
        return L.ReLU()(x) if act else x
    i = keras.Input((3, 32, 32), name="x")
    x = cbr(CO((0, 2, 3, 1))(i), 16)
    for f, s in ((16, 1), (32, 2), (32, 1)):
        y = cbr(cbr(x, f, s), f, act=False)
        sc = x if s == 1 and x.shape[-1] == f else L.BatchNormalization(epsilon=1e-5)(L.Conv2D(f, 1, s, use_bias=False)(x))
        x = L.ReLU()(L.Add()([y, sc]))
    x = Op(lambda t: tf.reduce_mean(t, axis=[2, 3]))(CO((0, 3, 1, 2))(x))
    keras_export(keras.Model(i, L.Dense(10)(x)), out)


@model("c_keras_nobuco_mobilenetv3_batch1", "keras-export", "nobuco-style Keras MobileNetV3-mini, fixed float [1,3,64,64] kept by input_signature: transpose layer in, ZeroPadding2D + Conv2D valid, hardswish Op layers (x * relu6(x+3) / 6), DepthwiseConv2D, squeeze-excite as reduce_mean keepdims Op + 1x1 Conv2D + hardsigmoid Op + Multiply, Add residuals, transpose back to NCHW before flatten Op (reshape [1,-1]), Dense")
def b_nobuco_mbv3(out):
    CO, Op, _, _ = _keras_layers()
    he = "he_normal"   # nobuco copies PyTorch's kaiming-initialized weights

    def hs(x):
        return Op(lambda t: t * tf.nn.relu6(t + 3.0) / 6.0)(x)

    def block(x, h, c, k, s, se, act):
        y = act(L.BatchNormalization()(L.Conv2D(h, 1, use_bias=False, kernel_initializer=he)(x)))
        y = act(L.BatchNormalization()(L.DepthwiseConv2D(k, s, padding="valid", use_bias=False, depthwise_initializer=he)(L.ZeroPadding2D(k // 2)(y))))
        if se:
            z = Op(lambda t: tf.reduce_mean(t, axis=[1, 2], keepdims=True))(y)
            z = L.Conv2D(h, 1, kernel_initializer=he)(L.ReLU()(L.Conv2D(max(8, h // 4), 1, kernel_initializer=he)(z)))
            y = L.Multiply()([y, Op(lambda t: tf.nn.relu6(t + 3.0) / 6.0)(z)])
        y = L.BatchNormalization()(L.Conv2D(c, 1, use_bias=False, kernel_initializer=he)(y))
        return L.Add()([x, y]) if s == 1 and x.shape[-1] == c else y
    i = keras.Input((3, 64, 64), batch_size=1, name="input")
    x = hs(L.BatchNormalization()(L.Conv2D(16, 3, 2, use_bias=False, kernel_initializer=he)(L.ZeroPadding2D(1)(CO((0, 2, 3, 1))(i)))))
    relu = L.ReLU()
    for h, c, k, s, se, act in ((16, 16, 3, 2, True, relu), (48, 24, 3, 2, False, relu), (72, 24, 3, 1, False, relu),
                                (96, 32, 5, 2, True, hs), (128, 32, 5, 1, True, hs)):
        x = block(x, h, c, k, s, se, act)
    x = Op(lambda t: tf.reduce_mean(t, axis=[2, 3], keepdims=True))(CO((0, 3, 1, 2))(hs(L.Conv2D(96, 1, kernel_initializer=he)(x))))
    x = Op(lambda t: tf.reshape(t, [1, -1]))(x)
    keras_export(keras.Model(i, L.Dense(10)(hs(L.Dense(64)(x)))), out, keep_fixed_batch=True)


@model("c_keras_nobuco_vit_custom_layers", "keras-export", "nobuco-style Keras ViT-mini, float [None,3,32,32]: transpose layer, Conv2D 4x4/4 patch embedding, Reshape to tokens, class-token Op layer (tf.tile by tf.shape batch + concat), position weights, 2 pre-norm layers of custom LayerNorm (moments/rsqrt) and einsum MultiheadAttention (fused in_proj Dense + tf.split), erf GELU Op, Dense MLP, Add; head on token 0")
def b_nobuco_vit(out):
    CO, Op, LNO, Attn = _keras_layers()

    class ClsPos(L.Layer):
        def build(self, s):
            self.cls = self.add_weight(shape=(1, 1, s[-1]), initializer="random_normal", name="cls_token")
            self.pos = self.add_weight(shape=(1, s[1] + 1, s[-1]), initializer="random_normal", name="pos_embed")

        def call(self, x):
            return tf.concat([tf.tile(self.cls, tf.stack([tf.shape(x)[0], 1, 1])), x], 1) + self.pos
    i = keras.Input((3, 32, 32), name="pixel_values")
    x = L.Conv2D(32, 4, 4)(CO((0, 2, 3, 1))(i))
    x = ClsPos()(L.Reshape((64, 32))(x))
    gelu = Op(lambda t: 0.5 * t * (1.0 + tf.math.erf(t * 0.7071067811865476)))
    for _ in range(2):
        x = L.Add()([x, Attn(32, 4)(LNO()(x))])
        x = L.Add()([x, L.Dense(32)(gelu(L.Dense(64)(LNO()(x))))])
    x = Op(lambda t: t[:, 0])(LNO()(x))
    keras_export(keras.Model(i, L.Dense(10)(x)), out)


@model("c_keras_nobuco_lstm_batchfirst", "keras-export", "nobuco-style Keras port of Embedding + nn.LSTM(batch_first) + Linear: token ids int64 [None,None] cast by an Op layer, Embedding(100,32), keras LSTM(48, return_sequences) and a second LSTM, transpose Op layers around a Conv1D 'channel' projection (torch Conv1d on [N,C,T]), Dense logits per step and argmax Op (int64) tags")
def b_nobuco_lstm(out):
    CO, Op, _, _ = _keras_layers()
    i = keras.Input((None,), dtype="int64", name="input_ids")
    x = L.Embedding(VOCAB, 32)(Op(lambda t: tf.cast(t, tf.int32))(i))
    x = L.LSTM(48, return_sequences=True)(x)
    x = CO((0, 2, 1))(L.Conv1D(32, 1)(CO((0, 2, 1))(CO((0, 2, 1))(x))))     # torch permute/Conv1d/permute round trip
    x = L.LSTM(32, return_sequences=True)(CO((0, 2, 1))(x))
    logits = L.Dense(7, name="logits")(x)
    keras_export(keras.Model(i, [logits, Op(lambda t: tf.argmax(t, -1), name="tags")(logits)]), out)


FEEDS["c_keras_nobuco_lstm_batchfirst"] = {"input_ids": (0, VOCAB)}


@model("c_keras_savedmodel_interpolate_align_corners", "saved-model", "tf.saved_model.save of a nobuco-style Keras segmentation net, float [None,3,64,64] NCHW in/out: transpose layers, Conv2D/BN/ReLU encoder, F.interpolate(scale 2, bilinear, align_corners=True) as an Op layer calling tf.compat.v1.image.resize_bilinear(align_corners=True) with size from tf.shape, F.interpolate(mode='nearest') as resize_nearest_neighbor, concat skips, 1x1 classifier, transpose back")
def b_nobuco_interp(out):
    CO, Op, _, _ = _keras_layers()

    def up(mode):
        def fn(t):
            size = tf.shape(t)[1:3] * 2
            if mode == "bilinear":
                return tf.compat.v1.image.resize_bilinear(t, size, align_corners=True)
            return tf.compat.v1.image.resize_nearest_neighbor(t, size, half_pixel_centers=False)
        return Op(fn)

    def cbr(x, f, s=1):
        return L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, s, padding="valid", use_bias=False)(L.ZeroPadding2D(1)(x))))
    i = keras.Input((3, 64, 64), name="input")
    s1 = cbr(CO((0, 2, 3, 1))(i), 16)
    s2 = cbr(s1, 32, 2)
    x = cbr(s2, 48, 2)
    x = cbr(L.Concatenate()([up("bilinear")(x), s2]), 32)
    x = cbr(L.Concatenate()([up("nearest")(x), s1]), 16)
    m = keras.Model(i, CO((0, 3, 1, 2))(L.Conv2D(3, 1)(x)))
    m(np.zeros((1, 3, 64, 64), "float32"))
    sig = tf.function(lambda x: {"output_0": m(x, training=False)}, input_signature=[tensor_spec([None, 3, 64, 64], name="input")])
    tf.saved_model.save(m, str(out), signatures={"serving_default": sig})


# ================================================================================ misc converter outputs

@model("c_onnx_linear3d_shape_gather_concat_reshape", "tf-module", "Linear layers on a [None,None,16] float sequence as older ONNX exports lower them: Shape (int64) -> Gather 0/1 -> Unsqueeze -> Concat with constants -> Reshape to 2-D, Gemm transB, Reshape back to [B,T,out]; int64->int32->int64 cast chain on the shape, ONNX-decomposed LayerNorm, residual; outputs sequence [None,None,16] and mean-pooled Gemm logits")
def b_linear3d(out):
    I = Init(45)
    l1, l2, ln, head = I.linear(32, 16), I.linear(16, 32), I.ln(16), I.linear(8, 16)

    def lin(x, wb):
        s = tf.cast(tf.cast(tf.shape(x, out_type=tf.int64), tf.int32), tf.int64)
        b, t = tf.expand_dims(tf.gather(s, 0), 0), tf.expand_dims(tf.gather(s, 1), 0)
        y = gemm(tf.reshape(x, tf.concat([tf.constant([-1], tf.int64), tf.constant([wb[0].shape[1]], tf.int64)], 0)), wb)
        return tf.reshape(y, tf.concat([b, t, tf.constant([wb[0].shape[0]], tf.int64)], 0))

    @tf.function(input_signature=[tensor_spec([None, None, 16], name="input")])
    def forward(x):
        y = layer_norm_onnx(x + lin(tf.nn.relu(lin(x, l1)), l2), ln, 1e-5)
        return {"sequence": y, "logits": gemm(tf.reduce_mean(y, axis=1), head)}
    serve_module(out, {}, serving_default=forward)


@model("c_dlrm_embedding_bag_interaction", "tf-module", "DLRM-mini port: dense float [None,4] + sparse int64 [None,3] (one id per table) + bag_ids int64 [None,4] (EmbeddingBag sum, fixed bag); embedding tables as tf.Variables gathered with int64 ids, bottom MLP, pairwise dot interaction (tf.stack, matmul transpose_b, reshape [B,25], tf.gather of constant int64 lower-triangle indices), concat, top MLP, sigmoid")
def b_dlrm(out):
    I = Init(46)
    tables = [tf.Variable(I.n(VOCAB, 16, std=0.1), name=f"emb_{k}") for k in range(4)]
    bot, top1, top2 = [I.linear(32, 4), I.linear(16, 32)], I.linear(32, 16 + 10), I.linear(1, 32)
    tri = np.array([i * 5 + j for i in range(5) for j in range(i)], "int64")

    @tf.function(input_signature=[tensor_spec([None, 4], name="dense"), tensor_spec([None, 3], "int64", "sparse"),
                                  tensor_spec([None, 4], "int64", "bag_ids")])
    def forward(dense, sparse, bag):
        x = gemm(gemm(dense, bot[0], tf.nn.relu), bot[1], tf.nn.relu)
        embs = [tf.gather(tables[k], sparse[:, k]) for k in range(3)] + [tf.reduce_sum(tf.gather(tables[3], bag), axis=1)]
        t = tf.stack([x] + embs, axis=1)                                   # [B,5,16]
        z = tf.reshape(tf.matmul(t, t, transpose_b=True), [-1, 25])
        h = tf.concat([x, tf.gather(z, tri, axis=1)], axis=1)
        return {"ctr": tf.sigmoid(gemm(gemm(h, top1, tf.nn.relu), top2))}
    serve_module(out, {"tables": tables}, serving_default=forward)


FEEDS["c_dlrm_embedding_bag_interaction"] = {"sparse": (0, VOCAB), "bag_ids": (0, VOCAB)}


@model("c_uint8_float64_preprocess_frozen", "frozen-pb", "frozen GraphDef of a hand port with preprocessing left in, uint8 NHWC [1,64,64,3]: cast to float64, (x/255 - mean)/std with float64 constants (numpy defaults), cast back to float32, transpose to NCHW, transposed convs with BN mul/add, ReLU, max-pool, reduce_mean, Gemm, softmax + argmax (int64)")
def b_f64(out):
    I = Init(48)
    convs = [(I.conv(c, ci, 3), I.bn(c)) for ci, c in ((3, 16), (16, 32), (32, 32))]
    fc = I.linear(10, 32)
    mean, std = np.array([0.485, 0.456, 0.406]), np.array([0.229, 0.224, 0.225])

    def fwd(img):
        x = (tf.cast(img, tf.float64) / 255.0 - mean) / std
        x = nchw(tf.cast(x, tf.float32))
        for w, bn in convs:
            x = t_maxpool(tf.nn.relu(bn_unfolded(t_conv(x, w, p=1), bn)), 2, 2)
        logits = gemm(tf.reduce_mean(x, axis=[2, 3]), fc)
        return out_names(probs=tf.nn.softmax(logits), class_id=tf.argmax(logits, -1))
    freeze_function(fwd, [tensor_spec([1, 64, 64, 3], "uint8", "image")], out)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS)))
