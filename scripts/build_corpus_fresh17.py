"""Build an independently made corpus into bench/out/fresh17/: models prepared for edge deployment by compression and
quantization-aware training, written the way edge ML teams write them without tensorflow-model-optimization. Fake
quantization inserted by hand (tf.quantization.fake_quant_with_min_max_args / _vars / _vars_per_channel on weights
and / or activations, learned or fixed ranges, 8-bit and 4-bit, narrow_range), QAT-style Keras layers subclassing
Dense / Conv2D / DepthwiseConv2D / Conv1D that fake-quantize their kernel, quantize_and_dequantize_v2 / V3 / V4,
QuantizeV2 / Dequantize and quint8 / qint8 constants, batch norm folded into conv weights, pruned weights (masks
multiplied in the graph, zeros in constants, tf.SparseTensor weights), weight clustering (tf.gather from a small
centroid table), low-rank factorized layers, float16 weights cast to float32 at run time, int8 / uint8 weights with
an explicit dequantize (cast, zero point, scale), bfloat16 / mixed_float16 / mixed_bfloat16 policies, integer-only
arithmetic written by hand (int32 / int64 accumulation, tf.bitwise shifts as requantization), binary / ternary nets
with sign and straight-through estimators (tf.custom_gradient, stop_gradient, gradient_override_map), LSQ and PACT
quantizers, knowledge-distilled tiny students, plus a few plain float baselines of the same architectures. Exported as
Keras 3 model.export / keras.export.ExportArchive, tf.saved_model.save of tf.Modules with
tf.function(input_signature=...) and of Keras models, TF1 SavedModelBuilder graphs and frozen GraphDefs. Tiny widths,
seeded random weights (a few training steps on random data where the technique needs them); nothing is downloaded;
no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh17.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh17.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh17.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh17.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh17.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export,  # noqa: E402
                           serve_module, tensor_spec, tf1_saved_model)

CORPUS = Corpus("fresh17", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

# Keras layer classes are defined once TensorFlow is imported (_setup -> _define_layers).
FakeQuantArgs = FakeQuantVars = QATDense = QATConv2D = QATDepthwiseConv2D = None


# ================================================================================ shared pieces

def _define_layers():
    """The hand-written QAT layers the models share (defined after Keras is imported; the class statements bind the
    module-level names)."""
    global FakeQuantArgs, FakeQuantVars, QATDense, QATConv2D, QATDepthwiseConv2D

    class FakeQuantArgs(L.Layer):
        """activation fake quant with a fixed range: tf.quantization.fake_quant_with_min_max_args"""
        def __init__(self, lo=0.0, hi=6.0, bits=8, narrow=False, **kw):
            super().__init__(**kw)
            self.lo, self.hi, self.bits, self.narrow = lo, hi, bits, narrow

        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_args(x, min=self.lo, max=self.hi, num_bits=self.bits,
                                                                narrow_range=self.narrow)

    class FakeQuantVars(L.Layer):
        """activation fake quant with a learned range: trainable min / max scalars, fake_quant_with_min_max_vars"""
        def __init__(self, lo=-6.0, hi=6.0, bits=8, **kw):
            super().__init__(**kw)
            self.lo0, self.hi0, self.bits = lo, hi, bits

        def build(self, input_shape):
            self.act_min = self.add_weight(shape=(), initializer=keras.initializers.Constant(self.lo0), name="act_min")
            self.act_max = self.add_weight(shape=(), initializer=keras.initializers.Constant(self.hi0), name="act_max")

        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_vars(x, self.act_min, self.act_max, num_bits=self.bits)

    class QATDense(L.Dense):
        """Dense whose kernel is fake-quantized in call: per-tensor fake_quant_with_min_max_vars or per output
        channel fake_quant_with_min_max_vars_per_channel, range variables initialised from the kernel's min / max"""
        def __init__(self, units, bits=8, per_channel=False, narrow=True, **kw):
            super().__init__(units, **kw)
            self.bits, self.per_channel, self.narrow = bits, per_channel, narrow

        def build(self, input_shape):
            super().build(input_shape)
            k = self.kernel.numpy()
            lo, hi = (k.min(axis=0), k.max(axis=0)) if self.per_channel else (k.min(), k.max())
            shape = (self.units,) if self.per_channel else ()
            self.kernel_min = self.add_weight(shape=shape, initializer=keras.initializers.Constant(lo), name="kernel_min")
            self.kernel_max = self.add_weight(shape=shape, initializer=keras.initializers.Constant(hi), name="kernel_max")

        def quantized_kernel(self):
            fq = (tf.quantization.fake_quant_with_min_max_vars_per_channel if self.per_channel
                  else tf.quantization.fake_quant_with_min_max_vars)
            return fq(self.kernel, self.kernel_min, self.kernel_max, num_bits=self.bits, narrow_range=self.narrow)

        def call(self, inputs, training=None):
            y = tf.matmul(inputs, self.quantized_kernel())
            if self.use_bias:
                y = y + self.bias
            return self.activation(y)

    class QATConv2D(L.Conv2D):
        """Conv2D whose kernel is fake-quantized per output channel (fake_quant_with_min_max_vars_per_channel,
        narrow_range) before convolution_op"""
        def __init__(self, filters, kernel_size, bits=8, **kw):
            super().__init__(filters, kernel_size, **kw)
            self.bits = bits

        def build(self, input_shape):
            super().build(input_shape)
            k = self.kernel.numpy().reshape(-1, self.filters)
            self.kernel_min = self.add_weight(shape=(self.filters,), name="kernel_min",
                                              initializer=keras.initializers.Constant(k.min(axis=0)))
            self.kernel_max = self.add_weight(shape=(self.filters,), name="kernel_max",
                                              initializer=keras.initializers.Constant(k.max(axis=0)))

        def call(self, inputs):
            k = tf.quantization.fake_quant_with_min_max_vars_per_channel(
                self.kernel, self.kernel_min, self.kernel_max, num_bits=self.bits, narrow_range=True)
            y = self.convolution_op(inputs, k)
            if self.use_bias:
                y = y + self.bias
            return self.activation(y)

    class QATDepthwiseConv2D(L.DepthwiseConv2D):
        """DepthwiseConv2D whose [kh,kw,C,1] kernel is reshaped to [kh,kw,C] and fake-quantized per channel, then
        tf.nn.depthwise_conv2d"""
        def __init__(self, kernel_size, bits=8, **kw):
            super().__init__(kernel_size, **kw)
            self.bits = bits

        def build(self, input_shape):
            super().build(input_shape)
            c = input_shape[-1]
            k = self.kernel.numpy().reshape(-1, c)
            self.kernel_min = self.add_weight(shape=(c,), name="kernel_min",
                                              initializer=keras.initializers.Constant(k.min(axis=0)))
            self.kernel_max = self.add_weight(shape=(c,), name="kernel_max",
                                              initializer=keras.initializers.Constant(k.max(axis=0)))

        def call(self, inputs):
            shape = tf.shape(self.kernel)
            k = tf.reshape(self.kernel, shape[:3])
            k = tf.quantization.fake_quant_with_min_max_vars_per_channel(
                k, self.kernel_min, self.kernel_max, num_bits=self.bits, narrow_range=True)
            s = self.strides[0]
            y = tf.nn.depthwise_conv2d(inputs, tf.reshape(k, shape), [1, s, s, 1], self.padding.upper())
            if self.use_bias:
                y = y + self.bias
            return self.activation(y)



def _fit(m, x, y, loss="sparse_categorical_crossentropy", epochs=1, bs=32):
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss=loss)
    m.fit(x, y, epochs=epochs, batch_size=bs, verbose=0)


def _rand(rng, shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype("float32")


def _he(rng, shape):
    """He-normal numpy weights for a [.., fan_in, fan_out] kernel"""
    fan_in = int(np.prod(shape[:-1]))
    return _rand(rng, shape, np.sqrt(2.0 / fan_in))


def _fold_bn(w, gamma, beta, mean, var, eps=1e-3, bias=None):
    """fold BatchNormalization statistics into the preceding conv kernel (output channels last) and a bias"""
    scale = gamma / np.sqrt(var + eps)
    b = (bias if bias is not None else 0.0) - mean
    return (w * scale).astype("float32"), (beta + b * scale).astype("float32")


def _bn_stats(rng, c):
    """made-up BatchNormalization parameters: gamma, beta, moving mean, moving variance"""
    return (rng.uniform(0.5, 1.5, c).astype("float32"), _rand(rng, c, 0.1), _rand(rng, c, 0.1),
            rng.uniform(0.5, 2.0, c).astype("float32"))


def _dscnn(inp, widths=(32, 32, 32, 32), act_fq=None, classes=12, dw=None, pw=None):
    """DS-CNN keyword spotter (Hello Edge): Conv2D (10,4) stride 2 + BN + ReLU, depthwise 3x3 + BN + ReLU +
    pointwise 1x1 + BN + ReLU blocks, AveragePooling2D over the map, Flatten, Dense(classes); `act_fq()` (a layer
    factory) after every ReLU"""
    post = act_fq or (lambda: (lambda t: t))
    x = post()(L.ReLU()(L.BatchNormalization()(L.Conv2D(widths[0], (10, 4), strides=2, padding="same",
                                                         use_bias=False)(inp))))
    for w in widths[1:]:
        x = (dw or (lambda: L.DepthwiseConv2D(3, padding="same", use_bias=False)))()(x)
        x = post()(L.ReLU()(L.BatchNormalization()(x)))
        x = (pw or (lambda f: L.Conv2D(f, 1, use_bias=False)))(w)(x)
        x = post()(L.ReLU()(L.BatchNormalization()(x)))
    x = L.Flatten()(L.AveragePooling2D(pool_size=(25, 5))(x))
    return L.Dense(classes)(x)


def _round_ste(x):
    """round with a straight-through gradient: x + stop_gradient(round(x) - x)"""
    return x + tf.stop_gradient(tf.round(x) - x)


def _quant_multiplier(real):
    """gemmlowp / TFLite style: real multiplier in (0, 1) -> (int32 quantized multiplier M0, right shift)"""
    mant, exp = np.frexp(real)
    return int(np.round(mant * (1 << 31))), int(-exp)


def _requant(acc, m0, shift, zp, lo=-128, hi=127):
    """int32 accumulator -> int32 in [lo, hi]: int64 multiply by M0, rounding right shift by 31 + shift
    (tf.bitwise.right_shift), add the output zero point, clip"""
    total = 31 + shift
    prod = tf.cast(acc, tf.int64) * tf.constant(m0, tf.int64)
    y = tf.bitwise.right_shift(prod + tf.constant(1 << (total - 1), tf.int64), tf.constant(total, tf.int64))
    return tf.clip_by_value(tf.cast(y, tf.int32) + zp, lo, hi)


def _patch_tokens(inp, dim, patch=8, conv=None):
    """ViT / Mixer patch embedding: Conv2D(dim, patch, stride patch) then Reshape to [tokens, dim]"""
    x = (conv or (lambda: L.Conv2D(dim, patch, strides=patch)))()(inp)
    n = (inp.shape[1] // patch) * (inp.shape[2] // patch)
    return L.Reshape((n, dim))(x)


def _kd_train(student, teacher, x, y, steps=3, bs=16, temperature=4.0, alpha=0.7):
    """a few steps of knowledge distillation in a GradientTape loop: alpha * T^2 * KL(softmax(t/T) || softmax(s/T))
    + (1 - alpha) * cross-entropy on the labels; the teacher runs with training=False"""
    opt = keras.optimizers.Adam(1e-3)
    kl = keras.losses.KLDivergence()
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    for s in range(steps):
        xb, yb = x[s * bs:(s + 1) * bs], y[s * bs:(s + 1) * bs]
        t_logits = teacher(xb, training=False)
        with tf.GradientTape() as tape:
            s_logits = student(xb, training=True)
            loss = alpha * temperature ** 2 * kl(tf.nn.softmax(t_logits / temperature),
                                                 tf.nn.softmax(s_logits / temperature)) + (1 - alpha) * ce(yb, s_logits)
        grads = tape.gradient(loss, student.trainable_variables)
        opt.apply_gradients(zip(grads, student.trainable_variables))


# ================================================================================ QAT Keras layers, model.export

@model("q_qat_dense_mlp_learned_ranges", "keras-export", "sensor MLP with hand-written QAT, float [None,64]: input FakeQuantVars (trainable act_min/act_max scalars, fake_quant_with_min_max_vars 8-bit), three QATDense layers (Dense subclasses fake-quantizing the kernel per tensor with trainable kernel_min/kernel_max, 8-bit narrow_range, relu) each followed by FakeQuantVars, QATDense(6) logits; fit 1 epoch on random data so ranges are learned; model.export")
def b_qat_mlp(out):
    rng = np.random.default_rng(1)
    inp = keras.Input((64,), name="features")
    x = FakeQuantVars(-4.0, 4.0)(inp)
    for u in (64, 32, 16):
        x = FakeQuantVars(0.0, 6.0)(QATDense(u, activation="relu")(x))
    m = keras.Model(inp, QATDense(6)(x))
    _fit(m, _rand(rng, (128, 64)), rng.integers(0, 6, 128), loss=keras.losses.SparseCategoricalCrossentropy(True))
    keras_export(m, out)


@model("q_qat_conv2d_per_channel_cnn_b1", "keras-export", "CNN with QATConv2D layers (Conv2D subclass, kernel fake-quantized per output channel with fake_quant_with_min_max_vars_per_channel, 8-bit narrow_range, range variables from the initial kernel), fixed float [1,32,32,3]: input fake_quant_with_min_max_args [0,1], three QATConv2D(3x3, stride 2) + BatchNormalization + ReLU6 + fake_quant_with_min_max_args [0,6], GlobalAveragePooling2D, QATDense(10) per-channel; model.export with the batch-1 input signature")
def b_qat_conv(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = FakeQuantArgs(0.0, 1.0)(inp)
    for f in (16, 24, 32):
        x = QATConv2D(f, 3, strides=2, padding="same", use_bias=False)(x)
        x = FakeQuantArgs(0.0, 6.0)(L.ReLU(6.0)(L.BatchNormalization()(x)))
    m = keras.Model(inp, QATDense(10, per_channel=True)(L.GlobalAveragePooling2D()(x)))
    keras_export(m, out, keep_fixed_batch=True)


@model("q_dscnn_kws_float_baseline", "keras-export", "plain float DS-CNN keyword spotter (Hello Edge), float MFCC [None,49,10,1]: Conv2D(32,(10,4),stride 2) + BatchNormalization + ReLU, 3 blocks of DepthwiseConv2D 3x3 + BN + ReLU + Conv2D 1x1 + BN + ReLU, AveragePooling2D(25,5), Flatten, Dense(12) logits; no quantization anywhere; model.export")
def b_dscnn_float(out):
    inp = keras.Input((49, 10, 1), name="mfcc")
    keras_export(keras.Model(inp, _dscnn(inp)), out)


@model("q_dscnn_kws_fq_activations_b1", "keras-export", "DS-CNN keyword spotter with fixed-range activation fake quant, fixed float MFCC [1,49,10,1]: input fake_quant_with_min_max_args [-32,32] 8-bit, Conv2D(32,(10,4),stride 2) + BN + ReLU, 3 depthwise 3x3 + pointwise 1x1 blocks with BN + ReLU, a fake_quant_with_min_max_args [0,6] 8-bit layer after every ReLU, AveragePooling2D, Flatten, Dense(12); float kernels (weights not fake-quantized); model.export with the batch-1 signature")
def b_dscnn_fq(out):
    inp = keras.Input((49, 10, 1), batch_size=1, name="mfcc")
    x = FakeQuantArgs(-32.0, 32.0)(inp)
    keras_export(keras.Model(inp, _dscnn(x, act_fq=lambda: FakeQuantArgs(0.0, 6.0))), out, keep_fixed_batch=True)


@model("q_mobilenet_student_kd_float", "keras-export", "knowledge-distilled tiny MobileNet-v1 student, float [None,64,64,3]: Conv2D 3x3 s2 + BN + ReLU6, four DepthwiseConv2D + BN + ReLU6 + Conv2D 1x1 + BN + ReLU6 blocks (widths 16-64), GlobalAveragePooling2D, Dense(10) logits; trained 3 GradientTape steps on random images with 0.7 * T^2 * KL(T=4) against a larger randomly initialised Conv2D teacher + 0.3 * cross-entropy on random labels; plain float, teacher not exported; model.export")
def b_kd_mobilenet(out):
    rng = np.random.default_rng(5)
    student = _mobilenet_student((64, 64, 3), (16, 32, 48, 64))
    t_in = keras.Input((64, 64, 3))
    t = t_in
    for f in (32, 64, 96):
        t = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(t))
    teacher = keras.Model(t_in, L.Dense(10)(L.GlobalAveragePooling2D()(t)))
    _kd_train(student, teacher, rng.random((48, 64, 64, 3)).astype("float32"), rng.integers(0, 10, 48))
    keras_export(student, out)


def _mobilenet_student(shape, widths, dw=None, pw=None, act_fq=None, classes=10, first=None, head=None):
    post = act_fq or (lambda: (lambda t: t))
    inp = keras.Input(shape, name="image")
    x = (first or (lambda: L.Conv2D(widths[0], 3, strides=2, padding="same", use_bias=False)))()(inp)
    x = post()(L.ReLU(6.0)(L.BatchNormalization()(x)))
    for i, w in enumerate(widths):
        s = 2 if i % 2 == 1 else 1
        x = (dw or (lambda s: L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)))(s)(x)
        x = post()(L.ReLU(6.0)(L.BatchNormalization()(x)))
        x = (pw or (lambda f: L.Conv2D(f, 1, use_bias=False)))(w)(x)
        x = post()(L.ReLU(6.0)(L.BatchNormalization()(x)))
    x = L.GlobalAveragePooling2D()(x)
    return keras.Model(inp, (head or (lambda: L.Dense(classes)))()(x))


@model("q_mobilenet_student_4bit_weights_qat", "keras-export", "tiny MobileNet-v1 student with 4-bit weight QAT, float [None,64,64,3]: first QATConv2D 3x3 s2 and pointwise QATConv2D 1x1 kernels fake-quantized per output channel at 4 bits (fake_quant_with_min_max_vars_per_channel, narrow_range), QATDepthwiseConv2D kernels reshaped to [3,3,C] and fake-quantized per channel at 4 bits, BN + ReLU6 then fake_quant_with_min_max_args [0,6] 8-bit after each, GlobalAveragePooling2D, QATDense(10) 8-bit per tensor; model.export")
def b_mobilenet_4bit(out):
    m = _mobilenet_student((64, 64, 3), (16, 32, 48, 64),
                           first=lambda: QATConv2D(16, 3, strides=2, padding="same", use_bias=False, bits=4),
                           dw=lambda s: QATDepthwiseConv2D(3, strides=s, padding="same", use_bias=False, bits=4),
                           pw=lambda f: QATConv2D(f, 1, use_bias=False, bits=4),
                           act_fq=lambda: FakeQuantArgs(0.0, 6.0), head=lambda: QATDense(10))
    keras_export(m, out)


@model("q_pruned_dense_mask_multiply", "keras-export", "magnitude-pruned MLP, float [None,96]: PrunedDense layers (Dense subclass with a non-trainable float 'mask' weight, call computes matmul(x, kernel * mask) + bias); fit 1 epoch, then masks set to keep the largest 25% of |kernel| per layer (kernel values themselves left dense); Dense 96->64->32 relu, PrunedDense(5) logits; model.export")
def b_pruned_mask(out):
    class PrunedDense(L.Dense):
        def build(self, input_shape):
            super().build(input_shape)
            self.mask = self.add_weight(shape=self.kernel.shape, initializer="ones", trainable=False, name="mask")

        def call(self, inputs, training=None):
            y = tf.matmul(inputs, self.kernel * self.mask)
            return self.activation(y + self.bias if self.use_bias else y)
    rng = np.random.default_rng(7)
    inp = keras.Input((96,), name="features")
    layers = [PrunedDense(64, activation="relu"), PrunedDense(32, activation="relu"), PrunedDense(5)]
    x = inp
    for lay in layers:
        x = lay(x)
    m = keras.Model(inp, x)
    _fit(m, _rand(rng, (128, 96)), rng.integers(0, 5, 128), loss=keras.losses.SparseCategoricalCrossentropy(True))
    for lay in layers:
        k = np.abs(lay.kernel.numpy())
        lay.mask.assign((k >= np.quantile(k, 0.75)).astype("float32"))
    keras_export(m, out)


@model("q_clustered_dense_gather_centroids", "keras-export", "weight-clustered MLP, float [None,32]: ClusteredDense layers whose kernel is tf.gather(centroids, indices) -- 16 trainable float32 centroids and a non-trainable int32 [in,out] index weight, from a few Lloyd k-means iterations in numpy over a briefly trained Dense kernel -- plus a float bias; 32->64->64 relu, Dense(4) logits unclustered; model.export")
def b_clustered_dense(out):
    class ClusteredDense(L.Layer):
        def __init__(self, centroids, indices, bias, activation=None, **kw):
            super().__init__(**kw)
            self.init = (centroids, indices, bias)
            self.act = keras.activations.get(activation)

        def build(self, input_shape):
            c, i, b = self.init
            self.centroids = self.add_weight(shape=c.shape, initializer=keras.initializers.Constant(c), name="centroids")
            self.indices = self.add_weight(shape=i.shape, dtype="int32", initializer="zeros", trainable=False,
                                           name="indices")
            self.indices.assign(i)
            self.bias = self.add_weight(shape=b.shape, initializer=keras.initializers.Constant(b), name="bias")

        def call(self, x):
            return self.act(tf.matmul(x, tf.gather(self.centroids, self.indices)) + self.bias)
    rng = np.random.default_rng(8)
    xs, ys = _rand(rng, (128, 32)), rng.integers(0, 4, 128)
    dense = keras.Sequential([keras.Input((32,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"),
                              L.Dense(4)])
    _fit(dense, xs, ys, loss=keras.losses.SparseCategoricalCrossentropy(True))
    inp = keras.Input((32,), name="features")
    x = inp
    for lay in dense.layers[:2]:
        c, idx = _kmeans(lay.kernel.numpy(), 16)
        x = ClusteredDense(c, idx, lay.bias.numpy(), activation="relu")(x)
    head = L.Dense(4)
    m = keras.Model(inp, head(x))
    head.set_weights(dense.layers[2].get_weights())
    keras_export(m, out)


def _kmeans(w, k, iters=8):
    """1-D k-means of the weights in numpy (linear init over [min, max]); returns (centroids [k], indices int32)"""
    flat = w.reshape(-1)
    c = np.linspace(flat.min(), flat.max(), k).astype("float32")
    for _ in range(iters):
        idx = np.argmin(np.abs(flat[:, None] - c[None]), axis=1)
        for j in range(k):
            if np.any(idx == j):
                c[j] = flat[idx == j].mean()
    return c.astype("float32"), idx.reshape(w.shape).astype("int32")


@model("q_lowrank_factorized_dense_mlp", "keras-export", "low-rank compressed MLP, float [None,128]: a Dense 128->64->64->10 net fit 1 epoch, then the two hidden Dense layers replaced by LowRankDense layers (x @ U [in,8] @ V [8,out] + bias, U = u*sqrt(s), V = sqrt(s)*vT from a rank-8 truncated numpy SVD of the trained kernel, relu); final Dense(10) copied over; model.export")
def b_lowrank(out):
    class LowRankDense(L.Layer):
        def __init__(self, u, v, b, activation=None, **kw):
            super().__init__(**kw)
            self.init, self.act = (u, v, b), keras.activations.get(activation)

        def build(self, input_shape):
            u, v, b = self.init
            self.u = self.add_weight(shape=u.shape, initializer=keras.initializers.Constant(u), name="u")
            self.v = self.add_weight(shape=v.shape, initializer=keras.initializers.Constant(v), name="v")
            self.bias = self.add_weight(shape=b.shape, initializer=keras.initializers.Constant(b), name="bias")

        def call(self, x):
            return self.act(tf.matmul(tf.matmul(x, self.u), self.v) + self.bias)
    rng = np.random.default_rng(9)
    dense = keras.Sequential([keras.Input((128,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"),
                              L.Dense(10)])
    _fit(dense, _rand(rng, (128, 128)), rng.integers(0, 10, 128), loss=keras.losses.SparseCategoricalCrossentropy(True))
    inp = keras.Input((128,), name="features")
    x = inp
    for lay in dense.layers[:2]:
        u, s, vt = np.linalg.svd(lay.kernel.numpy(), full_matrices=False)
        r = 8
        x = LowRankDense((u[:, :r] * np.sqrt(s[:r])).astype("float32"), (np.sqrt(s[:r])[:, None] * vt[:r]).astype("float32"),
                         lay.bias.numpy(), activation="relu")(x)
    head = L.Dense(10)
    m = keras.Model(inp, head(x))
    head.set_weights(dense.layers[2].get_weights())
    keras_export(m, out)


@model("q_mixed_bfloat16_layer_policy_cnn", "keras-export", "CNN with per-layer mixed_bfloat16 dtype policies, float32 input [None,32,32,3]: Conv2D / DepthwiseConv2D / BatchNormalization / GlobalAveragePooling2D layers built with dtype='mixed_bfloat16' (float32 variables, inputs auto-cast to bfloat16, bfloat16 compute), final Dense(10) and softmax with dtype='float32'; model.export")
def b_bf16_policy(out):
    p = "mixed_bfloat16"
    inp = keras.Input((32, 32, 3), name="image")
    x = L.ReLU(dtype=p)(L.BatchNormalization(dtype=p)(L.Conv2D(16, 3, strides=2, padding="same", dtype=p)(inp)))
    for f in (24, 32):
        x = L.DepthwiseConv2D(3, strides=2, padding="same", dtype=p)(x)
        x = L.ReLU(dtype=p)(L.BatchNormalization(dtype=p)(L.Conv2D(f, 1, dtype=p)(x)))
    x = L.GlobalAveragePooling2D(dtype=p)(x)
    y = L.Activation("softmax", dtype="float32")(L.Dense(10, dtype="float32")(x))
    keras_export(keras.Model(inp, y), out)


@model("q_mixed_float16_global_policy_gru", "keras-export", "activity-recognition GRU built under keras.config.set_dtype_policy('mixed_float16') (float32 variables, float16 compute), float32 input [None,20,8]: GRU(32, return_sequences) + GRU(16), Dense(6) and softmax with dtype='float32' so the output is float32; global policy reset to float32 after building; model.export")
def b_fp16_gru(out):
    keras.config.set_dtype_policy("mixed_float16")
    try:
        inp = keras.Input((20, 8), name="imu")
        x = L.GRU(16)(L.GRU(32, return_sequences=True)(inp))
        y = L.Activation("softmax", dtype="float32")(L.Dense(6, dtype="float32")(x))
        m = keras.Model(inp, y)
    finally:
        keras.config.set_dtype_policy("float32")
    keras_export(m, out)


@model("q_binary_bnn_sign_ste_mlp", "keras-export", "binarized MLP (BinaryNet style), float [None,256]: BinaryDense layers (no bias) binarize kernels with a tf.custom_gradient sign (tf.where(w >= 0, 1, -1), straight-through gradient clipped to |w| <= 1), BatchNormalization, then the same custom-gradient sign on activations; first layer sees real-valued input; 256->128->128 binary, BatchNormalization, Dense(10) float logits; fit 1 epoch; model.export")
def b_bnn(out):
    class BinaryDense(L.Dense):
        def call(self, inputs, training=None):
            return tf.matmul(inputs, _sign_ste(self.kernel))

    class BinaryAct(L.Layer):
        def call(self, x):
            return _sign_ste(x)
    rng = np.random.default_rng(12)
    inp = keras.Input((256,), name="features")
    x = inp
    for _ in range(2):
        x = BinaryAct()(L.BatchNormalization()(BinaryDense(128, use_bias=False)(x)))
    m = keras.Model(inp, L.Dense(10)(L.BatchNormalization()(x)))
    _fit(m, _rand(rng, (128, 256)), rng.integers(0, 10, 128), loss=keras.losses.SparseCategoricalCrossentropy(True))
    keras_export(m, out)


def _sign_ste(x):
    @tf.custom_gradient
    def f(t):
        def grad(dy):
            return dy * tf.cast(tf.abs(t) <= 1.0, dy.dtype)
        return tf.where(t >= 0.0, tf.ones_like(t), -tf.ones_like(t)), grad
    return f(x)


@model("q_ternary_twn_conv_cnn", "keras-export", "ternary-weight CNN (TWN), float [None,32,32,3]: TernaryConv2D layers (Conv2D subclass) compute delta = 0.7 * mean|w| per output channel, t = tf.where(w > delta, 1, tf.where(w < -delta, -1, 0)), alpha = sum(|w|*|t|)/sum(|t|) per channel, kernel w + stop_gradient(alpha*t - w); first conv float; BatchNormalization + ReLU, MaxPooling2D, GlobalAveragePooling2D, Dense(10); model.export")
def b_twn(out):
    class TernaryConv2D(L.Conv2D):
        def call(self, inputs):
            w = self.kernel
            delta = 0.7 * tf.reduce_mean(tf.abs(w), axis=[0, 1, 2], keepdims=True)
            t = tf.where(w > delta, 1.0, tf.where(w < -delta, -1.0, 0.0))
            alpha = tf.reduce_sum(tf.abs(w) * tf.abs(t), axis=[0, 1, 2], keepdims=True) / tf.maximum(
                tf.reduce_sum(tf.abs(t), axis=[0, 1, 2], keepdims=True), 1.0)
            return self.convolution_op(inputs, w + tf.stop_gradient(alpha * t - w))
    inp = keras.Input((32, 32, 3), name="image")
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 3, padding="same", use_bias=False)(inp)))
    for f in (32, 32, 64):
        x = L.MaxPooling2D()(L.ReLU()(L.BatchNormalization()(TernaryConv2D(f, 3, padding="same", use_bias=False)(x))))
    keras_export(keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling2D()(x))), out)


@model("q_resnet_qdq_v2_dynamic_range_activations", "keras-export", "ResNet-8-style CNN with activation quantize-dequantize, float [None,32,32,3]: Conv2D + BN + ReLU stem, three residual blocks (Conv2D-BN-ReLU-Conv2D-BN, 1x1 projection shortcut when downsampling, Add, ReLU); a Lambda tf.quantization.quantize_and_dequantize_v2 (8-bit signed, range_given=False so the range is the tensor's own min/max at run time; emitted as QuantizeAndDequantizeV4) after every block output; float kernels; GlobalAveragePooling2D, Dense(10); model.export")
def b_resnet_qdq(out):
    def qdq():
        return L.Lambda(lambda t: tf.quantization.quantize_and_dequantize_v2(t, 0.0, 0.0, range_given=False, num_bits=8))
    keras_export(_resnet8(post=qdq), out)


def _resnet8(post=None, conv=None, name="image", batch=None):
    post = post or (lambda: (lambda t: t))
    conv = conv or (lambda f, k, s: L.Conv2D(f, k, strides=s, padding="same", use_bias=False))
    inp = keras.Input((32, 32, 3), batch_size=batch, name=name)
    x = L.ReLU()(L.BatchNormalization()(conv(16, 3, 1)(inp)))
    for f, s in ((16, 1), (32, 2), (64, 2)):
        y = L.ReLU()(L.BatchNormalization()(conv(f, 3, s)(x)))
        y = L.BatchNormalization()(conv(f, 3, 1)(y))
        sc = L.BatchNormalization()(conv(f, 1, s)(x)) if s != 1 or x.shape[-1] != f else x
        x = post()(L.ReLU()(L.Add()([y, sc])))
    return keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling2D()(x)))


@model("q_resnet8_float_bn_baseline", "keras-export", "plain float ResNet-8-style CNN, float [None,32,32,3]: Conv2D + BatchNormalization + ReLU stem, three residual blocks (two 3x3 Conv2D + BN, 1x1 Conv2D + BN projection shortcut when downsampling, Add, ReLU), GlobalAveragePooling2D, Dense(10); no quantization; model.export")
def b_resnet_float(out):
    keras_export(_resnet8(), out)


@model("q_tiny_vit_qat_attention_fq", "keras-export", "tiny ViT with hand-written QAT, float [None,32,32,3]: patch embedding QATConv2D(32, 8x8 stride 8, per-channel 8-bit kernel fake quant) -> Reshape [16,32], learned position embedding; one pre-norm block with a custom attention layer (QATDense q/k/v/out projections, per-tensor 8-bit kernel fake quant; scores q@kT/sqrt(16) for 2 heads, softmax, fake_quant_with_min_max_args [0,1] on the attention probabilities, fake_quant_with_min_max_args [-8,8] on q, k, v), residual Add, LayerNormalization, QATDense MLP 64 gelu / 32, FakeQuantVars after each residual; mean over tokens, Dense(10); model.export")
def b_vit_qat(out):
    class PosEmbed(L.Layer):
        def build(self, input_shape):
            self.pos = self.add_weight(shape=(1,) + tuple(input_shape[1:]),
                                       initializer=keras.initializers.RandomNormal(stddev=0.02), name="pos")

        def call(self, x):
            return x + self.pos

    class QATAttention(L.Layer):
        def __init__(self, dim, heads, **kw):
            super().__init__(**kw)
            self.h, self.d = heads, dim // heads
            self.q, self.k, self.v, self.o = (QATDense(dim, name=n) for n in ("query", "key", "value", "out"))

        def build(self, input_shape):
            for lay in (self.q, self.k, self.v, self.o):
                lay.build(input_shape)

        def call(self, x):
            def split(t):
                t = tf.quantization.fake_quant_with_min_max_args(t, -8.0, 8.0)
                return tf.transpose(tf.reshape(t, [-1, tf.shape(x)[1], self.h, self.d]), [0, 2, 1, 3])
            q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
            p = tf.nn.softmax(tf.matmul(q, k, transpose_b=True) / float(np.sqrt(self.d)))
            p = tf.quantization.fake_quant_with_min_max_args(p, 0.0, 1.0)
            o = tf.reshape(tf.transpose(tf.matmul(p, v), [0, 2, 1, 3]), [-1, tf.shape(x)[1], self.h * self.d])
            return self.o(o)
    inp = keras.Input((32, 32, 3), name="image")
    x = PosEmbed()(_patch_tokens(inp, 32, conv=lambda: QATConv2D(32, 8, strides=8)))
    x = FakeQuantVars()(L.Add()([x, QATAttention(32, 2)(L.LayerNormalization()(x))]))
    h = QATDense(32)(QATDense(64, activation="gelu")(L.LayerNormalization()(x)))
    x = FakeQuantVars()(L.Add()([x, h]))
    x = L.GlobalAveragePooling1D()(L.LayerNormalization()(x))
    keras_export(keras.Model(inp, L.Dense(10)(x)), out)


def _mixer(inp, dense=None, tokens_mlp=32, channels_mlp=64, dim=32, blocks=2, post=None):
    dense = dense or (lambda u, act=None: L.Dense(u, activation=act))
    post = post or (lambda: (lambda t: t))
    x = _patch_tokens(inp, dim)
    n = x.shape[1]
    for _ in range(blocks):
        y = L.Permute((2, 1))(L.LayerNormalization()(x))
        y = L.Permute((2, 1))(dense(n)(dense(tokens_mlp, "gelu")(y)))
        x = post()(L.Add()([x, y]))
        y = dense(dim)(dense(channels_mlp, "gelu")(L.LayerNormalization()(x)))
        x = post()(L.Add()([x, y]))
    return L.Dense(10)(L.GlobalAveragePooling1D()(L.LayerNormalization()(x)))


@model("q_mlp_mixer_float_baseline", "keras-export", "plain float MLP-Mixer, float [None,32,32,3]: Conv2D(32, 8x8 stride 8) patch embedding -> Reshape [16,32], two mixer blocks (LayerNormalization, Permute, token-mixing Dense 32 gelu / 16, Permute back, Add; LayerNormalization, channel-mixing Dense 64 gelu / 32, Add), LayerNormalization, GlobalAveragePooling1D, Dense(10); model.export")
def b_mixer_float(out):
    inp = keras.Input((32, 32, 3), name="image")
    keras_export(keras.Model(inp, _mixer(inp)), out)


@model("q_mlp_mixer_qat_per_channel", "keras-export", "MLP-Mixer with hand-written QAT, float [None,32,32,3]: same layout as the float baseline (Conv2D 8x8/8 patch embedding, two mixer blocks with token- and channel-mixing MLPs) but every mixing Dense is a QATDense fake-quantizing its kernel per output channel (fake_quant_with_min_max_vars_per_channel, 8-bit narrow_range) and every residual Add is followed by a FakeQuantVars (learned range, 8-bit); patch conv and head Dense float; model.export")
def b_mixer_qat(out):
    inp = keras.Input((32, 32, 3), name="image")
    m = keras.Model(inp, _mixer(inp, dense=lambda u, act=None: QATDense(u, activation=act, per_channel=True),
                                post=lambda: FakeQuantVars()))
    keras_export(m, out)


@model("q_lstm_har_fq_io_b1", "keras-export", "human-activity LSTM with fixed-range fake quant around the recurrent layer, fixed float [1,50,3] accelerometer window: fake_quant_with_min_max_args [-4,4] 8-bit on the input, LSTM(32) (float kernels), fake_quant_with_min_max_args [-1,1] 8-bit on its final state, QATDense(16, relu) per-tensor kernel fake quant, Dense(6) softmax; model.export with the batch-1 signature")
def b_lstm_fq(out):
    inp = keras.Input((50, 3), batch_size=1, name="accel")
    x = FakeQuantArgs(-1.0, 1.0)(L.LSTM(32)(FakeQuantArgs(-4.0, 4.0)(inp)))
    m = keras.Model(inp, L.Dense(6, activation="softmax")(QATDense(16, activation="relu")(x)))
    keras_export(m, out, keep_fixed_batch=True)


@model("q_export_archive_float_and_int8_endpoints", "keras-export", "digit CNN with fake quant, exported with keras.export.ExportArchive and two endpoints: 'serve' float [None,28,28,1] in [0,1]; 'serve_int8' int8 [None,28,28,1] dequantized in the graph ((cast float32 + 128) / 255), run through the same model, probabilities requantized by hand (round(p * 256) - 128, clip_by_value [-128,127], cast int8); serving_default is the 'serve' endpoint. Model: fake_quant_with_min_max_args [0,1] input, QATConv2D 3x3 x2 + ReLU + MaxPooling2D with fake_quant_with_min_max_args [0,6], Flatten, QATDense(10), softmax")
def b_archive_int8(out):
    inp = keras.Input((28, 28, 1), name="image")
    x = FakeQuantArgs(0.0, 1.0)(inp)
    for f in (8, 16):
        x = L.MaxPooling2D()(FakeQuantArgs(0.0, 6.0)(QATConv2D(f, 3, padding="same", activation="relu")(x)))
    m = keras.Model(inp, L.Softmax()(QATDense(10)(L.Flatten()(x))))

    def serve_int8(image_q):
        p = m((tf.cast(image_q, tf.float32) + 128.0) / 255.0, training=False)
        return tf.cast(tf.clip_by_value(tf.round(p * 256.0) - 128.0, -128.0, 127.0), tf.int8)
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", lambda image: m(image, training=False),
                         input_signature=[tensor_spec([None, 28, 28, 1], name="image")])
    archive.add_endpoint("serve_int8", serve_int8, input_signature=[tensor_spec([None, 28, 28, 1], "int8", "image_q")])
    archive.write_out(str(out), verbose=False)


@model("q_lsq_learned_step_size_cnn", "keras-export", "CNN with LSQ (learned step size) quantizers written by hand, float [None,32,32,3]: LSQConv2D layers (Conv2D subclass with a trainable scalar step s, kernel clip(round_ste(w/s), -8, 7) * s, i.e. 4-bit signed, round_ste = x + stop_gradient(round(x) - x)) and LSQAct layers (trainable step, clip(round_ste(x/s), 0, 255) * s, 8-bit unsigned) after each ReLU; MaxPooling2D, GlobalAveragePooling2D, Dense(10); fit 1 epoch on random data; model.export")
def b_lsq(out):
    class LSQConv2D(L.Conv2D):
        def build(self, input_shape):
            super().build(input_shape)
            s0 = 2.0 * float(np.mean(np.abs(self.kernel.numpy()))) / np.sqrt(7.0)
            self.step = self.add_weight(shape=(), initializer=keras.initializers.Constant(s0), name="step")

        def call(self, inputs):
            k = tf.clip_by_value(_round_ste(self.kernel / self.step), -8.0, 7.0) * self.step
            return self.activation(self.convolution_op(inputs, k) + self.bias)

    class LSQAct(L.Layer):
        def build(self, input_shape):
            self.step = self.add_weight(shape=(), initializer=keras.initializers.Constant(6.0 / 255), name="step")

        def call(self, x):
            return tf.clip_by_value(_round_ste(x / self.step), 0.0, 255.0) * self.step
    rng = np.random.default_rng(20)
    inp = keras.Input((32, 32, 3), name="image")
    x = inp
    for f in (16, 32, 32):
        x = L.MaxPooling2D()(LSQAct()(LSQConv2D(f, 3, padding="same", activation="relu")(x)))
    m = keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling2D()(x)))
    _fit(m, rng.random((64, 32, 32, 3)).astype("float32"), rng.integers(0, 10, 64),
         loss=keras.losses.SparseCategoricalCrossentropy(True))
    keras_export(m, out)


@model("q_pact_clipped_relu_4bit_acts", "keras-export", "CNN with PACT activations, float [None,32,32,3]: PACT layers (trainable clip alpha init 6, y = 0.5 * (|x| - |x - alpha| + alpha), then fake_quant_with_min_max_vars(y, 0, alpha) at 4 bits) in place of ReLU after each QATConv2D (8-bit per-channel kernel fake quant) + BatchNormalization; GlobalAveragePooling2D, Dense(10); fit 1 epoch on random data; model.export")
def b_pact(out):
    class PACT(L.Layer):
        def build(self, input_shape):
            self.alpha = self.add_weight(shape=(), initializer=keras.initializers.Constant(6.0), name="alpha")

        def call(self, x):
            y = 0.5 * (tf.abs(x) - tf.abs(x - self.alpha) + self.alpha)
            return tf.quantization.fake_quant_with_min_max_vars(y, tf.constant(0.0), self.alpha, num_bits=4)
    rng = np.random.default_rng(21)
    inp = keras.Input((32, 32, 3), name="image")
    x = inp
    for f, s in ((16, 1), (32, 2), (32, 2)):
        x = PACT()(L.BatchNormalization()(QATConv2D(f, 3, strides=s, padding="same", use_bias=False)(x)))
    m = keras.Model(inp, L.Dense(10)(L.GlobalAveragePooling2D()(x)))
    _fit(m, rng.random((64, 32, 32, 3)).astype("float32"), rng.integers(0, 10, 64),
         loss=keras.losses.SparseCategoricalCrossentropy(True))
    keras_export(m, out)


@model("q_tcresnet_kws_ste_round_conv1d", "keras-export", "TC-ResNet-style keyword spotter with STE fake quant written without fake_quant ops, float MFCC [None,98,40]: STEConv1D layers (Conv1D subclass: scale = max|w| / 127 per tensor, kernel round_ste(w / scale) * scale with round_ste = x + stop_gradient(round(x) - x)), temporal convs 3 / 9 wide, BatchNormalization + ReLU, two residual blocks with stride-2 1x1 shortcuts, activations quantized the same way to 8-bit unsigned over [0,6] (clip then round_ste); GlobalAveragePooling1D, Dense(12); model.export")
def b_tcresnet(out):
    class STEConv1D(L.Conv1D):
        def call(self, inputs):
            scale = tf.reduce_max(tf.abs(self.kernel)) / 127.0
            return self.convolution_op(inputs, _round_ste(self.kernel / scale) * scale)

    class STEAct(L.Layer):
        def call(self, x):
            s = 6.0 / 255.0
            return _round_ste(tf.clip_by_value(x, 0.0, 6.0) / s) * s
    inp = keras.Input((98, 40), name="mfcc")
    x = STEAct()(L.ReLU()(L.BatchNormalization()(STEConv1D(16, 3, padding="same", use_bias=False)(inp))))
    for f in (24, 32):
        y = L.ReLU()(L.BatchNormalization()(STEConv1D(f, 9, strides=2, padding="same", use_bias=False)(x)))
        y = L.BatchNormalization()(STEConv1D(f, 9, padding="same", use_bias=False)(y))
        sc = L.ReLU()(L.BatchNormalization()(STEConv1D(f, 1, strides=2, use_bias=False)(x)))
        x = STEAct()(L.ReLU()(L.Add()([y, sc])))
    keras_export(keras.Model(inp, L.Dense(12)(L.GlobalAveragePooling1D()(x))), out)


@model("q_fp16_dtype_layers_dense_autoencoder", "keras-export", "anomaly-detection dense autoencoder with plain float16 layers, float32 input [None,64]: Dense 32/8/32/64 built with dtype='float16' (float16 variables and compute, the float32 input cast on entry), a final Activation('linear', dtype='float32') casting the reconstruction back to float32; second output the per-sample float32 MSE computed in a Lambda; model.export")
def b_fp16_ae(out):
    inp = keras.Input((64,), name="features")
    x = inp
    for u, a in ((32, "relu"), (8, "relu"), (32, "relu"), (64, None)):
        x = L.Dense(u, activation=a, dtype="float16")(x)
    rec = L.Activation("linear", dtype="float32", name="reconstruction")(x)
    mse = L.Lambda(lambda t: tf.reduce_mean(tf.square(t[0] - t[1]), axis=-1), name="mse")([rec, inp])
    keras_export(keras.Model(inp, {"reconstruction": rec, "mse": mse}), out)


# ================================================================================ tf.Module exports

@model("q_folded_bn_conv_fq_per_channel_module", "tf-module", "tf.Module with BatchNorm folded by hand, signature float [None,32,32,3]: three conv layers whose kernels / biases are tf.Variables computed in numpy as w * gamma / sqrt(var + eps) and beta - mean * gamma / sqrt(var + eps) from made-up BN statistics; in the graph each kernel goes through fake_quant_with_min_max_vars_per_channel (8-bit narrow_range, per-channel min/max tf.Variables), tf.nn.conv2d stride 2 SAME, bias add, tf.nn.relu6, fake_quant_with_min_max_args [0,6]; global mean, matmul logits [None,10]")
def b_folded_module(out):
    rng = np.random.default_rng(30)
    vs, cin = [], 3
    for f in (16, 32, 32):
        w, b = _fold_bn(_he(rng, (3, 3, cin, f)), *_bn_stats(rng, f))
        flat = w.reshape(-1, f)
        vs.append([tf.Variable(w, name="kernel"), tf.Variable(b, name="bias"),
                   tf.Variable(flat.min(0), name="kernel_min"), tf.Variable(flat.max(0), name="kernel_max")])
        cin = f
    fc = tf.Variable(_he(rng, (32, 10)), name="fc")

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def serve(image):
        x = image
        for w, b, lo, hi in vs:
            wq = tf.quantization.fake_quant_with_min_max_vars_per_channel(w, lo, hi, num_bits=8, narrow_range=True)
            x = tf.nn.relu6(tf.nn.bias_add(tf.nn.conv2d(x, wq, 2, "SAME"), b))
            x = tf.quantization.fake_quant_with_min_max_args(x, 0.0, 6.0)
        return {"logits": tf.matmul(tf.reduce_mean(x, axis=[1, 2]), fc)}
    serve_module(out, {"vars": [v for layer in vs for v in layer] + [fc]}, serving_default=serve)


@model("q_fp16_weight_variables_cast_cnn_module", "tf-module", "tf.Module storing every weight as a float16 tf.Variable (halving the checkpoint), signature float32 [None,32,32,3]: each kernel / bias tf.cast to float32 at run time, tf.nn.conv2d SAME + bias + relu, tf.nn.max_pool2d, three stages, reduce_mean, float32 matmul to 10 logits and softmax; all compute float32")
def b_fp16_vars(out):
    rng = np.random.default_rng(31)
    ws, cin = [], 3
    for f in (16, 32, 32):
        ws.append((tf.Variable(_he(rng, (3, 3, cin, f)).astype("float16")), tf.Variable(np.zeros(f, "float16"))))
        cin = f
    fc = tf.Variable(_he(rng, (32, 10)).astype("float16"))

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def serve(image):
        x = image
        for w, b in ws:
            x = tf.nn.relu(tf.nn.conv2d(x, tf.cast(w, tf.float32), 1, "SAME") + tf.cast(b, tf.float32))
            x = tf.nn.max_pool2d(x, 2, 2, "VALID")
        return {"probabilities": tf.nn.softmax(tf.matmul(tf.reduce_mean(x, [1, 2]), tf.cast(fc, tf.float32)))}
    serve_module(out, {"vars": [v for p in ws for v in p] + [fc]}, serving_default=serve)


@model("q_int8_weights_per_channel_dequant_mlp_module", "tf-module", "weight-only int8 MLP as a tf.Module, signature float [None,64]: kernels stored as int8 tf.Variables with float32 per-output-channel scale Variables (symmetric, max|w|/127 computed in numpy), dequantized in the graph as tf.cast(w, float32) * scale, float32 bias; matmul + relu 64->64->32, logits 8 and argmax class (int64)")
def b_int8_weights(out):
    rng = np.random.default_rng(32)
    layers, cin = [], 64
    for u in (64, 32, 8):
        w = _he(rng, (cin, u))
        s = np.abs(w).max(axis=0) / 127.0
        layers.append((tf.Variable(np.round(w / s).astype("int8"), name="kernel_int8"),
                       tf.Variable(s.astype("float32"), name="scale"), tf.Variable(np.zeros(u, "float32"), name="bias")))
        cin = u

    @tf.function(input_signature=[tensor_spec([None, 64], name="features")])
    def serve(features):
        x = features
        for i, (wq, s, b) in enumerate(layers):
            x = tf.matmul(x, tf.cast(wq, tf.float32) * s) + b
            if i < len(layers) - 1:
                x = tf.nn.relu(x)
        return {"logits": x, "class_id": tf.argmax(x, axis=-1)}
    serve_module(out, {"vars": [v for p in layers for v in p]}, serving_default=serve)


@model("q_int_only_mlp_bitwise_requant_b1", "tf-module", "integer-only MLP written by hand (TFLite-style arithmetic), signature int8 input_q [1,64] (zero point -1): tf.cast to int32, subtract the input zero point, int32 tf.matmul against int8 weight Variables cast to int32, int32 bias add, requantize with an int64 multiply by a quantized multiplier M0 and a rounding tf.bitwise.right_shift by 31 + shift, add output zero point, clip_by_value [-128,127], max with the zero point as ReLU on the two hidden layers; three layers (64->32->32->10); outputs logits_q int8 [1,10], logits float32 ((q - zp) * scale) and class_id int32")
def b_int_only_mlp(out):
    rng = np.random.default_rng(33)
    s_in, zp_in = 2.0 / 255.0, -1
    calib = rng.uniform(-1, 1, (256, 64)).astype("float32")
    params, x, s_prev, zp_prev = [], calib, s_in, zp_in
    for i, u in enumerate((32, 32, 10)):
        w = _he(rng, (x.shape[1], u))
        s_w = np.abs(w).max() / 127.0
        y = x @ w
        if i < 2:
            y = np.maximum(y, 0)
        s_out = (y.max() - y.min()) / 255.0
        zp_out = int(np.round(-128 - y.min() / s_out))
        m0, shift = _quant_multiplier(s_prev * s_w / s_out)
        params.append(dict(w=tf.Variable(np.round(w / s_w).astype("int8"), name="w_int8"),
                           b=tf.Variable(np.zeros(u, "int32"), name="b_int32"), m0=m0, shift=shift,
                           zp_in=zp_prev, zp_out=zp_out, relu=i < 2))
        x, s_prev, zp_prev = y, s_out, zp_out

    @tf.function(input_signature=[tensor_spec([1, 64], "int8", "input_q")])
    def serve(input_q):
        q = tf.cast(input_q, tf.int32)
        for p in params:
            acc = tf.matmul(q - p["zp_in"], tf.cast(p["w"], tf.int32)) + p["b"]
            q = _requant(acc, p["m0"], p["shift"], p["zp_out"])
            if p["relu"]:
                q = tf.maximum(q, p["zp_out"])
        logits = (tf.cast(q, tf.float32) - float(zp_prev)) * float(s_prev)
        return {"logits_q": tf.cast(q, tf.int8), "logits": logits,
                "class_id": tf.argmax(q, axis=-1, output_type=tf.int32)}
    serve_module(out, {"vars": [v for p in params for v in (p["w"], p["b"])]}, serving_default=serve)


@model("q_int_only_conv_im2col_int32_b1", "tf-module", "integer-only CNN written by hand, signature uint8 image [1,28,28,1] (zero point 0): conv layers as im2col -- tf.image.extract_patches on int32 tensors (3x3, SAME), reshape, int32 tf.matmul with int8 weight Variables cast to int32, int32 bias, requantize via int64 multiply + rounding tf.bitwise.right_shift, clip_by_value to [0,255] (zero point 0, so the clip is the ReLU), tf.nn.max_pool2d on int32; global pooling as int32 reduce_sum over the 7x7 map + tf.bitwise.right_shift by 6; int32 matmul classifier; outputs logits_int32 [1,10], class_id int32")
def b_int_only_conv(out):
    rng = np.random.default_rng(34)
    img = rng.integers(0, 256, (16, 28, 28, 1)).astype("float32")
    s_prev, zp_prev, x, params, cin = 1.0 / 255.0, 0, img / 255.0, [], 1
    for f in (8, 16):
        w = _he(rng, (3, 3, cin, f))
        s_w = np.abs(w).max() / 127.0
        y = np.maximum(tf.nn.conv2d(x, w, 1, "SAME").numpy(), 0)
        s_out = max(y.max(), 1e-3) / 255.0
        m0, shift = _quant_multiplier(s_prev * s_w / s_out)
        params.append(dict(w=tf.Variable(np.round(w / s_w).astype("int8").reshape(9 * cin, f), name="w_int8"),
                           b=tf.Variable(np.zeros(f, "int32"), name="b_int32"), m0=m0, shift=shift, zp_in=zp_prev,
                           cin=cin))
        x = tf.nn.max_pool2d(y, 2, 2, "VALID").numpy()
        s_prev, zp_prev, cin = s_out, 0, f
    fc = tf.Variable(np.round(_he(rng, (16, 10)) / 0.01).clip(-127, 127).astype("int8"), name="fc_int8")

    @tf.function(input_signature=[tensor_spec([1, 28, 28, 1], "uint8", "image")])
    def serve(image):
        q = tf.cast(image, tf.int32)
        for p in params:
            patches = tf.image.extract_patches(q - p["zp_in"], [1, 3, 3, 1], [1, 1, 1, 1], [1, 1, 1, 1], "SAME")
            hw = tf.shape(patches)[1:3]
            acc = tf.matmul(tf.reshape(patches, [-1, 9 * p["cin"]]), tf.cast(p["w"], tf.int32)) + p["b"]
            q = _requant(acc, p["m0"], p["shift"], 0, 0, 255)
            q = tf.reshape(q, tf.concat([[1], hw, [-1]], 0))
            q = tf.nn.max_pool2d(q, 2, 2, "VALID")
        pooled = tf.bitwise.right_shift(tf.reduce_sum(q, axis=[1, 2]), 6)
        logits = tf.matmul(pooled, tf.cast(fc, tf.int32))
        return {"logits_int32": logits, "class_id": tf.argmax(logits, axis=-1, output_type=tf.int32)}
    serve_module(out, {"vars": [v for p in params for v in (p["w"], p["b"])] + [fc]}, serving_default=serve)


@model("q_quantize_dequantize_ops_weights_module", "tf-module", "tf.Module simulating int8 weight storage with TF's quantization ops, signature float [None,32,32,3]: float32 kernel Variables passed at run time through tf.quantization.quantize (QuantizeV2, qint8, mode SCALED, per output channel axis=3 / axis=1, ranges from per-channel max|w| Variables) and tf.quantization.dequantize (SCALED, same axis); activations through tf.quantization.quantize (quint8, MIN_COMBINED, range [0,6]) + dequantize after relu6; conv SAME stride 2 x3, reduce_mean, matmul 10 logits")
def b_quantize_ops(out):
    rng = np.random.default_rng(35)
    convs, cin = [], 3
    for f in (16, 24, 32):
        w = _he(rng, (3, 3, cin, f))
        convs.append((tf.Variable(w), tf.Variable(np.abs(w).reshape(-1, f).max(0))))
        cin = f
    fw = _he(rng, (32, 10))
    fc = (tf.Variable(fw), tf.Variable(np.abs(fw).max(0)))

    def wq(w, r, axis):
        q = tf.quantization.quantize(w, -r, r, tf.qint8, mode="SCALED", axis=axis)
        return tf.quantization.dequantize(q.output, q.output_min, q.output_max, mode="SCALED", axis=axis)

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def serve(image):
        x = image
        for w, r in convs:
            x = tf.nn.relu6(tf.nn.conv2d(x, wq(w, r, 3), 2, "SAME"))
            a = tf.quantization.quantize(x, 0.0, 6.0, tf.quint8, mode="MIN_COMBINED")
            x = tf.quantization.dequantize(a.output, a.output_min, a.output_max, mode="MIN_COMBINED")
        return {"logits": tf.matmul(tf.reduce_mean(x, [1, 2]), wq(fc[0], fc[1], 1))}
    serve_module(out, {"vars": [v for p in convs for v in p] + list(fc)}, serving_default=serve)


@model("q_qdq_v3_per_axis_weights_depthwise_module", "tf-module", "depthwise-separable net as a tf.Module with quantize-dequantize ops written in, signature float [None,48,48,3]: kernels are float32 Variables passed through tf.raw_ops.QuantizeAndDequantizeV3 per axis (8-bit via a num_bits tensor, signed, narrow_range, range_given with per-channel min/max Variables, axis=2 for depthwise [3,3,C,1] kernels, axis=3 for conv [k,k,Cin,Cout]); activations through tf.quantization.quantize_and_dequantize_v2 per tensor (QuantizeAndDequantizeV4 node, 8-bit unsigned, range_given [0,6]) after each relu6; tf.nn.conv2d 3x3 s2 stem, tf.nn.depthwise_conv2d s2 + tf.nn.conv2d 1x1 blocks, reduce_mean, matmul 5 logits")
def b_qdq_v4(out):
    rng = np.random.default_rng(36)

    def qvar(w, axis):
        r = np.abs(np.moveaxis(w, axis, -1)).reshape(-1, w.shape[axis]).max(0)
        return tf.Variable(w), tf.Variable(-r), tf.Variable(r), axis
    stem = qvar(_he(rng, (3, 3, 3, 16)), 3)
    blocks, cin = [], 16
    for f in (24, 32, 48):
        blocks.append((qvar(_he(rng, (3, 3, cin, 1)), 2), qvar(_he(rng, (1, 1, cin, f)), 3)))
        cin = f
    fc = tf.Variable(_he(rng, (48, 5)))

    def qdq_w(p):
        w, lo, hi, axis = p
        return tf.raw_ops.QuantizeAndDequantizeV3(input=w, input_min=lo, input_max=hi, num_bits=tf.constant(8),
                                                  signed_input=True, range_given=True, narrow_range=True, axis=axis)

    def qdq_a(x):
        return tf.quantization.quantize_and_dequantize_v2(x, 0.0, 6.0, signed_input=False, num_bits=8, range_given=True)

    @tf.function(input_signature=[tensor_spec([None, 48, 48, 3], name="image")])
    def serve(image):
        x = qdq_a(tf.nn.relu6(tf.nn.conv2d(image, qdq_w(stem), 2, "SAME")))
        for dw, pw in blocks:
            x = qdq_a(tf.nn.relu6(tf.nn.depthwise_conv2d(x, qdq_w(dw), [1, 2, 2, 1], "SAME")))
            x = qdq_a(tf.nn.relu6(tf.nn.conv2d(x, qdq_w(pw), 1, "SAME")))
        return {"logits": tf.matmul(tf.reduce_mean(x, [1, 2]), fc)}
    allv = [v for p in [stem] + [q for b in blocks for q in b] for v in p[:3]] + [fc]
    serve_module(out, {"vars": allv}, serving_default=serve)


@model("q_clustered_conv_uint8_indices_b1", "tf-module", "weight-clustered CNN as a tf.Module, signature float [1,32,32,3]: every conv kernel rebuilt at run time as tf.reshape(tf.gather(centroids, tf.cast(indices, int32))) from a float32 Variable of 16 centroids and a uint8 Variable of cluster indices (numpy k-means of random He-normal kernels), tf.nn.conv2d SAME stride 2 + bias + relu x3; dense head clustered the same way; reduce_mean, logits [1,10]")
def b_clustered_conv(out):
    rng = np.random.default_rng(37)
    layers, cin = [], 3
    for f in (16, 32, 32):
        c, idx = _kmeans(_he(rng, (3, 3, cin, f)), 16)
        layers.append((tf.Variable(c, name="centroids"), tf.Variable(idx.astype("uint8"), name="indices"),
                       tf.Variable(np.zeros(f, "float32"), name="bias")))
        cin = f
    c, idx = _kmeans(_he(rng, (32, 10)), 16)
    head = (tf.Variable(c), tf.Variable(idx.astype("uint8")))

    def kernel(c, idx):
        return tf.gather(c, tf.cast(idx, tf.int32))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        x = image
        for c, idx, b in layers:
            x = tf.nn.relu(tf.nn.conv2d(x, kernel(c, idx), 2, "SAME") + b)
        return {"logits": tf.matmul(tf.reduce_mean(x, [1, 2]), kernel(*head))}
    serve_module(out, {"vars": [v for p in layers for v in p] + list(head)}, serving_default=serve)


@model("q_sparse_pruned_dense_sparse_matmul_module", "tf-module", "90%-pruned MLP stored sparse, tf.Module signature float [None,128]: each hidden layer's surviving weights kept as a tf.SparseTensor (int64 index constants, float32 values Variable, dense_shape [in,out]) and applied with tf.sparse.sparse_dense_matmul(x, sparse_kernel) + bias, relu; 128->64->64, dense Variable head to 6 logits, softmax")
def b_sparse(out):
    rng = np.random.default_rng(38)
    layers, cin = [], 128
    for u in (64, 64):
        w = _he(rng, (cin, u))
        keep = np.abs(w) >= np.quantile(np.abs(w), 0.9)
        idx = np.argwhere(keep).astype("int64")
        layers.append((tf.constant(idx), tf.Variable(w[keep], name="values"), [cin, u],
                       tf.Variable(np.zeros(u, "float32"), name="bias")))
        cin = u
    head = tf.Variable(_he(rng, (64, 6)))

    @tf.function(input_signature=[tensor_spec([None, 128], name="features")])
    def serve(features):
        x = features
        for idx, vals, shape, b in layers:
            sp = tf.SparseTensor(idx, vals, tf.constant(shape, tf.int64))
            x = tf.nn.relu(tf.sparse.sparse_dense_matmul(x, sp) + b)
        return {"probabilities": tf.nn.softmax(tf.matmul(x, head))}
    serve_module(out, {"vars": [v for p in layers for v in (p[1], p[3])] + [head]}, serving_default=serve)


@model("q_ssd_head_qat_anchor_decode_nms_b1", "tf-module", "tiny SSD-style detector with QAT Keras backbone, tf.Module signature float [1,96,96,3]: Keras net of QATConv2D (per-channel 8-bit kernel fake quant) + BN + ReLU6 + fake_quant_with_min_max_args [0,6] stages, box / class QATConv2D heads on 6x6 and 3x3 maps (3 anchors each, 135 anchors, 4 classes incl. background) whose outputs pass fake_quant_with_min_max_args [-8,8] / [-16,16]; in the serving function constant anchors, box-coder decode with tf.exp (scales 10,10,5,5), sigmoid scores, max over non-background classes, tf.image.non_max_suppression (10, iou 0.5, score 0.3), tf.gather; outputs boxes, scores, classes int32")
def b_ssd_qat(out):
    inp = keras.Input((96, 96, 3))
    x = inp
    feats = []
    for i, f in enumerate((8, 16, 24, 32, 32)):
        x = QATConv2D(f, 3, strides=2, padding="same", use_bias=False)(x)
        x = FakeQuantArgs(0.0, 6.0)(L.ReLU(6.0)(L.BatchNormalization()(x)))
        if i >= 3:
            feats.append(x)
    boxes, classes = [], []
    for fm in feats:
        b = FakeQuantArgs(-8.0, 8.0)(QATConv2D(3 * 4, 3, padding="same")(fm))
        c = FakeQuantArgs(-16.0, 16.0)(QATConv2D(3 * 4, 3, padding="same")(fm))
        boxes.append(L.Reshape((-1, 4))(b))
        classes.append(L.Reshape((-1, 4))(c))
    net = keras.Model(inp, [L.Concatenate(axis=1)(boxes), L.Concatenate(axis=1)(classes)])
    anchors = []
    for g, s in ((6, 0.3), (3, 0.6)):
        for i in range(g):
            for j in range(g):
                for r in (1.0, 2.0, 0.5):
                    anchors.append([(i + 0.5) / g, (j + 0.5) / g, s / np.sqrt(r), s * np.sqrt(r)])
    anchors = np.array(anchors, "float32")

    @tf.function(input_signature=[tensor_spec([1, 96, 96, 3], name="image")])
    def detect(image):
        enc, logits = net(image, training=False)
        enc = enc[0]
        yc = enc[:, 0] / 10.0 * anchors[:, 2] + anchors[:, 0]
        xc = enc[:, 1] / 10.0 * anchors[:, 3] + anchors[:, 1]
        h, w = tf.exp(enc[:, 2] / 5.0) * anchors[:, 2], tf.exp(enc[:, 3] / 5.0) * anchors[:, 3]
        boxes = tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)
        scores = tf.sigmoid(logits[0, :, 1:])
        best = tf.reduce_max(scores, axis=-1)
        sel = tf.image.non_max_suppression(boxes, best, 10, iou_threshold=0.5, score_threshold=0.3)
        return {"boxes": tf.gather(boxes, sel), "scores": tf.gather(best, sel),
                "classes": tf.gather(tf.argmax(scores, axis=-1, output_type=tf.int32) + 1, sel)}
    serve_module(out, {"model": net}, serving_default=detect)


@model("q_gru_manual_cell_4bit_fq_module", "tf-module", "hand-written GRU in a tf.Module, signature float [None,12,16]: weights are float32 Variables fake-quantized at run time with fake_quant_with_min_max_vars (4-bit, narrow_range, min/max Variables from max|w|); the 12 time steps unrolled in Python (tf.unstack), gates sigmoid / tanh from matmuls of x_t and h, the hidden state fake_quant_with_min_max_args [-1,1] 8-bit after every step; final state matmul to 3 logits")
def b_gru_manual(out):
    rng = np.random.default_rng(39)
    H = 24

    def qv(shape):
        w = _rand(rng, shape, 0.3)
        r = float(np.abs(w).max())
        return tf.Variable(w), tf.Variable(-r), tf.Variable(r)
    Wx, Wh, fc = qv((16, 3 * H)), qv((H, 3 * H)), qv((H, 3))
    b = tf.Variable(np.zeros(3 * H, "float32"))

    def q(p):
        return tf.quantization.fake_quant_with_min_max_vars(p[0], p[1], p[2], num_bits=4, narrow_range=True)

    @tf.function(input_signature=[tensor_spec([None, 12, 16], name="sequence")])
    def serve(sequence):
        wx, wh = q(Wx), q(Wh)
        h = tf.zeros([tf.shape(sequence)[0], H])
        for xt in tf.unstack(sequence, axis=1):
            gx, gh = tf.matmul(xt, wx) + b, tf.matmul(h, wh)
            z = tf.sigmoid(gx[:, :H] + gh[:, :H])
            r = tf.sigmoid(gx[:, H:2 * H] + gh[:, H:2 * H])
            n = tf.tanh(gx[:, 2 * H:] + r * gh[:, 2 * H:])
            h = tf.quantization.fake_quant_with_min_max_args((1 - z) * n + z * h, -1.0, 1.0)
        return {"logits": tf.matmul(h, q(fc))}
    serve_module(out, {"vars": [v for p in (Wx, Wh, fc) for v in p] + [b]}, serving_default=serve)


@model("q_text_transformer_student_kd_module", "tf-module", "knowledge-distilled tiny text transformer student, tf.Module signature int32 token_ids [None,32] (0 = padding): Keras student (Embedding 500x32, learned position embedding layer, one MultiHeadAttention(2 heads, key_dim 16) block with attention_mask from ids != 0, LayerNormalization, Dense 64 gelu / 32 MLP, masked mean pooling, Dense(4)) trained 3 GradientTape steps with T=4 KL distillation from a randomly initialised 2-block 64-wide teacher + cross-entropy; serving function returns logits and softmax probabilities; plain float")
def b_kd_text(out):
    class PosEmbed(L.Layer):
        def build(self, input_shape):
            self.pos = self.add_weight(shape=(1,) + tuple(input_shape[1:]),
                                       initializer=keras.initializers.RandomNormal(stddev=0.02), name="pos")

        def call(self, x):
            return x + self.pos

    class MaskedMean(L.Layer):
        def call(self, x, ids):
            m = tf.cast(tf.not_equal(ids, 0), x.dtype)[..., None]
            return tf.reduce_sum(x * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)

    class PadMask(L.Layer):
        def call(self, ids):
            m = tf.not_equal(ids, 0)
            return tf.logical_and(m[:, :, None], m[:, None, :])

    def transformer(dim, blocks):
        ids = keras.Input((32,), dtype="int32")
        x = PosEmbed()(L.Embedding(500, dim)(ids))
        mask = PadMask()(ids)
        for _ in range(blocks):
            x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, dim // 2)(x, x, attention_mask=mask)]))
            x = L.LayerNormalization()(L.Add()([x, L.Dense(dim)(L.Dense(2 * dim, activation="gelu")(x))]))
        return keras.Model(ids, L.Dense(4)(MaskedMean()(x, ids)))
    rng = np.random.default_rng(40)
    student, teacher = transformer(32, 1), transformer(64, 2)
    ids = rng.integers(1, 500, (48, 32)).astype("int32")
    ids[::2, 20:] = 0
    _kd_train(student, teacher, ids, rng.integers(0, 4, 48))

    @tf.function(input_signature=[tensor_spec([None, 32], "int32", "token_ids")])
    def serve(token_ids):
        logits = student(token_ids, training=False)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    serve_module(out, {"model": student}, serving_default=serve)


FEEDS["q_text_transformer_student_kd_module"] = {"token_ids": (0, 500)}


@model("q_bfloat16_variables_compute_module", "tf-module", "tf.Module computing in bfloat16 end to end, signature float32 [None,32,32,3]: weights stored as bfloat16 tf.Variables, the input tf.cast to bfloat16, tf.nn.conv2d / tf.nn.depthwise_conv2d / bias add / relu / reduce_mean / matmul all in bfloat16, logits cast back to float32 and softmax in float32")
def b_bf16_module(out):
    rng = np.random.default_rng(41)
    bf = tf.bfloat16
    stem = tf.Variable(tf.cast(_he(rng, (3, 3, 3, 16)), bf))
    blocks, cin = [], 16
    for f in (24, 32):
        blocks.append((tf.Variable(tf.cast(_he(rng, (3, 3, cin, 1)), bf)), tf.Variable(tf.cast(_he(rng, (1, 1, cin, f)), bf)),
                       tf.Variable(tf.zeros([f], bf))))
        cin = f
    fc = tf.Variable(tf.cast(_he(rng, (32, 10)), bf))

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def serve(image):
        x = tf.nn.relu(tf.nn.conv2d(tf.cast(image, bf), stem, 2, "SAME"))
        for dw, pw, b in blocks:
            x = tf.nn.relu(tf.nn.depthwise_conv2d(x, dw, [1, 2, 2, 1], "SAME"))
            x = tf.nn.relu(tf.nn.conv2d(x, pw, 1, "SAME") + b)
        logits = tf.cast(tf.matmul(tf.reduce_mean(x, [1, 2]), fc), tf.float32)
        return {"probabilities": tf.nn.softmax(logits)}
    serve_module(out, {"vars": [stem, fc] + [v for p in blocks for v in p]}, serving_default=serve)


@model("q_dscnn_kws_int8_io_wrapper_module", "tf-module", "DS-CNN keyword spotter wrapped for int8 I/O in a tf.Module, signature int8 mfcc_q [1,49,10,1]: dequantized in the graph ((cast float32 - (-20)) * 0.2), Keras DS-CNN float body with fake_quant_with_min_max_args [0,6] after every ReLU (kernels float), softmax, probabilities requantized by hand to int8 (round(p / (1/256)) - 128, clip, cast) and a class_id int32 output")
def b_dscnn_int8_io(out):
    inp = keras.Input((49, 10, 1))
    net = keras.Model(inp, _dscnn(inp, act_fq=lambda: FakeQuantArgs(0.0, 6.0)))

    @tf.function(input_signature=[tensor_spec([1, 49, 10, 1], "int8", "mfcc_q")])
    def serve(mfcc_q):
        x = (tf.cast(mfcc_q, tf.float32) + 20.0) * 0.2
        p = tf.nn.softmax(net(x, training=False))
        return {"probabilities_q": tf.cast(tf.clip_by_value(tf.round(p * 256.0) - 128.0, -128.0, 127.0), tf.int8),
                "class_id": tf.argmax(p, axis=-1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


# ================================================================================ tf.saved_model.save of Keras models

@model("q_resnet8_qat_saved_keras", "saved-model", "ResNet-8-style CNN with hand-written QAT saved with plain tf.saved_model.save(model, path) (default Keras signature), float [None,32,32,3]: every Conv2D is a QATConv2D (per-channel 8-bit narrow_range kernel fake quant, range variables) followed by BatchNormalization; a FakeQuantVars (learned range, 8-bit) after each residual Add + ReLU; GlobalAveragePooling2D, Dense(10)")
def b_resnet_qat_saved(out):
    m = _resnet8(post=lambda: FakeQuantVars(0.0, 6.0),
                 conv=lambda f, k, s: QATConv2D(f, k, strides=s, padding="same", use_bias=False))
    tf.saved_model.save(m, str(out))


@model("q_pruned_cnn_zeros_saved_keras", "saved-model", "magnitude-pruned CNN saved with tf.saved_model.save and an explicit tf.function(input_signature) serving signature, float [None,64,64,3]: Conv2D stack (16-64, BatchNormalization, ReLU, MaxPooling2D), GlobalAveragePooling2D, Dense(64), Dense(5); after building, 80% of each Conv2D / Dense kernel (smallest |w|) set to exact zeros in the variables via set_weights (no mask ops in the graph)")
def b_pruned_zeros_saved(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, padding="same")(x))))
    m = keras.Model(inp, L.Dense(5)(L.Dense(64, activation="relu")(L.GlobalAveragePooling2D()(x))))
    _prune_zeros(m, 0.8)

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def serve(image):
        return {"logits": m(image, training=False)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


def _prune_zeros(m, sparsity):
    for lay in m.layers:
        if isinstance(lay, (L.Conv2D, L.Dense)):
            w = lay.get_weights()
            k = np.abs(w[0])
            w[0] = np.where(k >= np.quantile(k, sparsity), w[0], 0.0).astype("float32")
            lay.set_weights(w)


# ================================================================================ TF1 graphs

@model("q_tf1_contrib_style_fake_quant_vars_cnn", "tf1-savedmodel", "TF1 graph in the layout tf.contrib.quantize's create_eval_graph produced, SavedModelBuilder predict signature, placeholder input float [None,32,32,3]: per conv a weights variable through weights_quant/FakeQuantWithMinMaxVars (min/max variables, 8-bit narrow_range), conv2d SAME, bias_add, relu6, act_quant/FakeQuantWithMinMaxVars (min/max variables 0 / 6); three convs (stride 2), reduce_mean, fake-quantized fc weights, logits + softmax and argmax classes (int64)")
def b_tf1_contrib(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [None, 32, 32, 3], name="input")
        h, cin = x, 3
        for i, f in enumerate((16, 32, 32)):
            h = _tf1_fq_conv(h, f"conv{i}", cin, f)
            cin = f
        h = tf.reduce_mean(h, [1, 2])
        with v1.variable_scope("logits"):
            w = v1.get_variable("weights", [32, 10], initializer=v1.glorot_uniform_initializer())
            lo, hi = _tf1_minmax(-1.0, 1.0)
            logits = tf.matmul(h, tf.quantization.fake_quant_with_min_max_vars(w, lo, hi, narrow_range=True))
        return {"serving_default": ({"input": x}, {"probabilities": tf.nn.softmax(logits, name="probs"),
                                                   "classes": tf.argmax(logits, 1)})}
    tf1_saved_model(out, build)


def _tf1_minmax(lo, hi, scope="weights_quant"):
    v1 = tf.compat.v1
    with v1.variable_scope(scope):
        return (v1.get_variable("min", initializer=tf.constant(lo), trainable=False),
                v1.get_variable("max", initializer=tf.constant(hi), trainable=False))


def _tf1_fq_conv(h, name, cin, cout, k=3, s=2, per_channel=False, bits=8, act_hi=6.0):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, cin, cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        if per_channel:
            with v1.variable_scope("weights_quant"):
                lo = v1.get_variable("min", initializer=tf.fill([cout], -0.5), trainable=False)
                hi = v1.get_variable("max", initializer=tf.fill([cout], 0.5), trainable=False)
            wq = tf.quantization.fake_quant_with_min_max_vars_per_channel(w, lo, hi, num_bits=bits, narrow_range=True)
        else:
            lo, hi = _tf1_minmax(-0.5, 0.5)
            wq = tf.quantization.fake_quant_with_min_max_vars(w, lo, hi, num_bits=bits, narrow_range=True)
        y = tf.nn.relu6(tf.nn.bias_add(tf.nn.conv2d(h, wq, [1, s, s, 1], "SAME"), b))
        alo, ahi = _tf1_minmax(0.0, act_hi, "act_quant")
        return tf.quantization.fake_quant_with_min_max_vars(y, alo, ahi, num_bits=8)


@model("q_tf1_dscnn_kws_per_channel_4bit", "tf1-savedmodel", "TF1 DS-CNN keyword spotter in the ML-KWS-for-MCU style, SavedModelBuilder predict signature, placeholder fingerprint_input float [1,490] reshaped to [1,49,10,1]: first conv (10x4, stride 2) weights fake-quantized per channel with fake_quant_with_min_max_vars_per_channel at 4 bits; depthwise 3x3 (tf.nn.depthwise_conv2d, float kernels) + relu and pointwise 1x1 convs with 4-bit per-channel weight fake quant, every activation through fake_quant_with_min_max_vars 8-bit (min/max variables 0 / 6); avg_pool2d, reshape, fc logits [1,12] and labels_softmax")
def b_tf1_dscnn(out):
    v1 = tf.compat.v1

    def build():
        x = v1.placeholder(tf.float32, [1, 490], name="fingerprint_input")
        h = tf.reshape(x, [-1, 49, 10, 1])
        with v1.variable_scope("conv_1"):
            w = v1.get_variable("weights", [10, 4, 1, 32], initializer=v1.glorot_uniform_initializer())
            with v1.variable_scope("weights_quant"):
                lo = v1.get_variable("min", initializer=tf.fill([32], -0.5), trainable=False)
                hi = v1.get_variable("max", initializer=tf.fill([32], 0.5), trainable=False)
            h = tf.nn.relu(tf.nn.conv2d(h, tf.quantization.fake_quant_with_min_max_vars_per_channel(
                w, lo, hi, num_bits=4, narrow_range=True), [1, 2, 2, 1], "SAME"))
            alo, ahi = _tf1_minmax(0.0, 6.0, "act_quant")
            h = tf.quantization.fake_quant_with_min_max_vars(h, alo, ahi)
        for i in range(3):
            with v1.variable_scope(f"conv_ds_{i + 2}"):
                dw = v1.get_variable("depthwise_weights", [3, 3, 32, 1], initializer=v1.glorot_uniform_initializer())
                h = tf.nn.relu(tf.nn.depthwise_conv2d(h, dw, [1, 1, 1, 1], "SAME"))
                alo, ahi = _tf1_minmax(0.0, 6.0, "dw_act_quant")
                h = tf.quantization.fake_quant_with_min_max_vars(h, alo, ahi)
            h = _tf1_fq_conv(h, f"conv_pw_{i + 2}", 32, 32, k=1, s=1, per_channel=True, bits=4)
        h = tf.reshape(tf.nn.avg_pool2d(h, [1, 25, 5, 1], [1, 25, 5, 1], "VALID"), [-1, 32])
        with v1.variable_scope("fc"):
            w = v1.get_variable("weights", [32, 12], initializer=v1.glorot_uniform_initializer())
            logits = tf.matmul(h, w, name="logits")
        return {"serving_default": ({"fingerprint_input": x},
                                    {"logits": logits, "labels_softmax": tf.nn.softmax(logits, name="labels_softmax")})}
    tf1_saved_model(out, build)


@model("q_tf1_int8_weight_variables_dequant_mlp", "tf1-savedmodel", "TF1 weight-only-quantized MLP, SavedModelBuilder predict signature, placeholder x float [1,64]: weight variables of dtype int8 (initialised from numpy-quantized random weights) with float32 per-channel scale variables; tf.cast(w, float32) * scale, matmul, bias_add, relu 64->32->16, logits 4 and softmax")
def b_tf1_int8(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(50)

    def build():
        x = v1.placeholder(tf.float32, [1, 64], name="x")
        h, cin = x, 64
        for i, u in enumerate((32, 16, 4)):
            w = _he(rng, (cin, u))
            s = np.abs(w).max(0) / 127.0
            with v1.variable_scope(f"dense{i}"):
                wq = v1.get_variable("kernel_int8", initializer=tf.constant(np.round(w / s).astype("int8")),
                                     trainable=False)
                sc = v1.get_variable("scale", initializer=tf.constant(s.astype("float32")), trainable=False)
                b = v1.get_variable("bias", [u], initializer=v1.zeros_initializer())
                h = tf.nn.bias_add(tf.matmul(h, tf.cast(wq, tf.float32) * sc), b)
                if i < 2:
                    h = tf.nn.relu(h)
            cin = u
        return {"serving_default": ({"x": x}, {"logits": h, "probabilities": tf.nn.softmax(h)})}
    tf1_saved_model(out, build)


@model("q_tf1_binary_sign_override_mlp", "tf1-savedmodel", "TF1 binarized MLP, SavedModelBuilder predict signature, placeholder x float [None,128]: weights and hidden activations binarized with tf.sign inside graph.gradient_override_map({'Sign': 'Identity'}) (the TF1 straight-through-estimator idiom), batch norm written out (moments-free inference form: (h - mean) * rsqrt(var + eps) * gamma + beta with variables), 128->64->64 binary, float fc logits 10")
def b_tf1_binary(out):
    v1 = tf.compat.v1

    def build():
        g = v1.get_default_graph()
        x = v1.placeholder(tf.float32, [None, 128], name="x")
        h, cin = x, 128
        for i in range(2):
            with v1.variable_scope(f"bin{i}"):
                w = v1.get_variable("weights", [cin, 64], initializer=v1.glorot_uniform_initializer())
                with g.gradient_override_map({"Sign": "Identity"}):
                    wb = tf.sign(w)
                h = tf.matmul(h, wb)
                mean = v1.get_variable("moving_mean", [64], initializer=v1.zeros_initializer(), trainable=False)
                var = v1.get_variable("moving_variance", [64], initializer=v1.constant_initializer(float(cin)),
                                      trainable=False)
                gamma = v1.get_variable("gamma", [64], initializer=v1.ones_initializer())
                beta = v1.get_variable("beta", [64], initializer=v1.zeros_initializer())
                h = (h - mean) * tf.math.rsqrt(var + 1e-5) * gamma + beta
                with g.gradient_override_map({"Sign": "Identity"}):
                    h = tf.sign(h)
            cin = 64
        with v1.variable_scope("fc"):
            w = v1.get_variable("weights", [64, 10], initializer=v1.glorot_uniform_initializer())
            logits = tf.matmul(h, w)
        return {"serving_default": ({"x": x}, {"logits": logits})}
    tf1_saved_model(out, build)


# ================================================================================ frozen GraphDefs

@model("q_frozen_qat_cnn_fq_vars_b1", "frozen-pb", "frozen GraphDef (freeze_keras: convert_variables_to_constants_v2) of a Keras QAT CNN, float [1,48,48,1]: fake_quant_with_min_max_args [0,1] input, QATConv2D (per-channel 8-bit kernel fake quant, now FakeQuantWithMinMaxVarsPerChannel on constant kernel / min / max) + BatchNormalization + ReLU + FakeQuantVars (FakeQuantWithMinMaxVars on constant ranges) x3 with MaxPooling2D, Flatten, QATDense(7) per tensor, softmax")
def b_frozen_qat(out):
    inp = keras.Input((48, 48, 1), batch_size=1, name="image")
    x = FakeQuantArgs(0.0, 1.0)(inp)
    for f in (8, 16, 32):
        x = FakeQuantVars(0.0, 6.0)(L.ReLU()(L.BatchNormalization()(QATConv2D(f, 3, padding="same", use_bias=False)(x))))
        x = L.MaxPooling2D()(x)
    m = keras.Model(inp, L.Softmax()(QATDense(7)(L.Flatten()(x))))
    freeze_keras(m, tensor_spec([1, 48, 48, 1], name="image"), out)


OUTPUTS["q_frozen_qat_cnn_fq_vars_b1"] = ["Identity"]


@model("q_frozen_pruned_conv_zero_constants", "frozen-pb", "frozen GraphDef (freeze_keras) of a magnitude-pruned Keras CNN, float [None,32,32,3]: Conv2D 3x3 + ReLU + MaxPooling2D x3 (16/32/64), Flatten, Dense(64), Dense(10); 85% of every kernel set to exact zeros before freezing, so the Const kernels are mostly zero (no mask ops)")
def b_frozen_pruned(out):
    inp = keras.Input((32, 32, 3))
    x = inp
    for f in (16, 32, 64):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    m = keras.Model(inp, L.Dense(10)(L.Dense(64, activation="relu")(L.Flatten()(x))))
    _prune_zeros(m, 0.85)
    freeze_keras(m, tensor_spec([None, 32, 32, 3], name="image"), out)


OUTPUTS["q_frozen_pruned_conv_zero_constants"] = ["Identity"]


@model("q_frozen_fp16_constants_cast", "frozen-pb", "frozen GraphDef (freeze_function) of a float16-weight CNN, float32 input [1,64,64,3]: float16 weight Variables become DT_HALF Const nodes each followed by Cast to float32; conv2d SAME stride 2 + bias + relu x3, depthwise_conv2d 3x3, reduce_mean, matmul 5 logits, softmax; all compute float32")
def b_frozen_fp16(out):
    rng = np.random.default_rng(60)
    convs, cin = [], 3
    for f in (16, 24, 32):
        convs.append((tf.Variable(_he(rng, (3, 3, cin, f)).astype("float16")), tf.Variable(np.zeros(f, "float16"))))
        cin = f
    dw = tf.Variable(_he(rng, (3, 3, 32, 1)).astype("float16"))
    fc = tf.Variable(_he(rng, (32, 5)).astype("float16"))

    def fn(image):
        x = image
        for w, b in convs:
            x = tf.nn.relu(tf.nn.conv2d(x, tf.cast(w, tf.float32), 2, "SAME") + tf.cast(b, tf.float32))
        x = tf.nn.relu(tf.nn.depthwise_conv2d(x, tf.cast(dw, tf.float32), [1, 1, 1, 1], "SAME"))
        return tf.nn.softmax(tf.matmul(tf.reduce_mean(x, [1, 2]), tf.cast(fc, tf.float32)), name="probabilities")
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="image")], out)


OUTPUTS["q_frozen_fp16_constants_cast"] = ["Identity"]


@model("q_frozen_resnet8_folded_bn_fq_add", "frozen-pb", "frozen GraphDef (freeze_function) of a ResNet-8 whose BatchNormalization layers were folded by hand: a Keras ResNet-8 (random BN statistics assigned) read back, each Conv2D kernel and its BN folded in numpy into kernel + bias Variables; forward written with tf.nn.conv2d + bias_add, per-channel fake_quant_with_min_max_vars_per_channel (8-bit narrow_range) on every folded kernel, relu, fake_quant_with_min_max_args [-8,8] on both residual inputs and [0,8] after each Add + relu; float [None,32,32,3] -> reduce_mean, matmul 10 logits")
def b_frozen_resnet_folded(out):
    rng = np.random.default_rng(61)
    m = _resnet8()
    for lay in m.layers:
        if isinstance(lay, L.BatchNormalization):
            lay.set_weights(list(_bn_stats(rng, lay.gamma.shape[0])))
    convs = sorted((lay for lay in m.layers if isinstance(lay, L.Conv2D)),  # creation order: conv2d, conv2d_1, ...
                   key=lambda lay: int(lay.name.rpartition("_")[2]) if lay.name != "conv2d" else 0)
    bn_of = {id(lay.input._keras_history[0]): lay for lay in m.layers if isinstance(lay, L.BatchNormalization)}
    folded = {}
    for c in convs:
        b = bn_of[id(c)]
        w, bias = _fold_bn(c.kernel.numpy(), *[v.numpy() for v in (b.gamma, b.beta, b.moving_mean, b.moving_variance)],
                           eps=b.epsilon)
        f = w.reshape(-1, w.shape[-1])
        folded[c.name] = (tf.Variable(w), tf.Variable(bias), tf.Variable(f.min(0)), tf.Variable(f.max(0)), c.strides[0])
    dense = m.layers[-1]
    fc, fcb = tf.Variable(dense.kernel.numpy()), tf.Variable(dense.bias.numpy())
    names = [c.name for c in convs]

    def conv(x, name, relu=True):
        w, b, lo, hi, s = folded[name]
        y = tf.nn.bias_add(tf.nn.conv2d(x, tf.quantization.fake_quant_with_min_max_vars_per_channel(
            w, lo, hi, narrow_range=True), s, "SAME"), b)
        return tf.nn.relu(y) if relu else y

    def fn(image):
        it = iter(names)
        x = conv(image, next(it))
        for f, s in ((16, 1), (32, 2), (64, 2)):
            y = conv(conv(x, next(it)), next(it), relu=False)
            sc = conv(x, next(it), relu=False) if s != 1 else x
            y, sc = (tf.quantization.fake_quant_with_min_max_args(t, -8.0, 8.0) for t in (y, sc))
            x = tf.quantization.fake_quant_with_min_max_args(tf.nn.relu(y + sc), 0.0, 8.0)
        return tf.matmul(tf.reduce_mean(x, [1, 2]), fc) + fcb
    freeze_function(fn, [tensor_spec([None, 32, 32, 3], name="image")], out)


OUTPUTS["q_frozen_resnet8_folded_bn_fq_add"] = ["Identity"]


@model("q_frozen_uint8_weights_zero_point_dequant", "frozen-pb", "frozen GraphDef (freeze_function) of an asymmetric uint8 weight-only CNN, float [1,32,32,3]: uint8 weight Variables (become DT_UINT8 Const) with per-tensor zero point and scale, dequantized in the graph as (tf.cast(w, float32) - zero_point) * scale; conv2d SAME stride 2 + bias + relu x3, reduce_mean, dequantized fc matmul, 10 logits")
def b_frozen_uint8(out):
    rng = np.random.default_rng(62)

    def q(w):
        lo, hi = float(w.min()), float(w.max())
        s = (hi - lo) / 255.0
        zp = float(np.round(-lo / s))
        return tf.Variable(np.clip(np.round(w / s + zp), 0, 255).astype("uint8")), zp, s
    convs, cin = [], 3
    for f in (16, 32, 32):
        convs.append((q(_he(rng, (3, 3, cin, f))), tf.Variable(np.zeros(f, "float32"))))
        cin = f
    fc = q(_he(rng, (32, 10)))

    def deq(p):
        w, zp, s = p
        return (tf.cast(w, tf.float32) - zp) * s

    def fn(image):
        x = image
        for p, b in convs:
            x = tf.nn.relu(tf.nn.conv2d(x, deq(p), 2, "SAME") + b)
        return tf.matmul(tf.reduce_mean(x, [1, 2]), deq(fc))
    freeze_function(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["q_frozen_uint8_weights_zero_point_dequant"] = ["Identity"]


@model("q_tf1_quint8_const_dequantize_frozen", "frozen-pb", "TF1 GraphDef in the shape graph_transforms' quantize_weights left behind, frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder input float [None,28,28,1]; every conv / fc weight a quint8 Const with its float min / max Consts feeding Dequantize (mode MIN_FIRST), conv2d SAME + bias_add + relu + max_pool x2, fc relu, fc logits, softmax named 'output'; bias variables float32 frozen to Consts")
def b_tf1_quint8(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(63)

    def qconst(w, name):
        lo, hi = float(min(w.min(), 0.0)), float(max(w.max(), 0.0))
        q = np.clip(np.round((w - lo) / (hi - lo) * 255.0), 0, 255).astype("uint8")
        c = tf.constant(q, dtype=tf.quint8, name=name + "_quantized_const")
        return tf.quantization.dequantize(c, tf.constant(lo, name=name + "_quantized_min"),
                                          tf.constant(hi, name=name + "_quantized_max"), mode="MIN_FIRST", name=name)
    with tf.Graph().as_default() as g:
        x = v1.placeholder(tf.float32, [None, 28, 28, 1], name="input")
        h, cin = x, 1
        for i, f in enumerate((8, 16)):
            w = qconst(_he(rng, (3, 3, cin, f)), f"conv{i}/weights")
            b = v1.get_variable(f"conv{i}/biases", [f], initializer=v1.constant_initializer(0.01))
            h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, w, 1, "SAME"), b)), 2, 2, "VALID")
            cin = f
        h = tf.reshape(h, [-1, 7 * 7 * 16])
        h = tf.nn.relu(tf.matmul(h, qconst(_he(rng, (7 * 7 * 16, 32)), "fc1/weights")))
        logits = tf.matmul(h, qconst(_he(rng, (32, 10)), "fc2/weights"))
        tf.nn.softmax(logits, name="output")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["output"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["q_tf1_quint8_const_dequantize_frozen"] = ["output"]


@model("q_tf1_contrib_quantize_graph_util_frozen", "frozen-pb", "TF1 QAT eval graph (tf.contrib.quantize layout: weights_quant / act_quant FakeQuantWithMinMaxVars with min / max variables, 8-bit, narrow_range weights) frozen with tf.compat.v1.graph_util.convert_variables_to_constants into a GraphDef, placeholder input float [1,64,64,3]: three conv2d stride 2 + bias_add + relu6 + act fake quant, reduce_mean, fake-quantized fc weights, softmax named 'output'")
def b_tf1_contrib_frozen(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        x = v1.placeholder(tf.float32, [1, 64, 64, 3], name="input")
        h, cin = x, 3
        for i, f in enumerate((16, 32, 48)):
            h = _tf1_fq_conv(h, f"MobilenetV1/Conv2d_{i}", cin, f)
            cin = f
        h = tf.reduce_mean(h, [1, 2])
        with v1.variable_scope("Logits"):
            w = v1.get_variable("weights", [48, 6], initializer=v1.glorot_uniform_initializer())
            lo, hi = _tf1_minmax(-1.0, 1.0)
            logits = tf.matmul(h, tf.quantization.fake_quant_with_min_max_vars(w, lo, hi, narrow_range=True))
        tf.nn.softmax(logits, name="output")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["output"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["q_tf1_contrib_quantize_graph_util_frozen"] = ["output"]


@model("q_frozen_xnor_net_binary_conv", "frozen-pb", "frozen GraphDef (freeze_function) of an XNOR-Net-style CNN, float [None,32,32,3]: first conv float; binary convs use tf.sign of the input activations (after BatchNorm written as scale / offset Variables) scaled by K = avg_pool of mean |x| over channels, and tf.sign of the kernel times alpha = mean |w| per output channel; conv2d SAME, relu, max_pool x2; final float matmul 10 logits")
def b_frozen_xnor(out):
    rng = np.random.default_rng(64)
    first = tf.Variable(_he(rng, (3, 3, 3, 16)))
    layers, cin = [], 16
    for f in (32, 64):
        layers.append((tf.Variable(_he(rng, (3, 3, cin, f))), tf.Variable(np.ones(cin, "float32")),
                       tf.Variable(np.zeros(cin, "float32"))))
        cin = f
    fc = tf.Variable(_he(rng, (64, 10)))

    def fn(image):
        x = tf.nn.relu(tf.nn.conv2d(image, first, 1, "SAME"))
        for w, gamma, beta in layers:
            x = x * gamma + beta
            k = tf.nn.avg_pool2d(tf.reduce_mean(tf.abs(x), -1, keepdims=True), 3, 1, "SAME")
            alpha = tf.reduce_mean(tf.abs(w), axis=[0, 1, 2])
            y = tf.nn.conv2d(tf.sign(x), tf.sign(w), 1, "SAME") * k * alpha
            x = tf.nn.max_pool2d(tf.nn.relu(y), 2, 2, "VALID")
        return tf.matmul(tf.reduce_mean(x, [1, 2]), fc)
    freeze_function(fn, [tensor_spec([None, 32, 32, 3], name="image")], out)


OUTPUTS["q_frozen_xnor_net_binary_conv"] = ["Identity"]


@model("q_frozen_dscnn_kws_qdq_v2_b1", "frozen-pb", "frozen GraphDef (freeze_keras) of a DS-CNN keyword spotter with Lambda quantize_and_dequantize_v2 (QuantizeAndDequantizeV4 nodes, 8-bit, range_given) on activations: [-32,32] on the input, [0,6] after every ReLU (signed_input=False); float kernels; fixed float MFCC [1,49,10,1]; Conv2D (10,4) s2 + BN + ReLU, 3 depthwise / pointwise blocks with BN + ReLU, AveragePooling2D, Flatten, Dense(12)")
def b_frozen_dscnn_qdq(out):
    def qdq(lo, hi, signed):
        return lambda: L.Lambda(lambda t: tf.quantization.quantize_and_dequantize_v2(
            t, lo, hi, signed_input=signed, num_bits=8, range_given=True))
    inp = keras.Input((49, 10, 1), batch_size=1, name="mfcc")
    m = keras.Model(inp, _dscnn(qdq(-32.0, 32.0, True)()(inp), act_fq=qdq(0.0, 6.0, False)))
    freeze_keras(m, tensor_spec([1, 49, 10, 1], name="mfcc"), out)


OUTPUTS["q_frozen_dscnn_kws_qdq_v2_b1"] = ["Identity"]


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
