"""Build an independently made corpus into bench/out/fresh35/: recurrent and sequence models the way people build and
export them for phones and microcontrollers (TFLite float and full-integer int8, the GPU delegate) and for Cloud TPU.
Keras 3 LSTM / GRU / SimpleRNN layers (return_sequences, return_state, go_backwards, unroll=True, stateful=True,
reset_after=False GRUs, dropout / recurrent_dropout set but exported for inference, Masking layers, mask_zero
embeddings, masks from a lengths input), Bidirectional wrappers (concat / sum / ave / mul merges), stacked RNNs,
ConvLSTM1D / ConvLSTM2D, TimeDistributed CNN + LSTM video models, keras.layers.RNN over custom cells (a minimal RNN
cell, a layer-normalized LSTM cell, stacked built-in cells); attention seq2seq (a teacher-forced Keras Luong model
exported as trained, a Bahdanau decoder greedy-decoding in tf.while_loop, a Luong decoder unrolled in Python), CTC heads
(log_softmax for CTC, tf.nn.ctc_greedy_decoder, tf.nn.ctc_beam_search_decoder, keras.ops.ctc_decode), CRNN OCR, a
BiGRU-CRF tagger with Viterbi decoding by tf.scan, streaming keyword spotting with explicit state in / out, time-series
forecasters (encoder-decoder with future covariates, DeepAR-like Gaussian head with stateless sampling, an
autoregressive decoder with a dynamic horizon), QRNN fo-pooling with tf.scan and minGRU with a log-space parallel scan
written by hand, LSTMP with peepholes, a 1D conv + GRU speech model computing log-mel features in the graph, raw
tf.function RNNs (tf.scan, tf.while_loop + TensorArray, AutoGraph for over tf.range), and TF1-style tf.compat.v1
graphs running tf.compat.v1.nn.dynamic_rnn / static_rnn / bidirectional_dynamic_rnn over hand-written cells
reproducing LSTMCell / GRUCell / MultiRNNCell (the Keras-backed tf.compat.v1.nn.rnn_cell classes are unavailable under
Keras 3), frozen with graph_util.convert_variables_to_constants or saved with SavedModelBuilder. Dynamic (None) and
fixed sequence lengths, batch 1 and None batch, some sequence_length inputs; a few int32 token inputs, one
mixed_bfloat16 and one jit_compile model for Cloud TPU. Exported with Keras 3 model.export (batch-1 or None
signatures), keras.export.ExportArchive, tf.saved_model.save of Keras models and of tf.Modules with explicit (some
several) signatures, TF2 functions frozen with convert_variables_to_constants_v2, and TF1 graphs. Seeded random
weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh35.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh35.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh35.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh35.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh35.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.

"era tf1" in a description means the graph was built with TF 1.x defaults (reference variables, v1 control flow:
Switch / Merge, Enter / Exit / NextIteration, TensorArrayV3); "era compat" means tf.compat.v1 code run with TF 2.x
defaults (resource variables, functional While / If).
"""

import collections
import contextlib
import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh35", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = v1 = None

# Inputs that need real values (token ids in range, lengths, seeds, step counts): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs: None dims -> 2 for the
# batch, 32 elsewhere).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _name(out):
    return out.name.removeprefix(".tmp_").removesuffix(".pb")


def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(_name(out)), sig)


def _specs(m):
    return [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]


def _export(m, out, sig=None):
    """run the Keras model once (inference) on the --check inputs, then model.export; `sig` a list of TensorSpecs
    (wrapped for a multi-input model) keeps fixed shapes, else the batch is relaxed to None"""
    specs = sig or _specs(m)
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=None if sig is None else ([sig] if len(sig) > 1 else sig))


def _archive(out, m, **endpoints):
    """keras.export.ExportArchive tracking `m`, one endpoint per (fn, specs); each run once on the --check inputs"""
    archive = keras.export.ExportArchive()
    archive.track(m)
    for k, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, k)
        fn(*[vals[s.name] for s in specs])
        archive.add_endpoint(k, fn, input_signature=specs)
    archive.write_out(str(out), verbose=False)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


@contextlib.contextmanager
def _v1_graph(era):
    """a fresh graph (graph seed 0); era "tf1": TF 1.x defaults (ref variables, v1 control flow), "compat": TF 2.x"""
    if era == "tf1":
        v1.disable_control_flow_v2()
        v1.disable_resource_variables()
    try:
        with tf.Graph().as_default() as g:
            v1.set_random_seed(0)
            yield g
    finally:
        v1.enable_control_flow_v2()
        v1.enable_resource_variables()


def _v1_feeds(out, g):
    """{placeholder: value} of graph g's placeholders from the --check inputs (made eagerly, outside the graph)"""
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    return {phs[k]: v.numpy() for k, v in vals.items()}


def _v1_freeze(out, build, era="tf1"):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names"""
    with _v1_graph(era) as g:
        outputs = build()
        init = v1.global_variables_initializer()
    feeds = _v1_feeds(out, g)
    with v1.Session(graph=g) as s:
        s.run(init)
        s.run(outputs, feeds)
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_saved_model(out, build, era="compat"):
    """TF1 SavedModelBuilder export: build() returns {signature: (inputs dict, outputs dict)}; run once, predict
    signature_defs, tags ["serve"]"""
    with _v1_graph(era) as g:
        sigs = build()
        init = v1.global_variables_initializer()
    feeds = _v1_feeds(out, g)
    with g.as_default(), v1.Session(graph=g) as s:
        s.run(init)
        s.run([o for _, outs in sigs.values() for o in outs.values()], feeds)
        b = v1.saved_model.Builder(str(out))
        b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
            k: v1.saved_model.predict_signature_def(i, o) for k, (i, o) in sigs.items()})
        b.save()


def _v1_dense(x, name, n, act=None):
    """TF1 fully-connected layer: get_variable weights (glorot) / biases (zeros), matmul + bias_add"""
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), n], initializer=v1.glorot_uniform_initializer())
        y = tf.nn.bias_add(tf.matmul(x, w), v1.get_variable("biases", [n], initializer=v1.zeros_initializer()))
        return act(y) if act else y


# ---------------------------------------------------------------------------- TF1 RNN cells (rnn_cell_impl look-alikes)
LSTMStateTuple = collections.namedtuple("LSTMStateTuple", ("c", "h"))


class V1LSTMCell:
    """tf.compat.v1.nn.rnn_cell.LSTMCell math and naming (no peepholes): 'kernel' on concat(x, h) -> i, j, f, o,
    forget_bias 1.0 added to f, state LSTMStateTuple(c, h)."""

    def __init__(self, num_units, name="lstm_cell"):
        self.n, self.name = num_units, name

    state_size = property(lambda self: LSTMStateTuple(self.n, self.n))
    output_size = property(lambda self: self.n)

    def zero_state(self, batch_size, dtype):
        return LSTMStateTuple(tf.zeros([batch_size, self.n], dtype), tf.zeros([batch_size, self.n], dtype))

    def __call__(self, inputs, state, scope=None):
        c, h = state
        with v1.variable_scope(scope or self.name, reuse=v1.AUTO_REUSE):
            w = v1.get_variable("kernel", [int(inputs.shape[-1]) + self.n, 4 * self.n])
            b = v1.get_variable("bias", [4 * self.n], initializer=v1.zeros_initializer())
        i, j, f, o = tf.split(tf.nn.bias_add(tf.matmul(tf.concat([inputs, h], 1), w), b), 4, axis=1)
        c = c * tf.sigmoid(f + 1.0) + tf.sigmoid(i) * tf.tanh(j)
        h = tf.tanh(c) * tf.sigmoid(o)
        return h, LSTMStateTuple(c, h)


class V1GRUCell:
    """tf.compat.v1.nn.rnn_cell.GRUCell math and naming: 'gates' kernel -> sigmoid r, u (bias init 1.0); 'candidate'
    kernel on concat(x, r * h) -> tanh; h' = u * h + (1 - u) * c."""

    def __init__(self, num_units, name="gru_cell"):
        self.n, self.name = num_units, name

    state_size = property(lambda self: self.n)
    output_size = property(lambda self: self.n)

    def zero_state(self, batch_size, dtype):
        return tf.zeros([batch_size, self.n], dtype)

    def __call__(self, inputs, h, scope=None):
        d = int(inputs.shape[-1]) + self.n
        with v1.variable_scope(scope or self.name, reuse=v1.AUTO_REUSE):
            with v1.variable_scope("gates"):
                wg = v1.get_variable("kernel", [d, 2 * self.n])
                bg = v1.get_variable("bias", [2 * self.n], initializer=v1.ones_initializer())
            with v1.variable_scope("candidate"):
                wc = v1.get_variable("kernel", [d, self.n])
                bc = v1.get_variable("bias", [self.n], initializer=v1.zeros_initializer())
        r, u = tf.split(tf.sigmoid(tf.nn.bias_add(tf.matmul(tf.concat([inputs, h], 1), wg), bg)), 2, axis=1)
        cand = tf.tanh(tf.nn.bias_add(tf.matmul(tf.concat([inputs, r * h], 1), wc), bc))
        new_h = u * h + (1 - u) * cand
        return new_h, new_h


class V1MultiCell:
    """tf.compat.v1.nn.rnn_cell.MultiRNNCell: cells under 'multi_rnn_cell/cell_k', a tuple of their states; an
    optional output keep_prob tensor between layers (DropoutWrapper(output_keep_prob))."""

    def __init__(self, cells, keep_prob=None):
        self.cells, self.keep_prob = cells, keep_prob

    state_size = property(lambda self: tuple(c.state_size for c in self.cells))
    output_size = property(lambda self: self.cells[-1].output_size)

    def zero_state(self, batch_size, dtype):
        return tuple(c.zero_state(batch_size, dtype) for c in self.cells)

    def __call__(self, inputs, state, scope=None):
        x, new = inputs, []
        with v1.variable_scope(scope or "multi_rnn_cell"):
            for k, (cell, st) in enumerate(zip(self.cells, state)):
                with v1.variable_scope(f"cell_{k}"):
                    x, s = cell(x, st)
                if self.keep_prob is not None:
                    x = v1.nn.dropout(x, keep_prob=self.keep_prob)
                new.append(s)
        return x, tuple(new)


def _v1_prebuild(cell, depth, scope):
    """create a cell's variables up front under `scope` (what dynamic_rnn will reuse), so none is first created inside
    a while loop body"""
    with v1.variable_scope(scope):
        cell(tf.zeros([1, depth]), cell.zero_state(1, tf.float32))


def _weights(seed, *shapes, scale=None):
    """raw tf.Variables as hand-written RNN code keeps them: glorot-uniform matrices, zero vectors"""
    rng = np.random.default_rng(seed)
    res = []
    for s in shapes:
        if len(s) == 1:
            res.append(tf.Variable(np.zeros(s, "float32")))
        else:
            lim = scale or np.sqrt(6.0 / (s[-2] + s[-1]))
            res.append(tf.Variable(rng.uniform(-lim, lim, s).astype("float32")))
    return res


# ================================================================================ Keras recurrent layers

@model("s35_lstm_sentiment_mask_zero_embedding", "keras-export", "IMDB-style sentiment classifier: token_ids int32 [None,None] (0..4999, 0 = padding), Embedding(5000, 64, mask_zero=True) feeding the mask to LSTM(64), Dropout(0.3), Dense(1, sigmoid); model.export with a None batch / None length signature")
def b_lstm_sentiment(out):
    inp = keras.Input((None,), dtype="int32", name="token_ids")
    x = L.LSTM(64)(L.Embedding(5000, 64, mask_zero=True)(inp))
    _export(keras.Model(inp, L.Dense(1, activation="sigmoid", name="positive_prob")(L.Dropout(0.3)(x))), out)


FEEDS["s35_lstm_sentiment_mask_zero_embedding"] = {"token_ids": (0, 5000)}


@model("s35_gru_reset_before_batch1_har", "keras-export", "human-activity-recognition GRU for a phone, fixed imu float [1,50,8]: GRU(32, reset_after=False, return_sequences=True) -> GRU(32, reset_after=False) (the TF1 gate order, not the CuDNN-compatible one), Dense(6, softmax); model.export with a batch-1 signature")
def b_gru_har(out):
    inp = keras.Input((50, 8), batch_size=1, name="imu")
    x = L.GRU(32, reset_after=False, return_sequences=True)(inp)
    x = L.GRU(32, reset_after=False)(x)
    _export(keras.Model(inp, L.Dense(6, activation="softmax", name="activity")(x)), out, sig=[tensor_spec([1, 50, 8], name="imu")])


@model("s35_simplernn_unroll_true_stack", "keras-export", "gesture classifier with SimpleRNNs unrolled at trace time, float [None,16,4]: SimpleRNN(32, tanh, unroll=True, return_sequences=True) -> SimpleRNN(16, relu, unroll=True), Dense(3) logits; model.export")
def b_simplernn(out):
    inp = keras.Input((16, 4), name="accel")
    x = L.SimpleRNN(32, unroll=True, return_sequences=True)(inp)
    x = L.SimpleRNN(16, activation="relu", unroll=True)(x)
    _export(keras.Model(inp, L.Dense(3, name="logits")(x)), out)


@model("s35_lstm_unroll_batch1_frozen", "frozen-pb", "sensor regression LSTM for a microcontroller, fixed float [1,20,3]: LSTM(24, unroll=True) so no while loop, Dense(8, relu), Dense(1); Keras model called with training=False frozen with convert_variables_to_constants_v2, output 'prediction'")
def b_lstm_unroll_frozen(out):
    inp = keras.Input((20, 3), batch_size=1)
    x = L.Dense(8, activation="relu")(L.LSTM(24, unroll=True)(inp))
    m = keras.Model(inp, L.Dense(1)(x))
    _freeze(lambda t: tf.identity(m(t, training=False), name="prediction"), [tensor_spec([1, 20, 3], name="input")], out)


OUTPUTS["s35_lstm_unroll_batch1_frozen"] = ["prediction"]


@model("s35_bilstm_ner_tagger_mask_zero", "keras-export", "NER tagger: word_ids int32 [None,None] (0..7999), Embedding(8000, 100, mask_zero=True), Bidirectional(LSTM(64, return_sequences=True), merge_mode='concat'), Dropout(0.5), Dense(9, softmax) applied per token -> tag probabilities [None,None,9]; model.export")
def b_bilstm_ner(out):
    inp = keras.Input((None,), dtype="int32", name="word_ids")
    x = L.Bidirectional(L.LSTM(64, return_sequences=True), merge_mode="concat")(L.Embedding(8000, 100, mask_zero=True)(inp))
    _export(keras.Model(inp, L.Dense(9, activation="softmax", name="tags")(L.Dropout(0.5)(x))), out)


FEEDS["s35_bilstm_ner_tagger_mask_zero"] = {"word_ids": (0, 8000)}


@model("s35_bidirectional_sum_ave_mul_merges", "keras-export", "audio-event classifier over frame features float [None,40,12]: Bidirectional(GRU(32, return_sequences=True), merge_mode='sum') -> Bidirectional(GRU(32, return_sequences=True), merge_mode='ave') -> Bidirectional(SimpleRNN(16), merge_mode='mul'), Dense(4, softmax); model.export")
def b_bidi_merges(out):
    inp = keras.Input((40, 12), name="frames")
    x = L.Bidirectional(L.GRU(32, return_sequences=True), merge_mode="sum")(inp)
    x = L.Bidirectional(L.GRU(32, return_sequences=True), merge_mode="ave")(x)
    x = L.Bidirectional(L.SimpleRNN(16), merge_mode="mul")(x)
    _export(keras.Model(inp, L.Dense(4, activation="softmax")(x)), out)


@model("s35_stacked_lstm_return_state_export_archive", "keras-export", "phoneme recognizer with stacked LSTMs returning state: mfcc float [None,None,13] -> LSTM(48, return_sequences, return_state) whose (h, c) initialise a second LSTM(48, return_sequences, return_state), Dense(30) per-frame logits; outputs frame_logits, final_h, final_c; keras.export.ExportArchive with endpoints 'serve' (None batch / length) and 'serve_batch1_100' (float [1,100,13])")
def b_lstm_return_state(out):
    inp = keras.Input((None, 13), name="mfcc")
    seq, h, c = L.LSTM(48, return_sequences=True, return_state=True)(inp)
    seq2, h2, c2 = L.LSTM(48, return_sequences=True, return_state=True)(seq, initial_state=[h, c])
    m = keras.Model(inp, {"frame_logits": L.Dense(30)(seq2), "final_h": h2, "final_c": c2})
    fn = lambda mfcc: m(mfcc, training=False)  # noqa: E731
    _archive(out, m, serve=(fn, [tensor_spec([None, None, 13], name="mfcc")]),
             serve_batch1_100=(fn, [tensor_spec([1, 100, 13], name="mfcc")]))


@model("s35_lstm_streaming_state_in_out_batch1", "keras-export", "streaming LSTM keyword spotter stepped one frame per call with explicit state: frame float [1,1,40], h_in / c_in float [1,64] as initial_state of LSTM(64, return_state=True); outputs logits Dense(12), h_out, c_out [1,64]; model.export with a fixed batch-1 signature")
def b_lstm_stream(out):
    frame = keras.Input((1, 40), batch_size=1, name="frame")
    h_in, c_in = keras.Input((64,), batch_size=1, name="h_in"), keras.Input((64,), batch_size=1, name="c_in")
    seq, h, c = L.LSTM(64, return_state=True)(frame, initial_state=[h_in, c_in])
    m = keras.Model([frame, h_in, c_in], {"logits": L.Dense(12)(seq), "h_out": h, "c_out": c})
    _export(m, out, sig=[tensor_spec([1, 1, 40], name="frame"), tensor_spec([1, 64], name="h_in"), tensor_spec([1, 64], name="c_in")])


@model("s35_keras_stateful_lstm_batch1", "keras-export", "Keras stateful=True LSTMs (state kept in variables between calls, as in the stateful time-series tutorial): float [1,10,8] -> LSTM(32, stateful, return_sequences) -> LSTM(32, stateful), Dense(5); model.export with a batch-1 signature (the signature reads and assigns the state variables)")
def b_stateful(out):
    inp = keras.Input((10, 8), batch_size=1, name="window")
    x = L.LSTM(32, stateful=True, return_sequences=True)(inp)
    x = L.LSTM(32, stateful=True)(x)
    _export(keras.Model(inp, L.Dense(5)(x)), out, sig=[tensor_spec([1, 10, 8], name="window")])


@model("s35_gru_go_backwards_recurrent_dropout", "keras-export", "signal classifier trained with recurrent dropout, exported for inference: float [None,None,16] -> GRU(48, go_backwards=True, dropout=0.2, recurrent_dropout=0.2, return_sequences=True) -> LSTM(32, recurrent_dropout=0.25), Dense(2); model.export (the serving function still holds the dropout masks' stateless RNG ops, StatelessRandomGetKeyCounter, though its outputs are deterministic)")
def b_gru_backwards(out):
    inp = keras.Input((None, 16), name="signal")
    x = L.GRU(48, go_backwards=True, dropout=0.2, recurrent_dropout=0.2, return_sequences=True)(inp)
    x = L.LSTM(32, recurrent_dropout=0.25)(x)
    _export(keras.Model(inp, L.Dense(2)(x)), out)


@model("s35_masking_lstm_padded_imu", "keras-export", "variable-length IMU sequences zero-padded to 60 steps: imu_padded float [None,60,9] -> Masking(mask_value=0.0) -> LSTM(64, return_sequences) -> LSTM(32, return_sequences) -> mask-aware GlobalAveragePooling1D, Dense(6, softmax); model.export")
def b_masking(out):
    inp = keras.Input((60, 9), name="imu_padded")
    x = L.LSTM(64, return_sequences=True)(L.Masking(mask_value=0.0)(inp))
    x = L.GlobalAveragePooling1D()(L.LSTM(32, return_sequences=True)(x))
    _export(keras.Model(inp, L.Dense(6, activation="softmax")(x)), out)


def _padded_imu(rng):
    x = rng.normal(0, 1, (2, 60, 9)).astype("float32")
    x[0, 41:] = 0.0
    x[1, 17:] = 0.0
    return {"imu_padded": x}


FEEDS["s35_masking_lstm_padded_imu"] = _padded_imu


@model("s35_convlstm2d_precip_nowcast", "keras-export", "radar precipitation nowcaster (Keras next-frame ConvLSTM example): frames float [None,6,32,32,1] -> ConvLSTM2D(16, 3, same, return_sequences) + BatchNormalization -> ConvLSTM2D(16, 3, same, return_sequences) + BatchNormalization, Conv3D(1, (1,3,3), sigmoid) -> next frames [None,6,32,32,1]; model.export")
def b_convlstm2d(out):
    inp = keras.Input((6, 32, 32, 1), name="frames")
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(inp))
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(x))
    _export(keras.Model(inp, L.Conv3D(1, (1, 3, 3), padding="same", activation="sigmoid")(x)), out)


@model("s35_convlstm1d_sensor_array", "keras-export", "fault detector over a 64-sensor line array: readings float [None,10,64,3] -> ConvLSTM1D(16, 5, same) (last state only), MaxPooling1D(2), Flatten, Dense(32, relu), Dense(4, softmax); model.export")
def b_convlstm1d(out):
    inp = keras.Input((10, 64, 3), name="readings")
    x = L.Flatten()(L.MaxPooling1D(2)(L.ConvLSTM1D(16, 5, padding="same")(inp)))
    _export(keras.Model(inp, L.Dense(4, activation="softmax")(L.Dense(32, activation="relu")(x))), out)


@model("s35_timedistributed_cnn_lstm_video", "keras-export", "video action recognition (CNN per frame + LSTM): clip float [None,8,48,48,3] -> TimeDistributed(Sequential Conv2D 16 s2 / MaxPooling2D / Conv2D 32 / GlobalAveragePooling2D) (static time axis, so Keras calls the CNN once per frame and stacks) -> LSTM(64) -> Dropout, Dense(10, softmax); model.export")
def b_td_video(out):
    cnn = keras.Sequential([keras.Input((48, 48, 3)), L.Conv2D(16, 3, strides=2, activation="relu"), L.MaxPooling2D(),
                            L.Conv2D(32, 3, activation="relu"), L.GlobalAveragePooling2D()], name="frame_cnn")
    inp = keras.Input((8, 48, 48, 3), name="clip")
    x = L.LSTM(64)(L.TimeDistributed(cnn)(inp))
    _export(keras.Model(inp, L.Dense(10, activation="softmax")(L.Dropout(0.5)(x))), out)


@model("s35_keras_rnn_custom_cell_and_stacked_cells", "keras-export", "keras.layers.RNN over a custom MinimalRNNCell (the Keras docs example: add_weight kernel / orthogonal recurrent_kernel, tanh(x W + h U)) with return_sequences, then keras.layers.RNN([LSTMCell(32), GRUCell(16)]) (stacked cells); float [None,None,10] -> Dense(3); model.export")
def b_custom_cell(out):
    class MinimalRNNCell(L.Layer):
        def __init__(self, units, **kw):
            super().__init__(**kw)
            self.units, self.state_size = units, units

        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", name="kernel")
            self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer="orthogonal",
                                                    name="recurrent_kernel")

        def call(self, inputs, states):
            h = keras.ops.tanh(keras.ops.matmul(inputs, self.kernel) + keras.ops.matmul(states[0], self.recurrent_kernel))
            return h, [h]
    inp = keras.Input((None, 10), name="sequence")
    x = L.RNN(MinimalRNNCell(32), return_sequences=True)(inp)
    x = L.RNN([L.LSTMCell(32), L.GRUCell(16)])(x)
    _export(keras.Model(inp, L.Dense(3)(x)), out)


@model("s35_layernorm_lstm_cell_keras_rnn", "keras-export", "layer-normalized LSTM (Ba et al.) as a custom Keras cell in keras.layers.RNN: separate input / recurrent Dense projections each LayerNormalization'd, gates i, f (+1 bias), g, o, LayerNormalization on the cell before tanh; float [None,None,20] -> RNN(LNLSTMCell(64), return_sequences) -> RNN(LNLSTMCell(64)) -> Dense(1); model.export")
def b_ln_lstm(out):
    class LayerNormLSTMCell(L.Layer):
        def __init__(self, units, **kw):
            super().__init__(**kw)
            self.units, self.state_size, self.output_size = units, [units, units], units
            self.wx, self.wh = L.Dense(4 * units, use_bias=False), L.Dense(4 * units)
            self.ln_x, self.ln_h, self.ln_c = L.LayerNormalization(), L.LayerNormalization(), L.LayerNormalization()

        def build(self, input_shape):
            self.wx.build(input_shape)
            self.wh.build((input_shape[0], self.units))
            for ln in (self.ln_x, self.ln_h):
                ln.build((input_shape[0], 4 * self.units))
            self.ln_c.build((input_shape[0], self.units))

        def call(self, inputs, states):
            h, c = states
            z = self.ln_x(self.wx(inputs)) + self.ln_h(self.wh(h))
            i, f, g, o = keras.ops.split(z, 4, axis=-1)
            c = keras.ops.sigmoid(f + 1.0) * c + keras.ops.sigmoid(i) * keras.ops.tanh(g)
            h = keras.ops.sigmoid(o) * keras.ops.tanh(self.ln_c(c))
            return h, [h, c]
    inp = keras.Input((None, 20), name="series")
    x = L.RNN(LayerNormLSTMCell(64), return_sequences=True)(inp)
    x = L.RNN(LayerNormLSTMCell(64))(x)
    _export(keras.Model(inp, L.Dense(1)(x)), out)


def _crnn_backbone(inp, rnn_units=64, n_classes=37):
    """CRNN (Shi et al.) in miniature on [B,32,W,1] text-line images: conv blocks pooling height 32 -> 4 and width by
    4, columns to a sequence (Permute + Reshape), Dense, two Bidirectional LSTMs, per-column class logits"""
    x = L.MaxPooling2D((2, 2))(L.Conv2D(32, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling2D((2, 2))(L.Conv2D(64, 3, padding="same", activation="relu")(x))
    x = L.BatchNormalization()(L.Conv2D(128, 3, padding="same", activation="relu")(x))
    x = L.MaxPooling2D((2, 1))(x)
    w = x.shape[2]
    x = L.Reshape((w, 4 * 128))(L.Permute((2, 1, 3))(x))
    x = L.Dense(64, activation="relu")(x)
    x = L.Bidirectional(L.LSTM(rnn_units, return_sequences=True))(x)
    x = L.Bidirectional(L.LSTM(rnn_units, return_sequences=True))(x)
    return L.Dense(n_classes, name="char_logits")(x)


@model("s35_crnn_ocr_bilstm_log_softmax_ctc", "keras-export", "CRNN text-line OCR trained with CTC, exported up to log-probabilities: image float [None,32,128,1] -> Conv2D 32 / 64 / 128 with MaxPooling2D (2,2), (2,2), (2,1) and BatchNormalization, Permute + Reshape to 32 columns x 512, Dense(64), 2x Bidirectional(LSTM(64, return_sequences)), Dense(37) + Activation('log_softmax') -> log_probs [None,32,37] for a CTC decoder outside; model.export")
def b_crnn_logsoftmax(out):
    inp = keras.Input((32, 128, 1), name="image")
    _export(keras.Model(inp, L.Activation("log_softmax", name="log_probs")(_crnn_backbone(inp))), out)


@model("s35_speech_logmel_conv1d_gru", "keras-export", "speech-command model computing features in the graph: waveform float [None,16000] -> custom LogMel layer (tf.signal.stft 400 / 160 / fft 512, power spectrum, tensordot with a 40-bin linear_to_mel_weight_matrix constant, log(x + 1e-6)) -> [None,98,40], Conv1D(64, 3, stride 2, relu), GRU(64, return_sequences) -> GRU(64), Dense(12, softmax); model.export")
def b_speech_logmel(out):
    mel = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 7600.0).numpy()

    class LogMel(L.Layer):
        def call(self, wav):
            spec = tf.square(tf.abs(tf.signal.stft(wav, frame_length=400, frame_step=160, fft_length=512)))
            return tf.math.log(tf.tensordot(spec, tf.constant(mel), 1) + 1e-6)

        def compute_output_shape(self, s):
            return (s[0], 98, 40)
    inp = keras.Input((16000,), name="waveform")
    x = L.Conv1D(64, 3, strides=2, activation="relu")(LogMel(name="log_mel")(inp))
    x = L.GRU(64)(L.GRU(64, return_sequences=True)(x))
    _export(keras.Model(inp, L.Dense(12, activation="softmax", name="command")(x)), out)


FEEDS["s35_speech_logmel_conv1d_gru"] = lambda rng: {"waveform": rng.normal(0, 0.1, (2, 16000))}


@model("s35_keras_nmt_luong_attention_teacher_forced", "keras-export", "Keras NMT training model exported as trained (teacher forcing, so the caller feeds decoder tokens): encoder_tokens / decoder_tokens int32 [None,None] (0..3999), Embedding(mask_zero) each, encoder LSTM(128, return_sequences, return_state) whose (h, c) initialise the decoder LSTM(128, return_sequences), keras.layers.Attention (Luong dot) over encoder outputs with masks, Concatenate, Dense(128, tanh), Dense(4000, softmax); model.export")
def b_nmt_teacher(out):
    enc_in = keras.Input((None,), dtype="int32", name="encoder_tokens")
    dec_in = keras.Input((None,), dtype="int32", name="decoder_tokens")
    enc_seq, h, c = L.LSTM(128, return_sequences=True, return_state=True)(L.Embedding(4000, 64, mask_zero=True)(enc_in))
    dec_seq = L.LSTM(128, return_sequences=True)(L.Embedding(4000, 64, mask_zero=True)(dec_in), initial_state=[h, c])
    ctx = L.Attention()([dec_seq, enc_seq])
    x = L.Dense(128, activation="tanh")(L.Concatenate()([dec_seq, ctx]))
    _export(keras.Model([enc_in, dec_in], L.Dense(4000, activation="softmax", name="next_token_probs")(x)), out)


FEEDS["s35_keras_nmt_luong_attention_teacher_forced"] = {"encoder_tokens": (1, 4000), "decoder_tokens": (1, 4000)}


@model("s35_lstm_forecaster_future_covariates", "keras-export", "multi-horizon demand forecaster (LSTM encoder-decoder): history float [None,48,5] -> LSTM(64, return_state) encoder; future_covariates float [None,12,3] -> decoder LSTM(64, return_sequences) initialised with the encoder (h, c); TimeDistributed(Dense(32, relu)), TimeDistributed(Dense(3)) quantiles p10 / p50 / p90 [None,12,3]; model.export")
def b_forecaster(out):
    hist, fut = keras.Input((48, 5), name="history"), keras.Input((12, 3), name="future_covariates")
    _, h, c = L.LSTM(64, return_state=True)(hist)
    x = L.LSTM(64, return_sequences=True)(fut, initial_state=[h, c])
    x = L.TimeDistributed(L.Dense(3), name="quantiles")(L.TimeDistributed(L.Dense(32, activation="relu"))(x))
    _export(keras.Model([hist, fut], x), out)


@model("s35_qrnn_fo_pooling_tf_scan_char_lm", "keras-export", "character LM with hand-written QRNN layers (Bradbury et al.): char_ids int32 [None,None] (0..95) -> Embedding(96, 32) -> 2 custom QRNN layers (causal Conv1D(3 x 64, window 2) -> tanh z, sigmoid f / o; fo-pooling c_t = f c_{t-1} + (1 - f) z by tf.scan over the time-major sequence; h = o * c) -> Dense(96) logits; model.export")
def b_qrnn(out):
    class QRNN(L.Layer):
        def __init__(self, units, window=2, **kw):
            super().__init__(**kw)
            self.units, self.conv = units, L.Conv1D(3 * units, window, padding="causal")

        def call(self, x):
            z, f, o = tf.split(self.conv(x), 3, axis=-1)
            z, f, o = tf.tanh(z), tf.sigmoid(f), tf.sigmoid(o)
            c = tf.scan(lambda c, fz: fz[0] * c + (1.0 - fz[0]) * fz[1],
                        (tf.transpose(f, [1, 0, 2]), tf.transpose(z, [1, 0, 2])), initializer=tf.zeros_like(z[:, 0]))
            return o * tf.transpose(c, [1, 0, 2])

        def compute_output_shape(self, s):
            return (*s[:-1], self.units)
    inp = keras.Input((None,), dtype="int32", name="char_ids")
    x = QRNN(64)(QRNN(64)(L.Embedding(96, 32)(inp)))
    _export(keras.Model(inp, L.Dense(96, name="next_char_logits")(x)), out)


FEEDS["s35_qrnn_fo_pooling_tf_scan_char_lm"] = {"char_ids": (0, 96)}


@model("s35_mingru_log_space_scan_export_archive", "keras-export", "minGRU ('Were RNNs all we needed?') written as a custom layer with the log-space parallel scan: z = sigmoid(Dense), h~ via g(x) = x + 0.5 / sigmoid, log coefficients -softplus, tf.math.cumsum + tf.math.cumulative_logsumexp over time, exp; float [None,None,24] -> Dense(64) -> 2 residual minGRU(64) + LayerNormalization blocks -> Dense(5) per-step logits; keras.export.ExportArchive endpoint 'predict'")
def b_mingru(out):
    class MinGRU(L.Layer):
        def __init__(self, units, **kw):
            super().__init__(**kw)
            self.units, self.dz, self.dh = units, L.Dense(units), L.Dense(units)

        def call(self, x):
            k, hp = self.dz(x), self.dh(x)
            log_z, log_coeffs = -tf.nn.softplus(-k), -tf.nn.softplus(k)
            log_h_tilde = tf.where(hp >= 0, tf.math.log(tf.nn.relu(hp) + 0.5), -tf.nn.softplus(-hp))
            a_star = tf.math.cumsum(log_coeffs, axis=1)
            return tf.exp(a_star + tf.math.cumulative_logsumexp(log_z + log_h_tilde - a_star, axis=1))

        def compute_output_shape(self, s):
            return (*s[:-1], self.units)
    inp = keras.Input((None, 24), name="features")
    x = L.Dense(64)(inp)
    for _ in range(2):
        x = L.LayerNormalization()(L.Add()([x, MinGRU(64)(x)]))
    m = keras.Model(inp, L.Dense(5)(x))
    _archive(out, m, predict=(lambda features: m(features, training=False), [tensor_spec([None, None, 24], name="features")]))


@model("s35_word_lm_tied_embedding_batch1", "keras-export", "PTB-style word LM with tied input / output embeddings, fixed token_ids int32 [1,35] (0..4999): Embedding(5000, 128), 2x LSTM(128, return_sequences, dropout 0.2; its stateless RNG ops stay in the serving function, outputs deterministic), custom TiedOutput layer matmul with the transposed embedding matrix + bias -> logits [1,35,5000]; model.export with a batch-1 signature")
def b_word_lm(out):
    class TiedOutput(L.Layer):
        def __init__(self, embedding, **kw):
            super().__init__(**kw)
            self.embedding = embedding

        def build(self, input_shape):
            self.bias = self.add_weight(shape=(self.embedding.input_dim,), initializer="zeros", name="bias")

        def call(self, x):
            return keras.ops.matmul(x, keras.ops.transpose(self.embedding.embeddings)) + self.bias

        def compute_output_shape(self, s):
            return (*s[:-1], self.embedding.input_dim)
    inp = keras.Input((35,), batch_size=1, dtype="int32", name="token_ids")
    emb = L.Embedding(5000, 128)
    x = L.LSTM(128, return_sequences=True, dropout=0.2)(emb(inp))
    x = L.LSTM(128, return_sequences=True, dropout=0.2)(x)
    _export(keras.Model(inp, TiedOutput(emb, name="logits")(x)), out, sig=[tensor_spec([1, 35], "int32", "token_ids")])


FEEDS["s35_word_lm_tied_embedding_batch1"] = {"token_ids": (0, 5000)}


@model("s35_gru_mask_from_lengths_input", "keras-export", "utterance classifier taking padded features and their lengths: features float [None,None,20], lengths int32 [None] (Keras Input shape ()); Lambda tf.sequence_mask(lengths, tf.shape(features)[1]) passed as mask= to GRU(64, return_sequences) -> GRU(32, mask), Dense(3, softmax); model.export")
def b_gru_lengths(out):
    feats, lengths = keras.Input((None, 20), name="features"), keras.Input((), dtype="int32", name="lengths")
    mask = L.Lambda(lambda t: tf.sequence_mask(t[1], tf.shape(t[0])[1]), output_shape=(None,))([feats, lengths])
    x = L.GRU(64, return_sequences=True)(feats, mask=mask)
    x = L.GRU(32)(x, mask=mask)
    _export(keras.Model([feats, lengths], L.Dense(3, activation="softmax")(x)), out)


FEEDS["s35_gru_mask_from_lengths_input"] = {"lengths": (1, 33)}


@model("s35_tpu_bilstm_mixed_bfloat16_fixed_batch", "keras-export", "Cloud TPU sequence classifier built under the mixed_bfloat16 policy with static shapes: float [16,128,32] -> Bidirectional(LSTM(64, return_sequences)) -> Bidirectional(LSTM(64)) (bfloat16 compute, float32 variables), Dense(8, dtype float32) logits; model.export with the fixed batch-16 signature")
def b_tpu_bf16(out):
    keras.mixed_precision.set_global_policy("mixed_bfloat16")
    try:
        inp = keras.Input((128, 32), batch_size=16, name="sequence")
        x = L.Bidirectional(L.LSTM(64, return_sequences=True))(inp)
        x = L.Bidirectional(L.LSTM(64))(x)
        m = keras.Model(inp, L.Dense(8, dtype="float32", name="logits")(x))
        _export(m, out, sig=[tensor_spec([16, 128, 32], name="sequence")])
    finally:
        keras.mixed_precision.set_global_policy("float32")


@model("s35_bigru_attention_pooling_tf_saved_model", "saved-model", "review-topic classifier with attention pooling: tokens int32 [None,None] (0..2999) -> Embedding(3000, 64) -> Bidirectional(GRU(48, return_sequences)) -> custom AttentionPooling layer (Dense(64, tanh), Dense(1), softmax over time, weighted sum) -> Dense(5, softmax); plain tf.saved_model.save(model, path) of the Keras model")
def b_attn_pool(out):
    class AttentionPooling(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.proj, self.score = L.Dense(64, activation="tanh"), L.Dense(1, use_bias=False)

        def call(self, x):
            a = tf.nn.softmax(self.score(self.proj(x)), axis=1)
            return tf.reduce_sum(a * x, axis=1)

        def compute_output_shape(self, s):
            return (s[0], s[-1])
    inp = keras.Input((None,), dtype="int32", name="tokens")
    x = L.Bidirectional(L.GRU(48, return_sequences=True))(L.Embedding(3000, 64)(inp))
    m = keras.Model(inp, L.Dense(5, activation="softmax")(AttentionPooling()(x)))
    m(_feed(out, _specs(m))["tokens"], training=False)
    tf.saved_model.save(m, str(out))


FEEDS["s35_bigru_attention_pooling_tf_saved_model"] = {"tokens": (0, 3000)}


# ================================================================================ CTC, decoding loops, tf.Modules

@model("s35_crnn_ctc_greedy_decoder_batch1", "tf-module", "OCR serving module for a phone app: image float [1,32,100,1] -> CRNN (conv / pool to 25 columns, 2x Bidirectional LSTM(48), Dense(37) logits) -> time-major transpose, tf.nn.ctc_greedy_decoder (blank = last class, merge_repeated) -> tf.sparse.to_dense(default -1); outputs decoded int64 [1,None], neg_sum_logits [1,1], logits")
def b_crnn_greedy(out):
    inp = keras.Input((32, 100, 1))
    net = keras.Model(inp, _crnn_backbone(inp, rnn_units=48))

    @tf.function(input_signature=[tensor_spec([1, 32, 100, 1], name="image")])
    def recognize(image):
        logits = net(image, training=False)
        tm = tf.transpose(logits, [1, 0, 2])
        decoded, neg_sum = tf.nn.ctc_greedy_decoder(tm, tf.fill([1], tf.shape(tm)[0]), merge_repeated=True)
        return {"decoded": tf.sparse.to_dense(decoded[0], default_value=-1), "neg_sum_logits": neg_sum, "logits": logits}
    _save(out, {"model": net}, serving_default=recognize)


@model("s35_handwriting_bilstm_ctc_beam_search", "tf-module", "online handwriting recognizer: strokes float [None,None,3] (dx, dy, pen-up), stroke_lengths int32 [None]; Conv1D(64, 5) + 2x Bidirectional(LSTM(64, return_sequences)) with a tf.sequence_mask mask, Dense(80) logits; time-major tf.nn.ctc_beam_search_decoder(beam_width 8, top_paths 2) -> dense best / second paths (default -1) and log_probabilities [None,2]")
def b_handwriting(out):
    s_in, m_in = keras.Input((None, 3)), keras.Input((None,), dtype="bool")
    x = L.Conv1D(64, 5, padding="same", activation="relu")(s_in)
    x = L.Bidirectional(L.LSTM(64, return_sequences=True))(x, mask=m_in)
    x = L.Bidirectional(L.LSTM(64, return_sequences=True))(x, mask=m_in)
    net = keras.Model([s_in, m_in], L.Dense(80)(x))

    @tf.function(input_signature=[tensor_spec([None, None, 3], name="strokes"), tensor_spec([None], "int32", "stroke_lengths")])
    def recognize(strokes, stroke_lengths):
        logits = net([strokes, tf.sequence_mask(stroke_lengths, tf.shape(strokes)[1])], training=False)
        decoded, log_probs = tf.nn.ctc_beam_search_decoder(tf.transpose(logits, [1, 0, 2]), stroke_lengths, beam_width=8, top_paths=2)
        return {"best_path": tf.sparse.to_dense(decoded[0], default_value=-1),
                "second_path": tf.sparse.to_dense(decoded[1], default_value=-1), "log_probabilities": log_probs}
    _save(out, {"model": net}, serving_default=recognize)


FEEDS["s35_handwriting_bilstm_ctc_beam_search"] = {"stroke_lengths": (8, 33)}


@model("s35_asr_gru_keras_ops_ctc_decode", "tf-module", "small non-streaming ASR: features float [None,None,80] (log-mel), feature_lengths int32 [None]; Keras Conv1D(96, 3, stride 2, same) halving time, 2x GRU(96, return_sequences), Dense(29) -> log_softmax; output lengths (n + 1) // 2; keras.ops.ctc_decode(strategy='greedy', mask_index=0) -> decoded int32 [None,T'] and scores; also returns log_probs")
def b_asr_ctc(out):
    inp = keras.Input((None, 80))
    x = L.Conv1D(96, 3, strides=2, padding="same", activation="relu")(inp)
    x = L.GRU(96, return_sequences=True)(L.GRU(96, return_sequences=True)(x))
    net = keras.Model(inp, L.Dense(29)(x))

    @tf.function(input_signature=[tensor_spec([None, None, 80], name="features"), tensor_spec([None], "int32", "feature_lengths")])
    def transcribe(features, feature_lengths):
        log_probs = tf.nn.log_softmax(net(features, training=False))
        lengths = (feature_lengths + 1) // 2
        decoded, scores = keras.ops.ctc_decode(log_probs, lengths, strategy="greedy", mask_index=0)
        return {"decoded": decoded[0], "scores": scores, "log_probs": log_probs, "output_lengths": lengths}
    _save(out, {"model": net}, serving_default=transcribe)


FEEDS["s35_asr_gru_keras_ops_ctc_decode"] = {"feature_lengths": (4, 33)}

GO, EOS = 1, 2


@model("s35_seq2seq_bahdanau_greedy_while_loop", "tf-module", "TF 'NMT with attention' tutorial style translator serving greedy decoding: source_ids int32 [None,None] (3..999, 0 = padding); Embedding + Bidirectional(GRU(64, return_sequences, return_state)) encoder with a padding mask; decoder Keras GRUCell(128) with Bahdanau additive attention (W1 keys, W2 query, V tanh score, masked softmax) in a tf.while_loop (max 16 steps, stops when every row emitted EOS) with TensorArrays; outputs translation_ids int32 [None,T], attention_weights [None,T,S], lengths")
def b_bahdanau(out):
    src_emb, tgt_emb = L.Embedding(1000, 64), L.Embedding(1200, 64)
    encoder = L.Bidirectional(L.GRU(64, return_sequences=True, return_state=True))
    cell, w1, w2, v = L.GRUCell(128), L.Dense(64), L.Dense(64), L.Dense(1)
    proj = L.Dense(1200)

    def attend(keys, enc, h, mask):
        score = tf.squeeze(v(tf.tanh(keys + w2(h)[:, None])), -1)
        a = tf.nn.softmax(tf.where(mask, score, -1e9), axis=-1)
        return tf.reduce_sum(a[..., None] * enc, 1), a

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "source_ids")])
    def translate(source_ids):
        mask = tf.not_equal(source_ids, 0)
        enc, fh, bh = encoder(src_emb(source_ids), mask=mask)
        keys, h0, batch = w1(enc), tf.concat([fh, bh], -1), tf.shape(source_ids)[0]

        def body(t, tok, h, finished, ids, atts, lengths):
            ctx, a = attend(keys, enc, h, mask)
            o, new = cell(tf.concat([tgt_emb(tok), ctx], -1), [h])
            nxt = tf.argmax(proj(tf.concat([o, ctx], -1)), -1, output_type=tf.int32)
            nxt = tf.where(finished, tf.zeros_like(nxt), nxt)
            lengths = lengths + tf.cast(tf.logical_not(finished), tf.int32)
            return t + 1, nxt, new[0], tf.logical_or(finished, tf.equal(nxt, EOS)), ids.write(t, nxt), atts.write(t, a), lengths
        loop = tf.while_loop(lambda t, tok, h, finished, *_: tf.logical_and(t < 16, tf.logical_not(tf.reduce_all(finished))), body,
                             [tf.constant(0), tf.fill([batch], GO), h0, tf.zeros([batch], tf.bool),
                              tf.TensorArray(tf.int32, size=0, dynamic_size=True), tf.TensorArray(tf.float32, size=0, dynamic_size=True),
                              tf.zeros([batch], tf.int32)])
        return {"translation_ids": tf.transpose(loop[4].stack(), [1, 0]),
                "attention_weights": tf.transpose(loop[5].stack(), [1, 0, 2]), "lengths": loop[6]}
    ids = tf.constant([[5, 6, 7, 0]])
    enc, fh, bh = encoder(src_emb(ids))
    cell(tf.concat([tgt_emb(ids[:, 0]), enc[:, 0]], -1), [tf.concat([fh, bh], -1)])
    attend(w1(enc), enc, tf.concat([fh, bh], -1), tf.ones_like(ids, tf.bool))
    proj(tf.concat([fh, bh, enc[:, 0]], -1))
    _save(out, {"layers": [src_emb, tgt_emb, encoder, cell, w1, w2, v, proj]}, serving_default=translate)


FEEDS["s35_seq2seq_bahdanau_greedy_while_loop"] = {"source_ids": (3, 1000)}


@model("s35_seq2seq_luong_unrolled_python_frozen", "frozen-pb", "on-device reply / transliteration model with no loops anywhere: source_ids int32 [1,20] (3..499); Keras Embedding + LSTM(64, unroll=True, return_sequences, return_state) encoder; decoder LSTMCell(64) unrolled in Python for 10 steps with Luong 'general' attention (score = enc . W h, softmax, context, tanh(Wc [ctx; h])) and greedy argmax feedback; frozen with convert_variables_to_constants_v2; outputs 'translation' int32 [1,10], 'token_scores' [1,10]")
def b_luong_unrolled(out):
    emb_src, emb_tgt = L.Embedding(500, 48), L.Embedding(500, 48)
    encoder = L.LSTM(64, return_sequences=True, return_state=True, unroll=True)
    cell, wa, wc, proj = L.LSTMCell(64), L.Dense(64, use_bias=False), L.Dense(64, activation="tanh"), L.Dense(500)

    def fn(source_ids):
        enc, h, c = encoder(emb_src(source_ids))
        tok, att_h, toks, scores = tf.fill([1], GO), tf.zeros([1, 64]), [], []
        for _ in range(10):
            o, (h, c) = cell(tf.concat([emb_tgt(tok), att_h], -1), [h, c])
            a = tf.nn.softmax(tf.squeeze(tf.matmul(enc, wa(o)[:, :, None]), -1))
            att_h = wc(tf.concat([tf.reduce_sum(a[..., None] * enc, 1), o], -1))
            probs = tf.nn.softmax(proj(att_h))
            tok = tf.argmax(probs, -1, output_type=tf.int32)
            toks.append(tok)
            scores.append(tf.reduce_max(probs, -1))
        return tf.identity(tf.stack(toks, 1), name="translation"), tf.identity(tf.stack(scores, 1), name="token_scores")
    fn(tf.constant([[3] * 20]))
    _freeze(fn, [tensor_spec([1, 20], "int32", "source_ids")], out)


OUTPUTS["s35_seq2seq_luong_unrolled_python_frozen"] = ["translation", "token_scores"]
FEEDS["s35_seq2seq_luong_unrolled_python_frozen"] = {"source_ids": (3, 500)}


@model("s35_kws_streaming_gru_three_signatures", "tf-module", "streaming keyword spotter served three ways from one tf.Module over shared Keras GRUCells (2 x 64): initial_state() (no inputs) -> zeros state [1,2,64]; stream_step(frame float [1,40], state [1,2,64]) -> probabilities [1,12], new_state (one step through both cells, tf.unstack / tf.stack of the state); serving_default(features float [1,49,40]) non-streaming keras.layers.RNN(StackedRNNCells) over the same cells -> probabilities")
def b_kws_stream(out):
    c1, c2, head = L.GRUCell(64), L.GRUCell(64), L.Dense(12)
    rnn = L.RNN(L.StackedRNNCells([c1, c2]))

    @tf.function(input_signature=[])
    def initial_state():
        return {"state": tf.zeros([1, 2, 64])}

    @tf.function(input_signature=[tensor_spec([1, 40], name="frame"), tensor_spec([1, 2, 64], name="state")])
    def stream_step(frame, state):
        s1, s2 = tf.unstack(state, axis=1)
        h1, _ = c1(frame, [s1])
        h2, _ = c2(h1, [s2])
        return {"probabilities": tf.nn.softmax(head(h2)), "new_state": tf.stack([h1, h2], axis=1)}

    @tf.function(input_signature=[tensor_spec([1, 49, 40], name="features")])
    def full(features):
        return {"probabilities": tf.nn.softmax(head(rnn(features)))}
    full(tf.zeros([1, 49, 40]))
    _save(out, {"layers": [c1, c2, head, rnn]}, serving_default=full, stream_step=stream_step, initial_state=initial_state)


@model("s35_deepar_gaussian_lstm_sampling", "tf-module", "DeepAR-like probabilistic forecaster, two signatures over one StackedRNNCells([LSTMCell(40), LSTMCell(40)]): inputs target_history float [None,None], covariates_history [None,None,4] (mean-abs scaling, lagged target); serving_default -> per-step Gaussian mu and sigma (softplus) [None,T]; sample_forecast (+ future_covariates [None,8,4], seed int32 [2]) tiles 20 paths per series and samples 8 steps ancestrally with tf.random.stateless_normal in a Python loop -> samples [None,20,8], mean and median (tf.sort) [None,8]")
def b_deepar(out):
    cell = L.StackedRNNCells([L.LSTMCell(40), L.LSTMCell(40)])
    rnn = L.RNN(cell, return_sequences=True, return_state=True)
    mu_head, sigma_head = L.Dense(1), L.Dense(1)

    def encode(target_history, covariates_history):
        scale = tf.reduce_mean(tf.abs(target_history), axis=1, keepdims=True) + 1.0
        lagged = tf.pad(target_history[:, :-1], [[0, 0], [1, 0]]) / scale
        res = rnn(tf.concat([lagged[..., None], covariates_history], -1))
        return scale, res[0], res[1:]

    def gaussian(h, scale):
        return tf.squeeze(mu_head(h), -1) * scale, tf.squeeze(tf.nn.softplus(sigma_head(h)), -1) * scale + 1e-3

    hist_specs = [tensor_spec([None, None], name="target_history"), tensor_spec([None, None, 4], name="covariates_history")]

    @tf.function(input_signature=hist_specs)
    def distribution(target_history, covariates_history):
        scale, seq, _ = encode(target_history, covariates_history)
        mu, sigma = gaussian(seq, scale)
        return {"mu": mu, "sigma": sigma}

    @tf.function(input_signature=hist_specs + [tensor_spec([None, 8, 4], name="future_covariates"), tensor_spec([2], "int32", "seed")])
    def sample_forecast(target_history, covariates_history, future_covariates, seed):
        scale, _, states = encode(target_history, covariates_history)
        rep = lambda t: tf.repeat(t, 20, axis=0)  # noqa: E731
        states = tf.nest.map_structure(rep, states)
        scale_r, prev, covs = rep(scale), rep(target_history[:, -1:]), rep(future_covariates)
        paths = []
        for t in range(8):
            o, states = cell(tf.concat([prev / scale_r, covs[:, t]], -1), states)
            mu, sigma = gaussian(o, scale_r[:, 0])
            y = mu + sigma * tf.random.stateless_normal(tf.shape(mu), seed=seed + tf.constant([0, 1]) * t)
            paths.append(y)
            prev = y[:, None]
        samples = tf.reshape(tf.stack(paths, -1), [-1, 20, 8])
        return {"samples": samples, "mean": tf.reduce_mean(samples, 1), "median": tf.sort(samples, axis=1)[:, 10]}
    _save(out, {"layers": [cell, rnn, mu_head, sigma_head]}, serving_default=distribution, sample_forecast=sample_forecast)


FEEDS["s35_deepar_gaussian_lstm_sampling"] = lambda rng: {
    "target_history": rng.gamma(2.0, 5.0, (2, 32)), "seed": rng.integers(0, 1000, 2)}


@model("s35_bigru_crf_viterbi_tf_scan", "tf-module", "BiGRU-CRF sequence tagger (POS / NER) decoding in the graph: token_ids int32 [None,None] (1..2999), lengths int32 [None]; Embedding + Bidirectional(GRU(48, return_sequences)) with a sequence mask, Dense(7) emissions, trained-looking tf.Variable transitions [7,7]; Viterbi forward by tf.scan over time (max / argmax over previous tags, frozen past each length) and backtracking by a second reversed tf.scan with tf.gather(batch_dims=1); outputs tags int32 [None,T] (-1 past the length), best_score, emissions")
def b_crf(out):
    K = 7
    t_in, m_in = keras.Input((None,), dtype="int32"), keras.Input((None,), dtype="bool")
    x = L.Bidirectional(L.GRU(48, return_sequences=True))(L.Embedding(3000, 64)(t_in), mask=m_in)
    net = keras.Model([t_in, m_in], L.Dense(K)(x))
    trans = tf.Variable(np.random.default_rng(7).normal(0, 0.5, (K, K)).astype("float32"), name="crf_transitions")

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "token_ids"), tensor_spec([None], "int32", "lengths")])
    def tag(token_ids, lengths):
        steps = tf.shape(token_ids)[1]
        mask = tf.sequence_mask(lengths, steps)
        em = tf.transpose(net([token_ids, mask], training=False), [1, 0, 2])  # [T,B,K]
        keep = tf.tile(tf.range(K)[None], [tf.shape(token_ids)[0], 1])

        def forward(carry, inp):
            score, _ = carry
            e, t = inp
            cand = score[:, :, None] + trans[None]
            active = (t < lengths)[:, None]
            return (tf.where(active, tf.reduce_max(cand, 1) + e, score),
                    tf.where(active, tf.argmax(cand, 1, output_type=tf.int32), keep))
        scores, bps = tf.scan(forward, (em[1:], tf.range(1, steps)), initializer=(em[0], keep))
        final = tf.concat([em[:1], scores], 0)[-1]
        last = tf.argmax(final, -1, output_type=tf.int32)
        back = tf.scan(lambda tag_, bp: tf.gather(bp, tag_, batch_dims=1), bps, initializer=last, reverse=True)
        tags = tf.transpose(tf.concat([back, last[None]], 0), [1, 0])
        return {"tags": tf.where(mask, tags, -1), "best_score": tf.reduce_max(final, -1),
                "emissions": tf.transpose(em, [1, 0, 2])}
    _save(out, {"model": net, "transitions": trans}, serving_default=tag)


FEEDS["s35_bigru_crf_viterbi_tf_scan"] = {"token_ids": (1, 3000), "lengths": (1, 33)}


@model("s35_tf_scan_elman_rnn_frozen", "frozen-pb", "hand-written Elman RNN anomaly scorer in a tf.function, dynamic float [None,None,8]: raw tf.Variables, time-major tf.scan h_t = tanh(x_t W + h_{t-1} U + b), sigmoid score from the last state; frozen with convert_variables_to_constants_v2 (the scan's While lowered); outputs 'hidden_states' [None,None,32], 'anomaly_score' [None,1]")
def b_scan_elman(out):
    W, U, b, Wo, bo = _weights(11, (8, 32), (32, 32), (32,), (32, 1), (1,))

    def fn(x):
        xs = tf.transpose(x, [1, 0, 2])
        hs = tf.scan(lambda h, xt: tf.tanh(tf.matmul(xt, W) + tf.matmul(h, U) + b), xs,
                     initializer=tf.zeros([tf.shape(x)[0], 32]))
        return (tf.identity(tf.transpose(hs, [1, 0, 2]), name="hidden_states"),
                tf.identity(tf.sigmoid(tf.matmul(hs[-1], Wo) + bo), name="anomaly_score"))
    _freeze(fn, [tensor_spec([None, None, 8], name="telemetry")], out)


OUTPUTS["s35_tf_scan_elman_rnn_frozen"] = ["hidden_states", "anomaly_score"]


@model("s35_while_loop_tensorarray_lstm_seq_len", "tf-module", "hand-written LSTM tf.Module (raw tf.Variables kernel [16+64, 256], forget bias 1) run by an explicit tf.while_loop over time with TensorArray read / write: features float [None,None,16], sequence_length int32 [None]; steps past a row's length copy the state through (tf.where) and emit zeros; outputs outputs [None,None,64], final_h [None,64], logits Dense(4) from final_h")
def b_while_lstm(out):
    kernel, bias, wo, bo = _weights(12, (80, 256), (256,), (64, 4), (4,))

    @tf.function(input_signature=[tensor_spec([None, None, 16], name="features"), tensor_spec([None], "int32", "sequence_length")])
    def serve(features, sequence_length):
        batch, steps = tf.shape(features)[0], tf.shape(features)[1]
        xs = tf.TensorArray(tf.float32, size=steps).unstack(tf.transpose(features, [1, 0, 2]))

        def body(t, h, c, outs):
            i, j, f, o = tf.split(tf.matmul(tf.concat([xs.read(t), h], 1), kernel) + bias, 4, 1)
            nc = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(j)
            nh = tf.sigmoid(o) * tf.tanh(nc)
            live = (t < sequence_length)[:, None]
            return t + 1, tf.where(live, nh, h), tf.where(live, nc, c), outs.write(t, tf.where(live, nh, tf.zeros_like(nh)))
        z = tf.zeros([batch, 64])
        _, h, _, outs = tf.while_loop(lambda t, *_: t < steps, body, [tf.constant(0), z, z, tf.TensorArray(tf.float32, size=steps)])
        return {"outputs": tf.transpose(outs.stack(), [1, 0, 2]), "final_h": h, "logits": tf.matmul(h, wo) + bo}
    _save(out, {"params": [kernel, bias, wo, bo]}, serving_default=serve)


FEEDS["s35_while_loop_tensorarray_lstm_seq_len"] = {"sequence_length": (1, 33)}


@model("s35_autograph_for_range_gru_batch1_frozen", "frozen-pb", "GRU written as a plain Python loop that AutoGraph turns into a While: `for t in tf.range(T)` over features float [1,None,16] with TensorArray writes of per-step softmax probabilities; raw-variable GRU (reset-after form, gates z / r / candidate); frozen with convert_variables_to_constants_v2 (the While lowered to Enter / Exit / Switch / Merge); outputs 'step_probs' [None,1,5] (time-major) and 'final_probs' [1,5]")
def b_autograph_gru(out):
    wx, wh, bx, bh, wo, bo = _weights(13, (16, 96), (32, 96), (96,), (96,), (32, 5), (5,))

    def fn(features):
        h = tf.zeros([1, 32])
        probs = tf.TensorArray(tf.float32, size=tf.shape(features)[1])
        for t in tf.range(tf.shape(features)[1]):
            gx, gh = tf.matmul(features[:, t], wx) + bx, tf.matmul(h, wh) + bh
            z = tf.sigmoid(gx[:, :32] + gh[:, :32])
            r = tf.sigmoid(gx[:, 32:64] + gh[:, 32:64])
            n = tf.tanh(gx[:, 64:] + r * gh[:, 64:])
            h = (1.0 - z) * n + z * h
            probs = probs.write(t, tf.nn.softmax(tf.matmul(h, wo) + bo))
        return tf.identity(probs.stack(), name="step_probs"), tf.identity(tf.nn.softmax(tf.matmul(h, wo) + bo), name="final_probs")
    _freeze(fn, [tensor_spec([1, None, 16], name="features")], out)


OUTPUTS["s35_autograph_for_range_gru_batch1_frozen"] = ["step_probs", "final_probs"]


@model("s35_char_rnn_stateless_sampling_while", "tf-module", "char-rnn text generator (TF text-generation tutorial shape): prime_ids int32 [1,None] (1..64), num_steps int32 [], temperature float [], seed int32 [2]; Embedding(65, 32) + GRU(128, return_state) over the prime, then a tf.while_loop stepping the same GRU's cell with tf.random.stateless_categorical(logits / temperature) sampling (seed advanced per step) into a TensorArray; outputs generated_ids int32 [1,num_steps]")
def b_char_rnn(out):
    emb, gru, dense = L.Embedding(65, 32), L.GRU(128, return_sequences=True, return_state=True), L.Dense(65)

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "prime_ids"), tensor_spec([], "int32", "num_steps"),
                                  tensor_spec([], name="temperature"), tensor_spec([2], "int32", "seed")])
    def generate(prime_ids, num_steps, temperature, seed):
        seq, h = gru(emb(prime_ids))
        first = tf.argmax(dense(seq[:, -1]), -1, output_type=tf.int32)

        def body(t, tok, h, ta):
            o, new = gru.cell(emb(tok), [h])
            logits = dense(o) / temperature
            nxt = tf.cast(tf.random.stateless_categorical(logits, 1, seed=seed + tf.stack([0, t]))[:, 0], tf.int32)
            return t + 1, nxt, new[0], ta.write(t, nxt)
        loop = tf.while_loop(lambda t, *_: t < num_steps, body, [tf.constant(0), first, h, tf.TensorArray(tf.int32, size=num_steps)])
        return {"generated_ids": tf.transpose(loop[3].stack(), [1, 0])}
    seq, h = gru(emb(tf.constant([[1, 2]])))
    dense(seq)
    _save(out, {"layers": [emb, gru, dense]}, serving_default=generate)


FEEDS["s35_char_rnn_stateless_sampling_while"] = {"prime_ids": (1, 65), "num_steps": 16, "temperature": 0.7, "seed": (0, 1000)}


@model("s35_autoregressive_forecast_dynamic_horizon", "tf-module", "seq2seq time-series forecaster with a caller-chosen horizon: history float [None,None,1], horizon int32 []; Keras LSTM(64, return_state) encoder; decoder Keras LSTMCell(64) + Dense(1) fed its own previous prediction inside a tf.while_loop for `horizon` steps, TensorArray of predictions; outputs forecast [None,horizon]")
def b_ar_forecast(out):
    encoder, cell, head = L.LSTM(64, return_state=True), L.LSTMCell(64), L.Dense(1)

    @tf.function(input_signature=[tensor_spec([None, None, 1], name="history"), tensor_spec([], "int32", "horizon")])
    def forecast(history, horizon):
        _, h, c = encoder(history)

        def body(t, prev, h, c, ta):
            o, (h, c) = cell(prev, [h, c])
            y = head(o)
            return t + 1, y, h, c, ta.write(t, y[:, 0])
        loop = tf.while_loop(lambda t, *_: t < horizon, body, [tf.constant(0), history[:, -1], h, c, tf.TensorArray(tf.float32, size=horizon)])
        return {"forecast": tf.transpose(loop[4].stack(), [1, 0])}
    _, h, c = encoder(tf.zeros([1, 3, 1]))
    head(cell(tf.zeros([1, 1]), [h, c])[0])
    _save(out, {"layers": [encoder, cell, head]}, serving_default=forecast)


FEEDS["s35_autoregressive_forecast_dynamic_horizon"] = {"horizon": 6}


@model("s35_tpu_lstm_lm_jit_compile_two_signatures", "tf-module", "Cloud TPU language-model serving module with static shapes and tf.function(jit_compile=True) signatures: serving_default(token_ids int32 [8,64] 0..7999) -> Keras Embedding(8000, 128) + LSTM(256, return_sequences) + Dense(8000) -> log_probs [8,64,8000] and next_token (argmax) int32; sequence_log_likelihood(token_ids, target_ids int32 [8,64]) -> per-sequence sum of target log-probs via tf.gather(batch_dims=2) [8]")
def b_tpu_jit(out):
    emb, lstm, proj = L.Embedding(8000, 128), L.LSTM(256, return_sequences=True), L.Dense(8000)

    def log_probs(token_ids):
        return tf.nn.log_softmax(proj(lstm(emb(token_ids))))

    @tf.function(jit_compile=True, input_signature=[tensor_spec([8, 64], "int32", "token_ids")])
    def predict(token_ids):
        lp = log_probs(token_ids)
        return {"log_probs": lp, "next_token": tf.argmax(lp[:, -1], -1, output_type=tf.int32)}

    @tf.function(jit_compile=True, input_signature=[tensor_spec([8, 64], "int32", "token_ids"), tensor_spec([8, 64], "int32", "target_ids")])
    def score(token_ids, target_ids):
        lp = log_probs(token_ids)
        return {"log_likelihood": tf.reduce_sum(tf.gather(lp, target_ids[..., None], batch_dims=2)[..., 0], -1)}
    log_probs(tf.zeros([1, 2], tf.int32))
    _save(out, {"layers": [emb, lstm, proj]}, serving_default=predict, sequence_log_likelihood=score)


FEEDS["s35_tpu_lstm_lm_jit_compile_two_signatures"] = {"token_ids": (0, 8000), "target_ids": (0, 8000)}


@model("s35_lstmp_peephole_projection_frozen", "frozen-pb", "acoustic model with 2 LSTMP layers written by hand (Sak et al.: peephole connections w_ic / w_fc / w_oc, cell clip 3.0, recurrent projection 256 -> 64 with proj clip), time-major tf.scan carrying (c, r); features float [None,None,40] -> log_softmax over 42 phones; frozen with convert_variables_to_constants_v2 (the scans' While loops lowered), output 'phone_log_probs' [None,None,42]")
def b_lstmp(out):
    H, P = 256, 64
    layers = []
    for k, d in enumerate((40, P)):
        w, b, wp = _weights(20 + k, (d + P, 4 * H), (4 * H,), (H, P))
        peep = [tf.Variable(np.random.default_rng(30 + k + j).normal(0, 0.1, H).astype("float32")) for j in range(3)]
        layers.append((w, b, wp, peep))
    wo, bo = _weights(40, (P, 42), (42,))

    def lstmp(xs, w, b, wp, peep):
        def step(carry, x):
            c, r = carry
            i, j, f, o = tf.split(tf.matmul(tf.concat([x, r], 1), w) + b, 4, 1)
            c = tf.sigmoid(f + peep[1] * c + 1.0) * c + tf.sigmoid(i + peep[0] * c) * tf.tanh(j)
            c = tf.clip_by_value(c, -3.0, 3.0)
            r = tf.clip_by_value(tf.matmul(tf.sigmoid(o + peep[2] * c) * tf.tanh(c), wp), -3.0, 3.0)
            return c, r
        batch = tf.shape(xs)[1]
        return tf.scan(step, xs, initializer=(tf.zeros([batch, H]), tf.zeros([batch, P])))[1]

    def fn(features):
        x = tf.transpose(features, [1, 0, 2])
        for p in layers:
            x = lstmp(x, *p)
        return tf.identity(tf.transpose(tf.nn.log_softmax(tf.matmul(x, wo) + bo), [1, 0, 2]), name="phone_log_probs")
    _freeze(fn, [tensor_spec([None, None, 40], name="features")], out)


OUTPUTS["s35_lstmp_peephole_projection_frozen"] = ["phone_log_probs"]


# ================================================================================ TF1-style graphs

@model("s35_tf1_dynamic_rnn_joint_intent_slots_frozen", "frozen-pb", "era tf1 joint intent detection + slot filling (ATIS style): word_ids int32 [None,None] (0..1999), lengths int32 [None]; embedding_lookup on get_variable [2000,64], tf.compat.v1.nn.dynamic_rnn(LSTMCell(64) look-alike, sequence_length) -> v1 while loop with TensorArrays; intent from final state h (fc 18, softmax 'intent_probs'), slots per step (reshape, fc 12, argmax 'slot_ids' int64); frozen with graph_util.convert_variables_to_constants")
def b_tf1_intent(out):
    def build():
        ids = v1.placeholder(tf.int32, [None, None], name="word_ids")
        lengths = v1.placeholder(tf.int32, [None], name="lengths")
        emb = tf.nn.embedding_lookup(v1.get_variable("embedding", [2000, 64]), ids)
        cell = V1LSTMCell(64)
        _v1_prebuild(cell, 64, "rnn")
        outs, state = v1.nn.dynamic_rnn(cell, emb, sequence_length=lengths, dtype=tf.float32)
        intent = tf.nn.softmax(_v1_dense(state.h, "intent", 18), name="intent_probs")
        slots = tf.reshape(_v1_dense(tf.reshape(outs, [-1, 64]), "slots", 12), [tf.shape(ids)[0], -1, 12])
        return [intent, tf.argmax(slots, -1, name="slot_ids")]
    _v1_freeze(out, build, era="tf1")


OUTPUTS["s35_tf1_dynamic_rnn_joint_intent_slots_frozen"] = ["intent_probs", "slot_ids"]
FEEDS["s35_tf1_dynamic_rnn_joint_intent_slots_frozen"] = {"word_ids": (0, 2000), "lengths": (1, 33)}


@model("s35_tf1_static_rnn_gru_kws_frozen", "frozen-pb", "era tf1 keyword spotter in the speech_commands naming: fingerprint_input float [1,49,40], tf.unstack over 49 frames, tf.compat.v1.nn.static_rnn over a MultiRNNCell look-alike of 2 GRUCell(48) look-alikes (graph fully unrolled, no loop), last output fc 12, softmax 'labels_softmax'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_static_kws(out):
    def build():
        x = v1.placeholder(tf.float32, [1, 49, 40], name="fingerprint_input")
        outs, _ = v1.nn.static_rnn(V1MultiCell([V1GRUCell(48), V1GRUCell(48)]), tf.unstack(x, 49, 1), dtype=tf.float32)
        return [tf.nn.softmax(_v1_dense(outs[-1], "final_fc", 12), name="labels_softmax")]
    _v1_freeze(out, build, era="tf1")


OUTPUTS["s35_tf1_static_rnn_gru_kws_frozen"] = ["labels_softmax"]


@model("s35_tf1_bidirectional_dynamic_rnn_punctuation", "tf1-savedmodel", "era compat punctuation-restoration tagger saved with SavedModelBuilder: token_ids int32 [None,None] (0..2999), lengths int32 [None]; embedding_lookup, tf.compat.v1.nn.bidirectional_dynamic_rnn(LSTMCell(48) look-alikes fw / bw, sequence_length) (ReverseSequence, functional While loops), concat, fc 4 per token; predict signature -> punct_probs [None,None,4], punct_ids int64")
def b_tf1_bidi(out):
    def build():
        ids = v1.placeholder(tf.int32, [None, None], name="token_ids")
        lengths = v1.placeholder(tf.int32, [None], name="lengths")
        emb = tf.nn.embedding_lookup(v1.get_variable("embedding", [3000, 48]), ids)
        fw, bw = V1LSTMCell(48), V1LSTMCell(48)
        _v1_prebuild(fw, 48, "bidirectional_rnn/fw")
        _v1_prebuild(bw, 48, "bidirectional_rnn/bw")
        (of, ob), _ = v1.nn.bidirectional_dynamic_rnn(fw, bw, emb, sequence_length=lengths, dtype=tf.float32)
        logits = tf.reshape(_v1_dense(tf.reshape(tf.concat([of, ob], -1), [-1, 96]), "punct", 4), [tf.shape(ids)[0], -1, 4])
        probs = tf.nn.softmax(logits)
        return {"serving_default": ({"token_ids": ids, "lengths": lengths}, {"punct_probs": probs, "punct_ids": tf.argmax(probs, -1)})}
    _v1_saved_model(out, build, era="compat")


FEEDS["s35_tf1_bidirectional_dynamic_rnn_punctuation"] = {"token_ids": (0, 3000), "lengths": (1, 33)}


@model("s35_tf1_multirnn_gru_keep_prob_frozen", "frozen-pb", "era compat 2-layer GRU regressor (stock-price tutorial style): inputs float [None,30,3], keep_prob placeholder_with_default(1.0) used as output dropout between layers; tf.compat.v1.nn.dynamic_rnn over a MultiRNNCell look-alike of 2 GRUCell(32) look-alikes (functional While), last step fc 1 'prediction'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_multi_gru(out):
    def build():
        x = v1.placeholder(tf.float32, [None, 30, 3], name="inputs")
        keep = v1.placeholder_with_default(1.0, [], name="keep_prob")
        cell = V1MultiCell([V1GRUCell(32), V1GRUCell(32)], keep_prob=keep)
        _v1_prebuild(cell, 3, "rnn")
        outs, _ = v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
        return [tf.identity(_v1_dense(outs[:, -1], "output", 1), name="prediction")]
    _v1_freeze(out, build, era="compat")


OUTPUTS["s35_tf1_multirnn_gru_keep_prob_frozen"] = ["prediction"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, v1
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, v1 = tensorflow, k, numpy, k.layers, tensorflow.compat.v1


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
