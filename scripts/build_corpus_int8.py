"""Build an independently made int8 corpus into bench/out/int8fresh/: small, realistic TensorFlow models
of the kind people put through TFLite FULL-INTEGER (int8) quantization for phones, MCUs, Coral and NPUs,
to measure how well a static analyzer predicts the outcome. Written from what such models contain, without
looking at the analyzer's rules: about half are plain int8-friendly networks, half carry something that
may stay in float, fail calibration or fail conversion. Random seeded weights; nothing is downloaded.

    .venv/bin/python scripts/build_corpus_int8.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_int8.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_int8.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_int8.py --list          # list the models

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

from corpus_driver import Corpus

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("int8fresh", frozen_kinds={"tf1-frozen"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = None


def _w(shape, seed):
    return (np.random.default_rng(seed).normal(size=shape) * 0.1).astype("float32")


def _keras(inputs, outputs, out: Path):
    m = keras.Model(inputs, outputs)  # weights seeded in main()
    # export() makes the batch dimension dynamic unless told otherwise; keep a fixed batch of 1 as declared
    fixed = [tf.TensorSpec(t.shape, t.dtype) for t in m.inputs] if m.inputs[0].shape[0] else None
    m.export(str(out), verbose=False, input_signature=fixed)


def _seq(shape, layers, out: Path, batch=None, dtype="float32"):
    x = i = keras.Input(shape, batch_size=batch, dtype=dtype)
    for layer in layers:
        x = layer(x)
    _keras(i, x, out)


def _spec(shape, dtype="float32", name=None):
    return tf.TensorSpec(shape, dtype, name=name)


# ============================================================================ Keras: common edge architectures

@model("k8_mobilenetv2_inverted_residual", "keras-export",
       "[None,96,96,3] MobileNetV2-style: strided Conv2D, expand 1x1, DepthwiseConv2D, BN, ReLU6, project, Add, GAP")
def b_mbv2(out):
    i = keras.Input((96, 96, 3))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(i)))
    for _ in range(2):
        y = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(48, 1, use_bias=False)(x)))
        y = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(y)))
        x = L.Add()([x, L.BatchNormalization()(L.Conv2D(16, 1, use_bias=False)(y))])
    _keras(i, L.Dense(5, activation="softmax")(L.GlobalAveragePooling2D()(x)), out)


@model("k8_micro_kws_dscnn_batch1", "keras-export",
       "TFLite-Micro keyword spotting DS-CNN on MFCCs [1,49,10,1]: Conv2D, 2x depthwise-separable, AvgPool, Dense")
def b_dscnn(out):
    _seq((49, 10, 1), [L.Conv2D(32, (10, 4), strides=2, padding="same", activation="relu"),
                       L.DepthwiseConv2D(3, padding="same", activation="relu"), L.Conv2D(32, 1, activation="relu"),
                       L.DepthwiseConv2D(3, padding="same", activation="relu"), L.Conv2D(32, 1, activation="relu"),
                       L.AveragePooling2D((25, 5)), L.Flatten(), L.Dense(12, activation="softmax")], out, batch=1)


@model("k8_person_detect_grayscale", "keras-export",
       "visual-wake-words style [1,96,96,1]: strided Conv2D, strided AveragePooling2D, Dropout, 2-class softmax")
def b_vww(out):
    _seq((96, 96, 1), [L.Conv2D(8, 3, strides=2, activation="relu"), L.AveragePooling2D(3, strides=2),
                       L.Conv2D(16, 3, strides=2, activation="relu"), L.GlobalAveragePooling2D(), L.Dropout(0.25),
                       L.Dense(2, activation="softmax")], out, batch=1)


@model("k8_unet_tiny_bilinear", "keras-export",
       "[None,64,64,3] tiny U-Net: Conv, MaxPool, UpSampling2D bilinear, Concatenate skips, Conv2DTranspose, sigmoid")
def b_unet(out):
    i = keras.Input((64, 64, 3))
    e1 = L.Conv2D(8, 3, padding="same", activation="relu")(i)
    e2 = L.Conv2D(16, 3, padding="same", activation="relu")(L.MaxPooling2D()(e1))
    b = L.Conv2D(32, 3, padding="same", activation="relu")(L.MaxPooling2D()(e2))
    d2 = L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(b), e2])
    d2 = L.Conv2D(16, 3, padding="same", activation="relu")(d2)
    d1 = L.Concatenate()([L.Conv2DTranspose(8, 2, strides=2)(d2), e1])
    _keras(i, L.Conv2D(1, 1, activation="sigmoid")(d1), out)


@model("k8_pad_crop_prelu_leaky", "keras-export",
       "[None,32,32,3] ZeroPadding2D, Cropping2D, PReLU, LeakyReLU, ELU, MaxPool, Flatten, Dense")
def b_padcrop(out):
    _seq((32, 32, 3), [L.ZeroPadding2D(2), L.Conv2D(16, 3), L.PReLU(shared_axes=[1, 2]), L.Cropping2D(1),
                       L.Conv2D(16, 3, strides=2), L.LeakyReLU(0.1), L.Conv2D(16, 3, strides=2), L.ELU(),
                       L.MaxPooling2D(), L.Flatten(), L.Dense(10)], out)


@model("k8_se_block_multiply", "keras-export",
       "[None,48,48,3] squeeze-and-excitation: GAP, Dense relu, Dense sigmoid, Reshape, Multiply, GlobalMaxPooling2D")
def b_se(out):
    i = keras.Input((48, 48, 3))
    x = L.Conv2D(24, 3, strides=2, padding="same", activation="relu")(i)
    s = L.Dense(6, activation="relu")(L.GlobalAveragePooling2D()(x))
    x = L.Multiply()([x, L.Reshape((1, 1, 24))(L.Dense(24, activation="sigmoid")(s))])
    x = L.GlobalMaxPooling2D()(L.Conv2D(32, 3, activation="relu")(x))
    _keras(i, L.Dense(4, activation="softmax")(x), out)


@model("k8_inception_branches_concat", "keras-export",
       "[None,40,40,3] inception block: 1x1/3x3/5x5 and avg-pool branches, Concatenate, BN, Dropout, Dense")
def b_incep(out):
    i = keras.Input((40, 40, 3))
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(i)
    b = [L.Conv2D(8, k, padding="same", activation="relu")(x) for k in (1, 3, 5)]
    b.append(L.Conv2D(8, 1)(L.AveragePooling2D(3, strides=1, padding="same")(x)))
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(L.BatchNormalization()(L.Concatenate()(b))))
    _keras(i, L.Dense(10, activation="softmax")(x), out)


@model("k8_dcgan_generator_transpose", "keras-export",
       "[None,16] latent -> Dense, Reshape, Conv2DTranspose x2, UpSampling2D nearest, tanh image [None,32,32,3]")
def b_gan(out):
    _seq((16,), [L.Dense(4 * 4 * 32, activation="relu"), L.Reshape((4, 4, 32)),
                 L.Conv2DTranspose(16, 4, strides=2, padding="same", activation="relu"),
                 L.Conv2DTranspose(8, 4, strides=2, padding="same", activation="relu"),
                 L.UpSampling2D(interpolation="nearest"), L.Conv2D(3, 3, padding="same", activation="tanh")], out)


@model("k8_detection_head_sigmoid_concat", "keras-export",
       "[1,64,64,3] SSD-like detector, no NMS: two feature maps, box/class convs, Reshape, sigmoid, Concatenate")
def b_det(out):
    i = keras.Input((64, 64, 3), batch_size=1)
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(i)
    f1 = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x)
    f2 = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(f1)
    boxes = [L.Reshape((n * 3, 4))(L.Conv2D(12, 3, padding="same")(f)) for f, n in ((f1, 256), (f2, 64))]
    scores = [L.Reshape((n * 3, 3))(L.Conv2D(9, 3, padding="same")(f)) for f, n in ((f1, 256), (f2, 64))]
    s = L.Activation("sigmoid")(L.Concatenate(axis=1)(scores))
    _keras(i, L.Concatenate(axis=-1)([L.Concatenate(axis=1)(boxes), s]), out)


@model("k8_preproc_resize_rescale_normalize", "keras-export",
       "[None,128,128,3] raw pixels: Resizing(64,64), Rescaling(1/255), Normalization(mean/var), Conv2D, GAP, Dense")
def b_preproc(out):
    _seq((128, 128, 3), [L.Resizing(64, 64), L.Rescaling(1 / 255.0),
                         L.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.052, 0.05, 0.051]),
                         L.Conv2D(16, 3, strides=2, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(3)], out)


@model("k8_argmax_segmentation_output", "keras-export",
       "[1,64,64,3] segmenter (dilated conv) whose output is tf.argmax over 4 classes (int64 label map) via Lambda")
def b_argmax(out):
    _seq((64, 64, 3), [L.Conv2D(16, 3, padding="same", activation="relu"),
                       L.Conv2D(16, 3, dilation_rate=2, padding="same", activation="relu"), L.Conv2D(4, 1),
                       L.Lambda(lambda t: tf.argmax(t, axis=-1))], out, batch=1)


@model("k8_gru_batch1_unrolled", "keras-export", "gesture sequence [1,10,8]: GRU(16, unroll=True), Dense softmax")
def b_gru(out):
    _seq((10, 8), [L.GRU(16, unroll=True), L.Dense(4, activation="softmax")], out, batch=1)


@model("k8_embedding_int32_gap_text", "keras-export",
       "text classifier on int32 token ids [None,20]: Embedding(1000,16), GlobalAveragePooling1D, Dense, sigmoid")
def b_emb(out):
    _seq((20,), [L.Embedding(1000, 16), L.GlobalAveragePooling1D(), L.Dense(16, activation="relu"),
                 L.Dense(1, activation="sigmoid")], out, dtype="int32")


@model("k8_hard_swish_separable", "keras-export",
       "MobileNetV3-flavoured [None,64,64,3]: hard_swish, SeparableConv2D swish, hard_sigmoid SE gate, GAP, Dense")
def b_hswish(out):
    i = keras.Input((64, 64, 3))
    x = L.Activation("hard_swish")(L.Conv2D(16, 3, strides=2, padding="same")(i))
    x = L.SeparableConv2D(24, 3, strides=2, padding="same", activation="swish")(x)
    g = L.Dense(24, activation="hard_sigmoid")(L.GlobalAveragePooling2D()(x))
    x = L.Multiply()([x, L.Reshape((1, 1, 24))(g)])
    _keras(i, L.Dense(8)(L.GlobalAveragePooling2D()(x)), out)


# ======================================================================= Keras: normalisation, sequence, signal, math

@model("k8_groupnorm_cnn", "keras-export",
       "[None,32,32,3] CNN with GroupNormalization(groups=4) after each conv (moments/rsqrt decomposition)")
def b_gn(out):
    _seq((32, 32, 3), [L.Conv2D(16, 3, padding="same"), L.GroupNormalization(4), L.ReLU(),
                       L.Conv2D(16, 3, strides=2, padding="same"), L.GroupNormalization(4), L.ReLU(),
                       L.GlobalAveragePooling2D(), L.Dense(10)], out)


@model("k8_layernorm_gelu_mlp_mixer", "keras-export",
       "[None,16,32] MLP-Mixer block: LayerNormalization, token-mixing Dense via Permute, GELU, residual Add")
def b_mixer(out):
    i = keras.Input((16, 32))
    y = L.Permute((2, 1))(L.LayerNormalization()(i))
    x = L.Add()([i, L.Permute((2, 1))(L.Dense(16)(L.Dense(32, activation="gelu")(y)))])
    y = L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization()(x)))
    _keras(i, L.Dense(5)(L.GlobalAveragePooling1D()(L.Add()([x, y]))), out)


@model("k8_transformer_block_mha_batch1", "keras-export",
       "[1,16,32] tiny transformer encoder: MultiHeadAttention(2 heads, key_dim 16), LayerNorm, FFN, GAP, Dense")
def b_mha(out):
    i = keras.Input((16, 32), batch_size=1)
    x = L.LayerNormalization()(L.Add()([i, L.MultiHeadAttention(2, 16)(i, i)]))
    x = L.LayerNormalization()(L.Add()([x, L.Dense(32)(L.Dense(64, activation="relu")(x))]))
    _keras(i, L.Dense(3)(L.GlobalAveragePooling1D()(x)), out)


@model("k8_keras_attention_seq", "keras-export",
       "[None,12,24] query + value inputs: keras Attention (dot-product), Concatenate, GlobalMaxPooling1D, Dense")
def b_att(out):
    q, v = keras.Input((12, 24), name="query"), keras.Input((12, 24), name="value")
    _keras([q, v], L.Dense(2)(L.GlobalMaxPooling1D()(L.Concatenate()([q, L.Attention()([q, v])]))), out)


@model("k8_lstm_batch1_not_unrolled", "keras-export",
       "streaming sensor model [1,20,6]: LSTM(16, return_sequences), LSTM(8), both not unrolled, Dense")
def b_lstm(out):
    _seq((20, 6), [L.LSTM(16, return_sequences=True), L.LSTM(8), L.Dense(3)], out, batch=1)


@model("k8_stft_logmag_conv1d", "keras-export",
       "audio classifier on raw waveform [None,4000]: Lambda tf.signal.stft (complex), abs, log, Conv1D, GAP, Dense")
def b_stft(out):
    _seq((4000,), [L.Lambda(lambda w: tf.math.log(tf.abs(tf.signal.stft(w, 256, 128, 256)) + 1e-6)),
                   L.Conv1D(16, 3, activation="relu"), L.GlobalAveragePooling1D(), L.Dense(10)], out)


@model("k8_tfimage_gray_standardize_resize", "keras-export",
       "[None,120,160,3] frame: Lambda tf.image.resize, rgb_to_grayscale, per_image_standardization; Conv2D, Dense")
def b_tfimage(out):
    f = lambda t: tf.image.per_image_standardization(tf.image.rgb_to_grayscale(tf.image.resize(t, (60, 80))))  # noqa
    _seq((120, 160, 3), [L.Lambda(f), L.Conv2D(8, 3, strides=2, activation="relu"), L.GlobalAveragePooling2D(),
                         L.Dense(4)], out)


@model("k8_lambda_logsumexp_softplus_log1p", "keras-export",
       "[None,32] scoring head: Dense, Lambda softplus + log1p, reduce_logsumexp -> [None,1] score")
def b_lse(out):
    _seq((32,), [L.Dense(32, activation="relu"), L.Dense(16), L.Lambda(lambda t: tf.math.log1p(tf.math.softplus(t))),
                 L.Lambda(lambda t: tf.math.reduce_logsumexp(t, axis=-1, keepdims=True))], out)


@model("k8_face_embedding_l2norm_math", "keras-export",
       "face embedding [None,48,48,3]: CNN, Lambda abs, sqrt, clip_by_value, square, reciprocal; l2_normalize output")
def b_l2(out):
    f = lambda t: tf.sqrt(tf.abs(t)) * tf.math.reciprocal(1.0 + tf.square(tf.clip_by_value(t, -3, 3)))  # noqa
    _seq((48, 48, 3), [L.Conv2D(16, 3, strides=2, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(32),
                       L.Lambda(f), L.Lambda(lambda t: tf.nn.l2_normalize(t, axis=-1))], out)


@model("k8_lambda_cumsum_floormod_phase", "keras-export",
       "[None,64,8] signal model: Dense, Lambda cumsum over time, floormod(., 2*pi) phase wrap, Conv1D, GAP")
def b_cumsum(out):
    _seq((64, 8), [L.Dense(8), L.Lambda(lambda t: tf.math.floormod(tf.math.cumsum(t, axis=1), 6.2831855)),
                   L.Conv1D(8, 3), L.GlobalAveragePooling1D(), L.Dense(2)], out)


@model("k8_sort_topk_two_outputs", "keras-export",
       "[None,100] recommender: Dense scores, Lambda tf.sort descending, tf.math.top_k(k=5) values AND indices")
def b_topk(out):
    i = keras.Input((100,))
    s = L.Dense(100)(L.Dense(32, activation="relu")(i))
    srt = L.Lambda(lambda t: tf.sort(t, direction="DESCENDING"), name="sorted")(s)
    vals = L.Lambda(lambda t: tf.math.top_k(t, 5).values, name="top_values")(s)
    idx = L.Lambda(lambda t: tf.math.top_k(t, 5).indices, name="top_indices")(s)
    _keras(i, [srt, vals, idx], out)


# ============================================================================ tf.Module + tf.function

def _module(out: Path, fn, specs, **shapes):
    """Save a tf.Module holding seeded variables `shapes` and serving tf.function `fn(module, *inputs)`."""
    m = tf.Module()
    for i, (k, shape) in enumerate(shapes.items()):
        setattr(m, k, tf.Variable(_w(shape, 100 + i), name=k))
    m.serve = tf.function(functools.partial(fn, m), input_signature=specs)
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve})


@model("m8_conv_matmul_relu6", "tf-module",
       "tf.Module [None,32,32,3]: tf.nn.conv2d, bias_add, relu6, max_pool2d, reshape, matmul, softmax")
def b_m_conv(out):
    def f(m, x):
        y = tf.nn.relu6(tf.nn.bias_add(tf.nn.conv2d(x, m.k, 1, "SAME"), m.b))
        y = tf.reshape(tf.nn.max_pool2d(y, 2, 2, "VALID"), [-1, 8 * 16 * 16])
        return {"probs": tf.nn.softmax(tf.matmul(y, m.w))}
    _module(out, f, [_spec([None, 32, 32, 3], name="image")], k=(3, 3, 3, 8), b=(8,), w=(8 * 16 * 16, 10))


@model("m8_where_threshold_mask", "tf-module",
       "tf.Module [None,64]: dense, sigmoid, tf.where(score > 0.5, score, 0) select, reduce_max")
def b_m_where(out):
    def f(m, x):
        s = tf.sigmoid(tf.matmul(x, m.w))
        masked = tf.where(s > 0.5, s, tf.zeros_like(s))
        return {"masked": masked, "peak": tf.reduce_max(masked, axis=-1)}
    _module(out, f, [_spec([None, 64], name="x")], w=(64, 32))


@model("m8_gather_int_indices_input", "tf-module",
       "tf.Module: features [None,16] float + ids [None,4] int32; tf.gather from a weight table, mean, add, dense")
def b_m_gather(out):
    def f(m, x, ids):
        return {"logits": tf.matmul(tf.nn.relu(x + tf.reduce_mean(tf.gather(m.table, ids), axis=1)), m.w)}
    _module(out, f, [_spec([None, 16], name="features"), _spec([None, 4], "int32", name="ids")],
            table=(50, 16), w=(16, 3))


@model("m8_one_hot_category_matmul", "tf-module",
       "tf.Module: category int32 [None] -> tf.one_hot(10), concat with numeric [None,6] -> matmul, sigmoid")
def b_m_onehot(out):
    def f(m, c, x):
        return {"prob": tf.sigmoid(tf.matmul(tf.concat([tf.one_hot(c, 10), x], axis=-1), m.w))}
    _module(out, f, [_spec([None], "int32", name="category"), _spec([None, 6], name="numeric")], w=(16, 1))


@model("m8_segment_sum_graph_pooling", "tf-module",
       "tf.Module GNN readout [12,8] nodes: matmul, tf.math.segment_sum and unsorted_segment_max with constant ids")
def b_m_seg(out):
    ids = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3]

    def f(m, x):
        h = tf.nn.relu(tf.matmul(x, m.w))
        return {"sum": tf.math.segment_sum(h, ids), "max": tf.math.unsorted_segment_max(h, ids, 4)}
    _module(out, f, [_spec([12, 8], name="nodes")], w=(8, 8))


@model("m8_nms_detector_postprocess", "tf-module",
       "tf.Module [1,64,64,3] detector: conv head -> boxes/scores, tf.image.non_max_suppression, gather kept boxes")
def b_m_nms(out):
    def f(m, x):
        y = tf.reshape(tf.nn.conv2d(x, m.k, 4, "SAME"), [256, 5])
        boxes, scores = tf.sigmoid(y[:, :4]), tf.sigmoid(y[:, 4])
        keep = tf.image.non_max_suppression(boxes, scores, 10, iou_threshold=0.5, score_threshold=0.3)
        return {"boxes": tf.gather(boxes, keep), "scores": tf.gather(scores, keep)}
    _module(out, f, [_spec([1, 64, 64, 3], name="image")], k=(3, 3, 3, 5))


@model("m8_cond_on_mode_input", "tf-module",
       "tf.Module [None,32] features + bool scalar 'use_large_head': tf.cond picks one of two dense heads")
def b_m_cond(out):
    def f(m, x, flag):
        return {"logits": tf.cond(flag, lambda: tf.matmul(tf.nn.relu(tf.matmul(x, m.b1)), m.b2),
                                  lambda: tf.matmul(x, m.a))}
    _module(out, f, [_spec([None, 32], name="x"), _spec([], "bool", name="use_large_head")],
            a=(32, 4), b1=(32, 64), b2=(64, 4))


# ============================================================================ frozen GraphDefs

def _tf1_graph(build, outputs, out: Path):
    g = tf.Graph()
    with g.as_default(), tf.compat.v1.Session(graph=g) as sess:
        build()
        sess.run(tf.compat.v1.global_variables_initializer())
        gd = tf.compat.v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), outputs)
    out.write_bytes(gd.SerializeToString())


def _v1var(name, shape, seed):
    return tf.compat.v1.get_variable(name, initializer=_w(shape, seed))


@model("tf1_8_frozen_conv_fusedbn_relu6", "tf1-frozen",
       "TF1 graph [None,64,64,3]: conv2d, fused_batch_norm(is_training=False), relu6, depthwise, avg_pool, matmul")
def b_tf1_bn(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 64, 64, 3], name="input")
        y = tf.nn.conv2d(x, _v1var("c1", (3, 3, 3, 16), 40), 2, "SAME")
        y, _, _ = tf.compat.v1.nn.fused_batch_norm(y, _v1var("g", (16,), 41) + 1, _v1var("b", (16,), 42),
                                                   mean=tf.zeros([16]), variance=tf.ones([16]), is_training=False)
        y = tf.nn.relu6(y)
        y = tf.nn.relu6(tf.nn.depthwise_conv2d(y, _v1var("dw", (3, 3, 16, 1), 43), [1, 2, 2, 1], "SAME"))
        y = tf.reshape(tf.nn.avg_pool2d(y, 16, 16, "VALID"), [-1, 16])
        tf.nn.softmax(tf.matmul(y, _v1var("fc", (16, 5), 44)), name="probs")
    _tf1_graph(build, ["probs"], out)


@model("tf1_8_frozen_mlp_batch1_l2", "tf1-frozen",
       "TF1 graph [1,40]: 3-layer MLP (matmul, bias add, tanh, relu) with l2_normalize embedding output; frozen")
def b_tf1_mlp(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, 40], name="features")
        h = tf.tanh(tf.matmul(x, _v1var("w1", (40, 32), 50)) + _v1var("b1", (32,), 51))
        h = tf.nn.relu(tf.matmul(h, _v1var("w2", (32, 16), 52)))
        tf.nn.l2_normalize(tf.matmul(h, _v1var("w3", (16, 8), 53)), axis=-1, name="embedding")
    _tf1_graph(build, ["embedding"], out)


@model("tf2_8_frozen_keras_cnn_concrete", "tf1-frozen",
       "Keras CNN [1,28,28,1] frozen with convert_variables_to_constants_v2 on its concrete function (TF2 recipe)")
def b_tf2_frozen(out):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2
    i = keras.Input((28, 28, 1), batch_size=1)
    x = L.MaxPooling2D()(L.Conv2D(8, 3, activation="relu")(i))
    x = L.Flatten()(L.Conv2D(16, 3, activation="relu")(x))
    m = keras.Model(i, L.Dense(10, activation="softmax")(x))
    fn = tf.function(lambda t: m(t, training=False)).get_concrete_function(_spec([1, 28, 28, 1], name="input"))
    out.write_bytes(convert_variables_to_constants_v2(fn).graph.as_graph_def().SerializeToString())


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup))
