"""Build an independently made corpus into bench/out/fresh53/: models that carry device placement and distribution
mechanics into their exports, the way teams training on multi-device machines and clusters ship them. Keras models
built, compiled and fit under tf.distribute strategies (MirroredStrategy over two logical CPU devices, OneDeviceStrategy,
CentralStorageStrategy, a single-worker MultiWorkerMirroredStrategy) and exported with model.export or
tf.saved_model.save, a tf.Module of raw variables created under MirroredStrategy saved with the
EXPAND_DISTRIBUTED_VARIABLES policy, a serving function that calls strategy.run / strategy.reduce, and a Mirrored model
frozen with convert_variables_to_constants_v2; TF1 graph-mode graphs written with tf.device('/device:GPU:0') /
'/gpu:1' towers, '/cpu:0'-pinned input work and variables, tf.compat.v1.train.replica_device_setter and explicit
'/job:worker/task:0' / '/job:ps/task:0' scopes (built and frozen through an in-process tf.distribute.Server cluster),
colocate_with and ExponentialMovingAverage shadow variables, tf.xla.experimental.jit_scope, a freeze_graph-style
export_meta_graph / import_meta_graph(clear_devices=False) round trip and a SavedModelBuilder export with
clear_devices=False; all frozen with graph_util.convert_variables_to_constants so the device strings stay in the
NodeDefs; TF2 functions with tf.device blocks frozen with convert_variables_to_constants_v2; tf.Modules serving
tf.function(jit_compile=True) signatures and inner jit functions, functions tagged with experimental_implements (a
'gelu' name, an 'addons:MaxUnpooling2D' NameAttrList) and experimental_attributes (Keras-2-style api_implements /
api_preferred_device on a scan LSTM, _noinline on a shared encoder), signatures that call each other's tf.functions,
CPU-pinned string / hash-table / tokenizer / STFT / NMS work around a compute core placed on '/device:GPU:0', and
SaveOptions (experimental_io_device, function_aliases, save_debug_info, variable policies); Keras models built under
explicit tf.device scopes, Lambda / custom layers with device blocks inside, and a keras.export.ExportArchive with a
jit_compile endpoint. The compute parts are small CNNs, MLPs, transformer blocks, LSTMs and embedding lookups. Mostly
float32 inputs with small fixed shapes (batch 1 where projects serve one request) and some None batch / length dims;
uint8 images, int32 / int64 ids and string features where the model takes them. Seeded random weights (a short fit on
random data where the strategy is used for training); nothing is downloaded; every model runs forward once while it is
built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh53.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh53.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh53.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh53.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh53.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. The process configures its
one physical CPU as two logical CPU devices (so MirroredStrategy has two replicas on one machine). Graphs whose nodes are
placed on '/job:worker' / '/job:ps' can only run inside such a cluster: building and --check start an in-process
tf.distribute.Server pair (worker and ps on localhost) and run those graphs through the worker's session target.
"""

import os
import socket
import sys
import tempfile

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh53", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (ids in range, masks, strings): model -> {input name (or "signature/input"): value or
# (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is built;
# anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}
# Frozen graphs whose nodes are placed on /job:worker or /job:ps: run through the in-process cluster.
CLUSTER_MODELS = set()

CPUS = ["/cpu:0", "/cpu:1"]
WORDS = ("play some music turn off the lights what is weather tomorrow set a timer for ten minutes call mom "
         "remind me to buy milk how far is the airport order pizza cancel my alarm").split()


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _run_sigs(out, sigs):
    """run every tf.function signature once on the --check inputs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))


def _save(out, objs, options=None, **sigs):
    """run every signature once, then tf.saved_model.save a tf.Module holding objs (and the signature functions)"""
    _run_sigs(out, sigs)
    if options is None:
        serve_module(out, objs, **sigs)
        return
    mod = tf.Module()
    for k, v in {**objs, **{"f_" + k: f for k, f in sigs.items()}}.items():
        setattr(mod, k, v)
    tf.saved_model.save(mod, str(out), signatures=sigs, options=options)


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps the Inputs' batch
    size in the exported signature, else Keras relaxes the batch to None"""
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


def _soft():
    return tf.compat.v1.ConfigProto(allow_soft_placement=True)


_CLUSTER = {}


def _cluster():
    """an in-process cluster of one worker and one ps task on localhost (started once per process): (spec, worker
    server)"""
    if not _CLUSTER:
        ports = []
        for _ in range(2):
            s = socket.socket()
            s.bind(("localhost", 0))
            ports.append(s.getsockname()[1])
            s.close()
        spec = tf.train.ClusterSpec({"worker": [f"localhost:{ports[0]}"], "ps": [f"localhost:{ports[1]}"]})
        _CLUSTER["spec"] = spec
        _CLUSTER["worker"] = tf.distribute.Server(spec, job_name="worker", task_index=0, start=True)
        _CLUSTER["ps"] = tf.distribute.Server(spec, job_name="ps", task_index=0, start=True)
    return _CLUSTER["spec"], _CLUSTER["worker"]


def _v1_freeze(out, build, cluster=False):
    """TF1 graph: build() makes placeholders / variables (under whatever device scopes it uses) and returns the output
    tensors; initialize, run once on the --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants
    to the output node names (device fields are left as written). `cluster` runs the session on the in-process
    cluster's worker (graphs placed on /job:worker and /job:ps)."""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    target = _cluster()[1].target if cluster else ""
    with v1.Session(target, graph=g, config=_soft()) as s:
        s.run(init)
        s.run(outputs, {phs[k]: v.numpy() for k, v in vals.items()})
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_var(name, shape, stddev=None):
    """get_variable with truncated-normal weights (stddev given) or zero biases"""
    v1 = tf.compat.v1
    init = v1.truncated_normal_initializer(stddev=stddev) if stddev else v1.zeros_initializer()
    return v1.get_variable(name, shape, initializer=init)


def _v1_conv(x, name, cout, stride=1):
    """TF1 conv layer: get_variable weights / biases, conv2d SAME + bias_add + relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = _v1_var("weights", [3, 3, int(x.shape[-1]), cout], 0.1)
        b = _v1_var("biases", [cout])
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, [1, stride, stride, 1], "SAME"), b))


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights / biases, matmul + bias, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = _v1_var("weights", [int(x.shape[-1]), cout], 0.05)
        b = _v1_var("biases", [cout])
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _params(sizes, seed, name="mlp"):
    """an MLP kept as a list of (weight, bias) tf.Variables: glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype("float32"), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, "float32"), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, act=None, out_act=None):
    """apply _params: matmul + bias, `act` between layers (relu), `out_act` last"""
    act = act or tf.nn.relu
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = act(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


def _small_cnn(shape, filters=(16, 32, 64), name="backbone", bn=True):
    """Keras functional CNN backbone: (Conv2D same [+ BatchNormalization] + ReLU + MaxPooling2D) per stage"""
    inp = keras.Input(shape)
    x = inp
    for f in filters:
        x = L.Conv2D(f, 3, padding="same", use_bias=not bn)(x)
        if bn:
            x = L.BatchNormalization()(x)
        x = L.MaxPooling2D()(L.ReLU()(x))
    return keras.Model(inp, x, name=name)


def _encoder_block(x, heads=2, dim=32, ff=64, mask=None):
    """post-LN transformer encoder block from Keras layers: MultiHeadAttention + residual + LayerNormalization, FFN"""
    a = L.MultiHeadAttention(heads, dim // heads)(x, x, attention_mask=mask)
    x = L.LayerNormalization()(x + a)
    f = L.Dense(dim)(L.Dense(ff, activation="gelu")(x))
    return L.LayerNormalization()(x + f)


def _fit(m, x, y, epochs=1, bs=16):
    m.fit(x, y, epochs=epochs, batch_size=bs, verbose=0)


def _sentences(rng, n, lo=3, hi=9):
    return np.array([" ".join(rng.choice(WORDS, rng.integers(lo, hi))) for _ in range(n)], dtype=object)


# ================================================================================ tf.distribute strategies

@model("s53_mirrored_tabular_mlp_fit_export", "keras-export", "tabular churn classifier trained with MirroredStrategy over two (logical CPU) devices: Normalization adapted on data, Dense 64/32 relu, Dropout, Dense(1, sigmoid), all created and compiled under strategy.scope(), fit 1 epoch on random data; model.export (None batch) of float [None,20]")
def b_mirrored_mlp(out):
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=(256, 20)).astype("float32"), rng.integers(0, 2, 256)
    strategy = tf.distribute.MirroredStrategy(CPUS)
    with strategy.scope():
        norm = L.Normalization()
        norm.adapt(x)
        m = keras.Sequential([keras.Input((20,), name="features"), norm, L.Dense(64, activation="relu"),
                              L.Dense(32, activation="relu"), L.Dropout(0.2), L.Dense(1, activation="sigmoid")])
        m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
    _fit(m, x, y, bs=32)
    _export(m, out)


@model("s53_mirrored_cifar_cnn_tf_saved_model_save", "saved-model", "CIFAR-style CNN from a multi-GPU training script: built and compiled under MirroredStrategy (two logical CPU devices, cross_device_ops=HierarchicalCopyAllReduce), (Conv2D + BatchNormalization + ReLU) x2 + MaxPooling2D per stage, GlobalAveragePooling2D, Dense(10); fit 1 epoch; saved with plain tf.saved_model.save(model, path) outside the scope, float [None,32,32,3]")
def b_mirrored_cifar(out):
    rng = np.random.default_rng(2)
    strategy = tf.distribute.MirroredStrategy(CPUS, cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())
    with strategy.scope():
        inp = keras.Input((32, 32, 3), name="image")
        x = inp
        for f in (16, 32):
            for _ in range(2):
                x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(x)))
            x = L.MaxPooling2D()(x)
        m = keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling2D()(x)))
        m.compile("sgd", keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    _fit(m, rng.random((64, 32, 32, 3)).astype("float32"), rng.integers(0, 10, 64), bs=32)
    m(np.zeros((1, 32, 32, 3), "float32"), training=False)
    tf.saved_model.save(m, str(out))


@model("s53_mirrored_module_raw_vars_expand_policy", "tf-module", "research tf.Module whose variables (item embedding table 200x16, MLP 32/32/5 weights) were created under MirroredStrategy.scope() (MirroredVariables over two logical CPUs); signatures serving_default(features float [None,16], item_ids int32 [None]) -> logits, embed(item_ids) -> vectors; saved with SaveOptions(experimental_variable_policy=EXPAND_DISTRIBUTED_VARIABLES)")
def b_mirrored_module(out):
    strategy = tf.distribute.MirroredStrategy(CPUS)
    rng = np.random.default_rng(3)
    with strategy.scope():
        table = tf.Variable(rng.normal(0, 0.1, (200, 16)).astype("float32"), name="item_embeddings")
        mlp = _params([32, 32, 5], 3, name="ranker")

    @tf.function(input_signature=[tensor_spec([None, 16], name="features"), tensor_spec([None], "int32", "item_ids")])
    def serve(features, item_ids):
        return {"logits": _mlp(mlp, tf.concat([features, tf.gather(table, item_ids)], -1))}

    @tf.function(input_signature=[tensor_spec([None], "int32", "item_ids")])
    def embed(item_ids):
        return {"vectors": tf.math.l2_normalize(tf.gather(table, item_ids), axis=-1)}
    policy = tf.saved_model.experimental.VariablePolicy.EXPAND_DISTRIBUTED_VARIABLES
    _save(out, {"table": table, "mlp": mlp}, tf.saved_model.SaveOptions(experimental_variable_policy=policy),
          serving_default=serve, embed=embed)


FEEDS["s53_mirrored_module_raw_vars_expand_policy"] = {"item_ids": (0, 200)}


@model("s53_one_device_strategy_mobile_cnn_batch1", "keras-export", "mobile image classifier trained with OneDeviceStrategy('/cpu:0'): Conv2D stem stride 2, two SeparableConv2D + BatchNormalization + ReLU6 blocks, GlobalAveragePooling2D, Dense(6, softmax), built / compiled / fit under the scope; model.export with a fixed batch-1 signature float [1,64,64,3]")
def b_one_device(out):
    rng = np.random.default_rng(4)
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    with strategy.scope():
        inp = keras.Input((64, 64, 3), batch_size=1, name="image")
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(inp)))
        for f in (32, 64):
            x = L.ReLU(6.0)(L.BatchNormalization()(L.SeparableConv2D(f, 3, strides=2, padding="same", use_bias=False)(x)))
        m = keras.Model(inp, L.Dense(6, activation="softmax")(L.GlobalAveragePooling2D()(x)))
        m.compile("adam", "sparse_categorical_crossentropy")
    _fit(m, rng.random((32, 64, 64, 3)).astype("float32"), rng.integers(0, 6, 32), bs=1)
    _export(m, out, fixed=True)


@model("s53_central_storage_text_cnn_export", "keras-export", "intent text CNN trained with CentralStorageStrategy (variables on '/cpu:0', compute on two logical CPUs): token ids int32 [None,40] -> Embedding(1000,32), Conv1D(32,5) relu, GlobalMaxPooling1D, Dense(32), Dense(4, softmax); fit 1 epoch; model.export")
def b_central(out):
    rng = np.random.default_rng(5)
    strategy = tf.distribute.experimental.CentralStorageStrategy(compute_devices=CPUS, parameter_device="/cpu:0")
    with strategy.scope():
        m = keras.Sequential([keras.Input((40,), dtype="int32", name="token_ids"), L.Embedding(1000, 32),
                              L.Conv1D(32, 5, activation="relu"), L.GlobalMaxPooling1D(), L.Dense(32, activation="relu"),
                              L.Dense(4, activation="softmax")])
        m.compile("adam", "sparse_categorical_crossentropy")
    _fit(m, rng.integers(0, 1000, (64, 40)).astype("int32"), rng.integers(0, 4, 64), bs=32)
    _export(m, out)


FEEDS["s53_central_storage_text_cnn_export"] = {"token_ids": (0, 1000)}


@model("s53_mirrored_strategy_run_in_serving_fn", "tf-module", "evaluation code saved as the serving function: a Keras MLP (float [None,24] -> 64/64 relu -> 5) built under MirroredStrategy over two logical CPUs; the tf.function runs strategy.run(softmax(model(x))) on every replica and strategy.reduce(MEAN) over them, plus argmax; the replicated ops carry '/device:CPU:0' and '/device:CPU:1' placements")
def b_strategy_run(out):
    strategy = tf.distribute.MirroredStrategy(CPUS)
    with strategy.scope():
        net = keras.Sequential([keras.Input((24,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"), L.Dense(5)])

    def replica_fn(x):
        return tf.nn.softmax(net(x, training=False))

    @tf.function(input_signature=[tensor_spec([None, 24], name="features")])
    def serve(features):
        per_replica = strategy.run(replica_fn, args=(features,))
        probs = strategy.reduce(tf.distribute.ReduceOp.MEAN, per_replica, axis=None)
        return {"probabilities": probs, "label": tf.argmax(probs, axis=-1, output_type=tf.int32)}
    _save(out, {"net": net}, serving_default=serve)


@model("s53_mirrored_transformer_encoder_debug_info", "tf-module", "intent transformer trained data-parallel: Keras token + position Embedding (500 / 16 x 32), one MultiHeadAttention(2 heads) encoder block with padding mask, GlobalAveragePooling1D, Dense(6) built under MirroredStrategy; tf.Module signatures serving_default(token_ids int32 [None,16]) -> probabilities, encode(token_ids) -> pooled [None,32]; SaveOptions(save_debug_info=True, function_aliases={'encode': ...})")
def b_mirrored_transformer(out):
    strategy = tf.distribute.MirroredStrategy(CPUS)
    with strategy.scope():
        ids = keras.Input((16,), dtype="int32", name="token_ids")
        pos = L.Embedding(16, 32)(keras.ops.arange(16)[None])
        h = L.Embedding(500, 32)(ids) + pos
        mask = L.Lambda(lambda t: tf.cast(t > 0, tf.bool)[:, None, :], output_shape=(1, 16))(ids)
        h = _encoder_block(h, mask=mask)
        pooled = L.GlobalAveragePooling1D()(h)
        enc = keras.Model(ids, pooled, name="encoder")
        head = keras.Sequential([keras.Input((32,)), L.Dense(6)], name="head")

    @tf.function(input_signature=[tensor_spec([None, 16], "int32", "token_ids")])
    def encode(token_ids):
        return {"pooled": enc(token_ids, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 16], "int32", "token_ids")])
    def serve(token_ids):
        return {"probabilities": tf.nn.softmax(head(encode(token_ids)["pooled"]))}
    _save(out, {"encoder": enc, "head": head}, tf.saved_model.SaveOptions(save_debug_info=True, function_aliases={"encode": encode}),
          serving_default=serve, encode=encode)


FEEDS["s53_mirrored_transformer_encoder_debug_info"] = lambda rng: {"token_ids": np.concatenate(
    [rng.integers(1, 500, (2, 10)), np.zeros((2, 6), int)], 1)}


@model("s53_mirrored_wide_deep_frozen_v2", "frozen-pb", "wide & deep CTR model trained under MirroredStrategy, then frozen for a C++ server with convert_variables_to_constants_v2: dense_features float [1,13] and categorical ids int32 [1,6] (Embedding 300x8 flattened) -> deep Dense 64/32 relu, wide Dense(1) on the dense features, sum + sigmoid")
def b_mirrored_frozen(out):
    strategy = tf.distribute.MirroredStrategy(CPUS)
    with strategy.scope():
        dense = keras.Input((13,), batch_size=1, name="dense_features")
        cats = keras.Input((6,), batch_size=1, dtype="int32", name="cats")
        deep = L.Concatenate()([dense, L.Flatten()(L.Embedding(300, 8)(cats))])
        deep = L.Dense(1)(L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(deep)))
        m = keras.Model([dense, cats], L.Activation("sigmoid")(L.Add()([deep, L.Dense(1)(dense)])))
    _freeze(lambda d, c: {"ctr": m([d, c], training=False)},
            [tensor_spec([1, 13], name="dense_features"), tensor_spec([1, 6], "int32", "cats")], out)


FEEDS["s53_mirrored_wide_deep_frozen_v2"] = {"cats": (0, 300)}
OUTPUTS["s53_mirrored_wide_deep_frozen_v2"] = ["Identity"]


@model("s53_multiworker_single_worker_regressor_export", "keras-export", "demand-forecast regressor from a multi-worker training script run with one worker (MultiWorkerMirroredStrategy without TF_CONFIG): float [None,12] lag features -> Dense 32 relu -> Dense 16 relu -> Dense(1); compiled with MSE and fit 1 epoch under the scope; model.export")
def b_multiworker(out):
    rng = np.random.default_rng(6)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    with strategy.scope():
        m = keras.Sequential([keras.Input((12,), name="lags"), L.Dense(32, activation="relu"), L.Dense(16, activation="relu"),
                              L.Dense(1)])
        m.compile("adam", "mse")
    _fit(m, rng.random((64, 12)).astype("float32"), rng.random((64, 1)).astype("float32"), bs=32)
    _export(m, out)


# ================================================================================ TF1 graphs with device scopes, frozen

@model("s53_tf1_cpu_input_gpu_cnn_frozen", "frozen-pb", "TF1 graph-mode classifier written for a GPU box and frozen with graph_util.convert_variables_to_constants (devices kept): uint8 [None,32,32,3] placeholder cast / per_image_standardization under tf.device('/cpu:0'); get_variable conv 16/32 stride-2 + relu, fc 64, logits and softmax 'probabilities' under tf.device('/device:GPU:0')")
def b_tf1_gpu_cnn(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.uint8, [None, 32, 32, 3], name="image")
        with tf.device("/cpu:0"):
            h = tf.map_fn(tf.image.per_image_standardization, tf.cast(x, tf.float32))
        with tf.device("/device:GPU:0"):
            h = _v1_conv(_v1_conv(h, "conv1", 16, 2), "conv2", 32, 2)
            h = _v1_dense(tf.reshape(h, [-1, 8 * 8 * 32]), "fc1", 64, tf.nn.relu)
            return [tf.nn.softmax(_v1_dense(h, "logits", 10), name="probabilities")]
    _v1_freeze(out, build)


OUTPUTS["s53_tf1_cpu_input_gpu_cnn_frozen"] = ["probabilities"]


@model("s53_tf1_multi_gpu_towers_split_concat_frozen", "frozen-pb", "cifar10_multi_gpu_train-style TF1 graph frozen for inference: variables pinned to '/cpu:0' (_variable_on_cpu helper), the fixed batch float [8,24,24,3] tf.split into two towers on '/gpu:0' and '/gpu:1' sharing variables (variable_scope reuse), each conv 16/32 + pool + fc 64 + logits; logits concatenated and softmax / argmax on '/cpu:0'")
def b_tf1_towers(out):
    v1 = tf.compat.v1

    def var_on_cpu(name, shape, stddev=None):
        with tf.device("/cpu:0"):
            return _v1_var(name, shape, stddev)

    def tower(x):
        for i, c in enumerate((16, 32)):
            with v1.variable_scope(f"conv{i + 1}"):
                w, b = var_on_cpu("weights", [5, 5, int(x.shape[-1]), c], 0.05), var_on_cpu("biases", [c])
                x = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, w, 1, "SAME") + b), 3, 2, "SAME")
        x = tf.reshape(x, [int(x.shape[0]), -1])
        with v1.variable_scope("local3"):
            x = tf.nn.relu(tf.matmul(x, var_on_cpu("weights", [int(x.shape[-1]), 64], 0.04)) + var_on_cpu("biases", [64]))
        with v1.variable_scope("softmax_linear"):
            return tf.matmul(x, var_on_cpu("weights", [64, 10], 1 / 64.0)) + var_on_cpu("biases", [10])

    def build():
        images = v1.placeholder(tf.float32, [8, 24, 24, 3], name="images")
        with tf.device("/cpu:0"):
            splits = tf.split(images, 2, axis=0)
        logits = []
        with v1.variable_scope(v1.get_variable_scope()):
            for i in range(2):
                with tf.device(f"/gpu:{i}"), tf.name_scope(f"tower_{i}"):
                    logits.append(tower(splits[i]))
                    v1.get_variable_scope().reuse_variables()
        with tf.device("/cpu:0"):
            all_logits = tf.concat(logits, 0, name="logits")
            return [tf.nn.softmax(all_logits, name="probabilities"), tf.argmax(all_logits, 1, name="classes")]
    _v1_freeze(out, build)


OUTPUTS["s53_tf1_multi_gpu_towers_split_concat_frozen"] = ["probabilities", "classes"]


@model("s53_tf1_replica_device_setter_ctr_frozen", "frozen-pb", "between-graph replicated TF1 CTR model (ps / worker cluster) frozen from the worker session without clearing devices: variables placed by tf.compat.v1.train.replica_device_setter on /job:ps/task:0, compute on /job:worker/task:0; dense float [None,13] and categorical ids int64 [None,8] -> embedding_lookup (1000x8 table), fc 64/32 relu, sigmoid 'ctr'")
def b_tf1_replica(out):
    v1 = tf.compat.v1
    spec, _ = _cluster()

    def build():
        dense = v1.placeholder(tf.float32, [None, 13], name="dense")
        cats = v1.placeholder(tf.int64, [None, 8], name="cats")
        with v1.device(v1.train.replica_device_setter(worker_device="/job:worker/task:0", cluster=spec)):
            table = v1.get_variable("embedding", [1000, 8], initializer=v1.random_normal_initializer(stddev=0.05))
            emb = tf.reshape(tf.nn.embedding_lookup(table, cats), [-1, 64])
            h = _v1_dense(tf.concat([dense, emb], 1), "fc1", 64, tf.nn.relu)
            h = _v1_dense(h, "fc2", 32, tf.nn.relu)
            return [tf.sigmoid(_v1_dense(h, "logit", 1), name="ctr")]
    _v1_freeze(out, build, cluster=True)


FEEDS["s53_tf1_replica_device_setter_ctr_frozen"] = {"cats": (0, 1000)}
OUTPUTS["s53_tf1_replica_device_setter_ctr_frozen"] = ["ctr"]
CLUSTER_MODELS.add("s53_tf1_replica_device_setter_ctr_frozen")


@model("s53_tf1_job_worker_ps_scopes_autoencoder_frozen", "frozen-pb", "TF1 distributed anomaly autoencoder with hand-written device strings, frozen keeping them: weights created under tf.device('/job:ps/task:0'), the encoder (fc 32/8 relu) and decoder (fc 32 relu, 64 linear) under tf.device('/job:worker/task:0'), reconstruction error reduce_mean(square) per row as 'score'; input float [None,64]")
def b_tf1_job_scopes(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 64], name="x")
        sizes = [64, 32, 8, 32, 64]
        with tf.device("/job:ps/task:0"):
            ws = [(v1.get_variable(f"w{i}", [a, b], initializer=v1.glorot_uniform_initializer()),
                   v1.get_variable(f"b{i}", [b], initializer=v1.zeros_initializer())) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]
        with tf.device("/job:worker/task:0"):
            h = x
            for i, (w, b) in enumerate(ws):
                h = tf.matmul(h, w) + b
                h = tf.nn.relu(h) if i < len(ws) - 1 else h
            recon = tf.identity(h, name="reconstruction")
            return [recon, tf.reduce_mean(tf.square(recon - x), axis=1, name="score")]
    _v1_freeze(out, build, cluster=True)


OUTPUTS["s53_tf1_job_worker_ps_scopes_autoencoder_frozen"] = ["reconstruction", "score"]
CLUSTER_MODELS.add("s53_tf1_job_worker_ps_scopes_autoencoder_frozen")


@model("s53_tf1_meta_graph_clear_devices_false_kws_frozen", "frozen-pb", "freeze_graph.py flow for a TF1 keyword-spotting CNN trained on GPU: graph with '/device:GPU:0' conv / fc scopes and an MFCC placeholder float [None,49,10,1] saved with tf.compat.v1.train.Saver and export_meta_graph(clear_devices=False), re-imported with import_meta_graph(clear_devices=False), restored from the checkpoint and frozen to 'labels_softmax'")
def b_tf1_metagraph(out):
    v1 = tf.compat.v1
    with tempfile.TemporaryDirectory() as d:
        with tf.Graph().as_default() as g:
            v1.set_random_seed(0)
            x = v1.placeholder(tf.float32, [None, 49, 10, 1], name="fingerprint_input")
            with tf.device("/device:GPU:0"):
                h = _v1_conv(x, "conv1", 16, 2)
                h = _v1_conv(h, "conv2", 32, 2)
                h = tf.reshape(h, [-1, 13 * 3 * 32])
                logits = _v1_dense(h, "final_fc", 12)
            tf.nn.softmax(logits, name="labels_softmax")
            saver = v1.train.Saver()
            with v1.Session(graph=g, config=_soft()) as s:
                s.run(v1.global_variables_initializer())
                ckpt = saver.save(s, os.path.join(d, "model.ckpt"))
                v1.train.export_meta_graph(os.path.join(d, "model.meta"), clear_devices=False)
        with tf.Graph().as_default() as g2:
            restorer = v1.train.import_meta_graph(os.path.join(d, "model.meta"), clear_devices=False)
            with v1.Session(graph=g2, config=_soft()) as s:
                restorer.restore(s, ckpt)
                s.run("labels_softmax:0", {"fingerprint_input:0": np.random.default_rng(7).random((2, 49, 10, 1))})
                frozen = v1.graph_util.convert_variables_to_constants(s, g2.as_graph_def(), ["labels_softmax"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["s53_tf1_meta_graph_clear_devices_false_kws_frozen"] = ["labels_softmax"]


@model("s53_tf1_builder_clear_devices_false_gpu_savedmodel", "tf1-savedmodel", "TF1 face-embedding graph exported with SavedModelBuilder.add_meta_graph_and_variables(clear_devices=False): float [None,48,48,3] input normalised on '/cpu:0', conv 16/32/64 stride 2 + fc 32 embedding with l2_normalize under tf.device('/device:GPU:0'); predict signatures serving_default (embedding) and verify (two images -> squared distance)")
def b_tf1_builder(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        a = v1.placeholder(tf.float32, [None, 48, 48, 3], name="image")
        b = v1.placeholder(tf.float32, [None, 48, 48, 3], name="image_b")

        def embed(x):
            with tf.device("/cpu:0"):
                x = (x - 0.5) * 2.0
            with tf.device("/device:GPU:0"), v1.variable_scope("facenet", reuse=v1.AUTO_REUSE):
                for i, c in enumerate((16, 32, 64)):
                    x = _v1_conv(x, f"conv{i}", c, 2)
                x = _v1_dense(tf.reshape(x, [-1, 6 * 6 * 64]), "bottleneck", 32)
                return tf.math.l2_normalize(x, axis=1)
        ea, eb = embed(a), embed(b)
        dist = tf.reduce_sum(tf.square(ea - eb), axis=1)
        with v1.Session(graph=g, config=_soft()) as s:
            s.run(v1.global_variables_initializer())
            rng = np.random.default_rng(8)
            s.run(dist, {a: rng.random((2, 48, 48, 3)), b: rng.random((2, 48, 48, 3))})
            builder = v1.saved_model.Builder(str(out))
            builder.add_meta_graph_and_variables(
                s, [v1.saved_model.tag_constants.SERVING], clear_devices=False, signature_def_map={
                    "serving_default": v1.saved_model.predict_signature_def({"image": a}, {"embedding": ea}),
                    "verify": v1.saved_model.predict_signature_def({"image": a, "image_b": b}, {"distance": dist})})
            builder.save()


@model("s53_tf1_ptb_lstm_embedding_on_cpu_frozen", "frozen-pb", "PTB-tutorial-style TF1 language model frozen for on-device next-word scoring: token ids int32 [1,12]; embedding get_variable (500x32) and embedding_lookup under tf.device('/cpu:0') as the tutorial writes it; a hand-written LSTM cell (one fused gate matmul, sigmoid / tanh) unrolled 12 steps in Python under tf.device('/device:GPU:0'); softmax over 500 words per step")
def b_tf1_ptb(out):
    v1 = tf.compat.v1

    def build():
        ids = v1.placeholder(tf.int32, [1, 12], name="input_ids")
        with tf.device("/cpu:0"):
            embedding = v1.get_variable("embedding", [500, 32], initializer=v1.random_uniform_initializer(-0.1, 0.1))
            inputs = tf.nn.embedding_lookup(embedding, ids)
        with tf.device("/device:GPU:0"):
            w = v1.get_variable("lstm/kernel", [64, 128], initializer=v1.random_uniform_initializer(-0.1, 0.1))
            bias = v1.get_variable("lstm/bias", [128], initializer=v1.zeros_initializer())
            c = h = tf.zeros([1, 32])
            outs = []
            for t in range(12):
                i, j, f, o = tf.split(tf.matmul(tf.concat([inputs[:, t], h], 1), w) + bias, 4, axis=1)
                c = c * tf.sigmoid(f + 1.0) + tf.sigmoid(i) * tf.tanh(j)
                h = tf.tanh(c) * tf.sigmoid(o)
                outs.append(h)
            logits = _v1_dense(tf.reshape(tf.stack(outs, 1), [-1, 32]), "softmax", 500)
            return [tf.reshape(tf.nn.softmax(logits), [1, 12, 500], name="probabilities")]
    _v1_freeze(out, build)


FEEDS["s53_tf1_ptb_lstm_embedding_on_cpu_frozen"] = {"input_ids": (0, 500)}
OUTPUTS["s53_tf1_ptb_lstm_embedding_on_cpu_frozen"] = ["probabilities"]


@model("s53_tf1_ema_shadow_colocate_frozen", "frozen-pb", "TF1 MLP evaluated with ExponentialMovingAverage weights: variables on '/cpu:0', ema.apply creates shadow variables colocated with them, the inference path reads ema.average(var); softmax computed under tf.compat.v1.colocate_with(logits) and '/device:GPU:0' matmuls; float [None,30] -> fc 64/32 relu -> 3 classes; frozen with graph_util")
def b_tf1_ema(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 30], name="features")
        sizes = [30, 64, 32, 3]
        with tf.device("/cpu:0"):
            ws = [(v1.get_variable(f"fc{i}/w", [a, b], initializer=v1.glorot_uniform_initializer()),
                   v1.get_variable(f"fc{i}/b", [b], initializer=v1.zeros_initializer())) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]
        ema = v1.train.ExponentialMovingAverage(0.999)
        ema.apply([v for p in ws for v in p])
        h = x
        with tf.device("/device:GPU:0"):
            for i, (w, b) in enumerate(ws):
                h = tf.matmul(h, ema.average(w)) + ema.average(b)
                h = tf.nn.relu(h) if i < len(ws) - 1 else h
        with v1.colocate_with(h):
            probs = tf.nn.softmax(h, name="probabilities")
        return [probs]
    _v1_freeze(out, build)


OUTPUTS["s53_tf1_ema_shadow_colocate_frozen"] = ["probabilities"]


@model("s53_tf1_xla_jit_scope_gpu_mlp_frozen", "frozen-pb", "TF1 graph using tf.xla.experimental.jit_scope() (nodes get _XlaCompile / _XlaScope attributes) around the GPU MLP block of a tabular regressor: float [None,24] standardised with constant mean / std on '/cpu:0', fc 64/64 relu + output under tf.device('/device:GPU:0') inside the jit scope; frozen with graph_util")
def b_tf1_jit_scope(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 24], name="x")
        with tf.device("/cpu:0"):
            x = (x - np.linspace(0, 1, 24, dtype="float32")) / np.linspace(1, 2, 24, dtype="float32")
        with tf.device("/device:GPU:0"), tf.xla.experimental.jit_scope():
            h = _v1_dense(x, "fc1", 64, tf.nn.relu)
            h = _v1_dense(h, "fc2", 64, tf.nn.relu)
            return [tf.identity(_v1_dense(h, "out", 1), name="prediction")]
    _v1_freeze(out, build)


OUTPUTS["s53_tf1_xla_jit_scope_gpu_mlp_frozen"] = ["prediction"]


# ================================================================================ TF2 functions with device blocks, frozen

@model("s53_tf2_frozen_gpu_scope_mlp", "frozen-pb", "TF2 Keras MLP called inside tf.device('/device:GPU:0') in the function frozen with convert_variables_to_constants_v2: float [1,32] -> Dense 64/64 relu -> Dense(8) -> softmax")
def b_tf2_gpu_mlp(out):
    net = keras.Sequential([keras.Input((32,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"), L.Dense(8)])

    def fn(x):
        with tf.device("/device:GPU:0"):
            return {"probabilities": tf.nn.softmax(net(x, training=False))}
    _freeze(fn, [tensor_spec([1, 32], name="x")], out)


OUTPUTS["s53_tf2_frozen_gpu_scope_mlp"] = ["Identity"]


@model("s53_tf2_frozen_cpu_decode_gpu_cnn", "frozen-pb", "camera classifier frozen with convert_variables_to_constants_v2: uint8 [1,64,64,3] cast, resized to 48x48 and scaled under tf.device('/cpu:0'); Keras CNN (Conv2D + BatchNormalization + ReLU + MaxPooling2D x3, GlobalAveragePooling2D, Dense(5)) under tf.device('/GPU:0'); softmax and tf.math.top_k(3) back on '/cpu:0'")
def b_tf2_cpu_gpu(out):
    inp = keras.Input((48, 48, 3))
    net = keras.Model(inp, L.Dense(5)(L.GlobalAveragePooling2D()(_small_cnn((48, 48, 3))(inp))))

    def fn(image):
        with tf.device("/cpu:0"):
            x = tf.image.resize(tf.cast(image, tf.float32), (48, 48)) / 255.0
        with tf.device("/GPU:0"):
            logits = net(x, training=False)
        with tf.device("/cpu:0"):
            probs = tf.nn.softmax(logits)
            top = tf.math.top_k(probs, k=3)
        return {"probabilities": probs, "top_scores": top.values, "top_ids": top.indices}
    _freeze(fn, [tensor_spec([1, 64, 64, 3], "uint8", "image")], out)


OUTPUTS["s53_tf2_frozen_cpu_decode_gpu_cnn"] = ["Identity", "Identity_1", "Identity_2"]


@model("s53_tf2_frozen_inner_jit_head", "frozen-pb", "TF2 function frozen with convert_variables_to_constants_v2 whose classifier head is a nested tf.function(jit_compile=True): float [1,16,16,8] feature map -> Keras Conv2D 32 + GlobalAveragePooling2D in the outer function, the jitted head (raw-variable MLP 32/32/4 + softmax) called from it")
def b_tf2_inner_jit(out):
    trunk = keras.Sequential([keras.Input((16, 16, 8)), L.Conv2D(32, 3, padding="same", activation="relu"), L.GlobalAveragePooling2D()])
    head = _params([32, 32, 4], 9, name="head")

    @tf.function(jit_compile=True)
    def head_fn(f):
        return tf.nn.softmax(_mlp(head, f))

    def fn(x):
        return {"probabilities": head_fn(trunk(x, training=False))}
    _freeze(fn, [tensor_spec([1, 16, 16, 8], name="features")], out)


OUTPUTS["s53_tf2_frozen_inner_jit_head"] = ["Identity"]


# ================================================================================ tf.Modules: jit, implements, shared functions

@model("s53_module_jit_compile_serving_and_plain", "tf-module", "tf.Module serving a Keras CNN (float [None,32,32,3]) through two signatures: serving_default is a tf.function(jit_compile=True) returning softmax probabilities and argmax, predict_plain the same model without jit_compile")
def b_jit_sigs(out):
    inp = keras.Input((32, 32, 3))
    net = keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling2D()(_small_cnn((32, 32, 3), (16, 32))(inp))))
    spec = [tensor_spec([None, 32, 32, 3], name="image")]

    def predict(image):
        probs = tf.nn.softmax(net(image, training=False))
        return {"probabilities": probs, "label": tf.argmax(probs, -1, output_type=tf.int32)}
    _save(out, {"net": net}, serving_default=tf.function(predict, input_signature=spec, jit_compile=True),
          predict_plain=tf.function(predict, input_signature=spec))


@model("s53_module_jit_attention_core_masked", "tf-module", "tf.Module transformer block with raw tf.Variables whose attention core (scaled dot-product + additive mask + softmax) is a separate tf.function(jit_compile=True) called from the serving function: embeddings float [1,16,32], mask float [1,16] -> 2-head attention, residual + layer norm (tf.nn.moments), FFN 64 relu residual; outputs hidden states and masked-mean pooled vector")
def b_jit_attention(out):
    p = _params([32, 96], 11, name="qkv") + _params([32, 32], 12, name="proj")
    ff = _params([32, 64, 32], 13, name="ffn")

    @tf.function(jit_compile=True)
    def attention(q, k, v, mask):
        s = tf.matmul(q, k, transpose_b=True) / 4.0 + (1.0 - mask[:, None, None, :]) * -1e9
        return tf.matmul(tf.nn.softmax(s, axis=-1), v)

    def heads(t):
        return tf.transpose(tf.reshape(t, [1, 16, 2, 16]), [0, 2, 1, 3])

    @tf.function(input_signature=[tensor_spec([1, 16, 32], name="embeddings"), tensor_spec([1, 16], name="mask")])
    def serve(embeddings, mask):
        q, k, v = tf.split(tf.matmul(embeddings, p[0][0]) + p[0][1], 3, axis=-1)
        a = tf.reshape(tf.transpose(attention(heads(q), heads(k), heads(v), mask), [0, 2, 1, 3]), [1, 16, 32])
        h = embeddings + tf.matmul(a, p[1][0]) + p[1][1]
        mean, var = tf.nn.moments(h, axes=[-1], keepdims=True)
        h = (h - mean) * tf.math.rsqrt(var + 1e-6)
        h = h + _mlp(ff, h)
        pooled = tf.reduce_sum(h * mask[..., None], 1) / tf.maximum(tf.reduce_sum(mask, 1, keepdims=True), 1.0)
        return {"hidden": h, "pooled": pooled}
    _save(out, {"params": [p, ff]}, serving_default=serve)


FEEDS["s53_module_jit_attention_core_masked"] = {"mask": [[1.0] * 11 + [0.0] * 5]}


@model("s53_module_implements_gelu_layer_norm_encoder", "tf-module", "small transformer encoder tf.Module whose FFN activation is a tf.function(experimental_implements='gelu') (tanh approximation written out) and whose layer norm is a tf.function(experimental_implements='layer_norm'); serving_default(embeddings float [1,16,32]) -> hidden; raw-variable single-head attention + FFN 64; tf.saved_model.save")
def b_tf2_implements(out):
    rng = np.random.default_rng(10)
    W = {k: tf.Variable(rng.normal(0, 0.15, s).astype("float32"), name=k) for k, s in
         (("wq", (32, 32)), ("wk", (32, 32)), ("wv", (32, 32)), ("wo", (32, 32)), ("w1", (32, 64)), ("w2", (64, 32)))}

    @tf.function(experimental_implements="gelu")
    def gelu(x):
        return 0.5 * x * (1.0 + tf.tanh(0.7978845608 * (x + 0.044715 * tf.pow(x, 3))))

    @tf.function(experimental_implements="layer_norm")
    def layer_norm(x):
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) * tf.math.rsqrt(var + 1e-6)

    @tf.function(input_signature=[tensor_spec([1, 16, 32], name="embeddings")])
    def serve(embeddings):
        x = embeddings
        q, k, v = x @ W["wq"], x @ W["wk"], x @ W["wv"]
        att = tf.nn.softmax(tf.matmul(q, k, transpose_b=True) / np.sqrt(32.0).astype("float32"))
        h = layer_norm(x + tf.matmul(att, v) @ W["wo"])
        return {"hidden": layer_norm(h + gelu(h @ W["w1"]) @ W["w2"])}
    _save(out, {"weights": W}, serving_default=serve)


@model("s53_module_implements_max_unpooling_segnet", "tf-module", "SegNet-style segmenter for a phone app: float [1,32,32,3] -> Conv2D 16 -> tf.nn.max_pool_with_argmax (include_batch_in_index) -> Conv2D 32 -> unpooling by the saved argmax written as a tf.function(experimental_implements='name: \"addons:MaxUnpooling2D\" ...' NameAttrList with pool_size / strides / padding attrs) using tf.scatter_nd -> Conv2D 4 class logits and argmax mask")
def b_unpool(out):
    enc1 = keras.Sequential([keras.Input((32, 32, 3)), L.Conv2D(16, 3, padding="same", activation="relu")])
    enc2 = keras.Sequential([keras.Input((16, 16, 16)), L.Conv2D(16, 3, padding="same", activation="relu")])
    dec = keras.Sequential([keras.Input((32, 32, 16)), L.Conv2D(16, 3, padding="same", activation="relu"), L.Conv2D(4, 1)])
    sig = ('name: "addons:MaxUnpooling2D" attr { key: "pool_size" value { list { i: 2 i: 2 } } } '
           'attr { key: "strides" value { list { i: 2 i: 2 } } } attr { key: "padding" value { s: "SAME" } }')

    @tf.function(experimental_implements=sig)
    def max_unpooling(updates, mask):
        flat = tf.scatter_nd(tf.reshape(tf.cast(mask, tf.int32), [-1, 1]), tf.reshape(updates, [-1]), [1 * 32 * 32 * 16])
        return tf.reshape(flat, [1, 32, 32, 16])

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        pooled, argmax = tf.nn.max_pool_with_argmax(enc1(image, training=False), 2, 2, "SAME", include_batch_in_index=True)
        logits = dec(max_unpooling(enc2(pooled, training=False), argmax), training=False)
        return {"logits": logits, "mask": tf.argmax(logits, -1, output_type=tf.int32)}
    _save(out, {"enc1": enc1, "enc2": enc2, "dec": dec}, serving_default=serve)


@model("s53_module_api_implements_scan_lstm_cpu", "tf-module", "sequence classifier re-creating the Keras 2 LSTM layer's function swapping: the recurrence is a tf.function with experimental_attributes api_implements='lstm_9c1f2e', api_preferred_device='CPU', time_major=False, go_backwards=False, running tf.scan over time with a fused-gate LSTM (16 units) on raw variables; float [1,20,8] sensor windows -> last state -> Dense 3 softmax")
def b_api_impl(out):
    rng = np.random.default_rng(14)
    kernel = tf.Variable(rng.normal(0, 0.2, (8, 64)).astype("float32"), name="kernel")
    rec = tf.Variable(rng.normal(0, 0.2, (16, 64)).astype("float32"), name="recurrent_kernel")
    bias = tf.Variable(np.zeros(64, "float32"), name="bias")
    head = _params([16, 3], 15, name="dense")

    @tf.function(experimental_attributes={"api_implements": "lstm_9c1f2e", "api_preferred_device": "CPU",
                                          "time_major": False, "go_backwards": False})
    def standard_lstm(inputs, init_h, init_c):
        def step(state, x_t):
            h, c = state
            i, f, g, o = tf.split(tf.matmul(x_t, kernel) + tf.matmul(h, rec) + bias, 4, axis=1)
            c = tf.sigmoid(f) * c + tf.sigmoid(i) * tf.tanh(g)
            return tf.sigmoid(o) * tf.tanh(c), c
        hs, cs = tf.scan(step, tf.transpose(inputs, [1, 0, 2]), initializer=(init_h, init_c))
        return hs[-1], tf.transpose(hs, [1, 0, 2]), cs[-1]

    @tf.function(input_signature=[tensor_spec([1, 20, 8], name="window")])
    def serve(window):
        last, _, _ = standard_lstm(window, tf.zeros([1, 16]), tf.zeros([1, 16]))
        return {"probabilities": tf.nn.softmax(_mlp(head, last))}
    _save(out, {"vars": [kernel, rec, bias, head]}, serving_default=serve)


@model("s53_module_noinline_shared_encoder_three_sigs", "tf-module", "image-retrieval tf.Module: one encoder tf.function (Keras CNN -> 32-d l2-normalised embedding) marked experimental_attributes={'_noinline': True} and shared by three signatures: serving_default / embed(image float [None,32,32,3]), classify(image) -> 8-way softmax on the embedding, similarity(image_a, image_b) -> cosine")
def b_noinline(out):
    inp = keras.Input((32, 32, 3))
    cnn = keras.Model(inp, L.Dense(32)(L.GlobalAveragePooling2D()(_small_cnn((32, 32, 3), (16, 32), bn=False)(inp))))
    cls = keras.Sequential([keras.Input((32,)), L.Dense(8)])

    @tf.function(experimental_attributes={"_noinline": True})
    def encoder(x):
        return tf.math.l2_normalize(cnn(x, training=False), axis=-1)
    spec = tensor_spec([None, 32, 32, 3], name="image")

    @tf.function(input_signature=[spec])
    def embed(image):
        return {"embedding": encoder(image)}

    @tf.function(input_signature=[spec])
    def classify(image):
        return {"probabilities": tf.nn.softmax(cls(encoder(image)))}

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image_a"), tensor_spec([None, 32, 32, 3], name="image_b")])
    def similarity(image_a, image_b):
        return {"cosine": tf.reduce_sum(encoder(image_a) * encoder(image_b), -1)}
    _save(out, {"cnn": cnn, "cls": cls}, serving_default=embed, classify=classify, similarity=similarity)


@model("s53_module_signatures_call_each_other", "tf-module", "image service tf.Module whose tf.function methods call each other: preprocess(uint8 [None,64,64,3]) resizes to 48x48 and scales, predict(float [None,48,48,3]) runs a Keras CNN + softmax, postprocess(probabilities) gives top-2 ids / scores, and serving_default(uint8 image) calls self.preprocess -> self.predict -> self.postprocess; saved with serving_default, preprocess and predict as signatures")
def b_sig_calls(out):
    inp = keras.Input((48, 48, 3))
    net = keras.Model(inp, L.Dense(6)(L.GlobalAveragePooling2D()(_small_cnn((48, 48, 3), (16, 32))(inp))))

    class ImageService(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net

        @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], "uint8", "image")])
        def preprocess(self, image):
            return {"pixels": tf.image.resize(tf.cast(image, tf.float32), (48, 48)) / 255.0}

        @tf.function(input_signature=[tensor_spec([None, 48, 48, 3], name="pixels")])
        def predict(self, pixels):
            return {"probabilities": tf.nn.softmax(self.net(pixels, training=False))}

        @tf.function(input_signature=[tensor_spec([None, 6], name="probabilities")])
        def postprocess(self, probabilities):
            top = tf.math.top_k(probabilities, 2)
            return {"top_ids": top.indices, "top_scores": top.values}

        @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], "uint8", "image")])
        def serve(self, image):
            probs = self.predict(self.preprocess(image)["pixels"])["probabilities"]
            return {"probabilities": probs, **self.postprocess(probs)}
    svc = ImageService()
    sigs = {"serving_default": svc.serve, "preprocess": svc.preprocess, "predict": svc.predict}
    _run_sigs(out, sigs)
    tf.saved_model.save(svc, str(out), signatures=sigs)


@model("s53_module_cpu_string_lookup_mlp", "tf-module", "ranking tf.Module mixing CPU-pinned feature work with a compute core: string features country [None] and device [None] looked up in tf.lookup.StaticHashTable vocabularies (default -1 -> OOV bucket) under tf.device('/cpu:0'); embeddings (tf.Variable 9x8, 5x4) gathered and concatenated with numeric float [None,4], MLP 32/16 relu -> sigmoid score")
def b_string_lookup(out):
    countries = ["us", "de", "fr", "in", "br", "jp", "gb", "mx"]
    devices = ["ios", "android", "web", "tv"]
    with tf.device("/cpu:0"):
        t_country = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(countries, np.arange(8, dtype="int64")), -1)
        t_device = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(devices, np.arange(4, dtype="int64")), -1)
    rng = np.random.default_rng(16)
    e_country = tf.Variable(rng.normal(0, 0.1, (9, 8)).astype("float32"), name="country_embedding")
    e_device = tf.Variable(rng.normal(0, 0.1, (5, 4)).astype("float32"), name="device_embedding")
    mlp = _params([16, 32, 16, 1], 17, name="mlp")

    @tf.function(input_signature=[tensor_spec([None], "string", "country"), tensor_spec([None], "string", "device"),
                                  tensor_spec([None, 4], name="numeric")])
    def serve(country, device, numeric):
        with tf.device("/cpu:0"):
            c = t_country.lookup(tf.strings.lower(country))
            d = t_device.lookup(tf.strings.lower(device))
            c = tf.where(c < 0, tf.constant(8, tf.int64), c)
            d = tf.where(d < 0, tf.constant(4, tf.int64), d)
        x = tf.concat([tf.gather(e_country, c), tf.gather(e_device, d), numeric], -1)
        return {"score": tf.sigmoid(_mlp(mlp, x))}
    _save(out, {"tables": [t_country, t_device], "vars": [e_country, e_device, mlp]}, serving_default=serve)


FEEDS["s53_module_cpu_string_lookup_mlp"] = {"country": ["US", "zz"], "device": ["android", "Web"]}


@model("s53_module_cpu_tokenize_gpu_transformer", "tf-module", "assistant intent model: raw text string [None] lower-cased, regex-stripped, split on whitespace and hashed (tf.strings.to_hash_bucket_fast, 1000 buckets, +1) and padded / truncated to 16 ids under tf.device('/cpu:0'); Keras Embedding + one MultiHeadAttention encoder block + pooling + Dense(5) under tf.device('/device:GPU:0')")
def b_tokenize(out):
    ids = keras.Input((16,), dtype="int64")
    h = L.Embedding(1001, 32)(ids)
    h = _encoder_block(h)
    net = keras.Model(ids, L.Dense(5)(L.GlobalAveragePooling1D()(h)))

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def serve(text):
        with tf.device("/cpu:0"):
            t = tf.strings.regex_replace(tf.strings.lower(text), r"[^a-z0-9 ]", "")
            tokens = tf.strings.split(t)
            hashed = tf.strings.to_hash_bucket_fast(tokens, 1000) + 1
            padded = hashed.to_tensor(0, shape=[None, 16])
        with tf.device("/device:GPU:0"):
            logits = net(padded, training=False)
        return {"probabilities": tf.nn.softmax(logits), "token_ids": padded}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s53_module_cpu_tokenize_gpu_transformer"] = lambda rng: {"text": _sentences(rng, 2)}


@model("s53_module_io_device_aliases_two_tower", "tf-module", "two-tower retrieval model: user tower (Embedding 100x16 + Dense 32) and item tower (Embedding 300x16 + Dense 32); signatures serving_default(user_id int32 [None], item_ids int32 [None,10]) -> dot-product scores and top-3, user_embedding, item_embedding; saved with SaveOptions(experimental_io_device='/job:localhost', function_aliases={'user_tower': ..., 'item_tower': ...})")
def b_two_tower(out):
    user = keras.Sequential([keras.Input((), dtype="int32"), L.Embedding(100, 16), L.Dense(32)], name="user_tower")
    item = keras.Sequential([keras.Input((None,), dtype="int32"), L.Embedding(300, 16), L.Dense(32)], name="item_tower")

    @tf.function(input_signature=[tensor_spec([None], "int32", "user_id")])
    def user_embedding(user_id):
        return {"embedding": user(user_id, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 10], "int32", "item_ids")])
    def item_embedding(item_ids):
        return {"embedding": item(item_ids, training=False)}

    @tf.function(input_signature=[tensor_spec([None], "int32", "user_id"), tensor_spec([None, 10], "int32", "item_ids")])
    def serve(user_id, item_ids):
        scores = tf.einsum("bd,bnd->bn", user_embedding(user_id)["embedding"], item_embedding(item_ids)["embedding"])
        top = tf.math.top_k(scores, 3)
        return {"scores": scores, "top_items": tf.gather(item_ids, top.indices, batch_dims=1)}
    opts = tf.saved_model.SaveOptions(experimental_io_device="/job:localhost",
                                      function_aliases={"user_tower": user_embedding, "item_tower": item_embedding})
    _save(out, {"user": user, "item": item}, opts, serving_default=serve, user_embedding=user_embedding,
          item_embedding=item_embedding)


FEEDS["s53_module_io_device_aliases_two_tower"] = {"user_id": (0, 100), "item_ids": (0, 300)}


@model("s53_module_debug_info_pose_heatmaps_sigs", "tf-module", "single-person pose estimator tf.Module saved with SaveOptions(save_debug_info=True): Keras CNN backbone on float [1,64,64,3] -> 16x16 heatmaps for 8 keypoints; signatures serving_default (keypoints from argmax over the flattened heatmaps, unravelled with floordiv / floormod, and peak scores), heatmaps and backbone_features")
def b_pose(out):
    inp = keras.Input((64, 64, 3))
    feats = _small_cnn((64, 64, 3), (16, 32), name="backbone")(inp)
    backbone = keras.Model(inp, feats)
    head = keras.Sequential([keras.Input((16, 16, 32)), L.Conv2D(32, 3, padding="same", activation="relu"), L.Conv2D(8, 1)])
    spec = [tensor_spec([1, 64, 64, 3], name="image")]

    @tf.function(input_signature=spec)
    def backbone_features(image):
        return {"features": backbone(image, training=False)}

    @tf.function(input_signature=spec)
    def heatmaps(image):
        return {"heatmaps": tf.sigmoid(head(backbone(image, training=False), training=False))}

    @tf.function(input_signature=spec)
    def serve(image):
        hm = heatmaps(image)["heatmaps"]
        flat = tf.reshape(tf.transpose(hm, [0, 3, 1, 2]), [1, 8, 256])
        idx = tf.argmax(flat, -1, output_type=tf.int32)
        kp = tf.cast(tf.stack([idx // 16, idx % 16], -1), tf.float32) / 16.0
        return {"keypoints": kp, "scores": tf.reduce_max(flat, -1)}
    _save(out, {"backbone": backbone, "head": head}, tf.saved_model.SaveOptions(save_debug_info=True),
          serving_default=serve, heatmaps=heatmaps, backbone_features=backbone_features)


@model("s53_module_save_variable_devices_bow_classifier", "tf-module", "bag-of-words classifier whose embedding table (2000x16) was created under tf.device('/cpu:0') and dense weights under tf.device('/device:GPU:0') (placed softly), saved with SaveOptions(experimental_variable_policy=SAVE_VARIABLE_DEVICES): token ids int32 [None,24] (0 = padding) -> masked mean embedding -> Dense 32 relu -> 3 logits")
def b_var_devices(out):
    rng = np.random.default_rng(18)
    with tf.device("/cpu:0"):
        table = tf.Variable(rng.normal(0, 0.1, (2000, 16)).astype("float32"), name="embedding")
    with tf.device("/device:GPU:0"):
        mlp = _params([16, 32, 3], 19, name="classifier")

    @tf.function(input_signature=[tensor_spec([None, 24], "int32", "token_ids")])
    def serve(token_ids):
        with tf.device("/cpu:0"):
            emb = tf.nn.embedding_lookup(table, token_ids)
        mask = tf.cast(token_ids > 0, tf.float32)[..., None]
        mean = tf.reduce_sum(emb * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        logits = _mlp(mlp, mean)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    policy = tf.saved_model.experimental.VariablePolicy.SAVE_VARIABLE_DEVICES
    _save(out, {"table": table, "mlp": mlp}, tf.saved_model.SaveOptions(experimental_variable_policy=policy),
          serving_default=serve)


FEEDS["s53_module_save_variable_devices_bow_classifier"] = lambda rng: {"token_ids": np.concatenate(
    [rng.integers(1, 2000, (2, 15)), np.zeros((2, 9), int)], 1)}


@model("s53_module_gpu_detector_cpu_nms_padded", "tf-module", "toy single-shot detector: Keras CNN on float [1,64,64,3] producing an 8x8 grid of (objectness, 4 box offsets, 3 class logits) under tf.device('/device:GPU:0'); box decoding on the grid, then tf.image.non_max_suppression_padded (max 10, pad_to_max_output_size) and tf.gather of boxes / scores / classes under tf.device('/cpu:0'); outputs padded detections and valid count")
def b_detector(out):
    inp = keras.Input((64, 64, 3))
    head = keras.Model(inp, L.Conv2D(8, 1)(_small_cnn((64, 64, 3), (16, 32, 32), bn=False)(inp)))
    gy, gx = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(image):
        with tf.device("/device:GPU:0"):
            raw = tf.reshape(head(image, training=False), [1, 64, 8])
            obj, off, cls = tf.sigmoid(raw[..., 0]), tf.sigmoid(raw[..., 1:5]), tf.nn.softmax(raw[..., 5:])
            cy = (gy.reshape(1, 64).astype("float32") + off[..., 0]) / 8.0
            cx = (gx.reshape(1, 64).astype("float32") + off[..., 1]) / 8.0
            h, w = off[..., 2] * 0.4, off[..., 3] * 0.4
            boxes = tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], -1)
            scores = obj * tf.reduce_max(cls, -1)
        with tf.device("/cpu:0"):
            sel, valid = tf.image.non_max_suppression_padded(boxes[0], scores[0], 10, iou_threshold=0.5,
                                                             score_threshold=0.2, pad_to_max_output_size=True)
            return {"boxes": tf.gather(boxes[0], sel), "scores": tf.gather(scores[0], sel),
                    "classes": tf.gather(tf.argmax(cls[0], -1, output_type=tf.int32), sel), "num_detections": valid}
    _save(out, {"head": head}, serving_default=serve)


@model("s53_module_cpu_stft_jit_kws_core", "tf-module", "keyword spotter: waveform float [1,8000] -> log-mel features computed under tf.device('/cpu:0') (tf.signal.stft 256/128, magnitude, linear_to_mel_weight_matrix 20 bins, log) -> a tf.function(jit_compile=True) core running a Keras Conv2D 16/32 + pooling + Dense(6) classifier; outputs probabilities and label")
def b_stft_kws(out):
    mel = tf.signal.linear_to_mel_weight_matrix(20, 129, 8000, 20.0, 4000.0)
    inp = keras.Input((61, 20, 1))
    x = L.MaxPooling2D()(L.Conv2D(16, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling2D()(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(6)(L.GlobalAveragePooling2D()(x)))

    @tf.function(jit_compile=True)
    def core(feats):
        return tf.nn.softmax(net(feats, training=False))

    @tf.function(input_signature=[tensor_spec([1, 8000], name="waveform")])
    def serve(waveform):
        with tf.device("/cpu:0"):
            spec = tf.abs(tf.signal.stft(waveform, 256, 128))
            feats = tf.math.log(tf.tensordot(spec, mel, 1) + 1e-6)[..., None]
        probs = core(feats)
        return {"probabilities": probs, "label": tf.argmax(probs, -1, output_type=tf.int32)}
    _save(out, {"net": net, "mel": tf.Variable(mel, trainable=False, name="mel")}, serving_default=serve)


@model("s53_module_per_member_device_ensemble", "tf-module", "ensemble of three small Keras MLPs (float [None,10] -> 32 relu -> 4) each pinned with tf.device to its own device string ('/device:CPU:0', '/device:CPU:1', '/device:GPU:0') inside the serving tf.function, averaged on '/cpu:0'; second signature member_logits returns the stacked per-member logits")
def b_ensemble(out):
    members = [keras.Sequential([keras.Input((10,)), L.Dense(32, activation="relu"), L.Dense(4)], name=f"member_{i}")
               for i in range(3)]
    devices = ["/device:CPU:0", "/device:CPU:1", "/device:GPU:0"]

    def run_members(x):
        outs = []
        for d, m in zip(devices, members):
            with tf.device(d):
                outs.append(m(x, training=False))
        return outs

    @tf.function(input_signature=[tensor_spec([None, 10], name="features")])
    def serve(features):
        outs = run_members(features)
        with tf.device("/cpu:0"):
            probs = tf.add_n([tf.nn.softmax(o) for o in outs]) / 3.0
        return {"probabilities": probs}

    @tf.function(input_signature=[tensor_spec([None, 10], name="features")])
    def member_logits(features):
        return {"logits": tf.stack(run_members(features), 1)}
    _save(out, {"members": members}, serving_default=serve, member_logits=member_logits)


# ================================================================================ Keras models with explicit device scopes

@model("s53_keras_built_under_gpu_scope_export", "keras-export", "Keras CNN built, compiled and fit inside `with tf.device('/device:GPU:0'):` (the usual single-GPU script, run here with soft placement): float [None,28,28,1] Conv2D 16/32 + MaxPooling2D, Flatten, Dense(64), Dropout, Dense(10, softmax); model.export inside the same scope")
def b_keras_gpu(out):
    rng = np.random.default_rng(20)
    with tf.device("/device:GPU:0"):
        m = keras.Sequential([keras.Input((28, 28, 1), name="image"), L.Conv2D(16, 3, activation="relu"), L.MaxPooling2D(),
                              L.Conv2D(32, 3, activation="relu"), L.MaxPooling2D(), L.Flatten(),
                              L.Dense(64, activation="relu"), L.Dropout(0.3), L.Dense(10, activation="softmax")])
        m.compile("adam", "sparse_categorical_crossentropy")
        _fit(m, rng.random((64, 28, 28, 1)).astype("float32"), rng.integers(0, 10, 64), bs=32)
        _export(m, out)


@model("s53_keras_cpu_scope_ncf_batch1", "keras-export", "neural collaborative filtering model built under `with tf.device('/cpu:0'):` (embeddings kept on the host): user_id / item_id int32 [1,1] -> GMF (Embedding 8 elementwise product) and MLP (Embedding 16 concat -> Dense 32/16 relu) branches -> Dense(1, sigmoid); model.export with a fixed batch-1 signature")
def b_ncf(out):
    with tf.device("/cpu:0"):
        u = keras.Input((1,), batch_size=1, dtype="int32", name="user_id")
        i = keras.Input((1,), batch_size=1, dtype="int32", name="item_id")
        gmf = L.Multiply()([L.Flatten()(L.Embedding(100, 8)(u)), L.Flatten()(L.Embedding(400, 8)(i))])
        mlp = L.Concatenate()([L.Flatten()(L.Embedding(100, 16)(u)), L.Flatten()(L.Embedding(400, 16)(i))])
        mlp = L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(mlp))
        m = keras.Model([u, i], L.Dense(1, activation="sigmoid", name="rating")(L.Concatenate()([gmf, mlp])))
        _export(m, out, fixed=True)


FEEDS["s53_keras_cpu_scope_ncf_batch1"] = {"user_id": (0, 100), "item_id": (0, 400)}


@model("s53_keras_lambda_cpu_resize_layer", "keras-export", "Keras classifier whose first Lambda layer pins its preprocessing with tf.device('/cpu:0') inside the function (tf.image.resize of any-size float [None,None,None,3] to 40x40, per_image_standardization), then Conv2D 16/32/64 stride 2 relu, GlobalAveragePooling2D, Dense(3)")
def b_lambda_cpu(out):
    def preprocess(t):
        with tf.device("/cpu:0"):
            return tf.image.per_image_standardization(tf.image.resize(t, (40, 40)))
    inp = keras.Input((None, None, 3), name="image")
    x = L.Lambda(preprocess, output_shape=(40, 40, 3))(inp)
    for f in (16, 32, 64):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    _export(keras.Model(inp, L.Dense(3)(L.GlobalAveragePooling2D()(x))), out)


@model("s53_keras_string_lookup_cpu_custom_layer", "keras-export", "tabular Keras model with a custom layer wrapping StringLookup / Hashing in tf.device('/cpu:0') inside call: categorical strings [None,3] (occupation via StringLookup of 6 words, city via Hashing 32 bins, browser via StringLookup) -> one shared Embedding(40, 8) over the three id columns, flattened and concatenated with numeric float [None,5] -> Dense 32 relu -> Dense(1, sigmoid)")
def b_keras_lookup(out):
    class CpuCategorical(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.occ = L.StringLookup(vocabulary=["engineer", "teacher", "nurse", "artist", "driver", "chef"])
            self.city = L.Hashing(32)
            self.browser = L.StringLookup(vocabulary=["chrome", "firefox", "safari", "edge"])

        def call(self, cats):
            with tf.device("/cpu:0"):
                return tf.stack([self.occ(cats[:, 0]), self.city(cats[:, 1]), self.browser(cats[:, 2])], -1)
    cats = keras.Input((3,), dtype="string", name="categorical")
    num = keras.Input((5,), name="numeric")
    ids = CpuCategorical()(cats)
    emb = L.Flatten()(L.Embedding(40, 8)(ids))
    x = L.Dense(32, activation="relu")(L.Concatenate()([emb, num]))
    _export(keras.Model([cats, num], L.Dense(1, activation="sigmoid", name="score")(x)), out)


FEEDS["s53_keras_string_lookup_cpu_custom_layer"] = {"categorical": [["nurse", "berlin", "safari"], ["pilot", "lima", "chrome"]]}


@model("s53_keras_export_archive_jit_endpoint", "keras-archive", "keras.export.ExportArchive of a Keras MobileNet-like CNN (float [1,48,48,3]) with two endpoints: serve, a tf.function(jit_compile=True) returning softmax probabilities (also written as serving_default), and serve_features, a plain tf.function returning the pooled 64-d features")
def b_archive(out):
    inp = keras.Input((48, 48, 3))
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    for f in (32, 64):
        x = L.DepthwiseConv2D(3, strides=2, padding="same", activation="relu")(x)
        x = L.Conv2D(f, 1, activation="relu")(x)
    feats = L.GlobalAveragePooling2D()(x)
    m = keras.Model(inp, [L.Dense(5)(feats), feats])
    spec = [tensor_spec([1, 48, 48, 3], name="image")]
    serve = tf.function(lambda image: {"probabilities": tf.nn.softmax(m(image, training=False)[0])},
                        input_signature=spec, jit_compile=True)
    feat = tf.function(lambda image: {"features": m(image, training=False)[1]}, input_signature=spec)
    x0 = _feed(out, spec)["image"]
    serve(x0), feat(x0)
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", serve)
    archive.add_endpoint("serve_features", feat)
    archive.write_out(str(out), verbose=False)


@model("s53_keras_mirrored_multi_io_batch1_export", "keras-export", "multi-input / multi-output Keras model trained under MirroredStrategy (two logical CPUs, cross_device_ops=ReductionToOneDevice) and exported with fixed batch-1 signatures: image float [1,32,32,3] through a small CNN and metadata float [1,6] through Dense 16, fused Dense 32 -> category softmax (4) and price regression (1); compiled with two losses and fit 1 epoch")
def b_mirrored_multi(out):
    rng = np.random.default_rng(21)
    strategy = tf.distribute.MirroredStrategy(CPUS, cross_device_ops=tf.distribute.ReductionToOneDevice())
    with strategy.scope():
        img = keras.Input((32, 32, 3), batch_size=1, name="image")
        meta = keras.Input((6,), batch_size=1, name="metadata")
        f = L.GlobalAveragePooling2D()(_small_cnn((32, 32, 3), (16, 32), bn=False)(img))
        h = L.Dense(32, activation="relu")(L.Concatenate()([f, L.Dense(16, activation="relu")(meta)]))
        m = keras.Model([img, meta], {"category": L.Dense(4, activation="softmax", name="category")(h),
                                      "price": L.Dense(1, name="price")(h)})
        m.compile("adam", {"category": "sparse_categorical_crossentropy", "price": "mse"})
    _fit(m, [rng.random((16, 32, 32, 3)).astype("float32"), rng.random((16, 6)).astype("float32")],
         {"category": rng.integers(0, 4, 16), "price": rng.random((16, 1)).astype("float32")}, bs=2)
    _export(m, out, fixed=True)


# ============================================================================ driver

def _run_on_cluster(name):
    """--check of a graph placed on /job:worker and /job:ps: import it and run it once through the in-process cluster's
    worker session, fetching the output nodes it was frozen with"""
    p = CORPUS.path(name)
    g = tf.Graph()
    with g.as_default():
        tf.graph_util.import_graph_def(tf.compat.v1.GraphDef.FromString(p.read_bytes()), name="")
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = dummy_inputs({k: tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()}, FEEDS.get(name))
    fetch = {n: g.get_tensor_by_name(n + ":0") for n in OUTPUTS[name]}
    with tf.compat.v1.Session(_cluster()[1].target, graph=g) as s:
        res = s.run(fetch, {phs[k]: v.numpy() for k, v in vals.items()})
    return f"GraphDef on the in-process cluster, {len(phs)} inputs -> " + ", ".join(f"{k}{list(r.shape)}" for k, r in res.items())


def _check(name):
    return _run_on_cluster(name) if name in CLUSTER_MODELS else CORPUS.runner(FEEDS, OUTPUTS)(name)


def _setup():
    global tf, keras, np, L
    import tensorflow
    cpus = tensorflow.config.list_physical_devices("CPU")  # two logical CPU devices for the MirroredStrategy models
    tensorflow.config.set_logical_device_configuration(cpus[0], [tensorflow.config.LogicalDeviceConfiguration()] * 2)
    import keras as k
    import numpy
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
