"""Build an independently made corpus into bench/out/fresh55/: graphs that were edited, merged or re-wrapped after
training, the way model-porting and deployment engineers do it. Frozen GraphDefs loaded back into TF2 with
tf.compat.v1.wrap_function + tf.graph_util.import_graph_def and pruned / re-exported as SavedModels (input_map rewiring
a uint8 preprocessing input or a string tokenizer wrapper into the frozen placeholder, name prefixes, several signatures
over one imported graph); two or more frozen models merged into one graph with import_graph_def (an ensemble averaging
two CNNs, a detector whose box feeds tf.image.crop_and_resize into a classifier, a face detector + embedder, a backbone
with two separately frozen heads, an audio front end with tf.signal STFT / log-mel / MFCC merged in front of a frozen
keyword spotter); graphs pruned with tf.compat.v1.graph_util.extract_sub_graph or convert_variables_to_constants with a
subset of outputs (auxiliary heads dropped, embedding-only graphs), Keras sub-models cut at the penultimate layer;
hand-written GraphDef surgery (tower scopes renamed away, Identity / CheckNumerics / Assert nodes bypassed with their
control edges dropped, keep_prob / is_training / mean-std / temperature placeholders replaced by Const nodes, float32
weights stored as float16 Consts behind inserted Cast nodes); graphs where the training subgraph was left beside the
inference one (loss and tf.gradients frozen with the outputs, a TF1 SavedModel holding an Adam train op beside its predict
signature, a tf.Module with a train_step signature); batch norms folded into convolution / depthwise / dense weights by
hand (Keras re-built without BN, tf.constant graphs, raw tf.Variables); NCHW <-> NHWC switches (a Transpose wrapper
imported around a frozen NHWC model, onnx-tf-style per-layer transposes of an NCHW PyTorch port); Keras models re-wrapped
after training (uint8 Cast + Rescaling prepended, two models averaged, outputs renamed with argmax post-processing, a
fused QKV projection with transplanted weights); TF2 concrete functions frozen with convert_variables_to_constants_v2 and
re-imported (top-k post-processing appended, a GRU with its While loop re-saved), and a wrap_function over TF1
get_variable code saved with its variables. Exported as tf.saved_model.save of tf.Modules with explicit input
signatures, Keras 3 model.export (fixed batch-1 signatures and None batch), frozen .pb GraphDefs (TF2 functions frozen
with convert_variables_to_constants_v2, TF1 graph-mode graphs frozen with graph_util.convert_variables_to_constants,
merged / edited GraphDefs written as they came out of the surgery) and one TF1 SavedModelBuilder SavedModel. Mostly
float32 inputs with small fixed shapes, some None batch, uint8 images, int32 / int64 ids, string text. CNNs, MLPs, small
RNNs and embedding models with seeded random weights; nothing is downloaded; every model runs forward once while it is
built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh55.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh55.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh55.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh55.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh55.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, keras_export, run_model, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh55", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (ids in range, labels, strings, audio): model -> {input name (or "signature/input"): value
# or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is built;
# anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

RELU = "relu"  # marker for the TF1 layer helpers (tf is imported late)


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


def _run_back(out):
    """run the written model once as --check does (every signature, or the frozen graph's outputs)"""
    run_model(out, lambda specs, sig: dummy_inputs(specs, FEEDS.get(_name(out)), sig), OUTPUTS.get(_name(out)))


def _write_pb(out, gd):
    """write an edited / merged GraphDef as it came out of the script, then run it once"""
    out.write_bytes(gd.SerializeToString())
    _run_back(out)


def _gd_v2(fn, specs):
    """a TF2 function frozen with convert_variables_to_constants_v2: (GraphDef, output tensor names in the function's
    output structure)"""
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    concrete = tf.function(fn).get_concrete_function(*specs)
    frozen = convert_variables_to_constants_v2(concrete)
    return frozen.graph.as_graph_def(), tf.nest.pack_sequence_as(concrete.structured_outputs,
                                                                 [t.name for t in frozen.outputs])


def _v1_frozen(build, seed=0, keep=None):
    """a TF1 graph-mode model frozen with graph_util.convert_variables_to_constants: build() makes placeholders /
    get_variable layers and returns its output tensors (their op names are kept, or `keep`)"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(seed)
        outs = build()
        init = v1.global_variables_initializer()
        with v1.Session(graph=g) as s:
            s.run(init)
            return v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), keep or [o.op.name for o in outs])


def _wrap(gd, inputs, outputs, prefix=""):
    """the usual 'load a frozen graph in TF2' recipe: wrap_function around import_graph_def, then prune to the named
    input / output tensors (names without the prefix)"""
    def imports():
        tf.graph_util.import_graph_def(gd, name=prefix)
    w = tf.compat.v1.wrap_function(imports, [])

    def el(n):
        return w.graph.as_graph_element(f"{prefix}/{n}" if prefix else n)
    return w.prune(tf.nest.map_structure(el, inputs), tf.nest.map_structure(el, outputs))


def _v1_conv(x, name, cout, k=3, s=1, act=RELU, depthwise=False):
    """TF1 conv layer with get_variable weights / biases (glorot / zeros), SAME padding; depthwise keeps channels"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        cin = int(x.shape[-1])
        if depthwise:
            w = v1.get_variable("depthwise_weights", [k, k, cin, 1], initializer=v1.glorot_uniform_initializer())
            y, cout = tf.nn.depthwise_conv2d(x, w, [1, s, s, 1], "SAME"), cin
        else:
            w = v1.get_variable("weights", [k, k, cin, cout], initializer=v1.glorot_uniform_initializer())
            y = tf.nn.conv2d(x, w, s, "SAME")
        y = tf.nn.bias_add(y, v1.get_variable("biases", [cout], initializer=v1.zeros_initializer()))
        return _act(y, act)


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / biases (zeros)"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return _act(tf.matmul(x, w) + b, act)


def _act(y, act):
    if act == RELU:
        return tf.nn.relu(y)
    return act(y) if act else y


def _v1_cnn(x, widths, classes, scope="net"):
    """TF1 CNN: stride-2 3x3 convs, global mean, dense logits"""
    with tf.compat.v1.variable_scope(scope):
        for i, w in enumerate(widths):
            x = _v1_conv(x, f"conv{i + 1}", w, s=2)
        return _v1_dense(tf.reduce_mean(x, axis=[1, 2]), "logits", classes)


def _v1_image_classifier(shape, widths, classes, seed, in_name="input"):
    """frozen TF1 classifier: placeholder `in_name` float [shape] in [-1,1] -> CNN -> softmax 'probs'"""
    def build():
        x = tf.compat.v1.placeholder(tf.float32, shape, name=in_name)
        return [tf.nn.softmax(_v1_cnn(x, widths, classes), name="probs")]
    return _v1_frozen(build, seed=seed)


def _kcnn(shape, widths, classes, bn=True, name=None, act="softmax"):
    """Keras functional CNN: Conv2D (stride 2) [+ BatchNormalization] relu blocks, GAP, Dense 'embedding', Dense head"""
    inp = keras.Input(shape)
    x = inp
    for w in widths:
        x = L.Conv2D(w, 3, strides=2, padding="same", use_bias=not bn)(x)
        x = L.ReLU()(L.BatchNormalization()(x) if bn else x)
    e = L.Dense(32, activation="relu", name="embedding")(L.GlobalAveragePooling2D()(x))
    return keras.Model(inp, L.Dense(classes, activation=act, name="head")(e), name=name)


def _randomize_bn(m, seed):
    """give every BatchNormalization layer trained-looking statistics (the corpus does not train)"""
    rng = np.random.default_rng(seed)
    for layer in m.layers:
        if isinstance(layer, L.BatchNormalization):
            n = layer.gamma.shape[0]
            layer.set_weights([rng.uniform(0.5, 1.5, n), rng.normal(0, 0.1, n), rng.normal(0, 0.2, n),
                               rng.uniform(0.5, 2.0, n)])


def _fold(kernel, bn_layer, bias=None, depthwise=False):
    """fold an inference BatchNormalization into the preceding kernel (last axis = output channels, or the
    depthwise channel axis 2): w' = w * gamma / sqrt(var + eps), b' = beta + (b - mean) * gamma / sqrt(var + eps)"""
    gamma, beta, mean, var = [np.asarray(v) for v in bn_layer.get_weights()]
    scale = gamma / np.sqrt(var + bn_layer.epsilon)
    b = np.zeros_like(mean) if bias is None else bias
    k = kernel * (scale[None, None, :, None] if depthwise else scale)
    return k.astype("float32"), (beta + (b - mean) * scale).astype("float32")


# ---------------------------------------------------------------------------- GraphDef surgery

def _ref(inp):
    """'^name' / 'name:port' -> (is_control, name, port)"""
    ctrl = inp.startswith("^")
    name, _, port = (inp[1:] if ctrl else inp).partition(":")
    return ctrl, name, port


def _copy_header(gd):
    new = tf.compat.v1.GraphDef()
    new.versions.CopyFrom(gd.versions)
    new.library.CopyFrom(gd.library)
    return new


def _bypass(gd, op_types, keep=()):
    """drop every node of `op_types` (except `keep`): consumers of an Identity / CheckNumerics-like node are rewired to its
    first data input, control edges to a dropped node (Assert) are removed; colocation attrs are cleared"""
    drop = {n.name: n for n in gd.node if n.op in op_types and n.name not in keep}

    def resolve(inp):
        ctrl, name, port = _ref(inp)
        while name in drop:
            data = [i for i in drop[name].input if not i.startswith("^")]
            if ctrl or not data:
                return None
            _, name, port = _ref(data[0])
        return ("^" if ctrl else "") + name + (f":{port}" if port and port != "0" else "")
    new = _copy_header(gd)
    for n in gd.node:
        if n.name in drop:
            continue
        m = new.node.add()
        m.CopyFrom(n)
        del m.input[:]
        seen = []
        for i in n.input:
            r = resolve(i)
            if r is not None and r not in seen:
                seen.append(r)
        m.input.extend([i for i in seen if not i.startswith("^")] + [i for i in seen if i.startswith("^")])
        if "_class" in m.attr:
            del m.attr["_class"]
    return new


def _rename(gd, fn):
    """rename every node by fn(old name) and rewrite the inputs that refer to it"""
    new = _copy_header(gd)
    for n in gd.node:
        m = new.node.add()
        m.CopyFrom(n)
        m.name = fn(n.name)
        del m.input[:]
        for i in n.input:
            ctrl, name, port = _ref(i)
            m.input.append(("^" if ctrl else "") + fn(name) + (f":{port}" if port else ""))
        if "_class" in m.attr:
            del m.attr["_class"]
    return new


def _to_const(gd, name, value, dtype):
    """replace the node `name` (a Placeholder / PlaceholderWithDefault) by a Const holding `value`"""
    new = _copy_header(gd)
    new.node.extend(gd.node)
    for n in new.node:
        if n.name == name:
            n.op = "Const"
            del n.input[:]
            n.attr.clear()
            n.attr["dtype"].type = dtype.as_datatype_enum
            n.attr["value"].tensor.CopyFrom(tf.make_tensor_proto(value, dtype))
            return new
    raise KeyError(name)


def _fp16_weights(gd, min_size=64):
    """store every float32 Const with >= min_size elements as a float16 Const '<name>/fp16' followed by a Cast node
    taking the original name (so consumers are untouched), as size-halving scripts do"""
    new = _copy_header(gd)
    for n in gd.node:
        if n.op == "Const" and n.attr["dtype"].type == tf.float32.as_datatype_enum:
            arr = tf.make_ndarray(n.attr["value"].tensor)
            if arr.size >= min_size:
                c = new.node.add()
                c.name, c.op = n.name + "/fp16", "Const"
                c.attr["dtype"].type = tf.float16.as_datatype_enum
                c.attr["value"].tensor.CopyFrom(tf.make_tensor_proto(arr.astype("float16")))
                cast = new.node.add()
                cast.name, cast.op = n.name, "Cast"
                cast.input.append(c.name)
                cast.attr["SrcT"].type = tf.float16.as_datatype_enum
                cast.attr["DstT"].type = tf.float32.as_datatype_enum
                cast.attr["Truncate"].b = False
                continue
        new.node.add().CopyFrom(n)
    return new


# ================================================================================ frozen graphs re-wrapped in TF2

@model("s55_tf1_dwsep_cnn_frozen_wrap_function_resaved", "tf-module", "TF1 depthwise-separable CNN (get_variable conv 16 s2, depthwise 3x3 + pointwise 32, conv 48 s2, mean, dense 10, softmax 'probs') frozen with convert_variables_to_constants, loaded back in TF2 with wrap_function + import_graph_def, pruned to input:0 -> probs:0 and re-saved as a SavedModel: serving_default(image float [1,32,32,3]) -> probs, class_id int32")
def b_dwsep_resaved(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        with tf.compat.v1.variable_scope("MobilenetLite"):
            x = _v1_conv(x, "Conv2d_0", 16, s=2)
            x = _v1_conv(_v1_conv(x, "Conv2d_1_depthwise", 0, depthwise=True), "Conv2d_1_pointwise", 32, k=1)
            x = _v1_conv(x, "Conv2d_2", 48, s=2)
            logits = _v1_dense(tf.reduce_mean(x, [1, 2]), "Logits", 10)
        return [tf.nn.softmax(logits, name="probs")]
    f = _wrap(_v1_frozen(build), "input:0", "probs:0")

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        p = f(image)
        return {"probs": p, "class_id": tf.argmax(p, -1, output_type=tf.int32)}
    _save(out, {}, serving_default=serve)


@model("s55_frozen_cnn_input_map_uint8_preprocess_resaved", "tf-module", "frozen TF1 classifier expecting float [1,48,48,3] in [-1,1] re-wrapped for an app: wrap_function over import_graph_def(name='classifier') with input_map from a uint8 [1,48,48,3] argument cast and scaled (x / 127.5 - 1) into input:0; signatures serving_default(image_bytes uint8) and float_input(image float, the plain pruned graph), outputs probs [1,6]")
def b_input_map_uint8(out):
    gd = _v1_image_classifier([1, 48, 48, 3], (16, 32, 32), 6, seed=1)

    def imported(img):
        x = tf.cast(img, tf.float32) / 127.5 - 1.0
        return tf.graph_util.import_graph_def(gd, input_map={"input:0": x}, return_elements=["probs:0"], name="classifier")[0]
    f_u8 = tf.compat.v1.wrap_function(imported, [tensor_spec([1, 48, 48, 3], "uint8")])
    f_float = _wrap(gd, "input:0", "probs:0", prefix="classifier")

    @tf.function(input_signature=[tensor_spec([1, 48, 48, 3], "uint8", "image_bytes")])
    def serve(image_bytes):
        return {"probs": f_u8(image_bytes)}

    @tf.function(input_signature=[tensor_spec([1, 48, 48, 3], name="image")])
    def float_input(image):
        return {"probs": f_float(image)}
    _save(out, {}, serving_default=serve, float_input=float_input)


@model("s55_keras_frozen_v2_reimported_probs_embedding_sigs", "tf-module", "Keras CNN (Conv2D + BatchNormalization relu x3, GAP, Dense 'embedding' 32, Dense 5 softmax) with two outputs frozen by convert_variables_to_constants_v2 at image float [None,32,32,3], re-imported with wrap_function + prune and re-saved: signatures serving_default -> probs and embed -> embedding [None,32] over the same imported graph")
def b_v2_reimport_two(out):
    m = _kcnn((32, 32, 3), (16, 32, 32), 5)
    _randomize_bn(m, 3)
    both = keras.Model(m.input, {"probs": m.output, "embedding": m.get_layer("embedding").output})
    gd, names = _gd_v2(lambda t: both(t, training=False), [tensor_spec([None, 32, 32, 3], name="image")])
    f_probs, f_emb = _wrap(gd, "image:0", names["probs"]), _wrap(gd, "image:0", names["embedding"])

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def serve(image):
        return {"probs": f_probs(image)}

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def embed(image):
        return {"embedding": f_emb(image)}
    _save(out, {}, serving_default=serve, embed=embed)


@model("s55_frozen_bow_classifier_string_tokenizer_wrapper", "tf-module", "frozen TF1 bag-of-embeddings text classifier (token_ids int32 [None,16] placeholder, embedding 1000x32 via embedding_lookup, mask ids > 0 mean pooling, dense 32 relu, dense 4, softmax) re-wrapped to take raw text: wrap_function with a string [None] argument -> tf.strings.lower, regex_replace punctuation, tf.strings.split, to_hash_bucket_fast(999) + 1, ragged to_tensor padded / cut to 16, input_map into token_ids:0 (name 'text_classifier'); serving_default(text) -> probs, label int32")
def b_bow_string(out):
    def build():
        ids = tf.compat.v1.placeholder(tf.int32, [None, 16], name="token_ids")
        emb = tf.compat.v1.get_variable("embedding/table", [1000, 32], initializer=tf.compat.v1.random_normal_initializer(0, 0.1))
        mask = tf.cast(ids > 0, tf.float32)[..., None]
        pooled = tf.reduce_sum(tf.nn.embedding_lookup(emb, ids) * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        return [tf.nn.softmax(_v1_dense(_v1_dense(pooled, "fc1", 32, RELU), "fc2", 4), name="probs")]
    gd = _v1_frozen(build, seed=4)

    def with_tokenizer(text):
        t = tf.strings.regex_replace(tf.strings.lower(text), r"[^a-z0-9 ]", " ")
        ids = tf.strings.to_hash_bucket_fast(tf.strings.split(t), 999) + 1
        ids = tf.cast(ids.to_tensor(default_value=0, shape=[None, 16]), tf.int32)
        return tf.graph_util.import_graph_def(gd, input_map={"token_ids:0": ids}, return_elements=["probs:0"],
                                              name="text_classifier")[0]
    f = tf.compat.v1.wrap_function(with_tokenizer, [tensor_spec([None], "string")])

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def serve(text):
        p = f(text)
        return {"probs": p, "label": tf.argmax(p, -1, output_type=tf.int32)}
    _save(out, {}, serving_default=serve)


FEEDS["s55_frozen_bow_classifier_string_tokenizer_wrapper"] = {
    "text": ["The battery died after two days!", "great screen, fast shipping and a fair price"]}


@model("s55_tf1_gru_while_loop_frozen_resaved", "tf-module", "TF1 sequence classifier with a hand-written GRU (get_variable gates, tf.while_loop over 20 steps with a TensorArray of inputs) on features float [1,20,8], dense 3 on the last state, frozen with convert_variables_to_constants, re-imported with wrap_function + prune (prefix 'seq_model') and re-saved: serving_default(features) -> logits, probs")
def b_gru_while(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 20, 8], name="features")
        with v1.variable_scope("gru"):
            wx = v1.get_variable("wx", [8, 96], initializer=v1.glorot_uniform_initializer())
            wh = v1.get_variable("wh", [32, 96], initializer=v1.orthogonal_initializer())
            b = v1.get_variable("b", [96], initializer=v1.zeros_initializer())
        xs = tf.TensorArray(tf.float32, size=20).unstack(tf.transpose(x, [1, 0, 2]))

        def body(t, h):
            gx, gh = tf.matmul(xs.read(t), wx) + b, tf.matmul(h, wh)
            z = tf.sigmoid(gx[:, :32] + gh[:, :32])
            r = tf.sigmoid(gx[:, 32:64] + gh[:, 32:64])
            n = tf.tanh(gx[:, 64:] + r * gh[:, 64:])
            return t + 1, (1.0 - z) * n + z * h
        _, h = tf.while_loop(lambda t, h: t < 20, body, [tf.constant(0), tf.zeros([1, 32])])
        logits = tf.identity(_v1_dense(h, "classifier", 3), name="logits")
        return [logits, tf.nn.softmax(logits, name="probs")]
    f = _wrap(_v1_frozen(build, seed=5), "features:0", ["logits:0", "probs:0"], prefix="seq_model")

    @tf.function(input_signature=[tensor_spec([1, 20, 8], name="features")])
    def serve(features):
        logits, probs = f(features)
        return {"logits": logits, "probs": probs}
    _save(out, {}, serving_default=serve)


@model("s55_frozen_embedding_model_reimported_embed_similarity", "tf-module", "frozen TF1 item-embedding model (ids int32 [None,12] -> embedding 500x24, mean over non-padding ids, dense 32 tanh, tf.math.l2_normalize 'item_vector') re-imported with wrap_function + prune and re-saved with signatures serving_default(ids) -> item_vector and similarity(query_ids [1,12], candidate_ids [None,12]) -> cosine scores [None] and the best candidate index")
def b_emb_sim(out):
    def build():
        ids = tf.compat.v1.placeholder(tf.int32, [None, 12], name="ids")
        table = tf.compat.v1.get_variable("item_embeddings", [500, 24], initializer=tf.compat.v1.random_normal_initializer(0, 0.2))
        mask = tf.cast(tf.not_equal(ids, 0), tf.float32)[..., None]
        mean = tf.reduce_sum(tf.gather(table, ids) * mask, 1) / (tf.reduce_sum(mask, 1) + 1e-6)
        return [tf.math.l2_normalize(_v1_dense(mean, "projection", 32, tf.tanh), axis=-1, name="item_vector")]
    f = _wrap(_v1_frozen(build, seed=6), "ids:0", "item_vector:0")

    @tf.function(input_signature=[tensor_spec([None, 12], "int32", "ids")])
    def serve(ids):
        return {"item_vector": f(ids)}

    @tf.function(input_signature=[tensor_spec([1, 12], "int32", "query_ids"), tensor_spec([None, 12], "int32", "candidate_ids")])
    def similarity(query_ids, candidate_ids):
        s = tf.reduce_sum(f(query_ids) * f(candidate_ids), -1)
        return {"scores": s, "best": tf.argmax(s, output_type=tf.int32)}
    _save(out, {}, serving_default=serve, similarity=similarity)


FEEDS["s55_frozen_embedding_model_reimported_embed_similarity"] = {"ids": (0, 500), "query_ids": (0, 500),
                                                                   "candidate_ids": (0, 500)}


@model("s55_v2_frozen_keras_gru_reimported_resaved", "tf-module", "Keras GRU(32) sensor-sequence model (sensor float [1,24,6] -> GRU -> Dense 16 relu -> Dense 4) frozen with convert_variables_to_constants_v2 (its While loop and function library kept), re-imported with wrap_function + prune and re-saved: serving_default(sensor) -> activity_logits")
def b_v2_gru(out):
    inp = keras.Input((24, 6), batch_size=1)
    x = L.Dense(16, activation="relu")(L.GRU(32)(inp))
    m = keras.Model(inp, L.Dense(4)(x))
    gd, name = _gd_v2(lambda t: m(t, training=False), [tensor_spec([1, 24, 6], name="sensor")])
    f = _wrap(gd, "sensor:0", name)

    @tf.function(input_signature=[tensor_spec([1, 24, 6], name="sensor")])
    def serve(sensor):
        return {"activity_logits": f(sensor)}
    _save(out, {}, serving_default=serve)


@model("s55_wrap_function_v1_get_variable_code_saved", "tf-module", "legacy TF1 model code reused in TF2 through tf.compat.v1.wrap_function: get_variable dense layers 64 relu / 32 relu / 3 on features float [None,20] with a variable_scope, the wrapped function's variables tracked by a tf.Module and saved; serving_default(features) -> scores, probs")
def b_wrap_get_variable(out):
    def legacy_model(x):
        with tf.compat.v1.variable_scope("legacy_mlp"):
            h = _v1_dense(_v1_dense(x, "hidden1", 64, RELU), "hidden2", 32, RELU)
            return _v1_dense(h, "scores", 3)
    f = tf.compat.v1.wrap_function(legacy_model, [tensor_spec([None, 20])])

    @tf.function(input_signature=[tensor_spec([None, 20], name="features")])
    def serve(features):
        s = f(features)
        return {"scores": s, "probs": tf.nn.softmax(s)}
    _save(out, {"legacy_variables": list(f.variables)}, serving_default=serve)


# ================================================================================ merged graphs

@model("s55_merged_ensemble_two_frozen_cnns_pb", "frozen-pb", "two separately frozen TF1 CNN classifiers (widths 16/32 and 24/48/48, both input float [1,32,32,3] -> probs [1,10]) merged into one GraphDef with import_graph_def under prefixes model_a / model_b, both input:0 remapped by input_map to a new 'image' placeholder (the original placeholders left in), averaged 'ensemble_probs' and argmax 'class_id'")
def b_merge_ensemble(out):
    gd_a = _v1_image_classifier([1, 32, 32, 3], (16, 32), 10, seed=7)
    gd_b = _v1_image_classifier([1, 32, 32, 3], (24, 48, 48), 10, seed=8)
    with tf.Graph().as_default() as g:
        image = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="image")
        pa = tf.graph_util.import_graph_def(gd_a, {"input:0": image}, ["probs:0"], name="model_a")[0]
        pb = tf.graph_util.import_graph_def(gd_b, {"input:0": image}, ["probs:0"], name="model_b")[0]
        p = tf.identity((pa + pb) / 2.0, name="ensemble_probs")
        tf.argmax(p, -1, name="class_id")
    _write_pb(out, g.as_graph_def())


OUTPUTS["s55_merged_ensemble_two_frozen_cnns_pb"] = ["ensemble_probs", "class_id"]


@model("s55_detector_crop_classifier_merged_pb", "frozen-pb", "two-stage pipeline merged into one GraphDef: a Keras box regressor frozen with convert_variables_to_constants_v2 (image float [1,64,64,3] -> conv stack -> sigmoid box corners sorted with min / max, score) imported as 'detector', its box feeding tf.image.crop_and_resize to 24x24, input_map into a frozen TF1 classifier's crop:0 imported as 'classifier'; pruned with extract_sub_graph to box, score, class_probs")
def b_det_cls(out):
    inp = keras.Input((64, 64, 3), batch_size=1)
    x = inp
    for w in (16, 32, 32):
        x = L.Conv2D(w, 3, strides=2, padding="same", activation="relu")(x)
    x = L.GlobalAveragePooling2D()(x)
    det = keras.Model(inp, [L.Dense(4, activation="sigmoid")(x), L.Dense(1, activation="sigmoid")(x)])

    def detector(img):
        c, s = det(img, training=False)
        return {"box": tf.concat([tf.minimum(c[:, :2], c[:, 2:]), tf.maximum(c[:, :2], c[:, 2:])], -1), "score": s}
    gd_det, names = _gd_v2(detector, [tensor_spec([1, 64, 64, 3], name="image")])
    gd_cls = _v1_image_classifier([1, 24, 24, 3], (16, 32), 5, seed=9, in_name="crop")
    with tf.Graph().as_default() as g:
        image = tf.compat.v1.placeholder(tf.float32, [1, 64, 64, 3], name="image")
        box, score = tf.graph_util.import_graph_def(gd_det, {"image:0": image}, [names["box"], names["score"]], name="detector")
        crop = tf.image.crop_and_resize(image, box, tf.zeros([1], tf.int32), [24, 24], name="crop_and_resize")
        probs = tf.graph_util.import_graph_def(gd_cls, {"crop:0": crop}, ["probs:0"], name="classifier")[0]
        outs = [tf.identity(box, "box"), tf.identity(score, "score"), tf.identity(probs, "class_probs")]
    _write_pb(out, tf.compat.v1.graph_util.extract_sub_graph(g.as_graph_def(), [o.op.name for o in outs]))


OUTPUTS["s55_detector_crop_classifier_merged_pb"] = ["box", "score", "class_probs"]


@model("s55_merged_tabular_ensemble_resaved_three_sigs", "tf-module", "ensemble of two frozen tabular models merged in one wrap_function: a Keras MLP frozen with convert_variables_to_constants_v2 and a TF1 get_variable MLP frozen with convert_variables_to_constants, both imported with input_map from one features float [None,12] argument (prefixes keras_mlp / tf1_mlp); re-saved with signatures serving_default -> averaged probability, model_a and model_b -> each member's probability")
def b_tabular_ensemble(out):
    m = keras.Sequential([keras.Input((12,)), L.Dense(32, activation="relu"), L.Dense(16, activation="relu"),
                          L.Dense(1, activation="sigmoid")])
    gd_a, name_a = _gd_v2(lambda t: m(t, training=False), [tensor_spec([None, 12], name="features")])

    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 12], name="x")
        return [tf.sigmoid(_v1_dense(_v1_dense(x, "h1", 24, tf.tanh), "out", 1), name="prob")]
    gd_b = _v1_frozen(build, seed=10)

    def merged(x):
        a = tf.graph_util.import_graph_def(gd_a, {"features:0": x}, [name_a], name="keras_mlp")[0]
        b = tf.graph_util.import_graph_def(gd_b, {"x:0": x}, ["prob:0"], name="tf1_mlp")[0]
        return a, b
    f = tf.compat.v1.wrap_function(merged, [tensor_spec([None, 12])])
    spec = [tensor_spec([None, 12], name="features")]

    @tf.function(input_signature=spec)
    def serve(features):
        a, b = f(features)
        return {"probability": (a + b) / 2.0}

    @tf.function(input_signature=spec)
    def model_a(features):
        return {"probability": f(features)[0]}

    @tf.function(input_signature=spec)
    def model_b(features):
        return {"probability": f(features)[1]}
    _save(out, {}, serving_default=serve, model_a=model_a, model_b=model_b)


@model("s55_face_heatmap_detector_embedder_merged_wrap", "tf-module", "face pipeline merged for an access-control kiosk: Keras heatmap detector frozen with convert_variables_to_constants_v2 (image float [1,64,64,3] -> conv stack -> [1,16,16,1] heatmap) and a frozen TF1 embedder (face float [1,32,32,3] -> CNN -> l2_normalize 'embedding' 32) imported in one wrap_function; glue ops between them: argmax of the flattened heatmap -> row / col -> fixed-size box clipped to [0,1] -> crop_and_resize 32x32 -> input_map into face:0; serving_default(image) -> box, peak, embedding")
def b_face(out):
    inp = keras.Input((64, 64, 3), batch_size=1)
    x = inp
    for w in (16, 16):
        x = L.Conv2D(w, 3, strides=2, padding="same", activation="relu")(x)
    det = keras.Model(inp, L.Conv2D(1, 1, activation="sigmoid")(L.Conv2D(16, 3, padding="same", activation="relu")(x)))
    gd_det, hm_name = _gd_v2(lambda t: det(t, training=False), [tensor_spec([1, 64, 64, 3], name="image")])

    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="face")
        return [tf.math.l2_normalize(_v1_cnn(x, (16, 32, 32), 32, scope="embedder"), axis=-1, name="embedding")]
    gd_emb = _v1_frozen(build, seed=11)

    def pipeline(img):
        hm = tf.graph_util.import_graph_def(gd_det, {"image:0": img}, [hm_name], name="detector")[0]
        flat = tf.reshape(hm, [1, 256])
        idx = tf.argmax(flat, -1, output_type=tf.int32)
        cy, cx = (tf.cast(idx // 16, tf.float32) + 0.5) / 16.0, (tf.cast(idx % 16, tf.float32) + 0.5) / 16.0
        box = tf.clip_by_value(tf.stack([cy - 0.2, cx - 0.2, cy + 0.2, cx + 0.2], -1), 0.0, 1.0)
        crop = tf.image.crop_and_resize(img, box, [0], [32, 32])
        emb = tf.graph_util.import_graph_def(gd_emb, {"face:0": crop}, ["embedding:0"], name="embedder")[0]
        return box, tf.reduce_max(flat, -1), emb
    f = tf.compat.v1.wrap_function(pipeline, [tensor_spec([1, 64, 64, 3])])

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(image):
        box, peak, emb = f(image)
        return {"box": box, "peak": peak, "embedding": emb}
    _save(out, {}, serving_default=serve)


@model("s55_backbone_two_frozen_heads_merged_pb", "frozen-pb", "multi-task graph assembled from three frozen pieces: a Keras conv backbone frozen with convert_variables_to_constants_v2 (image float [1,32,32,3] -> features [1,8,8,32]), a TF1 segmentation head (features placeholder -> 1x1 convs -> 3 classes -> resize_bilinear to 32x32 -> argmax mask) and a Keras classification head (GAP, Dense 6 softmax) frozen v2, both heads input_map-ped onto the backbone output; extract_sub_graph to seg_logits, seg_mask, class_probs")
def b_backbone_heads(out):
    inp = keras.Input((32, 32, 3), batch_size=1)
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x)
    backbone = keras.Model(inp, L.Conv2D(32, 3, padding="same", activation="relu")(x))
    gd_bb, feat_name = _gd_v2(lambda t: backbone(t, training=False), [tensor_spec([1, 32, 32, 3], name="image")])
    cls = keras.Sequential([keras.Input((8, 8, 32)), L.GlobalAveragePooling2D(), L.Dense(6, activation="softmax")])
    gd_cls, cls_name = _gd_v2(lambda t: cls(t, training=False), [tensor_spec([1, 8, 8, 32], name="features")])

    def build():
        f = tf.compat.v1.placeholder(tf.float32, [1, 8, 8, 32], name="features")
        logits = _v1_conv(_v1_conv(f, "seg_conv", 16, k=1), "seg_logits", 3, k=1, act=None)
        return [tf.compat.v1.image.resize_bilinear(logits, [32, 32], name="upsampled")]
    gd_seg = _v1_frozen(build, seed=12)
    with tf.Graph().as_default() as g:
        image = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="image")
        feats = tf.graph_util.import_graph_def(gd_bb, {"image:0": image}, [feat_name], name="backbone")[0]
        seg = tf.graph_util.import_graph_def(gd_seg, {"features:0": feats}, ["upsampled:0"], name="seg_head")[0]
        probs = tf.graph_util.import_graph_def(gd_cls, {"features:0": feats}, [cls_name], name="cls_head")[0]
        outs = [tf.identity(seg, "seg_logits"), tf.argmax(seg, -1, output_type=tf.int32, name="seg_mask"),
                tf.identity(probs, "class_probs")]
    _write_pb(out, tf.compat.v1.graph_util.extract_sub_graph(g.as_graph_def(), [o.op.name for o in outs]))


OUTPUTS["s55_backbone_two_frozen_heads_merged_pb"] = ["seg_logits", "seg_mask", "class_probs"]


@model("s55_kws_mfcc_frontend_merged_into_frozen_pb", "frozen-pb", "keyword spotter shipped as one graph: a TF1 audio front end (audio float [1,16000] -> tf.signal.stft 640 / 320 / fft 1024 -> magnitude -> linear_to_mel_weight_matrix 40 bins -> log -> tf.signal.mfccs_from_log_mel_spectrograms first 13) merged with import_graph_def / input_map in front of a frozen TF1 CNN classifier on mfcc [1,49,13,1] (conv 2x get_variable, dense 12 softmax 'labels_softmax'), pruned with extract_sub_graph to output and mfcc_features and written as one GraphDef")
def b_kws(out):
    def classifier():
        x = tf.compat.v1.placeholder(tf.float32, [1, 49, 13, 1], name="mfcc")
        return [tf.nn.softmax(_v1_cnn(x, (16, 32), 12, scope="kws"), name="labels_softmax")]
    gd_cls = _v1_frozen(classifier, seed=13)
    with tf.Graph().as_default() as g:
        audio = tf.compat.v1.placeholder(tf.float32, [1, 16000], name="audio")
        spec = tf.abs(tf.signal.stft(audio, 640, 320, 1024))
        mel_w = tf.signal.linear_to_mel_weight_matrix(40, 513, 16000, 20.0, 4000.0)
        log_mel = tf.math.log(tf.tensordot(spec, mel_w, 1) + 1e-6)
        mfcc = tf.identity(tf.signal.mfccs_from_log_mel_spectrograms(log_mel)[..., :13], name="mfcc_features")
        probs = tf.graph_util.import_graph_def(gd_cls, {"mfcc:0": mfcc[..., None]}, ["labels_softmax:0"], name="")[0]
        tf.identity(probs, name="output")
    gd = tf.compat.v1.graph_util.extract_sub_graph(g.as_graph_def(), ["output", "mfcc_features"])
    _write_pb(out, gd)


OUTPUTS["s55_kws_mfcc_frontend_merged_into_frozen_pb"] = ["output", "mfcc_features"]
FEEDS["s55_kws_mfcc_frontend_merged_into_frozen_pb"] = lambda rng: {"audio": rng.normal(0, 0.1, (1, 16000))}


# ================================================================================ pruned graphs

@model("s55_extract_sub_graph_embedding_only_pb", "frozen-pb", "TF1 audio-event MLP (features float [None,40] -> dense 64 / 64 relu -> 'embedding' 32, plus 'logits' 10 and an 'aux_logits' 3 head) frozen with all three outputs, then pruned with tf.compat.v1.graph_util.extract_sub_graph to the embedding node only (None batch)")
def b_extract_emb(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 40], name="features")
        h = _v1_dense(_v1_dense(x, "fc1", 64, RELU), "fc2", 64, RELU)
        e = tf.identity(_v1_dense(h, "fc_embedding", 32), name="embedding")
        return [e, tf.identity(_v1_dense(tf.nn.relu(e), "classifier", 10), name="logits"),
                tf.identity(_v1_dense(h, "aux", 3), name="aux_logits")]
    _write_pb(out, tf.compat.v1.graph_util.extract_sub_graph(_v1_frozen(build, seed=14), ["embedding"]))


OUTPUTS["s55_extract_sub_graph_embedding_only_pb"] = ["embedding"]


@model("s55_cvtc_main_head_only_aux_dropped_pb", "frozen-pb", "Inception-style TF1 CNN with an auxiliary classifier used in training (aux branch: avg_pool 5x5 s3, 1x1 conv, dense) frozen with graph_util.convert_variables_to_constants naming only 'main/probs' as output, so the aux head is pruned; image float [1,48,48,3], two-branch mixed block (1x1 and 3x3 concatenated)")
def b_cvtc_main(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 48, 48, 3], name="image")
        x = _v1_conv(_v1_conv(x, "stem1", 16, s=2), "stem2", 32, s=2)
        mixed = tf.concat([_v1_conv(x, "mixed/branch_1x1", 16, k=1), _v1_conv(_v1_conv(x, "mixed/branch_3x3_reduce", 8, k=1),
                                                                             "mixed/branch_3x3", 16)], -1)
        with tf.compat.v1.variable_scope("aux"):
            a = tf.nn.avg_pool2d(mixed, 5, 3, "VALID")
            aux = tf.nn.softmax(_v1_dense(tf.reshape(_v1_conv(a, "conv", 16, k=1), [1, -1]), "logits", 7), name="probs")
        with tf.compat.v1.variable_scope("main"):
            probs = tf.nn.softmax(_v1_dense(tf.reduce_mean(_v1_conv(mixed, "conv", 48, s=2), [1, 2]), "logits", 7), name="probs")
        return [probs, aux]
    _write_pb(out, _v1_frozen(build, seed=15, keep=["main/probs"]))


OUTPUTS["s55_cvtc_main_head_only_aux_dropped_pb"] = ["main/probs"]


@model("s55_keras_penultimate_embedding_submodel_export", "keras-export", "Keras image classifier (Conv2D + BN relu x3, GAP, Dense 'embedding' 32 relu, Dense 8 softmax) cut after training to keras.Model(inputs, get_layer('embedding').output) for a retrieval service; image float [None,32,32,1]; model.export with None batch")
def b_penultimate(out):
    m = _kcnn((32, 32, 1), (16, 32, 48), 8)
    _randomize_bn(m, 16)
    _export(keras.Model(m.inputs, m.get_layer("embedding").output), out)


@model("s55_v2_frozen_multi_output_extract_renamed_pb", "frozen-pb", "Keras CNN with three outputs (features from GAP, logits, aux depth map) frozen with convert_variables_to_constants_v2, then pruned with extract_sub_graph to the features Identity and that node renamed 'backbone_features' by GraphDef editing; image float [1,32,32,3]")
def b_v2_extract(out):
    inp = keras.Input((32, 32, 3), batch_size=1)
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x)
    feats = L.GlobalAveragePooling2D()(x)
    m = keras.Model(inp, {"features": feats, "logits": L.Dense(10)(feats), "depth": L.Conv2D(1, 1)(x)})
    gd, names = _gd_v2(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 3], name="image")])
    node = names["features"].split(":")[0]
    gd = tf.compat.v1.graph_util.extract_sub_graph(gd, [node])
    _write_pb(out, _rename(gd, lambda n: "backbone_features" if n == node else n))


OUTPUTS["s55_v2_frozen_multi_output_extract_renamed_pb"] = ["backbone_features"]


# ================================================================================ GraphDef surgery

@model("s55_tower_scope_renamed_nodes_pb", "frozen-pb", "multi-GPU TF1 training graph (everything under model/tower_0/) frozen and cleaned by a renaming script: the scope prefix stripped from every node and input, the input placeholder renamed 'input' and the softmax renamed 'output'; CNN on input float [1,32,32,3] -> 4 classes")
def b_tower_rename(out):
    def build():
        with tf.compat.v1.variable_scope("model/tower_0"):
            x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="input_images")
            with tf.compat.v1.variable_scope("cnn"):
                x = _v1_conv(_v1_conv(x, "conv1", 16, s=2), "conv2", 32, s=2)
                logits = _v1_dense(tf.reduce_mean(x, [1, 2]), "fc", 4)
            return [tf.nn.softmax(logits, name="softmax")]
    gd = _v1_frozen(build, seed=17)
    table = {"model/tower_0/input_images": "input", "model/tower_0/softmax": "output"}
    _write_pb(out, _rename(gd, lambda n: table.get(n, n.removeprefix("model/tower_0/"))))


OUTPUTS["s55_tower_scope_renamed_nodes_pb"] = ["output"]


@model("s55_stripped_identity_checknumerics_pb", "frozen-pb", "TF1 regression MLP written with tf.debugging.check_numerics after each layer and named tf.identity taps, frozen, then a hand-written strip script bypassed every Identity and CheckNumerics node (consumers rewired to their inputs) except the output 'scores'; features float [None,16] -> 48 / 24 relu -> 2")
def b_strip_checks(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 16], name="features")
        h = tf.identity(tf.debugging.check_numerics(_v1_dense(x, "layer1", 48, RELU), "layer1 nan"), name="tap_layer1")
        h = tf.identity(tf.debugging.check_numerics(_v1_dense(h, "layer2", 24, RELU), "layer2 nan"), name="tap_layer2")
        return [tf.identity(tf.debugging.check_numerics(_v1_dense(h, "head", 2), "head nan"), name="scores")]
    _write_pb(out, _bypass(_v1_frozen(build, seed=18), {"Identity", "CheckNumerics"}, keep={"scores"}))


OUTPUTS["s55_stripped_identity_checknumerics_pb"] = ["scores"]


@model("s55_stripped_assert_control_deps_pb", "frozen-pb", "TF1 graph guarding its input with tf.debugging.Assert ops (value range and finiteness, string messages) as control dependencies of an Identity, frozen; surgery dropped the Assert nodes and their control edges, then extract_sub_graph removed the dangling condition ops; sensor window float [1,64,3] -> Conv1D-as-conv2d 16 / 32 -> dense 5 'probs'")
def b_strip_assert(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 64, 3], name="window")
        ok_range = tf.reduce_all(tf.abs(x) < 100.0)
        ok_finite = tf.reduce_all(tf.math.is_finite(x))
        with tf.control_dependencies([tf.debugging.Assert(ok_range, ["sensor value out of range"], name="range_check"),
                                      tf.debugging.Assert(ok_finite, ["non-finite sensor value"], name="finite_check")]):
            x = tf.identity(x, name="checked_window")
        y = x[:, None]
        y = _v1_conv(_v1_conv(y, "conv1", 16, k=5), "conv2", 32, k=5, s=2)
        return [tf.nn.softmax(_v1_dense(tf.reduce_mean(y, [1, 2]), "fc", 5), name="probs")]
    gd = _bypass(_v1_frozen(build, seed=19), {"Assert"})
    _write_pb(out, tf.compat.v1.graph_util.extract_sub_graph(gd, ["probs"]))


OUTPUTS["s55_stripped_assert_control_deps_pb"] = ["probs"]


@model("s55_keep_prob_placeholder_to_const_pb", "frozen-pb", "TF1 MLP trained with a keep_prob placeholder feeding tf.nn.dropout (rate = 1 - keep_prob), frozen, then the keep_prob Placeholder node replaced in the GraphDef by a Const 1.0 so apps need not feed it (the dropout ops stay); features float [None,24] -> 64 / 32 relu -> 3 softmax 'prediction'")
def b_keep_prob(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 24], name="features")
        keep = tf.compat.v1.placeholder(tf.float32, [], name="keep_prob")
        h = tf.nn.dropout(_v1_dense(x, "fc1", 64, RELU), rate=1.0 - keep)
        h = tf.nn.dropout(_v1_dense(h, "fc2", 32, RELU), rate=1.0 - keep)
        return [tf.nn.softmax(_v1_dense(h, "out", 3), name="prediction")]
    gd = _to_const(_v1_frozen(build, seed=20), "keep_prob", 1.0, tf.float32)
    _write_pb(out, gd)


OUTPUTS["s55_keep_prob_placeholder_to_const_pb"] = ["prediction"]


@model("s55_baked_mean_std_placeholders_const_pb", "frozen-pb", "TF1 classifier that took its normalisation as mean [3] / std [3] placeholders, edited after freezing: both Placeholders replaced by Const nodes holding the dataset statistics; input uint8 [1,40,40,3] cast to float, (x - mean) / std, CNN 16/32/32 -> 4 softmax 'probs'")
def b_baked_mean(out):
    def build():
        img = tf.compat.v1.placeholder(tf.uint8, [1, 40, 40, 3], name="image")
        mean = tf.compat.v1.placeholder(tf.float32, [3], name="mean")
        std = tf.compat.v1.placeholder(tf.float32, [3], name="std")
        x = (tf.cast(img, tf.float32) - mean) / std
        return [tf.nn.softmax(_v1_cnn(x, (16, 32, 32), 4), name="probs")]
    gd = _to_const(_v1_frozen(build, seed=21), "mean", [123.68, 116.78, 103.94], tf.float32)
    _write_pb(out, _to_const(gd, "std", [58.4, 57.1, 57.4], tf.float32))


OUTPUTS["s55_baked_mean_std_placeholders_const_pb"] = ["probs"]


@model("s55_is_training_default_replaced_const_pb", "frozen-pb", "TF1 CNN with hand-written batch norm switching on a placeholder_with_default(False) 'is_training' through tf.cond (batch moments vs moving averages read from variables), frozen, and the PlaceholderWithDefault replaced by a Const False in the GraphDef; image float [1,32,32,3] -> 2 conv+BN blocks -> 3 logits 'logits'")
def b_is_training(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 32, 32, 3], name="image")
        training = v1.placeholder_with_default(False, [], name="is_training")
        for i, w in enumerate((16, 32)):
            x = _v1_conv(x, f"conv{i}", w, s=2, act=None)
            with v1.variable_scope(f"bn{i}"):
                gamma = v1.get_variable("gamma", [w], initializer=v1.random_uniform_initializer(0.5, 1.5))
                beta = v1.get_variable("beta", [w], initializer=v1.random_normal_initializer(0, 0.1))
                mm = tf.identity(v1.get_variable("moving_mean", [w], initializer=v1.random_normal_initializer(0, 0.1)))
                mv = tf.identity(v1.get_variable("moving_variance", [w], initializer=v1.random_uniform_initializer(0.5, 2)))
            mean, var = tf.cond(training, lambda x=x: tf.nn.moments(x, [0, 1, 2]), lambda mm=mm, mv=mv: (mm, mv))
            x = tf.nn.relu(tf.nn.batch_normalization(x, mean, var, beta, gamma, 1e-3))
        return [tf.identity(_v1_dense(tf.reduce_mean(x, [1, 2]), "fc", 3), name="logits")]
    _write_pb(out, _to_const(_v1_frozen(build, seed=22), "is_training", False, tf.bool))


OUTPUTS["s55_is_training_default_replaced_const_pb"] = ["logits"]


@model("s55_v2_frozen_temperature_input_baked_const_pb", "frozen-pb", "calibrated classifier frozen with convert_variables_to_constants_v2 from a function taking (features float [1,32], temperature float []) -> Keras MLP logits / temperature -> softmax; after calibration the 'temperature' Placeholder replaced by a Const 1.7 in the GraphDef")
def b_temperature(out):
    m = keras.Sequential([keras.Input((32,)), L.Dense(48, activation="relu"), L.Dense(24, activation="relu"), L.Dense(5)])

    def fn(features, temperature):
        return {"calibrated_probs": tf.nn.softmax(m(features, training=False) / temperature)}
    gd, _ = _gd_v2(fn, [tensor_spec([1, 32], name="features"), tensor_spec([], name="temperature")])
    _write_pb(out, _to_const(gd, "temperature", 1.7, tf.float32))


@model("s55_fp16_weights_cast_nodes_inserted_pb", "frozen-pb", "frozen TF1 CNN (image float [1,32,32,3] -> conv 16/32/64 s2, dense 10 'probs') shrunk by a script that rewrote every float32 weight Const with >= 64 elements as a float16 Const plus an inserted Cast to float32 under the original node name")
def b_fp16_cast(out):
    _write_pb(out, _fp16_weights(_v1_image_classifier([1, 32, 32, 3], (16, 32, 64), 10, seed=23)))


OUTPUTS["s55_fp16_weights_cast_nodes_inserted_pb"] = ["probs"]


# ================================================================================ training subgraph left in

@model("s55_tf1_frozen_with_loss_and_gradients_pb", "frozen-pb", "TF1 classifier frozen with its training graph left in: output node list included 'probs', the 'loss' (sparse softmax cross-entropy on a labels int64 [None] placeholder, mean + L2 weight decay) and the tf.gradients of the loss w.r.t. each weight, so the frozen GraphDef holds the backward ops beside inference; features float [None,20] -> 32 relu -> 4")
def b_loss_grads(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 20], name="features")
        y = v1.placeholder(tf.int64, [None], name="labels")
        logits = _v1_dense(_v1_dense(x, "fc1", 32, RELU), "fc2", 4)
        probs = tf.nn.softmax(logits, name="probs")
        weights = [v for v in v1.global_variables() if "weights" in v.name]
        loss = tf.add(tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)),
                      1e-4 * tf.add_n([tf.nn.l2_loss(w) for w in weights]), name="loss")
        grads = [tf.identity(g, name=f"grad_{i}") for i, g in enumerate(tf.gradients(loss, weights))]
        return [probs, loss, *grads]
    _write_pb(out, _v1_frozen(build, seed=24))


FEEDS["s55_tf1_frozen_with_loss_and_gradients_pb"] = {"labels": (0, 4)}


@model("s55_tf1_savedmodel_adam_train_op_beside_predict", "tf1-saved-model", "TF1 SavedModelBuilder export of a training graph as-is: MLP features float [None,10] -> 32 tanh -> 3, loss on labels int32 [None], tf.compat.v1.train.AdamOptimizer minimize op and its slot variables kept in the MetaGraph; predict signatures serving_default(features) -> probs and evaluate(features, labels) -> loss, accuracy")
def b_tf1_adam(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(25)
        x = v1.placeholder(tf.float32, [None, 10], name="features")
        y = v1.placeholder(tf.int32, [None], name="labels")
        logits = _v1_dense(_v1_dense(x, "hidden", 32, tf.tanh), "logits", 3)
        probs = tf.nn.softmax(logits, name="probs")
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits), name="loss")
        acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, -1, output_type=tf.int32), y), tf.float32), name="accuracy")
        step = v1.train.get_or_create_global_step()
        v1.train.AdamOptimizer(1e-3).minimize(loss, global_step=step, name="train_op")
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            b = v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
                "serving_default": v1.saved_model.predict_signature_def({"features": x}, {"probs": probs}),
                "evaluate": v1.saved_model.predict_signature_def({"features": x, "labels": y}, {"loss": loss, "accuracy": acc})})
            b.save()
    _run_back(out)


FEEDS["s55_tf1_savedmodel_adam_train_op_beside_predict"] = {"labels": (0, 3)}


@model("s55_module_train_step_beside_serve_signatures", "tf-module", "on-device personalisation module: Keras MLP (features float [None,16] -> 32 relu -> 4) with signatures serving_default(features) -> probs, train_step(features [8,16], labels int32 [8]) -> loss after a GradientTape SGD update written with assign_sub on the trainable variables, and get_step() -> step counter")
def b_train_step(out):
    m = keras.Sequential([keras.Input((16,)), L.Dense(32, activation="relu"), L.Dense(4)])
    step = tf.Variable(0, dtype=tf.int64, name="step")

    @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
    def serve(features):
        return {"probs": tf.nn.softmax(m(features, training=False))}

    @tf.function(input_signature=[tensor_spec([8, 16], name="features"), tensor_spec([8], "int32", "labels")])
    def train_step(features, labels):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, m(features, training=True)))
        for v, g in zip(m.trainable_variables, tape.gradient(loss, m.trainable_variables)):
            v.assign_sub(0.01 * g)
        step.assign_add(1)
        return {"loss": loss}

    @tf.function(input_signature=[])
    def get_step():
        return {"step": step.read_value()}
    _save(out, {"model": m, "step": step}, serving_default=serve, train_step=train_step, get_step=get_step)


FEEDS["s55_module_train_step_beside_serve_signatures"] = {"labels": (0, 4)}


# ================================================================================ batch norm folded by hand

@model("s55_bn_folded_conv_keras_rebuilt_batch1", "keras-export", "Keras CNN trained as Conv2D(no bias) + BatchNormalization + ReLU x3, rebuilt for deployment without BN: each BN folded into the conv kernel and a new bias by hand (gamma / sqrt(var + eps)) and set_weights on a Conv2D(use_bias=True) copy; GAP, Dense 6 softmax; image float [1,32,32,3]; model.export with a fixed batch-1 signature")
def b_bn_fold_keras(out):
    m = _kcnn((32, 32, 3), (16, 32, 32), 6)
    _randomize_bn(m, 26)
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x, convs = inp, [l for l in m.layers if isinstance(l, L.Conv2D)]
    bns = [l for l in m.layers if isinstance(l, L.BatchNormalization)]
    new_convs = []
    for c, bn in zip(convs, bns):
        nc = L.Conv2D(c.filters, 3, strides=2, padding="same", activation="relu", name=c.name + "_folded")
        x = nc(x)
        new_convs.append((nc, _fold(np.asarray(c.kernel), bn)))
    e = L.Dense(32, activation="relu", name="embedding")(L.GlobalAveragePooling2D()(x))
    folded = keras.Model(inp, L.Dense(6, activation="softmax", name="head")(e))
    for nc, (k, b) in new_convs:
        nc.set_weights([k, b])
    folded.get_layer("embedding").set_weights(m.get_layer("embedding").get_weights())
    folded.get_layer("head").set_weights(m.get_layer("head").get_weights())
    _export(folded, out, fixed=True)


@model("s55_bn_folded_depthwise_separable_constants_frozen_pb", "frozen-pb", "MobileNet-style Keras block stack (Conv2D 3x3 s2 + BN + ReLU6, DepthwiseConv2D + BN + ReLU6, Conv2D 1x1 + BN + ReLU6, x2) with its BNs folded into depthwise / pointwise weights by hand and re-expressed as a tf.function over tf.constant kernels (tf.nn.depthwise_conv2d, conv2d, bias_add, relu6), frozen with convert_variables_to_constants_v2; image float [1,48,48,3] -> 8 logits")
def b_bn_fold_dw(out):
    inp = keras.Input((48, 48, 3))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(inp)))
    for w in (32, 48):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=2, padding="same", use_bias=False)(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(w, 1, use_bias=False)(x)))
    m = keras.Model(inp, L.Dense(8)(L.GlobalAveragePooling2D()(x)))
    _randomize_bn(m, 27)
    layers = [l for l in m.layers if isinstance(l, (L.Conv2D, L.DepthwiseConv2D, L.BatchNormalization, L.Dense))]
    ops = []
    for conv, bn in zip(layers[0:-1:2], layers[1:-1:2]):
        dw = isinstance(conv, L.DepthwiseConv2D)
        k, b = _fold(np.asarray(conv.kernel), bn, depthwise=dw)
        ops.append((dw, conv.strides[0], tf.constant(k), tf.constant(b)))
    dense_w, dense_b = [tf.constant(np.asarray(v)) for v in layers[-1].get_weights()]

    def folded(image):
        y = image
        for dw, s, k, b in ops:
            y = tf.nn.depthwise_conv2d(y, k, [1, s, s, 1], "SAME") if dw else tf.nn.conv2d(y, k, s, "SAME")
            y = tf.nn.relu6(tf.nn.bias_add(y, b))
        return {"logits": tf.matmul(tf.reduce_mean(y, [1, 2]), dense_w) + dense_b}
    gd, _ = _gd_v2(folded, [tensor_spec([1, 48, 48, 3], name="image")])
    _write_pb(out, gd)


@model("s55_bn_folded_dense_mlp_variables_module", "tf-module", "tabular MLP trained as Dense + BatchNormalization + ReLU x2, exported after folding each BN into the Dense kernel / bias as raw tf.Variables in a tf.Module (matmul + bias + relu, final Dense 1 sigmoid); serving_default(features float [None,20]) -> probability, and raw_logit")
def b_bn_fold_dense(out):
    inp = keras.Input((20,))
    x = inp
    for w in (64, 32):
        x = L.ReLU()(L.BatchNormalization()(L.Dense(w)(x)))
    m = keras.Model(inp, L.Dense(1)(x))
    _randomize_bn(m, 28)
    dense = [l for l in m.layers if isinstance(l, L.Dense)]
    bns = [l for l in m.layers if isinstance(l, L.BatchNormalization)]
    params = []
    for d, bn in zip(dense, bns):
        k, b = _fold(np.asarray(d.kernel), bn, bias=np.asarray(d.bias))
        params.append((tf.Variable(k, name=d.name + "_folded_kernel"), tf.Variable(b, name=d.name + "_folded_bias")))
    w_out, b_out = [tf.Variable(np.asarray(v), name="out_" + n) for v, n in zip(dense[-1].get_weights(), ("kernel", "bias"))]

    @tf.function(input_signature=[tensor_spec([None, 20], name="features")])
    def serve(features):
        h = features
        for k, b in params:
            h = tf.nn.relu(tf.matmul(h, k) + b)
        z = tf.matmul(h, w_out) + b_out
        return {"probability": tf.sigmoid(z), "raw_logit": z}
    _save(out, {"params": params, "head": [w_out, b_out]}, serving_default=serve)


@model("s55_bn_folded_tf1_constant_graph_pb", "frozen-pb", "GraphDef written directly by a conversion script: a TF1 graph built from numpy weights with BN already folded in (tf.constant kernels / biases, no variables, never frozen), conv 3x3 s2 16 -> conv 3x3 s2 32 -> conv 3x3 s1 32 with relu6, mean pool, matmul 10 -> softmax 'MobilenetV1/Predictions'; input float [1,32,32,3]")
def b_const_graph(out):
    rng = np.random.default_rng(29)

    def conv_bn(cin, cout):
        k = rng.normal(0, np.sqrt(2 / (9 * cin)), (3, 3, cin, cout))
        gamma, beta, mean, var = rng.uniform(.5, 1.5, cout), rng.normal(0, .1, cout), rng.normal(0, .2, cout), rng.uniform(.5, 2, cout)
        s = gamma / np.sqrt(var + 1e-3)
        return (k * s).astype("float32"), (beta - mean * s).astype("float32")
    with tf.Graph().as_default() as g:
        x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        for i, (cin, cout, s) in enumerate(((3, 16, 2), (16, 32, 2), (32, 32, 1))):
            k, b = conv_bn(cin, cout)
            with tf.name_scope(f"MobilenetV1/Conv2d_{i}"):
                x = tf.nn.relu6(tf.nn.bias_add(tf.nn.conv2d(x, tf.constant(k, name="weights"), s, "SAME"),
                                               tf.constant(b, name="biases")))
        w = tf.constant(rng.normal(0, 0.2, (32, 10)).astype("float32"), name="MobilenetV1/Logits/weights")
        tf.nn.softmax(tf.matmul(tf.reduce_mean(x, [1, 2]), w), name="MobilenetV1/Predictions")
    _write_pb(out, g.as_graph_def())


OUTPUTS["s55_bn_folded_tf1_constant_graph_pb"] = ["MobilenetV1/Predictions"]


# ================================================================================ layout and dtype switches

@model("s55_nchw_transpose_wrapper_input_map_pb", "frozen-pb", "frozen NHWC TF1 segmentation net (input float [1,32,32,3] -> conv 16 / 16 -> 1x1 conv 4 'logits' [1,32,32,4]) wrapped for a PyTorch-side caller that sends NCHW: a new 'input_nchw' [1,3,32,32] placeholder transposed [0,2,3,1] and input_map-ped in, the logits transposed [0,3,1,2] to 'output_nchw'; extract_sub_graph drops the old placeholder")
def b_nchw_wrap(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        x = _v1_conv(_v1_conv(x, "conv1", 16), "conv2", 16)
        return [tf.identity(_v1_conv(x, "classifier", 4, k=1, act=None), name="logits")]
    gd = _v1_frozen(build, seed=30)
    with tf.Graph().as_default() as g:
        x = tf.compat.v1.placeholder(tf.float32, [1, 3, 32, 32], name="input_nchw")
        y = tf.graph_util.import_graph_def(gd, {"input:0": tf.transpose(x, [0, 2, 3, 1], name="to_nhwc")}, ["logits:0"],
                                           name="segnet")[0]
        tf.transpose(y, [0, 3, 1, 2], name="output_nchw")
    _write_pb(out, tf.compat.v1.graph_util.extract_sub_graph(g.as_graph_def(), ["output_nchw"]))


OUTPUTS["s55_nchw_transpose_wrapper_input_map_pb"] = ["output_nchw"]


@model("s55_onnx_tf_style_nchw_per_layer_transposes", "tf-module", "PyTorch CNN ported the way onnx-tf emits it: input float [1,3,32,32] NCHW, OIHW numpy weights transposed to HWIO in the graph, every conv / max-pool wrapped in Transpose to NHWC and back to NCHW, BN applied in NCHW with reshaped [1,C,1,1] constants, Flatten of the NCHW tensor, Gemm as matmul with a transposed weight; serving_default(input) -> output [1,10]")
def b_onnx_tf(out):
    rng = np.random.default_rng(31)
    convs = [tf.constant(rng.normal(0, np.sqrt(2 / (9 * ci)), (co, ci, 3, 3)).astype("float32")) for ci, co in ((3, 16), (16, 32))]
    bns = [[tf.constant(a.astype("float32")) for a in (rng.uniform(.5, 1.5, c), rng.normal(0, .1, c), rng.normal(0, .2, c),
                                                        rng.uniform(.5, 2, c))] for c in (16, 32)]
    fc_w = tf.constant(rng.normal(0, 0.05, (10, 32 * 8 * 8)).astype("float32"))
    fc_b = tf.constant(np.zeros(10, "float32"))

    @tf.function(input_signature=[tensor_spec([1, 3, 32, 32], name="input")])
    def serve(input):  # noqa: A002 - onnx input name
        x = input
        for k, (g, b, mu, var) in zip(convs, bns):
            y = tf.nn.conv2d(tf.transpose(x, [0, 2, 3, 1]), tf.transpose(k, [2, 3, 1, 0]), 1, "SAME")
            x = tf.transpose(y, [0, 3, 1, 2])
            r = [1, -1, 1, 1]
            x = tf.nn.relu((x - tf.reshape(mu, r)) / tf.sqrt(tf.reshape(var, r) + 1e-5) * tf.reshape(g, r) + tf.reshape(b, r))
            x = tf.transpose(tf.nn.max_pool2d(tf.transpose(x, [0, 2, 3, 1]), 2, 2, "VALID"), [0, 3, 1, 2])
        flat = tf.reshape(x, [1, -1])
        return {"output": tf.matmul(flat, fc_w, transpose_b=True) + fc_b}
    _save(out, {}, serving_default=serve)


@model("s55_uint8_cast_rescale_prepended_keras_batch1", "keras-export", "trained float Keras classifier (expects [-1,1] images: Conv2D 16/32/32 + BN, GAP, Dense 4 softmax) re-wrapped for a camera app: new uint8 Input [1,64,64,3], Lambda tf.cast to float32, Rescaling(1/127.5, offset=-1), then the trained model as a nested layer; model.export with a fixed batch-1 signature")
def b_uint8_prepend(out):
    trained = _kcnn((64, 64, 3), (16, 32, 32), 4, name="trained_classifier")
    _randomize_bn(trained, 32)
    inp = keras.Input((64, 64, 3), batch_size=1, dtype="uint8", name="camera_frame")
    x = L.Lambda(lambda t: tf.cast(t, tf.float32), output_shape=(64, 64, 3), name="cast_to_float")(inp)
    _export(keras.Model(inp, trained(L.Rescaling(1 / 127.5, offset=-1.0)(x))), out, fixed=True)


@model("s55_embedding_int64_ids_cast_wrapper_module", "tf-module", "Keras sentence-embedding model built on int32 ids (Embedding 800x32 mask_zero, GlobalAveragePooling1D with the mask, Dense 32, l2 normalise) re-wrapped for a serving stack that sends int64: tf.Module signatures serving_default(ids int64 [None,20]) -> cast to int32, clip to the vocabulary, embedding; similarity(query_ids int64 [1,20], doc_ids int64 [None,20]) -> cosine scores and tf.math.top_k(3) indices")
def b_int64_wrap(out):
    ids = keras.Input((20,), dtype="int32")
    x = L.Embedding(800, 32, mask_zero=True)(ids)
    x = L.GlobalAveragePooling1D()(x)
    v = L.UnitNormalization()(L.Dense(32)(x))
    m = keras.Model(ids, v)

    def embed_ids(t):
        return m(tf.clip_by_value(tf.cast(t, tf.int32), 0, 799), training=False)

    @tf.function(input_signature=[tensor_spec([None, 20], "int64", "ids")])
    def serve(ids):
        return {"embedding": embed_ids(ids)}

    @tf.function(input_signature=[tensor_spec([1, 20], "int64", "query_ids"), tensor_spec([None, 20], "int64", "doc_ids")])
    def similarity(query_ids, doc_ids):
        s = tf.reduce_sum(embed_ids(query_ids) * embed_ids(doc_ids), -1)
        top = tf.math.top_k(s, k=tf.minimum(3, tf.shape(s)[0]))
        return {"scores": s, "top_indices": top.indices}
    _save(out, {"model": m}, serving_default=serve, similarity=similarity)


FEEDS["s55_embedding_int64_ids_cast_wrapper_module"] = {"ids": (0, 800), "query_ids": (1, 800), "doc_ids": (0, 800)}


# ================================================================================ Keras re-wrapping and re-import

@model("s55_v2_frozen_reimported_topk_postprocess_pb", "frozen-pb", "Keras CNN (image float [1,32,32,3] -> Conv2D 16/32 + MaxPool, Dense 20 softmax) frozen with convert_variables_to_constants_v2, then imported into a fresh graph under 'model' with a new input placeholder via input_map and post-processing appended: tf.math.top_k(3) -> 'top_scores' and int32 'top_classes'; extract_sub_graph and written as a .pb")
def b_topk(out):
    inp = keras.Input((32, 32, 3), batch_size=1)
    x = L.MaxPooling2D()(L.Conv2D(16, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling2D()(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    m = keras.Model(inp, L.Dense(20, activation="softmax")(L.GlobalAveragePooling2D()(x)))
    gd, name = _gd_v2(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 3], name="keras_input")])
    with tf.Graph().as_default() as g:
        x = tf.compat.v1.placeholder(tf.float32, [1, 32, 32, 3], name="input_image")
        p = tf.graph_util.import_graph_def(gd, {"keras_input:0": x}, [name], name="model")[0]
        top = tf.math.top_k(p, 3)
        tf.identity(top.values, name="top_scores")
        tf.identity(top.indices, name="top_classes")
    _write_pb(out, tf.compat.v1.graph_util.extract_sub_graph(g.as_graph_def(), ["top_scores", "top_classes"]))


OUTPUTS["s55_v2_frozen_reimported_topk_postprocess_pb"] = ["top_scores", "top_classes"]


@model("s55_keras_two_models_average_rewrapped_export", "keras-export", "ensemble assembled after training from two independently trained Keras classifiers on digits [None,28,28,1] (a small CNN and an MLP on Flatten), both nested in a new functional model sharing one Input, outputs averaged with layers.Average; model.export with None batch")
def b_keras_avg(out):
    cnn = keras.Sequential([keras.Input((28, 28, 1)), L.Conv2D(16, 3, activation="relu"), L.MaxPooling2D(),
                            L.Conv2D(32, 3, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(10, activation="softmax")],
                           name="cnn_member")
    mlp = keras.Sequential([keras.Input((28, 28, 1)), L.Flatten(), L.Dense(64, activation="relu"),
                            L.Dense(10, activation="softmax")], name="mlp_member")
    inp = keras.Input((28, 28, 1), name="digits")
    _export(keras.Model(inp, L.Average(name="ensemble")([cnn(inp), mlp(inp)])), out)


@model("s55_keras_rewrapped_named_outputs_argmax_batch1", "keras-export", "trained Keras text CNN (token_ids int32 [1,32] -> Embedding 2000x32 -> Conv1D 32 k3 -> GlobalMaxPooling1D -> Dense 3 logits) re-wrapped for an app with renamed outputs: {'scores': softmax, 'label': Lambda tf.argmax int32}; model.export with a fixed batch-1 signature")
def b_rewrap_named(out):
    ids = keras.Input((32,), dtype="int32")
    x = L.GlobalMaxPooling1D()(L.Conv1D(32, 3, activation="relu")(L.Embedding(2000, 32)(ids)))
    trained = keras.Model(ids, L.Dense(3)(x), name="text_cnn")
    inp = keras.Input((32,), batch_size=1, dtype="int32", name="token_ids")
    logits = trained(inp)
    scores = L.Softmax(name="scores")(logits)
    label = L.Lambda(lambda t: tf.argmax(t, -1, output_type=tf.int32), output_shape=(), name="label")(logits)
    _export(keras.Model(inp, {"scores": scores, "label": label}), out, fixed=True)


FEEDS["s55_keras_rewrapped_named_outputs_argmax_batch1"] = {"token_ids": (0, 2000)}


@model("s55_keras_fused_qkv_weights_transplanted_export", "keras-export", "small Transformer encoder block trained with separate query / key / value Dense layers, rebuilt for inference with one fused Dense(3*32) projection whose kernel / bias are the concatenated q, k, v weights (set_weights), split in a custom layer, 4-head scaled dot-product attention with tf.reshape / transpose / softmax, output projection, LayerNormalization residuals and FFN 64; tokens float [None,16,32]; model.export")
def b_fused_qkv(out):
    d, h = 32, 4

    class Attention(L.Layer):
        def call(self, qkv):
            q, k, v = tf.split(qkv, 3, axis=-1)

            def heads(t):
                return tf.transpose(tf.reshape(t, [-1, 16, h, d // h]), [0, 2, 1, 3])
            a = tf.nn.softmax(tf.matmul(heads(q), heads(k), transpose_b=True) / np.sqrt(d // h))
            return tf.reshape(tf.transpose(tf.matmul(a, heads(v)), [0, 2, 1, 3]), [-1, 16, d])

        def compute_output_shape(self, s):
            return (s[0], 16, d)
    rng = np.random.default_rng(33)
    qkv_w = [(rng.normal(0, 0.2, (d, d)).astype("float32"), np.zeros(d, "float32")) for _ in range(3)]
    inp = keras.Input((16, d), name="tokens")
    fused = L.Dense(3 * d, name="qkv_fused")
    x = L.LayerNormalization()(L.Add()([inp, L.Dense(d, name="attn_out")(Attention()(fused(inp)))]))
    y = L.LayerNormalization()(L.Add()([x, L.Dense(d)(L.Dense(64, activation="gelu")(x))]))
    m = keras.Model(inp, y)
    fused.set_weights([np.concatenate([w for w, _ in qkv_w], 1), np.concatenate([b for _, b in qkv_w])])
    _export(m, out)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
