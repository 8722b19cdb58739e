"""Build a fresh, independently made corpus of small TensorFlow models into bench/out/fresh/.

    .venv/bin/python scripts/build_corpus_fresh.py                # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh.py --force        # rebuild all
    .venv/bin/python scripts/build_corpus_fresh.py --only NAME..  # (re)build only these
    .venv/bin/python scripts/build_corpus_fresh.py --list         # print name | kind | description
    .venv/bin/python scripts/build_corpus_fresh.py --check        # load every built model

Writes bench/out/fresh/MANIFEST.txt (name | kind | what the model contains). Weights are seeded random;
nothing is downloaded. Models are SavedModel dirs, or <name>.pb GraphDefs for the *-frozen kinds.
A builder that fails is reported and skipped.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

from corpus_driver import Corpus

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh", frozen_kinds={"tf1-frozen", "tf2-frozen"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = None
TMP: Path = None  # scratch dir for vocab/label/log files, removed at exit

def W(shape, seed, dtype="float32"):
    return (np.random.default_rng(seed).normal(size=shape) * 0.1).astype(dtype)

def V(shape, seed, dtype="float32"):
    return tf.Variable(W(shape, seed, dtype))

def S(shape, dtype="float32"):
    return tf.TensorSpec(shape, dtype)

def _kx(i, o, out):
    keras.Model(i, o).export(str(out), verbose=False)

def _mod(out, fn, specs, track=(), **more):
    """tf.Module tracking `track`; serving_default = tf.function(fn); more = {signature: (fn, specs)}."""
    m = tf.Module()
    m.track = list(track)
    m.serve = tf.function(fn, input_signature=specs)
    sigs = {"serving_default": m.serve}
    for k, (f, sp) in more.items():
        setattr(m, k, tf.function(f, input_signature=sp))
        sigs[k] = getattr(m, k)
    tf.saved_model.save(m, str(out), signatures=sigs)


# ============================================================================ Keras 3 model.export

@model("f_keras_uint8_image_enhancer", "keras-export", "uint8 image in [None,32,32,3] -> Rescaling(1/255) -> Conv2D "
       "x3 (relu, sigmoid) -> Lambda(*255, clip, cast uint8)")
def b_uint8(out):
    i = keras.Input((32, 32, 3), dtype="uint8")
    x = L.Conv2D(8, 3, padding="same", activation="relu")(L.Rescaling(1 / 255.0)(i))
    x = L.Conv2D(3, 1, activation="sigmoid")(L.Conv2D(8, 3, padding="same", activation="relu")(x))
    _kx(i, L.Lambda(lambda t: tf.cast(tf.clip_by_value(t * 255.0, 0.0, 255.0), tf.uint8))(x), out)

@model("f_keras_mixed_bfloat16_mlp", "keras-export", "tabular MLP [None,24] built under mixed_bfloat16 policy (bf16 "
       "compute, f32 variables, Cast ops), LayerNorm, final Dense dtype float32")
def b_bf16(out):
    keras.mixed_precision.set_global_policy("mixed_bfloat16")
    try:
        i = keras.Input((24,))
        x = L.Dense(32, activation="relu")(L.LayerNormalization()(L.Dense(64, activation="relu")(i)))
        o = L.Dense(3, dtype="float32")(x)
    finally:
        keras.mixed_precision.set_global_policy("float32")
    _kx(i, o, out)

@model("f_keras_intlookup_hashing_recsys", "keras-export", "recommender: int64 item_id [None,1] -> IntegerLookup(6) "
       "-> Embedding; int64 store_id -> Hashing(32, salt; AsString + StringToHashBucketStrong) -> "
       "CategoryEncoding(one_hot); float price; Concatenate -> Dense")
def b_recsys(out):
    item, store = keras.Input((1,), dtype="int64", name="item_id"), keras.Input((1,), dtype="int64", name="store_id")
    price = keras.Input((1,), name="price")
    e = L.Flatten()(L.Embedding(8, 4)(L.IntegerLookup(vocabulary=[11, 23, 35, 47, 59, 71])(item)))
    s = L.CategoryEncoding(32, output_mode="one_hot")(L.Hashing(32, salt=7)(store))
    _kx([item, store, price], L.Dense(1)(L.Dense(16, activation="relu")(L.Concatenate()([e, s, price]))), out)

@model("f_keras_textvec_conv1d", "keras-export", "string [None,1] -> TextVectorization(lower, whitespace, fixed "
       "vocab, output_sequence_length=12) -> Embedding -> Conv1D -> GlobalMaxPooling1D -> Dense (intent classifier)")
def b_textvec(out):
    i = keras.Input((1,), dtype="string")
    tv = L.TextVectorization(max_tokens=20, standardize="lower", split="whitespace", output_sequence_length=12,
                             vocabulary=["play", "stop", "music", "next", "song", "volume", "up", "down"])
    x = L.GlobalMaxPooling1D()(L.Conv1D(16, 3, activation="relu")(L.Embedding(20, 8)(tv(i))))
    _kx(i, L.Dense(4)(x), out)

@model("f_keras_causal_attention_roll_bandpart", "keras-export", "sequence model [None,16,8]: custom layer, "
       "single-head attention with tf.linalg.band_part causal mask, tf.roll time-shifted input concatenated, Dense")
def b_causal(out):
    class CausalAttn(L.Layer):
        def build(self, s):
            self.q = self.add_weight(shape=(s[-1], 8), initializer="glorot_uniform")
            self.k = self.add_weight(shape=(s[-1], 8), initializer="glorot_uniform")

        def call(self, x):
            t = tf.shape(x)[1]
            mask = tf.linalg.band_part(tf.ones([t, t]), -1, 0)
            a = tf.nn.softmax(tf.matmul(x @ self.q, x @ self.k, transpose_b=True) / 8 ** 0.5 + (1.0 - mask) * -1e9)
            return tf.concat([a @ x, tf.roll(x, shift=1, axis=1)], -1)
    i = keras.Input((16, 8))
    _kx(i, L.Dense(4)(CausalAttn()(i)), out)

@model("f_keras_mc_dropout_training_true", "keras-export", "Monte-Carlo dropout regressor [None,20]: Dense -> "
       "Dropout(0.2, training=True) -> Dense -> Dropout(0.2, training=True) -> Dense (StatelessRandomUniformV2 masks; "
       "Keras SeedGenerator state variable assigned on every call)")
def b_mcdrop(out):
    i = keras.Input((20,))
    x = L.Dropout(0.2)(L.Dense(32, activation="relu")(i), training=True)
    x = L.Dropout(0.2)(L.Dense(32, activation="relu")(x), training=True)
    _kx(i, L.Dense(1)(x), out)

@model("f_keras_batchnorm_training_mode", "keras-export", "CNN [None,16,16,3]: Conv2D -> BatchNormalization called "
       "with training=True (batch stats, moving mean/var updates in the call) -> ReLU -> GlobalAveragePooling2D -> "
       "Dense")
def b_bntrain(out):
    i = keras.Input((16, 16, 3))
    x = L.BatchNormalization()(L.Conv2D(8, 3, padding="same")(i), training=True)
    _kx(i, L.Dense(5)(L.GlobalAveragePooling2D()(L.ReLU()(x))), out)

@model("f_keras_vit_extract_patches", "keras-export", "tiny ViT [None,32,32,3]: Lambda(tf.image.extract_patches "
       "8x8/8) -> Reshape [16,192] -> Dense -> MultiHeadAttention + LayerNorm -> GlobalAveragePooling1D -> Dense")
def b_vit(out):
    i = keras.Input((32, 32, 3))
    p = L.Lambda(lambda t: tf.image.extract_patches(t, [1, 8, 8, 1], [1, 8, 8, 1], [1, 1, 1, 1], "VALID"))(i)
    x = L.Dense(32)(L.Reshape((16, 192))(p))
    x = L.LayerNormalization()(x + L.MultiHeadAttention(2, 16)(x, x))
    _kx(i, L.Dense(10)(L.GlobalAveragePooling1D()(x)), out)



# ============================================================================ Keras model + tf.saved_model.save

@model("f_kerassm_cnn_classifier", "keras-tfsave", "keras.Sequential CNN [None,28,28,1] (Conv2D, MaxPool, Conv2D, "
       "Flatten, Dense softmax) saved with tf.saved_model.save and a tf.function signature returning {probs}")
def b_ksm_cnn(out):
    m = keras.Sequential([keras.Input((28, 28, 1)), L.Conv2D(8, 3, activation="relu"), L.MaxPooling2D(),
                          L.Conv2D(16, 3, activation="relu"), L.Flatten(), L.Dense(10, activation="softmax")])
    serve = tf.function(lambda x: {"probs": m(x, training=False)}, input_signature=[S([None, 28, 28, 1])])
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})

@model("f_kerassm_survival_cumprod", "keras-tfsave", "survival model [None,10]: Dense -> Dense(12, sigmoid) hazards "
       "-> custom layer tf.math.cumprod(1-h); keras.Model saved with tf.saved_model.save, dict outputs {hazard, "
       "survival}")
def b_surv(out):
    class Survival(L.Layer):
        def call(self, h):
            return tf.math.cumprod(1.0 - h, axis=-1)
    i = keras.Input((10,))
    h = L.Dense(12, activation="sigmoid")(L.Dense(16, activation="relu")(i))
    m = keras.Model(i, [h, Survival()(h)])
    serve = tf.function(lambda x: dict(zip(["hazard", "survival"], m(x))), input_signature=[S([None, 10])])
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})

@model("f_kerassm_custom_train_step_signature", "keras-tfsave", "subclassed keras.Model (Dense 8->16->1): "
       "serving_default inference signature plus a 'train_step' signature (GradientTape + SGD apply_gradients); "
       "saved with tf.saved_model.save")
def b_trainstep(out):
    class Reg(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1, self.d2, self.opt = L.Dense(16, activation="relu"), L.Dense(1), keras.optimizers.SGD(0.01)

        def call(self, x, training=False):
            return self.d2(self.d1(x))

        @tf.function(input_signature=[S([None, 8])])
        def serve(self, x):
            return {"y": self(x)}

        @tf.function(input_signature=[S([None, 8]), S([None, 1])])
        def train(self, x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
            self.opt.apply_gradients(zip(tape.gradient(loss, self.trainable_variables), self.trainable_variables))
            return {"loss": loss}
    m = Reg()
    m(tf.zeros([1, 8]))
    m.opt.build(m.trainable_variables)
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve, "train_step": m.train})


# ============================================================================ tf.Module + tf.function

@model("f_mod_ctc_greedy_decoder", "tf2-module", "feats [None,20,8] + seq_len [None] int32 -> projection to 6 "
       "classes -> time-major transpose -> tf.nn.ctc_greedy_decoder -> tf.sparse.to_dense int64 labels + "
       "neg_sum_logits")
def b_ctc(out):
    w = V([8, 6], 1)
    def f(feats, seq_len):
        dec, neg = tf.nn.ctc_greedy_decoder(tf.transpose(tf.einsum("btf,fc->btc", feats, w), [1, 0, 2]), seq_len)
        return {"labels": tf.sparse.to_dense(dec[0], default_value=-1), "neg_sum_logits": neg}
    _mod(out, f, [S([None, 20, 8]), S([None], tf.int32)], [w])

@model("f_mod_graph_pool_unsorted_segment_max", "tf2-module", "GNN readout: node feats [None,8] + graph ids [None] "
       "int32 + num_graphs int32 scalar -> Dense relu -> tf.math.unsorted_segment_max(num_segments=num_graphs) -> "
       "Dense")
def b_segmax(out):
    w1, w2 = V([8, 16], 3), V([16, 2], 4)
    _mod(out, lambda nodes, graph_ids, num_graphs: {
        "logits": tf.math.unsorted_segment_max(tf.nn.relu(nodes @ w1), graph_ids, num_graphs) @ w2},
         [S([None, 8]), S([None], tf.int32), S([], tf.int32)], [w1, w2])

@model("f_mod_pillar_scatter_canvas", "tf2-module", "PointPillars-style: feats [32,4] + coords [32,2] int32 -> Dense "
       "-> tf.scatter_nd onto static [16,16,8] canvas + tf.tensor_scatter_nd_update into a learned background -> "
       "Conv2D")
def b_pillar(out):
    w, bg, k = V([4, 8], 5), V([16, 16, 8], 6), V([3, 3, 16, 4], 7)
    def f(feats, coords):
        h = tf.nn.relu(feats @ w)
        x = tf.concat([tf.scatter_nd(coords, h, [16, 16, 8]), tf.tensor_scatter_nd_update(bg, coords, h)], -1)
        return {"bev": tf.nn.conv2d(x[None], k, 1, "SAME")}
    _mod(out, f, [S([32, 4]), S([32, 2], tf.int32)], [w, bg, k])

@model("f_mod_topk_dynamic_k_range_fill", "tf2-module", "scores [None,100] + k int32 scalar -> tf.math.top_k(k=k "
       "input) -> tf.range(k) ranks, tf.fill([k], 1/k) weights -> {values, indices, weighted}")
def b_topk(out):
    def f(scores, k):
        vals, idx = tf.math.top_k(scores, k=k)
        wts = tf.fill([k], 1.0 / tf.cast(k, tf.float32)) / tf.cast(tf.range(k) + 1, tf.float32)
        return {"values": vals, "indices": idx, "weighted": vals * wts}
    _mod(out, f, [S([None, 100]), S([], tf.int32)])

@model("f_mod_complex64_fft_filter", "tf2-module", "signal [None,128] -> tf.complex -> tf.signal.fft (complex64) * "
       "complex64 tf.Variable filter -> tf.signal.ifft -> real part; also |FFT| magnitude output")
def b_fft(out):
    filt = tf.Variable((W([128], 8) + 1j * W([128], 9)).astype("complex64"))
    def f(x):
        s = tf.signal.fft(tf.complex(x, tf.zeros_like(x)))
        return {"filtered": tf.math.real(tf.signal.ifft(s * filt)), "magnitude": tf.abs(s)}
    _mod(out, f, [S([None, 128])], [filt])

@model("f_mod_while_fixed_refinement", "tf2-module", "iterative refinement [None,8]: tf.while_loop with constant "
       "trip count 5 (h = tanh(h@W + x)) -> Dense")
def b_whilefix(out):
    w, o = V([8, 8], 10), V([8, 2], 11)
    def f(x):
        _, h = tf.while_loop(lambda i, h: i < 5, lambda i, h: (i + 1, tf.tanh(h @ w + x)), (0, tf.zeros_like(x)))
        return {"y": h @ o}
    _mod(out, f, [S([None, 8])], [w, o])

@model("f_mod_while_until_converged", "tf2-module", "Newton sqrt [None,4]: autograph while loop until max|y*y-x| < "
       "1e-4 (data-dependent trip count, no maximum_iterations) -> Dense")
def b_whiledd(out):
    w = V([4, 3], 12)
    def f(x):
        x = tf.abs(x) + 1.0
        y = x
        while tf.reduce_max(tf.abs(y * y - x)) > 1e-4:
            y = 0.5 * (y + x / y)
        return {"y": y @ w}
    _mod(out, f, [S([None, 4])], [w])

@model("f_mod_nested_functions_multi_signature", "tf2-module", "autoencoder tf.Module with nested tf.functions "
       "encode/decode; serving_default float [None,16] -> {recon, code}; 'encode_tokens' int32 ids [None,6] -> "
       "{code}; extra tf.function batch_stats not a signature")
def b_nested(out):
    class M(tf.Module):
        def __init__(self):
            self.we, self.wd, self.emb = V([16, 4], 13), V([4, 16], 14), V([50, 16], 15)

        @tf.function
        def encode(self, x):
            return tf.nn.relu(x @ self.we)

        @tf.function
        def decode(self, z):
            return tf.sigmoid(z @ self.wd)

        @tf.function(input_signature=[S([None, 16])])
        def serve(self, x):
            z = self.encode(x)
            return {"recon": self.decode(z), "code": z}

        @tf.function(input_signature=[S([None, 6], tf.int32)])
        def encode_tokens(self, ids):
            return {"code": self.encode(tf.reduce_mean(tf.gather(self.emb, ids), 1))}

        @tf.function(input_signature=[S([None, 16])])
        def batch_stats(self, x):
            return {"mean": tf.reduce_mean(x, 0), "var": tf.math.reduce_variance(x, 0)}
    m = M()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve, "encode_tokens": m.encode_tokens})

@model("f_mod_default_ok_explain_numpy_function", "tf2-module", "classifier [None,8] -> Dense: serving_default "
       "returns {logits}; second signature 'explain' also runs tf.numpy_function (numpy argsort of |w*x| "
       "attributions) -> {logits, order int64}")
def b_explain(out):
    w = V([8, 3], 16)
    def explain(x):
        o = tf.numpy_function(lambda a: np.argsort(-a, axis=1).astype("int64"), [tf.abs(x * tf.reduce_sum(w, 1))],
                              tf.int64)
        return {"logits": x @ w, "order": tf.reshape(o, tf.shape(x))}
    _mod(out, lambda x: {"logits": x @ w}, [S([None, 8])], [w], explain=(explain, [S([None, 8])]))

@model("f_mod_request_counter_assign_add", "tf2-module", "scorer [None,8] -> Dense; serving function also does "
       "calls.assign_add(1) on an int64 tf.Variable and an EMA assign of the input mean; returns {y, calls}")
def b_counter(out):
    w, calls, ema = V([8, 1], 17), tf.Variable(0, dtype=tf.int64), tf.Variable(0.0)
    def f(x):
        calls.assign_add(1)
        ema.assign(0.99 * ema + 0.01 * tf.reduce_mean(x))
        return {"y": (x - ema) @ w, "calls": calls.read_value()}
    _mod(out, f, [S([None, 8])], [w, calls, ema])

@model("f_mod_summary_histogram_in_serving", "tf2-module", "scorer [None,8] -> Dense relu; serving function writes "
       "tf.summary.histogram + tf.summary.scalar of the activations to a trackable file writer (SummaryWriter "
       "resource, CreateSummaryFileWriter, WriteSummary ops; logdir is a build-time /tmp path)")
def b_summary(out):
    w, step = V([8, 4], 18), tf.Variable(0, dtype=tf.int64)
    writer = tf.summary.create_file_writer(str(TMP / "logs"), experimental_trackable=True)
    def f(x):
        y = tf.nn.relu(x @ w)
        with writer.as_default(step=step):
            tf.summary.histogram("activations", y)
            tf.summary.scalar("mean_activation", tf.reduce_mean(y))
        return {"y": y}
    _mod(out, f, [S([None, 8])], [w, step, writer])

@model("f_mod_device_gpu_and_worker_pinned", "tf2-module", "MLP [None,16]: first layer traced under "
       "tf.device('/device:GPU:0'), second under tf.device('/job:worker/replica:0/task:0/device:CPU:0')")
def b_device(out):
    w1, w2 = V([16, 32], 19), V([32, 4], 20)
    def f(x):
        with tf.device("/device:GPU:0"):
            h = tf.nn.relu(x @ w1)
        with tf.device("/job:worker/replica:0/task:0/device:CPU:0"):
            return {"y": h @ w2}
    _mod(out, f, [S([None, 16])], [w1, w2])

@model("f_mod_decode_csv_raw_to_number", "tf2-module", "csv line [None] string -> tf.io.decode_csv (3 float + 1 "
       "string col) + tf.strings.to_number; raw bytes [None] string -> tf.io.decode_raw uint8 -> reshape [-1,8]; "
       "concat -> Dense")
def b_csv(out):
    w = V([12, 2], 21)
    def f(line, raw):
        a, b, c, d = tf.io.decode_csv(line, [[0.0], [0.0], [0.0], [""]])
        px = tf.cast(tf.reshape(tf.io.decode_raw(raw, tf.uint8), [-1, 8]), tf.float32) / 255.0
        return {"y": tf.concat([tf.stack([a, b, c, tf.strings.to_number(d)], 1), px], 1) @ w}
    _mod(out, f, [S([None], tf.string), S([None], tf.string)], [w])

@model("f_mod_static_vocab_table_asset", "tf2-module", "tokens [None,5] string -> "
       "tf.lookup.StaticVocabularyTable(TextFileInitializer on vocab.txt asset, 3 OOV buckets) -> embedding gather "
       "-> mean -> Dense")
def b_svt(out):
    vocab = TMP / "vocab.txt"
    vocab.write_text("cat\ndog\nbird\nfish\nhorse\ncow\n")
    init = tf.lookup.TextFileInitializer(str(vocab), tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                                         tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
    table, emb, w = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=3), V([9, 8], 22), V([8, 2], 23)
    _mod(out, lambda tokens: {"y": tf.reduce_mean(tf.gather(emb, table.lookup(tokens)), 1) @ w},
         [S([None, 5], tf.string)], [table, emb, w])

@model("f_mod_float16_weights_io", "tf2-module", "float16 end to end: input [None,8] float16, float16 tf.Variable "
       "weights, matmul-relu-matmul, float16 output")
def b_f16(out):
    w1, w2 = V([8, 16], 24, "float16"), V([16, 2], 25, "float16")
    _mod(out, lambda x: {"y": tf.nn.relu(x @ w1) @ w2}, [S([None, 8], tf.float16)], [w1, w2])



# ============================================================================ TF1 graphs

@contextlib.contextmanager
def _tf1():
    """Fresh graph + session with v1 control flow and ref variables, like TF 1.x code."""
    tf.compat.v1.disable_control_flow_v2()
    tf.compat.v1.disable_resource_variables()
    g = tf.Graph()
    try:
        with g.as_default(), tf.compat.v1.Session(graph=g) as sess:
            yield sess
    finally:
        tf.compat.v1.enable_control_flow_v2()
        tf.compat.v1.enable_resource_variables()

def _v(name, shape, seed, dtype="float32"):
    return tf.compat.v1.get_variable(name, initializer=W(shape, seed, dtype))

def _dense(x, n_in, n_out, name, seed, act=None):
    y = tf.compat.v1.nn.xw_plus_b(x, _v(name + "/w", [n_in, n_out], seed), _v(name + "/b", [n_out], seed + 1))
    return act(y) if act else y

def _ph(dtype, shape, name):
    return tf.compat.v1.placeholder(dtype, shape, name=name)

def _freeze1(t, outputs, out):
    t.run(tf.compat.v1.global_variables_initializer())
    out.write_bytes(tf.compat.v1.graph_util.convert_variables_to_constants(
        t, t.graph.as_graph_def(), outputs).SerializeToString())

def _builder(t, out, sigs, **kw):
    t.run(tf.compat.v1.global_variables_initializer())
    b = tf.compat.v1.saved_model.Builder(str(out))
    sd = tf.compat.v1.saved_model.predict_signature_def
    b.add_meta_graph_and_variables(t, ["serve"], signature_def_map={k: sd(*io) for k, io in sigs.items()}, **kw)
    b.save()

@model("f_tf1sm_mlp_simple_save", "tf1-savedmodel", "tf.compat.v1 graph (ref variables): placeholder x [None,10] -> "
       "2 dense (xw_plus_b, relu) -> softmax; tf.compat.v1.saved_model.simple_save, variables not frozen")
def b_tf1_mlp(out):
    with _tf1() as t:
        x = _ph(tf.float32, [None, 10], "x")
        p = tf.nn.softmax(_dense(_dense(x, 10, 32, "fc1", 30, tf.nn.relu), 32, 4, "fc2", 32), name="probs")
        t.run(tf.compat.v1.global_variables_initializer())
        tf.compat.v1.saved_model.simple_save(t, str(out), {"x": x}, {"probs": p})

@model("f_tf1sm_wide_deep_two_signatures", "tf1-savedmodel", "TF1 wide&deep: int64 ids [None,3] -> embedding_lookup "
       "+ float feats [None,5] -> dense; SavedModelBuilder with serving_default {score} and 'embedding' {emb} "
       "signatures; variables not frozen")
def b_tf1_wd(out):
    with _tf1() as t:
        ids, f = _ph(tf.int64, [None, 3], "ids"), _ph(tf.float32, [None, 5], "feats")
        emb = tf.reduce_mean(tf.nn.embedding_lookup(_v("emb", [100, 8], 34), ids), 1, name="emb")
        deep = _dense(tf.concat([emb, f], 1), 13, 16, "deep", 35, tf.nn.relu)
        score = tf.sigmoid(_dense(deep, 16, 1, "out", 37) + _dense(f, 5, 1, "wide", 39), name="score")
        _builder(t, out, {"serving_default": ({"ids": ids, "feats": f}, {"score": score}),
                          "embedding": ({"ids": ids}, {"emb": emb})})

@model("f_tf1sm_label_names_asset_table", "tf1-savedmodel", "TF1 classifier [None,6] -> dense softmax -> argmax -> "
       "StaticHashTable(TextFileInitializer on labels.txt asset, ASSET_FILEPATHS, tables_initializer main_op) -> "
       "{probs, label string}")
def b_tf1_labels(out):
    (TMP / "labels.txt").write_text("negative\nneutral\npositive\n")
    with _tf1() as t:
        x = _ph(tf.float32, [None, 6], "x")
        p = tf.nn.softmax(_dense(x, 6, 3, "fc", 40), name="probs")
        asset = tf.constant(str(TMP / "labels.txt"), name="labels_path")
        tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.ASSET_FILEPATHS, asset)
        table = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
            asset, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE), "UNK")
        label = tf.identity(table.lookup(tf.argmax(p, 1)), name="label")
        _builder(t, out, {"serving_default": ({"x": x}, {"probs": p, "label": label})},
                 main_op=tf.compat.v1.tables_initializer(),
                 assets_collection=tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.ASSET_FILEPATHS))

@model("f_tf1sm_running_mean_assign_in_serving", "tf1-savedmodel", "TF1 normalizer+dense [None,8]: output computed "
       "under control_dependencies on tf.compat.v1.assign(running_mean, 0.9*rm + 0.1*batch mean) (ref variable); "
       "simple_save")
def b_tf1_assign(out):
    with _tf1() as t:
        x = _ph(tf.float32, [None, 8], "x")
        rm = tf.compat.v1.get_variable("running_mean", initializer=tf.zeros([8]), trainable=False)
        with tf.control_dependencies([tf.compat.v1.assign(rm, 0.9 * rm + 0.1 * tf.reduce_mean(x, 0))]):
            y = tf.identity(_dense(x - rm, 8, 2, "fc", 42), name="y")
        t.run(tf.compat.v1.global_variables_initializer())
        tf.compat.v1.saved_model.simple_save(t, str(out), {"x": x}, {"y": y})

@model("f_tf1frz_conv_classifier", "tf1-frozen", "TF1 CNN [None,28,28,1]: conv2d+bias+relu, max_pool, conv2d, "
       "reduce_mean, dense, softmax; convert_variables_to_constants")
def b_tf1_conv(out):
    with _tf1() as t:
        x = _ph(tf.float32, [None, 28, 28, 1], "input")
        h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, _v("c1", [3, 3, 1, 8], 50), 1, "SAME") + _v("b1", [8], 51)),
                             2, 2, "VALID")
        h = tf.nn.relu(tf.nn.conv2d(h, _v("c2", [3, 3, 8, 16], 52), 1, "SAME"))
        tf.nn.softmax(_dense(tf.reduce_mean(h, [1, 2]), 16, 10, "fc", 53), name="probs")
        _freeze1(t, ["probs"], out)

@model("f_tf1frz_uint8_image_preproc", "tf1-frozen", "TF1 uint8 image placeholder [None,24,24,3] -> cast float, "
       "(x-127.5)/58 -> conv2d/2 -> global mean -> dense -> softmax + argmax int64; frozen")
def b_tf1_u8(out):
    with _tf1() as t:
        x = _ph(tf.uint8, [None, 24, 24, 3], "image")
        h = tf.nn.relu(tf.nn.conv2d((tf.cast(x, tf.float32) - 127.5) / 58.0, _v("c", [3, 3, 3, 8], 60), 2, "SAME"))
        tf.argmax(tf.nn.softmax(_dense(tf.reduce_mean(h, [1, 2]), 8, 5, "fc", 61), name="probs"), 1, name="class_id")
        _freeze1(t, ["probs", "class_id"], out)

@model("f_tf1frz_int64_feature_hashing", "tf1-frozen", "TF1 int64 ids [None,4]: int64 multiply/add/floormod hashing "
       "into 64 buckets -> gather embedding -> reduce_sum -> dense; outputs float score + int64 buckets; frozen")
def b_tf1_i64(out):
    with _tf1() as t:
        ids = _ph(tf.int64, [None, 4], "ids")
        bucket = tf.math.floormod(tf.math.floormod(ids * 2654435761 + 97, 1000003), 64, name="buckets")
        tf.identity(_dense(tf.reduce_sum(tf.gather(_v("emb", [64, 8], 62), bucket), 1), 8, 1, "fc", 63), name="score")
        _freeze1(t, ["score", "buckets"], out)


# ============================================================================ TF2 frozen graphs

def _freeze2(fn, specs, out):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2
    frozen = convert_variables_to_constants_v2(tf.function(fn, input_signature=specs).get_concrete_function())
    out.write_bytes(frozen.graph.as_graph_def().SerializeToString())

@model("f_tf2frz_mlp", "tf2-frozen", "tf.function MLP [None,12] (matmul relu, matmul, softmax) frozen with "
       "convert_variables_to_constants_v2")
def b_tf2_mlp(out):
    w1, w2 = V([12, 24], 70), V([24, 3], 71)
    _freeze2(lambda x: tf.nn.softmax(tf.nn.relu(x @ w1) @ w2), [S([None, 12])], out)

@model("f_tf2frz_while_fixed_rnn", "tf2-frozen", "hand-rolled Elman RNN [None,10,6]: tf.while_loop over the 10 "
       "static time steps; convert_variables_to_constants_v2 lowered it to v1 Enter/Exit/LoopCond/NextIteration")
def b_tf2_while(out):
    wx, wh, wo = V([6, 12], 72), V([12, 12], 73), V([12, 2], 74)
    def f(x):
        _, h = tf.while_loop(lambda t, h: t < 10, lambda t, h: (t + 1, tf.tanh(x[:, t] @ wx + h @ wh)),
                             (0, tf.zeros([tf.shape(x)[0], 12])))
        return h @ wo
    _freeze2(f, [S([None, 10, 6])], out)

@model("f_tf2frz_histogram_features", "tf2-frozen", "single sample [256] float -> tf.histogram_fixed_width([0,1], "
       "nbins=16) int32 -> cast/normalize -> dense -> [1,3]; convert_variables_to_constants_v2")
def b_tf2_hist(out):
    w = V([16, 3], 75)
    _freeze2(lambda x: (tf.cast(tf.histogram_fixed_width(x, [0.0, 1.0], nbins=16), tf.float32) / 256.0)[None] @ w,
             [S([256])], out)

@model("f_tf2frz_cond_and_case", "tf2-frozen", "x [None,8] + mode int32 scalar: tf.cond on reduce_mean(x)>0 (relu vs "
       "tanh) then tf.case on mode over 3 dense heads; convert_variables_to_constants_v2 lowered both to Switch/Merge")
def b_tf2_cond(out):
    w1, ws = V([8, 8], 76), [V([8, 2], 77 + i) for i in range(3)]
    def f(x, mode):
        h = tf.cond(tf.reduce_mean(x) > 0, lambda: tf.nn.relu(x @ w1), lambda: tf.tanh(x @ w1))
        return tf.case([(tf.equal(mode, 0), lambda: h @ ws[0]), (tf.equal(mode, 1), lambda: h @ ws[1])],
                       default=lambda: h @ ws[2])
    _freeze2(f, [S([None, 8]), S([], tf.int32)], out)


# ============================================================================ hand-written tf.raw_ops

@model("f_raw_conv_bias_relu_matmul", "tf2-rawops", "tf.function using only tf.raw_ops: Conv2D, BiasAdd, Relu, "
       "MaxPool, Reshape, MatMul, Softmax on [None,8,8,3]")
def b_raw_conv(out):
    R, k, b, w = tf.raw_ops, V([3, 3, 3, 4], 80), V([4], 81), V([64, 5], 82)
    def f(x):
        h = R.Relu(features=R.BiasAdd(value=R.Conv2D(input=x, filter=k, strides=[1] * 4, padding="SAME"), bias=b))
        h = R.Reshape(tensor=R.MaxPool(input=h, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID"),
                      shape=[-1, 64])
        return {"probs": R.Softmax(logits=R.MatMul(a=h, b=w))}
    _mod(out, f, [S([None, 8, 8, 3])], [k, b, w])

@model("f_raw_mirrorpad_dwconv_fusedbn", "tf2-rawops", "tf.raw_ops [None,16,16,4]: MirrorPad(REFLECT), "
       "DepthwiseConv2dNative, FusedBatchNormV3(is_training=False), Relu6, Mean, ResizeBilinear output branch")
def b_raw_dw(out):
    R, k, g, bt, mu = tf.raw_ops, V([3, 3, 4, 1], 83), tf.Variable(np.ones(4, "float32")), V([4], 84), V([4], 85)
    var = tf.Variable(np.ones(4, "float32"))
    def f(x):
        p = R.MirrorPad(input=x, paddings=[[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
        d = R.DepthwiseConv2dNative(input=p, filter=k, strides=[1] * 4, padding="VALID")
        y = R.Relu6(features=R.FusedBatchNormV3(x=d, scale=g, offset=bt, mean=mu, variance=var, epsilon=1e-3,
                                                is_training=False)[0])
        return {"pooled": R.Mean(input=y, axis=[1, 2]),
                "up": R.ResizeBilinear(images=y, size=[32, 32], half_pixel_centers=True)}
    _mod(out, f, [S([None, 16, 16, 4])], [k, g, bt, mu, var])

@model("f_raw_upperbound_bucket_embed", "tf2-rawops", "tf.raw_ops bucketizer: x [None] -> ExpandDims -> UpperBound "
       "vs 7 sorted boundaries -> Squeeze -> GatherV2 from [8,4] embedding variable")
def b_raw_ub(out):
    R, emb = tf.raw_ops, V([8, 4], 86)
    bounds = [[-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0]]
    def f(x):
        idx = R.UpperBound(sorted_inputs=tf.constant(bounds), values=R.ExpandDims(input=x, axis=0), out_type=tf.int32)
        return {"emb": R.GatherV2(params=emb, indices=R.Squeeze(input=idx, axis=[0]), axis=0)}
    _mod(out, f, [S([None])], [emb])


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, TMP
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers
    TMP = Path(tempfile.mkdtemp(prefix="fresh_build_"))
    atexit.register(shutil.rmtree, TMP, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup))
