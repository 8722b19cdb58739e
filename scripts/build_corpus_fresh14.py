"""Build an independently made corpus into bench/out/fresh14/: the breadth of Keras 3 layers and keras.ops as real
projects use them. Each model is a small but realistic network built around a less common layer or op family:
attention (MultiHeadAttention with padding / causal masks, key_dim != value_dim, attention_axes, cross-attention
returning scores, Attention / AdditiveAttention, GroupQueryAttention, ops.nn.dot_product_attention), normalization
(GroupNormalization, LayerNormalization(rms_scaling), RMSNormalization, BatchNormalization in 1D/2D/3D,
SpectralNormalization, UnitNormalization), recurrent layers (SimpleRNN, GRU reset_after True/False, LSTM unroll /
return_state / stateful, Bidirectional merge modes, ConvLSTM1D/2D, Masking and mask_zero, TimeDistributed),
convolution variants (SeparableConv1D/2D, DepthwiseConv1D/2D with depth_multiplier, causal dilated Conv1D, grouped
Conv2D, Conv2DTranspose / Conv3DTranspose with output_padding, Conv3D, cropping / zero padding / upsampling in 1D-3D,
pooling variants incl. adaptive pooling), reshaping and merge layers, activation layers and keras.activations,
keras.ops in custom layers (einsum, top_k, sort, cumsum, segment ops, image ops, fft / stft, scatter, slice_update,
norms), EinsumDense, large-vocabulary and reversible embeddings, preprocessing lookup / hashing / discretization
layers inside the model, and custom / Wrapper layers. Exported as Keras 3 model.export, keras.export.ExportArchive
with explicit input signatures, tf.saved_model.save of the Keras model or of a tf.Module wrapping it, and frozen
GraphDefs. Tiny widths, seeded random weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh14.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh14.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh14.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh14.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh14.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export,  # noqa: E402
                           serve_module, tensor_spec)

CORPUS = Corpus("fresh14", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need real values in --check: model -> {input name: (low, high) int range or array} or callable(rng).
# Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


def _ids(rng, shape, vocab, pad_from=None):
    """token ids in [1, vocab) with zero padding after position `pad_from` in every other row"""
    a = rng.integers(1, vocab, shape)
    if pad_from is not None:
        a[::2, pad_from:] = 0
    return a


def _save_keras(m, out, specs, names=None):
    """tf.saved_model.save of a Keras model with an explicit serving_default tf.function (training=False)."""
    names = names or [f"output_{k}" for k in range(len(m.outputs))]

    @tf.function(input_signature=specs)
    def serve(*args):
        y = m(list(args) if len(args) > 1 else args[0], training=False)
        y = y if isinstance(y, (list, tuple)) else [y]
        return dict(zip(names, y))
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


# ================================================================================ attention

@model("z_mha_padding_mask_text_encoder", "keras-export", "text encoder, int32 token ids [None,None]: Embedding(1000,32) + learned position Embedding(64,32) indexed by ops.arange, padding attention mask built in a Lambda from ids != 0 (bool [B,T,T]), MultiHeadAttention(4 heads, key_dim 8) with attention_mask, LayerNormalization, Dense gelu FFN, masked mean pool (ops.sum / ops.maximum), Dense(3)")
def b_mha_pad(out):
    ids = keras.Input((None,), dtype="int32", name="token_ids")

    class PosEmb(L.Layer):
        def __init__(self, n, d, **kw):
            super().__init__(**kw)
            self.emb = L.Embedding(n, d)

        def call(self, x):
            return x + self.emb(ops.arange(ops.shape(x)[1]))[None]
    x = PosEmb(64, 32)(L.Embedding(1000, 32)(ids))
    valid = L.Lambda(lambda t: ops.not_equal(t, 0))(ids)
    amask = L.Lambda(lambda v: ops.logical_and(v[:, None, :], v[:, :, None]))(valid)
    h = L.MultiHeadAttention(num_heads=4, key_dim=8)(x, x, attention_mask=amask)
    x = L.LayerNormalization()(L.Add()([x, h]))
    f = L.Dense(32)(L.Dense(64, activation="gelu")(x))
    x = L.LayerNormalization()(L.Add()([x, f]))
    pooled = L.Lambda(lambda a: ops.sum(a[0] * ops.cast(a[1], "float32")[..., None], axis=1)
                      / ops.maximum(ops.sum(ops.cast(a[1], "float32"), axis=1, keepdims=True), 1.0))([x, valid])
    keras_export(keras.Model(ids, L.Dense(3, name="logits")(pooled)), out)


FEEDS["z_mha_padding_mask_text_encoder"] = lambda rng: {"token_ids": _ids(rng, (2, 20), 1000, pad_from=12)}


@model("z_mha_causal_kdim_vdim_block", "keras-export", "decoder block on float [None,24,32]: MultiHeadAttention(num_heads=4, key_dim=8, value_dim=16, output_shape=32) with use_causal_mask=True, residual + LayerNormalization, Dense(64, gelu)/Dense(32) FFN, per-step Dense(10) logits")
def b_mha_causal(out):
    x_in = keras.Input((24, 32), name="hidden")
    h = L.MultiHeadAttention(num_heads=4, key_dim=8, value_dim=16, output_shape=32)(x_in, x_in, use_causal_mask=True)
    x = L.LayerNormalization(epsilon=1e-5)(L.Add()([x_in, h]))
    x = L.LayerNormalization(epsilon=1e-5)(L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(x))]))
    keras_export(keras.Model(x_in, L.Dense(10)(x)), out)


@model("z_cross_attention_latents_scores", "keras-export", "Perceiver-style cross-attention: query latents float [None,8,32] attend over context float [None,None,16] with MultiHeadAttention(num_heads=2, key_dim=16, value_dim=8, output_shape=32) and return_attention_scores=True; outputs updated latents [B,8,32] (residual + LayerNormalization + Dense) and the attention scores [B,2,8,T]")
def b_cross(out):
    q = keras.Input((8, 32), name="latents")
    c = keras.Input((None, 16), name="context")
    h, scores = L.MultiHeadAttention(num_heads=2, key_dim=16, value_dim=8, output_shape=32)(
        q, c, return_attention_scores=True)
    x = L.LayerNormalization()(L.Add()([q, h]))
    x = L.Add()([x, L.Dense(32)(L.Dense(64, activation="relu")(x))])
    keras_export(keras.Model([q, c], {"latents_out": x, "attention_scores": scores}), out)


@model("z_mha_attention_axes_2d_image", "keras-export", "2-D self-attention over a feature map, float [None,8,8,16]: Conv2D(16) stem, MultiHeadAttention(num_heads=2, key_dim=8, attention_axes=(1, 2)) on the 4-D tensor (attends jointly over height and width), Add, LayerNormalization, GlobalAveragePooling2D, Dense(5)")
def b_mha_axes(out):
    i = keras.Input((8, 8, 16), name="feature_map")
    x = L.Conv2D(16, 3, padding="same", activation="relu")(i)
    h = L.MultiHeadAttention(num_heads=2, key_dim=8, attention_axes=(1, 2))(x, x)
    x = L.LayerNormalization()(L.Add()([x, h]))
    keras_export(keras.Model(i, L.Dense(5)(L.GlobalAveragePooling2D()(x))), out)


@model("z_luong_bahdanau_attention_seq2seq", "keras-export", "seq2seq tagger with two attention layers: source and target int32 ids [None,None] each through Embedding(500,16, mask_zero=True); source LSTM(16, return_sequences), target GRU(16, return_sequences); Attention(use_scale=True, score_mode='concat') and AdditiveAttention(use_scale=True) over [target, source] with the propagated masks; Concatenate, Dense(500) per-step logits")
def b_luong(out):
    src = keras.Input((None,), dtype="int32", name="source_ids")
    tgt = keras.Input((None,), dtype="int32", name="target_ids")
    enc = L.LSTM(16, return_sequences=True)(L.Embedding(500, 16, mask_zero=True)(src))
    dec = L.GRU(16, return_sequences=True)(L.Embedding(500, 16, mask_zero=True)(tgt))
    luong = L.Attention(use_scale=True, score_mode="concat")([dec, enc])
    bahdanau = L.AdditiveAttention(use_scale=True)([dec, enc])
    x = L.Concatenate()([dec, luong, bahdanau])
    keras_export(keras.Model([src, tgt], L.Dense(500, name="logits")(x)), out)


FEEDS["z_luong_bahdanau_attention_seq2seq"] = lambda rng: {"source_ids": _ids(rng, (2, 14), 500, pad_from=9),
                                                           "target_ids": _ids(rng, (2, 10), 500, pad_from=6)}


@model("z_gqa_sliding_window_decoder", "saved-model", "tiny causal LM block, int32 ids [None,16]: Embedding(300,32), RMSNormalization, GroupQueryAttention(head_dim=8, num_query_heads=4, num_key_value_heads=2, sliding_window=6) with use_causal_mask=True, residual, RMSNormalization, Dense(64, silu)/Dense(32) FFN, Dense(300) logits; tf.saved_model.save of the Keras model with an explicit serving_default tf.function")
def b_gqa(out):
    ids = keras.Input((16,), dtype="int32", name="input_ids")
    x = L.Embedding(300, 32)(ids)
    n = L.RMSNormalization()(x)
    x = L.Add()([x, L.GroupQueryAttention(head_dim=8, num_query_heads=4, num_key_value_heads=2, sliding_window=6)(
        n, n, use_causal_mask=True)])
    x = L.Add()([x, L.Dense(32)(L.Dense(64, activation="silu")(L.RMSNormalization()(x)))])
    m = keras.Model(ids, L.Dense(300)(x))
    _save_keras(m, out, [tensor_spec([None, 16], "int32", "input_ids")], ["logits"])


FEEDS["z_gqa_sliding_window_decoder"] = {"input_ids": (0, 300)}


@model("z_ops_dot_product_attention_frozen", "frozen-pb", "frozen GraphDef (freeze_keras) of a causal self-attention block, fixed float [1,16,32]: custom layer with one Dense(96) qkv projection split by ops.split, reshaped to [B,T,4,8], keras.ops.nn.dot_product_attention(is_causal=True), reshape back, Dense(32) output, residual + LayerNormalization")
def b_dpa(out):
    class CausalSelfAttention(L.Layer):
        def __init__(self, d, heads, **kw):
            super().__init__(**kw)
            self.d, self.h = d, heads
            self.qkv, self.o = L.Dense(3 * d), L.Dense(d)

        def call(self, x):
            b, t = ops.shape(x)[0], ops.shape(x)[1]
            q, k, v = ops.split(self.qkv(x), 3, axis=-1)
            q, k, v = (ops.reshape(a, (b, t, self.h, self.d // self.h)) for a in (q, k, v))
            y = ops.nn.dot_product_attention(q, k, v, is_causal=True)
            return self.o(ops.reshape(y, (b, t, self.d)))
    i = keras.Input((16, 32), batch_size=1, name="x")
    y = L.LayerNormalization()(L.Add()([i, CausalSelfAttention(32, 4)(i)]))
    m = keras.Model(i, y)
    freeze_keras(m, tensor_spec([1, 16, 32], name="x"), out)


# ================================================================================ normalization

@model("z_groupnorm_diffusion_resblock", "keras-export", "diffusion-style UNet fragment: image float [None,32,32,3] and timestep float [None,1]; Conv2D(16), residual blocks of GroupNormalization(groups=4) + swish + Conv2D with a sinusoid-free Dense time embedding added through Reshape((1,1,C)), AveragePooling2D down, UpSampling2D(bilinear) up, Concatenate skip, GroupNormalization(groups=8), Conv2D(3) predicted noise")
def b_groupnorm(out):
    img = keras.Input((32, 32, 3), name="noisy_image")
    t = keras.Input((1,), name="timestep")
    temb = L.Dense(32, activation="swish")(L.Dense(32, activation="swish")(t))

    def resblock(x, c):
        h = L.Conv2D(c, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(groups=4)(x)))
        h = L.Add()([h, L.Reshape((1, 1, c))(L.Dense(c)(temb))])
        h = L.Conv2D(c, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(groups=4)(h)))
        skip = x if x.shape[-1] == c else L.Conv2D(c, 1)(x)
        return L.Add()([skip, h])
    x0 = resblock(L.Conv2D(16, 3, padding="same")(img), 16)
    x1 = resblock(L.AveragePooling2D(2)(x0), 32)
    x = L.UpSampling2D(interpolation="bilinear")(x1)
    x = resblock(L.Concatenate()([x, x0]), 16)
    x = L.Activation("swish")(L.GroupNormalization(groups=8)(x))
    keras_export(keras.Model([img, t], L.Conv2D(3, 3, padding="same", name="noise")(x)), out)


@model("z_rms_layernorm_mlp_mixer", "keras-export", "MLP-Mixer-mini, float [None,32,32,3]: Conv2D(32, 8, stride 8) patch embedding, Reshape((16,32)); two mixer blocks of LayerNormalization(rms_scaling=True), Permute((2,1)) + Dense(32, gelu)/Dense(16) token mixing + Permute back, Add, LayerNormalization(center=False) + channel MLP, Add; GlobalAveragePooling1D, Dense(10)")
def b_mixer(out):
    i = keras.Input((32, 32, 3), name="image")
    x = L.Reshape((16, 32))(L.Conv2D(32, 8, strides=8)(i))
    for _ in range(2):
        h = L.Permute((2, 1))(L.LayerNormalization(rms_scaling=True)(x))
        h = L.Permute((2, 1))(L.Dense(16)(L.Dense(32, activation="gelu")(h)))
        x = L.Add()([x, h])
        h = L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization(center=False)(x)))
        x = L.Add()([x, h])
    keras_export(keras.Model(i, L.Dense(10)(L.GlobalAveragePooling1D()(x))), out)


@model("z_batchnorm_1d_2d_3d_two_inputs", "saved-model", "two-input model with BatchNormalization in three ranks: signal float [None,64,4] -> Conv1D + BatchNormalization(momentum=0.9) + ReLU + GlobalAveragePooling1D; volume float [None,8,8,8,1] -> Conv3D + BatchNormalization + ReLU + GlobalAveragePooling3D; Concatenate, Dense + BatchNormalization(center=False, scale=False), Dense(2); fit 1 epoch on random data so moving statistics are not defaults; tf.saved_model.save of the Keras model with an explicit serving_default")
def b_bn(out):
    s = keras.Input((64, 4), name="signal")
    v = keras.Input((8, 8, 8, 1), name="volume")
    a = L.GlobalAveragePooling1D()(L.ReLU()(L.BatchNormalization(momentum=0.9)(L.Conv1D(8, 5)(s))))
    b = L.GlobalAveragePooling3D()(L.ReLU()(L.BatchNormalization()(L.Conv3D(8, 3)(v))))
    x = L.BatchNormalization(center=False, scale=False)(L.Dense(16, activation="relu")(L.Concatenate()([a, b])))
    m = keras.Model([s, v], L.Dense(2)(x))
    rng = np.random.default_rng(3)
    m.compile("adam", "mse")
    m.fit([rng.random((32, 64, 4)).astype("float32"), rng.random((32, 8, 8, 8, 1)).astype("float32")],
          rng.random((32, 2)).astype("float32"), epochs=1, batch_size=16, verbose=0)
    _save_keras(m, out, [tensor_spec([None, 64, 4], name="signal"), tensor_spec([None, 8, 8, 8, 1], name="volume")],
                ["prediction"])


@model("z_spectral_norm_disc_unitnorm_frozen", "frozen-pb", "frozen GraphDef (freeze_keras) of a GAN discriminator, fixed float [1,32,32,3]: SpectralNormalization(Conv2D(16,4,s2)), LeakyReLU(0.2), SpectralNormalization(Conv2D(32,4,s2)), LeakyReLU(0.2); heads SpectralNormalization(Dense(1)) on Flatten and a GlobalAveragePooling2D + Dense(16) + UnitNormalization embedding")
def b_spectral(out):
    i = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.LeakyReLU(0.2)(L.SpectralNormalization(L.Conv2D(16, 4, strides=2, padding="same"))(i))
    x = L.LeakyReLU(0.2)(L.SpectralNormalization(L.Conv2D(32, 4, strides=2, padding="same"))(x))
    score = L.SpectralNormalization(L.Dense(1))(L.Flatten()(x))
    emb = L.UnitNormalization()(L.Dense(16)(L.GlobalAveragePooling2D()(x)))
    m = keras.Model(i, [score, emb])
    freeze_keras(m, tensor_spec([1, 32, 32, 3], name="image"), out)


# ================================================================================ recurrent

@model("z_simplernn_gru_reset_after_false", "keras-export", "sensor sequence regressor, float [None,None,8]: SimpleRNN(16, relu, return_sequences), GRU(16, reset_after=False, return_sequences), GRU(16) (reset_after=True default), Dense(1)")
def b_rnn_gru(out):
    i = keras.Input((None, 8), name="readings")
    x = L.SimpleRNN(16, activation="relu", return_sequences=True)(i)
    x = L.GRU(16, reset_after=False, return_sequences=True)(x)
    keras_export(keras.Model(i, L.Dense(1)(L.GRU(16)(x))), out)


@model("z_lstm_unroll_batch1_frozen", "frozen-pb", "frozen GraphDef (freeze_keras) of a stacked LSTM with unroll=True (no while loop), fixed float [1,12,6]: LSTM(16, unroll=True, return_sequences), LSTM(8, unroll=True), Dense(3, softmax)")
def b_lstm_unroll(out):
    i = keras.Input((12, 6), batch_size=1, name="window")
    x = L.LSTM(8, unroll=True)(L.LSTM(16, unroll=True, return_sequences=True)(i))
    freeze_keras(keras.Model(i, L.Dense(3, activation="softmax")(x)), tensor_spec([1, 12, 6], name="window"), out)


@model("z_lstm_return_state_seq2seq", "keras-export", "teacher-forced encoder-decoder (Keras char-level seq2seq example): encoder float [None,None,10] LSTM(32, return_state=True) -> (h, c); decoder float [None,None,12] LSTM(32, return_sequences, return_state, initial_state=[h, c]); outputs Dense(12, softmax) per step plus decoder h and c states")
def b_seq2seq(out):
    e = keras.Input((None, 10), name="encoder_inputs")
    d = keras.Input((None, 12), name="decoder_inputs")
    _, h, c = L.LSTM(32, return_state=True)(e)
    y, dh, dc = L.LSTM(32, return_sequences=True, return_state=True)(d, initial_state=[h, c])
    probs = L.Dense(12, activation="softmax")(y)
    keras_export(keras.Model([e, d], {"probs": probs, "state_h": dh, "state_c": dc}), out)


@model("z_stateful_gru_streaming_batch1", "saved-model", "streaming keyword detector with a stateful GRU, fixed float [1,4,8] chunks: GRU(16, stateful=True, return_sequences) whose state variables persist between calls, Dense(2) per step; tf.saved_model.save of the Keras model with signatures serving_default (runs a chunk) and reset_state (assigns zeros to the GRU state, no inputs)")
def b_stateful(out):
    i = keras.Input((4, 8), batch_size=1, name="chunk")
    gru = L.GRU(16, stateful=True, return_sequences=True)
    m = keras.Model(i, L.Dense(2)(gru(i)))
    m(np.zeros((1, 4, 8), "float32"))

    @tf.function(input_signature=[tensor_spec([1, 4, 8], name="chunk")])
    def serve(chunk):
        return {"logits": m(chunk, training=False)}

    @tf.function(input_signature=[])
    def reset_state():
        for s in gru.states:
            s.assign(tf.zeros_like(s))
        return {"done": tf.constant(True)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve, "reset_state": reset_state})


@model("z_bidirectional_merge_modes_masked", "keras-export", "int64 token ids [None,None] -> Embedding(2000,16, mask_zero=True); Bidirectional(LSTM(16, return_sequences), merge_mode='sum'), Bidirectional(GRU(16, return_sequences), merge_mode='mul'), Bidirectional(SimpleRNN(8, return_sequences), merge_mode='ave'), Bidirectional(LSTM(8), merge_mode='concat'), all masked; Dense(4, softmax)")
def b_bidir(out):
    i = keras.Input((None,), dtype="int64", name="token_ids")
    x = L.Embedding(2000, 16, mask_zero=True)(i)
    x = L.Bidirectional(L.LSTM(16, return_sequences=True), merge_mode="sum")(x)
    x = L.Bidirectional(L.GRU(16, return_sequences=True), merge_mode="mul")(x)
    x = L.Bidirectional(L.SimpleRNN(8, return_sequences=True), merge_mode="ave")(x)
    x = L.Bidirectional(L.LSTM(8), merge_mode="concat")(x)
    keras_export(keras.Model(i, L.Dense(4, activation="softmax")(x)), out)


FEEDS["z_bidirectional_merge_modes_masked"] = lambda rng: {"token_ids": _ids(rng, (2, 18), 2000, pad_from=11)}


@model("z_convlstm2d_next_frame", "keras-export", "Keras 'next-frame prediction with ConvLSTM' example, float [None,None,16,16,1] (any number of frames): ConvLSTM2D(8, 3x3, same, return_sequences) + BatchNormalization, ConvLSTM2D(8, 3x3, same, return_sequences), Conv3D(1, 3x3x3, same, sigmoid)")
def b_convlstm2d(out):
    i = keras.Input((None, 16, 16, 1), name="frames")
    x = L.BatchNormalization()(L.ConvLSTM2D(8, 3, padding="same", return_sequences=True)(i))
    x = L.ConvLSTM2D(8, 3, padding="same", return_sequences=True)(x)
    keras_export(keras.Model(i, L.Conv3D(1, 3, padding="same", activation="sigmoid")(x)), out)


@model("z_convlstm1d_multisensor_module", "tf-module", "activity recognition on windows of sub-sequences, float [None,6,32,3]: ConvLSTM1D(8, 3, same) over the 6 steps, Conv1D(16, 3), GlobalMaxPooling1D, Dense(5, softmax); Keras model held by a tf.Module and saved with tf.saved_model.save and a tf.function signature")
def b_convlstm1d(out):
    i = keras.Input((6, 32, 3))
    x = L.ConvLSTM1D(8, 3, padding="same")(i)
    x = L.GlobalMaxPooling1D()(L.Conv1D(16, 3, activation="relu")(x))
    net = keras.Model(i, L.Dense(5, activation="softmax")(x))

    @tf.function(input_signature=[tensor_spec([None, 6, 32, 3], name="windows")])
    def serve(windows):
        return {"probs": net(windows, training=False)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("z_timedistributed_video_classifier", "keras-export", "video clip classifier, float [None,8,32,32,3]: TimeDistributed(Conv2D(8,3,s2)), TimeDistributed(MaxPooling2D), TimeDistributed(Conv2D(16,3)), TimeDistributed(GlobalAveragePooling2D), TimeDistributed(Dense(16)), GRU(16), Dense(4)")
def b_td(out):
    i = keras.Input((8, 32, 32, 3), name="clip")
    x = L.TimeDistributed(L.Conv2D(8, 3, strides=2, activation="relu"))(i)
    x = L.TimeDistributed(L.MaxPooling2D())(x)
    x = L.TimeDistributed(L.Conv2D(16, 3, activation="relu"))(x)
    x = L.TimeDistributed(L.Dense(16))(L.TimeDistributed(L.GlobalAveragePooling2D())(x))
    keras_export(keras.Model(i, L.Dense(4)(L.GRU(16)(x))), out)


@model("z_masking_lstm_regression_module", "tf-module", "zero-padded multivariate series regressor, float [None,None,5]: Masking(mask_value=0.0), LSTM(16, return_sequences), per-step Dense(1); Keras model held by a tf.Module and saved with a tf.function signature")
def b_masking(out):
    i = keras.Input((None, 5))
    x = L.LSTM(16, return_sequences=True)(L.Masking(mask_value=0.0)(i))
    net = keras.Model(i, L.Dense(1)(x))  # not TimeDistributed: with batch and time both None it mis-shapes in a tf.function

    @tf.function(input_signature=[tensor_spec([None, None, 5], name="series")])
    def serve(series):
        return {"per_step": net(series, training=False)}
    serve_module(out, {"model": net}, serving_default=serve)


def _padded_series(rng):
    a = rng.random((2, 20, 5)).astype("float32")
    a[0, 14:] = 0.0
    return {"series": a}


FEEDS["z_masking_lstm_regression_module"] = _padded_series


# ================================================================================ convolution

@model("z_separable_conv1d_keyword_spotting", "keras-export", "keyword spotting on log-mel frames, float [None,49,40]: SeparableConv1D(32, 5, depth_multiplier=2, same) + BatchNormalization + ReLU, MaxPooling1D(2, padding='same'), SeparableConv1D(32, 3, dilation_rate=2, same) + ReLU, GlobalAveragePooling1D, Dense(12)")
def b_sep1d(out):
    i = keras.Input((49, 40), name="mel_frames")
    x = L.ReLU()(L.BatchNormalization()(L.SeparableConv1D(32, 5, depth_multiplier=2, padding="same")(i)))
    x = L.MaxPooling1D(2, padding="same")(x)
    x = L.SeparableConv1D(32, 3, dilation_rate=2, padding="same", activation="relu")(x)
    keras_export(keras.Model(i, L.Dense(12)(L.GlobalAveragePooling1D()(x))), out)


@model("z_separable_depthwise2d_dm_frozen", "frozen-pb", "frozen GraphDef (freeze_keras), fixed float [1,64,64,3]: DepthwiseConv2D(3, depth_multiplier=4, same), SeparableConv2D(16, 3, strides=2, depth_multiplier=2), ReLU(max_value=6), DepthwiseConv2D(3, strides=2, depth_multiplier=2), BatchNormalization, GlobalAveragePooling2D, Dense(10)")
def b_sep2d(out):
    i = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.DepthwiseConv2D(3, depth_multiplier=4, padding="same")(i)
    x = L.ReLU(max_value=6.0)(L.SeparableConv2D(16, 3, strides=2, depth_multiplier=2, padding="same")(x))
    x = L.BatchNormalization()(L.DepthwiseConv2D(3, strides=2, depth_multiplier=2, padding="same")(x))
    m = keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x)))
    freeze_keras(m, tensor_spec([1, 64, 64, 3], name="image"), out)


@model("z_tcn_causal_dilated_depthwise1d", "keras-export", "temporal convolutional network, float [None,None,4]: Conv1D(16, 1) stem, residual blocks of Conv1D(16, 2, padding='causal', dilation_rate 1/2/4/8) + ReLU, ZeroPadding1D((2,0)) + DepthwiseConv1D(3, depth_multiplier=3, valid) (causal by left padding) + Conv1D(16,1), Add; per-step Dense(1)")
def b_tcn(out):
    i = keras.Input((None, 4), name="series")
    x = L.Conv1D(16, 1)(i)
    for d in (1, 2, 4, 8):
        h = L.Conv1D(16, 2, padding="causal", dilation_rate=d, activation="relu")(x)
        x = L.Add()([x, h])
    h = L.DepthwiseConv1D(3, depth_multiplier=3, padding="valid")(L.ZeroPadding1D((2, 0))(x))  # causal by left pad
    h = L.Conv1D(16, 1)(h)
    x = L.Add()([x, h])
    keras_export(keras.Model(i, L.Dense(1)(x)), out)


@model("z_resnext_grouped_conv2d_batch1", "keras-export", "ResNeXt-style blocks with grouped convolutions, fixed batch float [1,32,32,3] (model.export given the fixed-batch signature): Conv2D(32) stem, blocks of Conv2D(32,1) + Conv2D(32, 3, groups=8) + Conv2D(32, 1, groups=2) with BatchNormalization/ReLU and residual Add, strided Conv2D(64, 3, s2, groups=4), GlobalAveragePooling2D, Dense(10)")
def b_resnext(out):
    i = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 3, padding="same")(i)))
    for _ in range(2):
        h = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 1)(x)))
        h = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 3, padding="same", groups=8)(h)))
        h = L.BatchNormalization()(L.Conv2D(32, 1, groups=2)(h))
        x = L.ReLU()(L.Add()([x, h]))
    x = L.ReLU()(L.Conv2D(64, 3, strides=2, padding="same", groups=4)(x))
    keras_export(keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x))), out, keep_fixed_batch=True)


@model("z_conv2d_transpose_output_padding_decoder", "saved-model", "DCGAN-like decoder with odd upsampling, latent float [None,16]: Dense(4*4*32), Reshape, Conv2DTranspose(16, 3, strides=2, padding='valid', output_padding=1) -> 10x10, Conv2DTranspose(8, (3,5), strides=(2,3), padding='same', output_padding=(1,2)) -> 20x30, Cropping2D(((2,2),(3,3))), Conv2D(3, tanh); tf.saved_model.save of the Keras model with an explicit serving_default")
def b_convT(out):
    z = keras.Input((16,), name="latent")
    x = L.Reshape((4, 4, 32))(L.Dense(4 * 4 * 32, activation="relu")(z))
    x = L.Conv2DTranspose(16, 3, strides=2, padding="valid", output_padding=1, activation="relu")(x)
    x = L.Conv2DTranspose(8, (3, 5), strides=(2, 3), padding="same", output_padding=(1, 2), activation="relu")(x)
    x = L.Cropping2D(((2, 2), (3, 3)))(x)
    m = keras.Model(z, L.Conv2D(3, 3, padding="same", activation="tanh")(x))
    _save_keras(m, out, [tensor_spec([None, 16], name="latent")], ["image"])


@model("z_conv3d_volume_unet", "keras-export", "3-D segmentation U-Net-mini, float [None,16,16,16,1]: Conv3D(8) , AveragePooling3D(2), Conv3D(16), MaxPooling3D(2), Conv3DTranspose(8, 2, strides=2), UpSampling3D(2), Concatenate skip, ZeroPadding3D(((1,1),(2,2),(0,0))) then Cropping3D(((1,1),(2,2),(0,0))), Conv3D(2, 1, softmax)")
def b_conv3d(out):
    i = keras.Input((16, 16, 16, 1), name="volume")
    e = L.Conv3D(8, 3, padding="same", activation="relu")(i)
    x = L.Conv3D(16, 3, padding="same", activation="relu")(L.AveragePooling3D(2)(e))
    x = L.Conv3DTranspose(8, 2, strides=2, activation="relu")(L.MaxPooling3D(2)(x))
    x = L.Concatenate()([L.UpSampling3D(2)(x), e])
    x = L.Cropping3D(((1, 1), (2, 2), (0, 0)))(L.ZeroPadding3D(((1, 1), (2, 2), (0, 0)))(x))
    keras_export(keras.Model(i, L.Conv3D(2, 1, activation="softmax")(x)), out)


@model("z_signal_crop_pool_upsample_1d_module", "tf-module", "1-D signal denoiser, float [None,128,2]: Cropping1D((4,4)), Conv1D(16,5,same), MaxPooling1D(3, strides=2, padding='same'), Conv1D(16,3,same), UpSampling1D(2), Conv1D(2,3,same) reconstruction [B,120,2]; class head GlobalMaxPooling1D + GlobalAveragePooling1D concatenated, Dense(3); Keras model held by a tf.Module with a tf.function signature")
def b_sig1d(out):
    i = keras.Input((128, 2))
    x = L.Conv1D(16, 5, padding="same", activation="relu")(L.Cropping1D((4, 4))(i))
    h = L.Conv1D(16, 3, padding="same", activation="relu")(L.MaxPooling1D(3, strides=2, padding="same")(x))
    recon = L.Conv1D(2, 3, padding="same")(L.UpSampling1D(2)(h))
    cls = L.Dense(3)(L.Concatenate()([L.GlobalMaxPooling1D()(h), L.GlobalAveragePooling1D()(h)]))
    net = keras.Model(i, [recon, cls])

    @tf.function(input_signature=[tensor_spec([None, 128, 2], name="signal")])
    def serve(signal):
        r, c = net(signal, training=False)
        return {"reconstruction": r, "class_logits": c}
    serve_module(out, {"model": net}, serving_default=serve)


@model("z_adaptive_pooling_spp_head", "keras-export", "image classifier with a spatial-pyramid head, float [None,48,48,3]: Conv2D(16, s2) + Conv2D(32), spatial-pyramid head of AdaptiveAveragePooling2D(4) and AdaptiveMaxPooling2D(2) each Flattened, Concatenate, Dense(32), Dense(6)")
def b_adaptive(out):
    i = keras.Input((48, 48, 3), name="image")
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(i)
    x = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    a = L.Flatten()(L.AdaptiveAveragePooling2D(4)(x))
    b = L.Flatten()(L.AdaptiveMaxPooling2D(2)(x))
    keras_export(keras.Model(i, L.Dense(6)(L.Dense(32, activation="relu")(L.Concatenate()([a, b])))), out)


# ================================================================================ reshaping and merging

@model("z_lstm_autoencoder_repeatvector_permute", "saved-model", "LSTM sequence autoencoder, float [None,20,3]: LSTM(16) encoder, RepeatVector(20), LSTM(16, return_sequences), TimeDistributed(Dense(3)); a Permute((2,1)) + Dense(20) + Permute((2,1)) time-mixing refinement added back; plain tf.saved_model.save(model, path) (default signature)")
def b_lstm_ae(out):
    i = keras.Input((20, 3), name="sequence")
    x = L.RepeatVector(20)(L.LSTM(16)(i))
    y = L.TimeDistributed(L.Dense(3))(L.LSTM(16, return_sequences=True)(x))
    r = L.Permute((2, 1))(L.Dense(20)(L.Permute((2, 1))(y)))
    m = keras.Model(i, L.Add()([y, r]))
    tf.saved_model.save(m, str(out))


@model("z_merge_layers_pair_scorer", "keras-export", "pair scorer over two float [None,16] inputs through a shared Dense tower: Dot(axes=1, normalize=True) cosine, Minimum, Maximum, Subtract, Multiply, Average; each Reshape((1,16)) and Concatenate(axis=1) into [B,5,16], Conv1D(8, 1), Flatten, Concatenate(axis=-1) with the cosine, Dense(1, sigmoid)")
def b_merge(out):
    a = keras.Input((16,), name="item_a")
    b = keras.Input((16,), name="item_b")
    tower = keras.Sequential([keras.Input((16,)), L.Dense(16, activation="relu")])
    ta, tb = tower(a), tower(b)
    cos = L.Dot(axes=1, normalize=True)([ta, tb])
    parts = [L.Minimum()([ta, tb]), L.Maximum()([ta, tb]), L.Subtract()([ta, tb]), L.Multiply()([ta, tb]),
             L.Average()([ta, tb])]
    x = L.Concatenate(axis=1)([L.Reshape((1, 16))(p) for p in parts])
    x = L.Flatten()(L.Conv1D(8, 1)(x))
    keras_export(keras.Model([a, b], L.Dense(1, activation="sigmoid")(L.Concatenate(axis=-1)([x, cos]))), out)


@model("z_flatten_5d_reshape_concat_frozen", "frozen-pb", "frozen GraphDef (freeze_keras), fixed float [1,4,6,6,2] volume: Flatten of the 5-D input, Dense(48), Reshape((-1, 4)) -> [1,12,4], Reshape((3,4,4)) + Permute((3,1,2)) + Reshape((-1, 4)), Concatenate(axis=1) of the two [1,12,4] views, Conv1D(4, 3), Flatten, Dense(2)")
def b_flatten5d(out):
    i = keras.Input((4, 6, 6, 2), batch_size=1, name="volume")
    x = L.Dense(48, activation="relu")(L.Flatten()(i))
    a = L.Reshape((-1, 4))(x)
    b = L.Reshape((-1, 4))(L.Permute((3, 1, 2))(L.Reshape((3, 4, 4))(x)))
    y = L.Flatten()(L.Conv1D(4, 3)(L.Concatenate(axis=1)([a, b])))
    freeze_keras(keras.Model(i, L.Dense(2)(y)), tensor_spec([1, 4, 6, 6, 2], name="volume"), out)


# ================================================================================ activations

@model("z_activation_layers_masked_softmax", "keras-export", "image float [None,16,16,3] plus bool class mask [None,10]: Conv2D + ELU(alpha=0.5), Conv2D + LeakyReLU(negative_slope=0.1), Conv2D + ReLU(max_value=6, threshold=0.1, negative_slope=0.05), Conv2D + PReLU(shared_axes=[1,2]), GlobalAveragePooling2D, Dense(10), Softmax called with mask=class_mask")
def b_act_layers(out):
    i = keras.Input((16, 16, 3), name="image")
    mask = keras.Input((10,), dtype="bool", name="class_mask")
    x = L.ELU(alpha=0.5)(L.Conv2D(8, 3, padding="same")(i))
    x = L.LeakyReLU(negative_slope=0.1)(L.Conv2D(8, 3, padding="same")(x))
    x = L.ReLU(max_value=6.0, threshold=0.1, negative_slope=0.05)(L.Conv2D(16, 3, strides=2, padding="same")(x))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(16, 3, padding="same")(x))
    logits = L.Dense(10)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model([i, mask], L.Softmax()(logits, mask=mask)), out)


FEEDS["z_activation_layers_masked_softmax"] = lambda rng: {"class_mask": rng.random((2, 10)) > 0.3}


@model("z_keras_activations_branch_mlp", "saved-model", "tabular MLP float [None,32] with one Dense(8) branch per keras.activations function: hard_silu, mish, selu, softplus, softsign, gelu(approximate=False), gelu(approximate=True) via Lambda, relu6, silu, hard_sigmoid; Concatenate, Dense(5), Activation(log_softmax); plain tf.saved_model.save(model, path)")
def b_act_fns(out):
    A = keras.activations
    i = keras.Input((32,), name="features")
    branches = [L.Dense(8, activation=a)(i) for a in
                (A.hard_silu, A.mish, A.selu, A.softplus, A.softsign, A.relu6, A.silu, A.hard_sigmoid)]
    branches.append(L.Lambda(lambda t: A.gelu(t, approximate=False))(L.Dense(8)(i)))
    branches.append(L.Lambda(lambda t: A.gelu(t, approximate=True))(L.Dense(8)(i)))
    y = L.Activation(A.log_softmax)(L.Dense(5)(L.Concatenate()(branches)))
    tf.saved_model.save(keras.Model(i, y), str(out))


@model("z_ops_activation_extras_frozen", "frozen-pb", "frozen GraphDef (freeze_keras), fixed float [1,64]: Dense(32) then a Lambda applying keras.ops celu, hard_tanh, soft_shrink, tanh_shrink, hard_shrink, squareplus, sparse_plus, threshold(0.1, 0) and log_sigmoid to slices, concatenated; ops.glu on a Dense(32) output; Dense(6) and ops.sparsemax output")
def b_act_extra(out):
    i = keras.Input((64,), batch_size=1, name="x")
    h = L.Dense(32)(i)

    def zoo(t):
        return ops.concatenate([ops.celu(t), ops.hard_tanh(t), ops.soft_shrink(t), ops.tanh_shrink(t),
                                ops.hard_shrink(t), ops.squareplus(t), ops.sparse_plus(t), ops.threshold(t, 0.1, 0.0),
                                ops.log_sigmoid(t)], axis=-1)
    z = L.Lambda(zoo)(h)
    g = L.Lambda(lambda t: ops.glu(t))(L.Dense(32)(i))
    y = L.Lambda(lambda t: ops.sparsemax(t))(L.Dense(6)(L.Concatenate()([z, g])))
    freeze_keras(keras.Model(i, y), tensor_spec([1, 64], name="x"), out)


# ================================================================================ keras.ops in custom layers

@model("z_ops_einsum_topk_retrieval_archive", "keras-export", "two-tower retrieval head exported with keras.export.ExportArchive (endpoints 'serve' and 'embed', explicit input signature float [None,24]; write_out also lists 'serve' as serving_default): query Dense tower, custom layer holding an item table weight [200,16] scored with ops.einsum('bd,nd->bn'), ops.top_k(k=5) ids (int32) and scores, ops.sort / ops.argsort of the top scores")
def b_retrieval(out):
    class ItemScorer(L.Layer):
        def build(self, s):
            self.items = self.add_weight(shape=(200, s[-1]), initializer="random_normal", name="item_table")

        def call(self, q):
            scores = ops.einsum("bd,nd->bn", q, self.items)
            top_scores, top_ids = ops.top_k(scores, k=5)
            order = ops.argsort(-top_scores, axis=-1)
            return {"top_ids": top_ids, "top_scores": ops.sort(top_scores, axis=-1), "order": order}
    i = keras.Input((24,), name="query")
    q = L.Dense(16)(L.Dense(32, activation="relu")(i))
    res = ItemScorer()(q)
    m = keras.Model(i, res)
    emb = keras.Model(i, q)
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", lambda x: m(x, training=False), input_signature=[tensor_spec([None, 24], name="query")])
    archive.add_endpoint("embed", lambda x: emb(x, training=False), input_signature=[tensor_spec([None, 24], name="query")])
    archive.write_out(str(out), verbose=False)


@model("z_ops_cumsum_cumprod_logsumexp_module", "tf-module", "sequence scorer on float [None,None,8] with a custom layer of keras.ops: running mean by ops.cumsum / ops.arange, survival probability ops.cumprod of sigmoid gates, ops.logsumexp pooling over time, erf-GELU via ops.erf; Dense layers around it; Keras model held by a tf.Module with a tf.function signature")
def b_cumsum(out):
    class RunningStats(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.gate = L.Dense(1)

        def call(self, x):
            t = ops.cast(ops.arange(1, ops.shape(x)[1] + 1), x.dtype)[None, :, None]
            running_mean = ops.cumsum(x, axis=1) / t
            survival = ops.cumprod(ops.sigmoid(self.gate(x)), axis=1)
            h = running_mean * survival
            h = 0.5 * h * (1.0 + ops.erf(h / np.sqrt(2.0).astype("float32")))
            return ops.logsumexp(h, axis=1)
    i = keras.Input((None, 8))
    x = RunningStats()(L.Dense(16)(i))
    net = keras.Model(i, L.Dense(2)(x))

    @tf.function(input_signature=[tensor_spec([None, None, 8], name="events")])
    def serve(events):
        return {"score": net(events, training=False)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("z_ops_segment_graph_readout_module", "tf-module", "GNN-style graph readout over a flat node list: node features float [None,8], node_type int32 [None] (ops.one_hot depth 5), graph_id int32 [None] in [0,4); Dense node encoder, ops.segment_sum and ops.segment_max(num_segments=4) pooling per graph, ops.take of pooled graph vectors back to nodes, Dense outputs per graph [4,3] and per node [N,2]; Keras functional model held by a tf.Module with a tf.function signature")
def b_segment(out):
    class Readout(L.Layer):
        def call(self, inputs):
            h, gid = inputs
            return ops.concatenate([ops.segment_sum(h, gid, num_segments=4),
                                    ops.segment_max(h, gid, num_segments=4)], axis=-1)

    feats = keras.Input((8,), name="node_features")
    ntype = keras.Input((), dtype="int32", name="node_type")
    gid = keras.Input((), dtype="int32", name="graph_id")
    h = L.Concatenate()([feats, L.Lambda(lambda t: ops.one_hot(t, 5))(ntype)])
    h = L.Dense(16, activation="relu")(L.Dense(16, activation="relu")(h))
    g = Readout()([h, gid])
    back = L.Lambda(lambda a: ops.take(a[0], a[1], axis=0), output_shape=(32,))([g, gid])
    node_out = L.Dense(2)(L.Concatenate()([h, back]))
    net = keras.Model([feats, ntype, gid], [L.Dense(3)(g), node_out])

    @tf.function(input_signature=[tensor_spec([None, 8], name="node_features"),
                                  tensor_spec([None], "int32", "node_type"), tensor_spec([None], "int32", "graph_id")])
    def serve(node_features, node_type, graph_id):
        graph_logits, node_logits = net([node_features, node_type, graph_id], training=False)
        return {"graph_logits": graph_logits, "node_logits": node_logits}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["z_ops_segment_graph_readout_module"] = lambda rng: {
    "node_features": rng.random((10, 8)), "node_type": rng.integers(0, 5, 10),
    "graph_id": np.sort(rng.integers(0, 4, 10))}


@model("z_ops_image_resize_affine_patches", "keras-export", "image model, float [None,64,64,3]: custom layer with ops.image.resize to 48x48 (bicubic, antialias), ops.image.affine_transform with a fixed small rotation/shift (bilinear, fill constant), ops.image.extract_patches(size=8) -> [B,6,6,192]; Reshape((36,192)), Dense(32), LayerNormalization, GlobalAveragePooling1D, Dense(4)")
def b_image_ops(out):
    c, s = float(np.cos(0.1)), float(np.sin(0.1))
    transform = np.array([[c, -s, 2.0, s, c, -1.0, 0.0, 0.0]], "float32")

    class Warp(L.Layer):
        def call(self, x):
            x = ops.image.resize(x, (48, 48), interpolation="bicubic", antialias=True)
            tr = ops.tile(ops.convert_to_tensor(transform), [ops.shape(x)[0], 1])
            x = ops.image.affine_transform(x, tr, interpolation="bilinear", fill_mode="constant")
            return ops.image.extract_patches(x, 8)
    i = keras.Input((64, 64, 3), name="image")
    x = L.Reshape((36, 192))(Warp()(i))
    x = L.LayerNormalization()(L.Dense(32, activation="relu")(x))
    keras_export(keras.Model(i, L.Dense(4)(L.GlobalAveragePooling1D()(x))), out)


@model("z_ops_fft_rfft_stft_frozen", "frozen-pb", "frozen GraphDef (freeze_function of a Keras model), fixed float [1,1024] audio: custom layer with ops.stft(sequence_length=128, stride=64, fft_length=128, hann) -> log1p magnitude frames, ops.rfft full-signal magnitude, mean power of ops.fft of the (signal, zeros) real/imag pair; Dense(16) + GlobalAveragePooling1D over the frames, Dense(16) on the rfft magnitude and log1p power concatenated, Dense(4)")
def b_fft(out):
    class Spectral(L.Layer):
        def call(self, x):
            re, im = ops.stft(x, sequence_length=128, sequence_stride=64, fft_length=128, window="hann")
            frames = ops.log1p(ops.sqrt(re * re + im * im))
            rre, rim = ops.rfft(x)
            rmag = ops.sqrt(rre * rre + rim * rim)
            fre, fim = ops.fft((x, ops.zeros_like(x)))
            power = ops.mean(fre * fre + fim * fim, axis=-1, keepdims=True)
            return frames, rmag, power
    i = keras.Input((1024,), batch_size=1, name="audio")
    frames, rmag, power = Spectral()(i)
    a = L.GlobalAveragePooling1D()(L.Dense(16, activation="relu")(frames))
    b = L.Dense(16, activation="relu")(rmag)
    m = keras.Model(i, L.Dense(4)(L.Concatenate()([a, b, L.Lambda(lambda t: ops.log1p(t))(power)])))
    freeze_function(lambda t: m(t, training=False), [tensor_spec([1, 1024], name="audio")], out)


@model("z_mel_stft_spectrogram_layers", "keras-export", "audio classifier on raw waveform float [None,4000]: MelSpectrogram(fft_length=256, sequence_stride=128, num_mel_bins=32, power_to_db) branch and STFTSpectrogram(mode='log', frame_length=256, frame_step=128, window given as a numpy Hann array) branch, each Reshape/Conv1D + GlobalAveragePooling1D, Concatenate, Dense(10)")
def b_mel(out):
    i = keras.Input((4000,), name="waveform")
    mel = L.MelSpectrogram(fft_length=256, sequence_stride=128, num_mel_bins=32, sampling_rate=16000)(i)  # [B,32,T]
    a = L.GlobalAveragePooling1D()(L.Conv1D(16, 3, activation="relu")(L.Permute((2, 1))(mel)))
    spec = L.STFTSpectrogram(mode="log", frame_length=256, frame_step=128,
                             window=np.hanning(256).astype("float32"))(L.Reshape((4000, 1))(i))
    b = L.GlobalAveragePooling1D()(L.Conv1D(16, 3, activation="relu")(spec))
    keras_export(keras.Model(i, L.Dense(10)(L.Concatenate()([a, b]))), out)


@model("z_ops_where_clip_take_tril", "keras-export", "pairwise score refiner: scores float [None,12,12] and index int32 [None,4]: custom layer with ops.tril / ops.triu masks combined by ops.where, ops.clip, ops.argsort + ops.take_along_axis row reordering, broadcast ops.matmul with a [12,6] weight, ops.take of rows at the given indices; Flatten, Dense(3)")
def b_where(out):
    class Refine(L.Layer):
        def build(self, s):
            self.w = self.add_weight(shape=(12, 6), initializer="glorot_uniform", name="proj")

        def call(self, inputs):
            s, idx = inputs
            lower, upper = ops.tril(s), ops.triu(s, k=1)
            x = ops.where(lower > upper, lower, -upper)
            x = ops.clip(x, -0.5, 0.75)
            order = ops.argsort(x[..., 0], axis=-1)
            x = ops.take_along_axis(x, order[..., None], axis=1)
            y = ops.matmul(x, self.w)                                  # [B,12,6]
            rows = ops.take_along_axis(y, idx[..., None], axis=1)      # [B,4,6] rows at the indices
            return rows + ops.take(self.w, idx, axis=0)                # plus the weight rows (ops.take)
    s = keras.Input((12, 12), name="scores")
    idx = keras.Input((4,), dtype="int32", name="index")
    y = Refine()([s, idx])
    keras_export(keras.Model([s, idx], L.Dense(3)(L.Flatten()(y))), out)


FEEDS["z_ops_where_clip_take_tril"] = {"index": (0, 12)}


@model("z_ops_kv_cache_slice_update_scatter", "tf-module", "single decoding step on a key cache in a tf.Module with a Keras Dense projection: cache float [1,2,16,8], token float [1,16], position int32 []; Dense(32) -> query/key reshaped [1,2,1,8], ops.slice_update writes the key into the cache at (0,0,position,0), ops.scatter_update sets the filled flag of a [16] vector, ops.scatter builds a one-hot position vector [16], masked attention read over the cache (ops.matmul, additive -1e9 mask, ops.softmax); outputs updated cache, read [1,2,8], filled, one-hot")
def b_kv(out):
    proj = keras.Sequential([keras.Input((16,)), L.Dense(32)])
    proj(np.zeros((1, 16), "float32"))

    @tf.function(input_signature=[tensor_spec([1, 2, 16, 8], name="cache"), tensor_spec([1, 16], name="token"),
                                  tensor_spec([], "int32", "position")])
    def step(cache, token, position):
        qk = ops.reshape(proj(token, training=False), (1, 2, 1, 16))
        q, k = qk[..., :8], qk[..., 8:]
        zero = ops.zeros((), "int32")
        cache = ops.slice_update(cache, (zero, zero, position, zero), k)
        pos = ops.reshape(position, (1, 1))
        filled = ops.scatter_update(ops.cast(ops.arange(16) < position, "float32"), pos, ops.ones((1,)))
        mask = ops.scatter(pos, ops.ones((1,)), (16,))
        valid = ops.cast(ops.arange(16) <= position, "float32")
        logits = ops.matmul(q, ops.transpose(cache, (0, 1, 3, 2)))[:, :, 0] / np.float32(np.sqrt(8.0))
        attn = ops.softmax(logits + (valid - 1.0) * 1e9, axis=-1)
        read = ops.matmul(attn[:, :, None, :], cache)[:, :, 0]
        return {"cache": cache, "read": read, "filled": filled, "position_one_hot": mask}
    serve_module(out, {"proj": proj}, serving_default=step)


FEEDS["z_ops_kv_cache_slice_update_scatter"] = {"position": 5}


@model("z_ops_norm_moments_cosine_frozen", "frozen-pb", "frozen GraphDef (freeze_function) of a face-verification head, two float [None,32] embeddings: shared Dense tower, custom layer standardizing with ops.moments + ops.rsqrt, ops.norm(axis=-1) L2 normalization, cosine similarity as sum of products, ops.norm(ord=1) distance; outputs concatenated [B,3]")
def b_norm(out):
    class Verify(L.Layer):
        def call(self, inputs):
            a, b = inputs

            def std(t):
                mean, var = ops.moments(t, axes=[-1], keepdims=True)
                return (t - mean) * ops.rsqrt(var + 1e-5)
            a, b = std(a), std(b)
            an = a / ops.norm(a, axis=-1, keepdims=True)
            bn = b / ops.norm(b, axis=-1, keepdims=True)
            cos = ops.sum(an * bn, axis=-1, keepdims=True)
            l1 = ops.norm(a - b, ord=1, axis=-1, keepdims=True)
            return ops.concatenate([cos, l1, ops.norm(a, axis=-1, keepdims=True)], axis=-1)
    a = keras.Input((32,), name="emb_a")
    b = keras.Input((32,), name="emb_b")
    tower = L.Dense(16)
    m = keras.Model([a, b], Verify()([tower(a), tower(b)]))
    freeze_function(lambda x, y: m([x, y], training=False),
                    [tensor_spec([None, 32], name="emb_a"), tensor_spec([None, 32], name="emb_b")], out)


# ================================================================================ EinsumDense, embeddings, preprocessing, custom

@model("z_einsumdense_equations", "keras-export", "token classifier on float [None,10,16] built from EinsumDense: 'abc,cd->abd' (bias d), 'abc,cde->abde' multi-head projection (bias de), 'abde,de->abd' head merge, 'abc,bcd->ad' position-specific flatten projection, '...b,bc->...c' head; gelu between")
def b_einsum(out):
    i = keras.Input((10, 16), name="tokens")
    x = L.EinsumDense("abc,cd->abd", output_shape=(10, 32), bias_axes="d", activation="gelu")(i)
    h = L.EinsumDense("abc,cde->abde", output_shape=(10, 4, 8), bias_axes="de")(x)
    x = L.EinsumDense("abde,de->abd", output_shape=(10, 4))(h)
    z = L.EinsumDense("abc,bcd->ad", output_shape=16, bias_axes="d", activation="gelu")(x)
    keras_export(keras.Model(i, L.EinsumDense("...b,bc->...c", output_shape=5)(z)), out)


@model("z_embedding_large_vocab_tied_lm", "saved-model", "tiny LM with a 20000-token vocabulary, int64 ids [None,None]: ReversibleEmbedding(20000, 16, tie_weights=True) for input, Dense(16, gelu) + LayerNormalization, the same ReversibleEmbedding called with reverse=True for tied output logits [B,T,20000], plus a separate Embedding(20000, 8) bag mean as a document vector; tf.saved_model.save of the Keras model with an explicit serving_default")
def b_large_vocab(out):
    ids = keras.Input((None,), dtype="int64", name="input_ids")
    emb = L.ReversibleEmbedding(20000, 16, tie_weights=True)
    x = L.LayerNormalization()(L.Dense(16, activation="gelu")(emb(ids)))
    logits = emb(x, reverse=True)
    doc = L.GlobalAveragePooling1D()(L.Embedding(20000, 8)(ids))
    m = keras.Model(ids, [logits, doc])
    _save_keras(m, out, [tensor_spec([None, None], "int64", "input_ids")], ["logits", "doc_vector"])


FEEDS["z_embedding_large_vocab_tied_lm"] = lambda rng: {"input_ids": rng.integers(0, 20000, (2, 12))}


@model("z_preprocessing_lookup_hash_discretize", "keras-export", "tabular model with preprocessing in the graph: city string [None,1] -> StringLookup(8-word vocab, one_hot), category int64 [None,1] -> IntegerLookup(vocab [3,7,11,42]) -> CategoryEncoding(one_hot), device string [None,1] -> Hashing(16) -> Embedding(16,4) -> Flatten, age float [None,1] -> Discretization(bin_boundaries) -> CategoryEncoding(one_hot), HashedCrossing(32) of (city, category) -> CategoryEncoding; Concatenate, Dense(16), Dense(1, sigmoid)")
def b_preproc(out):
    city = keras.Input((1,), dtype="string", name="city")
    cat = keras.Input((1,), dtype="int64", name="category")
    dev = keras.Input((1,), dtype="string", name="device")
    age = keras.Input((1,), name="age")
    cities = ["paris", "tokyo", "lima", "oslo", "cairo", "delhi", "quito", "perth"]
    a = L.StringLookup(vocabulary=cities, output_mode="one_hot")(city)
    il = L.IntegerLookup(vocabulary=[3, 7, 11, 42])
    b = L.CategoryEncoding(num_tokens=il.vocabulary_size(), output_mode="one_hot")(il(cat))
    c = L.Flatten()(L.Embedding(16, 4)(L.Hashing(num_bins=16)(dev)))
    d = L.CategoryEncoding(num_tokens=5, output_mode="one_hot")(
        L.Discretization(bin_boundaries=[18.0, 30.0, 45.0, 60.0])(age))
    e = L.CategoryEncoding(num_tokens=32, output_mode="one_hot")(L.HashedCrossing(num_bins=32)((city, cat)))
    x = L.Dense(16, activation="relu")(L.Concatenate()([a, b, c, d, e]))
    keras_export(keras.Model([city, cat, dev, age], L.Dense(1, activation="sigmoid")(x)), out)


FEEDS["z_preprocessing_lookup_hash_discretize"] = {
    "city": [["tokyo"], ["springfield"]], "category": [[42], [5]], "device": [["android"], ["ios"]], "age": [[27.0], [63.0]]}


@model("z_random_fourier_features_wrapper_archive", "keras-export", "kernel-approximation regressor exported with keras.export.ExportArchive (endpoints 'serve' float [None,8] and 'features' float [None,8]; write_out also lists 'serve' as serving_default): custom RandomFourierFeatures layer (non-trainable gaussian kernel [8,64] and phase, sqrt(2/D) * cos(xW + b)), Identity layer, custom keras.layers.Wrapper subclass adding a residual around Dense(64), Dense(1)")
def b_rff(out):
    class RandomFourierFeatures(L.Layer):
        def __init__(self, dim, scale=1.0, **kw):
            super().__init__(**kw)
            self.dim, self.scale = dim, scale

        def build(self, s):
            self.kernel = self.add_weight(shape=(s[-1], self.dim), name="kernel", trainable=False,
                                          initializer=keras.initializers.RandomNormal(stddev=1.0 / self.scale, seed=1))
            self.bias = self.add_weight(shape=(self.dim,), name="phase", trainable=False,
                                        initializer=keras.initializers.RandomUniform(0.0, 2 * np.pi, seed=2))

        def call(self, x):
            return np.float32(np.sqrt(2.0 / self.dim)) * ops.cos(ops.matmul(x, self.kernel) + self.bias)

    class Residual(L.Wrapper):
        def call(self, x):
            return x + self.layer(x)
    i = keras.Input((8,), name="x")
    f = L.Identity()(RandomFourierFeatures(64, scale=2.0)(i))
    h = Residual(L.Dense(64, activation="tanh"))(f)
    m = keras.Model(i, L.Dense(1)(h))
    feats = keras.Model(i, f)
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", lambda x: m(x, training=False), input_signature=[tensor_spec([None, 8], name="x")])
    archive.add_endpoint("features", lambda x: feats(x, training=False),
                         input_signature=[tensor_spec([None, 8], name="x")])
    archive.write_out(str(out), verbose=False)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
