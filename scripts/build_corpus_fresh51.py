"""Build an independently made corpus into bench/out/fresh51/: Keras preprocessing layers and feature engineering kept
inside the exported model, so that serving takes raw features. Lookups (StringLookup / IntegerLookup with and without
OOV buckets and mask tokens, output_mode int / one_hot / multi_hot / count / tf_idf, an inverted IntegerLookup turning an
argmax back into item ids), TextVectorization (adapted vocabularies, lower_and_strip_punctuation and custom standardize /
split callables, character splits, bigrams, output_sequence_length, int / multi_hot / count / tf_idf modes) feeding
Embedding + pooling, Conv1D or linear heads, Hashing (salted, one-hot, on strings and int64 ids) and HashedCrossing,
Discretization with fixed bin boundaries and adapted quantiles, CategoryEncoding (one_hot, count with count_weights),
Normalization adapted on data (axis -1 and axis None, plus invert=True to de-normalize a regression target), image front
ends on uint8 / float inputs (Resizing incl. crop_to_aspect_ratio, Rescaling, CenterCrop, Normalization with ImageNet
statistics, a dynamic-size input), keyword spotting on log-mel features with an adapted Normalization and a module that
computes the log-mel with tf.signal.stft in the graph, keras.utils.FeatureSpace (concat and dict modes) and hand-written
multi-input models taking dicts of named inputs of different dtypes, tf.feature_column-era ideas rewritten with layers
(bucketized, crossed, indicator, sqrtn embedding combiner, weighted categorical), census wide-and-deep, DCN-v2 cross
layers, DeepFM and a two-tower retriever with lookups at the front. Exported as Keras 3 model.export (None batch and
fixed batch-1 signatures), tf.saved_model.save of tf.Modules with explicit signatures (string tensors, int64 ids, float
features, JPEG bytes decoded in the graph; batch None and batch 1; several signatures per module), TF2 functions frozen
with convert_variables_to_constants_v2 (table-free: bucketize, resize, tf.strings split / hash buckets), TF1 graph-mode
(tf.compat.v1) graphs frozen with graph_util.convert_variables_to_constants using tf.lookup StaticHashTables initialized
in the graph, string splitting and to_hash_bucket_fast, and one TF1 SavedModel (SavedModelBuilder with a tables
initializer as main_op) in the Estimator serving style. Seeded random weights and made-up adapt data; nothing is
downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh51.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh51.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh51.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh51.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh51.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh51", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (strings, ids in a vocabulary, JPEG bytes): model -> {input name (or "signature/input"):
# value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is
# built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

# made-up vocabularies the lookups are built on
COUNTRIES = ["us", "de", "fr", "br", "in", "jp", "gb", "es"]
DEVICES = ["android", "ios", "web"]
TAGS = ["sale", "new", "eco", "kids", "sport", "outdoor", "tech", "home", "garden", "pet", "gift", "retro"]
EDUCATION = ["bachelors", "masters", "hs-grad", "some-college", "doctorate", "assoc"]
OCCUPATION = ["tech-support", "sales", "exec-managerial", "craft-repair", "adm-clerical", "farming"]
MARITAL = ["married", "never-married", "divorced", "widowed"]
WORDS = ("the a movie film great terrible plot acting love hate boring fun story ending actor scene music slow fast "
         "best worst good bad really not very script cast funny sad long short").split()


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; a model on a dict of named Inputs
    is called and exported with that dict; `fixed` keeps the Inputs' batch size (1) in the exported signature, else
    Keras relaxes the batch to None"""
    struct = m.input
    if isinstance(struct, dict):
        specs = {k: tensor_spec(t.shape, t.dtype, k) for k, t in struct.items()}
        vals = _feed(out, list(specs.values()))
        m({k: vals[k] for k in specs}, training=False)
        sig = [specs] if fixed else None
    else:
        specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
        vals = _feed(out, specs)
        xs = [vals[s.name] for s in specs]
        m(xs if len(xs) > 1 else xs[0], training=False)
        sig = ([specs] if len(specs) > 1 else specs) if fixed else None
    keras_export(m, out, sig=sig)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build):
    """TF1 graph: build() makes placeholders / variables / tables and returns the output tensors; initialize, run once
    on the --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names"""
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


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable glorot weights / zero biases, matmul + bias, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("kernel", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _mlp(x, sizes, act="relu", out_act=None, dropout=0.0):
    """Keras Dense stack applied to a symbolic tensor; the last size gets `out_act`"""
    for s in sizes[:-1]:
        x = L.Dense(s, activation=act)(x)
        if dropout:
            x = L.Dropout(dropout)(x)
    return L.Dense(sizes[-1], activation=out_act)(x)


def _sentences(rng, n, lo=3, hi=12, punct=True):
    """made-up review-like sentences from WORDS (some capitalized, some with punctuation) for adapt() and feeds"""
    res = []
    for _ in range(n):
        w = list(rng.choice(WORDS, rng.integers(lo, hi)))
        w[0] = w[0].capitalize()
        res.append(" ".join(w) + (rng.choice([".", "!", "?!", ""]) if punct else ""))
    return res


def _adapt_rng(seed=51):
    return np.random.default_rng(seed)


# ================================================================================ lookups: StringLookup / IntegerLookup

@model("s51_stringlookup_onehot_country_device_keras", "keras-export", "sign-up conversion model on raw features, None batch: country string [None,1] -> StringLookup(8-word vocabulary, 1 OOV bucket, one_hot), device string [None,1] -> StringLookup(num_oov_indices=0, one_hot) over 3 devices, session_seconds float [None,1] -> log1p Lambda; Concatenate -> Dense 32 relu -> Dense(1, sigmoid); model.export")
def b_sl_onehot(out):
    country = keras.Input((1,), dtype="string", name="country")
    device = keras.Input((1,), dtype="string", name="device")
    secs = keras.Input((1,), name="session_seconds")
    x = L.Concatenate()([L.StringLookup(vocabulary=COUNTRIES, output_mode="one_hot")(country),
                         L.StringLookup(vocabulary=DEVICES, num_oov_indices=0, output_mode="one_hot")(device),
                         L.Lambda(lambda t: tf.math.log1p(t), output_shape=(1,))(secs)])
    _export(keras.Model({"country": country, "device": device, "session_seconds": secs},
                        _mlp(x, [32, 1], out_act="sigmoid")), out)


FEEDS["s51_stringlookup_onehot_country_device_keras"] = {"country": [["de"], ["zz"]], "device": [["ios"], ["web"]],
                                                         "session_seconds": [[35.0], [410.0]]}


@model("s51_integerlookup_multi_hot_genres_keras", "keras-export", "movie-preference model: genre_ids int64 [None,6] (raw catalogue ids, 0 = padding which falls in the OOV bucket) -> IntegerLookup(vocabulary of 18 ids, output_mode multi_hot), user_age float [None,1] -> Normalization(mean / variance given); Concatenate -> Dense 32 / 16 relu -> Dense(5, softmax) rating class; model.export")
def b_il_multihot(out):
    genres = keras.Input((6,), dtype="int64", name="genre_ids")
    age = keras.Input((1,), name="user_age")
    x = L.Concatenate()([L.IntegerLookup(vocabulary=list(range(101, 119)), output_mode="multi_hot")(genres),
                         L.Normalization(mean=35.0, variance=144.0)(age)])
    _export(keras.Model([genres, age], _mlp(x, [32, 16, 5], out_act="softmax")), out)


FEEDS["s51_integerlookup_multi_hot_genres_keras"] = {"genre_ids": [[101, 105, 117, 0, 0, 0], [102, 103, 150, 111, 0, 0]],
                                                     "user_age": [[23.0], [61.0]]}


@model("s51_stringlookup_count_bag_of_tags_batch1_keras", "keras-export", "product-category classifier on a bag of seller tags, fixed batch 1: tags string [1,8] ('' padding = mask_token) -> StringLookup(12 tags, mask_token '', output_mode count) -> Dense 16 relu -> Dense(5, softmax); model.export with a batch-1 signature")
def b_sl_count(out):
    tags = keras.Input((8,), batch_size=1, dtype="string", name="tags")
    x = L.StringLookup(vocabulary=TAGS, mask_token="", output_mode="count")(tags)
    _export(keras.Model(tags, _mlp(x, [16, 5], out_act="softmax")), out, fixed=True)


FEEDS["s51_stringlookup_count_bag_of_tags_batch1_keras"] = {"tags": [["sale", "eco", "sale", "garden", "unknown", "", "", ""]]}


@model("s51_stringlookup_tfidf_query_terms_keras", "keras-export", "search-intent classifier on pre-tokenized queries: query_terms string [None,10] -> StringLookup(vocabulary of 32 words + idf_weights, output_mode tf_idf, 1 OOV) -> Dropout -> Dense 24 relu -> Dense(4, softmax) intents; model.export")
def b_sl_tfidf(out):
    terms = keras.Input((10,), dtype="string", name="query_terms")
    idf = np.log(1.0 + 40.0 / (1.0 + np.arange(1, len(WORDS) + 1))).astype("float32")
    x = L.StringLookup(vocabulary=WORDS, idf_weights=idf, output_mode="tf_idf")(terms)
    _export(keras.Model(terms, _mlp(L.Dropout(0.2)(x), [24, 4], out_act="softmax")), out)


FEEDS["s51_stringlookup_tfidf_query_terms_keras"] = lambda rng: {"query_terms": rng.choice(WORDS + ["xyz"], (2, 10))}


@model("s51_stringlookup_no_oov_masked_embedding_batch1_keras", "keras-export", "basket embedding model for an on-device recommender, fixed batch 1: item_tokens string [1,12] -> StringLookup(num_oov_indices=0, mask_token '', 12-item vocabulary, int) -> Embedding(13, 16, mask_zero=True) -> GlobalAveragePooling1D over the mask -> Dense 16 -> L2-normalized basket_embedding and Dense(12) next-item logits; model.export with a batch-1 signature")
def b_sl_nooov(out):
    toks = keras.Input((12,), batch_size=1, dtype="string", name="item_tokens")
    ids = L.StringLookup(vocabulary=TAGS, num_oov_indices=0, mask_token="")(toks)
    h = L.Dense(16, activation="relu")(L.GlobalAveragePooling1D()(L.Embedding(len(TAGS) + 1, 16, mask_zero=True)(ids)))
    emb = L.UnitNormalization(name="basket_embedding")(h)
    _export(keras.Model(toks, {"basket_embedding": emb, "next_item_logits": L.Dense(len(TAGS), name="next_item_logits")(h)}),
            out, fixed=True)


FEEDS["s51_stringlookup_no_oov_masked_embedding_batch1_keras"] = {"item_tokens": [["tech", "gift", "home", "pet"] + [""] * 8]}


@model("s51_integerlookup_gru_next_item_invert_keras", "keras-export", "session-based next-item recommender (GRU4Rec-like): item_history int64 [None,20] raw item ids with 0 padding -> IntegerLookup(64 ids, mask_token 0, 1 OOV) -> Embedding(mask_zero) 32 -> GRU(32) -> Dense(66) logits; top item as index by argmax and mapped back to a raw item id by IntegerLookup(invert=True) -> next_item_id int64; model.export")
def b_il_gru(out):
    vocab = list(range(1000, 1064))
    hist = keras.Input((20,), dtype="int64", name="item_history")
    ids = L.IntegerLookup(vocabulary=vocab, mask_token=0)(hist)
    h = L.GRU(32)(L.Embedding(len(vocab) + 2, 32, mask_zero=True)(ids))
    logits = L.Dense(len(vocab) + 2, name="logits")(h)
    top = L.Lambda(lambda t: tf.argmax(t[:, 2:], axis=-1) + 2, output_shape=())(logits)
    next_id = L.IntegerLookup(vocabulary=vocab, mask_token=0, invert=True, name="next_item_id")(top)
    _export(keras.Model(hist, {"logits": logits, "next_item_id": next_id}), out)


FEEDS["s51_integerlookup_gru_next_item_invert_keras"] = lambda rng: {
    "item_history": np.where(np.arange(20) < 14, rng.integers(1000, 1070, (2, 20)), 0)}


# ================================================================================ hashing, crossing, binning, encoding

@model("s51_hashing_embedding_user_domain_keras", "keras-export", "ad-click model with vocabulary-free ids: user_id string [None,1] -> Hashing(256 bins) -> Embedding(256, 16) -> Flatten; referrer_domain string [None,1] -> Hashing(32 bins, output_mode one_hot); hour float [None,1] -> sin / cos Lambda; Concatenate -> Dense 32 relu -> Dense(1, sigmoid) click probability; model.export")
def b_hash_emb(out):
    user = keras.Input((1,), dtype="string", name="user_id")
    dom = keras.Input((1,), dtype="string", name="referrer_domain")
    hour = keras.Input((1,), name="hour")
    u = L.Flatten()(L.Embedding(256, 16)(L.Hashing(num_bins=256)(user)))
    d = L.Hashing(num_bins=32, output_mode="one_hot")(dom)
    cyc = L.Lambda(lambda t: tf.concat([tf.sin(t * 2 * np.pi / 24), tf.cos(t * 2 * np.pi / 24)], -1), output_shape=(2,))(hour)
    _export(keras.Model({"user_id": user, "referrer_domain": dom, "hour": hour},
                        _mlp(L.Concatenate()([u, d, cyc]), [32, 1], out_act="sigmoid")), out)


FEEDS["s51_hashing_embedding_user_domain_keras"] = {"user_id": [["u_83412"], ["u_00017"]],
                                                    "referrer_domain": [["news.example.com"], ["search.example.org"]],
                                                    "hour": [[9.0], [23.0]]}


@model("s51_hashing_salted_int64_ids_batch1_keras", "keras-export", "fraud score on recent merchant ids, fixed batch 1: merchant_ids int64 [1,4] (large raw ids) -> Hashing(128 bins, salt 1337) -> Embedding(128, 8) -> GlobalAveragePooling1D, amount float [1,3] -> Normalization(given mean / variance); Concatenate -> Dense 16 relu -> Dense(1, sigmoid); model.export with a batch-1 signature")
def b_hash_salt(out):
    mids = keras.Input((4,), batch_size=1, dtype="int64", name="merchant_ids")
    amt = keras.Input((3,), batch_size=1, name="amounts")
    e = L.GlobalAveragePooling1D()(L.Embedding(128, 8)(L.Hashing(num_bins=128, salt=1337)(mids)))
    a = L.Normalization(mean=[50.0, 120.0, 10.0], variance=[900.0, 6400.0, 25.0])(amt)
    _export(keras.Model([mids, amt], _mlp(L.Concatenate()([e, a]), [16, 1], out_act="sigmoid")), out, fixed=True)


FEEDS["s51_hashing_salted_int64_ids_batch1_keras"] = {"merchant_ids": [[8812391234, 771, 90210000017, 5]],
                                                      "amounts": [[42.0, 99.5, 3.0]]}


@model("s51_hashed_crossing_wide_linear_keras", "keras-export", "wide (linear) CTR model in the Wide & Deep 'wide' style: HashedCrossing(64 bins, one_hot) of country string [None,1] x hour_of_day int64 [None,1], HashedCrossing(32 bins, one_hot) of device string x os_version int64, plus StringLookup one_hot country; Concatenate -> Dense(1, sigmoid) (a logistic regression); model.export")
def b_hcross(out):
    country = keras.Input((1,), dtype="string", name="country")
    hour = keras.Input((1,), dtype="int64", name="hour_of_day")
    device = keras.Input((1,), dtype="string", name="device")
    osv = keras.Input((1,), dtype="int64", name="os_version")
    x = L.Concatenate()([L.HashedCrossing(64, output_mode="one_hot")((country, hour)),
                         L.HashedCrossing(32, output_mode="one_hot")((device, osv)),
                         L.StringLookup(vocabulary=COUNTRIES, output_mode="one_hot")(country)])
    _export(keras.Model({"country": country, "hour_of_day": hour, "device": device, "os_version": osv},
                        L.Dense(1, activation="sigmoid", name="ctr")(x)), out)


FEEDS["s51_hashed_crossing_wide_linear_keras"] = {"country": [["fr"], ["jp"]], "hour_of_day": [[8], [21]],
                                                  "device": [["android"], ["ios"]], "os_version": [[13], [17]]}


@model("s51_discretization_boundaries_onehot_keras", "keras-export", "credit-risk model with hand-chosen bins: age float [None,1] -> Discretization(bin_boundaries 25/35/45/55/65) -> CategoryEncoding(6, one_hot), income float [None,1] -> Discretization(5 log-spaced boundaries) -> CategoryEncoding(6, one_hot), both also Normalization(mean / variance given); Concatenate -> Dense 32 relu -> Dense(1, sigmoid) default probability; model.export")
def b_disc_bounds(out):
    age = keras.Input((1,), name="age")
    inc = keras.Input((1,), name="income")
    a_bin = L.CategoryEncoding(6, output_mode="one_hot")(L.Discretization(bin_boundaries=[25.0, 35.0, 45.0, 55.0, 65.0])(age))
    i_bin = L.CategoryEncoding(6, output_mode="one_hot")(L.Discretization(bin_boundaries=[1e4, 2.5e4, 5e4, 1e5, 2.5e5])(inc))
    x = L.Concatenate()([a_bin, i_bin, L.Normalization(mean=42.0, variance=200.0)(age),
                         L.Normalization(mean=55000.0, variance=1.6e9)(inc)])
    _export(keras.Model({"age": age, "income": inc}, _mlp(x, [32, 1], out_act="sigmoid")), out)


FEEDS["s51_discretization_boundaries_onehot_keras"] = {"age": [[31.0], [70.0]], "income": [[42000.0], [8000.0]]}


@model("s51_discretization_adapted_quantiles_embedding_keras", "keras-export", "tabular model with learned-bin embeddings (AutoDis-like), None batch: features float [None,6] -> Discretization(num_bins 8, adapted on 2000 made-up rows; quantile boundaries shared over the features) -> Embedding(8, 4) per feature -> Flatten, plus Normalization(axis -1, adapted) of the raw values; Concatenate -> Dense 32 / 16 relu -> Dense(1) regression; model.export")
def b_disc_adapt(out):
    rng = _adapt_rng()
    data = np.stack([rng.lognormal(0, 1, 2000), rng.normal(5, 2, 2000), rng.uniform(0, 1, 2000), rng.exponential(3, 2000),
                     rng.normal(-1, 0.5, 2000), rng.gamma(2, 2, 2000)], 1).astype("float32")
    disc, norm = L.Discretization(num_bins=8), L.Normalization(axis=-1)
    disc.adapt(data)
    norm.adapt(data)
    inp = keras.Input((6,), name="features")
    e = L.Flatten()(L.Embedding(8, 4)(disc(inp)))
    _export(keras.Model(inp, _mlp(L.Concatenate()([e, norm(inp)]), [32, 16, 1])), out)


@model("s51_category_encoding_count_weekday_keras", "keras-export", "grocery basket-size model on already-indexed ids: basket_ids int32 [None,10] (product category index in [0,32)) -> CategoryEncoding(32, count), weekday int32 [None,1] -> CategoryEncoding(7, one_hot), store_id int32 [None,1] -> CategoryEncoding(16, one_hot); Concatenate -> Dense 32 relu -> Dense(1, softplus) expected spend; model.export")
def b_catenc(out):
    basket = keras.Input((10,), dtype="int32", name="basket_ids")
    wd = keras.Input((1,), dtype="int32", name="weekday")
    store = keras.Input((1,), dtype="int32", name="store_id")
    x = L.Concatenate()([L.CategoryEncoding(32, output_mode="count")(basket), L.CategoryEncoding(7, output_mode="one_hot")(wd),
                         L.CategoryEncoding(16, output_mode="one_hot")(store)])
    _export(keras.Model([basket, wd, store], _mlp(x, [32, 1], out_act="softplus")), out)


FEEDS["s51_category_encoding_count_weekday_keras"] = {"basket_ids": (0, 32), "weekday": (0, 7), "store_id": (0, 16)}


# ================================================================================ text: TextVectorization

@model("s51_textvectorization_int_embedding_pool_keras", "keras-export", "sentiment classifier taking raw review text, None batch: text string [None,1] -> TextVectorization(max_tokens 200, default lower_and_strip_punctuation / whitespace split, int, output_sequence_length 24, adapted on 300 made-up reviews) -> Embedding(200, 32) -> GlobalAveragePooling1D -> Dense 16 relu -> Dense(1, sigmoid); model.export")
def b_tv_int(out):
    tv = L.TextVectorization(max_tokens=200, output_sequence_length=24)
    tv.adapt(_sentences(_adapt_rng(), 300))
    text = keras.Input((1,), dtype="string", name="text")
    x = L.GlobalAveragePooling1D()(L.Embedding(200, 32)(tv(text)))
    _export(keras.Model(text, _mlp(x, [16, 1], out_act="sigmoid")), out)


FEEDS["s51_textvectorization_int_embedding_pool_keras"] = {"text": [["Great movie, really fun!"], ["Boring plot and bad acting..."]]}


@model("s51_textvectorization_bigram_conv1d_batch1_keras", "keras-export", "on-device text classifier with bigram tokens, fixed batch 1: text string [1,1] -> TextVectorization(max_tokens 300, ngrams 2, output_sequence_length 32, adapted) -> Embedding(300, 24) -> Conv1D 32 k3 relu -> GlobalMaxPooling1D -> Dropout -> Dense(3, softmax) topic; model.export with a batch-1 signature")
def b_tv_bigram(out):
    tv = L.TextVectorization(max_tokens=300, ngrams=2, output_sequence_length=32)
    tv.adapt(_sentences(_adapt_rng(52), 300))
    text = keras.Input((1,), batch_size=1, dtype="string", name="text")
    x = L.GlobalMaxPooling1D()(L.Conv1D(32, 3, activation="relu")(L.Embedding(300, 24)(tv(text))))
    _export(keras.Model(text, L.Dense(3, activation="softmax")(L.Dropout(0.3)(x))), out, fixed=True)


FEEDS["s51_textvectorization_bigram_conv1d_batch1_keras"] = {"text": [["The acting was not very good but the music was great"]]}


@model("s51_textvectorization_tfidf_bigram_linear_keras", "keras-export", "TF-IDF + linear classifier (the classic baseline) exported end to end: text string [None,1] -> TextVectorization(max_tokens 256, ngrams (1,2), output_mode tf_idf, adapted) -> Dense(4, softmax); model.export")
def b_tv_tfidf(out):
    tv = L.TextVectorization(max_tokens=256, ngrams=(1, 2), output_mode="tf_idf")
    tv.adapt(_sentences(_adapt_rng(53), 300))
    text = keras.Input((1,), dtype="string", name="text")
    _export(keras.Model(text, L.Dense(4, activation="softmax")(tv(text))), out)


FEEDS["s51_textvectorization_tfidf_bigram_linear_keras"] = {"text": [["worst film ever"], ["a fun story with a good ending"]]}


@model("s51_textvectorization_custom_standardize_char_cnn_keras", "keras-export", "character-level spam / toxicity filter: message string [None,1] -> TextVectorization(custom standardize callable: tf.strings.lower, regex_replace of URLs -> ' url ', of HTML tags and non-alphanumerics; split 'character', output_sequence_length 64, adapted) -> Embedding(64, 16) -> Conv1D 32 k5 / MaxPooling1D / Conv1D 32 k3 -> GlobalMaxPooling1D -> Dense(1, sigmoid); model.export")
def b_tv_char(out):
    def standardize(t):
        t = tf.strings.lower(t)
        t = tf.strings.regex_replace(t, r"https?://\S+", " url ")
        t = tf.strings.regex_replace(t, r"<[^>]+>", " ")
        return tf.strings.regex_replace(t, r"[^a-z0-9 ]", "")
    tv = L.TextVectorization(max_tokens=64, standardize=standardize, split="character", output_sequence_length=64)
    tv.adapt(_sentences(_adapt_rng(54), 200) + ["Visit http://x.example now <b>FREE</b> 1000 prizes"])
    msg = keras.Input((1,), dtype="string", name="message")
    x = L.Embedding(64, 16)(tv(msg))
    x = L.Conv1D(32, 3, activation="relu")(L.MaxPooling1D(2)(L.Conv1D(32, 5, activation="relu")(x)))
    _export(keras.Model(msg, L.Dense(1, activation="sigmoid")(L.GlobalMaxPooling1D()(x))), out)


FEEDS["s51_textvectorization_custom_standardize_char_cnn_keras"] = {
    "message": [["WIN a <i>free</i> phone at https://spam.example/win !!!"], ["see you at the movie tonight"]]}


@model("s51_textvectorization_multi_hot_custom_split_keras", "keras-export", "skill-tag recommender on comma-separated tag strings: skills string [None,1] like 'python, sql,ml' -> TextVectorization(standardize lower, custom split callable tf.strings.split on ',' + tf.strings.strip, output_mode multi_hot, max_tokens 40, adapted) -> Dense 32 relu -> Dense(12, sigmoid) multi-label job categories; model.export")
def b_tv_multihot(out):
    rng = _adapt_rng(55)
    skills = ["python", "sql", "ml", "java", "go", "excel", "sales", "design", "figma", "k8s", "aws", "spark", "r", "stats"]
    corpus = [", ".join(rng.choice(skills, rng.integers(1, 6), replace=False)) for _ in range(200)]
    tv = L.TextVectorization(max_tokens=40, standardize="lower", output_mode="multi_hot",
                             split=lambda t: tf.strings.strip(tf.strings.split(t, sep=",")))
    tv.adapt(corpus)
    inp = keras.Input((1,), dtype="string", name="skills")
    _export(keras.Model(inp, _mlp(tv(inp), [32, 12], out_act="sigmoid")), out)


FEEDS["s51_textvectorization_multi_hot_custom_split_keras"] = {"skills": [["Python, SQL,ml"], ["figma,design , cobol"]]}


@model("s51_textvectorization_count_title_price_keras", "keras-export", "marketplace price-bucket model on a dict of raw listing fields: title string [None,1] -> TextVectorization(max_tokens 128, output_mode count, adapted), category string [None,1] -> StringLookup(one_hot), price float [None,1] -> log1p + Normalization(adapted on log prices), n_photos int64 [None,1] -> cast Lambda; Concatenate -> Dense 32 relu -> Dense(5, softmax); model.export")
def b_tv_count(out):
    rng = _adapt_rng(56)
    tv = L.TextVectorization(max_tokens=128, output_mode="count")
    tv.adapt(_sentences(rng, 200))
    pnorm = L.Normalization(axis=None)
    pnorm.adapt(np.log1p(rng.lognormal(3, 1, 500)).astype("float32"))
    title = keras.Input((1,), dtype="string", name="title")
    cat = keras.Input((1,), dtype="string", name="category")
    price = keras.Input((1,), name="price")
    photos = keras.Input((1,), dtype="int64", name="n_photos")
    x = L.Concatenate()([L.Flatten()(tv(title)), L.StringLookup(vocabulary=TAGS, output_mode="one_hot")(cat),
                         pnorm(L.Lambda(lambda t: tf.math.log1p(t), output_shape=(1,))(price)),
                         L.Lambda(lambda t: tf.cast(t, tf.float32) / 10.0, output_shape=(1,))(photos)])
    _export(keras.Model({"title": title, "category": cat, "price": price, "n_photos": photos},
                        _mlp(x, [32, 5], out_act="softmax")), out)


FEEDS["s51_textvectorization_count_title_price_keras"] = {"title": [["Retro music box, good"], ["new sport shoes"]],
                                                          "category": [["retro"], ["sport"]], "price": [[25.0], [80.0]],
                                                          "n_photos": [[3], [7]]}


# ================================================================================ numeric, image and audio front ends

@model("s51_normalization_adapt_axis_last_batch1_keras", "keras-export", "predictive-maintenance classifier for an edge gateway, fixed batch 1: sensors float [1,12] -> Normalization(axis -1, adapted per channel on 3000 made-up readings of different scales) -> Dense 32 / 16 relu -> Dense(3, softmax) machine state; model.export with a batch-1 signature")
def b_norm_last(out):
    rng = _adapt_rng(57)
    norm = L.Normalization(axis=-1)
    norm.adapt((rng.normal(0, 1, (3000, 12)) * np.logspace(-2, 3, 12) + np.linspace(-5, 500, 12)).astype("float32"))
    inp = keras.Input((12,), batch_size=1, name="sensors")
    _export(keras.Model(inp, _mlp(norm(inp), [32, 16, 3], out_act="softmax")), out, fixed=True)


@model("s51_normalization_axis_none_invert_target_keras", "keras-export", "load-forecast regressor that normalizes inputs with one global mean / variance and de-normalizes its output: load_history float [None,24] -> Normalization(axis None, adapted on made-up hourly loads) -> Dense 32 relu -> Dense 16 relu -> Dense(6) -> Normalization(axis None, invert=True, adapted on the same loads) forecast in original units; model.export")
def b_norm_none(out):
    rng = _adapt_rng(58)
    loads = (500 + 120 * np.sin(np.arange(24 * 200) * 2 * np.pi / 24) + rng.normal(0, 30, 24 * 200)).astype("float32")
    n_in, n_out = L.Normalization(axis=None), L.Normalization(axis=None, invert=True)
    n_in.adapt(loads)
    n_out.adapt(loads)
    inp = keras.Input((24,), name="load_history")
    _export(keras.Model(inp, n_out(_mlp(n_in(inp), [32, 16, 6]))), out)


FEEDS["s51_normalization_axis_none_invert_target_keras"] = lambda rng: {"load_history": 500 + 100 * rng.random((2, 24))}


@model("s51_image_uint8_resize_rescale_normalize_cnn_batch1_keras", "keras-export", "camera-app classifier taking raw frames, fixed batch 1: image uint8 [1,64,64,3] -> Resizing(32, 32, bilinear) -> Rescaling(1/255) -> Normalization(ImageNet mean / std^2 per channel) -> Conv2D 16 / 32 / 64 (3x3, stride 2, BatchNormalization, relu) -> GlobalAveragePooling2D -> Dense(10, softmax); model.export with a batch-1 signature")
def b_img_uint8(out):
    inp = keras.Input((64, 64, 3), batch_size=1, dtype="uint8", name="image")
    x = L.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229 ** 2, 0.224 ** 2, 0.225 ** 2])(
        L.Rescaling(1.0 / 255)(L.Resizing(32, 32)(inp)))
    for f in (16, 32, 64):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, 2, padding="same", use_bias=False)(x)))
    _export(keras.Model(inp, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out, fixed=True)


@model("s51_image_centercrop_resize_depthwise_keras", "keras-export", "plant-disease classifier with the preprocessing inside, None batch: image float [None,64,64,3] in 0..255 -> CenterCrop(56, 56) -> Resizing(40, 40) -> Rescaling(1/127.5, offset -1) -> Conv2D 16 s2 -> 2 MobileNet-style blocks (DepthwiseConv2D + BatchNormalization + ReLU6, pointwise Conv2D 32 / 64) -> GlobalAveragePooling2D -> Dropout -> Dense(5, softmax); model.export")
def b_img_crop(out):
    inp = keras.Input((64, 64, 3), name="image")
    x = L.Rescaling(1.0 / 127.5, offset=-1.0)(L.Resizing(40, 40)(L.CenterCrop(56, 56)(inp)))
    x = L.ReLU(6.0)(L.Conv2D(16, 3, 2, padding="same")(x))
    for f, s in ((32, 1), (64, 2)):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, s, padding="same")(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(f, 1)(x)))
    _export(keras.Model(inp, L.Dense(5, activation="softmax")(L.Dropout(0.2)(L.GlobalAveragePooling2D()(x)))), out)


FEEDS["s51_image_centercrop_resize_depthwise_keras"] = lambda rng: {"image": rng.uniform(0, 255, (2, 64, 64, 3))}


@model("s51_image_dynamic_size_resizing_crop_aspect_keras", "keras-export", "document-photo classifier that accepts any image size: image uint8 [None,None,None,3] -> Resizing(48, 48, crop_to_aspect_ratio=True) -> Rescaling(1/255) -> Conv2D 16 / 32 3x3 relu + MaxPooling2D -> GlobalAveragePooling2D -> Dense(4, softmax) document type; model.export")
def b_img_dyn(out):
    inp = keras.Input((None, None, 3), dtype="uint8", name="image")
    x = L.Rescaling(1.0 / 255)(L.Resizing(48, 48, crop_to_aspect_ratio=True)(inp))
    for f in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    _export(keras.Model(inp, L.Dense(4, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


FEEDS["s51_image_dynamic_size_resizing_crop_aspect_keras"] = lambda rng: {"image": rng.integers(0, 256, (1, 40, 60, 3))}


@model("s51_audio_logmel_normalization_kws_batch1_keras", "keras-export", "keyword spotter on precomputed log-mel features, fixed batch 1: log_mel float [1,49,40] -> Normalization(axis -1, per mel bin, adapted on made-up log-mel frames) -> Reshape (49,40,1) -> Conv2D 16 (3x3) / DepthwiseConv2D / Conv2D 32 1x1 with BatchNormalization + relu -> GlobalAveragePooling2D -> Dense(12, softmax) keywords; model.export with a batch-1 signature")
def b_kws(out):
    rng = _adapt_rng(59)
    norm = L.Normalization(axis=-1)
    norm.adapt((np.log(rng.gamma(2, 1, (500, 49, 40)) + 1e-6) * np.linspace(1.5, 0.5, 40)).astype("float32"))
    inp = keras.Input((49, 40), batch_size=1, name="log_mel")
    x = L.Reshape((49, 40, 1))(norm(inp))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 3, (2, 2), padding="same")(x)))
    x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(x)))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 1)(x)))
    _export(keras.Model(inp, L.Dense(12, activation="softmax")(L.GlobalAveragePooling2D()(x))), out, fixed=True)


FEEDS["s51_audio_logmel_normalization_kws_batch1_keras"] = lambda rng: {"log_mel": rng.normal(0, 1.5, (1, 49, 40))}


@model("s51_audio_waveform_stft_logmel_norm_module", "tf-module", "audio event classifier that computes its features in the served graph: signature serving_default(waveform float [1,8000]) -> tf.signal.stft (frame 256, step 128) magnitude^2 -> matmul with tf.signal.linear_to_mel_weight_matrix (32 bins, 16 kHz) -> log(x + 1e-6) [1,61,32] -> Keras Normalization(axis -1, adapted on made-up log-mel frames) -> Conv1D 32 k3 / 32 k3 relu -> GlobalAveragePooling1D -> Dense(6) logits and softmax; signature from_log_mel(log_mel float [None,61,32]) runs the same model on precomputed features")
def b_audio_stft(out):
    rng = _adapt_rng(60)
    norm = L.Normalization(axis=-1)
    norm.adapt(np.log(rng.gamma(2, 1, (300, 61, 32)) + 1e-6).astype("float32"))
    inp = keras.Input((61, 32))
    x = L.Conv1D(32, 3, activation="relu")(L.Conv1D(32, 3, activation="relu")(norm(inp)))
    net = keras.Model(inp, L.Dense(6)(L.GlobalAveragePooling1D()(x)))
    mel = tf.signal.linear_to_mel_weight_matrix(32, 129, 16000, 60.0, 7600.0)

    def head(feats):
        logits = net(feats, training=False)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}

    @tf.function(input_signature=[tensor_spec([1, 8000], name="waveform")])
    def serve(waveform):
        spec = tf.square(tf.abs(tf.signal.stft(waveform, 256, 128, 256)))
        return head(tf.math.log(tf.matmul(spec, mel) + 1e-6))

    @tf.function(input_signature=[tensor_spec([None, 61, 32], name="log_mel")])
    def from_log_mel(log_mel):
        return head(log_mel)
    _save(out, {"net": net}, serving_default=serve, from_log_mel=from_log_mel)


FEEDS["s51_audio_waveform_stft_logmel_norm_module"] = lambda rng: {
    "waveform": 0.3 * np.sin(np.arange(8000) * 2 * np.pi * 440 / 16000)[None] + 0.05 * rng.normal(0, 1, (1, 8000))}


# ================================================================================ multi-input tabular / recommenders

def _tabular_rows(rng, n):
    """made-up customer rows for FeatureSpace.adapt / feeds"""
    return {"age": rng.uniform(18, 80, n).astype("float32"), "balance": rng.lognormal(7, 1.5, n).astype("float32"),
            "tenure_months": rng.integers(0, 120, n).astype("float32"), "city": rng.choice(["paris", "lyon", "nice", "lille"], n),
            "plan": rng.integers(0, 4, n).astype("int64"), "zip_code": rng.integers(10000, 99999, n).astype("int64"),
            "referrer": rng.choice(["ads", "friend", "search", "tv", "none"], n)}


@model("s51_featurespace_concat_churn_keras", "keras-export", "churn model built with keras.utils.FeatureSpace (adapted on a tf.data of 512 made-up rows), output_mode concat: age float_normalized, balance float_discretized(8 bins), tenure_months float_rescaled, city string_categorical, plan integer_categorical, zip_code integer_hashed(64), referrer string_hashed(16), cross city x plan (32); the dict of named Inputs of different dtypes ([None,1] float32 / string / int64) -> encoded features -> Dense 32 relu -> Dropout -> Dense(1, sigmoid); model.export")
def b_fs_concat(out):
    FS = keras.utils.FeatureSpace
    fs = FS(features={"age": FS.float_normalized(), "balance": FS.float_discretized(num_bins=8),
                      "tenure_months": FS.float_rescaled(scale=1 / 120.0), "city": FS.string_categorical(),
                      "plan": FS.integer_categorical(), "zip_code": FS.integer_hashed(64), "referrer": FS.string_hashed(16)},
            crosses=[FS.cross(("city", "plan"), crossing_dim=32)], output_mode="concat")
    fs.adapt(tf.data.Dataset.from_tensor_slices(_tabular_rows(_adapt_rng(61), 512)).batch(64))
    inputs = fs.get_inputs()
    y = _mlp(fs.get_encoded_features(), [32, 1], out_act="sigmoid", dropout=0.2)
    _export(keras.Model(inputs, y), out)


def _fs_feed(rng):
    return {k: v[:, None] for k, v in _tabular_rows(rng, 2).items()}


FEEDS["s51_featurespace_concat_churn_keras"] = _fs_feed


@model("s51_featurespace_dict_wide_deep_keras", "keras-export", "FeatureSpace in output_mode dict feeding a wide & deep model: the same made-up customer features (normalized / discretized floats, string and integer categoricals one-hot, hashed zip code, city x referrer cross) adapted on tf.data; wide part = the categorical one-hots and cross concatenated -> Dense(1), deep part = all encoded features -> Dense 32 / 16 relu -> Dense(1); sum -> sigmoid; model.export")
def b_fs_dict(out):
    FS = keras.utils.FeatureSpace
    fs = FS(features={"age": FS.float_normalized(), "balance": FS.float_discretized(num_bins=6),
                      "tenure_months": FS.float_normalized(), "city": FS.string_categorical(),
                      "plan": FS.integer_categorical(), "zip_code": FS.integer_hashed(32), "referrer": FS.string_categorical()},
            crosses=[FS.cross(("city", "referrer"), crossing_dim=16)], output_mode="dict")
    fs.adapt(tf.data.Dataset.from_tensor_slices(_tabular_rows(_adapt_rng(62), 512)).batch(64))
    inputs, enc = fs.get_inputs(), fs.get_encoded_features()
    wide = L.Dense(1)(L.Concatenate()([enc[k] for k in ("city", "plan", "referrer", "city_X_referrer")]))
    deep = _mlp(L.Concatenate()([enc[k] for k in sorted(enc)]), [32, 16, 1])
    _export(keras.Model(inputs, L.Activation("sigmoid", name="churn")(L.Add()([wide, deep]))), out)


FEEDS["s51_featurespace_dict_wide_deep_keras"] = _fs_feed


@model("s51_census_wide_deep_lookups_keras", "keras-export", "census-income Wide & Deep (the TF tutorial model) with lookups at the front: age / hours_per_week float [None,1], education / occupation / marital_status / native_country string [None,1]; wide = StringLookup one_hots + Discretization(age boundaries) one-hot + HashedCrossing(education x occupation, 64, one_hot) + HashedCrossing(age bucket x education, 32, one_hot) -> Dense(1); deep = StringLookup int -> Embedding 8 each + Normalization numerics -> Dense 32 / 16 relu -> Dense(1); sum -> sigmoid; model.export")
def b_census(out):
    ins = {k: keras.Input((1,), name=k) for k in ("age", "hours_per_week")}
    ins.update({k: keras.Input((1,), dtype="string", name=k) for k in ("education", "occupation", "marital_status", "native_country")})
    vocabs = {"education": EDUCATION, "occupation": OCCUPATION, "marital_status": MARITAL, "native_country": COUNTRIES}
    age_b = L.Discretization(bin_boundaries=[18.0, 25.0, 30.0, 35.0, 40.0, 45.0, 50.0, 55.0, 60.0, 65.0])(ins["age"])
    wide = [L.StringLookup(vocabulary=v, output_mode="one_hot")(ins[k]) for k, v in vocabs.items()]
    wide += [L.CategoryEncoding(11, output_mode="one_hot")(age_b),
             L.HashedCrossing(64, output_mode="one_hot")((ins["education"], ins["occupation"])),
             L.HashedCrossing(32, output_mode="one_hot")((age_b, ins["education"]))]
    deep = [L.Flatten()(L.Embedding(len(v) + 1, 8)(L.StringLookup(vocabulary=v)(ins[k]))) for k, v in vocabs.items()]
    deep += [L.Normalization(mean=38.6, variance=186.0)(ins["age"]), L.Normalization(mean=40.4, variance=152.0)(ins["hours_per_week"])]
    logit = L.Add()([L.Dense(1)(L.Concatenate()(wide)), _mlp(L.Concatenate()(deep), [32, 16, 1])])
    _export(keras.Model(ins, L.Activation("sigmoid", name="income_gt_50k")(logit)), out)


FEEDS["s51_census_wide_deep_lookups_keras"] = {"age": [[39.0], [52.0]], "hours_per_week": [[40.0], [60.0]],
                                               "education": [["bachelors"], ["hs-grad"]], "occupation": [["sales"], ["pilot"]],
                                               "marital_status": [["married"], ["divorced"]], "native_country": [["us"], ["in"]]}


@model("s51_dcn_v2_cross_layers_hashed_ids_keras", "keras-export", "Criteo-style DCN-v2 ranking model: dense_features float [None,13] -> Lambda log1p(max(x,0)) -> Normalization(axis -1, adapted on made-up counts); cat_ids int64 [None,6] (raw ids) -> Hashing(1000 bins) -> Embedding(1000, 8) -> Flatten; x0 = concat [None,61]; 2 custom CrossLayer (x0 * (W x + b) + x) in parallel with a Dense 32 / 32 relu deep tower; concat -> Dense(1, sigmoid); model.export")
def b_dcn(out):
    class CrossLayer(L.Layer):
        def build(self, shapes):
            self.dense = L.Dense(shapes[0][-1])

        def call(self, inputs):
            x0, x = inputs
            return x0 * self.dense(x) + x
    rng = _adapt_rng(63)
    norm = L.Normalization(axis=-1)
    norm.adapt(np.log1p(rng.poisson(rng.uniform(1, 50, 13), (2000, 13))).astype("float32"))
    dense = keras.Input((13,), name="dense_features")
    cats = keras.Input((6,), dtype="int64", name="cat_ids")
    d = norm(L.Lambda(lambda t: tf.math.log1p(tf.maximum(t, 0.0)), output_shape=(13,))(dense))
    x0 = L.Concatenate()([d, L.Flatten()(L.Embedding(1000, 8)(L.Hashing(num_bins=1000)(cats)))])
    x = x0
    for _ in range(2):
        x = CrossLayer()([x0, x])
    deep = L.Dense(32, activation="relu")(L.Dense(32, activation="relu")(x0))
    _export(keras.Model([dense, cats], L.Dense(1, activation="sigmoid")(L.Concatenate()([x, deep]))), out)


FEEDS["s51_dcn_v2_cross_layers_hashed_ids_keras"] = lambda rng: {"dense_features": rng.poisson(5, (2, 13)),
                                                                "cat_ids": rng.integers(0, 2 ** 40, (2, 6))}


@model("s51_deepfm_integerlookup_fields_keras", "keras-export", "DeepFM CTR model over 5 categorical fields given as raw int64 ids [None,1] each (user, item, category, brand, hour): IntegerLookup per field (vocabularies of 10-40 ids, 1 OOV) -> first-order Embedding(.,1) and second-order Embedding(.,8); custom FMInteraction layer 0.5 * ((sum v)^2 - sum v^2); deep Dense 32 / 16 relu on the flattened embeddings; first order + FM + deep -> sigmoid; model.export")
def b_deepfm(out):
    class FMInteraction(L.Layer):
        def call(self, v):
            s = tf.reduce_sum(v, axis=1)
            return 0.5 * tf.reduce_sum(s * s - tf.reduce_sum(v * v, axis=1), axis=-1, keepdims=True)
    fields = {"user_id": list(range(1, 41)), "item_id": list(range(500, 540)), "category_id": list(range(10)),
              "brand_id": list(range(70, 90)), "hour": list(range(24))}
    ins, first, second = {}, [], []
    for k, vocab in fields.items():
        ins[k] = keras.Input((1,), dtype="int64", name=k)
        idx = L.IntegerLookup(vocabulary=vocab)(ins[k])
        first.append(L.Flatten()(L.Embedding(len(vocab) + 1, 1)(idx)))
        second.append(L.Embedding(len(vocab) + 1, 8)(idx))
    v = L.Concatenate(axis=1)(second)
    logit = L.Add()([L.Add()(first), FMInteraction()(v), _mlp(L.Flatten()(v), [32, 16, 1])])
    _export(keras.Model(ins, L.Activation("sigmoid", name="ctr")(logit)), out)


FEEDS["s51_deepfm_integerlookup_fields_keras"] = {"user_id": [[3], [99]], "item_id": [[512], [538]], "category_id": [[4], [9]],
                                                  "brand_id": [[71], [5]], "hour": [[13], [0]]}


@model("s51_feature_column_rewrite_bucket_cross_sqrtn_keras", "keras-export", "a tf.feature_column-era model rewritten with Keras layers: numeric_column with normalizer_fn -> Lambda (x - 3) / 2; bucketized_column -> Discretization + CategoryEncoding one_hot; categorical_column_with_vocabulary_list + indicator_column -> StringLookup one_hot; crossed_column(hash_bucket 50) -> HashedCrossing one_hot; embedding_column(combiner 'sqrtn') over a multivalent tags string [None,4] ('' padded) -> StringLookup(mask_token '') -> Embedding -> custom SqrtNCombiner over the non-mask ids; weighted_categorical_column -> CategoryEncoding(count) with count_weights from item_weights float [None,4]; Dense 32 relu -> Dense(1); model.export")
def b_fc_rewrite(out):
    class SqrtNCombiner(L.Layer):
        def call(self, emb, ids):
            m = tf.cast(ids > 0, emb.dtype)[..., None]
            return tf.reduce_sum(emb * m, axis=1) / tf.sqrt(tf.maximum(tf.reduce_sum(m, axis=1), 1.0))
    rating = keras.Input((1,), name="rating")
    dist = keras.Input((1,), name="distance_km")
    dev = keras.Input((1,), dtype="string", name="device")
    country = keras.Input((1,), dtype="string", name="country")
    tags = keras.Input((4,), dtype="string", name="tags")
    items = keras.Input((4,), dtype="int64", name="item_ids")
    w = keras.Input((4,), name="item_weights")
    tag_ids = L.StringLookup(vocabulary=TAGS, mask_token="")(tags)
    parts = [L.Lambda(lambda t: (t - 3.0) / 2.0, output_shape=(1,))(rating),
             L.CategoryEncoding(5, output_mode="one_hot")(L.Discretization(bin_boundaries=[1.0, 5.0, 20.0, 100.0])(dist)),
             L.StringLookup(vocabulary=DEVICES, output_mode="one_hot")(dev),
             L.HashedCrossing(50, output_mode="one_hot")((dev, country)),
             SqrtNCombiner()(L.Embedding(len(TAGS) + 2, 8)(tag_ids), tag_ids),
             L.CategoryEncoding(20, output_mode="count")(items, count_weights=w)]
    ins = {"rating": rating, "distance_km": dist, "device": dev, "country": country, "tags": tags, "item_ids": items,
           "item_weights": w}
    _export(keras.Model(ins, _mlp(L.Concatenate()(parts), [32, 1])), out)


FEEDS["s51_feature_column_rewrite_bucket_cross_sqrtn_keras"] = {
    "rating": [[4.5], [2.0]], "distance_km": [[3.2], [250.0]], "device": [["ios"], ["tv"]], "country": [["us"], ["br"]],
    "tags": [["eco", "kids", "", ""], ["tech", "nope", "gift", "home"]], "item_ids": [[3, 7, 7, 19], [0, 1, 2, 3]],
    "item_weights": [[1.0, 0.5, 0.5, 2.0], [1.0, 1.0, 1.0, 1.0]]}


# ================================================================================ tf.Module serving functions

@model("s51_module_two_tower_retrieval_signatures", "tf-module", "two-tower retrieval model served as a tf.Module with three signatures: query_embedding(user_id string [None], recent_item_ids int64 [None,5]) -> StringLookup + Embedding user vector and masked mean of IntegerLookup(mask_token 0) + Embedding history -> Dense 32 -> l2_normalize; candidate_embedding(item_id int64 [None], item_category string [None]) -> IntegerLookup / StringLookup embeddings -> Dense 32 -> l2_normalize; serving_default(user_id string [1], recent_item_ids [1,5], candidate_ids int64 [1,10], candidate_categories string [1,10]) -> dot-product scores and tf.math.top_k(5) item ids")
def b_two_tower(out):
    users = [f"user_{i}" for i in range(30)]
    items = list(range(2000, 2050))
    u_lookup, q_items = L.StringLookup(vocabulary=users), L.IntegerLookup(vocabulary=items, mask_token=0)
    c_items, c_cat = L.IntegerLookup(vocabulary=items), L.StringLookup(vocabulary=TAGS)
    u_emb, h_emb, i_emb, k_emb = (L.Embedding(31, 16), L.Embedding(52, 16), L.Embedding(51, 16), L.Embedding(13, 8))
    q_dense, c_dense = L.Dense(32), L.Dense(32)

    def query(user_id, hist):
        ids = q_items(hist)
        m = tf.cast(ids > 0, tf.float32)[..., None]
        h = tf.reduce_sum(h_emb(ids) * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)
        return tf.math.l2_normalize(q_dense(tf.concat([u_emb(u_lookup(user_id)), h], -1)), -1)

    def cand(item_id, cat):
        return tf.math.l2_normalize(c_dense(tf.concat([i_emb(c_items(item_id)), k_emb(c_cat(cat))], -1)), -1)

    @tf.function(input_signature=[tensor_spec([None], "string", "user_id"), tensor_spec([None, 5], "int64", "recent_item_ids")])
    def query_embedding(user_id, recent_item_ids):
        return {"embedding": query(user_id, recent_item_ids)}

    @tf.function(input_signature=[tensor_spec([None], "int64", "item_id"), tensor_spec([None], "string", "item_category")])
    def candidate_embedding(item_id, item_category):
        return {"embedding": cand(item_id, item_category)}

    @tf.function(input_signature=[tensor_spec([1], "string", "user_id"), tensor_spec([1, 5], "int64", "recent_item_ids"),
                                  tensor_spec([1, 10], "int64", "candidate_ids"), tensor_spec([1, 10], "string", "candidate_categories")])
    def score(user_id, recent_item_ids, candidate_ids, candidate_categories):
        q = query(user_id, recent_item_ids)
        c = tf.reshape(cand(tf.reshape(candidate_ids, [-1]), tf.reshape(candidate_categories, [-1])), [1, 10, 32])
        s = tf.einsum("bd,bnd->bn", q, c)
        top = tf.math.top_k(s, 5)
        return {"scores": s, "top_item_ids": tf.gather(candidate_ids, top.indices, batch_dims=1), "top_scores": top.values}
    _save(out, {"layers": [u_lookup, q_items, c_items, c_cat, u_emb, h_emb, i_emb, k_emb, q_dense, c_dense]},
          serving_default=score, query_embedding=query_embedding, candidate_embedding=candidate_embedding)


FEEDS["s51_module_two_tower_retrieval_signatures"] = lambda rng: {
    "user_id": ["user_3", "user_999"], "serving_default/user_id": ["user_7"],
    "recent_item_ids": [[2001, 2010, 2049, 0, 0], [2005, 3000, 0, 0, 0]], "serving_default/recent_item_ids": [[2001, 2002, 0, 0, 0]],
    "item_id": [2003, 2048], "item_category": ["eco", "pet"], "candidate_ids": rng.integers(2000, 2050, (1, 10)),
    "candidate_categories": [list(rng.choice(TAGS, 10))]}


@model("s51_module_text_classifier_multi_signature", "tf-module", "news-topic classifier deployed as a tf.Module around an adapted TextVectorization (max_tokens 300, output_sequence_length 20) and a Keras Embedding 32 + GlobalAveragePooling1D + Dense model: serving_default(text string [None]) -> probabilities and argmax class_id (int64) with the class name via tf.gather of a constant label tensor; predict_one(text string [1]); from_token_ids(token_ids int64 [None,20]) skips the vectorizer; vocabulary() with no inputs returns the vocabulary as a string tensor")
def b_mod_text(out):
    tv = L.TextVectorization(max_tokens=300, output_sequence_length=20)
    tv.adapt(_sentences(_adapt_rng(64), 300))
    inp = keras.Input((20,), dtype="int64")
    net = keras.Model(inp, L.Dense(4, activation="softmax")(L.Dense(32, activation="relu")(
        L.GlobalAveragePooling1D()(L.Embedding(300, 32)(inp)))))
    labels = tf.constant(["world", "sports", "business", "scitech"])
    vocab = tf.constant(tv.get_vocabulary())

    def classify(ids):
        p = net(ids, training=False)
        cid = tf.argmax(p, -1)
        return {"probabilities": p, "class_id": cid, "class_name": tf.gather(labels, cid)}

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def serve(text):
        return classify(tv(text))

    @tf.function(input_signature=[tensor_spec([1], "string", "text")])
    def predict_one(text):
        return classify(tv(text))

    @tf.function(input_signature=[tensor_spec([None, 20], "int64", "token_ids")])
    def from_token_ids(token_ids):
        return classify(token_ids)

    @tf.function(input_signature=[])
    def vocabulary():
        return {"tokens": vocab}
    _save(out, {"vectorizer": tv, "net": net}, serving_default=serve, predict_one=predict_one,
          from_token_ids=from_token_ids, vocabulary=vocabulary)


FEEDS["s51_module_text_classifier_multi_signature"] = {"text": ["Stocks fall as markets slow", "Great match, best ending!"],
                                                      "predict_one/text": ["the film was fun"], "token_ids": (0, 300)}


@model("s51_module_ctr_ranker_batch1_and_none_signatures", "tf-module", "CTR ranker served to a C++ frontend as a tf.Module: StringLookup(user segment), IntegerLookup(ad_id, 60 ids), Hashing(publisher string, 64 bins) + Embeddings, Normalization(axis -1, adapted) on dense float [.,8], Keras MLP 32 / 16 -> sigmoid; signatures serving_default(segment string [None], ad_id int64 [None], publisher string [None], dense float [None,8]) and predict_single with the same inputs at batch 1 -> ctr and logit")
def b_mod_ctr(out):
    rng = _adapt_rng(65)
    seg, ads, pub = L.StringLookup(vocabulary=["new", "casual", "loyal", "vip", "churned"]), \
        L.IntegerLookup(vocabulary=list(range(7000, 7060))), L.Hashing(64)
    norm = L.Normalization(axis=-1)
    norm.adapt((rng.lognormal(0, 1, (1000, 8)) * np.arange(1, 9)).astype("float32"))
    e_seg, e_ad, e_pub = L.Embedding(6, 4), L.Embedding(61, 8), L.Embedding(64, 8)
    inp = keras.Input((28,))
    net = keras.Model(inp, L.Dense(1)(L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(inp))))

    def rank(segment, ad_id, publisher, dense):
        x = tf.concat([e_seg(seg(segment)), e_ad(ads(ad_id)), e_pub(pub(publisher)), norm(dense)], -1)
        logit = net(x, training=False)
        return {"ctr": tf.sigmoid(logit), "logit": logit}

    def specs(b):
        return [tensor_spec([b], "string", "segment"), tensor_spec([b], "int64", "ad_id"),
                tensor_spec([b], "string", "publisher"), tensor_spec([b, 8], name="dense")]
    _save(out, {"layers": [seg, ads, pub, norm, e_seg, e_ad, e_pub], "net": net},
          serving_default=tf.function(rank, input_signature=specs(None)),
          predict_single=tf.function(rank, input_signature=specs(1)))


FEEDS["s51_module_ctr_ranker_batch1_and_none_signatures"] = {
    "segment": ["vip", "unknown"], "ad_id": [7003, 7059], "publisher": ["site-a.example", "app-b"],
    "predict_single/segment": ["loyal"], "predict_single/ad_id": [7010], "predict_single/publisher": ["app-c"]}


@model("s51_module_image_jpeg_uint8_float_signatures", "tf-module", "image-classifier service with three entry points in a tf.Module: serving_default(image_bytes string [None]) decodes each JPEG with tf.io.decode_jpeg inside tf.map_fn and resizes to 32x32 (tf.image.resize); predict_uint8(images uint8 [1,64,64,3]) -> Keras Resizing(32,32); predict_float(images float [None,32,32,3] already in 0..1); all then Keras Rescaling / Normalization(mean / variance) + small CNN -> probabilities and top-3 (tf.math.top_k) class ids")
def b_mod_jpeg(out):
    inp = keras.Input((32, 32, 3))
    x = L.Normalization(mean=[0.5, 0.5, 0.5], variance=[0.0625, 0.0625, 0.0625])(inp)
    for f in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(8, activation="softmax")(L.GlobalAveragePooling2D()(x)))
    resize, rescale = L.Resizing(32, 32), L.Rescaling(1.0 / 255)

    def classify(x01):
        p = net(x01, training=False)
        top = tf.math.top_k(p, 3)
        return {"probabilities": p, "top_classes": top.indices, "top_scores": top.values}

    @tf.function(input_signature=[tensor_spec([None], "string", "image_bytes")])
    def serve(image_bytes):
        def dec(b):
            return tf.image.resize(tf.cast(tf.io.decode_jpeg(b, channels=3), tf.float32), [32, 32])
        return classify(rescale(tf.map_fn(dec, image_bytes, fn_output_signature=tf.float32)))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "images")])
    def predict_uint8(images):
        return classify(rescale(resize(images)))

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="images")])
    def predict_float(images):
        return classify(images)
    _save(out, {"net": net, "resize": resize, "rescale": rescale}, serving_default=serve, predict_uint8=predict_uint8,
          predict_float=predict_float)


def _jpeg_feed(rng):
    imgs = [tf.io.encode_jpeg(rng.integers(0, 256, (h, w, 3)).astype("uint8")).numpy() for h, w in ((48, 40), (64, 64))]
    return {"image_bytes": imgs}


FEEDS["s51_module_image_jpeg_uint8_float_signatures"] = _jpeg_feed


@model("s51_module_query_strings_split_hash_embedding", "tf-module", "search-ranking feature service on raw strings: serving_default(query string [None], price_text string [None], category string [None]) -> tf.strings.lower, regex_replace of punctuation, tf.strings.split (ragged) -> to_tensor padded to [B,8] with '' -> Keras Hashing(512 bins) and a mask from the '' padding -> Embedding(512, 16) masked mean; price from tf.strings.to_number (log1p); StringLookup(category, one_hot); Keras Dense 32 relu -> relevance score")
def b_mod_query(out):
    hasher, emb, cat = L.Hashing(512), L.Embedding(512, 16), L.StringLookup(vocabulary=TAGS, output_mode="one_hot")
    inp = keras.Input((30,))
    net = keras.Model(inp, L.Dense(1)(L.Dense(32, activation="relu")(inp)))

    @tf.function(input_signature=[tensor_spec([None], "string", "query"), tensor_spec([None], "string", "price_text"),
                                  tensor_spec([None], "string", "category")])
    def serve(query, price_text, category):
        q = tf.strings.regex_replace(tf.strings.lower(query), r"[[:punct:]]", " ")
        toks = tf.strings.split(q).to_tensor(default_value="", shape=[None, 8])
        mask = tf.cast(tf.not_equal(toks, ""), tf.float32)[..., None]
        qv = tf.reduce_sum(emb(hasher(toks)) * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        price = tf.math.log1p(tf.maximum(tf.strings.to_number(price_text, tf.float32), 0.0))[:, None]
        return {"score": net(tf.concat([qv, price, tf.cast(cat(category), tf.float32)], -1), training=False)}
    _save(out, {"hasher": hasher, "emb": emb, "cat": cat, "net": net}, serving_default=serve)


FEEDS["s51_module_query_strings_split_hash_embedding"] = {"query": ["Cheap eco garden hose, 20m!", "kids sport shoes"],
                                                         "price_text": ["19.99", "45"], "category": ["garden", "sport"]}


@model("s51_module_tabular_normalize_discretize_signatures", "tf-module", "insurance-quote model as a tf.Module with separate preprocessing and prediction signatures: preprocess(numeric float [None,5], region string [None], vehicle_year int64 [None]) -> Normalization(axis -1, adapted), StringLookup(region, one_hot), Discretization(vehicle_year boundaries) + CategoryEncoding one_hot -> features float [None,17]; serving_default(same raw inputs) -> Keras MLP 32 / 16 -> softplus premium; predict_features(features float [None,17]) -> premium")
def b_mod_tab(out):
    rng = _adapt_rng(66)
    norm = L.Normalization(axis=-1)
    norm.adapt(np.stack([rng.uniform(18, 80, 800), rng.lognormal(9, 0.5, 800), rng.integers(0, 5, 800),
                         rng.uniform(0, 30, 800), rng.normal(1, 0.2, 800)], 1).astype("float32"))
    region = L.StringLookup(vocabulary=["north", "south", "east", "west", "city"], output_mode="one_hot")
    year_bins = L.Discretization(bin_boundaries=[1995.0, 2005.0, 2012.0, 2018.0, 2022.0])
    year_oh = L.CategoryEncoding(6, output_mode="one_hot")
    inp = keras.Input((17,))
    net = keras.Model(inp, L.Dense(1, activation="softplus")(L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(inp))))

    def prep(numeric, reg, vehicle_year):
        return tf.concat([norm(numeric), tf.cast(region(reg), tf.float32),
                          tf.cast(year_oh(year_bins(tf.cast(vehicle_year, tf.float32))), tf.float32)], -1)
    raw = [tensor_spec([None, 5], name="numeric"), tensor_spec([None], "string", "region"),
           tensor_spec([None], "int64", "vehicle_year")]

    @tf.function(input_signature=raw)
    def preprocess(numeric, region, vehicle_year):
        return {"features": prep(numeric, region, vehicle_year)}

    @tf.function(input_signature=raw)
    def serve(numeric, region, vehicle_year):
        return {"premium": net(prep(numeric, region, vehicle_year), training=False)}

    @tf.function(input_signature=[tensor_spec([None, 17], name="features")])
    def predict_features(features):
        return {"premium": net(features, training=False)}
    _save(out, {"prep": [norm, region, year_bins, year_oh], "net": net}, serving_default=serve, preprocess=preprocess,
          predict_features=predict_features)


FEEDS["s51_module_tabular_normalize_discretize_signatures"] = {
    "numeric": [[34.0, 9000.0, 1.0, 12.0, 0.9], [67.0, 15000.0, 3.0, 2.0, 1.3]], "region": ["east", "mars"],
    "vehicle_year": [2015, 1990]}


@model("s51_module_movielens_rating_lookups_batch1", "tf-module", "MovieLens-style rating model as a tf.Module with a batch-1 signature for an app and a None-batch one for offline scoring: StringLookup(user_id strings, 40 users) and IntegerLookup(movie_id, 60 ids) -> Embedding 16 each, IntegerLookup(genre ids [.,3], multi_hot), Discretization(timestamp hour of week) + Embedding; Keras Dense 32 / 16 relu -> rating clipped to [0.5, 5] with tf.clip_by_value; signatures serving_default (batch 1) and score_batch (None)")
def b_mod_ml(out):
    users = [f"u{i:03d}" for i in range(40)]
    u_l, m_l = L.StringLookup(vocabulary=users), L.IntegerLookup(vocabulary=list(range(1, 61)))
    g_l = L.IntegerLookup(vocabulary=list(range(1, 19)), output_mode="multi_hot")
    t_bins = L.Discretization(bin_boundaries=[float(h) for h in range(6, 168, 6)])
    u_e, m_e, t_e = L.Embedding(41, 16), L.Embedding(61, 16), L.Embedding(28, 4)
    inp = keras.Input((55,))
    net = keras.Model(inp, L.Dense(1)(L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(inp))))

    def rate(user_id, movie_id, genre_ids, hour_of_week):
        x = tf.concat([u_e(u_l(user_id)), m_e(m_l(movie_id)), tf.cast(g_l(genre_ids), tf.float32), t_e(t_bins(hour_of_week))], -1)
        return {"rating": tf.clip_by_value(3.0 + net(x, training=False), 0.5, 5.0)}

    def specs(b):
        return [tensor_spec([b], "string", "user_id"), tensor_spec([b], "int64", "movie_id"),
                tensor_spec([b, 3], "int64", "genre_ids"), tensor_spec([b], name="hour_of_week")]
    _save(out, {"layers": [u_l, m_l, g_l, t_bins, u_e, m_e, t_e], "net": net},
          serving_default=tf.function(rate, input_signature=specs(1)), score_batch=tf.function(rate, input_signature=specs(None)))


FEEDS["s51_module_movielens_rating_lookups_batch1"] = {
    "user_id": ["u007", "nobody"], "movie_id": [12, 999], "genre_ids": [[1, 5, 0], [18, 2, 3]], "hour_of_week": [30.0, 160.0],
    "serving_default/user_id": ["u010"], "serving_default/movie_id": [42], "serving_default/genre_ids": [[4, 7, 0]],
    "serving_default/hour_of_week": [100.0]}


# ================================================================================ TF2 functions frozen to .pb

@model("s51_frozen_v2_tabular_norm_discretize_mlp", "frozen-pb", "sensor-anomaly MLP for a C++ runtime frozen with convert_variables_to_constants_v2: readings float [1,8] -> Keras Normalization(axis -1, adapted), Discretization(bin_boundaries -2..2) of the normalized values -> per-feature Embedding(6, 2) of the bins, concatenated with the normalized values -> Dense 32 / 16 relu -> Dense(1, sigmoid) anomaly score")
def b_fz_tab(out):
    rng = _adapt_rng(67)
    norm = L.Normalization(axis=-1)
    norm.adapt((rng.normal(0, 1, (1000, 8)) * np.arange(1, 9) + 10).astype("float32"))
    inp = keras.Input((8,))
    z = norm(inp)
    b = L.Flatten()(L.Embedding(6, 2)(L.Discretization(bin_boundaries=[-2.0, -1.0, 0.0, 1.0, 2.0])(z)))
    m = keras.Model(inp, _mlp(L.Concatenate()([z, b]), [32, 16, 1], out_act="sigmoid"))
    _freeze(lambda readings: m(readings, training=False), [tensor_spec([1, 8], name="readings")], out)


FEEDS["s51_frozen_v2_tabular_norm_discretize_mlp"] = lambda rng: {"readings": 10 + rng.normal(0, 3, (1, 8))}


@model("s51_frozen_v2_uint8_resize_rescale_cnn", "frozen-pb", "embedded-vision classifier frozen with convert_variables_to_constants_v2: image uint8 [1,64,64,3] -> Keras Resizing(32, 32) -> Rescaling(1/127.5, offset -1) -> Conv2D 16 / 32 / 32 stride 2 relu -> GlobalAveragePooling2D -> Dense(6) -> softmax")
def b_fz_img(out):
    inp = keras.Input((64, 64, 3), dtype="uint8")
    x = L.Rescaling(1.0 / 127.5, offset=-1.0)(L.Resizing(32, 32)(inp))
    for f in (16, 32, 32):
        x = L.Conv2D(f, 3, 2, padding="same", activation="relu")(x)
    m = keras.Model(inp, L.Softmax()(L.Dense(6)(L.GlobalAveragePooling2D()(x))))
    _freeze(lambda image: m(image, training=False), [tensor_spec([1, 64, 64, 3], "uint8", "image")], out)


@model("s51_frozen_v2_logmel_norm_kws", "frozen-pb", "keyword-spotting DS-CNN-lite frozen with convert_variables_to_constants_v2: log_mel float [1,49,10] (MFCC-sized) -> Keras Normalization(axis -1, adapted) -> Reshape -> Conv2D 32 (10x4, stride 2) -> DepthwiseConv2D / Conv2D 32 1x1 with BatchNormalization + relu -> AveragePooling2D -> Flatten -> Dense(12) -> softmax")
def b_fz_kws(out):
    rng = _adapt_rng(68)
    norm = L.Normalization(axis=-1)
    norm.adapt((rng.normal(0, 1, (400, 49, 10)) * np.linspace(20, 1, 10) + np.linspace(-200, 0, 10)).astype("float32"))
    inp = keras.Input((49, 10))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, (10, 4), 2, padding="same")(L.Reshape((49, 10, 1))(norm(inp)))))
    x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(x)))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 1)(x)))
    x = L.Flatten()(L.AveragePooling2D((25, 5))(x))
    m = keras.Model(inp, L.Softmax()(L.Dense(12)(x)))
    _freeze(lambda log_mel: m(log_mel, training=False), [tensor_spec([1, 49, 10], name="log_mel")], out)


@model("s51_frozen_v2_string_split_hash_bucket_textcnn", "frozen-pb", "text CNN frozen with convert_variables_to_constants_v2 that keeps its tokenizer table-free: text string [1] -> tf.strings.lower, regex_replace punctuation, tf.strings.split -> RaggedTensor.to_tensor padded / truncated to [1,16] -> tf.strings.to_hash_bucket_fast(999) + 1, with '' -> 0 by tf.where -> Keras Embedding(1000, 16) -> Conv1D 32 k3 relu -> GlobalMaxPooling1D -> Dense(3) -> softmax")
def b_fz_text(out):
    inp = keras.Input((16,), dtype="int64")
    m = keras.Model(inp, L.Softmax()(L.Dense(3)(L.GlobalMaxPooling1D()(L.Conv1D(32, 3, activation="relu")(L.Embedding(1000, 16)(inp))))))

    def fn(text):
        t = tf.strings.regex_replace(tf.strings.lower(text), r"[[:punct:]]", " ")
        toks = tf.strings.split(t).to_tensor(default_value="", shape=[1, 16])
        ids = tf.where(tf.equal(toks, ""), tf.zeros_like(toks, tf.int64), tf.strings.to_hash_bucket_fast(toks, 999) + 1)
        return m(ids, training=False)
    _freeze(fn, [tensor_spec([1], "string", "text")], out)


FEEDS["s51_frozen_v2_string_split_hash_bucket_textcnn"] = {"text": ["Battery died after two days, awful!"]}


# ================================================================================ TF1 graph mode

@model("s51_tf1_vocab_table_bow_classifier_frozen", "frozen-pb", "legacy TF1 bag-of-words classifier with its vocabulary inside the frozen graph: placeholder text string [None]; tf.strings.lower / regex_replace / tf.strings.split -> to_tensor [None,12]; tf.compat.v1.lookup.StaticHashTable(KeyValueTensorInitializer over 32 words, default 0) whose initializer is a control dependency of the lookup (so the .pb needs no init op); get_variable embeddings [33,16] + tf.nn.embedding_lookup, masked mean, dense 16 relu, dense 2 -> softmax 'probabilities' and argmax 'label'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_vocab(out):
    def build():
        v1 = tf.compat.v1
        text = v1.placeholder(tf.string, [None], name="text")
        toks = tf.strings.split(tf.strings.regex_replace(tf.strings.lower(text), r"[[:punct:]]", " ")).to_tensor("", shape=[None, 12])
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(
            tf.constant(WORDS), tf.constant(np.arange(1, len(WORDS) + 1), tf.int64)), 0)
        with tf.control_dependencies([table.initializer]):
            ids = table.lookup(toks)
        emb = v1.get_variable("embeddings", [len(WORDS) + 1, 16], initializer=v1.random_uniform_initializer(-0.1, 0.1))
        mask = tf.cast(ids > 0, tf.float32)[..., None]
        h = tf.reduce_sum(tf.nn.embedding_lookup(emb, ids) * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        logits = _v1_dense(_v1_dense(h, "hidden", 16, tf.nn.relu), "logits", 2)
        return [tf.nn.softmax(logits, name="probabilities"), tf.argmax(logits, -1, name="label")]
    _v1_freeze(out, build)


FEEDS["s51_tf1_vocab_table_bow_classifier_frozen"] = {"text": ["Really boring film.", "great acting, fun story"]}
OUTPUTS["s51_tf1_vocab_table_bow_classifier_frozen"] = ["probabilities", "label"]


@model("s51_tf1_feature_columns_hash_bucketize_wide_deep_frozen", "frozen-pb", "legacy TF1 wide & deep written by hand the way feature columns lowered it, frozen with graph_util.convert_variables_to_constants: placeholders age float [None], occupation string [None], city string [None], clicks int64 [None,5]; age bucketized with tf.raw_ops.Bucketize -> one_hot, occupation / city via tf.strings.to_hash_bucket_fast(50 / 100) and their cross by hashing tf.strings.join -> one_hot wide logits; deep part get_variable embeddings (tf.nn.embedding_lookup) for the hash buckets and the mean embedding of the click ids mod 200; dense 32 / 16 relu; sum of logits -> sigmoid 'probability'")
def b_tf1_fc(out):
    def build():
        v1 = tf.compat.v1
        age = v1.placeholder(tf.float32, [None], name="age")
        occ = v1.placeholder(tf.string, [None], name="occupation")
        city = v1.placeholder(tf.string, [None], name="city")
        clicks = v1.placeholder(tf.int64, [None, 5], name="clicks")
        age_b = tf.raw_ops.Bucketize(input=age, boundaries=[18.0, 25.0, 30.0, 35.0, 40.0, 50.0, 60.0, 65.0])
        occ_h, city_h = tf.strings.to_hash_bucket_fast(occ, 50), tf.strings.to_hash_bucket_fast(city, 100)
        cross = tf.strings.to_hash_bucket_fast(tf.strings.join([occ, city], separator="_X_"), 200)
        wide = tf.concat([tf.one_hot(age_b, 9), tf.one_hot(occ_h, 50), tf.one_hot(cross, 200)], -1)
        wide_logit = _v1_dense(wide, "linear", 1)

        def emb(name, n, ids):
            return tf.nn.embedding_lookup(v1.get_variable(name, [n, 8], initializer=v1.truncated_normal_initializer(0, 0.05)), ids)
        click_e = tf.reduce_mean(emb("click_embeddings", 200, tf.math.floormod(clicks, 200)), 1)
        deep = tf.concat([emb("occupation_embeddings", 50, occ_h), emb("city_embeddings", 100, city_h), click_e,
                          ((age - 38.0) / 13.0)[:, None]], -1)
        deep_logit = _v1_dense(_v1_dense(_v1_dense(deep, "dnn_0", 32, tf.nn.relu), "dnn_1", 16, tf.nn.relu), "dnn_logits", 1)
        return [tf.sigmoid(wide_logit + deep_logit, name="probability")]
    _v1_freeze(out, build)


FEEDS["s51_tf1_feature_columns_hash_bucketize_wide_deep_frozen"] = lambda rng: {
    "age": [29.0, 63.0], "occupation": ["sales", "farming"], "city": ["lyon", "osaka"], "clicks": rng.integers(0, 10 ** 6, (2, 5))}
OUTPUTS["s51_tf1_feature_columns_hash_bucketize_wide_deep_frozen"] = ["probability"]


@model("s51_tf1_estimator_style_savedmodel_index_tables", "tf1-saved-model", "TF1 SavedModel written the way an Estimator export_saved_model / SavedModelBuilder serving input receiver did it: placeholders country string [None], tags string [None,4], price float [None]; tf.compat.v1.lookup.StaticHashTable vocabularies (country, tags; OOV -> extra id) initialized by tables_initializer passed as main_op; one_hot country, multi-hot tags (reduce_max of one_hot), log1p price; get_variable dense 16 relu -> 3 classes; signatures serving_default / predict -> probabilities, classes")
def b_tf1_sm(out):
    v1 = tf.compat.v1

    def table(words):
        return v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(
            tf.constant(words), tf.constant(np.arange(len(words)), tf.int64)), len(words))
    vals = {k: v.numpy() for k, v in _feed(out, [tensor_spec([None], "string", "country"), tensor_spec([None, 4], "string", "tags"),
                                                  tensor_spec([None], name="price")]).items()}
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        country = v1.placeholder(tf.string, [None], name="country")
        tags = v1.placeholder(tf.string, [None, 4], name="tags")
        price = v1.placeholder(tf.float32, [None], name="price")
        c_oh = tf.one_hot(table(COUNTRIES).lookup(country), len(COUNTRIES) + 1)
        t_mh = tf.reduce_max(tf.one_hot(table(TAGS).lookup(tags), len(TAGS) + 1), axis=1)
        x = tf.concat([c_oh, t_mh, tf.math.log1p(tf.maximum(price, 0.0))[:, None]], -1)
        logits = _v1_dense(_v1_dense(x, "hidden", 16, tf.nn.relu), "logits", 3)
        probs, classes = tf.nn.softmax(logits, name="probabilities"), tf.argmax(logits, -1, name="classes")
        init, tables = v1.global_variables_initializer(), v1.tables_initializer()
        ins = {"country": country, "tags": tags, "price": price}
        with v1.Session(graph=g) as s:
            s.run([init, tables])
            s.run([probs, classes], {ins[k]: v for k, v in vals.items()})
            b = v1.saved_model.Builder(str(out))
            sig = v1.saved_model.predict_signature_def(ins, {"probabilities": probs, "classes": classes})
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING],
                                           signature_def_map={"serving_default": sig, "predict": sig}, main_op=tables)
            b.save()


FEEDS["s51_tf1_estimator_style_savedmodel_index_tables"] = {
    "country": ["fr", "xx"], "tags": [["eco", "sale", "", ""], ["tech", "gift", "pet", "zzz"]], "price": [12.5, 300.0]}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
