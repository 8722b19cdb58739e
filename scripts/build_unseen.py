"""Build an evaluation corpus of models accelcheck's fixtures never saw, into bench/out/unseen/.

    .venv/bin/python scripts/build_unseen.py            # build all (skips what exists)
    .venv/bin/python scripts/build_unseen.py --force    # rebuild all
    .venv/bin/python scripts/build_unseen.py NAME...    # rebuild only these

Writes bench/out/unseen/MANIFEST.txt: one line per model (name | kind | what it contains).
Everything runs in one process (TensorFlow 2.21, Keras 3). Each builder is independent; a
builder that fails is reported and skipped.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
import traceback
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

OUT = Path(__file__).resolve().parent.parent / "bench" / "out" / "unseen"
BUILDERS: dict[str, tuple[object, str, str]] = {}  # name -> (fn(out_path), kind, description)

tf = None
keras = None
np = None


def model(name: str, kind: str, desc: str):
    def deco(fn):
        BUILDERS[name] = (fn, kind, desc)
        return fn
    return deco


def _rng(seed=0):
    return np.random.default_rng(seed)


def _export(m, out: Path):
    m.export(str(out), verbose=False)


# ============================================================================ Keras (TF2)

@model("keras_cnn_separable_pooling", "keras-export",
       "image classifier [None,64,64,3]: SeparableConv2D, DepthwiseConv2D, MaxPool2D, AveragePooling2D, "
       "BatchNorm, GlobalMaxPool2D, Dropout, Dense softmax")
def b_cnn_sep(out):
    L = keras.layers
    i = keras.Input((64, 64, 3))
    x = L.SeparableConv2D(16, 3, padding="same", activation="relu")(i)
    x = L.MaxPooling2D()(x)
    x = L.DepthwiseConv2D(3, padding="same")(x)
    x = L.BatchNormalization()(x)
    x = L.ReLU(6.0)(x)
    x = L.AveragePooling2D(pool_size=2)(x)
    x = L.SeparableConv2D(32, 3, strides=2, activation="relu")(x)
    x = L.GlobalMaxPooling2D()(x)
    x = L.Dropout(0.3)(x)
    o = L.Dense(10, activation="softmax")(x)
    _export(keras.Model(i, o), out)


@model("keras_conv1d_audio_classifier", "keras-export",
       "keyword-spotting style Conv1D net on waveform features [None,128,40]: Conv1D (dilated, causal), "
       "MaxPooling1D, AveragePooling1D, GlobalAveragePooling1D, Dense")
def b_conv1d(out):
    L = keras.layers
    i = keras.Input((128, 40))
    x = L.Conv1D(32, 5, padding="causal", dilation_rate=2, activation="relu")(i)
    x = L.MaxPooling1D(2)(x)
    x = L.Conv1D(32, 3, activation="relu")(x)
    x = L.AveragePooling1D(2)(x)
    x = L.GlobalAveragePooling1D()(x)
    o = L.Dense(12)(x)
    _export(keras.Model(i, o), out)


@model("keras_conv3d_video_classifier", "keras-export",
       "video clip classifier [None,8,32,32,3]: Conv3D, MaxPooling3D, AveragePooling3D, GlobalAveragePooling3D, Dense")
def b_conv3d(out):
    L = keras.layers
    i = keras.Input((8, 32, 32, 3))
    x = L.Conv3D(8, 3, padding="same", activation="relu")(i)
    x = L.MaxPooling3D((1, 2, 2))(x)
    x = L.Conv3D(16, 3, padding="same", activation="relu")(x)
    x = L.AveragePooling3D(2)(x)
    x = L.GlobalAveragePooling3D()(x)
    o = L.Dense(5)(x)
    _export(keras.Model(i, o), out)


@model("keras_unet_upsample_transpose", "keras-export",
       "small U-Net segmenter [None,64,64,3]: Conv2D, MaxPool, UpSampling2D (nearest and bilinear), "
       "Conv2DTranspose, Concatenate skip connections, sigmoid mask")
def b_unet(out):
    L = keras.layers
    i = keras.Input((64, 64, 3))
    c1 = L.Conv2D(8, 3, padding="same", activation="relu")(i)
    p1 = L.MaxPooling2D()(c1)
    c2 = L.Conv2D(16, 3, padding="same", activation="relu")(p1)
    p2 = L.MaxPooling2D()(c2)
    b = L.Conv2D(32, 3, padding="same", activation="relu")(p2)
    u2 = L.Conv2DTranspose(16, 2, strides=2, padding="same")(b)
    u2 = L.Concatenate()([u2, c2])
    u1 = L.UpSampling2D(2, interpolation="bilinear")(L.Conv2D(8, 3, padding="same")(u2))
    u1 = L.Concatenate()([u1, c1])
    extra = L.UpSampling2D(4)(b)  # nearest
    u1 = L.Concatenate()([u1, L.Conv2D(4, 1)(extra)])
    o = L.Conv2D(1, 1, activation="sigmoid")(u1)
    _export(keras.Model(i, o), out)


@model("keras_lstm_stacked", "keras-export",
       "sequence classifier [None,20,8]: two stacked LSTM (unroll=False, return_sequences), Dense")
def b_lstm(out):
    L = keras.layers
    i = keras.Input((20, 8))
    x = L.LSTM(16, return_sequences=True)(i)
    x = L.LSTM(16)(x)
    o = L.Dense(3)(x)
    _export(keras.Model(i, o), out)


@model("keras_lstm_unrolled", "keras-export",
       "sequence regressor [None,10,4]: LSTM(unroll=True) then GRU(unroll=True), Dense")
def b_lstm_unroll(out):
    L = keras.layers
    i = keras.Input((10, 4))
    x = L.LSTM(8, unroll=True, return_sequences=True)(i)
    x = L.GRU(8, unroll=True)(x)
    o = L.Dense(1)(x)
    _export(keras.Model(i, o), out)


@model("keras_gru_bidirectional", "keras-export",
       "tagger over variable-length sequences [None,None,16]: Masking, Bidirectional(GRU, return_sequences), "
       "TimeDistributed Dense")
def b_bigru(out):
    L = keras.layers
    i = keras.Input((None, 16))
    x = L.Masking(0.0)(i)
    x = L.Bidirectional(L.GRU(12, return_sequences=True))(x)
    o = L.TimeDistributed(L.Dense(5))(x)
    _export(keras.Model(i, o), out)


@model("keras_simplernn_embedding_int", "keras-export",
       "int32 token ids [None,30] -> Embedding(mask_zero) -> SimpleRNN -> Dense sigmoid (sentiment)")
def b_srnn(out):
    L = keras.layers
    i = keras.Input((30,), dtype="int32")
    x = L.Embedding(1000, 16, mask_zero=True)(i)
    x = L.SimpleRNN(16)(x)
    o = L.Dense(1, activation="sigmoid")(x)
    _export(keras.Model(i, o), out)


@model("keras_transformer_encoder_mha", "keras-export",
       "transformer encoder on int32 ids [None,32]: token + position Embedding, MultiHeadAttention, "
       "LayerNormalization, feed-forward (gelu), GlobalAveragePooling1D")
def b_transformer(out):
    L = keras.layers

    class PosEmb(L.Layer):
        def __init__(self, n, d, **kw):
            super().__init__(**kw)
            self.tok = L.Embedding(5000, d)
            self.pos = L.Embedding(n, d)

        def call(self, x):
            pos = tf.range(tf.shape(x)[-1])
            return self.tok(x) + self.pos(pos)

    i = keras.Input((32,), dtype="int32")
    x = PosEmb(32, 32)(i)
    a = L.MultiHeadAttention(num_heads=4, key_dim=8)(x, x)
    x = L.LayerNormalization(epsilon=1e-6)(x + a)
    f = L.Dense(64, activation="gelu")(x)
    f = L.Dense(32)(f)
    x = L.LayerNormalization(epsilon=1e-6)(x + f)
    x = L.GlobalAveragePooling1D()(x)
    o = L.Dense(2)(x)
    _export(keras.Model(i, o), out)


@model("keras_preproc_image_norm_resize_crop", "keras-export",
       "image model with preprocessing inside: uint8-range float input [None,None,None,3] -> Resizing(72,72) -> "
       "CenterCrop(64,64) -> Rescaling(1/255) -> Normalization(mean,var) -> Conv2D -> GAP -> Dense")
def b_preproc_img(out):
    L = keras.layers
    i = keras.Input((None, None, 3))
    x = L.Resizing(72, 72)(i)
    x = L.CenterCrop(64, 64)(x)
    x = L.Rescaling(1.0 / 255)(x)
    x = L.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.052, 0.050, 0.051])(x)
    x = L.Conv2D(8, 3, activation="relu")(x)
    x = L.GlobalAveragePooling2D()(x)
    o = L.Dense(4)(x)
    _export(keras.Model(i, o), out)


@model("keras_stringlookup_embedding", "keras-export",
       "string category input [None,1] -> StringLookup(vocabulary, oov) -> Embedding -> Flatten -> Dense")
def b_strlookup(out):
    L = keras.layers
    i = keras.Input((1,), dtype="string")
    x = L.StringLookup(vocabulary=["red", "green", "blue", "yellow"])(i)
    x = L.Embedding(6, 4)(x)
    x = L.Flatten()(x)
    o = L.Dense(1)(x)
    _export(keras.Model(i, o), out)


@model("keras_integerlookup_categoryencoding", "keras-export",
       "int64 ids [None,3] -> IntegerLookup(vocabulary) -> CategoryEncoding(multi_hot) -> Dense (recommender feature)")
def b_intlookup(out):
    L = keras.layers
    i = keras.Input((3,), dtype="int64")
    x = L.IntegerLookup(vocabulary=[3, 17, 42, 99, 1000])(i)
    x = L.CategoryEncoding(num_tokens=6, output_mode="multi_hot")(x)
    o = L.Dense(2)(x)
    _export(keras.Model(i, o), out)


@model("keras_textvectorization_classifier", "keras-export",
       "raw text input [None,1] string -> TextVectorization(lower_and_strip_punctuation, whitespace split, int, "
       "len 16) -> Embedding -> GlobalAveragePooling1D -> Dense")
def b_textvec(out):
    L = keras.layers
    i = keras.Input((1,), dtype="string")
    tv = L.TextVectorization(max_tokens=50, output_sequence_length=16,
                             vocabulary=["the", "movie", "was", "great", "bad", "not", "a", "film"])
    x = tv(i)
    x = L.Embedding(52, 8)(x)
    x = L.GlobalAveragePooling1D()(x)
    o = L.Dense(1, activation="sigmoid")(x)
    _export(keras.Model(i, o), out)


@model("keras_hashing_discretization_tabular", "keras-export",
       "tabular model, two inputs: string zip code [None,1] -> Hashing(64) -> CategoryEncoding(one_hot); "
       "float age [None,1] -> Discretization(bin_boundaries) -> CategoryEncoding; Concatenate -> Dense")
def b_hashdisc(out):
    L = keras.layers
    z = keras.Input((1,), dtype="string", name="zip")
    a = keras.Input((1,), dtype="float32", name="age")
    zh = L.CategoryEncoding(64, output_mode="one_hot")(L.Hashing(64)(z))
    ab = L.CategoryEncoding(5, output_mode="one_hot")(L.Discretization(bin_boundaries=[18.0, 30.0, 45.0, 65.0])(a))
    x = L.Concatenate()([zh, ab])
    o = L.Dense(1)(x)
    _export(keras.Model([z, a], o), out)


@model("keras_lambda_superres_depth_to_space_resize", "keras-export",
       "ESPCN super-resolution [None,32,32,3]: Conv2D, Lambda(tf.nn.depth_to_space 2x), plus a bicubic "
       "Lambda(tf.image.resize) skip path")
def b_superres(out):
    L = keras.layers
    i = keras.Input((32, 32, 3))
    x = L.Conv2D(16, 5, padding="same", activation="tanh")(i)
    x = L.Conv2D(12, 3, padding="same")(x)
    x = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(x)
    skip = L.Lambda(lambda t: tf.image.resize(t, (64, 64), method="bicubic"))(i)
    o = L.Add()([x, skip])
    _export(keras.Model(i, o), out)


@model("keras_lambda_cumsum_rfft_spectrum", "keras-export",
       "signal features [None,256]: Lambda(tf.math.cumsum), Lambda(|tf.signal.rfft|) magnitude spectrum, Dense")
def b_rfft(out):
    L = keras.layers
    i = keras.Input((256,))
    c = L.Lambda(lambda t: tf.math.cumsum(t, axis=-1, exclusive=True))(i)
    s = L.Lambda(lambda t: tf.abs(tf.signal.rfft(t)))(i)
    x = L.Concatenate()([c, s])
    o = L.Dense(4)(x)
    _export(keras.Model(i, o), out)


@model("keras_lambda_linalg_inv_cholesky", "keras-export",
       "covariance head [None,4,4]: custom layer with tf.linalg.inv (MatrixInverse), tf.linalg.cholesky, "
       "tf.linalg.triangular_solve, tf.linalg.trace; Dense")
def b_linalg(out):
    L = keras.layers

    class Cov(L.Layer):
        def call(self, m):
            spd = tf.matmul(m, m, transpose_b=True) + tf.eye(4)
            inv = tf.linalg.inv(spd)
            ch = tf.linalg.cholesky(spd)
            sol = tf.linalg.triangular_solve(ch, tf.ones_like(m[..., :1]), lower=True)
            return tf.concat([tf.reshape(inv, [-1, 16]), tf.reshape(sol, [-1, 4]),
                              tf.linalg.trace(spd)[:, None]], axis=-1)

    i = keras.Input((4, 4))
    o = L.Dense(3)(Cov()(i))
    _export(keras.Model(i, o), out)


@model("keras_lambda_topk_argsort", "keras-export",
       "ranking head [None,50]: Dense scores -> Lambda(tf.math.top_k k=5) values+indices outputs, "
       "Lambda(tf.argsort descending) output")
def b_topk(out):
    L = keras.layers
    i = keras.Input((50,))
    s = L.Dense(50)(i)
    vals = L.Lambda(lambda t: tf.math.top_k(t, k=5).values, name="topk_values")(s)
    idx = L.Lambda(lambda t: tf.math.top_k(t, k=5).indices, name="topk_indices")(s)
    order = L.Lambda(lambda t: tf.argsort(t, direction="DESCENDING"), name="ranking")(s)
    _export(keras.Model(i, [vals, idx, order]), out)


@model("keras_lambda_where_gather_nd", "keras-export",
       "sparse keypoint extraction [None,16,16,1]: heatmap -> custom layer tf.where(mask) (data-dependent "
       "shape) -> tf.gather_nd of features -> dynamic-length outputs")
def b_where(out):
    L = keras.layers

    class Pick(L.Layer):
        def call(self, heat, feats):
            coords = tf.where(heat[..., 0] > 0.5)
            picked = tf.gather_nd(feats, coords)
            return picked, tf.cast(coords, tf.int32)

    i = keras.Input((16, 16, 1))
    f = L.Conv2D(4, 3, padding="same")(i)
    p, c = Pick()(i, f)
    _export(keras.Model(i, [p, c]), out)


@model("keras_detection_combined_nms", "keras-export",
       "SSD-style detector head [None,64,64,3]: Conv2D box/class heads, reshape, sigmoid, "
       "tf.image.combined_non_max_suppression (CombinedNonMaxSuppression) -> boxes/scores/classes/num outputs")
def b_cnms(out):
    L = keras.layers

    class NMS(L.Layer):
        def call(self, boxes, scores):
            r = tf.image.combined_non_max_suppression(boxes[:, :, None, :], scores, 10, 20,
                                                      iou_threshold=0.5, score_threshold=0.1)
            return r.nmsed_boxes, r.nmsed_scores, r.nmsed_classes, tf.cast(r.valid_detections, tf.float32)

    i = keras.Input((64, 64, 3))
    x = L.Conv2D(8, 3, strides=4, padding="same", activation="relu")(i)
    bx = L.Reshape((256, 4))(L.Conv2D(4, 1, activation="sigmoid")(x))
    sc = L.Reshape((256, 3))(L.Conv2D(3, 1, activation="sigmoid")(x))
    o = NMS()(bx, sc)
    _export(keras.Model(i, list(o)), out)


@model("keras_lambda_einsum_bilinear", "keras-export",
       "bilinear interaction of two inputs a[None,8], b[None,6]: Lambda(tf.einsum 'bi,bj->bij') outer product, "
       "Lambda(tf.einsum 'bij,bjk->bik'), EinsumDense")
def b_einsum(out):
    L = keras.layers
    a = keras.Input((8,), name="a")
    b = keras.Input((6,), name="b")
    outer = L.Lambda(lambda ts: tf.einsum("bi,bj->bij", ts[0], ts[1]))([a, b])
    mixed = L.Lambda(lambda t: tf.einsum("bij,bjk->bik", t, tf.transpose(t, [0, 2, 1])))(outer)
    x = L.Flatten()(mixed)
    o = L.EinsumDense("ab,bc->ac", output_shape=2, bias_axes="c")(x)
    _export(keras.Model([a, b], o), out)


@model("keras_lambda_unique_segment_sum", "keras-export",
       "bag aggregation: ids[None,10] int32 + values[None,10]: custom layer tf.unique on flattened ids, "
       "tf.math.unsorted_segment_sum by unique index, tf.math.segment_sum over sorted row ids")
def b_unique(out):
    L = keras.layers

    class Agg(L.Layer):
        def call(self, ids, vals):
            flat_ids = tf.reshape(ids, [-1])
            flat_v = tf.reshape(vals, [-1])
            uniq, idx = tf.unique(flat_ids)
            per_id = tf.math.unsorted_segment_sum(flat_v, idx, tf.size(uniq))
            rows = tf.repeat(tf.range(tf.shape(ids)[0]), tf.shape(ids)[1])
            per_row = tf.math.segment_sum(flat_v, rows)
            return per_id, per_row

    ids = keras.Input((10,), dtype="int32", name="ids")
    vals = keras.Input((10,), name="vals")
    a, b = Agg()(ids, vals)
    _export(keras.Model([ids, vals], [a, b]), out)


@model("keras_lambda_strings_features", "keras-export",
       "string input [None,1]: custom layer tf.strings.lower, tf.strings.length, tf.strings.regex_full_match, "
       "tf.strings.substr + tf.strings.to_number -> float features -> Dense")
def b_strings(out):
    L = keras.layers

    class StrFeat(L.Layer):
        def call(self, s):
            s = tf.strings.lower(s)
            ln = tf.cast(tf.strings.length(s), tf.float32)
            is_url = tf.cast(tf.strings.regex_full_match(s, r"https?://.*"), tf.float32)
            num = tf.strings.to_number(tf.strings.substr(s, 0, 2), out_type=tf.float32)
            return tf.concat([ln, is_url, num], axis=-1)

    i = keras.Input((1,), dtype="string")
    o = L.Dense(1)(StrFeat()(i))
    _export(keras.Model(i, o), out)


@model("keras_lambda_bincount", "keras-export",
       "bag-of-words: int32 token ids [None,20] -> Lambda(tf.math.bincount axis=-1, minlength=maxlength=100) "
       "(DenseBincount) -> Dense")
def b_bincount(out):
    L = keras.layers
    i = keras.Input((20,), dtype="int32")
    x = L.Lambda(lambda t: tf.reshape(tf.math.bincount(t, minlength=100, maxlength=100, axis=-1, dtype=tf.float32),
                                      [-1, 100]))(i)
    o = L.Dense(3)(x)
    _export(keras.Model(i, o), out)


@model("keras_mc_dropout_training_true", "keras-export",
       "Monte-Carlo dropout regressor [None,10]: Dense -> Dropout(0.2)(x, training=True) so dropout stays active "
       "at serving (Keras 3 SeedGenerator state variable + stateless random)")
def b_mcdrop(out):
    L = keras.layers
    i = keras.Input((10,))
    x = L.Dense(32, activation="relu")(i)
    x = L.Dropout(0.2)(x, training=True)
    o = L.Dense(1)(x)
    _export(keras.Model(i, o), out)


@model("keras_lambda_random_normal_noise", "keras-export",
       "denoiser input jitter [None,16]: custom layer adding tf.random.normal (stateful RandomStandardNormal) "
       "and tf.random.uniform in call() regardless of training; Dense")
def b_randnoise(out):
    L = keras.layers

    class Jitter(L.Layer):
        def call(self, x):
            return x + 0.01 * tf.random.normal(tf.shape(x)) * tf.random.uniform([], 0.5, 1.5)

    i = keras.Input((16,))
    o = L.Dense(4)(Jitter()(i))
    _export(keras.Model(i, o), out)


def _with_policy(policy, fn):
    keras.mixed_precision.set_global_policy(policy)
    try:
        return fn()
    finally:
        keras.mixed_precision.set_global_policy("float32")


@model("keras_mixed_float16_cnn", "keras-export",
       "CNN built under mixed_float16 policy [None,32,32,3]: Conv2D/BatchNorm/Dense compute in float16 "
       "(Cast ops), final Activation softmax in float32")
def b_mp16(out):
    def build():
        L = keras.layers
        i = keras.Input((32, 32, 3))
        x = L.Conv2D(16, 3, activation="relu")(i)
        x = L.BatchNormalization()(x)
        x = L.MaxPooling2D()(x)
        x = L.Conv2D(32, 3, activation="relu")(x)
        x = L.GlobalAveragePooling2D()(x)
        x = L.Dense(10)(x)
        o = L.Activation("softmax", dtype="float32")(x)
        return keras.Model(i, o)
    _export(_with_policy("mixed_float16", build), out)


@model("keras_mixed_bfloat16_mlp_ln", "keras-export",
       "MLP built under mixed_bfloat16 policy [None,64]: Dense (bfloat16 MatMul), LayerNormalization, "
       "Dense in bfloat16, output Dense forced to float32")
def b_mpbf16(out):
    def build():
        L = keras.layers
        i = keras.Input((64,))
        x = L.Dense(64, activation="relu")(i)
        x = L.LayerNormalization()(x)
        x = L.Dense(32, activation="relu")(x)
        o = L.Dense(1, dtype="float32")(x)
        return keras.Model(i, o)
    _export(_with_policy("mixed_bfloat16", build), out)


@model("keras_multi_io_tabular", "keras-export",
       "multi-input/multi-output model: float features [None,12], int32 category [None,1] (Embedding), image "
       "[None,28,28,1] (Conv2D); outputs: class softmax [None,3] and regression [None,1]")
def b_multiio(out):
    L = keras.layers
    f = keras.Input((12,), name="features")
    c = keras.Input((1,), dtype="int32", name="category")
    im = keras.Input((28, 28, 1), name="image")
    e = L.Flatten()(L.Embedding(20, 4)(c))
    v = L.GlobalAveragePooling2D()(L.Conv2D(8, 3, activation="relu")(im))
    x = L.Concatenate()([f, e, v])
    x = L.Dense(32, activation="relu")(x)
    cls = L.Dense(3, activation="softmax", name="cls")(x)
    reg = L.Dense(1, name="reg")(x)
    _export(keras.Model([f, c, im], [cls, reg]), out)


@model("keras_export_archive_multi_signature", "keras-exportarchive",
       "keras.export.ExportArchive with three endpoints on one CNN: serve [None,32,32,3] logits, "
       "serve_probs (softmax), serve_embedding (penultimate features, input [1,32,32,3])")
def b_archive(out):
    L = keras.layers
    i = keras.Input((32, 32, 3))
    x = L.Conv2D(8, 3, activation="relu")(i)
    x = L.GlobalAveragePooling2D()(x)
    emb = L.Dense(16, activation="relu", name="emb")(x)
    o = L.Dense(5)(emb)
    m = keras.Model(i, o)
    e = keras.Model(i, emb)
    arch = keras.export.ExportArchive()
    arch.track(m)
    arch.track(e)
    arch.add_endpoint("serve", lambda t: m(t, training=False),
                      input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32)])
    arch.add_endpoint("serve_probs", lambda t: tf.nn.softmax(m(t, training=False)),
                      input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32)])
    arch.add_endpoint("serve_embedding", lambda t: e(t, training=False),
                      input_signature=[tf.TensorSpec([1, 32, 32, 3], tf.float32)])
    arch.write_out(str(out), verbose=False)


# ============================================================================ tf.Module (TF2)

def _save(mod, out, signatures):
    tf.saved_model.save(mod, str(out), signatures=signatures)


@model("mod_switch_case_router", "tf2-module",
       "mixture-of-experts router: x[None,8] float + expert int32 scalar -> tf.switch_case over 3 dense experts "
       "(Case op)")
def b_switch(out):
    class M(tf.Module):
        def __init__(self):
            r = _rng(1)
            self.w = [tf.Variable(r.normal(size=(8, 4)).astype("float32")) for _ in range(3)]

        @tf.function(input_signature=[tf.TensorSpec([None, 8]), tf.TensorSpec([], tf.int32)])
        def serve(self, x, expert):
            return {"y": tf.switch_case(expert, [lambda w=w: tf.nn.relu(x @ w) for w in self.w],
                                        default=lambda: tf.zeros([tf.shape(x)[0], 4]))}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_greedy_decode_tensorarray", "tf2-module",
       "seq2seq greedy decoder: state[1,16] + max_len int32 scalar -> tf.while_loop with early stop on EOS, "
       "argmax, embedding gather, TensorArray(dynamic_size=True) stacked tokens")
def b_decode(out):
    class M(tf.Module):
        def __init__(self):
            r = _rng(2)
            self.emb = tf.Variable(r.normal(size=(20, 16)).astype("float32"))
            self.w = tf.Variable(r.normal(size=(16, 20)).astype("float32"))
            self.u = tf.Variable(r.normal(size=(16, 16)).astype("float32") * 0.1)

        @tf.function(input_signature=[tf.TensorSpec([1, 16]), tf.TensorSpec([], tf.int32)])
        def decode(self, state, max_len):
            ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)

            def cond(i, s, done, ta):
                return tf.logical_and(i < max_len, tf.logical_not(done))

            def body(i, s, done, ta):
                tok = tf.argmax(s @ self.w, axis=-1, output_type=tf.int32)
                ta = ta.write(i, tok[0])
                s = tf.tanh(tf.gather(self.emb, tok) + s @ self.u)
                return i + 1, s, tf.equal(tok[0], 0), ta

            _, _, _, ta = tf.while_loop(cond, body, [0, state, False, ta])
            return {"tokens": ta.stack()}
    m = M()
    _save(m, out, {"serving_default": m.decode})


@model("mod_lookup_id_to_label_int_string", "tf2-module",
       "classifier postprocessing: logits x[None,4] -> argmax int64 -> StaticHashTable int64->string label "
       "(KeyValueTensorInitializer), plus score")
def b_id2label(out):
    class M(tf.Module):
        def __init__(self):
            self.table = tf.lookup.StaticHashTable(
                tf.lookup.KeyValueTensorInitializer(tf.constant([0, 1, 2, 3], tf.int64),
                                                    tf.constant(["cat", "dog", "bird", "fish"])), "unknown")

        @tf.function(input_signature=[tf.TensorSpec([None, 4])])
        def serve(self, x):
            k = tf.argmax(x, axis=-1)
            return {"label": self.table.lookup(k), "score": tf.reduce_max(tf.nn.softmax(x), -1)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_mutable_hashtable_string_int", "tf2-module",
       "feature store: tf.lookup.experimental.MutableHashTable string->int64; signature lookup(keys[None]) "
       "reads, signature insert(keys, values) writes while serving")
def b_mutable(out):
    class M(tf.Module):
        def __init__(self):
            self.table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def lookup(self, keys):
            return {"ids": self.table.lookup(keys)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string), tf.TensorSpec([None], tf.int64)])
        def insert(self, keys, values):
            self.table.insert(keys, values)
            return {"size": self.table.size()}
    m = M()
    m.table.insert(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64))
    _save(m, out, {"lookup": m.lookup, "insert": m.insert})


def _py_tokenize(t):
    import numpy as _np
    return _np.array([[len(w) for w in s.decode().split()[:4]] + [0] * (4 - min(4, len(s.decode().split())))
                      for s in t.numpy()], dtype=_np.int32)


@model("mod_py_function_tokenizer", "tf2-module",
       "text classifier with a Python tokenizer: text[None] string -> tf.py_function (EagerPyFunc) -> "
       "int32 [None,4] -> float Dense")
def b_pyfunc(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(tf.ones([4, 2]))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def serve(self, text):
            ids = tf.py_function(_py_tokenize, [text], tf.int32)
            ids = tf.ensure_shape(ids, [None, 4])
            return {"y": tf.cast(ids, tf.float32) @ self.w}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_print_checknumerics_assert", "tf2-module",
       "defensive serving fn x[None,8]: tf.debugging.check_numerics, tf.debugging.assert_rank, "
       "tf.debugging.assert_less_equal (AssertGuard), tf.print of the batch mean to stderr, Dense")
def b_print(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(tf.ones([8, 2]))

        @tf.function(input_signature=[tf.TensorSpec([None, 8])])
        def serve(self, x):
            x = tf.debugging.check_numerics(x, "bad input")
            tf.debugging.assert_rank(x, 2)
            tf.debugging.assert_less_equal(tf.reduce_max(tf.abs(x)), 1e6, message="input out of range")
            tf.print("batch mean", tf.reduce_mean(x), output_stream=sys.stderr)
            return {"y": x @ self.w}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_decode_image_classifier", "tf2-module",
       "image bytes endpoint: encoded string scalar -> tf.io.decode_image(channels=3) (DecodeImage) -> "
       "convert_image_dtype -> tf.image.resize 32x32 -> Conv2D -> logits")
def b_decode_img(out):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(_rng(3).normal(size=(3, 3, 3, 4)).astype("float32"))

        @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
        def serve(self, image_bytes):
            img = tf.io.decode_image(image_bytes, channels=3, expand_animations=False)
            img = tf.image.convert_image_dtype(img, tf.float32)
            img = tf.image.resize(img[None], (32, 32))
            y = tf.nn.conv2d(img, self.k, 1, "SAME")
            return {"logits": tf.reduce_mean(y, [1, 2])}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_parse_example_tabular", "tf2-module",
       "TF Serving classify-style endpoint: serialized tf.Example [None] string -> tf.io.parse_example "
       "(ParseExampleV2: FixedLen float, FixedLen string, VarLen int64) -> hash bucket + sparse reduce -> Dense")
def b_parse(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(tf.ones([3, 1]))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="examples")])
        def serve(self, examples):
            f = tf.io.parse_example(examples, {
                "age": tf.io.FixedLenFeature([1], tf.float32, default_value=[0.0]),
                "country": tf.io.FixedLenFeature([1], tf.string, default_value=[""]),
                "clicks": tf.io.VarLenFeature(tf.int64)})
            country = tf.cast(tf.strings.to_hash_bucket_fast(f["country"], 100), tf.float32)
            clicks = tf.cast(tf.sparse.reduce_sum(f["clicks"], axis=1, keepdims=True), tf.float32)
            return {"score": tf.concat([f["age"], country, clicks], -1) @ self.w}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_streaming_state_assign", "tf2-module",
       "streaming denoiser keeping state in a resource variable: step(frame[1,16]) returns frame - 0.9*prev "
       "and assigns prev (AssignVariableOp); reset() zeroes it; peek() only reads")
def b_stream(out):
    class M(tf.Module):
        def __init__(self):
            self.prev = tf.Variable(tf.zeros([1, 16]))

        @tf.function(input_signature=[tf.TensorSpec([1, 16])])
        def step(self, frame):
            y = frame - 0.9 * self.prev
            self.prev.assign(frame)
            return {"y": y}

        @tf.function(input_signature=[])
        def reset(self):
            self.prev.assign(tf.zeros([1, 16]))
            return {"ok": tf.constant(True)}

        @tf.function(input_signature=[])
        def peek(self):
            return {"prev": self.prev.read_value()}
    m = M()
    _save(m, out, {"step": m.step, "reset": m.reset, "peek": m.peek})


@model("mod_ragged_row_lengths_reduce", "tf2-module",
       "variable-length bag pooling: values[None,8] + row_lengths[None] int64 -> tf.RaggedTensor.from_row_lengths "
       "-> ragged reduce_mean -> to_tensor padding (RaggedTensorToTensor) -> two outputs")
def b_ragged(out):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 8]), tf.TensorSpec([None], tf.int64)])
        def serve(self, values, row_lengths):
            rt = tf.RaggedTensor.from_row_lengths(values, row_lengths)
            return {"mean": tf.reduce_mean(rt, axis=1), "padded": rt.to_tensor(shape=[None, 5, 8])}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_nms_crop_and_resize", "tf2-module",
       "two-stage detector ROI step: image[1,64,64,3], boxes[None,4], scores[None] -> "
       "tf.image.non_max_suppression (NonMaxSuppressionV3) -> gather -> tf.image.crop_and_resize 7x7 -> ROI features")
def b_nms(out):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([1, 64, 64, 3]), tf.TensorSpec([None, 4]), tf.TensorSpec([None])])
        def serve(self, image, boxes, scores):
            keep = tf.image.non_max_suppression(boxes, scores, 8, iou_threshold=0.5, score_threshold=0.2)
            sel = tf.gather(boxes, keep)
            crops = tf.image.crop_and_resize(image, sel, tf.zeros_like(keep), [7, 7])
            return {"rois": crops, "kept": keep}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_random_generator_stateful", "tf2-module",
       "data-augmentation endpoint: tf.random.Generator.from_seed (RNG state variable, RngReadAndSkip + "
       "StatelessRandomNormalV2) adds noise to x[None,8]")
def b_gen(out):
    class M(tf.Module):
        def __init__(self):
            self.g = tf.random.Generator.from_seed(1234)

        @tf.function(input_signature=[tf.TensorSpec([None, 8])])
        def serve(self, x):
            return {"y": x + self.g.normal(tf.shape(x), stddev=0.1)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_stateless_random_seed_input", "tf2-module",
       "reproducible sampler: x[None,8] + seed int32[2] -> tf.random.stateless_normal and "
       "tf.random.stateless_uniform (StatelessRandomNormal/Uniform ops, seed from the client)")
def b_stateless(out):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 8]), tf.TensorSpec([2], tf.int32)])
        def serve(self, x, seed):
            n = tf.random.stateless_normal(tf.shape(x), seed)
            u = tf.random.stateless_uniform(tf.shape(x), seed + 1)
            return {"y": x + 0.1 * n * u}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("mod_dynamic_image_resize_conv", "tf2-module",
       "fully convolutional model on any image size: x[None,None,None,3] -> tf.image.resize to half size "
       "computed from tf.shape -> conv2d -> resize back (nearest) -> sigmoid")
def b_dynconv(out):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(_rng(4).normal(size=(3, 3, 3, 1)).astype("float32"))

        @tf.function(input_signature=[tf.TensorSpec([None, None, None, 3])])
        def serve(self, x):
            hw = tf.shape(x)[1:3]
            small = tf.image.resize(x, hw // 2)
            y = tf.nn.conv2d(small, self.k, 1, "SAME")
            return {"mask": tf.sigmoid(tf.image.resize(y, hw, method="nearest"))}
    m = M()
    _save(m, out, {"serving_default": m.serve})


# ============================================================================ TF1 graphs

class _TF1:
    """A fresh graph; v1 control flow and ref variables when legacy=True (what TF 1.x code produced)."""

    def __init__(self, legacy: bool):
        self.legacy = legacy

    def __enter__(self):
        if self.legacy:
            tf.compat.v1.disable_control_flow_v2()
            tf.compat.v1.disable_resource_variables()
        self.g = tf.Graph()
        self.ctx = self.g.as_default()
        self.ctx.__enter__()
        self.sess = tf.compat.v1.Session(graph=self.g)
        return self

    def __exit__(self, *exc):
        self.sess.close()
        self.ctx.__exit__(*exc)
        tf.compat.v1.enable_control_flow_v2()
        tf.compat.v1.enable_resource_variables()
        return False


def _var(name, shape, seed, dtype=None):
    r = _rng(seed)
    return tf.compat.v1.get_variable(name, initializer=(r.normal(size=shape) * 0.1).astype(dtype or "float32"))


def _freeze(sess, outputs, out: Path, clear_devices=False):
    gd = sess.graph.as_graph_def()
    if clear_devices:
        for n in gd.node:
            n.device = ""
    frozen = tf.compat.v1.graph_util.convert_variables_to_constants(sess, gd, outputs)
    out.write_bytes(frozen.SerializeToString())


def _sm_save(sess, out: Path, inputs: dict, outputs: dict, clear_devices=False, main_op=None, extra=None):
    b = tf.compat.v1.saved_model.Builder(str(out))
    sigs = {"serving_default": tf.compat.v1.saved_model.predict_signature_def(inputs, outputs)}
    sigs.update(extra or {})
    b.add_meta_graph_and_variables(sess, ["serve"], signature_def_map=sigs, clear_devices=clear_devices,
                                   main_op=main_op, strip_default_attrs=True)
    b.save()


def _tf1_conv_bn(x, is_training, seed):
    k = _var("conv/kernel", (3, 3, 3, 8), seed)
    y = tf.nn.conv2d(x, k, strides=1, padding="SAME", name="conv")
    gamma = tf.compat.v1.get_variable("bn/gamma", initializer=tf.ones([8]))
    beta = tf.compat.v1.get_variable("bn/beta", initializer=tf.zeros([8]))
    mm = tf.compat.v1.get_variable("bn/moving_mean", initializer=tf.zeros([8]), trainable=False)
    mv = tf.compat.v1.get_variable("bn/moving_variance", initializer=tf.ones([8]), trainable=False)

    def train():
        o, m, v = tf.compat.v1.nn.fused_batch_norm(y, gamma, beta, epsilon=1e-3, is_training=True)
        return o

    def infer():
        o, _, _ = tf.compat.v1.nn.fused_batch_norm(y, gamma, beta, mean=mm, variance=mv, epsilon=1e-3,
                                                   is_training=False)
        return o

    z = tf.cond(is_training, train, infer, name="bn_cond")
    z = tf.nn.relu(z)
    z = tf.reduce_mean(z, axis=[1, 2])
    w = _var("fc/kernel", (8, 5), seed + 1)
    return tf.identity(tf.matmul(z, w), name="logits")


@model("tf1_frozen_cnn_bn_is_training_v1cond", "tf1-frozen",
       "TF1-style CNN (ref variables, v1 control flow): x[None,32,32,3] -> conv -> batch norm chosen by "
       "tf.cond(is_training placeholder_with_default False) between fused_batch_norm train/infer (Switch/Merge) "
       "-> GAP -> logits; frozen with convert_variables_to_constants")
def b_tf1_bn_v1(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 32, 32, 3], name="input")
        it = tf.compat.v1.placeholder_with_default(False, [], name="is_training")
        _tf1_conv_bn(x, it, 10)
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _freeze(t.sess, ["logits"], out)


@model("tf1_frozen_bn_is_training_cf2", "tf1-frozen",
       "the same CNN written with tf.compat.v1 but run with TF2 defaults (resource variables, control flow v2): "
       "tf.cond on is_training placeholder becomes an If with two branch functions; frozen")
def b_tf1_bn_v2(out):
    with _TF1(legacy=False) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 32, 32, 3], name="input")
        it = tf.compat.v1.placeholder(tf.bool, [], name="is_training")
        _tf1_conv_bn(x, it, 20)
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _freeze(t.sess, ["logits"], out)


@model("tf1_frozen_cnn_dropout_keep_prob", "tf1-frozen",
       "TF1 CNN with tf.compat.v1.nn.dropout(keep_prob=placeholder_with_default(1.0)) after the conv "
       "(RandomUniform on the live path), max_pool, dense; frozen (ref vars)")
def b_tf1_drop(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 28, 28, 1], name="image")
        kp = tf.compat.v1.placeholder_with_default(1.0, [], name="keep_prob")
        k = _var("conv1/weights", (5, 5, 1, 8), 30)
        h = tf.nn.relu(tf.nn.conv2d(x, k, 1, "SAME"))
        h = tf.nn.max_pool2d(h, 2, 2, "SAME")
        h = tf.compat.v1.nn.dropout(h, keep_prob=kp)
        h = tf.reshape(h, [-1, 14 * 14 * 8])
        w = _var("fc/weights", (14 * 14 * 8, 10), 31)
        tf.nn.softmax(tf.matmul(h, w), name="probs")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _freeze(t.sess, ["probs"], out)


@model("tf1_savedmodel_while_cond_v1", "tf1-savedmodel",
       "TF1 SavedModel (ref vars, v1 control flow): iterative refinement x[None,4] with "
       "tf.compat.v1.while_loop (n_iter placeholder_with_default 3) and a v1 tf.cond inside the body")
def b_tf1_while(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
        n = tf.compat.v1.placeholder_with_default(3, [], name="n_iter")
        w = _var("refine/w", (4, 4), 40)

        def body(i, h):
            h2 = tf.tanh(tf.matmul(h, w))
            h2 = tf.cond(tf.reduce_mean(h2) > 0, lambda: h2 * 0.5, lambda: h2 + 0.1)
            return i + 1, h2

        _, y = tf.compat.v1.while_loop(lambda i, h: i < n, body, [tf.constant(0), x])
        y = tf.identity(y, name="y")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _sm_save(t.sess, out, {"x": x, "n_iter": n}, {"y": y})


@model("tf1_savedmodel_string_split_hash_embedding", "tf1-savedmodel",
       "TF1 SavedModel text model: sentence[None] string -> tf.compat.v1.string_split (StringSplit sparse) -> "
       "string_to_hash_bucket_fast -> embedding_lookup_sparse(mean) -> dense (ref vars)")
def b_tf1_str(out):
    with _TF1(legacy=True) as t:
        s = tf.compat.v1.placeholder(tf.string, [None], name="sentence")
        sp = tf.compat.v1.string_split(s, " ")
        ids = tf.SparseTensor(sp.indices, tf.compat.v1.string_to_hash_bucket_fast(sp.values, 500), sp.dense_shape)
        emb = _var("emb", (500, 8), 50)
        v = tf.compat.v1.nn.embedding_lookup_sparse(emb, ids, None, combiner="mean")
        w = _var("out/w", (8, 2), 51)
        y = tf.identity(tf.matmul(v, w), name="scores")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _sm_save(t.sess, out, {"sentence": s}, {"scores": y})


@model("tf1_savedmodel_vocab_table_oov", "tf1-savedmodel",
       "TF1 SavedModel: word[None,3] string -> StaticVocabularyTable(vocab, num_oov_buckets=4) (HashTableV2 + "
       "hash bucket for OOV) -> embedding gather -> reduce_sum -> logits; tables initialised by "
       "main_op=tables_initializer (ref vars)")
def b_tf1_vocab(out):
    with _TF1(legacy=True) as t:
        w_in = tf.compat.v1.placeholder(tf.string, [None, 3], name="words")
        table = tf.lookup.StaticVocabularyTable(
            tf.lookup.KeyValueTensorInitializer(tf.constant(["the", "cat", "sat", "mat"]),
                                                tf.constant([0, 1, 2, 3], tf.int64)), num_oov_buckets=4)
        ids = table.lookup(w_in)
        emb = _var("emb", (8, 6), 60)
        v = tf.reduce_sum(tf.gather(emb, ids), axis=1)
        y = tf.identity(tf.matmul(v, _var("w", (6, 2), 61)), name="logits")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        t.sess.run(tf.compat.v1.tables_initializer())
        _sm_save(t.sess, out, {"words": w_in}, {"logits": y}, main_op=tf.compat.v1.tables_initializer())


@model("tf1_frozen_float64_regression", "tf1-frozen",
       "scientific regression in float64 end to end: Placeholder x float64 [None,6] -> MatMul/BiasAdd/Tanh "
       "float64 -> output float64; frozen (ref vars)")
def b_tf1_f64(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float64, [None, 6], name="x")
        w1 = tf.compat.v1.get_variable("w1", initializer=_rng(70).normal(size=(6, 16)))
        b1 = tf.compat.v1.get_variable("b1", initializer=np.zeros(16))
        w2 = tf.compat.v1.get_variable("w2", initializer=_rng(71).normal(size=(16, 1)))
        h = tf.tanh(tf.nn.bias_add(tf.matmul(x, w1), b1))
        tf.identity(tf.matmul(h, w2), name="y")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _freeze(t.sess, ["y"], out)


@model("tf1_savedmodel_print_cpu_devices", "tf1-savedmodel",
       "TF1 SavedModel, everything under tf.device('/cpu:0'), clear_devices=False: MLP x[None,4] with "
       "tf.compat.v1.Print of the hidden activations on the output path")
def b_tf1_print(out):
    with _TF1(legacy=True) as t:
        with tf.device("/cpu:0"):
            x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
            h = tf.nn.relu(tf.matmul(x, _var("l1/w", (4, 8), 80)))
            h = tf.compat.v1.Print(h, [tf.reduce_mean(h)], message="hidden mean: ")
            y = tf.identity(tf.matmul(h, _var("l2/w", (8, 1), 81)), name="y")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _sm_save(t.sess, out, {"x": x}, {"y": y}, clear_devices=False)


@model("tf1_savedmodel_gpu_trained_cleared", "tf1-savedmodel",
       "TF1 SavedModel trained on GPU (variables and ops under tf.device('/gpu:0')) exported with "
       "clear_devices=True: MLP x[None,4] -> softmax, plus a second signature 'logits'")
def b_tf1_gpu_clear(out):
    with _TF1(legacy=True) as t:
        t.sess.close()
        t.sess = tf.compat.v1.Session(graph=t.g, config=tf.compat.v1.ConfigProto(allow_soft_placement=True))
        with tf.device("/gpu:0"):
            x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
            h = tf.nn.relu(tf.matmul(x, _var("l1/w", (4, 8), 90)))
            logits = tf.identity(tf.matmul(h, _var("l2/w", (8, 3), 91)), name="logits")
            p = tf.nn.softmax(logits, name="probs")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        extra = {"logits": tf.compat.v1.saved_model.predict_signature_def({"x": x}, {"logits": logits})}
        _sm_save(t.sess, out, {"x": x}, {"probs": p}, clear_devices=True, extra=extra)


def _lstm_cell(xt, h, c, W, b):
    z = tf.matmul(tf.concat([xt, h], 1), W) + b
    i, f, g, o = tf.split(z, 4, axis=1)
    c = tf.sigmoid(f) * c + tf.sigmoid(i) * tf.tanh(g)
    return tf.sigmoid(o) * tf.tanh(c), c


@model("tf1_frozen_dynamic_lstm_while_v1", "tf1-frozen",
       "TF1 dynamic_rnn-style LSTM written by hand: x[None,None,8] time-major loop with v1 tf.compat.v1.while_loop "
       "+ v1 TensorArray (TensorArrayV3/Scatter/Read/Gather), last state -> dense; frozen (ref vars)")
def b_tf1_dynlstm(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, None, 8], name="inputs")
        W = _var("lstm/kernel", (8 + 16, 64), 100)
        b = tf.compat.v1.get_variable("lstm/bias", initializer=tf.zeros([64]))
        xt = tf.transpose(x, [1, 0, 2])
        steps = tf.shape(xt)[0]
        batch = tf.shape(xt)[1]
        in_ta = tf.TensorArray(tf.float32, size=steps).unstack(xt)
        out_ta = tf.TensorArray(tf.float32, size=steps)

        def body(i, h, c, ta):
            h, c = _lstm_cell(in_ta.read(i), h, c, W, b)
            return i + 1, h, c, ta.write(i, h)

        z = tf.zeros(tf.stack([batch, 16]))
        _, h, _, out_ta = tf.compat.v1.while_loop(lambda i, *_: i < steps, body, [tf.constant(0), z, z, out_ta])
        tf.transpose(out_ta.stack(), [1, 0, 2], name="sequence")  # a second output head
        tf.identity(tf.matmul(h, _var("fc/w", (16, 3), 101)), name="logits")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _freeze(t.sess, ["logits", "sequence"], out)


@model("tf1_frozen_static_rnn_gru", "tf1-frozen",
       "TF1 static_rnn-style GRU unrolled over 6 fixed steps in Python: x[None,6,5] -> unstack -> 6x GRU cell "
       "(MatMul/Sigmoid/Tanh) -> dense; frozen (ref vars), no control flow")
def b_tf1_static(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 6, 5], name="x")
        Wz = _var("gru/gates", (5 + 10, 20), 110)
        Wh = _var("gru/candidate", (5 + 10, 10), 111)
        h = tf.zeros_like(x[:, 0, :1]) * tf.zeros([1, 10])
        for xt in tf.unstack(x, axis=1):
            zr = tf.sigmoid(tf.matmul(tf.concat([xt, h], 1), Wz))
            zg, rg = tf.split(zr, 2, axis=1)
            cand = tf.tanh(tf.matmul(tf.concat([xt, rg * h], 1), Wh))
            h = (1 - zg) * h + zg * cand
        tf.identity(tf.matmul(h, _var("fc/w", (10, 2), 112)), name="y")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _freeze(t.sess, ["y"], out)


@model("tf1_savedmodel_resize_nearest_space_to_depth", "tf1-savedmodel",
       "TF1 SavedModel image model with resource variables and cf2 defaults: x[1,64,64,3] -> "
       "tf.compat.v1.image.resize_nearest_neighbor(align_corners=True) -> space_to_depth -> conv -> "
       "tf.compat.v1.image.resize_bilinear(align_corners=True) back")
def b_tf1_resize(out):
    with _TF1(legacy=False) as t:
        x = tf.compat.v1.placeholder(tf.float32, [1, 64, 64, 3], name="x")
        y = tf.compat.v1.image.resize_nearest_neighbor(x, [32, 32], align_corners=True)
        y = tf.nn.space_to_depth(y, 2)
        y = tf.nn.conv2d(y, _var("k", (3, 3, 12, 4), 120), 1, "SAME")
        y = tf.compat.v1.image.resize_bilinear(y, [64, 64], align_corners=True)
        y = tf.identity(y, name="y")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _sm_save(t.sess, out, {"x": x}, {"y": y})


@model("tf1_frozen_argmax_topk_postprocess", "tf1-frozen",
       "TF1 frozen classifier with postprocessing on the graph: x[None,10] -> dense -> softmax, tf.nn.top_k(3), "
       "argmax int64, tf.compat.v1.to_int32; outputs probs/top_values/top_indices/class_id; clear_devices on freeze")
def b_tf1_topk(out):
    with _TF1(legacy=True) as t:
        with tf.device("/device:CPU:0"):
            x = tf.compat.v1.placeholder(tf.float32, [None, 10], name="x")
            p = tf.nn.softmax(tf.matmul(x, _var("w", (10, 7), 130)), name="probs")
            v, i = tf.nn.top_k(p, 3)
            tf.identity(v, name="top_values")
            tf.identity(i, name="top_indices")
            tf.compat.v1.to_int32(tf.argmax(p, 1), name="class_id")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        _freeze(t.sess, ["probs", "top_values", "top_indices", "class_id"], out, clear_devices=True)


@model("tf1_frozen_device_pinned_worker", "tf1-frozen",
       "TF1 frozen MLP from distributed training NOT cleared: nodes keep '/job:ps/task:0' and "
       "'/job:worker/device:GPU:0' device strings in the .pb")
def b_tf1_pinned(out):
    with _TF1(legacy=True) as t:
        # Build and run without devices (no cluster here), then put back the device strings the
        # distributed training graph had: what `freeze_graph` without --clear_devices leaves.
        devices = {}
        w1 = _var("w1", (4, 8), 140)
        w2 = _var("w2", (8, 2), 141)
        for op in t.g.get_operations():
            devices[op.name] = "/job:ps/task:0/device:CPU:0"
        x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
        h = tf.nn.relu(tf.matmul(x, w1))
        tf.identity(tf.matmul(h, w2), name="y")
        for op in t.g.get_operations():
            devices.setdefault(op.name, "/job:worker/task:0/device:GPU:0")
        t.sess.run(tf.compat.v1.global_variables_initializer())
        frozen = tf.compat.v1.graph_util.convert_variables_to_constants(t.sess, t.g.as_graph_def(), ["y"])
        for n in frozen.node:
            n.device = devices.get(n.name, "/job:worker/task:0/device:GPU:0")
        out.write_bytes(frozen.SerializeToString())


# ============================================================================ driver

def main() -> int:
    global tf, keras, np
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    t0 = time.monotonic()
    import numpy
    import tensorflow
    import keras as k
    tf, keras, np = tensorflow, k, numpy
    OUT.mkdir(parents=True, exist_ok=True)
    names = args.names or list(BUILDERS)
    failed = []
    for name in names:
        fn, kind, desc = BUILDERS[name]
        suffix = ".pb" if kind == "tf1-frozen" else ""
        out = OUT / (name + suffix)
        if out.exists() and not (args.force or args.names):
            continue
        if out.exists():
            shutil.rmtree(out) if out.is_dir() else out.unlink()
        t = time.monotonic()
        try:
            keras.backend.clear_session()
            fn(out)
            print(f"built {name} ({time.monotonic() - t:.1f}s)", flush=True)
        except Exception:
            failed.append(name)
            print(f"FAILED {name}:\n{traceback.format_exc()}", flush=True)
            if out.exists():
                shutil.rmtree(out, ignore_errors=True) if out.is_dir() else out.unlink()
    lines = []
    for name, (fn, kind, desc) in BUILDERS.items():
        suffix = ".pb" if kind == "tf1-frozen" else ""
        if (OUT / (name + suffix)).exists():
            lines.append(f"{name}{suffix} | {kind} | {desc}")
    (OUT / "MANIFEST.txt").write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} models in {OUT}; failed: {failed or 'none'}; total {time.monotonic() - t0:.1f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
