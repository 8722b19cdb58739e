"""Build an independently made corpus into bench/out/fresh44/: serving models that take serialized tf.Example /
tf.SequenceExample protos or raw feature dictionaries, the way TFX / TF Serving / TF Transform pipelines export them.
Parsing inside the serving graph with tf.io.parse_example / parse_single_example / parse_sequence_example /
parse_single_sequence_example over FixedLenFeature (with default values), VarLenFeature, RaggedFeature (nested row
partitions, uniform row lengths), SparseFeature and FixedLenSequenceFeature(allow_missing=True) of string / int64 /
float features; transform-style preprocessing (Bucketize with boundaries, tf.searchsorted, z-score with constants,
log1p / clipping, StaticVocabularyTable with OOV buckets, StaticHashTable int->int / string->float / index->label,
tf.strings.to_hash_bucket_fast / to_hash_bucket_strong / to_hash_bucket, feature crosses by hashing tf.strings.join and
tf.sparse.cross_hashed, tf.strings lower / regex_replace / split / ngrams / substr / to_number / as_string,
sparse.to_dense / to_indicator, tf.sparse.segment_mean / segment_sqrt_n embedding bags, tf.nn.embedding_lookup_sparse
and safe_embedding_lookup_sparse over sharded tables, io.parse_tensor / decode_raw of bytes features). Signatures:
"serving_default" over examples plus a second signature over raw tensors; classify / regress / predict signature_defs
from tf.compat.v1.saved_model.signature_def_utils in TF1 SavedModelBuilder graphs, and TF2 classify / regress-style
signatures; vocabulary files kept as assets (TextFileInitializer, tf.saved_model.Asset + tf.io.read_file). Keras 3
models (wide & deep, DCN-v2, DLRM-lite, DeepFM, ESMM with StringLookup / Hashing layers, a text CNN, two towers)
wrapped by parsing serving functions. Export mechanics: tf.saved_model.save of tf.Modules with explicit signatures
(most), keras.export.ExportArchive with parsing endpoints, TF1 SavedModelBuilder graphs, and TF2 functions frozen with
convert_variables_to_constants_v2 taking already-parsed dense features. Seeded random weights; nothing is downloaded;
every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh44.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh44.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh44.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh44.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh44.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

from corpus_driver import Corpus, dummy_inputs, freeze_function, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh44", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = v1 = None

# Inputs that need real values (serialized examples, strings, ids in range): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

WORKCLASS = ["Private", "Self-emp-not-inc", "Self-emp-inc", "Federal-gov", "Local-gov", "State-gov", "Without-pay"]
EDUCATION = ["Bachelors", "HS-grad", "Masters", "Doctorate", "Some-college", "Assoc-voc", "11th"]
OCCUPATION = ["Tech-support", "Craft-repair", "Sales", "Exec-managerial", "Prof-specialty", "Adm-clerical"]
COUNTRIES = ["US", "MX", "IN", "DE", "CA", "PH", "BR", "JP"]
DEVICES = ["ios", "android", "web", "tv"]
GENRES = ["action", "comedy", "drama", "horror", "romance", "sci-fi", "documentary", "animation"]
CATEGORIES = ["books", "electronics", "toys", "garden", "sports", "beauty", "grocery", "music"]
WORDS = ("the a great product works fine broke after two days love it terrible quality fast shipping would buy again "
         "not worth money cheap excellent poor battery screen size fits perfectly returned refund").split()
AGE_BOUNDARIES = [18.0, 25.0, 30.0, 35.0, 40.0, 45.0, 50.0, 55.0, 60.0, 65.0]


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


def _archive(out, tracked, **endpoints):
    """keras.export.ExportArchive: track models / tables, add each endpoint name=(fn, [specs]) after running it once
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


def _tf1(out, build, init="main_op"):
    """TF1 SavedModelBuilder export: build() (in a fresh graph, seed 0) returns {signature: (kind, inputs, outputs)}
    with kind "classify" (inputs {"inputs": examples}, outputs classes / scores), "regress" (outputs predictions) or
    "predict"; variables and tables are initialized, each signature run once on the --check inputs, then saved with
    main_op (or legacy_init_op) running the table initializers"""
    sdu = v1.saved_model.signature_def_utils
    g = tf.Graph()
    with g.as_default():
        v1.set_random_seed(0)
        sigs = build()
    feeds = {name: _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in ins.items()], name)  # eager, outside g
             for name, (_, ins, _) in sigs.items()}
    with g.as_default():
        with v1.Session(graph=g) as s:
            s.run([v1.global_variables_initializer(), v1.tables_initializer()])
            defs = {}
            for name, (kind, ins, outs) in sigs.items():
                vals = feeds[name]
                s.run({k: t for k, t in outs.items() if t is not None}, {ins[k]: v.numpy() for k, v in vals.items()})
                if kind == "classify":
                    defs[name] = sdu.classification_signature_def(ins["inputs"], outs.get("classes"), outs.get("scores"))
                elif kind == "regress":
                    defs[name] = sdu.regression_signature_def(ins["inputs"], outs["outputs"])
                else:
                    defs[name] = sdu.predict_signature_def(ins, outs)
            b = v1.saved_model.Builder(str(out))
            kw = ({"main_op": v1.saved_model.main_op.main_op()} if init == "main_op" else
                  {"legacy_init_op": tf.group(v1.tables_initializer(), name="legacy_init_op")})
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map=defs,
                                           clear_devices=True, strip_default_attrs=True, **kw)
            b.save()


def _feature(v):
    """a tf.train.Feature: str / bytes -> bytes_list, int -> int64_list, float -> float_list ((kind, []) for empty)"""
    if isinstance(v, tf.train.Feature):
        return v
    v = list(v) if isinstance(v, (list, tuple, np.ndarray)) else [v]
    if v and isinstance(v[0], (str, bytes)):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=[x.encode() if isinstance(x, str) else x for x in v]))
    if v and isinstance(v[0], (int, np.integer)):
        return tf.train.Feature(int64_list=tf.train.Int64List(value=[int(x) for x in v]))
    return tf.train.Feature(float_list=tf.train.FloatList(value=[float(x) for x in v]))


def _example(**feats) -> bytes:
    """a serialized tf.train.Example (None values are left out, so parsing falls back on defaults)"""
    return tf.train.Example(features=tf.train.Features(
        feature={k: _feature(v) for k, v in feats.items() if v is not None})).SerializeToString()


def _seq_example(context, lists) -> bytes:
    """a serialized tf.train.SequenceExample: context features, feature_lists name -> one value list per step"""
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={k: _feature(v) for k, v in context.items()}),
        feature_lists=tf.train.FeatureLists(feature_list={
            k: tf.train.FeatureList(feature=[_feature(s) for s in steps]) for k, steps in lists.items()})
    ).SerializeToString()


def _emb(n, d, seed, name, scale=0.05):
    return tf.Variable(np.random.default_rng(seed).normal(0, scale, (n, d)).astype("float32"), name=name)


def _params(sizes, seed, name="mlp"):
    """an MLP as a list of (weight, bias) tf.Variables, glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype("float32"), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, "float32"), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, out_act=None):
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = tf.nn.relu(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


def _vocab_table(keys, oov=1, dtype="string"):
    """StaticVocabularyTable keys -> 0..n-1, OOV hashed into `oov` extra buckets"""
    return tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(keys, dtype), tf.range(len(keys), dtype=tf.int64)), num_oov_buckets=oov)


def _v1_var(name, shape, stddev=0.05):
    return v1.get_variable(name, shape, initializer=v1.random_normal_initializer(0.0, stddev))


def _v1_fc(x, cout, name, act="relu"):
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        y = tf.matmul(x, w) + v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return tf.nn.relu(y) if act == "relu" else (act(y) if act else y)


def _pick(rng, seq, n=None):
    return str(rng.choice(seq)) if n is None else [str(x) for x in rng.choice(seq, n)]


# ---------------------------------------------------------------------------- census-style rows

def _census_rows(rng, n=3):
    """census rows; some leave a feature out so its default is used, some carry an out-of-vocabulary string"""
    rows = []
    for i in range(n):
        rows.append(dict(age=float(rng.integers(17, 80)), hours_per_week=None if i == 1 else float(rng.integers(10, 60)),
                         workclass="Never-worked" if i == 2 else _pick(rng, WORKCLASS), education=_pick(rng, EDUCATION),
                         occupation=_pick(rng, OCCUPATION), capital_gain=float(rng.choice([0, 0, 2174, 14084])),
                         native_country=_pick(rng, COUNTRIES)))
    return rows


def _census_feed(rng, n=3):
    rows = _census_rows(rng, n)
    ex = [_example(**r) for r in rows]
    d = {"examples": ex, "inputs": ex}
    for k in ("age", "hours_per_week", "capital_gain"):
        d[k] = np.array([r[k] if r[k] is not None else 40.0 for r in rows], "float32")
    for k in ("workclass", "education", "occupation", "native_country"):
        d[k] = [r[k] for r in rows]
    return d


def _census_spec():
    F = tf.io.FixedLenFeature
    return {"age": F([], tf.float32, default_value=38.0), "hours_per_week": F([], tf.float32, default_value=40.0),
            "capital_gain": F([], tf.float32, default_value=0.0), "workclass": F([], tf.string, default_value=""),
            "education": F([], tf.string, default_value=""), "occupation": F([], tf.string, default_value=""),
            "native_country": F([], tf.string, default_value="US")}


def _census_transform(f, workclass_table, education_table):
    """TF Transform-style preprocessing_fn, inlined: z-scores with constants, Bucketize, log1p, vocabulary lookups
    with OOV, hash buckets and a hashed age-bucket x education cross"""
    age_bucket = tf.raw_ops.Bucketize(input=f["age"], boundaries=AGE_BOUNDARIES)
    return {
        "age_z": (f["age"] - 38.58) / 13.64,
        "hours_z": (f["hours_per_week"] - 40.44) / 12.35,
        "gain_log": tf.math.log1p(tf.maximum(f["capital_gain"], 0.0)) / 10.0,
        "age_bucket": tf.cast(age_bucket, tf.int64),
        "workclass_id": workclass_table.lookup(f["workclass"]),
        "education_id": education_table.lookup(f["education"]),
        "occupation_hash": tf.strings.to_hash_bucket_fast(f["occupation"], 64),
        "age_x_education": tf.strings.to_hash_bucket_fast(
            tf.strings.join([tf.strings.as_string(age_bucket), f["education"]], separator="_X_"), 128),
    }


CENSUS_RAW = ["age", "hours_per_week", "capital_gain", "workclass", "education", "occupation", "native_country"]


def _census_raw_specs():
    return [tensor_spec([None], "float32" if k in ("age", "hours_per_week", "capital_gain") else "string", k)
            for k in CENSUS_RAW]


# ================================================================================ TF2 tf.Modules: parsing + transform

@model("s44_census_bucketize_zscore_vocab_examples_and_raw", "tf-module", "TFX-style census classifier tf.Module: serving_default takes serialized tf.Example string [None] -> tf.io.parse_example (FixedLenFeature float / string with default values); serve_raw takes the same seven features as raw tensors [None]; shared transform: z-score constants, Bucketize(age, 10 boundaries), log1p, StaticVocabularyTable workclass (2 OOV buckets), StaticHashTable education (default id), to_hash_bucket_fast occupation, hashed age_bucket x education cross via tf.strings.join + as_string; embedding gathers, raw-variable MLP 32/16 -> logistic; outputs probabilities [None,2], classes string and logistic")
def b_census(out):
    wc = _vocab_table(WORKCLASS, oov=2)
    ed = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(EDUCATION, tf.range(len(EDUCATION), dtype=tf.int64)),
                                   default_value=len(EDUCATION))
    embs = {"age_bucket": _emb(11, 4, 1, "age_bucket_emb"), "workclass_id": _emb(9, 4, 2, "workclass_emb"),
            "education_id": _emb(8, 4, 3, "education_emb"), "occupation_hash": _emb(64, 6, 4, "occupation_emb"),
            "age_x_education": _emb(128, 6, 5, "cross_emb")}
    net = _params([3 + 24, 32, 16, 1], 6)

    def predict(f):
        t = _census_transform(f, wc, ed)
        x = tf.concat([tf.stack([t["age_z"], t["hours_z"], t["gain_log"]], 1)] + [tf.gather(embs[k], t[k]) for k in embs], 1)
        p = tf.sigmoid(_mlp(net, x))
        probs = tf.concat([1.0 - p, p], 1)
        return {"probabilities": probs, "logistic": p,
                "classes": tf.gather(tf.constant(["<=50K", ">50K"]), tf.argmax(probs, 1))}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        return predict(tf.io.parse_example(examples, _census_spec()))

    @tf.function(input_signature=_census_raw_specs())
    def serve_raw(age, hours_per_week, capital_gain, workclass, education, occupation, native_country):
        return predict(dict(age=age, hours_per_week=hours_per_week, capital_gain=capital_gain, workclass=workclass,
                            education=education, occupation=occupation, native_country=native_country))
    _save(out, {"tables": [wc, ed], "embeddings": embs, "net": net}, serving_default=serving_default, serve_raw=serve_raw)


FEEDS["s44_census_bucketize_zscore_vocab_examples_and_raw"] = _census_feed


@model("s44_varlen_query_tokens_embedding_lookup_sparse", "tf-module", "search relevance tf.Module: serving_default parses tf.Example string [None] with VarLenFeature string query_tokens, VarLenFeature int64 category_ids and FixedLenFeature float price (default 0); token hashes via tf.strings.to_hash_bucket_fast on the SparseTensor values, tf.nn.embedding_lookup_sparse (sqrtn) for tokens and (mean) for floormod'ed category ids, log1p(price), MLP 32 -> sigmoid relevance; serve_query takes raw query string [None] + category_id int64 [None] + price float [None], tokenized with tf.strings.lower + split -> RaggedTensor.to_sparse")
def b_varlen(out):
    tok_emb, cat_emb = _emb(2000, 12, 11, "token_embedding"), _emb(50, 6, 12, "category_embedding")
    net = _params([19, 32, 1], 13)

    def score(tokens, cats, price):
        tok_ids = tf.SparseTensor(tokens.indices, tf.strings.to_hash_bucket_fast(tokens.values, 2000), tokens.dense_shape)
        cat_ids = tf.SparseTensor(cats.indices, tf.math.floormod(cats.values, 50), cats.dense_shape)
        n = tf.shape(price)[0]
        q = tf.nn.embedding_lookup_sparse(tok_emb, tok_ids, None, combiner="sqrtn")
        c = tf.nn.embedding_lookup_sparse(cat_emb, cat_ids, None, combiner="mean")
        # rows without any token / category come back short: pad to the batch
        q = tf.pad(q, [[0, n - tf.shape(q)[0]], [0, 0]])
        c = tf.pad(c, [[0, n - tf.shape(c)[0]], [0, 0]])
        return {"relevance": _mlp(net, tf.concat([q, c, tf.math.log1p(price)[:, None]], 1), tf.sigmoid)}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {"query_tokens": tf.io.VarLenFeature(tf.string),
                                           "category_ids": tf.io.VarLenFeature(tf.int64),
                                           "price": tf.io.FixedLenFeature([], tf.float32, default_value=0.0)})
        return score(f["query_tokens"], f["category_ids"], f["price"])

    @tf.function(input_signature=[tensor_spec([None], "string", "query"), tensor_spec([None], "int64", "category_id"),
                                  tensor_spec([None], "float32", "price")])
    def serve_query(query, category_id, price):
        tokens = tf.strings.split(tf.strings.lower(query)).to_sparse()
        return score(tokens, tf.sparse.from_dense(category_id[:, None] + 1), price)
    _save(out, {"vars": [tok_emb, cat_emb, net]}, serving_default=serving_default, serve_query=serve_query)


FEEDS["s44_varlen_query_tokens_embedding_lookup_sparse"] = lambda rng: {
    "examples": [_example(query_tokens=_pick(rng, WORDS, int(rng.integers(1, 5))), category_ids=[int(x) for x in rng.integers(0, 300, 2)],
                          price=float(rng.random() * 50)) for _ in range(3)],
    "query": ["Cheap Battery screen", "great product", "refund"], "category_id": np.array([3, 250, 0]), "price": np.array([9.99, 120.0, 0.0])}


@model("s44_ragged_feature_history_sparse_segment_mean", "tf-module", "watch-history recommender tf.Module: parse_example with RaggedFeature int64 watched_ids, RaggedFeature string watched_genres, FixedLenFeature int64 user_age_bucket; multi-hot embedding bags written as tf.sparse.segment_mean(item table, ragged.values, value_rowids, num_segments=nrows) and tf.sparse.segment_sqrt_n over StaticVocabularyTable genre ids (lookup on the ragged values); user tower MLP -> dot with all 500 item embeddings -> tf.math.top_k(10) ids and scores")
def b_ragged_history(out):
    genre = _vocab_table(GENRES, oov=1)
    items, genres, ages = _emb(500, 16, 21, "item_embedding"), _emb(9, 8, 22, "genre_embedding"), _emb(8, 4, 23, "age_embedding")
    tower = _params([28, 32, 16], 24, "user_tower")

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {
            "watched_ids": tf.io.RaggedFeature(tf.int64, row_splits_dtype=tf.int32),
            "watched_genres": tf.io.RaggedFeature(tf.string, row_splits_dtype=tf.int32),
            "user_age_bucket": tf.io.FixedLenFeature([], tf.int64, default_value=0)})
        ids, g = f["watched_ids"], f["watched_genres"]
        n = ids.nrows()
        hist = tf.sparse.segment_mean(items, tf.clip_by_value(ids.values, 0, 499), ids.value_rowids(), num_segments=n)
        gid = genre.lookup(g.values)
        gvec = tf.sparse.segment_sqrt_n(genres, gid, g.value_rowids(), num_segments=n)
        user = _mlp(tower, tf.concat([hist, gvec, tf.gather(ages, tf.clip_by_value(f["user_age_bucket"], 0, 7))], 1))
        scores, top = tf.math.top_k(tf.matmul(user, items, transpose_b=True), k=10)
        return {"top_item_ids": top, "top_scores": scores, "user_embedding": user}
    _save(out, {"genre_table": genre, "vars": [items, genres, ages, tower]}, serving_default=serving_default)


FEEDS["s44_ragged_feature_history_sparse_segment_mean"] = lambda rng: {"examples": [
    _example(watched_ids=[int(x) for x in rng.integers(0, 500, k)], watched_genres=_pick(rng, GENRES + ["western"], k),
             user_age_bucket=int(rng.integers(0, 8))) for k in (3, 1, 6)]}


@model("s44_sparse_feature_tfidf_safe_embedding_tags", "tf-module", "document classifier tf.Module: parse_example with SparseFeature(index_key=term_index, value_key=term_weight, float, size=300) -> tf.sparse.to_dense TF-IDF vector [None,300], and VarLenFeature int64 tag_ids + VarLenFeature float tag_weights -> tf.nn.safe_embedding_lookup_sparse (sqrtn, weighted, empty rows -> zeros); concat, Dense 64 relu, 5-way softmax; outputs probabilities and top class name")
def b_sparse_feature(out):
    tag_emb = _emb(100, 8, 31, "tag_embedding")
    net = _params([308, 64, 5], 32)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {
            "tfidf": tf.io.SparseFeature(index_key="term_index", value_key="term_weight", dtype=tf.float32, size=300),
            "tag_ids": tf.io.VarLenFeature(tf.int64), "tag_weights": tf.io.VarLenFeature(tf.float32)})
        bow = tf.sparse.to_dense(tf.sparse.reorder(f["tfidf"]))
        tags = tf.nn.safe_embedding_lookup_sparse(tag_emb, f["tag_ids"], f["tag_weights"], combiner="sqrtn")
        probs = tf.nn.softmax(_mlp(net, tf.concat([bow, tags], 1)))
        return {"probabilities": probs, "label": tf.gather(tf.constant(CATEGORIES[:5]), tf.argmax(probs, 1))}
    _save(out, {"vars": [tag_emb, net]}, serving_default=serving_default)


def _tfidf_feed(rng):
    ex = []
    for k in (4, 0, 2):
        idx = sorted(int(x) for x in rng.choice(300, 5, replace=False))
        tags = [int(x) for x in rng.integers(0, 100, k)]
        ex.append(_example(term_index=idx, term_weight=[float(x) for x in rng.random(5)],
                           tag_ids=tags or tf.train.Feature(int64_list=tf.train.Int64List()),
                           tag_weights=[float(x) for x in rng.random(k)] or tf.train.Feature(float_list=tf.train.FloatList())))
    return {"examples": ex}


FEEDS["s44_sparse_feature_tfidf_safe_embedding_tags"] = _tfidf_feed


@model("s44_parse_single_example_scalar_request", "tf-module", "online scoring tf.Module for one request at a time: serving_default takes a scalar serialized tf.Example string [] -> tf.io.parse_single_example (FixedLenFeature float [4] features, FixedLenFeature string country default 'unknown', VarLenFeature int64 segments -> sparse.to_dense + clip + one-hot sum); StaticVocabularyTable(country, 1 OOV); MLP -> score [1,1]; serve_batch takes string [None] through tf.io.parse_example with the same spec")
def b_single(out):
    country = _vocab_table(COUNTRIES, oov=1)
    cemb = _emb(9, 4, 41, "country_embedding")
    net = _params([4 + 4 + 16, 16, 1], 42)

    def spec():
        return {"features": tf.io.FixedLenFeature([4], tf.float32, default_value=[0.0] * 4),
                "country": tf.io.FixedLenFeature([], tf.string, default_value="unknown"),
                "segments": tf.io.VarLenFeature(tf.int64)}

    def score(f):
        seg = tf.clip_by_value(tf.sparse.to_dense(f["segments"], default_value=-1), -1, 15)
        multi_hot = tf.reduce_sum(tf.one_hot(seg, 16), axis=-2)
        x = tf.concat([f["features"], tf.gather(cemb, country.lookup(f["country"])), multi_hot], -1)
        return _mlp(net, x, tf.sigmoid)

    @tf.function(input_signature=[tensor_spec([], "string", "example")])
    def serving_default(example):
        f = tf.io.parse_single_example(example, spec())
        f = {"features": f["features"][None], "country": f["country"][None], "segments": tf.sparse.expand_dims(f["segments"], 0)}
        return {"score": score(f)}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serve_batch(examples):
        return {"score": score(tf.io.parse_example(examples, spec()))}
    _save(out, {"table": country, "vars": [cemb, net]}, serving_default=serving_default, serve_batch=serve_batch)


FEEDS["s44_parse_single_example_scalar_request"] = lambda rng: {
    "example": _example(features=[0.1, 0.5, 2.0, -1.0], country="DE", segments=[3, 7, 11]),
    "examples": [_example(features=[float(x) for x in rng.random(4)], country=_pick(rng, COUNTRIES + ["ZZ"]),
                          segments=[int(x) for x in rng.integers(0, 16, 2)]), _example(features=[1.0, 2.0, 3.0, 4.0])]}


@model("s44_sequence_example_session_gru_next_item", "tf-module", "session-based next-item tf.Module: serving_default takes serialized tf.SequenceExample string [None] -> tf.io.parse_sequence_example (context: string user_country, float user_tenure_days; sequence: FixedLenSequenceFeature int64 item_id and float dwell_seconds) with returned lengths -> tf.sequence_mask; item embedding + log1p dwell, Keras GRU(32) layer run with the mask, concat country embedding, logits over 200 items and top_k(5); serve_single takes one scalar SequenceExample through tf.io.parse_single_sequence_example")
def b_seq_gru(out):
    country = _vocab_table(COUNTRIES, oov=1)
    item_emb, c_emb = _emb(200, 16, 51, "item_embedding"), _emb(9, 4, 52, "country_embedding")
    gru = L.GRU(32)
    gru.build((None, None, 17))
    head = _params([32 + 4 + 1, 200], 53, "head")
    ctx_spec = {"user_country": tf.io.FixedLenFeature([], tf.string, default_value="US"),
                "user_tenure_days": tf.io.FixedLenFeature([], tf.float32, default_value=0.0)}
    seq_spec = {"item_id": tf.io.FixedLenSequenceFeature([], tf.int64),
                "dwell_seconds": tf.io.FixedLenSequenceFeature([], tf.float32)}

    def predict(ctx, seq, mask):
        x = tf.concat([tf.gather(item_emb, tf.clip_by_value(seq["item_id"], 0, 199)), tf.math.log1p(seq["dwell_seconds"])[..., None]], -1)
        h = gru(x, mask=mask)
        u = tf.concat([h, tf.gather(c_emb, country.lookup(ctx["user_country"])), tf.math.log1p(ctx["user_tenure_days"])[:, None]], -1)
        logits = _mlp(head, u)
        scores, ids = tf.math.top_k(tf.nn.softmax(logits), k=5)
        return {"next_item_ids": ids, "next_item_scores": scores}

    @tf.function(input_signature=[tensor_spec([None], "string", "sequence_examples")])
    def serving_default(sequence_examples):
        ctx, seq, lengths = tf.io.parse_sequence_example(sequence_examples, context_features=ctx_spec, sequence_features=seq_spec)
        return predict(ctx, seq, tf.sequence_mask(lengths["item_id"], tf.shape(seq["item_id"])[1]))

    @tf.function(input_signature=[tensor_spec([], "string", "sequence_example")])
    def serve_single(sequence_example):
        ctx, seq = tf.io.parse_single_sequence_example(sequence_example, context_features=ctx_spec, sequence_features=seq_spec)
        ctx = {k: v[None] for k, v in ctx.items()}
        seq = {k: v[None] for k, v in seq.items()}
        return predict(ctx, seq, tf.ones_like(seq["item_id"], tf.bool))
    _save(out, {"table": country, "gru": gru, "vars": [item_emb, c_emb, head]}, serving_default=serving_default, serve_single=serve_single)


def _session(rng, n):
    return _seq_example({"user_country": _pick(rng, COUNTRIES), "user_tenure_days": float(rng.integers(0, 900))},
                        {"item_id": [[int(x)] for x in rng.integers(0, 200, n)], "dwell_seconds": [[float(x)] for x in rng.random(n) * 60]})


FEEDS["s44_sequence_example_session_gru_next_item"] = lambda rng: {
    "sequence_examples": [_session(rng, n) for n in (5, 2, 7)], "sequence_example": _session(rng, 4)}


@model("s44_fixedlen_sequence_allow_missing_conv1d_sensor", "tf-module", "activity recognition tf.Module over accelerometer windows in tf.Example: parse_example with FixedLenSequenceFeature([3], float, allow_missing=True, default 0) accel -> [None,T,3] (T = longest in batch), tf.pad + slice to 64 steps, per-window mean / std normalisation, FixedLenFeature int64 device_type (default -1) -> tf.one_hot(4); two tf.nn.conv1d + relu, global mean, Dense -> 6 activity probabilities and label string via tf.gather")
def b_sensor(out):
    rng = np.random.default_rng(61)
    k1 = tf.Variable(rng.normal(0, 0.3, (5, 3, 16)).astype("float32"), name="conv1")
    k2 = tf.Variable(rng.normal(0, 0.2, (5, 16, 32)).astype("float32"), name="conv2")
    head = _params([36, 6], 62, "head")
    labels = tf.constant(["walking", "running", "sitting", "standing", "upstairs", "downstairs"])

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {
            "accel": tf.io.FixedLenSequenceFeature([3], tf.float32, allow_missing=True, default_value=0.0),
            "device_type": tf.io.FixedLenFeature([], tf.int64, default_value=-1)})
        x = tf.pad(f["accel"], [[0, 0], [0, 64], [0, 0]])[:, :64, :]
        mean, var = tf.nn.moments(x, axes=[1], keepdims=True)
        x = (x - mean) * tf.math.rsqrt(var + 1e-6)
        h = tf.nn.relu(tf.nn.conv1d(x, k1, 1, "SAME"))
        h = tf.reduce_mean(tf.nn.relu(tf.nn.conv1d(h, k2, 2, "SAME")), axis=1)
        probs = tf.nn.softmax(_mlp(head, tf.concat([h, tf.one_hot(f["device_type"], 4)], 1)))
        return {"probabilities": probs, "activity": tf.gather(labels, tf.argmax(probs, 1))}
    _save(out, {"vars": [k1, k2, head]}, serving_default=serving_default)


FEEDS["s44_fixedlen_sequence_allow_missing_conv1d_sensor"] = lambda rng: {"examples": [
    _example(accel=[float(x) for x in rng.normal(0, 1, 3 * n)], device_type=d) for n, d in ((50, 1), (70, None), (20, 3))]}


@model("s44_review_text_regex_ngrams_hash_bag", "tf-module", "review sentiment tf.Module: serving_default parses FixedLenFeature string review_text (default '') from tf.Example; serve_text takes raw text string [None]; shared text pipeline tf.strings.lower, regex_replace (strip HTML tags, non-alphanumerics), tf.strings.split -> RaggedTensor, tf.strings.ngrams(2) concatenated with unigrams, to_hash_bucket_fast(5000) via ragged map_flat_values, tf.nn.embedding_lookup on ragged ids, ragged reduce_mean; Dense 16 relu -> sigmoid positive probability")
def b_text_hash(out):
    emb = _emb(5000, 16, 71, "ngram_embedding")
    net = _params([16, 16, 1], 72)

    def score(text):
        t = tf.strings.lower(text)
        t = tf.strings.regex_replace(t, r"<[^>]+>", " ")
        t = tf.strings.regex_replace(t, r"[^a-z0-9' ]", " ")
        words = tf.strings.split(t)
        grams = tf.concat([words, tf.strings.ngrams(words, 2, separator=" ")], axis=1)
        ids = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, grams, 5000)
        v = tf.reduce_mean(tf.nn.embedding_lookup(emb, ids), axis=1)
        v = tf.where(tf.math.is_nan(v), tf.zeros_like(v), v)
        return {"positive_probability": _mlp(net, v, tf.sigmoid)}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        return score(tf.io.parse_example(examples, {"review_text": tf.io.FixedLenFeature([], tf.string, default_value="")})["review_text"])

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def serve_text(text):
        return score(text)
    _save(out, {"vars": [emb, net]}, serving_default=serving_default, serve_text=serve_text)


FEEDS["s44_review_text_regex_ngrams_hash_bag"] = lambda rng: {
    "examples": [_example(review_text="Great product!<br />Works FINE, fast shipping."), _example(review_text="terrible... broke after 2 days"), _example()],
    "text": ["Love it <b>so much</b>", "not worth the money!!", ""]}


@model("s44_feature_cross_string_join_and_sparse_cross_hashed", "tf-module", "ads CTR logistic regression tf.Module (FTRL-style wide model): parse_example FixedLenFeature string country / device / ad_category, int64 hour_of_day, VarLenFeature string user_interests; crosses by tf.strings.join(country, device, as_string(hour)) + to_hash_bucket_fast(1000) and tf.sparse.cross_hashed([user_interests sparse, ad_category dense], 500); weights gathered / tf.nn.embedding_lookup_sparse(sum) into a logit; outputs ctr and logit; serve_raw takes the dense features + interests as one space-joined string")
def b_cross(out):
    rng = np.random.default_rng(81)
    w_cross, w_sparse = tf.Variable(rng.normal(0, 0.1, (1000, 1)).astype("float32")), tf.Variable(rng.normal(0, 0.1, (500, 1)).astype("float32"))
    w_cat, w_hour = tf.Variable(rng.normal(0, 0.1, (64, 1)).astype("float32")), tf.Variable(rng.normal(0, 0.1, (24, 1)).astype("float32"))
    bias = tf.Variable([-1.5])

    def logit(country, device, ad_category, hour, interests):
        cross = tf.strings.to_hash_bucket_fast(tf.strings.join([country, device, tf.strings.as_string(hour)], separator="_x_"), 1000)
        sc = tf.sparse.cross_hashed([interests, ad_category[:, None]], num_buckets=500)
        n = tf.shape(country)[0]
        sparse_part = tf.nn.embedding_lookup_sparse(w_sparse, sc, None, combiner="sum")
        sparse_part = tf.pad(sparse_part, [[0, n - tf.shape(sparse_part)[0]], [0, 0]])
        z = (tf.gather(w_cross, cross) + sparse_part + tf.gather(w_cat, tf.strings.to_hash_bucket_fast(ad_category, 64))
             + tf.gather(w_hour, tf.clip_by_value(hour, 0, 23)) + bias)
        return {"logit": z, "ctr": tf.sigmoid(z)}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        S = lambda d: tf.io.FixedLenFeature([], tf.string, default_value=d)
        f = tf.io.parse_example(examples, {"country": S("US"), "device": S("web"), "ad_category": S(""),
                                           "hour_of_day": tf.io.FixedLenFeature([], tf.int64, default_value=12),
                                           "user_interests": tf.io.VarLenFeature(tf.string)})
        return logit(f["country"], f["device"], f["ad_category"], f["hour_of_day"], f["user_interests"])

    @tf.function(input_signature=[tensor_spec([None], "string", "country"), tensor_spec([None], "string", "device"),
                                  tensor_spec([None], "string", "ad_category"), tensor_spec([None], "int64", "hour_of_day"),
                                  tensor_spec([None], "string", "user_interests")])
    def serve_raw(country, device, ad_category, hour_of_day, user_interests):
        return logit(country, device, ad_category, hour_of_day, tf.strings.split(user_interests).to_sparse())
    _save(out, {"vars": [w_cross, w_sparse, w_cat, w_hour, bias]}, serving_default=serving_default, serve_raw=serve_raw)


FEEDS["s44_feature_cross_string_join_and_sparse_cross_hashed"] = lambda rng: {
    "examples": [_example(country=_pick(rng, COUNTRIES), device=_pick(rng, DEVICES), ad_category=_pick(rng, CATEGORIES),
                          hour_of_day=int(rng.integers(0, 24)), user_interests=_pick(rng, GENRES, 2)) for _ in range(3)],
    "country": ["US", "IN", "BR"], "device": ["ios", "web", "tv"], "ad_category": ["toys", "books", "music"],
    "hour_of_day": np.array([0, 13, 23]), "user_interests": ["action drama", "comedy", ""]}


@model("s44_date_zip_price_substr_to_number_as_string", "tf-module", "listing price regressor tf.Module over string-typed features: parse_example FixedLenFeature strings listed_date 'YYYY-MM-DD', zip_code, price_hint like '$1,299.00'; tf.strings.substr year / month / day -> tf.strings.to_number(int32), cyclical month sin/cos, zip3 prefix via substr -> to_hash_bucket_strong(200, key), regex_replace('[$,]') -> to_number(float32) with log1p; MLP -> predicted_price float and formatted string via as_string(precision=2) + tf.strings.join('$')")
def b_date(out):
    zemb = _emb(200, 6, 91, "zip3_embedding")
    net = _params([6 + 5, 16, 1], 92)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        S = lambda d: tf.io.FixedLenFeature([], tf.string, default_value=d)
        f = tf.io.parse_example(examples, {"listed_date": S("2020-01-01"), "zip_code": S("00000"), "price_hint": S("0")})
        d = f["listed_date"]
        year = tf.strings.to_number(tf.strings.substr(d, 0, 4), tf.int32)
        month = tf.strings.to_number(tf.strings.substr(d, 5, 2), tf.int32)
        day = tf.strings.to_number(tf.strings.substr(d, 8, 2), tf.int32)
        ang = 2.0 * np.pi * tf.cast(month - 1, tf.float32) / 12.0
        zip3 = tf.strings.to_hash_bucket_strong(tf.strings.substr(f["zip_code"], 0, 3), 200, key=[17, 42])
        hint = tf.strings.to_number(tf.strings.regex_replace(f["price_hint"], "[$,]", ""), tf.float32)
        x = tf.concat([tf.gather(zemb, zip3), tf.stack([tf.cast(year - 2015, tf.float32) / 5.0, tf.sin(ang), tf.cos(ang),
                                                         tf.cast(day, tf.float32) / 31.0, tf.math.log1p(hint) / 10.0], 1)], 1)
        price = tf.exp(_mlp(net, x)[:, 0] + tf.math.log1p(hint))
        return {"predicted_price": price,
                "formatted": tf.strings.join(["$", tf.strings.as_string(price, precision=2)])}
    _save(out, {"vars": [zemb, net]}, serving_default=serving_default)


FEEDS["s44_date_zip_price_substr_to_number_as_string"] = lambda rng: {"examples": [
    _example(listed_date="2023-05-17", zip_code="94105", price_hint="$1,299.00"),
    _example(listed_date="2019-11-02", zip_code="10001", price_hint="450"), _example(zip_code="60601")]}


@model("s44_static_hash_table_code_remap_string_priors", "tf-module", "claims triage tf.Module: parse_example int64 procedure_code (sparse codes like 99213), FixedLenFeature string provider_state, float billed_amount; StaticHashTable int64 -> int64 remaps codes to dense ids (default 0 = unknown), StaticHashTable string -> float state prior rate (default 0.1), int64 -> string table of code groups joined into an explanation string; embedding + MLP -> fraud probability")
def b_hash_tables(out):
    codes = [99213, 99214, 99203, 80053, 85025, 71045, 93000, 36415, 99285, 97110]
    remap = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(tf.constant(codes, tf.int64), tf.range(1, 11, dtype=tf.int64)), default_value=0)
    prior = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(["CA", "TX", "NY", "FL", "WA"], [0.08, 0.12, 0.15, 0.2, 0.05]), default_value=0.1)
    group = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(tf.constant(codes, tf.int64), ["office", "office", "office", "lab", "lab", "imaging", "cardio", "lab", "emergency", "therapy"]), default_value="other")
    cemb = _emb(11, 8, 101, "code_embedding")
    net = _params([10, 16, 1], 102)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {"procedure_code": tf.io.FixedLenFeature([], tf.int64, default_value=-1),
                                           "provider_state": tf.io.FixedLenFeature([], tf.string, default_value=""),
                                           "billed_amount": tf.io.FixedLenFeature([], tf.float32, default_value=0.0)})
        x = tf.concat([tf.gather(cemb, remap.lookup(f["procedure_code"])), prior.lookup(f["provider_state"])[:, None],
                       tf.math.log1p(f["billed_amount"])[:, None]], 1)
        p = _mlp(net, x, tf.sigmoid)[:, 0]
        return {"fraud_probability": p,
                "explanation": tf.strings.join([group.lookup(f["procedure_code"]), f["provider_state"]], separator="@")}
    _save(out, {"tables": [remap, prior, group], "vars": [cemb, net]}, serving_default=serving_default)


FEEDS["s44_static_hash_table_code_remap_string_priors"] = lambda rng: {"examples": [
    _example(procedure_code=99213, provider_state="CA", billed_amount=120.0), _example(procedure_code=12345, provider_state="NV", billed_amount=9000.0),
    _example(billed_amount=10.0)]}


def _vocab_files(files):
    """write vocabulary files into a temporary directory (copied into the SavedModel's assets/ on save)"""
    d = Path(tempfile.mkdtemp(prefix="s44_vocab_"))
    for name, lines in files.items():
        (d / name).write_text("\n".join(lines) + "\n")
    return d


@model("s44_asset_vocab_text_file_initializer_tables", "tf-module", "TFT-style vocabulary assets: two vocabulary files written at build time and tracked with tf.saved_model.Asset (SavedModel assets/); StaticVocabularyTable(TextFileInitializer(occupation vocab, WHOLE_LINE -> LINE_NUMBER), 3 OOV buckets) and a StaticHashTable(TextFileInitializer(label vocab, LINE_NUMBER -> WHOLE_LINE)) mapping class ids back to label strings; parse_example float [None] x 2 + string occupation / education; MLP -> 4 classes; outputs scores, class_ids and classes")
def b_asset_tables(out):
    labels = ["low", "medium", "high", "very_high"]
    d = _vocab_files({"occupation_vocab.txt": OCCUPATION, "labels.txt": labels, "education_vocab.txt": EDUCATION})
    occ_asset, label_asset, edu_asset = (tf.saved_model.Asset(str(d / n)) for n in ("occupation_vocab.txt", "labels.txt", "education_vocab.txt"))
    occ = tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(
        occ_asset, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), num_oov_buckets=3)
    edu = tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(
        edu_asset, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), num_oov_buckets=1)
    lab = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
        label_asset, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE), default_value="unknown")
    oemb, eemb = _emb(len(OCCUPATION) + 3, 6, 111, "occupation_embedding"), _emb(len(EDUCATION) + 1, 4, 112, "education_embedding")
    net = _params([12, 24, 4], 113)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, _census_spec())
        x = tf.concat([tf.gather(oemb, occ.lookup(f["occupation"])), tf.gather(eemb, edu.lookup(f["education"])),
                       tf.stack([(f["age"] - 38.6) / 13.6, (f["hours_per_week"] - 40.4) / 12.3], 1)], 1)
        scores = tf.nn.softmax(_mlp(net, x))
        ids = tf.argmax(scores, 1)
        return {"scores": scores, "class_ids": ids, "classes": lab.lookup(ids)}
    try:
        _save(out, {"assets": [occ_asset, label_asset, edu_asset], "tables": [occ, edu, lab], "vars": [oemb, eemb, net]},
              serving_default=serving_default)
    finally:
        shutil.rmtree(d, ignore_errors=True)


FEEDS["s44_asset_vocab_text_file_initializer_tables"] = _census_feed


@model("s44_asset_read_file_label_names_topk", "tf-module", "image-embedding tagger tf.Module whose label names live in an asset: tf.saved_model.Asset(labels.txt) read at serving time with tf.io.read_file + tf.strings.strip + tf.strings.split('\\n'), top_k(3) indices gathered into label strings; input parse_example FixedLenFeature float embedding [64] (default zeros) and float confidence_floor (default 0.2); linear 64 -> 12 sigmoid multi-label; also outputs tags above the floor as a padded string matrix via tf.where + ragged boolean_mask")
def b_asset_read(out):
    tags = ["cat", "dog", "car", "tree", "beach", "food", "person", "bicycle", "mountain", "city", "snow", "night"]
    d = _vocab_files({"labels.txt": tags})
    asset = tf.saved_model.Asset(str(d / "labels.txt"))
    net = _params([64, 12], 121)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {"embedding": tf.io.FixedLenFeature([64], tf.float32, default_value=[0.0] * 64),
                                           "confidence_floor": tf.io.FixedLenFeature([], tf.float32, default_value=0.2)})
        names = tf.strings.split(tf.strings.strip(tf.io.read_file(asset)), "\n")
        probs = _mlp(net, f["embedding"], tf.sigmoid)
        top_p, top_i = tf.math.top_k(probs, k=3)
        keep = probs > f["confidence_floor"][:, None]
        above = tf.ragged.boolean_mask(tf.broadcast_to(names, tf.shape(probs)), keep).to_tensor(default_value="")
        return {"top_labels": tf.gather(names, top_i), "top_scores": top_p, "labels_above_floor": above}
    try:
        _save(out, {"labels_asset": asset, "vars": net}, serving_default=serving_default)
    finally:
        shutil.rmtree(d, ignore_errors=True)


FEEDS["s44_asset_read_file_label_names_topk"] = lambda rng: {"examples": [
    _example(embedding=[float(x) for x in rng.normal(0, 1, 64)], confidence_floor=0.5), _example(embedding=[float(x) for x in rng.normal(0, 1, 64)])]}


@model("s44_multi_hot_vocab_sparse_to_indicator_padded_ratings", "tf-module", "movie-rating regressor tf.Module: parse_example VarLenFeature string genres -> StaticVocabularyTable lookup on the SparseTensor (tf.sparse.map_values) -> tf.sparse.to_indicator multi-hot [None,9]; VarLenFeature int64 recent_ratings -> tf.sparse.to_dense(default -1), pad + slice to 5, mask-aware mean; FixedLenFeature float runtime_minutes z-scored; MLP 16 -> predicted_rating clipped to [1,5] with tf.clip_by_value")
def b_multi_hot(out):
    genre = _vocab_table(GENRES, oov=1)
    net = _params([9 + 5 + 2, 16, 1], 131)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {"genres": tf.io.VarLenFeature(tf.string), "recent_ratings": tf.io.VarLenFeature(tf.int64),
                                           "runtime_minutes": tf.io.FixedLenFeature([], tf.float32, default_value=100.0)})
        gid = tf.sparse.map_values(genre.lookup, f["genres"])
        multi_hot = tf.cast(tf.sparse.to_indicator(gid, len(GENRES) + 1), tf.float32)
        r = tf.sparse.to_dense(f["recent_ratings"], default_value=-1)
        r = tf.cast(tf.pad(r, [[0, 0], [0, 5]], constant_values=-1)[:, :5], tf.float32)
        mask = tf.cast(r >= 0, tf.float32)
        mean_r = tf.reduce_sum(r * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        x = tf.concat([multi_hot, (r * mask) / 5.0, mean_r[:, None] / 5.0, ((f["runtime_minutes"] - 105.0) / 25.0)[:, None]], 1)
        return {"predicted_rating": tf.clip_by_value(3.0 + _mlp(net, x)[:, 0], 1.0, 5.0)}
    _save(out, {"table": genre, "vars": net}, serving_default=serving_default)


FEEDS["s44_multi_hot_vocab_sparse_to_indicator_padded_ratings"] = lambda rng: {"examples": [
    _example(genres=["action", "sci-fi"], recent_ratings=[4, 5, 3, 2, 5, 4, 1], runtime_minutes=136.0),
    _example(genres=["western"]), _example(recent_ratings=[3])]}


@model("s44_tft_transform_fn_three_signatures", "tf-module", "TF Transform + trainer export pattern as one tf.Module: transform_features signature (raw tensors age / fare float, embark_port / cabin string -> transformed dict: z-scores, tf.searchsorted-based bucket ids, clip, StaticVocabularyTable with OOV, cabin deck letter via tf.strings.substr + to_hash_bucket_fast); serving_default (serialized tf.Example -> parse_example with defaults -> transform -> model); predict_transformed (already transformed tensors -> model); model is a raw-variable MLP with embeddings -> survival probability")
def b_tft(out):
    ports = _vocab_table(["S", "C", "Q"], oov=1)
    pemb, demb, bemb = _emb(4, 3, 141, "port_embedding"), _emb(10, 3, 142, "deck_embedding"), _emb(6, 3, 143, "fare_bucket_embedding")
    net = _params([2 + 9, 16, 1], 144)
    fare_bounds = tf.constant([7.9, 14.5, 31.0, 60.0, 120.0])

    def transform(age, fare, embark_port, cabin):
        return {"age_z": tf.clip_by_value((age - 29.7) / 14.5, -3.0, 3.0), "fare_log_z": (tf.math.log1p(fare) - 2.96) / 0.97,
                "fare_bucket": tf.searchsorted(fare_bounds, fare, side="right", out_type=tf.int64),
                "port_id": ports.lookup(embark_port),
                "deck_id": tf.strings.to_hash_bucket_fast(tf.strings.upper(tf.strings.substr(cabin, 0, 1)), 10)}

    def predict(t):
        x = tf.concat([tf.stack([t["age_z"], t["fare_log_z"]], 1), tf.gather(pemb, t["port_id"]), tf.gather(demb, t["deck_id"]),
                       tf.gather(bemb, tf.clip_by_value(t["fare_bucket"], 0, 5))], 1)
        return {"survival_probability": _mlp(net, x, tf.sigmoid)}

    raw = [tensor_spec([None], "float32", "age"), tensor_spec([None], "float32", "fare"),
           tensor_spec([None], "string", "embark_port"), tensor_spec([None], "string", "cabin")]

    @tf.function(input_signature=raw)
    def transform_features(age, fare, embark_port, cabin):
        return transform(age, fare, embark_port, cabin)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {"age": tf.io.FixedLenFeature([], tf.float32, default_value=29.7),
                                           "fare": tf.io.FixedLenFeature([], tf.float32, default_value=14.45),
                                           "embark_port": tf.io.FixedLenFeature([], tf.string, default_value="S"),
                                           "cabin": tf.io.FixedLenFeature([], tf.string, default_value="")})
        return predict(transform(f["age"], f["fare"], f["embark_port"], f["cabin"]))

    @tf.function(input_signature=[tensor_spec([None], "float32", "age_z"), tensor_spec([None], "float32", "fare_log_z"),
                                  tensor_spec([None], "int64", "fare_bucket"), tensor_spec([None], "int64", "port_id"),
                                  tensor_spec([None], "int64", "deck_id")])
    def predict_transformed(age_z, fare_log_z, fare_bucket, port_id, deck_id):
        return predict(dict(age_z=age_z, fare_log_z=fare_log_z, fare_bucket=fare_bucket, port_id=port_id, deck_id=deck_id))
    _save(out, {"table": ports, "vars": [pemb, demb, bemb, net]}, serving_default=serving_default,
          transform_features=transform_features, predict_transformed=predict_transformed)


FEEDS["s44_tft_transform_fn_three_signatures"] = lambda rng: {
    "examples": [_example(age=22.0, fare=7.25, embark_port="S", cabin=""), _example(age=38.0, fare=71.28, embark_port="C", cabin="C85"),
                 _example(fare=8.05, embark_port="X")],
    "embark_port": ["S", "Q", "?"], "cabin": ["", "B42", "e10"], "age": np.array([22.0, 40.0, 5.0]), "fare": np.array([7.0, 80.0, 15.0]),
    "port_id": (0, 4), "deck_id": (0, 10), "fare_bucket": (0, 6)}


@model("s44_listwise_ranking_context_and_example_list", "tf-module", "TF-Ranking-style listwise scorer tf.Module (ELWC-like inputs as two tensors): context serialized tf.Example string [None] (query_tokens VarLen string, user_segment int64) and examples string [None,None] (a list of candidate tf.Examples per query: doc_length float, doc_category string, bm25 float); list examples reshaped to [-1] for parse_example then back to [batch, list]; query embedding bag (to_hash_bucket_fast + safe_embedding_lookup_sparse mean), per-candidate MLP on concat(context broadcast, candidate features); outputs scores [None,None] and softmax over the list")
def b_listwise(out):
    qemb, cemb, semb = _emb(1000, 8, 151, "query_embedding"), _emb(len(CATEGORIES) + 1, 4, 152, "doc_category_embedding"), _emb(10, 4, 153, "segment_embedding")
    cat = _vocab_table(CATEGORIES, oov=1)
    net = _params([8 + 4 + 4 + 2, 32, 1], 154)

    @tf.function(input_signature=[tensor_spec([None], "string", "context"), tensor_spec([None, None], "string", "examples")])
    def serving_default(context, examples):
        c = tf.io.parse_example(context, {"query_tokens": tf.io.VarLenFeature(tf.string),
                                          "user_segment": tf.io.FixedLenFeature([], tf.int64, default_value=0)})
        b, n = tf.shape(examples)[0], tf.shape(examples)[1]
        e = tf.io.parse_example(tf.reshape(examples, [-1]), {
            "doc_length": tf.io.FixedLenFeature([], tf.float32, default_value=0.0),
            "bm25": tf.io.FixedLenFeature([], tf.float32, default_value=0.0),
            "doc_category": tf.io.FixedLenFeature([], tf.string, default_value="")})
        q = c["query_tokens"]
        q = tf.nn.safe_embedding_lookup_sparse(qemb, tf.SparseTensor(q.indices, tf.strings.to_hash_bucket_fast(q.values, 1000), q.dense_shape), combiner="mean")
        ctx = tf.concat([q, tf.gather(semb, tf.clip_by_value(c["user_segment"], 0, 9))], 1)
        cand = tf.concat([tf.gather(cemb, cat.lookup(e["doc_category"])), tf.stack([tf.math.log1p(e["doc_length"]), e["bm25"]], 1)], 1)
        cand = tf.reshape(cand, [b, n, 6])
        x = tf.concat([tf.broadcast_to(ctx[:, None, :], [b, n, 12]), cand], -1)
        s = _mlp(net, x)[..., 0]
        return {"scores": s, "list_softmax": tf.nn.softmax(s, axis=-1)}
    _save(out, {"table": cat, "vars": [qemb, cemb, semb, net]}, serving_default=serving_default)


FEEDS["s44_listwise_ranking_context_and_example_list"] = lambda rng: {
    "context": [_example(query_tokens=["cheap", "battery"], user_segment=3), _example(query_tokens=["toys"])],
    "examples": [[_example(doc_length=float(rng.integers(50, 900)), bm25=float(rng.random() * 10), doc_category=_pick(rng, CATEGORIES))
                  for _ in range(4)] for _ in range(2)]}


@model("s44_ragged_nested_partitions_sessions_and_geo_pairs", "tf-module", "multi-session user model tf.Module: parse_example with RaggedFeature(int64, value_key='item_ids', partitions=[RowLengths('session_lengths')]) -> 3-level ragged [batch, sessions, items] and RaggedFeature(float, value_key='geo', partitions=[UniformRowLength(2)]) -> [batch, None, 2] lat/lng pairs; item embeddings via ragged map_flat_values(tf.gather), reduce_mean over items then sessions, geo centroid via ragged reduce_mean; NaN guards with tf.where; MLP -> churn probability")
def b_nested(out):
    iemb = _emb(300, 8, 161, "item_embedding")
    net = _params([8 + 2 + 1, 16, 1], 162)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {
            "sessions": tf.io.RaggedFeature(tf.int64, value_key="item_ids", partitions=[tf.io.RaggedFeature.RowLengths("session_lengths")]),
            "geo": tf.io.RaggedFeature(tf.float32, value_key="geo", partitions=[tf.io.RaggedFeature.UniformRowLength(2)])})
        s = f["sessions"]
        e = tf.ragged.map_flat_values(lambda ids: tf.gather(iemb, ids), s.with_flat_values(tf.clip_by_value(s.flat_values, 0, 299)))
        per_session = tf.reduce_mean(e, axis=2)
        per_session = tf.ragged.map_flat_values(lambda t: tf.where(tf.math.is_nan(t), tf.zeros_like(t), t), per_session)
        user = tf.reduce_mean(per_session, axis=1)
        geo = tf.reduce_mean(f["geo"], axis=1)
        x = tf.concat([user, geo / 90.0, tf.cast(s.row_lengths(), tf.float32)[:, None] / 10.0], 1)
        x = tf.where(tf.math.is_nan(x), tf.zeros_like(x), x)
        return {"churn_probability": _mlp(net, x, tf.sigmoid)}
    _save(out, {"vars": [iemb, net]}, serving_default=serving_default)


FEEDS["s44_ragged_nested_partitions_sessions_and_geo_pairs"] = lambda rng: {"examples": [
    _example(item_ids=[int(x) for x in rng.integers(0, 300, 6)], session_lengths=[2, 3, 1], geo=[37.7, -122.4, 37.8, -122.3]),
    _example(item_ids=[5], session_lengths=[1], geo=[48.8, 2.3]), _example()]}


@model("s44_bytes_features_parse_tensor_decode_raw", "tf-module", "feature-store tf.Module whose tf.Example bytes features carry tensors: 'user_vector' holds tf.io.serialize_tensor of float32 [16] parsed per row with tf.map_fn(tf.io.parse_tensor), 'item_vector' holds raw little-endian float32 bytes decoded with tf.io.decode_raw(fixed_length=64) -> [None,16]; int64 item_popularity log1p; dot product + MLP on concat -> click probability; serve_vectors signature takes the two float [None,16] vectors directly")
def b_bytes(out):
    net = _params([33, 16, 1], 171)

    def score(u, i, pop):
        x = tf.concat([u * i, tf.abs(u - i), tf.math.log1p(tf.cast(pop, tf.float32))[:, None]], 1)
        return {"click_probability": _mlp(net, x, tf.sigmoid)[:, 0] * 0.5 + 0.5 * tf.sigmoid(tf.reduce_sum(u * i, 1))}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, {"user_vector": tf.io.FixedLenFeature([], tf.string),
                                           "item_vector": tf.io.FixedLenFeature([], tf.string),
                                           "item_popularity": tf.io.FixedLenFeature([], tf.int64, default_value=0)})
        u = tf.map_fn(lambda s: tf.ensure_shape(tf.io.parse_tensor(s, tf.float32), [16]), f["user_vector"],
                      fn_output_signature=tf.TensorSpec([16], tf.float32))
        i = tf.io.decode_raw(f["item_vector"], tf.float32, little_endian=True, fixed_length=64)
        return score(u, i, f["item_popularity"])

    @tf.function(input_signature=[tensor_spec([None, 16], "float32", "user_vector"), tensor_spec([None, 16], "float32", "item_vector"),
                                  tensor_spec([None], "int64", "item_popularity")])
    def serve_vectors(user_vector, item_vector, item_popularity):
        return score(user_vector, item_vector, item_popularity)
    _save(out, {"vars": net}, serving_default=serving_default, serve_vectors=serve_vectors)


FEEDS["s44_bytes_features_parse_tensor_decode_raw"] = lambda rng: {"examples": [
    _example(user_vector=tf.io.serialize_tensor(rng.normal(0, 1, 16).astype("float32")).numpy(),
             item_vector=rng.normal(0, 1, 16).astype("<f4").tobytes(), item_popularity=int(rng.integers(0, 10000))) for _ in range(3)],
    "item_popularity": (0, 1000)}


@model("s44_tf2_classify_regress_style_signatures", "tf-module", "TF2 tf.Module mimicking TF Serving's Classify / Regress APIs: 'classification' signature (inputs: serialized tf.Example string [None] -> classes string [None,3] tiled label names, scores [None,3]), 'regression' signature (inputs -> outputs float [None,1]), serving_default predict-style dict; iris-like FixedLenFeature float x4 with defaults, missing-value sentinel -1 replaced via tf.where by constant means, z-score, MLP 16 -> 3 logits and a separate regression head")
def b_tf2_classify(out):
    names = ["setosa", "versicolor", "virginica"]
    keys = ["sepal_length", "sepal_width", "petal_length", "petal_width"]
    means, stds = tf.constant([5.84, 3.05, 3.76, 1.2]), tf.constant([0.83, 0.43, 1.76, 0.76])
    body, cls, reg = _params([4, 16], 181, "body"), _params([16, 3], 182, "cls"), _params([16, 1], 183, "reg")

    def parse(inputs):
        f = tf.io.parse_example(inputs, {k: tf.io.FixedLenFeature([], tf.float32, default_value=-1.0) for k in keys})
        x = tf.stack([f[k] for k in keys], 1)
        x = tf.where(x < 0.0, means, x)
        return _mlp(body, (x - means) / stds, tf.nn.relu)

    @tf.function(input_signature=[tensor_spec([None], "string", "inputs")])
    def classification(inputs):
        scores = tf.nn.softmax(_mlp(cls, parse(inputs)))
        return {"classes": tf.tile(tf.constant(names)[None], [tf.shape(scores)[0], 1]), "scores": scores}

    @tf.function(input_signature=[tensor_spec([None], "string", "inputs")])
    def regression(inputs):
        return {"outputs": _mlp(reg, parse(inputs))}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        h = parse(examples)
        probs = tf.nn.softmax(_mlp(cls, h))
        return {"probabilities": probs, "class_ids": tf.argmax(probs, 1), "petal_area_estimate": _mlp(reg, h)}
    _save(out, {"vars": [body, cls, reg]}, serving_default=serving_default, classification=classification, regression=regression)


def _iris_feed(rng):
    ex = [_example(sepal_length=5.1, sepal_width=3.5, petal_length=1.4, petal_width=0.2),
          _example(sepal_length=6.7, petal_length=5.2, petal_width=2.3), _example(sepal_width=2.8)]
    return {"inputs": ex, "examples": ex}


FEEDS["s44_tf2_classify_regress_style_signatures"] = _iris_feed


# ================================================================================ Keras 3 models wrapped by parsing functions

def _klayers():
    """custom Keras layers (defined once Keras is imported)"""
    class Cross(L.Layer):
        """DCN-v2 cross layer: x0 * (W x + b) + x"""
        def build(self, shape):
            d = shape[-1]
            self.w = self.add_weight(shape=(d, d), initializer="glorot_uniform", name="kernel")
            self.b = self.add_weight(shape=(d,), initializer="zeros", name="bias")

        def call(self, x0, x):
            return x0 * (tf.matmul(x, self.w) + self.b) + x

    class DotInteraction(L.Layer):
        """DLRM pairwise dot interactions: upper triangle (no diagonal) of Z Z^T, gathered with fixed indices"""
        def call(self, z):
            f = z.shape[1]
            zz = tf.reshape(tf.matmul(z, z, transpose_b=True), [-1, f * f])
            idx = [i * f + j for i in range(f) for j in range(i + 1, f)]
            return tf.gather(zz, idx, axis=1)

    class FMSecondOrder(L.Layer):
        """FM pairwise term 0.5 * ((sum e)^2 - sum e^2) summed over the embedding dim"""
        def call(self, e):
            s = tf.reduce_sum(e, axis=1)
            return 0.5 * tf.reduce_sum(s * s - tf.reduce_sum(e * e, axis=1), axis=1, keepdims=True)

    class SumFields(L.Layer):
        def call(self, e):
            return tf.reduce_sum(e, axis=[1, 2])[:, None]
    return Cross, DotInteraction, FMSecondOrder, SumFields


@model("s44_keras_wide_deep_census_parsing_module", "keras-module", "Keras 3 functional wide & deep (wide: Embedding(1000,1) over hashed crosses summed + bias; deep: Embedding(200,8) over offset categorical ids, Flatten, concat numeric [None,3], Dense 32/16 relu, Dense 1; Add -> sigmoid) held in a tf.Module: serving_default parses census tf.Examples and runs the transform in the serving graph (Bucketize, z-score, StaticVocabularyTable, to_hash_bucket_fast, hashed crosses of joined strings); serve_features takes the model's dense tensors numeric float [None,3], wide_ids / deep_ids int64 [None,3]")
def b_wide_deep(out):
    _, _, _, SumFields = _klayers()
    numeric = keras.Input((3,), name="numeric")
    wide_ids = keras.Input((3,), dtype="int64", name="wide_ids")
    deep_ids = keras.Input((3,), dtype="int64", name="deep_ids")
    wide = SumFields()(L.Embedding(1000, 1, name="wide_weights")(wide_ids))
    deep = L.Concatenate()([L.Flatten()(L.Embedding(200, 8, name="deep_embedding")(deep_ids)), numeric])
    deep = L.Dense(1)(L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(deep)))
    m = keras.Model({"numeric": numeric, "wide_ids": wide_ids, "deep_ids": deep_ids},
                    L.Activation("sigmoid", name="probability")(L.Add()([wide, deep])))
    wc = _vocab_table(WORKCLASS, oov=2)
    ed = _vocab_table(EDUCATION, oov=1)

    def run(numeric, wide_ids, deep_ids):
        return {"probability": m({"numeric": numeric, "wide_ids": wide_ids, "deep_ids": deep_ids}, training=False)}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        f = tf.io.parse_example(examples, _census_spec())
        t = _census_transform(f, wc, ed)
        wide_ids = tf.stack([t["age_x_education"],
                             128 + tf.strings.to_hash_bucket_fast(tf.strings.join([f["occupation"], f["workclass"]], "_X_"), 500),
                             628 + tf.strings.to_hash_bucket_fast(f["native_country"], 300)], 1)
        deep_ids = tf.stack([t["workclass_id"], 10 + t["education_id"], 20 + t["occupation_hash"]], 1)
        return run(tf.stack([t["age_z"], t["hours_z"], t["gain_log"]], 1), wide_ids, deep_ids)

    @tf.function(input_signature=[tensor_spec([None, 3], "float32", "numeric"), tensor_spec([None, 3], "int64", "wide_ids"),
                                  tensor_spec([None, 3], "int64", "deep_ids")])
    def serve_features(numeric, wide_ids, deep_ids):
        return run(numeric, wide_ids, deep_ids)
    _save(out, {"model": m, "tables": [wc, ed]}, serving_default=serving_default, serve_features=serve_features)


FEEDS["s44_keras_wide_deep_census_parsing_module"] = lambda rng: {**_census_feed(rng), "wide_ids": (0, 1000), "deep_ids": (0, 200)}


@model("s44_keras_dcn_v2_export_archive_parsing", "keras-export-archive", "Keras 3 DCN-v2 (custom Cross layer x0*(Wx+b)+x, 3 layers, parallel deep Dense 64/32) over dense [None,4] + 4 categorical Embedding(100/9/8/24, 8) inputs; keras.export.ExportArchive tracking the model and a StaticVocabularyTable: serving_default endpoint parses tf.Example (float / string / int64 FixedLenFeature with defaults, z-score, to_hash_bucket_fast, vocabulary lookup with OOV, clip) then calls the model; serve_raw endpoint takes raw feature tensors")
def b_dcn(out):
    Cross, _, _, _ = _klayers()
    dense = keras.Input((4,), name="numeric_features")
    cats = [keras.Input((), dtype="int64", name=n) for n in ("merchant_hash", "category_id", "device_id", "hour")]
    embs = [L.Embedding(v, 8)(c) for v, c in zip((100, 9, 8, 24), cats)]
    x0 = L.Concatenate()([dense] + embs)
    x = x0
    for _ in range(3):
        x = Cross()(x0, x)
    deep = L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(x0))
    out_p = L.Dense(1, activation="sigmoid", name="fraud_score")(L.Concatenate()([x, deep]))
    m = keras.Model([dense] + cats, out_p)
    cat_table = _vocab_table(CATEGORIES, oov=1)
    dev_table = _vocab_table(DEVICES, oov=4)
    mean, std = tf.constant([52.0, 3.1, 0.4, 12.0]), tf.constant([80.0, 2.0, 0.5, 30.0])

    def run(amount, n_items, is_foreign, account_age_days, merchant, category, device, hour):
        d = (tf.stack([amount, n_items, is_foreign, account_age_days], 1) - mean) / std
        ids = [tf.strings.to_hash_bucket_fast(merchant, 100), cat_table.lookup(category), dev_table.lookup(device), tf.clip_by_value(hour, 0, 23)]
        return {"fraud_score": m([d] + ids, training=False)}

    def serving_default(examples):
        F = tf.io.FixedLenFeature
        f = tf.io.parse_example(examples, {"amount": F([], tf.float32, default_value=0.0), "n_items": F([], tf.float32, default_value=1.0),
                                           "is_foreign": F([], tf.float32, default_value=0.0), "account_age_days": F([], tf.float32, default_value=0.0),
                                           "merchant": F([], tf.string, default_value=""), "category": F([], tf.string, default_value=""),
                                           "device": F([], tf.string, default_value="web"), "hour": F([], tf.int64, default_value=12)})
        return run(f["amount"], f["n_items"], f["is_foreign"], f["account_age_days"], f["merchant"], f["category"], f["device"], f["hour"])

    raw = [tensor_spec([None], t, n) for n, t in (("amount", "float32"), ("n_items", "float32"), ("is_foreign", "float32"),
                                                  ("account_age_days", "float32"), ("merchant", "string"), ("category", "string"),
                                                  ("device", "string"), ("hour", "int64"))]
    _archive(out, [m, cat_table, dev_table], serving_default=(serving_default, [tensor_spec([None], "string", "examples")]),
             serve_raw=(run, raw))


FEEDS["s44_keras_dcn_v2_export_archive_parsing"] = lambda rng: {
    "examples": [_example(amount=float(rng.random() * 300), n_items=float(rng.integers(1, 6)), merchant=f"m{rng.integers(0, 999)}",
                          category=_pick(rng, CATEGORIES), device=_pick(rng, DEVICES + ["kiosk"]), hour=int(rng.integers(0, 24))) for _ in range(3)],
    "merchant": ["m1", "m77", "acme"], "category": ["toys", "music", "cars"], "device": ["ios", "web", "kiosk"], "hour": np.array([0, 9, 23]),
    "amount": np.array([12.5, 300.0, 0.99]), "n_items": np.array([1.0, 4.0, 2.0]), "is_foreign": np.array([0.0, 1.0, 0.0]),
    "account_age_days": np.array([3.0, 400.0, 30.0])}


@model("s44_keras_dlrm_lite_criteo_parsing_module", "keras-module", "Keras 3 DLRM-lite for Criteo-style examples in a tf.Module: bottom MLP 32/16 on 13 log1p'd counts, 8 categorical Embedding(1000,16) tables, custom DotInteraction layer (batched tf.matmul Z Z^T, upper triangle gathered with fixed indices), top MLP 64/32/1 sigmoid; serving_default parses I1..I13 float (default 0) and C1..C8 hex strings (default '') from tf.Example and hashes them with to_hash_bucket_fast(1000); serve_dense takes dense float [None,13] and sparse_ids int64 [None,8]")
def b_dlrm(out):
    _, DotInteraction, _, _ = _klayers()
    dense_in = keras.Input((13,), name="dense_features")
    ids_in = keras.Input((8,), dtype="int64", name="sparse_ids")
    bottom = L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(dense_in))
    embs = [L.Embedding(1000, 16, name=f"emb_C{i + 1}")(L.Lambda(lambda t, i=i: t[:, i], output_shape=())(ids_in)) for i in range(8)]
    z = L.Concatenate(axis=1)([L.Reshape((1, 16))(e) for e in [bottom] + embs])
    inter = DotInteraction()(z)
    top = L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(L.Concatenate()([bottom, inter])))
    m = keras.Model([dense_in, ids_in], L.Dense(1, activation="sigmoid", name="ctr")(top))

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        spec = {f"I{i}": tf.io.FixedLenFeature([], tf.float32, default_value=0.0) for i in range(1, 14)}
        spec.update({f"C{i}": tf.io.FixedLenFeature([], tf.string, default_value="") for i in range(1, 9)})
        f = tf.io.parse_example(examples, spec)
        dense = tf.math.log1p(tf.maximum(tf.stack([f[f"I{i}"] for i in range(1, 14)], 1), 0.0))
        ids = tf.stack([tf.strings.to_hash_bucket_fast(f[f"C{i}"], 1000) for i in range(1, 9)], 1)
        return {"ctr": m([dense, ids], training=False)}

    @tf.function(input_signature=[tensor_spec([None, 13], "float32", "dense_features"), tensor_spec([None, 8], "int64", "sparse_ids")])
    def serve_dense(dense_features, sparse_ids):
        return {"ctr": m([dense_features, sparse_ids], training=False)}
    _save(out, {"model": m}, serving_default=serving_default, serve_dense=serve_dense)


FEEDS["s44_keras_dlrm_lite_criteo_parsing_module"] = lambda rng: {
    "examples": [_example(**{f"I{i}": float(rng.integers(0, 500)) for i in range(1, 14) if rng.random() < 0.8},
                          **{f"C{i}": f"{rng.integers(0, 2**32):08x}" for i in range(1, 9) if rng.random() < 0.9}) for _ in range(3)],
    "sparse_ids": (0, 1000)}


@model("s44_keras_deepfm_field_hash_export_archive", "keras-export-archive", "Keras 3 DeepFM over 10 fields sharing one feature space: field ids [None,10] int64 -> first-order Embedding(2000,1) summed (SumFields), second-order FM term (custom FMSecondOrder: 0.5*((sum e)^2 - sum e^2)) on Embedding(2000,8), deep Flatten -> Dense 64/32 -> 1; Add + sigmoid; ExportArchive endpoints: serving_default parses 10 string fields from tf.Example (default 'missing') and hashes 'field=value' strings built with tf.strings.join into 2000 buckets; serve_ids takes field_ids directly")
def b_deepfm(out):
    _, _, FMSecondOrder, SumFields = _klayers()
    ids = keras.Input((10,), dtype="int64", name="field_ids")
    first = SumFields()(L.Embedding(2000, 1, name="fm_first_order")(ids))
    e = L.Embedding(2000, 8, name="fm_embedding")(ids)
    second = FMSecondOrder()(e)
    deep = L.Dense(1)(L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(L.Flatten()(e))))
    m = keras.Model(ids, L.Activation("sigmoid", name="ctr")(L.Add()([first, second, deep])))
    fields = ["site_id", "site_category", "app_id", "app_category", "device_model", "device_type", "conn_type", "banner_pos", "C14", "C17"]

    def serving_default(examples):
        f = tf.io.parse_example(examples, {k: tf.io.FixedLenFeature([], tf.string, default_value="missing") for k in fields})
        hashed = [tf.strings.to_hash_bucket_fast(tf.strings.join([k, f[k]], separator="="), 2000) for k in fields]
        return {"ctr": m(tf.stack(hashed, 1), training=False)}

    def serve_ids(field_ids):
        return {"ctr": m(field_ids, training=False)}
    _archive(out, [m], serving_default=(serving_default, [tensor_spec([None], "string", "examples")]),
             serve_ids=(serve_ids, [tensor_spec([None, 10], "int64", "field_ids")]))


FEEDS["s44_keras_deepfm_field_hash_export_archive"] = lambda rng: {
    "examples": [_example(site_id=f"{rng.integers(0, 2**24):06x}", app_category="07d7df22", device_type="1", banner_pos="0", C14=str(rng.integers(10000, 30000))),
                 _example(site_category="50e219e0", conn_type="2"), _example()],
    "field_ids": (0, 2000)}


@model("s44_keras_text_cnn_vocab_table_serving", "keras-module", "Keras 3 text CNN (Embedding(vocab+2, 32, mask_zero) -> Conv1D(64, 3) relu -> GlobalMaxPooling1D -> Dropout -> Dense(3)) wrapped in a tf.Module whose serving functions tokenize in-graph: tf.strings.lower, regex_replace (HTML breaks, punctuation), tf.strings.split, StaticVocabularyTable(1 OOV) lookup + 1 so 0 pads, RaggedTensor.to_tensor(shape [None,40]); serving_default parses FixedLenFeature string review (default '') from tf.Example, classify_text takes raw text [None]; outputs probabilities and label strings")
def b_text_cnn(out):
    vocab = sorted(set(WORDS))
    table = _vocab_table(vocab, oov=1)
    m = keras.Sequential([keras.Input((40,), dtype="int64"), L.Embedding(len(vocab) + 2, 32, mask_zero=True),
                          L.Conv1D(64, 3, activation="relu"), L.GlobalMaxPooling1D(), L.Dropout(0.3), L.Dense(3)])
    labels = tf.constant(["negative", "neutral", "positive"])

    def predict(text):
        t = tf.strings.regex_replace(tf.strings.lower(text), "<br />", " ")
        t = tf.strings.regex_replace(t, r"[[:punct:]]", " ")
        ids = tf.ragged.map_flat_values(table.lookup, tf.strings.split(t)) + 1
        probs = tf.nn.softmax(m(ids.to_tensor(default_value=0, shape=[None, 40]), training=False))
        return {"probabilities": probs, "label": tf.gather(labels, tf.argmax(probs, 1))}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        return predict(tf.io.parse_example(examples, {"review": tf.io.FixedLenFeature([], tf.string, default_value="")})["review"])

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def classify_text(text):
        return predict(text)
    _save(out, {"model": m, "table": table}, serving_default=serving_default, classify_text=classify_text)


FEEDS["s44_keras_text_cnn_vocab_table_serving"] = lambda rng: {
    "examples": [_example(review="Great product, fast shipping!<br />Would buy again."), _example(review="Screen broke after two days :("), _example()],
    "text": ["not worth the money", "excellent battery", "ok"]}


@model("s44_keras_esmm_stringlookup_hashing_export_archive", "keras-export-archive", "Keras 3 ESMM-style multitask model with preprocessing layers inside: string inputs [None,1] through StringLookup (country / device vocabularies) and Hashing(500) (item_id), IntegerLookup on int64 category_code, Normalization(mean/variance given) on price; shared embeddings, CTR tower and CVR tower Dense 32 -> sigmoid, pCTCVR = pCTR * pCVR (Multiply); keras.export.ExportArchive with a serving_default endpoint parsing tf.Example (FixedLenFeature [1] string / int64 / float with defaults) and a serve_raw endpoint over the raw tensors")
def b_esmm(out):
    inp = {"country": keras.Input((1,), dtype="string", name="country"), "device": keras.Input((1,), dtype="string", name="device"),
           "item_id": keras.Input((1,), dtype="string", name="item_id"), "category_code": keras.Input((1,), dtype="int64", name="category_code"),
           "price": keras.Input((1,), name="price")}
    c = L.Embedding(len(COUNTRIES) + 1, 4)(L.StringLookup(vocabulary=COUNTRIES)(inp["country"]))
    d = L.Embedding(len(DEVICES) + 1, 3)(L.StringLookup(vocabulary=DEVICES)(inp["device"]))
    it = L.Embedding(500, 8)(L.Hashing(500)(inp["item_id"]))
    cc = L.Embedding(7, 3)(L.IntegerLookup(vocabulary=[101, 102, 205, 330, 412, 999])(inp["category_code"]))
    p = L.Normalization(mean=25.0, variance=400.0)(inp["price"])
    x = L.Concatenate()([L.Flatten()(c), L.Flatten()(d), L.Flatten()(it), L.Flatten()(cc), p])
    ctr = L.Dense(1, activation="sigmoid", name="p_ctr")(L.Dense(32, activation="relu")(x))
    cvr = L.Dense(1, activation="sigmoid", name="p_cvr")(L.Dense(32, activation="relu")(x))
    m = keras.Model(inp, {"p_ctr": ctr, "p_cvr": cvr, "p_ctcvr": L.Multiply(name="p_ctcvr")([ctr, cvr])})
    names = ["country", "device", "item_id", "category_code", "price"]

    def serving_default(examples):
        F = tf.io.FixedLenFeature
        f = tf.io.parse_example(examples, {"country": F([1], tf.string, default_value=["US"]), "device": F([1], tf.string, default_value=["web"]),
                                           "item_id": F([1], tf.string, default_value=[""]), "category_code": F([1], tf.int64, default_value=[0]),
                                           "price": F([1], tf.float32, default_value=[0.0])})
        return m(f, training=False)

    def serve_raw(country, device, item_id, category_code, price):
        return m(dict(country=country, device=device, item_id=item_id, category_code=category_code, price=price), training=False)
    raw = [tensor_spec([None, 1], "int64" if n == "category_code" else "float32" if n == "price" else "string", n) for n in names]
    _archive(out, [m], serving_default=(serving_default, [tensor_spec([None], "string", "examples")]), serve_raw=(serve_raw, raw))


FEEDS["s44_keras_esmm_stringlookup_hashing_export_archive"] = lambda rng: {
    "examples": [_example(country="IN", device="android", item_id="sku-123", category_code=205, price=19.99),
                 _example(country="ZZ", item_id="sku-9"), _example()],
    "country": [["US"], ["FR"], ["JP"]], "device": [["ios"], ["web"], ["car"]], "item_id": [["a"], ["b"], ["c"]],
    "category_code": np.array([[101], [7], [999]]), "price": np.array([[5.0], [30.0], [250.0]])}


@model("s44_keras_two_tower_user_item_signatures", "keras-module", "Keras 3 two-tower retrieval in a tf.Module with three signatures: serving_default (user tf.Examples: FixedLenFeature string user_id hashed to 1000, int64 age default 30 bucketized by tf.raw_ops.Bucketize, RaggedFeature int64 recent_item_ids -> tf.sparse.segment_mean embedding bag) -> L2-normalized user embedding [None,32]; item_embedding (item tf.Examples: item_id hash, VarLenFeature string tags -> vocab lookup -> safe_embedding_lookup_sparse mean) -> item embedding; score (user examples + item examples, same batch) -> cosine scores")
def b_two_tower(out):
    uq = keras.Sequential([keras.Input((8 + 4 + 16,)), L.Dense(64, activation="relu"), L.Dense(32), L.UnitNormalization()], name="user_tower")
    iq = keras.Sequential([keras.Input((16 + 8,)), L.Dense(64, activation="relu"), L.Dense(32), L.UnitNormalization()], name="item_tower")
    uid, age_e, hist = _emb(1000, 8, 191, "user_id_embedding"), _emb(11, 4, 192, "age_bucket_embedding"), _emb(1000, 16, 193, "history_item_embedding")
    iid, tag_e = _emb(1000, 16, 194, "item_id_embedding"), _emb(len(GENRES) + 1, 8, 195, "tag_embedding")
    tags = _vocab_table(GENRES, oov=1)

    def user(examples):
        f = tf.io.parse_example(examples, {"user_id": tf.io.FixedLenFeature([], tf.string, default_value=""),
                                           "age": tf.io.FixedLenFeature([], tf.int64, default_value=30),
                                           "recent_item_ids": tf.io.RaggedFeature(tf.int64, row_splits_dtype=tf.int32)})
        r = f["recent_item_ids"]
        h = tf.sparse.segment_mean(hist, tf.math.floormod(r.values, 1000), r.value_rowids(), num_segments=r.nrows())
        ab = tf.raw_ops.Bucketize(input=tf.cast(f["age"], tf.float32), boundaries=AGE_BOUNDARIES)
        return uq(tf.concat([tf.gather(uid, tf.strings.to_hash_bucket_fast(f["user_id"], 1000)), tf.gather(age_e, ab), h], 1), training=False)

    def item(examples):
        f = tf.io.parse_example(examples, {"item_id": tf.io.FixedLenFeature([], tf.string, default_value=""), "tags": tf.io.VarLenFeature(tf.string)})
        t = tf.nn.safe_embedding_lookup_sparse(tag_e, tf.sparse.map_values(tags.lookup, f["tags"]), combiner="mean")
        return iq(tf.concat([tf.gather(iid, tf.strings.to_hash_bucket_fast(f["item_id"], 1000)), t], 1), training=False)

    @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
    def serving_default(examples):
        return {"user_embedding": user(examples)}

    @tf.function(input_signature=[tensor_spec([None], "string", "item_examples")])
    def item_embedding(item_examples):
        return {"item_embedding": item(item_examples)}

    @tf.function(input_signature=[tensor_spec([None], "string", "examples"), tensor_spec([None], "string", "item_examples")])
    def score(examples, item_examples):
        return {"score": tf.reduce_sum(user(examples) * item(item_examples), 1)}
    _save(out, {"user_tower": uq, "item_tower": iq, "table": tags, "vars": [uid, age_e, hist, iid, tag_e]},
          serving_default=serving_default, item_embedding=item_embedding, score=score)


FEEDS["s44_keras_two_tower_user_item_signatures"] = lambda rng: {
    "examples": [_example(user_id="u42", age=27, recent_item_ids=[3, 99, 12000]), _example(user_id="u7"), _example(age=70, recent_item_ids=[5])],
    "item_examples": [_example(item_id="i1", tags=["drama", "romance"]), _example(item_id="i2"), _example(tags=["western"])]}


# ================================================================================ TF1 SavedModelBuilder graphs

def _v1_census_graph():
    """TF1 graph: examples placeholder -> parse_example -> hand-written transform (tables created in the graph) ->
    embeddings via get_variable -> hidden 16 -> logits [None,1]"""
    ex = v1.placeholder(tf.string, [None], name="input_example_tensor")
    f = tf.io.parse_example(ex, _census_spec())
    wc = _vocab_table(WORKCLASS, oov=2)
    ed = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(EDUCATION, tf.range(len(EDUCATION), dtype=tf.int64)), default_value=len(EDUCATION))
    t = _census_transform(f, wc, ed)
    with v1.variable_scope("input_layer"):
        parts = [tf.stack([t["age_z"], t["hours_z"], t["gain_log"]], 1)]
        for k, n, d in (("age_bucket", 11, 4), ("workclass_id", 9, 4), ("education_id", 8, 4), ("occupation_hash", 64, 6), ("age_x_education", 128, 6)):
            parts.append(tf.nn.embedding_lookup(_v1_var(k + "_embedding", [n, d]), t[k]))
        x = tf.concat(parts, 1)
    with v1.variable_scope("dnn"):
        logits = _v1_fc(_v1_fc(x, 16, "hiddenlayer_0"), 1, "logits", None)
    return ex, logits


@model("s44_tf1_census_classify_regress_predict_builder", "tf1-savedmodel", "TF1 graph-mode Estimator-like export with SavedModelBuilder: input_example_tensor string [None] -> tf.io.parse_example (FixedLenFeature with defaults) -> Bucketize, z-score, StaticVocabularyTable / StaticHashTable lookups, to_hash_bucket_fast and hashed string-join cross -> get_variable embeddings + hidden 16 -> logit; signature_def_utils classification_signature_def (classes tiled label strings, scores) as serving_default and 'classification', regression_signature_def (logistic) as 'regression', predict_signature_def as 'predict'; main_op runs tables_initializer")
def b_tf1_census(out):
    def build():
        ex, logits = _v1_census_graph()
        p = tf.sigmoid(logits, name="head/logistic")
        scores = tf.concat([1.0 - p, p], 1, name="head/probabilities")
        classes = tf.tile(tf.constant([["<=50K", ">50K"]]), [tf.shape(p)[0], 1])
        cls = ("classify", {"inputs": ex}, {"classes": classes, "scores": scores})
        return {"serving_default": cls, "classification": cls, "regression": ("regress", {"inputs": ex}, {"outputs": p}),
                "predict": ("predict", {"examples": ex}, {"logits": logits, "logistic": p, "probabilities": scores,
                                                          "class_ids": tf.argmax(scores, 1)})}
    _tf1(out, build)


FEEDS["s44_tf1_census_classify_regress_predict_builder"] = _census_feed


@model("s44_tf1_multiclass_topk_index_to_string_classify", "tf1-savedmodel", "TF1 product categorizer (SavedModelBuilder, legacy_init_op): serialized tf.Example -> parse_example (FixedLenFeature float [6] price/size features, VarLenFeature string title_tokens); tf.strings.to_hash_bucket (legacy StringToHashBucket) on sparse values -> tf.nn.safe_embedding_lookup_sparse(mean) -> hidden 32 -> 8 logits; top_k(3) indices mapped to category names with a StaticHashTable int64 -> string; classification_signature_def (classes [None,3], scores) as serving_default plus predict")
def b_tf1_topk(out):
    def build():
        ex = v1.placeholder(tf.string, [None], name="input_example_tensor")
        f = tf.io.parse_example(ex, {"numeric": tf.io.FixedLenFeature([6], tf.float32, default_value=[0.0] * 6),
                                     "title_tokens": tf.io.VarLenFeature(tf.string)})
        tok = f["title_tokens"]
        ids = tf.SparseTensor(tok.indices, tf.strings.to_hash_bucket(tok.values, 500), tok.dense_shape)
        emb = tf.nn.safe_embedding_lookup_sparse(_v1_var("title_embedding", [500, 12]), ids, None, combiner="mean")
        logits = _v1_fc(_v1_fc(tf.concat([emb, tf.math.log1p(tf.abs(f["numeric"]))], 1), 32, "hidden"), 8, "logits", None)
        scores, idx = tf.math.top_k(tf.nn.softmax(logits), k=3)
        names = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(tf.range(8, dtype=tf.int64), CATEGORIES), default_value="unknown")
        classes = names.lookup(tf.cast(idx, tf.int64))
        return {"serving_default": ("classify", {"inputs": ex}, {"classes": classes, "scores": scores}),
                "predict": ("predict", {"examples": ex}, {"logits": logits, "top_classes": classes, "top_scores": scores})}
    _tf1(out, build, init="legacy")


FEEDS["s44_tf1_multiclass_topk_index_to_string_classify"] = lambda rng: {k: [
    _example(numeric=[float(x) for x in rng.random(6) * 100], title_tokens=_pick(rng, WORDS, 4)), _example(title_tokens=["battery"]), _example()]
    for k in ("inputs", "examples")}


@model("s44_tf1_sequence_example_masked_mean_predict", "tf1-savedmodel", "TF1 graph (SavedModelBuilder) over tf.SequenceExample: string [None] -> tf.io.parse_sequence_example (context int64 store_id, string region; sequence FixedLenSequenceFeature float daily_sales and int64 promo_flag) with lengths -> tf.sequence_mask; log1p sales, masked mean / max / last-value features, store embedding (floormod 100) and region hash; hidden 16 -> 7-day forecast (softplus); predict signature with forecast and the sequence length")
def b_tf1_seq(out):
    def build():
        ex = v1.placeholder(tf.string, [None], name="sequence_examples")
        ctx, seq, lens = tf.io.parse_sequence_example(
            ex, context_features={"store_id": tf.io.FixedLenFeature([], tf.int64, default_value=0),
                                  "region": tf.io.FixedLenFeature([], tf.string, default_value="")},
            sequence_features={"daily_sales": tf.io.FixedLenSequenceFeature([], tf.float32),
                               "promo_flag": tf.io.FixedLenSequenceFeature([], tf.int64)})
        n = lens["daily_sales"]
        mask = tf.cast(tf.sequence_mask(n, tf.shape(seq["daily_sales"])[1]), tf.float32)
        s = tf.math.log1p(tf.maximum(seq["daily_sales"], 0.0))
        cnt = tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        last = tf.gather(s, tf.maximum(n - 1, 0), batch_dims=1)
        feats = tf.stack([tf.reduce_sum(s * mask, 1) / cnt, tf.reduce_max(s * mask, 1), last,
                          tf.reduce_sum(tf.cast(seq["promo_flag"], tf.float32) * mask, 1) / cnt], 1)
        store = tf.nn.embedding_lookup(_v1_var("store_embedding", [100, 6]), tf.math.floormod(ctx["store_id"], 100))
        region = tf.nn.embedding_lookup(_v1_var("region_embedding", [16, 3]), tf.strings.to_hash_bucket_fast(ctx["region"], 16))
        forecast = tf.nn.softplus(_v1_fc(_v1_fc(tf.concat([feats, store, region], 1), 16, "hidden"), 7, "forecast", None))
        return {"serving_default": ("predict", {"sequence_examples": ex}, {"forecast": forecast, "history_length": n})}
    _tf1(out, build)


FEEDS["s44_tf1_sequence_example_masked_mean_predict"] = lambda rng: {"sequence_examples": [
    _seq_example({"store_id": int(rng.integers(0, 1000)), "region": _pick(rng, ["north", "south", "east"])},
                 {"daily_sales": [[float(x)] for x in rng.random(k) * 500], "promo_flag": [[int(x)] for x in rng.integers(0, 2, k)]})
    for k in (14, 3, 28)]}


@model("s44_tf1_sparse_cross_hashed_linear_regress", "tf1-savedmodel", "TF1 LinearRegressor-like trip-duration model (SavedModelBuilder): tf.Example -> parse_example (string pickup_zone / dropoff_zone, int64 hour, VarLenFeature string weather_tags, float trip_distance); tf.sparse.cross_hashed([pickup, dropoff, hour-as-string], 2000) and zone hashes as SparseTensors -> tf.nn.embedding_lookup_sparse(sum) into linear weights, plus distance weight and bias; regression_signature_def (outputs = exp(prediction) minutes) as serving_default and 'regression', predict signature")
def b_tf1_cross(out):
    def build():
        ex = v1.placeholder(tf.string, [None], name="input_example_tensor")
        S = lambda d: tf.io.FixedLenFeature([], tf.string, default_value=d)
        f = tf.io.parse_example(ex, {"pickup_zone": S("unknown"), "dropoff_zone": S("unknown"),
                                     "hour": tf.io.FixedLenFeature([], tf.int64, default_value=0),
                                     "weather_tags": tf.io.VarLenFeature(tf.string),
                                     "trip_distance": tf.io.FixedLenFeature([], tf.float32, default_value=1.0)})
        n = tf.shape(ex)[0]
        col = lambda t: t[:, None]
        cross = tf.sparse.cross_hashed([col(f["pickup_zone"]), col(f["dropoff_zone"]), col(tf.strings.as_string(f["hour"]))], num_buckets=2000)
        w_cross = _v1_var("linear/cross_weights", [2000, 1], 0.01)
        w_zone = _v1_var("linear/zone_weights", [300, 1], 0.01)
        w_weather = _v1_var("linear/weather_weights", [50, 1], 0.01)
        zones = tf.sparse.from_dense(tf.strings.to_hash_bucket_fast(tf.stack([f["pickup_zone"], f["dropoff_zone"]], 1), 300))
        wt = f["weather_tags"]
        weather = tf.SparseTensor(wt.indices, tf.strings.to_hash_bucket_fast(wt.values, 50), wt.dense_shape)
        pad = lambda t: tf.pad(t, [[0, n - tf.shape(t)[0]], [0, 0]])
        pred = (pad(tf.nn.embedding_lookup_sparse(w_cross, cross, None, combiner="sum")) + pad(tf.nn.embedding_lookup_sparse(w_zone, zones, None, combiner="sum"))
                + pad(tf.nn.embedding_lookup_sparse(w_weather, weather, None, combiner="sum"))
                + 0.8 * tf.math.log1p(f["trip_distance"])[:, None] + v1.get_variable("linear/bias", [1], initializer=v1.constant_initializer(2.3)))
        minutes = tf.exp(pred, name="minutes")
        reg = ("regress", {"inputs": ex}, {"outputs": minutes})
        return {"serving_default": reg, "regression": reg, "predict": ("predict", {"examples": ex}, {"log_minutes": pred, "minutes": minutes})}
    _tf1(out, build)


FEEDS["s44_tf1_sparse_cross_hashed_linear_regress"] = lambda rng: {k: [
    _example(pickup_zone="Midtown", dropoff_zone="JFK", hour=17, weather_tags=["rain", "wind"], trip_distance=16.5),
    _example(pickup_zone="SoHo", dropoff_zone="Chelsea", hour=2, trip_distance=1.2), _example()] for k in ("inputs", "examples")}


@model("s44_tf1_sharded_safe_embedding_multihot_classify", "tf1-savedmodel", "TF1 graph (SavedModelBuilder, main_op) with a 2-shard embedding table (two get_variable shards) used by tf.nn.safe_embedding_lookup_sparse (weighted sqrtn, default for empty rows) over VarLenFeature int64 app_ids + VarLenFeature float app_usage_hours; StaticVocabularyTable(os_version, 2 OOV) on a FixedLenFeature string; hidden 16 -> sigmoid; classification_signature_def with scores only (no classes) as serving_default and a predict signature")
def b_tf1_sharded(out):
    def build():
        ex = v1.placeholder(tf.string, [None], name="input_example_tensor")
        f = tf.io.parse_example(ex, {"app_ids": tf.io.VarLenFeature(tf.int64), "app_usage_hours": tf.io.VarLenFeature(tf.float32),
                                     "os_version": tf.io.FixedLenFeature([], tf.string, default_value="")})
        shards = [_v1_var(f"app_embedding/part_{i}", [500, 8]) for i in range(2)]
        apps = tf.SparseTensor(f["app_ids"].indices, tf.math.floormod(f["app_ids"].values, 1000), f["app_ids"].dense_shape)
        a = tf.nn.safe_embedding_lookup_sparse(shards, apps, f["app_usage_hours"], combiner="sqrtn")
        os_t = _vocab_table(["android-12", "android-13", "android-14", "ios-16", "ios-17"], oov=2)
        o = tf.nn.embedding_lookup(_v1_var("os_embedding", [7, 3]), os_t.lookup(f["os_version"]))
        p = tf.sigmoid(_v1_fc(_v1_fc(tf.concat([a, o], 1), 16, "hidden"), 1, "logits", None))
        return {"serving_default": ("classify", {"inputs": ex}, {"scores": p}),
                "predict": ("predict", {"examples": ex}, {"churn_probability": p})}
    _tf1(out, build)


FEEDS["s44_tf1_sharded_safe_embedding_multihot_classify"] = lambda rng: {k: [
    _example(app_ids=[3, 777, 1500], app_usage_hours=[1.5, 0.2, 3.0], os_version="ios-17"),
    _example(os_version="android-9"), _example(app_ids=[42], app_usage_hours=[8.0])] for k in ("inputs", "examples")}


@model("s44_tf1_ragged_feature_embedding_bag_predict", "tf1-savedmodel", "TF1 graph (SavedModelBuilder) using RaggedFeature parsing in graph mode: tf.Example -> parse_example with RaggedFeature string search_terms and RaggedFeature int64 clicked_doc_ids; terms hashed with ragged map_flat_values(to_hash_bucket_fast) and embedded via tf.nn.embedding_lookup on ragged ids + ragged reduce_mean, clicks via tf.sparse.segment_sum on value_rowids (clipped ids); hidden 16 -> 4 intent probabilities; two predict signatures (serving_default and 'intent_logits')")
def b_tf1_ragged(out):
    def build():
        ex = v1.placeholder(tf.string, [None], name="examples")
        f = tf.io.parse_example(ex, {"search_terms": tf.io.RaggedFeature(tf.string), "clicked_doc_ids": tf.io.RaggedFeature(tf.int64)})
        terms = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, f["search_terms"], 800)
        t = tf.reduce_mean(tf.nn.embedding_lookup(_v1_var("term_embedding", [800, 8]), terms), axis=1)
        t = tf.where(tf.math.is_nan(t), tf.zeros_like(t), t)
        c = f["clicked_doc_ids"]
        d = tf.sparse.segment_sum(_v1_var("doc_embedding", [200, 8]), tf.clip_by_value(c.values, 0, 199), c.value_rowids(), num_segments=c.nrows())
        logits = _v1_fc(_v1_fc(tf.concat([t, d], 1), 16, "hidden"), 4, "intent", None)
        return {"serving_default": ("predict", {"examples": ex}, {"intent_probabilities": tf.nn.softmax(logits)}),
                "intent_logits": ("predict", {"examples": ex}, {"logits": logits})}
    _tf1(out, build)


FEEDS["s44_tf1_ragged_feature_embedding_bag_predict"] = lambda rng: {"examples": [
    _example(search_terms=["cheap", "flights", "paris"], clicked_doc_ids=[4, 90, 250]), _example(search_terms=["weather"]), _example()]}


# ================================================================================ frozen TF2 functions over parsed features

@model("s44_frozen_parsed_dense_bucketize_embed_mlp", "frozen-pb", "TF2 function frozen with convert_variables_to_constants_v2 that takes already-parsed features: numeric float [None,5] and category_ids int64 [None,3]; Bucketize (tf.raw_ops) of column 0 with 10 boundaries, z-score constants on the rest, tf.gather embeddings from a [50,8] table on floormod ids and a [11,4] bucket table, MLP 32/16 -> sigmoid probability")
def b_frozen_bucket(out):
    table, bt = _emb(50, 8, 201, "category_embedding"), _emb(11, 4, 202, "bucket_embedding")
    net = _params([4 + 24 + 4, 32, 16, 1], 203)
    mean, std = tf.constant([0.5, 0.5, 0.5, 0.5]), tf.constant([0.29, 0.29, 0.29, 0.29])

    def fn(numeric, category_ids):
        b = tf.raw_ops.Bucketize(input=numeric[:, 0] * 100.0, boundaries=AGE_BOUNDARIES)
        e = tf.reshape(tf.gather(table, tf.math.floormod(category_ids, 50)), [-1, 24])
        return tf.identity(_mlp(net, tf.concat([(numeric[:, 1:] - mean) / std, e, tf.gather(bt, b)], 1), tf.sigmoid), name="probability")
    _freeze(fn, [tensor_spec([None, 5], name="numeric"), tensor_spec([None, 3], "int64", "category_ids")], out)


OUTPUTS["s44_frozen_parsed_dense_bucketize_embed_mlp"] = ["probability"]
FEEDS["s44_frozen_parsed_dense_bucketize_embed_mlp"] = {"category_ids": (0, 500)}


@model("s44_frozen_string_fields_hash_fm", "frozen-pb", "TF2 function frozen with convert_variables_to_constants_v2 over already-parsed string fields [None,6]: per-field prefix joined with tf.strings.join and hashed with to_hash_bucket_fast(5000), first-order weights + FM second-order term on gathered [5000,8] embeddings, sigmoid ctr; string ops stay in the frozen GraphDef")
def b_frozen_fm(out):
    w1, v = _emb(5000, 1, 211, "fm_w"), _emb(5000, 8, 212, "fm_v")
    prefixes = tf.constant([["f0=", "f1=", "f2=", "f3=", "f4=", "f5="]])

    def fn(fields):
        ids = tf.strings.to_hash_bucket_fast(tf.strings.join([tf.broadcast_to(prefixes, tf.shape(fields)), fields]), 5000)
        e = tf.gather(v, ids)
        s = tf.reduce_sum(e, 1)
        fm = 0.5 * tf.reduce_sum(s * s - tf.reduce_sum(e * e, 1), 1)
        return tf.identity(tf.sigmoid(tf.reduce_sum(tf.gather(w1, ids)[..., 0], 1) + fm), name="ctr")
    _freeze(fn, [tensor_spec([None, 6], "string", "fields")], out)


OUTPUTS["s44_frozen_string_fields_hash_fm"] = ["ctr"]
FEEDS["s44_frozen_string_fields_hash_fm"] = {"fields": [["a", "b", "c", "d", "e", "f"], ["x", "", "ios", "US", "12", "0"]]}


@model("s44_frozen_keras_dcn_parsed_features", "frozen-pb", "Keras 3 DCN-v2 (custom Cross layer x2 + Dense 32 deep branch) over parsed dense [None,6] and ids int64 [None,2] (Embedding(100,8) each), frozen with convert_variables_to_constants_v2 through a function calling the model with training=False")
def b_frozen_dcn(out):
    Cross, _, _, _ = _klayers()
    dense, ids = keras.Input((6,), name="dense_features"), keras.Input((2,), dtype="int64", name="category_ids")
    x0 = L.Concatenate()([dense, L.Flatten()(L.Embedding(100, 8)(ids))])
    x = Cross()(x0, Cross()(x0, x0))
    m = keras.Model([dense, ids], L.Dense(1, activation="sigmoid")(L.Concatenate()([x, L.Dense(32, activation="relu")(x0)])))

    def fn(dense_features, category_ids):
        return tf.identity(m([dense_features, category_ids], training=False), name="score")
    _freeze(fn, [tensor_spec([None, 6], name="dense_features"), tensor_spec([None, 2], "int64", "category_ids")], out)


OUTPUTS["s44_frozen_keras_dcn_parsed_features"] = ["score"]
FEEDS["s44_frozen_keras_dcn_parsed_features"] = {"category_ids": (0, 100)}


@model("s44_frozen_padded_multi_hot_masked_mean", "frozen-pb", "TF2 function frozen with convert_variables_to_constants_v2 taking a multi-hot feature already densified by the parser: padded ids int32 [None,10] with -1 padding and weights float [None,10]; mask from ids >= 0, tf.gather on max(ids,0) from a [300,16] table, weighted masked mean (divide by clipped weight sum), concat user_dense [None,4]; Dense 16 -> 3 softmax")
def b_frozen_multi_hot(out):
    table = _emb(300, 16, 221, "item_embedding")
    net = _params([20, 16, 3], 222)

    def fn(padded_ids, weights, user_dense):
        mask = tf.cast(padded_ids >= 0, tf.float32) * weights
        e = tf.gather(table, tf.maximum(padded_ids, 0))
        pooled = tf.reduce_sum(e * mask[..., None], 1) / tf.maximum(tf.reduce_sum(mask, 1, keepdims=True), 1e-6)
        return tf.nn.softmax(_mlp(net, tf.concat([pooled, user_dense], 1)), name="probabilities")
    _freeze(fn, [tensor_spec([None, 10], "int32", "padded_ids"), tensor_spec([None, 10], name="weights"), tensor_spec([None, 4], name="user_dense")], out)


OUTPUTS["s44_frozen_padded_multi_hot_masked_mean"] = ["probabilities"]
FEEDS["s44_frozen_padded_multi_hot_masked_mean"] = lambda rng: {"padded_ids": np.array([[5, 17, 299, -1, -1, -1, -1, -1, -1, -1], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]])}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, v1
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, v1 = tensorflow, k, numpy, k.layers, tensorflow.compat.v1
    tf.get_logger().setLevel("ERROR")


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
