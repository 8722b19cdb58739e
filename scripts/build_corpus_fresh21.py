"""Build an independently made corpus into bench/out/fresh21/: small models prepared for integer-only deployment (TFLite
full-integer, microcontrollers, NPUs) the way engineers do it without tensorflow-model-optimization. Hand-written
quantization-aware training: tf.quantization.fake_quant_with_min_max_args / _vars / _vars_per_channel on weights and
activations, ranges fixed, EMA-tracked in non-trainable variables, learned (PACT / LSQ-like trainable min / max) or
calibrated on random batches; 8-bit mostly, some 4-bit and 6-bit experiments, narrow_range or not, symmetric or
min / max ranges. tf.quantization.quantize_and_dequantize_v2 in Lambda layers and tf.functions (per-tensor and
per-axis), batch-norm folding before fake-quant (in a Keras layer with batch statistics in training, or by hand in
numpy / tf.Module), QAT Keras layers subclassing Dense / Conv2D / DepthwiseConv2D / SeparableConv2D / Conv1D and a
custom LSTM cell, int8 / uint8 input wrappers that dequantize in the graph and requantize outputs, weight-only int8
storage dequantized with tf.cast and per-channel scales, and plain float twins of some architectures.
Architectures: MobileNet-v1 / v2-style CNNs, DS-CNN and TC-ResNet keyword spotters, ResNet-8, tiny U-Nets, sensor
MLPs, keyword-transformer / attention blocks, hand-written GRU / LSTM cells, anomaly autoencoders, a visual-wake-words
net, LeNet. Exported as Keras 3 model.export / keras.export.ExportArchive, tf.saved_model.save of tf.Modules and Keras
models with tf.function(input_signature=...) signatures, TF1 SavedModelBuilder graphs and frozen GraphDefs. Tiny
widths, seeded random weights (a few training steps on random data where ranges are learned or tracked); nothing is
downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh21.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh21.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh21.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh21.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh21.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export, serve_module, tensor_spec,
                           tf1_saved_model)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh21", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None
# the hand-written QAT Keras layers, defined once Keras is imported (_define_layers)
ActQuant = QDense = QConv2D = QDepthwiseConv2D = QSeparableConv2D = QConv1D = ConvBNFold = Int8Dense = None
QLSTMCell = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared quantization pieces

def _fq_w(w, bits=8, narrow=True, per_channel=False, symmetric=True):
    """fake-quantize a kernel on its own current range: per tensor or per output channel (last axis); symmetric
    (-max|w|, max|w|) or min / max widened to include 0"""
    w = tf.convert_to_tensor(w)
    axes = list(range(w.shape.rank - 1)) if per_channel else None
    if symmetric:
        hi = tf.reduce_max(tf.abs(w), axis=axes)
        lo = -hi
    else:
        lo, hi = tf.minimum(tf.reduce_min(w, axis=axes), 0.0), tf.maximum(tf.reduce_max(w, axis=axes), 0.0)
    if per_channel:
        return tf.quantization.fake_quant_with_min_max_vars_per_channel(w, lo, hi, num_bits=bits, narrow_range=narrow)
    return tf.quantization.fake_quant_with_min_max_vars(w, lo, hi, num_bits=bits, narrow_range=narrow)


def _fq_dw(k, **kw):
    """depthwise kernel [kh,kw,cin,mult]: per-channel ranges go on cin*mult, so reshape around _fq_w"""
    kh, kw_, cin, mult = k.shape
    return tf.reshape(_fq_w(tf.reshape(k, [kh, kw_, cin * mult]), **kw), [kh, kw_, cin, mult])


def _dequant(q, scale, zero_point):
    """integer tensor -> float: (q - zero_point) * scale"""
    return (tf.cast(q, tf.float32) - zero_point) * scale


def _requant(x, scale, zero_point, dtype):
    """float -> integer tensor: round(x / scale) + zero_point, clipped to the dtype's range, cast"""
    lo, hi = (-128, 127) if dtype == tf.int8 else (0, 255)
    return tf.cast(tf.clip_by_value(tf.round(x / scale) + zero_point, lo, hi), dtype)


def _quantize_np(w, axis=-1, bits=8):
    """symmetric per-channel int8 weights (numpy): q = round(w / scale), scale = max|w| / 127 over all but `axis`"""
    red = tuple(i for i in range(w.ndim) if i != (axis % w.ndim))
    scale = np.maximum(np.abs(w).max(axis=red, keepdims=True), 1e-8) / (2 ** (bits - 1) - 1)
    return np.round(w / scale).astype("int8"), scale.astype("float32")


def _fit(m, x, y, loss="sparse_categorical_crossentropy", epochs=1, bs=16, lr=1e-3):
    """the short Keras fit on random data that moves the learned / EMA ranges"""
    m.compile(optimizer=keras.optimizers.Adam(lr), loss=loss)
    m.fit(x, y, epochs=epochs, batch_size=bs, verbose=0)


def _define_layers():
    """the hand-written QAT layers (Keras must be imported first)"""
    global ActQuant, QDense, QConv2D, QDepthwiseConv2D, QSeparableConv2D, QConv1D, ConvBNFold, Int8Dense, QLSTMCell

    class ActQuant(L.Layer):
        """activation fake-quant: 'fixed' range (fake_quant_with_min_max_args), 'ema' range (non-trainable min / max
        variables moved toward the batch min / max in training, as tf.contrib.quantize did) or 'learned' range
        (trainable min / max, PACT-like)"""

        def __init__(self, mode="ema", bits=8, lo=-6.0, hi=6.0, narrow=False, decay=0.99, **kw):
            super().__init__(**kw)
            self.mode, self.bits, self.lo, self.hi, self.narrow, self.decay = mode, bits, lo, hi, narrow, decay

        def build(self, input_shape):
            if self.mode != "fixed":
                t = self.mode == "learned"
                self.qmin = self.add_weight(name="act_min", shape=(), trainable=t,
                                            initializer=keras.initializers.Constant(self.lo))
                self.qmax = self.add_weight(name="act_max", shape=(), trainable=t,
                                            initializer=keras.initializers.Constant(self.hi))

        def call(self, x, training=None):
            if self.mode == "fixed":
                return tf.quantization.fake_quant_with_min_max_args(x, min=self.lo, max=self.hi, num_bits=self.bits,
                                                                   narrow_range=self.narrow)
            if self.mode == "ema" and training:
                d = self.decay
                self.qmin.assign(d * self.qmin + (1.0 - d) * tf.minimum(tf.reduce_min(x), 0.0))
                self.qmax.assign(d * self.qmax + (1.0 - d) * tf.maximum(tf.reduce_max(x), 0.0))
            return tf.quantization.fake_quant_with_min_max_vars(x, self.qmin, self.qmax, num_bits=self.bits,
                                                               narrow_range=self.narrow)

    class _Q:
        """what the QAT layer subclasses share: weight fake-quant settings and an output activation quantizer"""

        def _qsetup(self, w_bits=8, per_channel=False, narrow=True, symmetric=True, a_mode="ema", a_bits=8,
                    a_range=(-6.0, 6.0)):
            self.w_bits, self.per_channel, self.narrow, self.symmetric = w_bits, per_channel, narrow, symmetric
            self.aq = ActQuant(a_mode, a_bits, *a_range, name=self.name + "_act_quant") if a_mode else None

        def _qw(self, w):
            return _fq_w(w, self.w_bits, self.narrow, self.per_channel, self.symmetric)

        def _qbuild(self, shape):
            if self.aq is not None:
                self.aq.build(shape)

        def _out(self, y, training):
            if self.use_bias:
                y = tf.nn.bias_add(y, self.bias)
            y = self.activation(y)
            return self.aq(y, training=training) if self.aq is not None else y

    class QDense(_Q, L.Dense):
        def __init__(self, units, w_bits=8, per_channel=False, narrow=True, symmetric=True, a_mode="ema", a_bits=8,
                     a_range=(-6.0, 6.0), **kw):
            super().__init__(units, **kw)
            self._qsetup(w_bits, per_channel, narrow, symmetric, a_mode, a_bits, a_range)

        def build(self, input_shape):
            super().build(input_shape)
            self._qbuild(input_shape)

        def call(self, x, training=None):
            return self._out(keras.ops.matmul(x, self._qw(self.kernel)), training)

    class QConv2D(_Q, L.Conv2D):
        def __init__(self, filters, kernel_size, w_bits=8, per_channel=False, narrow=True, symmetric=True,
                     a_mode="ema", a_bits=8, a_range=(-6.0, 6.0), **kw):
            super().__init__(filters, kernel_size, **kw)
            self._qsetup(w_bits, per_channel, narrow, symmetric, a_mode, a_bits, a_range)

        def build(self, input_shape):
            super().build(input_shape)
            self._qbuild(input_shape)

        def call(self, x, training=None):
            y = tf.nn.conv2d(x, self._qw(self.kernel), strides=[1, *self.strides, 1], padding=self.padding.upper(),
                             dilations=[1, *self.dilation_rate, 1])
            return self._out(y, training)

    class QDepthwiseConv2D(_Q, L.DepthwiseConv2D):
        def __init__(self, kernel_size, w_bits=8, per_channel=False, narrow=True, symmetric=True, a_mode="ema",
                     a_bits=8, a_range=(-6.0, 6.0), **kw):
            super().__init__(kernel_size, **kw)
            self._qsetup(w_bits, per_channel, narrow, symmetric, a_mode, a_bits, a_range)

        def build(self, input_shape):
            super().build(input_shape)
            self._qbuild(input_shape)

        def call(self, x, training=None):
            k = _fq_dw(self.kernel, bits=self.w_bits, narrow=self.narrow, per_channel=self.per_channel,
                       symmetric=self.symmetric)
            y = tf.nn.depthwise_conv2d(x, k, strides=[1, *self.strides, 1], padding=self.padding.upper(),
                                       dilations=self.dilation_rate)
            return self._out(y, training)

    class QSeparableConv2D(_Q, L.SeparableConv2D):
        """depthwise kernel fake-quantized per tensor, pointwise per the layer's setting"""

        def __init__(self, filters, kernel_size, w_bits=8, per_channel=False, narrow=True, symmetric=True,
                     a_mode="ema", a_bits=8, a_range=(-6.0, 6.0), **kw):
            super().__init__(filters, kernel_size, **kw)
            self._qsetup(w_bits, per_channel, narrow, symmetric, a_mode, a_bits, a_range)

        def build(self, input_shape):
            super().build(input_shape)
            self._qbuild(input_shape)

        def call(self, x, training=None):
            dw = _fq_w(self.depthwise_kernel, self.w_bits, self.narrow, False, self.symmetric)
            y = tf.nn.separable_conv2d(x, dw, self._qw(self.pointwise_kernel), strides=[1, *self.strides, 1],
                                       padding=self.padding.upper(), dilations=self.dilation_rate)
            return self._out(y, training)

    class QConv1D(_Q, L.Conv1D):
        def __init__(self, filters, kernel_size, w_bits=8, per_channel=False, narrow=True, symmetric=True,
                     a_mode="ema", a_bits=8, a_range=(-6.0, 6.0), **kw):
            super().__init__(filters, kernel_size, **kw)
            self._qsetup(w_bits, per_channel, narrow, symmetric, a_mode, a_bits, a_range)

        def build(self, input_shape):
            super().build(input_shape)
            self._qbuild(input_shape)

        def call(self, x, training=None):
            y = tf.nn.conv1d(x, self._qw(self.kernel), stride=self.strides[0], padding=self.padding.upper(),
                             dilations=self.dilation_rate[0])
            return self._out(y, training)

    class ConvBNFold(L.Layer):
        """Conv2D (or depthwise 3x3) with its BatchNormalization folded into the kernel before fake-quant (Jacob et al.
        2018): training normalizes with batch statistics and updates the moving ones, inference folds the moving
        statistics; per-channel weight ranges; ReLU6 and an EMA activation quantizer after"""

        def __init__(self, filters, kernel_size, strides=1, depthwise=False, bits=8, per_channel=True, momentum=0.99,
                     eps=1e-3, act="relu6", a_bits=8, **kw):
            super().__init__(**kw)
            self.filters, self.ks, self.strides, self.depthwise = filters, kernel_size, strides, depthwise
            self.bits, self.per_channel, self.momentum, self.eps, self.act = bits, per_channel, momentum, eps, act
            self.aq = ActQuant("ema", a_bits, 0.0, 6.0, name=self.name + "_act_quant")

        def build(self, input_shape):
            cin = input_shape[-1]
            kh, kw = (self.ks, self.ks) if isinstance(self.ks, int) else self.ks
            cout = cin if self.depthwise else self.filters
            self.kernel = self.add_weight(name="kernel", shape=(kh, kw, cin, 1 if self.depthwise else cout),
                                          initializer="glorot_uniform")
            self.gamma = self.add_weight(name="gamma", shape=(cout,), initializer="ones")
            self.beta = self.add_weight(name="beta", shape=(cout,), initializer="zeros")
            self.moving_mean = self.add_weight(name="moving_mean", shape=(cout,), initializer="zeros", trainable=False)
            self.moving_var = self.add_weight(name="moving_variance", shape=(cout,), initializer="ones",
                                              trainable=False)
            self.aq.build(input_shape)

        def _conv(self, x, k):
            s = [1, self.strides, self.strides, 1]
            if self.depthwise:
                return tf.nn.depthwise_conv2d(x, k, s, "SAME")
            return tf.nn.conv2d(x, k, s, "SAME")

        def call(self, x, training=None):
            if training:
                mean, var = tf.nn.moments(self._conv(x, self.kernel), axes=[0, 1, 2])
                m = self.momentum
                self.moving_mean.assign(m * self.moving_mean + (1 - m) * mean)
                self.moving_var.assign(m * self.moving_var + (1 - m) * var)
            else:
                mean, var = tf.convert_to_tensor(self.moving_mean), tf.convert_to_tensor(self.moving_var)
            scale = self.gamma * tf.math.rsqrt(var + self.eps)
            if self.depthwise:
                k = _fq_dw(self.kernel * tf.reshape(scale, [1, 1, -1, 1]), bits=self.bits,
                           per_channel=self.per_channel)
            else:
                k = _fq_w(self.kernel * scale, self.bits, True, self.per_channel)
            y = self._conv(x, k) + (self.beta - mean * scale)
            if self.act == "relu6":
                y = tf.nn.relu6(y)
            return self.aq(y, training=training)

    class Int8Dense(L.Layer):
        """weight-only int8 Dense: int8 kernel stored in a non-trainable variable with a float per-output-channel scale,
        dequantized with tf.cast(kernel, float32) * scale at every call"""

        def __init__(self, units, activation=None, **kw):
            super().__init__(**kw)
            self.units, self.activation = units, keras.activations.get(activation)

        def build(self, input_shape):
            self.kernel_int8 = self.add_weight(name="kernel_int8", shape=(input_shape[-1], self.units), dtype="int8",
                                               initializer="zeros", trainable=False)
            self.kernel_scale = self.add_weight(name="kernel_scale", shape=(1, self.units), initializer="ones",
                                                trainable=False)
            self.bias = self.add_weight(name="bias", shape=(self.units,), initializer="zeros")

        def load_float(self, kernel, bias):
            q, s = _quantize_np(kernel, axis=-1)
            self.kernel_int8.assign(q)
            self.kernel_scale.assign(s)
            self.bias.assign(bias)

        def call(self, x):
            w = tf.cast(self.kernel_int8, tf.float32) * self.kernel_scale
            return self.activation(keras.ops.matmul(x, w) + self.bias)

    class QLSTMCell(L.Layer):
        """LSTM cell written by hand for QAT: per-tensor symmetric 8-bit kernels, gates fake-quantized on their fixed
        ranges (sigmoid [0,1], tanh [-1,1]), cell state on [-8,8] and the hidden state on [-1,1]"""

        def __init__(self, units, **kw):
            super().__init__(**kw)
            self.units = units
            self.state_size = [units, units]
            self.output_size = units

        def build(self, input_shape):
            u = self.units
            self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1], 4 * u), initializer="glorot_uniform")
            self.recurrent_kernel = self.add_weight(name="recurrent_kernel", shape=(u, 4 * u),
                                                    initializer="orthogonal")
            self.bias = self.add_weight(name="bias", shape=(4 * u,), initializer="zeros")

        def call(self, inputs, states, training=None):
            h, c = states[0], states[1]
            fqa = tf.quantization.fake_quant_with_min_max_args
            z = keras.ops.matmul(inputs, _fq_w(self.kernel)) + keras.ops.matmul(h, _fq_w(self.recurrent_kernel))
            z = fqa(z + self.bias, min=-8.0, max=8.0)
            i, f, g, o = tf.split(z, 4, axis=-1)
            i, f, o = (fqa(tf.sigmoid(t), min=0.0, max=1.0) for t in (i, f, o))
            g = fqa(tf.tanh(g), min=-1.0, max=1.0)
            c = fqa(f * c + i * g, min=-8.0, max=8.0)
            h = fqa(o * tf.tanh(c), min=-1.0, max=1.0)
            return h, [h, c]


def _v1_fq_weights(w, name, bits=8, narrow=True):
    """TF1: weights fake-quantized on their current min / max (reduce ops in the graph, no variables)"""
    with tf.compat.v1.name_scope(name + "/weights_quant"):
        return tf.quantization.fake_quant_with_min_max_vars(w, tf.reduce_min(w), tf.reduce_max(w), num_bits=bits,
                                                           narrow_range=narrow)


def _labels(rng, n, k):
    return rng.integers(0, k, n)


# ================================================================================ MobileNet-style CNNs

def _mbv1(inp, qat, widths=((16, 1), (24, 2), (32, 2), (32, 1)), n_classes=5, stem=8):
    """MobileNet-v1: stride-2 stem, depthwise 3x3 + pointwise 1x1 blocks, GAP, classifier. `qat` uses the QAT layer
    subclasses (weights 8-bit symmetric narrow per tensor, ReLU6 and EMA activation ranges), else plain Conv / BN"""
    if qat:
        x = ActQuant("fixed", lo=-1.0, hi=1.0, name="input_quant")(inp)
        x = QConv2D(stem, 3, strides=2, padding="same", activation="relu6", a_range=(0.0, 6.0))(x)
        for f, s in widths:
            x = QDepthwiseConv2D(3, strides=s, padding="same", activation="relu6", a_range=(0.0, 6.0))(x)
            x = QConv2D(f, 1, activation="relu6", a_range=(0.0, 6.0))(x)
        x = L.GlobalAveragePooling2D()(x)
        return QDense(n_classes, a_range=(-8.0, 8.0), name="logits")(x)
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(stem, 3, strides=2, padding="same", use_bias=False)(inp)))
    for f, s in widths:
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))
    return L.Dense(n_classes, name="logits")(L.GlobalAveragePooling2D()(x))


@model("z_mbv1_qat_subclass_layers_ema", "keras-export", "MobileNet-v1-style classifier with hand-written QAT layers, float [None,64,64,3] in [-1,1]: input fake_quant_with_min_max_args(-1,1); QConv2D stem (stride 2) and 4 x (QDepthwiseConv2D 3x3 + QConv2D 1x1) subclasses that fake_quant_with_min_max_vars their kernels (8-bit, symmetric max|w|, narrow_range) and ReLU6 outputs on EMA-tracked min / max variables; GAP; QDense(5) logits; 4 fit steps on random data; model.export")
def b_mbv1_qat(out):
    rng = np.random.default_rng(1)
    inp = keras.Input((64, 64, 3), name="image")
    m = keras.Model(inp, _mbv1(inp, qat=True))
    _fit(m, rng.uniform(-1, 1, (64, 64, 64, 3)).astype("float32"), _labels(rng, 64, 5),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    keras_export(m, out)


@model("z_mbv1_float_twin", "keras-export", "float twin of z_mbv1_qat_subclass_layers_ema, float [None,64,64,3]: Conv2D stem (stride 2) + BatchNormalization + ReLU(6), 4 x (DepthwiseConv2D 3x3 + BN + ReLU6, Conv2D 1x1 + BN + ReLU6), GAP, Dense(5) logits; 4 fit steps on random data; model.export")
def b_mbv1_float(out):
    rng = np.random.default_rng(1)
    inp = keras.Input((64, 64, 3), name="image")
    m = keras.Model(inp, _mbv1(inp, qat=False))
    _fit(m, rng.uniform(-1, 1, (64, 64, 64, 3)).astype("float32"), _labels(rng, 64, 5),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    keras_export(m, out)


@model("z_mbv2_bnfold_per_channel_calibrated_module", "tf-module", "MobileNet-v2-style tf.Module built from tf.Variables, float [None,64,64,3]: each conv carries its BatchNormalization (gamma, beta, moving mean / variance) and folds it into the kernel in the graph (w * gamma / sqrt(var + eps), bias beta - mean * scale) before fake_quant_with_min_max_vars_per_channel (8-bit narrow, depthwise kernels reshaped to [3,3,C]); inverted residuals (expand 4, ReLU6, linear projection, residual add); activation ranges in variables set by a calibration pass over 4 random batches (running min / max) and applied with fake_quant_with_min_max_vars; input fake_quant_with_min_max_args(-1,1); Dense(10) logits and softmax")
def b_mbv2_fold(out):
    rng = np.random.default_rng(2)

    class Range(tf.Module):
        def __init__(self, name):
            super().__init__(name=name)
            self.min, self.max = tf.Variable(0.0, name="min"), tf.Variable(0.0, name="max")

        def __call__(self, y, calibrate=False):
            if calibrate:
                self.min.assign(tf.minimum(self.min, tf.reduce_min(y)))
                self.max.assign(tf.maximum(self.max, tf.reduce_max(y)))
                return y
            return tf.quantization.fake_quant_with_min_max_vars(y, self.min, self.max, num_bits=8)

    class FoldedConv(tf.Module):
        def __init__(self, name, k, cin, cout, stride=1, depthwise=False, relu6=True):
            super().__init__(name=name)
            shape = [k, k, cin, 1] if depthwise else [k, k, cin, cout]
            c = cin if depthwise else cout
            fan_in = k * k * (1 if depthwise else cin)
            self.w = tf.Variable(rng.normal(0, np.sqrt(2.0 / fan_in), shape).astype("float32"), name="kernel")
            self.gamma = tf.Variable(rng.uniform(0.5, 1.5, c).astype("float32"), name="gamma")
            self.beta = tf.Variable(rng.normal(0, 0.1, c).astype("float32"), name="beta")
            self.mean = tf.Variable(rng.normal(0, 0.1, c).astype("float32"), name="moving_mean")
            self.var = tf.Variable(rng.uniform(0.5, 2.0, c).astype("float32"), name="moving_variance")
            self.stride, self.depthwise, self.relu6 = stride, depthwise, relu6
            self.range = Range("act")

        def __call__(self, x, calibrate=False):
            scale = self.gamma * tf.math.rsqrt(self.var + 1e-3)
            s = [1, self.stride, self.stride, 1]
            if self.depthwise:
                y = tf.nn.depthwise_conv2d(x, _fq_dw(self.w * tf.reshape(scale, [1, 1, -1, 1]), per_channel=True),
                                           s, "SAME")
            else:
                y = tf.nn.conv2d(x, _fq_w(self.w * scale, per_channel=True), s, "SAME")
            y = y + (self.beta - self.mean * scale)
            return self.range(tf.nn.relu6(y) if self.relu6 else y, calibrate)

    class Block(tf.Module):
        def __init__(self, name, cin, cout, stride, t):
            super().__init__(name=name)
            self.expand = FoldedConv("expand", 1, cin, cin * t) if t != 1 else None
            self.dw = FoldedConv("depthwise", 3, cin * t, cin * t, stride, depthwise=True)
            self.project = FoldedConv("project", 1, cin * t, cout, relu6=False)
            self.residual = stride == 1 and cin == cout
            self.add_range = Range("add") if self.residual else None

        def __call__(self, x, calibrate=False):
            y = self.expand(x, calibrate) if self.expand else x
            y = self.project(self.dw(y, calibrate), calibrate)
            return self.add_range(x + y, calibrate) if self.residual else y

    class QMobileNetV2(tf.Module):
        def __init__(self):
            super().__init__()
            self.stem = FoldedConv("stem", 3, 3, 8, 2)
            cfg, cin, self.blocks = [(1, 8, 1), (4, 12, 2), (4, 12, 1), (4, 16, 2), (4, 16, 1)], 8, []
            for i, (t, c, s) in enumerate(cfg):
                self.blocks.append(Block(f"block_{i}", cin, c, s, t))
                cin = c
            self.head = FoldedConv("head", 1, cin, 64)
            self.fc_w = tf.Variable(rng.normal(0, 0.1, (64, 10)).astype("float32"), name="fc/kernel")
            self.fc_b = tf.Variable(np.zeros(10, "float32"), name="fc/bias")
            self.logits_range = Range("logits")

        def forward(self, x, calibrate=False):
            x = tf.quantization.fake_quant_with_min_max_args(x, min=-1.0, max=1.0)
            x = self.stem(x, calibrate)
            for b in self.blocks:
                x = b(x, calibrate)
            x = tf.reduce_mean(self.head(x, calibrate), axis=[1, 2])
            return self.logits_range(tf.matmul(x, _fq_w(self.fc_w)) + self.fc_b, calibrate)

        @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
        def serve(self, image):
            logits = self.forward(image)
            return {"logits": logits, "probabilities": tf.nn.softmax(logits)}

    net = QMobileNetV2()
    for _ in range(4):
        net.forward(tf.constant(rng.uniform(-1, 1, (8, 64, 64, 3)).astype("float32")), calibrate=True)
    tf.saved_model.save(net, str(out), signatures={"serving_default": net.serve})


@model("z_mbv2_uint8_io_qdq_lambda_export_archive", "keras-export", "MobileNet-v2-style Keras net (Conv2D + BatchNormalization + ReLU6 inverted residuals, residual adds) with Lambda(quantize_and_dequantize_v2) after the stem, every block and the logits (8-bit signed, range_given=False, per tensor), exported with keras.export.ExportArchive: serve_uint8 uint8 [1,96,96,3] (scale 1/128, zero point 128 dequantized in the graph) -> uint8 softmax probabilities (scale 1/256, zero point 0) and int32 class (serving_default); serve_float float [1,96,96,3] in [-1,1] -> logits")
def b_mbv2_qdq(out):
    def qdq(name):
        return L.Lambda(lambda t: tf.quantization.quantize_and_dequantize_v2(t, 0.0, 0.0, signed_input=True,
                                                                            num_bits=8, range_given=False),
                        name=name)

    def block(x, cin, cout, s, t, i):
        y = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(cin * t, 1, use_bias=False)(x)))
        y = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(y)))
        y = L.BatchNormalization()(L.Conv2D(cout, 1, use_bias=False)(y))
        if s == 1 and cin == cout:
            y = L.Add()([x, y])
        return qdq(f"block_{i}_qdq")(y)
    inp = keras.Input((96, 96, 3), batch_size=1, name="image")
    x = qdq("stem_qdq")(L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(8, 3, strides=2, padding="same",
                                                                      use_bias=False)(inp))))
    cin = 8
    for i, (t, c, s) in enumerate([(1, 8, 1), (4, 16, 2), (4, 16, 1), (4, 24, 2), (4, 32, 2)]):
        x, cin = block(x, cin, c, s, t, i), c
    x = L.GlobalAveragePooling2D()(L.ReLU(6.0)(L.Conv2D(96, 1)(x)))
    m = keras.Model(inp, qdq("logits_qdq")(L.Dense(6)(x)))

    def serve_uint8(image_uint8):
        probs = tf.nn.softmax(m(_dequant(image_uint8, 1.0 / 128, 128.0), training=False))
        return {"probabilities": _requant(probs, 1.0 / 256, 0.0, tf.uint8),
                "class_id": tf.argmax(probs, axis=-1, output_type=tf.int32)}
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve_uint8", serve_uint8,
                         input_signature=[tensor_spec([1, 96, 96, 3], "uint8", "image_uint8")])
    archive.add_endpoint("serve_float", lambda image: {"logits": m(image, training=False)},
                         input_signature=[tensor_spec([1, 96, 96, 3], name="image")])
    archive.write_out(str(out), verbose=False)


@model("z_mbv1_uint8_input_keras_tfsave", "saved-model", "MobileNet-v1-style QAT Keras model (QConv2D / QDepthwiseConv2D subclasses, per-channel 8-bit kernels, EMA activation ranges, QDense(4)) trained 3 steps, saved with tf.saved_model.save(model, signatures=...) where the serving tf.function takes uint8 [None,64,64,3], dequantizes with tf.cast and (x - 128) / 128 and returns int8 logits requantized at scale 1/16 (zero point 0) plus float probabilities")
def b_mbv1_uint8_tfsave(out):
    rng = np.random.default_rng(5)
    inp = keras.Input((64, 64, 3))
    x = QConv2D(8, 3, strides=2, padding="same", activation="relu6", per_channel=True, a_range=(0.0, 6.0))(inp)
    for f, s in ((16, 2), (24, 2), (32, 2)):
        x = QDepthwiseConv2D(3, strides=s, padding="same", activation="relu6", per_channel=True,
                             a_range=(0.0, 6.0))(x)
        x = QConv2D(f, 1, activation="relu6", per_channel=True, a_range=(0.0, 6.0))(x)
    m = keras.Model(inp, QDense(4, a_range=(-8.0, 8.0))(L.GlobalAveragePooling2D()(x)))
    _fit(m, rng.uniform(-1, 1, (48, 64, 64, 3)).astype("float32"), _labels(rng, 48, 4),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], "uint8", "image")])
    def serve(image):
        logits = m(_dequant(image, 1.0 / 128, 128.0), training=False)
        return {"logits_int8": _requant(logits, 1.0 / 16, 0.0, tf.int8), "probabilities": tf.nn.softmax(logits)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("z_vww_separable_qat_grayscale", "keras-export", "visual-wake-words person detector with hand-written QSeparableConv2D layers, float grayscale [None,96,96,1]: QConv2D stem (stride 2, per-channel), 4 QSeparableConv2D blocks (depthwise kernel fake-quantized per tensor, pointwise per channel, 8-bit narrow) with ReLU and EMA activation ranges, GAP, QDense(2) with softmax after; 3 fit steps on random data; model.export")
def b_vww(out):
    rng = np.random.default_rng(6)
    inp = keras.Input((96, 96, 1), name="image")
    x = QConv2D(8, 3, strides=2, padding="same", activation="relu", per_channel=True, a_range=(0.0, 4.0))(inp)
    for f, s in ((16, 2), (24, 2), (32, 2), (32, 1)):
        x = QSeparableConv2D(f, 3, strides=s, padding="same", activation="relu", per_channel=True,
                             a_range=(0.0, 4.0))(x)
    x = QDense(2, a_range=(-8.0, 8.0))(L.GlobalAveragePooling2D()(x))
    m = keras.Model(inp, L.Softmax(name="person_probs")(x))
    _fit(m, rng.random((48, 96, 96, 1)).astype("float32"), _labels(rng, 48, 2))
    keras_export(m, out)


# ================================================================================ keyword spotting

@model("z_kws_ds_cnn_bnfold_qat_layer", "keras-export", "DS-CNN keyword spotter on MFCC [None,49,10,1] built from a hand-written ConvBNFold layer (Conv2D / depthwise 3x3 with BatchNormalization folded into the kernel before per-channel 8-bit fake_quant_with_min_max_vars_per_channel, batch statistics in training, moving statistics at inference; ReLU6 and EMA activation ranges): stem 10x4 stride 2 with 24 filters, 3 x (depthwise + pointwise), GAP, QDense(12) logits; 4 fit steps on random MFCCs; model.export")
def b_kws_dscnn_fold(out):
    rng = np.random.default_rng(10)
    inp = keras.Input((49, 10, 1), name="mfcc")
    x = ActQuant("fixed", lo=-32.0, hi=32.0, name="input_quant")(inp)
    x = ConvBNFold(24, (10, 4), strides=2)(x)
    for _ in range(3):
        x = ConvBNFold(None, 3, depthwise=True)(x)
        x = ConvBNFold(24, 1)(x)
    m = keras.Model(inp, QDense(12, a_range=(-8.0, 8.0))(L.GlobalAveragePooling2D()(x)))
    _fit(m, rng.normal(0, 8, (64, 49, 10, 1)).astype("float32"), _labels(rng, 64, 12),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    keras_export(m, out)


@model("z_kws_ds_cnn_int8_io_handfolded_frozen", "frozen-pb", "DS-CNN keyword spotter frozen with convert_variables_to_constants_v2 for an MCU port, int8 MFCC [1,49,10,1] (scale 0.25, zero point 0) dequantized in the graph; the float Keras DS-CNN (Conv2D / DepthwiseConv2D + BatchNormalization + ReLU) had its BN folded by hand in numpy, and the serving function applies fake_quant_with_min_max_vars_per_channel to each folded kernel (8-bit narrow) and fake_quant_with_min_max_args(0,6) to each ReLU6 output; AveragePooling2D, Dense(12), softmax requantized to int8 (scale 1/256, zero point -128)")
def b_kws_dscnn_int8_frozen(out):
    inp = keras.Input((49, 10, 1))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, (10, 4), strides=2, padding="same", use_bias=False)(inp)))
    for _ in range(2):
        x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, 1, use_bias=False)(x)))
    m = keras.Model(inp, L.Dense(12)(L.Flatten()(L.AveragePooling2D((25, 5))(x))))
    rng = np.random.default_rng(11)
    _fit(m, rng.normal(0, 4, (48, 49, 10, 1)).astype("float32"), _labels(rng, 48, 12),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    # fold every BatchNormalization into the conv before it (numpy), as the porting notebook does
    folded = []
    layers = m.layers
    for i, layer in enumerate(layers):
        if isinstance(layer, (L.Conv2D, L.DepthwiseConv2D)):
            bn = layers[i + 1]
            gamma, beta, mean, var = (v.numpy() for v in (bn.gamma, bn.beta, bn.moving_mean, bn.moving_variance))
            scale = gamma / np.sqrt(var + bn.epsilon)
            k = layer.kernel.numpy()
            dw = isinstance(layer, L.DepthwiseConv2D)
            k = k * (scale.reshape(1, 1, -1, 1) if dw else scale)
            folded.append((k, beta - mean * scale, dw, layer.strides[0]))
    dense = layers[-1]
    wd, bd = dense.kernel.numpy(), dense.bias.numpy()

    def serve(mfcc_int8):
        x = _dequant(mfcc_int8, 0.25, 0.0)
        for k, b, dw, s in folded:
            if dw:
                kq = _fq_dw(tf.constant(k), per_channel=True)
                x = tf.nn.depthwise_conv2d(x, kq, [1, s, s, 1], "SAME")
            else:
                x = tf.nn.conv2d(x, _fq_w(tf.constant(k), per_channel=True), [1, s, s, 1], "SAME")
            x = tf.quantization.fake_quant_with_min_max_args(tf.nn.relu6(x + b), min=0.0, max=6.0)
        x = tf.reshape(tf.nn.avg_pool2d(x, (25, 5), (25, 5), "VALID"), [1, -1])
        logits = tf.quantization.fake_quant_with_min_max_args(tf.matmul(x, _fq_w(tf.constant(wd))) + bd, min=-16.0,
                                                              max=16.0)
        return _requant(tf.nn.softmax(logits), 1.0 / 256, -128.0, tf.int8)
    freeze_function(serve, [tensor_spec([1, 49, 10, 1], "int8", "mfcc_int8")], out)


FEEDS["z_kws_ds_cnn_int8_io_handfolded_frozen"] = {"mfcc_int8": (-128, 128)}
OUTPUTS["z_kws_ds_cnn_int8_io_handfolded_frozen"] = ["Identity"]


def _tc_resnet(inp, qat):
    """TC-ResNet8 on MFCC-as-channels [T,40]: Conv1D 3 stem, three residual blocks (Conv1D 9 stride 2 + BN + ReLU,
    Conv1D 9 + BN, 1x1 stride-2 shortcut + BN, add, ReLU), GAP, Dense(12)"""
    C = (lambda f, k, **kw: QConv1D(f, k, per_channel=True, a_mode=None, use_bias=False, **kw)) if qat else \
        (lambda f, k, **kw: L.Conv1D(f, k, use_bias=False, **kw))
    x = C(16, 3, padding="same")(inp)
    for i, f in enumerate((24, 32, 48)):
        y = L.ReLU()(L.BatchNormalization()(C(f, 9, strides=2, padding="same")(x)))
        y = L.BatchNormalization()(C(f, 9, padding="same")(y))
        s = L.ReLU()(L.BatchNormalization()(C(f, 1, strides=2)(x)))
        x = L.ReLU()(L.Add()([y, s]))
        if qat:
            x = ActQuant("ema", lo=0.0, hi=6.0, name=f"block_{i}_add_quant")(x)
    x = L.GlobalAveragePooling1D()(x)
    return (QDense(12, a_range=(-8.0, 8.0)) if qat else L.Dense(12))(x)


@model("z_kws_tc_resnet8_qconv1d_per_channel", "keras-export", "TC-ResNet8 keyword spotter with a QConv1D subclass (kernels per-channel symmetric 8-bit narrow fake_quant_with_min_max_vars_per_channel, no activation quantizer inside), BatchNormalization left in float, EMA-ranged fake-quant after each residual Add + ReLU, QDense(12), float MFCC [None,98,40]; 3 fit steps on random data; model.export")
def b_tc_resnet_qat(out):
    rng = np.random.default_rng(12)
    inp = keras.Input((98, 40), name="mfcc")
    m = keras.Model(inp, _tc_resnet(inp, qat=True))
    _fit(m, rng.normal(0, 1, (48, 98, 40)).astype("float32"), _labels(rng, 48, 12),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    keras_export(m, out)


@model("z_kws_tc_resnet8_float_twin_saved", "saved-model", "float twin of z_kws_tc_resnet8_qconv1d_per_channel (Conv1D + BatchNormalization + ReLU residual blocks, Dense(12)), float MFCC [None,98,40]; 3 fit steps; tf.saved_model.save(model, signatures=...) with a training=False serving function returning logits and softmax probabilities")
def b_tc_resnet_float(out):
    rng = np.random.default_rng(12)
    inp = keras.Input((98, 40), name="mfcc")
    m = keras.Model(inp, _tc_resnet(inp, qat=False))
    _fit(m, rng.normal(0, 1, (48, 98, 40)).astype("float32"), _labels(rng, 48, 12),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))

    @tf.function(input_signature=[tensor_spec([None, 98, 40], name="mfcc")])
    def serve(mfcc):
        logits = m(mfcc, training=False)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("z_kws_tf1_learned_ranges_builder", "tf1-savedmodel", "TF1 speech-commands-style conv net trained 6 Adam steps with learned activation ranges: placeholder fingerprint_input float [None,490] reshaped to [-1,49,10,1]; get_variable convs whose weights pass fake_quant_with_min_max_vars on reduce_min / reduce_max (8-bit narrow) and whose ReLU outputs pass fake_quant_with_min_max_vars on trainable act_quant/min and act_quant/max variables; fc logits; SavedModelBuilder predict signature (labels_softmax, predicted_indices int64)")
def b_kws_tf1_learned(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(13)
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [None, 490], name="fingerprint_input")
        y_ = v1.placeholder(tf.int64, [None], name="ground_truth_input")

        def conv(h, name, k, cin, cout, s):
            with v1.variable_scope(name):
                w = v1.get_variable("weights", [k[0], k[1], cin, cout],
                                    initializer=v1.truncated_normal_initializer(stddev=0.05))
                b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
                h = tf.nn.relu(tf.nn.conv2d(h, _v1_fq_weights(w, name), [1, s, s, 1], "SAME") + b)
                with v1.variable_scope("act_quant"):
                    mn = v1.get_variable("min", [], initializer=v1.constant_initializer(0.0))
                    mx = v1.get_variable("max", [], initializer=v1.constant_initializer(6.0))
                return tf.quantization.fake_quant_with_min_max_vars(h, mn, mx, num_bits=8)
        h = conv(tf.reshape(x, [-1, 49, 10, 1]), "conv1", (10, 4), 1, 32, 2)
        h = conv(h, "conv2", (3, 3), 32, 32, 2)
        h = tf.reduce_mean(h, axis=[1, 2])
        with v1.variable_scope("final_fc"):
            w = v1.get_variable("weights", [32, 12], initializer=v1.glorot_uniform_initializer())
            b = v1.get_variable("biases", [12], initializer=v1.zeros_initializer())
            logits = tf.matmul(h, _v1_fq_weights(w, "final_fc")) + b
        probs = tf.nn.softmax(logits, name="labels_softmax")
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y_, logits=logits))
        train = v1.train.AdamOptimizer(1e-3).minimize(loss)
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            for _ in range(6):
                sess.run(train, {x: rng.normal(0, 4, (16, 490)), y_: rng.integers(0, 12, 16)})
            b = v1.saved_model.Builder(str(out))
            sig = v1.saved_model.predict_signature_def({"fingerprint_input": x}, {
                "labels_softmax": probs, "predicted_indices": tf.argmax(probs, 1)})
            b.add_meta_graph_and_variables(sess, [v1.saved_model.tag_constants.SERVING],
                                           signature_def_map={"serving_default": sig})
            b.save()


@model("z_kws_tf1_contrib_quantize_style_frozen", "frozen-pb", "TF1 keyword spotter rewritten the way tf.contrib.quantize laid out its graphs, frozen with tf.compat.v1.graph_util.convert_variables_to_constants: a training tower (weights_quant/min, max variables assigned the last kernel min / max; act_quant/min, max moved by exponential moving average with decay 0.9) trained 5 GradientDescent steps, and an eval tower sharing the variables (AUTO_REUSE) reading the ranges without updates; placeholder fingerprint_input float [1,49,10,1], conv (8, 5x5) + ReLU6, depthwise 3x3 + ReLU6, pointwise, mean, fc; labels_softmax [1,12]")
def b_kws_tf1_contrib(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(14)

    def quant(t, scope, training, ema, init):
        with v1.variable_scope(scope):
            mn = v1.get_variable("min", [], initializer=v1.constant_initializer(init[0]), trainable=False)
            mx = v1.get_variable("max", [], initializer=v1.constant_initializer(init[1]), trainable=False)
            if training:
                bmin, bmax = tf.minimum(tf.reduce_min(t), 0.0), tf.maximum(tf.reduce_max(t), 0.0)
                if ema:
                    mn = v1.assign(mn, 0.9 * mn + 0.1 * bmin)
                    mx = v1.assign(mx, 0.9 * mx + 0.1 * bmax)
                else:
                    mn, mx = v1.assign(mn, bmin), v1.assign(mx, bmax)
            return tf.quantization.fake_quant_with_min_max_vars(t, mn, mx, num_bits=8, narrow_range=not ema)

    def net(x, training):
        with v1.variable_scope("model", reuse=v1.AUTO_REUSE):
            with v1.variable_scope("conv1"):
                w = v1.get_variable("weights", [5, 5, 1, 8], initializer=v1.truncated_normal_initializer(stddev=0.1))
                b = v1.get_variable("biases", [8], initializer=v1.zeros_initializer())
                h = tf.nn.relu6(tf.nn.conv2d(x, quant(w, "weights_quant", training, False, (-1, 1)), 2, "SAME") + b)
                h = quant(h, "act_quant", training, True, (0.0, 6.0))
            with v1.variable_scope("dw2"):
                w = v1.get_variable("depthwise_weights", [3, 3, 8, 1],
                                    initializer=v1.truncated_normal_initializer(stddev=0.1))
                b = v1.get_variable("biases", [8], initializer=v1.zeros_initializer())
                h = tf.nn.depthwise_conv2d(h, quant(w, "weights_quant", training, False, (-1, 1)), [1, 1, 1, 1],
                                           "SAME")
                h = quant(tf.nn.relu6(h + b), "act_quant", training, True, (0.0, 6.0))
            with v1.variable_scope("pw2"):
                w = v1.get_variable("weights", [1, 1, 8, 16], initializer=v1.truncated_normal_initializer(stddev=0.1))
                b = v1.get_variable("biases", [16], initializer=v1.zeros_initializer())
                h = tf.nn.conv2d(h, quant(w, "weights_quant", training, False, (-1, 1)), 1, "SAME")
                h = quant(tf.nn.relu6(h + b), "act_quant", training, True, (0.0, 6.0))
            h = tf.reduce_mean(h, axis=[1, 2])
            with v1.variable_scope("fc"):
                w = v1.get_variable("weights", [16, 12], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("biases", [12], initializer=v1.zeros_initializer())
                logits = tf.matmul(h, quant(w, "weights_quant", training, False, (-1, 1))) + b
                return quant(logits, "act_quant", training, True, (-8.0, 8.0))
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        xt = v1.placeholder(tf.float32, [None, 49, 10, 1], name="train_input")
        yt = v1.placeholder(tf.int64, [None], name="train_labels")
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=yt, logits=net(xt, True)))
        train = v1.train.GradientDescentOptimizer(0.05).minimize(loss)
        x = v1.placeholder(tf.float32, [1, 49, 10, 1], name="fingerprint_input")
        tf.nn.softmax(net(x, False), name="labels_softmax")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            for _ in range(5):
                sess.run(train, {xt: rng.normal(0, 2, (16, 49, 10, 1)), yt: rng.integers(0, 12, 16)})
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["labels_softmax"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["z_kws_tf1_contrib_quantize_style_frozen"] = ["labels_softmax"]


@model("z_kws_ds_cnn_lsq_4bit_learned_step", "keras-export", "DS-CNN keyword spotter with an LSQ-style 4-bit experiment, float MFCC [None,49,10,1]: custom LsqQuant layer holding one trainable step size s per activation and calling fake_quant_with_min_max_vars(x, -8s, 7s, num_bits=4) so gradients reach s; QConv2D / QDepthwiseConv2D kernels 4-bit per-channel symmetric narrow; 8-bit first conv and QDense(12) classifier; 4 fit steps; model.export")
def b_kws_lsq(out):
    class LsqQuant(L.Layer):
        def __init__(self, bits=4, init_step=0.5, **kw):
            super().__init__(**kw)
            self.bits, self.init_step = bits, init_step

        def build(self, input_shape):
            self.step = self.add_weight(name="step", shape=(), initializer=keras.initializers.Constant(self.init_step))

        def call(self, x):
            n = 2 ** (self.bits - 1)
            s = tf.abs(self.step) + 1e-4
            return tf.quantization.fake_quant_with_min_max_vars(x, -n * s, (n - 1) * s, num_bits=self.bits)
    rng = np.random.default_rng(15)
    inp = keras.Input((49, 10, 1), name="mfcc")
    x = QConv2D(32, (10, 4), strides=2, padding="same", activation="relu", per_channel=True, a_mode=None)(inp)
    x = LsqQuant(init_step=0.5)(L.BatchNormalization()(x))
    for _ in range(3):
        x = QDepthwiseConv2D(3, padding="same", activation="relu", w_bits=4, per_channel=True, a_mode=None)(x)
        x = LsqQuant(init_step=0.25)(x)
        x = QConv2D(32, 1, activation="relu", w_bits=4, per_channel=True, a_mode=None)(x)
        x = LsqQuant(init_step=0.25)(L.BatchNormalization()(x))
    m = keras.Model(inp, QDense(12, a_mode="learned", a_range=(-8.0, 8.0))(L.GlobalAveragePooling2D()(x)))
    _fit(m, rng.normal(0, 4, (64, 49, 10, 1)).astype("float32"), _labels(rng, 64, 12),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    keras_export(m, out)


# ================================================================================ small ResNets

def _resnet8(inp, qat):
    """MLPerf-Tiny ResNet-8 (CIFAR-10): 3x3 stem 16, three residual stacks (16, 32 stride 2, 64 stride 2), GAP,
    Dense(10). `qat`: QConv2D per-channel 8-bit narrow kernels, BN in float, PACT-like learned ranges after ReLUs"""
    if qat:
        def conv(f, k, s=1):
            return QConv2D(f, k, strides=s, padding="same", per_channel=True, a_mode=None)

        def act(t):
            return ActQuant("learned", lo=0.0, hi=4.0)(L.ReLU()(t))
    else:
        def conv(f, k, s=1):
            return L.Conv2D(f, k, strides=s, padding="same")

        def act(t):
            return L.ReLU()(t)
    x = act(L.BatchNormalization()(conv(16, 3)(inp)))
    for f, s in ((16, 1), (32, 2), (64, 2)):
        y = act(L.BatchNormalization()(conv(f, 3, s)(x)))
        y = L.BatchNormalization()(conv(f, 3)(y))
        if s != 1:
            x = conv(f, 1, s)(x)
        x = act(L.Add()([x, y]))
    x = L.GlobalAveragePooling2D()(x)
    return (QDense(10, a_mode="learned", a_range=(-8.0, 8.0)) if qat else L.Dense(10))(x)


@model("z_resnet8_cifar_qat_learned_ranges", "keras-export", "MLPerf-Tiny ResNet-8 (CIFAR-10, float [None,32,32,3]) with QConv2D subclasses (per-channel symmetric 8-bit narrow kernels via fake_quant_with_min_max_vars_per_channel), BatchNormalization in float, PACT-like learned activation ranges (trainable min / max into fake_quant_with_min_max_vars) after every ReLU and residual add, QDense(10) with learned output range; 4 fit steps on random images; model.export")
def b_resnet8_qat(out):
    rng = np.random.default_rng(20)
    inp = keras.Input((32, 32, 3), name="image")
    m = keras.Model(inp, _resnet8(inp, qat=True))
    _fit(m, rng.random((64, 32, 32, 3)).astype("float32"), _labels(rng, 64, 10),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    keras_export(m, out)


@model("z_resnet8_cifar_float_twin_tfsave", "saved-model", "float twin of z_resnet8_cifar_qat_learned_ranges (Conv2D + BatchNormalization + ReLU residual stacks 16/32/64, GAP, Dense(10) logits), float [None,32,32,3]; 4 fit steps; plain tf.saved_model.save(model, path) with its default signature")
def b_resnet8_float(out):
    rng = np.random.default_rng(20)
    inp = keras.Input((32, 32, 3), name="image")
    m = keras.Model(inp, _resnet8(inp, qat=False))
    _fit(m, rng.random((64, 32, 32, 3)).astype("float32"), _labels(rng, 64, 10),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    tf.saved_model.save(m, str(out))


@model("z_resnet_4bit_weights_ema_module", "tf-module", "a 4-bit weight experiment in a tf.Module of tf.Variables, float [None,32,32,3]: 3x3 stem 16 and two residual blocks (16, 32 stride 2 with 1x1 shortcut), kernels fake_quant_with_min_max_vars at num_bits=4 (symmetric, narrow_range), activations at 8 bits on EMA ranges held in non-trainable variables and updated in 3 eager GradientTape SGD steps; GAP, fc(10) with 8-bit weights; outputs logits and class_id int32")
def b_resnet_4bit(out):
    rng = np.random.default_rng(21)

    class Conv(tf.Module):
        def __init__(self, name, k, cin, cout, stride=1, bits=4):
            super().__init__(name=name)
            self.w = tf.Variable(rng.normal(0, np.sqrt(2.0 / (k * k * cin)), (k, k, cin, cout)).astype("float32"),
                                 name="kernel")
            self.b = tf.Variable(np.zeros(cout, "float32"), name="bias")
            self.amin = tf.Variable(0.0, trainable=False, name="act_min")
            self.amax = tf.Variable(6.0, trainable=False, name="act_max")
            self.stride, self.bits = stride, bits

        def __call__(self, x, relu=True, training=False):
            y = tf.nn.conv2d(x, _fq_w(self.w, bits=self.bits), self.stride, "SAME") + self.b
            if relu:
                y = tf.nn.relu(y)
            if training:
                self.amin.assign(0.9 * self.amin + 0.1 * tf.minimum(tf.reduce_min(y), 0.0))
                self.amax.assign(0.9 * self.amax + 0.1 * tf.reduce_max(y))
            return tf.quantization.fake_quant_with_min_max_vars(y, self.amin, self.amax, num_bits=8)

    class ResNet4(tf.Module):
        def __init__(self):
            super().__init__()
            self.stem = Conv("stem", 3, 3, 16)
            self.b1 = [Conv("b1_conv1", 3, 16, 16), Conv("b1_conv2", 3, 16, 16)]
            self.b2 = [Conv("b2_conv1", 3, 16, 32, 2), Conv("b2_conv2", 3, 32, 32), Conv("b2_short", 1, 16, 32, 2)]
            self.fc_w = tf.Variable(rng.normal(0, 0.1, (32, 10)).astype("float32"), name="fc/kernel")
            self.fc_b = tf.Variable(np.zeros(10, "float32"), name="fc/bias")

        def forward(self, x, training=False):
            x = self.stem(x, training=training)
            x = tf.nn.relu(x + self.b1[1](self.b1[0](x, training=training), relu=False, training=training))
            y = self.b2[1](self.b2[0](x, training=training), relu=False, training=training)
            x = tf.nn.relu(y + self.b2[2](x, relu=False, training=training))
            return tf.matmul(tf.reduce_mean(x, axis=[1, 2]), _fq_w(self.fc_w)) + self.fc_b

        @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
        def serve(self, image):
            logits = self.forward(image)
            return {"logits": logits, "class_id": tf.argmax(logits, axis=-1, output_type=tf.int32)}
    net = ResNet4()
    opt = keras.optimizers.SGD(0.01)
    for _ in range(3):
        x, y = rng.random((8, 32, 32, 3)).astype("float32"), rng.integers(0, 10, 8)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, net.forward(x, training=True)))
        vs = net.trainable_variables
        opt.apply_gradients(zip(tape.gradient(loss, vs), vs))
    tf.saved_model.save(net, str(out), signatures={"serving_default": net.serve})


@model("z_resnet_qdq_v2_lambda_activations", "keras-export", "activation-only quantization experiment on a small Keras ResNet, float [None,48,48,3] in [0,1]: input Lambda(quantize_and_dequantize_v2, unsigned, range [0,1] given); Conv2D + BatchNormalization + ReLU residual blocks (16, 32 stride 2, 48 stride 2) with Lambda(quantize_and_dequantize_v2(t, -4, 4, range_given=True, narrow_range=True)) after each residual add and before the classifier; kernels left in float; GAP, Dense(6) softmax; model.export")
def b_resnet_qdq(out):
    def qdq(lo, hi, signed, name):
        return L.Lambda(lambda t: tf.quantization.quantize_and_dequantize_v2(
            t, lo, hi, signed_input=signed, num_bits=8, range_given=True, narrow_range=signed), name=name)
    inp = keras.Input((48, 48, 3), name="image")
    x = qdq(0.0, 1.0, False, "input_qdq")(inp)
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 3, padding="same", use_bias=False)(x)))
    for i, (f, s) in enumerate(((16, 1), (32, 2), (48, 2))):
        y = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=s, padding="same", use_bias=False)(x)))
        y = L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(y))
        sc = x if s == 1 else L.BatchNormalization()(L.Conv2D(f, 1, strides=s, use_bias=False)(x))
        x = qdq(-4.0, 4.0, True, f"add_{i}_qdq")(L.ReLU()(L.Add()([sc, y])))
    x = qdq(-4.0, 4.0, True, "pool_qdq")(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(inp, L.Dense(6, activation="softmax")(x)), out)


# ================================================================================ tiny U-Nets

def _unet(inp, conv, widths=(8, 16, 32), out_ch=1, transpose=False):
    """tiny U-Net: conv blocks with MaxPooling2D down, UpSampling2D (or Conv2DTranspose) + Concatenate skips up"""
    skips, x = [], inp
    for f in widths[:-1]:
        x = conv(f)(conv(f)(x))
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = conv(widths[-1])(x)
    for f, s in zip(reversed(widths[:-1]), reversed(skips)):
        x = L.Conv2DTranspose(f, 2, strides=2)(x) if transpose else L.UpSampling2D()(x)
        x = conv(f)(L.Concatenate()([x, s]))
    return L.Conv2D(out_ch, 1, name="mask_logits")(x)


@model("z_unet_tiny_qat_uint8_io_module", "tf-module", "tiny U-Net segmenter (QConv2D 3x3 blocks with 8-bit per-tensor kernels and EMA activation ranges, MaxPooling2D, UpSampling2D + Concatenate skips followed by a shared-range EMA fake-quant, 1x1 head) trained 3 GradientTape steps; served from a tf.Module whose tf.function takes uint8 [1,64,64,3], dequantizes with scale 1/255 and returns a uint8 probability map (scale 1/255) and a uint8 0 / 255 mask")
def b_unet_qat(out):
    rng = np.random.default_rng(30)

    def conv(f):
        return QConv2D(f, 3, padding="same", activation="relu", a_range=(0.0, 6.0))
    inp = keras.Input((64, 64, 3))
    skips, x = [], inp
    for f in (8, 16):
        x = conv(f)(conv(f)(x))
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = conv(32)(x)
    for f, s in zip((16, 8), reversed(skips)):
        x = ActQuant("ema", lo=0.0, hi=6.0)(L.Concatenate()([L.UpSampling2D()(x), s]))
        x = conv(f)(x)
    net = keras.Model(inp, QDense(1, a_range=(-8.0, 8.0), name="head")(x))
    opt = keras.optimizers.Adam(1e-3)
    loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
    for _ in range(3):
        xb = rng.random((8, 64, 64, 3)).astype("float32")
        with tf.GradientTape() as tape:
            loss = loss_fn((xb[..., :1] > 0.5).astype("float32"), net(xb, training=True))
        opt.apply_gradients(zip(tape.gradient(loss, net.trainable_variables), net.trainable_variables))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "image")])
    def serve(image):
        probs = tf.sigmoid(net(_dequant(image, 1.0 / 255, 0.0), training=False))
        return {"probabilities": _requant(probs, 1.0 / 255, 0.0, tf.uint8),
                "mask": tf.cast(tf.where(probs > 0.5, 255, 0), tf.uint8)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("z_unet_tiny_6bit_experiment", "keras-export", "6-bit experiment on a tiny U-Net, float [None,64,64,1]: QConv2D kernels at 6 bits with asymmetric min / max ranges and narrow_range=False, ReLU6 outputs fake_quant_with_min_max_args(0, 6, num_bits=6) (fixed range); Conv2DTranspose upsampling left in float, Concatenate skips, 1x1 Conv2D logits; not trained; model.export")
def b_unet_6bit(out):
    inp = keras.Input((64, 64, 1), name="image")

    def conv(f):
        return QConv2D(f, 3, padding="same", activation="relu6", w_bits=6, narrow=False, symmetric=False,
                       a_mode="fixed", a_bits=6, a_range=(0.0, 6.0))
    keras_export(keras.Model(inp, _unet(inp, conv, transpose=True)), out)


@model("z_unet_tiny_float_twin_frozen", "frozen-pb", "float tiny U-Net (Conv2D 3x3 + ReLU blocks 8/16/32, MaxPooling2D, UpSampling2D + Concatenate skips, 1x1 logits) with a sigmoid, frozen with convert_variables_to_constants_v2 at fixed float [1,64,64,3]")
def b_unet_float(out):
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    m = keras.Model(inp, L.Activation("sigmoid")(_unet(inp, lambda f: L.Conv2D(f, 3, padding="same",
                                                                               activation="relu"))))
    freeze_keras(m, tensor_spec([1, 64, 64, 3], name="image"), out)


OUTPUTS["z_unet_tiny_float_twin_frozen"] = ["Identity"]


# ================================================================================ sensor MLPs

@model("z_har_mlp_weight_only_int8_module", "tf-module", "human-activity MLP (features float [None,64] -> 64 -> 32 -> 6) trained 1 epoch in float, then its kernels stored as int8 tf.Variables with per-output-channel float32 scales (symmetric, round(w / scale)) in a tf.Module; the serving tf.function dequantizes each kernel with tf.cast(q, float32) * scale before the matmul (biases stay float); outputs probabilities and activity int32")
def b_har_weight_only(out):
    rng = np.random.default_rng(40)
    m = keras.Sequential([keras.Input((64,)), L.Dense(64, activation="relu"), L.Dense(32, activation="relu"),
                          L.Dense(6)])
    _fit(m, rng.normal(0, 1, (256, 64)).astype("float32"), _labels(rng, 256, 6),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), bs=32)

    class WeightOnlyInt8MLP(tf.Module):
        def __init__(self, dense_layers):
            super().__init__()
            self.q, self.scales, self.biases = [], [], []
            for i, d in enumerate(dense_layers):
                q, s = _quantize_np(d.kernel.numpy(), axis=-1)
                self.q.append(tf.Variable(q, trainable=False, name=f"dense_{i}/kernel_int8"))
                self.scales.append(tf.Variable(s, trainable=False, name=f"dense_{i}/kernel_scale"))
                self.biases.append(tf.Variable(d.bias.numpy(), trainable=False, name=f"dense_{i}/bias"))

        @tf.function(input_signature=[tensor_spec([None, 64], name="features")])
        def serve(self, features):
            x = features
            for i, (q, s, b) in enumerate(zip(self.q, self.scales, self.biases)):
                x = tf.matmul(x, tf.cast(q, tf.float32) * s) + b
                if i < len(self.q) - 1:
                    x = tf.nn.relu(x)
            probs = tf.nn.softmax(x)
            return {"probabilities": probs, "activity": tf.argmax(probs, axis=-1, output_type=tf.int32)}
    mod = WeightOnlyInt8MLP(m.layers)
    tf.saved_model.save(mod, str(out), signatures={"serving_default": mod.serve})


def _sensor_mlp(inp, qat, a_mode="ema"):
    if qat:
        x = ActQuant("fixed", lo=-4.0, hi=4.0, name="input_quant")(inp)
        x = QDense(32, activation="relu", a_mode=a_mode, a_range=(0.0, 6.0))(x)
        x = QDense(16, activation="relu", a_mode=a_mode, a_range=(0.0, 6.0))(x)
        return QDense(4, a_mode=a_mode, a_range=(-8.0, 8.0), name="logits")(x)
    x = L.Dense(32, activation="relu")(inp)
    x = L.Dense(16, activation="relu")(x)
    return L.Dense(4, name="logits")(x)


@model("z_sensor_mlp_qdense_symmetric_narrow", "keras-export", "bearing-vibration feature classifier, float [None,32] (standardized): input fake_quant_with_min_max_args(-4,4); QDense 32 / 16 (ReLU) / 4 subclasses of keras.layers.Dense with per-tensor symmetric narrow_range 8-bit kernels and EMA-tracked activation ranges; Softmax; 2 epochs of fit on random features; model.export")
def b_sensor_qdense(out):
    rng = np.random.default_rng(41)
    inp = keras.Input((32,), name="features")
    m = keras.Model(inp, L.Softmax(name="probabilities")(_sensor_mlp(inp, qat=True)))
    _fit(m, rng.normal(0, 1, (256, 32)).astype("float32"), _labels(rng, 256, 4), epochs=2, bs=32)
    keras_export(m, out)


@model("z_sensor_mlp_float_twin", "keras-export", "float twin of z_sensor_mlp_qdense_symmetric_narrow: Dense 32 / 16 (ReLU) / 4 and Softmax on float [None,32]; 2 epochs of fit on random features; model.export")
def b_sensor_float(out):
    rng = np.random.default_rng(41)
    inp = keras.Input((32,), name="features")
    m = keras.Model(inp, L.Softmax(name="probabilities")(_sensor_mlp(inp, qat=False)))
    _fit(m, rng.normal(0, 1, (256, 32)).astype("float32"), _labels(rng, 256, 4), epochs=2, bs=32)
    keras_export(m, out)


@model("z_sensor_mlp_int8_io_export_archive", "keras-export", "sensor MLP with PACT-like learned ranges (QDense 32 / 16 / 4 with trainable act min / max) trained 2 epochs, exported with keras.export.ExportArchive: serve float [None,32] -> logits (serving_default); serve_int8 int8 [None,32] (scale 1/32, zero point -3) dequantized in the graph -> int8 logits requantized at scale 1/16 zero point 0 and the float probabilities")
def b_sensor_int8_io(out):
    rng = np.random.default_rng(42)
    inp = keras.Input((32,), name="features")
    m = keras.Model(inp, _sensor_mlp(inp, qat=True, a_mode="learned"))
    _fit(m, rng.normal(0, 1, (256, 32)).astype("float32"), _labels(rng, 256, 4),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), epochs=2, bs=32)

    def serve_int8(features_int8):
        logits = m(_dequant(features_int8, 1.0 / 32, -3.0), training=False)
        return {"logits_int8": _requant(logits, 1.0 / 16, 0.0, tf.int8), "probabilities": tf.nn.softmax(logits)}
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", lambda features: {"logits": m(features, training=False)},
                         input_signature=[tensor_spec([None, 32], name="features")])
    archive.add_endpoint("serve_int8", serve_int8, input_signature=[tensor_spec([None, 32], "int8", "features_int8")])
    archive.write_out(str(out), verbose=False)


FEEDS["z_sensor_mlp_int8_io_export_archive"] = {"serve_int8/features_int8": (-128, 128)}


@model("z_sensor_mlp_tf1_fq_args_frozen", "frozen-pb", "TF1 temperature / humidity / gas sensor MLP frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder sensors float [None,12], fake_quant_with_min_max_args(-3,3) on the input, get_variable Dense 24 / 12 / 3 with kernels fake_quant_with_min_max_vars on reduce_min / reduce_max (8-bit narrow), ReLU outputs fake_quant_with_min_max_args(0,6), logits fake_quant_with_min_max_args(-10,10); trained 8 Adam steps; output 'probabilities'")
def b_sensor_tf1(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(43)
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [None, 12], name="sensors")
        y_ = v1.placeholder(tf.int64, [None], name="labels")
        h = tf.quantization.fake_quant_with_min_max_args(x, min=-3.0, max=3.0)
        for i, (cin, cout) in enumerate(((12, 24), (24, 12), (12, 3))):
            with v1.variable_scope(f"dense_{i}"):
                w = v1.get_variable("kernel", [cin, cout], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
                h = tf.matmul(h, _v1_fq_weights(w, f"dense_{i}")) + b
                h = (tf.quantization.fake_quant_with_min_max_args(tf.nn.relu(h), min=0.0, max=6.0) if i < 2 else
                     tf.quantization.fake_quant_with_min_max_args(h, min=-10.0, max=10.0))
        tf.nn.softmax(h, name="probabilities")
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y_, logits=h))
        train = v1.train.AdamOptimizer(1e-2).minimize(loss)
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            for _ in range(8):
                sess.run(train, {x: rng.normal(0, 1, (32, 12)), y_: rng.integers(0, 3, 32)})
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["probabilities"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["z_sensor_mlp_tf1_fq_args_frozen"] = ["probabilities"]


# ================================================================================ attention / transformers

@model("z_kwt_transformer_qat_qdense", "keras-export", "keyword-transformer (KWT-like) with hand-written QAT, float MFCC [None,49,40]: QDense patch embedding to 32 + learned positional embedding (add_weight); one encoder block as a custom layer: LayerNormalization in float, QDense q / k / v (8-bit per-tensor narrow kernels, EMA ranges), 2-head scaled dot-product attention with the scores fake-quantized on an EMA range and the softmax on the fixed range [0,1], QDense output projection, residual, GELU MLP of QDense layers; mean over time, QDense(12) logits; 3 fit steps; model.export")
def b_kwt_qat(out):
    class PosEmbed(L.Layer):
        def build(self, input_shape):
            self.pos = self.add_weight(name="pos_embedding", shape=(1, input_shape[1], input_shape[2]),
                                       initializer=keras.initializers.RandomNormal(stddev=0.02))

        def call(self, x):
            return x + self.pos

    class QATEncoderBlock(L.Layer):
        def __init__(self, dim=32, heads=2, mlp=64, **kw):
            super().__init__(**kw)
            self.dim, self.heads = dim, heads
            self.ln1, self.ln2 = L.LayerNormalization(epsilon=1e-6), L.LayerNormalization(epsilon=1e-6)
            self.q, self.k, self.v = (QDense(dim, name=n) for n in ("query", "key", "value"))
            self.o = QDense(dim, name="attn_output")
            self.score_q = ActQuant("ema", lo=-8.0, hi=8.0, name="score_quant")
            self.prob_q = ActQuant("fixed", lo=0.0, hi=1.0, name="prob_quant")
            self.fc1, self.fc2 = QDense(mlp, activation="gelu", name="mlp_fc1"), QDense(dim, name="mlp_fc2")

        def build(self, input_shape):
            for lyr in (self.ln1, self.ln2, self.q, self.k, self.v, self.o):
                lyr.build(input_shape)
            self.fc1.build(input_shape)
            self.fc2.build((*input_shape[:-1], self.fc1.units))
            self.score_q.build(None)
            self.prob_q.build(None)

        def _split(self, t):
            b, n = tf.shape(t)[0], tf.shape(t)[1]
            return tf.transpose(tf.reshape(t, [b, n, self.heads, self.dim // self.heads]), [0, 2, 1, 3])

        def call(self, x, training=None):
            h = self.ln1(x)
            q, k, v = (self._split(f(h, training=training)) for f in (self.q, self.k, self.v))
            s = self.score_q(tf.matmul(q, k, transpose_b=True) / np.sqrt(self.dim // self.heads), training=training)
            a = tf.matmul(self.prob_q(tf.nn.softmax(s)), v)
            a = tf.reshape(tf.transpose(a, [0, 2, 1, 3]), tf.shape(x))
            x = x + self.o(a, training=training)
            return x + self.fc2(self.fc1(self.ln2(x), training=training), training=training)
    rng = np.random.default_rng(50)
    inp = keras.Input((49, 40), name="mfcc")
    x = PosEmbed()(QDense(32, name="patch_embed")(inp))
    x = QATEncoderBlock()(x)
    m = keras.Model(inp, QDense(12, a_range=(-8.0, 8.0), name="logits")(L.GlobalAveragePooling1D()(x)))
    _fit(m, rng.normal(0, 1, (48, 49, 40)).astype("float32"), _labels(rng, 48, 12),
         loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    keras_export(m, out)


@model("z_attention_qdq_v2_per_axis_module", "tf-module", "transformer encoder block in a tf.Module of tf.Variables (dim 32, 4 heads, FFN 64) simulating int8 with quantize_and_dequantize_v2: kernels per output channel (axis=1, range_given=False, narrow_range), activations per tensor on their dynamic range, softmax probabilities unsigned on the given range [0,1]; LayerNorm in float; signature float x [None,None,32] and key-padding mask float [None,None] (1 keep, 0 pad) -> encoded [None,None,32] and pooled [None,32]")
def b_attention_qdq(out):
    rng = np.random.default_rng(51)

    def qdq_w(w):
        c = w.shape[-1]
        return tf.quantization.quantize_and_dequantize_v2(w, tf.zeros([c]), tf.zeros([c]), signed_input=True,
                                                          num_bits=8, range_given=False, narrow_range=True, axis=1)

    def qdq_a(t):
        return tf.quantization.quantize_and_dequantize_v2(t, 0.0, 0.0, signed_input=True, num_bits=8,
                                                          range_given=False)

    class QDQEncoder(tf.Module):
        def __init__(self, d=32, heads=4, ff=64):
            super().__init__()

            def var(shape, name, std=None):
                return tf.Variable(rng.normal(0, std or np.sqrt(1.0 / shape[0]), shape).astype("float32"), name=name)
            self.wq, self.wk, self.wv, self.wo = (var((d, d), n) for n in ("wq", "wk", "wv", "wo"))
            self.w1, self.w2 = var((d, ff), "ffn_w1"), var((ff, d), "ffn_w2")
            self.b1, self.b2 = tf.Variable(np.zeros(ff, "float32"), name="ffn_b1"), tf.Variable(
                np.zeros(d, "float32"), name="ffn_b2")
            self.ln = [(tf.Variable(np.ones(d, "float32"), name=f"ln{i}_gamma"),
                        tf.Variable(np.zeros(d, "float32"), name=f"ln{i}_beta")) for i in range(2)]
            self.d, self.heads = d, heads

        def _ln(self, x, i):
            mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
            g, b = self.ln[i]
            return (x - mean) * tf.math.rsqrt(var + 1e-6) * g + b

        def _heads(self, t):
            b, n = tf.shape(t)[0], tf.shape(t)[1]
            return tf.transpose(tf.reshape(t, [b, n, self.heads, self.d // self.heads]), [0, 2, 1, 3])

        @tf.function(input_signature=[tensor_spec([None, None, 32], name="x"), tensor_spec([None, None], name="mask")])
        def serve(self, x, mask):
            h = qdq_a(self._ln(x, 0))
            q, k, v = (self._heads(qdq_a(tf.einsum("bnd,de->bne", h, qdq_w(w)))) for w in (self.wq, self.wk, self.wv))
            scores = tf.matmul(q, k, transpose_b=True) / np.sqrt(self.d // self.heads)
            scores += (1.0 - mask[:, None, None, :]) * -1e9
            p = tf.quantization.quantize_and_dequantize_v2(tf.nn.softmax(scores), 0.0, 1.0, signed_input=False,
                                                           num_bits=8, range_given=True)
            a = tf.reshape(tf.transpose(tf.matmul(p, v), [0, 2, 1, 3]), tf.shape(x))
            x = x + qdq_a(tf.einsum("bnd,de->bne", a, qdq_w(self.wo)))
            h = qdq_a(self._ln(x, 1))
            h = qdq_a(tf.nn.relu(tf.einsum("bnd,df->bnf", h, qdq_w(self.w1)) + self.b1))
            x = x + qdq_a(tf.einsum("bnf,fd->bnd", h, qdq_w(self.w2)) + self.b2)
            pooled = tf.reduce_sum(x * mask[..., None], axis=1) / tf.maximum(tf.reduce_sum(mask, 1, keepdims=True), 1.0)
            return {"encoded": x, "pooled": pooled}
    enc = QDQEncoder()
    tf.saved_model.save(enc, str(out), signatures={"serving_default": enc.serve})


FEEDS["z_attention_qdq_v2_per_axis_module"] = {"mask": 1.0}


@model("z_attention_int8_weight_storage_ffn", "keras-export", "small attention classifier with weight-only int8 feed-forward layers, float [None,20,16]: keras.layers.MultiHeadAttention (2 heads, key_dim 8) in float + residual + LayerNormalization; FFN of two Int8Dense custom layers (int8 kernel in a non-trainable variable, per-output-channel float scale, tf.cast(kernel, float32) * scale at call) loaded from float Dense weights by symmetric rounding; GAP, Int8Dense(3) softmax; model.export")
def b_attention_int8_ffn(out):
    rng = np.random.default_rng(52)
    inp = keras.Input((20, 16), name="sequence")
    x = L.LayerNormalization()(inp + L.MultiHeadAttention(2, 8)(inp, inp))
    f1, f2, head = Int8Dense(32, activation="relu"), Int8Dense(16), Int8Dense(3, activation="softmax")
    x = L.LayerNormalization()(x + f2(f1(x)))
    m = keras.Model(inp, head(L.GlobalAveragePooling1D()(x)))
    for lyr, (cin, cout) in ((f1, (16, 32)), (f2, (32, 16)), (head, (16, 3))):
        lyr.load_float(rng.normal(0, np.sqrt(2.0 / cin), (cin, cout)).astype("float32"),
                       rng.normal(0, 0.01, cout).astype("float32"))
    keras_export(m, out)


# ================================================================================ hand-written RNN cells

def _gru_module(quantized, rng):
    """GRU cell written by hand over tf.Variables (input 6, hidden 16) and a Dense(5) head; `quantized` fake-quantizes
    kernels (8-bit per tensor symmetric narrow), gates (sigmoid on [0,1], candidate tanh on [-1,1]) and the state
    ([-1,1]) with fake_quant_with_min_max_args"""
    fq = tf.quantization.fake_quant_with_min_max_args

    class HandGRU(tf.Module):
        def __init__(self, n_in=6, n_h=16, n_cls=5):
            super().__init__()

            def var(shape, name):
                return tf.Variable(rng.normal(0, np.sqrt(1.0 / shape[0]), shape).astype("float32"), name=name)
            self.W = var((n_in, 3 * n_h), "W")
            self.U = var((n_h, 3 * n_h), "U")
            self.b = tf.Variable(np.zeros(3 * n_h, "float32"), name="b")
            self.Wy, self.by = var((n_h, n_cls), "Wy"), tf.Variable(np.zeros(n_cls, "float32"), name="by")
            self.n_h = n_h

        def _w(self, w):
            return _fq_w(w) if quantized else w

        def cell(self, x, h):
            xz, xr, xn = tf.split(tf.matmul(x, self._w(self.W)) + self.b, 3, axis=-1)
            hz, hr, hn = tf.split(tf.matmul(h, self._w(self.U)), 3, axis=-1)
            z, r = tf.sigmoid(xz + hz), tf.sigmoid(xr + hr)
            if quantized:
                z, r = fq(z, min=0.0, max=1.0), fq(r, min=0.0, max=1.0)
            n = tf.tanh(xn + r * hn)
            if quantized:
                n = fq(n, min=-1.0, max=1.0)
            h = (1.0 - z) * n + z * h
            return fq(h, min=-1.0, max=1.0) if quantized else h

        def head(self, h):
            return tf.nn.softmax(tf.matmul(h, self._w(self.Wy)) + self.by)

        @tf.function(input_signature=[tensor_spec([None, None, 6], name="imu")])
        def serve(self, imu):
            h = tf.zeros([tf.shape(imu)[0], self.n_h])
            for t in tf.range(tf.shape(imu)[1]):
                h = self.cell(imu[:, t], h)
            return {"probabilities": self.head(h), "state": h}

        @tf.function(input_signature=[tensor_spec([None, 6], name="imu_t"), tensor_spec([None, 16], name="state")])
        def step(self, imu_t, state):
            h = self.cell(imu_t, state)
            return {"probabilities": self.head(h), "state": h}
    return HandGRU()


@model("z_gru_cell_by_hand_fq_gates_module", "tf-module", "hand-written GRU (tf.Module of tf.Variables, 6 IMU channels -> 16 hidden) with kernels fake-quantized 8-bit per tensor (symmetric narrow) and gates / candidate / state through fake_quant_with_min_max_args on [0,1] / [-1,1]; signatures serving_default float imu [None,None,6] (a tf.range loop over time) -> probabilities [None,5] and final state, and step (imu_t [None,6], state [None,16]) for streaming")
def b_gru_fq(out):
    g = _gru_module(True, np.random.default_rng(60))
    tf.saved_model.save(g, str(out), signatures={"serving_default": g.serve, "step": g.step})


@model("z_gru_cell_by_hand_float_twin_module", "tf-module", "float twin of z_gru_cell_by_hand_fq_gates_module: the same hand-written GRU tf.Module without any fake-quant; signatures serving_default float imu [None,None,6] (tf.range loop) and step (imu_t [None,6], state [None,16]) -> probabilities and state")
def b_gru_float(out):
    g = _gru_module(False, np.random.default_rng(60))
    tf.saved_model.save(g, str(out), signatures={"serving_default": g.serve, "step": g.step})


@model("z_lstm_tf1_unrolled_fq_gates_frozen", "frozen-pb", "TF1 LSTM written by hand and statically unrolled over 16 steps for an MCU, frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder input float [1,16,8]; get_variable kernel / recurrent kernel fake-quantized on their min / max (8-bit narrow), pre-activations on [-8,8], sigmoid gates on [0,1], tanh on [-1,1], cell state on [-8,8] (all fake_quant_with_min_max_args); last hidden state -> fc(3) -> 'output' softmax")
def b_lstm_tf1(out):
    v1 = tf.compat.v1
    fq = tf.quantization.fake_quant_with_min_max_args
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [1, 16, 8], name="input")
        n = 24
        with v1.variable_scope("lstm"):
            W = v1.get_variable("kernel", [8, 4 * n], initializer=v1.glorot_uniform_initializer())
            U = v1.get_variable("recurrent_kernel", [n, 4 * n], initializer=v1.orthogonal_initializer())
            b = v1.get_variable("bias", [4 * n], initializer=v1.zeros_initializer())
            Wq, Uq = _v1_fq_weights(W, "kernel"), _v1_fq_weights(U, "recurrent_kernel")
        h = c = tf.zeros([1, n])
        for t in range(16):
            z = fq(tf.matmul(x[:, t], Wq) + tf.matmul(h, Uq) + b, min=-8.0, max=8.0)
            i, f, gg, o = tf.split(z, 4, axis=1)
            i, f, o = (fq(tf.sigmoid(a), min=0.0, max=1.0) for a in (i, f, o))
            c = fq(f * c + i * fq(tf.tanh(gg), min=-1.0, max=1.0), min=-8.0, max=8.0)
            h = fq(o * tf.tanh(c), min=-1.0, max=1.0)
        with v1.variable_scope("fc"):
            w = v1.get_variable("weights", [n, 3], initializer=v1.glorot_uniform_initializer())
            bb = v1.get_variable("biases", [3], initializer=v1.zeros_initializer())
        tf.nn.softmax(tf.matmul(h, _v1_fq_weights(w, "fc")) + bb, name="output")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["output"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["z_lstm_tf1_unrolled_fq_gates_frozen"] = ["output"]


@model("z_lstm_custom_qat_cell_keras_rnn", "keras-export", "gesture classifier with a hand-written QAT LSTM cell (custom Layer with state_size [16,16]: kernels fake-quantized 8-bit per tensor symmetric narrow, gates fake_quant_with_min_max_args on [0,1] / [-1,1], cell state on [-8,8]) wrapped in keras.layers.RNN, float accelerometer [None,50,3]; QDense(4) with EMA range and Softmax; 3 fit steps; model.export")
def b_lstm_keras_cell(out):
    rng = np.random.default_rng(61)
    inp = keras.Input((50, 3), name="accel")
    x = L.RNN(QLSTMCell(16))(inp)
    m = keras.Model(inp, L.Softmax(name="probabilities")(QDense(4, a_range=(-8.0, 8.0))(x)))
    _fit(m, rng.normal(0, 1, (48, 50, 3)).astype("float32"), _labels(rng, 48, 4))
    keras_export(m, out)


# ================================================================================ anomaly autoencoders

def _fc_ae(inp, qat, dims=(64, 64, 8, 64, 64), out_dim=640):
    """MLPerf-Tiny anomaly-detection FC autoencoder (narrowed): Dense + BatchNormalization + ReLU layers, linear
    output of the input's size"""
    x = inp
    for i, d in enumerate(dims):
        x = (QDense(d, a_mode=None) if qat else L.Dense(d))(x)
        x = L.ReLU()(L.BatchNormalization()(x))
        if qat:
            x = ActQuant("ema", lo=0.0, hi=6.0, name=f"act_quant_{i}")(x)
    return (QDense(out_dim, a_range=(-8.0, 8.0)) if qat else L.Dense(out_dim))(x)


@model("z_anomaly_ae_qdense_ema_export_archive", "keras-export", "MLPerf-Tiny-style machine-sound anomaly autoencoder on 5 stacked 128-bin log-mel frames (float [None,640]): QDense 64 / 64 / 8 / 64 / 64 (8-bit per-tensor kernels) each with BatchNormalization, ReLU and an EMA-ranged fake-quant, QDense(640) output; 2 epochs of MSE fit on random frames; keras.export.ExportArchive endpoints reconstruct -> reconstruction (serving_default) and score -> per-example mean squared error anomaly_score")
def b_ae_qat(out):
    rng = np.random.default_rng(70)
    inp = keras.Input((640,), name="log_mel")
    m = keras.Model(inp, _fc_ae(inp, qat=True))
    x = rng.normal(0, 1, (256, 640)).astype("float32")
    _fit(m, x, x, loss="mse", epochs=2, bs=32)
    spec = [tensor_spec([None, 640], name="log_mel")]
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("reconstruct", lambda log_mel: {"reconstruction": m(log_mel, training=False)},
                         input_signature=spec)
    archive.add_endpoint("score", lambda log_mel: {"anomaly_score": tf.reduce_mean(
        tf.square(m(log_mel, training=False) - log_mel), axis=-1)}, input_signature=spec)
    archive.write_out(str(out), verbose=False)


@model("z_anomaly_ae_float_twin_saved", "saved-model", "float twin of z_anomaly_ae_qdense_ema_export_archive: Dense 64 / 64 / 8 / 64 / 64 + BatchNormalization + ReLU, Dense(640), float [None,640]; 2 epochs of MSE fit; tf.saved_model.save(model, signatures=...) with a serving function returning reconstruction and anomaly_score")
def b_ae_float(out):
    rng = np.random.default_rng(70)
    inp = keras.Input((640,), name="log_mel")
    m = keras.Model(inp, _fc_ae(inp, qat=False))
    x = rng.normal(0, 1, (256, 640)).astype("float32")
    _fit(m, x, x, loss="mse", epochs=2, bs=32)

    @tf.function(input_signature=[tensor_spec([None, 640], name="log_mel")])
    def serve(log_mel):
        rec = m(log_mel, training=False)
        return {"reconstruction": rec, "anomaly_score": tf.reduce_mean(tf.square(rec - log_mel), axis=-1)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("z_anomaly_ae_tf1_int8_io_builder", "tf1-savedmodel", "TF1 SavedModelBuilder vibration autoencoder for an int8 pipeline: placeholder int8 frame [None,128] dequantized in the graph (scale 0.05, zero point 0); get_variable Dense 32 / 8 / 32 / 128 with kernels fake_quant_with_min_max_vars on reduce_min / reduce_max (8-bit narrow) and activations fake_quant_with_min_max_vars on act_quant min / max variables (initialized to fixed ranges); outputs reconstruction requantized to int8 (scale 0.05) and float anomaly_score against the dequantized input")
def b_ae_tf1_int8(out):
    v1 = tf.compat.v1

    def build():
        q = v1.placeholder(tf.int8, [None, 128], name="frame_int8")
        x = _dequant(q, 0.05, 0.0)
        h = x
        for i, (cin, cout) in enumerate(((128, 32), (32, 8), (8, 32), (32, 128))):
            with v1.variable_scope(f"dense_{i}"):
                w = v1.get_variable("kernel", [cin, cout], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
                h = tf.matmul(h, _v1_fq_weights(w, f"dense_{i}")) + b
                last = i == 3
                if not last:
                    h = tf.nn.relu(h)
                with v1.variable_scope("act_quant"):
                    mn = v1.get_variable("min", [], initializer=v1.constant_initializer(-6.4 if last else 0.0),
                                         trainable=False)
                    mx = v1.get_variable("max", [], initializer=v1.constant_initializer(6.35 if last else 6.0),
                                         trainable=False)
                h = tf.quantization.fake_quant_with_min_max_vars(h, mn, mx, num_bits=8)
        return {"serving_default": ({"frame_int8": q}, {
            "reconstruction_int8": _requant(h, 0.05, 0.0, tf.int8),
            "anomaly_score": tf.reduce_mean(tf.square(h - x), axis=-1)})}
    tf1_saved_model(out, build)


FEEDS["z_anomaly_ae_tf1_int8_io_builder"] = {"frame_int8": (-128, 128)}


@model("z_conv_ae_qdq_v2_per_channel_module", "tf-module", "convolutional spectrogram autoencoder trained 1 epoch in float as Keras layers (Conv2D stride 2 x2, Conv2DTranspose stride 2 x2, Conv2D 1 output), then served from a tf.Module whose forward pass re-implements the layers with tf.nn.conv2d / conv2d_transpose on quantize_and_dequantize_v2 kernels (per output channel: axis 3 for Conv2D, axis 2 for Conv2DTranspose, range_given=False, narrow_range) and qdq'd ReLU outputs (unsigned, dynamic range); float [None,32,32,1] -> reconstruction and per-example MSE anomaly_score")
def b_conv_ae_qdq(out):
    rng = np.random.default_rng(71)
    inp = keras.Input((32, 32, 1))
    enc = [L.Conv2D(8, 3, strides=2, padding="same", activation="relu"),
           L.Conv2D(16, 3, strides=2, padding="same", activation="relu")]
    dec = [L.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu"),
           L.Conv2DTranspose(8, 3, strides=2, padding="same", activation="relu")]
    last = L.Conv2D(1, 3, padding="same")
    x = inp
    for lyr in enc + dec:
        x = lyr(x)
    ae = keras.Model(inp, last(x))
    data = rng.random((128, 32, 32, 1)).astype("float32")
    _fit(ae, data, data, loss="mse", bs=32)

    def qdq_k(k, axis):
        c = k.shape[axis]
        return tf.quantization.quantize_and_dequantize_v2(k, tf.zeros([c]), tf.zeros([c]), signed_input=True,
                                                          range_given=False, narrow_range=True, axis=axis)

    def qdq_relu(t):
        return tf.quantization.quantize_and_dequantize_v2(t, 0.0, 0.0, signed_input=False, range_given=False)

    class QDQConvAE(tf.Module):
        def __init__(self):
            super().__init__()
            self.ae = ae

        @tf.function(input_signature=[tensor_spec([None, 32, 32, 1], name="patch")])
        def serve(self, patch):
            x = patch
            for lyr in enc:
                x = qdq_relu(tf.nn.relu(tf.nn.conv2d(x, qdq_k(lyr.kernel, 3), 2, "SAME") + lyr.bias))
            for lyr in dec:
                b, hgt, wid = tf.shape(x)[0], tf.shape(x)[1], tf.shape(x)[2]
                y = tf.nn.conv2d_transpose(x, qdq_k(lyr.kernel, 2), tf.stack([b, hgt * 2, wid * 2, lyr.filters]),
                                           2, "SAME")
                x = qdq_relu(tf.nn.relu(y + lyr.bias))
            rec = tf.nn.conv2d(x, qdq_k(last.kernel, 3), 1, "SAME") + last.bias
            return {"reconstruction": rec, "anomaly_score": tf.reduce_mean(tf.square(rec - patch), axis=[1, 2, 3])}
    mod = QDQConvAE()
    tf.saved_model.save(mod, str(out), signatures={"serving_default": mod.serve})


# ================================================================================ LeNet

@model("z_lenet_tf1_uint8_ema_ranges_two_signatures", "tf1-savedmodel", "TF1 LeNet-5 graph for a uint8 camera pipeline, SavedModelBuilder with two signatures sharing the weights: serving_default takes uint8 image [None,28,28,1] (dequantized by / 255 in the graph), serving_float takes float [None,28,28,1]; get_variable conv 5x5 (6, 16) + ReLU + max_pool, fc 120 / 84 / 10; kernels fake_quant_with_min_max_vars on their min / max (8-bit narrow), activations fake_quant_with_min_max_vars on non-trainable act_quant min / max variables initialized to [0,6]; outputs probabilities and classes int64")
def b_lenet_tf1(out):
    v1 = tf.compat.v1

    def net(x):
        with v1.variable_scope("lenet", reuse=v1.AUTO_REUSE):
            def aq(t, scope):
                with v1.variable_scope(scope + "/act_quant"):
                    mn = v1.get_variable("min", [], initializer=v1.constant_initializer(0.0), trainable=False)
                    mx = v1.get_variable("max", [], initializer=v1.constant_initializer(6.0), trainable=False)
                return tf.quantization.fake_quant_with_min_max_vars(t, mn, mx)
            h = tf.quantization.fake_quant_with_min_max_args(x, min=0.0, max=1.0)
            for name, cin, cout in (("conv1", 1, 6), ("conv2", 6, 16)):
                with v1.variable_scope(name):
                    w = v1.get_variable("weights", [5, 5, cin, cout],
                                        initializer=v1.truncated_normal_initializer(stddev=0.1))
                    b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
                h = aq(tf.nn.relu(tf.nn.conv2d(h, _v1_fq_weights(w, name), 1, "SAME") + b), name)
                h = tf.nn.max_pool2d(h, 2, 2, "VALID")
            h = tf.reshape(h, [-1, 7 * 7 * 16])
            for name, cin, cout in (("fc1", 784, 120), ("fc2", 120, 84), ("fc3", 84, 10)):
                with v1.variable_scope(name):
                    w = v1.get_variable("weights", [cin, cout], initializer=v1.glorot_uniform_initializer())
                    b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
                h = tf.matmul(h, _v1_fq_weights(w, name)) + b
                if name != "fc3":
                    h = aq(tf.nn.relu(h), name)
            return tf.nn.softmax(h)

    def build():
        img = v1.placeholder(tf.uint8, [None, 28, 28, 1], name="image")
        imgf = v1.placeholder(tf.float32, [None, 28, 28, 1], name="image_float")
        p, pf = net(tf.cast(img, tf.float32) / 255.0), net(imgf)
        return {"serving_default": ({"image": img}, {"probabilities": p, "classes": tf.argmax(p, 1)}),
                "serving_float": ({"image": imgf}, {"probabilities": pf, "classes": tf.argmax(pf, 1)})}
    tf1_saved_model(out, build)


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
