"""Build an independently made corpus into bench/out/fresh38/: a Keras 3 layer zoo -- small but realistic models of the
kind a tutorial, a Kaggle notebook or a product team writes, most meant for on-device deployment (TFLite float and
full-integer int8), that together exercise nearly every built-in Keras 3 layer and many keras.ops functions in
inference. Preprocessing inside the model (Normalization adapted to data / given mean and variance / invert=True,
Discretization with boundaries and adapted, CategoryEncoding one_hot / multi_hot / count, Hashing, HashedCrossing,
StringLookup / IntegerLookup with vocabularies, mask tokens and num_oov_indices, TextVectorization int / multi_hot /
tf_idf / character split, Rescaling, Resizing with crop_to_aspect_ratio and pad_to_aspect_ratio, CenterCrop, Pipeline,
AutoContrast, MelSpectrogram, STFTSpectrogram, and the random augmentation layers (RandomFlip / Rotation / Zoom /
Contrast / Translation / Brightness / Grayscale, Solarization, Equalization) left in the model but exported behind an
explicit training=False); normalization (LayerNormalization over one and several axes, RMSNormalization,
GroupNormalization, UnitNormalization, BatchNormalization with non-trivial moving statistics, SpectralNormalization);
attention (Attention, AdditiveAttention, MultiHeadAttention with attention_axes, GroupedQueryAttention with a causal
mask, EinsumDense, keras.ops.dot_product_attention); Conv1D/2D/3D with dilation, causal padding and groups, the three
transposed convolutions, DepthwiseConv1D/2D, SeparableConv1D/2D; 1D/2D/3D pooling, global pooling with keepdims,
Cropping / ZeroPadding / UpSampling in 1D, 2D and 3D (nearest and bilinear), Permute, RepeatVector, Reshape to 6-D,
Flatten; every merge layer (Add, Subtract, Multiply, Average, Maximum, Minimum, Concatenate, Dot with normalize=True);
activation layers (ReLU with max_value / negative_slope / threshold, LeakyReLU, PReLU with shared_axes, ELU, Softmax
over several axes) and activation functions (gelu exact and tanh-approximate, silu, mish, hard_silu, hard_sigmoid,
relu6, selu, celu, softplus, softsign, squareplus, sparse_plus, log_sigmoid, log_softmax, sparsemax, glu, hard_tanh,
soft_shrink, hard_shrink, tanh_shrink, threshold); regularization layers at inference (Dropout, SpatialDropout1D / 2D /
3D, GaussianNoise, GaussianDropout, AlphaDropout, ActivityRegularization); Embedding with mask_zero,
ReversibleEmbedding, Masking, Identity, TimeDistributed, Bidirectional; small doses of LSTM / GRU / SimpleRNN /
ConvLSTM2D; Lambda layers and custom layers over keras.ops (top_k, sort, argsort, cumsum, take_along_axis,
segment_sum / segment_max, one_hot, logsumexp, erf / erfinv, stft / rfft, scan, associative_scan, digitize,
bincount, keras.ops.image rgb_to_hsv / affine_transform / extract_patches / resize / rgb_to_grayscale). Exported with
Keras 3 model.export (fixed batch-1 signatures for most int8-minded models, None batch for others),
keras.export.ExportArchive with several endpoints, tf.saved_model.save of a tf.Module wrapping Keras models with
explicit tf.function signatures, and Keras models frozen with convert_variables_to_constants_v2. Seeded random
weights; preprocessing layers adapted on small synthetic data; nothing is downloaded; every model runs forward once
(inference) while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh38.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh38.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh38.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh38.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh38.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh38", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need real values (ids in range, strings, padding): model -> {input name (or "signature/input"): value or
# (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is built;
# anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

WORDS = ("the movie was great and i loved the acting but plot felt slow boring terrible awful amazing brilliant story "
         "film characters music ending bad good best worst ever really not very fun waste time money recommend watch "
         "again never would funny sad beautiful script director scene free win prize call now offer claim").split()


# ================================================================================ shared pieces

def _key(out):
    """the model name of a driver path (.tmp_<name> or .tmp_<name>.pb)"""
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out`, keyed by TensorSpec name"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_key(out)), sig)


def _spec(t, fixed):
    """TensorSpec of a Keras input: its own shape if `fixed`, else with the batch dimension relaxed to None"""
    shape = list(t.shape)
    return tensor_spec(shape if fixed else [None] + shape[1:], t.dtype, t.name)


def _run(m, out):
    """run a functional Keras model once in inference mode on the --check inputs"""
    vals = _feed(out, [_spec(t, True) for t in m.inputs])
    return m(keras.tree.map_structure(lambda t: vals[t.name], m.input), training=False)


def _export(m, out, fixed=False):
    """run the model once (inference), then Keras 3 model.export: batch relaxed to None, or (fixed) an explicit
    input_signature keeping the batch-1 shapes the model was built with"""
    _run(m, out)
    sig = [keras.tree.map_structure(lambda t: _spec(t, True), m.input)] if fixed else None
    keras_export(m, out, sig=sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _archive(out, tracked, **endpoints):
    """keras.export.ExportArchive: track the Keras models, add each tf.function (with input_signature) as an endpoint
    after running it once, write_out"""
    archive = keras.export.ExportArchive()
    for m in tracked:
        archive.track(m)
    for k, f in endpoints.items():
        f(**_feed(out, f.input_signature, k))
        archive.add_endpoint(k, f)
    archive.write_out(str(out), verbose=False)


def _freeze(m, out):
    """run a single-input Keras model once, then freeze m(x, training=False) at its built (batch-1) input shape with
    convert_variables_to_constants_v2"""
    _run(m, out)
    freeze_function(lambda t: m(t, training=False), [_spec(m.inputs[0], True)], out)


def _sentences(rng, n, lo=3, hi=12):
    return [" ".join(rng.choice(WORDS, rng.integers(lo, hi))) for _ in range(n)]


def _ids(rng, shape, vocab, pad_from=None):
    """token ids in [1, vocab) with zero padding after position `pad_from` in every other row"""
    a = rng.integers(1, vocab, shape)
    if pad_from is not None:
        a[::2, pad_from:] = 0
    return a


def _conv_bn(x, f, k=3, s=1, act="relu", **kw):
    x = L.Conv2D(f, k, strides=s, padding="same", use_bias=False, **kw)(x)
    x = L.BatchNormalization()(x)
    return L.Activation(act)(x) if isinstance(act, str) or callable(act) else act(x)


def _randomize_bn(m, seed):
    """give every BatchNormalization layer non-trivial moving statistics and affine parameters (as a trained model has)"""
    rng = np.random.default_rng(seed)
    for layer in m._flatten_layers():
        if isinstance(layer, L.BatchNormalization):
            n = layer.moving_mean.shape[0]
            layer.moving_mean.assign(rng.normal(0.1, 0.3, n).astype("float32"))
            layer.moving_variance.assign(rng.uniform(0.3, 2.5, n).astype("float32"))
            if layer.scale:
                layer.gamma.assign(rng.uniform(0.6, 1.4, n).astype("float32"))
            if layer.center:
                layer.beta.assign(rng.normal(0, 0.2, n).astype("float32"))


PositionEmbedding = ClassToken = None  # custom layers shared by several builders, defined once Keras is imported


def _define_layers():
    """custom layers shared by several builders (need keras imported)"""
    global PositionEmbedding, ClassToken

    class PositionEmbedding(L.Layer):  # learned absolute positions added to token embeddings
        def __init__(self, length, dim, **kw):
            super().__init__(**kw)
            self.length, self.dim = length, dim

        def build(self, input_shape):
            self.pos = self.add_weight(shape=(self.length, self.dim), initializer="random_normal", name="positions")

        def call(self, x):
            return x + self.pos[None, : ops.shape(x)[1]]

    class ClassToken(L.Layer):  # prepend a learned [CLS] token
        def build(self, input_shape):
            self.cls = self.add_weight(shape=(1, 1, input_shape[-1]), initializer="zeros", name="cls")

        def call(self, x):
            return ops.concatenate([ops.broadcast_to(self.cls, (ops.shape(x)[0], 1, ops.shape(x)[-1])), x], axis=1)



# ================================================================================ tabular and categorical preprocessing

@model("s38_housing_normalization_discretization_invert", "keras-export", "house-price MLP (Keras preprocessing-layers tutorial style), None batch: numeric float [None,6] through Normalization adapted on synthetic data; median_age float [None,1] through Discretization(bin_boundaries, output_mode one_hot); lat_lon float [None,2] through Discretization(num_bins=6, adapted) -> Lambda combining the two bin ids -> CategoryEncoding(36, one_hot); Concatenate, Dense 64 / 32 relu, Dense(1) normalized price -> Normalization(invert=True, adapted on prices) giving price in dollars")
def b_housing(out):
    rng = np.random.default_rng(1)
    numeric = rng.normal([3, 5, 1, 1500, 3, 2], [1, 2, 0.5, 800, 1, 1], (512, 6)).astype("float32")
    latlon = np.stack([rng.uniform(32, 42, 512), rng.uniform(-124, -114, 512)], 1).astype("float32")
    norm = L.Normalization()
    norm.adapt(numeric)
    grid = L.Discretization(num_bins=6, epsilon=0.01)
    grid.adapt(latlon)
    price_denorm = L.Normalization(invert=True, name="price")
    price_denorm.adapt(rng.lognormal(12, 0.5, (512, 1)).astype("float32"))
    num_in = keras.Input((6,), name="numeric")
    age_in = keras.Input((1,), name="median_age")
    ll_in = keras.Input((2,), name="lat_lon")
    age = L.Discretization(bin_boundaries=[10.0, 20.0, 30.0, 40.0, 50.0], output_mode="one_hot")(age_in)
    cell = L.Lambda(lambda t: t[:, :1] * 6 + t[:, 1:], output_shape=(1,))(grid(ll_in))
    cell = L.CategoryEncoding(num_tokens=36, output_mode="one_hot")(cell)
    x = L.Concatenate()([norm(num_in), age, cell])
    x = L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(x))
    _export(keras.Model([num_in, age_in, ll_in], price_denorm(L.Dense(1)(x))), out)


FEEDS["s38_housing_normalization_discretization_invert"] = lambda rng: {
    "median_age": rng.uniform(1, 60, (2, 1)), "lat_lon": np.stack([rng.uniform(32, 42, 2), rng.uniform(-124, -114, 2)], 1),
    "numeric": rng.normal(3, 1, (2, 6))}

WORKCLASS = ["Private", "Self-emp-not-inc", "Self-emp-inc", "Federal-gov", "Local-gov", "State-gov", "Without-pay"]
EDUCATION = ["Bachelors", "HS-grad", "11th", "Masters", "9th", "Some-college", "Assoc-acdm", "Doctorate", "Prof-school"]
OCCUPATION = ["Tech-support", "Craft-repair", "Other-service", "Sales", "Exec-managerial", "Prof-specialty",
              "Handlers-cleaners", "Machine-op-inspct", "Adm-clerical", "Farming-fishing", "Transport-moving"]


@model("s38_census_wide_deep_string_lookups_module", "tf-module", "census-income wide & deep model served from a tf.Module with two explicit signatures: string inputs workclass / education / occupation / native_country [None,1] and numeric float [None,4]; StringLookup(workclass, num_oov_indices=2, one_hot), StringLookup(education) and StringLookup(occupation) int -> Embedding(4) -> Flatten, Hashing(64) native_country -> Embedding, Normalization adapted on numerics -> Dense 32 / 16 relu deep logit; wide logit from HashedCrossing(education x occupation, 128, one_hot) + workclass one-hot -> Dense(1); Add -> sigmoid. serving_default returns probability, explain returns wide / deep logits")
def b_census(out):
    rng = np.random.default_rng(2)
    norm = L.Normalization(name="numeric_norm")
    norm.adapt(rng.normal([38, 40, 1000, 80], [13, 12, 7000, 400], (512, 4)).astype("float32"))
    ins = {k: keras.Input((1,), dtype="string", name=k) for k in ("workclass", "education", "occupation", "native_country")}
    num_in = keras.Input((4,), name="numeric")
    wc = L.StringLookup(vocabulary=WORKCLASS, num_oov_indices=2, output_mode="one_hot")(ins["workclass"])
    edu_ids = L.StringLookup(vocabulary=EDUCATION)(ins["education"])
    occ_ids = L.StringLookup(vocabulary=OCCUPATION)(ins["occupation"])
    country = L.Hashing(num_bins=64)(ins["native_country"])
    embs = [L.Flatten()(L.Embedding(n, 4)(i)) for n, i in ((len(EDUCATION) + 1, edu_ids), (len(OCCUPATION) + 1, occ_ids),
                                                           (64, country))]
    deep = L.Concatenate()([norm(num_in), wc] + embs)
    deep = L.Dense(1, name="deep_logit")(L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(deep)))
    cross = L.HashedCrossing(num_bins=128, output_mode="one_hot")((ins["education"], ins["occupation"]))
    wide = L.Dense(1, name="wide_logit")(L.Concatenate()([cross, wc]))
    prob = L.Activation("sigmoid", name="probability")(L.Add()([wide, deep]))
    m = keras.Model({**ins, "numeric": num_in}, {"probability": prob, "wide_logit": wide, "deep_logit": deep})
    specs = [tensor_spec([None, 1], "string", k) for k in ins] + [tensor_spec([None, 4], name="numeric")]

    @tf.function(input_signature=specs)
    def serve(workclass, education, occupation, native_country, numeric):
        r = m({"workclass": workclass, "education": education, "occupation": occupation,
               "native_country": native_country, "numeric": numeric}, training=False)
        return {"probability": r["probability"]}

    @tf.function(input_signature=specs)
    def explain(workclass, education, occupation, native_country, numeric):
        r = m({"workclass": workclass, "education": education, "occupation": occupation,
               "native_country": native_country, "numeric": numeric}, training=False)
        return {"wide_logit": r["wide_logit"], "deep_logit": r["deep_logit"]}
    _save(out, {"model": m}, serving_default=serve, explain=explain)


FEEDS["s38_census_wide_deep_string_lookups_module"] = lambda rng: {
    "workclass": [["Private"], ["Never-worked"]], "education": [["Masters"], ["HS-grad"]],
    "occupation": [["Sales"], ["Armed-Forces"]], "native_country": [["United-States"], ["Peru"]],
    "numeric": rng.normal([38, 40, 1000, 80], [13, 12, 7000, 400], (2, 4))}

ITEM_CODES = list(range(1000, 1200, 2))


@model("s38_basket_integerlookup_count_next_item", "keras-export", "next-item recommender for a shopping basket, fixed int64 item_ids [1,12] (0 = padding): IntegerLookup(vocabulary of 100 item codes, mask_token=0, num_oov_indices=1); CategoryEncoding(count) bag-of-items -> Dense(32); Embedding(mask_zero=True) -> masked GlobalAveragePooling1D; Concatenate, Dense(64, relu), Dense(100) -> Softmax; Lambda keras.ops.top_k(5) and keras.ops.take on a constant code table -> top item codes (int32); model.export with a batch-1 signature")
def b_basket(out):
    ids_in = keras.Input((12,), batch_size=1, dtype="int64", name="item_ids")
    ids = L.IntegerLookup(vocabulary=ITEM_CODES, mask_token=0, num_oov_indices=1)(ids_in)
    bag = L.Dense(32, activation="relu")(L.CategoryEncoding(num_tokens=len(ITEM_CODES) + 2, output_mode="count")(ids))
    seq = L.GlobalAveragePooling1D()(L.Embedding(len(ITEM_CODES) + 2, 16, mask_zero=True)(ids))
    x = L.Dense(64, activation="relu")(L.Concatenate()([bag, seq]))
    probs = L.Softmax(name="probabilities")(L.Dense(len(ITEM_CODES))(x))
    codes = np.array(ITEM_CODES, "int32")
    top = L.Lambda(lambda p: ops.take(codes, ops.top_k(p, 5)[1]), output_shape=(5,), name="top_items")(probs)
    _export(keras.Model(ids_in, {"probabilities": probs, "top_items": top}), out, fixed=True)


FEEDS["s38_basket_integerlookup_count_next_item"] = lambda rng: {
    "item_ids": np.concatenate([rng.choice(ITEM_CODES, (1, 7)), [[1001, 5, 0, 0, 0]]], 1)}


@model("s38_ctr_hashing_crossing_fm_dot", "keras-export", "click-through-rate model from a product team, None batch: user_id / ad_id int64 [None,1] through Hashing(1000 / 500) -> Embedding(8) -> Flatten, Dot(axes=1) factorization-machine interaction of the two embeddings; hour int64 [None,1] -> CategoryEncoding(24, one_hot); device string [None,1] -> StringLookup(one_hot, 3 devices + OOV); HashedCrossing(ad_id x hour, 64, one_hot); Concatenate, Dense 32 relu, Dense(1) + FM term -> sigmoid click probability")
def b_ctr(out):
    user, ad = keras.Input((1,), dtype="int64", name="user_id"), keras.Input((1,), dtype="int64", name="ad_id")
    hour, device = keras.Input((1,), dtype="int64", name="hour"), keras.Input((1,), dtype="string", name="device")
    ue = L.Flatten()(L.Embedding(1000, 8)(L.Hashing(num_bins=1000)(user)))
    ae = L.Flatten()(L.Embedding(500, 8)(L.Hashing(num_bins=500)(ad)))
    fm = L.Dot(axes=1)([ue, ae])
    feats = L.Concatenate()([ue, ae, L.CategoryEncoding(num_tokens=24, output_mode="one_hot")(hour),
                             L.StringLookup(vocabulary=["ios", "android", "web"], output_mode="one_hot")(device),
                             L.HashedCrossing(num_bins=64, output_mode="one_hot")((ad, hour))])
    logit = L.Add()([L.Dense(1)(L.Dense(32, activation="relu")(feats)), fm])
    _export(keras.Model([user, ad, hour, device], L.Activation("sigmoid", name="click_probability")(logit)), out)


FEEDS["s38_ctr_hashing_crossing_fm_dot"] = lambda rng: {
    "user_id": rng.integers(1, 10**6, (2, 1)), "ad_id": rng.integers(1, 10**5, (2, 1)), "hour": rng.integers(0, 24, (2, 1)),
    "device": [["android"], ["smart-tv"]]}


# ================================================================================ text

@model("s38_review_textvectorization_int_conv1d", "keras-export", "movie-review sentiment model with the tokenizer inside (Keras text-classification tutorial), review string [None]: TextVectorization(max_tokens=500, output_mode int, output_sequence_length=40) adapted on synthetic reviews, Embedding(500, 32, mask_zero=True), Conv1D(64, 5, relu), GlobalMaxPooling1D, Dropout(0.5), Dense(1, sigmoid)")
def b_review(out):
    rng = np.random.default_rng(3)
    tv = L.TextVectorization(max_tokens=500, output_mode="int", output_sequence_length=40)
    tv.adapt(_sentences(rng, 300))
    inp = keras.Input((), dtype="string", name="review")
    x = L.Embedding(500, 32, mask_zero=True)(tv(inp))
    x = L.Dropout(0.5)(L.GlobalMaxPooling1D()(L.Conv1D(64, 5, activation="relu")(x)))
    _export(keras.Model(inp, L.Dense(1, activation="sigmoid", name="positive")(x)), out)


FEEDS["s38_review_textvectorization_int_conv1d"] = lambda rng: {"review": _sentences(rng, 2)}


@model("s38_spam_textvectorization_tfidf_bigrams", "keras-export", "SMS spam filter (logistic regression on TF-IDF, the classic notebook baseline moved into Keras), message string [None]: TextVectorization(max_tokens=400, ngrams=2, output_mode tf_idf) adapted on synthetic messages, Dropout(0.2), Dense(1) logit; outputs spam_probability (sigmoid) and log_probability (log_sigmoid activation)")
def b_spam(out):
    rng = np.random.default_rng(4)
    tv = L.TextVectorization(max_tokens=400, ngrams=2, output_mode="tf_idf")
    tv.adapt(_sentences(rng, 300))
    inp = keras.Input((), dtype="string", name="message")
    logit = L.Dense(1)(L.Dropout(0.2)(tv(inp)))
    _export(keras.Model(inp, {"spam_probability": L.Activation("sigmoid")(logit),
                              "log_probability": L.Activation("log_sigmoid")(logit)}), out)


FEEDS["s38_spam_textvectorization_tfidf_bigrams"] = lambda rng: {"message": _sentences(rng, 2)}


@model("s38_topic_textvectorization_multihot_archive", "keras-export", "news-topic classifier exported with keras.export.ExportArchive and two endpoints: serve_text takes string text [None] through TextVectorization(max_tokens=300, output_mode multi_hot, pad_to_max_tokens=True, lower_and_strip_punctuation) adapted on synthetic text; serve_bag takes the float multi-hot vector bag [None,300] (for clients that tokenize themselves); both run the classifier Sequential Dense(64, relu), Dropout(0.3), Dense(8, softmax) with training=False")
def b_topic(out):
    rng = np.random.default_rng(5)
    tv = L.TextVectorization(max_tokens=300, output_mode="multi_hot", pad_to_max_tokens=True)
    tv.adapt(_sentences(rng, 300))
    clf = keras.Sequential([keras.Input((300,)), L.Dense(64, activation="relu"), L.Dropout(0.3),
                            L.Dense(8, activation="softmax")], name="classifier")
    text_in = keras.Input((), dtype="string", name="text")
    full = keras.Model(text_in, clf(tv(text_in)))

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def serve_text(text):
        return {"probabilities": full(text, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 300], name="bag")])
    def serve_bag(bag):
        return {"probabilities": clf(bag, training=False)}
    _archive(out, [full], serve_text=serve_text, serve_bag=serve_bag)


FEEDS["s38_topic_textvectorization_multihot_archive"] = lambda rng: {"text": _sentences(rng, 2)}

INTENT_VOCAB = ("book a flight to from paris london tomorrow play song by the beatles set alarm for am pm weather in "
                "what is how cold today remind me call mom turn on off lights kitchen").split()


@model("s38_intent_slots_stringlookup_bigru_module", "tf-module", "assistant NLU (joint intent detection + slot filling) served from a tf.Module: pre-split tokens string [None,16] with '' padding -> StringLookup(vocabulary, mask_token='', num_oov_indices=1) -> Embedding(mask_zero=True) -> Bidirectional(GRU(24, return_sequences)); intent head GlobalAveragePooling1D (masked) -> Dense(6, softmax); slot head TimeDistributed(Dense(5, softmax)); signature returns intent_probs, slot_probs and slot_ids (argmax int64)")
def b_intent(out):
    tok_in = keras.Input((16,), dtype="string", name="tokens")
    ids = L.StringLookup(vocabulary=INTENT_VOCAB, mask_token="", num_oov_indices=1)(tok_in)
    h = L.Bidirectional(L.GRU(24, return_sequences=True))(L.Embedding(len(INTENT_VOCAB) + 2, 32, mask_zero=True)(ids))
    intent = L.Dense(6, activation="softmax", name="intent")(L.GlobalAveragePooling1D()(h))
    slots = L.TimeDistributed(L.Dense(5, activation="softmax"), name="slots")(h)
    m = keras.Model(tok_in, [intent, slots])

    @tf.function(input_signature=[tensor_spec([None, 16], "string", "tokens")])
    def serve(tokens):
        intent_probs, slot_probs = m(tokens, training=False)
        return {"intent_probs": intent_probs, "slot_probs": slot_probs, "slot_ids": tf.argmax(slot_probs, axis=-1)}
    _save(out, {"model": m}, serving_default=serve)


def _token_rows(rng):
    rows = []
    for n in (6, 11):
        t = list(rng.choice(INTENT_VOCAB + ["zanzibar"], n))
        rows.append(t + [""] * (16 - n))
    return {"tokens": rows}


FEEDS["s38_intent_slots_stringlookup_bigru_module"] = _token_rows


@model("s38_langid_textvectorization_char_dilated_cnn", "keras-export", "language identification from characters, text string [None]: TextVectorization(split='character', standardize='lower', max_tokens=60, output_sequence_length=48) adapted on synthetic strings, Embedding(60, 16), Conv1D(32, 3) and Conv1D(32, 3, dilation_rate=2) relu, GlobalMaxPooling1D, Dense(5, softmax)")
def b_langid(out):
    rng = np.random.default_rng(6)
    tv = L.TextVectorization(max_tokens=60, standardize="lower", split="character", output_sequence_length=48)
    tv.adapt(_sentences(rng, 200) + ["çà é ñ ü ß ø å"])
    inp = keras.Input((), dtype="string", name="text")
    x = L.Embedding(60, 16)(tv(inp))
    x = L.Conv1D(32, 3, dilation_rate=2, padding="same", activation="relu")(L.Conv1D(32, 3, padding="same", activation="relu")(x))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="language")(L.GlobalMaxPooling1D()(x))), out)


FEEDS["s38_langid_textvectorization_char_dilated_cnn"] = lambda rng: {"text": ["Bonjour à tous", "guten Morgen, wie geht's"]}


# ================================================================================ images: preprocessing and augmentation

@model("s38_augmentation_stack_rescaling_cnn_archive", "keras-export", "flower classifier with its data_augmentation Sequential (RandomFlip horizontal, RandomRotation 0.1, RandomZoom 0.15, RandomContrast 0.2, RandomTranslation 0.1, RandomBrightness 0.2 on 0-255) still in the model, Rescaling(1/255), Conv2D + BatchNormalization + ReLU blocks, MaxPooling2D, GlobalAveragePooling2D, Dropout, Dense(5, softmax); keras.export.ExportArchive with endpoints serve (fixed [1,96,96,3]) and serve_batch ([None,96,96,3]) that both call the model with training=False, so the augmentation is inactive")
def b_augment(out):
    aug = keras.Sequential([L.RandomFlip("horizontal"), L.RandomRotation(0.1), L.RandomZoom(0.15), L.RandomContrast(0.2),
                            L.RandomTranslation(0.1, 0.1), L.RandomBrightness(0.2, value_range=(0, 255))],
                           name="data_augmentation")
    inp = keras.Input((96, 96, 3), name="image")
    x = L.Rescaling(1.0 / 255)(aug(inp))
    x = _conv_bn(_conv_bn(x, 16, s=2), 32)
    x = _conv_bn(L.MaxPooling2D()(x), 64)
    x = L.Dropout(0.3)(L.GlobalAveragePooling2D()(x))
    m = keras.Model(inp, L.Dense(5, activation="softmax")(x))

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="image")])
    def serve(image):
        return {"probabilities": m(image, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], name="image")])
    def serve_batch(image):
        return {"probabilities": m(image, training=False)}
    _archive(out, [m], serve=serve, serve_batch=serve_batch)


FEEDS["s38_augmentation_stack_rescaling_cnn_archive"] = lambda rng: {"image": rng.uniform(0, 255, (1, 96, 96, 3)),
                                                                       "serve_batch/image": rng.uniform(0, 255, (3, 96, 96, 3))}


@model("s38_any_size_pipeline_resize_centercrop_mobilenet", "keras-export", "mobile classifier taking any-size float images [None,None,None,3] (0-255): keras.layers.Pipeline of Resizing(72, 72, crop_to_aspect_ratio=True), CenterCrop(64, 64), Rescaling(1/127.5, offset=-1); Conv2D s2 + BN + ReLU6, MobileNet blocks DepthwiseConv2D + BN + ReLU(max_value=6) + 1x1 Conv2D, SeparableConv2D(64, s2), GlobalAveragePooling2D, Dense(10)")
def b_anysize(out):
    inp = keras.Input((None, None, 3), name="image")
    x = L.Pipeline([L.Resizing(72, 72, crop_to_aspect_ratio=True), L.CenterCrop(64, 64),
                    L.Rescaling(1.0 / 127.5, offset=-1)], name="preprocess")(inp)
    x = _conv_bn(x, 16, s=2, act="relu6")
    for f in (32, 48):
        x = L.ReLU(max_value=6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(x)))
        x = _conv_bn(x, f, k=1, act="relu6")
    x = L.SeparableConv2D(64, 3, strides=2, padding="same", activation="relu")(x)
    _export(keras.Model(inp, L.Dense(10, name="logits")(L.GlobalAveragePooling2D()(x))), out)


FEEDS["s38_any_size_pipeline_resize_centercrop_mobilenet"] = lambda rng: {"image": rng.uniform(0, 255, (2, 90, 120, 3))}


@model("s38_document_ocr_autocontrast_crnn_module", "tf-module", "document-line OCR CRNN served from a tf.Module calling the model with training=False, image float [None,32,128,3] (0-255): AutoContrast(value_range 0-255, applied at inference too), then a custom augmentation layer wrapping Equalization, RandomGrayscale(0.2) and Solarization(threshold_factor 0.2) and passing its training flag (inactive at training=False), Lambda keras.ops.image.rgb_to_grayscale, Rescaling(1/255), Conv2D / MaxPooling2D (2x2 then 2x1) stack, Permute + Reshape to a 32-step sequence, Bidirectional(LSTM(32, return_sequences)), Dense(37) with log_softmax activation; outputs log_probs [None,32,37] and greedy_ids (argmax)")
def b_ocr(out):
    class ScanAugment(L.Layer):  # the notebook's augmentation block, passing the training flag through
        def __init__(self, **kw):
            super().__init__(**kw)
            self.equalize = L.Equalization(value_range=(0, 255))
            self.gray = L.RandomGrayscale(0.2)
            self.solarize = L.Solarization(threshold_factor=0.2, value_range=(0, 255))

        def call(self, x, training=None):
            return self.solarize(self.gray(self.equalize(x, training=training), training=training), training=training)

        def compute_output_shape(self, s):
            return s
    inp = keras.Input((32, 128, 3), name="image")
    x = ScanAugment()(L.AutoContrast(value_range=(0, 255))(inp))
    x = L.Rescaling(1.0 / 255)(L.Lambda(lambda t: ops.image.rgb_to_grayscale(t), output_shape=(32, 128, 1))(x))
    x = L.MaxPooling2D((2, 2))(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    x = L.MaxPooling2D((2, 1))(L.Conv2D(64, 3, padding="same", activation="relu")(x))
    x = L.MaxPooling2D((2, 2))(L.Conv2D(64, 3, padding="same", activation="relu")(x))   # [4, 32, 64]
    x = L.Reshape((32, 4 * 64))(L.Permute((2, 1, 3))(x))
    x = L.Bidirectional(L.LSTM(32, return_sequences=True))(x)
    m = keras.Model(inp, L.Dense(37, activation="log_softmax")(x))

    @tf.function(input_signature=[tensor_spec([None, 32, 128, 3], name="image")])
    def serve(image):
        log_probs = m(image, training=False)
        return {"log_probs": log_probs, "greedy_ids": tf.argmax(log_probs, axis=-1)}
    # the augmentation layers' seed-generator states are captured by the trace but not reachable from the Keras model
    # as TensorFlow tracks it: the module holds model.variables too (includes them), as the forum fix says
    _save(out, {"model": m, "model_variables": list(m.variables)}, serving_default=serve)


FEEDS["s38_document_ocr_autocontrast_crnn_module"] = lambda rng: {"image": rng.uniform(0, 255, (2, 32, 128, 3))}


@model("s38_letterbox_resizing_pad_detector_mish", "keras-export", "tiny single-shot detector for a camera app, fixed float [1,120,160,3] (0-255): Resizing(96, 96, pad_to_aspect_ratio=True) letterboxing, Rescaling(1/255), Conv2D + BatchNormalization stride-2 blocks with mish activation, head Conv2D(3 anchors x (4 box + 1 objectness + 3 classes)) on the 6x6 grid, Reshape to [108,8], Lambda decoding with keras.ops (sigmoid boxes / objectness, softmax classes, max / argmax) -> boxes [1,108,4], scores [1,108], classes int32; model.export with a batch-1 signature")
def b_letterbox(out):
    inp = keras.Input((120, 160, 3), batch_size=1, name="image")
    x = L.Rescaling(1.0 / 255)(L.Resizing(96, 96, pad_to_aspect_ratio=True)(inp))
    for f in (16, 24, 32, 48):
        x = _conv_bn(x, f, s=2, act="mish")
    x = L.Reshape((6 * 6 * 3, 8))(L.Conv2D(3 * 8, 1)(_conv_bn(x, 48, act="mish")))
    boxes = L.Lambda(lambda t: ops.sigmoid(t[..., :4]), output_shape=(108, 4), name="boxes")(x)

    def score(t):
        return ops.sigmoid(t[..., 4]) * ops.max(ops.softmax(t[..., 5:]), axis=-1)
    scores = L.Lambda(score, output_shape=(108,), name="scores")(x)
    classes = L.Lambda(lambda t: ops.cast(ops.argmax(t[..., 5:], axis=-1), "int32"), output_shape=(108,), name="classes")(x)
    _export(keras.Model(inp, {"boxes": boxes, "scores": scores, "classes": classes}), out, fixed=True)


# ================================================================================ audio

@model("s38_kws_melspectrogram_dscnn_int8", "keras-export", "keyword spotting DS-CNN for a microcontroller, fixed raw audio float [1,16000]: MelSpectrogram(fft_length=512, sequence_stride=320, 40 mel bins, power_to_db) inside the model, Permute to [51,40], Normalization(axis=None) adapted on spectrograms of synthetic audio, Reshape to [51,40,1], Conv2D(32, (5,3), s2) + BN + ReLU, three DepthwiseConv2D + BN + ReLU + 1x1 Conv2D + BN + ReLU blocks, GlobalAveragePooling2D, Dense(12, softmax); model.export with a batch-1 signature")
def b_kws_mel(out):
    rng = np.random.default_rng(7)
    mel = L.MelSpectrogram(fft_length=512, sequence_stride=320, num_mel_bins=40, sampling_rate=16000)
    t = np.arange(16000) / 16000.0
    audio = np.stack([0.3 * np.sin(2 * np.pi * rng.uniform(100, 2000) * t) + 0.05 * rng.standard_normal(16000)
                      for _ in range(16)]).astype("float32")
    norm = L.Normalization(axis=None)
    norm.adapt(ops.convert_to_numpy(ops.transpose(mel(audio), (0, 2, 1))))
    inp = keras.Input((16000,), batch_size=1, name="audio")
    x = norm(L.Permute((2, 1))(mel(inp)))
    x = L.Reshape((51, 40, 1))(x)
    x = _conv_bn(x, 32, k=(5, 3), s=2)
    for _ in range(3):
        x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(x)))
        x = _conv_bn(x, 32, k=1)
    _export(keras.Model(inp, L.Dense(12, activation="softmax", name="keyword")(L.GlobalAveragePooling2D()(x))), out,
            fixed=True)


@model("s38_kws_stft_spectrogram_tcresnet_1d", "keras-export", "TC-ResNet-style keyword spotter on 1-D convolutions, audio float [None,16000,1]: STFTSpectrogram(mode log, frame_length 400, frame_step 160, fft_length 512, rectangular window since window=None) -> [None,98,257], Conv1D(32, 3), residual blocks of DepthwiseConv1D(9) + BN + ReLU and SeparableConv1D(48, 9, stride 2) with a strided 1x1 Conv1D shortcut and Add, GlobalAveragePooling1D, Dense(12)")
def b_kws_stft(out):
    inp = keras.Input((16000, 1), name="audio")
    x = L.STFTSpectrogram(mode="log", frame_length=400, frame_step=160, fft_length=512, window=None)(inp)
    x = L.Conv1D(32, 3, padding="same", activation="relu")(x)
    for f in (48, 64):
        y = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv1D(9, padding="same")(x)))
        y = L.BatchNormalization()(L.SeparableConv1D(f, 9, strides=2, padding="same")(y))
        x = L.ReLU()(L.Add()([y, L.Conv1D(f, 1, strides=2)(x)]))
    _export(keras.Model(inp, L.Dense(12, name="logits")(L.GlobalAveragePooling1D()(x))), out)


@model("s38_vocoder_conv1dtranspose_upsampling_hardtanh", "keras-export", "tiny neural vocoder (MelGAN-like generator) for on-device TTS, fixed mel float [1,32,40]: Conv1D(64, 7) + LeakyReLU(0.2), Conv1DTranspose(32, 8, stride 4) and Conv1DTranspose(16, 8, stride 4) upsampling stages each followed by LeakyReLU and a residual stack of dilated Conv1D (dilation 1 and 3) with Add, UpSampling1D(2), Conv1D(1, 7) with hard_tanh output -> waveform [1,1024,1]; model.export with a batch-1 signature")
def b_vocoder(out):
    inp = keras.Input((32, 40), batch_size=1, name="mel")
    x = L.LeakyReLU(0.2)(L.Conv1D(64, 7, padding="same")(inp))
    for f in (32, 16):
        x = L.LeakyReLU(0.2)(L.Conv1DTranspose(f, 8, strides=4, padding="same")(x))
        for d in (1, 3):
            x = L.Add()([x, L.Conv1D(f, 3, dilation_rate=d, padding="same")(L.LeakyReLU(0.2)(x))])
    x = L.UpSampling1D(2)(x)
    _export(keras.Model(inp, L.Conv1D(1, 7, padding="same", activation="hard_tanh", name="waveform")(x)), out, fixed=True)


# ================================================================================ normalization layers

@model("s38_text_transformer_layernorm_rmsnorm_gelu", "keras-export", "on-device text classifier (small pre-norm transformer encoder), fixed token ids int32 [1,32]: Embedding(2000, 64) + learned PositionEmbedding, two blocks of LayerNormalization -> MultiHeadAttention(4 heads, key_dim 16) -> Dropout -> Add and RMSNormalization -> Dense(128, gelu tanh-approximate) -> Dense(64) -> Add; final LayerNormalization(axis=[1, 2]) over sequence and features, GlobalAveragePooling1D, Dense(3, softmax); model.export with a batch-1 signature")
def b_text_tf(out):
    inp = keras.Input((32,), batch_size=1, dtype="int32", name="token_ids")
    x = PositionEmbedding(32, 64)(L.Embedding(2000, 64)(inp))
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-6)(x)
        x = L.Add()([x, L.Dropout(0.1)(L.MultiHeadAttention(4, 16)(h, h))])
        h = L.Dense(128, activation=lambda t: keras.activations.gelu(t, approximate=True))(L.RMSNormalization()(x))
        x = L.Add()([x, L.Dense(64)(h)])
    x = L.GlobalAveragePooling1D()(L.LayerNormalization(axis=[1, 2])(x))
    _export(keras.Model(inp, L.Dense(3, activation="softmax", name="probabilities")(x)), out, fixed=True)


FEEDS["s38_text_transformer_layernorm_rmsnorm_gelu"] = {"token_ids": (1, 2000)}


@model("s38_diffusion_unet_groupnorm_silu_bilinear", "keras-export", "DDPM-style denoiser U-Net for a small on-device image model, fixed noisy_image float [1,32,32,3] and noise_level [1,1]: Lambda sinusoidal embedding (keras.ops sin / cos) -> Dense(64, silu) -> Dense(64); residual blocks GroupNormalization(groups=8) -> silu -> Conv2D, time embedding Dense -> Reshape (1,1,C) -> Add, second GroupNormalization -> silu -> Conv2D, 1x1 shortcut Add; AveragePooling2D down, UpSampling2D(interpolation bilinear) up with Concatenate skips; Conv2D(3) predicted noise; model.export with a batch-1 signature")
def b_diffusion(out):
    img = keras.Input((32, 32, 3), batch_size=1, name="noisy_image")
    lvl = keras.Input((1,), batch_size=1, name="noise_level")
    freqs = np.exp(np.linspace(0, np.log(1000.0), 16)).astype("float32")
    temb = L.Lambda(lambda t: ops.concatenate([ops.sin(t * freqs), ops.cos(t * freqs)], axis=-1), output_shape=(32,))(lvl)
    temb = L.Dense(64)(L.Dense(64, activation="silu")(temb))

    def res_block(x, f):
        h = L.Conv2D(f, 3, padding="same")(L.Activation("silu")(L.GroupNormalization(groups=8)(x)))
        h = L.Add()([h, L.Reshape((1, 1, f))(L.Dense(f)(temb))])
        h = L.Conv2D(f, 3, padding="same")(L.Activation("silu")(L.GroupNormalization(groups=8)(h)))
        return L.Add()([h, L.Conv2D(f, 1)(x) if x.shape[-1] != f else x])
    x0 = res_block(L.Conv2D(32, 3, padding="same")(img), 32)
    x1 = res_block(L.AveragePooling2D(2)(x0), 64)
    x2 = res_block(L.AveragePooling2D(2)(x1), 64)
    u1 = res_block(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(x2), x1]), 64)
    u0 = res_block(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(u1), x0]), 32)
    eps = L.Conv2D(3, 3, padding="same", name="predicted_noise")(L.Activation("silu")(L.GroupNormalization(groups=8)(u0)))
    _export(keras.Model([img, lvl], eps), out, fixed=True)


@model("s38_face_verification_unitnorm_dot_cosine", "keras-export", "face verification (siamese) model, face_a / face_b float [None,64,64,3]: shared tower Conv2D + BN + ReLU + MaxPooling2D x3, GlobalAveragePooling2D, Dense(64), UnitNormalization -> embeddings; Dot(axes=1, normalize=True) cosine similarity; Subtract -> Lambda keras.ops.abs -> Dense(1, sigmoid) match probability; outputs cosine, match_probability and embedding_a")
def b_faceverify(out):
    t_in = keras.Input((64, 64, 3))
    x = t_in
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(_conv_bn(x, f))
    tower = keras.Model(t_in, L.UnitNormalization(axis=-1)(L.Dense(64)(L.GlobalAveragePooling2D()(x))), name="tower")
    a, b = keras.Input((64, 64, 3), name="face_a"), keras.Input((64, 64, 3), name="face_b")
    ea, eb = tower(a), tower(b)
    cos = L.Dot(axes=1, normalize=True, name="cosine")([ea, eb])
    diff = L.Lambda(lambda t: ops.abs(t), output_shape=(64,))(L.Subtract()([ea, eb]))
    prob = L.Dense(1, activation="sigmoid", name="match_probability")(diff)
    _export(keras.Model([a, b], {"cosine": cos, "match_probability": prob, "embedding_a": ea}), out)


@model("s38_fer_batchnorm_trained_stats_frozen", "frozen-pb", "facial-expression CNN frozen for a mobile app with convert_variables_to_constants_v2 at fixed float [1,48,48,1]: Conv2D(no bias) + BatchNormalization + ReLU blocks, a BatchNormalization(center=False, scale=False), MaxPooling2D, Flatten, Dense(64) + BatchNormalization(momentum 0.9) + ReLU, Dense(7, softmax); every BatchNormalization given non-trivial moving mean / variance, gamma and beta before freezing")
def b_fer_bn(out):
    inp = keras.Input((48, 48, 1), batch_size=1, name="face")
    x = inp
    for f in (16, 32):
        x = L.MaxPooling2D()(_conv_bn(_conv_bn(x, f), f))
    x = L.BatchNormalization(center=False, scale=False)(L.Conv2D(64, 3, padding="same")(x))
    x = L.Flatten()(L.MaxPooling2D()(L.ReLU()(x)))
    x = L.ReLU()(L.BatchNormalization(momentum=0.9)(L.Dense(64)(x)))
    m = keras.Model(inp, L.Dense(7, activation="softmax")(x))
    _randomize_bn(m, 8)
    _freeze(m, out)


OUTPUTS["s38_fer_batchnorm_trained_stats_frozen"] = ["Identity"]


@model("s38_gan_spectralnorm_discriminator_generator_module", "tf-module", "SN-GAN pair served from one tf.Module with two signatures: generate(z float [None,64]) runs the generator (Dense -> Reshape 4x4x128 -> Conv2DTranspose 64 / 32 / 16 stride 2 + BatchNormalization + ReLU -> Conv2D(3, tanh)) -> images [None,32,32,3]; discriminate(images float [None,32,32,3]) runs the discriminator (SpectralNormalization-wrapped Conv2D 32 / 64 / 128 stride 2 with LeakyReLU(0.2), Flatten, SpectralNormalization(Dense(1))) -> logit and realness (sigmoid); both with training=False")
def b_sngan(out):
    gen = keras.Sequential([keras.Input((64,)), L.Dense(4 * 4 * 128), L.Reshape((4, 4, 128))] +
                           [l for f in (64, 32, 16) for l in (L.Conv2DTranspose(f, 4, strides=2, padding="same"),
                                                              L.BatchNormalization(), L.ReLU())] +
                           [L.Conv2D(3, 3, padding="same", activation="tanh")], name="generator")
    disc = keras.Sequential([keras.Input((32, 32, 3))] +
                            [l for f in (32, 64, 128) for l in (L.SpectralNormalization(L.Conv2D(f, 4, strides=2, padding="same")),
                                                                L.LeakyReLU(0.2))] +
                            [L.Flatten(), L.SpectralNormalization(L.Dense(1))], name="discriminator")
    _randomize_bn(gen, 9)

    @tf.function(input_signature=[tensor_spec([None, 64], name="z")])
    def generate(z):
        return {"images": gen(z, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="images")])
    def discriminate(images):
        logit = disc(images, training=False)
        return {"logit": logit, "realness": tf.sigmoid(logit)}
    _save(out, {"generator": gen, "discriminator": disc}, generate=generate, discriminate=discriminate)


FEEDS["s38_gan_spectralnorm_discriminator_generator_module"] = lambda rng: {
    "z": rng.standard_normal((2, 64)), "images": rng.uniform(-1, 1, (2, 32, 32, 3))}


# ================================================================================ attention

@model("s38_nmt_lstm_luong_attention_module", "tf-module", "seq2seq translation model (Keras NMT-with-attention tutorial style, teacher-forced scoring step) served from a tf.Module: source int32 [None,12], target_in int32 [None,10], both zero-padded; Embedding(500, 32, mask_zero=True) + LSTM(64, return_sequences, return_state) encoder, Embedding(mask_zero) + LSTM(64) decoder from the encoder state, Attention(use_scale=True, score_mode dot) over encoder outputs with masks, Concatenate, Dense(64, tanh), Dense(500, softmax); outputs probabilities [None,10,500] and next_tokens (argmax int64)")
def b_nmt(out):
    src, tgt = keras.Input((12,), dtype="int32", name="source"), keras.Input((10,), dtype="int32", name="target_in")
    enc_seq, h, c = L.LSTM(64, return_sequences=True, return_state=True)(L.Embedding(500, 32, mask_zero=True)(src))
    dec_seq = L.LSTM(64, return_sequences=True)(L.Embedding(500, 32, mask_zero=True)(tgt), initial_state=[h, c])
    ctx = L.Attention(use_scale=True, score_mode="dot")([dec_seq, enc_seq])
    x = L.Dense(64, activation="tanh")(L.Concatenate()([dec_seq, ctx]))
    m = keras.Model([src, tgt], L.Dense(500, activation="softmax")(x))

    @tf.function(input_signature=[tensor_spec([None, 12], "int32", "source"), tensor_spec([None, 10], "int32", "target_in")])
    def serve(source, target_in):
        probs = m([source, target_in], training=False)
        return {"probabilities": probs, "next_tokens": tf.argmax(probs, axis=-1)}
    _save(out, {"model": m}, serving_default=serve)


FEEDS["s38_nmt_lstm_luong_attention_module"] = lambda rng: {
    "source": _ids(rng, (2, 12), 500, pad_from=8), "target_in": _ids(rng, (2, 10), 500, pad_from=6)}


@model("s38_reading_comprehension_additive_attention", "keras-export", "extractive QA span model, question int32 [None,12] and passage int32 [None,48]: shared Embedding(1000, 32), Conv1D(64, 3, relu) encoders, AdditiveAttention(use_scale=True) from passage to question, Concatenate(passage, attended, Multiply(passage, attended)), Conv1D(64, 3), Dense(1) start / end logits -> Reshape -> Softmax over positions")
def b_qa(out):
    q_in, p_in = keras.Input((12,), dtype="int32", name="question"), keras.Input((48,), dtype="int32", name="passage")
    emb = L.Embedding(1000, 32)
    q = L.Conv1D(64, 3, padding="same", activation="relu")(emb(q_in))
    p = L.Conv1D(64, 3, padding="same", activation="relu")(emb(p_in))
    att = L.AdditiveAttention(use_scale=True)([p, q])
    x = L.Conv1D(64, 3, padding="same", activation="relu")(L.Concatenate()([p, att, L.Multiply()([p, att])]))
    start = L.Softmax(name="start")(L.Reshape((48,))(L.Dense(1)(x)))
    end = L.Softmax(name="end")(L.Reshape((48,))(L.Dense(1)(x)))
    _export(keras.Model([q_in, p_in], {"start": start, "end": end}), out)


FEEDS["s38_reading_comprehension_additive_attention"] = {"question": (1, 1000), "passage": (1, 1000)}


@model("s38_video_transformer_mha_attention_axes", "keras-export", "factorized video transformer (TimeSformer-like) for gesture recognition, fixed clip float [1,4,32,32,3]: Conv3D(32, (1,8,8), stride (1,8,8)) tubelet embedding -> Reshape [1,4 frames,16 patches,32], custom learned space-time position embedding, spatial MultiHeadAttention(4 heads, attention_axes=(2,)) over the patches of each frame and temporal MultiHeadAttention(attention_axes=(1,)) over frames, each with Add + LayerNormalization, Dense(64, gelu) / Dense(32) FFN, GlobalAveragePooling2D over frames x patches, Dense(10, softmax); model.export with a batch-1 signature")
def b_video_tf(out):
    class SpaceTimePosition(L.Layer):
        def build(self, s):
            self.pos = self.add_weight(shape=tuple(s[1:]), initializer="random_normal", name="positions")

        def call(self, x):
            return x + self.pos
    inp = keras.Input((4, 32, 32, 3), batch_size=1, name="clip")
    x = SpaceTimePosition()(L.Reshape((4, 16, 32))(L.Conv3D(32, (1, 8, 8), strides=(1, 8, 8))(inp)))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(4, 8, attention_axes=(2,))(x, x)]))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(4, 8, attention_axes=(1,))(x, x)]))
    x = L.LayerNormalization()(L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(x))]))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="gesture")(L.GlobalAveragePooling2D()(x))), out,
            fixed=True)


@model("s38_tiny_lm_gqa_rmsnorm_reversible_embedding", "keras-export", "tiny on-device decoder-only language model (Gemma / Llama-style), fixed token_ids int32 [1,24]: ReversibleEmbedding(512, 64) with tied weights + learned PositionEmbedding, two blocks of RMSNormalization -> GroupedQueryAttention(head_dim 16, 4 query heads, 2 key-value heads, use_causal_mask=True) -> Add and RMSNormalization -> gated FFN of EinsumDense gate (silu) x EinsumDense up -> EinsumDense down -> Add; final RMSNormalization -> ReversibleEmbedding(reverse=True) logits [1,24,512] and a Lambda argmax next_token (int32) at the last position; model.export with a batch-1 signature")
def b_tinylm(out):
    inp = keras.Input((24,), batch_size=1, dtype="int32", name="token_ids")
    emb = L.ReversibleEmbedding(512, 64)
    x = PositionEmbedding(24, 64)(emb(inp))
    for _ in range(2):
        h = L.RMSNormalization()(x)
        x = L.Add()([x, L.GroupQueryAttention(head_dim=16, num_query_heads=4, num_key_value_heads=2)(h, h, use_causal_mask=True)])
        h = L.RMSNormalization()(x)
        gate = L.EinsumDense("btd,df->btf", output_shape=(None, 128), activation="silu")(h)
        up = L.EinsumDense("btd,df->btf", output_shape=(None, 128))(h)
        x = L.Add()([x, L.EinsumDense("btf,fd->btd", output_shape=(None, 64))(L.Multiply()([gate, up]))])
    logits = emb(L.RMSNormalization()(x), reverse=True)
    nxt = L.Lambda(lambda t: ops.cast(ops.argmax(t[:, -1], axis=-1), "int32"), output_shape=(), name="next_token")(logits)
    _export(keras.Model(inp, {"logits": logits, "next_token": nxt}), out, fixed=True)


FEEDS["s38_tiny_lm_gqa_rmsnorm_reversible_embedding"] = {"token_ids": (1, 512)}


@model("s38_mlp_mixer_einsumdense_token_mixing", "keras-export", "MLP-Mixer image classifier, float [None,32,32,3]: Conv2D(64, 4, stride 4) patch embedding, Reshape to 64 tokens, two mixer blocks of LayerNormalization -> token mixing EinsumDense('btc,ts->bsc') with gelu (exact) -> EinsumDense back -> Add, and LayerNormalization -> channel mixing Dense(128, gelu) -> Dense(64) -> Add; a Permute((2, 1)) -> Dense(64) -> Permute variant of token mixing in the second block; LayerNormalization, GlobalAveragePooling1D, Dense(10)")
def b_mixer(out):
    inp = keras.Input((32, 32, 3), name="image")
    x = L.Reshape((64, 64))(L.Conv2D(64, 4, strides=4)(inp))
    for i in range(2):
        h = L.LayerNormalization()(x)
        if i == 0:
            h = L.EinsumDense("btc,ts->bsc", output_shape=(128, 64), activation="gelu")(h)
            h = L.EinsumDense("btc,ts->bsc", output_shape=(64, 64))(h)
        else:
            h = L.Permute((2, 1))(L.Dense(64)(L.Dense(128, activation="gelu")(L.Permute((2, 1))(h))))
        x = L.Add()([x, h])
        x = L.Add()([x, L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization()(x)))])
    _export(keras.Model(inp, L.Dense(10, name="logits")(L.GlobalAveragePooling1D()(L.LayerNormalization()(x)))), out)


@model("s38_vit_extract_patches_dot_product_attention", "keras-export", "tiny ViT written with keras.ops for a phone, fixed float [1,64,64,3]: Lambda keras.ops.image.extract_patches(size 8) -> Reshape [64,192] -> Dense(64), ClassToken layer (learned [CLS] concatenated with keras.ops), PositionEmbedding, two blocks with a custom self-attention layer (Dense qkv, keras.ops.reshape to heads, keras.ops.dot_product_attention, Dense out) and LayerNormalization + Dense(128, gelu) MLP; [CLS] token sliced with a Lambda, Dense(10, softmax); model.export with a batch-1 signature")
def b_vit_ops(out):
    class SelfAttention(L.Layer):
        def __init__(self, heads, dim, **kw):
            super().__init__(**kw)
            self.heads, self.dim = heads, dim
            self.qkv, self.proj = L.Dense(3 * dim), L.Dense(dim)

        def call(self, x):
            b, t = ops.shape(x)[0], ops.shape(x)[1]
            q, k, v = ops.split(ops.reshape(self.qkv(x), (b, t, 3 * self.heads, self.dim // self.heads)), 3, axis=2)
            return self.proj(ops.reshape(ops.dot_product_attention(q, k, v), (b, t, self.dim)))
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Lambda(lambda t: ops.image.extract_patches(t, 8), output_shape=(8, 8, 192))(inp)
    x = PositionEmbedding(65, 64)(ClassToken()(L.Dense(64)(L.Reshape((64, 192))(x))))
    for _ in range(2):
        x = L.Add()([x, SelfAttention(4, 64)(L.LayerNormalization()(x))])
        x = L.Add()([x, L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization()(x)))])
    cls = L.Lambda(lambda t: t[:, 0], output_shape=(64,))(L.LayerNormalization()(x))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(cls)), out, fixed=True)


# ================================================================================ convolutions

@model("s38_har_tcn_dilated_causal_grouped_conv1d", "keras-export", "human-activity recognition TCN for a wearable, fixed accelerometer + gyro float [1,128,6]: 1x1 Conv1D stem, residual blocks of Conv1D(32, 3, padding causal, dilation 1 / 2 / 4 / 8, groups=2) + BatchNormalization + ReLU(max_value=6) + SpatialDropout1D(0.1) + 1x1 Conv1D, Add to the block input; squeeze-excite with GlobalAveragePooling1D(keepdims=True) -> Dense -> Dense(hard_sigmoid) -> Multiply; GlobalAveragePooling1D, Dense(6, softmax); model.export with a batch-1 signature")
def b_tcn(out):
    inp = keras.Input((128, 6), batch_size=1, name="imu")
    x = L.Conv1D(32, 1)(inp)
    for d in (1, 2, 4, 8):
        y = L.Conv1D(32, 3, padding="causal", dilation_rate=d, groups=2)(x)
        y = L.SpatialDropout1D(0.1)(L.ReLU(max_value=6.0)(L.BatchNormalization()(y)))
        x = L.Add()([x, L.Conv1D(32, 1)(y)])
    s = L.GlobalAveragePooling1D(keepdims=True)(x)
    s = L.Dense(32, activation="hard_sigmoid")(L.Dense(8, activation="relu")(s))
    x = L.GlobalAveragePooling1D()(L.Multiply()([x, s]))
    _export(keras.Model(inp, L.Dense(6, activation="softmax", name="activity")(x)), out, fixed=True)


@model("s38_action_recognition_conv3d_grouped_pool3d", "keras-export", "video action recognition C3D-style net, clip float [None,8,32,32,3]: Conv3D(16, 3) + BatchNormalization + ReLU, MaxPooling3D((1,2,2)), Conv3D(32, 3, dilation_rate=(2,1,1), groups=2) + ReLU, SpatialDropout3D(0.1), AveragePooling3D(2), Conv3D(64, 3) + ReLU, GlobalMaxPooling3D, Dense(10, softmax)")
def b_c3d(out):
    inp = keras.Input((8, 32, 32, 3), name="clip")
    x = L.ReLU()(L.BatchNormalization()(L.Conv3D(16, 3, padding="same")(inp)))
    x = L.MaxPooling3D((1, 2, 2))(x)
    x = L.Conv3D(32, 3, padding="same", dilation_rate=(2, 1, 1), groups=2, activation="relu")(x)
    x = L.AveragePooling3D(2)(L.SpatialDropout3D(0.1)(x))
    x = L.GlobalMaxPooling3D()(L.Conv3D(64, 3, padding="same", activation="relu")(x))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="action")(x)), out)


@model("s38_ct_segmentation_conv3dtranspose_pad_crop", "keras-export", "3-D CT organ segmentation U-Net, fixed volume float [1,20,20,20,1] in Hounsfield units: ZeroPadding3D(2) to 24^3, Rescaling(1/1000, offset=1), Conv3D + ReLU, MaxPooling3D, Conv3D, MaxPooling3D, Conv3D bottleneck, Conv3DTranspose(32, 2, stride 2) up with Concatenate skip, UpSampling3D(2) + Conv3D up with Concatenate skip, Cropping3D(2) back to 20^3, Conv3D(3, 1, softmax) per-voxel classes; model.export with a batch-1 signature")
def b_ct(out):
    inp = keras.Input((20, 20, 20, 1), batch_size=1, name="volume")
    x0 = L.Rescaling(1.0 / 1000, offset=1.0)(L.ZeroPadding3D(2)(inp))   # Hounsfield units -> ~[0, 2]
    x0 = L.Conv3D(16, 3, padding="same", activation="relu")(x0)
    x1 = L.Conv3D(32, 3, padding="same", activation="relu")(L.MaxPooling3D()(x0))
    x2 = L.Conv3D(64, 3, padding="same", activation="relu")(L.MaxPooling3D()(x1))
    u1 = L.Conv3D(32, 3, padding="same", activation="relu")(
        L.Concatenate()([L.Conv3DTranspose(32, 2, strides=2)(x2), x1]))
    u0 = L.Conv3D(16, 3, padding="same", activation="relu")(
        L.Concatenate()([L.Conv3D(16, 1)(L.UpSampling3D(2)(u1)), x0]))
    _export(keras.Model(inp, L.Conv3D(3, 1, activation="softmax", name="labels")(L.Cropping3D(2)(u0))), out, fixed=True)


FEEDS["s38_ct_segmentation_conv3dtranspose_pad_crop"] = lambda rng: {"volume": rng.uniform(-1000, 1000, (1, 20, 20, 20, 1))}


@model("s38_mobile_depthwise_dilated_se_hard_silu_int8", "keras-export", "MobileNetV3-flavoured classifier for int8 deployment, fixed float [1,96,96,3]: Rescaling(1/255), Conv2D s2 + BN + hard_silu, DepthwiseConv2D(3, depth_multiplier=2, dilation_rate=2) + BN + ReLU6, 1x1 Conv2D, squeeze-excite GlobalAveragePooling2D(keepdims=True) -> 1x1 Conv2D relu -> 1x1 Conv2D hard_sigmoid -> Multiply, SeparableConv2D(64, 3, s2) + hard_silu, GlobalMaxPooling2D, Dense(5); model.export with a batch-1 signature")
def b_mobile(out):
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = _conv_bn(L.Rescaling(1.0 / 255)(inp), 16, s=2, act="hard_silu")
    x = L.DepthwiseConv2D(3, depth_multiplier=2, dilation_rate=2, padding="same", use_bias=False)(x)
    x = _conv_bn(L.Activation("relu6")(L.BatchNormalization()(x)), 24, k=1, act="linear")
    s = L.GlobalAveragePooling2D(keepdims=True)(x)
    s = L.Conv2D(24, 1, activation="hard_sigmoid")(L.Conv2D(8, 1, activation="relu")(s))
    x = L.Multiply()([x, s])
    x = L.SeparableConv2D(64, 3, strides=2, padding="same", activation="hard_silu")(x)
    _export(keras.Model(inp, L.Dense(5, name="logits")(L.GlobalMaxPooling2D()(x))), out, fixed=True)


@model("s38_resnext_grouped_conv2d_frozen", "frozen-pb", "ResNeXt-style classifier frozen with convert_variables_to_constants_v2 at fixed float [1,64,64,3]: stem Conv2D + BN + ReLU + MaxPooling2D, two bottleneck blocks (1x1 Conv2D, grouped Conv2D(64, 3, groups=8) with the second block dilation_rate=2, 1x1 Conv2D, BatchNormalization with non-trivial statistics) with Add shortcuts, GlobalAveragePooling2D, Dense(10, softmax)")
def b_resnext(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.MaxPooling2D()(_conv_bn(inp, 32, s=2))
    for d in (1, 2):
        y = _conv_bn(x, 64, k=1)
        y = _conv_bn(y, 64, groups=8, dilation_rate=d)
        y = L.BatchNormalization()(L.Conv2D(64, 1, use_bias=False)(y))
        sc = x if x.shape[-1] == 64 else L.Conv2D(64, 1)(x)
        x = L.ReLU()(L.Add()([y, sc]))
    m = keras.Model(inp, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x)))
    _randomize_bn(m, 10)
    _freeze(m, out)


OUTPUTS["s38_resnext_grouped_conv2d_frozen"] = ["Identity"]


@model("s38_conv_autoencoder_conv2dtranspose_module", "tf-module", "visual-inspection convolutional autoencoder served from a tf.Module with three signatures: serving_default(image float [None,28,28,1]) -> reconstruction and per-image anomaly_score (mean squared error); encode(image) -> latent [None,16]; decode(latent [None,16]) -> image. Encoder Conv2D 16 / 32 stride 2 + Flatten + Dense(16); decoder Dense(7*7*32) + Reshape, Conv2DTranspose(32, 3, s2) and Conv2DTranspose(16, 3, s2) with ELU(alpha 0.5), Conv2D(1, sigmoid)")
def b_ae(out):
    enc = keras.Sequential([keras.Input((28, 28, 1)), L.Conv2D(16, 3, strides=2, padding="same", activation="relu"),
                            L.Conv2D(32, 3, strides=2, padding="same", activation="relu"), L.Flatten(), L.Dense(16)],
                           name="encoder")
    dec = keras.Sequential([keras.Input((16,)), L.Dense(7 * 7 * 32, activation="relu"), L.Reshape((7, 7, 32)),
                            L.Conv2DTranspose(32, 3, strides=2, padding="same"), L.ELU(alpha=0.5),
                            L.Conv2DTranspose(16, 3, strides=2, padding="same"), L.ELU(alpha=0.5),
                            L.Conv2D(1, 3, padding="same", activation="sigmoid")], name="decoder")

    @tf.function(input_signature=[tensor_spec([None, 28, 28, 1], name="image")])
    def serve(image):
        rec = dec(enc(image, training=False), training=False)
        return {"reconstruction": rec, "anomaly_score": tf.reduce_mean(tf.square(rec - image), axis=[1, 2, 3])}

    @tf.function(input_signature=[tensor_spec([None, 28, 28, 1], name="image")])
    def encode(image):
        return {"latent": enc(image, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 16], name="latent")])
    def decode(latent):
        return {"image": dec(latent, training=False)}
    _save(out, {"encoder": enc, "decoder": dec}, serving_default=serve, encode=encode, decode=decode)


# ================================================================================ pooling and reshaping

@model("s38_ecg_unet1d_zeropad_crop_upsample", "keras-export", "ECG R-peak / QRS segmentation 1-D U-Net for a wearable, fixed float [1,500,1]: ZeroPadding1D(6) to 512, Conv1D + ReLU, MaxPooling1D and AveragePooling1D downsampling, Conv1D bottleneck, UpSampling1D(2) + Conv1D with Concatenate skips, Cropping1D((6, 6)) back to 500, Conv1D(1, sigmoid) per-sample probability; model.export with a batch-1 signature")
def b_ecg(out):
    inp = keras.Input((500, 1), batch_size=1, name="ecg")
    x0 = L.Conv1D(16, 9, padding="same", activation="relu")(L.ZeroPadding1D(6)(inp))
    x1 = L.Conv1D(32, 9, padding="same", activation="relu")(L.MaxPooling1D(2)(x0))
    x2 = L.Conv1D(64, 9, padding="same", activation="relu")(L.AveragePooling1D(2)(x1))
    u1 = L.Conv1D(32, 9, padding="same", activation="relu")(L.Concatenate()([L.UpSampling1D(2)(x2), x1]))
    u0 = L.Conv1D(16, 9, padding="same", activation="relu")(L.Concatenate()([L.UpSampling1D(2)(u1), x0]))
    _export(keras.Model(inp, L.Conv1D(1, 1, activation="sigmoid", name="qrs")(L.Cropping1D((6, 6))(u0))), out, fixed=True)


@model("s38_segmentation_unet_odd_size_pad_crop_bilinear", "keras-export", "semantic segmentation U-Net for odd-sized 100x100 tiles, float [None,100,100,3]: ZeroPadding2D(((2, 2), (2, 2))) to 104 then Conv2D + BN + ReLU, three MaxPooling2D levels, UpSampling2D(interpolation bilinear) + Conv2D with Concatenate skips, UpSampling2D(nearest) on the last level, Cropping2D(((2, 2), (2, 2))) back to 100x100, Conv2D(4) + Softmax(axis=-1)")
def b_unet2d(out):
    inp = keras.Input((100, 100, 3), name="tile")
    x = L.ZeroPadding2D(((2, 2), (2, 2)))(inp)
    skips = []
    for f in (16, 32, 48):
        x = _conv_bn(x, f)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = _conv_bn(x, 64)
    for f, s, interp in zip((48, 32, 16), reversed(skips), ("bilinear", "bilinear", "nearest")):
        x = _conv_bn(L.Concatenate()([L.UpSampling2D(interpolation=interp)(x), s]), f)
    x = L.Cropping2D(((2, 2), (2, 2)))(x)
    _export(keras.Model(inp, L.Softmax(axis=-1, name="mask")(L.Conv2D(4, 1)(x))), out)


@model("s38_lstm_autoencoder_repeatvector_module", "tf-module", "multivariate sensor anomaly detector (LSTM autoencoder from a predictive-maintenance notebook) served from a tf.Module with two signatures: reconstruct(window float [None,30,4]) and score(window) -> per-window MAE and per-feature error; LSTM(32) encoder, RepeatVector(30), LSTM(32, return_sequences), TimeDistributed(Dense(4)), Permute((2, 1)) / Permute back around a Dense(30) per-feature temporal smoother")
def b_lstm_ae(out):
    inp = keras.Input((30, 4), name="window")
    x = L.RepeatVector(30)(L.LSTM(32)(inp))
    x = L.TimeDistributed(L.Dense(4))(L.LSTM(32, return_sequences=True)(x))
    x = L.Permute((2, 1))(L.Dense(30)(L.Permute((2, 1))(x)))
    m = keras.Model(inp, x)

    @tf.function(input_signature=[tensor_spec([None, 30, 4], name="window")])
    def reconstruct(window):
        return {"reconstruction": m(window, training=False)}

    @tf.function(input_signature=[tensor_spec([None, 30, 4], name="window")])
    def score(window):
        err = tf.abs(m(window, training=False) - window)
        return {"mae": tf.reduce_mean(err, axis=[1, 2]), "feature_error": tf.reduce_mean(err, axis=1)}
    _save(out, {"model": m}, reconstruct=reconstruct, score=score)


@model("s38_vit_reshape_permute_6d_patchify", "keras-export", "ViT image classifier patchifying with Keras reshaping layers only, fixed float [1,32,32,3]: Reshape to 6-D [4,8,4,8,3], Permute((1, 3, 2, 4, 5)), Reshape to 16 patches x 192, Dense(64), ClassToken + PositionEmbedding, Identity, two encoder blocks (LayerNormalization, MultiHeadAttention(4, 16), Add, Dense(128, gelu) MLP), [CLS] Lambda slice, Flatten, Dense(10, softmax); model.export with a batch-1 signature")
def b_vit_reshape(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.Reshape((4, 8, 4, 8, 3))(inp)
    x = L.Reshape((16, 192))(L.Permute((1, 3, 2, 4, 5))(x))
    x = L.Identity()(PositionEmbedding(17, 64)(ClassToken()(L.Dense(64)(x))))
    for _ in range(2):
        h = L.LayerNormalization()(x)
        x = L.Add()([x, L.MultiHeadAttention(4, 16)(h, h)])
        x = L.Add()([x, L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization()(x)))])
    cls = L.Flatten()(L.Lambda(lambda t: t[:, :1], output_shape=(1, 64))(x))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(cls)), out, fixed=True)


# ================================================================================ merging

@model("s38_multisensor_fusion_all_merge_layers", "keras-export", "machine-health model fusing three vibration sensors, fixed float [1,64,3] each: per-sensor branches Conv1D + MaxPooling1D + Conv1D + GlobalAveragePooling1D + Dense(16); fused by Add, Subtract (sensor 1 - 2), Multiply, Average, Maximum, Minimum and a Concatenate of all six plus the branches; Dense(32, relu), Dense(4, softmax) condition; model.export with a batch-1 signature")
def b_fusion(out):
    ins = [keras.Input((64, 3), batch_size=1, name=f"sensor_{i}") for i in range(3)]
    br = []
    for t in ins:
        x = L.MaxPooling1D(2)(L.Conv1D(16, 5, padding="same", activation="relu")(t))
        br.append(L.Dense(16, activation="relu")(L.GlobalAveragePooling1D()(L.Conv1D(32, 3, activation="relu")(x))))
    merged = [L.Add()(br), L.Subtract()([br[0], br[1]]), L.Multiply()(br), L.Average()(br), L.Maximum()(br), L.Minimum()(br)]
    x = L.Dense(32, activation="relu")(L.Concatenate()(merged + br))
    _export(keras.Model(ins, L.Dense(4, activation="softmax", name="condition")(x)), out, fixed=True)


@model("s38_two_tower_retrieval_dot_normalize_archive", "keras-export", "two-tower retrieval model exported with keras.export.ExportArchive and three endpoints: score(user_id int64 [None,1], history int64 [None,10] zero-padded, item_id int64 [None,1], category string [None,1]) -> Dot(axes=1, normalize=True) cosine; user_embedding(user_id, history); item_embedding(item_id, category). User tower IntegerLookup(500 ids) -> Embedding, history Embedding(mask_zero=True) -> masked GlobalAveragePooling1D, Dense(32); item tower IntegerLookup(1000 ids) -> Embedding, StringLookup(categories) -> Embedding, Dense(32)")
def b_twotower(out):
    uid, hist = keras.Input((1,), dtype="int64", name="user_id"), keras.Input((10,), dtype="int64", name="history")
    iid, cat = keras.Input((1,), dtype="int64", name="item_id"), keras.Input((1,), dtype="string", name="category")
    u = L.Flatten()(L.Embedding(502, 16)(L.IntegerLookup(vocabulary=list(range(1, 501)))(uid)))
    h = L.GlobalAveragePooling1D()(L.Embedding(1002, 16, mask_zero=True)(hist))
    user_tower = keras.Model([uid, hist], L.Dense(32)(L.Concatenate()([u, h])), name="user_tower")
    i = L.Flatten()(L.Embedding(1002, 16)(L.IntegerLookup(vocabulary=list(range(1, 1001)))(iid)))
    c = L.Flatten()(L.Embedding(7, 8)(L.StringLookup(vocabulary=["books", "music", "toys", "garden", "food"])(cat)))
    item_tower = keras.Model([iid, cat], L.Dense(32)(L.Concatenate()([i, c])), name="item_tower")
    specs = {"user_id": tensor_spec([None, 1], "int64", "user_id"), "history": tensor_spec([None, 10], "int64", "history"),
             "item_id": tensor_spec([None, 1], "int64", "item_id"), "category": tensor_spec([None, 1], "string", "category")}
    dot = L.Dot(axes=1, normalize=True)

    @tf.function(input_signature=list(specs.values()))
    def score(user_id, history, item_id, category):
        return {"score": dot([user_tower([user_id, history], training=False), item_tower([item_id, category], training=False)])}

    @tf.function(input_signature=[specs["user_id"], specs["history"]])
    def user_embedding(user_id, history):
        return {"embedding": user_tower([user_id, history], training=False)}

    @tf.function(input_signature=[specs["item_id"], specs["category"]])
    def item_embedding(item_id, category):
        return {"embedding": item_tower([item_id, category], training=False)}
    _archive(out, [user_tower, item_tower], score=score, user_embedding=user_embedding, item_embedding=item_embedding)


FEEDS["s38_two_tower_retrieval_dot_normalize_archive"] = lambda rng: {
    "user_id": rng.integers(1, 600, (2, 1)), "history": _ids(rng, (2, 10), 1001, pad_from=6),
    "item_id": rng.integers(1, 1100, (2, 1)), "category": [["toys"], ["cars"]]}


# ================================================================================ activations

@model("s38_activation_layers_attention_pool_cnn_int8", "keras-export", "product-defect classifier for int8 deployment built from activation layers, fixed float [1,64,64,3]: Conv2D blocks with ReLU(max_value=6), ReLU(negative_slope=0.1, threshold=0.5), LeakyReLU(0.2), PReLU(shared_axes=[1, 2]), ELU(alpha=0.5); spatial attention pooling Conv2D(1, 1) -> Softmax(axis=(1, 2)) -> Multiply -> Lambda keras.ops.sum over H, W; Dense(16) with threshold activation (keras.activations.threshold 0.0 -> 0), Dense(4, softmax); model.export with a batch-1 signature")
def b_act_cnn(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.ReLU(max_value=6.0)(L.Conv2D(16, 3, strides=2, padding="same")(inp))
    x = L.ReLU(negative_slope=0.1, threshold=0.5)(L.Conv2D(24, 3, padding="same")(x))
    x = L.LeakyReLU(negative_slope=0.2)(L.Conv2D(32, 3, strides=2, padding="same")(x))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(32, 3, padding="same")(x))
    x = L.ELU(alpha=0.5)(L.Conv2D(48, 3, strides=2, padding="same")(x))
    attn = L.Softmax(axis=(1, 2))(L.Conv2D(1, 1)(x))
    pooled = L.Lambda(lambda t: ops.sum(t, axis=(1, 2)), output_shape=(48,))(L.Multiply()([x, attn]))
    h = L.Dense(16, activation=lambda t: keras.activations.threshold(t, 0.0, 0.0))(pooled)
    _export(keras.Model(inp, L.Dense(4, activation="softmax", name="defect")(h)), out, fixed=True)


@model("s38_lista_unrolled_sparse_coding_shrinkage", "keras-export", "LISTA (learned ISTA) sparse-coding network for signal denoising, signal float [None,64]: Dense(128) encoder W_e, z0 = soft_shrink(W_e y, 0.1) then four unrolled iterations z = soft_shrink(W_e y + S z, 0.1) with a shared Dense(128, no bias) S, a tanh_shrink(W_e y + S z) refinement step, hard_shrink(0.05) on the final code; Dense(64) dictionary decoder; outputs the sparse code and the denoised signal")
def b_lista(out):
    inp = keras.Input((64,), name="signal")
    we = L.Dense(128)(inp)
    s = L.Dense(128, use_bias=False)
    soft = L.Activation(lambda t: keras.activations.soft_shrink(t, 0.1))
    z = soft(we)
    for _ in range(4):
        z = soft(L.Add()([we, s(z)]))
    z = L.Activation("tanh_shrink")(L.Add()([we, s(z)]))
    code = L.Activation(lambda t: keras.activations.hard_shrink(t, 0.05), name="code")(z)
    _export(keras.Model(inp, {"code": code, "denoised": L.Dense(64, name="denoised")(code)}), out)


@model("s38_doc_attention_pool_glu_sparsemax", "keras-export", "document classifier with sparse attention pooling (interpretable attention from a research notebook), token ids int32 [None,40]: Embedding(3000, 64), Dense(128) + Lambda keras.activations.glu (gated linear unit, 64 out), Dense(1) scores -> Reshape -> sparsemax activation over tokens, Dot(axes=(1, 1)) weighted sum, Dense(4) with log_softmax; outputs log_probs and the sparse attention weights")
def b_glu(out):
    inp = keras.Input((40,), dtype="int32", name="token_ids")
    h = L.Lambda(lambda t: keras.activations.glu(t), output_shape=(40, 64))(L.Dense(128)(L.Embedding(3000, 64)(inp)))
    w = L.Activation("sparsemax", name="attention")(L.Reshape((40,))(L.Dense(1)(h)))
    pooled = L.Dot(axes=(1, 1))([w, h])
    _export(keras.Model(inp, {"log_probs": L.Dense(4, activation="log_softmax", name="log_probs")(pooled), "attention": w}),
            out)


FEEDS["s38_doc_attention_pool_glu_sparsemax"] = {"token_ids": (1, 3000)}


@model("s38_insurance_multitask_selu_celu_softplus_frozen", "frozen-pb", "insurance pricing multi-task MLP frozen with convert_variables_to_constants_v2, fixed float [1,20] policy features: Dense(64, selu, lecun_normal) + AlphaDropout(0.1), Dense(32, celu), Dense(16, mish), Dense(8, softsign); heads claim_frequency Dense(1, softplus), claim_severity Dense(1, squareplus), expected_cost as Multiply, lapse Dense(1, sparse_plus), propensity Dense(3) with gelu-exact hidden Dense(8) and softmax")
def b_insurance(out):
    inp = keras.Input((20,), batch_size=1, name="policy")
    x = L.AlphaDropout(0.1)(L.Dense(64, activation="selu", kernel_initializer="lecun_normal")(inp))
    x = L.Dense(8, activation="softsign")(L.Dense(16, activation="mish")(L.Dense(32, activation="celu")(x)))
    freq = L.Dense(1, activation="softplus", name="claim_frequency")(x)
    sev = L.Dense(1, activation="squareplus", name="claim_severity")(x)
    prop = L.Dense(3, activation="softmax", name="propensity")(L.Dense(8, activation="gelu")(x))
    m = keras.Model(inp, {"claim_frequency": freq, "claim_severity": sev, "expected_cost": L.Multiply()([freq, sev]),
                          "lapse": L.Dense(1, activation="sparse_plus")(x), "propensity": prop})
    _freeze(m, out)


# ================================================================================ regularization, embeddings and RNNs

@model("s38_regularization_layers_left_in_cnn", "keras-export", "plant-disease classifier keeping all its regularization layers (inactive at inference: their call defaults to training=False), fixed float [1,64,64,3]: GaussianNoise(0.1) on the input, Conv2D + SpatialDropout2D(0.2), Conv2D + GaussianDropout(0.1), MaxPooling2D, GlobalAveragePooling2D, ActivityRegularization(l1=1e-4, l2=1e-4), Dense(64, selu) + AlphaDropout(0.1), Dropout(0.5), Dense(3, softmax); model.export with a batch-1 signature")
def b_regul(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="leaf")
    x = L.GaussianNoise(0.1)(inp)
    x = L.SpatialDropout2D(0.2)(L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(x))
    x = L.GaussianDropout(0.1)(L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x))
    x = L.ActivityRegularization(l1=1e-4, l2=1e-4)(L.GlobalAveragePooling2D()(L.MaxPooling2D()(x)))
    x = L.Dropout(0.5)(L.AlphaDropout(0.1)(L.Dense(64, activation="selu", kernel_initializer="lecun_normal")(x)))
    _export(keras.Model(inp, L.Dense(3, activation="softmax", name="disease")(x)), out, fixed=True)


@model("s38_padded_sensor_masking_gru_simplernn", "keras-export", "variable-length sensor-session classifier, float [None,50,8] zero-padded after the session ends: Masking(mask_value=0.0), GRU(32, return_sequences) and SimpleRNN(16) consuming the mask, Dense(5, softmax)")
def b_masking(out):
    inp = keras.Input((50, 8), name="readings")
    x = L.SimpleRNN(16)(L.GRU(32, return_sequences=True)(L.Masking(mask_value=0.0)(inp)))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="session_class")(x)), out)


def _padded_readings(rng):
    x = rng.random((2, 50, 8))
    x[0, 30:] = 0.0
    return {"readings": x}


FEEDS["s38_padded_sensor_masking_gru_simplernn"] = _padded_readings


@model("s38_precip_nowcast_convlstm2d", "keras-export", "precipitation nowcasting ConvLSTM (Keras next-frame-prediction example, scaled down), fixed radar frames float [1,4,16,16,1]: ConvLSTM2D(16, 3, return_sequences) + BatchNormalization, ConvLSTM2D(16, 3), Conv2D(1, 3, sigmoid) next frame; model.export with a batch-1 signature")
def b_convlstm(out):
    inp = keras.Input((4, 16, 16, 1), batch_size=1, name="frames")
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(inp))
    x = L.ConvLSTM2D(16, 3, padding="same")(x)
    _export(keras.Model(inp, L.Conv2D(1, 3, padding="same", activation="sigmoid", name="next_frame")(x)), out, fixed=True)


@model("s38_ner_bilstm_tagger_frozen", "frozen-pb", "named-entity tagger frozen with convert_variables_to_constants_v2 at fixed token ids int32 [1,20] (zero-padded): Embedding(2000, 32, mask_zero=True), Bidirectional(LSTM(32, return_sequences)), TimeDistributed(Dense(9, softmax)); a Lambda keras.ops.argmax gives tag ids")
def b_ner(out):
    inp = keras.Input((20,), batch_size=1, dtype="int32", name="token_ids")
    x = L.Bidirectional(L.LSTM(32, return_sequences=True))(L.Embedding(2000, 32, mask_zero=True)(inp))
    probs = L.TimeDistributed(L.Dense(9, activation="softmax"))(x)
    tags = L.Lambda(lambda t: ops.argmax(t, axis=-1), output_shape=(20,))(probs)
    _freeze(keras.Model(inp, [probs, tags]), out)


FEEDS["s38_ner_bilstm_tagger_frozen"] = lambda rng: {"token_ids": np.concatenate([rng.integers(1, 2000, (1, 14)),
                                                                                   np.zeros((1, 6), int)], 1)}
OUTPUTS["s38_ner_bilstm_tagger_frozen"] = ["Identity", "Identity_1"]


# ================================================================================ Lambda layers over keras.ops

@model("s38_reranker_ops_topk_sort_argsort_cumsum", "keras-export", "feed re-ranker, candidates float [None,50,8] (features of 50 retrieved items): per-item Dense(32, relu) / Dense(1) scorer -> Reshape [50]; Lambdas over keras.ops: top_k(10) scores and indices, argsort (descending) ranks, sort, softmax then cumsum of the sorted probabilities for a nucleus cut (where cumsum <= 0.9), take_along_axis to reorder the scores")
def b_rerank(out):
    inp = keras.Input((50, 8), name="candidates")
    s = L.Reshape((50,))(L.Dense(1)(L.Dense(32, activation="relu")(inp)))
    top_vals = L.Lambda(lambda t: ops.top_k(t, 10)[0], output_shape=(10,), name="top_scores")(s)
    top_idx = L.Lambda(lambda t: ops.top_k(t, 10)[1], output_shape=(10,), name="top_indices")(s)
    order = L.Lambda(lambda t: ops.argsort(-t, axis=-1), output_shape=(50,), name="order")(s)

    def nucleus(t):
        p = ops.flip(ops.sort(ops.softmax(t), axis=-1), axis=-1)
        return ops.cast(ops.sum(ops.cast(ops.cumsum(p, axis=-1) <= 0.9, "int32"), axis=-1) + 1, "int32")
    keep = L.Lambda(nucleus, output_shape=(), name="nucleus_size")(s)
    reordered = L.Lambda(lambda t: ops.take_along_axis(t[0], t[1], axis=-1), output_shape=(50,),
                         name="sorted_scores")([s, order])
    _export(keras.Model(inp, {"top_scores": top_vals, "top_indices": top_idx, "order": order, "nucleus_size": keep,
                              "sorted_scores": reordered}), out)


@model("s38_session_ops_segment_sum_onehot_logsumexp", "keras-export", "user-activity model pooling events into sessions, fixed batch 1: item_ids int32 [1,64], event_type int32 [1,64] (4 kinds), session_ids int32 [1,64] sorted in [0,8); Embedding(1000, 16) and Lambda keras.ops.one_hot(event_type, 4), Concatenate, Dense(32, relu); Lambda keras.ops.segment_sum and segment_max (num_segments=8; empty sessions clamped at 0 with keras.ops.maximum) per session, Dense(1) session scores [1,8] and a keras.ops.logsumexp user score; model.export with a batch-1 signature")
def b_session(out):
    item = keras.Input((64,), batch_size=1, dtype="int32", name="item_ids")
    etype = keras.Input((64,), batch_size=1, dtype="int32", name="event_type")
    sess = keras.Input((64,), batch_size=1, dtype="int32", name="session_ids")
    x = L.Concatenate()([L.Embedding(1000, 16)(item), L.Lambda(lambda t: ops.one_hot(t, 4), output_shape=(64, 4))(etype)])
    x = L.Dense(32, activation="relu")(x)

    def pool(t):
        feats, seg = t[0][0], t[1][0]
        total = ops.segment_sum(feats, seg, num_segments=8)
        peak = ops.maximum(ops.segment_max(feats, seg, num_segments=8), 0.0)
        return ops.expand_dims(ops.concatenate([total, peak], axis=-1), 0)
    sessions = L.Lambda(pool, output_shape=(8, 64))([x, sess])
    scores = L.Reshape((8,), name="session_scores")(L.Dense(1)(sessions))
    user = L.Lambda(lambda t: ops.logsumexp(t, axis=-1, keepdims=True), output_shape=(1,), name="user_score")(scores)
    _export(keras.Model([item, etype, sess], {"session_scores": scores, "user_score": user}), out, fixed=True)


FEEDS["s38_session_ops_segment_sum_onehot_logsumexp"] = lambda rng: {
    "item_ids": rng.integers(0, 1000, (1, 64)), "event_type": rng.integers(0, 4, (1, 64)),
    "session_ids": np.repeat(np.arange(8), 8)[None]}


@model("s38_demand_forecast_erf_erfinv_mixture", "keras-export", "probabilistic demand forecaster, history float [None,48,1] and observed float [None,1]: Conv1D + GlobalAveragePooling1D + Dense(32) -> 3-component Gaussian mixture (means, softplus scales, logits); Lambdas over keras.ops: stockout probability P(demand > capacity 1.0) via erf, per-component 10 / 50 / 90 % quantiles via erfinv, mixture log-likelihood of the observed value via logsumexp of log_softmax weights + Gaussian log densities")
def b_forecast(out):
    hist, obs = keras.Input((48, 1), name="history"), keras.Input((1,), name="observed")
    h = L.Dense(32, activation="relu")(L.GlobalAveragePooling1D()(L.Conv1D(16, 5, activation="relu")(hist)))
    mu = L.Dense(3)(h)
    sigma = L.Lambda(lambda t: t + 1e-3, output_shape=(3,))(L.Dense(3, activation="softplus")(h))
    logits = L.Dense(3)(h)
    r2 = np.float32(np.sqrt(2.0))

    def stockout(t):
        m, s, lg = t
        return ops.sum(ops.softmax(lg) * 0.5 * (1.0 - ops.erf((1.0 - m) / (s * r2))), axis=-1, keepdims=True)

    def quantiles(t):
        m, s = t
        z = ops.erfinv(np.array([-0.8, 0.0, 0.8], "float32")) * r2
        return m[:, :, None] + s[:, :, None] * z

    def loglik(t):
        m, s, lg, y = t
        logp = -0.5 * ops.square((y - m) / s) - ops.log(s) - 0.5 * np.log(2 * np.pi)
        return ops.logsumexp(ops.log_softmax(lg) + logp, axis=-1, keepdims=True)
    _export(keras.Model([hist, obs], {
        "stockout_probability": L.Lambda(stockout, output_shape=(1,))([mu, sigma, logits]),
        "quantiles": L.Lambda(quantiles, output_shape=(3, 3))([mu, sigma]),
        "log_likelihood": L.Lambda(loglik, output_shape=(1,))([mu, sigma, logits, obs])}), out)


@model("s38_vibration_ops_stft_rfft_classifier", "keras-export", "bearing-fault classifier for an edge gateway, fixed vibration float [1,1024]: Lambda keras.ops.stft(128, 64, 128, hann, centered) -> magnitude (sqrt of real^2 + imag^2) -> log1p -> expand_dims [17,65,1] -> Conv2D / MaxPooling2D / GlobalAveragePooling2D; Lambda keras.ops.rfft whole-signal magnitude spectrum -> Dense(16); Concatenate, Dense(3, softmax); model.export with a batch-1 signature")
def b_vibration(out):
    inp = keras.Input((1024,), batch_size=1, name="vibration")

    def spec(t):
        re, im = ops.stft(t, 128, 64, 128, window="hann")
        return ops.expand_dims(ops.log1p(ops.sqrt(re * re + im * im)), -1)
    s = L.Lambda(spec, output_shape=(17, 65, 1))(inp)
    s = L.GlobalAveragePooling2D()(L.Conv2D(32, 3, activation="relu")(L.MaxPooling2D()(L.Conv2D(16, 3, activation="relu")(s))))

    def spectrum(t):
        re, im = ops.rfft(t)
        return ops.log1p(ops.sqrt(re * re + im * im))
    g = L.Dense(16, activation="relu")(L.Lambda(spectrum, output_shape=(513,))(inp))
    _export(keras.Model(inp, L.Dense(3, activation="softmax", name="fault")(L.Concatenate()([s, g]))), out, fixed=True)


@model("s38_ops_image_hsv_affine_resize_archive", "keras-export", "fruit-ripeness classifier with keras.ops.image preprocessing, exported with keras.export.ExportArchive and two endpoints: classify(image float [None,64,64,3] in [0,1]) -> probabilities; preprocess(image) -> the model input it builds. Lambda keras.ops.image.affine_transform with a constant deskew / zoom transform (bilinear, constant fill), keras.ops.image.resize to 48x48, keras.ops.image.rgb_to_hsv concatenated with RGB (6 channels), Conv2D / MaxPooling2D x2, GlobalAveragePooling2D, Dense(3, softmax)")
def b_hsv(out):
    inp = keras.Input((64, 64, 3), name="image")
    transform = np.array([[1.1, 0.08, -4.0, 0.0, 1.1, -3.0, 0.0, 0.0]], "float32")

    def prep(t):
        t = ops.image.affine_transform(t, ops.tile(transform, (ops.shape(t)[0], 1)), interpolation="bilinear")
        t = ops.image.resize(t, (48, 48))
        return ops.concatenate([t, ops.image.rgb_to_hsv(t)], axis=-1)
    pre = keras.Model(inp, L.Lambda(prep, output_shape=(48, 48, 6))(inp), name="preprocess")
    x_in = keras.Input((48, 48, 6))
    x = L.MaxPooling2D()(L.Conv2D(16, 3, activation="relu")(x_in))
    x = L.MaxPooling2D()(L.Conv2D(32, 3, activation="relu")(x))
    clf = keras.Model(x_in, L.Dense(3, activation="softmax")(L.GlobalAveragePooling2D()(x)), name="classifier")

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def classify(image):
        return {"probabilities": clf(pre(image, training=False), training=False)}

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def preprocess(image):
        return {"features": pre(image, training=False)}
    _archive(out, [pre, clf], classify=classify, preprocess=preprocess)


@model("s38_sensor_ops_scan_ema_digitize_bincount_module", "tf-module", "edge anomaly detector for 3-axis sensor windows served from a tf.Module, readings float [None,64,3]: custom Keras layers over keras.ops -- exponential moving average with keras.ops.scan over time (transposed time-major), running maximum with keras.ops.associative_scan(maximum), keras.ops.digitize of the magnitude into 8 level buckets and keras.ops.bincount(minlength=8) histogram; Concatenate with GlobalAveragePooling1D features, Dense(32, relu), Dense(1, sigmoid); outputs anomaly_probability and the smoothed series")
def b_scan(out):
    class EMA(L.Layer):
        def call(self, x):
            def step(c, xt):
                c = 0.8 * c + 0.2 * xt
                return c, c
            _, ys = ops.scan(step, ops.zeros_like(x[:, 0]), ops.transpose(x, (1, 0, 2)))
            return ops.transpose(ys, (1, 0, 2))

        def compute_output_shape(self, s):
            return s

    class LevelHistogram(L.Layer):
        def call(self, x):
            mag = ops.sqrt(ops.sum(x * x, axis=-1))
            bins = ops.digitize(mag, [0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0])
            return ops.reshape(ops.cast(ops.bincount(bins, minlength=8), "float32"), (-1, 8)) / 64.0

        def compute_output_shape(self, s):
            return (s[0], 8)
    inp = keras.Input((64, 3), name="readings")
    smooth = EMA(name="smoothed")(inp)
    runmax = L.Lambda(lambda t: ops.reshape(ops.associative_scan(ops.maximum, t, axis=1), (-1, 64, 3)),
                      output_shape=(64, 3))(smooth)
    feats = L.Concatenate()([L.GlobalAveragePooling1D()(smooth), L.GlobalMaxPooling1D()(runmax), LevelHistogram()(inp)])
    prob = L.Dense(1, activation="sigmoid")(L.Dense(32, activation="relu")(feats))
    m = keras.Model(inp, {"anomaly_probability": prob, "smoothed": smooth})

    @tf.function(input_signature=[tensor_spec([None, 64, 3], name="readings")])
    def serve(readings):
        return m(readings, training=False)
    _save(out, {"model": m}, serving_default=serve)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops
    _define_layers()


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
