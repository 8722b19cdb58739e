"""Build an independently made corpus into bench/out/fresh26/: models that projects publish for FULL-INTEGER (int8)
deployment on microcontrollers and edge accelerators, written and exported the way those projects do it, BEFORE
conversion -- the float SavedModels and frozen GraphDefs someone would feed to the TFLite converter with a
representative dataset and TFLITE_BUILTINS_INT8.

Covered: MLPerf Tiny reference models (DS-CNN keyword spotting on MFCC, MobileNetV1 0.25 visual wake words,
ResNet-8 CIFAR-10, the FC autoencoder for anomaly detection on 640 log-mel values); TFLite Micro examples (micro_speech
tiny_conv as a TF1 frozen graph, person detection MobileNet on 96x96 grayscale, magic_wand accelerometer CNN,
hello_world sine MLP); Edge Impulse-style blocks (spectral-features Dense net, MFE + Reshape + Conv1D, an in-graph
spectral-analysis front end with rfft / log10 / RMS); Coral-style classifiers (MobileNetV2 with a uint8 input,
MobileNetV3-Small minimalistic and full with hard-swish / squeeze-excite, EfficientNet-lite MBConv) and detection heads
without NMS (SSD MobileNet raw box encodings / class predictions, BlazeFace regressors / classificators, YOLO-fastest
raw grids); keyword spotting with the MFCC front end in the graph (float waveform, int16 PCM with hand-written
framing / hann / rfft / mel), PCEN with tf.scan, CRNN GRU and a keyword transformer (KWT); a tiny U-Net with softmax
and argmax outputs; hand-landmark and MoveNet-like soft-argmax pose regressors; predictive maintenance on vibration
windows (adapted Normalization, RMS / crest-factor Lambdas, an FFT autoencoder with an anomaly threshold, an LSTM RUL
regressor); a HAR transformer and an ECG Conv1D net with BatchNormalization after Dense; Keras preprocessing layers in
the model (Resizing, Rescaling, Normalization); uint8 / int8 / int16 inputs cast inside and a uint8 score output;
softmax + argmax outputs; Dropout, a training flag and tf.print left in, Monte-Carlo dropout in the serving function;
batch norm not folded (FusedBatchNorm in TF1 graphs, a hand-written (x - mean) / sqrt(var + eps) normalization,
tf.nn.batch_normalization); Lambda ops (Mish, l2_normalize, channel tf.pad); ops int8 handles badly as people write
them (LayerNormalization, exact GELU, exp / log / pow / division / reciprocal / sqrt, manual softmax); multi-input and
multi-output signatures; Keras 3 model.export and keras.export.ExportArchive (float and int8 endpoints),
tf.saved_model.save of Keras models with and without a tf.function signature, tf.Modules with
tf.function(input_signature=...), TF1 SavedModelBuilder graphs and frozen GraphDefs (graph_util
convert_variables_to_constants and convert_variables_to_constants_v2). Mostly fixed batch-1 signatures, a few with a
None batch. Tiny widths, seeded random weights (a short fit where the recipe trains or a layer adapts); nothing is
downloaded; no outcomes are recorded here. Uses only the project venv (Keras 3; tf_keras is not installed there).

    .venv/bin/python scripts/build_corpus_fresh26.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh26.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh26.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh26.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh26.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export, serve_module, tensor_spec,
                           tf1_saved_model)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh26", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _conv_bn(x, f, k=3, s=1, act="relu", bias=False):
    """Conv2D + BatchNormalization (+ activation), as every MCU / Coral recipe writes it"""
    x = L.BatchNormalization()(L.Conv2D(f, k, strides=s, padding="same", use_bias=bias)(x))
    return L.Activation(act)(x) if act else x


def _dw_sep(x, f, s=1, act="relu", k=3):
    """MobileNet-v1 depthwise k x k + pointwise 1x1, each followed by BatchNormalization + activation"""
    x = L.Activation(act)(L.BatchNormalization()(L.DepthwiseConv2D(k, strides=s, padding="same", use_bias=False)(x)))
    return L.Activation(act)(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))


def _log_mel(wave, frame_length=640, frame_step=320, fft_length=1024, mel_bins=40, sr=16000, lo=20.0, hi=4000.0,
             eps=1e-6):
    """[..., samples] float waveform -> [..., frames, mel_bins]: |tf.signal.stft|, mel weight matmul, log(x + eps)"""
    spec = tf.abs(tf.signal.stft(wave, frame_length, frame_step, fft_length))
    mel_w = tf.signal.linear_to_mel_weight_matrix(mel_bins, fft_length // 2 + 1, sr, lo, hi)
    return tf.math.log(tf.matmul(spec, mel_w) + eps)


def _tf1_freeze(out, build, outputs):
    """A TF1 graph frozen as the TF1 tutorials do: `build()` makes a fresh graph (random seed 0), variables are
    initialized in a Session and tf.compat.v1.graph_util.convert_variables_to_constants keeps `outputs`."""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        build()
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), outputs)
    out.write_bytes(frozen.SerializeToString())


def _v1_var(name, shape, stddev=None, value=None):
    """tf.compat.v1.get_variable with a truncated-normal (He by default) or constant initializer"""
    v1 = tf.compat.v1
    if value is not None:
        return v1.get_variable(name, shape, initializer=v1.constant_initializer(value))
    if stddev is None:
        stddev = float(np.sqrt(2.0 / max(1, int(np.prod(shape[:-1])))))
    return v1.get_variable(name, shape, initializer=v1.truncated_normal_initializer(stddev=stddev))


def _v1_dense(x, name, cin, cout):
    with tf.compat.v1.variable_scope(name):
        return tf.matmul(x, _v1_var("weights", [cin, cout], stddev=0.05)) + _v1_var("biases", [cout], value=0.0)


def _fit(m, x, y, loss, epochs=1, batch_size=32):
    """the short model.fit a training recipe runs before export (random data; it only moves the weights)"""
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss=loss)
    m.fit(x, y, epochs=epochs, batch_size=batch_size, verbose=0)


# ================================================================================ MLPerf Tiny reference models

@model("w_mlperf_kws_ds_cnn_batch1", "keras-export", "MLPerf Tiny keyword-spotting DS-CNN (keras_model.py recipe, width 16), fixed float MFCC [1,49,10,1]: Conv2D((10,4), stride 2, l2 regularizer) + BatchNormalization + ReLU + Dropout(0.2), 4 x (DepthwiseConv2D 3x3 + BN + ReLU, Conv2D 1x1 + BN + ReLU), Dropout(0.4), AveragePooling2D(25x5), Flatten, Dense(12, softmax); model.export with the batch-1 signature")
def b_mlperf_kws(out):
    reg = keras.regularizers.l2(1e-4)
    inp = keras.Input((49, 10, 1), batch_size=1, name="input_1")
    x = L.Conv2D(16, (10, 4), strides=(2, 2), padding="same", kernel_regularizer=reg)(inp)
    x = L.Dropout(0.2)(L.Activation("relu")(L.BatchNormalization()(x)))
    for _ in range(4):
        x = L.DepthwiseConv2D((3, 3), padding="same", depthwise_regularizer=reg)(x)
        x = L.Activation("relu")(L.BatchNormalization()(x))
        x = L.Conv2D(16, (1, 1), padding="same", kernel_regularizer=reg)(x)
        x = L.Activation("relu")(L.BatchNormalization()(x))
    x = L.Flatten()(L.AveragePooling2D(pool_size=(25, 5))(L.Dropout(0.4)(x)))
    keras_export(keras.Model(inp, L.Dense(12, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("w_mlperf_vww_mobilenet_v1_025", "keras-export", "MLPerf Tiny visual-wake-words MobileNetV1 alpha 0.25 written out by hand (num_filters 8), fixed float [1,96,96,3]: Conv2D 3x3 stride 2 + BN + ReLU, 13 depthwise-separable blocks (DepthwiseConv2D + BN + ReLU, Conv2D 1x1 + BN + ReLU; 16..256 channels, strides 2 at 32 / 64 / 128 / 256), AveragePooling2D over the 3x3 map, Flatten, Dense(2, softmax); model.export")
def b_mlperf_vww(out):
    inp = keras.Input((96, 96, 3), batch_size=1, name="input_1")
    x = _conv_bn(inp, 8, 3, 2)
    for f, s in ((16, 1), (32, 2), (32, 1), (64, 2), (64, 1), (128, 2), (128, 1), (128, 1), (128, 1), (128, 1),
                 (128, 1), (256, 2), (256, 1)):
        x = _dw_sep(x, f, s)
    x = L.Flatten()(L.AveragePooling2D(pool_size=x.shape[1:3])(x))
    keras_export(keras.Model(inp, L.Dense(2, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("w_mlperf_ic_resnet8_saved", "saved-model", "MLPerf Tiny image-classification ResNet-8 (CIFAR-10, widths 8/16/32), float [None,32,32,3]: Conv2D(he_normal, l2) + BN + ReLU, three residual stacks (Conv2D + BN + ReLU, Conv2D + BN, 1x1 stride-2 projection shortcut in stacks 2-3, add, ReLU), AveragePooling2D(8), Flatten, Dense(10, softmax); saved with plain tf.saved_model.save(model, path) (default signature, dynamic batch)")
def b_mlperf_resnet8(out):
    reg = keras.regularizers.l2(1e-4)

    def conv(x, f, k=3, s=1):
        return L.Conv2D(f, k, strides=s, padding="same", kernel_initializer="he_normal", kernel_regularizer=reg)(x)
    inputs = keras.Input((32, 32, 3))
    x = L.Activation("relu")(L.BatchNormalization()(conv(inputs, 8)))
    for f, s in ((8, 1), (16, 2), (32, 2)):
        y = L.Activation("relu")(L.BatchNormalization()(conv(x, f, s=s)))
        y = L.BatchNormalization()(conv(y, f))
        if s > 1:
            x = conv(x, f, k=1, s=s)
        x = L.Activation("relu")(L.add([x, y]))
    x = L.Flatten()(L.AveragePooling2D(pool_size=int(np.amin(x.shape[1:3])))(x))
    m = keras.Model(inputs, L.Dense(10, activation="softmax", kernel_initializer="he_normal")(x))
    tf.saved_model.save(m, str(out))


@model("w_mlperf_ad_fc_autoencoder_frozen", "frozen-pb", "MLPerf Tiny anomaly-detection FC autoencoder (ToyADMOS, 5 frames x 128 log-mel = 640 inputs, widths 32 / bottleneck 8), frozen with convert_variables_to_constants_v2 at fixed float [1,640]: 4 x (Dense + BatchNormalization + ReLU), Dense(8) + BN + ReLU, 4 x (Dense + BN + ReLU), Dense(640) linear reconstruction; fit 1 epoch with MSE on random features")
def b_mlperf_ad(out):
    inp = keras.Input((640,), name="input_1")
    x = inp
    for f in (32, 32, 32, 32, 8, 32, 32, 32, 32):
        x = L.Activation("relu")(L.BatchNormalization()(L.Dense(f)(x)))
    m = keras.Model(inp, L.Dense(640)(x))
    feats = np.random.default_rng(1).normal(size=(256, 640)).astype("float32")
    _fit(m, feats, feats, "mean_squared_error", batch_size=64)
    freeze_keras(m, tensor_spec([1, 640], name="input_1"), out)


OUTPUTS["w_mlperf_ad_fc_autoencoder_frozen"] = ["Identity"]


# ================================================================================ TFLite Micro examples

@model("w_micro_speech_tiny_conv_tf1_frozen", "frozen-pb", "TFLite Micro micro_speech 'tiny_conv' as speech_commands/freeze.py writes it (TF1 graph, tf.compat.v1.graph_util.convert_variables_to_constants): placeholder float fingerprint_input [1,1960] (49 x 40 micro-frontend features), reshape [-1,49,40,1], get_variable conv 10x8 (8 filters) stride 2 + bias + relu (the dropout branch only built when training), reshape [-1,4000], matmul + bias to 4 labels, labels_softmax")
def b_micro_speech(out):
    v1 = tf.compat.v1

    def build():
        fingerprint = v1.placeholder(tf.float32, [1, 49 * 40], name="fingerprint_input")
        fp4d = tf.reshape(fingerprint, [-1, 49, 40, 1])
        first_weights = v1.get_variable("first_weights", [10, 8, 1, 8],
                                        initializer=v1.truncated_normal_initializer(stddev=0.01))
        first_bias = v1.get_variable("first_bias", [8], initializer=v1.zeros_initializer())
        first_conv = tf.nn.conv2d(fp4d, first_weights, [1, 2, 2, 1], "SAME") + first_bias
        first_relu = tf.nn.relu(first_conv)
        flattened = tf.reshape(first_relu, [-1, 25 * 20 * 8])
        final_fc_weights = v1.get_variable("final_fc_weights", [25 * 20 * 8, 4],
                                           initializer=v1.truncated_normal_initializer(stddev=0.01))
        final_fc_bias = v1.get_variable("final_fc_bias", [4], initializer=v1.zeros_initializer())
        logits = tf.matmul(flattened, final_fc_weights) + final_fc_bias
        tf.nn.softmax(logits, name="labels_softmax")
    _tf1_freeze(out, build, ["labels_softmax"])


OUTPUTS["w_micro_speech_tiny_conv_tf1_frozen"] = ["labels_softmax"]
FEEDS["w_micro_speech_tiny_conv_tf1_frozen"] = lambda rng: {
    "fingerprint_input": rng.uniform(0.0, 26.0, (1, 1960)).astype("float32")}


@model("w_micro_person_detection_mobilenet_gray", "keras-export", "person-detection model for TFLite Micro, fixed float grayscale [1,96,96,1]: Rescaling(1/127.5, offset=-1) then keras.applications.MobileNet(alpha=0.25, input_shape 96x96x1, weights=None, classes=2) as a nested model (GlobalAveragePooling2D keepdims, Dropout, Conv2D 1x1 classifier, Reshape, softmax); model.export with a batch-1 input_signature")
def b_person_detection(out):
    base = keras.applications.MobileNet(input_shape=(96, 96, 1), alpha=0.25, weights=None, classes=2)
    inp = keras.Input((96, 96, 1), batch_size=1, name="image")
    m = keras.Model(inp, base(L.Rescaling(1.0 / 127.5, offset=-1.0)(inp)))
    keras_export(m, out, keep_fixed_batch=True)


@model("w_micro_magic_wand_accel_cnn", "keras-export", "TFLite Micro magic_wand gesture CNN (train.py build_cnn), float accelerometer [None,128,3,1]: Conv2D(8, (4,3), same, relu), MaxPool2D((3,3)), Dropout(0.1), Conv2D(16, (4,1), same, relu), MaxPool2D((3,1), same), Dropout(0.1), Flatten, Dense(16, relu), Dropout(0.1), Dense(4, softmax); Sequential, model.export with the dynamic batch")
def b_magic_wand(out):
    m = keras.Sequential([
        keras.Input((128, 3, 1)),
        L.Conv2D(8, (4, 3), padding="same", activation="relu"), L.MaxPool2D((3, 3)), L.Dropout(0.1),
        L.Conv2D(16, (4, 1), padding="same", activation="relu"), L.MaxPool2D((3, 1), padding="same"), L.Dropout(0.1),
        L.Flatten(), L.Dense(16, activation="relu"), L.Dropout(0.1), L.Dense(4, activation="softmax"),
    ])
    keras_export(m, out)


@model("w_micro_hello_world_sine_mlp", "keras-export", "TFLite Micro hello_world sine regressor, fixed float [1,1]: Sequential Dense(16, relu), Dense(16, relu), Dense(1), fit 20 epochs (MSE, rmsprop) on 1000 noisy sin(x) samples, x in [0, 2pi]; model.export")
def b_hello_world(out):
    rng = np.random.default_rng(1337)
    x = rng.uniform(0, 2 * np.pi, (1000, 1)).astype("float32")
    y = (np.sin(x) + 0.1 * rng.standard_normal(x.shape)).astype("float32")
    m = keras.Sequential([keras.Input((1,), batch_size=1), L.Dense(16, activation="relu"),
                          L.Dense(16, activation="relu"), L.Dense(1)])
    m.compile(optimizer="rmsprop", loss="mse", metrics=["mae"])
    m.fit(x, y, epochs=20, batch_size=64, verbose=0)
    keras_export(m, out, keep_fixed_batch=True)


# ================================================================================ Edge Impulse-style blocks

@model("w_ei_spectral_features_dense", "keras-export", "Edge Impulse 'spectral analysis' classifier block: fixed float [1,33] DSP feature vector (3 axes x RMS, skew, kurtosis, 8 spectral powers), Dense(20, relu, l1 activity regularizer), Dense(10, relu), Dense(4, softmax); fit 5 epochs on random features; model.export")
def b_ei_spectral(out):
    rng = np.random.default_rng(2)
    inp = keras.Input((33,), batch_size=1, name="x_input")
    x = L.Dense(20, activation="relu", activity_regularizer=keras.regularizers.l1(1e-5))(inp)
    x = L.Dense(10, activation="relu", activity_regularizer=keras.regularizers.l1(1e-5))(x)
    m = keras.Model(inp, L.Dense(4, activation="softmax", name="y_pred")(x))
    _fit(m, rng.normal(size=(320, 33)).astype("float32"), keras.utils.to_categorical(rng.integers(0, 4, 320), 4),
         "categorical_crossentropy", epochs=5)
    keras_export(m, out, keep_fixed_batch=True)


@model("w_ei_mfe_conv1d_reshape", "keras-export", "Edge Impulse audio (MFE) 1-D conv block as the studio generates it: fixed float flattened features [1,3960], Reshape((99, 40)), Conv1D(8, 3, same, relu) + MaxPooling1D(2, 2, same) + Dropout(0.25), Conv1D(16, 3) + MaxPooling1D + Dropout(0.25), Flatten, Dense(3, softmax); model.export")
def b_ei_mfe(out):
    m = keras.Sequential([
        keras.Input((3960,), batch_size=1, name="x_input"),
        L.Reshape((3960 // 40, 40)),
        L.Conv1D(8, kernel_size=3, padding="same", activation="relu"),
        L.MaxPooling1D(pool_size=2, strides=2, padding="same"), L.Dropout(0.25),
        L.Conv1D(16, kernel_size=3, padding="same", activation="relu"),
        L.MaxPooling1D(pool_size=2, strides=2, padding="same"), L.Dropout(0.25),
        L.Flatten(), L.Dense(3, activation="softmax", name="y_pred"),
    ])
    keras_export(m, out, keep_fixed_batch=True)


@model("w_ei_accel_in_graph_spectral_frontend", "tf-module", "accelerometer classifier with an Edge Impulse-like spectral front end moved into the graph, tf.Module signature fixed float accel [1,125,3]: mean removal, RMS = sqrt(mean(x^2)), peak = max|x|, tf.signal.rfft (fft 128) of each axis, power / 128 averaged in 8 bands, log10 as log(x + 1e-10) / log(10); 30 features -> Keras Dense(20, relu), Dense(10, relu), Dense(4, softmax); outputs features and probabilities")
def b_ei_accel_frontend(out):
    inp = keras.Input((30,))
    x = L.Dense(10, activation="relu")(L.Dense(20, activation="relu")(inp))
    net = keras.Model(inp, L.Dense(4, activation="softmax")(x))

    @tf.function(input_signature=[tensor_spec([1, 125, 3], name="accel")])
    def serve(accel):
        x = accel - tf.reduce_mean(accel, axis=1, keepdims=True)
        rms = tf.sqrt(tf.reduce_mean(tf.square(x), axis=1))
        peak = tf.reduce_max(tf.abs(x), axis=1)
        spec = tf.abs(tf.signal.rfft(tf.transpose(x, [0, 2, 1]), fft_length=[128]))
        power = tf.square(spec[..., 1:65]) / 128.0
        bands = tf.reduce_mean(tf.reshape(power, [1, 3, 8, 8]), axis=-1)
        log_bands = tf.math.log(bands + 1e-10) / tf.math.log(10.0)
        feats = tf.concat([rms, peak, tf.reshape(log_bands, [1, 24])], axis=-1)
        return {"features": feats, "probabilities": net(feats, training=False)}
    serve_module(out, {"model": net}, serving_default=serve)


# ================================================================================ Coral / accelerator classifiers

@model("w_coral_mobilenetv2_uint8_input", "keras-export", "Coral-style transfer-learned classifier taking camera frames as uint8 [1,96,96,3]: Rescaling(1/127.5, offset=-1) on the uint8 input (cast inside the layer), keras.applications.MobileNetV2(alpha=0.35, include_top=False, weights=None) nested, GlobalAveragePooling2D, Dropout(0.2), Dense(5, softmax); model.export with the batch-1 signature")
def b_coral_mnv2(out):
    base = keras.applications.MobileNetV2(input_shape=(96, 96, 3), alpha=0.35, include_top=False, weights=None)
    inp = keras.Input((96, 96, 3), batch_size=1, dtype="uint8", name="image")
    x = base(L.Rescaling(1.0 / 127.5, offset=-1.0)(inp), training=False)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(inp, L.Dense(5, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("w_mobilenetv3_small_minimalistic", "keras-export", "keras.applications.MobileNetV3Small(minimalistic=True, alpha=0.75, weights=None, classes=4, include_preprocessing=True) at 96x96 -- the edge-TPU-friendly variant (ReLU, 3x3 kernels, no squeeze-excite) with the Rescaling(1/127.5, -1) kept in the model; float [None,96,96,3] in 0-255, dynamic batch; model.export")
def b_mnv3_min(out):
    m = keras.applications.MobileNetV3Small(input_shape=(96, 96, 3), alpha=0.75, minimalistic=True, weights=None,
                                            classes=4, include_preprocessing=True, dropout_rate=0.2)
    keras_export(m, out)


@model("w_mobilenetv3_small_hardswish_se", "keras-export", "keras.applications.MobileNetV3Small(minimalistic=False, alpha=0.75, weights=None, classes=3) at 96x96: hard-swish (x * ReLU6(x + 3) / 6), squeeze-excite blocks with hard-sigmoid Multiply, 5x5 depthwise kernels, in-model Rescaling; fixed float [1,96,96,3] via a batch-1 input_signature; model.export")
def b_mnv3_full(out):
    m = keras.applications.MobileNetV3Small(input_shape=(96, 96, 3), alpha=0.75, minimalistic=False, weights=None,
                                            classes=3, include_preprocessing=True)
    keras_export(m, out, sig=[tensor_spec([1, 96, 96, 3], name="image")])


@model("w_efficientnet_lite_tiny_mbconv", "keras-export", "EfficientNet-lite-style classifier (lite rules: ReLU6, no squeeze-excite, fixed stem / head), fixed float [1,64,64,3] in [0,1]: stem Conv2D 3x3 s2 + BN + ReLU6, MBConv blocks (1x1 expand x4 + BN + ReLU6, DepthwiseConv2D 3x3 / 5x5 + BN + ReLU6, 1x1 project + BN, residual Add when shapes match), head 1x1 Conv2D(128) + BN + ReLU6, GlobalAveragePooling2D, Dropout(0.2), Dense(10, softmax); model.export")
def b_effnet_lite(out):
    def mbconv(x, f, k, s, expand=4):
        cin = x.shape[-1]
        h = _conv_bn(x, cin * expand, 1, act="relu6") if expand > 1 else x
        h = L.Activation("relu6")(L.BatchNormalization()(
            L.DepthwiseConv2D(k, strides=s, padding="same", use_bias=False)(h)))
        h = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(h))
        return L.Add()([x, h]) if s == 1 and cin == f else h
    inp = keras.Input((64, 64, 3), batch_size=1, name="images")
    x = _conv_bn(inp, 16, 3, 2, "relu6")
    for f, k, s, e in ((8, 3, 1, 1), (12, 3, 2, 4), (12, 3, 1, 4), (20, 5, 2, 4), (20, 5, 1, 4), (40, 3, 2, 4),
                       (40, 3, 1, 4), (56, 5, 1, 4), (96, 5, 2, 4)):
        x = mbconv(x, f, k, s, e)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(_conv_bn(x, 128, 1, act="relu6")))
    keras_export(keras.Model(inp, L.Dense(10, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("w_coral_export_archive_float_and_int8", "keras-export", "small CNN classifier (Conv2D + BN + ReLU x3 with MaxPooling2D, GlobalAveragePooling2D, Dense(6)) exported with keras.export.ExportArchive and two endpoints: serve float [1,64,64,3] -> probabilities (softmax) and class_id (argmax int32); serve_int8 int8 [1,64,64,3] -> (cast + 128) / 255, same net -> probabilities")
def b_archive_int8(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (8, 16, 32):
        x = L.MaxPooling2D()(_conv_bn(x, f))
    m = keras.Model(inp, L.Dense(6)(L.GlobalAveragePooling2D()(x)))

    def serve(images):
        probs = tf.nn.softmax(m(images, training=False))
        return {"probabilities": probs, "class_id": tf.argmax(probs, axis=-1, output_type=tf.int32)}

    def serve_int8(images):
        return {"probabilities": tf.nn.softmax(m((tf.cast(images, tf.float32) + 128.0) / 255.0, training=False))}
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", serve, input_signature=[tensor_spec([1, 64, 64, 3], name="images")])
    archive.add_endpoint("serve_int8", serve_int8, input_signature=[tensor_spec([1, 64, 64, 3], "int8", "images")])
    archive.write_out(str(out), verbose=False)


FEEDS["w_coral_export_archive_float_and_int8"] = {"serve_int8/images": (-128, 128)}


# ================================================================================ detection heads without NMS

@model("w_coral_ssd_mobilenet_raw_head", "keras-export", "SSD MobileNet-style detector exported without the postprocess (the Coral / TFLite 'raw outputs' export), fixed float [1,96,96,3] in [-1,1]: MobileNetV1 depthwise-separable backbone (ReLU6) to 6x6 and 3x3 feature maps, 1x1 + 3x3 extra layer, per-map box predictor Conv2D(anchors*4) and class predictor Conv2D(anchors*4) (3 classes + background, sigmoid); outputs raw box_encodings [1,162,4] and class_predictions [1,162,4]; model.export")
def b_ssd_raw(out):
    inp = keras.Input((96, 96, 3), batch_size=1, name="normalized_input_image_tensor")
    x = _conv_bn(inp, 8, 3, 2, "relu6")
    for f, s in ((16, 1), (24, 2), (24, 1), (32, 2), (32, 1), (48, 2), (48, 1)):
        x = _dw_sep(x, f, s, "relu6")
    f1 = x
    f2 = _conv_bn(_conv_bn(f1, 24, 1, act="relu6"), 48, 3, 2, "relu6")
    boxes, classes = [], []
    for f, a in ((f1, 3), (f2, 6)):
        boxes.append(L.Reshape((-1, 4))(L.Conv2D(a * 4, 1)(f)))
        classes.append(L.Reshape((-1, 4))(L.Conv2D(a * 4, 1)(f)))
    box = L.Concatenate(axis=1, name="box_encodings")(boxes)
    cls = L.Activation("sigmoid", name="class_predictions")(L.Concatenate(axis=1)(classes))
    keras_export(keras.Model(inp, {"box_encodings": box, "class_predictions": cls}), out, keep_fixed_batch=True)


@model("w_blazeface_regressors_classificators", "keras-export", "BlazeFace-style short-range face detector (MediaPipe layout, tiny widths), fixed float [1,128,128,3] in [-1,1]: Conv2D 5x5 s2 + ReLU, BlazeBlocks (DepthwiseConv2D 5x5 + Conv2D 1x1 without bias + BatchNormalization, shortcut with MaxPooling2D(2) on stride 2 and channel zero-padding by a Lambda tf.pad, Add, ReLU) to 16x16 and 8x8 maps; heads 2 anchors on 16x16, 6 on 8x8 concatenated into layers 'regressors' [1,896,16] and 'classificators' [1,896,1] (raw logits, no NMS / decoding), signature outputs output_0 / output_1; model.export")
def b_blazeface(out):
    def blaze_block(x, f, s=1):
        cin = x.shape[-1]
        h = L.DepthwiseConv2D(5, strides=s, padding="same")(x)
        h = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(h))
        sc = L.MaxPooling2D(2)(x) if s == 2 else x
        if f > cin:
            sc = L.Lambda(lambda t, p=f - cin: tf.pad(t, [[0, 0], [0, 0], [0, 0], [0, p]]))(sc)
        return L.ReLU()(L.Add()([h, sc]))
    inp = keras.Input((128, 128, 3), batch_size=1, name="input")
    x = L.ReLU()(L.Conv2D(16, 5, strides=2, padding="same")(inp))
    for f, s in ((16, 1), (16, 1), (24, 2), (24, 1), (32, 2), (32, 1), (32, 1)):
        x = blaze_block(x, f, s)
    f16 = x
    for f, s in ((48, 2), (48, 1), (48, 1)):
        x = blaze_block(x, f, s)
    f8 = x
    reg = [L.Reshape((-1, 16))(L.Conv2D(a * 16, 1)(f)) for f, a in ((f16, 2), (f8, 6))]
    cls = [L.Reshape((-1, 1))(L.Conv2D(a, 1)(f)) for f, a in ((f16, 2), (f8, 6))]
    m = keras.Model(inp, [L.Concatenate(axis=1, name="regressors")(reg),
                          L.Concatenate(axis=1, name="classificators")(cls)])
    keras_export(m, out, keep_fixed_batch=True)


@model("w_yolo_fastest_raw_grids_frozen", "frozen-pb", "YOLO-fastest-like detector for MCUs frozen with convert_variables_to_constants_v2, fixed float [1,96,96,3]: Conv2D + BN + LeakyReLU(0.1) stem, depthwise-separable blocks to 12x12 (route) and 6x6, head 1 Conv2D(3*(5+2)) on 6x6, 1x1 conv + UpSampling2D(nearest) + Concatenate with the route + conv, head 2 on 12x12; two raw grids [1,6,6,21] and [1,12,12,21] (no sigmoid / decode / NMS)")
def b_yolo_fastest(out):
    def cbl(x, f, k=3, s=1):
        return L.LeakyReLU(negative_slope=0.1)(L.BatchNormalization()(
            L.Conv2D(f, k, strides=s, padding="same", use_bias=False)(x)))

    def dw(x, f, s):
        x = L.LeakyReLU(negative_slope=0.1)(L.BatchNormalization()(
            L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(x)))
        return cbl(x, f, 1)
    inp = keras.Input((96, 96, 3), name="images")
    x = cbl(inp, 8, 3, 2)
    for f, s in ((16, 2), (16, 1), (24, 2), (24, 1)):
        x = dw(x, f, s)
    route = x
    x = dw(dw(x, 48, 2), 48, 1)
    head1 = L.Conv2D(3 * 7, 1)(cbl(x, 48, 3))
    up = L.UpSampling2D(2, interpolation="nearest")(cbl(x, 24, 1))
    head2 = L.Conv2D(3 * 7, 1)(cbl(L.Concatenate()([up, route]), 32, 3))
    freeze_keras(keras.Model(inp, [head1, head2]), tensor_spec([1, 96, 96, 3], name="images"), out)


OUTPUTS["w_yolo_fastest_raw_grids_frozen"] = ["Identity", "Identity_1"]


# ================================================================================ keyword spotting / audio front ends

@model("w_kws_waveform_mfcc_ds_cnn_module", "tf-module", "keyword spotter with the MFCC front end in the graph, tf.Module signature fixed float audio [1,16000]: tf.signal.stft (640 / 320, fft 1024) magnitude, 40-bin linear_to_mel_weight_matrix matmul (20-4000 Hz), log(x + 1e-6), mfccs_from_log_mel_spectrograms first 10 -> [1,49,10,1]; Keras DS-CNN (Conv2D (10,4) s2 + BN + ReLU, 3 depthwise-separable blocks, GlobalAveragePooling2D, Dense(12, softmax)); outputs probabilities and label (argmax int32)")
def b_kws_mfcc_module(out):
    inp = keras.Input((49, 10, 1))
    x = _conv_bn(inp, 16, (10, 4), 2)
    for _ in range(3):
        x = _dw_sep(x, 16)
    net = keras.Model(inp, L.Dense(12, activation="softmax")(L.GlobalAveragePooling2D()(x)))

    @tf.function(input_signature=[tensor_spec([1, 16000], name="audio")])
    def serve(audio):
        mfcc = tf.signal.mfccs_from_log_mel_spectrograms(_log_mel(audio))[..., :10]
        probs = net(mfcc[..., None], training=False)
        return {"probabilities": probs, "label": tf.argmax(probs, axis=-1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("w_kws_int16_pcm_logmel_frozen", "frozen-pb", "keyword spotter for an MCU frozen with convert_variables_to_constants_v2, fixed int16 pcm [1,16000]: cast / 32768, hand-written front end tf.signal.frame (480 / 320) * tf.signal.hann_window, tf.signal.rfft (512), |.|^2, matmul with a constant 257x32 mel matrix, log(x + 1e-6) -> [1,49,32,1]; Keras Conv2D(8, s2) + BN + ReLU, Conv2D(16, s2) + BN + ReLU, GlobalAveragePooling2D, Dense(4); softmax output 'scores'")
def b_kws_int16(out):
    inp = keras.Input((49, 32, 1))
    x = _conv_bn(_conv_bn(inp, 8, 3, 2), 16, 3, 2)
    net = keras.Model(inp, L.Dense(4)(L.GlobalAveragePooling2D()(x)))
    mel_w = tf.signal.linear_to_mel_weight_matrix(32, 257, 16000, 20.0, 4000.0).numpy()

    def fn(pcm):
        x = tf.cast(pcm, tf.float32) / 32768.0
        frames = tf.signal.frame(x, 480, 320) * tf.signal.hann_window(480)
        power = tf.square(tf.abs(tf.signal.rfft(frames, fft_length=[512])))
        feat = tf.math.log(tf.matmul(power, mel_w) + 1e-6)
        return tf.identity(tf.nn.softmax(net(feat[..., None], training=False)), name="scores")
    freeze_function(fn, [tensor_spec([1, 16000], "int16", "pcm")], out)


OUTPUTS["w_kws_int16_pcm_logmel_frozen"] = ["scores"]
FEEDS["w_kws_int16_pcm_logmel_frozen"] = {"pcm": (-3000, 3000)}


@model("w_kws_pcen_scan_frontend_module", "tf-module", "keyword spotter with trainable per-channel energy normalization (PCEN, LEAF-style) on mel energies, tf.Module signature fixed float mel_energies [1,49,40]: smoother M by tf.scan (EMA, s=0.04) over time, PCEN = (E / (eps + M)^alpha + delta)^r - delta^r with alpha / delta / r as per-channel tf.Variables (tf.pow, division); Keras Conv2D + BN + ReLU x2, GlobalAveragePooling2D, Dense(12, softmax)")
def b_kws_pcen(out):
    inp = keras.Input((49, 40, 1))
    x = _conv_bn(_conv_bn(inp, 16, 3, 2), 32, 3, 2)
    net = keras.Model(inp, L.Dense(12, activation="softmax")(L.GlobalAveragePooling2D()(x)))
    alpha = tf.Variable(np.full(40, 0.98, "float32"), name="pcen_alpha")
    delta = tf.Variable(np.full(40, 2.0, "float32"), name="pcen_delta")
    root = tf.Variable(np.full(40, 0.5, "float32"), name="pcen_root")

    @tf.function(input_signature=[tensor_spec([1, 49, 40], name="mel_energies")])
    def serve(mel_energies):
        e_t = tf.transpose(mel_energies, [1, 0, 2])
        smooth = tf.scan(lambda prev, cur: (1.0 - 0.04) * prev + 0.04 * cur, e_t, initializer=e_t[0])
        m = tf.transpose(smooth, [1, 0, 2])
        pcen = tf.pow(mel_energies / tf.pow(1e-6 + m, alpha) + delta, root) - tf.pow(delta, root)
        return {"probabilities": net(pcen[..., None], training=False), "pcen": pcen}
    serve_module(out, {"model": net, "alpha": alpha, "delta": delta, "root": root}, serving_default=serve)


@model("w_kws_crnn_gru_batch1", "keras-export", "Arm ML-zoo-style CRNN keyword spotter, fixed float MFCC [1,49,10,1]: Conv2D(16, (10,4), strides (2,1), same) + BatchNormalization + ReLU, Reshape to [25,160], GRU(32, return_sequences) + GRU(32), Dense(64, relu), Dropout(0.2), Dense(12, softmax); model.export")
def b_kws_crnn(out):
    inp = keras.Input((49, 10, 1), batch_size=1, name="mfcc")
    x = _conv_bn(inp, 16, (10, 4), (2, 1))
    x = L.Reshape((25, 10 * 16))(x)
    x = L.GRU(32)(L.GRU(32, return_sequences=True)(x))
    x = L.Dropout(0.2)(L.Dense(64, activation="relu")(x))
    keras_export(keras.Model(inp, L.Dense(12, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("w_kwt_keyword_transformer_tiny", "keras-export", "Keyword Transformer (KWT-tiny), fixed float MFCC [1,49,40]: Dense(32) per frame, class token prepended by a custom Layer (add_weight, tf.tile to the batch, concat), learned position embedding Layer, 2 pre-norm encoder blocks (LayerNormalization, MultiHeadAttention(2 heads, key_dim 16), Add, LayerNormalization, Dense(64, exact gelu), Dense(32), Add), final LayerNormalization, class-token slice, Dense(12) logits; model.export")
def b_kwt(out):
    class ClassToken(L.Layer):
        def build(self, input_shape):
            self.cls = self.add_weight(shape=(1, 1, input_shape[-1]), initializer="zeros", name="cls")

        def call(self, x):
            return tf.concat([tf.tile(self.cls, [tf.shape(x)[0], 1, 1]), x], axis=1)

    class PositionEmbedding(L.Layer):
        def build(self, input_shape):
            self.pos = self.add_weight(shape=(1, input_shape[1], input_shape[2]),
                                       initializer=keras.initializers.RandomNormal(stddev=0.02), name="pos")

        def call(self, x):
            return x + self.pos
    inp = keras.Input((49, 40), batch_size=1, name="mfcc")
    x = PositionEmbedding()(ClassToken()(L.Dense(32)(inp)))
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-6)(x)
        x = L.Add()([x, L.MultiHeadAttention(2, 16, dropout=0.1)(h, h)])
        h = L.LayerNormalization(epsilon=1e-6)(x)
        x = L.Add()([x, L.Dense(32)(L.Dropout(0.1)(L.Dense(64, activation="gelu")(h)))])
    x = L.LayerNormalization(epsilon=1e-6)(x)
    cls = L.Lambda(lambda t: t[:, 0])(x)
    keras_export(keras.Model(inp, L.Dense(12, name="logits")(cls)), out, keep_fixed_batch=True)


# ================================================================================ segmentation / landmarks / pose

@model("w_tiny_unet_softmax_argmax", "keras-export", "tiny U-Net for on-device segmentation, fixed float [1,64,64,3]: Rescaling(1/255), two encoder levels (2 x Conv2D + BN + ReLU, MaxPooling2D), bottleneck, decoder Conv2DTranspose(2, stride 2) + Concatenate skip + 2 x conv, Conv2D(3, 1) logits; outputs mask_probs (Softmax) [1,64,64,3] and mask (Lambda tf.argmax int32) [1,64,64]; model.export")
def b_unet(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Rescaling(1.0 / 255)(inp)
    skips = []
    for f in (8, 16):
        x = _conv_bn(_conv_bn(x, f), f)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = _conv_bn(_conv_bn(x, 32), 32)
    for f, skip in zip((16, 8), reversed(skips)):
        x = L.Concatenate()([L.Conv2DTranspose(f, 2, strides=2, padding="same")(x), skip])
        x = _conv_bn(_conv_bn(x, f), f)
    logits = L.Conv2D(3, 1)(x)
    probs = L.Softmax(name="mask_probs")(logits)
    mask = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="mask")(probs)
    keras_export(keras.Model(inp, {"mask_probs": probs, "mask": mask}), out, keep_fixed_batch=True)


@model("w_hand_landmark_regressor_multi_output", "keras-export", "MediaPipe-hand-landmark-like regressor, fixed float [1,64,64,3] in [0,1]: Conv2D s2 + BN + ReLU6 stem, residual depthwise blocks (DepthwiseConv2D + Conv2D 1x1 + BN, Add with a strided / 1x1-projected shortcut, ReLU6), GlobalAveragePooling2D; four heads: landmarks Dense(63) (21 x (x, y, z) pixels), hand_flag Dense(1, sigmoid), handedness Dense(1, sigmoid), world_landmarks Dense(63); model.export")
def b_hand_landmark(out):
    def res_block(x, f, s):
        h = L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(x)
        h = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(h))
        sc = x if s == 1 and x.shape[-1] == f else L.Conv2D(f, 1, strides=s)(x)
        return L.ReLU(6.0)(L.Add()([h, sc]))
    inp = keras.Input((64, 64, 3), batch_size=1, name="input_1")
    x = _conv_bn(inp, 16, 3, 2, "relu6")
    for f, s in ((16, 1), (24, 2), (24, 1), (32, 2), (32, 1), (48, 2), (48, 1)):
        x = res_block(x, f, s)
    x = L.GlobalAveragePooling2D()(x)
    outs = {"landmarks": L.Dense(63, name="landmarks")(x),
            "hand_flag": L.Dense(1, activation="sigmoid", name="hand_flag")(x),
            "handedness": L.Dense(1, activation="sigmoid", name="handedness")(x),
            "world_landmarks": L.Dense(63, name="world_landmarks")(x)}
    keras_export(keras.Model(inp, outs), out, keep_fixed_batch=True)


@model("w_movenet_like_heatmap_soft_argmax", "keras-export", "MoveNet-like single-pose estimator, fixed float [1,96,96,3]: MobileNet depthwise-separable backbone to stride 8 + UpSampling2D(bilinear) + conv to 24x24, Conv2D(17) heatmaps; a custom SoftArgmax2D Layer reshapes to [1,576,17], softmax over positions with beta 10, tf.einsum against a constant (y, x) grid, keypoint scores as max of sigmoid; output keypoints_with_scores [1,17,3]; model.export")
def b_movenet(out):
    class SoftArgmax2D(L.Layer):
        def call(self, heat):
            h, w, k = heat.shape[1:]
            flat = tf.reshape(heat, [-1, h * w, k])
            p = tf.nn.softmax(flat * 10.0, axis=1)
            ys, xs = np.meshgrid(np.arange(h) / (h - 1), np.arange(w) / (w - 1), indexing="ij")
            grid = np.stack([ys.ravel(), xs.ravel()], axis=-1).astype("float32")
            kp = tf.einsum("bnk,nc->bkc", p, grid)
            score = tf.reduce_max(tf.sigmoid(flat), axis=1)[..., None]
            return tf.concat([kp, score], axis=-1)
    inp = keras.Input((96, 96, 3), batch_size=1, name="input")
    x = _conv_bn(inp, 16, 3, 2)
    for f, s in ((24, 2), (24, 1), (32, 2), (32, 1), (48, 2)):
        x = _dw_sep(x, f, s)
    x = _conv_bn(L.UpSampling2D(interpolation="bilinear")(x), 32)
    heat = L.Conv2D(17, 1)(x)
    keras_export(keras.Model(inp, SoftArgmax2D(name="keypoints_with_scores")(heat)), out, keep_fixed_batch=True)


# ======================================================================= predictive maintenance / anomaly / sensors

@model("w_pdm_vibration_conv1d_norm_rms_crest", "keras-export", "predictive-maintenance fault classifier on a 3-axis vibration window, fixed float [1,256,3]: Normalization(axis=-1) adapted on random windows; Conv1D(16, 7, s2) + BN + ReLU, Conv1D(32, 5, s2) + BN + ReLU, GlobalAveragePooling1D; hand features by Lambda on the raw window: RMS sqrt(mean(x^2)), peak max|x|, crest factor peak / (RMS + 1e-6); Concatenate, Dense(32, relu), Dropout(0.3), Dense(4, sigmoid) multi-label fault probabilities; model.export")
def b_pdm_vibration(out):
    windows = np.random.default_rng(3).normal(size=(64, 256, 3)).astype("float32") * [1.0, 0.5, 2.0]
    norm = L.Normalization(axis=-1)
    norm.adapt(windows)
    inp = keras.Input((256, 3), batch_size=1, name="vibration")
    x = L.ReLU()(L.BatchNormalization()(L.Conv1D(16, 7, strides=2, padding="same")(norm(inp))))
    x = L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 5, strides=2, padding="same")(x)))
    x = L.GlobalAveragePooling1D()(x)
    rms = L.Lambda(lambda t: tf.sqrt(tf.reduce_mean(tf.square(t), axis=1)), name="rms")(inp)
    peak = L.Lambda(lambda t: tf.reduce_max(tf.abs(t), axis=1), name="peak")(inp)
    crest = L.Lambda(lambda a: a[0] / (a[1] + 1e-6), name="crest_factor")([peak, rms])
    x = L.Dropout(0.3)(L.Dense(32, activation="relu")(L.Concatenate()([x, rms, peak, crest])))
    keras_export(keras.Model(inp, L.Dense(4, activation="sigmoid", name="faults")(x)), out, keep_fixed_batch=True)


@model("w_vibration_fft_autoencoder_threshold_module", "tf-module", "vibration anomaly detector, tf.Module signature fixed float vibration [1,512]: hann window, tf.signal.rfft, |.| first 256 bins, log1p, standardized with constant mean / std; Keras Dense 64-16-64-256 autoencoder fit 2 epochs (MSE) on random spectra; anomaly_score = mean squared reconstruction error, is_anomaly = score > threshold (mean + 3 std of training scores, bool); outputs reconstruction, anomaly_score, is_anomaly")
def b_vibration_ae(out):
    rng = np.random.default_rng(4)
    mags = np.log1p(np.abs(np.fft.rfft(rng.normal(size=(256, 512)) * np.hanning(512), axis=-1))[:, :256])
    mean, std = mags.mean(axis=0).astype("float32"), (mags.std(axis=0) + 1e-6).astype("float32")
    feats = ((mags - mean) / std).astype("float32")
    inp = keras.Input((256,))
    x = L.Dense(64, activation="relu")(L.Dense(16, activation="relu")(L.Dense(64, activation="relu")(inp)))
    ae = keras.Model(inp, L.Dense(256)(x))
    _fit(ae, feats, feats, "mse", epochs=2)
    scores = np.mean(np.square(feats - ae.predict(feats, verbose=0)), axis=-1)
    threshold = float(scores.mean() + 3 * scores.std())

    @tf.function(input_signature=[tensor_spec([1, 512], name="vibration")])
    def serve(vibration):
        mag = tf.abs(tf.signal.rfft(vibration * tf.signal.hann_window(512, periodic=False)))[:, :256]
        feat = (tf.math.log1p(mag) - mean) / std
        rec = ae(feat, training=False)
        score = tf.reduce_mean(tf.square(feat - rec), axis=-1)
        return {"reconstruction": rec, "anomaly_score": score, "is_anomaly": score > threshold}
    serve_module(out, {"model": ae}, serving_default=serve)


@model("w_pdm_lstm_rul_regressor", "keras-export", "remaining-useful-life regressor (C-MAPSS turbofan recipe), fixed float [1,30,14] sensor window: LSTM(32, return_sequences) + Dropout(0.2), LSTM(16) + Dropout(0.2), Dense(8, relu), Dense(1) linear RUL; fit 1 epoch (MSE) on random windows; model.export with the batch-1 signature")
def b_rul(out):
    rng = np.random.default_rng(5)
    inp = keras.Input((30, 14), batch_size=1, name="sensors")
    x = L.Dropout(0.2)(L.LSTM(32, return_sequences=True)(inp))
    x = L.Dense(8, activation="relu")(L.Dropout(0.2)(L.LSTM(16)(x)))
    m = keras.Model(inp, L.Dense(1, name="rul")(x))
    _fit(m, rng.normal(size=(64, 30, 14)).astype("float32"), rng.uniform(0, 125, (64, 1)).astype("float32"),
         "mse", batch_size=1)
    keras_export(m, out, keep_fixed_batch=True)


@model("w_har_tiny_transformer_conv1d_ff", "keras-export", "human-activity-recognition transformer from the Keras 'timeseries transformer' example, shrunk, fixed float IMU [1,128,6]: Conv1D(32, 8, stride 8) patch embedding to 16 tokens, 2 post-attention encoder blocks (LayerNormalization(1e-6), MultiHeadAttention(2 heads, key_dim 16, dropout 0.1), Dropout, residual Add; LayerNormalization, Conv1D(32, 1, relu), Dropout, Conv1D(32, 1), Add), GlobalAveragePooling1D, Dense(32, relu), Dropout, Dense(6, softmax); model.export")
def b_har_transformer(out):
    inp = keras.Input((128, 6), batch_size=1, name="imu")
    x = L.Conv1D(32, 8, strides=8)(inp)
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-6)(x)
        h = L.Dropout(0.1)(L.MultiHeadAttention(key_dim=16, num_heads=2, dropout=0.1)(h, h))
        res = L.Add()([h, x])
        h = L.LayerNormalization(epsilon=1e-6)(res)
        h = L.Conv1D(32, 1)(L.Dropout(0.1)(L.Conv1D(32, 1, activation="relu")(h)))
        x = L.Add()([h, res])
    x = L.Dropout(0.1)(L.Dense(32, activation="relu")(L.GlobalAveragePooling1D(data_format="channels_last")(x)))
    keras_export(keras.Model(inp, L.Dense(6, activation="softmax")(x)), out, keep_fixed_batch=True)


@model("w_ecg_conv1d_dense_batchnorm_frozen", "frozen-pb", "MIT-BIH heartbeat classifier frozen with convert_variables_to_constants_v2 at fixed float [1,187,1]: 3 x (Conv1D(k5) + BatchNormalization + ReLU + MaxPooling1D(2)), Flatten, Dense(32) + BatchNormalization (after Dense, not foldable into a conv) + ReLU, Dropout(0.3), Dense(5, softmax)")
def b_ecg(out):
    inp = keras.Input((187, 1), name="input_1")
    x = inp
    for f in (8, 16, 16):
        x = L.MaxPooling1D(2)(L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 5, padding="same")(x))))
    x = L.ReLU()(L.BatchNormalization()(L.Dense(32)(L.Flatten()(x))))
    m = keras.Model(inp, L.Dense(5, activation="softmax")(L.Dropout(0.3)(x)))
    freeze_keras(m, tensor_spec([1, 187, 1], name="input_1"), out)


OUTPUTS["w_ecg_conv1d_dense_batchnorm_frozen"] = ["Identity"]


@model("w_fall_detection_math_ops_module", "tf-module", "wearable fall detector with hand-written feature math, tf.Module signature float accel [None,50,3] (dynamic batch): magnitude tf.norm (sqrt), direction = accel * tf.math.reciprocal(magnitude + 1e-6), jerk by slice difference, log energy tf.math.log(sum x^2 + 1e-6), exp(-|jerk|) decay feature; Keras Dense(32, relu) x2 on the concatenated features; manual temperature softmax exp((z - max) / 1.5) / reduce_sum, fall_prob = 1 / (1 + exp(-z0)); outputs probabilities [None,3] and fall_prob [None]")
def b_fall_math(out):
    inp = keras.Input((50 * 3 + 50 + 49 + 1 + 3,))
    x = L.Dense(32, activation="relu")(L.Dense(32, activation="relu")(inp))
    net = keras.Model(inp, L.Dense(3)(x))

    @tf.function(input_signature=[tensor_spec([None, 50, 3], name="accel")])
    def serve(accel):
        b = tf.shape(accel)[0]
        mag = tf.norm(accel, axis=-1)
        direction = accel * tf.math.reciprocal(mag[..., None] + 1e-6)
        jerk = mag[:, 1:] - mag[:, :-1]
        log_energy = tf.math.log(tf.reduce_sum(tf.square(accel), axis=[1, 2]) + 1e-6)[:, None]
        decay = tf.reduce_mean(tf.exp(-tf.abs(accel[:, 1:] - accel[:, :-1])), axis=1)
        feats = tf.concat([tf.reshape(direction, [b, 150]), mag, jerk, log_energy, decay], axis=-1)
        z = net(feats, training=False)
        e = tf.exp((z - tf.reduce_max(z, axis=-1, keepdims=True)) / 1.5)
        return {"probabilities": e / tf.reduce_sum(e, axis=-1, keepdims=True),
                "fall_prob": 1.0 / (1.0 + tf.exp(-z[:, 0]))}
    serve_module(out, {"model": net}, serving_default=serve)


# ================================================================================ preprocessing layers / int inputs

@model("w_preproc_resizing_rescaling_normalization", "keras-export", "camera classifier with all preprocessing in the model, fixed float [1,120,160,3] in 0-255: Resizing(96, 96, bilinear), Rescaling(1/255), Normalization(mean = ImageNet means, variance = stds^2, given), Conv2D + BN + ReLU stride-2 x3, SeparableConv2D(48) + ReLU, GlobalAveragePooling2D, Dense(3, softmax); model.export")
def b_preproc(out):
    inp = keras.Input((120, 160, 3), batch_size=1, name="camera")
    x = L.Resizing(96, 96, interpolation="bilinear")(inp)
    x = L.Rescaling(1.0 / 255)(x)
    x = L.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229 ** 2, 0.224 ** 2, 0.225 ** 2])(x)
    for f in (8, 16, 32):
        x = _conv_bn(x, f, 3, 2)
    x = L.GlobalAveragePooling2D()(L.SeparableConv2D(48, 3, padding="same", activation="relu")(x))
    keras_export(keras.Model(inp, L.Dense(3, activation="softmax")(x)), out, keep_fixed_batch=True)


FEEDS["w_preproc_resizing_rescaling_normalization"] = lambda rng: {"camera": rng.uniform(0, 255, (1, 120, 160, 3))}


@model("w_int8_input_cast_uint8_scores", "keras-export", "CIFAR-style CNN for an MCU app whose camera buffer is int8, fixed int8 [1,32,32,3]: Lambda (tf.cast + 128) / 255 to float, Conv2D + BN + ReLU + MaxPooling2D x3, Flatten, Dense(10); outputs probabilities (Softmax, float) and scores_u8 (Lambda tf.cast(tf.round(p * 255), uint8)) as the firmware expects; model.export")
def b_int8_input(out):
    inp = keras.Input((32, 32, 3), batch_size=1, dtype="int8", name="image_int8")
    x = L.Lambda(lambda t: (tf.cast(t, tf.float32) + 128.0) / 255.0, name="to_float")(inp)
    for f in (8, 16, 32):
        x = L.MaxPooling2D()(_conv_bn(x, f))
    probs = L.Softmax(name="probabilities")(L.Dense(10)(L.Flatten()(x)))
    scores = L.Lambda(lambda p: tf.cast(tf.round(p * 255.0), tf.uint8), name="scores_u8")(probs)
    keras_export(keras.Model(inp, {"probabilities": probs, "scores_u8": scores}), out, keep_fixed_batch=True)


FEEDS["w_int8_input_cast_uint8_scores"] = {"image_int8": (-128, 128)}


@model("w_sensor_fusion_audio_imu_multi_io", "keras-export", "multi-input / multi-output sensor-fusion model, fixed float inputs mfcc [1,49,13] and imu [1,50,6]: Conv1D + BN + ReLU + MaxPooling1D branches, GlobalAveragePooling1D each, Concatenate, Dense(32, relu), Dropout; heads activity Dense(5, softmax) and event Dense(1, sigmoid); model.export with an explicit two-spec input_signature")
def b_fusion(out):
    def branch(x, f):
        for k in (f, 2 * f):
            x = L.MaxPooling1D(2)(L.ReLU()(L.BatchNormalization()(L.Conv1D(k, 3, padding="same")(x))))
        return L.GlobalAveragePooling1D()(x)
    mfcc = keras.Input((49, 13), batch_size=1, name="mfcc")
    imu = keras.Input((50, 6), batch_size=1, name="imu")
    x = L.Dropout(0.2)(L.Dense(32, activation="relu")(L.Concatenate()([branch(mfcc, 16), branch(imu, 8)])))
    m = keras.Model({"mfcc": mfcc, "imu": imu}, {"activity": L.Dense(5, activation="softmax", name="activity")(x),
                                                  "event": L.Dense(1, activation="sigmoid", name="event")(x)})
    keras_export(m, out, sig=[{"mfcc": tensor_spec([1, 49, 13], name="mfcc"),
                               "imu": tensor_spec([1, 50, 6], name="imu")}])


# ========================================================================= left-in training / debugging artefacts

@model("w_gesture_cnn_softmax_argmax_saved", "saved-model", "IMU gesture CNN saved with tf.saved_model.save(model, signatures=...) and a tf.function(input_signature=[float [1,50,3]]) serving function returning probabilities (softmax) and gesture_id (tf.argmax int64); Conv1D(16) + BN + ReLU, Dropout(0.25), Conv1D(32) + BN + ReLU, GlobalMaxPooling1D, Dense(5); fit 2 epochs on random windows")
def b_gesture_saved(out):
    rng = np.random.default_rng(6)
    inp = keras.Input((50, 3), name="imu")
    x = L.Dropout(0.25)(L.ReLU()(L.BatchNormalization()(L.Conv1D(16, 5, padding="same")(inp))))
    x = L.ReLU()(L.BatchNormalization()(L.Conv1D(32, 3, padding="same")(x)))
    m = keras.Model(inp, L.Dense(5)(L.GlobalMaxPooling1D()(x)))
    _fit(m, rng.normal(size=(128, 50, 3)).astype("float32"), rng.integers(0, 5, 128),
         keras.losses.SparseCategoricalCrossentropy(from_logits=True), epochs=2)

    @tf.function(input_signature=[tensor_spec([1, 50, 3], name="imu")])
    def serve(imu):
        probs = tf.nn.softmax(m(imu, training=False))
        return {"probabilities": probs, "gesture_id": tf.argmax(probs, axis=-1)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("w_tinyml_module_tfprint_training_flag", "tf-module", "course-notebook tf.Module written by hand, signature fixed float imu [1,100,3]: tf.print of the input min / max and of the logits left in, tf.nn.conv1d + bias, batch norm not folded (tf.nn.batch_normalization with moving mean / variance / gamma / beta tf.Variables), ReLU, a Python `training` flag guarding tf.nn.dropout (False in the signature), reduce_mean over time, matmul + bias, softmax")
def b_tfprint_module(out):
    rng = np.random.default_rng(7)

    class GestureNet(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1 = tf.Variable(rng.normal(0, 0.3, (5, 3, 16)).astype("float32"), name="conv_w")
            self.b1 = tf.Variable(np.zeros(16, "float32"), name="conv_b")
            self.gamma = tf.Variable(np.ones(16, "float32"), name="bn_gamma")
            self.beta = tf.Variable(np.zeros(16, "float32"), name="bn_beta")
            self.moving_mean = tf.Variable(rng.normal(0, 0.1, 16).astype("float32"), name="bn_moving_mean")
            self.moving_var = tf.Variable(rng.uniform(0.5, 1.5, 16).astype("float32"), name="bn_moving_variance")
            self.w2 = tf.Variable(rng.normal(0, 0.3, (16, 4)).astype("float32"), name="dense_w")
            self.b2 = tf.Variable(np.zeros(4, "float32"), name="dense_b")

        def __call__(self, x, training=False):
            tf.print("input min/max:", tf.reduce_min(x), tf.reduce_max(x))
            h = tf.nn.conv1d(x, self.w1, stride=1, padding="SAME") + self.b1
            h = tf.nn.batch_normalization(h, self.moving_mean, self.moving_var, self.beta, self.gamma, 1e-3)
            h = tf.nn.relu(h)
            if training:
                h = tf.nn.dropout(h, rate=0.3)
            logits = tf.matmul(tf.reduce_mean(h, axis=1), self.w2) + self.b2
            tf.print("logits:", logits)
            return tf.nn.softmax(logits)

        @tf.function(input_signature=[tensor_spec([1, 100, 3], name="imu")])
        def serve(self, imu):
            return {"probabilities": self(imu, training=False)}
    net = GestureNet()
    tf.saved_model.save(net, str(out), signatures={"serving_default": net.serve})


@model("w_mc_dropout_subclass_training_true_module", "tf-module", "subclassed Keras model (Conv2D + BN + ReLU + MaxPooling2D x2, Dropout(0.3) and SpatialDropout2D in call, GlobalAveragePooling2D, Dense(3, softmax)) saved as a tf.Module holding the model and the dropout layers' seed-generator state variables (tf.saved_model.save of the Keras model itself rejects the untracked seed state), with a serving function doing Monte-Carlo dropout: 4 calls with training=True on fixed float [1,64,64,1], tf.stack, outputs mean_probabilities and uncertainty (tf.math.reduce_std); the random dropout masks and training-mode BatchNormalization (batch statistics, moving-average assigns) stay in the graph")
def b_mc_dropout(out):
    class UncertainClassifier(keras.Model):
        def __init__(self):
            super().__init__()
            self.c1, self.bn1 = L.Conv2D(8, 3, padding="same"), L.BatchNormalization()
            self.c2, self.bn2 = L.Conv2D(16, 3, padding="same"), L.BatchNormalization()
            self.pool, self.gap = L.MaxPooling2D(), L.GlobalAveragePooling2D()
            self.sdrop, self.drop = L.SpatialDropout2D(0.2), L.Dropout(0.3)
            self.head = L.Dense(3, activation="softmax")

        def call(self, x, training=None):
            x = self.pool(tf.nn.relu(self.bn1(self.c1(x), training=training)))
            x = self.sdrop(x, training=training)
            x = self.pool(tf.nn.relu(self.bn2(self.c2(x), training=training)))
            return self.head(self.drop(self.gap(x), training=training))
    m = UncertainClassifier()
    m(np.zeros((1, 64, 64, 1), "float32"))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 1], name="image")])
    def serve(image):
        samples = tf.stack([m(image, training=True) for _ in range(4)])
        return {"mean_probabilities": tf.reduce_mean(samples, axis=0),
                "uncertainty": tf.math.reduce_std(samples, axis=0)}
    seeds = [m.sdrop.seed_generator.state, m.drop.seed_generator.state]
    serve_module(out, {"model": m, "dropout_seed_states": seeds}, serving_default=serve)


# ================================================================================ Lambda ops / int8-unfriendly ops

@model("w_face_embedding_mish_gdc_l2norm", "keras-export", "MobileFaceNet-like face-embedding net for on-device recognition, fixed float [1,64,64,3]: Conv2D + BN, Mish as a Lambda x * tanh(softplus(x)), depthwise-separable blocks with PReLU, global depthwise conv (DepthwiseConv2D over the whole 4x4 map, valid) + BN, Flatten, Dense(64) + BatchNormalization (not folded), Lambda tf.math.l2_normalize embedding, Lambda tf.clip_by_value; model.export")
def b_face_embed(out):
    mish = L.Lambda(lambda t: t * tf.math.tanh(tf.math.softplus(t)), name="mish")
    inp = keras.Input((64, 64, 3), batch_size=1, name="face")
    x = mish(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(inp)))
    for f, s in ((24, 2), (24, 1), (32, 2), (48, 2)):
        x = L.PReLU(shared_axes=[1, 2])(L.BatchNormalization()(
            L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(x)))
        x = L.PReLU(shared_axes=[1, 2])(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))
    x = L.BatchNormalization()(L.DepthwiseConv2D(x.shape[1:3], padding="valid", use_bias=False)(x))
    x = L.BatchNormalization()(L.Dense(64, use_bias=False)(L.Flatten()(x)))
    emb = L.Lambda(lambda t: tf.math.l2_normalize(t, axis=1), name="l2_normalize")(x)
    emb = L.Lambda(lambda t: tf.clip_by_value(t, -1.0, 1.0), name="embedding")(emb)
    keras_export(keras.Model(inp, emb), out, keep_fixed_batch=True)


@model("w_mlp_mixer_layernorm_gelu_tiny", "keras-export", "tiny MLP-Mixer image classifier, fixed float [1,32,32,3]: Conv2D(32, 8, stride 8) patches -> Reshape [16,32]; 2 mixer blocks (LayerNormalization, Permute, Dense(32, exact gelu), Dense(16), Permute, Add; LayerNormalization, Dense(64, gelu), Dense(32), Add), LayerNormalization, GlobalAveragePooling1D, Dense(10, softmax); model.export")
def b_mixer(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.Reshape((16, 32))(L.Conv2D(32, 8, strides=8)(inp))
    for _ in range(2):
        h = L.Permute((2, 1))(L.LayerNormalization()(x))
        h = L.Permute((2, 1))(L.Dense(16)(L.Dense(32, activation="gelu")(h)))
        x = L.Add()([x, h])
        h = L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization()(x)))
        x = L.Add()([x, h])
    x = L.GlobalAveragePooling1D()(L.LayerNormalization()(x))
    keras_export(keras.Model(inp, L.Dense(10, activation="softmax")(x)), out, keep_fixed_batch=True)


# ================================================================================ TF1-era graphs

@model("w_tf1_mobilenet_v1_fused_bn_frozen", "frozen-pb", "TF1 slim-style MobileNetV1 (width 0.25-ish, 64x64) frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder float input [1,64,64,3], get_variable conv2d / depthwise_conv2d (SAME) each followed by tf.compat.v1.nn.fused_batch_norm(is_training=False) with moving mean / variance variables (left unfolded) and relu6, avg_pool2d over the 4x4 map, 1x1 conv logits, squeeze 'MobilenetV1/Logits/SpatialSqueeze', softmax, reshape 'MobilenetV1/Predictions/Reshape_1'")
def b_tf1_mobilenet(out):
    v1 = tf.compat.v1

    def bn(x, c):
        with v1.variable_scope("BatchNorm"):
            gamma = _v1_var("gamma", [c], value=1.0)
            beta = _v1_var("beta", [c], value=0.0)
            mean = v1.get_variable("moving_mean", [c], initializer=v1.random_normal_initializer(stddev=0.1))
            var = v1.get_variable("moving_variance", [c], initializer=v1.random_uniform_initializer(0.5, 1.5))
            y, _, _ = v1.nn.fused_batch_norm(x, gamma, beta, mean=mean, variance=var, epsilon=1e-3,
                                             is_training=False)
        return tf.nn.relu6(y)

    def conv(x, name, cin, cout, k=3, s=1):
        with v1.variable_scope(name):
            return bn(tf.nn.conv2d(x, _v1_var("weights", [k, k, cin, cout]), [1, s, s, 1], "SAME"), cout)

    def dw(x, name, c, s):
        with v1.variable_scope(name + "_depthwise"):
            y = bn(tf.nn.depthwise_conv2d(x, _v1_var("depthwise_weights", [3, 3, c, 1], stddev=0.3),
                                          [1, s, s, 1], "SAME"), c)
        return y

    def build():
        img = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        with v1.variable_scope("MobilenetV1"):
            x = conv(img, "Conv2d_0", 3, 8, s=2)
            cin = 8
            for i, (f, s) in enumerate(((16, 1), (32, 2), (32, 1), (64, 2), (64, 1), (128, 2), (128, 1)), 1):
                x = conv(dw(x, f"Conv2d_{i}", cin, s), f"Conv2d_{i}_pointwise", cin, f, k=1)
                cin = f
            with v1.variable_scope("Logits"):
                x = tf.nn.avg_pool2d(x, [1, 4, 4, 1], [1, 1, 1, 1], "VALID")
                with v1.variable_scope("Conv2d_1c_1x1"):
                    x = tf.nn.bias_add(tf.nn.conv2d(x, _v1_var("weights", [1, 1, cin, 5], stddev=0.05),
                                                    [1, 1, 1, 1], "SAME"), _v1_var("biases", [5], value=0.0))
                logits = tf.squeeze(x, [1, 2], name="SpatialSqueeze")
            with v1.variable_scope("Predictions"):
                tf.reshape(tf.nn.softmax(logits), [-1, 5], name="Reshape_1")
    _tf1_freeze(out, build, ["MobilenetV1/Predictions/Reshape_1"])


OUTPUTS["w_tf1_mobilenet_v1_fused_bn_frozen"] = ["MobilenetV1/Predictions/Reshape_1"]


@model("w_tf1_handwritten_batchnorm_spectrogram_frozen", "frozen-pb", "TF1 fan-anomaly / wake-word classifier on a 32x32 spectrogram patch, frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder float spectrogram [1,32,32,1], get_variable conv2d + bias, batch norm written out by hand as (x - mean) / tf.sqrt(var + eps) * gamma + beta with constant-initialized variables, relu, max_pool x2, reshape, matmul + bias, tf.nn.sigmoid 'output' [1,1]")
def b_tf1_handwritten_bn(out):
    v1 = tf.compat.v1

    def conv_bn(x, name, cin, cout):
        with v1.variable_scope(name):
            y = tf.nn.conv2d(x, _v1_var("w", [3, 3, cin, cout]), [1, 1, 1, 1], "SAME") + _v1_var("b", [cout], value=0.0)
            mean = _v1_var("bn_mean", [cout], value=0.05)
            var = _v1_var("bn_var", [cout], value=0.9)
            gamma = _v1_var("bn_gamma", [cout], value=1.0)
            beta = _v1_var("bn_beta", [cout], value=0.0)
            y = (y - mean) / tf.sqrt(var + 1e-5) * gamma + beta
            return tf.nn.max_pool2d(tf.nn.relu(y), 2, 2, "SAME")

    def build():
        x = v1.placeholder(tf.float32, [1, 32, 32, 1], name="spectrogram")
        h = conv_bn(conv_bn(x, "conv1", 1, 8), "conv2", 8, 16)
        logit = _v1_dense(tf.reshape(h, [1, 8 * 8 * 16]), "fc", 8 * 8 * 16, 1)
        tf.nn.sigmoid(logit, name="output")
    _tf1_freeze(out, build, ["output"])


OUTPUTS["w_tf1_handwritten_batchnorm_spectrogram_frozen"] = ["output"]


@model("w_tf1_gesture_conv1d_savedmodel", "tf1-savedmodel", "TF1 SavedModelBuilder gesture classifier: placeholder float imu [1,50,3], get_variable tf.nn.conv1d(k5, 16) + bias + relu, tf.nn.max_pool1d(2), conv1d(k3, 32) + bias + relu, reduce_mean over time, matmul + bias, softmax 'probabilities'; predict signature serving_default with probabilities and classes (argmax int64)")
def b_tf1_gesture(out):
    v1 = tf.compat.v1

    def conv1d(x, name, k, cin, cout):
        with v1.variable_scope(name):
            return tf.nn.relu(tf.nn.conv1d(x, _v1_var("weights", [k, cin, cout]), 1, "SAME")
                              + _v1_var("biases", [cout], value=0.01))

    def build():
        imu = v1.placeholder(tf.float32, [1, 50, 3], name="imu")
        h = tf.nn.max_pool1d(conv1d(imu, "conv1", 5, 3, 16), 2, 2, "SAME")
        h = tf.reduce_mean(conv1d(h, "conv2", 3, 16, 32), axis=1)
        probs = tf.nn.softmax(_v1_dense(h, "logits", 32, 5), name="probabilities")
        return {"serving_default": ({"imu": imu}, {"probabilities": probs, "classes": tf.argmax(probs, 1)})}
    tf1_saved_model(out, build)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
