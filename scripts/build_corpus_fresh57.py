"""Build an independently made corpus into bench/out/fresh57/: graphs as they are built and saved through TensorFlow's
lower-level APIs and language bindings -- the way TF Java / Go / Rust / C API / R / tfjs users end up with them,
reproduced in Python. Graphs assembled op by op with tf.compat.v1 (placeholders, get_variable layers, default node names
or the `input` / `output` names binding examples fetch) and with tf.raw_ops inside tf.functions; GraphDefs written
NodeDef by NodeDef with attrs left at their defaults and placeholders without a shape attr; placeholders of unknown rank
reshaped in the graph; tf.compat.v1.train.Saver checkpoints with their .meta graph (device pins cleared on import with
clear_devices, or kept) re-imported with import_meta_graph and frozen or re-saved with the Saver's `save/...` nodes;
tf.io.write_graph .pbtxt + checkpoint frozen with the freeze_graph tool, and a constants-only graph with an `init` NoOp
written with write_graph as binary .pb; plain graphs holding a function library from tf.function concrete functions
called through PartitionedCall / StatefulPartitionedCall nodes; graphs in function form as graph dumps hold them
(_Arg / _Retval nodes at the top level); TF1 SavedModels written with SavedModelBuilder (main_op with a vocabulary
asset, legacy_init_op with a label table and a classify signature over serialized tf.Example strings, a train signature
next to predict, tags serve + gpu with strip_default_attrs, signature keys spelled like tensor names with and without
':0'); tf.Modules saved with several explicit signatures as binding users call them (predict / train / get_weights,
k-means assign / update, step / initial_state of an RNN cell written out, string vocabulary tables, positional
output_0 / output_1 outputs, a seeded sampler); TF2 functions frozen with convert_variables_to_constants_v2; and a few
Keras 3 model.export models (batch-1 and None-batch signatures) of the kind handed to Java / Go / R apps. Computations
are small: linear and logistic regression, MLPs, small CNNs, LSTM / GRU / basic RNN cells written out, k-means,
embeddings. Mostly float32 with small fixed shapes, some None dims, int32 / int64 ids, uint8 images and string tokens /
tf.Example records. Seeded random weights; nothing is downloaded; every model runs forward once while it is built; no
outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh57.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh57.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh57.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh57.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh57.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. The graphs in function form
hold _Arg / _Retval nodes that only run inside a function call frame: --check turns them into Placeholder / Identity
nodes first (as a user loading such a dump has to) and runs that copy.
"""

import os
import sys
import tempfile
from pathlib import Path

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, run_model, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh57", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (ids in range, strings, unknown-rank inputs, learning rates, seeds): model -> {input name
# (or "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each
# model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}
# Graphs in function form (_Arg / _Retval at the top level): converted to Placeholder / Identity before --check runs them.
ARGFORM = set()

WORDS = ("the a movie film good bad great awful plot actor music boring fun slow fast love hate story ending "
         "scene best worst").split()


# ================================================================================ shared pieces

def _name(out):
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_name(out)), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps the Inputs' batch
    size (1) in the exported signature, else Keras relaxes the batch to None"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = None
    if fixed:
        sig = [specs] if len(specs) > 1 else specs
    keras_export(m, out, sig=sig)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _ph_feed(out, g, sess=None):
    """{placeholder tensor: value} for every Placeholder of graph g, from the --check inputs"""
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    with _eager():  # made eagerly, outside the graph being built
        vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
        return {phs[k]: v.numpy() for k, v in vals.items()}


def _v1_freeze(out, build, train=None):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, optionally
    train(sess), run once on the --check inputs, then graph_util.convert_variables_to_constants to the output nodes"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    with v1.Session(graph=g) as s:
        s.run(init)
        if train:
            train(s)
        s.run(outputs, _ph_feed(out, g))
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _eager():
    from tensorflow.python.eager import context
    return context.eager_mode()


def _tensor_specs(sig_def, graph):
    return {k: tf.TensorSpec(graph.get_tensor_by_name(t.name).shape, graph.get_tensor_by_name(t.name).dtype, k)
            for k, t in sig_def.inputs.items()}


def _v1_builder(out, build, tags=("serve",), train=None, **builder_kw):
    """TF1 SavedModel with SavedModelBuilder: build() (fresh graph, seed 0) returns (signature_def_map, extra builder
    kwargs); variables and tables are initialized, optionally train(sess), every signature is run once on the --check
    inputs, then add_meta_graph_and_variables(..., **builder_kw) and save"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        sigs, extra = build()
        init = [v1.global_variables_initializer(), v1.tables_initializer()]
        with v1.Session(graph=g) as s:
            s.run(init)
            if train:
                train(s)
            for k, sd in sigs.items():
                with _eager():
                    vals = {i: v.numpy() for i, v in dummy_inputs(_tensor_specs(sd, g), FEEDS.get(_name(out)), k).items()}
                s.run({o: t.name for o, t in sd.outputs.items()},
                      {sd.inputs[i].name: v for i, v in vals.items()})
            b = v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(s, list(tags), signature_def_map=sigs, **{**builder_kw, **extra})
            b.save()


def _predict_sig(inputs, outputs):
    return tf.compat.v1.saved_model.predict_signature_def(inputs, outputs)


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / biases (zeros), matmul + bias, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _params(sizes, seed, name="mlp"):
    """an MLP kept as a list of (weight, bias) tf.Variables: glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype("float32"), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, "float32"), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, act=None, out_act=None):
    act = act or tf.nn.relu
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = act(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


def _const(rng, shape, scale=0.2):
    return rng.normal(0, scale, shape).astype("float32")


# ---------------------------------------------------------------------- GraphDefs written by hand (as C API / Go users)

def _node(gd, name, op, inputs=(), **attrs):
    """append a NodeDef: attrs given as python values (DType -> type, list -> ints, bytes -> s, ndarray -> tensor,
    TensorShape -> shape); anything not given is left to the op's default"""
    n = gd.node.add()
    n.name, n.op = name, op
    n.input.extend(inputs)
    for k, v in attrs.items():
        if isinstance(v, tf.DType):
            n.attr[k].type = v.as_datatype_enum
        elif isinstance(v, np.ndarray):
            n.attr[k].tensor.CopyFrom(tf.make_tensor_proto(v))
        elif isinstance(v, tf.TensorShape):
            n.attr[k].shape.CopyFrom(v.as_proto())
        elif isinstance(v, bytes):
            n.attr[k].s = v
        elif isinstance(v, bool):
            n.attr[k].b = v
        elif isinstance(v, int):
            n.attr[k].i = v
        elif isinstance(v, list):
            n.attr[k].list.i.extend(v)
        else:
            raise TypeError(k)
    return n


def _write_handbuilt(out, gd, outputs):
    """import the hand-written GraphDef (defaults filled in only on import), run it once, write the GraphDef as written"""
    with tf.Graph().as_default() as g:
        tf.graph_util.import_graph_def(gd, name="")
        with tf.compat.v1.Session(graph=g) as s:
            s.run([o + ":0" for o in outputs], _ph_feed(out, g))
    out.write_bytes(gd.SerializeToString())


# ---------------------------------------------------------------------- graphs in function form (graph dumps)

def _function_form(frozen_gd):
    """a frozen GraphDef rewritten as a function-body dump has it: each Placeholder becomes an _Arg (T, index,
    _output_shapes) of the same name, each output Identity feeds an _Retval node named '<identity>_RetVal'"""
    from tensorflow.core.framework import graph_pb2

    used = {i.split(":")[0].lstrip("^") for n in frozen_gd.node for i in n.input}
    gd = graph_pb2.GraphDef()
    gd.versions.CopyFrom(frozen_gd.versions)
    gd.library.CopyFrom(frozen_gd.library)
    arg_i = ret_i = 0
    for n in frozen_gd.node:
        m = gd.node.add()
        m.CopyFrom(n)
        if n.op == "Placeholder":
            m.op = "_Arg"
            m.ClearField("attr")
            m.attr["T"].type = n.attr["dtype"].type
            m.attr["index"].i = arg_i
            m.attr["_output_shapes"].list.shape.add().CopyFrom(n.attr["shape"].shape)
            arg_i += 1
    for n in frozen_gd.node:
        if n.op == "Identity" and n.name not in used:
            _node(gd, n.name.lower() + "_RetVal", "_Retval", [n.name], T=tf.as_dtype(n.attr["T"].type), index=ret_i)
            ret_i += 1
    return gd


def _args_to_placeholders(gd):
    """undo the function form for running: _Arg -> Placeholder (dtype, shape), _Retval -> Identity"""
    from tensorflow.core.framework import graph_pb2

    res = graph_pb2.GraphDef()
    res.CopyFrom(gd)
    for n in res.node:
        if n.op == "_Arg":
            t, shp = n.attr["T"].type, n.attr["_output_shapes"].list.shape[0]
            n.op = "Placeholder"
            n.ClearField("attr")
            n.attr["dtype"].type = t
            n.attr["shape"].shape.CopyFrom(shp)
        elif n.op == "_Retval":
            n.op = "Identity"
            del n.attr["index"]
    return res


def _write_dump(out, fn, specs):
    """run fn once, freeze it (convert_variables_to_constants_v2), write it in function form"""
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    vals = _feed(out, specs)
    concrete = tf.function(fn).get_concrete_function(*specs)
    concrete(*[vals[s.name] for s in specs])
    gd = _function_form(convert_variables_to_constants_v2(concrete).graph.as_graph_def())
    with tf.Graph().as_default() as g:
        tf.graph_util.import_graph_def(_args_to_placeholders(gd), name="")
        with tf.compat.v1.Session(graph=g) as s:
            s.run([n.name + ":0" for n in gd.node if n.op == "_Retval"], _ph_feed(out, g))
    out.write_bytes(gd.SerializeToString())


# ================================================================================ Keras models handed to binding users

@model("s57_keras_mlp_input_output_batch1", "keras-export", "MLP trained in Python for a TF Java app that feeds one row at a time: Input named 'input' float [1,16] (fixed batch 1), Dense 32 relu / 32 relu, Dense(3, softmax) named 'output'; model.export with a batch-1 signature")
def b_keras_mlp(out):
    inp = keras.Input((16,), batch_size=1, name="input")
    x = L.Dense(32, activation="relu")(L.Dense(32, activation="relu")(inp))
    _export(keras.Model(inp, L.Dense(3, activation="softmax", name="output")(x)), out, fixed=True)


@model("s57_keras_cnn_none_batch_go_service", "keras-export", "small digit CNN served by a Go service through the SavedModel C API: image float [None,28,28,1], Conv2D 8 / 16 (3x3 relu) + MaxPooling2D, Flatten, Dense(32), Dense(10) logits; model.export (None batch)")
def b_keras_cnn(out):
    inp = keras.Input((28, 28, 1), name="image")
    x = L.MaxPooling2D()(L.Conv2D(8, 3, activation="relu")(inp))
    x = L.MaxPooling2D()(L.Conv2D(16, 3, activation="relu")(x))
    x = L.Dense(32, activation="relu")(L.Flatten()(x))
    _export(keras.Model(inp, L.Dense(10, name="logits")(x)), out)


@model("s57_keras_embedding_token_ids_int32", "keras-export", "sentiment model whose tokenizer lives in the client (JavaScript / Java): token_ids int32 [None,12], Embedding(200, 16), GlobalAveragePooling1D, Dense(16, relu), Dense(1, sigmoid); model.export")
def b_keras_emb(out):
    inp = keras.Input((12,), dtype="int32", name="token_ids")
    x = L.GlobalAveragePooling1D()(L.Embedding(200, 16)(inp))
    _export(keras.Model(inp, L.Dense(1, activation="sigmoid")(L.Dense(16, activation="relu")(x))), out)


FEEDS["s57_keras_embedding_token_ids_int32"] = {"token_ids": (0, 200)}


@model("s57_keras_lstm_sensor_batch1", "keras-export", "activity classifier for an Android app calling it through the Java API: window float [1,20,6] (fixed batch 1), LSTM(16), Dense(4, softmax); model.export with a batch-1 signature")
def b_keras_lstm(out):
    inp = keras.Input((20, 6), batch_size=1, name="window")
    _export(keras.Model(inp, L.Dense(4, activation="softmax")(L.LSTM(16)(inp))), out, fixed=True)


@model("s57_keras_uint8_image_batch1", "keras-export", "image classifier taking camera bytes straight from a Java BufferedImage: uint8 [1,32,32,3] (fixed batch 1), Rescaling(1/255), Conv2D 16 / 32 stride 2 relu, GlobalAveragePooling2D, Dense(5, softmax); model.export with a batch-1 signature")
def b_keras_uint8(out):
    inp = keras.Input((32, 32, 3), batch_size=1, dtype="uint8", name="pixels")
    x = L.Rescaling(1.0 / 255)(inp)
    x = L.Conv2D(32, 3, strides=2, activation="relu")(L.Conv2D(16, 3, strides=2, activation="relu")(x))
    _export(keras.Model(inp, L.Dense(5, activation="softmax")(L.GlobalAveragePooling2D()(x))), out, fixed=True)


@model("s57_keras_tabular_numeric_category_r", "keras-export", "tabular model as R keras users build it (layer_input / layer_embedding / layer_concatenate): numeric float [None,6] and category int32 [None,1] -> Embedding(10, 4) + Flatten, Concatenate, Dense 32 relu, Dense(1) regression; model.export")
def b_keras_tab(out):
    num, cat = keras.Input((6,), name="numeric"), keras.Input((1,), dtype="int32", name="category")
    x = L.Concatenate()([num, L.Flatten()(L.Embedding(10, 4)(cat))])
    _export(keras.Model([num, cat], L.Dense(1)(L.Dense(32, activation="relu")(x))), out)


FEEDS["s57_keras_tabular_numeric_category_r"] = {"category": (0, 10)}


# ================================================================================ tf.Modules with several signatures

@model("s57_module_linreg_predict_train_get_weights", "tf-module", "linear regression exported for training from TF Java / Rust through signatures: W float [3,1], b [1] tf.Variables; serving_default(x [None,3]) -> y; train(x [None,3], y [None,1], learning_rate []) -> MSE loss after one SGD step by tf.GradientTape + assign_sub; get_weights() -> W, b")
def b_linreg(out):
    rng = np.random.default_rng(1)
    W, b = tf.Variable(_const(rng, (3, 1)), name="W"), tf.Variable(np.zeros(1, "float32"), name="b")

    @tf.function(input_signature=[tensor_spec([None, 3], name="x")])
    def serve(x):
        return {"y": tf.matmul(x, W) + b}

    @tf.function(input_signature=[tensor_spec([None, 3], name="x"), tensor_spec([None, 1], name="y"),
                                  tensor_spec([], name="learning_rate")])
    def train(x, y, learning_rate):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + b - y))
        gw, gb = tape.gradient(loss, [W, b])
        W.assign_sub(learning_rate * gw)
        b.assign_sub(learning_rate * gb)
        return {"loss": loss}

    @tf.function(input_signature=[])
    def get_weights():
        return {"W": tf.identity(W), "b": tf.identity(b)}
    _save(out, {"W": W, "b": b}, serving_default=serve, train=train, get_weights=get_weights)


FEEDS["s57_module_linreg_predict_train_get_weights"] = {"learning_rate": 0.01}


@model("s57_module_kmeans_assign_update_centroids", "tf-module", "k-means as a tf.Module driven from a Go / Java loop: centroids float [6,2] tf.Variable; assign(points [None,2]) -> squared distances [None,6], cluster_index int64 (argmin), distance; update(points) -> one Lloyd step by tf.math.unsorted_segment_sum / counts (empty clusters kept) assigned to the variable, returns centroids and inertia; centroids() -> the centroids")
def b_kmeans_module(out):
    rng = np.random.default_rng(2)
    C = tf.Variable(rng.random((6, 2)).astype("float32"), name="centroids")

    def dist(p):
        return tf.reduce_sum(tf.square(p[:, None, :] - C[None]), axis=-1)

    @tf.function(input_signature=[tensor_spec([None, 2], name="points")])
    def assign(points):
        d = dist(points)
        return {"distances": d, "cluster_index": tf.argmin(d, axis=1), "distance": tf.reduce_min(d, axis=1)}

    @tf.function(input_signature=[tensor_spec([None, 2], name="points")])
    def update(points):
        d = dist(points)
        idx = tf.argmin(d, axis=1, output_type=tf.int32)
        s = tf.math.unsorted_segment_sum(points, idx, 6)
        n = tf.math.unsorted_segment_sum(tf.ones_like(points[:, :1]), idx, 6)
        C.assign(tf.where(n > 0, s / tf.maximum(n, 1.0), C))
        return {"centroids": tf.identity(C), "inertia": tf.reduce_sum(tf.reduce_min(d, axis=1))}

    @tf.function(input_signature=[])
    def centroids():
        return {"centroids": tf.identity(C)}
    _save(out, {"centroids": C}, assign=assign, update=update, centroids=centroids)


@model("s57_module_logreg_threshold_unknown_rank", "tf-module", "logistic regression with a caller-supplied threshold: serving_default(features float [None,10], threshold float []) -> probability [None], label bool; flat(features of unknown rank) reshaped to [-1,10] in the graph for bindings that pass flat buffers -> probability")
def b_logreg_module(out):
    rng = np.random.default_rng(3)
    W, b = tf.Variable(_const(rng, (10, 1), 0.5), name="weights"), tf.Variable(np.zeros(1, "float32"), name="bias")

    @tf.function(input_signature=[tensor_spec([None, 10], name="features"), tensor_spec([], name="threshold")])
    def serve(features, threshold):
        p = tf.sigmoid(tf.matmul(features, W) + b)[:, 0]
        return {"probability": p, "label": p > threshold}

    @tf.function(input_signature=[tensor_spec(None, name="features")])
    def flat(features):
        return {"probability": tf.sigmoid(tf.matmul(tf.reshape(features, [-1, 10]), W) + b)[:, 0]}
    _save(out, {"W": W, "b": b}, serving_default=serve, flat=flat)


FEEDS["s57_module_logreg_threshold_unknown_rank"] = lambda rng: {"threshold": 0.5, "flat/features": rng.random((3, 10))}


@model("s57_module_string_vocab_table_embedding", "tf-module", "text model keeping its vocabulary in the graph for a binding with no tokenizer: tf.lookup.StaticHashTable (KeyValueTensorInitializer, 21 words, OOV id 0), embedding tf.Variable [22,16]; serving_default(tokens string [None,None]) -> mask-weighted mean embedding and Dense logits [None,2]; lookup(tokens string [None]) -> ids int64")
def b_vocab_module(out):
    rng = np.random.default_rng(4)
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(WORDS), tf.range(1, len(WORDS) + 1, dtype=tf.int64)), default_value=0)
    E = tf.Variable(_const(rng, (len(WORDS) + 1, 16)), name="embeddings")
    head = _params([16, 2], 5, name="head")

    @tf.function(input_signature=[tensor_spec([None, None], tf.string, "tokens")])
    def serve(tokens):
        ids = table.lookup(tokens)
        mask = tf.cast(tf.strings.length(tokens) > 0, tf.float32)[..., None]
        v = tf.reduce_sum(tf.gather(E, ids) * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        return {"embedding": v, "logits": _mlp(head, v)}

    @tf.function(input_signature=[tensor_spec([None], tf.string, "tokens")])
    def lookup(tokens):
        return {"ids": table.lookup(tokens)}
    _save(out, {"table": table, "E": E, "head": head}, serving_default=serve, lookup=lookup)


FEEDS["s57_module_string_vocab_table_embedding"] = lambda rng: {
    "serving_default/tokens": np.array([["the", "movie", "was", "great", ""], ["awful", "plot", "", "", ""]], object),
    "lookup/tokens": np.array(["the", "plot", "xyzzy"], object)}


@model("s57_module_lstm_cell_step_initial_state", "tf-module", "LSTM cell written out with tf.matmul and gates (sigmoid / tanh, forget bias 1) in a tf.Module for a streaming Java client: step(x [1,8], h [1,16], c [1,16]) -> output logits [1,4], h, c; initial_state() -> zero h, c; serving_default(sequence [1,10,8]) unrolled over 10 steps in Python -> logits")
def b_lstm_module(out):
    rng = np.random.default_rng(6)
    Wx, Wh = tf.Variable(_const(rng, (8, 64)), name="kernel"), tf.Variable(_const(rng, (16, 64)), name="recurrent_kernel")
    bias, proj = tf.Variable(np.zeros(64, "float32"), name="bias"), _params([16, 4], 7, name="proj")

    def cell(x, h, c):
        i, f, g, o = tf.split(tf.matmul(x, Wx) + tf.matmul(h, Wh) + bias, 4, axis=-1)
        c = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(g)
        return tf.sigmoid(o) * tf.tanh(c), c

    @tf.function(input_signature=[tensor_spec([1, 8], name="x"), tensor_spec([1, 16], name="h"), tensor_spec([1, 16], name="c")])
    def step(x, h, c):
        h, c = cell(x, h, c)
        return {"logits": _mlp(proj, h), "h": h, "c": c}

    @tf.function(input_signature=[])
    def initial_state():
        return {"h": tf.zeros([1, 16]), "c": tf.zeros([1, 16])}

    @tf.function(input_signature=[tensor_spec([1, 10, 8], name="sequence")])
    def serve(sequence):
        h = c = tf.zeros([1, 16])
        for t in range(10):
            h, c = cell(sequence[:, t], h, c)
        return {"logits": _mlp(proj, h)}
    _save(out, {"vars": [Wx, Wh, bias, proj]}, step=step, initial_state=initial_state, serving_default=serve)


@model("s57_module_raw_ops_mlp_attrs_explicit", "tf-module", "MLP written with tf.raw_ops only, every attr spelled out as a binding's generated op wrappers do (MatMul transpose_a/b False, BiasAdd data_format NHWC, Relu, Softmax, ArgMax output_type int32): serving_default(input float [None,16]) -> probabilities [None,5], class int32; logits(input) -> output_0")
def b_raw_ops_module(out):
    rng = np.random.default_rng(8)
    ws = [tf.Variable(_const(rng, s), name=f"w{i}") for i, s in enumerate([(16, 32), (32, 32), (32, 5)])]
    bs = [tf.Variable(np.zeros(s[1], "float32"), name=f"b{i}") for i, s in enumerate([(16, 32), (32, 32), (32, 5)])]

    def net(x):
        for i, (w, b) in enumerate(zip(ws, bs)):
            x = tf.raw_ops.BiasAdd(value=tf.raw_ops.MatMul(a=x, b=w.read_value(), transpose_a=False, transpose_b=False),
                                   bias=b.read_value(), data_format="NHWC")
            if i < 2:
                x = tf.raw_ops.Relu(features=x)
        return x

    @tf.function(input_signature=[tensor_spec([None, 16], name="input")])
    def serve(input):  # noqa: A002 - the binding feeds "input"
        p = tf.raw_ops.Softmax(logits=net(input))
        return {"probabilities": p, "class": tf.raw_ops.ArgMax(input=p, dimension=tf.constant(1), output_type=tf.int32)}

    @tf.function(input_signature=[tensor_spec([None, 16], name="input")])
    def logits(input):  # noqa: A002
        return net(input)
    _save(out, {"w": ws, "b": bs}, serving_default=serve, logits=logits)


@model("s57_module_positional_outputs_digits", "tf-module", "8x8 digits softmax regression for a C API caller that indexes outputs by position: serving_default(input float [None,64]) returns a tuple -> output_0 probabilities [None,10], output_1 class int64; batch1(input [1,64]) the same at a fixed batch")
def b_positional(out):
    rng = np.random.default_rng(9)
    W, b = tf.Variable(_const(rng, (64, 10), 0.1), name="W"), tf.Variable(np.zeros(10, "float32"), name="b")

    def fn(input):  # noqa: A002 - the C API caller feeds "serving_default_input"
        p = tf.nn.softmax(tf.matmul(input, W) + b)
        return p, tf.argmax(p, axis=1)
    serve = tf.function(fn, input_signature=[tensor_spec([None, 64], name="input")])
    batch1 = tf.function(fn, input_signature=[tensor_spec([1, 64], name="input")])
    _save(out, {"W": W, "b": b}, serving_default=serve, batch1=batch1)


@model("s57_module_word2vec_embed_nearest", "tf-module", "word2vec embeddings shipped for lookup from a JVM service: embeddings tf.Variable [100,16]; embed(ids int32 [None]) -> l2-normalised vectors; nearest(ids int32 [None]) -> cosine similarities to the whole vocabulary, tf.math.top_k(5) neighbour ids int32 and scores")
def b_w2v_module(out):
    rng = np.random.default_rng(10)
    E = tf.Variable(_const(rng, (100, 16), 1.0), name="embeddings")

    @tf.function(input_signature=[tensor_spec([None], tf.int32, "ids")])
    def embed(ids):
        return {"vectors": tf.math.l2_normalize(tf.gather(E, ids), axis=-1)}

    @tf.function(input_signature=[tensor_spec([None], tf.int32, "ids")])
    def nearest(ids):
        norm = tf.math.l2_normalize(E, axis=-1)
        sim = tf.matmul(tf.gather(norm, ids), norm, transpose_b=True)
        top = tf.math.top_k(sim, k=5)
        return {"neighbour_ids": top.indices, "scores": top.values}
    _save(out, {"E": E}, embed=embed, nearest=nearest)


FEEDS["s57_module_word2vec_embed_nearest"] = {"ids": (0, 100)}


@model("s57_module_char_rnn_sampler_seed", "tf-module", "character-level GRU sampler for a tfjs / Java front end that keeps the state: step(char_id int32 [1], h float [1,32], seed int32 [2], temperature float []) -> embedding tf.gather, GRU cell written out (update / reset gates), logits [1,40], next_char by tf.random.stateless_categorical on logits / temperature (int32), h; initial_state() -> zeros")
def b_char_rnn(out):
    rng = np.random.default_rng(11)
    E = tf.Variable(_const(rng, (40, 16)), name="char_embedding")
    Wz = tf.Variable(_const(rng, (48, 64)), name="gates_kernel")
    Wn = tf.Variable(_const(rng, (48, 32)), name="candidate_kernel")
    out_p = _params([32, 40], 12, name="logits")

    @tf.function(input_signature=[tensor_spec([1], tf.int32, "char_id"), tensor_spec([1, 32], name="h"),
                                  tensor_spec([2], tf.int32, "seed"), tensor_spec([], name="temperature")])
    def step(char_id, h, seed, temperature):
        x = tf.gather(E, char_id)
        z, r = tf.split(tf.sigmoid(tf.matmul(tf.concat([x, h], -1), Wz)), 2, axis=-1)
        n = tf.tanh(tf.matmul(tf.concat([x, r * h], -1), Wn))
        h = (1.0 - z) * n + z * h
        logits = _mlp(out_p, h)
        nxt = tf.random.stateless_categorical(logits / temperature, 1, seed, dtype=tf.int32)[:, 0]
        return {"logits": logits, "next_char": nxt, "h": h}

    @tf.function(input_signature=[])
    def initial_state():
        return {"h": tf.zeros([1, 32])}
    _save(out, {"vars": [E, Wz, Wn, out_p]}, step=step, initial_state=initial_state)


FEEDS["s57_module_char_rnn_sampler_seed"] = {"char_id": (0, 40), "seed": [7, 42], "temperature": 0.8}


# ================================================================================ TF2 functions frozen to .pb

@model("s57_frozen_v2_mlp_named_input", "frozen-pb", "MLP for a Go program loading a frozen graph: tf.function of raw tf.Variables with input TensorSpec named 'input' float [None,16], 32 / 32 relu, softmax over 4; frozen with convert_variables_to_constants_v2 (output node Identity)")
def b_frozen_mlp(out):
    p = _params([16, 32, 32, 4], 13, name="dense")
    _freeze(lambda x: _mlp(p, x, out_act=tf.nn.softmax), [tensor_spec([None, 16], name="input")], out)


OUTPUTS["s57_frozen_v2_mlp_named_input"] = ["Identity"]


@model("s57_frozen_v2_cnn_batch1_nn_ops", "frozen-pb", "small CNN written with tf.nn ops and tf.Variables for a C++ / C API app: image float [1,32,32,3], tf.nn.conv2d 3x3 16 / 32 (stride 2, SAME) + bias + relu, tf.nn.avg_pool2d, reshape, matmul to 6 classes, softmax; frozen with convert_variables_to_constants_v2")
def b_frozen_cnn(out):
    rng = np.random.default_rng(14)
    k1, k2 = tf.Variable(_const(rng, (3, 3, 3, 16))), tf.Variable(_const(rng, (3, 3, 16, 32)))
    b1, b2 = tf.Variable(np.zeros(16, "float32")), tf.Variable(np.zeros(32, "float32"))
    fc = _params([4 * 4 * 32, 6], 15, name="fc")

    def fn(image):
        x = tf.nn.relu(tf.nn.conv2d(image, k1, 2, "SAME") + b1)
        x = tf.nn.relu(tf.nn.conv2d(x, k2, 2, "SAME") + b2)
        x = tf.nn.avg_pool2d(x, 2, 2, "VALID")
        return tf.nn.softmax(_mlp(fc, tf.reshape(x, [1, -1])))
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["s57_frozen_v2_cnn_batch1_nn_ops"] = ["Identity"]


@model("s57_frozen_v2_kmeans_predict", "frozen-pb", "k-means cluster assignment frozen for a Rust service: 8 centroids as a constant [8,2], points float [None,2] -> squared distances by broadcasting, cluster int64 argmin and distance; convert_variables_to_constants_v2")
def b_frozen_kmeans(out):
    C = np.random.default_rng(16).random((8, 2)).astype("float32")

    def fn(points):
        d = tf.reduce_sum(tf.square(points[:, None, :] - C[None]), -1)
        return tf.argmin(d, axis=1), tf.reduce_min(d, axis=1)
    _freeze(fn, [tensor_spec([None, 2], name="points")], out)


OUTPUTS["s57_frozen_v2_kmeans_predict"] = ["Identity", "Identity_1"]


@model("s57_frozen_v2_unknown_shape_linear", "frozen-pb", "the Rust crate's regression example redone in TF2: y = w * x + b on an input of unknown shape (TensorSpec(None) 'x'), w and b scalar tf.Variables fitted by 50 GradientTape steps on y = 3x + 2, frozen with convert_variables_to_constants_v2")
def b_frozen_linear(out):
    w, b = tf.Variable(0.0, name="w"), tf.Variable(0.0, name="b")
    xs = np.linspace(0, 1, 32).astype("float32")
    for _ in range(50):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(w * xs + b - (3 * xs + 2)))
        for v, g in zip((w, b), tape.gradient(loss, [w, b])):
            v.assign_sub(0.5 * g)
    _freeze(lambda x: w * x + b, [tensor_spec(None, name="x")], out)


FEEDS["s57_frozen_v2_unknown_shape_linear"] = lambda rng: {"x": rng.random(5)}
OUTPUTS["s57_frozen_v2_unknown_shape_linear"] = ["Identity"]


@model("s57_frozen_v2_gru_step_char_ids", "frozen-pb", "one step of a character GRU frozen for a tfjs-converter / Java client that drives the loop: char_id int32 [1], h float [1,32] -> embedding gather, GRU cell written out, logits [1,40] and new h; convert_variables_to_constants_v2 (outputs Identity, Identity_1)")
def b_frozen_gru(out):
    rng = np.random.default_rng(17)
    E, Wz, Wn = tf.Variable(_const(rng, (40, 16))), tf.Variable(_const(rng, (48, 64))), tf.Variable(_const(rng, (48, 32)))
    head = _params([32, 40], 18, name="head")

    def fn(char_id, h):
        x = tf.gather(E, char_id)
        z, r = tf.split(tf.sigmoid(tf.matmul(tf.concat([x, h], -1), Wz)), 2, axis=-1)
        h = (1.0 - z) * tf.tanh(tf.matmul(tf.concat([x, r * h], -1), Wn)) + z * h
        return _mlp(head, h), h
    _freeze(fn, [tensor_spec([1], tf.int32, "char_id"), tensor_spec([1, 32], name="h")], out)


FEEDS["s57_frozen_v2_gru_step_char_ids"] = {"char_id": (0, 40)}
OUTPUTS["s57_frozen_v2_gru_step_char_ids"] = ["Identity", "Identity_1"]


@model("s57_frozen_v2_nested_tf_functions", "frozen-pb", "image model built from nested tf.function helpers (preprocess, conv block, head each a tf.function) frozen with convert_variables_to_constants_v2, which inlines the calls: image float [None,32,32,1] standardised, two conv blocks (tf.nn.conv2d + relu + max_pool2d), global mean, logits [None,3]")
def b_frozen_nested(out):
    rng = np.random.default_rng(19)
    ks = [tf.Variable(_const(rng, (3, 3, 1, 8))), tf.Variable(_const(rng, (3, 3, 8, 16)))]
    head = _params([16, 3], 20, name="head")

    @tf.function
    def preprocess(x):
        m, v = tf.nn.moments(x, axes=[1, 2, 3], keepdims=True)
        return (x - m) * tf.math.rsqrt(v + 1e-5)

    @tf.function
    def block(x, k):
        return tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, k, 1, "SAME")), 2, 2, "VALID")

    @tf.function
    def classify(x):
        return _mlp(head, tf.reduce_mean(x, axis=[1, 2]))
    _freeze(lambda image: classify(block(block(preprocess(image), ks[0]), ks[1])),
            [tensor_spec([None, 32, 32, 1], name="image")], out)


OUTPUTS["s57_frozen_v2_nested_tf_functions"] = ["Identity"]


# ================================================================================ TF1 graphs assembled op by op

@model("s57_tf1_go_example_input_output_frozen", "frozen-pb", "TF1 graph as the Go / Java label-image examples expect it: placeholder 'input' float [None,4], get_variable dense layers 16 relu / 3, softmax named 'output', 30 GradientDescentOptimizer steps on random data, frozen with graph_util.convert_variables_to_constants")
def b_tf1_go(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(21)
    st = {}

    def build():
        x = v1.placeholder(tf.float32, [None, 4], name="input")
        y_ = v1.placeholder(tf.int64, [None], name="labels")
        logits = _v1_dense(_v1_dense(x, "hidden", 16, tf.nn.relu), "logits", 3)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y_, logits=logits))
        st.update(x=x, y=y_, train=v1.train.GradientDescentOptimizer(0.1).minimize(loss))
        return [tf.nn.softmax(logits, name="output")]

    def train(s):
        for _ in range(30):
            s.run(st["train"], {st["x"]: rng.random((16, 4)), st["y"]: rng.integers(0, 3, 16)})
    _v1_freeze(out, build, train)


OUTPUTS["s57_tf1_go_example_input_output_frozen"] = ["output"]


@model("s57_tf1_unshaped_placeholder_reshape_frozen", "frozen-pb", "TF1 graph with a placeholder created without a shape (unknown rank, name 'input') as binding users pass flat float buffers: tf.reshape to [-1,8], dense 16 tanh / 2, identity 'output'; graph_util.convert_variables_to_constants")
def b_tf1_unshaped(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, name="input")
        h = _v1_dense(tf.reshape(x, [-1, 8]), "fc1", 16, tf.tanh)
        return [tf.identity(_v1_dense(h, "fc2", 2), name="output")]
    _v1_freeze(out, build)


FEEDS["s57_tf1_unshaped_placeholder_reshape_frozen"] = lambda rng: {"input": rng.random((2, 8))}
OUTPUTS["s57_tf1_unshaped_placeholder_reshape_frozen"] = ["output"]


def _saver_graph(device):
    """TF1 MLP [None,10] -> 16 relu -> 2 softmax 'output' (ref variables) pinned to `device`, and a Saver"""
    v1 = tf.compat.v1
    x = v1.placeholder(tf.float32, [None, 10], name="input")
    with tf.device(device), v1.variable_scope("mlp", use_resource=False):  # VariableV2, as TF 1.x made them
        logits = _v1_dense(_v1_dense(x, "layer1", 16, tf.nn.relu), "layer2", 2)
    with tf.device(device):
        y = tf.nn.softmax(logits, name="output")
    return x, y, v1.train.Saver()


def _saver_checkpoint(tmp, device):
    """build _saver_graph, initialize (soft placement for the pinned device) and save model.ckpt + model.ckpt.meta"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        _, _, saver = _saver_graph(device)
        with v1.Session(graph=g, config=v1.ConfigProto(allow_soft_placement=True)) as s:
            s.run(v1.global_variables_initializer())
            saver.save(s, os.path.join(tmp, "model.ckpt"))
    return os.path.join(tmp, "model.ckpt")


@model("s57_tf1_saver_meta_clear_devices_frozen", "frozen-pb", "TF1 MLP (VariableV2 ref variables) pinned to /device:GPU:0 and saved with tf.compat.v1.train.Saver (model.ckpt + model.ckpt.meta); re-imported with import_meta_graph(clear_devices=True), restored and frozen to 'output' with graph_util.convert_variables_to_constants: input float [None,10] -> 16 relu -> softmax 2")
def b_tf1_meta_clear(out):
    v1 = tf.compat.v1
    with tempfile.TemporaryDirectory() as tmp:
        ckpt = _saver_checkpoint(tmp, "/device:GPU:0")
        with tf.Graph().as_default() as g:
            saver = v1.train.import_meta_graph(ckpt + ".meta", clear_devices=True)
            with v1.Session(graph=g) as s:
                saver.restore(s, ckpt)
                s.run("output:0", _ph_feed(out, g))
                frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), ["output"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["s57_tf1_saver_meta_clear_devices_frozen"] = ["output"]


@model("s57_tf1_freeze_graph_tool_pbtxt_ckpt", "frozen-pb", "the classic freeze_graph workflow: TF1 CNN (placeholder 'input' float [None,28,28,1], get_variable ref-variable (VariableV2) conv 8 / 16 with bias_add, relu, max_pool, dense 10, softmax 'output') written with tf.io.write_graph as graph.pbtxt plus a Saver checkpoint, frozen by tensorflow.python.tools.freeze_graph (input_binary=False) to .pb")
def b_tf1_freeze_tool(out):
    from tensorflow.python.tools import freeze_graph
    v1 = tf.compat.v1
    with tempfile.TemporaryDirectory() as tmp:
        with tf.Graph().as_default() as g:
            v1.set_random_seed(0)
            x = v1.placeholder(tf.float32, [None, 28, 28, 1], name="input")
            h = x
            with v1.variable_scope("cnn", use_resource=False):  # VariableV2 (ref) variables, as TF 1.x made them
                for i, (cin, cout) in enumerate([(1, 8), (8, 16)]):
                    with v1.variable_scope(f"conv{i + 1}"):
                        w = v1.get_variable("weights", [3, 3, cin, cout],
                                            initializer=v1.truncated_normal_initializer(stddev=0.1))
                        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
                        h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, w, 1, "SAME"), b)), 2, 2, "SAME")
                logits = _v1_dense(tf.reshape(h, [-1, 7 * 7 * 16]), "fc", 10)
            tf.nn.softmax(logits, name="output")
            saver = v1.train.Saver()
            with v1.Session(graph=g) as s:
                s.run(v1.global_variables_initializer())
                s.run("output:0", _ph_feed(out, g))
                ckpt = saver.save(s, os.path.join(tmp, "model.ckpt"))
            tf.io.write_graph(g.as_graph_def(), tmp, "graph.pbtxt", as_text=True)
        freeze_graph.freeze_graph(input_graph=os.path.join(tmp, "graph.pbtxt"), input_saver="", input_binary=False,
                                  input_checkpoint=ckpt, output_node_names="output", restore_op_name="save/restore_all",
                                  filename_tensor_name="save/Const:0", output_graph=str(out), clear_devices=True,
                                  initializer_nodes="")


OUTPUTS["s57_tf1_freeze_graph_tool_pbtxt_ckpt"] = ["output"]


@model("s57_tf1_write_graph_constants_init_noop", "frozen-pb", "logistic regression graph as a Go program builds it with op.Const: weights and bias as Const nodes from numpy, placeholder 'features' float [None,5], MatMul + Add + Sigmoid named 'probability', an empty 'init' NoOp left in; written with tf.io.write_graph(as_text=False) as a binary .pb")
def b_tf1_write_graph(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(22)
    with tf.Graph().as_default() as g:
        x = v1.placeholder(tf.float32, [None, 5], name="features")
        w = tf.constant(_const(rng, (5, 1), 1.0), name="weights")
        b = tf.constant(np.float32(-0.1), name="bias")
        y = tf.sigmoid(tf.add(tf.matmul(x, w), b), name="probability")
        tf.no_op(name="init")
        with v1.Session(graph=g) as s:
            s.run([y, "init"], _ph_feed(out, g))
    tf.io.write_graph(g.as_graph_def(), str(out.parent), out.name, as_text=False)


OUTPUTS["s57_tf1_write_graph_constants_init_noop"] = ["probability"]


@model("s57_graphdef_handbuilt_mlp_no_shape_attr", "frozen-pb", "GraphDef written NodeDef by NodeDef as C API (TF_NewOperation) users do, attrs left at defaults: Placeholder 'input' with only dtype (no shape attr), Const weights, MatMul with only T (transpose_a/b defaulted), Add, Relu, MatMul, Add, Softmax 'output'; serialized without an import round-trip")
def b_handbuilt_mlp(out):
    from tensorflow.core.framework import graph_pb2
    rng = np.random.default_rng(23)
    gd, f32 = graph_pb2.GraphDef(), tf.float32
    _node(gd, "input", "Placeholder", dtype=f32)
    _node(gd, "w1", "Const", dtype=f32, value=_const(rng, (6, 12)))
    _node(gd, "b1", "Const", dtype=f32, value=np.zeros(12, "float32"))
    _node(gd, "w2", "Const", dtype=f32, value=_const(rng, (12, 3)))
    _node(gd, "b2", "Const", dtype=f32, value=np.zeros(3, "float32"))
    _node(gd, "MatMul", "MatMul", ["input", "w1"], T=f32)
    _node(gd, "Add", "Add", ["MatMul", "b1"], T=f32)
    _node(gd, "Relu", "Relu", ["Add"], T=f32)
    _node(gd, "MatMul_1", "MatMul", ["Relu", "w2"], T=f32)
    _node(gd, "Add_1", "Add", ["MatMul_1", "b2"], T=f32)
    _node(gd, "output", "Softmax", ["Add_1"], T=f32)
    _write_handbuilt(out, gd, ["output"])


FEEDS["s57_graphdef_handbuilt_mlp_no_shape_attr"] = lambda rng: {"input": rng.random((2, 6))}
OUTPUTS["s57_graphdef_handbuilt_mlp_no_shape_attr"] = ["output"]


@model("s57_graphdef_handbuilt_conv_default_attrs", "frozen-pb", "small CNN GraphDef assembled NodeDef by NodeDef (as the Go op package / C API write it): Placeholder 'input' float [1,16,16,1] with shape attr, Conv2D with only T / strides / padding (data_format, dilations, use_cudnn_on_gpu defaulted), BiasAdd without data_format, Relu, MaxPool with ksize / strides / padding only, Reshape with a Const shape (Tshape defaulted), MatMul, Softmax 'output'")
def b_handbuilt_conv(out):
    from tensorflow.core.framework import graph_pb2
    rng = np.random.default_rng(24)
    gd, f32 = graph_pb2.GraphDef(), tf.float32
    _node(gd, "input", "Placeholder", dtype=f32, shape=tf.TensorShape([1, 16, 16, 1]))
    _node(gd, "conv/kernel", "Const", dtype=f32, value=_const(rng, (3, 3, 1, 8)))
    _node(gd, "conv/bias", "Const", dtype=f32, value=np.zeros(8, "float32"))
    _node(gd, "conv/Conv2D", "Conv2D", ["input", "conv/kernel"], T=f32, strides=[1, 1, 1, 1], padding=b"SAME")
    _node(gd, "conv/BiasAdd", "BiasAdd", ["conv/Conv2D", "conv/bias"], T=f32)
    _node(gd, "conv/Relu", "Relu", ["conv/BiasAdd"], T=f32)
    _node(gd, "pool", "MaxPool", ["conv/Relu"], ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding=b"VALID")
    _node(gd, "flatten/shape", "Const", dtype=tf.int32, value=np.array([1, 8 * 8 * 8], "int32"))
    _node(gd, "flatten", "Reshape", ["pool", "flatten/shape"], T=f32)
    _node(gd, "fc/weights", "Const", dtype=f32, value=_const(rng, (512, 4), 0.05))
    _node(gd, "fc/MatMul", "MatMul", ["flatten", "fc/weights"], T=f32)
    _node(gd, "output", "Softmax", ["fc/MatMul"], T=f32)
    _write_handbuilt(out, gd, ["output"])


OUTPUTS["s57_graphdef_handbuilt_conv_default_attrs"] = ["output"]


@model("s57_tf1_kmeans_lloyd_frozen", "frozen-pb", "k-means in TF1 graph mode: centroids variable [5,3] updated by tf.compat.v1.assign in 10 Lloyd iterations run from a session (unsorted_segment_sum / counts), then the serving part frozen with graph_util: points float [None,3] -> cluster_idx int64 'cluster_idx' and distances [None,5] 'distances'")
def b_tf1_kmeans(out):
    v1 = tf.compat.v1
    data = np.random.default_rng(25).random((200, 3)).astype("float32")
    st = {}

    def build():
        pts = v1.placeholder(tf.float32, [None, 3], name="points")
        C = v1.get_variable("centroids", initializer=tf.constant(data[:5]))
        d = tf.reduce_sum(tf.square(pts[:, None, :] - C[None]), -1, name="distances")
        idx = tf.argmin(d, 1, name="cluster_idx")
        i32 = tf.cast(idx, tf.int32)
        s = tf.math.unsorted_segment_sum(pts, i32, 5)
        n = tf.math.unsorted_segment_sum(tf.ones_like(pts[:, :1]), i32, 5)
        st.update(pts=pts, update=v1.assign(C, tf.where(n > 0, s / tf.maximum(n, 1.0), C)))
        return [idx, d]

    def train(s):
        for _ in range(10):
            s.run(st["update"], {st["pts"]: data})
    _v1_freeze(out, build, train)


OUTPUTS["s57_tf1_kmeans_lloyd_frozen"] = ["cluster_idx", "distances"]


@model("s57_tf1_basic_rnn_unrolled_frozen", "frozen-pb", "basic tanh RNN written out op by op in TF1: placeholder 'sequence' float [None,8,4] split with tf.unstack, the same get_variable kernel / recurrent kernel reused over 8 steps (variable_scope reuse), dense 2 on the last state, softmax 'output'; graph_util.convert_variables_to_constants")
def b_tf1_rnn(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 8, 4], name="sequence")
        h = tf.zeros([tf.shape(x)[0], 16])
        for t, xt in enumerate(tf.unstack(x, axis=1)):
            with v1.variable_scope("rnn_cell", reuse=t > 0):
                wx = v1.get_variable("kernel", [4, 16], initializer=v1.glorot_uniform_initializer())
                wh = v1.get_variable("recurrent_kernel", [16, 16], initializer=v1.orthogonal_initializer())
                b = v1.get_variable("bias", [16], initializer=v1.zeros_initializer())
                h = tf.tanh(tf.matmul(xt, wx) + tf.matmul(h, wh) + b)
        return [tf.nn.softmax(_v1_dense(h, "dense", 2), name="output")]
    _v1_freeze(out, build)


OUTPUTS["s57_tf1_basic_rnn_unrolled_frozen"] = ["output"]


@model("s57_tf1_default_node_names_frozen", "frozen-pb", "TF1 graph where nothing was named (a binding user fetches 'Placeholder' and 'Softmax'): placeholder float [None,12], tf.Variable weights from tf.random.normal, MatMul / add / Relu / MatMul / add / Softmax with default names; graph_util.convert_variables_to_constants")
def b_tf1_default_names(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 12])
        w1, b1 = v1.Variable(v1.random_normal([12, 24], stddev=0.2)), v1.Variable(tf.zeros([24]))
        w2, b2 = v1.Variable(v1.random_normal([24, 3], stddev=0.2)), v1.Variable(tf.zeros([3]))
        return [tf.nn.softmax(tf.matmul(tf.nn.relu(tf.matmul(x, w1) + b1), w2) + b2)]
    _v1_freeze(out, build)


OUTPUTS["s57_tf1_default_node_names_frozen"] = ["Softmax"]


@model("s57_graph_library_partitioned_call_frozen", "frozen-pb", "plain TF1 graph holding a function library: a tf.function dense_relu(x, w, b) concrete function added with add_to_graph and called twice through tf.raw_ops.PartitionedCall with weights read from get_variable variables in the outer graph (placeholder 'input' float [None,8] -> 16 -> 8), then matmul to 3 and softmax 'output'; frozen with graph_util.convert_variables_to_constants (library kept)")
def b_partitioned(out):
    v1 = tf.compat.v1

    @tf.function
    def dense_relu(x, w, b):
        return tf.nn.relu(tf.matmul(x, w) + b)

    def build():
        g = v1.get_default_graph()
        x = v1.placeholder(tf.float32, [None, 8], name="input")
        h = x
        for i, (a, b) in enumerate([(8, 16), (16, 8)]):
            w = v1.get_variable(f"layer{i}/w", [a, b], initializer=v1.glorot_uniform_initializer())
            bias = v1.get_variable(f"layer{i}/b", [b], initializer=v1.zeros_initializer())
            cf = dense_relu.get_concrete_function(tf.TensorSpec([None, a]), tf.TensorSpec([a, b]), tf.TensorSpec([b]))
            cf.add_to_graph(g)
            h = tf.raw_ops.PartitionedCall(args=[h, w, bias], Tout=[tf.float32], f=cf, name=f"layer{i}/call")[0]
        return [tf.nn.softmax(_v1_dense(h, "logits", 3), name="output")]
    _v1_freeze(out, build)


OUTPUTS["s57_graph_library_partitioned_call_frozen"] = ["output"]


# ================================================================================ graphs in function form (dumps)

@model("s57_dump_function_form_mlp_args_retvals", "frozen-pb", "MLP graph saved from a function-body dump (as TF_DUMP_GRAPH_PREFIX / debug tools write them): the top level holds an _Arg node 'features' (T float, index 0, _output_shapes [None,20]) instead of a Placeholder and an _Retval 'identity_RetVal' after the output Identity; 20 -> 32 relu -> 32 relu -> 2 softmax, weights as Const")
def b_dump_mlp(out):
    p = _params([20, 32, 32, 2], 26, name="mlp")
    _write_dump(out, lambda features: _mlp(p, features, out_act=tf.nn.softmax), [tensor_spec([None, 20], name="features")])


ARGFORM.add("s57_dump_function_form_mlp_args_retvals")
OUTPUTS["s57_dump_function_form_mlp_args_retvals"] = ["identity_RetVal"]


@model("s57_dump_function_form_cnn_two_retvals", "frozen-pb", "small CNN saved from a graph dump in function form: _Arg 'image' float [1,28,28,1], tf.nn.conv2d 8 / 16 + relu + max_pool2d, reshape, matmul to 10; two _Retval nodes (index 0 logits, index 1 probabilities) after Identity / Identity_1, weights as Const")
def b_dump_cnn(out):
    rng = np.random.default_rng(27)
    k1, k2 = tf.Variable(_const(rng, (3, 3, 1, 8))), tf.Variable(_const(rng, (3, 3, 8, 16)))
    fc = _params([7 * 7 * 16, 10], 28, name="fc")

    def fn(image):
        x = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(image, k1, 1, "SAME")), 2, 2, "VALID")
        x = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, k2, 1, "SAME")), 2, 2, "VALID")
        logits = _mlp(fc, tf.reshape(x, [1, -1]))
        return logits, tf.nn.softmax(logits)
    _write_dump(out, fn, [tensor_spec([1, 28, 28, 1], name="image")])


ARGFORM.add("s57_dump_function_form_cnn_two_retvals")
OUTPUTS["s57_dump_function_form_cnn_two_retvals"] = ["identity_RetVal", "identity_1_RetVal"]


# ================================================================================ TF1 SavedModels (SavedModelBuilder)

@model("s57_tf1_sm_main_op_vocab_asset", "tf1-savedmodel", "TF1 text classifier saved with SavedModelBuilder and main_op (tf.compat.v1.saved_model.main_op.main_op(): local variables + tables init): tokens string [None,6] looked up in a StaticVocabularyTable (TextFileInitializer over a vocab_file constant added to the ASSET_FILEPATHS collection and passed as assets_collection, copied to assets/vocab.txt; 1 OOV bucket), get_variable embedding [23,16], mean, dense 2 logits; predict signature tokens -> probabilities, class_ids")
def b_sm_vocab(out):
    v1 = tf.compat.v1
    with tempfile.TemporaryDirectory() as tmp:
        vocab = Path(tmp) / "vocab.txt"
        vocab.write_text("\n".join(WORDS) + "\n")

        def build():
            tokens = v1.placeholder(tf.string, [None, 6], name="tokens")
            vocab_file = tf.constant(str(vocab), name="vocab_file")
            v1.add_to_collection(v1.GraphKeys.ASSET_FILEPATHS, vocab_file)
            table = tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(
                vocab_file, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER),
                num_oov_buckets=1)
            emb = v1.get_variable("embedding", [len(WORDS) + 1, 16], initializer=v1.random_normal_initializer(stddev=0.1))
            v = tf.reduce_mean(tf.nn.embedding_lookup(emb, table.lookup(tokens)), axis=1)
            probs = tf.nn.softmax(_v1_dense(v, "logits", 2))
            return ({"serving_default": _predict_sig({"tokens": tokens},
                                                     {"probabilities": probs, "class_ids": tf.argmax(probs, 1)})},
                    {"main_op": v1.saved_model.main_op.main_op(),
                     "assets_collection": v1.get_collection(v1.GraphKeys.ASSET_FILEPATHS)})
        _v1_builder(out, build)


FEEDS["s57_tf1_sm_main_op_vocab_asset"] = lambda rng: {"tokens": np.array(
    [["the", "movie", "was", "great", "fun", "!"], ["awful", "plot", "bad", "acting", "slow", "ending"]], object)}


def _examples(rng, n=3):
    """serialized tf.train.Example records with a float feature 'x' of length 4"""
    return np.array([tf.train.Example(features=tf.train.Features(feature={"x": tf.train.Feature(
        float_list=tf.train.FloatList(value=rng.random(4).tolist()))})).SerializeToString() for _ in range(n)], object)


@model("s57_tf1_sm_legacy_init_op_classify_examples", "tf1-savedmodel", "TF1 classifier in the Estimator export style served over tf.Example: serialized string [None] parsed with tf.io.parse_example (x FixedLenFeature [4]), dense 16 relu / 3, class names from a StaticHashTable (int64 id -> string); legacy_init_op = tf.group(tables_initializer, name='legacy_init_op'); signatures serving_default = classification_signature_def (inputs -> classes string [None,3], scores) and predict (examples -> probabilities, class_ids, class_names)")
def b_sm_classify(out):
    v1 = tf.compat.v1

    def build():
        serialized = v1.placeholder(tf.string, [None], name="input_example_tensor")
        x = tf.io.parse_example(serialized, {"x": tf.io.FixedLenFeature([4], tf.float32)})["x"]
        probs = tf.nn.softmax(_v1_dense(_v1_dense(x, "hidden", 16, tf.nn.relu), "logits", 3))
        names = tf.constant(["setosa", "versicolor", "virginica"])
        table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(tf.range(3, dtype=tf.int64), names), "UNK")
        ids = tf.argmax(probs, 1)
        classes = tf.tile(names[None], [tf.shape(probs)[0], 1])
        sigs = {"serving_default": v1.saved_model.classification_signature_def(serialized, classes, probs),
                "predict": _predict_sig({"examples": serialized},
                                        {"probabilities": probs, "class_ids": ids, "class_names": table.lookup(ids)})}
        return sigs, {"legacy_init_op": tf.group(v1.tables_initializer(), name="legacy_init_op")}
    _v1_builder(out, build)


FEEDS["s57_tf1_sm_legacy_init_op_classify_examples"] = lambda rng: {"inputs": _examples(rng), "examples": _examples(rng)}


@model("s57_tf1_sm_colon_tensor_name_keys", "tf1-savedmodel", "TF1 SavedModel whose signature defs name tensors the way a Java / C API caller fetches them: serving_default keys 'input:0' -> 'output:0' (built with build_signature_def / build_tensor_info, method tensorflow/serving/predict), second signature 'by_name' keys 'input' -> 'output' and 'hidden'; MLP input float [None,12] -> 24 relu -> 4 softmax 'output'")
def b_sm_colon(out):
    v1 = tf.compat.v1
    info = v1.saved_model.build_tensor_info

    def build():
        x = v1.placeholder(tf.float32, [None, 12], name="input")
        h = _v1_dense(x, "hidden", 24, tf.nn.relu)
        y = tf.nn.softmax(_v1_dense(h, "logits", 4), name="output")
        method = v1.saved_model.signature_constants.PREDICT_METHOD_NAME
        return ({"serving_default": v1.saved_model.build_signature_def({"input:0": info(x)}, {"output:0": info(y)}, method),
                 "by_name": v1.saved_model.build_signature_def({"input": info(x)}, {"output": info(y), "hidden": info(h)},
                                                               method)}, {})
    _v1_builder(out, build)


@model("s57_tf1_sm_saver_meta_keep_devices", "tf1-savedmodel", "TF1 MLP saved with tf.compat.v1.train.Saver (VariableV2 ref variables pinned to /device:CPU:0), re-imported with import_meta_graph keeping the device strings, restored and written with SavedModelBuilder passing the imported Saver (its save/... nodes kept): input float [None,10] -> 16 relu -> 2 softmax 'output', predict signature")
def b_sm_meta(out):
    v1 = tf.compat.v1
    with tempfile.TemporaryDirectory() as tmp:
        ckpt = _saver_checkpoint(tmp, "/device:CPU:0")
        with tf.Graph().as_default() as g:
            saver = v1.train.import_meta_graph(ckpt + ".meta")
            x, y = g.get_tensor_by_name("input:0"), g.get_tensor_by_name("output:0")
            with v1.Session(graph=g) as s:
                saver.restore(s, ckpt)
                s.run(y, _ph_feed(out, g))
                b = v1.saved_model.Builder(str(out))
                b.add_meta_graph_and_variables(s, ["serve"], saver=saver, signature_def_map={
                    "serving_default": _predict_sig({"input": x}, {"output": y})})
                b.save()


@model("s57_tf1_sm_stateful_partitioned_call_resource", "tf1-savedmodel", "TF1 graph with resource variables (get_variable use_resource=True) whose layer is a tf.function concrete function in the graph's library called through tf.raw_ops.StatefulPartitionedCall with the variables' read values, saved with SavedModelBuilder: features float [None,6] -> 16 tanh (called function) -> 1 sigmoid; predict signature")
def b_sm_spc(out):
    v1 = tf.compat.v1

    @tf.function
    def layer(x, w, b):
        return tf.tanh(tf.matmul(x, w) + b)

    def build():
        g = v1.get_default_graph()
        x = v1.placeholder(tf.float32, [None, 6], name="features")
        w = v1.get_variable("layer/w", [6, 16], use_resource=True, initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("layer/b", [16], use_resource=True, initializer=v1.zeros_initializer())
        cf = layer.get_concrete_function(tf.TensorSpec([None, 6]), tf.TensorSpec([6, 16]), tf.TensorSpec([16]))
        cf.add_to_graph(g)
        h = tf.raw_ops.StatefulPartitionedCall(args=[x, w.read_value(), b.read_value()], Tout=[tf.float32], f=cf)[0]
        with v1.variable_scope("out"):
            wo = v1.get_variable("w", [16, 1], use_resource=True, initializer=v1.glorot_uniform_initializer())
            p = tf.sigmoid(tf.matmul(h, wo), name="probability")
        return {"serving_default": _predict_sig({"features": x}, {"probability": p})}, {}
    _v1_builder(out, build)


@model("s57_tf1_sm_unknown_rank_train_signature", "tf1-savedmodel", "TF1 softmax regression saved with SavedModelBuilder for training from a binding: placeholder 'x' of unknown rank reshaped to [-1,10], labels int64 [None]; signatures serving_default (x -> probabilities, classes) and train (x, labels -> loss computed after a GradientDescentOptimizer step via control_dependencies)")
def b_sm_train(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, name="x")
        labels = v1.placeholder(tf.int64, [None], name="labels")
        logits = _v1_dense(tf.reshape(x, [-1, 10]), "softmax_regression", 3)
        probs = tf.nn.softmax(logits)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
        train_op = v1.train.GradientDescentOptimizer(0.05).minimize(loss)
        with tf.control_dependencies([train_op]):
            loss_after = tf.identity(loss, name="train_loss")
        return ({"serving_default": _predict_sig({"x": x}, {"probabilities": probs, "classes": tf.argmax(probs, 1)}),
                 "train": _predict_sig({"x": x, "labels": labels}, {"loss": loss_after})}, {})
    _v1_builder(out, build)


FEEDS["s57_tf1_sm_unknown_rank_train_signature"] = lambda rng: {"x": rng.random((2, 10)), "labels": (0, 3)}


@model("s57_tf1_sm_tags_serve_gpu_strip_defaults", "tf1-savedmodel", "TF1 CNN saved with SavedModelBuilder under tags serve + gpu and strip_default_attrs=True (default-valued attrs removed from the stored graph): images float [None,32,32,3], get_variable conv 16 / 32 (bias_add, relu, max_pool), global mean, dense 5; predict signature images -> scores, classes")
def b_sm_gpu(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        h = x
        for i, (cin, cout) in enumerate([(3, 16), (16, 32)]):
            with v1.variable_scope(f"conv{i}"):
                w = v1.get_variable("kernel", [3, 3, cin, cout], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
                h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, w, 1, "SAME"), b)), 2, 2, "VALID")
        scores = tf.nn.softmax(_v1_dense(tf.reduce_mean(h, [1, 2]), "dense", 5))
        return {"serving_default": _predict_sig({"images": x}, {"scores": scores, "classes": tf.argmax(scores, 1)})}, {}
    _v1_builder(out, build, tags=("serve", "gpu"), strip_default_attrs=True)


@model("s57_tf1_sm_embedding_ids_int64_two_signatures", "tf1-savedmodel", "TF1 recommender-style embedding model saved with SavedModelBuilder: user_id int64 [None], item_ids int64 [None,5] -> get_variable user [50,16] / item [80,16] embeddings via embedding_lookup, dot-product scores [None,5] and sigmoid; signatures serving_default and 'predict' (the same tensors under the shorter keys user / items -> score)")
def b_sm_recsys(out):
    v1 = tf.compat.v1

    def build():
        u = v1.placeholder(tf.int64, [None], name="user_id")
        it = v1.placeholder(tf.int64, [None, 5], name="item_ids")
        ue = v1.get_variable("user_embedding", [50, 16], initializer=v1.random_normal_initializer(stddev=0.1))
        ie = v1.get_variable("item_embedding", [80, 16], initializer=v1.random_normal_initializer(stddev=0.1))
        scores = tf.reduce_sum(tf.nn.embedding_lookup(ue, u)[:, None, :] * tf.nn.embedding_lookup(ie, it), -1)
        return ({"serving_default": _predict_sig({"user_id": u, "item_ids": it},
                                                 {"scores": scores, "probabilities": tf.sigmoid(scores)}),
                 "predict": _predict_sig({"user": u, "items": it}, {"score": scores})}, {})
    _v1_builder(out, build)


FEEDS["s57_tf1_sm_embedding_ids_int64_two_signatures"] = {"user_id": (0, 50), "user": (0, 50),
                                                                  "item_ids": (0, 80), "items": (0, 80)}


# ============================================================================ driver

def _check(name):
    """CORPUS.runner(FEEDS, OUTPUTS), except that a graph in function form is run from a copy with its _Arg / _Retval
    nodes turned into Placeholder / Identity"""
    if name not in ARGFORM:
        return CORPUS.runner(FEEDS, OUTPUTS)(name)
    gd = tf.compat.v1.GraphDef.FromString(CORPUS.path(name).read_bytes())
    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / (name + ".pb")
        p.write_bytes(_args_to_placeholders(gd).SerializeToString())
        res = run_model(p, lambda specs, sig: dummy_inputs(specs, FEEDS.get(name), sig), OUTPUTS.get(name))
    return res + " (_Arg / _Retval run as Placeholder / Identity)"


def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
