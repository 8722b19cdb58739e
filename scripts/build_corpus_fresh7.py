"""Build an independently made corpus into bench/out/fresh7/: small re-creations of generative, dense-prediction,
video/3D, graph-neural-net and control/RL models of the kinds people deploy with TFLite, the TFLite GPU delegate
and XLA, written the way people write them and exported the way people export them (Keras 3 model.export,
tf.saved_model.save of a Keras model or of a tf.Module with tf.function signatures, TF1 SavedModelBuilder /
simple_save, frozen GraphDef). Random seeded weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh7.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh7.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh7.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh7.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh7.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, freeze_function, keras_export, serve_module, tensor_spec, tf1_saved_model

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh7", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need in-range or mutually consistent values in --check: model -> {input name: (low, high) int range}
# or model -> callable(rng) -> {input name: array}. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}


def cbr(x, f, k=3, s=1, act="relu", conv=None, bias=False):
    """conv (Conv2D by default) -> BatchNormalization -> activation ("lrelu" = LeakyReLU(0.2))"""
    x = L.BatchNormalization()((conv or L.Conv2D)(f, k, strides=s, padding="same", use_bias=bias)(x))
    return L.LeakyReLU(0.2)(x) if act == "lrelu" else L.Activation(act)(x)


def _layers():
    """Hand-written layers several generators share (defined once keras is imported)."""
    class ReflectionPadding2D(L.Layer):
        def __init__(self, p=1, **kw):
            super().__init__(**kw)
            self.p = p

        def call(self, x):
            p = self.p
            return tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]], mode="REFLECT")

    class InstanceNormalization(L.Layer):
        def build(self, s):
            self.gamma = self.add_weight(shape=(s[-1],), initializer="ones")
            self.beta = self.add_weight(shape=(s[-1],), initializer="zeros")

        def call(self, x):
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return self.gamma * (x - mean) * tf.math.rsqrt(var + 1e-5) + self.beta
    return ReflectionPadding2D, InstanceNormalization


# ================================================================================ generative

@model("g_dcgan_generator", "keras-export", "DCGAN generator: latent float [None,64] -> Dense(no bias), BN, ReLU, Reshape 4x4x64, 2x Conv2DTranspose(4, stride 2, no bias) + BN + ReLU, Conv2DTranspose stride 2 tanh -> [None,32,32,3]; RandomNormal(0,0.02) init")
def b_dcgan(out):
    init = keras.initializers.RandomNormal(0.0, 0.02)
    i = keras.Input((64,), name="z")
    x = L.ReLU()(L.BatchNormalization()(L.Dense(4 * 4 * 64, use_bias=False, kernel_initializer=init)(i)))
    x = L.Reshape((4, 4, 64))(x)
    for f in (32, 16):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(f, 4, 2, padding="same", use_bias=False, kernel_initializer=init)(x)))
    keras_export(keras.Model(i, L.Conv2DTranspose(3, 4, 2, padding="same", activation="tanh", kernel_initializer=init)(x)), out)


@model("g_cgan_generator_label_embedding", "keras-export", "conditional GAN generator: noise float [None,32] + int32 class label [None,1] -> Embedding(10,16) + Flatten, Concatenate, Dense, LeakyReLU, Reshape 7x7x32, 2x Conv2DTranspose stride 2 + LeakyReLU, Conv2D 7x7 tanh -> [None,28,28,1]")
def b_cgan(out):
    z, y = keras.Input((32,), name="noise"), keras.Input((1,), dtype="int32", name="label")
    x = L.Concatenate()([z, L.Flatten()(L.Embedding(10, 16)(y))])
    x = L.Reshape((7, 7, 32))(L.LeakyReLU(0.2)(L.Dense(7 * 7 * 32)(x)))
    for f in (32, 16):
        x = L.LeakyReLU(0.2)(L.Conv2DTranspose(f, 4, 2, padding="same")(x))
    keras_export(keras.Model([z, y], L.Conv2D(1, 7, padding="same", activation="tanh")(x)), out)


FEEDS["g_cgan_generator_label_embedding"] = {"label": (0, 10)}


@model("g_vae_decoder_batch1", "keras-export", "VAE decoder, latent float [1,8] fixed batch via explicit input_signature: Dense relu, Reshape 7x7x32, 2x Conv2DTranspose stride 2 relu, Conv2DTranspose sigmoid -> [1,28,28,1]")
def b_vae_dec(out):
    i = keras.Input((8,), name="z")
    x = L.Reshape((7, 7, 32))(L.Dense(7 * 7 * 32, activation="relu")(i))
    for f in (32, 16):
        x = L.Conv2DTranspose(f, 3, 2, padding="same", activation="relu")(x)
    keras_export(keras.Model(i, L.Conv2DTranspose(1, 3, padding="same", activation="sigmoid")(x)), out, [tensor_spec([1, 8], name="z")])


@model("g_vae_encoder_reparam_random_normal", "tf-module", "tf.Module: image float [None,28,28,1] -> VAE encoder (2 strided Conv2D relu, Flatten, Dense relu, z_mean/z_log_var Dense(8)); serving function samples z = z_mean + exp(0.5*z_log_var) * unseeded tf.random.normal(tf.shape(z_mean)); returns z, z_mean, z_log_var")
def b_vae_enc(out):
    i = keras.Input((28, 28, 1))
    x = L.Conv2D(32, 3, 2, padding="same", activation="relu")(L.Conv2D(16, 3, 2, padding="same", activation="relu")(i))
    x = L.Dense(16, activation="relu")(L.Flatten()(x))
    enc = keras.Model(i, [L.Dense(8, name="z_mean")(x), L.Dense(8, name="z_log_var")(x)])

    @tf.function(input_signature=[tensor_spec([None, 28, 28, 1], name="image")])
    def encode(img):
        mean, log_var = enc(img, training=False)
        z = mean + tf.exp(0.5 * log_var) * tf.random.normal(tf.shape(mean))
        return {"z": z, "z_mean": mean, "z_log_var": log_var}
    serve_module(out, {"encoder": enc}, serving_default=encode)


@model("g_vae_mlp_reconstruct_mean", "keras-export", "MLP VAE used as an autoencoder at inference: flat float [None,784] -> Dense(128 relu) -> z_mean Dense(8) (no sampling; no log-var head in the exported graph) -> Dense(128 relu) -> Dense(784 sigmoid)")
def b_vae_mlp(out):
    i = keras.Input((784,), name="pixels")
    z_mean = L.Dense(8, name="z_mean")(L.Dense(128, activation="relu")(i))
    keras_export(keras.Model(i, L.Dense(784, activation="sigmoid")(L.Dense(128, activation="relu")(z_mean))), out)


@model("g_pix2pix_unet_generator", "keras-export", "pix2pix U-Net generator [None,64,64,3]: 5 downsample blocks (Conv2D 4x4 stride 2 no bias, BN except first, LeakyReLU), 4 upsample blocks (Conv2DTranspose 4x4 stride 2, BN, Dropout(0.5) on first, ReLU, Concatenate skip), Conv2DTranspose tanh")
def b_pix2pix(out):
    init = keras.initializers.RandomNormal(0.0, 0.02)

    def down(x, f, bn=True):
        x = L.Conv2D(f, 4, 2, padding="same", use_bias=False, kernel_initializer=init)(x)
        return L.LeakyReLU(0.2)(L.BatchNormalization()(x) if bn else x)

    def up(x, f, drop=False):
        x = L.BatchNormalization()(L.Conv2DTranspose(f, 4, 2, padding="same", use_bias=False, kernel_initializer=init)(x))
        return L.ReLU()(L.Dropout(0.5)(x) if drop else x)
    i = x = keras.Input((64, 64, 3), name="input_image")
    skips = []
    for k, f in enumerate((16, 32, 64, 64, 64)):
        x = down(x, f, bn=k > 0)
        skips.append(x)
    for k, (f, s) in enumerate(zip((64, 64, 32, 16), reversed(skips[:-1]))):
        x = L.Concatenate()([up(x, f, drop=k == 0), s])
    keras_export(keras.Model(i, L.Conv2DTranspose(3, 4, 2, padding="same", activation="tanh", kernel_initializer=init)(x)), out)


@model("g_cyclegan_resnet_reflectpad_instnorm", "keras-export", "CycleGAN ResNet generator, fixed [1,32,32,3] (explicit input_signature): custom ReflectionPadding2D layer (tf.pad REFLECT), hand-written InstanceNormalization (tf.nn.moments over H,W, rsqrt), 7x7 conv, 2 strided convs, 3 residual blocks, 2 Conv2DTranspose, 7x7 conv tanh")
def b_cyclegan(out):
    Reflect, IN = _layers()
    i = keras.Input((32, 32, 3), name="image")
    x = L.ReLU()(IN()(L.Conv2D(16, 7)(Reflect(3)(i))))
    for f in (32, 64):
        x = L.ReLU()(IN()(L.Conv2D(f, 3, 2, padding="same")(x)))
    for _ in range(3):
        y = L.ReLU()(IN()(L.Conv2D(64, 3)(Reflect(1)(x))))
        x = L.Add()([x, IN()(L.Conv2D(64, 3)(Reflect(1)(y)))])
    for f in (32, 16):
        x = L.ReLU()(IN()(L.Conv2DTranspose(f, 3, 2, padding="same")(x)))
    x = L.Conv2D(3, 7, activation="tanh")(Reflect(3)(x))
    keras_export(keras.Model(i, x), out, [tensor_spec([1, 32, 32, 3], name="image")])


@model("g_fast_style_transfer_dynamic_hw", "saved-model", "fast style transfer (Johnson) on float [None,None,None,3] dynamic size: 9x9 conv, 2 strided convs, 3 residual blocks, 2x (UpSampling2D nearest + 3x3 conv) resize-convolution, hand-written InstanceNormalization, 9x9 conv, tanh, Rescaling(150, offset 127.5); tf.saved_model.save of the Keras model")
def b_style(out):
    _, IN = _layers()
    i = keras.Input((None, None, 3), name="content")
    x = L.ReLU()(IN()(L.Conv2D(8, 9, padding="same")(i)))
    for f in (16, 32):
        x = L.ReLU()(IN()(L.Conv2D(f, 3, 2, padding="same")(x)))
    for _ in range(3):
        y = L.ReLU()(IN()(L.Conv2D(32, 3, padding="same")(x)))
        x = L.Add()([x, IN()(L.Conv2D(32, 3, padding="same")(y))])
    for f in (16, 8):
        x = L.ReLU()(IN()(L.Conv2D(f, 3, padding="same")(L.UpSampling2D(2, interpolation="nearest")(x))))
    x = L.Rescaling(150.0, offset=127.5)(L.Activation("tanh")(L.Conv2D(3, 9, padding="same")(x)))
    tf.saved_model.save(keras.Model(i, x), str(out))


@model("g_esrgan_lite_rrdb_x4", "keras-export", "ESRGAN-lite x4 super-resolution, fixed [1,16,16,3] (explicit input_signature): conv, 2 residual-in-residual dense blocks (dense Concatenate convs, LeakyReLU 0.2, residual scaling by Rescaling(0.2)), trunk conv + Add, 2x (UpSampling2D nearest + conv + LeakyReLU), conv -> [1,64,64,3]")
def b_esrgan(out):
    def dense_block(x):
        c = [x]
        for _ in range(3):
            c.append(L.LeakyReLU(0.2)(L.Conv2D(8, 3, padding="same")(c[0] if len(c) == 1 else L.Concatenate()(c))))
        return L.Add()([x, L.Rescaling(0.2)(L.Conv2D(16, 3, padding="same")(L.Concatenate()(c)))])
    i = keras.Input((16, 16, 3), name="lr_image")
    fea = x = L.Conv2D(16, 3, padding="same")(i)
    for _ in range(2):
        x = L.Add()([x, L.Rescaling(0.2)(dense_block(dense_block(x)))])
    x = L.Add()([fea, L.Conv2D(16, 3, padding="same")(x)])
    for _ in range(2):
        x = L.LeakyReLU(0.2)(L.Conv2D(16, 3, padding="same")(L.UpSampling2D(2, interpolation="nearest")(x)))
    keras_export(keras.Model(i, L.Conv2D(3, 3, padding="same")(x)), out, [tensor_spec([1, 16, 16, 3], name="lr_image")])


T_DIFF = 100


def _alphas_cumprod():
    return np.cumprod(1.0 - np.linspace(1e-4, 0.02, T_DIFF)).astype("float32")


def _timestep_embedding(t, dim=32):
    """sinusoidal embedding of int timesteps [B] -> [B, dim]"""
    half = dim // 2
    freqs = tf.exp(-np.log(10000.0) * tf.range(half, dtype=tf.float32) / half)
    a = tf.cast(t, tf.float32)[:, None] * freqs[None, :]
    return tf.concat([tf.math.sin(a), tf.math.cos(a)], axis=-1)


def _denoiser():
    """tiny conv U-Net eps-predictor on [16,16,1] with an additive time embedding."""
    xi, ti = keras.Input((16, 16, 1), name="x"), keras.Input((32,), name="temb")
    e = L.Dense(32)(L.Activation("swish")(L.Dense(32)(ti)))
    h1 = L.Conv2D(16, 3, padding="same", activation="swish")(xi) + L.Reshape((1, 1, 16))(L.Dense(16)(e))
    h2 = L.Conv2D(32, 3, 2, padding="same", activation="swish")(h1) + L.Reshape((1, 1, 32))(L.Dense(32)(e))
    h2 = L.Conv2D(32, 3, padding="same", activation="swish")(h2)
    u = L.Conv2D(16, 3, padding="same", activation="swish")(L.Concatenate()([L.UpSampling2D()(h2), h1]))
    return keras.Model([xi, ti], L.Conv2D(1, 3, padding="same")(u))


@model("g_diffusion_denoiser_ddim_step", "tf-module", "tf.Module, x_t float [None,16,16,1] + int32 timestep t [None] (0..99): sinusoidal embedding (tf.exp/range, tf.math.sin/cos), tiny conv U-Net with swish and broadcast-added time embedding; 'serving_default' does a DDIM step (gather alphas_cumprod, tf.where, sqrt) -> eps, x0, x_prev; 'predict_noise' -> eps")
def b_ddim(out):
    net, ac = _denoiser(), _alphas_cumprod()
    sig = [tensor_spec([None, 16, 16, 1], name="x_t"), tensor_spec([None], "int32", "t")]

    @tf.function(input_signature=sig)
    def ddim_step(x, t):
        eps = net([x, _timestep_embedding(t)], training=False)
        a_t = tf.gather(ac, t)[:, None, None, None]
        tp = t - 10
        a_p = tf.where(tp >= 0, tf.gather(ac, tf.maximum(tp, 0)), 1.0)[:, None, None, None]
        x0 = (x - tf.sqrt(1.0 - a_t) * eps) / tf.sqrt(a_t)
        return {"eps": eps, "x0": x0, "x_prev": tf.sqrt(a_p) * x0 + tf.sqrt(1.0 - a_p) * eps}

    @tf.function(input_signature=sig)
    def predict_noise(x, t):
        return {"eps": net([x, _timestep_embedding(t)], training=False)}
    serve_module(out, {"net": net}, serving_default=ddim_step, predict_noise=predict_noise)


FEEDS["g_diffusion_denoiser_ddim_step"] = {"t": (0, T_DIFF)}


@model("g_ddim_sampler_while_loop", "tf-module", "tf.Module: noise float [1,16,16,1] + int32 scalar num_steps -> DDIM sampling loop (autograph for over tf.range(num_steps) -> tf.while_loop with data-dependent trip count) calling a tiny time-conditioned conv U-Net each step, sinusoidal timestep embedding, clip x0 to [-1,1]; returns image")
def b_ddim_loop(out):
    net, ac = _denoiser(), _alphas_cumprod()

    @tf.function(input_signature=[tensor_spec([1, 16, 16, 1], name="noise"), tensor_spec([], "int32", "num_steps")])
    def sample(x, n):
        stride = T_DIFF // n
        for k in tf.range(n):
            t = (n - 1 - k) * stride
            eps = net([x, _timestep_embedding(tf.reshape(t, [1]))], training=False)
            a_t = tf.gather(ac, t)
            a_p = tf.where(t - stride >= 0, tf.gather(ac, tf.maximum(t - stride, 0)), 1.0)
            x0 = tf.clip_by_value((x - tf.sqrt(1.0 - a_t) * eps) / tf.sqrt(a_t), -1.0, 1.0)
            x = tf.sqrt(a_p) * x0 + tf.sqrt(1.0 - a_p) * eps
        return {"image": x}
    serve_module(out, {"net": net}, serving_default=sample)


FEEDS["g_ddim_sampler_while_loop"] = {"num_steps": (4, 5)}

# ================================================================================ dense prediction

@model("g_depth_encdec_bilinear_disparity", "keras-export", "monodepth-style depth estimation [None,64,64,3]: 4 strided ELU conv stages, decoder with UpSampling2D(bilinear) + Concatenate skips, sigmoid disparity heads at 32x32 and 64x64, Lambda depth = 1/(0.01 + 9.99*disp); dict outputs disp, disp_half, depth")
def b_depth(out):
    i = x = keras.Input((64, 64, 3), name="image")
    skips = []
    for f in (16, 32, 48, 64):
        x = L.Conv2D(f, 3, padding="same", activation="elu")(L.Conv2D(f, 3, 2, padding="same", activation="elu")(x))
        skips.append(x)
    for f, s in zip((48, 32, 16), skips[-2::-1]):
        x = L.Conv2D(f, 3, padding="same", activation="elu")(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(x), s]))
    disp_half = L.Conv2D(1, 3, padding="same", activation="sigmoid")(x)
    x = L.Conv2D(8, 3, padding="same", activation="elu")(L.UpSampling2D(interpolation="bilinear")(x))
    disp = L.Conv2D(1, 3, padding="same", activation="sigmoid")(x)
    depth = L.Lambda(lambda d: 1.0 / (0.01 + 9.99 * d))(disp)
    keras_export(keras.Model(i, {"disp": disp, "disp_half": disp_half, "depth": depth}), out)


@model("g_flow_cost_volume_shifted_batch1", "keras-export", "PWC-style optical flow, two frames float [1,32,32,3] (explicit input_signature): shared 2-conv feature tower (stride 4), CostVolume layer (tf.pad + 25 shifted slices, mean of products, tf.stack, leaky_relu), Concatenate, 3 convs -> flow 8x8x2, UpSampling2D bilinear x4, Rescaling(4)")
def b_flow_shift(out):
    class CostVolume(L.Layer):
        def __init__(self, r, **kw):
            super().__init__(**kw)
            self.r = r

        def call(self, inputs):
            a, b = inputs
            r, h, w = self.r, a.shape[1], a.shape[2]
            bp = tf.pad(b, [[0, 0], [r, r], [r, r], [0, 0]])
            vol = [tf.reduce_mean(a * bp[:, dy:dy + h, dx:dx + w, :], -1) for dy in range(2 * r + 1) for dx in range(2 * r + 1)]
            return tf.nn.leaky_relu(tf.stack(vol, -1), 0.1)
    fi = keras.Input((32, 32, 3))
    feat = keras.Model(fi, L.Conv2D(32, 3, 2, padding="same", activation="relu")(L.Conv2D(16, 3, 2, padding="same", activation="relu")(fi)))
    i1, i2 = keras.Input((32, 32, 3), name="frame1"), keras.Input((32, 32, 3), name="frame2")
    f1, f2 = feat(i1), feat(i2)
    x = L.Concatenate()([CostVolume(2)([f1, f2]), f1])
    x = L.Conv2D(16, 3, padding="same", activation="relu")(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    flow = L.Rescaling(4.0)(L.UpSampling2D(4, interpolation="bilinear")(L.Conv2D(2, 3, padding="same")(x)))
    keras_export(keras.Model([i1, i2], flow), out, [[tensor_spec([1, 32, 32, 3], name="frame1"), tensor_spec([1, 32, 32, 3], name="frame2")]])


@model("g_flow_correlation_extract_patches", "keras-export", "optical-flow correlation, two frames float [None,32,32,3]: shared strided conv features 16x16x16, Correlation layer (tf.pad, tf.image.extract_patches 7x7 VALID, reshape to [B,16,16,49,16], product with frame-1 features, reduce_sum), Concatenate, convs -> flow [None,16,16,2]")
def b_flow_patch(out):
    class Correlation(L.Layer):
        def call(self, inputs):
            a, b = inputs
            h, w, c, d = a.shape[1], a.shape[2], a.shape[3], 7
            p = tf.image.extract_patches(tf.pad(b, [[0, 0], [3, 3], [3, 3], [0, 0]]), [1, d, d, 1], [1, 1, 1, 1], [1, 1, 1, 1], "VALID")
            p = tf.reshape(p, [-1, h, w, d * d, c])
            return tf.reduce_sum(a[:, :, :, None, :] * p, -1) / c
    i1, i2 = keras.Input((32, 32, 3), name="frame1"), keras.Input((32, 32, 3), name="frame2")
    conv = L.Conv2D(16, 3, 2, padding="same", activation="relu")
    f1, f2 = conv(i1), conv(i2)
    x = L.Concatenate()([L.LeakyReLU(0.1)(Correlation()([f1, f2])), f1])
    x = L.Conv2D(16, 3, padding="same", activation="relu")(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    keras_export(keras.Model([i1, i2], L.Conv2D(2, 3, padding="same")(x)), out)


@model("g_dbnet_text_detection", "keras-export", "DBNet-style text detector [None,64,64,3]: Conv+BN+ReLU backbone (strides 2..16), FPN (1x1 laterals, nearest UpSampling2D + Add, 3x3 convs, upsample + Concatenate), probability and threshold heads (conv, 2x Conv2DTranspose stride 2, sigmoid), Lambda approximate binarization 1/(1+exp(-50*(P-T))); 3 outputs")
def b_dbnet(out):
    i = keras.Input((64, 64, 3), name="image")
    c2 = cbr(cbr(cbr(i, 16, s=2), 16), 32, s=2)  # 16x16
    c3 = cbr(c2, 48, s=2)
    c4 = cbr(c3, 64, s=2)
    p4 = L.Conv2D(32, 1)(c4)
    p3 = L.Add()([L.UpSampling2D()(p4), L.Conv2D(32, 1)(c3)])
    p2 = L.Add()([L.UpSampling2D()(p3), L.Conv2D(32, 1)(c2)])
    fuse = L.Concatenate()([L.Conv2D(8, 3, padding="same")(p2), L.UpSampling2D(2)(L.Conv2D(8, 3, padding="same")(p3)),
                            L.UpSampling2D(4)(L.Conv2D(8, 3, padding="same")(p4))])

    def head(x):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(16, 2, 2)(cbr(x, 16))))
        return L.Conv2DTranspose(1, 2, 2, activation="sigmoid")(x)
    prob, thresh = head(fuse), head(fuse)
    binary = L.Lambda(lambda pt: 1.0 / (1.0 + tf.exp(-50.0 * (pt[0] - pt[1]))))([prob, thresh])
    keras_export(keras.Model(i, {"prob_map": prob, "thresh_map": thresh, "binary_map": binary}), out)


@model("g_matting_guided_filter_refine", "keras-export", "image matting: image float [None,32,32,3] + trimap [None,32,32,1] -> Concatenate, Conv/BN/ReLU encoder-decoder with skips, sigmoid coarse alpha; GuidedFilter layer (gray guide, box filter by tf.nn.avg_pool2d 5x5 stride 1, a/b coefficients), tf.where trimap known regions, clip; outputs alpha, coarse_alpha")
def b_matting(out):
    class GuidedFilter(L.Layer):
        def call(self, inputs):
            rgb, p, tri = inputs
            guide = tf.reduce_mean(rgb, -1, keepdims=True)

            def box(t):
                return tf.nn.avg_pool2d(t, 5, 1, "SAME")
            m_i, m_p = box(guide), box(p)
            a = (box(guide * p) - m_i * m_p) / (box(guide * guide) - m_i * m_i + 1e-2)
            q = box(a) * guide + box(m_p - a * m_i)
            q = tf.where(tri > 0.9, tf.ones_like(q), tf.where(tri < 0.1, tf.zeros_like(q), q))
            return tf.clip_by_value(q, 0.0, 1.0)
    img, tri = keras.Input((32, 32, 3), name="image"), keras.Input((32, 32, 1), name="trimap")
    e1 = cbr(L.Concatenate()([img, tri]), 16)
    e2 = cbr(cbr(e1, 32, s=2), 32)
    e3 = cbr(e2, 64, s=2)
    d = cbr(L.Concatenate()([L.UpSampling2D()(e3), e2]), 32)
    d = cbr(L.Concatenate()([L.UpSampling2D()(d), e1]), 16)
    coarse = L.Conv2D(1, 3, padding="same", activation="sigmoid")(d)
    keras_export(keras.Model([img, tri], {"alpha": GuidedFilter()([img, coarse, tri]), "coarse_alpha": coarse}), out)


@model("g_saliency_deep_supervision_frozen", "frozen-pb", "salient object detection [1,32,32,3]: 3-stage Conv/BN/ReLU encoder with MaxPool, 3 side-output 1x1 convs upsampled bilinear to 32x32, fused 1x1 conv over concatenated side logits, sigmoid on all 4 maps (4 graph outputs); frozen with convert_variables_to_constants_v2")
def b_saliency(out):
    i = keras.Input((32, 32, 3))
    x, sides = i, []
    for k, f in enumerate((16, 32, 48)):
        x = cbr(cbr(L.MaxPooling2D()(x) if k else x, f), f)
        s = L.Conv2D(1, 1)(x)
        sides.append(L.UpSampling2D(2 ** k, interpolation="bilinear")(s) if k else s)
    fused = L.Conv2D(1, 1)(L.Concatenate()(sides))
    m = keras.Model(i, [L.Activation("sigmoid")(t) for t in [fused] + sides])
    freeze_function(lambda t: m(t, training=False), [tensor_spec([1, 32, 32, 3], name="image")], out)

# ================================================================================ video / 3D

@model("g_c3d_clip_classifier", "keras-export", "C3D-style clip classifier, float [None,8,32,32,3]: 3x Conv3D 3x3x3 relu with MaxPool3D (1,2,2) then (2,2,2) x2, Flatten, Dense relu, Dropout, Dense softmax(5)")
def b_c3d(out):
    i = keras.Input((8, 32, 32, 3), name="clip")
    x = L.MaxPool3D((1, 2, 2))(L.Conv3D(8, 3, padding="same", activation="relu")(i))
    for f in (16, 32):
        x = L.MaxPool3D(2)(L.Conv3D(f, 3, padding="same", activation="relu")(x))
    x = L.Dropout(0.5)(L.Dense(64, activation="relu")(L.Flatten()(x)))
    keras_export(keras.Model(i, L.Dense(5, activation="softmax")(x)), out)


@model("g_r2plus1d_resnet", "keras-export", "R(2+1)D video ResNet, float [None,8,32,32,3]: (2+1)D convs = Conv3D (1,3,3) spatial + BN + ReLU then Conv3D (3,1,1) temporal + BN; (2+1)D stem stride 2, 2 residual blocks (second strided with 1x1x1 projection shortcut), GlobalAveragePooling3D, Dense softmax(5)")
def b_r21d(out):
    def conv21(x, f, s=1):
        x = L.ReLU()(L.BatchNormalization()(L.Conv3D(f, (1, 3, 3), strides=(1, s, s), padding="same", use_bias=False)(x)))
        return L.BatchNormalization()(L.Conv3D(f, (3, 1, 1), strides=(s, 1, 1), padding="same", use_bias=False)(x))
    i = keras.Input((8, 32, 32, 3), name="clip")
    x = L.ReLU()(conv21(i, 16, 2))
    for f, s in ((16, 1), (32, 2)):
        y = conv21(L.ReLU()(conv21(x, f, s)), f)
        sc = x if s == 1 else L.BatchNormalization()(L.Conv3D(f, 1, strides=s, use_bias=False)(x))
        x = L.ReLU()(L.Add()([y, sc]))
    keras_export(keras.Model(i, L.Dense(5, activation="softmax")(L.GlobalAveragePooling3D()(x))), out)


@model("g_convlstm2d_next_frame", "keras-export", "next-frame prediction, float [None,6,16,16,1]: ConvLSTM2D(16, 5x5, return_sequences) + BN, ConvLSTM2D(16, 3x3, return_sequences) + BN, Conv3D 3x3x3 sigmoid -> [None,6,16,16,1]")
def b_convlstm(out):
    i = keras.Input((6, 16, 16, 1), name="frames")
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 5, padding="same", return_sequences=True)(i))
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(x))
    keras_export(keras.Model(i, L.Conv3D(1, 3, padding="same", activation="sigmoid")(x)), out)


@model("g_timedistributed_cnn_gru", "saved-model", "video classifier, float [None,8,32,32,3]: TimeDistributed(Conv2D stride 2 relu), TimeDistributed(MaxPooling2D), TimeDistributed(Conv2D relu), TimeDistributed(GlobalAveragePooling2D), GRU(32), Dense softmax(4); tf.saved_model.save of the Keras model")
def b_tdgru(out):
    i = keras.Input((8, 32, 32, 3), name="clip")
    x = L.TimeDistributed(L.MaxPooling2D())(L.TimeDistributed(L.Conv2D(16, 3, 2, padding="same", activation="relu"))(i))
    x = L.TimeDistributed(L.GlobalAveragePooling2D())(L.TimeDistributed(L.Conv2D(32, 3, padding="same", activation="relu"))(x))
    tf.saved_model.save(keras.Model(i, L.Dense(4, activation="softmax")(L.GRU(32)(x))), str(out))


@model("g_pointnet_part_seg_tnet_eye", "keras-export", "PointNet part segmentation, float [None,128,3]: 2 T-nets (per-point Dense, GlobalMaxPooling1D, Dense with zero kernel and identity-matrix bias, Reshape, ops.matmul layer), per-point Dense MLP, global max feature RepeatVector(128) + Concatenate, per-point Dense softmax(4)")
def b_pointnet(out):
    class Transform(L.Layer):
        def call(self, inputs):
            return ops.matmul(inputs[0], inputs[1])

    def tnet(x, k):
        y = L.GlobalMaxPooling1D()(L.Dense(64, activation="relu")(L.Dense(32, activation="relu")(x)))
        y = L.Dense(k * k, kernel_initializer="zeros", bias_initializer=keras.initializers.Constant(np.eye(k).flatten()))(L.Dense(32, activation="relu")(y))
        return Transform()([x, L.Reshape((k, k))(y)])
    i = keras.Input((128, 3), name="points")
    local = tnet(L.Dense(16, activation="relu")(tnet(i, 3)), 16)
    g = L.RepeatVector(128)(L.GlobalMaxPooling1D()(L.Dense(64, activation="relu")(local)))
    x = L.Dense(32, activation="relu")(L.Concatenate()([local, g]))
    keras_export(keras.Model(i, L.Dense(4, activation="softmax")(x)), out)


@model("g_unet3d_voxel_batch1", "keras-export", "tiny 3D U-Net on voxels, fixed [1,16,16,16,1] (explicit input_signature): 2x (2 Conv3D + BN + ReLU, MaxPool3D), bottleneck, Conv3DTranspose stride 2 and UpSampling3D decoder with Concatenate skips, Conv3D 1x1x1 softmax(2)")
def b_unet3d(out):
    def block(x, f):
        for _ in range(2):
            x = L.ReLU()(L.BatchNormalization()(L.Conv3D(f, 3, padding="same", use_bias=False)(x)))
        return x
    i = keras.Input((16, 16, 16, 1), name="volume")
    s1 = block(i, 8)
    s2 = block(L.MaxPool3D()(s1), 16)
    b = block(L.MaxPool3D()(s2), 32)
    x = block(L.Concatenate()([L.Conv3DTranspose(16, 2, 2)(b), s2]), 16)
    x = block(L.Concatenate()([L.UpSampling3D()(x), s1]), 8)
    keras_export(keras.Model(i, L.Conv3D(2, 1, activation="softmax")(x)), out, [tensor_spec([1, 16, 16, 16, 1], name="volume")])

# ================================================================================ graph neural nets

def _graph(rng, n=6, e=12):
    src, dst = rng.integers(0, n, e), rng.integers(0, n, e)
    return n, src.astype("int32"), dst.astype("int32")


@model("g_gcn_dense_normalized_adjacency", "keras-export", "GCN node classifier on dense graphs: node features float [None,20,8] + adjacency float [None,20,20]; GCNConv layer adds tf.eye, D^-1/2 A D^-1/2 (reduce_sum, rsqrt), tf.matmul; GCNConv(16 relu), Dropout, GCNConv(4), per-node Softmax")
def b_gcn(out):
    class GCNConv(L.Layer):
        def __init__(self, units, act=None, **kw):
            super().__init__(**kw)
            self.units, self.act = units, keras.activations.get(act)

        def build(self, s):
            self.w = self.add_weight(shape=(s[0][-1], self.units), initializer="glorot_uniform")
            self.b = self.add_weight(shape=(self.units,), initializer="zeros")

        def call(self, inputs):
            x, a = inputs
            a = a + tf.eye(tf.shape(a)[-1])
            dinv = tf.math.rsqrt(tf.reduce_sum(a, -1))
            a = dinv[..., :, None] * a * dinv[..., None, :]
            return self.act(tf.matmul(a, tf.matmul(x, self.w)) + self.b)
    x, a = keras.Input((20, 8), name="node_features"), keras.Input((20, 20), name="adjacency")
    h = L.Dropout(0.5)(GCNConv(16, "relu")([x, a]))
    keras_export(keras.Model([x, a], L.Softmax()(GCNConv(4)([h, a]))), out)


def _feed_gcn(rng):
    a = (rng.random((2, 20, 20)) < 0.2).astype("float32")
    return {"adjacency": np.maximum(a, a.transpose(0, 2, 1))}


FEEDS["g_gcn_dense_normalized_adjacency"] = _feed_gcn


@model("g_mpnn_gather_segment_sum_gru", "tf-module", "tf.Module MPNN: node_features float [None,8], edge_index int32 [2,None], edge_features float [None,4]; 3 message-passing steps (tf.gather src/dst, Concatenate with edge features, Dense MLP messages, tf.math.unsorted_segment_sum to dst, GRUCell update); outputs node embeddings and a summed-graph Dense readout")
def b_mpnn(out):
    class MPNN(keras.Model):
        def __init__(self):
            super().__init__()
            self.embed, self.m1, self.m2 = L.Dense(32, activation="relu"), L.Dense(32, activation="relu"), L.Dense(32)
            self.cell, self.readout = L.GRUCell(32), L.Dense(1)

        def call(self, inputs):
            x, ei, ef = inputs
            h, src, dst = self.embed(x), tf.cast(ei[0], tf.int32), tf.cast(ei[1], tf.int32)
            for _ in range(3):
                msg = self.m2(self.m1(tf.concat([tf.gather(h, src), tf.gather(h, dst), ef], -1)))
                h, _ = self.cell(tf.math.unsorted_segment_sum(msg, dst, tf.shape(x)[0]), [h])
            return h, self.readout(tf.reduce_sum(h, 0, keepdims=True))
    g = MPNN()
    g((np.zeros((3, 8), "float32"), np.array([[0, 1], [1, 2]], "int32"), np.zeros((2, 4), "float32")))

    @tf.function(input_signature=[tensor_spec([None, 8], name="node_features"), tensor_spec([2, None], "int32", "edge_index"),
                                  tensor_spec([None, 4], name="edge_features")])
    def serve(x, ei, ef):
        h, y = g((x, ei, ef))
        return {"node_embeddings": h, "graph_value": y}
    serve_module(out, {"mpnn": g}, serving_default=serve)


def _feed_mpnn(rng):
    n, src, dst = _graph(rng)
    return {"node_features": rng.random((n, 8)), "edge_index": np.stack([src, dst]), "edge_features": rng.random((len(src), 4))}


FEEDS["g_mpnn_gather_segment_sum_gru"] = _feed_mpnn


@model("g_gat_segment_softmax", "tf-module", "tf.Module GAT: node_features float [None,16] + edge_index int32 [None,2] (src,dst); self loops added with tf.range; 2 GraphAttention layers x 2 heads (per-head projections, tf.gather, leaky_relu scores, segment softmax via unsorted_segment_max/exp/unsorted_segment_sum, weighted unsorted_segment_sum), concat heads + elu, mean heads -> logits(3)")
def b_gat(out):
    class GraphAttention(L.Layer):
        def __init__(self, units, heads, concat, **kw):
            super().__init__(**kw)
            self.units, self.heads, self.concat = units, heads, concat

        def build(self, s):
            self.w = self.add_weight(shape=(s[0][-1], self.heads, self.units), initializer="glorot_uniform")
            self.a_src = self.add_weight(shape=(self.heads, self.units), initializer="glorot_uniform")
            self.a_dst = self.add_weight(shape=(self.heads, self.units), initializer="glorot_uniform")

        def call(self, inputs):
            x, src, dst = inputs
            n = tf.shape(x)[0]
            wh = tf.einsum("nf,fhu->nhu", x, self.w)
            e = tf.nn.leaky_relu(tf.reduce_sum(tf.gather(wh, src) * self.a_src, -1) + tf.reduce_sum(tf.gather(wh, dst) * self.a_dst, -1), 0.2)
            e = tf.exp(e - tf.gather(tf.math.unsorted_segment_max(e, dst, n), dst))
            alpha = e / (tf.gather(tf.math.unsorted_segment_sum(e, dst, n), dst) + 1e-9)
            y = tf.math.unsorted_segment_sum(alpha[..., None] * tf.gather(wh, src), dst, n)
            return tf.reshape(y, [n, self.heads * self.units]) if self.concat else tf.reduce_mean(y, 1)

    class GAT(keras.Model):
        def __init__(self):
            super().__init__()
            self.g1, self.g2 = GraphAttention(8, 2, True), GraphAttention(3, 2, False)

        def call(self, inputs):
            x, ei = inputs
            loops = tf.range(tf.shape(x)[0], dtype=tf.int32)
            src, dst = tf.concat([tf.cast(ei[:, 0], tf.int32), loops], 0), tf.concat([tf.cast(ei[:, 1], tf.int32), loops], 0)
            return self.g2([tf.nn.elu(self.g1([x, src, dst])), src, dst])
    g = GAT()
    g((np.zeros((3, 16), "float32"), np.array([[0, 1], [1, 2]], "int32")))

    @tf.function(input_signature=[tensor_spec([None, 16], name="node_features"), tensor_spec([None, 2], "int32", "edge_index")])
    def serve(x, ei):
        return {"logits": g((x, ei))}
    serve_module(out, {"gat": g}, serving_default=serve)


def _feed_gat(rng):
    n, src, dst = _graph(rng)
    return {"node_features": rng.random((n, 16)), "edge_index": np.stack([src, dst], 1)}


FEEDS["g_gat_segment_softmax"] = _feed_gat


@model("g_gin_graph_classifier_segment_mean", "tf-module", "tf.Module GIN graph classifier on a batch of graphs: node_features float [None,8], edge_index int32 [2,None], sorted graph_ids int32 [None]; 2 GIN layers ((1+eps)*h + unsorted_segment_sum of gathered neighbours, Dense MLP); readout tf.math.segment_mean + segment_max by graph id, Concatenate, Dense softmax(3)")
def b_gin(out):
    class GIN(keras.Model):
        def __init__(self):
            super().__init__()
            self.mlps = [(L.Dense(32, activation="relu"), L.Dense(32, activation="relu")) for _ in range(2)]
            self.eps = [self.add_weight(shape=(), initializer="zeros", name=f"eps{k}") for k in range(2)]
            self.head = L.Dense(3, activation="softmax")

        def call(self, inputs):
            h, ei, gid = inputs
            src, dst, gid = tf.cast(ei[0], tf.int32), tf.cast(ei[1], tf.int32), tf.cast(gid, tf.int32)
            for (d1, d2), eps in zip(self.mlps, self.eps):
                h = d2(d1((1.0 + eps) * h + tf.math.unsorted_segment_sum(tf.gather(h, src), dst, tf.shape(h)[0])))
            return self.head(tf.concat([tf.math.segment_mean(h, gid), tf.math.segment_max(h, gid)], -1))
    g = GIN()
    g((np.zeros((3, 8), "float32"), np.array([[0, 1], [1, 2]], "int32"), np.array([0, 0, 1], "int32")))

    @tf.function(input_signature=[tensor_spec([None, 8], name="node_features"), tensor_spec([2, None], "int32", "edge_index"),
                                  tensor_spec([None], "int32", "graph_ids")])
    def serve(x, ei, gid):
        return {"graph_probs": g((x, ei, gid))}
    serve_module(out, {"gin": g}, serving_default=serve)


def _feed_gin(rng):
    gid = np.array([0, 0, 0, 0, 1, 1, 1, 2, 2, 2], "int32")
    src = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "int32")
    dst = np.array([1, 2, 3, 0, 5, 6, 4, 8, 9, 7], "int32")
    return {"node_features": rng.random((10, 8)), "edge_index": np.stack([src, dst]), "graph_ids": gid}


FEEDS["g_gin_graph_classifier_segment_mean"] = _feed_gin


@model("g_tf1_gcn_simple_save", "tf1-savedmodel", "TF1 tf.compat.v1 graph GCN: placeholders features float [None,8] and precomputed normalized adjacency [None,None]; get_variable weights, 2x tf.matmul(adj, tf.matmul(x, W)) + bias, relu, softmax(4); tf.compat.v1.saved_model.simple_save")
def b_tf1_gcn(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [None, 8], name="features")
        a = v1.placeholder(tf.float32, [None, None], name="adj_norm")
        h = x
        for k, (fi, fo) in enumerate(((8, 16), (16, 4))):
            w = v1.get_variable(f"gcn{k}/kernel", [fi, fo], initializer=v1.glorot_uniform_initializer(seed=k))
            b = v1.get_variable(f"gcn{k}/bias", [fo], initializer=v1.zeros_initializer())
            h = tf.matmul(a, tf.matmul(h, w)) + b
            h = tf.nn.relu(h) if k == 0 else tf.nn.softmax(h, name="probs")
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            v1.saved_model.simple_save(s, str(out), {"features": x, "adj_norm": a}, {"probs": h})


def _feed_tf1_gcn(rng):
    a = (rng.random((5, 5)) < 0.4).astype("float32") + np.eye(5, dtype="float32")
    return {"features": rng.random((5, 8)), "adj_norm": a / a.sum(1, keepdims=True)}


FEEDS["g_tf1_gcn_simple_save"] = _feed_tf1_gcn

# ================================================================================ control / RL / robotics

@model("g_dqn_uint8_frames_argmax", "tf-module", "tf.Module DQN: stacked frames uint8 [None,42,42,4] -> tf.cast + Rescaling(1/255), Conv2D 8x8/4, 4x4/2, 3x3/1 relu, Flatten, Dense(128), Dense(6) Q-values; serving returns q_values and tf.argmax action (int32)")
def b_dqn(out):
    i = keras.Input((42, 42, 4))
    x = L.Conv2D(16, 8, 4, activation="relu")(L.Rescaling(1 / 255)(i))
    x = L.Conv2D(32, 3, 1, activation="relu")(L.Conv2D(32, 4, 2, activation="relu")(x))
    q = keras.Model(i, L.Dense(6)(L.Dense(128, activation="relu")(L.Flatten()(x))))

    @tf.function(input_signature=[tensor_spec([None, 42, 42, 4], "uint8", "frames")])
    def act(frames):
        v = q(tf.cast(frames, tf.float32), training=False)
        return {"q_values": v, "action": tf.argmax(v, -1, output_type=tf.int32)}
    serve_module(out, {"q": q}, serving_default=act)


@model("g_sac_actor_tanh_mean", "keras-export", "SAC actor (subclassed keras.Model), obs float [None,11]: Dense(64 relu) x2, mean head -> tanh * 2.0 deterministic action [None,3]; a log_std Dense head is built and holds weights but is not used by call(); export with explicit input_signature")
def b_sac(out):
    class Actor(keras.Model):
        def __init__(self):
            super().__init__()
            self.l1, self.l2 = L.Dense(64, activation="relu"), L.Dense(64, activation="relu")
            self.mu, self.log_std = L.Dense(3), L.Dense(3)

        def call(self, obs):
            return 2.0 * ops.tanh(self.mu(self.l2(self.l1(obs))))
    a = Actor()
    a(np.zeros((1, 11), "float32"))
    a.log_std.build((None, 64))
    keras_export(a, out, [tensor_spec([None, 11], name="obs")])


@model("g_td3_actor_frozen", "frozen-pb", "TD3 actor, obs float [1,17] -> Dense(64 relu) x2, Dense(6 tanh), multiply by max_action 1.5 (Lambda); frozen GraphDef via convert_variables_to_constants_v2")
def b_td3(out):
    i = keras.Input((17,))
    x = L.Dense(6, activation="tanh")(L.Dense(64, activation="relu")(L.Dense(64, activation="relu")(i)))
    m = keras.Model(i, L.Lambda(lambda t: 1.5 * t)(x))
    freeze_function(lambda t: m(t, training=False), [tensor_spec([1, 17], name="obs")], out)


def _ppo_nets(obs_dim=8, n_act=4):
    i = keras.Input((obs_dim,))
    h = L.Dense(64, activation="tanh")(L.Dense(64, activation="tanh")(i))
    return keras.Model(i, [L.Dense(n_act)(h), L.Dense(1)(h)])


@model("g_ppo_policy_categorical_sample", "tf-module", "tf.Module PPO actor-critic, obs float [None,8]: shared Dense(64 tanh) x2, logits(4) and value heads; 'serving_default' samples action with tf.random.categorical (unseeded) and returns log-prob via log_softmax + gather, value; 'value' returns value only")
def b_ppo_sample(out):
    net = _ppo_nets()
    sig = [tensor_spec([None, 8], name="obs")]

    @tf.function(input_signature=sig)
    def act(obs):
        logits, v = net(obs, training=False)
        a = tf.squeeze(tf.random.categorical(logits, 1), -1)
        logp = tf.gather(tf.nn.log_softmax(logits), a, batch_dims=1)
        return {"action": a, "log_prob": logp, "value": tf.squeeze(v, -1)}

    @tf.function(input_signature=sig)
    def value(obs):
        return {"value": tf.squeeze(net(obs, training=False)[1], -1)}
    serve_module(out, {"net": net}, serving_default=act, value=value)


@model("g_ppo_policy_argmax_deterministic", "keras-export", "PPO policy for deployment, obs float [None,8]: separate actor and critic Dense(64 tanh) x2 MLPs; outputs logits(4), softmax probs, Lambda ops.argmax action, value")
def b_ppo_argmax(out):
    i = keras.Input((8,), name="obs")
    logits = L.Dense(4)(L.Dense(64, activation="tanh")(L.Dense(64, activation="tanh")(i)))
    value = L.Dense(1)(L.Dense(64, activation="tanh")(L.Dense(64, activation="tanh")(i)))
    action = L.Lambda(lambda t: ops.argmax(t, axis=-1))(logits)
    keras_export(keras.Model(i, {"logits": logits, "probs": L.Softmax()(logits), "action": action, "value": value}), out)


@model("g_recurrent_policy_lstmcell_state", "tf-module", "tf.Module recurrent policy with explicit state, batch 1: 'serving_default' step(obs [1,6], h [1,32], c [1,32]) -> Dense(32 relu), keras LSTMCell one step, logits(4), argmax action, value, new h, c; 'initial_state' (no inputs) -> zero h, c")
def b_rec_policy(out):
    class RecurrentPolicy(keras.Model):
        def __init__(self):
            super().__init__()
            self.enc, self.cell = L.Dense(32, activation="relu"), L.LSTMCell(32)
            self.pi, self.v = L.Dense(4), L.Dense(1)

        def call(self, inputs):
            obs, h, c = inputs
            y, (h2, c2) = self.cell(self.enc(obs), [h, c])
            return self.pi(y), self.v(y), h2, c2
    p = RecurrentPolicy()
    p((np.zeros((1, 6), "float32"), np.zeros((1, 32), "float32"), np.zeros((1, 32), "float32")))

    @tf.function(input_signature=[tensor_spec([1, 6], name="obs"), tensor_spec([1, 32], name="h"), tensor_spec([1, 32], name="c")])
    def step(obs, h, c):
        logits, v, h2, c2 = p((obs, h, c))
        return {"logits": logits, "action": tf.argmax(logits, -1), "value": v, "h": h2, "c": c2}

    @tf.function(input_signature=[])
    def initial_state():
        return {"h": tf.zeros([1, 32]), "c": tf.zeros([1, 32])}
    serve_module(out, {"policy": p}, serving_default=step, initial_state=initial_state)


@model("g_mpc_unrolled_dynamics_horizon10", "tf-module", "tf.Module model-predictive control with a learned dynamics MLP (Dense(64 relu) x2 -> state delta) unrolled by a python loop over a fixed horizon of 10: 'serving_default' rollout(state [None,4], actions [None,10,2]) -> trajectory, quadratic cost; 'plan' random shooting (state [1,4], candidates [64,10,2]) -> clip, tile, rollout, argmin cost, first action")
def b_mpc(out):
    i = keras.Input((6,))
    dyn = keras.Model(i, L.Dense(4)(L.Dense(64, activation="relu")(L.Dense(64, activation="relu")(i))))
    goal = tf.constant([[1.0, 0.0, 0.0, 0.0]])

    def rollout(s, acts):
        traj, cost = [], tf.zeros(tf.shape(s)[:1])
        for t in range(10):
            a = acts[:, t]
            s = s + dyn(tf.concat([s, a], -1), training=False)
            cost += tf.reduce_sum(tf.square(s - goal), -1) + 0.01 * tf.reduce_sum(tf.square(a), -1)
            traj.append(s)
        return tf.stack(traj, 1), cost

    @tf.function(input_signature=[tensor_spec([None, 4], name="state"), tensor_spec([None, 10, 2], name="actions")])
    def serve(s, acts):
        traj, cost = rollout(s, acts)
        return {"trajectory": traj, "cost": cost}

    @tf.function(input_signature=[tensor_spec([1, 4], name="state"), tensor_spec([64, 10, 2], name="candidates")])
    def plan(s, cand):
        cand = tf.clip_by_value(cand, -1.0, 1.0)
        _, cost = rollout(tf.tile(s, [64, 1]), cand)
        best = tf.argmin(cost)
        return {"action": cand[best, 0], "best_cost": cost[best]}
    serve_module(out, {"dynamics": dyn}, serving_default=serve, plan=plan)


def _kalman_mats(dt=0.1):
    F = np.eye(4, dtype="float32")
    F[0, 2] = F[1, 3] = dt
    H = np.eye(2, 4, dtype="float32")
    return F, H


@model("g_kalman_filter_step_solve", "tf-module", "tf.Module batched constant-velocity Kalman filter step: x float [None,4], P [None,4,4], z [None,2]; F, H, Q, R held as tf.Variables; predict with tf.linalg.matmul (transpose_b), update with S = HPH^T + R and gain via tf.linalg.solve, tf.linalg.matvec, identity minus KH; returns x, P, innovation")
def b_kalman(out):
    F, H = _kalman_mats()
    mod = tf.Module()
    mod.F, mod.H = tf.Variable(F, name="F"), tf.Variable(H, name="H")
    mod.Q, mod.R = tf.Variable(0.01 * np.eye(4, dtype="float32"), name="Q"), tf.Variable(0.1 * np.eye(2, dtype="float32"), name="R")

    @tf.function(input_signature=[tensor_spec([None, 4], name="x"), tensor_spec([None, 4, 4], name="P"), tensor_spec([None, 2], name="z")])
    def step(x, P, z):
        x = tf.linalg.matvec(mod.F, x)
        P = tf.linalg.matmul(tf.linalg.matmul(mod.F, P), mod.F, transpose_b=True) + mod.Q
        HP = tf.linalg.matmul(mod.H, P)
        S = tf.linalg.matmul(HP, mod.H, transpose_b=True) + mod.R
        K = tf.linalg.matrix_transpose(tf.linalg.solve(S, HP))  # P H^T S^-1 (P, S symmetric)
        y = z - tf.linalg.matvec(mod.H, x)
        x = x + tf.linalg.matvec(K, y)
        P = tf.linalg.matmul(tf.eye(4) - tf.linalg.matmul(K, mod.H), P)
        return {"x": x, "P": P, "innovation": y}
    mod.step = step
    tf.saved_model.save(mod, str(out), signatures={"serving_default": step})


FEEDS["g_kalman_filter_step_solve"] = lambda rng: {"P": np.tile(np.eye(4, dtype="float32"), (2, 1, 1))}


@model("g_kalman_update_inv_frozen", "frozen-pb", "single (unbatched) Kalman filter predict+update: x float [4], P [4,4], z [2]; process noise Q = L L^T from a variable, measurement noise R variable, tf.linalg.inv of the innovation covariance, tf.tensordot/matmul, returns x, P; frozen GraphDef via convert_variables_to_constants_v2")
def b_kalman_inv(out):
    F, H = (tf.constant(m) for m in _kalman_mats())
    Lq = tf.Variable(0.1 * np.tril(np.ones((4, 4), "float32")), name="Q_chol")
    R = tf.Variable(0.1 * np.eye(2, dtype="float32"), name="R")

    def update(x, P, z):
        x = tf.tensordot(F, x, 1)
        P = F @ P @ tf.transpose(F) + tf.matmul(Lq, Lq, transpose_b=True)
        K = P @ tf.transpose(H) @ tf.linalg.inv(H @ P @ tf.transpose(H) + R)
        x = x + tf.tensordot(K, z - tf.tensordot(H, x, 1), 1)
        return tf.identity(x, name="x_new"), tf.identity((tf.eye(4) - K @ H) @ P, name="P_new")
    freeze_function(update, [tensor_spec([4], name="x"), tensor_spec([4, 4], name="P"), tensor_spec([2], name="z")], out)


FEEDS["g_kalman_update_inv_frozen"] = lambda rng: {"P": np.eye(4, dtype="float32")}

# ================================================================================ misc: retrieval, metric / few-shot, capsules, MoE

@model("g_gem_retrieval_embedding_dynamic_hw", "keras-export", "image retrieval embedding on float [None,None,None,3] dynamic size: Conv/BN/ReLU backbone with 2 residual stages, GeM pooling layer (trainable p=3: clip, pow(x,p), reduce_mean, pow(1/p)), Dense(32) whitening, tf.math.l2_normalize")
def b_gem(out):
    class GeM(L.Layer):
        def build(self, s):
            self.p = self.add_weight(shape=(), initializer=keras.initializers.Constant(3.0), name="p")

        def call(self, x):
            return tf.pow(tf.reduce_mean(tf.pow(tf.maximum(x, 1e-6), self.p), [1, 2]), 1.0 / self.p)

    class L2Normalize(L.Layer):
        def call(self, x):
            return tf.math.l2_normalize(x, -1)
    i = keras.Input((None, None, 3), name="image")
    x = cbr(i, 16, s=2)
    for f in (32, 48):
        y = cbr(cbr(x, f, s=2), f, act="linear")
        x = L.ReLU()(L.Add()([y, L.Conv2D(f, 1, 2)(x)]))
    keras_export(keras.Model(i, L2Normalize()(L.Dense(32)(GeM()(x)))), out)


@model("g_cosine_prototype_bank_topk", "tf-module", "tf.Module: image float [None,32,32,3] -> small CNN embedding (Conv/BN/ReLU, MaxPool, GAP, Dense 32), l2_normalize, tf.matmul cosine similarity against a stored normalized prototype bank variable [50,32], tf.math.top_k(5), tf.gather of string labels; returns scores, indices, labels")
def b_cosbank(out):
    i = keras.Input((32, 32, 3))
    x = L.MaxPooling2D()(cbr(L.MaxPooling2D()(cbr(i, 16)), 32))
    emb = keras.Model(i, L.Dense(32)(L.GlobalAveragePooling2D()(cbr(x, 32))))
    bank = np.random.default_rng(0).normal(size=(50, 32)).astype("float32")
    bank = tf.Variable(bank / np.linalg.norm(bank, axis=1, keepdims=True), name="prototype_bank")
    labels = tf.constant([f"item_{k:02d}" for k in range(50)])

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def search(img):
        e = tf.math.l2_normalize(emb(img, training=False), -1)
        scores, idx = tf.math.top_k(tf.matmul(e, bank, transpose_b=True), k=5)
        return {"scores": scores, "indices": idx, "labels": tf.gather(labels, idx)}
    serve_module(out, {"embed": emb, "bank": bank}, serving_default=search)


@model("g_protonet_fewshot_5way", "tf-module", "tf.Module prototypical network, 5-way: support float [None,28,28,1] + support_labels int32 [None] (0..4) + query [None,28,28,1]; 3 conv blocks (Conv2D, BN, ReLU, MaxPool) + Flatten embedding, prototypes by tf.math.unsorted_segment_mean, squared euclidean distances, softmax(-d), argmax")
def b_protonet(out):
    i = x = keras.Input((28, 28, 1))
    for _ in range(3):
        x = L.MaxPooling2D()(cbr(x, 16))
    emb = keras.Model(i, L.Flatten()(x))

    @tf.function(input_signature=[tensor_spec([None, 28, 28, 1], name="support"), tensor_spec([None], "int32", "support_labels"),
                                  tensor_spec([None, 28, 28, 1], name="query")])
    def classify(support, labels, query):
        protos = tf.math.unsorted_segment_mean(emb(support, training=False), labels, 5)
        d = tf.reduce_sum(tf.square(emb(query, training=False)[:, None, :] - protos[None]), -1)
        return {"probs": tf.nn.softmax(-d), "prediction": tf.argmax(-d, -1)}
    serve_module(out, {"embed": emb}, serving_default=classify)


FEEDS["g_protonet_fewshot_5way"] = lambda rng: {"support": rng.random((10, 28, 28, 1)), "support_labels": np.arange(10, dtype="int32") % 5}


@model("g_capsnet_dynamic_routing", "keras-export", "CapsNet, float [None,28,28,1]: Conv2D 9x9 relu, primary capsules (Conv2D 9x9 stride 2, Reshape to 144x8, squash), DigitCaps layer (W [144,10,16,8], tf.einsum predictions, 3 routing iterations with softmax over classes and agreement updates, squash), capsule lengths [None,10]")
def b_capsnet(out):
    def squash(s, axis=-1):
        n2 = tf.reduce_sum(tf.square(s), axis, keepdims=True)
        return n2 / (1.0 + n2) * s / tf.sqrt(n2 + 1e-7)

    class Squash(L.Layer):
        def call(self, s):
            return squash(s)

    class DigitCaps(L.Layer):
        def build(self, s):
            self.w = self.add_weight(shape=(s[1], 10, 16, s[2]), initializer="glorot_uniform")

        def call(self, u):
            u_hat = tf.einsum("ijkl,bil->bijk", self.w, u)  # [B,144,10,16]
            b = tf.zeros(tf.shape(u_hat)[:3])
            for r in range(3):
                c = tf.nn.softmax(b, axis=2)
                v = squash(tf.reduce_sum(c[..., None] * u_hat, 1))  # [B,10,16]
                if r < 2:
                    b = b + tf.reduce_sum(u_hat * v[:, None], -1)
            return tf.sqrt(tf.reduce_sum(tf.square(v), -1) + 1e-7)
    i = keras.Input((28, 28, 1), name="image")
    x = L.Conv2D(32, 9, 2, activation=None)(L.Conv2D(32, 9, activation="relu")(i))
    keras_export(keras.Model(i, DigitCaps()(Squash()(L.Reshape((144, 8))(x)))), out)


@model("g_moe_vision_head_top2", "keras-export", "Mixture-of-Experts vision head, float [None,32,32,3]: Conv/BN/ReLU stem, GAP; MoE layer with softmax gate Dense(4), tf.math.top_k(2) + tf.one_hot mask and renormalization, 4 expert MLPs (Dense relu -> Dense 10) stacked, tf.einsum weighted sum -> softmax")
def b_moe(out):
    class MoE(L.Layer):
        def __init__(self, n=4, k=2, **kw):
            super().__init__(**kw)
            self.n, self.k, self.gate = n, k, L.Dense(n)
            self.experts = [(L.Dense(32, activation="relu"), L.Dense(10)) for _ in range(n)]

        def call(self, x):
            g = tf.nn.softmax(self.gate(x))
            _, idx = tf.math.top_k(g, self.k)
            g = g * tf.reduce_sum(tf.one_hot(idx, self.n), 1)
            g = g / tf.reduce_sum(g, -1, keepdims=True)
            y = tf.stack([e2(e1(x)) for e1, e2 in self.experts], 1)
            return tf.einsum("be,bec->bc", g, y)
    i = keras.Input((32, 32, 3), name="image")
    x = L.GlobalAveragePooling2D()(cbr(cbr(cbr(i, 16, s=2), 32, s=2), 48, s=2))
    keras_export(keras.Model(i, L.Softmax()(MoE()(x))), out)

# ================================================================================ TF1 graphs


@model("g_tf1_dcgan_generator_builder", "tf1-savedmodel", "TF1 tf.compat.v1 DCGAN generator: placeholder z float [None,16] -> matmul, reshape 4x4x32, tf.nn.batch_normalization with moving-stat variables, relu, 2x tf.nn.conv2d_transpose stride 2 (output_shape from tf.shape batch), tanh -> [None,16,16,3]; SavedModelBuilder with predict signature")
def b_tf1_dcgan(out):
    v1 = tf.compat.v1

    def build():
        init = v1.random_normal_initializer(0.0, 0.02, seed=0)

        def bn(x, name):
            c = x.shape[-1]
            with v1.variable_scope(name):
                gamma, beta = v1.get_variable("gamma", [c], initializer=v1.ones_initializer()), v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
                mean = v1.get_variable("moving_mean", [c], initializer=v1.zeros_initializer(), trainable=False)
                var = v1.get_variable("moving_variance", [c], initializer=v1.ones_initializer(), trainable=False)
            return tf.nn.batch_normalization(x, mean, var, beta, gamma, 1e-5)
        z = v1.placeholder(tf.float32, [None, 16], name="z")
        n = tf.shape(z)[0]
        x = tf.nn.relu(bn(tf.reshape(tf.matmul(z, v1.get_variable("fc/w", [16, 512], initializer=init)), [-1, 4, 4, 32]), "bn0"))
        w1 = v1.get_variable("deconv1/w", [4, 4, 16, 32], initializer=init)
        x = tf.nn.relu(bn(tf.nn.conv2d_transpose(x, w1, tf.stack([n, 8, 8, 16]), [1, 2, 2, 1], "SAME"), "bn1"))
        w2, b2 = v1.get_variable("deconv2/w", [4, 4, 3, 16], initializer=init), v1.get_variable("deconv2/b", [3], initializer=v1.zeros_initializer())
        img = tf.tanh(tf.nn.bias_add(tf.nn.conv2d_transpose(x, w2, tf.stack([n, 16, 16, 3]), [1, 2, 2, 1], "SAME"), b2), name="image")
        return {"serving_default": ({"z": z}, {"image": img})}
    tf1_saved_model(out, build)


@model("g_tf1_a2c_policy_two_signatures", "tf1-savedmodel", "TF1 tf.compat.v1 A2C policy: placeholder obs float [None,8] -> shared 2x (matmul + tanh) get_variable layers, policy softmax(4) + argmax action and value head; SavedModelBuilder with two signatures: serving_default (probs, action) and value")
def b_tf1_a2c(out):
    v1 = tf.compat.v1

    def build():
        obs = v1.placeholder(tf.float32, [None, 8], name="obs")

        def dense(x, n, name):
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [x.shape[-1], n], initializer=v1.orthogonal_initializer(seed=0))
                return tf.matmul(x, w) + v1.get_variable("bias", [n], initializer=v1.zeros_initializer())
        h = tf.tanh(dense(tf.tanh(dense(obs, 64, "fc1")), 64, "fc2"))
        probs = tf.nn.softmax(dense(h, 4, "pi"), name="probs")
        value = tf.squeeze(dense(h, 1, "v"), -1, name="value")
        return {"serving_default": ({"obs": obs}, {"probs": probs, "action": tf.argmax(probs, -1, name="action")}),
                "value": ({"obs": obs}, {"value": value})}
    tf1_saved_model(out, build)

# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS)))
