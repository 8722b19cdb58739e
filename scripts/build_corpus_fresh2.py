"""Build an independently made corpus into bench/out/fresh2/: small TensorFlow models exported the way other
projects export them (TF Hub / Model Garden modules, TF Recommenders and tabular models, Object Detection API
style exports, TFLite Micro examples, audio, NLP, time series, GAN / super-resolution, TF1-era SavedModelBuilder
and frozen graphs, Keras 3 export / ExportArchive, jit_compile, mixed precision, fake-quant, raw ops).
Seeded random weights; nothing is downloaded. Descriptions say what a model contains, not how it deploys.

    .venv/bin/python scripts/build_corpus_fresh2.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh2.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh2.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh2.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh2.py --check         # load every built model back

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

from __future__ import annotations

import functools
import os
import sys
import zlib
from pathlib import Path

from corpus_driver import Corpus

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh2", frozen_kinds={"tf1-frozen", "tf2-frozen"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = None


def _w(shape, seed, scale=0.1):
    return (np.random.default_rng(seed).normal(size=shape) * scale).astype("float32")


def _var(shape, seed, name=None):
    return tf.Variable(_w(shape, seed), name=name)


def _spec(shape, dtype="float32", name=None):
    return tf.TensorSpec(shape, dtype, name=name)


def _conv(x, w, stride=1, act=None):
    y = tf.nn.conv2d(x, w, stride, "SAME")
    return act(y) if act else y


def _save(m, out: Path, sigs=None):
    tf.saved_model.save(m, str(out), signatures=sigs)


def _module(out: Path, fn, specs, jit=False, attr="serve", sigs=("serving_default",), **init):
    """tf.Module holding tf.Variables `init` (shape tuple -> seeded normal, else the value) and attribute `attr` =
    tf.function fn(module, *inputs), saved under signature names `sigs` (None: tf.saved_model picks)."""
    m = tf.Module()
    for k, v in init.items():
        setattr(m, k, tf.Variable(_w(v, zlib.crc32(k.encode())) if isinstance(v, tuple) else v, name=k))
    setattr(m, attr, tf.function(functools.partial(fn, m), input_signature=specs, jit_compile=jit))
    _save(m, out, sigs and {s: getattr(m, attr) for s in sigs})


def _kexport(m, out: Path, batch1=False):
    sig = [_spec(m.inputs[0].shape, m.inputs[0].dtype)] if batch1 else None  # keep the declared batch of 1
    m.export(str(out), verbose=False, input_signature=sig)


def _seq(shape, layers, out: Path, batch=None, dtype="float32"):
    x = i = keras.Input(shape, batch_size=batch, dtype=dtype)
    for layer in layers:
        x = layer(x)
    _kexport(keras.Model(i, x), out, batch1=batch == 1)


def _posemb(x, maxlen):
    class PositionEmbedding(L.Layer):
        def build(self, s):
            self.p = self.add_weight(shape=(maxlen, s[-1]), initializer="random_normal")

        def call(self, t):
            return t + self.p[None, :keras.ops.shape(t)[1]]
    return PositionEmbedding()(x)


def _tblock(x, d, heads, mask=None, causal=False):
    a = L.MultiHeadAttention(heads, d // heads)(x, x, attention_mask=mask, use_causal_mask=causal)
    x = L.LayerNormalization()(L.Add()([x, a]))
    return L.LayerNormalization()(L.Add()([x, L.Dense(d)(L.Dense(2 * d, activation="gelu")(x))]))


def _gru(x, h, wg, wc):
    z, r = tf.split(tf.sigmoid(tf.matmul(tf.concat([x, h], 1), wg)), 2, 1)
    return z * h + (1 - z) * tf.tanh(tf.matmul(tf.concat([x, r * h], 1), wc))


def _fq(x, lo, hi, **kw):
    return tf.quantization.fake_quant_with_min_max_vars(x, lo, hi, num_bits=8, **kw)


# ============================================================================ TF Hub / Model Garden style modules

@model("g_hub_image_feature_vector_dynhw", "tf-module", "Hub-style tf.Module, float [None,None,None,3] any HxW: 2 "
       "strided conv2d+relu, spatial mean; __call__ -> {'default'} saved as 'serving_default' + 'feature_vector'")
def b_hub_fv(out):
    def f(m, images):
        return {"default": tf.reduce_mean(_conv(_conv(images, m.w1, 2, tf.nn.relu), m.w2, 2, tf.nn.relu), [1, 2])}
    _module(out, f, [_spec([None, None, None, 3], name="images")], attr="__call__",
            sigs=("serving_default", "feature_vector"), w1=(3, 3, 3, 16), w2=(3, 3, 16, 32))

@model("g_mg_bert_encoder_dict_io", "keras-export", "Model-Garden-style BERT encoder, Keras functional, dict of int32 "
       "[None,None] input_word_ids/input_mask/input_type_ids; word+type+position embeddings, 1 MHA block with padding "
       "mask; dict sequence/pooled output")
def b_bert(out):
    ids, mask, types = (keras.Input((None,), dtype="int32", name=n)
                        for n in ("input_word_ids", "input_mask", "input_type_ids"))
    x = L.LayerNormalization()(_posemb(L.Add()([L.Embedding(300, 32)(ids), L.Embedding(2, 32)(types)]), 64))
    x = _tblock(x, 32, 4, mask=keras.ops.cast(mask, "bool")[:, None, :])
    _kexport(keras.Model({"input_word_ids": ids, "input_mask": mask, "input_type_ids": types},
                         {"sequence_output": x, "pooled_output": L.Dense(32, activation="tanh")(x[:, 0])}), out)

@model("g_hub_bert_preprocess_strings", "tf-module", "Hub-style BERT preprocessor: string [None] -> lower, regex "
       "punctuation split, strings.split, to_hash_bucket_fast ids, ragged truncate + CLS/SEP concat, to_tensor "
       "[None,16]; dict of int32 outputs")
def b_bert_pre(out):
    def f(m, text):
        toks = tf.strings.split(tf.strings.regex_replace(tf.strings.lower(text), r"([.,!?])", r" \1 "))
        ids = toks.with_flat_values(tf.strings.to_hash_bucket_fast(toks.flat_values, 997) + 3)[:, :14]
        ones = tf.ones_like(ids[:, :1])
        ids = tf.cast(tf.concat([ones, ids, ones * 2], axis=1).to_tensor(0, shape=[None, 16]), tf.int32)
        return {"input_word_ids": ids, "input_mask": tf.cast(ids > 0, tf.int32), "input_type_ids": tf.zeros_like(ids)}
    _module(out, f, [_spec([None], tf.string, "text")])

@model("g_hub_style_transfer_call_only", "tf-module", "Hub style-transfer shape: __call__(content [1,None,None,3], "
       "style [1,64,64,3]), no explicit signatures; style net -> gamma/beta conditional instance norm, sigmoid")
def b_style(out):
    def f(m, content, style):
        gb = tf.matmul(tf.reduce_mean(_conv(style, m.s1, 2, tf.nn.relu), [1, 2]), m.s2)
        gamma, beta = tf.split(gb[:, None, None, :], 2, axis=-1)
        mean, var = tf.nn.moments(x := _conv(content, m.c1, 1, tf.nn.relu), [1, 2], keepdims=True)
        return tf.sigmoid(_conv((x - mean) * tf.math.rsqrt(var + 1e-5) * (1 + gamma) + beta, m.c2))
    _module(out, f, [_spec([1, None, None, 3], name="content"), _spec([1, 64, 64, 3], name="style")], attr="__call__",
            sigs=None, s1=(3, 3, 3, 16), s2=(16, 32), c1=(3, 3, 3, 16), c2=(3, 3, 16, 3))

# ============================================================================ recommenders / tabular

@model("g_tfrs_two_tower_bruteforce_topk", "tf-module", "TFRS BruteForce-style retrieval: user_id string [None] -> "
       "StaticHashTable -> embedding, l2_normalize, matmul vs 50 candidates, top_k 5, gather string identifiers; "
       "signatures serving_default and query_embedding")
def b_tfrs(out):
    class Retrieval(tf.Module):
        def __init__(self):
            super().__init__()
            self.users = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                [f"user_{i}" for i in range(20)], tf.range(20, dtype=tf.int64)), default_value=20)
            self.user_emb, self.q, self.cand = _var((21, 8), 5), _var((8, 8), 6), _var((50, 8), 7)

        def _query(self, user_id):
            return tf.nn.l2_normalize(tf.matmul(tf.gather(self.user_emb, self.users.lookup(user_id)), self.q), -1)

        @tf.function(input_signature=[_spec([None], tf.string, "user_id")])
        def __call__(self, user_id):
            s, i = tf.math.top_k(tf.matmul(self._query(user_id), self.cand, transpose_b=True), k=5)
            return {"scores": s, "identifiers": tf.gather(tf.constant([f"item_{j:03d}" for j in range(50)]), i)}

        @tf.function(input_signature=[_spec([None], tf.string, "user_id")])
        def query_embedding(self, user_id):
            return {"query_embedding": self._query(user_id)}
    m = Retrieval()
    _save(m, out, {"serving_default": m.__call__, "query_embedding": m.query_embedding})

@model("g_tabular_dict_int64_bool_hashing", "keras-export", "Keras tabular model, dict inputs: age float32, hour "
       "int64, store_id int64, is_holiday bool (each [None,1]); Discretization + CategoryEncoding one-hot, "
       "Hashing(50) + Embedding, cast bool, Dense, sigmoid")
def b_tab(out):
    age, hour, store = (keras.Input((1,), dtype=d, name=n)
                        for n, d in (("age", "float32"), ("hour", "int64"), ("store_id", "int64")))
    hol = keras.Input((1,), dtype="bool", name="is_holiday")
    a = L.CategoryEncoding(6, output_mode="one_hot")(L.Discretization(bin_boundaries=[18, 25, 35, 50, 65])(age))
    s = L.Flatten()(L.Embedding(50, 4)(L.Hashing(50)(store)))
    x = L.Concatenate()([a, L.CategoryEncoding(24, output_mode="one_hot")(hour), s, keras.ops.cast(hol, "float32")])
    y = L.Dense(1, activation="sigmoid")(L.Dense(16, activation="relu")(x))
    _kexport(keras.Model({"age": age, "hour": hour, "store_id": store, "is_holiday": hol}, y), out)

@model("g_dlrm_dot_interaction", "keras-export", "DLRM-style Keras model: dense float [None,13] + 3 int32 categorical "
       "ids [None]; Embeddings, bottom MLP, stacked pairwise dot interaction (matmul), upper-triangle take, top MLP, "
       "sigmoid")
def b_dlrm(out):
    dense = keras.Input((13,), name="dense_features")
    cats = [keras.Input((), dtype="int32", name=f"cat_{i}") for i in range(3)]
    vecs = [L.Dense(8, activation="relu")(L.Dense(16, activation="relu")(dense))]
    vecs += [L.Embedding(100 * (i + 1), 8)(c) for i, c in enumerate(cats)]
    t = keras.ops.stack(vecs, axis=1)
    inter = keras.ops.reshape(keras.ops.matmul(t, keras.ops.transpose(t, (0, 2, 1))), (-1, 16))
    tri = keras.ops.take(inter, [i * 4 + j for i in range(4) for j in range(i + 1, 4)], axis=1)
    x = L.Dense(16, activation="relu")(L.Concatenate()([vecs[0], tri]))
    _kexport(keras.Model([dense] + cats, L.Dense(1, activation="sigmoid")(x)), out)

@model("g_wide_deep_sparse_cross_hashed", "tf-module", "Wide&Deep: country/device string [None] + age float [None]; "
       "sparse.from_dense, sparse.cross_hashed(100), safe_embedding_lookup_sparse (wide), to_hash_bucket_fast "
       "embedding + MLP (deep); logits/logistic outputs")
def b_wd(out):
    def f(m, country, device, age):
        sp = [tf.sparse.from_dense(tf.reshape(t, [-1, 1])) for t in (country, device)]
        wide = tf.nn.safe_embedding_lookup_sparse(m.wide, tf.sparse.cross_hashed(sp, num_buckets=100), combiner="sum")
        deep = tf.concat([tf.gather(m.cemb, tf.strings.to_hash_bucket_fast(country, 16)), age[:, None] / 100], 1)
        logits = wide + tf.matmul(tf.nn.relu(tf.matmul(deep, m.w1)), m.w2)
        return {"logits": logits, "logistic": tf.sigmoid(logits)}
    _module(out, f, [_spec([None], tf.string, "country"), _spec([None], tf.string, "device"),
                     _spec([None], tf.float32, "age")], wide=(100, 1), cemb=(16, 4), w1=(5, 8), w2=(8, 1))

@model("g_dcn_cross_float16_io", "tf-module", "DCN-v1 cross network: float16 [None,16] input cast to float32, 2 cross "
       "layers x0*(xl.w)+b+xl, deep MLP, concat, sigmoid cast back to float16 output")
def b_dcn(out):
    def f(m, features):
        x0 = xl = tf.cast(features, tf.float32)
        for w, b in ((m.cw0, m.cb0), (m.cw1, m.cb1)):
            xl = x0 * tf.matmul(xl, w) + b + xl
        x = tf.concat([xl, tf.nn.relu(tf.matmul(x0, m.d1))], 1)
        return {"probability": tf.cast(tf.sigmoid(tf.matmul(x, m.head)), tf.float16)}
    _module(out, f, [_spec([None, 16], tf.float16, "features")],
            cw0=(16, 1), cw1=(16, 1), cb0=(16,), cb1=(16,), d1=(16, 16), head=(32, 1))


# ============================================================================ Object Detection API style

def _anchors(n):
    c = (np.arange(n) + 0.5) / n
    yy, xx = np.meshgrid(c, c, indexing="ij")
    a = [np.stack([yy, xx, np.full_like(yy, s), np.full_like(yy, s)], -1) for s in (0.1, 0.2, 0.4)]
    return np.stack(a, 2).reshape(-1, 4).astype("float32")

@model("g_odapi_ssd_combined_nms_uint8", "tf-module", "OD-API-style SSD export: uint8 input_tensor [1,None,None,3], "
       "cast, resize 64x64, (x/127.5-1), 3 strided convs, box/class heads, anchor box decoding with exp, "
       "combined_non_max_suppression; dict of detection_* outputs")
def b_ssd(out):
    def f(m, input_tensor):
        x = tf.image.resize(tf.cast(input_tensor, tf.float32), [64, 64]) / 127.5 - 1.0
        for w in (m.c1, m.c2, m.c3):
            x = _conv(x, w, 2, tf.nn.relu6)
        loc = tf.reshape(_conv(x, m.box), [1, 192, 4])
        cls = tf.sigmoid(tf.reshape(_conv(x, m.cls), [1, 192, 4]))
        a = tf.constant(_anchors(8))
        yc, xc = loc[..., 0] / 10 * a[:, 2] + a[:, 0], loc[..., 1] / 10 * a[:, 3] + a[:, 1]
        h, w = tf.exp(loc[..., 2] / 5) * a[:, 2], tf.exp(loc[..., 3] / 5) * a[:, 3]
        boxes = tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1)
        b, s, c, n = tf.image.combined_non_max_suppression(boxes[:, :, None], cls, 10, 10, 0.5, 0.3)
        return {"detection_boxes": b, "detection_scores": s, "detection_classes": c + 1,
                "num_detections": tf.cast(n, tf.float32), "raw_detection_boxes": boxes, "raw_detection_scores": cls}
    _module(out, f, [_spec([1, None, None, 3], tf.uint8, "input_tensor")], c1=(3, 3, 3, 8), c2=(3, 3, 8, 16),
            c3=(3, 3, 16, 16), box=(3, 3, 16, 12), cls=(3, 3, 16, 12))

@model("g_odapi_centernet_topk_peaks", "tf-module", "CenterNet-style export: uint8 [1,None,None,3], resize 64x64, "
       "convs -> 16x16 heatmap/size/offset heads, max_pool peak mask, top_k 10 over flattened heatmap, "
       "floordiv/floormod decode, batch gather; dict outputs")
def b_centernet(out):
    def f(m, input_tensor):
        x = tf.image.resize(tf.cast(input_tensor, tf.float32) / 255.0, [64, 64])
        x = _conv(_conv(x, m.b1, 2, tf.nn.relu), m.b2, 2, tf.nn.relu)
        heat = tf.sigmoid(_conv(x, m.hm))
        heat *= tf.cast(tf.equal(heat, tf.nn.max_pool2d(heat, 3, 1, "SAME")), tf.float32)
        scores, idx = tf.math.top_k(tf.reshape(heat, [1, -1]), k=10)
        pos, cls = idx // 3, idx % 3
        reg = tf.gather(tf.reshape(_conv(x, m.wh), [1, 256, 4]), pos, batch_dims=1)
        yc, xc = [(tf.cast(p, tf.float32) + reg[..., i]) / 16 for i, p in enumerate((pos // 16, pos % 16))]
        h, w = tf.abs(reg[..., 2]) / 4, tf.abs(reg[..., 3]) / 4
        return {"detection_boxes": tf.stack([yc - h, xc - w, yc + h, xc + w], -1), "detection_scores": scores,
                "detection_classes": tf.cast(cls, tf.float32) + 1, "num_detections": tf.constant([10.0])}
    _module(out, f, [_spec([1, None, None, 3], tf.uint8, "input_tensor")],
            b1=(3, 3, 3, 16), b2=(3, 3, 16, 16), hm=(1, 1, 16, 3), wh=(1, 1, 16, 4))


def _v1var(name, shape, seed, **kw):
    return tf.compat.v1.get_variable(name, initializer=_w(shape, seed), **kw)


def _tf1_frozen(build, outputs, out: Path):
    g = tf.Graph()
    with g.as_default(), tf.compat.v1.Session(graph=g) as sess:
        tf.compat.v1.set_random_seed(0)
        build()
        sess.run(tf.compat.v1.global_variables_initializer())
        gd = tf.compat.v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), outputs)
    out.write_bytes(gd.SerializeToString())


# ============================================================================ TFLite Micro examples

@model("g_micro_hello_world_sine", "keras-export", "TFLite Micro hello_world: [1,1] float -> Dense16 relu, Dense16 "
       "relu, Dense1")
def b_sine(out):
    _seq((1,), [L.Dense(16, activation="relu"), L.Dense(16, activation="relu"), L.Dense(1)], out, batch=1)

@model("g_micro_magic_wand_conv", "keras-export", "TFLite Micro magic_wand: accelerometer [1,128,3,1]; Conv2D(4x3), "
       "MaxPool(3,3), Dropout, Conv2D(4x1), MaxPool(3,1), Flatten, Dense16, Dense4 softmax")
def b_wand(out):
    _seq((128, 3, 1), [L.Conv2D(8, (4, 3), padding="same", activation="relu"), L.MaxPooling2D((3, 3)),
                       L.Dropout(0.1), L.Conv2D(16, (4, 1), padding="same", activation="relu"),
                       L.MaxPooling2D((3, 1), padding="same"), L.Flatten(), L.Dense(16, activation="relu"),
                       L.Dense(4, activation="softmax")], out, batch=1)

@model("g_micro_speech_tiny_conv_tf1", "tf1-frozen", "speech_commands tiny_conv TF1 graph: fingerprint_input [1,1960] "
       "reshape [1,49,40,1], conv 10x8 stride 2, relu, reshape, matmul + bias, labels_softmax; frozen")
def b_tinyconv(out):
    def build():
        x = tf.reshape(tf.compat.v1.placeholder(tf.float32, [1, 1960], "fingerprint_input"), [-1, 49, 40, 1])
        y = tf.nn.relu(tf.nn.conv2d(x, _v1var("first_weights", (10, 8, 1, 8), 60), [1, 2, 2, 1], "SAME")
                       + _v1var("first_bias", (8,), 61))
        y = tf.matmul(tf.reshape(y, [-1, 25 * 20 * 8]), _v1var("final_fc_weights", (4000, 12), 62))
        tf.nn.softmax(y + _v1var("final_fc_bias", (12,), 63), name="labels_softmax")
    _tf1_frozen(build, ["labels_softmax"], out)


# ============================================================================ audio

@model("g_audio_mfcc_tf_signal", "tf-module", "audio classifier on waveform [1,16000]: tf.signal.stft (256/128), abs, "
       "linear_to_mel_weight_matrix tensordot, log, mfccs_from_log_mel_spectrograms (13), time mean, matmul, softmax")
def b_mfcc(out):
    def f(m, waveform):
        mag = tf.abs(tf.signal.stft(waveform, 256, 128, 256))
        mel = tf.tensordot(mag, tf.signal.linear_to_mel_weight_matrix(40, 129, 16000, 20.0, 4000.0), 1)
        mfcc = tf.signal.mfccs_from_log_mel_spectrograms(tf.math.log(mel + 1e-6))[..., :13]
        return {"probabilities": tf.nn.softmax(tf.matmul(tf.reduce_mean(mfcc, 1), m.w))}
    _module(out, f, [_spec([1, 16000], name="waveform")], w=(13, 10))

@model("g_audio_tf1_frozen_decode_wav_mfcc", "tf1-frozen", "speech_commands freeze.py style: wav_data string scalar "
       "-> audio.decode_wav, raw AudioSpectrogram, raw Mfcc (40 coeffs), reshape [1,1960], matmul, labels_softmax; "
       "frozen")
def b_wav(out):
    def build():
        audio, sr = tf.audio.decode_wav(tf.compat.v1.placeholder(tf.string, [], "wav_data"), 1, 16000)
        spec = tf.raw_ops.AudioSpectrogram(input=audio, window_size=480, stride=320, magnitude_squared=True)
        mfcc = tf.raw_ops.Mfcc(spectrogram=spec, sample_rate=sr, dct_coefficient_count=40)
        tf.nn.softmax(tf.matmul(tf.reshape(mfcc, [1, 1960]), _v1var("fc", (1960, 12), 71)), name="labels_softmax")
    _tf1_frozen(build, ["labels_softmax"], out)


# ============================================================================ NLP / transformers

@model("g_nlp_causal_lm_tiny_gpt", "keras-export", "tiny GPT-style causal LM: int32 token ids [None,16], Embedding + "
       "learned positions, MHA with use_causal_mask, LayerNorm, gelu FFN, per-position vocab logits [None,16,200]")
def b_gpt(out):
    i = keras.Input((16,), dtype="int32", name="token_ids")
    x = _tblock(_posemb(L.Embedding(200, 32)(i), 16), 32, 2, causal=True)
    _kexport(keras.Model(i, L.Dense(200)(x)), out)

@model("g_nlp_textvectorization_in_model", "keras-export", "Keras text classifier with TextVectorization (fixed "
       "vocabulary, seq len 12) inside the model: string [None,1] -> token ids -> Embedding, GlobalAveragePooling1D, "
       "Dense softmax")
def b_tv(out):
    vocab = ["the", "a", "this", "movie", "was", "good", "bad", "great", "awful", "plot", "fun", "boring"]
    i = keras.Input((1,), dtype="string", name="text")
    x = L.Embedding(14, 16)(L.TextVectorization(output_sequence_length=12, vocabulary=vocab)(i))
    _kexport(keras.Model(i, L.Dense(3, activation="softmax")(L.GlobalAveragePooling1D()(x))), out)

@model("g_nlp_greedy_decode_while_loop", "tf-module", "seq2seq greedy decoder tf.Module: source_ids int32 [1,None] + "
       "scalar max_len; mean-embedding encoder, hand-written GRU cell in tf.while_loop stopping at EOS, dynamic "
       "TensorArray -> output_ids [1,None]")
def b_greedy(out):
    def f(m, source_ids, max_len):
        def body(i, tok, h, ta):
            h = _gru(tf.gather(m.emb, tf.reshape(tok, [1])), h, m.wg, m.wc)
            nxt = tf.cast(tf.argmax(tf.matmul(h, m.proj)[0]), tf.int32)
            return i + 1, nxt, h, ta.write(i, nxt)
        init = (0, tf.constant(1), tf.reduce_mean(tf.gather(m.emb, source_ids), 1),
                tf.TensorArray(tf.int32, size=0, dynamic_size=True))
        *_, ta = tf.while_loop(lambda i, tok, h, ta: (i < max_len) & (tok != 2), body, init)
        return {"output_ids": ta.stack()[None]}
    _module(out, f, [_spec([1, None], tf.int32, "source_ids"), _spec([], tf.int32, "max_len")],
            emb=(32, 16), wg=(32, 32), wc=(32, 16), proj=(16, 32))


# ============================================================================ time series

@model("g_ts_lstm_stacked_fixed_len", "keras-export", "forecaster [None,24,4]: LSTM(16, return_sequences) -> LSTM(8) "
       "-> Dense(6) horizon")
def b_lstm(out):
    _seq((24, 4), [L.LSTM(16, return_sequences=True), L.LSTM(8), L.Dense(6)], out)

@model("g_ts_tcn_causal_dilated", "keras-export", "TCN [None,64,3]: 1x1 Conv1D, 3 residual blocks of causal Conv1D "
       "dilation 1/2/4 with Add, last step, Dense")
def b_tcn(out):
    i = keras.Input((64, 3))
    x = L.Conv1D(16, 1)(i)
    for d in (1, 2, 4):
        x = L.Add()([x, L.Conv1D(16, 3, padding="causal", dilation_rate=d, activation="relu")(x)])
    _kexport(keras.Model(i, L.Dense(1)(x[:, -1])), out)

@model("g_ts_stateful_gru_step_reset", "tf-module", "streaming GRU tf.Module: hidden state tf.Variable [1,16]; 'step' "
       "signature x [1,4] reads+assigns state, 'reset' signature (no inputs) assigns zeros; serving_default = step")
def b_stateful(out):
    class Streaming(tf.Module):
        def __init__(self):
            super().__init__()
            self.h = tf.Variable(tf.zeros([1, 16]), trainable=False, name="state")
            self.wg, self.wc, self.out = _var((20, 32), 90), _var((20, 16), 91), _var((16, 2), 92)

        @tf.function(input_signature=[_spec([1, 4], name="x")])
        def step(self, x):
            h = _gru(x, self.h, self.wg, self.wc)
            self.h.assign(h)
            return {"y": tf.matmul(h, self.out), "state": h}

        @tf.function(input_signature=[])
        def reset(self):
            self.h.assign(tf.zeros([1, 16]))
            return {"state": self.h.read_value()}
    m = Streaming()
    _save(m, out, {"serving_default": m.step, "step": m.step, "reset": m.reset})


# ============================================================================ GAN / super-resolution

@model("g_sr_espcn_depth_to_space_dynhw", "tf-module", "ESPCN x3 super-resolution: luminance [1,None,None,1] any "
       "size, conv5x5 tanh, conv3x3 tanh, conv3x3 9ch, depth_to_space 3, clip_by_value")
def b_espcn(out):
    def f(m, lr):
        x = _conv(_conv(lr, m.w1, 1, tf.tanh), m.w2, 1, tf.tanh)
        return {"sr": tf.clip_by_value(tf.nn.depth_to_space(_conv(x, m.w3), 3), 0.0, 1.0)}
    _module(out, f, [_spec([1, None, None, 1], name="lr")], w1=(5, 5, 1, 32), w2=(3, 3, 32, 16), w3=(3, 3, 16, 9))

@model("g_gan_modulated_conv_styles", "tf-module", "StyleGAN2-flavoured generator: z [1,16] + noise [1,16,16,1]; "
       "mapping MLP, style-modulated + demodulated conv weights computed at run time from the style (conv2d with "
       "non-constant filter), nearest upsample, toRGB")
def b_stylegan(out):
    def modconv(x, k, style):
        w = k * (1 + style)[0, None, None, :, None]
        w = w * tf.math.rsqrt(tf.reduce_sum(tf.square(w), [0, 1, 2], keepdims=True) + 1e-8)
        return tf.nn.leaky_relu(_conv(x, w), 0.2)

    def f(m, z, noise):
        w = tf.nn.leaky_relu(tf.matmul(tf.nn.leaky_relu(tf.matmul(z, m.m1), 0.2), m.m2), 0.2)
        x = modconv(m.const, m.k1, tf.matmul(w, m.a1))
        x = modconv(tf.image.resize(x, [16, 16], method="nearest") + noise, m.k2, tf.matmul(w, m.a2))
        return {"image": tf.tanh(_conv(x, m.rgb))}
    _module(out, f, [_spec([1, 16], name="z"), _spec([1, 16, 16, 1], name="noise")], m1=(16, 16), m2=(16, 16),
            const=(1, 8, 8, 16), a1=(16, 16), a2=(16, 16), k1=(3, 3, 16, 16), k2=(3, 3, 16, 16), rgb=(1, 1, 16, 3))

@model("g_gan_pix2pix_instancenorm", "keras-export", "pix2pix-style U-Net generator [1,64,64,3]: strided Conv2D + "
       "GroupNormalization(groups=-1) instance norm, LeakyReLU, Conv2DTranspose + Dropout, Concatenate skips, tanh")
def b_pix2pix(out):
    i = keras.Input((64, 64, 3), batch_size=1)
    d1 = L.LeakyReLU(0.2)(L.Conv2D(16, 4, strides=2, padding="same")(i))
    d2 = L.LeakyReLU(0.2)(L.GroupNormalization(-1)(L.Conv2D(32, 4, strides=2, padding="same")(d1)))
    u = L.LeakyReLU(0.2)(L.GroupNormalization(-1)(L.Conv2D(32, 4, strides=2, padding="same")(d2)))
    for skip, f in ((d2, 32), (d1, 16)):
        u = L.Dropout(0.5)(L.GroupNormalization(-1)(L.Conv2DTranspose(f, 4, strides=2, padding="same")(u)))
        u = L.Concatenate()([L.ReLU()(u), skip])
    _kexport(keras.Model(i, L.Conv2DTranspose(3, 4, strides=2, padding="same", activation="tanh")(u)), out, batch1=True)

@model("g_sr_bicubic_uint8_io", "tf-module", "uint8 [1,None,None,3] in, uint8 out: cast, image.resize x2 bicubic to a "
       "size computed from tf.shape, residual 3x3 convs, clip 0..255, round, cast uint8")
def b_bicubic(out):
    def f(m, image):
        up = tf.image.resize(tf.cast(image, tf.float32), tf.shape(image)[1:3] * 2, method="bicubic")
        y = up + _conv(_conv(up / 255.0, m.w1, 1, tf.nn.relu), m.w2) * 255.0
        return {"upscaled": tf.cast(tf.round(tf.clip_by_value(y, 0, 255)), tf.uint8)}
    _module(out, f, [_spec([1, None, None, 3], tf.uint8, "image")], w1=(3, 3, 3, 16), w2=(3, 3, 16, 3))


# ============================================================================ TF1-era SavedModelBuilder

def _tf1_saved(build, out: Path):
    """build() creates the graph and returns hook(builder, sess) that adds the MetaGraphs."""
    g = tf.Graph()
    with g.as_default(), tf.compat.v1.Session(graph=g) as sess:
        tf.compat.v1.set_random_seed(0)
        hook = build()
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.tables_initializer()])
        b = tf.compat.v1.saved_model.Builder(str(out))
        hook(b, sess)
        b.save()

@model("g_tf1_builder_classify_regress_predict", "tf1-savedmodel", "TF1 SavedModelBuilder, tags {serve}: serialized "
       "tf.Example string [None] -> parse_example (x[4] float, cat int64), tf.layers-named dense variables; classify "
       "(string classes), regress and predict signature methods")
def b_tf1_cls(out):
    def build():
        ex = tf.compat.v1.placeholder(tf.string, [None], "input_example_tensor")
        f = tf.io.parse_example(ex, {"x": tf.io.FixedLenFeature([4], tf.float32),
                                     "cat": tf.io.FixedLenFeature([], tf.int64, default_value=0)})
        x = tf.concat([f["x"], tf.one_hot(f["cat"], 3)], 1)
        with tf.compat.v1.variable_scope("dense"):
            h = tf.nn.relu(tf.matmul(x, _v1var("kernel", (7, 16), 130)) + _v1var("bias", (16,), 131))
        with tf.compat.v1.variable_scope("dense_1"):
            logits = tf.matmul(h, _v1var("kernel", (16, 3), 132)) + _v1var("bias", (3,), 133)
        scores, api = tf.nn.softmax(logits), tf.compat.v1.saved_model
        classes = tf.tile(tf.constant([["cat", "dog", "bird"]]), [tf.shape(ex)[0], 1])
        sigs = {"serving_default": api.classification_signature_def(ex, classes, scores),
                "classification": api.classification_signature_def(ex, classes, scores),
                "regression": api.regression_signature_def(ex, tf.reduce_sum(logits, 1, keepdims=True)),
                "predict": api.predict_signature_def({"examples": ex},
                                                     {"probabilities": scores, "class_ids": tf.argmax(logits, 1)})}
        return lambda b, sess: b.add_meta_graph_and_variables(sess, ["serve"], signature_def_map=sigs)
    _tf1_saved(build, out)

@model("g_tf1_serve_and_train_metagraphs", "tf1-savedmodel", "TF1 SavedModel with two MetaGraphs of the same graph: "
       "tags {serve} (predict signature) and {train} (signature with loss, saved_model_train_op collection); ref "
       "variables (VariableV2), GradientDescent ops")
def b_tf1_train(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 8], "x")
        y = tf.compat.v1.placeholder(tf.float32, [None, 1], "y")
        h = tf.nn.relu(tf.matmul(x, _v1var("w1", (8, 16), 140, use_resource=False)))
        pred = tf.matmul(h, _v1var("w2", (16, 1), 141, use_resource=False))
        loss = tf.reduce_mean(tf.square(pred - y))
        tf.compat.v1.add_to_collection("saved_model_train_op",
                                       tf.compat.v1.train.GradientDescentOptimizer(0.01).minimize(loss))
        api = tf.compat.v1.saved_model

        def hook(b, sess):
            b.add_meta_graph_and_variables(sess, ["serve"], signature_def_map={
                "serving_default": api.predict_signature_def({"x": x}, {"prediction": pred})})
            b.add_meta_graph(["train"], signature_def_map={
                "train": api.predict_signature_def({"x": x, "y": y}, {"loss": loss, "prediction": pred})})
        return hook
    _tf1_saved(build, out)

@model("g_tf1_legacy_init_hashtable", "tf1-savedmodel", "TF1 SavedModel: words string [None] -> "
       "lookup.StaticHashTable (constant keys, default -1), tables_initializer passed as legacy_init_op (stored as "
       "saved_model_main_op), clip, embedding_lookup, dense, predict signature")
def b_tf1_table(out):
    def build():
        words = tf.compat.v1.placeholder(tf.string, [None], "words")
        keys = ["red", "green", "blue", "cyan", "magenta", "yellow", "black"]
        table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(keys, list(range(1, 8)), tf.string,
                                                                             tf.int64), -1)
        ids = tf.clip_by_value(table.lookup(words), 0, 7)
        e = tf.nn.embedding_lookup(_v1var("embeddings", (8, 6), 150), ids)
        score = tf.sigmoid(tf.matmul(e, _v1var("w", (6, 1), 151)), name="score")
        init = tf.group(tf.compat.v1.tables_initializer(), name="legacy_init_op")
        sig = tf.compat.v1.saved_model.predict_signature_def({"words": words}, {"ids": ids, "score": score})
        return lambda b, sess: b.add_meta_graph_and_variables(
            sess, ["serve"], signature_def_map={"serving_default": sig}, legacy_init_op=init)
    _tf1_saved(build, out)

@model("g_tf1_frozen_v1_cond_is_training", "tf1-frozen", "TF1 frozen graph built with control flow v1 (Switch/Merge): "
       "x [None,32], placeholder_with_default is_training, tf.cond choosing batch moments+dropout vs fixed affine, "
       "matmul, softmax")
def b_tf1_cond(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 32], "x")
        training = tf.compat.v1.placeholder_with_default(False, [], "is_training")
        h = tf.matmul(x, _v1var("w1", (32, 16), 160))

        def train_branch():
            m, v = tf.nn.moments(h, [0])
            return tf.nn.dropout((h - m) * tf.math.rsqrt(v + 1e-3), rate=0.3)
        h = tf.nn.relu(tf.cond(training, train_branch, lambda: h * 0.9 + 0.1))
        tf.nn.softmax(tf.matmul(h, _v1var("w2", (16, 4), 161)), name="probs")
    tf.compat.v1.disable_control_flow_v2()
    try:
        _tf1_frozen(build, ["probs"], out)
    finally:
        tf.compat.v1.enable_control_flow_v2()


# ============================================================================ Keras 3 export variants

@model("g_keras_archive_three_endpoints", "keras-archive", "keras.export.ExportArchive of a 2-output CNN "
       "[None,32,32,3]: endpoints 'serve' (logits), 'embed' (embedding) and 'serve_uint8' (uint8 [None,None,None,3], "
       "cast, /255, resize 32x32); Keras adds serving_default")
def b_archive(out):
    i = keras.Input((32, 32, 3))
    x = L.Conv2D(32, 3, activation="relu")(L.Conv2D(16, 3, strides=2, activation="relu")(i))
    emb = L.Dense(16, name="embedding")(L.GlobalAveragePooling2D()(x))
    m = keras.Model(i, [emb, L.Dense(5, name="logits")(emb)])
    ar, spec = keras.export.ExportArchive(), [_spec([None, 32, 32, 3])]
    ar.track(m)
    ar.add_endpoint("serve", lambda t: m(t, training=False)[1], input_signature=spec)
    ar.add_endpoint("embed", lambda t: m(t, training=False)[0], input_signature=spec)
    ar.add_endpoint("serve_uint8", lambda t: m(tf.image.resize(tf.cast(t, tf.float32) / 255.0, [32, 32]),
                                                training=False)[1],
                    input_signature=[_spec([None, None, None, 3], tf.uint8)])
    ar.write_out(str(out), verbose=False)

@model("g_keras_bool_mask_masked_mean", "keras-export", "Keras set model: features float [None,10,6] + valid bool "
       "[None,10]; Dense per element, multiply by cast mask, masked mean (sum / max(count,1)), Dense")
def b_boolmask(out):
    f, v = keras.Input((10, 6), name="features"), keras.Input((10,), dtype="bool", name="valid")
    mk = keras.ops.cast(v, "float32")[..., None]
    pooled = keras.ops.sum(L.Dense(16, activation="relu")(f) * mk, 1) / keras.ops.maximum(keras.ops.sum(mk, 1), 1.0)
    _kexport(keras.Model([f, v], L.Dense(3)(pooled)), out)

@model("g_mixed_float16_keras_cnn", "keras-export", "Keras CNN [None,32,32,3] built under mixed_float16 policy: "
       "float16 Conv2D/BN/Dense compute with casts, float32 softmax output layer")
def b_mixed(out):
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        _seq((32, 32, 3), [L.Conv2D(16, 3, strides=2, activation="relu"), L.BatchNormalization(),
                           L.Conv2D(32, 3, strides=2, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(10),
                           L.Activation("softmax", dtype="float32")], out)
    finally:
        keras.mixed_precision.set_global_policy("float32")

@model("g_pointnet_tnet_maxpool", "keras-export", "PointNet-style [None,256,3]: T-Net (Conv1D 1x1, "
       "GlobalMaxPooling1D, Dense 9 + identity) 3x3 transform via matmul, shared Conv1D 1x1 MLP, GlobalMaxPooling1D, "
       "Dense")
def b_pointnet(out):
    i = keras.Input((256, 3))
    t = L.GlobalMaxPooling1D()(L.Conv1D(16, 1, activation="relu")(i))
    t = L.Reshape((3, 3))(L.Dense(9)(t)) + keras.ops.eye(3)
    x = L.Conv1D(32, 1, activation="relu")(L.Conv1D(16, 1, activation="relu")(keras.ops.matmul(i, t)))
    _kexport(keras.Model(i, L.Dense(5)(L.GlobalMaxPooling1D()(x))), out)


# ============================================================================ jit_compile, fake-quant, raw ops, serving

@model("g_jit_compile_mlp_module", "tf-module", "tf.Module, tf.function(jit_compile=True): [None,20] float MLP "
       "matmul/relu, outputs logits and softmax probs")
def b_jit(out):
    def f(m, x):
        logits = tf.matmul(tf.nn.relu(tf.matmul(x, m.w1)), m.w2)
        return {"logits": logits, "probs": tf.nn.softmax(logits)}
    _module(out, f, [_spec([None, 20], name="x")], jit=True, w1=(20, 32), w2=(32, 4))

@model("g_jit_compile_unique_gather", "tf-module", "recommender id-dedup under tf.function(jit_compile=True): int64 "
       "ids [None] -> floormod, tf.unique, gather embedding rows for the unique ids, gather back by idx, "
       "l2_normalize [None,8]")
def b_jit_unique(out):
    def f(m, ids):
        uniq, idx = tf.unique(tf.math.floormod(ids, 1000))
        return {"embeddings": tf.nn.l2_normalize(tf.gather(tf.gather(m.table, uniq), idx), -1)}
    _module(out, f, [_spec([None], tf.int64, "ids")], jit=True, table=(1000, 8))

@model("g_qat_fake_quant_vars_cnn", "tf-module", "QAT-style CNN [1,32,32,3]: fake_quant_with_min_max_vars on input, "
       "weights (narrow_range) and activations with min/max held in tf.Variables, around conv2d, bias, relu6, "
       "avg_pool, matmul")
def b_qat(out):
    def f(m, x):
        y = _conv(_fq(x, m.in_lo, m.in_hi), _fq(m.w, m.w_lo, m.w_hi, narrow_range=True), 2)
        y = _fq(tf.nn.relu6(y + m.b), m.act_lo, m.act_hi)
        y = tf.reshape(tf.nn.avg_pool2d(y, 16, 16, "VALID"), [1, 16])
        return {"logits": _fq(tf.matmul(y, _fq(m.fc, m.w_lo, m.w_hi, narrow_range=True)), -8.0, 8.0)}
    _module(out, f, [_spec([1, 32, 32, 3], name="input")], w=(3, 3, 3, 16), b=(16,), fc=(16, 10),
            in_lo=-1.0, in_hi=1.0, w_lo=-0.5, w_hi=0.5, act_lo=0.0, act_hi=6.0)

@model("g_qat_per_channel_frozen_tf2", "tf2-frozen", "TF2 concrete function frozen with "
       "convert_variables_to_constants_v2: [1,24,24,8] fake_quant per-channel depthwise weights, depthwise_conv2d, "
       "fake_quant activations, 1x1 conv, mean")
def b_qat_pc(out):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2
    dw, pw = _var((3, 3, 8, 1), 200), _var((1, 1, 8, 4), 201)
    lo, hi = tf.Variable(-np.abs(_w((8,), 202)) - 0.2), tf.Variable(np.abs(_w((8,), 203)) + 0.2)

    @tf.function(input_signature=[_spec([1, 24, 24, 8], name="input")])
    def f(x):
        w = tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.reshape(dw, [3, 3, 8]), lo, hi,
                                                                     narrow_range=True)
        y = tf.nn.depthwise_conv2d(_fq(x, -1.0, 1.0), tf.reshape(w, [3, 3, 8, 1]), [1, 1, 1, 1], "SAME")
        return tf.reduce_mean(_conv(_fq(tf.nn.relu6(y), 0.0, 6.0), pw), [1, 2], name="output")
    gd = convert_variables_to_constants_v2(f.get_concrete_function()).graph.as_graph_def()
    out.write_bytes(gd.SerializeToString())

@model("g_raw_ops_conv_pipeline", "tf-module", "tf.function written with tf.raw_ops: [1,28,28,1] Conv2D, BiasAdd, "
       "Relu6, MaxPool, Reshape, MatMul, Softmax")
def b_raw(out):
    def f(m, image):
        r = tf.raw_ops
        y = r.Conv2D(input=image, filter=m.k, strides=[1, 1, 1, 1], padding="SAME")
        y = r.Relu6(features=r.BiasAdd(value=y, bias=m.b))
        y = r.MaxPool(input=y, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")
        y = r.Reshape(tensor=y, shape=tf.constant([1, 14 * 14 * 8]))
        return {"probs": r.Softmax(logits=r.MatMul(a=y, b=m.fc))}
    _module(out, f, [_spec([1, 28, 28, 1], name="image")], k=(5, 5, 1, 8), b=(8,), fc=(14 * 14 * 8, 10))

@model("g_serving_decode_jpeg_bytes", "tf-module", "TF-Serving image classifier: image_bytes string [None] -> "
       "map_fn(io.decode_jpeg, resize 32x32, /255), conv, spatial mean, matmul; outputs probabilities and argmax "
       "classes int64")
def b_jpeg(out):
    def f(m, image_bytes):
        x = tf.map_fn(lambda b: tf.image.resize(tf.io.decode_jpeg(b, channels=3), [32, 32]) / 255.0, image_bytes,
                      fn_output_signature=tf.TensorSpec([32, 32, 3], tf.float32))
        p = tf.nn.softmax(tf.matmul(tf.reduce_mean(_conv(x, m.c, 2, tf.nn.relu), [1, 2]), m.fc))
        return {"probabilities": p, "classes": tf.argmax(p, 1)}
    _module(out, f, [_spec([None], tf.string, "image_bytes")], c=(3, 3, 3, 16), fc=(16, 5))


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


def _check(name: str) -> str:
    """Load a built model back: GraphDef parse + import, TF1 loader per MetaGraph, or tf.saved_model.load."""
    p, kind = _path(name), CORPUS.builders[name][1]
    if kind.endswith("frozen"):
        return CORPUS.load_back(name)
    if kind == "tf1-savedmodel":
        from tensorflow.core.protobuf import saved_model_pb2
        res = []
        for mg in saved_model_pb2.SavedModel.FromString((p / "saved_model.pb").read_bytes()).meta_graphs:
            with tf.Graph().as_default() as g, tf.compat.v1.Session(graph=g) as sess:
                mgd = tf.compat.v1.saved_model.loader.load(sess, list(mg.meta_info_def.tags), str(p))
                res.append(f"{set(mg.meta_info_def.tags)}: {sorted(mgd.signature_def)}")
        return "; ".join(res)
    return f"signatures {sorted(tf.saved_model.load(str(p)).signatures)}"


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
