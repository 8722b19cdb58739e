"""Build an independently made corpus into bench/out/fresh29/: on-device dense-prediction, landmark and video models -- what
mobile and edge vision teams convert to TFLite (often full-integer int8) -- written the way those teams write them. Pose and
landmarks (a MoveNet-like center / heatmap / offset decoder with tf.argmax over flattened heatmaps unravelled by floordiv /
floormod and tf.gather_nd, PoseNet with tf.unravel_index on dynamic shapes, BlazeFace / BlazePalm anchor decoding with
constant anchors and non_max_suppression_padded, face-mesh and hand-landmark regressors with sigmoid presence scores, a 3D
soft-argmax, an HRNet-lite, a TF1 convolutional pose machine); OCR (CRNN with Keras Bidirectional LSTM / GRU and
tf.nn.ctc_greedy_decoder or argmax + collapse by hand, a TF1 CRNN with the LSTM unrolled in Python, DB-net probability /
threshold maps, EAST rotated-box geometry); depth, super-resolution, matting and segmentation (ESPCN and EDSR pixel
shuffles with tf.nn.depth_to_space, FSRCNN with Conv2DTranspose in YCbCr, MiDaS-like and FastDepth decoders with bilinear /
nearest resizes through tf.image.resize and raw ResizeBilinear / ResizeNearestNeighbor with align_corners or
half_pixel_centers, guided filters with cumsum and avg_pool box filters, DeepLab ASPP with atrous convs and image pooling,
a TF1 DeepLab with its resize / pad preprocessing subgraph, BiSeNet, a selfie segmenter); correlation and matching
(FlowNet cost volumes from tf.image.extract_patches, PWC-style shifted-slice cost volumes with bilinear warping by
gather_nd, a RAFT-like all-pairs correlation pyramid with ConvGRU updates, SuperPoint NMS + top_k + descriptor sampling,
a mutual-nearest-neighbour matcher with ratio test, GeM retrieval pooling, a FaceNet-style L2-normalized embedding with a
gallery top_k); video (C3D, R(2+1)D written with tf.nn.conv3d, temporal shift by slice + concat and by tf.roll, a
MoViNet-like causal stream model with stream buffers passed in and out, SlowFast, Keras ConvLSTM2D, frame differencing
with a tf.cond gate, a TF1 ConvLSTM cell unrolled). Deployment variants: fixed 1xHxWx3 and dynamic [None,None,None,3]
inputs, uint8 / int32 / float32 images normalized in the graph, several signatures, hand-inserted
fake_quant_with_min_max_args / _vars (QAT style) and quantize_and_dequantize_v2 (QDQ style). Exported as tf.saved_model.save
of tf.Modules with tf.function signatures, Keras 3 model.export, tf.saved_model.save of Keras models, TF1 graphs frozen with
graph_util.convert_variables_to_constants and TF2 functions frozen with convert_variables_to_constants_v2. Seeded random
weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh29.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh29.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh29.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh29.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh29.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh29", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values: model -> {input name (or "signature/input"): value or (low, high)} or callable(rng) -> such a
# dict. Used by --check and by the run each model gets while it is built; anything else gets generic dummies.
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _run_keras(m, out, sig=None):
    specs = sig or [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)


def _export(m, out, sig=None):
    """run the Keras model once (inference) on the --check inputs, then model.export (sig keeps a fixed batch)"""
    _run_keras(m, out, sig)
    keras_export(m, out, sig=sig)


def _saved(m, out):
    """run the Keras model once, then plain tf.saved_model.save(keras_model, path) (signature from the model's inputs)"""
    _run_keras(m, out)
    tf.saved_model.save(m, str(out))


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


def _v1_conv(x, name, cout, k=3, s=1, rate=1, act="relu"):
    """TF1 conv layer: get_variable weights (glorot) / biases (zeros), conv2d SAME + bias_add, relu by default"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        y = tf.nn.bias_add(tf.nn.conv2d(x, w, s, "SAME", dilations=rate), b)
        return tf.nn.relu(y) if act == "relu" else y


def _v1_lin(x, name, cout):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        return tf.matmul(x, w) + v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())


def _cbr(x, f, k=3, s=1, d=1, act="relu"):
    """Keras Conv2D (no bias) + BatchNormalization + activation"""
    x = L.BatchNormalization()(L.Conv2D(f, k, s, padding="same", dilation_rate=d, use_bias=False)(x))
    return L.Activation(act)(x) if act else x


def _dws(x, f, s=1, k=3, act="relu6"):
    """MobileNet depthwise-separable block: DepthwiseConv2D + BN + act, 1x1 Conv2D + BN + act"""
    x = L.Activation(act)(L.BatchNormalization()(L.DepthwiseConv2D(k, s, padding="same", use_bias=False)(x)))
    return _cbr(x, f, k=1, act=act)


def _pad_ch(x, f):
    """zero-pad channels up to f (BlazeFace / face-mesh residual shortcuts) by concatenating zeros; the tf.pad form of
    this shortcut crashes the oneDNN CPU runtime of TF 2.21 (segfault) inside these blocks, so ports written this way are used"""
    c = x.shape[-1]
    return x if f == c else L.Lambda(lambda t: tf.concat([t, tf.zeros_like(t[..., :f - c])], -1),
                                     output_shape=tuple(x.shape[1:-1]) + (f,))(x)


def _vars(rng, shape, name, std=None):
    """a he-normal tf.Variable (conv kernels, dense weights) or zeros when std == 0"""
    std = np.sqrt(2.0 / np.prod(shape[:-1])) if std is None else std
    return tf.Variable(rng.normal(0, std, shape).astype("float32") if std else np.zeros(shape, "float32"), name=name)


def _bilinear_sample(img, xy):
    """img [N,H,W,C], xy [N,P,2] pixel coordinates (x, y) -> [N,P,C]: the four corners by tf.gather_nd(batch_dims=1),
    clamped at the border, blended with the fractional parts (grid_sample written by hand)"""
    h, w = tf.shape(img)[1], tf.shape(img)[2]
    x, y = xy[..., 0], xy[..., 1]
    x0, y0 = tf.floor(x), tf.floor(y)
    wx, wy = (x - x0)[..., None], (y - y0)[..., None]

    def at(yy, xx):
        yi = tf.clip_by_value(tf.cast(yy, tf.int32), 0, h - 1)
        xi = tf.clip_by_value(tf.cast(xx, tf.int32), 0, w - 1)
        return tf.gather_nd(img, tf.stack([yi, xi], -1), batch_dims=1)
    return ((1 - wy) * ((1 - wx) * at(y0, x0) + wx * at(y0, x0 + 1))
            + wy * ((1 - wx) * at(y0 + 1, x0) + wx * at(y0 + 1, x0 + 1)))


def _box_cumsum(x, r):
    """box sum of radius r over H and W by tf.cumsum and shifted differences (the guided-filter paper's box filter)"""
    for ax in (1, 2):
        c = tf.cumsum(x, axis=ax)
        sl = lambda a, b: c[:, a:b] if ax == 1 else c[:, :, a:b]  # noqa: E731
        x = tf.concat([sl(r, 2 * r + 1), sl(2 * r + 1, None) - sl(None, -2 * r - 1), sl(-1, None) - sl(-2 * r - 1, -r - 1)], ax)
    return x


def _grid(n):
    """(gy, gx) float32 [n,n] integer coordinate grids (np.meshgrid, ij indexing)"""
    return np.meshgrid(np.arange(n, dtype="float32"), np.arange(n, dtype="float32"), indexing="ij")


def _anchors(sizes_counts):
    """SSD anchors as the MediaPipe calculator lays them out: for each feature map (size, anchors per cell) the cell
    centres ((j + 0.5) / size, (i + 0.5) / size), row-major, repeated per anchor; fixed anchor size 1 -> [N,2] (x, y)"""
    out = []
    for fm, n in sizes_counts:
        for i in range(fm):
            for j in range(fm):
                out += [((j + 0.5) / fm, (i + 0.5) / fm)] * n
    return np.array(out, "float32")


# ================================================================================ pose and landmarks

@model("v29_movenet_int32_center_heatmap_decode", "tf-module", "MoveNet-Lightning-like single-pose tf.Module, input int32 [1,192,192,3] (0-255, as the TF Hub model takes): cast / 127.5 - 1, Keras MobileNet-style depthwise-separable backbone with a bilinear UpSampling2D FPN to 48x48; heads center and keypoint heatmaps (sigmoid), center regression, offsets; decode as MoveNet does: tf.argmax over the flattened center heatmap unravelled by floordiv / floormod, tf.gather_nd of the regression there, heatmaps reweighted by 1 / (distance to the regressed joints + 1.8) on a constant coordinate grid, per-joint argmax over 48*48, tf.gather_nd of offsets and scores -> output_0 [1,1,17,3] (y, x, score)")
def b_movenet(out):
    inp = keras.Input((192, 192, 3), batch_size=1)
    c48 = _dws(_dws(_cbr(inp, 16, s=2), 24, s=2), 24)
    c24 = _dws(c48, 32, s=2)
    c12 = _dws(_dws(c24, 64, s=2), 64)
    p = L.Add()([L.UpSampling2D(interpolation="bilinear")(L.Conv2D(32, 1)(c12)), L.Conv2D(32, 1)(c24)])
    p = _dws(L.Add()([L.UpSampling2D(interpolation="bilinear")(p), L.Conv2D(32, 1)(c48)]), 32, act="relu")
    net = keras.Model(inp, [L.Conv2D(n, 1, activation=a)(_dws(p, 32)) for n, a in ((1, "sigmoid"), (17, "sigmoid"), (34, None),
                                                                                    (34, None))])
    yy, xx = _grid(48)

    @tf.function(input_signature=[tensor_spec([1, 192, 192, 3], "int32", "input")])
    def serve(input):  # noqa: A002 - the TF Hub MoveNet input name
        center, heat, reg, off = net(tf.cast(input, tf.float32) / 127.5 - 1.0, training=False)
        ci = tf.argmax(tf.reshape(center, [1, -1]), axis=1, output_type=tf.int32)
        cy, cx = tf.math.floordiv(ci, 48), tf.math.floormod(ci, 48)
        r = tf.reshape(tf.gather_nd(reg, tf.stack([tf.zeros_like(cy), cy, cx], -1)), [1, 17, 2])
        ky, kx = tf.cast(cy, tf.float32)[:, None] + r[..., 0], tf.cast(cx, tf.float32)[:, None] + r[..., 1]
        d = tf.sqrt(tf.square(yy[None, :, :, None] - ky[:, None, None, :]) + tf.square(xx[None, :, :, None] - kx[:, None, None, :]))
        idx = tf.argmax(tf.reshape(tf.transpose(heat / (d + 1.8), [0, 3, 1, 2]), [1, 17, 48 * 48]), axis=-1, output_type=tf.int32)
        py, px = tf.math.floordiv(idx, 48), tf.math.floormod(idx, 48)
        at = tf.stack([tf.zeros_like(py), py, px, tf.range(17)[None]], -1)
        o, s = tf.gather_nd(tf.reshape(off, [1, 48, 48, 17, 2]), at), tf.gather_nd(heat, at)
        kp = tf.stack([(tf.cast(py, tf.float32) + o[..., 0]) / 48.0, (tf.cast(px, tf.float32) + o[..., 1]) / 48.0, s], -1)
        return {"output_0": kp[:, None]}
    _save(out, {"net": net}, serving_default=serve)


@model("v29_posenet_dynamic_unravel_two_signatures", "tf-module", "PoseNet (MobileNet, output stride 16) tf.Module on dynamic images float [None,None,None,3] (0-255, scaled to [-1,1]), two signatures: serving_default -> raw heatmaps (sigmoid, 17) / offsets (34, y then x) / displacement_fwd / displacement_bwd (32); single_pose -> per-part argmax over the flattened heatmaps, tf.unravel_index with dims from tf.shape, tf.gather_nd of the offsets with (batch, y, x, part) indices, image coordinates = cell * 16 + offset; keypoints [None,17,2], keypoint_scores, pose_score")
def b_posenet(out):
    inp = keras.Input((None, None, 3))
    x = _cbr(inp, 16, s=2)
    for f, s in ((24, 2), (32, 2), (32, 1), (64, 2), (64, 1), (64, 1)):
        x = _dws(x, f, s=s)
    net = keras.Model(inp, {"heatmaps": L.Conv2D(17, 1, activation="sigmoid")(x), "offsets": L.Conv2D(34, 1)(x),
                            "displacement_fwd": L.Conv2D(32, 1)(x), "displacement_bwd": L.Conv2D(32, 1)(x)})
    spec = [tensor_spec([None, None, None, 3], name="image")]

    @tf.function(input_signature=spec)
    def raw(image):
        return net(image * (2.0 / 255.0) - 1.0, training=False)

    @tf.function(input_signature=spec)
    def single_pose(image):
        o = net(image * (2.0 / 255.0) - 1.0, training=False)
        shp = tf.shape(o["heatmaps"])
        b, h, w = shp[0], shp[1], shp[2]
        flat = tf.reshape(tf.transpose(o["heatmaps"], [0, 3, 1, 2]), [b * 17, h * w])
        yx = tf.reshape(tf.transpose(tf.unravel_index(tf.argmax(flat, -1, output_type=tf.int32), tf.stack([h, w]))), [b, 17, 2])
        idx = tf.stack([tf.tile(tf.range(b)[:, None], [1, 17]), yx[..., 0], yx[..., 1], tf.tile(tf.range(17)[None], [b, 1])], -1)
        off = tf.stack([tf.gather_nd(o["offsets"][..., :17], idx), tf.gather_nd(o["offsets"][..., 17:], idx)], -1)
        scores = tf.reshape(tf.reduce_max(flat, -1), [b, 17])
        return {"keypoints": tf.cast(yx, tf.float32) * 16.0 + off, "keypoint_scores": scores,
                "pose_score": tf.reduce_mean(scores, -1)}
    _save(out, {"net": net}, serving_default=raw, single_pose=single_pose)


@model("v29_blazeface_anchor_decode_nms_frozen", "frozen-pb", "BlazeFace front model frozen with convert_variables_to_constants_v2, fixed float [1,128,128,3] in [-1,1]: Keras BlazeBlocks (5x5 DepthwiseConv2D + 1x1 Conv2D, MaxPooling2D on stride-2 shortcuts, channels zero-padded by concat with tf.zeros_like), heads on 16x16 (2 anchors) and 8x8 (6 anchors) reshaped and concatenated -> classificators [1,896,1] / regressors [1,896,16]; decode against 896 constant anchors (box centre / size and 6 keypoints / 128 + anchor), sigmoid(clip(-100, 100)) scores, tf.image.non_max_suppression_padded (10, iou 0.3, score 0.5) and tf.gather -> detection_boxes, detection_keypoints, detection_scores, num_detections")
def b_blazeface(out):
    def blaze(x, f, s=1):
        y = L.Conv2D(f, 1)(L.DepthwiseConv2D(5, s, padding="same")(x))
        sc = _pad_ch(L.MaxPooling2D()(x) if s == 2 else x, f)
        return L.ReLU()(L.Add()([y, sc]))
    inp = keras.Input((128, 128, 3), batch_size=1)
    x = L.ReLU()(L.Conv2D(24, 5, 2, padding="same")(inp))
    for f, s in ((24, 1), (28, 1), (32, 2), (36, 1), (42, 1), (48, 2), (56, 1), (64, 1), (88, 1)):
        x = blaze(x, f, s)
    f16 = x
    for f, s in ((96, 2), (96, 1), (96, 1)):
        x = blaze(x, f, s)
    cls = L.Concatenate(1)([L.Reshape((512, 1))(L.Conv2D(2, 1)(f16)), L.Reshape((384, 1))(L.Conv2D(6, 1)(x))])
    reg = L.Concatenate(1)([L.Reshape((512, 16))(L.Conv2D(32, 1)(f16)), L.Reshape((384, 16))(L.Conv2D(96, 1)(x))])
    net = keras.Model(inp, [cls, reg])
    anchors = _anchors([(16, 2), (8, 6)])

    def fn(input):  # noqa: A002
        cls, reg = net(input, training=False)
        cls, reg = tf.identity(cls, name="classificators"), tf.identity(reg, name="regressors")
        xc, yc = reg[0, :, 0] / 128.0 + anchors[:, 0], reg[0, :, 1] / 128.0 + anchors[:, 1]
        w, h = reg[0, :, 2] / 128.0, reg[0, :, 3] / 128.0
        boxes = tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1)
        kps = tf.reshape(reg[0, :, 4:], [896, 6, 2]) / 128.0 + anchors[:, None, :]
        scores = tf.sigmoid(tf.clip_by_value(cls[0, :, 0], -100.0, 100.0))
        keep, n = tf.image.non_max_suppression_padded(boxes, scores, 10, iou_threshold=0.3, score_threshold=0.5,
                                                      pad_to_max_output_size=True)
        return [tf.identity(tf.gather(boxes, keep), name="detection_boxes"), tf.identity(tf.gather(kps, keep), name="detection_keypoints"),
                tf.identity(tf.gather(scores, keep), name="detection_scores"), tf.identity(n, name="num_detections")]
    _freeze(fn, [tensor_spec([1, 128, 128, 3], name="input")], out)


OUTPUTS["v29_blazeface_anchor_decode_nms_frozen"] = ["classificators", "regressors", "detection_boxes", "detection_keypoints",
                                                     "detection_scores", "num_detections"]


@model("v29_blazepalm_fpn_anchor_decoder_layer", "keras-export", "BlazePalm-like palm detector, float [None,128,128,3]: Keras backbone of depthwise-separable blocks to strides 8 / 16, FPN with Conv2DTranspose(stride 2) + Add, heads 2 anchors on 16x16 and 6 on 8x8; custom AnchorDecoder layer holding 896 constant anchors decodes boxes (centre / size / 128 + anchor) and 7 palm keypoints, sigmoid scores, and the best detection by tf.argmax + tf.gather(batch_dims=1); outputs boxes [None,896,4], keypoints [None,896,7,2], scores, best_box; model.export")
def b_blazepalm(out):
    anchors = _anchors([(16, 2), (8, 6)])

    class AnchorDecoder(L.Layer):
        def call(self, cls, reg):
            xc, yc = reg[..., 0] / 128.0 + anchors[:, 0], reg[..., 1] / 128.0 + anchors[:, 1]
            w, h = reg[..., 2] / 128.0, reg[..., 3] / 128.0
            boxes = tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1)
            kps = tf.reshape(reg[..., 4:], [-1, 896, 7, 2]) / 128.0 + anchors[:, None, :]
            scores = tf.sigmoid(cls[..., 0])
            best = tf.gather(boxes, tf.argmax(scores, -1, output_type=tf.int32), batch_dims=1)
            return {"boxes": boxes, "keypoints": kps, "scores": scores, "best_box": best}
    inp = keras.Input((128, 128, 3), name="image")
    x = _dws(_dws(_cbr(inp, 16, s=2), 24, s=2), 32)
    c16 = _dws(_dws(x, 48, s=2), 48)
    c8 = _dws(_dws(c16, 64, s=2), 64)
    p16 = _cbr(L.Add()([L.Conv2DTranspose(48, 2, strides=2)(c8), c16]), 48)
    cls = L.Concatenate(1)([L.Reshape((512, 1))(L.Conv2D(2, 1)(p16)), L.Reshape((384, 1))(L.Conv2D(6, 1)(c8))])
    reg = L.Concatenate(1)([L.Reshape((512, 18))(L.Conv2D(36, 1)(p16)), L.Reshape((384, 18))(L.Conv2D(108, 1)(c8))])
    _export(keras.Model(inp, AnchorDecoder()(cls, reg)), out)


@model("v29_facemesh_prelu_landmarks_fixed_batch", "keras-export", "face-mesh-like landmark regressor, fixed float [1,192,192,3] kept by the export signature: Conv2D + PReLU(shared_axes) stem, residual blocks (DepthwiseConv2D 3x3 + 1x1 Conv2D, MaxPooling2D + channel zero-padding (concat of zeros) shortcuts, PReLU) down to 3x3; heads Conv2D(1404, 3, valid) reshaped to landmarks [1,468,3] (pixels) and Conv2D(1, 3, valid) -> sigmoid face_presence [1,1]; model.export")
def b_facemesh(out):
    def block(x, f, s=1):
        y = L.Conv2D(f, 1)(L.DepthwiseConv2D(3, s, padding="same")(x))
        return L.PReLU(shared_axes=[1, 2])(L.Add()([y, _pad_ch(L.MaxPooling2D()(x) if s == 2 else x, f)]))
    inp = keras.Input((192, 192, 3), batch_size=1, name="input_1")
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(16, 3, 2, padding="same")(inp))
    for f, s in ((16, 1), (32, 2), (32, 1), (64, 2), (64, 1), (64, 2), (64, 1), (96, 2), (96, 1), (96, 2)):
        x = block(x, f, s)
    marks = L.Reshape((468, 3), name="landmarks")(L.Conv2D(1404, 3, padding="valid")(x))
    face = L.Activation("sigmoid", name="face_presence")(L.Reshape((1,))(L.Conv2D(1, 3, padding="valid")(x)))
    _export(keras.Model(inp, {"landmarks": marks, "face_presence": face}), out, sig=[tensor_spec([1, 192, 192, 3], name="input_1")])


@model("v29_hand_landmark_qat_fake_quant_vars", "tf-module", "hand-landmark regressor exported from quantization-aware training as a tf.Module of raw variables, float [1,128,128,3] in [0,1]: input fake_quant_with_min_max_args(-1, 1); pointwise / stem kernels through fake_quant_with_min_max_vars_per_channel (narrow_range, per-output-channel min / max variables), depthwise kernels through per-tensor fake_quant_with_min_max_vars, every ReLU6 activation through fake_quant_with_min_max_vars with learned (0, 6) range variables; global mean pooling and dense heads -> landmarks [1,63] (pixels), world_landmarks [1,63], hand_presence and handedness sigmoid [1,1]")
def b_hand_qat(out):
    rng = np.random.default_rng(6)
    cfg = [("conv", 3, 16, 2), ("dw", 16, 16, 2), ("pw", 16, 32, 1), ("dw", 32, 32, 2), ("pw", 32, 48, 1), ("dw", 48, 48, 2),
           ("pw", 48, 64, 1), ("dw", 64, 64, 2), ("pw", 64, 96, 1)]
    layers = []
    for i, (kind, cin, cout, s) in enumerate(cfg):
        w = _vars(rng, [3, 3, cin, 1] if kind == "dw" else [1 if kind == "pw" else 3, 1 if kind == "pw" else 3, cin, cout], f"{kind}{i}")
        mx = np.abs(w.numpy()).max(axis=(0, 1, 2) if kind != "dw" else None)
        layers.append((kind, s, w, _vars(rng, [cout], f"{kind}{i}_b", 0.0), tf.Variable(-mx, name=f"{kind}{i}_wmin"),
                       tf.Variable(mx, name=f"{kind}{i}_wmax"), tf.Variable(0.0, name=f"act{i}_min"), tf.Variable(6.0, name=f"act{i}_max")))
    heads = {k: (_vars(rng, [96, n], k), _vars(rng, [n], k + "_b", 0.0)) for k, n in
             (("landmarks", 63), ("world_landmarks", 63), ("hand_presence", 1), ("handedness", 1))}

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="input_1")])
    def serve(input_1):
        x = tf.quantization.fake_quant_with_min_max_args(input_1 * 2.0 - 1.0, -1.0, 1.0, num_bits=8)
        for kind, s, w, b, wmin, wmax, amin, amax in layers:
            if kind == "dw":
                x = tf.nn.depthwise_conv2d(x, tf.quantization.fake_quant_with_min_max_vars(w, wmin, wmax, narrow_range=True),
                                           [1, s, s, 1], "SAME")
            else:
                x = tf.nn.conv2d(x, tf.quantization.fake_quant_with_min_max_vars_per_channel(w, wmin, wmax, narrow_range=True), s, "SAME")
            x = tf.quantization.fake_quant_with_min_max_vars(tf.nn.relu6(x + b), amin, amax)
        g = tf.reduce_mean(x, axis=[1, 2])
        o = {k: tf.matmul(g, w) + b for k, (w, b) in heads.items()}
        return {"landmarks": o["landmarks"] * 128.0, "world_landmarks": o["world_landmarks"] * 0.1,
                "hand_presence": tf.sigmoid(o["hand_presence"]), "handedness": tf.sigmoid(o["handedness"])}
    _save(out, {"layers": [list(t[2:]) for t in layers], "heads": heads}, serving_default=serve)


@model("v29_integral_pose_soft_argmax_3d", "keras-export", "integral human-pose regression (soft-argmax), float [None,128,128,3]: small hourglass (Conv2D / BN / ReLU down to 8x8, UpSampling2D + Add skips back to 32x32), heatmap and depth heads of 16 joints; custom SoftArgmax3D layer: beta * heatmaps reshaped to [B,H*W,K], tf.nn.softmax over the spatial axis, weighted sums with constant normalized x / y coordinate grids and with the per-joint depth map -> joints_3d [None,16,3] and per-joint peak probability; model.export")
def b_soft_argmax(out):
    gy, gx = (g.reshape(-1) / 31.0 for g in _grid(32))

    class SoftArgmax3D(L.Layer):
        def call(self, heat, depth):
            p = tf.nn.softmax(tf.reshape(heat * 10.0, [-1, 32 * 32, 16]), axis=1)
            xyz = [tf.reduce_sum(p * gx[None, :, None], 1), tf.reduce_sum(p * gy[None, :, None], 1),
                   tf.reduce_sum(p * tf.reshape(depth, [-1, 32 * 32, 16]), 1)]
            return {"joints_3d": tf.stack(xyz, -1), "joint_confidence": tf.reduce_max(p, axis=1)}
    inp = keras.Input((128, 128, 3), name="image")
    s32 = _cbr(_cbr(inp, 16, s=2), 32, s=2)
    s16 = _cbr(s32, 48, s=2)
    s8 = _cbr(_cbr(s16, 64, s=2), 64)
    u16 = _cbr(L.Add()([L.UpSampling2D()(_cbr(s8, 48, k=1)), s16]), 48)
    u32 = _cbr(L.Add()([L.UpSampling2D()(_cbr(u16, 32, k=1)), s32]), 32)
    _export(keras.Model(inp, SoftArgmax3D()(L.Conv2D(16, 1)(u32), L.Conv2D(16, 1)(u32))), out)


@model("v29_tf1_cpm_stages_preprocess_frozen", "frozen-pb", "convolutional pose machine in TF1 (placeholders, variable_scope + get_variable convs), frozen with graph_util.convert_variables_to_constants: image uint8 [1,None,None,3] -> preprocessing subgraph (cast, tf.compat.v1.image.resize_bilinear to 128x128 align_corners, / 256 - 0.5), VGG-lite features at stride 4, constant Gaussian center map, 3 stages each concatenating features, the previous belief maps and the center map (7x7 convs) -> 15 belief maps; outputs stage_heatmaps resized to 128x128, keypoint_yx int32 [1,15,2] via argmax + floordiv / floormod, keypoint_conf")
def b_cpm(out):
    v1 = tf.compat.v1
    g = np.exp(-((np.arange(32) - 15.5)[:, None] ** 2 + (np.arange(32) - 15.5)[None] ** 2) / (2 * 6.0 ** 2)).astype("float32")

    def build():
        img = v1.placeholder(tf.uint8, [1, None, None, 3], name="image")
        x = v1.image.resize_bilinear(tf.cast(img, tf.float32), [128, 128], align_corners=True) / 256.0 - 0.5
        x = tf.nn.max_pool2d(_v1_conv(_v1_conv(x, "conv1_1", 32), "conv1_2", 32), 2, 2, "SAME")
        feat = _v1_conv(tf.nn.max_pool2d(_v1_conv(x, "conv2_1", 64), 2, 2, "SAME"), "conv3_1", 64)
        center = tf.constant(g[None, :, :, None])
        belief = _v1_conv(_v1_conv(feat, "stage1/conv1", 64), "stage1/belief", 15, k=1, act=None)
        for st in (2, 3):
            y = tf.concat([feat, belief, center], -1)
            for i in range(2):
                y = _v1_conv(y, f"stage{st}/mconv{i}", 48, k=7)
            belief = _v1_conv(y, f"stage{st}/belief", 15, k=1, act=None)
        heat = tf.identity(v1.image.resize_bilinear(belief, [128, 128]), name="stage_heatmaps")
        flat = tf.reshape(tf.transpose(belief, [0, 3, 1, 2]), [1, 15, 32 * 32])
        idx = tf.argmax(flat, -1, output_type=tf.int32)
        yx = tf.identity(tf.stack([tf.math.floordiv(idx, 32) * 4, tf.math.floormod(idx, 32) * 4], -1), name="keypoint_yx")
        return [heat, yx, tf.identity(tf.reduce_max(flat, -1), name="keypoint_conf")]
    _v1_freeze(out, build)


OUTPUTS["v29_tf1_cpm_stages_preprocess_frozen"] = ["stage_heatmaps", "keypoint_yx", "keypoint_conf"]


@model("v29_hrnet_lite_two_branch_frozen", "frozen-pb", "HRNet-lite top-down pose estimator frozen with convert_variables_to_constants_v2, fixed float [1,128,96,3] (person crop): stem to stride 4, high (32 ch) and low (64 ch, stride 8) branches of residual basic blocks, two exchange units (low -> high 1x1 Conv2D + BN + UpSampling2D nearest, high -> low 3x3 stride-2 Conv2D + BN, Add, ReLU), 17 heatmaps [1,32,24,17] and maxvals from reduce_max")
def b_hrnet(out):
    def basic(x):
        y = _cbr(_cbr(x, x.shape[-1]), x.shape[-1], act=None)
        return L.ReLU()(L.Add()([x, y]))
    inp = keras.Input((128, 96, 3), batch_size=1)
    hi = _cbr(_cbr(inp, 32, s=2), 32, s=2)
    lo = _cbr(hi, 64, s=2)
    for _ in range(2):
        hi, lo = basic(basic(hi)), basic(basic(lo))
        hi, lo = (L.ReLU()(L.Add()([hi, L.UpSampling2D()(_cbr(lo, 32, k=1, act=None))])),
                  L.ReLU()(L.Add()([lo, _cbr(hi, 64, s=2, act=None)])))
    net = keras.Model(inp, L.Conv2D(17, 1)(hi))

    def fn(image):
        h = tf.identity(net(image, training=False), name="heatmaps")
        return [h, tf.identity(tf.reduce_max(h, axis=[1, 2]), name="maxvals")]
    _freeze(fn, [tensor_spec([1, 128, 96, 3], name="image")], out)


OUTPUTS["v29_hrnet_lite_two_branch_frozen"] = ["heatmaps", "maxvals"]


# ================================================================================ OCR and text in images

@model("v29_crnn_bilstm_ctc_greedy_decoder", "tf-module", "CRNN text recognizer tf.Module, grayscale float [None,32,128,1]: Keras VGG-style Conv2D / BN / MaxPooling2D with (2,1) pools and a (2,1) valid conv collapsing height to 1, Reshape to 32 time steps, two Bidirectional(LSTM(48, return_sequences)), Dense(37) logits (blank last); serving applies tf.nn.log_softmax, transposes time-major and runs tf.nn.ctc_greedy_decoder(merge_repeated) with tf.fill sequence lengths, tf.sparse.to_dense(-1) -> logits, labels int64 [None,None], log_probability")
def b_crnn_ctc(out):
    inp = keras.Input((32, 128, 1))
    x = L.MaxPooling2D()(_cbr(inp, 32))
    x = L.MaxPooling2D()(_cbr(x, 64))
    x = L.MaxPooling2D((2, 1))(_cbr(_cbr(x, 96), 96))
    x = L.MaxPooling2D((2, 1))(_cbr(x, 128))
    x = L.Reshape((32, 128))(L.Conv2D(128, (2, 1), activation="relu")(x))
    for _ in range(2):
        x = L.Bidirectional(L.LSTM(48, return_sequences=True))(x)
    net = keras.Model(inp, L.Dense(37)(x))

    @tf.function(input_signature=[tensor_spec([None, 32, 128, 1], name="image")])
    def serve(image):
        logits = net(image, training=False)
        decoded, neg = tf.nn.ctc_greedy_decoder(tf.transpose(tf.nn.log_softmax(logits), [1, 0, 2]),
                                                tf.fill([tf.shape(logits)[0]], 32), merge_repeated=True)
        return {"logits": logits, "labels": tf.sparse.to_dense(decoded[0], default_value=-1), "log_probability": -neg[:, 0]}
    _save(out, {"net": net}, serving_default=serve)


@model("v29_crnn_bigru_uint8_collapse_by_hand", "keras-export", "license-plate style CRNN, fixed uint8 [1,32,100,3] kept by the export signature: Lambda tf.image.rgb_to_grayscale(cast) / 255, Conv2D / BN / MaxPooling2D to a 1x25 map, Reshape to 25 steps, Bidirectional(GRU(48)), Dense(37, softmax) probabilities (blank = 0); Lambda greedy CTC decode by hand: argmax int32, compare with the previous step (concat of a -1 column and the shifted ids), tf.where(new and not blank, id, -1) -> decoded [1,25]; model.export")
def b_crnn_gru(out):
    def collapse(p):
        idx = tf.argmax(p, -1, output_type=tf.int32)
        prev = tf.concat([tf.fill([tf.shape(idx)[0], 1], -1), idx[:, :-1]], 1)
        return tf.where(tf.logical_and(tf.not_equal(idx, prev), tf.not_equal(idx, 0)), idx, -tf.ones_like(idx))
    inp = keras.Input((32, 100, 3), dtype="uint8", batch_size=1, name="image")
    x = L.Lambda(lambda t: tf.image.rgb_to_grayscale(tf.cast(t, tf.float32)) / 255.0, output_shape=(32, 100, 1))(inp)
    x = L.MaxPooling2D()(_cbr(L.MaxPooling2D()(_cbr(x, 32)), 64))
    x = L.MaxPooling2D((4, 1))(_cbr(L.MaxPooling2D((2, 1))(_cbr(x, 96)), 96))
    x = L.Bidirectional(L.GRU(48, return_sequences=True))(L.Reshape((25, 96))(x))
    probs = L.Dense(37, activation="softmax", name="probabilities")(x)
    _export(keras.Model(inp, {"probabilities": probs, "decoded": L.Lambda(collapse, name="decoded")(probs)}), out,
            sig=[tensor_spec([1, 32, 100, 3], "uint8", "image")])


@model("v29_tf1_crnn_unrolled_lstm_frozen", "frozen-pb", "TF1 CRNN frozen with graph_util.convert_variables_to_constants: input_image float [1,32,96,1] normalized (x - 0.5) / 0.5, get_variable convs + max_pool2d (2x2, then [2,1] / [4,1]) to a 1x24 map, tf.unstack into 24 steps, forward and backward LSTMs unrolled in Python (one matmul on concat(x, h), tf.split into i / j / f / o, forget bias 1), per-step concat, dense to 37 classes (blank last); probabilities softmax and decoded = argmax collapsed by hand (not_equal to the previous id and to the blank, tf.where -> -1)")
def b_tf1_crnn(out):
    v1 = tf.compat.v1

    def lstm(seq, name, n=48):
        with v1.variable_scope(name):
            w = v1.get_variable("kernel", [int(seq[0].shape[-1]) + n, 4 * n], initializer=v1.glorot_uniform_initializer())
            b = v1.get_variable("bias", [4 * n], initializer=v1.zeros_initializer())
        h = c = tf.zeros([1, n])
        outs = []
        for xt in seq:
            i, j, f, o = tf.split(tf.matmul(tf.concat([xt, h], 1), w) + b, 4, axis=1)
            c = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(j)
            h = tf.sigmoid(o) * tf.tanh(c)
            outs.append(h)
        return outs

    def build():
        x = (v1.placeholder(tf.float32, [1, 32, 96, 1], name="input_image") - 0.5) / 0.5
        x = tf.nn.max_pool2d(_v1_conv(x, "conv1", 32), 2, 2, "SAME")
        x = tf.nn.max_pool2d(_v1_conv(x, "conv2", 64), 2, 2, "SAME")
        x = tf.nn.max_pool2d(_v1_conv(x, "conv3", 64), [2, 1], [2, 1], "SAME")
        seq = tf.unstack(tf.squeeze(tf.nn.max_pool2d(_v1_conv(x, "conv4", 96), [4, 1], [4, 1], "SAME"), 1), axis=1)
        feats = tf.stack([tf.concat(p, 1) for p in zip(lstm(seq, "lstm_fw"), lstm(seq[::-1], "lstm_bw")[::-1])], 1)
        logits = _v1_lin(feats, "fc", 37)
        idx = tf.argmax(logits, -1, output_type=tf.int32)
        keep = tf.logical_and(tf.not_equal(idx, tf.concat([-tf.ones([1, 1], tf.int32), idx[:, :-1]], 1)), tf.not_equal(idx, 36))
        return [tf.nn.softmax(logits, name="probabilities"), tf.where(keep, idx, -tf.ones_like(idx), name="decoded")]
    _v1_freeze(out, build)


OUTPUTS["v29_tf1_crnn_unrolled_lstm_frozen"] = ["probabilities", "decoded"]


@model("v29_dbnet_dynamic_prob_threshold_maps", "keras-export", "DB-net (differentiable binarization) text detector on dynamic images float [None,None,None,3] (sides multiples of 32): Conv2D / depthwise-separable backbone to stride 32, FPN lateral 1x1 convs with UpSampling2D nearest + Add, per-level 3x3 convs upsampled 8 / 4 / 2x and concatenated at stride 4; probability and threshold heads (Conv2D + BN + ReLU, two Conv2DTranspose stride 2, sigmoid); Lambda approximate binary map 1 / (1 + exp(-50 (P - T))) and Lambda text_mask = cast(P > 0.3, uint8); model.export")
def b_dbnet(out):
    inp = keras.Input((None, None, 3), name="image")
    c2 = _cbr(_cbr(inp, 16, s=2), 24, s=2)
    c3 = _dws(c2, 32, s=2)
    c5 = _dws(c4 := _dws(c3, 64, s=2), 96, s=2)
    in2, in3, in4, in5 = (L.Conv2D(32, 1)(c) for c in (c2, c3, c4, c5))
    o4 = L.Add()([L.UpSampling2D()(in5), in4])
    o3 = L.Add()([L.UpSampling2D()(o4), in3])
    o2 = L.Add()([L.UpSampling2D()(o3), in2])
    fuse = L.Concatenate()([L.UpSampling2D(f)(L.Conv2D(8, 3, padding="same")(o)) if f > 1 else L.Conv2D(8, 3, padding="same")(o)
                            for o, f in ((in5, 8), (o4, 4), (o3, 2), (o2, 1))])

    def head(name):
        h = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(16, 2, strides=2)(_cbr(fuse, 16))))
        return L.Conv2DTranspose(1, 2, strides=2, activation="sigmoid", name=name)(h)
    prob, thresh = head("probability_map"), head("threshold_map")
    binary = L.Lambda(lambda t: tf.math.reciprocal(1.0 + tf.exp(-50.0 * (t[0] - t[1]))), output_shape=(None, None, 1),
                      name="approx_binary_map")([prob, thresh])
    mask = L.Lambda(lambda t: tf.cast(t > 0.3, tf.uint8), name="text_mask")(prob)
    _export(keras.Model(inp, {"probability_map": prob, "threshold_map": thresh, "approx_binary_map": binary, "text_mask": mask}), out)


@model("v29_east_rbox_geometry_topk_decode", "tf-module", "EAST scene-text detector tf.Module, fixed float [1,128,128,3] (0-255, ImageNet mean subtracted): Keras backbone to stride 32 with a U-shaped merge branch (bilinear UpSampling2D, Concatenate, 1x1 + 3x3 convs) to stride 4; score map sigmoid, RBOX geometry (4 distances sigmoid * 128, angle (sigmoid - 0.5) * pi / 2); decode on a constant 32x32 grid of pixel origins: local corners (-l,-t) (r,-t) (r,b) (-l,b) rotated with tf.cos / tf.sin -> quads [1024,8]; tf.math.top_k(16) by score + tf.gather -> quads [16,8], quad_scores, valid (score > 0.8), score_map")
def b_east(out):
    inp = keras.Input((128, 128, 3))
    c2 = _cbr(_cbr(inp, 16, s=2), 32, s=2)
    c3 = _dws(c2, 64, s=2)
    c5 = _dws(c4 := _dws(c3, 96, s=2), 128, s=2)
    h = c5
    for skip, f in ((c4, 64), (c3, 32), (c2, 32)):
        h = _cbr(_cbr(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(h), skip]), f, k=1), f)
    net = keras.Model(inp, [L.Conv2D(1, 1, activation="sigmoid")(h), L.Conv2D(4, 1, activation="sigmoid")(h),
                            L.Conv2D(1, 1, activation="sigmoid")(h)])
    gy, gx = (g.reshape(-1) * 4.0 + 2.0 for g in _grid(32))

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def serve(image):
        score, geo, ang = net(image - [123.68, 116.78, 103.94], training=False)
        s = tf.reshape(score, [-1])
        t, r, b, lft = tf.unstack(tf.reshape(geo * 128.0, [-1, 4]), axis=-1)
        a = tf.reshape((ang - 0.5) * (np.pi / 2), [-1])
        lx, ly = tf.stack([-lft, r, r, -lft], -1), tf.stack([-t, -t, b, b], -1)
        cs, sn = tf.cos(a)[:, None], tf.sin(a)[:, None]
        quads = tf.reshape(tf.stack([gx[:, None] + lx * cs - ly * sn, gy[:, None] + lx * sn + ly * cs], -1), [-1, 8])
        top = tf.math.top_k(s, 16)
        return {"quads": tf.gather(quads, top.indices), "quad_scores": top.values, "valid": top.values > 0.8, "score_map": score}
    _save(out, {"net": net}, serving_default=serve)


# ================================================================================ super-resolution, depth, matting, segmentation

@model("v29_espcn_x3_luma_dynamic_spatial", "keras-export", "ESPCN x3 super-resolution on the luma channel, float [1,None,None,1] (fixed batch, dynamic spatial size in the export signature): Conv2D 5x5 64 tanh, 3x3 32 tanh, 3x3 9, Lambda tf.nn.depth_to_space(3) + clip_by_value(0, 1) -> [1,3H,3W,1] (served as output_0); model.export")
def b_espcn(out):
    inp = keras.Input((None, None, 1), name="luma")
    x = L.Conv2D(32, 3, padding="same", activation="tanh")(L.Conv2D(64, 5, padding="same", activation="tanh")(inp))
    x = L.Conv2D(9, 3, padding="same")(x)
    y = L.Lambda(lambda t: tf.clip_by_value(tf.nn.depth_to_space(t, 3), 0.0, 1.0), output_shape=(None, None, 1), name="upscaled")(x)
    _export(keras.Model(inp, y), out, sig=[tensor_spec([1, None, None, 1], name="luma")])


@model("v29_fsrcnn_uint8_ycbcr_bicubic_chroma", "tf-module", "FSRCNN x2 photo upscaler tf.Module, uint8 [1,64,64,3] -> uint8 [1,128,128,3]: cast / 255, RGB -> YCbCr by tf.tensordot with a constant BT.601 matrix + offsets, luma through Keras FSRCNN (5x5 feature Conv2D + PReLU, 1x1 shrink, three 3x3 maps, 1x1 expand, 9x9 Conv2DTranspose stride 2), chroma upscaled by tf.image.resize bicubic, YCbCr -> RGB by the inverse matrix, clip, round, cast uint8")
def b_fsrcnn(out):
    inp = keras.Input((None, None, 1))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(32, 5, padding="same")(inp))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(12, 1)(x))
    for _ in range(3):
        x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(12, 3, padding="same")(x))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(32, 1)(x))
    net = keras.Model(inp, L.Conv2DTranspose(1, 9, strides=2, padding="same")(x))
    m = np.array([[0.299, 0.587, 0.114], [-0.168736, -0.331264, 0.5], [0.5, -0.418688, -0.081312]], "float32")
    m_inv = np.linalg.inv(m).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "image")])
    def serve(image):
        ycc = tf.tensordot(tf.cast(image, tf.float32) / 255.0, m.T, axes=1) + [0.0, 0.5, 0.5]
        y = net(ycc[..., :1], training=False)
        cbcr = tf.image.resize(ycc[..., 1:], [128, 128], method="bicubic") - 0.5
        rgb = tf.tensordot(tf.concat([y, cbcr], -1), m_inv.T, axes=1)
        return {"upscaled": tf.cast(tf.round(tf.clip_by_value(rgb * 255.0, 0.0, 255.0)), tf.uint8)}
    _save(out, {"net": net}, serving_default=serve)


@model("v29_edsr_lite_pixel_shuffle_x4_saved", "saved-model", "EDSR-lite x4 super-resolution saved with plain tf.saved_model.save(keras_model), float [None,48,48,3] (0-255): Normalization layer with fixed DIV2K mean / variance, head Conv2D 32, 4 residual blocks (Conv2D relu, Conv2D, Rescaling(0.1) residual scaling, Add), global skip, two upsamplers (Conv2D 128 + custom PixelShuffle layer = tf.nn.depth_to_space(2)), Conv2D 3, Rescaling(127.5, offset 127.5) and ReLU(max_value=255) -> [None,192,192,3]")
def b_edsr(out):
    class PixelShuffle(L.Layer):
        def call(self, x):
            return tf.nn.depth_to_space(x, 2)
    inp = keras.Input((48, 48, 3), name="lr_image")
    head = L.Conv2D(32, 3, padding="same")(L.Normalization(mean=[114.4, 111.5, 103.0], variance=[127.5 ** 2] * 3)(inp))
    h = head
    for _ in range(4):
        r = L.Conv2D(32, 3, padding="same")(L.Conv2D(32, 3, padding="same", activation="relu")(h))
        h = L.Add()([h, L.Rescaling(0.1)(r)])
    h = L.Add()([L.Conv2D(32, 3, padding="same")(h), head])
    for _ in range(2):
        h = PixelShuffle()(L.Conv2D(128, 3, padding="same")(h))
    y = L.ReLU(max_value=255.0, name="sr_image")(L.Rescaling(127.5, offset=127.5)(L.Conv2D(3, 3, padding="same")(h)))
    _saved(keras.Model(inp, y), out)


@model("v29_midas_small_qdq_per_channel_resizes", "tf-module", "MiDaS-small-like monocular depth in QDQ form (tf.Module of raw variables), fixed float [1,128,128,3] in [0,1]: ImageNet mean / std normalization, input quantize_and_dequantize_v2(-3, 3), conv / depthwise kernels through per-channel quantize_and_dequantize_v2 (axis 3 / axis 2, narrow_range, range_given=False so each channel's min / max come from the kernel), ReLU6 activations QDQ (0, 6); fusion decoder upsampling with tf.raw_ops.ResizeBilinear(align_corners=True), tf.image.resize bilinear (half-pixel), raw ResizeBilinear(half_pixel_centers=True), output head relu -> raw ResizeNearestNeighbor(half_pixel_centers) to inverse_depth [1,128,128,1]")
def b_midas(out):
    rng = np.random.default_rng(17)
    enc = [(_vars(rng, [3, 3, 3, 16], "stem"), None)] + [
        (_vars(rng, [3, 3, a, 1], f"dw{i}"), _vars(rng, [1, 1, a, b], f"pw{i}")) for i, (a, b) in enumerate(((16, 24), (24, 48), (48, 64)))]
    lat = {k: _vars(rng, [1, 1, c, 32], f"lateral{k}") for k, c in ((8, 64), (16, 48), (32, 24))}
    ref = {k: _vars(rng, [3, 3, 32, 32], f"refine{k}") for k in (16, 32)}
    head = [_vars(rng, [3, 3, 32, 16], "head0"), _vars(rng, [1, 1, 16, 1], "head1")]

    def qw(w, axis):  # per-channel ranges from the kernel itself (the TF 2.21 kernel rejects range_given=True per channel)
        z = tf.zeros([w.shape[axis]])
        return tf.quantization.quantize_and_dequantize_v2(w, z, z, range_given=False, narrow_range=True, axis=axis)

    def qa(x, lo=0.0, hi=6.0):
        return tf.quantization.quantize_and_dequantize_v2(x, lo, hi, range_given=True)

    def conv(x, w, s=1):
        return qa(tf.nn.relu6(tf.nn.conv2d(x, qw(w, 3), s, "SAME")))

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def serve(image):
        x = conv(qa((image - [0.485, 0.456, 0.406]) / [0.229, 0.224, 0.225], -3.0, 3.0), enc[0][0], 2)
        feats = {}
        for dw, pw in enc[1:]:
            x = conv(qa(tf.nn.relu6(tf.nn.depthwise_conv2d(x, qw(dw, 2), [1, 2, 2, 1], "SAME"))), pw)
            feats[int(x.shape[1])] = x
        d = conv(feats[8], lat[8])
        d = tf.raw_ops.ResizeBilinear(images=d, size=[16, 16], align_corners=True)
        d = conv(d + conv(feats[16], lat[16]), ref[16])
        d = tf.image.resize(d, [32, 32], method="bilinear")
        d = conv(d + conv(feats[32], lat[32]), ref[32])
        d = tf.raw_ops.ResizeBilinear(images=d, size=[64, 64], half_pixel_centers=True)
        d = tf.nn.relu(tf.nn.conv2d(conv(d, head[0]), qw(head[1], 3), 1, "SAME"))
        return {"inverse_depth": tf.raw_ops.ResizeNearestNeighbor(images=d, size=[128, 128], half_pixel_centers=True)}
    _save(out, {"params": [enc, list(lat.values()), list(ref.values()), head]}, serving_default=serve)


@model("v29_fastdepth_nnconv5_dynamic_keras", "keras-export", "FastDepth-like monocular depth on dynamic images float [None,None,None,3] (sides multiples of 32): MobileNet encoder (Conv2D + BN + ReLU6, depthwise-separable blocks to stride 32), NNConv5 decoder (5x5 DepthwiseConv2D + 1x1 Conv2D + BN + ReLU, UpSampling2D nearest) with additive skip connections at strides 16 / 8 / 4 / 2, Conv2D(1, relu) depth at full resolution; model.export")
def b_fastdepth(out):
    def nnconv5(x, f):
        return L.UpSampling2D()(_dws(x, f, k=5, act="relu"))
    inp = keras.Input((None, None, 3), name="image")
    x0 = _cbr(inp, 16, s=2, act="relu6")
    x1 = _dws(x0, 24, s=2)
    x2 = _dws(x1, 32, s=2)
    x3 = _dws(_dws(x2, 64, s=2), 64)
    d = nnconv5(_dws(x3, 96, s=2), 64)
    for skip, f in ((x3, 32), (x2, 24), (x1, 16), (x0, 16)):
        d = nnconv5(L.Add()([d, skip]), f)
    _export(keras.Model(inp, L.Conv2D(1, 1, activation="relu", name="depth")(d)), out)


@model("v29_portrait_matting_guided_filter_cumsum", "tf-module", "portrait matting tf.Module, uint8 [1,128,128,3]: cast / 255, tf.image.resize area to 64x64, Keras encoder-decoder (bilinear UpSampling2D + Concatenate skips) -> coarse sigmoid alpha, tf.image.resize bilinear back to 128x128, guided filter (radius 4, eps 1e-2) with the grayscale image as guide and box sums by tf.cumsum + shifted differences (N from a ones image): mean / covariance / variance maps, a = cov / (var + eps), b, refined alpha = mean(a) I + mean(b); outputs alpha, coarse_alpha and foreground uint8 = round(image * alpha)")
def b_matting(out):
    inp = keras.Input((64, 64, 3))
    e1 = _cbr(inp, 16, s=2)
    e2 = _dws(e1, 32, s=2)
    e3 = _dws(e2, 64, s=2)
    d2 = _cbr(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(e3), e2]), 32)
    d1 = _cbr(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(d2), e1]), 16)
    net = keras.Model(inp, L.Conv2D(1, 3, padding="same", activation="sigmoid")(L.UpSampling2D(interpolation="bilinear")(d1)))

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], "uint8", "image")])
    def serve(image):
        x = tf.cast(image, tf.float32) / 255.0
        coarse = net(tf.image.resize(x, [64, 64], method="area") * 2.0 - 1.0, training=False)
        p, guide = tf.image.resize(coarse, [128, 128], method="bilinear"), tf.image.rgb_to_grayscale(x)
        n = _box_cumsum(tf.ones_like(guide), 4)
        mean = lambda t: _box_cumsum(t, 4) / n  # noqa: E731
        m_i, m_p = mean(guide), mean(p)
        a = (mean(guide * p) - m_i * m_p) / (mean(guide * guide) - m_i * m_i + 1e-2)
        alpha = tf.clip_by_value(mean(a) * guide + mean(m_p - a * m_i), 0.0, 1.0)
        return {"alpha": alpha, "coarse_alpha": coarse, "foreground": tf.cast(tf.round(x * alpha * 255.0), tf.uint8)}
    _save(out, {"net": net}, serving_default=serve)


@model("v29_deep_guided_filter_avgpool_two_inputs", "keras-export", "deep guided filter matting (Wu et al.) with two inputs, image_lr float [None,32,32,3] and image_hr [None,128,128,3]: context aggregation net on the low-res image (dilated 3x3 Conv2D, rates 1 / 2 / 4 / 8, BN, LeakyReLU) -> alpha_lr; shared learned guidance (1x1 Conv2D 16, ReLU, 1x1 Conv2D 1) on both resolutions; custom FastGuidedFilter layer with box means by AveragePooling2D(9, strides 1, same), A / b from covariance / variance at low resolution, tf.image.resize bilinear to tf.shape(image_hr), q = A * guide_hr + b -> alpha_hr; model.export")
def b_dgf(out):
    class FastGuidedFilter(L.Layer):
        def __init__(self, r=4, eps=1e-2, **kw):
            super().__init__(**kw)
            self.pool, self.eps = L.AveragePooling2D(2 * r + 1, strides=1, padding="same"), eps

        def call(self, lr_x, lr_y, hr_x):
            mx, my = self.pool(lr_x), self.pool(lr_y)
            a = (self.pool(lr_x * lr_y) - mx * my) / (self.pool(lr_x * lr_x) - mx * mx + self.eps)
            size = tf.shape(hr_x)[1:3]
            return tf.image.resize(a, size) * hr_x + tf.image.resize(my - a * mx, size)
    lr_in, hr_in = keras.Input((32, 32, 3), name="image_lr"), keras.Input((128, 128, 3), name="image_hr")
    x = lr_in
    for d in (1, 2, 4, 8, 1):
        x = L.LeakyReLU(0.2)(L.BatchNormalization()(L.Conv2D(24, 3, padding="same", dilation_rate=d)(x)))
    alpha_lr = L.Conv2D(1, 1, activation="sigmoid")(x)
    g1, g2 = L.Conv2D(16, 1, activation="relu"), L.Conv2D(1, 1)
    alpha = FastGuidedFilter(name="alpha_hr")(g2(g1(lr_in)), alpha_lr, g2(g1(hr_in)))
    _export(keras.Model([lr_in, hr_in], {"alpha_hr": alpha, "alpha_lr": alpha_lr}), out)


@model("v29_deeplabv3plus_aspp_uint8_129", "keras-export", "DeepLabV3+-lite, uint8 [None,129,129,3] normalized in a Lambda (/ 127.5 - 1): MobileNet-style backbone to output stride 16 (9x9, odd sizes as DeepLab uses), ASPP with a 1x1 branch, atrous 3x3 Conv2D at rates 2 / 4 / 6 and an image-pooling branch (GlobalAveragePooling2D keepdims, 1x1 conv, tf.compat.v1.image.resize_bilinear align_corners to 9x9), projection + Dropout, decoder upsampling to the stride-4 low-level features (33x33, align_corners) and concatenating them, logits resized to 129x129 (align_corners), semantic_predictions = argmax int32 [None,129,129]; model.export")
def b_deeplab(out):
    def resize_ac(size, ch):
        return L.Lambda(lambda t: tf.compat.v1.image.resize_bilinear(t, [size, size], align_corners=True), output_shape=(size, size, ch))
    inp = keras.Input((129, 129, 3), dtype="uint8", name="image")
    x = L.Lambda(lambda t: tf.cast(t, tf.float32) / 127.5 - 1.0, output_shape=(129, 129, 3))(inp)
    low = _dws(_dws(_cbr(x, 16, s=2), 24, s=2), 24)
    x = _dws(_dws(_dws(low, 32, s=2), 64, s=2), 64)
    pool = resize_ac(9, 48)(_cbr(L.GlobalAveragePooling2D(keepdims=True)(x), 48, k=1))
    y = L.Concatenate()([pool, _cbr(x, 48, k=1)] + [_cbr(x, 48, d=r) for r in (2, 4, 6)])
    y = resize_ac(33, 48)(L.Dropout(0.1)(_cbr(y, 48, k=1)))
    y = _cbr(_cbr(L.Concatenate()([y, _cbr(low, 16, k=1)]), 48), 48)
    logits = resize_ac(129, 21)(L.Conv2D(21, 1)(y))
    sem = L.Lambda(lambda t: tf.argmax(t, -1, output_type=tf.int32), output_shape=(129, 129), name="semantic_predictions")(logits)
    _export(keras.Model(inp, {"semantic_predictions": sem, "logits": logits}), out)


@model("v29_tf1_deeplab_resize_pad_preprocess_frozen", "frozen-pb", "TF1 DeepLab export frozen with graph_util.convert_variables_to_constants: ImageTensor uint8 [1,None,None,3] placeholder, preprocessing subgraph (longer side scaled to 65 from tf.shape, resize_bilinear align_corners to the computed size, mean-subtract, tf.image.pad_to_bounding_box to 65x65, scale), get_variable convs to stride 8, ASPP of tf.nn.atrous_conv2d (rates 2, 3) + 1x1 + image pooling (reduce_mean, resize_bilinear), 21-class logits resized to 65x65, tf.slice back to the unpadded size, argmax int64 and resize_nearest_neighbor(align_corners) to the input size -> SemanticPredictions [1,H,W]")
def b_tf1_deeplab(out):
    v1 = tf.compat.v1

    def atrous(x, name, cout, rate):
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [3, 3, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
            return tf.nn.relu(tf.nn.atrous_conv2d(x, w, rate, "SAME"))

    def build():
        img = v1.placeholder(tf.uint8, [1, None, None, 3], name="ImageTensor")
        h, w = tf.shape(img)[1], tf.shape(img)[2]
        scale = 65.0 / tf.cast(tf.maximum(h, w), tf.float32)
        nh, nw = (tf.cast(tf.round(tf.cast(d, tf.float32) * scale), tf.int32) for d in (h, w))
        x = v1.image.resize_bilinear(tf.cast(img, tf.float32), tf.stack([nh, nw]), align_corners=True) - 127.5
        x = tf.reshape(tf.image.pad_to_bounding_box(x, 0, 0, 65, 65), [1, 65, 65, 3]) / 127.5
        x = _v1_conv(_v1_conv(_v1_conv(x, "conv1", 16, s=2), "conv2", 32, s=2), "conv3", 48, s=2)
        pool = v1.image.resize_bilinear(_v1_conv(tf.reduce_mean(x, [1, 2], keepdims=True), "image_pooling", 32, k=1), [9, 9],
                                        align_corners=True)
        y = tf.concat([pool, _v1_conv(x, "aspp0", 32, k=1), atrous(x, "aspp1", 32, 2), atrous(x, "aspp2", 32, 3)], -1)
        logits = _v1_conv(_v1_conv(y, "concat_projection", 32, k=1), "logits", 21, k=1, act=None)
        logits = tf.slice(v1.image.resize_bilinear(logits, [65, 65], align_corners=True), [0, 0, 0, 0], tf.stack([1, nh, nw, 21]))
        pred = tf.argmax(logits, 3)[..., None]
        return [tf.squeeze(v1.image.resize_nearest_neighbor(pred, tf.stack([h, w]), align_corners=True), 3, name="SemanticPredictions")]
    _v1_freeze(out, build)


OUTPUTS["v29_tf1_deeplab_resize_pad_preprocess_frozen"] = ["SemanticPredictions"]


@model("v29_selfie_segmenter_qdq_transpose_conv", "tf-module", "MediaPipe-selfie-like landscape segmenter in QDQ form (tf.Module of raw variables), fixed float [1,144,256,3] in [0,1]: input quantize_and_dequantize_v2(-1, 1, range_given), weights QDQ per tensor with range_given=False (range from the tensor), ReLU6 activations QDQ (0, 6); encoder of stride-2 3x3 convs to 9x16, decoder of tf.nn.conv2d_transpose with explicit output shapes (18x32, 36x64, 72x128, 144x256) + additive skips and 3x3 refinement convs, 1x1 conv -> sigmoid segmentation_mask [1,144,256,1]")
def b_selfie(out):
    rng = np.random.default_rng(23)
    ch = [3, 16, 24, 32, 48]
    enc = [(_vars(rng, [3, 3, a, b], f"enc{i}"), _vars(rng, [b], f"enc{i}_b", 0.0)) for i, (a, b) in enumerate(zip(ch[:-1], ch[1:]))]
    dec = [(_vars(rng, [3, 3, b, a], f"up{i}"), _vars(rng, [3, 3, b, b], f"refine{i}")) for i, (a, b) in
           enumerate(((48, 32), (32, 24), (24, 16), (16, 8)))]
    final = _vars(rng, [1, 1, 8, 1], "final")
    shapes = [[1, 18, 32, 32], [1, 36, 64, 24], [1, 72, 128, 16], [1, 144, 256, 8]]

    def qw(w):
        return tf.quantization.quantize_and_dequantize_v2(w, 0.0, 0.0, range_given=False, narrow_range=True)

    def qa(x, lo=0.0, hi=6.0):
        return tf.quantization.quantize_and_dequantize_v2(x, lo, hi, range_given=True)

    @tf.function(input_signature=[tensor_spec([1, 144, 256, 3], name="input_1")])
    def serve(input_1):
        x, skips = qa(input_1 * 2.0 - 1.0, -1.0, 1.0), []
        for w, b in enc:
            x = qa(tf.nn.relu6(tf.nn.conv2d(x, qw(w), 2, "SAME") + b))
            skips.append(x)
        for i, ((up, rf), shp) in enumerate(zip(dec, shapes)):
            x = tf.nn.conv2d_transpose(x, qw(up), shp, 2, "SAME")
            x = qa(tf.nn.relu6(x + skips[2 - i] if i < 3 else x))
            x = qa(tf.nn.relu6(tf.nn.conv2d(x, qw(rf), 1, "SAME")))
        return {"segmentation_mask": tf.sigmoid(tf.nn.conv2d(x, qw(final), 1, "SAME"))}
    _save(out, {"params": [enc, dec, final]}, serving_default=serve)


@model("v29_bisenet_lite_attention_fusion_saved", "saved-model", "BiSeNet-lite real-time segmenter saved with plain tf.saved_model.save(keras_model), float [None,128,128,3]: spatial path (three stride-2 Conv2D + BN + ReLU), context path (depthwise-separable backbone to stride 32) with attention refinement modules (GlobalAveragePooling2D keepdims, 1x1 Conv2D, BN, sigmoid, Multiply) and a broadcast-added global context, bilinear UpSampling2D, feature fusion module (Concatenate, conv, squeeze-excite style channel attention, x + x * att), 19-class head, UpSampling2D(8, bilinear) -> probabilities softmax and labels argmax")
def b_bisenet(out):
    def arm(x):
        att = L.Activation("sigmoid")(L.BatchNormalization()(L.Conv2D(x.shape[-1], 1)(L.GlobalAveragePooling2D(keepdims=True)(x))))
        return L.Multiply()([x, att])
    inp = keras.Input((128, 128, 3), name="image")
    sp = _cbr(_cbr(_cbr(inp, 32, s=2), 32, s=2), 64, s=2)
    c16 = _dws(_dws(_dws(_cbr(inp, 16, s=2), 24, s=2), 48, s=2), 64, s=2)
    c32 = _dws(c16, 64, s=2)
    glob = _cbr(L.GlobalAveragePooling2D(keepdims=True)(c32), 64, k=1)
    up32 = L.UpSampling2D(interpolation="bilinear")(_cbr(L.Add()([arm(c32), glob]), 64))
    ctx = L.UpSampling2D(interpolation="bilinear")(_cbr(L.Add()([arm(c16), up32]), 64))
    f = _cbr(L.Concatenate()([sp, ctx]), 64, k=1)
    att = L.Conv2D(64, 1, activation="sigmoid")(L.Conv2D(16, 1, activation="relu")(L.GlobalAveragePooling2D(keepdims=True)(f)))
    f = L.Add()([f, L.Multiply()([f, att])])
    logits = L.UpSampling2D(8, interpolation="bilinear")(L.Conv2D(19, 1)(_cbr(f, 64)))
    probs = L.Softmax(name="probabilities")(logits)
    labels = L.Lambda(lambda t: tf.argmax(t, -1, output_type=tf.int32), output_shape=(128, 128), name="labels")(probs)
    _saved(keras.Model(inp, {"probabilities": probs, "labels": labels}), out)


@model("v29_person_seg_qat_fake_quant_args_layer", "keras-export", "person segmenter exported after quantization-aware training with a custom Keras FakeQuant layer (tf.quantization.fake_quant_with_min_max_args, 8 bits) inserted by hand, float [None,96,96,3] (0-255): Rescaling(1/127.5, offset -1) + FakeQuant(-1, 1), Conv2D + BN + ReLU(max 6) + FakeQuant(0, 6) encoder to 12x12, Conv2DTranspose stride 2 upsamplers added to skips with FakeQuant(-8, 8), final Conv2DTranspose logits FakeQuant(-8, 8), sigmoid + FakeQuant(0, 1) -> mask [None,96,96,1] (served as output_0); model.export")
def b_seg_qat(out):
    class FakeQuant(L.Layer):
        def __init__(self, lo, hi, **kw):
            super().__init__(**kw)
            self.lo, self.hi = lo, hi

        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_args(x, self.lo, self.hi, num_bits=8)

    def cq(x, f, s=1):
        return FakeQuant(0.0, 6.0)(L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(f, 3, s, padding="same")(x))))
    inp = keras.Input((96, 96, 3), name="image")
    x = FakeQuant(-1.0, 1.0)(L.Rescaling(1 / 127.5, offset=-1.0)(inp))
    e1 = cq(cq(x, 16, 2), 16)
    e2 = cq(e1, 32, 2)
    e3 = cq(cq(e2, 64, 2), 64)
    d2 = cq(FakeQuant(-8.0, 8.0)(L.Add()([L.Conv2DTranspose(32, 3, 2, padding="same")(e3), e2])), 32)
    d1 = cq(FakeQuant(-8.0, 8.0)(L.Add()([L.Conv2DTranspose(16, 3, 2, padding="same")(d2), e1])), 16)
    logits = FakeQuant(-8.0, 8.0)(L.Conv2DTranspose(1, 3, 2, padding="same")(d1))
    _export(keras.Model(inp, FakeQuant(0.0, 1.0, name="mask")(L.Activation("sigmoid")(logits))), out)


# ================================================================================ correlation and matching

@model("v29_flownet_extract_patches_correlation", "tf-module", "FlowNetC-lite optical flow tf.Module, frame0 / frame1 float [None,64,64,3]: shared Keras encoder to stride 4 (16x16x32), correlation layer as tf.image.extract_patches(7x7, VALID) of the tf.pad'ed second features reshaped to [B,16,16,49,32], multiplied with the first features and reduce_mean over channels -> 49-channel cost volume, leaky_relu(0.1), concatenated with the first features, Keras decoder -> flow at stride 4, tf.image.resize bilinear * 4 -> flow [None,64,64,2] and cost_volume")
def b_flownet(out):
    fi = keras.Input((64, 64, 3))
    enc = keras.Model(fi, _cbr(_cbr(_cbr(fi, 16, s=2), 32, s=2), 32))
    di = keras.Input((16, 16, 49 + 32))
    dec = keras.Model(di, L.Conv2D(2, 3, padding="same")(_cbr(_cbr(di, 64), 32)))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="frame0"), tensor_spec([None, 64, 64, 3], name="frame1")])
    def serve(frame0, frame1):
        f0, f1 = enc(frame0, training=False), enc(frame1, training=False)
        p = tf.image.extract_patches(tf.pad(f1, [[0, 0], [3, 3], [3, 3], [0, 0]]), sizes=[1, 7, 7, 1], strides=[1, 1, 1, 1],
                                     rates=[1, 1, 1, 1], padding="VALID")
        corr = tf.nn.leaky_relu(tf.reduce_mean(f0[:, :, :, None, :] * tf.reshape(p, [-1, 16, 16, 49, 32]), -1), 0.1)
        flow = dec(tf.concat([corr, f0], -1), training=False)
        return {"flow": tf.image.resize(flow, [64, 64], method="bilinear") * 4.0, "cost_volume": corr}
    _save(out, {"encoder": enc, "decoder": dec}, serving_default=serve)


@model("v29_pwcnet_lite_shifted_cost_volume_warp", "tf-module", "PWC-Net-lite two-level optical flow tf.Module, frame0 / frame1 float [1,64,64,3]: Keras feature pyramid (strides 4 and 8), cost volumes written as a Python loop over 5x5 displacements of tf.pad + static slices multiplied and reduce_mean'ed, tf.stack, leaky_relu; coarse estimator, flow upsampled with tf.image.resize * 2, second-frame features warped by a hand-written bilinear sampler (meshgrid + flow, floor, four tf.gather_nd(batch_dims=1) corners), fine estimator predicting a flow residual, dilated context network (rates 1 / 2 / 4), resize * 4 -> flow [1,64,64,2]")
def b_pwc(out):
    fi = keras.Input((64, 64, 3))
    c2 = _cbr(_cbr(fi, 16, s=2), 32, s=2)
    pyr = keras.Model(fi, [c2, _cbr(c2, 48, s=2)])

    def estimator(shape, n_out_feat=False):
        i = keras.Input(shape)
        h = _cbr(_cbr(i, 64), 32)
        return keras.Model(i, [h, L.Conv2D(2, 3, padding="same")(h)] if n_out_feat else L.Conv2D(2, 3, padding="same")(h))
    est3, est2 = estimator((8, 8, 25 + 48)), estimator((16, 16, 25 + 32 + 2), True)
    ci = keras.Input((16, 16, 34))
    h = ci
    for d in (1, 2, 4):
        h = L.LeakyReLU(0.1)(L.Conv2D(32, 3, padding="same", dilation_rate=d)(h))
    ctx = keras.Model(ci, L.Conv2D(2, 3, padding="same")(h))
    gy, gx = _grid(16)

    def cost(f0, f1, d=2):
        hh, ww = f0.shape[1], f0.shape[2]
        f1p = tf.pad(f1, [[0, 0], [d, d], [d, d], [0, 0]])
        return tf.nn.leaky_relu(tf.stack([tf.reduce_mean(f0 * f1p[:, dy:dy + hh, dx:dx + ww], -1)
                                          for dy in range(2 * d + 1) for dx in range(2 * d + 1)], -1), 0.1)

    def warp(feat, flow):
        xy = tf.reshape(tf.stack([gx + flow[..., 0], gy + flow[..., 1]], -1), [1, 256, 2])
        return tf.reshape(_bilinear_sample(feat, xy), [1, 16, 16, feat.shape[-1]])

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="frame0"), tensor_spec([1, 64, 64, 3], name="frame1")])
    def serve(frame0, frame1):
        (a2, a3), (b2, b3) = pyr(frame0, training=False), pyr(frame1, training=False)
        up = tf.image.resize(est3(tf.concat([cost(a3, b3), a3], -1), training=False), [16, 16]) * 2.0
        feat, delta = est2(tf.concat([cost(a2, warp(b2, up)), a2, up], -1), training=False)
        flow = up + delta
        flow = flow + ctx(tf.concat([feat, flow], -1), training=False)
        return {"flow": tf.image.resize(flow, [64, 64]) * 4.0}
    _save(out, {"models": [pyr, est3, est2, ctx]}, serving_default=serve)


@model("v29_raft_lite_all_pairs_corr_convgru", "tf-module", "RAFT-like optical flow tf.Module, image1 / image2 float [1,64,64,3] (0-255): Keras feature and context encoders to stride 8, all-pairs correlation tf.matmul of [64,C] x [C,64] / sqrt(C) reshaped to a [64,8,8,1] volume, 2-level pyramid by tf.nn.avg_pool2d, 4 refinement iterations each looking up a 3x3 window around the current coordinates on both levels with a hand-written bilinear sampler (tf.gather_nd batch_dims=1), Keras motion encoder, ConvGRU (sigmoid z / r, tanh q Conv2D layers) and flow head; flow upsampled x8 bilinear * 8 -> flow [1,64,64,2]")
def b_raft(out):
    def encoder(n):
        i = keras.Input((64, 64, 3))
        return keras.Model(i, L.Conv2D(n, 1)(_cbr(_cbr(_cbr(i, 32, s=2), 48, s=2), 64, s=2)))
    fnet, cnet = encoder(64), encoder(64)
    ci, fl = keras.Input((8, 8, 18)), keras.Input((8, 8, 2))
    m = L.Conv2D(30, 3, padding="same", activation="relu")(L.Concatenate()([L.Conv2D(32, 1, activation="relu")(ci),
                                                                         L.Conv2D(16, 7, padding="same", activation="relu")(fl)]))
    menc = keras.Model([ci, fl], L.Concatenate()([m, fl]))
    convz, convr, convq = (L.Conv2D(32, 3, padding="same") for _ in range(3))
    for c in (convz, convr, convq):
        c.build((1, 8, 8, 96))
    head = keras.Sequential([keras.Input((8, 8, 32)), L.Conv2D(64, 3, padding="same", activation="relu"), L.Conv2D(2, 3, padding="same")])
    gy, gx = _grid(8)
    coords0 = np.stack([gx.reshape(-1), gy.reshape(-1)], -1)
    delta = np.stack(np.meshgrid(np.arange(-1, 2), np.arange(-1, 2)), -1).reshape(9, 2).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image1"), tensor_spec([1, 64, 64, 3], name="image2")])
    def serve(image1, image2):
        f1, f2 = fnet(image1 / 127.5 - 1.0, training=False), fnet(image2 / 127.5 - 1.0, training=False)
        corr = tf.matmul(tf.reshape(f1, [64, 64]), tf.reshape(f2, [64, 64]), transpose_b=True) / 8.0
        pyramid = [tf.reshape(corr, [64, 8, 8, 1])]
        pyramid.append(tf.nn.avg_pool2d(pyramid[0], 2, 2, "VALID"))
        h, ctx = tf.split(cnet(image1 / 127.5 - 1.0, training=False), 2, axis=-1)
        h, ctx = tf.tanh(h), tf.nn.relu(ctx)
        flow = tf.zeros([1, 8, 8, 2])
        for _ in range(4):
            coords = coords0 + tf.reshape(flow, [64, 2])
            look = [_bilinear_sample(c, coords[:, None, :] / 2 ** lvl + delta[None])[..., 0] for lvl, c in enumerate(pyramid)]
            mo = menc([tf.reshape(tf.concat(look, -1), [1, 8, 8, 18]), flow], training=False)
            hx = tf.concat([h, ctx, mo], -1)
            z, r = tf.sigmoid(convz(hx)), tf.sigmoid(convr(hx))
            h = (1.0 - z) * h + z * tf.tanh(convq(tf.concat([r * h, ctx, mo], -1)))
            flow = flow + head(h, training=False)
        return {"flow": tf.image.resize(flow, [64, 64], method="bilinear") * 8.0}
    _save(out, {"models": [fnet, cnet, menc, head], "gru": [convz, convr, convq]}, serving_default=serve)


@model("v29_superpoint_nms_topk_descriptor_sampling", "tf-module", "SuperPoint-like keypoint detector / descriptor tf.Module, grayscale float [1,120,160,1]: Keras VGG encoder to stride 8 (15x20), detector head 65 channels -> softmax, dustbin dropped, tf.nn.depth_to_space(8) to a full-resolution heatmap, NMS as equality with tf.nn.max_pool2d(5, stride 1), constant 4-pixel border mask, tf.math.top_k(128) over the flattened map, (x, y) from floormod / floordiv; descriptor head L2-normalized, bilinearly sampled at the keypoints (gather_nd batch_dims=1) and re-normalized -> keypoints [1,128,2], scores, descriptors [1,128,64]")
def b_superpoint(out):
    inp = keras.Input((120, 160, 1))
    x = inp
    for f, pool in ((32, True), (32, True), (64, True), (64, False)):
        x = L.Conv2D(f, 3, padding="same", activation="relu")(L.Conv2D(f, 3, padding="same", activation="relu")(x))
        x = L.MaxPooling2D()(x) if pool else x
    net = keras.Model(inp, [L.Conv2D(65, 1)(L.Conv2D(128, 3, padding="same", activation="relu")(x)),
                            L.Conv2D(64, 1)(L.Conv2D(128, 3, padding="same", activation="relu")(x))])
    border = np.zeros((1, 120, 160, 1), "float32")
    border[:, 4:-4, 4:-4] = 1.0

    @tf.function(input_signature=[tensor_spec([1, 120, 160, 1], name="image")])
    def serve(image):
        semi, coarse = net(image, training=False)
        heat = tf.nn.depth_to_space(tf.nn.softmax(semi)[..., :-1], 8)
        nms = heat * tf.cast(tf.equal(heat, tf.nn.max_pool2d(heat, 5, 1, "SAME")), tf.float32) * border
        top = tf.math.top_k(tf.reshape(nms, [1, -1]), 128)
        kp = tf.cast(tf.stack([tf.math.floormod(top.indices, 160), tf.math.floordiv(top.indices, 160)], -1), tf.float32)
        desc = _bilinear_sample(tf.math.l2_normalize(coarse, -1), (kp + 0.5) / 8.0 - 0.5)
        return {"keypoints": kp, "scores": top.values, "descriptors": tf.math.l2_normalize(desc, -1)}
    _save(out, {"net": net}, serving_default=serve)


@model("v29_patch_descriptor_mutual_nn_matcher", "tf-module", "local-feature matching tf.Module with two signatures: describe(patches float [None,32,32,1]) -> per-patch standardization by tf.nn.moments, HardNet-like Keras CNN (Conv2D / BN / ReLU, strided, 8x8 valid conv to 128, BN without affine), tf.math.l2_normalize -> descriptors [None,128]; match(desc0 [None,128], desc1 [None,128]) -> cosine similarity matmul, argmax both ways, mutual nearest-neighbour check by tf.gather + tf.equal(tf.range), Lowe ratio test on sqrt(2 - 2 s) distances from tf.math.top_k(2) -> matches0 int32 (-1 where unmatched) and match_scores")
def b_matcher(out):
    inp = keras.Input((32, 32, 1))
    x = _cbr(_cbr(_cbr(_cbr(_cbr(_cbr(inp, 16), 16), 32, s=2), 32), 64, s=2), 64)
    net = keras.Model(inp, L.Flatten()(L.BatchNormalization(center=False, scale=False)(L.Conv2D(128, 8, use_bias=False)(x))))

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 1], name="patches")])
    def describe(patches):
        mean, var = tf.nn.moments(patches, axes=[1, 2, 3], keepdims=True)
        return {"descriptors": tf.math.l2_normalize(net((patches - mean) / (tf.sqrt(var) + 1e-7), training=False), -1)}

    @tf.function(input_signature=[tensor_spec([None, 128], name="desc0"), tensor_spec([None, 128], name="desc1")])
    def match(desc0, desc1):
        sim = tf.matmul(desc0, desc1, transpose_b=True)
        nn01, nn10 = tf.argmax(sim, 1, output_type=tf.int32), tf.argmax(sim, 0, output_type=tf.int32)
        mutual = tf.equal(tf.gather(nn10, nn01), tf.range(tf.shape(desc0)[0]))
        d = tf.sqrt(tf.maximum(2.0 - 2.0 * tf.math.top_k(sim, 2).values, 1e-12))
        ok = tf.logical_and(mutual, d[:, 0] < 0.8 * d[:, 1])
        return {"matches0": tf.where(ok, nn01, -tf.ones_like(nn01)), "match_scores": tf.where(ok, tf.reduce_max(sim, 1), 0.0)}
    _save(out, {"net": net}, serving_default=describe, match=match)


FEEDS["v29_patch_descriptor_mutual_nn_matcher"] = lambda rng: {
    "desc0": rng.normal(size=(12, 128)), "desc1": rng.normal(size=(15, 128))}


@model("v29_gem_retrieval_whitening_uint8_dynamic", "keras-export", "image-retrieval global descriptor on dynamic uint8 images [None,None,None,3]: Lambda cast / 255 and ImageNet mean / std, ResNet-lite backbone (Conv2D / BN / ReLU residual blocks with 1x1 projection shortcuts) to stride 16, custom GeM layer with a trainable exponent p = 3 (tf.maximum(x, 1e-6) ** p, spatial reduce_mean, ** 1 / p), custom L2N layer, whitening Dense(64) with bias, L2N -> global descriptor [None,64] (served as output_0); model.export")
def b_gem(out):
    class GeM(L.Layer):
        def build(self, shape):
            self.p = self.add_weight(shape=(), initializer=keras.initializers.Constant(3.0), name="p")

        def call(self, x):
            return tf.pow(tf.reduce_mean(tf.pow(tf.maximum(x, 1e-6), self.p), axis=[1, 2]), 1.0 / self.p)

    class L2N(L.Layer):
        def call(self, x):
            return tf.math.l2_normalize(x, -1)

    def res(x, f, s):
        y = _cbr(_cbr(x, f, s=s), f, act=None)
        return L.ReLU()(L.Add()([y, _cbr(x, f, k=1, s=s, act=None)]))
    inp = keras.Input((None, None, 3), dtype="uint8", name="image")
    x = L.Lambda(lambda t: (tf.cast(t, tf.float32) / 255.0 - [0.485, 0.456, 0.406]) / [0.229, 0.224, 0.225],
                 output_shape=(None, None, 3))(inp)
    x = _cbr(x, 32, s=2)
    for f, s in ((32, 2), (64, 2), (96, 2), (128, 1)):
        x = res(x, f, s)
    _export(keras.Model(inp, L2N(name="global_descriptor")(L.Dense(64)(L2N()(GeM()(x))))), out)


@model("v29_facenet_inception_l2norm_gallery_frozen", "frozen-pb", "FaceNet-style face embedder frozen with convert_variables_to_constants_v2, fixed float [1,112,112,3] (0-255): tf.image.per_image_standardization (prewhiten), Keras inception-lite network (1x1 / 3x3 / double-3x3 / pooled-1x1 branches concatenated, MaxPooling2D between), GlobalAveragePooling2D, Dropout, Dense(128, no bias) + BatchNormalization(scale=False) bottleneck, tf.math.l2_normalize(epsilon 1e-10) -> embeddings [1,128]; squared distances 2 - 2 cos to a constant gallery of 20 unit embeddings, tf.math.top_k(3) -> gallery_ids, gallery_distances")
def b_facenet(out):
    def incep(x, f):
        b3 = _cbr(_cbr(_cbr(x, f // 4, k=1), f // 2), f // 2)
        return L.Concatenate()([_cbr(x, f, k=1), _cbr(_cbr(x, f // 2, k=1), f), b3, _cbr(L.MaxPooling2D(3, 1, "same")(x), f // 2, k=1)])
    inp = keras.Input((112, 112, 3), batch_size=1)
    x = L.MaxPooling2D(3, 2, "same")(_cbr(inp, 32, s=2))
    for f in (32, 48, 64):
        x = L.MaxPooling2D(3, 2, "same")(incep(x, f))
    x = L.Dense(128, use_bias=False)(L.Dropout(0.2)(L.GlobalAveragePooling2D()(x)))
    net = keras.Model(inp, L.BatchNormalization(scale=False)(x))
    g = np.random.default_rng(32).normal(size=(20, 128)).astype("float32")
    gallery = g / np.linalg.norm(g, axis=1, keepdims=True)

    def fn(image):
        e = tf.math.l2_normalize(net(tf.image.per_image_standardization(image), training=False), 1, 1e-10)
        top = tf.math.top_k(-(2.0 - 2.0 * tf.matmul(e, gallery, transpose_b=True)), 3)
        return [tf.identity(e, name="embeddings"), tf.identity(top.indices, name="gallery_ids"),
                tf.identity(-top.values, name="gallery_distances")]
    _freeze(fn, [tensor_spec([1, 112, 112, 3], name="image")], out)


OUTPUTS["v29_facenet_inception_l2norm_gallery_frozen"] = ["embeddings", "gallery_ids", "gallery_distances"]


# ================================================================================ video

@model("v29_c3d_tiny_clip_classifier", "keras-export", "C3D-tiny action classifier on clips float [None,8,64,64,3]: Conv3D 3x3x3 (16, 32, 64, 64) with MaxPooling3D (1,2,2) then (2,2,2), GlobalAveragePooling3D, Dense(64) + Dropout, Dense(10, softmax); model.export")
def b_c3d(out):
    inp = keras.Input((8, 64, 64, 3), name="clip")
    x = L.MaxPooling3D((1, 2, 2))(L.Conv3D(16, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling3D(2)(L.Conv3D(32, 3, padding="same", activation="relu")(x))
    x = L.MaxPooling3D(2)(L.Conv3D(64, 3, padding="same", activation="relu")(L.Conv3D(64, 3, padding="same", activation="relu")(x)))
    x = L.Dropout(0.5)(L.Dense(64, activation="relu")(L.GlobalAveragePooling3D()(x)))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(x)), out)


@model("v29_r2plus1d_conv3d_uint8_module", "tf-module", "R(2+1)D-lite action recognizer tf.Module of raw variables, uint8 video [1,8,64,64,3]: cast / 255 and Kinetics mean / std, (2+1)D factorized convs as tf.nn.conv3d with [1,3,3] spatial then [3,1,1] temporal kernels (batch norm folded into biases), residual blocks with spatial and temporal strides and 1x1x1 stride-2 projection shortcuts, mean over T / H / W, dense -> logits [1,60], softmax probabilities, tf.math.top_k(5) classes")
def b_r21d(out):
    rng = np.random.default_rng(34)

    def c21(cin, cout, mid, name):
        return [_vars(rng, [1, 3, 3, cin, mid], name + "_s"), _vars(rng, [mid], name + "_sb", 0.0),
                _vars(rng, [3, 1, 1, mid, cout], name + "_t"), _vars(rng, [cout], name + "_tb", 0.0)]
    stem, b1 = c21(3, 24, 16, "stem"), [c21(24, 24, 24, "b1a"), c21(24, 24, 24, "b1b")]
    b2, b3 = [c21(24, 48, 32, "b2a"), c21(48, 48, 48, "b2b")], [c21(48, 64, 48, "b3a"), c21(64, 64, 64, "b3b")]
    proj = [_vars(rng, [1, 1, 1, 24, 48], "b2_proj"), _vars(rng, [1, 1, 1, 48, 64], "b3_proj")]
    fc = [_vars(rng, [64, 60], "fc"), _vars(rng, [60], "fc_b", 0.0)]

    def conv21(x, p, ss=1, st=1):
        x = tf.nn.relu(tf.nn.conv3d(x, p[0], [1, 1, ss, ss, 1], "SAME") + p[1])
        return tf.nn.conv3d(x, p[2], [1, st, 1, 1, 1], "SAME") + p[3]

    @tf.function(input_signature=[tensor_spec([1, 8, 64, 64, 3], "uint8", "video")])
    def serve(video):
        x = (tf.cast(video, tf.float32) / 255.0 - [0.43216, 0.394666, 0.37645]) / [0.22803, 0.22145, 0.216989]
        x = tf.nn.relu(conv21(x, stem, ss=2))
        x = tf.nn.relu(x + conv21(tf.nn.relu(conv21(x, b1[0])), b1[1]))
        for (a, b), p in zip((b2, b3), proj):
            x = tf.nn.relu(tf.nn.conv3d(x, p, [1, 2, 2, 2, 1], "SAME") + conv21(tf.nn.relu(conv21(x, a, ss=2, st=2)), b))
        logits = tf.matmul(tf.reduce_mean(x, axis=[1, 2, 3]), fc[0]) + fc[1]
        top = tf.math.top_k(logits, 5)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits), "top5_classes": top.indices}
    _save(out, {"params": [stem, b1, b2, b3, proj, fc]}, serving_default=serve)


@model("v29_tsm_temporal_shift_slice_and_roll", "keras-export", "TSM (temporal shift module) gesture recognizer as a subclassed Keras Model exported with an explicit signature, frames float [None,8,64,64,3]: frames folded into the batch (tf.reshape to [B*8,64,64,3]), 2D residual blocks each preceded by a custom TemporalShift layer moving 1/8 of the channels back and 1/8 forward along time -- zero-filled slice + concat in three blocks, circular tf.roll in the last -- GlobalAveragePooling2D, Dense(27) per frame, reshape to [B,8,27] and consensus mean -> logits; model.export")
def b_tsm(out):
    class TemporalShift(L.Layer):
        def __init__(self, circular=False, **kw):
            super().__init__(**kw)
            self.circular = circular

        def call(self, x):
            c, fold = x.shape[-1], x.shape[-1] // 8
            x5 = tf.reshape(x, [-1, 8, x.shape[1], x.shape[2], c])
            a, b, rest = x5[..., :fold], x5[..., fold:2 * fold], x5[..., 2 * fold:]
            a, b = ((tf.roll(a, -1, axis=1), tf.roll(b, 1, axis=1)) if self.circular else
                    (tf.concat([a[:, 1:], tf.zeros_like(a[:, :1])], 1), tf.concat([tf.zeros_like(b[:, :1]), b[:, :-1]], 1)))
            return tf.reshape(tf.concat([a, b, rest], -1), tf.shape(x))

    class TSMNet(keras.Model):
        def __init__(self):
            super().__init__()
            self.stem = [L.Conv2D(16, 3, 2, padding="same", use_bias=False), L.BatchNormalization(), L.ReLU()]
            cfg = ((16, 1, False), (32, 2, False), (64, 2, False), (64, 1, True))
            self.shifts = [TemporalShift(circ) for _, _, circ in cfg]
            self.bodies = [keras.Sequential([L.Conv2D(f, 3, s, padding="same"), L.BatchNormalization(), L.ReLU(),
                                             L.Conv2D(f, 3, padding="same"), L.BatchNormalization()]) for f, s, _ in cfg]
            self.projs = [L.Conv2D(f, 1, s) if s > 1 else L.Identity() for f, s, _ in cfg]
            self.pool, self.fc = L.GlobalAveragePooling2D(), L.Dense(27)

        def call(self, frames, training=False):
            x = tf.reshape(frames, [-1, 64, 64, 3])
            for layer in self.stem:
                x = layer(x, training=training)
            for shift, body, proj in zip(self.shifts, self.bodies, self.projs):
                x = tf.nn.relu(body(shift(x), training=training) + proj(x))
            return tf.reduce_mean(tf.reshape(self.fc(self.pool(x)), [-1, 8, 27]), axis=1)
    m = TSMNet()
    m(np.zeros((1, 8, 64, 64, 3), "float32"))
    _export(m, out, sig=[tensor_spec([None, 8, 64, 64, 3], name="frames")])


@model("v29_movinet_stream_buffers_three_signatures", "tf-module", "MoViNet-like streaming video classifier (tf.Module of raw variables, hard-swish) with causal (2+1)D convs whose temporal context lives in stream buffers passed as inputs and returned as outputs; signatures: call(image [1,1,96,96,3], state_b0_stream_buffer [1,2,24,24,24], state_b1_stream_buffer [1,2,12,12,48], state_pool_buffer [1,48], state_pool_frame_count int32 [1]) -> logits + the new states (buffers = last 2 frames of tf.concat(buffer, x) on the time axis, temporal tf.nn.conv3d VALID; cumulative global average pooling as running sum / frame count); init_states() -> zero states; clip(video [1,8,96,96,3]) -> logits with zero buffers (causal over the whole clip)")
def b_movinet(out):
    rng = np.random.default_rng(36)
    p = {"stem": _vars(rng, [1, 3, 3, 3, 16], "stem"), "s0": _vars(rng, [1, 3, 3, 16, 24], "b0_spatial"),
         "t0": _vars(rng, [3, 1, 1, 24, 24], "b0_temporal"), "s1": _vars(rng, [1, 3, 3, 24, 48], "b1_spatial"),
         "t1": _vars(rng, [3, 1, 1, 48, 48], "b1_temporal"), "fc0": _vars(rng, [48, 64], "head0"), "fc1": _vars(rng, [64, 20], "head1")}
    _hswish = lambda x: x * tf.nn.relu6(x + 3.0) / 6.0  # noqa: E731 - hard-swish
    zeros = {"state_b0_stream_buffer": [1, 2, 24, 24, 24], "state_b1_stream_buffer": [1, 2, 12, 12, 48], "state_pool_buffer": [1, 48]}

    def forward(x, buf0, buf1, pool_sum, count):
        x = _hswish(tf.nn.conv3d(x, p["stem"], [1, 1, 2, 2, 1], "SAME"))
        new = []
        for s, t, buf in (("s0", "t0", buf0), ("s1", "t1", buf1)):
            x = _hswish(tf.nn.conv3d(x, p[s], [1, 1, 2, 2, 1], "SAME"))
            xc = tf.concat([buf, x], axis=1)
            x = _hswish(tf.nn.conv3d(xc, p[t], [1, 1, 1, 1, 1], "VALID"))
            new.append(xc[:, -2:])
        pool_sum = pool_sum + tf.reduce_sum(tf.reduce_mean(x, axis=[2, 3]), axis=1)
        count = count + tf.shape(x)[1]
        logits = tf.matmul(_hswish(tf.matmul(pool_sum / tf.cast(count, tf.float32)[:, None], p["fc0"])), p["fc1"])
        return logits, new, pool_sum, count

    @tf.function(input_signature=[tensor_spec([1, 1, 96, 96, 3], name="image")] + [tensor_spec(s, name=k) for k, s in zeros.items()]
                 + [tensor_spec([1], "int32", "state_pool_frame_count")])
    def call(image, state_b0_stream_buffer, state_b1_stream_buffer, state_pool_buffer, state_pool_frame_count):
        logits, (b0, b1), ps, n = forward(image, state_b0_stream_buffer, state_b1_stream_buffer, state_pool_buffer, state_pool_frame_count)
        return {"logits": logits, "state_b0_stream_buffer": b0, "state_b1_stream_buffer": b1, "state_pool_buffer": ps,
                "state_pool_frame_count": n}

    @tf.function(input_signature=[])
    def init_states():
        return {**{k: tf.zeros(s) for k, s in zeros.items()}, "state_pool_frame_count": tf.zeros([1], tf.int32)}

    @tf.function(input_signature=[tensor_spec([1, 8, 96, 96, 3], name="video")])
    def clip(video):
        z = {k: tf.zeros(s) for k, s in zeros.items()}
        return {"logits": forward(video, *z.values(), tf.zeros([1], tf.int32))[0]}
    _save(out, {"params": p}, serving_default=call, init_states=init_states, clip=clip)


@model("v29_slowfast_lite_lateral_conv3d", "keras-export", "SlowFast-lite action recognizer, frames float [None,16,64,64,3]: slow pathway on every 4th frame (Lambda strided slice t[:, ::4]) with (1,3,3) Conv3D then a (3,1,1) temporal Conv3D, fast pathway on all 16 frames with 1/4 of the channels and (5,3,3) / (3,3,3) Conv3D, time-strided (5,1,1) stride (4,1,1) lateral Conv3D connections concatenated into the slow path twice, MaxPooling3D, GlobalAveragePooling3D of both paths, Concatenate, Dropout, Dense(10, softmax); model.export")
def b_slowfast(out):
    inp = keras.Input((16, 64, 64, 3), name="frames")
    slow = L.Lambda(lambda t: t[:, ::4], output_shape=(4, 64, 64, 3))(inp)
    fast = L.Conv3D(8, (5, 3, 3), strides=(1, 2, 2), padding="same", activation="relu")(inp)
    slow = L.Conv3D(32, (1, 3, 3), strides=(1, 2, 2), padding="same", activation="relu")(slow)
    slow = L.Concatenate()([slow, L.Conv3D(16, (5, 1, 1), strides=(4, 1, 1), padding="same")(fast)])
    slow, fast = L.MaxPooling3D((1, 2, 2))(slow), L.MaxPooling3D((1, 2, 2))(fast)
    fast = L.Conv3D(16, 3, strides=(1, 2, 2), padding="same", activation="relu")(fast)
    slow = L.Conv3D(64, (1, 3, 3), strides=(1, 2, 2), padding="same", activation="relu")(slow)
    slow = L.Conv3D(64, (3, 1, 1), padding="same", activation="relu")(slow)
    slow = L.Concatenate()([slow, L.Conv3D(32, (5, 1, 1), strides=(4, 1, 1), padding="same")(fast)])
    x = L.Concatenate()([L.GlobalAveragePooling3D()(slow), L.GlobalAveragePooling3D()(fast)])
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(L.Dropout(0.5)(x))), out)


@model("v29_convlstm2d_frame_prediction_saved", "saved-model", "next-frame predictor saved with plain tf.saved_model.save(keras_model), frames float [None,6,32,32,1]: Keras ConvLSTM2D(16, 3, return_sequences) + BatchNormalization twice, ConvLSTM2D(16, 1), Conv3D(1, 3x3x3, sigmoid, same) -> predicted frames [None,6,32,32,1] (output_0) (the Keras next-frame-prediction example, shrunk)")
def b_convlstm(out):
    inp = keras.Input((6, 32, 32, 1), name="frames")
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(inp))
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(x))
    x = L.ConvLSTM2D(16, 1, padding="same", return_sequences=True)(x)
    _saved(keras.Model(inp, L.Conv3D(1, 3, padding="same", activation="sigmoid", name="predicted_frames")(x)), out)


@model("v29_frame_difference_motion_gate_cond", "tf-module", "always-on camera classifier gated by motion, tf.Module: frame / previous_frame uint8 [1,120,160,3], previous_logits float [1,5]; tf.image.rgb_to_grayscale of both, absolute frame difference / 255, 5x5 tf.nn.avg_pool2d blur, threshold 12/255 -> motion mask and motion fraction; tf.cond(fraction > 0.02) runs a Keras depthwise-separable CNN on the frame resized by tf.image.resize area to 60x80, else passes previous_logits through; outputs logits, motion_mask uint8, motion_fraction, ran_classifier (bool)")
def b_motion(out):
    inp = keras.Input((60, 80, 3))
    x = _dws(_dws(_cbr(inp, 16, s=2), 32, s=2), 64, s=2)
    net = keras.Model(inp, L.Dense(5)(L.GlobalAveragePooling2D()(x)))

    @tf.function(input_signature=[tensor_spec([1, 120, 160, 3], "uint8", "frame"), tensor_spec([1, 120, 160, 3], "uint8", "previous_frame"),
                                  tensor_spec([1, 5], name="previous_logits")])
    def serve(frame, previous_frame, previous_logits):
        cur, prev = (tf.image.rgb_to_grayscale(tf.cast(f, tf.float32)) for f in (frame, previous_frame))
        mask = tf.cast(tf.nn.avg_pool2d(tf.abs(cur - prev) / 255.0, 5, 1, "SAME") > 12.0 / 255.0, tf.float32)
        frac = tf.reduce_mean(mask)
        moving = frac > 0.02
        logits = tf.cond(moving, lambda: net(tf.image.resize(tf.cast(frame, tf.float32) / 255.0, [60, 80], method="area"), training=False),
                         lambda: previous_logits)
        return {"logits": logits, "motion_mask": tf.cast(mask * 255.0, tf.uint8), "motion_fraction": frac, "ran_classifier": moving}
    _save(out, {"net": net}, serving_default=serve)


@model("v29_tf1_convlstm_gesture_unrolled_frozen", "frozen-pb", "TF1 dynamic-gesture recognizer frozen with graph_util.convert_variables_to_constants: frames float [1,4,48,48,3] in [0,1] scaled to [-1,1], frame differences (x[t] - x[t-1], zeros for the first) concatenated to each frame, shared get_variable conv encoder (variable_scope reuse=AUTO_REUSE) to 12x12, a ConvLSTM cell written by hand (one conv on concat(x, h) split into i / f / g / o) unrolled over the 4 frames, spatial mean, dense -> gesture_probs softmax [1,9] and gesture_id argmax int64")
def b_tf1_convlstm(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [1, 4, 48, 48, 3], name="frames") * 2.0 - 1.0
        diffs = tf.concat([tf.zeros_like(x[:, :1]), x[:, 1:] - x[:, :-1]], 1)
        h = c = tf.zeros([1, 12, 12, 32])
        for t in range(4):
            with v1.variable_scope("encoder", reuse=v1.AUTO_REUSE):
                e = _v1_conv(_v1_conv(tf.concat([x[:, t], diffs[:, t]], -1), "conv1", 16, s=2), "conv2", 32, s=2)
            with v1.variable_scope("convlstm", reuse=v1.AUTO_REUSE):
                i, f, g, o = tf.split(_v1_conv(tf.concat([e, h], -1), "gates", 128, act=None), 4, axis=-1)
            c = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(g)
            h = tf.sigmoid(o) * tf.tanh(c)
        probs = tf.nn.softmax(_v1_lin(tf.reduce_mean(h, [1, 2]), "logits", 9), name="gesture_probs")
        return [probs, tf.argmax(probs, 1, name="gesture_id")]
    _v1_freeze(out, build)


OUTPUTS["v29_tf1_convlstm_gesture_unrolled_frozen"] = ["gesture_probs", "gesture_id"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
