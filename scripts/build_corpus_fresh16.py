"""Build an independently made corpus into bench/out/fresh16/: text models and serving modules the way TF Hub, TF Model
Garden, TF Serving and on-device NLP projects publish them -- graphs that do their own string processing and
SavedModels that carry vocabulary assets, lookup tables and several signatures. In-graph preprocessing with tf.strings
(lower / regex_replace / split / ngrams / unicode_decode / unicode_script / substr / length / to_number / strip / join /
reduce_join / bytes_split / to_hash_bucket_*), WordPiece-like greedy longest-match and BPE-like merge loops written with
tf ops, character-level models on code points, Keras TextVectorization (int / multi_hot / tf_idf, custom standardize
and split callables, ngrams, character split) and StringLookup with vocabulary files, tf.lookup StaticHashTable /
StaticVocabularyTable from TextFileInitializer assets, MutableHashTable / DenseHashTable, TF1 lookup_ops tables.
Models: TF Hub-style sentence encoders, BERT-style encoders with preprocessing / packing signatures, small transformers
(learned and sinusoidal positions), fastText-style bags of n-grams, CNN / RNN text classifiers, BiLSTM-CRF with Viterbi
written with tf.scan, seq2seq with greedy decoding in tf.while_loop, language identification, spam / toxicity / intent
classifiers returning label strings, keyword extraction with top_k, cross-encoder re-ranking and extractive QA.
Serving forms: TF Serving classify / regress / predict signatures on serialized tf.Example, scalar and batch string
inputs, ragged outputs flattened to values + row_splits, several signatures sharing variables, signatures without
inputs, TF1 SavedModelBuilder exports with main_op / legacy_init_op and asset collections, and frozen GraphDefs of
numeric parts. Exported as Keras 3 model.export / keras.export.ExportArchive, tf.saved_model.save of tf.Modules and
Keras models, TF1 SavedModelBuilder graphs and frozen GraphDefs (convert_variables_to_constants_v2). Tiny widths, seeded
random weights; vocabularies are small files written next to the model before export (so they become SavedModel
assets, and are deleted afterwards); nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh16.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh16.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh16.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh16.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh16.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. Note that --check runs every
signature of a model once, in order, on the loaded object: signatures that mutate a table (x_mutable_hash_table_*) do.
"""

import contextlib
import os
import shutil
import sys
from collections import Counter

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export, tensor_spec,
                           tf1_saved_model)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh16", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = ("the a an and but or of to in on for with this that it is was are be not no very really so too i you we they "
         "he she me my your movie film story plot acting music ending scene great good bad terrible awful amazing "
         "brilliant boring slow fun funny loved hated like watch again never free win prize money click now offer "
         "call today meeting agenda report tomorrow please thanks hello world weather rain sun play song book flight "
         "hotel restaurant order pizza what where when who how").split()
SUFFIXES = ["##s", "##ed", "##ing", "##ly", "##er", "##est", "##y"]
CHARS36 = list("abcdefghijklmnopqrstuvwxyz0123456789")
PUNCT = list(".,!?'\"-$&:;()/%")
# BERT-style vocabulary: specials, whole words, suffix pieces, single characters and their ## continuations
BERT_VOCAB = list(dict.fromkeys(SPECIAL + WORDS + SUFFIXES + CHARS36 + ["##" + c for c in CHARS36] + PUNCT))
PAD_ID, UNK_ID, CLS_ID, SEP_ID = 0, 1, 2, 3
SENTS = ["The movie was GREAT, really fun!", "I hated the plot... boring & slow (2/10)",
         "WIN a FREE prize now!!! Click http://spam.example/offer", "Héllo wörld: naïve café, 東京 weather today?"]
SENTIMENT = ["negative", "neutral", "positive"]


def _sentences(rng, n, lo=3, hi=12):
    """n made-up lower-case sentences from WORDS (for adapt and for learning BPE merges)"""
    return [" ".join(rng.choice(WORDS, rng.integers(lo, hi))) for _ in range(n)]


@contextlib.contextmanager
def _asset_files(out, files):
    """Write the small vocabulary / label files a project keeps next to its model ({file name: lines}) into a
    scratch folder beside `out`; yields {file name: path}. Exports copy them into the SavedModel's assets/; the
    scratch folder is removed afterwards, so a model that still needs the original path would fail --check."""
    src = out.parent / f".src_{out.name}"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    paths = {}
    for fname, lines in files.items():
        (src / fname).write_text("".join(f"{t}\n" for t in lines), encoding="utf-8")
        paths[fname] = str(src / fname)
    try:
        yield paths
    finally:
        shutil.rmtree(src, ignore_errors=True)


def _var(rng, shape, name, scale=0.1):
    return tf.Variable(rng.normal(0, scale, shape).astype("float32"), name=name)


def _vocab_table(path, oov_buckets=0, default=-1):
    """token -> line number from a vocabulary file: StaticVocabularyTable with OOV buckets, else StaticHashTable"""
    init = tf.lookup.TextFileInitializer(path, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                                         tf.lookup.TextFileIndex.LINE_NUMBER)
    return tf.lookup.StaticVocabularyTable(init, oov_buckets) if oov_buckets else tf.lookup.StaticHashTable(init, default)


def _basic_tokens(text):
    """BERT basic-tokenizer-like splitting: ASCII lower-casing, ASCII punctuation split off as its own token
    (regex_replace), whitespace split -> ragged [B,(w)] strings"""
    t = tf.strings.regex_replace(tf.strings.lower(text), r"([[:punct:]])", r" \1 ")
    return tf.strings.split(t)


def _ragged_mean(params, ids):
    """mean of tf.gather(params, ids) over the ragged axis (0 for an empty row) -> [B, D]"""
    emb = tf.gather(params, ids)
    n = tf.cast(tf.maximum(ids.row_lengths(), 1), tf.float32)[:, None]
    return tf.reduce_sum(emb, axis=1) / n


def _wordpiece(words, table, max_chars=24, max_pieces=24):
    """Greedy longest-match-first WordPiece over a flat [N] string tensor written with tf ops: each tf.while_loop step
    tries every candidate length at the current byte offset at once (tf.strings.substr on a tiled [N, max_chars] grid,
    '##' joined in front after the first piece), looks them up in `table` (-1 = missing), takes the longest match and
    advances; a word with an unmatched remainder or more than max_chars bytes becomes [UNK].
    -> [N, steps] int64 piece ids, -1 padded at the end."""
    n = tf.size(words)
    wlen = tf.strings.length(words)
    lens = tf.range(max_chars, 0, -1)
    grid_words = tf.tile(words[:, None], [1, max_chars])
    grid_lens = tf.tile(lens[None, :], [n, 1])
    none = tf.constant(-1, tf.int64)

    def cond(i, start, done, failed, ta):
        return (i < max_pieces) & ((i == 0) | tf.logical_not(tf.reduce_all(done)))

    def body(i, start, done, failed, ta):
        grid_start = tf.tile(start[:, None], [1, max_chars])
        piece = tf.strings.substr(grid_words, grid_start, grid_lens)
        piece = tf.where(grid_start > 0, tf.strings.join(["##", piece]), piece)
        ids = table.lookup(piece)
        ok = (ids >= 0) & (grid_start + grid_lens <= wlen[:, None])
        first = tf.argmax(tf.cast(ok, tf.int32), axis=1, output_type=tf.int32)
        found = tf.reduce_any(ok, axis=1)
        emit = tf.logical_not(done) & found
        failed = failed | (tf.logical_not(done) & tf.logical_not(found))
        start = tf.where(emit, start + tf.gather(lens, first), start)
        ta = ta.write(i, tf.where(emit, tf.gather(ids, first, batch_dims=1), none))
        done = done | tf.logical_not(found) | (start >= wlen)
        return i + 1, start, done, failed, ta
    too_long = wlen > max_chars
    ta = tf.TensorArray(tf.int64, size=0, dynamic_size=True, element_shape=[None])
    _, _, _, failed, ta = tf.while_loop(cond, body, [tf.constant(0), tf.zeros([n], tf.int32), too_long, too_long, ta])
    pieces = tf.transpose(ta.stack())
    first_col = tf.range(tf.shape(pieces)[1])[None, :] == 0
    return tf.where(failed[:, None], tf.where(first_col, tf.constant(UNK_ID, tf.int64), none), pieces)


def _wordpiece_ragged(text, table):
    """text [B] -> (words ragged [B,(w)], pieces ragged [B,(w),(p)] int64) with _basic_tokens + _wordpiece"""
    words = _basic_tokens(text)
    pieces = tf.RaggedTensor.from_tensor(_wordpiece(words.flat_values, table), padding=tf.constant(-1, tf.int64))
    return words, tf.RaggedTensor.from_row_splits(pieces, words.row_splits)


def _pack(tokens, seq_len):
    """BERT single-segment packing of ragged [B,(t)] int64 ids: truncate, [CLS] ... [SEP], pad to seq_len
    -> input_word_ids, input_mask, input_type_ids int32 [B, seq_len]"""
    tokens = tokens[:, : seq_len - 2]
    b = tokens.nrows()
    cls = tf.RaggedTensor.from_tensor(tf.fill([b, 1], tf.constant(CLS_ID, tf.int64)))
    sep = tf.RaggedTensor.from_tensor(tf.fill([b, 1], tf.constant(SEP_ID, tf.int64)))
    ids = tf.concat([cls, tokens, sep], axis=1)
    word_ids = tf.cast(ids.to_tensor(PAD_ID, shape=[None, seq_len]), tf.int32)
    mask = tf.cast(tf.ones_like(ids).to_tensor(0, shape=[None, seq_len]), tf.int32)
    return {"input_word_ids": word_ids, "input_mask": mask, "input_type_ids": tf.zeros_like(word_ids)}


def _pack_pair(a, b, seq_len, max_a=8):
    """BERT two-segment packing of ragged int64 ids: [CLS] a [SEP] b [SEP] with a truncated to max_a and b to the
    rest, type ids 0 / 1, padded to seq_len -> the three int32 [B, seq_len] inputs and the offset of b per row"""
    a, b = a[:, :max_a], b[:, : seq_len - 3 - max_a]
    n = a.nrows()
    cls = tf.RaggedTensor.from_tensor(tf.fill([n, 1], tf.constant(CLS_ID, tf.int64)))
    sep = tf.RaggedTensor.from_tensor(tf.fill([n, 1], tf.constant(SEP_ID, tf.int64)))
    ids = tf.concat([cls, a, sep, b, sep], axis=1)
    types = tf.concat([tf.zeros_like(cls), tf.zeros_like(a), tf.zeros_like(sep), tf.ones_like(b), tf.ones_like(sep)], 1)
    word_ids = tf.cast(ids.to_tensor(PAD_ID, shape=[None, seq_len]), tf.int32)
    return ({"input_word_ids": word_ids,
             "input_mask": tf.cast(tf.ones_like(ids).to_tensor(0, shape=[None, seq_len]), tf.int32),
             "input_type_ids": tf.cast(types.to_tensor(0, shape=[None, seq_len]), tf.int32)},
            tf.cast(a.row_lengths() + 2, tf.int32), tf.cast(b.row_lengths(), tf.int32))


def _bert_encoder(vocab_size, seq_len, width=32, layers=2, heads=2, ff=64, name="bert_encoder"):
    """tiny BERT-style Keras functional encoder: dict inputs input_word_ids / input_mask / input_type_ids int32
    [None, seq_len]; word + learned position + type embeddings, LayerNormalization, Dropout, `layers` post-norm
    blocks (MultiHeadAttention with a [B,T,T] mask from input_mask, gelu FFN), pooler Dense(tanh) on position 0
    -> {sequence_output [B,T,width], pooled_output [B,width]}"""
    class PositionEmbedding(L.Layer):
        def build(self, shape):
            self.table = self.add_weight(shape=(seq_len, shape[-1]), name="position_embeddings",
                                         initializer=keras.initializers.TruncatedNormal(stddev=0.02))

        def call(self, x):
            return x + self.table[None, : tf.shape(x)[1]]

    class SelfAttentionMask(L.Layer):
        def call(self, mask):
            m = tf.cast(mask, tf.bool)
            return tf.logical_and(m[:, None, :], tf.ones_like(m)[:, :, None])
    ids = keras.Input((seq_len,), dtype="int32", name="input_word_ids")
    mask = keras.Input((seq_len,), dtype="int32", name="input_mask")
    types = keras.Input((seq_len,), dtype="int32", name="input_type_ids")
    x = L.Add()([L.Embedding(vocab_size, width, name="word_embeddings")(ids),
                 L.Embedding(2, width, name="type_embeddings")(types)])
    x = L.Dropout(0.1)(L.LayerNormalization(epsilon=1e-12)(PositionEmbedding()(x)))
    amask = SelfAttentionMask()(mask)
    for _ in range(layers):
        a = L.MultiHeadAttention(heads, width // heads, dropout=0.1)(x, x, attention_mask=amask)
        x = L.LayerNormalization(epsilon=1e-12)(L.Add()([x, L.Dropout(0.1)(a)]))
        f = L.Dense(width)(L.Dense(ff, activation="gelu")(x))
        x = L.LayerNormalization(epsilon=1e-12)(L.Add()([x, L.Dropout(0.1)(f)]))
    pooled = L.Dense(width, activation="tanh", name="pooler")(L.Lambda(lambda t: t[:, 0])(x))
    return keras.Model({"input_word_ids": ids, "input_mask": mask, "input_type_ids": types},
                       {"sequence_output": x, "pooled_output": pooled}, name=name)


def _bert_feeds(vocab_size, seq_len, prefix=""):
    def f(rng):
        mask = np.ones((2, seq_len), "int32")
        mask[1, seq_len // 2:] = 0
        return {prefix + "input_word_ids": rng.integers(0, vocab_size, (2, seq_len)) * mask,
                prefix + "input_mask": mask, prefix + "input_type_ids": np.zeros((2, seq_len), "int32")}
    return f


def _example(rng, text, rating, tags):
    f = tf.train.Feature
    return tf.train.Example(features=tf.train.Features(feature={
        "text": f(bytes_list=tf.train.BytesList(value=[text.encode()])),
        "rating": f(float_list=tf.train.FloatList(value=[rating])),
        "tags": f(bytes_list=tf.train.BytesList(value=[t.encode() for t in tags]))})).SerializeToString()


def _examples(rng):
    return [_example(rng, SENTS[0], 4.5, ["drama", "comedy"]), _example(rng, SENTS[1], 1.0, []),
            _example(rng, SENTS[2], 2.5, ["spam", "unknown-tag"])]


# ================================================================================ TF Hub-style modules

@model("x_hub_sentence_encoder_three_signatures", "tf-module", "TF Hub-style sentence encoder tf.Module: __call__ tf.function on string [None] plus signatures serving_default (outputs [None,64]), encode (embedding [None,64]) and tokenize (token_ids int64 values [None] + row_splits int64 [None], tokens string values); ASCII lower + regex_replace punctuation + tf.strings.split, StaticVocabularyTable(TextFileInitializer on vocab.txt asset, 8 OOV buckets) via ragged map_flat_values, tf.gather from a [V+8,32] embedding tf.Variable, sqrt-n ragged sum, tf.Variable projection + tanh, tf.math.l2_normalize; tables initialized by the SavedModel init op")
def b_hub_encoder(out):
    rng = np.random.default_rng(1)

    class SentenceEncoder(tf.Module):
        def __init__(self, vocab_path):
            super().__init__()
            self.table = _vocab_table(vocab_path, oov_buckets=8)
            self.embeddings = _var(rng, (len(WORDS) + 8, 32), "embeddings")
            self.w, self.b = _var(rng, (32, 64), "proj/kernel"), tf.Variable(tf.zeros([64]), name="proj/bias")

        def _ids(self, text):
            t = tf.strings.regex_replace(tf.strings.lower(text), r"[[:punct:]]+", " ")
            tokens = tf.strings.split(t)
            return tokens, tf.ragged.map_flat_values(self.table.lookup, tokens)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def __call__(self, text):
            _, ids = self._ids(text)
            emb = tf.reduce_sum(tf.gather(self.embeddings, ids), axis=1)
            emb = emb / tf.sqrt(tf.cast(tf.maximum(ids.row_lengths(), 1), tf.float32))[:, None]
            return tf.math.l2_normalize(tf.tanh(tf.matmul(emb, self.w) + self.b), axis=-1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def serve(self, text):
            return {"outputs": self(text)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def encode(self, text):
            return {"embedding": self(text)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def tokenize(self, text):
            tokens, ids = self._ids(text)
            return {"token_ids": ids.flat_values, "row_splits": ids.row_splits, "tokens": tokens.flat_values}
    with _asset_files(out, {"vocab.txt": WORDS}) as a:
        enc = SentenceEncoder(a["vocab.txt"])
        tf.saved_model.save(enc, str(out), signatures={"serving_default": enc.serve, "encode": enc.encode,
                                                       "tokenize": enc.tokenize})


FEEDS["x_hub_sentence_encoder_three_signatures"] = {"text": SENTS}


@model("x_bert_preprocess_wordpiece_tokenize_pack", "tf-module", "TF Hub bert_en_uncased_preprocess-style tf.Module with three signatures: tokenize (string [None] -> token_ids int64 values + word_row_splits + piece_row_splits, a flattened [B,(words),(pieces)] ragged), bert_pack_inputs (token_ids int64 [None] + row_splits int64 [None] -> input_word_ids / input_mask / input_type_ids int32 [None,16]) and serving_default (string -> the three int32 tensors); basic tokenizer = ASCII lower + regex_replace splitting off punctuation + tf.strings.split; greedy longest-match WordPiece written with tf ops (tf.while_loop over piece positions, tf.strings.substr on a tiled [N,24] candidate grid, '##' tf.strings.join, StaticHashTable on a vocab.txt asset, argmax of the longest hit, [UNK] for unmatched words); packing with ragged slicing, ragged tf.concat of [CLS] / [SEP], to_tensor(shape=[None,16]); no variables")
def b_bert_preprocess(out):
    class BertPreprocess(tf.Module):
        def __init__(self, vocab_path):
            super().__init__()
            self.table = _vocab_table(vocab_path)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def tokenize(self, text):
            _, pieces = _wordpiece_ragged(text, self.table)
            return {"token_ids": pieces.flat_values, "word_row_splits": pieces.row_splits,
                    "piece_row_splits": pieces.values.row_splits}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64, name="token_ids"),
                                      tf.TensorSpec([None], tf.int64, name="row_splits")])
        def bert_pack_inputs(self, token_ids, row_splits):
            return _pack(tf.RaggedTensor.from_row_splits(token_ids, row_splits), 16)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def preprocess(self, text):
            _, pieces = _wordpiece_ragged(text, self.table)
            return _pack(pieces.merge_dims(1, 2), 16)
    with _asset_files(out, {"vocab.txt": BERT_VOCAB}) as a:
        m = BertPreprocess(a["vocab.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.preprocess, "tokenize": m.tokenize,
                                                     "bert_pack_inputs": m.bert_pack_inputs})


def _pack_feeds(rng):
    return {"text": SENTS + ["unbelievably playing walked talkers"],
            "bert_pack_inputs/token_ids": np.arange(5, 40, dtype="int64"),
            "bert_pack_inputs/row_splits": np.array([0, 4, 4, 35], "int64")}


FEEDS["x_bert_preprocess_wordpiece_tokenize_pack"] = _pack_feeds


@model("x_bert_encoder_with_preprocess_signature", "tf-module", "TF Hub BERT-encoder-style tf.Module around a tiny Keras functional BERT (word / learned position / type embeddings, 2 post-norm blocks of MultiHeadAttention 2 heads with a [B,16,16] mask from input_mask + gelu FFN, pooler Dense tanh on position 0): serving_default takes input_word_ids / input_mask / input_type_ids int32 [None,16] -> pooled_output [None,32], sequence_output [None,16,32]; preprocess takes string [None] -> the three int32 tensors (basic tokenizer regex / split, whole-word StaticHashTable lookup on a vocab.txt asset with [UNK] default, [CLS] / [SEP] packing via ragged concat + to_tensor); encode_text takes string [None] -> pooled_output")
def b_bert_encoder(out):
    enc = _bert_encoder(len(BERT_VOCAB), 16)

    class BertModule(tf.Module):
        def __init__(self, vocab_path):
            super().__init__()
            self.encoder = enc
            self.table = _vocab_table(vocab_path, default=UNK_ID)

        def _prep(self, text):
            return _pack(tf.ragged.map_flat_values(self.table.lookup, _basic_tokens(text)), 16)

        @tf.function(input_signature=[tensor_spec([None, 16], "int32", "input_word_ids"),
                                      tensor_spec([None, 16], "int32", "input_mask"),
                                      tensor_spec([None, 16], "int32", "input_type_ids")])
        def serve(self, input_word_ids, input_mask, input_type_ids):
            return self.encoder({"input_word_ids": input_word_ids, "input_mask": input_mask,
                                 "input_type_ids": input_type_ids}, training=False)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def preprocess(self, text):
            return self._prep(text)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def encode_text(self, text):
            return {"pooled_output": self.encoder(self._prep(text), training=False)["pooled_output"]}
    with _asset_files(out, {"vocab.txt": BERT_VOCAB}) as a:
        m = BertModule(a["vocab.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve, "preprocess": m.preprocess,
                                                     "encode_text": m.encode_text})


FEEDS["x_bert_encoder_with_preprocess_signature"] = lambda rng: {"text": SENTS, **_bert_feeds(len(BERT_VOCAB), 16)(rng)}


# ================================================================================ character-level and language id

@model("x_char_cnn_unicode_decode_offsets", "tf-module", "character-level CNN classifier tf.Module: serving_default takes string [None] -> tf.strings.unicode_decode('UTF-8', errors='replace') code points (ragged int32), map_flat_values tf.where(cp < 255, cp + 1, 256), to_tensor(shape=[None,64]); Keras Embedding(257,16), Conv1D(32,5) / Conv1D(32,3) relu + GlobalMaxPooling1D, Dense(4) softmax, label via tf.gather on a string constant; second signature decode_chars returns tf.strings.unicode_decode_with_offsets code points / byte offsets / row_splits, tf.strings.length in bytes and UTF8_CHAR, tf.strings.substr(unit='UTF8_CHAR') first 8 characters and tf.strings.unicode_encode of them")
def b_char_cnn(out):
    labels = ["sports", "politics", "tech", "other"]
    inp = keras.Input((64,), dtype="int32")
    x = L.Embedding(257, 16)(inp)
    x = L.Concatenate()([L.GlobalMaxPooling1D()(L.Conv1D(32, k, activation="relu")(x)) for k in (5, 3)])
    net = keras.Model(inp, L.Dense(4, activation="softmax")(x))

    class CharCNN(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def classify(self, text):
            cps = tf.strings.unicode_decode(text, "UTF-8", errors="replace")
            ids = tf.ragged.map_flat_values(lambda c: tf.where(c < 255, c + 1, 256), cps).to_tensor(0, shape=[None, 64])
            probs = self.net(ids, training=False)
            return {"probabilities": probs, "label": tf.gather(tf.constant(labels), tf.argmax(probs, axis=-1))}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def decode_chars(self, text):
            cps, offsets = tf.strings.unicode_decode_with_offsets(text, "UTF-8", errors="replace")
            head = tf.strings.substr(text, 0, 8, unit="UTF8_CHAR")
            return {"code_points": cps.flat_values, "byte_offsets": offsets.flat_values, "row_splits": cps.row_splits,
                    "byte_length": tf.strings.length(text), "char_length": tf.strings.length(text, unit="UTF8_CHAR"),
                    "first_chars": head,
                    "first_chars_reencoded": tf.strings.unicode_encode(
                        tf.strings.unicode_decode(head, "UTF-8", errors="replace"), "UTF-8")}
    m = CharCNN()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.classify, "decode_chars": m.decode_chars})


FEEDS["x_char_cnn_unicode_decode_offsets"] = {"text": SENTS}

LANGS = ["en", "fr", "de", "ru", "ja", "ar"]


@model("x_langid_char_ngrams_unicode_script", "tf-module", "language identifier tf.Module (CLD3 / fastText-lid style): serving_default takes string [None], detect_one takes a scalar string []; tf.strings.lower(encoding='utf-8'), tf.strings.join with '^' / '$' boundary marks, tf.strings.unicode_split to characters, tf.strings.ngrams(ngram_width=(1,2,3), separator=''), tf.strings.to_hash_bucket_fast(512) (ragged map_flat_values), mean of tf.gather from a [512,16] tf.Variable; plus a script histogram: unicode_decode code points -> tf.strings.unicode_script -> clip to 32 -> tf.one_hot mean; concat, two tf.Variable dense layers, softmax over 6 languages, top_k(3) language codes via tf.gather on a string constant; outputs probabilities [None,6], language string [None], top3 string [None,3]")
def b_langid(out):
    rng = np.random.default_rng(5)

    class LangId(tf.Module):
        def __init__(self):
            super().__init__()
            self.ngram_emb = _var(rng, (512, 16), "ngram_embeddings")
            self.w1, self.b1 = _var(rng, (48, 32), "hidden/kernel"), tf.Variable(tf.zeros([32]), name="hidden/bias")
            self.w2, self.b2 = _var(rng, (32, 6), "logits/kernel"), tf.Variable(tf.zeros([6]), name="logits/bias")

        def _detect(self, text):
            t = tf.strings.join(["^", tf.strings.lower(text, encoding="utf-8"), "$"])
            chars = tf.strings.unicode_split(t, "UTF-8", errors="replace")
            grams = tf.strings.ngrams(chars, ngram_width=(1, 2, 3), separator="")
            ids = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, grams, 512)
            scripts = tf.ragged.map_flat_values(
                lambda c: tf.one_hot(tf.clip_by_value(tf.strings.unicode_script(c), 0, 31), 32),
                tf.strings.unicode_decode(text, "UTF-8", errors="replace"))
            script_hist = tf.reduce_sum(scripts, axis=1) / tf.cast(
                tf.maximum(scripts.row_lengths(), 1), tf.float32)[:, None]
            h = tf.nn.relu(tf.matmul(tf.concat([_ragged_mean(self.ngram_emb, ids), script_hist], 1), self.w1) + self.b1)
            probs = tf.nn.softmax(tf.matmul(h, self.w2) + self.b2)
            top = tf.math.top_k(probs, 3)
            names = tf.constant(LANGS)
            return {"probabilities": probs, "language": tf.gather(names, top.indices[:, 0]),
                    "top3": tf.gather(names, top.indices)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def detect(self, text):
            return self._detect(text)

        @tf.function(input_signature=[tf.TensorSpec([], tf.string, name="text")])
        def detect_one(self, text):
            r = self._detect(tf.reshape(text, [1]))
            return {"language": r["language"][0], "confidence": tf.reduce_max(r["probabilities"])}
    m = LangId()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.detect, "detect_one": m.detect_one})


FEEDS["x_langid_char_ngrams_unicode_script"] = {
    "serving_default/text": SENTS + ["Привет, как дела?", "こんにちは世界", "مرحبا بالعالم"], "detect_one/text": "Guten Tag!"}


# ================================================================================ classifiers with tables and labels

@model("x_spam_tsv_weight_table_label_strings", "tf-module", "spam filter tf.Module, serving_default string email [None]: StaticHashTable(TextFileInitializer on a spam_weights.tsv asset, key column 0 string -> value column 1 float32, tab delimiter, default 0) summed over ASCII-lowered regex-split tokens (ragged map_flat_values), handcrafted features (token count, tf.strings.regex_full_match for URLs and '$' amounts, count of '!' from tf.strings.length before / after regex_replace, upper-case byte ratio from tf.strings.bytes_split + regex_full_match '[A-Z]'), Keras Dense(8, relu) -> Dense(1) head, sigmoid; outputs spam_probability [None], label string [None] ('ham' / 'spam' via tf.gather on a string constant), is_spam bool [None]")
def b_spam(out):
    head = keras.Sequential([keras.Input((6,)), L.Dense(8, activation="relu"), L.Dense(1)])
    weights = [f"{w}\t{s:.2f}" for w, s in (("free", 1.5), ("win", 2.0), ("prize", 1.8), ("money", 1.2), ("click", 1.6),
                                            ("now", 0.6), ("offer", 1.1), ("meeting", -1.0), ("agenda", -1.2),
                                            ("report", -0.8), ("thanks", -0.5), ("tomorrow", -0.4))]

    class Spam(tf.Module):
        def __init__(self, path):
            super().__init__()
            self.head = head
            self.weights = tf.lookup.StaticHashTable(
                tf.lookup.TextFileInitializer(path, tf.string, 0, tf.float32, 1, delimiter="\t"), 0.0)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="email")])
        def classify(self, email):
            tokens = tf.strings.split(tf.strings.regex_replace(tf.strings.lower(email), r"[^a-z0-9$]+", " "))
            score = tf.reduce_sum(tf.ragged.map_flat_values(self.weights.lookup, tokens), axis=1)
            chars = tf.strings.bytes_split(email)
            upper = tf.reduce_sum(tf.cast(tf.ragged.map_flat_values(tf.strings.regex_full_match, chars, "[A-Z]"),
                                          tf.float32), axis=1)
            n_bytes = tf.cast(tf.maximum(tf.strings.length(email), 1), tf.float32)
            bangs = n_bytes - tf.cast(tf.strings.length(tf.strings.regex_replace(email, "!", "")), tf.float32)
            feats = tf.stack([score, tf.cast(tokens.row_lengths(), tf.float32) / 20.0,
                              tf.cast(tf.strings.regex_full_match(email, r".*https?://.*"), tf.float32),
                              tf.cast(tf.strings.regex_full_match(email, r".*\$[0-9]+.*"), tf.float32),
                              bangs, upper / n_bytes], axis=1)
            p = tf.sigmoid(self.head(feats, training=False))[:, 0]
            return {"spam_probability": p, "is_spam": p > 0.5,
                    "label": tf.gather(tf.constant(["ham", "spam"]), tf.cast(p > 0.5, tf.int32))}
    with _asset_files(out, {"spam_weights.tsv": weights}) as a:
        m = Spam(a["spam_weights.tsv"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.classify})


FEEDS["x_spam_tsv_weight_table_label_strings"] = {"email": SENTS + ["Meeting agenda for tomorrow, thanks"]}

STOPWORDS = "the a an and but or of to in on for with this that it is was are be i you we they me my your".split()


@model("x_keyword_extraction_idf_topk", "tf-module", "keyword extractor tf.Module, serving_default string document [None]: ASCII lower, regex_replace non-letters, tf.strings.split, stop-word removal with tf.strings.regex_full_match against an alternation + tf.ragged.boolean_mask; vocab.txt asset StaticVocabularyTable (4 OOV buckets) -> tf.gather of a [V+4,16] embedding tf.Variable dotted with a learned query vector, plus an idf.tsv asset StaticHashTable (string -> float32, default 5.0); padded to [None,24] (tokens '' / scores -inf) and tf.math.top_k(3); outputs keywords string [None,3], keyword_scores [None,3], num_candidates int64 [None]")
def b_keywords(out):
    rng = np.random.default_rng(7)
    idf = [f"{w}\t{rng.uniform(0.5, 4.0):.3f}" for w in WORDS if w not in STOPWORDS]

    class Keywords(tf.Module):
        def __init__(self, vocab, idf_path):
            super().__init__()
            self.vocab = _vocab_table(vocab, oov_buckets=4)
            self.idf = tf.lookup.StaticHashTable(
                tf.lookup.TextFileInitializer(idf_path, tf.string, 0, tf.float32, 1, delimiter="\t"), 5.0)
            self.emb = _var(rng, (len(WORDS) + 4, 16), "token_embeddings")
            self.query = _var(rng, (16,), "relevance_query")

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="document")])
        def extract(self, document):
            tokens = tf.strings.split(tf.strings.regex_replace(tf.strings.lower(document), "[^a-z]+", " "))
            stop = tf.ragged.map_flat_values(tf.strings.regex_full_match, tokens, "(%s)" % "|".join(STOPWORDS))
            tokens = tf.ragged.boolean_mask(tokens, tf.logical_not(stop))
            rel = tf.ragged.map_flat_values(
                lambda t: tf.linalg.matvec(tf.gather(self.emb, self.vocab.lookup(t)), self.query), tokens)
            scores = tf.ragged.map_flat_values(self.idf.lookup, tokens) * tf.sigmoid(rel)
            top = tf.math.top_k(scores.to_tensor(-np.inf, shape=[None, 24]), 3)
            return {"keywords": tf.gather(tokens.to_tensor("", shape=[None, 24]), top.indices, batch_dims=1),
                    "keyword_scores": top.values, "num_candidates": tokens.row_lengths()}
    with _asset_files(out, {"vocab.txt": WORDS, "idf.tsv": idf}) as a:
        m = Keywords(a["vocab.txt"], a["idf.tsv"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.extract})


FEEDS["x_keyword_extraction_idf_topk"] = {"document": SENTS}


@model("x_mutable_hash_table_counts", "tf-module", "stateful vocabulary-count module: tf.lookup.experimental.MutableHashTable (string -> int64, default 0) pre-filled with random counts for 92 vocabulary words and a DenseHashTable (int64 -> float32, empty_key -1, deleted_key -2) holding 64 hashed-bucket weights, both saved in the checkpoint; signatures serving_default (text [None] -> tokens via lower + split, per-token counts ragged-summed, weight of tf.strings.to_hash_bucket_fast(64) buckets from the dense table, outputs count_sum int64 / weight_sum float32 [None]), update (tokens string [None] -> lookup + 1 and insert, returns table size) and export (no inputs -> MutableHashTable.export() keys string [None] and values int64 [None])")
def b_mutable(out):
    rng = np.random.default_rng(8)

    class Counts(tf.Module):
        def __init__(self):
            super().__init__()
            self.counts = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, 0, name="token_counts")
            self.counts.insert(tf.constant(WORDS), tf.constant(rng.integers(1, 50, len(WORDS)), tf.int64))
            self.weights = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, default_value=0.0, empty_key=-1,
                                                                 deleted_key=-2, name="bucket_weights")
            self.weights.insert(tf.range(64, dtype=tf.int64), tf.constant(rng.normal(0, 1, 64), tf.float32))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def score(self, text):
            tokens = tf.strings.split(tf.strings.lower(text))
            counts = tf.ragged.map_flat_values(self.counts.lookup, tokens)
            w = tf.ragged.map_flat_values(lambda t: self.weights.lookup(tf.strings.to_hash_bucket_fast(t, 64)), tokens)
            return {"count_sum": tf.reduce_sum(counts, axis=1), "weight_sum": tf.reduce_sum(w, axis=1)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="tokens")])
        def update(self, tokens):
            self.counts.insert(tokens, self.counts.lookup(tokens) + 1)
            return {"size": self.counts.size()}

        @tf.function(input_signature=[])
        def export(self):
            keys, values = self.counts.export()
            return {"keys": keys, "values": values}
    m = Counts()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.score, "update": m.update, "export": m.export})


FEEDS["x_mutable_hash_table_counts"] = {"text": SENTS, "tokens": ["movie", "brandnew", "movie"]}


@model("x_parse_example_classify_regress_predict", "tf-module", "TF Serving-style module with four signatures sharing one set of variables (all saved by tf.saved_model.save as predict-method signatures): serving_default / classify / regress take serialized tf.Example string examples [None] -> tf.io.parse_example (text FixedLenFeature string, rating FixedLenFeature [1] float32, tags VarLenFeature string -> SparseTensor); predict takes raw text string [None] + rating float [None,1] + tags string [None,None] ('' padded); text hashed with tf.strings.to_hash_bucket_strong(256, key=[17, 42]) into an embedding tf.Variable (ragged mean), tags through a StaticVocabularyTable on a tags.txt asset (1 OOV bucket) and tf.one_hot summed, Keras Dense head; classify returns classes string [None,3] (tiled label constant) + scores [None,3], regress returns outputs float [None], predict returns probabilities and predicted rating")
def b_parse_example(out):
    rng = np.random.default_rng(9)
    tags = ["drama", "comedy", "action", "documentary", "spam"]
    head = keras.Sequential([keras.Input((16 + 1 + len(tags) + 1,)), L.Dense(16, activation="relu"), L.Dense(4)])
    spec = {"text": tf.io.FixedLenFeature([], tf.string, default_value=""),
            "rating": tf.io.FixedLenFeature([1], tf.float32, default_value=[0.0]),
            "tags": tf.io.VarLenFeature(tf.string)}

    class Serving(tf.Module):
        def __init__(self, tag_path):
            super().__init__()
            self.head = head
            self.emb = _var(rng, (256, 16), "text_embeddings")
            self.tags = _vocab_table(tag_path, oov_buckets=1)

        def _forward(self, text, rating, tag_strings):
            toks = tf.strings.split(tf.strings.lower(text))
            ids = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_strong, toks, 256, [17, 42])
            tag_ids = tf.ragged.map_flat_values(self.tags.lookup, tag_strings)
            tag_hot = tf.reduce_sum(tf.one_hot(tag_ids, len(tags) + 1), axis=1)
            out = self.head(tf.concat([_ragged_mean(self.emb, ids), rating, tag_hot], 1), training=False)
            return tf.nn.softmax(out[:, :3]), out[:, 3]

        def _parse(self, examples):
            f = tf.io.parse_example(examples, spec)
            return f["text"], f["rating"], tf.RaggedTensor.from_sparse(f["tags"])

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="examples")])
        def classify(self, examples):
            probs, _ = self._forward(*self._parse(examples))
            return {"classes": tf.tile(tf.constant([SENTIMENT]), [tf.shape(probs)[0], 1]), "scores": probs}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="examples")])
        def regress(self, examples):
            return {"outputs": self._forward(*self._parse(examples))[1]}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text"),
                                      tf.TensorSpec([None, 1], tf.float32, name="rating"),
                                      tf.TensorSpec([None, None], tf.string, name="tags")])
        def predict(self, text, rating, tags):
            probs, r = self._forward(text, rating, tf.RaggedTensor.from_tensor(tags, padding=""))
            return {"probabilities": probs, "predicted_rating": r}
    with _asset_files(out, {"tags.txt": tags}) as a:
        m = Serving(a["tags.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.classify, "classify": m.classify,
                                                     "regress": m.regress, "predict": m.predict})


FEEDS["x_parse_example_classify_regress_predict"] = lambda rng: {
    "examples": _examples(rng), "predict/text": SENTS[:2], "predict/rating": [[4.0], [1.5]],
    "predict/tags": [["drama", "comedy"], ["spam", ""]]}


@model("x_csv_line_strings_to_number_features", "tf-module", "tabular model fed raw CSV lines, serving_default string line [None] ('age, occupation, salary, member, yyyy-mm-dd'): tf.strings.split(',') to_tensor(shape=[None,5], default ''), tf.strings.strip, tf.strings.to_number (float32 age / salary), tf.strings.substr + to_number(int32) for year and month of the date, tf.strings.lower + tf.equal 'yes' flag, occupation tf.strings.to_hash_bucket_fast(16) + tf.one_hot; Keras Dense 16 -> Dense(1, sigmoid); outputs churn_probability [None], the parsed age / salary float32 [None], year int32 [None], occupation string [None]")
def b_csv(out):
    net = keras.Sequential([keras.Input((21,)), L.Dense(16, activation="relu"), L.Dense(1, activation="sigmoid")])

    class CsvModel(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="line")])
        def predict(self, line):
            cols = tf.strings.strip(tf.strings.split(line, ",").to_tensor("", shape=[None, 5]))
            age = tf.strings.to_number(cols[:, 0], tf.float32)
            salary = tf.strings.to_number(cols[:, 2], tf.float32)
            member = tf.cast(tf.equal(tf.strings.lower(cols[:, 3]), "yes"), tf.float32)
            year = tf.strings.to_number(tf.strings.substr(cols[:, 4], 0, 4), tf.int32)
            month = tf.strings.to_number(tf.strings.substr(cols[:, 4], 5, 2), tf.int32)
            occ = tf.one_hot(tf.strings.to_hash_bucket_fast(tf.strings.lower(cols[:, 1]), 16), 16)
            x = tf.concat([tf.stack([age / 100.0, salary / 1e5, member, tf.cast(year - 2000, tf.float32) / 25.0,
                                     tf.cast(month, tf.float32) / 12.0], 1), occ], 1)
            return {"churn_probability": self.net(x, training=False)[:, 0], "age": age, "salary": salary,
                    "year": year, "occupation": cols[:, 1]}
    m = CsvModel()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.predict})


FEEDS["x_csv_line_strings_to_number_features"] = {"line": ["34, Engineer ,  72000.50, yes, 2021-03-14",
                                                           "51,Teacher,41000,NO,2019-11-02", " 23 , student, 0, no, 2024-01-30"]}


@model("x_ragged_nested_tokenizer_flattened", "tf-module", "tokenizer-only tf.Module (no variables), serving_default string text [None]: tf.strings.lower, regex_replace of non-word characters, tf.strings.strip, tf.strings.split -> words [B,(w)], tf.strings.bytes_split -> chars [B,(w),(c)]; every ragged output flattened: words values / row_splits / row_lengths, chars values / inner row_splits, per-word tf.strings.length, tf.strings.reduce_join(axis=1, separator=' ') of the words, tf.strings.unsorted_segment_join of the words by value_rowids with '|', and the first word of each text (to_tensor default '')")
def b_ragged_tok(out):
    class Tokenizer(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def tokenize(self, text):
            t = tf.strings.strip(tf.strings.regex_replace(tf.strings.lower(text), r"[^\w']+", " "))
            words = tf.strings.split(t)
            chars = tf.strings.bytes_split(words)
            return {"word_values": words.flat_values, "word_row_splits": words.row_splits,
                    "word_row_lengths": words.row_lengths(), "char_values": chars.flat_values,
                    "char_row_splits": chars.values.row_splits,
                    "word_lengths": tf.strings.length(words.flat_values),
                    "normalized": tf.strings.reduce_join(words, axis=1, separator=" "),
                    "segment_joined": tf.strings.unsorted_segment_join(words.flat_values, words.value_rowids(),
                                                                      words.nrows(), separator="|"),
                    "first_word": words[:, :1].to_tensor("", shape=[None, 1])[:, 0]}
    m = Tokenizer()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.tokenize})


FEEDS["x_ragged_nested_tokenizer_flattened"] = {"text": SENTS + [""]}


@model("x_asset_vocabulary_no_input_signatures", "tf-module", "classifier module with tracked tf.saved_model.Asset files (vocab.txt, labels.txt) and four signatures sharing variables: serving_default (token_ids int64 [None,None] -> embedding tf.Variable mean over ids > 0, tf.Variable dense, softmax probabilities [None,3] and label string via tf.gather), lookup_tokens (tokens string [None] -> ids int64 through a StaticHashTable built on the vocab Asset, default 1), and get_vocabulary / get_labels with no inputs (tf.io.read_file of the asset path, tf.strings.strip, tf.strings.split on newline -> string [None])")
def b_asset_vocab(out):
    rng = np.random.default_rng(12)
    vocab = SPECIAL[:2] + WORDS

    class VocabModule(tf.Module):
        def __init__(self, vocab_path, labels_path):
            super().__init__()
            self.vocab_asset = tf.saved_model.Asset(vocab_path)
            self.labels_asset = tf.saved_model.Asset(labels_path)
            self.table = _vocab_table(self.vocab_asset, default=1)
            self.emb = _var(rng, (len(vocab), 16), "embeddings")
            self.w = _var(rng, (16, 3), "dense/kernel")
            self.labels = tf.constant(SENTIMENT)

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int64, name="token_ids")])
        def classify(self, token_ids):
            mask = tf.cast(token_ids > 0, tf.float32)[..., None]
            pooled = tf.reduce_sum(tf.gather(self.emb, token_ids) * mask, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
            probs = tf.nn.softmax(tf.matmul(pooled, self.w))
            return {"probabilities": probs, "label": tf.gather(self.labels, tf.argmax(probs, -1))}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="tokens")])
        def lookup_tokens(self, tokens):
            return {"token_ids": self.table.lookup(tokens)}

        @tf.function(input_signature=[])
        def get_vocabulary(self):
            return {"vocabulary": tf.strings.split(tf.strings.strip(tf.io.read_file(self.vocab_asset)), "\n")}

        @tf.function(input_signature=[])
        def get_labels(self):
            return {"labels": tf.strings.split(tf.strings.strip(tf.io.read_file(self.labels_asset)), "\n")}
    with _asset_files(out, {"vocab.txt": vocab, "labels.txt": SENTIMENT}) as a:
        m = VocabModule(a["vocab.txt"], a["labels.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.classify, "lookup_tokens": m.lookup_tokens,
                                                     "get_vocabulary": m.get_vocabulary, "get_labels": m.get_labels})


FEEDS["x_asset_vocabulary_no_input_signatures"] = {"token_ids": (0, len(WORDS) + 2), "tokens": ["movie", "zebra", "the"]}


@model("x_static_vocab_table_bincount_bow", "tf-module", "bag-of-words classifier tf.Module: serving_default string text [None] -> regex_replace / lower / split, StaticVocabularyTable on a vocab.txt asset with 4 OOV buckets (ragged map_flat_values), tf.math.bincount(axis=-1, minlength = maxlength = V+4) counts on the ragged ids reshaped to [-1,V+4], tf.math.log1p, Keras Dense(16, relu) -> Dense(1, sigmoid); outputs score [None]; second signature vectorize returns the int32 count vectors [None,V+4]")
def b_bincount(out):
    size = len(WORDS) + 4
    net = keras.Sequential([keras.Input((size,)), L.Dense(16, activation="relu"), L.Dense(1, activation="sigmoid")])

    class Bow(tf.Module):
        def __init__(self, path):
            super().__init__()
            self.table = _vocab_table(path, oov_buckets=4)
            self.net = net

        def _counts(self, text):
            tokens = tf.strings.split(tf.strings.regex_replace(tf.strings.lower(text), "[^a-z0-9 ]", " "))
            ids = tf.ragged.map_flat_values(self.table.lookup, tokens)
            counts = tf.math.bincount(tf.cast(ids, tf.int32), minlength=size, maxlength=size, axis=-1)
            return tf.reshape(counts, [-1, size])

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def score(self, text):
            x = tf.math.log1p(tf.cast(self._counts(text), tf.float32))
            return {"score": self.net(x, training=False)[:, 0]}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def vectorize(self, text):
            return {"counts": self._counts(text)}
    with _asset_files(out, {"vocab.txt": WORDS}) as a:
        m = Bow(a["vocab.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.score, "vectorize": m.vectorize})


FEEDS["x_static_vocab_table_bincount_bow"] = {"text": SENTS}


@model("x_text_normalizer_no_variables", "tf-module", "text-normalization tf.Module with no variables and three signatures: normalize (string [None] -> tf.strings.unicode_transcode UTF-8 -> UTF-8 with errors='replace' and replace_control_characters, tf.strings.lower(encoding='utf-8'), regex_replace of URLs / e-mails / numbers to <url> / <email> / <num>, whitespace collapse, tf.strings.strip, tf.strings.substr(0, 48, unit='UTF8_CHAR')), stats (string [None] -> byte and UTF8_CHAR lengths int32, word count int64, is_question bool via tf.strings.regex_full_match, summary string via tf.strings.as_string + tf.strings.join) and normalize_one (scalar string [] -> scalar string)")
def b_normalizer(out):
    def norm(text):
        t = tf.strings.unicode_transcode(text, "UTF-8", "UTF-8", errors="replace", replace_control_characters=True)
        t = tf.strings.lower(t, encoding="utf-8")
        t = tf.strings.regex_replace(t, r"https?://\S+", "<url>")
        t = tf.strings.regex_replace(t, r"[\w.+-]+@[\w-]+\.[\w.]+", "<email>")
        t = tf.strings.regex_replace(t, r"\d+([.,]\d+)?", "<num>")
        t = tf.strings.strip(tf.strings.regex_replace(t, r"\s+", " "))
        return tf.strings.substr(t, 0, 48, unit="UTF8_CHAR")

    class Normalizer(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def normalize(self, text):
            return {"normalized": norm(text)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def stats(self, text):
            n_words = tf.strings.split(text).row_lengths()
            return {"byte_length": tf.strings.length(text), "char_length": tf.strings.length(text, unit="UTF8_CHAR"),
                    "word_count": n_words, "is_question": tf.strings.regex_full_match(text, r".*\?\s*$"),
                    "summary": tf.strings.join([tf.strings.as_string(n_words), " words, ",
                                                tf.strings.as_string(tf.strings.length(text, unit="UTF8_CHAR")),
                                                " chars"])}

        @tf.function(input_signature=[tf.TensorSpec([], tf.string, name="text")])
        def normalize_one(self, text):
            return {"normalized": norm(text)}
    m = Normalizer()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.normalize, "stats": m.stats,
                                                 "normalize_one": m.normalize_one})


FEEDS["x_text_normalizer_no_variables"] = {"text": SENTS + ["mail me at bob@example.com, 3.5 stars\t\x07 ok?"],
                                           "normalize_one/text": "  Call 555-0100 NOW  "}


# ================================================================================ sequence models with decoding in the graph

def _viterbi(emissions, lengths, trans, start, end):
    """batched Viterbi with tf.scan: emissions [B,T,K], lengths [B] int32 -> tags int32 [B,T] (-1 past the length) and
    the best path score [B]; padded steps carry the score and back-point to themselves"""
    k = trans.shape[0]
    em = tf.transpose(emissions, [1, 0, 2])
    t_len = tf.shape(em)[0]
    init = start[None, :] + em[0]

    def forward(carry, x):
        score, _ = carry
        e, t = x
        cand = score[:, :, None] + trans[None]
        valid = (t < lengths)[:, None]
        return (tf.where(valid, tf.reduce_max(cand, axis=1) + e, score),
                tf.where(valid, tf.argmax(cand, axis=1, output_type=tf.int32), tf.range(k)[None, :]))
    scores, backptr = tf.scan(forward, (em[1:], tf.range(1, t_len)), initializer=(init, tf.zeros_like(init, tf.int32)))
    last = tf.concat([init[None], scores], 0)[-1] + end[None, :]
    best_last = tf.argmax(last, axis=1, output_type=tf.int32)
    back = tf.scan(lambda tag, bp: tf.gather(bp, tag, batch_dims=1), backptr, initializer=best_last, reverse=True)
    tags = tf.transpose(tf.concat([back, best_last[None]], 0))
    return tf.where(tf.sequence_mask(lengths, t_len), tags, -1), tf.reduce_max(last, axis=1)


NER_TAGS = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC"]


@model("x_bilstm_crf_viterbi_strings", "tf-module", "BiLSTM-CRF tagger tf.Module: Keras Embedding(V+2, 16, mask_zero=True) + Bidirectional(LSTM(8, return_sequences)) + Dense(5) emissions, CRF transition [5,5] / start / end tf.Variables, batched Viterbi decoding written with two tf.scan loops (max / argmax forward with back-pointers, tf.gather(batch_dims=1) backtrack in reverse) and tf.sequence_mask; serving_default takes sentences string [None] (lower + split, StaticVocabularyTable on a vocab.txt asset shifted by 1 so 0 pads, to_tensor) -> tags int32 [None,None] (-1 padded), tag names string via tf.gather on a constant (''-padded), tokens string, path score; tag_ids takes token_ids int32 [None,None] + lengths int32 [None]")
def b_crf(out):
    rng = np.random.default_rng(13)
    inp = keras.Input((None,), dtype="int32")
    x = L.Bidirectional(L.LSTM(8, return_sequences=True))(L.Embedding(len(WORDS) + 2, 16, mask_zero=True)(inp))
    net = keras.Model(inp, L.Dense(len(NER_TAGS))(x))

    class CrfTagger(tf.Module):
        def __init__(self, path):
            super().__init__()
            self.net = net
            self.table = _vocab_table(path, oov_buckets=1)
            self.trans = _var(rng, (5, 5), "crf/transitions", 0.5)
            self.start, self.end = _var(rng, (5,), "crf/start", 0.5), _var(rng, (5,), "crf/end", 0.5)

        def _decode(self, ids, lengths):
            return _viterbi(self.net(ids, training=False), lengths, self.trans, self.start, self.end)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="sentences")])
        def tag(self, sentences):
            tokens = tf.strings.split(tf.strings.lower(sentences))
            ids = tf.cast(tf.ragged.map_flat_values(self.table.lookup, tokens) + 1, tf.int32)
            tags, score = self._decode(ids.to_tensor(0), tf.cast(ids.row_lengths(), tf.int32))
            names = tf.where(tags >= 0, tf.gather(tf.constant(NER_TAGS), tf.maximum(tags, 0)), "")
            return {"tags": tags, "tag_names": names, "tokens": tokens.to_tensor(""), "score": score}

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32, name="token_ids"),
                                      tf.TensorSpec([None], tf.int32, name="lengths")])
        def tag_ids(self, token_ids, lengths):
            tags, score = self._decode(token_ids, lengths)
            return {"tags": tags, "score": score}
    with _asset_files(out, {"vocab.txt": WORDS}) as a:
        m = CrfTagger(a["vocab.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.tag, "tag_ids": m.tag_ids})


FEEDS["x_bilstm_crf_viterbi_strings"] = {"sentences": SENTS, "token_ids": (1, len(WORDS) + 2), "lengths": [32, 20]}

SEQ_CHARS = "abcdefghijklmnopqrstuvwxyz '.,?!0123456789"
SEQ_PAD, SEQ_BOS, SEQ_EOS, SEQ_UNK = 0, 1, 2, 3


@model("x_seq2seq_char_greedy_while_loop", "tf-module", "character-level seq2seq (spelling-normalizer style) tf.Module: translate takes string text [None] -> tf.strings.lower, unicode_decode code points cast to int64, StaticHashTable(KeyValueTensorInitializer code point -> id, default UNK), truncated and to_tensor to [B,<=24]; Keras encoder Embedding(mask_zero) + GRU(32, return_state); greedy decoding in an explicit tf.while_loop (Keras Embedding + GRUCell(32) + Dense(46), argmax fed back, TensorArray of int32 ids, stop at EOS for every row or 12 steps); ids -> characters by tf.gather on a string constant, tf.strings.reduce_join -> output_text string [None] + output_ids int32 [None,None]; serving_default takes source_ids int32 [None,None] -> output_ids, lengths int32 [None]")
def b_seq2seq(out):
    vocab = len(SEQ_CHARS) + 4
    src = keras.Input((None,), dtype="int32")
    _, state = L.GRU(32, return_state=True)(L.Embedding(vocab, 16, mask_zero=True)(src))
    encoder = keras.Model(src, state)
    dec_emb, cell, proj = L.Embedding(vocab, 16), L.GRUCell(32), L.Dense(vocab)
    h, _ = cell(dec_emb(tf.zeros([1], tf.int32)), [tf.zeros([1, 32])])
    proj(h)
    id_to_char = ["", "", "", "?"] + list(SEQ_CHARS)

    class Seq2Seq(tf.Module):
        def __init__(self):
            super().__init__()
            self.encoder, self.dec_emb, self.cell, self.proj = encoder, dec_emb, cell, proj
            self.chars = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                tf.constant([ord(c) for c in SEQ_CHARS], tf.int64), tf.range(4, vocab, dtype=tf.int64)), SEQ_UNK)

        def _greedy(self, source_ids, max_len=12):
            state = self.encoder(source_ids, training=False)
            b = tf.shape(source_ids)[0]

            def cond(i, tok, st, done, ta):
                return (i < max_len) & tf.logical_not(tf.reduce_all(done))

            def body(i, tok, st, done, ta):
                h, new = self.cell(self.dec_emb(tok), [st], training=False)
                nxt = tf.argmax(self.proj(h), axis=-1, output_type=tf.int32)
                nxt = tf.where(done, SEQ_PAD, nxt)
                return i + 1, nxt, new[0], done | (nxt == SEQ_EOS), ta.write(i, nxt)
            ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True, element_shape=[None])
            _, _, _, _, ta = tf.while_loop(cond, body, [tf.constant(0), tf.fill([b], SEQ_BOS), state,
                                                        tf.zeros([b], tf.bool), ta])
            ids = tf.transpose(ta.stack())
            keep = tf.logical_and(ids != SEQ_PAD, ids != SEQ_EOS)
            return ids, tf.reduce_sum(tf.cast(keep, tf.int32), axis=1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def translate(self, text):
            cps = tf.strings.unicode_decode(tf.strings.lower(text, encoding="utf-8"), "UTF-8", errors="replace")
            ids = tf.ragged.map_flat_values(lambda c: self.chars.lookup(tf.cast(c, tf.int64)), cps)[:, :24]
            out_ids, _ = self._greedy(tf.cast(ids.to_tensor(SEQ_PAD), tf.int32))
            text_out = tf.strings.reduce_join(tf.gather(tf.constant(id_to_char), out_ids), axis=1)
            return {"output_text": text_out, "output_ids": out_ids}

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32, name="source_ids")])
        def serve(self, source_ids):
            ids, lengths = self._greedy(source_ids)
            return {"output_ids": ids, "lengths": lengths}
    m = Seq2Seq()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve, "translate": m.translate})


FEEDS["x_seq2seq_char_greedy_while_loop"] = {"text": SENTS, "source_ids": (4, len(SEQ_CHARS) + 4)}


def _learn_bpe(words, n_merges):
    """plain-Python BPE learner over a word list: repeatedly merge the most frequent adjacent symbol pair"""
    corpus = Counter(tuple(w) for w in words)
    merges = []
    for _ in range(n_merges):
        pairs = Counter()
        for sym, c in corpus.items():
            for a, b in zip(sym, sym[1:]):
                pairs[a, b] += c
        if not pairs:
            break
        (a, b), _ = max(pairs.items(), key=lambda kv: (kv[1], kv[0]))
        merges.append((a, b))
        new = Counter()
        for sym, c in corpus.items():
            out, i = [], 0
            while i < len(sym):
                if i + 1 < len(sym) and sym[i] == a and sym[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(sym[i])
                    i += 1
            new[tuple(out)] += c
        corpus = new
    return merges


@model("x_bpe_merge_table_scalar_string", "tf-module", "sentencepiece-free BPE tokenizer + embedding tf.Module taking a scalar string text []: tf.strings.lower + split into words, tf.map_fn over words (fn_output_signature RaggedTensorSpec) of a per-word tf.while_loop (shape_invariants [None]) that unicode_splits the word, tf.strings.join's adjacent pairs with ' ', looks up merge ranks in a StaticHashTable on a merges.tsv asset (string -> int64, default 2^30), and merges the lowest-ranked pair (tf.argmin, tf.cond, slice + concat) until none is left; pieces -> ids with a StaticVocabularyTable on a vocab.txt asset (1 OOV bucket), mean of a [V+1,32] tf.Variable embedding; outputs pieces string [None], ids int64 [None], word_row_splits int64 [None], sentence_embedding float32 [32]")
def b_bpe(out):
    rng = np.random.default_rng(15)
    corpus_words = " ".join(_sentences(rng, 300)).split() + ["playing", "played", "player", "booking", "booked"] * 5
    merges = _learn_bpe(corpus_words, 60)
    symbols = sorted({c for w in corpus_words for c in w}) + ["".join(p) for p in merges]
    vocab = list(dict.fromkeys(symbols))
    big = 1 << 30

    class Bpe(tf.Module):
        def __init__(self, merges_path, vocab_path):
            super().__init__()
            self.ranks = tf.lookup.StaticHashTable(
                tf.lookup.TextFileInitializer(merges_path, tf.string, 0, tf.int64, 1, delimiter="\t"), big)
            self.vocab = _vocab_table(vocab_path, oov_buckets=1)
            self.emb = _var(rng, (len(vocab) + 1, 32), "piece_embeddings")

        def _bpe_word(self, word):
            def cond(s, go):
                return go

            def body(s, go):
                pairs = tf.strings.join([s[:-1], s[1:]], separator=" ")
                ranks = self.ranks.lookup(pairs)
                go = tf.reduce_min(tf.concat([ranks, [big]], 0)) < big

                def merge():
                    i = tf.argmin(ranks, output_type=tf.int32)
                    return tf.concat([s[:i], [tf.strings.join([s[i], s[i + 1]])], s[i + 2:]], 0)
                return tf.cond(go, merge, lambda: s), go
            s, _ = tf.while_loop(cond, body, [tf.strings.unicode_split(word, "UTF-8"), tf.constant(True)],
                                 shape_invariants=[tf.TensorShape([None]), tf.TensorShape([])])
            return s

        @tf.function(input_signature=[tf.TensorSpec([], tf.string, name="text")])
        def tokenize(self, text):
            words = tf.strings.split(tf.strings.lower(text))
            pieces = tf.map_fn(self._bpe_word, words,
                               fn_output_signature=tf.RaggedTensorSpec([None], tf.string, ragged_rank=0))
            ids = self.vocab.lookup(pieces.flat_values)
            emb = tf.reduce_mean(tf.gather(self.emb, tf.concat([ids, [len(vocab)]], 0)), axis=0)
            return {"pieces": pieces.flat_values, "ids": ids, "word_row_splits": pieces.row_splits,
                    "sentence_embedding": emb}
    files = {"merges.tsv": [f"{a} {b}\t{r}" for r, (a, b) in enumerate(merges)], "vocab.txt": vocab}
    with _asset_files(out, files) as a:
        m = Bpe(a["merges.tsv"], a["vocab.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.tokenize})


FEEDS["x_bpe_merge_table_scalar_string"] = {"text": "The player was playing great music, unbelievable!"}


@model("x_cross_encoder_rerank_scalar_query", "tf-module", "cross-encoder re-ranker tf.Module, serving_default takes query scalar string [] + candidates string [None]: query tf.fill'ed to the candidate count, both through the basic tokenizer (regex_replace / split) and a StaticHashTable on a vocab.txt asset ([UNK] default), packed as [CLS] q [SEP] c [SEP] (ragged concat, type ids 0 / 1, to_tensor [None,24]); tiny Keras BERT (1 block, MultiHeadAttention with input_mask) + Dense(1) on pooled_output; outputs scores [None], ranking int32 [None] (tf.argsort descending) and ranked_candidates string [None] (tf.gather)")
def b_rerank(out):
    enc = _bert_encoder(len(BERT_VOCAB), 24, layers=1)
    scorer = L.Dense(1)
    scorer(tf.zeros([1, 32]))

    class Reranker(tf.Module):
        def __init__(self, path):
            super().__init__()
            self.encoder, self.scorer = enc, scorer
            self.table = _vocab_table(path, default=UNK_ID)

        @tf.function(input_signature=[tf.TensorSpec([], tf.string, name="query"),
                                      tf.TensorSpec([None], tf.string, name="candidates")])
        def rerank(self, query, candidates):
            q = tf.ragged.map_flat_values(self.table.lookup, _basic_tokens(tf.fill(tf.shape(candidates), query)))
            c = tf.ragged.map_flat_values(self.table.lookup, _basic_tokens(candidates))
            inputs, _, _ = _pack_pair(q, c, 24)
            scores = self.scorer(self.encoder(inputs, training=False)["pooled_output"])[:, 0]
            order = tf.argsort(scores, direction="DESCENDING")
            return {"scores": scores, "ranking": order, "ranked_candidates": tf.gather(candidates, order)}
    with _asset_files(out, {"vocab.txt": BERT_VOCAB}) as a:
        m = Reranker(a["vocab.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.rerank})


FEEDS["x_cross_encoder_rerank_scalar_query"] = {"query": "good movie music", "candidates": SENTS}


def _best_span(start_logits, end_logits, allowed, max_answer_len=8):
    """best (start, end) with start <= end < start + max_answer_len among allowed positions: outer sum of logits,
    tf.linalg.band_part mask, argmax over the flattened [T*T] grid, floordiv / floormod -> start, end int32, score"""
    t = tf.shape(start_logits)[1]
    s = tf.where(allowed, start_logits, -1e4)
    e = tf.where(allowed, end_logits, -1e4)
    band = tf.linalg.band_part(tf.ones([t, t]), 0, max_answer_len - 1) > 0
    grid = tf.where(band[None], s[:, :, None] + e[:, None, :], -1e9)
    flat = tf.reshape(grid, [tf.shape(grid)[0], -1])
    idx = tf.argmax(flat, axis=1, output_type=tf.int32)
    return idx // t, idx % t, tf.reduce_max(flat, axis=1)


@model("x_qa_span_extraction_answer_text", "tf-module", "extractive QA tf.Module (SQuAD-style BERT head): tiny Keras BERT (2 blocks) + Dense(2) -> start / end logits over [None,24]; serving_default takes input_word_ids / input_mask / input_type_ids int32 [None,24] -> start_logits, end_logits [None,24] and the best span (outer sum, tf.linalg.band_part max length 8, argmax of the flattened grid, floordiv / floormod) start / end int32 [None]; answer takes question scalar string [] + context scalar string [], tokenizes both (regex / split, StaticHashTable on a vocab.txt asset), packs [CLS] q [SEP] c [SEP], restricts the span to context positions and returns answer string [] (tf.strings.reduce_join of the context token slice), score float32 [], start / end token int32 []")
def b_qa(out):
    enc = _bert_encoder(len(BERT_VOCAB), 24)
    head = L.Dense(2)
    head(tf.zeros([1, 24, 32]))

    class QA(tf.Module):
        def __init__(self, path):
            super().__init__()
            self.encoder, self.head = enc, head
            self.table = _vocab_table(path, default=UNK_ID)

        def _logits(self, inputs):
            x = self.head(self.encoder(inputs, training=False)["sequence_output"])
            return x[..., 0], x[..., 1]

        @tf.function(input_signature=[tensor_spec([None, 24], "int32", "input_word_ids"),
                                      tensor_spec([None, 24], "int32", "input_mask"),
                                      tensor_spec([None, 24], "int32", "input_type_ids")])
        def serve(self, input_word_ids, input_mask, input_type_ids):
            s, e = self._logits({"input_word_ids": input_word_ids, "input_mask": input_mask,
                                 "input_type_ids": input_type_ids})
            start, end, _ = _best_span(s, e, input_mask > 0)
            return {"start_logits": s, "end_logits": e, "start": start, "end": end}

        @tf.function(input_signature=[tf.TensorSpec([], tf.string, name="question"),
                                      tf.TensorSpec([], tf.string, name="context")])
        def answer(self, question, context):
            q_tok = _basic_tokens(tf.reshape(question, [1]))
            c_tok = _basic_tokens(tf.reshape(context, [1]))
            inputs, offset, c_len = _pack_pair(tf.ragged.map_flat_values(self.table.lookup, q_tok),
                                               tf.ragged.map_flat_values(self.table.lookup, c_tok), 24)
            s, e = self._logits(inputs)
            pos = tf.range(24)[None, :]
            allowed = (pos >= offset[:, None]) & (pos < (offset + c_len)[:, None])
            start, end, score = _best_span(s, e, allowed)
            words = c_tok.flat_values
            return {"answer": tf.strings.reduce_join(words[start[0] - offset[0]: end[0] - offset[0] + 1], separator=" "),
                    "score": score[0], "start": start[0], "end": end[0]}
    with _asset_files(out, {"vocab.txt": BERT_VOCAB}) as a:
        m = QA(a["vocab.txt"])
        tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve, "answer": m.answer})


FEEDS["x_qa_span_extraction_answer_text"] = lambda rng: {
    "question": "what was the weather?", "context": "it was really slow , but the weather today was great sun and fun",
    **_bert_feeds(len(BERT_VOCAB), 24)(rng)}


# ================================================================================ Keras 3 text models (model.export / ExportArchive)

def _standardize(text):
    """custom TextVectorization standardize: lower, strip '<br />' and URLs, drop punctuation"""
    t = tf.strings.regex_replace(tf.strings.lower(text), r"<br\s*/?>|https?://\S+", " ")
    return tf.strings.regex_replace(t, r"[[:punct:]]", "")


def _split_ws(text):
    """custom TextVectorization split: collapse runs of whitespace, tf.strings.split"""
    return tf.strings.split(tf.strings.strip(tf.strings.regex_replace(text, r"\s+", " ")), sep=" ")


@model("x_textvec_int_custom_standardize_split_cnn", "keras-export", "Keras CNN text classifier with the vectorizer inside, raw string [None,1]: TextVectorization(output_mode='int', vocabulary=vocab.txt file -> asset, standardize = custom callable (tf.strings.lower + regex_replace of '<br />' / URLs / punctuation), split = custom callable (regex_replace whitespace runs, strip, tf.strings.split), output_sequence_length=32), Embedding(V+2, 16), parallel Conv1D(16, 3) and Conv1D(16, 5) relu + GlobalMaxPooling1D, Concatenate, Dropout, Dense(3, softmax); model.export")
def b_textvec_int(out):
    with _asset_files(out, {"vocab.txt": WORDS}) as a:
        tv = L.TextVectorization(standardize=_standardize, split=_split_ws, vocabulary=a["vocab.txt"],
                                 output_sequence_length=32)
        inp = keras.Input((1,), dtype="string", name="text")
        x = L.Embedding(tv.vocabulary_size(), 16)(tv(inp))
        x = L.Concatenate()([L.GlobalMaxPooling1D()(L.Conv1D(16, k, activation="relu")(x)) for k in (3, 5)])
        keras_export(keras.Model(inp, L.Dense(3, activation="softmax")(L.Dropout(0.3)(x))), out)


FEEDS["x_textvec_int_custom_standardize_split_cnn"] = {"text": [[s] for s in SENTS]}


@model("x_textvec_multi_hot_bigrams_mlp", "keras-export", "Keras bag-of-ngrams classifier, raw string [None,1]: TextVectorization(output_mode='multi_hot', ngrams=2, max_tokens=300, standardize='lower_and_strip_punctuation', adapted on made-up sentences) inside the model, Dense(16, relu), Dropout(0.5), Dense(1, sigmoid); model.export")
def b_multi_hot(out):
    tv = L.TextVectorization(max_tokens=300, ngrams=2, output_mode="multi_hot")
    tv.adapt(_sentences(np.random.default_rng(17), 300))
    inp = keras.Input((1,), dtype="string", name="text")
    x = L.Dropout(0.5)(L.Dense(16, activation="relu")(tv(inp)))
    keras_export(keras.Model(inp, L.Dense(1, activation="sigmoid")(x)), out)


FEEDS["x_textvec_multi_hot_bigrams_mlp"] = {"text": [[s] for s in SENTS]}


@model("x_textvec_tf_idf_archive_two_endpoints", "keras-export", "Keras tf-idf topic classifier exported with keras.export.ExportArchive and two endpoints: serve (string text [None] -> probabilities [None,4]) and vectorize (string text [None] -> tf-idf features [None,V+1]); TextVectorization(output_mode='tf_idf', vocabulary=word list, idf_weights=fixed array, standardize='lower_and_strip_punctuation', split='whitespace') tracked by the archive, Dense(4, softmax)")
def b_tfidf(out):
    rng = np.random.default_rng(18)
    tv = L.TextVectorization(output_mode="tf_idf", vocabulary=WORDS, idf_weights=rng.uniform(0.5, 3.0, len(WORDS)))
    dense = L.Dense(4, activation="softmax")
    inp = keras.Input((), dtype="string")
    m = keras.Model(inp, dense(tv(inp)))
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.track(tv)
    archive.add_endpoint("serve", lambda text: {"probabilities": m(text, training=False)},
                         input_signature=[tensor_spec([None], "string", "text")])
    archive.add_endpoint("vectorize", lambda text: {"tf_idf": tv(text)},
                         input_signature=[tensor_spec([None], "string", "text")])
    archive.write_out(str(out), verbose=False)


FEEDS["x_textvec_tf_idf_archive_two_endpoints"] = {"text": SENTS}


@model("x_stringlookup_vocab_file_token_tagger", "keras-export", "Keras token tagger on pre-tokenized input, string tokens [None,None] ('' padded): StringLookup(vocabulary=vocab.txt file -> asset, mask_token='') -> Embedding(mask_zero=True), Bidirectional(GRU(8, return_sequences)), Dense(5, softmax) per token; a custom layer takes tf.argmax and feeds an inverse StringLookup(vocabulary=tag list, invert=True); outputs probabilities [None,None,5] and tags string [None,None]; model.export")
def b_sl_tagger(out):
    class Argmax(L.Layer):
        def call(self, p):
            return tf.argmax(p, axis=-1)
    with _asset_files(out, {"vocab.txt": WORDS}) as a:
        sl = L.StringLookup(vocabulary=a["vocab.txt"], mask_token="")
        inp = keras.Input((None,), dtype="string", name="tokens")
        x = L.Bidirectional(L.GRU(8, return_sequences=True))(L.Embedding(sl.vocabulary_size(), 16, mask_zero=True)(sl(inp)))
        probs = L.Dense(len(NER_TAGS), activation="softmax", name="probabilities")(x)
        tags = L.StringLookup(vocabulary=NER_TAGS, invert=True, name="tags")(Argmax()(probs))
        keras_export(keras.Model(inp, {"probabilities": probs, "tags": tags}), out)


FEEDS["x_stringlookup_vocab_file_token_tagger"] = {"tokens": [["i", "loved", "the", "movie", "in", "paris"],
                                                              ["hello", "world", "", "", "", ""]]}


@model("x_textvec_character_split_gru", "keras-export", "Keras character-level GRU classifier, raw string [None,1]: TextVectorization(split='character', standardize='lower', max_tokens=60, output_sequence_length=48, adapted) -> Embedding(60, 16, mask_zero=True), GRU(16), Dense(2, softmax); model.export")
def b_char_tv(out):
    tv = L.TextVectorization(split="character", standardize="lower", max_tokens=60, output_sequence_length=48)
    tv.adapt(_sentences(np.random.default_rng(20), 200) + SENTS)
    inp = keras.Input((1,), dtype="string", name="text")
    x = L.GRU(16)(L.Embedding(60, 16, mask_zero=True)(tv(inp)))
    keras_export(keras.Model(inp, L.Dense(2, activation="softmax")(x)), out)


FEEDS["x_textvec_character_split_gru"] = {"text": [[s] for s in SENTS]}


@model("x_fasttext_hashed_ngrams_custom_layer", "keras-export", "fastText-style classifier as a Keras custom layer on string [None]: tf.strings.lower + regex_replace, tf.strings.split, tf.strings.ngrams(ngram_width=(1,2), separator=' '), tf.strings.to_hash_bucket_fast(2048) (ragged map_flat_values), ragged tf.gather from an add_weight [2048,16] table and mean over n-grams; Dense(5, softmax); model.export")
def b_fasttext(out):
    class HashedNgramBag(L.Layer):
        def build(self, shape):
            self.table = self.add_weight(shape=(2048, 16), name="ngram_embeddings",
                                         initializer=keras.initializers.RandomUniform(-0.1, 0.1))

        def call(self, text):
            t = tf.strings.regex_replace(tf.strings.lower(text), r"[^a-z0-9' ]+", " ")
            grams = tf.strings.ngrams(tf.strings.split(t), ngram_width=(1, 2), separator=" ")
            return _ragged_mean(self.table, tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, grams, 2048))

        def compute_output_shape(self, shape):
            return (shape[0], 16)
    inp = keras.Input((), dtype="string", name="text")
    keras_export(keras.Model(inp, L.Dense(5, activation="softmax")(HashedNgramBag()(inp))), out)


FEEDS["x_fasttext_hashed_ngrams_custom_layer"] = {"text": SENTS}


@model("x_transformer_sinusoidal_positions_classifier", "keras-export", "Keras transformer classifier on padded ids int32 [None,None]: Embedding(500, 32), custom layer adding sinusoidal position encodings computed at call time from tf.shape (tf.range, pow, sin / cos, concat), custom layer building a [B,T,T] padding mask from ids != 0, one post-norm block (MultiHeadAttention 4 heads key_dim 8, gelu FFN), masked mean pooling in a custom layer, Dense(3) logits; model.export")
def b_sinusoidal(out):
    class SinusoidalPositions(L.Layer):
        def call(self, x):
            t, d = tf.shape(x)[1], x.shape[-1]
            pos = tf.cast(tf.range(t), tf.float32)[:, None]
            rates = 1.0 / tf.pow(10000.0, tf.range(0, d, 2, dtype=tf.float32) / d)
            ang = pos * rates[None, :]
            return x * np.sqrt(d) + tf.concat([tf.sin(ang), tf.cos(ang)], axis=-1)[None]

    class PaddingMask(L.Layer):
        def call(self, ids):
            m = ids != 0
            return tf.logical_and(m[:, None, :], m[:, :, None])

    class MaskedMean(L.Layer):
        def call(self, x, ids):
            m = tf.cast(ids != 0, x.dtype)[..., None]
            return tf.reduce_sum(x * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)
    ids = keras.Input((None,), dtype="int32", name="token_ids")
    x = SinusoidalPositions()(L.Embedding(500, 32)(ids))
    a = L.MultiHeadAttention(4, 8)(x, x, attention_mask=PaddingMask()(ids))
    x = L.LayerNormalization()(L.Add()([x, a]))
    x = L.LayerNormalization()(L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(x))]))
    keras_export(keras.Model(ids, L.Dense(3)(MaskedMean()(x, ids))), out)


def _padded_ids(vocab, n=2, t=20, cut=12):
    def f(rng):
        a = rng.integers(1, vocab, (n, t))
        a[1, cut:] = 0
        return a
    return f


FEEDS["x_transformer_sinusoidal_positions_classifier"] = lambda rng: {"token_ids": _padded_ids(500)(rng)}

INTENTS = ["play_music", "get_weather", "book_flight", "order_food"]
SLOTS = ["O", "B-artist", "I-artist", "B-city", "I-city", "B-date", "B-food"]


@model("x_intent_slot_joint_label_strings", "keras-export", "joint intent + slot-filling Keras model on ids int32 [None,20]: Embedding(800, 32, mask_zero=True), Bidirectional(GRU(16, return_sequences)); slot head Dense(7, softmax) per token, intent head GlobalMaxPooling1D + Dense(4, softmax); a custom layer maps argmaxes to names with tf.gather on string constants; outputs intent_probs [None,4], slot_probs [None,20,7], intent string [None], slots string [None,20]; model.export")
def b_intent_slot(out):
    class Names(L.Layer):
        def call(self, intent_probs, slot_probs):
            return {"intent": tf.gather(tf.constant(INTENTS), tf.argmax(intent_probs, -1)),
                    "slots": tf.gather(tf.constant(SLOTS), tf.argmax(slot_probs, -1))}
    ids = keras.Input((20,), dtype="int32", name="token_ids")
    x = L.Bidirectional(L.GRU(16, return_sequences=True))(L.Embedding(800, 32, mask_zero=True)(ids))
    slot = L.Dense(len(SLOTS), activation="softmax", name="slot_probs")(x)
    intent = L.Dense(len(INTENTS), activation="softmax", name="intent_probs")(L.GlobalMaxPooling1D()(x))
    keras_export(keras.Model(ids, {"intent_probs": intent, "slot_probs": slot, **Names()(intent, slot)}), out)


FEEDS["x_intent_slot_joint_label_strings"] = lambda rng: {"token_ids": _padded_ids(800)(rng)}

TOXIC = ["toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"]


@model("x_toxicity_multilabel_joined_labels", "keras-export", "Jigsaw-toxicity-style multi-label Keras model, raw string [None]: TextVectorization(max_tokens=400, output_sequence_length=40, adapted) -> Embedding(400, 16), Conv1D(16, 3) + GlobalMaxPooling1D, Dense(6, sigmoid); a custom layer thresholds at 0.5, tf.ragged.boolean_mask of the broadcast label-name constant and tf.strings.reduce_join(axis=1, separator=','); outputs probabilities [None,6], labels string [None] (comma-joined names), any_toxic bool [None]; model.export")
def b_toxic(out):
    class JoinLabels(L.Layer):
        def call(self, probs):
            hit = probs > 0.5
            names = tf.ragged.boolean_mask(tf.broadcast_to(tf.constant(TOXIC), tf.shape(probs)), hit)
            return {"labels": tf.strings.reduce_join(names, axis=1, separator=","),
                    "any_toxic": tf.reduce_any(hit, axis=1)}
    tv = L.TextVectorization(max_tokens=400, output_sequence_length=40)
    tv.adapt(_sentences(np.random.default_rng(23), 300))
    inp = keras.Input((), dtype="string", name="comment")
    x = L.GlobalMaxPooling1D()(L.Conv1D(16, 3, activation="relu")(L.Embedding(400, 16)(tv(inp))))
    probs = L.Dense(6, activation="sigmoid", name="probabilities", bias_initializer=keras.initializers.Constant(
        [0.5, -1.0, 0.2, -2.0, 0.1, -1.5]))(x)
    keras_export(keras.Model(inp, {"probabilities": probs, **JoinLabels()(probs)}), out)


FEEDS["x_toxicity_multilabel_joined_labels"] = {"comment": SENTS}


@model("x_archive_text_endpoints_vocab_no_input", "keras-export", "Keras GRU sentiment model and its TextVectorization (vocabulary=vocab.txt file -> asset, output_sequence_length=16, standardize='lower_and_strip_punctuation') exported with keras.export.ExportArchive and four endpoints: serve (string text [None] -> probabilities [None,3]), serve_ids (token_ids int64 [None,16] -> probabilities), tokenize (string text [None] -> int64 ids [None,16]) and vocabulary (no inputs -> the vocabulary as a string constant [V+2] captured at export time)")
def b_archive_vocab(out):
    with _asset_files(out, {"vocab.txt": WORDS}) as a:
        tv = L.TextVectorization(vocabulary=a["vocab.txt"], output_sequence_length=16)
        vocab = tv.get_vocabulary()
        tv(tf.constant(SENTS[:1]))  # built before the archive tracks it
        ids = keras.Input((16,), dtype="int64")
        net = keras.Model(ids, L.Dense(3, activation="softmax")(L.GRU(16)(L.Embedding(len(vocab), 16, mask_zero=True)(ids))))
        archive = keras.export.ExportArchive()
        archive.track(net)
        archive.track(tv)
        archive.add_endpoint("serve", lambda text: {"probabilities": net(tv(text), training=False)},
                             input_signature=[tensor_spec([None], "string", "text")])
        archive.add_endpoint("serve_ids", lambda token_ids: {"probabilities": net(token_ids, training=False)},
                             input_signature=[tensor_spec([None, 16], "int64", "token_ids")])
        archive.add_endpoint("tokenize", lambda text: {"token_ids": tv(text)},
                             input_signature=[tensor_spec([None], "string", "text")])
        archive.add_endpoint("vocabulary", tf.function(lambda: {"vocabulary": tf.constant(vocab)}, input_signature=[]))
        archive.write_out(str(out), verbose=False)


FEEDS["x_archive_text_endpoints_vocab_no_input"] = {"text": SENTS, "token_ids": (0, len(WORDS) + 2)}

TAGS = ["python", "tensorflow", "keras", "numpy", "pandas", "regex", "unicode", "android", "ios", "docker"]


@model("x_stringlookup_multi_hot_tags_inverse", "keras-export", "Keras tag recommender with dict inputs: tags string [None,None] ('' padded) -> StringLookup(vocabulary=tags.txt file -> asset, output_mode='multi_hot'), country string [None,1] -> StringLookup(vocabulary list, output_mode='one_hot'), account_age float [None,1]; Concatenate, Dense(32, relu), Dense(10, softmax); a custom layer takes tf.argmax and an inverse StringLookup(invert=True) over the tag list returns next_tag string [None]; outputs probabilities [None,10] and next_tag; model.export")
def b_multi_hot_tags(out):
    class Argmax(L.Layer):
        def call(self, p):
            return tf.argmax(p, axis=-1)
    with _asset_files(out, {"tags.txt": TAGS}) as a:
        tags = keras.Input((None,), dtype="string", name="tags")
        country = keras.Input((1,), dtype="string", name="country")
        age = keras.Input((1,), name="account_age")
        x = L.Concatenate()([L.StringLookup(vocabulary=a["tags.txt"], output_mode="multi_hot")(tags),
                             L.StringLookup(vocabulary=["us", "de", "in", "br", "jp"], output_mode="one_hot")(country),
                             age])
        probs = L.Dense(len(TAGS), activation="softmax", name="probabilities")(L.Dense(32, activation="relu")(x))
        inv = L.StringLookup(vocabulary=TAGS, invert=True, name="next_tag")
        keras_export(keras.Model({"tags": tags, "country": country, "account_age": age},
                                 {"probabilities": probs, "next_tag": inv(Argmax()(probs))}), out)


FEEDS["x_stringlookup_multi_hot_tags_inverse"] = {"tags": [["python", "keras", ""], ["docker", "rust", "ios"]],
                                                  "country": [["de"], ["fr"]], "account_age": [[0.5], [3.0]]}


@model("x_dual_encoder_keras_textvec_cosine", "keras-export", "Keras dual encoder with two string inputs query [None] and document [None]: one shared TextVectorization(max_tokens=300, output_sequence_length=24, adapted) and one shared tower (Embedding(300, 32, mask_zero=True), GlobalAveragePooling1D, Dense(32), UnitNormalization); Dot(axes=1) cosine score [None,1] plus both embeddings [None,32]; model.export")
def b_dual(out):
    tv = L.TextVectorization(max_tokens=300, output_sequence_length=24)
    tv.adapt(_sentences(np.random.default_rng(25), 300))
    t_in = keras.Input((24,), dtype="int64")
    tower = keras.Model(t_in, L.UnitNormalization()(L.Dense(32)(L.GlobalAveragePooling1D()(
        L.Embedding(300, 32, mask_zero=True)(t_in)))), name="tower")
    q, d = keras.Input((), dtype="string", name="query"), keras.Input((), dtype="string", name="document")
    qe, de = tower(tv(q)), tower(tv(d))
    keras_export(keras.Model({"query": q, "document": d},
                             {"score": L.Dot(axes=1)([qe, de]), "query_embedding": qe, "document_embedding": de}), out)


FEEDS["x_dual_encoder_keras_textvec_cosine"] = {"query": SENTS[:2], "document": SENTS[2:]}


# ================================================================================ Keras models saved with tf.saved_model.save

@model("x_keras_stringlookup_saved_with_signatures", "saved-model", "Keras functional sentiment model saved with tf.saved_model.save(model, signatures={...}): tokens string [None,None] -> StringLookup(vocabulary list, mask_token='') -> Embedding(mask_zero=True) -> LSTM(8) -> Dense(3, softmax); signatures serving_default (tokens -> probabilities [None,3] and label string via tf.gather) and token_ids (tokens -> the StringLookup int64 ids [None,None])")
def b_saved_sl(out):
    sl = L.StringLookup(vocabulary=WORDS, mask_token="")
    inp = keras.Input((None,), dtype="string", name="tokens")
    m = keras.Model(inp, L.Dense(3, activation="softmax")(L.LSTM(8)(L.Embedding(sl.vocabulary_size(), 16,
                                                                                 mask_zero=True)(sl(inp)))))

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.string, name="tokens")])
    def serve(tokens):
        probs = m(tokens, training=False)
        return {"probabilities": probs, "label": tf.gather(tf.constant(SENTIMENT), tf.argmax(probs, -1))}

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.string, name="tokens")])
    def token_ids(tokens):
        return {"token_ids": sl(tokens)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve, "token_ids": token_ids})


FEEDS["x_keras_stringlookup_saved_with_signatures"] = {"tokens": [["the", "movie", "was", "great"],
                                                                  ["boring", "zzz", "", ""]]}


@model("x_keras_lstm_next_word_saved_default", "saved-model", "Keras word-level LSTM language model (Embedding(200, 16), LSTM(32, return_sequences), Dense(200) logits) on ids int32 [None,12], saved with plain tf.saved_model.save(model, path) and its default serving signature (logits [None,12,200])")
def b_saved_lm(out):
    m = keras.Sequential([keras.Input((12,), dtype="int32", name="token_ids"), L.Embedding(200, 16),
                          L.LSTM(32, return_sequences=True), L.Dense(200)])
    tf.saved_model.save(m, str(out))


FEEDS["x_keras_lstm_next_word_saved_default"] = {"inputs": (0, 200), "token_ids": (0, 200)}


# ================================================================================ TF1 graphs (SavedModelBuilder)

def _tf1_builder(out, sigs, main_op=None, legacy_init_op=None, defs=None):
    """TF1 SavedModelBuilder export of the current default graph: variables initialized and saved, tables initialized
    in the session, the ASSET_FILEPATHS collection passed as assets_collection, `sigs` {name: (inputs, outputs)} as
    predict signatures plus any ready-made SignatureDefs in `defs`, and main_op / legacy_init_op as given"""
    v1 = tf.compat.v1
    g = v1.get_default_graph()
    with v1.Session(graph=g) as s:
        s.run([v1.global_variables_initializer(), v1.tables_initializer()])
        b = v1.saved_model.Builder(str(out))
        sig_map = {k: v1.saved_model.predict_signature_def(i, o) for k, (i, o) in sigs.items()}
        sig_map.update(defs or {})
        b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map=sig_map,
                                       assets_collection=v1.get_collection(v1.GraphKeys.ASSET_FILEPATHS),
                                       main_op=main_op, legacy_init_op=legacy_init_op)
        b.save()


@model("x_tf1_index_table_from_file_main_op", "tf1-savedmodel", "TF1 graph exported with SavedModelBuilder(main_op=tf.compat.v1.tables_initializer(), assets_collection=ASSET_FILEPATHS): placeholder string sentences [None], tf.strings.lower + regex_replace, tf.compat.v1.string_split (SparseTensor), lookup_ops.index_table_from_file (what tf.contrib.lookup.index_table_from_file was) on a vocab.txt asset with 2 OOV buckets, tf.compat.v1.nn.embedding_lookup_sparse(combiner='mean') from a get_variable [V+2,16] table, dense layer, softmax; predict signature serving_default -> probabilities [None,3], classes int64 [None]")
def b_tf1_index_file(out):
    from tensorflow.python.ops import lookup_ops
    v1 = tf.compat.v1
    with _asset_files(out, {"vocab.txt": WORDS}) as a, tf.Graph().as_default():
        v1.set_random_seed(0)
        s = v1.placeholder(tf.string, [None], name="sentences")
        sp = v1.string_split(tf.strings.regex_replace(tf.strings.lower(s), "[^a-z0-9 ]", " "))
        table = lookup_ops.index_table_from_file(a["vocab.txt"], num_oov_buckets=2)
        ids = table.lookup(sp)
        emb = v1.get_variable("embeddings", [len(WORDS) + 2, 16])
        pooled = v1.nn.embedding_lookup_sparse(emb, ids, None, combiner="mean")
        pooled = tf.reshape(pooled, [-1, 16])
        pooled = tf.pad(pooled, [[0, tf.shape(s)[0] - tf.shape(pooled)[0]], [0, 0]])  # rows after the last non-empty
        w, b = v1.get_variable("dense/kernel", [16, 3]), v1.get_variable("dense/bias", [3], initializer=v1.zeros_initializer())
        probs = tf.nn.softmax(tf.matmul(pooled, w) + b, name="probabilities")
        _tf1_builder(out, {"serving_default": ({"sentences": s}, {"probabilities": probs, "classes": tf.argmax(probs, 1)})},
                     main_op=v1.tables_initializer())


FEEDS["x_tf1_index_table_from_file_main_op"] = {"sentences": SENTS}


@model("x_tf1_classify_regress_tf_example_legacy_init", "tf1-savedmodel", "TF1 TF Serving export with classify / regress / predict signatures on serialized tf.Example: placeholder string tf_example [None], tf.compat.v1.parse_example (text FixedLenFeature string, rating FixedLenFeature [1] float32, tags VarLenFeature string), text via string_split + lookup_ops.index_table_from_file (vocab.txt asset, 1 OOV bucket) + embedding_lookup_sparse(combiner='sqrtn'), tags via to_hash_bucket_fast(8) + tf.compat.v1.sparse_tensor_to_dense one-hot sum; SavedModelBuilder with legacy_init_op=tf.group(tables_initializer()); signatures serving_default and classification (classification_signature_def: classes string [None,3] tiled labels, scores [None,3]), regression (regression_signature_def: outputs [None,1]), predict (probabilities, rating)")
def b_tf1_classify(out):
    from tensorflow.python.ops import lookup_ops
    v1 = tf.compat.v1
    with _asset_files(out, {"vocab.txt": WORDS}) as a, tf.Graph().as_default():
        v1.set_random_seed(0)
        ex = v1.placeholder(tf.string, [None], name="tf_example")
        f = v1.parse_example(ex, {"text": v1.FixedLenFeature([], tf.string, default_value=""),
                                  "rating": v1.FixedLenFeature([1], tf.float32, default_value=[0.0]),
                                  "tags": v1.VarLenFeature(tf.string)})
        ids = lookup_ops.index_table_from_file(a["vocab.txt"], num_oov_buckets=1).lookup(
            v1.string_split(tf.strings.lower(f["text"])))
        emb = v1.get_variable("embeddings", [len(WORDS) + 1, 16])
        text_vec = tf.reshape(v1.nn.embedding_lookup_sparse(emb, ids, None, combiner="sqrtn"), [-1, 16])
        tags = f["tags"]
        tag_ids = v1.sparse_tensor_to_dense(tf.SparseTensor(tags.indices, tf.strings.to_hash_bucket_fast(tags.values, 8),
                                                            tags.dense_shape), default_value=-1)
        tag_vec = tf.reduce_sum(tf.one_hot(tag_ids, 8), axis=1)
        batch = tf.shape(ex)[0]
        text_vec = text_vec[:batch]
        x = tf.concat([tf.pad(text_vec, [[0, batch - tf.shape(text_vec)[0]], [0, 0]]), tag_vec, f["rating"]], 1)
        w, b = v1.get_variable("dense/kernel", [16 + 8 + 1, 4]), v1.get_variable("dense/bias", [4])
        logits = tf.matmul(x, w) + b
        scores = tf.nn.softmax(logits[:, :3], name="scores")
        rating = tf.identity(logits[:, 3:], name="rating")
        classes = tf.tile(tf.constant([SENTIMENT]), [batch, 1])
        sm = v1.saved_model
        cls_sig = sm.classification_signature_def(ex, classes, scores)
        _tf1_builder(out, {"predict": ({"examples": ex}, {"probabilities": scores, "rating": rating})},
                     legacy_init_op=tf.group(v1.tables_initializer(), name="legacy_init_op"),
                     defs={"serving_default": cls_sig, "classification": cls_sig,
                           "regression": sm.regression_signature_def(ex, rating)})


FEEDS["x_tf1_classify_regress_tf_example_legacy_init"] = lambda rng: {"inputs": _examples(rng), "examples": _examples(rng)}


@model("x_tf1_index_to_string_labels_asset", "tf1-savedmodel", "TF1 classifier returning label strings from a labels.txt asset: placeholder string text [None], tf.compat.v1.string_split, tf.strings.to_hash_bucket_strong(1000, key=[3, 7]) ids, embedding_lookup_sparse(combiner='sum') + bias, tf.nn.top_k(2), lookup_ops.index_to_string_table_from_file(labels.txt, default 'UNKNOWN') on the int64 indices; SavedModelBuilder with main_op=tf.compat.v1.saved_model.main_op.main_op() (local variables + tables initializer); outputs probabilities [None,4], top_labels string [None,2], top_scores [None,2]")
def b_tf1_labels(out):
    from tensorflow.python.ops import lookup_ops
    v1 = tf.compat.v1
    labels = ["sports", "politics", "tech", "entertainment"]
    with _asset_files(out, {"labels.txt": labels}) as a, tf.Graph().as_default():
        v1.set_random_seed(0)
        text = v1.placeholder(tf.string, [None], name="text")
        sp = v1.string_split(tf.strings.lower(text))
        ids = tf.SparseTensor(sp.indices, tf.strings.to_hash_bucket_strong(sp.values, 1000, [3, 7]), sp.dense_shape)
        emb = v1.get_variable("weights", [1000, 4])
        logits = tf.reshape(v1.nn.embedding_lookup_sparse(emb, ids, None, combiner="sum"), [-1, 4])
        logits = logits + v1.get_variable("bias", [4], initializer=v1.zeros_initializer())
        probs = tf.nn.softmax(logits)
        top = tf.nn.top_k(probs, 2)
        names = lookup_ops.index_to_string_table_from_file(a["labels.txt"], default_value="UNKNOWN")
        _tf1_builder(out, {"serving_default": ({"text": text}, {
            "probabilities": probs, "top_scores": top.values,
            "top_labels": names.lookup(tf.cast(top.indices, tf.int64))})},
            main_op=v1.saved_model.main_op.main_op())


FEEDS["x_tf1_index_to_string_labels_asset"] = {"text": SENTS}


@model("x_tf1_hub_nnlm_partitioned_embedding", "tf1-savedmodel", "TF1 Hub nnlm-style text embedding: placeholder string sentences [None], regex_replace punctuation, tf.compat.v1.string_split, tf.compat.v1.lookup.StaticVocabularyTable(TextFileInitializer on a tokens.txt asset, 4 OOV buckets), embedding get_variable [V+4,32] split in 2 by fixed_size_partitioner (PartitionedVariable), tf.compat.v1.nn.embedding_lookup_sparse(combiner='sqrtn'); SavedModelBuilder with main_op=tables_initializer(); signatures default and serving_default (output default float32 [None,32], rows of empty sentences zero-padded with tf.pad) and tokens (SparseTensor of ids flattened to indices int64 [None,2], values int64 [None], dense_shape int64 [2])")
def b_tf1_nnlm(out):
    v1 = tf.compat.v1
    with _asset_files(out, {"tokens.txt": WORDS}) as a, tf.Graph().as_default():
        v1.set_random_seed(0)
        s = v1.placeholder(tf.string, [None], name="sentences")
        sp = v1.string_split(tf.strings.regex_replace(tf.strings.lower(s), "[[:punct:]]", " "))
        table = v1.lookup.StaticVocabularyTable(v1.lookup.TextFileInitializer(
            a["tokens.txt"], tf.string, v1.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
            v1.lookup.TextFileIndex.LINE_NUMBER), 4)
        ids = tf.SparseTensor(sp.indices, table.lookup(sp.values), sp.dense_shape)
        emb = v1.get_variable("embeddings", [len(WORDS) + 4, 32], partitioner=v1.fixed_size_partitioner(2),
                              initializer=v1.random_normal_initializer(0, 0.1))
        vec = tf.reshape(v1.nn.embedding_lookup_sparse(emb, ids, None, combiner="sqrtn"), [-1, 32])
        vec = tf.pad(vec, [[0, tf.shape(s)[0] - tf.shape(vec)[0]], [0, 0]], name="embeddings")
        emb_sig = ({"sentences": s}, {"default": vec})
        _tf1_builder(out, {"default": emb_sig, "serving_default": emb_sig,
                           "tokens": ({"sentences": s}, {"indices": ids.indices, "values": ids.values,
                                                         "dense_shape": ids.dense_shape})},
                     main_op=v1.tables_initializer())


FEEDS["x_tf1_hub_nnlm_partitioned_embedding"] = {"sentences": SENTS}


@model("x_tf1_hash_bucket_logreg_helper", "tf1-savedmodel", "TF1 logistic-regression spam scorer without tables (tf1_saved_model helper: SavedModelBuilder, predict signature, no init op): placeholder string text [None], tf.strings.regex_replace, tf.compat.v1.string_split, tf.strings.to_hash_bucket_fast(4096) on the sparse values, tf.compat.v1.nn.embedding_lookup_sparse(combiner='sum') from a [4096,1] weight variable, plus tf.strings.length / regex_full_match features, sigmoid; outputs probability [None] and label string via tf.where")
def b_tf1_hash(out):
    v1 = tf.compat.v1

    def build():
        text = v1.placeholder(tf.string, [None], name="text")
        sp = v1.string_split(tf.strings.regex_replace(tf.strings.lower(text), r"[^a-z0-9$!]+", " "))
        ids = tf.SparseTensor(sp.indices, tf.strings.to_hash_bucket_fast(sp.values, 4096), sp.dense_shape)
        w = v1.get_variable("weights", [4096, 1], initializer=v1.random_normal_initializer(0, 0.1))
        s = tf.reshape(v1.nn.embedding_lookup_sparse(w, ids, None, combiner="sum"), [-1])
        s = tf.pad(s, [[0, tf.shape(text)[0] - tf.shape(s)[0]]])
        extra = (tf.cast(tf.strings.length(text), tf.float32) / 100.0 * v1.get_variable("length_weight", [])
                 + tf.cast(tf.strings.regex_full_match(text, r".*(?i:free|win).*"), tf.float32)
                 * v1.get_variable("keyword_weight", []))
        p = tf.sigmoid(s + extra, name="probability")
        return {"serving_default": ({"text": text}, {"probability": p,
                                                     "label": tf.where(p > 0.5, "spam", "ham", name="label")})}
    tf1_saved_model(out, build)


FEEDS["x_tf1_hash_bucket_logreg_helper"] = {"text": SENTS}


@model("x_tf1_shared_vars_no_input_signature", "tf1-savedmodel", "TF1 SavedModelBuilder graph with three signatures over shared variables: serving_default (placeholder token_ids int64 [None,None] -> masked mean of an embedding get_variable, logits, probabilities [None,3]), embed (placeholder string sentences [None] -> string_split, lookup_ops.index_table_from_tensor (in-graph constant vocabulary, 1 OOV bucket), sparse_tensor_to_dense, same embedding and pooling -> embeddings [None,16]) and labels (a SignatureDef with no inputs built with build_signature_def: labels string [3] and vocab_size int64 []); main_op=tables_initializer()")
def b_tf1_shared(out):
    from tensorflow.python.ops import lookup_ops
    v1 = tf.compat.v1
    with tf.Graph().as_default():
        v1.set_random_seed(0)
        emb = v1.get_variable("embeddings", [len(WORDS) + 2, 16])
        w = v1.get_variable("dense/kernel", [16, 3])

        def pool(ids):
            m = tf.cast(ids > 0, tf.float32)[..., None]
            return tf.reduce_sum(tf.nn.embedding_lookup(emb, ids) * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)
        token_ids = v1.placeholder(tf.int64, [None, None], name="token_ids")
        probs = tf.nn.softmax(tf.matmul(pool(token_ids), w), name="probabilities")
        s = v1.placeholder(tf.string, [None], name="sentences")
        table = lookup_ops.index_table_from_tensor(tf.constant(WORDS), num_oov_buckets=1)
        sp = v1.string_split(tf.strings.lower(s))
        ids = v1.sparse_tensor_to_dense(tf.SparseTensor(sp.indices, table.lookup(sp.values) + 1, sp.dense_shape))
        vecs = pool(ids)
        vecs = tf.pad(vecs, [[0, tf.shape(s)[0] - tf.shape(vecs)[0]], [0, 0]], name="embeddings")
        sm = v1.saved_model
        labels_def = sm.build_signature_def(inputs={}, outputs={
            "labels": sm.build_tensor_info(tf.constant(SENTIMENT, name="labels")),
            "vocab_size": sm.build_tensor_info(tf.identity(table.size(), name="vocab_size"))},
            method_name=sm.signature_constants.PREDICT_METHOD_NAME)
        _tf1_builder(out, {"serving_default": ({"token_ids": token_ids}, {"probabilities": probs}),
                           "embed": ({"sentences": s}, {"embeddings": vecs})},
                     main_op=v1.tables_initializer(), defs={"labels": labels_def})


FEEDS["x_tf1_shared_vars_no_input_signature"] = {"token_ids": (0, len(WORDS) + 2), "sentences": SENTS}


@model("x_tf1_text_normalizer_helper", "tf1-savedmodel", "TF1 string-processing graph with no variables (tf1_saved_model helper): placeholder string text [None]; tf.strings.lower, regex_replace (digits -> '0', punctuation runs -> ' '), tf.strings.strip, tf.strings.split (ragged in graph mode) -> word count and first / last word (to_tensor + tf.gather of row_lengths - 1), tf.strings.substr(0, 3) prefix, tf.strings.length, tf.strings.reduce_join of the words with '_', tf.strings.upper, tf.strings.to_hash_bucket(1000); all outputs [None]")
def b_tf1_norm(out):
    v1 = tf.compat.v1

    def build():
        text = v1.placeholder(tf.string, [None], name="text")
        t = tf.strings.regex_replace(tf.strings.lower(text), "[0-9]", "0")
        t = tf.strings.strip(tf.strings.regex_replace(t, r"[[:punct:][:space:]]+", " "))
        words = tf.strings.split(t)
        n = words.row_lengths()
        dense = words.to_tensor("")
        last = tf.gather(dense, tf.maximum(n - 1, 0), batch_dims=1)
        return {"serving_default": ({"text": text}, {
            "normalized": tf.identity(t, name="normalized"), "word_count": n,
            "first_word": words[:, :1].to_tensor("", shape=[None, 1])[:, 0],
            "last_word": last, "prefix": tf.strings.substr(t, 0, 3), "length": tf.strings.length(t),
            "snake": tf.strings.reduce_join(words, axis=1, separator="_"), "upper": tf.strings.upper(t),
            "bucket": tf.strings.to_hash_bucket(t, 1000)})}
    tf1_saved_model(out, build)


FEEDS["x_tf1_text_normalizer_helper"] = {"text": SENTS + ["   "]}


@model("x_tf1_gru_tagger_while_loop_tables", "tf1-savedmodel", "TF1 POS-tagger graph via SavedModelBuilder: placeholder string sentences [None], string_split + sparse_tensor_to_dense('' padding), tf.compat.v1.lookup.StaticHashTable(KeyValueTensorInitializer word -> id, default 1) ids, embedding_lookup, a GRU written with get_variable weights and tf.compat.v1.while_loop + TensorArray over time-major steps, per-step dense logits, argmax int64, tag names via lookup_ops.index_to_string_table_from_tensor; main_op=tables_initializer(); outputs tags int64 [None,None], tag_names string [None,None]")
def b_tf1_gru(out):
    from tensorflow.python.ops import lookup_ops
    v1 = tf.compat.v1
    pos = ["NOUN", "VERB", "ADJ", "DET", "PRON", "ADV", "OTHER"]
    with tf.Graph().as_default():
        v1.set_random_seed(0)
        s = v1.placeholder(tf.string, [None], name="sentences")
        sp = v1.string_split(tf.strings.lower(s))
        words = v1.sparse_tensor_to_dense(sp, default_value="")
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(
            tf.constant(WORDS), tf.range(2, len(WORDS) + 2, dtype=tf.int64)), 1)
        ids = tf.where(tf.equal(words, ""), tf.zeros_like(words, tf.int64), table.lookup(words))
        x = tf.nn.embedding_lookup(v1.get_variable("embeddings", [len(WORDS) + 2, 16]), ids)
        xt = tf.transpose(x, [1, 0, 2])
        wz, wr, wh = (v1.get_variable(f"gru/{k}", [16 + 24, 24]) for k in "zrh")
        wo = v1.get_variable("out/kernel", [24, len(pos)])

        def body(t, h, ta):
            xh = tf.concat([xt[t], h], 1)
            z, r = tf.sigmoid(tf.matmul(xh, wz)), tf.sigmoid(tf.matmul(xh, wr))
            hh = tf.tanh(tf.matmul(tf.concat([xt[t], r * h], 1), wh))
            h = (1 - z) * h + z * hh
            return t + 1, h, ta.write(t, tf.matmul(h, wo))
        steps = tf.shape(xt)[0]
        _, _, ta = v1.while_loop(lambda t, h, ta: t < steps, body,
                                 [tf.constant(0), tf.zeros([tf.shape(s)[0], 24]), tf.TensorArray(tf.float32, steps)])
        logits = tf.transpose(ta.stack(), [1, 0, 2])
        tags = tf.argmax(logits, -1, name="tags")
        names = lookup_ops.index_to_string_table_from_tensor(tf.constant(pos)).lookup(tags)
        names = tf.where(tf.equal(words, ""), tf.zeros_like(names), names, name="tag_names")
        _tf1_builder(out, {"serving_default": ({"sentences": s}, {"tags": tags, "tag_names": names})},
                     main_op=v1.tables_initializer())


FEEDS["x_tf1_gru_tagger_while_loop_tables"] = {"sentences": SENTS}


# ================================================================================ frozen GraphDefs of numeric parts

@model("x_textcnn_multi_kernel_numeric_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of the numeric part of a Kim-CNN text classifier, token ids int32 [1,40] (tokenization done outside): Embedding(500, 16), Conv1D(8, k) relu + GlobalMaxPooling1D for k = 2, 3, 4, Concatenate, Dense(2, softmax)")
def b_textcnn(out):
    inp = keras.Input((40,), dtype="int32", batch_size=1)
    x = L.Embedding(500, 16)(inp)
    x = L.Concatenate()([L.GlobalMaxPooling1D()(L.Conv1D(8, k, activation="relu")(x)) for k in (2, 3, 4)])
    freeze_keras(keras.Model(inp, L.Dense(2, activation="softmax")(x)), tensor_spec([1, 40], "int32", "input_ids"), out)


FEEDS["x_textcnn_multi_kernel_numeric_frozen"] = {"input_ids": (0, 500)}
OUTPUTS["x_textcnn_multi_kernel_numeric_frozen"] = ["Identity"]


@model("x_nlclassifier_average_word_vec_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a Model Maker average-word-vector text classifier, numeric part only, ids int32 [1,64]: Embedding(1000, 16), GlobalAveragePooling1D, Dense(16, relu), Dropout, Dense(2, softmax)")
def b_avg_wordvec(out):
    m = keras.Sequential([keras.Input((64,), dtype="int32", batch_size=1), L.Embedding(1000, 16),
                          L.GlobalAveragePooling1D(), L.Dense(16, activation="relu"), L.Dropout(0.2),
                          L.Dense(2, activation="softmax")])
    freeze_keras(m, tensor_spec([1, 64], "int32", "input_ids"), out)


FEEDS["x_nlclassifier_average_word_vec_frozen"] = {"input_ids": (0, 1000)}
OUTPUTS["x_nlclassifier_average_word_vec_frozen"] = ["Identity"]


@model("x_causal_transformer_lm_learned_pos_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a tiny decoder-only LM step, ids int32 [1,16]: token Embedding(300, 32) + learned position tf.Variable [16,32], one pre-norm block with Keras MultiHeadAttention (2 heads) under a causal mask from tf.linalg.band_part, gelu FFN, final LayerNormalization, logits tied to the embedding matrix (tf.matmul transpose_b), tf.nn.log_softmax; outputs log_probs [1,16,300] and next_token int32 [1] (argmax at the last position)")
def b_causal_lm(out):
    rng = np.random.default_rng(33)
    emb = L.Embedding(300, 32)
    emb.build((None,))
    pos = _var(rng, (16, 32), "position_embeddings", 0.02)
    ln1, ln2, lnf = L.LayerNormalization(), L.LayerNormalization(), L.LayerNormalization()
    mha = L.MultiHeadAttention(2, 16)
    ff1, ff2 = L.Dense(64, activation="gelu"), L.Dense(32)

    def lm(ids):
        x = emb(ids) + pos[None]
        causal = tf.cast(tf.linalg.band_part(tf.ones([16, 16]), -1, 0), tf.bool)[None]
        h = ln1(x)
        x = x + mha(h, h, attention_mask=causal)
        x = x + ff2(ff1(ln2(x)))
        logits = tf.matmul(lnf(x), emb.embeddings, transpose_b=True)
        logp = tf.nn.log_softmax(logits)
        return {"log_probs": tf.identity(logp, name="log_probs"),
                "next_token": tf.argmax(logp[:, -1], axis=-1, output_type=tf.int32, name="next_token")}
    lm(tf.zeros([1, 16], tf.int32))
    freeze_function(lm, [tensor_spec([1, 16], "int32", "input_ids")], out)


FEEDS["x_causal_transformer_lm_learned_pos_frozen"] = {"input_ids": (0, 300)}
OUTPUTS["x_causal_transformer_lm_learned_pos_frozen"] = ["log_probs", "next_token"]


@model("x_greedy_decoder_while_loop_numeric_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of the numeric part of a seq2seq model, source ids int32 [1,10]: Keras Embedding + GRU(24) encoder state, then greedy decoding in a tf.while_loop of 8 steps (Keras Embedding + GRUCell(24) + Dense(40), argmax fed back, TensorArray); output ids int32 [1,8]; the lowered loops leave unused_control_flow_input placeholders in the GraphDef")
def b_greedy_frozen(out):
    src = keras.Input((10,), dtype="int32")
    _, state = L.GRU(24, return_state=True)(L.Embedding(40, 16)(src))
    encoder = keras.Model(src, state)
    dec_emb, cell, proj = L.Embedding(40, 16), L.GRUCell(24), L.Dense(40)
    proj(cell(dec_emb(tf.zeros([1], tf.int32)), [tf.zeros([1, 24])])[0])

    def decode(source_ids):
        st = encoder(source_ids, training=False)

        def body(i, tok, st, ta):
            h, new = cell(dec_emb(tok), [st], training=False)
            nxt = tf.argmax(proj(h), axis=-1, output_type=tf.int32)
            return i + 1, nxt, new[0], ta.write(i, nxt)
        _, _, _, ta = tf.while_loop(lambda i, *_: i < 8, body,
                                    [tf.constant(0), tf.fill([1], SEQ_BOS), st, tf.TensorArray(tf.int32, 8)])
        return {"output_ids": tf.transpose(ta.stack(), name="output_ids")}
    freeze_function(decode, [tensor_spec([1, 10], "int32", "source_ids")], out)


FEEDS["x_greedy_decoder_while_loop_numeric_frozen"] = {"source_ids": (3, 40)}
OUTPUTS["x_greedy_decoder_while_loop_numeric_frozen"] = ["output_ids"]


@model("x_mobilebert_like_bottleneck_qa_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a MobileBERT-like QA model's numeric part, three int32 [1,32] inputs input_ids / input_mask / segment_ids: word (Embedding 24-d + Dense to 32), type and learned position embeddings, a NoNorm custom layer (elementwise gamma * x + beta), 2 bottleneck blocks (Dense 32->16, MultiHeadAttention 2 heads on the 16-d bottleneck with a [1,32,32] mask from input_mask, stacked 2x Dense FFN, Dense 16->32, NoNorm residuals), Dense(2) -> start_logits / end_logits [1,32]")
def b_mobilebert(out):
    class NoNorm(L.Layer):
        def build(self, shape):
            self.gamma = self.add_weight(shape=(shape[-1],), initializer="ones", name="gamma")
            self.beta = self.add_weight(shape=(shape[-1],), initializer="zeros", name="beta")

        def call(self, x):
            return x * self.gamma + self.beta

    class PosAndMask(L.Layer):
        def build(self, shape):
            self.pos = self.add_weight(shape=(32, 32), name="position_embeddings",
                                       initializer=keras.initializers.TruncatedNormal(stddev=0.02))

        def call(self, x, mask):
            m = tf.cast(mask, tf.bool)
            return x + self.pos[None], tf.logical_and(m[:, None, :], m[:, :, None])
    ids = keras.Input((32,), dtype="int32", batch_size=1, name="input_ids")
    mask = keras.Input((32,), dtype="int32", batch_size=1, name="input_mask")
    seg = keras.Input((32,), dtype="int32", batch_size=1, name="segment_ids")
    x = L.Add()([L.Dense(32)(L.Embedding(300, 24)(ids)), L.Embedding(2, 32)(seg)])
    x, amask = PosAndMask()(x, mask)
    x = NoNorm()(x)
    for _ in range(2):
        b = L.Dense(16)(x)
        a = L.MultiHeadAttention(2, 8)(b, b, attention_mask=amask)
        b = NoNorm()(L.Add()([b, a]))
        for _ in range(2):
            b = NoNorm()(L.Add()([b, L.Dense(16)(L.Dense(32, activation="relu")(b))]))
        x = NoNorm()(L.Add()([x, L.Dense(32)(b)]))
    logits = L.Dense(2)(x)
    m = keras.Model([ids, mask, seg], logits)

    def fn(input_ids, input_mask, segment_ids):
        y = m([input_ids, input_mask, segment_ids], training=False)
        return {"start_logits": tf.identity(y[..., 0], name="start_logits"),
                "end_logits": tf.identity(y[..., 1], name="end_logits")}
    freeze_function(fn, [tensor_spec([1, 32], "int32", n) for n in ("input_ids", "input_mask", "segment_ids")], out)


FEEDS["x_mobilebert_like_bottleneck_qa_frozen"] = {"input_ids": (0, 300), "input_mask": 1, "segment_ids": (0, 2)}
OUTPUTS["x_mobilebert_like_bottleneck_qa_frozen"] = ["start_logits", "end_logits"]


@model("x_crf_viterbi_numeric_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a CNN-CRF tagger's numeric part, ids int32 [1,12] + lengths int32 [1]: Keras Embedding(200, 16), two Conv1D(16, 3, same) relu, Dense(5) emissions, constant-folded CRF transition / start / end variables, Viterbi decoding with two tf.scan loops (max / argmax forward, tf.gather(batch_dims=1) backtrack) and tf.sequence_mask; outputs tags int32 [1,12] (-1 past the length) and path score [1]; the lowered loops leave unused_control_flow_input placeholders in the GraphDef")
def b_crf_frozen(out):
    rng = np.random.default_rng(35)
    inp = keras.Input((12,), dtype="int32")
    x = L.Embedding(200, 16)(inp)
    x = L.Conv1D(16, 3, padding="same", activation="relu")(L.Conv1D(16, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(5)(x))
    trans, start, end = _var(rng, (5, 5), "transitions", 0.5), _var(rng, (5,), "start", 0.5), _var(rng, (5,), "end", 0.5)

    def fn(token_ids, lengths):
        tags, score = _viterbi(net(token_ids, training=False), lengths, trans, start, end)
        return {"tags": tf.identity(tags, name="tags"), "score": tf.identity(score, name="score")}
    freeze_function(fn, [tensor_spec([1, 12], "int32", "token_ids"), tensor_spec([1], "int32", "lengths")], out)


FEEDS["x_crf_viterbi_numeric_frozen"] = {"token_ids": (1, 200), "lengths": [9]}
OUTPUTS["x_crf_viterbi_numeric_frozen"] = ["tags", "score"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
