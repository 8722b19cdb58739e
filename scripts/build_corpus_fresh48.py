"""Build an independently made corpus into bench/out/fresh48/: inference graphs that still carry training-time and
debugging leftovers, the way models get exported by mistake or by habit. Keras models exported with Dropout,
SpatialDropout1D / 2D, GaussianNoise and GaussianDropout layers (inference mode, as model.export traces them), LSTMs with
dropout / recurrent_dropout, and subclassed layers that force training=True (an MC-dropout Dropout subclass, a
pix2pix-style generator whose BatchNormalization and decoder Dropout always run in training mode); random augmentation
layers (RandomFlip, RandomRotation, RandomZoom, RandomContrast, RandomCrop) left inside the model; Lambda layers with
tf.print and tf.debugging.check_numerics; a layer counting its calls and keeping a running mean with assign / assign_add.
tf.Module signatures that call Keras models or layers with training=True (MC-dropout mean / std over N stochastic passes,
BatchNormalization updating its moving statistics while serving, a Dropout layer after a GRU), call tf.nn.dropout
directly, switch on a bool training input through tf.cond, or draw stateful tf.random.uniform / normal noise (test-time
augmentation, concrete dropout with a learned rate); tf.print, tf.debugging.assert_* / assert_shapes / check_numerics
and tf.Assert in the serving path; tf.summary scalar / histogram calls into a file writer held by the module under
tf.summary.record_if; request counters and running statistics in tf.Variables assigned every call; tf.py_function and
tf.numpy_function post-processing; tf.custom_gradient (straight-through fake quantisation, gradient clipping identity)
and tf.recompute_grad blocks; tf.stop_gradient on a target branch; gradient saliency and integrated gradients with
tf.GradientTape inside serving signatures; a label-smoothed loss / accuracy evaluation signature and an on-device
train-step signature beside the inference one; a clean serving_default next to a debug signature; a CSV-string parser
asserting its field count. Frozen graphs: TF2 functions frozen with convert_variables_to_constants_v2 (a Keras model in
inference mode with dropout / noise layers, MC-dropout averaging of tf.nn.dropout passes, prints and asserts, tf.image
random crop / flip / brightness / saturation preprocessing pasted in front of the model, straight-through fake
quantisation, fused_batch_norm with is_training=True), and TF1 graph-mode graphs (tf.compat.v1 placeholders,
get_variable) frozen with graph_util.convert_variables_to_constants: is_training placeholder_with_default driving
tf.cond around batch moments / moving averages and dropout keep_prob, tf.compat.v1.nn.dropout with a keep_prob
placeholder_with_default(1.0), tf.compat.v1.Print ops, fused_batch_norm in training mode with moving-average update ops
tied to the output by control dependencies (frozen AssignSub nodes rewritten to Sub, as forum answers advise), v1 asserts
with check_numerics, Gaussian input noise under an is_training cond (tf.compat.v1.layers is not available with Keras 3,
so layers are written with get_variable). Exported as Keras 3 model.export (batch-1 signatures and None batch), tf.saved_model.save of
tf.Modules with explicit input signatures (often several), and frozen .pb. Mostly float32 with small fixed shapes; int32
token ids, uint8 images, bool flags and string CSV lines where the model calls for them. Seeded random weights; nothing
is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh48.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh48.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh48.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh48.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh48.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. Models holding a
tf.py_function / tf.numpy_function can only run where the Python callback exists: --check registers this script's
callback under the tokens found in the saved graph before running them (as a user's serving process must).
"""

import os
import sys
import tempfile

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh48", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (token ids in range, labels, strings, flags): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}
# Models calling a Python callback: model -> the module-level function their py_function / numpy_function nodes call.
PYFUNCS = {}


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


def _v1_freeze(out, build, fixup=None):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names; `fixup`
    edits the frozen GraphDef in place before it is written"""
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
    if fixup:
        fixup(frozen)
    out.write_bytes(frozen.SerializeToString())


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / zero biases, matmul + bias, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _v1_conv(x, name, cout, k=3, stride=1):
    """TF1 conv layer: get_variable kernel (truncated normal) / bias, SAME conv2d + bias_add (no activation)"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, int(x.shape[-1]), cout], initializer=v1.truncated_normal_initializer(stddev=0.1))
        b = v1.get_variable("biases", [cout], initializer=v1.constant_initializer(0.0))
        return tf.nn.bias_add(tf.nn.conv2d(x, w, [1, stride, stride, 1], "SAME"), b)


def _params(sizes, seed, dtype="float32", name="mlp"):
    """an MLP kept as a list of (weight, bias) tf.Variables: glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype(dtype), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, dtype), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _small_cnn(shape, n_out, name="cnn", bn=True, dropout=0.3, out_act=None):
    """a small Keras Sequential image classifier: Conv 16 / 32 (stride 2) with optional BatchNormalization, GAP,
    Dropout (if dropout), Dense(n_out)"""
    layers = [keras.Input(shape)]
    for f in (16, 32):
        layers += [L.Conv2D(f, 3, strides=2, padding="same", use_bias=not bn)]
        layers += [L.BatchNormalization(), L.ReLU()] if bn else [L.ReLU()]
    layers += [L.GlobalAveragePooling2D()] + ([L.Dropout(dropout)] if dropout else []) + [L.Dense(n_out, activation=out_act)]
    return keras.Sequential(layers, name=name)


def _kmlp(in_dim, sizes, act="relu", out_act=None, dropout=0.0, name=None):
    """Keras Sequential MLP on [in_dim] vectors, Dropout(dropout) after each hidden layer if dropout"""
    layers = [keras.Input((in_dim,))]
    for s in sizes[:-1]:
        layers += [L.Dense(s, activation=act)] + ([L.Dropout(dropout)] if dropout else [])
    return keras.Sequential(layers + [L.Dense(sizes[-1], activation=out_act)], name=name)


# ================================================================================ Keras model.export with leftovers

@model("s48_cnn_spatialdropout_dropout_bn_batch1_keras", "keras-export", "image classifier for a phone app as trained and exported straight after fit: image float [1,32,32,3] (fixed batch 1), Conv2D 16 + BatchNormalization + ReLU + SpatialDropout2D(0.2), Conv2D 32 stride 2 + BatchNormalization + ReLU + SpatialDropout2D(0.2), GlobalAveragePooling2D, Dropout(0.5), Dense(10, softmax); model.export with a batch-1 signature")
def b_cnn_spatialdropout(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = inp
    for f, s in ((16, 1), (32, 2)):
        x = L.SpatialDropout2D(0.2)(L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=s, padding="same", use_bias=False)(x))))
    x = L.Dropout(0.5)(L.GlobalAveragePooling2D()(x))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(x)), out, fixed=True)


@model("s48_tabular_gaussian_noise_gaussian_dropout_keras", "keras-export", "churn / fraud tabular classifier regularised the Kaggle way, None batch: features float [None,20] -> GaussianNoise(0.1) -> Dense 64 relu -> GaussianDropout(0.2) -> Dense 32 relu -> Dropout(0.3) -> Dense(1, sigmoid); model.export")
def b_tabular_noise(out):
    inp = keras.Input((20,), name="features")
    x = L.Dense(64, activation="relu")(L.GaussianNoise(0.1)(inp))
    x = L.Dropout(0.3)(L.Dense(32, activation="relu")(L.GaussianDropout(0.2)(x)))
    _export(keras.Model(inp, L.Dense(1, activation="sigmoid", name="score")(x)), out)


@model("s48_random_flip_rotation_zoom_left_in_keras", "keras-export", "flowers-tutorial style classifier with its data_augmentation Sequential kept as the first layer, None batch: image float [None,64,64,3] -> RandomFlip('horizontal'), RandomRotation(0.1), RandomZoom(0.1) -> Rescaling(1/255) -> Conv2D 16 / 32 / 64 + MaxPooling2D -> Dropout(0.2) -> Flatten -> Dense 64 relu -> Dense(5) logits; model.export")
def b_aug_flip_rot(out):
    augment = keras.Sequential([L.RandomFlip("horizontal"), L.RandomRotation(0.1), L.RandomZoom(0.1)], name="data_augmentation")
    inp = keras.Input((64, 64, 3), name="image")
    x = L.Rescaling(1.0 / 255)(augment(inp))
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    x = L.Dense(64, activation="relu")(L.Flatten()(L.Dropout(0.2)(x)))
    _export(keras.Model(inp, L.Dense(5, name="logits")(x)), out)


@model("s48_random_crop_contrast_batch1_keras", "keras-export", "defect-inspection classifier with augmentation layers inside the model, fixed batch 1: image float [1,64,64,3] -> RandomCrop(48,48) -> RandomContrast(0.2) -> RandomFlip -> Rescaling(1/127.5, offset=-1) -> Conv2D 16 / 32 stride 2 + BatchNormalization, GlobalAveragePooling2D, Dense(2, softmax); model.export with a batch-1 signature")
def b_aug_crop(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Rescaling(1.0 / 127.5, offset=-1.0)(L.RandomFlip()(L.RandomContrast(0.2)(L.RandomCrop(48, 48)(inp))))
    for f in (16, 32):
        x = L.BatchNormalization()(L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x))
    _export(keras.Model(inp, L.Dense(2, activation="softmax", name="probabilities")(L.GlobalAveragePooling2D()(x))), out, fixed=True)


@model("s48_text_embedding_spatialdropout1d_conv1d_keras", "keras-export", "review sentiment CNN, None batch: token_ids int32 [None,40] (vocabulary 500) -> Embedding(500, 32) -> SpatialDropout1D(0.25) -> Conv1D(32, 5, relu) -> GlobalMaxPooling1D -> Dropout(0.5) -> Dense(1, sigmoid); model.export")
def b_text_sd1d(out):
    inp = keras.Input((40,), dtype="int32", name="token_ids")
    x = L.Conv1D(32, 5, activation="relu")(L.SpatialDropout1D(0.25)(L.Embedding(500, 32)(inp)))
    x = L.Dropout(0.5)(L.GlobalMaxPooling1D()(x))
    _export(keras.Model(inp, L.Dense(1, activation="sigmoid", name="positive")(x)), out)


FEEDS["s48_text_embedding_spatialdropout1d_conv1d_keras"] = {"token_ids": (0, 500)}


@model("s48_lstm_dropout_recurrent_dropout_batch1_keras", "keras-export", "sensor-sequence forecaster, fixed batch 1: window float [1,20,8] -> LSTM(32, dropout=0.2, recurrent_dropout=0.2, return_sequences=True) -> LSTM(16, dropout=0.2, recurrent_dropout=0.2) -> Dropout(0.2) -> Dense(1); model.export with a batch-1 signature")
def b_lstm_rdrop(out):
    inp = keras.Input((20, 8), batch_size=1, name="window")
    x = L.LSTM(32, dropout=0.2, recurrent_dropout=0.2, return_sequences=True)(inp)
    x = L.Dropout(0.2)(L.LSTM(16, dropout=0.2, recurrent_dropout=0.2)(x))
    _export(keras.Model(inp, L.Dense(1, name="forecast")(x)), out, fixed=True)


def _debug_print(t):
    """Lambda body left in from debugging: print the activation statistics, pass the tensor through"""
    tf.print("hidden mean/max:", tf.reduce_mean(t), tf.reduce_max(t), output_stream=sys.stderr)
    return tf.identity(t)


def _nan_guard(t):
    """Lambda body: tf.debugging.check_numerics on the logits"""
    return tf.debugging.check_numerics(t, "logits contain NaN or Inf")


@model("s48_lambda_tf_print_check_numerics_keras", "keras-export", "regression MLP with debugging Lambdas still in it, None batch: x float [None,16] -> Dense 32 relu -> Lambda(tf.print of mean / max to stderr, tf.identity) -> Dense 32 relu -> Dense(3) -> Lambda(tf.debugging.check_numerics) -> y [None,3]; model.export")
def b_lambda_print(out):
    inp = keras.Input((16,), name="x")
    x = L.Lambda(_debug_print, output_shape=(32,), name="debug_print")(L.Dense(32, activation="relu")(inp))
    y = L.Lambda(_nan_guard, output_shape=(3,), name="y")(L.Dense(3)(L.Dense(32, activation="relu")(x)))
    _export(keras.Model(inp, y), out)


@model("s48_mc_dropout_subclass_always_training_keras", "keras-export", "MC-dropout classifier from the 'Hands-On ML' recipe: class MCDropout(keras.layers.Dropout) whose call always passes training=True, so dropout stays on in the export; digits float [None,28,28,1] -> Conv2D 16 / 32 stride 2 relu -> Flatten -> MCDropout(0.3) -> Dense 64 relu -> MCDropout(0.3) -> Dense(10, softmax); model.export")
def b_mcdropout_subclass(out):
    class MCDropout(L.Dropout):
        def call(self, inputs, training=None):
            return super().call(inputs, training=True)
    inp = keras.Input((28, 28, 1), name="digits")
    x = L.Conv2D(32, 3, strides=2, activation="relu")(L.Conv2D(16, 3, strides=2, activation="relu")(inp))
    x = MCDropout(0.3)(L.Dense(64, activation="relu")(MCDropout(0.3)(L.Flatten()(x))))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="probabilities")(x)), out)


@model("s48_call_counter_running_mean_layer_keras", "keras-export", "anomaly-score MLP with a monitoring layer left in: custom layer holding non-trainable weights (calls int64 counter, running_mean [12] float) that assign_add the counter and assign an exponential moving average of the batch mean on every call; features float [None,12] -> monitor -> Dense 32 / 16 relu -> Dense(1) score; model.export")
def b_counter_layer(out):
    class Monitor(L.Layer):
        def build(self, shape):
            self.calls = self.add_weight(name="calls", shape=(), dtype="int64", initializer="zeros", trainable=False)
            self.running_mean = self.add_weight(name="running_mean", shape=(shape[-1],), initializer="zeros", trainable=False)

        def call(self, x):
            self.calls.assign_add(1)
            self.running_mean.assign(0.99 * self.running_mean + 0.01 * tf.reduce_mean(x, axis=0))
            return x
    inp = keras.Input((12,), name="features")
    x = L.Dense(16, activation="relu")(L.Dense(32, activation="relu")(Monitor(name="monitor")(inp)))
    _export(keras.Model(inp, L.Dense(1, name="score")(x)), out)


@model("s48_pix2pix_generator_bn_dropout_always_training_keras", "keras-export", "pix2pix-style U-Net generator exported as the paper runs it at test time: subclassed BatchNormalization and Dropout layers whose call forces training=True (batch statistics and moving-average updates, dropout as noise); image float [1,32,32,3] (fixed batch 1) -> Conv2D 16 / 32 / 64 stride 2 + LeakyReLU (BN on the last two) -> Conv2DTranspose 32 / 16 + BN + Dropout(0.5) + ReLU with concatenated skips -> Conv2DTranspose(3, tanh); model.export with a batch-1 signature")
def b_pix2pix(out):
    class TrainBN(L.BatchNormalization):
        def call(self, inputs, training=None, mask=None):
            return super().call(inputs, training=True)

    class TrainDropout(L.Dropout):
        def call(self, inputs, training=None):
            return super().call(inputs, training=True)
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    d1 = L.LeakyReLU(0.2)(L.Conv2D(16, 4, strides=2, padding="same")(inp))
    d2 = L.LeakyReLU(0.2)(TrainBN()(L.Conv2D(32, 4, strides=2, padding="same", use_bias=False)(d1)))
    d3 = L.LeakyReLU(0.2)(TrainBN()(L.Conv2D(64, 4, strides=2, padding="same", use_bias=False)(d2)))
    u = L.ReLU()(TrainDropout(0.5)(TrainBN()(L.Conv2DTranspose(32, 4, strides=2, padding="same", use_bias=False)(d3))))
    u = L.ReLU()(TrainDropout(0.5)(TrainBN()(L.Conv2DTranspose(16, 4, strides=2, padding="same", use_bias=False)(L.Concatenate()([u, d2])))))
    y = L.Conv2DTranspose(3, 4, strides=2, padding="same", activation="tanh", name="generated")(L.Concatenate()([u, d1]))
    _export(keras.Model(inp, y), out, fixed=True)


@model("s48_denoising_autoencoder_gaussian_noise_batch1_keras", "keras-export", "denoising autoencoder whose corruption layer was built into the model: image float [1,28,28,1] (fixed batch 1) -> GaussianNoise(0.3) -> Conv2D 16 / 32 stride 2 relu -> Conv2DTranspose 32 / 16 stride 2 relu -> Conv2D(1, sigmoid) reconstruction; model.export with a batch-1 signature")
def b_dae(out):
    inp = keras.Input((28, 28, 1), batch_size=1, name="image")
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(
        L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(L.GaussianNoise(0.3)(inp)))
    x = L.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu")(
        L.Conv2DTranspose(32, 3, strides=2, padding="same", activation="relu")(x))
    _export(keras.Model(inp, L.Conv2D(1, 3, padding="same", activation="sigmoid", name="reconstruction")(x)), out, fixed=True)


# ================================================================================ tf.Module signatures with leftovers

@model("s48_mc_dropout_uncertainty_mean_std_signatures", "tf-module", "regression model with a Monte-Carlo dropout uncertainty signature: Keras MLP 64 / 64 relu with Dropout(0.3) -> 1; serving_default(x float [None,16]) calls it with training=False; predict_with_uncertainty(x) stacks 20 passes with training=True and returns mean and std [None,1] and the samples [20,None,1]")
def b_mc_uncertainty(out):
    net = _kmlp(16, [64, 64, 1], dropout=0.3)
    spec = [tensor_spec([None, 16], name="x")]

    @tf.function(input_signature=spec)
    def serve(x):
        return {"prediction": net(x, training=False)}

    @tf.function(input_signature=spec)
    def predict_with_uncertainty(x):
        samples = tf.stack([net(x, training=True) for _ in range(20)])
        return {"mean": tf.reduce_mean(samples, 0), "std": tf.math.reduce_std(samples, 0), "samples": samples}
    _save(out, {"net": net, "net_variables": net.variables}, serving_default=serve, predict_with_uncertainty=predict_with_uncertainty)


@model("s48_nn_dropout_direct_raw_variables", "tf-module", "research-code MLP kept as raw tf.Variables, with the tf.nn.dropout calls of the training loop still in the forward function: x float [1,32] -> matmul 64 relu -> tf.nn.dropout(rate=0.2) -> matmul 64 relu -> tf.nn.dropout(rate=0.2, seed=42) -> matmul 4 -> softmax; tf.saved_model.save with one signature")
def b_nn_dropout(out):
    params = _params([32, 64, 64, 4], 1)

    @tf.function(input_signature=[tensor_spec([1, 32], name="x")])
    def serve(x):
        (w0, b0), (w1, b1), (w2, b2) = params
        h = tf.nn.dropout(tf.nn.relu(tf.matmul(x, w0) + b0), rate=0.2)
        h = tf.nn.dropout(tf.nn.relu(tf.matmul(h, w1) + b1), rate=0.2, seed=42)
        return {"probabilities": tf.nn.softmax(tf.matmul(h, w2) + b2)}
    _save(out, {"params": params}, serving_default=serve)


@model("s48_bn_training_true_serving_moving_stats", "tf-module", "CNN served with the model called as model(images, training=True), so every request normalises with batch statistics and assigns the BatchNormalization moving mean / variance: images float [None,32,32,3] -> Keras Conv2D 16 / 32 stride 2 + BatchNormalization + ReLU, GAP, Dropout, Dense(6) -> softmax")
def b_bn_train_serve(out):
    net = _small_cnn((32, 32, 3), 6)

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="images")])
    def serve(images):
        return {"probabilities": tf.nn.softmax(net(images, training=True))}
    _save(out, {"net": net, "net_variables": net.variables}, serving_default=serve)


@model("s48_print_asserts_serving_path", "tf-module", "scoring service whose tf.function kept its input validation and debug prints: features float [None,10]; tf.debugging.assert_rank, assert_shapes, assert_non_negative, assert_less_equal(max, 1e3), tf.Assert(reduce_all(is_finite)), tf.print of the batch shape and of the score range (to stderr), under tf.control_dependencies; Keras MLP 32 / 16 -> sigmoid score")
def b_print_asserts(out):
    net = _kmlp(10, [32, 16, 1], out_act="sigmoid")

    @tf.function(input_signature=[tensor_spec([None, 10], name="features")])
    def serve(features):
        checks = [tf.debugging.assert_rank(features, 2), tf.debugging.assert_non_negative(features, message="negative feature"),
                  tf.debugging.assert_less_equal(tf.reduce_max(features), 1e3, message="feature out of range"),
                  tf.Assert(tf.reduce_all(tf.math.is_finite(features)), [features], summarize=10)]
        tf.debugging.assert_shapes([(features, ("N", 10))])
        with tf.control_dependencies(checks):
            tf.print("batch shape:", tf.shape(features))
            score = net(features, training=False)
        tf.print("score min/max:", tf.reduce_min(score), tf.reduce_max(score), output_stream=sys.stderr)
        return {"score": score}
    _save(out, {"net": net}, serving_default=serve)


@model("s48_check_numerics_every_layer", "tf-module", "digit classifier debugged for NaNs, check_numerics left after every layer: image float [1,28,28,1]; Keras Conv2D 8 / 16 stride 2 relu, Flatten, Dense 32, Dense 10 applied one by one with tf.debugging.check_numerics after each, tf.debugging.assert_all_finite on the logits, softmax")
def b_check_numerics(out):
    layers = [L.Conv2D(8, 3, strides=2, activation="relu"), L.Conv2D(16, 3, strides=2, activation="relu"), L.Flatten(),
              L.Dense(32, activation="relu"), L.Dense(10)]

    @tf.function(input_signature=[tensor_spec([1, 28, 28, 1], name="image")])
    def serve(image):
        h = tf.debugging.check_numerics(image, "input")
        for i, layer in enumerate(layers):
            h = tf.debugging.check_numerics(layer(h), f"layer_{i}")
        return {"probabilities": tf.nn.softmax(tf.debugging.assert_all_finite(h, "logits"))}
    _save(out, {"layers": layers}, serving_default=serve)


@model("s48_summary_file_writer_record_if", "tf-module", "model that logs its serving inputs and outputs to TensorBoard: a tf.summary.create_file_writer held by the module, an int64 step tf.Variable assign_add'ed per call, tf.summary.record_if(step % 10 == 0) around tf.summary.scalar of the mean score and tf.summary.histogram of the inputs and scores, writer.flush(); features float [None,8] -> Keras MLP 32 -> 1 sigmoid")
def b_summary_writer(out):
    net = _kmlp(8, [32, 1], out_act="sigmoid")
    writer = tf.summary.create_file_writer(tempfile.mkdtemp(prefix="s48_tb_"), experimental_trackable=True)
    step = tf.Variable(0, dtype=tf.int64, name="step")

    @tf.function(input_signature=[tensor_spec([None, 8], name="features")])
    def serve(features):
        score = net(features, training=False)
        with writer.as_default(step=step), tf.summary.record_if(tf.equal(step % 10, 0)):
            tf.summary.scalar("serving/mean_score", tf.reduce_mean(score))
            tf.summary.histogram("serving/features", features)
            tf.summary.histogram("serving/score", score)
        writer.flush()
        step.assign_add(1)
        return {"score": score}
    _save(out, {"net": net, "writer": writer, "step": step}, serving_default=serve)


@model("s48_request_counter_running_stats_signatures", "tf-module", "fraud scorer with serving-time monitoring in tf.Variables: serving_default(transactions float [None,8]) assign_adds an int64 request counter and row counter, updates exponential running mean / variance and a running max of |x| (assign), then scores with a Keras MLP 32 / 16 -> sigmoid on inputs standardised by constant training statistics; stats() with no inputs returns the counters and running statistics; reset() zeroes them")
def b_counters(out):
    net = _kmlp(8, [32, 16, 1], out_act="sigmoid")
    requests, rows = tf.Variable(0, dtype=tf.int64, name="requests"), tf.Variable(0, dtype=tf.int64, name="rows")
    mean, var = tf.Variable(tf.zeros([8]), name="running_mean"), tf.Variable(tf.ones([8]), name="running_var")
    max_abs = tf.Variable(tf.zeros([8]), name="running_max_abs")
    mu, sigma = np.linspace(-1, 1, 8).astype("float32"), np.linspace(0.5, 2, 8).astype("float32")

    @tf.function(input_signature=[tensor_spec([None, 8], name="transactions")])
    def serve(transactions):
        requests.assign_add(1)
        rows.assign_add(tf.cast(tf.shape(transactions)[0], tf.int64))
        bm, bv = tf.nn.moments(transactions, axes=[0])
        mean.assign(0.99 * mean + 0.01 * bm)
        var.assign(0.99 * var + 0.01 * bv)
        max_abs.assign(tf.maximum(max_abs, tf.reduce_max(tf.abs(transactions), axis=0)))
        return {"fraud_probability": net((transactions - mu) / sigma, training=False)}

    @tf.function(input_signature=[])
    def stats():
        return {"requests": requests.read_value(), "rows": rows.read_value(), "running_mean": mean.read_value(),
                "running_var": var.read_value(), "running_max_abs": max_abs.read_value()}

    @tf.function(input_signature=[])
    def reset():
        requests.assign(0)
        rows.assign(0)
        return {"requests": requests.read_value()}
    _save(out, {"net": net, "state": [requests, rows, mean, var, max_abs]}, serving_default=serve, stats=stats, reset=reset)


@model("s48_tta_stateful_random_noise_flip_average", "tf-module", "test-time augmentation in the serving function: image float [1,32,32,3]; 4 passes (identity, tf.image.flip_left_right, and two with stateful tf.random.normal noise (stddev 0.02) plus tf.image.random_brightness), each through a Keras CNN (BatchNormalization, Dropout) in inference mode, softmax probabilities averaged; outputs mean probabilities and the per-pass spread")
def b_tta(out):
    net = _small_cnn((32, 32, 3), 8)

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        views = [image, tf.image.flip_left_right(image)]
        for _ in range(2):
            noisy = image + tf.random.normal(tf.shape(image), stddev=0.02)
            views.append(tf.clip_by_value(tf.image.random_brightness(noisy, 0.1), 0.0, 1.0))
        probs = tf.stack([tf.nn.softmax(net(v, training=False)) for v in views])
        return {"probabilities": tf.reduce_mean(probs, 0), "spread": tf.math.reduce_std(probs, 0)}
    _save(out, {"net": net}, serving_default=serve)


LABELS = ["cat", "dog", "bird", "fish", "horse"]


def _py_label_names(ids):
    """py_function body: class ids -> label strings through a Python list"""
    return tf.constant([LABELS[int(i)] for i in ids.numpy()])


@model("s48_py_function_label_strings", "tf-module", "classifier whose serving signature maps the argmax to label names with tf.py_function over a Python list: features float [None,20] -> Keras MLP 32 -> 5 with Dropout, softmax, tf.argmax (int64), tf.py_function -> label strings [None] (set_shape); outputs probabilities, class_id, label")
def b_py_labels(out):
    net = _kmlp(20, [32, 5], dropout=0.2)

    @tf.function(input_signature=[tensor_spec([None, 20], name="features")])
    def serve(features):
        probs = tf.nn.softmax(net(features, training=False))
        ids = tf.argmax(probs, axis=-1)
        label = tf.py_function(func=_py_label_names, inp=[ids], Tout=tf.string)
        label.set_shape([None])
        return {"probabilities": probs, "class_id": ids, "label": label}
    _save(out, {"net": net}, serving_default=serve)


PYFUNCS["s48_py_function_label_strings"] = _py_label_names


def _np_threshold_topk(boxes, scores):
    """numpy_function body: keep boxes above 0.3, sort by score, pad to 8 rows of (y1, x1, y2, x2, score)"""
    keep = scores[0] > 0.3
    rows = np.concatenate([boxes[0][keep], scores[0][keep][:, None]], axis=1)
    rows = rows[np.argsort(-rows[:, 4])][:8]
    res = np.zeros((8, 5), np.float32)
    res[:len(rows)] = rows
    return res


@model("s48_numpy_function_threshold_postprocess", "tf-module", "tiny anchor-free detector head with numpy post-processing kept in the graph: image float [1,32,32,3] -> Keras Conv2D 16 / 32 stride 2 -> per-cell boxes (sigmoid, [1,64,4]) and scores (sigmoid, [1,64]); tf.numpy_function thresholds at 0.3, sorts and pads to detections [8,5] (set_shape)")
def b_np_post(out):
    inp = keras.Input((32, 32, 3))
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp))
    head = keras.Model(inp, L.Conv2D(5, 1)(x))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        raw = tf.reshape(head(image, training=False), [1, 64, 5])
        boxes, scores = tf.sigmoid(raw[..., :4]), tf.sigmoid(raw[..., 4])
        dets = tf.numpy_function(_np_threshold_topk, [boxes, scores], tf.float32)
        dets.set_shape([8, 5])
        return {"detections": dets, "scores": scores}
    _save(out, {"head": head}, serving_default=serve)


PYFUNCS["s48_numpy_function_threshold_postprocess"] = _np_threshold_topk


def _ste_fake_quant_fn(bits):
    """tf.custom_gradient straight-through estimator: round to `bits` levels in [-1,1] forward, identity gradient"""
    levels = float(2 ** (bits - 1) - 1)

    @tf.custom_gradient
    def fake_quant(x):
        y = tf.round(tf.clip_by_value(x, -1.0, 1.0) * levels) / levels
        return y, lambda dy: dy * tf.cast(tf.abs(x) <= 1.0, dy.dtype)
    return fake_quant


def _clip_grad_identity():
    """tf.custom_gradient identity whose gradient is clipped by norm (a training-stability trick)"""
    @tf.custom_gradient
    def clip_grad(x):
        return tf.identity(x), lambda dy: tf.clip_by_norm(dy, 1.0)
    return clip_grad


@model("s48_custom_gradient_ste_quant_clip_blocks", "tf-module", "quantisation-aware-trained MLP exported with its training tricks: x float [None,24]; raw tf.Variable layers 64 / 64 / 6, weights and activations passed through a tf.custom_gradient straight-through 4-bit fake quantiser (clip, round), a tf.custom_gradient gradient-clipping identity between layers; logits and softmax")
def b_custom_grad(out):
    params = _params([24, 64, 64, 6], 2)
    fq, clip = _ste_fake_quant_fn(4), _clip_grad_identity()

    @tf.function(input_signature=[tensor_spec([None, 24], name="x")])
    def serve(x):
        h = x
        for i, (w, b) in enumerate(params):
            h = tf.matmul(fq(tf.tanh(h)) if i else h, fq(w)) + b
            if i < len(params) - 1:
                h = clip(tf.nn.relu(h))
        return {"logits": h, "probabilities": tf.nn.softmax(h)}
    _save(out, {"params": params}, serving_default=serve)


@model("s48_recompute_grad_residual_blocks", "tf-module", "memory-saving residual MLP trained with gradient checkpointing, each block wrapped in tf.recompute_grad: x float [None,32] -> Dense 64 -> 3 blocks (LayerNormalization, Dense 128 gelu, Dense 64, residual add) each tf.recompute_grad(block) -> Dense(4); the same wrapped blocks called in serving")
def b_recompute(out):
    stem, head = L.Dense(64), L.Dense(4)
    blocks = [(L.LayerNormalization(), L.Dense(128, activation="gelu"), L.Dense(64)) for _ in range(3)]

    def make(ln, d1, d2):
        ln.build((None, 64)), d1.build((None, 64)), d2.build((None, 128))
        return tf.recompute_grad(lambda h: h + d2(d1(ln(h))))
    stem.build((None, 32)), head.build((None, 64))
    wrapped = [make(*b) for b in blocks]

    @tf.function(input_signature=[tensor_spec([None, 32], name="x")])
    def serve(x):
        h = stem(x)
        for f in wrapped:
            h = f(h)
        return {"logits": head(h)}
    _save(out, {"layers": [stem, head] + [l for b in blocks for l in b]}, serving_default=serve)


@model("s48_stop_gradient_target_encoder_byol", "tf-module", "BYOL-style self-supervised encoder exported from the training wrapper: features float [None,48]; online encoder + projector + predictor and a momentum target encoder + projector (Keras MLPs); serving_default returns the online embedding; similarity(view_a, view_b) returns the cosine similarity of prediction(view_a) and tf.stop_gradient(target_projection(view_b)), symmetrised, as the loss was computed")
def b_byol(out):
    enc, proj, pred = _kmlp(48, [64, 32]), _kmlp(32, [32, 16]), _kmlp(16, [32, 16])
    t_enc, t_proj = _kmlp(48, [64, 32]), _kmlp(32, [32, 16])

    def cos(a, b):
        return tf.reduce_sum(tf.math.l2_normalize(a, -1) * tf.math.l2_normalize(b, -1), -1)

    @tf.function(input_signature=[tensor_spec([None, 48], name="features")])
    def serve(features):
        return {"embedding": enc(features)}

    @tf.function(input_signature=[tensor_spec([None, 48], name="view_a"), tensor_spec([None, 48], name="view_b")])
    def similarity(view_a, view_b):
        pa, pb = pred(proj(enc(view_a))), pred(proj(enc(view_b)))
        ta, tb = tf.stop_gradient(t_proj(t_enc(view_a))), tf.stop_gradient(t_proj(t_enc(view_b)))
        s = 0.5 * (cos(pa, tb) + cos(pb, ta))
        return {"similarity": s, "byol_loss": tf.reduce_mean(2.0 - 2.0 * s)}
    _save(out, {"nets": [enc, proj, pred, t_enc, t_proj]}, serving_default=serve, similarity=similarity)


@model("s48_saliency_gradient_tape_signature", "tf-module", "image classifier with an explainability endpoint: serving_default(image float [1,32,32,3]) -> probabilities from a Keras CNN (BatchNormalization, Dropout, inference mode); saliency(image, class_index int32 []) opens a tf.GradientTape, watches the image, takes the gradient of the chosen logit, returns |grad| max over channels [1,32,32] normalised to [0,1] and the logit")
def b_saliency(out):
    net = _small_cnn((32, 32, 3), 10)

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        return {"probabilities": tf.nn.softmax(net(image, training=False))}

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image"), tensor_spec([], "int32", "class_index")])
    def saliency(image, class_index):
        with tf.GradientTape() as tape:
            tape.watch(image)
            logit = tf.gather(net(image, training=False), class_index, axis=1)
        g = tf.reduce_max(tf.abs(tape.gradient(logit, image)), axis=-1)
        return {"saliency": g / (tf.reduce_max(g) + 1e-8), "logit": logit}
    _save(out, {"net": net}, serving_default=serve, saliency=saliency)


FEEDS["s48_saliency_gradient_tape_signature"] = {"class_index": 3}


@model("s48_integrated_gradients_signature", "tf-module", "credit-risk model served with integrated-gradients attributions: serving_default(features float [1,12]) -> Keras MLP 32 / 32 -> sigmoid probability; attributions(features, baseline [1,12]) interpolates 16 alphas from tf.linspace between baseline and input as one batch, tf.GradientTape gradient of the output, trapezoidal average * (input - baseline) -> attributions [1,12] and the completeness delta")
def b_ig(out):
    net = _kmlp(12, [32, 32, 1], out_act="sigmoid")

    @tf.function(input_signature=[tensor_spec([1, 12], name="features")])
    def serve(features):
        return {"probability": net(features, training=False)}

    @tf.function(input_signature=[tensor_spec([1, 12], name="features"), tensor_spec([1, 12], name="baseline")])
    def attributions(features, baseline):
        alphas = tf.linspace(0.0, 1.0, 17)[:, None]
        path = baseline + alphas * (features - baseline)
        with tf.GradientTape() as tape:
            tape.watch(path)
            y = net(path, training=False)
        g = tape.gradient(y, path)
        attr = tf.reduce_mean((g[:-1] + g[1:]) / 2.0, axis=0, keepdims=True) * (features - baseline)
        delta = tf.reduce_sum(attr) - (y[-1, 0] - y[0, 0])
        return {"attributions": attr, "completeness_delta": delta}
    _save(out, {"net": net}, serving_default=serve, attributions=attributions)


@model("s48_eval_loss_label_smoothing_signature", "tf-module", "intent classifier exported with the evaluation code beside inference: serving_default(features float [None,20]) -> softmax over 5 intents from a Keras MLP 64 with Dropout; evaluate(features, labels int32 [None]) one-hots the labels and returns keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1) loss, per-example tf.nn.softmax_cross_entropy_with_logits on smoothed labels, and accuracy")
def b_eval_loss(out):
    net = _kmlp(20, [64, 5], dropout=0.3)
    loss_fn = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)

    @tf.function(input_signature=[tensor_spec([None, 20], name="features")])
    def serve(features):
        return {"probabilities": tf.nn.softmax(net(features, training=False))}

    @tf.function(input_signature=[tensor_spec([None, 20], name="features"), tensor_spec([None], "int32", "labels")])
    def evaluate(features, labels):
        logits = net(features, training=False)
        y = tf.one_hot(labels, 5)
        smoothed = y * 0.9 + 0.1 / 5
        acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, -1, output_type=tf.int32), labels), tf.float32))
        return {"loss": loss_fn(y, logits), "per_example_loss": tf.nn.softmax_cross_entropy_with_logits(smoothed, logits),
                "accuracy": acc}
    _save(out, {"net": net}, serving_default=serve, evaluate=evaluate)


FEEDS["s48_eval_loss_label_smoothing_signature"] = {"labels": (0, 5)}


@model("s48_on_device_train_step_signature", "tf-module", "on-device personalisation model in the style of the TFLite on-device training guide: infer(x float [None,16]) -> softmax over 4 classes from a Keras MLP 32 / 32; train(x, y float [None,4] one-hot) computes the categorical cross-entropy under tf.GradientTape and applies SGD (lr 0.01) with assign_sub on every trainable variable, returning the loss; serving_default is infer")
def b_train_step(out):
    net = _kmlp(16, [32, 32, 4])

    @tf.function(input_signature=[tensor_spec([None, 16], name="x")])
    def infer(x):
        return {"output": tf.nn.softmax(net(x, training=False))}

    @tf.function(input_signature=[tensor_spec([None, 16], name="x"), tensor_spec([None, 4], name="y")])
    def train(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(y, net(x, training=True)))
        for v, g in zip(net.trainable_variables, tape.gradient(loss, net.trainable_variables)):
            v.assign_sub(0.01 * g)
        return {"loss": loss}
    _save(out, {"net": net}, serving_default=infer, infer=infer, train=train)


FEEDS["s48_on_device_train_step_signature"] = lambda rng: {"y": np.eye(4)[rng.integers(0, 4, 2)]}


@model("s48_clean_and_debug_signatures_mixed", "tf-module", "segmentation-ish CNN with a clean serving_default and a debug signature left for the app team: serving_default(image float [1,32,32,3]) -> per-pixel class probabilities [1,32,32,3] from a Keras encoder / decoder (Conv2D, BatchNormalization, UpSampling2D) in inference mode; debug(image) returns the same plus the encoder feature map, with tf.print of per-layer means and tf.debugging.check_numerics on each intermediate")
def b_mixed_sigs(out):
    inp = keras.Input((32, 32, 3))
    e = L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp))
    e = L.BatchNormalization(name="encoder_out")(L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(e))
    d = L.Conv2D(16, 3, padding="same", activation="relu")(L.UpSampling2D(4)(e))
    net = keras.Model(inp, [L.Conv2D(3, 1)(d), e])

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        return {"probabilities": tf.nn.softmax(net(image, training=False)[0])}

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def debug(image):
        logits, feats = net(image, training=False)
        feats = tf.debugging.check_numerics(feats, "encoder features")
        logits = tf.debugging.check_numerics(logits, "logits")
        tf.print("encoder mean:", tf.reduce_mean(feats), "logits mean:", tf.reduce_mean(logits))
        return {"probabilities": tf.nn.softmax(logits), "encoder_features": feats}
    _save(out, {"net": net}, serving_default=serve, debug=debug)


@model("s48_training_flag_bool_input_tf_cond", "tf-module", "model whose exported signature exposes the training flag as an input: x float [None,32], training bool [] -> tf.cond(training, model(x, training=True), model(x, training=False)) over a Keras MLP with GaussianNoise(0.1), Dense 64 + BatchNormalization + Dropout(0.5), Dense(3) -> softmax")
def b_bool_training(out):
    net = keras.Sequential([keras.Input((32,)), L.GaussianNoise(0.1), L.Dense(64, activation="relu"), L.BatchNormalization(),
                            L.Dropout(0.5), L.Dense(3)])

    @tf.function(input_signature=[tensor_spec([None, 32], name="x"), tensor_spec([], "bool", "training")])
    def serve(x, training):
        logits = tf.cond(training, lambda: net(x, training=True), lambda: net(x, training=False))
        return {"probabilities": tf.nn.softmax(logits)}
    _save(out, {"net": net, "net_variables": net.variables}, serving_default=serve)


@model("s48_csv_string_parse_assert_field_count", "tf-module", "sensor-log regressor fed raw CSV lines: lines string [None]; tf.strings.split on ',' (ragged), tf.debugging.assert_equal of every row length with 6 ('malformed CSV row'), tf.strings.to_number, tf.print of the batch size; Keras MLP 32 / 16 with Dropout -> prediction [None,1]")
def b_csv(out):
    net = _kmlp(6, [32, 16, 1], dropout=0.1)

    @tf.function(input_signature=[tensor_spec([None], "string", "lines")])
    def serve(lines):
        parts = tf.strings.split(tf.strings.strip(lines), ",")
        check = tf.debugging.assert_equal(parts.row_lengths(), tf.cast(6, tf.int64), message="malformed CSV row")
        with tf.control_dependencies([check]):
            values = tf.strings.to_number(parts.to_tensor(default_value="0", shape=[None, 6]), tf.float32)
        tf.print("parsed rows:", tf.shape(values)[0])
        return {"prediction": net(values, training=False)}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s48_csv_string_parse_assert_field_count"] = lambda rng: {
    "lines": [",".join(f"{v:.3f}" for v in rng.random(6)) for _ in range(3)]}


@model("s48_gru_text_dropout_layer_training_true", "tf-module", "short-text intent model served from a tf.Module that calls its layers one by one and passes training=True to the Dropout after the GRU (copied from the training step): token_ids int32 [1,24] (vocabulary 200) -> Embedding(200, 32, mask_zero) -> GRU(32) -> Dropout(0.4)(training=True) -> Dense(4) softmax")
def b_gru_dropout(out):
    emb, gru, drop, dense = L.Embedding(200, 32, mask_zero=True), L.GRU(32), L.Dropout(0.4), L.Dense(4)

    @tf.function(input_signature=[tensor_spec([1, 24], "int32", "token_ids")])
    def serve(token_ids):
        h = gru(emb(token_ids), mask=tf.not_equal(token_ids, 0))
        return {"probabilities": tf.nn.softmax(dense(drop(h, training=True)))}
    _save(out, {"layers": [emb, gru, drop, dense], "dropout_state": drop.variables}, serving_default=serve)


FEEDS["s48_gru_text_dropout_layer_training_true"] = lambda rng: {"token_ids": np.concatenate([rng.integers(1, 200, (1, 18)), np.zeros((1, 6), int)], 1)}


@model("s48_concrete_dropout_learned_rate_uniform_noise", "tf-module", "regressor with Concrete Dropout (Gal et al.) layers, the relaxed Bernoulli mask still sampled at inference: x float [None,16]; raw tf.Variable layers 64 / 64 / 1 with per-layer learned p_logit variables, stateful tf.random.uniform noise, mask = sigmoid((log p - log(1-p) + log u - log(1-u)) / 0.1), x * (1 - mask) / (1 - p); outputs prediction and the dropout rates")
def b_concrete(out):
    params = _params([16, 64, 64, 1], 3)
    p_logits = [tf.Variable(np.float32(np.log(0.1 / 0.9)), name=f"p_logit_{i}") for i in range(2)]

    def concrete_dropout(x, p_logit, eps=1e-7, temp=0.1):
        p = tf.sigmoid(p_logit)
        u = tf.random.uniform(tf.shape(x))
        drop = tf.sigmoid((tf.math.log(p + eps) - tf.math.log(1 - p + eps) + tf.math.log(u + eps) - tf.math.log(1 - u + eps)) / temp)
        return x * (1 - drop) / (1 - p)

    @tf.function(input_signature=[tensor_spec([None, 16], name="x")])
    def serve(x):
        h = x
        for i, (w, b) in enumerate(params):
            if i:
                h = concrete_dropout(h, p_logits[i - 1])
            h = tf.matmul(h, w) + b
            if i < len(params) - 1:
                h = tf.nn.relu(h)
        return {"prediction": h, "dropout_rates": tf.sigmoid(tf.stack(p_logits))}
    _save(out, {"params": params, "p_logits": p_logits}, serving_default=serve)


# ================================================================================ TF2 functions frozen to .pb

@model("s48_frozen_v2_keras_dropout_bn_noise_inference", "frozen-pb", "Keras MLP frozen with convert_variables_to_constants_v2 in inference mode (model(x, training=False)) for a C++ service: x float [1,24] -> GaussianNoise(0.05) -> Dense 64 -> BatchNormalization -> ReLU -> Dropout(0.3) -> Dense 32 relu -> AlphaDropout(0.1) -> Dense(3, softmax)")
def b_frozen_inf(out):
    m = keras.Sequential([keras.Input((24,)), L.GaussianNoise(0.05), L.Dense(64), L.BatchNormalization(), L.ReLU(),
                          L.Dropout(0.3), L.Dense(32, activation="relu"), L.AlphaDropout(0.1), L.Dense(3, activation="softmax")])
    _freeze(lambda x: m(x, training=False), [tensor_spec([1, 24], name="x")], out)


@model("s48_frozen_v2_mc_dropout_nn_dropout_average", "frozen-pb", "MC-dropout predictor frozen with convert_variables_to_constants_v2: x float [1,16]; raw-variable MLP 64 / 64 with tf.nn.dropout(rate=0.25) after each hidden layer, run 8 times in a Python loop, predictions stacked -> 'mean' and 'variance' [1,2]")
def b_frozen_mc(out):
    params = _params([16, 64, 64, 2], 6)

    def fn(x):
        samples = []
        for _ in range(8):
            h = x
            for i, (w, b) in enumerate(params):
                h = tf.matmul(h, w) + b
                if i < len(params) - 1:
                    h = tf.nn.dropout(tf.nn.relu(h), rate=0.25)
            samples.append(h)
        s = tf.stack(samples)
        return tf.identity(tf.reduce_mean(s, 0), name="mean"), tf.identity(tf.math.reduce_variance(s, 0), name="variance")
    _freeze(fn, [tensor_spec([1, 16], name="x")], out)


@model("s48_frozen_v2_print_check_numerics_asserts", "frozen-pb", "raw-variable MLP with its debugging left in, frozen with convert_variables_to_constants_v2: x float [None,12]; tf.debugging.assert_greater_equal(x, 0), tf.print of the input shape, matmul 32 relu, tf.debugging.check_numerics, matmul 2 -> softmax, tf.print of the probabilities")
def b_frozen_print(out):
    params = _params([12, 32, 2], 4)

    def fn(x):
        with tf.control_dependencies([tf.debugging.assert_greater_equal(x, 0.0, message="negative input")]):
            tf.print("input shape", tf.shape(x))
            h = tf.nn.relu(tf.matmul(x, params[0][0]) + params[0][1])
        h = tf.debugging.check_numerics(h, "hidden")
        p = tf.nn.softmax(tf.matmul(h, params[1][0]) + params[1][1])
        tf.print("probabilities", p)
        return tf.identity(p, name="probabilities")
    _freeze(fn, [tensor_spec([None, 12], name="x")], out)


@model("s48_frozen_v2_tf_image_random_augment_preprocess", "frozen-pb", "classifier frozen with convert_variables_to_constants_v2 together with the preprocess() of its tf.data training pipeline: image float [1,40,40,3] -> tf.image.random_crop to 32x32, random_flip_left_right, random_brightness(0.2), random_saturation(0.8, 1.2) (stateful random ops), clip -> Keras Conv2D 16 / 32 stride 2 -> GlobalAveragePooling2D -> Dense(4) in inference mode")
def b_frozen_aug(out):
    m = keras.Sequential([keras.Input((32, 32, 3)), L.Conv2D(16, 3, strides=2, activation="relu"),
                          L.Conv2D(32, 3, strides=2, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(4)])

    def preprocess(image):
        image = tf.image.random_crop(image, [1, 32, 32, 3])
        image = tf.image.random_flip_left_right(image)
        image = tf.image.random_saturation(tf.image.random_brightness(image, 0.2), 0.8, 1.2)
        return tf.clip_by_value(image, 0.0, 1.0)
    _freeze(lambda x: tf.identity(m(preprocess(x), training=False), name="logits"), [tensor_spec([1, 40, 40, 3], name="image")], out)


@model("s48_frozen_v2_ste_fake_quant_custom_gradient", "frozen-pb", "QAT MLP frozen with convert_variables_to_constants_v2, forward pass still through tf.custom_gradient straight-through fake quantisers (8-bit, clip and round) on weights and activations: x float [1,32] -> 64 relu -> 64 relu -> 10 logits")
def b_frozen_ste(out):
    params, fq = _params([32, 64, 64, 10], 5), _ste_fake_quant_fn(8)

    def fn(x):
        h = x
        for i, (w, b) in enumerate(params):
            h = tf.matmul(fq(h), fq(w)) + b
            h = tf.nn.relu(h) if i < len(params) - 1 else h
        return tf.identity(h, name="logits")
    _freeze(fn, [tensor_spec([1, 32], name="x")], out)


@model("s48_frozen_v2_fused_bn_batch_stats_conv", "frozen-pb", "raw-variable CNN frozen with convert_variables_to_constants_v2 whose batch norm was written for training and never switched: image float [1,16,16,3] -> conv2d 16 / 32 stride 2, each through tf.compat.v1.nn.fused_batch_norm(is_training=True) (batch statistics; the returned batch mean / variance unused) and relu -> mean over H, W -> matmul 5 'logits'")
def b_frozen_bn_train(out):
    rng = np.random.default_rng(7)
    convs = [(tf.Variable(rng.normal(0, 0.2, (3, 3, ci, co)).astype("float32")), tf.Variable(np.ones(co, "float32")),
              tf.Variable(np.zeros(co, "float32"))) for ci, co in ((3, 16), (16, 32))]
    (w, b), = _params([32, 5], 8)

    def fn(x):
        h = x
        for k, gamma, beta in convs:
            h, _, _ = tf.compat.v1.nn.fused_batch_norm(tf.nn.conv2d(h, k, 2, "SAME"), gamma, beta, epsilon=1e-3, is_training=True)
            h = tf.nn.relu(h)
        return tf.identity(tf.matmul(tf.reduce_mean(h, [1, 2]), w) + b, name="logits")
    _freeze(fn, [tensor_spec([1, 16, 16, 3], name="image")], out)


# ================================================================================ TF1 graph-mode graphs frozen to .pb

@model("s48_tf1_is_training_cond_bn_dropout_frozen", "frozen-pb", "TF1 CNN with an is_training placeholder_with_default(False): placeholder images float [None,28,28,1], get_variable conv 16 / 32 stride 2, batch norm written by hand (tf.cond(is_training) between tf.nn.moments batch statistics and moving_mean / moving_variance variables, moving averages assigned in UPDATE_OPS), keep_prob = tf.cond(is_training, 0.5, 1.0) into tf.compat.v1.nn.dropout, fc 10 -> softmax 'probabilities'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_cond(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 28, 28, 1], name="images")
        is_training = v1.placeholder_with_default(False, [], name="is_training")

        def bn(h, name):
            c = int(h.shape[-1])
            with v1.variable_scope(name):
                gamma = v1.get_variable("gamma", [c], initializer=v1.ones_initializer())
                beta = v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
                mm = v1.get_variable("moving_mean", [c], initializer=v1.zeros_initializer(), trainable=False)
                mv = v1.get_variable("moving_variance", [c], initializer=v1.ones_initializer(), trainable=False)
                bm, bv = tf.nn.moments(h, [0, 1, 2])
                v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, v1.assign(mm, 0.99 * mm + 0.01 * bm))
                v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, v1.assign(mv, 0.99 * mv + 0.01 * bv))
                mean, var = tf.cond(is_training, lambda: (bm, bv), lambda: (tf.identity(mm), tf.identity(mv)))
                return tf.nn.batch_normalization(h, mean, var, beta, gamma, 1e-3)
        h = tf.nn.relu(bn(_v1_conv(x, "conv1", 16, stride=2), "bn1"))
        h = tf.nn.relu(bn(_v1_conv(h, "conv2", 32, stride=2), "bn2"))
        keep_prob = tf.cond(is_training, lambda: tf.constant(0.5), lambda: tf.constant(1.0))
        h = v1.nn.dropout(tf.reshape(h, [-1, 7 * 7 * 32]), keep_prob=keep_prob)
        return [tf.nn.softmax(_v1_dense(h, "fc", 10), name="probabilities")]
    _v1_freeze(out, build)


OUTPUTS["s48_tf1_is_training_cond_bn_dropout_frozen"] = ["probabilities"]


@model("s48_tf1_keep_prob_default_dropout_frozen", "frozen-pb", "TF1 text-feature classifier with the classic keep_prob knob left as tf.compat.v1.placeholder_with_default(1.0, []): placeholder features float [None,64], get_variable dense 48 relu -> tf.compat.v1.nn.dropout(keep_prob) -> dense 24 relu -> dropout(keep_prob) -> dense 3 -> softmax 'scores' and argmax 'classes'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_keep_prob(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 64], name="features")
        keep_prob = v1.placeholder_with_default(1.0, [], name="keep_prob")
        h = v1.nn.dropout(_v1_dense(x, "fc1", 48, tf.nn.relu), keep_prob=keep_prob)
        h = v1.nn.dropout(_v1_dense(h, "fc2", 24, tf.nn.relu), keep_prob=keep_prob)
        scores = tf.nn.softmax(_v1_dense(h, "logits", 3), name="scores")
        return [scores, tf.argmax(scores, 1, name="classes")]
    _v1_freeze(out, build)


OUTPUTS["s48_tf1_keep_prob_default_dropout_frozen"] = ["scores", "classes"]


@model("s48_tf1_print_op_frozen", "frozen-pb", "TF1 MLP debugged with tf.compat.v1.Print ops wired into the data path (input and logits printed with a message, first_n / summarize set): placeholder x float [1,10], get_variable dense 32 relu -> dense 4, Print on the logits, softmax 'output'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_print(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 10], name="x")
        xp = v1.Print(x, [tf.shape(x), x], message="input: ", summarize=10)
        logits = _v1_dense(_v1_dense(xp, "fc1", 32, tf.nn.relu), "fc2", 4)
        logits = v1.Print(logits, [logits], message="logits: ", first_n=100, summarize=4)
        return [tf.nn.softmax(logits, name="output")]
    _v1_freeze(out, build)


OUTPUTS["s48_tf1_print_op_frozen"] = ["output"]


@model("s48_tf1_fused_bn_update_ops_control_deps_frozen", "frozen-pb", "TF1 CNN where the BatchNorm update ops were tied to the output (the 'with tf.control_dependencies(update_ops)' fix applied to the prediction instead of the train op): placeholder images float [1,24,24,3], get_variable conv 16 / 32, tf.compat.v1.nn.fused_batch_norm(is_training=True) with ref-variable (use_resource=False) moving_mean / moving_variance updated by assign_sub moving averages in UPDATE_OPS, GAP, dense 5; output = tf.identity under control_dependencies(UPDATE_OPS), named 'logits'; frozen with graph_util.convert_variables_to_constants plus the forum fix that rewrites the frozen AssignSub nodes to Sub (dropping use_locking) so the graph imports")
def b_tf1_update_ops(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 24, 24, 3], name="images")

        def bn(h, name):
            c = int(h.shape[-1])
            with v1.variable_scope(name):
                gamma = v1.get_variable("gamma", [c], initializer=v1.ones_initializer())
                beta = v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
                mm = v1.get_variable("moving_mean", [c], initializer=v1.zeros_initializer(), trainable=False, use_resource=False)
                mv = v1.get_variable("moving_variance", [c], initializer=v1.ones_initializer(), trainable=False, use_resource=False)
                y, bm, bv = v1.nn.fused_batch_norm(h, gamma, beta, epsilon=1e-3, is_training=True)
                v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, v1.assign_sub(mm, 0.01 * (mm - bm)))
                v1.add_to_collection(v1.GraphKeys.UPDATE_OPS, v1.assign_sub(mv, 0.01 * (mv - bv)))
                return y
        h = tf.nn.relu(bn(_v1_conv(x, "conv1", 16, stride=2), "bn1"))
        h = tf.nn.relu(bn(_v1_conv(h, "conv2", 32, stride=2), "bn2"))
        logits = _v1_dense(tf.reduce_mean(h, [1, 2]), "fc", 5)
        with tf.control_dependencies(v1.get_collection(v1.GraphKeys.UPDATE_OPS)):
            return [tf.identity(logits, name="logits")]

    def assign_sub_to_sub(gd):
        for n in gd.node:
            if n.op == "AssignSub":
                n.op = "Sub"
                del n.attr["use_locking"]
    _v1_freeze(out, build, fixup=assign_sub_to_sub)


OUTPUTS["s48_tf1_fused_bn_update_ops_control_deps_frozen"] = ["logits"]


@model("s48_tf1_asserts_check_numerics_frozen", "frozen-pb", "TF1 regression graph with validation ops in the path: placeholder x float [None,8]; tf.compat.v1.assert_rank, assert_non_negative, tf.compat.v1.verify_tensor_all_finite on the input, tf.compat.v1.check_numerics after the hidden layer, get_variable dense 32 relu -> dense 1 'prediction' under control_dependencies on the asserts; frozen with graph_util.convert_variables_to_constants")
def b_tf1_asserts(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 8], name="x")
        checks = [v1.assert_rank(x, 2), v1.assert_non_negative(x, message="x must be >= 0")]
        with tf.control_dependencies(checks):
            x = v1.verify_tensor_all_finite(x, "non-finite input")
        h = v1.check_numerics(_v1_dense(x, "hidden", 32, tf.nn.relu), "hidden layer")
        return [tf.identity(_v1_dense(h, "out", 1), name="prediction")]
    _v1_freeze(out, build)


OUTPUTS["s48_tf1_asserts_check_numerics_frozen"] = ["prediction"]


@model("s48_tf1_gaussian_noise_is_training_cond_frozen", "frozen-pb", "TF1 denoising regressor with input-noise regularisation in the graph: placeholder signal float [1,16], is_training placeholder_with_default(False); tf.cond(is_training, signal + tf.compat.v1.random_normal(stddev=0.1), signal), get_variable dense 32 tanh -> dense 16 'denoised'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_noise(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 16], name="signal")
        is_training = v1.placeholder_with_default(False, [], name="is_training")
        xn = tf.cond(is_training, lambda: x + v1.random_normal(tf.shape(x), stddev=0.1), lambda: x)
        return [tf.identity(_v1_dense(_v1_dense(xn, "enc", 32, tf.tanh), "dec", 16), name="denoised")]
    _v1_freeze(out, build)


OUTPUTS["s48_tf1_gaussian_noise_is_training_cond_frozen"] = ["denoised"]


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
