"""Build an independently made corpus into bench/out/fresh5/: small re-creations of edge, mobile and
microcontroller models of the kind people put through TFLite full-integer quantization, the TFLite GPU
delegate, the Coral Edge TPU, or XLA/TPU compilation (MobileNets, EfficientNet-Lite, ShuffleNet, GhostNet,
detection and segmentation heads with their decode steps, keyword spotting and IMU models, QAT fake-quant
graphs, uint8/int8/int32 inputs, TF1 SavedModels and frozen GraphDefs). Random seeded weights, tiny inputs;
nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh5.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh5.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh5.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh5.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh5.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, freeze_keras, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh5", frozen_kinds={"frozen-pb"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = ops = None


def _export(m, out, sig=None):
    """model.export keeping a fixed batch (this corpus has batch-1 models)."""
    keras_export(m, out, sig, keep_fixed_batch=True)


def _act(x, act):
    return L.Activation(act)(x) if act else x


def cba(x, f, k=3, s=1, act="relu", d=1, groups=1):
    """Conv2D (no bias) -> BatchNormalization -> activation (None: linear)"""
    x = L.Conv2D(f, k, strides=s, padding="same", use_bias=False, dilation_rate=d, groups=groups)(x)
    return _act(L.BatchNormalization()(x), act)


def dwb(x, k=3, s=1, act="relu", d=1):
    """DepthwiseConv2D (no bias) -> BatchNormalization -> activation"""
    x = L.DepthwiseConv2D(k, strides=s, padding="same", use_bias=False, dilation_rate=d)(x)
    return _act(L.BatchNormalization()(x), act)


def se(x, squeeze, act="relu", gate="sigmoid"):
    """squeeze-excite: GAP(keepdims) -> 1x1 Conv2D act -> 1x1 Conv2D gate -> Multiply"""
    s = L.GlobalAveragePooling2D(keepdims=True)(x)
    s = L.Conv2D(x.shape[-1], 1, activation=gate)(L.Conv2D(squeeze, 1, activation=act)(s))
    return L.Multiply()([x, s])


def inv_res(x, f, s=1, e=6, k=3, act="relu6", se_gate=None, d=1):
    """inverted residual: 1x1 expand, depthwise, optional SE, 1x1 linear project, Add when shapes match"""
    c = x.shape[-1]
    y = cba(x, int(c * e), 1, act=act) if e != 1 else x
    y = dwb(y, k, s, act, d=d)
    if se_gate:
        y = se(y, max(8, y.shape[-1] // 4), "relu", se_gate)
    y = cba(y, f, 1, act=None)
    return L.Add()([x, y]) if s == 1 and c == f else y


def _cls(i, x, n, out, act="softmax", drop=0.2, save=None):
    """GAP -> Dropout -> Dense head; Keras export (or tf.saved_model.save when save='tf')"""
    m = keras.Model(i, L.Dense(n, activation=act)(L.Dropout(drop)(L.GlobalAveragePooling2D()(x))))
    if save == "tf":
        tf.saved_model.save(m, str(out))
    else:
        _export(m, out)

# ================================================================================ classification backbones

@model("e_person_detect_mobilenet_v1_025", "keras-export", "grayscale float [1,96,96,1] fixed batch: MobileNetV1 alpha 0.25 (Conv2D stride 2, 9 DepthwiseConv2D+BN+ReLU6 / 1x1 Conv2D+BN+ReLU6 pairs), AveragePooling2D(3), Dropout, 1x1 Conv2D logits, Reshape, Softmax(2)")
def b_person(out):
    i = keras.Input((96, 96, 1), batch_size=1)
    x = cba(i, 8, s=2, act="relu6")
    for f, s in ((16, 1), (32, 2), (32, 1), (64, 2), (64, 1), (128, 2), (128, 1), (128, 1), (256, 2)):
        x = cba(dwb(x, 3, s, "relu6"), f, 1, act="relu6")
    x = L.Reshape((2,))(L.Conv2D(2, 1)(L.Dropout(0.001)(L.AveragePooling2D(3)(x))))
    _export(keras.Model(i, L.Softmax()(x)), out)


@model("e_mobilenet_v2_035_mini", "keras-export", "[None,64,64,3] MobileNetV2-mini: Rescaling(1/127.5, offset -1), Conv2D+BN+ReLU6 stem, 8 inverted residuals (1x1 expand x6, DepthwiseConv2D, linear 1x1 project, Add), 1x1 Conv2D head, GAP, Dropout, Dense softmax(10)")
def b_mbv2(out):
    i = keras.Input((64, 64, 3))
    x = inv_res(cba(L.Rescaling(1 / 127.5, offset=-1)(i), 16, s=2, act="relu6"), 8, e=1)
    for f, s, n in ((16, 2, 2), (24, 2, 2), (32, 2, 2), (56, 1, 1)):
        for j in range(n):
            x = inv_res(x, f, s if j == 0 else 1)
    _cls(i, cba(x, 128, 1, act="relu6"), 10, out)


@model("e_mobilenet_v3_small_mini", "keras-export", "[None,64,64,3] MobileNetV3-small-mini: Rescaling, hard_swish stem, bottlenecks with relu or hard_swish and squeeze-excite (GAP keepdims, 1x1 relu, 1x1 hard_sigmoid, Multiply), 1x1 head hard_swish, GAP keepdims, 1x1 Conv2D hard_swish, Dropout, 1x1 Conv2D logits, Flatten, Softmax")
def b_mbv3(out):
    i = keras.Input((64, 64, 3))
    x = cba(L.Rescaling(1 / 127.5, offset=-1)(i), 16, s=2, act="hard_swish")
    for k, e, f, gate, act, s in ((3, 1, 16, "hard_sigmoid", "relu", 2), (3, 4.5, 24, None, "relu", 2),
                                  (3, 3.67, 24, None, "relu", 1), (5, 4, 40, "hard_sigmoid", "hard_swish", 2),
                                  (5, 6, 40, "hard_sigmoid", "hard_swish", 1), (5, 3, 48, "hard_sigmoid", "hard_swish", 1),
                                  (5, 6, 96, "hard_sigmoid", "hard_swish", 2)):
        x = inv_res(x, f, s, e, k, act, gate)
    x = L.GlobalAveragePooling2D(keepdims=True)(cba(x, 288, 1, act="hard_swish"))
    x = L.Dropout(0.2)(L.Conv2D(256, 1, activation="hard_swish")(x))
    _export(keras.Model(i, L.Softmax()(L.Flatten()(L.Conv2D(10, 1)(x)))), out)


@model("e_efficientnet_lite0_mini", "keras-export", "[None,64,64,3] EfficientNet-Lite-mini: Normalization(mean 127, var 128^2), Conv2D+BN+ReLU6 stem, MBConv blocks with 3x3/5x5 DepthwiseConv2D and ReLU6 (no squeeze-excite), 1x1 head, GAP, Dropout, Dense softmax(10)")
def b_efflite(out):
    i = keras.Input((64, 64, 3))
    x = inv_res(cba(L.Normalization(mean=127.0, variance=128.0 ** 2)(i), 16, s=2, act="relu6"), 8, e=1)
    for f, s, k, n in ((16, 2, 3, 2), (24, 2, 5, 2), (40, 2, 3, 2), (56, 1, 5, 1)):
        for j in range(n):
            x = inv_res(x, f, s if j == 0 else 1, 6, k)
    _cls(i, cba(x, 160, 1, act="relu6"), 10, out)


@model("e_mnasnet_a1_mini", "saved-model", "[None,64,64,3] MnasNet-A1-mini: Conv2D stem, SepConv (DepthwiseConv2D+BN+ReLU, 1x1 project), MBConv3/MBConv6 with 3x3 and 5x5 depthwise, some with squeeze-excite (relu/sigmoid), 1x1 head, GAP, Dropout, Dense; tf.saved_model.save")
def b_mnas(out):
    i = keras.Input((64, 64, 3))
    x = cba(dwb(cba(i, 16, s=2), 3), 8, 1, act=None)
    for f, e, k, s, gate in ((16, 3, 3, 2, None), (16, 3, 3, 1, None), (24, 3, 5, 2, "sigmoid"), (24, 3, 5, 1, "sigmoid"),
                             (40, 6, 3, 2, None), (48, 6, 3, 1, "sigmoid")):
        x = inv_res(x, f, s, e, k, "relu", gate)
    _cls(i, cba(x, 160, 1), 10, out, save="tf")


@model("e_shufflenet_v2_mini", "keras-export", "[None,64,64,3] ShuffleNetV2-mini: Conv2D + MaxPool stem, units with ops.split channel halves, 1x1 / DepthwiseConv2D / 1x1 branch, Concatenate, channel shuffle via Reshape(h,w,2,c/2) + Permute + Reshape; stride-2 units with two branches; 1x1 conv5, GAP, Dense")
def b_shuffle(out):
    def shuffle(x):
        h, w, c = x.shape[1:]
        return L.Reshape((h, w, c))(L.Permute((1, 2, 4, 3))(L.Reshape((h, w, 2, c // 2))(x)))
    def branch(x, f, s):
        return cba(dwb(cba(x, f, 1), 3, s, None), f, 1)
    def unit(x, f, s):
        if s == 1:
            a, b = ops.split(x, 2, axis=-1)
            return shuffle(L.Concatenate()([a, branch(b, f // 2, 1)]))
        return shuffle(L.Concatenate()([cba(dwb(x, 3, 2, None), f // 2, 1), branch(x, f // 2, 2)]))
    i = keras.Input((64, 64, 3))
    x = L.MaxPooling2D(3, 2, padding="same")(cba(i, 24, s=2))
    for f in (48, 96):
        x = unit(unit(unit(x, f, 2), f, 1), f, 1)
    _cls(i, cba(x, 192, 1), 10, out, drop=0.0)


@model("e_ghostnet_mini", "keras-export", "[None,64,64,3] GhostNet-mini: ghost modules (1x1 primary Conv2D + cheap 3x3 DepthwiseConv2D, Concatenate, channel slice), ghost bottlenecks with stride-2 DepthwiseConv2D, squeeze-excite with hard_sigmoid gate, depthwise+1x1 shortcuts, Add; 1x1 head, GAP, Dense")
def b_ghost(out):
    def ghost(x, f, act="relu"):
        p = cba(x, (f + 1) // 2, 1, act=act)
        return L.Concatenate()([p, dwb(p, 3, 1, act)])[..., :f]
    def bottleneck(x, mid, f, s, use_se):
        y = ghost(x, mid)
        y = dwb(y, 3, s, None) if s == 2 else y
        y = se(y, max(4, mid // 4), "relu", "hard_sigmoid") if use_se else y
        y = ghost(y, f, None)
        sc = x if s == 1 and x.shape[-1] == f else cba(dwb(x, 3, s, None), f, 1, act=None)
        return L.Add()([y, sc])
    i = keras.Input((64, 64, 3))
    x = cba(i, 16, s=2)
    for mid, f, s, use_se in ((16, 16, 1, False), (48, 24, 2, False), (72, 24, 1, False), (72, 40, 2, True),
                              (120, 40, 1, True), (240, 79, 2, False)):
        x = bottleneck(x, mid, f, s, use_se)
    _cls(i, cba(x, 240, 1), 10, out)


@model("e_squeezenet_11_mini", "saved-model", "[None,64,64,3] SqueezeNet-1.1-mini: Conv2D valid stride 2, MaxPooling2D(3,2), fire modules (1x1 squeeze, 1x1 and 3x3 expand, Concatenate), Dropout, 1x1 Conv2D relu classifier, GAP, Softmax; tf.saved_model.save")
def b_squeeze(out):
    def fire(x, s, e):
        x = L.Conv2D(s, 1, activation="relu")(x)
        return L.Concatenate()([L.Conv2D(e, 1, activation="relu")(x), L.Conv2D(e, 3, padding="same", activation="relu")(x)])
    i = keras.Input((64, 64, 3))
    x = L.MaxPooling2D(3, 2)(L.Conv2D(32, 3, strides=2, activation="relu")(i))
    x = L.MaxPooling2D(3, 2)(fire(fire(x, 8, 32), 8, 32))
    x = L.MaxPooling2D(3, 2)(fire(fire(x, 16, 64), 16, 64))
    x = L.Conv2D(10, 1, activation="relu")(L.Dropout(0.5)(fire(x, 24, 96)))
    tf.saved_model.save(keras.Model(i, L.Softmax()(L.GlobalAveragePooling2D()(x))), str(out))


@model("e_regnetx_grouped_conv", "keras-export", "[None,64,64,3] RegNetX-mini: Conv2D stem, X blocks (1x1 Conv2D, 3x3 Conv2D(groups=width/8) stride 1-2, 1x1 Conv2D, BN, projection shortcut, Add, ReLU); Keras' TF backend runs the grouped Conv2D inside a jit_compile tf.function; GAP, Dense")
def b_regnet(out):
    def xblock(x, w, s):
        y = cba(cba(cba(x, w, 1), w, 3, s, groups=w // 8), w, 1, act=None)
        sc = x if s == 1 and x.shape[-1] == w else cba(x, w, 1, s, act=None)
        return L.ReLU()(L.Add()([y, sc]))
    i = keras.Input((64, 64, 3))
    x = cba(i, 16, s=2)
    for w, n in ((24, 1), (48, 2), (96, 1)):
        for j in range(n):
            x = xblock(x, w, 2 if j == 0 else 1)
    _cls(i, x, 10, out, drop=0.0)


@model("e_mobileone_multibranch_train_form", "keras-export", "[None,64,64,3] MobileOne-mini in its un-reparameterized form: each block sums 2 DepthwiseConv2D 3x3+BN branches, a 1x1 depthwise+BN scale branch and an identity BN, ReLU, then 2 1x1 Conv2D+BN branches + identity BN, ReLU; GAP, Dense")
def b_mobileone(out):
    def block(x, f, s, k=2):
        c = x.shape[-1]
        br = [dwb(x, 3, s, None) for _ in range(k)] + [dwb(x, 1, s, None)]
        x = L.ReLU()(L.Add()(br + ([L.BatchNormalization()(x)] if s == 1 else [])))
        br = [cba(x, f, 1, act=None) for _ in range(k)]
        return L.ReLU()(L.Add()(br + ([L.BatchNormalization()(x)] if c == f else [])))
    i = keras.Input((64, 64, 3))
    x = cba(i, 16, s=2)
    for f, s in ((24, 2), (24, 1), (48, 2), (48, 1), (96, 2)):
        x = block(x, f, s)
    _cls(i, x, 10, out, drop=0.0)


@model("e_convnext_atto_mini", "keras-export", "[None,64,64,3] ConvNeXt-mini: 4x4 stride-4 patchify Conv2D + LayerNormalization, blocks (7x7 DepthwiseConv2D, LayerNormalization, Dense 4x, gelu, Dense, layer-scale weight Multiply, residual Add), LN + 2x2 stride-2 Conv2D downsample, GAP, LayerNormalization, Dense")
def b_convnext(out):
    class LayerScale(L.Layer):
        def build(self, s):
            self.gamma = self.add_weight(shape=(s[-1],), initializer=keras.initializers.Constant(1e-2))
        def call(self, x):
            return x * self.gamma
    def block(x):
        c = x.shape[-1]
        y = L.LayerNormalization(epsilon=1e-6)(L.DepthwiseConv2D(7, padding="same")(x))
        return L.Add()([x, LayerScale()(L.Dense(c)(L.Activation("gelu")(L.Dense(4 * c)(y))))])
    i = keras.Input((64, 64, 3))
    x = L.LayerNormalization(epsilon=1e-6)(L.Conv2D(24, 4, strides=4)(i))
    x = block(block(x))
    x = L.Conv2D(48, 2, strides=2)(L.LayerNormalization(epsilon=1e-6)(x))
    x = L.LayerNormalization(epsilon=1e-6)(L.GlobalAveragePooling2D()(block(block(x))))
    _export(keras.Model(i, L.Dense(10)(x)), out)

# ================================================================================ audio / microcontroller

@model("e_micro_speech_dscnn", "keras-export", "MFCC features float [1,49,10,1] fixed batch: DS-CNN (Conv2D (10,4) stride 2 + BN + ReLU, 4x DepthwiseConv2D+BN+ReLU / 1x1 Conv2D+BN+ReLU), AveragePooling2D over the map, Flatten, Dense softmax(12)")
def b_dscnn(out):
    i = keras.Input((49, 10, 1), batch_size=1)
    x = cba(i, 64, (10, 4), (2, 2))
    for _ in range(4):
        x = cba(dwb(x, 3), 64, 1)
    x = L.Flatten()(L.AveragePooling2D(x.shape[1:3])(L.Dropout(0.4)(x)))
    _export(keras.Model(i, L.Dense(12, activation="softmax")(x)), out)


@model("e_micro_speech_tiny_conv_frozen", "frozen-pb", "micro_speech 'tiny_conv': float fingerprint [1,1960] -> Reshape [49,40,1], Conv2D 8 (10,8) stride 2 + ReLU, Dropout, Flatten, Dense(4), Softmax; frozen GraphDef via convert_variables_to_constants_v2")
def b_tinyconv(out):
    i = keras.Input((1960,))
    x = L.Dropout(0.5)(L.Conv2D(8, (10, 8), strides=2, padding="same", activation="relu")(L.Reshape((49, 40, 1))(i)))
    freeze_keras(keras.Model(i, L.Softmax()(L.Dense(4)(L.Flatten()(x)))), tensor_spec([1, 1960], name="fingerprint_input"), out)


@model("e_magic_wand_imu", "keras-export", "accelerometer float [None,128,3] -> Reshape [128,3,1], Conv2D 8 (4,3) + MaxPool (3,3), Dropout, Conv2D 16 (4,1) + MaxPool (3,1), Dropout, Flatten, Dense 16, Dense softmax(4)")
def b_wand(out):
    i = keras.Input((128, 3))
    x = L.Reshape((128, 3, 1))(i)
    x = L.Dropout(0.1)(L.MaxPooling2D((3, 3), padding="same")(L.Conv2D(8, (4, 3), padding="same", activation="relu")(x)))
    x = L.Dropout(0.1)(L.MaxPooling2D((3, 1), padding="same")(L.Conv2D(16, (4, 1), padding="same", activation="relu")(x)))
    x = L.Dropout(0.5)(L.Dense(16, activation="relu")(L.Flatten()(x)))
    _export(keras.Model(i, L.Dense(4, activation="softmax")(x)), out)


@model("e_anomaly_autoencoder_dense", "keras-export", "machine-sound anomaly detection: log-mel frame stack [None,640] -> Dense+BN+ReLU encoder to an 8-wide bottleneck, mirrored decoder, Dense(640); outputs reconstruction and per-example mean squared error score")
def b_anomaly(out):
    i = x = keras.Input((640,))
    for f in (64, 64, 32, 8, 32, 64, 64):
        x = L.ReLU()(L.BatchNormalization()(L.Dense(f)(x)))
    rec = L.Dense(640)(x)
    _export(keras.Model(i, {"reconstruction": rec, "score": ops.mean(ops.square(i - rec), axis=-1)}), out)


@model("e_tcn_causal_dilated", "saved-model", "sensor window float [None,64,6] -> TCN: 4 residual blocks of 2x Conv1D(causal, dilation 1/2/4/8) + ReLU + SpatialDropout1D, residual Add (1x1 Conv1D shortcut in the first block), ReLU; last timestep slice, Dense softmax(5); tf.saved_model.save")
def b_tcn(out):
    i = x = keras.Input((64, 6))
    for d in (1, 2, 4, 8):
        y = x
        for _ in range(2):
            y = L.SpatialDropout1D(0.1)(L.Conv1D(16, 3, padding="causal", dilation_rate=d, activation="relu")(y))
        x = L.ReLU()(L.Add()([y, x if x.shape[-1] == 16 else L.Conv1D(16, 1)(x)]))
    tf.saved_model.save(keras.Model(i, L.Dense(5, activation="softmax")(x[:, -1, :])), str(out))


@model("e_crnn_kws_gru", "keras-export", "log-mel float [None,49,40] keyword spotting CRNN: Reshape, 2x Conv2D + BN + ReLU (frequency stride 2), Reshape to [49,160], GRU(32), Dense relu, Dense softmax(12)")
def b_crnn(out):
    i = keras.Input((49, 40))
    x = cba(cba(L.Reshape((49, 40, 1))(i), 16, (5, 3), (1, 2)), 16, 3, (1, 2))
    x = L.GRU(32)(L.Reshape((49, 10 * 16))(x))
    _export(keras.Model(i, L.Dense(12, activation="softmax")(L.Dense(32, activation="relu")(x))), out)


@model("e_kws_mfcc_in_model", "keras-export", "raw waveform float [None,8000] -> custom layer: tf.signal.stft (480/320, fft 512), abs, tensordot with linear_to_mel_weight_matrix, log, mfccs_from_log_mel_spectrograms (first 10); ExpandDims, DS-CNN (Conv2D + 2 depthwise-separable pairs), GAP, Dense softmax(8)")
def b_mfcc(out):
    class MFCC(L.Layer):
        def call(self, w):
            s = tf.abs(tf.signal.stft(w, frame_length=480, frame_step=320, fft_length=512))
            mel = tf.tensordot(s, tf.signal.linear_to_mel_weight_matrix(20, 257, 16000, 20.0, 4000.0), 1)
            return tf.signal.mfccs_from_log_mel_spectrograms(tf.math.log(mel + 1e-6))[..., :10]
    i = keras.Input((8000,))
    x = cba(L.Reshape((24, 10, 1))(MFCC()(i)), 32, (5, 3), (2, 1))
    for _ in range(2):
        x = cba(dwb(x, 3), 32, 1)
    _cls(i, x, 8, out, drop=0.0)

# ================================================================================ segmentation

@model("e_deeplabv3_aspp_mini", "keras-export", "[None,64,64,3] DeepLabV3-mini: MobileNetV2-style backbone to output stride 8 with dilation-2 DepthwiseConv2D, ASPP (1x1, 3x3 Conv2D dilation 2/4/6, image pooling GAP + 1x1 + bilinear UpSampling2D), Concatenate, 1x1, Resizing(64,64) bilinear; outputs logits [.,64,64,6] and int32 argmax map")
def b_deeplab(out):
    i = keras.Input((64, 64, 3))
    x = inv_res(cba(L.Rescaling(1 / 127.5, offset=-1)(i), 16, s=2, act="relu6"), 16, 2)
    x = inv_res(inv_res(inv_res(x, 24, 2), 24), 32, 1, d=2)
    pool = L.UpSampling2D(8, interpolation="bilinear")(cba(L.GlobalAveragePooling2D(keepdims=True)(x), 32, 1))
    x = L.Concatenate()([cba(x, 32, 1)] + [cba(x, 32, 3, d=d) for d in (2, 4, 6)] + [pool])
    x = L.Resizing(64, 64, interpolation="bilinear")(L.Conv2D(6, 1)(L.Dropout(0.1)(cba(x, 32, 1))))
    _export(keras.Model(i, {"logits": x, "seg_map": ops.cast(ops.argmax(x, -1), "int32")}), out)


@model("e_lraspp_mobilenetv3_mini", "keras-export", "[None,64,64,3] LR-ASPP on a MobileNetV3-style hard_swish/SE backbone: 1x1 Conv2D+BN+ReLU branch times (AveragePooling2D(3,2) + 1x1 Conv2D sigmoid + bilinear UpSampling2D) gate, bilinear upsample, Add with 1x1 logits of 1/8 features, Resizing(64,64)")
def b_lraspp(out):
    i = keras.Input((64, 64, 3))
    x = cba(L.Rescaling(1 / 127.5, offset=-1)(i), 16, s=2, act="hard_swish")
    x = inv_res(inv_res(x, 16, 2, 1, 3, "relu", "hard_sigmoid"), 24, 2, 4, 3, "relu")
    low = x = inv_res(x, 24, 1, 3, 3, "relu")
    x = inv_res(inv_res(x, 40, 2, 4, 5, "hard_swish", "hard_sigmoid"), 40, 1, 6, 5, "hard_swish", "hard_sigmoid")
    gate = L.UpSampling2D(4, interpolation="bilinear")(L.Conv2D(32, 1, activation="sigmoid")(L.AveragePooling2D(3, 2)(x)))
    x = L.UpSampling2D(2, interpolation="bilinear")(L.Multiply()([cba(x, 32, 1), gate]))
    x = L.Add()([L.Conv2D(4, 1)(x), L.Conv2D(4, 1)(low)])
    _export(keras.Model(i, L.Resizing(64, 64, interpolation="bilinear")(x)), out)


@model("e_unet_convtranspose_frozen", "frozen-pb", "[1,64,64,3] U-Net-mini: 3 encoder levels of 2x Conv2D+ReLU + MaxPool, bottleneck, Conv2DTranspose(2, stride 2) upsampling, Concatenate skips, 1x1 Conv2D softmax(2); frozen GraphDef via convert_variables_to_constants_v2")
def b_unet(out):
    i = x = keras.Input((64, 64, 3))
    skips = []
    for f in (8, 16, 32):
        x = L.Conv2D(f, 3, padding="same", activation="relu")(L.Conv2D(f, 3, padding="same", activation="relu")(x))
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = L.Conv2D(64, 3, padding="same", activation="relu")(x)
    for f, s in zip((32, 16, 8), reversed(skips)):
        x = L.Concatenate()([L.Conv2DTranspose(f, 2, strides=2)(x), s])
        x = L.Conv2D(f, 3, padding="same", activation="relu")(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    freeze_keras(keras.Model(i, L.Conv2D(2, 1, activation="softmax")(x)), tensor_spec([1, 64, 64, 3], name="image"), out)


@model("e_fpn_nearest_bilinear", "saved-model", "[None,64,64,3] FPN: strided Conv2D+BN+ReLU backbone (C3..C5), 1x1 laterals, top-down nearest UpSampling2D + Add and bilinear UpSampling2D + Add, 3x3 smoothing convs, stride-2 P6; dict outputs p3..p6; tf.saved_model.save")
def b_fpn(out):
    i = keras.Input((64, 64, 3))
    c2 = cba(cba(i, 16, s=2), 16, s=2)
    c3 = cba(c2, 24, s=2)
    c4 = cba(c3, 48, s=2)
    c5 = cba(c4, 64, s=2)
    p5 = L.Conv2D(32, 1)(c5)
    p4 = L.Add()([L.Conv2D(32, 1)(c4), L.UpSampling2D(2, interpolation="nearest")(p5)])
    p3 = L.Add()([L.Conv2D(32, 1)(c3), L.UpSampling2D(2, interpolation="bilinear")(p4)])
    outs = {f"p{k}": L.Conv2D(32, 3, padding="same")(p) for k, p in ((3, p3), (4, p4), (5, p5))}
    outs["p6"] = L.Conv2D(32, 3, strides=2, padding="same")(p5)
    tf.saved_model.save(keras.Model(i, outs), str(out))


@model("e_selfie_segmentation_mini", "keras-export", "[1,64,64,3] fixed batch, selfie-segmentation-like: hard_swish stem, inverted residuals with SE (hard_sigmoid) down to 1/16, decoder of bilinear UpSampling2D + 1x1 skip Add + GAP/1x1/sigmoid channel attention Multiply, Conv2DTranspose(1, 2, stride 2), sigmoid mask")
def b_selfie(out):
    i = keras.Input((64, 64, 3), batch_size=1)
    s1 = x = cba(i, 16, s=2, act="hard_swish")
    s2 = x = inv_res(x, 16, 2, 2, 3, "relu", "hard_sigmoid")
    s3 = x = inv_res(inv_res(x, 24, 2, 4, 3, "relu"), 24, 1, 3, 3, "relu")
    x = inv_res(inv_res(x, 40, 2, 4, 5, "hard_swish", "hard_sigmoid"), 40, 1, 6, 5, "hard_swish", "hard_sigmoid")
    for skip, f in ((s3, 24), (s2, 16), (s1, 16)):
        x = L.Add()([cba(L.UpSampling2D(2, interpolation="bilinear")(x), f, 1), cba(skip, f, 1)])
        g = L.Conv2D(f, 1, activation="sigmoid")(L.GlobalAveragePooling2D(keepdims=True)(x))
        x = L.Multiply()([x, g])
    _export(keras.Model(i, L.Conv2DTranspose(1, 2, strides=2, activation="sigmoid")(x)), out)


@model("e_dynamic_hw_fcn_resize_back", "keras-export", "float [None,None,None,3] (dynamic height/width): strided Conv2D+BN+ReLU encoder, custom layer tf.image.resize (bilinear) back to tf.shape(input)[1:3], sigmoid mask; second output GlobalMaxPooling2D + Dense softmax(4)")
def b_dynfcn(out):
    class ResizeLike(L.Layer):
        def call(self, inputs):
            return tf.image.resize(inputs[0], tf.shape(inputs[1])[1:3], method="bilinear")
    i = keras.Input((None, None, 3))
    x = cba(cba(cba(i, 16, s=2), 24, s=2), 32, s=2)
    mask = L.Activation("sigmoid")(ResizeLike()([L.Conv2D(1, 1)(x), i]))
    _export(keras.Model(i, {"mask": mask, "scene": L.Dense(4, activation="softmax")(L.GlobalMaxPooling2D()(x))}), out)

# ================================================================================ detection

def _ssd_parts(num_classes=3):
    """SSDLite-mini keras model (box encodings [B,N,4], class logits [B,N,C+1]) and a box decode function."""
    i = keras.Input((64, 64, 3))
    x = inv_res(cba(L.Rescaling(1 / 127.5, offset=-1)(i), 16, s=2, act="relu6"), 16, 2)
    c4 = inv_res(inv_res(x, 24, 2), 24)
    c5 = inv_res(c4, 48, 2)
    boxes, classes, A = [], [], 3
    for f in (c4, c5):
        boxes.append(L.Reshape((-1, 4))(L.Conv2D(A * 4, 1)(dwb(f, 3, 1, "relu6"))))
        classes.append(L.Reshape((-1, num_classes + 1))(L.Conv2D(A * (num_classes + 1), 1)(dwb(f, 3, 1, "relu6"))))
    m = keras.Model(i, [L.Concatenate(1)(boxes), L.Concatenate(1)(classes)])
    anchors = [((y + .5) / fs, (x + .5) / fs, sc / np.sqrt(ar), sc * np.sqrt(ar))
               for fs, sc in ((8, .2), (4, .45)) for y in range(fs) for x in range(fs) for ar in (1.0, 2.0, 0.5)]
    ya, xa, ha, wa = tf.unstack(tf.constant(np.array(anchors, "float32")), axis=-1)
    def decode(enc):
        ty, tx, th, tw = tf.unstack(enc, axis=-1)
        yc, xc, h, w = ty / 10 * ha + ya, tx / 10 * wa + xa, tf.exp(th / 5) * ha, tf.exp(tw / 5) * wa
        return tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], -1)
    return m, decode


@model("e_ssdlite_anchor_decode", "tf-module", "tf.Module: float [None,64,64,3] -> SSDLite-mini (MobileNetV2-style backbone, DepthwiseConv2D+1x1 box/class heads on 8x8 and 4x4 maps, Reshape, Concatenate) then anchor box decode (unstack, constant anchors, exp, scale factors 10/5, stack) and sigmoid scores")
def b_ssdlite(out):
    m, decode = _ssd_parts()
    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="images")])
    def serve(img):
        enc, logits = m(img, training=False)
        return {"boxes": decode(enc), "scores": tf.sigmoid(logits)}
    serve_module(out, {"model": m}, serving_default=serve)


@model("e_ssd_uint8_combined_nms", "tf-module", "tf.Module: uint8 [1,64,64,3] -> tf.cast, SSDLite-mini, anchor decode, softmax, tf.image.combined_non_max_suppression (10 per class, 10 total) -> detection_boxes/scores/classes/num_detections")
def b_ssdnms(out):
    m, decode = _ssd_parts()
    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "images")])
    def serve(img):
        enc, logits = m(tf.cast(img, tf.float32), training=False)
        b, s, c, n = tf.image.combined_non_max_suppression(decode(enc)[:, :, None, :], tf.nn.softmax(logits)[..., 1:],
                                                           10, 10, iou_threshold=0.5, score_threshold=0.05)
        return {"detection_boxes": b, "detection_scores": s, "detection_classes": c, "num_detections": n}
    serve_module(out, {"model": m}, serving_default=serve)


@model("e_blazeface_mini", "keras-export", "[1,64,64,3] fixed batch BlazeFace-mini: 5x5 Conv2D stride 2, Blaze blocks (5x5 DepthwiseConv2D + 1x1 Conv2D + BN, MaxPool2D shortcut with ops.pad channel padding, Add, ReLU), heads on 8x8 (2 anchors) and 4x4 (6 anchors): Conv2D, Reshape, Concatenate -> regressors [1,224,16], classificators [1,224,1]")
def b_blaze(out):
    def blaze(x, f, s=1):
        c = x.shape[-1]
        y = cba(L.DepthwiseConv2D(5, strides=s, padding="same")(x), f, 1, act=None)
        sc = L.MaxPooling2D(2)(x) if s == 2 else x
        sc = ops.pad(sc, [[0, 0], [0, 0], [0, 0], [0, f - c]]) if f > c else sc
        return L.ReLU()(L.Add()([y, sc]))
    i = keras.Input((64, 64, 3), batch_size=1)
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(24, 5, strides=2, padding="same")(i)))
    for f, s in ((24, 1), (28, 1), (32, 2), (36, 1), (42, 1)):
        x = blaze(x, f, s)
    x8 = blaze(blaze(blaze(x, 48, 2), 56), 64)
    x4 = blaze(blaze(x8, 96, 2), 96)
    reg = L.Concatenate(1)([L.Reshape((-1, 16))(L.Conv2D(a * 16, 1)(f)) for f, a in ((x8, 2), (x4, 6))])
    cls = L.Concatenate(1)([L.Reshape((-1, 1))(L.Conv2D(a, 1)(f)) for f, a in ((x8, 2), (x4, 6))])
    _export(keras.Model(i, {"regressors": reg, "classificators": cls}), out)


@model("e_yolo_tiny_grid_decode", "keras-export", "[None,64,64,3] YOLO-tiny-mini: Conv2D+BN+LeakyReLU(0.1) + MaxPool backbone, 1x1 head 3x(5+4) on 8x8, custom decode layer (reshape [B,8,8,3,9], sigmoid xy + constant grid, exp wh * anchors, sigmoid obj/classes, corner boxes, concat) -> [B,192,9]")
def b_yolo(out):
    gy, gx = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")
    grid = np.stack([gx, gy], -1)[None, :, :, None, :].astype("float32")
    anchors = np.array([[10, 14], [23, 27], [37, 58]], "float32")
    class YoloDecode(L.Layer):
        def call(self, t):
            t = tf.reshape(t, [-1, 8, 8, 3, 9])
            xy = (tf.sigmoid(t[..., :2]) + grid) / 8.0
            wh = tf.exp(t[..., 2:4]) * anchors / 64.0
            box = tf.concat([xy - wh / 2, xy + wh / 2, tf.sigmoid(t[..., 4:])], -1)
            return tf.reshape(box, [-1, 8 * 8 * 3, 9])
    i = x = keras.Input((64, 64, 3))
    for f in (16, 32, 64):
        x = L.MaxPooling2D(2)(L.LeakyReLU(0.1)(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(x))))
    x = L.LeakyReLU(0.1)(L.BatchNormalization()(L.Conv2D(128, 3, padding="same", use_bias=False)(x)))
    _export(keras.Model(i, YoloDecode()(L.Conv2D(27, 1)(x))), out)


@model("e_yolo_soft_nms_boolean_mask", "tf-module", "tf.Module: float [1,64,64,3] -> YOLO-like single-scale head (8x8x3 anchors, 2 classes), decode, obj*class score max, tf.boolean_mask by score > 0.25 (data-dependent length), tf.image.non_max_suppression_with_scores (soft-NMS sigma 0.5), tf.gather -> variable-length boxes/scores/classes")
def b_yolonms(out):
    i = x = keras.Input((64, 64, 3))
    for f in (16, 32, 48):
        x = cba(x, f, s=2, act="leaky_relu")
    m = keras.Model(i, L.Reshape((-1, 7))(L.Conv2D(3 * 7, 1)(x)))
    gy, gx = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")
    centers = tf.constant(np.repeat(np.stack([gy, gx], -1).reshape(-1, 2), 3, 0).astype("float32"))
    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(img):
        t = m(img, training=False)[0]
        yx, hw = (tf.sigmoid(t[:, :2]) + centers) / 8.0, tf.exp(tf.clip_by_value(t[:, 2:4], -4.0, 4.0)) * 0.1
        boxes = tf.concat([yx - hw / 2, yx + hw / 2], -1)
        cls = tf.sigmoid(t[:, 4:5]) * tf.sigmoid(t[:, 5:])
        scores, classes = tf.reduce_max(cls, -1), tf.argmax(cls, -1, output_type=tf.int32)
        keep = scores > 0.25
        boxes, scores, classes = tf.boolean_mask(boxes, keep), tf.boolean_mask(scores, keep), tf.boolean_mask(classes, keep)
        sel, sel_scores = tf.image.non_max_suppression_with_scores(boxes, scores, 20, 0.5, 0.25, soft_nms_sigma=0.5)
        return {"boxes": tf.gather(boxes, sel), "scores": sel_scores, "classes": tf.gather(classes, sel)}
    serve_module(out, {"model": m}, serving_default=serve)


@model("e_centernet_maxpool_topk", "keras-export", "[None,64,64,3] CenterNet-mini: strided conv backbone + Conv2DTranspose to 16x16, heatmap (sigmoid, 3 classes), wh and offset heads; custom decode layer: MaxPool2D(3, stride 1) peak mask via tf.equal, flatten, tf.math.top_k(10), floordiv/mod unravel, tf.gather(batch_dims=1) -> boxes, scores, int32 classes")
def b_centernet(out):
    class Decode(L.Layer):
        def call(self, inputs):
            heat, wh, off = inputs
            peaks = heat * tf.cast(tf.equal(tf.nn.max_pool2d(heat, 3, 1, "SAME"), heat), heat.dtype)
            scores, idx = tf.math.top_k(tf.reshape(peaks, [-1, 16 * 16 * 3]), k=10)
            cls, pix = idx % 3, idx // 3
            ys, xs = tf.cast(pix // 16, tf.float32), tf.cast(pix % 16, tf.float32)
            wh, off = (tf.gather(tf.reshape(t, [-1, 256, 2]), pix, batch_dims=1) for t in (wh, off))
            cx, cy = xs + off[..., 0], ys + off[..., 1]
            boxes = tf.stack([cy - wh[..., 1] / 2, cx - wh[..., 0] / 2, cy + wh[..., 1] / 2, cx + wh[..., 0] / 2], -1) * 4.0
            return boxes, scores, cls
    i = keras.Input((64, 64, 3))
    x = cba(cba(cba(i, 16, s=2), 24, s=2), 48, s=2)
    x = cba(L.Conv2DTranspose(32, 4, strides=2, padding="same")(x), 32, 1)
    heads = [L.Conv2D(n, 1, activation=a)(cba(x, 32, 3)) for n, a in ((3, "sigmoid"), (2, "relu"), (2, None))]
    b, s, c = Decode()(heads)
    _export(keras.Model(i, {"boxes": b, "scores": s, "classes": c}), out)

# ================================================================================ pose / landmarks

@model("e_pose_soft_argmax", "keras-export", "[1,64,64,3] fixed batch pose model: MobileNetV2-style encoder, bilinear UpSampling2D to 16x16, 17 keypoint heatmaps; custom soft-argmax layer (reshape, softmax over H*W with beta 10, tensordot with constant coordinate grids, reduce_max confidence) -> keypoints [1,17,3]")
def b_softargmax(out):
    ys, xs = np.meshgrid(np.arange(16) / 15.0, np.arange(16) / 15.0, indexing="ij")
    coords = np.stack([ys.reshape(-1), xs.reshape(-1)], -1).astype("float32")  # [256, 2]
    class SoftArgmax(L.Layer):
        def call(self, h):
            h = tf.transpose(tf.reshape(h, [-1, 256, 17]), [0, 2, 1])
            p = tf.nn.softmax(h * 10.0, axis=-1)
            return tf.concat([tf.tensordot(p, coords, 1), tf.reduce_max(tf.sigmoid(h), -1, keepdims=True)], -1)
    i = keras.Input((64, 64, 3), batch_size=1)
    x = inv_res(inv_res(cba(i, 16, s=2, act="relu6"), 24, 2), 32, 2)
    x = inv_res(inv_res(x, 48, 1), 48)
    x = cba(L.UpSampling2D(2, interpolation="bilinear")(x), 32, 3, act="relu6")
    _export(keras.Model(i, SoftArgmax()(L.Conv2D(17, 1)(x))), out)


@model("e_posenet_argmax_gather_nd", "tf-module", "tf.Module: float [None,65,65,3] PoseNet-mini (MobileNetV1-style depthwise-separable stack, output stride 8 -> 9x9), sigmoid heatmaps(17) + offsets(34); serving: transpose, argmax (int32) over H*W, floordiv/mod, tf.gather_nd of offsets with stacked batch/y/x/k indices -> keypoints [B,17,2], scores")
def b_posenet(out):
    i = keras.Input((65, 65, 3))
    x = cba(L.Rescaling(1 / 127.5, offset=-1)(i), 16, s=2, act="relu6")
    for f, s in ((32, 1), (48, 2), (48, 1), (64, 2), (64, 1)):
        x = cba(dwb(x, 3, s, "relu6"), f, 1, act="relu6")
    m = keras.Model(i, [L.Conv2D(17, 1, activation="sigmoid")(x), L.Conv2D(34, 1)(x)])
    @tf.function(input_signature=[tensor_spec([None, 65, 65, 3], name="image")])
    def serve(img):
        heat, off = m(img, training=False)
        hw = tf.shape(heat)[2]
        flat = tf.reshape(tf.transpose(heat, [0, 3, 1, 2]), [tf.shape(heat)[0], 17, -1])
        idx = tf.argmax(flat, -1, output_type=tf.int32)
        y, x = idx // hw, idx % hw
        b = tf.broadcast_to(tf.range(tf.shape(heat)[0])[:, None], tf.shape(idx))
        k = tf.broadcast_to(tf.range(17)[None, :], tf.shape(idx))
        oy, ox = tf.gather_nd(off, tf.stack([b, y, x, k], -1)), tf.gather_nd(off, tf.stack([b, y, x, k + 17], -1))
        kp = tf.stack([tf.cast(y, tf.float32) * 8.0 + oy, tf.cast(x, tf.float32) * 8.0 + ox], -1)
        return {"keypoints": kp, "scores": tf.reduce_max(flat, -1)}
    serve_module(out, {"model": m}, serving_default=serve)

# ================================================================================ small transformers

@model("e_levit_attention_bias_gather", "keras-export", "[None,64,64,3] LeViT-mini: 3 stride-2 Conv2D+BN stem with hard_swish, Reshape to 64 tokens, attention layer with learned attention-bias table tf.gather'ed by a constant [64,64] offset index, softmax, hard_swish, Dense; hard_swish MLP; mean over tokens; class and distillation Dense heads averaged")
def b_levit(out):
    pts = [(a, b) for a in range(8) for b in range(8)]
    offsets, idx = {}, []
    for p in pts:
        for q in pts:
            idx.append(offsets.setdefault((abs(p[0] - q[0]), abs(p[1] - q[1])), len(offsets)))
    idx = np.array(idx, "int32").reshape(64, 64)
    class BiasAttention(L.Layer):
        def __init__(self, heads=2, kd=8, vd=16):
            super().__init__()
            self.h, self.kd, self.vd = heads, kd, vd
            self.qkv, self.proj = L.Dense(heads * (2 * kd + vd)), L.Dense(32)
        def build(self, s):
            self.biases = self.add_weight(shape=(self.h, len(offsets)), initializer="zeros")
        def call(self, x):
            t = tf.transpose(tf.reshape(self.qkv(x), [-1, 64, self.h, 2 * self.kd + self.vd]), [0, 2, 1, 3])
            q, k, v = tf.split(t, [self.kd, self.kd, self.vd], -1)
            a = tf.matmul(q, k, transpose_b=True) * self.kd ** -0.5 + tf.gather(self.biases, idx, axis=1)[None]
            y = tf.matmul(tf.nn.softmax(a), v)
            y = tf.reshape(tf.transpose(y, [0, 2, 1, 3]), [-1, 64, self.h * self.vd])
            return self.proj(keras.activations.hard_swish(y))
    i = keras.Input((64, 64, 3))
    x = cba(cba(cba(i, 16, s=2, act="hard_swish"), 24, s=2, act="hard_swish"), 32, s=2, act=None)
    x = L.Reshape((64, 32))(x)
    for _ in range(2):
        x = L.Add()([x, BiasAttention()(x)])
        x = L.Add()([x, L.Dense(32)(L.Activation("hard_swish")(L.Dense(64)(x)))])
    x = L.GlobalAveragePooling1D()(x)
    _export(keras.Model(i, L.Average()([L.Dense(10)(x), L.Dense(10)(x)])), out)


@model("e_efficientformer_mini", "keras-export", "[None,64,64,3] EfficientFormer-mini: 2 stride-2 Conv2D+BN+ReLU stem, Meta4D blocks (AveragePooling2D(3, stride 1) minus input token mixer, 1x1 Conv2D+BN gelu MLP), stride-2 Conv2D downsample, Reshape to tokens, Meta3D block (LayerNormalization, MultiHeadAttention, gelu Dense MLP), LN, GAP1D, Dense")
def b_effformer(out):
    def meta4d(x):
        c = x.shape[-1]
        x = L.Add()([x, L.Subtract()([L.AveragePooling2D(3, 1, padding="same")(x), x])])
        return L.Add()([x, cba(cba(x, 4 * c, 1, act="gelu"), c, 1, act=None)])
    i = keras.Input((64, 64, 3))
    x = meta4d(meta4d(cba(cba(i, 16, s=2), 24, s=2)))
    x = meta4d(cba(x, 48, s=2, act=None))
    x = L.Reshape((64, 48))(cba(x, 48, s=1, act=None))
    y = L.LayerNormalization()(x)
    x = L.Add()([x, L.MultiHeadAttention(4, 12)(y, y)])
    x = L.Add()([x, L.Dense(48)(L.Dense(96, activation="gelu")(L.LayerNormalization()(x)))])
    _export(keras.Model(i, L.Dense(10)(L.GlobalAveragePooling1D()(L.LayerNormalization()(x)))), out)


@model("e_tiny_bert_int32", "keras-export", "tiny BERT with int32 [None,24] input_word_ids / input_mask / input_type_ids: word + type Embeddings + position weights, LayerNormalization, 2 encoder layers (MultiHeadAttention with attention_mask from input_mask, hand-written erf gelu), tanh pooler on token 0, Dense(3) logits")
def b_bert(out):
    class PositionAdd(L.Layer):
        def build(self, s):
            self.pos = self.add_weight(shape=(s[1], s[2]), initializer="random_normal")
        def call(self, x):
            return x + self.pos[None]
    def gelu_erf(t):
        return 0.5 * t * (1.0 + tf.math.erf(t * 0.70710678))
    ids, mask, types = (keras.Input((24,), dtype="int32", name=n) for n in ("input_word_ids", "input_mask", "input_type_ids"))
    x = L.Add()([L.Embedding(500, 32)(ids), L.Embedding(2, 32)(types)])
    x = L.LayerNormalization(epsilon=1e-12)(PositionAdd()(x))
    att_mask = ops.cast(ops.expand_dims(mask, 1), "bool")
    for _ in range(2):
        x = L.LayerNormalization(epsilon=1e-12)(L.Add()([x, L.MultiHeadAttention(2, 16)(x, x, attention_mask=att_mask)]))
        f = L.Dense(32)(L.Lambda(gelu_erf)(L.Dense(64)(x)))
        x = L.LayerNormalization(epsilon=1e-12)(L.Add()([x, f]))
    pooled = L.Dense(32, activation="tanh")(x[:, 0, :])
    _export(keras.Model([ids, mask, types], {"pooled_output": pooled, "logits": L.Dense(3)(pooled)}), out)

# ================================================================================ norms / activations

@model("e_activation_zoo_convnet", "keras-export", "[None,32,32,3] chain of 3x3 Conv2D(8) each followed by a different activation: swish, gelu exact, gelu approximate (ops.gelu), mish, elu, selu, softplus, softsign, PReLU(shared H,W), LeakyReLU(0.1), hand-written hard_swish x*relu6(x+3)/6, tf.math.erf, tf.clip_by_value(-1,1); GAP, Dense")
def b_actzoo(out):
    acts = ["swish", "gelu", L.Lambda(lambda t: ops.gelu(t, approximate=True)), "mish", "elu", "selu", "softplus",
            "softsign", L.PReLU(shared_axes=[1, 2]), L.LeakyReLU(0.1), L.Lambda(lambda t: t * tf.nn.relu6(t + 3.0) / 6.0),
            L.Lambda(tf.math.erf), L.Lambda(lambda t: tf.clip_by_value(t, -1.0, 1.0))]
    i = x = keras.Input((32, 32, 3))
    for k, a in enumerate(acts):
        x = L.Conv2D(8, 3, strides=2 if k in (3, 7) else 1, padding="same")(x)
        x = L.Activation(a)(x) if isinstance(a, str) else a(x)
    _export(keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x))), out)


@model("e_groupnorm_weightstd_instancenorm", "keras-export", "[None,48,48,3] BiT-style convnet: weight-standardized Conv2D subclass (kernel mean/var normalized in call), GroupNormalization(groups=8), GroupNormalization(groups=-1) as instance norm, hand-written instance norm via tf.nn.moments over H,W with learned scale/offset, LayerNormalization over (H,W,C); residual Adds, GAP, Dense")
def b_gn(out):
    class StdConv2D(L.Conv2D):
        def convolution_op(self, inputs, kernel):
            m, v = tf.nn.moments(kernel, axes=[0, 1, 2], keepdims=True)
            return super().convolution_op(inputs, (kernel - m) / tf.sqrt(v + 1e-10))
    class InstanceNorm(L.Layer):
        def build(self, s):
            self.g = self.add_weight(shape=(s[-1],), initializer="ones")
            self.b = self.add_weight(shape=(s[-1],), initializer="zeros")
        def call(self, x):
            m, v = tf.nn.moments(x, axes=[1, 2], keepdims=True)
            return (x - m) * tf.math.rsqrt(v + 1e-5) * self.g + self.b
    i = keras.Input((48, 48, 3))
    x = L.MaxPooling2D(3, 2, padding="same")(StdConv2D(32, 5, strides=2, padding="same", use_bias=False)(i))
    for norm in (lambda: L.GroupNormalization(8), lambda: L.GroupNormalization(-1), InstanceNorm):
        y = StdConv2D(32, 3, padding="same", use_bias=False)(L.ReLU()(norm()(x)))
        x = L.Add()([x, StdConv2D(32, 3, padding="same", use_bias=False)(L.ReLU()(norm()(y)))])
    x = L.ReLU()(L.LayerNormalization(axis=[1, 2, 3])(x))
    _export(keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x))), out)

# ================================================================================ quantization-related / dtypes

@model("e_qat_fake_quant_per_tensor", "keras-export", "[None,32,32,3] QAT-style net from custom layers: tf.quantization.fake_quant_with_min_max_vars on activations (min/max non-trainable variables, 8 bit) and on conv/dense kernels (narrow_range), tf.nn.conv2d + bias, relu6, AvgPool, tf.matmul")
def b_qat(out):
    class FQ(L.Layer):
        def __init__(self, lo, hi):
            super().__init__()
            self.lo, self.hi = lo, hi
        def build(self, s):
            self.mn = self.add_weight(shape=(), initializer=keras.initializers.Constant(self.lo), trainable=False)
            self.mx = self.add_weight(shape=(), initializer=keras.initializers.Constant(self.hi), trainable=False)
        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_vars(x, self.mn, self.mx, num_bits=8)
    class FQConv(L.Layer):
        def __init__(self, f, k=3, s=1):
            super().__init__()
            self.f, self.k, self.s = f, k, s
        def build(self, sh):
            kshape = (self.k, self.k, sh[-1], self.f) if self.k else (sh[-1], self.f)
            self.w = self.add_weight(shape=kshape, initializer="glorot_uniform")
            self.b = self.add_weight(shape=(self.f,), initializer="zeros")
            self.wmin = self.add_weight(shape=(), initializer=keras.initializers.Constant(-1.0), trainable=False)
            self.wmax = self.add_weight(shape=(), initializer=keras.initializers.Constant(1.0), trainable=False)
        def call(self, x):
            w = tf.quantization.fake_quant_with_min_max_vars(self.w, self.wmin, self.wmax, num_bits=8, narrow_range=True)
            y = tf.nn.conv2d(x, w, self.s, "SAME") if self.k else tf.matmul(x, w)
            return tf.nn.bias_add(y, self.b)
    i = keras.Input((32, 32, 3))
    x = FQ(-1.0, 1.0)(L.Rescaling(1 / 127.5, offset=-1)(i))
    for f, s in ((16, 2), (32, 1), (32, 2), (64, 2)):
        x = FQ(0.0, 6.0)(L.ReLU(6.0)(FQConv(f, 3, s)(x)))
    x = FQ(0.0, 6.0)(L.Flatten()(L.AveragePooling2D(4)(x)))
    _export(keras.Model(i, L.Softmax()(FQ(-8.0, 8.0)(FQConv(10, 0)(x)))), out)


@model("e_qat_fake_quant_per_channel_frozen", "frozen-pb", "[1,32,32,3] QAT-style graph: fake_quant_with_min_max_args on the input, fake_quant_with_min_max_vars_per_channel on Conv2D kernels and on reshaped DepthwiseConv2D kernels (narrow_range), fake_quant_with_min_max_vars on ReLU6 activations, Dense logits; frozen GraphDef via convert_variables_to_constants_v2")
def b_qatpc(out):
    class PCConv(L.Layer):
        def __init__(self, f, k, s, depthwise=False):
            super().__init__()
            self.f, self.k, self.s, self.dw = f, k, s, depthwise
        def build(self, sh):
            c = sh[-1]
            n = c if self.dw else self.f
            self.w = self.add_weight(shape=(self.k, self.k, c, 1 if self.dw else self.f), initializer="glorot_uniform")
            self.b = self.add_weight(shape=(n,), initializer="zeros")
            self.mn = self.add_weight(shape=(n,), initializer=keras.initializers.Constant(-0.5), trainable=False)
            self.mx = self.add_weight(shape=(n,), initializer=keras.initializers.Constant(0.5), trainable=False)
            self.amn = self.add_weight(shape=(), initializer="zeros", trainable=False)
            self.amx = self.add_weight(shape=(), initializer=keras.initializers.Constant(6.0), trainable=False)
        def call(self, x):
            fq = tf.quantization.fake_quant_with_min_max_vars_per_channel
            if self.dw:
                c = self.w.shape[2]
                w = tf.reshape(fq(tf.reshape(self.w, [self.k, self.k, 1, c]), self.mn, self.mx, narrow_range=True), self.w.shape)
                y = tf.nn.depthwise_conv2d(x, w, [1, self.s, self.s, 1], "SAME")
            else:
                y = tf.nn.conv2d(x, fq(self.w, self.mn, self.mx, narrow_range=True), self.s, "SAME")
            return tf.quantization.fake_quant_with_min_max_vars(tf.nn.relu6(y + self.b), self.amn, self.amx)
    i = keras.Input((32, 32, 3))
    x = L.Lambda(lambda t: tf.quantization.fake_quant_with_min_max_args(t, -1.0, 1.0))(i)
    x = PCConv(16, 3, 2)(x)
    for f, s in ((24, 2), (32, 2)):
        x = PCConv(f, 1, 1)(PCConv(None, 3, s, depthwise=True)(x))
    freeze_keras(keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x))), tensor_spec([1, 32, 32, 3], name="input"), out)


@model("e_uint8_topk_temperature_outputs", "keras-export", "uint8 [None,48,48,3] -> Lambda tf.cast + scale to [-1,1], small depthwise-separable CNN, logits; outputs: softmax(logits / 2.0) probabilities, tf.math.top_k(3) scores and int32 indices, int32 argmax")
def b_uint8topk(out):
    class TopK(L.Layer):
        def call(self, p):
            return tf.math.top_k(p, k=3)
    i = keras.Input((48, 48, 3), dtype="uint8")
    x = L.Lambda(lambda t: tf.cast(t, tf.float32) / 127.5 - 1.0)(i)
    x = cba(x, 16, s=2, act="relu6")
    for f in (24, 32, 48):
        x = cba(dwb(x, 3, 2, "relu6"), f, 1, act="relu6")
    logits = L.Dense(20)(L.GlobalAveragePooling2D()(x))
    probs = L.Softmax()(L.Rescaling(0.5)(logits))
    vals, idx = TopK()(probs)
    _export(keras.Model(i, {"probabilities": probs, "top3_scores": vals, "top3_classes": idx,
                            "class_id": ops.cast(ops.argmax(logits, -1), "int32")}), out)


@model("e_int8_in_int8_out_manual_quant", "tf-module", "tf.Module: int8 [1,32,32,3] -> cast, manual dequantize ((x + 128) / 255), float MobileNet-style CNN with softmax, manual requantize (tf.round(p * 256) - 128, clip_by_value to [-128,127], cast int8); outputs int8 scores and float probabilities")
def b_int8io(out):
    i = keras.Input((32, 32, 3))
    x = cba(i, 16, s=2, act="relu6")
    for f in (24, 32):
        x = cba(dwb(x, 3, 2, "relu6"), f, 1, act="relu6")
    m = keras.Model(i, L.Dense(5, activation="softmax")(L.GlobalAveragePooling2D()(x)))
    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], "int8", "input_int8")])
    def serve(q):
        p = m((tf.cast(q, tf.float32) + 128.0) / 255.0, training=False)
        return {"scores_int8": tf.cast(tf.clip_by_value(tf.round(p * 256.0) - 128.0, -128.0, 127.0), tf.int8), "probabilities": p}
    serve_module(out, {"model": m}, serving_default=serve)


@model("e_int32_image_round_clip", "keras-export", "int32 image [None,32,32,3] -> Lambda tf.cast float, Normalization (per-channel ImageNet mean/var on 0..255), Conv2D+BN+ReLU stack, GAP; outputs count = tf.round(relu(Dense)) and age = tf.clip_by_value(Dense, 0, 100)")
def b_int32img(out):
    i = keras.Input((32, 32, 3), dtype="int32")
    x = L.Normalization(mean=[123.7, 116.3, 103.5], variance=[58.4 ** 2, 57.1 ** 2, 57.4 ** 2])(L.Lambda(lambda t: tf.cast(t, tf.float32))(i))
    x = L.GlobalAveragePooling2D()(cba(cba(cba(x, 16, s=2), 32, s=2), 48, s=2))
    count = L.Lambda(lambda t: tf.round(tf.nn.relu(t)))(L.Dense(1)(x))
    age = L.Lambda(lambda t: tf.clip_by_value(t, 0.0, 100.0))(L.Dense(1)(x))
    _export(keras.Model(i, {"count": count, "age": age}), out)


@model("e_condconv_routing_batch1", "keras-export", "[1,32,32,3] fixed batch CondConv-mini: custom layer computes routing weights (GAP, Dense, sigmoid) and mixes 4 expert kernels per call with tensordot, then tf.nn.conv2d with the computed (non-constant) kernel; 3 such layers + BN + swish, GAP, Dense")
def b_condconv(out):
    class CondConv(L.Layer):
        def __init__(self, f, s, experts=4):
            super().__init__()
            self.f, self.s, self.e = f, s, experts
            self.route = L.Dense(experts, activation="sigmoid")
        def build(self, sh):
            self.kernels = self.add_weight(shape=(self.e, 3, 3, sh[-1], self.f), initializer="glorot_uniform")
        def call(self, x):
            r = self.route(tf.reduce_mean(x, [1, 2]))[0]
            return tf.nn.conv2d(x, tf.tensordot(r, self.kernels, 1), self.s, "SAME")
    i = x = keras.Input((32, 32, 3), batch_size=1)
    for f, s in ((16, 2), (32, 2), (48, 1)):
        x = L.Activation("swish")(L.BatchNormalization()(CondConv(f, s)(x)))
    _export(keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x))), out)

# ================================================================================ image pre/post-processing inside the model

@model("e_resize_methods_zoo", "keras-export", "[None,40,40,3] custom layer resizing to 24x24 with tf.image.resize nearest, bilinear(antialias), bicubic, area, lanczos3, lanczos5, gaussian, mitchellcubic, plus tf.compat.v1.image.resize_bilinear(align_corners) and resize_nearest_neighbor(half_pixel_centers); Concatenate, Conv2D, GAP, Dense")
def b_resizezoo(out):
    class ResizeZoo(L.Layer):
        def call(self, x):
            outs = [tf.image.resize(x, [24, 24], method=m, antialias=(m == "bilinear"))
                    for m in ("nearest", "bilinear", "bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic")]
            outs.append(tf.compat.v1.image.resize_bilinear(x, [24, 24], align_corners=True))
            outs.append(tf.compat.v1.image.resize_nearest_neighbor(x, [24, 24], half_pixel_centers=True))
            return tf.concat(outs, -1)
    i = keras.Input((40, 40, 3))
    x = cba(cba(ResizeZoo()(i), 16, s=2), 32, s=2)
    _export(keras.Model(i, L.Dense(5)(L.GlobalAveragePooling2D()(x))), out)


@model("e_pixelshuffle_sr_x2", "keras-export", "[1,32,32,3] fixed batch super-resolution: tf.nn.space_to_depth(2) in a Lambda, Conv2D+PReLU stack, Conv2D to 48 channels, tf.nn.depth_to_space(4), Add with bilinear UpSampling2D(2) of the input, tf.clip_by_value(0,1) -> [1,64,64,3]")
def b_pixshuf(out):
    i = keras.Input((32, 32, 3), batch_size=1)
    x = L.Lambda(lambda t: tf.nn.space_to_depth(t, 2))(i)
    for _ in range(3):
        x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(24, 3, padding="same")(x))
    x = L.Lambda(lambda t: tf.nn.depth_to_space(t, 4))(L.Conv2D(48, 3, padding="same")(x))
    x = L.Add()([x, L.UpSampling2D(2, interpolation="bilinear")(i)])
    _export(keras.Model(i, L.Lambda(lambda t: tf.clip_by_value(t, 0.0, 1.0))(x)), out)


@model("e_multi_signature_resize_pad", "tf-module", "tf.Module over a [None,64,64,3] MobileNetV2-mini classifier; signatures: serving_default float [None,None,None,3] -> tf.image.resize_with_pad 64x64; serve_uint8 uint8 [None,None,None,3] -> convert_image_dtype + resize (area); embed float [None,64,64,3] -> GAP features")
def b_multisig(out):
    i = keras.Input((64, 64, 3))
    x = inv_res(cba(i, 16, s=2, act="relu6"), 8, e=1)
    for f in (16, 24, 32):
        x = inv_res(x, f, 2)
    feat = L.GlobalAveragePooling2D()(cba(x, 64, 1, act="relu6"))
    m = keras.Model(i, [L.Dense(10, activation="softmax")(feat), feat])
    @tf.function(input_signature=[tensor_spec([None, None, None, 3], name="image")])
    def serving_default(img):
        return {"probs": m(tf.image.resize_with_pad(img, 64, 64), training=False)[0]}
    @tf.function(input_signature=[tensor_spec([None, None, None, 3], "uint8", "image_uint8")])
    def serve_uint8(img):
        x = tf.image.resize(tf.image.convert_image_dtype(img, tf.float32), [64, 64], method="area")
        return {"probs": m(x, training=False)[0]}
    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def embed(img):
        return {"embedding": m(img, training=False)[1]}
    serve_module(out, {"model": m}, serving_default=serving_default, serve_uint8=serve_uint8, embed=embed)


@model("e_xla_jit_compile_serving", "tf-module", "tf.Module whose signatures are tf.function(jit_compile=True): serving_default float [None,32,32,3] and serve_static float [8,32,32,3] (static batch as for TPU); EfficientNet-Lite-style CNN (relu6 MBConv), softmax, argmax int32")
def b_xla(out):
    i = keras.Input((32, 32, 3))
    x = cba(i, 16, s=2, act="relu6")
    for f, s in ((16, 1), (24, 2), (40, 2)):
        x = inv_res(x, f, s, 4)
    m = keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x)))
    def run(img):
        p = tf.nn.softmax(m(img, training=False))
        return {"probs": p, "class_id": tf.argmax(p, -1, output_type=tf.int32)}
    f1 = tf.function(run, jit_compile=True, input_signature=[tensor_spec([None, 32, 32, 3], name="images")])
    f2 = tf.function(run, jit_compile=True, input_signature=[tensor_spec([8, 32, 32, 3], name="images")])
    serve_module(out, {"model": m}, serving_default=f1, serve_static=f2)

# ================================================================================ TF1-style graphs

def _tf1_var(name, shape):
    return tf.compat.v1.get_variable(name, shape, initializer=tf.compat.v1.glorot_uniform_initializer(seed=len(name)))


def _tf1_bn(x, name):
    c = x.shape[-1]
    ones, zeros = tf.compat.v1.ones_initializer(), tf.compat.v1.zeros_initializer()
    g, b = (tf.compat.v1.get_variable(f"{name}/{n}", [c], initializer=z) for n, z in (("gamma", ones), ("beta", zeros)))
    m, v = (tf.compat.v1.get_variable(f"{name}/{n}", [c], initializer=z, trainable=False) for n, z in (("mean", zeros), ("var", ones)))
    return tf.compat.v1.nn.fused_batch_norm(x, g, b, m, v, epsilon=1e-3, is_training=False)[0]


def _tf1_mobilenet(x, chans=(16, 32, 64)):
    """TF1 ops: Conv2D + fused BN + relu6, then depthwise_conv2d/BN/relu6 + 1x1 conv2d/BN/relu6 pairs; returns features"""
    x = tf.nn.relu6(_tf1_bn(tf.nn.conv2d(x, _tf1_var("stem/w", [3, 3, x.shape[-1], chans[0]]), 2, "SAME"), "stem/bn"))
    for k, f in enumerate(chans[1:]):
        x = tf.nn.depthwise_conv2d(x, _tf1_var(f"dw{k}/w", [3, 3, x.shape[-1], 1]), [1, 2, 2, 1], "SAME")
        x = tf.nn.relu6(_tf1_bn(x, f"dw{k}/bn"))
        x = tf.nn.relu6(_tf1_bn(tf.nn.conv2d(x, _tf1_var(f"pw{k}/w", [1, 1, x.shape[-1], f]), 1, "SAME"), f"pw{k}/bn"))
    return x


@model("e_tf1_simple_save_mobilenet", "tf1-saved-model", "TF1 graph (tf.compat.v1 placeholder float [None,32,32,3], get_variable): conv2d + fused_batch_norm(is_training=False) + relu6, depthwise_conv2d/pointwise pairs, avg_pool, reshape, matmul + bias_add, softmax; tf.compat.v1.saved_model.simple_save")
def b_tf1simple(out):
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 32, 32, 3], name="input")
        y = _tf1_mobilenet(x)
        y = tf.reshape(tf.nn.avg_pool2d(y, 4, 4, "VALID"), [-1, 64])
        logits = tf.nn.bias_add(tf.matmul(y, _tf1_var("fc/w", [64, 10])), tf.compat.v1.get_variable("fc/b", [10], initializer=tf.compat.v1.zeros_initializer()))
        probs = tf.nn.softmax(logits, name="probs")
        with tf.compat.v1.Session(graph=g) as s:
            s.run(tf.compat.v1.global_variables_initializer())
            tf.compat.v1.saved_model.simple_save(s, str(out), {"input": x}, {"probs": probs})


@model("e_tf1_builder_kws_two_signatures", "tf1-saved-model", "TF1 graph via SavedModelBuilder: MFCC float [None,49,10] -> tf.nn.conv1d + bias + relu x2 (stride 2), reduce_mean over time, matmul; signature_defs serving_default (probs, argmax label string via tf.gather on a constant table) and embedding")
def b_tf1builder(out):
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 49, 10], name="mfcc")
        y = x
        for k, f in enumerate((32, 48)):
            y = tf.nn.relu(tf.nn.conv1d(y, _tf1_var(f"conv{k}/w", [3, y.shape[-1], f]), 2, "SAME") + tf.compat.v1.get_variable(f"conv{k}/b", [f], initializer=tf.compat.v1.zeros_initializer()))
        emb = tf.reduce_mean(y, axis=1, name="embedding")
        probs = tf.nn.softmax(tf.matmul(emb, _tf1_var("fc/w", [48, 4])), name="probs")
        label = tf.gather(tf.constant(["silence", "unknown", "yes", "no"]), tf.argmax(probs, -1), name="label")
        sdu = tf.compat.v1.saved_model.signature_def_utils
        builder = tf.compat.v1.saved_model.Builder(str(out))
        with tf.compat.v1.Session(graph=g) as s:
            s.run(tf.compat.v1.global_variables_initializer())
            builder.add_meta_graph_and_variables(s, [tf.compat.v1.saved_model.tag_constants.SERVING], signature_def_map={
                "serving_default": sdu.predict_signature_def({"mfcc": x}, {"probs": probs, "label": label}),
                "embedding": sdu.predict_signature_def({"mfcc": x}, {"embedding": emb})})
        builder.save()


@model("e_tf1_frozen_uint8_person", "frozen-pb", "TF1 graph frozen with tf.compat.v1.graph_util.convert_variables_to_constants: uint8 grayscale placeholder [1,48,48,1] -> cast, subtract 128, scale, conv2d/fused_batch_norm/relu6 + depthwise-separable pairs, reduce_mean, squeeze, matmul, softmax(2)")
def b_tf1frozen(out):
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.uint8, [1, 48, 48, 1], name="image")
        y = _tf1_mobilenet((tf.cast(x, tf.float32) - 128.0) / 128.0, (8, 16, 32, 64))
        y = tf.squeeze(tf.reduce_mean(y, axis=[1, 2], keepdims=True), [1, 2])
        tf.nn.softmax(tf.matmul(y, _tf1_var("fc/w", [64, 2])), name="person_prob")
        with tf.compat.v1.Session(graph=g) as s:
            s.run(tf.compat.v1.global_variables_initializer())
            gd = tf.compat.v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), ["person_prob"])
    out.write_bytes(gd.SerializeToString())

# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


def _dummy(spec):
    shape = [(2 if k == 0 else 64) if d is None else d for k, d in enumerate(spec.shape.as_list())]
    if spec.dtype.is_floating:
        return tf.constant(np.random.default_rng(0).random(shape), spec.dtype)
    if spec.dtype.is_integer:
        return tf.constant(np.random.default_rng(0).integers(0, 2, shape), spec.dtype)
    return tf.zeros(shape, spec.dtype)


def _check(name: str) -> str:
    """Load a built model and run each signature (or, for a .pb, every sink node) once on dummy inputs."""
    p = _path(name)
    if p.suffix == ".pb":
        g = tf.Graph()
        with g.as_default():
            tf.graph_util.import_graph_def(tf.compat.v1.GraphDef.FromString(p.read_bytes()), name="")
        used = {i.op.name for o in g.get_operations() for i in o.inputs}
        outs = [o.outputs[0] for o in g.get_operations() if o.name not in used and o.outputs]
        feed = {o.outputs[0]: _dummy(tf.TensorSpec(o.outputs[0].shape, o.outputs[0].dtype)).numpy()
                for o in g.get_operations() if o.type == "Placeholder"}
        with tf.compat.v1.Session(graph=g) as s:
            return str([r.shape for r in s.run(outs, feed)])
    m = tf.saved_model.load(str(p))
    if not m.signatures:
        raise RuntimeError("no signatures")
    ran = []
    for sig, fn in m.signatures.items():
        res = fn(**{k: _dummy(v) for k, v in fn.structured_input_signature[1].items()})
        ran.append(f"{sig}: " + ", ".join(f"{k}{list(v.shape)}" for k, v in res.items()))
    return "; ".join(ran)


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
