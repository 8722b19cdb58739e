"""Build an independently made corpus into bench/out/fresh15/: recommendation, ranking, tabular and forecasting models
the way production teams export them -- in the styles of TensorFlow Recommenders, TFX / Estimator-era feature columns,
Keras 3 preprocessing layers and Kaggle notebooks. Retrieval two-towers with brute-force top-k over a constant
candidate index, DCN / DCN-v2 cross layers, DLRM dot interactions with a tril gather, wide & deep with hashed crosses,
DeepFM / AutoInt, SASRec / BERT4Rec / GRU4Rec sequence recommenders with padding masks, MMoE / PLE multi-task heads and
argsort re-rankers; string / int64 id handling (to_hash_bucket_fast, Hashing, HashedCrossing, StringLookup /
IntegerLookup with several OOV buckets and mask tokens, CategoryEncoding, Discretization, adapted Normalization,
tf.compat.v1.feature_column input layers); serving signatures with dict inputs, string features, SparseTensor and
RaggedTensor arguments (embedding_lookup_sparse, safe_embedding_lookup_sparse, ragged reduce_mean) and serialized
tf.Example protos; tabular nets (TabNet with sparsemax, NODE soft oblivious trees, FT-Transformer, entity embeddings,
piecewise-linear calibrators with tf.searchsorted, quantile heads, NaN masks, a gathered tree ensemble) and forecasters
(DeepAR, N-BEATS, TFT, DLinear with conv1d moving averages and rfft, Prophet-like Fourier terms, while-loop rollouts,
WaveNet). Exported as Keras 3 model.export / keras.export.ExportArchive, tf.saved_model.save of tf.Modules with
tf.function(input_signature=...) serving functions (several signatures on some) and of Keras models, TF1
SavedModelBuilder graphs and frozen GraphDefs. Tiny widths, seeded random weights (adapt() on random data where a
layer needs it); nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh15.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh15.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh15.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh15.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh15.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. A SavedModel signature takes a
SparseTensor argument `x` as three tensors x (indices), x_1 (values), x_2 (dense_shape) and a RaggedTensor as x (flat
values), x_1 (row splits); a TF1 sparse placeholder as x_indices, x_values, x_dense_shape: FEEDS gives them consistent
values, so --check needs nothing beyond corpus_driver.run_model.
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export,  # noqa: E402
                           serve_module, tensor_spec, tf1_saved_model)

CORPUS = Corpus("fresh15", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

USERS = [f"user_{i:03d}" for i in range(40)]
ITEMS = [f"item_{i:03d}" for i in range(120)]
MOVIES = ["Toy Story (1995)", "Heat (1995)", "Casino (1995)", "Fargo (1996)", "Twister (1996)", "Scream (1996)",
          "Titanic (1997)", "Contact (1997)", "Gattaca (1997)", "Mulan (1998)", "Rushmore (1998)", "Ronin (1998)"]
GENRES = ["action", "comedy", "drama", "horror", "romance", "sci-fi", "thriller", "documentary", "animation", "crime"]
OCCUPATIONS = ["Tech-support", "Craft-repair", "Sales", "Exec-managerial", "Prof-specialty", "Adm-clerical",
               "Farming-fishing", "Transport-moving", "Protective-serv", "Other-service"]
EDUCATION = ["Bachelors", "HS-grad", "Masters", "Some-college", "Assoc-voc", "Doctorate", "11th", "9th"]
COUNTRIES = ["United-States", "Mexico", "Philippines", "Germany", "Canada", "India", "England", "Cuba"]
CATEGORIES = ["electronics", "books", "toys", "garden", "sports", "beauty", "grocery"]


# ================================================================================ shared pieces

def _pick(rng, vocab, shape, extra=("<unseen>",)):
    """strings drawn from a vocabulary plus a few out-of-vocabulary ones, as a client sends them"""
    return np.array(rng.choice(list(vocab) + list(extra), shape), dtype=object)


def _sparse(rng, name, rows, width, lo, hi, values=None, suffixes=("", "_1", "_2")):
    """the three tensors a signature takes for a SparseTensor argument `name`: indices [N,2] (row-major, every row
    non-empty), values [N] (ints in [lo, hi) or values(n)), dense_shape [rows, width]"""
    idx = np.array([[r, c] for r in range(rows) for c in range(rng.integers(1, width + 1))], "int64")
    vals = rng.integers(lo, hi, len(idx)) if values is None else values(len(idx))
    return dict(zip((name + s for s in suffixes), (idx, vals, np.array([rows, width], "int64"))))


def _ragged(rng, name, rows, max_len, lo=None, hi=None, values=None):
    """the two tensors a signature takes for a RaggedTensor argument `name`: flat values and int64 row splits"""
    lengths = rng.integers(1, max_len + 1, rows)
    n = int(lengths.sum())
    vals = rng.integers(lo, hi, n) if values is None else values(n)
    return {name: vals, name + "_1": np.concatenate([[0], np.cumsum(lengths)]).astype("int64")}


def _example(**feats):
    """a serialized tf.train.Example: str / bytes -> bytes_list, ints -> int64_list, floats -> float_list"""
    f = {}
    for k, v in feats.items():
        v = list(np.atleast_1d(np.asarray(v, dtype=object)))
        if v and isinstance(v[0], (str, bytes)):
            f[k] = tf.train.Feature(bytes_list=tf.train.BytesList(value=[s.encode() if isinstance(s, str) else s
                                                                          for s in v]))
        elif v and all(isinstance(x, (int, np.integer)) for x in v):
            f[k] = tf.train.Feature(int64_list=tf.train.Int64List(value=[int(x) for x in v]))
        else:
            f[k] = tf.train.Feature(float_list=tf.train.FloatList(value=[float(x) for x in v]))
    return tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString()


def _ids(rng, shape, lo, hi, left_pad=None):
    """ids in [lo, hi), the first `left_pad` positions of every other row zeroed (left padding, newest item last)"""
    a = rng.integers(lo, hi, shape)
    if left_pad:
        a[::2, :left_pad] = 0
    return a


def _mlp(x, widths, act="relu", dropout=None):
    for w in widths:
        x = L.Dense(w, activation=act)(x)
        if dropout:
            x = L.Dropout(dropout)(x)
    return x


def _var(rng, shape, scale=0.1, name=None):
    return tf.Variable(rng.normal(0.0, scale, shape).astype("float32"), name=name)


def _tf1_saved_model_with_tables(out, sigs_fn):
    """tf1_saved_model as an Estimator's export_saved_model writes it: same SavedModelBuilder predict signatures, plus
    main_op = tables_initializer (the feature columns' vocabulary lookups are hash tables)"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        sigs = sigs_fn()
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            s.run(v1.tables_initializer())
            b = v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], main_op=v1.tables_initializer(),
                                           signature_def_map={k: v1.saved_model.predict_signature_def(i, o)
                                                              for k, (i, o) in sigs.items()})
            b.save()


def _v1_dense(x, name, n_in, n_out, act=None):
    """TF1 fully connected layer: get_variable weights (glorot) / biases (zeros), matmul + bias, optional relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("kernel", [n_in, n_out], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("bias", [n_out], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return tf.nn.relu(y) if act == "relu" else y


# ================================================================================ retrieval and ranking

@model("r_tfrs_two_tower_bruteforce_topk", "tf-module", "TFRS-style two-tower retrieval served from a tf.Module: query tower Sequential (string user id [None] -> StringLookup over 40 ids -> Embedding(41,16) -> Dense(16)); the candidate tower (StringLookup over 120 item ids, Embedding(121,16), Dense(16)) was run once at export into a non-trainable tf.Variable index [120,16], item-id strings kept as a tf.constant; signatures serving_default (user_id string [None] -> tf.linalg.matmul against the index (transpose_b), tf.math.top_k(10), tf.gather of the id strings: scores float [None,10], item_ids string [None,10]) and query_embedding (user_id -> embedding [None,16])")
def b_two_tower(out):
    query = keras.Sequential([keras.Input((), dtype="string"), L.StringLookup(vocabulary=USERS),
                              L.Embedding(len(USERS) + 1, 16), L.Dense(16)])
    cand = keras.Sequential([keras.Input((), dtype="string"), L.StringLookup(vocabulary=ITEMS),
                             L.Embedding(len(ITEMS) + 1, 16), L.Dense(16)])
    index = tf.Variable(cand(tf.constant(ITEMS)), trainable=False, name="candidate_index")
    item_ids = tf.constant(ITEMS)

    @tf.function(input_signature=[tensor_spec([None], "string", "user_id")])
    def serve(user_id):
        top = tf.math.top_k(tf.linalg.matmul(query(user_id), index, transpose_b=True), k=10)
        return {"scores": top.values, "item_ids": tf.gather(item_ids, top.indices)}

    @tf.function(input_signature=[tensor_spec([None], "string", "user_id")])
    def query_embedding(user_id):
        return {"embedding": query(user_id)}
    serve_module(out, {"query_tower": query, "index": index}, serving_default=serve, query_embedding=query_embedding)


FEEDS["r_tfrs_two_tower_bruteforce_topk"] = lambda rng: {"user_id": _pick(rng, USERS, 2)}


@model("r_keras_two_tower_ops_top_k_layer", "keras-export", "Keras 3 functional query tower with brute-force retrieval inside the model, dict inputs user_id int64 [None] and context float [None,4]: Embedding(1000,16) on the id, Concatenate with context, Dense(32, relu), Dense(16), UnitNormalization; custom BruteForce layer with a non-trainable candidate weight [300,16] (assigned from normalized random vectors) does ops.matmul(q, ops.transpose(candidates)), ops.top_k(20) and ops.take of constant int64 candidate ids; outputs top_scores [None,20], top_ids int64 [None,20], query_embedding [None,16]; model.export")
def b_keras_two_tower(out):
    rng = np.random.default_rng(1)
    cands = rng.normal(size=(300, 16)).astype("float32")
    cands /= np.linalg.norm(cands, axis=1, keepdims=True)

    class BruteForce(L.Layer):
        def __init__(self, n, d, ids, k, **kw):
            super().__init__(**kw)
            self.n, self.d, self.ids, self.k = n, d, ids, k

        def build(self, input_shape):
            self.candidates = self.add_weight(shape=(self.n, self.d), initializer="zeros", trainable=False,
                                              name="candidates")

        def call(self, q):
            scores, idx = ops.top_k(ops.matmul(q, ops.transpose(self.candidates)), self.k)
            return {"top_scores": scores, "top_ids": ops.take(ops.convert_to_tensor(self.ids), idx)}
    user_id = keras.Input((), dtype="int64", name="user_id")
    context = keras.Input((4,), name="context")
    x = L.Concatenate()([L.Embedding(1000, 16)(user_id), context])
    q = L.UnitNormalization(name="query_embedding")(L.Dense(16)(L.Dense(32, activation="relu")(x)))
    bf = BruteForce(300, 16, np.arange(5000, 5300, dtype="int64"), 20)
    res = bf(q)
    bf.candidates.assign(cands)
    keras_export(keras.Model({"user_id": user_id, "context": context}, {**res, "query_embedding": q}), out)


FEEDS["r_keras_two_tower_ops_top_k_layer"] = {"user_id": (0, 1000)}

DCN_DENSE = ["price", "rating_avg", "num_reviews", "days_since_release", "discount", "user_age"]
DCN_CATS = {"category_id": 50, "brand_id": 200, "device_type": 4, "hour_of_day": 24}


@model("r_dcn_v2_low_rank_cross_dict_features", "keras-export", "DCN-v2 CTR model with one Keras Input per feature (dict of 10): six float [None,1] dense features and four int64 [None,1] categoricals (vocab 50/200/4/24) through Embedding(.,4) + Reshape; x0 = Concatenate (22 wide); three custom low-rank cross layers x0 * V(U(x)) + x (U Dense(8, no bias), V Dense(22)); parallel deep Dense 32/16 relu; Concatenate, Dense(1, sigmoid) (signature output output_0); model.export")
def b_dcn_v2(out):
    class CrossV2(L.Layer):
        def __init__(self, dim, rank, **kw):
            super().__init__(**kw)
            self.u, self.v = L.Dense(rank, use_bias=False), L.Dense(dim)

        def call(self, x0, x):
            return x0 * self.v(self.u(x)) + x
    ins = {k: keras.Input((1,), name=k) for k in DCN_DENSE}
    ins.update({k: keras.Input((1,), dtype="int64", name=k) for k in DCN_CATS})
    embs = [L.Reshape((4,))(L.Embedding(v, 4)(ins[k])) for k, v in DCN_CATS.items()]
    x0 = L.Concatenate()([ins[k] for k in DCN_DENSE] + embs)
    x = x0
    for _ in range(3):
        x = CrossV2(22, 8)(x0, x)
    deep = _mlp(x0, (32, 16))
    keras_export(keras.Model(ins, L.Dense(1, activation="sigmoid", name="ctr")(L.Concatenate()([x, deep]))), out)


FEEDS["r_dcn_v2_low_rank_cross_dict_features"] = {k: (0, v) for k, v in DCN_CATS.items()}


@model("r_dcn_v1_cross_vector_frozen_batch1", "frozen-pb", "DCN (v1) ranking model frozen with convert_variables_to_constants_v2 at fixed batch 1, float features [1,20]: three custom cross layers x0 * (x . w) + b + x (rank-1 weight [20,1] via ops.matmul), parallel Dense 32/16 relu tower, Concatenate, Dense(1, sigmoid)")
def b_dcn_v1(out):
    class CrossV1(L.Layer):
        def build(self, input_shape):
            d = input_shape[-1]
            self.w = self.add_weight(shape=(d, 1), initializer="glorot_uniform", name="w")
            self.b = self.add_weight(shape=(d,), initializer="zeros", name="b")

        def call(self, x0, x):
            return x0 * ops.matmul(x, self.w) + self.b + x
    inp = keras.Input((20,), batch_size=1, name="features")
    x = inp
    for _ in range(3):
        x = CrossV1()(inp, x)
    m = keras.Model(inp, L.Dense(1, activation="sigmoid")(L.Concatenate()([x, _mlp(inp, (32, 16))])))
    freeze_keras(m, tensor_spec([1, 20], name="features"), out)


OUTPUTS["r_dcn_v1_cross_vector_frozen_batch1"] = ["Identity"]

DLRM_TABLES = [100, 50, 1000, 20, 7, 300, 60, 10]


@model("r_dlrm_dot_interaction_tril_gather", "keras-export", "DLRM: dense_features float [None,13] through bottom MLP Dense 32/16 relu; sparse_features int32 [None,8], column i sliced and looked up in its own Embedding(vocab_i,16) (vocabs 100/50/1000/20/7/300/60/10); custom DotInteraction layer tf.stack of the 9 vectors [B,9,16], tf.linalg.matmul(x, x, transpose_b=True), reshape [B,81], tf.gather of the 36 strictly-lower-triangle entries (constant indices from np.tril_indices); Concatenate with the bottom output, top MLP Dense 32/16 relu, Dense(1, sigmoid); model.export")
def b_dlrm(out):
    class DotInteraction(L.Layer):
        def call(self, feats):
            n = len(feats)
            x = tf.stack(feats, axis=1)
            z = tf.reshape(tf.linalg.matmul(x, x, transpose_b=True), [-1, n * n])
            i, j = np.tril_indices(n, -1)
            return tf.gather(z, (i * n + j).astype("int32"), axis=1)
    dense = keras.Input((13,), name="dense_features")
    sparse = keras.Input((8,), dtype="int32", name="sparse_features")
    bottom = _mlp(dense, (32, 16))
    embs = [L.Embedding(v, 16)(sparse[:, i]) for i, v in enumerate(DLRM_TABLES)]
    inter = DotInteraction()([bottom] + embs)
    top = _mlp(L.Concatenate()([bottom, inter]), (32, 16))
    keras_export(keras.Model({"dense_features": dense, "sparse_features": sparse},
                             L.Dense(1, activation="sigmoid", name="click_probability")(top)), out)


FEEDS["r_dlrm_dot_interaction_tril_gather"] = lambda rng: {
    "sparse_features": np.stack([rng.integers(0, v, 2) for v in DLRM_TABLES], axis=1)}


@model("r_wide_deep_hashed_crossing_strings", "keras-export", "census-style wide & deep with Keras preprocessing inside the model, five Inputs of shape [None,1]: education, occupation, native_country (string), age, hours_per_week (float); wide part HashedCrossing(education x occupation, 64 bins, one_hot) and Hashing(native_country, 16 bins, one_hot) into Dense(1); deep part StringLookup + Embedding(.,4) + Flatten for education and occupation, Normalization (adapted on random data) for the two floats, Dense 16/8 relu, Dense(1); Add, sigmoid; model.export")
def b_wide_deep(out):
    rng = np.random.default_rng(6)
    edu, occ, country = (keras.Input((1,), dtype="string", name=k) for k in ("education", "occupation",
                                                                             "native_country"))
    age, hours = keras.Input((1,), name="age"), keras.Input((1,), name="hours_per_week")
    cross = L.HashedCrossing(num_bins=64, output_mode="one_hot")((edu, occ))
    wide = L.Dense(1)(L.Concatenate()([cross, L.Hashing(num_bins=16, output_mode="one_hot")(country)]))
    e = L.Flatten()(L.Embedding(len(EDUCATION) + 1, 4)(L.StringLookup(vocabulary=EDUCATION)(edu)))
    o = L.Flatten()(L.Embedding(len(OCCUPATIONS) + 1, 4)(L.StringLookup(vocabulary=OCCUPATIONS)(occ)))
    n_age, n_hours = L.Normalization(), L.Normalization()
    n_age.adapt(rng.uniform(17, 90, (256, 1)).astype("float32"))
    n_hours.adapt(rng.uniform(1, 99, (256, 1)).astype("float32"))
    deep = L.Dense(1)(_mlp(L.Concatenate()([e, o, n_age(age), n_hours(hours)]), (16, 8)))
    prob = L.Activation("sigmoid", name="income_over_50k")(L.Add()([wide, deep]))
    keras_export(keras.Model({"education": edu, "occupation": occ, "native_country": country, "age": age,
                              "hours_per_week": hours}, prob), out)


FEEDS["r_wide_deep_hashed_crossing_strings"] = lambda rng: {
    "education": _pick(rng, EDUCATION, (2, 1)), "occupation": _pick(rng, OCCUPATIONS, (2, 1)),
    "native_country": _pick(rng, COUNTRIES, (2, 1)), "age": rng.uniform(17, 90, (2, 1)),
    "hours_per_week": rng.uniform(1, 99, (2, 1))}


@model("r_deepfm_fm_second_order", "keras-export", "DeepFM (libsvm-style field inputs): feat_index int32 [None,10] (global ids into one 500-row space) and feat_value float [None,10]; first-order Embedding(500,1) * value summed; shared Embedding(500,8) scaled by value; custom FM layer 0.5 * sum((sum_f v)^2 - sum_f v^2) via ops.sum / ops.square; deep part Flatten + Dense 32/32 relu + Dense(1); Add of the three logits, sigmoid; model.export")
def b_deepfm(out):
    class FirstOrder(L.Layer):
        def call(self, w, vals):
            return ops.sum(w[..., 0] * vals, axis=1, keepdims=True)

    class ScaleByValue(L.Layer):
        def call(self, emb, vals):
            return emb * ops.expand_dims(vals, -1)

    class FM(L.Layer):
        def call(self, v):
            s = ops.sum(v, axis=1)
            return 0.5 * ops.sum(ops.square(s) - ops.sum(ops.square(v), axis=1), axis=1, keepdims=True)
    idx = keras.Input((10,), dtype="int32", name="feat_index")
    val = keras.Input((10,), name="feat_value")
    first = FirstOrder()(L.Embedding(500, 1)(idx), val)
    v = ScaleByValue()(L.Embedding(500, 8)(idx), val)
    deep = L.Dense(1)(_mlp(L.Flatten()(v), (32, 32)))
    prob = L.Activation("sigmoid", name="ctr")(L.Add()([first, FM()(v), deep]))
    keras_export(keras.Model({"feat_index": idx, "feat_value": val}, prob), out)


FEEDS["r_deepfm_fm_second_order"] = {"feat_index": (0, 500)}


@model("r_autoint_self_attention_saved_model", "saved-model", "AutoInt CTR model saved with plain tf.saved_model.save(model, path) (its serving_default signature names the input inputs, not the Keras Input name field_ids): int32 [None,8] into Embedding(400,16); two interacting layers (MultiHeadAttention 2 heads key_dim 8 over the 8 fields, residual Dense(16) projection, Add, ReLU); Flatten, Dense(1, sigmoid)")
def b_autoint(out):
    ids = keras.Input((8,), dtype="int32", name="field_ids")
    x = L.Embedding(400, 16)(ids)
    for _ in range(2):
        x = L.ReLU()(L.Add()([L.MultiHeadAttention(2, 8)(x, x), L.Dense(16, use_bias=False)(x)]))
    tf.saved_model.save(keras.Model(ids, L.Dense(1, activation="sigmoid")(L.Flatten()(x))), str(out))


FEEDS["r_autoint_self_attention_saved_model"] = {"inputs": (0, 400)}


# ================================================================================ sequence recommenders

SEQ_T, SEQ_V = 20, 300


@model("r_sasrec_causal_padding_mask_topk", "keras-export", "SASRec next-item model, item_sequence int32 [None,20] left-padded with 0 (newest item last): item Embedding(301,32) scaled by sqrt(32) + learned position weight [20,32], padding mask (ids != 0) zeroing padded steps; custom KeyPaddingMask layer builds a bool [B,20,20] key mask (ops.repeat); two blocks of MultiHeadAttention(2 heads, key_dim 16, dropout 0.2, attention_mask + use_causal_mask=True), Add + LayerNormalization, Dense 64 relu / 32 FFN; last position's state scored against the tied item embedding matrix (ops.matmul with the transposed Embedding weights), ops.top_k(10); outputs logits [None,301], top_scores, top_item_ids int32; model.export")
def b_sasrec(out):
    class PosEmbedMask(L.Layer):
        def build(self, input_shape):
            self.pos = self.add_weight(shape=(SEQ_T, 32), initializer=keras.initializers.RandomNormal(stddev=0.02),
                                       name="pos")

        def call(self, x, ids):
            keep = ops.expand_dims(ops.cast(ops.not_equal(ids, 0), x.dtype), -1)
            return (x * np.sqrt(32.0) + self.pos) * keep

    class KeyPaddingMask(L.Layer):
        def call(self, ids):
            return ops.repeat(ops.expand_dims(ops.not_equal(ids, 0), 1), SEQ_T, axis=1)

    class TiedTopK(L.Layer):
        def __init__(self, emb, k, **kw):
            super().__init__(**kw)
            self.emb, self.k = emb, k

        def call(self, h):
            logits = ops.matmul(h[:, -1, :], ops.transpose(self.emb.embeddings))
            scores, idx = ops.top_k(logits, self.k)
            return {"logits": logits, "top_scores": scores, "top_item_ids": idx}
    seq = keras.Input((SEQ_T,), dtype="int32", name="item_sequence")
    item_emb = L.Embedding(SEQ_V + 1, 32, name="item_embedding")
    x = PosEmbedMask()(item_emb(seq), seq)
    mask = KeyPaddingMask()(seq)
    for _ in range(2):
        a = L.MultiHeadAttention(2, 16, dropout=0.2)(x, x, attention_mask=mask, use_causal_mask=True)
        x = L.LayerNormalization()(L.Add()([x, a]))
        x = L.LayerNormalization()(L.Add()([x, L.Dense(32)(L.Dense(64, activation="relu")(x))]))
    keras_export(keras.Model(seq, TiedTopK(item_emb, 10)(x)), out)


FEEDS["r_sasrec_causal_padding_mask_topk"] = lambda rng: {"item_sequence": _ids(rng, (2, SEQ_T), 1, SEQ_V + 1, 8)}

B4R_V = 200
B4R_MASK = B4R_V + 1


@model("r_bert4rec_mask_token_exclude_seen", "tf-module", "BERT4Rec-style recommender served from a tf.Module: signature history int64 [None,15] (left-padded with 0) -> cast int32, tf.concat of a [MASK] id column (tf.fill), Keras encoder (Embedding(202,32) + position Embedding via ops.arange, bidirectional MultiHeadAttention 2 heads with a key padding mask, LayerNormalization, gelu FFN, x2, Dense(202) logits per position); last-position logits minus 1e9 * seen items (tf.one_hot(history, 202) reduce_max) and minus 1e9 on the pad / mask ids; tf.math.top_k(10); outputs item_ids int64 [None,10], scores [None,10]")
def b_bert4rec(out):
    class PosEmb(L.Layer):
        def __init__(self, n, d, **kw):
            super().__init__(**kw)
            self.emb = L.Embedding(n, d)

        def call(self, x):
            return x + self.emb(ops.arange(ops.shape(x)[1]))[None]

    class PadMask(L.Layer):
        def call(self, ids):
            keep = ops.not_equal(ids, 0)
            return ops.logical_and(ops.expand_dims(keep, 1), ops.expand_dims(keep, 2))
    ids = keras.Input((16,), dtype="int32")
    x = PosEmb(16, 32)(L.Embedding(B4R_V + 2, 32)(ids))
    mask = PadMask()(ids)
    for _ in range(2):
        x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 16)(x, x, attention_mask=mask)]))
        x = L.LayerNormalization()(L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(x))]))
    enc = keras.Model(ids, L.Dense(B4R_V + 2)(x))
    special = np.zeros(B4R_V + 2, "float32")
    special[[0, B4R_MASK]] = 1e9

    @tf.function(input_signature=[tensor_spec([None, 15], "int64", "history")])
    def serve(history):
        b = tf.shape(history)[0]
        seq = tf.concat([tf.cast(history, tf.int32), tf.fill([b, 1], B4R_MASK)], axis=1)
        logits = enc(seq, training=False)[:, -1, :]
        seen = tf.reduce_max(tf.one_hot(history, B4R_V + 2), axis=1)
        top = tf.math.top_k(logits - 1e9 * seen - special, k=10)
        return {"item_ids": tf.cast(top.indices, tf.int64), "scores": top.values}
    serve_module(out, {"encoder": enc}, serving_default=serve)


FEEDS["r_bert4rec_mask_token_exclude_seen"] = lambda rng: {"history": _ids(rng, (2, 15), 1, B4R_V + 1, 6)}

G4R_V = 150


@model("r_gru4rec_ragged_session_topk", "tf-module", "GRU4Rec-style session recommender, tf.Module signature with a RaggedTensor argument session_items (tf.RaggedTensorSpec [None,None] int64, row_splits int64): tf.ragged.map_flat_values(tf.nn.embedding_lookup) into an item tf.Variable [151,16], .to_tensor() zero padding, Keras Sequential (Masking(0.0), GRU(32), Dense(16)), scores against the same item table (matmul transpose_b), tf.math.top_k(10); outputs item_ids int32 [None,10], scores [None,10], session_embedding [None,16]")
def b_gru4rec(out):
    rng = np.random.default_rng(9)
    table = _var(rng, (G4R_V + 1, 16), 0.3, "item_embeddings")
    net = keras.Sequential([keras.Input((None, 16)), L.Masking(0.0), L.GRU(32), L.Dense(16)])

    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int64, ragged_rank=1)])
    def serve(session_items):
        emb = tf.ragged.map_flat_values(tf.nn.embedding_lookup, table, session_items)
        h = net(emb.to_tensor(), training=False)
        top = tf.math.top_k(tf.matmul(h, table, transpose_b=True), k=10)
        return {"item_ids": top.indices, "scores": top.values, "session_embedding": h}
    serve_module(out, {"net": net, "table": table}, serving_default=serve)


FEEDS["r_gru4rec_ragged_session_topk"] = lambda rng: _ragged(rng, "session_items", 2, 7, 1, G4R_V + 1)


# ================================================================================ multi-task and re-ranking

def _stack_layer():
    class Stack(L.Layer):
        def call(self, xs):
            return ops.stack(xs, axis=1)
    return Stack()


def _gate_layer(n):
    class Gate(L.Layer):
        def __init__(self, n, **kw):
            super().__init__(**kw)
            self.dense = L.Dense(n, activation="softmax")

        def call(self, x, experts):
            return ops.einsum("be,bed->bd", self.dense(x), experts)
    return Gate(n)


@model("r_mmoe_esmm_ctr_cvr_heads", "keras-export", "MMoE multi-task ranker with an ESMM product head, features float [None,24]: three experts (Dense 32 -> 16 relu) stacked [B,3,16] (ops.stack), two softmax gates (Dense(3)) mixing them with ops.einsum('be,bed->bd'); per-task towers Dense(8, relu) + Dense(1, sigmoid); outputs ctr, cvr and ctcvr = ctr * cvr (Multiply); model.export")
def b_mmoe(out):
    x = keras.Input((24,), name="features")
    experts = _stack_layer()([_mlp(x, (32, 16)) for _ in range(3)])
    heads = {}
    for task in ("ctr", "cvr"):
        g = _gate_layer(3)(x, experts)
        heads[task] = L.Dense(1, activation="sigmoid", name=task)(L.Dense(8, activation="relu")(g))
    heads["ctcvr"] = L.Multiply(name="ctcvr")([heads["ctr"], heads["cvr"]])
    keras_export(keras.Model(x, heads), out)


@model("r_ple_cgc_export_archive_two_endpoints", "keras-export", "PLE (progressive layered extraction) video ranker, features float [None,32]: two CGC levels, each with 2 task-specific experts per task (click, watch_time) and 2 shared experts (Dense 16 relu), per-task softmax gates over own + shared experts and a shared gate over all six in level 1 (ops.stack + ops.einsum); towers Dense(8) -> click sigmoid and watch_time softplus; keras.export.ExportArchive with two endpoints: serve (both outputs) and watch_time_only")
def b_ple(out):
    x = keras.Input((32,), name="features")

    def experts(h, n):
        return [L.Dense(16, activation="relu")(h) for _ in range(n)]
    a_in = b_in = s_in = x
    for level in range(2):
        ea, eb, es = experts(a_in, 2), experts(b_in, 2), experts(s_in, 2)
        a_in = _gate_layer(4)(a_in, _stack_layer()(ea + es))
        b_in = _gate_layer(4)(b_in, _stack_layer()(eb + es))
        if level == 0:
            s_in = _gate_layer(6)(s_in, _stack_layer()(ea + eb + es))
    click = L.Dense(1, activation="sigmoid", name="click")(L.Dense(8, activation="relu")(a_in))
    watch = L.Dense(1, activation="softplus", name="watch_time")(L.Dense(8, activation="relu")(b_in))
    m = keras.Model(x, {"click": click, "watch_time": watch})
    archive = keras.export.ExportArchive()
    archive.track(m)
    sig = [tensor_spec([None, 32], name="features")]
    archive.add_endpoint("serve", lambda features: m(features, training=False), input_signature=sig)
    archive.add_endpoint("watch_time_only", lambda features: {"watch_time": m(features, training=False)["watch_time"]},
                         input_signature=sig)
    archive.write_out(str(out), verbose=False)


@model("r_rerank_argsort_gather_batch_dims", "tf-module", "candidate re-ranker tf.Module: candidate_ids int64 [None,50], candidate_features float [None,50,8], user_features float [None,8]; user vector tf.tile'd to every candidate, Concatenate, reshape [-1,16] through a Keras MLP (Dense 32 relu, Dense 1), reshape [B,50]; tf.argsort(DESCENDING, stable=True), first 10 positions, tf.gather(batch_dims=1) of ids and scores, and the inverse permutation tf.argsort(order) as each candidate's rank; outputs reranked_ids int64 [None,10], reranked_scores [None,10], rank int32 [None,50]")
def b_rerank(out):
    scorer = keras.Sequential([keras.Input((16,)), L.Dense(32, activation="relu"), L.Dense(1)])

    @tf.function(input_signature=[tensor_spec([None, 50], "int64", "candidate_ids"),
                                  tensor_spec([None, 50, 8], name="candidate_features"),
                                  tensor_spec([None, 8], name="user_features")])
    def rerank(candidate_ids, candidate_features, user_features):
        u = tf.tile(user_features[:, None, :], [1, 50, 1])
        s = tf.reshape(scorer(tf.reshape(tf.concat([u, candidate_features], -1), [-1, 16]), training=False), [-1, 50])
        order = tf.argsort(s, axis=-1, direction="DESCENDING", stable=True)
        top = order[:, :10]
        return {"reranked_ids": tf.gather(candidate_ids, top, batch_dims=1),
                "reranked_scores": tf.gather(s, top, batch_dims=1), "rank": tf.argsort(order, axis=-1)}
    serve_module(out, {"scorer": scorer}, serving_default=rerank)


FEEDS["r_rerank_argsort_gather_batch_dims"] = {"candidate_ids": (1000, 9000)}


@model("r_tfrs_ranking_export_archive_two_endpoints", "keras-export", "TFRS-tutorial rating model (MovieLens-like), string inputs user_id [None] and movie_title [None]: StringLookup (40 users / 12 titles) + Embedding(.,16) each, Concatenate, Dense 32/16 relu, Dense(1) rating; keras.export.ExportArchive tracking the ranking model and a user-tower model sharing its layers, endpoints serve (user_id, movie_title -> rating [None,1]) and user_embedding (user_id -> [None,16])")
def b_tfrs_ranking(out):
    user = keras.Input((), dtype="string", name="user_id")
    movie = keras.Input((), dtype="string", name="movie_title")
    ue = L.Embedding(len(USERS) + 1, 16)(L.StringLookup(vocabulary=USERS)(user))
    me = L.Embedding(len(MOVIES) + 1, 16)(L.StringLookup(vocabulary=MOVIES)(movie))
    rating = L.Dense(1, name="rating")(_mlp(L.Concatenate()([ue, me]), (32, 16)))
    m = keras.Model({"user_id": user, "movie_title": movie}, rating)
    user_model = keras.Model(user, ue)
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.track(user_model)
    archive.add_endpoint("serve", lambda user_id, movie_title: {
        "rating": m({"user_id": user_id, "movie_title": movie_title}, training=False)},
        input_signature=[tensor_spec([None], "string", "user_id"), tensor_spec([None], "string", "movie_title")])
    archive.add_endpoint("user_embedding", lambda user_id: {"embedding": user_model(user_id, training=False)},
                         input_signature=[tensor_spec([None], "string", "user_id")])
    archive.write_out(str(out), verbose=False)


FEEDS["r_tfrs_ranking_export_archive_two_endpoints"] = lambda rng: {"user_id": _pick(rng, USERS, 2),
                                                                    "movie_title": _pick(rng, MOVIES, 2)}


# ================================================================================ feature handling

@model("r_hash_bucket_fast_string_ids_module", "tf-module", "click model over hashed string ids, tf.Module signature user_id string [None], item_id string [None], recent_item_ids string [None,5] ('' = padding): tf.strings.to_hash_bucket_fast(., 5000) into user / item tf.Variable tables [5000,8] (tf.nn.embedding_lookup), history mean over non-empty entries (tf.not_equal mask, tf.maximum count 1), logit = sum((user + history) * item) + bias; outputs probability [None], logit [None]")
def b_hash_fast(out):
    rng = np.random.default_rng(14)
    users, items, bias = _var(rng, (5000, 8), name="user_table"), _var(rng, (5000, 8), name="item_table"), \
        tf.Variable(0.0, name="bias")

    @tf.function(input_signature=[tensor_spec([None], "string", "user_id"), tensor_spec([None], "string", "item_id"),
                                  tensor_spec([None, 5], "string", "recent_item_ids")])
    def serve(user_id, item_id, recent_item_ids):
        u = tf.nn.embedding_lookup(users, tf.strings.to_hash_bucket_fast(user_id, 5000))
        it = tf.nn.embedding_lookup(items, tf.strings.to_hash_bucket_fast(item_id, 5000))
        mask = tf.cast(tf.not_equal(recent_item_ids, ""), tf.float32)
        r = tf.nn.embedding_lookup(items, tf.strings.to_hash_bucket_fast(recent_item_ids, 5000))
        hist = tf.reduce_sum(r * mask[..., None], axis=1) / tf.maximum(tf.reduce_sum(mask, 1, keepdims=True), 1.0)
        logit = tf.reduce_sum((u + hist) * it, axis=-1) + bias
        return {"probability": tf.sigmoid(logit), "logit": logit}
    serve_module(out, {"users": users, "items": items, "bias": bias}, serving_default=serve)


def _recent(rng):
    r = _pick(rng, ITEMS, (2, 5))
    r[0, 3:] = ""
    return r


FEEDS["r_hash_bucket_fast_string_ids_module"] = lambda rng: {
    "user_id": _pick(rng, USERS, 2), "item_id": _pick(rng, ITEMS, 2), "recent_item_ids": _recent(rng)}


@model("r_stringlookup_multi_oov_mask_token", "keras-export", "movie-preference model with lookup layers inside, inputs genres string [None,4] ('' padded), release_year int64 [None,1], country string [None,1]: StringLookup(10 genres, mask_token='', num_oov_indices=2) -> Embedding(13,8, mask_zero=True) -> masked GlobalAveragePooling1D; IntegerLookup(years 1990-2024, num_oov_indices=3, output_mode='one_hot'); StringLookup(8 countries, num_oov_indices=2, output_mode='one_hot'); Concatenate, Dense(16, relu), Dense(1, sigmoid); model.export")
def b_lookup_oov(out):
    genres = keras.Input((4,), dtype="string", name="genres")
    year = keras.Input((1,), dtype="int64", name="release_year")
    country = keras.Input((1,), dtype="string", name="country")
    g = L.StringLookup(vocabulary=GENRES, mask_token="", num_oov_indices=2)(genres)
    g = L.GlobalAveragePooling1D()(L.Embedding(len(GENRES) + 3, 8, mask_zero=True)(g))
    y = L.IntegerLookup(vocabulary=list(range(1990, 2025)), num_oov_indices=3, output_mode="one_hot")(year)
    c = L.StringLookup(vocabulary=COUNTRIES, num_oov_indices=2, output_mode="one_hot")(country)
    p = L.Dense(1, activation="sigmoid", name="like")(L.Dense(16, activation="relu")(L.Concatenate()([g, y, c])))
    keras_export(keras.Model({"genres": genres, "release_year": year, "country": country}, p), out)


def _genres(rng):
    g = _pick(rng, GENRES, (2, 4), extra=("musical",))
    g[1, 2:] = ""
    return g


FEEDS["r_stringlookup_multi_oov_mask_token"] = lambda rng: {
    "genres": _genres(rng), "release_year": (1985, 2030), "country": _pick(rng, COUNTRIES, (2, 1))}

MERCHANTS = [101, 205, 333, 479, 512, 618, 777, 808, 901, 999]


@model("r_category_encoding_multihot_count", "keras-export", "merchant-risk model with encoding layers, inputs tag_ids int64 [None,6], event_types int32 [None,10], merchant_id int64 [None,1]: CategoryEncoding(30, multi_hot) of the tags, CategoryEncoding(8, count) of the events, IntegerLookup(10 merchant ids, num_oov_indices=1, output_mode='multi_hot'); Concatenate (49), Dense(16, relu), Dense(1, sigmoid); model.export")
def b_cat_encoding(out):
    tags = keras.Input((6,), dtype="int64", name="tag_ids")
    events = keras.Input((10,), dtype="int32", name="event_types")
    merchant = keras.Input((1,), dtype="int64", name="merchant_id")
    x = L.Concatenate()([L.CategoryEncoding(30, output_mode="multi_hot")(tags),
                         L.CategoryEncoding(8, output_mode="count")(events),
                         L.IntegerLookup(vocabulary=MERCHANTS, output_mode="multi_hot")(merchant)])
    p = L.Dense(1, activation="sigmoid", name="risk")(L.Dense(16, activation="relu")(x))
    keras_export(keras.Model({"tag_ids": tags, "event_types": events, "merchant_id": merchant}, p), out)


FEEDS["r_category_encoding_multihot_count"] = lambda rng: {
    "tag_ids": (0, 30), "event_types": (0, 8), "merchant_id": rng.choice(MERCHANTS + [123], (2, 1))}


@model("r_discretization_normalization_adapted", "keras-export", "fraud model with adapted preprocessing layers, inputs amount float [None,1], age float [None,1], hour int64 [None,1], numeric float [None,5]: Normalization adapted on random data (numeric), Discretization(num_bins=8) adapted (quantile boundaries) on amount -> CategoryEncoding(8, one_hot), Discretization(bin_boundaries=[18,25,35,50,65]) on age -> Embedding(6,3) + Flatten, CategoryEncoding(24, one_hot) of the hour; Concatenate, Dense 16 relu, Dense(1, sigmoid); model.export")
def b_discretize(out):
    rng = np.random.default_rng(17)
    amount, age = keras.Input((1,), name="amount"), keras.Input((1,), name="age")
    hour = keras.Input((1,), dtype="int64", name="hour")
    numeric = keras.Input((5,), name="numeric")
    norm = L.Normalization()
    norm.adapt(rng.normal(3.0, 2.0, (256, 5)).astype("float32"))
    disc = L.Discretization(num_bins=8)
    disc.adapt(rng.lognormal(3.0, 1.0, (512, 1)).astype("float32"))
    a = L.CategoryEncoding(8, output_mode="one_hot")(disc(amount))
    ag = L.Flatten()(L.Embedding(6, 3)(L.Discretization(bin_boundaries=[18.0, 25.0, 35.0, 50.0, 65.0])(age)))
    h = L.CategoryEncoding(24, output_mode="one_hot")(hour)
    p = L.Dense(1, activation="sigmoid", name="fraud")(_mlp(L.Concatenate()([norm(numeric), a, ag, h]), (16,)))
    keras_export(keras.Model({"amount": amount, "age": age, "hour": hour, "numeric": numeric}, p), out)


FEEDS["r_discretization_normalization_adapted"] = lambda rng: {
    "hour": (0, 24), "age": rng.uniform(16, 80, (2, 1)), "amount": rng.lognormal(3.0, 1.0, (2, 1))}


@model("r_tf1_feature_columns_input_layer", "tf1-savedmodel", "TF1 graph built with tf.compat.v1.feature_column and exported with SavedModelBuilder (main_op = tables_initializer, as Estimator exports do): placeholders age / hours_per_week float [None,1], occupation / city string [None,1], education_num int64 [None,1]; columns numeric, bucketized(age, 10 boundaries) as indicator, vocabulary_list(occupation, num_oov_buckets=1) as embedding_column(4), hash_bucket(city, 100) as embedding_column(4), identity(education_num, 17) as indicator, crossed_column(bucketized age x occupation, 50) as indicator; input_layer, get_variable Dense 32/16 relu, logits; outputs logistic [None,1], logits")
def b_tf1_fc(out):
    v1 = tf.compat.v1
    fc = v1.feature_column

    def build():
        feats = {"age": v1.placeholder(tf.float32, [None, 1], "age"),
                 "hours_per_week": v1.placeholder(tf.float32, [None, 1], "hours_per_week"),
                 "occupation": v1.placeholder(tf.string, [None, 1], "occupation"),
                 "city": v1.placeholder(tf.string, [None, 1], "city"),
                 "education_num": v1.placeholder(tf.int64, [None, 1], "education_num")}
        age = fc.numeric_column("age")
        age_b = fc.bucketized_column(age, [18, 25, 30, 35, 40, 45, 50, 55, 60, 65])
        occ = fc.categorical_column_with_vocabulary_list("occupation", OCCUPATIONS, num_oov_buckets=1)
        cols = [age, fc.numeric_column("hours_per_week"), fc.indicator_column(age_b), fc.embedding_column(occ, 4),
                fc.embedding_column(fc.categorical_column_with_hash_bucket("city", 100), 4),
                fc.indicator_column(fc.categorical_column_with_identity("education_num", 17, default_value=0)),
                fc.indicator_column(fc.crossed_column([age_b, "occupation"], 50))]
        net = fc.input_layer(feats, cols)
        n_in = int(net.shape[-1])
        h = _v1_dense(_v1_dense(net, "dnn/hiddenlayer_0", n_in, 32, "relu"), "dnn/hiddenlayer_1", 32, 16, "relu")
        logits = _v1_dense(h, "dnn/logits", 16, 1)
        return {"serving_default": (feats, {"logistic": tf.sigmoid(logits), "logits": logits})}
    _tf1_saved_model_with_tables(out, build)


FEEDS["r_tf1_feature_columns_input_layer"] = lambda rng: {
    "age": rng.uniform(17, 90, (2, 1)), "hours_per_week": rng.uniform(1, 99, (2, 1)),
    "occupation": _pick(rng, OCCUPATIONS, (2, 1)), "city": np.array([["Austin"], ["Lyon"]], object),
    "education_num": (0, 20)}

DEVICES = ["ios", "android", "web"]


def _estimator_examples(rng, n=2):
    return [_example(price=float(rng.uniform(1, 200)), num_views=float(rng.integers(0, 50)),
                     device=str(rng.choice(DEVICES)), query_terms=list(rng.choice(["red", "shoe", "nike", "run"], k))
                     ) if k else _example(price=float(rng.uniform(1, 200)), num_views=3.0, device="web")
            for k in rng.integers(0, 4, n)]


@model("r_tf1_estimator_parse_example_dnn_linear", "tf1-savedmodel", "Estimator-era DNNLinearCombinedClassifier-like export, TF1 SavedModelBuilder (main_op = tables_initializer): placeholder input_example_tensor string [None] of serialized tf.Example, tf.io.parse_example with make_parse_example_spec of the columns (FixedLenFeature price / num_views with defaults, FixedLenFeature device string, VarLenFeature query_terms string); linear part tf.compat.v1.feature_column.linear_model (bucketized price, vocabulary_list device, hash_bucket(query_terms, 200), crossed device x bucketized price); dnn part input_layer (numeric price / num_views, embedding_column(device, 3), embedding_column(query_terms, 4, combiner='sqrtn')) + get_variable Dense 16/8 relu; summed logits; signatures serving_default (classification-style outputs classes string [None,2] via tf.tile, scores [None,2]) and predict (logits, logistic, probabilities, class_ids int64)")
def b_tf1_estimator(out):
    v1 = tf.compat.v1
    fc = v1.feature_column

    def build():
        price = fc.numeric_column("price", default_value=0.0)
        views = fc.numeric_column("num_views", default_value=0.0)
        device = fc.categorical_column_with_vocabulary_list("device", DEVICES, default_value=0)
        terms = fc.categorical_column_with_hash_bucket("query_terms", 200)
        price_b = fc.bucketized_column(price, [5.0, 20.0, 50.0, 100.0])
        linear_cols = [price_b, device, terms, fc.crossed_column([device, price_b], 30)]
        dnn_cols = [price, views, fc.embedding_column(device, 3), fc.embedding_column(terms, 4, combiner="sqrtn")]
        serialized = v1.placeholder(tf.string, [None], name="input_example_tensor")
        feats = tf.io.parse_example(serialized, fc.make_parse_example_spec(linear_cols + dnn_cols))
        with v1.variable_scope("linear"):
            linear_logits = fc.linear_model(feats, linear_cols)
        with v1.variable_scope("dnn"):
            net = fc.input_layer(feats, dnn_cols)
            h = _v1_dense(_v1_dense(net, "hiddenlayer_0", int(net.shape[-1]), 16, "relu"), "hiddenlayer_1", 16, 8,
                          "relu")
            dnn_logits = _v1_dense(h, "logits", 8, 1)
        logits = linear_logits + dnn_logits
        p = tf.sigmoid(logits)
        probs = tf.concat([1.0 - p, p], axis=1)
        classes = tf.tile(tf.constant([["0", "1"]]), [tf.shape(serialized)[0], 1])
        inputs = {"inputs": serialized}
        return {"serving_default": (inputs, {"classes": classes, "scores": probs}),
                "predict": (inputs, {"logits": logits, "logistic": p, "probabilities": probs,
                                     "class_ids": tf.argmax(probs, axis=1)[:, None]})}
    _tf1_saved_model_with_tables(out, build)


FEEDS["r_tf1_estimator_parse_example_dnn_linear"] = lambda rng: {"inputs": _estimator_examples(rng)}


@model("r_parse_example_varlen_two_signatures", "tf-module", "TF Serving-style ranking tf.Module with two signatures: serving_default takes serialized tf.Example strings examples [None] and tf.io.parse_example's FixedLenFeature price float (default 0), FixedLenFeature category string (default ''), VarLenFeature viewed_item_ids int64 (a SparseTensor); serve_raw takes price float [None], category string [None] and viewed_item_ids as a tf.SparseTensorSpec [None,None] int64; both look the category up in a tf.lookup.StaticHashTable (7 keys, -1 default mapped to an OOV row with tf.where), tf.gather a category table, pool viewed items with tf.nn.safe_embedding_lookup_sparse (serving_default) / tf.nn.embedding_lookup_sparse (serve_raw), combiner sqrtn, into a tf.Variable [1000,8]; Keras MLP Dense 16 relu / 1 on [log1p(price), category, viewed]; output score [None]")
def b_parse_example(out):
    rng = np.random.default_rng(20)

    class Ranker(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = tf.lookup.StaticHashTable(
                tf.lookup.KeyValueTensorInitializer(CATEGORIES, tf.range(len(CATEGORIES), dtype=tf.int64)), -1)
            self.cat_emb = _var(rng, (len(CATEGORIES) + 1, 4), name="category_embedding")
            self.item_emb = _var(rng, (1000, 8), name="item_embedding")
            self.mlp = keras.Sequential([keras.Input((13,)), L.Dense(16, activation="relu"), L.Dense(1)])

        def _score(self, price, category, viewed):
            cid = self.table.lookup(category)
            cid = tf.where(cid < 0, tf.constant(len(CATEGORIES), tf.int64), cid)
            x = tf.concat([tf.math.log1p(tf.maximum(price, 0.0))[:, None], tf.gather(self.cat_emb, cid), viewed], 1)
            return {"score": tf.squeeze(self.mlp(x, training=False), -1)}

        @tf.function(input_signature=[tensor_spec([None], "string", "examples")])
        def serve_examples(self, examples):
            f = tf.io.parse_example(examples, {
                "price": tf.io.FixedLenFeature([], tf.float32, default_value=0.0),
                "category": tf.io.FixedLenFeature([], tf.string, default_value=""),
                "viewed_item_ids": tf.io.VarLenFeature(tf.int64)})
            viewed = tf.nn.safe_embedding_lookup_sparse(self.item_emb, f["viewed_item_ids"], combiner="sqrtn")
            return self._score(f["price"], f["category"], viewed)

        @tf.function(input_signature=[tensor_spec([None], name="price"), tensor_spec([None], "string", "category"),
                                      tf.SparseTensorSpec([None, None], tf.int64)])
        def serve_raw(self, price, category, viewed_item_ids):
            viewed = tf.nn.embedding_lookup_sparse(self.item_emb, viewed_item_ids, None, combiner="sqrtn")
            return self._score(price, category, viewed)
    r = Ranker()
    tf.saved_model.save(r, str(out), signatures={"serving_default": r.serve_examples, "serve_raw": r.serve_raw})


FEEDS["r_parse_example_varlen_two_signatures"] = lambda rng: {
    "examples": [_example(price=19.99, category="books", viewed_item_ids=[3, 17, 256]),
                 _example(price=5.0, category="shoes")],
    "category": _pick(rng, CATEGORIES, 2), **_sparse(rng, "viewed_item_ids", 2, 4, 0, 1000)}


@model("r_sparse_weighted_safe_embedding_lookup", "tf-module", "tag-weighted content model, tf.Module signature with two tf.SparseTensorSpec arguments tag_ids int64 [None,None] and tag_weights float [None,None] (same indices) plus numeric float [None,4]: tf.nn.safe_embedding_lookup_sparse(tag table tf.Variable [500,8], tag_ids, sparse_weights=tag_weights, combiner='mean'), Concatenate with numeric, Keras MLP Dense 16 relu / 3 softmax; outputs probabilities [None,3], tag_embedding [None,8]")
def b_sparse_weighted(out):
    rng = np.random.default_rng(21)
    table = _var(rng, (500, 8), name="tag_embedding")
    mlp = keras.Sequential([keras.Input((12,)), L.Dense(16, activation="relu"), L.Dense(3, activation="softmax")])

    @tf.function(input_signature=[tf.SparseTensorSpec([None, None], tf.int64),
                                  tf.SparseTensorSpec([None, None], tf.float32),
                                  tensor_spec([None, 4], name="numeric")])
    def serve(tag_ids, tag_weights, numeric):
        e = tf.nn.safe_embedding_lookup_sparse(table, tag_ids, sparse_weights=tag_weights, combiner="mean")
        return {"probabilities": mlp(tf.concat([e, numeric], 1), training=False), "tag_embedding": e}
    serve_module(out, {"table": table, "mlp": mlp}, serving_default=serve)


def _weighted_tags(rng):
    ids = _sparse(rng, "tag_ids", 2, 5, 0, 500)
    return {**ids, "tag_weights": ids["tag_ids"], "tag_weights_1": rng.uniform(0.1, 1.0, len(ids["tag_ids_1"])),
            "tag_weights_2": ids["tag_ids_2"]}


FEEDS["r_sparse_weighted_safe_embedding_lookup"] = _weighted_tags


@model("r_sparse_multihot_sparse_dense_matmul", "tf-module", "logistic regression + small tower over a hashed multi-hot bag, tf.Module signature with bag tf.SparseTensorSpec [None,2048] float (hashed feature indices, counts as values): tf.sparse.sparse_dense_matmul with a [2048,1] weight tf.Variable (wide logit) and a [2048,16] tf.Variable (then relu, Dense-like matmul to 1), tf.sparse.reduce_sum(axis=1) as the active-feature count; outputs probability [None,1], num_active [None]")
def b_sparse_matmul(out):
    rng = np.random.default_rng(22)
    w_wide, w_deep, w_out = _var(rng, (2048, 1), name="wide"), _var(rng, (2048, 16), name="deep"), \
        _var(rng, (16, 1), 0.3, name="out")

    @tf.function(input_signature=[tf.SparseTensorSpec([None, 2048], tf.float32)])
    def serve(bag):
        deep = tf.matmul(tf.nn.relu(tf.sparse.sparse_dense_matmul(bag, w_deep)), w_out)
        return {"probability": tf.sigmoid(tf.sparse.sparse_dense_matmul(bag, w_wide) + deep),
                "num_active": tf.sparse.reduce_sum(bag, axis=1)}
    serve_module(out, {"wide": w_wide, "deep": w_deep, "out": w_out}, serving_default=serve)


def _bag(rng, name="bag", width=2048):
    """a SparseTensor multi-hot bag: 1-6 distinct hashed columns per row (row-major, sorted), counts 1-3 as values"""
    idx = np.array([[r, c] for r in range(2) for c in np.sort(rng.choice(width, rng.integers(1, 7), replace=False))],
                   "int64")
    return {name: idx, name + "_1": rng.integers(1, 4, len(idx)).astype("float32"),
            name + "_2": np.array([2, width], "int64")}


FEEDS["r_sparse_multihot_sparse_dense_matmul"] = _bag


@model("r_ragged_youtube_dnn_two_signatures", "tf-module", "YouTube-DNN-style candidate generator, tf.Module with two signatures over RaggedTensor arguments watch_history (tf.RaggedTensorSpec [None,None] int64) and search_tokens (tf.RaggedTensorSpec [None,None] string) plus age float [None,1]: tf.ragged.map_flat_values of tf.nn.embedding_lookup (video table tf.Variable [400,16]) and of tf.strings.to_hash_bucket_fast(., 500) + lookup (token table [500,8]), tf.reduce_mean over the ragged axis, Concatenate with age and age^2, Keras MLP Dense 32 relu / 16; serving_default: softmax-free scores against the video table, tf.math.top_k(20) -> video_ids int32 [None,20], scores; user_embedding: [None,16]")
def b_ragged_youtube(out):
    rng = np.random.default_rng(23)
    videos, tokens = _var(rng, (400, 16), 0.3, name="video_embedding"), _var(rng, (500, 8), 0.3, "token_embedding")
    mlp = keras.Sequential([keras.Input((26,)), L.Dense(32, activation="relu"), L.Dense(16)])
    specs = [tf.RaggedTensorSpec([None, None], tf.int64, 1), tf.RaggedTensorSpec([None, None], tf.string, 1),
             tensor_spec([None, 1], name="age")]

    def user(watch_history, search_tokens, age):
        w = tf.reduce_mean(tf.ragged.map_flat_values(tf.nn.embedding_lookup, videos, watch_history), axis=1)
        tok = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, search_tokens, 500)
        s = tf.reduce_mean(tf.ragged.map_flat_values(tf.nn.embedding_lookup, tokens, tok), axis=1)
        return mlp(tf.concat([w, s, age, tf.square(age)], axis=1), training=False)

    @tf.function(input_signature=specs)
    def serve(watch_history, search_tokens, age):
        top = tf.math.top_k(tf.matmul(user(watch_history, search_tokens, age), videos, transpose_b=True), k=20)
        return {"video_ids": top.indices, "scores": top.values}

    @tf.function(input_signature=specs)
    def user_embedding(watch_history, search_tokens, age):
        return {"embedding": user(watch_history, search_tokens, age)}
    serve_module(out, {"videos": videos, "tokens": tokens, "mlp": mlp}, serving_default=serve,
                 user_embedding=user_embedding)


FEEDS["r_ragged_youtube_dnn_two_signatures"] = lambda rng: {
    **_ragged(rng, "watch_history", 2, 6, 0, 400),
    **_ragged(rng, "search_tokens", 2, 4, values=lambda n: _pick(rng, ["lofi", "beats", "cat", "video", "how", "to"],
                                                                  n)),
    "age": rng.uniform(0.1, 0.9, (2, 1))}


@model("r_keras_sparse_input_hashed_features", "keras-export", "Keras linear + MLP model on a sparse multi-hot input, keras.Input((2048,), sparse=True) named hashed_features; Dense(16, relu) (sparse x dense matmul in the layer), Dense(1, sigmoid); keras.export.ExportArchive endpoint serve given a tf.function with input_signature tf.SparseTensorSpec([None,2048], float32) (model.export itself only writes dense TensorSpecs)")
def b_keras_sparse(out):
    inp = keras.Input((2048,), sparse=True, name="hashed_features")
    m = keras.Model(inp, L.Dense(1, activation="sigmoid", name="probability")(L.Dense(16, activation="relu")(inp)))
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", tf.function(lambda hashed_features: m(hashed_features, training=False),
                                              input_signature=[tf.SparseTensorSpec([None, 2048], tf.float32)]))
    archive.write_out(str(out), verbose=False)


FEEDS["r_keras_sparse_input_hashed_features"] = lambda rng: _bag(rng, "hashed_features")

TXN_FLOATS = ["amount", "balance", "account_age_days", "avg_amount_7d", "avg_amount_30d", "txn_count_1h",
              "txn_count_24h", "distance_from_home", "velocity_score", "hour_sin", "hour_cos"]
TXN_INTS = {"merchant_category": 30, "channel": 4, "card_type": 6}


@model("r_dict_scalar_features_batch1", "keras-export", "Kaggle-notebook fraud MLP with one Keras Input per column at fixed batch 1: eleven float [1,1] features and three int64 [1,1] categoricals (vocab 30/4/6) through Embedding(.,3) + Flatten; Concatenate, BatchNormalization, Dense 32/16 relu with Dropout 0.3, Dense(1, sigmoid); model.export with an explicit dict input_signature of [1,1] TensorSpecs")
def b_dict_batch1(out):
    ins = {k: keras.Input((1,), batch_size=1, name=k) for k in TXN_FLOATS}
    ins.update({k: keras.Input((1,), batch_size=1, dtype="int64", name=k) for k in TXN_INTS})
    embs = [L.Flatten()(L.Embedding(v, 3)(ins[k])) for k, v in TXN_INTS.items()]
    x = L.BatchNormalization()(L.Concatenate()([ins[k] for k in TXN_FLOATS] + embs))
    m = keras.Model(ins, L.Dense(1, activation="sigmoid", name="is_fraud")(_mlp(x, (32, 16), dropout=0.3)))
    sig = {k: tensor_spec([1, 1], "int64" if k in TXN_INTS else "float32", k) for k in ins}
    keras_export(m, out, sig=[sig])


FEEDS["r_dict_scalar_features_batch1"] = {k: (0, v) for k, v in TXN_INTS.items()}


@model("r_large_vocab_embedding_frozen", "frozen-pb", "candidate scorer frozen with convert_variables_to_constants_v2 at fixed batch 1: history int32 [1,30] (0 = padding) and candidates int32 [1,100] share one Embedding(100000,8) (a 3.2 MB constant once frozen); masked mean of the history (ops.not_equal, ops.sum / ops.maximum), Dense(8), dot with each candidate embedding (ops.einsum), tf.math.top_k(10), tf.gather(batch_dims=1) of candidate ids; outputs top_ids [1,10], top_scores [1,10]")
def b_large_vocab(out):
    class MaskedMean(L.Layer):
        def call(self, e, ids):
            m = ops.expand_dims(ops.cast(ops.not_equal(ids, 0), e.dtype), -1)
            return ops.sum(e * m, axis=1) / ops.maximum(ops.sum(m, axis=1), 1.0)

    class Dot(L.Layer):
        def call(self, u, c):
            return ops.einsum("bd,bnd->bn", u, c)
    hist = keras.Input((30,), batch_size=1, dtype="int32", name="history")
    cand = keras.Input((100,), batch_size=1, dtype="int32", name="candidates")
    emb = L.Embedding(100000, 8)
    u = L.Dense(8)(MaskedMean()(emb(hist), hist))
    m = keras.Model([hist, cand], Dot()(u, emb(cand)))

    def fn(history, candidates):
        top = tf.math.top_k(m([history, candidates], training=False), k=10)
        return (tf.identity(tf.gather(candidates, top.indices, batch_dims=1), name="top_ids"),
                tf.identity(top.values, name="top_scores"))
    freeze_function(fn, [tensor_spec([1, 30], "int32", "history"), tensor_spec([1, 100], "int32", "candidates")], out)


OUTPUTS["r_large_vocab_embedding_frozen"] = ["top_ids", "top_scores"]
FEEDS["r_large_vocab_embedding_frozen"] = lambda rng: {"history": _ids(rng, (1, 30), 1, 100000),
                                                       "candidates": rng.integers(1, 100000, (1, 100))}


@model("r_tf1_wide_deep_frozen_graph_util", "frozen-pb", "TF1 wide & deep frozen the old way (tf.compat.v1.graph_util.convert_variables_to_constants): placeholders wide_cross_ids int64 [None,4] (pre-hashed crosses into 1000), deep_ids int64 [None,3] (into 500), dense float [None,4]; wide: tf.nn.embedding_lookup of a [1000,1] get_variable, reduce_sum; deep: embedding_lookup [500,8], reshape [-1,24], concat dense, Dense 32/16 relu via get_variable; sigmoid(wide + deep) named probability")
def b_tf1_wide_deep_frozen(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        wide_ids = v1.placeholder(tf.int64, [None, 4], name="wide_cross_ids")
        deep_ids = v1.placeholder(tf.int64, [None, 3], name="deep_ids")
        dense = v1.placeholder(tf.float32, [None, 4], name="dense")
        w_wide = v1.get_variable("wide/weights", [1000, 1], initializer=v1.zeros_initializer())
        b_wide = v1.get_variable("wide/bias", [1], initializer=v1.zeros_initializer())
        wide = tf.reduce_sum(tf.nn.embedding_lookup(w_wide, wide_ids), axis=1) + b_wide
        emb = v1.get_variable("deep/embeddings", [500, 8], initializer=v1.truncated_normal_initializer(stddev=0.1))
        h = tf.concat([tf.reshape(tf.nn.embedding_lookup(emb, deep_ids), [-1, 24]), dense], axis=1)
        h = _v1_dense(_v1_dense(h, "deep/fc0", 28, 32, "relu"), "deep/fc1", 32, 16, "relu")
        tf.sigmoid(wide + _v1_dense(h, "deep/logits", 16, 1), name="probability")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["probability"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["r_tf1_wide_deep_frozen_graph_util"] = ["probability"]
FEEDS["r_tf1_wide_deep_frozen_graph_util"] = {"wide_cross_ids": (0, 1000), "deep_ids": (0, 500)}


@model("r_tf1_dssm_sparse_placeholder", "tf1-savedmodel", "TF1 DSSM-style query/document matcher with sparse inputs in the signature (tf1_saved_model, SavedModelBuilder): tf.compat.v1.sparse_placeholder int64 query_token_ids and doc_token_ids (signature tensors *_indices / *_values / *_dense_shape), tf.nn.embedding_lookup_sparse(combiner='sqrtn') into a shared get_variable [3000,16], separate tanh towers (get_variable Dense 32 -> 16), tf.nn.l2_normalize, cosine similarity = reduce_sum of the product; outputs similarity [None], query_vector [None,16]")
def b_tf1_dssm(out):
    v1 = tf.compat.v1

    def build():
        q = v1.sparse_placeholder(tf.int64, [None, None], name="query_token_ids")
        d = v1.sparse_placeholder(tf.int64, [None, None], name="doc_token_ids")
        emb = v1.get_variable("token_embeddings", [3000, 16], initializer=v1.truncated_normal_initializer(stddev=0.1))

        def tower(sp, name):
            h = tf.nn.embedding_lookup_sparse(emb, sp, None, combiner="sqrtn")
            h = tf.tanh(_v1_dense(tf.tanh(_v1_dense(h, name + "/fc0", 16, 32)), name + "/fc1", 32, 16))
            return tf.nn.l2_normalize(h, axis=1)
        qv, dv = tower(q, "query"), tower(d, "doc")
        return {"serving_default": ({"query_token_ids": q, "doc_token_ids": d},
                                    {"similarity": tf.reduce_sum(qv * dv, axis=1), "query_vector": qv})}
    tf1_saved_model(out, build)


FEEDS["r_tf1_dssm_sparse_placeholder"] = lambda rng: {
    **_sparse(rng, "query_token_ids", 2, 5, 0, 3000, suffixes=("_indices", "_values", "_dense_shape")),
    **_sparse(rng, "doc_token_ids", 2, 12, 0, 3000, suffixes=("_indices", "_values", "_dense_shape"))}


# ================================================================================ tabular

def _sparsemax(z):
    """sparsemax over the last axis as TabNet re-implementations write it: sort descending, cumsum, support size, tau"""
    d = z.shape[-1]
    zs = tf.sort(z, axis=-1, direction="DESCENDING")
    k = tf.range(1, d + 1, dtype=z.dtype)
    support = tf.cast(1.0 + k * zs > tf.cumsum(zs, axis=-1), z.dtype)
    k_z = tf.reduce_sum(support, axis=-1, keepdims=True)
    tau = (tf.reduce_sum(support * zs, axis=-1, keepdims=True) - 1.0) / k_z
    return tf.maximum(z - tau, 0.0)


@model("r_tabnet_sparsemax_attentive_transformer", "keras-export", "TabNet encoder as a subclassed keras.Model, features float [None,16]: BatchNormalization; feature transformer of GLU blocks (Dense(2n) + BatchNormalization + a * sigmoid(b), residual * sqrt(0.5)), two shared across steps and two per step; three decision steps, each with an attentive transformer (Dense(16) + BatchNormalization, times the prior, sparsemax written with tf.sort / tf.cumsum / tf.range), prior *= (1.3 - mask), masked features mask * x, ReLU of the decision half summed; Dense(3) logits; outputs logits, probabilities (softmax), feature_importance (sum of masks) [None,16]; model.export with an explicit input_signature")
def b_tabnet(out):
    n_d, n_steps, gamma, d_in = 8, 3, 1.3, 16

    class GLU(L.Layer):
        def __init__(self, units, shared=None, **kw):
            super().__init__(**kw)
            self.units = units
            self.fc = shared or L.Dense(2 * units, use_bias=False)
            self.bn = L.BatchNormalization(momentum=0.98)

        def call(self, x, training=False):
            h = self.bn(self.fc(x), training=training)
            return h[:, :self.units] * tf.sigmoid(h[:, self.units:])

    class TabNet(keras.Model):
        def __init__(self):
            super().__init__()
            self.bn_in = L.BatchNormalization()
            self.shared = [L.Dense(4 * n_d, use_bias=False), L.Dense(4 * n_d, use_bias=False)]
            self.steps = [[GLU(2 * n_d, self.shared[0]), GLU(2 * n_d, self.shared[1]), GLU(2 * n_d), GLU(2 * n_d)]
                          for _ in range(n_steps + 1)]
            self.att = [(L.Dense(d_in, use_bias=False), L.BatchNormalization()) for _ in range(n_steps)]
            self.head = L.Dense(3)

        def transform(self, x, blocks, training):
            h = blocks[0](x, training=training)
            for b in blocks[1:]:
                h = (h + b(h, training=training)) * np.sqrt(0.5)
            return h

        def call(self, features, training=False):
            x = self.bn_in(features, training=training)
            prior = tf.ones_like(x)
            a = self.transform(x, self.steps[0], training)[:, n_d:]
            agg, importance = 0.0, tf.zeros_like(x)
            for s in range(n_steps):
                dense, bn = self.att[s]
                mask = _sparsemax(bn(dense(a), training=training) * prior)
                prior = prior * (gamma - mask)
                h = self.transform(mask * x, self.steps[s + 1], training)
                agg = agg + tf.nn.relu(h[:, :n_d])
                a = h[:, n_d:]
                importance = importance + mask
            logits = self.head(agg)
            return {"logits": logits, "probabilities": tf.nn.softmax(logits), "feature_importance": importance}
    m = TabNet()
    m(np.zeros((2, d_in), "float32"))
    keras_export(m, out, sig=[tensor_spec([None, d_in], name="features")])


@model("r_node_soft_oblivious_trees", "keras-export", "NODE-style differentiable oblivious decision trees (two dense-connected layers of 8 trees, depth 3), features float [None,12]: custom layer with feature-selection logits softmax-normalized over inputs (the paper's entmax replaced by softmax), ops.matmul to per-split feature values, thresholds and log-temperatures, sigmoid split probabilities, leaf probabilities from ops.einsum against constant binary leaf codes and ops.prod over depth, ops.einsum with the response weights [8,8,2]; second layer sees Concatenate(x, layer-1 outputs); mean of the 16 tree outputs as a regression value [None,1]; model.export")
def b_node(out):
    depth, trees, out_dim = 3, 8, 2
    codes = np.array([[(leaf >> (depth - 1 - d)) & 1 for leaf in range(2 ** depth)] for d in range(depth)])
    codes_1hot = np.stack([1 - codes, codes], axis=-1).astype("float32")  # [D, leaves, 2]

    class ObliviousTrees(L.Layer):
        def build(self, input_shape):
            n = trees * depth
            self.sel = self.add_weight(shape=(input_shape[-1], n), initializer="random_normal", name="selection")
            self.thr = self.add_weight(shape=(n,), initializer="random_normal", name="thresholds")
            self.log_temp = self.add_weight(shape=(n,), initializer="zeros", name="log_temperatures")
            self.resp = self.add_weight(shape=(trees, 2 ** depth, out_dim), initializer="random_normal",
                                        name="response")

        def call(self, x):
            fv = ops.matmul(x, ops.softmax(self.sel, axis=0))
            b = ops.sigmoid((fv - self.thr) * ops.exp(-self.log_temp))
            b = ops.reshape(b, (-1, trees, depth))
            bins = ops.stack([1.0 - b, b], axis=-1)                          # [B,T,D,2]
            match = ops.einsum("btds,dls->btdl", bins, codes_1hot)           # [B,T,D,leaves]
            leaf = ops.prod(match, axis=2)                                   # [B,T,leaves]
            return ops.reshape(ops.einsum("btl,tlo->bto", leaf, self.resp), (-1, trees * out_dim))
    inp = keras.Input((12,), name="features")
    h1 = ObliviousTrees()(inp)
    h2 = ObliviousTrees()(L.Concatenate()([inp, h1]))
    outs = L.Concatenate()([h1, h2])

    class MeanOfFirst(L.Layer):
        def call(self, t):
            return ops.mean(ops.reshape(t, (-1, 2 * trees, out_dim))[..., :1], axis=1)
    keras_export(keras.Model(inp, MeanOfFirst(name="prediction")(outs)), out)


FT_CARDS = [5, 10, 4]


@model("r_ft_transformer_feature_tokenizer", "keras-export", "FT-Transformer, numerical float [None,6] and categorical int32 [None,3] (cardinalities 5/10/4): custom tokenizer layer (per-feature weight [6,16] * x + bias for numbers; one Embedding(19,16) indexed with constant per-column offsets + per-column bias for categories), learned [CLS] token prepended with tf.tile over the batch; one pre-norm transformer block (LayerNormalization, MultiHeadAttention 2 heads key_dim 8, ReGLU FFN Dense(64) split relu(a) * b -> Dense(16)); head LayerNormalization + ReLU + Dense(1) on the CLS token; model.export")
def b_ft_transformer(out):
    offsets = np.cumsum([0] + FT_CARDS[:-1]).astype("int32")

    class Tokenizer(L.Layer):
        def __init__(self, d, **kw):
            super().__init__(**kw)
            self.d = d
            self.emb = L.Embedding(sum(FT_CARDS), d)

        def build(self, input_shape):
            self.w = self.add_weight(shape=(6, self.d), initializer="random_normal", name="num_weight")
            self.b = self.add_weight(shape=(6, self.d), initializer="zeros", name="num_bias")
            self.cb = self.add_weight(shape=(3, self.d), initializer="zeros", name="cat_bias")
            self.cls = self.add_weight(shape=(1, 1, self.d), initializer="random_normal", name="cls")

        def call(self, num, cat):
            t_num = num[..., None] * self.w + self.b
            t_cat = self.emb(cat + offsets) + self.cb
            cls = tf.tile(self.cls, [tf.shape(num)[0], 1, 1])
            return tf.concat([cls, t_num, t_cat], axis=1)

    class ReGLU(L.Layer):
        def call(self, h):
            a, b = ops.split(h, 2, axis=-1)
            return ops.relu(a) * b
    num = keras.Input((6,), name="numerical")
    cat = keras.Input((3,), dtype="int32", name="categorical")
    x = Tokenizer(16)(num, cat)
    h = L.LayerNormalization()(x)
    x = L.Add()([x, L.MultiHeadAttention(2, 8)(h, h)])
    h = L.LayerNormalization()(x)
    x = L.Add()([x, L.Dense(16)(ReGLU()(L.Dense(64)(h)))])
    cls = L.Lambda(lambda t: t[:, 0])(x)
    y = L.Dense(1, name="prediction")(L.ReLU()(L.LayerNormalization()(cls)))
    keras_export(keras.Model({"numerical": num, "categorical": cat}, y), out)


FEEDS["r_ft_transformer_feature_tokenizer"] = lambda rng: {
    "categorical": np.stack([rng.integers(0, c, 2) for c in FT_CARDS], axis=1)}

ROSSMANN = {"store": 1115, "day_of_week": 7, "promo": 2, "month": 12, "year": 3, "state": 12}


@model("r_entity_embeddings_rossmann_saved_model", "saved-model", "Kaggle Rossmann entity-embedding sales model with a dict of Inputs, saved with plain tf.saved_model.save(model, path) (the serving_default signature flattens the dict in sorted-key order into inputs (continuous), inputs_1 .. inputs_6): six int32 [None,1] categorical Inputs (store 1115, day_of_week 7, promo 2, month 12, year 3, state 12) each Embedding(card, min(50, card//2+1)) + Reshape, continuous float [None,3]; Concatenate, Dense 64/32 relu with Dropout 0.2, Dense(1) log-sales, Lambda exp to sales")
def b_rossmann(out):
    ins = {k: keras.Input((1,), dtype="int32", name=k) for k in ROSSMANN}
    cont = keras.Input((3,), name="continuous")
    embs = [L.Reshape((min(50, v // 2 + 1),))(L.Embedding(v, min(50, v // 2 + 1))(ins[k])) for k, v in ROSSMANN.items()]
    x = _mlp(L.Concatenate()(embs + [cont]), (64, 32), dropout=0.2)
    sales = L.Lambda(lambda t: ops.exp(t), name="sales")(L.Dense(1)(x))
    tf.saved_model.save(keras.Model({**ins, "continuous": cont}, sales), str(out))


FEEDS["r_entity_embeddings_rossmann_saved_model"] = {  # inputs_<i> = i-th dict key in sorted order
    f"inputs_{i}" if i else "inputs": (0, ROSSMANN[k]) for i, k in enumerate(sorted([*ROSSMANN, "continuous"]))
    if k in ROSSMANN}


@model("r_piecewise_linear_calibration_searchsorted", "tf-module", "lattice-free calibrated linear model (TF Lattice style, hand-written) as a tf.Module: features float [None,5] clipped to per-feature keypoint ranges; tf.searchsorted(keypoints [5,10], x^T, side='right') - 1, tf.gather(batch_dims=1) of keypoints and of monotone outputs (tf.cumsum of tf.nn.softplus deltas, sign per feature for increasing / decreasing), linear interpolation; segment int64 [None] calibrated with tf.gather of a table; sum + bias, sigmoid; signatures serving_default (probability [None], calibrated [None,5]) and calibrate (calibrated [None,5])")
def b_calibration(out):
    rng = np.random.default_rng(31)
    F, K = 5, 10
    kps = np.sort(rng.normal(0.5, 0.3, (F, 2000)), axis=1)[:, np.linspace(0, 1999, K).astype(int)].astype("float32")
    signs = tf.constant([1.0, 1.0, -1.0, 1.0, -1.0])

    class Calibrated(tf.Module):
        def __init__(self):
            super().__init__()
            self.keypoints = tf.constant(kps)
            self.raw = _var(rng, (F, K - 1), 0.5, "raw_deltas")
            self.start = tf.Variable(np.zeros(F, "float32"), name="start")
            self.segment_table = _var(rng, (6,), 0.5, "segment_calibration")
            self.bias = tf.Variable(-0.5, name="bias")

        def _calibrate(self, x):
            xt = tf.clip_by_value(tf.transpose(x), self.keypoints[:, :1], self.keypoints[:, -1:])
            idx = tf.clip_by_value(tf.searchsorted(self.keypoints, xt, side="right") - 1, 0, K - 2)
            outs = self.start[:, None] + tf.concat(
                [tf.zeros([F, 1]), tf.cumsum(tf.nn.softplus(self.raw), axis=1) * signs[:, None]], axis=1)
            x0, x1 = tf.gather(self.keypoints, idx, batch_dims=1), tf.gather(self.keypoints, idx + 1, batch_dims=1)
            y0, y1 = tf.gather(outs, idx, batch_dims=1), tf.gather(outs, idx + 1, batch_dims=1)
            return tf.transpose(y0 + (y1 - y0) * (xt - x0) / (x1 - x0))

        @tf.function(input_signature=[tensor_spec([None, F], name="features"), tensor_spec([None], "int64", "segment")])
        def serve(self, features, segment):
            c = self._calibrate(features)
            logit = tf.reduce_sum(c, axis=1) + tf.gather(self.segment_table, segment) + self.bias
            return {"probability": tf.sigmoid(logit), "calibrated": c}

        @tf.function(input_signature=[tensor_spec([None, F], name="features")])
        def calibrate(self, features):
            return {"calibrated": self._calibrate(features)}
    m = Calibrated()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve, "calibrate": m.calibrate})


FEEDS["r_piecewise_linear_calibration_searchsorted"] = {"segment": (0, 6)}


@model("r_quantile_monotone_heads", "keras-export", "demand-forecast quantile regressor, features float [None,20] and store_id int32 [None,1] (Embedding(50,4) + Flatten): Dense 32/16 relu; base quantile Dense(1) plus Dense(2, softplus) gaps, custom layer ops.cumsum so q10 <= q50 <= q90; outputs q10, q50, q90 [None,1] and quantiles [None,3]; model.export")
def b_quantile(out):
    class NonCrossing(L.Layer):
        def call(self, base, gaps):
            return ops.cumsum(ops.concatenate([base, gaps], axis=-1), axis=-1)

    class Pick(L.Layer):
        def __init__(self, i, **kw):
            super().__init__(**kw)
            self.i = i

        def call(self, q):
            return q[:, self.i:self.i + 1]
    feats = keras.Input((20,), name="features")
    store = keras.Input((1,), dtype="int32", name="store_id")
    h = _mlp(L.Concatenate()([feats, L.Flatten()(L.Embedding(50, 4)(store))]), (32, 16))
    q = NonCrossing(name="quantiles")(L.Dense(1)(h), L.Dense(2, activation="softplus")(h))
    keras_export(keras.Model({"features": feats, "store_id": store},
                             {"quantiles": q, **{n: Pick(i, name=n)(q) for i, n in enumerate(("q10", "q50", "q90"))}}),
                 out)


FEEDS["r_quantile_monotone_heads"] = {"store_id": (0, 50)}


@model("r_missing_isnan_impute_batch1", "tf-module", "credit-scoring tf.Module at fixed batch 1 that takes raw features with NaN for missing: features float [1,10]; tf.math.is_nan mask, tf.where imputation with constant training means, missing indicators cast to float, Concatenate (20), Keras MLP Dense 16 relu / Dense(1, sigmoid); outputs default_probability [1,1], num_missing int32 [1]")
def b_isnan(out):
    means = tf.constant(np.linspace(-1.0, 2.0, 10).astype("float32"))
    mlp = keras.Sequential([keras.Input((20,)), L.Dense(16, activation="relu"), L.Dense(1, activation="sigmoid")])

    @tf.function(input_signature=[tensor_spec([1, 10], name="features")])
    def serve(features):
        missing = tf.math.is_nan(features)
        x = tf.where(missing, tf.broadcast_to(means, tf.shape(features)), features)
        p = mlp(tf.concat([x, tf.cast(missing, tf.float32)], axis=1), training=False)
        return {"default_probability": p, "num_missing": tf.reduce_sum(tf.cast(missing, tf.int32), axis=1)}
    serve_module(out, {"mlp": mlp}, serving_default=serve)


FEEDS["r_missing_isnan_impute_batch1"] = lambda rng: {"features": np.array([[0.3, np.nan, 1.2, -0.4, np.nan, 0.0, 2.2,
                                                                             np.nan, 0.7, 1.0]], "float32")}


@model("r_tf1_tree_ensemble_gather_traversal", "tf1-savedmodel", "gradient-boosted tree ensemble compiled to tensor ops in a TF1 graph (tf1_saved_model, SavedModelBuilder): features float [None,8] (NaN = missing); 20 complete trees of depth 4 stored as constant split-feature int32 [300] / threshold float [300] / default-left bool [300] arrays and a leaf-value tf.Variable [320]; four unrolled levels of node = 2 * node + 1 + go_right with tf.gather of the split tables, tf.gather(batch_dims=1) of the feature values, tf.where(tf.math.is_nan) for the default direction; leaf values gathered and summed with a base score; outputs probabilities [None,1], margin [None], leaf_indices int32 [None,20]")
def b_tree_ensemble(out):
    rng = np.random.default_rng(34)
    T, D = 20, 4
    n_int, n_leaf = 2 ** D - 1, 2 ** D
    feat = rng.integers(0, 8, (T, n_int)).astype("int32").ravel()
    thr = rng.normal(0, 1, (T, n_int)).astype("float32").ravel()
    left = (rng.random((T, n_int)) < 0.5).ravel()
    leaves = rng.normal(0, 0.1, (T * n_leaf,)).astype("float32")

    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 8], name="features")
        leaf_values = tf.Variable(leaves, name="leaf_values")
        b = tf.shape(x)[0]
        node = tf.zeros([b, T], tf.int32)
        tree_int = tf.constant(np.arange(T, dtype="int32") * n_int)
        for _ in range(D):
            flat = node + tree_int
            xv = tf.gather(x, tf.gather(tf.constant(feat), flat), batch_dims=1)
            right = tf.where(tf.math.is_nan(xv), tf.logical_not(tf.gather(tf.constant(left), flat)),
                             xv > tf.gather(tf.constant(thr), flat))
            node = 2 * node + 1 + tf.cast(right, tf.int32)
        leaf_idx = node - n_int
        margin = tf.reduce_sum(tf.gather(leaf_values, leaf_idx + tf.constant(np.arange(T, dtype="int32") * n_leaf)),
                               axis=1) - 0.2
        return {"serving_default": ({"features": x}, {"probabilities": tf.sigmoid(margin)[:, None], "margin": margin,
                                                      "leaf_indices": leaf_idx})}
    tf1_saved_model(out, build)


FEEDS["r_tf1_tree_ensemble_gather_traversal"] = lambda rng: {
    "features": np.where(rng.random((2, 8)) < 0.2, np.nan, rng.normal(0, 1, (2, 8)))}


# ================================================================================ forecasting

@model("r_deepar_lstm_gaussian_ancestral_sampling", "tf-module", "DeepAR-style probabilistic forecaster as a tf.Module: past_target float [None,24], past_covariates float [None,24,2], future_covariates float [None,6,2]; mean-abs scaling, lagged target + covariates through a Keras LSTM(32, return_state=True); 20 sample paths (tf.repeat of the states), six unrolled decoder steps calling the LSTM's LSTMCell with a Gaussian head (Dense(1) mu, Dense(1, softplus) + 1e-3 sigma) and ancestral sampling with tf.random.normal fed back as the next input; outputs mean [None,6], samples [None,20,6], p10 / p50 / p90 [None,6] from tf.sort over the samples")
def b_deepar(out):
    S, H = 20, 6
    enc = L.LSTM(32, return_state=True)
    mu_head, sigma_head = L.Dense(1), L.Dense(1, activation="softplus")
    enc(np.zeros((1, 24, 3), "float32"))
    mu_head(np.zeros((1, 32), "float32"))
    sigma_head(np.zeros((1, 32), "float32"))

    @tf.function(input_signature=[tensor_spec([None, 24], name="past_target"),
                                  tensor_spec([None, 24, 2], name="past_covariates"),
                                  tensor_spec([None, H, 2], name="future_covariates")])
    def forecast(past_target, past_covariates, future_covariates):
        scale = tf.reduce_mean(tf.abs(past_target), axis=1, keepdims=True) + 1.0
        z = past_target / scale
        lagged = tf.concat([tf.zeros_like(z[:, :1]), z[:, :-1]], axis=1)
        _, h, c = enc(tf.concat([lagged[..., None], past_covariates], axis=-1))
        h, c, last = tf.repeat(h, S, axis=0), tf.repeat(c, S, axis=0), tf.repeat(z[:, -1:], S, axis=0)
        cov = tf.repeat(future_covariates, S, axis=0)
        steps = []
        for t in range(H):
            o, (h, c) = enc.cell(tf.concat([last, cov[:, t]], axis=-1), [h, c])
            mu, sigma = mu_head(o), sigma_head(o) + 1e-3
            last = mu + sigma * tf.random.normal(tf.shape(mu))
            steps.append(last)
        samples = tf.reshape(tf.concat(steps, axis=1), [-1, S, H]) * scale[:, :, None]
        srt = tf.sort(samples, axis=1)
        return {"mean": tf.reduce_mean(samples, axis=1), "samples": samples,
                "p10": srt[:, 2], "p50": srt[:, 10], "p90": srt[:, 18]}
    serve_module(out, {"encoder": enc, "mu_head": mu_head, "sigma_head": sigma_head}, serving_default=forecast)


@model("r_nbeats_trend_seasonality_generic", "keras-export", "N-BEATS (interpretable + generic), history float [None,48] -> forecast [None,12]: trend block (4 x Dense(32, relu), theta Dense(4) x2, projected with constant polynomial bases via ops.matmul), seasonality block (Fourier basis of 4 harmonics, theta Dense(9) x2), generic block (4 x Dense(32) + Dense(12) forecast; its Dense(48) backcast is off the output path and not exported); doubly residual stacking with Subtract / Add; outputs forecast, trend, seasonality [None,12]; model.export")
def b_nbeats(out):
    back, fore = 48, 12
    tb, tf_ = np.arange(back) / (back + fore), np.arange(back, back + fore) / (back + fore)
    trend_b = np.stack([tb ** p for p in range(4)]).astype("float32")
    trend_f = np.stack([tf_ ** p for p in range(4)]).astype("float32")

    def fourier(t):
        return np.concatenate([np.ones((1, len(t)))] + [f(2 * np.pi * k * t)[None] for k in range(1, 5)
                                                          for f in (np.cos, np.sin)]).astype("float32")
    season_b, season_f = fourier(tb), fourier(tf_)

    class Basis(L.Layer):
        def __init__(self, basis, **kw):
            super().__init__(**kw)
            self.basis = basis

        def call(self, theta):
            return ops.matmul(theta, ops.convert_to_tensor(self.basis))

    def stack(h, n_theta=None, bases=None):
        for _ in range(4):
            h = L.Dense(32, activation="relu")(h)
        if bases is None:
            return L.Dense(back)(h), L.Dense(fore)(h)
        return tuple(Basis(basis)(L.Dense(n_theta, use_bias=False)(h)) for basis in bases)
    x = keras.Input((back,), name="history")
    b1, trend = stack(x, 4, (trend_b, trend_f))
    r = L.Subtract()([x, b1])
    b2, season = stack(r, 9, (season_b, season_f))
    r = L.Subtract()([r, b2])
    _, generic = stack(r)
    fc = L.Add(name="forecast")([trend, season, generic])
    keras_export(keras.Model(x, {"forecast": fc, "trend": L.Identity(name="trend")(trend),
                                 "seasonality": L.Identity(name="seasonality")(season)}), out)


@model("r_tft_variable_selection_grn_quantiles", "keras-export", "Temporal Fusion Transformer (small), inputs store_id int32 [None,1], past float [None,24,4], future float [None,6,2]: static Embedding(20,16) + gated residual network (GRN: Dense, ELU, Dense, GLU as Dense * Dense(sigmoid), skip, LayerNormalization) for the context; variable selection networks (per-variable Dense(16) + GRN, softmax weights from a GRN over the flattened inputs with static context) for past and future; LSTM(16) encoder initialised from the context (return_state) and LSTM(16) decoder; gated skip + LayerNormalization, static-enrichment GRN, MultiHeadAttention(2 heads, key_dim 8, use_causal_mask=True), last 6 steps through a GRN and Dense(3) quantiles; outputs quantiles [None,6,3], past_weights [None,24,4], future_weights [None,6,2]; model.export")
def b_tft(out):
    d = 16

    class GRN(L.Layer):
        def __init__(self, units, out_units=None, **kw):
            super().__init__(**kw)
            out_units = out_units or units
            self.d1, self.d2 = L.Dense(units), L.Dense(units)
            self.ctx = L.Dense(units, use_bias=False)
            self.ga, self.gb = L.Dense(out_units), L.Dense(out_units, activation="sigmoid")
            self.skip = L.Dense(out_units)
            self.ln = L.LayerNormalization()

        def call(self, x, context=None):
            h = self.d1(x)
            if context is not None:
                h = h + self.ctx(context)
            h = self.d2(ops.elu(h))
            return self.ln(self.skip(x) + self.ga(h) * self.gb(h))

    class VSN(L.Layer):
        def __init__(self, n_vars, **kw):
            super().__init__(**kw)
            self.n = n_vars
            self.proj = [L.Dense(d) for _ in range(n_vars)]
            self.grns = [GRN(d) for _ in range(n_vars)]
            self.weights_grn = GRN(d, n_vars)

        def call(self, x, context):
            ctx = ops.expand_dims(context, 1)
            w = ops.softmax(self.weights_grn(x, ctx), axis=-1)
            processed = ops.stack([g(p(x[..., i:i + 1])) for i, (p, g) in enumerate(zip(self.proj, self.grns))],
                                  axis=-2)
            return ops.sum(processed * ops.expand_dims(w, -1), axis=-2), w

    class GateAddNorm(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.a, self.b = L.Dense(d), L.Dense(d, activation="sigmoid")
            self.ln = L.LayerNormalization()

        def call(self, x, skip):
            return self.ln(skip + self.a(x) * self.b(x))

    class ConcatTime(L.Layer):
        def call(self, a, b):
            return ops.concatenate([a, b], axis=1)

    class LastSteps(L.Layer):
        def call(self, x):
            return x[:, -6:]

    class Enrich(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.grn = GRN(d)

        def call(self, x, context):
            return self.grn(x, ops.expand_dims(context, 1))
    store = keras.Input((1,), dtype="int32", name="store_id")
    past = keras.Input((24, 4), name="past")
    future = keras.Input((6, 2), name="future")
    static = GRN(d)(L.Flatten()(L.Embedding(20, d)(store)))
    past_sel, past_w = VSN(4, name="past_vsn")(past, static)
    fut_sel, fut_w = VSN(2, name="future_vsn")(future, static)
    enc_out, h, c = L.LSTM(d, return_sequences=True, return_state=True)(
        past_sel, initial_state=[L.Dense(d)(static), L.Dense(d)(static)])
    dec_out = L.LSTM(d, return_sequences=True)(fut_sel, initial_state=[h, c])
    temporal = GateAddNorm()(ConcatTime()(enc_out, dec_out), ConcatTime()(past_sel, fut_sel))
    enriched = Enrich()(temporal, static)
    att = L.MultiHeadAttention(2, 8)(enriched, enriched, use_causal_mask=True)
    x = GateAddNorm()(att, enriched)
    q = L.Dense(3, name="quantiles")(GRN(d)(LastSteps()(x)))
    keras_export(keras.Model({"store_id": store, "past": past, "future": future},
                             {"quantiles": q, "past_weights": L.Identity(name="past_weights")(past_w),
                              "future_weights": L.Identity(name="future_weights")(fut_w)}), out)


FEEDS["r_tft_variable_selection_grn_quantiles"] = {"store_id": (0, 20)}


@model("r_dlinear_conv1d_moving_avg_rfft", "tf-module", "DLinear-style forecaster as a tf.Module, series float [None,64] -> forecast [None,16]: series decomposition with a 25-step moving average (edge padding by tf.repeat of the first / last value, tf.nn.conv1d with a constant [25,1,1] averaging kernel, VALID), seasonal = series - trend, separate Keras Dense(16) on trend and seasonal, summed; dominant period from tf.signal.rfft of the de-meaned series (tf.abs, tf.argmax over bins 1..32); outputs forecast, trend [None,64], seasonal [None,64], dominant_period float [None]")
def b_dlinear(out):
    lin_t, lin_s = L.Dense(16), L.Dense(16)
    lin_t(np.zeros((1, 64), "float32"))
    lin_s(np.zeros((1, 64), "float32"))
    kernel = tf.constant(np.full((25, 1, 1), 1 / 25, "float32"))

    @tf.function(input_signature=[tensor_spec([None, 64], name="series")])
    def forecast(series):
        padded = tf.concat([tf.repeat(series[:, :1], 12, axis=1), series, tf.repeat(series[:, -1:], 12, axis=1)], 1)
        trend = tf.nn.conv1d(padded[..., None], kernel, stride=1, padding="VALID")[..., 0]
        seasonal = series - trend
        spec = tf.abs(tf.signal.rfft(series - tf.reduce_mean(series, axis=1, keepdims=True)))
        k = tf.argmax(spec[:, 1:], axis=-1, output_type=tf.int32) + 1
        return {"forecast": lin_t(trend) + lin_s(seasonal), "trend": trend, "seasonal": seasonal,
                "dominant_period": 64.0 / tf.cast(k, tf.float32)}
    serve_module(out, {"linear_trend": lin_t, "linear_seasonal": lin_s}, serving_default=forecast)


@model("r_prophet_fourier_changepoints_float64", "tf-module", "Prophet-like additive model as a plain tf.Module (no Keras), ds float64 [None] (days since epoch) and temperature float [None]: scaled time in float64 cast to float32; piecewise-linear trend with 25 constant changepoints (indicator t >= s_j, k + A.delta slope, m + A.(-s*delta) offset); yearly (order 10, period 365.25) and weekly (order 3) Fourier features tf.sin / tf.cos computed in float64 then cast, matmul with beta tf.Variables; extra regressor; outputs yhat, trend, yearly, weekly [None]")
def b_prophet(out):
    rng = np.random.default_rng(39)
    t0, t_scale, y_scale = 17000.0, 1500.0, 250.0
    cps = tf.constant(np.linspace(0.0, 0.8, 25).astype("float32"))

    def fourier(ds, period, order):
        n = tf.range(1, order + 1, dtype=tf.float64)
        arg = 2.0 * np.pi * ds[:, None] * n[None] / period
        return tf.cast(tf.concat([tf.sin(arg), tf.cos(arg)], axis=1), tf.float32)

    class Prophet(tf.Module):
        def __init__(self):
            super().__init__()
            self.k, self.m = tf.Variable(0.3, name="k"), tf.Variable(0.5, name="m")
            self.delta = _var(rng, (25,), 0.05, "delta")
            self.beta_yearly, self.beta_weekly = _var(rng, (20, 1), 0.1, "beta_yearly"), _var(rng, (6, 1), 0.1,
                                                                                             "beta_weekly")
            self.beta_reg = tf.Variable(0.02, name="beta_temperature")

        @tf.function(input_signature=[tensor_spec([None], "float64", "ds"), tensor_spec([None], name="temperature")])
        def predict(self, ds, temperature):
            t = tf.cast((ds - t0) / t_scale, tf.float32)
            a = tf.cast(t[:, None] >= cps[None], tf.float32)
            trend = (self.k + tf.reduce_sum(a * self.delta, 1)) * t + self.m + tf.reduce_sum(a * (-cps * self.delta), 1)
            yearly = tf.squeeze(tf.matmul(fourier(ds, 365.25, 10), self.beta_yearly), -1)
            weekly = tf.squeeze(tf.matmul(fourier(ds, 7.0, 3), self.beta_weekly), -1)
            yhat = (trend + yearly + weekly + self.beta_reg * temperature) * y_scale
            return {"yhat": yhat, "trend": trend * y_scale, "yearly": yearly * y_scale, "weekly": weekly * y_scale}
    p = Prophet()
    tf.saved_model.save(p, str(out), signatures={"serving_default": p.predict})


FEEDS["r_prophet_fourier_changepoints_float64"] = lambda rng: {"ds": np.array([18262.0, 18993.5]),
                                                               "temperature": rng.uniform(-5, 30, 2)}


@model("r_gru_encoder_while_loop_rollout", "tf-module", "seq2seq forecaster as a tf.Module, history float [None,24,1] -> forecast [None,12]: Keras GRU(32, return_state=True) encoder; decoder GRUCell(32) + Dense(1) rolled out autoregressively in a tf.while_loop over a fixed horizon of 12 (maximum_iterations=12), predictions written to a tf.TensorArray, stacked and transposed")
def b_gru_while(out):
    enc, cell, head = L.GRU(32, return_state=True), L.GRUCell(32), L.Dense(1)
    _, h0 = enc(np.zeros((1, 24, 1), "float32"))
    o, _ = cell(np.zeros((1, 1), "float32"), [h0])
    head(o)

    @tf.function(input_signature=[tensor_spec([None, 24, 1], name="history")])
    def forecast(history):
        _, h = enc(history)

        def body(i, y, h, ta):
            o, states = cell(y, [h])
            y = head(o)
            return i + 1, y, states[0] if isinstance(states, (list, tuple)) else states, ta.write(i, y)
        ta = tf.TensorArray(tf.float32, size=12)
        _, _, _, ta = tf.while_loop(lambda i, *_: i < 12, body, [tf.constant(0), history[:, -1, :], h, ta],
                                    maximum_iterations=12)
        return {"forecast": tf.transpose(ta.stack()[..., 0])}
    serve_module(out, {"encoder": enc, "cell": cell, "head": head}, serving_default=forecast)


@model("r_ar_mlp_while_loop_frozen", "frozen-pb", "autoregressive MLP forecaster frozen with convert_variables_to_constants_v2 at fixed batch 1: window float [1,32,2] (target, covariate) and future_covariate float [1,8,1]; tf.while_loop over 8 steps: Keras MLP (Flatten-equivalent reshape [1,64], Dense 32 relu, Dense 1) predicts the next target, the window shifts (tf.concat of window[:,1:] and [prediction, known covariate]), prediction written to a TensorArray; output forecast [1,8]; freezing lowered the while loop and left 13 dangling unused_control_flow_input placeholders in the GraphDef")
def b_ar_frozen(out):
    mlp = keras.Sequential([keras.Input((64,)), L.Dense(32, activation="relu"), L.Dense(1)])

    def fn(window, future_covariate):
        def body(i, w, ta):
            y = mlp(tf.reshape(w, [1, 64]), training=False)
            nxt = tf.concat([y, future_covariate[:, i]], axis=-1)[:, None, :]
            return i + 1, tf.concat([w[:, 1:], nxt], axis=1), ta.write(i, y[0, 0])
        _, _, ta = tf.while_loop(lambda i, *_: i < 8, body, [tf.constant(0), window, tf.TensorArray(tf.float32, 8)])
        return tf.identity(ta.stack()[None], name="forecast")
    freeze_function(fn, [tensor_spec([1, 32, 2], name="window"), tensor_spec([1, 8, 1], name="future_covariate")], out)


OUTPUTS["r_ar_mlp_while_loop_frozen"] = ["forecast"]


@model("r_wavenet_causal_dilated_batch1", "keras-export", "WaveNet-style forecaster at fixed batch 1, series float [1,64,3]: Conv1D(16,1), four gated residual blocks with causal Conv1D(16, 2) at dilations 1/2/4/8 (tanh * sigmoid via Multiply), 1x1 residual and skip Conv1D; Add of the skips, ReLU, Conv1D(16,1, relu), last time step sliced in a Lambda, Dense(8) horizon; model.export with an explicit input_signature TensorSpec([1,64,3], name=series)")
def b_wavenet(out):
    inp = keras.Input((64, 3), batch_size=1, name="series")
    x = L.Conv1D(16, 1)(inp)
    skips = []
    for dil in (1, 2, 4, 8):
        z = L.Multiply()([L.Conv1D(16, 2, dilation_rate=dil, padding="causal", activation="tanh")(x),
                          L.Conv1D(16, 2, dilation_rate=dil, padding="causal", activation="sigmoid")(x)])
        skips.append(L.Conv1D(16, 1)(z))
        x = L.Add()([x, L.Conv1D(16, 1)(z)])
    h = L.Conv1D(16, 1, activation="relu")(L.ReLU()(L.Add()(skips)))
    keras_export(keras.Model(inp, L.Dense(8, name="forecast")(L.Lambda(lambda t: t[:, -1, :])(h))), out,
                 sig=[tensor_spec([1, 64, 3], name="series")])


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS, finite=True)))
