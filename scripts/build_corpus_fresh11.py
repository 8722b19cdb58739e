"""Build an independently made corpus into bench/out/fresh11/: TF1-era production exports of the kinds still deployed
in many places, written with tf.compat.v1 the way 2017-2020 codebases wrote them -- raw get_variable layers in slim's
naming (conv + batch_norm, is_training / keep_prob placeholders), Estimator-style serving exports re-created by hand
(serialized tf.Example parsing, feature columns, hashing, vocabulary tables run by a legacy_init_op / main_op,
classification / regression / predict signature_defs), frozen GraphDefs (convert_variables_to_constants, the
freeze_graph tool, optimize_for_inference), ExponentialMovingAverage shadow variables restored for serving, TF1 RNNs
(dynamic_rnn / static_rnn / bidirectional_dynamic_rnn, tf.while_loop decoders), object-detection postprocessing, and
image / audio decoding in the graph. Random seeded weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh11.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh11.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh11.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh11.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh11.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.

"era tf1" in a description means the graph was built with TF 1.x defaults (reference variables, so VariableV2 with
`<var>/read` Identity nodes, and v1 control flow: Switch/Merge, Enter/Exit/NextIteration, TensorArrayV3); "era compat"
means tf.compat.v1 code run with TF 2.x defaults (resource variables, If/While control flow). The Keras-backed
tf.compat.v1.layers and tf.compat.v1.nn.rnn_cell classes are unavailable under Keras 3, so layers are written with
get_variable in slim's variable naming, and the RNN cells re-create BasicLSTMCell / LSTMCell / GRUCell math and names.
"""

import collections
import contextlib
import os
import sys
import tempfile
import warnings

from corpus_driver import Corpus

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh11", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = np = v1 = None

# Inputs that need in-range or mutually consistent values in --check: model -> {input name: (low, high) int range
# or a value} or model -> callable(rng) -> {input name: array}. A key "signature/input" applies to one signature only.
# String inputs must be listed (serialized tf.Examples, JPEG / PNG / WAV bytes, sentences).
FEEDS = {}
PB_OUTPUTS = {}  # frozen model -> the output node names it was frozen with


def frozen(name, desc, outputs):
    """Register a frozen-GraphDef builder `fn(out, outputs)`; `outputs` are also what --check fetches."""
    PB_OUTPUTS[name] = outputs

    def deco(fn):
        model(name, "frozen-pb", desc)(lambda out: fn(out, outputs))
        return fn
    return deco


# ============================================================================ graph-mode plumbing

@contextlib.contextmanager
def session(era="tf1"):
    """A fresh graph (graph seed 0) and a Session on it. era "tf1": TF 1.x defaults (ref variables, v1 control flow)."""
    if era == "tf1":
        v1.disable_control_flow_v2()
        v1.disable_resource_variables()
    try:
        with tf.Graph().as_default() as g:
            v1.set_random_seed(0)
            with v1.Session(graph=g) as s:
                yield s
    finally:
        v1.enable_control_flow_v2()
        v1.enable_resource_variables()


def init(s):
    s.run([v1.global_variables_initializer(), v1.local_variables_initializer(), v1.tables_initializer()])


def save(s, out, sigs, legacy_init_op=None, main_op=None):
    """SavedModelBuilder, tags ["serve"], as Estimator.export_savedmodel and TF Serving tutorials wrote it."""
    b = v1.saved_model.Builder(str(out))
    b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map=sigs,
                                   legacy_init_op=legacy_init_op, main_op=main_op, clear_devices=True,
                                   strip_default_attrs=True)
    b.save()


def predict(inputs, outputs):
    return v1.saved_model.signature_def_utils.predict_signature_def(inputs, outputs)


def classify(examples, classes, scores):
    return v1.saved_model.signature_def_utils.classification_signature_def(examples, classes, scores)


def regress(examples, predictions):
    return v1.saved_model.signature_def_utils.regression_signature_def(examples, predictions)


def freeze(s, out, outputs, graph_def=None):
    """graph_util.convert_variables_to_constants, written as <name>.pb."""
    gd = v1.graph_util.convert_variables_to_constants(s, graph_def or s.graph.as_graph_def(), outputs)
    out.write_bytes(gd.SerializeToString(deterministic=True))


# ============================================================================ slim-style layers (raw get_variable)

def _var(name, shape, stddev=None, init=None):
    if init is None:
        init = v1.truncated_normal_initializer(stddev=stddev) if stddev else v1.glorot_uniform_initializer()
    return v1.get_variable(name, shape, initializer=init)


def _bias(n, name="biases"):
    return v1.get_variable(name, [n], initializer=v1.truncated_normal_initializer(stddev=0.01))


def batch_norm(x, is_training=False, fused=True, scope="BatchNorm", eps=1e-3):
    """slim.batch_norm: beta/gamma and moving_mean/moving_variance; python False -> inference form, a bool tensor ->
    tf.cond between batch statistics (training) and the moving statistics (inference), as slim's smart_cond does."""
    c = int(x.shape[-1])
    with v1.variable_scope(scope):
        beta = v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
        gamma = v1.get_variable("gamma", [c], initializer=v1.random_uniform_initializer(0.8, 1.2))
        mean = v1.get_variable("moving_mean", [c], initializer=v1.random_normal_initializer(0.0, 0.1), trainable=False)
        var = v1.get_variable("moving_variance", [c], initializer=v1.random_uniform_initializer(0.5, 1.5), trainable=False)

    def infer():
        if fused:
            return v1.nn.fused_batch_norm(x, gamma, beta, mean, var, epsilon=eps, is_training=False)[0]
        return tf.nn.batch_normalization(x, mean, var, beta, gamma, eps)

    def train():
        if fused:
            return v1.nn.fused_batch_norm(x, gamma, beta, epsilon=eps, is_training=True)[0]
        m, v = tf.nn.moments(x, list(range(x.shape.ndims - 1)))
        return tf.nn.batch_normalization(x, m, v, beta, gamma, eps)
    if isinstance(is_training, bool):
        return train() if is_training else infer()
    return tf.cond(is_training, train, infer)


def conv2d(x, n, k, scope, stride=1, padding="SAME", act="relu", bn=None, fused=True, stddev=None):
    """slim.conv2d: 'weights' + 'biases', or + BatchNorm when `bn` is given (False or an is_training tensor)."""
    kh, kw = (k, k) if isinstance(k, int) else k
    with v1.variable_scope(scope):
        w = _var("weights", [kh, kw, int(x.shape[-1]), n], stddev)
        y = tf.nn.conv2d(x, w, [1, stride, stride, 1], padding)
        y = tf.nn.bias_add(y, _bias(n)) if bn is None else batch_norm(y, bn, fused)
        return _act(y, act)


def sep_conv(x, n, scope, stride=1, bn=False, act="relu6"):
    """MobileNet depthwise-separable block: 3x3 depthwise + BN + act, 1x1 pointwise + BN + act."""
    with v1.variable_scope(scope + "_depthwise"):
        w = _var("depthwise_weights", [3, 3, int(x.shape[-1]), 1])
        y = _act(batch_norm(tf.nn.depthwise_conv2d(x, w, [1, stride, stride, 1], "SAME"), bn), act)
    return conv2d(y, n, 1, scope + "_pointwise", bn=bn, act=act)


def fc(x, n, scope, act="relu", stddev=None):
    """slim.fully_connected: MatMul + BiasAdd."""
    with v1.variable_scope(scope):
        y = tf.nn.bias_add(tf.matmul(x, _var("weights", [int(x.shape[-1]), n], stddev)), _bias(n))
        return _act(y, act)


def _act(y, act):
    return {"relu": tf.nn.relu, "relu6": tf.nn.relu6, "tanh": tf.tanh, "sigmoid": tf.sigmoid, "leaky": lambda t: tf.maximum(0.1 * t, t),
            None: lambda t: t}[act](y)


def max_pool(x, k=2, s=2, padding="SAME"):
    return v1.nn.max_pool(x, [1, k, k, 1], [1, s, s, 1], padding)


def flatten(x):
    return tf.reshape(x, [-1, int(np.prod(x.shape.as_list()[1:]))])


def small_cnn(x, n_classes=10, bn=False, widths=(16, 32, 64)):
    """conv(+BN)+relu, max pool per width, global average pool, logits (a deployed image classifier in miniature)."""
    for k, w in enumerate(widths):
        x = max_pool(conv2d(x, w, 3, f"conv{k + 1}", bn=bn))
    return fc(tf.reduce_mean(x, [1, 2]), n_classes, "logits", act=None)


# ---------------------------------------------------------------------------- RNN cells
LSTMStateTuple = collections.namedtuple("LSTMStateTuple", ("c", "h"))


class LSTMCell:
    """tf.compat.v1.nn.rnn_cell.BasicLSTMCell / LSTMCell (no peepholes): one kernel on concat(x, h), gates i, j, f, o,
    forget_bias added to f; 'kernel'/'bias' under scope 'lstm_cell'."""

    def __init__(self, num_units, forget_bias=1.0, name="lstm_cell"):
        self.n, self.forget_bias, self.name = num_units, forget_bias, name

    @property
    def state_size(self):
        return LSTMStateTuple(self.n, self.n)

    @property
    def output_size(self):
        return self.n

    def zero_state(self, batch_size, dtype):
        return LSTMStateTuple(tf.zeros([batch_size, self.n], dtype), tf.zeros([batch_size, self.n], dtype))

    def __call__(self, inputs, state, scope=None):
        c, h = state
        with v1.variable_scope(scope or self.name, reuse=v1.AUTO_REUSE):
            w = v1.get_variable("kernel", [int(inputs.shape[-1]) + self.n, 4 * self.n])
            b = v1.get_variable("bias", [4 * self.n], initializer=v1.zeros_initializer())
        i, j, f, o = tf.split(tf.nn.bias_add(tf.matmul(tf.concat([inputs, h], 1), w), b), 4, axis=1)
        c = c * tf.sigmoid(f + self.forget_bias) + tf.sigmoid(i) * tf.tanh(j)
        h = tf.tanh(c) * tf.sigmoid(o)
        return h, LSTMStateTuple(c, h)


class GRUCell:
    """tf.compat.v1.nn.rnn_cell.GRUCell: 'gates' kernel -> sigmoid r, u; 'candidate' kernel on concat(x, r*h) -> tanh."""

    def __init__(self, num_units, name="gru_cell"):
        self.n, self.name = num_units, name

    @property
    def state_size(self):
        return self.n

    @property
    def output_size(self):
        return self.n

    def zero_state(self, batch_size, dtype):
        return tf.zeros([batch_size, self.n], dtype)

    def __call__(self, inputs, h, scope=None):
        d = int(inputs.shape[-1]) + self.n
        with v1.variable_scope(scope or self.name, reuse=v1.AUTO_REUSE):
            with v1.variable_scope("gates"):
                wg, bg = v1.get_variable("kernel", [d, 2 * self.n]), v1.get_variable("bias", [2 * self.n], initializer=v1.ones_initializer())
            with v1.variable_scope("candidate"):
                wc, bc = v1.get_variable("kernel", [d, self.n]), v1.get_variable("bias", [self.n], initializer=v1.zeros_initializer())
        r, u = tf.split(tf.sigmoid(tf.nn.bias_add(tf.matmul(tf.concat([inputs, h], 1), wg), bg)), 2, axis=1)
        c = tf.tanh(tf.nn.bias_add(tf.matmul(tf.concat([inputs, r * h], 1), wc), bc))
        new_h = u * h + (1 - u) * c
        return new_h, new_h


# ============================================================================ plain classifiers (slim / tutorial style)

@frozen("t_mnist_softmax_regression_frozen", "era tf1 MNIST-for-beginners softmax regression: placeholder x float [None,784], tf.compat.v1.Variable W [784,10] and b, softmax(matmul(x, W) + b) named y; frozen with convert_variables_to_constants (W/read, b/read Identity nodes)", ["y"])
def b_softmax_reg(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [None, 784], name="x")
        W = v1.Variable(v1.truncated_normal([784, 10], stddev=0.05), name="W")
        b = v1.Variable(tf.zeros([10]), name="b")
        tf.nn.softmax(tf.matmul(x, W) + b, name="y")
        init(s)
        freeze(s, out, outputs)


@frozen("t_lenet5_tanh_avgpool_frozen", "era tf1 LeNet-5: input float [None,32,32,1], conv 5x5 VALID tanh (6), avg_pool 2x2, conv 5x5 VALID tanh (16), avg_pool, reshape, fc 120 tanh, fc 84 tanh, fc 10, softmax 'prob'; frozen", ["prob"])
def b_lenet5(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [None, 32, 32, 1], name="input")
        x = v1.nn.avg_pool(conv2d(x, 6, 5, "conv1", padding="VALID", act="tanh"), [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
        x = v1.nn.avg_pool(conv2d(x, 16, 5, "conv2", padding="VALID", act="tanh"), [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
        x = fc(fc(flatten(x), 120, "fc3", "tanh"), 84, "fc4", "tanh")
        tf.nn.softmax(fc(x, 10, "fc5", None), name="prob")
        init(s)
        freeze(s, out, outputs)


@model("t_mlp_fixed_batch64_simple_save", "tf1-savedmodel", "era tf1 MLP with a fixed batch: placeholder x float [64,784] -> fc 128 relu -> fc 64 relu -> logits 10; outputs probabilities (softmax) and classes (argmax); tf.compat.v1.saved_model.simple_save")
def b_mlp_fixed(out):
    with session() as s:
        x = v1.placeholder(tf.float32, [64, 784], name="x")
        logits = fc(fc(fc(x, 128, "hidden1"), 64, "hidden2"), 10, "softmax_linear", None)
        init(s)
        v1.saved_model.simple_save(s, str(out), {"x": x}, {"probabilities": tf.nn.softmax(logits), "classes": tf.argmax(logits, 1)})


@model("t_slim_cifarnet_lrn_savedmodel", "tf1-savedmodel", "era tf1 slim CifarNet at inference (is_training=False, dropout dropped): images float [None,32,32,3], conv 5x5 relu, max pool, tf.nn.lrn(4, bias 1, alpha 0.001/9, beta 0.75), conv 5x5, lrn, max pool, flatten, fc 64 relu, fc 32 relu, logits 10, softmax; SavedModelBuilder predict signature")
def b_cifarnet(out):
    with session() as s:
        images = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        x = tf.nn.lrn(max_pool(conv2d(images, 32, 5, "CifarNet/conv1"), 2), 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75, name="norm1")
        x = max_pool(tf.nn.lrn(conv2d(x, 32, 5, "CifarNet/conv2"), 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75, name="norm2"), 2)
        x = fc(fc(flatten(x), 64, "CifarNet/fc3"), 32, "CifarNet/fc4")
        logits = fc(x, 10, "CifarNet/logits", None, stddev=1 / 32.0)
        init(s)
        save(s, out, {"serving_default": predict({"images": images}, {"logits": logits, "probabilities": tf.nn.softmax(logits, name="Predictions")})})


@frozen("t_slim_vgg_bn_fused_batch1_frozen", "era tf1 VGG-style slim net with batch norm, fixed batch: input float [1,32,32,3], 5 conv 3x3 + FusedBatchNorm (is_training=False) + relu with max pools, global average pool (reduce_mean keep_dims), 1x1 conv logits, SpatialSqueeze, softmax 'Predictions'; frozen", ["Predictions"])
def b_vgg_bn(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        for k, (w, pool) in enumerate([(16, False), (16, True), (32, False), (32, True), (64, True)]):
            x = conv2d(x, w, 3, f"conv{k + 1}", bn=False)
            x = max_pool(x) if pool else x
        x = conv2d(tf.reduce_mean(x, [1, 2], keepdims=True, name="global_pool"), 10, 1, "logits", act=None)
        tf.nn.softmax(tf.squeeze(x, [1, 2], name="SpatialSqueeze"), name="Predictions")
        init(s)
        freeze(s, out, outputs)


@frozen("t_mobilenet_v1_025_batch1_frozen", "era tf1 slim MobilenetV1 (depth multiplier 0.25) like the published frozen graphs: input float [1,64,64,3], Conv2d_0 3x3 stride 2 + FusedBatchNorm + relu6, 7 depthwise-separable blocks (depthwise_conv2d + BN + relu6, 1x1 conv + BN + relu6), AvgPool_1a VALID, Conv2d_1c_1x1 logits, SpatialSqueeze, Predictions Reshape / Softmax / Reshape_1", ["MobilenetV1/Predictions/Reshape_1"])
def b_mnv1(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        with v1.variable_scope("MobilenetV1"):
            x = conv2d(x, 8, 3, "Conv2d_0", stride=2, bn=False, act="relu6")
            for k, (n, st) in enumerate([(16, 1), (32, 2), (32, 1), (64, 2), (64, 1), (128, 2), (128, 1)]):
                x = sep_conv(x, n, f"Conv2d_{k + 1}", st)
            x = v1.nn.avg_pool(x, [1, 4, 4, 1], [1, 1, 1, 1], "VALID", name="Logits/AvgPool_1a")
            logits = tf.squeeze(conv2d(x, 11, 1, "Logits/Conv2d_1c_1x1", act=None), [1, 2], name="Logits/SpatialSqueeze")
            with tf.name_scope("Predictions"):
                tf.reshape(tf.nn.softmax(tf.reshape(logits, [-1, 11])), tf.shape(logits), name="Reshape_1")
        init(s)
        freeze(s, out, outputs)


@model("t_mobilenet_v2_inverted_residual_simple_save", "tf1-savedmodel", "era compat (TF 1.15 / 2.x resource variables) MobileNetV2-style net, input float [None,64,64,3]: conv 3x3 stride 2 + BN + relu6, 6 inverted residual blocks (1x1 expand x6 + BN + relu6, 3x3 depthwise + BN + relu6, 1x1 linear projection + BN, Add when stride 1 and same width), 1x1 conv 64 relu6, reduce_mean, logits, softmax; simple_save")
def b_mnv2(out):
    with session("compat") as s:
        images = v1.placeholder(tf.float32, [None, 64, 64, 3], name="input")
        with v1.variable_scope("MobilenetV2"):
            x = conv2d(images, 16, 3, "Conv", stride=2, bn=False, act="relu6")
            for k, (t, c, st) in enumerate([(1, 8, 1), (6, 12, 2), (6, 12, 1), (6, 16, 2), (6, 16, 1), (6, 24, 2)]):
                with v1.variable_scope(f"expanded_conv_{k}"):
                    y = conv2d(x, int(x.shape[-1]) * t, 1, "expand", bn=False, act="relu6") if t > 1 else x
                    with v1.variable_scope("depthwise"):
                        w = _var("depthwise_weights", [3, 3, int(y.shape[-1]), 1])
                        y = tf.nn.relu6(batch_norm(tf.nn.depthwise_conv2d(y, w, [1, st, st, 1], "SAME"), False))
                    y = conv2d(y, c, 1, "project", bn=False, act=None)
                    x = tf.add(x, y) if st == 1 and int(x.shape[-1]) == c else y
            x = tf.reduce_mean(conv2d(x, 64, 1, "Conv_1", bn=False, act="relu6"), [1, 2])
            logits = fc(x, 10, "Logits", None)
        init(s)
        v1.saved_model.simple_save(s, str(out), {"input": images}, {"probabilities": tf.nn.softmax(logits)})


@frozen("t_inception_v1_mixed_blocks_frozen", "era tf1 slim InceptionV1 in miniature: input float [None,64,64,3], Conv2d_1a_7x7 stride 2 + BN, max pools 3x3 stride 2, Conv2d_2b 1x1, Conv2d_2c 3x3, two Mixed blocks (1x1 / 1x1->3x3 / 1x1->3x3 / maxpool->1x1 branches, ConcatV2 on channels), MaxPool_4a 3x3 stride 2, AvgPool 4x4 VALID, Conv2d_0c_1x1 logits, squeeze, softmax 'Predictions'; frozen", ["Predictions"])
def b_inception(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [None, 64, 64, 3], name="input")
        with v1.variable_scope("InceptionV1"):
            x = max_pool(conv2d(x, 16, 7, "Conv2d_1a_7x7", stride=2, bn=False), 3, 2)
            x = max_pool(conv2d(conv2d(x, 16, 1, "Conv2d_2b_1x1", bn=False), 32, 3, "Conv2d_2c_3x3", bn=False), 3, 2)
            for name, (a, b1, b2, c1, c2, d) in [("Mixed_3b", (16, 12, 16, 4, 8, 8)), ("Mixed_3c", (24, 16, 24, 6, 12, 12))]:
                with v1.variable_scope(name):
                    br0 = conv2d(x, a, 1, "Branch_0/Conv2d_0a_1x1", bn=False)
                    br1 = conv2d(conv2d(x, b1, 1, "Branch_1/Conv2d_0a_1x1", bn=False), b2, 3, "Branch_1/Conv2d_0b_3x3", bn=False)
                    br2 = conv2d(conv2d(x, c1, 1, "Branch_2/Conv2d_0a_1x1", bn=False), c2, 3, "Branch_2/Conv2d_0b_3x3", bn=False)
                    br3 = conv2d(max_pool(x, 3, 1), d, 1, "Branch_3/Conv2d_0b_1x1", bn=False)
                    x = tf.concat([br0, br1, br2, br3], 3)
            x = v1.nn.avg_pool(max_pool(x, 3, 2), [1, 4, 4, 1], [1, 1, 1, 1], "VALID")  # after MaxPool_4a_3x3
            logits = tf.squeeze(conv2d(x, 10, 1, "Logits/Conv2d_0c_1x1", act=None), [1, 2])
        tf.nn.softmax(logits, name="Predictions")
        init(s)
        freeze(s, out, outputs)


@model("t_resnet_v2_preact_bottleneck_simple_save", "tf1-savedmodel", "era tf1 slim resnet_v2 style: images float [None,32,32,3], conv1 3x3, 4 pre-activation bottleneck units (BN + relu preact, 1x1 shortcut conv or 1x1 max-pool subsample, 1x1 / 3x3 (stride) / 1x1 convs, Add), postnorm BN + relu, reduce_mean pool5, 1x1 conv logits, squeeze, softmax; simple_save")
def b_resnet_v2(out):
    with session() as s:
        images = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        with v1.variable_scope("resnet_v2"):
            x = conv2d(images, 16, 3, "conv1", act=None)
            for bi, (depth, stride) in enumerate([(32, 1), (32, 1), (64, 2), (64, 1)]):
                with v1.variable_scope(f"unit_{bi + 1}/bottleneck_v2"):
                    preact = tf.nn.relu(batch_norm(x, False, scope="preact"))
                    if depth == int(x.shape[-1]):
                        shortcut = max_pool(x, 1, stride) if stride > 1 else x
                    else:
                        shortcut = conv2d(preact, depth, 1, "shortcut", stride=stride, act=None)
                    r = conv2d(preact, depth // 4, 1, "conv1", bn=False)
                    r = conv2d(r, depth // 4, 3, "conv2", stride=stride, bn=False)
                    x = shortcut + conv2d(r, depth, 1, "conv3", act=None)
            x = tf.reduce_mean(tf.nn.relu(batch_norm(x, False, scope="postnorm")), [1, 2], keepdims=True, name="pool5")
            logits = tf.squeeze(conv2d(x, 10, 1, "logits", act=None), [1, 2], name="SpatialSqueeze")
        init(s)
        v1.saved_model.simple_save(s, str(out), {"images": images}, {"logits": logits, "probabilities": tf.nn.softmax(logits)})


@frozen("t_vgg16_fc_as_conv_batch1_frozen", "era tf1 slim vgg_16 layout in miniature: input float [1,32,32,3], 3 blocks of two 3x3 conv relu + max pool, fc6 as 4x4 VALID conv, fc7 and fc8 as 1x1 convs (dropout removed at inference), fc8/squeezed, softmax 'prob'; frozen", ["prob"])
def b_vgg16(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        with v1.variable_scope("vgg_16"):
            for blk, w in enumerate((16, 32, 64)):
                x = max_pool(conv2d(conv2d(x, w, 3, f"conv{blk + 1}/conv{blk + 1}_1"), w, 3, f"conv{blk + 1}/conv{blk + 1}_2"))
            x = conv2d(conv2d(x, 128, 4, "fc6", padding="VALID"), 128, 1, "fc7")
            x = tf.squeeze(conv2d(x, 10, 1, "fc8", act=None), [1, 2], name="fc8/squeezed")
        tf.nn.softmax(x, name="prob")
        init(s)
        freeze(s, out, outputs)


@frozen("t_retrain_final_result_optimize_for_inference", "era tf1 'TensorFlow for Poets' retrain.py output: input float [1,64,64,3] 'input', conv + FusedBatchNorm + relu backbone with max pools and global mean, final_retrain_ops/Wx_plus_b (MatMul + add), softmax 'final_result'; frozen, then optimize_for_inference_lib.optimize_for_inference (batch norms folded into conv weights, Identity nodes stripped)", ["final_result"])
def b_retrain(out, outputs):
    from tensorflow.python.tools import optimize_for_inference_lib

    with session() as s:
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        for k, w in enumerate((16, 32, 48, 64)):
            x = max_pool(conv2d(x, w, 3, f"module/conv{k}", bn=False))
        bottleneck = tf.reduce_mean(x, [1, 2], name="module/pool")
        with tf.name_scope("final_retrain_ops"):
            W = v1.Variable(v1.truncated_normal([64, 5], stddev=0.001), name="final_weights")
            b = v1.Variable(tf.zeros([5]), name="final_biases")
            logits = tf.add(tf.matmul(bottleneck, W), b, name="Wx_plus_b")
        tf.nn.softmax(logits, name="final_result")
        init(s)
        gd = v1.graph_util.convert_variables_to_constants(s, s.graph.as_graph_def(), outputs)
        gd = optimize_for_inference_lib.optimize_for_inference(gd, ["input"], outputs, tf.float32.as_datatype_enum)
        out.write_bytes(gd.SerializeToString(deterministic=True))


@frozen("t_micro_speech_tiny_conv_frozen", "era tf1 speech_commands 'tiny_conv' (micro_speech): fingerprint_input float [1,1960] reshaped to [-1,49,40,1], conv 10x8 stride 2 SAME + bias + relu (8), reshape, MatMul + bias to 4 labels, softmax 'labels_softmax'; frozen", ["labels_softmax"])
def b_tiny_conv(out, outputs):
    with session() as s:
        fp = v1.placeholder(tf.float32, [1, 1960], name="fingerprint_input")
        x = tf.reshape(fp, [-1, 49, 40, 1])
        W = v1.Variable(v1.truncated_normal([10, 8, 1, 8], stddev=0.01), name="first_weights")
        b = v1.Variable(tf.zeros([8]), name="first_bias")
        x = tf.nn.relu(tf.nn.conv2d(x, W, [1, 2, 2, 1], "SAME") + b)
        x = tf.reshape(x, [-1, 25 * 20 * 8])
        W2 = v1.Variable(v1.truncated_normal([25 * 20 * 8, 4], stddev=0.01), name="final_fc_weights")
        b2 = v1.Variable(tf.zeros([4]), name="final_fc_bias")
        tf.nn.softmax(tf.matmul(x, W2) + b2, name="labels_softmax")
        init(s)
        freeze(s, out, outputs)


@frozen("t_kws_ds_cnn_slim_frozen", "era tf1 ML-KWS-for-MCU DS-CNN keyword spotter: fingerprint_input float [1,490] reshaped to [-1,49,10,1], conv 10x4 stride 2 + FusedBatchNorm + relu, 4 depthwise-separable blocks (3x3 depthwise + BN + relu, 1x1 + BN + relu), avg_pool 25x5, squeeze, fc to 12, softmax 'labels_softmax'; frozen", ["labels_softmax"])
def b_ds_cnn(out, outputs):
    with session() as s:
        fp = v1.placeholder(tf.float32, [1, 490], name="fingerprint_input")
        x = conv2d(tf.reshape(fp, [-1, 49, 10, 1]), 32, (10, 4), "DS-CNN/conv_1", stride=2, bn=False)
        for k in range(4):
            x = sep_conv(x, 32, f"DS-CNN/conv_ds_{k + 1}", act="relu")
        x = tf.squeeze(v1.nn.avg_pool(x, [1, 25, 5, 1], [1, 1, 1, 1], "VALID"), [1, 2])
        tf.nn.softmax(fc(x, 12, "DS-CNN/fc1", None), name="labels_softmax")
        init(s)
        freeze(s, out, outputs)


@model("t_ema_shadow_restored_cnn_savedmodel", "tf1-savedmodel", "era tf1 CNN trained 5 SGD steps with tf.train.ExponentialMovingAverage(0.99) over the trainable variables, checkpointed; the serving graph (images float [None,28,28,1], 2 conv relu + max pool, fc 64 relu, logits 10) restores the shadow averages via Saver(ema.variables_to_restore()) and is exported with SavedModelBuilder (probabilities, classes)")
def b_ema_cnn(out):
    def net(images):
        x = max_pool(conv2d(max_pool(conv2d(images, 16, 5, "conv1")), 32, 5, "conv2"))
        return fc(fc(flatten(x), 64, "fc3"), 10, "logits", None)
    with tempfile.TemporaryDirectory() as tmp:
        ckpt = os.path.join(tmp, "model.ckpt")
        with session() as s:
            images, labels = v1.placeholder(tf.float32, [None, 28, 28, 1]), v1.placeholder(tf.int64, [None])
            loss = v1.losses.sparse_softmax_cross_entropy(labels, net(images))
            step = v1.train.GradientDescentOptimizer(0.05).minimize(loss)
            ema = v1.train.ExponentialMovingAverage(0.99)
            with tf.control_dependencies([step]):
                train_op = ema.apply(v1.trainable_variables())
            init(s)
            rng = np.random.default_rng(0)
            for _ in range(5):
                s.run(train_op, {images: rng.random((8, 28, 28, 1)), labels: rng.integers(0, 10, 8)})
            v1.train.Saver().save(s, ckpt)
        with session() as s:
            images = v1.placeholder(tf.float32, [None, 28, 28, 1], name="images")
            logits = net(images)
            v1.train.Saver(v1.train.ExponentialMovingAverage(0.99).variables_to_restore()).restore(s, ckpt)
            save(s, out, {"serving_default": predict({"images": images}, {"probabilities": tf.nn.softmax(logits), "classes": tf.argmax(logits, 1)})})


@frozen("t_ema_shadow_restored_mlp_frozen", "era tf1 MLP regressor trained 5 Adam steps with ExponentialMovingAverage(0.999, num_updates), shadow averages restored by Saver(variables_to_restore()) into the inference graph (features float [None,8], fc 32 relu, fc 16 relu, fc 1 'prediction'), then frozen", ["prediction"])
def b_ema_mlp(out, outputs):
    def net(x):
        return fc(fc(fc(x, 32, "fc1"), 16, "fc2"), 1, "out", None)
    with tempfile.TemporaryDirectory() as tmp:
        ckpt = os.path.join(tmp, "model.ckpt")
        with session() as s:
            x, y = v1.placeholder(tf.float32, [None, 8]), v1.placeholder(tf.float32, [None, 1])
            gstep = v1.train.get_or_create_global_step()
            step = v1.train.AdamOptimizer(1e-3).minimize(v1.losses.mean_squared_error(y, net(x)), global_step=gstep)
            ema = v1.train.ExponentialMovingAverage(0.999, num_updates=gstep)
            with tf.control_dependencies([step]):
                train_op = ema.apply(v1.trainable_variables())
            init(s)
            rng = np.random.default_rng(0)
            for _ in range(5):
                s.run(train_op, {x: rng.random((16, 8)), y: rng.random((16, 1))})
            v1.train.Saver().save(s, ckpt)
        with session() as s:
            x = v1.placeholder(tf.float32, [None, 8], name="features")
            tf.identity(net(x), name="prediction")
            v1.train.Saver(v1.train.ExponentialMovingAverage(0.999).variables_to_restore()).restore(s, ckpt)
            freeze(s, out, outputs)


@frozen("t_freeze_graph_tool_cnn_checkpoint", "era tf1 freeze_graph tool flow: CNN (images float [None,32,32,3], 3x conv + FusedBatchNorm + relu + max pool, global mean, logits, softmax 'predictions') saved as a Saver checkpoint plus GraphDef, then tensorflow.python.tools.freeze_graph.freeze_graph_with_def_protos (restore_op save/restore_all) writes the frozen graph", ["predictions"])
def b_freeze_graph(out, outputs):
    from tensorflow.python.tools import freeze_graph

    with tempfile.TemporaryDirectory() as tmp:
        with session() as s:
            images = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
            tf.nn.softmax(small_cnn(images, bn=False), name="predictions")
            init(s)
            saver = v1.train.Saver()
            ckpt = saver.save(s, os.path.join(tmp, "model.ckpt"))
            gd, saver_def = s.graph.as_graph_def(), saver.as_saver_def()
        with tf.Graph().as_default():
            freeze_graph.freeze_graph_with_def_protos(
                input_graph_def=gd, input_saver_def=saver_def, input_checkpoint=ckpt, output_node_names=",".join(outputs),
                restore_op_name="save/restore_all", filename_tensor_name="save/Const:0", output_graph=str(out),
                clear_devices=True, initializer_nodes="")


@frozen("t_unet_conv2d_transpose_mask_frozen", "era tf1 small U-Net segmentation: input float [1,64,64,1], 2 encoder stages (two 3x3 conv relu + max pool), bottleneck, decoder with tf.nn.conv2d_transpose (constant output_shape, stride 2) + ConcatV2 skip + two convs, 1x1 conv sigmoid 'mask'; frozen", ["mask"])
def b_unet(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [1, 64, 64, 1], name="input")
        skips = []
        for k, w in enumerate((8, 16)):
            x = conv2d(conv2d(x, w, 3, f"down{k}/conv_a"), w, 3, f"down{k}/conv_b")
            skips.append(x)
            x = max_pool(x)
        x = conv2d(x, 32, 3, "bottleneck")
        for k, skip in enumerate(reversed(skips)):
            h, w = skip.shape.as_list()[1:3]
            c = int(skip.shape[-1])
            with v1.variable_scope(f"up{k}"):
                wt = _var("deconv_weights", [2, 2, c, int(x.shape[-1])])
                x = tf.nn.relu(tf.nn.conv2d_transpose(x, wt, [1, h, w, c], [1, 2, 2, 1], "SAME") + _bias(c, "deconv_biases"))
            x = conv2d(conv2d(tf.concat([x, skip], 3), c, 3, f"up{k}/conv_a"), c, 3, f"up{k}/conv_b")
        tf.sigmoid(conv2d(x, 1, 1, "logits", act=None), name="mask")
        init(s)
        freeze(s, out, outputs)


@model("t_topk_label_table_two_signatures_legacy_init", "tf1-savedmodel", "era tf1 image classifier (3 conv + FusedBatchNorm + relu + max pool, global mean, logits 10) with class names from a StaticHashTable (int64 -> string) on tf.nn.top_k(3) indices, legacy_init_op = tf.group(tables_initializer()); signatures serving_default (images float [None,28,28,1] -> classes, scores) and classification (serialized tf.Example with FixedLen float 'pixels' [784] parsed by ParseExampleV2 -> classification_signature_def)")
def b_topk_labels(out):
    with session() as s:
        names = [f"class_{k}" for k in range(10)]
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(tf.range(10, dtype=tf.int64), tf.constant(names)), "UNKNOWN")

        def head(images):
            with v1.variable_scope("model", reuse=v1.AUTO_REUSE):
                scores, idx = tf.nn.top_k(tf.nn.softmax(small_cnn(images)), 3)
            return table.lookup(tf.cast(idx, tf.int64)), scores
        images = v1.placeholder(tf.float32, [None, 28, 28, 1], name="images")
        classes, scores = head(images)
        examples = v1.placeholder(tf.string, [None], name="tf_example")
        feats = tf.io.parse_example(examples, {"pixels": tf.io.FixedLenFeature([784], tf.float32)})
        ex_classes, ex_scores = head(tf.reshape(feats["pixels"], [-1, 28, 28, 1]))
        init(s)
        save(s, out, {"serving_default": predict({"images": images}, {"classes": classes, "scores": scores}),
                      "classification": classify(examples, ex_classes, ex_scores)},
             legacy_init_op=tf.group(v1.tables_initializer(), name="legacy_init_op"))


FEEDS["t_topk_label_table_two_signatures_legacy_init"] = lambda rng: {
    "classification/inputs": [_example(pixels=list(rng.random(784))) for _ in range(2)]}

# ============================================================================ train-time switches left in the serving graph

@frozen("t_facenet_phase_train_bool_frozen", "era tf1 facenet-style embedding net: inputs 'input' float [None,64,64,3] and a required bool placeholder 'phase_train'; conv + batch norm switched by tf.cond(phase_train) between batch moments and moving averages (v1 Switch/Merge), 3 strided stages, global mean, Bottleneck fc + non-fused batch norm, embeddings = tf.nn.l2_normalize(.., 1, 1e-10); frozen", ["embeddings"])
def b_facenet(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [None, 64, 64, 3], name="input")
        phase_train = v1.placeholder(tf.bool, [], name="phase_train")
        with v1.variable_scope("InceptionResnetV1"):
            for k, w in enumerate((16, 32, 64)):
                x = conv2d(x, w, 3, f"Conv2d_{k + 1}a_3x3", stride=2, bn=phase_train, fused=False)
            x = tf.reduce_mean(x, [1, 2])
            with v1.variable_scope("Bottleneck"):
                x = batch_norm(tf.matmul(x, _var("weights", [64, 32])), phase_train, fused=False)
        tf.nn.l2_normalize(x, 1, 1e-10, name="embeddings")
        init(s)
        freeze(s, out, outputs)


FEEDS["t_facenet_phase_train_bool_frozen"] = {"phase_train": False}


@model("t_slim_is_training_default_false_savedmodel", "tf1-savedmodel", "era tf1 slim CNN with is_training = placeholder_with_default(False, []) not exposed in the signature: 3 conv + FusedBatchNorm via tf.cond(is_training) (training / inference fused_batch_norm) + relu + max pool, flatten, fc 64, dropout via tf.cond(is_training, dropout(rate 0.5), identity), logits; predict signature images float [None,28,28,1] -> logits, probabilities, classes")
def b_is_training(out):
    with session() as s:
        images = v1.placeholder(tf.float32, [None, 28, 28, 1], name="images")
        is_training = v1.placeholder_with_default(False, [], name="is_training")
        x = images
        for k, w in enumerate((16, 32, 32)):
            x = max_pool(conv2d(x, w, 3, f"conv{k + 1}", bn=is_training))
        x = fc(flatten(x), 64, "fc4")
        x = tf.cond(is_training, lambda: tf.nn.dropout(x, rate=0.5), lambda: x)
        logits = fc(x, 10, "logits", None)
        init(s)
        save(s, out, {"serving_default": predict({"images": images}, {"logits": logits, "probabilities": tf.nn.softmax(logits), "classes": tf.argmax(logits, 1)})})


@model("t_keep_prob_input_in_signature_mlp", "tf1-savedmodel", "era tf1 MLP whose predict signature exposes the dropout keep_prob (callers feed 1.0): inputs x float [None,20] and keep_prob float [], fc 64 relu, tf.compat.v1.nn.dropout(keep_prob=...), fc 32 relu, dropout, fc 3, softmax")
def b_keep_prob(out):
    with session() as s:
        x = v1.placeholder(tf.float32, [None, 20], name="x")
        keep_prob = v1.placeholder(tf.float32, [], name="keep_prob")
        h = v1.nn.dropout(fc(x, 64, "layer1"), keep_prob=keep_prob)
        h = v1.nn.dropout(fc(h, 32, "layer2"), keep_prob=keep_prob)
        logits = fc(h, 3, "output", None)
        init(s)
        save(s, out, {"serving_default": predict({"x": x, "keep_prob": keep_prob}, {"scores": tf.nn.softmax(logits), "prediction": tf.argmax(logits, 1)})})


FEEDS["t_keep_prob_input_in_signature_mlp"] = {"keep_prob": 1.0}


@frozen("t_text_cnn_kim_dropout_keep_prob_frozen", "era tf1 Kim-CNN sentence classifier (cnn-text-classification-tf layout): input_x int32 [None,20] and a required, unshaped float placeholder dropout_keep_prob; embedding W under tf.device('/cpu:0') (device kept in the frozen graph), embedding_lookup + expand_dims, conv-maxpool-3/4/5 (VALID conv, relu, max_pool over the sequence), ConcatV2, reshape, dropout, output/scores xw_plus_b, output/predictions argmax; frozen", ["output/scores", "output/predictions"])
def b_text_cnn(out, outputs):
    with session() as s:
        input_x = v1.placeholder(tf.int32, [None, 20], name="input_x")
        keep = v1.placeholder(tf.float32, name="dropout_keep_prob")
        with tf.device("/cpu:0"), tf.name_scope("embedding"):
            W = v1.Variable(v1.random_uniform([500, 16], -1.0, 1.0), name="W")
            emb = tf.expand_dims(tf.nn.embedding_lookup(W, input_x), -1)
        pooled = []
        for fs in (3, 4, 5):
            with tf.name_scope(f"conv-maxpool-{fs}"):
                Wc = v1.Variable(v1.truncated_normal([fs, 16, 1, 8], stddev=0.1), name="W")
                bc = v1.Variable(tf.constant(0.1, shape=[8]), name="b")
                h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(emb, Wc, [1, 1, 1, 1], "VALID"), bc), name="relu")
                pooled.append(v1.nn.max_pool(h, [1, 20 - fs + 1, 1, 1], [1, 1, 1, 1], "VALID", name="pool"))
        h_pool = tf.reshape(tf.concat(pooled, 3), [-1, 24])
        with tf.name_scope("dropout"):
            h_drop = v1.nn.dropout(h_pool, keep_prob=keep)
        with tf.name_scope("output"):
            Wo = v1.get_variable("W", [24, 2], initializer=v1.glorot_uniform_initializer())
            bo = v1.Variable(tf.constant(0.1, shape=[2]), name="b")
            scores = v1.nn.xw_plus_b(h_drop, Wo, bo, name="scores")
            tf.argmax(scores, 1, name="predictions")
        init(s)
        freeze(s, out, outputs)


FEEDS["t_text_cnn_kim_dropout_keep_prob_frozen"] = {"input_x": (0, 500), "dropout_keep_prob": 1.0}

# ============================================================================ Estimator-style serving exports

def _census_columns():
    fcol = v1.feature_column
    age = fcol.numeric_column("age")
    hours = fcol.numeric_column("hours_per_week")
    workclass = fcol.categorical_column_with_vocabulary_list("workclass", ["Private", "Self-emp", "Gov", "Never-worked"], num_oov_buckets=1)
    occupation = fcol.categorical_column_with_hash_bucket("occupation", 100)
    education = fcol.categorical_column_with_vocabulary_list("education", ["HS-grad", "Bachelors", "Masters", "Doctorate", "Some-college"])
    age_b = fcol.bucketized_column(age, [18, 25, 30, 35, 40, 45, 50, 55, 60, 65])
    return dict(age=age, hours=hours, workclass=workclass, occupation=occupation, education=education, age_b=age_b)


def _census_example(rng):
    return _example(age=float(rng.integers(17, 80)), hours_per_week=float(rng.integers(10, 60)),
                    workclass=str(rng.choice(["Private", "Gov", "Unknown"])), occupation=str(rng.choice(["Sales", "Tech-support", "Craft-repair"])),
                    education=str(rng.choice(["HS-grad", "Masters"])))


def _census_feeds(rng):
    return {k: [_census_example(rng) for _ in range(3)] for k in ("inputs", "examples")}


def _estimator_outputs(logits, n_classes):
    """What the canned Estimator heads return for classification: probabilities, class_ids, classes, and the [B, n]
    tile of class-name strings ClassificationOutput serves."""
    probs = tf.nn.softmax(logits) if n_classes > 2 else tf.concat([1 - tf.sigmoid(logits), tf.sigmoid(logits)], 1)
    class_ids = tf.expand_dims(tf.argmax(probs, 1), 1)
    names = tf.tile(tf.expand_dims(tf.as_string(tf.range(n_classes)), 0), [tf.shape(logits)[0], 1])
    return probs, class_ids, tf.as_string(class_ids), names


@model("t_dnn_classifier_parse_example_classify", "tf1-savedmodel", "era tf1 DNNClassifier-style export: input_example_tensor string [None] -> tf.io.parse_example (ParseExampleV2) with a feature-column spec, input_layer (numeric age/hours, indicator of a vocabulary list with OOV bucket, embedding_column(4) of a 100-bucket string hash), dnn/hiddenlayer_0 16 relu, hiddenlayer_1 8 relu, dnn/logits 3; signatures serving_default + classification (classification_signature_def) and predict; legacy_init_op groups the table initializers")
def b_dnn_classifier(out):
    fcol = v1.feature_column
    with session() as s:
        c = _census_columns()
        cols = [c["age"], c["hours"], fcol.indicator_column(c["workclass"]), fcol.embedding_column(c["occupation"], 4)]
        serialized = v1.placeholder(tf.string, [None], name="input_example_tensor")
        feats = tf.io.parse_example(serialized, fcol.make_parse_example_spec(cols))
        with v1.variable_scope("dnn"):
            net = fcol.input_layer(feats, cols)
            net = fc(fc(net, 16, "hiddenlayer_0"), 8, "hiddenlayer_1")
            logits = fc(net, 3, "logits", None)
        probs, class_ids, classes, names = _estimator_outputs(logits, 3)
        init(s)
        cls = classify(serialized, names, probs)
        save(s, out, {"serving_default": cls, "classification": cls,
                      "predict": predict({"examples": serialized}, {"logits": logits, "probabilities": probs, "class_ids": class_ids, "classes": classes})},
             legacy_init_op=tf.group(v1.local_variables_initializer(), v1.tables_initializer(), name="group_deps"))


FEEDS["t_dnn_classifier_parse_example_classify"] = _census_feeds


@model("t_linear_regressor_bucketize_cross_regress", "tf1-savedmodel", "era tf1 LinearRegressor-style export: serialized tf.Example string [None] -> ParseExampleV2, feature_column.linear_model over bucketized age (Bucketize), a hashed occupation column (StringToHashBucketFast), a vocabulary-list education column and a crossed_column(bucketized age x education, 200) (SparseCross), sparse weighted sums; signatures serving_default + regression (regression_signature_def) and predict; main_op = tf.compat.v1.saved_model.main_op.main_op()")
def b_linear_regressor(out):
    fcol = v1.feature_column
    with session() as s:
        c = _census_columns()
        cols = [c["age_b"], c["occupation"], c["education"], fcol.crossed_column([c["age_b"], "education"], 200)]
        serialized = v1.placeholder(tf.string, [None], name="input_example_tensor")
        feats = tf.io.parse_example(serialized, fcol.make_parse_example_spec(cols))
        predictions = fcol.linear_model(feats, cols)
        init(s)
        reg = regress(serialized, predictions)
        save(s, out, {"serving_default": reg, "regression": reg, "predict": predict({"examples": serialized}, {"predictions": predictions})},
             main_op=v1.saved_model.main_op.main_op())


FEEDS["t_linear_regressor_bucketize_cross_regress"] = _census_feeds


@model("t_wide_deep_binary_four_signatures", "tf1-savedmodel", "era tf1 DNNLinearCombinedClassifier-style (wide & deep) binary export: serialized tf.Example -> ParseExampleV2; wide = linear_model(bucketized age, hashed occupation, crossed age x education), deep = input_layer(numeric, embedding and indicator columns) -> 2 relu layers; logits = wide + deep, logistic, probabilities; four signatures: serving_default and classification (classes/scores), regression (logistic), predict; legacy_init_op")
def b_wide_deep(out):
    fcol = v1.feature_column
    with session() as s:
        c = _census_columns()
        wide = [c["age_b"], c["occupation"], fcol.crossed_column([c["age_b"], "education"], 200)]
        deep = [c["age"], c["hours"], fcol.embedding_column(c["workclass"], 3), fcol.embedding_column(c["occupation"], 4), fcol.indicator_column(c["education"])]
        serialized = v1.placeholder(tf.string, [None], name="input_example_tensor")
        feats = tf.io.parse_example(serialized, fcol.make_parse_example_spec(wide + deep))
        with v1.variable_scope("linear"):
            wide_logits = fcol.linear_model(feats, wide)
        with v1.variable_scope("dnn"):
            net = fc(fc(fcol.input_layer(feats, deep), 16, "hiddenlayer_0"), 8, "hiddenlayer_1")
            deep_logits = fc(net, 1, "logits", None)
        logits = tf.add(wide_logits, deep_logits, name="head/logits")
        probs, class_ids, classes, names = _estimator_outputs(logits, 2)
        logistic = tf.sigmoid(logits, name="head/logistic")
        init(s)
        cls = classify(serialized, names, probs)
        save(s, out, {"serving_default": cls, "classification": cls, "regression": regress(serialized, logistic),
                      "predict": predict({"examples": serialized}, {"logits": logits, "logistic": logistic, "probabilities": probs,
                                                                    "class_ids": class_ids, "classes": classes})},
             legacy_init_op=tf.group(v1.local_variables_initializer(), v1.tables_initializer(), name="group_deps"))


FEEDS["t_wide_deep_binary_four_signatures"] = _census_feeds


@model("t_hash_embedding_lookup_sparse_classify", "tf1-savedmodel", "era compat hand-written sparse model: serialized tf.Example -> ParseExampleV2 (VarLen string query_tokens, FixedLen float price); tf.strings.to_hash_bucket_fast(1000) on the sparse values, tf.nn.embedding_lookup_sparse(combiner='sqrtn') over an embedding variable, concat with log1p(price), fc 16 relu, sigmoid; classification_signature_def with scores only (no classes) as serving_default")
def b_hash_emb(out):
    with session("compat") as s:
        serialized = v1.placeholder(tf.string, [None], name="input_example_tensor")
        f = tf.io.parse_example(serialized, {"query_tokens": tf.io.VarLenFeature(tf.string),
                                             "price": tf.io.FixedLenFeature([1], tf.float32, default_value=[0.0])})
        tok = f["query_tokens"]
        ids = tf.SparseTensor(tok.indices, tf.strings.to_hash_bucket_fast(tok.values, 1000), tok.dense_shape)
        emb = v1.get_variable("query_embedding", [1000, 8], initializer=v1.random_normal_initializer(0.0, 0.1))
        x = tf.concat([tf.nn.embedding_lookup_sparse(emb, ids, None, combiner="sqrtn"), tf.math.log1p(f["price"])], 1)
        p = tf.sigmoid(fc(fc(x, 16, "hidden"), 1, "logits", None))
        init(s)
        save(s, out, {"serving_default": classify(serialized, None, tf.concat([1 - p, p], 1))})


FEEDS["t_hash_embedding_lookup_sparse_classify"] = lambda rng: {"inputs": [
    _example(query_tokens=["red", "running", "shoes"], price=49.0), _example(query_tokens=["phone"], price=199.0)]}


@model("t_text_vocab_index_table_main_op", "tf1-savedmodel", "era tf1 bag-of-words text classifier on raw sentences string [None]: tf.strings.lower, tf.compat.v1.string_split (StringSplit), index_table_from_tensor (vocabulary + 2 OOV buckets, as tf.contrib.lookup wrote it) on the token values, embedding_lookup_sparse(mean), fc 16 relu, logits 3, softmax, index_to_string_table_from_tensor for label names; main_op = saved_model.main_op.main_op(); predict signature")
def b_text_vocab(out):
    from tensorflow.python.ops import lookup_ops  # what tf.contrib.lookup re-exported

    vocab = ["the", "a", "movie", "film", "great", "bad", "good", "boring", "plot", "actor", "love", "hate"]
    with session() as s:
        sentences = v1.placeholder(tf.string, [None], name="sentences")
        tokens = v1.string_split(tf.strings.lower(sentences), delimiter=" ")
        table = lookup_ops.index_table_from_tensor(tf.constant(vocab), num_oov_buckets=2)
        ids = tf.SparseTensor(tokens.indices, table.lookup(tokens.values), tokens.dense_shape)
        emb = v1.get_variable("embeddings", [len(vocab) + 2, 16])
        x = fc(tf.nn.embedding_lookup_sparse(emb, ids, None, combiner="mean"), 16, "hidden")
        logits = fc(x, 3, "logits", None)
        labels = lookup_ops.index_to_string_table_from_tensor(tf.constant(["negative", "neutral", "positive"]))
        init(s)
        save(s, out, {"serving_default": predict({"sentences": sentences}, {"probabilities": tf.nn.softmax(logits),
                                                                             "label": labels.lookup(tf.argmax(logits, 1))})},
             main_op=v1.saved_model.main_op.main_op())


FEEDS["t_text_vocab_index_table_main_op"] = {"sentences": [b"A great movie", b"boring plot and a bad actor"]}


@model("t_ctr_one_hot_crosses_logreg", "tf1-savedmodel", "era tf1 CTR logistic regression on raw categorical inputs: site_id, device_type, hour int64 [None] and app_category string [None]; tf.one_hot of each, an id cross one_hot(site_id*5 + device_type, 100), a hashed string cross (tf.strings.join + to_hash_bucket_fast(64) -> one_hot), ConcatV2, matmul + bias, sigmoid 'ctr'; predict signature")
def b_ctr(out):
    with session() as s:
        site, dev, hour = (v1.placeholder(tf.int64, [None], name=n) for n in ("site_id", "device_type", "hour"))
        app = v1.placeholder(tf.string, [None], name="app_category")
        hashed = tf.strings.to_hash_bucket_fast(tf.strings.join([tf.as_string(dev), app], separator="_x_"), 64)
        x = tf.concat([tf.one_hot(site, 20), tf.one_hot(dev, 5), tf.one_hot(hour, 24), tf.one_hot(site * 5 + dev, 100), tf.one_hot(hashed, 64)], 1)
        ctr = tf.sigmoid(fc(x, 1, "logreg", None), name="ctr")
        init(s)
        save(s, out, {"serving_default": predict({"site_id": site, "device_type": dev, "hour": hour, "app_category": app}, {"ctr": ctr})})


FEEDS["t_ctr_one_hot_crosses_logreg"] = {"site_id": (0, 20), "device_type": (0, 5), "hour": (0, 24), "app_category": [b"games", b"news"]}


@model("t_ncf_gmf_mlp_user_item_predict", "tf1-savedmodel", "era compat neural collaborative filtering (NeuMF): user_id, item_id int32 [None]; GMF embeddings (100 users / 200 items x 8) multiplied, MLP embeddings (x16) concatenated -> fc 32 relu -> fc 16 relu; ConcatV2 of both paths, fc 1, sigmoid 'rating'; predict signature")
def b_ncf(out):
    with session("compat") as s:
        user, item = v1.placeholder(tf.int32, [None], name="user_id"), v1.placeholder(tf.int32, [None], name="item_id")
        init_e = v1.random_normal_initializer(0.0, 0.01)
        gmf = tf.nn.embedding_lookup(v1.get_variable("gmf_user", [100, 8], initializer=init_e), user) * \
            tf.nn.embedding_lookup(v1.get_variable("gmf_item", [200, 8], initializer=init_e), item)
        mlp = tf.concat([tf.nn.embedding_lookup(v1.get_variable("mlp_user", [100, 16], initializer=init_e), user),
                         tf.nn.embedding_lookup(v1.get_variable("mlp_item", [200, 16], initializer=init_e), item)], 1)
        mlp = fc(fc(mlp, 32, "mlp/layer1"), 16, "mlp/layer2")
        rating = tf.sigmoid(fc(tf.concat([gmf, mlp], 1), 1, "prediction", None), name="rating")
        init(s)
        save(s, out, {"serving_default": predict({"user_id": user, "item_id": item}, {"rating": rating})})


FEEDS["t_ncf_gmf_mlp_user_item_predict"] = {"user_id": (0, 100), "item_id": (0, 200)}

# ============================================================================ TF1 RNNs

@model("t_dynamic_rnn_lstm_sentiment_seq_len", "tf1-savedmodel", "era tf1 LSTM sentiment classifier: token_ids int32 [None,None] (0..999) and lengths int32 [None]; embedding_lookup, tf.compat.v1.nn.dynamic_rnn(LSTM 32, sequence_length) -> v1 while loop with TensorArrays, final state h, fc 2, softmax; predict signature")
def b_dyn_lstm(out):
    with session() as s:
        ids, lengths = v1.placeholder(tf.int32, [None, None], name="token_ids"), v1.placeholder(tf.int32, [None], name="lengths")
        emb = tf.nn.embedding_lookup(v1.get_variable("embedding", [1000, 16]), ids)
        _, state = v1.nn.dynamic_rnn(LSTMCell(32), emb, sequence_length=lengths, dtype=tf.float32)
        probs = tf.nn.softmax(fc(state.h, 2, "output", None))
        init(s)
        save(s, out, {"serving_default": predict({"token_ids": ids, "lengths": lengths}, {"probabilities": probs, "label": tf.argmax(probs, 1)})})


FEEDS["t_dynamic_rnn_lstm_sentiment_seq_len"] = {"token_ids": (0, 1000), "lengths": (1, 33)}


@frozen("t_dynamic_rnn_gru_sensor_batch1_frozen", "era tf1 activity recognition GRU: input float [1,20,6] (20 IMU samples x 6 channels), dynamic_rnn(GRUCell 16) without sequence_length (v1 while loop, TensorArrays), last time step output, fc 6, softmax 'activity_probs'; frozen", ["activity_probs"])
def b_dyn_gru(out, outputs):
    with session() as s:
        x = v1.placeholder(tf.float32, [1, 20, 6], name="input")
        outs, _ = v1.nn.dynamic_rnn(GRUCell(16), x, dtype=tf.float32)
        tf.nn.softmax(fc(outs[:, -1, :], 6, "classifier", None), name="activity_probs")
        init(s)
        freeze(s, out, outputs)


@frozen("t_static_rnn_lstm_mnist_rows_frozen", "era tf1 MNIST row-by-row LSTM tutorial: X float [None,28,28], tf.unstack over 28 time steps, tf.compat.v1.nn.static_rnn(BasicLSTMCell 32) unrolled, last output matmul + bias, softmax 'prediction'; frozen", ["prediction"])
def b_static_rnn(out, outputs):
    with session() as s:
        X = v1.placeholder(tf.float32, [None, 28, 28], name="X")
        outs, _ = v1.nn.static_rnn(LSTMCell(32, name="basic_lstm_cell"), tf.unstack(X, 28, 1), dtype=tf.float32)
        W, b = v1.Variable(v1.random_normal([32, 10]), name="out_w"), v1.Variable(v1.random_normal([10]), name="out_b")
        tf.nn.softmax(tf.matmul(outs[-1], W) + b, name="prediction")
        init(s)
        freeze(s, out, outputs)


@model("t_bidirectional_lstm_tagger_tag_strings", "tf1-savedmodel", "era tf1 BiLSTM sequence tagger (NER without CRF): word_ids int32 [None,None] (0..1999), lengths int32 [None]; embedding_lookup, bidirectional_dynamic_rnn(LSTM 16 fw / bw, sequence_length) (ReverseSequence, two v1 while loops), ConcatV2, reshape + matmul to 5 tags, argmax, tag names via a StaticHashTable, legacy_init_op; predict signature")
def b_bilstm(out):
    with session() as s:
        ids, lengths = v1.placeholder(tf.int32, [None, None], name="word_ids"), v1.placeholder(tf.int32, [None], name="lengths")
        emb = tf.nn.embedding_lookup(v1.get_variable("word_embeddings", [2000, 16]), ids)
        (fw, bw), _ = v1.nn.bidirectional_dynamic_rnn(LSTMCell(16), LSTMCell(16), emb, sequence_length=lengths, dtype=tf.float32)
        x = tf.reshape(tf.concat([fw, bw], -1), [-1, 32])
        logits = tf.reshape(fc(x, 5, "proj", None), [tf.shape(ids)[0], -1, 5])
        tag_ids = tf.argmax(logits, -1)
        tags = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(tf.range(5, dtype=tf.int64), tf.constant(["O", "B-PER", "I-PER", "B-LOC", "I-LOC"])), "O")
        init(s)
        save(s, out, {"serving_default": predict({"word_ids": ids, "lengths": lengths}, {"logits": logits, "tag_ids": tag_ids, "tags": tags.lookup(tag_ids)})},
             legacy_init_op=tf.group(v1.tables_initializer(), name="legacy_init_op"))


FEEDS["t_bidirectional_lstm_tagger_tag_strings"] = {"word_ids": (0, 2000), "lengths": (1, 33)}


@model("t_stacked_lstm_streaming_step_state_io", "tf1-savedmodel", "era tf1 streaming 2-layer LSTM, one step per call with the state fed in and out (MultiRNNCell layout cell_0 / cell_1): features float [1,13], state_c and state_h float [2,1,24]; tf.unstack the states, two LSTM cells, fc 10 logits, tf.stack new states; simple_save")
def b_stream_lstm(out):
    with session() as s:
        feats = x = v1.placeholder(tf.float32, [1, 13], name="features")
        c_in, h_in = v1.placeholder(tf.float32, [2, 1, 24], name="state_c"), v1.placeholder(tf.float32, [2, 1, 24], name="state_h")
        cs, hs = tf.unstack(c_in), tf.unstack(h_in)
        new_c, new_h = [], []
        with v1.variable_scope("rnn/multi_rnn_cell"):
            for k in range(2):
                x, st = LSTMCell(24)(x, LSTMStateTuple(cs[k], hs[k]), scope=f"cell_{k}/lstm_cell")
                new_c.append(st.c)
                new_h.append(st.h)
        logits = fc(x, 10, "logits", None)
        init(s)
        v1.saved_model.simple_save(s, str(out), {"features": feats, "state_c": c_in, "state_h": h_in},
                                   {"logits": logits, "state_c_out": tf.stack(new_c), "state_h_out": tf.stack(new_h)})


@model("t_seq2seq_gru_greedy_while_loop", "tf1-savedmodel", "era tf1 seq2seq with greedy decoding: source_ids int32 [None,None] (0..49), source_lengths int32 [None]; shared embedding, GRU 32 encoder via dynamic_rnn(sequence_length), decoder GRU in a hand-written tf.while_loop (max 12 steps, stops when every row emitted EOS) with embedding_lookup of the previous argmax token, tf.where on finished rows, TensorArray write / stack; predict signature -> predicted_ids [None,T], decode_length")
def b_seq2seq(out):
    with session() as s:
        src, src_len = v1.placeholder(tf.int32, [None, None], name="source_ids"), v1.placeholder(tf.int32, [None], name="source_lengths")
        emb = v1.get_variable("embedding", [50, 16])
        _, enc_state = v1.nn.dynamic_rnn(GRUCell(32), tf.nn.embedding_lookup(emb, src), sequence_length=src_len, dtype=tf.float32, scope="encoder")
        batch, GO, EOS = tf.shape(src)[0], 1, 2
        dec_cell = GRUCell(32)
        with v1.variable_scope("decoder/output_projection"):
            Wp, bp = v1.get_variable("kernel", [32, 50]), v1.get_variable("bias", [50], initializer=v1.zeros_initializer())

        def cond(t, prev, h, finished, ta, lengths):
            return tf.logical_and(t < 12, tf.logical_not(tf.reduce_all(finished)))

        def body(t, prev, h, finished, ta, lengths):
            with v1.variable_scope("decoder"):
                out_t, h = dec_cell(tf.nn.embedding_lookup(emb, prev), h)
            tok = tf.cast(tf.argmax(tf.matmul(out_t, Wp) + bp, 1), tf.int32)
            tok = tf.where(finished, tf.fill([batch], EOS), tok)
            lengths = lengths + tf.cast(tf.logical_not(finished), tf.int32)
            return t + 1, tok, h, tf.logical_or(finished, tf.equal(tok, EOS)), ta.write(t, tok), lengths
        loop = tf.while_loop(cond, body, [tf.constant(0), tf.fill([batch], GO), enc_state, tf.zeros([batch], tf.bool),
                                          tf.TensorArray(tf.int32, size=0, dynamic_size=True), tf.zeros([batch], tf.int32)])
        predicted = tf.transpose(loop[4].stack(), [1, 0], name="predicted_ids")
        init(s)
        save(s, out, {"serving_default": predict({"source_ids": src, "source_lengths": src_len}, {"predicted_ids": predicted, "decode_length": loop[5]})})


FEEDS["t_seq2seq_gru_greedy_while_loop"] = {"source_ids": (3, 50), "source_lengths": (1, 33)}


@model("t_char_rnn_sampler_multinomial_while_v2", "tf1-savedmodel", "era compat char-rnn sampler (TF 1.15 / 2.x defaults -> While op with TensorList): prime_char int32 [1] (0..39), num_chars int32 [], temperature float []; embedding, LSTM 32 stepped in tf.while_loop, logits / temperature, tf.random.categorical sampling (Multinomial), TensorArray of sampled ids; predict signature -> sampled_ids")
def b_char_rnn(out):
    with session("compat") as s:
        prime = v1.placeholder(tf.int32, [1], name="prime_char")
        n = v1.placeholder(tf.int32, [], name="num_chars")
        temp = v1.placeholder(tf.float32, [], name="temperature")
        emb = v1.get_variable("embedding", [40, 16])
        cell = LSTMCell(32)
        with v1.variable_scope("softmax"):
            W, b = v1.get_variable("w", [32, 40]), v1.get_variable("b", [40], initializer=v1.zeros_initializer())
        # the cell's variables are created before the loop, as tf.while_loop under control flow v2 requires
        with v1.variable_scope("rnn"):
            cell(tf.zeros([1, 16]), cell.zero_state(1, tf.float32))

        def body(t, ch, c, h, ta):
            with v1.variable_scope("rnn"):
                o, st = cell(tf.nn.embedding_lookup(emb, ch), LSTMStateTuple(c, h))
            nxt = tf.cast(tf.reshape(tf.random.categorical((tf.matmul(o, W) + b) / temp, 1), [1]), tf.int32)
            return t + 1, nxt, st.c, st.h, ta.write(t, nxt[0])
        z = tf.zeros([1, 32])
        loop = tf.while_loop(lambda t, *_: t < n, body, [tf.constant(0), prime, z, z, tf.TensorArray(tf.int32, size=n)])
        init(s)
        save(s, out, {"serving_default": predict({"prime_char": prime, "num_chars": n, "temperature": temp}, {"sampled_ids": loop[4].stack()})})


FEEDS["t_char_rnn_sampler_multinomial_while_v2"] = {"prime_char": (0, 40), "num_chars": 8, "temperature": 0.8}

# ============================================================================ object detection (no tf.contrib)

def _anchors(fm_sizes, scales, ratios=(1.0, 2.0, 0.5)):
    """SSD anchor grid [N,4] as (ycenter, xcenter, h, w), per feature-map location in row-major order."""
    out = []
    for size, scale in zip(fm_sizes, scales):
        for i in range(size):
            for j in range(size):
                for r in ratios:
                    out.append([(i + 0.5) / size, (j + 0.5) / size, scale / np.sqrt(r), scale * np.sqrt(r)])
    return np.array(out, "float32")


def _decode(rel, anchors):
    """Faster R-CNN box coder, scale factors (10, 10, 5, 5): -> (ymin, xmin, ymax, xmax)."""
    ty, tx, th, tw = tf.unstack(rel / [10.0, 10.0, 5.0, 5.0], axis=-1)
    ya, xa, ha, wa = tf.unstack(tf.constant(anchors), axis=-1)
    yc, xc, h, w = ty * ha + ya, tx * wa + xa, tf.exp(th) * ha, tf.exp(tw) * wa
    return tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1)


@frozen("t_ssd_anchor_decode_nms_frozen_inference_graph", "era tf1 SSD-style frozen_inference_graph: image_tensor uint8 [1,None,None,3], cast, resize_bilinear to 64x64, (2/255)x-1, MobileNet-like backbone (conv + BN + relu6, depthwise-separable), box / class predictors on 8x8 and 4x4 maps, reshape + concat, constant anchors, box decoding (exp, scale factors 10/10/5/5), sigmoid scores, per-class tf.image.non_max_suppression (NonMaxSuppressionV3), gather, top_k, pad to 10; outputs detection_boxes, detection_scores, detection_classes, num_detections", ["detection_boxes", "detection_scores", "detection_classes", "num_detections"])
def b_ssd(out, outputs):
    n_cls, A = 3, 3
    anchors = _anchors([8, 4], [0.3, 0.6])
    with session() as s:
        image = v1.placeholder(tf.uint8, [1, None, None, 3], name="image_tensor")
        with tf.name_scope("Preprocessor"):
            x = v1.image.resize_bilinear(tf.cast(image, tf.float32), [64, 64]) * (2.0 / 255.0) - 1.0
        with v1.variable_scope("FeatureExtractor/MobilenetV1"):
            x = conv2d(x, 16, 3, "Conv2d_0", stride=2, bn=False, act="relu6")
            x = sep_conv(sep_conv(x, 32, "Conv2d_1", 2), 48, "Conv2d_2", 2)
            fm1 = x
            fm2 = sep_conv(x, 64, "Conv2d_3", 2)
        boxes, logits = [], []
        for k, fm in enumerate((fm1, fm2)):
            with v1.variable_scope(f"BoxPredictor_{k}"):
                boxes.append(tf.reshape(conv2d(fm, A * 4, 3, "BoxEncodingPredictor", act=None), [1, -1, 4]))
                logits.append(tf.reshape(conv2d(fm, A * (n_cls + 1), 3, "ClassPredictor", act=None), [1, -1, n_cls + 1]))
        with tf.name_scope("Postprocessor"):
            decoded = tf.clip_by_value(_decode(tf.concat(boxes, 1)[0], anchors), 0.0, 1.0)
            scores = tf.sigmoid(tf.concat(logits, 1)[0])[:, 1:]
            all_b, all_s, all_c = [], [], []
            for c in range(n_cls):
                keep = tf.image.non_max_suppression(decoded, scores[:, c], 10, iou_threshold=0.6, score_threshold=1e-8)
                all_b.append(tf.gather(decoded, keep))
                all_s.append(tf.gather(scores[:, c], keep))
                all_c.append(tf.fill(tf.shape(keep), float(c + 1)))
            sc = tf.concat(all_s, 0)
            n = tf.minimum(tf.size(sc), 10)
            top_s, top_i = tf.nn.top_k(sc, n)
            pad = [[0, 10 - n]]
        tf.expand_dims(tf.pad(tf.gather(tf.concat(all_b, 0), top_i), pad + [[0, 0]]), 0, name="detection_boxes")
        tf.expand_dims(tf.pad(top_s, pad), 0, name="detection_scores")
        tf.expand_dims(tf.pad(tf.gather(tf.concat(all_c, 0), top_i), pad), 0, name="detection_classes")
        tf.expand_dims(tf.cast(n, tf.float32), 0, name="num_detections")
        init(s)
        freeze(s, out, outputs)


@model("t_yolo_v2_reorg_region_nms_savedmodel", "tf1-savedmodel", "era tf1 YOLOv2-tiny-style detector: input float [1,64,64,3]; darknet conv + FusedBatchNorm + leaky (tf.maximum(0.1x, x)) + max pools, passthrough route: 1x1 conv + tf.compat.v1.space_to_depth(2) (reorg) concatenated, region conv to 5 anchors x (5 + 4 classes); decode with sigmoid / exp, constant grid and anchor priors, softmax class probs x objectness, corner boxes, reduce_max / argmax, tf.image.non_max_suppression(20, 0.5, score 0.05), gather; predict signature -> boxes, scores, classes")
def b_yolo(out):
    priors = np.array([[1.0, 1.0], [2.0, 1.5], [1.5, 2.5], [3.0, 3.0], [5.0, 4.0]], "float32")
    with session() as s:
        img = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        x = max_pool(conv2d(img, 16, 3, "conv1", bn=False, act="leaky"))
        x = max_pool(conv2d(x, 32, 3, "conv2", bn=False, act="leaky"))
        route = conv2d(x, 64, 3, "conv3", bn=False, act="leaky")  # 16x16
        x = conv2d(conv2d(max_pool(route), 128, 3, "conv4", bn=False, act="leaky"), 128, 3, "conv5", bn=False, act="leaky")
        reorg = v1.space_to_depth(conv2d(route, 16, 1, "conv_route", bn=False, act="leaky"), 2)
        x = conv2d(tf.concat([reorg, x], 3), 128, 3, "conv6", bn=False, act="leaky")
        x = tf.reshape(conv2d(x, 5 * 9, 1, "region", act=None), [1, 8, 8, 5, 9])
        gy, gx = np.meshgrid(np.arange(8, dtype="float32"), np.arange(8, dtype="float32"), indexing="ij")
        grid = np.stack([gx, gy], -1)[None, :, :, None, :]
        xy = (tf.sigmoid(x[..., 0:2]) + grid) / 8.0
        wh = tf.exp(x[..., 2:4]) * priors / 8.0
        scores = tf.sigmoid(x[..., 4:5]) * tf.nn.softmax(x[..., 5:])
        boxes = tf.reshape(tf.concat([xy[..., ::-1] - wh[..., ::-1] / 2, xy[..., ::-1] + wh[..., ::-1] / 2], -1), [-1, 4])
        scores = tf.reshape(scores, [-1, 4])
        best, cls = tf.reduce_max(scores, 1), tf.argmax(scores, 1)
        keep = tf.image.non_max_suppression(boxes, best, 20, iou_threshold=0.5, score_threshold=0.05)
        init(s)
        save(s, out, {"serving_default": predict({"input": img}, {"boxes": tf.gather(boxes, keep), "scores": tf.gather(best, keep), "classes": tf.gather(cls, keep)})})


@model("t_faster_rcnn_second_stage_crop_and_resize", "tf1-savedmodel", "era tf1 Faster R-CNN second stage: image float [1,64,64,3] and proposal_boxes float [None,4] (normalized); stride-4 conv + BN backbone, tf.image.crop_and_resize(14x14) of the proposals, max pool to 7x7, conv + BN + relu, reduce_mean, fc class logits (6) softmax and fc box encodings (5 x 4) reshaped; predict signature")
def b_frcnn(out):
    with session() as s:
        img = v1.placeholder(tf.float32, [1, 64, 64, 3], name="image")
        props = v1.placeholder(tf.float32, [None, 4], name="proposal_boxes")
        feat = conv2d(conv2d(img, 16, 3, "FirstStageFeatureExtractor/conv1", stride=2, bn=False), 32, 3, "FirstStageFeatureExtractor/conv2", stride=2, bn=False)
        crops = tf.image.crop_and_resize(feat, props, tf.zeros([tf.shape(props)[0]], tf.int32), [14, 14], name="CropAndResize")
        x = tf.reduce_mean(conv2d(max_pool(crops), 64, 3, "SecondStageFeatureExtractor/conv", bn=False), [1, 2])
        probs = tf.nn.softmax(fc(x, 6, "SecondStageBoxPredictor/ClassPredictor", None))
        enc = tf.reshape(fc(x, 5 * 4, "SecondStageBoxPredictor/BoxEncodingPredictor", None), [-1, 5, 4])
        init(s)
        save(s, out, {"serving_default": predict({"image": img, "proposal_boxes": props}, {"class_probabilities": probs, "box_encodings": enc})})

# ============================================================================ image / audio decoding in the graph

@model("t_jpeg_bytes_map_fn_inception_preproc", "tf1-savedmodel", "era tf1 Cloud-ML-style image export: image_bytes string [None] (JPEG) and a passthrough key string [None]; tf.map_fn (v1 while loop, TensorArrays) of decode_jpeg(channels=3), convert_image_dtype, central_crop(0.875), resize_bilinear 48x48, (x-0.5)*2; 3 conv + FusedBatchNorm + relu + max pool CNN, global mean, logits 5; predict signature -> key, prediction, probabilities")
def b_jpeg_map_fn(out):
    def prep(b):
        img = tf.image.central_crop(tf.image.convert_image_dtype(tf.image.decode_jpeg(b, channels=3), tf.float32), 0.875)
        img = tf.squeeze(v1.image.resize_bilinear(tf.expand_dims(img, 0), [48, 48], align_corners=False), [0])
        return (img - 0.5) * 2.0
    with session() as s:
        image_bytes, key = v1.placeholder(tf.string, [None], name="image_bytes"), v1.placeholder(tf.string, [None], name="key")
        images = tf.map_fn(prep, image_bytes, dtype=tf.float32, back_prop=False)
        probs = tf.nn.softmax(small_cnn(images, 5))
        init(s)
        save(s, out, {"serving_default": predict({"image_bytes": image_bytes, "key": key},
                                                 {"key": tf.identity(key), "prediction": tf.argmax(probs, 1), "probabilities": probs})})


FEEDS["t_jpeg_bytes_map_fn_inception_preproc"] = lambda rng: {"image_bytes": [_jpeg(rng), _jpeg(rng, 30, 20)],
                                                               "key": [b"img-1", b"img-2"]}


@frozen("t_decode_jpeg_contents_scalar_frozen", "era tf1 classify_image_graph_def-style frozen graph: scalar string placeholder 'DecodeJpeg/contents', DecodeJpeg(channels=3), Cast, ExpandDims, ResizeBilinear 64x64, Sub 128, Mul 1/128; conv + FusedBatchNorm + relu CNN with max pools, global mean, logits 8, softmax 'softmax'", ["softmax"])
def b_decode_jpeg_scalar(out, outputs):
    with session() as s:
        contents = v1.placeholder(tf.string, [], name="DecodeJpeg/contents")
        x = tf.expand_dims(tf.cast(tf.image.decode_jpeg(contents, channels=3, name="DecodeJpeg"), tf.float32, name="Cast"), 0, name="ExpandDims")
        x = tf.multiply(tf.subtract(v1.image.resize_bilinear(x, [64, 64], name="ResizeBilinear"), 128.0, name="Sub"), 1 / 128.0, name="Mul")
        tf.nn.softmax(small_cnn(x, 8, bn=False, widths=(16, 32, 48, 64)), name="softmax")
        init(s)
        freeze(s, out, outputs)


FEEDS["t_decode_jpeg_contents_scalar_frozen"] = lambda rng: {"DecodeJpeg/contents": _jpeg(rng)}


@model("t_image_three_signatures_float_jpeg_example", "tf1-savedmodel", "era tf1 one image classifier (variable_scope reuse) behind three signatures: serving_default float images [None,32,32,3]; predict_jpeg image_bytes string [None] via tf.map_fn (v1 while loop) of tf.image.decode_image(channels=3, expand_animations=False) (DecodeImage), convert_image_dtype, resize_images 32x32; classification: serialized tf.Example with bytes 'image/encoded' parsed (ParseExampleV2), decoded the same way, classification_signature_def with class-name strings")
def b_three_sigs(out):
    names = ["cat", "dog", "bird", "fish"]

    def net(images):
        with v1.variable_scope("classifier", reuse=v1.AUTO_REUSE):
            return tf.nn.softmax(small_cnn(images, 4))

    def decode(b):
        img = tf.image.convert_image_dtype(tf.image.decode_image(b, channels=3, expand_animations=False), tf.float32)
        return v1.image.resize_images(img, [32, 32])
    with session() as s:
        images = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        jpeg = v1.placeholder(tf.string, [None], name="image_bytes")
        examples = v1.placeholder(tf.string, [None], name="tf_example")
        encoded = tf.io.parse_example(examples, {"image/encoded": tf.io.FixedLenFeature([], tf.string)})["image/encoded"]
        p_ex = net(tf.map_fn(decode, encoded, dtype=tf.float32, back_prop=False))
        init(s)
        save(s, out, {"serving_default": predict({"images": images}, {"probabilities": net(images)}),
                      "predict_jpeg": predict({"image_bytes": jpeg}, {"probabilities": net(tf.map_fn(decode, jpeg, dtype=tf.float32, back_prop=False))}),
                      "classification": classify(examples, tf.tile(tf.constant([names]), [tf.shape(examples)[0], 1]), p_ex)})


FEEDS["t_image_three_signatures_float_jpeg_example"] = lambda rng: {
    "predict_jpeg/image_bytes": [_jpeg(rng), _jpeg(rng, 24, 36)],
    "classification/inputs": [_example(**{"image/encoded": _jpeg(rng)}) for _ in range(2)]}


@frozen("t_speech_commands_decode_wav_mfcc_frozen", "era tf1 speech_commands conv_actions_frozen-style graph: scalar string 'wav_data' -> DecodeWav(1 channel, 16000 samples), AudioSpectrogram(window 480, stride 160, magnitude_squared), Mfcc(40 coefficients), reshape to [-1,98,40,1], 'conv' model (conv 20x8 relu, max pool, conv 10x4 relu, fc) to 12 labels, softmax 'labels_softmax'", ["labels_softmax"])
def b_speech_wav(out, outputs):
    with session() as s:
        wav = v1.placeholder(tf.string, [], name="wav_data")
        audio, rate = tf.audio.decode_wav(wav, desired_channels=1, desired_samples=16000, name="decoded_sample_data")
        spec = tf.raw_ops.AudioSpectrogram(input=audio, window_size=480, stride=160, magnitude_squared=True, name="AudioSpectrogram")
        mfcc = tf.raw_ops.Mfcc(spectrogram=spec, sample_rate=rate, dct_coefficient_count=40, name="Mfcc")
        x = tf.reshape(tf.reshape(mfcc, [-1, 98 * 40]), [-1, 98, 40, 1], name="Reshape_1")
        x = max_pool(conv2d(x, 16, (20, 8), "first"), 2)
        x = conv2d(x, 16, (10, 4), "second")
        tf.nn.softmax(fc(flatten(x), 12, "final_fc", None), name="labels_softmax")
        init(s)
        freeze(s, out, outputs)


FEEDS["t_speech_commands_decode_wav_mfcc_frozen"] = lambda rng: {
    "wav_data": tf.audio.encode_wav(rng.uniform(-0.5, 0.5, (16000, 1)).astype("float32"), 16000).numpy()}


@frozen("t_deeplab_aspp_semantic_predictions_frozen", "era tf1 DeepLab export-style frozen graph: ImageTensor uint8 [1,None,None,3], cast, resize_bilinear(align_corners) to 65x65, x/127.5-1, stride-8 conv + BN + relu backbone, ASPP (1x1 conv, tf.nn.atrous_conv2d rates 2 and 3 -> SpaceToBatchND / BatchToSpaceND, image pooling reduce_mean + 1x1 + resize_bilinear), concat, 1x1 projection, logits 5, resize_bilinear to 65x65, argmax, resize_nearest_neighbor back to the input size, squeeze -> 'SemanticPredictions'", ["SemanticPredictions"])
def b_deeplab(out, outputs):
    with session() as s:
        image = v1.placeholder(tf.uint8, [1, None, None, 3], name="ImageTensor")
        x = v1.image.resize_bilinear(tf.cast(image, tf.float32), [65, 65], align_corners=True) / 127.5 - 1.0
        for k, w in enumerate((16, 32, 32)):
            x = conv2d(x, w, 3, f"xception_65/entry_flow/conv{k}", stride=2, bn=False)  # 9x9
        branches = [conv2d(x, 16, 1, "aspp0", bn=False)]
        for r in (2, 3):
            with v1.variable_scope(f"aspp{r}"):
                w = _var("weights", [3, 3, 32, 16])
                branches.append(tf.nn.relu(batch_norm(tf.nn.atrous_conv2d(x, w, r, "SAME"), False)))
        pool = conv2d(tf.reduce_mean(x, [1, 2], keepdims=True), 16, 1, "image_pooling", bn=False)
        branches.append(v1.image.resize_bilinear(pool, tf.shape(x)[1:3], align_corners=True))
        x = conv2d(tf.concat(branches, 3), 16, 1, "concat_projection", bn=False)
        logits = v1.image.resize_bilinear(conv2d(x, 5, 1, "logits/semantic", act=None), [65, 65], align_corners=True)
        pred = tf.expand_dims(tf.argmax(logits, 3, output_type=tf.int32), 3)
        pred = v1.image.resize_nearest_neighbor(pred, tf.shape(image)[1:3], align_corners=True)
        tf.squeeze(pred, 3, name="SemanticPredictions")
        init(s)
        freeze(s, out, outputs)


@frozen("t_fast_style_transfer_instance_norm_frozen", "era tf1 fast-style-transfer (Johnson / lengstrom layout): img_placeholder float [1,64,64,3], conv 9x9 / 3x3 stride 2 layers with hand-written instance norm (tf.nn.moments over H,W keep_dims, (x-mu)/(var+eps)**0.5, scale/shift variables) + relu, 3 residual blocks, 2 conv2d_transpose with tf.stack([batch, h*2, w*2, c]) output shapes, conv 9x9, tanh*150 + 127.5 'output'; frozen", ["output"])
def b_style(out, outputs):
    def inorm(x):
        c = int(x.shape[-1])
        mu, var = tf.nn.moments(x, [1, 2], keepdims=True)
        shift, scale = v1.Variable(tf.zeros([c])), v1.Variable(tf.ones([c]))
        return scale * (x - mu) / (var + 1e-3) ** 0.5 + shift

    def conv(x, n, k, st, relu=True):
        w = v1.Variable(v1.truncated_normal([k, k, int(x.shape[-1]), n], stddev=0.1, seed=1))
        x = inorm(tf.nn.conv2d(x, w, [1, st, st, 1], "SAME"))
        return tf.nn.relu(x) if relu else x

    def conv_t(x, n, k, st):
        w = v1.Variable(v1.truncated_normal([k, k, n, int(x.shape[-1])], stddev=0.1, seed=1))
        sh = tf.shape(x)
        x = tf.nn.conv2d_transpose(x, w, tf.stack([sh[0], sh[1] * st, sh[2] * st, n]), [1, st, st, 1], "SAME")
        return tf.nn.relu(inorm(x))
    with session() as s:
        img = v1.placeholder(tf.float32, [1, 64, 64, 3], name="img_placeholder")
        x = conv(conv(conv(img / 255.0, 8, 9, 1), 16, 3, 2), 32, 3, 2)
        for _ in range(3):
            x = x + conv(conv(x, 32, 3, 1), 32, 3, 1, relu=False)
        x = conv(conv_t(conv_t(x, 16, 3, 2), 8, 3, 2), 3, 9, 1, relu=False)
        tf.add(tf.nn.tanh(x) * 150.0, 255.0 / 2, name="output")
        init(s)
        freeze(s, out, outputs)


@model("t_pix2pix_base64_png_in_out_savedmodel", "tf1-savedmodel", "era tf1 pix2pix-tensorflow export: input string [1] base64 PNG and key string [1]; decode_base64, decode_png(3), convert_image_dtype, set_shape 32x32, *2-1; U-Net generator with 4x4 stride-2 convs on tf.pad + VALID, batchnorm from batch tf.nn.moments (the repo's inference-time batch statistics), lrelu written as 0.6x + 0.4|x|, conv2d_transpose decoder with skip concats and dropout(keep 0.5) left on, tanh; deprocess, convert_image_dtype(uint8, saturate), encode_png, encode_base64 -> output string")
def b_pix2pix(out):
    def lrelu(x, a=0.2):
        return (0.5 * (1 + a)) * x + (0.5 * (1 - a)) * tf.abs(x)

    def bnorm(x):
        c = int(x.shape[-1])
        offset = v1.get_variable("offset", [c], initializer=v1.zeros_initializer())
        scale = v1.get_variable("scale", [c], initializer=v1.random_normal_initializer(1.0, 0.02))
        mean, var = tf.nn.moments(x, [0, 1, 2])
        return tf.nn.batch_normalization(x, mean, var, offset, scale, 1e-5)

    def gconv(x, n):
        w = v1.get_variable("filter", [4, 4, int(x.shape[-1]), n], initializer=v1.random_normal_initializer(0, 0.02))
        return tf.nn.conv2d(tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]]), w, [1, 2, 2, 1], "VALID")

    def gdeconv(x, n):
        b, h, w, c = x.shape.as_list()
        f = v1.get_variable("filter", [4, 4, n, c], initializer=v1.random_normal_initializer(0, 0.02))
        return tf.nn.conv2d_transpose(x, f, [b, h * 2, w * 2, n], [1, 2, 2, 1], "SAME")
    with session() as s:
        inp, key = v1.placeholder(tf.string, [1], name="input"), v1.placeholder(tf.string, [1], name="key")
        img = tf.image.convert_image_dtype(tf.image.decode_png(tf.io.decode_base64(inp[0]), channels=3), tf.float32)
        img.set_shape([32, 32, 3])
        x = tf.expand_dims(img, 0) * 2 - 1
        layers = []
        with v1.variable_scope("generator"):
            for k, n in enumerate((16, 32, 64, 64)):
                with v1.variable_scope(f"encoder_{k + 1}"):
                    x = gconv(lrelu(x) if k else x, n)
                    x = bnorm(x) if k else x
                    layers.append(x)
            for k, (n, drop) in enumerate([(64, 0.5), (32, 0.0), (16, 0.0)]):
                with v1.variable_scope(f"decoder_{4 - k}"):
                    x = bnorm(gdeconv(tf.nn.relu(x if k == 0 else tf.concat([x, layers[-1 - k]], 3)), n))
                    x = v1.nn.dropout(x, keep_prob=1 - drop) if drop else x
            with v1.variable_scope("decoder_1"):
                x = tf.tanh(gdeconv(tf.nn.relu(tf.concat([x, layers[0]], 3)), 3))
        png = tf.image.encode_png(tf.image.convert_image_dtype((x[0] + 1) / 2, tf.uint8, saturate=True))
        output = tf.convert_to_tensor([tf.io.encode_base64(png)])
        init(s)
        save(s, out, {"serving_default": predict({"key": key, "input": inp}, {"key": tf.identity(key), "output": output})})


FEEDS["t_pix2pix_base64_png_in_out_savedmodel"] = lambda rng: {
    "input": [tf.io.encode_base64(tf.io.encode_png(rng.integers(0, 256, (32, 32, 3)).astype("uint8"))).numpy()],
    "key": [b"0"]}

# ============================================================================ TF2 saves of TF1-style code

@model("t_wrap_function_tf1_cnn_tf2_saved", "tf-module", "era compat TF1 code in a TF2 SavedModel: a slim-style CNN written with get_variable (3 conv + FusedBatchNorm + relu + max pool, global mean, logits 10, softmax) wrapped by tf.compat.v1.wrap_function at images float [None,32,32,3] (variables lifted), called from a tf.function signature of a tf.Module that tracks the lifted variables; tf.saved_model.save")
def b_wrap_fn(out):
    def tf1_model(images):
        v1.set_random_seed(0)
        return {"probabilities": tf.nn.softmax(small_cnn(images, bn=False))}
    wrapped = v1.wrap_function(tf1_model, [tf.TensorSpec([None, 32, 32, 3], tf.float32, name="images")])
    mod = tf.Module()
    mod.variables_list = sorted(wrapped.variables, key=lambda v: v.name)
    mod.wrapped = wrapped

    @tf.function(input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32, name="images")])
    def serve(images):
        return mod.wrapped(images)
    mod.serve = serve
    tf.saved_model.save(mod, str(out), signatures={"serving_default": serve})


@model("t_tf_module_compat_v1_nn_ops", "tf-module", "era compat migration-era tf.Module: tf.Variables named like the old checkpoint (conv1/weights, ...), tf.function signatures using tf.compat.v1.nn.conv2d (use_cudnn_on_gpu), tf.compat.v1.nn.max_pool, tf.compat.v1.nn.xw_plus_b, tf.compat.v1.nn.softmax; images float [None,28,28,1]; signatures serving_default (probabilities, classes) and logits")
def b_tf_module(out):
    rng = np.random.default_rng(0)

    def var(name, shape):
        return tf.Variable(rng.normal(0, 0.1, shape).astype("float32"), name=name)
    mod = tf.Module()
    mod.w = {"conv1/weights": var("conv1/weights", [5, 5, 1, 16]), "conv1/biases": var("conv1/biases", [16]),
             "conv2/weights": var("conv2/weights", [5, 5, 16, 32]), "conv2/biases": var("conv2/biases", [32]),
             "fc3/weights": var("fc3/weights", [7 * 7 * 32, 64]), "fc3/biases": var("fc3/biases", [64]),
             "fc4/weights": var("fc4/weights", [64, 10]), "fc4/biases": var("fc4/biases", [10])}
    spec = [tf.TensorSpec([None, 28, 28, 1], tf.float32, name="images")]

    def logits_of(x):
        w = mod.w
        for k in ("conv1", "conv2"):
            x = tf.nn.relu(tf.nn.bias_add(v1.nn.conv2d(x, w[k + "/weights"], [1, 1, 1, 1], "SAME", use_cudnn_on_gpu=True), w[k + "/biases"]))
            x = v1.nn.max_pool(x, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
        x = tf.nn.relu(v1.nn.xw_plus_b(tf.reshape(x, [-1, 7 * 7 * 32]), w["fc3/weights"], w["fc3/biases"]))
        return v1.nn.xw_plus_b(x, w["fc4/weights"], w["fc4/biases"])

    @tf.function(input_signature=spec)
    def serving_default(images):
        p = v1.nn.softmax(logits_of(images))
        return {"probabilities": p, "classes": tf.argmax(p, 1)}

    @tf.function(input_signature=spec)
    def logits(images):
        return {"logits": logits_of(images)}
    mod.serving_default, mod.logits = serving_default, logits
    tf.saved_model.save(mod, str(out), signatures={"serving_default": serving_default, "logits": logits})


# ============================================================================ driver

def _setup():
    global tf, np, v1
    import numpy
    import tensorflow
    tf, np, v1 = tensorflow, numpy, tensorflow.compat.v1
    tf.get_logger().setLevel("ERROR")
    warnings.filterwarnings("ignore")
    try:
        from absl import logging as absl_logging
        absl_logging.set_verbosity(absl_logging.ERROR)
    except ImportError:
        pass


def _example(**feats) -> bytes:
    """A serialized tf.train.Example: str / bytes -> bytes_list, int -> int64_list, float -> float_list."""
    fs = {}
    for k, v in feats.items():
        v = list(v) if isinstance(v, (list, tuple)) else [v]
        if isinstance(v[0], (str, bytes)):
            fs[k] = tf.train.Feature(bytes_list=tf.train.BytesList(value=[x.encode() if isinstance(x, str) else x for x in v]))
        elif isinstance(v[0], (int, np.integer)):
            fs[k] = tf.train.Feature(int64_list=tf.train.Int64List(value=v))
        else:
            fs[k] = tf.train.Feature(float_list=tf.train.FloatList(value=[float(x) for x in v]))
    return tf.train.Example(features=tf.train.Features(feature=fs)).SerializeToString()


def _jpeg(rng, h=40, w=48) -> bytes:
    return tf.io.encode_jpeg(rng.integers(0, 256, (h, w, 3)).astype("uint8")).numpy()


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, outputs=PB_OUTPUTS)))
