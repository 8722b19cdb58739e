"""Build an independently made corpus into bench/out/fresh36/: TF1-era graph-mode models as they still circulate in
production and in older GitHub repositories, rebuilt with tf.compat.v1 in TF 2.x. Graphs are built in a fresh tf.Graph()
from tf.compat.v1 placeholders (required, placeholder_with_default training / keep_prob / rate switches), variable_scope +
get_variable (ref VariableV2 variables via use_resource=False in most graphs, resource variables in some, a
fixed_size_partitioner partitioned embedding), layers written the way tf.compat.v1.layers and tf-slim wrote them (that
API itself needs tf_keras, which Keras 3 does not provide, so conv2d / dense / batch_normalization / arg_scope are written
out here with the same variable names), tf.compat.v1.nn ops (conv2d, depthwise_conv2d, separable_conv2d,
fused_batch_norm, max_pool, avg_pool, lrn, conv2d_transpose, atrous_conv2d, bias_add, dynamic_rnn with a hand-written cell,
ctc_greedy_decoder), v1 control flow with control flow v2 switched off (Switch / Merge / Enter / Exit / NextIteration;
the switch is restored afterwards) next to control flow v2 (If / While from tf.cond, tf.scan, tf.map_fn),
resize_bilinear / resize_nearest_neighbor with align_corners, ExponentialMovingAverage shadow variables, global_step
and assign ops, tf.compat.v1.summary ops, optimizer ops (GradientDescent, Momentum, RMSProp, Adam, FTRL, Adagrad) left
off the serving path, tf.compat.v1.Print / tf.print / Assert / check_numerics left on it, hard-coded device strings,
string inputs decoded in the graph (decode_jpeg, decode_png, decode_base64, tf.Example parsing) as TF Serving image and
tabular models did, lookup tables (HashTable, StaticVocabularyTable, vocabulary files as SavedModel assets), feature
hashing (string_to_hash_bucket_fast), fake_quant_with_min_max_vars quantization-aware graphs, and MobileNet / Inception /
ResNet / VGG / AlexNet / Xception-DeepLab / SSD style small nets, sequence taggers, seq2seq and recommenders.

Export mechanics vary: frozen GraphDefs from tf.compat.v1.graph_util.convert_variables_to_constants (alone, after
extract_sub_graph, followed by remove_training_nodes, followed by optimize_for_inference, and one keeping
init_all_tables as an output node), unfrozen GraphDefs written with tf.io.write_graph (VariableV2 variables with their
initializers, optimizer and saver nodes; they run only after the 'init' op), SavedModels from
tf.compat.v1.saved_model.simple_save and from tf.compat.v1.saved_model.Builder with signature_def_map (predict /
classify / regress signatures, several signatures, legacy_init_op or main_op for table initializers, vocabulary
assets, clear_devices=False). The driver writes only .pb and SavedModel directories, so there are no .pbtxt models.
Mostly float32 inputs, some uint8 images, some string inputs (JPEG / PNG / base64 / serialized tf.Example / words),
batch None or 1. Seeded random weights (a graph's training op is never run); nothing is downloaded; every model runs
once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh36.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh36.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh36.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh36.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh36.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (GraphDef) per model, and MANIFEST.txt. --check runs a frozen GraphDef on the
OUTPUTS named here; an unfrozen GraphDef (or a frozen one that kept init_all_tables) first runs its INIT ops, as its
users have to; graphs with hard-coded GPU device strings run with allow_soft_placement (there is no GPU here).
"""

import base64
import contextlib
import functools
import os
import shutil
import sys
import tempfile

from corpus_driver import Corpus, dummy_inputs

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

FROZEN, UNFROZEN, SIMPLE, BUILDER = "tf1-frozen-pb", "tf1-graphdef-unfrozen", "tf1-simple-save", "tf1-builder"
CORPUS = Corpus("fresh36", frozen_kinds={FROZEN, UNFROZEN})
model, OUT = CORPUS.model, CORPUS.out

tf = np = v1 = None

# Inputs that need real values (JPEG / PNG / base64 bytes, serialized tf.Examples, words, ids in range, lengths): model ->
# {input name (or "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the
# run each model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# GraphDefs: model -> output node names to fetch in --check.
OUTPUTS = {}
# GraphDefs: model -> ops to run before fetching OUTPUTS (variable / table initializers kept in the graph).
INIT = {}
# GraphDefs with hard-coded GPU devices: run with allow_soft_placement.
SOFT = set()


# ================================================================================ shared pieces

def _name(out):
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) for TensorSpecs of the model being written to `out` (a driver temp path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_name(out)), sig)


def _session(g):
    return v1.Session(graph=g, config=v1.ConfigProto(allow_soft_placement=True))


@contextlib.contextmanager
def _cf_v1(on=True):
    """build with TF1 control flow (Switch / Merge / Enter / Exit / NextIteration): tf.compat.v1.disable_control_flow_v2,
    restoring the previous setting afterwards"""
    was = v1.control_flow_v2_enabled()
    if on:
        v1.disable_control_flow_v2()
    try:
        yield
    finally:
        if was:
            v1.enable_control_flow_v2()
        else:
            v1.disable_control_flow_v2()


def _graph(build, cfv1=False):
    """a fresh tf.Graph (graph seed 0) holding build()'s ops plus the 'init' (global variables) and 'init_all_tables'
    ops; returns (graph, build's result)"""
    g = tf.Graph()
    with _cf_v1(cfv1), g.as_default():
        v1.set_random_seed(0)
        res = build()
        v1.global_variables_initializer()
        v1.tables_initializer()
    return g, res


def _init(s, g):
    s.run([g.get_operation_by_name("init"), g.get_operation_by_name("init_all_tables")])


def _ph_feed(g, out):
    """{placeholder: value}: every Placeholder of g fed with the --check inputs (made eagerly, outside any session)"""
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    return {phs[k]: v.numpy() for k, v in vals.items()}


def _sig_feeds(g, out, sigs):
    """{signature: (fetches, feed_dict)}: each SignatureDef's outputs, and its inputs fed with the --check inputs"""
    res = {}
    for k, sd in sigs.items():
        ins = {key: g.get_tensor_by_name(i.name) for key, i in sd.inputs.items()}
        vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, key) for key, t in ins.items()], k)
        res[k] = ({key: g.get_tensor_by_name(o.name) for key, o in sd.outputs.items()},
                  {ins[key]: v.numpy() for key, v in vals.items()})
    return res


def _freeze(out, build, cfv1=False, extract=False, strip=False, keep=(), post=None):
    """TF1 freezing: build the graph, initialize, run once, then tf.compat.v1.graph_util.convert_variables_to_constants
    to the model's OUTPUTS (+ `keep`), after extract_sub_graph if `extract`, followed by remove_training_nodes if `strip` and by
    post(graph_def) if given"""
    g, _ = _graph(build, cfv1)
    outputs, feed = OUTPUTS[_name(out)], _ph_feed(g, out)
    with _session(g) as s:
        _init(s, g)
        s.run([g.get_tensor_by_name(n + ":0") for n in outputs], feed)
        gd = g.as_graph_def()
        if extract:
            gd = v1.graph_util.extract_sub_graph(gd, list(outputs) + list(keep))
        gd = v1.graph_util.convert_variables_to_constants(s, gd, list(outputs) + list(keep))
    if strip:
        gd = v1.graph_util.remove_training_nodes(gd, protected_nodes=list(outputs))
    if post:
        gd = post(gd)
    out.write_bytes(gd.SerializeToString())


def _write_unfrozen(out, build, cfv1=False):
    """the graph as training scripts wrote it next to their checkpoints (tf.io.write_graph, binary): variables still
    VariableV2 with initializers, nothing frozen; it runs after the 'init' op"""
    g, _ = _graph(build, cfv1)
    feed = _ph_feed(g, out)
    with _session(g) as s:
        _init(s, g)
        s.run([g.get_tensor_by_name(n + ":0") for n in OUTPUTS[_name(out)]], feed)
    tf.io.write_graph(g.as_graph_def(), str(out.parent), out.name, as_text=False)


def _simple_save(out, build, cfv1=False):
    """build() returns (inputs, outputs) dicts of tensors; initialize, run once, tf.compat.v1.saved_model.simple_save
    (legacy_init_op = the table initializer)"""
    g, (ins, outs) = _graph(build, cfv1)
    with g.as_default():
        sig = v1.saved_model.predict_signature_def(ins, outs)
    runs = _sig_feeds(g, out, {"serving_default": sig})
    with _session(g) as s:
        _init(s, g)
        for fetches, feed in runs.values():
            s.run(fetches, feed)
        v1.saved_model.simple_save(s, str(out), ins, outs, legacy_init_op=g.get_operation_by_name("init_all_tables"))


def _builder(out, build, cfv1=False, init_op="legacy", clear_devices=False):
    """build() returns {signature name: SignatureDef}; initialize, run each once, then tf.compat.v1.saved_model.Builder
    .add_meta_graph_and_variables with that signature_def_map, the graph's ASSET_FILEPATHS as assets, and the table
    initializer as legacy_init_op ("legacy") or saved_model.main_op.main_op() as main_op ("main")"""
    g, sigs = _graph(build, cfv1)
    with g.as_default():
        extra = ({"legacy_init_op": g.get_operation_by_name("init_all_tables")} if init_op == "legacy" else
                 {"main_op": v1.saved_model.main_op.main_op()} if init_op == "main" else {})
        assets = v1.get_collection(v1.GraphKeys.ASSET_FILEPATHS) or None
    runs = _sig_feeds(g, out, sigs)
    with _session(g) as s:
        _init(s, g)
        for fetches, feed in runs.values():
            s.run(fetches, feed)
        b = v1.saved_model.Builder(str(out))
        b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map=sigs,
                                       assets_collection=assets, clear_devices=clear_devices, **extra)
        b.save()


def _predict(inputs, outputs):
    return v1.saved_model.predict_signature_def(inputs, outputs)


# ------------------------------------------------------------ tf.compat.v1.layers, written out (it needs tf_keras)

def conv2d(x, filters, k, strides=1, padding="SAME", activation=None, use_bias=True, dilation=1, name=None, init=None):
    """tf.compat.v1.layers.conv2d: <scope>/kernel, <scope>/bias; tf.compat.v1.nn.conv2d + bias_add"""
    with v1.variable_scope(name, default_name="conv2d"):
        kh, kw = (k, k) if isinstance(k, int) else k
        w = v1.get_variable("kernel", [kh, kw, int(x.shape[-1]), filters], initializer=init or v1.glorot_uniform_initializer())
        y = v1.nn.conv2d(x, w, [1, strides, strides, 1], padding, dilations=[1, dilation, dilation, 1])
        if use_bias:
            y = tf.nn.bias_add(y, v1.get_variable("bias", [filters], initializer=v1.zeros_initializer()))
        return activation(y) if activation else y


def dense(x, units, activation=None, name=None, use_bias=True):
    """tf.compat.v1.layers.dense: <scope>/kernel, <scope>/bias; matmul + bias_add"""
    with v1.variable_scope(name, default_name="dense"):
        w = v1.get_variable("kernel", [int(x.shape[-1]), units], initializer=v1.glorot_uniform_initializer())
        y = tf.matmul(x, w)
        if use_bias:
            y = tf.nn.bias_add(y, v1.get_variable("bias", [units], initializer=v1.zeros_initializer()))
        return activation(y) if activation else y


def batch_normalization(x, training, name=None, momentum=0.99, epsilon=1e-3, fused=True):
    """tf.compat.v1.layers.batch_normalization: gamma / beta / moving_mean / moving_variance; a bool tensor `training`
    selects batch statistics or the moving averages with tf.compat.v1.cond (fused_batch_norm when `fused`, else
    nn.moments + nn.batch_normalization); the moving-average assign ops go to the UPDATE_OPS collection"""
    with v1.variable_scope(name, default_name="batch_normalization"):
        c = int(x.shape[-1])
        gamma = v1.get_variable("gamma", [c], initializer=v1.ones_initializer())
        beta = v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
        mm = v1.get_variable("moving_mean", [c], initializer=v1.zeros_initializer(), trainable=False)
        mv = v1.get_variable("moving_variance", [c], initializer=v1.ones_initializer(), trainable=False)

        def train():
            if fused:
                return v1.nn.fused_batch_norm(x, gamma, beta, epsilon=epsilon, is_training=True)
            m, v = tf.nn.moments(x, axes=list(range(len(x.shape) - 1)))
            return tf.nn.batch_normalization(x, m, v, beta, gamma, epsilon), m, v

        def infer():
            if fused:
                y, _, _ = v1.nn.fused_batch_norm(x, gamma, beta, mean=mm, variance=mv, epsilon=epsilon, is_training=False)
            else:
                y = tf.nn.batch_normalization(x, mm, mv, beta, gamma, epsilon)
            return y, tf.identity(mm), tf.identity(mv)
        if isinstance(training, bool):
            y, m, v = train() if training else infer()
        else:
            y, m, v = v1.cond(training, train, infer)
        for var, val in ((mm, m), (mv, v)):
            v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, v1.assign_sub(var, (var - val) * (1.0 - momentum)))
        return y


def _pool(x, k=2, s=2, padding="SAME", kind="max"):
    fn = v1.nn.max_pool if kind == "max" else v1.nn.avg_pool
    return fn(x, [1, k, k, 1], [1, s, s, 1], padding)


class _Cell:
    """an RNN cell written by hand for tf.compat.v1.nn.dynamic_rnn (tf.compat.v1.nn.rnn_cell needs tf_keras):
    LSTM (state tuple c, h) or GRU, weights by get_variable in the cell's variable_scope"""

    def __init__(self, units, kind="lstm", name="cell"):
        self.units, self.kind, self.name = units, kind, name

    @property
    def state_size(self):
        return (self.units, self.units) if self.kind == "lstm" else self.units

    @property
    def output_size(self):
        return self.units

    def zero_state(self, batch_size, dtype):
        z = tf.zeros(tf.stack([batch_size, self.units]), dtype)
        return (z, z) if self.kind == "lstm" else z

    def __call__(self, x, state, scope=None):
        with v1.variable_scope(self.name, reuse=v1.AUTO_REUSE):
            h = state[1] if self.kind == "lstm" else state
            n = 4 if self.kind == "lstm" else 3
            w = v1.get_variable("kernel", [int(x.shape[-1]) + self.units, n * self.units])
            b = v1.get_variable("bias", [n * self.units], initializer=v1.zeros_initializer())
            if self.kind == "lstm":
                i, j, f, o = tf.split(tf.nn.bias_add(tf.matmul(tf.concat([x, h], 1), w), b), 4, axis=1)
                c = tf.sigmoid(f + 1.0) * state[0] + tf.sigmoid(i) * tf.tanh(j)
                h = tf.sigmoid(o) * tf.tanh(c)
                return h, (c, h)
            xz, xr, xn = tf.split(tf.matmul(x, w[:int(x.shape[-1])]) + b, 3, axis=1)
            hz, hr, hn = tf.split(tf.matmul(h, w[int(x.shape[-1]):]), 3, axis=1)
            z, r = tf.sigmoid(xz + hz), tf.sigmoid(xr + hr)
            h = z * h + (1.0 - z) * tf.tanh(xn + r * hn)
            return h, h


# ------------------------------------------------------------ tf-slim, written out (arg_scope / add_arg_scope)

_ARG_STACK = [{}]


@contextlib.contextmanager
def arg_scope(fns, **defaults):
    """slim.arg_scope: default keyword arguments for the listed add_arg_scope functions, nested scopes merging"""
    cur = {k: dict(v) for k, v in _ARG_STACK[-1].items()}
    for f in fns:
        cur.setdefault(f.__name__, {}).update(defaults)
    _ARG_STACK.append(cur)
    try:
        yield
    finally:
        _ARG_STACK.pop()


def add_arg_scope(f):
    @functools.wraps(f)
    def g(*a, **kw):
        return f(*a, **{**_ARG_STACK[-1].get(f.__name__, {}), **kw})
    return g


@add_arg_scope
def slim_conv2d(inputs, num_outputs, kernel_size, stride=1, padding="SAME", rate=1, activation_fn=None,
                normalizer_fn=None, normalizer_params=None, weights_regularizer=None, scope=None):
    """slim.conv2d: <scope>/weights, <scope>/biases (or normalizer_fn instead of biases), activation_fn"""
    with v1.variable_scope(scope, default_name="Conv"):
        k = [kernel_size] * 2 if isinstance(kernel_size, int) else list(kernel_size)
        w = v1.get_variable("weights", k + [int(inputs.shape[-1]), num_outputs],
                            initializer=v1.glorot_uniform_initializer(), regularizer=weights_regularizer)
        y = v1.nn.conv2d(inputs, w, [1, stride, stride, 1], padding, dilations=[1, rate, rate, 1])
        if normalizer_fn:
            y = normalizer_fn(y, **(normalizer_params or {}))
        else:
            y = tf.nn.bias_add(y, v1.get_variable("biases", [num_outputs], initializer=v1.zeros_initializer()))
        return activation_fn(y) if activation_fn else y


@add_arg_scope
def slim_fc(inputs, num_outputs, activation_fn=None, weights_regularizer=None, scope=None):
    with v1.variable_scope(scope, default_name="fully_connected"):
        w = v1.get_variable("weights", [int(inputs.shape[-1]), num_outputs], initializer=v1.glorot_uniform_initializer(),
                            regularizer=weights_regularizer)
        y = tf.nn.bias_add(tf.matmul(inputs, w), v1.get_variable("biases", [num_outputs], initializer=v1.zeros_initializer()))
        return activation_fn(y) if activation_fn else y


@add_arg_scope
def slim_max_pool2d(inputs, kernel_size, stride=2, padding="VALID", scope=None):
    return v1.nn.max_pool(inputs, [1, kernel_size, kernel_size, 1], [1, stride, stride, 1], padding, name=scope)


@add_arg_scope
def slim_avg_pool2d(inputs, kernel_size, stride=2, padding="VALID", scope=None):
    return v1.nn.avg_pool(inputs, [1, kernel_size, kernel_size, 1], [1, stride, stride, 1], padding, name=scope)


def slim_repeat(inputs, repetitions, layer, *args, scope=None, **kw):
    with v1.variable_scope(scope, default_name="Repeat"):
        for i in range(repetitions):
            inputs = layer(inputs, *args, scope=f"{scope}_{i + 1}", **kw)
        return inputs


def _jpeg(rng, h=48, w=64):
    return tf.io.encode_jpeg(rng.integers(0, 256, (h, w, 3), dtype=np.uint8)).numpy()


def _png(rng, h=40, w=56):
    return tf.io.encode_png(rng.integers(0, 256, (h, w, 3), dtype=np.uint8)).numpy()


def _example(feats):
    """a serialized tf.train.Example from {name: list of float | bytes}"""
    f = {k: tf.train.Feature(bytes_list=tf.train.BytesList(value=v)) if isinstance(v[0], bytes) else
         tf.train.Feature(int64_list=tf.train.Int64List(value=v)) if isinstance(v[0], (int, np.integer)) else
         tf.train.Feature(float_list=tf.train.FloatList(value=v)) for k, v in feats.items()}
    return tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString()


# ================================================================================ frozen image classifiers

@model("s36_lenet_mnist_ref_vars_frozen", FROZEN, "LeNet-5 on MNIST in TF1, input float [None,28,28,1]: variable_scope('LeNet', use_resource=False) so VariableV2 kernels, layers-style conv2d 5x5 (tf.compat.v1.nn.conv2d + bias_add + relu) + max_pool twice, reshape, dense 120 / 84, dropout driven by keep_prob placeholder_with_default(1.0), dense 10, softmax 'output'; the session graph also held labels, sparse_softmax_cross_entropy, global_step and a GradientDescentOptimizer train op, pruned by convert_variables_to_constants(['output'])")
def b_lenet(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 28, 28, 1], name="input")
        keep_prob = v1.placeholder_with_default(1.0, [], name="keep_prob")
        with v1.variable_scope("LeNet", use_resource=False):
            h = _pool(conv2d(x, 6, 5, activation=tf.nn.relu, name="conv1"))
            h = _pool(conv2d(h, 16, 5, activation=tf.nn.relu, name="conv2"))
            h = tf.reshape(h, [-1, 7 * 7 * 16])
            h = dense(dense(h, 120, tf.nn.relu, "fc3"), 84, tf.nn.relu, "fc4")
            logits = dense(v1.nn.dropout(h, keep_prob=keep_prob), 10, name="logits")
        tf.nn.softmax(logits, name="output")
        labels = v1.placeholder(tf.int64, [None], name="labels")
        loss = v1.losses.sparse_softmax_cross_entropy(labels, logits)
        v1.train.GradientDescentOptimizer(0.01).minimize(loss, global_step=v1.train.get_or_create_global_step(),
                                                          name="train_op")
    _freeze(out, build)


OUTPUTS["s36_lenet_mnist_ref_vars_frozen"] = ["output"]


@model("s36_alexnet_lrn_grouped_extract_subgraph_frozen", FROZEN, "AlexNet-style TF1 graph, input float [None,67,67,3]: ref-variable convs, conv1 11x11 stride 4 VALID + relu + tf.compat.v1.nn.lrn (depth_radius 2, alpha 2e-5, beta 0.75) + max_pool 3x3/2 VALID, conv2 as two groups (tf.split on channels, two conv2d, tf.concat) + lrn + max_pool, conv3 3x3, flatten, fc 256 relu, dropout with rate placeholder_with_default(0.0), fc 10, softmax 'prob'; graph_util.extract_sub_graph(['prob']) then convert_variables_to_constants (a MomentumOptimizer train op was in the session graph)")
def b_alexnet(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 67, 67, 3], name="data")
        rate = v1.placeholder_with_default(0.0, [], name="dropout_rate")
        with v1.variable_scope("alexnet", use_resource=False):
            h = conv2d(x, 48, 11, strides=4, padding="VALID", activation=tf.nn.relu, name="conv1")
            h = _pool(v1.nn.lrn(h, 2, bias=1.0, alpha=2e-5, beta=0.75, name="norm1"), 3, 2, "VALID")
            g1, g2 = tf.split(h, 2, axis=3)
            h = tf.concat([conv2d(g1, 32, 5, activation=tf.nn.relu, name="conv2_g1"),
                           conv2d(g2, 32, 5, activation=tf.nn.relu, name="conv2_g2")], axis=3)
            h = _pool(v1.nn.lrn(h, 2, bias=1.0, alpha=2e-5, beta=0.75, name="norm2"), 3, 2, "VALID")
            h = conv2d(h, 96, 3, activation=tf.nn.relu, name="conv3")
            h = dense(tf.reshape(h, [-1, 3 * 3 * 96]), 256, tf.nn.relu, "fc6")
            logits = dense(v1.nn.dropout(h, rate=rate), 10, name="fc8")
        tf.nn.softmax(logits, name="prob")
        labels = v1.placeholder(tf.float32, [None, 10], name="labels")
        loss = tf.reduce_mean(v1.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits))
        v1.train.MomentumOptimizer(0.01, 0.9).minimize(loss)
    _freeze(out, build, extract=True)


OUTPUTS["s36_alexnet_lrn_grouped_extract_subgraph_frozen"] = ["prob"]


@model("s36_vgg_slim_arg_scope_strip_training_batch1_frozen", FROZEN, "slim vgg_a-style net with a hand-written slim arg_scope (conv2d / fully_connected defaults: relu, l2 weights_regularizer adding REGULARIZATION_LOSSES nodes), repeat blocks of 3x3 convs + max_pool2d, fc layers as convs (fc6 4x4 VALID, fc7 1x1, fc8 1x1 no activation), tf.squeeze 'vgg_a/fc8/squeezed', tf.identity of the logits under a control dependency on check_numerics; fixed input float [1,32,32,3]; convert_variables_to_constants then graph_util.remove_training_nodes (drops the Identity / CheckNumerics nodes) -> 'vgg_a/predictions'")
def b_vgg(out):
    def build():
        x = v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        with v1.variable_scope("vgg_a", use_resource=False), \
                arg_scope([slim_conv2d, slim_fc], activation_fn=tf.nn.relu,
                          weights_regularizer=lambda w: 5e-4 * tf.nn.l2_loss(w)), \
                arg_scope([slim_max_pool2d], kernel_size=2, stride=2, padding="VALID"):
            h = slim_max_pool2d(slim_repeat(x, 1, slim_conv2d, 16, 3, scope="conv1"), scope="pool1")
            h = slim_max_pool2d(slim_repeat(h, 1, slim_conv2d, 32, 3, scope="conv2"), scope="pool2")
            h = slim_max_pool2d(slim_repeat(h, 2, slim_conv2d, 64, 3, scope="conv3"), scope="pool3")
            h = slim_conv2d(h, 128, 4, padding="VALID", scope="fc6")
            h = slim_conv2d(h, 128, 1, scope="fc7")
            h = slim_conv2d(h, 10, 1, activation_fn=None, scope="fc8")
            logits = tf.squeeze(h, [1, 2], name="fc8/squeezed")
            with tf.control_dependencies([v1.check_numerics(logits, "bad logits")]):
                logits = tf.identity(logits, name="logits")
            tf.nn.softmax(logits, name="predictions")
        tf.add_n(v1.get_collection(v1.GraphKeys.REGULARIZATION_LOSSES), name="regularization_loss")
    _freeze(out, build, strip=True)


OUTPUTS["s36_vgg_slim_arg_scope_strip_training_batch1_frozen"] = ["vgg_a/predictions"]


@model("s36_inception_v1_modules_slim_frozen", FROZEN, "GoogLeNet / Inception v1 style graph with a hand-written slim arg_scope, input float [None,64,64,3]: stem conv 7x7/2 + max_pool 3x3/2 + conv 1x1 / 3x3 + max_pool, three Inception modules (1x1; 1x1->3x3; 1x1->5x5; max_pool 3x3/1 -> 1x1 projection; tf.concat on channels) with a max_pool between, avg_pool 4x4 VALID, dropout keep_prob placeholder_with_default(1.0), 1x1 conv logits, squeeze, softmax 'InceptionV1/Logits/Predictions'; resource variables; frozen with convert_variables_to_constants")
def b_inception(out):
    def module(x, c1, c3r, c3, c5r, c5, cp, scope):
        with v1.variable_scope(scope):
            b0 = slim_conv2d(x, c1, 1, scope="Branch_0")
            b1 = slim_conv2d(slim_conv2d(x, c3r, 1, scope="Branch_1a"), c3, 3, scope="Branch_1b")
            b2 = slim_conv2d(slim_conv2d(x, c5r, 1, scope="Branch_2a"), c5, 5, scope="Branch_2b")
            b3 = slim_conv2d(slim_max_pool2d(x, 3, stride=1, padding="SAME"), cp, 1, scope="Branch_3")
            return tf.concat([b0, b1, b2, b3], axis=3)

    def build():
        x = v1.placeholder(tf.float32, [None, 64, 64, 3], name="input")
        keep = v1.placeholder_with_default(1.0, [], name="keep_prob")
        with v1.variable_scope("InceptionV1"), arg_scope([slim_conv2d], activation_fn=tf.nn.relu):
            h = slim_max_pool2d(slim_conv2d(x, 16, 7, stride=2, scope="Conv2d_1a_7x7"), 3, padding="SAME")
            h = slim_conv2d(slim_conv2d(h, 16, 1, scope="Conv2d_2b_1x1"), 32, 3, scope="Conv2d_2c_3x3")
            h = slim_max_pool2d(h, 3, padding="SAME")
            h = module(module(h, 16, 16, 24, 4, 8, 8, "Mixed_3b"), 24, 24, 32, 8, 16, 8, "Mixed_3c")
            h = module(slim_max_pool2d(h, 3, padding="SAME"), 32, 24, 48, 8, 16, 16, "Mixed_4b")
            with v1.variable_scope("Logits"):
                h = v1.nn.dropout(slim_avg_pool2d(h, 4, stride=1), keep_prob=keep)
                logits = tf.squeeze(slim_conv2d(h, 10, 1, activation_fn=None, scope="Conv2d_0c_1x1"), [1, 2])
                tf.nn.softmax(logits, name="Predictions")
    _freeze(out, build)


OUTPUTS["s36_inception_v1_modules_slim_frozen"] = ["InceptionV1/Logits/Predictions"]


def _mobilenet_v1(x, training, blocks, depth=16, quant=None):
    """MobileNet v1 body: conv 3x3/2 + BN + relu6, then depthwise_conv2d 3x3 + BN + relu6 + pointwise 1x1 + BN + relu6
    per (stride, multiplier) block; `quant(tensor, name)` wraps activations and weights when given"""
    q, relu = quant or (lambda t, n: t), tf.nn.relu6

    def dw(h, stride, name):
        with v1.variable_scope(name):
            w = v1.get_variable("depthwise_weights", [3, 3, int(h.shape[-1]), 1], initializer=v1.glorot_uniform_initializer())
            return v1.nn.depthwise_conv2d(h, q(w, "weights_quant"), [1, stride, stride, 1], "SAME")
    h = q(relu(batch_normalization(conv2d(x, depth, 3, 2, use_bias=False, name="Conv2d_0"), training, "Conv2d_0/BatchNorm")), "Conv2d_0/act_quant")
    for i, (stride, mult) in enumerate(blocks, 1):
        h = q(relu(batch_normalization(dw(h, stride, f"Conv2d_{i}_depthwise"), training, f"Conv2d_{i}_depthwise/BatchNorm")),
              f"Conv2d_{i}_depthwise/act_quant")
        h = q(relu(batch_normalization(conv2d(h, int(h.shape[-1]) * mult, 1, use_bias=False, name=f"Conv2d_{i}_pointwise"),
                                       training, f"Conv2d_{i}_pointwise/BatchNorm")), f"Conv2d_{i}_pointwise/act_quant")
    return h


@model("s36_mobilenet_v1_uint8_fused_bn_cond_v1_frozen", FROZEN, "MobileNet v1 (width 16) for an Android app, fixed uint8 input [1,96,96,3] cast and scaled to [-1,1] in the graph: conv 3x3/2 and five depthwise_conv2d + pointwise blocks, each followed by layers-style batch_normalization (fused_batch_norm) switched by is_training placeholder_with_default(False) through tf.compat.v1.cond built with control flow v2 disabled (Switch / Merge left in the frozen graph, training-mode FusedBatchNorm on the dead branch), relu6; avg_pool 6x6 VALID, 1x1 conv logits, squeeze, softmax 'MobilenetV1/Predictions/Softmax'")
def b_mobilenet_u8(out):
    def build():
        x = v1.placeholder(tf.uint8, [1, 96, 96, 3], name="input")
        training = v1.placeholder_with_default(False, [], name="is_training")
        with v1.variable_scope("MobilenetV1", use_resource=False):
            h = (tf.cast(x, tf.float32) - 127.5) / 127.5
            h = _mobilenet_v1(h, training, [(1, 2), (2, 2), (1, 1), (2, 2), (2, 1)])
            h = _pool(h, 6, 1, "VALID", kind="avg")
            logits = tf.squeeze(conv2d(h, 5, 1, name="Logits/Conv2d_1c_1x1"), [1, 2], name="Logits/SpatialSqueeze")
            tf.nn.softmax(logits, name="Predictions/Softmax")
    _freeze(out, build, cfv1=True)


OUTPUTS["s36_mobilenet_v1_uint8_fused_bn_cond_v1_frozen"] = ["MobilenetV1/Predictions/Softmax"]


@model("s36_mobilenet_fake_quant_min_max_vars_frozen", FROZEN, "quantization-aware MobileNet v1 the way contrib.quantize rewrote it, fixed float input [1,64,64,3]: input fake_quant_with_min_max_args(-1, 1); weights through fake_quant_with_min_max_vars with min / max from reduce_min / reduce_max of the weights, activations (relu6) through fake_quant_with_min_max_vars with min / max variables (0, 6) whose moving-average assign ops sit off the serving path; BN inference-only (is_training False, folded later by a converter); four depthwise-separable blocks, reduce_mean pooling, fake-quantized dense logits, softmax 'MobilenetV1/Predictions'")
def b_mobilenet_fq(out):
    def quant(t, name):
        with v1.variable_scope(name):
            if "weights" in name:
                return tf.quantization.fake_quant_with_min_max_vars(t, tf.reduce_min(t), tf.reduce_max(t), num_bits=8)
            lo = v1.get_variable("min", [], initializer=v1.constant_initializer(0.0), trainable=False)
            hi = v1.get_variable("max", [], initializer=v1.constant_initializer(6.0), trainable=False)
            v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, v1.assign(hi, 0.999 * hi + 0.001 * tf.reduce_max(t)))
            return tf.quantization.fake_quant_with_min_max_vars(t, lo, hi, num_bits=8)

    def build():
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        with v1.variable_scope("MobilenetV1", use_resource=False):
            h = tf.quantization.fake_quant_with_min_max_args(x, -1.0, 1.0, num_bits=8)
            h = _mobilenet_v1(h, False, [(1, 2), (2, 2), (2, 1), (2, 2)], quant=quant)
            h = tf.reduce_mean(h, [1, 2])
            with v1.variable_scope("Logits"):
                w = v1.get_variable("weights", [int(h.shape[-1]), 6], initializer=v1.glorot_uniform_initializer())
                logits = tf.matmul(h, quant(w, "weights_quant")) + v1.get_variable("biases", [6], initializer=v1.zeros_initializer())
                logits = tf.quantization.fake_quant_with_min_max_vars(logits, -10.0, 10.0)
            tf.nn.softmax(logits, name="Predictions")
    _freeze(out, build)


OUTPUTS["s36_mobilenet_fake_quant_min_max_vars_frozen"] = ["MobilenetV1/Predictions"]


@model("s36_resnet_v1_layers_bn_cond_v2_frozen", FROZEN, "ResNet v1 (CIFAR, 3 stages x 2 basic blocks, 16/32/64 filters, 1x1 projection shortcuts) from layers-style conv2d + batch_normalization with training = placeholder_with_default(False, 'is_training') through tf.cond under control flow v2 (If ops with branch functions in the frozen library), resource variables (VarHandleOp), input float [None,32,32,3]; global average via reduce_mean, dense 10 'logits', softmax 'probabilities'; convert_variables_to_constants")
def b_resnet(out):
    def block(x, filters, stride, training, name):
        with v1.variable_scope(name):
            sc = x
            if stride != 1 or int(x.shape[-1]) != filters:
                sc = batch_normalization(conv2d(x, filters, 1, stride, use_bias=False, name="shortcut"), training, "shortcut_bn")
            h = tf.nn.relu(batch_normalization(conv2d(x, filters, 3, stride, use_bias=False, name="conv1"), training, "bn1"))
            h = batch_normalization(conv2d(h, filters, 3, use_bias=False, name="conv2"), training, "bn2")
            return tf.nn.relu(h + sc)

    def build():
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        training = v1.placeholder_with_default(False, [], name="is_training")
        with v1.variable_scope("resnet"):
            h = tf.nn.relu(batch_normalization(conv2d(x, 16, 3, use_bias=False, name="conv0"), training, "bn0"))
            for s, (f, stride) in enumerate([(16, 1), (32, 2), (64, 2)]):
                h = block(block(h, f, stride, training, f"stage{s}_block0"), f, 1, training, f"stage{s}_block1")
            logits = dense(tf.reduce_mean(h, [1, 2]), 10, name="fc")
        tf.identity(logits, name="logits")
        tf.nn.softmax(logits, name="probabilities")
    _freeze(out, build)


OUTPUTS["s36_resnet_v1_layers_bn_cond_v2_frozen"] = ["logits", "probabilities"]


@model("s36_deeplab_xception_separable_aspp_frozen", FROZEN, "DeepLab v3-style segmenter on a small Xception-like backbone, fixed input float [1,65,65,3] (DeepLab's odd sizes for align_corners): conv 3x3/2, tf.compat.v1.nn.separable_conv2d blocks (depthwise 3x3 + pointwise, one with stride 2) with residual 1x1 projections, ASPP with a 1x1 branch, two tf.compat.v1.nn.atrous_conv2d branches (rate 2 and 4) and image pooling (reduce_mean, 1x1, resize_bilinear align_corners=True back to 17x17), concat + 1x1, 6-class logits resized with resize_bilinear(align_corners=True) to 65x65 'ResizeBilinear_logits', argmax 'SemanticPredictions' (int64)")
def b_deeplab(out):
    def sep(x, cout, stride, name):
        with v1.variable_scope(name):
            dw = v1.get_variable("depthwise_weights", [3, 3, int(x.shape[-1]), 1], initializer=v1.glorot_uniform_initializer())
            pw = v1.get_variable("pointwise_weights", [1, 1, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
            return tf.nn.relu(v1.nn.separable_conv2d(x, dw, pw, [1, stride, stride, 1], "SAME"))

    def atrous(x, cout, rate, name):
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [3, 3, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
            return tf.nn.relu(v1.nn.atrous_conv2d(x, w, rate, "SAME"))

    def build():
        x = v1.placeholder(tf.float32, [1, 65, 65, 3], name="ImageTensor")
        with v1.variable_scope("xception", use_resource=False):
            h = conv2d(x, 16, 3, 2, activation=tf.nn.relu, name="entry_conv")  # 33
            h = sep(sep(h, 32, 1, "block1_sep1"), 32, 1, "block1_sep2") + conv2d(h, 32, 1, name="block1_proj")
            h = sep(sep(h, 48, 1, "block2_sep1"), 48, 2, "block2_sep2") + conv2d(h, 48, 1, 2, name="block2_proj")  # 17
        with v1.variable_scope("aspp", use_resource=False):
            pool = conv2d(tf.reduce_mean(h, [1, 2], keepdims=True), 32, 1, activation=tf.nn.relu, name="image_pooling")
            pool = v1.image.resize_bilinear(pool, [17, 17], align_corners=True)
            h = tf.concat([conv2d(h, 32, 1, activation=tf.nn.relu, name="aspp0"), atrous(h, 32, 2, "aspp1"),
                           atrous(h, 32, 4, "aspp2"), pool], axis=3)
            logits = conv2d(conv2d(h, 32, 1, activation=tf.nn.relu, name="concat_projection"), 6, 1, name="logits")
        logits = v1.image.resize_bilinear(logits, [65, 65], align_corners=True, name="ResizeBilinear_logits")
        tf.argmax(logits, axis=3, name="SemanticPredictions")
    _freeze(out, build)


OUTPUTS["s36_deeplab_xception_separable_aspp_frozen"] = ["ResizeBilinear_logits", "SemanticPredictions"]


@model("s36_retrain_decode_jpeg_bottleneck_frozen", FROZEN, "image_retraining/retrain.py-style graph: scalar string JPEG placeholder 'DecodeJpeg/contents' -> tf.io.decode_jpeg(channels=3) -> cast, expand_dims, tf.compat.v1.image.resize_bilinear to 48x48, (x - 128) / 128 -> small conv base (ref variables, conv + max_pool, 3 layers) -> 'pool_3/_reshape' bottleneck [1,64] -> final_training_ops dense -> softmax 'final_result'; the cross-entropy against a ground-truth placeholder and a GradientDescentOptimizer train step were in the graph and are pruned by convert_variables_to_constants(['final_result'])")
def b_retrain(out):
    def build():
        jpeg = v1.placeholder(tf.string, [], name="DecodeJpeg/contents")
        img = tf.io.decode_jpeg(jpeg, channels=3, name="DecodeJpeg")
        h = v1.image.resize_bilinear(tf.expand_dims(tf.cast(img, tf.float32), 0), [48, 48], name="ResizeBilinear")
        h = (h - 128.0) / 128.0
        with v1.variable_scope("base", use_resource=False):
            for i, f in enumerate((16, 32, 64)):
                h = _pool(conv2d(h, f, 3, activation=tf.nn.relu, name=f"conv{i}"))
        bottleneck = tf.reshape(tf.reduce_mean(h, [1, 2]), [1, 64], name="pool_3/_reshape")
        with v1.variable_scope("final_training_ops", use_resource=False):
            logits = dense(bottleneck, 5, name="final_layer")
        tf.nn.softmax(logits, name="final_result")
        truth = v1.placeholder(tf.float32, [None, 5], name="GroundTruthInput")
        loss = tf.reduce_mean(v1.nn.softmax_cross_entropy_with_logits_v2(labels=truth, logits=logits))
        v1.train.GradientDescentOptimizer(0.01).minimize(loss, name="train_step")
    _freeze(out, build)


OUTPUTS["s36_retrain_decode_jpeg_bottleneck_frozen"] = ["final_result"]
FEEDS["s36_retrain_decode_jpeg_bottleneck_frozen"] = lambda rng: {"DecodeJpeg/contents": _jpeg(rng)}


@model("s36_fcn_conv2d_transpose_resize_nn_frozen", FROZEN, "FCN-8s-style segmenter, fixed input float [1,64,64,3]: VGG-like ref-variable encoder (four conv pairs + max_pool, down to 4x4), 1x1 score layer at 4x4, tf.compat.v1.nn.conv2d_transpose 4x4 stride 2 with a static output_shape [1,8,8,4] fused (add) with a 1x1 score of the 8x8 pool, a second conv2d_transpose to 16x16 fused with the 16x16 pool score, tf.compat.v1.image.resize_nearest_neighbor(align_corners=True) to 64x64; per-pixel softmax 'probabilities' and argmax cast to uint8 'mask'")
def b_fcn(out):
    def up(x, cout, size, name):
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [4, 4, cout, int(x.shape[-1])], initializer=v1.glorot_uniform_initializer())
            return v1.nn.conv2d_transpose(x, w, [1, size, size, cout], [1, 2, 2, 1], "SAME")

    def build():
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="image")
        with v1.variable_scope("fcn8s", use_resource=False):
            h, feats = x, []
            for i, f in enumerate((16, 32, 48, 64)):
                h = conv2d(conv2d(h, f, 3, activation=tf.nn.relu, name=f"conv{i}_1"), f, 3, activation=tf.nn.relu, name=f"conv{i}_2")
                h = _pool(h)
                feats.append(h)
            score = conv2d(h, 4, 1, name="score_fr")  # 4x4
            fuse = up(score, 4, 8, "upscore2") + conv2d(feats[2], 4, 1, name="score_pool4")  # 8x8
            fuse = up(fuse, 4, 16, "upscore4") + conv2d(feats[1], 4, 1, name="score_pool3")  # 16x16
            h = v1.image.resize_nearest_neighbor(fuse, [64, 64], align_corners=True)
        tf.nn.softmax(h, name="probabilities")
        tf.cast(tf.argmax(h, axis=3), tf.uint8, name="mask")
    _freeze(out, build)


OUTPUTS["s36_fcn_conv2d_transpose_resize_nn_frozen"] = ["probabilities", "mask"]


@model("s36_debug_print_assert_check_numerics_frozen", FROZEN, "tabular MLP with its debugging left in the serving path, input float [None,20]: tf.compat.v1.Assert(reduce_all(is_finite(x))) and assert_rank via control_dependencies, tf.compat.v1.Print of the batch mean / max, check_numerics on each hidden layer, a tf.print (PrintV2) of the scores under a control dependency; ref-variable dense 64 / 32 relu, 3-way softmax 'scores' and argmax 'classes'; convert_variables_to_constants keeps the Assert / Print / CheckNumerics nodes")
def b_debug(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 20], name="features")
        finite = v1.Assert(tf.reduce_all(tf.math.is_finite(x)), [tf.shape(x)], name="assert_finite")
        with tf.control_dependencies([finite, v1.assert_rank(x, 2)]):
            x = v1.Print(x, [tf.reduce_mean(x), tf.reduce_max(x)], message="features mean/max: ", first_n=10)
        with v1.variable_scope("mlp", use_resource=False):
            h = v1.check_numerics(dense(x, 64, tf.nn.relu, "h1"), "h1 has NaN")
            h = v1.check_numerics(dense(h, 32, tf.nn.relu, "h2"), "h2 has NaN")
            scores = tf.nn.softmax(dense(h, 3, name="out"))
        with tf.control_dependencies([tf.print("scores:", scores, summarize=3)]):
            tf.identity(scores, name="scores")
        tf.argmax(scores, axis=1, name="classes")
    _freeze(out, build)


OUTPUTS["s36_debug_print_assert_check_numerics_frozen"] = ["scores", "classes"]


@model("s36_device_pinned_gpu_cpu_frozen", FROZEN, "TF1 graph with hard-coded devices kept in the frozen GraphDef (no clear_devices): uint8 input [None,64,64,3] cast / normalized under tf.device('/cpu:0'), conv tower and dense head under tf.device('/gpu:0') and '/device:GPU:0', argmax and softmax under '/job:localhost/replica:0/task:0/device:CPU:0'; ref variables, convert_variables_to_constants -> 'probs', 'label'")
def b_device_frozen(out):
    def build():
        with tf.device("/cpu:0"):
            x = v1.placeholder(tf.uint8, [None, 64, 64, 3], name="input_image")
            h = tf.cast(x, tf.float32) / 255.0 - 0.5
        with v1.variable_scope("net", use_resource=False):
            with tf.device("/gpu:0"):
                for i, f in enumerate((16, 32, 32)):
                    h = _pool(conv2d(h, f, 3, activation=tf.nn.relu, name=f"conv{i}"))
            with tf.device("/device:GPU:0"):
                logits = dense(tf.reshape(h, [-1, 8 * 8 * 32]), 4, name="fc")
        with tf.device("/job:localhost/replica:0/task:0/device:CPU:0"):
            tf.nn.softmax(logits, name="probs")
            tf.argmax(logits, 1, output_type=tf.int32, name="label")
    _freeze(out, build)


OUTPUTS["s36_device_pinned_gpu_cpu_frozen"] = ["probs", "label"]
SOFT.add("s36_device_pinned_gpu_cpu_frozen")


@model("s36_frozen_label_table_init_all_tables", FROZEN, "frozen classifier that returns label strings: ref-variable MLP on float [None,12], top_k(3) class ids cast to int64 and looked up in a tf.compat.v1.lookup.StaticHashTable (KeyValueTensorInitializer int64 -> string, HashTableV2 / LookupTableFindV2) -> 'top_labels', 'top_scores'; frozen with convert_variables_to_constants(['top_labels', 'top_scores', 'init_all_tables']) so the table initializer is kept as a node the user must run first")
def b_table_frozen(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 12], name="x")
        with v1.variable_scope("clf", use_resource=False):
            probs = tf.nn.softmax(dense(dense(x, 32, tf.nn.relu, "h"), 6, name="logits"))
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(
            tf.constant(np.arange(6, dtype=np.int64)), tf.constant(["cat", "dog", "bird", "fish", "horse", "other"])), "unknown")
        scores, idx = tf.nn.top_k(probs, 3)
        tf.identity(scores, name="top_scores")
        tf.identity(table.lookup(tf.cast(idx, tf.int64)), name="top_labels")
    _freeze(out, build, keep=["init_all_tables"])


OUTPUTS["s36_frozen_label_table_init_all_tables"] = ["top_labels", "top_scores"]
INIT["s36_frozen_label_table_init_all_tables"] = ["init_all_tables"]


@model("s36_optimize_for_inference_folded_bn_frozen", FROZEN, "CNN with inference-mode tf.compat.v1.nn.fused_batch_norm (moving mean / variance variables, no training switch), Identity nodes with check_numerics control dependencies, input float [None,48,48,3]; frozen with convert_variables_to_constants and then tensorflow.python.tools.optimize_for_inference_lib.optimize_for_inference(['input'], ['softmax']) which folds the batch norms into the conv weights and strips Identity / CheckNumerics")
def b_ofi(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 48, 48, 3], name="input")
        h = x
        with v1.variable_scope("cnn", use_resource=False):
            for i, f in enumerate((16, 32, 64)):
                h = conv2d(h, f, 3, use_bias=False, name=f"conv{i}")
                with v1.variable_scope(f"bn{i}"):
                    c = int(h.shape[-1])
                    gamma = v1.get_variable("gamma", [c], initializer=v1.random_uniform_initializer(0.5, 1.5))
                    beta = v1.get_variable("beta", [c], initializer=v1.random_normal_initializer(0, 0.1))
                    mean = v1.get_variable("moving_mean", [c], initializer=v1.random_normal_initializer(0, 0.1), trainable=False)
                    var = v1.get_variable("moving_variance", [c], initializer=v1.random_uniform_initializer(0.5, 1.5), trainable=False)
                    h, _, _ = v1.nn.fused_batch_norm(h, gamma, beta, mean, var, epsilon=1e-3, is_training=False)
                h = tf.nn.relu(h)
                with tf.control_dependencies([v1.check_numerics(h, f"relu{i} has NaN")]):
                    h = _pool(tf.identity(h))
            logits = tf.identity(dense(tf.reduce_mean(h, [1, 2]), 7, name="fc"), name="logits")
        tf.nn.softmax(logits, name="softmax")

    def post(gd):
        from tensorflow.python.tools import optimize_for_inference_lib
        return optimize_for_inference_lib.optimize_for_inference(gd, ["input"], ["softmax"], tf.float32.as_datatype_enum)
    _freeze(out, build, post=post)


OUTPUTS["s36_optimize_for_inference_folded_bn_frozen"] = ["softmax"]


# ================================================================================ frozen sequence / detection graphs

@model("s36_gru_scan_cfv2_frozen_batch1", FROZEN, "sensor-sequence regressor, fixed input float [1,30,8]: hand-written GRU cell (get_variable kernel / bias, resource variables) run over time-major input with tf.compat.v1.scan (control flow v2 While in the frozen graph), last hidden state -> dense 16 relu -> dense 1 'prediction' plus the whole hidden sequence 'hidden_seq'; convert_variables_to_constants")
def b_gru_scan(out):
    def build():
        x = v1.placeholder(tf.float32, [1, 30, 8], name="sequence")
        cell = _Cell(32, "gru", "gru_cell")
        with v1.variable_scope("rnn"):
            hs = v1.scan(lambda h, xt: cell(xt, h)[0], tf.transpose(x, [1, 0, 2]), initializer=tf.zeros([1, 32]))
            pred = dense(dense(hs[-1], 16, tf.nn.relu, "fc1"), 1, name="fc2")
        tf.identity(pred, name="prediction")
        tf.transpose(hs, [1, 0, 2], name="hidden_seq")
    _freeze(out, build)


OUTPUTS["s36_gru_scan_cfv2_frozen_batch1"] = ["prediction", "hidden_seq"]


@model("s36_lstm_while_loop_cfv1_tensorarray_frozen", FROZEN, "LSTM written as a raw tf.compat.v1.while_loop with TensorArrays (TensorArrayV3 read / write / stack) built with control flow v2 disabled (Enter / Exit / Merge / Switch / NextIteration / LoopCond in the frozen graph), ref-variable LSTM cell weights, input float [1,16,10] -> per-step outputs 'outputs' [1,16,24] and a dense 4-way 'logits' on the last state; convert_variables_to_constants")
def b_lstm_cfv1(out):
    def build():
        x = v1.placeholder(tf.float32, [1, 16, 10], name="inputs")
        cell = _Cell(24, "lstm", "lstm_cell")
        with v1.variable_scope("rnn", use_resource=False):
            xs = tf.TensorArray(tf.float32, size=16).unstack(tf.transpose(x, [1, 0, 2]))
            ys = tf.TensorArray(tf.float32, size=16)

            def body(t, c, h, ys):
                y, (c, h) = cell(xs.read(t), (c, h))
                return t + 1, c, h, ys.write(t, y)
            z = tf.zeros([1, 24])
            _, c, h, ys = v1.while_loop(lambda t, *_: t < 16, body, [tf.constant(0), z, z, ys])
            logits = dense(h, 4, name="logits_fc")
        tf.transpose(ys.stack(), [1, 0, 2], name="outputs")
        tf.identity(logits, name="logits")
    _freeze(out, build, cfv1=True)


OUTPUTS["s36_lstm_while_loop_cfv1_tensorarray_frozen"] = ["outputs", "logits"]


@model("s36_ssd_lite_anchors_nms_frozen", FROZEN, "SSD-lite detector, fixed input float [1,64,64,3]: MobileNet-like depthwise backbone (inference BN) with 8x8 and 4x4 feature maps, separable box / class heads, constant anchor grid (3 aspect ratios), box decoding with variances (exp of scaled h / w), sigmoid class scores, max over classes, tf.image.non_max_suppression (NonMaxSuppressionV3, 10 boxes, IoU 0.5), tf.gather and tf.pad to a fixed 10 -> 'detection_boxes' [1,10,4], 'detection_scores', 'detection_classes', 'num_detections'")
def b_ssd(out):
    def anchors(size, scale):
        cy, cx = np.meshgrid((np.arange(size) + 0.5) / size, (np.arange(size) + 0.5) / size, indexing="ij")
        a = [np.stack([cy, cx, np.full_like(cy, scale * np.sqrt(r)), np.full_like(cy, scale / np.sqrt(r))], -1)
             for r in (1.0, 2.0, 0.5)]
        return np.stack(a, 2).reshape(-1, 4).astype("float32")

    def head(h, n, name):
        with v1.variable_scope(name):
            dw = v1.get_variable("depthwise", [3, 3, int(h.shape[-1]), 1], initializer=v1.glorot_uniform_initializer())
            pw = v1.get_variable("pointwise", [1, 1, int(h.shape[-1]), n], initializer=v1.glorot_uniform_initializer())
            return v1.nn.separable_conv2d(h, dw, pw, [1, 1, 1, 1], "SAME")

    def build():
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="image_tensor")
        with v1.variable_scope("FeatureExtractor", use_resource=False):
            with v1.variable_scope("stage1"):
                f1 = _mobilenet_v1(x, False, [(1, 2), (2, 2), (2, 1)], depth=8)  # 8x8
            with v1.variable_scope("stage2"):
                f2 = _mobilenet_v1(f1, False, [(1, 1)], depth=32)  # 4x4
        with v1.variable_scope("BoxPredictor", use_resource=False):
            boxes = tf.concat([tf.reshape(head(f, 12, f"box_{i}"), [1, -1, 4]) for i, f in enumerate((f1, f2))], 1)
            cls = tf.concat([tf.reshape(head(f, 9, f"cls_{i}"), [1, -1, 3]) for i, f in enumerate((f1, f2))], 1)
        a = tf.constant(np.concatenate([anchors(8, 0.2), anchors(4, 0.5)]))
        yx = boxes[0, :, :2] * 0.1 * a[:, 2:] + a[:, :2]
        hw = tf.exp(boxes[0, :, 2:] * 0.2) * a[:, 2:]
        decoded = tf.concat([yx - hw / 2, yx + hw / 2], 1)
        scores = tf.sigmoid(cls[0])
        best, label = tf.reduce_max(scores, 1), tf.argmax(scores, 1)
        keep = tf.image.non_max_suppression(decoded, best, 10, iou_threshold=0.5)
        n = tf.shape(keep)[0]
        pad = [[0, 10 - n]]
        tf.expand_dims(tf.pad(tf.gather(decoded, keep), pad + [[0, 0]]), 0, name="detection_boxes")
        tf.expand_dims(tf.pad(tf.gather(best, keep), pad), 0, name="detection_scores")
        tf.expand_dims(tf.pad(tf.cast(tf.gather(label, keep), tf.float32) + 1.0, pad), 0, name="detection_classes")
        tf.cast(tf.expand_dims(n, 0), tf.float32, name="num_detections")
    _freeze(out, build)


OUTPUTS["s36_ssd_lite_anchors_nms_frozen"] = ["detection_boxes", "detection_scores", "detection_classes", "num_detections"]


@model("s36_fast_style_transfer_instance_norm_frozen", FROZEN, "Johnson et al. fast style transfer (the TF1 'fast-style-transfer' repo graph), fixed input float [1,64,64,3] in 0..255: conv 9x9, two stride-2 convs, three residual blocks, instance norm from tf.nn.moments over H,W with scale / shift variables, two tf.compat.v1.nn.conv2d_transpose upsamplings whose output_shape is built from tf.shape at run time (tf.stack), conv 9x9, tanh * 150 + 127.5 'stylized'; ref variables with truncated_normal init; convert_variables_to_constants")
def b_style(out):
    def inorm(x, name):
        with v1.variable_scope(name):
            c = int(x.shape[-1])
            m, v = tf.nn.moments(x, [1, 2], keepdims=True)
            shift = v1.get_variable("shift", [c], initializer=v1.zeros_initializer())
            scale = v1.get_variable("scale", [c], initializer=v1.ones_initializer())
            return scale * (x - m) / tf.sqrt(v + 1e-3) + shift

    def conv(x, f, k, s, name, relu=True):
        h = inorm(conv2d(x, f, k, s, use_bias=False, name=name, init=v1.truncated_normal_initializer(stddev=0.1)), name + "_in")
        return tf.nn.relu(h) if relu else h

    def tconv(x, f, name):
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [3, 3, f, int(x.shape[-1])], initializer=v1.truncated_normal_initializer(stddev=0.1))
            s = tf.shape(x)
            y = v1.nn.conv2d_transpose(x, w, tf.stack([s[0], s[1] * 2, s[2] * 2, f]), [1, 2, 2, 1], "SAME")
            return tf.nn.relu(inorm(tf.reshape(y, [-1, int(x.shape[1]) * 2, int(x.shape[2]) * 2, f]), "in"))

    def build():
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="img_placeholder")
        with v1.variable_scope("transform", use_resource=False):
            h = conv(conv(conv(x / 255.0, 16, 9, 1, "conv1"), 32, 3, 2, "conv2"), 48, 3, 2, "conv3")
            for i in range(3):
                h = h + conv(conv(h, 48, 3, 1, f"res{i}_a"), 48, 3, 1, f"res{i}_b", relu=False)
            h = tconv(tconv(h, 32, "deconv1"), 16, "deconv2")
            h = conv(h, 3, 9, 1, "conv_out", relu=False)
        tf.add(tf.nn.tanh(h) * 150.0, 127.5, name="stylized")
    _freeze(out, build)


OUTPUTS["s36_fast_style_transfer_instance_norm_frozen"] = ["stylized"]
FEEDS["s36_fast_style_transfer_instance_norm_frozen"] = lambda rng: {"img_placeholder": rng.random((1, 64, 64, 3)) * 255}


@model("s36_bilstm_crf_viterbi_seq_len_frozen", FROZEN, "NER tagger in the sequence_tagging (guillaumegenthial) style: word ids int32 [None,None] + sequence_lengths int32 [None]; embedding_lookup on a ref-variable table (vocab 300, dim 32), tf.compat.v1.nn.bidirectional_dynamic_rnn with hand-written LSTM cells (their variables created inside the While body, so resource variables) and sequence_length (control flow v2 While), dense projection to 7 tags 'logits', transition matrix variable, Viterbi decode written with tf.compat.v1.scan forward (max + argmax backpointers) and a reverse scan, masked by tf.sequence_mask -> 'viterbi_tags' int32 and 'best_score'")
def b_crf(out):
    def build():
        ids = v1.placeholder(tf.int32, [None, None], name="word_ids")
        lens = v1.placeholder(tf.int32, [None], name="sequence_lengths")
        with v1.variable_scope("words", use_resource=False):
            emb = v1.nn.embedding_lookup(v1.get_variable("_word_embeddings", [300, 32]), ids)
        with v1.variable_scope("bi-lstm", use_resource=False):
            (fw, bw), _ = v1.nn.bidirectional_dynamic_rnn(_Cell(32, "lstm", "fw"), _Cell(32, "lstm", "bw"), emb,
                                                          sequence_length=lens, dtype=tf.float32)
            h = tf.concat([fw, bw], -1)
        with v1.variable_scope("proj", use_resource=False):
            n = tf.shape(h)[1]
            logits = tf.reshape(dense(tf.reshape(h, [-1, 64]), 7, name="W"), [-1, n, 7])
            trans = v1.get_variable("transitions", [7, 7])
        logits = tf.identity(logits, name="logits")
        unary = tf.transpose(logits, [1, 0, 2])  # [T,B,7]

        def fwd(carry, u):
            score, _ = carry
            cand = score[:, :, None] + trans[None]
            return tf.reduce_max(cand, 1) + u, tf.argmax(cand, 1, output_type=tf.int32)
        scores, bps = v1.scan(fwd, unary[1:], initializer=(unary[0], tf.zeros_like(unary[0], tf.int32)))
        last = tf.argmax(scores[-1], 1, output_type=tf.int32)
        back = v1.scan(lambda t, bp: tf.gather(bp, t, batch_dims=1), bps[::-1], initializer=last)
        tags = tf.concat([back[::-1], last[None]], 0)
        tags = tf.transpose(tags, [1, 0]) * tf.cast(tf.sequence_mask(lens, n), tf.int32)
        tf.identity(tags, name="viterbi_tags")
        tf.reduce_max(scores[-1], 1, name="best_score")
    _freeze(out, build)


OUTPUTS["s36_bilstm_crf_viterbi_seq_len_frozen"] = ["logits", "viterbi_tags", "best_score"]
FEEDS["s36_bilstm_crf_viterbi_seq_len_frozen"] = lambda rng: {"word_ids": rng.integers(1, 300, (3, 12)),
                                                               "sequence_lengths": [12, 7, 3]}


# ================================================================================ unfrozen GraphDefs

@model("s36_unfrozen_mlp_adam_saver_summaries", UNFROZEN, "graph.pb as a TF1 training script wrote it with tf.io.write_graph (binary, never frozen): VariableV2 MLP float [None,16] -> dense 64 / 32 relu -> 3 'probabilities' and 'predicted_class', plus labels placeholder, sparse softmax cross-entropy, global_step, AdamOptimizer.minimize (ApplyAdam, beta1_power / beta2_power and slot variables), tf.compat.v1.summary scalar / histogram + merge_all, a tf.compat.v1.train.Saver (save / restore_all nodes); weights only from the initializers, so the graph runs after 'init'")
def b_unfrozen_mlp(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 16], name="x")
        y = v1.placeholder(tf.int64, [None], name="labels")
        with v1.variable_scope("model", use_resource=False):
            logits = dense(dense(dense(x, 64, tf.nn.relu, "fc1"), 32, tf.nn.relu, "fc2"), 3, name="out")
        probs = tf.nn.softmax(logits, name="probabilities")
        tf.argmax(probs, 1, name="predicted_class")
        loss = v1.losses.sparse_softmax_cross_entropy(y, logits)
        v1.summary.scalar("loss", loss)
        v1.summary.histogram("logits", logits)
        v1.summary.merge_all()
        with v1.variable_scope("train", use_resource=False):
            gs = v1.get_variable("global_step", [], tf.int64, initializer=v1.zeros_initializer(), trainable=False)
            v1.train.AdamOptimizer(1e-3).minimize(loss, global_step=gs, name="train_op")
        v1.train.Saver()
    _write_unfrozen(out, build)


OUTPUTS["s36_unfrozen_mlp_adam_saver_summaries"] = ["probabilities", "predicted_class"]
INIT["s36_unfrozen_mlp_adam_saver_summaries"] = ["init"]


@model("s36_unfrozen_cnn_ema_shadow_global_step", UNFROZEN, "unfrozen CIFAR-10 tutorial (cifar10.py) style graph written with tf.io.write_graph: VariableV2 conv 5x5 + max_pool + lrn twice, local3 / local4 dense, softmax_linear 'logits' and 'softmax' on float [None,24,24,3]; built with control flow v2 disabled (the shadow initializers use v1 cond); global_step (a resource variable from get_or_create_global_step), exponential_decay learning rate, GradientDescentOptimizer apply_gradients, ExponentialMovingAverage(0.9999, global_step) shadow variables with the apply op grouped into 'train_op' (serving reads the raw weights, not the shadows); runs after 'init'")
def b_unfrozen_cifar(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 24, 24, 3], name="images")
        y = v1.placeholder(tf.int32, [None], name="labels")
        with v1.variable_scope("cifar10", use_resource=False):
            h = v1.nn.lrn(_pool(conv2d(x, 32, 5, activation=tf.nn.relu, name="conv1"), 3, 2), 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75)
            h = _pool(v1.nn.lrn(conv2d(h, 32, 5, activation=tf.nn.relu, name="conv2"), 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75), 3, 2)
            h = dense(dense(tf.reshape(h, [-1, 6 * 6 * 32]), 96, tf.nn.relu, "local3"), 48, tf.nn.relu, "local4")
            logits = dense(h, 10, name="softmax_linear")
        logits = tf.identity(logits, name="logits")
        tf.nn.softmax(logits, name="softmax")
        gs = v1.train.get_or_create_global_step()
        lr = v1.train.exponential_decay(0.1, gs, 1000, 0.1, staircase=True)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
        opt = v1.train.GradientDescentOptimizer(lr)
        apply = opt.apply_gradients(opt.compute_gradients(loss), global_step=gs)
        ema = v1.train.ExponentialMovingAverage(0.9999, gs)
        with tf.control_dependencies([apply]):
            tf.group(ema.apply(v1.trainable_variables()), name="train_op")
    _write_unfrozen(out, build, cfv1=True)


OUTPUTS["s36_unfrozen_cnn_ema_shadow_global_step"] = ["logits", "softmax"]
INIT["s36_unfrozen_cnn_ema_shadow_global_step"] = ["init"]


@model("s36_unfrozen_dynamic_rnn_cfv1_seq_len", UNFROZEN, "unfrozen TF1 text classifier graph (tf.io.write_graph) built with control flow v2 disabled: token ids int32 [None,20] + lengths int32 [None], VariableV2 embedding (vocab 500, dim 24), tf.compat.v1.nn.dynamic_rnn with a hand-written GRU cell and sequence_length (v1 while loop: Enter / Exit / NextIteration / TensorArrayV3), dense 2 'logits' / 'probs' on the final state, RMSPropOptimizer train op with clip_by_global_norm; runs after 'init'")
def b_unfrozen_rnn(out):
    def build():
        ids = v1.placeholder(tf.int32, [None, 20], name="token_ids")
        lens = v1.placeholder(tf.int32, [None], name="lengths")
        y = v1.placeholder(tf.int32, [None], name="labels")
        with v1.variable_scope("textrnn", use_resource=False):
            emb = v1.nn.embedding_lookup(v1.get_variable("embedding", [500, 24]), ids)
            _, state = v1.nn.dynamic_rnn(_Cell(32, "gru", "gru"), emb, sequence_length=lens, dtype=tf.float32)
            logits = dense(state, 2, name="fc")
        logits = tf.identity(logits, name="logits")
        tf.nn.softmax(logits, name="probs")
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
        tvars = v1.trainable_variables()
        grads, _ = tf.clip_by_global_norm(tf.gradients(loss, tvars), 5.0)
        v1.train.RMSPropOptimizer(1e-3).apply_gradients(zip(grads, tvars), name="train_op")
    _write_unfrozen(out, build, cfv1=True)


OUTPUTS["s36_unfrozen_dynamic_rnn_cfv1_seq_len"] = ["logits", "probs"]
INIT["s36_unfrozen_dynamic_rnn_cfv1_seq_len"] = ["init"]
FEEDS["s36_unfrozen_dynamic_rnn_cfv1_seq_len"] = {"token_ids": (1, 500), "lengths": (1, 21)}


# ================================================================================ SavedModels: simple_save

@model("s36_simple_save_wide_deep_hash_buckets", SIMPLE, "hand-written wide & deep census model (what DNNLinearCombinedClassifier built), tf.compat.v1.saved_model.simple_save with five [None] inputs: country / occupation strings hashed with string_to_hash_bucket_fast (100 / 200 buckets) and their string_join cross hashed to 1000, age bucketized with the Bucketize op, hours float, education_num int64 one_hot(16); wide part = sums of embedding_lookup'd 1-d weights (ref variables), deep part = 8-d hashed embeddings + scaled numerics -> dense 32 / 16 -> 1; sigmoid 'probabilities' [None,1] and int64 'classes'; an FtrlOptimizer (wide) + AdagradOptimizer (deep) train op and global_step increment remain in the graph off the serving path")
def b_wide_deep(out):
    def build():
        country = v1.placeholder(tf.string, [None], name="country")
        occupation = v1.placeholder(tf.string, [None], name="occupation")
        age = v1.placeholder(tf.float32, [None], name="age")
        hours = v1.placeholder(tf.float32, [None], name="hours_per_week")
        edu = v1.placeholder(tf.int64, [None], name="education_num")
        cid = v1.string_to_hash_bucket_fast(country, 100)
        oid = v1.string_to_hash_bucket_fast(occupation, 200)
        xid = v1.string_to_hash_bucket_fast(tf.strings.join([country, occupation], separator="_X_"), 1000)
        aid = tf.raw_ops.Bucketize(input=age, boundaries=[18.0, 25.0, 30.0, 35.0, 40.0, 45.0, 50.0, 55.0, 60.0, 65.0])
        with v1.variable_scope("linear", use_resource=False):
            wide = tf.add_n([v1.nn.embedding_lookup(v1.get_variable(f"{n}/weights", [k, 1], initializer=v1.zeros_initializer()), i)
                             for n, k, i in (("country", 100, cid), ("occupation", 200, oid), ("country_X_occupation", 1000, xid),
                                             ("age_buckets", 11, aid))])
            wide = wide + v1.get_variable("bias_weights", [1], initializer=v1.zeros_initializer())
        with v1.variable_scope("dnn", use_resource=False):
            deep = tf.concat([v1.nn.embedding_lookup(v1.get_variable("country_embedding", [100, 8]), cid),
                              v1.nn.embedding_lookup(v1.get_variable("occupation_embedding", [200, 8]), oid),
                              tf.one_hot(tf.clip_by_value(edu, 0, 15), 16),
                              tf.stack([(age - 38.0) / 13.0, (hours - 40.0) / 12.0], 1)], 1)
            deep = dense(dense(dense(deep, 32, tf.nn.relu, "hiddenlayer_0"), 16, tf.nn.relu, "hiddenlayer_1"), 1, name="logits")
        logits = wide + deep
        probs = tf.sigmoid(logits, name="probabilities")
        classes = tf.cast(probs > 0.5, tf.int64, name="classes")
        label = v1.placeholder(tf.float32, [None, 1], name="label")
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=label, logits=logits))
        gs = v1.train.get_or_create_global_step()
        tf.group(v1.train.FtrlOptimizer(0.1).minimize(loss, var_list=v1.trainable_variables("linear")),
                 v1.train.AdagradOptimizer(0.05).minimize(loss, var_list=v1.trainable_variables("dnn")),
                 v1.assign_add(gs, 1), name="train_op")
        return ({"country": country, "occupation": occupation, "age": age, "hours_per_week": hours, "education_num": edu},
                {"probabilities": probs, "classes": classes})
    _simple_save(out, build)


FEEDS["s36_simple_save_wide_deep_hash_buckets"] = lambda rng: {
    "country": rng.choice(["United-States", "Mexico", "India", "Germany"], 4), "age": rng.uniform(17, 80, 4),
    "occupation": rng.choice(["Tech-support", "Sales", "Exec-managerial", "Craft-repair"], 4),
    "hours_per_week": rng.uniform(10, 60, 4), "education_num": rng.integers(1, 16, 4)}


@model("s36_simple_save_word2vec_partitioned_nce", SIMPLE, "word2vec skip-gram (the TF1 word2vec_basic tutorial) with its embedding split by fixed_size_partitioner(4) into ref-variable shards: word_ids int64 [None] -> tf.compat.v1.nn.embedding_lookup(partition_strategy='div') over the PartitionedVariable, l2-normalized 'embedding' [None,32], cosine similarity against the concatenated normalized table (1000 words) and top_k(8) -> 'nearest_ids' int32 / 'similarity'; nce_loss with nce_weights / biases and a GradientDescentOptimizer train op are left in the graph; simple_save")
def b_word2vec(out):
    def build():
        ids = v1.placeholder(tf.int64, [None], name="word_ids")
        with v1.variable_scope("word2vec", use_resource=False, partitioner=v1.fixed_size_partitioner(4)):
            emb = v1.get_variable("embeddings", [1000, 32], initializer=v1.random_uniform_initializer(-1.0, 1.0))
        with v1.variable_scope("nce", use_resource=False):
            nce_w = v1.get_variable("nce_weights", [1000, 32], initializer=v1.truncated_normal_initializer(stddev=0.18))
            nce_b = v1.get_variable("nce_biases", [1000], initializer=v1.zeros_initializer())
        embed = v1.nn.embedding_lookup(emb, ids, partition_strategy="div")
        labels = v1.placeholder(tf.int64, [None, 1], name="train_labels")
        loss = tf.reduce_mean(v1.nn.nce_loss(nce_w, nce_b, labels, embed, num_sampled=16, num_classes=1000))
        v1.train.GradientDescentOptimizer(1.0).minimize(loss, name="train_op")
        full = tf.concat(list(emb), 0)
        normalized = full / tf.sqrt(tf.reduce_sum(tf.square(full), 1, keepdims=True))
        q = tf.nn.l2_normalize(embed, 1)
        sim, nearest = tf.nn.top_k(tf.matmul(q, normalized, transpose_b=True), 8)
        return {"word_ids": ids}, {"embedding": q, "nearest_ids": nearest, "similarity": sim}
    _simple_save(out, build)


FEEDS["s36_simple_save_word2vec_partitioned_nce"] = {"word_ids": (0, 1000)}


@model("s36_simple_save_bn_is_training_required_input", SIMPLE, "TF1 CNN whose simple_save signature exposes the training switch as a required input: images float [None,32,32,3] and is_training bool [] placeholder; three layers-style conv2d + batch_normalization(training=is_training, fused) via tf.cond (control flow v2 If) + relu + max_pool, dense 64, dropout inside tf.cond(is_training), dense 10 'logits' / 'probabilities'; resource variables; UPDATE_OPS moving-average assigns as control dependencies of an AdamOptimizer train op")
def b_bn_required(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        training = v1.placeholder(tf.bool, [], name="is_training")
        with v1.variable_scope("cnn"):
            h = x
            for i, f in enumerate((16, 32, 64)):
                h = _pool(tf.nn.relu(batch_normalization(conv2d(h, f, 3, use_bias=False, name=f"conv{i}"), training, f"bn{i}")))
            h = dense(tf.reshape(h, [-1, 4 * 4 * 64]), 64, tf.nn.relu, "fc1")
            h = v1.cond(training, lambda: v1.nn.dropout(h, rate=0.5), lambda: tf.identity(h))
            logits = dense(h, 10, name="fc2")
        probs = tf.nn.softmax(logits)
        labels = v1.placeholder(tf.int32, [None], name="labels")
        loss = v1.losses.sparse_softmax_cross_entropy(labels, logits)
        with tf.control_dependencies(v1.get_collection(v1.GraphKeys.UPDATE_OPS)):
            v1.train.AdamOptimizer(1e-3).minimize(loss, name="train_op")
        return {"images": x, "is_training": training}, {"logits": logits, "probabilities": probs}
    _simple_save(out, build)


@model("s36_simple_save_kim_cnn_text_keep_prob", SIMPLE, "Kim-CNN sentence classifier as the dennybritz cnn-text-classification-tf repo wrote it: input_x int32 [None,56] word ids, embedding tf.compat.v1.Variable(random_uniform, use_resource=False) + embedding_lookup + expand_dims, conv-maxpool-3/4/5 (conv2d VALID [k,64,1,32] + relu + max_pool over all positions), concat, dropout with dropout_keep_prob placeholder_with_default(1.0) (not in the signature), xw_plus_b 'output/scores' and argmax 'output/predictions'; l2_loss, a global_step variable and an AdamOptimizer train op in the graph; simple_save")
def b_kim_cnn(out):
    def build():
        x = v1.placeholder(tf.int32, [None, 56], name="input_x")
        keep = v1.placeholder_with_default(1.0, [], name="dropout_keep_prob")
        y = v1.placeholder(tf.float32, [None, 2], name="input_y")
        with tf.name_scope("embedding"):
            W = v1.Variable(v1.random_uniform([5000, 64], -1.0, 1.0), name="W", use_resource=False)
            emb = tf.expand_dims(v1.nn.embedding_lookup(W, x), -1)
        pooled = []
        for k in (3, 4, 5):
            with tf.name_scope(f"conv-maxpool-{k}"):
                w = v1.Variable(v1.truncated_normal([k, 64, 1, 32], stddev=0.1), name="W", use_resource=False)
                b = v1.Variable(tf.constant(0.1, shape=[32]), name="b", use_resource=False)
                h = tf.nn.relu(tf.nn.bias_add(v1.nn.conv2d(emb, w, [1, 1, 1, 1], "VALID"), b), name="relu")
                pooled.append(v1.nn.max_pool(h, [1, 56 - k + 1, 1, 1], [1, 1, 1, 1], "VALID", name="pool"))
        h = tf.reshape(tf.concat(pooled, 3), [-1, 96])
        with tf.name_scope("dropout"):
            h = v1.nn.dropout(h, keep_prob=keep)
        with tf.name_scope("output"):
            W2 = v1.Variable(v1.truncated_normal([96, 2], stddev=0.1), name="W", use_resource=False)
            b2 = v1.Variable(tf.constant(0.1, shape=[2]), name="b", use_resource=False)
            scores = v1.nn.xw_plus_b(h, W2, b2, name="scores")
            predictions = tf.argmax(scores, 1, name="predictions")
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=scores)) + 0.1 * tf.nn.l2_loss(W2)
        gs = v1.Variable(0, name="global_step", trainable=False, use_resource=False)
        v1.train.AdamOptimizer(1e-3).minimize(loss, global_step=gs)
        return {"input_x": x}, {"scores": scores, "predictions": predictions}
    _simple_save(out, build)


FEEDS["s36_simple_save_kim_cnn_text_keep_prob"] = {"input_x": (0, 5000)}


@model("s36_simple_save_ctc_greedy_speech", SIMPLE, "DeepSpeech-like TF1 acoustic model: features float [None,None,20] (batch-major filterbanks) + seq_len int32 [None]; tf.compat.v1.nn.conv1d 5-wide 32 relu, bidirectional_dynamic_rnn with hand-written GRU cells and sequence_length, dense to 29 labels, transposed time-major, tf.compat.v1.nn.ctc_greedy_decoder -> SparseTensor densified with tf.sparse.to_dense(-1) 'decoded' int64 [None,None] and 'neg_sum_logits'; a ctc_loss on a sparse_placeholder with a MomentumOptimizer train op in the graph; ref variables for the conv / output layers, resource variables for the GRU cells (created inside the control flow v2 loop body); simple_save")
def b_ctc(out):
    def build():
        feats = v1.placeholder(tf.float32, [None, None, 20], name="features")
        seq_len = v1.placeholder(tf.int32, [None], name="seq_len")
        with v1.variable_scope("acoustic", use_resource=False):
            w = v1.get_variable("conv_kernel", [5, 20, 32])
            h = tf.nn.relu(v1.nn.conv1d(feats, w, 1, "SAME"))
            (fw, bw), _ = v1.nn.bidirectional_dynamic_rnn(_Cell(32, "gru", "fw"), _Cell(32, "gru", "bw"), h,
                                                          sequence_length=seq_len, dtype=tf.float32)
            n = tf.shape(feats)[1]
            logits = tf.reshape(dense(tf.reshape(tf.concat([fw, bw], -1), [-1, 64]), 29, name="output"), [-1, n, 29])
        logits_tm = tf.transpose(logits, [1, 0, 2])
        (decoded,), neg = v1.nn.ctc_greedy_decoder(logits_tm, seq_len)
        dense_decoded = tf.sparse.to_dense(decoded, default_value=-1)
        targets = v1.sparse_placeholder(tf.int32, name="targets")
        loss = tf.reduce_mean(v1.nn.ctc_loss(targets, logits_tm, seq_len))
        v1.train.MomentumOptimizer(1e-3, 0.9).minimize(loss, name="train_op")
        return {"features": feats, "seq_len": seq_len}, {"decoded": dense_decoded, "neg_sum_logits": neg, "logits": logits}
    _simple_save(out, build)


FEEDS["s36_simple_save_ctc_greedy_speech"] = lambda rng: {"features": rng.random((2, 40, 20)), "seq_len": [40, 25]}


# ================================================================================ SavedModels: SavedModelBuilder

@model("s36_builder_base64_jpeg_classify_example_labels", BUILDER, "TF Serving image classifier with two signatures: 'predict_images' takes image_b64 string [None] (web-safe base64 JPEGs, tf.io.decode_base64) and 'serving_default' is a classify signature on serialized tf.Examples (parse_example of image/encoded); both decode_jpeg + convert_image_dtype + resize_bilinear 64x64 inside tf.map_fn, a shared ref-variable CNN (AUTO_REUSE), top_k(3) ids mapped to label strings through a StaticHashTable (HashTableV2) initialized by legacy_init_op; outputs classes (strings) / scores / probabilities")
def b_b64_classify(out):
    def preprocess(jpeg):
        img = tf.image.convert_image_dtype(tf.io.decode_jpeg(jpeg, channels=3), tf.float32)
        return v1.image.resize_bilinear(img[None], [64, 64])[0]

    def classify(images, table):
        with v1.variable_scope("classifier", reuse=v1.AUTO_REUSE, use_resource=False):
            h = images
            for i, f in enumerate((16, 32, 64)):
                h = _pool(conv2d(h, f, 3, activation=tf.nn.relu, name=f"conv{i}"))
            probs = tf.nn.softmax(dense(tf.reduce_mean(h, [1, 2]), 5, name="logits"))
        scores, idx = tf.nn.top_k(probs, 3)
        return table.lookup(tf.cast(idx, tf.int64)), scores, probs

    def build():
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(
            tf.constant(np.arange(5, dtype=np.int64)), tf.constant(["daisy", "dandelion", "roses", "sunflowers", "tulips"])),
            "unknown")
        b64 = v1.placeholder(tf.string, [None], name="image_b64")
        classes, scores, probs = classify(tf.map_fn(lambda b: preprocess(tf.io.decode_base64(b)), b64,
                                                    fn_output_signature=tf.float32), table)
        examples = v1.placeholder(tf.string, [None], name="tf_example")
        parsed = v1.parse_example(examples, {"image/encoded": v1.FixedLenFeature([], tf.string)})
        classes2, scores2, _ = classify(tf.map_fn(preprocess, parsed["image/encoded"], fn_output_signature=tf.float32), table)
        return {"predict_images": _predict({"image_b64": b64}, {"classes": classes, "scores": scores, "probabilities": probs}),
                "serving_default": v1.saved_model.classification_signature_def(examples, classes2, scores2)}
    _builder(out, build)


FEEDS["s36_builder_base64_jpeg_classify_example_labels"] = lambda rng: {
    "predict_images/image_b64": [base64.urlsafe_b64encode(_jpeg(rng)), base64.urlsafe_b64encode(_jpeg(rng, 30, 30))],
    "serving_default/inputs": [_example({"image/encoded": [_jpeg(rng)]}), _example({"image/encoded": [_jpeg(rng, 64, 40)]})]}


@model("s36_builder_classify_regress_predict_main_op", BUILDER, "tabular model as Estimator export_savedmodel laid it out, SavedModelBuilder with three signatures: 'serving_default' classify and 'regress' on serialized tf.Examples (parse_example of six float features + a 'region' string), 'predict_raw' on numeric float [None,6] + region string [None]; region -> StaticVocabularyTable (4 words + 1 OOV bucket) -> one_hot, shared ref-variable MLP (AUTO_REUSE) with a 3-class head (classes from a StaticHashTable of class names via top_k) and a regression head [None,1]; tables initialized by main_op = saved_model.main_op.main_op() (local variables + tables)")
def b_tabular(out):
    def head(numeric, region, vocab):
        x = tf.concat([numeric, tf.one_hot(vocab.lookup(region), 5)], 1)
        with v1.variable_scope("dnn", reuse=v1.AUTO_REUSE, use_resource=False):
            h = dense(dense(x, 32, tf.nn.relu, "hidden0"), 16, tf.nn.relu, "hidden1")
            return tf.nn.softmax(dense(h, 3, name="class_logits")), dense(h, 1, name="value")

    def build():
        vocab = v1.lookup.StaticVocabularyTable(v1.lookup.KeyValueTensorInitializer(
            ["north", "south", "east", "west"], tf.constant([0, 1, 2, 3], tf.int64)), num_oov_buckets=1)
        names = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(
            tf.constant([0, 1, 2], tf.int64), ["low", "medium", "high"]), "unknown")
        examples = v1.placeholder(tf.string, [None], name="input_example_tensor")
        spec = {f"f{i}": v1.FixedLenFeature([], tf.float32, default_value=0.0) for i in range(6)}
        spec["region"] = v1.FixedLenFeature([], tf.string, default_value="")
        parsed = v1.parse_example(examples, spec)
        probs, value = head(tf.stack([parsed[f"f{i}"] for i in range(6)], 1), parsed["region"], vocab)
        scores, idx = tf.nn.top_k(probs, 3)
        numeric = v1.placeholder(tf.float32, [None, 6], name="numeric")
        region = v1.placeholder(tf.string, [None], name="region")
        probs2, value2 = head(numeric, region, vocab)
        sm = v1.saved_model
        return {"serving_default": sm.classification_signature_def(examples, names.lookup(tf.cast(idx, tf.int64)), scores),
                "regress": sm.regression_signature_def(examples, value),
                "predict_raw": _predict({"numeric": numeric, "region": region}, {"probabilities": probs2, "value": value2})}
    _builder(out, build, init_op="main")


FEEDS["s36_builder_classify_regress_predict_main_op"] = lambda rng: {
    "inputs": [_example({**{f"f{i}": [float(v)] for i, v in enumerate(rng.random(6))}, "region": [r]})
               for r in (b"north", b"west", b"nowhere")],
    "predict_raw/region": ["south", "mars"]}


@model("s36_builder_vocab_asset_text_classifier", BUILDER, "sentence classifier whose vocabularies ship as SavedModel assets: sentences string [None] -> tf.strings.lower, tf.strings.split (ragged) -> to_tensor padded with '' -> StaticVocabularyTable(TextFileInitializer(vocab.txt), 5 OOV buckets) ids -> ref-variable embedding (45 x 32) masked mean -> dense 32 relu -> 4-class 'probabilities', argmax mapped to a label through StaticHashTable(TextFileInitializer(labels.txt, line number -> whole line)) 'label'; vocab.txt / labels.txt registered in ASSET_FILEPATHS and copied to assets/ by SavedModelBuilder, tables initialized by legacy_init_op")
def b_vocab_asset(out):
    words = "the a movie film great good bad terrible plot acting music boring fun love hate story scene actor " \
            "director ending slow fast funny sad best worst ever not very really time money waste again never " \
            "would recommend watch".split()
    tmp = tempfile.mkdtemp(prefix="s36_vocab_")
    vocab_path, labels_path = os.path.join(tmp, "vocab.txt"), os.path.join(tmp, "labels.txt")
    with open(vocab_path, "w") as f:
        f.write("\n".join(words) + "\n")
    with open(labels_path, "w") as f:
        f.write("negative\nneutral\npositive\nspam\n")

    def build():
        ti = v1.lookup.TextFileIndex
        vocab = v1.lookup.StaticVocabularyTable(v1.lookup.TextFileInitializer(
            vocab_path, tf.string, ti.WHOLE_LINE, tf.int64, ti.LINE_NUMBER), num_oov_buckets=5)
        labels = v1.lookup.StaticHashTable(v1.lookup.TextFileInitializer(
            labels_path, tf.int64, ti.LINE_NUMBER, tf.string, ti.WHOLE_LINE), "UNK")
        sentences = v1.placeholder(tf.string, [None], name="sentences")
        tokens = tf.strings.split(tf.strings.lower(sentences)).to_tensor(default_value="")
        ids = vocab.lookup(tokens)
        mask = tf.cast(tf.not_equal(tokens, ""), tf.float32)[..., None]
        with v1.variable_scope("bow", use_resource=False):
            emb = v1.nn.embedding_lookup(v1.get_variable("embedding", [len(words) + 5, 32]), ids)
            h = tf.reduce_sum(emb * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
            probs = tf.nn.softmax(dense(dense(h, 32, tf.nn.relu, "hidden"), 4, name="logits"))
        label = labels.lookup(tf.argmax(probs, 1))
        return {"serving_default": _predict({"sentences": sentences}, {"probabilities": probs, "label": label})}
    try:
        _builder(out, build)
    finally:
        shutil.rmtree(tmp)


FEEDS["s36_builder_vocab_asset_text_classifier"] = {
    "sentences": ["The movie was GREAT fun", "boring plot and terrible acting , never again", "zzz"]}


@model("s36_builder_seq2seq_attention_multi_signature", BUILDER, "GRU encoder-decoder with dot attention exported with three signatures over shared resource variables (AUTO_REUSE): 'encode' (src_ids int32 [None,None] -> memory [None,None,32], state [None,32] via tf.compat.v1.nn.dynamic_rnn with a hand-written GRU cell), 'decode_step' (token int32 [None], state, memory -> logits [None,50], next_state), and 'serving_default' greedy decoding in a tf.compat.v1.while_loop (control flow v2 While, 12 steps from GO id 1) -> output_ids int32 [None,12]")
def b_seq2seq(out):
    V, H = 50, 32

    def scope():
        return v1.variable_scope("seq2seq", reuse=v1.AUTO_REUSE)

    def encode(src):
        with scope():
            x = v1.nn.embedding_lookup(v1.get_variable("embedding", [V, 16]), src)
            return v1.nn.dynamic_rnn(_Cell(H, "gru", "encoder"), x, dtype=tf.float32)

    def step(tok, state, memory):
        with scope():
            x = v1.nn.embedding_lookup(v1.get_variable("embedding", [V, 16]), tok)
            h, _ = _Cell(H, "gru", "decoder")(x, state)
            att = tf.nn.softmax(tf.einsum("bh,bth->bt", h, memory))
            ctx = tf.einsum("bt,bth->bh", att, memory)
            return dense(tf.concat([h, ctx], 1), V, name="projection"), h

    def build():
        src = v1.placeholder(tf.int32, [None, None], name="src_ids")
        memory, state = encode(src)
        tok = v1.placeholder(tf.int32, [None], name="token")
        st = v1.placeholder(tf.float32, [None, H], name="state")
        mem = v1.placeholder(tf.float32, [None, None, H], name="memory")
        logits, nxt = step(tok, st, mem)
        src2 = v1.placeholder(tf.int32, [None, None], name="src_ids_greedy")
        memory2, state2 = encode(src2)
        b = tf.shape(src2)[0]

        def body(t, tok, s, ta):
            lg, s = step(tok, s, memory2)
            tok = tf.argmax(lg, 1, output_type=tf.int32)
            return t + 1, tok, s, ta.write(t, tok)
        _, _, _, ta = v1.while_loop(lambda t, *_: t < 12, body,
                                    [tf.constant(0), tf.fill([b], 1), state2, tf.TensorArray(tf.int32, 12)])
        return {"encode": _predict({"src_ids": src}, {"memory": memory, "state": state}),
                "decode_step": _predict({"token": tok, "state": st, "memory": mem}, {"logits": logits, "next_state": nxt}),
                "serving_default": _predict({"src_ids": src2}, {"output_ids": tf.transpose(ta.stack())})}
    _builder(out, build)


FEEDS["s36_builder_seq2seq_attention_multi_signature"] = {"src_ids": (2, 50), "token": (2, 50)}


@model("s36_builder_device_pinned_clear_devices_false", BUILDER, "SavedModelBuilder export that keeps hard-coded device strings (clear_devices=False): image uint8 [None,None,None,3] of any size cast and tf.compat.v1.image.resize_bilinear to 96x96 under tf.device('/cpu:0'), ref variables and a MobileNet-style body (inference BN) under tf.device('/device:GPU:0'), top_k(5) and softmax under '/job:localhost/replica:0/task:0/device:CPU:0' -> probabilities [None,10], top_ids, top_scores")
def b_device_sm(out):
    def build():
        with tf.device("/cpu:0"):
            img = v1.placeholder(tf.uint8, [None, None, None, 3], name="image")
            x = v1.image.resize_bilinear(tf.cast(img, tf.float32), [96, 96]) / 127.5 - 1.0
        with tf.device("/device:GPU:0"), v1.variable_scope("MobilenetV1", use_resource=False):
            h = tf.reduce_mean(_mobilenet_v1(x, False, [(1, 2), (2, 2), (2, 2)]), [1, 2])
            logits = dense(h, 10, name="Logits")
        with tf.device("/job:localhost/replica:0/task:0/device:CPU:0"):
            probs = tf.nn.softmax(logits)
            scores, ids = tf.nn.top_k(probs, 5)
        return {"serving_default": _predict({"image": img}, {"probabilities": probs, "top_ids": ids, "top_scores": scores})}
    _builder(out, build, clear_devices=False)


@model("s36_builder_ema_shadow_serving_momentum", BUILDER, "model served from its ExponentialMovingAverage shadow variables: a ref-variable MLP (float [None,28] -> dense 64 relu -> 32 relu -> 10) trained by MomentumOptimizer with global_step and ema.apply(trainable variables) grouped into 'train_op', built with control flow v2 disabled (the shadow initializers use v1 cond); 'serving_default' rebuilds the net under variable_scope(reuse=AUTO_REUSE, custom_getter returning ema.average(var)) so it reads the .../ExponentialMovingAverage shadows, 'predict_raw_weights' reads the raw variables")
def b_ema(out):
    def net(x, getter=None):
        with v1.variable_scope("model", reuse=v1.AUTO_REUSE, use_resource=False, custom_getter=getter):
            return dense(dense(dense(x, 64, tf.nn.relu, "fc1"), 32, tf.nn.relu, "fc2"), 10, name="fc3")

    def build():
        x = v1.placeholder(tf.float32, [None, 28], name="x")
        labels = v1.placeholder(tf.int64, [None], name="labels")
        logits = net(x)
        gs = v1.train.get_or_create_global_step()
        loss = v1.losses.sparse_softmax_cross_entropy(labels, logits)
        train = v1.train.MomentumOptimizer(0.01, 0.9).minimize(loss, global_step=gs)
        ema = v1.train.ExponentialMovingAverage(0.999, num_updates=gs)
        with tf.control_dependencies([train]):
            tf.group(ema.apply(v1.trainable_variables()), name="train_op")
        ema_logits = net(x, lambda getter, name, *a, **kw: ema.average(getter(name, *a, **kw)) or getter(name, *a, **kw))
        return {"serving_default": _predict({"x": x}, {"probabilities": tf.nn.softmax(ema_logits), "logits": ema_logits}),
                "predict_raw_weights": _predict({"x": x}, {"probabilities": tf.nn.softmax(logits)})}
    _builder(out, build, cfv1=True)


@model("s36_builder_summaries_assign_ops_tf_print", BUILDER, "TF1 regression graph exported with everything around it: ref-variable MLP float [None,10] -> dense 32 / 16 -> 1 'prediction', a tf.print (PrintV2) of the predictions on the serving path via control dependency; off the path: tf.compat.v1.summary scalar / histogram / image ops and merge_all, a learning-rate variable with a new_lr placeholder and 'lr_update' assign (the PTB-LM idiom), a global_step with an assign_add 'increment_global_step', a RMSPropOptimizer train op; SavedModelBuilder predict signature")
def b_summaries(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 10], name="x")
        y = v1.placeholder(tf.float32, [None, 1], name="y")
        with v1.variable_scope("regressor", use_resource=False):
            pred = dense(dense(dense(x, 32, tf.nn.relu, "h1"), 16, tf.nn.relu, "h2"), 1, name="out")
            lr = v1.get_variable("learning_rate", [], initializer=v1.constant_initializer(1e-3), trainable=False)
            gs = v1.get_variable("global_step", [], tf.int64, initializer=v1.zeros_initializer(), trainable=False)
        new_lr = v1.placeholder(tf.float32, [], name="new_lr")
        v1.assign(lr, new_lr, name="lr_update")
        v1.assign_add(gs, 1, name="increment_global_step")
        loss = v1.losses.mean_squared_error(y, pred)
        v1.summary.scalar("loss", loss)
        v1.summary.scalar("learning_rate", lr)
        v1.summary.histogram("predictions", pred)
        v1.summary.image("inputs_as_image", tf.reshape(x, [-1, 2, 5, 1]), max_outputs=2)
        v1.summary.merge_all(name="summary_op")
        v1.train.RMSPropOptimizer(lr).minimize(loss, global_step=gs, name="train_op")
        with tf.control_dependencies([tf.print("predictions:", pred, summarize=4)]):
            pred = tf.identity(pred, name="prediction")
        return {"serving_default": _predict({"x": x}, {"prediction": pred})}
    _builder(out, build)


@model("s36_builder_char_lm_while_loop_cfv1", BUILDER, "character language model that generates in the graph, built with control flow v2 disabled (v1 while_loop frames: Enter / Exit / Merge / Switch / NextIteration, TensorArrayV3): prefix int32 [None,8] ids -> ref-variable embedding -> hand-written GRU run over the prefix by one tf.compat.v1.while_loop, then a second while_loop of 10 greedy steps feeding argmax back -> 'generated' int32 [None,10] and 'final_state' [None,48]; SavedModelBuilder predict signature")
def b_char_lm(out):
    def build():
        prefix = v1.placeholder(tf.int32, [None, 8], name="prefix")
        cell = _Cell(48, "gru", "gru_cell")
        with v1.variable_scope("char_lm", use_resource=False):
            emb = v1.get_variable("embedding", [64, 16])
            b = tf.shape(prefix)[0]
            xs = tf.TensorArray(tf.float32, 8).unstack(tf.transpose(v1.nn.embedding_lookup(emb, prefix), [1, 0, 2]))
            h0 = tf.zeros(tf.stack([b, 48]))
            _, h = v1.while_loop(lambda t, h: t < 8, lambda t, h: (t + 1, cell(xs.read(t), h)[0]), [tf.constant(0), h0])
            proj = lambda s: dense(s, 64, name="softmax")  # noqa: E731
            first = tf.argmax(proj(h), 1, output_type=tf.int32)
            v1.get_variable_scope().reuse_variables()

            def gen(t, tok, h, ta):
                h, _ = cell(v1.nn.embedding_lookup(emb, tok), h)
                tok = tf.argmax(proj(h), 1, output_type=tf.int32)
                return t + 1, tok, h, ta.write(t, tok)
            _, _, h, ta = v1.while_loop(lambda t, *_: t < 10, gen,
                                        [tf.constant(0), first, h, tf.TensorArray(tf.int32, 10)])
        return {"serving_default": _predict({"prefix": prefix}, {"generated": tf.transpose(ta.stack()), "final_state": h})}
    _builder(out, build, cfv1=True)


FEEDS["s36_builder_char_lm_while_loop_cfv1"] = {"prefix": (0, 64)}


@model("s36_builder_bn_dropout_cond_v1_training_default", BUILDER, "MNIST CNN with layers-style batch_normalization (fused on convs, nn.moments / nn.batch_normalization on the dense layer) and dropout both switched by training = placeholder_with_default(False) through tf.compat.v1.cond built with control flow v2 disabled (Switch / Merge; the training switch is not in the signature), ref variables, images float [None,28,28,1] -> conv 32 / 64 + BN + relu + max_pool, dense 128 + BN, dropout(rate 0.4), 10 -> 'probabilities', 'classes' int64")
def b_bn_cfv1(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 28, 28, 1], name="images")
        training = v1.placeholder_with_default(False, [], name="training")
        with v1.variable_scope("mnist", use_resource=False):
            h = _pool(tf.nn.relu(batch_normalization(conv2d(x, 32, 5, use_bias=False, name="conv1"), training, "bn1")))
            h = _pool(tf.nn.relu(batch_normalization(conv2d(h, 64, 5, use_bias=False, name="conv2"), training, "bn2")))
            h = dense(tf.reshape(h, [-1, 7 * 7 * 64]), 128, name="dense1", use_bias=False)
            h = tf.nn.relu(batch_normalization(h, training, "bn3", fused=False))
            h = v1.cond(training, lambda: v1.nn.dropout(h, rate=0.4), lambda: h)
            logits = dense(h, 10, name="logits")
        probs = tf.nn.softmax(logits)
        return {"serving_default": _predict({"images": x}, {"probabilities": probs, "classes": tf.argmax(logits, 1)})}
    _builder(out, build, cfv1=True)


@model("s36_builder_speech_commands_wav_mfcc_fake_quant", BUILDER, "speech_commands-style keyword spotter: 'serving_default' takes wav_data string [] -> tf.audio.decode_wav(1 channel, 16000 samples) -> AudioSpectrogram (window 480, stride 160, magnitude squared) -> Mfcc (10 coefficients) -> fingerprint [1,98,10]; 'fingerprint' takes float [None,98,10] directly; both run a DS-CNN (conv 10x4 stride 2, two depthwise-separable blocks, avg pool) with fake_quant_with_min_max_vars on weights (reduce_min / reduce_max) and activations (min / max ref variables with moving-average assigns off the path) -> 12-way 'labels_softmax' and the label string from a StaticHashTable (legacy_init_op)")
def b_kws(out):
    words = ["_silence_", "_unknown_", "yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go"]

    def fq(t, name, lo=0.0, hi=6.0):
        with v1.variable_scope(name, reuse=v1.AUTO_REUSE):
            if name.endswith("weights_quant"):
                return tf.quantization.fake_quant_with_min_max_vars(t, tf.reduce_min(t), tf.reduce_max(t))
            mn = v1.get_variable("min", [], initializer=v1.constant_initializer(lo), trainable=False)
            mx = v1.get_variable("max", [], initializer=v1.constant_initializer(hi), trainable=False)
            v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, v1.assign(mx, 0.99 * mx + 0.01 * tf.reduce_max(t)))
            return tf.quantization.fake_quant_with_min_max_vars(t, mn, mx)

    def ds_cnn(fp):
        with v1.variable_scope("ds_cnn", reuse=v1.AUTO_REUSE, use_resource=False):
            x = fq(tf.reshape(fp, [-1, 98, 10, 1]), "input_quant", -30.0, 30.0)
            w = v1.get_variable("conv1/weights", [10, 4, 1, 32])
            h = fq(tf.nn.relu(v1.nn.conv2d(x, fq(w, "conv1/weights_quant"), [1, 2, 2, 1], "SAME")), "conv1/act_quant")
            for i in range(2):
                dw = v1.get_variable(f"dw{i}/depthwise_weights", [3, 3, 32, 1])
                h = fq(tf.nn.relu(v1.nn.depthwise_conv2d(h, fq(dw, f"dw{i}/weights_quant"), [1, 1, 1, 1], "SAME")), f"dw{i}/act_quant")
                pw = v1.get_variable(f"pw{i}/weights", [1, 1, 32, 32])
                h = fq(tf.nn.relu(v1.nn.conv2d(h, fq(pw, f"pw{i}/weights_quant"), [1, 1, 1, 1], "SAME")), f"pw{i}/act_quant")
            h = tf.squeeze(v1.nn.avg_pool(h, [1, 49, 5, 1], [1, 1, 1, 1], "VALID"), [1, 2])
            fw = v1.get_variable("fc/weights", [32, 12])
            logits = tf.matmul(h, fq(fw, "fc/weights_quant")) + v1.get_variable("fc/biases", [12], initializer=v1.zeros_initializer())
            return tf.nn.softmax(fq(logits, "logits_quant", -20.0, 20.0))

    def build():
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(
            tf.constant(np.arange(12, dtype=np.int64)), tf.constant(words)), "_unknown_")
        wav = v1.placeholder(tf.string, [], name="wav_data")
        audio, rate = tf.audio.decode_wav(wav, desired_channels=1, desired_samples=16000)
        spec = tf.raw_ops.AudioSpectrogram(input=audio, window_size=480, stride=160, magnitude_squared=True)
        mfcc = tf.raw_ops.Mfcc(spectrogram=spec, sample_rate=rate, dct_coefficient_count=10)
        probs = ds_cnn(mfcc)
        fp = v1.placeholder(tf.float32, [None, 98, 10], name="fingerprint_input")
        probs2 = ds_cnn(fp)
        return {"serving_default": _predict({"wav_data": wav}, {"labels_softmax": probs,
                                                                "label": table.lookup(tf.argmax(probs, 1))}),
                "fingerprint": _predict({"fingerprint": fp}, {"labels_softmax": probs2,
                                                              "label": table.lookup(tf.argmax(probs2, 1))})}
    _builder(out, build)


FEEDS["s36_builder_speech_commands_wav_mfcc_fake_quant"] = lambda rng: {
    "wav_data": tf.audio.encode_wav((rng.random((16000, 1)) * 0.2 - 0.1).astype("float32"), 16000).numpy()}


@model("s36_builder_png_unet_encode_png_mask", BUILDER, "segmentation service that takes and returns PNG: png_bytes string [] -> tf.io.decode_png(channels=3) uint8 -> resize_bilinear(align_corners=True) to 64x64 -> small U-Net (ref variables; conv + max_pool down, resize_nearest_neighbor(align_corners=True) up, concat skips) -> argmax over 4 classes -> palette tf.gather -> uint8 colour mask resized with resize_nearest_neighbor back to the input size (tf.shape of the decoded image) -> tf.io.encode_png 'mask_png' string plus 'class_map' uint8 [1,64,64]")
def b_png(out):
    def build():
        png = v1.placeholder(tf.string, [], name="png_bytes")
        img = tf.io.decode_png(png, channels=3)
        x = v1.image.resize_bilinear(tf.cast(img, tf.float32)[None] / 255.0, [64, 64], align_corners=True)
        with v1.variable_scope("unet", use_resource=False):
            c1 = conv2d(x, 16, 3, activation=tf.nn.relu, name="down1")
            c2 = conv2d(_pool(c1), 32, 3, activation=tf.nn.relu, name="down2")
            c3 = conv2d(_pool(c2), 64, 3, activation=tf.nn.relu, name="bottom")
            u2 = conv2d(tf.concat([v1.image.resize_nearest_neighbor(c3, [32, 32], align_corners=True), c2], 3), 32, 3,
                        activation=tf.nn.relu, name="up2")
            u1 = conv2d(tf.concat([v1.image.resize_nearest_neighbor(u2, [64, 64], align_corners=True), c1], 3), 16, 3,
                        activation=tf.nn.relu, name="up1")
            logits = conv2d(u1, 4, 1, name="logits")
        cls = tf.argmax(logits, 3, output_type=tf.int32)
        palette = tf.constant([[0, 0, 0], [128, 0, 0], [0, 128, 0], [128, 128, 0]], tf.uint8)
        colour = v1.image.resize_nearest_neighbor(tf.gather(palette, cls), tf.shape(img)[:2])[0]
        return {"serving_default": _predict({"png_bytes": png}, {"mask_png": tf.io.encode_png(colour),
                                                                 "class_map": tf.cast(cls, tf.uint8)})}
    _builder(out, build)


FEEDS["s36_builder_png_unet_encode_png_mask"] = lambda rng: {"png_bytes": _png(rng)}


@model("s36_builder_ncf_recommender_two_signatures", BUILDER, "neural collaborative filtering (NeuMF) in TF1 with resource variables: GMF and MLP user / item embeddings (100 users, 200 items) from get_variable + embedding_lookup, MLP 32 / 16 / 8, concatenated with the GMF product -> sigmoid score; 'serving_default' scores user_id int64 [None] x item_id int64 [None] -> score [None], 'recommend' scores a user against all 200 items (broadcast) and returns top_k(10) item_ids int32 / scores")
def b_ncf(out):
    def neumf(u, i):
        with v1.variable_scope("neumf", reuse=v1.AUTO_REUSE):
            def emb(n, rows, ids):
                return v1.nn.embedding_lookup(v1.get_variable(n, [rows, 16], initializer=v1.random_normal_initializer(0, 0.1)), ids)
            gmf = emb("gmf_user", 100, u) * emb("gmf_item", 200, i)
            h = tf.concat([emb("mlp_user", 100, u), emb("mlp_item", 200, i)], -1)
            for k in (32, 16, 8):
                h = dense(h, k, tf.nn.relu, f"mlp_{k}")
            return tf.sigmoid(tf.squeeze(dense(tf.concat([gmf, h], -1), 1, name="prediction"), -1))

    def build():
        u = v1.placeholder(tf.int64, [None], name="user_id")
        i = v1.placeholder(tf.int64, [None], name="item_id")
        score = neumf(u, i)
        ru = v1.placeholder(tf.int64, [None], name="user_id_recommend")
        items = tf.range(200, dtype=tf.int64)
        all_scores = neumf(tf.tile(ru[:, None], [1, 200]), tf.tile(items[None], [tf.shape(ru)[0], 1]))
        top, ids = tf.nn.top_k(all_scores, 10)
        return {"serving_default": _predict({"user_id": u, "item_id": i}, {"score": score}),
                "recommend": _predict({"user_id": ru}, {"item_ids": ids, "scores": top})}
    _builder(out, build)


FEEDS["s36_builder_ncf_recommender_two_signatures"] = {"user_id": (0, 100), "item_id": (0, 200)}


@model("s36_builder_feature_columns_parsing_classify", BUILDER, "Estimator-era census classifier built from tf.compat.v1.feature_column without the Estimator: make_parse_example_spec + parse_example on serialized tf.Examples [None] (the build_parsing_serving_input_receiver_fn layout, input key 'inputs'); deep part input_layer over embedding_column(categorical_column_with_hash_bucket occupation), indicator_column(categorical_column_with_vocabulary_list education), bucketized age and numeric hours; wide part linear_model over the categorical columns plus crossed_column(education x age buckets); dense 32 / 16 on the deep features, sigmoid of wide + deep; 'serving_default' classify signature (classes '0' / '1' via tf.tile, scores) and a 'predict' signature with logistic / probabilities / class_ids")
def b_fc(out):
    def build():
        fc = v1.feature_column
        occupation = fc.categorical_column_with_hash_bucket("occupation", 50)
        education = fc.categorical_column_with_vocabulary_list("education", ["Bachelors", "HS-grad", "Masters", "Doctorate"])
        age = fc.numeric_column("age")
        age_b = fc.bucketized_column(age, [18.0, 25.0, 30.0, 40.0, 50.0, 65.0])
        hours = fc.numeric_column("hours_per_week")
        cross = fc.crossed_column([education, age_b], 100)
        deep_cols = [fc.embedding_column(occupation, 8), fc.indicator_column(education), age_b, hours]
        wide_cols = [occupation, education, age_b, cross]
        examples = v1.placeholder(tf.string, [None], name="input_example_tensor")
        feats = v1.parse_example(examples, fc.make_parse_example_spec(deep_cols + wide_cols))
        with v1.variable_scope("dnn"):
            h = fc.input_layer(feats, deep_cols)
            deep = dense(dense(dense(h, 32, tf.nn.relu, "hiddenlayer_0"), 16, tf.nn.relu, "hiddenlayer_1"), 1, name="logits")
        with v1.variable_scope("linear"):
            wide = fc.linear_model(feats, wide_cols)
        logistic = tf.sigmoid(wide + deep)
        probs = tf.concat([1.0 - logistic, logistic], 1)
        classes = tf.tile(tf.constant([["0", "1"]]), [tf.shape(probs)[0], 1])
        return {"serving_default": v1.saved_model.classification_signature_def(examples, classes, probs),
                "predict": _predict({"examples": examples}, {"logistic": logistic, "probabilities": probs,
                                                              "class_ids": tf.cast(logistic > 0.5, tf.int64)})}
    _builder(out, build)


FEEDS["s36_builder_feature_columns_parsing_classify"] = lambda rng: {"inputs": [
    _example({"occupation": [o], "education": [e], "age": [float(a)], "hours_per_week": [float(h)]})
    for o, e, a, h in ((b"Sales", b"Bachelors", 37, 40), (b"Tech-support", b"PhD", 22, 20), (b"Exec", b"Masters", 55, 60))],
    "predict/examples": [_example({"occupation": [b"Sales"], "education": [b"HS-grad"], "age": [30.0], "hours_per_week": [45.0]})]}


# ============================================================================ driver

def _run_graphdef(name):
    """a GraphDef that needs INIT ops run (or soft placement): import, run INIT, fetch OUTPUTS with placeholders fed"""
    p = CORPUS.path(name)
    g = tf.Graph()
    with g.as_default():
        tf.graph_util.import_graph_def(v1.GraphDef.FromString(p.read_bytes()), name="")
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = dummy_inputs({k: tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()}, FEEDS.get(name))
    with _session(g) as s:
        s.run([g.get_operation_by_name(n) for n in INIT.get(name, [])])
        res = s.run([g.get_tensor_by_name(n + ":0") for n in OUTPUTS[name]], {phs[k]: v.numpy() for k, v in vals.items()})
    done = f" after {INIT[name]}" if name in INIT else " (soft placement)"
    return f"GraphDef, {len(phs)} inputs{done} -> " + ", ".join(f"{n}{list(np.shape(r))}" for n, r in zip(OUTPUTS[name], res))


def _check(name):
    if name in INIT or name in SOFT:
        return _run_graphdef(name)
    return CORPUS.runner(FEEDS, OUTPUTS)(name)


def _setup():
    global tf, np, v1
    import numpy
    import tensorflow
    tf, np, v1 = tensorflow, numpy, tensorflow.compat.v1


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
