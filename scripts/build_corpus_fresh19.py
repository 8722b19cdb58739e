"""Build an independently made corpus into bench/out/fresh19/: audio, speech and sensor / time-series models plus image
segmentation and detection heads, the way people export them for on-device and accelerator deployment. Keyword
spotting CNNs / CRNNs / DS-CNNs with log-mel and MFCC front ends computed in the graph (tf.signal.stft,
linear_to_mel_weight_matrix, mfccs_from_log_mel_spectrograms, tf.audio.decode_wav), YAMNet-style patching with
tf.signal.frame, raw-waveform Conv1D classifiers, CTC acoustic models, STFT-mask / Wave-U-Net denoisers with
inverse_stft and Conv1DTranspose, spectrogram autoencoders, x-vector stats pooling, streaming VAD / wake-word modules
with state passed in or held in variables, autocorrelation pitch trackers; HAR Conv1D / LSTM / TCN / GRU classifiers,
int16 IMU streams framed in the graph, attention and transformer forecasters, LSTM autoencoders with thresholds, ECG
ResNet-1D + BiGRU, a hand-written TF1 LSTM while_loop; U-Nets (Conv2DTranspose / bilinear UpSampling2D), DeepLabV3+
atrous separable convs, FCN-8s, SegFormer-like Resizing decoders, Mask R-CNN-like per-class mask heads, TF1 matting
with conv2d_transpose; CenterNet heatmap decoders, FPN / RetinaNet and SSD heads with anchor decoding and
tf.image.combined_non_max_suppression, a YOLOv8-like DFL anchor-free head. Keras preprocessing layers (Normalization,
Rescaling, Resizing), uint8 / int8 / int16 inputs cast in the graph, dynamic and fixed batch / length signatures.
Exported as Keras 3 model.export / keras.export.ExportArchive (several endpoints), tf.saved_model.save of tf.Modules
and Keras models with tf.function(input_signature=...) signatures, TF1 SavedModelBuilder graphs and frozen GraphDefs.
Tiny widths, seeded random weights (a short fit where the recipe trains or a layer adapts); nothing is downloaded; no
outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh19.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh19.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh19.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh19.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh19.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import (Corpus, freeze_function, freeze_keras, keras_export, serve_module, tensor_spec,
                           tf1_saved_model)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh19", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

KWS_LABELS = ["_silence_", "_unknown_", "yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go"]


# ================================================================================ shared pieces

def _log_mel(wave, sr=16000, frame_length=640, frame_step=320, fft_length=1024, mel_bins=40, lo=20.0, hi=7600.0,
             pad_end=False, eps=1e-6):
    """[..., samples] float waveform -> [..., frames, mel_bins]: |tf.signal.stft|, mel weight matmul, log(x + eps)"""
    spec = tf.abs(tf.signal.stft(wave, frame_length, frame_step, fft_length, pad_end=pad_end))
    mel_w = tf.signal.linear_to_mel_weight_matrix(mel_bins, fft_length // 2 + 1, sr, lo, hi)
    return tf.math.log(tf.matmul(spec, mel_w) + eps)


def _conv_bn(x, f, k=3, s=1, act="relu", dilation=1):
    x = L.Conv2D(f, k, strides=s, padding="same", dilation_rate=dilation, use_bias=False)(x)
    x = L.BatchNormalization()(x)
    return L.Activation(act)(x) if act else x


def _dw_block(x, f, s=1, act="relu"):
    """MobileNet-v1 style depthwise 3x3 + pointwise 1x1, each with BatchNormalization + activation"""
    x = L.Activation(act)(L.BatchNormalization()(L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False)(x)))
    return L.Activation(act)(L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(x)))


def _sep_bn(x, f, dilation=1):
    x = L.SeparableConv2D(f, 3, padding="same", dilation_rate=dilation, use_bias=False)(x)
    return L.ReLU()(L.BatchNormalization()(x))


def _v1_conv(x, name, cin, cout, k=3, s=1, act="relu", rate=1):
    """TF1 conv layer: get_variable weights / biases, tf.nn.conv2d SAME (or tf.nn.atrous_conv2d), bias_add, relu"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [k, k, cin, cout],
                            initializer=v1.truncated_normal_initializer(stddev=float(np.sqrt(2.0 / (k * k * cin)))))
        b = v1.get_variable("biases", [cout], initializer=v1.constant_initializer(0.01))
        y = tf.nn.atrous_conv2d(x, w, rate, "SAME") if rate > 1 else tf.nn.conv2d(x, w, [1, s, s, 1], "SAME")
        y = tf.nn.bias_add(y, b)
        return tf.nn.relu(y) if act == "relu" else y


def _v1_dense(x, name, cin, cout):
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [cin, cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return tf.matmul(x, w) + b


def _ssd_anchors(grids, scales, ratios):
    """[N,4] (ycenter, xcenter, h, w) normalized anchors, ordered (level, row, col, anchor) like the head reshapes"""
    out = []
    for g, s in zip(grids, scales):
        for i in range(g):
            for j in range(g):
                for r in ratios:
                    out.append([(i + 0.5) / g, (j + 0.5) / g, s / np.sqrt(r), s * np.sqrt(r)])
    return np.array(out, "float32")


def _decode_boxes(enc, anchors, scale=(10.0, 10.0, 5.0, 5.0)):
    """Faster R-CNN box coder: (ty, tx, th, tw) encodings against center-size anchors -> corners"""
    ya, xa, ha, wa = (anchors[:, k] for k in range(4))
    ty, tx, th, tw = tf.unstack(enc, axis=-1)
    yc, xc = ty / scale[0] * ha + ya, tx / scale[1] * wa + xa
    h, w = tf.exp(th / scale[2]) * ha, tf.exp(tw / scale[3]) * wa
    return tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)


def _boxes(rng, shape):
    """valid normalized [ymin, xmin, ymax, xmax] boxes of the given leading shape"""
    lo = rng.uniform(0.0, 0.5, (*shape, 2))
    hi = lo + rng.uniform(0.2, 0.5, (*shape, 2))
    return np.concatenate([lo, np.minimum(hi, 1.0)], axis=-1).astype("float32")


def _wave(rng, shape, amp=0.5):
    """a made-up noisy tone, as a test clip would be"""
    t = np.arange(shape[-1]) / 16000.0
    return (amp * np.sin(2 * np.pi * 220.0 * t) + 0.05 * rng.standard_normal(shape)).astype("float32")


# ================================================================================ keyword spotting / speech

@model("s_kws_waveform_mfcc_cnn", "keras-export", "keyword-spotting Keras CNN with the front end as a custom Layer, float waveform [None,16000]: tf.signal.stft (640 / 320, fft 1024), |.|, linear_to_mel_weight_matrix (40 bins) matmul, log, mfccs_from_log_mel_spectrograms first 13 -> [B,49,13,1]; Conv2D + MaxPooling2D((2,1)) x2, Conv2D, GlobalAveragePooling2D, Dropout, Dense(12, softmax); model.export")
def b_kws_mfcc(out):
    class Mfcc(L.Layer):
        def call(self, wave):
            return tf.signal.mfccs_from_log_mel_spectrograms(_log_mel(wave))[..., :13, None]
    inp = keras.Input((16000,), name="waveform")
    x = Mfcc()(inp)
    for f in (16, 32):
        x = L.MaxPooling2D((2, 1))(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    x = L.GlobalAveragePooling2D()(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    keras_export(keras.Model(inp, L.Dense(12, activation="softmax", name="probs")(L.Dropout(0.25)(x))), out)


@model("s_kws_int16_pcm_crnn_topk_labels", "tf-module", "keyword-spotting CRNN served from a tf.Module, int16 pcm [1,16000]: cast / 32768, log-mel (stft 640 / 320, 40 mel bins) normalized per utterance with tf.nn.moments; Keras Conv2D + MaxPooling2D((1,2)) x2, Reshape [49,320], GRU(32), Dense(12); softmax, tf.math.top_k(3), tf.gather of a constant string label table; outputs probabilities, top_scores, top_labels string [1,3], label_id int32")
def b_kws_crnn(out):
    inp = keras.Input((49, 40, 1))
    x = L.MaxPooling2D((1, 2))(L.Conv2D(16, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling2D((1, 2))(L.Conv2D(32, 3, padding="same", activation="relu")(x))
    x = L.GRU(32)(L.Reshape((49, 320))(x))
    net = keras.Model(inp, L.Dense(12)(x))

    @tf.function(input_signature=[tensor_spec([1, 16000], "int16", "pcm")])
    def serve(pcm):
        lm = _log_mel(tf.cast(pcm, tf.float32) / 32768.0)
        mean, var = tf.nn.moments(lm, axes=[1, 2], keepdims=True)
        probs = tf.nn.softmax(net(((lm - mean) * tf.math.rsqrt(var + 1e-6))[..., None], training=False))
        top = tf.math.top_k(probs, k=3)
        return {"probabilities": probs, "top_scores": top.values,
                "top_labels": tf.gather(tf.constant(KWS_LABELS), top.indices),
                "label_id": tf.argmax(probs, axis=-1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["s_kws_int16_pcm_crnn_topk_labels"] = {"pcm": (-8000, 8000)}


@model("s_kws_ds_cnn_mfcc_batch1_frozen", "frozen-pb", "ARM-KWS DS-CNN on precomputed MFCC features, frozen with convert_variables_to_constants_v2, fixed float [1,49,10,1]: Conv2D(32, (10,4), stride 2) + BatchNormalization + ReLU, 3 x (DepthwiseConv2D 3x3 + BN + ReLU, Conv2D 1x1 + BN + ReLU), AveragePooling2D(25x5), Flatten, Dropout, Dense(12, softmax)")
def b_ds_cnn(out):
    inp = keras.Input((49, 10, 1), batch_size=1, name="input_1")
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, (10, 4), strides=2, padding="same", use_bias=False)(inp)))
    for _ in range(3):
        x = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(x)))
        x = L.ReLU()(L.BatchNormalization()(L.Conv2D(32, 1, use_bias=False)(x)))
    x = L.Flatten()(L.AveragePooling2D((25, 5))(x))
    m = keras.Model(inp, L.Dense(12, activation="softmax")(L.Dropout(0.4)(x)))
    freeze_keras(m, tensor_spec([1, 49, 10, 1], name="input_1"), out)


OUTPUTS["s_kws_ds_cnn_mfcc_batch1_frozen"] = ["Identity"]


@model("s_kws_tf1_decode_wav_labels_softmax_frozen", "frozen-pb", "TF1 speech-commands-style frozen graph (tf.compat.v1.graph_util.convert_variables_to_constants): scalar string placeholder wav_data, tf.audio.decode_wav(desired_channels=1, desired_samples=16000), reshape [1,16000], tf.signal.stft (480 / 320, fft 512), 40-bin log-mel, first 10 MFCCs -> [1,49,10,1]; get_variable conv 5x5 + max_pool, conv 3x3 + max_pool, fc; labels_softmax [1,12]")
def b_kws_tf1_frozen(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        wav = v1.placeholder(tf.string, [], name="wav_data")
        audio, _ = tf.audio.decode_wav(wav, desired_channels=1, desired_samples=16000)
        lm = _log_mel(tf.reshape(audio, [1, 16000]), frame_length=480, frame_step=320, fft_length=512)
        x = tf.signal.mfccs_from_log_mel_spectrograms(lm)[..., :10, None]
        x = tf.nn.max_pool2d(_v1_conv(x, "conv1", 1, 16, k=5), 2, 2, "SAME")
        x = tf.nn.max_pool2d(_v1_conv(x, "conv2", 16, 32), 2, 2, "SAME")
        n = int(np.prod(x.shape[1:]))
        logits = _v1_dense(tf.reshape(x, [1, n]), "final_fc", n, 12)
        tf.nn.softmax(logits, name="labels_softmax")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["labels_softmax"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["s_kws_tf1_decode_wav_labels_softmax_frozen"] = ["labels_softmax"]
FEEDS["s_kws_tf1_decode_wav_labels_softmax_frozen"] = lambda rng: {
    "wav_data": tf.audio.encode_wav(_wave(rng, (16000,))[:, None], 16000).numpy()}


@model("s_kws_tf1_waveform_mfcc_two_signatures", "tf1-savedmodel", "TF1 SavedModelBuilder keyword spotter with the feature extraction in the graph: placeholder float waveform [None,16000], tf.signal.stft (400 / 160, fft 512), 40-bin log-mel, first 20 MFCCs [None,98,20]; get_variable convs + max_pool x2, reduce_mean, fc, softmax; signatures serving_default (probabilities, classes int64) and mfcc (the features)")
def b_kws_tf1_sm(out):
    v1 = tf.compat.v1

    def build():
        wave = v1.placeholder(tf.float32, [None, 16000], name="waveform")
        lm = _log_mel(wave, frame_length=400, frame_step=160, fft_length=512)
        mfcc = tf.signal.mfccs_from_log_mel_spectrograms(lm)[..., :20]
        x = tf.nn.max_pool2d(_v1_conv(mfcc[..., None], "conv1", 1, 16), 2, 2, "SAME")
        x = tf.nn.max_pool2d(_v1_conv(x, "conv2", 16, 32), 2, 2, "SAME")
        probs = tf.nn.softmax(_v1_dense(tf.reduce_mean(x, axis=[1, 2]), "logits", 32, 12), name="probabilities")
        return {"serving_default": ({"waveform": wave}, {"probabilities": probs, "classes": tf.argmax(probs, 1)}),
                "mfcc": ({"waveform": wave}, {"mfcc": mfcc})}
    tf1_saved_model(out, build)


@model("s_yamnet_like_patches_any_length", "tf-module", "YAMNet-style audio event classifier, tf.Module signature float waveform [None] of any length: tf.pad to at least 15600 samples, tf.signal.stft (400 / 160, fft 512), 64-bin log-mel (125-7500 Hz, log(x + 0.001)), tf.signal.frame into 96-frame patches with hop 48 on axis 0; Keras MobileNet-v1 depthwise-separable CNN per patch -> scores Dense(8, sigmoid) and 96-d embeddings; outputs scores [None,8], embeddings, log_mel_spectrogram [None,64], clip_scores (mean) and top_class int32")
def b_yamnet(out):
    inp = keras.Input((96, 64, 1))
    x = _conv_bn(inp, 16, 3, 2)
    for f, s in ((32, 1), (32, 2), (64, 2), (64, 1), (96, 2)):
        x = _dw_block(x, f, s)
    emb = L.GlobalAveragePooling2D()(x)
    net = keras.Model(inp, [L.Dense(8, activation="sigmoid")(emb), emb])

    @tf.function(input_signature=[tensor_spec([None], name="waveform")])
    def serve(waveform):
        wave = tf.pad(waveform, [[0, tf.maximum(0, 15600 - tf.shape(waveform)[0])]])
        lm = _log_mel(wave, frame_length=400, frame_step=160, fft_length=512, mel_bins=64, lo=125.0, hi=7500.0,
                      eps=1e-3)
        patches = tf.signal.frame(lm, 96, 48, axis=0)
        scores, embeddings = net(patches[..., None], training=False)
        clip = tf.reduce_mean(scores, axis=0)
        return {"scores": scores, "embeddings": embeddings, "log_mel_spectrogram": lm, "clip_scores": clip,
                "top_class": tf.argmax(clip, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["s_yamnet_like_patches_any_length"] = lambda rng: {"waveform": _wave(rng, (24000,))}


@model("s_m5_raw_waveform_conv1d_saved", "saved-model", "M5-style raw-waveform classifier saved with tf.saved_model.save(model, signatures=...) and a training=False serving function, float waveform [None,8000,1]: Conv1D(16, 80, stride 4) + BatchNormalization + ReLU + MaxPooling1D(4), three Conv1D(3) + BN + ReLU + MaxPooling1D(4), GlobalAveragePooling1D, Dense(10, softmax); output probabilities")
def b_m5(out):
    inp = keras.Input((8000, 1), name="waveform")
    x = L.MaxPooling1D(4)(L.ReLU()(L.BatchNormalization()(L.Conv1D(16, 80, strides=4, padding="same")(inp))))
    for f in (16, 32, 64):
        x = L.MaxPooling1D(4)(L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 3, padding="same")(x))))
    m = keras.Model(inp, L.Dense(10, activation="softmax")(L.GlobalAveragePooling1D()(x)))

    @tf.function(input_signature=[tensor_spec([None, 8000, 1], name="waveform")])
    def serve(waveform):
        return {"probabilities": m(waveform, training=False)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


@model("s_asr_conv1d_bilstm_ctc_logprobs", "keras-export", "small CTC acoustic model, float log-mel features [None,None,80] (dynamic batch and length): Conv1D(32, 5, stride 2, same, relu), LayerNormalization, two Bidirectional(LSTM(32, return_sequences)), Dense(29, log_softmax) per frame [None,None,29]; model.export")
def b_asr(out):
    inp = keras.Input((None, 80), name="log_mel")
    x = L.LayerNormalization()(L.Conv1D(32, 5, strides=2, padding="same", activation="relu")(inp))
    for _ in range(2):
        x = L.Bidirectional(L.LSTM(32, return_sequences=True))(x)
    keras_export(keras.Model(inp, L.Dense(29, activation="log_softmax", name="log_probs")(x)), out)


@model("s_denoiser_stft_gru_mask_istft", "tf-module", "speech-enhancement tf.Module, float noisy [1,None]: tf.signal.stft (256 / 128, hann, pad_end) -> complex64 spectrum, log1p magnitude into a Keras Dense + GRU(64, return_sequences) + Dense(129, sigmoid) mask net, spectrum * cast(mask, complex64), tf.signal.inverse_stft with inverse_stft_window_fn, sliced to the input length; outputs enhanced [1,None] and mask [1,None,129]")
def b_denoiser(out):
    inp = keras.Input((None, 129))
    x = L.GRU(64, return_sequences=True)(L.Dense(64, activation="relu")(inp))
    net = keras.Model(inp, L.Dense(129, activation="sigmoid")(x))

    @tf.function(input_signature=[tensor_spec([1, None], name="noisy")])
    def serve(noisy):
        spec = tf.signal.stft(noisy, 256, 128, 256, window_fn=tf.signal.hann_window, pad_end=True)
        mask = net(tf.math.log1p(tf.abs(spec)), training=False)
        enhanced = tf.signal.inverse_stft(spec * tf.cast(mask, tf.complex64), 256, 128, 256,
                                          window_fn=tf.signal.inverse_stft_window_fn(128))
        return {"enhanced": enhanced[:, :tf.shape(noisy)[1]], "mask": mask}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["s_denoiser_stft_gru_mask_istft"] = lambda rng: {"noisy": _wave(rng, (1, 4000))}


@model("s_wave_unet_conv1d_transpose_denoiser", "keras-export", "Wave-U-Net-like time-domain denoiser, float noisy [None,4096,1]: three levels of Conv1D(15) + LeakyReLU(0.2) and a stride-2 Conv1D downsample, bottleneck Conv1D, Conv1DTranspose(4, stride 2) upsampling with Concatenate skips + Conv1D(5), final Concatenate with the input and Conv1D(1, 1, tanh); model.export")
def b_wave_unet(out):
    inp = keras.Input((4096, 1), name="noisy")
    x, skips = inp, []
    for f in (16, 24, 32):
        x = L.LeakyReLU(0.2)(L.Conv1D(f, 15, padding="same")(x))
        skips.append(x)
        x = L.Conv1D(f, 4, strides=2, padding="same")(x)
    x = L.LeakyReLU(0.2)(L.Conv1D(48, 15, padding="same")(x))
    for f, s in zip((32, 24, 16), reversed(skips)):
        x = L.Conv1DTranspose(f, 4, strides=2, padding="same")(x)
        x = L.LeakyReLU(0.2)(L.Conv1D(f, 5, padding="same")(L.Concatenate()([x, s])))
    keras_export(keras.Model(inp, L.Conv1D(1, 1, activation="tanh", name="clean")(L.Concatenate()([x, inp]))), out)


@model("s_spectrogram_autoencoder_export_archive", "keras-export", "machine-sound anomaly autoencoder on log-mel patches exported with keras.export.ExportArchive and three endpoints: reconstruct float [None,64,64,1] -> reconstruction + per-patch MSE anomaly_score (first endpoint, serving_default); encode -> latent [None,16]; decode latent [None,16] -> patch. Encoder Conv2D stride 2 x3 + Flatten + Dense(16), decoder Dense + Reshape [8,8,32] + Conv2DTranspose(stride 2) x3 + Conv2D(1)")
def b_spec_ae(out):
    e_in = keras.Input((64, 64, 1))
    x = e_in
    for f in (16, 32, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    encoder = keras.Model(e_in, L.Dense(16)(L.Flatten()(x)), name="encoder")
    d_in = keras.Input((16,))
    x = L.Reshape((8, 8, 32))(L.Dense(8 * 8 * 32, activation="relu")(d_in))
    for f in (32, 16, 8):
        x = L.Conv2DTranspose(f, 3, strides=2, padding="same", activation="relu")(x)
    decoder = keras.Model(d_in, L.Conv2D(1, 3, padding="same")(x), name="decoder")

    def reconstruct(log_mel_patch):
        rec = decoder(encoder(log_mel_patch, training=False), training=False)
        return {"reconstruction": rec, "anomaly_score": tf.reduce_mean(tf.square(rec - log_mel_patch), axis=[1, 2, 3])}
    archive = keras.export.ExportArchive()
    archive.track(encoder)
    archive.track(decoder)
    archive.add_endpoint("reconstruct", reconstruct,
                         input_signature=[tensor_spec([None, 64, 64, 1], name="log_mel_patch")])
    archive.add_endpoint("encode", lambda log_mel_patch: {"latent": encoder(log_mel_patch, training=False)},
                         input_signature=[tensor_spec([None, 64, 64, 1], name="log_mel_patch")])
    archive.add_endpoint("decode", lambda latent: {"reconstruction": decoder(latent, training=False)},
                         input_signature=[tensor_spec([None, 16], name="latent")])
    archive.write_out(str(out), verbose=False)


@model("s_xvector_tdnn_stats_pooling", "keras-export", "x-vector speaker embedding, float MFCC [None,None,24] (dynamic length): TDNN as Conv1D(5) / Conv1D(3, dilation 2) / Conv1D(3, dilation 3) / Conv1D(1), each ReLU + BatchNormalization; custom statistics-pooling layer (mean and sqrt(var + 1e-5) over time, concat); Dense(32) embedding, UnitNormalization; outputs embedding [None,32] and speaker Dense(10, softmax) on ReLU(embedding); model.export")
def b_xvector(out):
    class StatsPooling(L.Layer):
        def call(self, x):
            mean, var = tf.nn.moments(x, axes=[1])
            return tf.concat([mean, tf.sqrt(var + 1e-5)], axis=-1)
    inp = keras.Input((None, 24), name="mfcc")
    x = inp
    for f, k, d in ((32, 5, 1), (32, 3, 2), (32, 3, 3), (64, 1, 1)):
        x = L.BatchNormalization()(L.Conv1D(f, k, dilation_rate=d, activation="relu")(x))
    emb = L.Dense(32)(StatsPooling()(x))
    keras_export(keras.Model(inp, {"embedding": L.UnitNormalization(name="embedding")(emb),
                                   "speaker": L.Dense(10, activation="softmax", name="speaker")(L.ReLU()(emb))}), out)


@model("s_music_tagging_resizing_normalization_bigru", "keras-export", "music auto-tagging CRNN on a mel spectrogram of any length, float [None,None,96,1]: Keras Resizing(128, 96) to a fixed number of frames, Normalization adapted on random log-mel values, Conv2D + MaxPooling2D x3 (2x2, 2x2, 2x4), Reshape [16,192], Bidirectional(GRU(24)), Dense(10, sigmoid) tags; model.export")
def b_music(out):
    rng = np.random.default_rng(13)
    norm = L.Normalization(axis=-1)
    norm.adapt(rng.normal(-4.0, 2.0, (32, 128, 96, 1)).astype("float32"))
    inp = keras.Input((None, 96, 1), name="mel_spectrogram")
    x = norm(L.Resizing(128, 96)(inp))
    for f, p in ((16, (2, 2)), (32, (2, 2)), (32, (2, 4))):
        x = L.MaxPooling2D(p)(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    x = L.Bidirectional(L.GRU(24))(L.Reshape((16, 6 * 32))(x))
    keras_export(keras.Model(inp, L.Dense(10, activation="sigmoid", name="tags")(x)), out)


@model("s_vad_streaming_gru_cell_state_io", "tf-module", "streaming voice-activity detector with the recurrent state passed in and out, tf.Module signatures: serving_default frame float [1,160] + state float [1,24] -> hann window, tf.signal.rfft, log power [1,81], Keras Dense(24, relu), keras.layers.GRUCell(24) step, Dense(1, sigmoid); outputs speech_prob [1,1], new_state [1,24], is_speech bool [1]; initial_state takes no inputs and returns zeros [1,24]")
def b_vad(out):
    feat, cell, head = L.Dense(24, activation="relu"), L.GRUCell(24), L.Dense(1, activation="sigmoid")
    h, _ = cell(feat(tf.zeros([1, 81])), [tf.zeros([1, 24])])
    head(h)

    class Vad(tf.Module):
        def __init__(self):
            super().__init__()
            self.feat, self.cell, self.head = feat, cell, head

        @tf.function(input_signature=[tensor_spec([1, 160], name="frame"), tensor_spec([1, 24], name="state")])
        def step(self, frame, state):
            spec = tf.abs(tf.signal.rfft(frame * tf.signal.hann_window(160)))
            h, _ = self.cell(self.feat(tf.math.log(tf.square(spec) + 1e-6)), [state], training=False)
            p = self.head(h)
            return {"speech_prob": p, "new_state": h, "is_speech": p[:, 0] > 0.5}

        @tf.function(input_signature=[])
        def initial_state(self):
            return {"state": tf.zeros([1, 24])}
    v = Vad()
    tf.saved_model.save(v, str(out), signatures={"serving_default": v.step, "initial_state": v.initial_state})


@model("s_wakeword_ring_buffer_variable", "tf-module", "wake-word streaming tf.Module holding a 1 s audio ring buffer as a tf.Variable [1,16000]: serving_default takes a 20 ms chunk float [1,320], assigns concat(buffer[:, 320:], chunk), computes a 32-bin log-mel of the buffer (stft 640 / 320) and runs a Keras Conv2D + MaxPooling2D classifier, softmax; outputs wakeword_prob [1], probabilities [1,2]; reset signature (no inputs) zeroes the buffer and returns buffer_energy [1]")
def b_wakeword(out):
    inp = keras.Input((49, 32, 1))
    x = inp
    for f in (8, 16):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(2)(L.GlobalAveragePooling2D()(x)))

    class Streaming(tf.Module):
        def __init__(self):
            super().__init__()
            self.net = net
            self.buffer = tf.Variable(tf.zeros([1, 16000]), trainable=False, name="audio_buffer")

        @tf.function(input_signature=[tensor_spec([1, 320], name="chunk")])
        def stream(self, chunk):
            buf = tf.concat([self.buffer[:, 320:], chunk], axis=1)
            self.buffer.assign(buf)
            probs = tf.nn.softmax(self.net(_log_mel(buf, mel_bins=32)[..., None], training=False))
            return {"wakeword_prob": probs[:, 1], "probabilities": probs}

        @tf.function(input_signature=[])
        def reset(self):
            self.buffer.assign(tf.zeros_like(self.buffer))
            return {"buffer_energy": tf.reduce_sum(tf.square(self.buffer.read_value()), axis=1)}
    s = Streaming()
    tf.saved_model.save(s, str(out), signatures={"serving_default": s.stream, "reset": s.reset})


@model("s_pitch_autocorrelation_voicing_frozen", "frozen-pb", "frozen GraphDef (convert_variables_to_constants_v2) of an autocorrelation pitch tracker, float waveform [1,4000]: tf.signal.frame (400 / 160), mean removal, hann window, tf.signal.rfft to 1024 and irfft of the power spectrum, normalized by lag 0; argmax over lags 40-319 -> f0 = 16000 / lag; Keras Dense(16) + Dense(1, sigmoid) voicing net on lags 1-40; outputs f0_hz [1,23] (0 where unvoiced) and voicing [1,23]")
def b_pitch(out):
    voicing = keras.Sequential([keras.Input((40,)), L.Dense(16, activation="relu"), L.Dense(1, activation="sigmoid")])

    def fn(waveform):
        frames = tf.signal.frame(waveform, 400, 160)
        frames = (frames - tf.reduce_mean(frames, axis=-1, keepdims=True)) * tf.signal.hann_window(400)
        power = tf.square(tf.abs(tf.signal.rfft(frames, [1024])))
        ac = tf.signal.irfft(tf.cast(power, tf.complex64), [1024])[..., :400]
        ac = ac / (ac[..., :1] + 1e-6)
        lag = tf.argmax(ac[..., 40:320], axis=-1, output_type=tf.int32) + 40
        f0 = 16000.0 / tf.cast(lag, tf.float32)
        p = tf.reshape(voicing(tf.reshape(ac[..., 1:41], [-1, 40]), training=False), tf.shape(f0))
        return (tf.identity(f0 * tf.cast(p > 0.5, tf.float32), name="f0_hz"), tf.identity(p, name="voicing"))
    freeze_function(fn, [tensor_spec([1, 4000], name="waveform")], out)


OUTPUTS["s_pitch_autocorrelation_voicing_frozen"] = ["f0_hz", "voicing"]
FEEDS["s_pitch_autocorrelation_voicing_frozen"] = lambda rng: {"waveform": _wave(rng, (1, 4000))}


@model("s_sed_crnn_attention_pooling", "keras-export", "sound-event-detection CRNN, float log-mel frames [None,None,64] (dynamic length): Conv1D(3) + BatchNormalization + ReLU x2, Bidirectional(GRU(32, return_sequences)); frame_probs Dense(10, sigmoid) per frame [None,None,10]; attention pooling over time (Dense(10) + Softmax(axis=1) weights, custom layer sum(p * w) / sum(w)) clip_probs [None,10]; model.export")
def b_sed(out):
    class AttentionPooling(L.Layer):
        def call(self, probs, weights):
            return tf.reduce_sum(probs * weights, axis=1) / (tf.reduce_sum(weights, axis=1) + 1e-7)
    inp = keras.Input((None, 64), name="log_mel")
    x = inp
    for f in (32, 32):
        x = L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 3, padding="same")(x)))
    x = L.Bidirectional(L.GRU(32, return_sequences=True))(x)
    frame = L.Dense(10, activation="sigmoid", name="frame_probs")(x)
    att = L.Softmax(axis=1)(L.Dense(10)(x))
    keras_export(keras.Model(inp, {"frame_probs": frame, "clip_probs": AttentionPooling(name="clip_probs")(frame, att)}),
                 out)


# ================================================================================ sensor / time series

@model("s_har_normalization_conv1d_lstm", "keras-export", "human-activity-recognition model (UCI HAR style), float [None,128,9] inertial windows: Normalization(axis=-1) adapted on random sensor data, Conv1D(32, 5, relu) x2, Dropout, MaxPooling1D, LSTM(32), Dense(6, softmax); model.export")
def b_har(out):
    rng = np.random.default_rng(17)
    norm = L.Normalization(axis=-1)
    norm.adapt((rng.standard_normal((64, 128, 9)) * np.linspace(0.2, 2.0, 9)).astype("float32"))
    inp = keras.Input((128, 9), name="inertial")
    x = norm(inp)
    for _ in range(2):
        x = L.Conv1D(32, 5, activation="relu")(x)
    x = L.LSTM(32)(L.MaxPooling1D()(L.Dropout(0.5)(x)))
    keras_export(keras.Model(inp, L.Dense(6, activation="softmax")(x)), out)


@model("s_tcn_causal_dilated_batch1", "keras-export", "TCN for gesture / activity streams, fixed float [1,100,6] kept by the export signature: Conv1D(24, 1), four residual blocks of two causal Conv1D(3) with dilation 1/2/4/8 (LayerNormalization + ReLU + SpatialDropout1D between) and Add; Lambda takes the last time step; Dense(5) logits; model.export")
def b_tcn(out):
    inp = keras.Input((100, 6), batch_size=1, name="imu")
    x = L.Conv1D(24, 1)(inp)
    for d in (1, 2, 4, 8):
        y = L.Conv1D(24, 3, padding="causal", dilation_rate=d)(x)
        y = L.SpatialDropout1D(0.1)(L.ReLU()(L.LayerNormalization()(y)))
        y = L.Conv1D(24, 3, padding="causal", dilation_rate=d, activation="relu")(y)
        x = L.Add()([x, y])
    last = L.Lambda(lambda t: t[:, -1, :], output_shape=(24,))(x)
    keras_export(keras.Model(inp, L.Dense(5, name="logits")(last)), out, keep_fixed_batch=True)


@model("s_imu_int16_stream_frame_vote", "tf-module", "activity classifier over a raw IMU stream, tf.Module signature int16 imu [None,6] (any length, no batch): cast and scale (accel 8 g, gyro 2000 dps full scale over 32768), tf.signal.frame(64, 32, axis=0, pad_end=True) into windows [W,64,6], Keras Conv1D + MaxPooling1D + GlobalAveragePooling1D + Dense(5) per window, softmax, argmax, tf.math.bincount majority vote; outputs window_probabilities, window_labels int32, votes int32 [5], activity int32, mean_probabilities")
def b_imu_stream(out):
    inp = keras.Input((64, 6))
    x = L.MaxPooling1D()(L.Conv1D(16, 5, padding="same", activation="relu")(inp))
    x = L.GlobalAveragePooling1D()(L.Conv1D(32, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(5)(x))
    scale = np.array([8.0] * 3 + [2000.0] * 3, "float32") / 32768.0

    @tf.function(input_signature=[tensor_spec([None, 6], "int16", "imu")])
    def serve(imu):
        windows = tf.signal.frame(tf.cast(imu, tf.float32) * scale, 64, 32, axis=0, pad_end=True)
        probs = tf.nn.softmax(net(windows, training=False))
        labels = tf.argmax(probs, axis=-1, output_type=tf.int32)
        votes = tf.math.bincount(labels, minlength=5, maxlength=5)
        return {"window_probabilities": probs, "window_labels": labels, "votes": votes,
                "activity": tf.argmax(votes, output_type=tf.int32), "mean_probabilities": tf.reduce_mean(probs, 0)}
    serve_module(out, {"model": net}, serving_default=serve)


FEEDS["s_imu_int16_stream_frame_vote"] = lambda rng: {"imu": rng.integers(-4096, 4096, (300, 6))}


@model("s_forecast_lstm_encoder_decoder_attention", "keras-export", "multi-step forecaster, float history [None,48,4]: encoder LSTM(32, return_sequences, return_state), RepeatVector(12) of the final state into a decoder LSTM(32) initialised with the encoder states, keras.layers.Attention (dot-product) over encoder outputs, Concatenate, TimeDistributed(Dense(1)), Reshape to forecast [None,12]; model.export")
def b_forecast_att(out):
    inp = keras.Input((48, 4), name="history")
    enc, h, c = L.LSTM(32, return_sequences=True, return_state=True)(inp)
    dec = L.LSTM(32, return_sequences=True)(L.RepeatVector(12)(h), initial_state=[h, c])
    ctx = L.Attention()([dec, enc])
    y = L.TimeDistributed(L.Dense(1))(L.Concatenate()([dec, ctx]))
    keras_export(keras.Model(inp, L.Reshape((12,), name="forecast")(y)), out)


@model("s_forecast_transformer_quantiles_dynamic", "keras-export", "transformer forecaster over a series of any length, float [None,None,3]: Dense(32) embedding, custom sinusoidal positional-encoding layer (tf.range of tf.shape length, sin / cos), MultiHeadAttention(2 heads, key_dim 16) + Add + LayerNormalization, gelu feed-forward + Add + LayerNormalization, GlobalAveragePooling1D; outputs point forecast Dense(24) and quantiles Dense(72) reshaped [None,24,3]; model.export")
def b_forecast_tf(out):
    class SinePositionalEncoding(L.Layer):
        def call(self, x):
            d = x.shape[-1]
            pos = tf.cast(tf.range(tf.shape(x)[1]), tf.float32)[:, None]
            ang = pos / tf.pow(10000.0, 2.0 * tf.range(d // 2, dtype=tf.float32)[None, :] / d)
            return x + tf.concat([tf.sin(ang), tf.cos(ang)], axis=-1)[None]
    inp = keras.Input((None, 3), name="series")
    x = SinePositionalEncoding()(L.Dense(32)(inp))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 16)(x, x)]))
    f = L.Dense(32)(L.Dense(64, activation="gelu")(x))
    x = L.GlobalAveragePooling1D()(L.LayerNormalization()(L.Add()([x, f])))
    keras_export(keras.Model(inp, {"point": L.Dense(24, name="point")(x),
                                   "quantiles": L.Reshape((24, 3), name="quantiles")(L.Dense(72)(x))}), out)


@model("s_lstm_autoencoder_anomaly_threshold", "tf-module", "LSTM autoencoder for sensor anomaly detection: Keras LSTM(32) -> RepeatVector(30) -> LSTM(32, return_sequences) -> TimeDistributed(Dense(2)), fit 1 epoch with MSE on noisy sine windows; threshold = 99th percentile of train error (numpy); tf.Module signature float window [None,30,2] returns reconstruction, score (MSE) and is_anomaly = score > threshold (bool)")
def b_lstm_ae(out):
    rng = np.random.default_rng(22)
    t = np.arange(30) / 30.0
    phase = rng.uniform(0, 2 * np.pi, (256, 1))
    train = np.stack([np.sin(2 * np.pi * t + phase), np.cos(2 * np.pi * t + phase)], axis=-1)
    train = (train + 0.05 * rng.standard_normal(train.shape)).astype("float32")
    m = keras.Sequential([keras.Input((30, 2)), L.LSTM(32), L.RepeatVector(30), L.LSTM(32, return_sequences=True),
                          L.TimeDistributed(L.Dense(2))])
    m.compile(optimizer="adam", loss="mse")
    m.fit(train, train, epochs=1, batch_size=32, verbose=0)
    threshold = float(np.percentile(np.mean((m.predict(train, verbose=0) - train) ** 2, axis=(1, 2)), 99))

    @tf.function(input_signature=[tensor_spec([None, 30, 2], name="window")])
    def serve(window):
        rec = m(window, training=False)
        score = tf.reduce_mean(tf.square(rec - window), axis=[1, 2])
        return {"reconstruction": rec, "score": score, "is_anomaly": score > threshold}
    serve_module(out, {"model": m}, serving_default=serve)


@model("s_ecg_resnet1d_bigru_frozen", "frozen-pb", "ECG multi-label classifier frozen with convert_variables_to_constants_v2, fixed float [1,1000,1]: Conv1D(16, 7, stride 2) + BatchNormalization + ReLU, three residual blocks (Conv1D stride 2 + BN + ReLU + Conv1D + BN, 1x1 stride-2 projection shortcut, Add, ReLU), Bidirectional(GRU(16)), Dense(4, sigmoid)")
def b_ecg(out):
    inp = keras.Input((1000, 1), batch_size=1, name="ecg")
    x = L.ReLU()(L.BatchNormalization()(L.Conv1D(16, 7, strides=2, padding="same")(inp)))
    for f in (16, 24, 32):
        y = L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 5, strides=2, padding="same")(x)))
        y = L.BatchNormalization()(L.Conv1D(f, 5, padding="same")(y))
        x = L.ReLU()(L.Add()([y, L.Conv1D(f, 1, strides=2)(x)]))
    x = L.Bidirectional(L.GRU(16))(x)
    freeze_keras(keras.Model(inp, L.Dense(4, activation="sigmoid")(x)), tensor_spec([1, 1000, 1], name="ecg"), out)


OUTPUTS["s_ecg_resnet1d_bigru_frozen"] = ["Identity"]


@model("s_tf1_lstm_while_loop_seq_len", "tf1-savedmodel", "TF1 SavedModelBuilder sensor-sequence classifier with a hand-written LSTM: placeholders float sensor [None,None,3] and int32 seq_len [None]; time-major transpose, get_variable kernel [27,96] / bias, tf.compat.v1.while_loop over tf.shape time with tf.split gates and tf.where masking past seq_len; fc on the last valid state; outputs probabilities [None,4], class_id int32")
def b_tf1_lstm(out):
    v1 = tf.compat.v1

    def build():
        H = 24
        x = v1.placeholder(tf.float32, [None, None, 3], name="sensor")
        seq_len = v1.placeholder(tf.int32, [None], name="seq_len")
        with v1.variable_scope("lstm"):
            w = v1.get_variable("kernel", [3 + H, 4 * H], initializer=v1.glorot_uniform_initializer())
            b = v1.get_variable("bias", [4 * H], initializer=v1.zeros_initializer())
        xt = tf.transpose(x, [1, 0, 2])
        steps, batch = tf.shape(xt)[0], tf.shape(xt)[1]

        def step(t, h, c):
            i, j, f, o = tf.split(tf.matmul(tf.concat([xt[t], h], axis=1), w) + b, 4, axis=1)
            c_new = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(j)
            h_new = tf.sigmoid(o) * tf.tanh(c_new)
            keep = (t < seq_len)[:, None]
            return t + 1, tf.where(keep, h_new, h), tf.where(keep, c_new, c)
        zeros = tf.zeros(tf.stack([batch, H]))
        _, h, _ = v1.while_loop(lambda t, h, c: t < steps, step, [tf.constant(0), zeros, zeros])
        probs = tf.nn.softmax(_v1_dense(h, "fc", H, 4), name="probabilities")
        return {"serving_default": ({"sensor": x, "seq_len": seq_len}, {
            "probabilities": probs, "class_id": tf.argmax(probs, axis=1, output_type=tf.int32)})}
    tf1_saved_model(out, build)


FEEDS["s_tf1_lstm_while_loop_seq_len"] = {"seq_len": (1, 33)}


@model("s_gesture_gru_export_archive_float_int8_single", "keras-export", "accelerometer gesture classifier (Conv1D(16, 5) + GRU(16) + Dense(4, softmax)) exported with keras.export.ExportArchive and three endpoints: serve float [None,50,3] (serving_default); serve_int8 int8 raw counts [None,50,3] cast and scaled by 4/128 g; serve_single one unbatched window float [50,3] expanded to a batch of 1; output probabilities")
def b_gesture(out):
    m = keras.Sequential([keras.Input((50, 3)), L.Conv1D(16, 5, activation="relu"), L.GRU(16),
                          L.Dense(4, activation="softmax")])
    archive = keras.export.ExportArchive()
    archive.track(m)
    archive.add_endpoint("serve", lambda accel: {"probabilities": m(accel, training=False)},
                         input_signature=[tensor_spec([None, 50, 3], name="accel")])
    archive.add_endpoint("serve_int8",
                         lambda accel_raw: {"probabilities": m(tf.cast(accel_raw, tf.float32) * (4.0 / 128.0),
                                                               training=False)},
                         input_signature=[tensor_spec([None, 50, 3], "int8", "accel_raw")])
    archive.add_endpoint("serve_single", lambda window: {"probabilities": m(window[None], training=False)[0]},
                         input_signature=[tensor_spec([50, 3], name="window")])
    archive.write_out(str(out), verbose=False)


FEEDS["s_gesture_gru_export_archive_float_int8_single"] = {"serve_int8/accel_raw": (-128, 128)}


@model("s_sensor_fusion_accel_gyro_device_embedding", "keras-export", "fall / activity detector with three inputs: accel float [None,64,3], gyro float [None,64,3], device_id int32 [None,1] -> Embedding(8, 4) + Flatten; per-sensor Conv1D + GlobalMaxPooling1D towers, Concatenate, Dense(32); outputs activity Dense(6, softmax) and fall Dense(1, sigmoid); model.export")
def b_fusion(out):
    accel, gyro = keras.Input((64, 3), name="accel"), keras.Input((64, 3), name="gyro")
    dev = keras.Input((1,), dtype="int32", name="device_id")
    towers = []
    for t in (accel, gyro):
        y = L.Conv1D(16, 5, activation="relu")(t)
        towers.append(L.GlobalMaxPooling1D()(L.Conv1D(24, 3, activation="relu")(y)))
    x = L.Concatenate()(towers + [L.Flatten()(L.Embedding(8, 4)(dev))])
    x = L.Dense(32, activation="relu")(x)
    keras_export(keras.Model([accel, gyro, dev], {"activity": L.Dense(6, activation="softmax", name="activity")(x),
                                                  "fall": L.Dense(1, activation="sigmoid", name="fall")(x)}), out)


FEEDS["s_sensor_fusion_accel_gyro_device_embedding"] = {"device_id": (0, 8)}


@model("s_vibration_rfft_features_mlp_saved", "saved-model", "predictive-maintenance vibration classifier saved with tf.saved_model.save(model, signatures=...), float vibration [None,256,3]: custom Layer transposes to [B,3,256], tf.signal.rfft, |.|, log1p -> [B,3,129], Flatten, Dense(64, relu), Dropout, Dense(3, softmax); output condition_probs")
def b_vibration(out):
    class FftFeatures(L.Layer):
        def call(self, x):
            return tf.math.log1p(tf.abs(tf.signal.rfft(tf.transpose(x, [0, 2, 1]))))
    inp = keras.Input((256, 3))
    x = L.Dropout(0.2)(L.Dense(64, activation="relu")(L.Flatten()(FftFeatures()(inp))))
    m = keras.Model(inp, L.Dense(3, activation="softmax")(x))

    @tf.function(input_signature=[tensor_spec([None, 256, 3], name="vibration")])
    def serve(vibration):
        return {"condition_probs": m(vibration, training=False)}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve})


# ================================================================================ segmentation

@model("s_unet_rescaling_conv2dtranspose_argmax", "keras-export", "U-Net segmenter, float [None,96,96,3] in 0-255: Rescaling(1/255), three encoder stages of (Conv2D + BatchNormalization + ReLU) x2 + MaxPooling2D, bottleneck, decoder Conv2DTranspose(2, stride 2) + Concatenate skip + two conv-BN-ReLU, Conv2D(4, 1) logits; outputs probabilities Softmax [None,96,96,4] and label_map Lambda tf.argmax int32 [None,96,96]; model.export")
def b_unet(out):
    inp = keras.Input((96, 96, 3), name="image")
    x, skips = L.Rescaling(1.0 / 255)(inp), []
    for f in (16, 32, 48):
        x = _conv_bn(_conv_bn(x, f), f)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = _conv_bn(_conv_bn(x, 64), 64)
    for f, s in zip((48, 32, 16), reversed(skips)):
        x = L.Concatenate()([L.Conv2DTranspose(f, 2, strides=2)(x), s])
        x = _conv_bn(_conv_bn(x, f), f)
    logits = L.Conv2D(4, 1)(x)
    keras_export(keras.Model(inp, {
        "probabilities": L.Softmax(name="probabilities")(logits),
        "label_map": L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="label_map")(logits)}), out)


@model("s_unet_bilinear_uint8_mask_resize_back", "tf-module", "binary segmentation tf.Module, uint8 image [1,None,None,3] of any size: cast / 255, tf.image.resize to 128x128, Keras U-Net (Conv2D + MaxPooling2D encoder, UpSampling2D(bilinear) + Concatenate decoder, Conv2D(1) logit), sigmoid, tf.image.resize back to the input's tf.shape; outputs probability [1,None,None,1] and mask uint8 (prob > 0.5) * 255")
def b_unet_bilinear(out):
    inp = keras.Input((128, 128, 3))
    x, skips = inp, []
    for f in (8, 16, 32):
        x = L.Conv2D(f, 3, padding="same", activation="relu")(x)
        skips.append(x)
        x = L.MaxPooling2D()(x)
    x = L.Conv2D(48, 3, padding="same", activation="relu")(x)
    for f, s in zip((32, 16, 8), reversed(skips)):
        x = L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(x), s])
        x = L.Conv2D(f, 3, padding="same", activation="relu")(x)
    net = keras.Model(inp, L.Conv2D(1, 1)(x))

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], "uint8", "image")])
    def serve(image):
        x = tf.image.resize(tf.cast(image, tf.float32) / 255.0, (128, 128))
        prob = tf.image.resize(tf.sigmoid(net(x, training=False)), tf.shape(image)[1:3])
        return {"probability": prob, "mask": tf.cast(prob > 0.5, tf.uint8) * 255}
    serve_module(out, {"model": net}, serving_default=serve)


@model("s_deeplabv3plus_separable_atrous_decoder", "keras-export", "DeepLabV3+-style segmenter, float [None,128,128,3]: strided conv-BN-ReLU backbone to stride 16 with a dilation-2 conv, ASPP of a 1x1 branch, SeparableConv2D branches with dilation_rate 2 / 4 / 6 and image pooling (GlobalAveragePooling2D keepdims, 1x1 conv-BN-ReLU, UpSampling2D(8, bilinear)), Concatenate, 1x1 projection, Dropout; decoder UpSampling2D(4, bilinear) + Concatenate with a 1x1-reduced stride-4 feature, two SeparableConv2D, Conv2D(6, 1), UpSampling2D(4, bilinear) logits [None,128,128,6]; model.export")
def b_deeplabv3plus(out):
    inp = keras.Input((128, 128, 3))
    x = _conv_bn(_conv_bn(inp, 16, 3, 2), 24, 3, 2)
    low = x
    x = _conv_bn(_conv_bn(x, 32, 3, 2), 48, 3, 2)
    x = _conv_bn(x, 48, 3, 1, dilation=2)
    branches = [_conv_bn(x, 32, 1)] + [_sep_bn(x, 32, r) for r in (2, 4, 6)]
    pool = _conv_bn(L.GlobalAveragePooling2D(keepdims=True)(x), 32, 1)
    branches.append(L.UpSampling2D(8, interpolation="bilinear")(pool))
    x = L.Dropout(0.1)(_conv_bn(L.Concatenate()(branches), 32, 1))
    x = L.Concatenate()([L.UpSampling2D(4, interpolation="bilinear")(x), _conv_bn(low, 12, 1)])
    x = L.Conv2D(6, 1)(_sep_bn(_sep_bn(x, 32), 32))
    keras_export(keras.Model(inp, L.UpSampling2D(4, interpolation="bilinear", name="logits")(x)), out)


@model("s_deeplab_tf1_dilated_depthwise_frozen", "frozen-pb", "TF1 DeepLab-MobileNet-style graph frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder float input [1,129,129,3], x/127.5 - 1, get_variable convs stride 2 x2, separable blocks (tf.nn.depthwise_conv2d stride 2, then dilations=[2,2]) + 1x1 pointwise, ASPP of 1x1 and tf.nn.atrous_conv2d rates 3 / 6, concat, 1x1 projection, 4-class logits, tf.compat.v1.image.resize_bilinear(align_corners=True) to 129x129; SemanticPredictions tf.argmax int64 [1,129,129]")
def b_deeplab_tf1(out):
    v1 = tf.compat.v1

    def sep(x, name, cin, cout, s=1, rate=1):
        with v1.variable_scope(name):
            dw = v1.get_variable("depthwise_weights", [3, 3, cin, 1],
                                 initializer=v1.truncated_normal_initializer(stddev=0.3))
            x = tf.nn.relu6(tf.nn.depthwise_conv2d(x, dw, [1, s, s, 1], "SAME", dilations=[rate, rate]))
        return _v1_conv(x, name + "_pointwise", cin, cout, k=1)
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        img = v1.placeholder(tf.float32, [1, 129, 129, 3], name="input")
        x = _v1_conv(img / 127.5 - 1.0, "conv1", 3, 16, s=2)
        x = _v1_conv(x, "conv2", 16, 24, s=2)
        x = sep(x, "block3", 24, 32, s=2)
        x = sep(x, "block4", 32, 32, rate=2)
        b = [_v1_conv(x, "aspp0", 32, 16, k=1), _v1_conv(x, "aspp1", 32, 16, rate=3),
             _v1_conv(x, "aspp2", 32, 16, rate=6)]
        y = _v1_conv(tf.concat(b, axis=3), "concat_projection", 48, 16, k=1)
        logits = v1.image.resize_bilinear(_v1_conv(y, "logits", 16, 4, k=1, act=None), [129, 129],
                                          align_corners=True)
        tf.argmax(logits, axis=3, name="SemanticPredictions")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), ["SemanticPredictions"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["s_deeplab_tf1_dilated_depthwise_frozen"] = ["SemanticPredictions"]


@model("s_fcn8s_conv2dtranspose_skips_frozen", "frozen-pb", "FCN-8s-style segmenter frozen with convert_variables_to_constants_v2, fixed float [1,64,64,3]: five Conv2D + MaxPooling2D stages to 2x2, 1x1 fc conv + Dropout, score conv; Conv2DTranspose(4, stride 2) + Add of the pool4 score, Conv2DTranspose(4, stride 2) + Add of the pool3 score, Conv2DTranspose(16, stride 8) to 64x64, softmax over 5 classes")
def b_fcn8(out):
    C = 5
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x, pools = inp, []
    for f in (16, 24, 32, 48, 64):
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
        pools.append(x)
    score = L.Conv2D(C, 1)(L.Dropout(0.5)(L.Conv2D(64, 1, activation="relu")(pools[4])))
    x = L.Add()([L.Conv2DTranspose(C, 4, strides=2, padding="same", use_bias=False)(score), L.Conv2D(C, 1)(pools[3])])
    x = L.Add()([L.Conv2DTranspose(C, 4, strides=2, padding="same", use_bias=False)(x), L.Conv2D(C, 1)(pools[2])])
    x = L.Conv2DTranspose(C, 16, strides=8, padding="same", use_bias=False)(x)
    freeze_keras(keras.Model(inp, L.Softmax()(x)), tensor_spec([1, 64, 64, 3], name="image"), out)


OUTPUTS["s_fcn8s_conv2dtranspose_skips_frozen"] = ["Identity"]


@model("s_mask_head_crop_and_resize_per_class", "tf-module", "Mask R-CNN-like mask branch, tf.Module signature float image [1,64,64,3] + boxes float [1,5,4] (normalized) + classes int32 [1,5]: Keras conv backbone to 16x16x32, tf.image.crop_and_resize of the 5 boxes to 14x14, Keras mask head (Conv2D x2, Conv2DTranspose(2, stride 2), Conv2D(3, 1)) -> [5,28,28,3], transpose, tf.gather(batch_dims=1) of each box's class, sigmoid; outputs detection_masks [1,5,28,28] and binary_masks uint8")
def b_mask_head(out):
    inp = keras.Input((64, 64, 3))
    backbone = keras.Model(inp, _conv_bn(_conv_bn(inp, 16, 3, 2), 32, 3, 2))
    r_in = keras.Input((14, 14, 32))
    x = L.Conv2D(32, 3, padding="same", activation="relu")(r_in)
    x = L.Conv2D(32, 3, padding="same", activation="relu")(x)
    x = L.Conv2DTranspose(32, 2, strides=2, activation="relu")(x)
    head = keras.Model(r_in, L.Conv2D(3, 1)(x))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image"), tensor_spec([1, 5, 4], name="boxes"),
                                  tensor_spec([1, 5], "int32", "classes")])
    def serve(image, boxes, classes):
        crops = tf.image.crop_and_resize(backbone(image, training=False), boxes[0], tf.zeros([5], tf.int32), (14, 14))
        per_class = tf.transpose(head(crops, training=False), [0, 3, 1, 2])
        masks = tf.sigmoid(tf.gather(per_class, classes[0], batch_dims=1))[None]
        return {"detection_masks": masks, "binary_masks": tf.cast(masks > 0.5, tf.uint8)}
    serve_module(out, {"backbone": backbone, "mask_head": head}, serving_default=serve)


FEEDS["s_mask_head_crop_and_resize_per_class"] = lambda rng: {"boxes": _boxes(rng, (1, 5)), "classes": (0, 3)}


@model("s_segformer_lite_resizing_mlp_decoder", "keras-export", "SegFormer-like segmenter, float [None,64,64,3]: overlapping patch embeddings (Conv2D 7x7 stride 4, then 3x3 stride 2 twice) each with LayerNormalization, one self-attention block on the 4x4 stage (Reshape [16,48], MultiHeadAttention(1 head), Add, LayerNormalization, Reshape back); all-MLP decoder: Dense(32) per stage, Resizing(16,16, bilinear), Concatenate, Dense(32, relu), Dense(5), Resizing(64,64, bilinear), Softmax; model.export")
def b_segformer(out):
    inp = keras.Input((64, 64, 3))
    s1 = L.LayerNormalization()(L.Conv2D(16, 7, strides=4, padding="same")(inp))
    s2 = L.LayerNormalization()(L.Conv2D(32, 3, strides=2, padding="same")(s1))
    s3 = L.LayerNormalization()(L.Conv2D(48, 3, strides=2, padding="same")(s2))
    t = L.Reshape((16, 48))(s3)
    t = L.LayerNormalization()(L.Add()([t, L.MultiHeadAttention(1, 48)(t, t)]))
    s3 = L.Reshape((4, 4, 48))(t)
    feats = [L.Resizing(16, 16, interpolation="bilinear")(L.Dense(32)(s)) for s in (s1, s2, s3)]
    x = L.Dense(5)(L.Dense(32, activation="relu")(L.Concatenate()(feats)))
    keras_export(keras.Model(inp, L.Softmax(name="probabilities")(L.Resizing(64, 64, interpolation="bilinear")(x))),
                 out)


@model("s_segmentation_export_archive_float_and_uint8", "keras-export", "encoder-decoder segmenter (stride-2 Conv2D x3, UpSampling2D(nearest) + Conv2D x3, 3-class logits) exported with keras.export.ExportArchive and two endpoints: serve float [None,128,128,3] -> logits and softmax probabilities (serving_default); serve_uint8 any-size uint8 [None,None,None,3] -> cast / 255, tf.image.resize 128x128, argmax (int32) label map resized back to the input's tf.shape with method nearest -> label_map int32 [None,None,None]")
def b_seg_archive(out):
    inp = keras.Input((128, 128, 3))
    x = inp
    for f in (16, 24, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    for f in (24, 16, 8):
        x = L.Conv2D(f, 3, padding="same", activation="relu")(L.UpSampling2D()(x))
    m = keras.Model(inp, L.Conv2D(3, 1)(x))

    def serve_uint8(image):
        logits = m(tf.image.resize(tf.cast(image, tf.float32) / 255.0, (128, 128)), training=False)
        labels = tf.argmax(logits, axis=-1, output_type=tf.int32)[..., None]
        return {"label_map": tf.image.resize(labels, tf.shape(image)[1:3], method="nearest")[..., 0]}
    archive = keras.export.ExportArchive()
    archive.track(m)
    def serve(images):
        logits = m(images, training=False)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    archive.add_endpoint("serve", serve, input_signature=[tensor_spec([None, 128, 128, 3], name="images")])
    archive.add_endpoint("serve_uint8", serve_uint8, input_signature=[tensor_spec([None, None, None, 3], "uint8", "image")])
    archive.write_out(str(out), verbose=False)


@model("s_matting_tf1_conv2d_transpose_dynamic_batch", "tf1-savedmodel", "TF1 SavedModelBuilder portrait-matting graph: placeholder float image [None,64,64,3]; get_variable stride-2 convs to 8x8, decoder of tf.nn.conv2d_transpose (stride 2) with output_shape built from tf.shape(image)[0] via tf.stack, skip adds / concat, ReLU; alpha = sigmoid of a last conv2d_transpose to [None,64,64,1]; outputs alpha and foreground = image * alpha")
def b_matting(out):
    v1 = tf.compat.v1

    def deconv(x, name, cin, cout, out_hw, batch, act=True):
        with v1.variable_scope(name):
            w = v1.get_variable("weights", [4, 4, cout, cin], initializer=v1.glorot_uniform_initializer())
            b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
            y = tf.nn.conv2d_transpose(x, w, tf.stack([batch, out_hw, out_hw, cout]), [1, 2, 2, 1], "SAME")
            y = tf.nn.bias_add(y, b)
            return tf.nn.relu(y) if act else y

    def build():
        img = v1.placeholder(tf.float32, [None, 64, 64, 3], name="image")
        batch = tf.shape(img)[0]
        e1 = _v1_conv(img, "enc1", 3, 16, s=2)
        e2 = _v1_conv(e1, "enc2", 16, 32, s=2)
        e3 = _v1_conv(e2, "enc3", 32, 48, s=2)
        d2 = deconv(e3, "dec2", 48, 32, 16, batch) + e2
        d1 = tf.concat([deconv(d2, "dec1", 32, 16, 32, batch), e1], axis=3)
        alpha = tf.sigmoid(deconv(d1, "alpha", 32, 1, 64, batch, act=False), name="alpha")
        return {"serving_default": ({"image": img}, {"alpha": alpha, "foreground": img * alpha})}
    tf1_saved_model(out, build)


# ================================================================================ detection heads

@model("s_centernet_keras_decode_layer", "keras-export", "CenterNet-style Keras detector with the decode as a custom Layer, float [None,64,64,3] in 0-255: Rescaling(1/255), conv-BN-ReLU backbone to stride 8, UpSampling2D + conv to a 16x16 stride-4 map, heads heatmap Conv2D(4, sigmoid, bias -2.19), wh Conv2D(2, relu), offset Conv2D(2, sigmoid); layer: 3x3 tf.nn.max_pool2d equality peaks, tf.math.top_k(16) over the flattened map, class = idx mod 4, floordiv / floormod 16, tf.gather(batch_dims=1) of wh and offsets; outputs boxes [None,16,4], scores [None,16], classes int32 [None,16]; model.export")
def b_centernet(out):
    class CenterNetDecode(L.Layer):
        def call(self, heat, wh, off):
            b, n = tf.shape(heat)[0], heat.shape[1]
            peaks = heat * tf.cast(tf.equal(tf.nn.max_pool2d(heat, 3, 1, "SAME"), heat), heat.dtype)
            scores, idx = tf.math.top_k(tf.reshape(peaks, [b, -1]), k=16)
            cls, pix = idx % 4, idx // 4
            ys, xs = tf.cast(pix // n, tf.float32), tf.cast(pix % n, tf.float32)
            size = tf.gather(tf.reshape(wh, [b, n * n, 2]), pix, batch_dims=1)
            o = tf.gather(tf.reshape(off, [b, n * n, 2]), pix, batch_dims=1)
            yc, xc = (ys + o[..., 0]) / n, (xs + o[..., 1]) / n
            h, w = size[..., 0] / n, size[..., 1] / n
            boxes = tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)
            return {"boxes": boxes, "scores": scores, "classes": cls}
    inp = keras.Input((64, 64, 3), name="image")
    x = L.Rescaling(1.0 / 255)(inp)
    for f in (16, 24, 32):
        x = _conv_bn(x, f, 3, 2)
    x = _conv_bn(L.UpSampling2D()(x), 24)
    heat = L.Conv2D(4, 1, activation="sigmoid", bias_initializer=keras.initializers.Constant(-2.19))(x)
    wh = L.Conv2D(2, 1, activation="relu")(x)
    off = L.Conv2D(2, 1, activation="sigmoid")(x)
    keras_export(keras.Model(inp, CenterNetDecode()(heat, wh, off)), out)


@model("s_fpn_retina_uint8_combined_nms", "tf-module", "RetinaNet-like detector, tf.Module signature uint8 images [None,128,128,3]: cast, x/127.5 - 1; Keras conv-BN backbone C3 / C4 / C5 (strides 8 / 16 / 32), FPN 1x1 laterals + UpSampling2D(nearest) + Add + 3x3 smoothing, shared class / box towers on P3-P5 (3 anchors per cell, 1008 anchors, 4 classes, prior-probability bias); constant anchors, box-coder decode, sigmoid, tf.image.combined_non_max_suppression (20 per class, 30 total, iou 0.5, score 0.05, clip_boxes); outputs detection_boxes [None,30,4], detection_scores, detection_classes int32, num_detections int32")
def b_retina(out):
    A, C = 3, 4
    inp = keras.Input((128, 128, 3))
    x = _conv_bn(_conv_bn(inp, 16, 3, 2), 16, 3, 2)
    c3 = _conv_bn(x, 24, 3, 2)
    c4 = _conv_bn(c3, 32, 3, 2)
    c5 = _conv_bn(c4, 48, 3, 2)
    p5 = L.Conv2D(24, 1)(c5)
    p4 = L.Add()([L.Conv2D(24, 1)(c4), L.UpSampling2D(interpolation="nearest")(p5)])
    p3 = L.Add()([L.Conv2D(24, 1)(c3), L.UpSampling2D(interpolation="nearest")(p4)])
    levels = [L.Conv2D(24, 3, padding="same")(p) for p in (p3, p4, p5)]
    cls_tower, box_tower = (L.Conv2D(24, 3, padding="same", activation="relu") for _ in range(2))
    cls_out = L.Conv2D(A * C, 3, padding="same", bias_initializer=keras.initializers.Constant(-np.log(99.0)))
    box_out = L.Conv2D(A * 4, 3, padding="same")
    cls = L.Concatenate(axis=1)([L.Reshape((-1, C))(cls_out(cls_tower(p))) for p in levels])
    box = L.Concatenate(axis=1)([L.Reshape((-1, 4))(box_out(box_tower(p))) for p in levels])
    net = keras.Model(inp, [box, cls])
    anchors = _ssd_anchors((16, 8, 4), (0.1, 0.25, 0.5), (0.5, 1.0, 2.0))

    @tf.function(input_signature=[tensor_spec([None, 128, 128, 3], "uint8", "images")])
    def detect(images):
        enc, logits = net(tf.cast(images, tf.float32) / 127.5 - 1.0, training=False)
        nms = tf.image.combined_non_max_suppression(_decode_boxes(enc, anchors)[:, :, None, :], tf.sigmoid(logits),
                                                    20, 30, iou_threshold=0.5, score_threshold=0.05, clip_boxes=True)
        return {"detection_boxes": nms.nmsed_boxes, "detection_scores": nms.nmsed_scores,
                "detection_classes": tf.cast(nms.nmsed_classes, tf.int32), "num_detections": nms.valid_detections}
    serve_module(out, {"model": net}, serving_default=detect)


@model("s_ssd_tf1_combined_nms_savedmodel", "tf1-savedmodel", "TF1 SavedModelBuilder SSD: placeholder float normalized_input_image_tensor [1,96,96,3], get_variable convs (stride 2 x4 to 6x6 and one more to 3x3), box / class predictor convs on both maps (2 anchors each, 90 anchors, 3 classes + background), constant anchors, box-coder decode, sigmoid with background sliced off, tf.image.combined_non_max_suppression (10 per class / 10 total); outputs detection_boxes [1,10,4], detection_scores, detection_classes (float32), num_detections (float32)")
def b_ssd_tf1(out):
    v1 = tf.compat.v1
    anchors = _ssd_anchors((6, 3), (0.3, 0.7), (1.0, 2.0))

    def build():
        img = v1.placeholder(tf.float32, [1, 96, 96, 3], name="normalized_input_image_tensor")
        x = img
        for k, (cin, cout) in enumerate(((3, 8), (8, 16), (16, 24), (24, 32))):
            x = _v1_conv(x, f"conv{k}", cin, cout, s=2)
        f1 = x
        f2 = _v1_conv(f1, "conv4", 32, 32, s=2)
        boxes, classes = [], []
        for k, (f, c) in enumerate(((f1, 32), (f2, 32))):
            boxes.append(tf.reshape(_v1_conv(f, f"box_{k}", c, 2 * 4, act=None), [1, -1, 4]))
            classes.append(tf.reshape(_v1_conv(f, f"cls_{k}", c, 2 * 4, act=None), [1, -1, 4]))
        decoded = _decode_boxes(tf.concat(boxes, axis=1), anchors)
        scores = tf.sigmoid(tf.concat(classes, axis=1))[..., 1:]
        nms = tf.image.combined_non_max_suppression(decoded[:, :, None, :], scores, 10, 10, iou_threshold=0.6,
                                                    score_threshold=0.01)
        return {"serving_default": ({"normalized_input_image_tensor": img}, {
            "detection_boxes": nms.nmsed_boxes, "detection_scores": nms.nmsed_scores,
            "detection_classes": nms.nmsed_classes, "num_detections": tf.cast(nms.valid_detections, tf.float32)})}
    tf1_saved_model(out, build)


@model("s_yolov8_dfl_anchor_free_frozen", "frozen-pb", "YOLOv8-like anchor-free detector frozen with convert_variables_to_constants_v2, fixed float images [1,64,64,3]: SiLU conv backbone with strides 8 / 16 / 32, decoupled heads per level (box Conv2D(64) = 4 sides x 16 bins, class Conv2D(3)), concat [1,84,67]; DFL: softmax over the 16 bins times tf.range(16) reduce_sum, dist2bbox against constant anchor points and strides (cx, cy, w, h in pixels), sigmoid classes, transpose to output0 [1,7,84]")
def b_yolov8(out):
    inp = keras.Input((64, 64, 3))
    x = inp
    feats = []
    for k, f in enumerate((16, 24, 32, 48, 64)):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="silu")(x)
        if k >= 2:
            feats.append(x)
    outs = []
    for p in feats:
        b = L.Conv2D(64, 1)(L.Conv2D(32, 3, padding="same", activation="silu")(p))
        c = L.Conv2D(3, 1)(L.Conv2D(32, 3, padding="same", activation="silu")(p))
        outs.append(L.Reshape((-1, 67))(L.Concatenate()([b, c])))
    net = keras.Model(inp, L.Concatenate(axis=1)(outs))
    pts, strides = [], []
    for s in (8, 16, 32):
        g = 64 // s
        for i in range(g):
            for j in range(g):
                pts.append([j + 0.5, i + 0.5])
                strides.append([s])
    pts, strides = np.array(pts, "float32"), np.array(strides, "float32")

    def fn(images):
        raw = net(images, training=False)
        bins = tf.reshape(raw[..., :64], [1, -1, 4, 16])
        dist = tf.reduce_sum(tf.nn.softmax(bins, axis=-1) * tf.range(16, dtype=tf.float32), axis=-1)
        x1y1, x2y2 = pts - dist[..., :2], pts + dist[..., 2:]
        box = tf.concat([(x1y1 + x2y2) / 2 * strides, (x2y2 - x1y1) * strides], axis=-1)
        return tf.identity(tf.transpose(tf.concat([box, tf.sigmoid(raw[..., 64:])], axis=-1), [0, 2, 1]),
                           name="output0")
    freeze_function(fn, [tensor_spec([1, 64, 64, 3], name="images")], out)


OUTPUTS["s_yolov8_dfl_anchor_free_frozen"] = ["output0"]


@model("s_ssdlite_export_archive_raw_and_nms", "keras-export", "SSDLite-style Keras detector (depthwise-separable backbone, SeparableConv2D box / class predictors on 6x6 and 3x3 maps, 3 anchors each, 135 anchors, 5 classes incl. background) exported with keras.export.ExportArchive: serve float [None,96,96,3] in [-1,1] -> box-coder decode against constant anchors, softmax, background dropped, tf.image.combined_non_max_suppression (10 total, clip_boxes) -> detection_boxes, detection_scores, detection_classes int32, num_detections (serving_default); serve_raw -> raw_box_encodings [None,135,4] and raw_class_logits [None,135,5]")
def b_ssdlite(out):
    inp = keras.Input((96, 96, 3))
    x = _conv_bn(inp, 8, 3, 2, "relu6")
    for f, s in ((16, 2), (24, 2), (32, 2), (32, 1)):
        x = _dw_block(x, f, s, "relu6")
    f1 = x
    f2 = _dw_block(f1, 48, 2, "relu6")
    boxes, classes = [], []
    for f in (f1, f2):
        boxes.append(L.Reshape((-1, 4))(L.SeparableConv2D(3 * 4, 3, padding="same")(f)))
        classes.append(L.Reshape((-1, 5))(L.SeparableConv2D(3 * 5, 3, padding="same")(f)))
    net = keras.Model(inp, [L.Concatenate(axis=1)(boxes), L.Concatenate(axis=1)(classes)])
    anchors = _ssd_anchors((6, 3), (0.25, 0.6), (1.0, 2.0, 0.5))

    def serve(images):
        enc, logits = net(images, training=False)
        scores = tf.nn.softmax(logits)[..., 1:]
        nms = tf.image.combined_non_max_suppression(_decode_boxes(enc, anchors)[:, :, None, :], scores, 10, 10,
                                                    iou_threshold=0.5, score_threshold=0.1, clip_boxes=True)
        return {"detection_boxes": nms.nmsed_boxes, "detection_scores": nms.nmsed_scores,
                "detection_classes": tf.cast(nms.nmsed_classes, tf.int32), "num_detections": nms.valid_detections}

    def serve_raw(images):
        enc, logits = net(images, training=False)
        return {"raw_box_encodings": enc, "raw_class_logits": logits}
    spec = [tensor_spec([None, 96, 96, 3], name="images")]
    archive = keras.export.ExportArchive()
    archive.track(net)
    archive.add_endpoint("serve", serve, input_signature=spec)
    archive.add_endpoint("serve_raw", serve_raw, input_signature=spec)
    archive.write_out(str(out), verbose=False)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
