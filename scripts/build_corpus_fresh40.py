"""Build an independently made corpus into bench/out/fresh40/: vision models whose pre- and post-processing is written
with the tf.image API inside the graph, the way camera apps, document scanners, medical-imaging tools and inspection
systems ship them. Colour and tone (adjust_brightness / contrast / gamma / saturation / hue, rgb_to_hsv / hsv_to_rgb,
rgb_to_yuv / yuv_to_rgb, rgb_to_grayscale / grayscale_to_rgb, per_image_standardization, per-image parameters applied
with tf.map_fn); geometry (central_crop, crop_to_bounding_box / pad_to_bounding_box with tensor offsets,
resize_with_pad letterboxing, resize_with_crop_or_pad, tf.image.resize with every method -- bilinear, nearest, bicubic,
area, lanczos3, lanczos5, gaussian, mitchellcubic -- with and without antialias, the TF1 resize_bilinear with
align_corners, flip_left_right / flip_up_down / rot90 (constant and data-dependent k) / transpose test-time
augmentation, tf.raw_ops.ImageProjectiveTransformV3 rotations, affine spatial transformers and homographies solved
with tf.linalg.solve, depth_to_space / space_to_depth); analysis (sobel_edges, image_gradients, total_variation,
ssim / ssim_multiscale / psnr as model outputs); regions and detection (crop_and_resize bilinear / nearest,
extract_glimpse, extract_patches with strides and rates, draw_bounding_boxes, non_max_suppression v3, the raw
NonMaxSuppressionV4, non_max_suppression_with_scores (v5, soft-NMS), the batched non_max_suppression_padded,
non_max_suppression_overlaps, combined_non_max_suppression); codecs and dtypes (convert_image_dtype uint8 <-> float
with saturate, decode_jpeg / decode_png / decode_image on string inputs, encode_png on outputs); seeded augmentation
(tf.image.stateless_random_crop / flip / brightness / contrast / hue / saturation / jpeg_quality and
stateless_sample_distorted_bounding_box with a seed input). tf.image.generate_bounding_box_proposals is left out: it has
only a GPU kernel here, so such a model could not be run by --check. Models: classifiers, segmenters, detector heads,
super-resolution nets, image-quality scorers, document deskewers / rectifiers, colour constancy, low-light enhancement,
TTA ensembles, a recurrent attention model, a ViT. Shapes mix fixed batch 1 uint8 / float32 (on-device), None batch and
None height / width. Exported with Keras 3 model.export (batch-1 signatures where the app is on-device),
keras.export.ExportArchive (several endpoints), tf.saved_model.save of tf.Modules with explicit signatures (several
where a service serves several), TF2 functions frozen with convert_variables_to_constants_v2, TF1 graphs frozen with
graph_util.convert_variables_to_constants and one TF1 SavedModelBuilder graph. Seeded random weights; nothing is
downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh40.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh40.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh40.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh40.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh40.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh40", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (valid boxes, encoded JPEG / PNG bytes, seeds, offsets): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
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


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps the Input's batch
    size (1) in the exported signature (a single-input model), else Keras relaxes the batch to None"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=specs if fixed else None)


def _archive(out, tracked, **endpoints):
    """keras.export.ExportArchive: track the Keras models, add each endpoint name=(fn, [specs]) after running it once
    eagerly on the --check inputs, write_out"""
    archive = keras.export.ExportArchive()
    for m in tracked:
        archive.track(m)
    for k, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, k)
        fn(*[vals[s.name] for s in specs])
        archive.add_endpoint(k, fn, input_signature=specs)
    archive.write_out(str(out), verbose=False)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_graph(out, build):
    """TF1 graph: build() makes placeholders / variables and returns what it needs; initialized and run once on the
    --check inputs inside the session handed to `finish(sess, graph, built)`"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        built = build()
        init = v1.global_variables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    return g, init, phs, vals, built


def _v1_freeze(out, build):
    """TF1 graph whose build() returns the output tensors: initialize, run once, graph_util.convert_variables_to_constants
    to the output node names"""
    v1 = tf.compat.v1
    g, init, phs, vals, outputs = _v1_graph(out, build)
    with v1.Session(graph=g) as s:
        s.run(init)
        s.run(outputs, {phs[k]: v.numpy() for k, v in vals.items()})
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_saved_model(out, build):
    """TF1 SavedModelBuilder graph: build() returns {signature: (inputs dict, outputs dict)}; run once, save with
    predict signatures under the serve tag"""
    v1 = tf.compat.v1
    g, init, phs, vals, sigs = _v1_graph(out, build)
    with v1.Session(graph=g) as s:
        s.run(init)
        for _, (_, o) in sigs.items():
            s.run(o, {phs[k]: v.numpy() for k, v in vals.items()})
        b = v1.saved_model.Builder(str(out))
        b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
            k: v1.saved_model.predict_signature_def(i, o) for k, (i, o) in sigs.items()})
        b.save()


def _v1_conv(x, name, cout, k=3, s=1, act=None, bias=True):
    """TF1 conv layer: get_variable kernel (glorot) / bias (zeros), tf.nn.conv2d SAME, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("kernel", [k, k, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        y = tf.nn.conv2d(x, w, s, "SAME")
        if bias:
            y = tf.nn.bias_add(y, v1.get_variable("bias", [cout], initializer=v1.zeros_initializer()))
        return act(y) if act else y


def _blocks(x, widths, pool=True, bn=True, k=3):
    """Keras Conv2D (+ BatchNormalization) + ReLU (+ MaxPooling2D) per width"""
    for f in widths:
        x = L.Conv2D(f, k, padding="same", use_bias=not bn)(x)
        if bn:
            x = L.BatchNormalization()(x)
        x = L.ReLU()(x)
        if pool:
            x = L.MaxPooling2D()(x)
    return x


def _classifier(shape, n, widths=(16, 32, 64), act=None, name="classifier"):
    """small Keras CNN classifier: _blocks, GlobalAveragePooling2D, Dense(64, relu), Dense(n)"""
    inp = keras.Input(shape)
    x = L.Dense(64, activation="relu")(L.GlobalAveragePooling2D()(_blocks(inp, widths)))
    return keras.Model(inp, L.Dense(n, activation=act)(x), name=name)


def _segmenter(shape, n, widths=(16, 32), act="softmax", name="segmenter"):
    """small Keras encoder-decoder: conv + MaxPooling2D down, UpSampling2D + Concatenate skip up, Conv2D(n, 1)"""
    inp = keras.Input(shape)
    skips, x = [], inp
    for f in widths:
        x = _blocks(x, [f], pool=False)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = _blocks(x, [widths[-1] * 2], pool=False)
    for f, s in zip(reversed(widths), reversed(skips)):
        x = _blocks(L.Concatenate()([L.UpSampling2D()(x), s]), [f], pool=False)
    return keras.Model(inp, L.Conv2D(n, 1, activation=act)(x), name=name)


def _anchors(grid, scales):
    """[grid*grid*len(scales), 4] (cy, cx, h, w) normalized anchors, ordered as a conv head reshaped [H, W, A, ...]"""
    c = (np.arange(grid) + 0.5) / grid
    cy, cx = np.meshgrid(c, c, indexing="ij")
    a = [[y, x, s, s] for y, x in zip(cy.ravel(), cx.ravel()) for s in scales]
    return np.array(a, "float32")


def _decode(deltas, anchors):
    """SSD box decoding with variances 0.1 / 0.2: deltas [..., 4] (dy, dx, dh, dw) + anchors -> clipped
    (ymin, xmin, ymax, xmax)"""
    a = tf.constant(anchors)
    cy = a[:, 0] + 0.1 * deltas[..., 0] * a[:, 2]
    cx = a[:, 1] + 0.1 * deltas[..., 1] * a[:, 3]
    h = a[:, 2] * tf.exp(tf.clip_by_value(0.2 * deltas[..., 2], -4.0, 4.0))
    w = a[:, 3] * tf.exp(tf.clip_by_value(0.2 * deltas[..., 3], -4.0, 4.0))
    return tf.clip_by_value(tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], axis=-1), 0.0, 1.0)


def _boxes(rng, n):
    """n valid normalized (ymin, xmin, ymax, xmax) boxes"""
    lo = rng.uniform(0.0, 0.5, (n, 2))
    return np.concatenate([lo, lo + rng.uniform(0.2, 0.5, (n, 2))], axis=1).astype("float32")


def _encoded(rng, h, w, fmt="jpeg"):
    """bytes of a random-content h x w RGB image encoded as JPEG or PNG (made with tf.io at feed time)"""
    img = (rng.random((h, w, 3)) * 255).astype("uint8")
    return (tf.io.encode_jpeg(img, quality=90) if fmt == "jpeg" else tf.io.encode_png(img)).numpy()


def _conv_vars(seed, shapes, name):
    """raw tf.Variable conv kernels (he-normal) and zero biases for hand-written tf.nn.conv2d nets"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / np.prod(s[:3])), s).astype("float32"), name=f"{name}_k{i}"),
             tf.Variable(np.zeros(s[-1], "float32"), name=f"{name}_b{i}")) for i, s in enumerate(shapes)]


def _conv_stack(params, x, act=None, last_act=None):
    """apply _conv_vars: conv2d SAME + bias, relu between layers"""
    for i, (k, b) in enumerate(params):
        x = tf.nn.conv2d(x, k, 1, "SAME") + b
        x = (act or tf.nn.relu)(x) if i < len(params) - 1 else (last_act(x) if last_act else x)
    return x


# ================================================================================ colour and tone

@model("s40_camera_uint8_brightness_contrast_antialias_classifier", "keras-export", "on-device camera classifier, uint8 [1,160,160,3] frame: Lambda tf.image.convert_image_dtype to float32, adjust_brightness(+0.05) + adjust_contrast(1.2) + clip_by_value, tf.image.resize 96x96 bilinear antialias=True, 3 Conv2D + BatchNormalization + ReLU + MaxPooling2D, GlobalAveragePooling2D, Dense(5, softmax); model.export with a batch-1 uint8 signature")
def b_camera(out):
    inp = keras.Input((160, 160, 3), batch_size=1, dtype="uint8", name="camera_frame")
    x = L.Lambda(lambda t: tf.image.convert_image_dtype(t, tf.float32), name="to_float")(inp)
    x = L.Lambda(lambda t: tf.clip_by_value(tf.image.adjust_contrast(tf.image.adjust_brightness(t, 0.05), 1.2), 0.0, 1.0),
                 name="tone")(x)
    x = L.Lambda(lambda t: tf.image.resize(t, (96, 96), method="bilinear", antialias=True), name="resize")(x)
    x = L.GlobalAveragePooling2D()(_blocks(x, (16, 32, 64)))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="probabilities")(x)), out, fixed=True)


@model("s40_hsv_hue_saturation_tta_ensemble", "tf-module", "colour-robust classifier tf.Module, images float [None,64,64,3]: six test-time views (identity, adjust_hue +0.04 / -0.04, adjust_saturation 1.25, value channel scaled 0.85 through rgb_to_hsv / hsv_to_rgb, flip_left_right) through one Keras CNN, softmax per view averaged -> probabilities [None,6] and view_probabilities [None,6,6]")
def b_hsv_tta(out):
    clf = _classifier((64, 64, 3), 6)

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def serve(images):
        hsv = tf.image.rgb_to_hsv(images)
        darker = tf.image.hsv_to_rgb(tf.stack([hsv[..., 0], hsv[..., 1], hsv[..., 2] * 0.85], axis=-1))
        views = [images, tf.image.adjust_hue(images, 0.04), tf.image.adjust_hue(images, -0.04),
                 tf.image.adjust_saturation(images, 1.25), darker, tf.image.flip_left_right(images)]
        probs = tf.stack([tf.nn.softmax(clf(v, training=False)) for v in views], axis=1)
        return {"probabilities": tf.reduce_mean(probs, axis=1), "view_probabilities": probs}
    _save(out, {"model": clf}, serving_default=serve)


@model("s40_espcn_yuv_luma_depth_to_space_superres", "keras-export", "ESPCN x3 super-resolution on any size, float [None,None,None,3]: Lambda tf.image.rgb_to_yuv, Conv2D 32 (5x5, tanh) / 16 / 9 on the Y channel, tf.nn.depth_to_space(3); U/V upscaled with tf.image.resize bicubic to 3x the dynamic size (tf.shape); concat, tf.image.yuv_to_rgb, clip -> high_res [None,None,None,3]; model.export")
def b_espcn(out):
    inp = keras.Input((None, None, 3), name="low_res")
    yuv = L.Lambda(tf.image.rgb_to_yuv, name="rgb_to_yuv")(inp)
    y = L.Lambda(lambda t: t[..., :1], name="luma")(yuv)
    uv = L.Lambda(lambda t: t[..., 1:], name="chroma")(yuv)
    f = L.Conv2D(9, 3, padding="same")(L.Conv2D(16, 3, padding="same", activation="tanh")(
        L.Conv2D(32, 5, padding="same", activation="tanh")(y)))
    y_up = L.Lambda(lambda t: tf.nn.depth_to_space(t, 3), name="pixel_shuffle")(f)
    uv_up = L.Lambda(lambda t: tf.image.resize(t, tf.shape(t)[1:3] * 3, method="bicubic"), name="chroma_up")(uv)
    rgb = L.Lambda(lambda t: tf.clip_by_value(tf.image.yuv_to_rgb(tf.concat(t, axis=-1)), 0.0, 1.0), name="high_res")([y_up, uv_up])
    _export(keras.Model(inp, rgb), out)


@model("s40_doc_scanner_grayscale_binarizer_unet", "keras-export", "document-scanner binarizer, uint8 page [1,128,96,3]: Lambda convert_image_dtype + rgb_to_grayscale + per_image_standardization, 2-level U-Net (Conv2D + BatchNormalization + ReLU, MaxPooling2D, UpSampling2D, Concatenate skips) -> ink_probability sigmoid [1,128,96,1]; binarized page as tf.where threshold -> grayscale_to_rgb -> convert_image_dtype(uint8, saturate=True) [1,128,96,3]; model.export with a batch-1 signature")
def b_docbin(out):
    inp = keras.Input((128, 96, 3), batch_size=1, dtype="uint8", name="page")
    g = L.Lambda(lambda t: tf.image.per_image_standardization(tf.image.rgb_to_grayscale(
        tf.image.convert_image_dtype(t, tf.float32))), name="gray_standardize")(inp)
    seg = _segmenter((128, 96, 1), 1, act="sigmoid")
    mask = L.Identity(name="ink_probability")(seg(g))
    page = L.Lambda(lambda m: tf.image.convert_image_dtype(tf.image.grayscale_to_rgb(
        tf.where(m > 0.5, 0.0, 1.0)), tf.uint8, saturate=True), name="binarized_rgb")(mask)
    _export(keras.Model(inp, {"ink_probability": mask, "binarized_rgb": page}), out, fixed=True)


@model("s40_ct_window_gamma_space_to_depth_unet", "keras-export", "CT slice segmenter, HU values float [None,128,128,1]: Lambda soft-tissue window ((HU+160)/400 clipped), tf.image.adjust_gamma(0.8), per_image_standardization; encoder tf.nn.space_to_depth(2) twice with Conv2D 32 / 64, decoder tf.nn.depth_to_space(2) twice with a Concatenate skip, Conv2D(3, softmax) -> organ probabilities [None,128,128,3]; model.export")
def b_ct(out):
    inp = keras.Input((128, 128, 1), name="ct_slice_hu")
    x = L.Lambda(lambda t: tf.image.per_image_standardization(tf.image.adjust_gamma(
        tf.clip_by_value((t + 160.0) / 400.0, 0.0, 1.0), gamma=0.8)), name="window")(inp)
    s2d = L.Lambda(lambda t: tf.nn.space_to_depth(t, 2))
    d2s = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))
    e1 = L.Conv2D(32, 3, padding="same", activation="relu")(s2d(x))
    e2 = L.Conv2D(64, 3, padding="same", activation="relu")(L.Lambda(lambda t: tf.nn.space_to_depth(t, 2))(e1))
    e2 = L.Conv2D(64, 3, padding="same", activation="relu")(e2)
    d1 = L.Conv2D(32, 3, padding="same", activation="relu")(L.Concatenate()([d2s(e2), e1]))
    d0 = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(d1)
    _export(keras.Model(inp, L.Conv2D(3, 3, padding="same", activation="softmax", name="organs")(d0)), out)


FEEDS["s40_ct_window_gamma_space_to_depth_unet"] = lambda rng: {"ct_slice_hu": rng.uniform(-1000, 1000, (2, 128, 128, 1))}


@model("s40_predicted_gamma_contrast_map_fn_enhancer", "tf-module", "auto-enhance tf.Module, images float [None,64,64,3]: Keras CNN predicts per-image gamma (exp 0.5 tanh), contrast factor and brightness delta; tf.map_fn over (image, gamma, contrast, delta) applying tf.image.adjust_gamma (tensor gamma, with its non-negativity assert), adjust_contrast, adjust_brightness, then clip -> enhanced [None,64,64,3] and the parameters")
def b_mapfn_enhance(out):
    net = _classifier((64, 64, 3), 3, widths=(8, 16, 32), name="enhance_params")

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def serve(images):
        p = tf.tanh(net(images, training=False))
        gamma, contrast, delta = tf.exp(0.5 * p[:, 0]), 1.0 + 0.5 * p[:, 1], 0.1 * p[:, 2]

        def one(a):
            img, g, c, d = a
            return tf.image.adjust_brightness(tf.image.adjust_contrast(tf.image.adjust_gamma(img, g), c), d)
        enhanced = tf.map_fn(one, (images, gamma, contrast, delta), fn_output_signature=tf.float32)
        return {"enhanced": tf.clip_by_value(enhanced, 0.0, 1.0), "gamma": gamma, "contrast": contrast, "brightness": delta}
    _save(out, {"model": net}, serving_default=serve)


@model("s40_zero_dce_lowlight_uint8_saturate", "keras-export", "Zero-DCE low-light enhancer for a phone camera, uint8 [1,None,None,3]: Lambda convert_image_dtype to float, DCE-Net (7 Conv2D 32 relu with Concatenate skips, Conv2D(24, tanh) curve maps), 8 light-enhancement curve iterations x + a(x - x^2) in a Lambda, convert_image_dtype back to uint8 with saturate=True -> enhanced uint8 plus curve_params; model.export with a batch-1, None height/width uint8 signature")
def b_zero_dce(out):
    inp = keras.Input((None, None, 3), batch_size=1, dtype="uint8", name="low_light_frame")
    x = L.Lambda(lambda t: tf.image.convert_image_dtype(t, tf.float32), name="to_float")(inp)

    def conv(t):
        return L.Conv2D(32, 3, padding="same", activation="relu")(t)
    c1 = conv(x)
    c2 = conv(c1)
    c3 = conv(c2)
    c4 = conv(c3)
    c5 = conv(L.Concatenate()([c3, c4]))
    c6 = conv(L.Concatenate()([c2, c5]))
    a = L.Conv2D(24, 3, padding="same", activation="tanh", name="curve_params")(L.Concatenate()([c1, c6]))

    def enhance(t):
        img, curves = t
        for i in range(8):
            img = img + curves[..., 3 * i:3 * i + 3] * (img - img * img)
        return tf.image.convert_image_dtype(img, tf.uint8, saturate=True)
    enhanced = L.Lambda(enhance, name="enhanced")([x, a])
    _export(keras.Model(inp, {"enhanced": enhanced, "curve_params": a}), out, fixed=True)


@model("s40_tf1_fc4_color_constancy_gamma_frozen", "frozen-pb", "FC4-style colour constancy in TF1 (placeholders, get_variable), frozen with graph_util.convert_variables_to_constants: linear_rgb float [None,64,64,3]; conv stride-2 stack -> 4 channels (rgb estimate + confidence), confidence-weighted pooling, l2_normalize -> illuminant; white-balanced = x / (illuminant * sqrt 3) clipped, tf.image.adjust_gamma(1/2.2) -> srgb, rgb_to_hsv -> mean_saturation")
def b_fc4(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None, 64, 64, 3], name="linear_rgb")
        h = x
        for i, c in enumerate((16, 32, 64)):
            h = _v1_conv(h, f"conv{i}", c, s=2, act=tf.nn.relu)
        fea = _v1_conv(h, "fc", 4, k=1)
        rgb, conf = tf.nn.relu(fea[..., :3]) + 1e-4, tf.nn.softplus(fea[..., 3:])
        illum = tf.math.l2_normalize(tf.reduce_sum(rgb * conf, axis=[1, 2]), axis=-1, name="illuminant")
        balanced = tf.clip_by_value(x / (illum[:, None, None, :] * np.sqrt(3.0) + 1e-4), 0.0, 1.0)
        srgb = tf.identity(tf.image.adjust_gamma(balanced, gamma=1.0 / 2.2), name="srgb")
        sat = tf.reduce_mean(tf.image.rgb_to_hsv(srgb)[..., 1], axis=[1, 2], name="mean_saturation")
        return [illum, srgb, sat]
    _v1_freeze(out, build)


OUTPUTS["s40_tf1_fc4_color_constancy_gamma_frozen"] = ["illuminant", "srgb", "mean_saturation"]


@model("s40_camera_multiformat_export_archive", "keras-archive", "one Keras CNN classifier (96x96x3, Dense(4) logits) served for several camera formats with keras.export.ExportArchive endpoints, all batch 1: serve_uint8 (uint8 -> convert_image_dtype), serve_yuv (float YUV -> tf.image.yuv_to_rgb + clip), serve_grayscale (float [1,96,96,1] -> grayscale_to_rgb), serve_hsv (float HSV -> hsv_to_rgb); each returns probabilities and class_id (ExportArchive also writes the first endpoint as serving_default)")
def b_multiformat(out):
    clf = _classifier((96, 96, 3), 4)

    def head(rgb):
        probs = tf.nn.softmax(clf(rgb, training=False))
        return {"probabilities": probs, "class_id": tf.argmax(probs, axis=-1, output_type=tf.int32)}
    _archive(out, [clf],
             serve_uint8=(lambda frame: head(tf.image.convert_image_dtype(frame, tf.float32)),
                          [tensor_spec([1, 96, 96, 3], "uint8", "frame")]),
             serve_yuv=(lambda frame_yuv: head(tf.clip_by_value(tf.image.yuv_to_rgb(frame_yuv), 0.0, 1.0)),
                        [tensor_spec([1, 96, 96, 3], name="frame_yuv")]),
             serve_grayscale=(lambda frame_gray: head(tf.image.grayscale_to_rgb(frame_gray)),
                              [tensor_spec([1, 96, 96, 1], name="frame_gray")]),
             serve_hsv=(lambda frame_hsv: head(tf.image.hsv_to_rgb(frame_hsv)),
                        [tensor_spec([1, 96, 96, 3], name="frame_hsv")]))


# ================================================================================ crops, pads and resizes

@model("s40_central_crop_area_resize_classifier_multisig", "tf-module", "classifier tf.Module on any-size float images [None,None,None,3], two signatures: serving_default tf.image.central_crop(0.875) then resize 64x64 method=area; serve_full resize bilinear antialias=True of the whole image; shared Keras CNN -> logits / probabilities [None,10]")
def b_central_crop(out):
    clf = _classifier((64, 64, 3), 10)

    def head(x):
        logits = clf(x, training=False)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="images")])
    def serve(images):
        return head(tf.image.resize(tf.image.central_crop(images, 0.875), (64, 64), method="area"))

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="images")])
    def serve_full(images):
        return head(tf.image.resize(images, (64, 64), method="bilinear", antialias=True))
    _save(out, {"model": clf}, serving_default=serve, serve_full=serve_full)


@model("s40_crop_pad_to_bbox_roi_inspection", "tf-module", "inspection-station ROI model tf.Module: frame float [1,128,128,3], offset_height / offset_width int32 scalars; tf.image.crop_to_bounding_box 64x64 at the tensor offsets (with its range asserts), Keras CNN defect logits [1,3] and a small segmenter heat map placed back on the frame canvas with tf.image.pad_to_bounding_box -> defect_map [1,128,128,1]")
def b_crop_pad(out):
    clf = _classifier((64, 64, 3), 3)
    seg = _segmenter((64, 64, 3), 1, widths=(8, 16), act="sigmoid")

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="frame"), tensor_spec([], "int32", "offset_height"),
                                  tensor_spec([], "int32", "offset_width")])
    def serve(frame, offset_height, offset_width):
        roi = tf.image.crop_to_bounding_box(frame, offset_height, offset_width, 64, 64)
        heat = seg(roi, training=False)
        return {"defect_logits": clf(roi, training=False),
                "defect_map": tf.image.pad_to_bounding_box(heat, offset_height, offset_width, 128, 128)}
    _save(out, {"models": [clf, seg]}, serving_default=serve)


FEEDS["s40_crop_pad_to_bbox_roi_inspection"] = {"offset_height": 16, "offset_width": 40}


@model("s40_resize_with_crop_or_pad_microscopy_classifier", "keras-export", "microscopy tile classifier on any-size float tiles [None,None,None,3]: Lambda tf.image.resize_with_crop_or_pad to 96x96 (crops or zero-pads centrally), per_image_standardization, CNN, Dense(4, softmax); model.export")
def b_crop_or_pad(out):
    inp = keras.Input((None, None, 3), name="tile")
    x = L.Lambda(lambda t: tf.image.per_image_standardization(tf.image.resize_with_crop_or_pad(t, 96, 96)),
                 output_shape=(96, 96, 3), name="crop_or_pad")(inp)
    x = L.Dense(32, activation="relu")(L.GlobalAveragePooling2D()(_blocks(x, (16, 32, 32))))
    _export(keras.Model(inp, L.Dense(4, activation="softmax", name="probabilities")(x)), out)


FEEDS["s40_resize_with_crop_or_pad_microscopy_classifier"] = lambda rng: {"tile": rng.random((2, 120, 80, 3))}


_METHODS = ("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic")


@model("s40_resize_method_zoo_multisig", "tf-module", "one Keras CNN classifier (48x48x3) behind nine signatures that differ only in the tf.image.resize from float [None,96,96,3] to 48x48: serving_default bilinear without antialias, resize_bilinear_aa, resize_nearest, resize_bicubic_aa, resize_area, resize_lanczos3_aa, resize_lanczos5_aa, resize_gaussian_aa, resize_mitchellcubic_aa (antialias=True where the name says)")
def b_resize_zoo(out):
    clf = _classifier((48, 48, 3), 5)

    def make(method, aa):
        @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], name="images")])
        def f(images):
            return {"logits": clf(tf.image.resize(images, (48, 48), method=method, antialias=aa), training=False)}
        return f
    sigs = {"serving_default": make("bilinear", False)}
    for m in _METHODS:
        aa = m not in ("nearest", "area")
        sigs[f"resize_{m}{'_aa' if aa else ''}"] = make(m, aa)
    _save(out, {"model": clf}, **sigs)


@model("s40_bicubic_antialias_thumbnail_keras", "keras-export", "photo-gallery tagger, float [None,256,256,3]: Lambda tf.image.resize to 64x64 bicubic antialias=True + clip -> thumbnail output, CNN on the thumbnail -> tags Dense(8, sigmoid); model.export")
def b_thumb(out):
    inp = keras.Input((256, 256, 3), name="photo")
    thumb = L.Lambda(lambda t: tf.clip_by_value(tf.image.resize(t, (64, 64), method="bicubic", antialias=True), 0.0, 1.0),
                     name="thumbnail")(inp)
    x = L.GlobalAveragePooling2D()(_blocks(thumb, (16, 32, 64)))
    _export(keras.Model(inp, {"thumbnail": thumb, "tags": L.Dense(8, activation="sigmoid", name="tags")(x)}), out)


@model("s40_lanczos3_upscale_residual_superres", "tf-module", "x2 super-resolution tf.Module with raw tf.Variable convs, float [1,64,64,3]: tf.image.resize 128x128 lanczos3 upscale + residual from tf.nn.conv2d 5x5x32 / 3x3x16 / 3x3x3 (relu) on it, clipped -> super_resolved [1,128,128,3]; also baseline_bicubic (resize bicubic)")
def b_lanczos_sr(out):
    params = _conv_vars(12, [(5, 5, 3, 32), (3, 3, 32, 16), (3, 3, 16, 3)], "sr")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="low_res")])
    def serve(low_res):
        up = tf.image.resize(low_res, (128, 128), method="lanczos3")
        return {"super_resolved": tf.clip_by_value(up + 0.1 * _conv_stack(params, up), 0.0, 1.0),
                "baseline_bicubic": tf.image.resize(low_res, (128, 128), method="bicubic")}
    _save(out, {"params": params}, serving_default=serve)


@model("s40_gaussian_laplacian_pyramid_lanczos5_enhancer", "tf-module", "detail enhancer on a Laplacian pyramid, float [None,128,128,3]: Gaussian pyramid by tf.image.resize method=gaussian antialias=True (64, 32), bands as differences with lanczos5 upsamples, Keras CNN on the coarsest level predicts two softplus band gains and a refined base (Conv2D), reconstruction with lanczos5 upsampling -> enhanced [None,128,128,3] clipped, band_gains [None,2]")
def b_pyramid(out):
    inp = keras.Input((32, 32, 3))
    f = _blocks(inp, (16, 16), pool=False)
    base = L.Add()([inp, L.Conv2D(3, 3, padding="same")(f)])
    gains = L.Dense(2, activation="softplus")(L.GlobalAveragePooling2D()(f))
    net = keras.Model(inp, [base, gains])

    @tf.function(input_signature=[tensor_spec([None, 128, 128, 3], name="images")])
    def serve(images):
        g1 = tf.image.resize(images, (64, 64), method="gaussian", antialias=True)
        g2 = tf.image.resize(g1, (32, 32), method="gaussian", antialias=True)
        l0 = images - tf.image.resize(g1, (128, 128), method="lanczos5")
        l1 = g1 - tf.image.resize(g2, (64, 64), method="lanczos5")
        b, gain = net(g2, training=False)
        rec = tf.image.resize(b, (64, 64), method="lanczos5") + l1 * gain[:, None, None, 1:]
        rec = tf.image.resize(rec, (128, 128), method="lanczos5") + l0 * gain[:, None, None, :1]
        return {"enhanced": tf.clip_by_value(rec, 0.0, 1.0), "band_gains": gain}
    _save(out, {"model": net}, serving_default=serve)


@model("s40_mitchellcubic_nearest_label_segmenter", "keras-export", "scene segmenter, float [None,128,128,3]: Lambda tf.image.resize to 96x96 mitchellcubic antialias=True, 2-level U-Net -> 4-class logits at 96, Lambda resize back to 128 bilinear + softmax -> probabilities; argmax label map resized to 128 with method=nearest -> label_map int32 [None,128,128]; model.export")
def b_mitchell(out):
    inp = keras.Input((128, 128, 3), name="image")
    x = L.Lambda(lambda t: tf.image.resize(t, (96, 96), method="mitchellcubic", antialias=True), name="down")(inp)
    logits = _segmenter((96, 96, 3), 4, act=None)(x)
    probs = L.Lambda(lambda t: tf.nn.softmax(tf.image.resize(t, (128, 128), method="bilinear")), name="probabilities")(logits)
    labels = L.Lambda(lambda t: tf.cast(tf.image.resize(tf.cast(tf.argmax(t, -1), tf.float32)[..., None], (128, 128),
                                                        method="nearest")[..., 0], tf.int32), name="label_map")(logits)
    _export(keras.Model(inp, {"probabilities": probs, "label_map": labels}), out)


@model("s40_letterbox_resize_with_pad_yolo_soft_nms_v5", "tf-module", "YOLO-style detector for an app, uint8 [1,None,None,3] frame of any size: convert_image_dtype, tf.image.resize_with_pad letterbox to 160x160, Keras CNN -> 10x10 grid x 2 anchors x (4 box + objectness + 3 classes); sigmoid / exp decoding with a meshgrid, boxes mapped back through the letterbox scale and padding to frame pixels; tf.image.non_max_suppression_with_scores (NonMaxSuppressionV5, soft_nms_sigma=0.5) -> boxes, scores, classes, num_detections")
def b_yolo(out):
    inp = keras.Input((160, 160, 3))
    head = keras.Model(inp, L.Conv2D(2 * 8, 1)(_blocks(inp, (16, 32, 64, 64))))
    anchor_wh = tf.constant([[0.15, 0.15], [0.4, 0.3]])

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], "uint8", "frame")])
    def serve(frame):
        img = tf.image.convert_image_dtype(frame, tf.float32)
        h, w = tf.cast(tf.shape(img)[1], tf.float32), tf.cast(tf.shape(img)[2], tf.float32)
        p = tf.reshape(head(tf.image.resize_with_pad(img, 160, 160), training=False), [10, 10, 2, 8])
        gy, gx = tf.meshgrid(tf.range(10.0), tf.range(10.0), indexing="ij")
        cy = (tf.sigmoid(p[..., 0]) + gy[..., None]) / 10.0 * 160.0
        cx = (tf.sigmoid(p[..., 1]) + gx[..., None]) / 10.0 * 160.0
        bh = anchor_wh[:, 0] * tf.exp(tf.clip_by_value(p[..., 2], -4.0, 4.0)) * 160.0
        bw = anchor_wh[:, 1] * tf.exp(tf.clip_by_value(p[..., 3], -4.0, 4.0)) * 160.0
        cls = tf.nn.softmax(p[..., 5:])
        scores = tf.reshape(tf.sigmoid(p[..., 4]) * tf.reduce_max(cls, -1), [-1])
        classes = tf.reshape(tf.argmax(cls, -1, output_type=tf.int32), [-1])
        scale = tf.minimum(160.0 / h, 160.0 / w)
        pad_y, pad_x = (160.0 - h * scale) / 2.0, (160.0 - w * scale) / 2.0
        y1, y2 = ((cy - bh / 2) - pad_y) / scale, ((cy + bh / 2) - pad_y) / scale
        x1, x2 = ((cx - bw / 2) - pad_x) / scale, ((cx + bw / 2) - pad_x) / scale
        boxes = tf.reshape(tf.stack([tf.clip_by_value(y1, 0.0, h), tf.clip_by_value(x1, 0.0, w),
                                     tf.clip_by_value(y2, 0.0, h), tf.clip_by_value(x2, 0.0, w)], -1), [-1, 4])
        sel, sel_scores = tf.image.non_max_suppression_with_scores(boxes, scores, 20, iou_threshold=0.5,
                                                                   score_threshold=0.05, soft_nms_sigma=0.5)
        return {"boxes": tf.gather(boxes, sel), "scores": sel_scores, "classes": tf.gather(classes, sel),
                "num_detections": tf.size(sel)}
    _save(out, {"model": head}, serving_default=serve)


FEEDS["s40_letterbox_resize_with_pad_yolo_soft_nms_v5"] = lambda rng: {"frame": rng.integers(0, 256, (1, 90, 120, 3))}


# ================================================================================ flips, rotations, warps

@model("s40_flip_rot90_transpose_tta_segmenter_frozen", "frozen-pb", "TTA segmenter frozen with convert_variables_to_constants_v2, image float [1,96,96,3]: six views (identity, flip_left_right, flip_up_down, rot90 k=1, rot90 k=2, tf.image.transpose) through one Keras U-Net (2-class softmax), each prediction mapped back by the inverse flip / rot90 / transpose and averaged -> [1,96,96,2]; tf.image.rot90 builds a case over k even for a constant k, lowered to Switch / Merge by the freezing")
def b_tta_frozen(out):
    seg = _segmenter((96, 96, 3), 2)
    im = tf.image
    pairs = [(lambda t: t, lambda t: t), (im.flip_left_right, im.flip_left_right), (im.flip_up_down, im.flip_up_down),
             (lambda t: im.rot90(t, 1), lambda t: im.rot90(t, 3)), (lambda t: im.rot90(t, 2), lambda t: im.rot90(t, 2)),
             (im.transpose, im.transpose)]

    @tf.autograph.experimental.do_not_convert
    def fn(image):
        return tf.add_n([inv(seg(fwd(image), training=False)) for fwd, inv in pairs]) / len(pairs)
    _freeze(fn, [tensor_spec([1, 96, 96, 3], name="image")], out)


OUTPUTS["s40_flip_rot90_transpose_tta_segmenter_frozen"] = ["Identity"]


@model("s40_orientation_rot90_dynamic_k_upright", "tf-module", "document orientation fixer tf.Module, page float [1,96,96,3]: Keras CNN -> 4-way rotation logits, k = argmax, tf.image.rot90(page, (4 - k) % 4) with a data-dependent k (a graph-mode case over the four rotations) -> upright page, rotation_degrees int32")
def b_orient(out):
    clf = _classifier((96, 96, 3), 4)

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="page")])
    def serve(page):
        logits = clf(page, training=False)
        k = tf.argmax(logits[0], output_type=tf.int32)
        return {"logits": logits, "rotation_degrees": k * 90, "upright": tf.image.rot90(page, (4 - k) % 4)}
    _save(out, {"model": clf}, serving_default=serve)


@model("s40_doc_deskew_projective_transform_v3_multisig", "tf-module", "document deskewer tf.Module, grayscale pages float [None,128,128,1]: Keras CNN regresses a skew angle (tanh * 15 degrees); a rotation about the centre written as [None,8] projective transforms -> tf.raw_ops.ImageProjectiveTransformV3 (BILINEAR, fill_mode CONSTANT, fill_value 1.0 white) -> deskewed pages and angle_degrees; second signature rotate(pages, angle_radians [None]) applies a given rotation the same way")
def b_deskew(out):
    net = _classifier((128, 128, 1), 1, widths=(8, 16, 32), act="tanh", name="skew_regressor")

    def rotate_by(pages, theta):
        c, s = tf.cos(theta), tf.sin(theta)
        cy, cx = 63.5, 63.5
        z = tf.zeros_like(c)
        t = tf.stack([c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy, z, z], axis=1)
        return tf.raw_ops.ImageProjectiveTransformV3(images=pages, transforms=t, output_shape=tf.shape(pages)[1:3],
                                                     fill_value=1.0, interpolation="BILINEAR", fill_mode="CONSTANT")

    @tf.function(input_signature=[tensor_spec([None, 128, 128, 1], name="pages")])
    def serve(pages):
        theta = net(pages, training=False)[:, 0] * (np.pi / 12)
        return {"deskewed": rotate_by(pages, theta), "angle_degrees": theta * (180.0 / np.pi)}

    @tf.function(input_signature=[tensor_spec([None, 128, 128, 1], name="pages"), tensor_spec([None], name="angle_radians")])
    def rotate(pages, angle_radians):
        return {"rotated": rotate_by(pages, angle_radians)}
    _save(out, {"model": net}, serving_default=serve, rotate=rotate)


@model("s40_spatial_transformer_affine_nearest_reflect", "keras-export", "spatial transformer network (Keras 3), float [None,64,64,1]: localization CNN -> Dense(6) affine parameters initialized near identity (pixel coordinates), custom layer building [None,8] transforms and calling tf.raw_ops.ImageProjectiveTransformV3 (NEAREST, fill_mode REFLECT), classifier CNN on the warped digit -> logits [None,10] and warped image; model.export")
def b_stn(out):
    class AffineWarp(L.Layer):
        def call(self, inputs):
            img, theta = inputs
            t = tf.concat([theta, tf.zeros_like(theta[:, :2])], axis=1)
            return tf.raw_ops.ImageProjectiveTransformV3(images=img, transforms=t, output_shape=tf.shape(img)[1:3],
                                                         fill_value=0.0, interpolation="NEAREST", fill_mode="REFLECT")

        def compute_output_shape(self, shapes):
            return shapes[0]
    inp = keras.Input((64, 64, 1), name="digit")
    loc = L.Dense(32, activation="relu")(L.GlobalAveragePooling2D()(_blocks(inp, (8, 16), bn=False)))
    theta = L.Dense(6, kernel_initializer=keras.initializers.RandomNormal(stddev=0.01),
                    bias_initializer=keras.initializers.Constant([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]), name="affine")(loc)
    warped = AffineWarp(name="warped")([inp, theta])
    x = L.GlobalAveragePooling2D()(_blocks(warped, (16, 32)))
    _export(keras.Model(inp, {"logits": L.Dense(10, name="logits")(x), "warped": warped}), out)


@model("s40_homography_corner_doc_rectifier_frozen", "frozen-pb", "document rectifier frozen with convert_variables_to_constants_v2, photo float [1,128,96,3]: Keras CNN -> 4 page corners (canonical corners + 12 px tanh offsets); 8x8 DLT system assembled with tf.stack and solved with tf.linalg.solve for the output->input homography; tf.raw_ops.ImageProjectiveTransformV3 to a 160x120 output (BILINEAR, fill_mode NEAREST) -> rectified page, corners")
def b_homography(out):
    net = _classifier((128, 96, 3), 8, widths=(8, 16, 32), act="tanh", name="corner_regressor")
    canon = np.array([[4, 4], [4, 92], [124, 92], [124, 4]], "float32")  # (y, x) TL, TR, BR, BL in the photo
    dst = np.array([[0, 0], [0, 119], [159, 119], [159, 0]], "float32")  # (v, u) in the output page

    def fn(photo):
        corners = canon[None] + 12.0 * tf.reshape(net(photo, training=False), [-1, 4, 2])
        rows, rhs = [], []
        for i in range(4):
            v, u = float(dst[i, 0]), float(dst[i, 1])
            y, x = corners[:, i, 0], corners[:, i, 1]
            one, zero = tf.ones_like(x), tf.zeros_like(x)
            rows += [tf.stack([u * one, v * one, one, zero, zero, zero, -u * x, -v * x], -1),
                     tf.stack([zero, zero, zero, u * one, v * one, one, -u * y, -v * y], -1)]
            rhs += [x, y]
        hmat = tf.linalg.solve(tf.stack(rows, 1), tf.stack(rhs, 1)[..., None])[..., 0]
        page = tf.raw_ops.ImageProjectiveTransformV3(images=photo, transforms=hmat, output_shape=[160, 120],
                                                     fill_value=0.0, interpolation="BILINEAR", fill_mode="NEAREST")
        return {"rectified": page, "corners": corners}
    _freeze(fn, [tensor_spec([1, 128, 96, 3], name="photo")], out)


# ================================================================================ edges, gradients, quality

@model("s40_sobel_edges_surface_defect_classifier", "keras-export", "surface-defect classifier for an inspection camera, grayscale float [None,128,128,1]: Lambda tf.image.sobel_edges (squeezed to 2 gradient channels) and their magnitude, concatenated with the input, CNN -> defect_probability Dense(1, sigmoid) and edge_magnitude map; model.export")
def b_sobel(out):
    inp = keras.Input((128, 128, 1), name="gray")
    grads = L.Lambda(lambda t: tf.squeeze(tf.image.sobel_edges(t), axis=3), name="sobel")(inp)
    mag = L.Lambda(lambda t: tf.sqrt(tf.reduce_sum(t * t, -1, keepdims=True) + 1e-6), name="edge_magnitude")(grads)
    x = L.GlobalAveragePooling2D()(_blocks(L.Concatenate()([inp, grads, mag]), (16, 32, 64)))
    _export(keras.Model(inp, {"defect_probability": L.Dense(1, activation="sigmoid", name="defect")(x),
                              "edge_magnitude": mag}), out)


@model("s40_dncnn_image_gradients_total_variation_multisig", "tf-module", "DnCNN denoiser tf.Module, images float [None,64,64,3]: Keras Conv2D 32 + 3 x (Conv2D + BatchNormalization + ReLU) + Conv2D(3) noise residual; serving_default returns denoised (clipped), edge_map from tf.image.image_gradients magnitude, total_variation of input and output (tf.image.total_variation); second signature total_variation_score(images) -> per-pixel normalized TV")
def b_dncnn(out):
    inp = keras.Input((64, 64, 3))
    x = L.Conv2D(32, 3, padding="same", activation="relu")(inp)
    net = keras.Model(inp, L.Conv2D(3, 3, padding="same")(_blocks(x, (32, 32, 32), pool=False)))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def serve(images):
        den = tf.clip_by_value(images - net(images, training=False), 0.0, 1.0)
        dy, dx = tf.image.image_gradients(den)
        return {"denoised": den, "edge_map": tf.sqrt(dy * dy + dx * dx + 1e-8),
                "tv_input": tf.image.total_variation(images), "tv_output": tf.image.total_variation(den)}

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def tv_score(images):
        return {"tv_per_pixel": tf.image.total_variation(images) / (64.0 * 64.0 * 3.0)}
    _save(out, {"model": net}, serving_default=serve, total_variation_score=tv_score)


@model("s40_tf1_sobel_nms_edge_detector_frozen", "frozen-pb", "Canny-like edge detector in TF1 (placeholders, get_variable), frozen with graph_util.convert_variables_to_constants: image float [1,None,None,3] of any size; rgb_to_grayscale, 5x5 Gaussian blur by tf.nn.conv2d with a constant kernel, tf.image.sobel_edges, magnitude and atan2 direction, local maxima by max_pool comparison, learned 3x3 / 1x1 refinement convs -> edge_probability, edges uint8 (threshold * 255), gradient_direction")
def b_tf1_sobel(out):
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [1, None, None, 3], name="image")
        g = tf.image.rgb_to_grayscale(x)
        k1 = np.exp(-0.5 * (np.arange(5) - 2.0) ** 2)
        k = np.outer(k1, k1) / np.outer(k1, k1).sum()
        blur = tf.nn.conv2d(g, tf.constant(k[:, :, None, None], tf.float32), 1, "SAME")
        s = tf.image.sobel_edges(blur)
        gy, gx = s[..., 0, 0], s[..., 0, 1]
        mag = tf.sqrt(gy * gy + gx * gx + 1e-8)[..., None]
        direction = tf.identity(tf.atan2(gy, gx), name="gradient_direction")
        peaks = mag * tf.cast(mag >= tf.nn.max_pool2d(mag, 3, 1, "SAME"), tf.float32)
        h = _v1_conv(tf.concat([mag, peaks, blur], -1), "refine", 8, act=tf.nn.relu)
        prob = tf.sigmoid(_v1_conv(h, "edge_logit", 1, k=1), name="edge_probability")
        edges = tf.identity(tf.cast(prob > 0.5, tf.uint8) * 255, name="edges")
        return [prob, edges, direction]
    _v1_freeze(out, build)


OUTPUTS["s40_tf1_sobel_nms_edge_detector_frozen"] = ["edge_probability", "edges", "gradient_direction"]


@model("s40_ssim_psnr_quality_scorer_multisig", "tf-module", "image-quality service tf.Module with three signatures: full_reference(reference, distorted uint8 [None,96,96,3]) -> tf.image.ssim and tf.image.psnr with max_val 255 on uint8; no_reference(image float [None,96,96,3]) -> Keras CNN MOS in [1,5]; serving_default(reference, distorted uint8) -> ssim, psnr and a learned fusion (tf.Variable weights) of ssim, psnr/50 and the no-reference MOS of the distorted image")
def b_ssim_psnr(out):
    mos_net = _classifier((96, 96, 3), 1, act="sigmoid", name="mos")
    fuse = tf.Variable(np.array([2.0, 1.0, 0.5], "float32"), name="fusion_weights")
    fuse_b = tf.Variable(np.float32(0.5), name="fusion_bias")
    u8 = [tensor_spec([None, 96, 96, 3], "uint8", "reference"), tensor_spec([None, 96, 96, 3], "uint8", "distorted")]

    def mos(img):
        return 1.0 + 4.0 * mos_net(img, training=False)[:, 0]

    @tf.function(input_signature=u8)
    def full_reference(reference, distorted):
        return {"ssim": tf.image.ssim(reference, distorted, max_val=255),
                "psnr": tf.image.psnr(reference, distorted, max_val=255)}

    @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], name="image")])
    def no_reference(image):
        return {"mos": mos(image)}

    @tf.function(input_signature=u8)
    def serve(reference, distorted):
        s = tf.image.ssim(reference, distorted, max_val=255)
        p = tf.image.psnr(reference, distorted, max_val=255)
        m = mos(tf.image.convert_image_dtype(distorted, tf.float32))
        feats = tf.stack([s, tf.minimum(p, 100.0) / 50.0, m / 5.0], axis=1)
        return {"ssim": s, "psnr": p, "quality": tf.linalg.matvec(feats, fuse) + fuse_b}
    _save(out, {"model": mos_net, "fusion": [fuse, fuse_b]}, serving_default=serve, full_reference=full_reference,
          no_reference=no_reference)


@model("s40_ms_ssim_codec_quality_keras", "keras-export", "codec quality model (Keras functional, two inputs float [None,128,128,3] reference / decoded): Lambda tf.image.ssim_multiscale (3 scales, power factors 0.2/0.3/0.5, filter_size 7) and a CNN on |reference - decoded|; Concatenate -> Dense(1) codec_quality; outputs ms_ssim [None] and codec_quality [None,1]; model.export")
def b_msssim(out):
    ref, dec = keras.Input((128, 128, 3), name="reference"), keras.Input((128, 128, 3), name="decoded")
    ms = L.Lambda(lambda t: tf.image.ssim_multiscale(t[0], t[1], 1.0, power_factors=(0.2, 0.3, 0.5), filter_size=7),
                  output_shape=(), name="ms_ssim")([ref, dec])
    diff = L.Lambda(lambda t: tf.abs(t[0] - t[1]), name="abs_diff")([ref, dec])
    f = L.GlobalAveragePooling2D()(_blocks(diff, (8, 16, 32)))
    q = L.Dense(1, name="codec_quality")(L.Concatenate()([f, L.Reshape((1,))(ms)]))
    _export(keras.Model([ref, dec], {"ms_ssim": ms, "codec_quality": q}), out)


FEEDS["s40_ms_ssim_codec_quality_keras"] = lambda rng: (
    lambda r: {"reference": r, "decoded": np.clip(r + rng.normal(0, 0.05, r.shape), 0, 1)})(rng.random((2, 128, 128, 3)))


@model("s40_fsrcnn_psnr_ssim_eval_frozen", "frozen-pb", "FSRCNN x2 with its evaluation baked in, frozen with convert_variables_to_constants_v2: low_res float [1,32,32,3] and high_res [1,64,64,3]; Keras Conv2D 32 (5x5) + PReLU / shrink 12 (1x1) / 2 x 12 (3x3) / expand 32 (1x1), Conv2DTranspose(3, 9, stride 2) -> super_resolved (clipped), tf.image.psnr and tf.image.ssim against high_res")
def b_fsrcnn(out):
    inp = keras.Input((32, 32, 3))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(32, 5, padding="same")(inp))
    x = L.Conv2D(12, 1, activation="relu")(x)
    x = L.Conv2D(12, 3, padding="same", activation="relu")(L.Conv2D(12, 3, padding="same", activation="relu")(x))
    x = L.Conv2DTranspose(3, 9, strides=2, padding="same")(L.Conv2D(32, 1, activation="relu")(x))
    net = keras.Model(inp, x)

    def fn(low_res, high_res):
        sr = tf.clip_by_value(net(low_res, training=False), 0.0, 1.0)
        return {"super_resolved": sr, "psnr": tf.image.psnr(sr, high_res, 1.0), "ssim": tf.image.ssim(sr, high_res, 1.0)}
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="low_res"), tensor_spec([1, 64, 64, 3], name="high_res")], out)


# ================================================================================ regions, glimpses, patches

@model("s40_crop_and_resize_two_stage_roi_head", "tf-module", "second stage of a two-stage detector tf.Module: image float [1,128,128,3], proposals float [None,4] normalized; Keras backbone to a stride-4 32-channel map, tf.image.crop_and_resize 7x7 bilinear (box indices all 0), Keras head Flatten / Dense 64 -> class_probabilities [None,4] (softmax) and box deltas refining the proposals (clipped) -> refined_boxes [None,4]")
def b_roi(out):
    inp = keras.Input((128, 128, 3))
    backbone = keras.Model(inp, _blocks(inp, (16, 32)), name="backbone")
    rin = keras.Input((7, 7, 32))
    r = L.Dense(64, activation="relu")(L.Flatten()(rin))
    roi_head = keras.Model(rin, [L.Dense(4, activation="softmax")(r), L.Dense(4)(r)], name="roi_head")

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image"), tensor_spec([None, 4], name="proposals")])
    def serve(image, proposals):
        fm = backbone(image, training=False)
        crops = tf.image.crop_and_resize(fm, proposals, tf.zeros(tf.shape(proposals)[:1], tf.int32), [7, 7])
        probs, deltas = roi_head(crops, training=False)
        return {"class_probabilities": probs, "refined_boxes": tf.clip_by_value(proposals + 0.05 * deltas, 0.0, 1.0)}
    _save(out, {"models": [backbone, roi_head]}, serving_default=serve)


FEEDS["s40_crop_and_resize_two_stage_roi_head"] = lambda rng: {"proposals": _boxes(rng, 6)}


@model("s40_crop_and_resize_nearest_face_landmarks_archive", "keras-archive", "face landmark stage exported with keras.export.ExportArchive: endpoint serve(images float [None,128,128,3], face_boxes [None,4], box_indices int32 [None]) -> tf.image.crop_and_resize 32x32 method=nearest (extrapolation_value 0), Keras CNN -> 5 keypoints (sigmoid) mapped back to image coordinates through the boxes, plus the crops; endpoint serve_crops(crops [None,32,32,3]) -> normalized keypoints (the first endpoint is also written as serving_default)")
def b_landmarks(out):
    net = _classifier((32, 32, 3), 10, widths=(16, 32), act="sigmoid", name="landmarks")

    def serve(images, face_boxes, box_indices):
        crops = tf.image.crop_and_resize(images, face_boxes, box_indices, [32, 32], method="nearest",
                                         extrapolation_value=0.0)
        kp = tf.reshape(net(crops, training=False), [-1, 5, 2])
        lo, size = face_boxes[:, None, :2], face_boxes[:, None, 2:] - face_boxes[:, None, :2]
        return {"keypoints": lo + kp * size, "crops": crops}
    _archive(out, [net],
             serve=(serve, [tensor_spec([None, 128, 128, 3], name="images"), tensor_spec([None, 4], name="face_boxes"),
                            tensor_spec([None], "int32", "box_indices")]),
             serve_crops=(lambda crops: {"keypoints": tf.reshape(net(crops, training=False), [-1, 5, 2])},
                          [tensor_spec([None, 32, 32, 3], name="crops")]))


FEEDS["s40_crop_and_resize_nearest_face_landmarks_archive"] = lambda rng: {
    "face_boxes": _boxes(rng, 3), "box_indices": np.array([0, 1, 1], "int32")}


@model("s40_recurrent_attention_extract_glimpse", "tf-module", "recurrent attention model (Mnih et al.) tf.Module, images float [None,64,64,1]: 4 unrolled steps of two-scale glimpses by tf.image.extract_glimpse (12x12 and 24x24 resized to 12x12 with method=area; centered, normalized offsets, noise='zero') at the current location, Keras glimpse network (Dense on glimpse and location), keras.layers.GRUCell core, Dense(2, tanh) location head -> logits [None,10] and the locations visited [None,4,2]")
def b_ram(out):
    g_in, l_in = keras.Input((12, 12, 2)), keras.Input((2,))
    gfeat = L.Dense(128, activation="relu")(L.Concatenate()([L.Dense(64, activation="relu")(L.Flatten()(g_in)),
                                                           L.Dense(64, activation="relu")(l_in)]))
    glimpse_net = keras.Model([g_in, l_in], gfeat, name="glimpse_net")
    core, loc_head, cls_head = L.GRUCell(128), L.Dense(2, activation="tanh"), L.Dense(10)

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 1], name="images")])
    def serve(images):
        b = tf.shape(images)[0]
        h, loc, locs = tf.zeros([b, 128]), tf.zeros([b, 2]), []
        for _ in range(4):
            g1 = tf.image.extract_glimpse(images, [12, 12], loc, centered=True, normalized=True, noise="zero")
            g2 = tf.image.extract_glimpse(images, [24, 24], loc, centered=True, normalized=True, noise="zero")
            g = tf.concat([g1, tf.image.resize(g2, [12, 12], method="area")], axis=-1)
            h, _ = core(glimpse_net([g, loc], training=False), [h], training=False)
            loc = loc_head(h)
            locs.append(loc)
        return {"logits": cls_head(h), "locations": tf.stack(locs, axis=1)}
    serve(tf.zeros([1, 64, 64, 1]))
    _save(out, {"layers": [glimpse_net, core, loc_head, cls_head]}, serving_default=serve)


@model("s40_vit_extract_patches_tokenizer", "keras-export", "tiny ViT (Keras 3), float [None,64,64,3]: Lambda tf.image.extract_patches 8x8 stride 8 reshaped to 64 tokens x 192, Dense(64) projection, custom layer with a class token and learned position embeddings (add_weight, tf.tile / tf.concat), 2 pre-norm blocks of MultiHeadAttention(4 heads) and a GELU MLP, LayerNormalization, class-token Dense(10); model.export")
def b_vit(out):
    class ClassTokenPosition(L.Layer):
        def build(self, shape):
            self.cls = self.add_weight(shape=(1, 1, shape[-1]), initializer="zeros", name="cls")
            self.pos = self.add_weight(shape=(1, shape[1] + 1, shape[-1]),
                                       initializer=keras.initializers.RandomNormal(stddev=0.02), name="pos")

        def call(self, x):
            return tf.concat([tf.tile(self.cls, [tf.shape(x)[0], 1, 1]), x], axis=1) + self.pos

        def compute_output_shape(self, shape):
            return (shape[0], shape[1] + 1, shape[2])
    inp = keras.Input((64, 64, 3), name="image")
    p = L.Lambda(lambda t: tf.reshape(tf.image.extract_patches(t, [1, 8, 8, 1], [1, 8, 8, 1], [1, 1, 1, 1], "VALID"),
                                      [-1, 64, 192]), output_shape=(64, 192), name="patchify")(inp)
    x = ClassTokenPosition()(L.Dense(64)(p))
    for _ in range(2):
        y = L.LayerNormalization()(x)
        x = L.Add()([x, L.MultiHeadAttention(4, 16)(y, y)])
        y = L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization()(x)))
        x = L.Add()([x, y])
    cls = L.Lambda(lambda t: t[:, 0], output_shape=(64,))(L.LayerNormalization()(x))
    _export(keras.Model(inp, L.Dense(10, name="logits")(cls)), out)


@model("s40_tf1_extract_patches_anomaly_map_frozen", "frozen-pb", "patch-autoencoder anomaly detector in TF1 (placeholders, get_variable), frozen with graph_util.convert_variables_to_constants: inspection_tile float [None,64,64,1]; tf.image.extract_patches 8x8 stride 4 (15x15 grid) and a dilated context branch (4x4, stride 4, rates 2), per-patch MLP autoencoder by tf.matmul, squared reconstruction error -> patch_error [None,15,15], anomaly_map upsampled with tf.compat.v1.image.resize_bilinear(align_corners=True) to 64x64, anomaly_score = max")
def b_tf1_patches(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 64, 64, 1], name="inspection_tile")
        p = tf.image.extract_patches(x, [1, 8, 8, 1], [1, 4, 4, 1], [1, 1, 1, 1], "VALID")
        ctx = tf.image.extract_patches(x, [1, 4, 4, 1], [1, 4, 4, 1], [1, 2, 2, 1], "VALID")

        def lin(t, name, cout, act=None):
            with v1.variable_scope(name):
                w = v1.get_variable("weights", [int(t.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
                y = tf.tensordot(t, w, 1) + b
                return act(y) if act else y
        z = lin(tf.concat([lin(p, "enc", 24, tf.nn.relu), lin(ctx, "ctx", 8, tf.nn.relu)], -1), "bottleneck", 16, tf.nn.relu)
        rec = lin(lin(z, "dec", 32, tf.nn.relu), "recon", 64)
        err = tf.reduce_mean(tf.square(rec - p), axis=-1, name="patch_error")
        amap = tf.identity(v1.image.resize_bilinear(err[..., None], [64, 64], align_corners=True), name="anomaly_map")
        return [err, amap, tf.reduce_max(err, axis=[1, 2], name="anomaly_score")]
    _v1_freeze(out, build)


OUTPUTS["s40_tf1_extract_patches_anomaly_map_frozen"] = ["patch_error", "anomaly_map", "anomaly_score"]


# ================================================================================ detection post-processing

@model("s40_ssd_anchor_decode_nms_v3_frozen", "frozen-pb", "SSD-lite single-class detector frozen with convert_variables_to_constants_v2, image float [1,128,128,3]: Keras backbone with 16x16 and 8x8 heads (3 anchors each, box deltas + score logits), SSD variance decoding against constant anchors, tf.image.non_max_suppression (NonMaxSuppressionV3, score_threshold 0.3), tf.gather and tf.pad to 10 -> detection_boxes [10,4], detection_scores [10], num_detections")
def b_ssd(out):
    inp = keras.Input((128, 128, 3))
    f1 = _blocks(inp, (16, 32, 32))
    f2 = _blocks(f1, (64,))
    outs = []
    for f in (f1, f2):
        outs += [L.Reshape((-1, 4))(L.Conv2D(12, 3, padding="same")(f)), L.Reshape((-1,))(L.Conv2D(3, 3, padding="same")(f))]
    net = keras.Model(inp, [L.Concatenate(axis=1)(outs[0::2]), L.Concatenate(axis=1)(outs[1::2])])
    anchors = np.concatenate([_anchors(16, (0.1, 0.2, 0.3)), _anchors(8, (0.3, 0.5, 0.7))])

    def fn(image):
        deltas, logits = net(image, training=False)
        boxes, scores = _decode(deltas[0], anchors), tf.sigmoid(logits[0])
        sel = tf.image.non_max_suppression(boxes, scores, 10, iou_threshold=0.45, score_threshold=0.3)
        n = tf.size(sel)
        return {"detection_boxes": tf.pad(tf.gather(boxes, sel), [[0, 10 - n], [0, 0]]),
                "detection_scores": tf.pad(tf.gather(scores, sel), [[0, 10 - n]]), "num_detections": n}
    _freeze(fn, [tensor_spec([1, 128, 128, 3], name="image")], out)


@model("s40_blazeface_space_to_depth_raw_nms_v4", "tf-module", "BlazeFace-like face detector tf.Module, image float [1,128,128,3]: Keras Lambda (x*2-1, tf.nn.space_to_depth(4)) stem, Blaze blocks (DepthwiseConv2D 5x5 + 1x1 Conv2D, residual adds, a stride-2 block with a MaxPooling2D + 1x1 Conv2D projection shortcut), 16x16 x 2 anchors box / score heads, decoding, tf.raw_ops.NonMaxSuppressionV4 with pad_to_max_output_size=True (16) -> padded boxes / scores with a validity mask and valid_detections")
def b_blaze(out):
    def blaze(x, cout, stride=1):
        y = L.Conv2D(cout, 1)(L.DepthwiseConv2D(5, strides=stride, padding="same")(x))
        sc = x
        if stride == 2:
            sc = L.MaxPooling2D()(sc)
        if cout != x.shape[-1]:
            sc = L.Conv2D(cout, 1, use_bias=False)(sc)
        return L.ReLU()(L.Add()([y, sc]))
    inp = keras.Input((128, 128, 3))
    x = L.Lambda(lambda t: tf.nn.space_to_depth(t * 2.0 - 1.0, 4), name="space_to_depth")(inp)
    x = L.ReLU()(L.Conv2D(24, 3, padding="same")(x))
    x = blaze(blaze(blaze(x, 24), 32, 2), 32)
    net = keras.Model(inp, [L.Reshape((-1, 4))(L.Conv2D(8, 1)(x)), L.Reshape((-1,))(L.Conv2D(2, 1)(x))])
    anchors = _anchors(16, (0.15, 0.3))

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def serve(image):
        deltas, logits = net(image, training=False)
        boxes, scores = _decode(deltas[0], anchors), tf.sigmoid(logits[0])
        idx, valid = tf.raw_ops.NonMaxSuppressionV4(boxes=boxes, scores=scores, max_output_size=16, iou_threshold=0.3,
                                                    score_threshold=0.5, pad_to_max_output_size=True)
        mask = tf.range(16) < valid
        return {"boxes": tf.gather(boxes, idx), "scores": tf.where(mask, tf.gather(scores, idx), 0.0),
                "valid_mask": mask, "valid_detections": valid}
    _save(out, {"model": net}, serving_default=serve)


@model("s40_batched_nms_padded_detector", "tf-module", "batched single-class detector tf.Module, images float [None,96,96,3]: Keras CNN head on a 12x12 grid x 2 anchors, SSD decoding -> boxes [None,288,4], scores; tf.image.non_max_suppression_padded on the batch (pad_to_max_output_size=True, 8 per image; the tiled batched implementation) and tf.gather(batch_dims=1) -> boxes [None,8,4], scores, valid_detections [None]")
def b_nms_padded(out):
    inp = keras.Input((96, 96, 3))
    f = _blocks(inp, (16, 32, 32))
    net = keras.Model(inp, [L.Reshape((-1, 4))(L.Conv2D(8, 1)(f)), L.Reshape((-1,))(L.Conv2D(2, 1)(f))])
    anchors = _anchors(12, (0.2, 0.4))

    @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], name="images")])
    def serve(images):
        deltas, logits = net(images, training=False)
        boxes, scores = _decode(deltas, anchors), tf.sigmoid(logits)
        idx, valid = tf.image.non_max_suppression_padded(boxes, scores, 8, iou_threshold=0.5, score_threshold=0.2,
                                                         pad_to_max_output_size=True)
        return {"boxes": tf.gather(boxes, idx, batch_dims=1), "scores": tf.gather(scores, idx, batch_dims=1),
                "valid_detections": valid}
    _save(out, {"model": net}, serving_default=serve)


@model("s40_combined_nms_multiclass_retina_archive", "keras-archive", "RetinaNet-lite exported with keras.export.ExportArchive, images float [None,128,128,3]: Keras backbone with two pyramid levels (16x16, 8x8; UpSampling2D + Add top-down), shared box / class heads (3 anchors, 4 classes, sigmoid); endpoint serve -> anchor decoding and tf.image.combined_non_max_suppression (10 per class, 20 total, clip_boxes) -> nmsed_boxes / scores / classes / valid_detections; endpoint raw -> box deltas and class scores (the first endpoint is also written as serving_default)")
def b_retina(out):
    inp = keras.Input((128, 128, 3))
    c3 = _blocks(inp, (16, 32, 32))
    c4 = _blocks(c3, (64,))
    p4 = L.Conv2D(32, 1)(c4)
    p3 = L.Add()([L.Conv2D(32, 1)(c3), L.UpSampling2D()(p4)])
    box_head, cls_head = L.Conv2D(12, 3, padding="same"), L.Conv2D(12, 3, padding="same")
    deltas = L.Concatenate(axis=1)([L.Reshape((-1, 4))(box_head(p)) for p in (p3, p4)])
    scores = L.Activation("sigmoid")(L.Concatenate(axis=1)([L.Reshape((-1, 4))(cls_head(p)) for p in (p3, p4)]))
    net = keras.Model(inp, [deltas, scores])
    anchors = np.concatenate([_anchors(16, (0.1, 0.2, 0.3)), _anchors(8, (0.3, 0.5, 0.7))])

    def serve(images):
        d, s = net(images, training=False)
        r = tf.image.combined_non_max_suppression(_decode(d, anchors)[:, :, None, :], s, 10, 20, iou_threshold=0.5,
                                                  score_threshold=0.3, clip_boxes=True)
        return {"nmsed_boxes": r.nmsed_boxes, "nmsed_scores": r.nmsed_scores, "nmsed_classes": r.nmsed_classes,
                "valid_detections": r.valid_detections}

    def raw(images):
        d, s = net(images, training=False)
        return {"box_deltas": d, "class_scores": s}
    spec = [tensor_spec([None, 128, 128, 3], name="images")]
    _archive(out, [net], serve=(serve, spec), raw=(raw, spec))


@model("s40_mask_iou_nms_overlaps_instances", "tf-module", "proposal-based instance segmenter tf.Module, image float [1,64,64,3]: Keras CNN -> 12 mask proposals (sigmoid 1x1 conv at full resolution) and 12 proposal scores (GAP + Dense sigmoid); binarized masks, mask IoU matrix by tf.einsum, tf.image.non_max_suppression_overlaps (NonMaxSuppressionWithOverlaps, 6 kept, overlap 0.5) -> kept masks (tf.gather on the channel axis), kept scores, selected_indices")
def b_nms_overlaps(out):
    inp = keras.Input((64, 64, 3))
    f = _blocks(inp, (16, 32), pool=False)
    net = keras.Model(inp, [L.Conv2D(12, 1, activation="sigmoid")(f),
                            L.Dense(12, activation="sigmoid")(L.GlobalAveragePooling2D()(f))])

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(image):
        probs, scores = net(image, training=False)
        m = tf.cast(probs[0] > 0.5, tf.float32)
        inter = tf.einsum("hwi,hwj->ij", m, m)
        area = tf.linalg.diag_part(inter)
        iou = inter / (area[:, None] + area[None, :] - inter + 1e-6)
        sel = tf.image.non_max_suppression_overlaps(iou, scores[0], 6, overlap_threshold=0.5, score_threshold=0.1)
        return {"masks": tf.gather(probs[0], sel, axis=-1), "scores": tf.gather(scores[0], sel), "selected_indices": sel}
    _save(out, {"model": net}, serving_default=serve)


@model("s40_draw_bounding_boxes_encode_png_visualizer", "tf-module", "detector with an annotated-preview output, tf.Module with two signatures on uint8 [1,128,128,3]: detect -> convert_image_dtype, Keras CNN on an 8x8 grid (sigmoid centre / size / score), tf.math.top_k 5 -> boxes, scores; visualize -> the same plus tf.image.draw_bounding_boxes (two colours) on the float frame, convert_image_dtype(uint8, saturate=True) -> annotated uint8 and tf.io.encode_png of it -> png string")
def b_draw(out):
    inp = keras.Input((128, 128, 3))
    net = keras.Model(inp, L.Conv2D(5, 1, activation="sigmoid")(_blocks(inp, (16, 32, 32, 64))))

    def detect_boxes(frame):
        img = tf.image.convert_image_dtype(frame, tf.float32)
        p = tf.reshape(net(img, training=False), [64, 5])
        cells = tf.range(64)
        cy = (tf.cast(cells // 8, tf.float32) + p[:, 0]) / 8.0
        cx = (tf.cast(cells % 8, tf.float32) + p[:, 1]) / 8.0
        boxes = tf.clip_by_value(tf.stack([cy - p[:, 2] / 4, cx - p[:, 3] / 4, cy + p[:, 2] / 4, cx + p[:, 3] / 4], -1), 0.0, 1.0)
        top = tf.math.top_k(p[:, 4], 5)
        return img, tf.gather(boxes, top.indices), top.values

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], "uint8", "frame")])
    def detect(frame):
        _, boxes, scores = detect_boxes(frame)
        return {"boxes": boxes, "scores": scores}

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], "uint8", "frame")])
    def visualize(frame):
        img, boxes, scores = detect_boxes(frame)
        drawn = tf.image.draw_bounding_boxes(img, boxes[None], tf.constant([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]]))
        annotated = tf.image.convert_image_dtype(drawn, tf.uint8, saturate=True)
        return {"boxes": boxes, "scores": scores, "annotated": annotated,
                "png": tf.io.encode_png(annotated[0], compression=3)}
    _save(out, {"model": net}, serving_default=detect, visualize=visualize)


# ================================================================================ encoded images in and out

@model("s40_jpeg_bytes_classifier_multisig", "tf-module", "web-service classifier tf.Module, two signatures: serving_default(image_bytes string [None]) -> tf.map_fn of tf.image.decode_jpeg(channels=3, dct_method INTEGER_ACCURATE), convert_image_dtype, resize 64x64 bilinear antialias -> Keras CNN -> probabilities, class_id and class_name (tf.gather of constant strings); predict_tensor(images float [None,64,64,3]) -> probabilities")
def b_jpeg(out):
    clf = _classifier((64, 64, 3), 3)
    names = tf.constant(["cat", "dog", "other"])

    @tf.function(input_signature=[tensor_spec([None], "string", "image_bytes")])
    def serve(image_bytes):
        def decode(b):
            img = tf.image.decode_jpeg(b, channels=3, dct_method="INTEGER_ACCURATE")
            return tf.image.resize(tf.image.convert_image_dtype(img, tf.float32), (64, 64), antialias=True)
        imgs = tf.map_fn(decode, image_bytes, fn_output_signature=tf.TensorSpec([64, 64, 3], tf.float32))
        probs = tf.nn.softmax(clf(imgs, training=False))
        cid = tf.argmax(probs, -1, output_type=tf.int32)
        return {"probabilities": probs, "class_id": cid, "class_name": tf.gather(names, cid)}

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def predict_tensor(images):
        return {"probabilities": tf.nn.softmax(clf(images, training=False))}
    _save(out, {"model": clf}, serving_default=serve, predict_tensor=predict_tensor)


FEEDS["s40_jpeg_bytes_classifier_multisig"] = lambda rng: {
    "image_bytes": [_encoded(rng, 48, 80), _encoded(rng, 100, 60)]}


@model("s40_png_in_png_out_segmenter", "tf-module", "segmentation service tf.Module: png_bytes string scalar -> tf.image.decode_png(channels=3) of any size, convert_image_dtype, resize 96x96, Keras U-Net (3 classes), argmax label map resized back to the decoded size with method=nearest, scaled to uint8 -> mask [H,W] uint8 and mask_png (tf.io.encode_png of the mask)")
def b_png(out):
    seg = _segmenter((96, 96, 3), 3)

    @tf.function(input_signature=[tensor_spec([], "string", "png_bytes")])
    def serve(png_bytes):
        img = tf.image.convert_image_dtype(tf.image.decode_png(png_bytes, channels=3), tf.float32)
        probs = seg(tf.image.resize(img, (96, 96))[None], training=False)
        labels = tf.cast(tf.argmax(probs, -1), tf.uint8)[..., None]
        mask = tf.image.resize(labels, tf.shape(img)[:2], method="nearest")[0] * 100
        return {"mask": mask[..., 0], "mask_png": tf.io.encode_png(mask)}
    _save(out, {"model": seg}, serving_default=serve)


FEEDS["s40_png_in_png_out_segmenter"] = lambda rng: {"png_bytes": _encoded(rng, 70, 110, "png")}


@model("s40_decode_image_any_format_archive", "keras-archive", "classifier exported with keras.export.ExportArchive: endpoint serve_encoded(encoded_image string scalar) -> tf.image.decode_image(channels=3, expand_animations=False) (JPEG / PNG / GIF / BMP), convert_image_dtype, central_crop(0.9), resize 80x80 bilinear antialias, batch of one; endpoint serve_image(images float [None,80,80,3]); Keras CNN -> probabilities (the first endpoint is also written as serving_default)")
def b_decode_image(out):
    clf = _classifier((80, 80, 3), 5)

    def serve_encoded(encoded_image):
        img = tf.image.decode_image(encoded_image, channels=3, expand_animations=False)
        img = tf.image.central_crop(tf.image.convert_image_dtype(img, tf.float32), 0.9)
        x = tf.image.resize(img, (80, 80), antialias=True)[None]
        return {"probabilities": tf.nn.softmax(clf(x, training=False))}
    _archive(out, [clf],
             serve_encoded=(serve_encoded, [tensor_spec([], "string", "encoded_image")]),
             serve_image=(lambda images: {"probabilities": tf.nn.softmax(clf(images, training=False))},
                          [tensor_spec([None, 80, 80, 3], name="images")]))


FEEDS["s40_decode_image_any_format_archive"] = lambda rng: {"encoded_image": _encoded(rng, 90, 120, "png")}


@model("s40_tf1_savedmodel_decode_jpeg_align_corners", "tf1-savedmodel", "TF1 SavedModelBuilder classifier (placeholders, get_variable convs): jpeg_bytes string scalar -> tf.image.decode_jpeg(channels=3), convert_image_dtype, tf.compat.v1.image.resize_bilinear to 64x64 with align_corners=True, scaled to [-1,1], 3 conv + max_pool2d layers, dense -> probabilities [1,5] and class_id; predict signature serving_default")
def b_tf1_jpeg(out):
    def build():
        v1 = tf.compat.v1
        b = v1.placeholder(tf.string, [], name="jpeg_bytes")
        img = tf.image.convert_image_dtype(tf.image.decode_jpeg(b, channels=3), tf.float32)[None]
        x = v1.image.resize_bilinear(img, [64, 64], align_corners=True) * 2.0 - 1.0
        for i, c in enumerate((16, 32, 64)):
            x = tf.nn.max_pool2d(_v1_conv(x, f"conv{i}", c, act=tf.nn.relu), 2, 2, "SAME")
        with v1.variable_scope("logits"):
            w = v1.get_variable("weights", [8 * 8 * 64, 5], initializer=v1.glorot_uniform_initializer())
            logits = tf.matmul(tf.reshape(x, [1, -1]), w)
        probs = tf.nn.softmax(logits, name="probabilities")
        return {"serving_default": ({"jpeg_bytes": b}, {"probabilities": probs, "class_id": tf.argmax(probs, -1)})}
    _v1_saved_model(out, build)


FEEDS["s40_tf1_savedmodel_decode_jpeg_align_corners"] = lambda rng: {"jpeg_bytes": _encoded(rng, 72, 96)}


# ================================================================================ seeded augmentation

@model("s40_stateless_random_crop_flip_tta_seeded", "tf-module", "seeded TTA tf.Module: images float [None,96,96,3], seed int32 [2]; tf.random.experimental.stateless_split into 4 views x 4 seeds; each view tf.image.stateless_random_crop 80x80 (batch kept), stateless_random_flip_left_right, stateless_random_brightness(0.1), stateless_random_contrast(0.8, 1.2); Keras CNN softmax averaged -> probabilities [None,7]")
def b_stateless_tta(out):
    clf = _classifier((80, 80, 3), 7)

    @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], name="images"), tensor_spec([2], "int32", "seed")])
    def serve(images, seed):
        probs = []
        for s in tf.unstack(tf.random.experimental.stateless_split(seed, 4)):
            s = tf.random.experimental.stateless_split(s, 4)
            v = tf.image.stateless_random_crop(images, tf.stack([tf.shape(images)[0], 80, 80, 3]), s[0])
            v = tf.image.stateless_random_flip_left_right(tf.reshape(v, [-1, 80, 80, 3]), s[1])
            v = tf.image.stateless_random_contrast(tf.image.stateless_random_brightness(v, 0.1, s[2]), 0.8, 1.2, s[3])
            probs.append(tf.nn.softmax(clf(v, training=False)))
        return {"probabilities": tf.reduce_mean(tf.stack(probs), axis=0)}
    _save(out, {"model": clf}, serving_default=serve)


FEEDS["s40_stateless_random_crop_flip_tta_seeded"] = {"seed": [3, 7]}


@model("s40_stateless_jpeg_quality_hue_distorted_bbox", "tf-module", "robustness probe tf.Module on one image: image float [64,64,3], seed int64 [2]; stateless_split, tf.image.stateless_sample_distorted_bounding_box (min_object_covered 0.5) + tf.slice + resize 64x64, stateless_random_hue(0.05), stateless_random_saturation(0.8, 1.2), stateless_random_jpeg_quality(70, 95) (a JPEG encode / decode round trip), stateless_random_flip_up_down; Keras CNN -> augmented image and probabilities [1,4]")
def b_stateless_jpeg(out):
    clf = _classifier((64, 64, 3), 4)

    @tf.function(input_signature=[tensor_spec([64, 64, 3], name="image"), tensor_spec([2], "int64", "seed")])
    def serve(image, seed):
        s = tf.random.experimental.stateless_split(seed, 5)
        begin, size, _ = tf.image.stateless_sample_distorted_bounding_box(
            tf.shape(image), tf.constant([[[0.0, 0.0, 1.0, 1.0]]]), seed=s[0], min_object_covered=0.5,
            area_range=(0.5, 1.0))
        x = tf.image.resize(tf.slice(image, begin, size), (64, 64))
        x = tf.image.stateless_random_saturation(tf.image.stateless_random_hue(x, 0.05, s[1]), 0.8, 1.2, s[2])
        x = tf.image.stateless_random_jpeg_quality(tf.clip_by_value(x, 0.0, 1.0), 70, 95, s[3])
        x = tf.image.stateless_random_flip_up_down(x, s[4])
        return {"augmented": x, "probabilities": tf.nn.softmax(clf(x[None], training=False))}
    _save(out, {"model": clf}, serving_default=serve)


FEEDS["s40_stateless_jpeg_quality_hue_distorted_bbox"] = {"seed": [11, 5]}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
