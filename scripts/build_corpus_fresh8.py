"""Build an independently made corpus into bench/out/fresh8/: modern image-model architectures at tiny width
(ResNet-D/RS, RegNet, DenseNet, Inception/Xception, NASNet-like cells, RepVGG, GhostNet, ShuffleNetV2, CBAM, BiT,
EfficientNet(V2)/-Lite, ConvNeXt(V2), ViT/DeiT/CaiT, Swin(V2), MLP-Mixer, ConvMixer, PoolFormer, MobileViT, CoAtNet,
MaxViT, a few keras.applications models built with weights=None), written the way people write them and exported
the way people export them (Keras 3 model.export, tf.saved_model.save of a Keras model or of a tf.Module with
tf.function pre/post-processing signatures, TF1 SavedModelBuilder / simple_save, frozen GraphDef). Random seeded
weights; nothing is downloaded; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh8.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh8.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh8.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh8.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh8.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys
from types import SimpleNamespace

from corpus_driver import Corpus, freeze_function, freeze_keras, keras_export, serve_module, tensor_spec, tf1_saved_model

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh8", frozen_kinds={"frozen-pb"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = ops = None
C = SimpleNamespace()  # hand-written layers shared by several models, defined in _setup once keras is imported

# Inputs that need in-range or mutually consistent values in --check: model -> {input name: (low, high) int range}
# or model -> callable(rng) -> {input name: array}. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}

IMAGENET_MEAN, IMAGENET_STD = (0.485, 0.456, 0.406), (0.229, 0.224, 0.225)


# ================================================================================ shared building blocks

def cbr(x, f, k=3, s=1, act="relu", groups=1, bn_eps=1e-3):
    """Conv2D (no bias, 'same') -> BatchNormalization -> activation (None: linear)"""
    x = L.Conv2D(f, k, strides=s, padding="same", use_bias=False, groups=groups)(x)
    x = L.BatchNormalization(epsilon=bn_eps)(x)
    return x if act is None else L.Activation(act)(x)


def se_block(x, ratio=0.25, act="relu", gate="sigmoid", base=None):
    """squeeze-excite with 1x1 convs: GAP (keepdims), reduce to ratio*base channels, expand, gate, multiply"""
    c = x.shape[-1]
    s = L.GlobalAveragePooling2D(keepdims=True)(x)
    s = L.Conv2D(max(4, int((base or c) * ratio)), 1, activation=act)(s)
    return L.Multiply()([x, L.Conv2D(c, 1, activation=gate)(s)])


def window_partition(x, w):
    """[B,H,W,C] -> [B*nW, w*w, C] non-overlapping w x w windows"""
    _, h, wd, c = x.shape
    x = tf.reshape(x, [-1, h // w, w, wd // w, w, c])
    return tf.reshape(tf.transpose(x, [0, 1, 3, 2, 4, 5]), [-1, w * w, c])


def window_reverse(win, w, h, wd):
    c = win.shape[-1]
    x = tf.reshape(win, [-1, h // w, wd // w, w, w, c])
    return tf.reshape(tf.transpose(x, [0, 1, 3, 2, 4, 5]), [-1, h, wd, c])


def _relative_index(w):
    """Swin relative_position_index for a w x w window: [w*w, w*w] int32 into a (2w-1)^2 table"""
    coords = np.stack(np.meshgrid(np.arange(w), np.arange(w), indexing="ij")).reshape(2, -1)
    rel = (coords[:, :, None] - coords[:, None, :]).transpose(1, 2, 0) + (w - 1)
    return (rel[..., 0] * (2 * w - 1) + rel[..., 1]).astype("int32")


def _shift_mask(h, wd, w, s):
    """Swin SW-MSA attention mask [nW, w*w, w*w]: -100 between tokens from different regions after the roll"""
    img = np.zeros((1, h, wd, 1), "float32")
    cnt = 0
    for hs in (slice(0, -w), slice(-w, -s), slice(-s, None)):
        for ws in (slice(0, -w), slice(-w, -s), slice(-s, None)):
            img[:, hs, ws, :] = cnt
            cnt += 1
    win = img.reshape(1, h // w, w, wd // w, w, 1).transpose(0, 1, 3, 2, 4, 5).reshape(-1, w * w)
    return np.where(win[:, None, :] - win[:, :, None] != 0, -100.0, 0.0).astype("float32")


def _cpb_table(w):
    """Swin V2 log-spaced relative coordinates [(2w-1)^2, 2]"""
    r = np.arange(-(w - 1), w, dtype="float32")
    t = np.stack(np.meshgrid(r, r, indexing="ij"), -1) / (w - 1) * 8
    return (np.sign(t) * np.log2(np.abs(t) + 1.0) / np.log2(8)).reshape(-1, 2).astype("float32")


def _custom():
    """The hand-written Keras layers (as people write them in TF-backed Keras: tf ops inside call)."""
    class LayerScale(L.Layer):
        def __init__(self, init=1e-6, **kw):
            super().__init__(**kw)
            self.init = init

        def build(self, s):
            self.gamma = self.add_weight(shape=(s[-1],), initializer=keras.initializers.Constant(self.init), name="gamma")

        def call(self, x):
            return x * tf.cast(self.gamma, x.dtype)

    class DropPath(L.Layer):
        """stochastic depth: drops the whole residual branch per sample while training, identity at inference"""
        def __init__(self, rate=0.1, **kw):
            super().__init__(**kw)
            self.rate = rate

        def call(self, x, training=None):
            if not training or self.rate == 0.0:
                return x
            keep = 1.0 - self.rate
            shape = tf.concat([tf.shape(x)[:1], tf.ones([tf.rank(x) - 1], tf.int32)], 0)
            return x / keep * tf.floor(keep + tf.random.uniform(shape, dtype=x.dtype))

    class ClassToken(L.Layer):
        """learned token prepended to the sequence (concat=False: just the token broadcast to the batch)"""
        def __init__(self, concat=True, **kw):
            super().__init__(**kw)
            self.concat = concat

        def build(self, s):
            self.token = self.add_weight(shape=(1, 1, s[-1]), initializer="zeros", name="token")

        def call(self, x):
            t = tf.broadcast_to(tf.cast(self.token, x.dtype), [tf.shape(x)[0], 1, x.shape[-1]])
            return tf.concat([t, x], 1) if self.concat else t

    class PositionEmbedding(L.Layer):
        def build(self, s):
            self.pos = self.add_weight(shape=(1, s[1], s[2]), initializer=keras.initializers.RandomNormal(stddev=0.02), name="pos_embed")

        def call(self, x):
            return x + tf.cast(self.pos, x.dtype)

    class WindowAttention(L.Layer):
        """window MSA over [B*nW, N, C] with a learned relative position bias table gathered by index (Swin);
        v2: cosine attention with a clamped learned logit scale and a continuous position bias MLP (Swin V2);
        mask: optional [nW, N, N] shifted-window mask"""
        def __init__(self, dim, heads, window, mask=None, v2=False, **kw):
            super().__init__(**kw)
            self.dim, self.heads, self.window, self.mask, self.v2 = dim, heads, window, mask, v2
            self.qkv, self.proj = L.Dense(dim * 3, use_bias=True), L.Dense(dim)
            if v2:
                self.cpb1, self.cpb2 = L.Dense(64, activation="relu"), L.Dense(heads, use_bias=False)

        def build(self, s):
            if self.v2:
                self.logit_scale = self.add_weight(shape=(self.heads, 1, 1), initializer=keras.initializers.Constant(np.log(10.0)), name="logit_scale")
            else:
                self.bias_table = self.add_weight(shape=((2 * self.window - 1) ** 2, self.heads),
                                                  initializer=keras.initializers.TruncatedNormal(stddev=0.02), name="relative_position_bias_table")

        def call(self, x):
            n, h, d = x.shape[1], self.heads, self.dim // self.heads
            qkv = tf.transpose(tf.reshape(self.qkv(x), [-1, n, 3, h, d]), [2, 0, 3, 1, 4])
            q, k, v = qkv[0], qkv[1], qkv[2]
            idx = tf.reshape(tf.constant(_relative_index(self.window)), [-1])
            if self.v2:
                attn = tf.matmul(tf.math.l2_normalize(q, -1), tf.math.l2_normalize(k, -1), transpose_b=True)
                attn = attn * tf.exp(tf.minimum(self.logit_scale, np.log(100.0)))
                table = self.cpb2(self.cpb1(tf.constant(_cpb_table(self.window))))
                bias = 16.0 * tf.sigmoid(tf.gather(table, idx))
            else:
                attn = tf.matmul(q * d ** -0.5, k, transpose_b=True)
                bias = tf.gather(self.bias_table, idx)
            attn = attn + tf.transpose(tf.reshape(bias, [n, n, h]), [2, 0, 1])[None]
            if self.mask is not None:
                nw = self.mask.shape[0]
                attn = tf.reshape(attn, [-1, nw, h, n, n]) + tf.constant(self.mask)[None, :, None]
                attn = tf.reshape(attn, [-1, h, n, n])
            out = tf.matmul(tf.nn.softmax(attn, -1), v)
            return self.proj(tf.reshape(tf.transpose(out, [0, 2, 1, 3]), [-1, n, self.dim]))

    class SwinBlock(L.Layer):
        """Swin block on tokens [B, H*W, C]: LN, (tf.roll shifted) window attention, residual, LN, MLP, residual;
        v2 uses res-post-norm and cosine attention"""
        def __init__(self, dim, heads, res, window=4, shift=0, mlp_ratio=4, drop_path=0.0, v2=False, **kw):
            super().__init__(**kw)
            if min(res) <= window:
                window, shift = min(res), 0
            self.res, self.window, self.shift, self.v2 = res, window, shift, v2
            mask = _shift_mask(res[0], res[1], window, shift) if shift else None
            self.norm1, self.norm2 = L.LayerNormalization(epsilon=1e-5), L.LayerNormalization(epsilon=1e-5)
            self.attn = WindowAttention(dim, heads, window, mask=mask, v2=v2)
            self.fc1, self.fc2 = L.Dense(dim * mlp_ratio, activation="gelu"), L.Dense(dim)
            self.drop_path = DropPath(drop_path)

        def call(self, x, training=None):
            (h, w), c, s = self.res, x.shape[-1], self.shift
            y = tf.reshape(x if self.v2 else self.norm1(x), [-1, h, w, c])
            if s:
                y = tf.roll(y, shift=[-s, -s], axis=[1, 2])
            y = window_reverse(self.attn(window_partition(y, self.window)), self.window, h, w)
            if s:
                y = tf.roll(y, shift=[s, s], axis=[1, 2])
            y = tf.reshape(y, [-1, h * w, c])
            if self.v2:
                x = x + self.drop_path(self.norm1(y), training=training)
                return x + self.drop_path(self.norm2(self.fc2(self.fc1(x))), training=training)
            x = x + self.drop_path(y, training=training)
            return x + self.drop_path(self.fc2(self.fc1(self.norm2(x))), training=training)

    class PatchMerging(L.Layer):
        """[B, H*W, C] -> 2x2 neighbours concatenated by strided slicing -> LN -> Dense(2C, no bias)"""
        def __init__(self, res, dim, **kw):
            super().__init__(**kw)
            self.res = res
            self.norm, self.reduction = L.LayerNormalization(epsilon=1e-5), L.Dense(2 * dim, use_bias=False)

        def call(self, x):
            (h, w), c = self.res, x.shape[-1]
            x = tf.reshape(x, [-1, h, w, c])
            x = tf.concat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
            return self.reduction(self.norm(tf.reshape(x, [-1, h * w // 4, 4 * c])))

    class PartitionAttention(L.Layer):
        """MaxViT block/grid attention on [B,H,W,C]: LN, relative-bias attention inside size x size windows
        (block) or over a size x size dilated grid (grid), residual, LN, MLP, residual"""
        def __init__(self, dim, heads, size, grid=False, **kw):
            super().__init__(**kw)
            self.size, self.grid = size, grid
            self.norm1, self.norm2 = L.LayerNormalization(epsilon=1e-5), L.LayerNormalization(epsilon=1e-5)
            self.attn = WindowAttention(dim, heads, size)
            self.fc1, self.fc2 = L.Dense(dim * 4, activation="gelu"), L.Dense(dim)

        def call(self, x):
            _, h, w, c = x.shape
            p = self.size
            y = self.norm1(x)
            if self.grid:
                y = tf.transpose(tf.reshape(y, [-1, p, h // p, p, w // p, c]), [0, 2, 4, 1, 3, 5])
                y = self.attn(tf.reshape(y, [-1, p * p, c]))
                y = tf.transpose(tf.reshape(y, [-1, h // p, w // p, p, p, c]), [0, 3, 1, 4, 2, 5])
                y = tf.reshape(y, [-1, h, w, c])
            else:
                y = window_reverse(self.attn(window_partition(y, p)), p, h, w)
            x = x + y
            return x + self.fc2(self.fc1(self.norm2(x)))

    C.__dict__.update(LayerScale=LayerScale, DropPath=DropPath, ClassToken=ClassToken, PositionEmbedding=PositionEmbedding,
                      WindowAttention=WindowAttention, SwinBlock=SwinBlock, PatchMerging=PatchMerging,
                      PartitionAttention=PartitionAttention)


def mixed_precision(fn):
    """run a builder under the mixed_float16 global policy, restoring float32 afterwards"""
    def wrapped(out):
        keras.mixed_precision.set_global_policy("mixed_float16")
        try:
            fn(out)
        finally:
            keras.mixed_precision.set_global_policy("float32")
    wrapped.__name__ = fn.__name__
    return wrapped


# ================================================================================ classic-modern convnets

def bottleneck_d(x, f, s=1, se=0.0, dp=0.0):
    """ResNet-D bottleneck: stride on the 3x3, shortcut AvgPool2D(2) + 1x1 conv + BN when shapes change"""
    sc = x
    if s != 1 or x.shape[-1] != 4 * f:
        if s != 1:
            sc = L.AveragePooling2D(2, 2, padding="same")(sc)
        sc = cbr(sc, 4 * f, 1, act=None)
    y = cbr(cbr(x, f, 1), f, 3, s)
    y = cbr(y, 4 * f, 1, act=None)
    if se:
        y = se_block(y, se)
    if dp:
        y = C.DropPath(dp)(y)
    return L.ReLU()(L.Add()([sc, y]))


def deep_stem(i, f=16):
    """ResNet-C/D stem: three 3x3 convs (first strided)"""
    return cbr(cbr(cbr(i, f, s=2), f), 2 * f)


@model("m_resnet_d_bottleneck_avgdown", "keras-export", "ResNet-D [None,64,64,3]: deep stem (3x 3x3 conv+BN+ReLU), MaxPool 3x3/2, 3 stages of bottlenecks (widths 8/16/32, x4 expansion, stride on the 3x3), AvgPool2D(2)+1x1 conv downsampling shortcuts, GAP, Dense softmax(10)")
def b_resnet_d(out):
    i = keras.Input((64, 64, 3), name="image")
    x = L.MaxPooling2D(3, 2, padding="same")(deep_stem(i))
    for k, f in enumerate((8, 16, 32)):
        x = bottleneck_d(x, f, s=1 if k == 0 else 2)
        x = bottleneck_d(x, f)
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("m_resnet_rs_se_droppath_tfsave", "saved-model", "ResNet-RS [None,64,64,3]: deep stem with strided 3x3 conv instead of max-pool, bottlenecks with SE(0.25) and stochastic depth (DropPath layer, identity at inference, rates 0..0.1), ResNet-D shortcuts, GAP, Dropout(0.25), Dense; tf.saved_model.save of the Keras model")
def b_resnet_rs(out):
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(deep_stem(i), 32, s=2)
    rates = np.linspace(0.0, 0.1, 5)
    for k, (f, s) in enumerate(((8, 1), (16, 2), (16, 1), (32, 2), (32, 1))):
        x = bottleneck_d(x, f, s=s, se=0.25, dp=float(rates[k]))
    x = L.Dropout(0.25)(L.GlobalAveragePooling2D()(x))
    tf.saved_model.save(keras.Model(i, L.Dense(10, name="logits")(x)), str(out))


def regnet_block(x, w, s, group_width=8, se=0.0):
    """RegNet X/Y block: 1x1 conv, 3x3 group conv (groups = w / group_width) with the stride, [SE], 1x1 conv"""
    sc = x if s == 1 and x.shape[-1] == w else cbr(x, w, 1, s, act=None)
    y = cbr(cbr(x, w, 1), w, 3, s, groups=w // group_width)
    if se:
        y = se_block(y, se, base=x.shape[-1])
    return L.ReLU()(L.Add()([sc, cbr(y, w, 1, act=None)]))


def regnet(i, widths=(16, 32, 64), depths=(1, 2, 2), se=0.0):
    x = cbr(i, 16, 3, 2)
    for w, d in zip(widths, depths):
        for k in range(d):
            x = regnet_block(x, w, 2 if k == 0 else 1, se=se)
    return L.GlobalAveragePooling2D()(x)


@model("m_regnetx_group_conv", "keras-export", "RegNetX-style [None,64,64,3]: stem 3x3/2, 3 stages (widths 16/32/64, depths 1/2/2) of X blocks (1x1 conv, 3x3 grouped Conv2D groups=w/8 with the stride, 1x1 conv, projection shortcut), GAP, Dense softmax(10)")
def b_regnetx(out):
    i = keras.Input((64, 64, 3), name="image")
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(regnet(i))), out)


@model("m_regnety_se_batch1", "keras-export", "RegNetY-style, fixed batch [1,64,64,3] (Input batch_size=1, kept in the export signature): Y blocks = X blocks + squeeze-excite (1x1 convs, ratio 0.25 of block input width) after the grouped 3x3 conv, GAP, Dense softmax(10)")
def b_regnety(out):
    i = keras.Input((64, 64, 3), batch_size=1, name="image")
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(regnet(i, se=0.25))), out, keep_fixed_batch=True)


@model("m_densenet_bc_growth8", "keras-export", "DenseNet-BC [None,32,32,3]: 3x3 conv stem, 2 dense blocks of 4 layers (BN-ReLU-Conv1x1(4k)-BN-ReLU-Conv3x3(k), growth k=8, Concatenate), transition (BN-ReLU-Conv1x1 compression 0.5, AveragePooling2D 2), final BN-ReLU, GAP, Dense softmax(10)")
def b_densenet(out):
    def dense_layer(x, k=8):
        y = L.Conv2D(4 * k, 1, use_bias=False)(L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(x)))
        y = L.Conv2D(k, 3, padding="same", use_bias=False)(L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(y)))
        return L.Concatenate()([x, y])

    def transition(x):
        x = L.Conv2D(x.shape[-1] // 2, 1, use_bias=False)(L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(x)))
        return L.AveragePooling2D(2)(x)
    i = keras.Input((32, 32, 3), name="image")
    x = L.Conv2D(16, 3, padding="same", use_bias=False)(i)
    for b in range(2):
        for _ in range(4):
            x = dense_layer(x)
        if b == 0:
            x = transition(x)
    x = L.GlobalAveragePooling2D()(L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(x)))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(x)), out)


@model("m_inception_v3_factorized_tfsave", "saved-model", "Inception-v3-style [None,64,64,3]: conv stem + MaxPool, 2x Inception-A (1x1 / 1x1-5x5 / 1x1-3x3-3x3 / AvgPool3x3-1x1 branches, Concatenate), reduction (3x3/2 conv, double 3x3 /2, MaxPool/2), Inception-C with factorized 1x7/7x1 convs, GAP, Dropout, Dense softmax(10); tf.saved_model.save of the Keras model")
def b_inception(out):
    def inception_a(x, pool_f):
        b1 = cbr(x, 16, 1)
        b2 = cbr(cbr(x, 12, 1), 16, 5)
        b3 = cbr(cbr(cbr(x, 16, 1), 24, 3), 24, 3)
        b4 = cbr(L.AveragePooling2D(3, 1, padding="same")(x), pool_f, 1)
        return L.Concatenate()([b1, b2, b3, b4])

    def reduction(x):
        b1 = cbr(x, 48, 3, 2)
        b2 = cbr(cbr(cbr(x, 16, 1), 24, 3), 24, 3, 2)
        return L.Concatenate()([b1, b2, L.MaxPooling2D(3, 2, padding="same")(x)])

    def inception_c(x, c7=16):
        b1 = cbr(x, 32, 1)
        b2 = cbr(cbr(cbr(x, c7, 1), c7, (1, 7)), 32, (7, 1))
        b3 = cbr(x, c7, 1)
        for k in ((7, 1), (1, 7), (7, 1)):
            b3 = cbr(b3, c7, k)
        b3 = cbr(b3, 32, (1, 7))
        b4 = cbr(L.AveragePooling2D(3, 1, padding="same")(x), 32, 1)
        return L.Concatenate()([b1, b2, b3, b4])
    i = keras.Input((64, 64, 3), name="image")
    x = L.MaxPooling2D(3, 2, padding="same")(cbr(cbr(cbr(i, 16, 3, 2), 16), 32))
    x = inception_a(inception_a(x, 8), 16)
    x = inception_c(reduction(x))
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(x))
    tf.saved_model.save(keras.Model(i, L.Dense(10, activation="softmax")(x)), str(out))


@model("m_inception_resnet_a_lambda_scale", "keras-export", "Inception-ResNet-A [None,48,48,3]: conv stem, 3 Inception-ResNet-A blocks (1x1 / 1x1-3x3 / 1x1-3x3-3x3 branches, Concatenate, linear 1x1 up-projection, residual scaled by Lambda(lambda t: t[0] + t[1]*0.17), ReLU), reduction, GAP, Dense softmax(10)")
def b_incres(out):
    def block(x, scale=0.17):
        b = L.Concatenate()([cbr(x, 8, 1), cbr(cbr(x, 8, 1), 8, 3), cbr(cbr(cbr(x, 8, 1), 12, 3), 16, 3)])
        up = L.Conv2D(x.shape[-1], 1, use_bias=True)(b)
        x = L.Lambda(lambda t, scale: t[0] + t[1] * scale, arguments={"scale": scale})([x, up])
        return L.Activation("relu")(x)
    i = keras.Input((48, 48, 3), name="image")
    x = L.MaxPooling2D(3, 2, padding="same")(cbr(cbr(i, 16, 3, 2), 32))
    for _ in range(3):
        x = block(x)
    x = L.Concatenate()([cbr(x, 32, 3, 2), L.MaxPooling2D(3, 2, padding="same")(x)])
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("m_xception_sepconv_dynamic_hw", "keras-export", "Xception-style on float [None,None,None,3] dynamic size: entry flow (conv/2, conv, 2 blocks of SeparableConv2D-BN-ReLU-SeparableConv2D-BN + MaxPool 3x3/2 with strided 1x1 conv+BN shortcut), middle flow (2 residual blocks of 3x ReLU-SeparableConv2D-BN), exit SeparableConv2D + ReLU, GAP, Dense softmax(10)")
def b_xception(out):
    def sep_bn(x, f, relu_first=True):
        if relu_first:
            x = L.Activation("relu")(x)
        return L.BatchNormalization()(L.SeparableConv2D(f, 3, padding="same", use_bias=False)(x))
    i = keras.Input((None, None, 3), name="image")
    x = cbr(cbr(i, 16, 3, 2), 32)
    for k, f in enumerate((32, 64)):
        sc = L.BatchNormalization()(L.Conv2D(f, 1, strides=2, padding="same", use_bias=False)(x))
        y = sep_bn(sep_bn(x, f, relu_first=k > 0), f)
        x = L.Add()([L.MaxPooling2D(3, 2, padding="same")(y), sc])
    for _ in range(2):
        y = x
        for _ in range(3):
            y = sep_bn(y, 64)
        x = L.Add()([x, y])
    x = L.Activation("relu")(L.BatchNormalization()(L.SeparableConv2D(128, 3, padding="same", use_bias=False)(x)))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("m_nasnet_like_cells", "keras-export", "NASNet-A-like [None,32,32,3]: conv stem, normal cells (ReLU-SeparableConv-BN x2 branches 3x3/5x5, AveragePooling 3x3/1, identity, pairwise Add, Concatenate of 6) and a reduction cell (strided separable 5x5/7x7, MaxPool 3x3/2, AvgPool 3x3/2), previous-cell input adjusted by ReLU + AvgPool(1,2) + 1x1 conv + BN, ReLU, GAP, Dense softmax(10)")
def b_nasnet(out):
    def sep(x, f, k, s=1):
        for j in range(2):
            x = L.Activation("relu")(x)
            x = L.SeparableConv2D(f, k, strides=s if j == 0 else 1, padding="same", use_bias=False)(x)
            x = L.BatchNormalization(momentum=0.9997, epsilon=1e-3)(x)
        return x

    def squeeze(x, f):
        return L.BatchNormalization(momentum=0.9997, epsilon=1e-3)(L.Conv2D(f, 1, use_bias=False)(L.Activation("relu")(x)))

    def adjust(p, x, f):
        if p.shape[1] != x.shape[1]:
            p = L.AveragePooling2D(1, 2, padding="valid")(L.Activation("relu")(p))
        return squeeze(p, f)

    def normal(x, p, f):
        h, p = squeeze(x, f), adjust(p, x, f)
        avg = L.AveragePooling2D(3, 1, padding="same")
        b1 = L.Add()([sep(h, f, 5), sep(p, f, 3)])
        b2 = L.Add()([sep(p, f, 5), sep(p, f, 3)])
        b3 = L.Add()([avg(h), p])
        b4 = L.Add()([L.AveragePooling2D(3, 1, padding="same")(p), L.AveragePooling2D(3, 1, padding="same")(p)])
        b5 = L.Add()([sep(h, f, 3), h])
        return L.Concatenate()([p, b1, b2, b3, b4, b5]), x

    def reduction(x, p, f):
        h, p = squeeze(x, f), adjust(p, x, f)
        b1 = L.Add()([sep(p, f, 5, 2), sep(h, f, 7, 2)])
        b2 = L.Add()([L.MaxPooling2D(3, 2, padding="same")(h), sep(p, f, 7, 2)])
        b3 = L.Add()([L.AveragePooling2D(3, 2, padding="same")(h), sep(p, f, 5, 2)])
        b4 = L.Add()([L.MaxPooling2D(3, 2, padding="same")(h), sep(b1, f, 3)])
        b5 = L.Add()([L.AveragePooling2D(3, 1, padding="same")(b1), b2])
        return L.Concatenate()([b2, b3, b4, b5]), x
    i = keras.Input((32, 32, 3), name="image")
    x = L.BatchNormalization()(L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(i))
    x, p = normal(x, x, 8)
    x, p = normal(x, p, 8)
    x, p = reduction(x, p, 16)
    x, p = normal(x, p, 16)
    x = L.Activation("relu")(x)
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("m_repvgg_train_time_branches", "keras-export", "RepVGG-A-like in training (multi-branch) form [None,64,64,3]: each block = Add of 3x3 conv+BN, 1x1 conv+BN and (when shapes match) an identity BatchNormalization, then ReLU; 4 stages (16/32/48/64, first block strided), GAP, Dense softmax(10)")
def b_repvgg(out):
    def block(x, f, s):
        br = [cbr(x, f, 3, s, act=None), cbr(x, f, 1, s, act=None)]
        if s == 1 and x.shape[-1] == f:
            br.append(L.BatchNormalization()(x))
        return L.ReLU()(L.Add()(br))
    i = x = keras.Input((64, 64, 3), name="image")
    x = block(x, 16, 2)
    for f, n in ((16, 1), (32, 2), (48, 2), (64, 1)):
        for k in range(n):
            x = block(x, f, 2 if k == 0 else 1)
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("m_ghostnet_bottleneck_hardsigmoid_se", "keras-export", "GhostNet-style [None,64,64,3]: ghost modules (1x1 conv to half the channels + cheap 3x3 DepthwiseConv2D, Concatenate, channel slice), ghost bottlenecks with strided depthwise conv + BN and SE gated by hard_sigmoid, depthwise+pointwise shortcuts when shapes change, 1x1 conv 128, GAP, Dense softmax(10)")
def b_ghostnet(out):
    def ghost(x, n, relu=True):
        act = "relu" if relu else None
        p = cbr(x, -(-n // 2), 1, act=act)
        c = L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(p))
        if relu:
            c = L.ReLU()(c)
        return L.Concatenate()([p, c])[..., :n]

    def bottleneck(x, mid, n, k=3, s=1, se=False):
        y = ghost(x, mid)
        if s > 1:
            y = L.BatchNormalization()(L.DepthwiseConv2D(k, s, padding="same", use_bias=False)(y))
        if se:
            y = se_block(y, 0.25, gate="hard_sigmoid")
        y = ghost(y, n, relu=False)
        if s == 1 and x.shape[-1] == n:
            sc = x
        else:
            sc = L.BatchNormalization()(L.DepthwiseConv2D(k, s, padding="same", use_bias=False)(x))
            sc = cbr(sc, n, 1, act=None)
        return L.Add()([sc, y])
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(i, 16, 3, 2)
    for mid, n, k, s, se in ((16, 16, 3, 1, False), (48, 24, 3, 2, False), (72, 24, 3, 1, False), (72, 40, 5, 2, True),
                             (120, 40, 5, 1, True), (240, 64, 3, 2, False)):
        x = bottleneck(x, mid, n, k, s, se)
    x = L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(cbr(x, 128, 1)))
    keras_export(keras.Model(i, x), out)


@model("m_shufflenetv2_channel_split_shuffle", "keras-export", "ShuffleNetV2 [None,64,64,3]: conv/2 + MaxPool/2 stem, units with channel split (tf.split in a layer), 1x1 conv-BN-ReLU / 3x3 depthwise-BN / 1x1 conv-BN-ReLU branch, Concatenate and channel shuffle (reshape [..,2,C/2], transpose, reshape), stride-2 units with two branches, 1x1 conv 128, GAP, Dense softmax(10)")
def b_shufflenet(out):
    class ChannelShuffle(L.Layer):
        def call(self, x):
            _, h, w, c = x.shape
            x = tf.reshape(x, [-1, h, w, 2, c // 2])
            return tf.reshape(tf.transpose(x, [0, 1, 2, 4, 3]), [-1, h, w, c])

    class ChannelSplit(L.Layer):
        def call(self, x):
            return tf.split(x, 2, axis=-1)

    def branch(x, f, s):
        y = L.BatchNormalization()(L.DepthwiseConv2D(3, s, padding="same", use_bias=False)(cbr(x, f, 1)))
        return cbr(y, f, 1)

    def unit(x, f, s):
        if s == 1:
            a, b = ChannelSplit()(x)
            y = L.Concatenate()([a, branch(b, f // 2, 1)])
        else:
            left = cbr(L.BatchNormalization()(L.DepthwiseConv2D(3, 2, padding="same", use_bias=False)(x)), f // 2, 1)
            y = L.Concatenate()([left, branch(x, f // 2, 2)])
        return ChannelShuffle()(y)
    i = keras.Input((64, 64, 3), name="image")
    x = L.MaxPooling2D(3, 2, padding="same")(cbr(i, 16, 3, 2))
    for f in (32, 64):
        x = unit(unit(x, f, 2), f, 1)
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(cbr(x, 128, 1)))), out)


@model("m_cbam_resnet_basic", "keras-export", "ResNet basic blocks with CBAM [None,32,32,3]: channel attention (shared Dense MLP on GlobalAveragePooling2D and GlobalMaxPooling2D, Add, sigmoid, Reshape, Multiply), spatial attention (keras.ops mean/max over channels, Concatenate, 7x7 conv sigmoid, Multiply); 3 stages 16/32/64, GAP, Dense softmax(10)")
def b_cbam(out):
    def cbam(x, ratio=8):
        c = x.shape[-1]
        d1, d2 = L.Dense(c // ratio, activation="relu"), L.Dense(c)
        a = L.Add()([d2(d1(L.GlobalAveragePooling2D()(x))), d2(d1(L.GlobalMaxPooling2D()(x)))])
        x = L.Multiply()([x, L.Reshape((1, 1, c))(L.Activation("sigmoid")(a))])
        sp = L.Concatenate()([ops.mean(x, axis=-1, keepdims=True), ops.max(x, axis=-1, keepdims=True)])
        return L.Multiply()([x, L.Conv2D(1, 7, padding="same", activation="sigmoid")(sp)])

    def basic(x, f, s):
        sc = x if s == 1 and x.shape[-1] == f else cbr(x, f, 1, s, act=None)
        return L.ReLU()(L.Add()([sc, cbam(cbr(cbr(x, f, 3, s), f, act=None))]))
    i = keras.Input((32, 32, 3), name="image")
    x = cbr(i, 16)
    for k, f in enumerate((16, 32, 64)):
        x = basic(x, f, 1 if k == 0 else 2)
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("m_bit_resnetv2_groupnorm_stdconv", "keras-export", "BiT ResNetV2 [None,64,64,3]: weight-standardized Conv2D subclass (convolution_op standardizes the kernel with tf.nn.moments), GroupNormalization(4) + ReLU pre-activation bottlenecks with projection shortcut from the pre-activated input, ZeroPadding + 7x7/2 root conv + MaxPool, final GN-ReLU, GAP, zero-initialized Dense(10) head (logits)")
def b_bit(out):
    class StdConv2D(L.Conv2D):
        def convolution_op(self, inputs, kernel):
            mean, var = tf.nn.moments(kernel, axes=[0, 1, 2], keepdims=True)
            return super().convolution_op(inputs, (kernel - mean) / tf.sqrt(var + 1e-10))

    def gn_relu(x):
        return L.ReLU()(L.GroupNormalization(groups=4, epsilon=1e-5)(x))

    def unit(x, mid, outc, s):
        pre = gn_relu(x)
        sc = StdConv2D(outc, 1, strides=s, use_bias=False)(pre) if s != 1 or x.shape[-1] != outc else x
        y = StdConv2D(mid, 1, use_bias=False)(pre)
        y = StdConv2D(mid, 3, strides=s, padding="same", use_bias=False)(gn_relu(y))
        y = StdConv2D(outc, 1, use_bias=False)(gn_relu(y))
        return L.Add()([sc, y])
    i = keras.Input((64, 64, 3), name="image")
    x = StdConv2D(16, 7, strides=2, use_bias=False)(L.ZeroPadding2D(3)(i))
    x = L.MaxPooling2D(3, 2)(L.ZeroPadding2D(1)(x))
    for mid, outc, s in ((8, 32, 1), (8, 32, 1), (16, 64, 2), (16, 64, 1)):
        x = unit(x, mid, outc, s)
    x = L.GlobalAveragePooling2D()(gn_relu(x))
    keras_export(keras.Model(i, L.Dense(10, kernel_initializer="zeros", name="head")(x)), out)


# ================================================================================ EfficientNet family

def fused_mbconv(x, out, expand, s, se=0.0, dp=0.0):
    inp, c = x, x.shape[-1]
    if expand != 1:
        x = cbr(x, c * expand, 3, s, "swish")
        if se:
            x = se_block(x, se, act="swish", base=c)
        x = cbr(x, out, 1, act=None)
    else:
        x = cbr(x, out, 3, s, "swish")
    if s == 1 and c == out:
        x = L.Add()([inp, C.DropPath(dp)(x) if dp else x])
    return x


def mbconv(x, out, expand, s, k=3, se=0.25, dp=0.0, act="swish"):
    inp, c = x, x.shape[-1]
    if expand != 1:
        x = cbr(x, c * expand, 1, act=act)
    x = L.Activation(act)(L.BatchNormalization()(L.DepthwiseConv2D(k, s, padding="same", use_bias=False)(x)))
    if se:
        x = se_block(x, se, act=act, base=c)
    x = cbr(x, out, 1, act=None)
    if s == 1 and c == out:
        x = L.Add()([inp, C.DropPath(dp)(x) if dp else x])
    return x


@model("m_efficientnetv2_fused_mbconv_se", "keras-export", "EfficientNetV2-style [None,64,64,3], hand-written: conv/2 swish stem, Fused-MBConv stages (3x3 expand conv + BN + swish, 1x1 project; the last with squeeze-excite), MBConv stages (1x1 expand, 3x3 depthwise, SE with swish/sigmoid, 1x1 project), stochastic depth on residuals, 1x1 conv 160 swish, GAP, Dropout(0.2), Dense softmax(10)")
def b_effv2_hand(out):
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(i, 16, 3, 2, "swish")
    x = fused_mbconv(x, 16, 1, 1, dp=0.02)
    x = fused_mbconv(x, 24, 4, 2)
    x = fused_mbconv(x, 24, 4, 1, dp=0.04)
    x = fused_mbconv(x, 32, 4, 2, se=0.25)
    x = mbconv(x, 48, 4, 2)
    x = mbconv(x, 48, 4, 1, dp=0.08)
    x = mbconv(x, 64, 6, 1)
    x = L.Dropout(0.2)(L.GlobalAveragePooling2D()(cbr(x, 160, 1, act="swish")))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(x)), out)


@model("m_efficientnet_lite_relu6_frozen", "frozen-pb", "EfficientNet-Lite-style (relu6, no squeeze-excite), uint8-range float image [1,64,64,3] normalized in-graph by (x - 127)/128: conv/2 stem, MBConv blocks with 3x3/5x5 depthwise, 1x1 conv 320 relu6, GAP, Dense softmax(10); frozen GraphDef via convert_variables_to_constants_v2")
def b_efflite(out):
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(i, 16, 3, 2, "relu6")
    for o, e, s, k in ((16, 1, 1, 3), (24, 6, 2, 3), (24, 6, 1, 3), (40, 6, 2, 5), (80, 6, 2, 3), (80, 6, 1, 3)):
        x = mbconv(x, o, e, s, k=k, se=0.0, act="relu6")
    x = L.GlobalAveragePooling2D()(cbr(x, 320, 1, act="relu6"))
    m = keras.Model(i, L.Dense(10, activation="softmax")(x))
    freeze_function(lambda img: tf.identity(m((img - 127.0) / 128.0, training=False), name="probs"),
                    [tensor_spec([1, 64, 64, 3], name="image")], out)


# ================================================================================ keras.applications (weights=None)

@model("m_app_mobilenetv2_a035_batch1", "keras-export", "keras.applications.MobileNetV2(alpha=0.35, weights=None, classes=10) on a fixed-batch input_tensor [1,96,96,3] (kept in the export signature): inverted residuals with relu6, ZeroPadding before strided depthwise convs, GAP, Dense softmax")
def b_app_mnv2(out):
    m = keras.applications.MobileNetV2(input_tensor=keras.Input((96, 96, 3), batch_size=1, name="image"), alpha=0.35, weights=None, classes=10)
    keras_export(m, out, keep_fixed_batch=True)


@model("m_app_mobilenetv3small_a075_96", "keras-export", "keras.applications.MobileNetV3Small(alpha=0.75, weights=None, classes=10, include_preprocessing=True) [None,96,96,3]: in-model Rescaling(1/127.5, -1), hard-swish, squeeze-excite with hard-sigmoid, 1x1 conv head with Dropout, softmax")
def b_app_mnv3s(out):
    keras_export(keras.applications.MobileNetV3Small(input_shape=(96, 96, 3), alpha=0.75, weights=None, classes=10), out)


@model("m_app_efficientnetv2b0_64", "keras-export", "keras.applications.EfficientNetV2B0(weights=None, classes=10) at [None,64,64,3]: in-model Rescaling + Normalization preprocessing, Fused-MBConv and MBConv blocks with squeeze-excite, swish, stochastic-depth Dropout(noise_shape), top conv, GAP, Dropout, Dense softmax")
def b_app_effv2(out):
    keras_export(keras.applications.EfficientNetV2B0(input_shape=(64, 64, 3), weights=None, classes=10), out)


# ================================================================================ ConvNeXt family

def convnext(i, dims=(16, 32, 64), depths=(1, 1, 2), dp=0.1, ls=1e-6, grn=False, gelu="gelu", classes=10, features=False):
    """ConvNeXt: 4x4/4 patchify stem + LN; per stage LN + 2x2/2 conv downsampling; blocks DW 7x7, LN, Dense 4x,
    GELU, [GRN], Dense, [LayerScale], DropPath, residual; GAP, LN, Dense head"""
    rates = iter(np.linspace(0.0, dp, sum(depths)))
    x = None
    for k, (d, n) in enumerate(zip(dims, depths)):
        if k == 0:
            x = L.LayerNormalization(epsilon=1e-6)(L.Conv2D(d, 4, strides=4)(i))
        else:
            x = L.Conv2D(d, 2, strides=2)(L.LayerNormalization(epsilon=1e-6)(x))
        for _ in range(n):
            y = L.LayerNormalization(epsilon=1e-6)(L.DepthwiseConv2D(7, padding="same")(x))
            y = L.Activation(gelu)(L.Dense(4 * d)(y))
            if grn:
                y = C.GRN()(y)
            y = L.Dense(d)(y)
            if ls:
                y = C.LayerScale(ls)(y)
            r = float(next(rates))
            x = L.Add()([x, C.DropPath(r)(y) if r else y])
    f = L.LayerNormalization(epsilon=1e-6)(L.GlobalAveragePooling2D()(x))
    return f if features else L.Dense(classes, name="head")(f)


@model("m_convnext_atto_layerscale_droppath", "keras-export", "ConvNeXt (atto-width) [None,64,64,3]: 4x4/4 patchify conv + LayerNormalization, LN + 2x2/2 conv downsampling, blocks of DepthwiseConv2D 7x7, LN, Dense 4x, GELU (erf), Dense, LayerScale(1e-6) layer, DropPath stochastic depth (0..0.1), residual Add; GAP, LN, Dense(10) logits")
def b_convnext(out):
    i = keras.Input((64, 64, 3), name="image")
    keras_export(keras.Model(i, convnext(i)), out)


@model("m_convnext_dynamic_hw_tanh_gelu_tfsave", "saved-model", "ConvNeXt on float [None,None,None,3] dynamic size: same block structure, GELU tanh approximation via keras.activations.gelu(approximate=True), Rescaling + Normalization(ImageNet mean/variance) in the model, softmax head; tf.saved_model.save of the Keras model")
def b_convnext_dyn(out):
    i = keras.Input((None, None, 3), name="image")
    x = L.Rescaling(1.0 / 255)(i)
    x = L.Normalization(mean=list(IMAGENET_MEAN), variance=[s * s for s in IMAGENET_STD])(x)
    y = convnext(x, dims=(16, 32, 48), depths=(1, 2, 1), gelu=lambda t: keras.activations.gelu(t, approximate=True))
    tf.saved_model.save(keras.Model(i, L.Softmax()(y)), str(out))


@model("m_convnextv2_grn", "keras-export", "ConvNeXt V2 [None,64,64,3]: no LayerScale, Global Response Normalization layer after GELU (tf.norm 'euclidean' over H,W keepdims, divide by channel mean + 1e-6, gamma*(x*Nx) + beta + x), DropPath, LN + Dense(10) head")
def b_convnextv2(out):
    i = keras.Input((64, 64, 3), name="image")
    keras_export(keras.Model(i, convnext(i, dims=(16, 32, 64), depths=(1, 1, 2), ls=0.0, grn=True)), out)


@model("m_mixed_f16_convnext", "keras-export", "ConvNeXt [None,64,64,3] built under the mixed_float16 global policy: float16 convs/Dense/LayerNormalization compute with float32 variables, LayerScale and DropPath layers, float32 Activation softmax output")
@mixed_precision
def b_convnext_f16(out):
    i = keras.Input((64, 64, 3), name="image")
    keras_export(keras.Model(i, L.Activation("softmax", dtype="float32")(convnext(i))), out)


# ================================================================================ vision transformers

def vit_block(x, heads, mlp_ratio=4, ls=0.0, dp=0.0, eps=1e-6):
    """pre-norm transformer encoder block with keras MultiHeadAttention"""
    d = x.shape[-1]
    y = L.LayerNormalization(epsilon=eps)(x)
    y = L.MultiHeadAttention(heads, d // heads, dropout=0.0)(y, y)
    if ls:
        y = C.LayerScale(ls)(y)
    x = L.Add()([x, C.DropPath(dp)(y) if dp else y])
    y = L.LayerNormalization(epsilon=eps)(x)
    y = L.Dense(d)(L.Dropout(0.1)(L.Dense(d * mlp_ratio, activation="gelu")(y)))
    if ls:
        y = C.LayerScale(ls)(y)
    return L.Add()([x, C.DropPath(dp)(y) if dp else y])


def patch_embed(i, d, p):
    x = L.Conv2D(d, p, strides=p, name="patch_embed")(i)
    return L.Reshape((x.shape[1] * x.shape[2], d))(x)


def vit(i, d=48, p=8, depth=2, heads=3, classes=10, act=None, head_dtype=None):
    x = C.PositionEmbedding()(C.ClassToken()(patch_embed(i, d, p)))
    for _ in range(depth):
        x = vit_block(x, heads)
    x = L.LayerNormalization(epsilon=1e-6)(x)
    return L.Dense(classes, activation=act, name="head", dtype=head_dtype)(x[:, 0])


@model("m_vit_tiny_cls_token_posemb", "keras-export", "ViT [None,32,32,3]: 8x8 patch Conv2D embedding + Reshape, learned class token (broadcast_to + concat layer), learned position embedding, 2 pre-norm encoder blocks (keras MultiHeadAttention 3 heads, Dense-GELU MLP, Dropout), LayerNormalization, class-token slice, Dense softmax(10)")
def b_vit(out):
    i = keras.Input((32, 32, 3), name="image")
    keras_export(keras.Model(i, vit(i, act="softmax")), out)


@model("m_deit_distill_token_batch1", "keras-export", "DeiT with distillation token, fixed batch [1,32,32,3] (Input batch_size=1, kept in the export signature): patch embedding, class and distillation tokens (two ClassToken layers), position embedding, 3 encoder blocks, two Dense heads on token 0 and 1 averaged at inference (Average), softmax")
def b_deit(out):
    i = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = C.PositionEmbedding()(C.ClassToken(name="cls_token")(C.ClassToken(name="dist_token")(patch_embed(i, 48, 8))))
    for _ in range(3):
        x = vit_block(x, 3)
    x = L.LayerNormalization(epsilon=1e-6)(x)
    y = L.Average()([L.Dense(10, name="head")(x[:, 0]), L.Dense(10, name="head_dist")(x[:, 1])])
    keras_export(keras.Model(i, L.Softmax()(y)), out, keep_fixed_batch=True)


@model("m_vit_gap_einsum_attention_frozen", "frozen-pb", "ViT without class token [1,32,32,3]: patch embedding, sin-cos fixed position embedding constant, hand-written attention layer (Dense qkv, reshape to heads, tf.unstack, tf.einsum scores and weighted sum, softmax), GELU MLP, global average over tokens, Dense(10) logits; frozen GraphDef of the Keras model in inference mode")
def b_vit_einsum(out):
    class Attention(L.Layer):
        def __init__(self, dim, heads, **kw):
            super().__init__(**kw)
            self.dim, self.heads = dim, heads
            self.qkv, self.proj = L.Dense(dim * 3), L.Dense(dim)

        def call(self, x):
            n, h = x.shape[1], self.heads
            q, k, v = tf.unstack(tf.reshape(self.qkv(x), [-1, n, 3, h, self.dim // h]), axis=2)
            a = tf.nn.softmax(tf.einsum("bqhd,bkhd->bhqk", q, k) * (self.dim // h) ** -0.5, axis=-1)
            return self.proj(tf.reshape(tf.einsum("bhqk,bkhd->bqhd", a, v), [-1, n, self.dim]))

    def sincos(n, d):
        pos = np.arange(n)[:, None] / np.power(10000.0, 2 * (np.arange(d // 2)[None] / d))
        return np.concatenate([np.sin(pos), np.cos(pos)], -1)[None].astype("float32")
    i = keras.Input((32, 32, 3), name="image")
    x = patch_embed(i, 32, 4)
    x = x + sincos(x.shape[1], 32)
    for _ in range(2):
        x = L.Add()([x, Attention(32, 4)(L.LayerNormalization(epsilon=1e-6)(x))])
        x = L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization(epsilon=1e-6)(x)))])
    x = L.GlobalAveragePooling1D()(L.LayerNormalization(epsilon=1e-6)(x))
    freeze_keras(keras.Model(i, L.Dense(10)(x)), tensor_spec([1, 32, 32, 3], name="image"), out)


@model("m_cait_class_attention_layerscale", "keras-export", "CaiT-like [None,32,32,3]: patch embedding + position embedding, 2 self-attention blocks with LayerScale(1e-5), then a class token (ClassToken concat=False) refined by 2 class-attention blocks (keras MultiHeadAttention with query = class token, key/value = Concatenate(class token, patches), LayerScale, MLP on the class token), LN, Dense softmax(10)")
def b_cait(out):
    i = keras.Input((32, 32, 3), name="image")
    x = C.PositionEmbedding()(patch_embed(i, 48, 4))
    for _ in range(2):
        x = vit_block(x, 4, ls=1e-5, dp=0.05)
    cls = C.ClassToken(concat=False)(x)
    for _ in range(2):
        u = L.LayerNormalization(epsilon=1e-6)(L.Concatenate(axis=1)([cls, x]))
        y = L.MultiHeadAttention(4, 12)(u[:, :1], u)
        cls = L.Add()([cls, C.LayerScale(1e-5)(y)])
        y = L.Dense(48)(L.Dense(192, activation="gelu")(L.LayerNormalization(epsilon=1e-6)(cls)))
        cls = L.Add()([cls, C.LayerScale(1e-5)(y)])
    y = L.Flatten()(L.LayerNormalization(epsilon=1e-6)(cls))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(y)), out)


@model("m_mixed_f16_vit", "keras-export", "ViT [None,32,32,3] built under the mixed_float16 global policy: float16 patch embedding, class token and position embedding (cast in the layers), MultiHeadAttention, LayerNormalization and GELU MLP; float32 Dense softmax head")
@mixed_precision
def b_vit_f16(out):
    i = keras.Input((32, 32, 3), name="image")
    keras_export(keras.Model(i, vit(i, act="softmax", head_dtype="float32")), out)


def swin(i, v2=False, dims=(32, 64), heads=(2, 4)):
    """Swin: 4x4 patch embed, stage 1 at 8x8 tokens (W-MSA + SW-MSA, window 4, shift 2), patch merging, stage 2 at 4x4"""
    x = L.LayerNormalization(epsilon=1e-5)(patch_embed(i, dims[0], 4))
    res = (i.shape[1] // 4, i.shape[2] // 4)
    for k, (d, h) in enumerate(zip(dims, heads)):
        if k:
            x = C.PatchMerging(res, dims[k - 1])(x)
            res = (res[0] // 2, res[1] // 2)
        x = C.SwinBlock(d, h, res, window=4, shift=0, drop_path=0.05, v2=v2)(x)
        x = C.SwinBlock(d, h, res, window=4, shift=2, drop_path=0.05, v2=v2)(x)
    return L.Dense(10, name="head")(L.GlobalAveragePooling1D()(L.LayerNormalization(epsilon=1e-5)(x)))


@model("m_swin_shifted_window_relbias", "keras-export", "Swin Transformer [None,32,32,3]: 4x4 patch embedding + LN, SwinBlock layers (window partition/reverse by reshape+transpose, tf.roll cyclic shift with a precomputed -100 attention mask, relative position bias table gathered by index, DropPath), PatchMerging (strided slices x[:,0::2,0::2].., concat, LN, Dense no bias), LN, GlobalAveragePooling1D, Dense(10) logits")
def b_swin(out):
    i = keras.Input((32, 32, 3), name="image")
    keras_export(keras.Model(i, swin(i)), out)


@model("m_swinv2_cosine_attn_cpb_module", "tf-module", "tf.Module serving a Swin V2 model, fixed float [1,32,32,3]: cosine attention (l2_normalize q,k, exp of learned logit scale clamped at log 100), continuous position bias MLP on a log-spaced coordinate table, 16*sigmoid gathered bias, res-post-norm, tf.roll shifted windows; returns logits, probs (softmax), class (argmax)")
def b_swinv2(out):
    i = keras.Input((32, 32, 3))
    net = keras.Model(i, swin(i, v2=True))

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(img):
        logits = net(img, training=False)
        return {"logits": logits, "probs": tf.nn.softmax(logits), "class": tf.argmax(logits, -1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("m_mlp_mixer_subclassed", "keras-export", "MLP-Mixer as a subclassed keras.Model [None,32,32,3] (exported with an explicit input_signature): 4x4 patch Conv2D, Reshape to 64 tokens, 2 MixerBlock layers (LN, tf.transpose, token-mixing Dense-GELU-Dense, transpose back, residual; LN, channel-mixing MLP, residual), LN, GlobalAveragePooling1D, Dense(10) logits")
def b_mixer(out):
    class MixerBlock(L.Layer):
        def __init__(self, tokens, dim, **kw):
            super().__init__(**kw)
            self.n1, self.n2 = L.LayerNormalization(epsilon=1e-6), L.LayerNormalization(epsilon=1e-6)
            self.t1, self.t2 = L.Dense(tokens * 2, activation="gelu"), L.Dense(tokens)
            self.c1, self.c2 = L.Dense(dim * 4, activation="gelu"), L.Dense(dim)

        def call(self, x):
            y = tf.transpose(self.n1(x), [0, 2, 1])
            x = x + tf.transpose(self.t2(self.t1(y)), [0, 2, 1])
            return x + self.c2(self.c1(self.n2(x)))

    class MlpMixer(keras.Model):
        def __init__(self, patch=4, dim=32, tokens=64, depth=2, classes=10, **kw):
            super().__init__(**kw)
            self.stem, self.flat = L.Conv2D(dim, patch, strides=patch), L.Reshape((tokens, dim))
            self.blocks = [MixerBlock(tokens, dim) for _ in range(depth)]
            self.norm, self.pool, self.head = L.LayerNormalization(epsilon=1e-6), L.GlobalAveragePooling1D(), L.Dense(classes)

        def call(self, x):
            x = self.flat(self.stem(x))
            for b in self.blocks:
                x = b(x)
            return self.head(self.pool(self.norm(x)))
    m = MlpMixer()
    m(np.zeros((1, 32, 32, 3), "float32"))
    keras_export(m, out, [tensor_spec([None, 32, 32, 3], name="image")])


@model("m_convmixer_gelu_bn_batch4", "keras-export", "ConvMixer, fixed batch [4,64,64,3] (Input batch_size=4, kept in the export signature): 4x4/4 patch Conv2D + GELU + BN, 4 mixer layers (residual DepthwiseConv2D 5x5 + GELU + BN, pointwise Conv2D + GELU + BN), GAP, Dense softmax(10)")
def b_convmixer(out):
    i = keras.Input((64, 64, 3), batch_size=4, name="image")
    x = L.BatchNormalization()(L.Activation("gelu")(L.Conv2D(48, 4, strides=4)(i)))
    for _ in range(4):
        y = L.BatchNormalization()(L.Activation("gelu")(L.DepthwiseConv2D(5, padding="same")(x)))
        x = L.Add()([x, y])
        x = L.BatchNormalization()(L.Activation("gelu")(L.Conv2D(48, 1)(x)))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out, keep_fixed_batch=True)


@model("m_poolformer_groupnorm_pooling", "keras-export", "PoolFormer (MetaFormer) [None,64,64,3]: ZeroPadding + 7x7/4 stem conv, blocks of GroupNormalization(groups=1) -> token mixer AveragePooling2D(3, 1, same) minus input (Subtract) -> LayerScale(1e-5) -> residual, GN -> 1x1 conv MLP with GELU -> LayerScale -> residual, 3x3/2 conv downsampling, GN, GAP, Dense softmax(10)")
def b_poolformer(out):
    i = keras.Input((64, 64, 3), name="image")
    x = L.Conv2D(16, 7, strides=4)(L.ZeroPadding2D(2)(i))
    for k, (d, n) in enumerate(((16, 1), (32, 1), (64, 2))):
        if k:
            x = L.Conv2D(d, 3, strides=2, padding="same")(x)
        for _ in range(n):
            y = L.GroupNormalization(groups=1, epsilon=1e-5)(x)
            y = L.Subtract()([L.AveragePooling2D(3, 1, padding="same")(y), y])
            x = L.Add()([x, C.LayerScale(1e-5)(y)])
            y = L.Conv2D(d, 1)(L.Conv2D(4 * d, 1, activation="gelu")(L.GroupNormalization(groups=1, epsilon=1e-5)(x)))
            x = L.Add()([x, C.LayerScale(1e-5)(y)])
    x = L.GlobalAveragePooling2D()(L.GroupNormalization(groups=1, epsilon=1e-5)(x))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(x)), out)


@model("m_mobilevit_keras_io_style", "keras-export", "MobileViT-XXS-like as in the keras.io example [None,64,64,3]: swish conv stem, inverted residual blocks, MobileViT blocks (3x3 + 1x1 conv local features, Reshape to (4, N, d) 'patches', transformer of keras MultiHeadAttention over both non-batch axes + swish MLP with Dropout, Reshape back, 1x1 conv, Concatenate with input, 3x3 conv), 1x1 conv, GAP, Dense softmax(10)")
def b_mobilevit(out):
    def conv(x, f, k=3, s=1):
        return L.Conv2D(f, k, strides=s, activation="swish", padding="same")(x)

    def inverted_residual(x, expanded, outc, s=1):
        m = L.Activation("swish")(L.BatchNormalization()(L.Conv2D(expanded, 1, padding="same", use_bias=False)(x)))
        m = L.Activation("swish")(L.BatchNormalization()(L.DepthwiseConv2D(3, s, padding="same", use_bias=False)(m)))
        m = L.BatchNormalization()(L.Conv2D(outc, 1, padding="same", use_bias=False)(m))
        return L.Add()([m, x]) if s == 1 and x.shape[-1] == outc else m

    def transformer(x, n, d, heads=2):
        for _ in range(n):
            x1 = L.LayerNormalization(epsilon=1e-6)(x)
            x2 = L.Add()([L.MultiHeadAttention(heads, d, dropout=0.1)(x1, x1), x])
            x3 = L.LayerNormalization(epsilon=1e-6)(x2)
            x3 = L.Dropout(0.1)(L.Dense(d, activation="swish")(L.Dropout(0.1)(L.Dense(2 * d, activation="swish")(x3))))
            x = L.Add()([x3, x2])
        return x

    def mobilevit_block(x, n, d, patch=4):
        local = conv(conv(x, d), d, k=1)
        patches = L.Reshape((patch, local.shape[1] * local.shape[2] // patch, d))(local)
        folded = L.Reshape((*local.shape[1:-1], d))(transformer(patches, n, d))
        return conv(L.Concatenate()([x, conv(folded, x.shape[-1], k=1)]), d)
    i = keras.Input((64, 64, 3), name="image")
    x = inverted_residual(conv(i, 16, s=2), 32, 16)
    x = inverted_residual(inverted_residual(x, 32, 24, s=2), 48, 24)
    x = mobilevit_block(inverted_residual(x, 48, 32, s=2), 2, 32)
    x = mobilevit_block(inverted_residual(x, 64, 48, s=2), 2, 48)
    x = L.GlobalAveragePooling2D()(conv(x, 96, k=1))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(x)), out)


@model("m_coatnet_mbconv_rel_attention", "keras-export", "CoAtNet-0-like [None,64,64,3]: conv stem, 2 MBConv stages (pre-BN, 1x1 expand GELU, 3x3 depthwise GELU, SE, 1x1 project, MaxPool + 1x1 conv shortcut on downsampling), transformer stage at 4x4 (LN, MaxPool downsampling, relative-position-bias attention over all 16 tokens, Dense-GELU FFN), GAP, LN, Dense(10) logits")
def b_coatnet(out):
    def mbconv_pre(x, outc, s):
        sc = x if s == 1 and x.shape[-1] == outc else L.Conv2D(outc, 1)(L.MaxPooling2D(s, padding="same")(x))
        y = L.BatchNormalization()(x)
        y = cbr(y, x.shape[-1] * 4, 1, s, "gelu")
        y = L.Activation("gelu")(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(y)))
        y = L.Conv2D(outc, 1)(se_block(y, 0.25, act="gelu", base=x.shape[-1]))
        return L.Add()([sc, y])

    def rel_transformer(x, outc, heads, s):
        y = L.LayerNormalization(epsilon=1e-5)(x)
        if s == 2:
            x, y = L.Conv2D(outc, 1)(L.MaxPooling2D(2)(x)), L.MaxPooling2D(2)(y)
        h, w = y.shape[1], y.shape[2]
        t = C.WindowAttention(outc, heads, h)(L.Reshape((h * w, y.shape[-1]))(y))
        x = L.Add()([x, L.Reshape((h, w, outc))(t)])
        y = L.Dense(outc)(L.Dense(4 * outc, activation="gelu")(L.LayerNormalization(epsilon=1e-5)(x)))
        return L.Add()([x, y])
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(cbr(i, 16, 3, 2, "gelu"), 16, act="gelu")
    x = mbconv_pre(mbconv_pre(x, 24, 2), 24, 1)
    x = mbconv_pre(x, 32, 2)
    x = rel_transformer(rel_transformer(x, 48, 2, 2), 48, 2, 1)
    x = L.LayerNormalization(epsilon=1e-5)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(i, L.Dense(10)(x)), out)


@model("m_maxvit_block_grid_attention", "keras-export", "MaxViT-like [None,64,64,3]: conv stem, 2 stages of MBConv (1x1 expand, depthwise, SE, project) + block attention (4x4 windows) + grid attention (4x4 dilated grid via reshape/transpose) layers with relative position bias tables, GAP, LN, Dense softmax(10)")
def b_maxvit(out):
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(cbr(i, 16, 3, 2, "gelu"), 16, act="gelu")
    for d, heads in ((32, 2), (48, 2)):
        x = mbconv(x, d, 4, 2, se=0.25, act="gelu")
        x = C.PartitionAttention(d, heads, 4)(x)
        x = C.PartitionAttention(d, heads, 4 if x.shape[1] >= 8 else 2, grid=True)(x)
    x = L.LayerNormalization(epsilon=1e-5)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(x)), out)


# ================================================================================ preprocessing in the model, mixed precision

@model("m_preproc_resize_centercrop_normalize", "keras-export", "classifier taking raw pixels float [None,None,None,3] (0..255, any size): Resizing(72,72) bilinear, CenterCrop(64,64), Rescaling(1/255), Normalization(ImageNet mean/variance) inside the model, then conv-BN-ReLU / depthwise-separable stack, GAP, Dense softmax(10)")
def b_preproc(out):
    i = keras.Input((None, None, 3), name="image")
    x = L.CenterCrop(64, 64)(L.Resizing(72, 72)(i))
    x = L.Normalization(mean=list(IMAGENET_MEAN), variance=[s * s for s in IMAGENET_STD])(L.Rescaling(1.0 / 255)(x))
    x = cbr(x, 16, 3, 2)
    for f in (32, 64, 64):
        x = L.ReLU()(L.BatchNormalization()(L.SeparableConv2D(f, 3, strides=2, padding="same", use_bias=False)(x)))
    keras_export(keras.Model(i, L.Dense(10, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("m_augment_layers_left_in_model", "keras-export", "the keras.io 'data augmentation inside the model' pattern [None,64,64,3]: Sequential(RandomFlip horizontal, RandomRotation 0.1, RandomZoom 0.1, RandomContrast 0.1) then Rescaling(1/255), small residual CNN, GAP, Dropout, Dense(10) logits; Keras model.export, which traces without training=False, so the random layers keep their training=True default and stay active in the exported graph (StatelessRandomUniformV2, ImageProjectiveTransformV3); tf.saved_model.save refuses the untracked SeedGenerator state")
def b_augment(out):
    aug = keras.Sequential([L.RandomFlip("horizontal"), L.RandomRotation(0.1), L.RandomZoom(0.1), L.RandomContrast(0.1)], name="data_augmentation")
    i = keras.Input((64, 64, 3), name="image")
    x = cbr(L.Rescaling(1.0 / 255)(aug(i)), 16, 3, 2)
    for f in (32, 64):
        y = cbr(cbr(x, f, 3, 2), f, act=None)
        x = L.ReLU()(L.Add()([y, cbr(x, f, 1, 2, act=None)]))
    x = L.Dropout(0.3)(L.GlobalAveragePooling2D()(x))
    keras_export(keras.Model(i, L.Dense(10)(x)), out)


@model("m_mixed_f16_app_mobilenetv3small_min", "keras-export", "keras.applications.MobileNetV3Small(minimalistic=True, alpha=0.75, weights=None, classes=10) at [None,64,64,3] built under the mixed_float16 global policy: float16 relu / depthwise / 1x1 conv compute, in-model Rescaling, softmax in the policy dtype (the exported output is float16)")
@mixed_precision
def b_mnv3_f16(out):
    keras_export(keras.applications.MobileNetV3Small(input_shape=(64, 64, 3), alpha=0.75, minimalistic=True, weights=None, classes=10), out)


# ================================================================================ serving modules with pre/post-processing

LABELS = [f"class_{k}" for k in range(10)]


@model("m_serve_uint8_resize_normalize_topk", "tf-module", "tf.Module: uint8 images [None,None,None,3] of any size -> cast float32, tf.image.resize bilinear to 64x64, /255 and ImageNet mean/std normalization, ResNet-D classifier (logits), softmax, tf.math.top_k(5), tf.gather of string labels; returns scores, classes, labels")
def b_serve_uint8(out):
    i = keras.Input((64, 64, 3))
    x = L.MaxPooling2D(3, 2, padding="same")(deep_stem(i))
    for k, f in enumerate((8, 16, 32)):
        x = bottleneck_d(x, f, s=1 if k == 0 else 2)
    net = keras.Model(i, L.Dense(10)(L.GlobalAveragePooling2D()(x)))
    labels = tf.constant(LABELS)

    @tf.function(input_signature=[tensor_spec([None, None, None, 3], tf.uint8, "images")])
    def serve(images):
        x = tf.image.resize(tf.cast(images, tf.float32), [64, 64])
        x = (x / 255.0 - tf.constant(IMAGENET_MEAN)) / tf.constant(IMAGENET_STD)
        scores, idx = tf.math.top_k(tf.nn.softmax(net(x, training=False)), k=5)
        return {"scores": scores, "classes": idx, "labels": tf.gather(labels, idx)}
    serve_module(out, {"model": net}, serving_default=serve)


@model("m_serve_app_mnv3_resize_with_pad_batch1", "tf-module", "tf.Module: one uint8 image [1,None,None,3] -> tf.image.resize_with_pad to 64x64 (letterbox), keras.applications.MobileNetV3Small(minimalistic, alpha 0.75, weights=None, in-model Rescaling) -> probs; top-3 class ids and scores")
def b_serve_mnv3(out):
    net = keras.applications.MobileNetV3Small(input_shape=(64, 64, 3), alpha=0.75, minimalistic=True, weights=None, classes=10)

    @tf.function(input_signature=[tensor_spec([1, None, None, 3], tf.uint8, "image")])
    def serve(image):
        x = tf.image.resize_with_pad(image, 64, 64)
        probs = net(x, training=False)
        scores, idx = tf.math.top_k(probs, k=3)
        return {"probs": probs, "top_scores": scores, "top_classes": idx}
    serve_module(out, {"model": net}, serving_default=serve)


@model("m_serve_convnext_crop_two_signatures", "tf-module", "tf.Module around a ConvNeXt backbone, float images [None,None,None,3] in [0,1]: tf.image.central_crop(0.875) + bicubic tf.image.resize to 64x64 + mean/std normalization; 'serving_default' -> logits, probs; 'embed' -> l2-normalized pooled features")
def b_serve_convnext(out):
    i = keras.Input((64, 64, 3))
    backbone = keras.Model(i, convnext(i, dims=(16, 32, 48), depths=(1, 1, 1), features=True))
    head = L.Dense(10)
    head.build((None, 48))
    spec = [tensor_spec([None, None, None, 3], name="images")]

    def prep(images):
        x = tf.image.resize(tf.image.central_crop(images, 0.875), [64, 64], method="bicubic")
        return (x - tf.constant(IMAGENET_MEAN)) / tf.constant(IMAGENET_STD)

    @tf.function(input_signature=spec)
    def classify(images):
        logits = head(backbone(prep(images), training=False))
        return {"logits": logits, "probs": tf.nn.softmax(logits)}

    @tf.function(input_signature=spec)
    def embed(images):
        return {"embedding": tf.math.l2_normalize(backbone(prep(images), training=False), -1)}
    serve_module(out, {"backbone": backbone, "head": head}, serving_default=classify, embed=embed)


@model("m_serve_tta_flip_average_regnety", "tf-module", "tf.Module test-time augmentation around a RegNetY-style classifier, float [None,64,64,3]: runs the model on the image and on tf.image.flip_left_right(image), averages the softmax outputs; returns probs and int32 argmax class")
def b_serve_tta(out):
    i = keras.Input((64, 64, 3))
    net = keras.Model(i, L.Dense(10, activation="softmax")(regnet(i, widths=(16, 32, 48), depths=(1, 1, 2), se=0.25)))

    @tf.function(input_signature=[tensor_spec([None, 64, 64, 3], name="image")])
    def serve(image):
        p = (net(image, training=False) + net(tf.image.flip_left_right(image), training=False)) / 2.0
        return {"probs": p, "class": tf.argmax(p, -1, output_type=tf.int32)}
    serve_module(out, {"model": net}, serving_default=serve)


# ================================================================================ TF1 graphs


def _v1_conv(x, f, k, s=1, name="conv", bias=False):
    v1 = tf.compat.v1
    w = v1.get_variable(name + "/weights", [k, k, x.shape[-1], f], initializer=v1.glorot_uniform_initializer(seed=0))
    y = tf.nn.conv2d(x, w, [1, s, s, 1], "SAME")
    if bias:
        y = tf.nn.bias_add(y, v1.get_variable(name + "/biases", [f], initializer=v1.zeros_initializer()))
    return y


def _v1_bn(x, name):
    v1 = tf.compat.v1
    c = x.shape[-1]
    with v1.variable_scope(name):
        gamma = v1.get_variable("gamma", [c], initializer=v1.ones_initializer())
        beta = v1.get_variable("beta", [c], initializer=v1.zeros_initializer())
        mean = v1.get_variable("moving_mean", [c], initializer=v1.random_normal_initializer(0.0, 0.1, seed=1), trainable=False)
        var = v1.get_variable("moving_variance", [c], initializer=v1.random_uniform_initializer(0.5, 1.5, seed=2), trainable=False)
    y, _, _ = v1.nn.fused_batch_norm(x, gamma, beta, mean, var, epsilon=1e-3, is_training=False)
    return y


@model("m_tf1_resnet_fused_bn_builder", "tf1-savedmodel", "TF1 tf.compat.v1 ResNet-18-style at tiny width: placeholder images float [None,32,32,3], get_variable convs (tf.nn.conv2d), tf.compat.v1.nn.fused_batch_norm(is_training=False) with moving statistics, relu, basic residual blocks with 1x1/2 projection, reduce_mean pooling, matmul logits, softmax + argmax; SavedModelBuilder predict signature")
def b_tf1_resnet(out):
    v1 = tf.compat.v1

    def build():
        images = v1.placeholder(tf.float32, [None, 32, 32, 3], name="images")
        x = tf.nn.relu(_v1_bn(_v1_conv(images, 16, 3, name="conv1"), "bn1"))
        for k, (f, s) in enumerate(((16, 1), (32, 2), (64, 2))):
            with v1.variable_scope(f"block{k}"):
                y = tf.nn.relu(_v1_bn(_v1_conv(x, f, 3, s, "conv_a"), "bn_a"))
                y = _v1_bn(_v1_conv(y, f, 3, 1, "conv_b"), "bn_b")
                sc = x if s == 1 and x.shape[-1] == f else _v1_bn(_v1_conv(x, f, 1, s, "proj"), "bn_proj")
                x = tf.nn.relu(y + sc)
        x = tf.reduce_mean(x, [1, 2])
        w = v1.get_variable("fc/weights", [64, 10], initializer=v1.glorot_uniform_initializer(seed=0))
        logits = v1.nn.xw_plus_b(x, w, v1.get_variable("fc/biases", [10], initializer=v1.zeros_initializer()), name="logits")
        probs = tf.nn.softmax(logits, name="probs")
        return {"serving_default": ({"images": images}, {"probs": probs, "classes": tf.argmax(probs, -1, name="classes")})}
    tf1_saved_model(out, build)


@model("m_tf1_mobilenet_v1_simple_save", "tf1-savedmodel", "TF1 tf.compat.v1 MobileNetV1 (width 0.25) with folded batch norm: placeholder input float [None,64,64,3], conv/2 + bias + relu6, depthwise-separable blocks (tf.nn.depthwise_conv2d + bias + relu6, 1x1 conv + bias + relu6), avg_pool2d 4x4 VALID over the final 4x4 map, squeeze, 1x1 conv logits, softmax; tf.compat.v1.saved_model.simple_save")
def b_tf1_mobilenet(out):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        x = inp = v1.placeholder(tf.float32, [None, 64, 64, 3], name="input")
        x = tf.nn.relu6(_v1_conv(x, 8, 3, 2, "Conv2d_0", bias=True))
        for k, (f, s) in enumerate(((16, 1), (32, 2), (32, 1), (64, 2), (64, 1), (128, 2))):
            with v1.variable_scope(f"Conv2d_{k + 1}"):
                dw = v1.get_variable("depthwise_weights", [3, 3, x.shape[-1], 1], initializer=v1.glorot_uniform_initializer(seed=k))
                b = v1.get_variable("depthwise_biases", [x.shape[-1]], initializer=v1.zeros_initializer())
                x = tf.nn.relu6(tf.nn.bias_add(tf.nn.depthwise_conv2d(x, dw, [1, s, s, 1], "SAME"), b))
                x = tf.nn.relu6(_v1_conv(x, f, 1, name="pointwise", bias=True))
        x = tf.nn.avg_pool2d(x, [1, 4, 4, 1], [1, 1, 1, 1], "VALID")
        logits = tf.squeeze(_v1_conv(x, 10, 1, name="Logits", bias=True), [1, 2], name="logits")
        probs = tf.nn.softmax(logits, name="Predictions")
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            v1.saved_model.simple_save(s, str(out), {"input": inp}, {"predictions": probs, "logits": logits})


@model("m_tf1_inception_frozen_graph_util", "frozen-pb", "TF1 tf.compat.v1 GoogLeNet-style graph frozen with tf.compat.v1.graph_util.convert_variables_to_constants: placeholder input float [None,48,48,3], 7x7/2 conv + relu + max_pool 3x3/2, local response normalization, 2 inception modules (1x1 / 1x1-3x3 / 1x1-5x5 / max_pool-1x1, tf.concat), avg_pool, reshape, matmul, softmax named 'probs'")
def b_tf1_inception(out):
    v1 = tf.compat.v1

    def relu_conv(x, f, k, s=1, name="conv"):
        return tf.nn.relu(_v1_conv(x, f, k, s, name, bias=True))

    def inception(x, name, f1, f3r, f3, f5r, f5, fp):
        with v1.variable_scope(name):
            b1 = relu_conv(x, f1, 1, name="1x1")
            b2 = relu_conv(relu_conv(x, f3r, 1, name="3x3_reduce"), f3, 3, name="3x3")
            b3 = relu_conv(relu_conv(x, f5r, 1, name="5x5_reduce"), f5, 5, name="5x5")
            b4 = relu_conv(tf.nn.max_pool2d(x, 3, 1, "SAME"), fp, 1, name="pool_proj")
            return tf.concat([b1, b2, b3, b4], 3)
    with tf.Graph().as_default() as g:
        inp = v1.placeholder(tf.float32, [None, 48, 48, 3], name="input")
        x = tf.nn.max_pool2d(relu_conv(inp, 16, 7, 2, "conv1"), 3, 2, "SAME")
        x = tf.nn.local_response_normalization(x, depth_radius=2, bias=1.0, alpha=2e-5, beta=0.75)
        x = relu_conv(x, 32, 3, name="conv2")
        x = inception(inception(x, "inception_3a", 8, 12, 16, 4, 8, 8), "inception_3b", 16, 16, 24, 4, 12, 12)
        x = tf.nn.avg_pool2d(tf.nn.max_pool2d(x, 3, 2, "SAME"), 6, 1, "VALID")
        x = tf.reshape(x, [-1, x.shape[-1]])
        w = v1.get_variable("loss3/classifier/weights", [x.shape[-1], 10], initializer=v1.glorot_uniform_initializer(seed=0))
        tf.nn.softmax(tf.matmul(x, w) + v1.get_variable("loss3/classifier/biases", [10], initializer=v1.zeros_initializer()), name="probs")
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), ["probs"])
    out.write_bytes(frozen.SerializeToString())


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops

    class GRN(L.Layer):
        """ConvNeXt V2 global response normalization"""
        def build(self, s):
            self.gamma = self.add_weight(shape=(1, 1, 1, s[-1]), initializer="zeros", name="gamma")
            self.beta = self.add_weight(shape=(1, 1, 1, s[-1]), initializer="zeros", name="beta")

        def call(self, x):
            gx = tf.norm(x, ord="euclidean", axis=(1, 2), keepdims=True)
            nx = gx / (tf.reduce_mean(gx, axis=-1, keepdims=True) + 1e-6)
            return self.gamma * (x * nx) + self.beta + x
    _custom()
    C.GRN = GRN


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, finite=True)))
