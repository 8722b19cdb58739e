"""Build an independently made corpus into bench/out/fresh43/: generative and image-to-image models the way mobile and
creative-app teams ship them, most meant for full-integer int8 or float16 TFLite and the GPU delegate. GAN generators
(DCGAN with Conv2DTranspose, a seeded DCGAN sampler returning a uint8 grid, a StyleGAN-lite mapping network with pixel
norm, truncation and hand-written modulated / demodulated convolutions with seeded noise injection, a pix2pix U-Net
whose dropout stays on at inference, CycleGAN ResNet generators with reflection padding and instance norm); VAEs (an
encoder reparameterized with a seed input and tf.random.stateless_normal, an ExportArchive with encode (mean only) /
decode / sample endpoints, a decoder-only batch-1 export, a conditional VAE with one-hot labels, a VQ-VAE codebook with
argmin + gather); diffusion (DDPM / DDIM UNets with sinusoidal timestep embeddings, GroupNormalization and
self-attention at low resolution, a single denoising step, a DDIM sampler tf.while_loop with a step-count input, a
fixed-step sampler frozen to a GraphDef, a latent-diffusion VAE decoder, a text-to-image toy with token embeddings,
cross-attention and classifier-free guidance); neural style transfer (fast style transfer with instance norm and
upsample-conv, AdaIN with mean / variance matching, a Magenta-style style predictor + conditional-instance-norm
transformer); super-resolution (ESRGAN-lite RRDB, EDSR with depth_to_space, ESPCN on the Y channel with a bicubic
residual and hand-written YCbCr, FSRCNN with PReLU and a transposed conv, a uint8-in / uint8-out real-time upscaler);
inpainting (partial convolutions with mask updates, DeepFill-style gated convolutions, a LaMa-style fast Fourier
convolution with rfft2d / irfft2d); colorization (hand-written sRGB <-> CIELAB, L in / ab out; ab-bin classification with
an annealed mean); denoising and deblurring (DnCNN, NAFNet-lite with SimpleGate and a channel layer norm, FFDNet with a
noise-level map and space_to_depth, a TF1 multi-scale deblurring net); matting and background replacement (MODNet-lite
with IBNorm, a background-matting coarse / refine pair with an error map, a TF1 portrait segmenter with background blur);
audio generation (a WaveNet with gated dilated causal convolutions and speaker conditioning, a WaveNet sampler
tf.while_loop with stateless categorical sampling and mu-law decoding, a MelGAN upsampler with reflection padding, an
iSTFTNet-lite head with tf.signal.inverse_stft). Fixed batch 1 and fixed spatial sizes for on-device models, a few None
sizes. Exported as Keras 3 model.export (batch-1 signatures where the app runs batch 1), keras.export.ExportArchive with
several endpoints, tf.saved_model.save of tf.Modules with explicit signatures, TF2 functions frozen with
convert_variables_to_constants_v2, and TF1 graph-mode graphs frozen with graph_util.convert_variables_to_constants.
Seeded random weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are
recorded here.

    .venv/bin/python scripts/build_corpus_fresh43.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh43.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh43.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh43.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh43.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys
import types

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh43", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None
K = types.SimpleNamespace()  # the custom layers (defined in _setup, once Keras is imported)

# Inputs that need real values (seeds, timesteps in range, masks, labels, step counts): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

T_STEPS = 1000  # diffusion schedule length


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _specs(m):
    return [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps the inputs' batch
    size (batch-1 on-device signatures) by passing the model's own input structure as the input_signature"""
    specs = _specs(m)
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = None
    if fixed:
        sig = [keras.tree.map_structure(lambda t: tensor_spec(t.shape, t.dtype, t.name), m._inputs_struct)]
    keras_export(m, out, sig=sig)


def _archive(out, tracked, **endpoints):
    """keras.export.ExportArchive: track the Keras models, one endpoint per name -> (fn, [TensorSpec]); every endpoint
    is run once on the --check inputs first (the first endpoint becomes serving_default)"""
    archive = keras.export.ExportArchive()
    for t in tracked:
        archive.track(t)
    for name, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, name)
        fn(*[vals[s.name] for s in specs])
        archive.add_endpoint(name, fn, input_signature=specs)
    archive.write_out(str(out), verbose=False)


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


def _hole_mask(rng, shape, valid=True):
    """a [B,H,W,1] inpainting mask with a rectangular hole and a few random strokes; 1 = valid pixel if `valid`
    (partial-conv convention), else 1 = hole (DeepFill / LaMa convention)"""
    b, h, w, _ = shape
    hole = np.zeros(shape, "float32")
    hole[:, h // 4:h // 2 + 4, w // 3:w // 3 + w // 4, :] = 1.0
    hole[:, rng.integers(0, h, 6), :, :] = 1.0
    return 1.0 - hole if valid else hole


def _seed(v=(3, 7)):
    return list(v)


def _schedule():
    """linear DDPM beta schedule (1e-4 .. 0.02 over T_STEPS) -> alphas_cumprod float32 [T]"""
    betas = np.linspace(1e-4, 0.02, T_STEPS, dtype="float64")
    return np.cumprod(1.0 - betas).astype("float32")


def _ddim_update(ac, x, t, t_prev, eps, eta=0.0, noise=None):
    """one DDIM step (Song et al.) x_t -> x_{t_prev} from eps; t / t_prev int32 [1] (t_prev < 0 means the last step,
    alpha_prev = 1); eta scales the stochastic part; returns (x_prev, x0_pred clipped to [-1,1])"""
    a_t = tf.reshape(tf.gather(ac, t), [-1, 1, 1, 1])
    a_prev = tf.reshape(tf.where(t_prev >= 0, tf.gather(ac, tf.maximum(t_prev, 0)), tf.ones_like(t_prev, tf.float32)),
                        [-1, 1, 1, 1])
    x0 = tf.clip_by_value((x - tf.sqrt(1.0 - a_t) * eps) / tf.sqrt(a_t), -1.0, 1.0)
    sigma = eta * tf.sqrt((1.0 - a_prev) / (1.0 - a_t)) * tf.sqrt(tf.maximum(1.0 - a_t / a_prev, 0.0))
    x_prev = tf.sqrt(a_prev) * x0 + tf.sqrt(tf.maximum(1.0 - a_prev - sigma ** 2, 0.0)) * eps
    if noise is not None:
        x_prev = x_prev + sigma * noise
    return x_prev, x0


def _to_uint8(x):
    """[-1,1] float image -> uint8 [0,255] (round, clip, cast)"""
    return tf.cast(tf.clip_by_value(tf.round((x + 1.0) * 127.5), 0.0, 255.0), tf.uint8)


# ---- Keras building blocks

def _res_t(x, temb, c, groups=8, dropout=0.0):
    """DDPM residual block: GroupNorm, swish, conv; + Dense(time embedding) broadcast over H, W; GroupNorm, swish,
    (dropout), conv; 1x1 shortcut when the channel count changes"""
    h = L.Conv2D(c, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(groups)(x)))
    h = h + L.Reshape((1, 1, c))(L.Dense(c)(L.Activation("swish")(temb)))
    h = L.Activation("swish")(L.GroupNormalization(groups)(h))
    if dropout:
        h = L.Dropout(dropout)(h)
    h = L.Conv2D(c, 3, padding="same")(h)
    if x.shape[-1] != c:
        x = L.Conv2D(c, 1)(x)
    return x + h


def _time_mlp(t, c):
    """sinusoidal timestep embedding (custom layer) -> Dense(4c, swish) -> Dense(4c)"""
    return L.Dense(4 * c)(L.Dense(4 * c, activation="swish")(K.TimeEmbedding(c)(t)))


def _ddpm_unet(size, cin, chans=(32, 64, 64), attn_at=8, name="unet", batch_size=None):
    """a small DDPM UNet: x_t [None,size,size,cin], timestep int32 [None] -> eps; one res block per level, stride-2 conv
    down, nearest UpSampling2D + conv up, concat skips, hand-written self-attention at `attn_at` resolution"""
    x_in = keras.Input((size, size, cin), batch_size=batch_size, name="x_t")
    t_in = keras.Input((), dtype="int32", batch_size=batch_size, name="timestep")
    temb = _time_mlp(t_in, chans[0])
    h = L.Conv2D(chans[0], 3, padding="same")(x_in)
    skips, res = [], size
    for i, c in enumerate(chans):
        h = _res_t(h, temb, c)
        if res == attn_at:
            h = K.SelfAttention2D()(h)
        skips.append(h)
        if i < len(chans) - 1:
            h = L.Conv2D(c, 3, strides=2, padding="same")(h)
            res //= 2
    h = K.SelfAttention2D()(_res_t(h, temb, chans[-1]))
    for i, c in reversed(list(enumerate(chans))):
        h = _res_t(L.Concatenate()([h, skips[i]]), temb, c)
        if res == attn_at:
            h = K.SelfAttention2D()(h)
        if i > 0:
            h = L.Conv2D(c, 3, padding="same")(L.UpSampling2D()(h))
            res *= 2
    h = L.Activation("swish")(L.GroupNormalization(8)(h))
    return keras.Model([x_in, t_in], L.Conv2D(cin, 3, padding="same", name="eps")(h), name=name)


def _conv_in_relu(x, c, k, s=1, reflect=False):
    """conv + instance norm + relu (CycleGAN / fast style transfer)"""
    if reflect:
        x = K.ReflectPad(k // 2)(x)
    x = L.Conv2D(c, k, strides=s, padding="valid" if reflect else "same")(x)
    return L.ReLU()(K.InstanceNorm()(x))


# ================================================================================ GAN generators

@model("s43_dcgan_generator_convtranspose_b1", "keras-export", "DCGAN generator (Radford et al.) exported for batch-1 on-device sampling, z float [1,100]: Dense(4*4*256, no bias) + BatchNormalization + LeakyReLU(0.2), Reshape, Conv2DTranspose(5x5, stride 2, no bias) 128 / 64 each with BatchNormalization + LeakyReLU, Conv2DTranspose(3, stride 2, tanh) -> image [1,32,32,3] in [-1,1]; model.export with a batch-1 input_signature")
def b_dcgan(out):
    z = keras.Input((100,), batch_size=1, name="z")
    x = L.Reshape((4, 4, 256))(L.LeakyReLU(0.2)(L.BatchNormalization()(L.Dense(4 * 4 * 256, use_bias=False)(z))))
    for c in (128, 64):
        x = L.LeakyReLU(0.2)(L.BatchNormalization()(L.Conv2DTranspose(c, 5, strides=2, padding="same", use_bias=False)(x)))
    _export(keras.Model(z, L.Conv2DTranspose(3, 5, strides=2, padding="same", activation="tanh", name="image")(x)), out, fixed=True)


@model("s43_dcgan_mnist_seeded_grid_uint8", "tf-module", "TF DCGAN-tutorial MNIST generator (Dense 7*7*256 + BN + LeakyReLU, Reshape, Conv2DTranspose 128 stride 1 / 64 stride 2 / 1 stride 2 tanh, all with BatchNormalization) served by a tf.Module with two signatures: generate(z float [None,100]) -> images [None,28,28,1]; serving_default sample(seed int32 [2]) -> 16 latents from tf.random.stateless_normal, images cast to uint8 ((x+1)*127.5 round / clip) and tiled into a 4x4 grid [112,112] by reshape + transpose")
def b_dcgan_mnist(out):
    z = keras.Input((100,))
    x = L.Reshape((7, 7, 256))(L.LeakyReLU()(L.BatchNormalization()(L.Dense(7 * 7 * 256, use_bias=False)(z))))
    for c, s in ((128, 1), (64, 2)):
        x = L.LeakyReLU()(L.BatchNormalization()(L.Conv2DTranspose(c, 5, strides=s, padding="same", use_bias=False)(x)))
    gen = keras.Model(z, L.Conv2DTranspose(1, 5, strides=2, padding="same", use_bias=False, activation="tanh")(x))

    @tf.function(input_signature=[tensor_spec([2], "int32", "seed")])
    def sample(seed):
        images = gen(tf.random.stateless_normal([16, 100], seed=seed), training=False)
        u8 = _to_uint8(images)[..., 0]                                      # [16,28,28]
        grid = tf.reshape(tf.transpose(tf.reshape(u8, [4, 4, 28, 28]), [0, 2, 1, 3]), [112, 112])
        return {"images": u8, "grid": grid}

    @tf.function(input_signature=[tensor_spec([None, 100], name="z")])
    def generate(z):
        return {"images": gen(z, training=False)}
    _save(out, {"generator": gen}, serving_default=sample, generate=generate)


FEEDS["s43_dcgan_mnist_seeded_grid_uint8"] = {"seed": _seed((11, 5))}


@model("s43_stylegan_lite_mapping_modconv", "tf-module", "StyleGAN2-lite written by hand with raw tf.Variables (equalized learning rate: weights scaled by 1/sqrt(fan_in) at run time), batch 1: mapping(z float [1,64]) -> pixel norm (z * rsqrt(mean(z^2) + 1e-8)), 4 Dense + leaky_relu(0.2)*sqrt(2) -> w [1,64]; serving_default synthesize(z, psi float [], seed int32 [2]) -> truncation w_avg + psi (w - w_avg), learned constant 4x4x64 tiled, per layer an affine style (+1), modulated conv (x * style, conv2d, * demodulation rsqrt(sum((w*style)^2) + 1e-8)), noise injection from tf.random.stateless_normal(seed + layer index) times a learned strength, bias, leaky relu; nearest tf.image.resize x2 between resolutions 4/8/16/32; modulated 1x1 toRGB (no demod) summed over resolutions with bilinear-upsampled skips -> image [1,32,32,3], uint8 image")
def b_stylegan(out):
    rng = np.random.default_rng(43)

    def var(shape, name, scale=1.0):
        return tf.Variable(rng.normal(0, scale, shape).astype("float32"), name=name)
    zdim = wdim = 64
    mapping = [(var([zdim if i == 0 else wdim, wdim], f"map_w{i}"), tf.Variable(tf.zeros([wdim]), name=f"map_b{i}")) for i in range(4)]
    w_avg = tf.Variable(rng.normal(0, 0.1, [wdim]).astype("float32"), name="w_avg")
    const = var([1, 4, 4, 64], "const")
    chans = {4: 64, 8: 64, 16: 32, 32: 16}
    layers, torgb, prev = [], [], 64
    for i, (res, c) in enumerate(chans.items()):
        for j in range(1 if res == 4 else 2):
            layers.append(dict(res=res, up=(j == 0 and res > 4), affine=var([wdim, prev], f"aff{res}_{j}"),
                               aff_b=tf.Variable(tf.zeros([prev]), name=f"affb{res}_{j}"), w=var([3, 3, prev, c], f"conv{res}_{j}"),
                               b=tf.Variable(tf.zeros([c]), name=f"b{res}_{j}"), noise=tf.Variable(0.1, name=f"noise{res}_{j}")))
            prev = c
        torgb.append(dict(affine=var([wdim, c], f"rgb_aff{res}"), aff_b=tf.Variable(tf.zeros([c]), name=f"rgb_affb{res}"),
                          w=var([1, 1, c, 3], f"rgb{res}"), b=tf.Variable(tf.zeros([3]), name=f"rgb_b{res}")))
    lrelu = lambda t: tf.nn.leaky_relu(t, 0.2) * np.sqrt(2.0).astype("float32")  # noqa: E731

    def map_z(z):
        x = z * tf.math.rsqrt(tf.reduce_mean(tf.square(z), axis=1, keepdims=True) + 1e-8)
        for w, b in mapping:
            x = lrelu(tf.matmul(x, w * (1.0 / np.sqrt(int(w.shape[0])))) + b)
        return x

    def modconv(x, style, w, demod=True):
        fan_in = float(np.prod(w.shape[:3]))
        ws = w * (1.0 / np.sqrt(fan_in))
        y = tf.nn.conv2d(x * style[:, None, None, :], ws, 1, "SAME")
        if demod:
            d = tf.math.rsqrt(tf.reduce_sum(tf.square(ws[None] * style[:, None, None, :, None]), axis=[1, 2, 3]) + 1e-8)
            y = y * d[:, None, None, :]
        return y

    def synth(w, seed):
        x, rgb, li = tf.tile(const, [tf.shape(w)[0], 1, 1, 1]), None, 0
        for ri, res in enumerate(chans):
            for lay in (lay for lay in layers if lay["res"] == res):
                if lay["up"]:
                    x = tf.image.resize(x, [res, res], method="nearest")
                style = tf.matmul(w, lay["affine"] * (1.0 / np.sqrt(wdim))) + lay["aff_b"] + 1.0
                x = modconv(x, style, lay["w"])
                x = x + lay["noise"] * tf.random.stateless_normal([1, res, res, 1], seed=seed + tf.constant([li, 0]))
                x = lrelu(x + lay["b"])
                li += 1
            t = torgb[ri]
            y = modconv(x, tf.matmul(w, t["affine"] * (1.0 / np.sqrt(wdim))) + t["aff_b"], t["w"], demod=False) + t["b"]
            rgb = y if rgb is None else tf.image.resize(rgb, [res, res], method="bilinear") + y
        return rgb

    @tf.function(input_signature=[tensor_spec([1, zdim], name="z")])
    def mapping_fn(z):
        return {"w": map_z(z)}

    @tf.function(input_signature=[tensor_spec([1, zdim], name="z"), tensor_spec([], name="psi"),
                                  tensor_spec([2], "int32", "seed")])
    def synthesize(z, psi, seed):
        w = w_avg + psi * (map_z(z) - w_avg)
        img = synth(w, seed)
        return {"image": img, "image_uint8": _to_uint8(img)}
    _save(out, {"vars": [v for m in mapping for v in m] + [w_avg, const]
                + [v for d in layers + torgb for v in d.values() if isinstance(v, tf.Variable)]},
          serving_default=synthesize, mapping=mapping_fn)


FEEDS["s43_stylegan_lite_mapping_modconv"] = lambda rng: {"psi": 0.7, "seed": _seed((1, 2)), "z": rng.normal(size=(1, 64))}


@model("s43_pix2pix_unet_test_time_dropout_b1", "keras-export", "pix2pix U-Net generator (Isola et al.) for a sketch-to-photo app, fixed image [1,64,64,3]: 6 downsampling Conv2D(4x4, stride 2) + BatchNormalization (not on the first) + LeakyReLU(0.2) to 1x1, upsampling Conv2DTranspose(4x4, stride 2) + BatchNormalization + ReLU with concatenated skips; the first three up blocks keep dropout(0.5) on at inference through a custom layer calling keras.random.dropout with a SeedGenerator regardless of `training` (pix2pix's test-time noise); Conv2DTranspose(3, tanh); model.export batch 1")
def b_pix2pix(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="input_image")
    x, skips = inp, []
    for i, c in enumerate((32, 64, 128, 128, 128, 128)):
        x = L.Conv2D(c, 4, strides=2, padding="same", use_bias=False)(x)
        x = L.LeakyReLU(0.2)(x if i == 0 else L.BatchNormalization()(x))
        skips.append(x)
    for i, (c, skip) in enumerate(zip((128, 128, 128, 64, 32), reversed(skips[:-1]))):
        x = L.BatchNormalization()(L.Conv2DTranspose(c, 4, strides=2, padding="same", use_bias=False)(x))
        if i < 3:
            x = K.AlwaysDropout(0.5)(x)
        x = L.Concatenate()([L.ReLU()(x), skip])
    _export(keras.Model(inp, L.Conv2DTranspose(3, 4, strides=2, padding="same", activation="tanh", name="output_image")(x)),
            out, fixed=True)


@model("s43_cyclegan_resnet_reflect_instnorm_b1", "keras-export", "CycleGAN ResNet generator (horse2zebra style), fixed [1,64,64,3]: custom ReflectPad layer (tf.pad REFLECT) + Conv2D 7x7 + custom InstanceNorm (tf.nn.moments over H,W, learned scale / offset) + ReLU, two stride-2 Conv2D + InstanceNorm + ReLU downsamples, 4 residual blocks (reflect pad, conv 3x3, instance norm, relu, reflect pad, conv, instance norm, add), two Conv2DTranspose(stride 2) + InstanceNorm + ReLU, reflect pad + Conv2D 7x7 tanh; model.export batch 1")
def b_cyclegan(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = _conv_in_relu(inp, 32, 7, reflect=True)
    x = _conv_in_relu(_conv_in_relu(x, 64, 3, 2), 128, 3, 2)
    for _ in range(4):
        h = _conv_in_relu(x, 128, 3, reflect=True)
        h = K.InstanceNorm()(L.Conv2D(128, 3)(K.ReflectPad(1)(h)))
        x = x + h
    for c in (64, 32):
        x = L.ReLU()(K.InstanceNorm()(L.Conv2DTranspose(c, 3, strides=2, padding="same")(x)))
    _export(keras.Model(inp, L.Conv2D(3, 7, activation="tanh", name="translated")(K.ReflectPad(3)(x))), out, fixed=True)


@model("s43_cyclegan_groupnorm_resizeconv_dynamic_frozen", "frozen-pb", "CycleGAN-style photo-to-painting generator for any image size frozen with convert_variables_to_constants_v2, float [1,None,None,3] (H, W multiples of 4): Conv2D 7x7 + GroupNormalization(groups=-1, i.e. instance norm) + ReLU, two stride-2 convs, 3 residual blocks with GroupNormalization(groups=-1), resize-convolution upsampling (UpSampling2D nearest + Conv2D) x2 instead of transposed convs, Conv2D 7x7 tanh")
def b_cyclegan_dyn(out):
    inp = keras.Input((None, None, 3))

    def cn(x, c, k, s=1, act=True):
        x = L.GroupNormalization(groups=-1)(L.Conv2D(c, k, strides=s, padding="same")(x))
        return L.ReLU()(x) if act else x
    x = cn(cn(cn(inp, 16, 7), 32, 3, 2), 64, 3, 2)
    for _ in range(3):
        x = x + cn(cn(x, 64, 3), 64, 3, act=False)
    for c in (32, 16):
        x = cn(L.UpSampling2D()(x), c, 3)
    g = keras.Model(inp, L.Conv2D(3, 7, padding="same", activation="tanh")(x))
    _freeze(lambda image: tf.identity(g(image, training=False), name="painting"), [tensor_spec([1, None, None, 3], name="image")], out)


OUTPUTS["s43_cyclegan_groupnorm_resizeconv_dynamic_frozen"] = ["painting"]


# ================================================================================ VAEs

def _mnist_encoder(latent, cond=0):
    inp = keras.Input((28, 28, 1))
    x = L.Conv2D(64, 3, strides=2, padding="same", activation="relu")(L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(inp))
    return inp, L.Dense(2 * latent)(L.Flatten()(x))


@model("s43_vae_reparam_seed_stateless_normal", "tf-module", "TF CVAE-tutorial convolutional VAE on MNIST (encoder Conv2D 32/64 stride 2 -> Dense 2*16 split into mean / logvar; decoder Dense 7*7*32, Reshape, Conv2DTranspose 64/32 stride 2 relu, Conv2DTranspose(1) logits) served from a tf.Module: encode(image float [None,28,28,1], seed int32 [2]) -> mean, logvar, z = mean + exp(logvar/2) * tf.random.stateless_normal(tf.shape(mean), seed); decode(z float [None,16]) -> sigmoid probabilities; serving_default reconstruct(image, seed) -> reconstruction")
def b_vae_seed(out):
    inp, h = _mnist_encoder(16)
    enc = keras.Model(inp, h)
    z = keras.Input((16,))
    x = L.Reshape((7, 7, 32))(L.Dense(7 * 7 * 32, activation="relu")(z))
    for c in (64, 32):
        x = L.Conv2DTranspose(c, 3, strides=2, padding="same", activation="relu")(x)
    dec = keras.Model(z, L.Conv2DTranspose(1, 3, padding="same")(x))

    def reparam(image, seed):
        mean, logvar = tf.split(enc(image, training=False), 2, axis=1)
        return mean, logvar, mean + tf.exp(0.5 * logvar) * tf.random.stateless_normal(tf.shape(mean), seed=seed)
    img, sd = tensor_spec([None, 28, 28, 1], name="image"), tensor_spec([2], "int32", "seed")

    @tf.function(input_signature=[img, sd])
    def encode(image, seed):
        mean, logvar, z = reparam(image, seed)
        return {"mean": mean, "logvar": logvar, "z": z}

    @tf.function(input_signature=[tensor_spec([None, 16], name="z")])
    def decode(z):
        return {"probabilities": tf.sigmoid(dec(z, training=False))}

    @tf.function(input_signature=[img, sd])
    def reconstruct(image, seed):
        return {"reconstruction": tf.sigmoid(dec(reparam(image, seed)[2], training=False))}
    _save(out, {"encoder": enc, "decoder": dec}, serving_default=reconstruct, encode=encode, decode=decode)


FEEDS["s43_vae_reparam_seed_stateless_normal"] = {"seed": _seed((4, 2))}


@model("s43_conv_vae_export_archive_encode_decode_sample", "keras-export", "convolutional VAE for 32x32 RGB avatars exported with keras.export.ExportArchive and three endpoints: encode(images float [None,32,32,3]) -> the posterior mean only (no sampling at serving) and logvar; decode(latents float [None,32]) -> images sigmoid; sample(seed int32 [2]) -> 8 latents from tf.random.stateless_normal decoded to images and uint8; encoder Conv2D 32/64/128 stride 2 + BatchNormalization + LeakyReLU, Dense 64; decoder Dense 4*4*128, Conv2DTranspose 64/32/16 + BatchNormalization + ReLU, Conv2D 3 sigmoid")
def b_vae_archive(out):
    inp = keras.Input((32, 32, 3))
    x = inp
    for c in (32, 64, 128):
        x = L.LeakyReLU(0.2)(L.BatchNormalization()(L.Conv2D(c, 3, strides=2, padding="same")(x)))
    enc = keras.Model(inp, L.Dense(64)(L.Flatten()(x)), name="encoder")
    z = keras.Input((32,))
    x = L.Reshape((4, 4, 128))(L.Dense(4 * 4 * 128)(z))
    for c in (64, 32, 16):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(c, 3, strides=2, padding="same")(x)))
    dec = keras.Model(z, L.Conv2D(3, 3, padding="same", activation="sigmoid")(x), name="decoder")

    def encode(images):
        mean, logvar = tf.split(enc(images, training=False), 2, axis=1)
        return {"mean": mean, "logvar": logvar}

    def decode(latents):
        return {"images": dec(latents, training=False)}

    def sample(seed):
        imgs = dec(tf.random.stateless_normal([8, 32], seed=seed), training=False)
        return {"images": imgs, "images_uint8": tf.cast(tf.round(imgs * 255.0), tf.uint8)}
    _archive(out, [enc, dec], encode=(encode, [tensor_spec([None, 32, 32, 3], name="images")]),
             decode=(decode, [tensor_spec([None, 32], name="latents")]), sample=(sample, [tensor_spec([2], "int32", "seed")]))


FEEDS["s43_conv_vae_export_archive_encode_decode_sample"] = {"seed": _seed((9, 9))}


@model("s43_vae_decoder_only_bilinear_b1", "keras-export", "decoder-only VAE export for an on-device texture generator, latent z float [1,32]: Dense 4*4*128 + ReLU, Reshape, four (UpSampling2D bilinear + Conv2D 3x3 + BatchNormalization + ReLU) stages 128/64/32/16, Conv2D(3, sigmoid) -> image [1,64,64,3]; model.export batch 1")
def b_vae_dec(out):
    z = keras.Input((32,), batch_size=1, name="z")
    x = L.Reshape((4, 4, 128))(L.Dense(4 * 4 * 128, activation="relu")(z))
    for c in (128, 64, 32, 16):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, padding="same")(L.UpSampling2D(interpolation="bilinear")(x))))
    _export(keras.Model(z, L.Conv2D(3, 3, padding="same", activation="sigmoid", name="image")(x)), out, fixed=True)


@model("s43_cvae_onehot_label_eps_input", "keras-export", "conditional VAE on MNIST digits (Sohn et al.) with the noise fed by the app: image float [None,28,28,1], label int32 [None] (Lambda tf.one_hot 10), eps float [None,8]; encoder conv 32/64 stride 2 on the image concatenated with the label broadcast to a 28x28x10 map (Lambda tile), Dense 16 -> mean / logvar, z = mean + exp(logvar/2) * eps (Lambda); decoder Dense on concat(z, one-hot) -> 7x7x32, Conv2DTranspose 32/16 stride 2, Conv2D(1, sigmoid); outputs reconstruction, mean, logvar; model.export")
def b_cvae(out):
    image = keras.Input((28, 28, 1), name="image")
    label = keras.Input((), dtype="int32", name="label")
    eps = keras.Input((8,), name="eps")
    onehot = L.Lambda(lambda t: tf.one_hot(t, 10), output_shape=(10,))(label)
    lmap = L.Lambda(lambda t: tf.tile(t[:, None, None, :], [1, 28, 28, 1]))(onehot)
    x = L.Concatenate()([image, lmap])
    x = L.Conv2D(64, 3, strides=2, padding="same", activation="relu")(L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x))
    h = L.Dense(16)(L.Flatten()(x))
    mean, logvar = L.Lambda(lambda t: t[:, :8], name="mean")(h), L.Lambda(lambda t: t[:, 8:], name="logvar")(h)
    z = L.Lambda(lambda a: a[0] + tf.exp(0.5 * a[1]) * a[2])([mean, logvar, eps])
    x = L.Reshape((7, 7, 32))(L.Dense(7 * 7 * 32, activation="relu")(L.Concatenate()([z, onehot])))
    for c in (32, 16):
        x = L.Conv2DTranspose(c, 3, strides=2, padding="same", activation="relu")(x)
    rec = L.Conv2D(1, 3, padding="same", activation="sigmoid", name="reconstruction")(x)
    _export(keras.Model([image, label, eps], {"reconstruction": rec, "mean": mean, "logvar": logvar}), out)


FEEDS["s43_cvae_onehot_label_eps_input"] = lambda rng: {"label": (0, 10), "eps": rng.normal(size=(2, 8))}


@model("s43_vqvae_codebook_argmin_gather", "tf-module", "VQ-VAE (van den Oord et al.) for 32x32 RGB with a 64 x 16 codebook tf.Variable: encoder Conv2D 32/64 stride 2 + ReLU + 1x1 to 16 -> [B,8,8,16]; quantize by squared distances |z|^2 - 2 z.e + |e|^2 (tf.matmul), tf.argmin, tf.gather of codes; decoder Conv2DTranspose 64/32 stride 2 + Conv2D(3, sigmoid); signatures serving_default reconstruct(images float [None,32,32,3]) -> reconstruction, indices int64 [None,8,8], commitment MSE; encode_indices(images) -> indices int32; decode_indices(indices int32 [1,8,8]) -> image (a prior model's token grid to pixels)")
def b_vqvae(out):
    inp = keras.Input((32, 32, 3))
    x = L.Conv2D(64, 4, strides=2, padding="same", activation="relu")(L.Conv2D(32, 4, strides=2, padding="same", activation="relu")(inp))
    enc = keras.Model(inp, L.Conv2D(16, 1)(x))
    q = keras.Input((8, 8, 16))
    x = L.Conv2DTranspose(32, 4, strides=2, padding="same", activation="relu")(L.Conv2DTranspose(64, 4, strides=2, padding="same", activation="relu")(q))
    dec = keras.Model(q, L.Conv2D(3, 3, padding="same", activation="sigmoid")(x))
    codebook = tf.Variable(np.random.default_rng(5).uniform(-1 / 64, 1 / 64, (64, 16)).astype("float32"), name="codebook")

    def quantize(images):
        z = enc(images, training=False)
        flat = tf.reshape(z, [-1, 16])
        d = (tf.reduce_sum(flat ** 2, 1, keepdims=True) - 2.0 * tf.matmul(flat, codebook, transpose_b=True)
             + tf.reduce_sum(codebook ** 2, 1)[None])
        idx = tf.argmin(d, axis=1)
        return z, tf.reshape(tf.gather(codebook, idx), tf.shape(z)), tf.reshape(idx, tf.shape(z)[:3])
    imgs = tensor_spec([None, 32, 32, 3], name="images")

    @tf.function(input_signature=[imgs])
    def reconstruct(images):
        z, zq, idx = quantize(images)
        return {"reconstruction": dec(zq, training=False), "indices": idx,
                "commitment": tf.reduce_mean(tf.square(z - zq))}

    @tf.function(input_signature=[imgs])
    def encode_indices(images):
        return {"indices": tf.cast(quantize(images)[2], tf.int32)}

    @tf.function(input_signature=[tensor_spec([1, 8, 8], "int32", "indices")])
    def decode_indices(indices):
        return {"image": dec(tf.gather(codebook, indices), training=False)}
    _save(out, {"encoder": enc, "decoder": dec, "codebook": codebook}, serving_default=reconstruct,
          encode_indices=encode_indices, decode_indices=decode_indices)


FEEDS["s43_vqvae_codebook_argmin_gather"] = {"decode_indices/indices": (0, 64)}


# ================================================================================ diffusion

@model("s43_ddpm_unet_eps_single_step_b1", "keras-export", "DDPM noise-prediction UNet (Ho et al.) as one denoising step for an app that runs the sampler loop itself, fixed x_t float [1,32,32,3] and timestep int32 [1]: custom sinusoidal timestep embedding layer (sin / cos of t * exp(-log(10000) k / half)) -> Dense(128, swish) -> Dense(128); residual blocks GroupNormalization(8) + swish + conv with the time embedding added (Dense, Reshape 1x1); channels 32/64/64 at 32/16/8 with stride-2 conv downsampling and nearest UpSampling2D + conv upsampling, concatenated skips; a hand-written single-head self-attention layer (GroupNorm, q/k/v Dense on channels, softmax(q k^T / sqrt(C)) over the 64 positions, out projection, residual) at 8x8 and in the middle; -> eps [1,32,32,3]; model.export batch 1")
def b_ddpm_step(out):
    _export(_ddpm_unet(32, 3, name="ddpm_unet", batch_size=1), out, fixed=True)


FEEDS["s43_ddpm_unet_eps_single_step_b1"] = {"timestep": (0, T_STEPS)}


@model("s43_ddim_sampler_while_loop_steps_input", "tf-module", "DDIM sampler (Song et al.) around a small DDPM UNet (sinusoidal time embedding, GroupNormalization residual blocks 16/32 at 16x16 / 8x8, hand-written self-attention at 8x8) with the linear-beta alphas_cumprod table (T=1000) as a constant: serving_default sample(seed int32 [2], num_steps int32 [], eta float []) -> x_T from tf.random.stateless_normal, timesteps tf.linspace(999, 0, num_steps) cast to int32, tf.while_loop of UNet eps prediction + DDIM update (tf.gather of alphas, x0 clipped, sigma from eta, fresh stateless noise per step from seed + step) -> image [1,16,16,3] in [0,1] and uint8; denoise_step(x_t float [1,16,16,3], timestep int32 [1], prev_timestep int32 [1], eta float []) -> x_prev, x0_pred (prev_timestep < 0 means alpha_prev = 1)")
def b_ddim_loop(out):
    unet = _ddpm_unet(16, 3, chans=(16, 32), attn_at=8, name="ddim_unet")
    ac = tf.constant(_schedule())

    @tf.function(input_signature=[tensor_spec([2], "int32", "seed"), tensor_spec([], "int32", "num_steps"),
                                  tensor_spec([], name="eta")])
    def sample(seed, num_steps, eta):
        ts = tf.cast(tf.round(tf.linspace(float(T_STEPS - 1), 0.0, num_steps)), tf.int32)
        x = tf.random.stateless_normal([1, 16, 16, 3], seed=seed)

        def body(i, x):
            t = tf.reshape(ts[i], [1])
            t_prev = tf.reshape(tf.where(i + 1 < num_steps, ts[tf.minimum(i + 1, num_steps - 1)], -1), [1])
            eps = unet([x, t], training=False)
            noise = tf.random.stateless_normal([1, 16, 16, 3], seed=seed + tf.stack([i + 1, 0]))
            return i + 1, _ddim_update(ac, x, t, t_prev, eps, eta, noise)[0]
        _, x = tf.while_loop(lambda i, x: i < num_steps, body, [tf.constant(0), x])
        img = tf.clip_by_value((x + 1.0) / 2.0, 0.0, 1.0)
        return {"image": img, "image_uint8": _to_uint8(x)}

    @tf.function(input_signature=[tensor_spec([1, 16, 16, 3], name="x_t"), tensor_spec([1], "int32", "timestep"),
                                  tensor_spec([1], "int32", "prev_timestep"), tensor_spec([], name="eta")])
    def denoise_step(x_t, timestep, prev_timestep, eta):
        eps = unet([x_t, timestep], training=False)
        x_prev, x0 = _ddim_update(ac, x_t, timestep, prev_timestep, eps, eta, tf.zeros_like(x_t))
        return {"x_prev": x_prev, "x0_pred": x0}
    _save(out, {"unet": unet}, serving_default=sample, denoise_step=denoise_step)


FEEDS["s43_ddim_sampler_while_loop_steps_input"] = {
    "seed": _seed((2, 8)), "num_steps": 3, "eta": 1.0, "timestep": (500, T_STEPS), "prev_timestep": (0, 500),
    "denoise_step/eta": 0.0}


@model("s43_ddim_fixed4_while_loop_frozen", "frozen-pb", "deterministic DDIM sampler (eta = 0) with 4 fixed timesteps (999, 749, 499, 249 as a constant) in a tf.while_loop, frozen with convert_variables_to_constants_v2 (loop lowered to v1 control flow): x_T float [1,16,16,3] noise supplied by the app; UNet with sinusoidal time embedding, GroupNormalization residual blocks 16/32, hand-written self-attention at 8x8; alphas_cumprod gathered per step; outputs image [1,16,16,3] clipped to [0,1]")
def b_ddim_frozen(out):
    unet = _ddpm_unet(16, 3, chans=(16, 32), attn_at=8, name="ddim_unet")
    ac = tf.constant(_schedule())
    ts = tf.constant([999, 749, 499, 249, -1], tf.int32)

    def sample(x_t):
        def body(i, x):
            t, t_prev = tf.reshape(ts[i], [1]), tf.reshape(ts[i + 1], [1])
            return i + 1, _ddim_update(ac, x, t, t_prev, unet([x, t], training=False))[0]
        _, x = tf.while_loop(lambda i, x: i < 4, body, [tf.constant(0), x_t])
        return tf.identity(tf.clip_by_value((x + 1.0) / 2.0, 0.0, 1.0), name="image")
    _freeze(sample, [tensor_spec([1, 16, 16, 3], name="x_t")], out)


OUTPUTS["s43_ddim_fixed4_while_loop_frozen"] = ["image"]
FEEDS["s43_ddim_fixed4_while_loop_frozen"] = lambda rng: {"x_t": rng.normal(size=(1, 16, 16, 3))}


@model("s43_text2img_cross_attention_archive", "keras-export", "text-to-image toy (latent-diffusion style) exported with keras.export.ExportArchive and three endpoints: encode_text(token_ids int32 [1,16]) -> Embedding(1000, 64) + a learned position table (custom layer add_weight [16,64]), one Transformer encoder block (LayerNormalization, MultiHeadAttention 4 heads, GELU MLP) -> context [1,16,64]; predict_noise(latents float [1,16,16,4], timestep int32 [1], context float [1,16,64]) -> UNet (sinusoidal time embedding, GroupNormalization residual blocks 32/64, stride-2 down / nearest up) with a spatial-transformer block at 8x8 (GroupNorm, Reshape to 64 tokens, self-attention MultiHeadAttention, cross-attention MultiHeadAttention with query = image tokens, key / value = text context, GEGLU feed-forward, Reshape back, residual) -> eps; guided_noise(latents, timestep, token_ids, guidance_scale float [1]) -> classifier-free guidance: context for the prompt and for an all-zero (empty) prompt, UNet on the batch of 2, eps_uncond + scale * (eps_cond - eps_uncond)")
def b_text2img(out):
    tok = keras.Input((16,), dtype="int32")
    x = K.LearnedPositions()(L.Embedding(1000, 64)(tok))
    x = x + L.MultiHeadAttention(4, 16)(L.LayerNormalization()(x), L.LayerNormalization()(x))
    x = x + L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization()(x)))
    text_enc = keras.Model(tok, L.LayerNormalization()(x), name="text_encoder")

    lat = keras.Input((16, 16, 4), name="latents")
    t_in = keras.Input((), dtype="int32", name="timestep")
    ctx = keras.Input((16, 64), name="context")
    temb = _time_mlp(t_in, 32)
    h0 = _res_t(L.Conv2D(32, 3, padding="same")(lat), temb, 32)
    h = _res_t(L.Conv2D(32, 3, strides=2, padding="same")(h0), temb, 64)
    h = K.SpatialTransformer(8, 8, 64, heads=4)(h, ctx)
    h = K.SpatialTransformer(8, 8, 64, heads=4)(_res_t(h, temb, 64), ctx)
    h = L.Conv2D(64, 3, padding="same")(L.UpSampling2D()(h))
    h = _res_t(L.Concatenate()([h, h0]), temb, 32)
    unet = keras.Model([lat, t_in, ctx], L.Conv2D(4, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(8)(h))),
                       name="unet")

    def encode_text(token_ids):
        return {"context": text_enc(token_ids, training=False)}

    def predict_noise(latents, timestep, context):
        return {"eps": unet([latents, timestep, context], training=False)}

    def guided_noise(latents, timestep, token_ids, guidance_scale):
        ctx2 = text_enc(tf.concat([token_ids, tf.zeros_like(token_ids)], 0), training=False)
        eps = unet([tf.concat([latents, latents], 0), tf.concat([timestep, timestep], 0), ctx2], training=False)
        cond, uncond = eps[:1], eps[1:]
        return {"eps": uncond + tf.reshape(guidance_scale, [-1, 1, 1, 1]) * (cond - uncond)}
    lat_s, t_s, ids_s = (tensor_spec([1, 16, 16, 4], name="latents"), tensor_spec([1], "int32", "timestep"),
                         tensor_spec([1, 16], "int32", "token_ids"))
    _archive(out, [text_enc, unet], encode_text=(encode_text, [ids_s]),
             predict_noise=(predict_noise, [lat_s, t_s, tensor_spec([1, 16, 64], name="context")]),
             guided_noise=(guided_noise, [lat_s, t_s, ids_s, tensor_spec([1], name="guidance_scale")]))


FEEDS["s43_text2img_cross_attention_archive"] = lambda rng: {
    "token_ids": (1, 1000), "timestep": (0, T_STEPS), "guidance_scale": 7.5, "latents": rng.normal(size=(1, 16, 16, 4))}


@model("s43_latent_vae_decoder_midattn_b1", "keras-export", "latent-diffusion VAE decoder (Stable-Diffusion style, shrunk), fixed latents float [1,8,8,4]: Lambda divide by the 0.18215 scale factor, Conv2D 64, GroupNormalization(16) + swish residual blocks, a hand-written mid self-attention layer over the 64 positions, three up stages (nearest UpSampling2D + Conv2D + residual block) 64/32/32, GroupNorm + swish + Conv2D(3), Lambda (x+1)/2 clip to [0,1] -> image [1,64,64,3]; model.export batch 1")
def b_latent_dec(out):
    z = keras.Input((8, 8, 4), batch_size=1, name="latents")

    def res(x, c):
        h = L.Conv2D(c, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(16)(x)))
        h = L.Conv2D(c, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(16)(h)))
        return (x if x.shape[-1] == c else L.Conv2D(c, 1)(x)) + h
    x = L.Conv2D(64, 3, padding="same")(L.Lambda(lambda t: t / 0.18215)(z))
    x = res(K.SelfAttention2D(groups=16)(res(x, 64)), 64)
    for c in (64, 32, 32):
        x = res(L.Conv2D(c, 3, padding="same")(L.UpSampling2D()(x)), c)
    x = L.Conv2D(3, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(16)(x)))
    _export(keras.Model(z, L.Lambda(lambda t: tf.clip_by_value((t + 1.0) / 2.0, 0.0, 1.0), name="image")(x)), out, fixed=True)


FEEDS["s43_latent_vae_decoder_midattn_b1"] = lambda rng: {"latents": rng.normal(0, 0.2, (1, 8, 8, 4))}


# ================================================================================ style transfer

@model("s43_fast_style_transfer_instnorm_upconv_b1", "keras-export", "fast neural style transfer (Johnson et al.) with the Distill upsample-convolution fix, fixed content image float [1,96,96,3] in 0-255: reflect-padded Conv2D 9x9 32 + custom InstanceNorm + ReLU, stride-2 convs 64 / 128 + InstanceNorm + ReLU, 5 residual blocks (reflect pad, conv, instance norm), two UpSampling2D(nearest) + reflect pad + Conv2D + InstanceNorm + ReLU, reflect pad + Conv2D 9x9 3, Lambda tanh * 150 + 127.5 -> stylized [1,96,96,3] in 0-255; model.export batch 1")
def b_fast_style(out):
    inp = keras.Input((96, 96, 3), batch_size=1, name="content")
    x = _conv_in_relu(inp, 32, 9, reflect=True)
    x = _conv_in_relu(_conv_in_relu(x, 64, 3, 2), 128, 3, 2)
    for _ in range(5):
        h = _conv_in_relu(x, 128, 3, reflect=True)
        x = x + K.InstanceNorm()(L.Conv2D(128, 3)(K.ReflectPad(1)(h)))
    for c in (64, 32):
        x = _conv_in_relu(L.UpSampling2D()(x), c, 3, reflect=True)
    x = L.Conv2D(3, 9)(K.ReflectPad(4)(x))
    _export(keras.Model(inp, L.Lambda(lambda t: tf.tanh(t) * 150.0 + 127.5, name="stylized")(x)), out, fixed=True)


@model("s43_adain_arbitrary_style_alpha_b1", "keras-export", "AdaIN arbitrary style transfer (Huang & Belongie), fixed content / style float [1,64,64,3] in [0,1] and alpha float [1]: shared VGG-like encoder (Lambda RGB->BGR by reversed channel slice, *255 - ImageNet BGR mean, Conv2D 3x3 16/16, MaxPooling2D, 32/32, MaxPooling2D, 64 relu); custom AdaIN layer ((c - mean_c) / std_c * std_s + mean_s over H, W via tf.nn.moments, eps 1e-5); Lambda alpha * t + (1 - alpha) * content features; decoder reflect-pad Conv2D + ReLU with nearest UpSampling2D x2 -> Conv2D(3) -> stylized [1,64,64,3]; model.export batch 1")
def b_adain(out):
    x_in = keras.Input((64, 64, 3))
    mean = np.array([103.939, 116.779, 123.68], "float32")
    x = L.Lambda(lambda t: t[..., ::-1] * 255.0 - mean)(x_in)
    for c in (16, 16, "p", 32, 32, "p", 64):
        x = L.MaxPooling2D()(x) if c == "p" else L.Conv2D(c, 3, padding="same", activation="relu")(x)
    enc = keras.Model(x_in, x, name="vgg_encoder")
    content = keras.Input((64, 64, 3), batch_size=1, name="content")
    style = keras.Input((64, 64, 3), batch_size=1, name="style")
    alpha = keras.Input((1,), batch_size=1, name="alpha")
    fc = enc(content)
    t = K.AdaIN()(fc, enc(style))
    t = L.Lambda(lambda a: a[2][:, :, None, None] * a[0] + (1.0 - a[2][:, :, None, None]) * a[1])([t, fc, alpha])
    x = t
    for c in (32, "u", 32, 16, "u", 16):
        x = L.UpSampling2D()(x) if c == "u" else L.Conv2D(c, 3, activation="relu")(K.ReflectPad(1)(x))
    _export(keras.Model([content, style, alpha], L.Conv2D(3, 3, name="stylized")(K.ReflectPad(1)(x))), out, fixed=True)


FEEDS["s43_adain_arbitrary_style_alpha_b1"] = {"alpha": 0.8}


@model("s43_magenta_style_predict_transfer_cin", "tf-module", "Magenta arbitrary-image-stylization split the way the TFLite sample app ships it, as a tf.Module with three signatures: predict_style(style_image float [1,64,64,3]) -> style_bottleneck [1,1,1,100] (stride-2 Conv2D + BatchNormalization + ReLU stack, GlobalAveragePooling2D keepdims, 1x1 Conv2D 100); transform(content_image float [1,None,None,3] with H, W multiples of 4, style_bottleneck) -> stylized via conditional instance norm layers (custom layer: tf.nn.moments over H, W, gamma / beta from Dense on the bottleneck), stride-2 convs down, 3 residual blocks, nearest UpSampling2D + conv up, sigmoid; serving_default stylize(content_image, style_image, style_ratio float []) blends the style bottleneck with the content's own (content bilinear-resized to 64x64) by style_ratio before transforming")
def b_magenta(out):
    s_in = keras.Input((64, 64, 3))
    x = s_in
    for c in (16, 32, 64, 64):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, strides=2, padding="same")(x)))
    predictor = keras.Model(s_in, L.Conv2D(100, 1)(L.GlobalAveragePooling2D(keepdims=True)(x)), name="style_predictor")
    c_in, b_in = keras.Input((None, None, 3)), keras.Input((1, 1, 100))

    def ccr(x, c, k, s=1, act=True):
        x = K.CondInstanceNorm()(L.Conv2D(c, k, strides=s, padding="same")(x), b_in)
        return L.ReLU()(x) if act else x
    x = ccr(ccr(ccr(c_in, 16, 9), 32, 3, 2), 64, 3, 2)
    for _ in range(3):
        x = x + ccr(ccr(x, 64, 3), 64, 3, act=False)
    for c in (32, 16):
        x = ccr(L.UpSampling2D()(x), c, 3)
    transformer = keras.Model([c_in, b_in], L.Conv2D(3, 9, padding="same", activation="sigmoid")(x), name="style_transformer")
    cs, ss = tensor_spec([1, None, None, 3], name="content_image"), tensor_spec([1, 64, 64, 3], name="style_image")
    bs = tensor_spec([1, 1, 1, 100], name="style_bottleneck")

    @tf.function(input_signature=[ss])
    def predict_style(style_image):
        return {"style_bottleneck": predictor(style_image, training=False)}

    @tf.function(input_signature=[cs, bs])
    def transform(content_image, style_bottleneck):
        return {"stylized_image": transformer([content_image, style_bottleneck], training=False)}

    @tf.function(input_signature=[cs, ss, tensor_spec([], name="style_ratio")])
    def stylize(content_image, style_image, style_ratio):
        b_style = predictor(style_image, training=False)
        b_content = predictor(tf.image.resize(content_image, [64, 64]), training=False)
        b = style_ratio * b_style + (1.0 - style_ratio) * b_content
        return {"stylized_image": transformer([content_image, b], training=False)}
    _save(out, {"predictor": predictor, "transformer": transformer}, serving_default=stylize, predict_style=predict_style,
          transform=transform)


FEEDS["s43_magenta_style_predict_transfer_cin"] = lambda rng: {"style_ratio": 0.8, "style_bottleneck": rng.normal(size=(1, 1, 1, 100))}


# ================================================================================ super-resolution

@model("s43_esrgan_lite_rrdb_nearest_x4_b1", "keras-export", "ESRGAN-lite x4 upscaler (Wang et al.), fixed low-res float [1,32,32,3]: Conv2D 32, 2 RRDB blocks each of 3 residual dense blocks (5 Conv2D 3x3 with growth 16 on concatenated features, LeakyReLU(0.2), output * 0.2 + input), RRDB output * 0.2 + input, trunk conv + long skip, two (UpSampling2D nearest x2 + Conv2D + LeakyReLU) stages, HR Conv2D + LeakyReLU, Conv2D(3) -> [1,128,128,3]; model.export batch 1")
def b_esrgan(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="low_res")
    fea = L.Conv2D(32, 3, padding="same")(inp)

    def rdb(x):
        feats = [x]
        for i in range(4):
            feats.append(L.LeakyReLU(0.2)(L.Conv2D(16, 3, padding="same")(feats[0] if i == 0 else L.Concatenate()(feats))))
        return x + 0.2 * L.Conv2D(32, 3, padding="same")(L.Concatenate()(feats))
    x = fea
    for _ in range(2):
        x = x + 0.2 * rdb(rdb(rdb(x)))
    x = fea + L.Conv2D(32, 3, padding="same")(x)
    for _ in range(2):
        x = L.LeakyReLU(0.2)(L.Conv2D(32, 3, padding="same")(L.UpSampling2D(interpolation="nearest")(x)))
    x = L.LeakyReLU(0.2)(L.Conv2D(32, 3, padding="same")(x))
    _export(keras.Model(inp, L.Conv2D(3, 3, padding="same", name="high_res")(x)), out, fixed=True)


@model("s43_edsr_baseline_depth_to_space_dynamic", "keras-export", "EDSR-baseline x2 (Lim et al.) for any image size, float [None,None,None,3] in 0-255: Lambda subtract the DIV2K RGB mean, Conv2D 32, 4 residual blocks without BatchNormalization (conv, relu, conv, * 0.1 residual scaling), conv + long skip, Conv2D(3 * 4) + Lambda tf.nn.depth_to_space(2) pixel shuffle, Conv2D(3), Lambda add the mean back -> [None,2H,2W,3]; model.export (dynamic batch and size)")
def b_edsr(out):
    inp = keras.Input((None, None, 3), name="low_res")
    mean = np.array([114.4, 111.5, 103.0], "float32")
    x = head = L.Conv2D(32, 3, padding="same")(L.Lambda(lambda t: t - mean)(inp))
    for _ in range(4):
        x = x + 0.1 * L.Conv2D(32, 3, padding="same")(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    x = head + L.Conv2D(32, 3, padding="same")(x)
    x = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(L.Conv2D(12, 3, padding="same")(x))
    _export(keras.Model(inp, L.Lambda(lambda t: t + mean, name="high_res")(L.Conv2D(3, 3, padding="same")(x))), out)


@model("s43_espcn_ycbcr_bicubic_residual_x3", "tf-module", "ESPCN x3 (Shi et al.) on the luma channel as a photo app runs it, tf.Module: serving_default upscale_rgb(image float [1,64,64,3] in [0,1]) -> hand-written BT.601 RGB -> YCbCr (tf.tensordot with a constant matrix + offsets), Y through the Keras ESPCN (Conv2D 5x5 64 tanh, 3x3 32 tanh, 3x3 9, Lambda depth_to_space(3)) plus a tf.image.resize bicubic residual of Y, Cb / Cr bicubic-upscaled, YCbCr -> RGB, clip -> [1,192,192,3]; upscale_y(y float [1,None,None,1]) -> the luma path only")
def b_espcn(out):
    y_in = keras.Input((None, None, 1))
    x = L.Conv2D(32, 3, padding="same", activation="tanh")(L.Conv2D(64, 5, padding="same", activation="tanh")(y_in))
    espcn = keras.Model(y_in, L.Lambda(lambda t: tf.nn.depth_to_space(t, 3))(L.Conv2D(9, 3, padding="same")(x)))
    to_ycc = np.array([[0.299, 0.587, 0.114], [-0.168736, -0.331264, 0.5], [0.5, -0.418688, -0.081312]], "float32")
    to_rgb = np.linalg.inv(to_ycc).astype("float32")
    off = np.array([0.0, 0.5, 0.5], "float32")

    def up_y(y):
        size = tf.shape(y)[1:3] * 3
        return espcn(y, training=False) + tf.image.resize(y, size, method="bicubic")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def upscale_rgb(image):
        ycc = tf.tensordot(image, to_ycc.T, axes=1) + off
        y = up_y(ycc[..., :1])
        cbcr = tf.image.resize(ycc[..., 1:], [192, 192], method="bicubic")
        rgb = tf.tensordot(tf.concat([y, cbcr], -1) - off, to_rgb.T, axes=1)
        return {"image": tf.clip_by_value(rgb, 0.0, 1.0)}

    @tf.function(input_signature=[tensor_spec([1, None, None, 1], name="y")])
    def upscale_y(y):
        return {"y": up_y(y)}
    _save(out, {"espcn": espcn}, serving_default=upscale_rgb, upscale_y=upscale_y)


@model("s43_fsrcnn_prelu_deconv_frozen", "frozen-pb", "FSRCNN x2 (Dong et al.) on luma frozen with convert_variables_to_constants_v2, fixed y float [1,48,48,1]: Conv2D 5x5 32 + PReLU(shared over H, W), shrink 1x1 to 8 + PReLU, 3 mapping Conv2D 3x3 8 + PReLU, expand 1x1 32 + PReLU, Conv2DTranspose(1, 9x9, stride 2) -> [1,96,96,1]")
def b_fsrcnn(out):
    inp = keras.Input((48, 48, 1))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(32, 5, padding="same")(inp))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(8, 1)(x))
    for _ in range(3):
        x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(8, 3, padding="same")(x))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(32, 1)(x))
    m = keras.Model(inp, L.Conv2DTranspose(1, 9, strides=2, padding="same")(x))
    _freeze(lambda y: tf.identity(m(y, training=False), name="y_hr"), [tensor_spec([1, 48, 48, 1], name="y")], out)


OUTPUTS["s43_fsrcnn_prelu_deconv_frozen"] = ["y_hr"]


@model("s43_realtime_sr_uint8_in_out_b1", "keras-export", "real-time x2 camera upscaler with uint8 in and out, fixed frame uint8 [1,64,64,3]: Lambda cast / 255, three Conv2D 3x3 16 relu, Conv2D(12) + Lambda depth_to_space(2), plus a bilinear tf.image.resize x2 residual, Lambda round(x * 255) clip 0-255 cast uint8 -> [1,128,128,3] uint8; model.export batch 1")
def b_sr_uint8(out):
    inp = keras.Input((64, 64, 3), batch_size=1, dtype="uint8", name="frame")
    x0 = L.Lambda(lambda t: tf.cast(t, tf.float32) / 255.0)(inp)
    x = x0
    for _ in range(3):
        x = L.Conv2D(16, 3, padding="same", activation="relu")(x)
    x = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(L.Conv2D(12, 3, padding="same")(x))
    x = x + L.Lambda(lambda t: tf.image.resize(t, [128, 128], method="bilinear"))(x0)
    _export(keras.Model(inp, L.Lambda(lambda t: tf.cast(tf.clip_by_value(tf.round(t * 255.0), 0.0, 255.0), tf.uint8),
                                      name="upscaled")(x)), out, fixed=True)


# ================================================================================ inpainting

@model("s43_partial_conv_unet_inpainting_b1", "keras-export", "partial-convolution inpainting U-Net (Liu et al. 2018), fixed image float [1,64,64,3] and valid_mask [1,64,64,1] (1 = known pixel): custom PartialConv2D layer (Conv2D without bias on x * m, re-normalized by k*k / conv(m, ones) where any pixel is valid, bias added under the updated mask, updated mask = clip(conv(m, ones), 0, 1)); encoder 4 stride-2 partial convs 32/64/64/64 + ReLU; decoder nearest UpSampling2D of features and mask, concat with the skip features and maximum of masks, partial conv + LeakyReLU(0.2); final partial conv 3; output composited: prediction in holes, input elsewhere; model.export batch 1")
def b_pconv(out):
    image = keras.Input((64, 64, 3), batch_size=1, name="image")
    valid = keras.Input((64, 64, 1), batch_size=1, name="valid_mask")
    x, m, skips = image, valid, []
    for c, k in ((32, 5), (64, 3), (64, 3), (64, 3)):
        skips.append((x, m))
        x, m = K.PartialConv2D(c, k, 2)(x, m)
        x = L.ReLU()(x)
    for c, (sx, sm) in zip((64, 64, 32, 16), reversed(skips)):
        x = L.Concatenate()([L.UpSampling2D()(x), sx])
        m = L.Maximum()([L.UpSampling2D()(m), sm])
        x, m = K.PartialConv2D(c, 3, 1)(x, m)
        x = L.LeakyReLU(0.2)(x)
    pred, _ = K.PartialConv2D(3, 3, 1)(x, m)
    comp = L.Lambda(lambda a: a[0] * (1.0 - a[2]) + a[1] * a[2], name="inpainted")([pred, image, valid])
    _export(keras.Model([image, valid], comp), out, fixed=True)


FEEDS["s43_partial_conv_unet_inpainting_b1"] = lambda rng: {"valid_mask": _hole_mask(rng, (1, 64, 64, 1), valid=True)}


@model("s43_gated_conv_deepfill_lite_b1", "keras-export", "DeepFill v2-lite coarse network with gated convolutions (Yu et al.), fixed image float [1,64,64,3] in [-1,1] and hole_mask [1,64,64,1] (1 = hole): input image * (1 - mask) concatenated with a ones channel and the mask; custom GatedConv2D (Conv2D to 2C, split, ELU(features) * sigmoid(gate)) 5x5 24, stride-2 48, 48, stride-2 96, dilated gated convs rate 2/4/8, two (UpSampling2D nearest + gated conv) stages, Conv2D(3) + Lambda clip to [-1,1]; output = prediction * mask + image * (1 - mask); model.export batch 1")
def b_gated(out):
    image = keras.Input((64, 64, 3), batch_size=1, name="image")
    hole = keras.Input((64, 64, 1), batch_size=1, name="hole_mask")
    x = L.Lambda(lambda a: tf.concat([a[0] * (1.0 - a[1]), tf.ones_like(a[1]), a[1]], -1))([image, hole])
    for c, k, s, d in ((24, 5, 1, 1), (48, 3, 2, 1), (48, 3, 1, 1), (96, 3, 2, 1), (96, 3, 1, 2), (96, 3, 1, 4),
                       (96, 3, 1, 8), (96, 3, 1, 1)):
        x = K.GatedConv2D(c, k, s, d)(x)
    for c in (48, 24):
        x = K.GatedConv2D(c, 3)(L.UpSampling2D()(x))
    x = L.Lambda(lambda t: tf.clip_by_value(t, -1.0, 1.0))(L.Conv2D(3, 3, padding="same")(x))
    out_img = L.Lambda(lambda a: a[0] * a[2] + a[1] * (1.0 - a[2]), name="inpainted")([x, image, hole])
    _export(keras.Model([image, hole], out_img), out, fixed=True)


FEEDS["s43_gated_conv_deepfill_lite_b1"] = lambda rng: {"hole_mask": _hole_mask(rng, (1, 64, 64, 1), valid=False),
                                                        "image": rng.uniform(-1, 1, (1, 64, 64, 3))}


@model("s43_lama_ffc_rfft2d_inpainting", "tf-module", "LaMa-lite inpainting (Suvorov et al.) with fast Fourier convolutions, tf.Module serving a Keras model: image float [1,64,64,3], hole_mask [1,64,64,1] (1 = hole); masked image + mask -> reflect-padded Conv2D 7x7 32, two stride-2 convs + BatchNormalization + ReLU to 16x16x64; 2 FFC residual blocks whose global branch is a custom SpectralTransform layer (1x1 conv, transpose to NCHW, tf.signal.rfft2d, real / imag stacked as channels, 1x1 conv + BN + ReLU, back to complex, tf.signal.irfft2d with fft_length, transpose back, 1x1 conv) summed with a local 3x3 conv branch; two Conv2DTranspose stride 2 + BN + ReLU, Conv2D 7x7 sigmoid; composited prediction * mask + image * (1 - mask)")
def b_lama(out):
    image = keras.Input((64, 64, 3))
    hole = keras.Input((64, 64, 1))
    x = L.Lambda(lambda a: tf.concat([a[0] * (1.0 - a[1]), a[1]], -1))([image, hole])
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 7)(K.ReflectPad(3)(x))))
    for c in (48, 64):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, strides=2, padding="same")(x)))
    for _ in range(2):
        local, glob = L.Conv2D(32, 3, padding="same")(x), K.SpectralTransform(32)(x)
        h = L.ReLU()(L.BatchNormalization()(L.Concatenate()([local, glob])))
        x = x + h
    for c in (48, 32):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2DTranspose(c, 3, strides=2, padding="same")(x)))
    pred = L.Conv2D(3, 7, padding="same", activation="sigmoid")(x)
    net = keras.Model([image, hole], L.Lambda(lambda a: a[0] * a[2] + a[1] * (1.0 - a[2]))([pred, image, hole]))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image"), tensor_spec([1, 64, 64, 1], name="hole_mask")])
    def inpaint(image, hole_mask):
        return {"inpainted": net([image, hole_mask], training=False)}
    _save(out, {"model": net}, serving_default=inpaint)


FEEDS["s43_lama_ffc_rfft2d_inpainting"] = lambda rng: {"hole_mask": _hole_mask(rng, (1, 64, 64, 1), valid=False)}


# ================================================================================ colorization

def _srgb_to_lab(rgb):
    """hand-written sRGB [0,1] -> CIELAB (D65): gamma expansion with tf.where / pow 2.4, linear RGB -> XYZ matrix,
    white-point normalization, f(t) = cbrt above (6/29)^3 else linear"""
    lin = tf.where(rgb <= 0.04045, rgb / 12.92, tf.pow((tf.maximum(rgb, 0.04045) + 0.055) / 1.055, 2.4))
    m = np.array([[0.412453, 0.357580, 0.180423], [0.212671, 0.715160, 0.072169], [0.019334, 0.119193, 0.950227]], "float32")
    xyz = tf.tensordot(lin, m.T, axes=1) / np.array([0.950456, 1.0, 1.088754], "float32")
    f = tf.where(xyz > 0.008856, tf.pow(tf.maximum(xyz, 0.008856), 1.0 / 3.0), 7.787 * xyz + 16.0 / 116.0)
    fx, fy, fz = tf.unstack(f, axis=-1)
    return tf.stack([116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)], axis=-1)


def _lab_to_srgb(lab):
    """the inverse of _srgb_to_lab, clipped to [0,1]"""
    l_, a, b = tf.unstack(lab, axis=-1)
    fy = (l_ + 16.0) / 116.0
    f = tf.stack([fy + a / 500.0, fy, fy - b / 200.0], axis=-1)
    xyz = tf.where(f > 0.2068966, f ** 3, (f - 16.0 / 116.0) / 7.787) * np.array([0.950456, 1.0, 1.088754], "float32")
    m = np.array([[0.412453, 0.357580, 0.180423], [0.212671, 0.715160, 0.072169], [0.019334, 0.119193, 0.950227]], "float64")
    lin = tf.clip_by_value(tf.tensordot(xyz, np.linalg.inv(m).T.astype("float32"), axes=1), 0.0, 1.0)
    srgb = tf.where(lin <= 0.0031308, 12.92 * lin, 1.055 * tf.pow(tf.maximum(lin, 0.0031308), 1.0 / 2.4) - 0.055)
    return tf.clip_by_value(srgb, 0.0, 1.0)


@model("s43_colorization_lab_handwritten_module", "tf-module", "photo colorization (Iizuka / Zhang-style regression) as a tf.Module around a Keras U-Net on the L channel (Conv2D + BatchNormalization + ReLU down 32/64/128 by stride 2, nearest UpSampling2D + concat skips up, Conv2D(2) tanh * 110 -> ab): serving_default colorize(image float [1,64,64,3] sRGB in [0,1]) -> hand-written sRGB -> CIELAB (tf.where gamma, pow 2.4, XYZ matrix via tensordot, cube-root f(t)), L / 100 into the net, predicted ab joined with the input L, hand-written CIELAB -> sRGB back -> colorized [1,64,64,3], ab; predict_ab(l_channel float [1,64,64,1] in 0-100) -> ab [1,64,64,2]")
def b_color_lab(out):
    l_in = keras.Input((64, 64, 1))
    x, skips = l_in, []
    for c in (32, 64, 128):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, strides=1 if c == 32 else 2, padding="same")(x)))
        skips.append(x)
    for c, s in zip((64, 32), reversed(skips[:-1])):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, padding="same")(L.Concatenate()([L.UpSampling2D()(x), s]))))
    net = keras.Model(l_in, L.Lambda(lambda t: tf.tanh(t) * 110.0)(L.Conv2D(2, 3, padding="same")(x)))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def colorize(image):
        lab = _srgb_to_lab(image)
        l_ = lab[..., :1]
        ab = net(l_ / 100.0, training=False)
        return {"colorized": _lab_to_srgb(tf.concat([l_, ab], -1)), "ab": ab}

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 1], name="l_channel")])
    def predict_ab(l_channel):
        return {"ab": net(l_channel / 100.0, training=False)}
    _save(out, {"model": net}, serving_default=colorize, predict_ab=predict_ab)


FEEDS["s43_colorization_lab_handwritten_module"] = lambda rng: {"l_channel": rng.uniform(0, 100, (1, 64, 64, 1))}


@model("s43_colorization_ab_bins_annealed_mean", "keras-export", "Zhang et al. 'Colorful Image Colorization'-lite, L float [None,64,64,1] (0-100): Lambda centre (L - 50) / 50, Conv2D + BatchNormalization blocks 32 / 64 (stride 2) / 128 (stride 2), dilated Conv2D rate 2 x2, Conv2D 1x1 to 64 ab-bin logits; outputs bin probabilities (softmax) at 16x16 and ab via the annealed mean (Lambda softmax(logits / 0.38) then tf.tensordot with a constant 64 x 2 bin-centre table), UpSampling2D bilinear x4 -> ab [None,64,64,2]; model.export")
def b_color_bins(out):
    inp = keras.Input((64, 64, 1), name="l_channel")
    x = L.Lambda(lambda t: (t - 50.0) / 50.0)(inp)
    for c, s in ((32, 1), (64, 2), (128, 2)):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, strides=s, padding="same")(x)))
    for _ in range(2):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(128, 3, dilation_rate=2, padding="same")(x)))
    logits = L.Conv2D(64, 1)(x)
    g = np.linspace(-90, 90, 8, dtype="float32")
    centres = np.stack(np.meshgrid(g, g, indexing="ij"), -1).reshape(64, 2)
    probs = L.Softmax(name="bin_probabilities")(logits)
    ab = L.Lambda(lambda t: tf.tensordot(tf.nn.softmax(t / 0.38), centres, axes=1))(logits)
    _export(keras.Model(inp, {"bin_probabilities": probs, "ab": L.UpSampling2D(4, interpolation="bilinear", name="ab")(ab)}), out)


FEEDS["s43_colorization_ab_bins_annealed_mean"] = lambda rng: {"l_channel": rng.uniform(0, 100, (2, 64, 64, 1))}


# ================================================================================ denoising and deblurring

@model("s43_dncnn_bn_residual_dynamic", "keras-export", "DnCNN (Zhang et al. 2017) grayscale denoiser for any size, noisy float [None,None,None,1]: Conv2D 3x3 32 + ReLU, 6 Conv2D + BatchNormalization + ReLU, Conv2D(1) predicting the noise, Subtract (input - noise) -> denoised; model.export (dynamic)")
def b_dncnn(out):
    inp = keras.Input((None, None, 1), name="noisy")
    x = L.Conv2D(32, 3, padding="same", activation="relu")(inp)
    for _ in range(6):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 3, padding="same", use_bias=False)(x)))
    _export(keras.Model(inp, L.Subtract(name="denoised")([inp, L.Conv2D(1, 3, padding="same")(x)])), out)


@model("s43_nafnet_lite_simplegate_ln2d_b1", "keras-export", "NAFNet-lite image restoration (Chen et al. 2022), fixed [1,64,64,3]: intro Conv2D 16; NAF blocks = custom LayerNorm2d (mean / variance over channels, learned weight / bias), 1x1 conv to 2C, DepthwiseConv2D 3x3, SimpleGate (custom layer: split channels in half and multiply), simplified channel attention (GlobalAveragePooling2D keepdims + 1x1 conv, multiply), 1x1 conv, learned beta residual scale; then LayerNorm2d, 1x1 to 2C, SimpleGate, 1x1, learned gamma residual; encoder 16/32/64 with stride-2 Conv2D(2x2) downsampling, one middle block, decoder 1x1 conv to 2x channels + Lambda depth_to_space(2) (PixelShuffle) + skip add; ending Conv2D(3) + global input residual; model.export batch 1")
def b_nafnet(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="degraded")

    def naf(x):
        c = x.shape[-1]
        h = L.Conv2D(2 * c, 1)(K.LayerNorm2d()(x))
        h = K.SimpleGate()(L.DepthwiseConv2D(3, padding="same")(h))
        h = h * L.Conv2D(c, 1)(L.GlobalAveragePooling2D(keepdims=True)(h))
        y = x + K.Scale()(L.Conv2D(c, 1)(h))
        h = L.Conv2D(c, 1)(K.SimpleGate()(L.Conv2D(2 * c, 1)(K.LayerNorm2d()(y))))
        return y + K.Scale()(h)
    x, skips = L.Conv2D(16, 3, padding="same")(inp), []
    for c in (16, 32):
        x = naf(x)
        skips.append(x)
        x = L.Conv2D(2 * c, 2, strides=2)(x)
    x = naf(x)
    for s in reversed(skips):
        c = s.shape[-1]
        x = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(L.Conv2D(4 * c, 1, use_bias=False)(x))
        x = naf(x + s)
    _export(keras.Model(inp, L.Add(name="restored")([inp, L.Conv2D(3, 3, padding="same")(x)])), out, fixed=True)


@model("s43_ffdnet_noise_map_space_to_depth_frozen", "frozen-pb", "FFDNet (Zhang et al. 2018) colour denoiser frozen with convert_variables_to_constants_v2, fixed noisy float [1,64,64,3] and sigma float [1] (noise level in [0,1]): tf.nn.space_to_depth(2) -> [1,32,32,12], noise-level map (sigma broadcast to [1,32,32,1] with tf.ones) concatenated, Keras Conv2D 48 + ReLU, 4 Conv2D + BatchNormalization + ReLU, Conv2D(12), tf.nn.depth_to_space(2) -> denoised [1,64,64,3]")
def b_ffdnet(out):
    inp = keras.Input((32, 32, 13))
    x = L.Conv2D(48, 3, padding="same", activation="relu")(inp)
    for _ in range(4):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(48, 3, padding="same", use_bias=False)(x)))
    net = keras.Model(inp, L.Conv2D(12, 3, padding="same")(x))

    def denoise(noisy, sigma):
        s2d = tf.nn.space_to_depth(noisy, 2)
        nmap = tf.ones_like(s2d[..., :1]) * tf.reshape(sigma, [-1, 1, 1, 1])
        return tf.identity(tf.nn.depth_to_space(net(tf.concat([s2d, nmap], -1), training=False), 2), name="denoised")
    _freeze(denoise, [tensor_spec([1, 64, 64, 3], name="noisy"), tensor_spec([1], name="sigma")], out)


OUTPUTS["s43_ffdnet_noise_map_space_to_depth_frozen"] = ["denoised"]
FEEDS["s43_ffdnet_noise_map_space_to_depth_frozen"] = {"sigma": 25.0 / 255.0}


@model("s43_tf1_multiscale_deblur_shared_frozen", "frozen-pb", "TF1 graph-mode scale-recurrent deblurring net (SRN-DeblurNet-lite, Tao et al.) frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder blurred float [1,64,64,3]; at 1/2 scale (tf.image.resize bilinear) and full scale the same encoder-decoder is applied (variable_scope reuse=tf.compat.v1.AUTO_REUSE, get_variable kernels): input concat previous estimate (coarse output upsampled bilinear), conv 5x5 32 relu, stride-2 conv 64, residual conv, tf.nn.conv2d_transpose back up, skip add, conv to 3, + input residual; outputs deblurred [1,64,64,3] and coarse [1,32,32,3]")
def b_tf1_deblur(out):
    v1 = tf.compat.v1

    def build():
        blurred = v1.placeholder(tf.float32, [1, 64, 64, 3], name="blurred")

        def conv(x, name, c, k=3, s=1, act=tf.nn.relu):
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [k, k, int(x.shape[-1]), c], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("bias", [c], initializer=v1.zeros_initializer())
                y = tf.nn.bias_add(tf.nn.conv2d(x, w, [1, s, s, 1], "SAME"), b)
                return act(y) if act else y

        def net(x, prev, size):
            with v1.variable_scope("srn", reuse=v1.AUTO_REUSE):
                e1 = conv(tf.concat([x, prev], -1), "enc1", 32, 5)
                e2 = conv(e1, "enc2", 64, s=2)
                e2 = e2 + conv(conv(e2, "res_a", 64), "res_b", 64, act=None)
                w = v1.get_variable("dec/kernel", [4, 4, 32, 64], initializer=v1.glorot_uniform_initializer())
                d1 = tf.nn.relu(tf.nn.conv2d_transpose(e2, w, [1, size, size, 32], [1, 2, 2, 1], "SAME")) + e1
                return x + conv(d1, "out", 3, act=None)
        small = tf.image.resize(blurred, [32, 32], method="bilinear")
        coarse = net(small, small, 32)
        fine = net(blurred, tf.image.resize(coarse, [64, 64], method="bilinear"), 64)
        return [tf.identity(fine, name="deblurred"), tf.identity(coarse, name="coarse")]
    _v1_freeze(out, build)


OUTPUTS["s43_tf1_multiscale_deblur_shared_frozen"] = ["deblurred", "coarse"]


# ================================================================================ matting / background replacement

@model("s43_modnet_lite_ibnorm_composite_b1", "keras-export", "MODNet-lite portrait matting (Ke et al.) with background replacement, fixed image and background float [1,128,128,3]: low-resolution semantic branch of SeparableConv2D stride-2 blocks with a custom IBNorm (BatchNormalization on half the channels, instance norm on the other half) to 1/16, semantic alpha sigmoid; high-resolution detail branch at 1/2 on the image concatenated with bilinear-upsampled semantic features; fusion branch bilinear upsampling to full resolution -> alpha sigmoid [1,128,128,1]; composite = alpha * image + (1 - alpha) * background; outputs alpha, composite, semantic [1,8,8,1]; model.export batch 1")
def b_modnet(out):
    image = keras.Input((128, 128, 3), batch_size=1, name="image")
    bg = keras.Input((128, 128, 3), batch_size=1, name="background")

    def block(x, c, s=2):
        return L.ReLU()(K.IBNorm()(L.SeparableConv2D(c, 3, strides=s, padding="same")(x)))
    e2 = block(image, 16)           # 1/2
    x = block(block(block(e2, 24), 32), 64)   # 1/16
    sem_feat = block(x, 32, 1)
    semantic = L.Conv2D(1, 1, activation="sigmoid", name="semantic")(sem_feat)
    d = L.Concatenate()([e2, L.UpSampling2D(8, interpolation="bilinear")(sem_feat),
                         L.Lambda(lambda t: tf.image.resize(t, [64, 64]))(image)])
    d = block(block(d, 16, 1), 16, 1)
    f = L.Concatenate()([L.UpSampling2D(2, interpolation="bilinear")(d), image])
    alpha = L.Conv2D(1, 1, activation="sigmoid", name="alpha")(L.Conv2D(16, 3, padding="same", activation="relu")(f))
    comp = L.Lambda(lambda a: a[0] * a[1] + (1.0 - a[0]) * a[2], name="composite")([alpha, image, bg])
    _export(keras.Model([image, bg], {"alpha": alpha, "composite": comp, "semantic": semantic}), out, fixed=True)


@model("s43_bgmatting_coarse_refine_errormap", "tf-module", "Background Matting V2-lite (Lin et al.) as a tf.Module, any size: src and bgr float [1,None,None,3] (H, W multiples of 4); base Keras net on concat(src, bgr) bilinear-downsampled by 4 (tf.image.resize to tf.shape // 4) -> coarse alpha (clip 0-1), foreground residual, error map (sigmoid), hidden features; everything bilinear-upsampled to full size, refine Keras net on concat(src, bgr, alpha, fgr, hidden) -> refined alpha / foreground; tf.where(error > 0.1) keeps the refined values only where the coarse error is high; outputs pha, fgr, err, composite over a constant green screen")
def b_bgm(out):
    b_in = keras.Input((None, None, 6))
    x = b_in
    for c in (16, 32, 32):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, padding="same")(x)))
    base = keras.Model(b_in, L.Conv2D(1 + 3 + 1 + 8, 3, padding="same")(x), name="base")
    r_in = keras.Input((None, None, 6 + 1 + 3 + 8))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(24, 3, padding="same")(r_in)))
    refine = keras.Model(r_in, L.Conv2D(4, 3, padding="same")(L.ReLU()(L.Conv2D(16, 3, padding="same")(x))), name="refine")
    green = np.array([0.0, 1.0, 0.0], "float32")

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], name="src"), tensor_spec([1, None, None, 3], name="bgr")])
    def matte(src, bgr):
        hw = tf.shape(src)[1:3]
        x = tf.image.resize(tf.concat([src, bgr], -1), hw // 4, method="bilinear")
        o = base(x, training=False)
        pha_c, fgr_r, err, hid = o[..., :1], o[..., 1:4], tf.sigmoid(o[..., 4:5]), tf.nn.relu(o[..., 5:])
        up = tf.image.resize(tf.concat([tf.clip_by_value(pha_c, 0.0, 1.0), fgr_r, err, hid], -1), hw, method="bilinear")
        pha_u, fgr_u, err_u, hid_u = up[..., :1], up[..., 1:4], up[..., 4:5], up[..., 5:]
        r = refine(tf.concat([src, bgr, pha_u, fgr_u, hid_u], -1), training=False)
        sel = err_u > 0.1
        pha = tf.clip_by_value(tf.where(sel, r[..., :1], pha_u), 0.0, 1.0)
        fgr = tf.clip_by_value(src + tf.where(tf.broadcast_to(sel, tf.shape(fgr_u)), r[..., 1:], fgr_u), 0.0, 1.0)
        return {"pha": pha, "fgr": fgr, "err": err_u, "composite": pha * fgr + (1.0 - pha) * green}
    _save(out, {"base": base, "refine": refine}, serving_default=matte)


@model("s43_tf1_portrait_seg_hardswish_bgblur_frozen", "frozen-pb", "TF1 graph-mode selfie segmentation for background blur, frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder image float [1,128,128,3] in [0,1]; get_variable convs, hard-swish (x * relu6(x + 3) / 6), tf.nn.depthwise_conv2d stride-2 blocks with a squeeze-excite (reduce_mean, two 1x1 matmuls, hard sigmoid) to 1/16; tf.compat.v1.image.resize_bilinear(align_corners=True) decoder with skip adds; 2-class softmax, person mask; background blurred by a 9x9 stride-1 avg_pool2d SAME; outputs mask [1,128,128,1] and composite = mask * image + (1 - mask) * blurred")
def b_tf1_seg(out):
    v1 = tf.compat.v1

    def build():
        img = v1.placeholder(tf.float32, [1, 128, 128, 3], name="image")

        def hswish(x):
            return x * tf.nn.relu6(x + 3.0) / 6.0

        def conv(x, name, c, k=1, s=1, act=hswish):
            with v1.variable_scope(name):
                w = v1.get_variable("w", [k, k, int(x.shape[-1]), c], initializer=v1.glorot_uniform_initializer())
                y = tf.nn.conv2d(x, w, [1, s, s, 1], "SAME") + v1.get_variable("b", [c], initializer=v1.zeros_initializer())
                return act(y) if act else y

        def dw(x, name, s):
            with v1.variable_scope(name):
                w = v1.get_variable("dw", [3, 3, int(x.shape[-1]), 1], initializer=v1.glorot_uniform_initializer())
                h = hswish(tf.nn.depthwise_conv2d(x, w, [1, s, s, 1], "SAME"))
                c = int(h.shape[-1])
                se = tf.reduce_mean(h, [1, 2])
                se = tf.nn.relu(tf.matmul(se, v1.get_variable("se1", [c, c // 4])))
                se = tf.nn.relu6(tf.matmul(se, v1.get_variable("se2", [c // 4, c])) + 3.0) / 6.0
                return h * se[:, None, None, :]
        x, skips = conv(img, "stem", 16, 3, 2), []       # 64
        for i, c in enumerate((24, 32, 48)):              # 32, 16, 8
            skips.append(x)
            x = conv(dw(x, f"dw{i}", 2), f"pw{i}", c)
        for i, s in enumerate(reversed(skips)):
            size = int(s.shape[1])
            x = conv(v1.image.resize_bilinear(x, [size, size], align_corners=True), f"up{i}", int(s.shape[-1])) + s
        logits = v1.image.resize_bilinear(conv(x, "logits", 2, act=None), [128, 128], align_corners=True)
        mask = tf.identity(tf.nn.softmax(logits)[..., 1:], name="mask")
        blurred = tf.nn.avg_pool2d(img, 9, 1, "SAME")
        return [mask, tf.identity(mask * img + (1.0 - mask) * blurred, name="composite")]
    _v1_freeze(out, build)


OUTPUTS["s43_tf1_portrait_seg_hardswish_bgblur_frozen"] = ["mask", "composite"]


# ================================================================================ audio generation

def _wavenet(n, ch=32, dilations=(1, 2, 4, 8, 16, 32, 64), speakers=0, batch_size=None):
    """WaveNet: mu-law ids -> Embedding(256), causal Conv1D, gated dilated causal residual blocks (tanh * sigmoid,
    optional global speaker embedding added to both gates), 1x1 residual and skip, relu-1x1-relu-1x1 -> 256 logits"""
    ids = keras.Input((n,), dtype="int32", batch_size=batch_size, name="audio_ids")
    ins, spk = [ids], None
    x = L.Conv1D(ch, 2, padding="causal")(L.Embedding(256, ch)(ids))
    if speakers:
        sid = keras.Input((), dtype="int32", batch_size=batch_size, name="speaker_id")
        ins.append(sid)
        spk = L.Reshape((1, 2 * ch))(L.Embedding(speakers, 2 * ch)(sid))
    skips = []
    for d in dilations:
        h = L.Conv1D(2 * ch, 2, dilation_rate=d, padding="causal")(x)
        if spk is not None:
            h = h + spk
        g = K.GatedTanh()(h)
        skips.append(L.Conv1D(ch, 1)(g))
        x = x + L.Conv1D(ch, 1)(g)
    h = L.Conv1D(ch, 1, activation="relu")(L.ReLU()(L.Add()(skips)))
    return keras.Model(ins if len(ins) > 1 else ids, L.Conv1D(256, 1, name="logits")(h))


@model("s43_wavenet_gated_dilated_speaker_b1", "keras-export", "WaveNet (van den Oord et al.) teacher-forced scorer, fixed audio_ids int32 [1,1024] (8-bit mu-law) and speaker_id int32 [1]: Embedding(256, 32), causal Conv1D, 7 gated residual layers (Conv1D kernel 2, padding causal, dilation 1..64, speaker Embedding added as global conditioning, custom layer tanh(a) * sigmoid(b)), 1x1 residual and skip convs, summed skips -> ReLU -> 1x1 -> ReLU -> 1x1 256 -> Softmax probabilities [1,1024,256]; model.export batch 1")
def b_wavenet(out):
    net = _wavenet(1024, speakers=4, batch_size=1)
    _export(keras.Model(net.inputs, L.Softmax(name="probabilities")(net.outputs[0])), out, fixed=True)


FEEDS["s43_wavenet_gated_dilated_speaker_b1"] = {"audio_ids": (0, 256), "speaker_id": (0, 4)}


@model("s43_wavenet_sampler_while_loop_mulaw", "tf-module", "autoregressive WaveNet sampler as a tf.Module: Keras WaveNet (Embedding, gated dilated causal Conv1D 1/2/4/8, receptive field 16) run on a sliding 16-sample window; serving_default generate(seed int32 [2], num_samples int32 [], temperature float []) -> tf.while_loop: logits of the last position / temperature, tf.random.stateless_categorical with seed + step, window shifted by tf.concat, ids written to a tf.TensorArray; mu-law decoding sign(y) ((1 + 255)^|y| - 1) / 255 -> waveform float [num_samples], ids int32; next_logits(window int32 [1,16]) -> logits [1,256]")
def b_wavenet_loop(out):
    net = _wavenet(16, ch=24, dilations=(1, 2, 4, 8))

    @tf.function(input_signature=[tensor_spec([2], "int32", "seed"), tensor_spec([], "int32", "num_samples"),
                                  tensor_spec([], name="temperature")])
    def generate(seed, num_samples, temperature):
        ta = tf.TensorArray(tf.int32, size=num_samples)

        def body(i, win, ta):
            logits = net(win, training=False)[:, -1, :] / temperature
            s = tf.random.stateless_categorical(logits, 1, seed=seed + tf.stack([i, 0]), dtype=tf.int32)
            return i + 1, tf.concat([win[:, 1:], s], axis=1), ta.write(i, s[0, 0])
        _, _, ta = tf.while_loop(lambda i, w, t: i < num_samples, body, [tf.constant(0), tf.fill([1, 16], 128), ta])
        ids = ta.stack()
        y = tf.cast(ids, tf.float32) / 127.5 - 1.0
        return {"waveform": tf.sign(y) * (tf.pow(256.0, tf.abs(y)) - 1.0) / 255.0, "ids": ids}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "window")])
    def next_logits(window):
        return {"logits": net(window, training=False)[:, -1, :]}
    _save(out, {"wavenet": net}, serving_default=generate, next_logits=next_logits)


FEEDS["s43_wavenet_sampler_while_loop_mulaw"] = {"seed": _seed((5, 1)), "num_samples": 12, "temperature": 1.0,
                                                 "window": (0, 256)}


@model("s43_melgan_upsampler_reflectpad_b1", "keras-export", "MelGAN-lite vocoder (Kumar et al.) mel-to-waveform upsampler, mel float [1,None,80] (variable frame count, batch 1): custom ReflectPad1D (tf.pad REFLECT on time) + Conv1D 7 64, three upsampling stages (LeakyReLU(0.2), Conv1DTranspose kernel 2r stride r for r = 8, 8, 4 halving channels, residual stack of dilation 1/3/9 with reflect padding, LeakyReLU, Conv1D 3 dilated, Conv1D 1x1, add), LeakyReLU, reflect pad, Conv1D(1, 7), tanh -> waveform [1,256*frames,1]; model.export with a [1,None,80] signature")
def b_melgan(out):
    mel = keras.Input((None, 80), batch_size=1, name="mel")
    x = L.Conv1D(64, 7)(K.ReflectPad1D(3)(mel))
    ch = 64
    for r in (8, 8, 4):
        ch //= 2
        x = L.Conv1DTranspose(ch, 2 * r, strides=r, padding="same")(L.LeakyReLU(0.2)(x))
        for d in (1, 3, 9):
            h = L.Conv1D(ch, 3, dilation_rate=d)(K.ReflectPad1D(d)(L.LeakyReLU(0.2)(x)))
            x = x + L.Conv1D(ch, 1)(L.LeakyReLU(0.2)(h))
    x = L.Conv1D(1, 7, activation="tanh", name="waveform")(K.ReflectPad1D(3)(L.LeakyReLU(0.2)(x)))
    _export(keras.Model(mel, x), out, fixed=True)


@model("s43_istftnet_lite_magphase_frozen", "frozen-pb", "iSTFTNet-lite vocoder head frozen with convert_variables_to_constants_v2, fixed mel float [1,40,80]: Keras Conv1D 7 128 + LeakyReLU, Conv1DTranspose(64, 8, stride 4) (hop 256 -> 64), 2 dilated residual Conv1D blocks, Conv1D to 2 x 33 channels -> magnitude exp (clipped) and phase sin; complex spectrogram tf.complex(mag * cos(phase), mag * sin(phase)), tf.signal.inverse_stft(frame_length 64, frame_step 16, fft_length 64, Hann window via tf.signal.inverse_stft_window_fn) -> waveform [1,N]")
def b_istft(out):
    mel = keras.Input((40, 80))
    x = L.LeakyReLU(0.1)(L.Conv1D(128, 7, padding="same")(mel))
    x = L.LeakyReLU(0.1)(L.Conv1DTranspose(64, 8, strides=4, padding="same")(x))
    for d in (1, 3):
        x = x + L.Conv1D(64, 3, dilation_rate=d, padding="same")(L.LeakyReLU(0.1)(x))
    net = keras.Model(mel, L.Conv1D(66, 7, padding="same")(x))

    def vocode(mel):
        o = net(mel, training=False)
        mag = tf.exp(tf.clip_by_value(o[..., :33], -10.0, 5.0))
        phase = tf.sin(o[..., 33:]) * np.pi
        spec = tf.complex(mag * tf.cos(phase), mag * tf.sin(phase))
        wav = tf.signal.inverse_stft(spec, 64, 16, 64, window_fn=tf.signal.inverse_stft_window_fn(16))
        return tf.identity(wav, name="waveform")
    _freeze(vocode, [tensor_spec([1, 40, 80], name="mel")], out)


OUTPUTS["s43_istftnet_lite_magphase_frozen"] = ["waveform"]


# ============================================================================ custom layers

def _define_layers():
    class InstanceNorm(L.Layer):
        """instance normalization over H, W (tf.nn.moments), learned per-channel scale / offset"""
        def build(self, shape):
            self.gamma = self.add_weight(shape=(shape[-1],), initializer="ones", name="gamma")
            self.beta = self.add_weight(shape=(shape[-1],), initializer="zeros", name="beta")

        def call(self, x):
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return (x - mean) * tf.math.rsqrt(var + 1e-5) * self.gamma + self.beta

    class ReflectPad(L.Layer):
        def __init__(self, p, **kw):
            super().__init__(**kw)
            self.p = p

        def call(self, x):
            p = self.p
            return tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]], mode="REFLECT")

    class ReflectPad1D(ReflectPad):
        def call(self, x):
            return tf.pad(x, [[0, 0], [self.p, self.p], [0, 0]], mode="REFLECT")

    class AlwaysDropout(L.Layer):
        """dropout applied at inference too (ignores `training`), seeded"""
        def __init__(self, rate, **kw):
            super().__init__(**kw)
            self.rate, self.seed_gen = rate, keras.random.SeedGenerator(1)

        def call(self, x):
            return keras.random.dropout(x, self.rate, seed=self.seed_gen)

    class TimeEmbedding(L.Layer):
        """sinusoidal timestep embedding: int t [B] -> [B, dim] concat(sin, cos)"""
        def __init__(self, dim, **kw):
            super().__init__(**kw)
            half = dim // 2
            self.freqs = np.exp(-np.log(10000.0) * np.arange(half) / half).astype("float32")

        def call(self, t):
            args = tf.cast(tf.reshape(t, [-1, 1]), tf.float32) * self.freqs[None]
            return tf.concat([tf.sin(args), tf.cos(args)], axis=-1)

    class SelfAttention2D(L.Layer):
        """single-head self-attention over H*W positions: GroupNorm, q/k/v Dense, softmax(q k^T / sqrt(C)), proj, residual"""
        def __init__(self, groups=8, **kw):
            super().__init__(**kw)
            self.norm = L.GroupNormalization(groups)
            self.groups = groups

        def build(self, shape):
            c = shape[-1]
            self.q, self.k, self.v, self.o = (L.Dense(c) for _ in range(4))

        def call(self, x):
            s = tf.shape(x)
            c = x.shape[-1]
            h = tf.reshape(self.norm(x), [s[0], s[1] * s[2], c])
            w = tf.nn.softmax(tf.matmul(self.q(h), self.k(h), transpose_b=True) * (c ** -0.5), axis=-1)
            return x + tf.reshape(self.o(tf.matmul(w, self.v(h))), s)

    class SpatialTransformer(L.Layer):
        """latent-diffusion transformer block: GroupNorm, tokens, self-attn, cross-attn to context, GEGLU FF, residual"""
        def __init__(self, h, w, c, heads=4, **kw):
            super().__init__(**kw)
            self.h, self.w, self.c = h, w, c
            self.norm = L.GroupNormalization(8)
            self.proj_in, self.proj_out = L.Dense(c), L.Dense(c)
            self.ln1, self.ln2, self.ln3 = L.LayerNormalization(), L.LayerNormalization(), L.LayerNormalization()
            self.attn1 = L.MultiHeadAttention(heads, c // heads)
            self.attn2 = L.MultiHeadAttention(heads, c // heads)
            self.ff1, self.ff2 = L.Dense(8 * c), L.Dense(c)

        def call(self, x, context):
            t = self.proj_in(tf.reshape(self.norm(x), [-1, self.h * self.w, self.c]))
            n = self.ln1(t)
            t = t + self.attn1(n, n)
            t = t + self.attn2(self.ln2(t), context)
            a, g = tf.split(self.ff1(self.ln3(t)), 2, axis=-1)
            t = t + self.ff2(a * tf.nn.gelu(g))
            return x + tf.reshape(self.proj_out(t), [-1, self.h, self.w, self.c])

    class AdaIN(L.Layer):
        def call(self, content, style):
            mc, vc = tf.nn.moments(content, axes=[1, 2], keepdims=True)
            ms, vs = tf.nn.moments(style, axes=[1, 2], keepdims=True)
            return (content - mc) * tf.math.rsqrt(vc + 1e-5) * tf.sqrt(vs + 1e-5) + ms

    class CondInstanceNorm(L.Layer):
        """instance norm whose scale / offset come from a style bottleneck through Dense layers"""
        def build(self, x_shape, bottleneck_shape):
            c = x_shape[-1]
            self.to_gamma, self.to_beta = L.Dense(c), L.Dense(c)

        def call(self, x, bottleneck):
            mean, var = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return (x - mean) * tf.math.rsqrt(var + 1e-5) * (1.0 + self.to_gamma(bottleneck)) + self.to_beta(bottleneck)

    class PartialConv2D(L.Layer):
        """partial convolution: conv(x * m) * k*k / sum(m) under the window, bias under the updated mask"""
        def __init__(self, filters, k, strides=1, **kw):
            super().__init__(**kw)
            self.conv = L.Conv2D(filters, k, strides=strides, padding="same", use_bias=False)
            self.k, self.s = k, strides
            self.bias = self.add_weight(shape=(filters,), initializer="zeros", name="bias")
            self.ones = np.ones((k, k, 1, 1), "float32")

        def call(self, x, valid):
            msum = tf.nn.conv2d(valid, self.ones, self.s, "SAME")
            upd = tf.clip_by_value(msum, 0.0, 1.0)
            ratio = (self.k * self.k) / (msum + 1e-8) * upd
            return (self.conv(x * valid) * ratio + self.bias) * upd, upd

    class GatedConv2D(L.Layer):
        """gated convolution: ELU(features) * sigmoid(gate) from one Conv2D to 2C channels"""
        def __init__(self, c, k=3, strides=1, dilation=1, **kw):
            super().__init__(**kw)
            self.conv = L.Conv2D(2 * c, k, strides=strides, dilation_rate=dilation, padding="same")

        def call(self, x):
            f, g = tf.split(self.conv(x), 2, axis=-1)
            return tf.nn.elu(f) * tf.sigmoid(g)

    class SpectralTransform(L.Layer):
        """FFC global branch: 1x1 conv, rfft2d over H, W (NCHW), real / imag as channels, 1x1 conv + BN + ReLU,
        irfft2d, 1x1 conv"""
        def __init__(self, c, **kw):
            super().__init__(**kw)
            self.c = c
            self.pre = L.Conv2D(c, 1, activation="relu")
            self.freq = L.Conv2D(2 * c, 1)
            self.bn = L.BatchNormalization()
            self.post = L.Conv2D(c, 1)

        def call(self, x, training=None):
            h = self.pre(x)
            hh, ww = h.shape[1], h.shape[2]
            f = tf.signal.rfft2d(tf.transpose(h, [0, 3, 1, 2]))                 # [B,C,H,W/2+1] complex64
            f = tf.transpose(tf.concat([tf.math.real(f), tf.math.imag(f)], 1), [0, 2, 3, 1])
            f = tf.nn.relu(self.bn(self.freq(f), training=training))
            re, im = tf.split(tf.transpose(f, [0, 3, 1, 2]), 2, axis=1)
            y = tf.signal.irfft2d(tf.complex(re, im), fft_length=[hh, ww])
            return self.post(tf.transpose(y, [0, 2, 3, 1]))

    class LayerNorm2d(L.Layer):
        """NAFNet LayerNorm2d: normalize over channels at each pixel, learned weight / bias"""
        def build(self, shape):
            self.w = self.add_weight(shape=(shape[-1],), initializer="ones", name="weight")
            self.b = self.add_weight(shape=(shape[-1],), initializer="zeros", name="bias")

        def call(self, x):
            mu = tf.reduce_mean(x, -1, keepdims=True)
            var = tf.reduce_mean(tf.square(x - mu), -1, keepdims=True)
            return (x - mu) / tf.sqrt(var + 1e-6) * self.w + self.b

    class SimpleGate(L.Layer):
        def call(self, x):
            a, b = tf.split(x, 2, axis=-1)
            return a * b

    class Scale(L.Layer):
        """learned per-channel residual scale (NAFNet beta / gamma)"""
        def build(self, shape):
            self.s = self.add_weight(shape=(shape[-1],), initializer=keras.initializers.Constant(0.1), name="scale")

        def call(self, x):
            return x * self.s

    class IBNorm(L.Layer):
        """MODNet IBNorm: BatchNormalization on the first half of the channels, instance norm on the rest"""
        def build(self, shape):
            self.half = shape[-1] // 2
            self.bn = L.BatchNormalization()
            self.inorm = InstanceNorm()

        def call(self, x, training=None):
            return tf.concat([self.bn(x[..., :self.half], training=training), self.inorm(x[..., self.half:])], -1)

    class LearnedPositions(L.Layer):
        """adds a learned [length, dim] position table"""
        def build(self, shape):
            self.table = self.add_weight(shape=tuple(shape[1:]), initializer="random_normal", name="positions")

        def call(self, x):
            return x + self.table[None]

    class GatedTanh(L.Layer):
        def call(self, x):
            a, b = tf.split(x, 2, axis=-1)
            return tf.tanh(a) * tf.sigmoid(b)

    for cls in (InstanceNorm, ReflectPad, ReflectPad1D, AlwaysDropout, TimeEmbedding, SelfAttention2D, SpatialTransformer,
                AdaIN, CondInstanceNorm, PartialConv2D, GatedConv2D, SpectralTransform, LayerNorm2d, SimpleGate, Scale,
                IBNorm, LearnedPositions, GatedTanh):
        setattr(K, cls.__name__, cls)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers
    _define_layers()


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
