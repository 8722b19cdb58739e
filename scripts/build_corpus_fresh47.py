"""Build an independently made corpus into bench/out/fresh47/: OCR, document and speech recognition models with sequence
decoding, the way mobile OCR / ASR projects export them. CRNN text-line recognizers (Conv2D + BatchNorm backbone over
grayscale 32xW lines, some with a None width, BiLSTM / BiGRU, Dense over 36 characters + blank), the Keras captcha-OCR
tutorial's prediction model, keras.ops.ctc_decode inside a Keras model; CTC decoding in the graph with
tf.nn.ctc_greedy_decoder and tf.nn.ctc_beam_search_decoder (sparse results densified with tf.sparse.to_dense) or written by
hand (argmax, collapse of repeats against a shifted copy, blank removal with tf.boolean_mask / tf.where + gather /
tf.ragged.boolean_mask densified by to_tensor, a tf.unique_with_counts character histogram); ids turned into text with
tf.gather on a constant string vocabulary + tf.strings.reduce_join, or with tf.lookup.StaticHashTable (and the inverse
encoding by tf.strings.unicode_split); a decoder stage fed sparse components (indices / values / dense_shape). Text
detection heads: a DB-net with probability / threshold / approximate-binary maps, a DB post-processing module on uint8
images (thresholding, max-pool dilation, tf.where pixel coordinates, a bounding box), EAST score + RBOX geometry decoded
and filtered by tf.image.non_max_suppression, a CRAFT-like region / affinity U-Net with None height and width. Speech: a
recognizer computing log-mel features in the graph (tf.signal.stft, linear_to_mel_weight_matrix, log) with a BiGRU and
greedy CTC to a transcript string, MFCCs (tf.signal.mfccs_from_log_mel_spectrograms) with beam search frozen to .pb,
DeepSpeech-style context windows by tf.signal.frame over None-length MFCC input, wav2letter Conv1D, a DS-CNN keyword
spotter, streaming keyword spotting with GRU state and Conv1D ring-buffer state signatures (and initial-state signatures
without inputs), and the TF1 speech_commands graph (DecodeWav on a string input, AudioSpectrogram, Mfcc). Attention
recognizers: Bahdanau attention with a Keras GRUCell and greedy decoding in a tf.while_loop stopping at EOS, a Luong
dot-attention hand-written LSTM decoder in a tf.while_loop frozen to .pb, a tiny Transformer decoder unrolled greedily in
Python. A license-plate reader with seven fixed character heads, an LPRNet-style uint8 plate reader producing a string,
handwriting recognizers on pen deltas (Conv1D + BiLSTM; raw ink normalized in the graph), a uint8 page layout
classifier, a layout segmentation U-Net with an argmax map, page orientation correction with tf.image.rot90 and text-line
180-degree flipping with tf.where, and post-processing with tf.edit_distance (lexicon correction on int ids, a character
error rate between string inputs). Exported as Keras 3 model.export (batch-1 signatures and None batch),
tf.saved_model.save of tf.Modules with explicit signatures (several where a project serves several), TF2 functions
frozen with convert_variables_to_constants_v2, and TF1 graph-mode graphs (get_variable layers, a statically unrolled
LSTM, a tf.scan GRU) frozen with graph_util.convert_variables_to_constants. Mostly float32 with small fixed shapes, some
None batch / width / time, uint8 images, int32 / int64 lengths and ids, string inputs (wav bytes, text). Seeded random
weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh47.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh47.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh47.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh47.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh47.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh47", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (lengths, ids in range, padded decoded ids, strings, wav bytes): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"  # OCR alphabet; the CTC blank is the last class (36)
NCLS = len(CHARS) + 1
ASR_CHARS = " abcdefghijklmnopqrstuvwxyz'"  # ASR alphabet; blank last (28)
NASR = len(ASR_CHARS) + 1
PLATE = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # plate characters (no I / O)


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


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names"""
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


def _v1_conv(x, name, cout, k=3):
    """TF1 conv layer: get_variable kernel (glorot) / zero biases, conv2d SAME + bias + relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b))


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / zero biases, matmul + bias, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _params(sizes, seed, name="mlp"):
    """dense layers kept as a list of (weight, bias) tf.Variables: glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype("float32"), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, "float32"), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _crnn_backbone(x, filters=(16, 32, 48, 64), bn=True):
    """CRNN conv stack on a [B,32,W,C] line: Conv 3x3 (+BN) + ReLU, pools (2,2) (2,2) (2,1) (4,1) -> height 1, width W/4;
    Reshape to the sequence [B,W/4,C]"""
    for f, p in zip(filters, ((2, 2), (2, 2), (2, 1), (4, 1))):
        x = L.Conv2D(f, 3, padding="same", use_bias=not bn)(x)
        x = L.ReLU()(L.BatchNormalization()(x) if bn else x)
        x = L.MaxPooling2D(p)(x)
    return L.Reshape((-1, filters[-1]), name="to_sequence")(x)


def _crnn(width=None, batch=None, rnn="lstm", units=32, classes=NCLS, dtype="float32", name="crnn", softmax=False):
    """a Keras CRNN: image [B,32,W,1] -> CRNN backbone -> Bidirectional LSTM / GRU -> Dense(classes) per time step"""
    inp = keras.Input((32, width, 1), batch_size=batch, dtype=dtype, name="image")
    x = _crnn_backbone(inp)
    x = L.Bidirectional((L.LSTM if rnn == "lstm" else L.GRU)(units, return_sequences=True), name="birnn")(x)
    return keras.Model(inp, L.Dense(classes, activation="softmax" if softmax else None, name="char_logits")(x), name=name)


def _greedy_collapse(logits, blank, lengths=None):
    """hand-written CTC best path for [B,T,C]: argmax, drop repeats (compare with the path shifted right, padded -1),
    drop blanks and steps past `lengths`; returns the path [B,T] and the keep mask [B,T]"""
    best = tf.argmax(logits, axis=-1, output_type=tf.int32)
    prev = tf.pad(best[:, :-1], [[0, 0], [1, 0]], constant_values=-1)
    keep = tf.logical_and(tf.not_equal(best, prev), tf.not_equal(best, blank))
    if lengths is not None:
        keep = tf.logical_and(keep, tf.sequence_mask(lengths, tf.shape(best)[1]))
    return best, keep


def _ids_to_text(sparse_ids, vocab):
    """decoded SparseTensor of class ids -> one string per row: tf.gather on a constant vocabulary, densify with "",
    tf.strings.reduce_join"""
    chars = tf.SparseTensor(sparse_ids.indices, tf.gather(tf.constant(list(vocab)), sparse_ids.values), sparse_ids.dense_shape)
    return tf.strings.reduce_join(tf.sparse.to_dense(chars, default_value=""), axis=-1)


def _log_mel(wave, frame=256, step=128, mels=32, sr=16000):
    """log-mel spectrogram in the graph: tf.signal.stft (hann), |.|^2, linear_to_mel_weight_matrix (20-4000 Hz), log"""
    mag = tf.abs(tf.signal.stft(wave, frame, step, frame))
    w = tf.signal.linear_to_mel_weight_matrix(mels, frame // 2 + 1, sr, 20.0, 4000.0)
    mel = tf.tensordot(tf.square(mag), w, 1)
    mel.set_shape(mag.shape[:-1].concatenate([mels]))
    return tf.math.log(mel + 1e-6)


def _text_lines(rng, b, w):
    """--check widths for a batch of text lines padded to `w` columns"""
    return rng.integers(w // 2, w + 1, b).astype("int32")


# ================================================================================ CRNN recognizers (Keras export)

@model("s47_crnn_bilstm_none_width_keras", "keras-export", "CRNN text-line recognizer for variable-length lines: image float [None,32,None,1] grayscale; Conv 16/32/48/64 + BatchNorm + ReLU, max pools (2,2)(2,2)(2,1)(4,1) to height 1, Reshape((-1,64)) to a W/4 sequence, Bidirectional LSTM(32), Dense(37) per-step logits (36 chars + blank) and a Softmax output; model.export (None batch and width)")
def b_crnn_none(out):
    base = _crnn()
    probs = L.Softmax(name="char_probs")(base.output)
    _export(keras.Model(base.input, {"logits": base.output, "probs": probs}), out)


@model("s47_crnn_bigru_batch1_fixed_width_keras", "keras-export", "mobile CRNN with a fixed input: image float [1,32,64,1] (batch 1), CRNN backbone to a 16-step sequence, Bidirectional GRU(32), Dense(37) softmax; model.export with a batch-1 signature")
def b_crnn_gru_fixed(out):
    _export(_crnn(width=64, batch=1, rnn="gru", softmax=True), out, fixed=True)


@model("s47_crnn_width_mask_int32_lengths_keras", "keras-export", "CRNN served on right-padded line batches: image float [None,32,None,1] and widths int32 [None]; Lambda computes time-step lengths widths // 4 and tf.sequence_mask, padded steps forced to the blank class with tf.where on one-hot blank logits; outputs log_probs (tf.nn.log_softmax) and seq_lengths int32; model.export")
def b_crnn_mask(out):
    base = _crnn(units=24)
    widths = keras.Input((), dtype="int32", name="widths")

    def mask_pad(t):
        logits, w = t
        lengths = w // 4
        valid = tf.sequence_mask(lengths, tf.shape(logits)[1])[..., None]
        blank = tf.one_hot(NCLS - 1, NCLS, on_value=10.0, off_value=-10.0)
        return tf.nn.log_softmax(tf.where(valid, logits, blank))
    log_probs = L.Lambda(mask_pad, output_shape=(None, NCLS), name="log_probs")([base.output, widths])
    lens = L.Lambda(lambda w: w // 4, output_shape=(), name="seq_lengths")(widths)
    _export(keras.Model([base.input, widths], {"log_probs": log_probs, "seq_lengths": lens}), out)


FEEDS["s47_crnn_width_mask_int32_lengths_keras"] = lambda rng: {"widths": _text_lines(rng, 2, 32)}


@model("s47_captcha_ocr_tutorial_prediction_model_keras", "keras-export", "the Keras 'OCR model for reading captchas' tutorial prediction model: image float [None,64,16,1] (width-major, transposed captcha); Conv2D 32 / 64 he_normal relu with 2x2 max pools, Reshape((16,256)), Dense 64 relu, Dropout, Bidirectional LSTM 32 and 16 (dropout 0.25) returning sequences, Dense(len(vocab)+2) softmax named dense2; the CTC loss layer and label input dropped; model.export")
def b_captcha(out):
    img = keras.Input((64, 16, 1), name="image")
    x = L.Conv2D(32, 3, activation="relu", kernel_initializer="he_normal", padding="same", name="Conv1")(img)
    x = L.MaxPooling2D((2, 2), name="pool1")(x)
    x = L.Conv2D(64, 3, activation="relu", kernel_initializer="he_normal", padding="same", name="Conv2")(x)
    x = L.MaxPooling2D((2, 2), name="pool2")(x)
    x = L.Reshape((16, 4 * 64), name="reshape")(x)
    x = L.Dropout(0.2)(L.Dense(64, activation="relu", name="dense1")(x))
    x = L.Bidirectional(L.LSTM(32, return_sequences=True, dropout=0.25))(x)
    x = L.Bidirectional(L.LSTM(16, return_sequences=True, dropout=0.25))(x)
    _export(keras.Model(img, L.Dense(20 + 2, activation="softmax", name="dense2")(x), name="ocr_model_v1"), out)


@model("s47_keras_ops_ctc_decode_inside_model", "keras-export", "CRNN with greedy decoding inside the Keras model: image float [None,32,64,1], CRNN backbone + BiLSTM(24) + Dense(37) softmax (blank at index 0), Lambda keras.ops.ctc_decode(strategy='greedy', mask_index=0) over full-length sequences; outputs decoded int32 [None,16] padded with -1, log_prob and probs; model.export")
def b_keras_ctc_decode(out):
    base = _crnn(width=64, units=24, softmax=True)

    def decode(p):
        lengths = tf.fill([tf.shape(p)[0]], tf.shape(p)[1])
        decoded, log_prob = keras.ops.ctc_decode(p, lengths, strategy="greedy", mask_index=0)
        return decoded[0], log_prob
    decoded, log_prob = L.Lambda(decode, output_shape=[(None, 16), (None, 1)], name="ctc_decode")(base.output)
    _export(keras.Model(base.input, {"decoded": decoded, "log_prob": log_prob, "probs": base.output}), out)


# ================================================================================ CTC decoding in tf.Modules

@model("s47_crnn_ctc_greedy_decoder_widths_module", "tf-module", "CRNN with tf.nn.ctc_greedy_decoder in the serving graph: image float [None,32,None,1] and widths int32 [None]; Keras CRNN (BiLSTM 32) logits transposed time-major, sequence_length = widths // 4, decoded SparseTensor densified by tf.sparse.to_dense(-1); outputs decoded int64 [None,None], neg_sum_logits, logits; second signature logits_only(image)")
def b_greedy_widths(out):
    net = _crnn()

    @tf.function(input_signature=[tensor_spec([None, 32, None, 1], name="image"), tensor_spec([None], "int32", "widths")])
    def serve(image, widths):
        logits = net(image, training=False)
        decoded, neg = tf.nn.ctc_greedy_decoder(tf.transpose(logits, [1, 0, 2]), widths // 4)
        return {"decoded": tf.sparse.to_dense(decoded[0], default_value=-1), "neg_sum_logits": neg, "logits": logits}

    @tf.function(input_signature=[tensor_spec([None, 32, None, 1], name="image")])
    def logits_only(image):
        return {"logits": net(image, training=False)}
    _save(out, {"net": net}, serving_default=serve, logits_only=logits_only)


FEEDS["s47_crnn_ctc_greedy_decoder_widths_module"] = lambda rng: {"widths": _text_lines(rng, 2, 32)}


@model("s47_crnn_ctc_beam_search_top2_module", "tf-module", "CRNN with tf.nn.ctc_beam_search_decoder (beam_width 8, top_paths 2) in the graph: image float [1,32,64,1]; Keras CRNN with BiGRU(32), tf.nn.log_softmax, time-major transpose, fixed sequence_length 16; both paths densified by tf.sparse.to_dense(-1) with the dense shape [1,16] forced by tf.sparse.reset_shape; outputs best_path, second_path, log_probabilities [1,2]")
def b_beam(out):
    net = _crnn(width=64, rnn="gru")

    @tf.function(input_signature=[tensor_spec([1, 32, 64, 1], name="image")])
    def serve(image):
        logp = tf.nn.log_softmax(net(image, training=False))
        paths, log_probs = tf.nn.ctc_beam_search_decoder(tf.transpose(logp, [1, 0, 2]), tf.fill([1], 16), beam_width=8, top_paths=2)
        dense = [tf.sparse.to_dense(tf.sparse.reset_shape(p, [1, 16]), default_value=-1) for p in paths]
        return {"best_path": dense[0], "second_path": dense[1], "log_probabilities": log_probs}
    _save(out, {"net": net}, serving_default=serve)


@model("s47_ctc_manual_collapse_boolean_mask_batch1", "tf-module", "batch-1 recognizer with hand-written greedy CTC as in many mobile OCR repos: image float [1,32,None,1]; Keras CRNN logits, tf.argmax, repeats dropped by comparing with the path shifted right (tf.pad -1), blank (36) dropped, tf.boolean_mask of the flat path -> text_ids int32 [None] (variable length), per-step max softmax confidence and their tf.reduce_prod as line confidence")
def b_manual_collapse(out):
    net = _crnn(units=24)

    @tf.function(input_signature=[tensor_spec([1, 32, None, 1], name="image")])
    def serve(image):
        logits = net(image, training=False)
        best, keep = _greedy_collapse(logits, NCLS - 1)
        conf = tf.boolean_mask(tf.reduce_max(tf.nn.softmax(logits), -1)[0], keep[0])
        return {"text_ids": tf.boolean_mask(best[0], keep[0]), "char_confidence": conf, "line_confidence": tf.reduce_prod(conf)}
    _save(out, {"net": net}, serving_default=serve)


@model("s47_ctc_collapse_where_gather_unique_counts", "tf-module", "best-path CTC written with tf.where + gather: image float [1,32,64,1]; Keras CRNN argmax path [16], change points tf.where(path != shifted path) gathered, blanks removed by a second tf.where + tf.gather; tf.unique_with_counts over the decoded ids gives a character histogram (unique ids, counts); outputs text_ids int32 [None], unique_ids, counts, num_chars")
def b_unique_counts(out):
    net = _crnn(width=64, units=24)

    @tf.function(input_signature=[tensor_spec([1, 32, 64, 1], name="image")])
    def serve(image):
        path = tf.argmax(net(image, training=False)[0], axis=-1, output_type=tf.int32)
        change = tf.concat([[True], tf.not_equal(path[1:], path[:-1])], axis=0)
        runs = tf.gather(path, tf.where(change)[:, 0])
        ids = tf.gather(runs, tf.where(tf.not_equal(runs, NCLS - 1))[:, 0])
        uniq, _, counts = tf.unique_with_counts(ids)
        return {"text_ids": ids, "unique_ids": uniq, "counts": counts, "num_chars": tf.size(ids)}
    _save(out, {"net": net}, serving_default=serve)


@model("s47_ctc_ragged_boolean_mask_to_dense_module", "tf-module", "batched hand-written greedy CTC with a ragged intermediate densified for serving: image float [None,32,None,1], lengths int32 [None] (time steps); argmax / repeat / blank / tf.sequence_mask keep mask, tf.ragged.boolean_mask -> RaggedTensor, .to_tensor(default_value=-1), row_lengths as text_lengths int64; also the raw argmax path")
def b_ragged(out):
    net = _crnn(rnn="gru", units=24)

    @tf.function(input_signature=[tensor_spec([None, 32, None, 1], name="image"), tensor_spec([None], "int32", "lengths")])
    def serve(image, lengths):
        best, keep = _greedy_collapse(net(image, training=False), NCLS - 1, lengths)
        rag = tf.ragged.boolean_mask(best, keep)
        return {"text_ids": rag.to_tensor(default_value=-1), "text_lengths": rag.row_lengths(), "best_path": best}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s47_ctc_ragged_boolean_mask_to_dense_module"] = lambda rng: {"lengths": rng.integers(3, 9, 2)}


@model("s47_crnn_ctc_gather_vocab_reduce_join", "tf-module", "CRNN returning text strings: image float [None,32,64,1]; Keras CRNN, tf.nn.ctc_greedy_decoder (time-major, full length), decoded SparseTensor values mapped to characters by tf.gather on a constant 36-character string tensor, tf.sparse.to_dense with '' and tf.strings.reduce_join -> text string [None]; also a per-line score exp(-neg_sum_logits / 16)")
def b_reduce_join(out):
    net = _crnn(width=64)

    @tf.function(input_signature=[tensor_spec([None, 32, 64, 1], name="image")])
    def serve(image):
        logits = net(image, training=False)
        decoded, neg = tf.nn.ctc_greedy_decoder(tf.transpose(logits, [1, 0, 2]), tf.fill([tf.shape(logits)[0]], 16))
        return {"text": _ids_to_text(decoded[0], CHARS), "score": tf.exp(-neg[:, 0] / 16.0)}
    _save(out, {"net": net}, serving_default=serve)


@model("s47_ctc_static_hashtable_encode_decode", "tf-module", "recognizer with character tables: serving_default(image float [1,32,64,1]) decodes with tf.nn.ctc_greedy_decoder and maps int64 ids to characters through a tf.lookup.StaticHashTable (KeyValueTensorInitializer, default '?'), reduce_join -> text; encode(text string [None]) splits labels with tf.strings.unicode_split, looks up ids in a string->int64 StaticHashTable (default -1), ragged to_tensor -> label_ids and label_length, as a training-data signature")
def b_hashtable(out):
    net = _crnn(width=64, units=24)
    keys = tf.constant(np.arange(len(CHARS), dtype="int64"))
    id2char = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(keys, tf.constant(list(CHARS))), "?")
    char2id = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(tf.constant(list(CHARS)), keys), -1)

    @tf.function(input_signature=[tensor_spec([1, 32, 64, 1], name="image")])
    def serve(image):
        logits = net(image, training=False)
        decoded, _ = tf.nn.ctc_greedy_decoder(tf.transpose(logits, [1, 0, 2]), [16])
        chars = tf.sparse.to_dense(tf.SparseTensor(decoded[0].indices, id2char.lookup(decoded[0].values), decoded[0].dense_shape), "")
        return {"text": tf.strings.reduce_join(chars, axis=-1), "ids": tf.sparse.to_dense(decoded[0], default_value=-1)}

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def encode(text):
        ids = char2id.lookup(tf.strings.unicode_split(tf.strings.lower(text), "UTF-8"))
        return {"label_ids": ids.to_tensor(default_value=-1), "label_length": ids.row_lengths()}
    _save(out, {"net": net, "id2char": id2char, "char2id": char2id}, serving_default=serve, encode=encode)


FEEDS["s47_ctc_static_hashtable_encode_decode"] = {"encode/text": ["ab12", "X9z", "hello42"]}


# ================================================================================ frozen CRNN graphs

@model("s47_tf1_crnn_static_lstm_ctc_greedy_frozen", "frozen-pb", "TF1-era CRNN (CRNN_Tensorflow style) in tf.compat.v1 graph mode, frozen with graph_util.convert_variables_to_constants: placeholder input_image float [1,32,64,1]; get_variable conv 3x3 + relu layers with max_pool2d (2,2)(2,2)(2,1)(4,1), squeeze to 16 steps, a statically unrolled bidirectional LSTM (hand-written cell, 32 units each way), shared Dense to 37 logits time-major [16,1,37], tf.nn.ctc_greedy_decoder, sparse_tensor_to_dense(-1) named decoded; outputs decoded, neg_sum_logits, logits")
def b_tf1_crnn(out):
    v1 = tf.compat.v1

    def lstm(steps, name, units, reverse=False):
        with v1.variable_scope(name):
            w = v1.get_variable("kernel", [int(steps[0].shape[-1]) + units, 4 * units], initializer=v1.glorot_uniform_initializer())
            b = v1.get_variable("bias", [4 * units], initializer=v1.zeros_initializer())
        h = c = tf.zeros([1, units])
        outs = []
        for x in (steps[::-1] if reverse else steps):
            i, j, f, o = tf.split(tf.matmul(tf.concat([x, h], 1), w) + b, 4, axis=1)
            c = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(j)
            h = tf.sigmoid(o) * tf.tanh(c)
            outs.append(h)
        return outs[::-1] if reverse else outs

    def build():
        x = v1.placeholder(tf.float32, [1, 32, 64, 1], name="input_image")
        h = x
        for i, (c, p) in enumerate(((16, (2, 2)), (32, (2, 2)), (48, (2, 1)), (64, (4, 1)))):
            h = tf.nn.max_pool2d(_v1_conv(h, f"conv{i + 1}", c), p, p, "VALID")
        steps = tf.unstack(tf.squeeze(h, 1), axis=1)
        fw, bw = lstm(steps, "bilstm/fw", 32), lstm(steps, "bilstm/bw", 32, reverse=True)
        feats = tf.stack([tf.concat([a, b], 1) for a, b in zip(fw, bw)], axis=0)
        logits = tf.reshape(_v1_dense(tf.reshape(feats, [-1, 64]), "fc", NCLS), [16, 1, NCLS], name="logits")
        decoded, neg = tf.nn.ctc_greedy_decoder(logits, tf.fill([1], 16))
        return [v1.sparse_tensor_to_dense(decoded[0], default_value=-1, name="decoded"), tf.identity(neg, name="neg_sum_logits"), logits]
    _v1_freeze(out, build)


OUTPUTS["s47_tf1_crnn_static_lstm_ctc_greedy_frozen"] = ["decoded", "neg_sum_logits", "logits"]


@model("s47_tf1_crnn_scan_gru_ctc_beam_frozen", "frozen-pb", "TF1 CRNN for variable-width lines frozen with graph_util.convert_variables_to_constants: placeholders input_image float [1,32,None,1] and seq_len int32 [1]; get_variable convs + max pools, time-major sequence, a hand-written GRU run with tf.scan (weights read outside the loop), get_variable Dense to 37, tf.compat.v1.nn.ctc_beam_search_decoder (beam_width 5, top_paths 1) densified as decoded; plus a softmax probs output")
def b_tf1_scan(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [1, 32, None, 1], name="input_image")
        seq_len = v1.placeholder(tf.int32, [1], name="seq_len")
        h = x
        for i, (c, p) in enumerate(((16, (2, 2)), (32, (2, 2)), (32, (2, 1)), (48, (4, 1)))):
            h = tf.nn.max_pool2d(_v1_conv(h, f"conv{i + 1}", c), p, p, "VALID")
        seq = tf.transpose(tf.squeeze(h, 1), [1, 0, 2])  # [T,1,48]
        with v1.variable_scope("gru"):
            wg = tf.identity(v1.get_variable("gates_kernel", [48 + 32, 64], initializer=v1.glorot_uniform_initializer()))
            wc = tf.identity(v1.get_variable("candidate_kernel", [48 + 32, 32], initializer=v1.glorot_uniform_initializer()))

        def step(hp, xt):
            r, z = tf.split(tf.sigmoid(tf.matmul(tf.concat([xt, hp], 1), wg)), 2, axis=1)
            cand = tf.tanh(tf.matmul(tf.concat([xt, r * hp], 1), wc))
            return z * hp + (1.0 - z) * cand
        hs = tf.scan(step, seq, initializer=tf.zeros([1, 32]))
        logits = tf.reshape(_v1_dense(tf.reshape(hs, [-1, 32]), "fc", NCLS), [-1, 1, NCLS], name="logits")
        decoded, log_prob = v1.nn.ctc_beam_search_decoder(logits, seq_len, beam_width=5, top_paths=1)
        return [v1.sparse_tensor_to_dense(decoded[0], default_value=-1, name="decoded"), tf.identity(log_prob, name="log_prob"),
                tf.nn.softmax(logits, name="probs")]
    _v1_freeze(out, build)


OUTPUTS["s47_tf1_crnn_scan_gru_ctc_beam_frozen"] = ["decoded", "log_prob", "probs"]
FEEDS["s47_tf1_crnn_scan_gru_ctc_beam_frozen"] = {"seq_len": [8]}


@model("s47_tf2_crnn_greedy_confidence_frozen_v2", "frozen-pb", "TF2 CRNN serving function frozen with convert_variables_to_constants_v2 (the Keras BiLSTM's while loops lowered): image float [1,32,64,1]; logits, tf.nn.ctc_greedy_decoder densified (decoded), per-character confidence as softmax max over kept steps with tf.boolean_mask, line confidence reduce_mean")
def b_tf2_frozen(out):
    net = _crnn(width=64, units=24)

    def fn(image):
        logits = net(image, training=False)
        decoded, _ = tf.nn.ctc_greedy_decoder(tf.transpose(logits, [1, 0, 2]), [16])
        _, keep = _greedy_collapse(logits, NCLS - 1)
        conf = tf.boolean_mask(tf.reduce_max(tf.nn.softmax(logits), -1), keep)
        return (tf.identity(tf.sparse.to_dense(decoded[0], default_value=-1), name="decoded"),
                tf.identity(tf.reduce_mean(conf), name="confidence"))
    _freeze(fn, [tensor_spec([1, 32, 64, 1], name="image")], out)


OUTPUTS["s47_tf2_crnn_greedy_confidence_frozen_v2"] = ["decoded", "confidence"]


@model("s47_ctc_sparse_components_to_text_frozen_v2", "frozen-pb", "second stage of a two-stage OCR service frozen with convert_variables_to_constants_v2: the decoder's SparseTensor passed as components decoded_indices int64 [None,2], decoded_values int64 [None], decoded_shape int64 [2]; tf.SparseTensor, tf.sparse.to_dense(-1) as padded ids, values mapped by tf.gather on a constant vocabulary, reduce_join -> text strings, per-line lengths by tf.math.bincount of row indices")
def b_sparse_components(out):
    def fn(decoded_indices, decoded_values, decoded_shape):
        sp = tf.SparseTensor(decoded_indices, decoded_values, decoded_shape)
        lengths = tf.math.bincount(tf.cast(decoded_indices[:, 0], tf.int32), minlength=tf.cast(decoded_shape[0], tf.int32))
        return (tf.identity(tf.sparse.to_dense(sp, default_value=-1), name="text_ids"),
                tf.identity(_ids_to_text(sp, CHARS), name="text"), tf.identity(lengths, name="text_lengths"))
    _freeze(fn, [tensor_spec([None, 2], "int64", "decoded_indices"), tensor_spec([None], "int64", "decoded_values"),
                 tensor_spec([2], "int64", "decoded_shape")], out)


OUTPUTS["s47_ctc_sparse_components_to_text_frozen_v2"] = ["text_ids", "text", "text_lengths"]
FEEDS["s47_ctc_sparse_components_to_text_frozen_v2"] = {
    "decoded_indices": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [2, 0]], "decoded_values": [12, 4, 7, 30, 1, 35], "decoded_shape": [3, 3]}


# ================================================================================ text detection

@model("s47_dbnet_lite_prob_threshold_maps_keras", "keras-export", "DB-net (Differentiable Binarization) text detector, small: image float [None,64,64,3]; stride-2 stem and strided Conv+BN+ReLU stages (1/4..1/32), FPN with 1x1 laterals, nearest UpSampling2D and Add, fused 1/4 features concatenated; probability head and threshold head (Conv 3x3, BN, ReLU, two Conv2DTranspose x2, sigmoid); approximate binary map 1/(1+exp(-50(P-T))); outputs prob_map, thresh_map, binary_map [None,64,64,1]; model.export")
def b_dbnet(out):
    inp = keras.Input((64, 64, 3), name="image")
    x, feats = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(inp))), []
    for f in (16, 24, 32, 48):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=2, padding="same", use_bias=False)(x)))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(x)))
        feats.append(x)
    lat = [L.Conv2D(32, 1)(f) for f in feats]
    p = lat[3]
    outs = [p]
    for k in (2, 1, 0):
        p = L.Add()([L.UpSampling2D(2)(p), lat[k]])
        outs.append(p)
    fused = L.Concatenate()([L.UpSampling2D(2 ** (3 - i))(L.Conv2D(8, 3, padding="same")(o)) for i, o in enumerate(outs)])

    def head(name):
        h = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 3, padding="same", use_bias=False)(fused)))
        h = L.ReLU()(L.Conv2DTranspose(16, 2, strides=2)(h))
        return L.Conv2DTranspose(1, 2, strides=2, activation="sigmoid", name=name)(h)
    prob, thresh = head("prob_map"), head("thresh_map")
    binary = L.Lambda(lambda t: 1.0 / (1.0 + tf.exp(-50.0 * (t[0] - t[1]))), output_shape=(64, 64, 1), name="binary_map")([prob, thresh])
    _export(keras.Model(inp, {"prob_map": prob, "thresh_map": thresh, "binary_map": binary}), out)


@model("s47_dbnet_uint8_binarize_boxes_module", "tf-module", "DB text detector with post-processing in the serving graph: image uint8 [1,64,64,3] cast and normalized with ImageNet mean / std constants; small Keras encoder-decoder to a sigmoid probability map; binary = prob > 0.3, dilation by tf.nn.max_pool2d 3x3, text pixel coordinates by tf.where (int64 [None,4]), a text bounding box from reduce_min / reduce_max of the coordinates (tf.cond on no text), text_ratio; outputs prob_map, binary_mask uint8, text_box int32 [4], num_text_pixels")
def b_db_post(out):
    inp = keras.Input((64, 64, 3))
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x)
    x = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    x = L.Conv2DTranspose(16, 2, strides=2, activation="relu")(x)
    net = keras.Model(inp, L.Conv2DTranspose(1, 2, strides=2, activation="sigmoid")(x))
    mean, std = np.array([0.485, 0.456, 0.406], "float32") * 255, np.array([0.229, 0.224, 0.225], "float32") * 255

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "image")])
    def serve(image):
        prob = net((tf.cast(image, tf.float32) - mean) / std, training=False)
        binary = tf.nn.max_pool2d(tf.cast(prob > 0.3, tf.float32), 3, 1, "SAME")
        coords = tf.where(binary > 0.5)
        box = tf.cond(tf.shape(coords)[0] > 0,
                      lambda: tf.cast(tf.concat([tf.reduce_min(coords[:, 1:3], 0), tf.reduce_max(coords[:, 1:3], 0)], 0), tf.int32),
                      lambda: tf.zeros([4], tf.int32))
        return {"prob_map": prob, "binary_mask": tf.cast(binary, tf.uint8), "text_box": box,
                "num_text_pixels": tf.shape(coords)[0], "text_ratio": tf.reduce_mean(binary)}
    _save(out, {"net": net}, serving_default=serve)


@model("s47_east_score_geometry_nms_module", "tf-module", "EAST scene-text detector with decoding in the graph: image float [1,64,64,3]; Keras U-shaped net to a 1/4 resolution score map (sigmoid) and RBOX geometry (4 distances * 64 + angle in [-pi/4, pi/4]); pixels with score > 0.5 found by tf.where, geometry gathered by tf.gather_nd, axis-aligned boxes rebuilt from distances, tf.image.non_max_suppression (max 16, IoU 0.3), padded to 16; outputs boxes [16,4], scores [16], angles [16], num_boxes, score_map")
def b_east(out):
    inp = keras.Input((64, 64, 3))
    c1 = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    c2 = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(c1)
    c3 = L.Conv2D(48, 3, strides=2, padding="same", activation="relu")(c2)
    u = L.Concatenate()([L.UpSampling2D(2, interpolation="bilinear")(c3), c2])
    u = L.Conv2D(32, 3, padding="same", activation="relu")(L.Conv2D(32, 1, activation="relu")(u))
    score = L.Conv2D(1, 1, activation="sigmoid", name="score")(u)
    dist = L.Conv2D(4, 1, activation="sigmoid", name="dist")(u)
    angle = L.Conv2D(1, 1, activation="sigmoid", name="angle")(u)
    net = keras.Model(inp, [score, dist, angle])

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(image):
        s, d, a = net(image, training=False)
        d, a = d * 64.0, (a - 0.5) * np.pi / 2
        idx = tf.where(s[0, ..., 0] > 0.5)
        sc, dd = tf.gather_nd(s[0, ..., 0], idx), tf.gather_nd(d[0], idx)
        yx = tf.cast(idx, tf.float32) * 4.0
        boxes = tf.stack([yx[:, 0] - dd[:, 0], yx[:, 1] - dd[:, 3], yx[:, 0] + dd[:, 2], yx[:, 1] + dd[:, 1]], axis=1)
        keep = tf.image.non_max_suppression(boxes, sc, 16, iou_threshold=0.3)
        n = tf.shape(keep)[0]
        pad = lambda t: tf.pad(t, [[0, 16 - n]] + [[0, 0]] * (len(t.shape) - 1))  # noqa: E731
        return {"boxes": pad(tf.gather(boxes, keep)), "scores": pad(tf.gather(sc, keep)),
                "angles": pad(tf.gather(tf.gather_nd(a[0, ..., 0], idx), keep)), "num_boxes": n, "score_map": s}
    _save(out, {"net": net}, serving_default=serve)


@model("s47_craft_region_affinity_none_hw_keras", "keras-export", "CRAFT-like character-region detector accepting any image size: image float [None,None,None,3]; VGG-style Conv blocks with max pools, U-Net upsampling (Lambda tf.image.resize bilinear to the skip's tf.shape, as F.interpolate(size=...) does, Concatenate skips, Conv 1x1 / 3x3 + BN + ReLU), final convs to 2 channels at 1/2 resolution, sigmoid; outputs region_score and affinity_score [None,None,None,1] via Lambda slices; model.export (dynamic height and width)")
def b_craft(out):
    inp = keras.Input((None, None, 3), name="image")
    skips, x = [], inp
    for f in (16, 32, 48, 64):
        x = L.Conv2D(f, 3, padding="same", activation="relu")(x)
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x)))
        skips.append(x)
        x = L.MaxPooling2D(2)(x)
    x = L.Conv2D(64, 3, padding="same", activation="relu")(x)
    for s, f in zip(skips[:0:-1], (48, 32, 16)):
        up = L.Lambda(lambda t: tf.image.resize(t[0], tf.shape(t[1])[1:3]), output_shape=(None, None, x.shape[-1]))([x, s])
        x = L.Concatenate()([up, s])
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 1)(x)))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x)))
    x = L.Conv2D(16, 3, padding="same", activation="relu")(L.Conv2D(16, 3, padding="same", activation="relu")(x))
    y = L.Conv2D(2, 1, activation="sigmoid")(x)
    region = L.Lambda(lambda t: t[..., :1], output_shape=(None, None, 1), name="region_score")(y)
    affinity = L.Lambda(lambda t: t[..., 1:], output_shape=(None, None, 1), name="affinity_score")(y)
    _export(keras.Model(inp, {"region_score": region, "affinity_score": affinity}), out)


# ================================================================================ speech recognition

@model("s47_asr_logmel_stft_bigru_ctc_module", "tf-module", "tiny on-device speech recognizer with features in the graph: serving_default(waveform float [1,4000], 16 kHz) -> tf.signal.stft (256 / 128, hann), power, linear_to_mel_weight_matrix (32 mel, 20-4000 Hz), log; per-utterance mean / variance normalization; Keras Conv1D 32 k3 + Bidirectional GRU(32) + Dense(29) over ' a-z'' + blank; tf.nn.ctc_greedy_decoder -> transcript string (gather + reduce_join), logits; second signature from_features(log_mel float [1,None,32])")
def b_asr_logmel(out):
    feat = keras.Input((None, 32))
    x = L.Conv1D(32, 3, padding="same", activation="relu")(feat)
    x = L.Bidirectional(L.GRU(32, return_sequences=True))(x)
    net = keras.Model(feat, L.Dense(NASR)(x))

    def decode(log_mel):
        mu, var = tf.nn.moments(log_mel, axes=[1], keepdims=True)
        logits = net((log_mel - mu) * tf.math.rsqrt(var + 1e-5), training=False)
        decoded, _ = tf.nn.ctc_greedy_decoder(tf.transpose(logits, [1, 0, 2]), tf.shape(logits)[1:2])
        return {"transcript": _ids_to_text(decoded[0], ASR_CHARS), "logits": logits}

    @tf.function(input_signature=[tensor_spec([1, 4000], name="waveform")])
    def serve(waveform):
        return decode(_log_mel(waveform))

    @tf.function(input_signature=[tensor_spec([1, None, 32], name="log_mel")])
    def from_features(log_mel):
        return decode(log_mel)
    _save(out, {"net": net}, serving_default=serve, from_features=from_features)


FEEDS["s47_asr_logmel_stft_bigru_ctc_module"] = lambda rng: {"waveform": rng.uniform(-0.5, 0.5, (1, 4000))}


@model("s47_asr_deepspeech_context_frames_keras", "keras-export", "DeepSpeech-style acoustic model on precomputed MFCCs: features float [None,None,26] (batch and time dynamic); Lambda pads 9 frames each side and tf.signal.frame(19, 1) then reshapes to [B,T,494] context windows; Dense 64 + ReLU(max_value=20) x3, LSTM(64) returning sequences, Dense 64 clipped relu, Dense(29) softmax over characters + blank; model.export")
def b_deepspeech(out):
    inp = keras.Input((None, 26), name="features")

    def context(x):
        framed = tf.signal.frame(tf.pad(x, [[0, 0], [9, 9], [0, 0]]), 19, 1, axis=1)
        return tf.reshape(framed, [tf.shape(x)[0], tf.shape(x)[1], 19 * 26])
    x = L.Lambda(context, output_shape=(None, 19 * 26), name="context_window")(inp)
    for _ in range(3):
        x = L.ReLU(max_value=20.0)(L.Dense(64)(x))
    x = L.LSTM(64, return_sequences=True)(x)
    x = L.ReLU(max_value=20.0)(L.Dense(64)(x))
    _export(keras.Model(inp, L.Dense(NASR, activation="softmax", name="char_probs")(x)), out)


@model("s47_asr_mfcc_ctc_beam_frozen_v2", "frozen-pb", "small command / digit recognizer frozen with convert_variables_to_constants_v2: waveform float [1,4000]; stft, 40-band log-mel, tf.signal.mfccs_from_log_mel_spectrograms (13 coefficients), Keras Conv1D 32 k5 + Conv1D 32 k3 + Dense(29) log_softmax; tf.nn.ctc_beam_search_decoder (beam 8, top_paths 2) with full length; outputs top1 / top2 dense ids and log_probs")
def b_asr_mfcc(out):
    feat = keras.Input((None, 13))
    x = L.Conv1D(32, 5, padding="same", activation="relu")(feat)
    x = L.Conv1D(32, 3, padding="same", activation="relu")(x)
    net = keras.Model(feat, L.Dense(NASR)(x))

    def fn(waveform):
        mfcc = tf.signal.mfccs_from_log_mel_spectrograms(_log_mel(waveform, mels=40))[..., :13]
        logp = tf.nn.log_softmax(net(mfcc, training=False))
        paths, log_probs = tf.nn.ctc_beam_search_decoder(tf.transpose(logp, [1, 0, 2]), tf.shape(logp)[1:2], beam_width=8, top_paths=2)
        return (tf.identity(tf.sparse.to_dense(paths[0], default_value=-1), name="top1"),
                tf.identity(tf.sparse.to_dense(paths[1], default_value=-1), name="top2"), tf.identity(log_probs, name="log_probs"))
    _freeze(fn, [tensor_spec([1, 4000], name="waveform")], out)


OUTPUTS["s47_asr_mfcc_ctc_beam_frozen_v2"] = ["top1", "top2", "log_probs"]
FEEDS["s47_asr_mfcc_ctc_beam_frozen_v2"] = lambda rng: {"waveform": rng.uniform(-0.5, 0.5, (1, 4000))}


@model("s47_wav2letter_conv1d_batch1_keras", "keras-export", "wav2letter-style all-convolutional acoustic model as shipped for microcontrollers / NPUs: mfcc float [1,64,39] (batch 1); Conv1D 48 k11 stride 2 + BN + ReLU6, four Conv1D 48 k7 + BN + ReLU6, Conv1D 64 k1, Conv1D 29 k1, Softmax -> [1,32,29]; model.export with a batch-1 signature")
def b_wav2letter(out):
    inp = keras.Input((64, 39), batch_size=1, name="mfcc")
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv1D(48, 11, strides=2, padding="same")(inp)))
    for _ in range(4):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv1D(48, 7, padding="same")(x)))
    x = L.ReLU(6.0)(L.Conv1D(64, 1)(x))
    _export(keras.Model(inp, L.Softmax(name="char_probs")(L.Conv1D(NASR, 1)(x))), out, fixed=True)


# ================================================================================ keyword spotting

@model("s47_kws_streaming_gru_state_signatures", "tf-module", "streaming keyword spotter with external state: serving_default = stream(frame float [1,1,40] log-mel frame, state [1,32]) runs a Keras GRU(32, return_state) one step from initial_state, Dense(12) softmax -> probs, new_state; full(features float [1,49,40]) runs the same GRU over a 1 s window -> probs; init_state() with no inputs -> zeros [1,32]")
def b_kws_stream_gru(out):
    gru, head = L.GRU(32, return_state=True), L.Dense(12, activation="softmax")
    gru(tf.zeros([1, 1, 40]), initial_state=[tf.zeros([1, 32])])
    head.build((1, 32))

    @tf.function(input_signature=[tensor_spec([1, 1, 40], name="frame"), tensor_spec([1, 32], name="state")])
    def stream(frame, state):
        y, h = gru(frame, initial_state=[state])
        return {"probs": head(y), "new_state": h}

    @tf.function(input_signature=[tensor_spec([1, 49, 40], name="features")])
    def full(features):
        y, _ = gru(features)
        return {"probs": head(y)}

    @tf.function(input_signature=[])
    def init_state():
        return {"state": tf.zeros([1, 32])}
    _save(out, {"gru": gru, "head": head}, serving_default=stream, full=full, init_state=init_state)


@model("s47_kws_ds_cnn_mfcc_batch1_keras", "keras-export", "DS-CNN keyword spotter (Hello Edge / ARM ML-KWS): mfcc float [1,49,10,1] (batch 1); Conv2D 32 (10,4) stride 2 + BN + ReLU, four depthwise-separable blocks (DepthwiseConv2D 3x3 + BN + ReLU, Conv2D 32 1x1 + BN + ReLU), AveragePooling2D over the map, Flatten, Dense(12) softmax; model.export with a batch-1 signature")
def b_ds_cnn(out):
    inp = keras.Input((49, 10, 1), batch_size=1, name="mfcc")
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, (10, 4), strides=2, padding="same")(inp)))
    for _ in range(4):
        x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(x)))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 1)(x)))
    x = L.Flatten()(L.AveragePooling2D((25, 5))(x))
    _export(keras.Model(inp, L.Dense(12, activation="softmax", name="labels_softmax")(x)), out, fixed=True)


@model("s47_kws_streaming_conv_ring_buffer_module", "tf-module", "streaming Conv1D keyword spotter with ring-buffer states (Google kws_streaming style, external state): serving_default(frame float [1,1,40], buffer1 [1,4,40], buffer2 [1,2,24], pool_state [1,24]) concatenates each buffer with the new input, a VALID Conv1D (k5 then k3) gives one output step, buffers shift by slicing; exponential-average pooling state, Dense(10) logits; returns logits and the three new states; reset() with no inputs returns zero states")
def b_ring(out):
    rng = np.random.default_rng(3)
    k1, k2 = (tf.Variable(rng.normal(0, 0.15, s).astype("float32"), name=n) for s, n in (((5, 40, 24), "conv1"), ((3, 24, 24), "conv2")))
    head = _params([24, 10], 4, name="head")

    @tf.function(input_signature=[tensor_spec([1, 1, 40], name="frame"), tensor_spec([1, 4, 40], name="buffer1"),
                                  tensor_spec([1, 2, 24], name="buffer2"), tensor_spec([1, 24], name="pool_state")])
    def stream(frame, buffer1, buffer2, pool_state):
        w1 = tf.concat([buffer1, frame], axis=1)
        y1 = tf.nn.relu(tf.nn.conv1d(w1, k1, 1, "VALID"))
        w2 = tf.concat([buffer2, y1], axis=1)
        y2 = tf.nn.relu(tf.nn.conv1d(w2, k2, 1, "VALID"))[:, 0]
        pool = 0.9 * pool_state + 0.1 * y2
        return {"logits": tf.matmul(pool, head[0][0]) + head[0][1], "buffer1_out": w1[:, 1:], "buffer2_out": w2[:, 1:], "pool_state_out": pool}

    @tf.function(input_signature=[])
    def reset():
        return {"buffer1": tf.zeros([1, 4, 40]), "buffer2": tf.zeros([1, 2, 24]), "pool_state": tf.zeros([1, 24])}
    _save(out, {"kernels": [k1, k2], "head": head}, serving_default=stream, reset=reset)


@model("s47_tf1_speech_commands_decode_wav_mfcc_frozen", "frozen-pb", "the TF1 speech_commands example graph frozen with graph_util.convert_variables_to_constants: placeholder wav_data string [] -> tf.audio.decode_wav (1 channel, 8000 samples, output decoded_sample_data), AudioSpectrogram (window 480, stride 160, magnitude squared), Mfcc (10 coefficients), fingerprint reshaped [1,48,10,1]; 'conv' model with get_variable convs (20x8 then 10x4, relu, max pool 2x2), Dense to 12 labels; labels_softmax output")
def b_speech_commands(out):
    v1 = tf.compat.v1

    def build():
        wav = v1.placeholder(tf.string, [], name="wav_data")
        audio, rate = tf.audio.decode_wav(wav, desired_channels=1, desired_samples=8000)
        audio = tf.identity(audio, name="decoded_sample_data")
        spec = tf.raw_ops.AudioSpectrogram(input=audio, window_size=480, stride=160, magnitude_squared=True)
        mfcc = tf.raw_ops.Mfcc(spectrogram=spec, sample_rate=rate, dct_coefficient_count=10)
        x = tf.reshape(mfcc, [1, 48, 10, 1])

        def conv(h, name, kh, kw, cout):
            with v1.variable_scope(name):
                w = v1.get_variable("weights", [kh, kw, int(h.shape[-1]), cout], initializer=v1.truncated_normal_initializer(stddev=0.01))
                b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
                return tf.nn.relu(tf.nn.conv2d(h, w, 1, "SAME") + b)
        h = tf.nn.max_pool2d(conv(x, "first", 20, 8, 16), 2, 2, "SAME")
        h = conv(h, "second", 10, 4, 16)
        logits = _v1_dense(tf.reshape(h, [1, -1]), "final_fc", 12)
        return [tf.nn.softmax(logits, name="labels_softmax")]
    _v1_freeze(out, build)


OUTPUTS["s47_tf1_speech_commands_decode_wav_mfcc_frozen"] = ["labels_softmax"]
FEEDS["s47_tf1_speech_commands_decode_wav_mfcc_frozen"] = lambda rng: {
    "wav_data": tf.audio.encode_wav(rng.uniform(-0.3, 0.3, (8000, 1)).astype("float32"), 16000).numpy()}


# ================================================================================ attention recognizers

@model("s47_attention_ocr_bahdanau_greedy_while_loop", "tf-module", "attention OCR (seq2seq) with greedy decoding in a tf.while_loop: image float [1,32,64,1]; Keras CRNN encoder to 16 steps + BiGRU(32) memory; Bahdanau additive attention (Dense W1 keys, W2 query, V score, softmax), GO token embedding (tf.gather), Keras GRUCell(64) on [embedding, context], Dense(39) over pad/GO/EOS + 36 chars, argmax feedback; loop stops at EOS or 12 steps, TensorArrays stacked and padded to 12; outputs token_ids int32 [1,12], attention [1,12,16], length")
def b_attn(out):
    img = keras.Input((32, 64, 1))
    mem = L.Bidirectional(L.GRU(32, return_sequences=True))(_crnn_backbone(img))
    encoder = keras.Model(img, mem)
    w1, w2, v, proj = L.Dense(32), L.Dense(32), L.Dense(1), L.Dense(len(CHARS) + 3)
    emb = tf.Variable(np.random.default_rng(5).normal(0, 0.3, (len(CHARS) + 3, 16)).astype("float32"), name="embedding")
    cell = L.GRUCell(64)
    GO, EOS, T = 1, 2, 12

    def decode(image):
        m = encoder(image, training=False)
        keys = w1(m)

        def cond(t, tok, h, done, ids, att):
            return tf.logical_and(t < T, tf.logical_not(done))

        def body(t, tok, h, done, ids, att):
            a = tf.nn.softmax(v(tf.tanh(keys + w2(h)[:, None, :])), axis=1)
            ctx = tf.reduce_sum(a * m, axis=1)
            h2, _ = cell(tf.concat([tf.gather(emb, tok), ctx], -1), [h])
            nxt = tf.argmax(proj(tf.concat([h2, ctx], -1)), axis=-1, output_type=tf.int32)
            return t + 1, nxt, h2, tf.reduce_all(tf.equal(nxt, EOS)), ids.write(t, nxt), att.write(t, a[..., 0])
        init = (tf.constant(0), tf.fill([1], GO), tf.zeros([1, 64]), tf.constant(False),
                tf.TensorArray(tf.int32, size=0, dynamic_size=True), tf.TensorArray(tf.float32, size=0, dynamic_size=True))
        n, _, _, _, ids, att = tf.while_loop(cond, body, init, maximum_iterations=T)
        ids = tf.transpose(ids.stack(), [1, 0])
        att = tf.transpose(att.stack(), [1, 0, 2])
        return {"token_ids": tf.pad(ids, [[0, 0], [0, T - n]]), "attention": tf.pad(att, [[0, 0], [0, T - n], [0, 0]]), "length": n}
    decode(tf.zeros([1, 32, 64, 1]))  # builds the Keras layers eagerly
    serve = tf.function(decode, input_signature=[tensor_spec([1, 32, 64, 1], name="image")])
    _save(out, {"encoder": encoder, "layers": [w1, w2, v, proj, cell], "emb": emb}, serving_default=serve)


@model("s47_luong_attention_lstm_while_loop_frozen_v2", "frozen-pb", "Luong (dot / general) attention recognizer with a hand-written LSTM decoder (raw tf.Variables read once before the loop) and a fixed 10-step greedy tf.while_loop, frozen with convert_variables_to_constants_v2: image float [1,32,64,1]; Keras conv encoder to 16 x 48 memory; score = memory W_a h, softmax, context, attentional hidden tanh(W_c [ctx; h]), logits over 39 tokens, argmax fed back through an embedding gather; TensorArray outputs token_ids [1,10] and scores [1,10]")
def b_luong(out):
    img = keras.Input((32, 64, 1))
    encoder = keras.Model(img, L.Dense(48, activation="tanh")(_crnn_backbone(img, bn=False)))
    rng = np.random.default_rng(7)
    V, H, E = len(CHARS) + 3, 48, 16
    var = lambda s, n: tf.Variable(rng.normal(0, 0.2, s).astype("float32"), name=n)  # noqa: E731
    emb, w_lstm, b_lstm = var((V, E), "embedding"), var((E + H + H, 4 * H), "lstm_kernel"), tf.Variable(tf.zeros([4 * H]), name="lstm_bias")
    w_a, w_c, w_o = var((H, H), "attn_general"), var((2 * H, H), "attn_combine"), var((H, V), "out_proj")

    def fn(image):
        m = encoder(image, training=False)
        emb_t, wl, bl, wa, wc, wo = (tf.convert_to_tensor(x) for x in (emb, w_lstm, b_lstm, w_a, w_c, w_o))

        def body(t, tok, h, c, feed, ids, scores):
            i, j, f, o = tf.split(tf.matmul(tf.concat([tf.gather(emb_t, tok), feed, h], -1), wl) + bl, 4, axis=-1)
            c = tf.sigmoid(f) * c + tf.sigmoid(i) * tf.tanh(j)
            h = tf.sigmoid(o) * tf.tanh(c)
            a = tf.nn.softmax(tf.einsum("bsh,bh->bs", tf.matmul(m, wa), h), axis=-1)
            attn_h = tf.tanh(tf.matmul(tf.concat([tf.einsum("bs,bsh->bh", a, m), h], -1), wc))
            p = tf.nn.softmax(tf.matmul(attn_h, wo))
            nxt = tf.argmax(p, -1, output_type=tf.int32)
            return t + 1, nxt, h, c, attn_h, ids.write(t, nxt), scores.write(t, tf.reduce_max(p, -1))
        z = tf.zeros([1, H])
        res = tf.while_loop(lambda t, *_: t < 10, body, (tf.constant(0), tf.fill([1], 1), z, z, z,
                                                         tf.TensorArray(tf.int32, 10), tf.TensorArray(tf.float32, 10)))
        return tf.identity(tf.transpose(res[5].stack()), name="token_ids"), tf.identity(tf.transpose(res[6].stack()), name="scores")
    _freeze(fn, [tensor_spec([1, 32, 64, 1], name="image")], out)


OUTPUTS["s47_luong_attention_lstm_while_loop_frozen_v2"] = ["token_ids", "scores"]


@model("s47_transformer_ocr_decoder_greedy_unrolled_module", "tf-module", "TrOCR-lite recognizer: image float [1,32,64,1]; conv patch encoder to 16 x 32 tokens + learned position embedding + one Keras MultiHeadAttention encoder block; a 1-layer Transformer decoder (causal self-attention with use_causal_mask, cross-attention to the image tokens, FFN, LayerNorm) run greedily for 8 steps unrolled in Python, each step re-running the decoder on the growing token prefix (tf.concat); outputs token_ids int32 [1,8] and step_probs [1,8]")
def b_trocr(out):
    img = keras.Input((32, 64, 1))
    tokens = _crnn_backbone(img, filters=(16, 24, 32, 32), bn=False)
    encoder = keras.Model(img, L.Dense(32)(tokens))
    pos_enc = tf.Variable(np.random.default_rng(8).normal(0, 0.02, (1, 16, 32)).astype("float32"), name="pos_enc")
    pos_dec = tf.Variable(np.random.default_rng(9).normal(0, 0.02, (1, 9, 32)).astype("float32"), name="pos_dec")
    enc_att, self_att, cross_att = (L.MultiHeadAttention(2, 16) for _ in range(3))
    ln = [L.LayerNormalization() for _ in range(5)]
    ffn_e, ffn_d = (keras.Sequential([L.Dense(64, activation="gelu"), L.Dense(32)]) for _ in range(2))
    tok_emb, out_proj = L.Embedding(len(CHARS) + 3, 32), L.Dense(len(CHARS) + 3)

    def decode(image):
        x = encoder(image, training=False) + pos_enc
        x = ln[0](x + enc_att(x, x))
        mem = ln[1](x + ffn_e(x))
        toks, probs = tf.fill([1, 1], 1), []
        for i in range(8):
            y = tok_emb(toks) + pos_dec[:, : i + 1]
            y = ln[2](y + self_att(y, y, use_causal_mask=True))
            y = ln[3](y + cross_att(y, mem))
            p = tf.nn.softmax(out_proj(ln[4](y + ffn_d(y)))[:, -1])
            toks = tf.concat([toks, tf.argmax(p, -1, output_type=tf.int32)[:, None]], axis=1)
            probs.append(tf.reduce_max(p, -1))
        return {"token_ids": toks[:, 1:], "step_probs": tf.stack(probs, axis=1)}
    decode(tf.zeros([1, 32, 64, 1]))
    serve = tf.function(decode, input_signature=[tensor_spec([1, 32, 64, 1], name="image")])
    _save(out, {"encoder": encoder, "layers": [enc_att, self_att, cross_att, ln, ffn_e, ffn_d, tok_emb, out_proj],
                "pos": [pos_enc, pos_dec]}, serving_default=serve)


# ================================================================================ license plates

@model("s47_license_plate_seven_heads_batch1_keras", "keras-export", "fixed-length license-plate reader (multi-head classification, no CTC): plate float [1,24,64,3] (batch 1); Conv 32/64/96 + BN + ReLU with max pools, Flatten, Dense 128 relu, Dropout, seven Dense(34) softmax heads char_0..char_6 over plate characters; model.export with a batch-1 signature")
def b_plate_heads(out):
    inp = keras.Input((24, 64, 3), batch_size=1, name="plate")
    x = inp
    for f in (32, 64, 96):
        x = L.MaxPooling2D(2)(L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x))))
    x = L.Dropout(0.3)(L.Dense(128, activation="relu")(L.Flatten()(x)))
    _export(keras.Model(inp, {f"char_{i}": L.Dense(len(PLATE), activation="softmax", name=f"char_{i}")(x) for i in range(7)}), out, fixed=True)


@model("s47_lprnet_uint8_ctc_plate_string_module", "tf-module", "LPRNet-style plate recognizer returning the plate string: image uint8 [1,24,64,3] cast and scaled to [-1,1]; Keras small basic blocks (1x1 / 3x1 / 1x3 convs), a (1,13) wide conv, mean over height with a global-context concat -> logits [1,32,35]; hand-written greedy CTC (argmax, repeats, blank 34) with tf.boolean_mask, tf.gather on a constant plate-character string table, reduce_join -> plate string, plus plate_ids int32 [None]")
def b_lprnet(out):
    inp = keras.Input((24, 64, 3))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 3, padding="same")(inp)))
    x = L.MaxPooling2D((1, 2))(x)
    for f in (32, 48):
        y = L.Conv2D(f // 4, 1, activation="relu")(x)
        y = L.Conv2D(f // 4, (3, 1), padding="same", activation="relu")(y)
        y = L.Conv2D(f // 4, (1, 3), padding="same", activation="relu")(y)
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 1)(y)))
        x = L.MaxPooling2D((2, 1))(x)
    x = L.ReLU()(L.Conv2D(64, (1, 13), padding="same")(x))
    x = L.Conv2D(len(PLATE) + 1, 1)(x)
    ctx = L.Lambda(lambda t: tf.broadcast_to(tf.reduce_mean(t, [1, 2], keepdims=True), tf.shape(t)), output_shape=(6, 32, 35))(x)
    x = L.Conv2D(len(PLATE) + 1, 1)(L.Concatenate()([x, ctx]))
    logits = L.Lambda(lambda t: tf.reduce_mean(t, axis=1), output_shape=(32, 35))(x)
    net = keras.Model(inp, logits)

    @tf.function(input_signature=[tensor_spec([1, 24, 64, 3], "uint8", "image")])
    def serve(image):
        logits = net(tf.cast(image, tf.float32) / 127.5 - 1.0, training=False)
        best, keep = _greedy_collapse(logits, len(PLATE))
        ids = tf.boolean_mask(best[0], keep[0])
        return {"plate": tf.strings.reduce_join(tf.gather(tf.constant(list(PLATE)), ids)), "plate_ids": ids, "logits": logits}
    _save(out, {"net": net}, serving_default=serve)


# ================================================================================ handwriting

@model("s47_handwriting_deltas_conv1d_bilstm_keras", "keras-export", "online handwriting recognizer on pen strokes: strokes float [None,None,3] (dx, dy, pen_up per point, batch and length dynamic); Conv1D 32 k5 + Conv1D 48 k5 (relu, same), Bidirectional LSTM(32), Dense(37) log_softmax via Lambda for a CTC decoder outside; model.export")
def b_hw_keras(out):
    inp = keras.Input((None, 3), name="strokes")
    x = L.Conv1D(32, 5, padding="same", activation="relu")(inp)
    x = L.Conv1D(48, 5, padding="same", activation="relu")(x)
    x = L.Bidirectional(L.LSTM(32, return_sequences=True))(x)
    _export(keras.Model(inp, L.Lambda(tf.nn.log_softmax, output_shape=(None, NCLS), name="log_probs")(L.Dense(NCLS)(x))), out)


@model("s47_handwriting_ink_normalize_ctc_module", "tf-module", "handwriting recognizer taking raw ink as a phone captures it: ink float [None,3] (x, y, t in ms, one sample, dynamic point count); deltas by differencing, pen_up where the time gap > 100 ms, scale by the std of the deltas, Conv1D + GRU Keras model on [1,N-1,3], tf.nn.ctc_greedy_decoder -> text string and ids; tf.cond returns empty text when fewer than 4 points")
def b_hw_ink(out):
    inp = keras.Input((None, 3))
    x = L.Conv1D(32, 3, padding="same", activation="relu")(inp)
    net = keras.Model(inp, L.Dense(NCLS)(L.GRU(32, return_sequences=True)(x)))

    @tf.function(input_signature=[tensor_spec([None, 3], name="ink")])
    def serve(ink):
        def recognize():
            d = ink[1:, :2] - ink[:-1, :2]
            d = d / (tf.math.reduce_std(d) + 1e-6)
            pen_up = tf.cast(ink[1:, 2] - ink[:-1, 2] > 100.0, tf.float32)
            logits = net(tf.concat([d, pen_up[:, None]], -1)[None], training=False)
            decoded, _ = tf.nn.ctc_greedy_decoder(tf.transpose(logits, [1, 0, 2]), tf.shape(logits)[1:2])
            return _ids_to_text(decoded[0], CHARS)[0], tf.sparse.to_dense(decoded[0], default_value=-1)[0]
        text, ids = tf.cond(tf.shape(ink)[0] >= 4, recognize, lambda: (tf.constant(""), tf.zeros([0], tf.int64)))
        return {"text": text, "ids": ids}
    _save(out, {"net": net}, serving_default=serve)


def _ink(rng, n=40):
    """--check ink: a wandering pen trace with increasing timestamps and two pen lifts"""
    xy = np.cumsum(rng.normal(0, 2.0, (n, 2)), axis=0) + 50
    t = np.cumsum(rng.uniform(8, 20, n))
    t[[13, 27]] += 250
    return {"ink": np.concatenate([xy, t[:, None]], 1)}


FEEDS["s47_handwriting_ink_normalize_ctc_module"] = _ink


# ================================================================================ documents and layout

@model("s47_document_layout_classifier_uint8_keras", "keras-export", "document-type / layout classifier for a scanning app: page thumbnails uint8 [None,64,48,1] (grayscale), Rescaling(1/255), Conv 16/32/64 + BN + ReLU + max pools, SeparableConv2D 64, GlobalAveragePooling2D, Dropout, Dense(6) softmax (letter, form, invoice, receipt, id_card, table); model.export (None batch)")
def b_layout_cls(out):
    inp = keras.Input((64, 48, 1), dtype="uint8", name="page")
    x = L.Rescaling(1.0 / 255)(inp)
    for f in (16, 32, 64):
        x = L.MaxPooling2D(2)(L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x))))
    x = L.GlobalAveragePooling2D()(L.SeparableConv2D(64, 3, padding="same", activation="relu")(x))
    _export(keras.Model(inp, L.Dense(6, activation="softmax", name="doc_type")(L.Dropout(0.2)(x))), out)


@model("s47_layout_segmentation_unet_argmax_keras", "keras-export", "page layout segmentation U-Net (text / table / figure / background): page float [None,64,64,3]; encoder Conv+BN+ReLU x2 with max pools at 16/32/64, Conv2DTranspose decoder with Concatenate skips, Conv 1x1 to 4 classes, Softmax; Lambda argmax -> class_map int32 [None,64,64]; model.export")
def b_layout_seg(out):
    inp = keras.Input((64, 64, 3), name="page")
    x, skips = inp, []
    for f in (16, 32):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x)))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x)))
        skips.append(x)
        x = L.MaxPooling2D(2)(x)
    x = L.Conv2D(64, 3, padding="same", activation="relu")(x)
    for s, f in zip(skips[::-1], (32, 16)):
        x = L.Concatenate()([L.Conv2DTranspose(f, 2, strides=2)(x), s])
        x = L.Conv2D(f, 3, padding="same", activation="relu")(x)
    probs = L.Softmax(name="class_probs")(L.Conv2D(4, 1)(x))
    cmap = L.Lambda(lambda t: tf.argmax(t, -1, output_type=tf.int32), output_shape=(64, 64), name="class_map")(probs)
    _export(keras.Model(inp, {"class_probs": probs, "class_map": cmap}), out)


@model("s47_document_orientation_rot90_module", "tf-module", "page orientation corrector before OCR: image uint8 [1,64,64,3]; tf.image.rgb_to_grayscale, tf.image.resize to 32x32 (bilinear), Keras CNN -> softmax over 0/90/180/270 degrees, k = argmax, page rotated back with tf.image.rot90(image, (4 - k) % 4); outputs corrected uint8 [1,64,64,3], angle int32, probs")
def b_orientation(out):
    inp = keras.Input((32, 32, 1))
    x = L.MaxPooling2D(2)(L.Conv2D(16, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling2D(2)(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(4, activation="softmax")(L.Dense(32, activation="relu")(L.Flatten()(x))))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "image")])
    def serve(image):
        gray = tf.image.resize(tf.image.rgb_to_grayscale(tf.cast(image, tf.float32) / 255.0), [32, 32])
        probs = net(gray, training=False)
        k = tf.argmax(probs[0], output_type=tf.int32)
        return {"corrected": tf.image.rot90(image, (4 - k) % 4), "angle": k * 90, "probs": probs}
    _save(out, {"net": net}, serving_default=serve)


@model("s47_textline_direction_flip_where_module", "tf-module", "text-line direction classifier (PaddleOCR cls style) on a batch of crops: lines float [None,16,64,3] normalized to [-1,1]; Keras MobileNet-ish (Conv stride 2, DepthwiseConv2D + 1x1 blocks, GlobalAveragePooling) -> softmax over 0 / 180 degrees; lines with p(180) > 0.9 flipped by tf.where with tf.reverse over height and width; outputs lines (corrected), label int32 [None], score")
def b_flip(out):
    inp = keras.Input((16, 64, 3))
    x = L.ReLU(6.0)(L.Conv2D(16, 3, strides=2, padding="same")(inp))
    for f, s in ((24, 1), (32, 2)):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same")(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(f, 1)(x)))
    net = keras.Model(inp, L.Dense(2, activation="softmax")(L.GlobalAveragePooling2D()(x)))

    @tf.function(input_signature=[tensor_spec([None, 16, 64, 3], name="lines")])
    def serve(lines):
        probs = net(lines * 2.0 - 1.0, training=False)
        flip = probs[:, 1] > 0.9
        fixed = tf.where(flip[:, None, None, None], tf.reverse(lines, axis=[1, 2]), lines)
        return {"lines": fixed, "label": tf.argmax(probs, -1, output_type=tf.int32), "score": tf.reduce_max(probs, -1)}
    _save(out, {"net": net}, serving_default=serve)


# ================================================================================ post-processing

LEXICON = ["invoice", "total", "date", "amount", "tax", "paid", "due", "number"]


@model("s47_edit_distance_lexicon_correction_module", "tf-module", "lexicon-constrained OCR post-processing: decoded ids int32 [1,12] padded with -1 (a recognizer's output); hypothesis SparseTensor from tf.where(ids >= 0) tiled over an 8-word lexicon stored as a constant SparseTensor of character ids; tf.edit_distance (normalized) per word, argmin -> corrected word string from a constant lexicon string tensor, raw text by gather + reduce_join; outputs corrected, raw_text, distances [8], best_distance")
def b_lexicon(out):
    rows = [[CHARS.index(c) for c in w] for w in LEXICON]
    idx = [[i, j] for i, r in enumerate(rows) for j in range(len(r))]
    vals = [c for r in rows for c in r]
    shape = [len(rows), max(map(len, rows))]

    @tf.function(input_signature=[tensor_spec([1, 12], "int32", "decoded_ids")])
    def serve(decoded_ids):
        tiled = tf.tile(decoded_ids, [len(LEXICON), 1])
        where = tf.where(tiled >= 0)
        hyp = tf.SparseTensor(where, tf.gather_nd(tiled, where), tf.shape(tiled, out_type=tf.int64))
        truth = tf.SparseTensor(tf.constant(idx, tf.int64), tf.constant(vals, tf.int32), tf.constant(shape, tf.int64))
        dist = tf.edit_distance(hyp, truth, normalize=True)
        best = tf.argmin(dist, output_type=tf.int32)
        raw = tf.strings.reduce_join(tf.gather(tf.constant(list(CHARS)), tf.boolean_mask(decoded_ids[0], decoded_ids[0] >= 0)))
        return {"corrected": tf.gather(tf.constant(LEXICON), best), "raw_text": raw, "distances": dist, "best_distance": dist[best]}
    _save(out, {}, serving_default=serve)


FEEDS["s47_edit_distance_lexicon_correction_module"] = {
    "decoded_ids": [[CHARS.index(c) for c in "tota1"] + [-1] * 7]}


@model("s47_cer_edit_distance_unicode_split_module", "tf-module", "character / word error rate service for OCR and ASR evaluation: hypothesis and reference string [None]; tf.strings.unicode_split -> RaggedTensor -> to_sparse, tf.edit_distance on string-valued SparseTensors (unnormalized) divided by reference lengths -> cer [None]; words by tf.strings.split for wer; outputs cer, wer, mean_cer")
def b_cer(out):
    @tf.function(input_signature=[tensor_spec([None], "string", "hypothesis"), tensor_spec([None], "string", "reference")])
    def serve(hypothesis, reference):
        hc, rc = tf.strings.unicode_split(hypothesis, "UTF-8"), tf.strings.unicode_split(reference, "UTF-8")
        cer = tf.edit_distance(hc.to_sparse(), rc.to_sparse(), normalize=False) / tf.maximum(tf.cast(rc.row_lengths(), tf.float32), 1.0)
        hw, rw = tf.strings.split(hypothesis), tf.strings.split(reference)
        wer = tf.edit_distance(hw.to_sparse(), rw.to_sparse(), normalize=False) / tf.maximum(tf.cast(rw.row_lengths(), tf.float32), 1.0)
        return {"cer": cer, "wer": wer, "mean_cer": tf.reduce_mean(cer)}
    _save(out, {}, serving_default=serve)


FEEDS["s47_cer_edit_distance_unicode_split_module"] = {
    "hypothesis": ["the qu1ck brown fox", "invoice totl 42.00", "hello"],
    "reference": ["the quick brown fox", "invoice total 42.00", "hello world"]}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
