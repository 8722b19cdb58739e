"""Build an independently made corpus into bench/out/fresh37/: models whose shapes are dynamic or data-dependent the way
serving and on-device code writes them, each family next to a shape-static version of the same kind of model. Images
with None batch / None height-width and tf.shape arithmetic (aspect-preserving resize to a computed size, pad to a
multiple of 16 / 32 and crop back, resize back to the input size, CoordConv channels from tf.range + broadcast_to /
tile / fill, tiling with tf.image.extract_patches, a ViT patchified with computed reshapes and a resized position grid),
fully convolutional nets on any size (global pooling) against Flatten heads at fixed [1,H,W,C]; detectors with
post-processing (NMS v3 / padded v4 / v5 soft-NMS, tf.image.non_max_suppression_padded, combined_non_max_suppression,
CenterNet peaks with top_k(k from an input), boolean_mask / tf.where(cond) / argsort of survivors, a two-stage model
with top_k proposals and crop_and_resize on its own boxes); text with variable token counts (position ids from
tf.range(tf.shape), tf.sequence_mask from lengths, causal tf.linalg.band_part masks, last-token gather, strings split /
n-grammed / hashed with tf.strings, RaggedTensorSpec signatures, a greedy decoder in a tf.while_loop with a dynamic
TensorArray, a TF1 tf.scan GRU); audio of any length (stft / frame, padding to a hop multiple, VAD segments from
tf.where) against a fixed 1 s frame pipeline; recommenders with ragged histories, SparseTensorSpec multi-hot inputs,
unique / bincount / segment_sum sessions, top_k with k from an input and argsort / sort; point sets with batch ids
(segment_max), length masks, dynamic_partition / dynamic_stitch, against a fixed 1024-point PointNet; a TTS length
regulator (tf.repeat with predicted repeats), a tf.cond on the input size, a fixed-point tf.while_loop with a
data-dependent trip count, tf.slice / strided slices with tensor bounds. Exported as Keras 3 model.export (None dims in
the input signature, or a fixed batch-1 signature), keras.export.ExportArchive (dynamic and static endpoints),
tf.saved_model.save of tf.Modules with explicit input signatures (several on some; composite RaggedTensorSpec /
SparseTensorSpec inputs are saved as their component tensors), TF2 functions frozen with
convert_variables_to_constants_v2, and TF1 graphs (frozen with graph_util.convert_variables_to_constants, or one
SavedModelBuilder). Seeded random weights; nothing is downloaded; every model runs forward once while it is built; no
outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh37.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh37.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh37.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh37.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh37.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import inspect
import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh37", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (ids in range, lengths, row splits, boxes, strings, k): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. A RaggedTensorSpec / SparseTensorSpec
# signature input `x` is fed as its components x, x_1 (, x_2), as the saved signature names them. Used by --check and by
# the run each model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

WORDS = ("the a movie phone battery screen great terrible love hate fast slow cheap price quality works broken "
         "recommend return again never always best worst camera sound app update").split()


# ================================================================================ shared pieces

def _mname(out):
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) for dense TensorSpecs, keyed by spec name"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_mname(out)), sig)


def _fn_args(out, fn, sig):
    """call arguments for a tf.function with an input_signature, from the same inputs --check feeds the saved signature:
    a composite spec (RaggedTensorSpec, SparseTensorSpec) named `x` is fed as components x, x_1, ... and packed back"""
    names = list(inspect.signature(fn.python_function).parameters)
    flat, keys = {}, {}
    for n, spec in zip(names, fn.input_signature):
        comps = tf.nest.flatten(spec, expand_composites=True)
        keys[n] = [n] + [f"{n}_{i}" for i in range(1, len(comps))]
        flat.update({k: tf.TensorSpec(c.shape, c.dtype, k) for k, c in zip(keys[n], comps)})
    vals = dummy_inputs(flat, FEEDS.get(_mname(out)), sig)
    return {n: vals[n] if isinstance(spec, tf.TensorSpec) else
            tf.nest.pack_sequence_as(spec, [vals[k] for k in keys[n]], expand_composites=True)
            for n, spec in zip(names, fn.input_signature)}


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_fn_args(out, f, k))
    serve_module(out, objs, **sigs)


def _export(m, out, sig=None):
    """run the Keras model once (inference) on the --check inputs, then model.export (sig: a flat list of specs)"""
    specs = sig or [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=(sig if sig is None or len(sig) == 1 else [sig]))


def _archive(out, m, **endpoints):
    """keras.export.ExportArchive tracking `m`, one endpoint per tf.function (input_signature given); each run once first.
    The first endpoint added becomes serving_default."""
    archive = keras.export.ExportArchive()
    archive.track(m)
    for k, f in endpoints.items():
        f(**_fn_args(out, f, k))
        archive.add_endpoint(k, f)
    archive.write_out(str(out), verbose=False)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_graph(out, build):
    """TF1 graph: build() makes placeholders / variables and returns outputs; initialize and run once on the --check
    inputs; returns (graph, session, outputs) for the caller to freeze or save"""
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
        tables = v1.tables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    s = v1.Session(graph=g)
    s.run([init, tables])
    s.run(outputs, {phs[k]: v.numpy() for k, v in vals.items()})
    return g, s, outputs


def _v1_freeze(out, build):
    """TF1 graph run once, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names"""
    g, s, outputs = _v1_graph(out, build)
    with s:
        frozen = tf.compat.v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(),
                                                                       [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _var(rng, shape, scale=None, name=None):
    """a tf.Variable of glorot-ish normal weights (zeros for a 1-D bias when scale == 0)"""
    if scale == 0:
        return tf.Variable(np.zeros(shape, "float32"), name=name)
    fan = shape[-2] if len(shape) > 1 else shape[0]
    return tf.Variable(rng.normal(0, scale or 1.0 / np.sqrt(fan), shape).astype("float32"), name=name)


def _dense_stack(x, sizes, act="relu"):
    for s in sizes:
        x = L.Dense(s, activation=act)(x)
    return x


def _conv_stack(x, filters, strides=2):
    """Conv2D(3x3, stride) + BatchNormalization + ReLU per filter count"""
    for f in filters:
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=strides, padding="same", use_bias=False)(x)))
    return x


def _ids_with_padding(rng, b, t, vocab):
    """token ids [b,t] in [1,vocab) with trailing zero padding of a random length per row (row 0 full)"""
    a = rng.integers(1, vocab, (b, t))
    for i in range(1, b):
        a[i, rng.integers(t // 3, t):] = 0
    return a


def _sentences(rng, n, lo=3, hi=12):
    return [" ".join(rng.choice(WORDS, rng.integers(lo, hi))).capitalize() + rng.choice(["!", ".", "?", ""])
            for _ in range(n)]


def _row_splits(rng, rows, lo=1, hi=9):
    return np.concatenate([[0], np.cumsum(rng.integers(lo, hi, rows))]).astype("int64")


# ================================================================================ images: any size vs fixed size

def _unet_logits(x, classes=3):
    """a 3-level U-Net (Conv2D + BatchNormalization + ReLU, MaxPooling2D, UpSampling2D, Concatenate skips) -> logits"""
    def block(h, f):
        for _ in range(2):
            h = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(h)))
        return h
    skips = []
    for f in (16, 32, 64):
        x = block(x, f)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = block(x, 96)
    for f, s in zip((64, 32, 16), reversed(skips)):
        x = block(L.Concatenate()([L.UpSampling2D()(x), s]), f)
    return L.Conv2D(classes, 1)(x)


@model("s37_unet_pad32_crop_back_any_size", "keras-export", "segmentation U-Net for any image size, float image [None,None,None,3]: custom layer pads H and W up to a multiple of 32 with tf.pad of (-h) % 32 / (-w) % 32 from tf.shape, 3-level U-Net (MaxPooling2D / UpSampling2D, Concatenate skips, BatchNormalization), custom layer crops the logits back to the input's tf.shape H, W with a strided slice; outputs Softmax probabilities [None,None,None,3] and a Lambda argmax label map (int32); model.export")
def b_unet_dyn(out):
    class PadToMultiple(L.Layer):
        def __init__(self, multiple, **kw):
            super().__init__(**kw)
            self.multiple = multiple

        def call(self, x):
            h, w = tf.shape(x)[1], tf.shape(x)[2]
            return tf.pad(x, [[0, 0], [0, (-h) % self.multiple], [0, (-w) % self.multiple], [0, 0]])

    class CropLike(L.Layer):
        def call(self, x, ref):
            return x[:, :tf.shape(ref)[1], :tf.shape(ref)[2], :]
    inp = keras.Input((None, None, 3), name="image")
    logits = CropLike()(_unet_logits(PadToMultiple(32)(inp)), inp)
    probs = L.Softmax(name="probabilities")(logits)
    labels = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="labels")(probs)
    _export(keras.Model(inp, {"probabilities": probs, "labels": labels}), out)


FEEDS["s37_unet_pad32_crop_back_any_size"] = lambda rng: {"image": rng.random((1, 45, 70, 3))}


@model("s37_unet_static_64_batch1", "keras-export", "the same 3-level U-Net at a fixed float image [1,64,64,3] (no padding or cropping): Conv2D + BatchNormalization + ReLU blocks, MaxPooling2D / UpSampling2D, Concatenate skips; Softmax probabilities [1,64,64,3] and a Lambda argmax label map (int32); model.export with a fixed-batch input signature")
def b_unet_static(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    probs = L.Softmax(name="probabilities")(_unet_logits(inp))
    labels = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="labels")(probs)
    _export(keras.Model(inp, {"probabilities": probs, "labels": labels}), out, sig=[tensor_spec([1, 64, 64, 3], name="image")])


@model("s37_classifier_gap_any_size_keras", "keras-export", "fully convolutional classifier on any image size, float [None,None,None,3]: Rescaling(1/255), four Conv2D(stride 2) + BatchNormalization + ReLU, GlobalAveragePooling2D, Dropout, Dense(10, softmax); model.export")
def b_cls_gap(out):
    inp = keras.Input((None, None, 3), name="image")
    x = _conv_stack(L.Rescaling(1.0 / 255)(inp), (16, 32, 64, 96))
    _export(keras.Model(inp, L.Dense(10, activation="softmax")(L.Dropout(0.2)(L.GlobalAveragePooling2D()(x)))), out)


FEEDS["s37_classifier_gap_any_size_keras"] = lambda rng: {"image": rng.random((2, 50, 77, 3)) * 255}


@model("s37_classifier_flatten_static_batch1", "keras-export", "the same conv stack with a Flatten head at a fixed float [1,96,96,3]: Rescaling(1/255), four Conv2D(stride 2) + BatchNormalization + ReLU, Flatten (6x6x96), Dropout, Dense(10, softmax); model.export with a fixed-batch input signature")
def b_cls_flat(out):
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = _conv_stack(L.Rescaling(1.0 / 255)(inp), (16, 32, 64, 96))
    _export(keras.Model(inp, L.Dense(10, activation="softmax")(L.Dropout(0.2)(L.Flatten()(x)))), out,
            sig=[tensor_spec([1, 96, 96, 3], name="image")])


@model("s37_aspect_resize_center_crop_uint8", "tf-module", "serving preprocessing for any image size: uint8 images [None,None,None,3] cast / 255, shorter side scaled to 72 (scale = 72 / min(h, w) from tf.shape, size = ceil(hw * scale) cast int32), tf.image.resize(antialias=True) to that computed size, tf.image.resize_with_crop_or_pad to 64x64; Keras CNN (Conv2D / MaxPooling2D, GlobalAveragePooling2D, Dense 5) + softmax, tf.math.top_k(3); outputs probabilities, top3 classes (int32) / scores and the computed resized_size")
def b_aspect(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(5)(L.GlobalAveragePooling2D()(x)))

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], "uint8", "images")])
    def serve(images):
        x = tf.cast(images, tf.float32) / 255.0
        hw = tf.cast(tf.shape(x)[1:3], tf.float32)
        size = tf.cast(tf.math.ceil(hw * (72.0 / tf.reduce_min(hw))), tf.int32)
        x = tf.image.resize_with_crop_or_pad(tf.image.resize(x, size, antialias=True), 64, 64)
        probs = tf.nn.softmax(net(x, training=False))
        top = tf.math.top_k(probs, k=3)
        return {"probabilities": probs, "top3_classes": top.indices, "top3_scores": top.values, "resized_size": size}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s37_aspect_resize_center_crop_uint8"] = lambda rng: {"images": rng.integers(0, 256, (2, 48, 80, 3))}


@model("s37_coordconv_spatial_softargmax_any_size", "keras-export", "CoordConv landmark regressor on any image size, float [None,None,None,3]: custom AddCoords layer builds y / x coordinate channels from tf.range(tf.shape(x)[1 or 2]), tf.broadcast_to / tf.tile to [b,h,w,1] (shapes from tf.stack of tf.shape) and a tf.fill ones channel; Conv2D stack (stride 2 twice) with AddCoords again, Conv2D(5) heatmaps, custom SpatialSoftArgmax (tf.reshape to [b,-1,5], softmax over positions, expected normalized coordinates) -> keypoints [None,5,2] and heatmaps; model.export")
def b_coordconv(out):
    class AddCoords(L.Layer):
        def call(self, x):
            s = tf.shape(x)
            b, h, w = s[0], s[1], s[2]
            ys = tf.cast(tf.range(h), tf.float32) / tf.cast(tf.maximum(h - 1, 1), tf.float32) * 2.0 - 1.0
            xs = tf.cast(tf.range(w), tf.float32) / tf.cast(tf.maximum(w - 1, 1), tf.float32) * 2.0 - 1.0
            yy = tf.broadcast_to(ys[None, :, None, None], tf.stack([b, h, w, 1]))
            xx = tf.tile(xs[None, None, :, None], tf.stack([b, h, 1, 1]))
            return tf.concat([x, yy, xx, tf.fill(tf.stack([b, h, w, 1]), 1.0)], axis=-1)

    class SpatialSoftArgmax(L.Layer):
        def call(self, heat):
            s = tf.shape(heat)
            p = tf.nn.softmax(tf.reshape(heat, tf.stack([s[0], -1, s[3]])), axis=1)
            ys = tf.linspace(0.0, 1.0, s[1])
            xs = tf.linspace(0.0, 1.0, s[2])
            gy, gx = tf.meshgrid(ys, xs, indexing="ij")
            grid = tf.reshape(tf.stack([gy, gx], axis=-1), [-1, 2])
            return tf.einsum("bnk,nc->bkc", p, grid)
    inp = keras.Input((None, None, 3), name="image")
    x = L.Conv2D(16, 3, padding="same", activation="relu")(AddCoords()(inp))
    x = _conv_stack(x, (32, 48))
    x = L.Conv2D(48, 3, padding="same", activation="relu")(AddCoords()(x))
    heat = L.Conv2D(5, 1, name="heatmaps")(x)
    _export(keras.Model(inp, {"keypoints": SpatialSoftArgmax(name="keypoints")(heat), "heatmaps": heat}), out)


FEEDS["s37_coordconv_spatial_softargmax_any_size"] = lambda rng: {"image": rng.random((2, 40, 56, 3))}


def _patch_net():
    inp = keras.Input((32, 32, 3))
    x = _conv_stack(inp, (16, 32, 48))
    return keras.Model(inp, L.Dense(1)(L.GlobalAveragePooling2D()(x)))


@model("s37_tiled_patches_heatmap_any_size", "tf-module", "whole-slide style tile scorer on any size, float image [1,None,None,3]: paddings tensor built from (-h) % 32 / (-w) % 32 of tf.shape, tf.pad, tf.image.extract_patches 32x32 stride 32 (VALID), tf.reshape to [-1,32,32,3] tiles, Keras patch CNN (Conv2D stride 2 x3, GlobalAveragePooling2D, Dense 1) + sigmoid, tf.reshape back to the [1,gh,gw] grid from tf.shape of the patches, tf.repeat x32 on both axes and a crop to the input h, w; outputs tile_scores, pixel_scores, num_tiles")
def b_tiles(out):
    net = _patch_net()

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="image")])
    def serve(image):
        h, w = tf.shape(image)[1], tf.shape(image)[2]
        paddings = tf.convert_to_tensor([[0, 0], [0, (-h) % 32], [0, (-w) % 32], [0, 0]])
        patches = tf.image.extract_patches(tf.pad(image, paddings), sizes=[1, 32, 32, 1], strides=[1, 32, 32, 1],
                                           rates=[1, 1, 1, 1], padding="VALID")
        gh, gw = tf.shape(patches)[1], tf.shape(patches)[2]
        scores = tf.sigmoid(net(tf.reshape(patches, [-1, 32, 32, 3]), training=False))
        grid = tf.reshape(scores, tf.stack([1, gh, gw]))
        pixel = tf.repeat(tf.repeat(grid, 32, axis=1), 32, axis=2)[:, :h, :w]
        return {"tile_scores": grid, "pixel_scores": pixel, "num_tiles": gh * gw}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s37_tiled_patches_heatmap_any_size"] = lambda rng: {"image": rng.random((1, 70, 100, 3))}


@model("s37_tiled_patches_static_128_frozen", "frozen-pb", "the same tile scorer at a fixed float image [1,128,128,3], frozen with convert_variables_to_constants_v2: tf.image.extract_patches 32x32 stride 32 -> [1,4,4,3072], reshape to [16,32,32,3], Keras patch CNN + sigmoid, reshape to tile_scores [1,4,4]")
def b_tiles_static(out):
    net = _patch_net()

    def fn(image):
        patches = tf.image.extract_patches(image, sizes=[1, 32, 32, 1], strides=[1, 32, 32, 1], rates=[1, 1, 1, 1],
                                           padding="VALID")
        return tf.reshape(tf.sigmoid(net(tf.reshape(patches, [16, 32, 32, 3]), training=False)), [1, 4, 4],
                          name="tile_scores")
    _freeze(fn, [tensor_spec([1, 128, 128, 3], name="image")], out)


@model("s37_vit_dynamic_resolution_keras", "keras-export", "ViT for any resolution divisible by 8, float [None,None,None,3]: custom Patchify layer (tf.shape arithmetic gh = h // 8, gw = w // 8, strided crop, tf.reshape to [b,gh,8,gw,8,3] with computed dims, transpose, reshape to [b,gh*gw,192]), Dense(64) patch embedding, custom layer adding a learned 8x8 position grid resized with tf.image.resize to (gh, gw) from tf.shape; 2 pre-norm blocks (MultiHeadAttention 4 heads, GELU MLP), GlobalAveragePooling1D, Dense(10); model.export")
def b_vit_dyn(out):
    class Patchify(L.Layer):
        def call(self, x):
            s = tf.shape(x)
            gh, gw = s[1] // 8, s[2] // 8
            x = tf.reshape(x[:, :gh * 8, :gw * 8], tf.stack([s[0], gh, 8, gw, 8, 3]))
            return tf.reshape(tf.transpose(x, [0, 1, 3, 2, 4, 5]), tf.stack([s[0], gh * gw, 192]))

    class InterpolatedPositions(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.grid = self.add_weight(shape=(1, 8, 8, 64), initializer=keras.initializers.RandomNormal(stddev=0.02),
                                        name="position_grid")

        def call(self, tokens, image):
            s = tf.shape(image)
            pe = tf.image.resize(self.grid, tf.stack([s[1] // 8, s[2] // 8]))
            return tokens + tf.reshape(pe, [1, -1, 64])
    inp = keras.Input((None, None, 3), name="image")
    x = InterpolatedPositions()(L.Dense(64)(Patchify()(inp)), inp)
    x = _vit_blocks(x)
    _export(keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling1D()(L.LayerNormalization()(x)))), out)


def _vit_blocks(x, n=2):
    for _ in range(n):
        h = L.LayerNormalization()(x)
        x = L.Add()([x, L.MultiHeadAttention(4, 16)(h, h)])
        h = L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization()(x)))
        x = L.Add()([x, h])
    return x


FEEDS["s37_vit_dynamic_resolution_keras"] = lambda rng: {"image": rng.random((2, 48, 72, 3))}


@model("s37_vit_static_64_batch1", "keras-export", "the same ViT at a fixed float [1,64,64,3]: Conv2D(64, 8, stride 8) patch embedding, Reshape to [1,64,64] tokens, learned [1,64,64] position embedding added by a custom layer, 2 pre-norm blocks (MultiHeadAttention 4 heads, GELU MLP), GlobalAveragePooling1D, Dense(10); model.export with a fixed-batch input signature")
def b_vit_static(out):
    class AddPositions(L.Layer):
        def build(self, input_shape):
            self.pos = self.add_weight(shape=(1, 64, 64), initializer=keras.initializers.RandomNormal(stddev=0.02),
                                       name="positions")

        def call(self, x):
            return x + self.pos
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = AddPositions()(L.Reshape((64, 64))(L.Conv2D(64, 8, strides=8)(inp)))
    x = _vit_blocks(x)
    _export(keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling1D()(L.LayerNormalization()(x)))), out,
            sig=[tensor_spec([1, 64, 64, 3], name="image")])


@model("s37_cond_on_input_size_downscale", "tf-module", "classifier that downsizes only large inputs, float image [None,None,None,3]: tf.cond(max(h, w) from tf.shape > 96, tf.image.resize to hw * 96 / max (computed int32 size), identity); Keras fully convolutional net (Conv2D stride 2 x3 + BatchNormalization, GlobalAveragePooling2D, Dense 4) + softmax; outputs probabilities and processed_size (tf.shape of the branch result)")
def b_cond(out):
    inp = keras.Input((None, None, 3))
    net = keras.Model(inp, L.Dense(4)(L.GlobalAveragePooling2D()(_conv_stack(inp, (16, 32, 64)))))

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="image")])
    def serve(image):
        hw = tf.shape(image)[1:3]
        longest = tf.reduce_max(hw)
        x = tf.cond(longest > 96,
                    lambda: tf.image.resize(image, tf.cast(tf.cast(hw, tf.float32) * 96.0 / tf.cast(longest, tf.float32), tf.int32)),
                    lambda: image)
        return {"probabilities": tf.nn.softmax(net(x, training=False)), "processed_size": tf.shape(x)[1:3]}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s37_cond_on_input_size_downscale"] = lambda rng: {"image": rng.random((1, 100, 150, 3))}


@model("s37_slice_crop_tensor_bounds", "tf-module", "crop-and-classify with crop bounds as an input: float image [1,None,None,3], crop_box int32 [4] (y, x, h, w); tf.slice with begin / size tensors built by tf.stack, a strided-slice preview image[:, y:y+h:2, x:x+w:2] with tensor bounds, tf.image.resize of the crop to 64x64, Keras CNN (Conv2D / MaxPooling2D, GlobalAveragePooling2D, Dense 3) + softmax; outputs probabilities, preview, crop_shape")
def b_slice(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(3)(L.GlobalAveragePooling2D()(x)))

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="image"), tensor_spec([4], "int32", "crop_box")])
    def serve(image, crop_box):
        y, x, h, w = tf.unstack(crop_box)
        crop = tf.slice(image, tf.stack([0, y, x, 0]), tf.stack([1, h, w, 3]))
        preview = image[:, y:y + h:2, x:x + w:2, :]
        probs = tf.nn.softmax(net(tf.image.resize(crop, (64, 64)), training=False))
        return {"probabilities": probs, "preview": preview, "crop_shape": tf.shape(crop)}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s37_slice_crop_tensor_bounds"] = lambda rng: {"image": rng.random((1, 60, 80, 3)), "crop_box": [5, 10, 40, 50]}


@model("s37_fcn_seg_export_archive_dynamic_static", "keras-export", "FCN segmenter exported with keras.export.ExportArchive and two endpoints: serve (first, becomes serving_default) takes float images [None,None,None,3], runs the fully convolutional model (Conv2D stride 2 x2 + BatchNormalization, Conv2DTranspose stride 2 x2 -> 4 classes) and tf.image.resize's the logits back to the input's tf.shape H, W (so non-multiples of 4 work), softmax + argmax mask (int32); serve_fixed takes a fixed [1,128,128,3] and returns the model's softmax directly")
def b_archive_seg(out):
    inp = keras.Input((None, None, 3))
    x = _conv_stack(inp, (16, 32))
    x = L.ReLU()(L.Conv2DTranspose(16, 3, strides=2, padding="same")(x))
    m = keras.Model(inp, L.Conv2DTranspose(4, 3, strides=2, padding="same")(x))

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="images")])
    def serve(images):
        logits = tf.image.resize(m(images, training=False), tf.shape(images)[1:3])
        probs = tf.nn.softmax(logits)
        return {"probabilities": probs, "mask": tf.argmax(probs, axis=-1, output_type=tf.int32)}

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="images")])
    def serve_fixed(images):
        return {"probabilities": tf.nn.softmax(m(images, training=False))}
    _archive(out, m, serve=serve, serve_fixed=serve_fixed)


FEEDS["s37_fcn_seg_export_archive_dynamic_static"] = lambda rng: {"serve/images": rng.random((2, 37, 50, 3)),
                                                                  "serving_default/images": rng.random((1, 45, 61, 3))}


@model("s37_tf1_pad_to_16_seg_slice_back_frozen", "frozen-pb", "TF1 segmentation graph (tf.compat.v1 placeholder, get_variable kernels) frozen with graph_util.convert_variables_to_constants: images float [None,None,None,3]; paddings tensor from tf.stack of (16 - h % 16) % 16 / w, tf.pad, tf.nn.conv2d stride 2 x2 + relu, 1x1 conv to 2 classes, tf.image.resize to the padded tf.shape, tf.slice back to [-1,h,w,-1] with a size tensor, softmax 'probabilities' and argmax 'mask'")
def b_tf1_seg(out):
    def build():
        v1 = tf.compat.v1

        def conv(x, name, cout, s, act=True, k=3):
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [k, k, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
                y = tf.nn.conv2d(x, w, s, "SAME") + v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
                return tf.nn.relu(y) if act else y
        images = v1.placeholder(tf.float32, [None, None, None, 3], name="images")
        s = tf.shape(images)
        h, w = s[1], s[2]
        paddings = tf.stack([[0, 0], tf.stack([0, (16 - h % 16) % 16]), tf.stack([0, (16 - w % 16) % 16]), [0, 0]])
        x = tf.pad(images, paddings)
        y = conv(conv(conv(x, "conv1", 16, 2), "conv2", 32, 2), "classifier", 2, 1, act=False, k=1)
        up = tf.image.resize(y, tf.shape(x)[1:3])
        logits = tf.slice(up, [0, 0, 0, 0], tf.stack([-1, h, w, -1]))
        probs = tf.nn.softmax(logits, name="probabilities")
        return [probs, tf.argmax(probs, axis=-1, name="mask")]
    _v1_freeze(out, build)


FEEDS["s37_tf1_pad_to_16_seg_slice_back_frozen"] = lambda rng: {"images": rng.random((1, 50, 70, 3))}
OUTPUTS["s37_tf1_pad_to_16_seg_slice_back_frozen"] = ["probabilities", "mask"]


# ================================================================================ detection post-processing

def _anchors(grids, strides, size, sizes, ratios=(1.0, 2.0, 0.5)):
    """[N,4] normalized (ycenter, xcenter, h, w) anchors ordered (level, row, col, anchor)"""
    out = []
    for g, st, sz in zip(grids, strides, sizes):
        for i in range(g):
            for j in range(g):
                for r in ratios:
                    out.append([(i + 0.5) * st / size, (j + 0.5) * st / size, sz / np.sqrt(r), sz * np.sqrt(r)])
    return np.array(out, "float32")


def _ssd(size, classes=4, anchors_per=3):
    """Keras SSD-style net on [size,size,3]: feature maps at stride 8 and 16, box / class conv heads each reshaped to
    [b,-1,4] / [b,-1,classes] and concatenated; returns (model, anchors)"""
    inp = keras.Input((size, size, 3))
    f8 = _conv_stack(inp, (16, 32, 48))
    f16 = _conv_stack(f8, (64,))
    boxes, scores = [], []
    for f in (f8, f16):
        boxes.append(L.Reshape((-1, 4))(L.Conv2D(anchors_per * 4, 3, padding="same")(f)))
        scores.append(L.Reshape((-1, classes))(L.Conv2D(anchors_per * classes, 3, padding="same")(f)))
    m = keras.Model(inp, [L.Concatenate(axis=1)(boxes), L.Concatenate(axis=1)(scores)])
    return m, _anchors((size // 8, size // 16), (8, 16), size, (0.15, 0.35))


def _decode(enc, anchors):
    """box-coder decode (scale 10, 10, 5, 5) against center-size anchors -> clipped corners"""
    ya, xa, ha, wa = (anchors[..., k] for k in range(4))
    ty, tx, th, tw = tf.unstack(enc, axis=-1)
    yc, xc = ty / 10.0 * ha + ya, tx / 10.0 * wa + xa
    h, w = tf.exp(th / 5.0) * ha, tf.exp(tw / 5.0) * wa
    return tf.clip_by_value(tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1), 0.0, 1.0)


@model("s37_ssd_nms_v3_dynamic_count", "tf-module", "SSD-style detector, float image [1,128,128,3]: Keras conv backbone with box / class heads at stride 8 and 16 (3 anchors each, 960 anchors, 4 classes), constant anchors, box-coder decode with tf.exp, sigmoid scores, per-anchor max / argmax, tf.image.non_max_suppression(20, iou 0.5, score_threshold 0.3) (NonMaxSuppressionV3) with no padding, so boxes / scores / classes come out with a data-dependent length; plus num_detections = tf.size(selected)")
def b_ssd_v3(out):
    net, anchors = _ssd(128)

    @tf.function(input_signature=[tensor_spec([1, 128, 128, 3], name="image")])
    def serve(image):
        enc, logits = net(image, training=False)
        boxes, scores = _decode(enc[0], anchors), tf.sigmoid(logits[0])
        best, cls = tf.reduce_max(scores, axis=-1), tf.argmax(scores, axis=-1, output_type=tf.int32)
        sel = tf.image.non_max_suppression(boxes, best, 20, iou_threshold=0.5, score_threshold=0.3)
        return {"boxes": tf.gather(boxes, sel), "scores": tf.gather(best, sel), "classes": tf.gather(cls, sel),
                "num_detections": tf.size(sel)}
    _save(out, {"model": net}, serving_default=serve)


@model("s37_ssd_nms_padded_static_frozen", "frozen-pb", "the same SSD-style detector frozen with convert_variables_to_constants_v2 at a fixed float image [1,128,128,3] with fixed-size outputs: tf.image.non_max_suppression_padded(20, iou 0.5, score_threshold 0.3, pad_to_max_output_size=True) (the TF2 batched implementation, nested while loops over box tiles, lowered by freezing to Enter / Exit / Merge / Switch control flow with 60 dangling unused_control_flow_input placeholders), tf.gather of boxes / scores / classes [20], a tf.sequence_mask of valid_detections zeroing padded scores")
def b_ssd_padded(out):
    net, anchors = _ssd(128)

    def fn(image):
        enc, logits = net(image, training=False)
        boxes, scores = _decode(enc[0], anchors), tf.sigmoid(logits[0])
        best, cls = tf.reduce_max(scores, axis=-1), tf.argmax(scores, axis=-1, output_type=tf.int32)
        sel, valid = tf.image.non_max_suppression_padded(boxes, best, 20, iou_threshold=0.5, score_threshold=0.3,
                                                         pad_to_max_output_size=True)
        keep = tf.cast(tf.sequence_mask(valid, 20), tf.float32)
        return (tf.identity(tf.gather(boxes, sel), name="boxes"), tf.identity(tf.gather(best, sel) * keep, name="scores"),
                tf.identity(tf.gather(cls, sel), name="classes"), tf.identity(valid, name="valid_detections"))
    _freeze(fn, [tensor_spec([1, 128, 128, 3], name="image")], out)


# the lowered NMS while loops leave internal sink nodes that cannot be fetched on their own: fetch the named outputs
OUTPUTS["s37_ssd_nms_padded_static_frozen"] = ["boxes", "scores", "classes", "valid_detections"]


@model("s37_fcos_any_size_meshgrid_soft_nms_v5", "tf-module", "anchor-free FCOS-style detector on any image size, float image [1,None,None,3]: Keras FCN (Conv2D stride 2 x3) with class (3), ltrb and centerness heads at stride 8; point centres from tf.meshgrid(tf.range(fh), tf.range(fw)) of tf.shape, tf.exp ltrb distances, boxes normalized by the input's tf.shape, tf.reshape to [-1,4] / [-1,3], sqrt(cls * ctr) scores, tf.image.non_max_suppression_with_scores (NonMaxSuppressionV5, soft_nms_sigma 0.5, 50, score_threshold 0.2); outputs boxes, soft scores, classes with a data-dependent length and num_points")
def b_fcos(out):
    inp = keras.Input((None, None, 3))
    f = _conv_stack(inp, (16, 32, 64))
    f = L.Conv2D(64, 3, padding="same", activation="relu")(f)
    net = keras.Model(inp, [L.Conv2D(3, 3, padding="same")(f), L.Conv2D(4, 3, padding="same")(f), L.Conv2D(1, 3, padding="same")(f)])

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="image")])
    def serve(image):
        cls, reg, ctr = net(image, training=False)
        hw = tf.cast(tf.shape(image)[1:3], tf.float32)
        ys, xs = tf.meshgrid(tf.range(tf.shape(cls)[1]), tf.range(tf.shape(cls)[2]), indexing="ij")
        cy = tf.reshape((tf.cast(ys, tf.float32) + 0.5) * 8.0, [-1])
        cx = tf.reshape((tf.cast(xs, tf.float32) + 0.5) * 8.0, [-1])
        l, t, r, b = tf.unstack(tf.reshape(tf.exp(tf.clip_by_value(reg, -4.0, 4.0)) * 8.0, [-1, 4]), axis=-1)
        boxes = tf.stack([(cy - t) / hw[0], (cx - l) / hw[1], (cy + b) / hw[0], (cx + r) / hw[1]], axis=-1)
        scores = tf.sqrt(tf.reshape(tf.sigmoid(cls) * tf.sigmoid(ctr), [-1, 3]))
        best, labels = tf.reduce_max(scores, axis=-1), tf.argmax(scores, axis=-1, output_type=tf.int32)
        sel, sel_scores = tf.image.non_max_suppression_with_scores(boxes, best, 50, iou_threshold=0.6,
                                                                   score_threshold=0.2, soft_nms_sigma=0.5)
        return {"boxes": tf.gather(boxes, sel), "scores": sel_scores, "classes": tf.gather(labels, sel),
                "num_points": tf.shape(best)[0]}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s37_fcos_any_size_meshgrid_soft_nms_v5"] = lambda rng: {"image": rng.random((1, 96, 128, 3))}


@model("s37_ssd_combined_nms_export_archive", "keras-export", "SSD-style detector exported with keras.export.ExportArchive, float images [None,96,96,3] (None batch): Keras backbone with box / class heads at stride 8 and 16 (540 anchors, 4 classes), endpoint serve decodes against constant anchors and runs tf.image.combined_non_max_suppression(10 per class, 20 total, iou 0.5, score 0.3, clip_boxes) on the sigmoid scores; outputs detection_boxes [None,20,4], detection_scores, detection_classes, num_detections")
def b_combined(out):
    net, anchors = _ssd(96)

    @tf.function(input_signature=[tensor_spec([None, 96, 96, 3], name="images")])
    def serve(images):
        enc, logits = net(images, training=False)
        boxes = _decode(enc, anchors)
        nms = tf.image.combined_non_max_suppression(boxes[:, :, None, :], tf.sigmoid(logits), 10, 20, iou_threshold=0.5,
                                                    score_threshold=0.3, clip_boxes=True)
        return {"detection_boxes": nms.nmsed_boxes, "detection_scores": nms.nmsed_scores,
                "detection_classes": nms.nmsed_classes, "num_detections": nms.valid_detections}
    _archive(out, net, serve=serve)


@model("s37_two_stage_topk_proposals_crop_and_resize", "tf-module", "two-stage detector on float images [None,64,64,3]: Keras backbone to a 16x16x32 map with an RPN (3 anchors per cell: objectness + deltas), proposals decoded against constant anchors, tf.math.top_k(objectness, 16) and tf.gather(batch_dims=1) of the model's own boxes, tf.image.crop_and_resize(feature map, reshape(proposals, [-1,4]), box_indices = tf.repeat(tf.range(tf.shape(images)[0]), 16), 7x7), Keras RoI head (Flatten, Dense 64, class softmax 5 + box deltas) reshaped back to [b,16,...]; outputs proposals, proposal_scores, class_probs, refined_boxes")
def b_two_stage(out):
    inp = keras.Input((64, 64, 3))
    feat = _conv_stack(inp, (16, 32))
    backbone = keras.Model(inp, [feat, L.Conv2D(3, 1)(feat), L.Conv2D(12, 1)(feat)])
    roi = keras.Input((7, 7, 32))
    h = L.Dense(64, activation="relu")(L.Flatten()(roi))
    head = keras.Model(roi, [L.Dense(5, activation="softmax")(h), L.Dense(4)(h)])
    anchors = _anchors((16,), (4,), 64, (0.2,))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def serve(images):
        b = tf.shape(images)[0]
        fm, obj, deltas = backbone(images, training=False)
        boxes = _decode(tf.reshape(deltas, [b, -1, 4]), anchors)
        top = tf.math.top_k(tf.reshape(tf.sigmoid(obj), [b, -1]), k=16)
        props = tf.gather(boxes, top.indices, batch_dims=1)
        crops = tf.image.crop_and_resize(fm, tf.reshape(props, [-1, 4]), tf.repeat(tf.range(b), 16), (7, 7))
        probs, d = head(crops, training=False)
        refined = _decode(tf.reshape(d, [b, 16, 4]) * 0.1,
                          tf.stack([(props[..., 0] + props[..., 2]) / 2, (props[..., 1] + props[..., 3]) / 2,
                                    props[..., 2] - props[..., 0], props[..., 3] - props[..., 1]], axis=-1))
        return {"proposals": props, "proposal_scores": top.values, "class_probs": tf.reshape(probs, [b, 16, 5]),
                "refined_boxes": refined}
    _save(out, {"backbone": backbone, "head": head}, serving_default=serve)


@model("s37_centernet_peaks_topk_k_input", "tf-module", "CenterNet-style decoder on any image size, float image [1,None,None,3] and k int32 []: Keras FCN (stride 4) with sigmoid class heatmaps (2), wh and offset heads; peaks kept where heat == max_pool2d 3x3, tf.reshape to [1,-1], k clipped to tf.shape with tf.minimum, tf.math.top_k(flat, k) with that tensor k, class = idx % 2, cell = idx // 2, ys / xs from the feature width of tf.shape, tf.gather(batch_dims=1) of wh / offsets; outputs boxes [1,k,4] (pixels), scores, classes")
def b_centernet(out):
    inp = keras.Input((None, None, 3))
    f = L.Conv2D(32, 3, padding="same", activation="relu")(_conv_stack(inp, (16, 32)))
    net = keras.Model(inp, [L.Conv2D(2, 1, activation="sigmoid")(f), L.Conv2D(2, 1)(f), L.Conv2D(2, 1)(f)])

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="image"), tensor_spec([], "int32", "k")])
    def serve(image, k):
        heat, wh, off = net(image, training=False)
        peaks = heat * tf.cast(tf.equal(heat, tf.nn.max_pool2d(heat, 3, 1, "SAME")), tf.float32)
        flat = tf.reshape(peaks, [1, -1])
        scores, idx = tf.math.top_k(flat, k=tf.minimum(k, tf.shape(flat)[1]))
        fw = tf.shape(heat)[2]
        cell = idx // 2
        ys, xs = tf.cast(cell // fw, tf.float32), tf.cast(cell % fw, tf.float32)
        wh_k = tf.gather(tf.reshape(tf.exp(tf.clip_by_value(wh, -3.0, 3.0)) * 4.0, [1, -1, 2]), cell, batch_dims=1)
        off_k = tf.gather(tf.reshape(tf.sigmoid(off), [1, -1, 2]), cell, batch_dims=1)
        cy, cx = (ys + off_k[..., 0]) * 4.0, (xs + off_k[..., 1]) * 4.0
        boxes = tf.stack([cy - wh_k[..., 0] / 2, cx - wh_k[..., 1] / 2, cy + wh_k[..., 0] / 2, cx + wh_k[..., 1] / 2], -1)
        return {"boxes": boxes, "scores": scores, "classes": idx % 2}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["s37_centernet_peaks_topk_k_input"] = lambda rng: {"image": rng.random((1, 64, 96, 3)), "k": 10}


@model("s37_face_grid_boolean_mask_argsort_frozen", "frozen-pb", "grid face detector frozen with convert_variables_to_constants_v2, float image [1,64,64,3]: Keras conv net to an 8x8 grid of (score, 4 box offsets), decode with constant cell centres, keep = sigmoid score > 0.5, tf.boolean_mask of boxes / scores, tf.where(keep) (one-argument, int64 cell indices), tf.argsort(DESCENDING) of kept scores and tf.gather into sorted order; outputs with a data-dependent length and count = tf.size")
def b_face_mask(out):
    inp = keras.Input((64, 64, 3), batch_size=1)
    net = keras.Model(inp, L.Conv2D(5, 1)(_conv_stack(inp, (16, 32, 48))))
    gy, gx = np.meshgrid((np.arange(8) + 0.5) / 8, (np.arange(8) + 0.5) / 8, indexing="ij")
    centres = np.stack([gy.ravel(), gx.ravel()], -1).astype("float32")

    def fn(image):
        out = tf.reshape(net(image, training=False), [64, 5])
        scores = tf.sigmoid(out[:, 0])
        c = centres + tf.tanh(out[:, 1:3]) / 8.0
        half = tf.sigmoid(out[:, 3:5]) / 4.0
        boxes = tf.concat([c - half, c + half], axis=-1)
        keep = scores > 0.5
        kept_boxes, kept_scores = tf.boolean_mask(boxes, keep), tf.boolean_mask(scores, keep)
        cells = tf.where(keep)[:, 0]
        order = tf.argsort(kept_scores, direction="DESCENDING")
        return (tf.identity(tf.gather(kept_boxes, order), name="boxes"), tf.identity(tf.gather(kept_scores, order), name="scores"),
                tf.identity(tf.gather(cells, order), name="cells"), tf.identity(tf.size(cells), name="count"))
    _freeze(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["s37_face_grid_boolean_mask_argsort_frozen"] = ["boxes", "scores", "cells", "count"]


@model("s37_tf1_grid_detector_nms_v4_topk_frozen", "frozen-pb", "TF1 grid detector (tf.compat.v1 placeholder, get_variable kernels) frozen with graph_util.convert_variables_to_constants: image float [1,64,64,3], tf.nn.conv2d stride 2 x3 + relu, 1x1 conv to an 8x8 grid of (score, box), tf.raw_ops.NonMaxSuppressionV4 (10, iou 0.5, score 0.2, pad_to_max_output_size=True) -> selected_indices [10] + valid_outputs, tf.gather 'detection_boxes' / 'detection_scores', plus tf.nn.top_k(scores, 5) 'top5_scores'")
def b_tf1_nms(out):
    def build():
        v1 = tf.compat.v1

        def conv(x, name, cout, s, act=True, k=3):
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [k, k, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
                y = tf.nn.conv2d(x, w, s, "SAME") + v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
                return tf.nn.relu(y) if act else y
        image = v1.placeholder(tf.float32, [1, 64, 64, 3], name="image")
        y = conv(conv(conv(conv(image, "c1", 16, 2), "c2", 32, 2), "c3", 32, 2), "head", 5, 1, act=False, k=1)
        y = tf.reshape(y, [64, 5])
        scores = tf.sigmoid(y[:, 0])
        gy, gx = np.meshgrid((np.arange(8) + 0.5) / 8, (np.arange(8) + 0.5) / 8, indexing="ij")
        c = np.stack([gy.ravel(), gx.ravel()], -1).astype("float32") + tf.tanh(y[:, 1:3]) / 8.0
        half = tf.sigmoid(y[:, 3:5]) / 4.0
        boxes = tf.concat([c - half, c + half], axis=-1)
        sel, valid = tf.raw_ops.NonMaxSuppressionV4(boxes=boxes, scores=scores, max_output_size=10, iou_threshold=0.5,
                                                    score_threshold=0.2, pad_to_max_output_size=True)
        return [tf.gather(boxes, sel, name="detection_boxes"), tf.gather(scores, sel, name="detection_scores"),
                tf.identity(valid, name="num_detections"), tf.identity(tf.nn.top_k(scores, 5).values, name="top5_scores")]
    _v1_freeze(out, build)


OUTPUTS["s37_tf1_grid_detector_nms_v4_topk_frozen"] = ["detection_boxes", "detection_scores", "num_detections", "top5_scores"]


# ================================================================================ text with variable token counts

def _tok_pos(vocab, maxlen, dim):
    """a Keras layer adding token and position embeddings, positions = tf.range(tf.shape(ids)[1])"""
    class TokenAndPosition(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.tok, self.pos = L.Embedding(vocab, dim), L.Embedding(maxlen, dim)

        def call(self, ids):
            return self.tok(ids) + self.pos(tf.range(tf.shape(ids)[1]))[None]
    return TokenAndPosition()


def _encoder_block(x, mask, dim=32):
    h = L.MultiHeadAttention(2, dim // 2)(x, x, attention_mask=mask)
    x = L.LayerNormalization()(L.Add()([x, h]))
    h = L.Dense(dim)(L.Dense(dim * 2, activation="relu")(x))
    return L.LayerNormalization()(L.Add()([x, h]))


def _text_layers():
    class PaddingMask(L.Layer):
        def call(self, ids):
            m = tf.not_equal(ids, 0)
            return tf.logical_and(m[:, :, None], m[:, None, :])

    class MaskedMean(L.Layer):
        def call(self, h, ids):
            m = tf.cast(tf.not_equal(ids, 0), h.dtype)[..., None]
            return tf.reduce_sum(h * m, axis=1) / tf.maximum(tf.reduce_sum(m, axis=1), 1.0)
    return PaddingMask, MaskedMean


@model("s37_text_transformer_variable_tokens_keras", "keras-export", "text classifier over any token count, int32 token_ids [None,None] (0 = padding): custom layer with token Embedding(2000) + position Embedding(256) of tf.range(tf.shape(ids)[1]), padding attention mask [b,t,t] from ids != 0, 2 encoder blocks (MultiHeadAttention 2 heads with attention_mask, FFN, LayerNormalization), masked mean pooling, Dense(3, softmax); model.export")
def b_text_dyn(out):
    PaddingMask, MaskedMean = _text_layers()
    ids = keras.Input((None,), dtype="int32", name="token_ids")
    x, mask = _tok_pos(2000, 256, 32)(ids), PaddingMask()(ids)
    for _ in range(2):
        x = _encoder_block(x, mask)
    _export(keras.Model(ids, L.Dense(3, activation="softmax")(MaskedMean()(x, ids))), out)


FEEDS["s37_text_transformer_variable_tokens_keras"] = lambda rng: {"token_ids": _ids_with_padding(rng, 2, 40, 2000)}


@model("s37_text_transformer_static_128_batch1", "keras-export", "the same text transformer at a fixed int32 token_ids [1,128]: token + position Embedding (positions tf.range of the now static length), padding attention mask from ids != 0, 2 encoder blocks, masked mean pooling, Dense(3, softmax); model.export with a fixed-batch input signature")
def b_text_static(out):
    PaddingMask, MaskedMean = _text_layers()
    ids = keras.Input((128,), batch_size=1, dtype="int32", name="token_ids")
    x, mask = _tok_pos(2000, 256, 32)(ids), PaddingMask()(ids)
    for _ in range(2):
        x = _encoder_block(x, mask)
    _export(keras.Model(ids, L.Dense(3, activation="softmax")(MaskedMean()(x, ids))), out,
            sig=[tensor_spec([1, 128], "int32", "token_ids")])


FEEDS["s37_text_transformer_static_128_batch1"] = lambda rng: {"token_ids": _ids_with_padding(rng, 1, 128, 2000)}


@model("s37_lengths_sequence_mask_band_part_attention", "tf-module", "decoder-style text encoder from raw tf.Variables, int32 token_ids [None,None] + lengths int32 [None]: padding mask tf.sequence_mask(lengths, maxlen=tf.shape(ids)[1]), causal mask tf.linalg.band_part(tf.ones([t,t]), -1, 0) with t from tf.shape, combined and applied with tf.where before softmax, position table gathered with tf.range(t), FFN, last real token picked with tf.gather(h, lengths - 1, batch_dims=1); outputs logits [None,4] and mean_attention_entropy")
def b_lengths(out):
    rng = np.random.default_rng(37)
    emb, pos = _var(rng, (3000, 32), 0.1, "embedding"), _var(rng, (512, 32), 0.02, "positions")
    wq, wk, wv, wo = (_var(rng, (32, 32), name=n) for n in ("wq", "wk", "wv", "wo"))
    w1, w2, wc = _var(rng, (32, 64), name="ffn1"), _var(rng, (64, 32), name="ffn2"), _var(rng, (32, 4), name="classifier")

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "token_ids"), tensor_spec([None], "int32", "lengths")])
    def serve(token_ids, lengths):
        t = tf.shape(token_ids)[1]
        pad = tf.sequence_mask(lengths, maxlen=t)
        causal = tf.cast(tf.linalg.band_part(tf.ones(tf.stack([t, t])), -1, 0), tf.bool)
        mask = tf.logical_and(causal[None], pad[:, None, :])
        h = tf.gather(emb, token_ids) + tf.gather(pos, tf.range(t))[None]
        s = tf.matmul(h @ wq, h @ wk, transpose_b=True) / np.sqrt(32.0)
        a = tf.nn.softmax(tf.where(mask, s, -1e9), axis=-1)
        h = h + tf.matmul(a, h @ wv) @ wo
        h = h + tf.nn.relu(h @ w1) @ w2
        last = tf.gather(h, tf.maximum(lengths - 1, 0), batch_dims=1)
        ent = -tf.reduce_sum(a * tf.math.log(a + 1e-9), axis=-1)
        return {"logits": last @ wc, "mean_attention_entropy": tf.reduce_mean(ent, axis=-1)}
    _save(out, {"params": [emb, pos, wq, wk, wv, wo, w1, w2, wc]}, serving_default=serve)


FEEDS["s37_lengths_sequence_mask_band_part_attention"] = {"token_ids": (1, 3000), "lengths": (1, 33)}


@model("s37_string_split_ngrams_hash_bag", "tf-module", "review classifier on raw strings, text string [None]: tf.strings.lower, regex_replace of non [a-z0-9' ] characters, tf.strings.split (ragged words), tf.strings.ngrams(2) bigrams concatenated on the ragged axis, tf.strings.to_hash_bucket_fast(8192), tf.ragged.map_flat_values(tf.gather) into a tf.Variable embedding table, ragged sum / row_lengths mean, MLP from tf.Variables -> sigmoid; outputs probability [None] and token_count (int64 row lengths)")
def b_strings(out):
    rng = np.random.default_rng(38)
    table = _var(rng, (8192, 32), 0.1, "hash_embeddings")
    w1, b1, w2 = _var(rng, (32, 32)), _var(rng, (32,), 0), _var(rng, (32, 1))

    @tf.function(input_signature=[tensor_spec([None], "string", "text")])
    def serve(text):
        t = tf.strings.regex_replace(tf.strings.lower(text), r"[^a-z0-9' ]", " ")
        words = tf.strings.split(t)
        toks = tf.concat([words, tf.strings.ngrams(words, 2, separator=" ")], axis=1)
        ids = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, toks, 8192)
        vecs = tf.ragged.map_flat_values(lambda i: tf.gather(table, i), ids)
        n = tf.cast(toks.row_lengths(), tf.float32)[:, None]
        pooled = tf.reduce_sum(vecs, axis=1) / tf.maximum(n, 1.0)
        logit = tf.nn.relu(pooled @ w1 + b1) @ w2
        return {"probability": tf.sigmoid(logit[:, 0]), "token_count": toks.row_lengths()}
    _save(out, {"params": [table, w1, b1, w2]}, serving_default=serve)


FEEDS["s37_string_split_ngrams_hash_bag"] = lambda rng: {"text": _sentences(rng, 3) + ["", "Great!!! <b>Love</b> it"]}


@model("s37_ragged_tokens_signature_two_sigs", "tf-module", "token classifier with a RaggedTensorSpec signature: serving_default takes token_ids as tf.RaggedTensorSpec([None,None], int32, row_splits int64) (saved as components token_ids values [None] + token_ids_1 row_splits [None]); serve_padded takes dense int32 token_ids [None,None] + lengths [None] and builds tf.RaggedTensor.from_tensor(lengths=); shared encoder: ragged map_flat_values embedding gather, .to_tensor(), tf.sequence_mask(row_lengths) mask, tf.nn.conv1d (kernel 3) + relu, masked max pool via tf.where, Dense -> logits [None,5]")
def b_ragged_sig(out):
    rng = np.random.default_rng(39)
    table, k1, wc = _var(rng, (3000, 32), 0.1, "embedding"), _var(rng, (3, 32, 48), 0.1, "conv"), _var(rng, (48, 5))

    def encode(rt):
        dense = tf.ragged.map_flat_values(lambda i: tf.gather(table, i), rt).to_tensor()
        mask = tf.sequence_mask(rt.row_lengths(), tf.shape(dense)[1])
        h = tf.nn.relu(tf.nn.conv1d(dense, k1, 1, "SAME"))
        pooled = tf.reduce_max(tf.where(mask[..., None], h, -1e9), axis=1)
        return {"logits": pooled @ wc}

    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32, 1, tf.int64)])
    def serving_default(token_ids):
        return encode(token_ids)

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "token_ids"), tensor_spec([None], "int32", "lengths")])
    def serve_padded(token_ids, lengths):
        return encode(tf.RaggedTensor.from_tensor(token_ids, lengths=lengths))
    _save(out, {"params": [table, k1, wc]}, serving_default=serving_default, serve_padded=serve_padded)


def _ragged_tokens_feed(rng):
    splits = _row_splits(rng, 3, 2, 12)
    return {"serving_default/token_ids": rng.integers(1, 3000, splits[-1]), "serving_default/token_ids_1": splits,
            "serve_padded/token_ids": (1, 3000), "serve_padded/lengths": (1, 33)}


FEEDS["s37_ragged_tokens_signature_two_sigs"] = _ragged_tokens_feed


@model("s37_greedy_decoder_while_tensorarray", "tf-module", "seq2seq greedy decoder from tf.Variables, source_ids int32 [1,None] + max_len int32 []: mean-pooled source embedding -> tanh initial state; tf.while_loop while i < max_len and not EOS (data-dependent trip count), each step an RNN cell (concat(x, h) @ W, tanh), argmax next token, written to a tf.TensorArray(dynamic_size=True); outputs tokens = TensorArray.stack() [None] and the step count")
def b_greedy(out):
    rng = np.random.default_rng(40)
    emb, wenc = _var(rng, (64, 32), 0.3, "embedding"), _var(rng, (32, 48), name="encoder")
    wcell, bcell, wout = _var(rng, (80, 48), name="cell"), _var(rng, (48,), 0), _var(rng, (48, 64), name="output")

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "source_ids"), tensor_spec([], "int32", "max_len")])
    def serve(source_ids, max_len):
        h = tf.tanh(tf.reduce_mean(tf.gather(emb, source_ids), axis=1) @ wenc)
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)

        def cond(i, tok, h, done, ta):
            return tf.logical_and(i < max_len, tf.logical_not(done))

        def body(i, tok, h, done, ta):
            h = tf.tanh(tf.concat([tf.gather(emb, tok), h], axis=-1) @ wcell + bcell)
            nxt = tf.argmax(h @ wout, axis=-1, output_type=tf.int32)
            return i + 1, nxt, h, tf.equal(nxt[0], 2), ta.write(i, nxt[0])
        i, _, _, _, ta = tf.while_loop(cond, body, [tf.constant(0), tf.fill([1], 1), h, tf.constant(False), ta])
        return {"tokens": ta.stack(), "length": i}
    _save(out, {"params": [emb, wenc, wcell, bcell, wout]}, serving_default=serve)


FEEDS["s37_greedy_decoder_while_tensorarray"] = lambda rng: {"source_ids": rng.integers(3, 64, (1, 9)), "max_len": 12}


@model("s37_tf1_scan_gru_sequence_len_frozen", "frozen-pb", "TF1 GRU text classifier (tf.compat.v1 placeholders, get_variable) frozen with graph_util.convert_variables_to_constants: token_ids int32 [None,None], seq_len int32 [None]; embedding_lookup, time-major transpose, tf.sequence_mask(seq_len, tf.shape(ids)[1]) per-step masks, GRU step written out (sigmoid / tanh gates) run with tf.scan from a tf.zeros state of tf.stack([batch, 32]) (a functional While with TensorList ops in the frozen graph), state frozen past each sequence's end, last state -> softmax 'probabilities' [None,3]")
def b_tf1_scan(out):
    def build():
        v1 = tf.compat.v1
        ids = v1.placeholder(tf.int32, [None, None], name="token_ids")
        seq_len = v1.placeholder(tf.int32, [None], name="seq_len")
        glorot = v1.glorot_uniform_initializer()
        emb = v1.get_variable("embedding", [500, 16], initializer=v1.random_normal_initializer(stddev=0.1))
        wz, wr, wh = (v1.get_variable(n, [48, 32], initializer=glorot) for n in ("w_update", "w_reset", "w_candidate"))
        wc = v1.get_variable("w_classifier", [32, 3], initializer=glorot)
        x = tf.transpose(tf.nn.embedding_lookup(emb, ids), [1, 0, 2])
        mask = tf.transpose(tf.sequence_mask(seq_len, tf.shape(ids)[1], dtype=tf.float32))

        def step(h, inp):
            xt, m = inp
            z = tf.sigmoid(tf.matmul(tf.concat([xt, h], 1), wz))
            r = tf.sigmoid(tf.matmul(tf.concat([xt, h], 1), wr))
            hn = (1 - z) * h + z * tf.tanh(tf.matmul(tf.concat([xt, r * h], 1), wh))
            return m[:, None] * hn + (1 - m[:, None]) * h
        hs = tf.scan(step, (x, mask), initializer=tf.zeros(tf.stack([tf.shape(ids)[0], 32])))
        return [tf.nn.softmax(tf.matmul(hs[-1], wc), name="probabilities")]
    _v1_freeze(out, build)


FEEDS["s37_tf1_scan_gru_sequence_len_frozen"] = {"token_ids": (1, 500), "seq_len": (1, 33)}
OUTPUTS["s37_tf1_scan_gru_sequence_len_frozen"] = ["probabilities"]


def _causal_layers():
    class CausalPaddingMask(L.Layer):
        def call(self, ids):
            t = tf.shape(ids)[1]
            causal = tf.cast(tf.linalg.band_part(tf.ones(tf.stack([t, t])), -1, 0), tf.bool)
            return tf.logical_and(causal[None], tf.not_equal(ids, 0)[:, None, :])

    class LastToken(L.Layer):
        def call(self, h, ids):
            n = tf.reduce_sum(tf.cast(tf.not_equal(ids, 0), tf.int32), axis=1)
            return tf.gather(h, tf.maximum(n - 1, 0), batch_dims=1)
    return CausalPaddingMask, LastToken


def _causal_lm(ids):
    CausalPaddingMask, LastToken = _causal_layers()
    x, mask = _tok_pos(1000, 256, 32)(ids), CausalPaddingMask()(ids)
    for _ in range(2):
        x = _encoder_block(x, mask)
    logits = L.Dense(1000, name="next_token_logits")(LastToken()(x, ids))
    return keras.Model(ids, logits)


@model("s37_causal_lm_band_part_last_token_keras", "keras-export", "tiny causal LM for next-token prediction over any prompt length, int32 token_ids [None,None] (right-padded with 0): token + position Embedding (tf.range of tf.shape), custom mask layer = tf.linalg.band_part(tf.ones([t,t]), -1, 0) with t from tf.shape AND the padding mask, 2 blocks (MultiHeadAttention with attention_mask, FFN, LayerNormalization), custom layer gathering the last real token (count of ids != 0 minus 1, tf.gather batch_dims=1), Dense(1000) next_token_logits; model.export")
def b_clm_dyn(out):
    _export(_causal_lm(keras.Input((None,), dtype="int32", name="token_ids")), out)


FEEDS["s37_causal_lm_band_part_last_token_keras"] = lambda rng: {"token_ids": _ids_with_padding(rng, 2, 24, 1000)}


@model("s37_causal_lm_static_64_frozen", "frozen-pb", "the same causal LM at a fixed int32 token_ids [1,64], frozen with convert_variables_to_constants_v2 (Keras model called with training=False): band_part causal mask on the static length, padding mask, 2 blocks, last-real-token tf.gather, Dense(1000) next-token logits")
def b_clm_static(out):
    m = _causal_lm(keras.Input((64,), batch_size=1, dtype="int32", name="token_ids"))
    _freeze(lambda t: tf.identity(m(t, training=False), name="next_token_logits"),
            [tensor_spec([1, 64], "int32", "token_ids")], out)


FEEDS["s37_causal_lm_static_64_frozen"] = lambda rng: {"token_ids": _ids_with_padding(rng, 1, 64, 1000)}
OUTPUTS["s37_causal_lm_static_64_frozen"] = ["next_token_logits"]


@model("s37_tf1_string_hash_segment_mean_savedmodel", "tf1-savedmodel", "TF1 intent classifier saved with SavedModelBuilder (predict signature): text string placeholder [None], tf.strings.lower + tf.strings.split (ragged), tf.strings.to_hash_bucket_strong(2048, key) on the flat words, embedding_lookup into a get_variable table, tf.math.unsorted_segment_mean by the ragged value_rowids (data-dependent segment ids, num_segments = tf.shape(text)[0]), dense relu + softmax; outputs probabilities [None,4] and classes (int64)")
def b_tf1_strings(out):
    def build():
        v1 = tf.compat.v1
        text = v1.placeholder(tf.string, [None], name="text")
        words = tf.strings.split(tf.strings.lower(text))
        ids = tf.strings.to_hash_bucket_strong(words.flat_values, 2048, key=[17, 29])
        emb = v1.get_variable("embedding", [2048, 24], initializer=v1.random_normal_initializer(stddev=0.1))
        sent = tf.math.unsorted_segment_mean(tf.nn.embedding_lookup(emb, ids), words.value_rowids(), tf.shape(text)[0])
        w1 = v1.get_variable("w1", [24, 32], initializer=v1.glorot_uniform_initializer())
        w2 = v1.get_variable("w2", [32, 4], initializer=v1.glorot_uniform_initializer())
        probs = tf.nn.softmax(tf.matmul(tf.nn.relu(tf.matmul(sent, w1)), w2), name="probabilities")
        build.sig = ({"text": text}, {"probabilities": probs, "classes": tf.argmax(probs, axis=-1)})
        return [probs]
    g, s, _ = _v1_graph(out, build)
    v1 = tf.compat.v1
    with g.as_default(), s:
        b = v1.saved_model.Builder(str(out))
        b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
            "serving_default": v1.saved_model.predict_signature_def(*build.sig)})
        b.save()


FEEDS["s37_tf1_string_hash_segment_mean_savedmodel"] = lambda rng: {"text": _sentences(rng, 4) + [""]}


# ================================================================================ audio of any length

def _audio_net(frames=None):
    inp = keras.Input((frames, 40, 1))
    x = _conv_stack(inp, (16, 32, 48))
    x = L.GlobalAveragePooling2D()(x) if frames is None else L.Flatten()(x)
    return keras.Model(inp, L.Dense(8)(x))


@model("s37_audio_stft_logmel_variable_length", "tf-module", "sound-event classifier on any clip length, two signatures: serving_default waveform float [None,None], serve_single waveform [None] (expanded to a batch of 1); tf.signal.stft(400, 160, fft 512, pad_end=True), |.|^2, matmul with a constant linear_to_mel_weight_matrix(40), log, Keras conv net over [b,frames,40,1] with GlobalAveragePooling2D (any frame count) -> Dense(8) softmax; outputs probabilities and num_frames")
def b_stft(out):
    net = _audio_net()
    mel = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 7600.0)

    def classify(wav):
        spec = tf.abs(tf.signal.stft(wav, 400, 160, 512, pad_end=True))
        logmel = tf.math.log(tf.matmul(tf.square(spec), mel) + 1e-6)
        return {"probabilities": tf.nn.softmax(net(logmel[..., None], training=False)), "num_frames": tf.shape(logmel)[1]}

    @tf.function(input_signature=[tensor_spec([None, None], name="waveform")])
    def serving_default(waveform):
        return classify(waveform)

    @tf.function(input_signature=[tensor_spec([None], name="waveform")])
    def serve_single(waveform):
        return classify(waveform[None])
    _save(out, {"model": net}, serving_default=serving_default, serve_single=serve_single)


FEEDS["s37_audio_stft_logmel_variable_length"] = lambda rng: {
    "serving_default/waveform": rng.uniform(-1, 1, (2, 8000)), "serve_single/waveform": rng.uniform(-1, 1, 12345)}


@model("s37_audio_frame_static_1s_frozen", "frozen-pb", "the same sound-event classifier for exactly 1 s, waveform float [1,16000], frozen with convert_variables_to_constants_v2: tf.signal.frame(400, 160) -> [1,98,400], constant Hann window, tf.signal.rfft(fft 512), power, constant mel matrix (40), log, Keras conv net with a Flatten head on the static [1,98,40,1] -> Dense(8) softmax")
def b_frame_static(out):
    net = _audio_net(98)
    mel = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 7600.0)
    window = tf.signal.hann_window(400)

    def fn(waveform):
        frames = tf.signal.frame(waveform, 400, 160) * window
        logmel = tf.math.log(tf.matmul(tf.square(tf.abs(tf.signal.rfft(frames, [512]))), mel) + 1e-6)
        return tf.nn.softmax(net(logmel[..., None], training=False), name="probabilities")
    _freeze(fn, [tensor_spec([1, 16000], name="waveform")], out)


FEEDS["s37_audio_frame_static_1s_frozen"] = lambda rng: {"waveform": rng.uniform(-1, 1, (1, 16000))}
OUTPUTS["s37_audio_frame_static_1s_frozen"] = ["probabilities"]


@model("s37_kws_pad_to_hop_reshape_gru_keras", "keras-export", "keyword spotter on raw audio of any length, waveform float [None,None]: custom layer pads to a multiple of 160 samples ((-n) % 160 from tf.shape) and tf.reshape's to [b,-1,160] frames with a computed shape, Dense(64) per frame + LayerNormalization, Conv1D(64, 5), GRU(64) over the variable frame count, Dense(12, softmax); model.export")
def b_kws(out):
    class FrameByHop(L.Layer):
        def call(self, x):
            x = tf.pad(x, [[0, 0], [0, (-tf.shape(x)[1]) % 160]])
            return tf.reshape(x, tf.stack([tf.shape(x)[0], -1, 160]))
    inp = keras.Input((None,), name="waveform")
    x = L.LayerNormalization()(L.Dense(64, activation="relu")(FrameByHop()(inp)))
    x = L.GRU(64)(L.Conv1D(64, 5, padding="same", activation="relu")(x))
    _export(keras.Model(inp, L.Dense(12, activation="softmax")(x)), out)


FEEDS["s37_kws_pad_to_hop_reshape_gru_keras"] = lambda rng: {"waveform": rng.uniform(-1, 1, (2, 3000))}


@model("s37_vad_speech_segments_where", "tf-module", "voice-activity detector returning speech segments for one utterance, waveform float [None]: tf.signal.frame(480, 160, pad_end=True), Hann window, tf.signal.rfft magnitudes pooled to 16 log bands, tf.Variable MLP -> per-frame speech probability, 5-tap moving average by tf.nn.conv1d, speech = p > 0.5, change points tf.where(speech[1:] != speech[:-1]) (one-argument), segment starts / ends split by tf.boolean_mask on the state after each change; outputs frame_probs [None], starts / ends int64 [None]")
def b_vad(out):
    rng = np.random.default_rng(41)
    w1, b1, w2 = _var(rng, (16, 32)), _var(rng, (32,), 0), _var(rng, (32, 1))
    window = tf.signal.hann_window(480)

    @tf.function(input_signature=[tensor_spec([None], name="waveform")])
    def serve(waveform):
        frames = tf.signal.frame(waveform, 480, 160, pad_end=True) * window
        mag = tf.abs(tf.signal.rfft(frames, [512]))[:, :256]
        bands = tf.math.log(tf.reduce_mean(tf.reshape(mag, [-1, 16, 16]), axis=-1) + 1e-6)
        p = tf.sigmoid(tf.nn.relu(bands @ w1 + b1) @ w2)
        p = tf.nn.conv1d(p[None], tf.fill([5, 1, 1], 0.2), 1, "SAME")[0, :, 0]
        speech = p > 0.5
        change = tf.where(tf.not_equal(speech[1:], speech[:-1]))[:, 0] + 1
        after = tf.gather(speech, change)
        return {"frame_probs": p, "starts": tf.boolean_mask(change, after),
                "ends": tf.boolean_mask(change, tf.logical_not(after))}
    _save(out, {"params": [w1, b1, w2]}, serving_default=serve)


FEEDS["s37_vad_speech_segments_where"] = lambda rng: {"waveform": rng.uniform(-1, 1, 8000) * np.repeat(rng.random(10), 800)}


# ================================================================================ recommenders

@model("s37_recsys_ragged_history_signature", "tf-module", "two-tower scorer with a ragged click history: signature user_id int64 [None], history tf.RaggedTensorSpec([None,None], int64) (saved as components history values + history_1 row_splits), candidate_ids int64 [None,20]; tf.ragged.map_flat_values(tf.gather) into a tf.Variable item table, ragged sum / row_lengths mean, user embedding by user_id % 100, MLP with log1p(history length), einsum scores against candidate embeddings, tf.math.top_k(5) and tf.gather(batch_dims=1) of candidate ids; outputs scores, top_items, top_scores")
def b_rec_ragged(out):
    rng = np.random.default_rng(42)
    items, users = _var(rng, (500, 32), 0.1, "item_table"), _var(rng, (100, 16), 0.1, "user_table")
    w1, w2 = _var(rng, (49, 64)), _var(rng, (64, 32))

    @tf.function(input_signature=[tensor_spec([None], "int64", "user_id"), tf.RaggedTensorSpec([None, None], tf.int64, 1, tf.int64),
                                  tensor_spec([None, 20], "int64", "candidate_ids")])
    def serve(user_id, history, candidate_ids):
        hist = tf.ragged.map_flat_values(lambda i: tf.gather(items, i), history)
        n = tf.cast(history.row_lengths(), tf.float32)[:, None]
        hmean = tf.reduce_sum(hist, axis=1) / tf.maximum(n, 1.0)
        q = tf.nn.relu(tf.concat([tf.gather(users, user_id % 100), hmean, tf.math.log1p(n)], -1) @ w1) @ w2
        scores = tf.einsum("bd,bcd->bc", q, tf.gather(items, candidate_ids))
        top = tf.math.top_k(scores, k=5)
        return {"scores": scores, "top_items": tf.gather(candidate_ids, top.indices, batch_dims=1), "top_scores": top.values}
    _save(out, {"params": [items, users, w1, w2]}, serving_default=serve)


def _rec_ragged_feed(rng):
    splits = _row_splits(rng, 3, 0, 15)
    return {"user_id": rng.integers(0, 1000, 3), "history": rng.integers(0, 500, splits[-1]), "history_1": splits,
            "candidate_ids": rng.integers(0, 500, (3, 20))}


FEEDS["s37_recsys_ragged_history_signature"] = _rec_ragged_feed


@model("s37_recsys_padded_history_static_batch1", "keras-export", "the same two-tower scorer with a fixed padded history, inputs user_id int32 [1,1], history int32 [1,50] (0 = padding), candidate_ids int32 [1,20]: item / user Embedding, custom masked-mean layer (ids != 0), Dense MLP, Dot against candidate embeddings -> scores [1,20]; model.export with a fixed-batch signature")
def b_rec_static(out):
    class MaskedMean(L.Layer):
        def call(self, e, ids):
            m = tf.cast(tf.not_equal(ids, 0), e.dtype)[..., None]
            return tf.reduce_sum(e * m, axis=1) / tf.maximum(tf.reduce_sum(m, axis=1), 1.0)
    uid = keras.Input((1,), batch_size=1, dtype="int32", name="user_id")
    hist = keras.Input((50,), batch_size=1, dtype="int32", name="history")
    cand = keras.Input((20,), batch_size=1, dtype="int32", name="candidate_ids")
    item_emb = L.Embedding(500, 32)
    u = L.Flatten()(L.Embedding(100, 16)(uid))
    q = _dense_stack(L.Concatenate()([u, MaskedMean()(item_emb(hist), hist)]), (64,))
    q = L.Dense(32)(q)
    scores = L.Dot(axes=(2, 1), name="scores")([item_emb(cand), q])
    _export(keras.Model([uid, hist, cand], scores), out,
            sig=[tensor_spec([1, 1], "int32", "user_id"), tensor_spec([1, 50], "int32", "history"),
                 tensor_spec([1, 20], "int32", "candidate_ids")])


FEEDS["s37_recsys_padded_history_static_batch1"] = lambda rng: {
    "user_id": (0, 100), "history": _ids_with_padding(rng, 2, 50, 500)[1:], "candidate_ids": (1, 500)}


@model("s37_recsys_sparse_multihot_signature", "tf-module", "wide & deep CTR model on multi-hot features, two signatures: serving_default takes features as tf.SparseTensorSpec([None,1000], float32) (saved as components features indices [None,2] int64, features_1 values, features_2 dense_shape [2]) and uses tf.sparse.sparse_dense_matmul for the wide weights and the deep embedding; serve_components takes indices / values / dense_shape dense tensors, builds tf.SparseTensor + tf.sparse.reorder, tf.sparse.to_dense and dense matmuls; output probability [None]")
def b_rec_sparse(out):
    rng = np.random.default_rng(43)
    wide, deep = _var(rng, (1000, 1), 0.05, "wide"), _var(rng, (1000, 32), 0.1, "deep_embedding")
    w1, b1, w2 = _var(rng, (32, 32)), _var(rng, (32,), 0), _var(rng, (32, 1))

    def head(wide_logit, deep_in):
        return {"probability": tf.sigmoid(wide_logit[:, 0] + (tf.nn.relu(deep_in @ w1 + b1) @ w2)[:, 0])}

    @tf.function(input_signature=[tf.SparseTensorSpec([None, 1000], tf.float32)])
    def serving_default(features):
        return head(tf.sparse.sparse_dense_matmul(features, wide), tf.sparse.sparse_dense_matmul(features, deep))

    @tf.function(input_signature=[tensor_spec([None, 2], "int64", "indices"), tensor_spec([None], name="values"),
                                  tensor_spec([2], "int64", "dense_shape")])
    def serve_components(indices, values, dense_shape):
        dense = tf.sparse.to_dense(tf.sparse.reorder(tf.SparseTensor(indices, values, dense_shape)))
        return head(tf.matmul(dense, wide), tf.matmul(dense, deep))
    _save(out, {"params": [wide, deep, w1, b1, w2]}, serving_default=serving_default, serve_components=serve_components)


def _sparse_feed(rng):
    rows = [sorted(rng.choice(1000, rng.integers(2, 8), replace=False)) for _ in range(3)]
    idx = np.array([[r, c] for r, cols in enumerate(rows) for c in cols], "int64")
    vals = np.ones(len(idx), "float32")
    return {"serving_default/features": idx, "serving_default/features_1": vals, "serving_default/features_2": [3, 1000],
            "serve_components/indices": idx[::-1].copy(), "serve_components/values": vals,
            "serve_components/dense_shape": [3, 1000]}


FEEDS["s37_recsys_sparse_multihot_signature"] = _sparse_feed


@model("s37_session_unique_bincount_segment_sum", "tf-module", "session-based next-item recommender for one session, item_ids int64 [None] in click order: tf.argsort(stable) + tf.gather to sort, tf.unique of the sorted ids, recency weights from the argsort positions, tf.math.segment_sum of weighted item embeddings by the unique index (data-dependent sorted segment ids), tf.math.bincount counts, log1p-count weighted session vector through a tf.Variable MLP, scores over 1000 items with seen items set to -1e9 by tf.tensor_scatter_nd_update with tf.fill of tf.shape(unique), tf.math.top_k(10); outputs recommended_items, scores, unique_items, item_counts")
def b_session(out):
    rng = np.random.default_rng(44)
    table, w1, w2 = _var(rng, (1000, 32), 0.1, "item_table"), _var(rng, (32, 64)), _var(rng, (64, 32))

    @tf.function(input_signature=[tensor_spec([None], "int64", "item_ids")])
    def serve(item_ids):
        n = tf.size(item_ids)
        order = tf.argsort(item_ids, stable=True)
        sorted_ids = tf.gather(item_ids, order)
        uniq, seg = tf.unique(sorted_ids)
        recency = tf.cast(order + 1, tf.float32) / tf.cast(n, tf.float32)
        per_item = tf.math.segment_sum(tf.gather(table, sorted_ids) * recency[:, None], seg)
        counts = tf.math.bincount(seg, dtype=tf.float32)
        session = tf.reduce_sum(per_item * tf.math.log1p(counts)[:, None], axis=0, keepdims=True)
        q = tf.nn.relu(session @ w1) @ w2
        scores = tf.linalg.matvec(table, q[0])
        scores = tf.tensor_scatter_nd_update(scores, uniq[:, None], tf.fill(tf.shape(uniq), -1e9))
        top = tf.math.top_k(scores, k=10)
        return {"recommended_items": top.indices, "scores": top.values, "unique_items": uniq, "item_counts": counts}
    _save(out, {"params": [table, w1, w2]}, serving_default=serve)


FEEDS["s37_session_unique_bincount_segment_sum"] = lambda rng: {"item_ids": rng.integers(0, 25, 18)}


@model("s37_retrieval_topk_k_input_argsort_two_sigs", "tf-module", "retrieval over a candidate set passed at request time, two signatures sharing a Keras query tower (Dense 64 relu, Dense 32, l2-normalized): retrieve(query float [None,16], candidate_embeddings [None,32], k int32 []) -> tf.math.top_k with k = tf.minimum(k, tf.shape(candidates)[0]), indices / scores [None,k]; rank(query, candidate_embeddings) -> tf.argsort(DESCENDING) ranking and tf.sort scores [None,None]")
def b_retrieval(out):
    tower = keras.Sequential([keras.Input((16,)), L.Dense(64, activation="relu"), L.Dense(32)])

    def scores_of(query, cands):
        q = tf.math.l2_normalize(tower(query, training=False), axis=-1)
        return tf.matmul(q, tf.math.l2_normalize(cands, axis=-1), transpose_b=True)

    @tf.function(input_signature=[tensor_spec([None, 16], name="query"), tensor_spec([None, 32], name="candidate_embeddings"),
                                  tensor_spec([], "int32", "k")])
    def retrieve(query, candidate_embeddings, k):
        top = tf.math.top_k(scores_of(query, candidate_embeddings), k=tf.minimum(k, tf.shape(candidate_embeddings)[0]))
        return {"indices": top.indices, "scores": top.values}

    @tf.function(input_signature=[tensor_spec([None, 16], name="query"), tensor_spec([None, 32], name="candidate_embeddings")])
    def rank(query, candidate_embeddings):
        s = scores_of(query, candidate_embeddings)
        return {"ranking": tf.argsort(s, axis=-1, direction="DESCENDING"), "sorted_scores": tf.sort(s, axis=-1, direction="DESCENDING")}
    _save(out, {"tower": tower}, serving_default=retrieve, rank=rank)


FEEDS["s37_retrieval_topk_k_input_argsort_two_sigs"] = lambda rng: {"candidate_embeddings": rng.normal(size=(50, 32)), "k": 5}


# ================================================================================ point sets

@model("s37_pointset_batch_ids_segment_max", "tf-module", "PointNet over a flat batch of variable-size clouds, points float [None,3], features [None,4], batch_ids int32 [None] (sorted cloud index per point): per-point Keras MLP (Dense 64 / 128), tf.math.segment_max by batch_ids (number of clouds from the data), tf.gather of each cloud's global feature back to its points, per-point segmentation MLP and per-cloud classifier; outputs point_logits [None,4], cloud_logits [None,6], points_per_cloud (segment_sum of ones)")
def b_pointset(out):
    point_mlp = keras.Sequential([keras.Input((7,)), L.Dense(64, activation="relu"), L.Dense(128, activation="relu")])
    seg_mlp = keras.Sequential([keras.Input((256,)), L.Dense(64, activation="relu"), L.Dense(4)])
    cls_mlp = keras.Sequential([keras.Input((128,)), L.Dense(64, activation="relu"), L.Dense(6)])

    @tf.function(input_signature=[tensor_spec([None, 3], name="points"), tensor_spec([None, 4], name="features"),
                                  tensor_spec([None], "int32", "batch_ids")])
    def serve(points, features, batch_ids):
        h = point_mlp(tf.concat([points, features], -1), training=False)
        glob = tf.math.segment_max(h, batch_ids)
        point_logits = seg_mlp(tf.concat([h, tf.gather(glob, batch_ids)], -1), training=False)
        return {"point_logits": point_logits, "cloud_logits": cls_mlp(glob, training=False),
                "points_per_cloud": tf.math.segment_sum(tf.ones_like(batch_ids), batch_ids)}
    _save(out, {"mlps": [point_mlp, seg_mlp, cls_mlp]}, serving_default=serve)


def _pointset_feed(rng):
    sizes = [10, 7, 15]
    return {"points": rng.normal(size=(32, 3)), "features": rng.random((32, 4)), "batch_ids": np.repeat(np.arange(3), sizes)}


FEEDS["s37_pointset_batch_ids_segment_max"] = _pointset_feed


@model("s37_pointnet_lengths_mask_partition_stitch", "tf-module", "padded point clouds with lengths, points float [None,None,3] + lengths int32 [None]: tf.sequence_mask, tf.boolean_mask to the valid points and tf.where(mask) (one-argument) for their (cloud, slot) indices, per-point MLP from tf.Variables, tf.math.unsorted_segment_max per cloud (num_segments = tf.shape), ground / object logits, tf.dynamic_partition of point features by argmax class into two refinement MLPs and tf.dynamic_stitch back by partitioned tf.range indices, tf.scatter_nd back to padded [b,n,...] shapes; outputs point_logits, refined_points, cloud_logits")
def b_pn_mask(out):
    rng = np.random.default_rng(45)
    w1, w2 = _var(rng, (3, 64)), _var(rng, (64, 64))
    ws, wg, wo, wc = _var(rng, (128, 2)), _var(rng, (128, 3), 0.01), _var(rng, (128, 3), 0.01), _var(rng, (64, 5))

    @tf.function(input_signature=[tensor_spec([None, None, 3], name="points"), tensor_spec([None], "int32", "lengths")])
    def serve(points, lengths):
        s = tf.shape(points)
        mask = tf.sequence_mask(lengths, s[1])
        idx = tf.where(mask)
        valid = tf.boolean_mask(points, mask)
        batch = tf.cast(idx[:, 0], tf.int32)
        h = tf.nn.relu(tf.nn.relu(valid @ w1) @ w2)
        glob = tf.math.unsorted_segment_max(h, batch, s[0])
        feat = tf.concat([h, tf.gather(glob, batch)], -1)
        logits = feat @ ws
        part = tf.argmax(logits, axis=-1, output_type=tf.int32)
        feats = tf.dynamic_partition(feat, part, 2)
        ids = tf.dynamic_partition(tf.range(tf.shape(valid)[0]), part, 2)
        refined = valid + tf.dynamic_stitch(ids, [feats[0] @ wg, feats[1] @ wo])
        shape = tf.cast(tf.stack([s[0], s[1]]), tf.int64)
        return {"point_logits": tf.scatter_nd(idx, logits, tf.concat([shape, [2]], 0)),
                "refined_points": tf.scatter_nd(idx, refined, tf.concat([shape, [3]], 0)),
                "cloud_logits": tf.maximum(glob, 0.0) @ wc}
    _save(out, {"params": [w1, w2, ws, wg, wo, wc]}, serving_default=serve)


FEEDS["s37_pointnet_lengths_mask_partition_stitch"] = lambda rng: {"points": rng.normal(size=(3, 40, 3)), "lengths": [40, 17, 5]}


@model("s37_pointnet_static_1024_frozen", "frozen-pb", "fixed-size PointNet classifier, points float [1,1024,3], frozen with convert_variables_to_constants_v2: Conv1D(1x1) 64 / 128 / 256 + BatchNormalization + ReLU, GlobalMaxPooling1D, Dense 128, Dropout, Dense(40) softmax")
def b_pn_static(out):
    inp = keras.Input((1024, 3), batch_size=1)
    x = inp
    for f in (64, 128, 256):
        x = L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 1)(x)))
    x = L.Dropout(0.3)(L.Dense(128, activation="relu")(L.GlobalMaxPooling1D()(x)))
    m = keras.Model(inp, L.Dense(40, activation="softmax")(x))
    _freeze(lambda p: tf.identity(m(p, training=False), name="probabilities"), [tensor_spec([1, 1024, 3], name="points")], out)


OUTPUTS["s37_pointnet_static_1024_frozen"] = ["probabilities"]


@model("s37_moe_dynamic_partition_stitch_tokens", "tf-module", "top-1 mixture-of-experts feed-forward layer on tokens float [None,None,32]: tf.reshape to [-1,32], softmax gate (tf.Variable), argmax expert id, tf.dynamic_partition of tokens and of tf.range positions into 4 experts, per-expert 2-layer MLP scaled by its gate probability, tf.dynamic_stitch back, tf.reshape to the input's tf.shape plus residual; outputs output [None,None,32] and expert_load (tf.math.bincount of expert ids, minlength / maxlength 4)")
def b_moe(out):
    rng = np.random.default_rng(46)
    wg = _var(rng, (32, 4), 0.5, "gate")
    experts = [(_var(rng, (32, 64), name=f"e{i}_w1"), _var(rng, (64, 32), name=f"e{i}_w2")) for i in range(4)]

    @tf.function(input_signature=[tensor_spec([None, None, 32], name="tokens")])
    def serve(tokens):
        x = tf.reshape(tokens, [-1, 32])
        gate = tf.nn.softmax(x @ wg)
        e = tf.argmax(gate, axis=-1, output_type=tf.int32)
        g = tf.reduce_max(gate, axis=-1, keepdims=True)
        xs, gs = tf.dynamic_partition(x, e, 4), tf.dynamic_partition(g, e, 4)
        pos = tf.dynamic_partition(tf.range(tf.shape(x)[0]), e, 4)
        ys = [tf.nn.gelu(xs[i] @ w1) @ w2 * gs[i] for i, (w1, w2) in enumerate(experts)]
        y = tf.reshape(tf.dynamic_stitch(pos, ys), tf.shape(tokens)) + tokens
        return {"output": y, "expert_load": tf.math.bincount(e, minlength=4, maxlength=4)}
    _save(out, {"params": [wg] + [w for pair in experts for w in pair]}, serving_default=serve)


FEEDS["s37_moe_dynamic_partition_stitch_tokens"] = lambda rng: {"tokens": rng.normal(size=(2, 24, 32))}


# ================================================================================ other data-dependent shapes

@model("s37_tts_length_regulator_repeat", "tf-module", "FastSpeech-style TTS acoustic model, phoneme_ids int32 [1,None] + speed float []: embedding + position table gathered by tf.range(tf.shape), tf.nn.conv1d encoder, duration predictor -> round(exp(d) / speed) clipped to [1,8] cast int32, length regulator tf.repeat(h[0], durations[0], axis=0) (tensor repeats, output frame count from the data), frame positions tf.range(num_frames), decoder MLP -> mel [1,None,40]; outputs mel, durations, num_frames")
def b_tts(out):
    rng = np.random.default_rng(47)
    emb, pos = _var(rng, (80, 32), 0.3, "phoneme_embedding"), _var(rng, (1024, 32), 0.02, "positions")
    k1, k2 = _var(rng, (3, 32, 32), 0.1, "conv1"), _var(rng, (3, 32, 32), 0.1, "conv2")
    wd, w1, w2 = _var(rng, (32, 1), 0.1, "duration"), _var(rng, (32, 64)), _var(rng, (64, 40))

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "phoneme_ids"), tensor_spec([], name="speed")])
    def serve(phoneme_ids, speed):
        h = tf.gather(emb, phoneme_ids) + tf.gather(pos, tf.range(tf.shape(phoneme_ids)[1]))[None]
        h = tf.nn.relu(tf.nn.conv1d(tf.nn.relu(tf.nn.conv1d(h, k1, 1, "SAME")), k2, 1, "SAME"))
        dur = tf.cast(tf.clip_by_value(tf.round(tf.exp(h @ wd)[..., 0] * 2.0 / speed), 1.0, 8.0), tf.int32)
        frames = tf.repeat(h[0], dur[0], axis=0)
        n = tf.shape(frames)[0]
        frames = frames + tf.gather(pos, tf.range(n) % 1024)
        return {"mel": (tf.nn.relu(frames @ w1) @ w2)[None], "durations": dur, "num_frames": n}
    _save(out, {"params": [emb, pos, k1, k2, wd, w1, w2]}, serving_default=serve)


FEEDS["s37_tts_length_regulator_repeat"] = lambda rng: {"phoneme_ids": rng.integers(1, 80, (1, 20)), "speed": 1.0}


@model("s37_fixed_point_while_tolerance_tensorarray", "tf-module", "deep-equilibrium style fixed-point layer, x float [None,16], max_iters int32 [], tol float []: z0 = tf.zeros(tf.stack([tf.shape(x)[0], 32])), tf.while_loop z <- tanh(z W + x U + b) while i < max_iters and max |dz| > tol (data-dependent trip count, W scaled to spectral norm 0.9), residuals written to a tf.TensorArray(dynamic_size=True); outputs embedding, logits [None,3], iterations, residuals [None]")
def b_deq(out):
    rng = np.random.default_rng(48)
    w = rng.normal(0, 1, (32, 32))
    w = tf.Variable((0.9 * w / np.linalg.norm(w, 2)).astype("float32"), name="w")
    u, b, v = _var(rng, (16, 32), name="u"), _var(rng, (32,), 0, "b"), _var(rng, (32, 3), name="v")

    @tf.function(input_signature=[tensor_spec([None, 16], name="x"), tensor_spec([], "int32", "max_iters"),
                                  tensor_spec([], name="tol")])
    def serve(x, max_iters, tol):
        inj = x @ u + b
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)

        def body(i, z, r, ta):
            zn = tf.tanh(z @ w + inj)
            r = tf.reduce_max(tf.abs(zn - z))
            return i + 1, zn, r, ta.write(i, r)
        i, z, _, ta = tf.while_loop(lambda i, z, r, ta: tf.logical_and(i < max_iters, r > tol), body,
                                    [tf.constant(0), tf.zeros(tf.stack([tf.shape(x)[0], 32])), tf.constant(np.inf, tf.float32), ta])
        return {"embedding": z, "logits": z @ v, "iterations": i, "residuals": ta.stack()}
    _save(out, {"params": [w, u, b, v]}, serving_default=serve)


FEEDS["s37_fixed_point_while_tolerance_tensorarray"] = {"max_iters": 50, "tol": 1e-4}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
