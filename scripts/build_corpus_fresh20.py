"""Build an independently made corpus into bench/out/fresh20/: small task models of the kind mobile app teams ship with
on-device ML SDKs (MediaPipe Tasks, TFLite Model Maker, TF Hub). Image classifiers with preprocessing in the graph
(uint8 and float inputs, central crop / resize / mean-std normalize, JPEG bytes decoded with tf.map_fn), top-k label
lookups; SSD / EfficientDet-lite / YOLO-grid detectors with boxes, classes, scores, num_detections postprocessing
(soft-NMS, combined NMS, padded NMS); RetinaFace-style face detection with prior-box and landmark decoding;
MoveNet / PoseNet-style heatmap + offset argmax decoding, hand and face landmark regressors, face blendshapes;
selfie / multiclass / hair / interactive segmentation with sigmoid and softmax masks; image and text embedders with L2-normalized outputs; text
classifiers (average word-vec, small BERT-like encoders on token ids, in-graph tokenization with lookup tables, TF1
hashed bag-of-words); audio classifiers and embedders on waveform input; gesture and IMU classifiers; recommendation
models with id inputs and in-graph top-k retrieval; arbitrary and fast style transfer, ESRGAN / FSRCNN super-resolution
(depth_to_space, transposed convs); CRNN OCR with CTC greedy decoding and a DB text detector; TF Hub style tf.Modules
with several named signatures (dynamic batch and fixed batch 1). Exported as Keras 3 model.export,
keras.export.ExportArchive (several endpoints), tf.saved_model.save of tf.Modules and Keras models with
tf.function(input_signature=...) signatures, TF1 SavedModelBuilder graphs and frozen GraphDefs. Tiny widths, seeded
random weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh20.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh20.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh20.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh20.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh20.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import (Corpus, freeze_function, keras_export, serve_module, tensor_spec,
                           tf1_saved_model)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh20", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

IMAGE_LABELS = ["background", "daisy", "dandelion", "roses", "sunflowers", "tulips"]
COCO_LIKE = ["person", "bicycle", "car", "dog"]
CHARSET = "0123456789abcdefghijklmnopqrstuvwxyz"
WORDS = ("the movie was great and i loved the acting but plot felt slow boring terrible awful amazing brilliant "
         "story film characters music ending bad good best worst ever really not very fun waste time money "
         "recommend watch again never would funny sad beautiful script director scene").split()
SENTENCES = ["The movie was GREAT, really fun!", "boring plot and awful acting...", "",
             "i would never watch it again?"]


# ================================================================================ shared pieces

def _conv_bn(x, f, k=3, s=1, act="relu", name=None):
    x = L.Conv2D(f, k, strides=s, padding="same", use_bias=False, name=name)(x)
    x = L.BatchNormalization()(x)
    return L.Activation(act)(x) if act else x


def _dw_block(x, f, s=1, act="relu6", k=3):
    """MobileNet-v1 style depthwise kxk + pointwise 1x1, each with BatchNormalization + activation"""
    x = L.Activation(act)(L.BatchNormalization()(L.DepthwiseConv2D(k, strides=s, padding="same", use_bias=False)(x)))
    return L.Activation(act)(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))


def _mbconv(x, f, s=1, expand=4, k=3, act="relu6"):
    """MobileNetV2 / EfficientNet-lite inverted residual: 1x1 expand, depthwise, 1x1 project, Add when shapes match"""
    cin = x.shape[-1]
    h = _conv_bn(x, cin * expand, 1, 1, act)
    h = L.Activation(act)(L.BatchNormalization()(L.DepthwiseConv2D(k, strides=s, padding="same", use_bias=False)(h)))
    h = _conv_bn(h, f, 1, 1, None)
    return L.Add()([x, h]) if s == 1 and cin == f else h


def _v1_conv(x, name, cin, cout, k=3, s=1, act="relu"):
    """TF1 conv layer: get_variable weights / biases, tf.nn.conv2d SAME, bias_add, relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, cin, cout],
                            initializer=v1.truncated_normal_initializer(stddev=float(np.sqrt(2.0 / (k * k * cin)))))
        b = v1.get_variable("biases", [cout], initializer=v1.constant_initializer(0.01))
        y = tf.nn.bias_add(tf.nn.conv2d(x, w, [1, s, s, 1], "SAME"), b)
        return tf.nn.relu(y) if act == "relu" else y


def _v1_dense(x, name, cin, cout):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [cin, cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return tf.matmul(x, w) + b


def _anchors(grids, scales, ratios):
    """[N,4] (ycenter, xcenter, h, w) normalized anchors, ordered (level, row, col, anchor) like the heads reshape"""
    out = []
    for g, s in zip(grids, scales):
        for i in range(g):
            for j in range(g):
                for r in ratios:
                    out.append([(i + 0.5) / g, (j + 0.5) / g, s / np.sqrt(r), s * np.sqrt(r)])
    return np.array(out, "float32")


def _decode_boxes(enc, anchors, scale=(10.0, 10.0, 5.0, 5.0)):
    """SSD box coder: (ty, tx, th, tw) encodings against center-size anchors -> [ymin, xmin, ymax, xmax]"""
    ya, xa, ha, wa = (anchors[:, k] for k in range(4))
    ty, tx, th, tw = tf.unstack(enc, axis=-1)
    yc, xc = ty / scale[0] * ha + ya, tx / scale[1] * wa + xa
    h, w = tf.exp(th / scale[2]) * ha, tf.exp(tw / scale[3]) * wa
    return tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)


def _log_mel(wave, frame_length=400, frame_step=160, fft_length=512, mel_bins=64, sr=16000, lo=125.0, hi=7500.0,
             eps=1e-3):
    """[..., samples] float waveform -> [..., frames, mel_bins]: |tf.signal.stft|, mel weight matmul, log(x + eps)"""
    spec = tf.abs(tf.signal.stft(wave, frame_length, frame_step, fft_length))
    mel_w = tf.signal.linear_to_mel_weight_matrix(mel_bins, fft_length // 2 + 1, sr, lo, hi)
    return tf.math.log(tf.matmul(spec, mel_w) + eps)


def _wave(rng, shape, amp=0.5):
    """a made-up noisy tone, as a test clip would be"""
    t = np.arange(shape[-1]) / 16000.0
    return (amp * np.sin(2 * np.pi * 440.0 * t) + 0.05 * rng.standard_normal(shape)).astype("float32")


def _jpegs(rng, sizes):
    """JPEG-encoded made-up photos of the given (h, w) sizes, as a client would upload"""
    return [tf.io.encode_jpeg(rng.integers(0, 256, (h, w, 3)).astype("uint8")).numpy() for h, w in sizes]


def _bert_encoder(seq_len, vocab, hidden=32, layers=2, heads=2, ffn=64, classes=2, name="bert_classifier"):
    """a small BERT-like classifier on (input_word_ids, input_mask, input_type_ids) int32 [None, seq_len]: word +
    learned position + type embeddings, LayerNormalization, transformer blocks (MultiHeadAttention with a [B,T,T]
    mask from input_mask), [CLS] pooler Dense(tanh), Dense(classes, softmax)"""
    ops = keras.ops

    class PositionEmbedding(L.Layer):
        def build(self, shape):
            self.pos = self.add_weight(shape=(shape[1], shape[2]), initializer="random_normal", name="embeddings")

        def call(self, x):
            return x + self.pos[None]

    class SelfAttentionMask(L.Layer):
        def call(self, mask):
            m = ops.expand_dims(ops.cast(mask, "bool"), 1)
            return ops.logical_and(m, ops.ones((1, ops.shape(mask)[1], 1), "bool"))

    ids = keras.Input((seq_len,), dtype="int32", name="input_word_ids")
    mask = keras.Input((seq_len,), dtype="int32", name="input_mask")
    types = keras.Input((seq_len,), dtype="int32", name="input_type_ids")
    x = L.Add()([L.Embedding(vocab, hidden, name="word_embeddings")(ids), L.Embedding(2, hidden)(types)])
    x = L.Dropout(0.1)(L.LayerNormalization(epsilon=1e-12)(PositionEmbedding()(x)))
    att_mask = SelfAttentionMask()(mask)
    for _ in range(layers):
        a = L.MultiHeadAttention(heads, hidden // heads, dropout=0.1)(x, x, attention_mask=att_mask)
        x = L.LayerNormalization(epsilon=1e-12)(L.Add()([x, L.Dropout(0.1)(a)]))
        f = L.Dense(hidden)(L.Dense(ffn, activation="gelu")(x))
        x = L.LayerNormalization(epsilon=1e-12)(L.Add()([x, L.Dropout(0.1)(f)]))
    pooled = L.Dense(hidden, activation="tanh", name="pooler")(L.Lambda(lambda t: t[:, 0])(x))
    probs = L.Dense(classes, activation="softmax", name="probabilities")(L.Dropout(0.1)(pooled))
    return keras.Model([ids, mask, types], probs, name=name)


# ================================================================================ image classification

def _small_classifier(size, classes, width=8, name="classifier"):
    """MobileNet-v1-ish float [None,size,size,3] -> logits [None,classes]"""
    inp = keras.Input((size, size, 3))
    x = _conv_bn(inp, width, 3, 2, "relu6")
    for f, s in ((2 * width, 1), (4 * width, 2), (4 * width, 1), (8 * width, 2), (8 * width, 2)):
        x = _dw_block(x, f, s)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(x))
    return keras.Model(inp, L.Dense(classes, name="logits")(x), name=name)


@model("m_hub_image_classifier_uint8_crop_topk_labels", "tf-module", "Model Maker style image classifier as a tf.Module with two signatures: serving_default uint8 image [None,None,None,3] -> convert_image_dtype, tf.image.central_crop(0.875), tf.image.resize 96x96 (antialias), ImageNet mean / std normalize, MobileNet-v1-ish Keras net, softmax, top_k(3) and tf.gather of a constant label table (probabilities, top_k_scores, top_k_ids int32, top_k_labels string); classify_batch1 float [1,96,96,3] in [0,1] -> same outputs")
def b_hub_cls(out):
    net = _small_classifier(96, len(IMAGE_LABELS))
    labels = tf.constant(IMAGE_LABELS)
    mean, std = tf.constant([0.485, 0.456, 0.406]), tf.constant([0.229, 0.224, 0.225])

    class ImageClassifier(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net

        def _head(self, x):
            probs = tf.nn.softmax(self.net((x - mean) / std, training=False))
            top = tf.math.top_k(probs, 3)
            ids = tf.cast(top.indices, tf.int32)
            return {"probabilities": probs, "top_k_scores": top.values, "top_k_ids": ids,
                    "top_k_labels": tf.gather(labels, ids)}

        @tf.function(input_signature=[tf.TensorSpec([None, None, None, 3], tf.uint8, name="image")])
        def classify(self, image):
            x = tf.image.central_crop(tf.image.convert_image_dtype(image, tf.float32), 0.875)
            return self._head(tf.image.resize(x, [96, 96], antialias=True))

        @tf.function(input_signature=[tf.TensorSpec([1, 96, 96, 3], tf.float32, name="image")])
        def classify_batch1(self, image):
            return self._head(image)
    m = ImageClassifier()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.classify, "classify_batch1": m.classify_batch1})


@model("m_efficientnet_lite_normalization_keras", "keras-export", "EfficientNet-lite-like classifier (Model Maker default family), float [None,128,128,3] in 0-255: Normalization with fixed ImageNet mean / variance per channel, stem conv-BN-ReLU6 stride 2, inverted-residual blocks (expand 1x1, depthwise 3x3 / 5x5, project, Add skips; no squeeze-excite), 1x1 head conv, GlobalAveragePooling2D, Dropout(0.2), Dense(5, softmax); model.export")
def b_effnet_lite(out):
    inp = keras.Input((128, 128, 3), name="image")
    x = L.Normalization(mean=[123.675, 116.28, 103.53], variance=[58.395 ** 2, 57.12 ** 2, 57.375 ** 2])(inp)
    x = _conv_bn(x, 16, 3, 2, "relu6")
    x = _mbconv(x, 8, 1, expand=1)
    for f, s, k in ((12, 2, 3), (12, 1, 3), (20, 2, 5), (20, 1, 5), (40, 2, 3), (56, 1, 5), (96, 2, 5)):
        x = _mbconv(x, f, s, k=k)
    x = _conv_bn(x, 160, 1, 1, "relu6")
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(inp, L.Dense(5, activation="softmax", name="probabilities")(x)), out)


@model("m_mobilenet_v1_classifier_batch1_frozen", "frozen-pb", "TFLite-converter-bound classifier frozen with convert_variables_to_constants_v2, fixed float input [1,96,96,3] in [-1,1]: keras.applications.MobileNet(alpha=0.25, include_top=False, weights=None), GlobalAveragePooling2D, Dropout, Dense(8, softmax) named probabilities")
def b_mnv1_frozen(out):
    base = keras.applications.MobileNet(input_shape=(96, 96, 3), alpha=0.25, include_top=False, weights=None)
    inp = keras.Input((96, 96, 3), batch_size=1, name="input")
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(base(inp)))
    m = keras.Model(inp, L.Dense(8, activation="softmax")(x))
    freeze_function(lambda t: tf.identity(m(t, training=False), name="probabilities"),
                    [tensor_spec([1, 96, 96, 3], name="input")], out)


OUTPUTS["m_mobilenet_v1_classifier_batch1_frozen"] = ["probabilities"]


@model("m_hub_image_feature_vector_call_module", "tf-module", "TF Hub style image feature-vector module: tf.Module with a __call__ tf.function (input_signature float [None,None,None,3] in [0,1], tf.image.resize to 96x96, MobileNetV2-ish Keras net, GlobalAveragePooling2D -> [None,64]) used as serving_default (output_0), a fixed-batch feature_vector_batch1 [1,96,96,3] signature returning {feature_vector, default}, and a regularization_losses list attribute")
def b_hub_fv(out):
    inp = keras.Input((96, 96, 3))
    x = _conv_bn(inp, 16, 3, 2, "relu6")
    for f, s in ((8, 1), (12, 2), (12, 1), (16, 2), (32, 2), (32, 1)):
        x = _mbconv(x, f, s, expand=3)
    x = _conv_bn(x, 64, 1, 1, "relu6")
    net = keras.Model(inp, L.GlobalAveragePooling2D()(x))

    class FeatureVector(tf.Module):
        def __init__(self):
            super().__init__(name="image_feature_vector")
            self.net = net
            self.regularization_losses = []

        @tf.function(input_signature=[tf.TensorSpec([None, None, None, 3], tf.float32, name="inputs")])
        def __call__(self, inputs):
            return self.net(tf.image.resize(inputs, [96, 96]), training=False)

        @tf.function(input_signature=[tf.TensorSpec([1, 96, 96, 3], tf.float32, name="images")])
        def batch1(self, images):
            fv = self.net(images, training=False)
            return {"feature_vector": fv, "default": fv}
    m = FeatureVector()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.__call__, "feature_vector_batch1": m.batch1})


@model("m_tf1_image_classifier_crop_resize_two_signatures", "tf1-savedmodel", "TF1 SavedModelBuilder image classifier: placeholder float images [None,None,None,3] in [0,1], tf.image.central_crop(0.875), tf.compat.v1.image.resize_bilinear to 96x96, (x - 0.5) * 2, get_variable conv2d stride 2 x4 with bias_add / relu, reduce_mean, fc logits; signatures serving_default (probabilities, classes int64) and logits")
def b_tf1_cls(out):
    v1 = tf.compat.v1

    def build():
        images = v1.placeholder(tf.float32, [None, None, None, 3], name="images")
        x = v1.image.resize_bilinear(tf.image.central_crop(images, 0.875), [96, 96])
        x = (x - 0.5) * 2.0
        for i, (cin, cout) in enumerate(((3, 8), (8, 16), (16, 32), (32, 48))):
            x = _v1_conv(x, f"conv{i + 1}", cin, cout, s=2)
        logits = _v1_dense(tf.reduce_mean(x, axis=[1, 2]), "logits", 48, 6)
        probs = tf.nn.softmax(logits, name="probabilities")
        return {"serving_default": ({"images": images}, {"probabilities": probs, "classes": tf.argmax(probs, 1)}),
                "logits": ({"images": images}, {"logits": logits})}
    tf1_saved_model(out, build)


@model("m_keras_classifier_saved_jpeg_bytes_and_float", "saved-model", "Keras functional classifier (Rescaling(1/255), Conv2D + BatchNormalization + MaxPooling2D x3, GlobalAveragePooling2D, Dense(4)) saved with tf.saved_model.save(model, signatures=...): serving_default float [None,64,64,3] in 0-255 -> probabilities; serving_bytes string image_bytes [None] -> tf.map_fn(tf.io.decode_jpeg(channels=3) + tf.image.resize 64x64) -> probabilities and class label string")
def b_jpeg_bytes(out):
    inp = keras.Input((64, 64, 3))
    x = L.Rescaling(1.0 / 255)(inp)
    for f in (16, 32, 48):
        x = L.MaxPooling2D()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", activation="relu")(x)))
    m = keras.Model(inp, L.Dense(4)(L.GlobalAveragePooling2D()(x)))
    labels = tf.constant(COCO_LIKE)

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def serve_float(images):
        return {"probabilities": tf.nn.softmax(m(images, training=False))}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="image_bytes")])
    def serve_bytes(image_bytes):
        images = tf.map_fn(lambda b: tf.image.resize(tf.io.decode_jpeg(b, channels=3), [64, 64]), image_bytes,
                           fn_output_signature=tf.TensorSpec([64, 64, 3], tf.float32))
        probs = tf.nn.softmax(m(images, training=False))
        return {"probabilities": probs, "label": tf.gather(labels, tf.argmax(probs, axis=-1))}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve_float, "serving_bytes": serve_bytes})


FEEDS["m_keras_classifier_saved_jpeg_bytes_and_float"] = lambda rng: {"image_bytes": _jpegs(rng, [(48, 80), (120, 90)])}


# ================================================================================ object and face detection

@model("m_ssd_tf1_soft_nms_postprocess_frozen", "frozen-pb", "TF1 SSD frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder normalized_input_image_tensor float [1,96,96,3], get_variable convs (stride 2 x4 to 6x6, one more to 3x3), box / class predictor convs on both maps (3 anchors each, 135 anchors, 4 classes + background), box-coder decode against constant anchors, sigmoid with background sliced off, per-anchor max / argmax, tf.image.non_max_suppression_with_scores (soft-NMS sigma 0.5, 10 boxes), tf.pad to 10; outputs detection_boxes [1,10,4], detection_classes float32, detection_scores, num_detections float32")
def b_ssd_tf1(out):
    v1 = tf.compat.v1
    anchors = _anchors((6, 3), (0.3, 0.7), (1.0, 2.0, 0.5))
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        image = v1.placeholder(tf.float32, [1, 96, 96, 3], name="normalized_input_image_tensor")
        x = image
        for i, (cin, cout) in enumerate(((3, 8), (8, 16), (16, 24), (24, 32))):
            x = _v1_conv(x, f"FeatureExtractor/conv{i}", cin, cout, s=2)
        f2 = _v1_conv(x, "FeatureExtractor/extra", 32, 48, s=2)
        boxes, logits = [], []
        for k, (f, c) in enumerate(((x, 32), (f2, 48))):
            boxes.append(tf.reshape(_v1_conv(f, f"BoxPredictor_{k}/BoxEncodingPredictor", c, 12, act=None), [1, -1, 4]))
            logits.append(tf.reshape(_v1_conv(f, f"BoxPredictor_{k}/ClassPredictor", c, 15, act=None), [1, -1, 5]))
        dec = _decode_boxes(tf.concat(boxes, 1), anchors)[0]
        scores = tf.sigmoid(tf.concat(logits, 1))[0, :, 1:]
        best, cls = tf.reduce_max(scores, axis=-1), tf.argmax(scores, axis=-1)
        idx, sel_scores = tf.image.non_max_suppression_with_scores(dec, best, 10, iou_threshold=0.6,
                                                                    score_threshold=0.05, soft_nms_sigma=0.5)
        n = tf.size(idx)
        pad = 10 - n
        tf.identity(tf.pad(tf.gather(dec, idx), [[0, pad], [0, 0]])[None], name="detection_boxes")
        tf.identity(tf.pad(tf.cast(tf.gather(cls, idx), tf.float32), [[0, pad]])[None], name="detection_classes")
        tf.identity(tf.pad(sel_scores, [[0, pad]])[None], name="detection_scores")
        tf.identity(tf.cast(n, tf.float32)[None], name="num_detections")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(
                sess, g.as_graph_def(), OUTPUTS["m_ssd_tf1_soft_nms_postprocess_frozen"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["m_ssd_tf1_soft_nms_postprocess_frozen"] = ["detection_boxes", "detection_classes", "detection_scores",
                                                    "num_detections"]


@model("m_efficientdet_lite_uint8_resize_with_pad_module", "tf-module", "EfficientDet-lite-like detector as a tf.Module, signature uint8 image [1,None,None,3] of any size: tf.image.resize_with_pad to 128x128, (x - 127) / 128; Keras backbone (swish conv-BN, inverted residuals) to strides 8 / 16 / 32, BiFPN-like top-down and bottom-up fusion (UpSampling2D / MaxPooling2D + Add + SeparableConv2D), shared SeparableConv2D class / box heads on P3-P5 (3 anchors, 1008 anchors, 4 classes); box-coder decode, sigmoid, tf.image.combined_non_max_suppression (10 per class, 25 total); boxes mapped back to input pixels (undoing pad and scale); outputs detection_boxes, detection_classes float32, detection_scores, num_detections float32")
def b_effdet(out):
    inp = keras.Input((128, 128, 3))
    x = _conv_bn(inp, 16, 3, 2, "swish")
    x = _mbconv(x, 16, 2, act="swish")                     # 32
    c3 = _mbconv(_mbconv(x, 24, 2, act="swish"), 24, 1, act="swish")  # 16
    c4 = _mbconv(c3, 40, 2, act="swish")                   # 8
    c5 = _mbconv(c4, 64, 2, act="swish")                   # 4
    p3, p4, p5 = (L.Conv2D(32, 1)(c) for c in (c3, c4, c5))
    sep = lambda t: L.BatchNormalization()(L.SeparableConv2D(32, 3, padding="same")(L.Activation("swish")(t)))
    p4_td = sep(L.Add()([p4, L.UpSampling2D()(p5)]))
    p3_out = sep(L.Add()([p3, L.UpSampling2D()(p4_td)]))
    p4_out = sep(L.Add()([p4, p4_td, L.MaxPooling2D(padding="same")(p3_out)]))
    p5_out = sep(L.Add()([p5, L.MaxPooling2D(padding="same")(p4_out)]))
    cls_head = L.SeparableConv2D(3 * 4, 3, padding="same", bias_initializer=keras.initializers.Constant(-4.6))
    box_head = L.SeparableConv2D(3 * 4, 3, padding="same")
    cls = L.Concatenate(axis=1)([L.Reshape((-1, 4))(cls_head(p)) for p in (p3_out, p4_out, p5_out)])
    box = L.Concatenate(axis=1)([L.Reshape((-1, 4))(box_head(p)) for p in (p3_out, p4_out, p5_out)])
    net = keras.Model(inp, [box, cls])
    anchors = _anchors((16, 8, 4), (0.1, 0.25, 0.5), (1.0, 2.0, 0.5))

    @tf.function(input_signature=[tf.TensorSpec([1, None, None, 3], tf.uint8, name="images")])
    def detect(images):
        hw = tf.cast(tf.shape(images)[1:3], tf.float32)
        x = tf.image.resize_with_pad(tf.cast(images, tf.float32), 128, 128)
        enc, logits = net((x - 127.0) / 128.0, training=False)
        nms = tf.image.combined_non_max_suppression(_decode_boxes(enc, anchors)[:, :, None, :], tf.sigmoid(logits), 10,
                                                    25, iou_threshold=0.5, score_threshold=0.2, clip_boxes=True)
        scale = tf.reduce_min(128.0 / hw)
        pad = (128.0 - hw * scale) / 2.0
        yx0, yx1 = nms.nmsed_boxes[..., :2] * 128.0, nms.nmsed_boxes[..., 2:] * 128.0
        boxes = tf.concat([(yx0 - pad) / scale, (yx1 - pad) / scale], axis=-1)
        return {"detection_boxes": boxes, "detection_classes": nms.nmsed_classes,
                "detection_scores": nms.nmsed_scores, "num_detections": tf.cast(nms.valid_detections, tf.float32)}
    serve_module(out, {"model": net}, serving_default=detect)


FEEDS["m_efficientdet_lite_uint8_resize_with_pad_module"] = lambda rng: {
    "images": rng.integers(0, 256, (1, 90, 160, 3))}


@model("m_yolo_grid_detector_export_archive_padded_nms", "keras-export", "YOLO-style single-scale grid detector (conv-BN-LeakyReLU backbone to a 12x12 grid, Conv2D(3 anchors x (5 + 4 classes)) head) exported with keras.export.ExportArchive and three endpoints: serve float [None,96,96,3] in [0,1] -> sigmoid offsets + exp(wh) * anchor priors, objectness * class prob, tf.image.non_max_suppression_padded (batched, 20 per image), tf.gather(batch_dims=1) -> boxes, scores, classes int32, num_detections int32 (serving_default); serve_uint8 uint8 [1,None,None,3] resized to 96x96 / 255 -> same; serve_raw -> grid [None,12,12,27]")
def b_yolo(out):
    inp = keras.Input((96, 96, 3))
    x = inp
    for f in (8, 16, 32):
        x = L.LeakyReLU(0.1)(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(x)))
        x = L.MaxPooling2D()(x)
    x = L.LeakyReLU(0.1)(L.BatchNormalization()(L.Conv2D(64, 3, padding="same", use_bias=False)(x)))
    net = keras.Model(inp, L.Conv2D(3 * 9, 1)(x))
    priors = np.array([[0.08, 0.1], [0.2, 0.25], [0.45, 0.5]], "float32")
    gy, gx = np.meshgrid(np.arange(12), np.arange(12), indexing="ij")

    def detect(images):
        raw = tf.reshape(net(images, training=False), [-1, 12, 12, 3, 9])
        cy = (tf.sigmoid(raw[..., 0]) + gy[:, :, None].astype("float32")) / 12.0
        cx = (tf.sigmoid(raw[..., 1]) + gx[:, :, None].astype("float32")) / 12.0
        h, w = tf.exp(raw[..., 2]) * priors[:, 0], tf.exp(raw[..., 3]) * priors[:, 1]
        boxes = tf.reshape(tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], -1), [-1, 432, 4])
        probs = tf.reshape(tf.sigmoid(raw[..., 4:5]) * tf.nn.softmax(raw[..., 5:]), [-1, 432, 4])
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1, output_type=tf.int32)
        idx, valid = tf.image.non_max_suppression_padded(boxes, scores, 20, iou_threshold=0.45, score_threshold=0.25,
                                                         pad_to_max_output_size=True)
        return {"boxes": tf.gather(boxes, idx, batch_dims=1), "scores": tf.gather(scores, idx, batch_dims=1),
                "classes": tf.gather(classes, idx, batch_dims=1), "num_detections": valid}

    archive = keras.export.ExportArchive()
    archive.track(net)
    archive.add_endpoint("serve", detect, input_signature=[tensor_spec([None, 96, 96, 3], name="images")])
    archive.add_endpoint("serve_uint8",
                         lambda images: detect(tf.image.resize(tf.cast(images, tf.float32), [96, 96]) / 255.0),
                         input_signature=[tensor_spec([1, None, None, 3], "uint8", "images")])
    archive.add_endpoint("serve_raw", lambda images: {"grid": net(images, training=False)},
                         input_signature=[tensor_spec([None, 96, 96, 3], name="images")])
    archive.write_out(str(out), verbose=False)


@model("m_retinaface_lite_keypoints_decode_layer", "keras-export", "RetinaFace-mobile-style face detector with the decode as a custom Layer, float [None,160,160,3] in 0-255 BGR: per-channel mean subtraction (104, 117, 123), MobileNet-0.25-ish conv-BN-LeakyReLU(0.1) backbone to strides 8 / 16 / 32, FPN 1x1 laterals + nearest UpSampling2D + Add + 3x3 merge, SSH-lite context module (3x3 and two stacked 3x3 branches, Concatenate, ReLU), 2 anchors per cell (1050 anchors) with class / box / 5-landmark heads; layer decodes against constant prior boxes with variances (0.1, 0.2) -> boxes [None,1050,4], landmarks [None,1050,10], face scores softmax [None,1050]; model.export")
def b_retinaface(out):
    inp = keras.Input((160, 160, 3), name="input")
    x = L.Lambda(lambda t: t - tf.constant([104.0, 117.0, 123.0]))(inp)

    def cbl(t, f, s=1, k=3):
        return L.LeakyReLU(0.1)(L.BatchNormalization()(L.Conv2D(f, k, strides=s, padding="same", use_bias=False)(t)))

    def dw(t, f, s=1):
        t = L.LeakyReLU(0.1)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(t)))
        return cbl(t, f, 1, 1)
    x = dw(cbl(x, 8, 2), 16)
    c3 = dw(dw(dw(x, 32, 2), 32), 32, 2)          # 20x20
    c4 = dw(dw(c3, 64, 2), 64)                    # 10x10
    c5 = dw(dw(c4, 128, 2), 128)                  # 5x5
    p3, p4, p5 = (cbl(c, 32, 1, 1) for c in (c3, c4, c5))
    p4 = cbl(L.Add()([p4, L.UpSampling2D()(p5)]), 32)
    p3 = cbl(L.Add()([p3, L.UpSampling2D()(p4)]), 32)

    def ssh(t):
        a = L.BatchNormalization()(L.Conv2D(16, 3, padding="same", use_bias=False)(t))
        b = cbl(t, 8)
        c = L.BatchNormalization()(L.Conv2D(8, 3, padding="same", use_bias=False)(b))
        d = L.BatchNormalization()(L.Conv2D(8, 3, padding="same", use_bias=False)(cbl(b, 8)))
        return L.ReLU()(L.Concatenate()([a, c, d]))
    feats = [ssh(p) for p in (p3, p4, p5)]
    cls = L.Concatenate(axis=1)([L.Reshape((-1, 2))(L.Conv2D(2 * 2, 1)(f)) for f in feats])
    box = L.Concatenate(axis=1)([L.Reshape((-1, 4))(L.Conv2D(2 * 4, 1)(f)) for f in feats])
    ldm = L.Concatenate(axis=1)([L.Reshape((-1, 10))(L.Conv2D(2 * 10, 1)(f)) for f in feats])
    priors = np.array([[(j + 0.5) / g, (i + 0.5) / g, m / 160.0, m / 160.0]
                       for g, sizes in ((20, (16, 32)), (10, (64, 96)), (5, (128, 160)))
                       for i in range(g) for j in range(g) for m in sizes], "float32")  # (cx, cy, w, h)

    class PriorBoxDecode(L.Layer):
        def call(self, inputs):
            loc, conf, lm = inputs
            cxcy = priors[:, :2] + loc[..., :2] * 0.1 * priors[:, 2:]
            wh = priors[:, 2:] * tf.exp(loc[..., 2:] * 0.2)
            boxes = tf.concat([cxcy - wh / 2, cxcy + wh / 2], axis=-1)
            pts = priors[:, None, :2] + tf.reshape(lm, [-1, tf.shape(lm)[1], 5, 2]) * 0.1 * priors[:, None, 2:]
            return {"boxes": boxes, "landmarks": tf.reshape(pts, [-1, tf.shape(lm)[1], 10]),
                    "scores": tf.nn.softmax(conf)[..., 1]}
    keras_export(keras.Model(inp, PriorBoxDecode()([box, cls, ldm])), out)


# ================================================================================ pose, hand and face landmarks

@model("m_movenet_int32_heatmap_offsets_argmax_module", "tf-module", "MoveNet-singlepose-style tf.Module, int32 input [1,96,96,3] in 0-255: cast, x / 127.5 - 1; Keras net (MobileNetV2-ish encoder to stride 16, UpSampling2D(bilinear) + Add skip decoder to a 24x24 stride-4 map) -> keypoint heatmaps Conv2D(17, sigmoid) and offsets Conv2D(34); per keypoint argmax over the flattened heatmap, floordiv / floormod to (y, x), tf.gather(batch_dims=2) of the offsets; returns output_0 [1,1,17,3] (y, x, score) as a bare tensor")
def b_movenet(out):
    inp = keras.Input((96, 96, 3))
    x = _conv_bn(inp, 16, 3, 2, "relu6")
    s4 = _mbconv(_mbconv(x, 16, 2), 16, 1)
    s8 = _mbconv(_mbconv(s4, 24, 2), 24, 1)
    s16 = _mbconv(_mbconv(s8, 32, 2), 32, 1)
    u = L.Add()([L.UpSampling2D(interpolation="bilinear")(L.Conv2D(24, 1)(s16)), L.Conv2D(24, 1)(s8)])
    u = L.Add()([L.UpSampling2D(interpolation="bilinear")(u), L.Conv2D(24, 1)(s4)])
    u = _conv_bn(u, 24, 3, 1, "relu")
    net = keras.Model(inp, [L.Conv2D(17, 1, activation="sigmoid", name="heatmaps")(u),
                            L.Conv2D(34, 1, name="offsets")(u)])

    @tf.function(input_signature=[tf.TensorSpec([1, 96, 96, 3], tf.int32, name="input")])
    def serve(input):  # noqa: A002 - MoveNet's input name
        hm, off = net(tf.cast(input, tf.float32) / 127.5 - 1.0, training=False)
        hm = tf.transpose(tf.reshape(hm, [1, 576, 17]), [0, 2, 1])         # [1,17,576]
        idx = tf.argmax(hm, axis=-1, output_type=tf.int32)                  # [1,17]
        score = tf.reduce_max(hm, axis=-1)
        off = tf.transpose(tf.reshape(off, [1, 576, 17, 2]), [0, 2, 1, 3])  # [1,17,576,2]
        o = tf.gather(off, idx, batch_dims=2)                                # [1,17,2]
        y = (tf.cast(idx // 24, tf.float32) + o[..., 0]) / 24.0
        x = (tf.cast(idx % 24, tf.float32) + o[..., 1]) / 24.0
        return tf.stack([y, x, score], axis=-1)[:, None]
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["m_movenet_int32_heatmap_offsets_argmax_module"] = {"input": (0, 256)}


@model("m_hand_landmark_multi_output_keras", "keras-export", "MediaPipe-style hand landmark regressor, float [None,128,128,3] in [0,1]: conv-BN-ReLU6 stem, inverted-residual blocks to 4x4, GlobalAveragePooling2D; dict outputs landmarks Dense(63) (21 x,y,z in pixels), hand_presence Dense(1, sigmoid), handedness Dense(1, sigmoid), world_landmarks Dense(63) (metres); model.export")
def b_hand_lm(out):
    inp = keras.Input((128, 128, 3), name="input_1")
    x = _conv_bn(inp, 16, 3, 2, "relu6")
    for f, s in ((16, 1), (24, 2), (24, 1), (32, 2), (48, 2), (48, 1), (64, 2)):
        x = _mbconv(x, f, s, expand=3)
    x = L.GlobalAveragePooling2D()(_conv_bn(x, 96, 1, 1, "relu6"))
    outs = {"landmarks": L.Dense(63, name="landmarks")(x),
            "hand_presence": L.Dense(1, activation="sigmoid", name="hand_presence")(x),
            "handedness": L.Dense(1, activation="sigmoid", name="handedness")(x),
            "world_landmarks": L.Dense(63, name="world_landmarks")(x)}
    keras_export(keras.Model(inp, outs), out)


@model("m_face_mesh_468_prelu_frozen", "frozen-pb", "face-mesh-style landmark regressor frozen with convert_variables_to_constants_v2, fixed float input [1,96,96,3] in [-1,1]: Conv2D + PReLU(shared_axes=[1,2]) residual blocks with MaxPooling2D shortcuts down to 3x3, a 3x3 valid Conv2D(1404) reshaped to landmarks [1,1404] (468 x,y,z) and a Conv2D(1) sigmoid face_flag [1,1]")
def b_face_mesh(out):
    inp = keras.Input((96, 96, 3), batch_size=1)
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(16, 3, strides=2, padding="same")(inp))
    for f in (24, 32, 48, 64):
        h = L.Conv2D(f, 1)(L.DepthwiseConv2D(3, strides=2, padding="same")(x))
        skip = L.Conv2D(f, 1)(L.MaxPooling2D()(x))
        x = L.PReLU(shared_axes=[1, 2])(L.Add()([h, skip]))            # 24, 12, 6, 3
    lm = L.Reshape((1404,))(L.Conv2D(1404, 3, padding="valid")(x))
    flag = L.Reshape((1,))(L.Conv2D(1, 3, padding="valid", activation="sigmoid")(x))
    m = keras.Model(inp, [lm, flag])

    def fn(t):
        a, b = m(t, training=False)
        return tf.identity(a, name="landmarks"), tf.identity(b, name="face_flag")
    freeze_function(fn, [tensor_spec([1, 96, 96, 3], name="input_1")], out)


OUTPUTS["m_face_mesh_468_prelu_frozen"] = ["landmarks", "face_flag"]


@model("m_tf1_posenet_heatmap_offsets_two_signatures", "tf1-savedmodel", "TF1 SavedModelBuilder PoseNet-style graph: placeholder float image [None,128,128,3], get_variable convs stride 2 x3 to a 16x16 output-stride-8 map, heatmaps conv (17, sigmoid) and offsets conv (34); decode: argmax over the flattened map, floordiv / floormod 16, tf.gather(batch_dims=2) of the offsets, keypoints = cell * 8 + offset; signatures serving_default (keypoints [None,17,2], keypoint_scores, pose_score) and heatmaps (heatmaps, offsets)")
def b_tf1_pose(out):
    def build():
        image = tf.compat.v1.placeholder(tf.float32, [None, 128, 128, 3], name="image")
        x = image
        for i, (cin, cout) in enumerate(((3, 16), (16, 24), (24, 32))):
            x = _v1_conv(x, f"MobilenetV1/Conv2d_{i}", cin, cout, s=2)
        x = _v1_conv(x, "MobilenetV1/Conv2d_3", 32, 48)
        heatmaps = tf.sigmoid(_v1_conv(x, "heatmap_2", 48, 17, k=1, act=None), name="heatmaps")
        offsets = _v1_conv(x, "offset_2", 48, 34, k=1, act=None)
        hm = tf.transpose(tf.reshape(heatmaps, [-1, 256, 17]), [0, 2, 1])
        idx = tf.argmax(hm, axis=-1, output_type=tf.int32)
        scores = tf.reduce_max(hm, axis=-1)
        off = tf.transpose(tf.reshape(offsets, [-1, 256, 2, 17]), [0, 3, 1, 2])   # [B,17,256,2]
        o = tf.gather(off, idx, batch_dims=2)
        cell = tf.cast(tf.stack([idx // 16, idx % 16], axis=-1), tf.float32)
        kps = cell * 8.0 + o
        return {"serving_default": ({"image": image}, {"keypoints": kps, "keypoint_scores": scores,
                                                       "pose_score": tf.reduce_mean(scores, axis=-1)}),
                "heatmaps": ({"image": image}, {"heatmaps": heatmaps, "offsets": offsets})}
    tf1_saved_model(out, build)


@model("m_face_blendshapes_mlp_mixer_batch1", "keras-export", "face-blendshapes-style MLP-Mixer, fixed float landmarks [1,146,2] kept by the export signature: custom Layer centers on the mean landmark and scales by the max norm, Dense(32) token embedding, two mixer blocks (LayerNormalization, Permute + Dense token mixing + Permute, Add; LayerNormalization, channel MLP with gelu, Add), GlobalAveragePooling1D, Dense(52, sigmoid) blendshape scores; model.export")
def b_blendshapes(out):
    class NormalizeLandmarks(L.Layer):
        def call(self, x):
            c = x - tf.reduce_mean(x, axis=1, keepdims=True)
            return c / (tf.reduce_max(tf.norm(c, axis=-1), axis=1)[:, None, None] + 1e-6)
    inp = keras.Input((146, 2), batch_size=1, name="input_points")
    x = L.Dense(32)(NormalizeLandmarks()(inp))
    for _ in range(2):
        t = L.Permute((2, 1))(L.LayerNormalization()(x))
        t = L.Dense(146)(L.Dense(64, activation="gelu")(t))
        x = L.Add()([x, L.Permute((2, 1))(t)])
        c = L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization()(x)))
        x = L.Add()([x, c])
    x = L.GlobalAveragePooling1D()(L.LayerNormalization()(x))
    keras_export(keras.Model(inp, L.Dense(52, activation="sigmoid", name="blendshapes")(x)), out,
                 keep_fixed_batch=True)


# ================================================================================ segmentation

@model("m_selfie_segmentation_landscape_sigmoid", "keras-export", "selfie-segmentation-style landscape model, float [None,144,256,3] in [0,1]: hard_swish conv-BN stem stride 2, inverted residuals to stride 16 with a squeeze-excite (GlobalAveragePooling2D keepdims, Dense relu / hard_sigmoid, Multiply) on the deepest stage, decoder of bilinear UpSampling2D + 1x1-projected skip Add, Conv2DTranspose(1, 2, stride 2) logits and sigmoid mask [None,144,256,1]; model.export")
def b_selfie(out):
    inp = keras.Input((144, 256, 3), name="input_1")
    s2 = _conv_bn(inp, 16, 3, 2, "hard_swish")
    s4 = _mbconv(s2, 16, 2, expand=2, act="relu")
    s8 = _mbconv(_mbconv(s4, 24, 2, expand=3, act="relu"), 24, 1, expand=3, act="relu")
    s16 = _mbconv(_mbconv(s8, 40, 2, k=5, act="hard_swish"), 40, 1, k=5, act="hard_swish")
    se = L.GlobalAveragePooling2D(keepdims=True)(s16)
    se = L.Dense(40, activation="hard_sigmoid")(L.Dense(10, activation="relu")(se))
    x = L.Multiply()([s16, se])
    for skip, f in ((s8, 24), (s4, 16), (s2, 16)):
        x = L.Add()([L.UpSampling2D(interpolation="bilinear")(L.Conv2D(f, 1)(x)), L.Conv2D(f, 1)(skip)])
        x = _conv_bn(x, f, 3, 1, "relu")
    mask = L.Activation("sigmoid", name="segment")(L.Conv2DTranspose(1, 2, strides=2)(x))
    keras_export(keras.Model(inp, mask), out)


@model("m_multiclass_selfie_uint8_category_mask_module", "tf-module", "multiclass selfie segmentation (background, hair, body skin, face skin, clothes, others) as a tf.Module, uint8 image [1,None,None,3] of any size: cast / 255, tf.image.resize 128x128, Keras U-Net (Conv2D + MaxPooling2D encoder, Conv2DTranspose(2, stride 2) + Concatenate decoder, Conv2D(6) logits), softmax, tf.image.resize back to the input's tf.shape; outputs confidence_masks [1,None,None,6] and category_mask uint8 (argmax) [1,None,None]")
def b_multiclass_selfie(out):
    inp = keras.Input((128, 128, 3))
    c1 = L.Conv2D(8, 3, padding="same", activation="relu")(inp)
    c2 = L.Conv2D(16, 3, padding="same", activation="relu")(L.MaxPooling2D()(c1))
    c3 = L.Conv2D(32, 3, padding="same", activation="relu")(L.MaxPooling2D()(c2))
    c4 = L.Conv2D(48, 3, padding="same", activation="relu")(L.MaxPooling2D()(c3))
    x = c4
    for skip, f in ((c3, 32), (c2, 16), (c1, 8)):
        x = L.Concatenate()([L.Conv2DTranspose(f, 2, strides=2)(x), skip])
        x = L.Conv2D(f, 3, padding="same", activation="relu")(x)
    net = keras.Model(inp, L.Conv2D(6, 1)(x))

    @tf.function(input_signature=[tf.TensorSpec([1, None, None, 3], tf.uint8, name="image")])
    def segment(image):
        x = tf.image.resize(tf.cast(image, tf.float32) / 255.0, [128, 128])
        probs = tf.image.resize(tf.nn.softmax(net(x, training=False)), tf.shape(image)[1:3])
        return {"confidence_masks": probs, "category_mask": tf.cast(tf.argmax(probs, axis=-1), tf.uint8)}
    serve_module(out, {"model": net}, serving_default=segment)


FEEDS["m_multiclass_selfie_uint8_category_mask_module"] = lambda rng: {
    "image": rng.integers(0, 256, (1, 120, 90, 3))}


@model("m_hair_segmentation_rgba_prev_mask_frozen", "frozen-pb", "hair-segmentation-style model frozen with convert_variables_to_constants_v2, fixed float input [1,128,128,4] (RGB plus the previous frame's mask as a 4th channel): Conv2D stride 2 x2, depthwise-separable blocks to stride 16, decoder of Conv2DTranspose(3, stride 2) + Concatenate skips, a final Conv2DTranspose to 128x128, Conv2D(2) and softmax named output [1,128,128,2]")
def b_hair(out):
    inp = keras.Input((128, 128, 4), batch_size=1)
    s2 = L.ReLU()(L.Conv2D(8, 3, strides=2, padding="same")(inp))
    s4 = L.ReLU()(L.Conv2D(16, 3, strides=2, padding="same")(s2))
    s8 = _dw_block(s4, 24, 2, "relu")
    s16 = _dw_block(_dw_block(s8, 32, 2, "relu"), 32, 1, "relu")
    x = s16
    for skip, f in ((s8, 24), (s4, 16), (s2, 8)):
        x = L.Concatenate()([L.ReLU()(L.Conv2DTranspose(f, 3, strides=2, padding="same")(x)), skip])
        x = L.ReLU()(L.Conv2D(f, 3, padding="same")(x))
    x = L.ReLU()(L.Conv2DTranspose(8, 3, strides=2, padding="same")(x))
    m = keras.Model(inp, L.Conv2D(2, 1)(x))
    freeze_function(lambda t: tf.nn.softmax(m(t, training=False), name="output"),
                    [tensor_spec([1, 128, 128, 4], name="input")], out)


OUTPUTS["m_hair_segmentation_rgba_prev_mask_frozen"] = ["output"]


@model("m_interactive_segmenter_point_prompt_module", "tf-module", "interactive (magic-touch-style) segmenter as a tf.Module with two fixed-batch signatures: serving_default image float [1,128,128,3] + point float [1,2] (normalized x, y) -> a Gaussian heat channel built with tf.meshgrid / exp, concatenated as a 4th channel; with_roi_mask image + roi float [1,128,128,1] used directly; Keras encoder-decoder (stride-2 convs, bilinear UpSampling2D + Concatenate skips) -> sigmoid mask [1,128,128,1] and binary uint8 mask")
def b_interactive(out):
    inp = keras.Input((128, 128, 4))
    s2 = _conv_bn(inp, 16, 3, 2)
    s4 = _conv_bn(s2, 24, 3, 2)
    s8 = _conv_bn(s4, 32, 3, 2)
    s16 = _conv_bn(_conv_bn(s8, 48, 3, 2), 48, 3, 1)
    x = s16
    for skip, f in ((s8, 32), (s4, 24), (s2, 16)):
        x = _conv_bn(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(x), skip]), f)
    net = keras.Model(inp, L.Conv2DTranspose(1, 3, strides=2, padding="same")(x))
    yy, xx = (g.astype("float32") for g in np.meshgrid((np.arange(128) + 0.5) / 128, (np.arange(128) + 0.5) / 128,
                                                        indexing="ij"))

    class Segmenter(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net

        def _run(self, image, roi):
            prob = tf.sigmoid(self.net(tf.concat([image, roi], axis=-1), training=False))
            return {"mask": prob, "binary_mask": tf.cast(prob > 0.5, tf.uint8) * 255}

        @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image"), tensor_spec([1, 2], name="point")])
        def point_prompt(self, image, point):
            d2 = (xx[None] - point[:, 0, None, None]) ** 2 + (yy[None] - point[:, 1, None, None]) ** 2
            return self._run(image, tf.exp(-d2 / (2 * 0.03 ** 2))[..., None])

        @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image"),
                                      tensor_spec([1, 128, 128, 1], name="roi")])
        def with_roi(self, image, roi):
            return self._run(image, roi)
    m = Segmenter()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.point_prompt, "with_roi_mask": m.with_roi})


# ================================================================================ embedders

@model("m_image_embedder_unit_norm_export_archive", "keras-export", "image embedder (MobileNetV2-ish, GlobalAveragePooling2D, Dense(64), UnitNormalization) exported with keras.export.ExportArchive and two endpoints: embed float [None,96,96,3] in [0,1] -> embedding [None,64] (serving_default); embed_uint8 uint8 [None,None,None,3] -> tf.image.resize 96x96 / 255 -> embedding and quantized_embedding int8 (round(e * 127))")
def b_img_embed(out):
    inp = keras.Input((96, 96, 3))
    x = _conv_bn(inp, 16, 3, 2, "relu6")
    for f, s in ((16, 2), (24, 2), (24, 1), (32, 2), (48, 2)):
        x = _mbconv(x, f, s, expand=3)
    x = L.Dense(64)(L.GlobalAveragePooling2D()(x))
    net = keras.Model(inp, L.UnitNormalization(name="embedding")(x))

    def embed_uint8(image):
        e = net(tf.image.resize(tf.cast(image, tf.float32), [96, 96]) / 255.0, training=False)
        return {"embedding": e, "quantized_embedding": tf.cast(tf.round(e * 127.0), tf.int8)}
    archive = keras.export.ExportArchive()
    archive.track(net)
    archive.add_endpoint("embed", lambda image: {"embedding": net(image, training=False)},
                         input_signature=[tensor_spec([None, 96, 96, 3], name="image")])
    archive.add_endpoint("embed_uint8", embed_uint8,
                         input_signature=[tensor_spec([None, None, None, 3], "uint8", "image")])
    archive.write_out(str(out), verbose=False)


@model("m_image_embedder_hub_module_similarity", "tf-module", "TF Hub style image embedding module: keras.applications.MobileNetV3Small(alpha=0.75, minimalistic, include_top=False, weights=None; Rescaling preprocessing inside) + GlobalAveragePooling2D + Dense(32), tf.math.l2_normalize; signatures serving_default float [None,None,None,3] in 0-255 resized to 96x96 -> embedding, embed_batch1 fixed [1,96,96,3], and similarity (images_a, images_b [None,96,96,3]) -> cosine_similarity [None]")
def b_img_embed_hub(out):
    base = keras.applications.MobileNetV3Small(input_shape=(96, 96, 3), alpha=0.75, minimalistic=True,
                                               include_top=False, weights=None)
    inp = keras.Input((96, 96, 3))
    net = keras.Model(inp, L.Dense(32)(L.GlobalAveragePooling2D()(base(inp))))

    class Embedder(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net

        def _embed(self, x):
            return tf.math.l2_normalize(self.net(x, training=False), axis=-1)

        @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="images")])
        def embed(self, images):
            return {"embedding": self._embed(tf.image.resize(images, [96, 96]))}

        @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="images")])
        def embed_batch1(self, images):
            return {"embedding": self._embed(images)}

        @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], name="images_a"),
                                      tensor_spec([None, 96, 96, 3], name="images_b")])
        def similarity(self, images_a, images_b):
            return {"cosine_similarity": tf.reduce_sum(self._embed(images_a) * self._embed(images_b), axis=-1)}
    m = Embedder()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.embed, "embed_batch1": m.embed_batch1,
                                                 "similarity": m.similarity})


@model("m_text_embedder_dan_hash_buckets_module", "tf-module", "Universal-Sentence-Encoder-lite style text embedder (deep averaging network) as a tf.Module: string text [None] -> tf.strings.lower, regex_replace punctuation, tf.strings.split (ragged), tf.strings.to_hash_bucket_fast(4000), tf.ragged.map_flat_values(tf.gather) of a tf.Variable embedding table, sqrtn combiner (reduce_sum / sqrt(row_lengths)), Keras Dense(64, tanh) x2 + Dense(32), l2_normalize; signatures serving_default (embedding [None,32]) and similarity (text_a, text_b) -> cosine_similarity")
def b_text_dan(out):
    rng = np.random.default_rng(23)
    table = tf.Variable(rng.normal(0, 0.1, (4000, 48)).astype("float32"), name="word_embeddings")
    dnn = keras.Sequential([keras.Input((48,)), L.Dense(64, activation="tanh"), L.Dense(64, activation="tanh"),
                            L.Dense(32)])

    def encode(text):
        t = tf.strings.regex_replace(tf.strings.lower(text), r"[^a-z0-9' ]", " ")
        ids = tf.strings.to_hash_bucket_fast(tf.strings.split(t), 4000)
        vecs = tf.ragged.map_flat_values(lambda i: tf.gather(table, i), ids)
        n = tf.cast(tf.maximum(ids.row_lengths(), 1), tf.float32)
        pooled = tf.reduce_sum(vecs, axis=1) / tf.sqrt(n)[:, None]
        return tf.math.l2_normalize(dnn(pooled, training=False), axis=-1)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
    def embed(text):
        return {"embedding": encode(text)}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text_a"),
                                  tf.TensorSpec([None], tf.string, name="text_b")])
    def similarity(text_a, text_b):
        return {"cosine_similarity": tf.reduce_sum(encode(text_a) * encode(text_b), axis=-1)}
    serve_module(out, {"table": table, "dnn": dnn}, serving_default=embed, similarity=similarity)


FEEDS["m_text_embedder_dan_hash_buckets_module"] = {"text": SENTENCES, "text_a": SENTENCES[:2],
                                                    "text_b": ["a fun film", ""]}


# ================================================================================ text classification

@model("m_average_word_vec_text_classifier", "keras-export", "Model Maker average-word-vec text classifier on token ids int32 [None,256] (0 = padding, 1 = start, 2 = unknown): Embedding(10000, 16), GlobalAveragePooling1D, Dense(16, relu), Dropout(0.2), Dense(2, softmax); model.export")
def b_avg_wordvec(out):
    m = keras.Sequential([keras.Input((256,), dtype="int32", name="input_ids"), L.Embedding(10000, 16),
                          L.GlobalAveragePooling1D(), L.Dense(16, activation="relu"), L.Dropout(0.2),
                          L.Dense(2, activation="softmax")])
    keras_export(m, out)


FEEDS["m_average_word_vec_text_classifier"] = lambda rng: {
    "input_ids": np.concatenate([np.ones((2, 1)), rng.integers(3, 10000, (2, 40)), np.zeros((2, 215))], 1)}


@model("m_mobilebert_like_three_id_inputs", "keras-export", "Model Maker BERT-style text classifier on three int32 [None,64] inputs (input_word_ids, input_mask, input_type_ids): word + learned position + type embeddings, LayerNormalization, two transformer blocks (MultiHeadAttention 2 heads with a [B,T,T] mask from input_mask, gelu FFN, post-LN), [CLS] pooler Dense(tanh), Dense(2, softmax); model.export")
def b_mobilebert(out):
    keras_export(_bert_encoder(64, 2000), out)


FEEDS["m_mobilebert_like_three_id_inputs"] = lambda rng: {
    "input_word_ids": np.concatenate([np.full((2, 1), 101), rng.integers(1000, 2000, (2, 20)), np.full((2, 1), 102),
                                      np.zeros((2, 42))], 1),
    "input_mask": np.concatenate([np.ones((2, 22)), np.zeros((2, 42))], 1), "input_type_ids": 0}


BERT_VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "!", "?", ".", ","] + sorted(set(WORDS))


@model("m_bert_in_graph_tokenizer_three_signatures", "tf-module", "BERT-like classifier with in-graph tokenization as a tf.Module (lookup table saved with it): tokenize signature string text [None] -> lower, regex_replace splitting off punctuation, tf.strings.split (ragged), tf.lookup.StaticHashTable vocab lookup ([UNK] default), truncate to 30, concat [CLS] / [SEP], to_tensor [None,32] -> input_word_ids / input_mask / input_type_ids int32; classify_ids takes those three ids; serving_default text -> probabilities [None,2] and label int32")
def b_bert_tok(out):
    enc = _bert_encoder(32, len(BERT_VOCAB), name="text_classifier")
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(BERT_VOCAB), tf.range(len(BERT_VOCAB), dtype=tf.int32)), default_value=1)

    def tokenize_fn(text):
        t = tf.strings.regex_replace(tf.strings.lower(text), r"([!?.,])", r" \1 ")
        ids = table.lookup(tf.strings.split(t))[:, :30]
        n = tf.shape(text)[0]
        ids = tf.concat([tf.fill([n, 1], 2), ids, tf.fill([n, 1], 3)], axis=1)
        ids = ids.to_tensor(default_value=0, shape=[None, 32])
        return {"input_word_ids": ids, "input_mask": tf.cast(ids > 0, tf.int32), "input_type_ids": tf.zeros_like(ids)}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
    def tokenize(text):
        return tokenize_fn(text)

    ids_spec = [tf.TensorSpec([None, 32], tf.int32, name=k) for k in ("input_word_ids", "input_mask", "input_type_ids")]

    @tf.function(input_signature=ids_spec)
    def classify_ids(input_word_ids, input_mask, input_type_ids):
        return {"probabilities": enc([input_word_ids, input_mask, input_type_ids], training=False)}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
    def classify(text):
        t = tokenize_fn(text)
        probs = enc([t["input_word_ids"], t["input_mask"], t["input_type_ids"]], training=False)
        return {"probabilities": probs, "label": tf.argmax(probs, axis=-1, output_type=tf.int32)}
    serve_module(out, {"encoder": enc, "vocab_table": table}, serving_default=classify, tokenize=tokenize,
                 classify_ids=classify_ids)


FEEDS["m_bert_in_graph_tokenizer_three_signatures"] = {
    "text": SENTENCES, "input_word_ids": (0, len(BERT_VOCAB)), "input_mask": 1, "input_type_ids": 0}


@model("m_tf1_text_bow_hash_embedding_sparse", "tf1-savedmodel", "TF1 SavedModelBuilder text classifier: placeholder string sentence [None], tf.strings.lower, tf.compat.v1.string_split on spaces (SparseTensor), tf.strings.to_hash_bucket_fast(5000) on the values, get_variable embedding [5000,32] with tf.compat.v1.nn.safe_embedding_lookup_sparse (sqrtn, empty rows zero), fc relu, fc logits; signatures serving_default (probabilities [None,3], classes int64) and embedding (sentence_embedding [None,32])")
def b_tf1_bow(out):
    v1 = tf.compat.v1

    def build():
        sentence = v1.placeholder(tf.string, [None], name="sentence")
        sp = v1.string_split(tf.strings.lower(sentence), sep=" ")
        ids = tf.SparseTensor(sp.indices, tf.strings.to_hash_bucket_fast(sp.values, 5000), sp.dense_shape)
        emb = v1.get_variable("embeddings", [5000, 32], initializer=v1.random_normal_initializer(stddev=0.1))
        pooled = v1.nn.safe_embedding_lookup_sparse([emb], ids, combiner="sqrtn")
        h = tf.nn.relu(_v1_dense(pooled, "hidden", 32, 32))
        probs = tf.nn.softmax(_v1_dense(h, "logits", 32, 3), name="probabilities")
        return {"serving_default": ({"sentence": sentence}, {"probabilities": probs, "classes": tf.argmax(probs, 1)}),
                "embedding": ({"sentence": sentence}, {"sentence_embedding": pooled})}
    tf1_saved_model(out, build)


FEEDS["m_tf1_text_bow_hash_embedding_sparse"] = {"sentence": SENTENCES}


# ================================================================================ audio

@model("m_browserfft_speech_commands_export_archive", "keras-export", "Model Maker BrowserFFT-style speech-command classifier exported with keras.export.ExportArchive: serve float waveform [None,44032] (44.1 kHz, 1 s) -> custom Layer tf.signal.stft (2048 / 1024, fft 2048), |.|, first 232 bins, log, per-example standardization with tf.nn.moments -> [B,42,232,1]; Conv2D (2,8) + MaxPooling2D, Conv2D (2,4) + MaxPooling2D x2, Flatten, Dropout, Dense(64), Dense(12, softmax) (serving_default); serve_spectrogram takes the [None,42,232,1] features directly")
def b_browserfft(out):
    class BrowserFftFeatures(L.Layer):
        def call(self, wave):
            spec = tf.math.log(tf.abs(tf.signal.stft(wave, 2048, 1024, 2048))[..., :232] + 1e-6)
            mean, var = tf.nn.moments(spec, axes=[1, 2], keepdims=True)
            return ((spec - mean) / tf.sqrt(var + 1e-6))[..., None]
    w_in = keras.Input((44032,))
    features = keras.Model(w_in, BrowserFftFeatures()(w_in), name="features")
    s_in = keras.Input((42, 232, 1))
    x = L.MaxPooling2D((2, 2))(L.Conv2D(8, (2, 8), activation="relu")(s_in))
    x = L.MaxPooling2D((2, 2))(L.Conv2D(16, (2, 4), activation="relu")(x))
    x = L.MaxPooling2D((2, 2))(L.Conv2D(16, (2, 4), activation="relu")(x))
    x = L.Dense(64, activation="relu")(L.Dropout(0.25)(L.Flatten()(x)))
    classifier = keras.Model(s_in, L.Dense(12, activation="softmax")(x), name="classifier")
    archive = keras.export.ExportArchive()
    archive.track(features)
    archive.track(classifier)
    archive.add_endpoint("serve", lambda waveform: {"probabilities": classifier(features(waveform), training=False)},
                         input_signature=[tensor_spec([None, 44032], name="waveform")])
    archive.add_endpoint("serve_spectrogram",
                         lambda spectrogram: {"probabilities": classifier(spectrogram, training=False)},
                         input_signature=[tensor_spec([None, 42, 232, 1], name="spectrogram")])
    archive.write_out(str(out), verbose=False)


FEEDS["m_browserfft_speech_commands_export_archive"] = lambda rng: {"waveform": _wave(rng, (2, 44032))}


@model("m_audio_classifier_yamnet_head_15600_frozen", "frozen-pb", "Model Maker audio-classifier-style graph frozen with convert_variables_to_constants_v2, fixed float waveform [1,15600]: tf.signal.stft (400 / 160, fft 512), 64-bin log-mel (log(x + 0.001)) -> [1,96,64,1]; Keras depthwise-separable CNN to a 64-d embedding; two heads: base event scores Dense(16, sigmoid) and the custom classifier Dense(5, softmax)")
def b_audio_frozen(out):
    inp = keras.Input((96, 64, 1), batch_size=1)
    x = _conv_bn(inp, 16, 3, 2)
    for f, s in ((32, 1), (32, 2), (48, 2), (64, 2)):
        x = _dw_block(x, f, s, "relu")
    emb = L.GlobalAveragePooling2D()(x)
    net = keras.Model(inp, [L.Dense(16, activation="sigmoid")(emb),
                            L.Dense(5, activation="softmax")(L.Dropout(0.1)(emb))])

    def fn(waveform):
        base, custom = net(_log_mel(waveform)[..., None], training=False)
        return tf.identity(base, name="yamnet_scores"), tf.identity(custom, name="custom_scores")
    freeze_function(fn, [tensor_spec([1, 15600], name="waveform")], out)


OUTPUTS["m_audio_classifier_yamnet_head_15600_frozen"] = ["yamnet_scores", "custom_scores"]
FEEDS["m_audio_classifier_yamnet_head_15600_frozen"] = lambda rng: {"waveform": _wave(rng, (1, 15600))}


@model("m_audio_embedder_hub_dynamic_and_batch1", "tf-module", "TF Hub style audio embedding module: serving_default float waveform [None,None] (dynamic batch and length) tf.pad to at least 1 s, 40-bin log-mel (stft 400 / 160), Keras Conv2D + MaxPooling2D stack over [B,T,40,1] with GlobalMaxPooling2D, Dense(32) -> l2-normalized embedding and Dense(6, softmax) scores; embed_batch1 fixed [1,16000] returns the embedding only")
def b_audio_embed(out):
    inp = keras.Input((None, 40, 1))
    x = inp
    for f in (16, 32, 48):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    e = L.Dense(32)(L.GlobalMaxPooling2D()(x))
    net = keras.Model(inp, [e, L.Dense(6, activation="softmax")(e)])

    def run(wave):
        wave = tf.pad(wave, [[0, 0], [0, tf.maximum(0, 16000 - tf.shape(wave)[1])]])
        e, scores = net(_log_mel(wave, mel_bins=40)[..., None], training=False)
        return tf.math.l2_normalize(e, axis=-1), scores

    @tf.function(input_signature=[tensor_spec([None, None], name="waveform")])
    def serve(waveform):
        e, scores = run(waveform)
        return {"embedding": e, "scores": scores}

    @tf.function(input_signature=[tensor_spec([1, 16000], name="waveform")])
    def embed_batch1(waveform):
        return {"embedding": run(waveform)[0]}
    serve_module(out, {"model": net}, serving_default=serve, embed_batch1=embed_batch1)


FEEDS["m_audio_embedder_hub_dynamic_and_batch1"] = lambda rng: {
    "serving_default/waveform": _wave(rng, (2, 20000)), "embed_batch1/waveform": _wave(rng, (1, 16000))}


# ================================================================================ gesture and sensors

@model("m_gesture_embedder_hand_landmarks_keras", "keras-export", "gesture-recognizer-style classifier head on hand landmarks, three float inputs hand_landmarks [None,21,3], handedness [None,1], world_landmarks [None,21,3]: custom Layer makes landmarks wrist-relative and scales by the wrist-to-middle-MCP distance, Flatten + Concatenate, Dense(128) + BatchNormalization + ReLU + Dropout, Dense(64) embedding; outputs gesture_probabilities Dense(8, softmax) and embedding; model.export")
def b_gesture(out):
    class WristNormalize(L.Layer):
        def call(self, lm):
            rel = lm - lm[:, :1, :]
            return rel / (tf.norm(rel[:, 9, :2], axis=-1)[:, None, None] + 1e-6)
    hand = keras.Input((21, 3), name="hand_landmarks")
    handed = keras.Input((1,), name="handedness")
    world = keras.Input((21, 3), name="world_landmarks")
    x = L.Concatenate()([L.Flatten()(WristNormalize()(hand)), handed, L.Flatten()(world)])
    x = L.Dropout(0.2)(L.ReLU()(L.BatchNormalization()(L.Dense(128)(x))))
    emb = L.Dense(64, activation="relu", name="embedding")(x)
    probs = L.Dense(8, activation="softmax", name="gesture_probabilities")(L.Dropout(0.1)(emb))
    keras_export(keras.Model([hand, handed, world], {"gesture_probabilities": probs, "embedding": emb}), out)


@model("m_tf1_imu_conv1d_activity_savedmodel", "tf1-savedmodel", "TF1 SavedModelBuilder activity classifier for a phone IMU: placeholder float imu [None,128,6] (accel + gyro), constant per-channel standardization, get_variable tf.nn.conv1d (5, 16) + relu + tf.nn.max_pool1d, conv1d (3, 32) + relu, reduce_mean over time, fc softmax (5 activities); signatures serving_default (probabilities, activity int64) and features [None,32]")
def b_tf1_imu(out):
    v1 = tf.compat.v1

    def conv1d(x, name, k, cin, cout):
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [k, cin, cout], initializer=v1.glorot_uniform_initializer())
            b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
            return tf.nn.relu(tf.nn.conv1d(x, w, 1, "SAME") + b)

    def build():
        imu = v1.placeholder(tf.float32, [None, 128, 6], name="imu")
        x = (imu - tf.constant([0.0, 0.0, 9.81, 0.0, 0.0, 0.0])) / tf.constant([3.0, 3.0, 3.0, 1.5, 1.5, 1.5])
        x = tf.nn.max_pool1d(conv1d(x, "conv1", 5, 6, 16), 2, 2, "SAME")
        feats = tf.reduce_mean(conv1d(x, "conv2", 3, 16, 32), axis=1)
        probs = tf.nn.softmax(_v1_dense(feats, "logits", 32, 5), name="probabilities")
        return {"serving_default": ({"imu": imu}, {"probabilities": probs, "activity": tf.argmax(probs, 1)}),
                "features": ({"imu": imu}, {"features": feats})}
    tf1_saved_model(out, build)


# ================================================================================ recommendation

@model("m_ondevice_recommendation_context_ids_topk", "keras-export", "Model Maker on-device recommendation style model, inputs context_movie_id int32 [None,10] (0 = padding), context_movie_rating float [None,10], context_movie_genre_id int32 [None,10]: Embedding(1001,16) and Embedding(20,8) with a padding mask and rating weights in a custom masked-mean Layer, Dense(32) context encoder, custom retrieval Layer (matmul against a label Embedding table of 1001 items, tf.math.top_k(10)); outputs top_prediction_ids int32 [None,10] and top_prediction_scores; model.export")
def b_rec(out):
    class MaskedWeightedMean(L.Layer):
        def call(self, inputs):
            emb, ids, *weights = inputs
            w = tf.cast(ids > 0, tf.float32) * (weights[0] if weights else 1.0)
            return tf.reduce_sum(emb * w[..., None], axis=1) / (tf.reduce_sum(w, axis=1, keepdims=True) + 1e-6)

    class TopKRetrieval(L.Layer):
        def __init__(self, items, dim, k, **kw):
            super().__init__(**kw)
            self.items, self.dim, self.k = items, dim, k

        def build(self, shape):
            self.table = self.add_weight(shape=(self.items, self.dim), initializer="random_normal", name="item_table")

        def call(self, context):
            top = tf.math.top_k(tf.matmul(context, self.table, transpose_b=True), self.k)
            return {"top_prediction_ids": tf.cast(top.indices, tf.int32), "top_prediction_scores": top.values}
    movie = keras.Input((10,), dtype="int32", name="context_movie_id")
    rating = keras.Input((10,), name="context_movie_rating")
    genre = keras.Input((10,), dtype="int32", name="context_movie_genre_id")
    m = MaskedWeightedMean()([L.Embedding(1001, 16)(movie), movie, rating])
    g = MaskedWeightedMean()([L.Embedding(20, 8)(genre), genre])
    ctx = L.Dense(32)(L.Dense(32, activation="relu")(L.Concatenate()([m, g])))
    outs = TopKRetrieval(1001, 32, 10)(ctx)
    keras_export(keras.Model([movie, rating, genre], outs), out)


FEEDS["m_ondevice_recommendation_context_ids_topk"] = lambda rng: {
    "context_movie_id": np.concatenate([rng.integers(1, 1001, (2, 6)), np.zeros((2, 4))], 1),
    "context_movie_rating": rng.integers(1, 6, (2, 10)).astype("float32"), "context_movie_genre_id": (0, 20)}


@model("m_retrieval_string_ids_hub_two_signatures", "tf-module", "two-tower retrieval model as a TF Hub style tf.Module with lookup tables: serving_default string user_id [None] -> tf.lookup.StaticHashTable (unknown -> 0), Keras user tower Embedding(201,16) + Dense(16), scores against every item from the item tower (Embedding(301,16) + Dense(16) over tf.range), tf.math.top_k(10), tf.gather of the string item vocabulary -> item_ids string [None,10], scores; score_candidates user_id [None] + candidate_ids string [None,5] -> scores [None,5]")
def b_retrieval(out):
    users = [f"user_{i}" for i in range(1, 201)]
    items = [f"item_{i:04d}" for i in range(1, 301)]
    user_table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(users), tf.range(1, 201, dtype=tf.int64)), default_value=0)
    item_table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(items), tf.range(1, 301, dtype=tf.int64)), default_value=0)
    user_tower = keras.Sequential([keras.Input((), dtype="int64"), L.Embedding(201, 16), L.Dense(16)])
    item_tower = keras.Sequential([keras.Input((), dtype="int64"), L.Embedding(301, 16), L.Dense(16)])
    item_vocab = tf.constant(["[UNK]"] + items)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="user_id")])
    def recommend(user_id):
        u = user_tower(user_table.lookup(user_id), training=False)
        all_items = item_tower(tf.range(1, 301, dtype=tf.int64), training=False)
        top = tf.math.top_k(tf.matmul(u, all_items, transpose_b=True), 10)
        return {"item_ids": tf.gather(item_vocab, top.indices + 1), "scores": top.values}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="user_id"),
                                  tf.TensorSpec([None, 5], tf.string, name="candidate_ids")])
    def score_candidates(user_id, candidate_ids):
        u = user_tower(user_table.lookup(user_id), training=False)
        c = tf.reshape(item_tower(tf.reshape(item_table.lookup(candidate_ids), [-1]), training=False), [-1, 5, 16])
        return {"scores": tf.reduce_sum(u[:, None, :] * c, axis=-1)}
    serve_module(out, {"user_tower": user_tower, "item_tower": item_tower, "user_table": user_table,
                       "item_table": item_table}, serving_default=recommend, score_candidates=score_candidates)


FEEDS["m_retrieval_string_ids_hub_two_signatures"] = {
    "user_id": ["user_17", "someone_new"],
    "candidate_ids": [["item_0001", "item_0042", "item_0299", "item_9999", "item_0100"]] * 2}


# ================================================================================ style transfer and super-resolution

def _instance_norm_layers():
    class InstanceNorm(L.Layer):
        """per-image, per-channel normalization with learned scale / offset"""

        def build(self, shape):
            self.scale = self.add_weight(shape=(shape[-1],), initializer="ones", name="scale")
            self.offset = self.add_weight(shape=(shape[-1],), initializer="zeros", name="offset")

        def call(self, x):
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return (x - mean) * tf.math.rsqrt(var + 1e-3) * self.scale + self.offset

    class ConditionalInstanceNorm(L.Layer):
        """instance norm whose scale / offset come from a style vector: inputs (x, gamma [B,C], beta [B,C])"""

        def call(self, inputs):
            x, gamma, beta = inputs
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return (x - mean) * tf.math.rsqrt(var + 1e-3) * (1.0 + gamma[:, None, None, :]) + beta[:, None, None, :]
    return InstanceNorm, ConditionalInstanceNorm


@model("m_arbitrary_style_predict_transfer_module", "tf-module", "Magenta arbitrary-image-stylization-style pair in one tf.Module with three signatures: predict_style float style_image [1,64,64,3] -> Keras conv stack + GlobalAveragePooling2D + Dense(100) -> style_bottleneck [1,1,1,100]; transfer content_image [1,96,96,3] + style_bottleneck -> Keras transformer net with conditional instance norm (gamma / beta Dense from the bottleneck) in every conv, residual blocks, Conv2DTranspose(stride 2) and nearest UpSampling2D + Conv2D upsampling, sigmoid stylized_image; serving_default does both with dynamic batch content [None,None,None,3] and style [None,64,64,3]")
def b_arbitrary_style(out):
    _, CIN = _instance_norm_layers()
    s_in = keras.Input((64, 64, 3))
    x = s_in
    for f in (16, 32, 48, 64):
        x = _conv_bn(x, f, 3, 2)
    bottleneck = L.Reshape((1, 1, 100))(L.Dense(100)(L.GlobalAveragePooling2D()(x)))
    style_predict = keras.Model(s_in, bottleneck, name="style_predict")

    c_in = keras.Input((None, None, 3), name="content_image")
    b_in = keras.Input((1, 1, 100), name="style_bottleneck")
    sv = L.Flatten()(b_in)

    def cin_conv(x, f, k=3, s=1, act="relu"):
        x = L.Conv2D(f, k, strides=s, padding="same")(x)
        x = CIN()([x, L.Dense(f)(sv), L.Dense(f)(sv)])
        return L.Activation(act)(x) if act else x
    x = cin_conv(c_in, 16, 9)
    x = cin_conv(x, 32, 3, 2)
    x = cin_conv(x, 48, 3, 2)
    for _ in range(3):
        x = L.Add()([x, cin_conv(cin_conv(x, 48), 48, act=None)])
    x = L.ReLU()(L.Conv2DTranspose(32, 3, strides=2, padding="same")(x))
    x = cin_conv(L.UpSampling2D()(x), 16)
    y = L.Activation("sigmoid")(cin_conv(x, 3, 9, act=None))
    transformer = keras.Model([c_in, b_in], y, name="style_transform")

    class Stylizer(tf.Module):
        def __init__(self):
            super().__init__()
            self.style_predict, self.transformer = style_predict, transformer

        @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="style_image")])
        def predict_style(self, style_image):
            return {"style_bottleneck": self.style_predict(style_image, training=False)}

        @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="content_image"),
                                      tensor_spec([1, 1, 1, 100], name="style_bottleneck")])
        def transfer(self, content_image, style_bottleneck):
            return {"stylized_image": self.transformer([content_image, style_bottleneck], training=False)}

        @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="content_image"),
                                      tensor_spec([None, 64, 64, 3], name="style_image")])
        def stylize(self, content_image, style_image):
            b = self.style_predict(style_image, training=False)
            return {"stylized_image": self.transformer([content_image, b], training=False)}
    m = Stylizer()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.stylize, "predict_style": m.predict_style,
                                                 "transfer": m.transfer})


@model("m_esrgan_rrdb_depth_to_space_x4", "keras-export", "ESRGAN-style x4 super-resolution, float [1,None,None,3] in 0-255 (batch 1, any size, kept by the export signature): Conv2D(16), two residual-in-residual dense blocks (three densely concatenated Conv2D + LeakyReLU(0.2), Rescaling(0.2) residual scaling, Add), trunk Conv2D + Add, two upsampling stages of Conv2D(64) + Lambda tf.nn.depth_to_space(2) + LeakyReLU, Conv2D(3), Lambda clip_by_value 0-255; model.export")
def b_esrgan(out):
    inp = keras.Input((None, None, 3), batch_size=1, name="lr_image")
    fea = L.Conv2D(16, 3, padding="same")(inp)

    def dense_block(x):
        feats = [x]
        for _ in range(3):
            h = x if len(feats) == 1 else L.Concatenate()(feats)
            feats.append(L.LeakyReLU(0.2)(L.Conv2D(8, 3, padding="same")(h)))
        return L.Add()([x, L.Rescaling(0.2)(L.Conv2D(16, 3, padding="same")(L.Concatenate()(feats)))])
    x = fea
    for _ in range(2):
        x = L.Add()([x, L.Rescaling(0.2)(dense_block(dense_block(x)))])
    x = L.Add()([fea, L.Conv2D(16, 3, padding="same")(x)])
    for _ in range(2):
        x = L.LeakyReLU(0.2)(L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(L.Conv2D(64, 3, padding="same")(x)))
    y = L.Lambda(lambda t: tf.clip_by_value(t, 0.0, 255.0), name="sr_image")(L.Conv2D(3, 3, padding="same")(x))
    keras_export(keras.Model(inp, y), out, keep_fixed_batch=True)


@model("m_fsrcnn_tf1_conv2d_transpose_x3_frozen", "frozen-pb", "TF1 FSRCNN x3 super-resolution on the luma channel frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder float input [1,32,32,1], get_variable feature extraction conv 5x5 (32), shrink 1x1 (8), four 3x3 mapping convs, expand 1x1 (32), each with a hand-written PReLU (relu(x) + alpha * min(x, 0)), tf.nn.conv2d_transpose 9x9 stride 3 to output [1,96,96,1]")
def b_fsrcnn(out):
    v1 = tf.compat.v1

    def prelu(x, name):
        alpha = v1.get_variable(name + "/alpha", [x.shape[-1]], initializer=v1.constant_initializer(0.25))
        return tf.nn.relu(x) + alpha * tf.minimum(x, 0.0)
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [1, 32, 32, 1], name="input")
        h = prelu(_v1_conv(x, "feature", 1, 32, k=5, act=None), "feature")
        h = prelu(_v1_conv(h, "shrink", 32, 8, k=1, act=None), "shrink")
        for i in range(4):
            h = prelu(_v1_conv(h, f"map{i}", 8, 8, act=None), f"map{i}")
        h = prelu(_v1_conv(h, "expand", 8, 32, k=1, act=None), "expand")
        w = v1.get_variable("deconv/weights", [9, 9, 1, 32], initializer=v1.random_normal_initializer(stddev=0.001))
        b = v1.get_variable("deconv/biases", [1], initializer=v1.zeros_initializer())
        tf.nn.bias_add(tf.nn.conv2d_transpose(h, w, [1, 96, 96, 1], [1, 3, 3, 1], "SAME"), b, name="output")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["output"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["m_fsrcnn_tf1_conv2d_transpose_x3_frozen"] = ["output"]


@model("m_fast_style_transfer_instance_norm_saved", "saved-model", "Johnson-style fast style transfer network (Keras functional with a custom InstanceNorm layer) saved with tf.saved_model.save(model, signatures=...): float image [None,None,None,3] in 0-255 (any size) -> Conv2D 9x9, two stride-2 convs, three residual blocks, two Conv2DTranspose(3, stride 2) upsampling, Conv2D 9x9 (3), tanh * 150 + 127.5 clipped to 0-255")
def b_fast_style(out):
    InstanceNorm, _ = _instance_norm_layers()

    def conv(x, f, k, s=1, act=True):
        x = InstanceNorm()(L.Conv2D(f, k, strides=s, padding="same")(x))
        return L.ReLU()(x) if act else x
    inp = keras.Input((None, None, 3))
    x = conv(L.Rescaling(1.0 / 255)(inp), 16, 9)
    x = conv(conv(x, 32, 3, 2), 48, 3, 2)
    for _ in range(3):
        x = L.Add()([x, conv(conv(x, 48, 3), 48, 3, act=False)])
    for f in (32, 16):
        x = L.ReLU()(InstanceNorm()(L.Conv2DTranspose(f, 3, strides=2, padding="same")(x)))
    y = L.Activation("tanh")(L.Conv2D(3, 9, padding="same")(x))
    m = keras.Model(inp, y)

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="image")])
    def serve(image):
        return {"stylized_image": tf.clip_by_value(m(image, training=False) * 150.0 + 127.5, 0.0, 255.0)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


# ================================================================================ OCR

@model("m_ocr_crnn_ctc_greedy_charset_module", "tf-module", "CRNN text-line recognizer as a tf.Module: Keras Conv2D + MaxPooling2D stack (2x2, 2x2, (2,1), (4,1)) to [B,1,32,64], Reshape [B,32,64], Bidirectional(LSTM(32)), Dense(37) (36 chars + blank); serving_default float [None,32,128,1] -> log_softmax, time-major transpose, tf.nn.ctc_greedy_decoder (merge_repeated, blank last), tf.RaggedTensor.from_sparse, tf.gather of a string charset, tf.strings.reduce_join -> text string [None], char_ids int64 (padded -1), confidence exp(-neg_sum_logits); recognize_uint8 uint8 RGB [1,None,None,3] -> rgb_to_grayscale, resize 32x128 / 255 -> same; logits signature -> raw logits [None,32,37]")
def b_ocr_crnn(out):
    inp = keras.Input((32, 128, 1))
    x = inp
    for f, pool in ((16, (2, 2)), (32, (2, 2)), (48, (2, 1)), (64, (4, 1))):
        x = L.MaxPooling2D(pool)(L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x))))
    x = L.Bidirectional(L.LSTM(32, return_sequences=True))(L.Reshape((32, 64))(x))
    net = keras.Model(inp, L.Dense(len(CHARSET) + 1)(x))
    charset = tf.constant(list(CHARSET))

    class Recognizer(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net

        def _decode(self, image):
            logp = tf.nn.log_softmax(self.net(image, training=False))
            b = tf.shape(logp)[0]
            decoded, neg_sum = tf.nn.ctc_greedy_decoder(tf.transpose(logp, [1, 0, 2]), tf.fill([b], 32))
            ids = tf.RaggedTensor.from_sparse(decoded[0])
            return {"text": tf.strings.reduce_join(tf.gather(charset, ids), axis=-1),
                    "char_ids": ids.to_tensor(default_value=-1), "confidence": tf.exp(-neg_sum[:, 0])}

        @tf.function(input_signature=[tensor_spec([None, 32, 128, 1], name="image")])
        def recognize(self, image):
            return self._decode(image)

        @tf.function(input_signature=[tf.TensorSpec([1, None, None, 3], tf.uint8, name="image")])
        def recognize_uint8(self, image):
            gray = tf.image.rgb_to_grayscale(tf.cast(image, tf.float32))
            return self._decode(tf.image.resize(gray, [32, 128]) / 255.0)

        @tf.function(input_signature=[tensor_spec([None, 32, 128, 1], name="image")])
        def logits(self, image):
            return {"logits": self.net(image, training=False)}
    m = Recognizer()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.recognize, "recognize_uint8": m.recognize_uint8,
                                                 "logits": m.logits})


@model("m_ocr_recognizer_keras_ops_ctc_decode", "keras-export", "PaddleOCR-style recognizer in Keras 3, float [None,48,160,3] in [0,1]: Normalization(mean 0.5, variance 0.25), conv-BN-hard_swish stem, depthwise-separable blocks with (2,1) strides down to height 1, Reshape [B,40,64], Bidirectional(GRU(32)), Dense(65, softmax) over 64 characters + blank 0; custom Layer keras.ops.ctc_decode (greedy, mask_index 0, sequence lengths 40) -> decoded_ids int32 [None,40] (padded -1) and log_probability; model.export")
def b_ocr_keras(out):
    class CtcGreedy(L.Layer):
        def call(self, probs):
            lengths = keras.ops.full((keras.ops.shape(probs)[0],), 40, dtype="int32")
            decoded, log_p = keras.ops.ctc_decode(probs, lengths, strategy="greedy", mask_index=0)
            return {"decoded_ids": keras.ops.cast(decoded[0], "int32"), "log_probability": log_p}
    inp = keras.Input((48, 160, 3), name="x")
    x = L.Normalization(mean=0.5, variance=0.25)(inp)
    x = _conv_bn(x, 16, 3, 2, "hard_swish")                       # 24x80
    for f, s in ((24, 1), (32, (2, 2)), (48, (2, 1)), (48, 1), (64, (2, 1)), (64, (3, 1))):
        x = L.Activation("hard_swish")(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same")(x)))
        x = L.Activation("hard_swish")(L.BatchNormalization()(L.Conv2D(f, 1)(x)))
    x = L.Bidirectional(L.GRU(32, return_sequences=True))(L.Reshape((40, 64))(x))
    probs = L.Dense(65, activation="softmax", name="probabilities")(x)
    keras_export(keras.Model(inp, {"probabilities": probs, **CtcGreedy()(probs)}), out)


@model("m_db_text_detector_conv2d_transpose_frozen", "frozen-pb", "DB (differentiable binarization) scene-text detector frozen with convert_variables_to_constants_v2, fixed float input [1,128,128,3]: conv-BN-ReLU backbone at strides 4 / 8 / 16 / 32, FPN 1x1 laterals with nearest UpSampling2D + Add, each level upsampled to stride 4 and concatenated; probability and threshold heads (Conv2D + BN + ReLU, Conv2DTranspose(2, stride 2) + BN + ReLU, Conv2DTranspose(1, stride 2) sigmoid) -> probability_map and threshold_map [1,128,128,1]; binary_map = sigmoid(50 (P - T))")
def b_db(out):
    inp = keras.Input((128, 128, 3), batch_size=1)
    x = _conv_bn(_conv_bn(inp, 16, 3, 2), 16, 3, 2)
    c2 = _conv_bn(x, 24)
    c3 = _conv_bn(c2, 32, 3, 2)
    c4 = _conv_bn(c3, 48, 3, 2)
    c5 = _conv_bn(c4, 64, 3, 2)
    in5, in4, in3, in2 = (L.Conv2D(32, 1)(c) for c in (c5, c4, c3, c2))
    out4 = L.Add()([in4, L.UpSampling2D()(in5)])
    out3 = L.Add()([in3, L.UpSampling2D()(out4)])
    out2 = L.Add()([in2, L.UpSampling2D()(out3)])
    fuse = L.Concatenate()([L.UpSampling2D(8)(L.Conv2D(8, 3, padding="same")(in5)),
                            L.UpSampling2D(4)(L.Conv2D(8, 3, padding="same")(out4)),
                            L.UpSampling2D(2)(L.Conv2D(8, 3, padding="same")(out3)),
                            L.Conv2D(8, 3, padding="same")(out2)])

    def head(t):
        t = _conv_bn(t, 8)
        t = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(8, 2, strides=2)(t)))
        return L.Conv2DTranspose(1, 2, strides=2, activation="sigmoid")(t)
    m = keras.Model(inp, [head(fuse), head(fuse)])

    def fn(t):
        p, th = m(t, training=False)
        return (tf.identity(p, name="probability_map"), tf.identity(th, name="threshold_map"),
                tf.sigmoid(50.0 * (p - th), name="binary_map"))
    freeze_function(fn, [tensor_spec([1, 128, 128, 3], name="input")], out)


OUTPUTS["m_db_text_detector_conv2d_transpose_frozen"] = ["probability_map", "threshold_map", "binary_map"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
