"""Build an independently made corpus into bench/out/fresh32/: attention and transformer variants the way on-device /
edge teams build them for LiteRT (TFLite: float, full-integer int8, GPU delegate) and Cloud TPU. Vision transformers
(a DeiT-tiny with class and distillation tokens, a ViT written in raw TF with hand LayerNorm / softmax / erf GELU, a
dynamic-batch ViT on tf.image.extract_patches with tanh GELU, MobileViT blocks with unfold / fold by reshape +
transpose, a MobileViTv2-style separable (linear) attention, Swin window attention with shifted windows by tf.roll or
by concatenated slices, attention masks for the shifted windows and relative-position bias tables gathered by a
constant index, Keras MultiHeadAttention over 2-D feature maps and axial attention via attention_axes, EViT-style
token pruning with top_k + gather(batch_dims=1), a Perceiver with Fourier features and latent cross-attention, a ViT
under the mixed_bfloat16 policy with a fixed TPU batch); attention mechanisms (linear attention with elu+1 features
and three-operand einsum, causal linear attention by cumsum with a recurrent-state step signature, Performer FAVOR+
random features, rotary embeddings by split halves and interleaved pairs, ALiBi, multi-query and grouped-query
attention written by hand and keras.layers.GroupQueryAttention, causal masks from band_part, ops.tril or a constant,
T5 relative-position buckets computed in the graph, sliding-window band attention with a global token, einsum
attention in several equation forms); decoding (KV-cache single-step decode with the cache as inputs / outputs,
updated by tensor_scatter_nd_update, by a one-hot blend and by keras.ops.slice_update (XlaDynamicUpdateSlice),
encoder-decoder cross-attention, greedy decoding in a tf.while_loop); BERT-tiny classifiers with int32 token ids and
an attention mask input (Keras, and raw TF with the extended -10000 mask and dynamic batch / length); Keras
MultiHeadAttention with different key / value dims and output_shape, on time series [1,T,1] and over the feature
axis of [B,T,F]; speech (a Conformer block with DepthwiseConv1D on log-mel frames, a dynamic-length speech
transformer frozen to a GraphDef, a keyword transformer with an in-model STFT log-mel front end); QAT-style models with
hand-placed tf.quantization.fake_quant_with_min_max_vars / _per_channel (a raw ViT, a BERT with trainable ranges in
Keras layers, a frozen MobileViT-ish block). Keras 3 layers, keras.ops and raw tf ops in tf.Module / tf.function.
Exported with Keras 3 model.export (mostly an input signature with a fixed batch of 1, some dynamic batch),
keras.export.ExportArchive with one or two endpoints, tf.saved_model.save of tf.Modules with explicit signatures
(several signatures where a decoder serves prefill and decode), and TF2 functions frozen with
convert_variables_to_constants_v2. Seeded random weights; nothing is downloaded; every model runs forward once while
it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh32.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh32.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh32.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh32.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh32.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh32", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = None

# Inputs that need real values (token ids below a vocabulary size, attention masks, decode positions, lengths): model
# -> {input name (or "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by
# the run each model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces: exporting

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _specs(m, fixed=True):
    """TensorSpecs named after the Keras Inputs, in the structure of m.input; batch kept (fixed) or relaxed to None"""
    return keras.tree.map_structure(
        lambda t: tensor_spec(list(t.shape) if fixed else [None, *t.shape[1:]], t.dtype, t.name), m.input)


def _export(m, out, fixed=True):
    """run the model once (inference) on the --check inputs, then model.export: with an input signature keeping the
    Inputs' fixed batch (as LiteRT / TPU conversion scripts do) or Keras' own relaxed signature (dynamic batch)"""
    struct = _specs(m, fixed)
    vals = _feed(out, keras.tree.flatten(struct))
    m(keras.tree.map_structure(lambda s: vals[s.name], struct), training=False)
    keras_export(m, out, sig=[struct] if fixed else None)


def _archive(out, track, **endpoints):
    """keras.export.ExportArchive: track the models / layers, add each endpoint name=(fn, [named TensorSpecs]) after
    running it once on the --check inputs, write_out (the first endpoint is also serving_default)"""
    arch = keras.export.ExportArchive()
    for t in track:
        arch.track(t)
    for name, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, name)
        fn(*[vals[s.name] for s in specs])
        arch.add_endpoint(name=name, fn=fn, input_signature=specs)
    arch.write_out(str(out), verbose=False)


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


def _ids(rng, shape, vocab, pad_from=None):
    """token ids in [1, vocab), zero padding from position `pad_from` on"""
    a = rng.integers(1, vocab, shape)
    if pad_from is not None:
        a[..., pad_from:] = 0
    return a


def _mask(shape, valid):
    """an int attention mask: 1 for the first `valid` positions, 0 after (padding)"""
    m = np.zeros(shape, "int32")
    m[..., :valid] = 1
    return m


# ================================================================================ shared pieces: raw TF transformers

class _Params:
    """seeded tf.Variables for raw-TF models: normal(0, 1/sqrt(fan_in)) weights unless std / value is given"""

    def __init__(self, seed):
        self.rng, self.vars = np.random.default_rng(seed), []

    def __call__(self, name, *shape, std=None, value=None):
        if value is None:
            std = std if std is not None else (1.0 / np.sqrt(shape[-2]) if len(shape) >= 2 else 0.02)
            value = self.rng.normal(0.0, std, shape)
        v = tf.Variable(np.asarray(value, "float32"), name=name)
        self.vars.append(v)
        return v

    def ones(self, name, n):
        return self(name, value=np.ones(n))

    def zeros(self, name, *shape):
        return self(name, value=np.zeros(shape))

    def layer(self, name, d, ff, kv=None, bias=True, norm_bias=True, gated=False):
        """one transformer layer's weights: wq [d,d], wk / wv [d,kv], wo, norms n1 / n2, FFN w1 (w3 if gated), w2"""
        kv = kv or d
        p = {"wq": self(f"{name}/wq", d, d), "wk": self(f"{name}/wk", d, kv), "wv": self(f"{name}/wv", d, kv),
             "wo": self(f"{name}/wo", d, d), "w1": self(f"{name}/w1", d, ff), "w2": self(f"{name}/w2", ff, d),
             "n1": self.ones(f"{name}/norm1_gamma", d), "n2": self.ones(f"{name}/norm2_gamma", d)}
        if gated:
            p["w3"] = self(f"{name}/w3", d, ff)
        if norm_bias:
            p["n1b"], p["n2b"] = self.zeros(f"{name}/norm1_beta", d), self.zeros(f"{name}/norm2_beta", d)
        if bias:
            p["b1"], p["b2"] = self.zeros(f"{name}/b1", ff), self.zeros(f"{name}/b2", d)
        return p


def _ln(x, g, b, eps=1e-5):
    """LayerNorm by hand: reduce_mean, mean of squared deviations, rsqrt"""
    mu = tf.reduce_mean(x, axis=-1, keepdims=True)
    var = tf.reduce_mean(tf.square(x - mu), axis=-1, keepdims=True)
    return (x - mu) * tf.math.rsqrt(var + eps) * g + b


def _rms(x, g, eps=1e-6):
    """RMSNorm by hand: x * rsqrt(mean(x^2) + eps) * gamma"""
    return x * tf.math.rsqrt(tf.reduce_mean(tf.square(x), axis=-1, keepdims=True) + eps) * g


def _softmax(x):
    """softmax by hand: subtract reduce_max, exp, divide by reduce_sum"""
    e = tf.exp(x - tf.reduce_max(x, axis=-1, keepdims=True))
    return e / tf.reduce_sum(e, axis=-1, keepdims=True)


def _gelu_erf(x):
    return 0.5 * x * (1.0 + tf.math.erf(x * 0.7071067811865476))


def _gelu_tanh(x):
    return 0.5 * x * (1.0 + tf.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


def _heads(x, h):
    """[B,T,h*d] -> [B,h,T,d] by reshape (batch / length from tf.shape) + transpose"""
    s = tf.shape(x)
    return tf.transpose(tf.reshape(x, [s[0], s[1], h, x.shape[-1] // h]), [0, 2, 1, 3])


def _merge(x):
    """[B,h,T,d] -> [B,T,h*d]"""
    s = tf.shape(x)
    return tf.reshape(tf.transpose(x, [0, 2, 1, 3]), [s[0], s[2], x.shape[1] * x.shape[3]])


def _attend(q, k, v, bias=None, soft=None, scale=True):
    """scaled dot-product attention on [B,h,T,d]: matmul(transpose_b), + additive bias / mask, softmax, matmul"""
    s = tf.matmul(q, k, transpose_b=True)
    if scale:
        s = s * (1.0 / float(np.sqrt(q.shape[-1])))
    if bias is not None:
        s = s + bias
    return tf.matmul((soft or _softmax)(s), v)


def _mha(x, mem, p, h, bias=None, soft=None):
    """multi-head attention with the weights of _Params.layer (no projection biases)"""
    q, k, v = _heads(tf.matmul(x, p["wq"]), h), _heads(tf.matmul(mem, p["wk"]), h), _heads(tf.matmul(mem, p["wv"]), h)
    return tf.matmul(_merge(_attend(q, k, v, bias, soft)), p["wo"])


def _ffn(x, p, act):
    return tf.matmul(act(tf.matmul(x, p["w1"]) + p["b1"]), p["w2"]) + p["b2"]


def _prenorm_layer(x, p, h, bias=None, act=None, eps=1e-5):
    """GPT / ViT pre-norm layer with hand LayerNorm: x + MHA(LN(x)), x + FFN(LN(x))"""
    y = _ln(x, p["n1"], p["n1b"], eps)
    x = x + _mha(y, y, p, h, bias)
    return x + _ffn(_ln(x, p["n2"], p["n2b"], eps), p, act or _gelu_erf)


def _patchify(img, p):
    """[B,H,W,C] -> [B,(H/p)(W/p),p*p*C] patches by reshape + transpose (static spatial sizes)"""
    _, hh, ww, c = img.shape
    x = tf.reshape(img, [-1, hh // p, p, ww // p, p, c])
    return tf.reshape(tf.transpose(x, [0, 1, 3, 2, 4, 5]), [-1, (hh // p) * (ww // p), p * p * c])


def _sinusoid(n, d):
    """fixed sinusoidal position table [n, d] (numpy): sin on the first half, cos on the second"""
    pos, i = np.arange(n)[:, None], np.arange(d // 2)[None, :]
    ang = pos / np.power(10000.0, 2 * i / d)
    return np.concatenate([np.sin(ang), np.cos(ang)], axis=-1).astype("float32")


def _rope_tables(n, d, base=10000.0):
    """rotary tables [n, d/2]: cos and sin of position * base^(-2i/d)"""
    ang = np.arange(n)[:, None] * base ** (-np.arange(0, d, 2)[None, :] / d)
    return np.cos(ang).astype("float32"), np.sin(ang).astype("float32")


def _swin_rel_index(m):
    """Swin relative-position index [m*m, m*m] into a ((2m-1)^2, heads) bias table"""
    c = np.stack(np.meshgrid(np.arange(m), np.arange(m), indexing="ij")).reshape(2, -1)
    r = (c[:, :, None] - c[:, None, :]).transpose(1, 2, 0) + (m - 1)
    return (r[..., 0] * (2 * m - 1) + r[..., 1]).astype("int32")


def _swin_shift_mask(hh, ww, m, s):
    """Swin attention mask for shifted windows [nW, m*m, m*m]: -100 between tokens from different regions"""
    img, cnt = np.zeros((hh, ww)), 0
    for hs in (slice(0, -m), slice(-m, -s), slice(-s, None)):
        for ws in (slice(0, -m), slice(-m, -s), slice(-s, None)):
            img[hs, ws], cnt = cnt, cnt + 1
    win = img.reshape(hh // m, m, ww // m, m).transpose(0, 2, 1, 3).reshape(-1, m * m)
    return np.where(win[:, None, :] != win[:, :, None], -100.0, 0.0).astype("float32")


def _win_part(x, m):
    """[B,H,W,C] -> [B*nW, m*m, C] windows (reshape + transpose, static sizes)"""
    _, hh, ww, c = x.shape
    x = tf.reshape(x, [-1, hh // m, m, ww // m, m, c])
    return tf.reshape(tf.transpose(x, [0, 1, 3, 2, 4, 5]), [-1, m * m, c])


def _win_merge(w, m, hh, ww):
    """[B*nW, m*m, C] -> [B,H,W,C]"""
    c = w.shape[-1]
    x = tf.reshape(w, [-1, hh // m, ww // m, m, m, c])
    return tf.reshape(tf.transpose(x, [0, 1, 3, 2, 4, 5]), [-1, hh, ww, c])


# ================================================================================ shared pieces: Keras

def _block(x, heads, key_dim, mlp, act="gelu", eps=1e-6, drop=0.0, mask=None, causal=False, post=False):
    """transformer block from Keras layers: pre-norm (ViT) or post-norm (BERT / keras.io) MHA + MLP with residuals"""
    d = x.shape[-1]
    if post:
        a = L.MultiHeadAttention(heads, key_dim, dropout=drop)(x, x, attention_mask=mask, use_causal_mask=causal)
        x = L.LayerNormalization(epsilon=eps)(L.Add()([x, L.Dropout(drop)(a)]))
        f = L.Dense(d)(L.Dense(mlp, activation=act)(x))
        return L.LayerNormalization(epsilon=eps)(L.Add()([x, L.Dropout(drop)(f)]))
    h = L.LayerNormalization(epsilon=eps)(x)
    x = L.Add()([x, L.MultiHeadAttention(heads, key_dim, dropout=drop)(h, h, attention_mask=mask, use_causal_mask=causal)])
    h = L.LayerNormalization(epsilon=eps)(x)
    return L.Add()([x, L.Dropout(drop)(L.Dense(d)(L.Dense(mlp, activation=act)(h)))])


def _layers():
    """the custom layers several models share, defined once keras is imported"""
    global Tokens, TokenAndPosition, HandRMSNorm, PairMask

    class Tokens(L.Layer):
        """learned tokens prepended to a patch sequence (class token, and a distillation token for DeiT) plus a learned
        position embedding (add_weight, truncated normal 0.02) over all of them"""

        def __init__(self, n_tokens=1, **kw):
            super().__init__(**kw)
            self.n_tokens = n_tokens

        def build(self, input_shape):
            init = keras.initializers.TruncatedNormal(stddev=0.02)
            self.tok = self.add_weight(shape=(1, self.n_tokens, input_shape[-1]), initializer=init, name="tokens")
            self.pos = self.add_weight(shape=(1, input_shape[1] + self.n_tokens, input_shape[-1]), initializer=init,
                                       name="pos_embed")

        def call(self, x):
            tok = ops.broadcast_to(ops.cast(self.tok, x.dtype), (ops.shape(x)[0], self.n_tokens, ops.shape(x)[-1]))
            return ops.concatenate([tok, x], axis=1) + ops.cast(self.pos, x.dtype)

    class TokenAndPosition(L.Layer):
        """token Embedding + position Embedding of ops.arange(length)"""

        def __init__(self, maxlen, vocab, dim, **kw):
            super().__init__(**kw)
            self.tok, self.pos = L.Embedding(vocab, dim), L.Embedding(maxlen, dim)

        def call(self, ids):
            return self.tok(ids) + self.pos(ops.arange(ops.shape(ids)[-1]))[None]

    class HandRMSNorm(L.Layer):
        """RMSNorm written with keras.ops: x * rsqrt(mean(x^2) + eps) * scale"""

        def __init__(self, eps=1e-6, **kw):
            super().__init__(**kw)
            self.eps = eps

        def build(self, input_shape):
            self.scale = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="scale")

        def call(self, x):
            return x * ops.rsqrt(ops.mean(ops.square(x), axis=-1, keepdims=True) + self.eps) * self.scale

    class PairMask(L.Layer):
        """[B,S] int padding mask (or ids, nonzero = real) -> boolean attention mask [B,T,S] for T queries"""

        def __init__(self, queries=None, **kw):
            super().__init__(**kw)
            self.queries = queries

        def call(self, m):
            m = ops.not_equal(m, 0)[:, None, :]
            t = self.queries or ops.shape(m)[-1]
            return ops.broadcast_to(m, (ops.shape(m)[0], t, ops.shape(m)[-1]))


Tokens = TokenAndPosition = HandRMSNorm = PairMask = None


# ================================================================================ vision transformers

@model("f32_deit_tiny_cls_distill_tokens", "keras-export", "DeiT-tiny shrunk for 32x32 images, float [1,32,32,3]: Conv2D(48, 4, stride 4) patch embedding + Reshape [64,48], custom layer prepending a class token AND a distillation token (add_weight, ops.broadcast_to + ops.concatenate) plus a learned position embedding [1,66,48]; 3 pre-norm blocks (LayerNormalization eps 1e-6, MultiHeadAttention 3x16, Dense gelu (erf) MLP 96); final LayerNormalization; cls head Dense(10) on token 0, distillation head Dense(10) on token 1, inference logits = their average; outputs logits, cls_logits, dist_logits")
def b_deit(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.Reshape((64, 48))(L.Conv2D(48, 4, strides=4, name="patch_embed")(inp))
    x = Tokens(2, name="cls_dist_tokens")(x)
    for _ in range(3):
        x = _block(x, 3, 16, 96)
    x = L.LayerNormalization(epsilon=1e-6)(x)
    cls, dist = L.Dense(10, name="head")(x[:, 0]), L.Dense(10, name="head_dist")(x[:, 1])
    _export(keras.Model(inp, {"logits": L.Average()([cls, dist]), "cls_logits": cls, "dist_logits": dist}), out)


@model("f32_vit_raw_hand_layernorm_softmax_module", "tf-module", "ViT written in raw TF in a tf.Module (tf.Variables, no Keras), float image [1,32,32,3]: patchify by reshape [1,8,4,8,4,3] + transpose + reshape [1,64,48], matmul patch embedding, class token tf.Variable concatenated (tf.tile over tf.shape batch), learned positions; 2 pre-norm layers with LayerNorm by hand (reduce_mean, squared deviations, rsqrt), softmax by hand (reduce_max subtraction, exp, reduce_sum), exact GELU 0.5x(1+erf(x/sqrt2)), 2 heads by reshape / transpose; outputs logits [1,10] and probabilities (hand softmax)")
def b_vit_raw(out):
    P, d = _Params(1), 32
    w_patch, b_patch = P("patch_w", 48, d), P.zeros("patch_b", d)
    cls, pos = P("cls_token", 1, 1, d, std=0.02), P("pos_embed", 1, 65, d, std=0.02)
    layers = [P.layer(f"layer{i}", d, 64) for i in range(2)]
    ng, nb, w_head, b_head = P.ones("norm_g", d), P.zeros("norm_b", d), P("head_w", d, 10), P.zeros("head_b", 10)

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        x = tf.matmul(_patchify(image, 4), w_patch) + b_patch
        x = tf.concat([tf.tile(cls, [tf.shape(x)[0], 1, 1]), x], axis=1) + pos
        for p in layers:
            x = _prenorm_layer(x, p, 2, act=_gelu_erf, eps=1e-6)
        logits = tf.matmul(_ln(x[:, 0], ng, nb, 1e-6), w_head) + b_head
        return {"logits": logits, "probabilities": _softmax(logits)}
    _save(out, {"params": P.vars}, serving_default=serve)


@model("f32_vit_extract_patches_tanh_gelu_dynamic", "keras-export", "GAP-pooled ViT (no class token) with dynamic batch, float [None,32,32,3]: custom Patches layer calling tf.image.extract_patches (4x4, VALID) + tf.reshape to [B,64,48], Dense(64) projection, custom learned position embedding (add_weight [64,64]), 2 pre-norm blocks with MultiHeadAttention 4x16 and an MLP using the tanh GELU (ops.gelu approximate=True), LayerNormalization, GlobalAveragePooling1D, Dense(10); model.export with Keras' own (batch None) signature")
def b_vit_dyn(out):
    class Patches(L.Layer):
        def call(self, images):
            p = tf.image.extract_patches(images, sizes=[1, 4, 4, 1], strides=[1, 4, 4, 1], rates=[1, 1, 1, 1],
                                         padding="VALID")
            return tf.reshape(p, [tf.shape(images)[0], 64, 48])

    class PosEmbed(L.Layer):
        def build(self, s):
            self.pos = self.add_weight(shape=(s[1], s[2]), initializer="random_normal", name="pos")

        def call(self, x):
            return x + self.pos[None]
    inp = keras.Input((32, 32, 3), name="image")
    x = PosEmbed()(L.Dense(64)(Patches()(inp)))
    for _ in range(2):
        x = _block(x, 4, 16, 128, act=lambda t: ops.gelu(t, approximate=True))
    x = L.GlobalAveragePooling1D()(L.LayerNormalization(epsilon=1e-6)(x))
    _export(keras.Model(inp, L.Dense(10, name="logits")(x)), out, fixed=False)


def _mv2(x, expand, cout, stride):
    """MobileNetV2 inverted residual: 1x1 expand + BN + swish, DepthwiseConv2D + BN + swish, 1x1 project + BN"""
    h = L.Activation("swish")(L.BatchNormalization()(L.Conv2D(x.shape[-1] * expand, 1, use_bias=False)(x)))
    h = L.Activation("swish")(L.BatchNormalization()(L.DepthwiseConv2D(3, stride, "same", use_bias=False)(h)))
    h = L.BatchNormalization()(L.Conv2D(cout, 1, use_bias=False)(h))
    return L.Add()([x, h]) if stride == 1 and x.shape[-1] == cout else h


def _mobilevit_layers():
    class Unfold(L.Layer):
        """MobileViT unfolding, 2x2 patches: [B,H,W,C] -> reshape [B,H/2,2,W/2,2,C] -> transpose -> [B*4, H*W/4, C]"""

        def call(self, x):
            _, hh, ww, c = x.shape
            x = ops.reshape(x, (-1, hh // 2, 2, ww // 2, 2, c))
            return ops.reshape(ops.transpose(x, (0, 2, 4, 1, 3, 5)), (-1, (hh // 2) * (ww // 2), c))

    class Fold(L.Layer):
        """inverse of Unfold back to [B,H,W,C]"""

        def __init__(self, hh, ww, **kw):
            super().__init__(**kw)
            self.hh, self.ww = hh, ww

        def call(self, x):
            c = x.shape[-1]
            x = ops.reshape(x, (-1, 2, 2, self.hh // 2, self.ww // 2, c))
            return ops.reshape(ops.transpose(x, (0, 3, 1, 4, 2, 5)), (-1, self.hh, self.ww, c))
    return Unfold, Fold


@model("f32_mobilevit_xxs_unfold_fold", "keras-export", "MobileViT-XXS-like classifier, float [1,64,64,3]: Conv2D stride 2 + BN + swish stem, MobileNetV2 inverted residuals (DepthwiseConv2D) down to 8x8x32, a MobileViT block (3x3 Conv2D local rep + 1x1 to d=48, Unfold custom layer [1,8,8,48] -> reshape [1,4,2,4,2,48] -> ops.transpose -> [4,16,48] (2x2 patches), 2 transformer layers with MultiHeadAttention 2x24 + swish MLP, LayerNormalization, Fold back, 1x1 Conv2D, Concatenate with the block input, 3x3 Conv2D fusion), 1x1 Conv2D 64, GlobalAveragePooling2D, Dense(5)")
def b_mobilevit(out):
    Unfold, Fold = _mobilevit_layers()
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Activation("swish")(L.BatchNormalization()(L.Conv2D(16, 3, 2, "same", use_bias=False)(inp)))
    x = _mv2(x, 2, 16, 1)
    x = _mv2(_mv2(x, 2, 24, 2), 2, 24, 1)
    x = _mv2(_mv2(x, 2, 32, 2), 2, 32, 1)  # 8x8x32
    local = L.Conv2D(48, 1, use_bias=False)(L.Activation("swish")(L.Conv2D(32, 3, padding="same")(x)))
    t = Unfold()(local)
    for _ in range(2):
        t = _block(t, 2, 24, 96, act="swish", eps=1e-5)
    t = Fold(8, 8)(L.LayerNormalization()(t))
    t = L.Activation("swish")(L.BatchNormalization()(L.Conv2D(32, 1, use_bias=False)(t)))
    x = L.Activation("swish")(L.Conv2D(32, 3, padding="same")(L.Concatenate()([x, t])))
    x = L.GlobalAveragePooling2D()(L.Conv2D(64, 1, activation="swish")(x))
    _export(keras.Model(inp, L.Dense(5, name="logits")(x)), out)


@model("f32_mobilevitv2_separable_attention_archive", "keras-archive", "MobileViTv2-like classifier with separable self-attention (linear in tokens), float [1,64,64,3]: conv / inverted-residual stem to 16x16x32, 1x1 to d=32, GroupNormalization(groups=1), unfold 2x2 patches to [4,64,32] (ops.reshape / ops.transpose), 2 layers of separable attention (Dense(1 + 2d) split into a context query / keys / values, ops.softmax over tokens, context vector = sum(keys * scores), relu(values) * context, Dense) + gelu FFN, fold back, 1x1 Conv2D + BN, GlobalAveragePooling2D; ExportArchive endpoints 'serve' (probabilities [1,4]) and 'features' ([1,64])")
def b_mobilevitv2(out):
    Unfold, Fold = _mobilevit_layers()

    class SeparableAttention(L.Layer):
        def __init__(self, d, **kw):
            super().__init__(**kw)
            self.d, self.qkv, self.proj = d, L.Dense(1 + 2 * d), L.Dense(d)

        def call(self, x):
            qkv = self.qkv(x)
            q, k, v = qkv[..., :1], qkv[..., 1:1 + self.d], qkv[..., 1 + self.d:]
            scores = ops.softmax(q, axis=1)
            context = ops.sum(k * scores, axis=1, keepdims=True)
            return self.proj(ops.relu(v) * context)
    inp = keras.Input((64, 64, 3), batch_size=1, name="image")
    x = L.Activation("swish")(L.BatchNormalization()(L.Conv2D(16, 3, 2, "same", use_bias=False)(inp)))
    x = _mv2(_mv2(x, 2, 24, 2), 2, 32, 1)  # 16x16x32
    t = Unfold()(L.Conv2D(32, 1, use_bias=False)(L.DepthwiseConv2D(3, padding="same")(x)))
    for _ in range(2):
        t = t + SeparableAttention(32)(L.GroupNormalization(groups=1)(t))
        t = t + L.Dense(32)(L.Dense(64, activation="gelu")(L.GroupNormalization(groups=1)(t)))
    t = Fold(16, 16)(L.GroupNormalization(groups=1)(t))
    x = L.BatchNormalization()(L.Conv2D(64, 1, use_bias=False)(t))
    feats = L.GlobalAveragePooling2D(name="features")(x)
    probs = L.Dense(4, activation="softmax", name="probabilities")(feats)
    m, f = keras.Model(inp, probs), keras.Model(inp, feats)
    spec = [tensor_spec([1, 64, 64, 3], name="image")]
    _archive(out, [m, f], serve=(lambda image: m(image, training=False), spec),
             features=(lambda image: f(image, training=False), spec))


@model("f32_swin_shifted_window_roll_relpos_bias", "keras-export", "Swin-style classifier, float [1,32,32,3]: Conv2D(32, 2, stride 2) patch embedding + LayerNormalization -> [1,16,16,32]; custom WindowAttention layer (raw tf ops): tf.roll(-2, -2) cyclic shift on odd blocks, window partition 4x4 by reshape + transpose to [nW,16,32], qkv Dense, relative-position bias table add_weight [49,heads] tf.gather'ed by a constant index [256] and reshaped / transposed to [heads,16,16], the constant shifted-window attention mask (-100) added per window, tf.nn.softmax, window reverse, tf.roll back; MLP gelu; patch merging (4 strided slices, Concatenate, LayerNormalization, Dense(64, no bias)); stage 2 at 8x8 with 4 heads; LayerNormalization, GlobalAveragePooling2D, Dense(10)")
def b_swin(out):
    class WindowAttention(L.Layer):
        def __init__(self, heads, window, shift, **kw):
            super().__init__(**kw)
            self.h, self.m, self.s = heads, window, shift

        def build(self, s):
            _, self.hh, self.ww, self.c = s
            self.qkv, self.proj = L.Dense(3 * self.c), L.Dense(self.c)
            self.table = self.add_weight(shape=((2 * self.m - 1) ** 2, self.h), name="relative_position_bias_table",
                                         initializer=keras.initializers.TruncatedNormal(stddev=0.02))
            self.index = _swin_rel_index(self.m).reshape(-1)
            self.mask = _swin_shift_mask(self.hh, self.ww, self.m, self.s) if self.s else None

        def call(self, x):
            m, mm, hd = self.m, self.m * self.m, self.c // self.h
            if self.s:
                x = tf.roll(x, shift=[-self.s, -self.s], axis=[1, 2])
            w = _win_part(x, m)
            qkv = tf.transpose(tf.reshape(self.qkv(w), [-1, mm, 3, self.h, hd]), [2, 0, 3, 1, 4])
            q, k, v = qkv[0] * hd ** -0.5, qkv[1], qkv[2]
            attn = tf.matmul(q, k, transpose_b=True)
            bias = tf.transpose(tf.reshape(tf.gather(self.table, self.index), [mm, mm, self.h]), [2, 0, 1])
            attn = attn + bias[None]
            if self.mask is not None:
                nw = self.mask.shape[0]
                attn = tf.reshape(tf.reshape(attn, [-1, nw, self.h, mm, mm]) + self.mask[None, :, None], [-1, self.h, mm, mm])
            o = tf.reshape(tf.transpose(tf.matmul(tf.nn.softmax(attn), v), [0, 2, 1, 3]), [-1, mm, self.c])
            x = _win_merge(self.proj(o), m, self.hh, self.ww)
            return tf.roll(x, shift=[self.s, self.s], axis=[1, 2]) if self.s else x

    def swin_block(x, heads, shift):
        x = L.Add()([x, WindowAttention(heads, 4, shift)(L.LayerNormalization(epsilon=1e-5)(x))])
        h = L.LayerNormalization(epsilon=1e-5)(x)
        return L.Add()([x, L.Dense(x.shape[-1])(L.Dense(2 * x.shape[-1], activation="gelu")(h))])
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.LayerNormalization(epsilon=1e-5)(L.Conv2D(32, 2, strides=2)(inp))
    x = swin_block(swin_block(x, 2, 0), 2, 2)
    x = L.Concatenate()([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]])
    x = L.Dense(64, use_bias=False)(L.LayerNormalization(epsilon=1e-5)(x))
    x = swin_block(swin_block(x, 4, 0), 4, 2)
    x = L.GlobalAveragePooling2D()(L.LayerNormalization(epsilon=1e-5)(x))
    _export(keras.Model(inp, L.Dense(10, name="logits")(x)), out)


@model("f32_swin_concat_shift_relbias_frozen", "frozen-pb", "Swin window attention in raw TF frozen with convert_variables_to_constants_v2 (the port edge engineers write when tf.roll is unwanted): float [1,32,32,3], tf.nn.conv2d 2x2 stride 2 patch embedding -> [1,16,16,24], hand LayerNorm; the cyclic shift written as tf.concat of two slices per axis (shift 2, and back), windows 4x4 by reshape + transpose, relative-position bias table (tf.Variable [49,3]) gathered with a constant index and the shifted-window mask constant [16,16,16] added, hand softmax; exact-erf GELU MLP; 2 blocks (plain, shifted), mean pool, logits; output node 'logits'")
def b_swin_frozen(out):
    P, d, h, m, s = _Params(7), 24, 3, 4, 2
    wpe, bpe = P("patch_kernel", 2, 2, 3, d, std=0.3), P.zeros("patch_bias", d)
    pg, pb = P.ones("patch_norm_g", d), P.zeros("patch_norm_b", d)
    blocks = [dict(P.layer(f"block{i}", d, 2 * d), qkv=P(f"block{i}/qkv", d, 3 * d),
                   table=P(f"block{i}/rel_table", 49, h, std=0.02)) for i in range(2)]
    index, mask = _swin_rel_index(m).reshape(-1), _swin_shift_mask(16, 16, m, s)
    ng, nb, wh, bh = P.ones("norm_g", d), P.zeros("norm_b", d), P("head_w", d, 10), P.zeros("head_b", 10)

    def shift(x, k):
        x = tf.concat([x[:, k:], x[:, :k]], axis=1)
        return tf.concat([x[:, :, k:], x[:, :, :k]], axis=2)

    def fn(image):
        x = _ln(tf.nn.conv2d(image, wpe, 2, "VALID") + bpe, pg, pb)
        for i, p in enumerate(blocks):
            y = _ln(x, p["n1"], p["n1b"])
            if i:
                y = shift(y, s)
            w = _win_part(y, m)
            qkv = tf.transpose(tf.reshape(tf.matmul(w, p["qkv"]), [-1, 16, 3, h, d // h]), [2, 0, 3, 1, 4])
            bias = tf.transpose(tf.reshape(tf.gather(p["table"], index), [16, 16, h]), [2, 0, 1])[None]
            if i:
                bias = bias + mask[:, None]  # batch 1: windows are the leading dim
            o = tf.reshape(tf.transpose(_attend(qkv[0], qkv[1], qkv[2], bias), [0, 2, 1, 3]), [-1, 16, d])
            y = _win_merge(tf.matmul(o, p["wo"]), m, 16, 16)
            x = x + (shift(y, 16 - s) if i else y)
            x = x + _ffn(_ln(x, p["n2"], p["n2b"]), p, _gelu_erf)
        pooled = tf.reduce_mean(_ln(x, ng, nb), axis=[1, 2])
        return tf.identity(tf.matmul(pooled, wh) + bh, name="logits")
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["f32_swin_concat_shift_relbias_frozen"] = ["logits"]


@model("f32_mha_attention_axes_2d_axial_image", "keras-export", "image model attending over 2-D feature maps with Keras MultiHeadAttention attention_axes, float [1,32,32,3]: Conv2D(32, 3, stride 2, relu) -> [1,16,16,32], LayerNormalization, MultiHeadAttention(2 heads, key_dim 16, attention_axes=(1, 2)) over the whole 16x16 grid on the 4-D tensor, residual, 1x1 Conv2D gelu FFN; Conv2D stride 2 -> [1,8,8,48], axial attention: MultiHeadAttention attention_axes=(2,) (along rows) then (1,) (along columns), residuals; GlobalAveragePooling2D, Dense(4)")
def b_mha2d(out):
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(inp)
    h = L.LayerNormalization()(x)
    x = L.Add()([x, L.MultiHeadAttention(2, 16, attention_axes=(1, 2))(h, h)])
    x = L.Add()([x, L.Conv2D(32, 1)(L.Conv2D(64, 1, activation="gelu")(L.LayerNormalization()(x)))])
    x = L.Conv2D(48, 3, strides=2, padding="same", activation="relu")(x)
    for axes in ((2,), (1,)):
        h = L.LayerNormalization()(x)
        x = L.Add()([x, L.MultiHeadAttention(2, 24, attention_axes=axes)(h, h)])
    x = L.GlobalAveragePooling2D()(L.LayerNormalization()(x))
    _export(keras.Model(inp, L.Dense(4, name="logits")(x)), out)


@model("f32_evit_token_pruning_topk_gather", "keras-export", "EViT-style ViT with token pruning, float [1,32,32,3]: Conv2D patch embedding 4x4 -> 64 tokens of 48, class token + positions; block 1 MultiHeadAttention with return_attention_scores=True; a pruning layer averages the class token's attention over heads, ops.top_k(32) of the 64 patch tokens, tf.gather(batch_dims=1) keeps them, the rest are fused into one token weighted by their attention (ops.one_hot of the kept indices summed to a mask); 2 more blocks on 34 tokens, LayerNormalization, class-token Dense(10); outputs logits and kept_indices (int32 [1,32])")
def b_evit(out):
    class PruneTokens(L.Layer):
        def __init__(self, keep, **kw):
            super().__init__(**kw)
            self.keep = keep

        def call(self, x, scores):
            patches, n = x[:, 1:], x.shape[1] - 1
            cls_attn = ops.mean(scores[:, :, 0, 1:], axis=1)
            _, idx = ops.top_k(cls_attn, k=self.keep)
            kept = tf.gather(patches, idx, batch_dims=1)
            w = cls_attn * (1.0 - ops.sum(ops.one_hot(idx, n), axis=1))
            fused = ops.sum(patches * w[..., None], axis=1, keepdims=True) / (ops.sum(w, axis=1)[:, None, None] + 1e-6)
            return ops.concatenate([x[:, :1], kept, fused], axis=1), idx
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    x = Tokens(1)(L.Reshape((64, 48))(L.Conv2D(48, 4, strides=4)(inp)))
    h = L.LayerNormalization(epsilon=1e-6)(x)
    a, scores = L.MultiHeadAttention(3, 16)(h, h, return_attention_scores=True)
    x = L.Add()([x, a])
    x = L.Add()([x, L.Dense(48)(L.Dense(96, activation="gelu")(L.LayerNormalization(epsilon=1e-6)(x)))])
    x, idx = PruneTokens(32)(x, scores)
    for _ in range(2):
        x = _block(x, 3, 16, 96)
    logits = L.Dense(10, name="logits")(L.LayerNormalization(epsilon=1e-6)(x)[:, 0])
    _export(keras.Model(inp, {"logits": logits, "kept_indices": L.Identity(name="kept_indices")(idx)}), out)


@model("f32_perceiver_fourier_latent_cross_attention_archive", "keras-archive", "Perceiver-style image classifier, float [1,32,32,3]: pixels flattened to a 1024-element byte array with constant Fourier position features (4 bands of sin / cos of the [-1,1] grid + raw coords) concatenated, Dense(32); learned latent array add_weight [16,64]; cross-attention latents -> bytes (LayerNormalization, MultiHeadAttention 1 head key_dim 32), gelu FFN, a 2-layer latent self-attention transformer, then the same cross-attention and latent transformer applied again (shared weights); mean over latents, Dense(10); ExportArchive endpoints 'serve' (logits) and 'latents' ([1,16,64])")
def b_perceiver(out):
    g = np.linspace(-1.0, 1.0, 32)
    yy, xx = np.meshgrid(g, g, indexing="ij")
    coords = np.stack([yy, xx], -1).reshape(1024, 2)
    ang = coords[:, :, None] * (np.pi * np.array([1.0, 2.0, 4.0, 8.0]))[None, None]
    fourier = np.concatenate([coords, np.sin(ang).reshape(1024, -1), np.cos(ang).reshape(1024, -1)], -1).astype("float32")

    class ByteArray(L.Layer):
        def call(self, img):
            px = ops.reshape(img, (-1, 1024, 3))
            return ops.concatenate([px, ops.broadcast_to(fourier[None], (ops.shape(px)[0], 1024, fourier.shape[1]))], -1)

    class Latents(L.Layer):
        def build(self, s):
            self.latents = self.add_weight(shape=(16, 64), initializer="truncated_normal", name="latents")

        def call(self, x):
            return ops.broadcast_to(self.latents[None], (ops.shape(x)[0], 16, 64))
    inp = keras.Input((32, 32, 3), batch_size=1, name="image")
    data = L.Dense(32)(ByteArray()(inp))
    lat = Latents()(inp)
    ln_q, ln_kv, cross = L.LayerNormalization(), L.LayerNormalization(), L.MultiHeadAttention(1, 32, output_shape=64)
    ln_f, ff1, ff2 = L.LayerNormalization(), L.Dense(128, activation="gelu"), L.Dense(64)
    self_layers = [(L.LayerNormalization(), L.MultiHeadAttention(4, 16), L.LayerNormalization(),
                    L.Dense(128, activation="gelu"), L.Dense(64)) for _ in range(2)]
    kv = ln_kv(data)
    for _ in range(2):
        lat = lat + cross(ln_q(lat), kv)
        lat = lat + ff2(ff1(ln_f(lat)))
        for n1, mha, n2, f1, f2 in self_layers:
            h = n1(lat)
            lat = lat + mha(h, h)
            lat = lat + f2(f1(n2(lat)))
    logits = L.Dense(10, name="logits")(ops.mean(lat, axis=1))
    m, lm = keras.Model(inp, logits), keras.Model(inp, lat)
    spec = [tensor_spec([1, 32, 32, 3], name="image")]
    _archive(out, [m, lm], serve=(lambda image: m(image, training=False), spec),
             latents=(lambda image: lm(image, training=False), spec))


@model("f32_vit_qat_fake_quant_vars_module", "tf-module", "QAT-style ViT in raw TF as an edge team writes it for int8, tf.Module float [1,32,32,3]: input tf.quantization.fake_quant_with_min_max_vars [0,1]; every weight matrix through fake_quant_with_min_max_vars_per_channel (narrow_range, per-output-channel min / max tf.Variables initialised symmetric from the weights); activations after each matmul, LayerNorm, residual add and GELU through fake_quant_with_min_max_vars with per-tensor min / max tf.Variables, softmax output quantized to [0,1]; patchify by reshape / transpose, class token, 2 layers of 2 heads, hand LayerNorm, tf.nn.softmax, tanh GELU; outputs logits and probabilities")
def b_vit_qat(out):
    P, d = _Params(12), 32
    fq_vars = []

    def rng_var(name, lo, hi):
        a, b = tf.Variable(float(lo), name=name + "/min"), tf.Variable(float(hi), name=name + "/max")
        fq_vars.extend([a, b])
        return a, b

    def qweight(name, *shape):
        w = P(name, *shape)
        r = np.abs(w.numpy()).max(axis=0)
        wmin, wmax = tf.Variable(-r, name=name + "/wmin"), tf.Variable(r, name=name + "/wmax")
        fq_vars.extend([wmin, wmax])
        return w, (wmin, wmax)

    def qlin(x, wr, act_range):
        w, (wmin, wmax) = wr
        wq = tf.quantization.fake_quant_with_min_max_vars_per_channel(w, wmin, wmax, num_bits=8, narrow_range=True)
        return tf.quantization.fake_quant_with_min_max_vars(tf.matmul(x, wq), *act_range, num_bits=8)
    patch = qweight("patch", 48, d)
    cls, pos = P("cls", 1, 1, d, std=0.02), P("pos", 1, 65, d, std=0.02)
    in_rng, emb_rng = rng_var("input", 0, 1), rng_var("embed", -3, 3)
    layers = []
    for i in range(2):
        layers.append({k: qweight(f"l{i}/{k}", *s) for k, s in
                       (("wq", (d, d)), ("wk", (d, d)), ("wv", (d, d)), ("wo", (d, d)), ("w1", (d, 64)), ("w2", (64, d)))})
        layers[-1].update({k: rng_var(f"l{i}/{k}", -r, r) for k, r in
                           (("a_proj", 4), ("a_res", 6), ("a_ln", 4), ("a_gelu", 4))})
        layers[-1]["a_soft"] = rng_var(f"l{i}/softmax", 0, 1)
    head, head_rng = qweight("head", d, 10), rng_var("logits", -8, 8)
    ones, zeros = tf.ones([d]), tf.zeros([d])

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image")])
    def serve(image):
        x = tf.quantization.fake_quant_with_min_max_vars(image, *in_rng)
        x = qlin(_patchify(x, 4), patch, emb_rng)
        x = tf.concat([tf.tile(cls, [tf.shape(x)[0], 1, 1]), x], 1) + pos
        for p in layers:
            y = tf.quantization.fake_quant_with_min_max_vars(_ln(x, ones, zeros), *p["a_ln"])
            q, k, v = (_heads(qlin(y, p[w], p["a_proj"]), 2) for w in ("wq", "wk", "wv"))
            a = tf.quantization.fake_quant_with_min_max_vars(
                tf.nn.softmax(tf.matmul(q, k, transpose_b=True) * 0.25), *p["a_soft"])
            x = tf.quantization.fake_quant_with_min_max_vars(x + qlin(_merge(tf.matmul(a, v)), p["wo"], p["a_proj"]), *p["a_res"])
            y = tf.quantization.fake_quant_with_min_max_vars(_ln(x, ones, zeros), *p["a_ln"])
            y = tf.quantization.fake_quant_with_min_max_vars(_gelu_tanh(qlin(y, p["w1"], p["a_proj"])), *p["a_gelu"])
            x = tf.quantization.fake_quant_with_min_max_vars(x + qlin(y, p["w2"], p["a_proj"]), *p["a_res"])
        logits = qlin(x[:, 0], head, head_rng)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    _save(out, {"params": P.vars, "ranges": fq_vars, "layers": layers}, serving_default=serve)


@model("f32_vit_mixed_bfloat16_tpu_batch8", "keras-export", "ViT for Cloud TPU trained under the Keras mixed_bfloat16 dtype policy (bfloat16 compute, float32 variables), exported with a fixed TPU batch, float [8,32,32,3]: Conv2D(64, 4, stride 4) patches + Reshape, position Embedding of ops.arange, 2 pre-norm blocks (LayerNormalization, MultiHeadAttention 4x16, gelu MLP 128), GlobalAveragePooling1D, final Dense(10, dtype='float32') + Activation softmax in float32 as the TPU guides advise")
def b_vit_bf16(out):
    class AddPositions(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.pos = L.Embedding(64, 64)

        def call(self, x):
            return x + ops.cast(self.pos(ops.arange(64)), x.dtype)[None]
    prev = keras.config.dtype_policy()
    keras.config.set_dtype_policy("mixed_bfloat16")
    try:
        inp = keras.Input((32, 32, 3), batch_size=8, name="image")
        x = AddPositions()(L.Reshape((64, 64))(L.Conv2D(64, 4, strides=4)(inp)))
        for _ in range(2):
            x = _block(x, 4, 16, 128)
        x = L.GlobalAveragePooling1D()(L.LayerNormalization(epsilon=1e-6)(x))
        probs = L.Activation("softmax", dtype="float32", name="probabilities")(L.Dense(10, dtype="float32")(x))
        m = keras.Model(inp, probs)
    finally:
        keras.config.set_dtype_policy(prev)
    _export(m, out)


# ================================================================================ attention mechanisms

@model("f32_linear_attention_elu_einsum_classifier", "keras-export", "text classifier with linear attention (Katharopoulos et al.), token ids int32 [1,128]: TokenAndPosition embedding (vocab 2000, 64), 2 pre-norm layers of a custom LinearAttention layer (4 heads of 16, feature map ops.elu(x) + 1, kv = ops.einsum('bnhd,bnhe->bhde'), normaliser 1 / ops.einsum('bnhd,bhd->bnh') with the key sum, output by the three-operand ops.einsum('bnhd,bhde,bnh->bnhe')) + relu FFN; GlobalAveragePooling1D, Dense(2) logits")
def b_linear_attn(out):
    class LinearAttention(L.Layer):
        def __init__(self, heads, dim, **kw):
            super().__init__(**kw)
            self.h, self.hd = heads, dim // heads
            self.q, self.k, self.v, self.o = L.Dense(dim), L.Dense(dim), L.Dense(dim), L.Dense(dim)

        def call(self, x):
            split = lambda t: ops.reshape(t, (-1, ops.shape(x)[1], self.h, self.hd))  # noqa: E731
            q, k = ops.elu(split(self.q(x))) + 1.0, ops.elu(split(self.k(x))) + 1.0
            kv = ops.einsum("bnhd,bnhe->bhde", k, split(self.v(x)))
            z = 1.0 / (ops.einsum("bnhd,bhd->bnh", q, ops.sum(k, axis=1)) + 1e-6)
            o = ops.einsum("bnhd,bhde,bnh->bnhe", q, kv, z)
            return self.o(ops.reshape(o, (-1, ops.shape(x)[1], self.h * self.hd)))
    inp = keras.Input((128,), batch_size=1, dtype="int32", name="token_ids")
    x = TokenAndPosition(128, 2000, 64)(inp)
    for _ in range(2):
        x = L.Add()([x, LinearAttention(4, 64)(L.LayerNormalization()(x))])
        x = L.Add()([x, L.Dense(64)(L.Dense(128, activation="relu")(L.LayerNormalization()(x)))])
    _export(keras.Model(inp, L.Dense(2, name="logits")(L.GlobalAveragePooling1D()(x))), out)


FEEDS["f32_linear_attention_elu_einsum_classifier"] = lambda rng: {"token_ids": _ids(rng, (1, 128), 2000, 100)}


@model("f32_causal_linear_attention_cumsum_state_module", "tf-module", "causal linear-attention language model (transformers-are-RNNs) in raw TF, tf.Module with two signatures. serving_default: token_ids int32 [1,32] -> tf.gather embedding, 2 layers (RMSNorm by hand, elu+1 features, causal numerator tf.cumsum over time of the per-step outer products tf.einsum('bthd,bthe->bthde'), denominator tf.cumsum of keys, 2 heads of 16, relu FFN) -> logits [1,32,256] and next_token (argmax int32); step: the recurrent form for on-device generation, token_id int32 [1], kv_state float [2,1,2,16,16] and k_state [2,1,2,16] in, logits [1,256] and both states out")
def b_causal_linear(out):
    P, d, h, hd, V = _Params(15), 32, 2, 16, 256
    emb = P("embedding", V, d, std=0.5)
    layers = [P.layer(f"layer{i}", d, 64, norm_bias=False) for i in range(2)]
    norm_f = P.ones("final_norm", d)
    phi = lambda t: tf.nn.elu(t) + 1.0  # noqa: E731

    def proj(x, p):
        s = tf.shape(x)
        return [phi(tf.reshape(tf.matmul(x, p["wq"]), [s[0], s[1], h, hd])),
                phi(tf.reshape(tf.matmul(x, p["wk"]), [s[0], s[1], h, hd])),
                tf.reshape(tf.matmul(x, p["wv"]), [s[0], s[1], h, hd])]

    def ffn(x, p):
        return x + _ffn(_rms(x, p["n2"]), p, tf.nn.relu)

    @tf.function(input_signature=[tensor_spec([1, 32], "int32", "token_ids")])
    def forward(token_ids):
        x = tf.gather(emb, token_ids)
        for p in layers:
            q, k, v = proj(_rms(x, p["n1"]), p)
            num = tf.einsum("bthd,bthde->bthe", q, tf.cumsum(tf.einsum("bthd,bthe->bthde", k, v), axis=1))
            den = tf.einsum("bthd,bthd->bth", q, tf.cumsum(k, axis=1))[..., None] + 1e-6
            x = ffn(x + tf.matmul(tf.reshape(num / den, [1, 32, d]), p["wo"]), p)
        logits = tf.matmul(_rms(x, norm_f), emb, transpose_b=True)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}

    @tf.function(input_signature=[tensor_spec([1], "int32", "token_id"), tensor_spec([2, 1, h, hd, hd], name="kv_state"),
                                  tensor_spec([2, 1, h, hd], name="k_state")])
    def step(token_id, kv_state, k_state):
        x, new_kv, new_k = tf.gather(emb, token_id)[:, None], [], []
        for i, p in enumerate(layers):
            q, k, v = proj(_rms(x, p["n1"]), p)
            s_kv = kv_state[i] + tf.einsum("bhd,bhe->bhde", k[:, 0], v[:, 0])
            s_k = k_state[i] + k[:, 0]
            o = tf.einsum("bhd,bhde->bhe", q[:, 0], s_kv) / (tf.einsum("bhd,bhd->bh", q[:, 0], s_k)[..., None] + 1e-6)
            x = ffn(x + tf.matmul(tf.reshape(o, [1, 1, d]), p["wo"]), p)
            new_kv.append(s_kv)
            new_k.append(s_k)
        logits = tf.matmul(_rms(x[:, 0], norm_f), emb, transpose_b=True)
        return {"logits": logits, "kv_state": tf.stack(new_kv), "k_state": tf.stack(new_k)}
    _save(out, {"params": P.vars}, serving_default=forward, step=step)


FEEDS["f32_causal_linear_attention_cumsum_state_module"] = lambda rng: {
    "token_ids": _ids(rng, (1, 32), 256), "token_id": _ids(rng, (1,), 256)}


@model("f32_performer_favor_plus_random_features_frozen", "frozen-pb", "Performer (FAVOR+) encoder over long sensor sequences frozen with convert_variables_to_constants_v2, float [1,256,16]: input matmul to 32 + sinusoidal positions, 2 layers of 2 heads with positive orthogonal random features (a constant [32,16] orthogonal projection from a seeded QR, phi(x) = exp(w.x - |x|^2/2 - max) / sqrt(m) with a d^-1/4 data normaliser, keys stabilised by a reduce_max over all keys and features of a head, queries by their per-row max, + 1e-4), attention as phi(q) (phi(k)^T v) / (phi(q) sum phi(k)) with tf.matmul, hand LayerNorm, exact GELU FFN; mean pool, logits [1,5]; output node 'logits'")
def b_performer(out):
    P, d, h, hd, m = _Params(16), 32, 2, 16, 32
    q_, _ = np.linalg.qr(np.random.default_rng(160).normal(size=(hd, hd)))
    q2, _ = np.linalg.qr(np.random.default_rng(161).normal(size=(hd, hd)))
    proj = (np.concatenate([q_, q2], 0) * np.sqrt(hd)).astype("float32")  # [m, hd] orthogonal blocks
    w_in, b_in, posenc = P("input_w", 16, d), P.zeros("input_b", d), _sinusoid(256, d)
    layers = [P.layer(f"layer{i}", d, 64) for i in range(2)]
    w_out, b_out = P("head_w", d, 5), P.zeros("head_b", 5)

    def features(x, is_query):
        x = x * hd ** -0.25
        wx = tf.einsum("bhtd,md->bhtm", x, proj)
        sq = 0.5 * tf.reduce_sum(tf.square(x), axis=-1, keepdims=True)
        stab = tf.reduce_max(wx, axis=-1, keepdims=True) if is_query else tf.reduce_max(wx, axis=[-2, -1], keepdims=True)
        return tf.exp(wx - sq - stab) / float(np.sqrt(m)) + 1e-4

    def fn(sequence):
        x = tf.matmul(sequence, w_in) + b_in + posenc
        for p in layers:
            y = _ln(x, p["n1"], p["n1b"])
            q = features(_heads(tf.matmul(y, p["wq"]), h), True)
            k = features(_heads(tf.matmul(y, p["wk"]), h), False)
            v = _heads(tf.matmul(y, p["wv"]), h)
            num = tf.matmul(q, tf.matmul(k, v, transpose_a=True))
            den = tf.matmul(q, tf.reduce_sum(k, axis=2)[..., None])
            x = x + tf.matmul(_merge(num / den), p["wo"])
            x = x + _ffn(_ln(x, p["n2"], p["n2b"]), p, _gelu_erf)
        return tf.identity(tf.matmul(tf.reduce_mean(x, axis=1), w_out) + b_out, name="logits")
    _freeze(fn, [tensor_spec([1, 256, 16], name="sequence")], out)


OUTPUTS["f32_performer_favor_plus_random_features_frozen"] = ["logits"]


@model("f32_gpt_rope_split_halves_band_part_mask", "keras-export", "tiny LLaMA-style GPT from Keras custom layers, token ids int32 [1,32]: Embedding(512, 64); 2 layers of HandRMSNorm (ops.rsqrt of ops.mean square), RoPEAttention (4 heads of 16, Dense q/k/v/o without bias, rotary embedding from constant sin / cos tables with rotate_half by ops.split into halves and concatenate(-x2, x1), causal mask from tf.linalg.band_part(ones, -1, 0) added as (1 - mask) * -1e9, ops.softmax), SwiGLU FFN (silu(gate) * up, down); final RMSNorm; logits by a tied-embedding head (ops.matmul with the transposed embedding table); outputs logits [1,32,512]")
def b_gpt_rope(out):
    T, d, h, hd = 32, 64, 4, 16
    cos, sin = _rope_tables(T, hd)
    cos, sin = np.concatenate([cos, cos], -1), np.concatenate([sin, sin], -1)

    class RoPEAttention(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.q, self.k, self.v, self.o = (L.Dense(d, use_bias=False) for _ in range(4))

        def call(self, x):
            def split(t):
                return ops.transpose(ops.reshape(t, (-1, T, h, hd)), (0, 2, 1, 3))

            def rotate_half(t):
                x1, x2 = ops.split(t, 2, axis=-1)
                return ops.concatenate([-x2, x1], axis=-1)
            q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
            q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
            causal = tf.linalg.band_part(tf.ones((T, T)), -1, 0)
            s = ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) / float(np.sqrt(hd)) + (1.0 - causal) * -1e9
            o = ops.transpose(ops.matmul(ops.softmax(s, axis=-1), v), (0, 2, 1, 3))
            return self.o(ops.reshape(o, (-1, T, d)))

    class SwiGLU(L.Layer):
        def __init__(self, ff, **kw):
            super().__init__(**kw)
            self.gate, self.up, self.down = L.Dense(ff, use_bias=False), L.Dense(ff, use_bias=False), L.Dense(d, use_bias=False)

        def call(self, x):
            return self.down(ops.silu(self.gate(x)) * self.up(x))

    class TiedHead(L.Layer):
        def __init__(self, emb, **kw):
            super().__init__(**kw)
            self.emb = emb

        def call(self, x):
            return ops.matmul(x, ops.transpose(self.emb.embeddings))
    inp = keras.Input((T,), batch_size=1, dtype="int32", name="token_ids")
    emb = L.Embedding(512, d)
    x = emb(inp)
    for _ in range(2):
        x = L.Add()([x, RoPEAttention()(HandRMSNorm(1e-5)(x))])
        x = L.Add()([x, SwiGLU(128)(HandRMSNorm(1e-5)(x))])
    _export(keras.Model(inp, TiedHead(emb, name="logits")(HandRMSNorm(1e-5)(x))), out)


FEEDS["f32_gpt_rope_split_halves_band_part_mask"] = lambda rng: {"token_ids": _ids(rng, (1, 32), 512)}


@model("f32_gqa_rope_interleaved_const_mask_module", "tf-module", "grouped-query attention decoder in raw TF (tf.Module), token ids int32 [1,24]: tf.gather embedding (vocab 400, 32), 2 layers with 4 query heads and 2 key / value heads of 8 (kv heads expanded with tf.repeat(axis=1)), interleaved (GPT-J / Meta LLaMA) rotary embedding on even / odd pairs via reshape [..., 4, 2] + tf.unstack + tf.stack, causal mask as a numpy constant (triu * -1e9) added to the scores, hand RMSNorm, hand softmax, SwiGLU FFN; outputs logits [1,24,400] and log_probs (tf.nn.log_softmax)")
def b_gqa_raw(out):
    P, d, hq, hk, hd, T, V = _Params(18), 32, 4, 2, 8, 24, 400
    emb = P("embedding", V, d, std=0.5)
    layers = [P.layer(f"layer{i}", d, 64, kv=hk * hd, bias=False, norm_bias=False, gated=True) for i in range(2)]
    norm_f, w_out = P.ones("final_norm", d), P("lm_head", d, V)
    cos, sin = _rope_tables(T, hd)
    causal = (np.triu(np.ones((T, T)), 1) * -1e9).astype("float32")

    def rope(x):  # [B,h,T,hd], interleaved pairs
        pairs = tf.reshape(x, [-1, x.shape[1], T, hd // 2, 2])
        xe, xo = tf.unstack(pairs, axis=-1)
        return tf.reshape(tf.stack([xe * cos - xo * sin, xe * sin + xo * cos], axis=-1), [-1, x.shape[1], T, hd])

    @tf.function(input_signature=[tensor_spec([1, T], "int32", "token_ids")])
    def serve(token_ids):
        x = tf.gather(emb, token_ids)
        for p in layers:
            y = _rms(x, p["n1"])
            q, k, v = rope(_heads(tf.matmul(y, p["wq"]), hq)), rope(_heads(tf.matmul(y, p["wk"]), hk)), _heads(tf.matmul(y, p["wv"]), hk)
            k, v = tf.repeat(k, hq // hk, axis=1), tf.repeat(v, hq // hk, axis=1)
            x = x + tf.matmul(_merge(_attend(q, k, v, causal)), p["wo"])
            y = _rms(x, p["n2"])
            x = x + tf.matmul(tf.nn.silu(tf.matmul(y, p["w1"])) * tf.matmul(y, p["w3"]), p["w2"])
        logits = tf.matmul(_rms(x, norm_f), w_out)
        return {"logits": logits, "log_probs": tf.nn.log_softmax(logits)}
    _save(out, {"params": P.vars}, serving_default=serve)


FEEDS["f32_gqa_rope_interleaved_const_mask_module"] = lambda rng: {"token_ids": _ids(rng, (1, 24), 400)}


@model("f32_alibi_bias_constant_causal_frozen", "frozen-pb", "BLOOM-style decoder with ALiBi, frozen with convert_variables_to_constants_v2, token ids int32 [1,48]: tf.gather embedding (vocab 300, 32) + embedding LayerNorm by hand, 2 pre-norm layers of 4 heads with no position embeddings: a constant [4,48,48] bias = -slope_h * (i - j) (slopes 2^(-8h/H)) plus the causal mask (-1e9 above the diagonal) folded into the same numpy constant, hand softmax, tanh GELU FFN; output nodes next_token_logits [1,300] (last position via strided slice) and next_token (argmax int32)")
def b_alibi(out):
    P, d, h, T, V = _Params(19), 32, 4, 48, 300
    emb, eg, eb = P("embedding", V, d, std=0.5), P.ones("emb_norm_g", d), P.zeros("emb_norm_b", d)
    layers = [P.layer(f"layer{i}", d, 128) for i in range(2)]
    ng, nb = P.ones("final_norm_g", d), P.zeros("final_norm_b", d)
    slopes = 2.0 ** (-8.0 * np.arange(1, h + 1) / h)
    dist = np.arange(T)[:, None] - np.arange(T)[None, :]
    bias = (-slopes[:, None, None] * np.maximum(dist, 0) + np.where(dist < 0, -1e9, 0.0))[None].astype("float32")

    def fn(token_ids):
        x = _ln(tf.gather(emb, token_ids), eg, eb)
        for p in layers:
            x = _prenorm_layer(x, p, h, bias=bias, act=_gelu_tanh)
        logits = tf.matmul(_ln(x[:, -1], ng, nb), emb, transpose_b=True)
        return (tf.identity(logits, name="next_token_logits"),
                tf.identity(tf.argmax(logits, -1, output_type=tf.int32), name="next_token"))
    _freeze(fn, [tensor_spec([1, T], "int32", "token_ids")], out)


OUTPUTS["f32_alibi_bias_constant_causal_frozen"] = ["next_token_logits", "next_token"]
FEEDS["f32_alibi_bias_constant_causal_frozen"] = lambda rng: {"token_ids": _ids(rng, (1, 48), 300)}


@model("f32_multi_query_attention_sensor_encoder", "keras-export", "activity-recognition encoder with multi-query attention, float sensor tokens [1,50,32]: custom MultiQueryAttention layer (Dense query to 4 heads x 16 reshaped [B,T,4,16], a single shared key / value head Dense(16), scores ops.einsum('bqhd,bkd->bhqk') / 4, ops.softmax, context ops.einsum('bhqk,bkd->bqhd'), Dense output), 2 pre-norm layers with gelu MLP, LayerNormalization, GlobalAveragePooling1D, Dense(6, softmax)")
def b_mqa(out):
    class MultiQueryAttention(L.Layer):
        def __init__(self, heads, hd, **kw):
            super().__init__(**kw)
            self.h, self.hd = heads, hd
            self.q, self.k, self.v = L.Dense(heads * hd), L.Dense(hd), L.Dense(hd)

        def build(self, s):
            self.o = L.Dense(s[-1])

        def call(self, x):
            q = ops.reshape(self.q(x), (-1, ops.shape(x)[1], self.h, self.hd))
            w = ops.softmax(ops.einsum("bqhd,bkd->bhqk", q, self.k(x)) / float(np.sqrt(self.hd)), axis=-1)
            ctx = ops.einsum("bhqk,bkd->bqhd", w, self.v(x))
            return self.o(ops.reshape(ctx, (-1, ops.shape(x)[1], self.h * self.hd)))
    inp = keras.Input((50, 32), batch_size=1, name="sensor_tokens")
    x = inp
    for _ in range(2):
        x = L.Add()([x, MultiQueryAttention(4, 16)(L.LayerNormalization()(x))])
        x = L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization()(x)))])
    x = L.GlobalAveragePooling1D()(L.LayerNormalization()(x))
    _export(keras.Model(inp, L.Dense(6, activation="softmax", name="probabilities")(x)), out)


@model("f32_keras_group_query_attention_causal_dynamic", "keras-export", "decoder LM on keras.layers.GroupQueryAttention with dynamic batch, token ids int32 [None,32]: TokenAndPosition embedding (vocab 800, 64), 2 pre-norm layers of keras.layers.RMSNormalization + GroupQueryAttention(head_dim 16, 4 query heads, 2 key / value heads, use_causal_mask=True) + RMSNormalization + gelu MLP, final RMSNormalization, Dense(800) logits; model.export with Keras' own (batch None) signature")
def b_keras_gqa(out):
    inp = keras.Input((32,), dtype="int32", name="token_ids")
    x = TokenAndPosition(32, 800, 64)(inp)
    for _ in range(2):
        h = L.RMSNormalization()(x)
        x = L.Add()([x, L.GroupQueryAttention(head_dim=16, num_query_heads=4, num_key_value_heads=2)(h, h, use_causal_mask=True)])
        x = L.Add()([x, L.Dense(64)(L.Dense(128, activation="gelu")(L.RMSNormalization()(x)))])
    _export(keras.Model(inp, L.Dense(800, name="logits")(L.RMSNormalization()(x))), out, fixed=False)


FEEDS["f32_keras_group_query_attention_causal_dynamic"] = lambda rng: {"token_ids": _ids(rng, (2, 32), 800)}


# ================================================================================ decoding: KV caches, encoder-decoder

def _gpt_params(seed, V, d, T, nl, ff):
    P = _Params(seed)
    return P, P("wte", V, d, std=0.5), P("wpe", T, d, std=0.1), [P.layer(f"h{i}", d, ff) for i in range(nl)], \
        P.ones("ln_f_g", d), P.zeros("ln_f_b", d)


@model("f32_kv_cache_scatter_prefill_decode_module", "tf-module", "GPT-2-like decoder served with a KV cache, tf.Module with two signatures, 2 layers, 2 heads of 16, cache capacity 32, caches time-major [layers, 32, 1, heads, 16]. prefill (signature 'prefill'): token_ids int32 [1,8] -> causal attention with a tf.linalg.band_part mask, last-position logits [1,300], k_cache / v_cache padded with tf.pad to 32; decode (serving_default): token_id int32 [1,1], position int32 [] (scalar), k_cache, v_cache -> position embedding by tf.gather, the new key / value written with tf.tensor_scatter_nd_update at [position], attention over all 32 slots masked by tf.range(32) <= position, logits [1,300], next_token and the updated caches; hand LayerNorm, tanh GELU")
def b_kv_scatter(out):
    V, d, h, hd, T = 300, 32, 2, 16, 32
    P, wte, wpe, layers, gf, bf = _gpt_params(22, V, d, T, 2, 64)

    def ffn_block(x, p):
        return x + _ffn(_ln(x, p["n2"], p["n2b"]), p, _gelu_tanh)

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "token_ids")])
    def prefill(token_ids):
        x = tf.gather(wte, token_ids) + wpe[:8]
        mask = (1.0 - tf.linalg.band_part(tf.ones([8, 8]), -1, 0)) * -1e9
        ks, vs = [], []
        for p in layers:
            y = _ln(x, p["n1"], p["n1b"])
            q, k, v = (_heads(tf.matmul(y, p[w]), h) for w in ("wq", "wk", "wv"))
            x = ffn_block(x + tf.matmul(_merge(_attend(q, k, v, mask)), p["wo"]), p)
            for lst, t in ((ks, k), (vs, v)):  # [1,h,8,hd] -> time-major [32,1,h,hd]
                lst.append(tf.pad(tf.transpose(t, [2, 0, 1, 3]), [[0, T - 8], [0, 0], [0, 0], [0, 0]]))
        logits = tf.matmul(_ln(x[:, -1], gf, bf), wte, transpose_b=True)
        return {"logits": logits, "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}

    cache = tensor_spec([2, T, 1, h, hd])

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token_id"), tensor_spec([], "int32", "position"),
                                  tensor_spec(cache.shape, name="k_cache"), tensor_spec(cache.shape, name="v_cache")])
    def decode(token_id, position, k_cache, v_cache):
        x = tf.gather(wte, token_id) + tf.gather(wpe, position)
        bias = tf.where(tf.range(T) <= position, 0.0, -1e9)
        ks, vs = [], []
        for i, p in enumerate(layers):
            y = _ln(x, p["n1"], p["n1b"])
            q, k, v = (tf.reshape(tf.matmul(y, p[w]), [1, 1, h, hd]) for w in ("wq", "wk", "wv"))
            kc = tf.tensor_scatter_nd_update(k_cache[i], [[position]], k)
            vc = tf.tensor_scatter_nd_update(v_cache[i], [[position]], v)
            o = _attend(tf.transpose(q, [0, 2, 1, 3]), tf.transpose(kc, [1, 2, 0, 3]), tf.transpose(vc, [1, 2, 0, 3]), bias)
            x = ffn_block(x + tf.matmul(_merge(o), p["wo"]), p)
            ks.append(kc)
            vs.append(vc)
        logits = tf.matmul(_ln(x[:, 0], gf, bf), wte, transpose_b=True)
        return {"logits": logits, "next_token": tf.argmax(logits, -1, output_type=tf.int32),
                "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}
    _save(out, {"params": P.vars}, serving_default=decode, prefill=prefill)


FEEDS["f32_kv_cache_scatter_prefill_decode_module"] = lambda rng: {
    "token_ids": _ids(rng, (1, 8), 300), "token_id": _ids(rng, (1, 1), 300), "position": 8}


@model("f32_kv_cache_gqa_rope_onehot_decode_frozen", "frozen-pb", "single-step decode of a grouped-query-attention LM frozen with convert_variables_to_constants_v2 (the graph an edge runtime calls per token), inputs token_id int32 [1,1], position int32 [1], k_cache / v_cache float [2,1,2,64,16] (layers, batch, kv heads, capacity 64, head dim): tf.gather embedding, hand RMSNorm, 4 query heads grouped onto 2 kv heads by reshape and tf.einsum('bkgd,bktd->bkgt'), rotary sin / cos gathered from constant [64,8] tables at the position (split-halves rotation), the cache updated by a one-hot blend cache * (1 - one_hot(position)) + new * one_hot, scores masked by tf.where(tf.range(64) <= position), SwiGLU FFN; output nodes logits [1,500], next_token, k_cache_out, v_cache_out")
def b_kv_onehot(out):
    P, d, hq, hk, hd, T, V = _Params(23), 64, 4, 2, 16, 64, 500
    emb = P("embedding", V, d, std=0.5)
    layers = [P.layer(f"layer{i}", d, 128, kv=hk * hd, bias=False, norm_bias=False, gated=True) for i in range(2)]
    norm_f, w_out = P.ones("final_norm", d), P("lm_head", d, V)
    cos_t, sin_t = _rope_tables(T, hd)

    def fn(token_id, position, k_cache, v_cache):
        cos, sin = tf.gather(cos_t, position)[:, None, :], tf.gather(sin_t, position)[:, None, :]  # [1,1,hd/2]

        def rope(t):  # [1, heads, hd]
            a, b = tf.split(t, 2, axis=-1)
            return tf.concat([a * cos - b * sin, a * sin + b * cos], axis=-1)
        oh = tf.one_hot(position, T)[:, None, :, None]  # [1,1,T,1]
        valid = (tf.range(T) <= position[0])[None, None, None, :]
        x, ks, vs = tf.gather(emb, token_id[:, 0]), [], []
        for i, p in enumerate(layers):
            y = _rms(x, p["n1"])
            q = rope(tf.reshape(tf.matmul(y, p["wq"]), [1, hq, hd]))
            k = rope(tf.reshape(tf.matmul(y, p["wk"]), [1, hk, hd]))
            v = tf.reshape(tf.matmul(y, p["wv"]), [1, hk, hd])
            kc = k_cache[i] * (1.0 - oh) + k[:, :, None, :] * oh
            vc = v_cache[i] * (1.0 - oh) + v[:, :, None, :] * oh
            s = tf.einsum("bkgd,bktd->bkgt", tf.reshape(q, [1, hk, hq // hk, hd]), kc) / float(np.sqrt(hd))
            w = tf.nn.softmax(tf.where(valid, s, -1e9))
            o = tf.reshape(tf.einsum("bkgt,bktd->bkgd", w, vc), [1, d])
            x = x + tf.matmul(o, p["wo"])
            y = _rms(x, p["n2"])
            x = x + tf.matmul(tf.nn.silu(tf.matmul(y, p["w1"])) * tf.matmul(y, p["w3"]), p["w2"])
            ks.append(kc)
            vs.append(vc)
        logits = tf.matmul(_rms(x, norm_f), w_out)
        return (tf.identity(logits, name="logits"), tf.identity(tf.argmax(logits, -1, output_type=tf.int32), name="next_token"),
                tf.identity(tf.stack(ks), name="k_cache_out"), tf.identity(tf.stack(vs), name="v_cache_out"))
    _freeze(fn, [tensor_spec([1, 1], "int32", "token_id"), tensor_spec([1], "int32", "position"),
                 tensor_spec([2, 1, hk, T, hd], name="k_cache"), tensor_spec([2, 1, hk, T, hd], name="v_cache")], out)


OUTPUTS["f32_kv_cache_gqa_rope_onehot_decode_frozen"] = ["logits", "next_token", "k_cache_out", "v_cache_out"]
FEEDS["f32_kv_cache_gqa_rope_onehot_decode_frozen"] = lambda rng: {"token_id": _ids(rng, (1, 1), 500), "position": [17]}


@model("f32_kv_cache_ops_slice_update_archive", "keras-archive", "Keras decoder layer with prefill / decode methods exported with keras.export.ExportArchive (endpoints 'decode' first, so serving_default, and 'prefill'), 2 layers, 2 heads of 16, cache [2,1,2,32,16] (layers, batch, heads, capacity, head dim). prefill: token_ids int32 [1,8] -> Embedding + position Embedding, causal mask from ops.tril(ops.ones), logits [1,8,256] and caches built with ops.pad; decode: token_id int32 [1,1], position int32 [], k_cache, v_cache -> the new key / value written with keras.ops.slice_update at (0, 0, position, 0) (XlaDynamicUpdateSlice in the TF graph), scores masked with ops.where(ops.arange(32) <= position), LayerNormalization, gelu MLP; logits [1,256] and updated caches")
def b_kv_slice_update(out):
    V, d, h, hd, T = 256, 32, 2, 16, 32

    class Block(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.n1, self.n2 = L.LayerNormalization(), L.LayerNormalization()
            self.q, self.k, self.v, self.o = L.Dense(d), L.Dense(d), L.Dense(d), L.Dense(d)
            self.f1, self.f2 = L.Dense(64, activation="gelu"), L.Dense(d)

        def __getitem__(self, name):
            return getattr(self, name)

    class CachedDecoder(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.tok, self.pos = L.Embedding(V, d), L.Embedding(T, d)
            self.blocks = [Block(), Block()]
            self.norm, self.head = L.LayerNormalization(), L.Dense(V)

        def _split(self, t):
            return ops.transpose(ops.reshape(t, (1, -1, h, hd)), (0, 2, 1, 3))

        def _attn(self, b, x, q, k, v, mask):
            s = ops.where(mask, ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) / 4.0, -1e9)
            o = ops.reshape(ops.transpose(ops.matmul(ops.softmax(s), v), (0, 2, 1, 3)), (1, -1, d))
            x = x + b["o"](o)
            return x + b["f2"](b["f1"](b["n2"](x)))

        def prefill(self, token_ids):
            n = token_ids.shape[1]
            x, ks, vs = self.tok(token_ids) + self.pos(ops.arange(n))[None], [], []
            mask = ops.cast(ops.tril(ops.ones((n, n))), "bool")
            for b in self.blocks:
                y = b["n1"](x)
                q, k, v = self._split(b["q"](y)), self._split(b["k"](y)), self._split(b["v"](y))
                x = self._attn(b, x, q, k, v, mask)
                ks.append(ops.pad(k, ((0, 0), (0, 0), (0, T - n), (0, 0))))
                vs.append(ops.pad(v, ((0, 0), (0, 0), (0, T - n), (0, 0))))
            return {"logits": self.head(self.norm(x)), "k_cache": ops.stack(ks), "v_cache": ops.stack(vs)}

        def decode(self, token_id, position, k_cache, v_cache):
            x, ks, vs = self.tok(token_id) + self.pos(ops.reshape(position, (1, 1))), [], []
            mask = ops.reshape(ops.arange(T) <= position, (1, 1, 1, T))
            for i, b in enumerate(self.blocks):
                y = b["n1"](x)
                q, k, v = self._split(b["q"](y)), self._split(b["k"](y)), self._split(b["v"](y))
                kc = ops.slice_update(k_cache[i], (0, 0, position, 0), k)
                vc = ops.slice_update(v_cache[i], (0, 0, position, 0), v)
                x = self._attn(b, x, q, kc, vc, mask)
                ks.append(kc)
                vs.append(vc)
            return {"logits": self.head(self.norm(x))[:, 0], "k_cache": ops.stack(ks), "v_cache": ops.stack(vs)}

        def build(self, input_shape):
            pass  # the sublayers build on the first prefill

        def call(self, token_ids):
            return self.prefill(token_ids)
    dec = CachedDecoder()
    dec(np.ones((1, 8), "int32"))
    cache = [2, 1, h, T, hd]
    _archive(out, [dec],
             decode=(lambda token_id, position, k_cache, v_cache: dec.decode(token_id, position, k_cache, v_cache),
                     [tensor_spec([1, 1], "int32", "token_id"), tensor_spec([], "int32", "position"),
                      tensor_spec(cache, name="k_cache"), tensor_spec(cache, name="v_cache")]),
             prefill=(lambda token_ids: dec.prefill(token_ids), [tensor_spec([1, 8], "int32", "token_ids")]))


FEEDS["f32_kv_cache_ops_slice_update_archive"] = lambda rng: {
    "token_ids": _ids(rng, (1, 8), 256), "token_id": _ids(rng, (1, 1), 256), "position": 8}


@model("f32_translation_encoder_decoder_cross_attention", "keras-export", "keras.io-style English-to-Spanish transformer shrunk, two inputs source_ids int32 [1,24] and target_ids int32 [1,16] (0 = padding): TokenAndPosition embeddings (vocab 1000, 64), encoder layer (post-norm, MultiHeadAttention 4x16 with a [1,24,24] source padding mask from a custom PairMask layer), decoder layer (self-attention with use_causal_mask=True, cross-attention query = decoder, key / value = encoder output with a [1,16,24] source padding mask, relu FFN, LayerNormalization after each residual), Dropout, Dense(1000) logits [1,16,1000]")
def b_translation(out):
    src = keras.Input((24,), batch_size=1, dtype="int32", name="source_ids")
    tgt = keras.Input((16,), batch_size=1, dtype="int32", name="target_ids")
    enc = _block(TokenAndPosition(24, 1000, 64)(src), 4, 16, 128, act="relu", post=True, drop=0.1,
                 mask=PairMask()(src), eps=1e-5)
    y = TokenAndPosition(16, 1000, 64)(tgt)
    a = L.MultiHeadAttention(4, 16, dropout=0.1)(y, y, use_causal_mask=True)
    y = L.LayerNormalization()(L.Add()([y, a]))
    a = L.MultiHeadAttention(4, 16, dropout=0.1)(y, enc, enc, attention_mask=PairMask(16)(src))
    y = L.LayerNormalization()(L.Add()([y, a]))
    y = L.LayerNormalization()(L.Add()([y, L.Dense(64)(L.Dense(128, activation="relu")(y))]))
    _export(keras.Model({"source_ids": src, "target_ids": tgt}, L.Dense(1000, name="logits")(L.Dropout(0.5)(y))), out)


FEEDS["f32_translation_encoder_decoder_cross_attention"] = lambda rng: {
    "source_ids": _ids(rng, (1, 24), 1000, 18), "target_ids": _ids(rng, (1, 16), 1000, 12)}


@model("f32_seq2seq_greedy_while_loop_module", "tf-module", "encoder-decoder translator with greedy decoding inside the graph, tf.Module, source_ids int32 [1,12] (0 = padding): raw-TF encoder (1 layer, 2 heads, padding bias (1 - mask) * -1e9, hand LayerNorm, relu FFN); a tf.while_loop over 9 steps re-running the decoder (causal constant mask, self-attention + cross-attention to the encoder memory) on a fixed [1,10] token buffer that starts with BOS=1, writing each argmax token with tf.tensor_scatter_nd_update and its log-probability (tf.nn.log_softmax, reduce_max) into a [1,9] buffer; outputs tokens int32 [1,9] and token_log_probs")
def b_greedy(out):
    P, d, h, V, S, T = _Params(26), 32, 2, 200, 12, 10
    emb, pos = P("embedding", V, d, std=0.5), P("positions", 16, d, std=0.1)
    enc = P.layer("encoder", d, 64)
    dec, cross = P.layer("decoder", d, 64), P.layer("cross", d, 64)
    w_out = P("out_proj", d, V)
    causal = (np.triu(np.ones((T, T)), 1) * -1e9).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, S], "int32", "source_ids")])
    def translate(source_ids):
        src_bias = (1.0 - tf.cast(source_ids > 0, tf.float32))[:, None, None, :] * -1e9
        mem = tf.gather(emb, source_ids) + pos[:S]
        mem = _ln(mem + _mha(mem, mem, enc, h, src_bias), enc["n1"], enc["n1b"])
        mem = _ln(mem + _ffn(mem, enc, tf.nn.relu), enc["n2"], enc["n2b"])

        def body(i, buf, scores):
            y = tf.gather(emb, buf) + pos[:T]
            y = _ln(y + _mha(y, y, dec, h, causal), dec["n1"], dec["n1b"])
            y = _ln(y + _mha(y, mem, cross, h, src_bias), cross["n1"], cross["n1b"])
            y = _ln(y + _ffn(y, dec, tf.nn.relu), dec["n2"], dec["n2b"])
            logp = tf.nn.log_softmax(tf.matmul(tf.gather(y, i, axis=1), w_out))
            nxt = tf.argmax(logp, axis=-1, output_type=tf.int32)
            buf = tf.tensor_scatter_nd_update(buf, [[0, i + 1]], nxt)
            scores = tf.tensor_scatter_nd_update(scores, [[0, i]], tf.reduce_max(logp, axis=-1))
            return i + 1, buf, scores
        buf0 = tf.concat([tf.ones([1, 1], tf.int32), tf.zeros([1, T - 1], tf.int32)], axis=1)
        _, buf, scores = tf.while_loop(lambda i, *_: i < T - 1, body, [tf.constant(0), buf0, tf.zeros([1, T - 1])])
        return {"tokens": buf[:, 1:], "token_log_probs": scores}
    _save(out, {"params": P.vars}, serving_default=translate)


FEEDS["f32_seq2seq_greedy_while_loop_module"] = lambda rng: {"source_ids": _ids(rng, (1, 12), 200, 9)}


# ================================================================================ BERT-tiny and masks

@model("f32_bert_tiny_classifier_ids_attention_mask", "keras-export", "BERT-tiny-like intent classifier, dict of three int32 [1,64] inputs input_word_ids / input_mask / input_type_ids: custom BertEmbeddings layer (word Embedding(1000,64) + position Embedding of ops.arange + token-type Embedding(2,64), LayerNormalization eps 1e-12, Dropout), the [1,64] input_mask turned into a [1,64,64] boolean attention_mask by a custom layer, 2 post-norm encoder layers (MultiHeadAttention 2x32, exact-erf gelu intermediate 128, LayerNormalization eps 1e-12), pooler Dense(64, tanh) on the [CLS] position, Dense(3); outputs logits and probabilities")
def b_bert_keras(out):
    class BertEmbeddings(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.word, self.pos, self.typ = L.Embedding(1000, 64), L.Embedding(64, 64), L.Embedding(2, 64)
            self.norm, self.drop = L.LayerNormalization(epsilon=1e-12), L.Dropout(0.1)

        def call(self, ids, types, training=False):
            x = self.word(ids) + self.pos(ops.arange(ops.shape(ids)[1]))[None] + self.typ(types)
            return self.drop(self.norm(x), training=training)
    ids = keras.Input((64,), batch_size=1, dtype="int32", name="input_word_ids")
    msk = keras.Input((64,), batch_size=1, dtype="int32", name="input_mask")
    typ = keras.Input((64,), batch_size=1, dtype="int32", name="input_type_ids")
    x, mask = BertEmbeddings()(ids, typ), PairMask()(msk)
    for _ in range(2):
        x = _block(x, 2, 32, 128, act="gelu", eps=1e-12, drop=0.1, mask=mask, post=True)
    pooled = L.Dense(64, activation="tanh", name="pooler")(x[:, 0])
    logits = L.Dense(3, name="classifier")(L.Dropout(0.1)(pooled))
    _export(keras.Model({"input_word_ids": ids, "input_mask": msk, "input_type_ids": typ},
                        {"logits": logits, "probabilities": L.Softmax()(logits)}), out)


def _bert_feed(rng, shape, vocab, valid):
    ids = _ids(rng, shape, vocab, valid)
    ids[..., 0] = 2  # [CLS]
    typ = np.zeros(shape, "int32")
    typ[..., valid // 2:valid] = 1
    return {"input_word_ids": ids, "input_mask": _mask(shape, valid), "input_type_ids": typ}


FEEDS["f32_bert_tiny_classifier_ids_attention_mask"] = lambda rng: _bert_feed(rng, (1, 64), 1000, 40)


@model("f32_bert_einsum_extended_mask_dynamic_module", "tf-module", "BERT-tiny in raw TF the TF Model Garden way, tf.Module with dynamic batch and sequence length, int32 [None,None] input_word_ids / input_mask / input_type_ids: embeddings by tf.gather (position table [128,64] sliced to tf.shape length), hand LayerNorm eps 1e-12; extended attention mask (1 - cast(mask))[:, None, None, :] * -10000.0; EinsumDense-style projections tf.einsum('BTD,DNH->BTNH'), scores tf.einsum('BTNH,BFNH->BNFT'), context tf.einsum('BNFT,BTNH->BFNH'), output tf.einsum('BFNH,NHD->BFD'), tf.nn.softmax, original-BERT tanh GELU; 2 layers, 2 heads of 32; signatures serving_default (pooled tanh [CLS] -> logits [B,2], pooled_output) and encode (sequence_output [B,T,64])")
def b_bert_raw(out):
    P, d, h, hd = _Params(28), 64, 2, 32
    word, posn, typ = P("word_embeddings", 1000, d, std=0.5), P("position_embeddings", 128, d, std=0.1), P("type_embeddings", 2, d, std=0.1)
    eg, eb = P.ones("emb_ln_g", d), P.zeros("emb_ln_b", d)
    layers = [{"q": P(f"l{i}/query", d, h, hd), "k": P(f"l{i}/key", d, h, hd), "v": P(f"l{i}/value", d, h, hd),
               "o": P(f"l{i}/attention_output", h, hd, d, std=0.1), "g1": P.ones(f"l{i}/ln1_g", d), "b1": P.zeros(f"l{i}/ln1_b", d),
               "wi": P(f"l{i}/intermediate", d, 128), "bi": P.zeros(f"l{i}/intermediate_b", 128),
               "wo": P(f"l{i}/output", 128, d), "g2": P.ones(f"l{i}/ln2_g", d), "b2": P.zeros(f"l{i}/ln2_b", d)}
              for i in range(2)]
    wp, bp, wc, bc = P("pooler_w", d, d), P.zeros("pooler_b", d), P("classifier_w", d, 2), P.zeros("classifier_b", 2)

    def encoder(input_word_ids, input_mask, input_type_ids):
        t = tf.shape(input_word_ids)[1]
        x = tf.gather(word, input_word_ids) + tf.slice(posn, [0, 0], [t, -1])[None] + tf.gather(typ, input_type_ids)
        x = _ln(x, eg, eb, 1e-12)
        ext = (1.0 - tf.cast(input_mask, tf.float32))[:, None, None, :] * -10000.0
        for p in layers:
            q, k, v = (tf.einsum("BTD,DNH->BTNH", x, p[w]) for w in ("q", "k", "v"))
            s = tf.einsum("BTNH,BFNH->BNFT", k, q) * (1.0 / float(np.sqrt(hd))) + ext
            ctx = tf.einsum("BNFT,BTNH->BFNH", tf.nn.softmax(s), v)
            x = _ln(x + tf.einsum("BFNH,NHD->BFD", ctx, p["o"]), p["g1"], p["b1"], 1e-12)
            x = _ln(x + tf.matmul(_gelu_tanh(tf.matmul(x, p["wi"]) + p["bi"]), p["wo"]), p["g2"], p["b2"], 1e-12)
        return x
    specs = [tensor_spec([None, None], "int32", n) for n in ("input_word_ids", "input_mask", "input_type_ids")]

    @tf.function(input_signature=specs)
    def classify(input_word_ids, input_mask, input_type_ids):
        pooled = tf.tanh(tf.matmul(encoder(input_word_ids, input_mask, input_type_ids)[:, 0], wp) + bp)
        return {"logits": tf.matmul(pooled, wc) + bc, "pooled_output": pooled}

    @tf.function(input_signature=specs)
    def encode(input_word_ids, input_mask, input_type_ids):
        return {"sequence_output": encoder(input_word_ids, input_mask, input_type_ids)}
    _save(out, {"params": P.vars}, serving_default=classify, encode=encode)


FEEDS["f32_bert_einsum_extended_mask_dynamic_module"] = lambda rng: _bert_feed(rng, (2, 32), 1000, 20)


@model("f32_bert_qat_fake_quant_layers_keras", "keras-export", "QAT-style BERT-tiny for a full-integer (int8) deployment, Keras custom layers, token_ids int32 [1,32] + attention_mask int32 [1,32]: FakeQuant layer (trainable min / max add_weight, tf.quantization.fake_quant_with_min_max_vars, 8 bits) after the embeddings, each projection, softmax ([0,1]), LayerNormalization, residual and relu6 FFN; QuantDense layer fake-quantizing its kernel per output channel with tf.quantization.fake_quant_with_min_max_vars_per_channel on symmetric ranges computed in the graph (reduce_max of |w|, narrow_range); attention written with ops.matmul / ops.softmax and an additive (1 - mask) * -1e4 bias; 2 layers, 2 heads of 16; mean-pooled head QuantDense(4) -> logits")
def b_bert_qat(out):
    class FakeQuant(L.Layer):
        def __init__(self, lo, hi, **kw):
            super().__init__(**kw)
            self.lo, self.hi = lo, hi

        def build(self, s):
            self.min = self.add_weight(shape=(), initializer=keras.initializers.Constant(self.lo), name="min")
            self.max = self.add_weight(shape=(), initializer=keras.initializers.Constant(self.hi), name="max")

        def call(self, x):
            return tf.quantization.fake_quant_with_min_max_vars(x, self.min, self.max, num_bits=8)

    class QuantDense(L.Layer):
        def __init__(self, units, **kw):
            super().__init__(**kw)
            self.units = units

        def build(self, s):
            self.kernel = self.add_weight(shape=(s[-1], self.units), initializer="glorot_uniform", name="kernel")
            self.bias = self.add_weight(shape=(self.units,), initializer="zeros", name="bias")

        def call(self, x):
            r = tf.reduce_max(tf.abs(self.kernel), axis=0)
            w = tf.quantization.fake_quant_with_min_max_vars_per_channel(self.kernel, -r, r, num_bits=8, narrow_range=True)
            return tf.matmul(x, w) + self.bias

    class QuantSelfAttention(L.Layer):
        def __init__(self, heads, hd, **kw):
            super().__init__(**kw)
            self.h, self.hd = heads, hd
            self.q, self.k, self.v, self.o = (QuantDense(heads * hd) for _ in range(4))
            self.fq_q, self.fq_k, self.fq_v, self.fq_s, self.fq_o = (FakeQuant(-4, 4), FakeQuant(-4, 4), FakeQuant(-4, 4),
                                                                      FakeQuant(0, 1), FakeQuant(-4, 4))

        def call(self, x, bias):
            split = lambda t: ops.transpose(ops.reshape(t, (-1, 32, self.h, self.hd)), (0, 2, 1, 3))  # noqa: E731
            q, k, v = split(self.fq_q(self.q(x))), split(self.fq_k(self.k(x))), split(self.fq_v(self.v(x)))
            w = self.fq_s(ops.softmax(ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) * (self.hd ** -0.5) + bias))
            ctx = ops.reshape(ops.transpose(ops.matmul(w, v), (0, 2, 1, 3)), (-1, 32, self.h * self.hd))
            return self.fq_o(self.o(ctx))

    class MaskBias(L.Layer):
        def call(self, m):
            return (1.0 - ops.cast(m, "float32"))[:, None, None, :] * -1e4
    ids = keras.Input((32,), batch_size=1, dtype="int32", name="token_ids")
    msk = keras.Input((32,), batch_size=1, dtype="int32", name="attention_mask")
    bias = MaskBias()(msk)
    x = FakeQuant(-3, 3)(TokenAndPosition(32, 1000, 32)(ids))
    for _ in range(2):
        x = FakeQuant(-6, 6)(L.Add()([x, QuantSelfAttention(2, 16)(x, bias)]))
        x = FakeQuant(-4, 4)(L.LayerNormalization()(x))
        f = FakeQuant(0, 6)(L.ReLU(6.0)(QuantDense(64)(x)))
        x = FakeQuant(-6, 6)(L.Add()([x, FakeQuant(-4, 4)(QuantDense(32)(f))]))
        x = FakeQuant(-4, 4)(L.LayerNormalization()(x))
    logits = FakeQuant(-8, 8)(QuantDense(4)(L.GlobalAveragePooling1D()(x)))
    _export(keras.Model({"token_ids": ids, "attention_mask": msk}, logits), out)


FEEDS["f32_bert_qat_fake_quant_layers_keras"] = lambda rng: {
    "token_ids": _ids(rng, (1, 32), 1000, 20), "attention_mask": _mask((1, 32), 20)}


# ================================================================================ Keras MultiHeadAttention variants

@model("f32_mha_distinct_key_value_dims_output_shape", "keras-export", "Keras MultiHeadAttention with every dimension different, three float inputs query [1,10,24], key [1,20,40], value [1,20,12]: MultiHeadAttention(num_heads=3, key_dim=8, value_dim=6, output_shape=16) with return_attention_scores=True, then a second MultiHeadAttention(num_heads=2, key_dim=4, output_shape=(4, 4), use_bias=False) from that output to the value -> [1,10,4,4]; outputs attended [1,10,16], attention_scores [1,3,10,20], grid [1,10,4,4]")
def b_mha_dims(out):
    q = keras.Input((10, 24), batch_size=1, name="query")
    k = keras.Input((20, 40), batch_size=1, name="key")
    v = keras.Input((20, 12), batch_size=1, name="value")
    a, scores = L.MultiHeadAttention(3, 8, value_dim=6, output_shape=16)(q, v, k, return_attention_scores=True)
    grid = L.MultiHeadAttention(2, 4, output_shape=(4, 4), use_bias=False)(a, v)
    _export(keras.Model({"query": q, "key": k, "value": v},
                        {"attended": a, "attention_scores": scores, "grid": grid}), out)


@model("f32_mha_timeseries_univariate_T1", "keras-export", "keras.io timeseries-classification transformer on a univariate series [1,T,1] fed straight into attention, float [1,96,1]: 2 encoder blocks of LayerNormalization(eps 1e-6), MultiHeadAttention(num_heads 2, key_dim 8, dropout 0.25) on the 1-feature input (query / key / value dim 1, output projected back to 1), Dropout, residual, LayerNormalization, Conv1D(4, 1, relu) + Dropout + Conv1D(1, 1) FFN, residual; GlobalAveragePooling1D(data_format='channels_first'), Dense(32, relu), Dropout, Dense(2, softmax)")
def b_ts_t1(out):
    inp = keras.Input((96, 1), batch_size=1, name="series")
    x = inp
    for _ in range(2):
        h = L.LayerNormalization(epsilon=1e-6)(x)
        h = L.Dropout(0.25)(L.MultiHeadAttention(2, 8, dropout=0.25)(h, h))
        res = L.Add()([h, x])
        h = L.LayerNormalization(epsilon=1e-6)(res)
        h = L.Conv1D(1, 1)(L.Dropout(0.25)(L.Conv1D(4, 1, activation="relu")(h)))
        x = L.Add()([h, res])
    x = L.GlobalAveragePooling1D(data_format="channels_first")(x)
    x = L.Dropout(0.4)(L.Dense(32, activation="relu")(x))
    _export(keras.Model(inp, L.Dense(2, activation="softmax", name="probabilities")(x)), out)


@model("f32_mha_variable_and_time_axes_forecaster_dynamic", "keras-export", "two-stage (variables, then time) attention forecaster with dynamic batch, float [None,48,6]: Reshape to [B,48,6,1], Dense(16) per value plus a learned per-variable embedding (add_weight [6,16]); MultiHeadAttention(2, 8, attention_axes=(2,)) across the 6 variables at each time step, residual + LayerNormalization; MultiHeadAttention(2, 8, attention_axes=(1,)) across the 48 steps for each variable, residual + LayerNormalization; gelu FFN; mean over time (ops.mean axis 1), Dense(12) per variable, ops.transpose -> forecast [B,12,6]; model.export with Keras' own (batch None) signature")
def b_ts_axes(out):
    class VariableEmbedding(L.Layer):
        def build(self, s):
            self.emb = self.add_weight(shape=(s[2], s[3]), initializer="random_normal", name="variable_embedding")

        def call(self, x):
            return x + self.emb[None, None]
    inp = keras.Input((48, 6), name="series")
    x = VariableEmbedding()(L.Dense(16)(L.Reshape((48, 6, 1))(inp)))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 8, attention_axes=(2,))(x, x)]))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 8, attention_axes=(1,))(x, x)]))
    x = L.LayerNormalization()(L.Add()([x, L.Dense(16)(L.Dense(32, activation="gelu")(x))]))
    y = L.Dense(12)(ops.mean(x, axis=1))
    _export(keras.Model(inp, ops.transpose(y, (0, 2, 1))), out, fixed=False)


@model("f32_einsum_attention_equation_forms_module", "tf-module", "attention written with tf.einsum in several equation forms, tf.Module, float features [1,16,32] + key_padding_mask float [1,16] (1 = keep): layer 1 EinsumDense-style 'btd,dnh->btnh' projections with 'nh' biases, scores 'btnh,bsnh->bnts', context 'bnts,bsnh->btnh', output 'btnh,nhd->btd'; layer 2 heads transposed to [B,H,T,D] and 'bhqd,bhkd->bhqk' / 'bhqk,bhkd->bhqd'; layer 3 single-head with an ellipsis '...qd,...kd->...qk' and 'ij,bjd->bid' mixing a constant [16,16] token-mixing matrix; the mask applied as tf.where(mask > 0, scores, -1e9), tf.nn.softmax; outputs sequence [1,16,32] and pooled [1,32]")
def b_einsum_forms(out):
    P, d, h, hd = _Params(33), 32, 4, 8
    l1 = {k: P(f"l1/{k}", d, h, hd) for k in ("q", "k", "v")}
    l1b = {k: P.zeros(f"l1/{k}_bias", h, hd) for k in ("q", "k", "v")}
    l1o = P("l1/out", h, hd, d, std=0.1)
    l2 = {k: P(f"l2/{k}", d, d) for k in ("q", "k", "v", "o")}
    l3 = {k: P(f"l3/{k}", d, d) for k in ("q", "k", "v")}
    mix = np.random.default_rng(330).normal(0, 0.25, (16, 16)).astype("float32")
    g, b = P.ones("norm_g", d), P.zeros("norm_b", d)

    @tf.function(input_signature=[tensor_spec([1, 16, 32], name="features"), tensor_spec([1, 16], name="key_padding_mask")])
    def serve(features, key_padding_mask):
        keep = key_padding_mask[:, None, None, :] > 0.5
        q, k, v = (tf.einsum("btd,dnh->btnh", features, l1[n]) + l1b[n] for n in ("q", "k", "v"))
        s = tf.where(keep, tf.einsum("btnh,bsnh->bnts", q, k) / float(np.sqrt(hd)), -1e9)
        x = features + tf.einsum("btnh,nhd->btd", tf.einsum("bnts,bsnh->btnh", tf.nn.softmax(s), v), l1o)
        x = _ln(x, g, b)
        q, k, v = (_heads(tf.matmul(x, l2[n]), h) for n in ("q", "k", "v"))
        s = tf.where(keep, tf.einsum("bhqd,bhkd->bhqk", q, k) / float(np.sqrt(hd)), -1e9)
        x = _ln(x + tf.matmul(_merge(tf.einsum("bhqk,bhkd->bhqd", tf.nn.softmax(s), v)), l2["o"]), g, b)
        q, k, v = (tf.matmul(x, l3[n]) for n in ("q", "k", "v"))
        s = tf.where(keep[:, 0], tf.einsum("...qd,...kd->...qk", q, k) / float(np.sqrt(d)), -1e9)
        x = _ln(x + tf.matmul(tf.nn.softmax(s), v) + tf.einsum("ij,bjd->bid", mix, x), g, b)
        return {"sequence": x, "pooled": tf.reduce_mean(x, axis=1)}
    _save(out, {"params": P.vars}, serving_default=serve)


FEEDS["f32_einsum_attention_equation_forms_module"] = lambda rng: {"key_padding_mask": _mask((1, 16), 12)}


@model("f32_hand_ops_softmax_rmsnorm_tanh_gelu_archive", "keras-archive", "gesture recognizer on IMU windows written with keras.ops only in custom layers, float [1,50,6]: Conv1D(32, 5, same) stem, 2 pre-norm blocks of HandRMSNorm (ops.rsqrt of ops.mean square), HandAttention (Dense q/k/v/o, ops.reshape + ops.transpose to 4 heads of 8, ops.matmul, softmax written out as ops.exp(x - ops.max(x)) / ops.sum), and a tanh-approximation GELU written out (0.5x(1 + tanh(sqrt(2/pi)(x + 0.044715x^3)))) in the MLP; ExportArchive endpoints 'serve' (probabilities [1,8]) and 'embed' (mean-pooled [1,32])")
def b_hand_ops(out):
    class HandSoftmaxAttention(L.Layer):
        def __init__(self, heads, **kw):
            super().__init__(**kw)
            self.h = heads

        def build(self, s):
            self.d = s[-1]
            self.q, self.k, self.v, self.o = (L.Dense(self.d) for _ in range(4))

        def call(self, x):
            hd = self.d // self.h
            split = lambda t: ops.transpose(ops.reshape(t, (-1, 50, self.h, hd)), (0, 2, 1, 3))  # noqa: E731
            s = ops.matmul(split(self.q(x)), ops.transpose(split(self.k(x)), (0, 1, 3, 2))) / float(np.sqrt(hd))
            e = ops.exp(s - ops.max(s, axis=-1, keepdims=True))
            w = e / ops.sum(e, axis=-1, keepdims=True)
            return self.o(ops.reshape(ops.transpose(ops.matmul(w, split(self.v(x))), (0, 2, 1, 3)), (-1, 50, self.d)))

    class GeluTanh(L.Layer):
        def call(self, x):
            return 0.5 * x * (1.0 + ops.tanh(0.7978845608028654 * (x + 0.044715 * ops.power(x, 3))))
    inp = keras.Input((50, 6), batch_size=1, name="imu")
    x = L.Conv1D(32, 5, padding="same")(inp)
    for _ in range(2):
        x = L.Add()([x, HandSoftmaxAttention(4)(HandRMSNorm()(x))])
        x = L.Add()([x, L.Dense(32)(GeluTanh()(L.Dense(64)(HandRMSNorm()(x))))])
    emb = L.GlobalAveragePooling1D(name="embedding")(HandRMSNorm()(x))
    probs = L.Dense(8, activation="softmax", name="probabilities")(emb)
    m, e = keras.Model(inp, probs), keras.Model(inp, emb)
    spec = [tensor_spec([1, 50, 6], name="imu")]
    _archive(out, [m, e], serve=(lambda imu: m(imu, training=False), spec), embed=(lambda imu: e(imu, training=False), spec))


# ================================================================================ speech

@model("f32_conformer_block_depthwise_logmel_ctc", "keras-export", "Conformer-lite CTC acoustic model on log-mel frames, float [1,100,40]: Reshape to [1,100,40,1], two Conv2D(16, 3, stride 2, same, relu) subsampling to [1,25,10,16], Reshape [1,25,160], Dense(64) + constant sinusoidal positions; 2 Conformer blocks (half-step FFN: LayerNormalization, Dense 256 swish, Dense, x0.5 residual; MHSA: LayerNormalization + MultiHeadAttention 4x16; convolution module: LayerNormalization, pointwise Conv1D(128) + GLU written as split + sigmoid gate, DepthwiseConv1D(15, same), BatchNormalization, swish, pointwise Conv1D(64); second half-step FFN; final LayerNormalization); Dense(32) -> log_probs (log_softmax) [1,25,32]")
def b_conformer(out):
    pe = _sinusoid(25, 64)

    class AddPositions(L.Layer):
        def call(self, x):
            return x + pe[None]

    class GLU(L.Layer):
        def call(self, x):
            a, b = ops.split(x, 2, axis=-1)
            return a * ops.sigmoid(b)

    def half_ffn(x):
        h = L.Dense(64)(L.Dropout(0.1)(L.Dense(256, activation="swish")(L.LayerNormalization()(x))))
        return L.Add()([x, L.Rescaling(0.5)(h)])
    inp = keras.Input((100, 40), batch_size=1, name="log_mel")
    x = L.Reshape((100, 40, 1))(inp)
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(x)
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(x)
    x = AddPositions()(L.Dense(64)(L.Reshape((25, 160))(x)))
    for _ in range(2):
        x = half_ffn(x)
        h = L.LayerNormalization()(x)
        x = L.Add()([x, L.Dropout(0.1)(L.MultiHeadAttention(4, 16)(h, h))])
        h = GLU()(L.Conv1D(128, 1)(L.LayerNormalization()(x)))
        h = L.Activation("swish")(L.BatchNormalization()(L.DepthwiseConv1D(15, padding="same")(h)))
        x = L.Add()([x, L.Conv1D(64, 1)(h)])
        x = L.LayerNormalization()(half_ffn(x))
    _export(keras.Model(inp, L.Activation("log_softmax", name="log_probs")(L.Dense(32)(x))), out)


@model("f32_speech_transformer_dynamic_frames_frozen", "frozen-pb", "tiny speech-recognition transformer on log-mel frames with a dynamic number of frames, a Keras functional model frozen with convert_variables_to_constants_v2, float [1,None,80]: two Conv1D(64, 3, stride 2, same, gelu) subsampling, a custom layer adding sinusoidal positions computed in the graph from ops.shape (ops.arange, ops.power, ops.sin / ops.cos, concatenate), 2 pre-norm encoder blocks (LayerNormalization, MultiHeadAttention 4x16, gelu MLP 128), LayerNormalization, Dense(40) CTC logits; output nodes log_probs [1,T/4,40] (tf.nn.log_softmax) and greedy_ids (argmax int32)")
def b_speech_frozen(out):
    class SinusoidalPositions(L.Layer):
        def call(self, x):
            t, d = ops.shape(x)[1], x.shape[-1]
            pos = ops.cast(ops.arange(t), "float32")[:, None]
            inv = ops.power(10000.0, -ops.cast(ops.arange(0, d, 2), "float32") / d)[None, :]
            return x + ops.concatenate([ops.sin(pos * inv), ops.cos(pos * inv)], axis=-1)[None]
    inp = keras.Input((None, 80), batch_size=1, name="log_mel")
    x = L.Conv1D(64, 3, strides=2, padding="same", activation="gelu")(inp)
    x = SinusoidalPositions()(L.Conv1D(64, 3, strides=2, padding="same", activation="gelu")(x))
    for _ in range(2):
        x = _block(x, 4, 16, 128, eps=1e-5)
    m = keras.Model(inp, L.Dense(40)(L.LayerNormalization()(x)))

    def fn(log_mel):
        logp = tf.nn.log_softmax(m(log_mel, training=False))
        return tf.identity(logp, name="log_probs"), tf.identity(tf.argmax(logp, -1, output_type=tf.int32), name="greedy_ids")
    _freeze(fn, [tensor_spec([1, None, 80], name="log_mel")], out)


OUTPUTS["f32_speech_transformer_dynamic_frames_frozen"] = ["log_probs", "greedy_ids"]
FEEDS["f32_speech_transformer_dynamic_frames_frozen"] = lambda rng: {"log_mel": rng.normal(-4, 2, (1, 120, 80))}


@model("f32_kws_keyword_transformer_stft_logmel", "keras-export", "Keyword Transformer (KWT) with the front end inside the model, raw waveform float [1,16000]: custom LogMel layer (tf.signal.stft frame 480 / step 320 / fft 512 with a hann window, tf.abs squared to power, matmul with a constant tf.signal.linear_to_mel_weight_matrix [257,40], tf.math.log(x + 1e-6)) -> [1,49,40]; Dense(64) per frame, class token + learned positions (custom layer), 2 post-norm blocks (MultiHeadAttention 4x16, gelu MLP 128, LayerNormalization), class-token Dense(12) -> probabilities")
def b_kwt(out):
    mel = tf.signal.linear_to_mel_weight_matrix(40, 257, 16000, 20.0, 7600.0).numpy()

    class LogMel(L.Layer):
        def call(self, wav):
            spec = tf.abs(tf.signal.stft(wav, 480, 320, 512, window_fn=tf.signal.hann_window))
            return tf.math.log(tf.matmul(tf.square(spec), mel) + 1e-6)
    inp = keras.Input((16000,), batch_size=1, name="waveform")
    x = Tokens(1)(L.Dense(64)(LogMel()(inp)))
    for _ in range(2):
        x = _block(x, 4, 16, 128, post=True, drop=0.1)
    _export(keras.Model(inp, L.Dense(12, activation="softmax", name="probabilities")(x[:, 0])), out)


FEEDS["f32_kws_keyword_transformer_stft_logmel"] = lambda rng: {"waveform": rng.normal(0, 0.1, (1, 16000))}


# ================================================================================ position biases, local and cross attention

@model("f32_t5_relative_position_buckets_module", "tf-module", "T5-style sentence encoder in raw TF, tf.Module, input_ids int32 [1,32] + attention_mask int32 [1,32]: tf.gather embedding (vocab 600, 32); relative-position buckets computed in the graph (tf.range differences, bidirectional 32 buckets, exact below 8, above that tf.math.log-spaced up to distance 64, tf.where / tf.minimum, tf.cast) indexing a tf.Variable bias table [32,4] by tf.gather, shared by both layers; T5 RMS LayerNorm by hand (no mean, no bias), attention without 1/sqrt(d) scaling, padding bias from the mask, gated-GELU (tanh) FFN; outputs last_hidden_state [1,32,32] and a masked-mean, tf.math.l2_normalize'd sentence_embedding [1,32]")
def b_t5(out):
    P, d, h, T, V, nb, max_exact, max_dist = _Params(38), 32, 4, 32, 600, 16, 8, 64
    emb, table = P("shared_embedding", V, d, std=0.5), P("relative_attention_bias", 2 * nb, h, std=0.1)
    layers = [P.layer(f"block{i}", d, 64, bias=False, norm_bias=False, gated=True) for i in range(2)]
    norm_f = P.ones("final_layer_norm", d)

    def bucket(rel):
        ret = tf.cast(rel > 0, tf.int32) * nb
        n = tf.abs(rel)
        large = max_exact + tf.cast(tf.math.log(tf.cast(n, tf.float32) / max_exact) / float(np.log(max_dist / max_exact))
                                    * (nb - max_exact), tf.int32)
        return ret + tf.where(n < max_exact, n, tf.minimum(large, nb - 1))

    @tf.function(input_signature=[tensor_spec([1, T], "int32", "input_ids"), tensor_spec([1, T], "int32", "attention_mask")])
    def encode(input_ids, attention_mask):
        pos = tf.range(T)
        bias = tf.transpose(tf.gather(table, bucket(pos[None, :] - pos[:, None])), [2, 0, 1])[None]
        bias = bias + (1.0 - tf.cast(attention_mask, tf.float32))[:, None, None, :] * -1e9
        x = tf.gather(emb, input_ids)
        for p in layers:
            y = _rms(x, p["n1"])
            q, k, v = (_heads(tf.matmul(y, p[w]), h) for w in ("wq", "wk", "wv"))
            x = x + tf.matmul(_merge(_attend(q, k, v, bias, tf.nn.softmax, scale=False)), p["wo"])
            y = _rms(x, p["n2"])
            x = x + tf.matmul(_gelu_tanh(tf.matmul(y, p["w1"])) * tf.matmul(y, p["w3"]), p["w2"])
        x = _rms(x, norm_f)
        m = tf.cast(attention_mask, tf.float32)[..., None]
        pooled = tf.reduce_sum(x * m, axis=1) / tf.maximum(tf.reduce_sum(m, axis=1), 1.0)
        return {"last_hidden_state": x, "sentence_embedding": tf.math.l2_normalize(pooled, axis=-1)}
    _save(out, {"params": P.vars}, serving_default=encode)


FEEDS["f32_t5_relative_position_buckets_module"] = lambda rng: {
    "input_ids": _ids(rng, (1, 32), 600, 25), "attention_mask": _mask((1, 32), 25)}


@model("f32_local_band_attention_global_token_dynamic", "keras-export", "Longformer-style document classifier with sliding-window attention and dynamic batch, token ids int32 [None,64]: TokenAndPosition embedding (vocab 1500, 32); custom LocalGlobalAttention layer whose mask is tf.linalg.band_part(ones [64,64], 4, 4) (window +-4) combined by tf.maximum with a constant row / column for global token 0, applied with ops.where before ops.softmax, 2 heads of 16; 2 pre-norm layers with gelu MLP; token-0 LayerNormalization + Dense(3); model.export with Keras' own (batch None) signature")
def b_local(out):
    glob = np.zeros((64, 64), "float32")
    glob[0, :] = glob[:, 0] = 1.0

    class LocalGlobalAttention(L.Layer):
        def __init__(self, heads, hd, window, **kw):
            super().__init__(**kw)
            self.h, self.hd, self.w = heads, hd, window
            self.q, self.k, self.v, self.o = (L.Dense(heads * hd) for _ in range(4))

        def call(self, x):
            split = lambda t: ops.transpose(ops.reshape(t, (-1, 64, self.h, self.hd)), (0, 2, 1, 3))  # noqa: E731
            mask = tf.maximum(tf.linalg.band_part(tf.ones((64, 64)), self.w, self.w), glob) > 0
            s = ops.matmul(split(self.q(x)), ops.transpose(split(self.k(x)), (0, 1, 3, 2))) / float(np.sqrt(self.hd))
            w = ops.softmax(ops.where(mask, s, -1e9), axis=-1)
            o = ops.transpose(ops.matmul(w, split(self.v(x))), (0, 2, 1, 3))
            return self.o(ops.reshape(o, (-1, 64, self.h * self.hd)))
    inp = keras.Input((64,), dtype="int32", name="token_ids")
    x = TokenAndPosition(64, 1500, 32)(inp)
    for _ in range(2):
        x = L.Add()([x, LocalGlobalAttention(2, 16, 4)(L.LayerNormalization()(x))])
        x = L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(L.LayerNormalization()(x)))])
    _export(keras.Model(inp, L.Dense(3, name="logits")(L.LayerNormalization()(x)[:, 0])), out, fixed=False)


FEEDS["f32_local_band_attention_global_token_dynamic"] = lambda rng: {"token_ids": _ids(rng, (2, 64), 1500)}


@model("f32_vqa_image_text_cross_attention_archive", "keras-archive", "visual question answering with cross-attention, image float [1,32,32,3] + question_ids int32 [1,12] (0 = padding): Conv2D(32, 4, stride 4) patches + Reshape [64,32] + learned positions (custom layer), question TokenAndPosition embedding (vocab 500, 32), question self-attention with a [1,12,12] padding mask (PairMask), cross-attention MultiHeadAttention(query = question, key / value = image patches), gelu FFN, masked mean over question tokens (ops.sum with the mask), Dense(20) answer logits; ExportArchive endpoints 'serve' (image, question_ids) and 'image_features' (image -> [1,64,32])")
def b_vqa(out):
    class MaskedMean(L.Layer):
        def call(self, x, ids):
            m = ops.cast(ops.not_equal(ids, 0), x.dtype)[..., None]
            return ops.sum(x * m, axis=1) / ops.maximum(ops.sum(m, axis=1), 1.0)
    img = keras.Input((32, 32, 3), batch_size=1, name="image")
    q_ids = keras.Input((12,), batch_size=1, dtype="int32", name="question_ids")
    patches = L.Reshape((64, 32))(L.Conv2D(32, 4, strides=4, activation="gelu")(img))
    patches = L.LayerNormalization()(L.Add()([patches, L.Embedding(64, 32)(ops.arange(64))[None]]))
    q = TokenAndPosition(12, 500, 32)(q_ids)
    q = L.LayerNormalization()(L.Add()([q, L.MultiHeadAttention(2, 16)(q, q, attention_mask=PairMask()(q_ids))]))
    q = L.LayerNormalization()(L.Add()([q, L.MultiHeadAttention(2, 16)(q, patches)]))
    q = L.LayerNormalization()(L.Add()([q, L.Dense(32)(L.Dense(64, activation="gelu")(q))]))
    logits = L.Dense(20, name="answer_logits")(MaskedMean()(q, q_ids))
    m, f = keras.Model({"image": img, "question_ids": q_ids}, logits), keras.Model(img, patches)
    _archive(out, [m, f],
             serve=(lambda image, question_ids: m({"image": image, "question_ids": question_ids}, training=False),
                    [tensor_spec([1, 32, 32, 3], name="image"), tensor_spec([1, 12], "int32", "question_ids")]),
             image_features=(lambda image: f(image, training=False), [tensor_spec([1, 32, 32, 3], name="image")]))


FEEDS["f32_vqa_image_text_cross_attention_archive"] = lambda rng: {"question_ids": _ids(rng, (1, 12), 500, 7)}


@model("f32_perceiver_latents_variable_length_module", "tf-module", "Perceiver-style sensor-stream classifier taking any length, tf.Module holding Keras layers and a latent tf.Variable [16,32], inputs float [1,None,8] + valid_length int32 [1]: Dense(32) + sinusoidal positions computed from tf.shape (tf.range, tf.pow, sin / cos); a [1,16,T] key mask from tf.sequence_mask(valid_length, T); cross-attention Keras MultiHeadAttention (latents query the stream, 2 heads of 16) with LayerNormalization, 2 latent self-attention blocks (MultiHeadAttention 4x8, gelu MLP), mean over latents -> Dense(4) logits; the output size is fixed whatever the length")
def b_perceiver_dyn(out):
    latents = tf.Variable(np.random.default_rng(41).normal(0, 0.5, (16, 32)).astype("float32"), name="latents")
    proj, cross, n_q, n_kv = L.Dense(32), L.MultiHeadAttention(2, 16), L.LayerNormalization(), L.LayerNormalization()
    blocks = [(L.LayerNormalization(), L.MultiHeadAttention(4, 8), L.LayerNormalization(),
               L.Dense(64, activation="gelu"), L.Dense(32)) for _ in range(2)]
    head = L.Dense(4)

    def run(sequence, valid_length):
        t = tf.shape(sequence)[1]
        pos = tf.cast(tf.range(t), tf.float32)[:, None] * tf.pow(10000.0, -tf.range(0, 32, 2, dtype=tf.float32) / 32.0)[None]
        x = proj(sequence) + tf.concat([tf.sin(pos), tf.cos(pos)], axis=-1)[None]
        mask = tf.tile(tf.sequence_mask(valid_length, t)[:, None, :], [1, 16, 1])
        lat = tf.tile(latents[None], [tf.shape(sequence)[0], 1, 1])
        lat = lat + cross(n_q(lat), n_kv(x), attention_mask=mask)
        for n1, mha, n2, f1, f2 in blocks:
            y = n1(lat)
            lat = lat + mha(y, y)
            lat = lat + f2(f1(n2(lat)))
        return head(tf.reduce_mean(lat, axis=1))
    run(tf.zeros([1, 5, 8]), tf.constant([5]))  # build the Keras layers eagerly

    @tf.function(input_signature=[tensor_spec([1, None, 8], name="sequence"), tensor_spec([1], "int32", "valid_length")])
    def serve(sequence, valid_length):
        return {"logits": run(sequence, valid_length)}
    _save(out, {"latents": latents, "layers": [proj, cross, n_q, n_kv, blocks, head]}, serving_default=serve)


FEEDS["f32_perceiver_latents_variable_length_module"] = {"valid_length": [20]}


@model("f32_mobilevit_qat_fake_quant_frozen", "frozen-pb", "QAT-style MobileViT-ish block in raw TF frozen with convert_variables_to_constants_v2 (the activation-range tf.Variables become constants), float [1,32,32,3]: input fake_quant_with_min_max_vars [0,1]; every weight through fake_quant_with_min_max_vars_per_channel (narrow_range, symmetric ranges from reduce_max |w| in the graph; the depthwise [3,3,16,1] kernel reshaped to [3,3,1,16] and back so its channels are last); tf.nn.conv2d stem stride 2 + bias + relu6, tf.nn.depthwise_conv2d + relu6, 1x1 to d=32, each followed by an activation fake-quant ([0,6] or [-4,4]); unfold 2x2 patches by reshape / transpose to [4,64,32]; 1 transformer layer (2 heads, tf.nn.softmax) with fake-quant after hand LayerNorm, q / k / v, the softmax ([0,1]), relu6 FFN and residuals; fold back, 1x1 conv, mean pool, Dense logits fake-quantized to [-8,8]; output node 'logits'")
def b_mobilevit_qat(out):
    P = _Params(43)

    def fq(x, lo, hi):
        return tf.quantization.fake_quant_with_min_max_vars(x, lo, hi, num_bits=8)

    def qw(w):
        """per-output-channel (last axis) symmetric weight fake-quant, ranges from reduce_max(|w|)"""
        r = tf.reduce_max(tf.abs(w), axis=list(range(len(w.shape) - 1)))
        return tf.quantization.fake_quant_with_min_max_vars_per_channel(w, -r, r, num_bits=8, narrow_range=True)

    def qdw(w):
        """depthwise [3,3,C,1] kernels: reshaped to [3,3,1,C] so the channel axis is last, fake-quantized, reshaped back"""
        return tf.reshape(qw(tf.reshape(w, [3, 3, 1, w.shape[2]])), w.shape)
    stem_w, stem_b = P("stem_kernel", 3, 3, 3, 16, std=0.3), P.zeros("stem_bias", 16)
    dw_w, dw_b = P("dw_kernel", 3, 3, 16, 1, std=0.3), P.zeros("dw_bias", 16)
    pw_w, pw_b = P("pw_kernel", 1, 1, 16, 32, std=0.25), P.zeros("pw_bias", 32)
    lp = P.layer("transformer", 32, 64)
    out_w, out_b = P("fuse_kernel", 1, 1, 32, 48, std=0.2), P.zeros("fuse_bias", 48)
    head_w, head_b = P("head_w", 48, 10), P.zeros("head_b", 10)
    ranges = {k: tf.Variable(v, name=k) for k, v in (("a_lo", -4.0), ("a_hi", 4.0), ("r6", 6.0), ("zero", 0.0), ("one", 1.0))}

    def fn(image):
        lo, hi, z, r6, one = ranges["a_lo"], ranges["a_hi"], ranges["zero"], ranges["r6"], ranges["one"]
        x = fq(image, z, one)
        x = fq(tf.nn.relu6(tf.nn.conv2d(x, qw(stem_w), 2, "SAME") + stem_b), z, r6)  # [1,16,16,16]
        x = fq(tf.nn.relu6(tf.nn.depthwise_conv2d(x, qdw(dw_w), [1, 1, 1, 1], "SAME") + dw_b), z, r6)
        x = fq(tf.nn.conv2d(x, qw(pw_w), 1, "SAME") + pw_b, lo, hi)  # [1,16,16,32]
        t = tf.reshape(tf.transpose(tf.reshape(x, [1, 8, 2, 8, 2, 32]), [0, 2, 4, 1, 3, 5]), [4, 64, 32])
        y = fq(_ln(t, lp["n1"], lp["n1b"]), lo, hi)
        q, k, v = (_heads(fq(tf.matmul(y, qw(lp[w])), lo, hi), 2) for w in ("wq", "wk", "wv"))
        a = fq(tf.nn.softmax(tf.matmul(q, k, transpose_b=True) * 0.25), z, one)
        t = fq(t + fq(tf.matmul(_merge(tf.matmul(a, v)), qw(lp["wo"])), lo, hi), lo, hi)
        y = fq(_ln(t, lp["n2"], lp["n2b"]), lo, hi)
        y = fq(tf.nn.relu6(tf.matmul(y, qw(lp["w1"])) + lp["b1"]), z, r6)
        t = fq(t + fq(tf.matmul(y, qw(lp["w2"])) + lp["b2"], lo, hi), lo, hi)
        x = tf.reshape(tf.transpose(tf.reshape(t, [1, 2, 2, 8, 8, 32]), [0, 3, 1, 4, 2, 5]), [1, 16, 16, 32])
        x = fq(tf.nn.relu6(tf.nn.conv2d(x, qw(out_w), 1, "SAME") + out_b), z, r6)
        pooled = fq(tf.reduce_mean(x, axis=[1, 2]), z, r6)
        return tf.identity(fq(tf.matmul(pooled, qw(head_w)) + head_b, -8.0, 8.0), name="logits")
    _freeze(fn, [tensor_spec([1, 32, 32, 3], name="image")], out)


OUTPUTS["f32_mobilevit_qat_fake_quant_frozen"] = ["logits"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L, ops = tensorflow, k, numpy, k.layers, k.ops
    _layers()


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
