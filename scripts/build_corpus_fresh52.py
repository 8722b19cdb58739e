"""Build an independently made corpus into bench/out/fresh52/: streaming and stateful inference models the way
keyword-spotting, speech-enhancement, online anomaly-detection and sensor projects ship them for phones,
microcontrollers and servers. kws_streaming-style models whose layers keep their streaming state in tf.Variables and
assign it inside the call (ring buffers of the last frames in Keras custom layers with add_weight, a DS-CNN and a
TC-ResNet streamed frame by frame, SVDF memories, a CRNN buffer rolled with tf.roll and written by a sliced assign),
the same models rewritten with external state (states as extra inputs and outputs of the signature, in Keras
functional models with fixed batch 1 and one with None batch, in TF2 functions frozen with
convert_variables_to_constants_v2, and in TF1 graphs frozen with graph_util.convert_variables_to_constants), a
non-streaming attention-RNN reference, stateful Keras RNNs (GRU / LSTM with stateful=True at batch 1 and batch 4, one
exported with keras.export.ExportArchive with a reset endpoint), speech-enhancement loops (an RNNoise-like three-GRU
model with state variables, DTLN stage 1 with LSTM states in / out, an STFT mask enhancer with an input buffer and
overlap-add tail in variables), stateful signal front ends (int16 audio into an MFCC front end with a sample buffer,
pre-emphasis with a stored previous sample, a DC blocker run by tf.scan from a stored filter state, a VAD with an
exponential noise floor and an int32 hangover counter), online anomaly detection (Welford running mean / variance
with an int64 count, a Keras layer updating EMA statistics at inference, a sensor ring buffer with a write index
and scatter_nd_update, CUSUM on a forecaster's residual, Holt smoothing with a tf.cond on an initialized flag, online
k-means updated with scatter_nd_add, BatchNormalization left in training mode for test-time adaptation), sensor
models (a pedometer counting steps with an int64 assign_add, a PPG heart-rate model and an IMU activity model with
external window buffers, a warm-up mask from a step counter), servers' session-style modules (per-session state rows
picked by an int32 slot or a string id hashed to a bucket, a MutableHashTable of per-session vectors, init / reset /
step signatures, a streaming Transformer encoder with a KV cache as external state, a wake-word posterior smoother with
a cooldown counter, a fast-WaveNet generator with dilation queues, one step function under jit_compile) and TF1
graph-mode models with tf.compat.v1 variables and assign ops (SavedModels with step / reset signatures, and graphs
frozen to their outputs so the state assigns are pruned and the state frozen at its current value). Exported as
tf.saved_model.save of tf.Modules with explicit signatures (several signatures each for most), Keras 3 model.export
(batch-1 signatures and a few None batch), keras.export.ExportArchive, frozen GraphDefs and TF1 SavedModelBuilder
models. Mostly float32 frames of small fixed shapes; int16 audio, int32 slots, string session ids where the theme
uses them. Seeded random weights; nothing is downloaded; every model runs forward once while it is built; no
outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh52.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh52.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh52.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh52.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh52.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt. Running a stateful signature
(in the build and in --check) updates the state the model holds, as a serving process would.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh52", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (session slots, string session ids): model -> {input name (or "signature/input"):
# value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model gets while it is
# built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

N_MEL, N_KW = 40, 12  # log-mel / MFCC bins per frame, keyword classes (10 words + silence + unknown)


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
    size in the exported signature, else Keras relaxes the batch to None"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = None
    if fixed:
        sig = [specs] if len(specs) > 1 else specs
    keras_export(m, out, sig=sig)


def _archive(out, tracked, **endpoints):
    """keras.export.ExportArchive: track the Keras models, add each endpoint name=(fn, [specs]) after running it once
    eagerly on the --check inputs, write_out"""
    archive = keras.export.ExportArchive()
    for m in tracked:
        archive.track(m)
    for k, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, k)
        fn(*[vals[s.name] for s in specs])
        archive.add_endpoint(k, fn, input_signature=specs)
    archive.write_out(str(out), verbose=False)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build, extra_runs=()):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs (and the `extra_runs` op names, e.g. state updates), then graph_util.convert_variables_to_constants
    to the output node names"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    feed = {phs[k]: v.numpy() for k, v in vals.items()}
    with v1.Session(graph=g) as s:
        s.run(init)
        s.run(outputs, feed)
        for op in extra_runs:
            s.run(g.get_operation_by_name(op), feed)
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_saved(out, build):
    """TF1 SavedModel as SavedModelBuilder writes it: build() makes the graph and returns {signature: (inputs dict,
    outputs dict)} (a signature may have no inputs, e.g. reset); variables initialized, each signature run once on the
    --check inputs, saved with PREDICT signature defs"""
    v1 = tf.compat.v1
    info = v1.saved_model.utils.build_tensor_info
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        sigs = build()
        init = v1.global_variables_initializer()
    feeds = {k: _feed(out, [tf.TensorSpec(t.shape, t.dtype, n) for n, t in ins.items()], k) for k, (ins, _) in sigs.items()}
    with g.as_default():
        with v1.Session(graph=g) as s:
            s.run(init)
            for k, (ins, outs) in sigs.items():
                s.run(outs, {ins[n]: v.numpy() for n, v in feeds[k].items()})
            b = v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
                k: v1.saved_model.signature_def_utils.build_signature_def(
                    {n: info(t) for n, t in ins.items()}, {n: info(t) for n, t in outs.items()},
                    v1.saved_model.signature_constants.PREDICT_METHOD_NAME) for k, (ins, outs) in sigs.items()})
            b.save()


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable glorot weights / zero biases"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("w", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("b", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _v1_gru(x, h, name, units):
    """TF1 GRU step written out (z / r gates from one matmul, candidate on r * h)"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        zr = tf.sigmoid(_v1_dense(tf.concat([x, h], 1), "gates", 2 * units))
        z, r = tf.split(zr, 2, axis=1)
        n = _v1_dense(tf.concat([x, r * h], 1), "cand", units, tf.tanh)
        return z * h + (1.0 - z) * n


def _params(sizes, seed, name="mlp"):
    """an MLP kept as a list of (weight, bias) tf.Variables: glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype("float32"), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, "float32"), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, act=None, out_act=None):
    """apply _params: matmul + bias, `act` (relu) between layers, `out_act` last"""
    act = act or tf.nn.relu
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = act(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


def _kmlp(in_dim, sizes, act="relu", out_act=None, name=None):
    """Keras Sequential MLP on [in_dim] vectors"""
    return keras.Sequential([keras.Input((in_dim,))] + [L.Dense(s, activation=act) for s in sizes[:-1]]
                            + [L.Dense(sizes[-1], activation=out_act)], name=name)


def _cell(units, in_dim, kind="gru", **kw):
    """a built Keras GRUCell / LSTMCell"""
    c = (L.GRUCell if kind == "gru" else L.LSTMCell)(units, **kw)
    c.build((1, in_dim))
    return c


def _step(cell, x, states):
    """one cell step -> (output, list of new states)"""
    y, new = cell(x, states)
    return y, list(new) if isinstance(new, (list, tuple)) else [new]


def _zeros_var(shape, name, dtype="float32"):
    return tf.Variable(np.zeros(shape, dtype), trainable=False, name=name)


def _reset_fn(variables):
    """a no-input reset signature assigning zeros to every state variable"""
    @tf.function(input_signature=[])
    def reset():
        for v in variables:
            v.assign(tf.zeros_like(v))
        return {"reset": tf.constant(True)}
    return reset


def _stream_buffer_layer():
    """kws_streaming-style Stream wrapper state: a Keras layer keeping the last `frames - 1` inputs in a non-trainable
    weight, returning concat(buffer, x) along time and assigning the newest frames back inside call"""
    class StreamBuffer(L.Layer):
        def __init__(self, frames, **kw):
            super().__init__(**kw)
            self.frames = frames

        def build(self, shape):
            self.stream_buffer = self.add_weight(shape=(shape[0], self.frames - 1, *shape[2:]), initializer="zeros",
                                                 trainable=False, name="stream_buffer")

        def call(self, x):
            full = tf.concat([tf.convert_to_tensor(self.stream_buffer), x], axis=1)
            self.stream_buffer.assign(full[:, 1:])
            return full
    return StreamBuffer


def _hann(n):
    return (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)).astype("float32")


# ================================================================================ keyword spotting, internal state

@model("s52_kws_ds_cnn_stream_internal_keras", "keras-export", "kws_streaming DS-CNN in internal-state streaming mode: one log-mel frame float [1,1,40] (fixed batch 1); Keras custom StreamBuffer layers keep the last 2 frames (add_weight non-trainable, tf.concat + assign in call) before a Conv2D 3x3 stride (1,2) and two depthwise-separable blocks (DepthwiseConv2D 3x3 valid + BatchNormalization + ReLU + 1x1 Conv2D), an 8-frame buffer before AveragePooling2D over time and frequency, Dense(12) softmax; model.export with a batch-1 signature")
def b_ds_cnn_stream(out):
    SB = _stream_buffer_layer()
    inp = keras.Input((1, N_MEL), batch_size=1, name="frame")
    x = L.Reshape((1, N_MEL, 1))(inp)
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, (3, 3), strides=(1, 2))(SB(3)(x))))
    for _ in range(2):
        x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D((3, 3))(SB(3)(x))))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 1)(x)))
    x = L.Flatten()(L.AveragePooling2D((8, 15))(SB(8)(x)))
    _export(keras.Model(inp, L.Dense(N_KW, activation="softmax", name="probs")(x)), out, fixed=True)


@model("s52_kws_gru_stateful_keras_batch1", "keras-export", "streaming GRU keyword spotter: frame float [1,1,40] with fixed batch 1, two GRU(48, stateful=True) layers (the hidden state lives in Keras state variables assigned by each call), Dense(12) softmax; model.export with a batch-1 signature")
def b_gru_stateful(out):
    inp = keras.Input((1, N_MEL), batch_size=1, name="frame")
    x = L.GRU(48, stateful=True, return_sequences=True)(inp)
    x = L.GRU(48, stateful=True)(x)
    _export(keras.Model(inp, L.Dense(N_KW, activation="softmax")(x)), out, fixed=True)


@model("s52_kws_lstm_stateful_archive_reset", "keras-archive", "stateful LSTM keyword spotter exported with keras.export.ExportArchive: endpoint serve(frame float [1,1,40]) -> LayerNormalization, LSTM(32, stateful=True), Dense(32, relu), Dense(12) logits; endpoint reset() with no inputs calls lstm.reset_state() (assigns zeros to the h / c state variables) and returns a bool")
def b_lstm_archive(out):
    inp = keras.Input((1, N_MEL), batch_size=1, name="frame")
    lstm = L.LSTM(32, stateful=True)
    m = keras.Model(inp, L.Dense(N_KW)(L.Dense(32, activation="relu")(lstm(L.LayerNormalization()(inp)))))

    def reset():
        lstm.reset_state()
        return {"reset": tf.constant(True)}
    _archive(out, [m], serve=(lambda frame: {"logits": m(frame, training=False)}, [tensor_spec([1, 1, N_MEL], name="frame")]),
             reset=(reset, []))


@model("s52_kws_svdf_memory_variables_module", "tf-module", "SVDF keyword spotter (kws_streaming / Hello Edge style) written with raw tf.Variables: frame float [1,40]; two SVDF layers (feature filter matmul to 32 units x rank 1, memory tf.Variable [1,8,32] shifted by tf.concat(memory[:,1:], new) and assigned, time filter multiply + reduce_sum, bias, relu), Dense(12) softmax; signatures serving_default(frame) and reset() zeroing the memories")
def b_svdf(out):
    rng = np.random.default_rng(1)
    layers = []
    for i, d in enumerate((N_MEL, 32)):
        layers.append((tf.Variable(rng.normal(0, 0.2, (d, 32)).astype("float32"), name=f"svdf{i}_feature"),
                       tf.Variable(rng.normal(0, 0.3, (8, 32)).astype("float32"), name=f"svdf{i}_time"),
                       tf.Variable(np.zeros(32, "float32"), name=f"svdf{i}_bias"), _zeros_var([1, 8, 32], f"svdf{i}_memory")))
    head = _params([32, N_KW], 2, "head")

    @tf.function(input_signature=[tensor_spec([1, N_MEL], name="frame")])
    def serve(frame):
        x = frame
        for wf, wt, b, mem in layers:
            m = tf.concat([mem[:, 1:], tf.matmul(x, wf)[:, None, :]], axis=1)
            mem.assign(m)
            x = tf.nn.relu(tf.reduce_sum(m * wt, axis=1) + b)
        return {"probs": tf.nn.softmax(_mlp(head, x))}
    _save(out, {"layers": layers, "head": head}, serving_default=serve, reset=_reset_fn([l[3] for l in layers]))


@model("s52_crnn_roll_slice_assign_gru_module", "tf-module", "streaming CRNN keyword spotter as a tf.Module of Keras layers: frame float [1,40]; conv buffer tf.Variable [1,3,40,1] advanced with buffer.assign(tf.roll(buffer, -1, axis=1)) and the newest frame written by a sliced assign buffer[:, 2:3].assign(...), Conv2D(16, 3x3, stride (1,2)), GRUCell(32) with its hidden state in a tf.Variable, Dense(12) softmax; signatures serving_default and reset")
def b_crnn_roll(out):
    buf, h = _zeros_var([1, 3, N_MEL, 1], "conv_buffer"), _zeros_var([1, 32], "gru_state")
    conv = L.Conv2D(16, (3, 3), strides=(1, 2), activation="relu")
    conv.build((1, 3, N_MEL, 1))
    cell, head = _cell(32, 19 * 16), L.Dense(N_KW, activation="softmax")
    head.build((1, 32))

    @tf.function(input_signature=[tensor_spec([1, N_MEL], name="frame")])
    def serve(frame):
        buf.assign(tf.roll(buf, -1, axis=1))
        buf[:, 2:3].assign(frame[:, None, :, None])
        feat = tf.reshape(conv(buf.read_value()), [1, -1])
        y, (h2,) = _step(cell, feat, [h.read_value()])
        h.assign(h2)
        return {"probs": head(y)}
    _save(out, {"conv": conv, "cell": cell, "head": head, "state": [buf, h]}, serving_default=serve, reset=_reset_fn([buf, h]))


@model("s52_tc_resnet_stream_conv1d_buffers_module", "tf-module", "TC-ResNet (temporal convolution over MFCC channels) streamed frame by frame: a Keras functional model on frame float [1,1,40] whose StreamBuffer layers hold the last 2 / 8 frames in add_weight variables before each Conv1D (kernel 3 / 9 valid), two residual blocks (Conv1D + BatchNormalization + ReLU, 1x1 Conv1D shortcut on the newest frame) 24 / 32 channels, GlobalAveragePooling1D over a 16-frame buffer, Dense(12) softmax; saved as a tf.Module with signatures serving_default(frame) and reset() assigning zeros to every 'stream_buffer' variable of the model")
def b_tc_resnet(out):
    SB = _stream_buffer_layer()
    inp = keras.Input((1, N_MEL), batch_size=1, name="frame")
    x = L.Conv1D(16, 3)(SB(3)(inp))
    for ch in (24, 32):
        y = L.ReLU()(L.BatchNormalization()(L.Conv1D(ch, 9)(SB(9)(x))))
        y = L.BatchNormalization()(L.Conv1D(ch, 9)(SB(9)(y)))
        sc = L.BatchNormalization()(L.Conv1D(ch, 1)(x))
        x = L.ReLU()(L.Add()([y, sc]))
    x = L.GlobalAveragePooling1D()(SB(16)(x))
    net = keras.Model(inp, L.Dense(N_KW, activation="softmax")(x))
    buffers = [v for v in net.non_trainable_variables if "stream_buffer" in v.path]

    @tf.function(input_signature=[tensor_spec([1, 1, N_MEL], name="frame")])
    def serve(frame):
        return {"probs": net(frame, training=False)}

    @tf.function(input_signature=[])
    def reset():
        for v in buffers:
            v.assign(tf.zeros(v.shape))
        return {"reset": tf.constant(True)}
    _save(out, {"net": net}, serving_default=serve, reset=reset)


@model("s52_kws_att_rnn_nonstream_reference_keras", "keras-export", "kws_streaming att_rnn in non-streaming mode, the reference model streaming projects ship next to the stream variants: log-mel float [None,49,40] (None batch); Conv2D(10, 5x1, same) + BatchNormalization + ReLU x2, Conv2D(1) back to [49,40], Bidirectional LSTM(32, return_sequences), query Dense(64) on the middle frame, dot-product attention scores + Softmax + weighted sum, Dense(32, relu), Dense(12) softmax; model.export")
def b_att_rnn(out):
    inp = keras.Input((49, N_MEL), name="log_mel")
    x = L.Reshape((49, N_MEL, 1))(inp)
    for _ in range(2):
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(10, (5, 1), padding="same")(x)))
    x = L.Reshape((49, N_MEL))(L.Conv2D(1, (5, 1), padding="same")(x))
    seq = L.Bidirectional(L.LSTM(32, return_sequences=True))(x)
    query = L.Dense(64)(seq[:, 24])
    scores = L.Softmax(name="attention")(L.Dot(axes=(2, 1))([seq, query]))
    ctx = L.Dot(axes=(1, 1))([scores, seq])
    _export(keras.Model(inp, L.Dense(N_KW, activation="softmax")(L.Dense(32, activation="relu")(ctx))), out)


@model("s52_mfcc_frontend_int16_overlap_buffer_module", "tf-module", "streaming MFCC front end for a microcontroller-style pipeline: audio int16 [1,160] (10 ms hop at 16 kHz) cast / 32768, a sample buffer tf.Variable [1,240] holding the previous 15 ms, frame = concat(buffer, hop) [1,400] with the buffer reassigned to its last 240 samples, Hann window, tf.signal.rfft at 512, power, tf.signal.linear_to_mel_weight_matrix (40 bins, 20-4000 Hz), log, tf.signal.mfccs_from_log_mel_spectrograms (13 kept); signatures serving_default and reset")
def b_mfcc(out):
    buf = _zeros_var([1, 240], "sample_buffer")
    win = _hann(400)
    mel = tf.signal.linear_to_mel_weight_matrix(N_MEL, 257, 16000, 20.0, 4000.0)

    @tf.function(input_signature=[tensor_spec([1, 160], "int16", "audio")])
    def serve(audio):
        frame = tf.concat([buf.read_value(), tf.cast(audio, tf.float32) / 32768.0], axis=1)
        buf.assign(frame[:, 160:])
        power = tf.square(tf.abs(tf.signal.rfft(frame * win, fft_length=[512])))
        log_mel = tf.math.log(tf.matmul(power, mel) + 1e-6)
        return {"log_mel": log_mel, "mfcc": tf.signal.mfccs_from_log_mel_spectrograms(log_mel)[:, :13]}
    _save(out, {"buffer": buf}, serving_default=serve, reset=_reset_fn([buf]))


# ================================================================================ keyword spotting, external state

@model("s52_kws_ds_cnn_stream_external_state_keras", "keras-export", "the DS-CNN streaming model in kws_streaming's external-state mode as a Keras functional model with fixed batch 1: inputs frame float [1,1,40], conv_state [1,2,40,1], dw_state [1,2,19,32], pool_state [1,7,17,32]; each layer concatenates its state with the new frame along time (Concatenate axis 1) and outputs the slice [:,1:] as the next state; Conv2D stride (1,2), depthwise block, AveragePooling2D over 8 frames, Dense(12) softmax; outputs probs and the three *_out states")
def b_ds_cnn_ext(out):
    frame = keras.Input((1, N_MEL), batch_size=1, name="frame")
    s1 = keras.Input((2, N_MEL, 1), batch_size=1, name="conv_state")
    s2 = keras.Input((2, 19, 32), batch_size=1, name="dw_state")
    s3 = keras.Input((7, 17, 32), batch_size=1, name="pool_state")
    f1 = L.Concatenate(axis=1)([s1, L.Reshape((1, N_MEL, 1))(frame)])
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, (3, 3), strides=(1, 2))(f1)))
    f2 = L.Concatenate(axis=1)([s2, x])
    x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D((3, 3))(f2)))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 1)(x)))
    f3 = L.Concatenate(axis=1)([s3, x])
    probs = L.Dense(N_KW, activation="softmax", name="probs")(L.Flatten()(L.AveragePooling2D((8, 17))(f3)))
    outs = {"probs": probs, "conv_state_out": L.Identity(name="conv_state_out")(f1[:, 1:]),
            "dw_state_out": L.Identity(name="dw_state_out")(f2[:, 1:]),
            "pool_state_out": L.Identity(name="pool_state_out")(f3[:, 1:])}
    _export(keras.Model([frame, s1, s2, s3], outs), out, fixed=True)


@model("s52_kws_gru_external_state_frozen_v2", "frozen-pb", "GRU keyword spotter with external state frozen with convert_variables_to_constants_v2 for a C++ audio pipeline: frame float [1,40], h_in [1,64]; Dense(64, relu) frame projection, Keras GRUCell(64) step, Dense(12) softmax; outputs probs and h_out")
def b_gru_ext_frozen(out):
    proj, cell, head = _kmlp(N_MEL, [64], "relu", "relu"), _cell(64, 64), _kmlp(64, [N_KW], out_act="softmax")

    def fn(frame, h_in):
        y, (h,) = _step(cell, proj(frame, training=False), [h_in])
        return {"probs": head(y, training=False), "h_out": h}
    _freeze(fn, [tensor_spec([1, N_MEL], name="frame"), tensor_spec([1, 64], name="h_in")], out)


@model("s52_svdf_external_memory_frozen_v2", "frozen-pb", "SVDF keyword spotter with its memories as inputs / outputs, frozen with convert_variables_to_constants_v2 for a microcontroller runtime: frame float [1,40], memory0 / memory1 [1,8,32]; feature filter matmul, memory shift by tf.concat, time filter multiply + reduce_sum, bias, relu, twice; Dense(12) logits; outputs logits, memory0_out, memory1_out")
def b_svdf_frozen(out):
    rng = np.random.default_rng(3)
    layers = [(tf.Variable(rng.normal(0, 0.2, (d, 32)).astype("float32")), tf.Variable(rng.normal(0, 0.3, (8, 32)).astype("float32")),
               tf.Variable(np.zeros(32, "float32"))) for d in (N_MEL, 32)]
    head = _params([32, N_KW], 4, "head")

    def fn(frame, memory0, memory1):
        x, outs = frame, {}
        for i, ((wf, wt, b), mem) in enumerate(zip(layers, (memory0, memory1))):
            m = tf.concat([mem[:, 1:], tf.matmul(x, wf)[:, None, :]], axis=1)
            outs[f"memory{i}_out"] = m
            x = tf.nn.relu(tf.reduce_sum(m * wt, axis=1) + b)
        return {"logits": _mlp(head, x), **outs}
    _freeze(fn, [tensor_spec([1, N_MEL], name="frame"), tensor_spec([1, 8, 32], name="memory0"),
                 tensor_spec([1, 8, 32], name="memory1")], out)


@model("s52_tf1_lstm_kws_state_placeholders_frozen", "frozen-pb", "legacy TF1 streaming LSTM keyword spotter (Hello Edge style): placeholders frame float [1,40], c_in / h_in [1,48]; get_variable LSTM kernel / bias, gates from one matmul split in 4, new c / h, dense 12 softmax; named outputs probs, c_out, h_out; frozen with graph_util.convert_variables_to_constants")
def b_tf1_lstm(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, N_MEL], name="frame")
        c = v1.placeholder(tf.float32, [1, 48], name="c_in")
        h = v1.placeholder(tf.float32, [1, 48], name="h_in")
        i, f, o, u = tf.split(_v1_dense(tf.concat([x, h], 1), "lstm", 4 * 48), 4, axis=1)
        c2 = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(u)
        h2 = tf.sigmoid(o) * tf.tanh(c2)
        probs = tf.nn.softmax(_v1_dense(h2, "fc", N_KW), name="probs")
        return [probs, tf.identity(c2, name="c_out"), tf.identity(h2, name="h_out")]
    _v1_freeze(out, build)


OUTPUTS["s52_tf1_lstm_kws_state_placeholders_frozen"] = ["probs", "c_out", "h_out"]


@model("s52_tf1_crnn_conv_state_placeholders_frozen", "frozen-pb", "legacy TF1 streaming CRNN with external state: placeholders frame float [1,1,40,1], conv_state [1,2,40,1], h_in [1,32]; concat along time, get_variable conv kernel 3x3 tf.nn.conv2d stride (1,2) VALID + relu, reshape, GRU step written out, dense 12 softmax; outputs probs, conv_state_out (slice of the concatenated buffer), h_out; frozen with graph_util.convert_variables_to_constants")
def b_tf1_crnn(out):
    def build():
        v1 = tf.compat.v1
        frame = v1.placeholder(tf.float32, [1, 1, N_MEL, 1], name="frame")
        state = v1.placeholder(tf.float32, [1, 2, N_MEL, 1], name="conv_state")
        h = v1.placeholder(tf.float32, [1, 32], name="h_in")
        full = tf.concat([state, frame], axis=1)
        w = v1.get_variable("conv/w", [3, 3, 1, 8], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("conv/b", [8], initializer=v1.zeros_initializer())
        feat = tf.reshape(tf.nn.relu(tf.nn.conv2d(full, w, [1, 1, 2, 1], "VALID") + b), [1, 19 * 8])
        h2 = _v1_gru(feat, h, "gru", 32)
        probs = tf.nn.softmax(_v1_dense(h2, "fc", N_KW), name="probs")
        return [probs, tf.identity(full[:, 1:], name="conv_state_out"), tf.identity(h2, name="h_out")]
    _v1_freeze(out, build)


OUTPUTS["s52_tf1_crnn_conv_state_placeholders_frozen"] = ["probs", "conv_state_out", "h_out"]


@model("s52_gru_external_state_none_batch_keras", "keras-export", "server-side streaming recognizer batching several streams: Keras functional model with None batch, inputs frames float [None,1,40] and state [None,64] used as initial_state of GRU(64, return_state=True); Dense(12) softmax; outputs probs and state_out; model.export (batch relaxed to None)")
def b_gru_ext_none(out):
    frames = keras.Input((1, N_MEL), name="frames")
    state = keras.Input((64,), name="state")
    y, h = L.GRU(64, return_state=True)(frames, initial_state=[state])
    _export(keras.Model([frames, state], {"probs": L.Dense(N_KW, activation="softmax", name="probs")(y),
                                          "state_out": L.Identity(name="state_out")(h)}), out)


# ================================================================================ speech enhancement

@model("s52_dtln_stage1_lstm_external_states_keras", "keras-export", "DTLN (dual-signal transformation LSTM) stage 1 as shipped for real-time denoising with external states: magnitude frame float [1,1,257] and states_in [1,2,64,2] (two LSTMs x (h, c)); log(mag + 1e-7), LayerNormalization, two LSTM(64, return_sequences, return_state) layers with initial states sliced from states_in, Dense(257, sigmoid) mask; outputs mask and states_out (keras.ops.stack of the new h / c); model.export with a batch-1 signature")
def b_dtln(out):
    mag = keras.Input((1, 257), batch_size=1, name="magnitude")
    st = keras.Input((2, 64, 2), batch_size=1, name="states_in")
    x = L.LayerNormalization()(L.Lambda(lambda t: keras.ops.log(t + 1e-7))(mag))
    new = []
    for i in range(2):
        x, h, c = L.LSTM(64, return_sequences=True, return_state=True)(x, initial_state=[st[:, i, :, 0], st[:, i, :, 1]])
        new.append((h, c))
    mask = L.Dense(257, activation="sigmoid", name="mask")(x)
    states_out = L.Lambda(lambda hc: keras.ops.stack([keras.ops.stack(hc[0:2], -1), keras.ops.stack(hc[2:4], -1)], 1),
                          name="states_out")([new[0][0], new[0][1], new[1][0], new[1][1]])
    _export(keras.Model([mag, st], {"mask": mask, "states_out": states_out}), out, fixed=True)


@model("s52_rnnoise_three_gru_internal_state_module", "tf-module", "RNNoise-like noise suppressor: 42 band features float [1,42] per 10 ms frame; Dense(24, tanh), VAD GRUCell(24, relu), noise GRUCell(48, relu) on concat(dense, vad, features), denoise GRUCell(96, relu) on concat(vad, noise, features), each hidden state in a tf.Variable assigned per step; outputs vad probability [1,1] and 22 band gains (sigmoid); signatures serving_default and reset")
def b_rnnoise(out):
    dense = _kmlp(42, [24], out_act="tanh")
    vad_c, noise_c, den_c = _cell(24, 24, activation="relu"), _cell(48, 24 + 24 + 42, activation="relu"), _cell(96, 24 + 48 + 42, activation="relu")
    vad_head, gain_head = _kmlp(24, [1], out_act="sigmoid"), _kmlp(96, [22], out_act="sigmoid")
    hs = [_zeros_var([1, n], f"{k}_state") for k, n in (("vad", 24), ("noise", 48), ("denoise", 96))]

    @tf.function(input_signature=[tensor_spec([1, 42], name="features")])
    def serve(features):
        d = dense(features)
        v, (h0,) = _step(vad_c, d, [hs[0].read_value()])
        n, (h1,) = _step(noise_c, tf.concat([d, v, features], 1), [hs[1].read_value()])
        g, (h2,) = _step(den_c, tf.concat([v, n, features], 1), [hs[2].read_value()])
        for var, val in zip(hs, (h0, h1, h2)):
            var.assign(val)
        return {"vad": vad_head(v), "gains": gain_head(g)}
    _save(out, {"nets": [dense, vad_c, noise_c, den_c, vad_head, gain_head], "state": hs},
          serving_default=serve, reset=_reset_fn(hs))


@model("s52_stft_mask_overlap_add_stream_module", "tf-module", "streaming STFT mask enhancer (hop 128, frame 256): samples float [1,128]; input buffer tf.Variable [1,128] with the previous hop, frame = concat(buffer, hop) * sqrt-Hann, tf.signal.rfft, magnitude -> log1p -> Keras MLP 64/64 -> 129 sigmoid mask, masked complex spectrum, tf.signal.irfft, synthesis window, overlap-add with the stored tail tf.Variable [1,128] (assigned the second half); outputs the enhanced hop [1,128] and the mask; signatures serving_default and reset")
def b_stft_ola(out):
    in_buf, ola = _zeros_var([1, 128], "input_buffer"), _zeros_var([1, 128], "ola_tail")
    win = np.sqrt(_hann(256))
    net = _kmlp(129, [64, 64, 129], out_act="sigmoid")

    @tf.function(input_signature=[tensor_spec([1, 128], name="samples")])
    def serve(samples):
        frame = tf.concat([in_buf.read_value(), samples], axis=1) * win
        in_buf.assign(samples)
        spec = tf.signal.rfft(frame)
        mask = net(tf.math.log1p(tf.abs(spec)))
        y = tf.signal.irfft(spec * tf.complex(mask, tf.zeros_like(mask))) * win
        enhanced = ola.read_value() + y[:, :128]
        ola.assign(y[:, 128:])
        return {"enhanced": enhanced, "mask": mask}
    _save(out, {"net": net, "state": [in_buf, ola]}, serving_default=serve, reset=_reset_fn([in_buf, ola]))


@model("s52_preemphasis_prev_sample_logmel_module", "tf-module", "stateful front end with pre-emphasis across chunk boundaries: audio float [1,160]; the previous chunk's last sample kept in a tf.Variable [1,1], y = x - 0.97 * concat(prev, x[:, :-1]), prev assigned x[:, -1:]; Hann window, rfft at 256, magnitude, 40-bin mel matrix, log; a Dense(8) + Dense(1, sigmoid) speech-presence head; signatures serving_default and reset")
def b_preemph(out):
    prev = _zeros_var([1, 1], "prev_sample")
    mel = tf.signal.linear_to_mel_weight_matrix(N_MEL, 129, 16000, 60.0, 7600.0)
    head = _kmlp(N_MEL, [8, 1], out_act="sigmoid")
    win = _hann(160)

    @tf.function(input_signature=[tensor_spec([1, 160], name="audio")])
    def serve(audio):
        y = audio - 0.97 * tf.concat([prev.read_value(), audio[:, :-1]], axis=1)
        prev.assign(audio[:, -1:])
        log_mel = tf.math.log(tf.matmul(tf.abs(tf.signal.rfft(y * win, fft_length=[256])), mel) + 1e-6)
        return {"log_mel": log_mel, "speech_prob": head(log_mel)}
    _save(out, {"prev": prev, "head": head}, serving_default=serve, reset=_reset_fn([prev]))


@model("s52_dc_blocker_iir_scan_state_module", "tf-module", "clap / knock detector front end with a DC-blocking IIR filter y[n] = x[n] - x[n-1] + 0.995 y[n-1] run sample by sample with tf.scan, its (x_prev, y_prev) state restored from and assigned back to tf.Variables per chunk: audio float [1,160]; energies of 10 sub-frames in dB, Keras MLP 16 -> 1 sigmoid; outputs filtered [1,160], energy_db [1,10], event_prob; signatures serving_default and reset")
def b_dc_blocker(out):
    state = _zeros_var([2], "filter_state")
    head = _kmlp(10, [16, 1], out_act="sigmoid")

    @tf.function(input_signature=[tensor_spec([1, 160], name="audio")])
    def serve(audio):
        def f(carry, x):
            y = x - carry[0] + 0.995 * carry[1]
            return tf.stack([x, y])
        states = tf.scan(f, audio[0], initializer=state.read_value())
        state.assign(states[-1])
        y = states[:, 1][None]
        e = 10.0 * tf.math.log(tf.reduce_mean(tf.square(tf.reshape(y, [1, 10, 16])), -1) + 1e-8) / np.log(10.0)
        return {"filtered": y, "energy_db": e, "event_prob": head(e / 100.0)}
    _save(out, {"state": state, "head": head}, serving_default=serve, reset=_reset_fn([state]))


@model("s52_vad_noise_floor_ema_hangover_module", "tf-module", "energy VAD with adaptive noise floor for a voice front end: frame float [1,160]; frame energy in dB, noise floor tf.Variable tracked by an asymmetric EMA (fast down / slow up, chosen with tf.where), speech when energy exceeds the floor by 6 dB, an int32 hangover counter tf.Variable reset to 8 on speech and counted down (tf.maximum); a Keras Dense(16) + Dense(1) refinement on (energy, floor, snr); outputs is_speech bool, snr_db, score; signatures serving_default and reset (floor back to -60 dB)")
def b_vad(out):
    floor, hang = tf.Variable(-60.0, trainable=False, name="noise_floor_db"), tf.Variable(0, trainable=False, name="hangover")
    head = _kmlp(3, [16, 1], out_act="sigmoid")

    @tf.function(input_signature=[tensor_spec([1, 160], name="frame")])
    def serve(frame):
        e = 10.0 * tf.math.log(tf.reduce_mean(tf.square(frame)) + 1e-10) / np.log(10.0)
        alpha = tf.where(e < floor, 0.5, 0.995)
        floor.assign(alpha * floor + (1.0 - alpha) * e)
        snr = e - floor
        speech = snr > 6.0
        hang.assign(tf.where(speech, 8, tf.maximum(hang - 1, 0)))
        score = head(tf.reshape(tf.stack([e, floor.read_value(), snr]) / 60.0, [1, 3]))
        return {"is_speech": tf.reshape(hang > 0, [1]), "snr_db": tf.reshape(snr, [1]), "score": score}

    @tf.function(input_signature=[])
    def reset():
        floor.assign(-60.0)
        hang.assign(0)
        return {"reset": tf.constant(True)}
    _save(out, {"floor": floor, "hang": hang, "head": head}, serving_default=serve, reset=reset)


# ================================================================================ online anomaly detection

@model("s52_welford_running_norm_autoencoder_module", "tf-module", "online anomaly detector for a sensor gateway: reading float [1,16]; Welford running statistics updated at inference (int64 count assign_add, mean assign_add(delta / n), M2 assign_add(delta * (x - new mean))), z-score normalisation, Keras Dense autoencoder 16-8-4-8-16, reconstruction MSE, EMA of the error in a tf.Variable as an adaptive threshold; signatures serving_default -> score / threshold / is_anomaly bool, stats() -> count / mean / std, reset()")
def b_welford(out):
    n, mean, m2 = tf.Variable(tf.constant(0, tf.int64), trainable=False, name="count"), _zeros_var([16], "mean"), _zeros_var([16], "m2")
    ema = tf.Variable(1.0, trainable=False, name="error_ema")
    ae = _kmlp(16, [8, 4, 8, 16])

    def std():
        return tf.sqrt(m2 / tf.cast(tf.maximum(n - 1, 1), tf.float32)) + 1e-3

    @tf.function(input_signature=[tensor_spec([1, 16], name="reading")])
    def serve(reading):
        x = reading[0]
        n.assign_add(1)
        delta = x - mean
        mean.assign_add(delta / tf.cast(n, tf.float32))
        m2.assign_add(delta * (x - mean))
        z = ((x - mean) / std())[None]
        err = tf.reduce_mean(tf.square(ae(z) - z))
        thr = 3.0 * ema
        ema.assign(0.99 * ema + 0.01 * err)
        return {"score": tf.reshape(err, [1]), "threshold": tf.reshape(thr, [1]), "is_anomaly": tf.reshape(err > thr, [1])}

    @tf.function(input_signature=[])
    def stats():
        return {"count": n.read_value(), "mean": mean.read_value(), "std": std()}

    @tf.function(input_signature=[])
    def reset():
        n.assign(0)
        mean.assign(tf.zeros([16]))
        m2.assign(tf.zeros([16]))
        ema.assign(1.0)
        return {"reset": tf.constant(True)}
    _save(out, {"state": [n, mean, m2, ema], "ae": ae}, serving_default=serve, stats=stats, reset=reset)


@model("s52_keras_ema_normalizer_layer_ae_none_batch", "keras-export", "Keras model with a custom OnlineNormalizer layer that updates moving mean / variance weights (add_weight, trainable=False) from each batch at inference (momentum 0.99, assign in call) and normalises with them, then a Dense autoencoder 24-12-6-12-24; output per-sample reconstruction error; input float [None,24] (None batch); model.export")
def b_ema_layer(out):
    class OnlineNormalizer(L.Layer):
        def build(self, shape):
            self.moving_mean = self.add_weight(shape=(shape[-1],), initializer="zeros", trainable=False, name="moving_mean")
            self.moving_var = self.add_weight(shape=(shape[-1],), initializer="ones", trainable=False, name="moving_var")

        def call(self, x):
            m, v = tf.nn.moments(x, axes=[0])
            self.moving_mean.assign(0.99 * self.moving_mean + 0.01 * m)
            self.moving_var.assign(0.99 * self.moving_var + 0.01 * v)
            return (x - self.moving_mean) * tf.math.rsqrt(self.moving_var + 1e-3)
    inp = keras.Input((24,), name="reading")
    z = OnlineNormalizer()(inp)
    rec = z
    for u in (12, 6, 12):
        rec = L.Dense(u, activation="relu")(rec)
    rec = L.Dense(24)(rec)
    err = L.Lambda(lambda t: tf.reduce_mean(tf.square(t[0] - t[1]), axis=-1), name="error")([rec, z])
    _export(keras.Model(inp, err), out)


@model("s52_ring_buffer_write_index_lstm_ae_module", "tf-module", "streaming LSTM-autoencoder anomaly detector on a vibration sensor: sample float [1,6]; ring buffer tf.Variable [32,6] written at an int32 write-index tf.Variable with scatter_nd_update, index advanced modulo 32, window read back in time order with tf.roll(buffer, -index, axis=0); Keras LSTM(16) encoder, RepeatVector(32), LSTM(16, return_sequences) decoder, TimeDistributed Dense(6); outputs score and a 'ready' bool once 32 samples were seen (int32 fill counter); signatures serving_default and reset")
def b_ring_lstm(out):
    buf, idx, fill = _zeros_var([32, 6], "ring_buffer"), tf.Variable(0, trainable=False, name="write_index"), tf.Variable(0, trainable=False, name="fill")
    inp = keras.Input((32, 6))
    x = L.TimeDistributed(L.Dense(6))(L.LSTM(16, return_sequences=True)(L.RepeatVector(32)(L.LSTM(16)(inp))))
    ae = keras.Model(inp, x)

    @tf.function(input_signature=[tensor_spec([1, 6], name="sample")])
    def serve(sample):
        buf.scatter_nd_update(tf.reshape(idx, [1, 1]), sample)
        idx.assign((idx + 1) % 32)
        fill.assign(tf.minimum(fill + 1, 32))
        window = tf.roll(buf, -idx, axis=0)[None]
        score = tf.reduce_mean(tf.square(ae(window) - window), axis=[1, 2])
        return {"score": score, "ready": tf.reshape(fill >= 32, [1])}

    @tf.function(input_signature=[])
    def reset():
        buf.assign(tf.zeros([32, 6]))
        idx.assign(0)
        fill.assign(0)
        return {"reset": tf.constant(True)}
    _save(out, {"ae": ae, "state": [buf, idx, fill]}, serving_default=serve, reset=reset)


@model("s52_har_imu_external_buffer_frozen_v2", "frozen-pb", "human-activity recognition on a wearable with the sliding window kept by the caller: buffer_in float [1,50,6] (accelerometer + gyroscope), sample [1,1,6]; buffer_out = concat(buffer_in[:,1:], sample), Keras Conv1D 16/32 (kernel 5) + MaxPooling1D + GlobalAveragePooling1D + Dense(6) softmax on the new window; frozen with convert_variables_to_constants_v2")
def b_har(out):
    net = keras.Sequential([keras.Input((50, 6)), L.Conv1D(16, 5, activation="relu"), L.MaxPooling1D(2),
                            L.Conv1D(32, 5, activation="relu"), L.GlobalAveragePooling1D(), L.Dense(6, activation="softmax")])

    def fn(buffer_in, sample):
        window = tf.concat([buffer_in[:, 1:], sample], axis=1)
        return {"probs": net(window, training=False), "buffer_out": window}
    _freeze(fn, [tensor_spec([1, 50, 6], name="buffer_in"), tensor_spec([1, 1, 6], name="sample")], out)


@model("s52_tf1_running_mean_assign_saved_model", "tf1-saved-model", "legacy TF1 SavedModel (SavedModelBuilder) of a sensor normaliser + classifier with state in tf.compat.v1 ref variables: signature serving_default(reading float [1,10]) runs assign_add on a count and a running mean (tf.compat.v1.assign), normalises with the updated mean under control_dependencies, get_variable dense 16 relu -> 3 softmax; signature reset() with no inputs assigns zeros (grouped, output a constant under control_dependencies)")
def b_tf1_running(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 10], name="reading")
        count = v1.Variable(0.0, trainable=False, name="count", use_resource=False)
        mean = v1.Variable(tf.zeros([10]), trainable=False, name="running_mean", use_resource=False)
        c = v1.assign_add(count, 1.0)
        m = v1.assign_add(mean, (x[0] - mean) / c)
        with tf.control_dependencies([m]):
            z = x - m
        probs = tf.nn.softmax(_v1_dense(_v1_dense(z, "fc1", 16, tf.nn.relu), "fc2", 3), name="probs")
        rst = tf.group(v1.assign(count, 0.0), v1.assign(mean, tf.zeros([10])))
        with tf.control_dependencies([rst]):
            done = tf.constant(True, name="reset_done")
        return {"serving_default": ({"reading": x}, {"probs": probs, "running_mean": tf.identity(m)}),
                "reset": ({}, {"reset": done})}
    _v1_saved(out, build)


@model("s52_tf1_ema_shadow_vars_frozen", "frozen-pb", "legacy TF1 sensor regressor trained with tf.compat.v1.train.ExponentialMovingAverage: get_variable dense 32/32 relu -> 1 on reading float [None,20]; ema.apply creates the shadow variables and their assign ops (run once), the exported inference path reads ema.average(var) for every weight; frozen to 'prediction' with graph_util.convert_variables_to_constants (the EMA update ops are left out of the frozen subgraph)")
def b_tf1_ema(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 20], name="reading")
        sizes = [(20, 32), (32, 32), (32, 1)]
        ws = [(v1.get_variable(f"fc{i}/w", s, initializer=v1.glorot_uniform_initializer()),
               v1.get_variable(f"fc{i}/b", [s[1]], initializer=v1.zeros_initializer())) for i, s in enumerate(sizes)]
        ema = v1.train.ExponentialMovingAverage(0.999)
        tf.group(ema.apply([v for wb in ws for v in wb]), name="ema_maintain")
        h = x
        for i, (w, b) in enumerate(ws):
            h = tf.matmul(h, ema.average(w)) + ema.average(b)
            h = tf.nn.relu(h) if i < 2 else h
        return [tf.identity(h, name="prediction")]
    _v1_freeze(out, build, extra_runs=["ema_maintain"])


OUTPUTS["s52_tf1_ema_shadow_vars_frozen"] = ["prediction"]


@model("s52_cusum_forecaster_residual_module", "tf-module", "online change detection for a metrics pipeline: window float [1,16] of past values and actual float [1,1]; Keras MLP 32/32 forecasts the next value, residual standardised by an EMA of |residual| tf.Variable, two-sided CUSUM statistics s_pos / s_neg tf.Variables (tf.maximum(0, s + r -/+ k)), alarm when either exceeds h=5 and both reset to 0 by tf.where on alarm; outputs forecast, alarm bool, s_pos, s_neg; signatures serving_default and reset")
def b_cusum(out):
    net = _kmlp(16, [32, 32, 1])
    s_pos, s_neg, scale = tf.Variable(0.0, trainable=False, name="s_pos"), tf.Variable(0.0, trainable=False, name="s_neg"), tf.Variable(1.0, trainable=False, name="resid_scale")

    @tf.function(input_signature=[tensor_spec([1, 16], name="window"), tensor_spec([1, 1], name="actual")])
    def serve(window, actual):
        pred = net(window)
        r = tf.reshape(actual - pred, [])
        z = r / (scale + 1e-3)
        scale.assign(0.95 * scale + 0.05 * tf.abs(r))
        sp, sn = tf.maximum(0.0, s_pos + z - 0.5), tf.maximum(0.0, s_neg - z - 0.5)
        alarm = tf.logical_or(sp > 5.0, sn > 5.0)
        s_pos.assign(tf.where(alarm, 0.0, sp))
        s_neg.assign(tf.where(alarm, 0.0, sn))
        return {"forecast": pred, "alarm": tf.reshape(alarm, [1]), "s_pos": tf.reshape(sp, [1]), "s_neg": tf.reshape(sn, [1])}

    @tf.function(input_signature=[])
    def reset():
        s_pos.assign(0.0)
        s_neg.assign(0.0)
        scale.assign(1.0)
        return {"reset": tf.constant(True)}
    _save(out, {"net": net, "state": [s_pos, s_neg, scale]}, serving_default=serve, reset=reset)


@model("s52_holt_smoothing_cond_initialized_module", "tf-module", "Holt linear exponential smoothing forecaster with a neural correction, state in tf.Variables: observation float [1,1]; a bool 'initialized' tf.Variable chooses with tf.cond between setting level to the first observation and the smoothing update (level / trend assigns, alpha 0.3 beta 0.1); 12-step forecast level + h * trend plus a Keras MLP correction on (level, trend, last residual); signatures serving_default -> forecast [1,12], level, trend; reset")
def b_holt(out):
    level, trend = tf.Variable(0.0, trainable=False, name="level"), tf.Variable(0.0, trainable=False, name="trend")
    resid, init = tf.Variable(0.0, trainable=False, name="last_residual"), tf.Variable(False, trainable=False, name="initialized")
    net = _kmlp(3, [16, 12])
    steps = np.arange(1, 13, dtype="float32")

    @tf.function(input_signature=[tensor_spec([1, 1], name="observation")])
    def serve(observation):
        y = tf.reshape(observation, [])

        def first():
            level.assign(y)
            trend.assign(0.0)
            return tf.constant(0.0)

        def update():
            prev = level.read_value()
            r = y - (prev + trend)
            level.assign(0.3 * y + 0.7 * (prev + trend))
            trend.assign(0.1 * (level - prev) + 0.9 * trend)
            return r
        r = tf.cond(init, update, first)
        init.assign(True)
        resid.assign(r)
        base = level + steps * trend
        corr = net(tf.reshape(tf.stack([level.read_value(), trend.read_value(), r]), [1, 3]))
        return {"forecast": base[None] + 0.1 * corr, "level": tf.reshape(level.read_value(), [1]), "trend": tf.reshape(trend.read_value(), [1])}

    @tf.function(input_signature=[])
    def reset():
        for v in (level, trend, resid):
            v.assign(0.0)
        init.assign(False)
        return {"reset": tf.constant(True)}
    _save(out, {"net": net, "state": [level, trend, resid, init]}, serving_default=serve, reset=reset)


@model("s52_online_kmeans_scatter_nd_add_module", "tf-module", "online k-means novelty detector on embeddings: raw window float [1,32] -> Keras Dense encoder 32-16; 8 centroids tf.Variable [8,16] and per-cluster counts [8]; nearest centroid by squared distance argmin (int32), counts.scatter_nd_add, centroid moved by scatter_nd_add of (x - c) / count; outputs cluster, distance, novelty = distance > 2 * mean centroid distance; signatures serving_default, centroids() and reset() (seeded initial centroids restored)")
def b_kmeans(out):
    enc = _kmlp(32, [32, 16], "relu", "tanh")
    c0 = np.random.default_rng(5).normal(0, 0.5, (8, 16)).astype("float32")
    cent, counts = tf.Variable(c0, trainable=False, name="centroids"), _zeros_var([8], "counts")

    @tf.function(input_signature=[tensor_spec([1, 32], name="window")])
    def serve(window):
        z = enc(window)
        d = tf.reduce_sum(tf.square(z - cent), axis=-1)
        k = tf.argmin(d, output_type=tf.int32)
        idx = tf.reshape(k, [1, 1])
        counts.scatter_nd_add(idx, [1.0])
        cent.scatter_nd_add(idx, (z - tf.gather(cent, idx[:, 0])) / tf.gather(counts, idx[:, 0])[:, None])
        dk = tf.gather(d, k)
        return {"cluster": tf.reshape(k, [1]), "distance": tf.reshape(dk, [1]), "novelty": tf.reshape(dk > 2.0 * tf.reduce_mean(d), [1])}

    @tf.function(input_signature=[])
    def centroids():
        return {"centroids": cent.read_value(), "counts": counts.read_value()}

    @tf.function(input_signature=[])
    def reset():
        cent.assign(c0)
        counts.assign(tf.zeros([8]))
        return {"reset": tf.constant(True)}
    _save(out, {"enc": enc, "state": [cent, counts]}, serving_default=serve, centroids=centroids, reset=reset)


@model("s52_tta_batchnorm_training_true_conv1d_keras", "keras-export", "test-time-adapting sensor classifier (TENT-style): subclassed Keras model whose call runs its BatchNormalization layers with training=True regardless of the flag, so every inference batch updates the moving mean / variance variables; Conv1D 16/32 (kernel 5, same) + BatchNormalization + ReLU, GlobalAveragePooling1D, Dense(5) softmax on windows float [None,64,3] (None batch); model.export with an explicit input signature")
def b_tta(out):
    class TTAClassifier(keras.Model):
        def __init__(self):
            super().__init__()
            self.convs = [L.Conv1D(16, 5, padding="same"), L.Conv1D(32, 5, padding="same")]
            self.bns = [L.BatchNormalization(momentum=0.9), L.BatchNormalization(momentum=0.9)]
            self.pool, self.head = L.GlobalAveragePooling1D(), L.Dense(5, activation="softmax")

        def call(self, x, training=None):
            for c, bn in zip(self.convs, self.bns):
                x = tf.nn.relu(bn(c(x), training=True))
            return self.head(self.pool(x))
    m = TTAClassifier()
    m(np.zeros((2, 64, 3), "float32"))
    keras_export(m, out, sig=[tensor_spec([None, 64, 3], name="window")])


# ================================================================================ sensors

@model("s52_pedometer_assign_add_int64_counter_module", "tf-module", "on-device pedometer: accelerometer window float [1,25,3]; Keras Conv1D(16, 5) + GlobalMaxPooling1D + Dense(1, sigmoid) step detector, rising-edge detection against a stored bool tf.Variable, an int64 step counter tf.Variable incremented with assign_add(tf.cast(edge, tf.int64)); signatures serving_default -> step_prob / total_steps, get_count() and reset()")
def b_pedometer(out):
    net = keras.Sequential([keras.Input((25, 3)), L.Conv1D(16, 5, activation="relu"), L.GlobalMaxPooling1D(), L.Dense(1, activation="sigmoid")])
    total, prev = tf.Variable(tf.constant(0, tf.int64), trainable=False, name="total_steps"), tf.Variable(False, trainable=False, name="prev_high")

    @tf.function(input_signature=[tensor_spec([1, 25, 3], name="accel")])
    def serve(accel):
        p = net(accel)
        high = tf.reshape(p > 0.5, [])
        total.assign_add(tf.cast(tf.logical_and(high, tf.logical_not(prev)), tf.int64))
        prev.assign(high)
        return {"step_prob": p, "total_steps": tf.reshape(total.read_value(), [1])}

    @tf.function(input_signature=[])
    def get_count():
        return {"total_steps": total.read_value()}

    @tf.function(input_signature=[])
    def reset():
        total.assign(0)
        prev.assign(False)
        return {"reset": tf.constant(True)}
    _save(out, {"net": net, "state": [total, prev]}, serving_default=serve, get_count=get_count, reset=reset)


@model("s52_gru_stateful_batch4_streams_keras", "keras-export", "stateful GRU serving four sensor streams in lockstep: chunk float [4,5,16] with fixed batch 4 (one row per stream), GRU(32, stateful=True, return_sequences=True), TimeDistributed Dense(3) softmax per time step; model.export keeping the batch-4 signature")
def b_gru_b4(out):
    inp = keras.Input((5, 16), batch_size=4, name="chunk")
    x = L.GRU(32, stateful=True, return_sequences=True)(inp)
    _export(keras.Model(inp, L.TimeDistributed(L.Dense(3, activation="softmax"))(x)), out, fixed=True)


@model("s52_ppg_heart_rate_external_buffer_keras", "keras-export", "wrist PPG heart-rate estimator with the signal history passed in and out: inputs hop float [1,8,1] (new samples at 25 Hz) and buffer_in [1,56,1]; Concatenate along time to a 64-sample window, per-window standardisation (Lambda mean / std), Conv1D 8/16 (kernel 7) + MaxPooling1D, Flatten, Dense(16), Dense(1) bpm scaled by 60 + 40 * sigmoid; outputs bpm and buffer_out = window[:, 8:]; model.export with a batch-1 signature")
def b_ppg(out):
    hop = keras.Input((8, 1), batch_size=1, name="hop")
    buf = keras.Input((56, 1), batch_size=1, name="buffer_in")
    w = L.Concatenate(axis=1)([buf, hop])
    x = L.Lambda(lambda t: (t - tf.reduce_mean(t, 1, keepdims=True)) / (tf.math.reduce_std(t, 1, keepdims=True) + 1e-6))(w)
    for f in (8, 16):
        x = L.MaxPooling1D(2)(L.Conv1D(f, 7, activation="relu")(x))
    x = L.Dense(1, activation="sigmoid")(L.Dense(16, activation="relu")(L.Flatten()(x)))
    bpm = L.Lambda(lambda t: 60.0 + 120.0 * t, name="bpm")(x)
    _export(keras.Model([hop, buf], {"bpm": bpm, "buffer_out": L.Identity(name="buffer_out")(w[:, 8:])}), out, fixed=True)


@model("s52_keras_step_counter_warmup_mask_stream_conv", "keras-export", "streaming gesture recogniser on IMU samples with a warm-up mask: Keras functional model on sample float [1,1,6] (fixed batch 1); a StreamBuffer layer keeps the last 19 samples, a custom StepCounter layer holds an int32 add_weight counter incremented (assign_add) on every call and outputs valid = counter >= 20, Conv1D 16/16 (kernel 5) + GlobalAveragePooling1D + Dense(4) softmax, the probabilities zeroed until the buffer is full; model.export with a batch-1 signature")
def b_warmup(out):
    SB = _stream_buffer_layer()

    class StepCounter(L.Layer):
        def build(self, shape):
            self.step = self.add_weight(shape=(), initializer="zeros", dtype="int32", trainable=False, name="step")

        def call(self, x):
            self.step.assign_add(1)
            return tf.cast(tf.convert_to_tensor(self.step) >= 20, x.dtype) * tf.ones_like(x[:, 0, :1])
    inp = keras.Input((1, 6), batch_size=1, name="sample")
    w = SB(20)(inp)
    valid = StepCounter()(inp)
    x = L.Conv1D(16, 5, activation="relu")(L.Conv1D(16, 5, activation="relu")(w))
    probs = L.Dense(4, activation="softmax")(L.GlobalAveragePooling1D()(x))
    _export(keras.Model(inp, {"probs": L.Multiply(name="probs")([probs, valid]), "valid": L.Identity(name="valid")(valid)}),
            out, fixed=True)


# ================================================================================ servers' session-style modules

@model("s52_session_slots_gru_scatter_reset_module", "tf-module", "multi-session streaming server with per-session GRU state rows: states tf.Variable [8,64] (8 session slots); serving_default(slot int32 [1], features float [1,20]) gathers the slot's row, Keras Dense(64) + GRUCell(64) step, writes it back with scatter_nd_update, Dense(5) softmax; reset_session(slot) scatters zeros to the row; reset_all() assigns zeros")
def b_slots(out):
    states = _zeros_var([8, 64], "session_states")
    proj, cell, head = _kmlp(20, [64], out_act="relu"), _cell(64, 64), _kmlp(64, [5], out_act="softmax")
    slot_spec = tensor_spec([1], "int32", "slot")

    @tf.function(input_signature=[slot_spec, tensor_spec([1, 20], name="features")])
    def serve(slot, features):
        y, (h,) = _step(cell, proj(features), [tf.gather(states, slot)])
        states.scatter_nd_update(slot[:, None], h)
        return {"probs": head(y)}

    @tf.function(input_signature=[slot_spec])
    def reset_session(slot):
        states.scatter_nd_update(slot[:, None], tf.zeros([1, 64]))
        return {"reset": tf.constant(True)}
    _save(out, {"nets": [proj, cell, head], "states": states}, serving_default=serve, reset_session=reset_session,
          reset_all=_reset_fn([states]))


FEEDS["s52_session_slots_gru_scatter_reset_module"] = {"slot": (0, 8)}


@model("s52_session_string_hash_bucket_lstm_module", "tf-module", "streaming speech-command server keyed by string session ids: session_id string [1] mapped to one of 16 state slots by tf.strings.to_hash_bucket_fast; LSTM h / c state tf.Variables [16,2,32] gathered per slot, Keras LSTMCell(32) on the frame float [1,40], new state written with tensor_scatter_nd_update + assign, Dense(12) softmax; signatures serving_default(session_id, frame) and end_session(session_id) zeroing the slot")
def b_hash_sessions(out):
    st = _zeros_var([16, 2, 32], "session_states")
    cell, head = _cell(32, N_MEL, "lstm"), _kmlp(32, [N_KW], out_act="softmax")
    sid_spec = tensor_spec([1], "string", "session_id")

    @tf.function(input_signature=[sid_spec, tensor_spec([1, N_MEL], name="frame")])
    def serve(session_id, frame):
        slot = tf.strings.to_hash_bucket_fast(session_id, 16)
        s = tf.gather(st, slot)
        y, (h, c) = _step(cell, frame, [s[:, 0], s[:, 1]])
        st.assign(tf.tensor_scatter_nd_update(st, slot[:, None], tf.stack([h, c], axis=1)))
        return {"probs": head(y), "slot": slot}

    @tf.function(input_signature=[sid_spec])
    def end_session(session_id):
        slot = tf.strings.to_hash_bucket_fast(session_id, 16)
        st.assign(tf.tensor_scatter_nd_update(st, slot[:, None], tf.zeros([1, 2, 32])))
        return {"slot": slot}
    _save(out, {"cell": cell, "head": head, "states": st}, serving_default=serve, end_session=end_session)


FEEDS["s52_session_string_hash_bucket_lstm_module"] = {"session_id": ["user-42:mic0"]}


@model("s52_session_mutable_hash_table_ema_module", "tf-module", "per-device online scoring server holding state in a tf.lookup.experimental.MutableHashTable (string device id -> float [9]: an EMA of the 8 encoded features plus a count): serving_default(device_id string [1], features float [1,8]) looks the entry up, updates EMA and count, inserts it back, Keras MLP scores the deviation from the device's EMA; forget(device_id) removes the key; size() returns the table size (int64)")
def b_mht(out):
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, default_value=tf.zeros([9]))
    enc, scorer = _kmlp(8, [16, 8], "relu", "tanh"), _kmlp(16, [16, 1], out_act="sigmoid")
    id_spec = tensor_spec([1], "string", "device_id")

    @tf.function(input_signature=[id_spec, tensor_spec([1, 8], name="features")])
    def serve(device_id, features):
        z = enc(features)
        prev = table.lookup(device_id)
        ema, n = prev[:, :8], prev[:, 8:]
        new_ema = tf.where(n > 0, 0.9 * ema + 0.1 * z, z)
        table.insert(device_id, tf.concat([new_ema, n + 1.0], axis=1))
        return {"score": scorer(tf.concat([z, z - ema], axis=1)), "count": n[:, 0] + 1.0}

    @tf.function(input_signature=[id_spec])
    def forget(device_id):
        with tf.control_dependencies([table.remove(device_id)]):
            return {"removed": tf.constant(True)}

    @tf.function(input_signature=[])
    def size():
        return {"size": table.size()}
    _save(out, {"table": table, "enc": enc, "scorer": scorer}, serving_default=serve, forget=forget, size=size)


FEEDS["s52_session_mutable_hash_table_ema_module"] = {"device_id": ["sensor-0007"]}


@model("s52_streaming_transformer_kv_cache_init_step", "tf-module", "chunked streaming Transformer encoder (CTC acoustic model) with its attention cache as external state: signature init() -> zero k_cache / v_cache float [1,16,32] and cache_mask [1,16]; step(chunk float [1,4,40], k_cache, v_cache, cache_mask) -> Keras Dense projections, single-head attention over concat(cache, chunk) with a causal mask inside the chunk and the cache mask as additive -1e9 bias, LayerNormalization + FFN, Dense(30) CTC log_softmax; new caches keep the last 16 positions (concat + slice), mask shifted in with ones")
def b_kv_cache(out):
    proj, q_l, k_l, v_l, o_l = L.Dense(32), L.Dense(32), L.Dense(32), L.Dense(32), L.Dense(32)
    ln1, ln2, head = L.LayerNormalization(), L.LayerNormalization(), L.Dense(30)
    ffn = keras.Sequential([keras.Input((4, 32)), L.Dense(64, activation="relu"), L.Dense(32)])
    proj.build((1, 4, N_MEL))
    for layer in (q_l, k_l, v_l, o_l, ln1, ln2, head):
        layer.build((1, 4, 32))
    causal = np.concatenate([np.ones((4, 16)), np.tril(np.ones((4, 4)))], axis=1).astype("float32")
    cspec = tensor_spec([1, 16, 32], name="k_cache"), tensor_spec([1, 16, 32], name="v_cache")

    @tf.function(input_signature=[])
    def init():
        return {"k_cache": tf.zeros([1, 16, 32]), "v_cache": tf.zeros([1, 16, 32]), "cache_mask": tf.zeros([1, 16])}

    @tf.function(input_signature=[tensor_spec([1, 4, N_MEL], name="chunk"), *cspec, tensor_spec([1, 16], name="cache_mask")])
    def step(chunk, k_cache, v_cache, cache_mask):
        x = proj(chunk)
        k_all, v_all = tf.concat([k_cache, k_l(x)], 1), tf.concat([v_cache, v_l(x)], 1)
        mask = causal * tf.concat([cache_mask, tf.ones([1, 4])], 1)[:, None, :]
        att = tf.matmul(q_l(x), k_all, transpose_b=True) / np.sqrt(32.0) + (1.0 - mask) * -1e9
        x = ln1(x + o_l(tf.matmul(tf.nn.softmax(att), v_all)))
        x = ln2(x + ffn(x))
        return {"log_probs": tf.nn.log_softmax(head(x)), "k_cache_out": k_all[:, 4:], "v_cache_out": v_all[:, 4:],
                "cache_mask_out": tf.concat([cache_mask, tf.ones([1, 4])], 1)[:, 4:]}
    _save(out, {"layers": [proj, q_l, k_l, v_l, o_l, ln1, ln2, ffn, head]}, serving_default=step, init=init)


@model("s52_wakeword_posterior_smoothing_cooldown_module", "tf-module", "wake-word detector with on-device posterior handling: frame float [1,40] -> Keras GRUCell(32) with state tf.Variable -> Dense(4) softmax posteriors; the last 10 posteriors in a ring buffer tf.Variable [10,4] (tf.roll + sliced assign of the last row), smoothed mean, confidence = max over keywords (excluding filler), detection when above 0.8 and an int32 cooldown tf.Variable is 0 (set to 20 on detection, else decremented); outputs posteriors, smoothed, detected bool, keyword int32; signatures serving_default and reset")
def b_wakeword(out):
    h, ring, cool = _zeros_var([1, 32], "gru_state"), _zeros_var([10, 4], "posterior_ring"), tf.Variable(0, trainable=False, name="cooldown")
    cell, head = _cell(32, N_MEL), _kmlp(32, [4], out_act="softmax")

    @tf.function(input_signature=[tensor_spec([1, N_MEL], name="frame")])
    def serve(frame):
        y, (h2,) = _step(cell, frame, [h.read_value()])
        h.assign(h2)
        post = head(y)
        ring.assign(tf.roll(ring, -1, axis=0))
        ring[9:10].assign(post)
        smooth = tf.reduce_mean(ring, axis=0)
        kw = tf.argmax(smooth[1:], output_type=tf.int32) + 1
        detected = tf.logical_and(tf.reduce_max(smooth[1:]) > 0.8, cool <= 0)
        cool.assign(tf.where(detected, 20, tf.maximum(cool - 1, 0)))
        return {"posteriors": post, "smoothed": smooth[None], "detected": tf.reshape(detected, [1]), "keyword": tf.reshape(kw, [1])}

    @tf.function(input_signature=[])
    def reset():
        h.assign(tf.zeros([1, 32]))
        ring.assign(tf.zeros([10, 4]))
        cool.assign(0)
        return {"reset": tf.constant(True)}
    _save(out, {"cell": cell, "head": head, "state": [h, ring, cool]}, serving_default=serve, reset=reset)


@model("s52_init_reset_step_lstm_learned_initial_state", "tf-module", "session-style recurrent model server with three signatures: init() copies learned (trainable) initial h0 / c0 tf.Variables into the state variables, reset() zeroes them, step(x float [1,24]) runs a Keras LSTMCell(32) from the state variables, assigns the new state and returns Dense(6) logits; plus get_state() returning h / c")
def b_init_reset(out):
    rng = np.random.default_rng(6)
    h0, c0 = tf.Variable(rng.normal(0, 0.1, (1, 32)).astype("float32"), name="h0"), tf.Variable(rng.normal(0, 0.1, (1, 32)).astype("float32"), name="c0")
    h, c = _zeros_var([1, 32], "h"), _zeros_var([1, 32], "c")
    cell, head = _cell(32, 24, "lstm"), _kmlp(32, [6])

    @tf.function(input_signature=[])
    def init():
        h.assign(h0)
        c.assign(c0)
        return {"h": h.read_value(), "c": c.read_value()}

    @tf.function(input_signature=[tensor_spec([1, 24], name="x")])
    def step(x):
        y, (h2, c2) = _step(cell, x, [h.read_value(), c.read_value()])
        h.assign(h2)
        c.assign(c2)
        return {"logits": head(y)}

    @tf.function(input_signature=[])
    def get_state():
        return {"h": h.read_value(), "c": c.read_value()}
    _save(out, {"cell": cell, "head": head, "vars": [h0, c0, h, c]}, serving_default=step, init=init,
          reset=_reset_fn([h, c]), get_state=get_state)


@model("s52_fast_wavenet_dilation_queues_module", "tf-module", "fast-WaveNet incremental generator (per-layer dilation queues in tf.Variables): sample float [1,1] in [-1,1]; 4 gated layers with dilations 1/2/4/8 and 16 channels, each reading the oldest entry of its queue [1,d,16] and pushing the current input (concat + slice, assign), kernel-2 causal conv as two matmuls, tanh * sigmoid gate, residual and skip 1x1; output 64-way mu-law logits, the argmax class (int32) and its mu-law decoded value; signatures serving_default and reset")
def b_wavenet(out):
    dil, ch = (1, 2, 4, 8), 16
    queues = [_zeros_var([1, d, ch], f"queue_d{d}") for d in dil]
    rng = np.random.default_rng(7)

    def w(*s):
        return tf.Variable(rng.normal(0, 0.3, s).astype("float32"))
    inp_w = w(1, ch)
    layers = [(w(ch, 2 * ch), w(ch, 2 * ch), w(ch, ch), w(ch, ch)) for _ in dil]
    out_p = _params([ch, 32, 64], 8, "out")
    mu = 63.0

    @tf.function(input_signature=[tensor_spec([1, 1], name="sample")])
    def serve(sample):
        x, skip = tf.matmul(sample, inp_w), 0.0
        for q, (w_old, w_cur, w_res, w_skip) in zip(queues, layers):
            old = q[:, 0]
            q.assign(tf.concat([q[:, 1:], x[:, None]], axis=1))
            a, b = tf.split(tf.matmul(old, w_old) + tf.matmul(x, w_cur), 2, axis=1)
            z = tf.tanh(a) * tf.sigmoid(b)
            skip += tf.matmul(z, w_skip)
            x = x + tf.matmul(z, w_res)
        logits = _mlp(out_p, tf.nn.relu(skip))
        k = tf.argmax(logits, axis=-1, output_type=tf.int32)
        y = 2.0 * tf.cast(k, tf.float32) / mu - 1.0
        return {"logits": logits, "class": k, "value": tf.sign(y) * (tf.pow(1.0 + mu, tf.abs(y)) - 1.0) / mu}
    _save(out, {"queues": queues, "params": [inp_w, layers, out_p]}, serving_default=serve, reset=_reset_fn(queues))


@model("s52_xla_jit_gru_step_variables_module", "tf-module", "streaming GRU step compiled with tf.function(jit_compile=True) as a server does for latency: frame float [1,32] -> Dense(32, relu) -> GRUCell(48) from a state tf.Variable (assigned inside the jit-compiled function) -> Dense(8) softmax; a second jit-compiled signature steps a chunk [1,4,32] frame by frame in a Python loop; reset() zeroes the state")
def b_xla_gru(out):
    h = _zeros_var([1, 48], "state")
    proj, cell, head = _kmlp(32, [32], out_act="relu"), _cell(48, 32), _kmlp(48, [8], out_act="softmax")

    def one(x):
        y, (h2,) = _step(cell, proj(x), [h.read_value()])
        h.assign(h2)
        return head(y)

    @tf.function(jit_compile=True, input_signature=[tensor_spec([1, 32], name="frame")])
    def serve(frame):
        return {"probs": one(frame)}

    @tf.function(jit_compile=True, input_signature=[tensor_spec([1, 4, 32], name="chunk")])
    def chunk(chunk):
        return {"probs": tf.stack([one(chunk[:, t]) for t in range(4)], axis=1)}
    _save(out, {"nets": [proj, cell, head], "state": h}, serving_default=serve, chunk=chunk, reset=_reset_fn([h]))


# ================================================================================ TF1 graph-mode streaming models

@model("s52_tf1_ring_buffer_conv_saved_model_reset", "tf1-saved-model", "legacy TF1 streaming classifier SavedModel (SavedModelBuilder) with its frame buffer in a tf.compat.v1 ref variable [1,8,40]: signature serving_default(frame float [1,40]) assigns concat(buffer[:,1:], frame) with tf.compat.v1.assign, then get_variable conv1d (tf.nn.conv1d kernel 3, 16 filters) + relu + reduce_mean over time + dense 12 softmax on the assigned value; signature reset() assigns zeros; signature peek() returns the buffer")
def b_tf1_ring(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, N_MEL], name="frame")
        buf = v1.Variable(tf.zeros([1, 8, N_MEL]), trainable=False, name="frame_buffer", use_resource=False)
        new = v1.assign(buf, tf.concat([buf[:, 1:], x[:, None]], axis=1))
        w = v1.get_variable("conv/w", [3, N_MEL, 16], initializer=v1.glorot_uniform_initializer())
        h = tf.reduce_mean(tf.nn.relu(tf.nn.conv1d(new, w, 1, "VALID")), axis=1)
        probs = tf.nn.softmax(_v1_dense(h, "fc", N_KW), name="probs")
        rst = v1.assign(buf, tf.zeros([1, 8, N_MEL]))
        return {"serving_default": ({"frame": x}, {"probs": probs}), "reset": ({}, {"buffer": tf.identity(rst)}),
                "peek": ({}, {"buffer": tf.identity(buf)})}
    _v1_saved(out, build)


@model("s52_tf1_gru_state_vars_frozen_pruned_assign", "frozen-pb", "legacy TF1 streaming GRU whose hidden state lives in a tf.compat.v1 variable updated by a separate 'update_state' assign op (run with each step in the original session), frozen with graph_util.convert_variables_to_constants to the outputs 'probs' and 'h_new' only: the assign is pruned and the state variable becomes a constant (its value after the build's run); placeholder frame float [1,40], GRU step written out, dense 12 softmax")
def b_tf1_gru_pruned(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, N_MEL], name="frame")
        h = v1.get_variable("gru_state", [1, 32], initializer=v1.zeros_initializer(), trainable=False)
        h2 = _v1_gru(x, h, "gru", 32)
        v1.assign(h, h2, name="update_state")
        return [tf.nn.softmax(_v1_dense(h2, "fc", N_KW), name="probs"), tf.identity(h2, name="h_new")]
    _v1_freeze(out, build, extra_runs=["update_state"])


OUTPUTS["s52_tf1_gru_state_vars_frozen_pruned_assign"] = ["probs", "h_new"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
