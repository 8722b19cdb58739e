"""Build an independently made corpus into bench/out/fresh50/: detection, instance-segmentation, keypoint and tracking
models with their post-processing inside the exported graph, the way mobile and edge vision projects ship them. SSD /
SSDLite heads over MobileNet-ish depthwise torsos with default-box anchors as constants and centre-size box decoding
(TF Object Detection scale factors 10/10/5/5), YOLOv5-style grid decoding in a Keras layer, a YOLOv8-style anchor-free
head with distribution focal loss (softmax over 16 bins) decoding, RetinaNet / EfficientDet-lite heads with anchors
generated in the graph from the feature-map shapes (tf.range + meshgrid) and fast normalised feature fusion; NMS in every
form projects use: tf.image.non_max_suppression (V3), tf.raw_ops.NonMaxSuppressionV4 with padding,
non_max_suppression_with_scores with a soft-NMS sigma (V5), tf.image.non_max_suppression_padded (single image and
batched), combined_non_max_suppression, per-class NMS in tf.map_fn, in a Python loop and in an autograph tf.range loop
with a TensorArray, top-k pre-filtering, score thresholding with boolean_mask / tf.where + gather_nd, padding to a fixed
max-detections output with num_detections; second stages on crop_and_resize (Mask R-CNN-lite mask head, a Faster R-CNN-lite
RPN + ROI head, BlazeFace detection then a landmark crop refined by a second network, a DeepSORT appearance embedding) and
a hand-written bilinear ROI-align; keypoint decoding (PoseNet heatmap argmax + offsets, MoveNet-style centre-weighted
decoding, CenterNet 3x3 max-pool peak extraction + top_k over the flattened maps, a soft-argmax Keras layer, the
quarter-pixel offset trick of hourglass / SimpleBaseline pose nets); semantic segmentation with argmax / softmax and
resizing back to the input size (fixed and any-size inputs), selfie segmentation blending a background, YOLACT-lite
prototype masks cropped by boxes, mask pasting into the full image (crop_and_resize with inverse boxes, and a tf.map_fn of
resize + pad_to_bounding_box); tracker steps (SORT IoU matrix with greedy matching in a tf.while_loop, mutual-best
matching via top_k, a Kalman predict / update with tf.linalg.solve); preprocessing in the same graph (uint8 and int32
images, cast / normalise, a YOLO letterbox resize with gray padding and boxes mapped back to the original image, JPEG
bytes decoded with tf.io.decode_jpeg in a map_fn). Exported as tf.saved_model.save of tf.Modules with explicit input
signatures (most, several with more than one signature), Keras 3 model.export (fixed batch-1 signatures and None batch),
TF2 functions frozen with convert_variables_to_constants_v2 and TF1 graph-mode graphs (get_variable layers, an SSDLite
with TF Object Detection-style output names, a yolov3-tiny detection layer, a map_fn batch NMS) frozen with
graph_util.convert_variables_to_constants. Mostly float32 batch-1 inputs of 64x64 or smaller, some None batch and None
image sizes, uint8 / int32 images and string inputs. Seeded random weights; nothing is downloaded; every model runs forward
once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh50.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh50.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh50.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh50.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh50.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh50", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (valid boxes, thresholds, covariances, JPEG bytes, pixel ranges): model -> {input name
# (or "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each
# model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

NC = 4  # object classes of the small detectors (plus a background class where the head has one)


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


def _v1_conv(x, name, cout, k=3, s=1, act="relu6", depthwise=False, bn=True):
    """TF1 conv as slim-era code writes it: get_variable weights (depthwise or full), BatchNorm folded from
    gamma / beta / moving mean / variance variables (or a bias), activation by name"""
    v1 = tf.compat.v1
    cin = int(x.shape[-1])
    with v1.variable_scope(name):
        if depthwise:
            w = v1.get_variable("depthwise_weights", [k, k, cin, 1], initializer=v1.truncated_normal_initializer(stddev=0.09))
            y = tf.nn.depthwise_conv2d(x, w, [1, s, s, 1], "SAME")
        else:
            w = v1.get_variable("weights", [k, k, cin, cout], initializer=v1.glorot_uniform_initializer())
            y = tf.nn.conv2d(x, w, [1, s, s, 1], "SAME")
        c = int(y.shape[-1])
        if bn:
            with v1.variable_scope("BatchNorm"):
                gamma = v1.get_variable("gamma", [c], initializer=v1.ones_initializer())
                beta = v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
                mean = v1.get_variable("moving_mean", [c], initializer=v1.zeros_initializer(), trainable=False)
                var = v1.get_variable("moving_variance", [c], initializer=v1.ones_initializer(), trainable=False)
            y = tf.nn.batch_normalization(y, mean, var, beta, gamma, 1e-3)
        else:
            y = tf.nn.bias_add(y, v1.get_variable("biases", [c], initializer=v1.zeros_initializer()))
        acts = {"relu6": tf.nn.relu6, "relu": tf.nn.relu, "leaky": lambda t: tf.nn.leaky_relu(t, 0.1), None: None}
        return acts[act](y) if acts[act] else y


def _conv_bn(x, f, k=3, s=1, act="relu6"):
    """Keras Conv2D (no bias) + BatchNormalization + activation ('relu6', 'leaky', 'swish', 'relu')"""
    x = L.BatchNormalization()(L.Conv2D(f, k, s, padding="same", use_bias=False)(x))
    if act == "relu6":
        return L.ReLU(6.0)(x)
    if act == "leaky":
        return L.LeakyReLU(negative_slope=0.1)(x)
    return L.Activation(act)(x)


def _dw_block(x, f, s):
    """MobileNet depthwise-separable block: DepthwiseConv2D 3x3 + BN + ReLU6, Conv2D 1x1 + BN + ReLU6"""
    x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, s, padding="same", use_bias=False)(x)))
    return _conv_bn(x, f, 1)


def _mobile_features(inp, widths=(16, 24, 32, 48)):
    """MobileNet-ish torso: stem Conv 3x3/2, then a stride-2 depthwise-separable block per stage; returns the stage
    outputs (strides 4, 8, 16: 16x16 / 8x8 / 4x4 for a 64x64 image)"""
    x = _conv_bn(inp, widths[0], 3, 2)
    feats = []
    for f in widths[1:]:
        x = _dw_block(_dw_block(x, f, 2), f, 1)
        feats.append(x)
    return feats


def _ssd_anchors(fmaps, scales, ratios=(1.0, 2.0, 0.5)):
    """SSD default boxes (cy, cx, h, w), normalised, in the order the heads' Reshape lays them out (row, col, box)"""
    a = []
    for f, s in zip(fmaps, scales):
        for i in range(f):
            for j in range(f):
                a += [[(i + 0.5) / f, (j + 0.5) / f, s / np.sqrt(r), s * np.sqrt(r)] for r in ratios]
    return np.array(a, "float32")


def _ssd_net(num_classes, k=3, size=64, coeffs=0, with_c3=False, name="ssdlite"):
    """SSDLite over _mobile_features: per level (8x8 and 4x4 for 64x64) SeparableConv2D box (k*4) and class (k*classes)
    predictors reshaped and concatenated -> box_encodings [B,A,4], class_logits [B,A,classes]; optionally also
    tanh mask coefficients [B,A,coeffs] and the stride-4 feature map"""
    inp = keras.Input((size, size, 3), name="image")
    feats = _mobile_features(inp)
    box, cls, coef = [], [], []
    for i, f in enumerate(feats[1:]):
        box.append(L.Reshape((-1, 4))(L.SeparableConv2D(k * 4, 3, padding="same", name=f"box_predictor_{i}")(f)))
        cls.append(L.Reshape((-1, num_classes))(L.SeparableConv2D(k * num_classes, 3, padding="same", name=f"class_predictor_{i}")(f)))
        if coeffs:
            coef.append(L.Reshape((-1, coeffs))(L.Conv2D(k * coeffs, 3, padding="same", activation="tanh")(f)))
    outs = [L.Concatenate(axis=1, name="box_encodings")(box), L.Concatenate(axis=1, name="class_logits")(cls)]
    if coeffs:
        outs.append(L.Concatenate(axis=1, name="mask_coefficients")(coef))
    if with_c3:
        outs.append(feats[0])
    return keras.Model(inp, outs, name=name)


def _ssd64():
    """the anchors matching _ssd_net(k=3, size=64): 8x8 and 4x4 levels, 3 aspect ratios -> 240 boxes"""
    return _ssd_anchors([8, 4], [0.25, 0.55])


def _decode_center(enc, anchors, scales=(10.0, 10.0, 5.0, 5.0)):
    """TF Object Detection FasterRcnnBoxCoder decode: (ty, tx, th, tw) against (cy, cx, h, w) anchors -> (ymin, xmin,
    ymax, xmax)"""
    ty, tx, th, tw = tf.unstack(enc, axis=-1)
    cy = ty / scales[0] * anchors[..., 2] + anchors[..., 0]
    cx = tx / scales[1] * anchors[..., 3] + anchors[..., 1]
    h = tf.exp(th / scales[2]) * anchors[..., 2]
    w = tf.exp(tw / scales[3]) * anchors[..., 3]
    return tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], axis=-1)


def _iou(a, b):
    """pairwise IoU of boxes a [N,4] and b [M,4] (ymin, xmin, ymax, xmax) -> [N,M]"""
    a, b = a[:, None, :], b[None, :, :]
    ih = tf.maximum(tf.minimum(a[..., 2], b[..., 2]) - tf.maximum(a[..., 0], b[..., 0]), 0.0)
    iw = tf.maximum(tf.minimum(a[..., 3], b[..., 3]) - tf.maximum(a[..., 1], b[..., 1]), 0.0)
    inter = ih * iw
    area = lambda t: (t[..., 2] - t[..., 0]) * (t[..., 3] - t[..., 1])
    return inter / (area(a) + area(b) - inter + 1e-8)


YOLO_ANCHORS = ([[6, 8], [10, 12], [14, 10]], [[18, 22], [28, 30], [40, 36]])  # pixels, strides 8 and 16 at 64x64


def _yolo_net(num_classes, size=64, act="swish", name="yolo"):
    """YOLOv5-ish: Conv-BN-SiLU stride-2 stages (16 / 24 / 32 / 48), detect Conv2D 1x1 (3 * (5 + classes)) on the
    stride-8 and stride-16 maps (8x8 and 4x4 for 64x64)"""
    inp = keras.Input((size, size, 3), name="images")
    x, feats = inp, []
    for i, f in enumerate((16, 24, 32, 48)):
        x = _conv_bn(_conv_bn(x, f, 3, 2, act), f, 1, 1, act)
        if i >= 2:
            feats.append(x)
    p4 = _conv_bn(L.Concatenate()([feats[0], L.UpSampling2D()(feats[1])]), 32, 3, 1, act)
    outs = [L.Conv2D(3 * (5 + num_classes), 1, name=f"detect_{i}")(f) for i, f in enumerate((p4, feats[1]))]
    return keras.Model(inp, outs, name=name)


def _yolo_decode(raw, g, anchors_px, stride, nc):
    """YOLOv5 decode of one level [B,g,g,3*(5+nc)] -> [B,g*g*3,5+nc] (cx, cy, w, h in pixels, objectness, class probs):
    xy = (2 sigmoid - 0.5 + grid) * stride, wh = (2 sigmoid)^2 * anchor"""
    p = tf.reshape(raw, [-1, g, g, 3, 5 + nc])
    gy, gx = np.meshgrid(np.arange(g), np.arange(g), indexing="ij")
    grid = np.stack([gx, gy], -1)[None, :, :, None, :].astype("float32")
    xy = (tf.sigmoid(p[..., :2]) * 2.0 - 0.5 + grid) * stride
    wh = tf.square(tf.sigmoid(p[..., 2:4]) * 2.0) * np.asarray(anchors_px, "float32")
    return tf.reshape(tf.concat([xy, wh, tf.sigmoid(p[..., 4:])], -1), [-1, g * g * 3, 5 + nc])


def _yolo_boxes_scores(raws, nc, size=64):
    """both YOLO levels decoded -> boxes [B,N,4] normalised (ymin, xmin, ymax, xmax), class scores obj * cls [B,N,nc]"""
    p = tf.concat([_yolo_decode(r, g, a, s, nc) for r, g, a, s in zip(raws, (8, 4), YOLO_ANCHORS, (8, 16))], axis=1)
    cx, cy, w, h = tf.unstack(p[..., :4] / size, axis=-1)
    boxes = tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], axis=-1)
    return tf.clip_by_value(boxes, 0.0, 1.0), p[..., 4:5] * p[..., 5:]


def _boxes(rng, n, lo=0.1, hi=0.5):
    """n valid normalised boxes (ymin, xmin, ymax, xmax)"""
    c, s = rng.uniform(0.25, 0.75, (n, 2)), rng.uniform(lo, hi, (n, 2))
    return np.concatenate([np.clip(c - s / 2, 0, 1), np.clip(c + s / 2, 0, 1)], -1).astype("float32")


def _pad_to(t, n, value=0.0):
    """pad the leading (dynamic) dimension of t up to n with `value`, then fix the static shape"""
    k = tf.shape(t)[0]
    pads = [[0, n - k]] + [[0, 0]] * (len(t.shape) - 1)
    return tf.reshape(tf.pad(t, pads, constant_values=value), [n] + t.shape.as_list()[1:])


IMG = [1, 64, 64, 3]


# ================================================================================ SSD / SSDLite heads with NMS

@model("s50_ssdlite_nms_v4_padded_batch1", "tf-module", "SSDLite mobile detector as a tf.Module, normalized_input_image_tensor float [1,64,64,3]: MobileNet-ish depthwise torso, SeparableConv2D box / class predictors on 8x8 and 4x4 (240 anchors as a constant), TFOD centre-size decode (10/10/5/5), clip, sigmoid over 5 classes dropping background, max / argmax over classes, tf.raw_ops.NonMaxSuppressionV4 (pad_to_max_output_size, 10 boxes, iou 0.6, score 0.3); TFLite_Detection_PostProcess-style outputs detection_boxes [1,10,4], detection_classes, detection_scores (float), num_detections")
def b_ssdlite_v4(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec(IMG, name="normalized_input_image_tensor")])
    def detect(normalized_input_image_tensor):
        enc, logits = net(normalized_input_image_tensor, training=False)
        boxes = tf.clip_by_value(_decode_center(enc, anchors)[0], 0.0, 1.0)
        probs = tf.sigmoid(logits[0, :, 1:])
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1, output_type=tf.int32)
        idx, n = tf.raw_ops.NonMaxSuppressionV4(boxes=boxes, scores=scores, max_output_size=10, iou_threshold=0.6,
                                                score_threshold=0.3, pad_to_max_output_size=True)
        valid = tf.range(10) < n
        return {"detection_boxes": tf.where(valid[:, None], tf.gather(boxes, idx), 0.0)[None],
                "detection_classes": tf.cast(tf.where(valid, tf.gather(classes, idx), 0), tf.float32)[None],
                "detection_scores": tf.where(valid, tf.gather(scores, idx), 0.0)[None],
                "num_detections": tf.cast(n, tf.float32)[None]}
    _save(out, {"net": net}, serving_default=detect)


@model("s50_ssd_combined_nms_raw_signature", "tf-module", "SSD detector with two signatures: serving_default(image float [1,64,64,3] in 0..255) normalises (x / 127.5 - 1) in the graph, decodes 240 anchors and runs tf.image.combined_non_max_suppression (boxes [1,A,1,4] shared across 4 classes, 10 per class / 10 total, iou 0.5, score 0.3) -> nmsed boxes / scores / classes / valid_detections; raw(image) -> decoded boxes [1,240,4] and sigmoid class scores [1,240,4] for host-side NMS")
def b_ssd_combined(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()
    spec = tensor_spec(IMG, name="image")

    def raw_outputs(image):
        enc, logits = net(image / 127.5 - 1.0, training=False)
        return _decode_center(enc, anchors), tf.sigmoid(logits[..., 1:])

    @tf.function(input_signature=[spec])
    def detect(image):
        boxes, scores = raw_outputs(image)
        nb, ns, nc, nv = tf.image.combined_non_max_suppression(boxes[:, :, None, :], scores, 10, 10, 0.5, 0.3)
        return {"detection_boxes": nb, "detection_scores": ns, "detection_classes": nc, "num_detections": nv}

    @tf.function(input_signature=[spec])
    def raw(image):
        boxes, scores = raw_outputs(image)
        return {"raw_boxes": boxes, "raw_scores": scores}
    _save(out, {"net": net}, serving_default=detect, raw=raw)


FEEDS["s50_ssd_combined_nms_raw_signature"] = {"image": (0, 256)}


@model("s50_per_class_nms_map_fn_classes", "tf-module", "per-class NMS over classes with tf.map_fn: SSDLite (background + 4 classes) float [1,64,64,3], decode, sigmoid scores transposed to [4,240], tf.map_fn per class of tf.image.non_max_suppression_padded(pad_to_max_output_size, 5 per class, iou 0.5, score 0.25) with fn_output_signature, per-class gather (batch_dims=1), invalid slots masked by tf.sequence_mask, flattened [20] and tf.math.top_k(10) -> boxes [1,10,4], scores, classes int32 (index // 5)")
def b_map_fn_nms(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def detect(image):
        enc, logits = net(image, training=False)
        boxes = _decode_center(enc, anchors)[0]
        scores_t = tf.transpose(tf.sigmoid(logits[0, :, 1:]))                  # [C,A]

        def per_class(s):
            idx, n = tf.image.non_max_suppression_padded(boxes, s, 5, 0.5, 0.25, pad_to_max_output_size=True)
            return tf.cast(idx, tf.int32), tf.cast(n, tf.int32)
        idx, n = tf.map_fn(per_class, scores_t, fn_output_signature=(tf.TensorSpec([5], tf.int32), tf.TensorSpec([], tf.int32)))
        cls_boxes = tf.reshape(tf.gather(boxes, idx), [-1, 4])
        cls_scores = tf.where(tf.sequence_mask(n, 5), tf.gather(scores_t, idx, batch_dims=1), -1.0)
        top = tf.math.top_k(tf.reshape(cls_scores, [-1]), 10)
        valid = top.values > 0
        return {"boxes": tf.where(valid[:, None], tf.gather(cls_boxes, top.indices), 0.0)[None],
                "scores": tf.maximum(top.values, 0.0)[None], "classes": (top.indices // 5)[None],
                "num_detections": tf.reduce_sum(tf.cast(valid, tf.int32))[None]}
    _save(out, {"net": net}, serving_default=detect)


@model("s50_per_class_nms_python_loop_frozen", "frozen-pb", "per-class NMS unrolled in a Python for-loop (4 classes) and frozen with convert_variables_to_constants_v2: SSDLite float [1,64,64,3], decode, tf.image.non_max_suppression per class (iou 0.45, score 0.3, 8 each), gathers concatenated (dynamic length), tf.math.top_k with k = tf.minimum(10, count), padded with tf.pad to 10 -> detection_boxes [1,10,4], detection_scores, detection_classes (int32), num_detections")
def b_loop_nms_frozen(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    def fn(image):
        enc, logits = net(image, training=False)
        boxes, probs = _decode_center(enc, anchors)[0], tf.sigmoid(logits[0, :, 1:])
        bs, ss, cs = [], [], []
        for c in range(NC):
            sel = tf.image.non_max_suppression(boxes, probs[:, c], 8, iou_threshold=0.45, score_threshold=0.3)
            bs.append(tf.gather(boxes, sel))
            ss.append(tf.gather(probs[:, c], sel))
            cs.append(tf.fill(tf.shape(sel), c))
        b, s, c = tf.concat(bs, 0), tf.concat(ss, 0), tf.concat(cs, 0)
        k = tf.minimum(10, tf.shape(s)[0])
        top = tf.math.top_k(s, k)
        return (tf.identity(_pad_to(tf.gather(b, top.indices), 10)[None], name="detection_boxes"),
                tf.identity(_pad_to(top.values, 10)[None], name="detection_scores"),
                tf.identity(_pad_to(tf.gather(c, top.indices), 10)[None], name="detection_classes"),
                tf.identity(k[None], name="num_detections"))
    _freeze(fn, [tensor_spec(IMG, name="image")], out)


OUTPUTS["s50_per_class_nms_python_loop_frozen"] = ["detection_boxes", "detection_scores", "detection_classes", "num_detections"]


@model("s50_per_class_nms_tf_range_tensorarray", "tf-module", "per-class NMS in an autograph `for c in tf.range(4)` loop (a tf.while_loop) writing fixed-size results to tf.TensorArrays: SSDLite float [1,64,64,3], per class tf.gather of the score column, tf.image.non_max_suppression (5, iou 0.5, score 0.25), results padded with tf.pad and reshaped to [5,4] / [5]; stacked [4,5], flattened, top_k(10) -> boxes [1,10,4], scores, classes int32")
def b_ta_nms(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def detect(image):
        enc, logits = net(image, training=False)
        boxes, probs = _decode_center(enc, anchors)[0], tf.sigmoid(logits[0, :, 1:])
        ta_b, ta_s = tf.TensorArray(tf.float32, size=NC), tf.TensorArray(tf.float32, size=NC)
        for c in tf.range(NC):
            s = tf.gather(probs, c, axis=1)
            sel = tf.image.non_max_suppression(boxes, s, 5, 0.5, 0.25)
            n = tf.shape(sel)[0]
            ta_b = ta_b.write(c, tf.reshape(tf.pad(tf.gather(boxes, sel), [[0, 5 - n], [0, 0]]), [5, 4]))
            ta_s = ta_s.write(c, tf.reshape(tf.pad(tf.gather(s, sel), [[0, 5 - n]], constant_values=-1.0), [5]))
        top = tf.math.top_k(tf.reshape(ta_s.stack(), [-1]), 10)
        return {"boxes": tf.gather(tf.reshape(ta_b.stack(), [-1, 4]), top.indices)[None],
                "scores": tf.maximum(top.values, 0.0)[None], "classes": (top.indices // 5)[None]}
    _save(out, {"net": net}, serving_default=detect)


@model("s50_topk_prefilter_nms_v3_pad", "tf-module", "top-k pre-filtering before NMS: SSDLite float [1,64,64,3], decode 240 anchors, max class score, tf.math.top_k(64) candidates, tf.gather boxes / classes, tf.image.non_max_suppression (V3, 10, iou 0.45, no score threshold), selected anchor ids mapped back through the top-k indices, padded to 10 -> boxes [1,10,4], scores, classes, anchor_indices int32")
def b_topk_nms(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def detect(image):
        enc, logits = net(image, training=False)
        boxes, probs = _decode_center(enc, anchors)[0], tf.nn.softmax(logits[0])[:, 1:]
        top = tf.math.top_k(tf.reduce_max(probs, -1), 64)
        cand = tf.gather(boxes, top.indices)
        sel = tf.image.non_max_suppression(cand, top.values, 10, iou_threshold=0.45)
        anchor_ids = tf.gather(top.indices, sel)
        return {"boxes": _pad_to(tf.gather(cand, sel), 10)[None], "scores": _pad_to(tf.gather(top.values, sel), 10)[None],
                "classes": _pad_to(tf.gather(tf.argmax(probs, -1, output_type=tf.int32), anchor_ids), 10)[None],
                "anchor_indices": _pad_to(anchor_ids, 10, -1)[None]}
    _save(out, {"net": net}, serving_default=detect)


@model("s50_score_threshold_boolean_mask_dynamic", "tf-module", "detector with a runtime score threshold and dynamic-length outputs: image float [1,64,64,3], score_threshold float []; SSDLite decode, max / argmax class, tf.boolean_mask of boxes / scores / classes by scores > threshold, then tf.image.non_max_suppression (20, iou 0.5) on the survivors; outputs boxes [N,4], scores [N], classes [N] int64, count")
def b_bool_mask(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec(IMG, name="image"), tensor_spec([], name="score_threshold")])
    def detect(image, score_threshold):
        enc, logits = net(image, training=False)
        boxes, probs = _decode_center(enc, anchors)[0], tf.sigmoid(logits[0, :, 1:])
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1)
        keep = scores > score_threshold
        b, s, c = tf.boolean_mask(boxes, keep), tf.boolean_mask(scores, keep), tf.boolean_mask(classes, keep)
        sel = tf.image.non_max_suppression(b, s, 20, iou_threshold=0.5)
        return {"boxes": tf.gather(b, sel), "scores": tf.gather(s, sel), "classes": tf.gather(c, sel), "count": tf.size(sel)}
    _save(out, {"net": net}, serving_default=detect)


FEEDS["s50_score_threshold_boolean_mask_dynamic"] = {"score_threshold": 0.4}


@model("s50_where_gather_nd_flat_detections_none_batch", "tf-module", "flat (batch_index, class, box) detections for a None batch, no NMS: image float [None,64,64,3]; SSDLite decode to [B,240,4], sigmoid class probs [B,240,4], tf.where(probs > 0.6) -> [K,3] int64 indices, tf.gather_nd of boxes by (batch, anchor) and of probs; outputs batch_index, class_id, boxes [K,4], scores [K]")
def b_where_flat(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def detect(images):
        enc, logits = net(images, training=False)
        boxes, probs = _decode_center(enc, anchors), tf.sigmoid(logits[..., 1:])
        hits = tf.where(probs > 0.6)
        return {"batch_index": hits[:, 0], "class_id": hits[:, 2], "boxes": tf.gather_nd(boxes, hits[:, :2]),
                "scores": tf.gather_nd(probs, hits)}
    _save(out, {"net": net}, serving_default=detect)


@model("s50_uint8_ssd_pad_to_max_detections", "tf-module", "edge-camera SSD taking the camera frame as uint8 [1,64,64,3]: tf.cast, (x - 127.5) / 127.5 in the graph, SSDLite decode, softmax over background + 4 classes, tf.image.non_max_suppression (V3, 20, iou 0.5, score 0.35), outputs padded with tf.pad to a fixed 20 max detections -> detection_boxes [1,20,4], detection_scores, detection_classes int32, num_detections int32")
def b_uint8_pad(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec(IMG, "uint8", "image")])
    def detect(image):
        x = (tf.cast(image, tf.float32) - 127.5) / 127.5
        enc, logits = net(x, training=False)
        boxes, probs = tf.clip_by_value(_decode_center(enc, anchors)[0], 0.0, 1.0), tf.nn.softmax(logits[0])[:, 1:]
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1, output_type=tf.int32)
        sel = tf.image.non_max_suppression(boxes, scores, 20, 0.5, 0.35)
        return {"detection_boxes": _pad_to(tf.gather(boxes, sel), 20)[None],
                "detection_scores": _pad_to(tf.gather(scores, sel), 20)[None],
                "detection_classes": _pad_to(tf.gather(classes, sel), 20)[None], "num_detections": tf.size(sel)[None]}
    _save(out, {"net": net}, serving_default=detect)


@model("s50_batched_nms_map_fn_none_batch", "tf-module", "batch NMS for a None batch by tf.map_fn over images: images float [None,64,64,3]; SSDLite decode, max / argmax class; per image tf.raw_ops.NonMaxSuppressionV4 (padded to 10, iou 0.5, score 0.3) inside map_fn with a fn_output_signature of fixed shapes; outputs boxes [B,10,4], scores [B,10], classes int32 [B,10], num_detections [B]")
def b_map_fn_batch(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def detect(images):
        enc, logits = net(images, training=False)
        boxes, probs = _decode_center(enc, anchors), tf.sigmoid(logits[..., 1:])
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1, output_type=tf.int32)

        def one(args):
            b, s, c = args
            idx, n = tf.raw_ops.NonMaxSuppressionV4(boxes=b, scores=s, max_output_size=10, iou_threshold=0.5,
                                                    score_threshold=0.3, pad_to_max_output_size=True)
            valid = tf.range(10) < n
            return (tf.where(valid[:, None], tf.gather(b, idx), 0.0), tf.where(valid, tf.gather(s, idx), 0.0),
                    tf.where(valid, tf.gather(c, idx), -1), n)
        b, s, c, n = tf.map_fn(one, (boxes, scores, classes), fn_output_signature=(
            tf.TensorSpec([10, 4], tf.float32), tf.TensorSpec([10], tf.float32), tf.TensorSpec([10], tf.int32),
            tf.TensorSpec([], tf.int32)))
        return {"boxes": b, "scores": s, "classes": c, "num_detections": n}
    _save(out, {"net": net}, serving_default=detect)


@model("s50_ssd_preprocess_raw_postprocess_signatures", "tf-module", "SSD shipped with three signatures the app calls separately or together: preprocess(image uint8 [1,None,None,3]) -> tf.image.resize to 64x64 (bilinear) and [-1,1] normalisation; raw(normalized float [1,64,64,3]) -> box_encodings [1,240,4], class_predictions [1,240,5] and the anchors constant; serving_default(image uint8 [1,None,None,3]) -> the whole pipeline with sigmoid scores, tf.raw_ops.NonMaxSuppressionV4 (padded 10) -> boxes / classes / scores / num_detections")
def b_three_sigs(out):
    net, anchors = _ssd_net(NC + 1), _ssd64()
    u8 = tensor_spec([1, None, None, 3], "uint8", "image")

    def prep(image):
        return tf.image.resize(tf.cast(image, tf.float32), [64, 64]) / 127.5 - 1.0

    @tf.function(input_signature=[u8])
    def preprocess(image):
        return {"normalized": prep(image)}

    @tf.function(input_signature=[tensor_spec(IMG, name="normalized")])
    def raw(normalized):
        enc, logits = net(normalized, training=False)
        return {"box_encodings": enc, "class_predictions": logits, "anchors": tf.constant(anchors)}

    @tf.function(input_signature=[u8])
    def detect(image):
        enc, logits = net(prep(image), training=False)
        boxes, probs = tf.clip_by_value(_decode_center(enc, anchors)[0], 0.0, 1.0), tf.sigmoid(logits[0, :, 1:])
        scores = tf.reduce_max(probs, -1)
        idx, n = tf.raw_ops.NonMaxSuppressionV4(boxes=boxes, scores=scores, max_output_size=10, iou_threshold=0.6,
                                                score_threshold=0.25, pad_to_max_output_size=True)
        return {"boxes": tf.gather(boxes, idx)[None], "classes": tf.gather(tf.argmax(probs, -1), idx)[None],
                "scores": tf.gather(scores, idx)[None], "num_detections": n[None]}
    _save(out, {"net": net}, serving_default=detect, preprocess=preprocess, raw=raw)


@model("s50_keras_detection_postprocess_layer_none_batch", "keras-export", "Keras functional SSDLite with a custom DetectionPostProcess layer holding the 240 anchors (numpy constant): centre-size decode, sigmoid scores without background, tf.image.combined_non_max_suppression (8 per class, 16 total, iou 0.5, score 0.3) inside the layer's call; image float [None,64,64,3] -> dict of boxes [B,16,4], scores, classes, valid_detections int32; model.export (None batch)")
def b_keras_pp(out):
    anchors = _ssd64()

    class DetectionPostProcess(L.Layer):
        def call(self, inputs):
            enc, logits = inputs
            boxes = _decode_center(enc, anchors)
            b, s, c, n = tf.image.combined_non_max_suppression(boxes[:, :, None, :], tf.sigmoid(logits[..., 1:]), 8, 16,
                                                               0.5, 0.3)
            return {"boxes": b, "scores": s, "classes": c, "valid_detections": n}
    ssd = _ssd_net(NC + 1)
    inp = keras.Input((64, 64, 3), name="image")
    outs = DetectionPostProcess(name="postprocess")(ssd(inp))
    _export(keras.Model(inp, outs), out)


# ================================================================================ YOLO-family heads

@model("s50_yolov5_decode_layer_keras_b1", "keras-export", "YOLOv5-style detector exported like the TFLite export of a YOLO repo: images float [1,64,64,3] (fixed batch 1), Conv-BN-SiLU stages, PAN-lite upsample + concat, detect Conv2D 1x1 on 8x8 and 4x4 maps, custom YoloDecode Keras layer per level (reshape [1,g,g,3,9], sigmoid, (2 sig - 0.5 + grid) * stride, (2 sig)^2 * anchors) and Concatenate -> output0 [1,240,9] (cx, cy, w, h px, objectness, 4 class probs); no NMS in the graph; model.export batch-1 signature")
def b_yolov5_keras(out):
    class YoloDecode(L.Layer):
        def __init__(self, g, anchors_px, stride, nc, **kw):
            super().__init__(**kw)
            self.g, self.anchors_px, self.stride, self.nc = g, anchors_px, stride, nc

        def call(self, raw):
            return _yolo_decode(raw, self.g, self.anchors_px, self.stride, self.nc)
    yolo = _yolo_net(NC)
    inp = keras.Input((64, 64, 3), batch_size=1, name="images")
    raws = yolo(inp)
    dec = [YoloDecode(g, a, s, NC, name=f"decode_{i}")(r) for i, (r, g, a, s) in enumerate(zip(raws, (8, 4), YOLO_ANCHORS, (8, 16)))]
    _export(keras.Model(inp, L.Concatenate(axis=1, name="output0")(dec)), out, fixed=True)


@model("s50_yolov8_anchor_free_dfl_keras_b1", "keras-export", "YOLOv8-style anchor-free detector, images float [1,64,64,3] (fixed batch 1): Conv-BN-SiLU torso, decoupled heads per level (box branch Conv 3x3 x2 + Conv 1x1 to 4x16 DFL bins, class branch to 4), custom DFLDecode layer: reshape [1,80,4,16], softmax over bins, expectation with arange(16), anchor points (grid + 0.5) -/+ ltrb distances, xywh * per-anchor stride, sigmoid classes, transposed to [1,8,80] as the ultralytics TFLite export lays it out; model.export batch-1 signature")
def b_yolov8(out):
    reg, strides, grids = 16, (8, 16), (8, 4)
    pts, st = [], []
    for s, g in zip(strides, grids):
        gy, gx = np.meshgrid(np.arange(g), np.arange(g), indexing="ij")
        pts.append(np.stack([gx.ravel(), gy.ravel()], -1) + 0.5)
        st.append(np.full((g * g, 1), s))
    pts, st = np.concatenate(pts).astype("float32"), np.concatenate(st).astype("float32")
    n = len(pts)

    class DFLDecode(L.Layer):
        def call(self, inputs):
            x = tf.concat([tf.reshape(r, [-1, g * g, 4 * reg + NC]) for r, g in zip(inputs, grids)], axis=1)
            dist = tf.nn.softmax(tf.reshape(x[..., :4 * reg], [-1, n, 4, reg]), axis=-1)
            dist = tf.reduce_sum(dist * np.arange(reg, dtype="float32"), axis=-1)
            x1y1, x2y2 = pts - dist[..., :2], pts + dist[..., 2:]
            xywh = tf.concat([(x1y1 + x2y2) / 2, x2y2 - x1y1], -1) * st
            return tf.transpose(tf.concat([xywh, tf.sigmoid(x[..., 4 * reg:])], -1), [0, 2, 1])
    inp = keras.Input((64, 64, 3), batch_size=1, name="images")
    x, feats = inp, []
    for i, f in enumerate((16, 24, 32, 48)):
        x = _conv_bn(_conv_bn(x, f, 3, 2, "swish"), f, 3, 1, "swish")
        if i >= 2:
            feats.append(x)
    heads = []
    for f in feats:
        b = L.Conv2D(4 * reg, 1)(_conv_bn(_conv_bn(f, 32, 3, 1, "swish"), 32, 3, 1, "swish"))
        c = L.Conv2D(NC, 1)(_conv_bn(_conv_bn(f, 32, 3, 1, "swish"), 32, 3, 1, "swish"))
        heads.append(L.Concatenate()([b, c]))
    _export(keras.Model(inp, DFLDecode(name="output0")(heads)), out, fixed=True)


@model("s50_yolo_soft_nms_v5_sigma_padded", "tf-module", "YOLO detector with soft-NMS: images float [1,64,64,3]; YOLOv5-style net, decode, class-agnostic scores = objectness * max class prob, tf.image.non_max_suppression_with_scores (NonMaxSuppressionV5, 10, iou 1.0, score 0.05, soft_nms_sigma 0.5) returning decayed scores, outputs padded with tf.pad to 10 -> boxes [1,10,4], scores, classes int32, num_detections")
def b_soft_nms(out):
    yolo = _yolo_net(NC)

    @tf.function(input_signature=[tensor_spec(IMG, name="images")])
    def detect(images):
        boxes, cls_scores = _yolo_boxes_scores(yolo(images, training=False), NC)
        boxes, cls_scores = boxes[0], cls_scores[0]
        scores, classes = tf.reduce_max(cls_scores, -1), tf.argmax(cls_scores, -1, output_type=tf.int32)
        sel, soft = tf.image.non_max_suppression_with_scores(boxes, scores, 10, iou_threshold=1.0, score_threshold=0.05,
                                                             soft_nms_sigma=0.5)
        return {"boxes": _pad_to(tf.gather(boxes, sel), 10)[None], "scores": _pad_to(soft, 10)[None],
                "classes": _pad_to(tf.gather(classes, sel), 10)[None], "num_detections": tf.size(sel)[None]}
    _save(out, {"net": yolo}, serving_default=detect)


@model("s50_yolo_letterbox_uint8_any_size", "tf-module", "YOLO with the letterbox preprocessing in the graph: image uint8 [1,None,None,3] of any size; scale = min(64 / h, 64 / w) from tf.shape, tf.image.resize to the rounded size, tf.pad with gray (114) to 64x64 centred, / 255; YOLOv5-style net and decode, class-agnostic tf.image.non_max_suppression (10, iou 0.45, score 0.25), boxes un-padded and divided by the scale back to original-image pixels and clipped -> boxes [1,10,4] (x1, y1, x2, y2 px), scores, classes int32, num_detections")
def b_letterbox(out):
    yolo = _yolo_net(NC)

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], "uint8", "image")])
    def detect(image):
        hw = tf.cast(tf.shape(image)[1:3], tf.float32)
        scale = tf.reduce_min(64.0 / hw)
        new = tf.cast(tf.round(hw * scale), tf.int32)
        x = tf.image.resize(tf.cast(image, tf.float32), new)
        top, left = (64 - new[0]) // 2, (64 - new[1]) // 2
        x = tf.pad(x, [[0, 0], [top, 64 - new[0] - top], [left, 64 - new[1] - left], [0, 0]], constant_values=114.0)
        x = tf.reshape(x, IMG) / 255.0
        boxes, cls_scores = _yolo_boxes_scores(yolo(x, training=False), NC)
        scores, classes = tf.reduce_max(cls_scores[0], -1), tf.argmax(cls_scores[0], -1, output_type=tf.int32)
        sel = tf.image.non_max_suppression(boxes[0], scores, 10, 0.45, 0.25)
        b = tf.gather(boxes[0], sel) * 64.0                                           # letterbox pixels, y1 x1 y2 x2
        pad = tf.cast(tf.stack([top, left, top, left]), tf.float32)
        b = (b - pad) / scale
        b = tf.clip_by_value(b, 0.0, tf.concat([hw, hw], 0))
        b = tf.gather(b, [1, 0, 3, 2], axis=1)
        return {"boxes": _pad_to(b, 10)[None], "scores": _pad_to(tf.gather(scores, sel), 10)[None],
                "classes": _pad_to(tf.gather(classes, sel), 10)[None], "num_detections": tf.size(sel)[None]}
    _save(out, {"net": yolo}, serving_default=detect)


@model("s50_frozen_v2_yolo_combined_nms_b1", "frozen-pb", "YOLOv5-style detector with combined NMS frozen with convert_variables_to_constants_v2, images float [1,64,64,3]: decode, boxes [1,240,1,4], class scores objectness * class prob, tf.image.combined_non_max_suppression (5 per class, 10 total, iou 0.45, score 0.25, clip_boxes) -> output nodes nmsed_boxes, nmsed_scores, nmsed_classes, valid_detections")
def b_frozen_yolo_combined(out):
    yolo = _yolo_net(NC)

    def fn(images):
        boxes, scores = _yolo_boxes_scores(yolo(images, training=False), NC)
        b, s, c, n = tf.image.combined_non_max_suppression(boxes[:, :, None, :], scores, 5, 10, 0.45, 0.25)
        return (tf.identity(b, name="nmsed_boxes"), tf.identity(s, name="nmsed_scores"),
                tf.identity(c, name="nmsed_classes"), tf.identity(n, name="valid_detections"))
    _freeze(fn, [tensor_spec(IMG, name="images")], out)


OUTPUTS["s50_frozen_v2_yolo_combined_nms_b1"] = ["nmsed_boxes", "nmsed_scores", "nmsed_classes", "valid_detections"]


@model("s50_serving_jpeg_bytes_map_fn_detector", "tf-module", "TF-Serving style detector taking encoded images: serving_default(encoded_images string [None]) -> tf.map_fn of tf.io.decode_jpeg (channels 3) + tf.image.resize 64x64 + / 255 with a fixed fn_output_signature, YOLOv5-style net, tf.image.combined_non_max_suppression (5 per class, 10 total) per batch; detect_image(images float [1,64,64,3]) -> the same post-processing on a decoded tensor")
def b_jpeg(out):
    yolo = _yolo_net(NC)

    def post(x):
        boxes, scores = _yolo_boxes_scores(yolo(x, training=False), NC)
        b, s, c, n = tf.image.combined_non_max_suppression(boxes[:, :, None, :], scores, 5, 10, 0.5, 0.3)
        return {"detection_boxes": b, "detection_scores": s, "detection_classes": c, "num_detections": n}

    @tf.function(input_signature=[tensor_spec([None], "string", "encoded_images")])
    def serve(encoded_images):
        def dec(s):
            return tf.image.resize(tf.cast(tf.io.decode_jpeg(s, channels=3), tf.float32), [64, 64]) / 255.0
        return post(tf.map_fn(dec, encoded_images, fn_output_signature=tf.TensorSpec([64, 64, 3], tf.float32)))

    @tf.function(input_signature=[tensor_spec(IMG, name="images")])
    def detect_image(images):
        return post(images)
    _save(out, {"net": yolo}, serving_default=serve, detect_image=detect_image)


FEEDS["s50_serving_jpeg_bytes_map_fn_detector"] = lambda rng: {"encoded_images": [
    tf.io.encode_jpeg(rng.integers(0, 256, (40 + 8 * i, 48, 3)).astype("uint8")).numpy() for i in range(2)]}


# ================================================================================ RetinaNet / EfficientDet-lite

@model("s50_retinanet_anchors_from_shape_any_size", "tf-module", "RetinaNet-lite for any image size, image float [None,None,None,3]: Keras MobileNet-ish torso with None spatial dims, FPN top-down path (lateral 1x1, Lambda tf.image.resize nearest to the lateral's dynamic shape, add), a shared class / box subnet Sequential applied to both levels; anchors generated in the graph per level from tf.shape of the feature map (tf.range + tf.meshgrid centres times the stride, 3 scales x 3 ratios), decode (0.1 / 0.2 variances), normalised by the image size, sigmoid scores, tf.image.combined_non_max_suppression (10 per class, 20 total) -> fixed [B,20] outputs")
def b_retina(out):
    inp = keras.Input((None, None, 3), name="image")
    c3, c4, c5 = _mobile_features(inp)
    p5 = L.Conv2D(32, 1)(c5)
    up = L.Lambda(lambda t: tf.image.resize(t[0], tf.shape(t[1])[1:3], "nearest"))([p5, c4])
    p4 = L.Conv2D(32, 3, padding="same")(L.Add()([L.Conv2D(32, 1)(c4), up]))
    p5 = L.Conv2D(32, 3, padding="same")(p5)
    fpn = keras.Model(inp, [p4, p5])
    k = 9
    cls_net = keras.Sequential([keras.Input((None, None, 32)), L.Conv2D(32, 3, padding="same", activation="relu"),
                                L.Conv2D(k * NC, 3, padding="same", bias_initializer=keras.initializers.Constant(-4.6))])
    box_net = keras.Sequential([keras.Input((None, None, 32)), L.Conv2D(32, 3, padding="same", activation="relu"),
                                L.Conv2D(k * 4, 3, padding="same")])
    base = np.array([[s * 2 ** o / np.sqrt(r), s * 2 ** o * np.sqrt(r)] for s in (1.0,) for o in (0, 1 / 3, 2 / 3)
                     for r in (0.5, 1.0, 2.0)], "float32")                                         # [9,2] (h, w) / size

    def level_anchors(feat, stride, size):
        fh, fw = tf.shape(feat)[1], tf.shape(feat)[2]
        cy, cx = tf.meshgrid((tf.range(fh, dtype=tf.float32) + 0.5) * stride, (tf.range(fw, dtype=tf.float32) + 0.5) * stride,
                             indexing="ij")
        centres = tf.tile(tf.reshape(tf.stack([cy, cx], -1), [-1, 1, 2]), [1, k, 1])
        hw = tf.tile(base[None] * size, [fh * fw, 1, 1])
        return tf.reshape(tf.concat([centres, hw], -1), [-1, 4])

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="image")])
    def detect(image):
        hw = tf.cast(tf.shape(image)[1:3], tf.float32)
        feats = fpn(image, training=False)
        cls = tf.concat([tf.reshape(cls_net(f), [tf.shape(image)[0], -1, NC]) for f in feats], 1)
        enc = tf.concat([tf.reshape(box_net(f), [tf.shape(image)[0], -1, 4]) for f in feats], 1)
        anchors = tf.concat([level_anchors(f, 8.0 * 2 ** i, 24.0 * 2 ** i) for i, f in enumerate(feats)], 0)
        boxes = _decode_center(enc, anchors) / tf.concat([hw, hw], 0)
        b, s, c, n = tf.image.combined_non_max_suppression(boxes[:, :, None, :], tf.sigmoid(cls), 10, 20, 0.5, 0.05)
        return {"boxes": b, "scores": s, "classes": c, "num_detections": n}
    _save(out, {"fpn": fpn, "cls_net": cls_net, "box_net": box_net}, serving_default=detect)


@model("s50_efficientdet_lite_batched_nms_padded", "tf-module", "EfficientDet-lite-ish detector over a None batch, images float [None,64,64,3]: depthwise torso, one BiFPN-lite node with fast normalised fusion (relu weights / (sum + 1e-4)) of the upsampled P5 and P4, separable class / box heads, 240 anchors, batched tf.image.non_max_suppression_padded on [B,240,4] (pad_to_max_output_size, 10, iou 0.5, score 0.3), tf.gather with batch_dims=1 -> boxes [B,10,4], scores, classes int32, valid_detections [B]")
def b_effdet(out):
    inp = keras.Input((64, 64, 3), name="images")
    _, c4, c5 = _mobile_features(inp)

    class FastFusion(L.Layer):
        def build(self, shapes):
            self.w = self.add_weight(shape=(len(shapes),), initializer="ones", name="fusion_weights")

        def call(self, xs):
            w = tf.nn.relu(self.w)
            return tf.nn.swish(tf.add_n([w[i] * x for i, x in enumerate(xs)]) / (tf.reduce_sum(w) + 1e-4))
    p4 = FastFusion()([L.Conv2D(32, 1)(c4), L.UpSampling2D()(L.Conv2D(32, 1)(c5))])
    p5 = FastFusion()([L.Conv2D(32, 1)(c5), L.MaxPooling2D()(p4)])
    box, cls = [], []
    box_head, cls_head = L.SeparableConv2D(12, 3, padding="same"), L.SeparableConv2D(3 * NC, 3, padding="same")
    for p in (p4, p5):
        box.append(L.Reshape((-1, 4))(box_head(p)))
        cls.append(L.Reshape((-1, NC))(cls_head(p)))
    net = keras.Model(inp, [L.Concatenate(axis=1)(box), L.Concatenate(axis=1)(cls)])
    anchors = _ssd64()

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def detect(images):
        enc, logits = net(images, training=False)
        boxes, probs = _decode_center(enc, anchors), tf.sigmoid(logits)
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1, output_type=tf.int32)
        idx, n = tf.image.non_max_suppression_padded(boxes, scores, 10, 0.5, 0.3, pad_to_max_output_size=True)
        return {"boxes": tf.gather(boxes, idx, batch_dims=1), "scores": tf.gather(scores, idx, batch_dims=1),
                "classes": tf.gather(classes, idx, batch_dims=1), "valid_detections": n}
    _save(out, {"net": net}, serving_default=detect)


# ================================================================================ second stages on crops

@model("s50_maskrcnn_lite_crop_and_resize_mask_head", "tf-module", "Mask R-CNN-lite single-model export, image float [1,64,64,3]: SSDLite detections (tf.raw_ops.NonMaxSuppressionV4 padded to 8) as the proposals, tf.image.crop_and_resize of the stride-4 feature map [1,16,16,24] to 7x7 per box (box_indices zeros), mask head Conv 3x3 x2 + Conv2DTranspose stride 2 + Conv 1x1 sigmoid to 14x14 x 4 classes, per-detection class mask picked with tf.gather(batch_dims=1) -> detection_boxes [1,8,4], scores, classes int32, num_detections, detection_masks [1,8,14,14]")
def b_maskrcnn(out):
    net, anchors = _ssd_net(NC + 1, with_c3=True), _ssd64()
    mask_head = keras.Sequential([keras.Input((7, 7, 24)), L.Conv2D(32, 3, padding="same", activation="relu"),
                                  L.Conv2D(32, 3, padding="same", activation="relu"),
                                  L.Conv2DTranspose(32, 2, 2, activation="relu"), L.Conv2D(NC, 1, activation="sigmoid")],
                                 name="mask_head")

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def detect(image):
        enc, logits, c3 = net(image, training=False)
        boxes, probs = tf.clip_by_value(_decode_center(enc, anchors)[0], 0.0, 1.0), tf.sigmoid(logits[0, :, 1:])
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1, output_type=tf.int32)
        idx, n = tf.raw_ops.NonMaxSuppressionV4(boxes=boxes, scores=scores, max_output_size=8, iou_threshold=0.5,
                                                score_threshold=0.2, pad_to_max_output_size=True)
        det_boxes, det_classes = tf.gather(boxes, idx), tf.gather(classes, idx)
        rois = tf.image.crop_and_resize(c3, det_boxes, tf.zeros([8], tf.int32), [7, 7])
        masks = tf.transpose(mask_head(rois, training=False), [0, 3, 1, 2])        # [8,C,14,14]
        masks = tf.gather(masks, det_classes, batch_dims=1)
        valid = tf.range(8) < n
        return {"detection_boxes": det_boxes[None], "detection_scores": tf.where(valid, tf.gather(scores, idx), 0.0)[None],
                "detection_classes": det_classes[None], "num_detections": n[None],
                "detection_masks": tf.where(valid[:, None, None], masks, 0.0)[None]}
    _save(out, {"net": net, "mask_head": mask_head}, serving_default=detect)


@model("s50_roi_align_lite_bilinear_two_signatures", "tf-module", "second-stage classifier with a hand-written ROI-align (no crop_and_resize): serving_default(image float [1,64,64,3], rois float [8,4] normalised) -> stride-4 features [16,16,24], 14x14 sampling points per ROI (2x2 per bin), floor / ceil corners clipped, four tf.gather_nd lookups bilinearly weighted, 2x2 average -> [8,7,7,24], Flatten + Dense 64 -> class_probs [8,5] softmax and box_deltas [8,4]; features(image) -> the feature map for a separate first stage")
def b_roi_align(out):
    inp = keras.Input((64, 64, 3), name="image")
    backbone = keras.Model(inp, _mobile_features(inp)[0])
    head = keras.Sequential([keras.Input((7, 7, 24)), L.Flatten(), L.Dense(64, activation="relu")], name="box_head")
    cls_out, box_out = L.Dense(NC + 1), L.Dense(4)
    cls_out.build((None, 64))
    box_out.build((None, 64))

    def roi_align(feat, rois, size=7, sr=2):
        hgt, wid = feat.shape[0], feat.shape[1]
        n = size * sr
        t = (tf.range(n, dtype=tf.float32) + 0.5) / n
        ys = (rois[:, 0:1] + t * (rois[:, 2:3] - rois[:, 0:1])) * hgt - 0.5           # [R,n]
        xs = (rois[:, 1:2] + t * (rois[:, 3:4] - rois[:, 1:2])) * wid - 0.5
        ys, xs = tf.clip_by_value(ys, 0.0, hgt - 1.0), tf.clip_by_value(xs, 0.0, wid - 1.0)
        y0, x0 = tf.floor(ys), tf.floor(xs)
        y1, x1 = tf.minimum(y0 + 1, hgt - 1.0), tf.minimum(x0 + 1, wid - 1.0)
        wy, wx = (ys - y0)[:, :, None, None], (xs - x0)[:, None, :, None]

        def at(yy, xx):
            yy = tf.tile(tf.cast(yy, tf.int32)[:, :, None], [1, 1, n])
            xx = tf.tile(tf.cast(xx, tf.int32)[:, None, :], [1, n, 1])
            return tf.gather_nd(feat, tf.stack([yy, xx], -1))                     # [R,n,n,C]
        v = (at(y0, x0) * (1 - wy) * (1 - wx) + at(y0, x1) * (1 - wy) * wx + at(y1, x0) * wy * (1 - wx)
             + at(y1, x1) * wy * wx)
        c = feat.shape[-1]
        return tf.reduce_mean(tf.reshape(v, [-1, size, sr, size, sr, c]), axis=[2, 4])

    @tf.function(input_signature=[tensor_spec(IMG, name="image"), tensor_spec([8, 4], name="rois")])
    def classify(image, rois):
        h = head(roi_align(backbone(image, training=False)[0], rois))
        return {"class_probs": tf.nn.softmax(cls_out(h)), "box_deltas": box_out(h)}

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def features(image):
        return {"features": backbone(image, training=False)}
    _save(out, {"backbone": backbone, "head": head, "cls_out": cls_out, "box_out": box_out},
          serving_default=classify, features=features)


FEEDS["s50_roi_align_lite_bilinear_two_signatures"] = lambda rng: {"rois": _boxes(rng, 8)}


@model("s50_faster_rcnn_lite_rpn_roi_head", "tf-module", "Faster R-CNN-lite in one graph, image float [1,64,64,3]: RPN (Conv 3x3 + objectness / deltas 1x1, 3 anchors on the 8x8 stride-8 map), decode, tf.image.non_max_suppression_padded (pad_to_max_output_size, 16 proposals, iou 0.7), tf.image.crop_and_resize 7x7 ROI pooling, box head Flatten + Dense 64 x2 -> softmax over background + 4 classes and class-specific deltas [16,4,4] picked by the best class with tf.gather(batch_dims=1), refined by decoding against the proposals -> boxes [1,16,4], scores, classes int32, proposals")
def b_faster(out):
    inp = keras.Input((64, 64, 3), name="image")
    c4 = _mobile_features(inp)[1]                                                  # [1,8,8,32]
    h = L.Conv2D(32, 3, padding="same", activation="relu")(c4)
    rpn = keras.Model(inp, [c4, L.Reshape((-1,))(L.Conv2D(3, 1)(h)), L.Reshape((-1, 4))(L.Conv2D(12, 1)(h))], name="rpn")
    r_in = keras.Input((7, 7, 32))
    r = L.Dense(64, activation="relu")(L.Dense(64, activation="relu")(L.Flatten()(r_in)))
    box_head = keras.Model(r_in, [L.Dense(NC + 1)(r), L.Reshape((NC, 4))(L.Dense(NC * 4)(r))], name="box_head")
    anchors = _ssd_anchors([8], [0.3], (0.5, 1.0, 2.0))

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def detect(image):
        feat, obj, deltas = rpn(image, training=False)
        props = tf.clip_by_value(_decode_center(deltas, anchors)[0], 0.0, 1.0)
        idx, _ = tf.image.non_max_suppression_padded(props, tf.sigmoid(obj[0]), 16, 0.7, pad_to_max_output_size=True)
        props = tf.gather(props, idx)
        logits, box_deltas = box_head(tf.image.crop_and_resize(feat, props, tf.zeros([16], tf.int32), [7, 7]), training=False)
        probs = tf.nn.softmax(logits)[:, 1:]
        classes = tf.argmax(probs, -1, output_type=tf.int32)
        d = tf.gather(box_deltas, classes, batch_dims=1)
        prop_anchor = tf.stack([(props[:, 0] + props[:, 2]) / 2, (props[:, 1] + props[:, 3]) / 2,
                                tf.maximum(props[:, 2] - props[:, 0], 1e-3), tf.maximum(props[:, 3] - props[:, 1], 1e-3)], -1)
        return {"boxes": tf.clip_by_value(_decode_center(d, prop_anchor), 0.0, 1.0)[None],
                "scores": tf.reduce_max(probs, -1)[None], "classes": classes[None], "proposals": props[None]}
    _save(out, {"rpn": rpn, "box_head": box_head}, serving_default=detect)


@model("s50_yolact_lite_protos_coeffs_crop_masks", "tf-module", "YOLACT-lite instance segmentation, image float [1,64,64,3]: protonet on the stride-4 map -> 8 prototypes [16,16,8] (relu), SSD heads with tanh mask coefficients [240,8], softmax classes, tf.raw_ops.NonMaxSuppressionV4 padded to 10, masks = sigmoid(tf.einsum('hwk,nk->nhw')) cropped to each box by coordinate-grid comparisons, tf.image.resize bilinear to 64x64, threshold 0.5 -> boxes [1,10,4], scores, classes int32, masks uint8 [1,10,64,64], num_detections")
def b_yolact(out):
    ssd = _ssd_net(NC + 1, coeffs=8, with_c3=True)
    proto = keras.Sequential([keras.Input((16, 16, 24)), L.Conv2D(32, 3, padding="same", activation="relu"),
                              L.Conv2D(8, 1, activation="relu")], name="protonet")
    anchors = _ssd64()
    grid = ((np.arange(16) + 0.5) / 16).astype("float32")

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def detect(image):
        enc, logits, coef, c3 = ssd(image, training=False)
        protos = proto(c3, training=False)[0]
        boxes, probs = tf.clip_by_value(_decode_center(enc, anchors)[0], 0.0, 1.0), tf.nn.softmax(logits[0])[:, 1:]
        scores = tf.reduce_max(probs, -1)
        idx, n = tf.raw_ops.NonMaxSuppressionV4(boxes=boxes, scores=scores, max_output_size=10, iou_threshold=0.5,
                                                score_threshold=0.05, pad_to_max_output_size=True)
        b = tf.gather(boxes, idx)
        m = tf.sigmoid(tf.einsum("hwk,nk->nhw", protos, tf.gather(coef[0], idx)))
        inside = ((grid[None, :, None] >= b[:, 0, None, None]) & (grid[None, :, None] <= b[:, 2, None, None])
                  & (grid[None, None, :] >= b[:, 1, None, None]) & (grid[None, None, :] <= b[:, 3, None, None]))
        m = tf.image.resize((m * tf.cast(inside, tf.float32))[..., None], [64, 64])[..., 0]
        valid = tf.range(10) < n
        masks = tf.cast((m > 0.5) & valid[:, None, None], tf.uint8)
        return {"boxes": b[None], "scores": tf.where(valid, tf.gather(scores, idx), 0.0)[None],
                "classes": tf.gather(tf.argmax(probs, -1, output_type=tf.int32), idx)[None], "masks": masks[None],
                "num_detections": n[None]}
    _save(out, {"ssd": ssd, "protonet": proto}, serving_default=detect)


@model("s50_mask_paste_inverse_boxes_and_map_fn", "tf-module", "mask pasting shipped after a Mask R-CNN-style model, no weights: serving_default(masks float [1,8,14,14], boxes float [1,8,4], scores [1,8]) pastes every 14x14 mask into a 64x64 canvas with tf.image.crop_and_resize using inverse boxes (extrapolation 0), thresholds at 0.5, and builds an instance-id map by argmax over score-weighted masks; paste_loop(masks [8,14,14], boxes [8,4]) does it the other way, a tf.map_fn of tf.image.resize to the box size in pixels (dynamic) + tf.image.pad_to_bounding_box")
def b_mask_paste(out):
    @tf.function(input_signature=[tensor_spec([1, 8, 14, 14], name="masks"), tensor_spec([1, 8, 4], name="boxes"),
                                  tensor_spec([1, 8], name="scores")])
    def paste(masks, boxes, scores):
        b = boxes[0]
        h, w = tf.maximum(b[:, 2] - b[:, 0], 1e-4), tf.maximum(b[:, 3] - b[:, 1], 1e-4)
        inv = tf.stack([-b[:, 0] / h, -b[:, 1] / w, (1.0 - b[:, 0]) / h, (1.0 - b[:, 1]) / w], -1)
        full = tf.image.crop_and_resize(tf.transpose(masks, [1, 2, 3, 0]), inv, tf.range(8), [64, 64],
                                        extrapolation_value=0.0)[..., 0]            # [8,64,64]
        weighted = full * scores[0][:, None, None]
        ids = tf.where(tf.reduce_max(weighted, 0) > 0.25, tf.argmax(weighted, 0, output_type=tf.int32) + 1, 0)
        return {"full_masks": tf.cast(full > 0.5, tf.uint8)[None], "instance_map": ids[None]}

    @tf.function(input_signature=[tensor_spec([8, 14, 14], name="masks"), tensor_spec([8, 4], name="boxes")])
    def paste_loop(masks, boxes):
        def one(args):
            m, b = args
            px = tf.cast(tf.round(b * 64.0), tf.int32)
            y1, x1 = tf.clip_by_value(px[0], 0, 63), tf.clip_by_value(px[1], 0, 63)
            hh = tf.clip_by_value(px[2] - y1, 1, 64 - y1)
            ww = tf.clip_by_value(px[3] - x1, 1, 64 - x1)
            r = tf.image.resize(m[..., None], tf.stack([hh, ww]))
            return tf.image.pad_to_bounding_box(r, y1, x1, 64, 64)
        full = tf.map_fn(one, (masks, boxes), fn_output_signature=tf.TensorSpec([64, 64, 1], tf.float32))
        return {"full_masks": tf.cast(full[..., 0] > 0.5, tf.uint8)}
    _save(out, {}, serving_default=paste, paste_loop=paste_loop)


FEEDS["s50_mask_paste_inverse_boxes_and_map_fn"] = lambda rng: {
    "serving_default/boxes": _boxes(rng, 8)[None], "paste_loop/boxes": _boxes(rng, 8)}


# ================================================================================ faces

def _blaze_anchors():
    """BlazeFace-style anchors (x, y) for 64x64: 8x8 with 2 per cell, 4x4 with 6 per cell -> 224, fixed unit size"""
    a = []
    for g, k in ((8, 2), (4, 6)):
        for i in range(g):
            for j in range(g):
                a += [[(j + 0.5) / g, (i + 0.5) / g]] * k
    return np.array(a, "float32")


def _blazeface_net(batch=None):
    """BlazeFace-lite: Conv 5x5/2 24, BlazeBlocks (DepthwiseConv 5x5 + Conv 1x1, MaxPool + zero channels concatenated on
    the shortcut when striding / widening), heads on 8x8 (2 anchors) and 4x4 (6 anchors) -> regressors [B,224,16], classificators [B,224,1]"""
    inp = keras.Input((64, 64, 3), batch_size=batch, name="input")

    def block(x, cout, stride=1):
        cin = x.shape[-1]
        h = L.Conv2D(cout, 1)(L.DepthwiseConv2D(5, stride, padding="same")(x))
        sc = L.MaxPooling2D(2)(x) if stride == 2 else x
        if cout > cin:
            sc = L.Lambda(lambda t, p=cout - cin: tf.concat([t, tf.zeros_like(t[..., :p])], -1))(sc)
        return L.ReLU()(L.Add()([h, sc]))
    x = L.ReLU()(L.Conv2D(24, 5, 2, padding="same")(inp))                         # 32
    x = block(block(x, 24), 28)
    x = block(block(x, 32, 2), 36)                                               # 16
    x8 = block(block(x, 48, 2), 48)                                              # 8
    x4 = block(block(x8, 64, 2), 64)                                             # 4
    reg = L.Concatenate(axis=1, name="regressors")([L.Reshape((-1, 16))(L.Conv2D(32, 1)(x8)),
                                                    L.Reshape((-1, 16))(L.Conv2D(96, 1)(x4))])
    cls = L.Concatenate(axis=1, name="classificators")([L.Reshape((-1, 1))(L.Conv2D(2, 1)(x8)),
                                                        L.Reshape((-1, 1))(L.Conv2D(6, 1)(x4))])
    return keras.Model(inp, [reg, cls], name="blazeface")


@model("s50_blazeface_keras_raw_regressors_b1", "keras-export", "BlazeFace-style short-range face detector exported raw as MediaPipe consumes it, input float [1,64,64,3] (fixed batch 1): BlazeBlocks with depthwise 5x5, MaxPooling2D shortcuts and a Lambda concatenating zero channels (tf.zeros_like) to widen them, heads on 8x8 / 4x4 -> regressors [1,224,16] (box + 6 keypoints) and classificators [1,224,1] logits; decoding and weighted NMS left to the app; model.export batch-1 signature")
def b_blaze_keras(out):
    _export(_blazeface_net(batch=1), out, fixed=True)


@model("s50_face_detect_then_landmark_crop", "tf-module", "two-stage face pipeline in one graph, image float [1,64,64,3]: BlazeFace-lite regressors / classificators, anchors constant, MediaPipe-style decode (raw / 64 * anchor size + anchor centre) of box and 6 keypoints, best face by tf.argmax of sigmoid scores, box squared and enlarged 1.5x, tf.image.crop_and_resize of the image to 32x32, landmark CNN -> 5 landmarks in the crop (sigmoid) mapped back to image coordinates; outputs face_box [1,4], face_score, coarse_keypoints [1,6,2], landmarks [1,5,2]")
def b_face_landmarks(out):
    det, anchors = _blazeface_net(), _blaze_anchors()
    lm = keras.Sequential([keras.Input((32, 32, 3)), L.Conv2D(16, 3, 2, padding="same", activation="relu"),
                           L.Conv2D(32, 3, 2, padding="same", activation="relu"), L.Conv2D(32, 3, 2, padding="same", activation="relu"),
                           L.GlobalAveragePooling2D(), L.Dense(10, activation="sigmoid")], name="landmarks")

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def detect(image):
        reg, cls = det(image, training=False)
        reg = reg[0] / 64.0
        scores = tf.sigmoid(tf.clip_by_value(cls[0, :, 0], -100.0, 100.0))
        best = tf.argmax(scores, output_type=tf.int32)
        r, a = reg[best], tf.gather(anchors, best)
        cx, cy, w, h = r[0] + a[0], r[1] + a[1], r[2], r[3]
        kps = tf.reshape(r[4:], [6, 2]) + a
        side = tf.maximum(tf.abs(w), tf.abs(h)) * 1.5 + 1e-3
        crop_box = tf.stack([cy - side / 2, cx - side / 2, cy + side / 2, cx + side / 2])
        crop = tf.image.crop_and_resize(image, crop_box[None], [0], [32, 32])
        pts = tf.reshape(lm(crop, training=False), [5, 2])                            # (x, y) in the crop
        landmarks = tf.stack([crop_box[1] + pts[:, 0] * side, crop_box[0] + pts[:, 1] * side], -1)
        face_box = tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2])
        return {"face_box": face_box[None], "face_score": tf.gather(scores, best)[None], "coarse_keypoints": kps[None],
                "landmarks": landmarks[None]}
    _save(out, {"detector": det, "landmarks": lm}, serving_default=detect)


# ================================================================================ keypoints and CenterNet

def _stride4_net(inp, heads, name):
    """MobileNet-ish torso with a CenterNet-style neck (upsample the stride-8 map, add the stride-4 lateral) -> 16x16
    for 64x64, then one Conv 3x3 relu + Conv 1x1 head per (name, channels, bias)"""
    c3, c4, _ = _mobile_features(inp)
    x = L.Add()([L.Conv2D(32, 1)(c3), L.UpSampling2D(interpolation="bilinear")(L.Conv2D(32, 1)(c4))])
    x = _conv_bn(x, 32, 3, 1, "relu")
    outs = [L.Conv2D(ch, 1, name=n, bias_initializer=keras.initializers.Constant(b))(
        L.Conv2D(32, 3, padding="same", activation="relu")(x)) for n, ch, b in heads]
    return keras.Model(inp, outs, name=name)


@model("s50_centernet_maxpool_peaks_topk_two_sigs", "tf-module", "CenterNet (objects as points) with its decoding in the graph, image float [1,64,64,3]: stride-4 heads heatmap (3 classes, bias -2.19), wh, offset [1,16,16,2]; sigmoid heatmap, 3x3 tf.nn.max_pool2d peak mask (tf.equal), tf.math.top_k(20) over the flattened [1,768], class = index % 3, pixel = index // 3, y / x by // and %, wh / offset tf.gather(batch_dims=1) -> boxes [1,20,4] normalised, scores, classes int32; heatmaps(image) -> sigmoid heatmap, wh, offset for app-side decoding")
def b_centernet(out):
    C, G = 3, 16
    net = _stride4_net(keras.Input((64, 64, 3), name="image"), [("heatmap", C, -2.19), ("wh", 2, 0.0), ("offset", 2, 0.0)],
                       "centernet")
    spec = tensor_spec(IMG, name="image")

    @tf.function(input_signature=[spec])
    def detect(image):
        hm, wh, off = net(image, training=False)
        hm = tf.sigmoid(hm)
        hm = hm * tf.cast(tf.equal(hm, tf.nn.max_pool2d(hm, 3, 1, "SAME")), tf.float32)
        top = tf.math.top_k(tf.reshape(hm, [1, -1]), 20)
        cls, pix = top.indices % C, top.indices // C
        ys, xs = tf.cast(pix // G, tf.float32), tf.cast(pix % G, tf.float32)
        wh_k = tf.gather(tf.reshape(wh, [1, G * G, 2]), pix, batch_dims=1)
        off_k = tf.gather(tf.reshape(off, [1, G * G, 2]), pix, batch_dims=1)
        cx, cy = xs + off_k[..., 0], ys + off_k[..., 1]
        w, h = tf.abs(wh_k[..., 0]), tf.abs(wh_k[..., 1])
        boxes = tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], -1) / G
        return {"boxes": tf.clip_by_value(boxes, 0.0, 1.0), "scores": top.values, "classes": cls}

    @tf.function(input_signature=[spec])
    def heatmaps(image):
        hm, wh, off = net(image, training=False)
        return {"heatmap": tf.sigmoid(hm), "wh": wh, "offset": off}
    _save(out, {"net": net}, serving_default=detect, heatmaps=heatmaps)


@model("s50_posenet_heatmap_argmax_offsets", "tf-module", "PoseNet-style single-pose decoding in the graph, image float [1,64,64,3]: stride-8 heatmaps [1,8,8,17] and offsets [1,8,8,34] (first 17 channels y, last 17 x); per keypoint tf.argmax over the flattened 64 cells, row / col by floordiv / mod, offsets picked with tf.gather_nd, coords = cell * 8 + offset, scores = sigmoid of the max; outputs keypoints [1,17,2] (y, x px), keypoint_scores [1,17], pose_score")
def b_posenet(out):
    K = 17
    inp = keras.Input((64, 64, 3), name="image")
    c4 = _mobile_features(inp)[1]
    net = keras.Model(inp, [L.Conv2D(K, 1, name="heatmaps")(c4), L.Conv2D(2 * K, 1, name="offsets")(c4)])

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def decode(image):
        hm, off = net(image, training=False)
        flat = tf.transpose(tf.reshape(hm[0], [64, K]))                                # [K,64]
        idx = tf.argmax(flat, axis=-1, output_type=tf.int32)
        row, col = idx // 8, idx % 8
        k = tf.range(K)
        oy = tf.gather_nd(off[0], tf.stack([row, col, k], -1))
        ox = tf.gather_nd(off[0], tf.stack([row, col, k + K], -1))
        pts = tf.stack([tf.cast(row, tf.float32) * 8.0 + oy, tf.cast(col, tf.float32) * 8.0 + ox], -1)
        scores = tf.sigmoid(tf.reduce_max(flat, -1))
        return {"keypoints": pts[None], "keypoint_scores": scores[None], "pose_score": tf.reduce_mean(scores)[None]}
    _save(out, {"net": net}, serving_default=decode)


@model("s50_movenet_lite_int32_center_weighted", "tf-module", "MoveNet-SinglePose-style model with its decoding in the graph, input int32 [1,64,64,3] (0..255) cast and scaled; stride-4 heads: person centre heatmap, keypoint regression [16,16,34], keypoint heatmaps [16,16,17], offsets [16,16,34]; centre picked by tf.argmax of the heatmap weighted by 1 / (distance to the image centre + 1.8), regressed keypoints gathered there, keypoint heatmaps re-weighted by 1 / (distance to the regressed keypoint + 1.8), per-keypoint argmax, offsets by tf.gather_nd -> output_0 [1,1,17,3] (y, x normalised, score)")
def b_movenet(out):
    K, G = 17, 16
    net = _stride4_net(keras.Input((64, 64, 3), name="input"), [("center", 1, -2.19), ("regression", 2 * K, 0.0),
                                                               ("keypoint_heatmap", K, -2.19), ("offset", 2 * K, 0.0)], "movenet")
    yy, xx = np.meshgrid(np.arange(G, dtype="float32"), np.arange(G, dtype="float32"), indexing="ij")
    center_weight = 1.0 / (np.sqrt((yy - G / 2 + 0.5) ** 2 + (xx - G / 2 + 0.5) ** 2) + 1.8)

    @tf.function(input_signature=[tensor_spec(IMG, "int32", "input")])
    def serve(input):
        x = tf.cast(input, tf.float32) / 127.5 - 1.0
        ctr, reg, kp_hm, off = net(x, training=False)
        ctr, kp_hm = tf.sigmoid(ctr[0, ..., 0]), tf.sigmoid(kp_hm[0])
        c = tf.argmax(tf.reshape(ctr * center_weight, [-1]), output_type=tf.int32)
        cy, cx = tf.cast(c // G, tf.float32), tf.cast(c % G, tf.float32)
        r = tf.gather(tf.reshape(reg[0], [G * G, K, 2]), c)
        ky, kx = cy + r[:, 0], cx + r[:, 1]
        dist = tf.sqrt(tf.square(yy[..., None] - ky) + tf.square(xx[..., None] - kx))
        best = tf.argmax(tf.reshape(kp_hm / (dist + 1.8), [G * G, K]), axis=0, output_type=tf.int32)
        by, bx, k = best // G, best % G, tf.range(K)
        score = tf.gather_nd(kp_hm, tf.stack([by, bx, k], -1))
        o = tf.gather_nd(tf.reshape(off[0], [G * G, K, 2]), tf.stack([best, k], -1))
        y = (tf.cast(by, tf.float32) + o[:, 0]) / G
        x_ = (tf.cast(bx, tf.float32) + o[:, 1]) / G
        return {"output_0": tf.stack([y, x_, score], -1)[None, None]}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s50_movenet_lite_int32_center_weighted"] = {"input": (0, 256)}


@model("s50_soft_argmax_pose_keras_none_batch", "keras-export", "integral-regression pose net as a Keras functional model, image float [None,64,64,3]: depthwise torso, UpSampling2D to stride 4, Conv 1x1 to 16 heatmaps, custom SoftArgmax2D layer (spatial softmax with a learned beta from add_weight, expectation over normalised x / y grids) -> keypoints [B,16,2] plus confidence = max of the softmax; model.export (None batch)")
def b_soft_argmax(out):
    class SoftArgmax2D(L.Layer):
        def build(self, shape):
            self.beta = self.add_weight(shape=(), initializer=keras.initializers.Constant(10.0), name="beta")

        def call(self, hm):
            h, w, k = hm.shape[1], hm.shape[2], hm.shape[3]
            p = tf.nn.softmax(self.beta * tf.reshape(tf.transpose(hm, [0, 3, 1, 2]), [-1, k, h * w]), axis=-1)
            gy, gx = np.meshgrid((np.arange(h) + 0.5) / h, (np.arange(w) + 0.5) / w, indexing="ij")
            x = tf.reduce_sum(p * gx.reshape(-1).astype("float32"), -1)
            y = tf.reduce_sum(p * gy.reshape(-1).astype("float32"), -1)
            return tf.stack([x, y], -1), tf.reduce_max(p, -1)
    inp = keras.Input((64, 64, 3), name="image")
    c3, c4, _ = _mobile_features(inp)
    x = L.Concatenate()([c3, L.UpSampling2D()(c4)])
    hm = L.Conv2D(16, 1, name="heatmaps")(_conv_bn(x, 32, 3, 1, "relu"))
    kps, conf = SoftArgmax2D(name="soft_argmax")(hm)
    _export(keras.Model(inp, {"keypoints": kps, "confidence": conf}), out)


@model("s50_frozen_v2_hourglass_pose_quarter_offset", "frozen-pb", "hourglass / SimpleBaseline-style pose net with get_max_preds decoding, frozen with convert_variables_to_constants_v2, image float [1,64,64,3]: one hourglass-lite (downsample, upsample, skip add) to 16 heatmaps at 16x16, tf.argmax over the flattened maps, coordinates by // and %, the quarter-pixel shift 0.25 * sign(neighbour difference) with neighbours read by tf.gather_nd on clipped indices, scaled by 4, masked by maxval > 0 -> output nodes keypoints [1,16,2], maxvals [1,16]")
def b_hourglass(out):
    K, G = 16, 16
    inp = keras.Input((64, 64, 3), name="image")
    c3 = _mobile_features(inp)[0]
    d = _conv_bn(L.MaxPooling2D()(c3), 32, 3, 1, "relu")
    d = _conv_bn(L.MaxPooling2D()(d), 32, 3, 1, "relu")
    u = L.Add()([L.UpSampling2D()(d), _conv_bn(L.MaxPooling2D()(c3), 32, 1, 1, "relu")])
    u = L.Add()([L.UpSampling2D()(u), L.Conv2D(32, 1)(c3)])
    net = keras.Model(inp, L.Conv2D(K, 1)(_conv_bn(u, 32, 3, 1, "relu")))

    def fn(image):
        hm = tf.transpose(net(image, training=False)[0], [2, 0, 1])                      # [K,G,G]
        flat = tf.reshape(hm, [K, -1])
        idx, maxvals = tf.argmax(flat, -1, output_type=tf.int32), tf.reduce_max(flat, -1)
        y, x, k = idx // G, idx % G, tf.range(K)

        def at(yy, xx):
            return tf.gather_nd(hm, tf.stack([k, tf.clip_by_value(yy, 0, G - 1), tf.clip_by_value(xx, 0, G - 1)], -1))
        dx, dy = at(y, x + 1) - at(y, x - 1), at(y + 1, x) - at(y - 1, x)
        px = tf.cast(x, tf.float32) + 0.25 * tf.sign(dx)
        py = tf.cast(y, tf.float32) + 0.25 * tf.sign(dy)
        pts = tf.stack([px, py], -1) * 4.0 * tf.cast(maxvals > 0, tf.float32)[:, None]
        return tf.identity(pts[None], name="keypoints"), tf.identity(maxvals[None], name="maxvals")
    _freeze(fn, [tensor_spec(IMG, name="image")], out)


OUTPUTS["s50_frozen_v2_hourglass_pose_quarter_offset"] = ["keypoints", "maxvals"]


# ================================================================================ semantic segmentation

@model("s50_deeplab_lite_uint8_argmax_keras_b1", "keras-export", "DeepLabV3-lite for on-device segmentation, image uint8 [1,64,64,3] (fixed batch 1): Rescaling(1/127.5, offset -1), depthwise torso, ASPP-lite on the 8x8 map (1x1, dilated 3x3 rate 2 and 3, image pooling branch GlobalAveragePooling2D keepdims + UpSampling2D(8)), decoder concat with the 16x16 low-level features, UpSampling2D(4, bilinear) back to 64x64; outputs logits softmax [1,64,64,6] and a Lambda tf.argmax semantic_predictions int32 [1,64,64]; model.export batch-1 signature")
def b_deeplab(out):
    inp = keras.Input((64, 64, 3), batch_size=1, dtype="uint8", name="image")
    c3, c4, _ = _mobile_features(L.Rescaling(1.0 / 127.5, offset=-1.0)(inp))
    pool = L.UpSampling2D(8)(L.Conv2D(32, 1, activation="relu")(L.GlobalAveragePooling2D(keepdims=True)(c4)))
    aspp = L.Concatenate()([L.Conv2D(32, 1, activation="relu")(c4),
                            L.Conv2D(32, 3, padding="same", dilation_rate=2, activation="relu")(c4),
                            L.Conv2D(32, 3, padding="same", dilation_rate=3, activation="relu")(c4), pool])
    x = L.UpSampling2D(interpolation="bilinear")(_conv_bn(aspp, 32, 1, 1, "relu"))
    x = _conv_bn(L.Concatenate()([x, L.Conv2D(16, 1)(c3)]), 32, 3, 1, "relu")
    logits = L.UpSampling2D(4, interpolation="bilinear")(L.Conv2D(6, 1)(x))
    probs = L.Softmax(name="probabilities")(logits)
    pred = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="semantic_predictions")(logits)
    _export(keras.Model(inp, {"probabilities": probs, "semantic_predictions": pred}), out, fixed=True)


def _unet_lite(size, out_ch, name):
    """small U-Net: Conv-BN-ReLU 16 / 32 / 48 with MaxPooling2D, UpSampling2D + Concatenate skips, Conv 1x1 logits"""
    inp = keras.Input((size, size, 3), name="image")
    e1 = _conv_bn(inp, 16, 3, 1, "relu")
    e2 = _conv_bn(L.MaxPooling2D()(e1), 32, 3, 1, "relu")
    b = _conv_bn(L.MaxPooling2D()(e2), 48, 3, 1, "relu")
    d2 = _conv_bn(L.Concatenate()([L.UpSampling2D()(b), e2]), 32, 3, 1, "relu")
    d1 = _conv_bn(L.Concatenate()([L.UpSampling2D()(d2), e1]), 16, 3, 1, "relu")
    return keras.Model(inp, L.Conv2D(out_ch, 1)(d1), name=name)


@model("s50_segmentation_any_size_resize_back", "tf-module", "semantic segmentation serving any image size: serving_default(image float [None,None,None,3]) -> tf.image.resize to 64x64, U-Net-lite logits [B,64,64,5], tf.nn.softmax, tf.image.resize back to tf.shape(image)[1:3] (bilinear), tf.argmax -> class_map uint8 [B,H,W] and probabilities; predict_fixed(image float [1,64,64,3]) -> logits only")
def b_seg_any(out):
    unet = _unet_lite(64, 5, "unet")

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="image")])
    def segment(image):
        probs = tf.nn.softmax(unet(tf.image.resize(image, [64, 64]), training=False))
        probs = tf.image.resize(probs, tf.shape(image)[1:3])
        return {"class_map": tf.cast(tf.argmax(probs, -1), tf.uint8), "probabilities": probs}

    @tf.function(input_signature=[tensor_spec(IMG, name="image")])
    def predict_fixed(image):
        return {"logits": unet(image, training=False)}
    _save(out, {"unet": unet}, serving_default=segment, predict_fixed=predict_fixed)


@model("s50_frozen_v2_selfie_seg_blend_background", "frozen-pb", "selfie / portrait segmentation with background replacement, frozen with convert_variables_to_constants_v2: image float [1,64,64,3] and background [1,64,64,3]; tf.image.resize to 32x32, U-Net-lite -> sigmoid person mask, tf.image.resize back to 64x64 bilinear, alpha blend image * mask + background * (1 - mask) -> output nodes segmentation_mask [1,64,64,1], composite [1,64,64,3]")
def b_selfie(out):
    unet = _unet_lite(32, 1, "selfie")

    def fn(image, background):
        mask = tf.sigmoid(unet(tf.image.resize(image, [32, 32]), training=False))
        mask = tf.image.resize(mask, [64, 64])
        return (tf.identity(mask, name="segmentation_mask"),
                tf.identity(image * mask + background * (1.0 - mask), name="composite"))
    _freeze(fn, [tensor_spec(IMG, name="image"), tensor_spec(IMG, name="background")], out)


OUTPUTS["s50_frozen_v2_selfie_seg_blend_background"] = ["segmentation_mask", "composite"]


# ================================================================================ tracking

@model("s50_sort_iou_greedy_while_loop", "tf-module", "SORT-style association step as a graph, no weights: track_boxes float [8,4] moved by track_velocity [8,4] (constant-velocity predict), track_mask [8] (1 = live), det_boxes [10,4], det_scores [10]; IoU matrix [8,10] masked by live tracks and score > 0.3, greedy matching in a tf.while_loop (global tf.argmax of the flattened matrix, accept if IoU > 0.3, knock out the row and column with tf.where) -> track_to_detection int32 [8] (-1 unmatched), unmatched_detections bool [10], iou_matrix, predicted_boxes")
def b_sort(out):
    T, D = 8, 10

    @tf.function(input_signature=[tensor_spec([T, 4], name="track_boxes"), tensor_spec([T, 4], name="track_velocity"),
                                  tensor_spec([T], name="track_mask"), tensor_spec([D, 4], name="det_boxes"),
                                  tensor_spec([D], name="det_scores")])
    def associate(track_boxes, track_velocity, track_mask, det_boxes, det_scores):
        pred = track_boxes + track_velocity
        iou = _iou(pred, det_boxes) * track_mask[:, None] * tf.cast(det_scores > 0.3, tf.float32)[None]
        rows, cols = tf.range(T)[:, None], tf.range(D)[None, :]

        def body(i, m, assign):
            k = tf.argmax(tf.reshape(m, [-1]), output_type=tf.int32)
            t, d = k // D, k % D
            ok = tf.reshape(m, [-1])[k] > 0.3
            assign = tf.where(ok & (tf.range(T) == t), d, assign)
            m = tf.where(ok & ((rows == t) | (cols == d)), -1.0, tf.where(ok, m, -1.0))
            return i + 1, m, assign
        _, _, assign = tf.while_loop(lambda i, m, a: (i < min(T, D)) & (tf.reduce_max(m) > 0.3), body,
                                     [tf.constant(0), iou, tf.fill([T], -1)])
        matched = tf.reduce_any(tf.range(D)[None] == assign[:, None], axis=0)
        return {"track_to_detection": assign, "unmatched_detections": tf.logical_not(matched), "iou_matrix": iou,
                "predicted_boxes": pred}
    _save(out, {}, serving_default=associate)


FEEDS["s50_sort_iou_greedy_while_loop"] = lambda rng: {
    "track_boxes": _boxes(rng, 8), "track_velocity": rng.normal(0, 0.01, (8, 4)).astype("float32"),
    "track_mask": (rng.random(8) < 0.75).astype("float32"), "det_boxes": _boxes(rng, 10), "det_scores": rng.random(10)}


@model("s50_topk_mutual_matching_dynamic_counts", "tf-module", "Hungarian-free track / detection matching with top_k, dynamic counts: track_boxes float [None,4], track_features [None,32], det_boxes [None,4], det_features [None,32]; Keras Dense projection to 16-d l2-normalised appearance embeddings, similarity = cosine + 0.5 IoU, per-row tf.math.top_k(k=1) and per-column top_k, mutual-best check with tf.gather, plus the tf.math.top_k over the flattened matrix with k = min(T, D) -> matches int32 [T] (-1 unmatched), best_pairs (track, det) [k,2], similarity")
def b_topk_match(out):
    proj = keras.Sequential([keras.Input((32,)), L.Dense(32, activation="relu"), L.Dense(16)], name="reid_projection")

    @tf.function(input_signature=[tensor_spec([None, 4], name="track_boxes"), tensor_spec([None, 32], name="track_features"),
                                  tensor_spec([None, 4], name="det_boxes"), tensor_spec([None, 32], name="det_features")])
    def match(track_boxes, track_features, det_boxes, det_features):
        et = tf.math.l2_normalize(proj(track_features, training=False), -1)
        ed = tf.math.l2_normalize(proj(det_features, training=False), -1)
        sim = tf.matmul(et, ed, transpose_b=True) + 0.5 * _iou(track_boxes, det_boxes)
        row_best = tf.math.top_k(sim, 1).indices[:, 0]
        col_best = tf.math.top_k(tf.transpose(sim), 1).indices[:, 0]
        mutual = tf.equal(tf.gather(col_best, row_best), tf.range(tf.shape(sim)[0]))
        t_n, d_n = tf.shape(sim)[0], tf.shape(sim)[1]
        top = tf.math.top_k(tf.reshape(sim, [-1]), tf.minimum(t_n, d_n))
        return {"matches": tf.where(mutual & (tf.reduce_max(sim, -1) > 0.5), row_best, -1),
                "best_pairs": tf.stack([top.indices // d_n, top.indices % d_n], -1), "similarity": sim}
    _save(out, {"proj": proj}, serving_default=match)


FEEDS["s50_topk_mutual_matching_dynamic_counts"] = lambda rng: {
    "track_boxes": _boxes(rng, 5), "track_features": rng.random((5, 32)), "det_boxes": _boxes(rng, 7),
    "det_features": rng.random((7, 32))}


@model("s50_deepsort_crop_embed_cosine_gate", "tf-module", "DeepSORT-lite association with the appearance model in the graph: image float [1,64,64,3], det_boxes [8,4], track_features [6,32], track_boxes [6,4]; tf.image.crop_and_resize of detections to 32x16 person patches, small re-id CNN -> l2-normalised 32-d embeddings, cosine distance matrix [6,8], IoU gate (IoU < 0.05 -> 1e5) by tf.where, per-track tf.argmin with a 0.4 threshold -> assignments int32 [6], cost_matrix, det_embeddings [8,32]")
def b_deepsort(out):
    reid = keras.Sequential([keras.Input((32, 16, 3)), L.Conv2D(16, 3, padding="same", activation="relu"), L.MaxPooling2D(),
                             L.Conv2D(32, 3, padding="same", activation="relu"), L.MaxPooling2D(),
                             L.Conv2D(32, 3, padding="same", activation="relu"), L.GlobalAveragePooling2D(), L.Dense(32)],
                            name="reid")

    @tf.function(input_signature=[tensor_spec(IMG, name="image"), tensor_spec([8, 4], name="det_boxes"),
                                  tensor_spec([6, 32], name="track_features"), tensor_spec([6, 4], name="track_boxes")])
    def associate(image, det_boxes, track_features, track_boxes):
        patches = tf.image.crop_and_resize(image, det_boxes, tf.zeros([8], tf.int32), [32, 16])
        emb = tf.math.l2_normalize(reid(patches, training=False), -1)
        cost = 1.0 - tf.matmul(tf.math.l2_normalize(track_features, -1), emb, transpose_b=True)
        cost = tf.where(_iou(track_boxes, det_boxes) < 0.05, 1e5, cost)
        best = tf.argmin(cost, -1, output_type=tf.int32)
        return {"assignments": tf.where(tf.reduce_min(cost, -1) < 0.4, best, -1), "cost_matrix": cost, "det_embeddings": emb}
    _save(out, {"reid": reid}, serving_default=associate)


FEEDS["s50_deepsort_crop_embed_cosine_gate"] = lambda rng: {
    "det_boxes": _boxes(rng, 8), "track_boxes": _boxes(rng, 6), "track_features": rng.normal(0, 1, (6, 32))}


@model("s50_kalman_predict_update_iou_assign", "tf-module", "SORT / DeepSORT Kalman filter step in the graph, no weights: serving_default(mean float [8,8] (cx, cy, aspect, h and velocities), covariance [8,8,8], det_boxes [10,4]) -> constant-velocity predict (F P F^T + Q), predicted boxes, IoU against detections, per-track tf.argmax assignment with IoU > 0.3, Kalman update for matched tracks (S = H P H^T + R, gain by tf.linalg.solve, (I - K H) P) selected with tf.where -> mean, covariance, assignment int32; predict(mean, covariance) -> predict step only")
def b_kalman(out):
    F = np.eye(8, dtype="float32")
    F[:4, 4:] = np.eye(4)
    H = np.eye(4, 8, dtype="float32")
    Q, R = (np.eye(8) * 1e-3).astype("float32"), (np.eye(4) * 1e-2).astype("float32")
    mspec, cspec = tensor_spec([8, 8], name="mean"), tensor_spec([8, 8, 8], name="covariance")

    def predict_step(mean, cov):
        return tf.matmul(mean, F, transpose_b=True), tf.matmul(tf.matmul(F, cov), F, transpose_b=True) + Q

    def to_box(m):
        cx, cy, a, h = m[:, 0], m[:, 1], m[:, 2], m[:, 3]
        w = a * h
        return tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], -1)

    @tf.function(input_signature=[mspec, cspec, tensor_spec([10, 4], name="det_boxes")])
    def step(mean, covariance, det_boxes):
        m, P = predict_step(mean, covariance)
        iou = _iou(to_box(m), det_boxes)
        best = tf.argmax(iou, -1, output_type=tf.int32)
        matched = tf.reduce_max(iou, -1) > 0.3
        d = tf.gather(det_boxes, best)
        h, w = d[:, 2] - d[:, 0], d[:, 3] - d[:, 1]
        z = tf.stack([(d[:, 1] + d[:, 3]) / 2, (d[:, 0] + d[:, 2]) / 2, w / tf.maximum(h, 1e-6), h], -1)
        S = tf.matmul(tf.matmul(H, P), H, transpose_b=True) + R                          # [8,4,4]
        PHt = tf.matmul(P, H, transpose_b=True)                                          # [8,8,4]
        K = tf.transpose(tf.linalg.solve(S, tf.transpose(PHt, [0, 2, 1])), [0, 2, 1])     # [8,8,4]
        innov = z - tf.matmul(m, H, transpose_b=True)
        m_new = m + tf.einsum("tij,tj->ti", K, innov)
        P_new = tf.matmul(np.eye(8, dtype="float32") - tf.matmul(K, H), P)
        return {"mean": tf.where(matched[:, None], m_new, m), "covariance": tf.where(matched[:, None, None], P_new, P),
                "assignment": tf.where(matched, best, -1), "predicted_boxes": to_box(m)}

    @tf.function(input_signature=[mspec, cspec])
    def predict(mean, covariance):
        m, P = predict_step(mean, covariance)
        return {"mean": m, "covariance": P, "predicted_boxes": to_box(m)}
    _save(out, {}, serving_default=step, predict=predict)


def _kalman_feed(rng):
    b = _boxes(rng, 8)
    h, w = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    mean = np.zeros((8, 8), "float32")
    mean[:, :4] = np.stack([(b[:, 1] + b[:, 3]) / 2, (b[:, 0] + b[:, 2]) / 2, w / h, h], -1)
    mean[:, 4:] = rng.normal(0, 0.005, (8, 4))
    dets = np.concatenate([b + rng.normal(0, 0.01, b.shape), _boxes(rng, 2)]).astype("float32")
    return {"mean": mean, "covariance": np.tile(np.eye(8, dtype="float32") * 0.01, (8, 1, 1)), "det_boxes": dets}


FEEDS["s50_kalman_predict_update_iou_assign"] = _kalman_feed


# ================================================================================ TF1-era graphs

@model("s50_tf1_ssdlite_tfod_postprocess_frozen", "frozen-pb", "TF1 Object Detection API-style SSDLite graph frozen with graph_util.convert_variables_to_constants: image_tensor uint8 [1,64,64,3] placeholder, tf.cast + (2/255) x - 1, slim-style get_variable depthwise-separable convs with BatchNorm variables and relu6, box / class predictors on 8x8 and 4x4, anchors constant, FasterRcnnBoxCoder decode, sigmoid scores, per-class tf.image.non_max_suppression unrolled over 4 classes, concat, top_k(min(10, n)), pad -> detection_boxes [1,10,4], detection_scores, detection_classes (float, 1-based), num_detections")
def b_tf1_ssdlite(out):
    anchors = _ssd64()

    def build():
        v1 = tf.compat.v1
        image = v1.placeholder(tf.uint8, [1, 64, 64, 3], name="image_tensor")
        x = tf.cast(image, tf.float32) * (2.0 / 255.0) - 1.0
        with v1.variable_scope("FeatureExtractor/MobilenetV2"):
            x = _v1_conv(x, "Conv", 16, 3, 2)
            feats = []
            for i, f in enumerate((24, 32, 48)):
                x = _v1_conv(x, f"expanded_conv_{i}/depthwise", 0, 3, 2, depthwise=True)
                x = _v1_conv(x, f"expanded_conv_{i}/project", f, 1)
                feats.append(x)
        enc, cls = [], []
        for i, f in enumerate(feats[1:]):
            with v1.variable_scope(f"BoxPredictor_{i}"):
                enc.append(tf.reshape(_v1_conv(_v1_conv(f, "BoxEncodingPredictor_depthwise", 0, 3, depthwise=True),
                                               "BoxEncodingPredictor", 12, 1, act=None, bn=False), [1, -1, 4]))
                cls.append(tf.reshape(_v1_conv(_v1_conv(f, "ClassPredictor_depthwise", 0, 3, depthwise=True),
                                               "ClassPredictor", 3 * (NC + 1), 1, act=None, bn=False), [1, -1, NC + 1]))
        boxes = _decode_center(tf.concat(enc, 1), anchors)[0]
        probs = tf.sigmoid(tf.concat(cls, 1))[0, :, 1:]
        with v1.name_scope("Postprocessor"):
            bs, ss, cs = [], [], []
            for c in range(NC):
                sel = tf.image.non_max_suppression(boxes, probs[:, c], 10, 0.6, 0.3)
                bs.append(tf.gather(boxes, sel))
                ss.append(tf.gather(probs[:, c], sel))
                cs.append(tf.fill(tf.shape(sel), float(c + 1)))
            b, s, c = tf.concat(bs, 0), tf.concat(ss, 0), tf.concat(cs, 0)
            k = tf.minimum(10, tf.shape(s)[0])
            top = tf.math.top_k(s, k)
        return [tf.identity(_pad_to(tf.gather(b, top.indices), 10)[None], name="detection_boxes"),
                tf.identity(_pad_to(top.values, 10)[None], name="detection_scores"),
                tf.identity(_pad_to(tf.gather(c, top.indices), 10)[None], name="detection_classes"),
                tf.identity(tf.cast(k, tf.float32)[None], name="num_detections")]
    _v1_freeze(out, build)


OUTPUTS["s50_tf1_ssdlite_tfod_postprocess_frozen"] = ["detection_boxes", "detection_scores", "detection_classes", "num_detections"]


@model("s50_tf1_yolov3_tiny_detection_layer_frozen", "frozen-pb", "TF1 yolov3-tiny port (tensorflow-yolo-v3 style) frozen with graph_util.convert_variables_to_constants: placeholder inputs float [None,64,64,3], get_variable convs + BatchNorm + leaky_relu(0.1) + max_pool, upsample by tf.compat.v1.image.resize_nearest_neighbor + concat route, two detection layers whose grid comes from tf.shape (tf.range + tf.meshgrid, tiled anchor offsets), sigmoid xy + grid times stride, exp(wh) * anchors; output_boxes [None,240,9] as (x0, y0, x1, y1, confidence, 4 class probs), NMS left to Python")
def b_tf1_yolo_tiny(out):
    def build():
        v1 = tf.compat.v1
        inputs = v1.placeholder(tf.float32, [None, 64, 64, 3], name="inputs")
        x = inputs / 255.0
        with v1.variable_scope("detector/yolo-v3-tiny"):
            for i, f in enumerate((8, 16, 32)):
                x = tf.nn.max_pool2d(_v1_conv(x, f"Conv_{i}", f, 3, act="leaky"), 2, 2, "SAME")
            route = x                                                                  # stride 8
            x = tf.nn.max_pool2d(_v1_conv(x, "Conv_3", 48, 3, act="leaky"), 2, 2, "SAME")  # stride 16
            x = _v1_conv(x, "Conv_4", 64, 3, act="leaky")
            det1 = _v1_conv(x, "Conv_5", 3 * (5 + NC), 1, act=None, bn=False)
            up = v1.image.resize_nearest_neighbor(_v1_conv(x, "Conv_6", 16, 1, act="leaky"), tf.shape(route)[1:3])
            det2 = _v1_conv(_v1_conv(tf.concat([up, route], -1), "Conv_7", 32, 3, act="leaky"), "Conv_8",
                            3 * (5 + NC), 1, act=None, bn=False)

        def detection_layer(pred, anchors):
            shape = tf.shape(pred)
            gh, gw = shape[1], shape[2]
            stride = 64.0 / tf.cast(gh, tf.float32)
            p = tf.reshape(pred, [-1, gh * gw * 3, 5 + NC])
            centers, sizes, conf, classes = tf.split(p, [2, 2, 1, NC], axis=-1)
            a, b = tf.meshgrid(tf.range(gw, dtype=tf.float32), tf.range(gh, dtype=tf.float32))
            offs = tf.concat([tf.reshape(a, [-1, 1]), tf.reshape(b, [-1, 1])], -1)
            offs = tf.reshape(tf.tile(offs, [1, 3]), [1, -1, 2])
            centers = (tf.sigmoid(centers) + offs) * stride
            sizes = tf.exp(sizes) * tf.tile(np.asarray(anchors, "float32"), [gh * gw, 1])
            return tf.concat([centers, sizes, tf.sigmoid(conf), tf.sigmoid(classes)], -1)
        det = tf.concat([detection_layer(det2, YOLO_ANCHORS[0]), detection_layer(det1, YOLO_ANCHORS[1])], 1)
        cx, cy, w, h, rest = tf.split(det, [1, 1, 1, 1, 1 + NC], axis=-1)
        return [tf.concat([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, rest], -1, name="output_boxes")]
    _v1_freeze(out, build)


OUTPUTS["s50_tf1_yolov3_tiny_detection_layer_frozen"] = ["output_boxes"]


@model("s50_tf1_map_fn_batch_nms_frozen", "frozen-pb", "TF1 batch detector frozen with graph_util.convert_variables_to_constants: placeholder images float [None,64,64,3], get_variable conv torso and 8x8 / 4x4 predictors, decode, softmax over background + 4 classes, tf.map_fn over the batch of (boxes, scores, classes) running tf.image.non_max_suppression (V3, 10, iou 0.5, score 0.3) with results padded by tf.pad to fixed [10,4] / [10] (dtype tuple) -> detection_boxes [None,10,4], detection_scores, detection_classes int32, num_detections")
def b_tf1_map_fn(out):
    anchors = _ssd64()

    def build():
        v1 = tf.compat.v1
        images = v1.placeholder(tf.float32, [None, 64, 64, 3], name="images")
        x, feats = images, []
        for i, f in enumerate((16, 24, 32, 48)):
            x = _v1_conv(x, f"conv{i}", f, 3, 2, act="relu")
            feats.append(x)
        enc = [tf.reshape(_v1_conv(f, f"box{i}", 12, 3, act=None, bn=False), [tf.shape(images)[0], -1, 4])
               for i, f in enumerate(feats[2:])]
        cls = [tf.reshape(_v1_conv(f, f"cls{i}", 3 * (NC + 1), 3, act=None, bn=False), [tf.shape(images)[0], -1, NC + 1])
               for i, f in enumerate(feats[2:])]
        boxes = _decode_center(tf.concat(enc, 1), anchors)
        probs = tf.nn.softmax(tf.concat(cls, 1))[..., 1:]
        scores, classes = tf.reduce_max(probs, -1), tf.argmax(probs, -1, output_type=tf.int32)

        def one(args):
            b, s, c = args
            sel = tf.image.non_max_suppression(b, s, 10, 0.5, 0.3)
            n = tf.shape(sel)[0]
            return (tf.reshape(tf.pad(tf.gather(b, sel), [[0, 10 - n], [0, 0]]), [10, 4]),
                    tf.reshape(tf.pad(tf.gather(s, sel), [[0, 10 - n]]), [10]),
                    tf.reshape(tf.pad(tf.gather(c, sel), [[0, 10 - n]], constant_values=-1), [10]), n)
        b, s, c, n = tf.map_fn(one, (boxes, scores, classes), dtype=(tf.float32, tf.float32, tf.int32, tf.int32))
        return [tf.identity(b, name="detection_boxes"), tf.identity(s, name="detection_scores"),
                tf.identity(c, name="detection_classes"), tf.identity(n, name="num_detections")]
    _v1_freeze(out, build)


OUTPUTS["s50_tf1_map_fn_batch_nms_frozen"] = ["detection_boxes", "detection_scores", "detection_classes", "num_detections"]


@model("s50_tf1_face_ssd_crop_landmarks_frozen", "frozen-pb", "TF1 face detector + landmark refiner in one frozen graph (graph_util.convert_variables_to_constants): placeholder image float [1,64,64,3], get_variable conv torso, single-class SSD on 8x8 (2 anchors) decoded, tf.image.non_max_suppression (V3, 4, iou 0.4, score 0.5 via the v1 API) padded to 4 faces, tf.image.crop_and_resize 24x24 per face, a shared landmark conv net -> 5 points per face mapped back to image coordinates -> face_boxes [4,4], face_scores [4], landmarks [4,5,2], num_faces")
def b_tf1_face(out):
    anchors = _ssd_anchors([8], [0.3], (1.0, 0.8))

    def build():
        v1 = tf.compat.v1
        image = v1.placeholder(tf.float32, [1, 64, 64, 3], name="image")
        x = image
        for i, f in enumerate((16, 24, 32)):
            x = _v1_conv(x, f"det/conv{i}", f, 3, 2, act="relu")
        enc = tf.reshape(_v1_conv(x, "det/box", 8, 3, act=None, bn=False), [-1, 4])
        score = tf.sigmoid(tf.reshape(_v1_conv(x, "det/cls", 2, 3, act=None, bn=False), [-1]))
        boxes = tf.clip_by_value(_decode_center(enc, anchors), 0.0, 1.0)
        sel = v1.image.non_max_suppression(boxes, score, 4, iou_threshold=0.4, score_threshold=0.5)
        n = tf.shape(sel)[0]
        fb = tf.reshape(tf.pad(tf.gather(boxes, sel), [[0, 4 - n], [0, 0]]), [4, 4])
        fs = tf.reshape(tf.pad(tf.gather(score, sel), [[0, 4 - n]]), [4])
        crops = tf.image.crop_and_resize(image, fb, tf.zeros([4], tf.int32), [24, 24])
        h = crops
        for i, f in enumerate((16, 32)):
            h = _v1_conv(h, f"lmk/conv{i}", f, 3, 2, act="relu")
        h = tf.reduce_mean(h, axis=[1, 2])
        with v1.variable_scope("lmk/fc"):
            w = v1.get_variable("weights", [32, 10], initializer=v1.glorot_uniform_initializer())
            pts = tf.reshape(tf.sigmoid(tf.matmul(h, w)), [4, 5, 2])
        lm = tf.stack([fb[:, None, 0] + pts[..., 0] * (fb[:, None, 2] - fb[:, None, 0]),
                       fb[:, None, 1] + pts[..., 1] * (fb[:, None, 3] - fb[:, None, 1])], -1)
        return [tf.identity(fb, name="face_boxes"), tf.identity(fs, name="face_scores"),
                tf.identity(lm, name="landmarks"), tf.identity(n, name="num_faces")]
    _v1_freeze(out, build)


OUTPUTS["s50_tf1_face_ssd_crop_landmarks_frozen"] = ["face_boxes", "face_scores", "landmarks", "num_faces"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
