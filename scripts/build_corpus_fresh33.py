"""Build an independently made corpus into bench/out/fresh33/: dtypes, precision and export mechanics as production
teams meet them. Keras 3 mixed precision (mixed_float16 / mixed_bfloat16 global policies, set and restored around
each builder, and per-layer dtype policies) on CNNs, RNNs, a ViT and a transformer encoder, always with float32 output
layers; models whose inputs are uint8 images, int64 ids, int32 lengths, bool masks, float16 or float64 features,
complex64 IQ samples and strings; bfloat16 casts written by hand (TPU style: bfloat16 matmuls / convs between float32
normalization and softmax), in a tf.Module, a frozen TF2 function and a TF1 graph; float64 numerics (a leapfrog
n-body integrator in tf.while_loop, a Kalman filter, matrix exponential propagation under tf.scan, tf.linalg solve /
lstsq / slogdet / inv / qr / svd / eigh, cumulative sums under a global float64 policy); complex numbers
(keras.ops.rfft / irfft with a learned spectral filter, tf.signal.stft magnitudes into log-mel features, complex64
variables and inputs in a beamformer, fft2d circular convolution, float64 rfft -> complex128 spectral derivative);
integer arithmetic (tf.bitcast float bits and the fast inverse square root, tf.bitwise xor / shifts / and,
floormod / floor_divide of int64 timestamps and ids, tf.strings.to_hash_bucket_fast, int8 lookup tables);
hand-written weight quantization (int8 constants and int8 Keras variables dequantized with cast * per-channel scale,
uint8 weights with a zero point in TF1, int4 nibbles packed in uint8 unpacked with bitwise ops, float16 weights cast
up at run time); several signatures on one SavedModel with different input dtypes / shapes; polymorphic shapes (None
batch, None length, fully unknown rank); tf.Modules holding tf.Variable state with a read-only serve function and one
whose serve function updates a counter and an EMA; TF1 tf.compat.v1 placeholders of many dtypes frozen to .pb and a
TF1 SavedModel; hard-coded device strings (/device:CPU:0, /device:GPU:0) on some ops. No tf.py_function /
tf.numpy_function. Exported as Keras 3 model.export (fixed batch 1 mostly, some dynamic batch),
keras.export.ExportArchive, tf.saved_model.save of tf.Modules with explicit signatures, TF2 functions frozen with
convert_variables_to_constants_v2 and TF1 graphs frozen with graph_util.convert_variables_to_constants. Seeded random
weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh33.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh33.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh33.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh33.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh33.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys
from contextlib import contextmanager

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec, tf1_saved_model

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh33", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need real values (ids in range, lengths, masks, strings, step counts): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _name(out):
    """the model name of a driver temporary path"""
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out`"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_name(out)), sig)


@contextmanager
def _policy(name):
    """set the Keras global dtype policy for one builder and restore the previous one afterwards"""
    old = keras.config.dtype_policy()
    keras.config.set_dtype_policy(name)
    try:
        yield
    finally:
        keras.config.set_dtype_policy(old)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _save_module(out, mod, **sigs):
    """run each signature (bound tf.function methods of `mod`) once, then tf.saved_model.save(mod, signatures=...)"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    tf.saved_model.save(mod, str(out), signatures=sigs)


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps batch 1 by passing
    an explicit input_signature (model.export relaxes the batch to None otherwise)"""
    specs = [tensor_spec([1 if fixed else None, *t.shape[1:]], t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=(specs if len(specs) == 1 else [specs]) if fixed else None)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names (device
    fields kept)"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    with v1.Session(graph=g, config=v1.ConfigProto(allow_soft_placement=True)) as s:
        s.run(init)
        s.run(outputs, {phs[k]: v.numpy() for k, v in vals.items()})
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_dense(x, name, cout, act=None, dtype=None):
    """TF1 dense layer: get_variable weights (glorot) / biases (zeros), matmul + bias, optional activation"""
    v1 = tf.compat.v1
    dtype = dtype or x.dtype
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], dtype, initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], dtype, initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _params(sizes, seed, dtype="float32", name="mlp"):
    """an MLP kept as a list of (weight, bias) tf.Variables, glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype(dtype), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, dtype), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, act=None):
    """apply _params: matmul + bias, `act` (relu) between layers, linear last layer"""
    act = act or tf.nn.relu
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = act(x) if i < len(params) - 1 else x
    return x


def _quant_sym_per_channel(w, axis=-1, bits=8):
    """symmetric per-channel quantization in numpy: int values (int8 range) and float32 scales along `axis`"""
    red = tuple(i for i in range(w.ndim) if i != (axis % w.ndim))
    qmax = 2 ** (bits - 1) - 1
    scale = np.maximum(np.abs(w).max(axis=red), 1e-8) / qmax
    q = np.clip(np.round(w / np.expand_dims(scale, red)), -qmax - 1, qmax).astype("int8")
    return q, scale.astype("float32")


# ================================================================================ Keras 3 mixed precision

@model("f33_mixed_f16_cnn_uint8_batch1", "keras-export", "camera classifier built under the global mixed_float16 policy, uint8 image [1,32,32,3]: the functional model casts the uint8 input straight to float16 (the compute dtype) and Rescaling(1/255) scales in float16, Conv2D 16 / 32 (stride 2) + BatchNormalization + ReLU, GlobalAveragePooling2D, Dense(10, dtype float32) + softmax float32; model.export with fixed batch 1")
def b_mixed_f16_cnn(out):
    with _policy("mixed_float16"):
        inp = keras.Input((32, 32, 3), dtype="uint8", name="image")
        x = L.Rescaling(1.0 / 255)(inp)
        for f in (16, 32):
            x = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=2, padding="same", use_bias=False)(x)))
        x = L.GlobalAveragePooling2D()(x)
        y = L.Activation("softmax", dtype="float32", name="probs")(L.Dense(10, dtype="float32")(x))
        _export(keras.Model(inp, y), out, fixed=True)


@model("f33_mixed_bf16_resnet_dynamic_batch", "keras-export", "small ResNet built under the global mixed_bfloat16 policy (float32 variables, bfloat16 compute), float32 input [None,32,32,3]: stem Conv2D 16 + BN, two residual blocks (Conv2D-BN-ReLU-Conv2D-BN + Add, 1x1 projection on the strided one), GlobalAveragePooling2D, Dense(5, dtype float32) logits; model.export with dynamic batch")
def b_mixed_bf16_resnet(out):
    with _policy("mixed_bfloat16"):
        def block(x, f, s):
            y = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=s, padding="same", use_bias=False)(x)))
            y = L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(y))
            sc = x if s == 1 and x.shape[-1] == f else L.Conv2D(f, 1, strides=s, use_bias=False)(x)
            return L.ReLU()(L.Add()([y, sc]))
        inp = keras.Input((32, 32, 3), name="image")
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 3, padding="same", use_bias=False)(inp)))
        x = block(block(x, 16, 1), 32, 2)
        y = L.Dense(5, dtype="float32", name="logits")(L.GlobalAveragePooling2D()(x))
        _export(keras.Model(inp, y), out)


@model("f33_mixed_f16_lstm_int64_ids_batch1", "keras-export", "intent classifier built under mixed_float16, token ids int64 [1,16]: Embedding(500, 32) (float32 variables, float16 output), LSTM(32) in float16, Dense(3, dtype float32) + softmax float32; model.export with fixed batch 1")
def b_mixed_f16_lstm(out):
    with _policy("mixed_float16"):
        inp = keras.Input((16,), dtype="int64", name="token_ids")
        x = L.LSTM(32)(L.Embedding(500, 32)(inp))
        y = L.Activation("softmax", dtype="float32")(L.Dense(3, dtype="float32")(x))
        _export(keras.Model(inp, y), out, fixed=True)


FEEDS["f33_mixed_f16_lstm_int64_ids_batch1"] = {"token_ids": (1, 500)}


@model("f33_mixed_bf16_transformer_bool_mask", "keras-export", "one-block transformer encoder built under mixed_bfloat16, token_ids int32 [1,16] and padding_mask bool [1,16]: token Embedding(300, 32) + learned position table (custom layer add_weight, keras.ops.arange), attention mask = mask[:,None,:] & mask[:,:,None] with keras.ops.logical_and, MultiHeadAttention(2 heads, key_dim 16) + LayerNorm + Dense 64 / 32 FFN + LayerNorm, masked mean pooling (mask cast to bfloat16), Dense(2, dtype float32); model.export with fixed batch 1")
def b_mixed_bf16_transformer(out):
    class PositionEmbedding(L.Layer):
        def build(self, shape):
            self.table = self.add_weight(shape=(shape[1], shape[2]), initializer="random_normal", name="pos_table")

        def call(self, x):
            return x + ops.take(self.table, ops.arange(ops.shape(x)[1]), axis=0)[None]

    with _policy("mixed_bfloat16"):
        ids = keras.Input((16,), dtype="int32", name="token_ids")
        mask = keras.Input((16,), dtype="bool", name="padding_mask")
        x = PositionEmbedding()(L.Embedding(300, 32)(ids))
        att_mask = L.Lambda(lambda m: ops.logical_and(m[:, None, :], m[:, :, None]), output_shape=(16, 16))(mask)
        a = L.MultiHeadAttention(2, 16)(x, x, attention_mask=att_mask)
        x = L.LayerNormalization()(L.Add()([x, a]))
        f = L.Dense(32)(L.Dense(64, activation="gelu")(x))
        x = L.LayerNormalization()(L.Add()([x, f]))
        pooled = L.Lambda(lambda t: ops.sum(t[0] * ops.cast(t[1], t[0].dtype)[..., None], axis=1)
                          / ops.maximum(ops.sum(ops.cast(t[1], t[0].dtype), axis=1, keepdims=True), 1.0),
                          output_shape=(32,))([x, mask])
        y = L.Dense(2, dtype="float32", name="logits")(pooled)
        _export(keras.Model([ids, mask], y), out, fixed=True)


FEEDS["f33_mixed_bf16_transformer_bool_mask"] = lambda rng: {"token_ids": (1, 300), "padding_mask": (np.arange(16) < 11)[None]}


@model("f33_mixed_f16_gru_int32_lengths", "keras-export", "sensor-sequence regressor built under mixed_float16, features float32 [None,20,8] and lengths int32 [None]: Lambda builds the bool step mask keras.ops.arange(20) < lengths[:, None], GRU(24) in float16 consumes it via mask=, Dense(16, relu), Dense(1, dtype float32); model.export with dynamic batch")
def b_mixed_f16_gru(out):
    with _policy("mixed_float16"):
        x_in = keras.Input((20, 8), name="features")
        n_in = keras.Input((), dtype="int32", name="lengths")
        mask = L.Lambda(lambda n: ops.arange(20)[None, :] < n[:, None], output_shape=(20,))(n_in)
        h = L.GRU(24)(x_in, mask=mask)
        y = L.Dense(1, dtype="float32", name="prediction")(L.Dense(16, activation="relu")(h))
        _export(keras.Model([x_in, n_in], y), out)


FEEDS["f33_mixed_f16_gru_int32_lengths"] = {"lengths": (3, 21)}


@model("f33_mixed_bf16_mlp_archive_three_dtypes", "keras-export", "tabular MLP built under mixed_bfloat16 (Dense 64 / 32 bfloat16 compute, Dense(4, dtype float32) + softmax float32), exported with keras.export.ExportArchive and three endpoints: serve float32 [None,32] (serving_default), serve_float16 float16 [None,32] and serve_float64 float64 [None,32], both tf.cast to float32 before the model; the float64 endpoint casts the probabilities back to float64")
def b_mixed_bf16_archive(out):
    with _policy("mixed_bfloat16"):
        inp = keras.Input((32,), name="features")
        x = L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(inp))
        m = keras.Model(inp, L.Activation("softmax", dtype="float32")(L.Dense(4, dtype="float32")(x)))
        specs = {d: tensor_spec([None, 32], d, "features") for d in ("float32", "float16", "float64")}
        m(_feed(out, [specs["float32"]])["features"], training=False)
        archive = keras.export.ExportArchive()
        archive.track(m)
        archive.add_endpoint("serve", lambda features: m(features, training=False), input_signature=[specs["float32"]])
        archive.add_endpoint("serve_float16", lambda features: m(tf.cast(features, tf.float32), training=False),
                             input_signature=[specs["float16"]])
        archive.add_endpoint("serve_float64",
                             lambda features: tf.cast(m(tf.cast(features, tf.float32), training=False), tf.float64),
                             input_signature=[specs["float64"]])
        archive.write_out(str(out), verbose=False)


@model("f33_float16_input_conv1d_mixed_f16_batch1", "keras-export", "keyword spotter fed float16 log-mel features [1,100,40] (the front end already runs in half precision), built under mixed_float16: Conv1D 32 / 64 (kernel 5, stride 2) + BatchNormalization, GlobalAveragePooling1D, Dense(12, dtype float32) + softmax float32; model.export with fixed batch 1")
def b_f16_input_conv1d(out):
    with _policy("mixed_float16"):
        inp = keras.Input((100, 40), dtype="float16", name="log_mel")
        x = inp
        for f in (32, 64):
            x = L.BatchNormalization()(L.Conv1D(f, 5, strides=2, padding="same", activation="relu")(x))
        x = L.GlobalAveragePooling1D()(x)
        y = L.Activation("softmax", dtype="float32", name="probs")(L.Dense(12, dtype="float32")(x))
        _export(keras.Model(inp, y), out, fixed=True)


@model("f33_mixed_bf16_mobilenet_frozen", "frozen-pb", "MobileNet-style net with per-layer dtype='mixed_bfloat16' (Conv2D stem stride 2, DepthwiseConv2D + 1x1 Conv2D blocks, BatchNormalization, ReLU6), GlobalAveragePooling2D, Dense(6, dtype float32), frozen with convert_variables_to_constants_v2 at float [1,48,48,3]: the GraphDef carries the Cast to / from bfloat16 around every layer")
def b_mixed_bf16_mobilenet(out):
    p = "mixed_bfloat16"
    inp = keras.Input((48, 48, 3), batch_size=1, name="image")
    x = L.ReLU(6.0, dtype=p)(L.BatchNormalization(dtype=p)(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False, dtype=p)(inp)))
    for f, s in ((24, 2), (32, 2), (32, 1)):
        x = L.ReLU(6.0, dtype=p)(L.BatchNormalization(dtype=p)(L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False, dtype=p)(x)))
        x = L.ReLU(6.0, dtype=p)(L.BatchNormalization(dtype=p)(L.Conv2D(f, 1, use_bias=False, dtype=p)(x)))
    y = L.Dense(6, dtype="float32")(L.GlobalAveragePooling2D(dtype=p)(x))
    m = keras.Model(inp, y)
    _freeze(lambda image: m(image, training=False), [tensor_spec([1, 48, 48, 3], name="image")], out)


OUTPUTS["f33_mixed_bf16_mobilenet_frozen"] = ["Identity"]


@model("f33_mixed_f16_vit_keras_ops_patches", "keras-export", "tiny ViT built under mixed_float16, float32 image [None,32,32,3]: custom Patches layer (keras.ops.reshape / transpose into 16 patches of 8x8x3), Dense(48) patch embedding, custom layer adding a class token and position table (add_weight, autocast to float16 in call), 2 pre-norm blocks of MultiHeadAttention(3 heads, key_dim 16) + Dense 96 gelu / 48 MLP, LayerNorm, class token -> Dense(10, dtype float32); model.export with dynamic batch")
def b_mixed_f16_vit(out):
    class Patches(L.Layer):
        def call(self, x):
            x = ops.reshape(x, (-1, 4, 8, 4, 8, 3))
            return ops.reshape(ops.transpose(x, (0, 1, 3, 2, 4, 5)), (-1, 16, 8 * 8 * 3))

    class ClassTokenPosition(L.Layer):
        def build(self, shape):
            self.cls = self.add_weight(shape=(1, 1, shape[-1]), initializer="zeros", name="cls")
            self.pos = self.add_weight(shape=(1, shape[1] + 1, shape[-1]), initializer="random_normal", name="pos")

        def call(self, x):
            cls = ops.zeros_like(x[:, :1, :]) + self.cls
            return ops.concatenate([cls, x], axis=1) + self.pos

    with _policy("mixed_float16"):
        inp = keras.Input((32, 32, 3), name="image")
        x = ClassTokenPosition()(L.Dense(48)(Patches()(inp)))
        for _ in range(2):
            h = L.LayerNormalization()(x)
            x = L.Add()([x, L.MultiHeadAttention(3, 16)(h, h)])
            h = L.LayerNormalization()(x)
            x = L.Add()([x, L.Dense(48)(L.Dense(96, activation="gelu")(h))])
        cls = L.Lambda(lambda t: t[:, 0], output_shape=(48,))(L.LayerNormalization()(x))
        _export(keras.Model(inp, L.Dense(10, dtype="float32", name="logits")(cls)), out)


# ================================================================================ bfloat16 casts written by hand

@model("f33_bf16_manual_cast_mlp_module", "tf-module", "TPU-style MLP in a tf.Module with float32 tf.Variables: input float32 [None,64] tf.cast to bfloat16, each layer tf.cast(w, bfloat16) matmul + bias + relu in bfloat16, logits tf.cast back to float32, float32 log_softmax / softmax; outputs probabilities and log_probs float32 and the bfloat16 hidden state cast to float32")
def b_bf16_mlp(out):
    params = _params([64, 128, 64, 8], 10, name="bf16_mlp")

    @tf.function(input_signature=[tensor_spec([None, 64], name="features")])
    def serve(features):
        h = tf.cast(features, tf.bfloat16)
        hidden = None
        for i, (w, b) in enumerate(params):
            h = tf.matmul(h, tf.cast(w, tf.bfloat16)) + tf.cast(b, tf.bfloat16)
            if i < len(params) - 1:
                h = tf.nn.relu(h)
                hidden = h
        logits = tf.cast(h, tf.float32)
        return {"probabilities": tf.nn.softmax(logits), "log_probs": tf.nn.log_softmax(logits),
                "hidden": tf.cast(hidden, tf.float32)}
    _save(out, {"params": params}, serving_default=serve)


@model("f33_bf16_conv_const_weights_frozen", "frozen-pb", "TPU-style conv net frozen with convert_variables_to_constants_v2: image float32 [1,32,32,3] cast to bfloat16, tf.nn.conv2d with bfloat16 kernels (tf.Variables created in bfloat16) + relu, tf.cast to float32 for tf.nn.batch_normalization with float32 moments, cast back to bfloat16 for a second stride-2 conv, tf.reduce_mean in float32, float32 dense head -> logits [1,4]")
def b_bf16_conv_frozen(out):
    rng = np.random.default_rng(11)
    k1 = tf.Variable(tf.cast(rng.normal(0, 0.2, (3, 3, 3, 16)), tf.bfloat16), name="conv1_kernel")
    k2 = tf.Variable(tf.cast(rng.normal(0, 0.1, (3, 3, 16, 32)), tf.bfloat16), name="conv2_kernel")
    mean, var = tf.Variable(rng.normal(0, 0.1, 16).astype("float32")), tf.Variable(rng.uniform(0.5, 1.5, 16).astype("float32"))
    gamma, beta = tf.Variable(np.ones(16, "float32")), tf.Variable(np.zeros(16, "float32"))
    w, b = tf.Variable(rng.normal(0, 0.2, (32, 4)).astype("float32")), tf.Variable(np.zeros(4, "float32"))

    def fn(image):
        h = tf.nn.relu(tf.nn.conv2d(tf.cast(image, tf.bfloat16), k1, 1, "SAME"))
        h = tf.nn.batch_normalization(tf.cast(h, tf.float32), mean, var, beta, gamma, 1e-3)
        h = tf.nn.relu(tf.nn.conv2d(tf.cast(h, tf.bfloat16), k2, 2, "SAME"))
        return tf.matmul(tf.reduce_mean(tf.cast(h, tf.float32), axis=[1, 2]), w) + b
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["f33_bf16_conv_const_weights_frozen"] = ["Identity"]


@model("f33_tf1_bf16_dense_frozen", "frozen-pb", "TF1 graph (tf.compat.v1 placeholders, get_variable) frozen with graph_util.convert_variables_to_constants: features float32 [None,20] and segment int32 [None]; two dense layers computed in bfloat16 by tf.cast of inputs and float32 variables, logits cast back to float32, a per-segment float32 bias gathered by the int32 segment id, softmax 'probabilities' and argmax 'label' (int64)")
def b_tf1_bf16(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 20], name="features")
        seg = v1.placeholder(tf.int32, [None], name="segment")
        h = tf.cast(x, tf.bfloat16)
        for i, (cout, act) in enumerate(((32, tf.nn.relu), (5, None))):
            with v1.variable_scope(f"dense{i}"):
                w = v1.get_variable("weights", [int(h.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
                h = tf.matmul(h, tf.cast(w, tf.bfloat16)) + tf.cast(b, tf.bfloat16)
                h = act(h) if act else h
        seg_bias = v1.get_variable("segment_bias", [4, 5], initializer=v1.random_normal_initializer(0, 0.1))
        logits = tf.cast(h, tf.float32) + tf.gather(seg_bias, seg)
        probs = tf.nn.softmax(logits, name="probabilities")
        return [probs, tf.argmax(probs, axis=-1, name="label")]
    _v1_freeze(out, build)


OUTPUTS["f33_tf1_bf16_dense_frozen"] = ["probabilities", "label"]
FEEDS["f33_tf1_bf16_dense_frozen"] = {"segment": (0, 4)}


# ================================================================================ float64 numerics

@model("f33_f64_leapfrog_nbody_while", "tf-module", "float64 gravitational n-body integrator as a tf.Module: positions float64 [None,3], velocities float64 [None,3], masses float64 [None], dt float64 [], num_steps int32 []; kick-drift-kick leapfrog in a tf.while_loop over num_steps with softened pairwise accelerations (broadcast differences, tf.linalg.set_diag), trainable float64 tf.Variables G and softening; outputs positions, velocities, total energy (kinetic + pairwise potential, float64) and steps_taken int32")
def b_nbody(out):
    G = tf.Variable(np.float64(1.0), name="G")
    eps = tf.Variable(np.float64(0.05), name="softening")

    def accel(x, m):
        d = x[None, :, :] - x[:, None, :]
        r2 = tf.reduce_sum(d * d, -1) + eps ** 2
        inv3 = tf.linalg.set_diag(r2 ** -1.5, tf.zeros_like(m))
        return G * tf.reduce_sum(d * (inv3 * m[None, :])[..., None], axis=1)

    @tf.function(input_signature=[tensor_spec([None, 3], "float64", "positions"), tensor_spec([None, 3], "float64", "velocities"),
                                  tensor_spec([None], "float64", "masses"), tensor_spec([], "float64", "dt"),
                                  tensor_spec([], "int32", "num_steps")])
    def serve(positions, velocities, masses, dt, num_steps):
        def body(i, x, v):
            v = v + 0.5 * dt * accel(x, masses)
            x = x + dt * v
            return i + 1, x, v + 0.5 * dt * accel(x, masses)
        i, x, v = tf.while_loop(lambda i, x, v: i < num_steps, body, [tf.constant(0), positions, velocities])
        d = x[None] - x[:, None]
        r = tf.sqrt(tf.reduce_sum(d * d, -1) + eps ** 2)
        pot = -0.5 * G * tf.reduce_sum(tf.linalg.set_diag(masses[:, None] * masses[None] / r, tf.zeros_like(masses)))
        kin = 0.5 * tf.reduce_sum(masses * tf.reduce_sum(v * v, -1))
        return {"positions": x, "velocities": v, "energy": kin + pot, "steps_taken": i}
    _save(out, {"params": [G, eps]}, serving_default=serve)


FEEDS["f33_f64_leapfrog_nbody_while"] = lambda rng: {
    "positions": rng.normal(0, 1, (6, 3)), "velocities": rng.normal(0, 0.1, (6, 3)), "masses": rng.uniform(0.5, 1.5, 6),
    "dt": 0.01, "num_steps": 8}


@model("f33_f64_policy_cumsum_returns_batch1", "keras-export", "risk model built under the global 'float64' Keras policy (float64 variables and compute), daily prices float64 [1,30,4]: Lambda keras.ops log-returns (log of ratio of shifted prices) and keras.ops.cumsum cumulative returns, Concatenate, Conv1D(8, 3) tanh, GRU(8), Dense(1) float64 -> value-at-risk style output; model.export with fixed batch 1")
def b_f64_policy(out):
    with _policy("float64"):
        inp = keras.Input((30, 4), dtype="float64", name="prices")
        rets = L.Lambda(lambda p: ops.log(p[:, 1:] / p[:, :-1]), output_shape=(29, 4))(inp)
        cum = L.Lambda(lambda r: ops.cumsum(r, axis=1), output_shape=(29, 4))(rets)
        x = L.Conv1D(8, 3, activation="tanh")(L.Concatenate()([rets, cum]))
        y = L.Dense(1, name="risk")(L.GRU(8)(x))
        _export(keras.Model(inp, y), out, fixed=True)


FEEDS["f33_f64_policy_cumsum_returns_batch1"] = lambda rng: {"prices": 100 * np.exp(np.cumsum(rng.normal(0, 0.01, (1, 30, 4)), 1))}


@model("f33_f64_linalg_suite_two_signatures", "tf-module", "float64 linear-algebra service, tf.Module with two signatures sharing a learned float64 [4,4] mixing matrix: serving_default solve(a float64 [None,4,4], b float64 [None,4,1]) -> tf.linalg.solve of the diagonally loaded system, tf.linalg.lstsq (fast=False), tf.linalg.inv, tf.linalg.slogdet sign / log|det|, tf.linalg.det; decompose(m float64 [None,4,4]) -> tf.linalg.qr R, tf.linalg.svd singular values, tf.linalg.eigh of the symmetric part, tf.linalg.cholesky of m m^T + I, tf.linalg.trace")
def b_linalg(out):
    mix = tf.Variable(np.eye(4) + 0.1 * np.random.default_rng(12).normal(size=(4, 4)), name="mixing")

    @tf.function(input_signature=[tensor_spec([None, 4, 4], "float64", "a"), tensor_spec([None, 4, 1], "float64", "b")])
    def solve(a, b):
        a = tf.matmul(a, mix) + 4.0 * tf.eye(4, dtype=tf.float64)
        sign, logdet = tf.linalg.slogdet(a)
        return {"x": tf.linalg.solve(a, b), "x_lstsq": tf.linalg.lstsq(a, b, fast=False), "inverse": tf.linalg.inv(a),
                "sign": sign, "log_abs_det": logdet, "det": tf.linalg.det(a)}

    @tf.function(input_signature=[tensor_spec([None, 4, 4], "float64", "m")])
    def decompose(m):
        m = tf.matmul(m, mix)
        _, r = tf.linalg.qr(m)
        e, v = tf.linalg.eigh(0.5 * (m + tf.linalg.matrix_transpose(m)))
        chol = tf.linalg.cholesky(tf.matmul(m, m, transpose_b=True) + tf.eye(4, dtype=tf.float64))
        return {"r": r, "singular_values": tf.linalg.svd(m, compute_uv=False), "eigenvalues": e, "eigenvectors": v,
                "cholesky": chol, "trace": tf.linalg.trace(m)}
    _save(out, {"mixing": mix}, serving_default=solve, decompose=decompose)


@model("f33_tf1_kalman_filter_f64_frozen", "frozen-pb", "constant-velocity Kalman filter in a TF1 graph, all float64: placeholders observations float64 [1,20,2] and initial_state float64 [1,4]; get_variable float64 F (4x4), H (2x4), log-diagonal Q and R; 20 predict / update steps unrolled in Python with tf.linalg.inv of the innovation covariance; frozen with graph_util.convert_variables_to_constants -> filtered_states [1,20,4], final_covariance [4,4] and log_likelihood")
def b_kalman(out):
    def build():
        v1 = tf.compat.v1
        f64 = tf.float64
        obs = v1.placeholder(f64, [1, 20, 2], name="observations")
        x = tf.transpose(v1.placeholder(f64, [1, 4], name="initial_state"))
        dt = 0.1
        F = v1.get_variable("F", dtype=f64, initializer=tf.constant(
            [[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]], f64))
        H = v1.get_variable("H", dtype=f64, initializer=tf.constant([[1, 0, 0, 0], [0, 1, 0, 0]], f64))
        Q = tf.linalg.diag(tf.exp(v1.get_variable("log_q", dtype=f64, initializer=tf.constant([-4.0] * 4, f64))))
        R = tf.linalg.diag(tf.exp(v1.get_variable("log_r", dtype=f64, initializer=tf.constant([-2.0] * 2, f64))))
        P, states, ll = tf.eye(4, dtype=f64), [], tf.constant(0.0, f64)
        for t in range(20):
            x, P = tf.matmul(F, x), tf.matmul(tf.matmul(F, P), F, transpose_b=True) + Q
            y = tf.transpose(obs[:, t]) - tf.matmul(H, x)
            S = tf.matmul(tf.matmul(H, P), H, transpose_b=True) + R
            S_inv = tf.linalg.inv(S)
            K = tf.matmul(tf.matmul(P, H, transpose_b=True), S_inv)
            x, P = x + tf.matmul(K, y), tf.matmul(tf.eye(4, dtype=f64) - tf.matmul(K, H), P)
            ll += -0.5 * (tf.squeeze(tf.matmul(tf.matmul(y, S_inv, transpose_a=True), y)) + tf.math.log(tf.linalg.det(S)))
            states.append(tf.transpose(x))
        return [tf.stack(states, axis=1, name="filtered_states"), tf.identity(P, name="final_covariance"),
                tf.identity(ll, name="log_likelihood")]
    _v1_freeze(out, build)


OUTPUTS["f33_tf1_kalman_filter_f64_frozen"] = ["filtered_states", "final_covariance", "log_likelihood"]


@model("f33_f64_expm_scan_linear_ode_frozen", "frozen-pb", "float64 linear ODE propagator frozen with convert_variables_to_constants_v2: state float64 [None,6], dt float64 []; a learned float64 system matrix (tf.Variable) A, transition Phi = tf.linalg.expm(A dt), 12 steps of x <- x Phi^T in tf.scan (lowered to a While loop), plus the squared norm x^T x per step -> trajectory [12,None,6], energy [12,None]; lowering the scan loop left 22 dangling unused_control_flow_input placeholders in the GraphDef")
def b_expm(out):
    rng = np.random.default_rng(17)
    a = rng.normal(0, 0.3, (6, 6))
    A = tf.Variable(a - a.T - 0.1 * np.eye(6), name="system_matrix")

    def fn(state, dt):
        phi = tf.linalg.expm(A * dt)
        traj = tf.scan(lambda x, _: tf.matmul(x, phi, transpose_b=True), tf.range(12), initializer=state)
        return traj, tf.reduce_sum(traj * traj, axis=-1)
    _freeze(fn, [tensor_spec([None, 6], "float64", "state"), tensor_spec([], "float64", "dt")], out)


FEEDS["f33_f64_expm_scan_linear_ode_frozen"] = {"dt": 0.1}
OUTPUTS["f33_f64_expm_scan_linear_ode_frozen"] = ["Identity", "Identity_1"]


# ================================================================================ complex numbers

@model("f33_keras_ops_rfft_spectral_filter_batch1", "keras-export", "learned spectral denoiser with keras.ops, signal float32 [1,256]: custom layer keras.ops.rfft -> (real, imag) of 129 bins, complex multiply by learned real / imaginary gains (add_weight) written out as (a+ib)(c+id), keras.ops.irfft(fft_length=256) back to the time domain, plus a Dense(8) head on the log power spectrum (keras.ops.log1p of real^2 + imag^2); model.export with fixed batch 1")
def b_rfft_keras(out):
    class SpectralFilter(L.Layer):
        def build(self, shape):
            n = shape[-1] // 2 + 1
            self.gr = self.add_weight(shape=(n,), initializer="ones", name="gain_real")
            self.gi = self.add_weight(shape=(n,), initializer=keras.initializers.RandomNormal(0, 0.05), name="gain_imag")

        def call(self, x):
            re, im = ops.rfft(x)
            yr, yi = re * self.gr - im * self.gi, re * self.gi + im * self.gr
            return ops.irfft((yr, yi), fft_length=x.shape[-1]), ops.log1p(re * re + im * im)

    inp = keras.Input((256,), name="signal")
    denoised, power = SpectralFilter()(inp)
    cls = L.Dense(8, name="class_logits")(L.Dense(32, activation="relu")(power))
    _export(keras.Model(inp, {"denoised": denoised, "class_logits": cls}), out, fixed=True)


@model("f33_stft_logmel_cnn_module", "tf-module", "audio event classifier in a tf.Module, waveform float32 [None,4000] (8 kHz, 0.5 s): tf.signal.stft(256, 128, fft 256, hann) complex64, tf.abs magnitudes and tf.math.angle phases, tf.signal.linear_to_mel_weight_matrix(32 bins) via tf.tensordot, log(mel + 1e-6), Keras Conv2D 8 / 16 + MaxPooling2D, GlobalAveragePooling2D, Dense(5); outputs probabilities, log_mel [None,30,32] and mean phase")
def b_stft(out):
    inp = keras.Input((30, 32, 1))
    x = L.MaxPooling2D()(L.Conv2D(8, 3, padding="same", activation="relu")(inp))
    x = L.GlobalAveragePooling2D()(L.Conv2D(16, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(5)(x))
    mel = tf.signal.linear_to_mel_weight_matrix(32, 129, 8000, 20.0, 4000.0)

    @tf.function(input_signature=[tensor_spec([None, 4000], name="waveform")])
    def serve(waveform):
        spec = tf.signal.stft(waveform, 256, 128, 256, window_fn=tf.signal.hann_window)
        log_mel = tf.math.log(tf.tensordot(tf.abs(spec), mel, 1) + 1e-6)
        return {"probabilities": tf.nn.softmax(net(log_mel[..., None], training=False)), "log_mel": log_mel,
                "mean_phase": tf.reduce_mean(tf.math.angle(spec), axis=[1, 2])}
    _save(out, {"model": net}, serving_default=serve)


@model("f33_complex64_beamformer_two_signatures", "tf-module", "antenna-array beamformer with complex64 state: complex64 tf.Variable steering weights [8,4] (4 beams); serving_default takes iq_samples complex64 [None,8,64] directly, serve_real_imag takes real / imag float32 [None,8,64] and builds them with tf.complex; beam outputs by tf.einsum with tf.math.conj(weights), tf.abs power (float32), tf.math.angle phases, tf.math.real / imag of the strongest beam gathered by argmax")
def b_beamformer(out):
    rng = np.random.default_rng(20)
    ang = rng.uniform(-np.pi, np.pi, (8, 4))
    weights = tf.Variable((np.exp(1j * ang) / np.sqrt(8)).astype("complex64"), name="steering_weights")

    def beams(iq):
        y = tf.einsum("bas,ak->bks", iq, tf.math.conj(weights))
        power = tf.reduce_mean(tf.abs(y) ** 2, axis=-1)
        best = tf.gather(y, tf.argmax(power, axis=-1, output_type=tf.int32), batch_dims=1)
        return {"beam_power": power, "phase": tf.math.angle(y[:, :, 0]), "best_real": tf.math.real(best),
                "best_imag": tf.math.imag(best)}

    @tf.function(input_signature=[tensor_spec([None, 8, 64], "complex64", "iq_samples")])
    def serve(iq_samples):
        return beams(iq_samples)

    @tf.function(input_signature=[tensor_spec([None, 8, 64], name="real"), tensor_spec([None, 8, 64], name="imag")])
    def serve_real_imag(real, imag):
        return beams(tf.complex(real, imag))
    _save(out, {"weights": weights}, serving_default=serve, serve_real_imag=serve_real_imag)


FEEDS["f33_complex64_beamformer_two_signatures"] = lambda rng: {
    "iq_samples": (rng.normal(size=(2, 8, 64)) + 1j * rng.normal(size=(2, 8, 64))).astype("complex64")}


@model("f33_fft2d_circular_conv_frozen", "frozen-pb", "image deblurring by frequency-domain circular convolution, frozen with convert_variables_to_constants_v2: image float32 [1,32,32]; tf.complex(image, 0) -> tf.signal.fft2d, multiply by the fft2d of a learned 32x32 kernel (float32 tf.Variable made complex), tf.signal.ifft2d -> tf.math.real, plus the log magnitude spectrum after tf.signal.fftshift and a Wiener-style inverse using tf.math.conj / |K|^2")
def b_fft2d(out):
    rng = np.random.default_rng(21)
    k = np.zeros((32, 32), "float32")
    k[:3, :3] = rng.uniform(0, 1, (3, 3))
    kernel = tf.Variable(k / k.sum(), name="blur_kernel")

    def fn(image):
        X = tf.signal.fft2d(tf.complex(image, tf.zeros_like(image)))
        K = tf.signal.fft2d(tf.complex(kernel, tf.zeros_like(kernel)))[None]
        blurred = tf.math.real(tf.signal.ifft2d(X * K))
        wiener = tf.math.conj(K) / tf.cast(tf.abs(K) ** 2 + 1e-2, tf.complex64)
        restored = tf.math.real(tf.signal.ifft2d(X * wiener))
        return blurred, restored, tf.math.log1p(tf.abs(tf.signal.fftshift(X, axes=[1, 2])))
    _freeze(fn, [tensor_spec([1, 32, 32], name="image")], out)


OUTPUTS["f33_fft2d_circular_conv_frozen"] = ["Identity", "Identity_1", "Identity_2"]


@model("f33_f64_rfft_complex128_spectral_derivative", "tf-module", "spectral derivative on a periodic grid in float64, tf.Module: u float64 [None,128]; tf.signal.rfft of float64 gives complex128, multiply by i k (complex128 constant) and by -k^2, tf.signal.irfft back to float64 -> du_dx, d2u_dx2, plus a spectral low-pass via a learned float64 tf.Variable cutoff (sigmoid mask cast to complex128)")
def b_spectral_deriv(out):
    k = np.arange(65, dtype="float64")  # wavenumbers of a 2*pi-periodic grid of 128 points
    cutoff = tf.Variable(np.float64(40.0), name="cutoff")

    @tf.function(input_signature=[tensor_spec([None, 128], "float64", "u")])
    def serve(u):
        U = tf.signal.rfft(u)
        ik = tf.constant(1j * k, tf.complex128)
        mask = tf.cast(tf.sigmoid((cutoff - tf.constant(k)) / 2.0), tf.complex128)
        return {"du_dx": tf.signal.irfft(ik * U, fft_length=[128]), "d2u_dx2": tf.signal.irfft(ik * ik * U, fft_length=[128]),
                "smoothed": tf.signal.irfft(mask * U, fft_length=[128]), "spectrum_abs": tf.abs(U)}
    _save(out, {"cutoff": cutoff}, serving_default=serve)


# ================================================================================ integer arithmetic

@model("f33_int64_id_hash_bitwise_embedding", "tf-module", "recommender scoring raw int64 ids, tf.Module: user_id int64 [None], item_id int64 [None]; ids mixed with tf.bitwise.bitwise_xor / right_shift / left_shift and an int64 multiply (wrapping), tf.math.floormod into 1000 buckets, cast to int32, tf.gather from float32 embedding tf.Variables [1000,16]; dot product + bias -> sigmoid score, and the bucket ids (int64) returned")
def b_id_hash(out):
    rng = np.random.default_rng(30)
    u_emb = tf.Variable(rng.normal(0, 0.1, (1000, 16)).astype("float32"), name="user_embedding")
    i_emb = tf.Variable(rng.normal(0, 0.1, (1000, 16)).astype("float32"), name="item_embedding")
    bias = tf.Variable(np.float32(0.0), name="bias")

    def mix(x, salt):
        x = tf.bitwise.bitwise_xor(x, tf.constant(salt, tf.int64))
        x = tf.bitwise.bitwise_xor(x, tf.bitwise.right_shift(x, tf.constant(33, tf.int64)))
        x = x * tf.constant(0x62A9D9ED799705F5, tf.int64)
        x = tf.bitwise.bitwise_xor(x, tf.bitwise.left_shift(x, tf.constant(7, tf.int64)))
        return tf.math.floormod(x, tf.constant(1000, tf.int64))

    @tf.function(input_signature=[tensor_spec([None], "int64", "user_id"), tensor_spec([None], "int64", "item_id")])
    def serve(user_id, item_id):
        ub, ib = mix(user_id, 0x5BD1E995), mix(item_id, 0x1B873593)
        u, i = tf.gather(u_emb, tf.cast(ub, tf.int32)), tf.gather(i_emb, tf.cast(ib, tf.int32))
        return {"score": tf.sigmoid(tf.reduce_sum(u * i, -1) + bias), "user_bucket": ub, "item_bucket": ib}
    _save(out, {"vars": [u_emb, i_emb, bias]}, serving_default=serve)


FEEDS["f33_int64_id_hash_bitwise_embedding"] = {"user_id": (10 ** 9, 10 ** 12), "item_id": (0, 10 ** 15)}


@model("f33_string_hash_bucket_fast_bag", "tf-module", "query classifier on raw strings, tf.Module: query string [None]; tf.strings.lower, tf.strings.split into a RaggedTensor of words, tf.strings.to_hash_bucket_fast(2048) on the flat values (tf.ragged.map_flat_values), embedding gather, ragged reduce_mean to [None,16]; the whole query also hashed with to_hash_bucket_fast(64) into a one-hot domain feature; Dense layers -> probabilities [None,4] and word_count int64")
def b_hash_bucket(out):
    rng = np.random.default_rng(31)
    table = tf.Variable(rng.normal(0, 0.1, (2048, 16)).astype("float32"), name="word_embedding")
    head = _params([16 + 64, 32, 4], 32, name="head")

    @tf.function(input_signature=[tensor_spec([None], "string", "query")])
    def serve(query):
        words = tf.strings.split(tf.strings.lower(query))
        ids = tf.ragged.map_flat_values(tf.strings.to_hash_bucket_fast, words, 2048)
        emb = tf.ragged.map_flat_values(lambda i: tf.gather(table, i), ids)
        bag = tf.math.divide_no_nan(tf.reduce_sum(emb, axis=1), tf.cast(emb.row_lengths(), tf.float32)[:, None])
        domain = tf.one_hot(tf.strings.to_hash_bucket_fast(query, 64), 64)
        return {"probabilities": tf.nn.softmax(_mlp(head, tf.concat([bag, domain], -1))), "word_count": words.row_lengths()}
    _save(out, {"table": table, "head": head}, serving_default=serve)


FEEDS["f33_string_hash_bucket_fast_bag"] = {"query": ["Cheap Flights to Paris", "weather tomorrow", "buy running shoes size 42"]}


@model("f33_int64_timestamp_floormod_keras_batch1", "keras-export", "demand forecaster with calendar features computed in the model, timestamps int64 [1,24] (unix seconds) and values float32 [1,24,1]: Lambda keras.ops.mod / floor_divide for hour of day and (day + 4) mod 7 day of week (int64), Embedding(24, 4) and Embedding(7, 3), Concatenate with values, Conv1D(16, 3) causal, GlobalAveragePooling1D, Dense(1); model.export with fixed batch 1")
def b_timestamps(out):
    ts = keras.Input((24,), dtype="int64", name="timestamps")
    vals = keras.Input((24, 1), name="values")
    hour = L.Lambda(lambda t: ops.floor_divide(ops.mod(t, 86400), 3600), output_shape=(24,))(ts)
    dow = L.Lambda(lambda t: ops.mod(ops.floor_divide(t, 86400) + 4, 7), output_shape=(24,))(ts)
    x = L.Concatenate()([L.Embedding(24, 4)(hour), L.Embedding(7, 3)(dow), vals])
    x = L.GlobalAveragePooling1D()(L.Conv1D(16, 3, padding="causal", activation="relu")(x))
    _export(keras.Model([ts, vals], L.Dense(1, name="demand")(x)), out, fixed=True)


FEEDS["f33_int64_timestamp_floormod_keras_batch1"] = lambda rng: {"timestamps": 1_700_000_000 + 3600 * np.arange(24)[None]}


@model("f33_bitcast_float_bits_fast_rsqrt_frozen", "frozen-pb", "float-bit tricks frozen with convert_variables_to_constants_v2, x float32 [None,16]: tf.bitcast to int32, sign / exponent / mantissa by tf.bitwise.right_shift and bitwise_and, the Quake fast inverse square root (0x5f3759df - (bits >> 1), tf.bitcast back to float32, one Newton step) used to normalize, float features from the exponent fed with the normalized input to a small float32 MLP -> score [None,1]; also returns the exponent int32")
def b_bitcast(out):
    params = _params([32, 16, 1], 33, name="mlp")

    def fn(x):
        bits = tf.bitcast(x, tf.int32)
        exponent = tf.bitwise.bitwise_and(tf.bitwise.right_shift(bits, 23), 0xFF) - 127
        sign = tf.bitwise.bitwise_and(tf.bitwise.right_shift(bits, 31), 1)
        n2 = tf.reduce_sum(x * x, axis=-1, keepdims=True) + 1e-6
        y = tf.bitcast(0x5F3759DF - tf.bitwise.right_shift(tf.bitcast(n2, tf.int32), 1), tf.float32)
        y = y * (1.5 - 0.5 * n2 * y * y)
        feats = tf.concat([x * y, tf.cast(exponent, tf.float32) / 8.0 * tf.cast(1 - 2 * sign, tf.float32)], -1)
        return _mlp(params, feats), exponent
    _freeze(fn, [tensor_spec([None, 16], name="x")], out)


OUTPUTS["f33_bitcast_float_bits_fast_rsqrt_frozen"] = ["Identity", "Identity_1"]


@model("f33_int8_lookup_table_dequant_module", "tf-module", "on-device text model with an int8 embedding table, tf.Module: token_ids int32 [None,12]; tf.constant int8 table [800,24] with per-row float32 scales, tf.gather of int8 rows and scales, tf.cast to float32 * scale (dequantize), mean over tokens, float32 Dense 32 relu, logits; the output is also requantized by hand to int8 (round(logits / 0.05), clip_by_value [-128,127], cast int8)")
def b_int8_lookup(out):
    rng = np.random.default_rng(34)
    q, scale = _quant_sym_per_channel(rng.normal(0, 0.2, (800, 24)), axis=0)
    head = _params([24, 32, 6], 35, name="head")

    @tf.function(input_signature=[tensor_spec([None, 12], "int32", "token_ids")])
    def serve(token_ids):
        rows = tf.cast(tf.gather(tf.constant(q), token_ids), tf.float32) * tf.gather(tf.constant(scale), token_ids)[..., None]
        logits = _mlp(head, tf.reduce_mean(rows, axis=1))
        logits_q = tf.cast(tf.clip_by_value(tf.round(logits / 0.05), -128.0, 127.0), tf.int8)
        return {"logits": logits, "logits_int8": logits_q}
    _save(out, {"head": head}, serving_default=serve)


FEEDS["f33_int8_lookup_table_dequant_module"] = {"token_ids": (0, 800)}


@model("f33_tf1_int_dtypes_placeholders_frozen", "frozen-pb", "TF1 click model with placeholders of many dtypes, frozen with graph_util.convert_variables_to_constants: thumbnail uint8 [None,16,16,1] (tf.cast / 255, conv2d + relu + reduce_mean), category int64 [None] (tf.math.floormod 50 then get_variable embedding gather), impressions int32 [None] (log1p of the float cast), is_mobile bool [None] (tf.where on a learned offset), price float64 [None] (cast to float32); dense head -> click_prob 'output' and a bool 'is_click' = prob > 0.5")
def b_tf1_dtypes(out):
    def build():
        v1 = tf.compat.v1
        img = v1.placeholder(tf.uint8, [None, 16, 16, 1], name="thumbnail")
        cat = v1.placeholder(tf.int64, [None], name="category")
        imp = v1.placeholder(tf.int32, [None], name="impressions")
        mob = v1.placeholder(tf.bool, [None], name="is_mobile")
        price = v1.placeholder(tf.float64, [None], name="price")
        k = v1.get_variable("conv_kernel", [3, 3, 1, 8], initializer=v1.glorot_uniform_initializer())
        h_img = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(tf.cast(img, tf.float32) / 255.0, k, 1, "SAME")), axis=[1, 2])
        emb = v1.get_variable("category_embedding", [50, 8], initializer=v1.random_normal_initializer(0, 0.1))
        h_cat = tf.gather(emb, tf.math.floormod(cat, tf.constant(50, tf.int64)))
        offset = v1.get_variable("mobile_offset", [], initializer=v1.constant_initializer(0.3))
        h_mob = tf.where(mob, tf.ones_like(tf.cast(imp, tf.float32)) * offset, tf.zeros_like(tf.cast(imp, tf.float32)))
        h_num = tf.stack([tf.math.log1p(tf.cast(imp, tf.float32)), tf.cast(price, tf.float32), h_mob], axis=1)
        h = _v1_dense(tf.concat([h_img, h_cat, h_num], 1), "fc1", 16, tf.nn.relu)
        prob = tf.sigmoid(_v1_dense(h, "fc2", 1)[:, 0], name="output")
        return [prob, tf.greater(prob, 0.5, name="is_click")]
    _v1_freeze(out, build)


OUTPUTS["f33_tf1_int_dtypes_placeholders_frozen"] = ["output", "is_click"]
FEEDS["f33_tf1_int_dtypes_placeholders_frozen"] = lambda rng: {
    "category": (0, 10 ** 6), "impressions": (0, 5000), "is_mobile": rng.random(2) < 0.5}


# ================================================================================ hand-written weight quantization

@model("f33_int8_const_per_channel_conv_module", "tf-module", "weight-only int8 CNN in a tf.Module: conv / dense kernels stored as tf.constant int8 (symmetric per-output-channel quantization done in numpy) with float32 per-channel scale constants; at run time tf.cast(w_q, float32) * scale, tf.nn.conv2d 3x3 16 / 32 (stride 2) + bias + relu, global mean, dequantized dense -> logits; image float32 [None,32,32,3]")
def b_int8_conv(out):
    rng = np.random.default_rng(40)
    ws = [rng.normal(0, 0.2, (3, 3, 3, 16)), rng.normal(0, 0.1, (3, 3, 16, 32)), rng.normal(0, 0.2, (32, 10))]
    qs = [_quant_sym_per_channel(w) for w in ws]
    biases = [tf.Variable(np.zeros(w.shape[-1], "float32"), name=f"bias{i}") for i, w in enumerate(ws)]

    def deq(i):
        q, s = qs[i]
        return tf.cast(tf.constant(q, tf.int8), tf.float32) * tf.constant(s)

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], name="image")])
    def serve(image):
        h = tf.nn.relu(tf.nn.conv2d(image, deq(0), 1, "SAME") + biases[0])
        h = tf.nn.relu(tf.nn.conv2d(h, deq(1), 2, "SAME") + biases[1])
        return {"logits": tf.matmul(tf.reduce_mean(h, axis=[1, 2]), deq(2)) + biases[2]}
    _save(out, {"biases": biases}, serving_default=serve)


@model("f33_int8_variable_quant_dense_keras_batch1", "keras-export", "Keras model with a custom QuantDense layer holding an int8 kernel (add_weight dtype='int8', trainable=False, values set from a numpy per-channel quantization) and a float32 per-channel scale weight; call dequantizes with keras.ops.cast(kernel, 'float32') * scale then keras.ops.matmul + bias; features float32 [1,48] -> QuantDense 64 relu -> QuantDense 32 relu -> Dense(3) softmax; model.export with fixed batch 1")
def b_int8_keras(out):
    class QuantDense(L.Layer):
        def __init__(self, units, activation=None, **kw):
            super().__init__(**kw)
            self.units, self.act = units, keras.activations.get(activation)

        def build(self, shape):
            self.kernel_q = self.add_weight(shape=(shape[-1], self.units), initializer="zeros", dtype="int8",
                                            trainable=False, name="kernel_int8")
            self.scale = self.add_weight(shape=(self.units,), initializer="ones", trainable=False, name="scale")
            self.bias = self.add_weight(shape=(self.units,), initializer="zeros", name="bias")

        def call(self, x):
            return self.act(ops.matmul(x, ops.cast(self.kernel_q, "float32") * self.scale) + self.bias)

    rng = np.random.default_rng(41)
    inp = keras.Input((48,), name="features")
    q1, q2 = QuantDense(64, "relu"), QuantDense(32, "relu")
    y = L.Dense(3, activation="softmax", name="probs")(q2(q1(inp)))
    m = keras.Model(inp, y)
    for layer, (a, b) in ((q1, (48, 64)), (q2, (64, 32))):
        q, s = _quant_sym_per_channel(rng.normal(0, np.sqrt(2.0 / a), (a, b)))
        layer.kernel_q.assign(q)
        layer.scale.assign(s)
    _export(m, out, fixed=True)


@model("f33_float16_weights_castup_mlp_module", "tf-module", "memory-halved MLP in a tf.Module: float16 tf.Variables (weights and biases) cast up to float32 at run time (tf.cast inside every layer) so compute stays float32; features float32 [None,40] -> 128 -> 64 gelu -> 6 logits, softmax; also a layer-norm written with tf.nn.moments")
def b_f16_weights(out):
    params = _params([40, 128, 64, 6], 42, dtype="float16", name="fp16_mlp")

    @tf.function(input_signature=[tensor_spec([None, 40], name="features")])
    def serve(features):
        mu, var = tf.nn.moments(features, axes=[-1], keepdims=True)
        h = (features - mu) * tf.math.rsqrt(var + 1e-5)
        for i, (w, b) in enumerate(params):
            h = tf.matmul(h, tf.cast(w, tf.float32)) + tf.cast(b, tf.float32)
            h = tf.nn.gelu(h) if i < len(params) - 1 else h
        return {"probabilities": tf.nn.softmax(h)}
    _save(out, {"params": params}, serving_default=serve)


@model("f33_int4_packed_nibbles_unpack_frozen", "frozen-pb", "int4 weight-only quantized MLP frozen with convert_variables_to_constants_v2: two 4-bit weights packed per uint8 (tf.Variable uint8 [64,32] for a 64x64 layer), unpacked with tf.bitwise.bitwise_and 0x0F / right_shift 4, sign-extended with tf.where(v >= 8, v - 16, v), interleaved by tf.stack + reshape, times group-wise float32 scales (groups of 16 input rows, per output channel); x float32 [None,64] -> 64 relu -> Dense 8 float32 logits")
def b_int4(out):
    rng = np.random.default_rng(43)
    w = rng.normal(0, 0.15, (64, 64))
    scale = np.abs(w.reshape(4, 16, 64)).max(axis=1) / 7.0
    q = np.clip(np.round(w / np.repeat(scale, 16, axis=0)), -8, 7).astype(np.int32)
    u = (q & 0x0F).astype(np.uint8)
    packed = tf.Variable((u[:, 0::2] | (u[:, 1::2] << 4)).astype(np.uint8), name="packed_int4")
    scales = tf.Variable(scale.astype("float32"), name="group_scales")
    b1 = tf.Variable(np.zeros(64, "float32"), name="b1")
    w2, b2 = tf.Variable(rng.normal(0, 0.2, (64, 8)).astype("float32")), tf.Variable(np.zeros(8, "float32"))

    def fn(x):
        p = tf.cast(packed, tf.int32)
        lo, hi = tf.bitwise.bitwise_and(p, 0x0F), tf.bitwise.right_shift(p, 4)
        lo, hi = tf.where(lo >= 8, lo - 16, lo), tf.where(hi >= 8, hi - 16, hi)
        wq = tf.reshape(tf.stack([lo, hi], axis=-1), [64, 64])
        wd = tf.reshape(tf.cast(wq, tf.float32), [4, 16, 64]) * scales[:, None, :]
        h = tf.nn.relu(tf.matmul(x, tf.reshape(wd, [64, 64])) + b1)
        return tf.matmul(h, w2) + b2
    _freeze(fn, [tensor_spec([None, 64], name="x")], out)


OUTPUTS["f33_int4_packed_nibbles_unpack_frozen"] = ["Identity"]


@model("f33_tf1_uint8_zero_point_weights_frozen", "frozen-pb", "TF1 graph with asymmetric uint8 weights (get_variable dtype uint8, per-tensor zero point and scale as float32 variables), dequantized (tf.cast(w, float32) - zero_point) * scale before each matmul, input float32 [None,32] also fake-quantized with tf.quantization.fake_quant_with_min_max_args [-3, 3]; relu hidden 48, logits 5, softmax 'probabilities'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_uint8(out):
    rng = np.random.default_rng(44)

    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 32], name="features")
        h = tf.quantization.fake_quant_with_min_max_args(x, -3.0, 3.0, num_bits=8)
        for i, (a, b) in enumerate(((32, 48), (48, 5))):
            w = rng.normal(0, np.sqrt(2.0 / a), (a, b))
            lo, hi = w.min(), w.max()
            s = (hi - lo) / 255.0
            zp = np.round(-lo / s)
            with v1.variable_scope(f"qdense{i}"):
                wq = v1.get_variable("weights_uint8", dtype=tf.uint8,
                                     initializer=tf.constant(np.clip(np.round(w / s + zp), 0, 255).astype(np.uint8)))
                scale = v1.get_variable("scale", dtype=tf.float32, initializer=tf.constant(s, tf.float32))
                zero = v1.get_variable("zero_point", dtype=tf.float32, initializer=tf.constant(zp, tf.float32))
                bias = v1.get_variable("biases", [b], initializer=v1.zeros_initializer())
                h = tf.matmul(h, (tf.cast(wq, tf.float32) - zero) * scale) + bias
                h = tf.nn.relu(h) if i == 0 else h
        return [tf.nn.softmax(h, name="probabilities")]
    _v1_freeze(out, build)


OUTPUTS["f33_tf1_uint8_zero_point_weights_frozen"] = ["probabilities"]


# ================================================================================ several signatures, polymorphic shapes

@model("f33_multi_sig_input_dtypes_module", "tf-module", "one Keras MLP (float32 [.,16] -> 3) served by a tf.Module under five signatures with different input dtypes: serving_default float32 [None,16], serve_float16 float16 [None,16], serve_float64 float64 [None,16] (outputs cast back to float64), serve_int32_quantized int32 [None,16] with a scale 1/64, serve_uint8 uint8 [None,16] with zero point 128 and scale 1/32; each casts to float32 before the model")
def b_multi_dtypes(out):
    net = keras.Sequential([keras.Input((16,)), L.Dense(32, activation="relu"), L.Dense(3)])

    def run(x):
        return tf.nn.softmax(net(x, training=False))

    @tf.function(input_signature=[tensor_spec([None, 16], name="features")])
    def serve(features):
        return {"probabilities": run(features)}

    @tf.function(input_signature=[tensor_spec([None, 16], "float16", "features")])
    def serve_float16(features):
        return {"probabilities": run(tf.cast(features, tf.float32))}

    @tf.function(input_signature=[tensor_spec([None, 16], "float64", "features")])
    def serve_float64(features):
        return {"probabilities": tf.cast(run(tf.cast(features, tf.float32)), tf.float64)}

    @tf.function(input_signature=[tensor_spec([None, 16], "int32", "features")])
    def serve_int32_quantized(features):
        return {"probabilities": run(tf.cast(features, tf.float32) / 64.0)}

    @tf.function(input_signature=[tensor_spec([None, 16], "uint8", "features")])
    def serve_uint8(features):
        return {"probabilities": run((tf.cast(features, tf.float32) - 128.0) / 32.0)}
    _save(out, {"model": net}, serving_default=serve, serve_float16=serve_float16, serve_float64=serve_float64,
          serve_int32_quantized=serve_int32_quantized, serve_uint8=serve_uint8)


FEEDS["f33_multi_sig_input_dtypes_module"] = {"serve_int32_quantized/features": (-128, 128)}


@model("f33_multi_sig_batch1_dynamic_unknown_rank", "tf-module", "sequence encoder (Keras Conv1D 16 causal + GlobalAveragePooling1D + Dense 4 on channels 8) served under three signatures of different shape polymorphism: serving_default fixed float32 [1,24,8], serve_dynamic [None,None,8] (None batch and length), serve_any fully unknown rank tf.TensorSpec(None) reshaped to [-1, tf.shape(x)[-2], 8] with a tf.debugging.assert_equal on the last dim")
def b_multi_shapes(out):
    net = keras.Sequential([keras.Input((None, 8)), L.Conv1D(16, 3, padding="causal", activation="relu"),
                            L.GlobalAveragePooling1D(), L.Dense(4)])

    @tf.function(input_signature=[tensor_spec([1, 24, 8], name="sequence")])
    def serve(sequence):
        return {"embedding": net(sequence, training=False)}

    @tf.function(input_signature=[tensor_spec([None, None, 8], name="sequence")])
    def serve_dynamic(sequence):
        return {"embedding": net(sequence, training=False)}

    @tf.function(input_signature=[tensor_spec(None, name="sequence")])
    def serve_any(sequence):
        with tf.control_dependencies([tf.debugging.assert_equal(tf.shape(sequence)[-1], 8)]):
            x = tf.reshape(sequence, [-1, tf.shape(sequence)[-2], 8])
        return {"embedding": net(x, training=False), "input_rank": tf.rank(sequence)}
    _save(out, {"model": net}, serving_default=serve, serve_dynamic=serve_dynamic, serve_any=serve_any)


FEEDS["f33_multi_sig_batch1_dynamic_unknown_rank"] = lambda rng: {"serve_any/sequence": rng.random((2, 3, 10, 8))}


@model("f33_unknown_rank_elementwise_stats_module", "tf-module", "feature normalizer taking tensors of fully unknown rank, tf.Module: values float32 tf.TensorSpec(None) and counts int64 tf.TensorSpec(None); elementwise standardization by learned scalar mean / log-std tf.Variables, tf.clip_by_value, tf.math.log1p of the counts, outputs of the same unknown rank plus tf.rank (int32), tf.size (int32) and an all-axes reduce_sum / reduce_max")
def b_unknown_rank(out):
    mean, log_std = tf.Variable(0.5, name="mean"), tf.Variable(np.float32(np.log(0.3)), name="log_std")

    @tf.function(input_signature=[tensor_spec(None, name="values"), tensor_spec(None, "int64", "counts")])
    def serve(values, counts):
        z = tf.clip_by_value((values - mean) / tf.exp(log_std), -5.0, 5.0)
        c = tf.math.log1p(tf.cast(counts, tf.float32))
        return {"normalized": z, "log_counts": c, "rank": tf.rank(values), "size": tf.size(values),
                "total": tf.reduce_sum(z) + tf.reduce_sum(c), "max": tf.reduce_max(z)}
    _save(out, {"stats": [mean, log_std]}, serving_default=serve)


FEEDS["f33_unknown_rank_elementwise_stats_module"] = lambda rng: {"values": rng.random((2, 5, 3)), "counts": rng.integers(0, 100, (4, 7))}


@model("f33_dynamic_len_conv1d_text_keras", "keras-export", "text CNN with None batch and None length, token_ids int32 [None,None]: Embedding(1000, 32), Conv1D 64 kernel 3 and 5 (same, relu) in parallel, GlobalMaxPooling1D each, Concatenate, Dropout(0.3), Dense(2) softmax; model.export keeps both dims dynamic")
def b_dynamic_text(out):
    inp = keras.Input((None,), dtype="int32", name="token_ids")
    e = L.Embedding(1000, 32)(inp)
    x = L.Concatenate()([L.GlobalMaxPooling1D()(L.Conv1D(64, k, padding="same", activation="relu")(e)) for k in (3, 5)])
    _export(keras.Model(inp, L.Dense(2, activation="softmax", name="probs")(L.Dropout(0.3)(x))), out)


FEEDS["f33_dynamic_len_conv1d_text_keras"] = {"token_ids": (0, 1000)}


@model("f33_archive_int32_ids_dynamic_and_fixed", "keras-export", "Keras GRU tagger exported with keras.export.ExportArchive and two endpoints over the same model: serve takes token_ids int32 [1,32] (fixed, serving_default) and serve_dynamic int32 [None,None]; Embedding(400, 16, mask_zero=True) masks padding through GRU(24, return_sequences) and a per-token Dense(5, softmax); outputs per-token tag probabilities")
def b_archive_ids(out):
    inp = keras.Input((None,), dtype="int32", name="token_ids")
    x = L.GRU(24, return_sequences=True)(L.Embedding(400, 16, mask_zero=True)(inp))
    m = keras.Model(inp, L.Dense(5, activation="softmax", name="tags")(x))
    fixed, dyn = tensor_spec([1, 32], "int32", "token_ids"), tensor_spec([None, None], "int32", "token_ids")
    m(_feed(out, [fixed])["token_ids"], training=False)
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", lambda token_ids: m(token_ids, training=False), input_signature=[fixed])
    archive.add_endpoint("serve_dynamic", lambda token_ids: m(token_ids, training=False), input_signature=[dyn])
    archive.write_out(str(out), verbose=False)


FEEDS["f33_archive_int32_ids_dynamic_and_fixed"] = lambda rng: {"token_ids": np.where(np.arange(32) < 20, rng.integers(1, 400, (1, 32)), 0)}


# ================================================================================ tf.Module state

@model("f33_module_readonly_state_serve", "tf-module", "tf.Module holding tf.Variable state that serving only reads: non-trainable feature_mean / feature_var float32 [12] (computed from numpy data), an int64 model_version variable and a float32 decision threshold variable, plus raw-variable MLP weights; serve(features float32 [None,12]) standardizes with the stored moments, MLP -> score, decision = score > threshold (bool), and returns model_version")
def b_readonly(out):
    rng = np.random.default_rng(50)
    data = rng.normal(3.0, 2.0, (256, 12))

    class Scorer(tf.Module):
        def __init__(self):
            super().__init__()
            self.feature_mean = tf.Variable(data.mean(0).astype("float32"), trainable=False, name="feature_mean")
            self.feature_var = tf.Variable(data.var(0).astype("float32"), trainable=False, name="feature_var")
            self.model_version = tf.Variable(np.int64(20240611), trainable=False, name="model_version")
            self.threshold = tf.Variable(0.5, trainable=False, name="threshold")
            self.params = _params([12, 24, 1], 51, name="scorer")

        @tf.function(input_signature=[tensor_spec([None, 12], name="features")])
        def serve(self, features):
            z = (features - self.feature_mean) * tf.math.rsqrt(self.feature_var + 1e-6)
            score = tf.sigmoid(_mlp(self.params, z))[:, 0]
            return {"score": score, "decision": score > self.threshold,
                    "model_version": tf.identity(self.model_version)}
    s = Scorer()
    _save_module(out, s, serving_default=s.serve)


@model("f33_module_counter_ema_update", "tf-module", "stateful monitoring tf.Module whose serving signature writes its variables: serve(features float32 [None,10]) calls request_count.assign_add(1) (int64), rows_seen.assign_add(batch size) and updates an EMA of the feature means (ema.assign(0.99 ema + 0.01 mean)), returning drift = |mean - ema| and a linear score together with the count; a second read-only signature stats() with no inputs returns the counters and the EMA")
def b_counter(out):
    rng = np.random.default_rng(52)

    class Monitor(tf.Module):
        def __init__(self):
            super().__init__()
            self.request_count = tf.Variable(np.int64(0), trainable=False, name="request_count")
            self.rows_seen = tf.Variable(np.int64(0), trainable=False, name="rows_seen")
            self.ema = tf.Variable(np.zeros(10, "float32"), trainable=False, name="feature_ema")
            self.w = tf.Variable(rng.normal(0, 0.3, (10, 1)).astype("float32"), name="w")

        @tf.function(input_signature=[tensor_spec([None, 10], name="features")])
        def serve(self, features):
            count = self.request_count.assign_add(1)
            self.rows_seen.assign_add(tf.cast(tf.shape(features)[0], tf.int64))
            mean = tf.reduce_mean(features, axis=0)
            ema = self.ema.assign(0.99 * self.ema + 0.01 * mean)
            return {"score": tf.matmul(features, self.w)[:, 0], "drift": tf.abs(mean - ema), "request_count": count}

        @tf.function(input_signature=[])
        def stats(self):
            return {"request_count": tf.identity(self.request_count), "rows_seen": tf.identity(self.rows_seen),
                    "feature_ema": tf.identity(self.ema)}
    mon = Monitor()
    _save_module(out, mon, serving_default=mon.serve, stats=mon.stats)


# ================================================================================ device strings, TF1 exports

@model("f33_tf1_device_strings_frozen", "frozen-pb", "old TF1 export with hard-coded device strings kept in the frozen GraphDef: input float32 [None,28,28,1] and keep_prob placeholder_with_default(1.0); preprocessing (per-image standardization) under tf.device('/device:CPU:0'), conv2d / max_pool / dense under tf.device('/device:GPU:0'), softmax and argmax under '/device:CPU:0'; frozen with graph_util.convert_variables_to_constants (devices not cleared) -> 'probabilities', 'label'")
def b_tf1_devices(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 28, 28, 1], name="input")
        keep_prob = v1.placeholder_with_default(1.0, [], name="keep_prob")
        with tf.device("/device:CPU:0"):
            h = tf.map_fn(tf.image.per_image_standardization, x)
        with tf.device("/device:GPU:0"):
            k = v1.get_variable("conv_kernel", [5, 5, 1, 16], initializer=v1.truncated_normal_initializer(stddev=0.1))
            h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(h, k, 1, "SAME")), 2, 2, "SAME")
            h = _v1_dense(tf.reshape(h, [-1, 14 * 14 * 16]), "fc1", 64, tf.nn.relu)
            logits = _v1_dense(tf.nn.dropout(h, rate=1.0 - keep_prob), "logits", 10)
        with tf.device("/device:CPU:0"):
            probs = tf.nn.softmax(logits, name="probabilities")
            label = tf.argmax(probs, axis=-1, name="label")
        return [probs, label]
    _v1_freeze(out, build)


OUTPUTS["f33_tf1_device_strings_frozen"] = ["probabilities", "label"]


@model("f33_tf2_device_blocks_frozen_int64", "frozen-pb", "TF2 function with tf.device blocks frozen with convert_variables_to_constants_v2 (device fields kept on the nodes): item_ids int64 [None,8] hashed with tf.math.floormod 997 under '/device:CPU:0', embedding gather + mean + dense under '/device:GPU:0', top_k(3) ids / scores under '/device:CPU:0'")
def b_tf2_devices(out):
    rng = np.random.default_rng(60)
    emb = tf.Variable(rng.normal(0, 0.1, (997, 16)).astype("float32"), name="item_embedding")
    w = tf.Variable(rng.normal(0, 0.2, (16, 20)).astype("float32"), name="out_w")

    def fn(item_ids):
        with tf.device("/device:CPU:0"):
            b = tf.math.floormod(item_ids, tf.constant(997, tf.int64))
        with tf.device("/device:GPU:0"):
            scores = tf.matmul(tf.reduce_mean(tf.gather(emb, b), axis=1), w)
        with tf.device("/device:CPU:0"):
            top = tf.math.top_k(scores, 3)
        return top.values, top.indices
    _freeze(fn, [tensor_spec([None, 8], "int64", "item_ids")], out)


OUTPUTS["f33_tf2_device_blocks_frozen_int64"] = ["Identity", "Identity_1"]
FEEDS["f33_tf2_device_blocks_frozen_int64"] = {"item_ids": (0, 10 ** 9)}


@model("f33_tf2_module_device_strings_saved", "tf-module", "tf.Module with hard-coded device strings saved by tf.saved_model.save: image uint8 [None,32,32,3] cast / scaled under tf.device('/device:CPU:0'), Keras CNN (Conv2D 16 / 32 stride 2, GlobalAveragePooling2D, Dense 4) under tf.device('/device:GPU:0'), tf.nn.softmax and argmax (int32) under '/device:CPU:0'")
def b_tf2_module_devices(out):
    net = keras.Sequential([keras.Input((32, 32, 3)), L.Conv2D(16, 3, strides=2, activation="relu"),
                            L.Conv2D(32, 3, strides=2, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(4)])

    @tf.function(input_signature=[tensor_spec([None, 32, 32, 3], "uint8", "image")])
    def serve(image):
        with tf.device("/device:CPU:0"):
            x = tf.cast(image, tf.float32) / 127.5 - 1.0
        with tf.device("/device:GPU:0"):
            logits = net(x, training=False)
        with tf.device("/device:CPU:0"):
            probs = tf.nn.softmax(logits)
            label = tf.argmax(probs, axis=-1, output_type=tf.int32)
        return {"probabilities": probs, "label": label}
    _save(out, {"model": net}, serving_default=serve)


@model("f33_tf1_placeholder_dtypes_savedmodel", "tf1-savedmodel", "TF1 SavedModel (SavedModelBuilder) with two predict signatures over placeholders of unusual dtypes: serving_default(sensor float16 [None,6], calibration float64 [None,6]) -> float16 compute of a get_variable float16 dense layer, output cast to float32 plus a float64 calibrated reading; lookup(device_id int64 [None], enabled bool [None]) -> floormod 100 embedding gather masked with tf.where(enabled) -> vector [None,4]")
def b_tf1_savedmodel(out):
    def sigs():
        v1 = tf.compat.v1
        sensor = v1.placeholder(tf.float16, [None, 6], name="sensor")
        calib = v1.placeholder(tf.float64, [None, 6], name="calibration")
        w = v1.get_variable("w16", [6, 8], tf.float16, initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("b16", [8], tf.float16, initializer=v1.zeros_initializer())
        h = tf.cast(tf.nn.relu(tf.matmul(sensor, w) + b), tf.float32)
        reading = tf.reduce_sum(tf.cast(sensor, tf.float64) * calib, axis=1)
        dev = v1.placeholder(tf.int64, [None], name="device_id")
        enabled = v1.placeholder(tf.bool, [None], name="enabled")
        table = v1.get_variable("device_table", [100, 4], initializer=v1.random_normal_initializer(0, 0.1))
        vec = tf.gather(table, tf.math.floormod(dev, tf.constant(100, tf.int64)))
        vec = tf.where(enabled[:, None], vec, tf.zeros_like(vec))
        return {"serving_default": ({"sensor": sensor, "calibration": calib}, {"features": h, "reading": reading}),
                "lookup": ({"device_id": dev, "enabled": enabled}, {"vector": vec})}
    tf1_saved_model(out, sigs)
    m = tf.saved_model.load(str(out))
    for k, f in m.signatures.items():
        f(**_feed(out, [tf.TensorSpec(s.shape, s.dtype, n) for n, s in f.structured_input_signature[1].items()], k))


FEEDS["f33_tf1_placeholder_dtypes_savedmodel"] = lambda rng: {"device_id": (0, 10 ** 6), "enabled": rng.random(2) < 0.5}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
