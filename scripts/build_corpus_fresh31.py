"""Build an independently made corpus into bench/out/fresh31/: small models the way 2024-2026 tutorials, blog posts and
course notebooks build them in Keras 3 and export them for LiteRT (TFLite), most with full-integer (int8) deployment in
mind. Vision (small CNN classifiers with Rescaling / Resizing / CenterCrop inside, RandomFlip / RandomRotation /
RandomZoom augmentation kept in the model but exported through a training=False endpoint, a MobileNet-style classifier
with uint8 preprocessing inside, keras.applications MobileNetV3Small, an EfficientNet-lite style SE block, a tiny ViT
with ops.image.extract_patches and a class token, a Perceiver-lite with a learned latent array, ConvMixer, an Oxford-pets
U-Net, a denoising autoencoder, a siamese cosine-similarity network, GroupNormalization, VAE encoders with the sampling
inactive or driven by a seed input, a DDPM denoiser with sinusoidal time embeddings and a DDIM step, a CTC captcha OCR
with greedy decoding written in ops, ESPCN super-resolution with ops.depth_to_space, a tiny anchor detector decoded with
ops.top_k / take_along_axis), audio (keyword spotting on given spectrograms, in-model log-mel via ops.stft, the Keras
MelSpectrogram layer, M5 on raw waveforms, an attention / logsumexp pooled head on frame embeddings), text (a
transformer-block classifier, GRU sentiment models with TextVectorization kept in or out, unrolled GRU, BiLSTM + masked
MultiHeadAttention, a mini GPT with causal masks and RMSNormalization, Luong Attention, a tagger with logsumexp
log-softmax, a CLIP-style dual encoder), time series (unrolled LSTM forecaster with cumsum, dilated causal TCN, a
Conv1D anomaly autoencoder, a transformer classifier, TimeDistributed CNN-LSTM, a GRU with adapted Normalization) and
tabular / recommendation (Normalization + Embeddings for categorical ids, TabTransformer-lite, a two-tower retrieval
model with top_k / argsort, Deep & Cross, a top-2 mixture of experts with one_hot routing, session pooling with
ops.segment_sum). Custom layers use keras.ops with build() / add_weight. Exported with Keras 3 model.export (mostly an
input signature with a fixed batch of 1, some dynamic batch), keras.export.ExportArchive with one or two endpoints,
tf.saved_model.save(model) (once of a tf.Module wrapping the model), and TF2 functions frozen with
convert_variables_to_constants_v2; float32 inputs mostly, some uint8 / int32. Seeded random weights (Normalization / TextVectorization adapted on made-up data); nothing is downloaded;
every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh31.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh31.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh31.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh31.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh31.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh31", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need real values (ids below a vocabulary size, timesteps, sorted segment ids, strings): model -> {input
# name (or "endpoint/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each
# model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

WORDS = ("the movie was great and i loved acting but plot felt slow boring terrible awful amazing brilliant story film "
         "characters music ending bad good best worst ever really not very fun waste time recommend watch again").split()


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _specs(m, fixed=True):
    """TensorSpecs named after the Keras Inputs, in the structure of m.input; batch kept (fixed) or relaxed to None"""
    struct = m.inputs[0] if isinstance(m, keras.Sequential) else m.input  # a Sequential has no .input until called
    return keras.tree.map_structure(
        lambda t: tensor_spec(list(t.shape) if fixed else [None, *t.shape[1:]], t.dtype, t.name), struct)


def _export(m, out, fixed=True):
    """run the model once (inference) on the --check inputs, then model.export: with an input signature keeping the
    Inputs' batch of 1 (fixed, as LiteRT conversion scripts do) or Keras' own relaxed signature (dynamic batch)"""
    struct = _specs(m, fixed)
    vals = _feed(out, keras.tree.flatten(struct))
    m(keras.tree.map_structure(lambda s: vals[s.name], struct), training=False)
    keras_export(m, out, sig=[struct] if fixed else None)


def _archive(out, track, **endpoints):
    """keras.export.ExportArchive: track the models, add each endpoint name=(fn, [named TensorSpecs]) after running
    it once on the --check inputs, write_out (the first endpoint is also serving_default)"""
    arch = keras.export.ExportArchive()
    for t in track:
        arch.track(t)
    for name, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, name)
        fn(*[vals[s.name] for s in specs])
        arch.add_endpoint(name=name, fn=fn, input_signature=specs)
    arch.write_out(str(out), verbose=False)


def _tf_save(m, out, fixed=True):
    """run once, then plain tf.saved_model.save(model, path) with the signature Keras provides by default"""
    struct = _specs(m, fixed)
    vals = _feed(out, keras.tree.flatten(struct))
    m(keras.tree.map_structure(lambda s: vals[s.name], struct), training=False)
    tf.saved_model.save(m, str(out))


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _ids(rng, shape, vocab, pad_from=None):
    """token ids in [1, vocab), zero padding from position `pad_from` on"""
    a = rng.integers(1, vocab, shape)
    if pad_from is not None:
        a[..., pad_from:] = 0
    return a


def _sentences(rng, n):
    return [" ".join(rng.choice(WORDS, rng.integers(4, 14))) for _ in range(n)]


def _transformer_block(x, heads, key_dim, ff, rate=0.1, eps=1e-6, mask=None, causal=False, norm=None):
    """post-norm block as keras.io writes it: MHA + Dropout + residual + LayerNormalization, FFN + residual + norm"""
    norm = norm or (lambda: L.LayerNormalization(epsilon=eps))
    a = L.MultiHeadAttention(num_heads=heads, key_dim=key_dim, dropout=rate)(x, x, attention_mask=mask,
                                                                          use_causal_mask=causal)
    x = norm()(x + L.Dropout(rate)(a))
    f = L.Dense(x.shape[-1])(L.Dense(ff, activation="relu")(x))
    return norm()(x + L.Dropout(rate)(f))


def _layers():
    """the custom layers several models share, defined once keras is imported"""
    global TokenAndPositionEmbedding, ClassToken, SinusoidalEmbedding

    class TokenAndPositionEmbedding(L.Layer):
        """keras.io: token Embedding + position Embedding of ops.arange(maxlen)"""

        def __init__(self, maxlen, vocab_size, embed_dim, **kw):
            super().__init__(**kw)
            self.token_emb = L.Embedding(vocab_size, embed_dim)
            self.pos_emb = L.Embedding(maxlen, embed_dim)

        def call(self, x):
            positions = self.pos_emb(ops.arange(0, ops.shape(x)[-1], 1))
            return self.token_emb(x) + positions

    class ClassToken(L.Layer):
        """learned [CLS] token (add_weight in build) broadcast over the batch and prepended"""

        def build(self, input_shape):
            self.cls = self.add_weight(shape=(1, 1, input_shape[-1]), initializer="zeros", name="cls")

        def call(self, x):
            cls = ops.broadcast_to(ops.cast(self.cls, x.dtype), (ops.shape(x)[0], 1, ops.shape(x)[-1]))
            return ops.concatenate([cls, x], axis=1)

    class SinusoidalEmbedding(L.Layer):
        """diffusion timestep embedding: exp-spaced frequencies, concat(sin, cos)"""

        def __init__(self, dim=32, **kw):
            super().__init__(**kw)
            self.dim = dim

        def call(self, t):
            half = self.dim // 2
            freqs = ops.exp(ops.arange(half, dtype="float32") * (-np.log(10000.0) / (half - 1)))
            args = ops.cast(ops.reshape(t, (-1, 1)), "float32") * freqs[None, :]
            return ops.concatenate([ops.sin(args), ops.cos(args)], axis=-1)


TokenAndPositionEmbedding = ClassToken = SinusoidalEmbedding = None


# ================================================================================ vision

@model("t31_mnist_cnn_augment_archive_batch1", "keras-archive", "keras.io 'simple MNIST convnet' with in-model augmentation: Sequential float [1,28,28,1] (raw 0..255 pixels) RandomRotation(0.1) + RandomZoom(0.1) + RandomTranslation, Rescaling(1/255), Conv2D 16/32 relu + MaxPooling2D, Flatten, Dropout(0.5), Dense(10, softmax); ExportArchive endpoint 'serve' calling model(x, training=False) so the augmentation is inactive")
def b_mnist(out):
    m = keras.Sequential([
        keras.Input((28, 28, 1), batch_size=1, name="image"),
        L.RandomRotation(0.1), L.RandomZoom(0.1), L.RandomTranslation(0.1, 0.1), L.Rescaling(1.0 / 255),
        L.Conv2D(16, 3, activation="relu"), L.MaxPooling2D(), L.Conv2D(32, 3, activation="relu"), L.MaxPooling2D(),
        L.Flatten(), L.Dropout(0.5), L.Dense(10, activation="softmax"),
    ])
    _archive(out, [m], serve=(lambda x: m(x, training=False), [tensor_spec([1, 28, 28, 1], name="image")]))


@model("t31_flowers_cnn_augment_tf_saved_training_false", "tf-module", "TF image-classification tutorial (flowers) in Keras 3, float [None,96,96,3]: data_augmentation Sequential (RandomFlip horizontal, RandomRotation 0.1, RandomZoom 0.1), Rescaling(1/255), 3x Conv2D(same, relu) + MaxPooling2D, Dropout(0.2), Flatten, Dense(64), Dense(5) logits; tf.saved_model.save of a tf.Module holding the model and model.variables (the augmentation SeedGenerator state is not reachable from the Keras model root) with a tf.function signature calling model(x, training=False) (augmentation inactive)")
def b_flowers(out):
    aug = keras.Sequential([L.RandomFlip("horizontal"), L.RandomRotation(0.1), L.RandomZoom(0.1)], name="data_augmentation")
    m = keras.Sequential([keras.Input((96, 96, 3), name="image"), aug, L.Rescaling(1.0 / 255)]
                         + [k for f in (16, 32, 64) for k in (L.Conv2D(f, 3, padding="same", activation="relu"), L.MaxPooling2D())]
                         + [L.Dropout(0.2), L.Flatten(), L.Dense(64, activation="relu"), L.Dense(5, name="logits")])
    serve = tf.function(lambda image: {"logits": m(image, training=False)},
                        input_signature=[tensor_spec([None, 96, 96, 3], name="image")])
    serve(_feed(out, serve.input_signature)["image"])
    serve_module(out, {"model": m, "model_variables": list(m.variables)}, serving_default=serve)


@model("t31_mobilenet_style_uint8_preprocessing_inside", "keras-export", "MobileNetV2-style classifier written by hand for a microcontroller / phone tutorial, uint8 camera frame [1,128,128,3]: CenterCrop(112), Resizing(96) and Rescaling(1/127.5, offset=-1) inside the model, Conv2D stem stride 2 + BatchNormalization + ReLU(6), inverted residual blocks (1x1 expand, DepthwiseConv2D 3x3, 1x1 linear project, Add on stride 1), GlobalAveragePooling2D, Dropout, Dense(5, softmax); model.export with a batch-1 input signature")
def b_mobilenet_style(out):
    def inverted_residual(x, expand, cout, stride):
        h = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(x.shape[-1] * expand, 1, use_bias=False)(x)))
        h = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=stride, padding="same", use_bias=False)(h)))
        h = L.BatchNormalization()(L.Conv2D(cout, 1, use_bias=False)(h))
        return L.Add()([x, h]) if stride == 1 and x.shape[-1] == cout else h
    inp = keras.Input((128, 128, 3), batch_size=1, dtype="uint8", name="image")
    x = L.Rescaling(1.0 / 127.5, offset=-1.0)(L.Resizing(96, 96)(L.CenterCrop(112, 112)(inp)))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(x)))
    for expand, cout, stride in ((1, 16, 1), (4, 24, 2), (4, 24, 1), (4, 32, 2), (4, 32, 1), (4, 64, 2)):
        x = inverted_residual(x, expand, cout, stride)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(x))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="probs")(x)), out)


@model("t31_mobilenetv3small_minimalistic_app", "keras-export", "keras.applications.MobileNetV3Small(alpha=0.75, minimalistic=True, include_preprocessing=True, weights=None, classes=4) on float [1,96,96,3] (0..255 pixels, Rescaling inside the application) wrapped in a functional model, the edge-TPU / LiteRT friendly variant; model.export with a batch-1 signature")
def b_mnv3(out):
    base = keras.applications.MobileNetV3Small(input_shape=(96, 96, 3), alpha=0.75, minimalistic=True, weights=None,
                                               classes=4, include_preprocessing=True, dropout_rate=0.2)
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    _export(keras.Model(inp, base(inp)), out)


@model("t31_efficientnet_lite_se_hardswish", "keras-export", "EfficientNet-lite / MobileNetV3-style blocks from a blog post, float [1,64,64,3]: Rescaling, Conv2D stem, MBConv (1x1 expand, DepthwiseConv2D, squeeze-excitation by GlobalAveragePooling2D(keepdims) + Dense relu / hard_sigmoid + Multiply, hard_swish activations, 1x1 project, residual), GlobalAveragePooling2D, Dense(3)")
def b_effnet_lite(out):
    def mbconv(x, cout, stride, expand=4):
        h = L.Activation("hard_swish")(L.BatchNormalization()(L.Conv2D(x.shape[-1] * expand, 1, use_bias=False)(x)))
        h = L.Activation("hard_swish")(L.BatchNormalization()(L.DepthwiseConv2D(3, stride, padding="same", use_bias=False)(h)))
        se = L.GlobalAveragePooling2D(keepdims=True)(h)
        se = L.Dense(h.shape[-1], activation="hard_sigmoid")(L.Dense(max(8, h.shape[-1] // 4), activation="relu")(se))
        h = L.BatchNormalization()(L.Conv2D(cout, 1, use_bias=False)(L.Multiply()([h, se])))
        return L.Add()([x, h]) if stride == 1 and x.shape[-1] == cout else h
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Activation("hard_swish")(L.BatchNormalization()(L.Conv2D(16, 3, 2, padding="same")(L.Rescaling(1 / 255.0)(inp))))
    for cout, stride in ((16, 1), (24, 2), (24, 1), (40, 2)):
        x = mbconv(x, cout, stride)
    _export(keras.Model(inp, L.Dense(3)(L.GlobalAveragePooling2D()(x))), out)


@model("t31_tiny_vit_patches_class_token", "keras-export", "keras.io 'image classification with Vision Transformer' shrunk for CIFAR, float [1,32,32,3]: Patches layer (ops.image.extract_patches 4x4 + ops.reshape to [B,64,48]), PatchEncoder (Dense projection + position Embedding of ops.arange), learned class token (add_weight, ops.broadcast_to, ops.concatenate), 2 pre-norm blocks (LayerNormalization eps 1e-6, MultiHeadAttention 4x16, gelu MLP, Dropout), class-token head Dense(10)")
def b_vit(out):
    class Patches(L.Layer):
        def call(self, images):
            p = ops.image.extract_patches(images, size=4)
            return ops.reshape(p, (ops.shape(images)[0], -1, 4 * 4 * 3))

    class PatchEncoder(L.Layer):
        def __init__(self, num_patches, dim, **kw):
            super().__init__(**kw)
            self.num_patches, self.projection = num_patches, L.Dense(dim)
            self.position_embedding = L.Embedding(num_patches, dim)

        def call(self, patch):
            positions = ops.expand_dims(ops.arange(0, self.num_patches, 1), axis=0)
            return self.projection(patch) + self.position_embedding(positions)
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = ClassToken()(PatchEncoder(64, 64)(Patches()(L.Rescaling(1 / 255.0)(inp))))
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-6)(x)
        x = x + L.MultiHeadAttention(num_heads=4, key_dim=16, dropout=0.1)(h, h)
        h = L.LayerNormalization(epsilon=1e-6)(x)
        x = x + L.Dropout(0.1)(L.Dense(64)(L.Dense(128, activation="gelu")(h)))
    x = L.LayerNormalization(epsilon=1e-6)(x)
    _export(keras.Model(inp, L.Dense(10, name="logits")(x[:, 0])), out)


@model("t31_perceiver_lite_latents_dynamic_batch", "keras-export", "keras.io Perceiver example shrunk, float [None,32,32,3] (dynamic batch): ops.image.resize to 24x24, patches via ops.image.extract_patches + Dense + position Embedding, learned latent array (add_weight [16,64], ops.broadcast_to over the batch), cross-attention latents -> patches (MultiHeadAttention, LayerNormalization, gelu FFN), a transformer block applied twice with shared weights, GlobalAveragePooling1D, Dense(10); model.export with Keras' own signature")
def b_perceiver(out):
    class LatentArray(L.Layer):
        def __init__(self, n, dim, **kw):
            super().__init__(**kw)
            self.n, self.dim = n, dim

        def build(self, input_shape):
            self.latents = self.add_weight(shape=(self.n, self.dim), initializer="random_normal", name="latents")

        def call(self, x):
            return ops.broadcast_to(self.latents[None], (ops.shape(x)[0], self.n, self.dim))

    class PatchEmbed(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.proj, self.pos = L.Dense(64), L.Embedding(36, 64)

        def call(self, images):
            x = ops.image.resize(images, (24, 24), interpolation="bilinear")
            p = ops.reshape(ops.image.extract_patches(x, size=4), (ops.shape(x)[0], 36, 48))
            return self.proj(p) + self.pos(ops.arange(36))[None]
    inp = keras.Input((32, 32, 3), name="image")
    data = PatchEmbed()(inp)
    lat = LatentArray(16, 64)(inp)
    q = L.LayerNormalization()(lat)
    lat = lat + L.MultiHeadAttention(1, 64)(q, L.LayerNormalization()(data))
    lat = lat + L.Dense(64)(L.Dense(128, activation="gelu")(L.LayerNormalization()(lat)))
    ln1, mha, ln2, ff1, ff2 = (L.LayerNormalization(), L.MultiHeadAttention(4, 16), L.LayerNormalization(),
                               L.Dense(128, activation="gelu"), L.Dense(64))
    for _ in range(2):  # Perceiver shares the latent transformer weights across iterations
        h = ln1(lat)
        lat = lat + mha(h, h)
        lat = lat + ff2(ff1(ln2(lat)))
    _export(keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling1D()(lat))), out, fixed=False)


@model("t31_convmixer_gelu_depthwise", "keras-export", "keras.io ConvMixer, float [1,32,32,3]: Rescaling(1/255), patch stem Conv2D(64, 2, stride 2) + gelu + BatchNormalization, 4 ConvMixer blocks (DepthwiseConv2D 5x5 same + gelu (erf) + BN, Add residual, Conv2D 1x1 + gelu + BN), GlobalAveragePooling2D, Dense(10, softmax)")
def b_convmixer(out):
    def act_bn(x):
        return L.BatchNormalization()(L.Activation("gelu")(x))
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = act_bn(L.Conv2D(64, 2, strides=2)(L.Rescaling(1 / 255.0)(inp)))
    for _ in range(4):
        x = L.Add()([act_bn(L.DepthwiseConv2D(5, padding="same")(x)), x])
        x = act_bn(L.Conv2D(64, 1)(x))
    _export(keras.Model(inp, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("t31_unet_oxford_pets_separable", "keras-export", "keras.io 'image segmentation with a U-Net-like architecture' (Oxford pets) shrunk, float [1,64,64,3]: Conv2D stem stride 2, SeparableConv2D + BatchNormalization + MaxPooling2D down blocks with strided 1x1 residuals, Conv2DTranspose + UpSampling2D up blocks with upsampled residuals, Conv2D(3, softmax) per-pixel probs plus an int32 mask from a custom layer (ops.argmax)")
def b_unet(out):
    class ArgmaxMask(L.Layer):
        def call(self, probs):
            return ops.cast(ops.argmax(probs, axis=-1), "int32")
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Activation("relu")(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same")(inp)))
    prev = x
    for f in (32, 64):
        for _ in range(2):
            x = L.BatchNormalization()(L.SeparableConv2D(f, 3, padding="same")(L.Activation("relu")(x)))
        x = L.MaxPooling2D(3, strides=2, padding="same")(x)
        x = L.add([x, L.Conv2D(f, 1, strides=2, padding="same")(prev)])
        prev = x
    for f in (64, 32, 16):
        for _ in range(2):
            x = L.BatchNormalization()(L.Conv2DTranspose(f, 3, padding="same")(L.Activation("relu")(x)))
        x = L.UpSampling2D(2)(x)
        x = L.add([x, L.Conv2D(f, 1, padding="same")(L.UpSampling2D(2)(prev))])
        prev = x
    probs = L.Conv2D(3, 3, activation="softmax", padding="same", name="probs")(x)
    _export(keras.Model(inp, {"probs": probs, "mask": ArgmaxMask(name="mask")(probs)}), out)


@model("t31_denoising_autoencoder_two_endpoints", "keras-archive", "keras.io convolutional denoising autoencoder (MNIST), float [1,28,28,1]: encoder Conv2D 32 relu + MaxPooling2D x2, decoder Conv2DTranspose stride 2 x2 + Conv2D(1, sigmoid); ExportArchive with endpoints 'denoise' (autoencoder) and 'encode' (encoder latent [1,7,7,32]), both batch 1")
def b_denoise(out):
    inp = keras.Input((28, 28, 1), batch_size=1, name="noisy_image")
    x = L.MaxPooling2D(2, padding="same")(L.Conv2D(32, 3, activation="relu", padding="same")(inp))
    x = L.MaxPooling2D(2, padding="same")(L.Conv2D(32, 3, activation="relu", padding="same")(x))
    encoder = keras.Model(inp, x, name="encoder")
    y = L.Conv2DTranspose(32, 3, strides=2, activation="relu", padding="same")(x)
    y = L.Conv2DTranspose(32, 3, strides=2, activation="relu", padding="same")(y)
    autoencoder = keras.Model(inp, L.Conv2D(1, 3, activation="sigmoid", padding="same")(y), name="autoencoder")
    spec = [tensor_spec([1, 28, 28, 1], name="noisy_image")]
    _archive(out, [autoencoder], denoise=(lambda x: autoencoder(x, training=False), spec),
             encode=(lambda x: encoder(x, training=False), spec))


@model("t31_siamese_cosine_similarity", "keras-export", "siamese image-similarity network from a blog post (keras.io triplet-loss example style): shared embedding CNN (Rescaling, Conv2D + BatchNormalization + MaxPooling2D x3, GlobalAveragePooling2D, Dense(64)) applied to anchor and candidate float [1,64,64,3]; custom CosineSimilarity layer (ops.normalize, ops.sum) -> similarity [1,1] and a sigmoid match probability")
def b_siamese(out):
    class CosineSimilarity(L.Layer):
        def call(self, a, b):
            return ops.sum(ops.normalize(a, axis=-1) * ops.normalize(b, axis=-1), axis=-1, keepdims=True)
    e_in = keras.Input((64, 64, 3))
    x = L.Rescaling(1 / 255.0)(e_in)
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", activation="relu")(x)))
    embedding = keras.Model(e_in, L.Dense(64)(L.GlobalAveragePooling2D()(x)), name="embedding")
    a = keras.Input((64, 64, 3), batch_size=1, name="anchor")
    c = keras.Input((64, 64, 3), batch_size=1, name="candidate")
    sim = CosineSimilarity(name="similarity")(embedding(a), embedding(c))
    match = L.Dense(1, activation="sigmoid", name="match")(sim)
    _export(keras.Model([a, c], {"similarity": sim, "match": match}), out)


@model("t31_groupnorm_swish_cnn_uint8_tf_saved", "saved-model", "small CNN with GroupNormalization(groups=4) + swish (2024 style, batch-size independent), uint8 image [1,64,64,3] -> Rescaling(1/255) inside, Conv2D / GroupNormalization / swish x3 with MaxPooling2D, GlobalAveragePooling2D, Dense(6, softmax); plain tf.saved_model.save(model) with Keras' default signature")
def b_groupnorm(out):
    inp = keras.Input((64, 64, 3), batch_size=1, dtype="uint8", name="image")
    x = L.Rescaling(1 / 255.0)(inp)
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.Activation("swish")(L.GroupNormalization(groups=4)(L.Conv2D(f, 3, padding="same")(x))))
    _tf_save(keras.Model(inp, L.Dense(6, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("t31_vae_encoder_sampling_inactive", "keras-export", "keras.io VAE encoder, float [1,28,28,1]: Conv2D 32/64 stride 2, Flatten, Dense(16), z_mean / z_log_var Dense(2), custom Sampling layer with a SeedGenerator (z_mean + ops.exp(0.5 z_log_var) * keras.random.normal) only when training, z = z_mean at inference; outputs z_mean, z_log_var, z")
def b_vae_enc(out):
    class Sampling(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.seed_generator = keras.random.SeedGenerator(1337)

        def call(self, inputs, training=False):
            z_mean, z_log_var = inputs
            if not training:
                return z_mean
            eps = keras.random.normal(ops.shape(z_mean), seed=self.seed_generator)
            return z_mean + ops.exp(0.5 * z_log_var) * eps
    inp = keras.Input((28, 28, 1), batch_size=1, name="image")
    x = L.Conv2D(64, 3, activation="relu", strides=2, padding="same")(L.Conv2D(32, 3, activation="relu", strides=2, padding="same")(inp))
    x = L.Dense(16, activation="relu")(L.Flatten()(x))
    z_mean, z_log_var = L.Dense(2, name="z_mean")(x), L.Dense(2, name="z_log_var")(x)
    _export(keras.Model(inp, {"z_mean": z_mean, "z_log_var": z_log_var, "z": Sampling(name="z")([z_mean, z_log_var])}), out)


@model("t31_vae_reparam_seed_input", "keras-export", "VAE encoder + decoder round trip with the reparameterization driven by a seed input (reproducible on device): image float [1,28,28,1], seed int32 [1,2]; Conv2D encoder -> z_mean / z_log_var Dense(8); custom layer eps = tf.random.stateless_normal(shape of z_mean, seed), z = z_mean + ops.exp(0.5 z_log_var) eps; Dense + Reshape + Conv2DTranspose decoder -> reconstruction (sigmoid) and z")
def b_vae_seed(out):
    class StatelessSampling(L.Layer):
        def call(self, z_mean, z_log_var, seed):
            eps = tf.random.stateless_normal(tf.shape(z_mean), seed=tf.reshape(seed, [-1])[:2])
            return z_mean + ops.exp(0.5 * z_log_var) * eps
    img = keras.Input((28, 28, 1), batch_size=1, name="image")
    seed = keras.Input((2,), batch_size=1, dtype="int32", name="seed")
    x = L.Flatten()(L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(img))
    z_mean, z_log_var = L.Dense(8, name="z_mean")(x), L.Dense(8, name="z_log_var")(x)
    z = StatelessSampling(name="z")(z_mean, z_log_var, seed)
    y = L.Reshape((7, 7, 16))(L.Dense(7 * 7 * 16, activation="relu")(z))
    y = L.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu")(y)
    y = L.Conv2DTranspose(1, 3, strides=2, padding="same", activation="sigmoid", name="reconstruction")(y)
    _export(keras.Model([img, seed], {"reconstruction": y, "z": z}), out)


FEEDS["t31_vae_reparam_seed_input"] = {"seed": [[42, 7]]}


@model("t31_ddpm_denoiser_sinusoidal_ddim_step", "keras-archive", "keras.io DDIM / DDPM tutorial style noise predictor, noisy image float [1,32,32,3] + timestep int32 [1]: SinusoidalEmbedding (ops.exp / sin / cos of ops.arange frequencies) -> Dense swish MLP added per block, residual blocks with GroupNormalization(8) + swish + Conv2D, strided down / UpSampling2D up with Concatenate skips; a DDIM step custom layer (ops.take from an alphas_cumprod table, ops.sqrt); ExportArchive endpoints 'predict_noise' (x_t, t) and 'ddim_step' (x_t, t, t_prev)")
def b_ddpm(out):
    def res_block(x, temb, ch):
        h = L.Conv2D(ch, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(8)(x)))
        h = h + L.Reshape((1, 1, ch))(L.Dense(ch)(temb))
        h = L.Conv2D(ch, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(8)(h)))
        return h + (x if x.shape[-1] == ch else L.Conv2D(ch, 1)(x))
    x_in = keras.Input((32, 32, 3), batch_size=1, name="x_t")
    t_in = keras.Input((), batch_size=1, dtype="int32", name="timestep")
    temb = L.Dense(64)(L.Dense(64, activation="swish")(SinusoidalEmbedding(32)(t_in)))
    h0 = res_block(L.Conv2D(32, 3, padding="same")(x_in), temb, 32)
    h1 = res_block(L.Conv2D(32, 3, strides=2, padding="same")(h0), temb, 64)
    mid = res_block(L.Conv2D(64, 3, strides=2, padding="same")(h1), temb, 64)
    u1 = res_block(L.Concatenate()([L.UpSampling2D()(mid), h1]), temb, 64)
    u0 = res_block(L.Concatenate()([L.UpSampling2D()(u1), h0]), temb, 32)
    eps_net = keras.Model([x_in, t_in], L.Conv2D(3, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(8)(u0))))
    alphas_cumprod = np.cumprod(1.0 - np.linspace(1e-4, 0.02, 1000)).astype("float32")

    class DDIMStep(L.Layer):
        def call(self, x_t, eps, t, t_prev):
            a_t = ops.reshape(ops.take(alphas_cumprod, t), (-1, 1, 1, 1))
            a_p = ops.reshape(ops.take(alphas_cumprod, t_prev), (-1, 1, 1, 1))
            x0 = ops.clip((x_t - ops.sqrt(1.0 - a_t) * eps) / ops.sqrt(a_t), -1.0, 1.0)
            return ops.sqrt(a_p) * x0 + ops.sqrt(1.0 - a_p) * eps
    ddim = DDIMStep()
    specs = [tensor_spec([1, 32, 32, 3], name="x_t"), tensor_spec([1], "int32", "timestep")]
    _archive(out, [eps_net],
             predict_noise=(lambda x, t: eps_net([x, t], training=False), specs),
             ddim_step=(lambda x, t, tp: ddim(x, eps_net([x, t], training=False), t, tp),
                        specs + [tensor_spec([1], "int32", "t_prev")]))


FEEDS["t31_ddpm_denoiser_sinusoidal_ddim_step"] = {"timestep": [500], "t_prev": [480]}


@model("t31_ctc_captcha_ocr_greedy_ops", "keras-archive", "keras.io 'OCR model for reading captchas' prediction model, float [1,128,32,1] (width first): Conv2D 32/64 he_normal + MaxPooling2D x2, Reshape to [32,512], Dense(64) + Dropout, Bidirectional(LSTM 64 / 32, return_sequences, dropout 0.25), Dense(20, softmax); ExportArchive endpoints 'predict' (per-step probs) and 'decode' (greedy CTC written in ops: argmax, ops.pad shifted copy, ops.where dropping repeats and blanks -> int32 labels with -1)")
def b_ocr(out):
    inp = keras.Input((128, 32, 1), batch_size=1, name="image")
    x = L.MaxPooling2D()(L.Conv2D(32, 3, activation="relu", kernel_initializer="he_normal", padding="same")(inp))
    x = L.MaxPooling2D()(L.Conv2D(64, 3, activation="relu", kernel_initializer="he_normal", padding="same")(x))
    x = L.Dropout(0.2)(L.Dense(64, activation="relu")(L.Reshape((32, 8 * 64))(x)))
    x = L.Bidirectional(L.LSTM(64, return_sequences=True, dropout=0.25))(x)
    x = L.Bidirectional(L.LSTM(32, return_sequences=True, dropout=0.25))(x)
    m = keras.Model(inp, L.Dense(20, activation="softmax", name="dense2")(x), name="ocr_model_v1")
    blank = 19

    def decode(image):
        best = ops.cast(ops.argmax(m(image, training=False), axis=-1), "int32")
        prev = ops.pad(best[:, :-1], [[0, 0], [1, 0]], constant_values=-1)
        return ops.where(ops.logical_and(best != prev, best != blank), best, -1)
    spec = [tensor_spec([1, 128, 32, 1], name="image")]
    _archive(out, [m], predict=(lambda image: m(image, training=False), spec), decode=(decode, spec))


@model("t31_espcn_super_resolution_dynamic_hw", "keras-export", "keras.io 'image super-resolution using an efficient sub-pixel CNN' (ESPCN) on the Y channel, float [1,None,None,1] (dynamic height / width, batch 1): Conv2D 64 (5x5) / 64 / 32 orthogonal init, Conv2D(1*3^2), ops.depth_to_space(3), plus a bicubic residual of the input from a custom layer calling tf.image.resize on tf.shape(x) * 3 (Keras' resize needs static sizes); model.export with a batch-1 signature")
def b_espcn(out):
    class DepthToSpace(L.Layer):
        def call(self, x):
            return ops.depth_to_space(x, 3)

    class BicubicUpscale(L.Layer):
        """ops.image.resize / UpSampling2D need static sizes in the TF backend: tf.image.resize on tf.shape * 3"""

        def call(self, x):
            return tf.image.resize(x, tf.shape(x)[1:3] * 3, method="bicubic")

        def compute_output_shape(self, s):
            return (s[0], None if s[1] is None else 3 * s[1], None if s[2] is None else 3 * s[2], s[3])
    inp = keras.Input((None, None, 1), batch_size=1, name="y_channel")
    x = L.Conv2D(64, 5, padding="same", activation="relu", kernel_initializer="orthogonal")(inp)
    x = L.Conv2D(64, 3, padding="same", activation="relu", kernel_initializer="orthogonal")(x)
    x = L.Conv2D(32, 3, padding="same", activation="relu", kernel_initializer="orthogonal")(x)
    x = DepthToSpace()(L.Conv2D(9, 3, padding="same", kernel_initializer="orthogonal")(x))
    _export(keras.Model(inp, L.Add(name="upscaled")([x, BicubicUpscale()(inp)])), out)


@model("t31_tiny_anchor_detector_topk_decode", "keras-export", "tiny single-shot detector from a 'TFLite object detection from scratch' post, uint8 [1,128,128,3]: Rescaling, Conv2D/BN/ReLU backbone to a 16x16 grid, class head (3 anchors x 4 classes, sigmoid) and box head; DecodeDetections custom layer: constant anchors, centers + deltas * anchor wh, ops.exp wh, ops.max / ops.argmax over classes, ops.top_k(20) and ops.take_along_axis -> boxes [1,20,4] (yxyx clipped), scores, classes int32")
def b_detector(out):
    g, na, nc = 16, 3, 4
    cy, cx = np.meshgrid((np.arange(g) + 0.5) / g, (np.arange(g) + 0.5) / g, indexing="ij")
    anchors = np.stack([np.stack([cy, cx, np.full_like(cy, s), np.full_like(cy, s)], -1) for s in (0.1, 0.25, 0.5)], 2)
    anchors = anchors.reshape(-1, 4).astype("float32")

    class DecodeDetections(L.Layer):
        def call(self, cls, box):
            cls = ops.reshape(ops.sigmoid(cls), (-1, g * g * na, nc))
            box = ops.reshape(box, (-1, g * g * na, 4))
            yx = anchors[None, :, :2] + box[..., :2] * 0.1 * anchors[None, :, 2:]
            hw = anchors[None, :, 2:] * ops.exp(ops.clip(box[..., 2:] * 0.2, -4.0, 4.0))
            boxes = ops.clip(ops.concatenate([yx - hw / 2, yx + hw / 2], axis=-1), 0.0, 1.0)
            scores, idx = ops.top_k(ops.max(cls, axis=-1), k=20)
            classes = ops.take_along_axis(ops.cast(ops.argmax(cls, axis=-1), "int32"), idx, axis=1)
            return ops.take_along_axis(boxes, ops.expand_dims(idx, -1), axis=1), scores, classes
    inp = keras.Input((128, 128, 3), batch_size=1, dtype="uint8", name="image")
    x = L.Rescaling(1 / 255.0)(inp)
    for f in (16, 32, 64):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=2, padding="same", use_bias=False)(x)))
    x = L.ReLU()(L.Conv2D(64, 3, padding="same")(x))
    boxes, scores, classes = DecodeDetections()(L.Conv2D(na * nc, 1)(x), L.Conv2D(na * 4, 1)(x))
    _export(keras.Model(inp, {"boxes": boxes, "scores": scores, "classes": classes}), out)


# ================================================================================ audio

@model("t31_kws_spectrogram_cnn_resizing_normalization", "keras-export", "TF 'simple audio recognition' tutorial (mini Speech Commands) model on a spectrogram given as input, float [1,124,129,1]: Resizing(32,32), Normalization adapted on made-up spectrograms, Conv2D 32/64 relu, MaxPooling2D, Dropout(0.25), Flatten, Dense(128), Dropout(0.5), Dense(8) logits")
def b_kws(out):
    rng = np.random.default_rng(20)
    norm = L.Normalization()
    norm.adapt(np.abs(rng.standard_normal((64, 32, 32, 1))).astype("float32"))
    m = keras.Sequential([keras.Input((124, 129, 1), batch_size=1, name="spectrogram"), L.Resizing(32, 32), norm,
                          L.Conv2D(32, 3, activation="relu"), L.Conv2D(64, 3, activation="relu"), L.MaxPooling2D(),
                          L.Dropout(0.25), L.Flatten(), L.Dense(128, activation="relu"), L.Dropout(0.5), L.Dense(8)])
    _export(m, out)


def _mel_matrix(n_fft, n_mels, sr, fmin=20.0, fmax=None):
    """HTK mel filterbank [n_fft//2+1, n_mels] in numpy, as notebooks copy it"""
    fmax = fmax or sr / 2
    mel = lambda f: 2595.0 * np.log10(1.0 + f / 700.0)  # noqa: E731
    hz = 700.0 * (10 ** (np.linspace(mel(fmin), mel(fmax), n_mels + 2) / 2595.0) - 1.0)
    bins = np.linspace(0, sr / 2, n_fft // 2 + 1)
    w = np.zeros((n_fft // 2 + 1, n_mels), "float32")
    for i in range(n_mels):
        lo, c, hi = hz[i:i + 3]
        w[:, i] = np.maximum(0, np.minimum((bins - lo) / (c - lo), (hi - bins) / (hi - c)))
    return w


@model("t31_kws_logmel_ops_stft_dscnn", "keras-export", "keyword spotting on raw audio with the front end inside the model, float waveform [1,16000]: LogMelSpectrogram custom layer (ops.stft 30 ms / 10 ms hann, fft 512, power from real / imag, mel filterbank as a non-trainable add_weight in build(), ops.matmul, ops.log), ops.expand_dims; DS-CNN (Conv2D 10x4 stride 2, 3x DepthwiseConv2D + BN + ReLU + pointwise Conv2D), GlobalAveragePooling2D, Dense(12)")
def b_logmel(out):
    class LogMelSpectrogram(L.Layer):
        def __init__(self, n_mels=40, **kw):
            super().__init__(**kw)
            self.n_mels = n_mels

        def build(self, input_shape):
            self.mel = self.add_weight(shape=(257, self.n_mels), trainable=False, name="mel_filterbank",
                                       initializer=keras.initializers.Constant(_mel_matrix(512, self.n_mels, 16000)))

        def call(self, waveform):
            real, imag = ops.stft(waveform, sequence_length=480, sequence_stride=160, fft_length=512, window="hann",
                                  center=True)
            mel = ops.matmul(ops.square(real) + ops.square(imag), self.mel)
            return ops.expand_dims(ops.log(mel + 1e-6), -1)
    inp = keras.Input((16000,), batch_size=1, name="waveform")
    x = LogMelSpectrogram()(inp)
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(64, (10, 4), strides=2, padding="same")(x)))
    for _ in range(3):
        x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(x)))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(64, 1)(x)))
    _export(keras.Model(inp, L.Dense(12, name="logits")(L.GlobalAveragePooling2D()(x))), out)


@model("t31_audio_melspectrogram_layer_tf_saved", "saved-model", "audio classifier using the Keras 3 MelSpectrogram preprocessing layer inside the model, float waveform [None,16000] (dynamic batch): MelSpectrogram(fft 512, stride 256, 64 mels, power_to_db) -> Permute to [frames, mels], Conv1D 64/64 relu + MaxPooling1D, GlobalMaxPooling1D, Dense(10); plain tf.saved_model.save(model)")
def b_melspec_layer(out):
    inp = keras.Input((16000,), name="waveform")
    x = L.Permute((2, 1))(L.MelSpectrogram(fft_length=512, sequence_stride=256, sampling_rate=16000, num_mel_bins=64)(inp))
    x = L.MaxPooling1D()(L.Conv1D(64, 3, activation="relu")(L.LayerNormalization()(x)))
    x = L.Conv1D(64, 3, activation="relu")(x)
    _tf_save(keras.Model(inp, L.Dense(10)(L.GlobalMaxPooling1D()(x))), out, fixed=False)


@model("t31_m5_raw_waveform_conv1d_frozen", "frozen-pb", "M5 raw-waveform classifier (Dai et al., as in audio course notebooks) frozen with convert_variables_to_constants_v2, float [1,8000,1]: Conv1D(32, 80, stride 4) + BatchNormalization + ReLU + MaxPooling1D(4), 3 more Conv1D(3) blocks, GlobalAveragePooling1D, Dense(10), ops.softmax -> 'probs'")
def b_m5(out):
    inp = keras.Input((8000, 1), batch_size=1)
    x = L.MaxPooling1D(4)(L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 80, strides=4)(inp))))
    for f in (32, 64, 64):
        x = L.MaxPooling1D(4)(L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 3, padding="same")(x))))
    m = keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling1D()(x)))
    _freeze(lambda w: tf.identity(ops.softmax(m(w, training=False)), name="probs"),
            [tensor_spec([1, 8000, 1], name="waveform")], out)


OUTPUTS["t31_m5_raw_waveform_conv1d_frozen"] = ["probs"]


@model("t31_yamnet_frame_embedding_attention_head", "keras-export", "transfer-learning head on YAMNet-style frame embeddings (the TF 'transfer learning for audio' tutorial, embeddings computed outside), float [1,10,1024]: TimeDistributed(Dense 256 relu), attention pooling (Dense(1) scores, ops.softmax over frames, ops.einsum weighted sum), Dense(5) clip logits; plus log-sum-exp pooled frame logits (ops.logsumexp) as a second output")
def b_yamnet_head(out):
    class AttentionPool(L.Layer):
        def call(self, h, scores):
            w = ops.softmax(ops.squeeze(scores, -1), axis=1)
            return ops.einsum("bt,btd->bd", w, h)

    class LogSumExpPool(L.Layer):
        def call(self, frame_logits):
            return ops.logsumexp(frame_logits, axis=1) - np.log(10.0)
    inp = keras.Input((10, 1024), batch_size=1, name="embeddings")
    h = L.Dropout(0.3)(L.TimeDistributed(L.Dense(256, activation="relu"))(inp))
    head = L.Dense(5)
    clip_logits = head(AttentionPool()(h, L.Dense(1)(h)))
    _export(keras.Model(inp, {"clip_logits": clip_logits, "lse_logits": LogSumExpPool()(head(h))}), out)


# ================================================================================ text

@model("t31_text_transformer_block_ids", "keras-export", "keras.io 'text classification with Transformer' with TextVectorization kept out of the exported model (int8 intent): token ids int32 [1,64], TokenAndPositionEmbedding (vocab 2000, ops.arange positions), TransformerBlock (MultiHeadAttention 2x32, Dropout, LayerNormalization eps 1e-6, relu FFN), GlobalAveragePooling1D, Dropout, Dense(20), Dense(2, softmax)")
def b_text_transformer(out):
    inp = keras.Input((64,), batch_size=1, dtype="int32", name="token_ids")
    x = _transformer_block(TokenAndPositionEmbedding(64, 2000, 32)(inp), 2, 32, 32)
    x = L.Dropout(0.1)(L.Dense(20, activation="relu")(L.Dropout(0.1)(L.GlobalAveragePooling1D()(x))))
    _export(keras.Model(inp, L.Dense(2, activation="softmax")(x)), out)


FEEDS["t31_text_transformer_block_ids"] = lambda rng: {"token_ids": _ids(rng, (1, 64), 2000, pad_from=40)}


@model("t31_sentiment_gru_textvectorization_inside", "keras-export", "end-to-end sentiment model with TextVectorization kept IN the export (string input, so not full-integer convertible as is): text string [None,1] (dynamic batch) -> TextVectorization(max_tokens 1000, sequence length 40, adapted) -> Embedding(1000, 32, mask_zero=True) -> GRU(32) -> Dense(1, sigmoid)")
def b_sentiment_tv(out):
    vec = L.TextVectorization(max_tokens=1000, output_sequence_length=40)
    vec.adapt(_sentences(np.random.default_rng(25), 300))
    inp = keras.Input((1,), dtype="string", name="text")
    x = L.GRU(32)(L.Embedding(1000, 32, mask_zero=True)(vec(inp)))
    _export(keras.Model(inp, L.Dense(1, activation="sigmoid", name="positive")(x)), out, fixed=False)


FEEDS["t31_sentiment_gru_textvectorization_inside"] = {"text": [["loved the acting, brilliant film"], ["boring and awful"]]}


@model("t31_sentiment_gru_unrolled_frozen", "frozen-pb", "sentiment GRU prepared for LiteRT the way forum answers suggest (fixed length, unroll=True, TextVectorization run in the app), frozen with convert_variables_to_constants_v2: token ids int32 [1,48] -> Embedding(5000, 32) -> GRU(32, unroll=True) -> Dense(16, relu) -> Dense(1, sigmoid) 'score'")
def b_gru_unroll(out):
    m = keras.Sequential([keras.Input((48,), batch_size=1, dtype="int32"), L.Embedding(5000, 32), L.GRU(32, unroll=True),
                          L.Dense(16, activation="relu"), L.Dense(1, activation="sigmoid")])
    _freeze(lambda ids: tf.identity(m(ids, training=False), name="score"), [tensor_spec([1, 48], "int32", "token_ids")], out)


OUTPUTS["t31_sentiment_gru_unrolled_frozen"] = ["score"]
FEEDS["t31_sentiment_gru_unrolled_frozen"] = lambda rng: {"token_ids": _ids(rng, (1, 48), 5000, pad_from=30)}


@model("t31_bilstm_mha_padding_mask", "keras-export", "review classifier from a 2024 blog post: token ids int32 [1,64] (0 = padding), Embedding(3000, 64), Bidirectional(LSTM(32, return_sequences)), a PaddingMask custom layer (ops.not_equal -> [B,T,T] bool attention mask with ops.logical_and) fed to MultiHeadAttention(2, 16, attention_mask=), residual + LayerNormalization, masked mean pooling (ops.sum / ops.maximum), Dense(3)")
def b_bilstm_mha(out):
    class PaddingMask(L.Layer):
        def call(self, ids):
            m = ops.not_equal(ids, 0)
            return ops.logical_and(m[:, :, None], m[:, None, :])

    class MaskedMean(L.Layer):
        def call(self, x, ids):
            m = ops.cast(ops.not_equal(ids, 0), x.dtype)[..., None]
            return ops.sum(x * m, axis=1) / ops.maximum(ops.sum(m, axis=1), 1.0)
    inp = keras.Input((64,), batch_size=1, dtype="int32", name="token_ids")
    x = L.Bidirectional(L.LSTM(32, return_sequences=True))(L.Embedding(3000, 64)(inp))
    x = L.LayerNormalization()(x + L.MultiHeadAttention(2, 16)(x, x, attention_mask=PaddingMask()(inp)))
    _export(keras.Model(inp, L.Dense(3, name="logits")(MaskedMean()(x, inp))), out)


FEEDS["t31_bilstm_mha_padding_mask"] = lambda rng: {"token_ids": _ids(rng, (1, 64), 3000, pad_from=37)}


@model("t31_mini_gpt_causal_rmsnorm_topk", "keras-archive", "keras.io 'text generation with a miniature GPT' updated with RMSNormalization: token ids int32 [1,32], TokenAndPositionEmbedding (vocab 1000, dim 64), 2 blocks of pre-RMSNorm MultiHeadAttention(use_causal_mask=True) + gelu FFN, Dense(1000) logits; ExportArchive endpoints 'logits' and 'next_token' (last-position logits / temperature float [1], ops.top_k(10) ids int32 and ops.softmax probabilities)")
def b_mini_gpt(out):
    inp = keras.Input((32,), batch_size=1, dtype="int32", name="token_ids")
    x = TokenAndPositionEmbedding(32, 1000, 64)(inp)
    for _ in range(2):
        h = L.RMSNormalization()(x)
        x = x + L.Dropout(0.1)(L.MultiHeadAttention(4, 16)(h, h, use_causal_mask=True))
        x = x + L.Dense(64)(L.Dense(128, activation="gelu")(L.RMSNormalization()(x)))
    gpt = keras.Model(inp, L.Dense(1000)(L.RMSNormalization()(x)), name="mini_gpt")

    def next_token(ids, temperature):
        logits = gpt(ids, training=False)[:, -1, :] / ops.reshape(temperature, (-1, 1))
        values, top_ids = ops.top_k(logits, k=10)
        return {"token_ids": ops.cast(top_ids, "int32"), "probabilities": ops.softmax(values, axis=-1)}
    ids = tensor_spec([1, 32], "int32", "token_ids")
    _archive(out, [gpt], logits=(lambda t: gpt(t, training=False), [ids]),
             next_token=(next_token, [ids, tensor_spec([1], name="temperature")]))


FEEDS["t31_mini_gpt_causal_rmsnorm_topk"] = lambda rng: {"token_ids": _ids(rng, (1, 32), 1000), "temperature": [0.8]}


@model("t31_intent_conv1d_luong_attention", "keras-export", "intent classifier built like the keras.layers.Attention docstring example (CNN + dot-product attention): query ids and value ids int32 [1,24] each, shared Embedding(2000, 64), Conv1D(64, 3, same) encodings, Attention()([query, value]), GlobalAveragePooling1D of both, Concatenate, Dense(7, softmax)")
def b_intent(out):
    q_in = keras.Input((24,), batch_size=1, dtype="int32", name="query_ids")
    v_in = keras.Input((24,), batch_size=1, dtype="int32", name="value_ids")
    emb, conv = L.Embedding(2000, 64), L.Conv1D(64, 3, padding="same")
    q, v = conv(emb(q_in)), conv(emb(v_in))
    att = L.Attention()([q, v])
    x = L.Concatenate()([L.GlobalAveragePooling1D()(q), L.GlobalAveragePooling1D()(att)])
    _export(keras.Model([q_in, v_in], L.Dense(7, activation="softmax")(x)), out)


FEEDS["t31_intent_conv1d_luong_attention"] = lambda rng: {"query_ids": _ids(rng, (1, 24), 2000),
                                                         "value_ids": _ids(rng, (1, 24), 2000)}


@model("t31_ner_bigru_logsumexp_tagger_dynamic", "keras-export", "NER / POS tagger from a course notebook, token ids int32 [None,40] (dynamic batch): Embedding(4000, 48, mask_zero=True), Bidirectional(GRU(32, return_sequences)), TimeDistributed(Dense(9)) emissions, custom layer log-softmax = logits - ops.logsumexp(keepdims) and int32 tags by ops.argmax")
def b_ner(out):
    class LogSoftmaxTags(L.Layer):
        def call(self, logits):
            return logits - ops.logsumexp(logits, axis=-1, keepdims=True), ops.cast(ops.argmax(logits, -1), "int32")
    inp = keras.Input((40,), dtype="int32", name="token_ids")
    x = L.Bidirectional(L.GRU(32, return_sequences=True))(L.Embedding(4000, 48, mask_zero=True)(inp))
    log_probs, tags = LogSoftmaxTags()(L.TimeDistributed(L.Dense(9))(x))
    _export(keras.Model(inp, {"log_probs": log_probs, "tags": tags}), out, fixed=False)


FEEDS["t31_ner_bigru_logsumexp_tagger_dynamic"] = lambda rng: {"token_ids": _ids(rng, (2, 40), 4000, pad_from=28)}


@model("t31_clip_lite_dual_encoder_two_endpoints", "keras-archive", "keras.io 'natural language image search with a dual encoder' (CLIP-lite) shrunk: image float [1,64,64,3] -> small CNN -> projection (Dense, gelu, Dense, Dropout, residual, LayerNormalization); caption ids int32 [1,16] -> Embedding + GlobalAveragePooling1D -> projection; ops.normalize; a LogitScale layer (add_weight, ops.exp) with ops.einsum similarity; ExportArchive endpoints 'encode_image' and 'similarity'")
def b_clip(out):
    def projection(x, dim=64):
        p = L.Dense(dim)(x)
        x = L.Dropout(0.1)(L.Dense(dim)(L.Activation("gelu")(p)))
        return L.LayerNormalization()(p + x)

    class L2Normalize(L.Layer):
        def call(self, x):
            return ops.normalize(x, axis=-1)

    class LogitScale(L.Layer):
        def build(self, input_shape):
            self.logit_scale = self.add_weight(shape=(), initializer=keras.initializers.Constant(np.log(1 / 0.07)))

        def call(self, img, txt):
            return ops.exp(self.logit_scale) * ops.einsum("bd,cd->bc", img, txt)
    i_in = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Rescaling(1 / 255.0)(i_in)
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    image_encoder = keras.Model(i_in, L2Normalize()(projection(L.GlobalAveragePooling2D()(x))), name="image_encoder")
    t_in = keras.Input((16,), batch_size=1, dtype="int32", name="caption_ids")
    text_encoder = keras.Model(t_in, L2Normalize()(projection(L.GlobalAveragePooling1D()(L.Embedding(3000, 64)(t_in)))),
                               name="text_encoder")
    scale = LogitScale()
    sim = keras.Model([i_in, t_in], scale(image_encoder(i_in), text_encoder(t_in)), name="dual_encoder")
    img, cap = tensor_spec([1, 64, 64, 3], name="image"), tensor_spec([1, 16], "int32", "caption_ids")
    _archive(out, [sim], encode_image=(lambda i: image_encoder(i, training=False), [img]),
             similarity=(lambda i, t: sim([i, t], training=False), [img, cap]))


FEEDS["t31_clip_lite_dual_encoder_two_endpoints"] = lambda rng: {"caption_ids": _ids(rng, (1, 16), 3000, pad_from=11)}


# ================================================================================ time series

@model("t31_lstm_forecaster_unrolled_cumsum", "keras-export", "multi-step weather / energy forecaster from a 2024 tutorial, float window [1,24,5]: LSTM(32, unroll, return_sequences) + LSTM(16, unroll), Dense(12) predicted deltas, custom layer adding ops.cumsum of the deltas to the last observed target value -> forecast [1,12]")
def b_lstm_fc(out):
    class CumulativeForecast(L.Layer):
        def call(self, window, deltas):
            return window[:, -1:, 0] + ops.cumsum(deltas, axis=1)
    inp = keras.Input((24, 5), batch_size=1, name="window")
    x = L.LSTM(16, unroll=True)(L.LSTM(32, unroll=True, return_sequences=True)(inp))
    _export(keras.Model(inp, CumulativeForecast(name="forecast")(inp, L.Dense(12)(x))), out)


@model("t31_tcn_causal_dilated_frozen", "frozen-pb", "temporal convolutional network (keras-tcn style, written out) frozen with convert_variables_to_constants_v2, float [1,64,3]: residual blocks of Conv1D(32, 3, padding='causal', dilation 1/2/4/8) x2 + LayerNormalization + relu + SpatialDropout1D, 1x1 Conv1D skip, last time step, Dense(1) -> 'forecast'")
def b_tcn(out):
    inp = keras.Input((64, 3), batch_size=1)
    x = inp
    for d in (1, 2, 4, 8):
        h = x
        for _ in range(2):
            h = L.SpatialDropout1D(0.1)(L.ReLU()(L.LayerNormalization()(L.Conv1D(32, 3, padding="causal", dilation_rate=d)(h))))
        x = L.ReLU()(h + (x if x.shape[-1] == 32 else L.Conv1D(32, 1)(x)))
    m = keras.Model(inp, L.Dense(1)(x[:, -1, :]))
    _freeze(lambda s: tf.identity(m(s, training=False), name="forecast"), [tensor_spec([1, 64, 3], name="series")], out)


OUTPUTS["t31_tcn_causal_dilated_frozen"] = ["forecast"]


@model("t31_ecg_conv1d_autoencoder_anomaly_endpoints", "keras-archive", "keras.io 'timeseries anomaly detection using an autoencoder' on ECG beats, float [1,140,1]: Conv1D 32/16 (7, stride 2, relu) + Dropout, Conv1DTranspose 16/32 stride 2 + Conv1DTranspose(1); ExportArchive endpoints 'reconstruct' and 'anomaly' (AnomalyScore custom layer: ops.mean(ops.abs) reconstruction error, ops.where(error > threshold) -> int32 flag; threshold computed from made-up training data)")
def b_ecg(out):
    inp = keras.Input((140, 1), batch_size=1, name="beat")
    x = L.Dropout(0.2)(L.Conv1D(32, 7, padding="same", strides=2, activation="relu")(inp))
    x = L.Conv1D(16, 7, padding="same", strides=2, activation="relu")(x)
    x = L.Dropout(0.2)(L.Conv1DTranspose(16, 7, padding="same", strides=2, activation="relu")(x))
    x = L.Conv1DTranspose(32, 7, padding="same", strides=2, activation="relu")(x)
    ae = keras.Model(inp, L.Conv1DTranspose(1, 7, padding="same")(x))
    rng = np.random.default_rng(34)
    train = (np.sin(np.linspace(0, 6, 140))[None, :, None] + 0.1 * rng.standard_normal((64, 140, 1))).astype("float32")
    err = np.mean(np.abs(ae.predict(train, verbose=0) - train), axis=(1, 2))
    threshold = float(np.max(err))

    class AnomalyScore(L.Layer):
        def call(self, x, recon):
            e = ops.mean(ops.abs(recon - x), axis=[1, 2])
            return {"error": e, "is_anomaly": ops.where(e > threshold, 1, 0)}
    score = AnomalyScore()
    spec = [tensor_spec([1, 140, 1], name="beat")]
    _archive(out, [ae], reconstruct=(lambda b: ae(b, training=False), spec),
             anomaly=(lambda b: score(b, ae(b, training=False)), spec))


@model("t31_timeseries_transformer_rms_scaling", "keras-export", "keras.io 'timeseries classification with a Transformer model' (FordA) shrunk, float [1,128,1]: 2 encoder blocks (LayerNormalization(epsilon 1e-6, rms_scaling=True) as some 2024 notebooks copy it, MultiHeadAttention 2x32 dropout 0.25, residual, Conv1D(4, 1, relu) + Dropout + Conv1D(1, 1) residual), GlobalAveragePooling1D(data_format='channels_first'), Dense(32), Dropout, Dense(2, softmax)")
def b_ts_transformer(out):
    inp = keras.Input((128, 1), batch_size=1, name="series")
    x = inp
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-6, rms_scaling=True)(x)
        res = L.Dropout(0.25)(L.MultiHeadAttention(key_dim=32, num_heads=2, dropout=0.25)(h, h)) + x
        h = L.LayerNormalization(epsilon=1e-6, rms_scaling=True)(res)
        h = L.Conv1D(1, 1)(L.Dropout(0.25)(L.Conv1D(4, 1, activation="relu")(h)))
        x = h + res
    x = L.Dropout(0.25)(L.Dense(32, activation="relu")(L.GlobalAveragePooling1D(data_format="channels_first")(x)))
    _export(keras.Model(inp, L.Dense(2, activation="softmax")(x)), out)


@model("t31_har_timedistributed_cnn_lstm_dynamic", "keras-export", "human-activity-recognition CNN-LSTM (accelerometer windows split into 4 sub-sequences), float [None,4,32,3] (dynamic batch): TimeDistributed(Conv1D 32 relu), TimeDistributed(Conv1D 32), TimeDistributed(Dropout), TimeDistributed(MaxPooling1D), TimeDistributed(Flatten), LSTM(64), Dense(32), Dense(6, softmax)")
def b_har(out):
    m = keras.Sequential([keras.Input((4, 32, 3), name="windows"),
                          L.TimeDistributed(L.Conv1D(32, 3, activation="relu")), L.TimeDistributed(L.Conv1D(32, 3, activation="relu")),
                          L.TimeDistributed(L.Dropout(0.5)), L.TimeDistributed(L.MaxPooling1D()), L.TimeDistributed(L.Flatten()),
                          L.LSTM(64), L.Dense(32, activation="relu"), L.Dense(6, activation="softmax")])
    _export(m, out, fixed=False)


@model("t31_weather_gru_normalization_tf_saved", "saved-model", "TF 'time series forecasting' (Jena climate) style model, float [None,72,7] (dynamic batch): Normalization(axis=-1) adapted on made-up hourly features, GRU(32) (cuDNN-compatible defaults, not unrolled), Dense(1) next-hour temperature; plain tf.saved_model.save(model)")
def b_weather(out):
    rng = np.random.default_rng(37)
    norm = L.Normalization(axis=-1)
    norm.adapt(rng.normal([990, 9, 280, 4, 75, 13, 2], [8, 8, 8, 7, 16, 7, 1.5], (256, 72, 7)).astype("float32"))
    m = keras.Sequential([keras.Input((72, 7), name="features"), norm, L.GRU(32), L.Dense(1)])
    _tf_save(m, out, fixed=False)


# ================================================================================ tabular and recommendation

@model("t31_tabular_normalization_categorical_embeddings", "keras-export", "tabular classifier (census / churn style) from a 2024 notebook, dict of batch-1 inputs: numeric float [1,6] Normalization adapted on made-up data; workclass_id / occupation_id / region_id int32 [1,1] each Embedding(n, 4) + Flatten; Concatenate, Dense(32, relu), Dropout, Dense(16), Dense(1, sigmoid)")
def b_tabular(out):
    rng = np.random.default_rng(38)
    norm = L.Normalization()
    norm.adapt(rng.normal([38, 1e4, 40, 2, 0.5, 10], [13, 5e3, 12, 1, 0.3, 3], (500, 6)).astype("float32"))
    inputs = {"numeric": keras.Input((6,), batch_size=1, name="numeric")}
    feats = [norm(inputs["numeric"])]
    for name, n in (("workclass_id", 9), ("occupation_id", 15), ("region_id", 42)):
        inputs[name] = keras.Input((1,), batch_size=1, dtype="int32", name=name)
        feats.append(L.Flatten()(L.Embedding(n, 4)(inputs[name])))
    x = L.Dense(16, activation="relu")(L.Dropout(0.2)(L.Dense(32, activation="relu")(L.Concatenate()(feats))))
    _export(keras.Model(inputs, L.Dense(1, activation="sigmoid", name="probability")(x)), out)


FEEDS["t31_tabular_normalization_categorical_embeddings"] = {"workclass_id": (0, 9), "occupation_id": (0, 15),
                                                            "region_id": (0, 42)}


@model("t31_tabtransformer_lite_column_offsets", "keras-export", "TabTransformer-lite (keras.io TabTransformer simplified): categorical ids int32 [1,5] shifted into one shared Embedding by constant per-column offsets (ops.add) plus a column Embedding of ops.arange(5), a transformer block over the 5 column tokens, Flatten; numeric float [1,4] LayerNormalization; Concatenate, Dense(32, selu), Dense(1) logit")
def b_tabtransformer(out):
    card = [4, 7, 3, 12, 5]
    offsets = np.cumsum([0] + card[:-1]).astype("int32")

    class ColumnEmbedding(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.values, self.columns = L.Embedding(sum(card), 16), L.Embedding(len(card), 16)

        def call(self, ids):
            return self.values(ops.add(ids, offsets)) + self.columns(ops.arange(len(card)))[None]
    cat = keras.Input((5,), batch_size=1, dtype="int32", name="categorical")
    num = keras.Input((4,), batch_size=1, name="numeric")
    x = L.Flatten()(_transformer_block(ColumnEmbedding()(cat), 2, 8, 32))
    x = L.Dense(32, activation="selu")(L.Concatenate()([x, L.LayerNormalization()(num)]))
    _export(keras.Model([cat, num], L.Dense(1, name="logit")(x)), out)


FEEDS["t31_tabtransformer_lite_column_offsets"] = {"categorical": [[3, 6, 2, 11, 4]]}


@model("t31_two_tower_topk_argsort_endpoints", "keras-archive", "two-tower retrieval model from a recommender-systems course (written in plain Keras 3, no TFRS): user_id int32 [1] + user_features float [1,8] -> Embedding(500,32) + Dense tower, ops.normalize; candidate item ids int32 [1,100] -> Embedding(1000,32) + Dense tower; ops.einsum dot scores; ExportArchive endpoints 'score' (scores [1,100]) and 'recommend' (ops.top_k(10) + ops.take_along_axis item ids, and a full ranking by ops.argsort of the negated scores)")
def b_two_tower(out):
    u_id = keras.Input((), batch_size=1, dtype="int32", name="user_id")
    u_ft = keras.Input((8,), batch_size=1, name="user_features")
    items = keras.Input((100,), batch_size=1, dtype="int32", name="item_ids")

    class Normalize(L.Layer):
        def call(self, x):
            return ops.normalize(x, axis=-1)

    class DotScores(L.Layer):
        def call(self, u, v):
            return ops.einsum("bd,bnd->bn", u, v)
    u = L.Concatenate()([L.Embedding(500, 32)(u_id), u_ft])
    u = Normalize()(L.Dense(32)(L.Dense(64, activation="relu")(u)))
    v = Normalize()(L.Dense(32)(L.Dense(64, activation="relu")(L.Embedding(1000, 32)(items))))
    scorer = keras.Model([u_id, u_ft, items], DotScores()(u, v), name="two_tower")

    def recommend(user_id, user_features, item_ids):
        scores = scorer([user_id, user_features, item_ids], training=False)
        top_scores, idx = ops.top_k(scores, k=10)
        return {"top_item_ids": ops.take_along_axis(item_ids, idx, axis=1), "top_scores": top_scores,
                "ranking": ops.cast(ops.argsort(-scores, axis=-1), "int32")}
    specs = [tensor_spec([1], "int32", "user_id"), tensor_spec([1, 8], name="user_features"),
             tensor_spec([1, 100], "int32", "item_ids")]
    _archive(out, [scorer], score=(lambda a, b, c: scorer([a, b, c], training=False), specs), recommend=(recommend, specs))


FEEDS["t31_two_tower_topk_argsort_endpoints"] = {"user_id": (0, 500), "item_ids": (0, 1000)}


@model("t31_deep_cross_network_tf_saved", "saved-model", "Deep & Cross Network (DCN-v2 style) for CTR prediction written as custom layers: dense float [1,13] + sparse ids int32 [1,3] (Embedding(100, 8) each, Flatten); 2 CrossLayer (build() add_weight kernel / bias, x0 * (x W + b) + x), deep Dense 64/32 relu, Concatenate, Dense(1, sigmoid); plain tf.saved_model.save(model)")
def b_dcn(out):
    class CrossLayer(L.Layer):
        def build(self, input_shape):
            d = input_shape[-1]
            self.kernel = self.add_weight(shape=(d, d), initializer="glorot_uniform", name="kernel")
            self.bias = self.add_weight(shape=(d,), initializer="zeros", name="bias")

        def call(self, x0, x):
            return x0 * (ops.matmul(x, self.kernel) + self.bias) + x
    dense = keras.Input((13,), batch_size=1, name="dense_features")
    sparse = keras.Input((3,), batch_size=1, dtype="int32", name="sparse_ids")
    x0 = L.Concatenate()([dense, L.Flatten()(L.Embedding(100, 8)(sparse))])
    c = x0
    for _ in range(2):
        c = CrossLayer()(x0, c)
    deep = L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(x0))
    _tf_save(keras.Model([dense, sparse], L.Dense(1, activation="sigmoid")(L.Concatenate()([c, deep]))), out)


# tf.saved_model.save names a Keras 3 model's signature inputs "inputs", "inputs_1": the ids are the second
FEEDS["t31_deep_cross_network_tf_saved"] = {"sparse_ids": (0, 100), "inputs_1": (0, 100)}


@model("t31_moe_top2_router_one_hot", "keras-export", "mixture-of-experts tabular regressor from a 2025 MoE explainer post, float [1,32]: router Dense(4) logits, ops.top_k(2) + ops.softmax gate values, ops.nn.one_hot(indices, 4) * gates summed into dense routing weights, 4 experts as stacked add_weight kernels [4,32,16] applied by ops.einsum and combined with ops.einsum, gelu (tanh approximation written out with ops.tanh), Dense(3); the routing weights are a second output")
def b_moe(out):
    class Top2MoE(L.Layer):
        def __init__(self, experts=4, units=16, **kw):
            super().__init__(**kw)
            self.e, self.units, self.router = experts, units, L.Dense(experts)

        def build(self, input_shape):
            d = input_shape[-1]
            self.w = self.add_weight(shape=(self.e, d, self.units), initializer="glorot_uniform", name="expert_kernels")
            self.b = self.add_weight(shape=(self.e, self.units), initializer="zeros", name="expert_biases")

        def call(self, x):
            vals, idx = ops.top_k(self.router(x), k=2)
            gates = ops.sum(ops.nn.one_hot(idx, self.e) * ops.softmax(vals, axis=-1)[..., None], axis=1)
            h = ops.einsum("bd,edh->beh", x, self.w) + self.b
            h = 0.5 * h * (1.0 + ops.tanh(0.7978845608 * (h + 0.044715 * h * h * h)))
            return ops.einsum("be,beh->bh", gates, h), gates
    inp = keras.Input((32,), batch_size=1, name="features")
    y, gates = Top2MoE(name="moe")(inp)
    _export(keras.Model(inp, {"prediction": L.Dense(3)(y), "routing": gates}), out)


@model("t31_session_segment_sum_pooling", "keras-export", "session-based next-item recommender from a blog post, batch of one user's recent events: item_ids int32 [1,20], sorted session_ids int32 [1,20] (4 sessions); Embedding(300, 32), per-session recency-weighted mean pooling (weights from an ops.cumsum position ramp) with ops.segment_sum(num_segments=4) of the weighted embeddings and of the weights, Dense(64) + Dense(300) next-item logits [1,4,300] and ops.erf-based exact gelu in the head")
def b_session(out):
    class SessionPool(L.Layer):
        def call(self, emb, seg):
            e, s = emb[0], seg[0]
            w = ops.cumsum(ops.ones_like(ops.cast(s, "float32"))) / 20.0
            sums = ops.segment_sum(e * w[:, None], s, num_segments=4)
            counts = ops.segment_sum(w, s, num_segments=4)
            return (sums / ops.maximum(counts, 1e-6)[:, None])[None]

    class ErfGelu(L.Layer):
        def call(self, x):
            return 0.5 * x * (1.0 + ops.erf(x / np.sqrt(2.0)))
    items = keras.Input((20,), batch_size=1, dtype="int32", name="item_ids")
    sessions = keras.Input((20,), batch_size=1, dtype="int32", name="session_ids")
    pooled = SessionPool()(L.Embedding(300, 32)(items), sessions)
    _export(keras.Model([items, sessions], L.Dense(300, name="next_item_logits")(ErfGelu()(L.Dense(64)(pooled)))), out)


FEEDS["t31_session_segment_sum_pooling"] = lambda rng: {"item_ids": _ids(rng, (1, 20), 300),
                                                       "session_ids": [np.repeat(np.arange(4), 5)]}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops
    _layers()


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
