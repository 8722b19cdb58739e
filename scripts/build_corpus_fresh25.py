"""Build an independently made corpus into bench/out/fresh25/: quantized graphs the way deployment tools and other
ecosystems produce them, in TensorFlow form. TensorRT / NVIDIA-toolkit style QDQ placement (QuantizeAndDequantizeV2 /
V3 with num_bits as a tensor or variable / V4 through tf.quantization.quantize_and_dequantize(_v2) and tf.raw_ops)
on conv / matmul inputs and weights only -- per-tensor and per-channel (axis), signed / unsigned, narrow range,
ranges given as calibrated constants or variables or computed from the tensor at run time, 8-bit and 4-bit; per-channel
ranges that are given go through V3, as TF 2.21's V2 / V4 CPU kernels refuse vector ranges with range_given -- with
adds, residuals, pooling and softmax left in float; graphs imported from ONNX QDQ / QOperator / dynamically quantized
models as onnx-tf and onnx2tf write them (QuantizeLinear / DequantizeLinear as divide, round, add zero point,
clip_by_value, cast to int8 / uint8 and back, multiply by scale; NCHW transposes around convs; int8 weight constants
with per-channel scale vectors; MatMulInteger as int32 matmul); TF1 tf.contrib.quantize create_eval_graph-style graphs
(batch-norm folded weights under fake_quant_with_min_max_vars, activation fake quant after ReLU6 / Add / Concat with
moving-average min / max variables, calibrated in a session) frozen and as SavedModels; fake_quant_with_min_max_args /
_vars / _vars_per_channel QAT layers trained a few steps; QuantizeV2 / Dequantize (MIN_COMBINED, MIN_FIRST, SCALED, per
channel with axis) in serving graphs; int8 / uint8 / float16 weights dequantized by cast * scale (- zero point);
Keras 3 model.quantize("int8" / "int4"); uint8 / int8 model inputs and outputs with float twins; binarized (Larq-like
STE sign through tf.custom_gradient, XNOR-Net with a TF1 gradient_override_map), ternary, power-of-two and
stochastic-rounding quantizers; QDQ inside tf.while_loop / tf.cond, a hand-written quantized LSTM, and a quantized
conv backbone under a float attention head. Exported as Keras 3 model.export, tf.saved_model.save of tf.Modules with
tf.function(input_signature=...) signatures, TF1 SavedModelBuilder graphs and frozen GraphDefs. Tiny widths, seeded
random weights, ranges from a few calibration / training steps on random data; nothing is downloaded; no outcomes are
recorded here.

    .venv/bin/python scripts/build_corpus_fresh25.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh25.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh25.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh25.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh25.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh25", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _he(rng, shape, fan_in=None):
    """He-normal weights; fan_in defaults to the product of all but the last dim"""
    fan_in = fan_in or int(np.prod(shape[:-1]))
    return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype("float32")


def _bn_params(rng, c):
    """made-up trained batch-norm statistics (gamma, beta, moving mean, moving variance)"""
    return (rng.uniform(0.6, 1.4, c).astype("float32"), rng.normal(0, 0.1, c).astype("float32"),
            rng.normal(0, 0.1, c).astype("float32"), rng.uniform(0.5, 1.5, c).astype("float32"))


def _fold(w, bn, axis_shape=None, eps=1e-3):
    """fold batch norm into conv weights (output channel on the last axis unless axis_shape says how to broadcast)"""
    g, b, m, v = bn
    mult = g / np.sqrt(v + eps)
    return (w * (mult if axis_shape is None else mult.reshape(axis_shape))).astype("float32"), (b - m * mult).astype(
        "float32")


def _per_channel_int8(w, axis=-1):
    """symmetric per-channel int8 weights: (int8 array, float32 scale vector along `axis`)"""
    red = tuple(i for i in range(w.ndim) if i != axis % w.ndim)
    scale = np.maximum(np.abs(w).max(axis=red), 1e-8) / 127.0
    shape = [1] * w.ndim
    shape[axis] = -1
    return np.clip(np.round(w / scale.reshape(shape)), -127, 127).astype("int8"), scale.astype("float32")


def _qdq_sym(x, amax, bits=8, axis=None, signed=True, narrow=True):
    """TensorRT-style symmetric QDQ with a given range: per-tensor through tf.quantization.quantize_and_dequantize_v2
    (the V4 op); per-channel (axis) through tf.raw_ops.QuantizeAndDequantizeV3 with num_bits as a tensor, since the
    TF 2.21 CPU kernels of V2 / V4 reject vector ranges with range_given (they cannot run per-channel given ranges)"""
    lo = -amax if signed else tf.zeros_like(amax)
    if axis is not None:
        return tf.raw_ops.QuantizeAndDequantizeV3(input=x, input_min=lo, input_max=amax, num_bits=tf.constant(bits),
                                                  signed_input=signed, range_given=True, narrow_range=narrow,
                                                  axis=axis % len(x.shape))
    return tf.quantization.quantize_and_dequantize_v2(x, lo, amax, signed_input=signed, num_bits=bits,
                                                      range_given=True, narrow_range=narrow)


def _q_linear(x, scale, zp, dtype):
    """ONNX QuantizeLinear as onnx-tf writes it: round(x / scale) + zero_point, saturate, cast"""
    lo, hi = (0.0, 255.0) if dtype == tf.uint8 else (-128.0, 127.0)
    return tf.cast(tf.clip_by_value(tf.round(x / scale) + zp, lo, hi), dtype)


def _dq_linear(q, scale, zp=0.0):
    """ONNX DequantizeLinear: (float(q) - zero_point) * scale"""
    return (tf.cast(q, tf.float32) - zp) * scale


class _Calib:
    """Activation ranges from float calibration passes (a min / max calibrator). While `calibrating`, each site records
    the tensor's min / max and passes it through (the forward function runs eagerly); afterwards the same forward
    function, traced, applies the quantizer with the recorded range as constants."""

    def __init__(self):
        self.lo, self.hi, self.calibrating = {}, {}, True

    def _rec(self, key, x):
        self.lo[key] = min(self.lo.get(key, 0.0), float(tf.reduce_min(x)))
        self.hi[key] = max(self.hi.get(key, 0.0), float(tf.reduce_max(x)))
        return x

    def amax(self, key):
        return np.float32(max(abs(self.lo[key]), abs(self.hi[key]), 1e-6))

    def params(self, key, dtype):
        """asymmetric (scale, zero_point) as onnxruntime's quantizer picks them for uint8 / int8"""
        qmin, qmax = (0.0, 255.0) if dtype == tf.uint8 else (-128.0, 127.0)
        lo, hi = self.lo[key], self.hi[key]
        scale = max(hi - lo, 1e-6) / (qmax - qmin)
        return np.float32(scale), np.float32(np.clip(np.round(qmin - lo / scale), qmin, qmax))

    def sym(self, key, x, **kw):
        """symmetric TensorRT-style QDQ (quantize_and_dequantize_v2) with the calibrated amax"""
        return self._rec(key, x) if self.calibrating else _qdq_sym(x, self.amax(key), **kw)

    def site(self, key, x, fn):
        """any quantizer fn(x, lo, hi) with the calibrated range"""
        return self._rec(key, x) if self.calibrating else fn(x, np.float32(self.lo[key]), np.float32(self.hi[key]))

    def q(self, key, x, dtype):
        if self.calibrating:
            return self._rec(key, x)
        return _q_linear(x, *self.params(key, dtype), dtype)

    def dq(self, key, x, dtype):
        return x if self.calibrating else _dq_linear(x, *self.params(key, dtype))

    def qdq(self, key, x, dtype):
        return self.dq(key, self.q(key, x, dtype), dtype)

    def run(self, fn, shape, n=4, seed=0, gen=None):
        rng = np.random.default_rng(seed)
        for _ in range(n):
            fn(tf.constant(gen(rng) if gen else rng.uniform(-1, 1, shape).astype("float32")))
        self.calibrating = False


def _train_keras(m, x_shape, n_classes, steps=3, bs=8, seed=1, loss="sparse_categorical_crossentropy", y=None):
    """a few fit steps on random data (eager-compiled graph, no XLA) so tracked ranges / weights move"""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, (steps * bs, *x_shape)).astype("float32")
    y = rng.integers(0, n_classes, steps * bs) if y is None else y(rng, x)
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss=loss, jit_compile=False)
    m.fit(x, y, batch_size=bs, epochs=1, verbose=0)


def _tf1_export(out, build, feeds, frozen_outputs=None, steps=5):
    """A TF1 graph (random seed 0): `build()` returns ({signature: (inputs, outputs)}, update_ops); the update ops
    (range calibration / training) run `steps` times with `feeds(rng, i)` -> {tensor name: value}; then the graph is
    frozen with graph_util.convert_variables_to_constants (if `frozen_outputs`) or saved with SavedModelBuilder."""
    v1 = tf.compat.v1
    rng = np.random.default_rng(7)
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        sigs, update = build()
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            for i in range(steps):
                s.run(update, {g.get_tensor_by_name(k): v for k, v in feeds(rng, i).items()})
            if frozen_outputs:
                frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), frozen_outputs)
                out.write_bytes(frozen.SerializeToString())
                return
            b = v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
                k: v1.saved_model.predict_signature_def(i, o) for k, (i, o) in sigs.items()})
            b.save()


# ---------------------------------------------------------------------- Keras layers in the NVIDIA-toolkit style

_TRT = {}


def _trt_layers():
    """Keras 3 Conv2D / DepthwiseConv2D / Dense subclasses quantizing only their inputs (per-tensor amax variable,
    max-calibrated) and kernels (per-channel amax over the output channel) with quantize_and_dequantize_v2, as the
    NVIDIA TensorFlow quantization toolkit wraps layers for TensorRT. `calibrate(model, batches)` sets the ranges."""
    if _TRT:
        return _TRT

    class _Q:
        def _add_q(self, nch):
            self.input_amax = self.add_weight(name="input_amax", shape=(), initializer="zeros", trainable=False)
            self.kernel_amax = self.add_weight(name="kernel_amax", shape=(nch,), initializer="ones", trainable=False)
            self.calibrating = False

        def _q_in(self, x):
            if self.calibrating:
                self.input_amax.assign(tf.maximum(self.input_amax, tf.reduce_max(tf.abs(x))))
                return x
            return _qdq_sym(x, tf.convert_to_tensor(self.input_amax))

        def _q_w(self, w, axis):
            if self.calibrating:
                red = [a for a in range(len(w.shape)) if a != axis]
                self.kernel_amax.assign(tf.maximum(tf.reduce_max(tf.abs(w), axis=red), 1e-8))
                return w
            return _qdq_sym(w, tf.convert_to_tensor(self.kernel_amax), axis=axis)

    class QConv2D(_Q, L.Conv2D):
        def build(self, input_shape):
            super().build(input_shape)
            self._add_q(self.filters)

        def convolution_op(self, inputs, kernel):
            return super().convolution_op(self._q_in(inputs), self._q_w(kernel, 3))

    class QDepthwiseConv2D(_Q, L.DepthwiseConv2D):
        def build(self, input_shape):
            super().build(input_shape)
            self._add_q(input_shape[-1] * self.depth_multiplier)

        def call(self, inputs):
            k = self.kernel
            y = keras.ops.depthwise_conv(self._q_in(inputs), tf.reshape(self._q_w(
                tf.reshape(k, [k.shape[0], k.shape[1], 1, -1]), 3), k.shape), strides=self.strides,
                padding=self.padding, dilation_rate=self.dilation_rate, data_format=self.data_format)
            if self.use_bias:
                y = y + self.bias
            return self.activation(y) if self.activation is not None else y

    class QDense(_Q, L.Dense):
        def build(self, input_shape):
            super().build(input_shape)
            self._add_q(self.units)

        def call(self, inputs, training=None):
            y = keras.ops.matmul(self._q_in(inputs), self._q_w(self.kernel, 1))
            if self.use_bias:
                y = y + self.bias
            return self.activation(y) if self.activation is not None else y

    def calibrate(m, shape, n=4, seed=3):
        qs = [ly for ly in m._flatten_layers() if isinstance(ly, _Q)]
        for ly in qs:
            ly.calibrating = True
        rng = np.random.default_rng(seed)
        for _ in range(n):
            m(rng.uniform(-1, 1, shape).astype("float32"), training=False)
        for ly in qs:
            ly.calibrating = False

    _TRT.update(QConv2D=QConv2D, QDepthwiseConv2D=QDepthwiseConv2D, QDense=QDense, calibrate=calibrate)
    return _TRT


def _ste_sign(x):
    """Larq ste_sign: sign with sign(0) = 1, straight-through gradient clipped to |x| <= 1 (tf.custom_gradient)"""
    @tf.custom_gradient
    def f(t):
        def grad(dy):
            return dy * tf.cast(tf.abs(t) <= 1.0, dy.dtype)
        return tf.where(t >= 0, tf.ones_like(t), -tf.ones_like(t)), grad
    return f(x)


# ================================================================================ TensorRT / NVIDIA-toolkit QDQ

@model("q_trt_toolkit_mobilenet_qdq_keras", "keras-export", "MobileNet-v1-like Keras 3 model built from Conv2D / DepthwiseConv2D / Dense subclasses that QDQ their input with a per-tensor amax variable (quantize_and_dequantize_v2, narrow range, 8-bit) and their kernel per output channel (tf.raw_ops.QuantizeAndDequantizeV3, axis 3, num_bits tensor), max-calibrated on 4 random batches; BatchNormalization, ReLU6, GlobalAveragePooling2D left float; fixed float [1,32,32,3]; model.export")
def b_trt_mobilenet(out):
    Q = _trt_layers()
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.ReLU(6.0)(L.BatchNormalization()(Q["QConv2D"](16, 3, strides=2, padding="same", use_bias=False)(inp)))
    for f, s in ((24, 1), (32, 2), (32, 1), (48, 2)):
        x = L.ReLU(6.0)(L.BatchNormalization()(Q["QDepthwiseConv2D"](3, strides=s, padding="same", use_bias=False)(x)))
        x = L.ReLU(6.0)(L.BatchNormalization()(Q["QConv2D"](f, 1, use_bias=False)(x)))
    m = keras.Model(inp, L.Softmax(name="probs")(Q["QDense"](10)(L.GlobalAveragePooling2D()(x))))
    Q["calibrate"](m, (8, 32, 32, 3))
    keras_export(m, out, keep_fixed_batch=True)


@model("q_trt_resnet_block_qdq_conv_inputs_frozen", "frozen-pb", "ResNet-18-like basic blocks (stem, identity block, projection block) written with tf.nn.conv2d on tf.Variables, TensorRT-style QDQ only on every conv / matmul input (per-tensor, max-calibrated constant amax) and weight (per-channel axis 3 / 1 through QuantizeAndDequantizeV3, narrow range); residual adds, ReLU, max_pool and reduce_mean float; fixed float [1,32,32,3]; frozen with convert_variables_to_constants_v2")
def b_trt_resnet(out):
    rng = np.random.default_rng(2)
    shapes = {"stem": [3, 3, 3, 16], "b1a": [3, 3, 16, 16], "b1b": [3, 3, 16, 16], "b2a": [3, 3, 16, 32],
              "b2b": [3, 3, 32, 32], "b2p": [1, 1, 16, 32]}
    W = {k: tf.Variable(_he(rng, s), name=k) for k, s in shapes.items()}
    B = {k: tf.Variable(rng.normal(0, 0.05, s[-1]).astype("float32"), name=k + "_b") for k, s in shapes.items()}
    fc_w, fc_b = tf.Variable(_he(rng, [32, 10])), tf.Variable(np.zeros(10, "float32"))
    cal = _Calib()
    amax = {k: np.abs(v.numpy()).max(axis=(0, 1, 2)) for k, v in W.items()}
    fc_amax = np.abs(fc_w.numpy()).max(axis=0)

    def conv(k, x, s=1):
        w = _qdq_sym(W[k], amax[k], axis=3)
        return tf.nn.conv2d(cal.sym(k, x), w, s, "SAME") + B[k]

    def fwd(x):
        x = tf.nn.max_pool2d(tf.nn.relu(conv("stem", x)), 2, 2, "SAME")
        y = tf.nn.relu(conv("b1a", x))
        x = tf.nn.relu(x + conv("b1b", y))
        y = tf.nn.relu(conv("b2a", x, 2))
        x = tf.nn.relu(conv("b2p", x, 2) + conv("b2b", y))
        x = cal.sym("fc", tf.reduce_mean(x, axis=[1, 2]))
        logits = tf.matmul(x, _qdq_sym(fc_w, fc_amax, axis=1)) + fc_b
        return tf.identity(logits, name="logits")
    cal.run(fwd, (4, 32, 32, 3))
    freeze_function(fwd, [tensor_spec([1, 32, 32, 3], name="input")], out)


OUTPUTS["q_trt_resnet_block_qdq_conv_inputs_frozen"] = ["logits"]


@model("q_trt_tf1_mlp_qdq_v3_num_bits_const", "tf1-savedmodel", "TF1 SavedModelBuilder tabular MLP for TF-TRT INT8, placeholder features float [None,24]: each matmul input through tf.raw_ops.QuantizeAndDequantizeV3 with num_bits a constant int32 tensor, range_given, signed, narrow_range, input_min / input_max variables max-calibrated by 5 session runs of assign(maximum(...)); kernels through V3 per-channel (axis 1) with ranges computed in the graph from the weights; bias adds and ReLU float; outputs probabilities and class (int64)")
def b_trt_tf1_mlp(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(3)

    def build():
        x = v1.placeholder(tf.float32, [None, 24], name="features")
        bits = tf.constant(8, tf.int32, name="num_bits")
        h, upd = x, []
        for i, (cin, cout) in enumerate(((24, 32), (32, 32), (32, 4))):
            with v1.variable_scope(f"dense_{i}"):
                w = v1.get_variable("kernel", initializer=_he(rng, [cin, cout]))
                b = v1.get_variable("bias", initializer=np.full(cout, 0.01, "float32"))
                amax = v1.get_variable("input_amax", initializer=np.float32(1e-3), trainable=False)
                upd.append(v1.assign(amax, tf.maximum(amax, tf.reduce_max(tf.abs(h)))))
                hq = tf.raw_ops.QuantizeAndDequantizeV3(input=h, input_min=-amax, input_max=amax, num_bits=bits,
                                                        signed_input=True, range_given=True, narrow_range=True)
                wmax = tf.reduce_max(tf.abs(w), axis=0)
                wq = tf.raw_ops.QuantizeAndDequantizeV3(input=w, input_min=-wmax, input_max=wmax, num_bits=bits,
                                                        signed_input=True, range_given=True, narrow_range=True,
                                                        axis=1)
                h = tf.matmul(hq, wq) + b
                if i < 2:
                    h = tf.nn.relu(h)
        probs = tf.nn.softmax(h, name="probabilities")
        return {"serving_default": ({"features": x}, {"probabilities": probs, "class": tf.argmax(probs, 1)})}, upd
    _tf1_export(out, build, lambda r, i: {"features:0": r.normal(0, 1, (16, 24)).astype("float32")})


@model("q_trt_kws_qdq_v3_num_bits_variable", "tf-module", "keyword-spotting CNN on MFCC float [1,49,10,1] in a tf.Module whose QDQ bit width is a tf.Variable (int32, 8) fed as num_bits to tf.raw_ops.QuantizeAndDequantizeV3: activations per-tensor with calibrated amax variables (range_given), weights per-tensor with range_given=False (range computed from the tensor); conv2d + relu + max_pool x2, conv, reduce_mean, dense(12); outputs probabilities and label int32")
def b_trt_kws_v3var(out):
    rng = np.random.default_rng(4)
    cal = _Calib()

    class Kws(tf.Module):
        def __init__(self):
            super().__init__()
            self.num_bits = tf.Variable(8, dtype=tf.int32, trainable=False, name="num_bits")
            self.w = [tf.Variable(_he(rng, s)) for s in ([3, 3, 1, 16], [3, 3, 16, 32], [3, 3, 32, 32], [32, 12])]
            self.amax = {}

        def qdq(self, key, x, given=True):
            def fn(t, lo, hi):
                if key not in self.amax:
                    self.amax[key] = tf.Variable(max(abs(lo), abs(hi)), trainable=False, name=key + "_amax")
                a = self.amax[key] if given else tf.constant(0.0)
                return tf.raw_ops.QuantizeAndDequantizeV3(input=t, input_min=-a, input_max=a,
                                                          num_bits=self.num_bits, signed_input=True,
                                                          range_given=given, narrow_range=False)
            return cal.site(key, x, fn) if given else fn(x, 0.0, 0.0)

        def fwd(self, x):
            for i in range(3):
                x = tf.nn.relu(tf.nn.conv2d(self.qdq(f"act{i}", x), self.qdq(f"w{i}", self.w[i], False), 1, "SAME"))
                if i < 2:
                    x = tf.nn.max_pool2d(x, 2, 2, "SAME")
            return tf.matmul(self.qdq("fc", tf.reduce_mean(x, axis=[1, 2])), self.qdq("wfc", self.w[3], False))

        @tf.function(input_signature=[tensor_spec([1, 49, 10, 1], name="mfcc")])
        def serve(self, mfcc):
            p = tf.nn.softmax(self.fwd(mfcc))
            return {"probabilities": p, "label": tf.argmax(p, axis=-1, output_type=tf.int32)}
    m = Kws()
    cal.run(m.fwd, (4, 49, 10, 1))
    m.fwd(tf.zeros([1, 49, 10, 1]))  # creates the amax variables outside the traced function
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve})


@model("q_trt_dscnn_qdq_v4_4bit_weights_frozen", "frozen-pb", "ARM DS-CNN keyword spotter on MFCC float [1,49,10,1] with tf.raw_ops.QuantizeAndDequantizeV4: 4-bit per-channel weights with the range computed by the op (range_given=False; axis 3 for conv, axis 2 on the [3,3,C,1] depthwise kernels, narrow range, HALF_UP rounding), 8-bit per-tensor activations at every conv input (calibrated constant ranges, HALF_TO_EVEN); BatchNorm folded into weights, ReLU and average pooling float; frozen")
def b_trt_dscnn4(out):
    rng = np.random.default_rng(5)
    cal = _Calib()

    def v4(x, lo, hi, bits, axis=-1, rm="HALF_TO_EVEN"):
        return tf.raw_ops.QuantizeAndDequantizeV4(input=x, input_min=lo, input_max=hi, signed_input=True,
                                                  num_bits=bits, range_given=True, round_mode=rm, narrow_range=True,
                                                  axis=axis)

    def wq(w, axis):  # per-channel 4-bit, range computed from the weights by the op (range_given=False)
        z = np.zeros(w.shape[axis], "float32")
        return tf.raw_ops.QuantizeAndDequantizeV4(input=tf.constant(w), input_min=z, input_max=z, signed_input=True,
                                                  num_bits=4, range_given=False, round_mode="HALF_UP",
                                                  narrow_range=True, axis=axis)
    w0, b0 = _fold(_he(rng, [10, 4, 1, 32]), _bn_params(rng, 32))
    blocks = []
    for _ in range(3):
        dw, dwb = _fold(_he(rng, [3, 3, 32, 1], 9), _bn_params(rng, 32), (1, 1, 32, 1))
        pw, pwb = _fold(_he(rng, [1, 1, 32, 32]), _bn_params(rng, 32))
        blocks.append((dw, dwb, pw, pwb))
    fc = _he(rng, [32, 12])

    def act(key, x):
        return cal.site(key, x, lambda t, lo, hi: v4(t, -max(-lo, hi), max(-lo, hi), 8))

    def fwd(x):
        x = tf.nn.relu(tf.nn.conv2d(act("in", x), wq(w0, 3), 2, "SAME") + b0)
        for i, (dw, dwb, pw, pwb) in enumerate(blocks):
            x = tf.nn.relu(tf.nn.depthwise_conv2d(act(f"dw{i}", x), wq(dw, 2), [1, 1, 1, 1], "SAME") + dwb)
            x = tf.nn.relu(tf.nn.conv2d(act(f"pw{i}", x), wq(pw, 3), 1, "SAME") + pwb)
        x = tf.reshape(tf.nn.avg_pool2d(x, (25, 5), 1, "VALID"), [-1, 32])
        return tf.nn.softmax(tf.matmul(act("fc", x), wq(fc, 1)), name="labels_softmax")
    cal.run(fwd, (4, 49, 10, 1))
    freeze_function(fwd, [tensor_spec([1, 49, 10, 1], name="input_1")], out)


OUTPUTS["q_trt_dscnn_qdq_v4_4bit_weights_frozen"] = ["labels_softmax"]


@model("q_trt_transformer_block_qdq_bmm", "tf-module", "one pre-LN transformer encoder block (2 heads, d=32, seq 16) in a tf.Module over fixed float [1,16,32] with TensorRT BERT-style QDQ placement: symmetric QDQ on the inputs of the Q / K / V / output / FFN matmuls (quantize_and_dequantize_v2) and per-channel (axis 1, QuantizeAndDequantizeV3) on their kernels, on Q and K before the score batch-matmul, on the softmax probabilities (unsigned, amax 1.0) and V before the context batch-matmul; LayerNorm (tf.nn.moments), residual adds, softmax and GELU (tanh approximation) float")
def b_trt_transformer(out):
    rng = np.random.default_rng(6)
    cal = _Calib()
    d, h, ff = 32, 2, 64
    P = {k: tf.Variable(_he(rng, s), name=k) for k, s in
         (("wq", [d, d]), ("wk", [d, d]), ("wv", [d, d]), ("wo", [d, d]), ("w1", [d, ff]), ("w2", [ff, d]))}
    ln = [(tf.Variable(np.ones(d, "float32")), tf.Variable(np.zeros(d, "float32"))) for _ in range(2)]

    def layer_norm(x, gb):
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) * tf.math.rsqrt(var + 1e-6) * gb[0] + gb[1]

    def dense(key, x, wk):
        w = _qdq_sym(P[wk], tf.reduce_max(tf.abs(P[wk]), axis=0), axis=1)
        return tf.einsum("bsd,df->bsf", cal.sym(key, x), w)

    def heads(t):
        return tf.transpose(tf.reshape(t, [-1, 16, h, d // h]), [0, 2, 1, 3])

    def fwd(x):
        y = layer_norm(x, ln[0])
        q, k, v = (heads(dense("qkv_in", y, w)) for w in ("wq", "wk", "wv"))
        s = tf.matmul(cal.sym("q", q), cal.sym("k", k), transpose_b=True) / np.sqrt(d // h)
        p = tf.nn.softmax(s)
        p = p if cal.calibrating else _qdq_sym(p, np.float32(1.0), signed=False)
        ctx = tf.reshape(tf.transpose(tf.matmul(p, cal.sym("v", v)), [0, 2, 1, 3]), [-1, 16, d])
        x = x + dense("o_in", ctx, "wo")
        y = tf.nn.gelu(dense("ff1_in", layer_norm(x, ln[1]), "w1"), approximate=True)
        return x + dense("ff2_in", y, "w2")
    cal.run(fwd, (4, 16, 32))

    @tf.function(input_signature=[tensor_spec([1, 16, 32], name="hidden_states")])
    def serve(hidden_states):
        return {"output": fwd(hidden_states)}
    serve_module(out, {"params": list(P.values()), "ln": ln}, serving_default=serve)


@model("q_trt_autoencoder_dynamic_range_qdq_frozen", "frozen-pb", "conv autoencoder float [1,32,32,1] with QDQ whose range is computed from the tensor at run time: tf.quantization.quantize_and_dequantize (QuantizeAndDequantizeV2 op) with range_given=False on every conv / conv2d_transpose input (signed, or signed_input=False after ReLU) and per-channel on the kernels (axis 3; axis 2 for conv2d_transpose's [k,k,out,in] kernels); stride-2 encoder convs, tf.nn.conv2d_transpose decoder, sigmoid output; frozen")
def b_trt_ae_dynamic(out):
    rng = np.random.default_rng(8)
    enc = [_he(rng, s) for s in ([3, 3, 1, 16], [3, 3, 16, 32])]
    dec = [_he(rng, s, 9 * 32) for s in ([3, 3, 16, 32], [3, 3, 8, 16])]
    last = _he(rng, [3, 3, 8, 1])

    def dyn(x, signed=True, axis=None, n=None):
        z = tf.zeros([n]) if axis is not None else 0.0
        return tf.quantization.quantize_and_dequantize(x, z, z, signed_input=signed, num_bits=8, range_given=False,
                                                       axis=axis)

    def fwd(x):
        for i, w in enumerate(enc):
            x = tf.nn.relu(tf.nn.conv2d(dyn(x, signed=i == 0), dyn(tf.constant(w), axis=3, n=w.shape[3]), 2, "SAME"))
        for w in dec:
            n, hw = w.shape[2], x.shape[1] * 2
            x = tf.nn.relu(tf.nn.conv2d_transpose(dyn(x, signed=False), dyn(tf.constant(w), axis=2, n=n),
                                                  [1, hw, hw, n], 2, "SAME"))
        x = tf.nn.conv2d(dyn(x, signed=False), dyn(tf.constant(last), axis=3, n=1), 1, "SAME")
        return tf.sigmoid(x, name="reconstruction")
    freeze_function(fwd, [tensor_spec([1, 32, 32, 1], name="image")], out)


OUTPUTS["q_trt_autoencoder_dynamic_range_qdq_frozen"] = ["reconstruction"]


@model("q_trt_toolkit_detector_head_none_batch", "keras-export", "two-level FPN-style detector head built from the toolkit-style QDQ Conv2D subclasses (per-tensor input amax via quantize_and_dequantize_v2, per-channel kernel amax via QuantizeAndDequantizeV3, max-calibrated), float [None,32,32,3] (dynamic batch): stride-2 backbone to 4x4 and 2x2 maps, UpSampling2D + Add top-down merge left float, shared QDQ class (3 anchors x 4 classes) and box (3 x 4) conv predictors per level, Reshape + Concatenate; outputs class_logits [None,60,4] and box_deltas [None,60,4]; model.export")
def b_trt_det(out):
    Q = _trt_layers()
    C = Q["QConv2D"]
    inp = keras.Input((32, 32, 3), name="images")
    x = L.ReLU()(L.BatchNormalization()(C(16, 3, strides=2, padding="same", use_bias=False)(inp)))
    x = L.ReLU()(L.BatchNormalization()(C(24, 3, strides=2, padding="same", use_bias=False)(x)))
    c3 = L.ReLU()(L.BatchNormalization()(C(32, 3, strides=2, padding="same", use_bias=False)(x)))     # 4x4
    c4 = L.ReLU()(L.BatchNormalization()(C(32, 3, strides=2, padding="same", use_bias=False)(c3)))    # 2x2
    p4 = C(24, 1)(c4)
    p3 = L.Add()([C(24, 1)(c3), L.UpSampling2D()(p4)])
    cls_conv, box_conv = C(12, 3, padding="same", name="cls_pred"), C(12, 3, padding="same", name="box_pred")
    cls, box = [], []
    for p in (p3, p4):
        cls.append(L.Reshape((-1, 4))(cls_conv(p)))
        box.append(L.Reshape((-1, 4))(box_conv(p)))
    m = keras.Model(inp, {"class_logits": L.Concatenate(axis=1, name="class_logits")(cls),
                          "box_deltas": L.Concatenate(axis=1, name="box_deltas")(box)})
    Q["calibrate"](m, (8, 32, 32, 3))
    keras_export(m, out)


# ================================================================================ graphs imported from ONNX

@model("q_onnx_tf_qdq_nchw_cnn_frozen", "frozen-pb", "ONNX QDQ CNN (onnxruntime quantize_static, uint8 activations with zero points, int8 symmetric per-channel weights) as onnx-tf imports it, frozen: NCHW float input [1,3,32,32]; every QuantizeLinear as divide / round / add zero point / clip_by_value / cast uint8 and DequantizeLinear as cast / subtract / multiply; int8 [O,I,kh,kw] weight constants with per-channel scale vectors reshaped [O,1,1,1], transposed to HWIO in the graph; explicit tf.pad + VALID conv2d and max_pool inside NHWC<->NCHW transposes; bias as int32 constants times input_scale * weight_scale; reduce_mean GlobalAveragePool, Gemm with transpose_b")
def b_onnx_tf_nchw(out):
    rng = np.random.default_rng(9)
    cal = _Calib()
    convs = []
    for cin, cout in ((3, 16), (16, 32), (32, 32)):
        wq, ws = _per_channel_int8(_he(rng, [3, 3, cin, cout]).transpose(3, 2, 0, 1), axis=0)
        convs.append((wq, ws, rng.normal(0, 0.05, cout).astype("float32")))
    gq, gs = _per_channel_int8(_he(rng, [32, 10]).T, axis=0)
    u8 = tf.uint8

    def to_nhwc(t):
        return tf.transpose(t, [0, 2, 3, 1])

    def to_nchw(t):
        return tf.transpose(t, [0, 3, 1, 2])

    def fwd(x):
        for i, (wq, ws, b) in enumerate(convs):
            key = f"conv{i}_in"
            x = cal.qdq(key, x, u8)
            w = _dq_linear(tf.constant(wq), ws.reshape(-1, 1, 1, 1))
            bias = b if cal.calibrating else _dq_linear(tf.constant(np.round(
                b / (cal.params(key, u8)[0] * ws)).astype("int32")), cal.params(key, u8)[0] * ws)
            y = tf.nn.conv2d(tf.pad(to_nhwc(x), [[0, 0], [1, 1], [1, 1], [0, 0]]), tf.transpose(w, [2, 3, 1, 0]), 1,
                             "VALID")
            x = tf.nn.relu(to_nchw(y) + tf.reshape(bias, [1, -1, 1, 1]))
            x = to_nchw(tf.nn.max_pool2d(to_nhwc(cal.qdq(f"pool{i}_in", x, u8)), 2, 2, "VALID"))
        x = tf.reshape(tf.reduce_mean(cal.qdq("gap_in", x, u8), axis=[2, 3], keepdims=True), [1, -1])
        logits = tf.matmul(cal.qdq("gemm_in", x, u8), _dq_linear(tf.constant(gq), gs.reshape(-1, 1)), transpose_b=True)
        return tf.identity(logits, name="output")
    cal.run(fwd, (1, 3, 32, 32))
    freeze_function(fwd, [tensor_spec([1, 3, 32, 32], name="input")], out)


OUTPUTS["q_onnx_tf_qdq_nchw_cnn_frozen"] = ["output"]


@model("q_onnx2tf_qdq_nhwc_resnet_int8", "tf-module", "ONNX QDQ ResNet block (int8 activations with asymmetric zero points, int8 per-channel weights) as onnx2tf writes it, NHWC, tf.saved_model.save of a tf.Module with only constants: input float [1,32,32,3], QuantizeLinear as tf.math.round / clip_by_value / cast int8 and DequantizeLinear as cast / subtract / multiply before every conv, on both Add inputs and after the Add, HWIO int8 weight constants times per-channel scale vectors; relu, GlobalAveragePool as reduce_mean, Gemm; output logits [1,10]")
def b_onnx2tf_resnet(out):
    rng = np.random.default_rng(10)
    cal = _Calib()
    i8 = tf.int8
    shapes = {"stem": [3, 3, 3, 16], "a": [3, 3, 16, 16], "b": [3, 3, 16, 16], "down": [3, 3, 16, 32],
              "proj": [1, 1, 16, 32], "c": [3, 3, 32, 32]}
    W = {k: (*_per_channel_int8(_he(rng, s)), rng.normal(0, 0.05, s[-1]).astype("float32")) for k, s in shapes.items()}
    fq, fs = _per_channel_int8(_he(rng, [32, 10]))

    def conv(k, x, s=1):
        wq, ws, b = W[k]
        return tf.nn.conv2d(cal.qdq(k + "_in", x, i8), _dq_linear(tf.constant(wq), ws), s, "SAME") + b

    def add(k, a, b):
        return cal.qdq(k + "_out", cal.qdq(k + "_a", a, i8) + cal.qdq(k + "_b", b, i8), i8)

    def fwd(x):
        x = tf.nn.relu(conv("stem", x, 2))
        x = tf.nn.relu(add("add1", x, conv("b", tf.nn.relu(conv("a", x)))))
        x = tf.nn.relu(add("add2", conv("proj", x, 2), conv("c", tf.nn.relu(conv("down", x, 2)))))
        x = cal.qdq("gap", tf.reduce_mean(x, axis=[1, 2]), i8)
        return tf.matmul(x, _dq_linear(tf.constant(fq), fs)) + 0.01
    cal.run(fwd, (1, 32, 32, 3))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="input_1")])
    def serve(input_1):
        return {"output_0": fwd(input_1)}
    serve_module(out, {}, serving_default=serve)


@model("q_onnx_tf_gemm_mlp_uint8_zero_point", "tf-module", "ONNX QDQ tabular MLP as onnx-tf's tf.Module export, float [None,32] (dynamic batch): QuantizeLinear uint8 with calibrated scale and zero point before each Gemm, DequantizeLinear back, int8 weight constants stored [out,in] with per-row scales, tf.matmul(transpose_b=True), bias, relu; a final Sigmoid output and the score QuantizeLinear'd to uint8 as the ONNX graph's second output")
def b_onnx_gemm(out):
    rng = np.random.default_rng(11)
    cal = _Calib()
    layers = []
    for cin, cout in ((32, 64), (64, 32), (32, 1)):
        wq, ws = _per_channel_int8(_he(rng, [cin, cout]).T, axis=0)
        layers.append((wq, ws, rng.normal(0, 0.05, cout).astype("float32")))

    def fwd(x):
        for i, (wq, ws, b) in enumerate(layers):
            x = tf.matmul(cal.qdq(f"gemm{i}", x, tf.uint8), _dq_linear(tf.constant(wq), ws[:, None]),
                          transpose_b=True) + b
            if i < 2:
                x = tf.nn.relu(x)
        return tf.sigmoid(x)

    cal.run(fwd, (64, 32), gen=lambda r: r.normal(0, 1, (64, 32)).astype("float32"))

    @tf.function(input_signature=[tensor_spec([None, 32], name="input")])
    def serve(input):  # noqa: A002 - the ONNX input name
        y = fwd(input)
        return {"output": y, "output_quantized": _q_linear(y, np.float32(1 / 255.0), np.float32(0.0), tf.uint8)}
    serve_module(out, {}, serving_default=serve)


@model("q_onnx_tf_qoperator_uint8_between_layers_frozen", "frozen-pb", "ONNX QOperator-format MobileNet-like model (QLinearConv / QLinearAdd / QLinearGlobalAveragePool) as onnx-tf lowers it, frozen: float NCHW input [1,3,32,32] QuantizeLinear'd once to uint8, uint8 tensors between layers, each QLinearConv as DequantizeLinear of input and int8 weights -> NHWC transpose, conv2d / depthwise_conv2d, transpose back -> requantize to uint8; QLinearAdd residual dequantizes both uint8 inputs; final DequantizeLinear to float logits")
def b_onnx_qop(out):
    rng = np.random.default_rng(12)
    cal = _Calib()
    u8 = tf.uint8

    def pc(w, axis):
        return _per_channel_int8(w, axis=axis)
    stem = pc(_he(rng, [3, 3, 3, 16]), 3)
    dw1, pw1 = pc(_he(rng, [3, 3, 16, 1], 9), 2), pc(_he(rng, [1, 1, 16, 16]), 3)
    dw2, pw2 = pc(_he(rng, [3, 3, 16, 1], 9), 2), pc(_he(rng, [1, 1, 16, 32]), 3)
    fc = pc(_he(rng, [32, 10]), 1)

    def qconv(key_in, key_out, x, w, stride=1, depthwise=False, relu=True):
        xf = cal.dq(key_in, x, u8)
        wf = _dq_linear(tf.constant(w[0]), w[1].reshape((1, 1, -1, 1) if depthwise else (1, 1, 1, -1)))
        xf = tf.transpose(xf, [0, 2, 3, 1])
        y = (tf.nn.depthwise_conv2d(xf, wf, [1, stride, stride, 1], "SAME") if depthwise
             else tf.nn.conv2d(xf, wf, stride, "SAME"))
        y = tf.transpose(tf.nn.relu(y) if relu else y, [0, 3, 1, 2])
        return cal.q(key_out, y, u8)

    def fwd(x):
        x = cal.q("input", x, u8)
        x = qconv("input", "stem", x, stem, 2)
        y = qconv("stem", "dw1_out", x, dw1, depthwise=True)
        y = qconv("dw1_out", "pw1_out", y, pw1, relu=False)
        x = cal.q("add_out", cal.dq("stem", x, u8) + cal.dq("pw1_out", y, u8), u8)         # QLinearAdd
        x = qconv("add_out", "dw2_out", x, dw2, 2, depthwise=True)
        x = qconv("dw2_out", "pw2_out", x, pw2)
        x = cal.q("gap_out", tf.reduce_mean(cal.dq("pw2_out", x, u8), axis=[2, 3]), u8)  # QLinearGlobalAveragePool
        y = tf.matmul(cal.dq("gap_out", x, u8), _dq_linear(tf.constant(fc[0]), fc[1]))
        return tf.identity(cal.dq("logits", cal.q("logits", y, u8), u8), name="output")
    cal.run(fwd, (1, 3, 32, 32))
    freeze_function(fwd, [tensor_spec([1, 3, 32, 32], name="input")], out)


OUTPUTS["q_onnx_tf_qoperator_uint8_between_layers_frozen"] = ["output"]


@model("q_onnx_dynamic_quant_matmulinteger_encoder", "tf-module", "transformer encoder layer dynamically quantized by onnxruntime (quantize_dynamic) and imported with onnx-tf, float [None,16,32] (dynamic batch): DynamicQuantizeLinear written out (min / max with 0, scale = range / 255, zero point round / clip / cast uint8, x quantized to uint8) before each weight MatMul, MatMulInteger as int32 casts minus zero point and tf.matmul on int32 against int8 weight constants, int32 result cast to float times input_scale * weight_scale, bias add; attention score / context matmuls, softmax, LayerNorm and Erf-based GELU float")
def b_onnx_dyn(out):
    rng = np.random.default_rng(13)
    d, ff = 32, 64
    Wts = {k: _per_channel_int8(_he(rng, s), axis=-1) for k, s in
           (("q", [d, d]), ("k", [d, d]), ("v", [d, d]), ("o", [d, d]), ("f1", [d, ff]), ("f2", [ff, d]))}
    # per-tensor symmetric int8 weights (quantize_dynamic's default)
    Wts = {k: (np.clip(np.round(q.astype("float32") * s / s.max()), -127, 127).astype("int8"), np.float32(s.max()))
           for k, (q, s) in Wts.items()}

    def dyn_quant(x):
        mn, mx = tf.minimum(0.0, tf.reduce_min(x)), tf.maximum(0.0, tf.reduce_max(x))
        scale = (mx - mn) / 255.0
        zp = tf.cast(tf.clip_by_value(tf.round(-mn / scale), 0.0, 255.0), tf.uint8)
        q = tf.cast(tf.clip_by_value(tf.round(x / scale) + tf.cast(zp, tf.float32), 0.0, 255.0), tf.uint8)
        return q, scale, zp

    def qmatmul(x, k):
        q, s, zp = dyn_quant(x)
        acc = tf.matmul(tf.cast(q, tf.int32) - tf.cast(zp, tf.int32), tf.constant(Wts[k][0].astype("int32")))
        return tf.cast(acc, tf.float32) * (s * Wts[k][1]) + 0.01

    def ln(x):
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) / tf.sqrt(var + 1e-12)

    @tf.function(input_signature=[tensor_spec([None, 16, d], name="input_embeddings")])
    def serve(input_embeddings):
        x = input_embeddings

        def heads(t):
            return tf.transpose(tf.reshape(t, [-1, 16, 2, d // 2]), [0, 2, 1, 3])
        q, k, v = (heads(qmatmul(x, n)) for n in "qkv")
        p = tf.nn.softmax(tf.matmul(q, k, transpose_b=True) * (1.0 / np.sqrt(d // 2)))
        ctx = tf.reshape(tf.transpose(tf.matmul(p, v), [0, 2, 1, 3]), [-1, 16, d])
        x = ln(x + qmatmul(ctx, "o"))
        h = qmatmul(x, "f1")
        h = 0.5 * h * (1.0 + tf.math.erf(h / np.sqrt(2.0)))
        return {"last_hidden_state": ln(x + qmatmul(h, "f2"))}
    serve_module(out, {}, serving_default=serve)


@model("q_onnx2tf_keras_lambda_qdq_mobilenetv2", "keras-export", "MobileNetV2 inverted-residual net from an ONNX QDQ model as onnx2tf's Keras output: Keras Conv2D / DepthwiseConv2D layers holding the dequantized per-channel int8 weights, activation QuantizeLinear -> DequantizeLinear pairs (int8, fixed scale / zero point: [-1,1] input, [0,6] after ReLU6, [-8,8] after the residual Add) as Keras Lambda layers of tf.round / clip_by_value / tf.cast ops; fixed float [1,32,32,3]; model.export")
def b_onnx2tf_keras(out):
    def qdq_layer(lo, hi):
        scale = np.float32((hi - lo) / 255.0)
        zp = np.float32(np.round(-128 - lo / scale))
        return L.Lambda(lambda t: _dq_linear(_q_linear(t, scale, zp, tf.int8), scale, zp))

    def set_q(layer, x):
        y = layer(x)
        ws = layer.get_weights()
        axis = 2 if isinstance(layer, L.DepthwiseConv2D) else -1
        q, s = _per_channel_int8(ws[0], axis=axis)
        shape = [1] * q.ndim
        shape[axis] = -1
        layer.set_weights([q.astype("float32") * s.reshape(shape)] + ws[1:])
        return y

    inp = keras.Input((32, 32, 3), batch_size=1, name="input")
    x = qdq_layer(-1.0, 1.0)(inp)
    x = qdq_layer(0.0, 6.0)(L.ReLU(6.0)(set_q(L.Conv2D(16, 3, strides=2, padding="same"), x)))
    for i, (exp, f, s) in enumerate(((48, 16, 1), (48, 24, 2), (72, 24, 1))):
        y = qdq_layer(0.0, 6.0)(L.ReLU(6.0)(set_q(L.Conv2D(exp, 1), x)))
        y = qdq_layer(0.0, 6.0)(L.ReLU(6.0)(set_q(L.DepthwiseConv2D(3, strides=s, padding="same"), y)))
        y = qdq_layer(-8.0, 8.0)(set_q(L.Conv2D(f, 1), y))
        x = qdq_layer(-8.0, 8.0)(L.Add()([x, y])) if s == 1 and x.shape[-1] == f else y
    x = qdq_layer(0.0, 6.0)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(inp, set_q(L.Dense(10, name="logits"), x)), out, keep_fixed_batch=True)


# ================================================================================ TF1 contrib.quantize-style graphs

def _c_act_quant(x, name, upd, decay=0.9, lo=0.0, hi=6.0):
    """contrib.quantize MovingAvgQuantize: min / max variables updated by an EMA (run in calibration), FakeQuant"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        mn = v1.get_variable("min", initializer=np.float32(lo), trainable=False)
        mx = v1.get_variable("max", initializer=np.float32(hi), trainable=False)
        upd.append(v1.assign(mn, decay * mn + (1 - decay) * tf.minimum(tf.reduce_min(x), 0.0)))
        upd.append(v1.assign(mx, decay * mx + (1 - decay) * tf.maximum(tf.reduce_max(x), 0.0)))
        return tf.quantization.fake_quant_with_min_max_vars(x, mn, mx, num_bits=8, name="FakeQuantWithMinMaxVars")


def _c_conv(x, name, cin, cout, rng, upd, k=3, s=1, depthwise=False, act="relu6", quant_act=True):
    """contrib.quantize create_eval_graph conv: weights * gamma / sqrt(var + eps) folded in the graph, LastValueQuant
    fake quant (narrow range, min / max variables assigned from the folded weights), folded bias, activation, act quant"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        shape = [k, k, cin, 1] if depthwise else [k, k, cin, cout]
        w = v1.get_variable("weights", initializer=_he(rng, shape, k * k if depthwise else None))
        g, b, m, v = (v1.get_variable(n, initializer=a) for n, a in
                      zip(("gamma", "beta", "moving_mean", "moving_variance"), _bn_params(rng, cout)))
        mult = g * tf.math.rsqrt(v + 1e-3)
        w_fold = tf.multiply(w, tf.reshape(mult, [1, 1, cout, 1]) if depthwise else mult, name="mul_fold")
        with v1.variable_scope("weights_quant"):
            wmin = v1.get_variable("min", initializer=np.float32(-1), trainable=False)
            wmax = v1.get_variable("max", initializer=np.float32(1), trainable=False)
            upd += [v1.assign(wmin, tf.minimum(tf.reduce_min(w_fold), 0.0)),
                    v1.assign(wmax, tf.maximum(tf.reduce_max(w_fold), 0.0))]
            wq = tf.quantization.fake_quant_with_min_max_vars(w_fold, wmin, wmax, num_bits=8, narrow_range=True)
        y = (tf.nn.depthwise_conv2d(x, wq, [1, s, s, 1], "SAME") if depthwise else tf.nn.conv2d(x, wq, s, "SAME"))
        y = tf.add(y, b - m * mult, name="add_fold")
        if act == "relu6":
            y = tf.nn.relu6(y)
        elif act == "relu":
            y = tf.nn.relu(y)
        return _c_act_quant(y, "act_quant", upd) if quant_act else y


def _c_fc(x, name, cin, cout, rng, upd):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", initializer=_he(rng, [cin, cout]))
        b = v1.get_variable("biases", initializer=np.zeros(cout, "float32"))
        with v1.variable_scope("weights_quant"):
            wmin = v1.get_variable("min", initializer=np.float32(-1), trainable=False)
            wmax = v1.get_variable("max", initializer=np.float32(1), trainable=False)
            upd += [v1.assign(wmin, tf.reduce_min(w)), v1.assign(wmax, tf.reduce_max(w))]
            wq = tf.quantization.fake_quant_with_min_max_vars(w, wmin, wmax, narrow_range=True)
        return _c_act_quant(tf.matmul(x, wq) + b, "act_quant", upd, lo=-6.0)


def _image_feed(name, shape):
    return lambda r, i: {name: r.uniform(-1, 1, shape).astype("float32")}


@model("q_tf1_contrib_eval_graph_mobilenet_frozen", "frozen-pb", "TF1 MobileNet-v1-like graph rewritten the way tf.contrib.quantize.create_eval_graph left it, frozen with graph_util.convert_variables_to_constants: placeholder input float [1,32,32,3] through fake_quant_with_min_max_args(-1, 1); every conv / depthwise conv has batch norm folded in the graph (mul_fold, add_fold), weights_quant fake_quant_with_min_max_vars (narrow range) and ReLU6 + act_quant fake_quant_with_min_max_vars on moving-average min / max variables calibrated over 5 session runs; avg_pool, fake-quantized fully connected, softmax 'MobilenetV1/Predictions/Reshape_1'")
def b_contrib_mobilenet(out):
    rng = np.random.default_rng(15)

    def build():
        v1 = tf.compat.v1
        upd = []
        x = v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        with v1.variable_scope("MobilenetV1"):
            h = tf.quantization.fake_quant_with_min_max_args(x, -1.0, 1.0, name="input_quant")
            h = _c_conv(h, "Conv2d_0", 3, 16, rng, upd, s=2)
            cin = 16
            for i, (f, s) in enumerate(((32, 1), (32, 2), (48, 1), (48, 2)), 1):
                h = _c_conv(h, f"Conv2d_{i}_depthwise", cin, cin, rng, upd, s=s, depthwise=True)
                h = _c_conv(h, f"Conv2d_{i}_pointwise", cin, f, rng, upd, k=1)
                cin = f
            h = tf.reshape(tf.nn.avg_pool2d(h, 4, 1, "VALID"), [1, cin])
            logits = _c_fc(h, "Logits", cin, 10, rng, upd)
            with v1.variable_scope("Predictions"):
                tf.reshape(tf.nn.softmax(logits), [1, 10], name="Reshape_1")
        return {}, upd
    _tf1_export(out, build, _image_feed("input:0", (1, 32, 32, 3)),
                frozen_outputs=["MobilenetV1/Predictions/Reshape_1"])


OUTPUTS["q_tf1_contrib_eval_graph_mobilenet_frozen"] = ["MobilenetV1/Predictions/Reshape_1"]


@model("q_tf1_contrib_eval_graph_resnet_savedmodel", "tf1-savedmodel", "TF1 ResNet-like graph in the contrib.quantize eval-graph form kept as a SavedModelBuilder SavedModel (min / max still variables): placeholder images float [None,32,32,3]; BN-folded convs with weights_quant and act_quant fake_quant_with_min_max_vars after ReLU, the residual Add followed by its own act_quant (as contrib inserted after Add), projection shortcut, reduce_mean, quantized fc; 5 session runs of the EMA / last-value range updates before saving; outputs logits and probabilities")
def b_contrib_resnet(out):
    rng = np.random.default_rng(16)

    def build():
        v1 = tf.compat.v1
        upd = []
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        h = _c_conv(x, "conv1", 3, 16, rng, upd, s=2, act="relu")
        for i, (f, s) in enumerate(((16, 1), (32, 2))):
            with v1.variable_scope(f"block{i}"):
                y = _c_conv(h, "conv_a", h.shape[-1], f, rng, upd, s=s, act="relu")
                y = _c_conv(y, "conv_b", f, f, rng, upd, act=None, quant_act=False)
                sc = h if s == 1 else _c_conv(h, "shortcut", h.shape[-1], f, rng, upd, k=1, s=s, act=None,
                                             quant_act=False)
                h = _c_act_quant(tf.nn.relu(tf.add(y, sc, name="add")), "add_quant", upd)
        logits = _c_fc(tf.reduce_mean(h, axis=[1, 2]), "logits", 32, 10, rng, upd)
        return {"serving_default": ({"images": x}, {"logits": logits, "probabilities": tf.nn.softmax(logits)})}, upd
    _tf1_export(out, build, _image_feed("images:0", (8, 32, 32, 3)))


@model("q_tf2_fake_quant_args_kws_frozen", "frozen-pb", "keyword-spotting CNN on log-mel float [1,49,40,1] with fixed-range fake quantization the way hand-written QAT graphs fix it: fake_quant_with_min_max_args on the input (-8, 8), after each ReLU6 (0, 6) and on logits (-10, 10); conv weights through fake_quant_with_min_max_vars with constant min / max from the weights (narrow range); conv2d strides, max_pool, flatten, matmul; frozen")
def b_fq_args_kws(out):
    rng = np.random.default_rng(17)
    ws = [_he(rng, s) for s in ([5, 5, 1, 16], [3, 3, 16, 32], [3, 3, 32, 32])]
    fc = _he(rng, [7 * 5 * 32, 12])

    def wq(w):
        return tf.quantization.fake_quant_with_min_max_vars(tf.constant(w), float(w.min()), float(w.max()),
                                                            narrow_range=True)

    def fwd(x):
        x = tf.quantization.fake_quant_with_min_max_args(x, -8.0, 8.0)
        for i, w in enumerate(ws):
            x = tf.nn.relu6(tf.nn.conv2d(x, wq(w), 2 if i == 0 else 1, "SAME"))
            x = tf.quantization.fake_quant_with_min_max_args(x, 0.0, 6.0)
            if i > 0:
                x = tf.nn.max_pool2d(x, 3, 2, "SAME")
        x = tf.matmul(tf.reshape(x, [1, -1]), wq(fc))
        return tf.quantization.fake_quant_with_min_max_args(x, -10.0, 10.0, name="logits")
    freeze_function(fwd, [tensor_spec([1, 49, 40, 1], name="log_mel")], out)


OUTPUTS["q_tf2_fake_quant_args_kws_frozen"] = ["logits"]


@model("q_keras_qat_fake_quant_per_channel", "keras-export", "Keras 3 QAT CNN written by hand: a Conv2D subclass fake-quantizing its kernel per output channel with fake_quant_with_min_max_vars_per_channel (min / max from the kernel each call), and an ActQuant layer holding min / max weights updated by a moving average when training=True and applied with fake_quant_with_min_max_vars; 3 fit steps on random data (no XLA), float [None,32,32,3] (dynamic batch), conv-BN-ReLU x3 with MaxPooling2D, GlobalAveragePooling2D, Dense softmax; model.export")
def b_keras_qat_pc(out):
    class FQConv2D(L.Conv2D):
        def convolution_op(self, inputs, kernel):
            red = [0, 1, 2]
            kq = tf.quantization.fake_quant_with_min_max_vars_per_channel(
                kernel, tf.minimum(tf.reduce_min(kernel, red), 0.0), tf.maximum(tf.reduce_max(kernel, red), 0.0),
                num_bits=8, narrow_range=True)
            return super().convolution_op(inputs, kq)

    class ActQuant(L.Layer):
        def build(self, shape):
            self.qmin = self.add_weight(name="min", shape=(), initializer="zeros", trainable=False)
            self.qmax = self.add_weight(name="max", shape=(), initializer=keras.initializers.Constant(6.0),
                                        trainable=False)

        def call(self, x, training=None):
            if training:
                self.qmin.assign(0.9 * self.qmin + 0.1 * tf.minimum(tf.reduce_min(x), 0.0))
                self.qmax.assign(0.9 * self.qmax + 0.1 * tf.maximum(tf.reduce_max(x), 0.0))
            return tf.quantization.fake_quant_with_min_max_vars(x, tf.convert_to_tensor(self.qmin),
                                                                tf.convert_to_tensor(self.qmax))
    inp = keras.Input((32, 32, 3), name="image")
    x = ActQuant()(inp)
    for f in (16, 32, 32):
        x = ActQuant()(L.ReLU()(L.BatchNormalization()(FQConv2D(f, 3, padding="same", use_bias=False)(x))))
        x = L.MaxPooling2D()(x)
    m = keras.Model(inp, L.Softmax()(ActQuant()(L.Dense(10)(L.GlobalAveragePooling2D()(x)))))
    _train_keras(m, (32, 32, 3), 10)
    keras_export(m, out)


@model("q_fake_quant_4bit_weights_mlp_autoencoder", "tf-module", "anomaly-detection MLP autoencoder in a tf.Module, float [None,64] (dynamic batch): Dense kernels fake-quantized to 4 bits per output channel with fake_quant_with_min_max_vars_per_channel (narrow range), 8-bit activation fake_quant_with_min_max_vars on min / max tf.Variables set from calibration passes; 64-32-8-32-64; outputs reconstruction and per-row MSE anomaly_score")
def b_fq4_ae(out):
    rng = np.random.default_rng(19)
    cal = _Calib()
    dims = (64, 32, 8, 32, 64)

    class AE(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = [tf.Variable(_he(rng, [a, b])) for a, b in zip(dims, dims[1:])]
            self.b = [tf.Variable(np.zeros(b, "float32")) for b in dims[1:]]
            self.ranges = {}

        def act(self, key, x):
            def fn(t, lo, hi):
                if key not in self.ranges:
                    self.ranges[key] = (tf.Variable(lo, trainable=False), tf.Variable(hi, trainable=False))
                return tf.quantization.fake_quant_with_min_max_vars(t, *self.ranges[key], num_bits=8)
            return cal.site(key, x, fn)

        def fwd(self, x):
            x = self.act("in", x)
            for i, (w, b) in enumerate(zip(self.w, self.b)):
                wq = tf.quantization.fake_quant_with_min_max_vars_per_channel(
                    w, tf.reduce_min(w, 0), tf.reduce_max(w, 0), num_bits=4, narrow_range=True)
                x = tf.matmul(x, wq) + b
                x = self.act(f"a{i}", tf.nn.relu(x) if i < len(self.w) - 1 else x)
            return x

        @tf.function(input_signature=[tensor_spec([None, 64], name="features")])
        def serve(self, features):
            rec = self.fwd(features)
            return {"reconstruction": rec, "anomaly_score": tf.reduce_mean(tf.square(rec - features), axis=-1)}
    m = AE()
    cal.run(m.fwd, (32, 64))
    m.fwd(tf.zeros([1, 64]))
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve})


@model("q_tf1_contrib_inception_concat_frozen", "frozen-pb", "TF1 Inception-style block graph in contrib.quantize eval form, frozen: placeholder input float [1,32,32,3]; stem BN-folded conv + act_quant; two mixed blocks of 1x1, 1x1->3x3, 3x3 max_pool->1x1 branches (each weights_quant / act_quant), tf.concat followed by its own act_quant on EMA min / max; reduce_mean, quantized fc, softmax 'predictions'")
def b_contrib_inception(out):
    rng = np.random.default_rng(20)

    def build():
        v1 = tf.compat.v1
        upd = []
        x = v1.placeholder(tf.float32, [1, 32, 32, 3], name="input")
        h = _c_conv(x, "stem", 3, 16, rng, upd, s=2, act="relu")
        for i in range(2):
            with v1.variable_scope(f"mixed_{i}"):
                c = h.shape[-1]
                b0 = _c_conv(h, "b0_1x1", c, 8, rng, upd, k=1, act="relu")
                b1 = _c_conv(_c_conv(h, "b1_1x1", c, 8, rng, upd, k=1, act="relu"), "b1_3x3", 8, 16, rng, upd,
                             act="relu")
                b2 = _c_conv(tf.nn.max_pool2d(h, 3, 1, "SAME"), "b2_1x1", c, 8, rng, upd, k=1, act="relu")
                h = _c_act_quant(tf.concat([b0, b1, b2], axis=3), "concat_quant", upd)
        logits = _c_fc(tf.reduce_mean(h, axis=[1, 2]), "fc", 32, 10, rng, upd)
        tf.nn.softmax(logits, name="predictions")
        return {}, upd
    _tf1_export(out, build, _image_feed("input:0", (1, 32, 32, 3)), frozen_outputs=["predictions"])


OUTPUTS["q_tf1_contrib_inception_concat_frozen"] = ["predictions"]


# ================================================================================ QuantizeV2 / Dequantize and stored low-precision weights

@model("q_quantize_v2_min_combined_quint8_weight_consts", "tf-module", "MobileNet-like serving tf.Module, float [1,32,32,3], whose conv weights are stored as quint8 constants (quantized offline with tf.quantization.quantize MIN_COMBINED) and dequantized in the graph with tf.quantization.dequantize(mode='MIN_COMBINED') and per-layer min / max constants; depthwise and pointwise convs, float bias, ReLU6, avg pooling, dense; output probabilities")
def b_qv2_min_combined(out):
    rng = np.random.default_rng(21)
    layers = []
    cin = 3
    for f, s, dw in ((16, 2, False), (16, 1, True), (32, 1, False), (32, 2, True), (48, 1, False)):
        k = 3 if cin == 3 else 1
        w = _he(rng, [3, 3, cin, 1], 9) if dw else _he(rng, [k, k, cin, f])
        lo, hi = float(w.min()), float(w.max())
        q = tf.quantization.quantize(tf.constant(w), lo, hi, tf.quint8, mode="MIN_COMBINED").output
        layers.append((np.asarray(q.numpy()).view(np.uint8).reshape(w.shape), lo, hi, s, dw,
                       rng.normal(0, 0.05, cin if dw else f).astype("float32")))
        cin = cin if dw else f
    fc = _he(rng, [48, 10])

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        x = image
        for q, lo, hi, s, dw, b in layers:
            w = tf.quantization.dequantize(tf.constant(q, dtype=tf.quint8), lo, hi,
                                           mode="MIN_COMBINED")
            x = tf.nn.depthwise_conv2d(x, w, [1, s, s, 1], "SAME") if dw else tf.nn.conv2d(x, w, s, "SAME")
            x = tf.nn.relu6(x + b)
        x = tf.reduce_mean(x, axis=[1, 2])
        return {"probabilities": tf.nn.softmax(tf.matmul(x, fc))}
    serve_module(out, {}, serving_default=serve)


@model("q_quantize_min_first_activation_roundtrip_frozen", "frozen-pb", "serving graph that round-trips activations through tf.quantization.quantize(quint8, mode='MIN_FIRST') / dequantize(mode='MIN_FIRST') with calibrated constant ranges before each conv, and weights through quantize(qint8, SCALED) / dequantize(SCALED) in the graph; small ResNet (conv, two residual blocks, float adds), reduce_mean, dense; fixed float [1,32,32,3]; frozen")
def b_qv2_min_first(out):
    rng = np.random.default_rng(22)
    cal = _Calib()
    ws = {k: _he(rng, s) for k, s in (("c0", [3, 3, 3, 16]), ("a1", [3, 3, 16, 16]), ("b1", [3, 3, 16, 16]),
                                      ("a2", [3, 3, 16, 16]), ("b2", [3, 3, 16, 16]))}
    fc = _he(rng, [16, 10])

    def act(key, x):
        def fn(t, lo, hi):
            q = tf.quantization.quantize(t, lo, hi, tf.quint8, mode="MIN_FIRST")
            return tf.quantization.dequantize(q.output, q.output_min, q.output_max, mode="MIN_FIRST")
        return cal.site(key, x, fn)

    def wq(w):
        a = float(np.abs(w).max())
        q = tf.quantization.quantize(tf.constant(w), -a, a, tf.qint8, mode="SCALED")
        return tf.quantization.dequantize(q.output, q.output_min, q.output_max, mode="SCALED")

    def conv(k, x, s=1):
        return tf.nn.conv2d(act(k, x), wq(ws[k]), s, "SAME")

    def fwd(x):
        x = tf.nn.relu(conv("c0", x, 2))
        for i in (1, 2):
            x = tf.nn.relu(x + conv(f"b{i}", tf.nn.relu(conv(f"a{i}", x))))
        return tf.matmul(act("fc", tf.reduce_mean(x, axis=[1, 2])), wq(fc), name="logits")
    cal.run(fwd, (4, 32, 32, 3))
    freeze_function(fwd, [tensor_spec([1, 32, 32, 3], name="input")], out)


OUTPUTS["q_quantize_min_first_activation_roundtrip_frozen"] = ["logits"]


@model("q_quantize_scaled_per_channel_axis_ssd_head", "tf-module", "SSD-lite-style detector tf.Module, float [1,32,32,3]: conv / predictor weights held as float tf.Variables quantized at serve time with tf.quantization.quantize(qint8, mode='SCALED', axis=3, narrow_range=True) and per-channel min / max vectors, dequantize(axis=3, narrow_range=True); activations through quantize(qint8, SCALED, round_mode='HALF_TO_EVEN', ensure_minimum_range) per-tensor; box and class predictors on 8x8 and 4x4 maps; outputs raw box_encodings [1,240,4] and class_scores sigmoid [1,240,3]")
def b_qv2_scaled_pc(out):
    rng = np.random.default_rng(23)
    cal = _Calib()
    shapes = {"c1": [3, 3, 3, 16], "c2": [3, 3, 16, 32], "c3": [3, 3, 32, 32], "c4": [3, 3, 32, 32],
              "box8": [3, 3, 32, 12], "cls8": [3, 3, 32, 9], "box4": [3, 3, 32, 12], "cls4": [3, 3, 32, 9]}
    V = {k: tf.Variable(_he(rng, s), name=k) for k, s in shapes.items()}

    def wq(k):
        w = V[k]
        a = tf.maximum(tf.reduce_max(tf.abs(w), axis=[0, 1, 2]), 1e-6)
        q = tf.quantization.quantize(w, -a, a, tf.qint8, mode="SCALED", narrow_range=True, axis=3)
        return tf.quantization.dequantize(q.output, q.output_min, q.output_max, mode="SCALED", narrow_range=True,
                                          axis=3)

    def act(key, x):
        def fn(t, lo, hi):
            q = tf.quantization.quantize(t, lo, hi, tf.qint8, mode="SCALED", round_mode="HALF_TO_EVEN",
                                         ensure_minimum_range=0.01)
            return tf.quantization.dequantize(q.output, q.output_min, q.output_max, mode="SCALED")
        return cal.site(key, x, fn)

    def conv(k, x, s=1):
        return tf.nn.conv2d(act(k, x), wq(k), s, "SAME")

    def fwd(x):
        x = tf.nn.relu6(conv("c1", x, 2))
        f8 = tf.nn.relu6(conv("c2", x, 2))
        f8 = tf.nn.relu6(conv("c3", f8))
        f4 = tf.nn.relu6(conv("c4", f8, 2))
        box = tf.concat([tf.reshape(conv("box8", f8), [1, -1, 4]), tf.reshape(conv("box4", f4), [1, -1, 4])], 1)
        cls = tf.concat([tf.reshape(conv("cls8", f8), [1, -1, 3]), tf.reshape(conv("cls4", f4), [1, -1, 3])], 1)
        return box, tf.sigmoid(cls)
    cal.run(fwd, (2, 32, 32, 3))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        box, cls = fwd(image)
        return {"box_encodings": box, "class_scores": cls}
    serve_module(out, {"weights": list(V.values())}, serving_default=serve)


@model("q_keras3_quantize_int8_text_transformer", "keras-export", "Keras 3 built-in post-training int8 quantization: a tiny text classifier (Embedding(200, 32), MultiHeadAttention(2 heads) + LayerNormalization residual, Dense FFN, GlobalAveragePooling1D, Dense(4)) fit 3 steps, then model.quantize('int8') (int8 kernels / embeddings with scales, inputs quantized on the fly); int32 token ids [1,16]; model.export")
def b_keras_int8(out):
    inp = keras.Input((16,), batch_size=1, dtype="int32", name="token_ids")
    x = L.Embedding(200, 32)(inp)
    x = L.LayerNormalization()(x + L.MultiHeadAttention(2, 16)(x, x))
    x = L.LayerNormalization()(x + L.Dense(32)(L.Dense(64, activation="relu")(x)))
    m = keras.Model(inp, L.Dense(4, activation="softmax", name="probs")(L.GlobalAveragePooling1D()(x)))
    rng = np.random.default_rng(24)
    m.compile("adam", "sparse_categorical_crossentropy", jit_compile=False)
    m.fit(rng.integers(0, 200, (24, 16)), rng.integers(0, 4, 24), batch_size=8, verbose=0)
    m.quantize("int8")
    keras_export(m, out, keep_fixed_batch=True)


FEEDS["q_keras3_quantize_int8_text_transformer"] = {"token_ids": (0, 200)}


@model("q_keras3_quantize_int4_mlp_none_batch", "keras-export", "Keras 3 built-in int4 weight quantization: MLP classifier float [None,40] (dynamic batch), Dense 64-64-32 ReLU + Dense(5, softmax), fit 3 steps, then model.quantize('int4') (packed int4 kernels with scales / zero points); model.export")
def b_keras_int4(out):
    inp = keras.Input((40,), name="features")
    x = inp
    for u in (64, 64, 32):
        x = L.Dense(u, activation="relu")(x)
    m = keras.Model(inp, L.Dense(5, activation="softmax")(x))
    _train_keras(m, (40,), 5)
    m.quantize("int4")
    keras_export(m, out)


@model("q_keras_int8_weight_variables_cast_scale", "keras-export", "Keras 3 custom layers storing int8 kernels as non-trainable add_weight(dtype='int8') variables with per-output-channel float scale weights, dequantized in call as ops.cast(kernel, float32) * scale (weight-only int8, as hand-rolled deployment code does); MobileNet-like Int8Conv2D / Int8DepthwiseConv2D / Int8Dense stack, ReLU6, GlobalAveragePooling2D; fixed float [1,32,32,3]; model.export")
def b_keras_int8_vars(out):
    rng = np.random.default_rng(26)

    class Int8Conv(L.Layer):
        def __init__(self, kshape, stride=1, depthwise=False, **kw):
            super().__init__(**kw)
            self.kshape, self.stride, self.depthwise = kshape, stride, depthwise

        def build(self, shape):
            w = _he(rng, self.kshape, 9 if self.depthwise else None)
            q, s = _per_channel_int8(w, axis=2 if self.depthwise else -1)
            self.kernel = self.add_weight(name="kernel_int8", shape=q.shape, dtype="int8", trainable=False,
                                          initializer=keras.initializers.Constant(q))
            self.scale = self.add_weight(name="kernel_scale", shape=s.shape, trainable=False,
                                         initializer=keras.initializers.Constant(s))
            self.bias = self.add_weight(name="bias", shape=(self.kshape[2] if self.depthwise else self.kshape[-1],),
                                        initializer="zeros")

        def call(self, x):
            if self.depthwise:
                w = keras.ops.cast(self.kernel, "float32") * keras.ops.reshape(self.scale, (1, 1, -1, 1))
                y = keras.ops.depthwise_conv(x, w, self.stride, padding="same")
            elif len(self.kshape) == 2:
                y = keras.ops.matmul(x, keras.ops.cast(self.kernel, "float32") * self.scale)
            else:
                y = keras.ops.conv(x, keras.ops.cast(self.kernel, "float32") * self.scale, self.stride,
                                   padding="same")
            return y + self.bias
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.ReLU(6.0)(Int8Conv([3, 3, 3, 16], 2)(inp))
    cin = 16
    for f, s in ((24, 1), (32, 2), (32, 1)):
        x = L.ReLU(6.0)(Int8Conv([3, 3, cin, 1], s, depthwise=True)(x))
        x = L.ReLU(6.0)(Int8Conv([1, 1, cin, f])(x))
        cin = f
    m = keras.Model(inp, L.Softmax()(Int8Conv([32, 10])(L.GlobalAveragePooling2D()(x))))
    keras_export(m, out, keep_fixed_batch=True)


@model("q_uint8_weights_zero_point_har_conv1d_frozen", "frozen-pb", "human-activity-recognition Conv1D net, fixed float [1,128,6], frozen, with asymmetric per-channel uint8 weight constants dequantized in the graph as (tf.cast(w, float32) - zero_point[c]) * scale[c] (zero points and scales as constant vectors); tf.nn.conv1d x3 with ReLU and max_pool1d, reduce_mean, dense with uint8 weights, softmax 'activity'")
def b_uint8_zp_har(out):
    rng = np.random.default_rng(27)

    def asym_u8(w):
        lo = np.minimum(w.min(axis=tuple(range(w.ndim - 1))), 0)
        hi = np.maximum(w.max(axis=tuple(range(w.ndim - 1))), 0)
        scale = np.maximum(hi - lo, 1e-8) / 255.0
        zp = np.round(-lo / scale)
        return np.clip(np.round(w / scale + zp), 0, 255).astype("uint8"), scale.astype("float32"), zp.astype("float32")
    ws = [asym_u8(_he(rng, s)) for s in ([5, 6, 16], [5, 16, 32], [3, 32, 32], [32, 6])]

    def deq(q, s, z):
        return (tf.cast(tf.constant(q), tf.float32) - z) * s

    def fwd(x):
        for i in range(3):
            x = tf.nn.relu(tf.nn.conv1d(x, deq(*ws[i]), 1, "SAME"))
            x = tf.nn.max_pool1d(x, 2, 2, "SAME")
        return tf.nn.softmax(tf.matmul(tf.reduce_mean(x, axis=1), deq(*ws[3])), name="activity")
    freeze_function(fwd, [tensor_spec([1, 128, 6], name="imu")], out)


OUTPUTS["q_uint8_weights_zero_point_har_conv1d_frozen"] = ["activity"]


@model("q_float16_weight_variables_cast_mobilenet", "tf-module", "MobileNet-like tf.Module whose weights are float16 tf.Variables (half-size storage) cast to float32 at every use (tf.cast before conv2d / depthwise_conv2d / matmul), float32 compute; fixed float [1,32,32,3]; outputs logits and probabilities")
def b_fp16_weights(out):
    rng = np.random.default_rng(28)

    class Net(tf.Module):
        def __init__(self):
            super().__init__()
            self.stem = tf.Variable(_he(rng, [3, 3, 3, 16]).astype("float16"))
            self.blocks = [(tf.Variable(_he(rng, [3, 3, c, 1], 9).astype("float16")),
                            tf.Variable(_he(rng, [1, 1, c, f]).astype("float16")), s)
                           for c, f, s in ((16, 24, 1), (24, 32, 2), (32, 32, 1))]
            self.fc = tf.Variable(_he(rng, [32, 10]).astype("float16"))
            self.fc_b = tf.Variable(np.zeros(10, "float16"))

        @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
        def serve(self, image):
            x = tf.nn.relu6(tf.nn.conv2d(image, tf.cast(self.stem, tf.float32), 2, "SAME"))
            for dw, pw, s in self.blocks:
                x = tf.nn.relu6(tf.nn.depthwise_conv2d(x, tf.cast(dw, tf.float32), [1, s, s, 1], "SAME"))
                x = tf.nn.relu6(tf.nn.conv2d(x, tf.cast(pw, tf.float32), 1, "SAME"))
            logits = tf.matmul(tf.reduce_mean(x, axis=[1, 2]), tf.cast(self.fc, tf.float32)) + tf.cast(self.fc_b,
                                                                                                         tf.float32)
            return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    m = Net()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve})


# ================================================================================ uint8 / int8 model I/O and float twins

def _twin_cnn():
    """the same small CNN for an integer-I/O model and its float twin (Keras seed reset per model, so equal weights)"""
    inp = keras.Input((32, 32, 3))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same")(inp)))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(x)))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(32, 1)(x)))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(32, 3, strides=2, padding="same")(x)))
    return keras.Model(inp, L.Dense(8)(L.GlobalAveragePooling2D()(x)))


@model("q_uint8_io_cnn_hand_wrapper", "tf-module", "integer-I/O deployment wrapper written by hand around a Keras MobileNet-like CNN: uint8 image [1,32,32,3] dequantized as (tf.cast(image, float32) - 128) * (1/128), float network, softmax, probabilities quantized to uint8 with scale 1/256 (round, clip_by_value 0..255, cast uint8); outputs probabilities_uint8 [1,8] uint8 and class_id int32")
def b_uint8_io(out):
    net = _twin_cnn()

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], "uint8", "image")])
    def serve(image):
        p = tf.nn.softmax(net((tf.cast(image, tf.float32) - 128.0) * (1.0 / 128.0), training=False))
        return {"probabilities_uint8": tf.cast(tf.clip_by_value(tf.round(p * 256.0), 0.0, 255.0), tf.uint8),
                "class_id": tf.argmax(p, axis=-1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("q_float_io_cnn_twin", "tf-module", "float twin of q_uint8_io_cnn_hand_wrapper: the same Keras MobileNet-like CNN (same seed, same weights) served on float image [1,32,32,3] in [-1,1]; outputs probabilities float [1,8] and class_id int32")
def b_float_io(out):
    net = _twin_cnn()

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        p = tf.nn.softmax(net(image, training=False))
        return {"probabilities": p, "class_id": tf.argmax(p, axis=-1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


def _twin_kws():
    inp = keras.Input((49, 10, 1))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, (10, 4), strides=2, padding="same")(inp)))
    for _ in range(2):
        x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(x)))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 1)(x)))
    return keras.Model(inp, L.Dense(12)(L.GlobalAveragePooling2D()(x)))


@model("q_int8_io_kws_hand_wrapper_frozen", "frozen-pb", "keyword spotter with int8 input and output done by hand, frozen: int8 MFCC [1,49,10,1] dequantized as (tf.cast(x, float32) - (-6)) * 0.25, Keras DS-CNN (Conv2D (10,4) stride 2, 2 x depthwise-separable, BN, ReLU, GAP, Dense 12), logits requantized to int8 with scale 0.125 / zero point 3 (round, add, clip_by_value -128..127, cast int8) as 'logits_int8'")
def b_int8_io_kws(out):
    net = _twin_kws()

    def fn(mfcc):
        y = net((tf.cast(mfcc, tf.float32) + 6.0) * 0.25, training=False)
        return tf.cast(tf.clip_by_value(tf.round(y / 0.125) + 3.0, -128.0, 127.0), tf.int8, name="logits_int8")
    freeze_function(fn, [tensor_spec([1, 49, 10, 1], "int8", "mfcc")], out)


OUTPUTS["q_int8_io_kws_hand_wrapper_frozen"] = ["logits_int8"]
FEEDS["q_int8_io_kws_hand_wrapper_frozen"] = {"mfcc": (-128, 128)}


@model("q_float_io_kws_twin_frozen", "frozen-pb", "float twin of q_int8_io_kws_hand_wrapper_frozen: the same Keras DS-CNN (same seed, same weights) frozen on float MFCC [1,49,10,1] with float logits 'logits'")
def b_float_io_kws(out):
    net = _twin_kws()
    freeze_function(lambda mfcc: tf.identity(net(mfcc, training=False), name="logits"),
                    [tensor_spec([1, 49, 10, 1], name="mfcc")], out)


OUTPUTS["q_float_io_kws_twin_frozen"] = ["logits"]


# ================================================================================ binarized, ternary, power-of-two, stochastic

@model("q_larq_like_bnn_ste_sign_keras", "keras-export", "Larq-style binarized CNN in Keras 3: QuantConv2D / QuantDense subclasses binarizing kernels (and inputs, except for the first layer) with ste_sign -- tf.where(x >= 0, 1, -1) under tf.custom_gradient with the |x| <= 1 straight-through gradient -- kernels clipped to [-1,1] by a constraint, BatchNormalization after each layer, MaxPooling2D; fit 3 steps (no XLA); float [None,32,32,3] (dynamic batch); Softmax output; model.export")
def b_larq(out):
    class WeightClip(keras.constraints.Constraint):
        def __call__(self, w):
            return keras.ops.clip(w, -1.0, 1.0)

    class QuantConv2D(L.Conv2D):
        def __init__(self, *a, binary_input=True, **kw):
            super().__init__(*a, use_bias=False, kernel_constraint=WeightClip(), **kw)
            self.binary_input = binary_input

        def convolution_op(self, inputs, kernel):
            return super().convolution_op(_ste_sign(inputs) if self.binary_input else inputs, _ste_sign(kernel))

    class QuantDense(L.Dense):
        def call(self, inputs, training=None):
            return tf.matmul(_ste_sign(inputs), _ste_sign(self.kernel))
    inp = keras.Input((32, 32, 3), name="image")
    x = L.BatchNormalization(scale=False)(QuantConv2D(32, 3, padding="same", binary_input=False)(inp))
    for f in (32, 64, 64):
        x = L.BatchNormalization(scale=False)(L.MaxPooling2D()(QuantConv2D(f, 3, padding="same")(x)))
    x = L.Flatten()(L.GlobalAveragePooling2D(keepdims=True)(x))
    x = L.BatchNormalization(scale=False)(QuantDense(10, use_bias=False, kernel_constraint=WeightClip())(x))
    m = keras.Model(inp, L.Softmax()(x))
    _train_keras(m, (32, 32, 3), 10)
    keras_export(m, out)


@model("q_ternary_twn_weights_resnet_frozen", "frozen-pb", "ternary-weight ResNet (TWN), frozen: float weight constants ternarized in the graph (delta = 0.7 * mean |w| per layer, mask = |w| > delta, alpha = sum(|w| * mask) / sum(mask), w_t = alpha * sign(w) * mask), 2-bit activations via clip_by_value(0, 1) + round(x * 3) / 3; stem, two residual blocks with float adds, reduce_mean, full-precision classifier; fixed float [1,32,32,3]")
def b_ternary(out):
    rng = np.random.default_rng(34)
    ws = {k: _he(rng, s) for k, s in (("stem", [3, 3, 3, 16]), ("a1", [3, 3, 16, 16]), ("b1", [3, 3, 16, 16]),
                                      ("a2", [3, 3, 16, 16]), ("b2", [3, 3, 16, 16]))}
    fc = _he(rng, [16, 10])

    def ternary(w):
        w = tf.constant(w)
        delta = 0.7 * tf.reduce_mean(tf.abs(w))
        mask = tf.cast(tf.abs(w) > delta, tf.float32)
        alpha = tf.reduce_sum(tf.abs(w) * mask) / tf.maximum(tf.reduce_sum(mask), 1.0)
        return alpha * tf.sign(w) * mask

    def act2(x):
        return tf.round(tf.clip_by_value(x, 0.0, 1.0) * 3.0) / 3.0

    def fwd(x):
        x = act2(tf.nn.conv2d(x, ternary(ws["stem"]), 2, "SAME"))
        for i in (1, 2):
            y = act2(tf.nn.conv2d(x, ternary(ws[f"a{i}"]), 1, "SAME"))
            x = act2(x + tf.nn.conv2d(y, ternary(ws[f"b{i}"]), 1, "SAME"))
        return tf.matmul(tf.reduce_mean(x, axis=[1, 2]), fc, name="logits")
    freeze_function(fwd, [tensor_spec([1, 32, 32, 3], name="input")], out)


OUTPUTS["q_ternary_twn_weights_resnet_frozen"] = ["logits"]


@model("q_pow2_log2_quant_conv_autoencoder", "tf-module", "power-of-two (logarithmic) quantized conv autoencoder in a tf.Module, float [1,32,32,1]: weights sign(w) * 2^clip(round(log2(|w|)), -8, 0) computed from tf.Variables at serve time, post-ReLU activations log2-quantized as tf.where(x > 0, 2^clip(round(log2(x)), -6, 3), 0); stride-2 convs, tf.image.resize nearest upsampling + convs, sigmoid output")
def b_pow2(out):
    rng = np.random.default_rng(35)

    def pow2(w):
        return tf.sign(w) * tf.pow(2.0, tf.clip_by_value(tf.round(tf.math.log(tf.abs(w) + 1e-12) / np.log(2.0)),
                                                          -8.0, 0.0))

    def log_act(x):
        e = tf.clip_by_value(tf.round(tf.math.log(tf.maximum(x, 1e-12)) / np.log(2.0)), -6.0, 3.0)
        return tf.where(x > 0, tf.pow(2.0, e), tf.zeros_like(x))

    class AE(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = [tf.Variable(_he(rng, s)) for s in ([3, 3, 1, 16], [3, 3, 16, 32], [3, 3, 32, 16],
                                                         [3, 3, 16, 8], [3, 3, 8, 1])]

        @tf.function(input_signature=[tensor_spec([1, 32, 32, 1], name="image")])
        def serve(self, image):
            x = log_act(tf.nn.relu(tf.nn.conv2d(image, pow2(self.w[0]), 2, "SAME")))
            x = log_act(tf.nn.relu(tf.nn.conv2d(x, pow2(self.w[1]), 2, "SAME")))
            for w, hw in ((self.w[2], 16), (self.w[3], 32)):
                x = tf.image.resize(x, [hw, hw], method="nearest")
                x = log_act(tf.nn.relu(tf.nn.conv2d(x, pow2(w), 1, "SAME")))
            return {"reconstruction": tf.sigmoid(tf.nn.conv2d(x, pow2(self.w[4]), 1, "SAME"))}
    m = AE()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve})


@model("q_stochastic_rounding_mlp_ranker", "tf-module", "recommendation-style MLP ranker tf.Module, float [None,48] (dynamic batch), simulating 8-bit fixed point with stochastic rounding written in tf ops: floor(x / scale + tf.random.uniform(tf.shape(x), seed=1)) on the first layer's activations, floor(x / scale + tf.random.stateless_uniform(shape, seed=[3, 7])) on the second, clip_by_value to int8 range, times scale; weights rounded to a 2^-6 grid; outputs score sigmoid [None,1]")
def b_stochastic(out):
    rng = np.random.default_rng(36)

    class Ranker(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = [tf.Variable(_he(rng, s)) for s in ([48, 64], [64, 32], [32, 1])]

        @tf.function(input_signature=[tensor_spec([None, 48], name="features")])
        def serve(self, features):
            def sr(x, scale, noise):
                return tf.clip_by_value(tf.floor(x / scale + noise), -128.0, 127.0) * scale

            def wq(w):
                return tf.round(w * 64.0) / 64.0
            x = tf.nn.relu(tf.matmul(features, wq(self.w[0])))
            x = sr(x, 0.05, tf.random.uniform(tf.shape(x), seed=1))
            x = tf.nn.relu(tf.matmul(x, wq(self.w[1])))
            x = sr(x, 0.05, tf.random.stateless_uniform(tf.shape(x), seed=[3, 7]))
            return {"score": tf.sigmoid(tf.matmul(x, wq(self.w[2])))}
    m = Ranker()
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve})


@model("q_tf1_xnor_net_gradient_override_savedmodel", "tf1-savedmodel", "TF1 XNOR-Net in a SavedModelBuilder SavedModel: binary activations and weights by tf.sign under g.gradient_override_map({'Sign': 'Identity'}) (the TF1 straight-through trick), per-output-channel weight scaling mean |w|, activation scaling K = avg_pool of mean |x| over channels; first conv and last fc full precision, batch norm via tf.nn.batch_normalization with variables; 5 GradientDescentOptimizer steps on random data; placeholder images float [None,32,32,3]; outputs logits, classes int64")
def b_xnor(out):
    rng = np.random.default_rng(37)

    def build():
        v1 = tf.compat.v1
        g = v1.get_default_graph()
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        labels = v1.placeholder(tf.int64, [None], name="labels")

        def bn(h, name):
            c = h.shape[-1]
            with v1.variable_scope(name):
                mean, var = tf.nn.moments(h, axes=[0, 1, 2])
                return tf.nn.batch_normalization(h, mean, var, v1.get_variable("beta", initializer=np.zeros(c, "float32")),
                                                 v1.get_variable("gamma", initializer=np.ones(c, "float32")), 1e-4)

        def xnor_conv(h, name, cin, cout):
            with v1.variable_scope(name):
                w = v1.get_variable("weights", initializer=_he(rng, [3, 3, cin, cout]))
                with g.gradient_override_map({"Sign": "Identity"}):
                    hb, wb = tf.sign(h), tf.sign(w)
                alpha = tf.reduce_mean(tf.abs(w), axis=[0, 1, 2])
                k = tf.nn.avg_pool2d(tf.reduce_mean(tf.abs(h), axis=3, keepdims=True), 3, 1, "SAME")
                return tf.nn.conv2d(hb, wb, 1, "SAME") * alpha * k
        with v1.variable_scope("conv0"):
            h = tf.nn.conv2d(x, v1.get_variable("weights", initializer=_he(rng, [3, 3, 3, 32])), 1, "SAME")
        h = tf.nn.max_pool2d(tf.nn.relu(bn(h, "bn0")), 2, 2, "SAME")
        h = tf.nn.max_pool2d(xnor_conv(bn(h, "bn1"), "xnor1", 32, 32), 2, 2, "SAME")
        h = tf.nn.max_pool2d(xnor_conv(bn(h, "bn2"), "xnor2", 32, 64), 2, 2, "SAME")
        h = tf.nn.relu(bn(h, "bn3"))
        with v1.variable_scope("fc"):
            logits = tf.matmul(tf.reduce_mean(h, axis=[1, 2]),
                               v1.get_variable("weights", initializer=_he(rng, [64, 10])))
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
        train = v1.train.GradientDescentOptimizer(0.01).minimize(loss)
        return {"serving_default": ({"images": x}, {"logits": logits, "classes": tf.argmax(logits, 1)})}, [train]
    _tf1_export(out, build, lambda r, i: {"images:0": r.uniform(-1, 1, (8, 32, 32, 3)).astype("float32"),
                                          "labels:0": r.integers(0, 10, 8)})


# ================================================================================ mixed

@model("q_mixed_qdq_conv_backbone_float_mha_head", "keras-export", "quantized conv backbone + float attention head in Keras 3: toolkit-style QDQ Conv2D subclasses (per-tensor input quantize_and_dequantize_v2 / per-channel kernel QuantizeAndDequantizeV3, max-calibrated) down to a 4x4x32 map, then Reshape to 16 tokens, float MultiHeadAttention(2 heads) + LayerNormalization residual, float Dense head; fixed float [1,32,32,3]; model.export")
def b_mixed_mha(out):
    Q = _trt_layers()
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = inp
    for f in (16, 24, 32):
        x = L.ReLU()(L.BatchNormalization()(Q["QConv2D"](f, 3, strides=2, padding="same", use_bias=False)(x)))
    t = L.Reshape((16, 32))(x)
    t = L.LayerNormalization()(t + L.MultiHeadAttention(2, 16)(t, t))
    m = keras.Model(inp, L.Dense(10, activation="softmax", name="probs")(L.GlobalAveragePooling1D()(t)))
    Q["calibrate"](m, (4, 32, 32, 3))
    keras_export(m, out, keep_fixed_batch=True)


@model("q_qdq_inside_while_loop_gru_frozen", "frozen-pb", "hand-written GRU over a tf.while_loop (20 steps, hidden 32) on a sensor sequence float [1,20,8], frozen (the loop lowered by convert_variables_to_constants_v2): inside the loop body quantize_and_dequantize_v2 on x_t and h (calibrated constant amax) and per-channel on the stacked gate kernels (QuantizeAndDequantizeV3, axis 1), gates sigmoid / tanh float; dense classifier on the final state 'scores'")
def b_while_gru(out):
    rng = np.random.default_rng(39)
    cal = _Calib()
    wx, wh = _he(rng, [8, 96]), _he(rng, [32, 96])
    b = np.zeros(96, "float32")
    fc = _he(rng, [32, 5])

    def wq(w):
        return _qdq_sym(tf.constant(w), np.abs(w).max(axis=0).astype("float32"), axis=1)

    def fwd(seq):
        T = seq.shape[1]

        def body(t, h):
            xt = cal.sym("x", seq[:, t])
            hq = cal.sym("h", h)
            gx, gh = tf.matmul(xt, wq(wx)) + b, tf.matmul(hq, wq(wh))
            z = tf.sigmoid(gx[:, :32] + gh[:, :32])
            r = tf.sigmoid(gx[:, 32:64] + gh[:, 32:64])
            n = tf.tanh(gx[:, 64:] + r * gh[:, 64:])
            return t + 1, (1.0 - z) * n + z * h
        _, h = tf.while_loop(lambda t, h: t < T, body, [tf.constant(0), tf.zeros([tf.shape(seq)[0], 32])])
        return tf.nn.softmax(tf.matmul(cal.sym("fc", h), wq(fc)), name="scores")
    cal.run(fwd, (2, 20, 8))
    freeze_function(fwd, [tensor_spec([1, 20, 8], name="sequence")], out)


OUTPUTS["q_qdq_inside_while_loop_gru_frozen"] = ["scores"]


@model("q_qdq_inside_cond_precision_switch", "tf-module", "tf.Module serving a small CNN through a tf.cond on a bool input: use_int8=True takes a path with quantize_and_dequantize_v2 on conv inputs (calibrated amax) and per-channel QuantizeAndDequantizeV3 on weights, False the float path; float image [1,32,32,3] + bool use_int8 []; outputs probabilities [1,6]")
def b_cond_switch(out):
    rng = np.random.default_rng(40)
    cal = _Calib()

    class Net(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = [tf.Variable(_he(rng, s)) for s in ([3, 3, 3, 16], [3, 3, 16, 32], [3, 3, 32, 32])]
            self.fc = tf.Variable(_he(rng, [32, 6]))

        def fwd(self, x, quant):
            def q(key, t):
                return cal.sym(key, t) if quant else t

            def wq(w, axis=3):
                red = [i for i in range(len(w.shape)) if i != axis]
                return _qdq_sym(w, tf.reduce_max(tf.abs(w), axis=red), axis=axis) if quant else w
            for i, w in enumerate(self.w):
                x = tf.nn.relu(tf.nn.conv2d(q(f"c{i}", x), wq(w), 2, "SAME"))
            return tf.nn.softmax(tf.matmul(q("fc", tf.reduce_mean(x, axis=[1, 2])), wq(self.fc, 1)))

        @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image"), tensor_spec([], "bool", "use_int8")])
        def serve(self, image, use_int8):
            return {"probabilities": tf.cond(use_int8, lambda: self.fwd(image, True), lambda: self.fwd(image, False))}
    m = Net()
    cal.run(lambda x: m.fwd(x, True), (4, 32, 32, 3))
    tf.saved_model.save(m, str(out), signatures={"serving_default": m.serve})


FEEDS["q_qdq_inside_cond_precision_switch"] = {"use_int8": True}


@model("q_tf1_hand_lstm_fake_quant_gates_savedmodel", "tf1-savedmodel", "TF1 hand-written LSTM (12 statically unrolled steps, hidden 24) in a SavedModelBuilder SavedModel with fake quantization around every op the way TFLite's quantized LSTM expects: fake_quant_with_min_max_vars on x_t / h inputs and the stacked kernel (narrow range), gates after sigmoid with fixed (0, 1) fake_quant_with_min_max_args, tanh outputs (-1, 1), cell state on a 16-bit moving-average range variable; EMA updates over 5 calibration runs; placeholder sequence float [1,12,16]; outputs last_hidden and class probabilities")
def b_tf1_lstm(out):
    rng = np.random.default_rng(41)

    def build():
        v1 = tf.compat.v1
        upd = []
        x = v1.placeholder(tf.float32, [1, 12, 16], name="sequence")

        def ema_range(name, lo, hi, seen):
            """moving-average min / max variables over the values `seen` at every step (shared by all steps)"""
            with v1.variable_scope(name):
                mn = v1.get_variable("min", initializer=np.float32(lo), trainable=False)
                mx = v1.get_variable("max", initializer=np.float32(hi), trainable=False)
            return mn, mx, lambda: upd.extend([
                v1.assign(mn, 0.9 * mn + 0.1 * tf.minimum(tf.reduce_min(tf.stack(seen)), 0.0)),
                v1.assign(mx, 0.9 * mx + 0.1 * tf.maximum(tf.reduce_max(tf.stack(seen)), 0.0))])
        with v1.variable_scope("lstm"):
            w = v1.get_variable("kernel", initializer=_he(rng, [16 + 24, 96]))
            b = v1.get_variable("bias", initializer=np.concatenate([np.zeros(24), np.ones(24), np.zeros(48)]).astype(
                "float32"))
            wmin = v1.get_variable("kernel_min", initializer=np.float32(-1.0), trainable=False)
            wmax = v1.get_variable("kernel_max", initializer=np.float32(1.0), trainable=False)
            upd += [v1.assign(wmin, tf.reduce_min(w)), v1.assign(wmax, tf.reduce_max(w))]
            wq = tf.quantization.fake_quant_with_min_max_vars(w, wmin, wmax, narrow_range=True)
            seen_in, seen_c = [], []
            in_min, in_max, in_upd = ema_range("input_quant", -1.0, 1.0, seen_in)
            c_min, c_max, c_upd = ema_range("cell_quant", -1.0, 1.0, seen_c)
            h, c = tf.zeros([1, 24]), tf.zeros([1, 24])
            for t in range(12):
                with v1.variable_scope(f"step_{t}"):
                    xh = tf.concat([x[:, t], h], axis=1)
                    seen_in.append(xh)
                    z = tf.matmul(tf.quantization.fake_quant_with_min_max_vars(xh, in_min, in_max), wq) + b
                    i_, f_, o_ = (tf.quantization.fake_quant_with_min_max_args(tf.sigmoid(z[:, k * 24:(k + 1) * 24]),
                                                                              0.0, 1.0) for k in range(3))
                    g_ = tf.quantization.fake_quant_with_min_max_args(tf.tanh(z[:, 72:]), -1.0, 1.0)
                    c = f_ * c + i_ * g_
                    seen_c.append(c)
                    c = tf.quantization.fake_quant_with_min_max_vars(c, c_min, c_max, num_bits=16)
                    h = o_ * tf.quantization.fake_quant_with_min_max_args(tf.tanh(c), -1.0, 1.0)
            in_upd()
            c_upd()
        with v1.variable_scope("classifier"):
            probs = tf.nn.softmax(tf.matmul(h, v1.get_variable("w", initializer=_he(rng, [24, 4]))))
        return {"serving_default": ({"sequence": x}, {"last_hidden": h, "probabilities": probs})}, upd

    _tf1_export(out, build, lambda r, i: {"sequence:0": r.normal(0, 1, (1, 12, 16)).astype("float32")})


@model("q_keras_qdq_wrapper_ema_autoencoder", "keras-export", "Keras 3 layers wrapping tf.quantization calls as a QuantizeWrapper would: a QDQ layer holding moving-average min / max weights (updated when training=True) applied with quantize_and_dequantize_v2 (range_given, asymmetric min / max, 8-bit), placed after the input and each Conv2D / Conv2DTranspose activation of a conv autoencoder; fit 3 steps with MSE on random images (no XLA); float [None,32,32,1] (dynamic batch); model.export")
def b_keras_qdq_wrapper(out):
    class QDQ(L.Layer):
        def build(self, shape):
            self.qmin = self.add_weight(name="min", shape=(), initializer=keras.initializers.Constant(-1.0),
                                        trainable=False)
            self.qmax = self.add_weight(name="max", shape=(), initializer=keras.initializers.Constant(1.0),
                                        trainable=False)

        def call(self, x, training=None):
            if training:
                self.qmin.assign(0.95 * self.qmin + 0.05 * tf.minimum(tf.reduce_min(x), 0.0))
                self.qmax.assign(0.95 * self.qmax + 0.05 * tf.maximum(tf.reduce_max(x), 0.0))
            return tf.quantization.quantize_and_dequantize_v2(
                x, tf.convert_to_tensor(self.qmin), tf.convert_to_tensor(self.qmax), signed_input=True, num_bits=8,
                range_given=True)
    inp = keras.Input((32, 32, 1), name="image")
    x = QDQ()(inp)
    for f in (16, 32):
        x = QDQ()(L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x))
    for f in (16, 8):
        x = QDQ()(L.Conv2DTranspose(f, 3, strides=2, padding="same", activation="relu")(x))
    m = keras.Model(inp, L.Conv2D(1, 3, padding="same", activation="sigmoid", name="reconstruction")(x))
    _train_keras(m, (32, 32, 1), 0, loss="mse", y=lambda r, x: (x + 1.0) / 2.0)
    keras_export(m, out)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
