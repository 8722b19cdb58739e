"""Build an independently made corpus into bench/out/fresh12/: everyday TensorFlow models as application developers
and students write them from blog posts, Stack Overflow answers and course notebooks. Keras Sequential / functional
models with Lambda layers around raw tf ops (tf.image, tf.math, tf.strings), subclassed models with Python control
flow in `call` (if on the training flag, loops over a fixed range), custom layers with add_weight, models saved right
after a custom training loop with tf.saved_model.save (with an explicit training=False signature, or forgetting it),
preprocessing layers inside the model (Rescaling, Normalization adapted on data, TextVectorization, StringLookup /
IntegerLookup, CategoryEncoding, Hashing, Discretization), in-model augmentation left in, tf.py_function /
tf.numpy_function as a custom op, tf.print debugging left in, explicit tf.device("/GPU:0") / ("/CPU:0") blocks,
float64 from numpy constants and int64 labels, tf.one_hot, argmax labels, softmax after from_logits training,
thresholds producing bools and tf.where post-processing, small RNNs with masking, Conv1D text classifiers,
autoencoders, GAN generators, multi-input / multi-output models, fixed batch 1 and None batch, a few TF1-style
tf.compat.v1 graphs (simple_save, SavedModelBuilder, graph_util freezing) and frozen GraphDefs made with
convert_variables_to_constants_v2. Random seeded weights (a short fit on random data where a layer needs adapt or
the tutorial trains); nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh12.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh12.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh12.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh12.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh12.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. Models holding a
tf.py_function / tf.numpy_function can only run where the Python callback exists: --check registers this script's
callback under the tokens found in the saved graph before running them (as a user's serving process must).
"""

import os
import re
import string
import sys

from corpus_driver import Corpus, freeze_keras, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh12", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name: (low, high) int range or array} or callable(rng).
# Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}
# Models calling a Python callback: model -> the module-level function their py_function / numpy_function nodes call.
PYFUNCS = {}

WORDS = ("the movie was great and i loved the acting but plot felt slow boring terrible awful amazing brilliant "
         "story film characters music ending bad good best worst ever really not very fun waste time money "
         "recommend watch again never would funny sad beautiful script director scene").split()


def _sentences(rng, n, lo=4, hi=14, extras=("<br />", "!", "?", ",", "free", "win", "prize", "$100")):
    """n made-up review-like sentences, with the odd HTML break and punctuation left in (as scraped data has)."""
    pool = list(WORDS) + list(extras)
    return [" ".join(rng.choice(pool, rng.integers(lo, hi))) for _ in range(n)]


def _ctl(m, x, y, loss_fn, steps=3, bs=16, lr=1e-3):
    """a few steps of the custom training loop every tutorial shows (GradientTape + optimizer.apply_gradients)"""
    opt = keras.optimizers.Adam(lr)
    for s in range(steps):
        xb = [a[s * bs:(s + 1) * bs] for a in x] if isinstance(x, list) else x[s * bs:(s + 1) * bs]
        with tf.GradientTape() as tape:
            loss = loss_fn(y[s * bs:(s + 1) * bs], m(xb, training=True))
        grads = tape.gradient(loss, m.trainable_variables)
        opt.apply_gradients(zip(grads, m.trainable_variables))


def _ids(rng, shape, vocab, pad_from=None):
    """token ids in [1, vocab) with zero padding after position `pad_from` in every other row"""
    a = rng.integers(1, vocab, shape)
    if pad_from is not None:
        a[::2, pad_from:] = 0
    return a


# ================================================================================ image classifiers from tutorials

@model("u_mnist_sequential_rescaling_cnn", "keras-export", "Keras 'simple MNIST convnet' Sequential, float [None,28,28,1]: Rescaling(1/255) inside the model, Conv2D 32/64 relu + MaxPooling2D, Flatten, Dropout(0.5), Dense(10, softmax)")
def b_mnist(out):
    m = keras.Sequential([
        keras.Input((28, 28, 1)),
        L.Rescaling(1.0 / 255),
        L.Conv2D(32, 3, activation="relu"), L.MaxPooling2D(),
        L.Conv2D(64, 3, activation="relu"), L.MaxPooling2D(),
        L.Flatten(), L.Dropout(0.5), L.Dense(10, activation="softmax"),
    ])
    keras_export(m, out)


@model("u_fashion_mnist_softmax_wrapper", "keras-export", "TF beginner tutorial: Sequential Flatten [None,28,28] -> Dense(128, relu) -> Dense(10) logits, fit 1 epoch with SparseCategoricalCrossentropy(from_logits=True) on random data, then probability_model = Sequential([model, Softmax()]) exported")
def b_fashion(out):
    rng = np.random.default_rng(2)
    m = keras.Sequential([keras.Input((28, 28)), L.Flatten(), L.Dense(128, activation="relu"), L.Dense(10)])
    m.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    m.fit(rng.random((256, 28, 28)).astype("float32"), rng.integers(0, 10, 256), epochs=1, batch_size=64, verbose=0)
    probability_model = keras.Sequential([keras.Input((28, 28)), m, L.Softmax()])
    keras_export(probability_model, out)


@model("u_flowers_augmentation_sequential", "keras-export", "TF image-classification tutorial (flowers), float [None,64,64,3]: data_augmentation Sequential (RandomFlip horizontal, RandomRotation 0.1, RandomZoom 0.1) left as the first layer -- still applied by the exported signature (Keras 3 augmentation layers default to training=True and model.export passes nothing), Rescaling(1/255), three Conv2D(same, relu) + MaxPooling2D, Dropout(0.2), Flatten, Dense(128), Dense(5) logits")
def b_flowers(out):
    data_augmentation = keras.Sequential([L.RandomFlip("horizontal"), L.RandomRotation(0.1), L.RandomZoom(0.1)],
                                         name="data_augmentation")
    m = keras.Sequential([
        keras.Input((64, 64, 3)), data_augmentation, L.Rescaling(1.0 / 255),
        L.Conv2D(16, 3, padding="same", activation="relu"), L.MaxPooling2D(),
        L.Conv2D(32, 3, padding="same", activation="relu"), L.MaxPooling2D(),
        L.Conv2D(64, 3, padding="same", activation="relu"), L.MaxPooling2D(),
        L.Dropout(0.2), L.Flatten(), L.Dense(128, activation="relu"), L.Dense(5, name="outputs"),
    ])
    keras_export(m, out)


@model("u_cifar10_functional_bn_saved", "saved-model", "CIFAR-10 functional CNN from a blog post, float [None,32,32,3]: (Conv2D + BatchNormalization + ReLU) x2 + MaxPooling2D + Dropout per stage, GlobalAveragePooling2D, Dense(128), Dropout(0.5), Dense(10, softmax); plain tf.saved_model.save(model, path) with the default signature")
def b_cifar(out):
    def block(x, f):
        for _ in range(2):
            x = L.Activation("relu")(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x)))
        return L.Dropout(0.25)(L.MaxPooling2D()(x))
    inputs = keras.Input((32, 32, 3))
    x = block(block(inputs, 32), 64)
    x = L.Dropout(0.5)(L.Dense(128, activation="relu")(L.GlobalAveragePooling2D()(x)))
    m = keras.Model(inputs, L.Dense(10, activation="softmax")(x))
    tf.saved_model.save(m, str(out))


@model("u_transfer_mobilenetv2_head", "keras-export", "transfer-learning tutorial, float [None,96,96,3]: Rescaling(1/127.5, offset=-1) (preprocess_input), keras.applications.MobileNetV2(alpha=0.35, include_top=False, weights=None) frozen and called with training=False, GlobalAveragePooling2D, Dropout(0.2), Dense(1) logit")
def b_transfer(out):
    base = keras.applications.MobileNetV2(input_shape=(96, 96, 3), alpha=0.35, include_top=False, weights=None)
    base.trainable = False
    inputs = keras.Input((96, 96, 3))
    x = base(L.Rescaling(1.0 / 127.5, offset=-1)(inputs), training=False)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(inputs, L.Dense(1)(x)), out)


@model("u_uint8_lambda_resize_standardize", "keras-export", "app-side classifier taking any-size uint8 images [None,None,None,3]: Lambda(tf.cast + tf.image.resize 64x64), Lambda(tf.image.per_image_standardization), Conv2D/MaxPooling2D stack, GlobalAveragePooling2D, Dense(4); outputs Softmax probs and a Lambda tf.math.argmax label (int64)")
def b_uint8_resize(out):
    inp = keras.Input((None, None, 3), dtype="uint8", name="image")
    x = L.Lambda(lambda t: tf.image.resize(tf.cast(t, tf.float32), (64, 64)))(inp)
    x = L.Lambda(tf.image.per_image_standardization)(x)
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    logits = L.Dense(4)(L.GlobalAveragePooling2D()(x))
    probs = L.Softmax(name="probs")(logits)
    label = L.Lambda(lambda t: tf.math.argmax(t, axis=-1), name="label")(probs)
    keras_export(keras.Model(inp, {"probs": probs, "label": label}), out)


@model("u_fer_cnn_batch1_frozen", "frozen-pb", "facial-expression (FER2013-style) CNN frozen for a mobile / OpenCV app with convert_variables_to_constants_v2, fixed float [1,48,48,1]: Conv2D + BatchNormalization + ReLU + MaxPooling2D + Dropout blocks, Flatten, Dense(64), Dense(7, softmax)")
def b_fer(out):
    inputs = keras.Input((48, 48, 1), batch_size=1, name="input_1")
    x = inputs
    for f in (16, 32, 64):
        x = L.Conv2D(f, 3, padding="same")(x)
        x = L.Dropout(0.25)(L.MaxPooling2D()(L.ReLU()(L.BatchNormalization()(x))))
    x = L.Dense(64, activation="relu")(L.Flatten()(x))
    m = keras.Model(inputs, L.Dense(7, activation="softmax")(x))
    freeze_keras(m, tensor_spec([1, 48, 48, 1], name="input_1"), out)


OUTPUTS["u_fer_cnn_batch1_frozen"] = ["Identity"]


@model("u_face_age_gender_multi_output", "keras-export", "multi-output face model from a blog post, float [None,64,64,3]: Conv2D + BatchNormalization + MaxPooling2D stack, GlobalAveragePooling2D, shared Dense(64); heads age Dense(1) linear, gender Dense(1, sigmoid), race Dense(5, softmax)")
def b_age_gender(out):
    inp = keras.Input((64, 64, 3), name="face")
    x = inp
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", activation="relu")(x)))
    x = L.Dense(64, activation="relu")(L.GlobalAveragePooling2D()(x))
    outs = [L.Dense(1, name="age")(x), L.Dense(1, activation="sigmoid", name="gender")(x),
            L.Dense(5, activation="softmax", name="race")(x)]
    keras_export(keras.Model(inp, outs), out)


# ================================================================================ autoencoders and generators

@model("u_denoise_conv_autoencoder_subclass", "keras-export", "TF autoencoder tutorial 'Denoise' subclassed Model, float [None,28,28,1]: encoder Sequential Conv2D(16/8, stride 2, same, relu), decoder Sequential Conv2DTranspose(8/16, stride 2) + Conv2D(1, sigmoid); exported with an explicit input_signature")
def b_denoise(out):
    class Denoise(keras.Model):
        def __init__(self):
            super().__init__()
            self.encoder = keras.Sequential([L.Conv2D(16, 3, activation="relu", padding="same", strides=2),
                                             L.Conv2D(8, 3, activation="relu", padding="same", strides=2)])
            self.decoder = keras.Sequential([L.Conv2DTranspose(8, 3, strides=2, activation="relu", padding="same"),
                                             L.Conv2DTranspose(16, 3, strides=2, activation="relu", padding="same"),
                                             L.Conv2D(1, 3, activation="sigmoid", padding="same")])

        def call(self, x):
            return self.decoder(self.encoder(x))
    m = Denoise()
    m(np.zeros((1, 28, 28, 1), "float32"))
    keras_export(m, out, sig=[tensor_spec([None, 28, 28, 1], name="noisy_image")])


@model("u_ecg_anomaly_autoencoder_threshold", "tf-module", "TF anomaly-detection tutorial (ECG): subclassed AnomalyDetector Dense 32/16/8 -> 16/32/140 sigmoid, fit 2 epochs with MAE on random [512,140]; threshold = mean + std of train loss (numpy); tf.Module signature float [None,140] returns reconstruction, MAE loss and is_normal = tf.math.less(loss, threshold) (bool)")
def b_anomaly(out):
    class AnomalyDetector(keras.Model):
        def __init__(self):
            super().__init__()
            self.encoder = keras.Sequential([L.Dense(32, activation="relu"), L.Dense(16, activation="relu"),
                                             L.Dense(8, activation="relu")])
            self.decoder = keras.Sequential([L.Dense(16, activation="relu"), L.Dense(32, activation="relu"),
                                             L.Dense(140, activation="sigmoid")])

        def call(self, x):
            return self.decoder(self.encoder(x))
    rng = np.random.default_rng(11)
    train = (0.5 + 0.3 * np.sin(np.linspace(0, 6, 140))[None] + 0.05 * rng.standard_normal((512, 140))).astype("float32")
    ad = AnomalyDetector()
    ad.compile(optimizer="adam", loss="mae")
    ad.fit(train, train, epochs=2, batch_size=64, verbose=0)
    train_loss = np.mean(np.abs(ad.predict(train, verbose=0) - train), axis=1)
    threshold = np.mean(train_loss) + np.std(train_loss)

    @tf.function(input_signature=[tensor_spec([None, 140], name="ecg")])
    def serve(ecg):
        reconstruction = ad(ecg, training=False)
        loss = tf.reduce_mean(tf.abs(reconstruction - ecg), axis=-1)
        return {"reconstruction": reconstruction, "loss": loss, "is_normal": tf.math.less(loss, threshold)}
    serve_module(out, {"model": ad}, serving_default=serve)


@model("u_unet_ctl_mask_where_uint8", "tf-module", "tiny U-Net (Conv2D, MaxPooling2D, UpSampling2D, Concatenate skips) trained 3 steps in a GradientTape loop with BinaryCrossentropy(from_logits=True), saved with tf.saved_model.save: float [None,64,64,3] -> sigmoid probs, mask = probs > 0.5 (bool), tf.where(mask, 255, 0) cast to uint8, foreground fraction")
def b_unet(out):
    inp = keras.Input((64, 64, 3))
    c1 = L.Conv2D(16, 3, padding="same", activation="relu")(inp)
    c2 = L.Conv2D(32, 3, padding="same", activation="relu")(L.MaxPooling2D()(c1))
    c3 = L.Conv2D(64, 3, padding="same", activation="relu")(L.MaxPooling2D()(c2))
    u2 = L.Conv2D(32, 3, padding="same", activation="relu")(L.Concatenate()([L.UpSampling2D()(c3), c2]))
    u1 = L.Conv2D(16, 3, padding="same", activation="relu")(L.Concatenate()([L.UpSampling2D()(u2), c1]))
    m = keras.Model(inp, L.Conv2D(1, 1)(u1))
    rng = np.random.default_rng(12)
    x = rng.random((48, 64, 64, 3)).astype("float32")
    _ctl(m, x, (x[..., :1] > 0.5).astype("float32"), keras.losses.BinaryCrossentropy(from_logits=True))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def predict_mask(image):
        probs = tf.sigmoid(m(image, training=False))
        mask = probs > 0.5
        return {"mask": tf.cast(tf.where(mask, 255, 0), tf.uint8), "probs": probs,
                "foreground_fraction": tf.reduce_mean(tf.cast(mask, tf.float32), axis=[1, 2, 3])}
    serve_module(out, {"model": m}, serving_default=predict_mask)


@model("u_dcgan_generator_tutorial", "keras-export", "TF DCGAN tutorial generator, noise float [None,100]: Dense(7*7*128, no bias) + BatchNormalization + LeakyReLU, Reshape, Conv2DTranspose 5x5 (stride 1, 2, 2, no bias) with BatchNormalization + LeakyReLU, tanh image [None,28,28,1]")
def b_dcgan(out):
    m = keras.Sequential([
        keras.Input((100,)),
        L.Dense(7 * 7 * 128, use_bias=False), L.BatchNormalization(), L.LeakyReLU(),
        L.Reshape((7, 7, 128)),
        L.Conv2DTranspose(64, 5, strides=1, padding="same", use_bias=False), L.BatchNormalization(), L.LeakyReLU(),
        L.Conv2DTranspose(32, 5, strides=2, padding="same", use_bias=False), L.BatchNormalization(), L.LeakyReLU(),
        L.Conv2DTranspose(1, 5, strides=2, padding="same", use_bias=False, activation="tanh"),
    ])
    keras_export(m, out)


@model("u_cgan_generator_label_embedding", "keras-export", "conditional GAN generator from a blog post: noise float [None,64] + class label int32 [None,1]; label Embedding(10,50) -> Dense(49) -> Reshape 7x7x1, noise Dense(7*7*128) + LeakyReLU(0.2) -> Reshape, Concatenate, two Conv2DTranspose(4, stride 2) + LeakyReLU, Conv2D(7, tanh)")
def b_cgan(out):
    noise = keras.Input((64,), name="noise")
    label = keras.Input((1,), dtype="int32", name="label")
    li = L.Reshape((7, 7, 1))(L.Dense(7 * 7)(L.Embedding(10, 50)(label)))
    n = L.Reshape((7, 7, 128))(L.LeakyReLU(0.2)(L.Dense(128 * 7 * 7)(noise)))
    x = L.Concatenate()([n, li])
    for _ in range(2):
        x = L.LeakyReLU(0.2)(L.Conv2DTranspose(64, 4, strides=2, padding="same")(x))
    keras_export(keras.Model([noise, label], L.Conv2D(1, 7, activation="tanh", padding="same")(x)), out)


FEEDS["u_cgan_generator_label_embedding"] = {"label": (0, 10)}


@model("u_vae_sampling_layer_end_to_end", "keras-export", "Keras VAE example exported end to end, float [None,28,28,1]: Conv2D encoder -> z_mean / z_log_var Dense(2), custom Sampling layer (tf.random.normal on tf.shape(z_mean), z_mean + exp(0.5 z_log_var) * eps) left in the inference path, decoder Dense + Reshape + Conv2DTranspose, sigmoid")
def b_vae(out):
    class Sampling(L.Layer):
        """Uses (z_mean, z_log_var) to sample z, the vector encoding a digit."""

        def call(self, inputs):
            z_mean, z_log_var = inputs
            batch, dim = tf.shape(z_mean)[0], tf.shape(z_mean)[1]
            epsilon = tf.random.normal(shape=(batch, dim))
            return z_mean + tf.exp(0.5 * z_log_var) * epsilon
    enc_in = keras.Input((28, 28, 1))
    x = L.Conv2D(32, 3, activation="relu", strides=2, padding="same")(enc_in)
    x = L.Conv2D(64, 3, activation="relu", strides=2, padding="same")(x)
    x = L.Dense(16, activation="relu")(L.Flatten()(x))
    z_mean, z_log_var = L.Dense(2, name="z_mean")(x), L.Dense(2, name="z_log_var")(x)
    encoder = keras.Model(enc_in, [z_mean, z_log_var, Sampling()([z_mean, z_log_var])], name="encoder")
    dec_in = keras.Input((2,))
    x = L.Reshape((7, 7, 64))(L.Dense(7 * 7 * 64, activation="relu")(dec_in))
    x = L.Conv2DTranspose(64, 3, activation="relu", strides=2, padding="same")(x)
    x = L.Conv2DTranspose(32, 3, activation="relu", strides=2, padding="same")(x)
    decoder = keras.Model(dec_in, L.Conv2DTranspose(1, 3, activation="sigmoid", padding="same")(x), name="decoder")
    inp = keras.Input((28, 28, 1), name="image")
    keras_export(keras.Model(inp, decoder(encoder(inp)[2])), out)


# ================================================================================ tabular data

@model("u_autompg_normalization_regression", "keras-export", "TF regression tutorial (Auto MPG), float [None,9]: Normalization(axis=-1) adapted on float64 training features, Dense(64, relu) x2, Dense(1); fit 3 epochs with mean_absolute_error")
def b_autompg(out):
    rng = np.random.default_rng(16)
    feats = rng.normal([5.5, 195, 105, 2990, 15.5, 76, 0.6, 0.2, 0.2], [1.7, 104, 38, 843, 2.8, 3.7, 0.5, 0.4, 0.4], (314, 9))
    target = feats[:, 2] * -0.1 + 40 + rng.standard_normal(314)
    normalizer = L.Normalization(axis=-1)
    normalizer.adapt(np.array(feats))
    m = keras.Sequential([keras.Input((9,)), normalizer, L.Dense(64, activation="relu"), L.Dense(64, activation="relu"),
                          L.Dense(1)])
    m.compile(loss="mean_absolute_error", optimizer=keras.optimizers.Adam(0.001))
    m.fit(feats, target, validation_split=0.2, epochs=3, verbose=0)
    keras_export(m, out)


@model("u_petfinder_preprocessing_dict_inputs", "keras-export", "TF 'classify structured data with preprocessing layers' tutorial: dict of [None,1] inputs -- PhotoAmt/Fee float Normalization (adapted), Age int64 IntegerLookup + CategoryEncoding one_hot, Type/Color1/Gender string StringLookup + CategoryEncoding one_hot (adapted); Concatenate, Dense(32), Dropout(0.5), Dense(1) logit")
def b_petfinder(out):
    rng = np.random.default_rng(17)
    n = 300
    data = {"PhotoAmt": rng.poisson(3, n).astype("float32"), "Fee": rng.exponential(20, n).astype("float32"),
            "Age": rng.integers(1, 30, n).astype("int64"), "Type": rng.choice(["Cat", "Dog"], n),
            "Color1": rng.choice(["Black", "Brown", "Golden", "White", "Gray", "Cream"], n),
            "Gender": rng.choice(["Male", "Female", "Mixed"], n)}
    all_inputs, encoded = {}, []
    for name in ("PhotoAmt", "Fee"):
        inp = keras.Input((1,), name=name)
        norm = L.Normalization(axis=None)
        norm.adapt(data[name])
        all_inputs[name] = inp
        encoded.append(norm(inp))
    for name, dtype in (("Age", "int64"), ("Type", "string"), ("Color1", "string"), ("Gender", "string")):
        inp = keras.Input((1,), name=name, dtype=dtype)
        index = (L.IntegerLookup(max_tokens=5) if dtype == "int64" else L.StringLookup())
        index.adapt(data[name])
        encoder = L.CategoryEncoding(num_tokens=index.vocabulary_size(), output_mode="one_hot")
        all_inputs[name] = inp
        encoded.append(encoder(index(inp)))
    x = L.Dropout(0.5)(L.Dense(32, activation="relu")(L.Concatenate()(encoded)))
    keras_export(keras.Model(all_inputs, L.Dense(1)(x)), out)


FEEDS["u_petfinder_preprocessing_dict_inputs"] = {
    "Age": (1, 30), "Type": [["Cat"], ["Dog"]], "Color1": [["Black"], ["Purple"]], "Gender": [["Male"], ["Female"]]}


@model("u_housing_float64_numpy_stats_module", "tf-module", "house-price MLP whose preprocessing lives in a tf.Module: float64 [None,8] input (pandas df.values), (x - mean) / std with float64 tf.constant numpy statistics, tf.cast to float32, Keras Dense 32/16/1 trained a few GradientTape steps, prediction cast back to float64 and scaled by 1e5")
def b_housing(out):
    rng = np.random.default_rng(18)
    X = rng.normal([3.9, 28.6, 5.4, 1.1, 1425, 3.1, 35.6, -119.6], [1.9, 12.6, 2.5, 0.5, 1132, 10.4, 2.1, 2.0], (256, 8))
    y = (X[:, 0] * 0.4 + rng.standard_normal(256) * 0.1).reshape(-1, 1)
    mean, std = X.mean(axis=0), X.std(axis=0)
    net = keras.Sequential([keras.Input((8,)), L.Dense(32, activation="relu"), L.Dense(16, activation="relu"), L.Dense(1)])
    _ctl(net, ((X - mean) / std).astype("float32"), y.astype("float32"), keras.losses.MeanSquaredError(), steps=5)

    class HousePricePredictor(tf.Module):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.mean, self.std = tf.constant(mean), tf.constant(std)

        @tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float64, name="features")])
        def __call__(self, features):
            x = (features - self.mean) / self.std
            y = self.net(tf.cast(x, tf.float32))
            return {"price": tf.cast(y, tf.float64) * 1e5}
    p = HousePricePredictor(net)
    tf.saved_model.save(p, str(out), signatures={"serving_default": p.__call__})


@model("u_census_discretize_hash_lookup", "keras-export", "census-income style preprocessing model, dict of [None,1] inputs: age float Discretization(num_bins=8, adapted) + CategoryEncoding one_hot, zip_code int64 IntegerLookup(one_hot, adapted), city string Hashing(16, one_hot), hours_per_week Normalization; Concatenate, Dense(32), Dense(1, sigmoid)")
def b_census(out):
    rng = np.random.default_rng(19)
    ages, zips, hours = rng.uniform(17, 90, 500), rng.choice([94110, 10001, 60601, 73301, 98101], 500), rng.normal(40, 12, 500)
    age = keras.Input((1,), name="age")
    bins = L.Discretization(num_bins=8)
    bins.adapt(ages)
    zip_code = keras.Input((1,), name="zip_code", dtype="int64")
    lookup = L.IntegerLookup(output_mode="one_hot")
    lookup.adapt(zips)
    city = keras.Input((1,), name="city", dtype="string")
    hpw = keras.Input((1,), name="hours_per_week")
    norm = L.Normalization(axis=None)
    norm.adapt(hours)
    x = L.Concatenate()([L.CategoryEncoding(8, output_mode="one_hot")(bins(age)), lookup(zip_code),
                         L.Hashing(num_bins=16, output_mode="one_hot")(city), norm(hpw)])
    x = L.Dense(32, activation="relu")(x)
    keras_export(keras.Model([age, zip_code, city, hpw], L.Dense(1, activation="sigmoid")(x)), out)


FEEDS["u_census_discretize_hash_lookup"] = {"zip_code": [[94110], [12345]], "city": [["Springfield"], ["Austin"]],
                                           "age": [[23.0], [61.0]]}


@model("u_two_tower_lookup_embedding_dot", "keras-export", "two-tower recommender written without TFRS: user_id int64 [None] -> IntegerLookup(vocabulary) -> Embedding(32), movie_title string [None] -> StringLookup(vocabulary) -> Embedding(32), Dot(axes=1) score [None,1]")
def b_two_tower(out):
    users = np.arange(1, 201, dtype="int64")
    titles = [f"Movie {k} ({1980 + k % 40})" for k in range(150)]
    user = keras.Input((), dtype="int64", name="user_id")
    movie = keras.Input((), dtype="string", name="movie_title")
    u = L.Embedding(len(users) + 1, 32)(L.IntegerLookup(vocabulary=users, mask_token=None)(user))
    v = L.Embedding(len(titles) + 1, 32)(L.StringLookup(vocabulary=titles, mask_token=None)(movie))
    keras_export(keras.Model([user, movie], L.Dot(axes=1)([u, v])), out)


FEEDS["u_two_tower_lookup_embedding_dot"] = {"user_id": (1, 201), "movie_title": ["Movie 3 (1983)", "Unknown Movie"]}


@model("u_onehot_int64_raw_variables_ctl", "tf-module", "raw-TF softmax classifier a student writes after the 'TF basics' notebook: month int64 [None] -> tf.one_hot(12) concatenated with float [None,4] features, tf.Variable W/b matmul, trained 20 GradientTape steps with int64 labels (sparse_softmax_cross_entropy_with_logits); returns tf.nn.softmax probabilities and tf.math.argmax class (int64)")
def b_onehot(out):
    rng = np.random.default_rng(21)

    class Classifier(tf.Module):
        def __init__(self):
            super().__init__()
            self.W = tf.Variable(tf.random.normal([16, 3], stddev=0.1, seed=1), name="W")
            self.b = tf.Variable(tf.zeros([3]), name="b")

        def logits(self, month, features):
            x = tf.concat([tf.one_hot(month, 12), features], axis=1)
            return tf.matmul(x, self.W) + self.b

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64, name="month"),
                                      tf.TensorSpec([None, 4], tf.float32, name="features")])
        def predict(self, month, features):
            logits = self.logits(month, features)
            return {"probabilities": tf.nn.softmax(logits), "predicted_class": tf.math.argmax(logits, axis=1)}
    clf = Classifier()
    month, feats = rng.integers(0, 12, 200).astype("int64"), rng.random((200, 4)).astype("float32")
    labels = ((month % 3 + (feats[:, 0] > 0.5)) % 3).astype("int64")
    opt = keras.optimizers.SGD(0.5)
    for _ in range(20):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                                                                                 logits=clf.logits(month, feats)))
        grads = tape.gradient(loss, [clf.W, clf.b])
        opt.apply_gradients(zip(grads, [clf.W, clf.b]))
    tf.saved_model.save(clf, str(out), signatures={"serving_default": clf.predict})


FEEDS["u_onehot_int64_raw_variables_ctl"] = {"month": (0, 12)}


@model("u_iris_float64_variables_class_names", "tf-module", "iris logistic regression in raw TF with tf.Variable(np.random.randn(...)) -- float64 weights, float64 input [None,4], 30 GradientTape steps; returns softmax probabilities (float64), argmax class id (int64) and the class name via tf.gather on a string constant")
def b_iris(out):
    rng = np.random.default_rng(22)
    X = rng.normal([5.8, 3.0, 3.8, 1.2], [0.8, 0.4, 1.8, 0.8], (150, 4))
    y = np.digitize(X[:, 2], [2.5, 5.0])
    W, b = tf.Variable(rng.standard_normal((4, 3)) * 0.1, name="W"), tf.Variable(np.zeros(3), name="b")
    for _ in range(30):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, tf.matmul(X, W) + b))
        dW, db = tape.gradient(loss, [W, b])
        W.assign_sub(0.1 * dW)
        b.assign_sub(0.1 * db)
    class_names = tf.constant(["setosa", "versicolor", "virginica"])

    @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float64, name="measurements")])
    def predict(measurements):
        probs = tf.nn.softmax(tf.matmul(measurements, W) + b)
        class_id = tf.argmax(probs, axis=1)
        return {"probabilities": probs, "class_id": class_id, "class_name": tf.gather(class_names, class_id)}
    serve_module(out, {"W": W, "b": b}, serving_default=predict)


# ================================================================================ text

def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
    return tf.strings.regex_replace(stripped_html, "[%s]" % re.escape(string.punctuation), "")


@model("u_imdb_textvectorization_custom_standardize", "keras-export", "TF 'basic text classification' tutorial export_model, raw strings [None,1]: TextVectorization(custom_standardization = lower + regex_replace '<br />' + punctuation, max_tokens 1000, sequence length 50, adapted), Embedding(1001,16), Dropout, GlobalAveragePooling1D, Dropout, Dense(1), Activation('sigmoid')")
def b_imdb_tv(out):
    rng = np.random.default_rng(24)
    vectorize_layer = L.TextVectorization(standardize=custom_standardization, max_tokens=1000, output_mode="int",
                                          output_sequence_length=50)
    vectorize_layer.adapt(_sentences(rng, 400))
    m = keras.Sequential([keras.Input((50,), dtype="int64"), L.Embedding(1000 + 1, 16), L.Dropout(0.2),
                          L.GlobalAveragePooling1D(), L.Dropout(0.2), L.Dense(1)])
    export_model = keras.Sequential([keras.Input((1,), dtype="string", name="text"), vectorize_layer, m,
                                     L.Activation("sigmoid")])
    keras_export(export_model, out)


FEEDS["u_imdb_textvectorization_custom_standardize"] = {"text": [["A brilliant film!<br /><br />Loved it."], ["Worst. Movie. Ever"]]}


@model("u_tfidf_bigram_text_classifier", "keras-export", "bag-of-words topic classifier from a blog post, raw strings [None,1]: TextVectorization(output_mode='tf_idf', ngrams=2, max_tokens=500, adapted) inside the model, Dense(64, relu), Dropout(0.5), Dense(3, softmax)")
def b_tfidf(out):
    rng = np.random.default_rng(25)
    vec = L.TextVectorization(max_tokens=500, ngrams=2, output_mode="tf_idf")
    vec.adapt(_sentences(rng, 300))
    inp = keras.Input((1,), dtype="string", name="text")
    x = L.Dropout(0.5)(L.Dense(64, activation="relu")(vec(inp)))
    keras_export(keras.Model(inp, L.Dense(3, activation="softmax")(x)), out)


FEEDS["u_tfidf_bigram_text_classifier"] = {"text": [["the film was great, really fun"], ["boring plot and awful acting"]]}


@model("u_conv1d_text_classifier_ids", "keras-export", "Keras Conv1D text classifier on padded token ids int32 [None,100]: Embedding(5000,64), Dropout, Conv1D(128, 5, relu), GlobalMaxPooling1D, Dense(64, relu), Dense(1, sigmoid)")
def b_conv1d(out):
    m = keras.Sequential([keras.Input((100,), dtype="int32", name="token_ids"), L.Embedding(5000, 64), L.Dropout(0.5),
                          L.Conv1D(128, 5, activation="relu"), L.GlobalMaxPooling1D(), L.Dense(64, activation="relu"),
                          L.Dense(1, activation="sigmoid")])
    keras_export(m, out)


FEEDS["u_conv1d_text_classifier_ids"] = lambda rng: {"token_ids": _ids(rng, (2, 100), 5000, pad_from=60)}


@model("u_bilstm_mask_zero_sentiment", "keras-export", "TF 'text classification with an RNN' tutorial on ids int32 [None,None]: Embedding(1000, 64, mask_zero=True), Bidirectional(LSTM(32)) consuming the mask, Dense(32, relu), Dense(1) logit")
def b_bilstm(out):
    m = keras.Sequential([keras.Input((None,), dtype="int32", name="token_ids"), L.Embedding(1000, 64, mask_zero=True),
                          L.Bidirectional(L.LSTM(32)), L.Dense(32, activation="relu"), L.Dense(1)])
    keras_export(m, out)


FEEDS["u_bilstm_mask_zero_sentiment"] = lambda rng: {"token_ids": _ids(rng, (2, 24), 1000, pad_from=15)}


@model("u_stacked_gru_ner_tagger", "keras-export", "NER tagger from a course notebook, ids int32 [None,40]: Embedding(2000, 64, mask_zero=True), GRU(64, return_sequences) x2 (second one Bidirectional), TimeDistributed(Dense(9, softmax)) per-token tags")
def b_gru_tagger(out):
    m = keras.Sequential([keras.Input((40,), dtype="int32", name="words"), L.Embedding(2000, 64, mask_zero=True),
                          L.GRU(64, return_sequences=True), L.Bidirectional(L.GRU(32, return_sequences=True)),
                          L.TimeDistributed(L.Dense(9, activation="softmax"))])
    keras_export(m, out)


FEEDS["u_stacked_gru_ner_tagger"] = lambda rng: {"words": _ids(rng, (2, 40), 2000, pad_from=25)}


@model("u_char_rnn_one_step_strings", "tf-module", "TF 'text generation with an RNN' tutorial OneStep module: strings [None] -> tf.strings.unicode_split (ragged) -> StringLookup ids -> to_tensor, subclassed model (Embedding, GRU return_state with initial_state, Dense), last-step logits / temperature + [UNK] -inf mask (tf.sparse.to_dense), tf.random.categorical, inverse StringLookup to chars; states float [None,64] in and out")
def b_char_rnn(out):
    text = "First Citizen: Before we proceed any further, hear me speak. ROMEO: But soft, what light through yonder window breaks?"
    vocab = sorted(set(text))
    ids_from_chars = L.StringLookup(vocabulary=list(vocab), mask_token=None)
    chars_from_ids = L.StringLookup(vocabulary=ids_from_chars.get_vocabulary(), invert=True, mask_token=None)
    vocab_size = len(ids_from_chars.get_vocabulary())

    class MyModel(keras.Model):
        def __init__(self, vocab_size, embedding_dim, rnn_units):
            super().__init__()
            self.embedding = L.Embedding(vocab_size, embedding_dim)
            self.gru = L.GRU(rnn_units, return_sequences=True, return_state=True)
            self.dense = L.Dense(vocab_size)

        def call(self, inputs, states=None, return_state=False, training=False):
            x = self.embedding(inputs, training=training)
            if states is None:
                x, states = self.gru(x, training=training)
            else:
                x, states = self.gru(x, initial_state=states, training=training)
            x = self.dense(x, training=training)
            if return_state:
                return x, states
            return x
    net = MyModel(vocab_size, 16, 64)
    net(tf.constant([[1, 2, 3]]))

    class OneStep(tf.Module):
        def __init__(self, model, chars_from_ids, ids_from_chars, temperature=1.0):
            super().__init__()
            self.temperature, self.model = temperature, model
            self.chars_from_ids, self.ids_from_chars = chars_from_ids, ids_from_chars
            skip_ids = self.ids_from_chars(["[UNK]"])[:, None]
            sparse_mask = tf.SparseTensor(values=[-float("inf")] * len(skip_ids), indices=skip_ids,
                                          dense_shape=[len(ids_from_chars.get_vocabulary())])
            self.prediction_mask = tf.sparse.to_dense(sparse_mask)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="inputs"),
                                      tf.TensorSpec([None, 64], tf.float32, name="states")])
        def generate_one_step(self, inputs, states):
            input_chars = tf.strings.unicode_split(inputs, "UTF-8")
            input_ids = self.ids_from_chars(input_chars).to_tensor()
            predicted_logits, states = self.model(inputs=input_ids, states=states, return_state=True)
            predicted_logits = predicted_logits[:, -1, :] / self.temperature
            predicted_logits = predicted_logits + self.prediction_mask
            predicted_ids = tf.squeeze(tf.random.categorical(predicted_logits, num_samples=1), axis=-1)
            return {"predicted_chars": self.chars_from_ids(predicted_ids), "states": states}
    one_step_model = OneStep(net, chars_from_ids, ids_from_chars)
    tf.saved_model.save(one_step_model, str(out), signatures={"serving_default": one_step_model.generate_one_step})


FEEDS["u_char_rnn_one_step_strings"] = {"inputs": ["ROMEO:", "First Citizen"]}


@model("u_spam_tf_strings_hash_features", "tf-module", "spam filter a developer wrote with tf.strings: emails string [None] -> lower, regex_replace, tf.strings.split (ragged), to_hash_bucket_fast(1000), ragged gather from an embedding tf.Variable + ragged reduce_mean, handcrafted features (tf.strings.length, regex_full_match on keywords / '$' amounts), Keras Dense head, sigmoid; is_spam = p > 0.5 (bool)")
def b_spam(out):
    rng = np.random.default_rng(30)
    emb = tf.Variable(rng.normal(0, 0.1, (1000, 16)).astype("float32"), name="token_embeddings")
    head = keras.Sequential([keras.Input((19,)), L.Dense(16, activation="relu"), L.Dense(1)])

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="email")])
    def classify(email):
        t = tf.strings.regex_replace(tf.strings.lower(email), r"[^a-z0-9$! ]", " ")
        ids = tf.strings.to_hash_bucket_fast(tf.strings.split(t), 1000)
        pooled = tf.reduce_mean(tf.ragged.map_flat_values(lambda i: tf.gather(emb, i), ids), axis=1)
        feats = tf.stack([tf.cast(tf.strings.length(email), tf.float32) / 100.0,
                          tf.cast(tf.strings.regex_full_match(t, ".*(free|win|prize).*"), tf.float32),
                          tf.cast(tf.strings.regex_full_match(email, r".*\$[0-9]+.*"), tf.float32)], axis=1)
        p = tf.sigmoid(head(tf.concat([pooled, feats], axis=1)))[:, 0]
        return {"spam_probability": p, "is_spam": p > 0.5}
    serve_module(out, {"embeddings": emb, "head": head}, serving_default=classify)


FEEDS["u_spam_tf_strings_hash_features"] = {"email": ["WIN a FREE prize now!!! only $100", "meeting moved to 3pm, see agenda"]}


@model("u_ticket_multi_input_multi_output", "keras-export", "Keras functional-API guide ticket model: title ids [None,None] + body ids [None,None] (int32) + tags float [None,12]; shared-size Embedding(1000,64) per text, LSTM(32) and LSTM(16), Concatenate with tags; outputs priority Dense(1) and department Dense(4)")
def b_ticket(out):
    title = keras.Input((None,), dtype="int32", name="title")
    body = keras.Input((None,), dtype="int32", name="body")
    tags = keras.Input((12,), name="tags")
    t = L.LSTM(32)(L.Embedding(1000, 64)(title))
    b = L.LSTM(16)(L.Embedding(1000, 64)(body))
    x = L.Concatenate()([t, b, tags])
    m = keras.Model({"title": title, "body": body, "tags": tags},
                    {"priority": L.Dense(1, name="priority")(x), "department": L.Dense(4, name="department")(x)})
    keras_export(m, out)


FEEDS["u_ticket_multi_input_multi_output"] = {"title": (0, 1000), "body": (0, 1000)}


# ================================================================================ time series / RNNs

@model("u_masking_lstm_padded_series", "keras-export", "Stack Overflow recipe for variable-length sequences padded with zeros, float [None,20,3]: Masking(mask_value=0.0), LSTM(32), Dense(16, relu), Dense(1)")
def b_masking(out):
    m = keras.Sequential([keras.Input((20, 3), name="sequence"), L.Masking(mask_value=0.0), L.LSTM(32),
                          L.Dense(16, activation="relu"), L.Dense(1)])
    keras_export(m, out)


def _padded_series(rng):
    x = rng.random((2, 20, 3)).astype("float32")
    x[1, 12:] = 0.0
    return {"sequence": x}


FEEDS["u_masking_lstm_padded_series"] = _padded_series


@model("u_simplernn_sine_batch1", "keras-export", "sine-wave predictor from a beginner blog, fixed float [1,50,1] kept by the export signature: SimpleRNN(16, return_sequences=True), SimpleRNN(16), Dense(1)")
def b_simplernn(out):
    m = keras.Sequential([keras.Input((50, 1), batch_size=1), L.SimpleRNN(16, return_sequences=True), L.SimpleRNN(16),
                          L.Dense(1)])
    keras_export(m, out, keep_fixed_batch=True)


@model("u_feedback_lstmcell_autoregressive", "saved-model", "TF time-series tutorial FeedBack model: subclassed Model with LSTMCell(32) + RNN(return_state) warmup, Python for loop over 7 more steps feeding predictions back through the cell, tf.stack + tf.transpose; float [None,24,5] -> [None,8,5]; tf.saved_model.save with an explicit training=False signature")
def b_feedback(out):
    class FeedBack(keras.Model):
        def __init__(self, units, out_steps, num_features):
            super().__init__()
            self.out_steps, self.units = out_steps, units
            self.lstm_cell = L.LSTMCell(units)
            self.lstm_rnn = L.RNN(self.lstm_cell, return_state=True)
            self.dense = L.Dense(num_features)

        def warmup(self, inputs):
            x, *state = self.lstm_rnn(inputs)
            return self.dense(x), state

        def call(self, inputs, training=None):
            predictions = []
            prediction, state = self.warmup(inputs)
            predictions.append(prediction)
            for _ in range(1, self.out_steps):
                x, state = self.lstm_cell(prediction, states=state, training=training)
                prediction = self.dense(x)
                predictions.append(prediction)
            return tf.transpose(tf.stack(predictions), [1, 0, 2])
    m = FeedBack(32, 8, 5)
    m(np.zeros((1, 24, 5), "float32"))
    serve = tf.function(lambda inputs: {"forecast": m(inputs, training=False)},
                        input_signature=[tensor_spec([None, 24, 5], name="inputs")])
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("u_lstm_classifier_batch1_frozen", "frozen-pb", "activity-recognition LSTM frozen with convert_variables_to_constants_v2 (control flow lowered) for a mobile app, fixed float [1,10,8]: LSTM(16), Dense(3, softmax)")
def b_lstm_frozen(out):
    m = keras.Sequential([keras.Input((10, 8), batch_size=1), L.LSTM(16), L.Dense(3, activation="softmax")])
    freeze_keras(m, tensor_spec([1, 10, 8], name="input"), out)


OUTPUTS["u_lstm_classifier_batch1_frozen"] = ["Identity"]


# ================================================================================ subclassed and custom code

@model("u_subclassed_resnet_loop_training_flag", "saved-model", "subclassed ResNet-mini, float [None,32,32,3]: `if training:` in-model augmentation (RandomFlip + RandomTranslation layers), Python for loop over 3 custom ResidualBlock layers (Conv2D/BatchNormalization, tf.nn.relu), max_pool after the first, Dropout(training=training); 3 GradientTape steps, tf.saved_model.save with an explicit training=False serving function returning logits, softmax and argmax")
def b_resnet_sub(out):
    class ResidualBlock(L.Layer):
        def __init__(self, filters, **kw):
            super().__init__(**kw)
            self.conv1, self.bn1 = L.Conv2D(filters, 3, padding="same"), L.BatchNormalization()
            self.conv2, self.bn2 = L.Conv2D(filters, 3, padding="same"), L.BatchNormalization()

        def call(self, x, training=False):
            y = tf.nn.relu(self.bn1(self.conv1(x), training=training))
            return tf.nn.relu(x + self.bn2(self.conv2(y), training=training))

    class SmallResNet(keras.Model):
        def __init__(self, num_classes=10, num_blocks=3):
            super().__init__()
            self.flip, self.translate = L.RandomFlip("horizontal"), L.RandomTranslation(0.1, 0.1)
            self.stem = L.Conv2D(32, 3, padding="same")
            self.res_blocks = [ResidualBlock(32) for _ in range(num_blocks)]
            self.pool, self.dropout, self.fc = L.GlobalAveragePooling2D(), L.Dropout(0.3), L.Dense(num_classes)

        def call(self, x, training=False):
            if training:
                x = self.translate(self.flip(x, training=True), training=True)
            x = tf.nn.relu(self.stem(x))
            for i in range(len(self.res_blocks)):
                x = self.res_blocks[i](x, training=training)
                if i == 0:
                    x = tf.nn.max_pool2d(x, 2, 2, "VALID")
            return self.fc(self.dropout(self.pool(x), training=training))
    m = SmallResNet()
    rng = np.random.default_rng(33)
    _ctl(m, rng.random((48, 32, 32, 3)).astype("float32"), rng.integers(0, 10, 48),
         keras.losses.SparseCategoricalCrossentropy(from_logits=True))

    @tf.function(input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32, name="images")])
    def serve(images):
        logits = m(images, training=False)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits), "class_ids": tf.argmax(logits, axis=-1)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("u_subclassed_training_default_true", "saved-model", "subclassed MNIST CNN written with `def call(self, x, training=True)` (Conv2D + BatchNormalization + max_pool2d, Dense, `if training: tf.nn.dropout(rate=0.5)`, Dense, tf.nn.softmax), 3 GradientTape steps, saved with tf.saved_model.save(model, path, signatures=tf.function(lambda x: model(x)).get_concrete_function(...)) -- so serving runs BatchNorm on batch statistics (moving-average updates) and dropout active; float [None,28,28,1]")
def b_train_true(out):
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.conv1, self.bn1 = L.Conv2D(32, 3, padding="same"), L.BatchNormalization()
            self.conv2, self.bn2 = L.Conv2D(64, 3, padding="same"), L.BatchNormalization()
            self.flatten = L.Flatten()
            self.fc1, self.fc2 = L.Dense(64, activation="relu"), L.Dense(10)

        def call(self, x, training=True):
            x = tf.nn.max_pool2d(tf.nn.relu(self.bn1(self.conv1(x), training=training)), 2, 2, "VALID")
            x = tf.nn.max_pool2d(tf.nn.relu(self.bn2(self.conv2(x), training=training)), 2, 2, "VALID")
            x = self.fc1(self.flatten(x))
            if training:
                x = tf.nn.dropout(x, rate=0.5)
            return tf.nn.softmax(self.fc2(x))
    m = Net()
    rng = np.random.default_rng(34)
    _ctl(m, rng.random((48, 28, 28, 1)).astype("float32"), rng.integers(0, 10, 48),
         keras.losses.SparseCategoricalCrossentropy())
    sig = tf.function(lambda x: m(x)).get_concrete_function(tf.TensorSpec([None, 28, 28, 1], tf.float32, name="x"))
    tf.saved_model.save(m, str(out), signatures=sig)


@model("u_custom_dense_add_weight_swish", "keras-export", "Keras 'making new layers' guide MyDense (build with add_weight kernel/bias, call tf.matmul + bias, optional swish written as y * tf.math.sigmoid(y) or tf.nn.relu) stacked in a functional model, float [None,32] -> MyDense 64 swish, 64 relu, 5 -> Softmax")
def b_custom_dense(out):
    class MyDense(L.Layer):
        def __init__(self, units, activation=None, **kw):
            super().__init__(**kw)
            self.units, self.activation = units, activation

        def build(self, input_shape):
            self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", trainable=True,
                                     name="kernel")
            self.b = self.add_weight(shape=(self.units,), initializer="zeros", trainable=True, name="bias")

        def call(self, inputs):
            y = tf.matmul(inputs, self.w) + self.b
            if self.activation == "swish":
                y = y * tf.math.sigmoid(y)
            elif self.activation == "relu":
                y = tf.nn.relu(y)
            return y

        def get_config(self):
            return {**super().get_config(), "units": self.units, "activation": self.activation}
    inputs = keras.Input((32,), name="features")
    x = MyDense(64, "relu")(MyDense(64, "swish")(inputs))
    keras_export(keras.Model(inputs, L.Softmax()(MyDense(5)(x))), out)


@model("u_tf_print_debug_subclass", "keras-export", "subclassed MLP with tf.print debugging left in call (input shape, min/max, hidden mean, count_nonzero of dead ReLUs, logits summarize=5), float [None,20] -> Dense 64/32 relu -> Dense(3); exported with model.export and an explicit input_signature")
def b_tfprint(out):
    class DebugMLP(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1, self.d2, self.out = L.Dense(64, activation="relu"), L.Dense(32, activation="relu"), L.Dense(3)

        def call(self, x, training=False):
            tf.print("DEBUG input:", tf.shape(x), "min", tf.reduce_min(x), "max", tf.reduce_max(x))
            h = self.d1(x)
            tf.print("DEBUG h1 mean:", tf.reduce_mean(h), "dead:", tf.math.count_nonzero(tf.equal(h, 0.0)))
            logits = self.out(self.d2(h))
            tf.print("DEBUG logits:", logits, summarize=5)
            return logits
    m = DebugMLP()
    m.build((None, 20))
    keras_export(m, out, sig=[tensor_spec([None, 20], name="x")])


def _np_contrast_stretch(batch):
    """per-image 2nd-98th percentile contrast stretch, the numpy snippet pasted from an image-processing answer"""
    lo = np.percentile(batch, 2, axis=(1, 2, 3), keepdims=True)
    hi = np.percentile(batch, 98, axis=(1, 2, 3), keepdims=True)
    return np.clip((batch - lo) / (hi - lo + 1e-6), 0.0, 1.0).astype(np.float32)


@model("u_numpy_function_contrast_lambda", "keras-export", "image classifier whose preprocessing is a tf.numpy_function (numpy percentile contrast stretch) in a Lambda with set_shape afterwards, float [None,64,64,3] -> Conv2D/MaxPooling2D x2, GlobalAveragePooling2D, Dense(3, softmax)")
def b_numpy_fn(out):
    def contrast(t):
        y = tf.numpy_function(_np_contrast_stretch, [t], tf.float32)
        y.set_shape(t.shape)
        return y
    inp = keras.Input((64, 64, 3), name="image")
    x = L.Lambda(contrast, output_shape=(64, 64, 3))(inp)
    for f in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    keras_export(keras.Model(inp, L.Dense(3, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


PYFUNCS["u_numpy_function_contrast_lambda"] = _np_contrast_stretch

LABEL_NAMES = {0: "cat", 1: "dog", 2: "bird", 3: "fish"}


def _py_label_names(ids):
    """map predicted ids to names with a Python dict (the 'easy way' from a forum answer)"""
    return tf.constant([LABEL_NAMES.get(int(i), "unknown") for i in ids.numpy()])


@model("u_py_function_label_names", "tf-module", "pet classifier served from a tf.Module: Keras CNN float [None,64,64,3], tf.nn.softmax, tf.math.argmax, then tf.py_function mapping ids to label strings through a Python dict; outputs probabilities, class id (int64) and label (string)")
def b_py_fn(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (16, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(4)(L.GlobalAveragePooling2D()(x)))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def predict(image):
        probs = tf.nn.softmax(net(image, training=False))
        ids = tf.math.argmax(probs, axis=-1)
        label = tf.py_function(func=_py_label_names, inp=[ids], Tout=tf.string)
        return {"probabilities": probs, "class_id": ids, "label": label}
    serve_module(out, {"model": net}, serving_default=predict)


PYFUNCS["u_py_function_label_names"] = _py_label_names


@model("u_device_gpu_cpu_blocks", "tf-module", "sensor-classification tf.Module with explicit device blocks: float [None,24] NaN-filled with tf.where(tf.math.is_nan) under tf.device('/CPU:0'), Keras MLP + tf.nn.softmax under tf.device('/GPU:0'), tf.math.top_k(3) and argmax under '/CPU:0'")
def b_device(out):
    net = keras.Sequential([keras.Input((24,)), L.Dense(64, activation="relu"), L.Dense(32, activation="relu"), L.Dense(6)])

    class Predictor(tf.Module):
        def __init__(self, net):
            super().__init__()
            self.net = net

        @tf.function(input_signature=[tensor_spec([None, 24], name="sensor_values")])
        def predict(self, x):
            with tf.device("/CPU:0"):
                x = tf.where(tf.math.is_nan(x), tf.zeros_like(x), x)
            with tf.device("/GPU:0"):
                probs = tf.nn.softmax(self.net(x, training=False))
            with tf.device("/CPU:0"):
                top = tf.math.top_k(probs, k=3)
                label = tf.math.argmax(probs, axis=-1)
            return {"probabilities": probs, "top3_ids": top.indices, "top3_scores": top.values, "label": label}
    p = Predictor(net)
    tf.saved_model.save(p, str(out), signatures={"serving_default": p.predict})


@model("u_augment_layer_always_on", "keras-export", "custom augmentation Layer that forgot the training check (tf.image.random_flip_left_right, random_brightness 0.1, random_contrast 0.8-1.2, clip_by_value) after Rescaling(1/255), so exported inference is random; uint8-range float [None,64,64,3] -> Conv2D/MaxPooling2D x3, Flatten, Dense(2)")
def b_augment(out):
    class RandomAugment(L.Layer):
        def call(self, images):
            images = tf.image.random_flip_left_right(images)
            images = tf.image.random_brightness(images, max_delta=0.1)
            images = tf.image.random_contrast(images, 0.8, 1.2)
            return tf.clip_by_value(images, 0.0, 1.0)
    inp = keras.Input((64, 64, 3))
    x = RandomAugment()(L.Rescaling(1.0 / 255)(inp))
    for f in (16, 32, 32):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, activation="relu")(x))
    keras_export(keras.Model(inp, L.Dense(2)(L.Flatten()(x))), out)


@model("u_siamese_lambda_euclidean", "keras-export", "Keras siamese-network example (contrastive loss): two float [None,28,28,1] inputs through one shared tower (BatchNormalization, Conv2D tanh, AveragePooling2D, Flatten, Dense(10, tanh)), Lambda euclidean_distance (tf.math sqrt(max(sum(square(x-y)), epsilon))), BatchNormalization, Dense(1, sigmoid)")
def b_siamese(out):
    def euclidean_distance(vects):
        x, y = vects
        sum_square = tf.math.reduce_sum(tf.math.square(x - y), axis=1, keepdims=True)
        return tf.math.sqrt(tf.math.maximum(sum_square, keras.backend.epsilon()))
    t_in = keras.Input((28, 28, 1))
    x = L.BatchNormalization()(t_in)
    x = L.AveragePooling2D(2)(L.Conv2D(4, 5, activation="tanh")(x))
    x = L.AveragePooling2D(2)(L.Conv2D(16, 5, activation="tanh")(x))
    x = L.Dense(10, activation="tanh")(L.BatchNormalization()(L.Flatten()(x)))
    tower = keras.Model(t_in, x)
    a, b = keras.Input((28, 28, 1), name="image_a"), keras.Input((28, 28, 1), name="image_b")
    merge = L.Lambda(euclidean_distance, output_shape=(1,))([tower(a), tower(b)])
    keras_export(keras.Model([a, b], L.Dense(1, activation="sigmoid")(L.BatchNormalization()(merge))), out)


@model("u_toy_detector_nms_postprocess", "tf-module", "student's single-stage toy detector: Keras CNN float [1,96,96,3] -> 6x6 grid of (objectness, 4 box offsets, 3 classes); decode with tf.meshgrid + sigmoid, scores = objectness * max class prob, tf.image.non_max_suppression (score_threshold 0.3) on image 0, tf.gather selected boxes / scores / argmax classes (int64)")
def b_detector(out):
    inp = keras.Input((96, 96, 3))
    x = inp
    for f in (16, 32, 32, 64):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    head = keras.Model(inp, L.Conv2D(8, 1)(x))              # [1,6,6,8]
    gy, gx = np.meshgrid(np.arange(6), np.arange(6), indexing="ij")

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="image")])
    def detect(image):
        out = tf.reshape(head(image, training=False), [1, 36, 8])
        obj, box, cls = tf.sigmoid(out[..., 0]), tf.sigmoid(out[..., 1:5]), tf.nn.softmax(out[..., 5:])
        cy = (tf.constant(gy.reshape(1, 36), tf.float32) + box[..., 0]) / 6.0
        cx = (tf.constant(gx.reshape(1, 36), tf.float32) + box[..., 1]) / 6.0
        h, w = box[..., 2] * 0.5, box[..., 3] * 0.5
        boxes = tf.stack([cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2], axis=-1)
        scores = obj * tf.reduce_max(cls, axis=-1)
        selected = tf.image.non_max_suppression(boxes[0], scores[0], max_output_size=10, iou_threshold=0.5,
                                                score_threshold=0.3)
        return {"boxes": tf.gather(boxes[0], selected), "scores": tf.gather(scores[0], selected),
                "classes": tf.gather(tf.argmax(cls[0], axis=-1), selected)}
    serve_module(out, {"model": head}, serving_default=detect)


# ================================================================================ TF1-style graphs

@model("u_tf1_mnist_softmax_simple_save", "tf1-savedmodel", "the TF1 'MNIST for ML beginners' softmax regression: placeholder x float [None,784], zero-initialised W/b variables, tf.nn.softmax(matmul + b), 20 GradientDescentOptimizer steps on random data with -reduce_sum(y_ * log(y)), exported with tf.compat.v1.saved_model.simple_save")
def b_tf1_softmax(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(40)
    with tf.Graph().as_default() as g:
        x = v1.placeholder(tf.float32, [None, 784], name="x")
        W, b = tf.Variable(tf.zeros([784, 10]), name="W"), tf.Variable(tf.zeros([10]), name="b")
        y = tf.nn.softmax(tf.matmul(x, W) + b, name="y")
        y_ = v1.placeholder(tf.float32, [None, 10])
        cross_entropy = tf.reduce_mean(-tf.reduce_sum(y_ * v1.log(y), axis=[1]))
        train_step = v1.train.GradientDescentOptimizer(0.5).minimize(cross_entropy)
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            for _ in range(20):
                xs = rng.random((32, 784)).astype("float32")
                sess.run(train_step, {x: xs, y_: np.eye(10, dtype="float32")[rng.integers(0, 10, 32)]})
            v1.saved_model.simple_save(sess, str(out), inputs={"x": x}, outputs={"y": y})


@model("u_tf1_deep_mnist_keep_prob", "tf1-savedmodel", "TF1 'Deep MNIST for experts' graph: placeholder x float [None,784] reshaped to [-1,28,28,1], weight_variable (truncated_normal) / bias_variable (0.1), conv2d SAME + relu + max_pool 2x2 twice, fc 128, dropout driven by a required keep_prob float [] placeholder, logits; SavedModelBuilder predict signature with inputs x, keep_prob and outputs scores, classes (argmax int64)")
def b_tf1_deep(out):
    v1 = tf.compat.v1

    def weight_variable(shape):
        return tf.Variable(v1.truncated_normal(shape, stddev=0.1, seed=1))

    def bias_variable(shape):
        return tf.Variable(tf.constant(0.1, shape=shape))

    def conv2d(x, W):
        return tf.nn.conv2d(x, W, strides=[1, 1, 1, 1], padding="SAME")

    def max_pool_2x2(x):
        return tf.nn.max_pool2d(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [None, 784], name="x")
        keep_prob = v1.placeholder(tf.float32, name="keep_prob")
        h = tf.reshape(x, [-1, 28, 28, 1])
        h = max_pool_2x2(tf.nn.relu(conv2d(h, weight_variable([5, 5, 1, 16])) + bias_variable([16])))
        h = max_pool_2x2(tf.nn.relu(conv2d(h, weight_variable([5, 5, 16, 32])) + bias_variable([32])))
        h = tf.nn.relu(tf.matmul(tf.reshape(h, [-1, 7 * 7 * 32]), weight_variable([7 * 7 * 32, 128])) + bias_variable([128]))
        h = v1.nn.dropout(h, keep_prob=keep_prob)
        y_conv = tf.matmul(h, weight_variable([128, 10])) + bias_variable([10])
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            builder = v1.saved_model.Builder(str(out))
            sig = v1.saved_model.predict_signature_def(inputs={"x": x, "keep_prob": keep_prob},
                                                       outputs={"scores": y_conv, "classes": tf.argmax(y_conv, 1)})
            builder.add_meta_graph_and_variables(sess, [v1.saved_model.tag_constants.SERVING],
                                                 signature_def_map={"serving_default": sig})
            builder.save()


FEEDS["u_tf1_deep_mnist_keep_prob"] = {"keep_prob": 1.0}


@model("u_tf1_frozen_graph_util_cnn", "frozen-pb", "TF1 CNN frozen the old way (tf.compat.v1.graph_util.convert_variables_to_constants): placeholder input float [None,32,32,3], variable_scope + get_variable convs with bias_add / relu / max_pool, fc, dropout inside tf.cond on an is_training placeholder_with_default(False), softmax named 'output'")
def b_tf1_frozen(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="input")
        is_training = v1.placeholder_with_default(False, [], name="is_training")

        def conv(name, h, cin, cout):
            with v1.variable_scope(name):
                w = v1.get_variable("weights", [3, 3, cin, cout], initializer=v1.truncated_normal_initializer(stddev=0.1))
                b = v1.get_variable("biases", [cout], initializer=v1.constant_initializer(0.1))
                h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, w, [1, 1, 1, 1], "SAME"), b))
                return tf.nn.max_pool2d(h, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
        h = conv("conv2", conv("conv1", x, 3, 32), 32, 64)
        with v1.variable_scope("fc1"):
            w = v1.get_variable("weights", [8 * 8 * 64, 128], initializer=v1.truncated_normal_initializer(stddev=0.05))
            b = v1.get_variable("biases", [128], initializer=v1.zeros_initializer())
            h = tf.nn.relu(tf.matmul(tf.reshape(h, [-1, 8 * 8 * 64]), w) + b)
        h = tf.cond(is_training, lambda: tf.nn.dropout(h, rate=0.5), lambda: h)
        with v1.variable_scope("logits"):
            w = v1.get_variable("weights", [128, 10], initializer=v1.truncated_normal_initializer(stddev=0.05))
            b = v1.get_variable("biases", [10], initializer=v1.zeros_initializer())
            logits = tf.matmul(h, w) + b
        tf.nn.softmax(logits, name="output")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["output"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["u_tf1_frozen_graph_util_cnn"] = ["output"]


# ============================================================================ driver

_KEEP = []  # the callbacks registered for --check (the registry only holds weak references)


def _register_pyfuncs(path, fn):
    """Register `fn` under every py_function / numpy_function token of the saved graph, as the serving process of a
    model built around a Python callback has to (the callback itself is never saved)."""
    from tensorflow.core.protobuf import saved_model_pb2
    from tensorflow.python.ops import script_ops

    if path.suffix == ".pb":
        gd = tf.compat.v1.GraphDef.FromString(path.read_bytes())
    else:
        gd = saved_model_pb2.SavedModel.FromString((path / "saved_model.pb").read_bytes()).meta_graphs[0].graph_def
    nodes = list(gd.node) + [n for f in gd.library.function for n in f.node_def]
    for n in nodes:
        if n.op in ("EagerPyFunc", "PyFunc", "PyFuncStateless"):
            tout = [tf.as_dtype(t) for t in n.attr["Tout"].list.type]
            cb = script_ops.EagerFunc(fn, tout, False) if n.op == "EagerPyFunc" else fn
            _KEEP.append(cb)
            script_ops._py_funcs._funcs[n.attr["token"].s.decode()] = cb


def _check(name):
    """CORPUS.runner(FEEDS, OUTPUTS), plus: a py_function model gets its callback registered first."""
    note = ""
    if name in PYFUNCS:
        _register_pyfuncs(CORPUS.path(name), PYFUNCS[name])
        note = " (Python callback re-registered)"
    return CORPUS.runner(FEEDS, OUTPUTS)(name) + note


def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
