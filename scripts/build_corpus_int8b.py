"""Build a second, independently made int8 corpus into bench/out/int8fresh2/: small TensorFlow models of the kind
shipped to phones, MCUs, Coral and NPUs through TFLite FULL-INTEGER (int8) quantization, different from the first
int8 corpus (build_corpus_int8.py). Written without looking at the analyzer: about half are plain int8-friendly
networks, half carry something that may stay in float, fail calibration or fail conversion. Producers: Keras 3
model.export, tf.saved_model.save of tf.Module, TF1 SavedModelBuilder / simple_save, and frozen GraphDefs (TF1
convert_variables_to_constants and TF2 convert_variables_to_constants_v2). Random seeded weights; nothing downloaded.

    .venv/bin/python scripts/build_corpus_int8b.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_int8b.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_int8b.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_int8b.py --list          # list the models

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

from corpus_driver import Corpus

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("int8fresh2", frozen_kinds={"tf1-frozen", "tf2-frozen"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = None


def _w(shape, seed):
    return (np.random.default_rng(seed).normal(size=shape) * 0.1).astype("float32")


def _spec(shape, dtype="float32", name=None):
    return tf.TensorSpec(shape, dtype, name=name)


def _keras(inputs, outputs, out: Path):
    m = keras.Model(inputs, outputs)  # weights seeded in main()
    fixed = [tf.TensorSpec(t.shape, t.dtype) for t in m.inputs] if m.inputs[0].shape[0] else None
    m.export(str(out), verbose=False, input_signature=fixed)


def _seq(shape, layers, out: Path, batch=None):
    x = i = keras.Input(shape, batch_size=batch)
    for layer in layers:
        x = layer(x)
    _keras(i, x, out)


def _vars(**init):
    """A tf.Module holding seeded variables: a tuple value is a shape (random), anything else an initial value."""
    m = tf.Module()
    for i, (k, v) in enumerate(init.items()):
        setattr(m, k, tf.Variable(_w(v, 100 + i) if isinstance(v, tuple) else v, name=k))
    return m


def _module(out: Path, sigs: dict, **init):
    """tf.saved_model.save a module with seeded variables `init` and signatures {name: (fn(m, *inputs), specs)}."""
    m = _vars(**init)
    fns = {}
    for k, (fn, specs) in sigs.items():
        fns[k] = tf.function(functools.partial(fn, m), input_signature=specs)
        setattr(m, "sig_" + k, fns[k])
    tf.saved_model.save(m, str(out), signatures=fns)


def _serve(out: Path, fn, specs, **init):
    _module(out, {"serving_default": (fn, specs)}, **init)


def _frozen_v2(out: Path, fn, specs, **init):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2
    m = _vars(**init)
    cf = tf.function(functools.partial(fn, m)).get_concrete_function(*specs)
    out.write_bytes(convert_variables_to_constants_v2(cf).graph.as_graph_def().SerializeToString())


def _v(name, shape, seed):
    return tf.compat.v1.get_variable(name, initializer=_w(shape, seed))


def _tf1(build, out: Path, mode: str):
    """Run build() in a TF1 graph; it returns (inputs, outputs) dicts. mode: frozen | builder | simple_save."""
    g = tf.Graph()
    with g.as_default(), tf.compat.v1.Session(graph=g) as sess:
        ins, outs = build()
        outs = {k: tf.identity(v, name=k) for k, v in outs.items()}  # stable output node names
        sess.run(tf.compat.v1.global_variables_initializer())
        if mode == "frozen":
            names = [t.op.name for t in outs.values()]
            gd = tf.compat.v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), names)
            out.write_bytes(gd.SerializeToString())
        elif mode == "simple_save":
            tf.compat.v1.saved_model.simple_save(sess, str(out), ins, outs)
        else:
            b = tf.compat.v1.saved_model.Builder(str(out))
            sig = tf.compat.v1.saved_model.predict_signature_def(ins, outs)
            b.add_meta_graph_and_variables(sess, [tf.compat.v1.saved_model.SERVING],
                                           signature_def_map={"serving_default": sig})
            b.save()


def tf1model(name: str, mode: str, desc: str):
    """Register a TF1 graph builder returning (inputs, outputs) dicts; mode: frozen | builder | simple_save."""
    return lambda build: model(name, "tf1-frozen" if mode == "frozen" else "tf1-savedmodel", desc)(
        lambda out: _tf1(build, out, mode))


def _ph(shape, name, dtype="float32"):
    return tf.compat.v1.placeholder(dtype, shape, name=name)


def _cv(x, k, s=1, pad="SAME"):
    return tf.nn.conv2d(x, k, s, pad)


# ============================================================================ Keras 3 model.export

@model("q2_efficientnet_lite_mbconv", "keras-export",
       "[None,64,64,3] EfficientNet-lite MBConv: ReLU6 stem, dw3x3, expand+dw5x5 s2, residual MBConv6, GAP, Dense")
def b_effl(out):
    def mb(x, exp, k, s, c):
        y = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(x.shape[-1] * exp, 1, use_bias=False)(x))) if exp > 1 else x
        y = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(k, s, padding="same", use_bias=False)(y)))
        y = L.BatchNormalization()(L.Conv2D(c, 1, use_bias=False)(y))
        return L.Add()([x, y]) if s == 1 and x.shape[-1] == c else y
    i = keras.Input((64, 64, 3))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(16, 3, 2, padding="same", use_bias=False)(i)))
    x = L.GlobalAveragePooling2D()(L.ReLU(6.0)(L.Conv2D(64, 1)(mb(mb(mb(x, 1, 3, 1, 8), 6, 5, 2, 16), 6, 5, 1, 16))))
    _keras(i, L.Dense(10, activation="softmax")(L.Dropout(0.2)(x)), out)

@model("q2_resnet_basic_strided_shortcut", "keras-export",
       "[None,32,32,3] ResNet basic blocks: identity + stride-2 block with 1x1 strided conv+BN shortcut, Add")
def b_resnet(out):
    def block(x, c, s):
        y = L.ReLU()(L.BatchNormalization()(L.Conv2D(c, 3, s, padding="same", use_bias=False)(x)))
        y = L.BatchNormalization()(L.Conv2D(c, 3, padding="same", use_bias=False)(y))
        return L.ReLU()(L.Add()([y, x if s == 1 else L.BatchNormalization()(L.Conv2D(c, 1, s, use_bias=False)(x))]))
    i = keras.Input((32, 32, 3))
    x = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 3, padding="same", use_bias=False)(i)))
    _keras(i, L.Dense(10)(L.GlobalAveragePooling2D()(block(block(x, 16, 1), 32, 2))), out)

@model("q2_shufflenetv2_channel_shuffle", "keras-export",
       "[None,32,32,3] ShuffleNetV2 unit: Lambda channel split, 1x1/dw3x3/1x1, concat, Reshape-Permute shuffle")
def b_shuffle(out):
    i = keras.Input((32, 32, 3))
    x = L.ReLU()(L.Conv2D(24, 3, 2, padding="same")(i))
    a, b = L.Lambda(lambda t: t[..., :12])(x), L.Lambda(lambda t: t[..., 12:])(x)
    b = L.ReLU()(L.BatchNormalization()(L.Conv2D(12, 1)(b)))
    b = L.ReLU()(L.Conv2D(12, 1)(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(b))))
    x = L.Reshape((16, 16, 24))(L.Permute((1, 2, 4, 3))(L.Reshape((16, 16, 2, 12))(L.Concatenate()([a, b]))))
    _keras(i, L.Dense(6)(L.GlobalAveragePooling2D()(x)), out)

@model("q2_space_to_depth_stem", "keras-export",
       "[None,64,64,3] 'Focus'-like stem: Lambda tf.nn.space_to_depth(2), Conv2D, BN, ReLU, MaxPool, GAP, Dense")
def b_s2d(out):
    _seq((64, 64, 3), [L.Lambda(lambda t: tf.nn.space_to_depth(t, 2)), L.Conv2D(16, 3, padding="same"),
                       L.BatchNormalization(), L.ReLU(), L.MaxPooling2D(), L.GlobalAveragePooling2D(), L.Dense(4)], out)

@model("q2_deeplab_aspp_atrous", "keras-export",
       "[None,64,64,3] DeepLabV3 ASPP: 1x1 + atrous rates 2/4/6 + GAP image-pool UpSampling2D(16), bilinear x4")
def b_aspp(out):
    i = keras.Input((64, 64, 3))
    x = L.Conv2D(32, 3, 2, padding="same", activation="relu")(L.Conv2D(16, 3, 2, padding="same", activation="relu")(i))
    br = [L.Conv2D(8, 3 if r > 1 else 1, padding="same", dilation_rate=r, activation="relu")(x) for r in (1, 2, 4, 6)]
    br.append(L.UpSampling2D(16)(L.Conv2D(8, 1, activation="relu")(L.GlobalAveragePooling2D(keepdims=True)(x))))
    x = L.Conv2D(16, 1, activation="relu")(L.Concatenate()(br))
    _keras(i, L.Conv2D(3, 1)(L.UpSampling2D(4, interpolation="bilinear")(x)), out)

@model("q2_tcn_causal_dilated_conv1d", "keras-export",
       "[None,64,8] TCN: Conv1D causal, dilations 1/2/4, 1x1 residual Add, Lambda last-timestep slice, Dense")
def b_tcn(out):
    x = i = keras.Input((64, 8))
    x = L.Conv1D(16, 1)(x)
    for d in (1, 2, 4):
        x = L.Add()([x, L.Conv1D(16, 1)(L.Conv1D(16, 3, padding="causal", dilation_rate=d, activation="relu")(x))])
    _keras(i, L.Dense(5, activation="softmax")(L.Lambda(lambda t: t[:, -1, :])(x)), out)

@model("q2_softmax_temperature_distill", "keras-export",
       "[None,20] Dense relu, Dense logits, Lambda divide by temperature 3.0, Softmax")
def b_temp(out):
    _seq((20,), [L.Dense(64, activation="relu"), L.Dense(10), L.Lambda(lambda t: t / 3.0), L.Softmax()], out)

@model("q2_autoencoder_anomaly_score", "keras-export",
       "[None,640] dense autoencoder; outputs recon + Lambda mean(squared_difference(clip_by_value(x), recon))")
def b_ae(out):
    i = keras.Input((640,))
    x = L.Dense(8, activation="relu")(L.Dense(64, activation="relu")(L.Dense(64, activation="relu")(i)))
    rec = L.Dense(640)(L.Dense(64, activation="relu")(x))
    err = lambda t: tf.reduce_mean(tf.math.squared_difference(tf.clip_by_value(t[0], -5.0, 5.0), t[1]), axis=-1)
    _keras(i, [rec, L.Lambda(err)([i, rec])], out)

@model("q2_grouped_conv2d", "keras-export",
       "[None,32,32,16] ResNeXt-style Conv2D(groups=4), BN, ReLU, strided Conv2D(groups=8), GAP, Dense")
def b_group(out):
    _seq((32, 32, 16), [L.Conv2D(32, 3, padding="same", groups=4), L.BatchNormalization(), L.ReLU(),
                        L.Conv2D(32, 3, 2, padding="same", groups=8, activation="relu"), L.GlobalAveragePooling2D(),
                        L.Dense(4)], out)

@model("q2_audio_mel_matmul_frontend", "keras-export",
       "[1,49,129] spectrogram: frozen no-bias Dense holding a constant mel filterbank, Conv1D, MaxPool1D, Dense")
def b_mel(out):
    mel = keras.initializers.Constant(tf.signal.linear_to_mel_weight_matrix(20, 129, 16000, 20.0, 4000.0).numpy())
    _seq((49, 129), [L.Dense(20, use_bias=False, trainable=False, kernel_initializer=mel),
                     L.Conv1D(16, 3, activation="relu"), L.MaxPooling1D(), L.GlobalAveragePooling1D(),
                     L.Dense(8, activation="softmax")], out, batch=1)

@model("q2_conv3d_video_clip", "keras-export",
       "[1,4,16,16,3] video clip: Conv3D, MaxPooling3D(1,2,2), Conv3D, GlobalAveragePooling3D, Dense softmax")
def b_c3d(out):
    _seq((4, 16, 16, 3), [L.Conv3D(8, 3, padding="same", activation="relu"), L.MaxPooling3D((1, 2, 2)),
                          L.Conv3D(16, 3, activation="relu"), L.GlobalAveragePooling3D(),
                          L.Dense(3, activation="softmax")], out, batch=1)

@model("q2_bidirectional_lstm_batch1", "keras-export",
       "[1,20,8] sequence: Bidirectional(LSTM(16)) (not unrolled), Dense softmax")
def b_bilstm(out):
    _seq((20, 8), [L.Bidirectional(L.LSTM(16)), L.Dense(4, activation="softmax")], out, batch=1)

@model("q2_mish_activation_cnn", "keras-export",
       "[None,32,32,3] CNN with Activation('mish') after Conv2D+BN and after Conv2D, MaxPool, GAP, Dense")
def b_mish(out):
    _seq((32, 32, 3), [L.Conv2D(16, 3, padding="same"), L.BatchNormalization(), L.Activation("mish"),
                       L.MaxPooling2D(), L.Conv2D(32, 3, padding="same"), L.Activation("mish"),
                       L.GlobalAveragePooling2D(), L.Dense(5)], out)

@model("q2_dynamic_hw_fully_conv", "keras-export",
       "[None,None,None,3] CNN with dynamic H/W: strided Conv2D, BN, ReLU, Conv2D, GlobalMaxPooling2D, Dense")
def b_dyn(out):
    _seq((None, None, 3), [L.Conv2D(16, 3, 2, padding="same"), L.BatchNormalization(), L.ReLU(),
                           L.Conv2D(32, 3, padding="same", activation="relu"), L.GlobalMaxPooling2D(),
                           L.Dense(3)], out)


# ============================================================================ tf.Module + tf.saved_model.save

@model("q2_espcn_depth_to_space", "tf-module",
       "tf.Module ESPCN [1,32,32,1]: conv5x5 tanh, conv3x3 tanh, conv to 4ch, tf.nn.depth_to_space(2) -> 64x64")
def b_espcn(out):
    def f(m, x):
        return {"hr": tf.nn.depth_to_space(_cv(tf.tanh(_cv(tf.tanh(_cv(x, m.k1) + m.b1), m.k2)), m.k3), 2)}
    _serve(out, f, [_spec([1, 32, 32, 1], name="lr")], k1=(5, 5, 1, 16), b1=(16,), k2=(3, 3, 16, 8), k3=(3, 3, 8, 4))

@model("q2_pose_heatmap_soft_argmax", "tf-module",
       "tf.Module pose [1,64,64,3]: 5 heatmaps, spatial softmax, matmul const grid (soft-argmax), sigmoid max")
def b_pose(out):
    g = np.stack(np.meshgrid(np.arange(16), np.arange(16)), -1).reshape(256, 2).astype("float32") / 15.0

    def f(m, x):
        h = tf.reshape(_cv(tf.nn.relu(_cv(x, m.k1, 2)), m.k2, 2), [1, 256, 5])
        return {"keypoints": tf.matmul(tf.nn.softmax(h, axis=1), g, transpose_a=True),
                "confidence": tf.reduce_max(tf.sigmoid(h), axis=1)}
    _serve(out, f, [_spec([1, 64, 64, 3], name="image")], k1=(3, 3, 3, 16), k2=(3, 3, 16, 5))

@model("q2_fpn_resize_nearest_half_pixel", "tf-module",
       "tf.Module FPN [1,64,64,3]: strided convs, tf.image.resize nearest x2 (half-pixel), lateral 1x1 Add")
def b_fpn(out):
    def f(m, x):
        c3 = tf.nn.relu(_cv(x, m.k1, 4))
        p4 = _cv(tf.nn.relu(_cv(c3, m.k2, 2)), m.l4)
        p3 = tf.image.resize(p4, [16, 16], method="nearest") + _cv(c3, m.l3)
        return {"p3": _cv(p3, m.s3), "p4": p4}
    _serve(out, f, [_spec([1, 64, 64, 3], name="image")],
           k1=(3, 3, 3, 16), k2=(3, 3, 16, 32), l4=(1, 1, 32, 16), l3=(1, 1, 16, 16), s3=(3, 3, 16, 16))

@model("q2_einsum_attention_pooling", "tf-module",
       "tf.Module [1,16,32] tokens: tf.einsum projection, tanh, einsum scores, softmax, einsum pool, matmul")
def b_einsum(out):
    def f(m, x):
        a = tf.nn.softmax(tf.einsum("bte,e->bt", tf.tanh(tf.einsum("btd,de->bte", x, m.w)), m.v), axis=-1)
        return {"logits": tf.matmul(tf.einsum("bt,btd->bd", a, x), m.c)}
    _serve(out, f, [_spec([1, 16, 32], name="tokens")], w=(32, 16), v=(16,), c=(32, 4))

@model("q2_multi_signature_classify_embed", "tf-module",
       "tf.Module, 2 signatures on [1,32,32,3]: serving_default (conv, GAP, softmax) and 'embed' (16-d)")
def b_multisig(out):
    trunk = lambda m, x: tf.reduce_mean(tf.nn.relu(_cv(x, m.k, 2) + m.b), axis=[1, 2])
    s = [_spec([1, 32, 32, 3], name="image")]
    _module(out, {"serving_default": (lambda m, x: {"probs": tf.nn.softmax(tf.matmul(trunk(m, x), m.w))}, s),
                  "embed": (lambda m, x: {"embedding": trunk(m, x)}, s)}, k=(3, 3, 3, 16), b=(16,), w=(16, 10))

@model("q2_yolo_decode_sigmoid_exp_grid", "tf-module",
       "tf.Module YOLO head [1,64,64,3]: 5D reshape, (sigmoid xy + grid)*8, exp(wh)*anchors, sigmoid, concat")
def b_yolo(out):
    gy, gx = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")
    grid = np.stack([gx, gy], -1).reshape(1, 8, 8, 1, 2).astype("float32")
    anchors = np.array([[10, 13], [16, 30], [33, 23]], "float32").reshape(1, 1, 1, 3, 2)

    def f(m, x):
        t = tf.reshape(_cv(tf.nn.relu(_cv(x, m.k1, 4)), m.k2, 2), [1, 8, 8, 3, 7])
        xy, wh = (tf.sigmoid(t[..., :2]) + grid) * 8.0, tf.exp(t[..., 2:4]) * anchors
        return {"detections": tf.reshape(tf.concat([xy, wh, tf.sigmoid(t[..., 4:])], -1), [1, 192, 7])}
    _serve(out, f, [_spec([1, 64, 64, 3], name="image")], k1=(3, 3, 3, 16), k2=(3, 3, 16, 21))

@model("q2_crop_and_resize_roi_inputs", "tf-module",
       "tf.Module ROI head: image [1,64,64,3], boxes [None,4], box_indices [None] int32; crop_and_resize 7x7")
def b_roi(out):
    def f(m, x, boxes, idx):
        r = tf.image.crop_and_resize(tf.nn.relu(_cv(x, m.k1, 4)), boxes, idx, [7, 7])
        return {"roi_logits": tf.matmul(tf.reduce_mean(tf.nn.relu(_cv(r, m.k2, 1, "VALID")), axis=[1, 2]), m.w)}
    _serve(out, f, [_spec([1, 64, 64, 3], name="image"), _spec([None, 4], name="boxes"),
                    _spec([None], "int32", name="box_indices")], k1=(3, 3, 3, 16), k2=(3, 3, 16, 16), w=(16, 4))

@model("q2_stateful_streaming_assign", "tf-module",
       "tf.Module streaming: [1,4,8] chunk + state tf.Variable, conv1d, state.assign; plus 'reset' signature")
def b_stream(out):
    def step(m, x):
        buf = tf.concat([m.state, x], axis=1)
        with tf.control_dependencies([m.state.assign(buf[:, -2:, :])]):
            y = tf.nn.relu(tf.nn.conv1d(buf, m.k, 1, "VALID"))
        return {"scores": tf.sigmoid(tf.matmul(tf.reduce_mean(y, axis=1), m.w))}

    def reset(m):
        m.state.assign(tf.zeros_like(m.state))
        return {"ok": tf.constant(True)}
    _module(out, {"serving_default": (step, [_spec([1, 4, 8], name="frames")]), "reset": (reset, [])},
            state=np.zeros((1, 2, 8), "float32"), k=(3, 8, 16), w=(16, 3))

@model("q2_sincos_timestep_embedding", "tf-module",
       "tf.Module: x [None,32] + timestep [None,1] float; sin/cos(t*const freqs), matmul, x*sigmoid(x), add")
def b_sincos(out):
    freqs = np.exp(-np.log(10000.0) * np.arange(8) / 8).astype("float32")

    def f(m, x, t):
        h = tf.matmul(tf.concat([tf.sin(t * freqs), tf.cos(t * freqs)], axis=-1), m.we)
        return {"out": tf.matmul(x, m.wx) + h * tf.sigmoid(h)}
    _serve(out, f, [_spec([None, 32], name="x"), _spec([None, 1], name="timestep")], we=(16, 32), wx=(32, 32))

@model("q2_bool_mask_masked_mean", "tf-module",
       "tf.Module: tokens [1,10,16] float + mask [1,10] bool; tf.where, sum / count(cast mask), matmul, softmax")
def b_mask(out):
    def f(m, x, mask):
        h = tf.where(mask[..., None], tf.nn.relu(tf.matmul(x, m.w1)), 0.0)
        n = tf.maximum(tf.reduce_sum(tf.cast(mask, tf.float32), axis=1, keepdims=True), 1.0)
        return {"probs": tf.nn.softmax(tf.matmul(tf.reduce_sum(h, axis=1) / n, m.w2))}
    _serve(out, f, [_spec([1, 10, 16], name="tokens"), _spec([1, 10], "bool", name="mask")], w1=(16, 16), w2=(16, 3))

@model("q2_strings_label_lookup", "tf-module",
       "tf.Module [1,32,32,3] classifier: conv, GAP, softmax + tf.gather(argmax) into constant tf.string labels")
def b_strings(out):
    def f(m, x):
        p = tf.nn.softmax(tf.matmul(tf.reduce_mean(tf.nn.relu(_cv(x, m.k, 2)), [1, 2]), m.w))
        return {"probs": p, "label": tf.gather(tf.constant(["cat", "dog", "bird", "other"]), tf.argmax(p, axis=-1))}
    _serve(out, f, [_spec([1, 32, 32, 3], name="image")], k=(3, 3, 3, 8), w=(8, 4))

@model("q2_vae_random_normal_serving", "tf-module",
       "tf.Module VAE [None,32]: mu/logvar, z = mu + exp(0.5*logvar)*tf.random.normal, matmul sigmoid")
def b_vae(out):
    def f(m, x):
        mu, lv = tf.split(tf.matmul(tf.nn.relu(tf.matmul(x, m.we)), m.wz), 2, axis=-1)
        z = mu + tf.exp(0.5 * lv) * tf.random.normal(tf.shape(mu))
        return {"recon": tf.sigmoid(tf.matmul(z, m.wd)), "mu": mu}
    _serve(out, f, [_spec([None, 32], name="x")], we=(32, 16), wz=(16, 8), wd=(4, 32))

@model("q2_signal_frame_rfft_logmel", "tf-module",
       "tf.Module audio [1,1024]: tf.signal.frame, const Hann, tf.signal.rfft, abs, mel matmul, log, matmul")
def b_rfft(out):
    win = np.hanning(256).astype("float32")
    mel = tf.signal.linear_to_mel_weight_matrix(16, 129, 16000, 20.0, 8000.0).numpy()

    def f(m, a):
        lm = tf.math.log(tf.matmul(tf.abs(tf.signal.rfft(tf.signal.frame(a, 256, 128) * win)), mel) + 1e-6)
        return {"logits": tf.matmul(tf.reduce_mean(lm, axis=1), m.w)}
    _serve(out, f, [_spec([1, 1024], name="audio")], w=(16, 4))

@model("q2_multi_output_dtypes", "tf-module",
       "tf.Module [1,32] MLP; outputs float32 probs, int32 argmax, bool max>0.5, int64 count_nonzero(p>0.1)")
def b_dtypes(out):
    def f(m, x):
        p = tf.nn.softmax(tf.matmul(tf.nn.relu(tf.matmul(x, m.w1)), m.w2))
        return {"probs": p, "class_id": tf.argmax(p, axis=-1, output_type=tf.int32),
                "confident": tf.reduce_max(p, axis=-1) > 0.5, "n_above": tf.math.count_nonzero(p > 0.1, axis=-1)}
    _serve(out, f, [_spec([1, 32], name="x")], w1=(32, 16), w2=(16, 5))


# ============================================================================ TF1 graphs saved as SavedModel

@tf1model("q2_tf1_builder_cnn_two_pools", "builder",
          "TF1 SavedModelBuilder [None,48,48,3]: conv2d, bias_add, relu, max_pool, conv2d, avg_pool, softmax")
def b_tf1_cnn():
    x = _ph([None, 48, 48, 3], "image")
    y = tf.nn.max_pool2d(tf.nn.relu(tf.nn.bias_add(_cv(x, _v("c1", (3, 3, 3, 8), 1)), _v("b1", (8,), 2))), 2, 2,
                         "VALID")
    y = tf.nn.avg_pool2d(tf.nn.relu(_cv(y, _v("c2", (3, 3, 8, 16), 3), 2)), 4, 4, "VALID")
    return {"image": x}, {"probs": tf.nn.softmax(tf.matmul(tf.reshape(y, [-1, 144]), _v("fc", (144, 6), 4)))}

@tf1model("q2_tf1_simple_save_two_input_mlp", "simple_save",
          "TF1 simple_save: numeric [None,12] + embedding [None,8] inputs, concat, 2 matmul+relu, sigmoid")
def b_tf1_mlp():
    a, b = _ph([None, 12], "numeric"), _ph([None, 8], "embedding")
    h = tf.nn.relu(tf.matmul(tf.concat([a, b], 1), _v("w1", (20, 32), 11)) + _v("b1", (32,), 12))
    h = tf.nn.relu(tf.matmul(h, _v("w2", (32, 16), 13)))
    return {"numeric": a, "embedding": b}, {"score": tf.sigmoid(tf.matmul(h, _v("w3", (16, 1), 14)))}

@tf1model("q2_tf1_builder_ssd_anchor_decode", "builder",
          "TF1 SavedModelBuilder [1,32,32,3]: conv box head, SSD decode vs const anchors (exp), sigmoid scores")
def b_tf1_anchor():
    a = np.random.default_rng(7).uniform(0.1, 0.9, size=(64, 4)).astype("float32")  # yc, xc, h, w
    x = _ph([1, 32, 32, 3], "image")
    f = tf.nn.relu(_cv(tf.nn.relu(_cv(x, _v("c1", (3, 3, 3, 16), 21), 2)), _v("c2", (3, 3, 16, 16), 22), 2))
    e = tf.reshape(_cv(f, _v("box", (3, 3, 16, 4), 23)), [1, 64, 4])
    yc, xc = e[..., 0] / 10.0 * a[:, 2] + a[:, 0], e[..., 1] / 10.0 * a[:, 3] + a[:, 1]
    h, w = tf.exp(e[..., 2] / 5.0) * a[:, 2], tf.exp(e[..., 3] / 5.0) * a[:, 3]
    boxes = tf.stack([yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2], axis=-1)
    s = tf.sigmoid(tf.reshape(_cv(f, _v("cls", (3, 3, 16, 3), 24)), [1, 64, 3]))
    return {"image": x}, {"boxes": boxes, "scores": s}

@tf1model("q2_tf1_simple_save_linalg_inv_det", "simple_save",
          "TF1 simple_save [1,16]: matmul to 4x4 M, S = M M^T + I; tf.linalg.inv(S) @ ones, tf.linalg.det(S)")
def b_tf1_linalg():
    x = _ph([1, 16], "x")
    mm = tf.reshape(tf.matmul(x, _v("w", (16, 16), 31)), [1, 4, 4])
    s = tf.matmul(mm, mm, transpose_b=True) + tf.eye(4)
    return {"x": x}, {"solution": tf.matmul(tf.linalg.inv(s), tf.ones([1, 4, 1])), "det": tf.linalg.det(s)}

@tf1model("q2_tf1_builder_float64_gain", "builder",
          "TF1 SavedModelBuilder [None,10]: cast to float64, * and + float64 consts, cast to float32, 2 matmuls")
def b_tf1_f64():
    x = _ph([None, 10], "sensor")
    g = tf.constant(np.linspace(0.5, 2.0, 10), tf.float64)
    y = tf.cast(tf.cast(x, tf.float64) * g + tf.constant(0.25, tf.float64), tf.float32)
    return {"sensor": x}, {"out": tf.matmul(tf.nn.relu(tf.matmul(y, _v("w1", (10, 16), 41))), _v("w2", (16, 2), 42))}


# ============================================================================ frozen GraphDefs

@tf1model("q2_tf1_frozen_unfused_bn_maxpool", "frozen",
          "TF1 frozen [None,32,32,3]: conv2d, unfused tf.nn.batch_normalization, relu, max_pool, dw, matmul")
def b_tf1_bn():
    x = _ph([None, 32, 32, 3], "input")
    y = tf.nn.batch_normalization(_cv(x, _v("c", (3, 3, 3, 16), 51)), _w((16,), 52), np.abs(_w((16,), 53)) + 1,
                                  _w((16,), 54), 1 + _w((16,), 55), 1e-3)
    y = tf.nn.depthwise_conv2d(tf.nn.max_pool2d(tf.nn.relu(y), 2, 2, "VALID"), _v("dw", (3, 3, 16, 1), 56),
                               [1, 1, 1, 1], "SAME")
    return {}, {"logits": tf.matmul(tf.reduce_mean(tf.nn.relu(y), [1, 2]), _v("fc", (16, 4), 57))}

@tf1model("q2_tf1_frozen_batch_matmul_two_inputs", "frozen",
          "TF1 frozen: query + key [1,8,16] placeholders, batch matmul q k^T / 4, softmax, @ key, matmul")
def b_tf1_bmm():
    q, k = _ph([1, 8, 16], "query"), _ph([1, 8, 16], "key")
    y = tf.reshape(tf.matmul(tf.nn.softmax(tf.matmul(q, k, transpose_b=True) / 4.0), k), [8, 16])
    return {}, {"out": tf.reshape(tf.matmul(y, _v("w", (16, 8), 61)), [1, 8, 8])}

@tf1model("q2_tf1_frozen_lrn_alexnet", "frozen",
          "TF1 frozen AlexNet-style [None,48,48,3]: (conv relu, local_response_normalization, max_pool) x2, matmul")
def b_tf1_lrn():
    y = _ph([None, 48, 48, 3], "input")
    for j, (k, s) in enumerate([((5, 5, 3, 16), 2), ((3, 3, 16, 32), 1)]):
        y = tf.nn.relu(_cv(y, _v(f"c{j}", k, 71 + j), s))
        y = tf.nn.max_pool2d(tf.nn.local_response_normalization(y, 2, 1.0, 1e-4, 0.75), 3, 2, "SAME")
    return {}, {"probs": tf.nn.softmax(tf.matmul(tf.reshape(y, [-1, 1152]), _v("fc", (1152, 10), 73)))}

@tf1model("q2_tf1_frozen_sign_abs_round_floor", "frozen",
          "TF1 frozen [None,16,16,3]: conv2d, tf.sign * mean(abs), round(x*4)/4, floor, conv2d, matmul")
def b_tf1_sign():
    y = _cv(_ph([None, 16, 16, 3], "input"), _v("c1", (3, 3, 3, 8), 81))
    y = tf.sign(y) * tf.reduce_mean(tf.abs(y), axis=[1, 2, 3], keepdims=True)
    y = tf.floor(tf.round(y * 4.0) / 4.0 + 0.5)
    y = tf.reduce_mean(tf.nn.relu(_cv(y, _v("c2", (3, 3, 8, 8), 82), 2)), [1, 2])
    return {}, {"logits": tf.matmul(y, _v("fc", (8, 3), 83))}

@tf1model("q2_tf1_frozen_uint8_image_cast", "frozen",
          "TF1 frozen uint8 placeholder [1,96,96,3]: tf.cast, (x-127.5)/127.5, conv2d relu6 x2, mean, softmax")
def b_tf1_u8():
    y = (tf.cast(_ph([1, 96, 96, 3], "image_uint8", "uint8"), tf.float32) - 127.5) / 127.5
    y = tf.nn.relu6(_cv(tf.nn.relu6(_cv(y, _v("c1", (3, 3, 3, 8), 91), 2)), _v("c2", (3, 3, 8, 16), 92), 2))
    return {}, {"probs": tf.nn.softmax(tf.matmul(tf.reduce_mean(y, [1, 2]), _v("fc", (16, 2), 93)))}

@model("q2_tf2_frozen_dwconv_hardswish", "tf2-frozen",
       "TF2 convert_variables_to_constants_v2 [1,48,48,3]: conv, x*relu6(x+3)/6, dw conv, relu6, matmul")
def b_tf2_hs(out):
    def f(m, x):
        y = _cv(x, m.k, 2)
        y = tf.nn.relu6(tf.nn.depthwise_conv2d(y * tf.nn.relu6(y + 3.0) / 6.0, m.dw, [1, 2, 2, 1], "SAME"))
        return tf.matmul(tf.reduce_mean(y, [1, 2]), m.w)
    _frozen_v2(out, f, [_spec([1, 48, 48, 3], name="image")], k=(3, 3, 3, 16), dw=(3, 3, 16, 1), w=(16, 5))

@model("q2_tf2_frozen_reduce_prod_min_any", "tf2-frozen",
       "TF2 convert_variables_to_constants_v2 [None,16]: matmul sigmoid; reduce_prod/min, bool reduce_any")
def b_tf2_reduce(out):
    def f(m, x):
        s = tf.sigmoid(tf.matmul(x, m.w))
        return {"prod": tf.reduce_prod(s, -1), "min": tf.reduce_min(s, -1), "any": tf.reduce_any(s > 0.9, -1)}
    _frozen_v2(out, f, [_spec([None, 16], name="x")], w=(16, 8))


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup))
