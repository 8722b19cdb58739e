"""Build an independently made corpus into bench/out/fresh6/: small non-vision models of the kind people put
through TFLite conversion, full-integer (int8) quantization for phones and microcontrollers, and XLA
compilation: on-device NLP (text classifiers, small transformers and GPT-like decoders, taggers, sentence
encoders), audio (keyword spotting, in-model log-mel features, VAD, raw-waveform conv nets, 1D U-Net),
time series and sensors, tabular models and recommenders, math-heavy custom layers, and quantization-flavoured
models (fake-quant, int8/int16/uint8 inputs, float16 weights, mixed precision). Exported with Keras 3
model.export / ExportArchive, tf.saved_model.save (Keras models and tf.Modules), TF1 simple_save /
SavedModelBuilder, and frozen GraphDefs. Random seeded weights; nothing is downloaded; no outcomes are
recorded here.

    .venv/bin/python scripts/build_corpus_fresh6.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh6.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh6.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh6.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh6.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, freeze_keras, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh6", frozen_kinds={"frozen-pb"})
_path, OUT = CORPUS.path, CORPUS.out

tf = keras = np = L = ops = None

# Integer inputs that hold ids get in-range values in _check: model name -> {input name or "*": hi or (lo, hi)}.
# Integer inputs of other dtypes (int8/uint8/int16 data) get values over their whole range.
IDS: dict = {}
# Length used for unknown non-batch dimensions in _check: model name -> int (default 16).
DYN: dict = {}


def model(name, kind, desc, ids=None, dyn=None):
    if ids is not None:
        IDS[name] = ids if isinstance(ids, dict) else {"*": ids}
    if dyn is not None:
        DYN[name] = dyn
    return CORPUS.model(name, kind, desc)


def _rng():
    return np.random.default_rng(0)


def _fn_layer(fn, name=None):
    """A tiny custom layer whose call is `fn` on its inputs."""
    class FnLayer(L.Layer):
        def call(self, *a):
            return fn(*a)
    return FnLayer(name=name)


def _head(i, x, n, act="softmax", out=None, sig=None):
    keras_export(keras.Model(i, L.Dense(n, activation=act)(x)), out, sig)


# ================================================================================ NLP on device

@model("n_text_cls_embedding_gap", "keras-export",
       "int32 token ids [None,64] -> Embedding(2000,16), GlobalAveragePooling1D, Dense relu, Dense softmax(2); model.export", ids=2000)
def b_text_gap(out):
    i = keras.Input((64,), dtype="int32")
    _head(i, L.Dense(16, activation="relu")(L.GlobalAveragePooling1D()(L.Embedding(2000, 16)(i))), 2, "softmax", out)


@model("n_text_cls_mask_zero_lstm", "keras-export",
       "int32 token ids [None,40] -> Embedding(1000,32, mask_zero=True), LSTM(32) consuming the mask, Dropout, Dense softmax(4); model.export", ids=1000)
def b_text_lstm(out):
    i = keras.Input((40,), dtype="int32")
    x = L.LSTM(32)(L.Embedding(1000, 32, mask_zero=True)(i))
    _head(i, L.Dropout(0.3)(x), 4, "softmax", out)


@model("n_text_cnn_multi_kernel", "saved-model",
       "Kim-style text CNN: int32 [None,50] -> Embedding(3000,24), parallel Conv1D(16, k=3/4/5, relu) + GlobalMaxPooling1D, Concatenate, Dropout, Dense sigmoid; tf.saved_model.save of the Keras model", ids=3000)
def b_kimcnn(out):
    i = keras.Input((50,), dtype="int32")
    e = L.Embedding(3000, 24)(i)
    x = L.Concatenate()([L.GlobalMaxPooling1D()(L.Conv1D(16, k, activation="relu")(e)) for k in (3, 4, 5)])
    tf.saved_model.save(keras.Model(i, L.Dense(1, activation="sigmoid")(L.Dropout(0.5)(x))), str(out))


@model("n_text_bigru_batch1", "keras-export",
       "int32 token ids fixed batch [1,40] -> Embedding(1500,32), Bidirectional GRU(16, return_sequences), GRU(16), Dense softmax(3); model.export with input_signature [1,40] int32", ids=1500)
def b_bigru(out):
    i = keras.Input((40,), batch_size=1, dtype="int32")
    x = L.GRU(16)(L.Bidirectional(L.GRU(16, return_sequences=True))(L.Embedding(1500, 32)(i)))
    _head(i, x, 3, "softmax", out, sig=[tensor_spec([1, 40], "int32", "token_ids")])


@model("n_char_rnn_simplernn_lm", "keras-export",
       "char language model: int32 [None,None] dynamic length -> Embedding(60,16), 2x SimpleRNN(32, return_sequences), per-step Dense(60) logits; model.export", ids=60)
def b_charrnn(out):
    i = keras.Input((None,), dtype="int32")
    x = L.SimpleRNN(32, return_sequences=True)(L.SimpleRNN(32, return_sequences=True)(L.Embedding(60, 16)(i)))
    _head(i, x, 60, None, out)


@model("n_transformer_causal_lm_band_part", "keras-export",
       "decoder-only LM: int32 [None,None] -> token Embedding(256,32) + position Embedding(64) indexed by tf.math.cumsum(ones)-1, causal bool mask from tf.linalg.band_part broadcast to [B,T,T], 2 pre-LN blocks (MultiHeadAttention with attention_mask, gelu MLP), LayerNormalization, Dense(256) logits; model.export",
       ids=256)
def b_causal_lm(out):
    class Positions(L.Layer):
        def call(self, ids):
            return tf.math.cumsum(tf.ones_like(ids), axis=1) - 1

    class CausalMask(L.Layer):
        def call(self, ids):
            t = tf.shape(ids)[1]
            m = tf.cast(tf.linalg.band_part(tf.ones([t, t]), -1, 0), tf.bool)
            return tf.broadcast_to(m[None], [tf.shape(ids)[0], t, t])
    i = keras.Input((None,), dtype="int32")
    x = L.Embedding(256, 32)(i) + L.Embedding(64, 32)(Positions()(i))
    mask = CausalMask()(i)
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-5)(x)
        x = x + L.MultiHeadAttention(2, 16)(h, h, attention_mask=mask)
        h = L.LayerNormalization(epsilon=1e-5)(x)
        x = x + L.Dense(32)(L.Dense(128, activation="gelu")(h))
    _head(i, L.LayerNormalization(epsilon=1e-5)(x), 256, None, out)


def _gpt_fixed(T, V, D, H, layers):
    """Functional GPT over int32 [None,T]: token + position embeddings, einsum causal self-attention blocks."""
    class EinsumCausalSelfAttention(L.Layer):
        def __init__(self):
            super().__init__()
            self.qkv, self.o = L.Dense(3 * D), L.Dense(D)

        def call(self, x):
            B = tf.shape(x)[0]
            q, k, v = tf.split(tf.reshape(self.qkv(x), [B, T, 3 * H, D // H]), 3, axis=2)
            s = tf.einsum("bqhd,bkhd->bhqk", q, k) * (D // H) ** -0.5
            s += (1.0 - tf.linalg.band_part(tf.ones([T, T]), -1, 0)) * -1e9
            a = tf.einsum("bhqk,bkhd->bqhd", tf.nn.softmax(s, axis=-1), v)
            return self.o(tf.reshape(a, [B, T, D]))

    class AddPositions(L.Layer):
        def build(self, s):
            self.pos = self.add_weight(shape=(T, D), initializer="random_normal")

        def call(self, x):
            return x + self.pos[None]
    i = keras.Input((T,), dtype="int32")
    x = AddPositions()(L.Embedding(V, D)(i))
    for _ in range(layers):
        x = x + EinsumCausalSelfAttention()(L.LayerNormalization(epsilon=1e-5)(x))
        x = x + L.Dense(D)(L.Dense(2 * D, activation="gelu")(L.LayerNormalization(epsilon=1e-5)(x)))
    return keras.Model(i, L.Dense(V)(L.LayerNormalization(epsilon=1e-5)(x)))


@model("n_gpt_greedy_decode_while_loop", "tf-module",
       "tf.Module around a GPT-mini over int32 [None,16] (learned positions, 2 blocks of tf.einsum causal self-attention with band_part mask, gelu MLP, Dense(96) logits); signatures: generate int32 prompt [1,8] -> tf.while_loop of 8 greedy steps (argmax, one_hot write into a fixed [1,16] buffer) -> int32 tokens; logits int32 [None,16] -> float logits",
       ids=96)
def b_gpt_while(out):
    gpt = _gpt_fixed(16, 96, 32, 2, 2)

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prompt")])
    def generate(prompt):
        def body(i, buf):
            nxt = tf.argmax(gpt(buf, training=False)[:, i - 1], -1, output_type=tf.int32)
            return i + 1, buf + nxt[:, None] * tf.one_hot(i, 16, dtype=tf.int32)[None]
        _, buf = tf.while_loop(lambda i, b: i < 16, body, [tf.constant(8), tf.concat([prompt, tf.zeros([1, 8], tf.int32)], 1)])
        return {"tokens": buf}

    @tf.function(input_signature=[tensor_spec([None, 16], "int32", "ids")])
    def logits(ids):
        return {"logits": gpt(ids, training=False)}
    serve_module(out, {"gpt": gpt}, serving_default=generate, logits=logits)


@model("n_gpt_unrolled_python_loop", "tf-module",
       "tf.Module: int32 prompt [1,None] -> GPT-mini (token Embedding(128,32) + position Embedding(32) over tf.range, 2 blocks of MultiHeadAttention(use_causal_mask=True) + gelu MLP) run 4 times in an unrolled Python loop, each step argmax of the last position, tf.nn.log_softmax score, tf.concat onto the ids -> new_tokens int32 [1,4], logprobs",
       ids=128)
def b_gpt_unrolled(out):
    class TokPos(L.Layer):
        def __init__(self):
            super().__init__()
            self.tok, self.pos = L.Embedding(128, 32), L.Embedding(32, 32)

        def call(self, ids):
            return self.tok(ids) + self.pos(tf.range(tf.shape(ids)[1]))[None]
    i = keras.Input((None,), dtype="int32")
    x = TokPos()(i)
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-5)(x)
        x = x + L.MultiHeadAttention(2, 16)(h, h, use_causal_mask=True)
        x = x + L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization(epsilon=1e-5)(x)))
    gpt = keras.Model(i, L.Dense(128)(x))

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "prompt")])
    def generate(prompt):
        ids, new, lps = prompt, [], []
        for _ in range(4):
            lp = tf.nn.log_softmax(gpt(ids, training=False)[:, -1], axis=-1)
            nxt = tf.argmax(lp, -1, output_type=tf.int32)
            new.append(nxt)
            lps.append(tf.reduce_max(lp, -1))
            ids = tf.concat([ids, nxt[:, None]], 1)
        return {"new_tokens": tf.stack(new, 1), "logprobs": tf.stack(lps, 1)}
    serve_module(out, {"gpt": gpt}, serving_default=generate)


@model("n_ner_bilstm_viterbi_scan", "tf-module",
       "tf.Module NER tagger: int32 token ids [None,24] -> Embedding(500,32), Bidirectional LSTM(16, return_sequences), Dense(7) emissions; CRF-style Viterbi decode with a [7,7] transition tf.Variable: tf.scan forward (reduce_max / argmax over previous tag), reverse tf.scan backtrack with tf.gather(batch_dims=1) -> int32 tags [B,24], emissions",
       ids=500)
def b_viterbi(out):
    i = keras.Input((24,), dtype="int32")
    x = L.Bidirectional(L.LSTM(16, return_sequences=True))(L.Embedding(500, 32)(i))
    tagger = keras.Model(i, L.Dense(7)(x))
    trans = tf.Variable(_rng().normal(0, 0.5, (7, 7)).astype("float32"), name="transitions")

    @tf.function(input_signature=[tensor_spec([None, 24], "int32", "token_ids")])
    def tag(ids):
        em = tagger(ids, training=False)
        em_t = tf.transpose(em, [1, 0, 2])

        def fwd(carry, e):
            cand = carry[0][:, :, None] + trans[None]
            return tf.reduce_max(cand, 1) + e, tf.argmax(cand, 1, output_type=tf.int32)
        scores, bps = tf.scan(fwd, em_t[1:], initializer=(em_t[0], tf.zeros_like(em_t[0], tf.int32)))
        last = tf.argmax(scores[-1], -1, output_type=tf.int32)
        path = tf.scan(lambda t, bp: tf.gather(bp, t, batch_dims=1), bps, initializer=last, reverse=True)
        return {"tags": tf.transpose(tf.concat([path, last[None]], 0)), "emissions": em}
    serve_module(out, {"tagger": tagger, "transitions": trans}, serving_default=tag)


@model("n_ner_char_onehot_word_embedding", "keras-export",
       "NER tagger with two inputs: words int32 [None,30] -> Embedding(800,24); chars int32 [None,30,12] -> custom layer tf.one_hot(depth 40), TimeDistributed Conv1D(16,3) + TimeDistributed GlobalMaxPooling1D; Concatenate, Bidirectional LSTM(16, return_sequences), per-token Dense softmax(9); model.export",
       ids={"*": 40, "words": 800, "chars": 40})
def b_ner_char(out):
    w, c = keras.Input((30,), dtype="int32", name="words"), keras.Input((30, 12), dtype="int32", name="chars")
    ch = _fn_layer(lambda t: tf.one_hot(t, 40))(c)
    ch = L.TimeDistributed(L.GlobalMaxPooling1D())(L.TimeDistributed(L.Conv1D(16, 3, activation="relu"))(ch))
    x = L.Bidirectional(L.LSTM(16, return_sequences=True))(L.Concatenate()([L.Embedding(800, 24)(w), ch]))
    _head([w, c], x, 9, "softmax", out)


@model("n_sentence_encoder_l2_cosine", "tf-module",
       "tf.Module sentence encoder: int32 ids [None,None] (0 = padding) -> Embedding(1200,32), custom masked mean pooling (ids != 0 mask, reduce_sum / maximum(count,1)), Dense tanh, tf.math.l2_normalize; signatures embed(ids) and similarity(ids_a, ids_b) -> cosine reduce_sum(a*b)",
       ids=1200)
def b_sent_enc(out):
    class MaskedMean(L.Layer):
        def call(self, e, ids):
            m = tf.cast(tf.not_equal(ids, 0), e.dtype)[..., None]
            return tf.reduce_sum(e * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)
    i = keras.Input((None,), dtype="int32")
    x = L.Dense(32, activation="tanh")(MaskedMean()(L.Embedding(1200, 32)(i), i))
    enc = keras.Model(i, _fn_layer(lambda t: tf.math.l2_normalize(t, axis=-1))(x))

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "ids")])
    def embed(ids):
        return {"embedding": enc(ids, training=False)}

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "ids_a"), tensor_spec([None, None], "int32", "ids_b")])
    def similarity(a, b):
        return {"cosine": tf.reduce_sum(enc(a, training=False) * enc(b, training=False), -1)}
    serve_module(out, {"encoder": enc}, serving_default=embed, similarity=similarity)


@model("n_smart_reply_response_bank_topk", "tf-module",
       "tf.Module smart reply: int32 message ids [1,20] -> Embedding(900,32), GlobalAveragePooling1D, Dense(32), l2_normalize; tf.linalg.matmul(transpose_b=True) against a [40,32] response-bank tf.Variable, tf.math.top_k(3), tf.gather of a constant string table -> scores, int32 indices, reply strings",
       ids=900)
def b_smartreply(out):
    i = keras.Input((20,), dtype="int32")
    x = L.Dense(32)(L.GlobalAveragePooling1D()(L.Embedding(900, 32)(i)))
    enc = keras.Model(i, _fn_layer(lambda t: tf.math.l2_normalize(t, -1))(x))
    bank = _rng().normal(size=(40, 32)).astype("float32")
    bank = tf.Variable(bank / np.linalg.norm(bank, axis=1, keepdims=True), name="response_bank")
    replies = tf.constant([f"reply {k}" for k in range(40)])

    @tf.function(input_signature=[tensor_spec([1, 20], "int32", "message_ids")])
    def reply(ids):
        vals, idx = tf.math.top_k(tf.linalg.matmul(enc(ids, training=False), bank, transpose_b=True), k=3)
        return {"scores": vals, "indices": idx, "replies": tf.gather(replies, idx)}
    serve_module(out, {"encoder": enc, "bank": bank}, serving_default=reply)


@model("n_intent_slot_attention_pooling", "keras-export",
       "joint intent + slot model: int32 [None,20] -> Embedding(700,32), Bidirectional GRU(16, return_sequences); slots per-token Dense softmax(11); intent via attention pooling (Dense(1, tanh) scores, Softmax over time, ops.sum of weighted states) then Dense softmax(6); model.export with two outputs",
       ids=700)
def b_intent_slot(out):
    i = keras.Input((20,), dtype="int32")
    h = L.Bidirectional(L.GRU(16, return_sequences=True))(L.Embedding(700, 32)(i))
    a = L.Softmax(axis=1)(L.Dense(1, activation="tanh")(h))
    intent = L.Dense(6, activation="softmax", name="intent")(ops.sum(h * a, axis=1))
    keras_export(keras.Model(i, {"intent": intent, "slots": L.Dense(11, activation="softmax", name="slots")(h)}), out)


@model("n_mention_pair_gather_batch_dims", "keras-export",
       "relation scorer: token_ids int32 [None,32] -> Embedding(600,32), Conv1D(32,3 same); mention_pos int32 [None,4] -> custom layer tf.gather(states, positions, batch_dims=1), tf.einsum bilinear pair scores with a [32,32] weight -> logits [None,4,4]; model.export",
       ids={"*": 32, "token_ids": 600, "mention_pos": 32})
def b_mention(out):
    class PairScores(L.Layer):
        def build(self, s):
            self.w = self.add_weight(shape=(32, 32), initializer="glorot_uniform")

        def call(self, h, pos):
            m = tf.gather(h, pos, batch_dims=1)
            return tf.einsum("bid,de,bje->bij", m, self.w, m)
    t, p = keras.Input((32,), dtype="int32", name="token_ids"), keras.Input((4,), dtype="int32", name="mention_pos")
    h = L.Conv1D(32, 3, padding="same", activation="relu")(L.Embedding(600, 32)(t))
    keras_export(keras.Model([t, p], PairScores()(h, p)), out)


@model("n_tf1_text_cls_embedding_lookup", "tf1-saved-model",
       "TF1 graph (tf.compat.v1 placeholder int32 [None,20], get_variable): tf.nn.embedding_lookup over a [500,16] table, padding mask (ids != 0) mean, matmul + bias_add + relu, matmul, softmax and int32 argmax; tf.compat.v1.saved_model.simple_save",
       ids=500)
def b_tf1_text(out):
    v1, rng = tf.compat.v1, _rng()
    with tf.Graph().as_default() as g, v1.Session(graph=g) as s:
        def var(name, shape):
            return v1.get_variable(name, shape, initializer=v1.constant_initializer(rng.normal(0, 0.1, shape).astype("float32")))
        ids = v1.placeholder(tf.int32, [None, 20], name="token_ids")
        m = tf.cast(tf.not_equal(ids, 0), tf.float32)[..., None]
        x = tf.reduce_sum(tf.nn.embedding_lookup(var("emb", [500, 16]), ids) * m, 1) / (tf.reduce_sum(m, 1) + 1e-6)
        x = tf.nn.relu(tf.nn.bias_add(tf.matmul(x, var("w1", [16, 16])), var("b1", [16])))
        probs = tf.nn.softmax(tf.matmul(x, var("w2", [16, 3])), name="probs")
        label = tf.argmax(probs, -1, output_type=tf.int32, name="label")
        s.run(v1.global_variables_initializer())
        v1.saved_model.simple_save(s, str(out), inputs={"token_ids": ids}, outputs={"probs": probs, "label": label})


# ================================================================================ audio

@model("n_kws_logmel_in_model_conv1d", "keras-export",
       "keyword spotting on raw waveform float [None,8000]: custom layer tf.signal.stft(400/160, fft 512), squared magnitude, tf.tensordot with tf.signal.linear_to_mel_weight_matrix(40), tf.math.log(x+1e-6); 2x Conv1D(32, stride 2) + BN + ReLU over frames, GlobalAveragePooling1D, Dense softmax(10); model.export")
def b_kws_logmel(out):
    mel = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 4000.0)

    class LogMel(L.Layer):
        def call(self, w):
            p = tf.math.square(tf.abs(tf.signal.stft(w, 400, 160, fft_length=512)))
            return tf.math.log(tf.tensordot(p, mel, 1) + 1e-6)
    i = keras.Input((8000,))
    x = LogMel()(i)
    for _ in range(2):
        x = L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 3, strides=2, padding="same")(x)))
    _head(i, L.GlobalAveragePooling1D()(x), 10, "softmax", out)


@model("n_kws_int8_features_sepconv1d", "keras-export",
       "keyword spotting on pre-quantized features: int8 [1,49,40] fixed batch -> custom layer cast + dequantize ((q + 128) * 0.1), Conv1D(32,3) + BN + ReLU, 3x SeparableConv1D + BN + ReLU (first stride 2), GlobalAveragePooling1D, Dense softmax(12); model.export with input_signature [1,49,40] int8")
def b_kws_int8(out):
    i = keras.Input((49, 40), batch_size=1, dtype="int8")
    x = _fn_layer(lambda q: (tf.cast(q, tf.float32) + 128.0) * 0.1, name="dequantize")(i)
    x = L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 3, padding="same")(x)))
    for s in (2, 1, 1):
        x = L.ReLU()(L.BatchNormalization()(L.SeparableConv1D(32, 3, strides=s, padding="same")(x)))
    _head(i, L.GlobalAveragePooling1D()(x), 12, "softmax", out, sig=[tensor_spec([1, 49, 40], "int8", "features")])


@model("n_vad_frame_gru_dynamic", "keras-export",
       "frame-level voice activity detection: float features [None,None,24] (dynamic frame count) -> Dense relu, GRU(32, return_sequences), Dense sigmoid per frame; second output AveragePooling1D(5, stride 1, same) smoothing of the frame probabilities; model.export")
def b_vad(out):
    i = keras.Input((None, 24))
    p = L.Dense(1, activation="sigmoid")(L.GRU(32, return_sequences=True)(L.Dense(32, activation="relu")(i)))
    keras_export(keras.Model(i, [p, L.AveragePooling1D(5, strides=1, padding="same")(p)]), out)


@model("n_pitch_raw_waveform_strided_conv1d", "saved-model",
       "CREPE-like pitch model: raw waveform float [None,1024,1] -> Conv1D(16, 64, stride 4) + BN + ReLU, MaxPooling1D, Conv1D(32, 8) + BN + ReLU, MaxPooling1D, Conv1D(32,3) relu, GlobalAveragePooling1D, Dense sigmoid(48 pitch bins); tf.saved_model.save of the Keras model")
def b_pitch(out):
    i = keras.Input((1024, 1))
    x = L.MaxPooling1D(2)(L.ReLU()(L.BatchNormalization()(L.Conv1D(16, 64, strides=4, padding="same")(i))))
    x = L.MaxPooling1D(2)(L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 8, padding="same")(x))))
    x = L.GlobalAveragePooling1D()(L.Conv1D(32, 3, activation="relu")(x))
    tf.saved_model.save(keras.Model(i, L.Dense(48, activation="sigmoid")(x)), str(out))


@model("n_denoise_unet1d", "keras-export",
       "speech denoiser 1D U-Net: noisy waveform float [None,1024,1] -> 3 encoder levels (Conv1D + LeakyReLU, Conv1D stride 2), bottleneck Conv1D, decoder Conv1DTranspose(stride 2) + Concatenate skips + Conv1D, Conv1D(1, tanh), Add with the input; model.export")
def b_unet1d(out):
    i = x = keras.Input((1024, 1))
    skips = []
    for f in (8, 16, 32):
        x = L.LeakyReLU(0.2)(L.Conv1D(f, 9, padding="same")(x))
        skips.append(x)
        x = L.LeakyReLU(0.2)(L.Conv1D(f, 9, strides=2, padding="same")(x))
    x = L.LeakyReLU(0.2)(L.Conv1D(32, 9, padding="same")(x))
    for f, s in zip((32, 16, 8), reversed(skips)):
        x = L.Concatenate()([L.Conv1DTranspose(f, 9, strides=2, padding="same")(x), s])
        x = L.LeakyReLU(0.2)(L.Conv1D(f, 9, padding="same")(x))
    keras_export(keras.Model(i, L.Add()([i, L.Conv1D(1, 1, activation="tanh")(x)])), out)


@model("n_audio_logmel_norm_frozen", "frozen-pb",
       "float waveform [1,4000] -> custom layer tf.signal.stft(256/128), abs, matmul with linear_to_mel_weight_matrix(32), tf.math.log1p, per-bin normalization with reduce_mean and tf.math.reduce_std over time; Conv1D x2, GlobalMaxPooling1D, Dense softmax(5); frozen GraphDef via convert_variables_to_constants_v2")
def b_logmel_frozen(out):
    mel = tf.signal.linear_to_mel_weight_matrix(32, 129, 8000, 40.0, 3800.0)

    class LogMelNorm(L.Layer):
        def call(self, w):
            m = tf.math.log1p(tf.linalg.matmul(tf.abs(tf.signal.stft(w, 256, 128)), tf.broadcast_to(mel, [tf.shape(w)[0], 129, 32])))
            return (m - tf.reduce_mean(m, 1, keepdims=True)) / (tf.math.reduce_std(m, 1, keepdims=True) + 1e-5)
    i = keras.Input((4000,), batch_size=1)
    x = L.Conv1D(16, 3, activation="relu")(L.Conv1D(16, 3, activation="relu")(LogMelNorm()(i)))
    freeze_keras(keras.Model(i, L.Dense(5, activation="softmax")(L.GlobalMaxPooling1D()(x))), tensor_spec([1, 4000], name="waveform"), out)


@model("n_tempo_onset_autocorr_rfft", "tf-module",
       "tf.Module tempo estimator: waveform float [None,8000] -> stft(256/64) magnitude, log1p, spectral flux (relu of time difference, summed over bins), mean removal, autocorrelation via tf.signal.rfft(fft_length 2N) |X|^2 tf.signal.irfft, lags 1..64 normalized by lag 0; Dense MLP softmax(8 tempo classes) and int32 argmax lag")
def b_tempo(out):
    i = keras.Input((64,))
    mlp = keras.Model(i, L.Dense(8, activation="softmax")(L.Dense(32, activation="relu")(i)))

    @tf.function(input_signature=[tensor_spec([None, 8000], name="waveform")])
    def tempo(w):
        s = tf.math.log1p(tf.abs(tf.signal.stft(w, 256, 64)))
        env = tf.reduce_sum(tf.nn.relu(s[:, 1:] - s[:, :-1]), -1)
        env -= tf.reduce_mean(env, -1, keepdims=True)
        n = tf.shape(env)[1]
        spec = tf.signal.rfft(env, fft_length=[2 * n])
        ac = tf.signal.irfft(tf.cast(tf.math.real(spec * tf.math.conj(spec)), tf.complex64), fft_length=[2 * n])
        lags = ac[:, 1:65] / (ac[:, :1] + 1e-6)
        return {"probs": mlp(lags, training=False), "best_lag": tf.argmax(lags, -1, output_type=tf.int32) + 1}
    serve_module(out, {"mlp": mlp}, serving_default=tempo)


@model("n_int16_pcm_conv1d", "keras-export",
       "int16 PCM audio [None,16000] -> custom layer cast float / 32768, Reshape [16000,1], Conv1D(8, 80, stride 16) + ReLU, Conv1D(16, 3, stride 4) + ReLU, MaxPooling1D, GlobalAveragePooling1D, Dense softmax(6); model.export")
def b_int16(out):
    i = keras.Input((16000,), dtype="int16")
    x = L.Reshape((16000, 1))(_fn_layer(lambda t: tf.cast(t, tf.float32) / 32768.0, name="pcm_to_float")(i))
    x = L.Conv1D(16, 3, strides=4, activation="relu")(L.Conv1D(8, 80, strides=16, activation="relu")(x))
    _head(i, L.GlobalAveragePooling1D()(L.MaxPooling1D(2)(x)), 6, "softmax", out)


# ================================================================================ time series / sensors

@model("n_lstm_stacked_multistep_forecaster", "keras-export",
       "multi-step forecaster: float [None,48,4] -> LSTM(32, return_sequences), LSTM(16), Dense(24), Reshape [12,2]; model.export")
def b_lstm_fc(out):
    i = keras.Input((48, 4))
    x = L.Dense(24)(L.LSTM(16)(L.LSTM(32, return_sequences=True)(i)))
    keras_export(keras.Model(i, L.Reshape((12, 2))(x)), out)


@model("n_har_conv1d_dot_attention", "keras-export",
       "human activity recognition: accelerometer/gyro float [None,128,9] -> 2x Conv1D + BN + ReLU, keras Attention (dot-product self-attention), Add, LayerNormalization, GlobalAveragePooling1D, Dense softmax(6); model.export")
def b_har(out):
    i = x = keras.Input((128, 9))
    for _ in range(2):
        x = L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 5, padding="same")(x)))
    x = L.LayerNormalization()(L.Add()([x, L.Attention()([x, x])]))
    _head(i, L.GlobalAveragePooling1D()(x), 6, "softmax", out)


@model("n_lstm_autoencoder_anomaly_score", "keras-export",
       "sensor anomaly detector: float [None,32,5] -> LSTM(16), RepeatVector(32), LSTM(16, return_sequences), TimeDistributed Dense(5); outputs reconstruction and score = custom layer reduce_mean of tf.math.squared_difference over time and channels; model.export")
def b_lstm_ae(out):
    i = keras.Input((32, 5))
    r = L.TimeDistributed(L.Dense(5))(L.LSTM(16, return_sequences=True)(L.RepeatVector(32)(L.LSTM(16)(i))))
    score = _fn_layer(lambda a, b: tf.reduce_mean(tf.math.squared_difference(a, b), axis=[1, 2]), name="score")(i, r)
    keras_export(keras.Model(i, {"reconstruction": r, "score": score}), out)


@model("n_sensor_stats_sort_topk_argsort", "tf-module",
       "tf.Module: sensor window float [None,100,3] -> hand-made features (reduce_mean, tf.math.reduce_std, reduce_min/max, reduce_mean of squares, tf.sort along time with percentile slices at 10/50/90, tf.math.top_k(5) of abs values), Dense MLP softmax(4); also int32 channel ranking from tf.argsort of channel energy (DESCENDING) and the top-k peaks")
def b_stats(out):
    i = keras.Input((3 * 8 + 3 * 5,))
    mlp = keras.Model(i, L.Dense(4, activation="softmax")(L.Dense(32, activation="relu")(i)))

    @tf.function(input_signature=[tensor_spec([None, 100, 3], name="window")])
    def classify(x):
        srt = tf.sort(x, axis=1)
        peaks, _ = tf.math.top_k(tf.transpose(tf.abs(x), [0, 2, 1]), k=5)
        feats = tf.concat([tf.reduce_mean(x, 1), tf.math.reduce_std(x, 1), tf.reduce_min(x, 1), tf.reduce_max(x, 1),
                           srt[:, 10], srt[:, 50], srt[:, 90], tf.reduce_mean(tf.square(x), 1),
                           tf.reshape(peaks, [-1, 15])], -1)
        order = tf.argsort(tf.reduce_sum(tf.square(x), 1), axis=-1, direction="DESCENDING")
        return {"probs": mlp(feats, training=False), "channel_order": order, "peaks": peaks}
    serve_module(out, {"mlp": mlp}, serving_default=classify)


@model("n_imu_clip_by_norm_dilated_causal", "keras-export",
       "IMU gesture embedder: float [None,64,6] -> custom layer tf.clip_by_norm(axes=[2], 3.0) per timestep and tf.math.l2_normalize over time (axis 1); Conv1D causal with dilation 1/2/4 + ReLU, GlobalMaxPooling1D, Dense(16); outputs l2_normalize(axis -1) embedding [None,16] and Dense(5) logits; model.export")
def b_imu(out):
    i = keras.Input((64, 6))
    x = _fn_layer(lambda t: tf.math.l2_normalize(tf.clip_by_norm(t, 3.0, axes=[2]), axis=1), name="clip_norm")(i)
    for d in (1, 2, 4):
        x = L.Conv1D(24, 3, padding="causal", dilation_rate=d, activation="relu")(x)
    e = L.Dense(16)(L.GlobalMaxPooling1D()(x))
    emb = _fn_layer(lambda t: tf.math.l2_normalize(t, axis=-1), name="embedding")(e)
    keras_export(keras.Model(i, {"embedding": emb, "logits": L.Dense(5)(e)}), out)


@model("n_conv1d_gru_forecast_frozen", "frozen-pb",
       "float [1,32,3] -> Conv1D(16,3) relu, GRU(16), Dense(4) forecast; frozen GraphDef via convert_variables_to_constants_v2 (the GRU's while loop lowered to Enter/Merge/Switch/NextIteration/Exit ops; unconsumed placeholder nodes named unused_control_flow_input*)")
def b_gru_frozen(out):
    i = keras.Input((32, 3), batch_size=1)
    m = keras.Model(i, L.Dense(4)(L.GRU(16)(L.Conv1D(16, 3, activation="relu")(i))))
    freeze_keras(m, tensor_spec([1, 32, 3], name="series"), out)


@model("n_tf1_hand_lstm_builder_two_signatures", "tf1-saved-model",
       "TF1 graph via SavedModelBuilder: placeholder float [None,20,4] -> hand-written LSTM cell (one fused matmul, split into i/f/g/o gates, sigmoid/tanh) unrolled over 20 steps with tf.unstack, matmul head; signature_defs serving_default (forecast [None,3]) and encode (final h, c)")
def b_tf1_lstm(out):
    v1, rng = tf.compat.v1, _rng()
    with tf.Graph().as_default() as g, v1.Session(graph=g) as s:
        def var(name, shape):
            return v1.get_variable(name, shape, initializer=v1.constant_initializer(rng.normal(0, 0.2, shape).astype("float32")))
        x = v1.placeholder(tf.float32, [None, 20, 4], name="series")
        w, b = var("lstm/kernel", [4 + 16, 64]), var("lstm/bias", [64])
        h = c = tf.zeros([tf.shape(x)[0], 16])
        for xt in tf.unstack(x, axis=1):
            gi, gf, gg, go = tf.split(tf.nn.bias_add(tf.matmul(tf.concat([xt, h], 1), w), b), 4, axis=1)
            c = tf.sigmoid(gf + 1.0) * c + tf.sigmoid(gi) * tf.tanh(gg)
            h = tf.sigmoid(go) * tf.tanh(c)
        y = tf.matmul(h, var("head/w", [16, 3])) + var("head/b", [3])
        s.run(v1.global_variables_initializer())
        sig = v1.saved_model.predict_signature_def
        builder = v1.saved_model.Builder(str(out))
        builder.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
            "serving_default": sig({"series": x}, {"forecast": y}), "encode": sig({"series": x}, {"h": h, "c": c})})
        builder.save()


# ================================================================================ tabular / recommenders

@model("n_tabular_normalization_adapted", "keras-export",
       "tabular regression: float [None,12] -> Normalization adapted on seeded random data, Dense(32 relu), Dropout, Dense(16 relu), Dense(1); model.export")
def b_tab_norm(out):
    norm = L.Normalization()
    norm.adapt(_rng().normal(5, 3, (256, 12)).astype("float32"))
    i = keras.Input((12,))
    x = L.Dense(16, activation="relu")(L.Dropout(0.2)(L.Dense(32, activation="relu")(norm(i))))
    _head(i, x, 1, None, out)


@model("n_tabular_preprocessing_layers", "keras-export",
       "dict of inputs: age float [None,1] -> Discretization + CategoryEncoding(one_hot); zip string [None,1] -> Hashing(64) + Embedding + Flatten; device int64 [None,1] -> IntegerLookup(one_hot); tags int32 [None,5] -> CategoryEncoding(multi_hot, 20); income float [None,1] -> Normalization; Concatenate, Dense, sigmoid; model.export",
       ids={"*": 12, "device": 12, "tags": 20})
def b_tab_pre(out):
    age, zipc = keras.Input((1,), name="age"), keras.Input((1,), dtype="string", name="zip")
    dev, tags, inc = keras.Input((1,), dtype="int64", name="device"), keras.Input((5,), dtype="int32", name="tags"), keras.Input((1,), name="income")
    x = L.Concatenate()([
        L.CategoryEncoding(6, output_mode="one_hot")(L.Discretization(bin_boundaries=[18, 30, 45, 60, 75])(age)),
        L.Flatten()(L.Embedding(64, 4)(L.Hashing(64)(zipc))),
        L.IntegerLookup(vocabulary=list(range(10)), output_mode="one_hot")(dev),
        L.CategoryEncoding(20, output_mode="multi_hot")(tags),
        L.Normalization(mean=50000.0, variance=2.5e8)(inc)])
    _head({"age": age, "zip": zipc, "device": dev, "tags": tags, "income": inc}, L.Dense(16, activation="relu")(x), 1, "sigmoid", out)


@model("n_two_tower_retrieval_topk", "tf-module",
       "tf.Module two-tower retrieval: user tower (user_id int32 [None] -> Embedding(300,16), context float [None,4], Concatenate, Dense, l2_normalize), item tower (item_id int32 [None] -> Embedding(500,16), Dense, l2_normalize), a [500,32] tf.Variable of precomputed item vectors; signatures retrieve (matmul transpose_b, tf.math.top_k(10) -> scores, int32 item ids), user_embedding, item_embedding",
       ids={"*": 300, "user_id": 300, "item_id": 500})
def b_two_tower(out):
    u, c = keras.Input((), dtype="int32"), keras.Input((4,))
    uv = L.Dense(32)(L.Concatenate()([L.Embedding(300, 16)(u), c]))
    utower = keras.Model([u, c], _fn_layer(lambda t: tf.math.l2_normalize(t, -1))(uv))
    it = keras.Input((), dtype="int32")
    itower = keras.Model(it, _fn_layer(lambda t: tf.math.l2_normalize(t, -1))(L.Dense(32)(L.Embedding(500, 16)(it))))
    index = tf.Variable(itower(tf.range(500), training=False), name="item_index")

    @tf.function(input_signature=[tensor_spec([None], "int32", "user_id"), tensor_spec([None, 4], name="context")])
    def retrieve(user_id, context):
        scores, ids = tf.math.top_k(tf.linalg.matmul(utower([user_id, context], training=False), index, transpose_b=True), k=10)
        return {"scores": scores, "item_ids": ids}

    @tf.function(input_signature=[tensor_spec([None], "int32", "user_id"), tensor_spec([None, 4], name="context")])
    def user_embedding(user_id, context):
        return {"embedding": utower([user_id, context], training=False)}

    @tf.function(input_signature=[tensor_spec([None], "int32", "item_id")])
    def item_embedding(item_id):
        return {"embedding": itower(item_id, training=False)}
    serve_module(out, {"user": utower, "item": itower, "index": index}, serving_default=retrieve,
           user_embedding=user_embedding, item_embedding=item_embedding)


@model("n_embedding_bag_sum_mean", "keras-export",
       "two multi-valent id bags with 0 as padding: history int32 [None,10] (vocab 400) and genres int32 [None,6] (vocab 100) -> custom EmbeddingBag layers (weight table, tf.nn.embedding_lookup, padding mask, reduce_sum for one and mean for the other), Concatenate, Dense relu x2, sigmoid; model.export",
       ids={"*": 100, "history": 400, "genres": 100})
def b_embag(out):
    class EmbeddingBag(L.Layer):
        def __init__(self, n, d, mode, **kw):
            super().__init__(**kw)
            self.n, self.d, self.mode = n, d, mode

        def build(self, s):
            self.table = self.add_weight(shape=(self.n, self.d), initializer="uniform")

        def call(self, ids):
            m = tf.cast(ids > 0, tf.float32)[..., None]
            x = tf.reduce_sum(tf.nn.embedding_lookup(self.table, ids) * m, 1)
            return x if self.mode == "sum" else x / tf.maximum(tf.reduce_sum(m, 1), 1.0)
    h, g = keras.Input((10,), dtype="int32", name="history"), keras.Input((6,), dtype="int32", name="genres")
    x = L.Concatenate()([EmbeddingBag(400, 16, "sum")(h), EmbeddingBag(100, 8, "mean")(g)])
    _head([h, g], L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(x)), 1, "sigmoid", out)


@model("n_dcn_v2_cross_network", "keras-export",
       "DCN-v2 ranker: numeric float [None,16] + categorical int32 [None,3] (Embedding(50,8), Flatten) concatenated into x0; 3 custom cross layers x0 * (W x + b) + x in parallel with a Dense relu deep tower; Concatenate, Dense sigmoid; model.export",
       ids={"*": 50, "categorical": 50})
def b_dcn(out):
    class Cross(L.Layer):
        def __init__(self, dim):
            super().__init__()
            self.dense = L.Dense(dim)

        def call(self, x0, x):
            return x0 * self.dense(x) + x
    n, c = keras.Input((16,), name="numeric"), keras.Input((3,), dtype="int32", name="categorical")
    x0 = x = L.Concatenate()([n, L.Flatten()(L.Embedding(50, 8)(c))])
    for _ in range(3):
        x = Cross(40)(x0, x)
    deep = L.Dense(32, activation="relu")(L.Dense(32, activation="relu")(x0))
    _head([n, c], L.Concatenate()([x, deep]), 1, "sigmoid", out)


@model("n_factorization_machine_field_offsets", "keras-export",
       "factorization machine: int32 field-local ids [None,6] (each field 0..19) -> custom layer adding constant field offsets (tf.range * 20), tf.nn.embedding_lookup into [120,8] factors and [120,1] linear weights, pairwise term 0.5 * reduce_sum(square(sum v) - sum(square v)), bias, sigmoid; model.export",
       ids=20)
def b_fm(out):
    class FM(L.Layer):
        def build(self, s):
            self.v = self.add_weight(shape=(120, 8), initializer="random_normal")
            self.w = self.add_weight(shape=(120, 1), initializer="zeros")
            self.b = self.add_weight(shape=(1,), initializer="zeros")

        def call(self, ids):
            ids = ids + tf.range(6) * 20
            v = tf.nn.embedding_lookup(self.v, ids)
            pair = 0.5 * tf.reduce_sum(tf.square(tf.reduce_sum(v, 1)) - tf.reduce_sum(tf.square(v), 1), -1, keepdims=True)
            return tf.sigmoid(tf.reduce_sum(tf.nn.embedding_lookup(self.w, ids), 1) + pair + self.b)
    i = keras.Input((6,), dtype="int32")
    keras_export(keras.Model(i, FM()(i)), out)


@model("n_mmoe_softmax_gating_einsum", "keras-export",
       "multi-gate mixture of experts: float [None,20] -> Dense relu; custom MMoE layer with a [4,32,16] expert kernel applied by tf.einsum, 2 softmax gates (Dense), einsum combine; two task towers -> ctr and cvr sigmoid outputs; model.export")
def b_mmoe(out):
    class MMoE(L.Layer):
        def build(self, s):
            self.k = self.add_weight(shape=(4, s[-1], 16), initializer="glorot_uniform")
            self.gates = [L.Dense(4, activation="softmax") for _ in range(2)]

        def call(self, x):
            e = tf.nn.relu(tf.einsum("bd,edh->beh", x, self.k))
            return [tf.einsum("be,beh->bh", g(x), e) for g in self.gates]
    i = keras.Input((20,))
    t = MMoE()(L.Dense(32, activation="relu")(i))
    ctr, cvr = (L.Dense(1, activation="sigmoid", name=n)(L.Dense(8, activation="relu")(z)) for n, z in zip(("ctr", "cvr"), t))
    keras_export(keras.Model(i, {"ctr": ctr, "cvr": cvr}), out)


@model("n_wide_deep_hashed_crossing", "saved-model",
       "wide & deep: int64 [None,1] inputs cat_a/cat_b (HashedCrossing(64, one_hot) cross for the wide part; IntegerLookup + Embedding for the deep part) and float [None,8] numeric with pairwise ops.multiply feature crosses; wide Dense + deep Dense tower, Add, sigmoid; tf.saved_model.save of the Keras model",
       ids={"*": 30, "cat_a": 30, "cat_b": 30})
def b_widedeep(out):
    a, b = keras.Input((1,), dtype="int64", name="cat_a"), keras.Input((1,), dtype="int64", name="cat_b")
    num = keras.Input((8,), name="numeric")
    wide = L.Dense(1)(L.Concatenate()([L.HashedCrossing(64, output_mode="one_hot")((a, b)), num]))
    crosses = ops.multiply(num[:, :4], num[:, 4:])
    emb = [L.Flatten()(L.Embedding(31, 4)(L.IntegerLookup(vocabulary=list(range(30)))(t))) for t in (a, b)]
    deep = L.Dense(1)(L.Dense(16, activation="relu")(L.Concatenate()(emb + [num, crosses])))
    m = keras.Model({"cat_a": a, "cat_b": b, "numeric": num}, L.Activation("sigmoid")(L.Add()([wide, deep])))
    tf.saved_model.save(m, str(out))


@model("n_dlrm_pairwise_interaction", "keras-export",
       "DLRM-mini: dense_features float [None,13] -> bottom MLP to 8; sparse_ids int32 [None,4] (4 fields, one Embedding(400,8) with constant per-field offsets); custom interaction layer stacks [B,5,8], tf.linalg.matmul(transpose_b=True), tf.gather of the strict lower triangle (10 pairs), concat with bottom output; top MLP, sigmoid; model.export",
       ids={"*": 100, "sparse_ids": 100})
def b_dlrm(out):
    tri = [r * 5 + c for r in range(5) for c in range(r)]

    class Interact(L.Layer):
        def call(self, d, e):
            t = tf.concat([d[:, None], e], 1)
            z = tf.reshape(tf.linalg.matmul(t, t, transpose_b=True), [-1, 25])
            return tf.concat([d, tf.gather(z, tri, axis=1)], 1)
    d, s = keras.Input((13,), name="dense_features"), keras.Input((4,), dtype="int32", name="sparse_ids")
    bot = L.Dense(8, activation="relu")(L.Dense(16, activation="relu")(d))
    e = L.Embedding(400, 8)(_fn_layer(lambda t: t + tf.constant([0, 100, 200, 300]), name="field_offsets")(s))
    _head([d, s], L.Dense(16, activation="relu")(Interact()(bot, e)), 1, "sigmoid", out)


@model("n_listwise_ranker_log_softmax_argsort", "keras-export",
       "listwise ranker: float [None,10,8] candidate features -> per-item Dense relu + Dense(1) scores, squeeze; outputs tf.nn.log_softmax over the list, int32 ranking via tf.argsort(DESCENDING), int32 top item via argmax; model.export")
def b_listwise(out):
    i = keras.Input((10, 8))
    s = L.Reshape((10,))(L.Dense(1)(L.Dense(16, activation="relu")(i)))
    lsm = _fn_layer(lambda t: tf.nn.log_softmax(t, axis=-1), name="log_softmax")(s)
    rank = _fn_layer(lambda t: tf.argsort(t, axis=-1, direction="DESCENDING"), name="ranking")(s)
    top = _fn_layer(lambda t: tf.argmax(t, -1, output_type=tf.int32), name="top_item")(s)
    keras_export(keras.Model(i, {"log_probs": lsm, "ranking": rank, "top_item": top}), out)


@model("n_mf_export_archive_endpoints", "keras-export-archive",
       "matrix-factorization recommender (user Embedding(200,16), item Embedding(300,16), bias Embeddings, Dot, sigmoid) written with keras.export.ExportArchive: endpoints serve(user_id int32 [None], item_id int32 [None]) -> score and user_vectors(user_id) -> [None,16]",
       ids={"*": 200, "user_id": 200, "item_id": 300})
def b_archive(out):
    u, it = keras.Input((), dtype="int32", name="user_id"), keras.Input((), dtype="int32", name="item_id")
    ue, ie = L.Embedding(200, 16), L.Embedding(300, 16)
    dot = L.Dot(axes=1)([ue(u), ie(it)])
    score = L.Activation("sigmoid")(L.Add()([dot, L.Embedding(200, 1)(u), L.Embedding(300, 1)(it)]))
    m, users = keras.Model([u, it], score), keras.Model(u, ue(u))
    arch = keras.export.ExportArchive()
    arch.track(m)
    arch.track(users)
    arch.add_endpoint("serve", lambda user_id, item_id: m([user_id, item_id], training=False),
                      input_signature=[tensor_spec([None], "int32", "user_id"), tensor_spec([None], "int32", "item_id")])
    arch.add_endpoint("user_vectors", lambda user_id: users(user_id, training=False),
                      input_signature=[tensor_spec([None], "int32", "user_id")])
    arch.write_out(str(out), verbose=False)


# ================================================================================ math-heavy

@model("n_math_elementwise_zoo", "keras-export",
       "float [None,32] -> Dense(32), custom layer computing tf.math.squared_difference, rsqrt(abs+eps), pow(abs, 1.5), exp(-x^2), log1p(abs), expm1(clip_by_value), softplus, reciprocal(1+abs), sign*abs, maximum/minimum, tf.where(x>0), floormod(x, 1.0), Concatenate -> Dense(4); model.export")
def b_math_zoo(out):
    class Zoo(L.Layer):
        def call(self, x):
            a = tf.math.abs(x)
            return tf.concat([
                tf.math.squared_difference(x, 0.5), tf.math.rsqrt(a + 1e-3), tf.math.pow(a, 1.5), tf.math.exp(-tf.square(x)),
                tf.math.log1p(a), tf.math.expm1(tf.clip_by_value(x, -3.0, 3.0)), tf.math.softplus(x),
                tf.math.reciprocal(1.0 + a), tf.math.sign(x) * a, tf.math.maximum(x, 0.1 * x), tf.math.minimum(x, 1.0),
                tf.where(x > 0, x, tf.math.exp(x) - 1.0), tf.math.floormod(x, 1.0)], -1)
    i = keras.Input((32,))
    _head(i, Zoo()(L.Dense(32)(i)), 4, None, out)


@model("n_math_reductions_tiling_reflect", "keras-export",
       "float [None,8,6] -> custom layer: reduce_prod(sigmoid) over time, reduce_logsumexp over channels, tf.math.segment_sum over time with constant segment ids (transpose in/out), tf.linalg.matvec with a [6,6] weight, tf.tile, tf.repeat, tf.reverse, tf.roll, tf.pad REFLECT; flatten + Concatenate, Dense(3); model.export")
def b_math_red(out):
    class Red(L.Layer):
        def build(self, s):
            self.w = self.add_weight(shape=(6, 6), initializer="glorot_uniform")

        def call(self, x):
            B = tf.shape(x)[0]
            seg = tf.transpose(tf.math.segment_sum(tf.transpose(x, [1, 0, 2]), [0, 0, 1, 1, 2, 2, 3, 3]), [1, 0, 2])
            mv = tf.linalg.matvec(self.w, x)
            t = tf.tile(tf.reduce_mean(x, 1, keepdims=True), [1, 2, 1])
            r = tf.repeat(x[:, :4], 2, axis=1)
            v = tf.roll(tf.reverse(x, [1]), shift=2, axis=1) + mv + r
            p = tf.pad(x, [[0, 0], [2, 2], [0, 0]], mode="REFLECT")
            return tf.concat([tf.reduce_prod(tf.sigmoid(x), 1), tf.reduce_logsumexp(x, 2), tf.reshape(seg, [B, 24]),
                              tf.reshape(t, [B, 12]), tf.reshape(v, [B, 48]), tf.reshape(p, [B, 72])], -1)
    i = keras.Input((8, 6))
    _head(i, Red()(i), 3, None, out)


@model("n_multilabel_sigmoid_ce_loss_signature", "tf-module",
       "tf.Module multi-label tagger over float [None,24] (Dense relu x2, Dense(5) logits); signatures serving_default -> sigmoid probs and predicted labels (probs > 0.5 cast int32); loss(features, labels float [None,5]) -> per-example tf.nn.sigmoid_cross_entropy_with_logits mean and logits")
def b_sigce(out):
    i = keras.Input((24,))
    m = keras.Model(i, L.Dense(5)(L.Dense(32, activation="relu")(L.Dense(32, activation="relu")(i))))

    @tf.function(input_signature=[tensor_spec([None, 24], name="features")])
    def serve(x):
        p = tf.sigmoid(m(x, training=False))
        return {"probs": p, "labels": tf.cast(p > 0.5, tf.int32)}

    @tf.function(input_signature=[tensor_spec([None, 24], name="features"), tensor_spec([None, 5], name="labels")])
    def loss(x, y):
        z = m(x, training=False)
        return {"loss": tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z), -1), "logits": z}
    serve_module(out, {"model": m}, serving_default=serve, loss=loss)


@model("n_mixture_density_network_logprob", "keras-export",
       "mixture density network with inputs x float [None,4] and y float [None,1]: Dense tanh x2 -> mixture logits, means, log-sigmas (5 components); custom layer: tf.nn.log_softmax weights, exp sigmas, Gaussian log-density with squared_difference/pow/log, reduce_logsumexp -> log_prob, plus pi and sigma outputs; model.export")
def b_mdn(out):
    class MDN(L.Layer):
        def call(self, logit, mu, logsig, y):
            sig = tf.math.exp(logsig)
            lp = -0.5 * tf.math.squared_difference(y, mu) / tf.math.pow(sig, 2.0) - tf.math.log(sig) - 0.5 * np.log(2 * np.pi)
            return {"log_prob": tf.reduce_logsumexp(tf.nn.log_softmax(logit, -1) + lp, -1),
                    "pi": tf.nn.softmax(logit, -1), "sigma": sig}
    x, y = keras.Input((4,), name="x"), keras.Input((1,), name="y")
    h = L.Dense(32, activation="tanh")(L.Dense(32, activation="tanh")(x))
    keras_export(keras.Model([x, y], MDN()(L.Dense(5)(h), L.Dense(5)(h), L.Dense(5)(h), y)), out)


# ================================================================================ quantization-related / XLA

@model("n_qat_fake_quant_text_cls", "keras-export",
       "QAT-style text classifier: int32 ids [None,32] -> Embedding(800,16), custom FakeQuant layer (tf.quantization.fake_quant_with_min_max_vars, non-trainable min/max weights, 8 bit), GlobalAveragePooling1D, custom QuantDense (kernel through fake_quant_with_min_max_vars_per_channel narrow_range, output fake_quant), relu, Dense softmax(3); model.export",
       ids=800)
def b_qat_text(out):
    class FakeQuant(L.Layer):
        def build(self, s):
            self.lo = self.add_weight(shape=(), initializer=keras.initializers.Constant(-3.0), trainable=False)
            self.hi = self.add_weight(shape=(), initializer=keras.initializers.Constant(3.0), trainable=False)

        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_vars(x, self.lo, self.hi, num_bits=8)

    class QuantDense(L.Layer):
        def __init__(self, n, **kw):
            super().__init__(**kw)
            self.n, self.act = n, FakeQuant()

        def build(self, s):
            self.k = self.add_weight(shape=(s[-1], self.n), initializer="glorot_uniform")
            self.b = self.add_weight(shape=(self.n,), initializer="zeros")
            self.kmin = self.add_weight(shape=(self.n,), initializer=keras.initializers.Constant(-0.5), trainable=False)
            self.kmax = self.add_weight(shape=(self.n,), initializer=keras.initializers.Constant(0.5), trainable=False)

        def call(self, x):
            k = tf.quantization.fake_quant_with_min_max_vars_per_channel(self.k, self.kmin, self.kmax, narrow_range=True)
            return self.act(tf.matmul(x, k) + self.b)
    i = keras.Input((32,), dtype="int32")
    x = L.GlobalAveragePooling1D()(FakeQuant()(L.Embedding(800, 16)(i)))
    _head(i, L.ReLU()(QuantDense(16)(x)), 3, "softmax", out)


@model("n_float16_weights_module", "tf-module",
       "tf.Module MLP whose weights are float16 tf.Variables: serving_default float32 [None,10] -> tf.cast of each weight to float32, matmul + bias, relu, softmax(4); serve_fp16 float16 [None,10] -> the same math in float16, output cast to float32")
def b_fp16(out):
    rng = _rng()
    mod = tf.Module()
    mod.w1 = tf.Variable(rng.normal(0, 0.3, (10, 32)).astype("float16"), name="w1")
    mod.b1 = tf.Variable(np.zeros(32, "float16"), name="b1")
    mod.w2 = tf.Variable(rng.normal(0, 0.3, (32, 4)).astype("float16"), name="w2")
    mod.b2 = tf.Variable(np.zeros(4, "float16"), name="b2")

    def mlp(x, dt):
        h = tf.nn.relu(tf.matmul(x, tf.cast(mod.w1, dt)) + tf.cast(mod.b1, dt))
        return tf.nn.softmax(tf.matmul(h, tf.cast(mod.w2, dt)) + tf.cast(mod.b2, dt))

    @tf.function(input_signature=[tensor_spec([None, 10], name="x")])
    def serve(x):
        return {"probs": mlp(x, tf.float32)}

    @tf.function(input_signature=[tensor_spec([None, 10], "float16", name="x")])
    def serve_fp16(x):
        return {"probs": tf.cast(mlp(x, tf.float16), tf.float32)}
    mod.f_serve, mod.f_serve_fp16 = serve, serve_fp16
    tf.saved_model.save(mod, str(out), signatures={"serving_default": serve, "serve_fp16": serve_fp16})


@model("n_mixed_precision_conv_gru_text", "keras-export",
       "built under the mixed_float16 dtype policy (float16 compute, float32 variables): int32 ids [None,32] -> Embedding(500,32), Conv1D(32,5) relu, GRU(16), Dense(4, dtype float32) softmax; model.export",
       ids=500)
def b_mixed(out):
    keras.config.set_dtype_policy("mixed_float16")
    try:
        i = keras.Input((32,), dtype="int32")
        x = L.GRU(16)(L.Conv1D(32, 5, activation="relu")(L.Embedding(500, 32)(i)))
        m = keras.Model(i, L.Dense(4, activation="softmax", dtype="float32")(x))
    finally:
        keras.config.set_dtype_policy("float32")
    keras_export(m, out)


@model("n_tf1_fake_quant_mlp_frozen", "frozen-pb",
       "TF1 graph frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder float [1,40] -> fake_quant_with_min_max_args on the input, 2 matmul layers with weights through fake_quant_with_min_max_vars(narrow_range) with min/max variables (frozen to constants), relu6, fake_quant on activations, softmax(4)")
def b_tf1_fq(out):
    v1, rng = tf.compat.v1, _rng()
    with tf.Graph().as_default() as g, v1.Session(graph=g) as s:
        def var(name, val):
            return v1.get_variable(name, initializer=np.asarray(val, "float32"))
        x = v1.placeholder(tf.float32, [1, 40], name="features")
        h = tf.quantization.fake_quant_with_min_max_args(x, min=-4.0, max=4.0)
        for k, (n_in, n_out) in enumerate(((40, 32), (32, 4))):
            w = tf.quantization.fake_quant_with_min_max_vars(var(f"w{k}", rng.normal(0, 0.2, (n_in, n_out))), var(f"wmin{k}", -0.8),
                                                             var(f"wmax{k}", 0.8), narrow_range=True)
            h = tf.matmul(h, w) + var(f"b{k}", np.zeros(n_out))
            if k == 0:
                h = tf.quantization.fake_quant_with_min_max_vars(tf.nn.relu6(h), var("amin", 0.0), var("amax", 6.0))
        tf.nn.softmax(h, name="probs")
        s.run(v1.global_variables_initializer())
        gd = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), ["probs"])
    out.write_bytes(gd.SerializeToString())


@model("n_xla_jit_gru_forecaster", "tf-module",
       "tf.Module whose signatures are tf.function(jit_compile=True) over a Conv1D(16,3) + GRU(16) + Dense(6) forecaster: serving_default float [None,24,3] and serve_batch8 float [8,24,3] (static batch)")
def b_xla(out):
    i = keras.Input((24, 3))
    m = keras.Model(i, L.Dense(6)(L.GRU(16)(L.Conv1D(16, 3, activation="relu")(i))))

    @tf.function(jit_compile=True, input_signature=[tensor_spec([None, 24, 3], name="series")])
    def serve(x):
        return {"forecast": m(x, training=False)}

    @tf.function(jit_compile=True, input_signature=[tensor_spec([8, 24, 3], name="series")])
    def serve_batch8(x):
        return {"forecast": m(x, training=False)}
    serve_module(out, {"model": m}, serving_default=serve, serve_batch8=serve_batch8)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


def _dummy(spec, key, name):
    rng = np.random.default_rng(0)
    dims = spec.shape.as_list() if spec.shape.rank is not None else [None, None]
    shape = [(2 if k == 0 else DYN.get(name, 16)) if d is None else d for k, d in enumerate(dims)]
    if spec.dtype == tf.string:
        return tf.fill(shape, "94110")
    if spec.dtype.is_floating:
        return tf.constant(rng.random(shape), spec.dtype)
    if spec.dtype == tf.bool:
        return tf.constant(rng.random(shape) > 0.5)
    if spec.dtype in (tf.int32, tf.int64):
        ids = IDS.get(name, {})
        rng_ = ids.get(key, ids.get("*"))
        if rng_ is None:
            raise RuntimeError(f"no id range for integer input {key!r}")
        lo, hi = rng_ if isinstance(rng_, tuple) else (0, rng_)
        return tf.constant(rng.integers(lo, hi, shape), spec.dtype)
    return tf.constant(rng.integers(spec.dtype.min, spec.dtype.max, shape, endpoint=True), spec.dtype)


def _check(name: str) -> str:
    """Load a built model and run each signature (or, for a .pb, every sink node) once on dummy inputs."""
    p = _path(name)
    if p.suffix == ".pb":
        g = tf.Graph()
        with g.as_default():
            tf.graph_util.import_graph_def(tf.compat.v1.GraphDef.FromString(p.read_bytes()), name="")
        used = {i.op.name for o in g.get_operations() for i in o.inputs}
        outs = [o.outputs[0] for o in g.get_operations() if o.name not in used and o.outputs]
        # fetch the graph's sinks, leaving out placeholders and nodes inside lowered while-loop frames
        outs = [t for t in outs if t.op.type != "Placeholder" and "while/" not in t.op.name and not t.op.name.startswith("Func/")]
        feed = {o.outputs[0]: _dummy(tf.TensorSpec(o.outputs[0].shape, o.outputs[0].dtype), o.name, name).numpy()
                for o in g.get_operations() if o.type == "Placeholder" and o.name in used}
        with tf.compat.v1.Session(graph=g) as s:
            return str([r.shape for r in s.run(outs, feed)])
    m = tf.saved_model.load(str(p))
    if not m.signatures:
        raise RuntimeError("no signatures")
    ran = []
    for sig, fn in m.signatures.items():
        res = fn(**{k: _dummy(v, k, name) for k, v in fn.structured_input_signature[1].items()})
        ran.append(f"{sig}: " + ", ".join(f"{k}{list(v.shape)}" for k, v in res.items()))
    return "; ".join(ran)


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
