"""Build an independently made corpus into bench/out/fresh54/: signatures and serving interfaces as application teams
design them. Multi-input / multi-output models with dict outputs (and nested outputs flattened for the serving
signature), image + text and image + metadata multi-modal models (a CLIP-like dual encoder with encode_image /
encode_text / similarity signatures, a skin-lesion CNN with patient metadata and a site-id embedding, a listing
classifier with a photo and a title), optional inputs given defaults with tf.compat.v1.placeholder_with_default (inside
TF2 tf.functions and in TF1 graphs: an optional attention mask, a temperature, is_training / keep_prob), flags passed as
signature inputs (a bool `training` flag driving tf.cond, an int32 `mode` driving tf.switch_case, a temperature, a top-k
count, score / IoU thresholds and a max-detections count feeding non_max_suppression, a seed for sampling, client-given
ensemble weights), scalar inputs, int64 / int32 / uint8 / bool / string inputs beside float ones (StringLookup, Hashing,
IntegerLookup-style embeddings, tf.strings preprocessing to ids), several signatures on one module with different input
sets (predict / embed / score / preprocess / postprocess / explain with a GradientTape saliency / warmup with no inputs /
metadata getters returning string and int constants or variables), getters named after the value they return (num_classes,
mean, std, threshold), signatures that return their input unchanged or constants, outputs that alias each other (the same
tensor under two or three names, logits_per_text as the transpose of logits_per_image), a BERT-like encoder with
input_ids / attention_mask / token_type_ids and None batch and length, Keras models with named inputs exported with
model.export (None batch, and fixed batch-1 signatures) and keras.export.ExportArchive with several endpoints, a
subclassed model taking a dict of inputs, TF2 functions frozen with convert_variables_to_constants_v2, TF1 graph-mode
graphs frozen with graph_util.convert_variables_to_constants, and TF1 SavedModelBuilder exports with classify / regress /
predict signature defs over the same graph (tf.Example parsing, and a dense-feature predict signature fed through a
placeholder_with_default). Mostly float32 with small fixed shapes; None dims where such projects use them. Seeded random
weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh54.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh54.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh54.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh54.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh54.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh54", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (ids in range, masks, k counts, thresholds, seeds, strings, serialized tf.Examples):
# model -> {input name (or "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and
# by the run each model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

SEED = (7, 2 ** 16)  # an int32 [2] seed for the stateless random ops
LABELS = ["cat", "dog", "bird", "horse", "sheep", "cow"]


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _export(m, out, fixed=False, sig=None):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps the Inputs' batch
    size (1) in the exported signature (one positional argument holding the input list), else Keras relaxes the batch to
    None; `sig` an explicit input_signature (then m is called with its first element's structure)"""
    if sig is not None:
        flat = tf.nest.flatten(sig[0])
        vals = _feed(out, flat)
        m(tf.nest.pack_sequence_as(sig[0], [vals[s.name] for s in flat]), training=False)
        keras_export(m, out, sig=sig)
        return
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    if fixed:
        sig = [specs] if len(specs) > 1 else specs
    keras_export(m, out, sig=sig)


def _archive(out, tracked, **endpoints):
    """keras.export.ExportArchive: track the Keras models, add each endpoint name=(fn, [specs]) after running it once
    eagerly on the --check inputs, write_out"""
    archive = keras.export.ExportArchive()
    for m in tracked:
        archive.track(m)
    for k, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, k)
        fn(*[vals[s.name] for s in specs])
        archive.add_endpoint(k, fn, input_signature=specs)
    archive.write_out(str(out), verbose=False)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs (placeholder_with_default left at their defaults), then graph_util.convert_variables_to_constants"""
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


def _v1_builder(out, build):
    """TF1 SavedModelBuilder: build() makes one graph and returns {signature: signature_def} (classification /
    regression / predict defs over the same tensors); each signature is run once in the session on the --check inputs
    (fed by their signature input keys), then the graph is saved with the serving tag"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        sigs = build()
        init = [v1.global_variables_initializer(), v1.tables_initializer()]
        specs = {k: [tf.TensorSpec(g.get_tensor_by_name(ti.name).shape, ti.dtype, ik) for ik, ti in sd.inputs.items()]
                 for k, sd in sigs.items()}
    vals = {k: _feed(out, sp, k) for k, sp in specs.items()}
    with g.as_default():
        with v1.Session(graph=g) as s:
            s.run(init)
            for k, sd in sigs.items():
                s.run({ok: g.get_tensor_by_name(to.name) for ok, to in sd.outputs.items()},
                      {g.get_tensor_by_name(sd.inputs[ik].name): v.numpy() for ik, v in vals[k].items()})
            b = v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map=sigs,
                                           main_op=v1.tables_initializer())
            b.save()


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable glorot weights / zero biases"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _v1_conv(x, name, cout, stride=1):
    """TF1 conv layer: get_variable 3x3 kernel, conv2d SAME + bias_add + relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [3, 3, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, [1, stride, stride, 1], "SAME"), b))


def _cnn(shape, widths=(16, 32), out_dim=None, name=None, bn=False):
    """small Keras CNN tower: Conv2D(same, relu) [+ BatchNormalization] + MaxPooling2D per width, GlobalAveragePooling2D,
    optional Dense(out_dim)"""
    layers = [keras.Input(shape)]
    for w in widths:
        layers += [L.Conv2D(w, 3, padding="same", activation="relu")] + ([L.BatchNormalization()] if bn else []) + [L.MaxPooling2D()]
    layers += [L.GlobalAveragePooling2D()] + ([L.Dense(out_dim)] if out_dim else [])
    return keras.Sequential(layers, name=name)


def _kmlp(in_dim, sizes, act="relu", out_act=None, name=None, dropout=0.0):
    """Keras Sequential MLP on [in_dim] vectors (optional Dropout after each hidden layer)"""
    layers = [keras.Input((in_dim,))]
    for s in sizes[:-1]:
        layers += [L.Dense(s, activation=act)] + ([L.Dropout(dropout)] if dropout else [])
    return keras.Sequential(layers + [L.Dense(sizes[-1], activation=out_act)], name=name)


def _text_tower(seq_len, vocab, dim, name=None):
    """Keras bag-of-embeddings text encoder: int32 ids [seq_len] -> Embedding (mask_zero) -> GlobalAveragePooling1D -> Dense"""
    ids = keras.Input((seq_len,), dtype="int32")
    x = L.GlobalAveragePooling1D()(L.Embedding(vocab, dim, mask_zero=True)(ids))
    return keras.Model(ids, L.Dense(dim)(x), name=name)


def _ids(rng, shape, vocab, pad_from=None):
    """token ids in [1, vocab) with zero padding after position `pad_from` in every other row"""
    a = rng.integers(1, vocab, shape)
    if pad_from is not None:
        a[::2, pad_from:] = 0
    return a


def _examples(n, with_label=False):
    """serialized tf.train.Example protos for the TF1 classify / regress signatures (8 float 'x', string 'region')"""
    rng = np.random.default_rng(3)
    res = []
    for i in range(n):
        f = {"x": tf.train.Feature(float_list=tf.train.FloatList(value=rng.random(8).tolist())),
             "region": tf.train.Feature(bytes_list=tf.train.BytesList(value=[[b"north", b"south", b"east"][i % 3]]))}
        if with_label:
            f["label"] = tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3]))
        res.append(tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString())
    return res


# ================================================================================ Keras model.export, named inputs

@model("s54_keras_image_text_named_inputs_dict_outputs", "keras-export", "listing classifier from a marketplace team: named inputs image float [None,64,64,3] and title_ids int32 [None,16]; Conv2D/BN/MaxPooling tower + Embedding(500, mask_zero) GlobalAveragePooling1D text tower, Concatenate, Dense(64); dict outputs category_probs (softmax 6), embedding (UnitNormalization 32), is_prohibited (sigmoid); model.export, None batch")
def b_image_text(out):
    image = keras.Input((64, 64, 3), name="image")
    title = keras.Input((16,), dtype="int32", name="title_ids")
    v = _cnn((64, 64, 3), (16, 32, 64), bn=True, name="image_tower")(image)
    t = L.GlobalAveragePooling1D()(L.Embedding(500, 32, mask_zero=True)(title))
    h = L.Dense(64, activation="relu")(L.Concatenate()([v, t]))
    emb = L.UnitNormalization(name="l2_embedding")(L.Dense(32)(h))
    _export(keras.Model({"image": image, "title_ids": title},
                        {"category_probs": L.Dense(6, activation="softmax", name="category_probs")(h), "embedding": emb,
                         "is_prohibited": L.Dense(1, activation="sigmoid", name="is_prohibited")(h)}),
            out, sig=[{"image": tensor_spec([None, 64, 64, 3], name="image"),
                       "title_ids": tensor_spec([None, 16], "int32", "title_ids")}])


FEEDS["s54_keras_image_text_named_inputs_dict_outputs"] = lambda rng: {"title_ids": _ids(rng, (2, 16), 500, pad_from=9)}


@model("s54_keras_skin_lesion_image_metadata_batch1", "keras-export", "skin-lesion classifier with patient metadata (Kaggle ISIC style) for a phone app: fixed batch-1 inputs image float [1,48,48,3], metadata float [1,8] (age, sex, anatomic-site one-hot ...), site_id int32 [1,1] -> Embedding(20,4) Flatten; CNN tower, metadata Dense(16) + BatchNormalization, Concatenate; outputs malignant (sigmoid) and lesion_type (softmax 7); model.export with a batch-1 signature")
def b_skin(out):
    image = keras.Input((48, 48, 3), batch_size=1, name="image")
    meta = keras.Input((8,), batch_size=1, name="metadata")
    site = keras.Input((1,), batch_size=1, dtype="int32", name="site_id")
    v = _cnn((48, 48, 3), (16, 32, 32), name="cnn")(image)
    m = L.BatchNormalization()(L.Dense(16, activation="relu")(meta))
    s = L.Flatten()(L.Embedding(20, 4)(site))
    h = L.Dropout(0.3)(L.Dense(32, activation="relu")(L.Concatenate()([v, m, s])))
    _export(keras.Model([image, meta, site], [L.Dense(1, activation="sigmoid", name="malignant")(h),
                                              L.Dense(7, activation="softmax", name="lesion_type")(h)]), out, fixed=True)


FEEDS["s54_keras_skin_lesion_image_metadata_batch1"] = {"site_id": (0, 20)}


@model("s54_keras_fraud_int64_bool_float_inputs", "keras-export", "payments fraud model with typed feature inputs: amount float [None,1], merchant_id int64 [None,1] -> Embedding(100,8), hour int32 [None,1] -> CategoryEncoding(24, one_hot), is_online bool [None,1] -> Lambda cast to float, card_present uint8 [None,1] -> cast; Normalization (fixed mean/var) on log amount; Dense 32/16; output fraud_probability (sigmoid); model.export, None batch")
def b_fraud(out):
    amount = keras.Input((1,), name="amount")
    merchant = keras.Input((1,), dtype="int64", name="merchant_id")
    hour = keras.Input((1,), dtype="int32", name="hour")
    online = keras.Input((1,), dtype="bool", name="is_online")
    present = keras.Input((1,), dtype="uint8", name="card_present")
    a = L.Normalization(mean=3.5, variance=2.0)(L.Lambda(lambda t: tf.math.log1p(tf.maximum(t, 0.0)))(amount))
    mer = L.Flatten()(L.Embedding(100, 8)(merchant))
    hr = L.CategoryEncoding(24, output_mode="one_hot")(hour)
    flags = L.Lambda(lambda ts: tf.concat([tf.cast(ts[0], tf.float32), tf.cast(ts[1], tf.float32)], -1))([online, present])
    h = L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(L.Concatenate()([a, mer, hr, flags])))
    _export(keras.Model([amount, merchant, hour, online, present], L.Dense(1, activation="sigmoid", name="fraud_probability")(h)), out)


FEEDS["s54_keras_fraud_int64_bool_float_inputs"] = lambda rng: {"merchant_id": (0, 100), "hour": (0, 24), "is_online": rng.random((2, 1)) < 0.5,
                                                               "card_present": (0, 2), "amount": rng.random((2, 1)) * 500}


@model("s54_keras_ctr_string_lookup_hashing_inputs", "keras-export", "ads CTR model with string inputs beside floats: country string [None,1] -> StringLookup (fixed 6-word vocabulary, one OOV) + Embedding, device_model string [None,1] -> Hashing(32) + Embedding, dense_features float [None,10]; Concatenate, Dense 32/16, ctr (sigmoid); model.export, None batch")
def b_ctr(out):
    country = keras.Input((1,), dtype="string", name="country")
    device = keras.Input((1,), dtype="string", name="device_model")
    dense = keras.Input((10,), name="dense_features")
    c = L.Flatten()(L.Embedding(7, 4)(L.StringLookup(vocabulary=["us", "de", "fr", "in", "br", "jp"])(country)))
    d = L.Flatten()(L.Embedding(32, 4)(L.Hashing(32)(device)))
    h = L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(L.Concatenate()([c, d, dense])))
    _export(keras.Model([country, device, dense], L.Dense(1, activation="sigmoid", name="ctr")(h)), out)


FEEDS["s54_keras_ctr_string_lookup_hashing_inputs"] = {"country": [["de"], ["zz"]], "device_model": [["pixel 7"], ["iphone12,1"]]}


@model("s54_keras_uint8_image_bool_mirror_flag", "keras-export", "selfie-camera classifier taking the camera's uint8 frame [None,64,64,3] and a bool mirror flag [None,1] (front camera): Lambda tf.where(flag, reverse(image, axis 2), image) after casting, Rescaling(1/255), Conv2D/MaxPooling x3, GlobalAveragePooling2D, Dense(4) softmax; model.export, None batch")
def b_mirror(out):
    image = keras.Input((64, 64, 3), dtype="uint8", name="image")
    mirror = keras.Input((1,), dtype="bool", name="mirror")

    def unmirror(ts):
        img, flag = tf.cast(ts[0], tf.float32), tf.reshape(ts[1], [-1, 1, 1, 1])
        return tf.where(flag, tf.reverse(img, axis=[2]), img)
    x = L.Rescaling(1.0 / 255)(L.Lambda(unmirror, output_shape=(64, 64, 3))([image, mirror]))
    v = _cnn((64, 64, 3), (16, 32, 32), name="cnn")(x)
    _export(keras.Model([image, mirror], L.Dense(4, activation="softmax", name="scene_probs")(v)), out)


FEEDS["s54_keras_uint8_image_bool_mirror_flag"] = {"mirror": [[True], [False]]}


@model("s54_keras_outputs_alias_same_tensor", "keras-export", "classifier whose serving dict repeats tensors for different client versions: float [None,20] -> Dense 64/32 -> logits; outputs logits, scores (the same logits tensor again), probabilities (Softmax) and features_echo (the input itself); model.export, None batch")
def b_alias(out):
    inp = keras.Input((20,), name="features")
    h = L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(inp))
    logits = L.Dense(5, name="logits")(h)
    _export(keras.Model(inp, {"logits": logits, "scores": logits, "probabilities": L.Softmax()(logits), "features_echo": inp}), out)


@model("s54_keras_temperature_scalar_input_batch1", "keras-export", "on-device intent classifier with a client-set temperature: fixed batch-1 inputs sentence_embedding float [1,32] and temperature float [1,1]; Dense 64/32 -> logits, Lambda logits / max(temperature, 1e-3), Softmax; outputs probabilities and raw logits; model.export with a batch-1 signature")
def b_temp(out):
    emb = keras.Input((32,), batch_size=1, name="sentence_embedding")
    temp = keras.Input((1,), batch_size=1, name="temperature")
    logits = L.Dense(8, name="logits")(L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(emb)))
    scaled = L.Lambda(lambda ts: ts[0] / tf.maximum(ts[1], 1e-3))([logits, temp])
    _export(keras.Model([emb, temp], {"probabilities": L.Softmax()(scaled), "logits": logits}), out, fixed=True)


FEEDS["s54_keras_temperature_scalar_input_batch1"] = {"temperature": 0.7}


@model("s54_keras_subclassed_dict_inputs_export_signature", "keras-export", "subclassed interactive-segmentation model taking a dict of inputs (image float [None,32,32,3], click_map float [None,32,32,1], prior_mask float [None,32,32,1]) concatenated on channels, small encoder-decoder (Conv2D stride 2, Conv2DTranspose), mask sigmoid; model.export with an explicit dict input_signature")
def b_dict_in(out):
    class ClickSeg(keras.Model):
        def __init__(self):
            super().__init__()
            self.enc1 = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")
            self.enc2 = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")
            self.dec1 = L.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu")
            self.dec2 = L.Conv2DTranspose(8, 3, strides=2, padding="same", activation="relu")
            self.head = L.Conv2D(1, 1, activation="sigmoid")

        def call(self, inputs):
            x = tf.concat([inputs["image"], inputs["click_map"], inputs["prior_mask"]], axis=-1)
            return self.head(self.dec2(self.dec1(self.enc2(self.enc1(x)))))
    sig = {"image": tensor_spec([None, 32, 32, 3], name="image"), "click_map": tensor_spec([None, 32, 32, 1], name="click_map"),
           "prior_mask": tensor_spec([None, 32, 32, 1], name="prior_mask")}
    _export(ClickSeg(), out, sig=[sig])


@model("s54_keras_bert_like_ids_mask_type_ids", "keras-export", "BERT-style tiny text classifier with the usual three int32 inputs input_ids / attention_mask / token_type_ids [None,None] (None batch and length): token + segment Embeddings, position embedding via Lambda tf.range slice, LayerNormalization, one MultiHeadAttention block with the padding mask as attention_mask, FFN; outputs pooled_output (tanh Dense on [CLS]), sequence_output and logits; model.export")
def b_bert(out):
    ids = keras.Input((None,), dtype="int32", name="input_ids")
    mask = keras.Input((None,), dtype="int32", name="attention_mask")
    types = keras.Input((None,), dtype="int32", name="token_type_ids")
    pos_table = L.Embedding(64, 32, name="position_embeddings")
    pos = pos_table(L.Lambda(lambda t: tf.range(tf.shape(t)[1])[None, :])(ids))
    x = L.Embedding(1000, 32)(ids) + L.Embedding(2, 32)(types) + pos
    x = L.LayerNormalization()(x)
    att_mask = L.Lambda(lambda m: tf.cast(m[:, None, :], tf.bool))(mask)
    x = L.LayerNormalization()(x + L.MultiHeadAttention(2, 16)(x, x, attention_mask=att_mask))
    x = L.LayerNormalization()(x + L.Dense(32)(L.Dense(64, activation="gelu")(x)))
    pooled = L.Dense(32, activation="tanh", name="pooled_output")(L.Lambda(lambda t: t[:, 0])(x))
    _export(keras.Model([ids, mask, types], {"pooled_output": pooled, "sequence_output": x, "logits": L.Dense(3)(pooled)}), out)


FEEDS["s54_keras_bert_like_ids_mask_type_ids"] = lambda rng: {
    "input_ids": _ids(rng, (2, 32), 1000, pad_from=20), "attention_mask": np.array([[1] * 20 + [0] * 12, [1] * 32]),
    "token_type_ids": np.array([[0] * 10 + [1] * 22] * 2)}


@model("s54_keras_two_tower_fixed_batch1_three_inputs", "keras-export", "music app 'next song' two-input scorer frozen for a phone: fixed batch-1 inputs user_history float [1,10,16] (last 10 song embeddings), context float [1,6], candidate float [1,16]; GRU(32) over history, Concatenate, Dense 32; outputs play_probability (sigmoid) and skip_probability (sigmoid); model.export with a batch-1 signature")
def b_two_tower(out):
    hist = keras.Input((10, 16), batch_size=1, name="user_history")
    ctx = keras.Input((6,), batch_size=1, name="context")
    cand = keras.Input((16,), batch_size=1, name="candidate")
    h = L.Dense(32, activation="relu")(L.Concatenate()([L.GRU(32)(hist), ctx, cand]))
    _export(keras.Model([hist, ctx, cand], {"play_probability": L.Dense(1, activation="sigmoid")(h),
                                            "skip_probability": L.Dense(1, activation="sigmoid")(h)}), out, fixed=True)


# ================================================================================ keras.export.ExportArchive endpoints

@model("s54_archive_predict_embed_proba_preprocess", "export-archive", "product-image classifier exported with keras.export.ExportArchive and four endpoints over one model: serve (float [None,48,48,3] -> logits), predict_proba (softmax), embed (penultimate GlobalAveragePooling features, L2-normalized), preprocess (uint8 [None,48,48,3] -> float in [-1,1], returns no model output)")
def b_archive_multi(out):
    inp = keras.Input((48, 48, 3), name="image")
    feats = _cnn((48, 48, 3), (16, 32, 64), bn=True, name="backbone")(inp)
    logits = L.Dense(10, name="logits")(L.Dropout(0.2)(feats))
    clf = keras.Model(inp, [logits, feats])
    spec = [tensor_spec([None, 48, 48, 3], name="image")]
    _archive(out, [clf],
             serve=(lambda x: {"logits": clf(x, training=False)[0]}, spec),
             predict_proba=(lambda x: {"probabilities": tf.nn.softmax(clf(x, training=False)[0])}, spec),
             embed=(lambda x: {"embedding": tf.math.l2_normalize(clf(x, training=False)[1], axis=-1)}, spec),
             preprocess=(lambda x: {"image": tf.cast(x, tf.float32) / 127.5 - 1.0}, [tensor_spec([None, 48, 48, 3], "uint8", "raw_image")]))


@model("s54_archive_clip_like_encode_similarity", "export-archive", "CLIP-like dual encoder exported with ExportArchive: endpoints encode_image (float [None,32,32,3] -> L2-normalized 32-d), encode_text (int32 token ids [None,12] -> Embedding/GlobalAveragePooling1D tower, L2-normalized), similarity (image, token_ids, temperature float [] scalar -> logits_per_image = img @ txt^T / temperature, logits_per_text its transpose, probs softmax)")
def b_archive_clip(out):
    img_tower = _cnn((32, 32, 3), (16, 32), out_dim=32, name="image_encoder")
    txt_tower = _text_tower(12, 300, 32, name="text_encoder")

    def enc_i(x):
        return tf.math.l2_normalize(img_tower(x, training=False), axis=-1)

    def enc_t(t):
        return tf.math.l2_normalize(txt_tower(t, training=False), axis=-1)

    def similarity(image, token_ids, temperature):
        logits = tf.matmul(enc_i(image), enc_t(token_ids), transpose_b=True) / temperature
        return {"logits_per_image": logits, "logits_per_text": tf.transpose(logits), "probs": tf.nn.softmax(logits, axis=-1)}
    ispec, tspec = tensor_spec([None, 32, 32, 3], name="image"), tensor_spec([None, 12], "int32", "token_ids")
    _archive(out, [img_tower, txt_tower],
             encode_image=(lambda x: {"image_embeds": enc_i(x)}, [ispec]),
             encode_text=(lambda t: {"text_embeds": enc_t(t)}, [tspec]),
             similarity=(similarity, [ispec, tspec, tensor_spec([], name="temperature")]))


FEEDS["s54_archive_clip_like_encode_similarity"] = lambda rng: {"token_ids": _ids(rng, (2, 12), 300, pad_from=7), "temperature": 0.07}


@model("s54_archive_training_flag_mc_dropout_endpoint", "export-archive", "uncertainty team's regressor exported with ExportArchive: endpoints serve (float [None,12] -> mean, training=False) and serve_with_flag (features, training bool [] scalar) choosing with tf.cond between the model called with training=True (MC dropout, BatchNormalization in batch mode) and training=False; Dense 64 + BatchNormalization + Dropout(0.2) x2, Dense(1)")
def b_archive_flag(out):
    inp = keras.Input((12,), name="features")
    x = inp
    for _ in range(2):
        x = L.Dropout(0.2)(L.BatchNormalization()(L.Dense(64, activation="relu")(x)))
    net = keras.Model(inp, L.Dense(1, name="mean")(x))
    spec = tensor_spec([None, 12], name="features")

    def with_flag(features, training):
        y = tf.cond(training, lambda: net(features, training=True), lambda: net(features, training=False))
        return {"prediction": y}
    _archive(out, [net], serve=(lambda f: {"prediction": net(f, training=False)}, [spec]),
             serve_with_flag=(with_flag, [spec, tensor_spec([], "bool", "training")]))


@model("s54_archive_nested_outputs_flattened", "export-archive", "multi-task face-attribute model whose Keras outputs are nested ({attributes: {age, gender, glasses}, embedding}); exported with ExportArchive endpoints that flatten the nesting into attributes/age-style keys: serve (float [None,48,48,3]) and attributes_only; CNN with BatchNormalization, GlobalAveragePooling2D, heads Dense(1) / sigmoid / sigmoid, embedding UnitNormalization(32)")
def b_archive_nested(out):
    inp = keras.Input((48, 48, 3), name="face")
    h = L.Dense(64, activation="relu")(_cnn((48, 48, 3), (16, 32, 64), bn=True, name="backbone")(inp))
    net = keras.Model(inp, {"attributes": {"age": L.Dense(1, name="age")(h), "gender": L.Dense(1, activation="sigmoid", name="gender")(h),
                                           "glasses": L.Dense(1, activation="sigmoid", name="glasses")(h)},
                            "embedding": L.UnitNormalization()(L.Dense(32)(h))})
    spec = [tensor_spec([None, 48, 48, 3], name="face")]

    def serve(x):
        o = net(x, training=False)
        return {**{"attributes/" + k: v for k, v in o["attributes"].items()}, "embedding": o["embedding"]}
    _archive(out, [net], serve=(serve, spec),
             attributes_only=(lambda x: {k: v for k, v in net(x, training=False)["attributes"].items()}, spec))


# ================================================================================ tf.Module, several signatures

@model("s54_module_predict_embed_score_signatures", "tf-module", "visual-search service module: predict (image float [None,48,48,3] -> probabilities, class_id int64), embed (same image -> L2-normalized 32-d), score (query_embedding [None,32], candidate_embeddings [None,32] -> cosine scores [None,None] and best index) -- three signatures with different input sets; Keras CNN backbone with BatchNormalization")
def b_pes(out):
    inp = keras.Input((48, 48, 3))
    f = _cnn((48, 48, 3), (16, 32, 64), bn=True, name="backbone")(inp)
    net = keras.Model(inp, [L.Dense(6)(f), L.Dense(32)(f)])
    ispec = tensor_spec([None, 48, 48, 3], name="image")

    @tf.function(input_signature=[ispec])
    def predict(image):
        p = tf.nn.softmax(net(image, training=False)[0])
        return {"probabilities": p, "class_id": tf.argmax(p, axis=-1)}

    @tf.function(input_signature=[ispec])
    def embed(image):
        return {"embedding": tf.math.l2_normalize(net(image, training=False)[1], axis=-1)}

    @tf.function(input_signature=[tensor_spec([None, 32], name="query_embedding"), tensor_spec([None, 32], name="candidate_embeddings")])
    def score(query_embedding, candidate_embeddings):
        s = tf.matmul(tf.math.l2_normalize(query_embedding, -1), tf.math.l2_normalize(candidate_embeddings, -1), transpose_b=True)
        return {"scores": s, "best": tf.argmax(s, axis=-1, output_type=tf.int32)}
    _save(out, {"net": net}, serving_default=predict, predict=predict, embed=embed, score=score)


@model("s54_module_training_bool_flag_signature", "tf-module", "tabular model served with the training flag exposed as a signature input: predict(features float [None,20], training bool []) -> tf.cond(training, model(x, training=True), model(x, training=False)); Keras MLP with BatchNormalization + Dropout (its variables, seed-generator state included, tracked on the module); a second signature predict_inference without the flag")
def b_flag(out):
    inp = keras.Input((20,))
    x = L.Dropout(0.3)(L.BatchNormalization()(L.Dense(64, activation="relu")(inp)))
    x = L.Dropout(0.3)(L.Dense(32, activation="relu")(x))
    net = keras.Model(inp, L.Dense(3)(x))

    @tf.function(input_signature=[tensor_spec([None, 20], name="features"), tensor_spec([], "bool", "training")])
    def predict(features, training):
        logits = tf.cond(training, lambda: net(features, training=True), lambda: net(features, training=False))
        return {"probabilities": tf.nn.softmax(logits)}

    @tf.function(input_signature=[tensor_spec([None, 20], name="features")])
    def predict_inference(features):
        return {"probabilities": tf.nn.softmax(net(features, training=False))}
    # the Dropout seed-generator state is only reachable through net.variables; tracked so the signature can be saved
    _save(out, {"net": net, "net_variables": list(net.variables)}, serving_default=predict, predict_inference=predict_inference)


@model("s54_module_mode_int_switch_case", "tf-module", "plant-disease app module with a quality mode chosen by the client: predict(image float [1,32,32,3], mode int32 []) -> tf.switch_case over three Keras heads (0 fast: GAP + Dense, 1 accurate: extra Conv2D + Dense 64, 2 ensemble: mean of both softmaxes) on a shared CNN feature map; outputs probabilities [1,5]")
def b_mode(out):
    inp = keras.Input((32, 32, 3))
    x = inp
    for w in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(w, 3, padding="same", activation="relu")(x))
    trunk = keras.Model(inp, x)
    fast = keras.Sequential([keras.Input((8, 8, 32)), L.GlobalAveragePooling2D(), L.Dense(5)], name="fast")
    accurate = keras.Sequential([keras.Input((8, 8, 32)), L.Conv2D(64, 3, padding="same", activation="relu"),
                                 L.GlobalAveragePooling2D(), L.Dense(64, activation="relu"), L.Dense(5)], name="accurate")

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image"), tensor_spec([], "int32", "mode")])
    def predict(image, mode):
        f = trunk(image, training=False)
        p = tf.switch_case(mode, [lambda: tf.nn.softmax(fast(f)), lambda: tf.nn.softmax(accurate(f)),
                                  lambda: 0.5 * (tf.nn.softmax(fast(f)) + tf.nn.softmax(accurate(f)))],
                           default=lambda: tf.nn.softmax(fast(f)))
        return {"probabilities": p}
    _save(out, {"trunk": trunk, "fast": fast, "accurate": accurate}, serving_default=predict)


FEEDS["s54_module_mode_int_switch_case"] = {"mode": 2}


@model("s54_module_topk_count_input_recommender", "tf-module", "retrieval module where the caller passes how many items to return: recommend(user_features float [None,16], k int32 []) -> Keras user tower Dense 64/32, dot with a 200x32 item-embedding variable, tf.math.top_k(scores, k) -> item_ids int32 and scores; a second signature item_scores returns all 200 scores")
def b_topk(out):
    user = _kmlp(16, [64, 32], name="user_tower")
    items = tf.Variable(np.random.default_rng(1).normal(0, 0.3, (200, 32)).astype("float32"), name="item_embeddings")
    uspec = tensor_spec([None, 16], name="user_features")

    @tf.function(input_signature=[uspec, tensor_spec([], "int32", "k")])
    def recommend(user_features, k):
        top = tf.math.top_k(tf.matmul(user(user_features, training=False), items, transpose_b=True), k=k)
        return {"item_ids": top.indices, "scores": top.values}

    @tf.function(input_signature=[uspec])
    def item_scores(user_features):
        return {"scores": tf.matmul(user(user_features, training=False), items, transpose_b=True)}
    _save(out, {"user": user, "items": items}, serving_default=recommend, item_scores=item_scores)


FEEDS["s54_module_topk_count_input_recommender"] = {"k": 10}


@model("s54_module_detector_threshold_scalar_inputs", "tf-module", "toy single-class object detector with the post-processing knobs as scalar signature inputs: detect(image float [1,64,64,3], score_threshold float [], iou_threshold float [], max_detections int32 []) -> Keras CNN on an 8x8 grid (objectness + 4 box offsets), sigmoid decode with constant grid offsets, tf.image.non_max_suppression taking the input thresholds and count, gathered boxes / scores, num_detections")
def b_det(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for w in (16, 32, 32):
        x = L.MaxPooling2D()(L.Conv2D(w, 3, padding="same", activation="relu")(x))
    head = keras.Model(inp, L.Conv2D(5, 1)(x))
    gy, gx = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image"), tensor_spec([], name="score_threshold"),
                                  tensor_spec([], name="iou_threshold"), tensor_spec([], "int32", "max_detections")])
    def detect(image, score_threshold, iou_threshold, max_detections):
        o = tf.reshape(head(image, training=False), [64, 5])
        score, box = tf.sigmoid(o[:, 0]), tf.sigmoid(o[:, 1:])
        cy = (gy.reshape(64).astype("float32") + box[:, 0]) / 8.0
        cx = (gx.reshape(64).astype("float32") + box[:, 1]) / 8.0
        boxes = tf.stack([cy - box[:, 2] / 4, cx - box[:, 3] / 4, cy + box[:, 2] / 4, cx + box[:, 3] / 4], axis=-1)
        keep = tf.image.non_max_suppression(boxes, score, max_detections, iou_threshold, score_threshold)
        return {"boxes": tf.gather(boxes, keep), "scores": tf.gather(score, keep), "num_detections": tf.size(keep)}
    _save(out, {"head": head}, serving_default=detect)


FEEDS["s54_module_detector_threshold_scalar_inputs"] = {"score_threshold": 0.3, "iou_threshold": 0.5, "max_detections": 10}


@model("s54_module_sampler_temperature_topk_seed", "tf-module", "tiny next-token model served with generation knobs as inputs: sample(token_ids int32 [1,16], temperature float [], top_k int32 [], seed int32 [2]) -> Embedding + GRU(32) + Dense(vocab 120) logits of the last step, divide by temperature, mask below the k-th largest with tf.where(-1e9), tf.random.stateless_categorical; outputs next_token int64, logits; signature logits_only(token_ids)")
def b_sampler(out):
    ids = keras.Input((16,), dtype="int32")
    lm = keras.Model(ids, L.Dense(120)(L.GRU(32)(L.Embedding(120, 24)(ids))))
    tspec = tensor_spec([1, 16], "int32", "token_ids")

    @tf.function(input_signature=[tspec, tensor_spec([], name="temperature"), tensor_spec([], "int32", "top_k"),
                                  tensor_spec([2], "int32", "seed")])
    def sample(token_ids, temperature, top_k, seed):
        logits = lm(token_ids, training=False) / temperature
        kth = tf.math.top_k(logits, k=top_k).values[:, -1:]
        masked = tf.where(logits < kth, tf.fill(tf.shape(logits), -1e9), logits)
        return {"next_token": tf.random.stateless_categorical(masked, 1, seed)[:, 0], "logits": logits}

    @tf.function(input_signature=[tspec])
    def logits_only(token_ids):
        return {"logits": lm(token_ids, training=False)}
    _save(out, {"lm": lm}, serving_default=sample, logits_only=logits_only)


FEEDS["s54_module_sampler_temperature_topk_seed"] = {"token_ids": (1, 120), "temperature": 0.8, "top_k": 20, "seed": SEED}


@model("s54_module_metadata_getters_constants_variables", "tf-module", "model module with metadata signatures next to predict, as a mobile team reads them at start-up: predict(image float [1,32,32,3]); get_labels() -> string constant [6]; get_input_shape() -> int32 constant; get_model_version() -> int64 variable; get_normalization() -> mean / std float variables; get_threshold() -> float variable -- getters take no inputs")
def b_meta(out):
    net = _cnn((32, 32, 3), (16, 32), out_dim=6, name="classifier")
    mean = tf.Variable([0.485, 0.456, 0.406], name="mean")
    std = tf.Variable([0.229, 0.224, 0.225], name="std")
    version = tf.Variable(np.int64(20240611), name="model_version")
    threshold = tf.Variable(0.6, name="threshold")

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def predict(image):
        p = tf.nn.softmax(net((image - mean) / std, training=False))
        return {"probabilities": p, "confident": tf.reduce_max(p, axis=-1) > threshold}

    @tf.function(input_signature=[])
    def get_labels():
        return {"labels": tf.constant(LABELS)}

    @tf.function(input_signature=[])
    def get_input_shape():
        return {"input_shape": tf.constant([1, 32, 32, 3], tf.int32)}

    @tf.function(input_signature=[])
    def get_model_version():
        return {"version": tf.identity(version)}

    @tf.function(input_signature=[])
    def get_normalization():
        return {"mean": tf.identity(mean), "std": tf.identity(std)}

    @tf.function(input_signature=[])
    def get_threshold():
        return {"threshold": tf.identity(threshold)}
    _save(out, {"net": net, "mean": mean, "std": std, "version": version, "threshold": threshold},
          serving_default=predict, get_labels=get_labels, get_input_shape=get_input_shape,
          get_model_version=get_model_version, get_normalization=get_normalization, get_threshold=get_threshold)


@model("s54_module_getters_named_after_values", "tf-module", "tabular normalizer + classifier module whose attributes and signatures share names: variables num_classes (int32), mean / std (float [12]), threshold; signatures num_classes, mean, std, threshold each returning the value of the same name (output keys also named after it), and serving_default(features float [None,12]) standardizing with mean / std before a Keras MLP")
def b_named(out):
    net = _kmlp(12, [32, 16, 4], name="mlp")
    rng = np.random.default_rng(5)
    mod = tf.Module()
    mod.net = net
    mod.num_classes = tf.Variable(4, dtype=tf.int32, name="num_classes")
    mod.mean = tf.Variable(rng.normal(0, 1, 12).astype("float32"), name="mean")
    mod.std = tf.Variable((1 + rng.random(12)).astype("float32"), name="std")
    mod.threshold = tf.Variable(0.5, name="threshold")

    def getter(v, key):
        return tf.function(lambda: {key: tf.identity(v)}, input_signature=[])

    @tf.function(input_signature=[tensor_spec([None, 12], name="features")])
    def serve(features):
        p = tf.nn.softmax(net((features - mod.mean) / mod.std, training=False))
        return {"probabilities": p, "above_threshold": p > mod.threshold}
    sigs = {"serving_default": serve, "num_classes": getter(mod.num_classes, "num_classes"), "mean": getter(mod.mean, "mean"),
            "std": getter(mod.std, "std"), "threshold": getter(mod.threshold, "threshold")}
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
        setattr(mod, "sig_" + k, f)
    tf.saved_model.save(mod, str(out), signatures=sigs)


@model("s54_module_echo_preprocess_predict_signatures", "tf-module", "image service module with a debugging echo: echo(image uint8 [None,None,None,3]) returns its input unchanged; preprocess(same uint8) -> tf.image.resize 48x48, scaled to [0,1]; predict(float [None,48,48,3]) -> Keras CNN softmax; serving_default(uint8) = preprocess + predict; output pixels of preprocess are also returned as model_input")
def b_echo(out):
    net = _cnn((48, 48, 3), (16, 32), out_dim=4, name="classifier")
    rspec = tensor_spec([None, None, None, 3], "uint8", "image")

    def prep(image):
        return tf.image.resize(tf.cast(image, tf.float32), (48, 48)) / 255.0

    @tf.function(input_signature=[rspec])
    def echo(image):
        return {"image": image}

    @tf.function(input_signature=[rspec])
    def preprocess(image):
        return {"pixels": prep(image)}

    @tf.function(input_signature=[tensor_spec([None, 48, 48, 3], name="pixels")])
    def predict(pixels):
        return {"probabilities": tf.nn.softmax(net(pixels, training=False))}

    @tf.function(input_signature=[rspec])
    def serve(image):
        x = prep(image)
        return {"probabilities": tf.nn.softmax(net(x, training=False)), "model_input": x}
    _save(out, {"net": net}, serving_default=serve, echo=echo, preprocess=preprocess, predict=predict)


@model("s54_module_explain_saliency_signature", "tf-module", "credit model with an explain signature for the compliance team: predict(features float [None,16]) -> default probability; explain(features) -> the same plus input gradients from a tf.GradientTape, gradient * input attributions and a 6-step integrated-gradients estimate against a zero baseline (unrolled in Python); Keras MLP Dense 64/32 with LayerNormalization")
def b_explain(out):
    inp = keras.Input((16,))
    h = L.Dense(32, activation="relu")(L.LayerNormalization()(L.Dense(64, activation="relu")(inp)))
    net = keras.Model(inp, L.Dense(1, activation="sigmoid")(h))
    spec = tensor_spec([None, 16], name="features")

    @tf.function(input_signature=[spec])
    def predict(features):
        return {"default_probability": net(features, training=False)}

    def grad_at(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = net(x, training=False)
        return y, tape.gradient(y, x)

    @tf.function(input_signature=[spec])
    def explain(features):
        y, g = grad_at(features)
        ig = tf.zeros_like(features)
        for a in np.linspace(1 / 6, 1.0, 6):
            ig += grad_at(features * float(a))[1] / 6.0
        return {"default_probability": y, "gradients": g, "grad_x_input": g * features, "integrated_gradients": ig * features}
    _save(out, {"net": net}, serving_default=predict, explain=explain)


@model("s54_module_warmup_no_input_signature", "tf-module", "speech-command module with a warmup signature the serving stack calls at load time: warmup() takes no inputs, runs the model on tf.zeros [1,49,40] and returns a constant ready flag (bool) and the dummy probabilities; predict(log_mel float [1,49,40]) -> Conv1D x2 + GlobalMaxPooling1D + Dense(12) softmax")
def b_warmup(out):
    net = keras.Sequential([keras.Input((49, 40)), L.Conv1D(32, 5, activation="relu"), L.MaxPooling1D(),
                            L.Conv1D(32, 3, activation="relu"), L.GlobalMaxPooling1D(), L.Dense(12)], name="kws")

    @tf.function(input_signature=[tensor_spec([1, 49, 40], name="log_mel")])
    def predict(log_mel):
        return {"probabilities": tf.nn.softmax(net(log_mel, training=False))}

    @tf.function(input_signature=[])
    def warmup():
        p = tf.nn.softmax(net(tf.zeros([1, 49, 40]), training=False))
        return {"ready": tf.constant(True), "probabilities": p}
    _save(out, {"net": net}, serving_default=predict, warmup=warmup)


@model("s54_module_placeholder_with_default_optional_mask", "tf-module", "review classifier with an optional attention mask: serving_default(token_ids int32 [None,None], mask int32 [None,None]) and predict_ids_only(token_ids) where the mask is tf.compat.v1.placeholder_with_default(cast(token_ids != 0), [None,None]) inside the function; Embedding(800,32) + masked mean pooling + Dense 32 + Dense(2) softmax")
def b_opt_mask(out):
    emb = L.Embedding(800, 32)
    head = _kmlp(32, [32, 2], name="head")
    emb.build((None, None))

    def classify(ids, mask):
        m = tf.cast(mask, tf.float32)[..., None]
        pooled = tf.reduce_sum(emb(ids) * m, axis=1) / tf.maximum(tf.reduce_sum(m, axis=1), 1.0)
        return {"probabilities": tf.nn.softmax(head(pooled, training=False))}

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "token_ids"), tensor_spec([None, None], "int32", "mask")])
    def serve(token_ids, mask):
        return classify(token_ids, mask)

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "token_ids")])
    def predict_ids_only(token_ids):
        mask = tf.compat.v1.placeholder_with_default(tf.cast(tf.not_equal(token_ids, 0), tf.int32), [None, None], name="mask")
        return classify(token_ids, mask)
    _save(out, {"emb": emb, "head": head}, serving_default=serve, predict_ids_only=predict_ids_only)


FEEDS["s54_module_placeholder_with_default_optional_mask"] = lambda rng: {
    "token_ids": _ids(rng, (2, 24), 800, pad_from=15), "mask": np.array([[1] * 15 + [0] * 9, [1] * 24])}


@model("s54_module_placeholder_with_default_calibration", "tf-module", "calibrated risk scorer whose temperature and bias are optional graph defaults: predict(features float [None,24]) with temperature = tf.compat.v1.placeholder_with_default(1.5, []) and bias = placeholder_with_default(zeros [3], [3]) inside the function; predict_calibrated(features, temperature float []) takes the temperature explicitly; Keras MLP Dense 48/24 -> 3 logits")
def b_calib(out):
    net = _kmlp(24, [48, 24, 3], name="mlp")
    spec = tensor_spec([None, 24], name="features")

    @tf.function(input_signature=[spec])
    def predict(features):
        temperature = tf.compat.v1.placeholder_with_default(tf.constant(1.5), [], name="temperature")
        bias = tf.compat.v1.placeholder_with_default(tf.zeros([3]), [3], name="class_bias")
        return {"probabilities": tf.nn.softmax(net(features, training=False) / temperature + bias)}

    @tf.function(input_signature=[spec, tensor_spec([], name="temperature")])
    def predict_calibrated(features, temperature):
        return {"probabilities": tf.nn.softmax(net(features, training=False) / temperature)}
    _save(out, {"net": net}, serving_default=predict, predict_calibrated=predict_calibrated)


FEEDS["s54_module_placeholder_with_default_calibration"] = {"temperature": 1.2}


@model("s54_module_string_query_int64_item_ranker", "tf-module", "search ranker with typed inputs: score(query string [None], item_id int64 [None], price float [None]) -> tf.strings.lower + tf.strings.to_hash_bucket_fast(1000) query embedding, item embedding by tf.gather (5000 x 16 variable), log price, Keras MLP 32/1; embed_query(query) and embed_item(item_id) signatures with one input each")
def b_ranker(out):
    rng = np.random.default_rng(9)
    qtab = tf.Variable(rng.normal(0, 0.1, (1000, 16)).astype("float32"), name="query_embeddings")
    itab = tf.Variable(rng.normal(0, 0.1, (5000, 16)).astype("float32"), name="item_embeddings")
    mlp = _kmlp(33, [32, 1], name="scorer")
    qspec, ispec = tensor_spec([None], tf.string, "query"), tensor_spec([None], "int64", "item_id")

    def q_emb(q):
        return tf.gather(qtab, tf.strings.to_hash_bucket_fast(tf.strings.lower(q), 1000))

    @tf.function(input_signature=[qspec, ispec, tensor_spec([None], name="price")])
    def score(query, item_id, price):
        x = tf.concat([q_emb(query) * tf.gather(itab, item_id), tf.gather(itab, item_id), tf.math.log1p(price)[:, None]], -1)
        return {"score": tf.squeeze(mlp(x, training=False), -1)}

    @tf.function(input_signature=[qspec])
    def embed_query(query):
        return {"embedding": q_emb(query)}

    @tf.function(input_signature=[ispec])
    def embed_item(item_id):
        return {"embedding": tf.gather(itab, item_id)}
    _save(out, {"qtab": qtab, "itab": itab, "mlp": mlp}, serving_default=score, embed_query=embed_query, embed_item=embed_item)


FEEDS["s54_module_string_query_int64_item_ranker"] = {"query": ["Red Shoes", "usb-c cable"], "item_id": (0, 5000), "price": [19.99, 7.5]}


@model("s54_module_clip_like_logit_scale_variable", "tf-module", "CLIP-like module with three signatures: encode_image(image float [None,32,32,3]), encode_text(input_ids int32 [None,16]), serving_default(image, input_ids) -> logits_per_image = exp(logit_scale variable) * cosine, logits_per_text = its transpose, and both embeddings; Keras CNN and Embedding/Conv1D text towers")
def b_clip_mod(out):
    img = _cnn((32, 32, 3), (16, 32, 64), out_dim=32, name="vision")
    ids = keras.Input((16,), dtype="int32")
    txt = keras.Model(ids, L.Dense(32)(L.GlobalMaxPooling1D()(L.Conv1D(32, 3, activation="relu")(L.Embedding(400, 32)(ids)))), name="text")
    logit_scale = tf.Variable(np.log(1 / 0.07).astype("float32"), name="logit_scale")
    ispec, tspec = tensor_spec([None, 32, 32, 3], name="image"), tensor_spec([None, 16], "int32", "input_ids")

    @tf.function(input_signature=[ispec])
    def encode_image(image):
        return {"image_embeds": tf.math.l2_normalize(img(image, training=False), -1)}

    @tf.function(input_signature=[tspec])
    def encode_text(input_ids):
        return {"text_embeds": tf.math.l2_normalize(txt(input_ids, training=False), -1)}

    @tf.function(input_signature=[ispec, tspec])
    def serve(image, input_ids):
        i, t = encode_image(image)["image_embeds"], encode_text(input_ids)["text_embeds"]
        logits = tf.exp(logit_scale) * tf.matmul(i, t, transpose_b=True)
        return {"logits_per_image": logits, "logits_per_text": tf.transpose(logits), "image_embeds": i, "text_embeds": t}
    _save(out, {"img": img, "txt": txt, "logit_scale": logit_scale}, serving_default=serve, encode_image=encode_image,
          encode_text=encode_text)


FEEDS["s54_module_clip_like_logit_scale_variable"] = {"input_ids": (0, 400)}


@model("s54_module_outputs_alias_and_constants", "tf-module", "classifier signature returning aliases and constants beside the prediction, as a team keeps old and new client keys: classify(x float [None,30]) -> probabilities, scores (same tensor), output_0 (same tensor), class_id int64, label (tf.gather of a string constant table), label_names (the whole string constant [6]), model_version int32 constant")
def b_alias_mod(out):
    net = _kmlp(30, [64, 32, 6], name="mlp")

    @tf.function(input_signature=[tensor_spec([None, 30], name="x")])
    def classify(x):
        p = tf.nn.softmax(net(x, training=False))
        cid = tf.argmax(p, axis=-1)
        names = tf.constant(LABELS)
        return {"probabilities": p, "scores": p, "output_0": p, "class_id": cid, "label": tf.gather(names, cid),
                "label_names": names, "model_version": tf.constant(3)}
    _save(out, {"net": net}, serving_default=classify)


@model("s54_module_ragged_lengths_none_batch_gru", "tf-module", "sequence tagger taking padded ids with explicit lengths, None batch and time: tag(token_ids int32 [None,None], lengths int32 [None]) -> tf.sequence_mask(lengths, maxlen=tf.shape(ids)[1]), Embedding + Bidirectional GRU(16) called with mask, Dense(5) per-token tags (argmax int32, masked to -1 beyond length); signature encode(token_ids, lengths) -> masked mean sentence vector")
def b_lengths(out):
    emb = L.Embedding(600, 24)
    rnn = L.Bidirectional(L.GRU(16, return_sequences=True))
    dense = L.Dense(5)
    x0 = emb(np.zeros((1, 4), "int32"))
    dense(rnn(x0))
    specs = [tensor_spec([None, None], "int32", "token_ids"), tensor_spec([None], "int32", "lengths")]

    def run(token_ids, lengths):
        mask = tf.sequence_mask(lengths, maxlen=tf.shape(token_ids)[1])
        return rnn(emb(token_ids), mask=mask, training=False), mask

    @tf.function(input_signature=specs)
    def tag(token_ids, lengths):
        h, mask = run(token_ids, lengths)
        tags = tf.argmax(dense(h), axis=-1, output_type=tf.int32)
        return {"tags": tf.where(mask, tags, -1), "tag_logits": dense(h)}

    @tf.function(input_signature=specs)
    def encode(token_ids, lengths):
        h, mask = run(token_ids, lengths)
        m = tf.cast(mask, tf.float32)[..., None]
        return {"sentence_vector": tf.reduce_sum(h * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)}
    _save(out, {"emb": emb, "rnn": rnn, "dense": dense}, serving_default=tag, encode=encode)


FEEDS["s54_module_ragged_lengths_none_batch_gru"] = lambda rng: {"token_ids": _ids(rng, (2, 20), 600, pad_from=12), "lengths": [12, 20]}


@model("s54_module_uint8_int64_bool_float_mixed", "tf-module", "clinical risk module mixing input dtypes: predict(xray uint8 [None,64,64,1], age int64 [None], is_smoker bool [None], bmi float [None]) -> image CNN on uint8 cast / 255, tabular vector from cast age / 100, smoker flag, bmi z-score; fused Dense 32 -> risk (sigmoid); a second signature predict_tabular(age, is_smoker, bmi) without the image (zero image features)")
def b_mixed(out):
    cnn = _cnn((64, 64, 1), (8, 16, 32), name="xray_cnn")
    tab = _kmlp(3, [16], name="tabular")
    fuse = _kmlp(48, [32, 1], out_act="sigmoid", name="fusion")
    tspecs = [tensor_spec([None], "int64", "age"), tensor_spec([None], "bool", "is_smoker"), tensor_spec([None], name="bmi")]

    def tab_feats(age, is_smoker, bmi):
        return tab(tf.stack([tf.cast(age, tf.float32) / 100.0, tf.cast(is_smoker, tf.float32), (bmi - 25.0) / 5.0], -1), training=False)

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 1], "uint8", "xray")] + tspecs)
    def predict(xray, age, is_smoker, bmi):
        f = cnn(tf.cast(xray, tf.float32) / 255.0, training=False)
        return {"risk": fuse(tf.concat([f, tab_feats(age, is_smoker, bmi)], -1), training=False)}

    @tf.function(input_signature=tspecs)
    def predict_tabular(age, is_smoker, bmi):
        t = tab_feats(age, is_smoker, bmi)
        return {"risk": fuse(tf.concat([tf.zeros([tf.shape(t)[0], 32]), t], -1), training=False)}
    _save(out, {"cnn": cnn, "tab": tab, "fuse": fuse}, serving_default=predict, predict_tabular=predict_tabular)


FEEDS["s54_module_uint8_int64_bool_float_mixed"] = {"age": [34, 71], "is_smoker": [False, True], "bmi": [22.5, 31.0]}


@model("s54_module_ensemble_client_weights", "tf-module", "ensemble module with client-given mixing weights: predict(x float [None,18], weights float [2]) -> weights normalized with softmax over two Keras members' probabilities; member_a(x) and member_b(x) signatures expose each member; predict_equal(x) uses fixed 0.5 / 0.5")
def b_ensemble(out):
    a = _kmlp(18, [32, 4], name="member_a")
    b = _kmlp(18, [64, 32, 4], name="member_b")
    xspec = tensor_spec([None, 18], name="x")

    def mix(x, w):
        w = tf.nn.softmax(w)
        return {"probabilities": w[0] * tf.nn.softmax(a(x, training=False)) + w[1] * tf.nn.softmax(b(x, training=False))}

    @tf.function(input_signature=[xspec, tensor_spec([2], name="weights")])
    def predict(x, weights):
        return mix(x, weights)

    @tf.function(input_signature=[xspec])
    def predict_equal(x):
        return mix(x, tf.zeros([2]))

    @tf.function(input_signature=[xspec])
    def member_a(x):
        return {"probabilities": tf.nn.softmax(a(x, training=False))}

    @tf.function(input_signature=[xspec])
    def member_b(x):
        return {"probabilities": tf.nn.softmax(b(x, training=False))}
    _save(out, {"a": a, "b": b}, serving_default=predict, predict_equal=predict_equal, member_a=member_a, member_b=member_b)


FEEDS["s54_module_ensemble_client_weights"] = {"weights": [0.3, 1.0]}


@model("s54_module_string_text_preprocess_to_ids", "tf-module", "support-ticket router whose preprocessing ships in the SavedModel: preprocess(text string [None]) -> tf.strings.lower, regex_replace of punctuation, tf.strings.split, to_hash_bucket_fast(2000) + 1, RaggedTensor.to_tensor padded / cut to 24 -> int64 ids; predict_ids(ids int64 [None,24]) -> Embedding + Conv1D + GlobalMaxPooling1D + Dense(8) softmax; serving_default(text) does both and also returns the ids")
def b_text_prep(out):
    ids_in = keras.Input((24,), dtype="int64")
    net = keras.Model(ids_in, L.Dense(8)(L.GlobalMaxPooling1D()(L.Conv1D(32, 3, activation="relu")(L.Embedding(2001, 24)(ids_in)))))

    def to_ids(text):
        t = tf.strings.regex_replace(tf.strings.lower(text), r"[^a-z0-9 ]", " ")
        tokens = tf.strings.split(t)
        ids = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, tokens, 2000) + 1
        return ids.to_tensor(default_value=0, shape=[None, 24])

    @tf.function(input_signature=[tensor_spec([None], tf.string, "text")])
    def preprocess(text):
        return {"ids": to_ids(text)}

    @tf.function(input_signature=[tensor_spec([None, 24], "int64", "ids")])
    def predict_ids(ids):
        return {"probabilities": tf.nn.softmax(net(ids, training=False))}

    @tf.function(input_signature=[tensor_spec([None], tf.string, "text")])
    def serve(text):
        ids = to_ids(text)
        return {"probabilities": tf.nn.softmax(net(ids, training=False)), "ids": ids}
    _save(out, {"net": net}, serving_default=serve, preprocess=preprocess, predict_ids=predict_ids)


FEEDS["s54_module_string_text_preprocess_to_ids"] = {"text": ["My invoice is WRONG, please refund!", "app crashes on login"],
                                                     "ids": (0, 2001)}


@model("s54_module_nested_function_flat_signature", "tf-module", "pose + hand model whose internal tf.function returns nested outputs ({'pose': {'keypoints', 'visibility'}, 'hand': {'left', 'right'}}); the saved module keeps that function as a plain attribute and serves a flat signature (pose_keypoints, pose_visibility, hand_left, hand_right) plus pose_only; image float [None,48,48,3], Keras CNN with separate Dense heads")
def b_nested_fn(out):
    inp = keras.Input((48, 48, 3))
    f = L.Dense(64, activation="relu")(_cnn((48, 48, 3), (16, 32, 32), name="backbone")(inp))
    net = keras.Model(inp, [L.Dense(17 * 2)(f), L.Dense(17, activation="sigmoid")(f), L.Dense(3)(f), L.Dense(3)(f)])
    spec = tensor_spec([None, 48, 48, 3], name="image")

    @tf.function
    def nested(image):
        kp, vis, lh, rh = net(image, training=False)
        return {"pose": {"keypoints": tf.reshape(kp, [-1, 17, 2]), "visibility": vis}, "hand": {"left": lh, "right": rh}}

    @tf.function(input_signature=[spec])
    def serve(image):
        o = nested(image)
        return {"pose_keypoints": o["pose"]["keypoints"], "pose_visibility": o["pose"]["visibility"],
                "hand_left": o["hand"]["left"], "hand_right": o["hand"]["right"]}

    @tf.function(input_signature=[spec])
    def pose_only(image):
        return {k: v for k, v in nested(image)["pose"].items()}
    nested.get_concrete_function(spec)
    _save(out, {"net": net, "nested": nested}, serving_default=serve, pose_only=pose_only)


# ================================================================================ TF2 functions frozen to .pb

@model("s54_frozen_image_metadata_multi_output", "frozen-pb", "real-estate photo + listing metadata model frozen with convert_variables_to_constants_v2: inputs photo float [1,48,48,3] and listing float [1,12]; Keras CNN + MLP fusion; outputs price (linear), room_type (softmax 5) and quality (sigmoid) as named Identity nodes")
def b_f_meta(out):
    photo, listing = keras.Input((48, 48, 3)), keras.Input((12,))
    h = L.Dense(32, activation="relu")(L.Concatenate()([_cnn((48, 48, 3), (16, 32, 32), name="cnn")(photo),
                                                        L.Dense(16, activation="relu")(listing)]))
    net = keras.Model([photo, listing], [L.Dense(1)(h), L.Dense(5, activation="softmax")(h), L.Dense(1, activation="sigmoid")(h)])

    def fn(photo, listing):
        p, r, q = net([photo, listing], training=False)
        return tf.identity(p, "price"), tf.identity(r, "room_type"), tf.identity(q, "quality")
    _freeze(fn, [tensor_spec([1, 48, 48, 3], name="photo"), tensor_spec([1, 12], name="listing")], out)


OUTPUTS["s54_frozen_image_metadata_multi_output"] = ["price", "room_type", "quality"]


@model("s54_frozen_placeholder_with_default_knobs", "frozen-pb", "keyword spotter frozen with convert_variables_to_constants_v2 whose tuning knobs are tf.compat.v1.placeholder_with_default nodes inside the traced function: detection_threshold (0.7, []) and smoothing (0.0, []) mixing the current posterior with a prior_posterior input [1,4]; features float [1,40,20] -> Conv1D x2 + GlobalAveragePooling1D + Dense(4) softmax; outputs posteriors and detected (bool)")
def b_f_pwd(out):
    net = keras.Sequential([keras.Input((40, 20)), L.Conv1D(24, 5, activation="relu"), L.Conv1D(24, 3, activation="relu"),
                            L.GlobalAveragePooling1D(), L.Dense(4)], name="kws")

    def fn(features, prior_posterior):
        thr = tf.compat.v1.placeholder_with_default(tf.constant(0.7), [], name="detection_threshold")
        smooth = tf.compat.v1.placeholder_with_default(tf.constant(0.0), [], name="smoothing")
        p = (1.0 - smooth) * tf.nn.softmax(net(features, training=False)) + smooth * prior_posterior
        return tf.identity(p, "posteriors"), tf.identity(p > thr, "detected")
    _freeze(fn, [tensor_spec([1, 40, 20], name="features"), tensor_spec([1, 4], name="prior_posterior")], out)


OUTPUTS["s54_frozen_placeholder_with_default_knobs"] = ["posteriors", "detected"]


@model("s54_frozen_bool_training_flag_cond", "frozen-pb", "research segmentation net written with raw tf.Variables and frozen with convert_variables_to_constants_v2 with its bool training flag still an input: image float [1,32,32,3], training bool [] -> conv2d + batch norm using tf.cond(training, tf.nn.moments of the batch, stored moving statistics) and tf.cond(training, stateless_dropout(rate 0.2, fixed seed), identity); conv x2, max_pool, resize back, 1x1 conv sigmoid mask")
def b_f_cond(out):
    rng = np.random.default_rng(21)
    w1 = tf.Variable(rng.normal(0, 0.2, (3, 3, 3, 16)).astype("float32"), name="conv1/kernel")
    w2 = tf.Variable(rng.normal(0, 0.1, (3, 3, 16, 32)).astype("float32"), name="conv2/kernel")
    w3 = tf.Variable(rng.normal(0, 0.2, (1, 1, 32, 1)).astype("float32"), name="head/kernel")
    stats = {n: (tf.Variable(np.zeros(c, "float32"), name=n + "/moving_mean"), tf.Variable(np.ones(c, "float32"), name=n + "/moving_var"),
                 tf.Variable(np.ones(c, "float32"), name=n + "/gamma"), tf.Variable(np.zeros(c, "float32"), name=n + "/beta"))
             for n, c in (("bn1", 16), ("bn2", 32))}

    def bn(x, name, training):
        mm, mv, gamma, beta = stats[name]
        mean, var = tf.cond(training, lambda: tf.nn.moments(x, [0, 1, 2]), lambda: (tf.identity(mm), tf.identity(mv)))
        return tf.nn.batch_normalization(x, mean, var, beta, gamma, 1e-3)

    def fn(image, training):
        h = tf.nn.max_pool2d(tf.nn.relu(bn(tf.nn.conv2d(image, w1, 1, "SAME"), "bn1", training)), 2, 2, "SAME")
        h = tf.nn.relu(bn(tf.nn.conv2d(h, w2, 1, "SAME"), "bn2", training))
        h = tf.cond(training, lambda: tf.nn.experimental.stateless_dropout(h, 0.2, seed=[1, 2]), lambda: h)
        h = tf.image.resize(h, (32, 32))
        return tf.identity(tf.sigmoid(tf.nn.conv2d(h, w3, 1, "SAME")), "mask")
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="image"), tensor_spec([], "bool", "training")], out)


OUTPUTS["s54_frozen_bool_training_flag_cond"] = ["mask"]


@model("s54_frozen_topk_k_and_threshold_inputs", "frozen-pb", "multi-label tagger frozen with convert_variables_to_constants_v2 with k and threshold as scalar inputs: embedding float [1,64], k int32 [], threshold float [] -> Dense 64 + Dense(40) sigmoid, tf.math.top_k(probs, k), tags above threshold as a bool mask and their count")
def b_f_topk(out):
    net = _kmlp(64, [64, 40], out_act="sigmoid", name="tagger")

    def fn(embedding, k, threshold):
        p = net(embedding, training=False)
        top = tf.math.top_k(p, k=k)
        above = p > threshold
        return (tf.identity(top.indices, "top_ids"), tf.identity(top.values, "top_scores"), tf.identity(above, "above"),
                tf.identity(tf.reduce_sum(tf.cast(above, tf.int32), -1), "num_tags"))
    _freeze(fn, [tensor_spec([1, 64], name="embedding"), tensor_spec([], "int32", "k"), tensor_spec([], name="threshold")], out)


OUTPUTS["s54_frozen_topk_k_and_threshold_inputs"] = ["top_ids", "top_scores", "above", "num_tags"]
FEEDS["s54_frozen_topk_k_and_threshold_inputs"] = {"k": 5, "threshold": 0.5}


@model("s54_frozen_keras_dict_inputs_sensor", "frozen-pb", "Keras functional model built on a dict of named inputs (sensor float [1,50,6], device_type int32 [1] -> Embedding(8,4), battery float [1,1]) frozen with convert_variables_to_constants_v2 for an embedded runtime: Conv1D x2 + GlobalAveragePooling1D, Concatenate, Dense(6) softmax activity and a Dense(1) energy estimate")
def b_f_dict(out):
    sensor = keras.Input((50, 6), name="sensor")
    dtype_in = keras.Input((), dtype="int32", name="device_type")
    battery = keras.Input((1,), name="battery")
    s = L.GlobalAveragePooling1D()(L.Conv1D(32, 3, activation="relu")(L.Conv1D(16, 5, activation="relu")(sensor)))
    h = L.Dense(32, activation="relu")(L.Concatenate()([s, L.Embedding(8, 4)(dtype_in), battery]))
    net = keras.Model({"sensor": sensor, "device_type": dtype_in, "battery": battery},
                      {"activity": L.Dense(6, activation="softmax")(h), "energy": L.Dense(1)(h)})

    def fn(sensor, device_type, battery):
        o = net({"sensor": sensor, "device_type": device_type, "battery": battery}, training=False)
        return tf.identity(o["activity"], "activity"), tf.identity(o["energy"], "energy")
    _freeze(fn, [tensor_spec([1, 50, 6], name="sensor"), tensor_spec([1], "int32", "device_type"), tensor_spec([1, 1], name="battery")], out)


OUTPUTS["s54_frozen_keras_dict_inputs_sensor"] = ["activity", "energy"]
FEEDS["s54_frozen_keras_dict_inputs_sensor"] = {"device_type": (0, 8)}


# ================================================================================ TF1 graph mode

@model("s54_tf1_is_training_keep_prob_defaults_frozen", "frozen-pb", "TF1 classifier frozen with graph_util.convert_variables_to_constants keeping its optional inputs: input float [None,32,32,3], is_training = placeholder_with_default(False, []) driving a hand-written batch norm (tf.cond between batch moments and stored moving statistics), keep_prob = placeholder_with_default(1.0, []) for dropout; get_variable convs + fc; softmax named 'probabilities' and argmax 'classes'")
def b_tf1_defaults(out):
    v1 = tf.compat.v1

    def bn(x, name, is_training):
        with v1.variable_scope(name):
            c = int(x.shape[-1])
            gamma = v1.get_variable("gamma", [c], initializer=v1.ones_initializer())
            beta = v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
            mm = v1.get_variable("moving_mean", [c], initializer=v1.zeros_initializer(), trainable=False)
            mv = v1.get_variable("moving_variance", [c], initializer=v1.ones_initializer(), trainable=False)
            mean, var = tf.cond(is_training, lambda: tf.nn.moments(x, [0, 1, 2]), lambda: (tf.identity(mm), tf.identity(mv)))
            return tf.nn.batch_normalization(x, mean, var, beta, gamma, 1e-3)

    def build():
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="input")
        is_training = v1.placeholder_with_default(False, [], name="is_training")
        keep_prob = v1.placeholder_with_default(1.0, [], name="keep_prob")
        h = tf.nn.max_pool2d(bn(_v1_conv(x, "conv1", 16), "bn1", is_training), 2, 2, "SAME")
        h = tf.nn.max_pool2d(bn(_v1_conv(h, "conv2", 32), "bn2", is_training), 2, 2, "SAME")
        h = _v1_dense(tf.reshape(h, [-1, 8 * 8 * 32]), "fc1", 64, tf.nn.relu)
        h = tf.nn.dropout(h, rate=1.0 - keep_prob)
        logits = _v1_dense(h, "logits", 10)
        return [tf.nn.softmax(logits, name="probabilities"), tf.argmax(logits, 1, name="classes")]
    _v1_freeze(out, build)


OUTPUTS["s54_tf1_is_training_keep_prob_defaults_frozen"] = ["probabilities", "classes"]


@model("s54_tf1_two_inputs_named_outputs_frozen", "frozen-pb", "TF1 document model frozen for a C++ service: placeholders page_image float [1,64,64,1] and layout_features float [1,20] plus num_boxes int32 [] (used to slice a fixed 16-box head), get_variable convs (stride 2) + fc fusion; named outputs doc_class (softmax 4), box_scores (sigmoid, first num_boxes of 16), embedding (l2-normalized 32)")
def b_tf1_two(out):
    v1 = tf.compat.v1

    def build():
        img = v1.placeholder(tf.float32, [1, 64, 64, 1], name="page_image")
        lay = v1.placeholder(tf.float32, [1, 20], name="layout_features")
        n = v1.placeholder(tf.int32, [], name="num_boxes")
        h = _v1_conv(_v1_conv(_v1_conv(img, "conv1", 8, 2), "conv2", 16, 2), "conv3", 32, 2)
        h = tf.reduce_mean(h, axis=[1, 2])
        h = _v1_dense(tf.concat([h, _v1_dense(lay, "layout", 16, tf.nn.relu)], -1), "fuse", 64, tf.nn.relu)
        doc = tf.nn.softmax(_v1_dense(h, "doc_head", 4), name="doc_class")
        boxes = tf.identity(tf.sigmoid(_v1_dense(h, "box_head", 16))[:, :n], name="box_scores")
        emb = tf.math.l2_normalize(_v1_dense(h, "emb_head", 32), axis=-1, name="embedding")
        return [doc, boxes, emb]
    _v1_freeze(out, build)


OUTPUTS["s54_tf1_two_inputs_named_outputs_frozen"] = ["doc_class", "box_scores", "embedding"]
FEEDS["s54_tf1_two_inputs_named_outputs_frozen"] = {"num_boxes": 6}


@model("s54_tf1_builder_classify_regress_predict_examples", "tf1-savedmodel", "estimator-era TF1 SavedModelBuilder export: serialized tf.Example string [None] parsed with tf.io.parse_example (x float [8], region string -> StaticVocabularyTable one-hot feeding the regression head, tables initialized by main_op), dense features = placeholder_with_default(parsed, [None,8]); signature defs over the same graph: serving_default and classification (classify: classes string / scores), regression (regress: outputs), predict (examples -> probabilities, class_ids, value) and predict_dense (dense_features only)")
def b_tf1_crp(out):
    v1 = tf.compat.v1

    def build():
        serialized = v1.placeholder(tf.string, [None], name="input_example_tensor")
        parsed = tf.io.parse_example(serialized, {"x": tf.io.FixedLenFeature([8], tf.float32),
                                                  "region": tf.io.FixedLenFeature([1], tf.string, default_value="unknown")})
        table = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(
            tf.constant(["north", "south", "east", "west"]), tf.constant([0, 1, 2, 3], tf.int64)), num_oov_buckets=1)
        region = tf.one_hot(table.lookup(parsed["region"][:, 0]), 5)
        dense = v1.placeholder_with_default(parsed["x"], [None, 8], name="dense_features")
        h = _v1_dense(dense, "hidden1", 32, tf.nn.relu)
        h = _v1_dense(h, "hidden2", 16, tf.nn.relu)
        logits = _v1_dense(h, "logits", 3)
        probs = tf.nn.softmax(logits, name="probabilities")
        value = _v1_dense(tf.concat([h, region], -1), "value_head", 1)
        class_ids = tf.argmax(logits, 1, name="class_ids")
        classes = tf.tile(tf.constant([["low", "medium", "high"]]), [tf.shape(probs)[0], 1])
        sdu = v1.saved_model.signature_def_utils
        classify = sdu.classification_signature_def(serialized, classes, probs)
        return {"serving_default": classify, "classification": classify,
                "regression": sdu.regression_signature_def(serialized, value),
                "predict": sdu.predict_signature_def({"examples": serialized},
                                                     {"probabilities": probs, "class_ids": class_ids, "value": value}),
                "predict_dense": sdu.predict_signature_def({"dense_features": dense}, {"probabilities": probs, "class_ids": class_ids})}
    _v1_builder(out, build)


FEEDS["s54_tf1_builder_classify_regress_predict_examples"] = lambda rng: {"inputs": _examples(2), "examples": _examples(2)}


@model("s54_tf1_builder_predict_signatures_shared_graph", "tf1-savedmodel", "TF1 SavedModelBuilder export of one phone-camera graph with several predict signature defs of different input sets: serving_default (image float [1,32,32,3] + exif float [1,6]), image_only (image; exif is a placeholder_with_default of zeros), embed (image -> 32-d feature), score_embedding (embedding placeholder_with_default over the computed one, fed directly -> scores), get_labels (a string constant output, fed a dummy image)")
def b_tf1_multi(out):
    v1 = tf.compat.v1

    def build():
        image = v1.placeholder(tf.float32, [1, 32, 32, 3], name="image")
        exif = v1.placeholder_with_default(tf.zeros([1, 6]), [1, 6], name="exif")
        h = tf.reduce_mean(_v1_conv(_v1_conv(image, "conv1", 16, 2), "conv2", 32, 2), axis=[1, 2])
        feat = tf.identity(_v1_dense(h, "embed", 32, tf.nn.relu), name="embedding_out")
        emb = v1.placeholder_with_default(feat, [1, 32], name="embedding")
        e = _v1_dense(exif, "exif_fc", 8, tf.nn.relu)
        scores = tf.nn.softmax(_v1_dense(tf.concat([emb, e], -1), "classifier", 6), name="scores")
        labels = tf.constant(LABELS, name="labels")
        psd = v1.saved_model.signature_def_utils.predict_signature_def
        return {"serving_default": psd({"image": image, "exif": exif}, {"scores": scores}),
                "image_only": psd({"image": image}, {"scores": scores}),
                "embed": psd({"image": image}, {"embedding": feat}),
                "score_embedding": psd({"embedding": emb}, {"scores": scores}),
                "get_labels": psd({"image": image}, {"labels": labels})}
    _v1_builder(out, build)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
