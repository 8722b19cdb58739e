"""Build an independently made corpus into bench/out/fresh13/: vision pipelines the way deployment projects ship them,
with pre- and post-processing inside the graph -- in the styles of the TF Object Detection API, TF Model Garden,
MediaPipe, TF Hub, DeepLab and blog-post serving code. Detection heads with anchor decoding, sigmoid / softmax scores
and every flavour of non-max suppression (v3 / padded v4 / v5 soft-NMS / combined), top-k pre-filters, YOLO grid
decodes, CenterNet max-pool peak picking with floordiv / mod unravelling; DeepLab ASPP and U-Net segmenters with
argmax label maps and resizes back to the input size (bilinear with align_corners / half-pixel, nearest, area, bicubic,
lanczos); pose heatmap + offset decoders (PoseNet, MoveNet-like center weighting); CRNN OCR with CTC greedy / beam
search decoders or argmax + dedupe; BlazeFace-like anchors with weighted NMS, face-mesh heads, two-stage face crop +
embedding; serving signatures that take uint8 tensors, encoded JPEG / PNG strings, web-safe base64 strings or
tf.Example protos, and classifiers returning string labels gathered from a constant table. Exported as Keras 3
model.export / keras.export.ExportArchive, tf.saved_model.save of tf.Modules (and of Keras models) with
tf.function(input_signature=...) serving functions, TF1 SavedModelBuilder graphs and frozen GraphDefs. Tiny widths,
seeded random weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh13.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh13.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh13.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh13.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh13.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import (Corpus, freeze_function, keras_export, serve_module, tensor_spec,
                           tf1_saved_model)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh13", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

LABELS = ["background", "person", "bicycle", "car", "cat", "dog", "bird", "bottle", "chair", "plant"]
CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


# ================================================================================ shared pieces

def _conv_bn(x, f, k=3, s=1, act="relu", dilation=1):
    x = L.Conv2D(f, k, strides=s, padding="same", dilation_rate=dilation, use_bias=False)(x)
    x = L.BatchNormalization()(x)
    return L.Activation(act)(x) if act else x


def _dw_block(x, f, s=1, act="relu6"):
    """MobileNet-v1 style depthwise 3x3 + pointwise 1x1, each with BatchNormalization + activation"""
    x = L.Activation(act)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(x)))
    return L.Activation(act)(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))


def _ssd_anchors(grids, scales, ratios):
    """[N,4] (ycenter, xcenter, h, w) normalized anchors, ordered (level, row, col, anchor) like the head reshapes"""
    out = []
    for g, s in zip(grids, scales):
        for i in range(g):
            for j in range(g):
                for r in ratios:
                    out.append([(i + 0.5) / g, (j + 0.5) / g, s / np.sqrt(r), s * np.sqrt(r)])
    return np.array(out, "float32")


def _decode_boxes(enc, anchors, scale=(10.0, 10.0, 5.0, 5.0)):
    """Faster R-CNN box coder (the OD API's): (ty, tx, th, tw) encodings against center-size anchors -> corners"""
    ya, xa, ha, wa = (anchors[:, k] for k in range(4))
    ty, tx, th, tw = tf.unstack(enc, axis=-1)
    yc, xc = ty / scale[0] * ha + ya, tx / scale[1] * wa + xa
    h, w = tf.exp(th / scale[2]) * ha, tf.exp(tw / scale[3]) * wa
    return tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)


def _iou_matrix(a, b):
    """IoU of every box in a [K,4] against every box in b [N,4] (corners) -> [K,N]"""
    ay0, ax0, ay1, ax1 = tf.split(a, 4, axis=-1)
    by0, bx0, by1, bx1 = tf.unstack(b, axis=-1)
    ih = tf.maximum(0.0, tf.minimum(ay1, by1) - tf.maximum(ay0, by0))
    iw = tf.maximum(0.0, tf.minimum(ax1, bx1) - tf.maximum(ax0, bx0))
    inter = ih * iw
    union = (ay1 - ay0) * (ax1 - ax0) + (by1 - by0) * (bx1 - bx0) - inter
    return inter / tf.maximum(union, 1e-8)


def _ssd_net(size, feature_strides, anchors_per_cell, num_classes, widths=(8, 16, 24, 32, 48)):
    """tiny MobileNet-v1 SSD feature extractor with conv box / class predictors on the feature maps at the given
    strides (8, 16 and / or 32); outputs box encodings [B,N,4] and class logits [B,N,num_classes]"""
    inp = keras.Input((size, size, 3))
    x = _conv_bn(inp, widths[0], 3, 2, "relu6")
    x = _dw_block(x, widths[1])
    x = _dw_block(x, widths[2], 2)
    feats, stride = {}, 4
    for w in widths[3:] + (widths[-1],):
        x = _dw_block(x, w, 2)
        stride *= 2
        feats[stride] = x
    boxes, classes = [], []
    for s in feature_strides:
        boxes.append(L.Reshape((-1, 4))(L.Conv2D(anchors_per_cell * 4, 3, padding="same")(feats[s])))
        cls = L.Conv2D(anchors_per_cell * num_classes, 3, padding="same")(feats[s])
        classes.append(L.Reshape((-1, num_classes))(cls))
    cat = (lambda t: L.Concatenate(axis=1)(t)) if len(feature_strides) > 1 else (lambda t: t[0])
    return keras.Model(inp, [cat(boxes), cat(classes)])


def _small_cnn(size, channels, widths=(16, 32, 32), out=None, act="relu", name=None):
    """Conv2D + MaxPooling2D stack, GlobalAveragePooling2D, optional Dense(out)"""
    inp = keras.Input((size, size, channels))
    x = inp
    for f in widths:
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation=act)(x))
    x = L.GlobalAveragePooling2D()(x)
    return keras.Model(inp, L.Dense(out)(x) if out else x, name=name)


def _v1_conv(x, name, cin, cout, k=3, s=1, act="relu", rate=1):
    """TF1 conv layer: get_variable weights / biases, tf.nn.conv2d SAME (or tf.nn.atrous_conv2d), bias_add, relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, cin, cout],
                            initializer=v1.truncated_normal_initializer(stddev=float(np.sqrt(2.0 / (k * k * cin)))))
        b = v1.get_variable("biases", [cout], initializer=v1.constant_initializer(0.01))
        y = (tf.nn.atrous_conv2d(x, w, rate, "SAME") if rate > 1 else tf.nn.conv2d(x, w, [1, s, s, 1], "SAME"))
        y = tf.nn.bias_add(y, b)
        return tf.nn.relu(y) if act == "relu" else y


def _images(rng, n, sizes=((48, 64), (40, 40))):
    return [rng.integers(0, 256, (*sizes[k % len(sizes)], 3), dtype=np.uint8) for k in range(n)]


def _jpegs(rng, n=2, sizes=((48, 64), (40, 40)), fmt="jpeg"):
    """n encoded images of made-up pixels (as a client would send)"""
    enc = tf.io.encode_jpeg if fmt == "jpeg" else tf.io.encode_png
    return [enc(img).numpy() for img in _images(rng, n, sizes)]


def _boxes(rng, shape):
    """valid normalized [ymin, xmin, ymax, xmax] boxes of the given leading shape"""
    lo = rng.uniform(0.0, 0.5, (*shape, 2))
    hi = lo + rng.uniform(0.2, 0.5, (*shape, 2))
    return np.concatenate([lo, np.minimum(hi, 1.0)], axis=-1).astype("float32")


# ================================================================================ detection

@model("v_ssd_mobilenet_anchor_decode_nms", "tf-module", "OD API-style SSD MobileNet export: tf.Module signature uint8 input_tensor [1,None,None,3] -> cast, tf.image.resize to 96x96, x/127.5-1; Keras depthwise-separable backbone with box / class conv predictors on 12x12, 6x6, 3x3 maps (3 anchors each, 567 anchors, 4 classes incl. background); constant anchors, box-coder decode (scale 10,10,5,5, tf.exp), sigmoid scores with the background column sliced off, tf.image.combined_non_max_suppression(clip_boxes=True, 10 per class / 10 total); outputs detection_boxes [1,10,4], detection_scores, detection_classes (float32, +1 label offset), num_detections (float32), raw_detection_scores [1,567,3]")
def b_ssd_mobilenet(out):
    net = _ssd_net(96, (8, 16, 32), 3, 4)
    anchors = _ssd_anchors((12, 6, 3), (0.2, 0.45, 0.7), (1.0, 2.0, 0.5))

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], "uint8", "input_tensor")])
    def detect(input_tensor):
        x = tf.image.resize(tf.cast(input_tensor, tf.float32), (96, 96)) / 127.5 - 1.0
        enc, logits = net(x, training=False)
        boxes = _decode_boxes(enc, anchors)
        scores = tf.sigmoid(logits)[..., 1:]
        nms = tf.image.combined_non_max_suppression(boxes[:, :, None, :], scores, 10, 10, iou_threshold=0.6,
                                                    score_threshold=1e-8, clip_boxes=True)
        return {"detection_boxes": nms.nmsed_boxes, "detection_scores": nms.nmsed_scores,
                "detection_classes": nms.nmsed_classes + 1.0,
                "num_detections": tf.cast(nms.valid_detections, tf.float32), "raw_detection_scores": scores}
    serve_module(out, {"model": net}, serving_default=detect)


@model("v_retinanet_fpn_combined_nms_pixels", "tf-module", "Model Garden-style RetinaNet serving module: uint8 inputs [None,96,96,3] -> float, (x - MEAN_RGB) / STDDEV_RGB; Keras conv backbone C3-C5, FPN (1x1 laterals, UpSampling2D nearest + Add, 3x3 smoothing, P6 stride-2 conv), class / box heads shared across the 4 levels (prior-probability bias init), 9 anchors per cell in pixels (3 octave scales x 3 aspect ratios, 1737 anchors); decode with tf.exp clipped at log(1000/16), boxes clipped to the image with clip_by_value, sigmoid scores, combined_non_max_suppression (pad_per_class=False, 20 total); outputs detection_boxes (pixels) [None,20,4], detection_scores, detection_classes int32, num_detections int32, image_info [None,4,2]")
def b_retinanet(out):
    C, A = 5, 9
    inp = keras.Input((96, 96, 3))
    x = _conv_bn(inp, 16, 3, 2)
    x = _conv_bn(x, 16, 3, 2)
    c3 = _conv_bn(x, 24, 3, 2)
    c4 = _conv_bn(c3, 32, 3, 2)
    c5 = _conv_bn(c4, 48, 3, 2)
    p5 = L.Conv2D(16, 1)(c5)
    p4 = L.Add()([L.Conv2D(16, 1)(c4), L.UpSampling2D(interpolation="nearest")(p5)])
    p3 = L.Add()([L.Conv2D(16, 1)(c3), L.UpSampling2D(interpolation="nearest")(p4)])
    p3, p4, p5 = (L.Conv2D(16, 3, padding="same")(p) for p in (p3, p4, p5))
    p6 = L.Conv2D(16, 3, strides=2, padding="same")(p5)
    cls_tower = L.Conv2D(16, 3, padding="same", activation="relu")
    box_tower = L.Conv2D(16, 3, padding="same", activation="relu")
    cls_out = L.Conv2D(A * C, 3, padding="same", bias_initializer=keras.initializers.Constant(-np.log(99.0)))
    box_out = L.Conv2D(A * 4, 3, padding="same")
    cls = L.Concatenate(axis=1)([L.Reshape((-1, C))(cls_out(cls_tower(p))) for p in (p3, p4, p5, p6)])
    box = L.Concatenate(axis=1)([L.Reshape((-1, 4))(box_out(box_tower(p))) for p in (p3, p4, p5, p6)])
    net = keras.Model(inp, [cls, box])
    anchors = []
    for stride in (8, 16, 32, 64):
        g = 96 // stride if stride < 64 else 2
        for i in range(g):
            for j in range(g):
                for octave in range(3):
                    for ratio in (0.5, 1.0, 2.0):
                        size = 4 * stride * 2 ** (octave / 3)
                        anchors.append([(i + 0.5) * stride, (j + 0.5) * stride,
                                        size / np.sqrt(ratio), size * np.sqrt(ratio)])
    anchors = np.array(anchors, "float32")
    mean, std = np.array([0.485, 0.456, 0.406]) * 255, np.array([0.229, 0.224, 0.225]) * 255

    @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], "uint8", "inputs")])
    def serve(inputs):
        x = (tf.cast(inputs, tf.float32) - tf.constant(mean, tf.float32)) / tf.constant(std, tf.float32)
        logits, enc = net(x, training=False)
        dy, dx, dh, dw = tf.unstack(enc, axis=-1)
        clip = float(np.log(1000.0 / 16))
        yc, xc = dy * anchors[:, 2] + anchors[:, 0], dx * anchors[:, 3] + anchors[:, 1]
        h, w = tf.exp(tf.minimum(dh, clip)) * anchors[:, 2], tf.exp(tf.minimum(dw, clip)) * anchors[:, 3]
        boxes = tf.clip_by_value(tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1), 0.0, 96.0)
        nms = tf.image.combined_non_max_suppression(boxes[:, :, None, :], tf.sigmoid(logits), 20, 20,
                                                    iou_threshold=0.5, score_threshold=0.05, pad_per_class=False)
        b = tf.shape(inputs)[0]
        info = tf.tile(tf.constant([[[96.0, 96.0], [96.0, 96.0], [1.0, 1.0], [0.0, 0.0]]]), [b, 1, 1])
        return {"detection_boxes": nms.nmsed_boxes, "detection_scores": nms.nmsed_scores,
                "detection_classes": tf.cast(nms.nmsed_classes, tf.int32), "num_detections": nms.valid_detections,
                "image_info": info}
    serve_module(out, {"model": net}, serving_default=serve)


@model("v_ssd_softmax_padded_nms_keras", "keras-export", "Keras SSD with post-processing as a custom Layer, float image [None,64,64,3]: conv backbone, box / class conv predictors on 8x8 and 4x4 maps (2 anchors each, 160 anchors, 4 classes incl. background); the layer decodes against constant anchors (tf.exp), softmax over classes, max / argmax over the non-background columns, batched tf.image.non_max_suppression_padded(pad_to_max_output_size=True, 8), tf.gather(batch_dims=1) and tf.sequence_mask; outputs boxes [None,8,4], scores, classes int32, num_detections int32; model.export")
def b_ssd_padded(out):
    anchors = _ssd_anchors((8, 4), (0.25, 0.6), (1.0, 2.0))

    class SSDPostprocess(L.Layer):
        def call(self, enc, logits):
            boxes = _decode_boxes(enc, anchors)
            probs = tf.nn.softmax(logits, axis=-1)[..., 1:]
            scores = tf.reduce_max(probs, axis=-1)
            classes = tf.argmax(probs, axis=-1, output_type=tf.int32) + 1
            idx, valid = tf.image.non_max_suppression_padded(boxes, scores, 8, iou_threshold=0.45, score_threshold=0.3,
                                                             pad_to_max_output_size=True)
            mask = tf.sequence_mask(valid, 8)
            return {"boxes": tf.gather(boxes, idx, batch_dims=1),
                    "scores": tf.where(mask, tf.gather(scores, idx, batch_dims=1), 0.0),
                    "classes": tf.where(mask, tf.gather(classes, idx, batch_dims=1), 0), "num_detections": valid}
    inp = keras.Input((64, 64, 3), name="image")
    x = inp
    for f in (8, 16, 24):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    f8 = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    f4 = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(f8)
    enc = L.Concatenate(axis=1)([L.Reshape((-1, 4))(L.Conv2D(8, 3, padding="same")(f)) for f in (f8, f4)])
    logits = L.Concatenate(axis=1)([L.Reshape((-1, 4))(L.Conv2D(8, 3, padding="same")(f)) for f in (f8, f4)])
    keras_export(keras.Model(inp, SSDPostprocess()(enc, logits)), out)


@model("v_soft_nms_v5_single_image", "tf-module", "single-image detector with soft-NMS: tf.Module signature float image [1,96,96,3]; Keras conv net -> 6x6 grid x 3 anchors of (4 box encodings, objectness), box-coder decode against constant anchors, sigmoid scores of image 0, tf.image.non_max_suppression_with_scores (soft_nms_sigma 0.5, iou_threshold 1.0, score_threshold 0.05, max 20); outputs a dynamic number of boxes [?,4], soft-NMS rescored scores [?], num_detections int32")
def b_soft_nms(out):
    inp = keras.Input((96, 96, 3))
    x = inp
    for f in (8, 16, 16, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    net = keras.Model(inp, L.Reshape((-1, 5))(L.Conv2D(15, 3, padding="same")(x)))
    anchors = _ssd_anchors((6,), (0.3,), (1.0, 2.0, 0.5))

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="image")])
    def detect(image):
        raw = net(image, training=False)
        boxes = _decode_boxes(raw[..., :4], anchors)[0]
        scores = tf.sigmoid(raw[0, :, 4])
        sel, sel_scores = tf.image.non_max_suppression_with_scores(boxes, scores, 20, iou_threshold=1.0,
                                                                   score_threshold=0.05, soft_nms_sigma=0.5)
        return {"boxes": tf.gather(boxes, sel), "scores": sel_scores, "num_detections": tf.size(sel)}
    serve_module(out, {"model": net}, serving_default=detect)


@model("v_topk_prefilter_nms_v3_fixed_pad_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a detector with a fixed-size output, float image [1,64,64,3]: Keras conv net -> 8x8 grid x 3 anchors of (4 encodings, objectness), decode against constant anchors, sigmoid scores, tf.math.top_k(64) pre-filter, tf.gather of the kept boxes, tf.image.non_max_suppression (NonMaxSuppressionV3: max 10, iou 0.5, score_threshold 0.2), tf.gather, then tf.pad by 10 - tf.shape(selected)[0] and reshape to [1,10,4] / [1,10]; outputs boxes, scores, num_detections int32 named with tf.identity")
def b_topk_nms(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (8, 16, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    net = keras.Model(inp, L.Reshape((-1, 5))(L.Conv2D(15, 3, padding="same")(x)))
    anchors = _ssd_anchors((8,), (0.3,), (1.0, 2.0, 0.5))

    def fn(image):
        raw = net(image, training=False)
        boxes, scores = _decode_boxes(raw[..., :4], anchors)[0], tf.sigmoid(raw[0, :, 4])
        top = tf.math.top_k(scores, k=64)
        cand = tf.gather(boxes, top.indices)
        sel = tf.image.non_max_suppression(cand, top.values, 10, iou_threshold=0.5, score_threshold=0.2)
        n = tf.shape(sel)[0]
        b = tf.reshape(tf.pad(tf.gather(cand, sel), [[0, 10 - n], [0, 0]]), [1, 10, 4])
        s = tf.reshape(tf.pad(tf.gather(top.values, sel), [[0, 10 - n]]), [1, 10])
        return (tf.identity(b, name="detection_boxes"), tf.identity(s, name="detection_scores"),
                tf.identity(tf.reshape(n, [1]), name="num_detections"))
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["v_topk_prefilter_nms_v3_fixed_pad_frozen"] = ["detection_boxes", "detection_scores", "num_detections"]


@model("v_yolov3_tiny_two_scale_grid_decode", "keras-export", "YOLOv3-tiny-like Keras model with the grid decode in a custom Layer, float images [None,96,96,3]: Conv2D + LeakyReLU(0.1) + MaxPooling2D backbone, 3x3 head and an UpSampling2D + Concatenate route to a 6x6 head (3 anchors x 85 channels each); decode per scale: reshape [B,g,g,3,85], tf.meshgrid grid offsets, sigmoid xy, tf.exp wh * pixel anchors / 96, sigmoid objectness and 80 class scores, reshape to [tf.shape(x)[0], -1, 85]; output predictions [None,135,85]; model.export")
def b_yolov3_tiny(out):
    class YoloDecode(L.Layer):
        def __init__(self, grid, anchors, **kw):
            super().__init__(**kw)
            self.grid, self.anchors = grid, anchors

        def call(self, t):
            g = self.grid
            t = tf.reshape(t, [-1, g, g, 3, 85])
            gx, gy = tf.meshgrid(tf.range(g), tf.range(g))
            grid = tf.cast(tf.stack([gx, gy], axis=-1), tf.float32)[None, :, :, None, :]
            xy = (tf.sigmoid(t[..., :2]) + grid) / g
            wh = tf.exp(t[..., 2:4]) * tf.constant(self.anchors, tf.float32) / 96.0
            return tf.reshape(tf.concat([xy, wh, tf.sigmoid(t[..., 4:])], axis=-1), [tf.shape(t)[0], -1, 85])
    inp = keras.Input((96, 96, 3), name="images")
    x = inp
    for f in (8, 16, 16, 32):
        x = L.MaxPooling2D()(L.LeakyReLU(0.1)(L.Conv2D(f, 3, padding="same", use_bias=False)(x)))
    route = x                                                            # 6x6
    x = L.MaxPooling2D()(L.LeakyReLU(0.1)(L.Conv2D(48, 3, padding="same")(x)))  # 3x3
    x = L.LeakyReLU(0.1)(L.Conv2D(32, 1)(x))
    head1 = L.Conv2D(3 * 85, 1)(L.LeakyReLU(0.1)(L.Conv2D(48, 3, padding="same")(x)))
    up = L.UpSampling2D()(L.LeakyReLU(0.1)(L.Conv2D(16, 1)(x)))
    head2 = L.Conv2D(3 * 85, 1)(L.LeakyReLU(0.1)(L.Conv2D(32, 3, padding="same")(L.Concatenate()([up, route]))))
    p1 = YoloDecode(3, [[81, 82], [135, 169], [344, 319]])(head1)
    p2 = YoloDecode(6, [[10, 14], [23, 27], [37, 58]])(head2)
    keras_export(keras.Model(inp, {"predictions": L.Concatenate(axis=1, name="predictions")([p1, p2])}), out)


@model("v_yolo_tf1_resize_decode_nms_v3", "tf1-savedmodel", "TF1 SavedModelBuilder YOLO-style detector: placeholder uint8 input_image [1,None,None,3], tf.compat.v1.image.resize_bilinear to 96x96, /255, get_variable convs (stride 2 x3) to a 12x12 grid x 2 anchors x (4 box, objectness, 3 classes); decode with tf.meshgrid, sigmoid xy, tf.exp wh * anchors, scaled back to the input's pixel size from tf.shape; scores = objectness * max class prob, tf.image.non_max_suppression (v3, score_threshold 0.25, max 20), tf.gather; outputs boxes [?,4], scores [?], classes int32 [?]")
def b_yolo_tf1(out):
    v1 = tf.compat.v1

    def build():
        img = v1.placeholder(tf.uint8, [1, None, None, 3], name="input_image")
        hw = tf.cast(tf.shape(img)[1:3], tf.float32)
        x = v1.image.resize_bilinear(tf.cast(img, tf.float32), [96, 96]) / 255.0
        x = _v1_conv(x, "conv1", 3, 8, s=2)
        x = _v1_conv(x, "conv2", 8, 16, s=2)
        x = _v1_conv(x, "conv3", 16, 32, s=2)
        t = tf.reshape(_v1_conv(x, "head", 32, 16, k=1, act=None), [12, 12, 2, 8])
        gx, gy = tf.meshgrid(tf.range(12.0), tf.range(12.0))
        xc = (tf.sigmoid(t[..., 0]) + gx[..., None]) / 12.0
        yc = (tf.sigmoid(t[..., 1]) + gy[..., None]) / 12.0
        w = tf.exp(t[..., 2]) * tf.constant([0.15, 0.4])
        h = tf.exp(t[..., 3]) * tf.constant([0.2, 0.3])
        boxes = tf.reshape(tf.stack([(yc - h / 2) * hw[0], (xc - w / 2) * hw[1], (yc + h / 2) * hw[0],
                                     (xc + w / 2) * hw[1]], axis=-1), [-1, 4])
        cls = tf.reshape(tf.nn.softmax(t[..., 5:]), [-1, 3])
        scores = tf.reshape(tf.sigmoid(t[..., 4]), [-1]) * tf.reduce_max(cls, axis=-1)
        sel = tf.image.non_max_suppression(boxes, scores, 20, iou_threshold=0.45, score_threshold=0.25)
        return {"serving_default": ({"input_image": img}, {
            "boxes": tf.gather(boxes, sel, name="boxes"), "scores": tf.gather(scores, sel, name="scores"),
            "classes": tf.gather(tf.argmax(cls, axis=-1, output_type=tf.int32), sel, name="classes")})}
    tf1_saved_model(out, build)


@model("v_centernet_maxpool_peaks_topk", "tf-module", "CenterNet-style detector, tf.Module signature float input_tensor [None,64,64,3]: Keras conv encoder + Conv2DTranspose decoder to a 16x16 output stride-4 map with heads heatmap (3 classes, bias -2.19), wh (2), offset (2); sigmoid heatmap, 3x3 tf.nn.max_pool2d SAME + tf.equal peak mask, reshape [B,-1], tf.math.top_k(20), class = idx mod 3, pixel = idx floordiv 3, y/x via floordiv / floormod 16, tf.gather_nd(batch_dims=1) of wh and tf.gather(batch_dims=1) of offsets, clip_by_value to [0,1]; outputs detection_boxes [None,20,4], detection_scores, detection_classes int32")
def b_centernet(out):
    inp = keras.Input((64, 64, 3))
    x = _conv_bn(inp, 16, 3, 2)
    x = _conv_bn(x, 32, 3, 2)
    x = _conv_bn(x, 48, 3, 2)
    x = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(32, 4, strides=2, padding="same")(x)))
    heads = [L.Conv2D(c, 1, bias_initializer=keras.initializers.Constant(b))(
        L.Conv2D(32, 3, padding="same", activation="relu")(x)) for c, b in ((3, -2.19), (2, 0.0), (2, 0.0))]
    net = keras.Model(inp, heads)

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="input_tensor")])
    def detect(input_tensor):
        hm, wh, off = net(input_tensor, training=False)
        heat = tf.sigmoid(hm)
        peaks = heat * tf.cast(tf.equal(tf.nn.max_pool2d(heat, 3, 1, "SAME"), heat), tf.float32)
        b = tf.shape(heat)[0]
        scores, idx = tf.math.top_k(tf.reshape(peaks, [b, -1]), k=20)
        cls, pix = tf.math.floormod(idx, 3), tf.math.floordiv(idx, 3)
        ys, xs = tf.math.floordiv(pix, 16), tf.math.floormod(pix, 16)
        size = tf.gather_nd(wh, tf.stack([ys, xs], axis=-1), batch_dims=1)
        o = tf.gather(tf.reshape(off, [b, 256, 2]), pix, batch_dims=1)
        yc, xc = (tf.cast(ys, tf.float32) + o[..., 0]) / 16.0, (tf.cast(xs, tf.float32) + o[..., 1]) / 16.0
        h, w = size[..., 0] / 16.0, size[..., 1] / 16.0
        boxes = tf.clip_by_value(tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1), 0.0, 1.0)
        return {"detection_boxes": boxes, "detection_scores": scores, "detection_classes": cls}
    serve_module(out, {"model": net}, serving_default=detect)


@model("v_centernet_unravel_index_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a single-class CenterNet person-center detector, float image [1,64,64,3]: Keras conv net to 16x16 heatmap (sigmoid) + size (2) maps, 3x3 max_pool2d equality peak mask, top_k(10) over the flattened 256-entry map of image 0, tf.unravel_index to (y, x), tf.gather_nd of sizes, boxes [1,10,4], scores [1,10], num_detections = count of scores > 0.3 (int32)")
def b_centernet_frozen(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (16, 24):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    x = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    net = keras.Model(inp, [L.Conv2D(1, 1, activation="sigmoid")(x), L.Conv2D(2, 1, activation="relu")(x)])

    def fn(image):
        heat, size = net(image, training=False)
        peaks = heat * tf.cast(tf.equal(tf.nn.max_pool2d(heat, 3, 1, "SAME"), heat), tf.float32)
        scores, idx = tf.math.top_k(tf.reshape(peaks[0], [-1]), k=10)
        yx = tf.transpose(tf.unravel_index(idx, [16, 16]))                  # [10,2]
        s = tf.gather_nd(size[0], yx)
        c = (tf.cast(yx, tf.float32) + 0.5) / 16.0
        boxes = tf.concat([c - s / 32.0, c + s / 32.0], axis=-1)
        return (tf.identity(boxes[None], name="boxes"), tf.identity(scores[None], name="scores"),
                tf.identity(tf.reduce_sum(tf.cast(scores > 0.3, tf.int32), keepdims=True), name="num_detections"))
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["v_centernet_unravel_index_frozen"] = ["boxes", "scores", "num_detections"]


@model("v_od_api_image_string_example_signatures", "tf-module", "OD API exporter-style tf.Module with three signatures sharing one SSD: serving_default uint8 input_tensor [1,None,None,3]; encoded_image_string_tensor string [1] (tf.map_fn of tf.io.decode_image channels=3, uint8 [None,None,3]); tf_example string [1] (tf.io.parse_example of image/encoded, then decode_image); each resizes to 64x64, (x-127.5)/127.5, MobileNet-style SSD on 8x8 and 4x4 maps (3 anchors, 240 anchors, 4 classes incl. background), box-coder decode, sigmoid, combined_non_max_suppression (10 total); outputs detection_boxes [1,10,4], detection_scores, detection_classes (float32, +1), detection_multiclass_scores [1,240,4], raw_detection_boxes [1,240,4], num_detections (float32)")
def b_od_api(out):
    net = _ssd_net(64, (8, 16), 3, 4)
    anchors = _ssd_anchors((8, 4), (0.25, 0.6), (1.0, 2.0, 0.5))

    def detect(images):
        x = (tf.image.resize(tf.cast(images, tf.float32), (64, 64)) - 127.5) / 127.5
        enc, logits = net(x, training=False)
        boxes, scores = _decode_boxes(enc, anchors), tf.sigmoid(logits)
        nms = tf.image.combined_non_max_suppression(boxes[:, :, None, :], scores[..., 1:], 10, 10, iou_threshold=0.6,
                                                    score_threshold=0.0)
        return {"detection_boxes": nms.nmsed_boxes, "detection_scores": nms.nmsed_scores,
                "detection_classes": nms.nmsed_classes + 1.0, "detection_multiclass_scores": scores,
                "raw_detection_boxes": boxes, "num_detections": tf.cast(nms.valid_detections, tf.float32)}

    def decode(strings):
        return tf.map_fn(lambda s: tf.io.decode_image(s, channels=3, expand_animations=False), strings,
                         fn_output_signature=tf.TensorSpec([None, None, 3], tf.uint8))

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], "uint8", "input_tensor")])
    def image_tensor(input_tensor):
        return detect(input_tensor)

    @tf.function(input_signature=[tensor_spec([1], "string", "input_tensor")])
    def encoded(input_tensor):
        return detect(decode(input_tensor))

    @tf.function(input_signature=[tensor_spec([1], "string", "input_tensor")])
    def tf_example(input_tensor):
        feats = tf.io.parse_example(input_tensor, {"image/encoded": tf.io.FixedLenFeature([], tf.string)})
        return detect(decode(feats["image/encoded"]))
    serve_module(out, {"model": net}, serving_default=image_tensor, encoded_image_string_tensor=encoded,
                 tf_example=tf_example)


def _od_feeds(rng):
    jpeg = _jpegs(rng, 1)
    ex = tf.train.Example(features=tf.train.Features(feature={
        "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=jpeg))}))
    return {"encoded_image_string_tensor/input_tensor": jpeg, "tf_example/input_tensor": [ex.SerializeToString()]}


FEEDS["v_od_api_image_string_example_signatures"] = _od_feeds


@model("v_roi_crop_and_resize_refine_export_archive", "keras-export", "two-stage box-refinement head exported with keras.export.ExportArchive (endpoint 'serve' with an explicit input_signature): float image [None,64,64,3] + proposals float [None,8,4] normalized boxes; conv backbone to a 16x16x32 map, custom RoI layer flattens proposals to [-1,4] with box_indices tf.repeat(tf.range(B), 8) and tf.image.crop_and_resize to 7x7, Conv2D + Flatten + Dense head (4-class softmax, 4x4 class-specific deltas), refine layer picks the argmax class's deltas (tf.gather batch_dims=2), decodes against the proposals and clip_by_value to [0,1]; outputs boxes [None,8,4], scores [None,8], classes int32 [None,8]")
def b_roi(out):
    class RoiCrop(L.Layer):
        def call(self, feat, boxes):
            b = tf.shape(boxes)[0]
            return tf.image.crop_and_resize(feat, tf.reshape(boxes, [-1, 4]), tf.repeat(tf.range(b), 8), (7, 7))

    class Refine(L.Layer):
        def call(self, probs, deltas, proposals):
            probs = tf.reshape(probs, [-1, 8, 4])
            deltas = tf.reshape(deltas, [-1, 8, 4, 4])
            cls = tf.argmax(probs, axis=-1, output_type=tf.int32)
            d = tf.gather(deltas, cls, batch_dims=2)
            ya, xa = (proposals[..., 0] + proposals[..., 2]) / 2, (proposals[..., 1] + proposals[..., 3]) / 2
            ha, wa = proposals[..., 2] - proposals[..., 0], proposals[..., 3] - proposals[..., 1]
            yc, xc = d[..., 0] / 10 * ha + ya, d[..., 1] / 10 * wa + xa
            h, w = tf.exp(d[..., 2] / 5) * ha, tf.exp(d[..., 3] / 5) * wa
            boxes = tf.clip_by_value(tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1), 0.0, 1.0)
            return {"boxes": boxes, "scores": tf.reduce_max(probs, axis=-1), "classes": cls}
    image = keras.Input((64, 64, 3), name="image")
    proposals = keras.Input((8, 4), name="proposals")
    feat = _conv_bn(_conv_bn(image, 16, 3, 2), 32, 3, 2)
    r = L.Conv2D(32, 3, activation="relu")(RoiCrop()(feat, proposals))
    h = L.Dense(64, activation="relu")(L.Flatten()(r))
    m = keras.Model([image, proposals], Refine()(L.Dense(4, activation="softmax")(h), L.Dense(16)(h), proposals))
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", lambda image, proposals: m([image, proposals], training=False),
                         input_signature=[tensor_spec([None, 64, 64, 3], name="image"),
                                          tensor_spec([None, 8, 4], name="proposals")])
    archive.write_out(str(out), verbose=False)


FEEDS["v_roi_crop_and_resize_refine_export_archive"] = lambda rng: {"proposals": _boxes(rng, (2, 8))}


@model("v_yolo_letterbox_pad_unletterbox_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a YOLO-style pipeline with letterboxing, uint8 image [1,None,None,3]: scale = min(96/h, 96/w) from tf.shape, tf.image.resize to the scaled size, tf.image.pad_to_bounding_box to 96x96 centred with gray 114 padding (pad x-114 then add 114), /255; Keras conv net to a 6x6 grid x 2 anchors x (4, objectness, 4 classes), sigmoid / tf.exp decode to letterbox pixels, un-letterbox ((box - pad) / scale), clip_by_value to the original size, tf.image.non_max_suppression_padded (single image, pad_to_max_output_size=True, 20); outputs boxes [20,4] (pixels), scores (masked), classes int32, valid_detections; lowering the padded NMS while loop left 52 dangling unused_control_flow_input placeholders in the GraphDef")
def b_letterbox(out):
    inp = keras.Input((96, 96, 3))
    x = inp
    for f in (8, 16, 24, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="swish")(x)
    net = keras.Model(inp, L.Conv2D(2 * 9, 1)(x))
    gy, gx = np.meshgrid(np.arange(6.0), np.arange(6.0), indexing="ij")

    def fn(image):
        hw = tf.cast(tf.shape(image)[1:3], tf.float32)
        scale = tf.minimum(96.0 / hw[0], 96.0 / hw[1])
        new = tf.cast(tf.round(hw * scale), tf.int32)
        pad = (96 - new) // 2
        x = tf.image.resize(tf.cast(image, tf.float32), new)
        x = tf.image.pad_to_bounding_box(x - 114.0, pad[0], pad[1], 96, 96) + 114.0
        t = tf.reshape(net(x / 255.0, training=False), [6, 6, 2, 9])
        yc = (tf.sigmoid(t[..., 0]) + gy[..., None]) * 16.0
        xc = (tf.sigmoid(t[..., 1]) + gx[..., None]) * 16.0
        h, w = tf.exp(t[..., 2]) * tf.constant([20.0, 40.0]), tf.exp(t[..., 3]) * tf.constant([20.0, 30.0])
        boxes = tf.reshape(tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1), [-1, 4])
        padf = tf.cast(tf.tile(pad, [2]), tf.float32)
        boxes = (boxes - padf) / scale
        boxes = tf.clip_by_value(boxes, 0.0, tf.tile(hw, [2]))
        cls = tf.reshape(tf.sigmoid(t[..., 5:]), [-1, 4])
        scores = tf.reshape(tf.sigmoid(t[..., 4]), [-1]) * tf.reduce_max(cls, axis=-1)
        idx, valid = tf.image.non_max_suppression_padded(boxes, scores, 20, iou_threshold=0.5, score_threshold=0.25,
                                                         pad_to_max_output_size=True)
        mask = tf.range(20) < valid
        return (tf.identity(tf.gather(boxes, idx), name="boxes"),
                tf.identity(tf.where(mask, tf.gather(scores, idx), 0.0), name="scores"),
                tf.identity(tf.gather(tf.argmax(cls, -1, output_type=tf.int32), idx), name="classes"),
                tf.identity(valid, name="valid_detections"))
    freeze_function(fn, [tensor_spec([1, None, None, 3], "uint8", "image")], out)


OUTPUTS["v_yolo_letterbox_pad_unletterbox_frozen"] = ["boxes", "scores", "classes", "valid_detections"]


@model("v_ssd_tf1_map_fn_per_class_nms_frozen", "frozen-pb", "TF1 frozen_inference_graph in the old OD API style (tf.compat.v1.graph_util.convert_variables_to_constants): placeholder uint8 image_tensor [None,None,None,3], tf.map_fn resize of each image to 64x64, get_variable conv SSD (8x8 grid x 2 anchors, 3 classes + background), box-coder decode, sigmoid; a second tf.map_fn over the batch runs, per class (Python loop of 3), tf.image.non_max_suppression (score_threshold 0.1, max 5) + gather + tf.pad to 5, concat, top_k(10); outputs detection_boxes [None,10,4], detection_scores, detection_classes (float32), num_detections (float32)")
def b_ssd_tf1_frozen(out):
    v1 = tf.compat.v1
    anchors = _ssd_anchors((8,), (0.3,), (1.0, 2.0))
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        images = v1.placeholder(tf.uint8, [None, None, None, 3], name="image_tensor")
        x = tf.map_fn(lambda im: tf.image.resize(tf.cast(im, tf.float32), (64, 64)), images,
                      fn_output_signature=tf.TensorSpec([64, 64, 3], tf.float32))
        x = x / 127.5 - 1.0
        x = _v1_conv(x, "FeatureExtractor/conv1", 3, 8, s=2)
        x = _v1_conv(x, "FeatureExtractor/conv2", 8, 16, s=2)
        x = _v1_conv(x, "FeatureExtractor/conv3", 16, 32, s=2)
        b = tf.shape(x)[0]
        enc = tf.reshape(_v1_conv(x, "BoxPredictor/BoxEncodingPredictor", 32, 8, act=None), [b, -1, 4])
        logits = tf.reshape(_v1_conv(x, "BoxPredictor/ClassPredictor", 32, 8, act=None), [b, -1, 4])
        boxes, scores = _decode_boxes(enc, anchors), tf.sigmoid(logits)[..., 1:]

        def per_image(args):
            bx, sc = args
            bs, ss, cs = [], [], []
            for c in range(3):
                sel = tf.image.non_max_suppression(bx, sc[:, c], 5, iou_threshold=0.6, score_threshold=0.1)
                n = tf.shape(sel)[0]
                bs.append(tf.pad(tf.gather(bx, sel), [[0, 5 - n], [0, 0]]))
                ss.append(tf.pad(tf.gather(sc[:, c], sel), [[0, 5 - n]], constant_values=-1.0))
                cs.append(tf.fill([5], float(c + 1)))
            bs, ss, cs = tf.concat(bs, 0), tf.concat(ss, 0), tf.concat(cs, 0)
            top = tf.math.top_k(ss, 10)
            valid = tf.reduce_sum(tf.cast(top.values >= 0, tf.float32))
            return tf.gather(bs, top.indices), tf.maximum(top.values, 0.0), tf.gather(cs, top.indices), valid
        db, ds, dc, nd = tf.map_fn(per_image, (boxes, scores), fn_output_signature=(
            tf.TensorSpec([10, 4], tf.float32), tf.TensorSpec([10], tf.float32), tf.TensorSpec([10], tf.float32),
            tf.TensorSpec([], tf.float32)))
        names = ["detection_boxes", "detection_scores", "detection_classes", "num_detections"]
        for t, n in zip((db, ds, dc, nd), names):
            tf.identity(t, name=n)
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), names)
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["v_ssd_tf1_map_fn_per_class_nms_frozen"] = ["detection_boxes", "detection_scores", "detection_classes",
                                                    "num_detections"]


@model("v_mediapipe_ssd_anchor_layer_batch1", "keras-export", "MediaPipe Model Maker-style object detector with raw outputs, fixed float [1,64,64,3] kept by the export signature: Keras depthwise-separable backbone, box / class predictors on 8x8 and 4x4 maps (3 anchors, 240 anchors, 3 classes); a custom Layer holding the anchors as a non-trainable add_weight decodes the encodings (tf.exp, corners); outputs raw box_encodings [1,240,4], class_scores sigmoid [1,240,3] and decoded detection_boxes [1,240,4]; model.export")
def b_mediapipe_ssd(out):
    anchors = _ssd_anchors((8, 4), (0.25, 0.6), (1.0, 2.0, 0.5))

    class AnchorDecode(L.Layer):
        def build(self, input_shape):
            self.anchors = self.add_weight(shape=anchors.shape, initializer=keras.initializers.Constant(anchors),
                                           trainable=False, name="anchors")

        def call(self, enc):
            a = tf.convert_to_tensor(self.anchors)
            ty, tx, th, tw = tf.unstack(enc, axis=-1)
            yc, xc = ty / 10 * a[:, 2] + a[:, 0], tx / 10 * a[:, 3] + a[:, 1]
            h, w = tf.exp(th / 5) * a[:, 2], tf.exp(tw / 5) * a[:, 3]
            return tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)
    inp = keras.Input((64, 64, 3), batch_size=1, name="input")
    enc, logits = _ssd_net(64, (8, 16), 3, 3)(inp)
    outs = {"box_encodings": L.Identity(name="box_encodings")(enc),
            "class_scores": L.Activation("sigmoid", name="class_scores")(logits),
            "detection_boxes": AnchorDecode(name="detection_boxes")(enc)}
    keras_export(keras.Model(inp, outs), out, keep_fixed_batch=True)


# ================================================================================ face

@model("v_blazeface_anchors_weighted_nms", "tf-module", "BlazeFace-like face detector with MediaPipe-style post-processing in the graph, tf.Module signature float image [1,128,128,3] in [-1,1]: Keras BlazeBlocks (5x5 DepthwiseConv2D + 1x1 Conv2D, shortcut MaxPooling2D + Concatenate of zero channels (Lambda zeros_like slice), Add, ReLU) to 16x16 (2 anchors) and 8x8 (6 anchors) maps, 896 anchors; regressors [1,896,16] decoded with x_scale 128 (box + 6 keypoints), scores sigmoid(clip_by_value(raw, -100, 100)); tf.image.non_max_suppression_padded (10, iou 0.3, score_threshold 0.5) seeds a weighted NMS: IoU matrix of the kept boxes vs all 896 (broadcast min / max), weights (iou > 0.3) * score, tf.matmul weighted average of boxes + keypoints; outputs detections [1,10,16], scores [1,10], num_detections int32")
def b_blazeface(out):
    def blaze_block(x, cout, s=1):
        cin = x.shape[-1]
        h = L.Conv2D(cout, 1)(L.DepthwiseConv2D(5, strides=s, padding="same")(x))
        sc = L.MaxPooling2D()(x) if s == 2 else x
        if cout > cin:  # zero channels by Concatenate (tf.pad here + Add + ReLU segfaults TF's oneDNN CPU runtime)
            sc = L.Concatenate()([sc, L.Lambda(lambda t, p=cout - cin: tf.zeros_like(t[..., :p]))(sc)])
        return L.ReLU()(L.Add()([h, sc]))
    inp = keras.Input((128, 128, 3))
    x = L.ReLU()(L.Conv2D(16, 5, strides=2, padding="same")(inp))
    for c, s in ((16, 1), (20, 1), (24, 2), (24, 1), (28, 1), (32, 2), (32, 1), (32, 1)):
        x = blaze_block(x, c, s)
    f16 = x
    for c, s in ((48, 2), (48, 1), (48, 1)):
        x = blaze_block(x, c, s)
    f8 = x
    reg = L.Concatenate(axis=1)([L.Reshape((-1, 16))(L.Conv2D(2 * 16, 1)(f16)),
                                 L.Reshape((-1, 16))(L.Conv2D(6 * 16, 1)(f8))])
    cls = L.Concatenate(axis=1)([L.Reshape((-1, 1))(L.Conv2D(2, 1)(f16)), L.Reshape((-1, 1))(L.Conv2D(6, 1)(f8))])
    net = keras.Model(inp, [reg, cls])
    anc = []
    for g, n in ((16, 2), (8, 6)):
        for i in range(g):
            for j in range(g):
                anc += [[(j + 0.5) / g, (i + 0.5) / g]] * n
    anc = np.array(anc, "float32")                                        # (x, y) centers, anchor size 1

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def detect(image):
        raw, raw_scores = net(image, training=False)
        raw = raw[0] / 128.0
        xc, yc = raw[:, 0] + anc[:, 0], raw[:, 1] + anc[:, 1]
        w, h = raw[:, 2], raw[:, 3]
        boxes = tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)
        kps = tf.reshape(tf.reshape(raw[:, 4:], [-1, 6, 2]) + anc[:, None, :], [-1, 12])
        scores = tf.sigmoid(tf.clip_by_value(raw_scores[0, :, 0], -100.0, 100.0))
        idx, valid = tf.image.non_max_suppression_padded(boxes, scores, 10, iou_threshold=0.3, score_threshold=0.5,
                                                         pad_to_max_output_size=True)
        iou = _iou_matrix(tf.gather(boxes, idx), boxes)
        wts = tf.cast(iou > 0.3, tf.float32) * scores[None, :] * tf.cast(scores > 0.5, tf.float32)[None, :]
        det = tf.matmul(wts, tf.concat([boxes, kps], axis=-1)) / tf.maximum(tf.reduce_sum(wts, 1, keepdims=True), 1e-6)
        mask = tf.sequence_mask(valid, 10)
        return {"detections": tf.where(mask[:, None], det, 0.0)[None],
                "scores": tf.where(mask, tf.gather(scores, idx), 0.0)[None], "num_detections": tf.reshape(valid, [1])}
    serve_module(out, {"model": net}, serving_default=detect)


@model("v_face_mesh_prelu_heads_batch1", "keras-export", "MediaPipe face-mesh-like landmark model, fixed float [1,64,64,3] kept by the export signature: Conv2D + PReLU(shared_axes 1,2) stem, residual blocks of DepthwiseConv2D 3x3 + Conv2D 1x1 + PReLU with MaxPooling2D / channel tf.pad shortcuts down to 2x2; heads Conv2D(1404, 2) -> landmarks [1,1,1,1404] (468 x 3) and Conv2D(1, 2) + sigmoid -> face flag [1,1,1,1] (signature outputs output_0 / output_1); model.export")
def b_face_mesh(out):
    def block(x, cout, s=1):
        cin = x.shape[-1]
        h = L.Conv2D(cout, 1)(L.DepthwiseConv2D(3, strides=s, padding="same")(x))
        sc = L.MaxPooling2D()(x) if s == 2 else x
        if cout > cin:
            sc = L.Lambda(lambda t, p=cout - cin: tf.pad(t, [[0, 0], [0, 0], [0, 0], [0, p]]))(sc)
        return L.PReLU(shared_axes=[1, 2])(L.Add()([h, sc]))
    inp = keras.Input((64, 64, 3), batch_size=1, name="input_1")
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(16, 3, strides=2, padding="same")(inp))   # 32
    for c, s in ((16, 1), (24, 2), (24, 1), (32, 2), (32, 1), (48, 2), (48, 2)):      # -> 2x2
        x = block(x, c, s)
    lm = L.Conv2D(1404, 2, name="conv2d_21")(x)
    flag = L.Conv2D(1, 2, activation="sigmoid", name="conv2d_31")(x)
    keras_export(keras.Model(inp, [lm, flag]), out, keep_fixed_batch=True)


@model("v_face_detect_crop_embed_two_stage", "tf-module", "two-stage face pipeline in one tf.Module signature, float image [1,128,128,3] in [0,1]: Keras detector (8x8 grid, sigmoid center / size / score), tf.argmax of the best cell, box gathered, expanded by 20% and clip_by_value to [0,1], tf.image.crop_and_resize of the original image to 48x48 (box_indices [0]), Keras embedding CNN + Dense(64), tf.math.l2_normalize; outputs face_box [1,4], face_score [1], embedding [1,64]")
def b_face_two_stage(out):
    inp = keras.Input((128, 128, 3))
    x = inp
    for f in (8, 16, 16, 24):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    det = keras.Model(inp, L.Conv2D(5, 1)(x))
    emb_in = keras.Input((48, 48, 3))
    e = emb_in
    for f in (16, 24, 32):
        e = L.MaxPooling2D()(_conv_bn(e, f))
    emb = keras.Model(emb_in, L.Dense(64)(L.Flatten()(e)))

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def serve(image):
        t = tf.reshape(tf.sigmoid(det(image, training=False)), [64, 5])
        best = tf.argmax(t[:, 4])
        cell = tf.cast(best, tf.float32)
        r = tf.gather(t, best)
        yc, xc = (tf.math.floordiv(cell, 8.0) + r[0]) / 8.0, (tf.math.floormod(cell, 8.0) + r[1]) / 8.0
        h, w = r[2] * 0.5 * 1.2, r[3] * 0.5 * 1.2
        box = tf.clip_by_value(tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2])[None], 0.0, 1.0)
        crop = tf.image.crop_and_resize(image, box, [0], (48, 48))
        return {"face_box": box, "face_score": r[4:5],
                "embedding": tf.math.l2_normalize(emb(crop, training=False), axis=-1)}
    serve_module(out, {"detector": det, "embedder": emb}, serving_default=serve)


# ================================================================================ segmentation

@model("v_deeplabv3_aspp_image_pooling_argmax", "keras-export", "DeepLabV3-style Keras segmenter with any-size input, float [None,None,None,3]: stride-8 conv backbone (last block dilation 2), ASPP of a 1x1 branch, atrous 3x3 branches (dilation_rate 2, 4) and an image-pooling branch (GlobalAveragePooling2D keepdims, 1x1 conv, BatchNormalization, ReLU, custom layer tf.image.resize bilinear back to tf.shape of the feature map), Concatenate, 1x1 projection, 6-class 1x1 classifier, resize to the input's tf.shape; outputs probabilities softmax over channels [None,None,None,6] and label_map tf.argmax int32 [None,None,None]; model.export")
def b_deeplab_keras(out):
    class ResizeLike(L.Layer):
        def call(self, x, ref):
            return tf.image.resize(x, tf.shape(ref)[1:3], method="bilinear")
    inp = keras.Input((None, None, 3), name="image")
    x = _conv_bn(inp, 16, 3, 2)
    x = _conv_bn(x, 24, 3, 2)
    x = _conv_bn(x, 32, 3, 2)
    x = _conv_bn(x, 32, 3, 1, dilation=2)
    branches = [_conv_bn(x, 16, 1), _conv_bn(x, 16, 3, dilation=2), _conv_bn(x, 16, 3, dilation=4)]
    pool = L.GlobalAveragePooling2D(keepdims=True)(x)
    pool = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 1, use_bias=False)(pool)))
    branches.append(ResizeLike()(pool, x))
    y = _conv_bn(L.Concatenate()(branches), 16, 1)
    logits = ResizeLike()(L.Conv2D(6, 1)(y), inp)
    probs = L.Softmax(axis=-1, name="probabilities")(logits)
    label = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="label_map")(logits)
    keras_export(keras.Model(inp, {"probabilities": probs, "label_map": label}), out)


@model("v_deeplab_tf1_align_corners_semantic_predictions", "tf1-savedmodel", "TF1 DeepLab-style export via SavedModelBuilder: placeholder uint8 ImageTensor [1,None,None,3], tf.compat.v1.image.resize_bilinear(align_corners=True) to 65x65, (2/255)x - 1, get_variable convs to stride 8 (9x9), ASPP with tf.nn.atrous_conv2d rates 2 and 3 plus an image-pooling branch (reduce_mean keepdims, 1x1 conv, resize_bilinear align_corners back to 9x9), concat, 1x1 conv, 5-class logits, resize_bilinear(align_corners=True) to 65x65 and then to the input's tf.shape; outputs SemanticPredictions tf.argmax int64 [1,None,None] and SemanticProbabilities softmax")
def b_deeplab_tf1(out):
    v1 = tf.compat.v1

    def build():
        img = v1.placeholder(tf.uint8, [1, None, None, 3], name="ImageTensor")
        size = tf.shape(img)[1:3]
        x = v1.image.resize_bilinear(tf.cast(img, tf.float32), [65, 65], align_corners=True) * (2.0 / 255) - 1.0
        x = _v1_conv(x, "conv1", 3, 16, s=2)
        x = _v1_conv(x, "conv2", 16, 24, s=2)
        x = _v1_conv(x, "conv3", 24, 32, s=2)
        b = [_v1_conv(x, "aspp0", 32, 16, k=1), _v1_conv(x, "aspp1", 32, 16, rate=2),
             _v1_conv(x, "aspp2", 32, 16, rate=3)]
        pool = _v1_conv(tf.reduce_mean(x, axis=[1, 2], keepdims=True), "image_pooling", 32, 16, k=1)
        b.append(v1.image.resize_bilinear(pool, [9, 9], align_corners=True))
        y = _v1_conv(tf.concat(b, axis=3), "concat_projection", 64, 16, k=1)
        logits = _v1_conv(y, "logits", 16, 5, k=1, act=None)
        logits = v1.image.resize_bilinear(logits, [65, 65], align_corners=True)
        logits = v1.image.resize_bilinear(logits, size, align_corners=True)
        return {"serving_default": ({"ImageTensor": img}, {
            "SemanticPredictions": tf.argmax(logits, axis=3, name="SemanticPredictions"),
            "SemanticProbabilities": tf.nn.softmax(logits, name="SemanticProbabilities")})}
    tf1_saved_model(out, build)


@model("v_lraspp_half_pixel_uint8_labels_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of a MobileNetV3-style LR-ASPP segmenter, float image [1,64,64,3]: Keras hard_swish backbone with depthwise blocks to stride 16 (4x4) and a stride-8 low-level tap, LR-ASPP (1x1 conv branch times an AveragePooling2D(4) + 1x1 conv + sigmoid gate, via Lambda multiply), Lambda tf.compat.v1.image.resize_bilinear(half_pixel_centers=True) to 8x8, add of low / high class logits; then resize_bilinear(half_pixel_centers=True) to 64x64, tf.argmax, cast to uint8 label map [1,64,64]")
def b_lraspp(out):
    inp = keras.Input((64, 64, 3), batch_size=1)
    x = _conv_bn(inp, 16, 3, 2, "hard_swish")
    x = _dw_block(x, 16, 2, "relu")
    low = _dw_block(x, 24, 2, "hard_swish")                             # 8x8
    high = _dw_block(_dw_block(low, 32, 2, "hard_swish"), 48, 1, "hard_swish")  # 4x4
    b1 = _conv_bn(high, 32, 1)
    gate = L.Conv2D(32, 1, activation="sigmoid")(L.AveragePooling2D(4)(high))
    y = L.Lambda(lambda t: t[0] * t[1])([b1, gate])
    y = L.Lambda(lambda t: tf.compat.v1.image.resize_bilinear(t, [8, 8], half_pixel_centers=True))(y)
    net = keras.Model(inp, L.Add()([L.Conv2D(4, 1)(y), L.Conv2D(4, 1)(low)]))

    def fn(image):
        logits = tf.compat.v1.image.resize_bilinear(net(image, training=False), [64, 64], half_pixel_centers=True)
        return tf.identity(tf.cast(tf.argmax(logits, axis=-1), tf.uint8), name="label_map")
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["v_lraspp_half_pixel_uint8_labels_frozen"] = ["label_map"]


def _unet(size, classes, widths=(16, 32, 48), up="transpose", final_act=None):
    inp = keras.Input((size, size, 3))
    skips, x = [], inp
    for f in widths[:-1]:
        x = L.Conv2D(f, 3, padding="same", activation="relu")(x)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = L.Conv2D(widths[-1], 3, padding="same", activation="relu")(x)
    for f, s in zip(reversed(widths[:-1]), reversed(skips)):
        x = L.Conv2DTranspose(f, 2, strides=2)(x) if up == "transpose" else up(x, f)
        x = L.Conv2D(f, 3, padding="same", activation="relu")(L.Concatenate()([x, s]))
    return inp, L.Conv2D(classes, 1, activation=final_act)(x)


@model("v_unet_dynamic_area_resize_nearest_labels", "tf-module", "U-Net served at any size, tf.Module signature float image [None,None,None,3]: tf.image.resize(method='area') to 64x64, Keras U-Net (Conv2D, MaxPooling2D, Conv2DTranspose, Concatenate skips) with 4-class logits, tf.nn.softmax over channels; probabilities resized back to the input's tf.shape with method='bicubic', argmax label map (int32) resized back with method='nearest' (keeps int32); outputs probabilities [None,None,None,4], label_map int32 [None,None,None]")
def b_unet_dynamic(out):
    inp, logits = _unet(64, 4)
    net = keras.Model(inp, logits)

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="image")])
    def segment(image):
        size = tf.shape(image)[1:3]
        probs = tf.nn.softmax(net(tf.image.resize(image, (64, 64), method="area"), training=False), axis=-1)
        labels = tf.argmax(probs, axis=-1, output_type=tf.int32)[..., None]
        return {"probabilities": tf.image.resize(probs, size, method="bicubic"),
                "label_map": tf.image.resize(labels, size, method="nearest")[..., 0]}
    serve_module(out, {"model": net}, serving_default=segment)


@model("v_unet_lanczos_bicubic_upsampling_keras", "keras-export", "Keras U-Net whose decoder upsamples with Lambda tf.image.resize layers (method 'lanczos3' at the first stage, 'bicubic' at the second, fixed target sizes, each followed by a 1x1 Conv2D), float [None,64,64,3]: Conv2D + MaxPooling2D encoder, Concatenate skips, Conv2D(1, sigmoid) mask_probability [None,64,64,1] and a Lambda (p > 0.5 cast to uint8 * 255) mask [None,64,64,1]; model.export")
def b_unet_lanczos(out):
    def up(x, f):
        h, method = x.shape[1] * 2, ("lanczos3" if x.shape[1] == 16 else "bicubic")
        return L.Conv2D(f, 1)(L.Lambda(lambda t: tf.image.resize(t, (h, h), method=method))(x))
    inp, prob = _unet(64, 1, up=up, final_act="sigmoid")
    mask = L.Lambda(lambda t: tf.cast(t > 0.5, tf.uint8) * 255, name="mask")(prob)
    keras_export(keras.Model(inp, {"mask_probability": prob, "mask": mask}), out)


@model("v_selfie_segmentation_hardswish_se_batch1", "keras-export", "MediaPipe selfie-segmentation-like Keras model, fixed float [1,64,64,3] kept by the export signature: hard_swish stem, inverted-residual blocks (1x1 expand, DepthwiseConv2D, squeeze-excite GlobalAveragePooling2D keepdims + Conv2D relu + Conv2D hard_sigmoid + Multiply, 1x1 project, Add), decoder with UpSampling2D bilinear + skip Add, Conv2DTranspose(1, 2, stride 2) + sigmoid; one output [1,64,64,1] (signature output output_0); model.export")
def b_selfie(out):
    def ir_block(x, f, s, expand=2):
        cin = x.shape[-1]
        h = _conv_bn(x, cin * expand, 1, act="hard_swish")
        h = L.Activation("hard_swish")(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same")(h)))
        se = L.GlobalAveragePooling2D(keepdims=True)(h)
        se = L.Conv2D(cin * expand, 1, activation="hard_sigmoid")(L.Conv2D(8, 1, activation="relu")(se))
        h = _conv_bn(L.Multiply()([h, se]), f, 1, act=None)
        return L.Add()([x, h]) if s == 1 and cin == f else h
    inp = keras.Input((64, 64, 3), batch_size=1, name="input_1")
    x = _conv_bn(inp, 16, 3, 2, "hard_swish")             # 32
    s32 = x
    x = ir_block(x, 16, 2)                                  # 16
    s16 = x
    x = ir_block(ir_block(x, 24, 2), 24, 1)                 # 8
    x = ir_block(x, 32, 2)                                  # 4
    for skip, f in ((None, 24), (s16, 16), (s32, 16)):
        x = L.Conv2D(f, 1, activation="relu")(L.UpSampling2D(interpolation="bilinear")(x))
        if skip is not None:
            x = L.Add()([x, L.Conv2D(f, 1)(skip)])
    seg = L.Conv2DTranspose(1, 2, strides=2, activation="sigmoid", name="segment")(x)
    keras_export(keras.Model(inp, seg), out, keep_fixed_batch=True)


@model("v_segmentation_resize_with_pad_unpad_uint8", "tf-module", "segmentation pipeline that letterboxes and un-letterboxes in the graph, tf.Module signature uint8 image [1,None,None,3]: cast, tf.image.resize_with_pad to 64x64, /127.5 - 1, Keras encoder-decoder (5 classes), argmax (int32); the content region is cut back out with tf.image.crop_to_bounding_box at offsets computed from tf.shape (scale = min(64/h, 64/w)) and resized back to the input size with method nearest; outputs label_map uint8 [1,None,None] and class_fractions [1,5]")
def b_seg_pad(out):
    inp, logits = _unet(64, 5, widths=(16, 24, 32))
    net = keras.Model(inp, logits)

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], "uint8", "image")])
    def segment(image):
        hw = tf.shape(image)[1:3]
        hwf = tf.cast(hw, tf.float32)
        x = tf.image.resize_with_pad(tf.cast(image, tf.float32), 64, 64) / 127.5 - 1.0
        labels = tf.argmax(net(x, training=False), axis=-1, output_type=tf.int32)[..., None]
        scale = tf.minimum(64.0 / hwf[0], 64.0 / hwf[1])
        nhw = tf.clip_by_value(tf.cast(hwf * scale, tf.int32), 1, 64)
        off = (64 - nhw) // 2
        content = tf.image.crop_to_bounding_box(labels, off[0], off[1], nhw[0], nhw[1])
        full = tf.image.resize(content, hw, method="nearest")[..., 0]
        frac = tf.reduce_mean(tf.one_hot(full, 5), axis=[1, 2])
        return {"label_map": tf.cast(full, tf.uint8), "class_fractions": frac}
    serve_module(out, {"model": net}, serving_default=segment)


@model("v_depth_midas_bicubic_minmax_uint8", "saved-model", "MiDaS-small-like monocular depth Keras model saved with tf.saved_model.save(model, signatures=...): serving function takes float image [1,None,None,3] in [0,1], tf.image.resize bilinear to 64x64, ImageNet mean / std normalization, encoder (strided Conv2D + BatchNormalization) and decoder (UpSampling2D bilinear + Conv2D + skip Add) to ReLU inverse depth [1,32,32,1], tf.image.resize bicubic back to the input's tf.shape, per-image min / max normalization, *255, cast to uint8; outputs depth float [1,None,None] and depth_uint8 [1,None,None]")
def b_depth(out):
    inp = keras.Input((64, 64, 3))
    e1 = _conv_bn(inp, 16, 3, 2)     # 32
    e2 = _conv_bn(e1, 24, 3, 2)      # 16
    e3 = _conv_bn(e2, 32, 3, 2)      # 8
    d = L.Add()([L.Conv2D(24, 3, padding="same")(L.UpSampling2D(interpolation="bilinear")(e3)), e2])
    d = L.Add()([L.Conv2D(16, 3, padding="same")(L.UpSampling2D(interpolation="bilinear")(L.ReLU()(d))), e1])
    m = keras.Model(inp, L.Conv2D(1, 3, padding="same", activation="relu")(L.ReLU()(d)))
    mean, std = np.array([0.485, 0.456, 0.406], "float32"), np.array([0.229, 0.224, 0.225], "float32")

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="image")])
    def serve(image):
        x = (tf.image.resize(image, (64, 64)) - mean) / std
        depth = tf.image.resize(m(x, training=False), tf.shape(image)[1:3], method="bicubic")[..., 0]
        lo = tf.reduce_min(depth, axis=[1, 2], keepdims=True)
        hi = tf.reduce_max(depth, axis=[1, 2], keepdims=True)
        norm = (depth - lo) / tf.maximum(hi - lo, 1e-6)
        return {"depth": depth, "depth_uint8": tf.cast(tf.clip_by_value(norm * 255.0, 0, 255), tf.uint8)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


# ================================================================================ pose / keypoints

@model("v_movenet_center_weighted_int32", "tf-module", "MoveNet-SinglePose-like model with its decode in the graph, tf.Module signature int32 input [1,96,96,3] (cast to float): Keras conv backbone + Conv2DTranspose to a 24x24 stride-4 map with heads keypoint heatmaps (17), center (1), regression (34), offsets (34); center heatmap (sigmoid) times a constant 1/(distance to image center + 1.8) weight map, tf.argmax over the flattened map, y / x by floordiv / floormod, regression tf.gather_nd at the center; keypoint heatmaps weighted by 1/(distance to the regressed keypoint + 1.8), per-keypoint argmax over the flattened (transposed) maps, tf.gather_nd of scores and offsets; output_0 float [1,1,17,3] (y, x, score)")
def b_movenet(out):
    H = 24
    inp = keras.Input((96, 96, 3))
    x = _conv_bn(inp, 16, 3, 2)
    x = _dw_block(x, 24, 2)
    x = _dw_block(x, 32, 2)
    x = L.ReLU()(L.Conv2DTranspose(32, 2, strides=2)(x))
    heads = [L.Conv2D(c, 1)(L.Conv2D(32, 3, padding="same", activation="relu")(x)) for c in (17, 1, 34, 34)]
    net = keras.Model(inp, heads)
    yy, xx = np.mgrid[0:H, 0:H].astype("float32")
    center_w = (1.0 / (np.sqrt((yy - (H - 1) / 2) ** 2 + (xx - (H - 1) / 2) ** 2) + 1.8)).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], "int32", "input")])
    def serve(input):  # noqa: A002 - MoveNet's signature input is named 'input'
        kpt, center, reg, off = net(tf.cast(input, tf.float32), training=False)
        c = tf.sigmoid(center[0, ..., 0]) * center_w
        ci = tf.argmax(tf.reshape(c, [-1]), output_type=tf.int32)
        cy, cx = tf.math.floordiv(ci, H), tf.math.floormod(ci, H)
        r = tf.reshape(tf.gather_nd(reg[0], tf.stack([cy, cx])[None]), [17, 2])
        ky0, kx0 = tf.cast(cy, tf.float32) + r[:, 0], tf.cast(cx, tf.float32) + r[:, 1]
        heat = tf.sigmoid(kpt[0])
        dist = tf.sqrt((yy[..., None] - ky0) ** 2 + (xx[..., None] - kx0) ** 2)
        flat = tf.reshape(tf.transpose(heat / (dist + 1.8), [2, 0, 1]), [17, -1])
        ki = tf.argmax(flat, axis=1, output_type=tf.int32)
        ky, kx = tf.math.floordiv(ki, H), tf.math.floormod(ki, H)
        idx = tf.stack([ky, kx, tf.range(17)], axis=1)
        score = tf.gather_nd(heat, idx)
        o = tf.gather_nd(tf.reshape(off[0], [H, H, 17, 2]), idx)
        y, x = (tf.cast(ky, tf.float32) + o[:, 0]) / H, (tf.cast(kx, tf.float32) + o[:, 1]) / H
        return {"output_0": tf.reshape(tf.stack([y, x, score], axis=-1), [1, 1, 17, 3])}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["v_movenet_center_weighted_int32"] = {"input": (0, 256)}


@model("v_posenet_heatmap_offset_argmax_keras", "keras-export", "PoseNet-style Keras model with the keypoint decode in a custom Layer, float [None,64,64,3]: conv backbone to an 8x8 stride-8 map, heatmaps (17, sigmoid) and offsets (34: 17 y then 17 x); the layer transposes heatmaps to [B,17,64], tf.argmax (int32), y / x by floordiv / floormod 8, tf.gather_nd(batch_dims=2) of the max score, tf.gather(batch_dims=2) of the y / x offsets, keypoints = (cell * 8 + offset) / 64; outputs keypoints [None,17,3] (y, x, score) and pose_score [None]; model.export")
def b_posenet(out):
    class PoseDecode(L.Layer):
        def call(self, heat, off):
            b = tf.shape(heat)[0]
            hm = tf.reshape(tf.transpose(heat, [0, 3, 1, 2]), [b, 17, 64])
            idx = tf.argmax(hm, axis=-1, output_type=tf.int32)
            score = tf.gather_nd(hm, idx[..., None], batch_dims=2)
            oy = tf.reshape(tf.transpose(off[..., :17], [0, 3, 1, 2]), [b, 17, 64])
            ox = tf.reshape(tf.transpose(off[..., 17:], [0, 3, 1, 2]), [b, 17, 64])
            y = (tf.cast(tf.math.floordiv(idx, 8), tf.float32) * 8 + tf.gather(oy, idx, batch_dims=2)) / 64.0
            x = (tf.cast(tf.math.floormod(idx, 8), tf.float32) * 8 + tf.gather(ox, idx, batch_dims=2)) / 64.0
            return {"keypoints": tf.stack([y, x, score], axis=-1), "pose_score": tf.reduce_mean(score, axis=-1)}
    inp = keras.Input((64, 64, 3), name="image")
    x = inp
    for f, s in ((16, 2), (24, 2), (32, 2), (32, 1)):
        x = _conv_bn(x, f, 3, s)
    heat = L.Conv2D(17, 1, activation="sigmoid")(x)
    off = L.Conv2D(34, 1)(x)
    keras_export(keras.Model(inp, PoseDecode()(heat, off)), out)


@model("v_hourglass_tf1_heatmap_argmax_frozen", "frozen-pb", "TF1 stacked-hourglass-like pose graph frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder float image [1,64,64,3], get_variable convs, max_pool down to 8x8 and tf.compat.v1.image.resize_nearest_neighbor up with skip adds to a 16x16 map of 16 MPII heatmaps; decode: transpose + reshape [1,16,256], reduce_max, tf.argmax int64, floordiv / floormod 16, *4 to pixels, visible = max > 0.5; outputs heatmaps [1,16,16,16], keypoints [1,16,2], visible bool [1,16]")
def b_hourglass(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        img = v1.placeholder(tf.float32, [1, 64, 64, 3], name="image")
        x = _v1_conv(img, "pre/conv1", 3, 16, s=2)                       # 32
        x = tf.nn.max_pool2d(_v1_conv(x, "pre/conv2", 16, 24), 2, 2, "SAME")  # 16
        up1 = _v1_conv(x, "hg/up1", 24, 24)
        low = tf.nn.max_pool2d(_v1_conv(x, "hg/low1", 24, 32), 2, 2, "SAME")  # 8
        low = _v1_conv(low, "hg/low2", 32, 24)
        x = up1 + v1.image.resize_nearest_neighbor(low, [16, 16])
        heat = tf.identity(_v1_conv(x, "out/heatmaps", 24, 16, k=1, act=None), name="heatmaps")
        flat = tf.reshape(tf.transpose(heat, [0, 3, 1, 2]), [1, 16, 256])
        best = tf.reduce_max(flat, axis=-1)
        idx = tf.argmax(flat, axis=-1)
        kp = tf.cast(tf.stack([tf.math.floordiv(idx, 16), tf.math.floormod(idx, 16)], axis=-1), tf.float32) * 4.0
        tf.identity(kp, name="keypoints")
        tf.identity(best > 0.5, name="visible")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(),
                                                                  ["heatmaps", "keypoints", "visible"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["v_hourglass_tf1_heatmap_argmax_frozen"] = ["heatmaps", "keypoints", "visible"]


@model("v_hand_landmark_roi_crop_project", "tf-module", "MediaPipe hand-landmark-like stage with the ROI crop and projection in the graph, tf.Module signature float image [1,None,None,3] + roi float [1,4] (normalized box): tf.image.crop_and_resize(image, roi, [0], 64x64), Keras conv net with heads landmarks Dense(63) -> reshape [1,21,3], handedness Dense(1, sigmoid), hand_flag Dense(1, sigmoid); landmarks projected from crop to image coordinates (roi min + x / 64 * roi size); outputs landmarks [1,21,3], handedness [1,1], hand_flag [1,1]")
def b_hand(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (16, 24, 32, 48):
        x = _dw_block(_conv_bn(x, f, 1), f, 2)
    x = L.GlobalAveragePooling2D()(x)
    net = keras.Model(inp, [L.Dense(63)(x), L.Dense(1, activation="sigmoid")(x), L.Dense(1, activation="sigmoid")(x)])

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="image"), tensor_spec([1, 4], name="roi")])
    def serve(image, roi):
        crop = tf.image.crop_and_resize(image, roi, [0], (64, 64))
        lm, hand, flag = net(crop, training=False)
        lm = tf.reshape(lm, [1, 21, 3]) * 64.0
        y0, x0, y1, x1 = tf.unstack(roi[0])
        px = x0 + lm[..., 0] / 64.0 * (x1 - x0)
        py = y0 + lm[..., 1] / 64.0 * (y1 - y0)
        return {"landmarks": tf.stack([px, py, lm[..., 2] / 64.0], axis=-1), "handedness": hand, "hand_flag": flag}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["v_hand_landmark_roi_crop_project"] = lambda rng: {"roi": _boxes(rng, (1,))}


# ================================================================================ OCR

def _crnn_features(inp, widths=(16, 32, 32)):
    """CRNN conv stack (Conv2D + MaxPooling2D 2x2, 2x2, 2x1) collapsing a 32-pixel-high line to [B, W/4, 4*C]"""
    x = inp
    for f, p in zip(widths, ((2, 2), (2, 2), (2, 1))):
        x = L.MaxPooling2D(p)(_conv_bn(x, f))
    x = L.Permute((2, 1, 3))(x)
    return L.Reshape((-1, 4 * widths[-1]))(x)


@model("v_crnn_bilstm_ctc_greedy_strings", "tf-module", "CRNN text recognizer with CTC greedy decoding in the serving function, tf.Module signature float grayscale [None,32,None,1] (variable width): Keras conv stack (pools 2x2, 2x2, 2x1), Permute + Reshape to [B, W/4, 128], Bidirectional(LSTM(16, return_sequences)), Dense(37) logits (36 chars + blank last); transpose to time-major, sequence_length tf.fill from tf.shape, tf.nn.ctc_greedy_decoder, tf.sparse.to_dense(default -1) int64, tf.gather on a constant character table + tf.strings.reduce_join; outputs labels int64 [None,None], text string [None], neg_sum_logits [None,1]")
def b_crnn_greedy(out):
    inp = keras.Input((32, None, 1))
    x = L.Bidirectional(L.LSTM(16, return_sequences=True))(_crnn_features(inp))
    net = keras.Model(inp, L.Dense(len(CHARS) + 1)(x))
    table = tf.constant(list(CHARS) + [""])

    @tf.function(input_signature=[tensor_spec([None, 32, None, 1], name="image")])
    def recognize(image):
        logits = net(image, training=False)
        tm = tf.transpose(logits, [1, 0, 2])
        seq_len = tf.fill([tf.shape(logits)[0]], tf.shape(logits)[1])
        decoded, neg = tf.nn.ctc_greedy_decoder(tm, seq_len)
        dense = tf.sparse.to_dense(decoded[0], default_value=-1)
        chars = tf.gather(table, tf.where(dense < 0, tf.cast(len(CHARS), tf.int64), dense))
        return {"labels": dense, "text": tf.strings.reduce_join(chars, axis=1), "neg_sum_logits": neg}
    serve_module(out, {"model": net}, serving_default=recognize)


@model("v_crnn_bigru_ctc_beam_search_uint8", "saved-model", "CRNN Keras model saved with tf.saved_model.save(model, signatures=...) whose serving function does the preprocessing and a CTC beam search: uint8 image [1,32,100,3] -> tf.image.rgb_to_grayscale, /255, conv stack, Bidirectional(GRU(16)), Dense(37) logits, tf.nn.log_softmax, time-major transpose, tf.nn.ctc_beam_search_decoder (beam_width 4, top_paths 2), both paths tf.sparse.to_dense (default -1) int64, best path joined to a string through a constant character table; outputs top1_labels, top2_labels, log_probabilities [1,2], text string [1]")
def b_crnn_beam(out):
    inp = keras.Input((32, 100, 1))
    x = L.Bidirectional(L.GRU(16, return_sequences=True))(_crnn_features(inp))
    m = keras.Model(inp, L.Dense(len(CHARS) + 1)(x))
    table = tf.constant(list(CHARS) + [""])

    @tf.function(input_signature=[tensor_spec([1, 32, 100, 3], "uint8", "image")])
    def serve(image):
        x = tf.image.rgb_to_grayscale(tf.cast(image, tf.float32)) / 255.0
        logits = tf.nn.log_softmax(m(x, training=False))
        tm = tf.transpose(logits, [1, 0, 2])
        decoded, log_probs = tf.nn.ctc_beam_search_decoder(tm, tf.fill([1], tf.shape(logits)[1]), beam_width=4,
                                                           top_paths=2)
        top1, top2 = (tf.sparse.to_dense(d, default_value=-1) for d in decoded)
        chars = tf.gather(table, tf.where(top1 < 0, tf.cast(len(CHARS), tf.int64), top1))
        return {"top1_labels": top1, "top2_labels": top2, "log_probabilities": log_probs,
                "text": tf.strings.reduce_join(chars, axis=1)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("v_crnn_argmax_dedupe_keras", "keras-export", "Keras OCR model (captcha / license-plate tutorial style) with greedy CTC decoding written as a custom Layer, float [None,32,96,1]: conv stack, Reshape to [B,24,128], LSTM(24, return_sequences), Dense(11, softmax) (blank = 0, digits 1-10); the layer takes tf.argmax (int32), compares with the previous step (tf.concat of -1 and ids[:, :-1]), keeps changed non-blank ids, tf.where -> -1 elsewhere; outputs probabilities [None,24,11], decoded int32 [None,24] (-1 padded in place) and length int32 [None]; model.export")
def b_crnn_dedupe(out):
    class CTCDedupe(L.Layer):
        def call(self, probs):
            ids = tf.argmax(probs, axis=-1, output_type=tf.int32)
            prev = tf.concat([tf.fill([tf.shape(ids)[0], 1], -1), ids[:, :-1]], axis=1)
            keep = tf.logical_and(tf.not_equal(ids, prev), tf.not_equal(ids, 0))
            return {"decoded": tf.where(keep, ids, -1), "length": tf.reduce_sum(tf.cast(keep, tf.int32), axis=1)}
    inp = keras.Input((32, 96, 1), name="image")
    x = L.LSTM(24, return_sequences=True)(_crnn_features(inp))
    probs = L.Dense(11, activation="softmax", name="probabilities")(x)
    keras_export(keras.Model(inp, {"probabilities": probs, **CTCDedupe()(probs)}), out)


@model("v_ocr_tf1_gru_scan_ctc_greedy", "tf1-savedmodel", "TF1 OCR graph via SavedModelBuilder: placeholders float image [None,32,64,1] and int32 seq_len [None]; get_variable convs + max_pool (2x2, 2x2, 2x1) to [B,4,16,16], transpose / reshape to time-major [16,B,64], a GRU written with get_variable weights and tf.scan over time, tf.tensordot to 11 logits, tf.nn.ctc_greedy_decoder with the fed seq_len, tf.sparse.to_dense (default -1); outputs decoded int64 [None,None] and log_prob [None,1]")
def b_ocr_tf1(out):
    v1 = tf.compat.v1

    def build():
        img = v1.placeholder(tf.float32, [None, 32, 64, 1], name="image")
        seq_len = v1.placeholder(tf.int32, [None], name="seq_len")
        x = tf.nn.max_pool2d(_v1_conv(img, "cnn/conv1", 1, 8), 2, 2, "SAME")
        x = tf.nn.max_pool2d(_v1_conv(x, "cnn/conv2", 8, 16), 2, 2, "SAME")
        x = tf.nn.max_pool2d(_v1_conv(x, "cnn/conv3", 16, 16), [2, 1], [2, 1], "SAME")   # [B,4,16,16]
        xs = tf.reshape(tf.transpose(x, [2, 0, 1, 3]), [16, -1, 64])
        H = 24
        init = v1.glorot_uniform_initializer(seed=3)
        W = v1.get_variable("gru/kernel", [64, 3 * H], initializer=init)
        U = v1.get_variable("gru/recurrent_kernel", [H, 3 * H], initializer=init)
        b = v1.get_variable("gru/bias", [3 * H], initializer=v1.zeros_initializer())

        def step(h, xt):
            gx = tf.matmul(xt, W) + b
            uz, ur, un = tf.split(U, 3, axis=1)
            xz, xr, xn = tf.split(gx, 3, axis=1)
            z, r = tf.sigmoid(xz + tf.matmul(h, uz)), tf.sigmoid(xr + tf.matmul(h, ur))
            n = tf.tanh(xn + tf.matmul(r * h, un))
            return (1 - z) * n + z * h
        hs = tf.scan(step, xs, initializer=tf.zeros(tf.stack([tf.shape(xs)[1], H])))
        Wo = v1.get_variable("out/kernel", [H, 11], initializer=init)
        logits = tf.tensordot(hs, Wo, axes=1)
        decoded, log_prob = tf.nn.ctc_greedy_decoder(logits, seq_len)
        dense = tf.sparse.to_dense(decoded[0], default_value=-1)
        return {"serving_default": ({"image": img, "seq_len": seq_len},
                                    {"decoded": tf.identity(dense, name="decoded"), "log_prob": log_prob})}
    tf1_saved_model(out, build)


FEEDS["v_ocr_tf1_gru_scan_ctc_greedy"] = {"seq_len": 16}


# ================================================================================ preprocessing in the signature

@model("v_b64_jpeg_topk_string_labels", "tf-module", "TF Serving classifier taking web-safe base64 strings: tf.Module signature string image_b64 [None] -> tf.io.decode_base64, tf.map_fn of tf.io.decode_jpeg(channels=3) + tf.image.convert_image_dtype + tf.image.resize 64x64, Keras CNN, softmax, tf.math.top_k(3), tf.gather on a constant 10-entry string label table; outputs classes string [None,3], scores [None,3]")
def b_b64(out):
    net = _small_cnn(64, 3, out=len(LABELS))
    table = tf.constant(LABELS)

    @tf.function(input_signature=[tensor_spec([None], "string", "image_b64")])
    def classify(image_b64):
        raw = tf.io.decode_base64(image_b64)
        images = tf.map_fn(lambda s: tf.image.resize(tf.image.convert_image_dtype(
            tf.io.decode_jpeg(s, channels=3), tf.float32), (64, 64)), raw, fn_output_signature=tf.float32)
        top = tf.math.top_k(tf.nn.softmax(net(images, training=False)), k=3)
        return {"classes": tf.gather(table, top.indices), "scores": top.values}
    serve_module(out, {"model": net}, serving_default=classify)


def _b64_feeds(rng):
    import base64
    return {"image_b64": [base64.urlsafe_b64encode(j) for j in _jpegs(rng)]}


FEEDS["v_b64_jpeg_topk_string_labels"] = _b64_feeds


@model("v_encoded_png_export_archive_two_endpoints", "keras-export", "Keras 3 classifier (Rescaling(1/255) inside, Conv2D / MaxPooling2D, Dense(5) softmax) exported with keras.export.ExportArchive and two endpoints: serve_bytes takes string image_bytes [None] and tf.map_fn's tf.io.decode_image(channels=3, expand_animations=False) + tf.image.resize 64x64 (becomes serving_default as the first endpoint); serve takes float [None,64,64,3]; outputs probabilities [None,5]")
def b_archive_png(out):
    inp = keras.Input((64, 64, 3))
    x = L.Rescaling(1.0 / 255)(inp)
    for f in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    m = keras.Model(inp, L.Dense(5, activation="softmax")(L.GlobalAveragePooling2D()(x)))
    archive = keras.export.ExportArchive()
    archive.track(m)

    @tf.function(input_signature=[tensor_spec([None], "string", "image_bytes")])
    def serve_bytes(image_bytes):
        images = tf.map_fn(lambda s: tf.image.resize(tf.cast(tf.io.decode_image(s, channels=3, expand_animations=False),
                                                             tf.float32), (64, 64)),
                           image_bytes, fn_output_signature=tf.float32)
        return {"probabilities": m(images, training=False)}
    archive.add_endpoint("serve_bytes", serve_bytes)
    archive.add_endpoint("serve", lambda images: {"probabilities": m(images, training=False)},
                         input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    archive.write_out(str(out), verbose=False)


FEEDS["v_encoded_png_export_archive_two_endpoints"] = lambda rng: {"image_bytes": _jpegs(rng, fmt="png")}


@model("v_uint8_resize_with_pad_mobilenetv3_topk", "keras-export", "Keras app classifier for any-size uint8 images [None,None,None,3]: Lambda cast + tf.image.resize_with_pad 96x96, Lambda (x - mean) / std with ImageNet statistics in 0-255 units, keras.applications.MobileNetV3Small(alpha=0.75, minimalistic=True, include_top=False, include_preprocessing=False, pooling='avg', weights=None), Dense(10) softmax, three Lambdas each running tf.math.top_k(5) -> top_indices int32, top_scores and top_labels (tf.gather on a constant string label table); model.export")
def b_mnv3(out):
    inp = keras.Input((None, None, 3), dtype="uint8", name="image")
    x = L.Lambda(lambda t: tf.image.resize_with_pad(tf.cast(t, tf.float32), 96, 96))(inp)
    mean, std = np.array([123.675, 116.28, 103.53], "float32"), np.array([58.395, 57.12, 57.375], "float32")
    x = L.Lambda(lambda t: (t - mean) / std)(x)
    base = keras.applications.MobileNetV3Small(input_shape=(96, 96, 3), alpha=0.75, minimalistic=True,
                                               include_top=False, include_preprocessing=False, pooling="avg",
                                               weights=None)
    probs = L.Dense(len(LABELS), activation="softmax", name="probabilities")(base(x))
    top_s = L.Lambda(lambda t: tf.math.top_k(t, 5).values, name="top_scores")(probs)
    top_i = L.Lambda(lambda t: tf.math.top_k(t, 5).indices, name="top_indices")(probs)
    top_l = L.Lambda(lambda t: tf.gather(tf.constant(LABELS), tf.math.top_k(t, 5).indices), name="top_labels")(probs)
    keras_export(keras.Model(inp, {"probabilities": probs, "top_scores": top_s, "top_indices": top_i,
                                   "top_labels": top_l}), out)


@model("v_inception_preprocess_decode_jpeg_tf1", "tf1-savedmodel", "TF1 SavedModelBuilder classifier with Inception-style preprocessing in the graph: placeholder string image_bytes [None], tf.map_fn of tf.io.decode_jpeg(channels=3) + tf.image.convert_image_dtype + tf.image.central_crop(0.875) + tf.compat.v1.image.resize_bilinear to 64x64, (x - 0.5) * 2; get_variable convs, max_pool, reduce_mean, logits; outputs probabilities (softmax), top-5 scores and classes as strings (tf.gather on a constant label table)")
def b_inception_tf1(out):
    v1 = tf.compat.v1

    def prep(s):
        img = tf.image.convert_image_dtype(tf.io.decode_jpeg(s, channels=3), tf.float32)
        img = tf.image.central_crop(img, 0.875)
        return v1.image.resize_bilinear(img[None], [64, 64])[0]

    def build():
        image_bytes = v1.placeholder(tf.string, [None], name="image_bytes")
        x = tf.map_fn(prep, image_bytes, fn_output_signature=tf.TensorSpec([64, 64, 3], tf.float32))
        x = (x - 0.5) * 2.0
        for k, (ci, co) in enumerate(((3, 16), (16, 24), (24, 32))):
            x = tf.nn.max_pool2d(_v1_conv(x, f"conv{k}", ci, co), 2, 2, "SAME")
        logits = _v1_conv(tf.reduce_mean(x, axis=[1, 2], keepdims=True), "logits", 32, len(LABELS), k=1, act=None)
        probs = tf.nn.softmax(tf.squeeze(logits, [1, 2]), name="probabilities")
        top = tf.math.top_k(probs, 5)
        return {"serving_default": ({"image_bytes": image_bytes}, {
            "probabilities": probs, "scores": top.values,
            "classes": tf.gather(tf.constant(LABELS), top.indices, name="classes")})}
    tf1_saved_model(out, build)


FEEDS["v_inception_preprocess_decode_jpeg_tf1"] = lambda rng: {"image_bytes": _jpegs(rng, sizes=((64, 80), (72, 72)))}


@model("v_retrain_decode_jpeg_final_result_frozen", "frozen-pb", "TF1 image-retraining (retrain.py) style frozen graph, tf.compat.v1.graph_util.convert_variables_to_constants: scalar string placeholder DecodeJpeg/contents, tf.io.decode_jpeg(channels=3), cast float, expand_dims, tf.compat.v1.image.resize_bilinear to 64x64, (x - 128) / 128, get_variable conv stack, reduce_mean, final_training_ops matmul, final_result softmax [1,5]")
def b_retrain(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        contents = v1.placeholder(tf.string, [], name="DecodeJpeg/contents")
        img = tf.io.decode_jpeg(contents, channels=3, name="DecodeJpeg")
        x = tf.expand_dims(tf.cast(img, tf.float32), 0)
        x = (v1.image.resize_bilinear(x, [64, 64]) - 128.0) / 128.0
        for k, (ci, co) in enumerate(((3, 16), (16, 32), (32, 32))):
            x = tf.nn.max_pool2d(_v1_conv(x, f"module/conv{k}", ci, co), 2, 2, "SAME")
        bottleneck = tf.reduce_mean(x, axis=[1, 2], name="pool_3")
        with v1.variable_scope("final_training_ops"):
            w = v1.get_variable("weights", [32, 5], initializer=v1.truncated_normal_initializer(stddev=0.1))
            b = v1.get_variable("biases", [5], initializer=v1.zeros_initializer())
        tf.nn.softmax(tf.matmul(bottleneck, w) + b, name="final_result")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["final_result"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["v_retrain_decode_jpeg_final_result_frozen"] = ["final_result"]
FEEDS["v_retrain_decode_jpeg_final_result_frozen"] = lambda rng: {"DecodeJpeg/contents": _jpegs(rng, 1)[0]}


@model("v_grayscale_hsv_saturation_channels_keras", "keras-export", "Keras classifier that builds extra colour channels in Lambda layers, float [None,64,64,3] in [0,1]: tf.image.rgb_to_grayscale (1), tf.image.rgb_to_hsv (3), tf.image.adjust_saturation(1.5) (3), Concatenate to 7 channels, Conv2D + MaxPooling2D stack, GlobalAveragePooling2D, Dense(5) softmax; model.export")
def b_hsv(out):
    inp = keras.Input((64, 64, 3), name="image")
    gray = L.Lambda(tf.image.rgb_to_grayscale)(inp)
    hsv = L.Lambda(tf.image.rgb_to_hsv)(inp)
    sat = L.Lambda(lambda t: tf.image.adjust_saturation(t, 1.5))(inp)
    x = L.Concatenate()([gray, hsv, sat])
    for f in (16, 32, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    keras_export(keras.Model(inp, L.Dense(5, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("v_vit_extract_patches_tokenizer", "keras-export", "tiny ViT from a Keras blog post with patching by tf.image.extract_patches, float [None,32,32,3]: Lambda extract_patches (8x8, stride 8) -> Reshape [16,192], Dense(32) projection, custom layer prepending a learned class token (add_weight, tf.tile / tf.shape batch) and adding learned position embeddings, one pre-norm transformer block (LayerNormalization, MultiHeadAttention 2 heads key_dim 16, MLP gelu), LayerNormalization, Dense(10) on the class token; model.export")
def b_vit(out):
    class ClassTokenPosEmbed(L.Layer):
        def build(self, input_shape):
            self.cls = self.add_weight(shape=(1, 1, input_shape[-1]), initializer="zeros", name="cls")
            self.pos = self.add_weight(shape=(1, input_shape[1] + 1, input_shape[-1]),
                                       initializer=keras.initializers.RandomNormal(stddev=0.02), name="pos")

        def call(self, x):
            cls = tf.tile(self.cls, [tf.shape(x)[0], 1, 1])
            return tf.concat([cls, x], axis=1) + self.pos
    inp = keras.Input((32, 32, 3), name="image")
    p = L.Lambda(lambda t: tf.image.extract_patches(t, [1, 8, 8, 1], [1, 8, 8, 1], [1, 1, 1, 1], "VALID"))(inp)
    x = ClassTokenPosEmbed()(L.Dense(32)(L.Reshape((16, 192))(p)))
    h = L.LayerNormalization(epsilon=1e-6)(x)
    x = L.Add()([x, L.MultiHeadAttention(2, 16)(h, h)])
    h = L.LayerNormalization(epsilon=1e-6)(x)
    x = L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(h))])
    x = L.LayerNormalization(epsilon=1e-6)(x)
    keras_export(keras.Model(inp, L.Dense(10)(L.Lambda(lambda t: t[:, 0])(x))), out)


@model("v_crop_and_resize_boxes_per_crop_classifier", "tf-module", "per-box classifier with crops taken in the graph, tf.Module signature float image [None,None,None,3] + boxes float [None,4] (normalized) + box_indices int32 [None]: tf.image.crop_and_resize to 32x32 (bilinear, extrapolation_value 0), tf.image.per_image_standardization, Keras CNN, softmax; outputs probabilities [None,6], class_id int32 [None], score [None]")
def b_crop_boxes(out):
    net = _small_cnn(32, 3, out=6, widths=(16, 24))

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="image"),
                                  tensor_spec([None, 4], name="boxes"),
                                  tensor_spec([None], "int32", "box_indices")])
    def classify(image, boxes, box_indices):
        crops = tf.image.crop_and_resize(image, boxes, box_indices, (32, 32), extrapolation_value=0.0)
        probs = tf.nn.softmax(net(tf.image.per_image_standardization(crops), training=False))
        return {"probabilities": probs, "class_id": tf.argmax(probs, -1, output_type=tf.int32),
                "score": tf.reduce_max(probs, -1)}
    serve_module(out, {"model": net}, serving_default=classify)


FEEDS["v_crop_and_resize_boxes_per_crop_classifier"] = lambda rng: {"boxes": _boxes(rng, (2,)), "box_indices": (0, 2)}


@model("v_tfhub_feature_vector_module", "tf-module", "TF Hub-style image feature-vector SavedModel: a tf.Module holding keras.applications.MobileNet(alpha=0.25, include_top=False, pooling='avg', weights=None) with a __call__ tf.function on float images [None,64,64,3] in [0,1] (scaled to [-1,1] inside) and a serving_default signature that takes any size [None,None,None,3] and tf.image.resize(antialias=True) to 64x64 first; output feature_vector [None,256]")
def b_hub(out):
    base = keras.applications.MobileNet(input_shape=(64, 64, 3), alpha=0.25, include_top=False, pooling="avg",
                                        weights=None)

    class FeatureVector(tf.Module):
        def __init__(self, net):
            super().__init__()
            self.net = net

        @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
        def __call__(self, images):
            return self.net(images * 2.0 - 1.0, training=False)

        @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="images")])
        def serve(self, images):
            return {"feature_vector": self(tf.image.resize(images, (64, 64), antialias=True))}
    fv = FeatureVector(base)
    tf.saved_model.save(fv, str(out), signatures={"serving_default": fv.serve})


@model("v_classifier_topk_string_labels_threshold", "keras-export", "Keras classifier with label post-processing in a custom Layer, float [None,64,64,3]: Conv2D / MaxPooling2D stack, GlobalAveragePooling2D, Dense(10) softmax; the layer runs tf.math.top_k(3), tf.gather of a constant string label table, is_confident = top score > 0.5 (bool) and tf.where(is_confident, top label, 'unknown'); outputs probabilities [None,10], top_labels string [None,3], top_scores [None,3], label string [None], is_confident bool [None]; model.export")
def b_topk_labels(out):
    class LabelPostprocess(L.Layer):
        def call(self, probs):
            top = tf.math.top_k(probs, k=3)
            labels = tf.gather(tf.constant(LABELS), top.indices)
            confident = top.values[:, 0] > 0.5
            return {"top_labels": labels, "top_scores": top.values, "is_confident": confident,
                    "label": tf.where(confident, labels[:, 0], tf.constant("unknown"))}
    inp = keras.Input((64, 64, 3), name="image")
    x = inp
    for f in (16, 32, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    probs = L.Dense(len(LABELS), activation="softmax", name="probabilities")(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(inp, {"probabilities": probs, **LabelPostprocess()(probs)}), out)


@model("v_espcn_super_resolution_yuv_uint8", "keras-export", "ESPCN x3 super-resolution (Keras example style) with colour handling in Lambda layers, uint8 [None,None,None,3] any size: Lambda cast / 255 + tf.image.rgb_to_yuv, Y channel through Conv2D(16, 5, tanh), Conv2D(8, 3, tanh), Conv2D(9, 3), Lambda tf.nn.depth_to_space(3); UV upsampled with Lambda tf.image.resize bicubic to 3x the tf.shape size; Concatenate, tf.image.yuv_to_rgb, clip_by_value, *255, round, cast to uint8 [None,None,None,3] (signature output output_0); model.export")
def b_espcn(out):
    inp = keras.Input((None, None, 3), dtype="uint8", name="image")
    yuv = L.Lambda(lambda t: tf.image.rgb_to_yuv(tf.cast(t, tf.float32) / 255.0))(inp)
    y = L.Lambda(lambda t: t[..., :1])(yuv)
    uv = L.Lambda(lambda t: t[..., 1:])(yuv)
    y = L.Conv2D(9, 3, padding="same")(L.Conv2D(8, 3, padding="same", activation="tanh")(
        L.Conv2D(16, 5, padding="same", activation="tanh")(y)))
    y = L.Lambda(lambda t: tf.nn.depth_to_space(t, 3))(y)
    uv = L.Lambda(lambda t: tf.image.resize(t, tf.shape(t)[1:3] * 3, method="bicubic"))(uv)
    rgb = L.Lambda(lambda t: tf.cast(tf.round(tf.clip_by_value(tf.image.yuv_to_rgb(t), 0.0, 1.0) * 255.0), tf.uint8),
                   name="upscaled")(L.Concatenate()([y, uv]))
    keras_export(keras.Model(inp, rgb), out)


@model("v_arbitrary_style_transfer_two_inputs", "tf-module", "Magenta-style arbitrary image stylization, tf.Module signature with content float [1,None,None,3] and style float [1,64,64,3]: Keras style-prediction CNN to a 16-d bottleneck; Keras transformer (content Input((None,None,3)) + bottleneck) with conditional instance norm custom layers (tf.nn.moments over H,W, gamma / beta from Dense on the bottleneck), strided Conv2D down, Lambda nearest resize up (x2 of tf.shape) + Conv2D, final tf.image.resize to the content's tf.shape, sigmoid; output stylized_image [1,None,None,3]")
def b_style(out):
    class CondInstanceNorm(L.Layer):
        def __init__(self, channels, **kw):
            super().__init__(**kw)
            self.gamma, self.beta = L.Dense(channels), L.Dense(channels)

        def call(self, x, style):
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            g, b = self.gamma(style)[:, None, None, :], self.beta(style)[:, None, None, :]
            return (x - mean) * tf.math.rsqrt(var + 1e-5) * (1.0 + g) + b

    class ResizeTo(L.Layer):
        def call(self, x, ref=None, factor=2):
            size = tf.shape(ref)[1:3] if ref is not None else tf.shape(x)[1:3] * factor
            return tf.image.resize(x, size, method="nearest" if ref is None else "bilinear")
    s_in = keras.Input((64, 64, 3))
    s = s_in
    for f in (16, 32, 32):
        s = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(s)
    style_net = keras.Model(s_in, L.Dense(16)(L.GlobalAveragePooling2D()(s)))
    c_in, b_in = keras.Input((None, None, 3)), keras.Input((16,))
    x = c_in
    for f, st in ((16, 1), (24, 2), (32, 2)):
        x = L.ReLU()(CondInstanceNorm(f)(L.Conv2D(f, 3, strides=st, padding="same")(x), b_in))
    for f in (24, 16):
        x = L.ReLU()(CondInstanceNorm(f)(L.Conv2D(f, 3, padding="same")(ResizeTo()(x)), b_in))
    x = L.Conv2D(3, 3, padding="same")(x)
    transformer = keras.Model([c_in, b_in], L.Activation("sigmoid")(ResizeTo()(x, c_in)))

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="content"),
                                  tensor_spec([1, 64, 64, 3], name="style")])
    def stylize(content, style):
        return {"stylized_image": transformer([content, style_net(style, training=False)], training=False)}
    serve_module(out, {"style_net": style_net, "transformer": transformer}, serving_default=stylize)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
