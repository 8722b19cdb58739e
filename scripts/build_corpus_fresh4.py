"""Build an independently made corpus into bench/out/fresh4/: miniature re-creations of well-known keras.io code
examples and TensorFlow tutorials, exported the way people export them after following the tutorial
(model.export, tf.saved_model.save, a tf.Module serving function with pre/post-processing, or a frozen
GraphDef). Random seeded weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh4.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh4.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh4.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh4.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh4.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, freeze_keras, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh4", frozen_kinds={"frozen-pb"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = ops = None

def cba(x, f, k=3, s=1, act="relu", conv=None, bias=True):
    """conv (Conv2D by default) -> BatchNormalization -> activation"""
    x = (conv or L.Conv2D)(f, k, strides=s, padding="same", use_bias=bias)(x)
    return L.Activation(act)(L.BatchNormalization()(x))

def _mha_block(x, heads, dim, ff, drop=0.1, eps=1e-6):
    a = L.MultiHeadAttention(heads, dim, dropout=drop)(x, x)
    x = L.LayerNormalization(epsilon=eps)(L.Add()([x, L.Dropout(drop)(a)]))
    f = L.Dense(x.shape[-1])(L.Dense(ff, activation="gelu")(x))
    return L.LayerNormalization(epsilon=eps)(L.Add()([x, L.Dropout(drop)(f)]))

def _head(i, x, n, act="softmax", out=None, sig=None):
    keras_export(keras.Model(i, L.Dense(n, activation=act)(x)), out, sig)

TEXTS = ["the movie was great <br /> loved it", "terrible plot and bad acting", "a fine film, not great",
         "worst movie ever <br />", "brilliant and moving story", "boring, too long"]

# ================================================================================ text / NLP

@model("k_text_cls_scratch_textvec", "keras-export", "string [None,1] -> TextVectorization (custom standardize with lower + regex_replace, int, len 32) -> Embedding, Dropout, Conv1D (stride 3), Conv1D, GlobalMaxPooling1D, Dense, sigmoid")
def b_textcls(out):
    def standardize(s):
        return tf.strings.regex_replace(tf.strings.regex_replace(tf.strings.lower(s), "<br />", " "), "[^a-z ]", "")
    tv = L.TextVectorization(max_tokens=200, standardize=standardize, output_mode="int", output_sequence_length=32)
    tv.adapt(TEXTS)
    i = keras.Input((1,), dtype="string")
    x = L.Conv1D(16, 7, strides=3, activation="relu")(L.Dropout(0.5)(L.Embedding(200, 16)(tv(i))))
    x = L.GlobalMaxPooling1D()(L.Conv1D(16, 3, activation="relu")(x))
    _head(i, L.Dropout(0.5)(L.Dense(16, activation="relu")(x)), 1, "sigmoid", out)

@model("k_bilstm_imdb", "keras-export", "int32 token ids [None,None] -> Embedding, Bidirectional LSTM(return_sequences), Bidirectional LSTM, Dense sigmoid")
def b_bilstm(out):
    i = keras.Input((None,), dtype="int32")
    x = L.Bidirectional(L.LSTM(16, return_sequences=True))(L.Embedding(500, 16)(i))
    _head(i, L.Bidirectional(L.LSTM(16))(x), 1, "sigmoid", out)

@model("k_transformer_text_cls", "keras-export", "int32 [None,40]: TokenAndPositionEmbedding layer (ops.arange positions), MHA transformer block, GlobalAveragePooling1D, Dropout, Dense softmax")
def b_txf(out):
    class TokenAndPositionEmbedding(L.Layer):
        def __init__(self, maxlen, vocab, dim):
            super().__init__()
            self.tok, self.pos = L.Embedding(vocab, dim), L.Embedding(maxlen, dim)
        def call(self, x):
            return self.tok(x) + self.pos(ops.arange(0, ops.shape(x)[-1], 1))
    i = keras.Input((40,), dtype="int32")
    x = L.GlobalAveragePooling1D()(_mha_block(TokenAndPositionEmbedding(40, 300, 32)(i), 2, 16, 32))
    _head(i, L.Dropout(0.1)(L.Dense(16, activation="relu")(x)), 2, "softmax", out)

@model("k_bert_mini_mlm_topk_serving", "tf-module", "tf.Module: int64 ids [None,32] -> BERT-mini (token Embedding + fixed sinusoid position Embedding, 2 MHA layers, MLM softmax head over 400); tf.where on [MASK] positions, gather_nd, top_k(5)")
def b_bert(out):
    i = keras.Input((32,), dtype="int64")
    pos = np.array([[p / np.power(10000, 2 * (j // 2) / 32) for j in range(32)] for p in range(32)], "float32")
    pos[:, 0::2], pos[:, 1::2] = np.sin(pos[:, 0::2]), np.cos(pos[:, 1::2])
    x = L.Embedding(400, 32)(i) + L.Embedding(32, 32, weights=[pos], trainable=False)(ops.arange(0, 32))
    for _ in range(2):
        x = _mha_block(x, 2, 16, 64)
    mlm = keras.Model(i, L.Dense(400, activation="softmax", name="mlm_cls")(x))
    @tf.function(input_signature=[tensor_spec([None, 32], "int64", "token_ids")])
    def serve(ids):
        where = tf.where(tf.equal(ids, 3))  # [MASK] id
        vals, idx = tf.math.top_k(tf.gather_nd(mlm(ids, training=False), where), k=5)
        return {"mask_positions": where, "top_ids": idx, "top_probs": vals}
    serve_module(out, {"mlm": mlm}, serving_default=serve)

@model("k_seq2seq_lstm_translation", "tf-module", "char seq2seq LSTM on one-hot float; signatures: encode [None,None,30] -> h,c and decode_step [None,1,28] + h,c -> softmax probs, h, c")
def b_seq2seq(out):
    ei = keras.Input((None, 30))
    encoder = keras.Model(ei, L.LSTM(32, return_state=True)(ei)[1:])
    di, hi, ci = keras.Input((None, 28)), keras.Input((32,)), keras.Input((32,))
    y, h2, c2 = L.LSTM(32, return_sequences=True, return_state=True)(di, initial_state=[hi, ci])
    decoder = keras.Model([di, hi, ci], [L.Dense(28, activation="softmax")(y), h2, c2])
    @tf.function(input_signature=[tensor_spec([None, None, 30], name="encoder_onehot")])
    def encode(x):
        return dict(zip("hc", encoder(x)))
    @tf.function(input_signature=[tensor_spec([None, 1, 28], name="target_onehot"), tensor_spec([None, 32], name="h"),
                                  tensor_spec([None, 32], name="c")])
    def decode_step(t, h, c):
        return dict(zip(("probs", "h", "c"), decoder([t, h, c])))
    serve_module(out, {"enc": encoder, "dec": decoder}, encode=encode, decode_step=decode_step)

# ================================================================================ vision

@model("k_image_cls_scratch_aug", "keras-export", "[None,64,64,3] RandomFlip + RandomRotation kept in model, Rescaling, Conv2D/BN/ReLU, SeparableConv2D residual blocks with strided 1x1 shortcut and MaxPool, GAP, Dropout, Dense(1)")
def b_imgscratch(out):
    i = keras.Input((64, 64, 3))
    x = L.RandomRotation(0.1)(L.RandomFlip("horizontal")(i))
    prev = x = cba(L.Rescaling(1 / 255)(x), 16, s=2)
    for f in (32, 64):
        x = cba(cba(x, f, conv=L.SeparableConv2D), f, conv=L.SeparableConv2D)
        prev = x = L.add([L.MaxPooling2D(3, strides=2, padding="same")(x), L.Conv2D(f, 1, strides=2, padding="same")(prev)])
    _head(i, L.Dropout(0.25)(L.GlobalAveragePooling2D()(cba(x, 96, conv=L.SeparableConv2D))), 1, None, out)

@model("k_xception_mini", "saved-model", "[None,71,71,3] Xception-mini: entry Conv2D/BN, 2 SeparableConv2D+BN downsampling blocks with strided 1x1 residual, 2 middle-flow residual blocks, GAP, softmax; tf.saved_model.save")
def b_xcep(out):
    i = keras.Input((71, 71, 3))
    x = cba(i, 16, s=2, bias=False)
    for f in (32, 48):
        r = L.BatchNormalization()(L.Conv2D(f, 1, strides=2, padding="same", use_bias=False)(x))
        for _ in range(2):
            x = L.BatchNormalization()(L.SeparableConv2D(f, 3, padding="same", use_bias=False)(L.ReLU()(x)))
        x = L.add([L.MaxPooling2D(3, strides=2, padding="same")(x), r])
    for _ in range(2):
        r = x
        for _ in range(3):
            x = L.BatchNormalization()(L.SeparableConv2D(48, 3, padding="same", use_bias=False)(L.ReLU()(x)))
        x = L.add([x, r])
    tf.saved_model.save(keras.Model(i, L.Dense(5, activation="softmax")(L.GlobalAveragePooling2D()(x))), str(out))

@model("k_unet_oxford_pets", "keras-export", "[None,64,64,3] Xception-style U-Net: SeparableConv2D + MaxPool downsampling, Conv2DTranspose + UpSampling2D upsampling, residual adds, per-pixel softmax(3)")
def b_unet(out):
    i = keras.Input((64, 64, 3))
    prev = x = cba(i, 16, s=2)
    for f in (32, 64):
        x = L.MaxPooling2D(3, strides=2, padding="same")(cba(x, f, conv=L.SeparableConv2D))
        prev = x = L.add([x, L.Conv2D(f, 1, strides=2, padding="same")(prev)])
    for f in (64, 32, 16):
        x = L.UpSampling2D(2)(cba(x, f, conv=L.Conv2DTranspose))
        prev = x = L.add([x, L.Conv2D(f, 1, padding="same")(L.UpSampling2D(2)(prev))])
    keras_export(keras.Model(i, L.Conv2D(3, 3, activation="softmax", padding="same")(x)), out)

@model("k_vit_extract_patches", "keras-export", "[None,32,32,3] ViT-mini: Normalization/Resizing/RandomFlip in model, Patches layer with tf.image.extract_patches + reshape, PatchEncoder (Dense + position Embedding), 2 MHA blocks, Flatten, gelu MLP, Dense")
def b_vit(out):
    class Patches(L.Layer):
        def call(self, x):
            p = tf.image.extract_patches(x, [1, 8, 8, 1], [1, 8, 8, 1], [1, 1, 1, 1], "VALID")
            return tf.reshape(p, [tf.shape(x)[0], -1, 8 * 8 * 3])
    class PatchEncoder(L.Layer):
        def __init__(self, n, d):
            super().__init__()
            self.n, self.proj, self.pos = n, L.Dense(d), L.Embedding(n, d)
        def call(self, p):
            return self.proj(p) + self.pos(ops.expand_dims(ops.arange(0, self.n, 1), 0))
    i = keras.Input((32, 32, 3))
    x = L.Normalization(mean=[0.5, 0.5, 0.5], variance=[0.25, 0.25, 0.25])(i)
    x = PatchEncoder(16, 32)(Patches()(L.RandomFlip("horizontal")(L.Resizing(32, 32)(x))))
    for _ in range(2):
        x = _mha_block(x, 2, 16, 64)
    x = L.Dropout(0.5)(L.Flatten()(L.LayerNormalization(epsilon=1e-6)(x)))
    _head(i, L.Dense(32, activation="gelu")(x), 10, None, out)

@model("k_swin_window_attention", "keras-export", "[None,32,32,3] Swin-mini: Conv2D patch embed, window partition reshape/transpose, relative-position-bias table gather, tf.roll shifted windows + additive attention mask, window reverse, patch merging (strided slices + concat), GAP1D, Dense")
def b_swin(out):
    H, C, ws, nh, sh, n = 16, 32, 4, 2, 2, 16  # grid, dim, window, heads, shift, tokens per window
    co = np.stack(np.meshgrid(np.arange(ws), np.arange(ws), indexing="ij")).reshape(2, -1)
    rel = (co[:, :, None] - co[:, None, :]).transpose(1, 2, 0) + ws - 1
    rel_index = (rel[..., 0] * (2 * ws - 1) + rel[..., 1]).reshape(-1)
    img, cuts = np.zeros((H, H)), (slice(0, -ws), slice(-ws, -sh), slice(-sh, None))
    for k, (a, b) in enumerate((a, b) for a in cuts for b in cuts):
        img[a, b] = k
    mw = img.reshape(H // ws, ws, H // ws, ws).transpose(0, 2, 1, 3).reshape(-1, n)
    mask = np.where(mw[:, None, :] != mw[:, :, None], -100.0, 0.0).astype("float32")[None, :, None]
    def windows(y, B):
        y = tf.transpose(tf.reshape(y, [B, H // ws, ws, H // ws, ws, C]), [0, 1, 3, 2, 4, 5])
        return tf.reshape(y, [-1, n, C])
    class SwinBlock(L.Layer):
        def __init__(self, shift):
            super().__init__()
            self.shift, self.qkv, self.proj, self.m1, self.m2 = shift, L.Dense(3 * C), L.Dense(C), L.Dense(2 * C, activation="gelu"), L.Dense(C)
            self.n1, self.n2 = L.LayerNormalization(epsilon=1e-5), L.LayerNormalization(epsilon=1e-5)
        def build(self, s):
            self.table = self.add_weight(shape=((2 * ws - 1) ** 2, nh), initializer="random_normal")
        def call(self, x):
            B = tf.shape(x)[0]
            y = tf.reshape(self.n1(x), [B, H, H, C])
            y = windows(tf.roll(y, [-sh, -sh], [1, 2]) if self.shift else y, B)
            q, k, v = tf.unstack(tf.transpose(tf.reshape(self.qkv(y), [-1, n, 3, nh, C // nh]), [2, 0, 3, 1, 4]))
            att = tf.matmul(q * (C // nh) ** -0.5, k, transpose_b=True)
            att += tf.transpose(tf.reshape(tf.gather(self.table, rel_index), [n, n, nh]), [2, 0, 1])[None]
            if self.shift:
                att = tf.reshape(tf.reshape(att, [-1, (H // ws) ** 2, nh, n, n]) + mask, [-1, nh, n, n])
            y = self.proj(tf.reshape(tf.transpose(tf.matmul(tf.nn.softmax(att), v), [0, 2, 1, 3]), [-1, n, C]))
            y = tf.reshape(tf.transpose(tf.reshape(y, [B, H // ws, H // ws, ws, ws, C]), [0, 1, 3, 2, 4, 5]), [B, H, H, C])
            x = x + tf.reshape(tf.roll(y, [sh, sh], [1, 2]) if self.shift else y, [B, H * H, C])
            return x + self.m2(self.m1(self.n2(x)))
    class PatchMerge(L.Layer):
        def call(self, x):
            x = tf.reshape(x, [-1, H, H, C])
            x = tf.concat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
            return tf.reshape(x, [-1, (H // 2) ** 2, 4 * C])
    i = keras.Input((32, 32, 3))
    x = SwinBlock(True)(SwinBlock(False)(L.Reshape((H * H, C))(L.Conv2D(C, 2, strides=2)(i))))
    _head(i, L.GlobalAveragePooling1D()(L.Dense(2 * C, use_bias=False)(PatchMerge()(x))), 10, None, out)

@model("k_mobilevit_mini", "keras-export", "[None,64,64,3] MobileViT-mini: Rescaling, conv stem swish, MV2 inverted residuals (expand, depthwise, project), MobileViT block (local convs, Reshape unfold to patches, 2 transformer layers, Reshape fold, Concatenate, 3x3 fuse), GAP, softmax")
def b_mobilevit(out):
    def mv2(x, f, s):
        y = cba(cba(x, x.shape[-1] * 2, 1, act="swish", bias=False), None, s=s, act="swish",
                conv=lambda _f, k, **kw: L.DepthwiseConv2D(k, **kw))
        y = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(y))
        return L.Add()([y, x]) if s == 1 and x.shape[-1] == f else y
    i = keras.Input((64, 64, 3))
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="swish")(L.Rescaling(1 / 255)(i))
    x = mv2(mv2(mv2(x, 16, 1), 24, 2), 32, 2)  # 8x8x32
    p = L.Reshape((4, 16, 32))(L.Conv2D(32, 1, activation="swish")(L.Conv2D(32, 3, padding="same", activation="swish")(x)))
    for _ in range(2):
        y = L.LayerNormalization(epsilon=1e-6)(p)
        p = L.Add()([L.MultiHeadAttention(2, 16, dropout=0.1)(y, y), p])
        p = L.Add()([L.Dense(32)(L.Dense(64, activation="swish")(L.LayerNormalization(epsilon=1e-6)(p))), p])
    f = L.Conv2D(32, 1, activation="swish")(L.Reshape((8, 8, 32))(p))
    x = L.Conv2D(32, 3, padding="same", activation="swish")(L.Concatenate(-1)([x, f]))
    _head(i, L.GlobalAveragePooling2D()(x), 5, "softmax", out)

@model("k_convmixer_uint8", "keras-export", "uint8 [None,32,32,3] -> Rescaling, Conv2D patch stride 2 + gelu + BN, 3 ConvMixer blocks (DepthwiseConv2D 5x5 residual Add, 1x1 Conv2D), GAP, softmax")
def b_convmixer(out):
    def act_bn(x):
        return L.BatchNormalization()(L.Activation("gelu")(x))
    i = keras.Input((32, 32, 3), dtype="uint8")
    x = act_bn(L.Conv2D(32, 2, strides=2)(L.Rescaling(1 / 255)(i)))
    for _ in range(3):
        x = act_bn(L.Conv2D(32, 1)(L.Add()([act_bn(L.DepthwiseConv2D(5, padding="same")(x)), x])))
    _head(i, L.GlobalAveragePooling2D()(x), 10, "softmax", out)

@model("k_efficientnetv2_mini_se_stochdepth", "keras-export", "[None,64,64,3] EfficientNetV2-mini: Fused-MBConv and MBConv (depthwise, squeeze-excite GAP/Reshape/Conv/Multiply), Dropout(noise_shape=(None,1,1,1)) stochastic depth before residual Add, swish, GAP, Dropout, softmax")
def b_effv2(out):
    def block(x, f, s, fused):
        if fused:
            y = cba(x, f * 4, 3, s, "swish", bias=False)
        else:
            y = cba(cba(x, f * 4, 1, act="swish", bias=False), None, s=s, act="swish", bias=False,
                    conv=lambda _f, k, **kw: L.DepthwiseConv2D(k, **kw))
            se = L.Reshape((1, 1, f * 4))(L.GlobalAveragePooling2D()(y))
            y = L.Multiply()([y, L.Conv2D(f * 4, 1, activation="sigmoid")(L.Conv2D(f // 4, 1, activation="swish")(se))])
        y = L.BatchNormalization()(L.Conv2D(f, 1, use_bias=False)(y))
        return L.Add()([L.Dropout(0.2, noise_shape=(None, 1, 1, 1))(y), x]) if s == 1 and x.shape[-1] == f else y
    i = keras.Input((64, 64, 3))
    x = block(block(cba(i, 16, s=2, act="swish", bias=False), 16, 1, True), 24, 2, True)
    x = cba(block(block(x, 32, 2, False), 32, 1, False), 96, 1, act="swish", bias=False)
    _head(i, L.Dropout(0.2)(L.GlobalAveragePooling2D()(x)), 10, "softmax", out)

@model("k_mixup_cutmix_randaugment_in_model", "keras-export", "[None,32,32,3] keras.layers RandAugment, RandomFlip, CutMix and MixUp kept inside the exported model, then Rescaling, 2 strided Conv2D, GAP, softmax")
def b_mixup(out):
    i = keras.Input((32, 32, 3))
    x = L.MixUp()(L.CutMix()(L.RandomFlip("horizontal")(L.RandAugment(value_range=(0, 255), num_ops=2)(i))))
    x = L.Conv2D(32, 3, strides=2, activation="relu")(L.Rescaling(1 / 255)(x))
    _head(i, L.GlobalAveragePooling2D()(L.Conv2D(32, 3, strides=2, activation="relu")(x)), 10, "softmax", out)

@model("k_image_cls_jpeg_bytes_serving", "tf-module", "tf.Module: string JPEG bytes [None] -> tf.map_fn(decode_jpeg + resize 64x64), Rescaling/Conv2D/MaxPool/GAP classifier, argmax, tf.gather of class-name strings")
def b_jpeg(out):
    i = keras.Input((64, 64, 3))
    x = L.MaxPooling2D()(L.Conv2D(16, 3, activation="relu")(L.Rescaling(1 / 255)(i)))
    m = keras.Model(i, L.Dense(3, activation="softmax")(L.GlobalAveragePooling2D()(L.Conv2D(32, 3, activation="relu")(x))))
    names = tf.constant(["cat", "dog", "bird"])
    @tf.function(input_signature=[tensor_spec([None], "string", "image_bytes")])
    def serve(b):
        img = tf.map_fn(lambda s: tf.image.resize(tf.io.decode_jpeg(s, channels=3), [64, 64]), b, fn_output_signature=tf.float32)
        p = m(img, training=False)
        return {"probs": p, "class_id": tf.argmax(p, -1), "label": tf.gather(names, tf.argmax(p, -1))}
    serve_module(out, {"model": m}, serving_default=serve)

@model("k_ocr_captcha_ctc_decode_serving", "tf-module", "tf.Module: [None,64,16,1] image -> Conv2D/MaxPool, Reshape, Dense, 2x Bidirectional LSTM, softmax; keras.ops.ctc_decode greedy, StringLookup(invert) + tf.strings.reduce_join to text")
def b_ocr(out):
    chars = list("abcdefg2345")
    num_to_char = L.StringLookup(vocabulary=chars, mask_token=None, invert=True)
    i = keras.Input((64, 16, 1))
    x = L.MaxPooling2D()(L.Conv2D(16, 3, activation="relu", padding="same")(i))
    x = L.MaxPooling2D()(L.Conv2D(32, 3, activation="relu", padding="same")(x))
    x = L.Dropout(0.2)(L.Dense(32, activation="relu")(L.Reshape((16, 4 * 32))(x)))
    x = L.Bidirectional(L.LSTM(16, return_sequences=True))(L.Bidirectional(L.LSTM(32, return_sequences=True))(x))
    m = keras.Model(i, L.Dense(len(chars) + 2, activation="softmax")(x))
    @tf.function(input_signature=[tensor_spec([None, 64, 16, 1], name="image")])
    def serve(img):
        pred = m(img, training=False)
        dec = ops.ctc_decode(pred, tf.fill([tf.shape(pred)[0]], tf.shape(pred)[1]), strategy="greedy")[0][0][:, :5]
        return {"text": tf.strings.reduce_join(num_to_char(tf.cast(dec, tf.int64) + 1), axis=-1), "labels": dec}
    serve_module(out, {"model": m, "lookup": num_to_char}, serving_default=serve)

@model("k_siamese_contrastive", "keras-export", "two [None,28,28,1] inputs, shared tower (BN, Conv2D tanh, AvgPool, Flatten, BN, Dense tanh), euclidean-distance Lambda sqrt(max(sum sq, eps)), BN, Dense sigmoid")
def b_siamese(out):
    ti = keras.Input((28, 28, 1))
    x = L.AveragePooling2D(2)(L.Conv2D(4, 5, activation="tanh")(L.BatchNormalization()(ti)))
    x = L.Flatten()(L.AveragePooling2D(2)(L.Conv2D(16, 5, activation="tanh")(x)))
    tower = keras.Model(ti, L.Dense(10, activation="tanh")(L.BatchNormalization()(x)))
    a, b = keras.Input((28, 28, 1)), keras.Input((28, 28, 1))
    d = L.Lambda(lambda v: ops.sqrt(ops.maximum(ops.sum(ops.square(v[0] - v[1]), axis=1, keepdims=True), 1e-7)))
    _head([a, b], L.BatchNormalization()(d([tower(a), tower(b)])), 1, "sigmoid", out)

@model("k_distiller_student_export", "keras-export", "subclassed Distiller(keras.Model) holding teacher and student CNNs; call() runs only the student (Conv2D, LeakyReLU, MaxPool, Conv2D, Flatten, Dense logits) on [None,28,28,1]")
def b_distill(out):
    def cnn(f):
        return keras.Sequential([keras.Input((28, 28, 1)), L.Conv2D(f, 3, strides=2, padding="same"), L.LeakyReLU(0.2),
                                 L.MaxPooling2D(2, strides=1, padding="same"), L.Conv2D(f * 2, 3, strides=2, padding="same"),
                                 L.Flatten(), L.Dense(10)])
    class Distiller(keras.Model):
        def __init__(self, student, teacher):
            super().__init__()
            self.student, self.teacher = student, teacher
        def call(self, x):
            return self.student(x)
    d = Distiller(cnn(8), cnn(32))
    d(np.zeros((1, 28, 28, 1), "float32"))
    keras_export(d, out, sig=[tensor_spec([None, 28, 28, 1])])

@model("k_denoising_autoencoder", "saved-model", "[None,28,28,1] conv autoencoder: Conv2D + MaxPool x2, Conv2DTranspose stride 2 x2, sigmoid Conv2D; tf.saved_model.save")
def b_dae(out):
    i = x = keras.Input((28, 28, 1))
    for _ in range(2):
        x = L.MaxPooling2D(2, padding="same")(L.Conv2D(16, 3, activation="relu", padding="same")(x))
    for _ in range(2):
        x = L.Conv2DTranspose(16, 3, strides=2, activation="relu", padding="same")(x)
    tf.saved_model.save(keras.Model(i, L.Conv2D(1, 3, activation="sigmoid", padding="same")(x)), str(out))

@model("k_mnist_convnet_frozen", "frozen-pb", "simple MNIST convnet [1,28,28,1] (Conv2D + MaxPool x2, Flatten, Dropout, softmax) frozen with convert_variables_to_constants_v2")
def b_mnist(out):
    i = keras.Input((28, 28, 1))
    x = L.MaxPooling2D()(L.Conv2D(32, 3, activation="relu")(L.MaxPooling2D()(L.Conv2D(16, 3, activation="relu")(i))))
    freeze_keras(keras.Model(i, L.Dense(10, activation="softmax")(L.Dropout(0.5)(L.Flatten()(x)))), tensor_spec([1, 28, 28, 1], name="input"), out)

@model("k_espcn_super_resolution", "keras-export", "[1,None,None,1] dynamic-size Y channel -> 4 Conv2D (Orthogonal init, relu), tf.nn.depth_to_space(3) in a Lambda layer")
def b_espcn(out):
    i = x = keras.Input((None, None, 1), batch_size=1)
    for f, k in ((32, 5), (32, 3), (16, 3), (9, 3)):
        x = L.Conv2D(f, k, activation="relu", kernel_initializer="Orthogonal", padding="same")(x)
    keras_export(keras.Model(i, L.Lambda(lambda t: tf.nn.depth_to_space(t, 3))(x)), out, sig=[tensor_spec([1, None, None, 1])])

@model("k_style_transfer_gram_serving", "tf-module", "tf.Module [1,64,64,3]: VGG preprocess (tf.reverse RGB->BGR, mean subtract), VGG-mini Conv2D/MaxPool feature dict, einsum gram matrices per style layer, style loss vs stored target grams, content features")
def b_style(out):
    x, feats = keras.Input((64, 64, 3)), {}
    i = x
    for b, f in enumerate((8, 16, 32)):
        x = feats[f"block{b + 1}_conv1"] = L.Conv2D(f, 3, padding="same", activation="relu")(x)
        x = L.MaxPooling2D()(L.Conv2D(f, 3, padding="same", activation="relu")(x))
    vgg = keras.Model(i, feats)
    targets = {k: tf.constant(np.random.default_rng(1).random((1, v.shape[-1], v.shape[-1])), tf.float32) for k, v in feats.items()}
    def gram(t):
        return tf.linalg.einsum("bijc,bijd->bcd", t, t) / tf.cast(tf.shape(t)[1] * tf.shape(t)[2], tf.float32)
    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def serve(img):
        f = vgg(tf.reverse(img, axis=[-1]) - tf.constant([103.939, 116.779, 123.68]), training=False)
        grams = {k: gram(v) for k, v in f.items()}
        style = tf.add_n([tf.reduce_mean(tf.square(grams[k] - targets[k])) for k in grams])
        return {"style_loss": style, "content": f["block3_conv1"], **{"gram_" + k: v for k, v in grams.items()}}
    serve_module(out, {"vgg": vgg}, serving_default=serve)

# ================================================================================ generative

@model("k_vae_sampling_tf_random_normal", "keras-export", "[None,28,28,1] VAE encoder (strided Conv2D, Dense) -> z_mean/z_log_var -> Sampling layer (unseeded tf.random.normal(tf.shape(z_mean))) -> Dense/Reshape/Conv2DTranspose decoder, exported as one model")
def b_vae(out):
    class Sampling(L.Layer):
        def call(self, inputs):
            return inputs[0] + tf.exp(0.5 * inputs[1]) * tf.random.normal(tf.shape(inputs[0]))
    i = keras.Input((28, 28, 1))
    x = L.Conv2D(32, 3, activation="relu", strides=2, padding="same")(L.Conv2D(16, 3, activation="relu", strides=2, padding="same")(i))
    x = L.Dense(16, activation="relu")(L.Flatten()(x))
    y = L.Reshape((7, 7, 32))(L.Dense(7 * 7 * 32, activation="relu")(Sampling()([L.Dense(2)(x), L.Dense(2)(x)])))
    for _ in range(2):
        y = L.Conv2DTranspose(16, 3, activation="relu", strides=2, padding="same")(y)
    keras_export(keras.Model(i, L.Conv2DTranspose(1, 3, activation="sigmoid", padding="same")(y)), out)

@model("k_wgan_gp_generator_frozen", "frozen-pb", "WGAN-GP generator, [1,32] latent: Dense no-bias, BN, LeakyReLU, Reshape, 3x UpSampling2D + Conv2D (BN + LeakyReLU after the first two), tanh, Cropping2D to 28x28; frozen with convert_variables_to_constants_v2")
def b_wgan(out):
    i = keras.Input((32,))
    x = L.Reshape((4, 4, 64))(L.LeakyReLU(0.2)(L.BatchNormalization()(L.Dense(4 * 4 * 64, use_bias=False)(i))))
    for f in (32, 16):
        x = L.LeakyReLU(0.2)(L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(L.UpSampling2D()(x))))
    x = L.Activation("tanh")(L.Conv2D(1, 3, padding="same")(L.UpSampling2D()(x)))
    freeze_keras(keras.Model(i, L.Cropping2D((2, 2))(x)), tensor_spec([1, 32], name="noise"), out)

@model("k_nerf_posenc_volume_render", "tf-module", "tf.Module: rays_o/rays_d [None,3] -> linspace depth samples, sin/cos positional encoding (L=4), 4-layer Dense MLP with skip Concatenate, volume rendering (sigmoid/relu, exp, exclusive cumprod, reduce_sum) -> rgb, depth")
def b_nerf(out):
    i = x = keras.Input((None, 3 + 3 * 2 * 4))
    for k in range(4):
        x = L.Dense(32, activation="relu")(x)
        x = L.Concatenate(-1)([x, i]) if k == 2 else x
    mlp, t = keras.Model(i, L.Dense(4)(x)), tf.linspace(2.0, 6.0, 16)
    @tf.function(input_signature=[tensor_spec([None, 3], name="rays_o"), tensor_spec([None, 3], name="rays_d")])
    def render(o, d):
        p = o[:, None, :] + d[:, None, :] * t[None, :, None]
        raw = mlp(tf.concat([p] + [f(2.0 ** j * p) for j in range(4) for f in (tf.sin, tf.cos)], -1), training=False)
        alpha = 1.0 - tf.exp(-tf.nn.relu(raw[..., 3]) * tf.concat([t[1:] - t[:-1], [1e10]], 0)[None, :])
        w = alpha * tf.math.cumprod(1.0 - alpha + 1e-10, axis=-1, exclusive=True)
        return {"rgb": tf.reduce_sum(w[..., None] * tf.sigmoid(raw[..., :3]), 1), "depth": tf.reduce_sum(w * t[None, :], -1)}
    serve_module(out, {"mlp": mlp}, serving_default=render)

# ================================================================================ audio / time series

@model("k_speaker_recognition_fft_serving", "tf-module", "tf.Module: raw audio [None,1600,1] -> tf.complex, tf.signal.fft, abs of first half; 2 residual Conv1D blocks with MaxPool1D, AveragePooling1D, Flatten, Dense, softmax")
def b_speaker(out):
    i = x = keras.Input((800, 1))
    for f in (8, 16):
        y = L.Conv1D(f, 3, padding="same")(L.Activation("relu")(L.Conv1D(f, 3, padding="same")(x)))
        x = L.MaxPool1D(2, strides=2)(L.Activation("relu")(L.Add()([y, L.Conv1D(f, 1, padding="same")(x)])))
    x = L.Dense(32, activation="relu")(L.Flatten()(L.AveragePooling1D(3, strides=3)(x)))
    m = keras.Model(i, L.Dense(5, activation="softmax")(x))
    @tf.function(input_signature=[tensor_spec([None, 1600, 1], name="audio")])
    def serve(audio):
        a = tf.squeeze(audio, -1)
        fft = tf.expand_dims(tf.signal.fft(tf.complex(real=a, imag=tf.zeros_like(a))), -1)
        return {"probs": m(tf.math.abs(fft[:, :800, :]), training=False)}
    serve_module(out, {"model": m}, serving_default=serve)

@model("k_speech_ctc_asr_stft_dynamic", "keras-export", "raw audio float [None,None] dynamic length -> custom layer tf.signal.stft, abs, pow 0.5, per-utterance moments normalization; 2 Conv2D + BN + ReLU, Reshape, Bidirectional GRU, Dense softmax per frame")
def b_asr(out):
    class Spectrogram(L.Layer):
        def call(self, a):
            s = tf.math.pow(tf.abs(tf.signal.stft(a, frame_length=64, frame_step=32, fft_length=64)), 0.5)
            m, v = tf.nn.moments(s, axes=[1], keepdims=True)
            return (s - m) / (tf.sqrt(v) + 1e-10)
    i = keras.Input((None,))
    x = cba(L.Reshape((-1, 33, 1))(Spectrogram()(i)), 8, (11, 41), (2, 2), bias=False)
    x = L.Reshape((-1, 9 * 8))(cba(x, 8, (11, 21), (1, 2), bias=False))
    x = L.Bidirectional(L.GRU(16, return_sequences=True, reset_after=True))(x)
    _head(i, L.Dense(32, activation="relu")(x), 30, "softmax", out)

@model("k_simple_audio_export_module", "tf-module", "TF 'simple audio' ExportModel: waveform [None,4000] or wav-path string -> tf.io.read_file + tf.audio.decode_wav, stft magnitude, Resizing(32,32), Normalization, Conv2D x2, MaxPool, Dropout, Dense; argmax + label names")
def b_simple_audio(out):
    i = keras.Input((122, 65, 1))
    x = L.Conv2D(16, 3, activation="relu")(L.Normalization(mean=0.5, variance=0.1)(L.Resizing(32, 32)(i)))
    x = L.Dropout(0.25)(L.MaxPooling2D()(L.Conv2D(32, 3, activation="relu")(x)))
    m = keras.Model(i, L.Dense(4)(L.Dropout(0.5)(L.Dense(32, activation="relu")(L.Flatten()(x)))))
    names = tf.constant(["down", "go", "left", "no"])
    def run(w):
        logits = m(tf.expand_dims(tf.abs(tf.signal.stft(w, frame_length=128, frame_step=32)), -1), training=False)
        return {"predictions": logits, "class_ids": tf.argmax(logits, -1), "class_names": tf.gather(names, tf.argmax(logits, -1))}
    @tf.function(input_signature=[tensor_spec([None, 4000], name="waveform")])
    def from_wave(w):
        return run(w)
    @tf.function(input_signature=[tensor_spec([], "string", name="wav_path")])
    def from_file(p):
        w, _ = tf.audio.decode_wav(tf.io.read_file(p), desired_channels=1, desired_samples=4000)
        return run(tf.squeeze(w, -1)[None, :])
    serve_module(out, {"model": m}, serving_default=from_wave, from_file=from_file)

@model("k_timeseries_forecast_lstm", "keras-export", "weather forecasting: [None,24,7] windows -> LSTM(32), Dense(1)")
def b_forecast(out):
    i = keras.Input((24, 7))
    _head(i, L.LSTM(32)(i), 1, None, out)

@model("k_timeseries_cls_conv1d", "saved-model", "FordA-style [None,128,1]: 3x (Conv1D, BN, ReLU), GlobalAveragePooling1D, Dense softmax; tf.saved_model.save")
def b_tscls(out):
    i = x = keras.Input((128, 1))
    for _ in range(3):
        x = L.ReLU()(L.BatchNormalization()(L.Conv1D(16, 3, padding="same")(x)))
    tf.saved_model.save(keras.Model(i, L.Dense(2, activation="softmax")(L.GlobalAveragePooling1D()(x))), str(out))

# ================================================================================ structured / recsys / graph / 3D

@model("k_structured_featurespace", "keras-export", "keras.utils.FeatureSpace inference model, dict of [None,1] inputs: string_categorical x2, integer_categorical (int32), float_discretized, float_normalized, crossed feature, concat -> Dense, Dropout, sigmoid")
def b_fspace(out):
    FS, rng = keras.utils.FeatureSpace, np.random.default_rng(0)
    data = {"sex": rng.choice(["m", "f"], 64), "thal": rng.choice(["normal", "fixed", "reversible"], 64),
            "ca": rng.integers(0, 4, 64), "age": rng.normal(50, 9, 64).astype("float32"), "chol": rng.normal(240, 40, 64).astype("float32")}
    fs = FS(features={"sex": FS.string_categorical(num_oov_indices=1), "thal": FS.string_categorical(),
                      "ca": FS.integer_categorical(num_oov_indices=1), "age": FS.float_discretized(num_bins=5), "chol": FS.float_normalized()},
            crosses=[FS.cross(feature_names=("sex", "ca"), crossing_dim=16)], output_mode="concat")
    fs.adapt(tf.data.Dataset.from_tensor_slices(data).batch(16))
    enc = fs.get_encoded_features()
    _head(fs.get_inputs(), L.Dropout(0.5)(L.Dense(16, activation="relu")(enc)), 1, "sigmoid", out)

@model("k_structured_manual_lookups", "keras-export", "per-feature [None,1] inputs: StringLookup(one_hot) on string, IntegerLookup(one_hot) on int64, Normalization, Discretization + CategoryEncoding(one_hot), Concatenate, Dense, Dropout, sigmoid")
def b_manual(out):
    si, ii, fi, bi = (keras.Input((1,), dtype=d, name=n) for d, n in (("string", "thal"), ("int64", "cp"), ("float32", "chol"), ("float32", "age")))
    x = L.Concatenate()([L.StringLookup(vocabulary=["normal", "fixed", "reversible"], output_mode="one_hot")(si),
                         L.IntegerLookup(vocabulary=[0, 1, 2, 3], output_mode="one_hot")(ii), L.Normalization(mean=240.0, variance=1600.0)(fi),
                         L.CategoryEncoding(num_tokens=5, output_mode="one_hot")(L.Discretization(bin_boundaries=[30, 40, 50, 60])(bi))])
    _head([si, ii, fi, bi], L.Dropout(0.3)(L.Dense(16, activation="relu")(x)), 1, "sigmoid", out)

@model("k_wide_and_deep", "keras-export", "dict of [None] inputs: int32 categorical ids + float32 numeric; wide = IntegerLookup one_hot + BN numerics -> Dense, deep = IntegerLookup + Embedding + Dense x2; Concatenate, softmax")
def b_wide(out):
    cats = {n: keras.Input((), dtype="int32", name=n) for n in ("soil", "area")}
    nums = {n: keras.Input((), dtype="float32", name=n) for n in ("elev", "slope")}
    num = L.BatchNormalization()(L.Concatenate()([L.Reshape((1,))(v) for v in nums.values()]))
    wide = L.Dense(8)(L.Concatenate()([L.IntegerLookup(vocabulary=list(range(10)), output_mode="one_hot")(v) for v in cats.values()] + [num]))
    deep = L.Concatenate()([L.Embedding(11, 4)(L.IntegerLookup(vocabulary=list(range(10)))(v)) for v in cats.values()] + [num])
    _head({**cats, **nums}, L.Concatenate()([wide, L.Dense(16, activation="relu")(L.Dense(16, activation="relu")(deep))]), 3, "softmax", out)

@model("k_collab_filtering_recommender", "keras-export", "subclassed RecommenderNet on int64 [None,2] user/movie ids: 4 Embeddings (2 L2-regularized), ops.tensordot(user, movie, 2) + bias embeddings, sigmoid")
def b_recsys(out):
    class RecommenderNet(keras.Model):
        def __init__(self):
            super().__init__()
            reg = keras.regularizers.l2(1e-6)
            self.ue, self.ub, self.me, self.mb = L.Embedding(50, 8, embeddings_regularizer=reg), L.Embedding(50, 1), L.Embedding(80, 8, embeddings_regularizer=reg), L.Embedding(80, 1)
        def call(self, x):
            dot = ops.tensordot(self.ue(x[:, 0]), self.me(x[:, 1]), 2)
            return ops.sigmoid(dot + self.ub(x[:, 0]) + self.mb(x[:, 1]))
    r = RecommenderNet()
    r(np.zeros((2, 2), "int64"))
    keras_export(r, out, sig=[tensor_spec([None, 2], "int64")])

@model("k_pointnet_tnet", "keras-export", "[None,256,3] PointNet: 2 T-nets (Conv1D, GlobalMaxPool1D, Dense, identity bias init, orthogonal activity regularizer, Reshape, Dot matmul), shared Conv1D+BN MLP, GlobalMaxPool1D, Dropout, softmax")
def b_pointnet(out):
    class OrthogonalRegularizer(keras.regularizers.Regularizer):
        def __init__(self, k):
            self.k, self.eye = k, ops.eye(k)
        def __call__(self, x):
            x = ops.reshape(x, (-1, self.k, self.k))
            return ops.sum(0.001 * ops.square(ops.tensordot(x, x, axes=(2, 2)) - self.eye))
    def cbr(x, f, conv=True):
        return L.Activation("relu")(L.BatchNormalization(momentum=0.0)((L.Conv1D(f, 1) if conv else L.Dense(f))(x)))
    def tnet(x, k):
        y = cbr(L.GlobalMaxPooling1D()(cbr(cbr(x, 16), 32)), 16, conv=False)
        y = L.Dense(k * k, kernel_initializer="zeros", bias_initializer=keras.initializers.Constant(np.eye(k).flatten()),
                    activity_regularizer=OrthogonalRegularizer(k))(y)
        return L.Dot(axes=(2, 1))([x, L.Reshape((k, k))(y)])
    i = keras.Input((256, 3))
    x = L.GlobalMaxPooling1D()(cbr(cbr(tnet(cbr(tnet(i, 3), 16), 16), 16), 32))
    _head(i, L.Dropout(0.3)(cbr(x, 16, conv=False)), 10, "softmax", out)

@model("k_gat_node_classification", "tf-module", "tf.Module GAT: node feats [None,16] + int64 edges [None,2] + int64 node indices [None]; tf.gather node pairs, LeakyReLU scores, clip, exp, unsorted_segment_sum, tf.repeat by bincount, 2 layers x 2 heads concat + residual, gather output rows")
def b_gat(out):
    class GraphAttention(L.Layer):
        def build(self, s):
            self.kernel = self.add_weight(shape=(s[0][-1], 8), initializer="glorot_uniform")
            self.att = self.add_weight(shape=(16, 1), initializer="glorot_uniform")
        def call(self, inputs):
            nodes, edges = inputs
            h = tf.matmul(nodes, self.kernel)
            pairs = tf.reshape(tf.gather(h, edges), (tf.shape(edges)[0], -1))
            s = tf.exp(tf.clip_by_value(tf.squeeze(tf.nn.leaky_relu(tf.matmul(pairs, self.att)), -1), -2, 2))
            ssum = tf.math.unsorted_segment_sum(s, edges[:, 0], num_segments=tf.reduce_max(edges[:, 0]) + 1)
            ssum = tf.repeat(ssum, tf.math.bincount(tf.cast(edges[:, 0], "int32")))
            return tf.math.unsorted_segment_sum(tf.gather(h, edges[:, 1]) * (s / ssum)[:, None], edges[:, 0], tf.shape(nodes)[0])
    class GAT(keras.Model):
        def __init__(self):
            super().__init__()
            self.pre, self.out, self.gat = L.Dense(16, activation="relu"), L.Dense(7), [GraphAttention() for _ in range(4)]
        def call(self, inputs):
            x, edges = self.pre(inputs[0]), tf.cast(inputs[1], tf.int64)  # keras traces its own float spec
            for k in (0, 2):  # 2 layers x 2 heads
                x = tf.nn.relu(tf.concat([a([x, edges]) for a in self.gat[k:k + 2]], -1)) + x
            return self.out(x)
    g = GAT()
    g((np.zeros((3, 16), "float32"), np.zeros((2, 2), "int64")))
    @tf.function(input_signature=[tensor_spec([None, 16], name="node_states"), tensor_spec([None, 2], "int64", "edges"), tensor_spec([None], "int64", "indices")])
    def serve(nodes, edges, idx):
        return {"logits": tf.gather(g((nodes, edges)), idx)}
    serve_module(out, {"gat": g}, serving_default=serve)

# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops

def _dummy(spec):
    shape = [(2 if k == 0 else 128) if d is None else d for k, d in enumerate(spec.shape.as_list())]
    if spec.dtype == tf.string:
        n, val = (spec.name or "").lower(), "the movie was great"
        if "image" in n or "jpeg" in n:
            val = tf.io.encode_jpeg(tf.zeros([8, 8, 3], tf.uint8))
        elif "path" in n or "wav" in n:
            val = str(OUT / ".dummy.wav")
            tf.io.write_file(val, tf.audio.encode_wav(tf.zeros([4000, 1]), 16000))
        return tf.fill(shape, val)
    if spec.dtype.is_floating:
        return tf.constant(np.random.default_rng(0).random(shape), spec.dtype)
    return tf.zeros(shape, spec.dtype)


def _check(name: str) -> str:
    """Load a built model and run each signature (or, for a .pb, every sink node) once on dummy inputs."""
    p = _path(name)
    try:
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
    finally:
        (OUT / ".dummy.wav").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
