"""Build an independently made corpus into bench/out/fresh34/: small, realistic float models that edge engineers put
through TFLite post-training full-integer (int8) quantization, each built around op families whose int8 behaviour is
unusual. Classifiers (MobileNetV3-small with hard-swish / hard-sigmoid squeeze-excite, EfficientNet-lite with relu6 and
EfficientNet-B0 with swish + sigmoid SE, ShuffleNetV2 with tf.split and a tf.gather channel shuffle on constant indices,
ShuffleNetV1 with grouped 1x1 convs and a reshape / transpose shuffle, a GoogLeNet-lite with local response
normalization, a pre-activation ResNet whose FusedBatchNormV3 ops follow no conv, MLP-Mixer with tanh-GELU and
transposes, a document classifier doing rgb_to_grayscale + per_image_standardization on uint8 input, a flip / strided
slice test-time-augmentation module); dense prediction (ESPCN depth_to_space x3, VDSR with a bicubic resize residual,
a saliency pyramid with area / nearest align_corners / bilinear half_pixel resizes, DeepLab-lite ASPP with dilated
separable convs, an align_corners image-pooling branch and an argmax label map, a U-Net with REFLECT mirror padding and
transposed convs and a tf.where mask, fast style transfer with hand-written instance norm, SYMMETRIC padding, nearest
upsampling and min / max clipping, a DDPM-style denoiser with hand-written group norm and swish, pose heatmaps decoded
by argmax / floordiv / floormod, a CoordConv + FiLM landmark model with tf.tile / broadcast_to, a siamese change
detector with abs / maximum / minimum, YOLOv2 reorg by space_to_depth, an SSD-lite head decoded with exp / sigmoid and
box coordinates concatenated with scores); embeddings (MobileFaceNet with PReLU, global depthwise conv and
l2_normalize, a prototype classifier with squared_difference and argmin, a two-tower recommender with top_k, DLRM
with a batch-matmul dot interaction gathered at constant upper-triangle indices, a text CNN on int32 ids); audio and
sensors (DS-CNN and TC-ResNet keyword spotting with log_softmax, a sound-event detector with softmax over time and
reduce_logsumexp pooling, a Conv1D speech enhancer with PReLU / mish / leaky relu and Conv1DTranspose, EEGNet with
depth_multiplier depthwise and separable convs and ELU, a causal dilated TCN, an unrolled LSTM and a while-loop GRU, a
vibration autoencoder scoring with squared_difference, a feature extractor written with abs / sign / sqrt / rsqrt /
pow / log / floor, multi-sensor unstack / stack / split / expand_dims / squeeze chains, a multiple-instance model
pooling with reduce_prod / reduce_max / reduce_sum, a TTS length regulator using round / exp / cumsum / comparison
masks / batch matmul, a tabular MLP with selu / elu / softplus and BatchNormalization on raw features, a layer-normed
GELU transformer on sensor windows); video (Conv3D + 3D pooling, a (2+1)D network of raw conv3d with unfolded batch
norm). Mostly float32 inputs with a fixed batch of 1 (a few int32 ids and uint8 images). Exported as Keras 3
model.export with a batch-1 input signature (most), keras.export.ExportArchive, tf.saved_model.save of tf.Modules with
explicit signatures, and TF2 functions frozen with convert_variables_to_constants_v2. Seeded random weights, every
Keras BatchNormalization given non-trivial moving statistics; nothing is downloaded; every model runs forward once
while it is built; no converter is run and no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh34.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh34.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh34.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh34.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh34.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh34", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (ids in range, masks, noise levels): model -> {input name (or "signature/input"): value
# or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is built;
# anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces: exporting

def _name(out):
    """the model name of a driver temporary path"""
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out`"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_name(out)), sig)


def _in(shape, name, dtype="float32"):
    """a Keras input with a fixed batch of 1, as edge models are exported"""
    return keras.Input(shape, batch_size=1, name=name, dtype=dtype)


def _export(m, out):
    """BatchNorm statistics, one inference run on the --check inputs, then model.export with the batch-1 signature of
    the model's own inputs (a list of specs for a multi-input functional model)"""
    _bn_stats(m)
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=[specs if len(specs) > 1 else specs[0]])


def _archive(out, models, **endpoints):
    """keras.export.ExportArchive tracking `models`, one endpoint per name -> (fn, input specs), each run once first"""
    ar = keras.export.ExportArchive()
    for m in models:
        _bn_stats(m)
        ar.track(m)
    for name, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, name)
        fn(*[vals[s.name] for s in specs])
        ar.add_endpoint(name, fn, input_signature=specs)
    ar.write_out(str(out), verbose=False)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


# ================================================================================ shared pieces: layers and weights

def _bn_np(rng, c):
    """BatchNorm parameters as training leaves them: gamma, beta, moving mean, moving variance (float32 numpy)"""
    return [a.astype("float32") for a in (1 + 0.15 * rng.standard_normal(c), 0.1 * rng.standard_normal(c),
                                          0.2 * rng.standard_normal(c), 0.4 + rng.random(c))]


def _bn_stats(m, seed=34):
    """give every Keras BatchNormalization inside `m` (nested models too) non-trivial gamma / beta / moving stats"""
    rng = np.random.default_rng(seed)
    for layer in m._flatten_layers(include_self=False, recursive=True):
        if isinstance(layer, L.BatchNormalization):
            g, b, mu, var = _bn_np(rng, layer.moving_mean.shape[0])
            layer.moving_mean.assign(mu)
            layer.moving_variance.assign(var)
            if layer.gamma is not None:
                layer.gamma.assign(g)
            if layer.beta is not None:
                layer.beta.assign(b)


def _act(x, act):
    """apply an activation given by name, as a layer / callable, or None (linear)"""
    if act is None:
        return x
    return L.Activation(act)(x) if isinstance(act, str) else act(x)


def _cbr(x, f, k=3, s=1, act="relu", d=1, groups=1):
    """Conv2D (no bias) + BatchNormalization + activation"""
    x = L.Conv2D(f, k, s, padding="same", dilation_rate=d, groups=groups, use_bias=False)(x)
    return _act(L.BatchNormalization()(x), act)


def _dbr(x, k=3, s=1, act="relu", d=1, mult=1):
    """DepthwiseConv2D (no bias) + BatchNormalization + activation"""
    x = L.DepthwiseConv2D(k, s, padding="same", dilation_rate=d, depth_multiplier=mult, use_bias=False)(x)
    return _act(L.BatchNormalization()(x), act)


def _inv_res(x, expand, out, k=3, s=1, act="relu6", d=1, se=None):
    """MobileNetV2 / V3 / EfficientNet inverted residual: 1x1 expand, depthwise, optional squeeze-excite, 1x1 project,
    identity add when shapes allow"""
    inp = x
    if expand != x.shape[-1]:
        x = _cbr(x, expand, 1, act=act)
    x = _dbr(x, k, s, act=act, d=d)
    if se:
        x = _se(x, gate=se)
    x = _cbr(x, out, 1, act=None)
    return L.Add()([inp, x]) if s == 1 and inp.shape[-1] == out else x


def _se(x, r=4, gate="sigmoid", act="relu"):
    """squeeze-excite: global mean (keepdims), 1x1 conv reduce, 1x1 conv expand with a gate, multiply"""
    c = x.shape[-1]
    s = L.GlobalAveragePooling2D(keepdims=True)(x)
    s = L.Conv2D(c, 1, activation=gate)(L.Conv2D(max(8, c // r), 1, activation=act)(s))
    return L.Multiply()([x, s])


def _var(rng, shape, scale=None, name=None):
    """a he-normal tf.Variable for raw-op models"""
    fan_in = int(np.prod(shape[:-1])) or 1
    return tf.Variable(rng.normal(0, scale or np.sqrt(2.0 / fan_in), shape).astype("float32"), name=name)


def _bnvars(rng, c, name):
    """unfolded BatchNorm variables for raw-op models: gamma, beta, moving_mean, moving_variance"""
    return [tf.Variable(a, name=f"{name}_{n}") for a, n in zip(_bn_np(rng, c), ("gamma", "beta", "mean", "var"))]


def _tvars(*trees):
    """every tf.Variable in nested dicts / lists / tuples"""
    return [v for v in tf.nest.flatten(trees) if isinstance(v, tf.Variable)]


# ================================================================================ classifiers

@model("f34_mobilenetv3_small_hardswish_se", "keras-export", "MobileNetV3-small-like classifier, float [1,96,96,3]: Rescaling(1/127.5, -1), stem Conv-BN-hard_swish stride 2, six inverted residuals (relu / hard_swish, 3x3 and 5x5 depthwise, squeeze-excite with relu + hard_sigmoid gate and Multiply), 1x1 conv-BN-hard_swish, GAP keepdims, 1x1 conv 128 hard_swish, Dropout, 1x1 conv 10, Flatten, Softmax")
def b_mbv3(out):
    inp = _in((96, 96, 3), "image")
    x = _cbr(L.Rescaling(1 / 127.5, offset=-1)(inp), 16, 3, 2, act="hard_swish")
    for e, o, k, s, se, a in ((16, 16, 3, 2, "hard_sigmoid", "relu"), (48, 24, 3, 2, None, "relu"),
                              (64, 24, 3, 1, None, "relu"), (72, 40, 5, 2, "hard_sigmoid", "hard_swish"),
                              (96, 40, 5, 1, "hard_sigmoid", "hard_swish"), (96, 48, 5, 1, "hard_sigmoid", "hard_swish")):
        x = _inv_res(x, e, o, k, s, act=a, se=se)
    x = L.GlobalAveragePooling2D(keepdims=True)(_cbr(x, 96, 1, act="hard_swish"))
    x = L.Dropout(0.2)(L.Conv2D(128, 1, activation="hard_swish")(x))
    _export(keras.Model(inp, L.Softmax(name="probabilities")(L.Flatten()(L.Conv2D(10, 1)(x)))), out)


@model("f34_efficientnet_lite_relu6_mbconv", "keras-export", "EfficientNet-lite0-like classifier (the TFLite-friendly variant: relu6, no squeeze-excite), float [1,96,96,3]: Rescaling((x - 127) / 128), stem Conv-BN-relu6 stride 2, MBConv1 / MBConv6 blocks with 3x3 and 5x5 depthwise and identity adds, 1x1 head conv 96 relu6, GAP, Dropout, Dense(8, softmax)")
def b_effnet_lite(out):
    inp = _in((96, 96, 3), "image")
    x = _cbr(L.Rescaling(1 / 128.0, offset=-127 / 128.0)(inp), 16, 3, 2, act="relu6")
    x = _inv_res(x, 16, 8, 3, 1)
    for e, o, k, s in ((48, 12, 3, 2), (72, 12, 3, 1), (72, 20, 5, 2), (120, 20, 5, 1), (120, 40, 3, 2), (240, 40, 3, 1)):
        x = _inv_res(x, e, o, k, s)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(_cbr(x, 96, 1, act="relu6")))
    _export(keras.Model(inp, L.Dense(8, activation="softmax", name="probabilities")(x)), out)


@model("f34_efficientnet_b0_swish_sigmoid_se", "keras-export", "EfficientNet-B0-like classifier, float [1,64,64,3] in [0,255]: Rescaling(1/255) + Normalization with ImageNet mean / variance, stem Conv-BN-swish, MBConv blocks with swish and squeeze-excite (swish reduce, sigmoid gate), identity adds, head 1x1 conv-BN-swish, GAP, Dense(5) logits")
def b_effnet_b0(out):
    inp = _in((64, 64, 3), "image")
    x = L.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229 ** 2, 0.224 ** 2, 0.225 ** 2])(L.Rescaling(1 / 255.0)(inp))
    x = _cbr(x, 16, 3, 2, act="swish")
    for e, o, k, s in ((16, 8, 3, 1), (48, 12, 3, 2), (72, 12, 3, 1), (72, 24, 5, 2), (144, 24, 5, 1)):
        inp_x = x
        if e != x.shape[-1]:
            x = _cbr(x, e, 1, act="swish")
        x = _dbr(x, k, s, act="swish")
        c = x.shape[-1]
        sq = L.GlobalAveragePooling2D(keepdims=True)(x)
        sq = L.Conv2D(c, 1, activation="sigmoid")(L.Conv2D(max(4, inp_x.shape[-1] // 4), 1, activation="swish")(sq))
        x = _cbr(L.Multiply()([x, sq]), o, 1, act=None)
        if s == 1 and inp_x.shape[-1] == o:
            x = L.Add()([inp_x, x])
    x = L.GlobalAveragePooling2D()(_cbr(x, 64, 1, act="swish"))
    _export(keras.Model(inp, L.Dense(5, name="logits")(x)), out)


def _shuffle_perm(c, groups=2):
    """ShuffleNet channel-shuffle permutation as constant gather indices"""
    return np.arange(c).reshape(groups, c // groups).T.reshape(-1).astype("int32")


@model("f34_shufflenetv2_split_gather_shuffle", "keras-export", "ShuffleNetV2-0.5x-like classifier, float [1,64,64,3]: stem conv-BN-relu stride 2 + MaxPooling 3x3/2; stride-2 units (two branches: depthwise s2 + 1x1, 1x1 + depthwise s2 + 1x1) and stride-1 units (custom layer tf.split of the channels in two, right half 1x1 / depthwise / 1x1), Concatenate, channel shuffle as tf.gather on constant interleaving indices along the channel axis; 1x1 conv 64, GAP, Dense(10)")
def b_shufflenetv2(out):
    class ChannelSplit(L.Layer):
        def call(self, x):
            return tf.split(x, 2, axis=-1)

    def shuffle(x):
        perm = _shuffle_perm(x.shape[-1])
        return L.Lambda(lambda t: tf.gather(t, perm, axis=-1))(x)

    def unit(x, c, s):
        if s == 2:
            a = _cbr(_dbr(x, 3, 2, act=None), c // 2, 1)
            b = _cbr(_dbr(_cbr(x, c // 2, 1), 3, 2, act=None), c // 2, 1)
        else:
            a, b = ChannelSplit()(x)
            b = _cbr(_dbr(_cbr(b, c // 2, 1), 3, 1, act=None), c // 2, 1)
        return shuffle(L.Concatenate()([a, b]))
    inp = _in((64, 64, 3), "image")
    x = L.MaxPooling2D(3, 2, padding="same")(_cbr(inp, 12, 3, 2))
    for c in (24, 48):
        x = unit(unit(x, c, 2), c, 1)
    x = L.GlobalAveragePooling2D()(_cbr(x, 64, 1))
    _export(keras.Model(inp, L.Dense(10, name="logits")(x)), out)


@model("f34_shufflenetv1_group_conv_frozen", "frozen-pb", "ShuffleNetV1 (g=3)-like Keras classifier frozen with convert_variables_to_constants_v2, float [1,64,64,3]: grouped 1x1 Conv2D(groups=3) + BN + relu, channel shuffle as Reshape [H,W,3,C/3] -> Permute -> Reshape, depthwise 3x3 + BN, grouped 1x1 + BN; stride-2 units concatenate an AveragePooling 3x3/2 shortcut, stride-1 units add; GAP, Dense(10, softmax)")
def b_shufflenetv1(out):
    def shuffle(x, g=3):
        h, w, c = x.shape[1:]
        return L.Reshape((h, w, c))(L.Permute((1, 2, 4, 3))(L.Reshape((h, w, g, c // g))(x)))

    def unit(x, c_out, s, first=False):
        c_in = x.shape[-1]
        branch_out = c_out - c_in if s == 2 else c_out
        mid = 12 if c_out <= 48 else 24
        y = _cbr(x, mid, 1, groups=1 if first else 3)
        y = _dbr(shuffle(y), 3, s, act=None)
        y = _cbr(y, branch_out, 1, groups=3, act=None)
        if s == 2:
            return L.ReLU()(L.Concatenate()([L.AveragePooling2D(3, 2, padding="same")(x), y]))
        return L.ReLU()(L.Add()([x, y]))
    inp = _in((64, 64, 3), "image")
    x = L.MaxPooling2D(3, 2, padding="same")(_cbr(inp, 24, 3, 2))
    x = unit(unit(x, 48, 2, first=True), 48, 1)
    x = unit(unit(x, 96, 2), 96, 1)
    m = keras.Model(inp, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x)))
    _bn_stats(m)
    _freeze(lambda image: m(image, training=False), [tensor_spec([1, 64, 64, 3], name="image")], out)


@model("f34_googlenet_lrn_inception_frozen", "frozen-pb", "GoogLeNet-lite with raw tf.Variables frozen with convert_variables_to_constants_v2, float [1,96,96,3]: 7x7/2 conv + relu, 3x3/2 max pool, tf.nn.local_response_normalization (depth_radius 2, alpha 2e-5, beta 0.75), 1x1 + 3x3 convs, LRN again, max pool; one inception module (1x1 | 1x1-3x3 | 1x1-5x5 | 3x3 max pool-1x1) concatenated; 3x3/2 max pool, global mean, dropout-free FC -> softmax [1,10]")
def b_googlenet(out):
    rng = np.random.default_rng(24)
    shapes = {"conv1": (7, 7, 3, 16), "conv2r": (1, 1, 16, 16), "conv2": (3, 3, 16, 32), "i_1x1": (1, 1, 32, 16),
              "i_3r": (1, 1, 32, 12), "i_3": (3, 3, 12, 16), "i_5r": (1, 1, 32, 4), "i_5": (5, 5, 4, 8),
              "i_pp": (1, 1, 32, 8)}
    p = {k: (_var(rng, s, name=k + "_w"), tf.Variable(np.full(s[-1], 0.05, "float32"), name=k + "_b")) for k, s in shapes.items()}
    fc_w, fc_b = _var(rng, (48, 10), name="fc_w"), tf.Variable(np.zeros(10, "float32"), name="fc_b")

    def conv(x, k, s=1):
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, p[k][0], s, "SAME"), p[k][1]))

    def lrn(x):
        return tf.nn.local_response_normalization(x, depth_radius=2, bias=1.0, alpha=2e-5, beta=0.75)

    def pool(x):
        return tf.nn.max_pool2d(x, 3, 2, "SAME")

    def fn(image):
        x = lrn(pool(conv(image, "conv1", 2)))
        x = pool(lrn(conv(conv(x, "conv2r"), "conv2")))
        x = tf.concat([conv(x, "i_1x1"), conv(conv(x, "i_3r"), "i_3"), conv(conv(x, "i_5r"), "i_5"),
                       conv(tf.nn.max_pool2d(x, 3, 1, "SAME"), "i_pp")], axis=-1)
        x = tf.reduce_mean(pool(x), axis=[1, 2])
        return tf.nn.softmax(tf.matmul(x, fc_w) + fc_b, name="probabilities")
    _freeze(fn, [tensor_spec([1, 96, 96, 3], name="image")], out)


@model("f34_preact_resnet_fused_bn_no_conv_frozen", "frozen-pb", "pre-activation ResNet with raw tf.Variables frozen with convert_variables_to_constants_v2, float [1,64,64,3]: a data BatchNorm on the raw input (tf.compat.v1.nn.fused_batch_norm, is_training=False -> FusedBatchNormV3 with no conv before it), conv 5x5/2, then BN-relu-conv-BN-relu-conv blocks where every FusedBatchNormV3 reads an Add or the input, 1x1 strided projection shortcuts; final BN-relu, global mean, FC -> probabilities [1,6]")
def b_preact(out):
    rng = np.random.default_rng(25)
    bn = {n: _bnvars(rng, c, n) for n, c in (("data", 3), ("b1a", 16), ("b1b", 16), ("b2a", 16), ("b2b", 32),
                                              ("b3a", 32), ("b3b", 32), ("final", 32))}
    w = {n: _var(rng, s, name=n) for n, s in (("conv1", (5, 5, 3, 16)), ("b1c1", (3, 3, 16, 16)), ("b1c2", (3, 3, 16, 16)),
                                              ("b2c1", (3, 3, 16, 32)), ("b2c2", (3, 3, 32, 32)), ("b2sc", (1, 1, 16, 32)),
                                              ("b3c1", (3, 3, 32, 32)), ("b3c2", (3, 3, 32, 32)))}
    fc_w, fc_b = _var(rng, (32, 6), name="fc_w"), tf.Variable(np.zeros(6, "float32"), name="fc_b")

    def fbn(x, n):
        g, b, mu, var = bn[n]
        return tf.compat.v1.nn.fused_batch_norm(x, g, b, mu, var, epsilon=1e-3, is_training=False)[0]

    def block(x, a, b, c1, c2, s=1, sc=None):
        h = tf.nn.relu(fbn(x, a))
        short = tf.nn.conv2d(h, w[sc], s, "SAME") if sc else x
        h = tf.nn.conv2d(h, w[c1], s, "SAME")
        h = tf.nn.conv2d(tf.nn.relu(fbn(h, b)), w[c2], 1, "SAME")
        return h + short

    def fn(image):
        x = tf.nn.conv2d(fbn(image, "data"), w["conv1"], 2, "SAME")
        x = block(x, "b1a", "b1b", "b1c1", "b1c2")
        x = block(x, "b2a", "b2b", "b2c1", "b2c2", 2, "b2sc")
        x = block(x, "b3a", "b3b", "b3c1", "b3c2")
        x = tf.reduce_mean(tf.nn.relu(fbn(x, "final")), axis=[1, 2])
        return tf.nn.softmax(tf.matmul(x, fc_w) + fc_b, name="probabilities")
    _freeze(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


@model("f34_doc_classifier_uint8_grayscale_standardize", "keras-export", "document-type classifier on camera frames, uint8 [1,128,96,3]: Lambda cast to float32, tf.image.rgb_to_grayscale, tf.image.per_image_standardization inside the model; Conv-BN-relu / MaxPooling stack on the single channel, GAP, Dense(5, softmax)")
def b_doc(out):
    inp = _in((128, 96, 3), "image", "uint8")
    x = L.Lambda(lambda t: tf.image.rgb_to_grayscale(tf.cast(t, tf.float32)))(inp)
    x = L.Lambda(tf.image.per_image_standardization)(x)
    for f in (8, 16, 32):
        x = L.MaxPooling2D()(_cbr(x, f))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="probabilities")(L.GlobalAveragePooling2D()(x))), out)


@model("f34_flip_tta_negative_stride_module", "tf-module", "test-time-augmented classifier in a tf.Module: a Keras CNN on [1,None,None,3] (conv-BN-relu, MaxPooling, GAP, Dense 5) applied to five views of image float [1,64,64,3] -- the original, horizontal and vertical flips as strided slices with step -1, a stride-2 subsample image[:, ::2, ::2] and the odd-pixel grid image[:, 1::2, 1::2] -- softmaxes averaged; outputs probabilities and the per-view logits stacked [1,5,5]")
def b_tta(out):
    inp = keras.Input((None, None, 3), batch_size=1)
    x = inp
    for f in (8, 16, 32):
        x = L.MaxPooling2D()(_cbr(x, f))
    net = keras.Model(inp, L.Dense(5)(L.GlobalAveragePooling2D()(x)))
    _bn_stats(net)

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(image):
        views = [image, image[:, :, ::-1, :], image[:, ::-1, :, :], image[:, ::2, ::2, :], image[:, 1::2, 1::2, :]]
        logits = [net(v, training=False) for v in views]
        probs = tf.add_n([tf.nn.softmax(z) for z in logits]) / float(len(views))
        return {"probabilities": probs, "view_logits": tf.stack(logits, axis=1)}
    _save(out, {"model": net}, serving_default=serve)


@model("f34_mlp_mixer_gelu_tanh_archive", "keras-archive", "MLP-Mixer-tiny via keras.export.ExportArchive, float [1,32,32,3]: 4x4 patch Conv2D(32, stride 4), Reshape [64,32]; two mixer blocks (LayerNormalization, Permute token mixing Dense 64 with tanh-approximate GELU, Permute back, Add; channel mixing Dense 64 tanh-GELU + Dense 32, Add); LayerNormalization, GlobalAveragePooling1D, Dense(10); endpoints serve (logits + softmax), features (pooled [1,32]) and serve_uint8 (uint8 [1,32,32,3] cast and /255)")
def b_mixer(out):
    def gelu(t):
        return L.Activation(lambda v: tf.nn.gelu(v, approximate=True))(t)
    inp = _in((32, 32, 3), "image")
    x = L.Reshape((64, 32))(L.Conv2D(32, 4, 4)(inp))
    for _ in range(2):
        y = L.Permute((2, 1))(L.LayerNormalization()(x))
        y = L.Dense(64)(gelu(L.Dense(64)(y)))
        x = L.Add()([x, L.Permute((2, 1))(y)])
        y = L.Dense(32)(gelu(L.Dense(64)(L.LayerNormalization()(x))))
        x = L.Add()([x, y])
    feat = L.GlobalAveragePooling1D()(L.LayerNormalization()(x))
    m = keras.Model(inp, [feat, L.Dense(10)(feat)])
    spec, spec8 = [tensor_spec([1, 32, 32, 3], name="image")], [tensor_spec([1, 32, 32, 3], "uint8", "image")]

    def serve(image):
        logits = m(image, training=False)[1]
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    _archive(out, [m], serve=(serve, spec), features=(lambda image: {"features": m(image, training=False)[0]}, spec),
             serve_uint8=(lambda image: serve(tf.cast(image, tf.float32) / 255.0), spec8))


# ================================================================================ dense prediction

@model("f34_espcn_depth_to_space_x3", "keras-export", "ESPCN super-resolution (x3) on the luma channel, float [1,32,32,1] in [0,1]: Conv2D 5x5 32 tanh, 3x3 16 tanh, 3x3 9 linear, Lambda tf.nn.depth_to_space(block 3) -> [1,96,96,1], Lambda tf.clip_by_value(0, 1)")
def b_espcn(out):
    inp = _in((32, 32, 1), "luma")
    x = L.Conv2D(32, 5, padding="same", activation="tanh")(inp)
    x = L.Conv2D(9, 3, padding="same")(L.Conv2D(16, 3, padding="same", activation="tanh")(x))
    x = L.Lambda(lambda t: tf.nn.depth_to_space(t, 3))(x)
    _export(keras.Model(inp, L.Lambda(lambda t: tf.clip_by_value(t, 0.0, 1.0), name="luma_hr")(x)), out)


@model("f34_vdsr_bicubic_residual_clip", "keras-export", "VDSR-like x2 super-resolution, float [1,32,32,3] in [0,1]: Lambda tf.image.resize(64x64, method bicubic), six 3x3 Conv2D 16 relu + a 3x3 conv to 3 channels, Add the bicubic image (global residual), Lambda tf.minimum(tf.maximum(x, 0), 1) clipping")
def b_vdsr(out):
    inp = _in((32, 32, 3), "low_res")
    up = L.Lambda(lambda t: tf.image.resize(t, (64, 64), method="bicubic"))(inp)
    x = up
    for _ in range(6):
        x = L.Conv2D(16, 3, padding="same", activation="relu")(x)
    x = L.Add()([up, L.Conv2D(3, 3, padding="same")(x)])
    _export(keras.Model(inp, L.Lambda(lambda t: tf.minimum(tf.maximum(t, 0.0), 1.0), name="high_res")(x)), out)


@model("f34_saliency_pyramid_area_nearest_bilinear", "keras-export", "multi-scale saliency model, float [1,96,96,3]: input pyramid by tf.image.resize method area (48x48, 24x24); per-scale conv-BN-relu branches; the 24x24 branch upsampled with tf.compat.v1.image.resize_nearest_neighbor(align_corners=True); Concatenate, conv stride 2, UpSampling2D(bilinear), 1x1 conv, tf.compat.v1.image.resize_bilinear(96x96, half_pixel_centers=True), sigmoid saliency [1,96,96,1]")
def b_saliency(out):
    inp = _in((96, 96, 3), "image")
    s2 = L.Lambda(lambda t: tf.image.resize(t, (48, 48), method="area"))(inp)
    s3 = L.Lambda(lambda t: tf.image.resize(t, (24, 24), method="area"))(inp)
    f1, f2, f3 = _cbr(inp, 16, 3, 2), _cbr(s2, 16), _cbr(s3, 16)
    f3 = L.Lambda(lambda t: tf.compat.v1.image.resize_nearest_neighbor(t, (48, 48), align_corners=True))(f3)
    x = _cbr(_cbr(L.Concatenate()([f1, f2, f3]), 32, 3, 2), 32)
    x = L.Conv2D(1, 1)(L.UpSampling2D(2, interpolation="bilinear")(x))
    x = L.Lambda(lambda t: tf.compat.v1.image.resize_bilinear(t, (96, 96), half_pixel_centers=True))(x)
    _export(keras.Model(inp, L.Activation("sigmoid", name="saliency")(x)), out)


@model("f34_deeplab_lite_aspp_align_corners_argmax", "keras-export", "DeepLabV3-lite segmentation, float [1,96,96,3]: MobileNetV2-style backbone to output stride 8 with dilation-2 inverted residuals; ASPP of a 1x1 conv, SeparableConv2D 3x3 with dilation 2 / 4 / 6 (+BN relu) and an image-pooling branch (GAP keepdims, 1x1 conv-BN-relu, tf.compat.v1.image.resize_bilinear align_corners=True back to 12x12); Concatenate, 1x1 projection, Dropout, 1x1 conv 6 classes, tf.image.resize bilinear to 96x96; outputs logits and labels = argmax (int32)")
def b_deeplab(out):
    inp = _in((96, 96, 3), "image")
    x = _cbr(L.Rescaling(1 / 127.5, offset=-1)(inp), 16, 3, 2, act="relu6")
    x = _inv_res(_inv_res(x, 48, 16, s=2), 64, 16)
    x = _inv_res(x, 64, 32, s=2)
    x = _inv_res(_inv_res(x, 96, 32, d=2), 96, 32, d=2)
    branches = [_cbr(x, 32, 1)]
    for r in (2, 4, 6):
        y = L.SeparableConv2D(32, 3, padding="same", dilation_rate=r, use_bias=False)(x)
        branches.append(L.ReLU()(L.BatchNormalization()(y)))
    pool = _cbr(L.GlobalAveragePooling2D(keepdims=True)(x), 32, 1)
    branches.append(L.Lambda(lambda t: tf.compat.v1.image.resize_bilinear(t, (12, 12), align_corners=True))(pool))
    x = L.Dropout(0.1)(_cbr(L.Concatenate()(branches), 32, 1))
    logits = L.Lambda(lambda t: tf.image.resize(t, (96, 96), method="bilinear"), name="logits")(L.Conv2D(6, 1)(x))
    labels = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="labels")(logits)
    _export(keras.Model(inp, {"logits": logits, "labels": labels}), out)


@model("f34_unet_reflect_pad_transpose_conv_mask", "keras-export", "small U-Net for defect segmentation, float [1,64,64,3]: every 3x3 conv is Lambda tf.pad(mode REFLECT) + valid Conv2D + BN + relu; MaxPooling down twice; Conv2DTranspose(2, stride 2) up with Concatenate skips; 1x1 conv sigmoid probability [1,64,64,1] and mask = tf.where(probability > 0.5, 1, 0) float")
def b_unet(out):
    def rconv(x, f):
        x = L.Lambda(lambda t: tf.pad(t, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT"))(x)
        return L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="valid", use_bias=False)(x)))
    inp = _in((64, 64, 3), "image")
    c1 = rconv(rconv(inp, 8), 8)
    c2 = rconv(rconv(L.MaxPooling2D()(c1), 16), 16)
    c3 = rconv(rconv(L.MaxPooling2D()(c2), 32), 32)
    u2 = rconv(L.Concatenate()([L.Conv2DTranspose(16, 2, 2)(c3), c2]), 16)
    u1 = rconv(L.Concatenate()([L.Conv2DTranspose(8, 2, 2)(u2), c1]), 8)
    prob = L.Conv2D(1, 1, activation="sigmoid", name="probability")(u1)
    mask = L.Lambda(lambda t: tf.where(t > 0.5, tf.ones_like(t), tf.zeros_like(t)), name="mask")(prob)
    _export(keras.Model(inp, {"probability": prob, "mask": mask}), out)


@model("f34_style_transfer_instance_norm_symmetric", "keras-export", "Johnson fast style transfer (tiny), float [1,64,64,3] in [0,255]: REFLECT-padded valid convs 9x9 / 3x3 stride 2 with a hand-written InstanceNorm layer (tf.nn.moments over H,W keepdims, rsqrt, learned gamma / beta) + relu; two residual blocks with SYMMETRIC padding; upsampling by tf.image.resize nearest x2 + conv; 9x9 conv, tanh * 150 + 127.5, clipped by tf.maximum / tf.minimum to [0,255]")
def b_style(out):
    class InstanceNorm(L.Layer):
        def build(self, shape):
            self.gamma = self.add_weight(shape=(shape[-1],), initializer=keras.initializers.RandomNormal(1.0, 0.1))
            self.beta = self.add_weight(shape=(shape[-1],), initializer=keras.initializers.RandomNormal(0.0, 0.1))

        def call(self, x):
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return self.gamma * (x - mean) * tf.math.rsqrt(var + 1e-5) + self.beta

    def conv(x, f, k, s=1, mode="REFLECT", act="relu"):
        p = k // 2
        x = L.Lambda(lambda t: tf.pad(t, [[0, 0], [p, p], [p, p], [0, 0]], mode=mode))(x)
        x = InstanceNorm()(L.Conv2D(f, k, s, padding="valid")(x))
        return L.ReLU()(x) if act else x
    inp = _in((64, 64, 3), "content")
    x = conv(conv(conv(inp, 8, 9), 16, 3, 2), 32, 3, 2)
    for _ in range(2):
        x = L.Add()([x, conv(conv(x, 32, 3, mode="SYMMETRIC"), 32, 3, mode="SYMMETRIC", act=None)])
    for f in (16, 8):
        x = L.Lambda(lambda t: tf.image.resize(t, (t.shape[1] * 2, t.shape[2] * 2), method="nearest"))(x)
        x = conv(x, f, 3)
    x = L.Conv2D(3, 9, padding="same", activation="tanh")(x)
    x = L.Lambda(lambda t: tf.minimum(tf.maximum(t * 150.0 + 127.5, 0.0), 255.0), name="stylized")(x)
    _export(keras.Model(inp, x), out)


@model("f34_ddpm_denoiser_groupnorm_swish_module", "tf-module", "DDPM-style image denoiser as a tf.Module of raw tf.Variables: noisy float [1,32,32,3] and noise_level float [1]; sinusoidal embedding of log(noise_level) (sin / cos) -> dense swish -> dense added per channel; ResBlocks with hand-written GroupNorm (reshape to [B,H,W,G,C/G], reduce_mean, squared_difference variance, rsqrt) + swish (x * sigmoid) + 3x3 conv; stride-2 conv down, tf.image.resize nearest up, concat skip; outputs predicted noise and denoised = noisy - noise_level * noise")
def b_ddpm(out):
    rng = np.random.default_rng(21)
    freqs = np.exp(np.linspace(0, np.log(100.0), 8)).astype("float32")
    P = {"emb1": _var(rng, (16, 32)), "emb2": _var(rng, (32, 32)), "in": _var(rng, (3, 3, 3, 16)),
         "r1a": _var(rng, (3, 3, 16, 16)), "r1b": _var(rng, (3, 3, 16, 16)), "e1": _var(rng, (32, 16)),
         "down": _var(rng, (3, 3, 16, 32)), "r2a": _var(rng, (3, 3, 32, 32)), "r2b": _var(rng, (3, 3, 32, 32)),
         "e2": _var(rng, (32, 32)), "up": _var(rng, (3, 3, 48, 16)), "out": _var(rng, (3, 3, 16, 3), 0.02)}
    G = {k: (tf.Variable(1 + 0.1 * rng.standard_normal(c).astype("float32")), tf.Variable(0.1 * rng.standard_normal(c).astype("float32")))
         for k, c in (("g1a", 16), ("g1b", 16), ("g2a", 32), ("g2b", 32), ("gout", 16))}

    def group_norm(x, k, groups=4):
        b, h, w, c = x.shape
        xg = tf.reshape(x, [b, h, w, groups, c // groups])
        mean = tf.reduce_mean(xg, axis=[1, 2, 4], keepdims=True)
        var = tf.reduce_mean(tf.math.squared_difference(xg, mean), axis=[1, 2, 4], keepdims=True)
        xg = (xg - mean) * tf.math.rsqrt(var + 1e-5)
        return tf.reshape(xg, [b, h, w, c]) * G[k][0] + G[k][1]

    def swish(x):
        return x * tf.sigmoid(x)

    def conv(x, k, s=1):
        return tf.nn.conv2d(x, P[k], s, "SAME")

    def resblock(x, emb, a, b, e):
        h = conv(swish(group_norm(x, "g" + a[1:])), a)
        h = h + tf.matmul(emb, P[e])[:, None, None, :]
        return x + conv(swish(group_norm(h, "g" + b[1:])), b)

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="noisy"), tensor_spec([1], name="noise_level")])
    def serve(noisy, noise_level):
        t = tf.math.log(noise_level)[:, None] * freqs[None, :]
        emb = swish(tf.matmul(tf.concat([tf.sin(t), tf.cos(t)], -1), P["emb1"]))
        emb = swish(tf.matmul(emb, P["emb2"]))
        h1 = resblock(conv(noisy, "in"), emb, "r1a", "r1b", "e1")
        h2 = resblock(conv(h1, "down", 2), emb, "r2a", "r2b", "e2")
        u = conv(tf.concat([tf.image.resize(h2, (32, 32), method="nearest"), h1], -1), "up")
        noise = conv(swish(group_norm(u, "gout")), "out")
        return {"noise": noise, "denoised": noisy - noise_level[:, None, None, None] * noise}
    _save(out, {"params": _tvars(P, G)}, serving_default=serve)


FEEDS["f34_ddpm_denoiser_groupnorm_swish_module"] = {"noise_level": 0.3}


@model("f34_pose_deconv_heatmap_argmax_decode", "keras-export", "SimpleBaseline-style pose estimator, float [1,96,96,3]: depthwise-separable backbone to 6x6, two Conv2DTranspose(4x4, stride 2) + BN + relu, 1x1 conv to 8 keypoint heatmaps [1,24,24,8]; custom decode layer: transpose + reshape to [1,8,576], tf.argmax (int32), reduce_max scores, y = idx // 24 and x = idx % 24 (floordiv / floormod) scaled by the stride -> keypoints [1,8,2]")
def b_pose(out):
    class HeatmapDecode(L.Layer):
        def call(self, h):
            _, hh, ww, k = h.shape
            flat = tf.reshape(tf.transpose(h, [0, 3, 1, 2]), [-1, k, hh * ww])
            idx = tf.argmax(flat, axis=-1, output_type=tf.int32)
            xy = tf.cast(tf.stack([idx % ww, idx // ww], axis=-1), tf.float32) * (96.0 / ww)
            return xy, tf.reduce_max(flat, axis=-1)
    inp = _in((96, 96, 3), "image")
    x = _cbr(inp, 16, 3, 2)
    for f in (32, 64, 64):
        x = _cbr(_dbr(x, 3, 2), f, 1)
    for _ in range(2):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(32, 4, 2, padding="same", use_bias=False)(x)))
    heat = L.Conv2D(8, 1, name="heatmaps")(x)
    xy, score = HeatmapDecode()(heat)
    _export(keras.Model(inp, {"heatmaps": heat, "keypoints": xy, "scores": score}), out)


@model("f34_coordconv_film_tile_broadcast", "keras-export", "landmark regressor conditioned on a task vector, image float [1,64,64,3] + condition [1,4]: custom AddCoords layer (tf.linspace rows / columns, tf.tile to the batch and tf.broadcast_to [B,H,W,1], concat), conv-BN-relu stack; FiLM layer scaling / shifting features by Dense(condition) reshaped [B,1,1,C] and tf.broadcast_to the feature shape; outputs a heatmap [1,16,16,1] and 2-d coordinates from Dense(2, sigmoid)")
def b_coordconv(out):
    class AddCoords(L.Layer):
        def call(self, x):
            b, h, w = tf.shape(x)[0], x.shape[1], x.shape[2]
            yy = tf.tile(tf.reshape(tf.linspace(-1.0, 1.0, h), [1, h, 1, 1]), [b, 1, w, 1])
            xx = tf.broadcast_to(tf.reshape(tf.linspace(-1.0, 1.0, w), [1, 1, w, 1]), [b, h, w, 1])
            return tf.concat([x, yy, xx], axis=-1)

    class FiLM(L.Layer):
        def call(self, x, gamma, beta):
            s = tf.shape(x)
            return x * tf.broadcast_to(gamma[:, None, None, :], s) + tf.broadcast_to(beta[:, None, None, :], s)
    img, cond = _in((64, 64, 3), "image"), _in((4,), "condition")
    x = _cbr(AddCoords()(img), 16, 3, 2)
    x = _cbr(AddCoords()(x), 32, 3, 2)
    c = L.Dense(32, activation="relu")(cond)
    x = FiLM()(x, L.Dense(32)(c), L.Dense(32)(c))
    x = _cbr(x, 32)
    heat = L.Conv2D(1, 1, name="heatmap")(x)
    coords = L.Dense(2, activation="sigmoid", name="coords")(L.GlobalAveragePooling2D()(x))
    _export(keras.Model([img, cond], {"heatmap": heat, "coords": coords}), out)


@model("f34_change_detection_absdiff_min_max_where", "keras-export", "siamese change detector for before / after frames, two float [1,64,64,3]: shared conv-BN-relu encoder (stride 4), fusion of Lambda tf.abs(Subtract), Maximum and Minimum of the two feature maps, Concatenate; decoder conv + UpSampling2D nearest x2 twice, 1x1 conv sigmoid change probability; gated output tf.where(p > 0.5, p, 0)")
def b_change(out):
    t_in = keras.Input((64, 64, 3), batch_size=1)
    enc = keras.Model(t_in, _cbr(_cbr(_cbr(t_in, 16, 3, 2), 32, 3, 2), 32))
    a, b = _in((64, 64, 3), "before"), _in((64, 64, 3), "after")
    fa, fb = enc(a), enc(b)
    diff = L.Lambda(tf.abs)(L.Subtract()([fa, fb]))
    x = _cbr(L.Concatenate()([diff, L.Maximum()([fa, fb]), L.Minimum()([fa, fb])]), 32)
    x = _cbr(L.UpSampling2D(2)(x), 16)
    x = _cbr(L.UpSampling2D(2)(x), 8)
    p = L.Conv2D(1, 1, activation="sigmoid", name="change_probability")(x)
    gated = L.Lambda(lambda t: tf.where(t > 0.5, t, tf.zeros_like(t)), name="change_gated")(p)
    _export(keras.Model([a, b], {"change_probability": p, "change_gated": gated}), out)


@model("f34_yolov2_tiny_reorg_space_to_depth", "keras-export", "YOLOv2-tiny-like detector with the passthrough (reorg) layer, float [1,128,128,3]: conv-BN-LeakyReLU(0.1) + MaxPooling stack to 16x16, then 8x8; passthrough 1x1 conv on the 16x16 map -> Lambda tf.nn.space_to_depth(2) concatenated with the 8x8 features, conv-BN-leaky, 1x1 Conv2D head for 5 anchors x (5 + 3 classes) -> raw grid [1,8,8,40]")
def b_yolo(out):
    def leaky(t):
        return L.LeakyReLU(0.1)(t)
    inp = _in((128, 128, 3), "image")
    x = inp
    for f in (8, 16, 32):
        x = L.MaxPooling2D()(_cbr(x, f, act=leaky))
    x = _cbr(x, 64, act=leaky)
    passthrough = L.Lambda(lambda t: tf.nn.space_to_depth(t, 2))(_cbr(x, 16, 1, act=leaky))
    deep = _cbr(_cbr(L.MaxPooling2D()(x), 96, act=leaky), 64, act=leaky)
    x = _cbr(L.Concatenate()([passthrough, deep]), 64, act=leaky)
    _export(keras.Model(inp, L.Conv2D(5 * 8, 1, name="grid")(x)), out)


@model("f34_ssdlite_decode_exp_concat_ranges", "keras-export", "SSD-lite detector with in-model box decoding, float [1,96,96,3]: depthwise-separable backbone with heads at 12x12 and 6x6 (3 anchors, separable conv box / class predictors), Reshape + Concatenate to [1,540,4] and [1,540,4]; custom decode layer with constant anchors: centres = t * 0.1 * anchor size + anchor centre, sizes = exp(t * 0.2) * anchor size, corners in pixels (x96), scores = sigmoid; detections = tf.concat of pixel boxes (0..96) and scores (0..1) along the last axis [1,540,8]")
def b_ssd(out):
    def anchors(n, sizes):
        c = (np.arange(n) + 0.5) / n
        cy, cx = np.meshgrid(c, c, indexing="ij")
        return np.stack([np.stack([cy, cx, np.full_like(cy, s), np.full_like(cy, s)], -1) for s in sizes], 2).reshape(-1, 4)
    anc = np.concatenate([anchors(12, (0.1, 0.2, 0.3)), anchors(6, (0.35, 0.5, 0.7))]).astype("float32")

    class Decode(L.Layer):
        def call(self, loc, logits):
            yx = loc[..., :2] * 0.1 * anc[:, 2:] + anc[:, :2]
            hw = tf.exp(loc[..., 2:] * 0.2) * anc[:, 2:]
            boxes = tf.concat([yx - hw / 2, yx + hw / 2], axis=-1) * 96.0
            return tf.concat([boxes, tf.sigmoid(logits)], axis=-1)

    def head(x, n):
        return L.Reshape((-1, 4))(L.SeparableConv2D(3 * n, 3, padding="same")(x))
    inp = _in((96, 96, 3), "image")
    x = _cbr(inp, 16, 3, 2, act="relu6")
    for f, s in ((24, 2), (32, 2), (32, 1)):
        x = _cbr(_dbr(x, 3, s, act="relu6"), f, 1, act="relu6")
    f2 = _cbr(_dbr(x, 3, 2, act="relu6"), 48, 1, act="relu6")
    loc = L.Concatenate(axis=1)([head(x, 4), head(f2, 4)])
    cls = L.Concatenate(axis=1)([head(x, 4), head(f2, 4)])
    _export(keras.Model(inp, {"detections": Decode(name="detections")(loc, cls), "raw_boxes": loc}), out)


# ================================================================================ embeddings and retrieval

@model("f34_mobilefacenet_prelu_gdc_l2norm", "keras-export", "MobileFaceNet-like face embedder, float [1,64,64,3] in [0,255]: Rescaling((x - 127.5) / 128), conv-BN-PReLU(shared H,W) stride 2, depthwise-BN-PReLU, bottlenecks (1x1 PReLU expand, depthwise, linear 1x1) with adds, 1x1 conv 128 PReLU; global depthwise conv (DepthwiseConv2D 4x4 valid) + BN, 1x1 conv 64 + BN, Flatten, Lambda tf.math.l2_normalize -> embedding [1,64]")
def b_mfn(out):
    def prelu(t):
        return L.PReLU(shared_axes=[1, 2])(t)

    def bottleneck(x, e, o, s):
        y = _cbr(_dbr(_cbr(x, x.shape[-1] * e, 1, act=prelu), 3, s, act=prelu), o, 1, act=None)
        return L.Add()([x, y]) if s == 1 and x.shape[-1] == o else y
    inp = _in((64, 64, 3), "face")
    x = _cbr(L.Rescaling(1 / 128.0, offset=-127.5 / 128.0)(inp), 32, 3, 2, act=prelu)
    x = _dbr(x, 3, 1, act=prelu)
    for e, o, s in ((2, 32, 2), (2, 32, 1), (4, 48, 2), (2, 48, 1), (2, 64, 2)):
        x = bottleneck(x, e, o, s)
    x = _cbr(x, 128, 1, act=prelu)
    x = L.BatchNormalization()(L.DepthwiseConv2D(x.shape[1], padding="valid", use_bias=False)(x))
    x = L.Flatten()(L.BatchNormalization()(L.Conv2D(64, 1, use_bias=False)(x)))
    _export(keras.Model(inp, L.Lambda(lambda t: tf.math.l2_normalize(t, axis=1), name="embedding")(x)), out)


@model("f34_prototype_squared_difference_argmin", "keras-export", "few-shot prototype classifier for spectra, float [1,64]: Dense 64 relu / 32 relu / 16 embedding, custom layer with 8 learned prototypes computing tf.math.squared_difference against every prototype and reduce_sum -> distances [1,8]; probabilities = softmax(-distances), class_id = tf.argmin (int32), min_distance = reduce_min")
def b_proto(out):
    class ProtoDistance(L.Layer):
        def build(self, shape):
            self.protos = self.add_weight(shape=(8, shape[-1]), initializer=keras.initializers.RandomNormal(0, 1.0))

        def call(self, e):
            return tf.reduce_sum(tf.math.squared_difference(e[:, None, :], self.protos[None]), axis=-1)
    inp = _in((64,), "spectrum")
    e = L.Dense(16)(L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(inp)))
    d = ProtoDistance(name="distances")(e)
    _export(keras.Model(inp, {
        "distances": d, "probabilities": L.Lambda(lambda t: tf.nn.softmax(-t), name="probabilities")(d),
        "class_id": L.Lambda(lambda t: tf.argmin(t, axis=-1, output_type=tf.int32), name="class_id")(d),
        "min_distance": L.Lambda(lambda t: tf.reduce_min(t, axis=-1), name="min_distance")(d)}), out)


@model("f34_two_tower_recsys_topk_archive", "keras-archive", "two-tower recommender via keras.export.ExportArchive: user_features float [1,16] + history_ids int32 [1,10] -> Embedding(500, 32) item table averaged over history (GlobalAveragePooling1D), Concatenate, Dense 64 relu / 32, l2_normalize; endpoint recommend: matmul with the l2-normalized item table -> tf.math.top_k(10) scores / item_ids (int32); endpoint user_embedding")
def b_twotower(out):
    uf, hist = _in((16,), "user_features"), _in((10,), "history_ids", "int32")
    items = L.Embedding(500, 32, name="item_embedding")
    x = L.Concatenate()([uf, L.GlobalAveragePooling1D()(items(hist))])
    u = L.Lambda(lambda t: tf.math.l2_normalize(t, axis=-1))(L.Dense(32)(L.Dense(64, activation="relu")(x)))
    m = keras.Model([uf, hist], u)
    specs = [tensor_spec([1, 16], name="user_features"), tensor_spec([1, 10], "int32", "history_ids")]

    def recommend(user_features, history_ids):
        user = m([user_features, history_ids], training=False)
        scores = tf.matmul(user, tf.math.l2_normalize(items.embeddings, axis=-1), transpose_b=True)
        top = tf.math.top_k(scores, k=10)
        return {"scores": top.values, "item_ids": top.indices}
    _archive(out, [m], recommend=(recommend, specs),
             user_embedding=(lambda user_features, history_ids: {"embedding": m([user_features, history_ids], training=False)}, specs))


FEEDS["f34_two_tower_recsys_topk_archive"] = {"history_ids": (0, 500)}


@model("f34_dlrm_embedding_bmm_interaction", "keras-export", "DLRM-lite click-through model, dense_features float [1,13] + sparse_ids int32 [1,8] (8 categorical features, 100 ids each): ids offset per feature into one Embedding(800, 8); bottom MLP 32 / 8 relu, expand_dims + Concatenate -> [1,9,8]; dot interaction as batch tf.matmul(z, z^T) [1,9,9], reshape [1,81], tf.gather of the 36 strictly-upper-triangle constant indices; Concatenate with the bottom output, top MLP 32 relu -> Dense(1, sigmoid) ctr")
def b_dlrm(out):
    offsets = (np.arange(8) * 100).astype("int32")
    iu = np.array([i * 9 + j for i in range(9) for j in range(i + 1, 9)], "int32")
    dense, sparse = _in((13,), "dense_features"), _in((8,), "sparse_ids", "int32")
    emb = L.Embedding(800, 8)(L.Lambda(lambda t: t + offsets)(sparse))
    bot = L.Dense(8, activation="relu")(L.Dense(32, activation="relu")(dense))
    z = L.Concatenate(axis=1)([L.Reshape((1, 8))(bot), emb])
    inter = L.Lambda(lambda t: tf.gather(tf.reshape(tf.matmul(t, t, transpose_b=True), [-1, 81]), iu, axis=1))(z)
    x = L.Dense(32, activation="relu")(L.Concatenate()([bot, inter]))
    _export(keras.Model([dense, sparse], L.Dense(1, activation="sigmoid", name="ctr")(x)), out)


FEEDS["f34_dlrm_embedding_bmm_interaction"] = {"sparse_ids": (0, 100)}


@model("f34_text_cnn_embedding_int32_maxpool", "keras-export", "Kim-style text CNN for intent classification, token_ids int32 [1,64]: Embedding(2000, 32), three Conv1D branches (kernel 3 / 4 / 5, 16 filters, relu) each GlobalMaxPooling1D (reduce_max over time), Concatenate, Dropout, Dense(6, softmax)")
def b_textcnn(out):
    inp = _in((64,), "token_ids", "int32")
    e = L.Embedding(2000, 32)(inp)
    x = L.Concatenate()([L.GlobalMaxPooling1D()(L.Conv1D(16, k, activation="relu")(e)) for k in (3, 4, 5)])
    _export(keras.Model(inp, L.Dense(6, activation="softmax", name="intent")(L.Dropout(0.5)(x))), out)


FEEDS["f34_text_cnn_embedding_int32_maxpool"] = {"token_ids": (0, 2000)}


# ================================================================================ audio, sensors, tabular

@model("f34_kws_dscnn_mfcc", "keras-export", "DS-CNN keyword spotter (Hello Edge), MFCC float [1,49,10,1]: Conv2D 10x4 stride 2 + BN + relu, four depthwise 3x3 + BN + relu / pointwise 1x1 + BN + relu blocks, AveragePooling over the remaining map, Flatten, Dense(12, softmax)")
def b_dscnn(out):
    inp = _in((49, 10, 1), "mfcc")
    x = _cbr(inp, 32, (10, 4), 2)
    for _ in range(4):
        x = _cbr(_dbr(x, 3), 32, 1)
    x = L.Flatten()(L.AveragePooling2D(pool_size=tuple(x.shape[1:3]))(x))
    _export(keras.Model(inp, L.Dense(12, activation="softmax", name="keyword")(x)), out)


@model("f34_kws_tc_resnet_conv1d_log_softmax", "keras-export", "TC-ResNet keyword spotter, MFCC float [1,98,40] with frequency as channels: Conv1D 3 (16, no bias), two residual blocks of Conv1D kernel 9 stride 2 + BN + relu + Conv1D 9 + BN with a 1x1 strided Conv1D + BN + relu shortcut, Add, relu; GlobalAveragePooling1D, Dropout, Dense(12), Activation log_softmax")
def b_tcresnet(out):
    def block(x, f):
        y = L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 9, 2, padding="same", use_bias=False)(x)))
        y = L.BatchNormalization()(L.Conv1D(f, 9, padding="same", use_bias=False)(y))
        sc = L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 1, 2, use_bias=False)(x)))
        return L.ReLU()(L.Add()([y, sc]))
    inp = _in((98, 40), "mfcc")
    x = block(block(L.Conv1D(16, 3, padding="same", use_bias=False)(inp), 24), 32)
    x = L.Dense(12)(L.Dropout(0.5)(L.GlobalAveragePooling1D()(x)))
    _export(keras.Model(inp, L.Activation("log_softmax", name="log_probs")(x)), out)


@model("f34_sound_event_softmax_time_logsumexp", "keras-export", "sound-event detector (PANNs-style attention pooling), log-mel float [1,64,40,1]: conv-BN-relu + AveragePooling blocks, Lambda reduce_mean over frequency -> [1,16,32]; Dense 32 relu per frame; attention weights Dense(10) with Softmax(axis=1) over time times sigmoid class scores, reduce_sum over time -> clipwise [1,10]; frame logits pooled with tf.math.reduce_logsumexp over time -> clipwise_lse; framewise sigmoid output")
def b_sed(out):
    inp = _in((64, 40, 1), "log_mel")
    x = L.AveragePooling2D((2, 2))(_cbr(_cbr(inp, 16), 16))
    x = L.AveragePooling2D((2, 2))(_cbr(x, 32))
    x = L.Lambda(lambda t: tf.reduce_mean(t, axis=2))(x)
    x = L.Dense(32, activation="relu")(x)
    att = L.Softmax(axis=1)(L.Dense(10)(x))
    cla = L.Dense(10, activation="sigmoid", name="framewise")(x)
    clip = L.Lambda(lambda t: tf.reduce_sum(t[0] * t[1], axis=1), name="clipwise")([att, cla])
    lse = L.Lambda(lambda t: tf.math.reduce_logsumexp(t, axis=1), name="clipwise_lse")(L.Dense(10)(x))
    _export(keras.Model(inp, {"clipwise": clip, "clipwise_lse": lse, "framewise": cla}), out)


@model("f34_speech_enhance_conv1d_mish_prelu", "keras-export", "Wave-U-Net-lite speech enhancer, noisy waveform float [1,1024,1]: Conv1D(15, stride 2) encoder with PReLU, mish and LeakyReLU(0.3) activations, Conv1DTranspose(15, stride 2) decoder with Concatenate skips and mish / leaky relu, 1x1 Conv1D tanh -> enhanced waveform [1,1024,1]")
def b_waveunet(out):
    inp = _in((1024, 1), "noisy")
    e1 = L.PReLU(shared_axes=[1])(L.Conv1D(16, 15, 2, padding="same")(inp))
    e2 = L.Activation("mish")(L.Conv1D(32, 15, 2, padding="same")(e1))
    e3 = L.LeakyReLU(0.3)(L.Conv1D(32, 15, 2, padding="same")(e2))
    d2 = L.Activation("mish")(L.Conv1DTranspose(32, 15, 2, padding="same")(e3))
    d1 = L.LeakyReLU(0.3)(L.Conv1DTranspose(16, 15, 2, padding="same")(L.Concatenate()([d2, e2])))
    d0 = L.Activation("mish")(L.Conv1DTranspose(16, 15, 2, padding="same")(L.Concatenate()([d1, e1])))
    _export(keras.Model(inp, L.Conv1D(1, 1, activation="tanh", name="enhanced")(d0)), out)


@model("f34_eegnet_depth_multiplier_separable_elu", "keras-export", "EEGNet-4,2 motor-imagery classifier, EEG float [1,8,128,1] (electrodes x samples): temporal Conv2D(8, 1x32, no bias) + BN; DepthwiseConv2D(8x1 valid, depth_multiplier 2, max_norm constraint) + BN + ELU, AveragePooling 1x4, Dropout; SeparableConv2D(16, 1x16) + BN + ELU, AveragePooling 1x8, Dropout; Flatten, Dense(4, softmax)")
def b_eegnet(out):
    inp = _in((8, 128, 1), "eeg")
    x = L.BatchNormalization()(L.Conv2D(8, (1, 32), padding="same", use_bias=False)(inp))
    x = L.DepthwiseConv2D((8, 1), depth_multiplier=2, use_bias=False, depthwise_constraint=keras.constraints.MaxNorm(1.0))(x)
    x = L.Dropout(0.25)(L.AveragePooling2D((1, 4))(L.ELU()(L.BatchNormalization()(x))))
    x = L.BatchNormalization()(L.SeparableConv2D(16, (1, 16), padding="same", use_bias=False)(x))
    x = L.Dropout(0.25)(L.AveragePooling2D((1, 8))(L.ELU()(x)))
    _export(keras.Model(inp, L.Dense(4, activation="softmax", name="probabilities")(L.Flatten()(x))), out)


@model("f34_tcn_causal_dilated_rul", "keras-export", "TCN remaining-useful-life regressor (C-MAPSS-like), sensors float [1,64,14]: residual blocks of two causal Conv1D (dilation 1 / 2 / 4 / 8, 24 filters, relu) with LayerNormalization and 1x1 conv shortcut, last time step by Lambda x[:, -1, :], Dense 16 relu, Dense(1), Lambda tf.clip_by_value(0, 125) -> rul [1,1]")
def b_tcn(out):
    inp = _in((64, 14), "sensors")
    x = inp
    for d in (1, 2, 4, 8):
        y = L.Conv1D(24, 3, padding="causal", dilation_rate=d, activation="relu")(x)
        y = L.LayerNormalization()(L.Conv1D(24, 3, padding="causal", dilation_rate=d, activation="relu")(y))
        x = L.Add()([y, x if x.shape[-1] == 24 else L.Conv1D(24, 1)(x)])
    x = L.Dense(1)(L.Dense(16, activation="relu")(L.Lambda(lambda t: t[:, -1, :])(x)))
    _export(keras.Model(inp, L.Lambda(lambda t: tf.clip_by_value(t, 0.0, 125.0), name="rul")(x)), out)


@model("f34_har_lstm_unrolled", "keras-export", "human-activity recognition on accelerometer / gyro windows, float [1,32,6]: LSTM(24, unroll=True, return_sequences) -> LSTM(16, unroll=True) (Python-unrolled steps, sigmoid / tanh gates), Dropout, Dense(6, softmax)")
def b_har(out):
    inp = _in((32, 6), "imu")
    x = L.LSTM(16, unroll=True)(L.LSTM(24, unroll=True, return_sequences=True)(inp))
    _export(keras.Model(inp, L.Dense(6, activation="softmax", name="activity")(L.Dropout(0.3)(x))), out)


@model("f34_gesture_bigru_while_loop_archive", "keras-archive", "IMU gesture recognizer via keras.export.ExportArchive, float [1,40,3]: Bidirectional(GRU(16, return_sequences)) and GRU(16) left as loops (not unrolled -> while loops with reverse for the backward direction), Dense(8); endpoints serve (softmax probabilities) and embed (last GRU state [1,16])")
def b_gesture(out):
    inp = _in((40, 3), "imu")
    h = L.GRU(16)(L.Bidirectional(L.GRU(16, return_sequences=True))(inp))
    m = keras.Model(inp, [h, L.Softmax()(L.Dense(8)(h))])
    spec = [tensor_spec([1, 40, 3], name="imu")]
    _archive(out, [m], serve=(lambda imu: {"probabilities": m(imu, training=False)[1]}, spec),
             embed=(lambda imu: {"embedding": m(imu, training=False)[0]}, spec))


@model("f34_vibration_autoencoder_squared_diff_module", "tf-module", "vibration-spectrum anomaly autoencoder served from a tf.Module, FFT magnitudes float [1,128]: Keras Dense 64 elu / 16 elu / 64 elu / 128 sigmoid; serve computes tf.math.squared_difference(reconstruction, input), score = reduce_mean, band_max_error = reduce_max over [1,8,16] bands, is_anomaly = score > 0.05 (bool) and health = exp(-10 score)")
def b_vib_ae(out):
    ae = keras.Sequential([keras.Input((128,), batch_size=1), L.Dense(64, activation="elu"), L.Dense(16, activation="elu"),
                           L.Dense(64, activation="elu"), L.Dense(128, activation="sigmoid")])

    @tf.function(input_signature=[tensor_spec([1, 128], name="spectrum")])
    def serve(spectrum):
        recon = ae(spectrum, training=False)
        err = tf.math.squared_difference(recon, spectrum)
        score = tf.reduce_mean(err, axis=-1)
        return {"reconstruction": recon, "score": score, "band_max_error": tf.reduce_max(tf.reshape(err, [1, 8, 16]), axis=-1),
                "is_anomaly": score > 0.05, "health": tf.exp(-10.0 * score)}
    _save(out, {"model": ae}, serving_default=serve)


@model("f34_vibration_stat_features_math_frozen", "frozen-pb", "bearing-fault classifier with hand-written signal features, frozen with convert_variables_to_constants_v2, window float [1,256,3]: per-axis mean, rms = sqrt(mean(x^2)), peak = reduce_max(abs), crest = peak * rsqrt(mean square), kurtosis / skewness by tf.pow(x - mean, 4 / 3), zero-crossing rate from abs(diff(sign)), log energy, floor-quantized levels (clip, floor, >= compare, cast mean); concat [1,27] -> MLP 32 relu -> softmax [1,4] and the features")
def b_vib_feats(out):
    rng = np.random.default_rng(31)
    w1, b1 = _var(rng, (27, 32)), tf.Variable(np.zeros(32, "float32"))
    w2, b2 = _var(rng, (32, 4)), tf.Variable(np.zeros(4, "float32"))

    def fn(window):
        x = window
        mean = tf.reduce_mean(x, axis=1, keepdims=True)
        c = x - mean
        var = tf.reduce_mean(tf.square(c), axis=1)
        msq = tf.reduce_mean(tf.square(x), axis=1)
        peak = tf.reduce_max(tf.abs(x), axis=1)
        feats = [mean[:, 0], tf.sqrt(msq), peak, peak * tf.math.rsqrt(msq + 1e-6),
                 tf.reduce_mean(tf.pow(c, 4.0), axis=1) / (tf.square(var) + 1e-6),
                 tf.reduce_mean(tf.pow(c, 3.0), axis=1) * tf.pow(var + 1e-6, -1.5),
                 0.5 * tf.reduce_mean(tf.abs(tf.sign(x[:, 1:]) - tf.sign(x[:, :-1])), axis=1),
                 tf.math.log(tf.reduce_sum(tf.square(x), axis=1) + 1e-6),
                 tf.reduce_mean(tf.cast(tf.floor(tf.clip_by_value(c * 2.0, -4.0, 3.999)) >= 1.0, tf.float32), axis=1)]
        f = tf.concat(feats, axis=-1)
        h = tf.nn.relu(tf.matmul(f, w1) + b1)
        return {"probabilities": tf.nn.softmax(tf.matmul(h, w2) + b2), "features": f}
    _freeze(fn, [tensor_spec([1, 256, 3], name="window")], out)


FEEDS["f34_vibration_stat_features_math_frozen"] = lambda rng: {"window": rng.standard_normal((1, 256, 3))}


@model("f34_multisensor_unstack_split_squeeze_frozen", "frozen-pb", "six-sensor fusion net frozen with convert_variables_to_constants_v2, signals float [1,6,64]: tf.unstack over sensors, expand_dims to [1,64,1], shared tf.nn.conv1d (stride 2) x2 + relu, reduce_mean keepdims + squeeze, tf.stack -> [1,6,16], tf.split into accelerometer / gyroscope halves, reshape each to [1,48], gyro gated by sigmoid of accel, concat, expand_dims / reshape / squeeze chain, MLP -> softmax [1,5]")
def b_multisensor(out):
    rng = np.random.default_rng(38)
    k1, c1 = _var(rng, (5, 1, 8)), tf.Variable(np.zeros(8, "float32"))
    k2, c2 = _var(rng, (5, 8, 16)), tf.Variable(np.zeros(16, "float32"))
    wg, w1, w2 = _var(rng, (48, 48)), _var(rng, (96, 32)), _var(rng, (32, 5))

    def fn(signals):
        feats = []
        for s in tf.unstack(signals, axis=1):
            h = tf.nn.relu(tf.nn.conv1d(tf.expand_dims(s, -1), k1, 2, "SAME") + c1)
            h = tf.nn.relu(tf.nn.conv1d(h, k2, 2, "SAME") + c2)
            feats.append(tf.squeeze(tf.reduce_mean(h, axis=1, keepdims=True), axis=1))
        st = tf.stack(feats, axis=1)
        accel, gyro = tf.split(st, 2, axis=1)
        a, g = tf.reshape(accel, [1, 48]), tf.reshape(gyro, [1, 48])
        x = tf.concat([a, g * tf.sigmoid(tf.matmul(a, wg))], axis=-1)
        x = tf.squeeze(tf.reshape(tf.expand_dims(x, 1), [1, 1, 96, 1]), axis=[1, 3])
        return tf.nn.softmax(tf.matmul(tf.nn.relu(tf.matmul(x, w1)), w2), name="probabilities")
    _freeze(fn, [tensor_spec([1, 6, 64], name="signals")], out)


@model("f34_mil_noisy_or_reduce_prod_module", "tf-module", "multiple-instance model (e.g. alarms over a bag of sensor windows) as a tf.Module: instances float [1,16,24] + instance_mask float [1,16]; Keras per-instance MLP (Dense 32 relu / Dense 3 sigmoid) on the 3-d tensor, masked; bag scores by noisy-OR 1 - reduce_prod(1 - p, axis=1), reduce_max over instances, masked mean from reduce_sum / max(count, 1); any_alarm = reduce_any(p > 0.5) (bool)")
def b_mil(out):
    net = keras.Sequential([keras.Input((16, 24), batch_size=1), L.Dense(32, activation="relu"), L.Dense(3, activation="sigmoid")])

    @tf.function(input_signature=[tensor_spec([1, 16, 24], name="instances"), tensor_spec([1, 16], name="instance_mask")])
    def serve(instances, instance_mask):
        p = net(instances, training=False) * instance_mask[..., None]
        count = tf.maximum(tf.reduce_sum(instance_mask, axis=1, keepdims=True), 1.0)
        return {"noisy_or": 1.0 - tf.reduce_prod(1.0 - p, axis=1), "max": tf.reduce_max(p, axis=1),
                "mean": tf.reduce_sum(p, axis=1) / count, "any_alarm": tf.reduce_any(p > 0.5, axis=[1, 2])}
    _save(out, {"model": net}, serving_default=serve)


FEEDS["f34_mil_noisy_or_reduce_prod_module"] = {"instance_mask": [[1.0] * 10 + [0.0] * 6]}


@model("f34_tts_length_regulator_cumsum_round", "tf-module", "FastSpeech-style length regulator as a tf.Module of raw variables: phoneme_ids int32 [1,32] -> tf.gather embedding [60,24], two conv1d + relu, duration predictor exp + tf.round + clip_by_value(1, 4), zeroed where id == 0 (tf.where), tf.math.cumsum -> start / end frames, alignment mask [1,128,32] from >= / < comparisons of a frame ramp (logical_and, cast), batch tf.matmul(alignment, encoder states) -> mel [1,128,20]; outputs mel, durations, num_frames, alignment")
def b_tts(out):
    rng = np.random.default_rng(29)
    emb = tf.Variable(rng.normal(0, 0.3, (60, 24)).astype("float32"), name="phoneme_embedding")
    k1, k2 = _var(rng, (3, 24, 24)), _var(rng, (3, 24, 24))
    wd, bd = _var(rng, (24, 1), 0.05), tf.Variable(np.array([0.6], "float32"))
    wm, bm = _var(rng, (24, 20)), tf.Variable(np.zeros(20, "float32"))

    @tf.function(input_signature=[tensor_spec([1, 32], "int32", "phoneme_ids")])
    def serve(phoneme_ids):
        h = tf.gather(emb, phoneme_ids)
        h = tf.nn.relu(tf.nn.conv1d(tf.nn.relu(tf.nn.conv1d(h, k1, 1, "SAME")), k2, 1, "SAME"))
        dur = tf.clip_by_value(tf.round(tf.exp(tf.matmul(h, wd) + bd)[..., 0]), 1.0, 4.0)
        dur = tf.where(phoneme_ids > 0, dur, tf.zeros_like(dur))
        ends = tf.math.cumsum(dur, axis=1)
        starts = ends - dur
        t = tf.range(128, dtype=tf.float32)[None, :, None] + 0.5
        align = tf.cast(tf.logical_and(t >= starts[:, None, :], t < ends[:, None, :]), tf.float32)
        mel = tf.matmul(tf.matmul(align, h), wm) + bm
        return {"mel": mel, "durations": dur, "num_frames": tf.reduce_sum(dur, axis=1), "alignment": align}
    _save(out, {"params": [emb, k1, k2, wd, bd, wm, bm]}, serving_default=serve)


FEEDS["f34_tts_length_regulator_cumsum_round"] = {"phoneme_ids": (1, 60)}


@model("f34_tabular_mlp_input_bn_selu_elu_softplus", "keras-export", "tabular predictive-maintenance MLP, features float [1,20]: BatchNormalization directly on the raw features (no layer before it), Dense 64 selu + AlphaDropout, Dense 32 elu, Dense 16 + LeakyReLU(0.2); heads time_to_failure Dense(1, softplus) and failure_mode Dense(3, softmax)")
def b_tabular(out):
    inp = _in((20,), "features")
    x = L.BatchNormalization()(inp)
    x = L.AlphaDropout(0.05)(L.Dense(64, activation="selu", kernel_initializer="lecun_normal")(x))
    x = L.LeakyReLU(0.2)(L.Dense(16)(L.Dense(32, activation="elu")(x)))
    _export(keras.Model(inp, {"time_to_failure": L.Dense(1, activation="softplus", name="time_to_failure")(x),
                              "failure_mode": L.Dense(3, activation="softmax", name="failure_mode")(x)}), out)


@model("f34_sensor_transformer_layernorm_gelu", "keras-export", "tiny transformer encoder on sensor windows, float [1,32,8]: Dense 32 projection plus a learned positional-embedding layer, two pre-norm blocks (LayerNormalization, MultiHeadAttention 2 heads key_dim 16 -- einsum batch matmuls between activations and softmax -- Add, LayerNormalization, Dense 64 exact GELU, Dense 32, Add), LayerNormalization, GlobalAveragePooling1D, Dense(4, softmax)")
def b_transformer(out):
    class PositionEmbedding(L.Layer):
        def build(self, shape):
            self.pos = self.add_weight(shape=(shape[1], shape[2]), initializer=keras.initializers.RandomNormal(0, 0.02))

        def call(self, x):
            return x + self.pos[None]
    inp = _in((32, 8), "window")
    x = PositionEmbedding()(L.Dense(32)(inp))
    for _ in range(2):
        y = L.LayerNormalization()(x)
        x = L.Add()([x, L.MultiHeadAttention(2, 16)(y, y)])
        y = L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization()(x)))
        x = L.Add()([x, y])
    x = L.GlobalAveragePooling1D()(L.LayerNormalization()(x))
    _export(keras.Model(inp, L.Dense(4, activation="softmax", name="probabilities")(x)), out)


# ================================================================================ video

@model("f34_video_conv3d_pool3d_tiny", "keras-export", "tiny video action classifier, clip float [1,8,48,48,3]: Conv3D 3x3x3 8 + BN + relu, MaxPooling3D (1,2,2), Conv3D 16 + BN + relu, MaxPooling3D (2,2,2), Conv3D 32 + BN + relu, AveragePooling3D (2,2,2), GlobalAveragePooling3D, Dense(5, softmax)")
def b_c3d(out):
    inp = _in((8, 48, 48, 3), "clip")

    def c3(x, f):
        return L.ReLU()(L.BatchNormalization()(L.Conv3D(f, 3, padding="same", use_bias=False)(x)))
    x = L.MaxPooling3D((1, 2, 2))(c3(inp, 8))
    x = L.MaxPooling3D((2, 2, 2))(c3(x, 16))
    x = L.AveragePooling3D((2, 2, 2))(c3(x, 32))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="action")(L.GlobalAveragePooling3D()(x))), out)


@model("f34_video_r2plus1d_raw_conv3d_module", "tf-module", "(2+1)D video network as a tf.Module of raw variables, clip float [1,8,32,32,3]: factorized tf.nn.conv3d (1x3x3 spatial stride (1,2,2), then 3x1x1 temporal) each with tf.nn.batch_normalization on moving-statistics variables + relu, tf.nn.max_pool3d (1,2,2), a second factorized block with temporal stride 2, tf.nn.avg_pool3d 2x2x2, reduce_mean over T,H,W, FC -> logits / probabilities [1,6]")
def b_r21d(out):
    rng = np.random.default_rng(18)
    k = {"s1": _var(rng, (1, 3, 3, 3, 12)), "t1": _var(rng, (3, 1, 1, 12, 16)),
         "s2": _var(rng, (1, 3, 3, 16, 24)), "t2": _var(rng, (3, 1, 1, 24, 32))}
    bn = {n: _bnvars(rng, c, n) for n, c in (("s1", 12), ("t1", 16), ("s2", 24), ("t2", 32))}
    fw, fb = _var(rng, (32, 6)), tf.Variable(np.zeros(6, "float32"))

    def cbr(x, n, strides):
        g, b, mu, var = bn[n]
        return tf.nn.relu(tf.nn.batch_normalization(tf.nn.conv3d(x, k[n], strides, "SAME"), mu, var, b, g, 1e-3))

    @tf.function(input_signature=[tensor_spec([1, 8, 32, 32, 3], name="clip")])
    def serve(clip):
        x = cbr(cbr(clip, "s1", [1, 1, 2, 2, 1]), "t1", [1, 1, 1, 1, 1])
        x = tf.nn.max_pool3d(x, [1, 1, 2, 2, 1], [1, 1, 2, 2, 1], "SAME")
        x = cbr(cbr(x, "s2", [1, 1, 2, 2, 1]), "t2", [1, 2, 1, 1, 1])
        x = tf.reduce_mean(tf.nn.avg_pool3d(x, [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "VALID"), axis=[1, 2, 3])
        logits = tf.matmul(x, fw) + fb
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    _save(out, {"params": _tvars(k, bn, [fw, fb])}, serving_default=serve)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
