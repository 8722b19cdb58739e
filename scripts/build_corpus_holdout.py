"""Build the HOLD-OUT corpus: small TensorFlow models used only to measure accelcheck, never to tune it.

    .venv/bin/python scripts/build_corpus_holdout.py [--out bench/out/holdout] [--force] [--check] [NAME...]

Each model has its own builder function (a registry, `MODELS`); all run in one process, each into
`<out>/<name>` (a SavedModel directory, or a directory holding a `.pb`/`.pbtxt` file or a `.meta`
file with its checkpoint). Models that exist are skipped unless `--force`; NAME... builds only those.
`<out>/MANIFEST.txt` gets one line per model: `name | kind | what it contains`.
`--check` loads every built model with TensorFlow itself (no accelcheck) and says which do not load.

Kinds (export forms):
- keras_export:        Keras 3 `model.export(dir)`
- keras_tf_save:       `tf.saved_model.save(keras_model, dir)`
- tf_module:           `tf.saved_model.save(tf.Module, dir)`, one signature
- tf_module_multi:     the same with several signatures
- tf1_savedmodel:      `tf.compat.v1.saved_model.Builder`, ref variables (VariableV2)
- unusual_tags:        a TF1 SavedModel whose MetaGraph tags are not just {serve}
- frozen_pb:           a frozen GraphDef `.pb` (TF1 `convert_variables_to_constants`, or TF2 `_v2`)
- frozen_pbtxt:        the same as a text GraphDef
- tf1_pb_unfrozen:     a TF1 GraphDef `.pb` written without freezing (variables left in)
- meta_ckpt:           a TF1 `.meta` MetaGraph beside its checkpoint (`tf.compat.v1.train.Saver`)

About half the models are what a deployer expects to convert cleanly; the others carry one realistic
hazard each. The manifest says what each contains, not what any tool should answer.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "bench" / "out" / "holdout"

tf = None  # imported in main()
keras = None


@dataclass
class Entry:
    name: str
    kind: str
    what: str
    build: Callable[[Path], None]


MODELS: dict[str, Entry] = {}


def model(name: str, kind: str, what: str):
    def deco(fn):
        assert name not in MODELS, name
        MODELS[name] = Entry(name, kind, what, fn)
        return fn

    return deco


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


def w(*shape, seed=0, scale=0.1, dtype=np.float32):
    return (rng(seed).standard_normal(shape) * scale).astype(dtype)


# ----------------------------------------------------------------------------- TF1 helpers

def tf1_var(name, shape, seed=0, dtype=None):
    """A ref variable (VariableV2), as TF1 code made them."""
    dtype = dtype or tf.float32
    init = tf.compat.v1.constant_initializer(w(*shape, seed=seed, dtype=dtype.as_numpy_dtype))
    return tf.compat.v1.get_variable(name, shape, dtype=dtype, initializer=init, use_resource=False)


def tf1_dense(x, n_in, n_out, name, act=None, seed=0, dtype=None):
    with tf.compat.v1.variable_scope(name):
        k = tf1_var("kernel", [n_in, n_out], seed, dtype)
        b = tf1_var("bias", [n_out], seed + 1, dtype)
        y = tf.compat.v1.nn.xw_plus_b(x, k, b)
    return act(y) if act else y


def tf1_conv(x, c_in, c_out, name, k=3, stride=1, seed=0):
    with tf.compat.v1.variable_scope(name):
        kern = tf1_var("kernel", [k, k, c_in, c_out], seed)
        b = tf1_var("bias", [c_out], seed + 1)
        return tf.nn.bias_add(tf.nn.conv2d(x, kern, [1, stride, stride, 1], "SAME"), b)


def tf1_builder_save(sess, dest: Path, metagraphs: list[tuple[list[str], dict]], main_op=None):
    """metagraphs: [(tags, {signature_key: SignatureDef})]; the first carries the variables."""
    b = tf.compat.v1.saved_model.Builder(str(dest))
    (tags0, sigs0), rest = metagraphs[0], metagraphs[1:]
    b.add_meta_graph_and_variables(sess, tags0, signature_def_map=sigs0, main_op=main_op, strip_default_attrs=True)
    for tags, sigs in rest:
        b.add_meta_graph(tags, signature_def_map=sigs, main_op=main_op, strip_default_attrs=True)
    b.save()


def predict_sig(inputs: dict, outputs: dict):
    return tf.compat.v1.saved_model.predict_signature_def(inputs=inputs, outputs=outputs)


def freeze_tf1(sess, outputs: list[str]):
    return tf.compat.v1.graph_util.convert_variables_to_constants(sess, sess.graph.as_graph_def(), outputs)


def write_pb(graph_def, dest: Path, name: str, as_text=False):
    dest.mkdir(parents=True, exist_ok=True)
    tf.io.write_graph(graph_def, str(dest), name, as_text=as_text)


def freeze_tf2(concrete_fn):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    return convert_variables_to_constants_v2(concrete_fn).graph.as_graph_def()


def spec(shape, dtype=None, name=None):
    return tf.TensorSpec(shape, dtype or tf.float32, name=name)


def save_module(mod, dest: Path, signatures):
    tf.saved_model.save(mod, str(dest), signatures=signatures)


# ============================================================================= clean models

@model("keras_mlp_tabular", "keras_export", "Keras MLP on 20 tabular features: Dense/BatchNorm/ReLU, 3-way softmax")
def _(dest):
    L = keras.layers
    x = keras.Input((20,), name="features")
    h = L.Dense(64, activation="relu")(x)
    h = L.BatchNormalization()(h)
    h = L.Dense(32, activation="relu")(h)
    y = L.Dense(3, activation="softmax", name="probs")(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("keras_cnn_digits", "keras_export", "Keras LeNet-style CNN on 28x28x1: Conv2D/MaxPool/Flatten/Dense, 10 classes")
def _(dest):
    L = keras.layers
    x = keras.Input((28, 28, 1), name="image")
    h = L.Conv2D(16, 3, activation="relu")(x)
    h = L.MaxPooling2D()(h)
    h = L.Conv2D(32, 3, activation="relu")(h)
    h = L.MaxPooling2D()(h)
    h = L.Flatten()(h)
    h = L.Dense(64, activation="relu")(h)
    h = L.Dropout(0.5)(h)
    y = L.Dense(10, activation="softmax")(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("keras_mobilenet_block", "keras_export",
       "Keras MobileNetV2-style inverted residual on 64x64x3: DepthwiseConv2D, BatchNorm, ReLU6, Add, GlobalAvgPool")
def _(dest):
    L = keras.layers
    x = keras.Input((64, 64, 3), name="image")
    h = L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(x)
    h = L.BatchNormalization()(h)
    h = L.ReLU(6.0)(h)
    r = h
    h = L.Conv2D(48, 1, use_bias=False)(h)
    h = L.BatchNormalization()(h)
    h = L.ReLU(6.0)(h)
    h = L.DepthwiseConv2D(3, padding="same", use_bias=False)(h)
    h = L.BatchNormalization()(h)
    h = L.ReLU(6.0)(h)
    h = L.Conv2D(16, 1, use_bias=False)(h)
    h = L.BatchNormalization()(h)
    h = L.Add()([h, r])
    h = L.GlobalAveragePooling2D()(h)
    y = L.Dense(5, activation="softmax")(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("keras_tiny_transformer", "keras_export",
       "Keras one-block transformer encoder on 32 int tokens: Embedding + learned positions, MultiHeadAttention, "
       "LayerNorm, GELU FFN, mean pooling")
def _(dest):
    L = keras.layers

    class AddPositions(L.Layer):
        def build(self, input_shape):
            self.pos = self.add_weight(shape=(input_shape[1], input_shape[2]), initializer="random_normal", name="pos")

        def call(self, x):
            return x + self.pos

    tok = keras.Input((32,), dtype="int32", name="tokens")
    h = L.Embedding(1000, 32)(tok)
    h = AddPositions()(h)
    a = L.MultiHeadAttention(num_heads=2, key_dim=16)(h, h)
    h = L.LayerNormalization()(L.Add()([h, a]))
    f = L.Dense(64, activation="gelu")(h)
    f = L.Dense(32)(f)
    h = L.LayerNormalization()(L.Add()([h, f]))
    h = L.GlobalAveragePooling1D()(h)
    y = L.Dense(2, activation="softmax")(h)
    keras.Model(tok, y).export(str(dest), verbose=False)


@model("keras_text_embed_pool", "keras_export",
       "Keras text classifier on 64 int token ids: Embedding, GlobalAveragePooling1D, Dense, sigmoid")
def _(dest):
    L = keras.layers
    tok = keras.Input((64,), dtype="int32", name="token_ids")
    h = L.Embedding(5000, 16)(tok)
    h = L.GlobalAveragePooling1D()(h)
    h = L.Dense(16, activation="relu")(h)
    y = L.Dense(1, activation="sigmoid")(h)
    keras.Model(tok, y).export(str(dest), verbose=False)


@model("keras_lstm_sentiment", "keras_export",
       "Keras Embedding + LSTM(16) over 20 int tokens, Dense sigmoid head")
def _(dest):
    L = keras.layers
    tok = keras.Input((20,), dtype="int32", name="tokens")
    h = L.Embedding(2000, 16)(tok)
    h = L.LSTM(16)(h)
    y = L.Dense(1, activation="sigmoid")(h)
    keras.Model(tok, y).export(str(dest), verbose=False)


@model("module_audio_logmel", "tf_module",
       "tf.Module audio front-end on 1 s of 16 kHz audio: tf.signal.stft (512-point), magnitude, mel matrix, log, "
       "then a dense classifier on the time-averaged log-mel")
def _(dest):
    mel = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 7600.0).numpy()

    class M(tf.Module):
        def __init__(self):
            self.mel = tf.constant(mel)
            self.k = tf.Variable(w(40, 12, seed=3))
            self.b = tf.Variable(np.zeros(12, np.float32))

        @tf.function(input_signature=[spec([None, 16000], name="waveform")])
        def __call__(self, wav):
            s = tf.signal.stft(wav, frame_length=400, frame_step=160, fft_length=512)
            m = tf.tensordot(tf.abs(s), self.mel, 1)
            logmel = tf.math.log(m + 1e-6)
            feat = tf.reduce_mean(logmel, axis=1)
            return {"logits": tf.matmul(feat, self.k) + self.b}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_image_preproc", "tf_module",
       "tf.Module with in-graph image preprocessing: uint8 240x320 frame, bilinear resize to 96x96, scale to [-1,1], "
       "centre crop by slicing, Conv2D, ReLU, global mean, Dense")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(3, 3, 3, 8, seed=4))
            self.d = tf.Variable(w(8, 4, seed=5))

        @tf.function(input_signature=[spec([None, 240, 320, 3], tf.uint8, name="frame")])
        def __call__(self, img):
            x = tf.image.resize(tf.cast(img, tf.float32), [96, 96], method="bilinear")
            x = x / 127.5 - 1.0
            x = x[:, 8:88, 8:88, :]
            x = tf.nn.relu(tf.nn.conv2d(x, self.k, 2, "SAME"))
            x = tf.reduce_mean(x, axis=[1, 2])
            return {"scores": tf.nn.softmax(tf.matmul(x, self.d))}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_qat_fakequant", "tf_module",
       "tf.Module from quantization-aware training: FakeQuantWithMinMaxArgs on activations, FakeQuantWithMinMaxVars "
       "on conv and dense weights, ReLU6")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(3, 3, 3, 8, seed=6))
            self.kmin, self.kmax = tf.Variable(-0.3), tf.Variable(0.3)
            self.d = tf.Variable(w(8, 10, seed=7))
            self.dmin, self.dmax = tf.Variable(-0.25), tf.Variable(0.25)

        @tf.function(input_signature=[spec([None, 32, 32, 3], name="image")])
        def __call__(self, x):
            x = tf.quantization.fake_quant_with_min_max_args(x, -1.0, 1.0)
            k = tf.quantization.fake_quant_with_min_max_vars(self.k, self.kmin, self.kmax, narrow_range=True)
            x = tf.nn.relu6(tf.nn.conv2d(x, k, 1, "SAME"))
            x = tf.quantization.fake_quant_with_min_max_args(x, 0.0, 6.0)
            x = tf.reduce_mean(x, axis=[1, 2])
            d = tf.quantization.fake_quant_with_min_max_vars(self.d, self.dmin, self.dmax, narrow_range=True)
            y = tf.quantization.fake_quant_with_min_max_args(tf.matmul(x, d), -8.0, 8.0)
            return {"logits": y}

    m = M()
    save_module(m, dest, m.__call__)


@model("keras_mixed_precision", "keras_export",
       "Keras MLP under the mixed_float16 policy (float16 compute, float32 variables, Cast ops), float32 softmax output")
def _(dest):
    L = keras.layers
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        x = keras.Input((32,), name="x")
        h = L.Dense(64, activation="relu")(x)
        h = L.Dense(64, activation="relu")(h)
        y = L.Dense(10, activation="softmax", dtype="float32")(h)
        m = keras.Model(x, y)
    finally:
        keras.mixed_precision.set_global_policy("float32")
    m.export(str(dest), verbose=False)


@model("tf1_savedmodel_mlp", "tf1_savedmodel",
       "TF1 (tf.compat.v1) SavedModel: placeholder [None,10], two xw_plus_b layers on ref variables, softmax; "
       "predict SignatureDef")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 10], name="x")
        h = tf1_dense(x, 10, 32, "fc1", tf.nn.relu, seed=10)
        y = tf.nn.softmax(tf1_dense(h, 32, 4, "fc2", seed=12), name="probs")
        sess.run(tf.compat.v1.global_variables_initializer())
        tf1_builder_save(sess, dest, [(["serve"], {"serving_default": predict_sig({"x": x}, {"probs": y})})])


@model("frozen_pb_cnn", "frozen_pb",
       "TF1 CNN frozen with convert_variables_to_constants: conv2d/bias/relu/max_pool x2, reshape, matmul, softmax")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 32, 32, 3], name="input")
        h = tf.nn.max_pool2d(tf.nn.relu(tf1_conv(x, 3, 8, "conv1", seed=20)), 2, 2, "VALID")
        h = tf.nn.max_pool2d(tf.nn.relu(tf1_conv(h, 8, 16, "conv2", seed=22)), 2, 2, "VALID")
        h = tf.reshape(h, [-1, 8 * 8 * 16])
        tf.nn.softmax(tf1_dense(h, 8 * 8 * 16, 10, "logits", seed=24), name="output")
        sess.run(tf.compat.v1.global_variables_initializer())
        write_pb(freeze_tf1(sess, ["output"]), dest, "frozen_cnn.pb")


@model("meta_ckpt_logreg", "meta_ckpt",
       "TF1 MetaGraph (.meta) + V2 checkpoint of an inference-only logistic regression on ref variables")
def _(dest):
    dest.mkdir(parents=True)
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 16], name="x")
        tf.nn.sigmoid(tf1_dense(x, 16, 1, "logreg", seed=30), name="prob")
        sess.run(tf.compat.v1.global_variables_initializer())
        tf.compat.v1.train.Saver(save_relative_paths=True).save(sess, str(dest / "model"))


@model("tags_serve_gpu_only", "unusual_tags",
       "TF1 SavedModel whose only MetaGraph is tagged {serve, gpu}: a plain two-layer MLP on ref variables")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 8], name="x")
        h = tf1_dense(x, 8, 16, "fc1", tf.nn.relu, seed=40)
        y = tf.identity(tf1_dense(h, 16, 2, "fc2", seed=42), name="y")
        sess.run(tf.compat.v1.global_variables_initializer())
        tf1_builder_save(sess, dest, [(["serve", "gpu"], {"serving_default": predict_sig({"x": x}, {"y": y})})])


@model("tags_eval_only", "unusual_tags",
       "TF1 SavedModel whose only MetaGraph is tagged {eval} (Estimator-style eval export): linear regression "
       "with predictions and a mean-squared-error loss output, labels as a second input")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 6], name="features")
        t = tf.compat.v1.placeholder(tf.float32, [None, 1], name="labels")
        p = tf.identity(tf1_dense(x, 6, 1, "linear", seed=44), name="predictions")
        loss = tf.reduce_mean(tf.square(p - t), name="loss")
        sess.run(tf.compat.v1.global_variables_initializer())
        sig = tf.compat.v1.saved_model.signature_def_utils.build_signature_def(
            inputs={"features": tf.compat.v1.saved_model.build_tensor_info(x),
                    "labels": tf.compat.v1.saved_model.build_tensor_info(t)},
            outputs={"predictions": tf.compat.v1.saved_model.build_tensor_info(p),
                     "loss": tf.compat.v1.saved_model.build_tensor_info(loss)},
            method_name="tensorflow/supervised/eval")
        tf1_builder_save(sess, dest, [(["eval"], {"eval": sig})])


@model("tags_serve_and_serve_gpu", "unusual_tags",
       "TF1 SavedModel with two MetaGraphs, {serve} and {serve, gpu}, of the same small conv net "
       "(conv, relu, mean, dense)")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 16, 16, 1], name="image")
        h = tf.reduce_mean(tf.nn.relu(tf1_conv(x, 1, 4, "conv", seed=46)), axis=[1, 2])
        y = tf.identity(tf1_dense(h, 4, 3, "head", seed=48), name="logits")
        sess.run(tf.compat.v1.global_variables_initializer())
        sigs = {"serving_default": predict_sig({"image": x}, {"logits": y})}
        tf1_builder_save(sess, dest, [(["serve"], sigs), (["serve", "gpu"], sigs)])


@model("module_multi_signature", "tf_module_multi",
       "tf.Module with three signatures: serving_default (classify 24 features), embed (the 8-d embedding), "
       "normalize (feature standardization only)")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.mean = tf.Variable(w(24, seed=50))
            self.std = tf.Variable(np.abs(w(24, seed=51)) + 1.0)
            self.e = tf.Variable(w(24, 8, seed=52))
            self.c = tf.Variable(w(8, 5, seed=53))

        @tf.function(input_signature=[spec([None, 24], name="x")])
        def normalize(self, x):
            return {"normalized": (x - self.mean) / self.std}

        @tf.function(input_signature=[spec([None, 24], name="x")])
        def embed(self, x):
            e = tf.nn.tanh(tf.matmul(self.normalize(x)["normalized"], self.e))
            return {"embedding": tf.math.l2_normalize(e, axis=-1)}

        @tf.function(input_signature=[spec([None, 24], name="x")])
        def classify(self, x):
            return {"probs": tf.nn.softmax(tf.matmul(self.embed(x)["embedding"], self.c))}

    m = M()
    save_module(m, dest, {"serving_default": m.classify, "embed": m.embed, "normalize": m.normalize})


@model("keras_conv_autoencoder", "keras_export",
       "Keras convolutional autoencoder on 32x32x1: strided Conv2D encoder, Conv2DTranspose + UpSampling2D decoder, sigmoid")
def _(dest):
    L = keras.layers
    x = keras.Input((32, 32, 1), name="image")
    h = L.Conv2D(8, 3, strides=2, padding="same", activation="relu")(x)
    h = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(h)
    h = L.Conv2DTranspose(8, 3, strides=2, padding="same", activation="relu")(h)
    h = L.UpSampling2D()(h)
    y = L.Conv2D(1, 3, padding="same", activation="sigmoid")(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("keras_resnet_tiny_tfsave", "keras_tf_save",
       "Keras two-block residual CNN (Conv/BatchNorm/ReLU/Add, GlobalAvgPool) saved with tf.saved_model.save(model)")
def _(dest):
    L = keras.layers
    x = keras.Input((32, 32, 3), name="image")
    h = L.Conv2D(16, 3, padding="same")(x)
    for _i in range(2):
        r = h
        h = L.Conv2D(16, 3, padding="same", use_bias=False)(h)
        h = L.BatchNormalization()(h)
        h = L.ReLU()(h)
        h = L.Conv2D(16, 3, padding="same", use_bias=False)(h)
        h = L.BatchNormalization()(h)
        h = L.ReLU()(L.Add()([h, r]))
    h = L.GlobalAveragePooling2D()(h)
    y = L.Dense(10)(h)
    tf.saved_model.save(keras.Model(x, y), str(dest))


@model("frozen_pb_tf2_cnn", "frozen_pb",
       "TF2 tf.function CNN frozen with convert_variables_to_constants_v2 and written as a GraphDef .pb "
       "(conv, bias, relu, avg_pool, matmul)")
def _(dest):
    k1, b1, d = tf.Variable(w(3, 3, 1, 8, seed=60)), tf.Variable(w(8, seed=61)), tf.Variable(w(8, 6, seed=62))

    @tf.function(input_signature=[spec([1, 48, 48, 1], name="input")])
    def f(x):
        h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k1, 1, "SAME"), b1))
        h = tf.nn.avg_pool2d(h, 48, 48, "VALID")
        return tf.matmul(tf.reshape(h, [-1, 8]), d)

    write_pb(freeze_tf2(f.get_concrete_function()), dest, "model.pb")


@model("keras_conv1d_timeseries", "keras_export",
       "Keras 1-D CNN on 128x6 IMU windows: causal dilated Conv1D, GlobalMaxPooling1D, Dense")
def _(dest):
    L = keras.layers
    x = keras.Input((128, 6), name="imu")
    h = L.Conv1D(16, 3, padding="causal", activation="relu")(x)
    h = L.Conv1D(16, 3, padding="causal", dilation_rate=2, activation="relu")(h)
    h = L.Conv1D(16, 3, padding="causal", dilation_rate=4, activation="relu")(h)
    h = L.GlobalMaxPooling1D()(h)
    y = L.Dense(6, activation="softmax")(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("module_topk_scores", "tf_module",
       "tf.Module classifier head returning the top-5 classes: matmul, softmax, tf.math.top_k")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(64, 100, seed=70))

        @tf.function(input_signature=[spec([None, 64], name="embedding")])
        def __call__(self, e):
            p = tf.nn.softmax(tf.matmul(e, self.k))
            v, i = tf.math.top_k(p, k=5)
            return {"scores": v, "classes": i}

    m = M()
    save_module(m, dest, m.__call__)


@model("keras_normalization_rescale", "keras_export",
       "Keras model with preprocessing layers in it: Rescaling(1/255) and an adapted Normalization, then "
       "Conv2D/GlobalAvgPool/Dense on 48x48x3")
def _(dest):
    L = keras.layers
    norm = L.Normalization()
    norm.adapt(rng(80).random((16, 48, 48, 3)).astype(np.float32))
    x = keras.Input((48, 48, 3), name="pixels")
    h = L.Rescaling(1.0 / 255)(x)
    h = norm(h)
    h = L.Conv2D(8, 3, activation="relu")(h)
    h = L.GlobalAveragePooling2D()(h)
    y = L.Dense(3)(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("tf1_savedmodel_cnn_bn", "tf1_savedmodel",
       "TF1 SavedModel CNN on ref variables: conv2d, FusedBatchNorm (is_training=False), relu, avg_pool, dense")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 24, 24, 3], name="images")
        h = tf1_conv(x, 3, 8, "conv1", seed=90)
        with tf.compat.v1.variable_scope("bn1"):
            scale, offset = tf1_var("gamma", [8], 91), tf1_var("beta", [8], 92)
            mean, var = tf1_var("moving_mean", [8], 93), tf1_var("moving_var", [8], 94)
            h, _m, _v = tf.compat.v1.nn.fused_batch_norm(h, scale, offset, mean, tf.abs(var) + 1.0, is_training=False)
        h = tf.nn.avg_pool2d(tf.nn.relu(h), 24, 24, "VALID")
        y = tf.identity(tf1_dense(tf.reshape(h, [-1, 8]), 8, 5, "fc", seed=95), name="logits")
        sess.run(tf.compat.v1.global_variables_initializer())
        tf1_builder_save(sess, dest, [(["serve"], {"serving_default": predict_sig({"images": x}, {"logits": y})})])


@model("keras_two_input_two_output", "keras_export",
       "Keras functional model with two inputs (32x32x3 image, 5 metadata floats) and two heads (class softmax, "
       "regression), Concatenate")
def _(dest):
    L = keras.layers
    img = keras.Input((32, 32, 3), name="image")
    meta = keras.Input((5,), name="meta")
    h = L.Conv2D(8, 3, strides=2, activation="relu")(img)
    h = L.GlobalAveragePooling2D()(h)
    h = L.Concatenate()([h, L.Dense(8, activation="relu")(meta)])
    cls = L.Dense(4, activation="softmax", name="cls")(h)
    reg = L.Dense(1, name="reg")(h)
    keras.Model([img, meta], [cls, reg]).export(str(dest), verbose=False)


@model("frozen_pbtxt_mlp", "frozen_pbtxt",
       "TF1 MLP frozen and written as a text GraphDef (.pbtxt): placeholder, matmul/add/tanh, softmax")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 12], name="input")
        h = tf1_dense(x, 12, 16, "hidden", tf.nn.tanh, seed=100)
        tf.nn.softmax(tf1_dense(h, 16, 3, "out", seed=102), name="probabilities")
        sess.run(tf.compat.v1.global_variables_initializer())
        write_pb(freeze_tf1(sess, ["probabilities"]), dest, "model.pbtxt", as_text=True)


# ============================================================================= one hazard each

@model("keras_mc_dropout", "keras_export",
       "Keras MLP with Monte-Carlo dropout left on at inference: Dropout(0.3)(x, training=True) in the functional graph")
def _(dest):
    L = keras.layers
    x = keras.Input((16,), name="x")
    h = L.Dense(32, activation="relu")(x)
    h = L.Dropout(0.3)(h, training=True)
    y = L.Dense(1)(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("module_tf_print_debug", "tf_module",
       "tf.Module dense classifier with a debugging tf.print of the batch shape and max score left in the serving function")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(10, 3, seed=110))

        @tf.function(input_signature=[spec([None, 10], name="x")])
        def __call__(self, x):
            p = tf.nn.softmax(tf.matmul(x, self.k))
            tf.print("batch", tf.shape(x), "max score", tf.reduce_max(p))
            return {"probs": p}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_kalman_matrix_inverse", "tf_module",
       "tf.Module Kalman-gain step on [None,4,4] covariances: tf.linalg.inv, batched matmul")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.h = tf.constant(np.eye(4, dtype=np.float32))
            self.r = tf.constant(np.eye(4, dtype=np.float32) * 0.1)

        @tf.function(input_signature=[spec([None, 4, 4], name="P"), spec([None, 4], name="innovation")])
        def __call__(self, p, innov):
            s = tf.matmul(tf.matmul(self.h, p), self.h, transpose_b=True) + self.r
            k = tf.matmul(p, tf.linalg.inv(s))
            return {"correction": tf.linalg.matvec(k, innov)}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_unique_token_counts", "tf_module",
       "tf.Module bag-of-words counter: tf.unique_with_counts on a 1-D int32 token vector (output size depends on the data)")
def _(dest):
    class M(tf.Module):
        @tf.function(input_signature=[spec([None], tf.int32, name="tokens")])
        def __call__(self, t):
            y, _idx, counts = tf.unique_with_counts(t)
            return {"vocab": y, "counts": counts}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_score_threshold_mask", "tf_module",
       "tf.Module detection post-processing keeping boxes with score > 0.5 via tf.boolean_mask (data-dependent count)")
def _(dest):
    class M(tf.Module):
        @tf.function(input_signature=[spec([None, 50, 4], name="boxes"), spec([None, 50], name="scores")])
        def __call__(self, boxes, scores):
            keep = scores > 0.5
            return {"boxes": tf.boolean_mask(boxes, keep), "scores": tf.boolean_mask(scores, keep)}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_reshape_by_argument", "tf_module",
       "tf.Module framing a flat [None,240] signal into `frames` rows, with `frames` an int32 scalar passed at call "
       "time (tf.reshape to a value-dependent shape), mean per frame")
def _(dest):
    class M(tf.Module):
        @tf.function(input_signature=[spec([None, 240], name="signal"), spec([], tf.int32, name="frames")])
        def __call__(self, x, frames):
            y = tf.reshape(x, tf.stack([tf.shape(x)[0], frames, -1]))
            return {"frame_means": tf.reduce_mean(y, axis=2)}

    m = M()
    save_module(m, dest, m.__call__)


@model("frozen_pb_device_pins", "frozen_pb",
       "TF1 frozen .pb whose nodes keep hard-coded device pins: /device:GPU:0 on the dense layers, /job:worker/"
       "task:0/device:CPU:0 on the embedding lookup")
def _(dest):
    config = tf.compat.v1.ConfigProto(allow_soft_placement=True)
    with tf.Graph().as_default(), tf.compat.v1.Session(config=config) as sess:
        ids = tf.compat.v1.placeholder(tf.int32, [None, 10], name="ids")
        with tf.device("/device:CPU:0"):  # the cluster job is written in after freezing (not placeable here)
            emb = tf1_var("embedding", [500, 16], 120)
            e = tf.reduce_mean(tf.nn.embedding_lookup(emb, ids), axis=1)
        with tf.device("/device:GPU:0"):
            h = tf1_dense(e, 16, 16, "fc1", tf.nn.relu, seed=121)
            tf.nn.softmax(tf1_dense(h, 16, 4, "fc2", seed=123), name="output")
        sess.run(tf.compat.v1.global_variables_initializer())
        gd = freeze_tf1(sess, ["output"])
    for n in gd.node:
        if n.device == "/device:CPU:0":
            n.device = "/job:worker/task:0/device:CPU:0"
    assert any(n.device.endswith("GPU:0") for n in gd.node)
    write_pb(gd, dest, "pinned.pb")


@model("tf1_pb_unfrozen_vars", "tf1_pb_unfrozen",
       "TF1 GraphDef .pb written with tf.io.write_graph(sess.graph_def) without freezing: VariableV2 nodes, their "
       "Assign initializers, a 2-layer MLP")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 8], name="input")
        h = tf1_dense(x, 8, 16, "fc1", tf.nn.relu, seed=130)
        tf.identity(tf1_dense(h, 16, 2, "fc2", seed=132), name="output")
        sess.run(tf.compat.v1.global_variables_initializer())
        write_pb(sess.graph.as_graph_def(), dest, "model.pb")


@model("module_vocab_lookup", "tf_module",
       "tf.Module taking string tokens [None,8]: tf.lookup.StaticVocabularyTable (KeyValueTensorInitializer, 1 OOV "
       "bucket), embedding gather, mean, dense")
def _(dest):
    vocab = ["the", "a", "cat", "dog", "sat", "ran", "on", "mat", "fast", "slow"]

    class M(tf.Module):
        def __init__(self):
            init = tf.lookup.KeyValueTensorInitializer(tf.constant(vocab), tf.range(len(vocab), dtype=tf.int64))
            self.table = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=1)
            self.emb = tf.Variable(w(len(vocab) + 1, 8, seed=140))
            self.k = tf.Variable(w(8, 2, seed=141))

        @tf.function(input_signature=[spec([None, 8], tf.string, name="tokens")])
        def __call__(self, tokens):
            ids = self.table.lookup(tokens)
            e = tf.reduce_mean(tf.gather(self.emb, ids), axis=1)
            return {"logits": tf.matmul(e, self.k)}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_text_hash_ragged", "tf_module",
       "tf.Module on raw sentences (string [None]): tf.strings.lower, tf.strings.split (ragged), "
       "to_hash_bucket_fast, embedding gather on ragged ids, ragged mean, dense")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.emb = tf.Variable(w(1000, 16, seed=150))
            self.k = tf.Variable(w(16, 3, seed=151))

        @tf.function(input_signature=[spec([None], tf.string, name="text")])
        def __call__(self, text):
            toks = tf.strings.split(tf.strings.lower(text))
            ids = tf.strings.to_hash_bucket_fast(toks, 1000)
            e = tf.ragged.map_flat_values(tf.gather, self.emb, ids)
            pooled = tf.reduce_mean(e, axis=1)
            return {"logits": tf.matmul(pooled, self.k)}

    m = M()
    save_module(m, dest, m.__call__)


@model("frozen_pb_tf1_while_rnn", "frozen_pb",
       "TF1 frozen .pb of a hand-written RNN using tf.compat.v1.while_loop with v1 control flow (Enter/Merge/Switch/"
       "NextIteration/Exit) and a v1 TensorArray over 10 steps")
def _(dest):
    tf.compat.v1.disable_control_flow_v2()
    try:
        with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
            x = tf.compat.v1.placeholder(tf.float32, [None, 10, 8], name="sequence")
            wx, wh = tf1_var("wx", [8, 16], 160), tf1_var("wh", [16, 16], 161)
            xs = tf.TensorArray(tf.float32, size=10).unstack(tf.transpose(x, [1, 0, 2]))
            h0 = tf.zeros([tf.shape(x)[0], 16])

            def body(i, h):
                return i + 1, tf.tanh(tf.matmul(xs.read(i), wx) + tf.matmul(h, wh))

            _, h = tf.compat.v1.while_loop(lambda i, h: i < 10, body, [tf.constant(0), h0])
            tf.identity(tf1_dense(h, 16, 2, "head", seed=162), name="output")
            sess.run(tf.compat.v1.global_variables_initializer())
            gd = freeze_tf1(sess, ["output"])
    finally:
        tf.compat.v1.enable_control_flow_v2()
    assert any(n.op == "Enter" for n in gd.node), "expected v1 control flow"
    write_pb(gd, dest, "rnn.pb")


@model("module_ragged_row_lengths", "tf_module",
       "tf.Module pooling variable-length sequences given flat values + row_lengths: tf.RaggedTensor.from_row_lengths, "
       "ragged reduce_mean")
def _(dest):
    class M(tf.Module):
        @tf.function(input_signature=[spec([None, 4], name="values"), spec([None], tf.int64, name="row_lengths")])
        def __call__(self, values, lengths):
            rt = tf.RaggedTensor.from_row_lengths(values, lengths)
            return {"pooled": tf.reduce_mean(rt, axis=1)}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_custom_gradient", "tf_module",
       "tf.Module whose forward pass goes through a @tf.custom_gradient function (gradient-clipping identity and "
       "safe log), saved with its custom gradients")
def _(dest):
    @tf.custom_gradient
    def clip_grad(x):
        return tf.identity(x), lambda dy: tf.clip_by_norm(dy, 1.0)

    @tf.custom_gradient
    def safe_log(x):
        return tf.math.log(tf.maximum(x, 1e-6)), lambda dy: dy / tf.maximum(x, 1e-6)

    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(8, 4, seed=170))

        @tf.function(input_signature=[spec([None, 8], name="x")])
        def __call__(self, x):
            h = clip_grad(tf.matmul(x, self.k))
            return {"y": safe_log(tf.nn.softplus(h))}

    m = M()
    tf.saved_model.save(m, str(dest), signatures=m.__call__,
                        options=tf.saved_model.SaveOptions(experimental_custom_gradients=True))


@model("module_py_function", "tf_module",
       "tf.Module calling back into Python with tf.py_function (a numpy post-processing step) inside the serving function")
def _(dest):
    def np_round_probs(p):
        return np.round(p.numpy(), 3).astype(np.float32)

    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(6, 3, seed=180))

        @tf.function(input_signature=[spec([None, 6], name="x")])
        def __call__(self, x):
            p = tf.nn.softmax(tf.matmul(x, self.k))
            r = tf.py_function(np_round_probs, [p], tf.float32)
            r.set_shape(p.shape)
            return {"probs": r}

    m = M()
    save_module(m, dest, m.__call__)


@model("tf1_savedmodel_float64", "tf1_savedmodel",
       "TF1 SavedModel regression ported from scikit-learn, entirely float64: float64 placeholder, ref variables, "
       "matmul, tanh, sigmoid")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float64, [None, 7], name="x")
        h = tf1_dense(x, 7, 10, "hidden", tf.tanh, seed=190, dtype=tf.float64)
        y = tf.sigmoid(tf1_dense(h, 10, 1, "out", seed=192, dtype=tf.float64), name="y")
        sess.run(tf.compat.v1.global_variables_initializer())
        tf1_builder_save(sess, dest, [(["serve"], {"serving_default": predict_sig({"x": x}, {"y": y})})])


@model("frozen_pb_complex_fft_filter", "frozen_pb",
       "TF2 function frozen to a .pb: FFT band-pass filter on a [1,256] signal (tf.complex, tf.signal.fft, multiply by "
       "a complex64 response, ifft, tf.math.real)")
def _(dest):
    resp = (np.exp(-((np.arange(256) - 40.0) ** 2) / 200.0) * np.exp(1j * 0.1)).astype(np.complex64)

    @tf.function(input_signature=[spec([1, 256], name="signal")])
    def f(x):
        spec_ = tf.signal.fft(tf.complex(x, tf.zeros_like(x)))
        return tf.math.real(tf.signal.ifft(spec_ * tf.constant(resp)))

    write_pb(freeze_tf2(f.get_concrete_function()), dest, "fft_filter.pb")


@model("module_random_augment_two_sigs", "tf_module_multi",
       "tf.Module with serving_default (plain CNN scoring) and an `augment` signature left in for test-time "
       "augmentation: tf.image.random_flip_left_right, tf.random.normal noise")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(3, 3, 3, 4, seed=200))
            self.d = tf.Variable(w(4, 2, seed=201))

        def _score(self, x):
            h = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(x, self.k, 1, "SAME")), axis=[1, 2])
            return tf.matmul(h, self.d)

        @tf.function(input_signature=[spec([None, 32, 32, 3], name="image")])
        def predict(self, x):
            return {"logits": self._score(x)}

        @tf.function(input_signature=[spec([None, 32, 32, 3], name="image")])
        def augment(self, x):
            x = tf.image.random_flip_left_right(x)
            x = x + tf.random.normal(tf.shape(x), stddev=0.05)
            return {"logits": self._score(x)}

    m = M()
    save_module(m, dest, {"serving_default": m.predict, "augment": m.augment})


@model("module_nms_postprocess", "tf_module",
       "tf.Module detector post-processing: tf.image.non_max_suppression (max 10 boxes, IoU 0.5, score 0.3) on 100 "
       "boxes, gather of the kept boxes")
def _(dest):
    class M(tf.Module):
        @tf.function(input_signature=[spec([100, 4], name="boxes"), spec([100], name="scores")])
        def __call__(self, boxes, scores):
            keep = tf.image.non_max_suppression(boxes, scores, 10, iou_threshold=0.5, score_threshold=0.3)
            return {"boxes": tf.gather(boxes, keep), "scores": tf.gather(scores, keep)}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_scatter_bev_grid", "tf_module",
       "tf.Module PointPillars-style scatter: tf.tensor_scatter_nd_add of [None,8] point features at [None,2] grid "
       "indices into a 32x32x8 canvas, then Conv2D")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(3, 3, 8, 4, seed=210))

        @tf.function(input_signature=[spec([None, 2], tf.int32, name="cell"), spec([None, 8], name="features")])
        def __call__(self, idx, feats):
            canvas = tf.tensor_scatter_nd_add(tf.zeros([32, 32, 8]), idx, feats)
            return {"bev": tf.nn.conv2d(canvas[None], self.k, 1, "SAME")}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_graph_segment_readout", "tf_module",
       "tf.Module GNN readout: per-node features pooled per graph with tf.math.segment_sum over sorted segment ids "
       "(number of graphs depends on the ids), dense head")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(16, 1, seed=220))

        @tf.function(input_signature=[spec([None, 16], name="node_features"), spec([None], tf.int32, name="graph_ids")])
        def __call__(self, x, ids):
            return {"graph_score": tf.matmul(tf.math.segment_sum(x, ids), self.k)}

    m = M()
    save_module(m, dest, m.__call__)


@model("keras_string_lookup", "keras_export",
       "Keras model taking 4 string categorical features: StringLookup layer (vocabulary of 6), Embedding, "
       "Flatten, Dense")
def _(dest):
    L = keras.layers
    x = keras.Input((4,), dtype="string", name="categories")
    ids = L.StringLookup(vocabulary=["red", "green", "blue", "small", "medium", "large"])(x)
    h = L.Flatten()(L.Embedding(7, 4)(ids))
    y = L.Dense(1, activation="sigmoid")(h)
    keras.Model(x, y).export(str(dest), verbose=False)


@model("meta_ckpt_training_graph", "meta_ckpt",
       "TF1 .meta + checkpoint saved from the training loop: dropout on a keep_prob placeholder_with_default, labels "
       "placeholder, softmax cross-entropy, Adam optimizer slots and update ops, global_step")
def _(dest):
    dest.mkdir(parents=True)
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        x = tf.compat.v1.placeholder(tf.float32, [None, 20], name="x")
        labels = tf.compat.v1.placeholder(tf.int64, [None], name="labels")
        keep = tf.compat.v1.placeholder_with_default(1.0, [], name="keep_prob")
        h = tf1_dense(x, 20, 32, "fc1", tf.nn.relu, seed=230)
        h = tf.compat.v1.nn.dropout(h, keep_prob=keep)
        logits = tf1_dense(h, 32, 5, "fc2", seed=232)
        tf.nn.softmax(logits, name="probs")
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits), name="loss")
        step = tf.compat.v1.train.get_or_create_global_step()
        tf.compat.v1.train.AdamOptimizer(1e-3).minimize(loss, global_step=step, name="train_op")
        sess.run(tf.compat.v1.global_variables_initializer())
        tf.compat.v1.train.Saver(save_relative_paths=True).save(sess, str(dest / "model.ckpt"), global_step=step)


@model("tf1_savedmodel_decode_jpeg", "tf1_savedmodel",
       "TF1 SavedModel serving encoded images (TF Serving style): string [None] of JPEG bytes, tf.map_fn of "
       "decode_jpeg + resize to 64x64, conv, dense")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        b = tf.compat.v1.placeholder(tf.string, [None], name="image_bytes")

        def decode(s):
            img = tf.image.decode_jpeg(s, channels=3)
            return tf.image.resize(tf.cast(img, tf.float32) / 255.0, [64, 64])

        imgs = tf.map_fn(decode, b, fn_output_signature=tf.float32)
        imgs.set_shape([None, 64, 64, 3])
        h = tf.reduce_mean(tf.nn.relu(tf1_conv(imgs, 3, 8, "conv", stride=2, seed=240)), axis=[1, 2])
        y = tf.nn.softmax(tf1_dense(h, 8, 3, "fc", seed=242), name="probs")
        sess.run(tf.compat.v1.global_variables_initializer())
        tf1_builder_save(sess, dest, [(["serve"], {"serving_default": predict_sig({"image_bytes": b}, {"probs": y})})])


@model("module_greedy_decode_loop", "tf_module",
       "tf.Module greedy decoder: tf.while_loop until EOS or `max_len` (an int32 input), growing a dynamic-size "
       "TensorArray of token ids")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.emb = tf.Variable(w(20, 16, seed=250))
            self.wh = tf.Variable(w(16, 16, seed=251))
            self.out = tf.Variable(w(16, 20, seed=252))

        @tf.function(input_signature=[spec([None, 16], name="state"), spec([], tf.int32, name="max_len")])
        def __call__(self, h, max_len):
            batch = tf.shape(h)[0]
            ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
            tok = tf.zeros([batch], tf.int32)
            done = tf.zeros([batch], tf.bool)

            def cond(i, h, tok, done, ta):
                return tf.logical_and(i < max_len, tf.logical_not(tf.reduce_all(done)))

            def body(i, h, tok, done, ta):
                h = tf.tanh(tf.matmul(h, self.wh) + tf.gather(self.emb, tok))
                tok = tf.argmax(tf.matmul(h, self.out), axis=-1, output_type=tf.int32)
                return i + 1, h, tok, tf.logical_or(done, tok == 1), ta.write(i, tok)

            _, _, _, _, ta = tf.while_loop(cond, body, [0, h, tok, done, ta])
            return {"tokens": tf.transpose(ta.stack())}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_sparse_features", "tf_module",
       "tf.Module turning a dense [None,200] multi-hot vector into a SparseTensor (tf.sparse.from_dense) and "
       "multiplying with tf.sparse.sparse_dense_matmul")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(200, 8, seed=260))

        @tf.function(input_signature=[spec([None, 200], name="multi_hot")])
        def __call__(self, x):
            sp = tf.sparse.from_dense(x)
            return {"embedding": tf.sparse.sparse_dense_matmul(sp, self.k)}

    m = M()
    save_module(m, dest, m.__call__)


@model("module_stateful_request_counter", "tf_module_multi",
       "tf.Module whose serving_default also increments a request-counter variable (AssignAddVariableOp) and returns "
       "it; a second `reset` signature assigns it to zero")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(5, 2, seed=270))
            self.count = tf.Variable(0, dtype=tf.int64)

        @tf.function(input_signature=[spec([None, 5], name="x")])
        def predict(self, x):
            n = self.count.assign_add(tf.cast(tf.shape(x)[0], tf.int64))
            return {"y": tf.matmul(x, self.k), "served": n}

        @tf.function(input_signature=[])
        def reset(self):
            self.count.assign(0)
            return {"served": self.count.read_value()}

    m = M()
    save_module(m, dest, {"serving_default": m.predict, "reset": m.reset})


@model("module_sample_next_token", "tf_module",
       "tf.Module language-model head sampling the next token: logits / temperature (a float input), "
       "tf.random.categorical")
def _(dest):
    class M(tf.Module):
        def __init__(self):
            self.k = tf.Variable(w(32, 50, seed=280))

        @tf.function(input_signature=[spec([None, 32], name="hidden"), spec([], name="temperature")])
        def __call__(self, h, temp):
            logits = tf.matmul(h, self.k) / temp
            return {"next_token": tf.random.categorical(logits, 1, dtype=tf.int32)}

    m = M()
    save_module(m, dest, m.__call__)


@model("tf1_savedmodel_vocab_table", "tf1_savedmodel",
       "TF1 SavedModel (Estimator-style) with a string feature looked up in a tf.lookup.StaticVocabularyTable, "
       "initialized by a tables_initializer main_op; one-hot, dense")
def _(dest):
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        s = tf.compat.v1.placeholder(tf.string, [None], name="country")
        keys = tf.constant(["us", "de", "fr", "jp", "br"])
        table = tf.lookup.StaticVocabularyTable(
            tf.lookup.KeyValueTensorInitializer(keys, tf.range(5, dtype=tf.int64)), num_oov_buckets=1)
        onehot = tf.one_hot(table.lookup(s), 6)
        y = tf.sigmoid(tf1_dense(onehot, 6, 1, "fc", seed=290), name="prob")
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.tables_initializer()])
        tf1_builder_save(sess, dest, [(["serve"], {"serving_default": predict_sig({"country": s}, {"prob": y})})],
                         main_op=tf.compat.v1.tables_initializer())


# ============================================================================= driver

def manifest_line(e: Entry) -> str:
    return f"{e.name} | {e.kind} | {e.what}"


def check_loads(path: Path) -> str:
    """'' if TensorFlow loads the model, else the reason."""
    from tensorflow.core.protobuf import saved_model_pb2

    try:
        if (path / "saved_model.pb").is_file():
            sm = saved_model_pb2.SavedModel()
            sm.ParseFromString((path / "saved_model.pb").read_bytes())
            for mg in sm.meta_graphs:
                tags = list(mg.meta_info_def.tags)
                loaded = tf.saved_model.load(str(path), tags=tags)
                if not list(loaded.signatures.keys()):
                    return f"tags {tags}: no signatures"
            return ""
        metas = list(path.glob("*.meta"))
        if metas:
            with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
                saver = tf.compat.v1.train.import_meta_graph(str(metas[0]))
                saver.restore(sess, tf.train.latest_checkpoint(str(path)) or str(metas[0])[: -len(".meta")])
            return ""
        for f in list(path.glob("*.pb")) + list(path.glob("*.pbtxt")):
            gd = tf.compat.v1.GraphDef()
            if f.suffix == ".pbtxt":
                from google.protobuf import text_format

                text_format.Parse(f.read_text(), gd)
            else:
                gd.ParseFromString(f.read_bytes())
            with tf.Graph().as_default():
                tf.graph_util.import_graph_def(gd, name="")
            return ""
        return "nothing to load"
    except Exception as e:  # noqa: BLE001
        return f"{type(e).__name__}: {' '.join(str(e).split())[:300]}"


def main() -> int:
    global tf, keras
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="build only these (default: all)")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    ap.add_argument("--force", action="store_true", help="rebuild models that exist")
    ap.add_argument("--check", action="store_true", help="after building, load every model with TensorFlow")
    args = ap.parse_args()
    unknown = [n for n in args.names if n not in MODELS]
    if unknown:
        ap.error(f"unknown model(s): {', '.join(unknown)}")

    import tensorflow as _tf
    import keras as _keras

    tf, keras = _tf, _keras
    tf.get_logger().setLevel("ERROR")
    tf.autograph.set_verbosity(0)
    keras.utils.set_random_seed(0)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    failed = []
    for name in args.names or list(MODELS):
        e = MODELS[name]
        dest = out / name
        if dest.exists() and not args.force:
            print(f"skip   {name} (exists)")
            continue
        tmp = out / f".tmp-{name}"
        shutil.rmtree(tmp, ignore_errors=True)
        t0 = time.perf_counter()
        try:
            e.build(tmp)
            if not tmp.exists():
                raise RuntimeError("builder wrote nothing")
        except Exception:  # noqa: BLE001 - one broken builder must not stop the others
            shutil.rmtree(tmp, ignore_errors=True)
            failed.append(name)
            print(f"FAILED {name}\n{traceback.format_exc()}", file=sys.stderr)
            continue
        shutil.rmtree(dest, ignore_errors=True)
        tmp.rename(dest)
        print(f"built  {name} ({e.kind}) in {time.perf_counter() - t0:.1f} s")

    (out / "MANIFEST.txt").write_text("".join(manifest_line(e) + "\n" for e in MODELS.values()))

    if args.check:
        for name in args.names or list(MODELS):
            if (out / name).exists():
                why = check_loads(out / name)
                print(f"{'loads ' if not why else 'NOLOAD'} {name}{'' if not why else ': ' + why}")
    if failed:
        print(f"{len(failed)} failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
