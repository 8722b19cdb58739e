"""Build an independently made corpus into bench/out/fresh24/: small float models of the kind people put through
post-training full-integer quantization (a representative dataset, int8 kernels), chosen for broad op coverage in
realistic contexts. Image classifiers (MobileNetV3 hard-swish / squeeze-excite on uint8 input, EfficientNet-lite
MBConv, ResNeXt grouped convolutions with PReLU, AlexNet-style local response normalization, a tiny ViT and an
MLP-Mixer with exact / tanh GELU, a C3D video net with Conv3D and 3-D pooling), dense-prediction nets (ESPCN
DepthToSpace super-resolution, DeepLab ASPP with dilated convs and align_corners resizes, an FCN with Conv2DTranspose
and half-pixel nearest resizes, a monodepth disparity-to-depth head with reciprocal / log, a GroupNormalization U-Net
denoiser with a sinusoidal timestep embedding, a MirrorPad + instance-norm style-transfer net), detection heads
(YOLOv2 SpaceToDepth reorg, YOLOv4 CSP mish + SPP, YOLOv5-style grids built from tf.shape / tf.tile / broadcast_to,
an FCOS-like top_k + gather_nd decoder, a crop_and_resize second stage, pose heatmap argmax decoding), audio and
sensor nets (PCEN with per-channel learned Pow exponents, a power-compression speech-enhancement mask, IMU window
statistics, ECG Conv1D GLUs with hard_sigmoid, a dilated causal TCN, unrolled LSTM / GRU keyword spotters, a masked
bidirectional GRU, a SimpleRNN forecaster), text and recommender nets (sinusoidal positional encodings, Keras
MultiHeadAttention with padding masks, hand-written scaled dot-product attention with rank-4 BatchMatMul and
band_part causal masks, a weight-tied tiny GPT, einsum bilinear rankers, a TF1 Kim text CNN, masked mean pooling
with bool masks, multi-input embedding-bag recommenders), and tabular / utility nets (an activation zoo with
log_softmax, cumprod / cumsum discrete-time survival, FloorDiv / FloorMod / Round / Ceil time features, a TF1 sensor
quality gate with reduce_all / reduce_any / reduce_prod and tensordot, a TF1 ShuffleNet-like split / letterbox
PadV2 / unstack net, test-time augmentation with negative-stride slices and reverse, a DGCNN point net with
batch-dims gather and tensor_scatter_nd_update, a face embedder with UnitNormalization and argmin matching).

Exported as users do: Keras 3 model.export, tf.saved_model.save of tf.Modules and Keras models with
tf.function(input_signature=...) signatures, TF1 SavedModelBuilder graphs, and frozen GraphDefs (about 70% / 30%).
Mostly static batch-1 shapes as PTQ users export them, a few with a None batch; float, int32, bool and uint8 inputs;
int32 / int64 / bool outputs next to float ones. Tiny widths, seeded random weights (BatchNormalization statistics
jittered so the folds are not identities); nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh24.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh24.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh24.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh24.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh24.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import math
import os
import sys

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export, serve_module, tensor_spec,
                           tf1_saved_model)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh24", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _jitter_bn(m, seed=0):
    """Give every BatchNormalization plausible trained-looking statistics (gamma, beta, moving mean / variance)."""
    rng = np.random.default_rng(seed)
    for layer in m._flatten_layers(include_self=False, recursive=True):
        if isinstance(layer, L.BatchNormalization):
            w = layer.get_weights()
            if len(w) == 4:
                c = w[0].shape
                layer.set_weights([rng.uniform(0.8, 1.2, c), rng.normal(0.0, 0.1, c), rng.normal(0.0, 0.2, c),
                                   rng.uniform(0.5, 1.5, c)])
    return m


def _conv_bn(x, f, k=3, s=1, act="relu", dilation=1):
    x = L.Conv2D(f, k, strides=s, padding="same", dilation_rate=dilation, use_bias=False)(x)
    x = L.BatchNormalization()(x)
    return L.Activation(act)(x) if act else x


def _v1_conv(x, name, cin, cout, k=3, s=1, act="relu", rate=1, padding="SAME"):
    """TF1 conv layer: get_variable weights / biases, tf.nn.conv2d (or tf.nn.atrous_conv2d), bias_add, relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, cin, cout],
                            initializer=v1.truncated_normal_initializer(stddev=float(np.sqrt(2.0 / (k * k * cin)))))
        b = v1.get_variable("biases", [cout], initializer=v1.constant_initializer(0.01))
        y = tf.nn.atrous_conv2d(x, w, rate, padding) if rate > 1 else tf.nn.conv2d(x, w, [1, s, s, 1], padding)
        y = tf.nn.bias_add(y, b)
        return tf.nn.relu(y) if act == "relu" else y


def _v1_dense(x, name, cin, cout):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [cin, cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return tf.matmul(x, w) + b


def _var(rng, shape, fan_in=None, name=None):
    fan_in = fan_in or int(np.prod(shape[:-1]))
    return tf.Variable(rng.normal(0.0, np.sqrt(2.0 / fan_in), shape).astype("float32"), name=name)


def _boxes(rng, shape):
    """valid normalized [ymin, xmin, ymax, xmax] boxes of the given leading shape"""
    lo = rng.uniform(0.0, 0.5, (*shape, 2))
    hi = lo + rng.uniform(0.2, 0.5, (*shape, 2))
    return np.concatenate([lo, np.minimum(hi, 1.0)], axis=-1).astype("float32")


def _padded_ids(rng, shape, vocab, min_len):
    """token ids in [1, vocab) right-padded with zeros after a random length >= min_len"""
    ids = rng.integers(1, vocab, shape)
    for row in ids.reshape(-1, shape[-1]):
        row[rng.integers(min_len, shape[-1] + 1):] = 0
    return ids.astype("int32")


# ================================================================================ image classifiers

@model("p_mobilenetv3_small_hswish_se_uint8", "tf-module", "MobileNetV3-small-like classifier served from a tf.Module, uint8 image [1,32,32,3] cast and scaled to [-1,1] in the graph: Conv2D + BN + hard_swish stem, inverted residuals (1x1 expand, DepthwiseConv2D 3x3 / 5x5, squeeze-excite GlobalAveragePooling2D(keepdims) -> Conv2D relu -> Conv2D hard_sigmoid -> Multiply, 1x1 project, Add), 1x1 conv head with hard_swish, Dropout, Dense(10); outputs softmax probabilities, class_id int64 argmax, top-3 scores and int32 ids")
def b_mnv3(out):
    def se(x, f):
        s = L.GlobalAveragePooling2D(keepdims=True)(x)
        s = L.Conv2D(max(8, f // 4), 1, activation="relu")(s)
        return L.Multiply()([x, L.Conv2D(f, 1, activation="hard_sigmoid")(s)])

    def block(x, exp, f, k, s, use_se, act):
        inp = x
        x = L.Activation(act)(L.BatchNormalization()(L.Conv2D(exp, 1, use_bias=False)(x)))
        x = L.DepthwiseConv2D(k, strides=s, padding="same", use_bias=False)(x)
        x = L.Activation(act)(L.BatchNormalization()(x))
        if use_se:
            x = se(x, exp)
        x = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x))
        return L.Add()([inp, x]) if s == 1 and inp.shape[-1] == f else x

    inp = keras.Input((32, 32, 3), batch_size=1)
    x = _conv_bn(inp, 16, 3, 2, "hard_swish")
    x = block(x, 16, 16, 3, 2, True, "relu")
    x = block(x, 48, 24, 3, 2, False, "relu")
    x = block(x, 64, 24, 3, 1, False, "relu")
    x = block(x, 64, 32, 5, 2, True, "hard_swish")
    x = block(x, 96, 32, 5, 1, True, "hard_swish")
    x = _conv_bn(x, 96, 1, 1, "hard_swish")
    x = L.Activation("hard_swish")(L.Conv2D(64, 1)(L.GlobalAveragePooling2D(keepdims=True)(x)))
    net = _jitter_bn(keras.Model(inp, L.Dense(10)(L.Flatten()(L.Dropout(0.2)(x)))))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], "uint8", "image")])
    def serve(image):
        probs = tf.nn.softmax(net(tf.cast(image, tf.float32) / 127.5 - 1.0, training=False))
        top = tf.math.top_k(probs, k=3)
        return {"probabilities": probs, "class_id": tf.argmax(probs, axis=-1), "top3_scores": top.values,
                "top3_ids": top.indices}
    serve_module(out, {"model": net}, serving_default=serve)


@model("p_efficientnet_lite_mbconv_swish_se", "keras-export", "EfficientNet-lite-like classifier with a dynamic batch, float [None,32,32,3]: SeparableConv2D stride-2 stem + BN + swish, MBConv blocks (1x1 expand + BN + swish, DepthwiseConv2D 3x3 / 5x5, squeeze-excite with swish / sigmoid 1x1 convs and Multiply, 1x1 project + BN, residual Add), GlobalAveragePooling2D, Dropout, Dense(8, softmax); model.export")
def b_effnet(out):
    def mbconv(x, expand, f, k, s):
        cin = x.shape[-1]
        h = _conv_bn(x, cin * expand, 1, 1, "swish")
        h = L.Activation("swish")(L.BatchNormalization()(
            L.DepthwiseConv2D(k, strides=s, padding="same", use_bias=False)(h)))
        se = L.GlobalAveragePooling2D(keepdims=True)(h)
        se = L.Conv2D(cin * expand, 1, activation="sigmoid")(L.Conv2D(max(4, cin // 4), 1, activation="swish")(se))
        h = L.Multiply()([h, se])
        h = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(h))
        return L.Add()([x, L.Dropout(0.1)(h)]) if s == 1 and cin == f else h

    inp = keras.Input((32, 32, 3), name="image")
    x = L.Activation("swish")(L.BatchNormalization()(
        L.SeparableConv2D(16, 3, strides=2, padding="same", use_bias=False)(inp)))
    for expand, f, k, s in ((1, 16, 3, 1), (4, 24, 3, 2), (4, 24, 3, 1), (4, 32, 5, 2), (4, 32, 5, 1)):
        x = mbconv(x, expand, f, k, s)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(_conv_bn(x, 64, 1, 1, "swish")))
    keras_export(_jitter_bn(keras.Model(inp, L.Dense(8, activation="softmax", name="probabilities")(x))), out)


@model("p_resnext_grouped_conv_prelu", "keras-export", "ResNeXt-style classifier, fixed float [1,32,32,3] kept by the export signature: Conv2D + BN + PReLU(shared_axes [1,2]) stem, two bottleneck blocks (1x1 conv, grouped Conv2D(groups=4) 3x3, 1x1 conv, each with BN, PReLU in between, 1x1 projection shortcut, Add, PReLU; the second with stride 2), GlobalMaxPooling2D, Dense(10); model.export")
def b_resnext(out):
    def prelu(x):
        return L.PReLU(shared_axes=[1, 2])(x)

    def block(x, f, s):
        h = prelu(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))
        h = prelu(L.BatchNormalization()(L.Conv2D(f, 3, strides=s, padding="same", groups=4, use_bias=False)(h)))
        h = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(h))
        sc = L.BatchNormalization()(L.Conv2D(f, 1, strides=s, use_bias=False)(x))
        return prelu(L.Add()([h, sc]))

    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = prelu(L.BatchNormalization()(L.Conv2D(16, 3, padding="same", use_bias=False)(inp)))
    x = block(block(x, 32, 1), 32, 2)
    m = keras.Model(inp, L.Dense(10, name="logits")(L.GlobalMaxPooling2D()(x)))
    keras_export(_jitter_bn(m), out, keep_fixed_batch=True)


@model("p_alexnet_lrn_tiny_frozen", "frozen-pb", "AlexNet / CaffeNet-style classifier written with raw tf.Variables and frozen with convert_variables_to_constants_v2, fixed float [1,64,64,3]: tf.nn.conv2d 5x5 stride 2 + bias + relu, tf.nn.local_response_normalization (depth_radius 2, alpha 2e-5, beta 0.75), max_pool2d 3x3 stride 2 VALID, conv 3x3 + LRN + max_pool, conv 3x3 + max_pool, reshape, fc 64 relu, fc 10, softmax 'prob'")
def b_alexnet(out):
    rng = np.random.default_rng(0)
    w1, w2, w3 = _var(rng, [5, 5, 3, 24]), _var(rng, [3, 3, 24, 32]), _var(rng, [3, 3, 32, 32])
    b1, b2, b3 = (tf.Variable(np.full([c], 0.1, "float32")) for c in (24, 32, 32))
    wf, bf = _var(rng, [3 * 3 * 32, 64]), tf.Variable(np.zeros([64], "float32"))
    wo, bo = _var(rng, [64, 10]), tf.Variable(np.zeros([10], "float32"))

    def fn(data):
        x = tf.nn.relu(tf.nn.conv2d(data, w1, 2, "SAME") + b1)
        x = tf.nn.max_pool2d(tf.nn.local_response_normalization(x, 2, 1.0, 2e-5, 0.75), 3, 2, "VALID")
        x = tf.nn.relu(tf.nn.conv2d(x, w2, 1, "SAME") + b2)
        x = tf.nn.max_pool2d(tf.nn.local_response_normalization(x, 2, 1.0, 2e-5, 0.75), 3, 2, "VALID")
        x = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, w3, 1, "SAME") + b3), 3, 2, "VALID")
        x = tf.nn.relu(tf.matmul(tf.reshape(x, [1, -1]), wf) + bf)
        return tf.nn.softmax(tf.matmul(x, wo) + bo, name="prob")
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="data")], out)


@model("p_vit_tiny_cls_token_gelu", "keras-export", "tiny ViT classifier, fixed float [1,32,32,3]: Conv2D(32, 4, stride 4) patch embedding, Reshape [64,32], custom layer prepending a learned class token with tf.broadcast_to + concat and adding learned position embeddings, two pre-norm blocks (LayerNormalization, MultiHeadAttention(2 heads, key_dim 16), Add, LayerNormalization, Dense(64) + exact GELU, Dense(32), Add), class-token slice, LayerNormalization, Dense(10); model.export")
def b_vit(out):
    class ClassTokenPosition(L.Layer):
        def build(self, shape):
            init = keras.initializers.RandomNormal(stddev=0.02)
            self.cls = self.add_weight(shape=(1, 1, shape[-1]), initializer=init, name="cls")
            self.pos = self.add_weight(shape=(1, shape[1] + 1, shape[-1]), initializer=init, name="pos")

        def call(self, x):
            cls = tf.broadcast_to(self.cls, [tf.shape(x)[0], 1, x.shape[-1]])
            return tf.concat([cls, x], axis=1) + self.pos

    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = ClassTokenPosition()(L.Reshape((64, 32))(L.Conv2D(32, 4, strides=4)(inp)))
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-6)(x)
        x = L.Add()([x, L.MultiHeadAttention(2, 16)(h, h)])
        h = L.LayerNormalization(epsilon=1e-6)(x)
        x = L.Add()([x, L.Dense(32)(L.Activation("gelu")(L.Dense(64)(h)))])
    x = L.LayerNormalization(epsilon=1e-6)(x[:, 0])
    keras_export(keras.Model(inp, L.Dense(10, name="logits")(x)), out, keep_fixed_batch=True)


@model("p_mlp_mixer_permute_gelu_tanh", "tf-module", "MLP-Mixer classifier served from a tf.Module, float [1,32,32,3]: Conv2D(32, 8, stride 8) patches, Reshape [16,32], two mixer blocks (LayerNormalization, Permute((2,1)) token-mixing Dense(32) + tanh-approximate GELU + Dense(16), Permute back, Add; channel-mixing Dense(64) + GELU(approximate) + Dense(32), Add), LayerNormalization, GlobalAveragePooling1D, Dense(10); outputs log_softmax, softmax and argmax int64")
def b_mixer(out):
    gelu_tanh = lambda t: keras.activations.gelu(t, approximate=True)  # noqa: E731
    inp = keras.Input((32, 32, 3), batch_size=1)
    x = L.Reshape((16, 32))(L.Conv2D(32, 8, strides=8)(inp))
    for _ in range(2):
        h = L.Permute((2, 1))(L.LayerNormalization()(x))
        h = L.Permute((2, 1))(L.Dense(16)(L.Activation(gelu_tanh)(L.Dense(32)(h))))
        x = L.Add()([x, h])
        h = L.Dense(32)(L.Activation(gelu_tanh)(L.Dense(64)(L.LayerNormalization()(x))))
        x = L.Add()([x, h])
    net = keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling1D()(L.LayerNormalization()(x))))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        logits = net(image, training=False)
        return {"log_probs": tf.nn.log_softmax(logits), "probabilities": tf.nn.softmax(logits),
                "label": tf.argmax(logits, axis=-1)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("p_c3d_video_conv3d_pool3d", "saved-model", "C3D-style action classifier saved with tf.saved_model.save(model, signatures=...), fixed float clip [1,8,32,32,3]: Conv3D(8, 3) relu + MaxPooling3D((1,2,2)), Conv3D(16, 3) + MaxPooling3D(2), Conv3D(16, 3) + AveragePooling3D(2), GlobalAveragePooling3D, Dense(32, relu), Dropout, Dense(5, softmax)")
def b_c3d(out):
    inp = keras.Input((8, 32, 32, 3), batch_size=1)
    x = L.MaxPooling3D((1, 2, 2))(L.Conv3D(8, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling3D(2)(L.Conv3D(16, 3, padding="same", activation="relu")(x))
    x = L.AveragePooling3D(2)(L.Conv3D(16, 3, padding="same", activation="relu")(x))
    x = L.Dropout(0.3)(L.Dense(32, activation="relu")(L.GlobalAveragePooling3D()(x)))
    m = keras.Model(inp, L.Dense(5, activation="softmax")(x))

    @tf.function(input_signature=[tensor_spec([1, 8, 32, 32, 3], name="clip")])
    def serve(clip):
        return {"probabilities": m(clip, training=False)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("p_face_embedding_unitnorm_argmin_match", "saved-model", "face-recognition embedder saved with tf.saved_model.save and two signatures, fixed float face [1,48,48,3]: Conv2D + BN + ReLU6 stem, DepthwiseConv2D / 1x1 conv blocks with ReLU6, GlobalAveragePooling2D, Dense(32), BatchNormalization, UnitNormalization -> serving_default embedding; identify: tf.math.l2_normalize of a constant gallery [6,32], cosine similarity matmul(transpose_b), euclidean tf.norm distances, argmin (int32), reduce_max similarity, tf.where(best > 0.4, id, tf.fill -1)")
def b_face(out):
    inp = keras.Input((48, 48, 3), batch_size=1)
    x = _conv_bn(inp, 16, 3, 2, "relu6")
    for f, s in ((24, 2), (32, 2), (32, 1)):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(x)))
        x = _conv_bn(x, f, 1, 1, "relu6")
    x = L.BatchNormalization()(L.Dense(32)(L.GlobalAveragePooling2D()(x)))
    m = _jitter_bn(keras.Model(inp, L.UnitNormalization()(x)))
    gallery = np.random.default_rng(1).normal(size=(6, 32)).astype("float32")
    spec = [tensor_spec([1, 48, 48, 3], name="face")]

    @tf.function(input_signature=spec)
    def embed(face):
        return {"embedding": m(face, training=False)}

    @tf.function(input_signature=spec)
    def identify(face):
        e = m(face, training=False)
        g = tf.math.l2_normalize(tf.constant(gallery), axis=1)
        sim = tf.matmul(e, g, transpose_b=True)
        dist = tf.norm(e[:, None, :] - g[None], axis=-1)
        best = tf.argmin(dist, axis=-1, output_type=tf.int32)
        best_sim = tf.reduce_max(sim, axis=-1)
        return {"similarity": sim, "distance": dist, "best_similarity": best_sim,
                "identity": tf.where(best_sim > 0.4, best, tf.fill(tf.shape(best), -1))}
    tf.saved_model.save(m, str(out), signatures={"serving_default": embed, "identify": identify})


@model("p_tta_flip_reverse_bgr_caffe_frozen", "frozen-pb", "Caffe-converted classifier with test-time augmentation in the graph, frozen with convert_variables_to_constants_v2, fixed float RGB [1,32,32,3] 0-255: image[..., ::-1] (RGB -> BGR, ellipsis + negative stride) minus BGR means, views = original, image[:, :, ::-1] horizontal flip, tf.reverse(axis=[1]) vertical flip and a center crop [:, 4:-4, 4:-4] resized back to 32x32, concat on the batch axis; Keras CNN (Conv2D + BN + ReLU + MaxPooling2D x2, GlobalAveragePooling2D, Dense(6)) on the 4 views, softmax, reduce_mean over views; outputs probabilities [1,6] and top class probs[0] argmax")
def b_tta(out):
    inp = keras.Input((32, 32, 3))
    x = L.MaxPooling2D()(_conv_bn(inp, 16))
    x = L.MaxPooling2D()(_conv_bn(x, 32))
    net = _jitter_bn(keras.Model(inp, L.Dense(6)(L.GlobalAveragePooling2D()(_conv_bn(x, 32)))))
    mean_bgr = np.array([104.0, 117.0, 123.0], "float32")

    def fn(image):
        x = (image[..., ::-1] - mean_bgr) / 58.0
        views = tf.concat([x, x[:, :, ::-1, :], tf.reverse(x, axis=[1]),
                           tf.image.resize(x[:, 4:-4, 4:-4, :], [32, 32])], axis=0)
        probs = tf.reduce_mean(tf.nn.softmax(net(views, training=False)), axis=0, keepdims=True)
        return tf.identity(probs, name="probabilities"), tf.identity(tf.argmax(probs[0]), name="top_class")
    freeze_function(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["p_tta_flip_reverse_bgr_caffe_frozen"] = ["probabilities", "top_class"]
FEEDS["p_tta_flip_reverse_bgr_caffe_frozen"] = lambda rng: {"image": rng.uniform(0, 255, (1, 32, 32, 3))}


@model("p_tf1_shufflenet_letterbox_split_unstack", "tf1-savedmodel", "TF1 SavedModelBuilder multi-head classifier on a 4:3 camera frame, placeholder float [1,24,32,3] in [0,1]: letterboxed to 32x32 with tf.pad(constant_values=114/255) (PadV2), tf.pad SYMMETRIC + VALID 3x3 stride-2 stem conv; inception-like module (1x1, explicit tf.pad + VALID 3x3, 5x5, max_pool 3x3 + 1x1, concat); ShuffleNet-v2 unit: tf.split(x, 2, axis=3), branch convs, concat, channel shuffle via reshape [1,H,W,2,16] + transpose + reshape; reduce_mean, fc 12, tf.split([4,4,4]) into two softmax heads and a box, tf.unstack / tf.stack of box corners with minimum / maximum")
def b_shufflenet_tf1(out):
    def build():
        img = tf.compat.v1.placeholder(tf.float32, [1, 24, 32, 3], name="image")
        x = tf.pad(img, [[0, 0], [4, 4], [0, 0], [0, 0]], constant_values=114.0 / 255.0)
        x = _v1_conv(tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="SYMMETRIC"), "stem", 3, 24, s=2,
                     padding="VALID")
        b1 = _v1_conv(x, "mixed/b1", 24, 8, k=1)
        b2 = _v1_conv(tf.pad(_v1_conv(x, "mixed/b2a", 24, 8, k=1), [[0, 0], [1, 1], [1, 1], [0, 0]]), "mixed/b2b",
                      8, 8, padding="VALID")
        b3 = _v1_conv(_v1_conv(x, "mixed/b3a", 24, 4, k=1), "mixed/b3b", 4, 8, k=5)
        b4 = _v1_conv(tf.nn.max_pool2d(x, 3, 1, "SAME"), "mixed/b4", 24, 8, k=1)
        x = tf.concat([b1, b2, b3, b4], axis=3)
        left, right = tf.split(x, 2, axis=3)
        right = _v1_conv(_v1_conv(right, "shuffle/pw1", 16, 16, k=1), "shuffle/pw2", 16, 16, k=1)
        x = tf.concat([left, right], axis=3)
        x = tf.reshape(tf.transpose(tf.reshape(x, [1, 16, 16, 2, 16]), [0, 1, 2, 4, 3]), [1, 16, 16, 32])
        fc = _v1_dense(tf.reduce_mean(x, axis=[1, 2]), "fc", 32, 12)
        head_a, head_b, box = tf.split(fc, [4, 4, 4], axis=1)
        y0, x0, y1, x1 = tf.unstack(tf.sigmoid(box), axis=1)
        box = tf.stack([tf.minimum(y0, y1), tf.minimum(x0, x1), tf.maximum(y0, y1), tf.maximum(x0, x1)], axis=1)
        return {"serving_default": ({"image": img}, {"category": tf.nn.softmax(head_a), "color": tf.nn.softmax(head_b),
                                                     "box": box})}
    tf1_saved_model(out, build)


# ================================================================================ dense prediction

@model("p_espcn_depth_to_space_superres_frozen", "frozen-pb", "ESPCN x2 super-resolution on the luma channel, frozen with convert_variables_to_constants_v2, fixed float [1,16,16,1] in [0,1]: Conv2D(32, 5, tanh), Conv2D(16, 3, tanh), Conv2D(4, 3), tf.nn.depth_to_space(2) residual added to a bilinear tf.image.resize of the input, clip_by_value(0, 1); output 'sr' [1,32,32,1]")
def b_espcn(out):
    inp = keras.Input((16, 16, 1), batch_size=1)
    x = L.Conv2D(16, 3, padding="same", activation="tanh")(L.Conv2D(32, 5, padding="same", activation="tanh")(inp))
    net = keras.Model(inp, L.Conv2D(4, 3, padding="same")(x))

    def fn(lr):
        res = tf.nn.depth_to_space(net(lr, training=False), 2)
        return tf.identity(tf.clip_by_value(tf.image.resize(lr, [32, 32]) + res, 0.0, 1.0), name="sr")
    freeze_function(fn, [tensor_spec([1, 16, 16, 1], name="lr")], out)


OUTPUTS["p_espcn_depth_to_space_superres_frozen"] = ["sr"]


@model("p_deeplab_aspp_dilated_align_corners", "keras-export", "DeepLabV3+-like segmenter, fixed float [1,64,64,3]: conv-BN-ReLU backbone to stride 8 with a dilation-2 conv, ASPP (1x1, 3x3 dilation 2, 3x3 dilation 4, image pooling GlobalAveragePooling2D(keepdims) + 1x1 conv upsampled by a custom layer calling tf.compat.v1.image.resize_bilinear(align_corners=True)), concat + 1x1, align_corners upsample to stride 4, concat with a 1x1-reduced low-level feature, 3x3 conv, Conv2D(4) logits, align_corners resize to 64x64, Softmax; model.export")
def b_deeplab(out):
    class ResizeAlignCorners(L.Layer):
        def __init__(self, size, **kw):
            super().__init__(**kw)
            self.size = size

        def call(self, x):
            return tf.compat.v1.image.resize_bilinear(x, self.size, align_corners=True)

    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    low = _conv_bn(_conv_bn(inp, 16, 3, 2), 24, 3, 2)
    x = _conv_bn(_conv_bn(low, 32, 3, 2), 32, 3, 1, dilation=2)
    pool = ResizeAlignCorners((8, 8))(_conv_bn(L.GlobalAveragePooling2D(keepdims=True)(x), 24, 1))
    x = L.Concatenate()([_conv_bn(x, 24, 1), _conv_bn(x, 24, 3, dilation=2), _conv_bn(x, 24, 3, dilation=4), pool])
    x = ResizeAlignCorners((16, 16))(_conv_bn(x, 24, 1))
    x = _conv_bn(L.Concatenate()([x, _conv_bn(low, 8, 1)]), 24, 3)
    x = ResizeAlignCorners((64, 64))(L.Conv2D(4, 1)(x))
    keras_export(_jitter_bn(keras.Model(inp, L.Softmax(name="probabilities")(x))), out, keep_fixed_batch=True)


@model("p_fcn_conv2d_transpose_half_pixel_nearest", "tf-module", "FCN-style segmenter served from a tf.Module, float [1,32,32,3]: three stride-2 Conv2D relu, Conv2DTranspose(4, stride 2) decoder with 1x1-conv skip Adds to 16x16, Conv2D(4) logits; tf.compat.v1.image.resize_nearest_neighbor(half_pixel_centers=True) to 32x32, softmax, argmax label_map int32, per-class area = reduce_mean of tf.one_hot(labels, 4) over H,W, and a 64x64 tf.image.resize(method='nearest') of the probabilities")
def b_fcn(out):
    inp = keras.Input((32, 32, 3), batch_size=1)
    e1 = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    e2 = L.Conv2D(24, 3, strides=2, padding="same", activation="relu")(e1)
    e3 = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(e2)
    d2 = L.Add()([L.Conv2DTranspose(24, 4, strides=2, padding="same")(e3), L.Conv2D(24, 1)(e2)])
    d1 = L.Add()([L.Conv2DTranspose(16, 4, strides=2, padding="same", activation="relu")(d2), L.Conv2D(16, 1)(e1)])
    net = keras.Model(inp, L.Conv2D(4, 1)(d1))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        up = tf.compat.v1.image.resize_nearest_neighbor(net(image, training=False), [32, 32], half_pixel_centers=True)
        probs = tf.nn.softmax(up)
        labels = tf.argmax(up, axis=-1, output_type=tf.int32)
        return {"label_map": labels, "class_area": tf.reduce_mean(tf.one_hot(labels, 4), axis=[1, 2]),
                "probabilities_2x": tf.image.resize(probs, [64, 64], method="nearest")}
    serve_module(out, {"model": net}, serving_default=serve)


@model("p_monodepth_elu_disparity_reciprocal", "keras-export", "Monodepth2-like depth estimator, fixed float [1,32,64,3]: stride-2 Conv2D + ELU encoder (3 levels), decoder of UpSampling2D(nearest) + Conv2D ELU with Concatenate skips, sigmoid disparity Conv2D(1); custom layer: scaled = min_disp + (max_disp - min_disp) * disp, depth = tf.math.reciprocal(scaled), tf.math.log(depth), disparity divided (tf.math.divide) by its reduce_mean; outputs dict disparity / depth / log_depth / normalized_disparity; model.export")
def b_monodepth(out):
    class DispToDepth(L.Layer):
        def call(self, disp):
            min_disp, max_disp = 1.0 / 80.0, 1.0 / 0.1
            scaled = min_disp + (max_disp - min_disp) * disp
            depth = tf.math.reciprocal(scaled)
            norm = tf.math.divide(disp, tf.reduce_mean(disp, axis=[1, 2, 3], keepdims=True) + 1e-7)
            return {"disparity": scaled, "depth": depth, "log_depth": tf.math.log(depth),
                    "normalized_disparity": norm}

    inp = keras.Input((32, 64, 3), batch_size=1, name="image")
    skips, x = [], inp
    for f in (16, 24, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="elu")(x)
        skips.append(x)
    for f, skip in zip((24, 16), reversed(skips[:-1])):
        x = L.Conv2D(f, 3, padding="same", activation="elu")(L.UpSampling2D()(x))
        x = L.Concatenate()([x, skip])
    x = L.Conv2D(8, 3, padding="same", activation="elu")(L.UpSampling2D()(x))
    disp = L.Conv2D(1, 3, padding="same", activation="sigmoid")(x)
    keras_export(keras.Model(inp, DispToDepth()(disp)), out, keep_fixed_batch=True)


@model("p_groupnorm_unet_timestep_denoiser", "keras-export", "DDPM-style tiny U-Net noise predictor, two fixed-batch inputs noisy float [1,16,16,3] and timestep int32 [1,1]: custom layer sinusoidal embedding (tf.exp of a tf.range frequency ramp, cast(t) * freqs, sin / cos concat), Dense + SiLU; residual blocks of GroupNormalization(4) + SiLU + Conv2D with the time embedding Dense-projected, reshaped and broadcast-added, 1x1 skips; stride-2 Conv2D down, UpSampling2D(bilinear) up with Concatenate skip; GroupNormalization + SiLU + Conv2D(3) -> predicted noise; model.export with a dict signature")
def b_ddpm(out):
    class TimestepEmbedding(L.Layer):
        def __init__(self, dim, **kw):
            super().__init__(**kw)
            self.dim = dim

        def call(self, t):
            half = self.dim // 2
            freqs = tf.exp(-math.log(10000.0) * tf.range(half, dtype=tf.float32) / half)
            args = tf.cast(t, tf.float32) * freqs[None, :]
            return tf.concat([tf.sin(args), tf.cos(args)], axis=-1)

    def resblock(x, f, temb):
        h = L.Conv2D(f, 3, padding="same")(L.Activation("silu")(L.GroupNormalization(4)(x)))
        h = h + L.Reshape((1, 1, f))(L.Dense(f)(temb))
        h = L.Conv2D(f, 3, padding="same")(L.Activation("silu")(L.GroupNormalization(4)(h)))
        return L.Add()([h, x if x.shape[-1] == f else L.Conv2D(f, 1)(x)])

    img = keras.Input((16, 16, 3), batch_size=1, name="noisy")
    t = keras.Input((1,), batch_size=1, dtype="int32", name="timestep")
    temb = L.Dense(32)(L.Dense(32, activation="silu")(TimestepEmbedding(16)(t)))
    h1 = resblock(L.Conv2D(16, 3, padding="same")(img), 16, temb)
    h2 = resblock(L.Conv2D(32, 3, strides=2, padding="same")(h1), 32, temb)
    u = L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(resblock(h2, 32, temb)), h1])
    u = resblock(u, 16, temb)
    eps = L.Conv2D(3, 3, padding="same", name="predicted_noise")(L.Activation("silu")(L.GroupNormalization(4)(u)))
    m = keras.Model({"noisy": img, "timestep": t}, eps)
    keras_export(m, out, sig=[{"noisy": tensor_spec([1, 16, 16, 3], name="noisy"),
                               "timestep": tensor_spec([1, 1], "int32", "timestep")}])


FEEDS["p_groupnorm_unet_timestep_denoiser"] = {"timestep": (0, 1000)}


@model("p_style_transfer_mirrorpad_instnorm_frozen", "frozen-pb", "fast style-transfer network frozen with convert_variables_to_constants_v2, fixed float [1,32,32,3] in 0-255: Rescaling(1/255), custom ReflectionPad layers (tf.pad mode REFLECT) before VALID convs, custom instance norm (tf.nn.moments over H,W keepdims, (x - mean) * tf.math.rsqrt(var + eps) * gamma + beta), 9x9 / stride-2 convs, two residual blocks, UpSampling2D(nearest) + conv decoder, 9x9 conv tanh, (y + 1) * 127.5 clip_by_value(0, 255); output 'stylized'")
def b_style(out):
    class ReflectionPad(L.Layer):
        def __init__(self, p, **kw):
            super().__init__(**kw)
            self.p = p

        def call(self, x):
            return tf.pad(x, [[0, 0], [self.p, self.p], [self.p, self.p], [0, 0]], mode="REFLECT")

    class InstanceNorm(L.Layer):
        def build(self, shape):
            self.gamma = self.add_weight(shape=(shape[-1],), initializer=keras.initializers.RandomUniform(0.8, 1.2))
            self.beta = self.add_weight(shape=(shape[-1],), initializer=keras.initializers.RandomNormal(0.0, 0.1))

        def call(self, x):
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return (x - mean) * tf.math.rsqrt(var + 1e-5) * self.gamma + self.beta

    def conv(x, f, k, s=1, relu=True):
        x = InstanceNorm()(L.Conv2D(f, k, strides=s)(ReflectionPad(k // 2)(x)))
        return L.ReLU()(x) if relu else x

    inp = keras.Input((32, 32, 3), batch_size=1)
    x = conv(conv(conv(L.Rescaling(1.0 / 255)(inp), 8, 9), 16, 3, 2), 32, 3, 2)
    for _ in range(2):
        x = L.Add()([x, conv(conv(x, 32, 3), 32, 3, relu=False)])
    x = conv(L.UpSampling2D()(conv(L.UpSampling2D()(x), 16, 3)), 8, 3)
    net = keras.Model(inp, L.Conv2D(3, 9, activation="tanh")(ReflectionPad(4)(x)))

    def fn(content):
        return tf.identity(tf.clip_by_value((net(content, training=False) + 1.0) * 127.5, 0.0, 255.0),
                           name="stylized")
    freeze_function(fn, [tensor_spec([1, 32, 32, 3], name="content")], out)


OUTPUTS["p_style_transfer_mirrorpad_instnorm_frozen"] = ["stylized"]
FEEDS["p_style_transfer_mirrorpad_instnorm_frozen"] = lambda rng: {"content": rng.uniform(0, 255, (1, 32, 32, 3))}


@model("p_tf1_atrous_seg_half_pixel_frozen", "frozen-pb", "TF1 DeepLab-style segmenter frozen with tf.compat.v1.graph_util.convert_variables_to_constants, placeholder float ImageTensor [1,64,64,3]: get_variable stride-2 convs to 16x16, parallel tf.nn.atrous_conv2d branches (rates 2 and 4, SpaceToBatchND / BatchToSpaceND), concat, 1x1 conv logits (3 classes), tf.compat.v1.image.resize_bilinear(half_pixel_centers=True) to 64x64, argmax 'SemanticPredictions' int64")
def b_tf1_atrous(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        img = v1.placeholder(tf.float32, [1, 64, 64, 3], name="ImageTensor")
        x = _v1_conv(_v1_conv(img, "conv1", 3, 16, s=2), "conv2", 16, 24, s=2)
        x = tf.concat([_v1_conv(x, "aspp1", 24, 24, rate=2), _v1_conv(x, "aspp2", 24, 24, rate=4),
                       _v1_conv(x, "aspp0", 24, 24, k=1)], axis=3)
        logits = _v1_conv(x, "logits", 72, 3, k=1, act=None)
        up = v1.image.resize_bilinear(logits, [64, 64], half_pixel_centers=True)
        tf.argmax(up, axis=3, name="SemanticPredictions")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["SemanticPredictions"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["p_tf1_atrous_seg_half_pixel_frozen"] = ["SemanticPredictions"]


# ================================================================================ detection / keypoints

@model("p_yolov2_reorg_space_to_depth_frozen", "frozen-pb", "YOLOv2-tiny-like detector frozen with convert_variables_to_constants_v2, fixed float [1,64,64,3]: Conv2D + BN + LeakyReLU(0.1) blocks with MaxPooling2D, passthrough 1x1 conv + tf.nn.space_to_depth(2) reorg concatenated with the 4x4 deep map, Conv2D(5 anchors x 8); decode: reshape [1,4,4,5,8], meshgrid cell offsets + sigmoid xy, exp(wh) * anchors, sigmoid objectness, softmax classes; outputs boxes [1,80,4] and scores [1,80,3]")
def b_yolov2(out):
    def cbl(x, f, k=3):
        return L.LeakyReLU(0.1)(L.BatchNormalization()(L.Conv2D(f, k, padding="same", use_bias=False)(x)))

    class Reorg(L.Layer):
        def call(self, x):
            return tf.nn.space_to_depth(x, 2)

    inp = keras.Input((64, 64, 3), batch_size=1)
    x = L.MaxPooling2D()(cbl(inp, 16))
    x = L.MaxPooling2D()(cbl(x, 32))
    route = L.MaxPooling2D()(cbl(cbl(cbl(x, 32), 16, 1), 32))
    x = cbl(cbl(cbl(L.MaxPooling2D()(route), 64), 32, 1), 64)
    x = cbl(L.Concatenate()([Reorg()(cbl(route, 8, 1)), x]), 64)
    net = _jitter_bn(keras.Model(inp, L.Conv2D(40, 1)(x)))
    anchors = np.array([[1.08, 1.19], [3.42, 4.41], [6.63, 11.38], [9.42, 5.11], [16.62, 10.52]], "float32") * 4 / 13

    def fn(image):
        raw = tf.reshape(net(image, training=False), [1, 4, 4, 5, 8])
        gy, gx = tf.meshgrid(tf.range(4.0), tf.range(4.0), indexing="ij")
        grid = tf.stack([gx, gy], axis=-1)[None, :, :, None, :]
        xy = (tf.sigmoid(raw[..., :2]) + grid) / 4.0
        wh = tf.exp(raw[..., 2:4]) * anchors / 4.0
        scores = tf.sigmoid(raw[..., 4:5]) * tf.nn.softmax(raw[..., 5:])
        boxes = tf.concat([xy - wh / 2, xy + wh / 2], axis=-1)
        return (tf.identity(tf.reshape(boxes, [1, 80, 4]), name="boxes"),
                tf.identity(tf.reshape(scores, [1, 80, 3]), name="scores"))
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["p_yolov2_reorg_space_to_depth_frozen"] = ["boxes", "scores"]


@model("p_yolov4_csp_mish_spp_frozen", "frozen-pb", "YOLOv4-tiny-like head frozen with convert_variables_to_constants_v2, fixed float [1,32,32,3]: Conv2D + BN + Activation('mish') backbone with a CSP block (two 1x1 branches, residual 1x1 / 3x3 pair, Concatenate, 1x1 transition), SPP neck (1x1 + LeakyReLU(0.1), MaxPooling2D 5 / 9 / 13 stride 1 same, Concatenate), Conv2D(3 x 7) head reshaped to 'output' [1,192,7]")
def b_yolov4(out):
    def cbm(x, f, k=3, s=1, act="mish"):
        x = L.BatchNormalization()(L.Conv2D(f, k, strides=s, padding="same", use_bias=False)(x))
        return L.LeakyReLU(0.1)(x) if act == "leaky" else L.Activation(act)(x)

    inp = keras.Input((32, 32, 3), batch_size=1)
    x = cbm(inp, 16, 3, 2)
    a, b = cbm(x, 16, 1), cbm(x, 16, 1)
    b = cbm(L.Add()([b, cbm(cbm(b, 16, 1), 16, 3)]), 16, 1)
    x = cbm(cbm(L.Concatenate()([b, a]), 32, 1), 32, 3, 2)
    x = cbm(x, 16, 1, act="leaky")
    x = L.Concatenate()([L.MaxPooling2D(k, 1, padding="same")(x) for k in (13, 9, 5)] + [x])
    x = cbm(cbm(x, 32, 1, act="leaky"), 32, 3, act="leaky")
    net = _jitter_bn(keras.Model(inp, L.Conv2D(21, 1)(x)))

    def fn(image):
        return tf.identity(tf.reshape(net(image, training=False), [1, 192, 7]), name="output")
    freeze_function(fn, [tensor_spec([1, 32, 32, 3], name="input_1")], out)


OUTPUTS["p_yolov4_csp_mish_spp_frozen"] = ["output"]


@model("p_yolov5_dynamic_batch_grid_tile_broadcast", "tf-module", "YOLOv5-style detector with a dynamic batch served from a tf.Module, float [None,64,64,3]: Keras conv-BN-SiLU backbone to 8x8, Conv2D(3 anchors x 7); decode with b = tf.shape(x)[0]: reshape [b,8,8,3,7], meshgrid of tf.range cast to float and tf.broadcast_to [b,8,8,3,2], anchors tf.tile'd to [b,8,8,3,2], xy = (sigmoid * 2 - 0.5 + grid) * 8, wh = (sigmoid * 2) ** 2 * anchors, reshape [b,-1,4]; scores obj * cls, reduce_max / argmax, labels tf.where(score > 0.25, cls, tf.fill -1), boxes tf.where with zeros_like, num_valid int32")
def b_yolov5(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (16, 24, 32):
        x = _conv_bn(x, f, 3, 2, "silu")
    net = _jitter_bn(keras.Model(inp, L.Conv2D(21, 1)(_conv_bn(x, 32, 3, 1, "silu"))))
    anchors = np.array([[10, 13], [16, 30], [33, 23]], "float32")

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def detect(images):
        raw = net(images, training=False)
        b = tf.shape(raw)[0]
        raw = tf.reshape(raw, tf.stack([b, 8, 8, 3, 7]))
        gy, gx = tf.meshgrid(tf.range(8), tf.range(8), indexing="ij")
        grid = tf.cast(tf.stack([gx, gy], axis=-1), tf.float32)[None, :, :, None, :]
        grid = tf.broadcast_to(grid, tf.stack([b, 8, 8, 3, 2]))
        anc = tf.tile(tf.constant(anchors)[None, None, None], tf.stack([b, 8, 8, 1, 1]))
        xy = (tf.sigmoid(raw[..., :2]) * 2.0 - 0.5 + grid) * 8.0
        wh = tf.pow(tf.sigmoid(raw[..., 2:4]) * 2.0, 2.0) * anc
        boxes = tf.reshape(tf.concat([xy - wh / 2, xy + wh / 2], axis=-1), [b, -1, 4])
        scores = tf.reshape(tf.sigmoid(raw[..., 4:5]) * tf.sigmoid(raw[..., 5:]), [b, -1, 2])
        best, cls = tf.reduce_max(scores, axis=-1), tf.argmax(scores, axis=-1, output_type=tf.int32)
        keep = best > 0.25
        labels = tf.where(keep, cls, tf.fill(tf.shape(cls), -1))
        return {"boxes": tf.where(keep[..., None], boxes, tf.zeros_like(boxes)), "scores": best, "labels": labels,
                "num_valid": tf.reduce_sum(tf.cast(keep, tf.int32), axis=1)}
    serve_module(out, {"model": net}, serving_default=detect)


@model("p_fcos_topk_gather_nd_decoder", "tf-module", "FCOS-like anchor-free detector served from a tf.Module, float [1,64,64,3]: Keras conv-BN backbone to 8x8, shared tower, class Conv2D(3, prior bias), ltrb Conv2D(4), centerness Conv2D(1); decode: sqrt(sigmoid(cls) * sigmoid(ctr)), reshape [1,192], tf.math.top_k(10), int32 floordiv / floormod into pixel and class, tf.gather_nd of exp(ltrb) * 8 with tf.stack([zeros_like, pix]) indices, boxes from cell centers, clip_by_value, keep = logical_and(score > 0.05, height > 0), tf.where-masked boxes and scores, num_detections reduce_sum, has_detection reduce_any (bool)")
def b_fcos(out):
    inp = keras.Input((64, 64, 3), batch_size=1)
    x = inp
    for f in (16, 24, 32):
        x = _conv_bn(x, f, 3, 2)
    t = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    cls = L.Conv2D(3, 3, padding="same", bias_initializer=keras.initializers.Constant(-4.6))(t)
    net = _jitter_bn(keras.Model(inp, [cls, L.Conv2D(4, 3, padding="same")(t), L.Conv2D(1, 3, padding="same")(t)]))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def detect(image):
        cls, reg, ctr = net(image, training=False)
        scores = tf.sqrt(tf.sigmoid(cls) * tf.sigmoid(ctr))
        top = tf.math.top_k(tf.reshape(scores, [1, 192]), k=10)
        pix, label = tf.math.floordiv(top.indices, 3), tf.math.floormod(top.indices, 3)
        ltrb = tf.reshape(tf.exp(reg) * 8.0, [1, 64, 4])
        d = tf.gather_nd(ltrb, tf.stack([tf.zeros_like(pix), pix], axis=-1))
        cy, cx = tf.cast(pix // 8, tf.float32) * 8.0 + 4.0, tf.cast(pix % 8, tf.float32) * 8.0 + 4.0
        boxes = tf.clip_by_value(tf.stack([cy - d[..., 1], cx - d[..., 0], cy + d[..., 3], cx + d[..., 2]], -1) / 64.0,
                                 0.0, 1.0)
        keep = tf.logical_and(top.values > 0.05, boxes[..., 2] - boxes[..., 0] > 0.0)
        return {"boxes": tf.where(keep[..., None], boxes, 0.0), "scores": top.values * tf.cast(keep, tf.float32),
                "classes": label, "num_detections": tf.reduce_sum(tf.cast(keep, tf.int32), axis=-1),
                "has_detection": tf.reduce_any(keep, axis=-1)}
    serve_module(out, {"model": net}, serving_default=detect)


@model("p_roi_crop_and_resize_second_stage", "tf-module", "two-stage detector second stage served from a tf.Module, inputs image float [1,64,64,3], boxes float [8,4] (normalized proposals) and box_indices int32 [8]: Keras conv-BN backbone to a 16x16x32 map, tf.image.crop_and_resize to [8,7,7,32], Keras head (Conv2D 3x3 valid relu, MaxPooling2D, Flatten, Dense(64), class Dense(4), per-class box deltas Dense(16)); softmax, argmax int32, tf.gather(batch_dims=1) of the chosen class deltas, refined boxes clipped")
def b_roi(out):
    fin = keras.Input((64, 64, 3), batch_size=1)
    backbone = _jitter_bn(keras.Model(fin, _conv_bn(_conv_bn(fin, 16, 3, 2), 32, 3, 2)))
    rin = keras.Input((7, 7, 32))
    h = L.Dense(64, activation="relu")(L.Flatten()(L.MaxPooling2D()(L.Conv2D(32, 3, activation="relu")(rin))))
    head = keras.Model(rin, [L.Dense(4)(h), L.Dense(16)(h)])

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image"), tensor_spec([8, 4], name="boxes"),
                                  tensor_spec([8], "int32", "box_indices")])
    def second_stage(image, boxes, box_indices):
        crops = tf.image.crop_and_resize(backbone(image, training=False), boxes, box_indices, [7, 7])
        logits, deltas = head(crops, training=False)
        cls = tf.argmax(logits, axis=-1, output_type=tf.int32)
        sel = tf.gather(tf.reshape(deltas, [8, 4, 4]), cls, batch_dims=1)
        return {"class_probs": tf.nn.softmax(logits), "classes": cls,
                "refined_boxes": tf.clip_by_value(boxes + 0.1 * sel, 0.0, 1.0)}
    serve_module(out, {"backbone": backbone, "head": head}, serving_default=second_stage)


FEEDS["p_roi_crop_and_resize_second_stage"] = lambda rng: {"boxes": _boxes(rng, (8,)),
                                                           "box_indices": np.zeros(8, "int32")}


@model("p_pose_heatmap_argmax_coords_frozen", "frozen-pb", "single-person pose estimator frozen with convert_variables_to_constants_v2, fixed float [1,64,64,3]: conv-BN-ReLU encoder to 8x8, UpSampling2D(bilinear) + Concatenate skip + conv to 16x16, Conv2D(5) heatmaps; decode: transpose [0,3,1,2], reshape [1,5,256], argmax int64, reduce_max + sigmoid confidence, int64 floordiv / floormod to row / col, stack, cast, * 4 + 2, tf.where(conf > 0.3, coords, -1); outputs keypoints [1,5,2], scores [1,5], peak_index int64")
def b_pose(out):
    inp = keras.Input((64, 64, 3), batch_size=1)
    s16 = _conv_bn(_conv_bn(inp, 16, 3, 2), 32, 3, 2)
    x = _conv_bn(_conv_bn(s16, 32, 3, 2), 32)
    x = _conv_bn(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(x), s16]), 32)
    net = _jitter_bn(keras.Model(inp, L.Conv2D(5, 1)(x)))

    def fn(image):
        flat = tf.reshape(tf.transpose(net(image, training=False), [0, 3, 1, 2]), [1, 5, 256])
        idx = tf.argmax(flat, axis=-1)
        conf = tf.sigmoid(tf.reduce_max(flat, axis=-1))
        coords = tf.cast(tf.stack([idx % 16, idx // 16], axis=-1), tf.float32) * 4.0 + 2.0
        return {"keypoints": tf.where(conf[..., None] > 0.3, coords, -1.0), "scores": conf, "peak_index": idx}
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


# ================================================================================ audio / sensor / time series

@model("p_pcen_learned_pow_kws_frozen", "frozen-pb", "keyword spotter with a trainable PCEN front end (custom layer), frozen with convert_variables_to_constants_v2, fixed float mel energies [1,64,40]: smoother M = tf.nn.avg_pool1d(E, 9, stride 1, SAME), per-channel alpha / delta / r = tf.exp of learned logs, tf.pow(E / tf.pow(eps + M, alpha) + delta, r) - tf.pow(delta, r) (per-channel tensor exponents); Conv1D(32, 3) relu + MaxPooling1D(2) x2, GlobalMaxPooling1D, Dense(6, softmax)")
def b_pcen(out):
    class PCEN(L.Layer):
        def build(self, shape):
            c = (shape[-1],)
            u = keras.initializers.RandomUniform
            self.log_alpha = self.add_weight(shape=c, initializer=u(math.log(0.9), math.log(0.99)), name="log_alpha")
            self.log_delta = self.add_weight(shape=c, initializer=u(math.log(1.5), math.log(2.5)), name="log_delta")
            self.log_r = self.add_weight(shape=c, initializer=u(math.log(0.4), math.log(0.6)), name="log_r")

        def call(self, e):
            m = tf.nn.avg_pool1d(e, 9, 1, "SAME")
            alpha, delta, r = tf.exp(self.log_alpha), tf.exp(self.log_delta), tf.exp(self.log_r)
            return tf.pow(e / tf.pow(1e-6 + m, alpha) + delta, r) - tf.pow(delta, r)

    inp = keras.Input((64, 40), batch_size=1)
    x = PCEN()(inp)
    for f in (32, 32):
        x = L.MaxPooling1D(2)(L.Conv1D(f, 3, padding="same", activation="relu")(x))
    m = keras.Model(inp, L.Dense(6, activation="softmax")(L.GlobalMaxPooling1D()(x)))
    freeze_keras(m, tensor_spec([1, 64, 40], name="mel_energies"), out)


FEEDS["p_pcen_learned_pow_kws_frozen"] = lambda rng: {"mel_energies": rng.gamma(2.0, 5.0, (1, 64, 40))}


@model("p_speech_enhance_pow_compression_mask", "tf-module", "speech-enhancement mask net served from a tf.Module, noisy magnitude spectrogram float [1,32,129]: tf.pow(mag + 1e-8, 0.3) power-law compression, Keras Dense(64, relu) on rank-3 + LSTM(32, return_sequences) + Dense(129, sigmoid) mask, tf.maximum(mask, 0.05) floor, tf.pow(compressed * mask, 1/0.3), tf.math.square power, 10 * log(tf.maximum(power, 1e-10)) / ln 10 dB; outputs enhanced_magnitude, mask, enhanced_db")
def b_enhance(out):
    inp = keras.Input((32, 129), batch_size=1)
    x = L.LSTM(32, return_sequences=True)(L.Dense(64, activation="relu")(inp))
    net = keras.Model(inp, L.Dense(129, activation="sigmoid")(x))

    @tf.function(input_signature=[tensor_spec([1, 32, 129], name="noisy_magnitude")])
    def serve(noisy_magnitude):
        comp = tf.pow(noisy_magnitude + 1e-8, 0.3)
        mask = tf.maximum(net(comp, training=False), 0.05)
        enhanced = tf.pow(comp * mask, 1.0 / 0.3)
        db = 10.0 * tf.math.log(tf.maximum(tf.math.square(enhanced), 1e-10)) / math.log(10.0)
        return {"enhanced_magnitude": enhanced, "mask": mask, "enhanced_db": db}
    serve_module(out, {"model": net}, serving_default=serve)


@model("p_imu_window_stats_features_mlp", "tf-module", "human-activity classifier on hand-crafted window statistics served from a tf.Module, IMU window float [1,128,6]: reduce_mean, std = sqrt(reduce_mean(squared_difference(x, mean))), rms = sqrt(mean(square)), reduce_max / reduce_min / range, mean abs, zero-crossing rate (x[1:] * x[:-1] < 0 cast to float), acceleration magnitude sqrt(reduce_sum(square(x[..., :3]))) and mean jerk (abs of diff); standardized with constant statistics via rsqrt; Keras Dense 32 / 16 relu + Dense(6); outputs probabilities and activity int32")
def b_imu_stats(out):
    net = keras.Sequential([keras.Input((50,)), L.Dense(32, activation="relu"), L.Dense(16, activation="relu"),
                            L.Dense(6)])
    rng = np.random.default_rng(2)
    mu, var = rng.normal(0.0, 0.5, 50).astype("float32"), rng.uniform(0.5, 2.0, 50).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 128, 6], name="imu")])
    def serve(imu):
        mean = tf.reduce_mean(imu, axis=1)
        std = tf.sqrt(tf.reduce_mean(tf.math.squared_difference(imu, mean[:, None, :]), axis=1))
        rms = tf.sqrt(tf.reduce_mean(tf.square(imu), axis=1))
        mx, mn = tf.reduce_max(imu, axis=1), tf.reduce_min(imu, axis=1)
        zcr = tf.reduce_mean(tf.cast(imu[:, 1:] * imu[:, :-1] < 0.0, tf.float32), axis=1)
        mag = tf.sqrt(tf.reduce_sum(tf.square(imu[..., :3]), axis=-1))
        jerk = tf.reduce_mean(tf.abs(mag[:, 1:] - mag[:, :-1]), axis=-1, keepdims=True)
        feats = tf.concat([mean, std, rms, mx, mn, mx - mn, tf.reduce_mean(tf.abs(imu), axis=1), zcr,
                           tf.reduce_mean(mag, axis=-1, keepdims=True), jerk], axis=-1)
        logits = net((feats - mu) * tf.math.rsqrt(var + 1e-6), training=False)
        return {"probabilities": tf.nn.softmax(logits), "activity": tf.argmax(logits, axis=-1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["p_imu_window_stats_features_mlp"] = lambda rng: {"imu": rng.normal(0.0, 1.0, (1, 128, 6))}


@model("p_ecg_conv1d_hard_sigmoid_glu_frozen", "frozen-pb", "ECG beat classifier frozen with convert_variables_to_constants_v2, fixed float [1,256,1]: Conv1D(16, 7) relu + MaxPooling1D(2), gated conv Conv1D(32, 5) * Activation('hard_sigmoid')(Conv1D(32, 5)) (Multiply), AveragePooling1D(2), dilated Conv1D(32, 3, dilation 2) + BatchNormalization + ReLU, GlobalAveragePooling1D, Dense(4), Activation('log_softmax')")
def b_ecg(out):
    inp = keras.Input((256, 1), batch_size=1)
    x = L.MaxPooling1D(2)(L.Conv1D(16, 7, padding="same", activation="relu")(inp))
    gate = L.Activation("hard_sigmoid")(L.Conv1D(32, 5, padding="same")(x))
    x = L.AveragePooling1D(2)(L.Multiply()([L.Conv1D(32, 5, padding="same")(x), gate]))
    x = L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 3, padding="same", dilation_rate=2)(x)))
    m = keras.Model(inp, L.Activation("log_softmax")(L.Dense(4)(L.GlobalAveragePooling1D()(x))))
    freeze_keras(_jitter_bn(m), tensor_spec([1, 256, 1], name="ecg"), out)


@model("p_tcn_causal_dilated_conv1d_frozen", "frozen-pb", "temporal convolutional network forecaster frozen with convert_variables_to_constants_v2, fixed float [1,64,4]: four residual blocks of two Conv1D(16, 3, padding='causal', dilation 1 / 2 / 4 / 8) relu with Dropout, 1x1 Conv1D residual projection, Add + ReLU; last time step x[:, -1, :], Dense(1)")
def b_tcn(out):
    inp = keras.Input((64, 4), batch_size=1)
    x = inp
    for d in (1, 2, 4, 8):
        h = L.Dropout(0.1)(L.Conv1D(16, 3, padding="causal", dilation_rate=d, activation="relu")(x))
        h = L.Conv1D(16, 3, padding="causal", dilation_rate=d, activation="relu")(h)
        x = L.ReLU()(L.Add()([h, x if x.shape[-1] == 16 else L.Conv1D(16, 1)(x)]))
    freeze_keras(keras.Model(inp, L.Dense(1)(x[:, -1, :])), tensor_spec([1, 64, 4], name="series"), out)


@model("p_kws_lstm_unrolled_bigru", "keras-export", "keyword spotter on MFCC frames, fixed float [1,49,10] kept by the export signature: LSTM(32, unroll=True, return_sequences=True), Bidirectional(GRU(16, unroll=True)), Dense(12, softmax); model.export")
def b_kws_rnn(out):
    inp = keras.Input((49, 10), batch_size=1, name="mfcc")
    x = L.Bidirectional(L.GRU(16, unroll=True))(L.LSTM(32, unroll=True, return_sequences=True)(inp))
    keras_export(keras.Model(inp, L.Dense(12, activation="softmax", name="probabilities")(x)), out,
                 keep_fixed_batch=True)


@model("p_masking_bigru_padded_sequence_frozen", "frozen-pb", "zero-padded sensor-sequence classifier frozen with convert_variables_to_constants_v2 (loops lowered), fixed float [1,20,8]: Masking(0.0), Bidirectional(GRU(16)) consuming the mask, Dense(3, softmax)")
def b_mask_bigru(out):
    m = keras.Sequential([keras.Input((20, 8), batch_size=1), L.Masking(0.0), L.Bidirectional(L.GRU(16)),
                          L.Dense(3, activation="softmax")])
    freeze_keras(m, tensor_spec([1, 20, 8], name="sequence"), out)


OUTPUTS["p_masking_bigru_padded_sequence_frozen"] = ["Identity"]
FEEDS["p_masking_bigru_padded_sequence_frozen"] = lambda rng: {
    "sequence": np.concatenate([rng.normal(size=(1, 14, 8)), np.zeros((1, 6, 8))], axis=1)}


@model("p_simplernn_conv1d_forecaster", "saved-model", "multi-step load forecaster saved with tf.saved_model.save(model, signatures=...), fixed float [1,48,3]: Conv1D(16, 3, causal, relu), SimpleRNN(32, return_sequences), SimpleRNN(16), Dense(12), Reshape [12,1]; output forecast")
def b_simplernn(out):
    inp = keras.Input((48, 3), batch_size=1)
    x = L.SimpleRNN(32, return_sequences=True)(L.Conv1D(16, 3, padding="causal", activation="relu")(inp))
    m = keras.Model(inp, L.Reshape((12, 1))(L.Dense(12)(L.SimpleRNN(16)(x))))

    @tf.function(input_signature=[tensor_spec([1, 48, 3], name="history")])
    def serve(history):
        return {"forecast": m(history, training=False)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("p_conv1d_autoencoder_abs_neg_exp_score", "saved-model", "vibration anomaly detector saved with tf.saved_model.save(model, signatures=...), fixed float window [1,64,4]: Conv1D stride-2 encoder (16, 8), Conv1DTranspose stride-2 decoder, Conv1D(4) reconstruction; abs error, MAE reduce_mean over [1,2], score = 1 - exp(tf.negative(mae) / 0.1), per-channel error, worst_step argmax of reduce_max (int64), is_anomaly = score > 0.5 (bool)")
def b_ae(out):
    inp = keras.Input((64, 4), batch_size=1)
    x = L.Conv1D(8, 7, strides=2, padding="same", activation="relu")(
        L.Conv1D(16, 7, strides=2, padding="same", activation="relu")(inp))
    x = L.Conv1DTranspose(16, 7, strides=2, padding="same", activation="relu")(
        L.Conv1DTranspose(8, 7, strides=2, padding="same", activation="relu")(x))
    m = keras.Model(inp, L.Conv1D(4, 7, padding="same")(x))

    @tf.function(input_signature=[tensor_spec([1, 64, 4], name="window")])
    def score(window):
        recon = m(window, training=False)
        err = tf.abs(window - recon)
        mae = tf.reduce_mean(err, axis=[1, 2])
        s = 1.0 - tf.exp(tf.negative(mae) / 0.1)
        return {"reconstruction": recon, "anomaly_score": s, "is_anomaly": s > 0.5,
                "channel_error": tf.reduce_mean(err, axis=1), "worst_step": tf.argmax(tf.reduce_max(err, -1), -1)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": score})


@model("p_tf1_sensor_quality_gate_reduce_any_all", "tf1-savedmodel", "TF1 SavedModelBuilder sensor-fusion regressor with a quality gate, placeholders readings float [1,32,8] and valid bool [1,32,8]: logical_and(valid, is_finite), tf.where clean readings, reduce_any(abs > 0.95) saturation, reduce_all over time, logical_not / tf.math.logical_xor flags, reliability reduce_prod(where(usable, 1, 0.5)), reduce_min; per-step dense via tf.tensordot and rank-3 x rank-2 tf.matmul, tanh / relu, reduce_mean pooling, fc 2; prediction gated by reduce_all(usable, keepdims) with tf.where")
def b_tf1_gate(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 32, 8], name="readings")
        valid = v1.placeholder(tf.bool, [1, 32, 8], name="valid")
        ok = tf.logical_and(valid, tf.math.is_finite(x))
        clean = tf.where(ok, x, tf.zeros_like(x))
        saturated = tf.reduce_any(tf.abs(clean) > 0.95, axis=1)
        all_ok = tf.reduce_all(ok, axis=1)
        usable = tf.logical_and(all_ok, tf.logical_not(saturated))
        repaired = tf.math.logical_xor(all_ok, tf.reduce_all(valid, axis=1))
        reliability = tf.reduce_prod(tf.where(usable, 1.0, 0.5), axis=-1)
        w1 = v1.get_variable("step_dense/kernel", [8, 16], initializer=v1.glorot_uniform_initializer())
        b1 = v1.get_variable("step_dense/bias", [16], initializer=v1.zeros_initializer())
        h = tf.tanh(tf.tensordot(clean, w1, [[2], [0]]) + b1)
        w2 = v1.get_variable("step_dense2/kernel", [16, 16], initializer=v1.glorot_uniform_initializer())
        h = tf.nn.relu(tf.matmul(h, w2))
        pred = _v1_dense(tf.reduce_mean(h, axis=1), "out", 16, 2)
        gated = tf.where(tf.reduce_all(usable, axis=-1, keepdims=True), pred, tf.zeros_like(pred))
        return {"serving_default": ({"readings": x, "valid": valid}, {
            "prediction": gated, "reliability": reliability, "usable": usable, "repaired": repaired,
            "min_reading": tf.reduce_min(clean, axis=1)})}
    tf1_saved_model(out, build)


FEEDS["p_tf1_sensor_quality_gate_reduce_any_all"] = lambda rng: {"valid": rng.random((1, 32, 8)) > 0.02}


# ================================================================================ text / attention / recsys

@model("p_sinusoidal_posenc_transformer_padding_mask", "keras-export", "transformer text classifier with a dynamic batch, token ids int32 [None,32]: Embedding(500, 32), custom layer adding sinusoidal positional encodings computed in the graph (tf.range positions / tf.pow(10000, 2i / d) tensor exponent, sin / cos concat, x * sqrt(d)), padding mask tf.not_equal(ids, 0) tiled to [B,T,T] as MultiHeadAttention(4, 8) attention_mask, Add + LayerNormalization, FFN Dense 64 relu / 32, Add + LayerNormalization, custom masked mean (cast mask, reduce_sum / maximum(count, 1)), Dense(3, softmax); model.export")
def b_posenc(out):
    class SinePositionalEncoding(L.Layer):
        def call(self, x):
            d = x.shape[-1]
            pos = tf.cast(tf.range(tf.shape(x)[1]), tf.float32)[:, None]
            i = tf.cast(tf.range(d // 2), tf.float32)[None, :]
            angle = pos / tf.pow(10000.0, 2.0 * i / d)
            return x * math.sqrt(d) + tf.concat([tf.sin(angle), tf.cos(angle)], axis=-1)[None]

    class PaddingMask(L.Layer):
        def call(self, ids):
            keep = tf.not_equal(ids, 0)
            return tf.tile(keep[:, None, :], [1, tf.shape(ids)[1], 1])

    class MaskedMean(L.Layer):
        def call(self, x, ids):
            w = tf.cast(tf.not_equal(ids, 0), x.dtype)[..., None]
            return tf.reduce_sum(x * w, axis=1) / tf.maximum(tf.reduce_sum(w, axis=1), 1.0)

    ids = keras.Input((32,), dtype="int32", name="token_ids")
    x = SinePositionalEncoding()(L.Embedding(500, 32)(ids))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(4, 8)(x, x, attention_mask=PaddingMask()(ids))]))
    x = L.LayerNormalization()(L.Add()([x, L.Dense(32)(L.Dense(64, activation="relu")(x))]))
    keras_export(keras.Model(ids, L.Dense(3, activation="softmax", name="probabilities")(MaskedMean()(x, ids))), out)


FEEDS["p_sinusoidal_posenc_transformer_padding_mask"] = lambda rng: {"token_ids": _padded_ids(rng, (2, 32), 500, 8)}


@model("p_transformer_mask_zero_learned_positions", "keras-export", "transformer encoder classifier with a dynamic batch, token ids int32 [None,32]: custom token + learned position embedding layer (Embedding(800, 32, mask_zero=True) + Embedding(32, 32) of tf.range, compute_mask keras.ops.not_equal 0) whose Keras mask reaches MultiHeadAttention(2, 16), Add / LayerNormalization, FFN Dense(64) + Activation(gelu approximate) + Dense(32), GlobalAveragePooling1D (masked), Dropout, Dense(4); model.export")
def b_mask_zero(out):
    class TokenAndPosition(L.Layer):
        def __init__(self, vocab, maxlen, d, **kw):
            super().__init__(**kw)
            self.tok, self.pos = L.Embedding(vocab, d, mask_zero=True), L.Embedding(maxlen, d)

        def call(self, ids):
            return self.tok(ids) + self.pos(tf.range(tf.shape(ids)[-1]))

        def compute_mask(self, ids, mask=None):
            return keras.ops.not_equal(ids, 0)

    ids = keras.Input((32,), dtype="int32", name="input_ids")
    x = TokenAndPosition(800, 32, 32)(ids)
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 16)(x, x)]))
    h = L.Dense(32)(L.Activation(lambda t: keras.activations.gelu(t, approximate=True))(L.Dense(64)(x)))
    x = L.LayerNormalization()(L.Add()([x, h]))
    x = L.Dropout(0.1)(L.GlobalAveragePooling1D()(x))
    keras_export(keras.Model(ids, L.Dense(4, name="logits")(x)), out)


FEEDS["p_transformer_mask_zero_learned_positions"] = lambda rng: {"input_ids": _padded_ids(rng, (2, 32), 800, 10)}


@model("p_sentence_encoder_bool_mask_masked_pool", "keras-export", "sentence encoder with two fixed-batch inputs input_ids int32 [1,24] and attention_mask bool [1,24]: Embedding(1000, 32), custom layer building a [1,24,24] bool mask with logical_and for MultiHeadAttention(2, 16), Add + LayerNormalization, custom pooling (masked mean with cast mask and reduce_sum / maximum, masked max with tf.where(mask, x, -1e9) reduce_max, concat), Dense(32, tanh); outputs sentence_embedding (tf.math.l2_normalize) and logits Dense(2); model.export with a dict signature")
def b_sent_enc(out):
    class PairMask(L.Layer):
        def call(self, valid):
            return tf.logical_and(valid[:, :, None], valid[:, None, :])

    class MaskedPool(L.Layer):
        def call(self, x, valid):
            w = tf.cast(valid, x.dtype)[..., None]
            mean = tf.reduce_sum(x * w, axis=1) / tf.maximum(tf.reduce_sum(w, axis=1), 1.0)
            mx = tf.reduce_max(tf.where(valid[..., None], x, -1e9), axis=1)
            return tf.concat([mean, mx], axis=-1)

    class L2Normalize(L.Layer):
        def call(self, x):
            return tf.math.l2_normalize(x, axis=-1)

    ids = keras.Input((24,), batch_size=1, dtype="int32", name="input_ids")
    valid = keras.Input((24,), batch_size=1, dtype="bool", name="attention_mask")
    x = L.Embedding(1000, 32)(ids)
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 16)(x, x, attention_mask=PairMask()(valid))]))
    emb = L.Dense(32, activation="tanh")(MaskedPool()(x, valid))
    m = keras.Model({"input_ids": ids, "attention_mask": valid},
                    {"sentence_embedding": L2Normalize()(emb), "logits": L.Dense(2)(emb)})
    keras_export(m, out, sig=[{"input_ids": tensor_spec([1, 24], "int32", "input_ids"),
                               "attention_mask": tensor_spec([1, 24], "bool", "attention_mask")}])


FEEDS["p_sentence_encoder_bool_mask_masked_pool"] = lambda rng: {"input_ids": rng.integers(1, 1000, (1, 24)),
                                                                 "attention_mask": np.arange(24)[None] < 16}


@model("p_hand_attention_bmm_rank4_band_part_frozen", "frozen-pb", "causal self-attention sequence classifier written with raw tf.Variables and frozen with convert_variables_to_constants_v2, fixed float frames [1,16,32]: rank-3 x rank-2 tf.matmul q / k / v projections, reshape [1,16,4,8] + transpose to heads, tf.matmul(q, k, transpose_b=True) rank-4 BatchMatMul scaled by 1/sqrt(8), tf.linalg.band_part causal mask via tf.where(-1e9), softmax, rank-4 matmul with v, tf.einsum('bhtd,hde->bte') output projection, residual + hand-written layer norm (reduce_mean, variance, rsqrt), attention pooling softmax weights and tf.matmul(w, h, transpose_a=True), Dense logits; output 'probs' softmax [1,5]")
def b_hand_attn(out):
    rng = np.random.default_rng(3)
    wq, wk, wv = (_var(rng, [32, 32]) for _ in range(3))
    wo = tf.Variable(rng.normal(0.0, 0.1, [4, 8, 32]).astype("float32"))
    gamma, beta = tf.Variable(np.ones([32], "float32")), tf.Variable(np.zeros([32], "float32"))
    wp, wc, bc = _var(rng, [32, 1]), _var(rng, [32, 5]), tf.Variable(np.zeros([5], "float32"))

    def heads(t):
        return tf.transpose(tf.reshape(t, [1, 16, 4, 8]), [0, 2, 1, 3])

    def fn(frames):
        q, k, v = heads(tf.matmul(frames, wq)), heads(tf.matmul(frames, wk)), heads(tf.matmul(frames, wv))
        s = tf.matmul(q, k, transpose_b=True) * (1.0 / math.sqrt(8.0))
        causal = tf.linalg.band_part(tf.ones([16, 16]), -1, 0)
        p = tf.nn.softmax(tf.where(causal > 0.0, s, -1e9))
        h = frames + tf.einsum("bhtd,hde->bte", tf.matmul(p, v), wo)
        mean = tf.reduce_mean(h, axis=-1, keepdims=True)
        var = tf.reduce_mean(tf.square(h - mean), axis=-1, keepdims=True)
        h = (h - mean) * tf.math.rsqrt(var + 1e-5) * gamma + beta
        w = tf.nn.softmax(tf.matmul(h, wp), axis=1)
        pooled = tf.squeeze(tf.matmul(w, h, transpose_a=True), axis=1)
        return tf.nn.softmax(tf.matmul(pooled, wc) + bc, name="probs")
    freeze_function(fn, [tensor_spec([1, 16, 32], name="frames")], out)


OUTPUTS["p_hand_attention_bmm_rank4_band_part_frozen"] = ["probs"]


@model("p_tiny_gpt_weight_tied_linalg", "saved-model", "tiny GPT language model, subclassed keras.Model saved with tf.saved_model.save and a training=False signature, token ids int32 [1,16]: Embedding(256, 32) + learned positions of tf.range, LayerNormalization, fused Dense(96) qkv tf.split, tf.einsum('bqd,bkd->bqk') scores, tf.linalg.band_part causal mask added as (1 - mask) * -1e9, softmax, tf.linalg.matmul with v, Dense projection residual, GELU MLP residual, final LayerNormalization, weight-tied logits tf.linalg.matmul(h, embeddings, transpose_b=True); outputs logits [1,16,256], next-token log_softmax, next_token int32 argmax")
def b_gpt(out):
    class TinyGPT(keras.Model):
        def __init__(self, vocab=256, d=32, t=16):
            super().__init__()
            self.d = d
            self.tok, self.pos = L.Embedding(vocab, d), L.Embedding(t, d)
            self.ln1, self.ln2, self.lnf = L.LayerNormalization(), L.LayerNormalization(), L.LayerNormalization()
            self.qkv, self.proj = L.Dense(3 * d), L.Dense(d)
            self.fc1, self.fc2 = L.Dense(4 * d, activation="gelu"), L.Dense(d)

        def call(self, ids):
            t = ids.shape[1]
            h = self.tok(ids) + self.pos(tf.range(t))[None]
            q, k, v = tf.split(self.qkv(self.ln1(h)), 3, axis=-1)
            att = tf.einsum("bqd,bkd->bqk", q, k) / math.sqrt(self.d)
            mask = tf.linalg.band_part(tf.ones([t, t]), -1, 0)
            att = tf.nn.softmax(att + (1.0 - mask) * -1e9)
            h = h + self.proj(tf.linalg.matmul(att, v))
            h = h + self.fc2(self.fc1(self.ln2(h)))
            return tf.linalg.matmul(self.lnf(h), tf.convert_to_tensor(self.tok.embeddings), transpose_b=True)

    m = TinyGPT()
    m(np.zeros((1, 16), "int32"))

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "input_ids")])
    def serve(input_ids):
        logits = m(input_ids, training=False)
        last = logits[:, -1, :]
        return {"logits": logits, "next_token_log_probs": tf.nn.log_softmax(last),
                "next_token": tf.argmax(last, axis=-1, output_type=tf.int32)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


FEEDS["p_tiny_gpt_weight_tied_linalg"] = {"input_ids": (0, 256)}


@model("p_tf1_kim_textcnn_embedding_lookup", "tf1-savedmodel", "TF1 Kim-style text CNN (the classic cnn-text-classification graph) in a SavedModelBuilder export, placeholder input_x int32 [1,40]: embedding W [2000,32] tf.nn.embedding_lookup, expand_dims, conv2d filter sizes 3 / 4 / 5 (16 each, VALID) + relu + max_pool over time, concat, reshape [-1,48], tf.nn.dropout driven by a placeholder_with_default keep prob 1.0, xw_plus_b scores, softmax and argmax predictions (int64)")
def b_kim(out):
    def build():
        v1 = tf.compat.v1
        ids = v1.placeholder(tf.int32, [1, 40], name="input_x")
        keep = v1.placeholder_with_default(1.0, [], name="dropout_keep_prob")
        emb_w = v1.get_variable("embedding/W", [2000, 32], initializer=v1.random_uniform_initializer(-1.0, 1.0))
        emb = tf.expand_dims(tf.nn.embedding_lookup(emb_w, ids), -1)
        pooled = []
        for fs in (3, 4, 5):
            with v1.variable_scope(f"conv-maxpool-{fs}"):
                w = v1.get_variable("W", [fs, 32, 1, 16], initializer=v1.truncated_normal_initializer(stddev=0.1))
                b = v1.get_variable("b", [16], initializer=v1.constant_initializer(0.1))
                h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(emb, w, [1, 1, 1, 1], "VALID"), b))
                pooled.append(tf.nn.max_pool2d(h, [1, 40 - fs + 1, 1, 1], [1, 1, 1, 1], "VALID"))
        h = tf.nn.dropout(tf.reshape(tf.concat(pooled, 3), [-1, 48]), rate=1.0 - keep)
        wo = v1.get_variable("output/W", [48, 4], initializer=v1.glorot_uniform_initializer())
        bo = v1.get_variable("output/b", [4], initializer=v1.constant_initializer(0.1))
        scores = v1.nn.xw_plus_b(h, wo, bo, name="scores")
        return {"serving_default": ({"input_x": ids}, {"scores": scores, "probabilities": tf.nn.softmax(scores),
                                                       "predictions": tf.argmax(scores, 1, name="predictions")})}
    tf1_saved_model(out, build)


FEEDS["p_tf1_kim_textcnn_embedding_lookup"] = {"input_x": (0, 2000)}


@model("p_einsum_bilinear_candidate_ranker", "tf-module", "candidate re-ranker written as a tf.Module with tf.Variables, inputs user float [1,16], candidates float [1,8,16] and context float [1,4]: tf.einsum('bnd,de->bne') item projection, 'bd,bnd->bn' dot scores, bilinear 'bi,kij,bnj->bnk' interactions with a [4,16,16] tensor, 'bnk,bk->bn' context weighting, tf.linalg.matvec of a context matrix, softmax over candidates, top_k(3) indices int32 and values")
def b_einsum(out):
    rng = np.random.default_rng(4)
    mod_vars = {"w_item": tf.Variable(rng.normal(0, 0.25, [16, 16]).astype("float32")),
                "w_bil": tf.Variable(rng.normal(0, 0.1, [4, 16, 16]).astype("float32")),
                "w_ctx": tf.Variable(rng.normal(0, 0.5, [4, 4]).astype("float32"))}

    @tf.function(input_signature=[tensor_spec([1, 16], name="user"), tensor_spec([1, 8, 16], name="candidates"),
                                  tensor_spec([1, 4], name="context")])
    def rank(user, candidates, context):
        items = tf.einsum("bnd,de->bne", candidates, mod_vars["w_item"])
        dot = tf.einsum("bd,bnd->bn", user, items)
        inter = tf.einsum("bi,kij,bnj->bnk", user, mod_vars["w_bil"], items)
        ctx = tf.nn.softmax(tf.linalg.matvec(mod_vars["w_ctx"], context))
        scores = tf.nn.softmax(dot + tf.einsum("bnk,bk->bn", inter, ctx))
        top = tf.math.top_k(scores, k=3)
        return {"scores": scores, "top_ids": top.indices, "top_scores": top.values}
    serve_module(out, mod_vars, serving_default=rank)


@model("p_recsys_multi_input_onehot_embedding_bag", "keras-export", "CTR / rating recommender with six fixed-batch inputs (user_id int32 [1,1], candidate_id int32 [1,1], history_ids int32 [1,10], history_mask bool [1,10], category int32 [1,1], dense_features float [1,4]): user / shared item Embedding, custom masked-mean embedding bag over the history (cast bool mask, reduce_sum, maximum), custom tf.one_hot(squeeze(category), 8) layer, Dot(axes=1) user-candidate affinity, Concatenate, Dense 32 / 16 relu; outputs click Dense(1, sigmoid) and rating Dense(1); model.export with a dict signature")
def b_recsys(out):
    class MaskedMean(L.Layer):
        def call(self, x, valid):
            w = tf.cast(valid, x.dtype)[..., None]
            return tf.reduce_sum(x * w, axis=1) / tf.maximum(tf.reduce_sum(w, axis=1), 1.0)

    class OneHot(L.Layer):
        def __init__(self, depth, **kw):
            super().__init__(**kw)
            self.depth = depth

        def call(self, ids):
            return tf.one_hot(tf.squeeze(ids, axis=-1), self.depth)

    specs = {"user_id": ([1, 1], "int32"), "candidate_id": ([1, 1], "int32"), "history_ids": ([1, 10], "int32"),
             "history_mask": ([1, 10], "bool"), "category": ([1, 1], "int32"), "dense_features": ([1, 4], "float32")}
    inp = {k: keras.Input(s[1:], batch_size=1, dtype=d, name=k) for k, (s, d) in specs.items()}
    item_emb = L.Embedding(200, 16)
    u = L.Flatten()(L.Embedding(100, 16)(inp["user_id"]))
    c = L.Flatten()(item_emb(inp["candidate_id"]))
    hist = MaskedMean()(item_emb(inp["history_ids"]), inp["history_mask"])
    x = L.Concatenate()([u, c, hist, OneHot(8)(inp["category"]), inp["dense_features"], L.Dot(axes=1)([u, c])])
    x = L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(x))
    m = keras.Model(inp, {"click": L.Dense(1, activation="sigmoid")(x), "rating": L.Dense(1)(x)})
    keras_export(m, out, sig=[{k: tensor_spec(s, d, k) for k, (s, d) in specs.items()}])


FEEDS["p_recsys_multi_input_onehot_embedding_bag"] = lambda rng: {
    "user_id": rng.integers(0, 100, (1, 1)), "candidate_id": rng.integers(0, 200, (1, 1)),
    "history_ids": rng.integers(0, 200, (1, 10)), "history_mask": np.arange(10)[None] < 7,
    "category": rng.integers(0, 8, (1, 1))}


@model("p_dgcnn_knn_gather_scatter_update", "tf-module", "DGCNN-style point-cloud classifier / segmenter served from a tf.Module, inputs points float [1,64,3], neighbor_idx int32 [1,64,8] (precomputed k-NN), seed_index int32 [4,2] and seed_label int32 [4]: tf.gather(points, idx, batch_dims=1), tf.tile of expanded centers, concat [center, neighbor - center], Keras Dense 16 / 16 relu on rank-4 edges, reduce_max over neighbors, Conv1D(32, 1) point features, reduce_max(keepdims) global feature, squeeze -> class Dense(4) softmax, global feature tf.tile'd to every point + concat -> per-point Dense(3), argmax int32 labels overridden at user seeds with tf.tensor_scatter_nd_update")
def b_dgcnn(out):
    edge_net = keras.Sequential([keras.Input((64, 8, 6)), L.Dense(16, activation="relu"),
                                 L.Dense(16, activation="relu")])
    point_net = keras.Sequential([keras.Input((64, 16)), L.Conv1D(32, 1, activation="relu")])
    cls_head = keras.Sequential([keras.Input((32,)), L.Dense(32, activation="relu"), L.Dense(4)])
    seg_head = keras.Sequential([keras.Input((64, 48)), L.Dense(32, activation="relu"), L.Dense(3)])

    @tf.function(input_signature=[tensor_spec([1, 64, 3], name="points"),
                                  tensor_spec([1, 64, 8], "int32", "neighbor_idx"),
                                  tensor_spec([4, 2], "int32", "seed_index"), tensor_spec([4], "int32", "seed_label")])
    def serve(points, neighbor_idx, seed_index, seed_label):
        nbrs = tf.gather(points, neighbor_idx, batch_dims=1)
        center = tf.tile(tf.expand_dims(points, 2), [1, 1, 8, 1])
        local = tf.reduce_max(edge_net(tf.concat([center, nbrs - center], axis=-1), training=False), axis=2)
        glob = tf.reduce_max(point_net(local, training=False), axis=1, keepdims=True)
        cls_probs = tf.nn.softmax(cls_head(tf.squeeze(glob, axis=1), training=False))
        seg_logits = seg_head(tf.concat([local, tf.tile(glob, [1, 64, 1])], axis=-1), training=False)
        labels = tf.tensor_scatter_nd_update(tf.argmax(seg_logits, axis=-1, output_type=tf.int32), seed_index,
                                             seed_label)
        return {"class_probs": cls_probs, "seg_logits": seg_logits, "point_labels": labels}
    serve_module(out, {"edge_net": edge_net, "point_net": point_net, "cls_head": cls_head, "seg_head": seg_head},
                 serving_default=serve)


FEEDS["p_dgcnn_knn_gather_scatter_update"] = lambda rng: {
    "points": rng.normal(0.0, 1.0, (1, 64, 3)), "neighbor_idx": rng.integers(0, 64, (1, 64, 8)),
    "seed_index": np.array([[0, 3], [0, 17], [0, 30], [0, 55]]), "seed_label": rng.integers(0, 3, (4,))}


# ================================================================================ tabular / utility

@model("p_tabular_activation_zoo_log_softmax", "keras-export", "credit-risk tabular MLP, fixed float [1,20] kept by the export signature: Dense + ELU layer, Dense(selu, lecun_normal), Dense(softsign), Dense(softplus), Dense + LeakyReLU(0.2), a parallel Dense + ReLU(max_value=6) branch, Concatenate, Dense(16, tanh); outputs class_log_probs Activation('log_softmax') over 5 grades and risk Dense(1, sigmoid); model.export")
def b_act_zoo(out):
    inp = keras.Input((20,), batch_size=1, name="features")
    x = L.ELU()(L.Dense(32)(inp))
    x = L.Dense(32, activation="selu", kernel_initializer="lecun_normal")(x)
    x = L.Dense(32, activation="softplus")(L.Dense(32, activation="softsign")(x))
    x = L.LeakyReLU(negative_slope=0.2)(L.Dense(32)(x))
    g = L.Dense(16, activation="tanh")(L.Concatenate()([x, L.ReLU(max_value=6.0)(L.Dense(32)(inp))]))
    m = keras.Model(inp, {"class_log_probs": L.Activation("log_softmax")(L.Dense(5)(g)),
                          "risk": L.Dense(1, activation="sigmoid")(g)})
    keras_export(m, out, keep_fixed_batch=True)


@model("p_survival_hazard_cumprod_cumsum", "keras-export", "discrete-time survival model (nnet-survival style), fixed float covariates [1,16]: Dense(32, selu), Dropout, Dense(10, sigmoid) per-interval hazards; custom layer: survival = tf.math.cumprod(1 - h), pmf = h * cumprod(1 - h, exclusive=True), cdf = tf.math.cumsum(pmf), remaining risk cumsum(reverse=True), expected intervals reduce_sum(keepdims); dict outputs; model.export")
def b_survival(out):
    class DiscreteSurvival(L.Layer):
        def call(self, hazard):
            keep = 1.0 - hazard
            pmf = hazard * tf.math.cumprod(keep, axis=1, exclusive=True)
            survival = tf.math.cumprod(keep, axis=1)
            return {"survival": survival, "pmf": pmf, "cdf": tf.math.cumsum(pmf, axis=1),
                    "remaining_risk": tf.math.cumsum(pmf, axis=1, reverse=True),
                    "expected_intervals": tf.reduce_sum(survival, axis=1, keepdims=True)}

    inp = keras.Input((16,), batch_size=1, name="covariates")
    x = L.Dropout(0.2)(L.Dense(32, activation="selu", kernel_initializer="lecun_normal")(inp))
    keras_export(keras.Model(inp, DiscreteSurvival()(L.Dense(10, activation="sigmoid")(x))), out,
                 keep_fixed_batch=True)


@model("p_time_features_floordiv_floormod_round", "tf-module", "energy-load regressor whose feature engineering lives in a tf.Module, inputs minute_of_week int32 [1] and sensors float [1,8]: tf.math.floordiv / floormod into hour of day, minute and day of week, tf.one_hot(day, 7), sin / cos of the hour angle, tf.round(x * 4) / 4, tf.math.ceil(x * 3) / 3, tf.floor bucketizing cast to int32 + clip + one_hot(5) for two sensors, concat; Keras Dense 32 / 16 relu + Dense(1); outputs load, hour int32, day_of_week int32")
def b_time_feats(out):
    net = keras.Sequential([keras.Input((36,)), L.Dense(32, activation="relu"), L.Dense(16, activation="relu"),
                            L.Dense(1)])

    @tf.function(input_signature=[tensor_spec([1], "int32", "minute_of_week"), tensor_spec([1, 8], name="sensors")])
    def serve(minute_of_week, sensors):
        hour = tf.math.floormod(tf.math.floordiv(minute_of_week, 60), 24)
        minute = tf.math.floormod(minute_of_week, 60)
        day = tf.math.floordiv(minute_of_week, 1440)
        ang = tf.cast(hour, tf.float32) * (2.0 * math.pi / 24.0)
        buckets = tf.clip_by_value(tf.cast(tf.floor(sensors[:, :2] * 5.0), tf.int32), 0, 4)
        x = tf.concat([tf.one_hot(day, 7), tf.stack([tf.sin(ang), tf.cos(ang)], axis=-1),
                       (tf.cast(minute, tf.float32) / 60.0)[:, None], tf.round(sensors * 4.0) / 4.0,
                       tf.math.ceil(sensors * 3.0) / 3.0, tf.reshape(tf.one_hot(buckets, 5), [1, 10])], axis=-1)
        return {"load": net(x, training=False), "hour": hour, "day_of_week": day}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["p_time_features_floordiv_floormod_round"] = {"minute_of_week": (0, 10080)}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
