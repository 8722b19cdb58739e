"""Build an independently made corpus into bench/out/fresh18/: small generative and sequence models exported for
on-device inference the way "generative AI on device" projects export them. Tiny decoder-only transformers (RMSNorm /
Gemma-style (1 + w) RMSNorm / LayerNorm, RoPE with sin / cos computed in the graph or gathered from precomputed tables,
rotate-half, interleaved and partial rotary, ALiBi biases, learned positions, SwiGLU / GeGLU / GELU MLPs, multi-head,
multi-query and grouped-query attention, sliding-window masks, tied embeddings, logit soft-capping); prefill / decode /
embed signatures on one tf.Module with an explicit KV cache passed in and out as tensors of a fixed max length
(XlaDynamicUpdateSlice via dynamic_update_slice, tf.tensor_scatter_nd_update, one-hot masked writes, slice + concat,
growing TF1 GPT-2 style "past" tensors, an int8-quantized cache), caches held in tf.Variables assigned by the decode
signature (strided-slice assign, scatter_nd_update, a position counter variable); sampling in the graph (argmax, top-k,
top-p with sort + cumsum, temperature, repetition penalty, tf.random.stateless_categorical with a seed input); greedy,
sampling, beam-search and speculative-decoding loops in tf.while_loop over a fixed number of steps; encoder-decoder
models (T5-like with relative position buckets, Whisper-like with a conv front end) with cross-attention caches;
RNN-T / streaming ASR models with state inputs and outputs; text-to-speech duration expansion (tf.repeat, cumsum
alignment) and a conv-transpose vocoder; VAE and diffusion denoisers with timestep embeddings and fixed-step samplers
(DDIM, DDPM, classifier-free guidance); image captioning (CNN encoder, attention GRU decoder); RWKV-like recurrent LMs
with state tensors; and int8 / packed int4 weight-only schemes written by hand (int8 constants cast and scaled per
channel around MatMul). Exported as tf.Modules with several tf.function(input_signature=...) signatures, Keras 3
model.export / keras.export.ExportArchive with several endpoints, a Keras model saved with tf.saved_model.save, TF1
SavedModelBuilder graphs and frozen GraphDefs. Tiny widths, seeded random weights; nothing is downloaded; no outcomes
are recorded here.

    .venv/bin/python scripts/build_corpus_fresh18.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh18.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh18.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh18.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh18.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys
from types import SimpleNamespace

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

from corpus_driver import (Corpus, freeze_function, keras_export, serve_module,  # noqa: E402
                           tensor_spec, tf1_saved_model)

CORPUS = Corpus("fresh18", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = ops = dynamic_update_slice = None

# Inputs that need real values in --check: model -> {input name (or "signature/input"): (low, high) int range or
# value} or callable(rng) -> such a dict. Anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ a tiny decoder-only LM, functionally
# Weights live in a Params object (tf.Variables, in-graph constants, hand-quantized int8 / packed int4 constants or
# TF1 get_variable); lm_forward() runs the transformer and asks an `update(layer, k, v)` callback for the keys and
# values to attend over, so each export decides how its KV cache is held and written.

LM_BASE = dict(vocab=96, d=32, layers=2, heads=4, kv=4, ffn=64, S=32, norm="rms", pos="rope", rope="half", rot=1.0,
               mlp="swiglu", tied=True, window=None, parallel=False, bias=False, emb_scale=False, emb_norm=False,
               head_bias=False, gqa="repeat", softcap=None, layout="bhsd")


def lmcfg(**kw):
    c = dict(LM_BASE)
    c.update(kw)
    return SimpleNamespace(**c)


def lm_desc(c):
    """an honest summary of the transformer a config builds"""
    dh = c.d // c.heads
    if c.kv == c.heads:
        att = f"multi-head attention ({c.heads} heads of {dh})"
    elif c.kv == 1:
        att = f"multi-query attention ({c.heads} query heads of {dh}, 1 KV head" + (
            " broadcast with tf.repeat)" if c.gqa == "repeat" else ", queries reshaped to [B,1,4,T,Dh] + tf.einsum)")
    else:
        att = f"grouped-query attention ({c.heads} query heads of {dh}, {c.kv} KV heads " + (
            "tf.repeat'ed to the query heads)" if c.gqa == "repeat" else
            f"with queries reshaped to [B,{c.kv},{c.heads // c.kv},T,Dh] and tf.einsum)")
    norm = {"rms": "RMSNorm (x * rsqrt(mean(x^2) + eps) * w)", "rms1p": "Gemma-style RMSNorm scaled by (1 + w)",
            "layer": "LayerNorm (tf.nn.moments, gamma / beta)"}[c.norm]
    rot = "" if c.rot == 1.0 else f", partial rotary on the first {int(dh * c.rot)} of {dh} head dims"
    style = ", interleaved even / odd pairs" if c.rope == "interleaved" else ", rotate-half"
    pos = {"rope": f"RoPE with cos / sin computed in the graph from the int32 positions (tf.cos / tf.sin of position x "
                   f"inverse frequencies){style}{rot}",
           "rope_table": f"RoPE from precomputed [{c.S},{int(dh * c.rot) // 2}] cos / sin constant tables tf.gather'ed "
                         f"by position{style}{rot}",
           "alibi": "ALiBi per-head linear distance biases (no position embedding)",
           "learned": f"learned absolute position embeddings [{c.S},{c.d}] gathered by position"}[c.pos]
    mlp = {"swiglu": f"SwiGLU MLP (silu(x Wg) * x Wu) Wd, hidden {c.ffn}",
           "geglu": f"GeGLU MLP (tanh-approximate gelu(x Wg) * x Wu) Wd, hidden {c.ffn}",
           "gelu": f"GELU MLP with biases, hidden {c.ffn}"}[c.mlp]
    parts = [f"{c.layers}-layer decoder-only transformer, d={c.d}, vocab {c.vocab}", att, norm, pos, mlp]
    if c.window:
        parts.append(f"sliding-window mask of {c.window} positions")
    if c.parallel:
        parts.append("parallel attention + MLP branches off one norm")
    if c.bias:
        parts.append("q / k / v / o biases")
    if c.emb_scale:
        parts.append("embeddings scaled by sqrt(d)")
    if c.emb_norm:
        parts.append("LayerNorm on the embeddings")
    parts.append("tied input / output embeddings (logits = h @ E^T)" if c.tied else
                 "separate lm_head" + (" with bias" if c.head_bias else ""))
    if c.softcap:
        parts.append(f"final logit soft-capping tanh(x / {c.softcap}) * {c.softcap}")
    return ", ".join(parts)


def lm_arrays(c, seed=0):
    """seeded random weights {name: float32 numpy array} for a config"""
    rng = np.random.default_rng(seed)
    dh = c.d // c.heads

    def w(i, o):
        return (rng.standard_normal((i, o)) / np.sqrt(i)).astype("float32")

    def vec(n, base=1.0):
        return (base + 0.05 * rng.standard_normal(n)).astype("float32")
    a = {"emb": (rng.standard_normal((c.vocab, c.d)) * 0.5).astype("float32")}
    if c.pos == "learned":
        a["pos_emb"] = (rng.standard_normal((c.S, c.d)) * 0.1).astype("float32")
    norm_base = 0.0 if c.norm == "rms1p" else 1.0
    names = ["ln1"] + ([] if c.parallel else ["ln2"])
    for l in range(c.layers):
        for n in names:
            a[f"l{l}_{n}"] = vec(c.d, norm_base)
            if c.norm == "layer":
                a[f"l{l}_{n}_b"] = vec(c.d, 0.0)
        a[f"l{l}_wq"], a[f"l{l}_wk"], a[f"l{l}_wv"] = w(c.d, c.d), w(c.d, c.kv * dh), w(c.d, c.kv * dh)
        a[f"l{l}_wo"] = w(c.d, c.d)
        if c.bias:
            for n, size in (("bq", c.d), ("bk", c.kv * dh), ("bv", c.kv * dh), ("bo", c.d)):
                a[f"l{l}_{n}"] = vec(size, 0.0)
        if c.mlp in ("swiglu", "geglu"):
            a[f"l{l}_wg"], a[f"l{l}_wu"], a[f"l{l}_wd"] = w(c.d, c.ffn), w(c.d, c.ffn), w(c.ffn, c.d)
        else:
            a[f"l{l}_wfc"], a[f"l{l}_bfc"] = w(c.d, c.ffn), vec(c.ffn, 0.0)
            a[f"l{l}_wproj"], a[f"l{l}_bproj"] = w(c.ffn, c.d), vec(c.d, 0.0)
    for n in ("lnf",) + (("emb_ln",) if c.emb_norm else ()):
        a[n] = vec(c.d, norm_base)
        if c.norm == "layer" or n == "emb_ln":
            a[n + "_b"] = vec(c.d, 0.0)
    if not c.tied:
        a["lm_head"] = w(c.d, c.vocab)
        if c.head_bias:
            a["lm_head_b"] = vec(c.vocab, 0.0)
    return a


class Params:
    """Weights of one model. mode: 'var' tf.Variables; 'const' constants created inside the traced function;
    'int8' / 'int8_post' int8 constants with float per-output-channel scales for every 2-D matrix (dequantized before
    the MatMul, or the MatMul run on the cast int8 matrix and its output scaled); 'int4' two 4-bit weights packed per
    uint8 with per-group (16 rows) scales; 'v1' TF1 tf.compat.v1.get_variable initialised from the arrays."""

    def __init__(self, arrays, mode="var", quant_emb=False):
        self.mode, self.np, self.vars, self.q = mode, arrays, {}, {}
        self.quant_emb = quant_emb
        for k, a in arrays.items():
            is_mat = a.ndim == 2 and (k != "emb" or quant_emb) and k != "pos_emb"
            if mode in ("int8", "int8_post") and is_mat:
                axis = 1 if k == "emb" else 0          # emb: one scale per row (token); matrices per output column
                scale = np.maximum(np.abs(a).max(axis=axis, keepdims=True), 1e-8) / 127.0
                self.q[k] = (np.clip(np.round(a / scale), -127, 127).astype("int8"), scale.astype("float32"))
            elif mode == "int4" and is_mat and k != "emb":
                g = 16
                s = np.maximum(np.abs(a.reshape(-1, g, a.shape[1])).max(axis=1), 1e-8) / 7.0   # [in/g, out]
                qv = np.clip(np.round(a.reshape(-1, g, a.shape[1]) / s[:, None]), -8, 7).astype("int32") + 8
                qv = qv.reshape(a.shape)
                packed = (qv[0::2] | (qv[1::2] << 4)).astype("uint8")                     # [in/2, out]
                self.q[k] = (packed, s.astype("float32"))
            elif mode == "var":
                self.vars[k] = tf.Variable(a, name=k)
            elif mode == "v1":
                self.vars[k] = tf.compat.v1.get_variable(k, initializer=a)

    def get(self, k):
        if k in self.vars:
            return self.vars[k]
        if k in self.q:
            return self.dequant(k)
        return tf.constant(self.np[k], name=k)

    def dequant(self, k):
        q, s = self.q[k]
        if self.mode == "int4":
            p = tf.constant(q)
            lo, hi = tf.bitwise.bitwise_and(p, 15), tf.bitwise.right_shift(p, 4)
            w = tf.reshape(tf.stack([lo, hi], axis=1), [2 * q.shape[0], q.shape[1]])      # [in, out], 0..15
            w = tf.cast(w, tf.float32) - 8.0
            w = tf.reshape(w, [-1, 16, q.shape[1]]) * tf.constant(s)[:, None, :]
            return tf.reshape(w, [2 * q.shape[0], q.shape[1]])
        return tf.cast(tf.constant(q), tf.float32) * tf.constant(s)

    def mm(self, x, k):
        if self.mode == "int8_post" and k in self.q:
            q, s = self.q[k]
            return tf.matmul(x, tf.cast(tf.constant(q), tf.float32)) * tf.constant(s)
        return tf.matmul(x, self.get(k))

    def embed(self, ids):
        if self.quant_emb and "emb" in self.q:
            q, s = self.q["emb"]
            return tf.cast(tf.gather(tf.constant(q), ids), tf.float32) * tf.gather(tf.constant(s), ids)
        return tf.gather(self.get("emb"), ids)

    def tied_head(self, x):
        if self.quant_emb and "emb" in self.q:
            q, s = self.q["emb"]
            return tf.matmul(x, tf.cast(tf.constant(q), tf.float32), transpose_b=True) * tf.constant(s[:, 0])
        return tf.matmul(x, self.get("emb"), transpose_b=True)


def _norm(c, P, x, n, eps=1e-6):
    if c.norm == "layer" or n == "emb_ln":
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) * tf.math.rsqrt(var + 1e-5) * P.get(n) + P.get(n + "_b")
    r = x * tf.math.rsqrt(tf.reduce_mean(tf.square(x), axis=-1, keepdims=True) + eps)
    return r * (1.0 + P.get(n)) if c.norm == "rms1p" else r * P.get(n)


def _split_heads(x, n):
    """[B,T,n*dh] -> [B,n,T,dh]"""
    s = tf.shape(x)
    return tf.transpose(tf.reshape(x, [s[0], s[1], n, x.shape[-1] // n]), [0, 2, 1, 3])


def _merge_heads(x):
    s = tf.shape(x)
    return tf.reshape(tf.transpose(x, [0, 2, 1, 3]), [s[0], s[2], x.shape[1] * x.shape[3]])


def _inv_freq(rd):
    return (1.0 / (10000.0 ** (np.arange(0, rd, 2) / rd))).astype("float32")


def rope(c, x, positions):
    """x [B,H,T,dh], positions int32 [T] or [B,T]"""
    dh = x.shape[-1]
    rd = int(dh * c.rot)
    if c.pos == "rope_table":
        ang = np.arange(c.S)[:, None] * _inv_freq(rd)[None]
        cos = tf.gather(tf.constant(np.cos(ang).astype("float32")), positions)
        sin = tf.gather(tf.constant(np.sin(ang).astype("float32")), positions)
    else:
        ang = tf.cast(positions, tf.float32)[..., None] * tf.constant(_inv_freq(rd))
        cos, sin = tf.cos(ang), tf.sin(ang)
    if positions.shape.rank == 2:
        cos, sin = cos[:, None], sin[:, None]
    xr = x[..., :rd]
    if c.rope == "interleaved":
        pairs = tf.reshape(xr, tf.concat([tf.shape(xr)[:-1], [rd // 2, 2]], 0))
        x1, x2 = pairs[..., 0], pairs[..., 1]
        o = tf.reshape(tf.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1), tf.shape(xr))
    else:
        x1, x2 = xr[..., :rd // 2], xr[..., rd // 2:]
        o = tf.concat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)
    return o if rd == dh else tf.concat([o, x[..., rd:]], axis=-1)


def alibi_slopes(h):
    return np.array([2.0 ** (-8.0 * (i + 1) / h) for i in range(h)], "float32")


def attn_bias(c, qpos, kpos, window=None, alibi=False, heads=None):
    """additive mask [1|B, 1|H, T, S] from query positions [T] / [B,T] and key positions [S] / [B,S]"""
    qp, kp = qpos[..., :, None], kpos[..., None, :]
    allowed = kp <= qp
    if window:
        allowed = tf.logical_and(allowed, kp > qp - window)
    bias = tf.where(allowed, 0.0, -1e9)
    rank3 = bias.shape.rank == 3
    bias = bias[:, None] if rank3 else bias[None, None]
    if alibi:
        dist = tf.cast(qp - kp, tf.float32)
        dist = dist[:, None] if rank3 else dist[None, None]
        bias = bias - tf.constant(alibi_slopes(heads))[:, None, None] * dist
    return bias


def attention(q, k, v, bias, group_einsum=False, scale=None):
    """q [B,H,T,dh], k / v [B,KV,S,dh]; KV heads shared by H // KV query heads"""
    h, kvh, dh = q.shape[1], k.shape[1], q.shape[-1]
    g = h // kvh
    scale = dh ** -0.5 if scale is None else scale
    if g > 1 and group_einsum:
        b, t, s = tf.shape(q)[0], tf.shape(q)[2], tf.shape(k)[2]
        qg = tf.reshape(q, [b, kvh, g, t, dh])
        sc = tf.reshape(tf.einsum("bkgtd,bksd->bkgts", qg, k) * scale, [b, h, t, s]) + bias
        p = tf.reshape(tf.nn.softmax(sc, axis=-1), [b, kvh, g, t, s])
        return tf.reshape(tf.einsum("bkgts,bksd->bkgtd", p, v), [b, h, t, dh])
    if g > 1:
        k, v = tf.repeat(k, g, axis=1), tf.repeat(v, g, axis=1)
    p = tf.nn.softmax(tf.matmul(q, k, transpose_b=True) * scale + bias, axis=-1)
    return tf.matmul(p, v)


def _mlp(c, P, h, l):
    if c.mlp in ("swiglu", "geglu"):
        gate = P.mm(h, f"l{l}_wg")
        gate = tf.nn.silu(gate) if c.mlp == "swiglu" else tf.nn.gelu(gate, approximate=True)
        return P.mm(gate * P.mm(h, f"l{l}_wu"), f"l{l}_wd")
    return P.mm(tf.nn.gelu(P.mm(h, f"l{l}_wfc") + P.get(f"l{l}_bfc")), f"l{l}_wproj") + P.get(f"l{l}_bproj")


def lm_forward(c, P, ids, positions, update=None, extra_bias=None, hidden=False):
    """ids [B,T] int32 -> logits [B,T,V] (or the final hidden states). positions int32 [T] or [B,T].
    update(l, k, v) with the new k / v [B,KV,T,dh] returns (keys, values [B,KV,S,dh], key positions [S] or [B,S])."""
    x = P.embed(ids)
    if c.emb_scale:
        x = x * float(np.sqrt(c.d))
    if c.pos == "learned":
        x = x + tf.gather(P.get("pos_emb"), positions)
    if c.emb_norm:
        x = _norm(c, P, x, "emb_ln")
    for l in range(c.layers):
        h = _norm(c, P, x, f"l{l}_ln1")
        q, k, v = (P.mm(h, f"l{l}_w{n}") for n in "qkv")
        if c.bias:
            q, k, v = q + P.get(f"l{l}_bq"), k + P.get(f"l{l}_bk"), v + P.get(f"l{l}_bv")
        q, k, v = _split_heads(q, c.heads), _split_heads(k, c.kv), _split_heads(v, c.kv)
        if c.pos in ("rope", "rope_table"):
            q, k = rope(c, q, positions), rope(c, k, positions)
        keys, values, kpos = update(l, k, v) if update else (k, v, positions)
        bias = attn_bias(c, positions, kpos, c.window, c.pos == "alibi", c.heads)
        if extra_bias is not None:
            bias = bias + extra_bias
        a = P.mm(_merge_heads(attention(q, keys, values, bias, c.gqa == "group")), f"l{l}_wo")
        if c.bias:
            a = a + P.get(f"l{l}_bo")
        if c.parallel:
            x = x + a + _mlp(c, P, h, l)
        else:
            x = x + a
            x = x + _mlp(c, P, _norm(c, P, x, f"l{l}_ln2"), l)
    x = _norm(c, P, x, "lnf")
    if hidden:
        return x
    logits = P.tied_head(x) if c.tied else P.mm(x, "lm_head")
    if c.head_bias:
        logits = logits + P.get("lm_head_b")
    if c.softcap:
        logits = tf.tanh(logits / c.softcap) * c.softcap
    return logits


# ---------------------------------------------------------------------------- KV cache writes on tensors

def to_bhsd(c, t):
    return t if c.layout == "bhsd" else tf.transpose(t, [0, 2, 1, 3])


def cache_write(c, mode, cache, new, start, positions):
    """write new [B,KV,T,dh] into a cache [B,KV,S,dh] ('bhsd') or [B,S,KV,dh] ('bshd') at positions start.."""
    axis = 2 if c.layout == "bhsd" else 1
    new = new if c.layout == "bhsd" else tf.transpose(new, [0, 2, 1, 3])
    if mode == "dus":
        begin = [0, 0, start, 0] if axis == 2 else [0, start, 0, 0]
        return dynamic_update_slice(cache, new, tf.stack(begin))
    if mode == "scatter":
        perm = [2, 0, 1, 3] if axis == 2 else [1, 0, 2, 3]
        inv = list(np.argsort(perm))
        upd = tf.tensor_scatter_nd_update(tf.transpose(cache, perm), positions[:, None], tf.transpose(new, perm))
        return tf.transpose(upd, inv)
    if mode == "onehot":
        oh = tf.one_hot(positions, c.S)                                   # [T,S]
        eq = "ts,bktd->bksd" if axis == 2 else "ts,btkd->bskd"
        written = tf.einsum(eq, oh, new)
        keep = 1.0 - tf.reduce_max(oh, axis=0)                            # [S]
        keep = keep[:, None] if axis == 2 else keep[:, None, None]
        return cache * keep + written
    if mode == "concat":
        t = tf.shape(new)[axis]
        before = cache[:, :, :start] if axis == 2 else cache[:, :start]
        after = cache[:, :, start + t:] if axis == 2 else cache[:, start + t:]
        return tf.concat([before, new, after], axis=axis)
    raise ValueError(mode)


def tensor_cache(c, mode, ks, vs, start, positions):
    """an update() over lists of per-layer cache tensors; returns (update, new_ks, new_vs)"""
    new_k, new_v = [], []

    def update(l, k, v):
        kc, vc = cache_write(c, mode, ks[l], k, start, positions), cache_write(c, mode, vs[l], v, start, positions)
        new_k.append(kc)
        new_v.append(vc)
        return to_bhsd(c, kc), to_bhsd(c, vc), tf.range(c.S)
    return update, new_k, new_v


def cache_shape(c, b=1):
    dh = c.d // c.heads
    return [b, c.kv, c.S, dh] if c.layout == "bhsd" else [b, c.S, c.kv, dh]


# ---------------------------------------------------------------------------- sampling in the graph

def greedy(logits):
    """last-step argmax, int32 [B]"""
    return tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)


def sample_top_k(logits, k, temperature, seed):
    """logits [B,V] / temperature, tf.math.top_k, stateless_categorical over the kept logits -> int32 [B]"""
    top = tf.math.top_k(logits / temperature, k=k)
    pick = tf.random.stateless_categorical(top.values, 1, seed, dtype=tf.int32)     # [B,1]
    return tf.gather(top.indices, pick, batch_dims=1)[:, 0]


def sample_top_p(logits, top_p, temperature, seed):
    """nucleus sampling: sort descending, softmax, exclusive cumsum > top_p masked to -inf, stateless_categorical"""
    scaled = logits / temperature
    order = tf.argsort(scaled, axis=-1, direction="DESCENDING")
    srt = tf.gather(scaled, order, batch_dims=1)
    cum = tf.cumsum(tf.nn.softmax(srt, axis=-1), axis=-1, exclusive=True)
    srt = tf.where(cum > top_p, tf.fill(tf.shape(srt), -np.inf), srt)
    pick = tf.random.stateless_categorical(srt, 1, seed, dtype=tf.int32)
    return tf.gather(order, pick, batch_dims=1)[:, 0]


# ================================================================================ decoder-only LMs: tensor KV caches

C_LLAMA = lmcfg(kv=2)


@model("w_llama_gqa_rope_prefill_decode_dus", "tf-module",
       f"Llama-style {lm_desc(C_LLAMA)}. tf.Module with two signatures sharing tf.Variable weights: prefill(tokens "
       f"int32 [1,16]) starts from zero caches made in the graph and returns logits [1,16,96] plus k_cache / v_cache "
       f"float32 [2,1,2,32,8] (stacked per layer, max length 32); decode(tokens int32 [1,1], input_pos int32 [] scalar, "
       f"k_cache, v_cache) writes the new step with dynamic_update_slice (XlaDynamicUpdateSlice at [0,0,input_pos,0]), "
       f"attends over all 32 slots under a position mask (key index <= input_pos), returns logits [1,1,96], "
       f"next_token (argmax int32 [1]) and the updated caches")
def b_llama(out):
    c, P = C_LLAMA, Params(lm_arrays(C_LLAMA, 1))
    cs = [c.layers] + cache_shape(c)

    def run(tokens, start, k_cache, v_cache):
        t = tokens.shape[1]
        positions = start + tf.range(t)
        upd, nk, nv = tensor_cache(c, "dus", tf.unstack(k_cache), tf.unstack(v_cache), start, positions)
        logits = lm_forward(c, P, tokens, positions, upd)
        return logits, tf.stack(nk), tf.stack(nv)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "tokens")])
    def prefill(tokens):
        logits, k, v = run(tokens, tf.constant(0), tf.zeros(cs), tf.zeros(cs))
        return {"logits": logits, "k_cache": k, "v_cache": v}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")])
    def decode(tokens, input_pos, k_cache, v_cache):
        logits, k, v = run(tokens, input_pos, k_cache, v_cache)
        return {"logits": logits, "next_token": greedy(logits), "k_cache": k, "v_cache": v}
    serve_module(out, {"params": P.vars}, prefill=prefill, decode=decode)


FEEDS["w_llama_gqa_rope_prefill_decode_dus"] = {"tokens": (0, 96), "input_pos": 16}


C_GEMMA = lmcfg(kv=1, heads=4, norm="rms1p", pos="rope_table", mlp="geglu", emb_scale=True, softcap=30.0,
                layout="bshd", vocab=128)


@model("w_gemma_mqa_geglu_rope_table_scatter", "tf-module",
       f"Gemma-style {lm_desc(C_GEMMA)}. Exported the ai-edge-torch way: tf.Module signatures prefill(tokens int32 "
       f"[1,8], input_pos int32 [8], kv_cache_k_0 / kv_cache_v_0 / kv_cache_k_1 / kv_cache_v_1 float32 [1,32,1,8]) and "
       f"decode(tokens int32 [1,1], input_pos int32 [1], the same four per-layer caches) -- caches laid out "
       f"[batch, seq, kv_heads, head_dim], new steps written with tf.tensor_scatter_nd_update on the cache transposed "
       f"to seq-major (indices = input_pos[:, None]) and transposed back; both return logits and the four caches; "
       f"weights are tf.Variables")
def b_gemma(out):
    c, P = C_GEMMA, Params(lm_arrays(C_GEMMA, 2))
    cs = cache_shape(c)
    names = ["kv_cache_k_0", "kv_cache_v_0", "kv_cache_k_1", "kv_cache_v_1"]

    def run(tokens, input_pos, k0, v0, k1, v1):
        upd, nk, nv = tensor_cache(c, "scatter", [k0, k1], [v0, v1], None, input_pos)
        logits = lm_forward(c, P, tokens, input_pos, upd)
        return {"logits": logits, **dict(zip(names, [nk[0], nv[0], nk[1], nv[1]]))}
    cache_specs = [tensor_spec(cs, name=n) for n in names]

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "tokens"), tensor_spec([8], "int32", "input_pos")]
                 + cache_specs)
    def prefill(tokens, input_pos, kv_cache_k_0, kv_cache_v_0, kv_cache_k_1, kv_cache_v_1):
        return run(tokens, input_pos, kv_cache_k_0, kv_cache_v_0, kv_cache_k_1, kv_cache_v_1)

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([1], "int32", "input_pos")]
                 + cache_specs)
    def decode(tokens, input_pos, kv_cache_k_0, kv_cache_v_0, kv_cache_k_1, kv_cache_v_1):
        return run(tokens, input_pos, kv_cache_k_0, kv_cache_v_0, kv_cache_k_1, kv_cache_v_1)
    serve_module(out, {"params": P.vars}, prefill=prefill, decode=decode)


FEEDS["w_gemma_mqa_geglu_rope_table_scatter"] = {"tokens": (0, 128), "prefill/input_pos": list(range(8)),
                                                  "decode/input_pos": [8]}



C_PHI = lmcfg(norm="layer", pos="rope", rot=0.5, mlp="gelu", parallel=True, bias=True, tied=False, head_bias=True)


@model("w_phi_parallel_partial_rotary_onehot_cache", "tf-module",
       f"Phi-style {lm_desc(C_PHI)}. tf.Module signatures prefill(input_ids int32 [1,16], kv_cache float32 "
       f"[2,2,1,4,32,8] = [layer, k|v, batch, heads, seq, head_dim]) and decode(input_ids int32 [1,1], position int32 [1], "
       f"kv_cache); the cache is one stacked tensor unstacked in the graph, new steps written as one-hot masked "
       f"writes (tf.one_hot(positions, 32), einsum of the one-hot rows with the new keys plus cache * (1 - written "
       f"rows)), restacked; outputs logits and kv_cache; tf.Variable weights")
def b_phi(out):
    c, P = C_PHI, Params(lm_arrays(C_PHI, 3))
    cs = [c.layers, 2] + cache_shape(c)

    def run(ids, positions, kv_cache):
        per = tf.unstack(kv_cache)
        upd, nk, nv = tensor_cache(c, "onehot", [p[0] for p in per], [p[1] for p in per], None, positions)
        logits = lm_forward(c, P, ids, positions, upd)
        return {"logits": logits, "kv_cache": tf.stack([tf.stack([k, v]) for k, v in zip(nk, nv)])}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "input_ids"), tensor_spec(cs, name="kv_cache")])
    def prefill(input_ids, kv_cache):
        return run(input_ids, tf.range(16), kv_cache)

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "input_ids"), tensor_spec([1], "int32", "position"),
                                  tensor_spec(cs, name="kv_cache")])
    def decode(input_ids, position, kv_cache):
        return run(input_ids, position, kv_cache)
    serve_module(out, {"params": P.vars}, prefill=prefill, decode=decode)


FEEDS["w_phi_parallel_partial_rotary_onehot_cache"] = {"input_ids": (0, 96), "position": [16]}


C_BLOOM = lmcfg(norm="layer", pos="alibi", mlp="gelu", emb_norm=True, vocab=120)


@model("w_bloom_alibi_layernorm_slice_concat_cache", "tf-module",
       f"BLOOM-style {lm_desc(C_BLOOM)}. tf.Module signatures prefill(input_ids int32 [1,12]) -> logits [1,12,120], "
       f"past_keys / past_values float32 [2,1,4,32,8] and decode(input_ids int32 [1,1], cache_position int32 [], "
       f"past_keys, past_values): the step is inserted by slicing the cache before / after cache_position "
       f"(strided slices with a tensor bound) and tf.concat'ing the new key between them; ALiBi distances and the "
       f"causal mask come from tf.range(32) against the query position; decode also returns next_token (argmax)")
def b_bloom(out):
    c, P = C_BLOOM, Params(lm_arrays(C_BLOOM, 4))
    cs = [c.layers] + cache_shape(c)

    def run(ids, start, pk, pv):
        positions = start + tf.range(tf.shape(ids)[1])
        upd, nk, nv = tensor_cache(c, "concat", tf.unstack(pk), tf.unstack(pv), start, positions)
        logits = lm_forward(c, P, ids, positions, upd)
        return logits, tf.stack(nk), tf.stack(nv)

    @tf.function(input_signature=[tensor_spec([1, 12], "int32", "input_ids")])
    def prefill(input_ids):
        logits, k, v = run(input_ids, 0, tf.zeros(cs), tf.zeros(cs))
        return {"logits": logits, "past_keys": k, "past_values": v}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "input_ids"), tensor_spec([], "int32", "cache_position"),
                                  tensor_spec(cs, name="past_keys"), tensor_spec(cs, name="past_values")])
    def decode(input_ids, cache_position, past_keys, past_values):
        logits, k, v = run(input_ids, cache_position, past_keys, past_values)
        return {"logits": logits, "next_token": greedy(logits), "past_keys": k, "past_values": v}
    serve_module(out, {"params": P.vars}, prefill=prefill, decode=decode)


FEEDS["w_bloom_alibi_layernorm_slice_concat_cache"] = {"input_ids": (0, 120), "cache_position": 12}


C_MISTRAL = lmcfg(kv=2, gqa="group", window=8, layout="bshd")


@model("w_mistral_sliding_window_dynamic_prefill", "tf-module",
       f"Mistral-style {lm_desc(C_MISTRAL)}. tf.Module signatures prefill(input_ids int32 [1,None] any prompt length, "
       f"start_pos int32 []) and decode(input_ids int32 [1,1], start_pos int32 []), both also taking key_cache / "
       f"value_cache float32 [2,1,32,2,8] ([layer, batch, seq, kv_heads, head_dim]) and writing the new steps with "
       f"dynamic_update_slice (XlaDynamicUpdateSlice at [0,start_pos,0,0]; the prefill update has a dynamic length); the "
       f"window mask keeps keys with query_pos - 8 < key_pos <= query_pos; outputs logits [1,None,96] / [1,1,96], the "
       f"caches and last_token_logits [1,96]")
def b_mistral(out):
    c, P = C_MISTRAL, Params(lm_arrays(C_MISTRAL, 5))
    cs = [c.layers] + cache_shape(c)

    def run(ids, start, kc, vc):
        positions = start + tf.range(tf.shape(ids)[1])
        upd, nk, nv = tensor_cache(c, "dus", tf.unstack(kc), tf.unstack(vc), start, positions)
        logits = lm_forward(c, P, ids, positions, upd)
        return {"logits": logits, "last_token_logits": logits[:, -1], "key_cache": tf.stack(nk),
                "value_cache": tf.stack(nv)}
    caches = [tensor_spec(cs, name="key_cache"), tensor_spec(cs, name="value_cache")]

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "input_ids"), tensor_spec([], "int32", "start_pos")]
                 + caches)
    def prefill(input_ids, start_pos, key_cache, value_cache):
        return run(input_ids, start_pos, key_cache, value_cache)

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "input_ids"), tensor_spec([], "int32", "start_pos")]
                 + caches)
    def decode(input_ids, start_pos, key_cache, value_cache):
        return run(input_ids, start_pos, key_cache, value_cache)
    serve_module(out, {"params": P.vars}, prefill=prefill, decode=decode)


FEEDS["w_mistral_sliding_window_dynamic_prefill"] = lambda rng: {
    "prefill/input_ids": rng.integers(0, 96, (1, 10)), "prefill/start_pos": 0, "decode/input_ids": (0, 96),
    "decode/start_pos": 10}


# ============================================================================ decoder-only LMs: caches in tf.Variables

C_VARCACHE = lmcfg(kv=2, vocab=80)


@model("w_variable_kv_cache_strided_slice_assign", "tf-module",
       f"{lm_desc(C_VARCACHE)}; the KV cache is held in per-layer tf.Variables k_cache_l / v_cache_l float32 [1,2,32,8] "
       f"on the tf.Module. Signatures: prefill(tokens int32 [1,8]) assigns the first 8 slots (var[:, :, 0:8].assign), "
       f"decode(tokens int32 [1,1], input_pos int32 []) assigns var[:, :, input_pos:input_pos+1] (strided-slice "
       f"assign with a tensor bound) and attends over the variable read back, reset() with no inputs assigns zeros to "
       f"every cache variable and returns a constant status; prefill / decode return logits and next_token (argmax)")
def b_varcache(out):
    c = C_VARCACHE

    class CachedLM(tf.Module):
        def __init__(self):
            super().__init__()
            self.P = Params(lm_arrays(c, 6))
            self.params = self.P.vars
            self.k_cache = [tf.Variable(tf.zeros(cache_shape(c)), trainable=False, name=f"k_cache_{l}")
                            for l in range(c.layers)]
            self.v_cache = [tf.Variable(tf.zeros(cache_shape(c)), trainable=False, name=f"v_cache_{l}")
                            for l in range(c.layers)]

        def run(self, tokens, start):
            t = tokens.shape[1]

            def update(l, k, v):
                self.k_cache[l][:, :, start:start + t].assign(k)
                self.v_cache[l][:, :, start:start + t].assign(v)
                return self.k_cache[l].read_value(), self.v_cache[l].read_value(), tf.range(c.S)
            logits = lm_forward(c, self.P, tokens, start + tf.range(t), update)
            return {"logits": logits, "next_token": greedy(logits)}

        @tf.function(input_signature=[tensor_spec([1, 8], "int32", "tokens")])
        def prefill(self, tokens):
            return self.run(tokens, 0)

        @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos")])
        def decode(self, tokens, input_pos):
            return self.run(tokens, input_pos)

        @tf.function(input_signature=[])
        def reset(self):
            for var in self.k_cache + self.v_cache:
                var.assign(tf.zeros_like(var))
            return {"status": tf.constant(0)}
    m = CachedLM()
    tf.saved_model.save(m, str(out), signatures={"prefill": m.prefill, "decode": m.decode, "reset": m.reset})


FEEDS["w_variable_kv_cache_strided_slice_assign"] = {"tokens": (0, 80), "input_pos": 8}


C_VARSCAT = lmcfg(kv=1, pos="rope_table", mlp="geglu", norm="rms1p", emb_scale=True)


@model("w_variable_cache_scatter_update_position_counter", "tf-module",
       f"{lm_desc(C_VARSCAT)}; the cache lives in tf.Variables k_cache / v_cache float32 [2,32,1,8] ([layer, seq, "
       f"kv_head, head_dim], batch 1 squeezed) and the current position in an int32 tf.Variable. decode(token int32 "
       f"[1,1]) takes no position: it reads the counter, writes with ResourceScatterNdUpdate at [[layer, pos]] "
       f"(tf.Variable.scatter_nd_update), attends over the variable read back, then assign_add(1)s the counter; "
       f"prefill(tokens int32 [1,8]) writes positions 0..7 the same way and assigns the counter 8; both return logits, "
       f"next_token (argmax) and the position; tf.Variable weights")
def b_varscat(out):
    c = C_VARSCAT

    class CounterLM(tf.Module):
        def __init__(self):
            super().__init__()
            self.P = Params(lm_arrays(c, 7))
            self.params = self.P.vars
            shape = [c.layers, c.S, c.kv, c.d // c.heads]
            self.k_cache = tf.Variable(tf.zeros(shape), trainable=False, name="k_cache")
            self.v_cache = tf.Variable(tf.zeros(shape), trainable=False, name="v_cache")
            self.pos = tf.Variable(0, dtype=tf.int32, trainable=False, name="position")

        def run(self, tokens, start):
            t = tokens.shape[1]
            positions = start + tf.range(t)

            def update(l, k, v):
                idx = tf.stack([tf.fill([t], l), positions], axis=1)                      # [T,2]
                self.k_cache.scatter_nd_update(idx, tf.transpose(k[0], [1, 0, 2]))       # [T,KV,dh]
                self.v_cache.scatter_nd_update(idx, tf.transpose(v[0], [1, 0, 2]))
                kr = tf.transpose(self.k_cache[l], [1, 0, 2])[None]
                vr = tf.transpose(self.v_cache[l], [1, 0, 2])[None]
                return kr, vr, tf.range(c.S)
            logits = lm_forward(c, self.P, tokens, positions, update)
            return logits

        @tf.function(input_signature=[tensor_spec([1, 8], "int32", "tokens")])
        def prefill(self, tokens):
            logits = self.run(tokens, tf.constant(0))
            self.pos.assign(8)
            return {"logits": logits, "next_token": greedy(logits), "position": self.pos.read_value()}

        @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token")])
        def decode(self, token):
            logits = self.run(token, self.pos.read_value())
            self.pos.assign_add(1)
            return {"logits": logits, "next_token": greedy(logits), "position": self.pos.read_value()}
    m = CounterLM()
    tf.saved_model.save(m, str(out), signatures={"prefill": m.prefill, "decode": m.decode})


FEEDS["w_variable_cache_scatter_update_position_counter"] = {"tokens": (0, 96), "token": (0, 96)}



# ============================================================================ decoding loops and samplers in the graph

def stacked_runner(c, P, mode):
    """run(ids, start, k [L,...], v [L,...]) -> (logits, k, v) over stacked tensor caches written with `mode`"""
    def run(ids, start, kc, vc):
        positions = start + tf.range(tf.shape(ids)[1])
        upd, nk, nv = tensor_cache(c, mode, tf.unstack(kc), tf.unstack(vc), start, positions)
        logits = lm_forward(c, P, ids, positions, upd)
        return logits, tf.stack(nk), tf.stack(nv)
    return run


C_GREEDY = lmcfg(kv=2, vocab=64)


@model("w_greedy_generate_while_loop_kv_cache", "tf-module",
       f"{lm_desc(C_GREEDY)}. tf.Module signature generate(prompt_ids int32 [1,8]): prefill of the prompt into zero "
       f"caches [2,1,2,32,8] made in the graph, then a tf.while_loop of exactly 16 steps carrying (step, token, done "
       f"flag, k cache, v cache, TensorArray): each step writes the token to the TensorArray, runs the model on it "
       f"with the cache written by dynamic_update_slice at 8 + step, takes argmax, and once EOS (id 1) was produced "
       f"keeps emitting EOS (tf.where on the done flag); outputs tokens int32 [1,16] (TensorArray.stack transposed) "
       f"and num_tokens int32 [1] (count before EOS); a second signature next_token_logits(prompt_ids int32 [1,8]) "
       f"returns the prompt's last-position logits; tf.Variable weights")
def b_greedy_loop(out):
    c, P = C_GREEDY, Params(lm_arrays(C_GREEDY, 8))
    run = stacked_runner(c, P, "dus")
    cs = [c.layers] + cache_shape(c)
    eos, steps = 1, 16

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prompt_ids")])
    def generate(prompt_ids):
        logits, kc, vc = run(prompt_ids, 0, tf.zeros(cs), tf.zeros(cs))
        ta = tf.TensorArray(tf.int32, size=steps)

        def body(i, tok, done, kc, vc, ta):
            ta = ta.write(i, tok)
            done = tf.logical_or(done, tf.equal(tok, eos))
            logits, kc, vc = run(tok[:, None], 8 + i, kc, vc)
            return i + 1, tf.where(done, eos, greedy(logits)), done, kc, vc, ta
        _, _, _, _, _, ta = tf.while_loop(lambda i, *_: i < steps, body,
                                          (tf.constant(0), greedy(logits), tf.zeros([1], tf.bool), kc, vc, ta))
        tokens = tf.transpose(ta.stack())
        before_eos = tf.math.cumprod(tf.cast(tf.not_equal(tokens, eos), tf.int32), axis=1)
        n = tf.reduce_sum(before_eos, axis=1)
        return {"tokens": tokens, "num_tokens": n}

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prompt_ids")])
    def next_token_logits(prompt_ids):
        logits, _, _ = run(prompt_ids, 0, tf.zeros(cs), tf.zeros(cs))
        return {"logits": logits[:, -1]}
    serve_module(out, {"params": P.vars}, generate=generate, next_token_logits=next_token_logits)


FEEDS["w_greedy_generate_while_loop_kv_cache"] = {"prompt_ids": (2, 64)}


C_TOPK = lmcfg(kv=2, layout="bshd", pos="rope_table")


@model("w_topk_temperature_stateless_categorical_decode", "tf-module",
       f"{lm_desc(C_TOPK)}. tf.Module signatures prefill(tokens int32 [1,16]) -> logits, k_cache / v_cache float32 "
       f"[2,1,32,2,8] and decode(tokens int32 [1,1], input_pos int32 [], k_cache, v_cache, temperature float32 [], "
       f"seed int32 [2]): one-hot masked cache writes, then sampling in the graph -- last-step logits / temperature, "
       f"tf.math.top_k(k=40), tf.random.stateless_categorical over the 40 kept logits with the seed input, "
       f"tf.gather(batch_dims=1) back to vocabulary ids; decode outputs next_token int32 [1], its log-probability "
       f"(log_softmax over the top-k) and the caches")
def b_topk(out):
    c, P = C_TOPK, Params(lm_arrays(C_TOPK, 9))
    run = stacked_runner(c, P, "onehot")
    cs = [c.layers] + cache_shape(c)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "tokens")])
    def prefill(tokens):
        logits, kc, vc = run(tokens, 0, tf.zeros(cs), tf.zeros(cs))
        return {"logits": logits, "k_cache": kc, "v_cache": vc}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache"),
                                  tensor_spec([], name="temperature"), tensor_spec([2], "int32", "seed")])
    def decode(tokens, input_pos, k_cache, v_cache, temperature, seed):
        logits, kc, vc = run(tokens, input_pos, k_cache, v_cache)
        last = logits[:, -1]
        tok = sample_top_k(last, 40, temperature, seed)
        top = tf.math.top_k(last / temperature, k=40)
        lp = tf.reduce_max(tf.where(tf.equal(top.indices, tok[:, None]), tf.nn.log_softmax(top.values), -1e9), axis=-1)
        return {"next_token": tok, "log_prob": lp, "k_cache": kc, "v_cache": vc}
    serve_module(out, {"params": P.vars}, prefill=prefill, decode=decode)


FEEDS["w_topk_temperature_stateless_categorical_decode"] = {"tokens": (0, 96), "input_pos": 16, "temperature": 0.8,
                                                             "seed": [7, 42]}


C_TOPP = lmcfg(kv=4, vocab=100, mlp="swiglu", norm="rms")


@model("w_topp_nucleus_sort_cumsum_sampler", "tf-module",
       f"{lm_desc(C_TOPP)}. tf.Module with a standalone sampler signature sample(logits float32 [1,100], temperature "
       f"float32 [], top_p float32 [], seed int64 [2]) -- divide by temperature, tf.argsort DESCENDING + "
       f"tf.gather(batch_dims=1), softmax, exclusive tf.cumsum, logits where the cumulative mass exceeds top_p set to "
       f"-inf with tf.where, tf.random.stateless_categorical, map back through the sort order; returns token int32 [1] "
       f"and its nucleus-renormalised probability (a second tf.sort for the kept mass) -- and decode(input_ids int32 [1,1], input_pos int32 [1], k_cache / "
       f"v_cache float32 [2,1,4,32,8], temperature, top_p, seed) that runs the model (cache written with "
       f"tf.tensor_scatter_nd_update on the seq-major transpose) and the same sampler")
def b_topp(out):
    c, P = C_TOPP, Params(lm_arrays(C_TOPP, 10))
    cs = [c.layers] + cache_shape(c)

    def nucleus(logits, temperature, top_p, seed):
        tok = sample_top_p(logits, top_p, temperature, seed)
        scaled = logits / temperature
        srt = tf.sort(scaled, axis=-1, direction="DESCENDING")
        probs = tf.nn.softmax(srt, axis=-1)
        keep = tf.cumsum(probs, axis=-1, exclusive=True) <= top_p
        kept = tf.reduce_sum(tf.where(keep, probs, 0.0), axis=-1)
        p_tok = tf.gather(tf.nn.softmax(scaled, axis=-1), tok, batch_dims=1) / kept
        return {"token": tok, "probability": p_tok}
    sampler_specs = [tensor_spec([], name="temperature"), tensor_spec([], name="top_p"), tensor_spec([2], "int64", "seed")]

    @tf.function(input_signature=[tensor_spec([1, c.vocab], name="logits")] + sampler_specs)
    def sample(logits, temperature, top_p, seed):
        return nucleus(logits, temperature, top_p, seed)

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "input_ids"), tensor_spec([1], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")] + sampler_specs)
    def decode(input_ids, input_pos, k_cache, v_cache, temperature, top_p, seed):
        upd, nk, nv = tensor_cache(c, "scatter", tf.unstack(k_cache), tf.unstack(v_cache), None, input_pos)
        logits = lm_forward(c, P, input_ids, input_pos, upd)
        return {**nucleus(logits[:, -1], temperature, top_p, seed), "k_cache": tf.stack(nk), "v_cache": tf.stack(nv)}
    serve_module(out, {"params": P.vars}, sample=sample, decode=decode)


FEEDS["w_topp_nucleus_sort_cumsum_sampler"] = lambda rng: {
    "logits": rng.normal(0, 3, (1, 100)), "input_ids": (0, 100), "input_pos": [5], "temperature": 0.7, "top_p": 0.9,
    "seed": [1, 2]}


C_SAMPLEGEN = lmcfg(kv=2, gqa="group", rope="interleaved", vocab=64, layout="bshd")


@model("w_sampling_generate_while_fold_in_seed", "tf-module",
       f"{lm_desc(C_SAMPLEGEN)}. tf.Module signature generate(prompt_ids int32 [1,8], seed int32 [2], temperature "
       f"float32 []): prefill into zero caches [2,1,32,2,8] (tf.tensor_scatter_nd_update writes), then tf.while_loop "
       f"over exactly 12 steps (maximum_iterations=12) carrying the token, caches and an int32 [1,12] output buffer "
       f"filled with tf.tensor_scatter_nd_update; each step derives its seed with "
       f"tf.random.experimental.stateless_fold_in(seed, step) and samples with top_k(8) + "
       f"tf.random.stateless_categorical at the given temperature; outputs tokens int32 [1,12]")
def b_samplegen(out):
    c, P = C_SAMPLEGEN, Params(lm_arrays(C_SAMPLEGEN, 11))
    run = stacked_runner(c, P, "scatter")
    cs = [c.layers] + cache_shape(c)
    steps = 12

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prompt_ids"), tensor_spec([2], "int32", "seed"),
                                  tensor_spec([], name="temperature")])
    def generate(prompt_ids, seed, temperature):
        logits, kc, vc = run(prompt_ids, 0, tf.zeros(cs), tf.zeros(cs))
        tok = sample_top_k(logits[:, -1], 8, temperature, tf.random.experimental.stateless_fold_in(seed, -1))

        def body(i, tok, kc, vc, buf):
            buf = tf.tensor_scatter_nd_update(buf, [[0, i]], tok)
            logits, kc, vc = run(tok[:, None], 8 + i, kc, vc)
            step_seed = tf.random.experimental.stateless_fold_in(seed, i)
            return i + 1, sample_top_k(logits[:, -1], 8, temperature, step_seed), kc, vc, buf
        res = tf.while_loop(lambda i, *_: i < steps, body, (0, tok, kc, vc, tf.zeros([1, steps], tf.int32)),
                            maximum_iterations=steps)
        return {"tokens": res[-1]}
    serve_module(out, {"params": P.vars}, generate=generate)


FEEDS["w_sampling_generate_while_fold_in_seed"] = {"prompt_ids": (0, 64), "seed": [3, 4], "temperature": 0.9}


C_EMBED = lmcfg(kv=2, vocab=96)


@model("w_embed_prefill_decode_three_signatures", "tf-module",
       f"{lm_desc(C_EMBED)}. One tf.Module, three signatures over the same tf.Variable weights: embed(tokens int32 "
       f"[1,32], attention_mask int32 [1,32]) runs the causal model without a cache, masked mean-pools the final "
       f"hidden states (tf.reduce_sum / tf.maximum of the mask count) and tf.math.l2_normalize's them -> embedding "
       f"[1,32]; prefill(tokens int32 [1,16]) -> logits, k_cache / v_cache [2,1,2,32,8] from zero caches; "
       f"decode(tokens int32 [1,1], input_pos int32 [], k_cache, v_cache) with dynamic_update_slice writes -> "
       f"logits, next_token, caches")
def b_embed3(out):
    c, P = C_EMBED, Params(lm_arrays(C_EMBED, 12))
    run = stacked_runner(c, P, "dus")
    cs = [c.layers] + cache_shape(c)

    @tf.function(input_signature=[tensor_spec([1, 32], "int32", "tokens"), tensor_spec([1, 32], "int32", "attention_mask")])
    def embed(tokens, attention_mask):
        h = lm_forward(c, P, tokens, tf.range(32), hidden=True)
        m = tf.cast(attention_mask, tf.float32)[..., None]
        pooled = tf.reduce_sum(h * m, axis=1) / tf.maximum(tf.reduce_sum(m, axis=1), 1.0)
        return {"embedding": tf.math.l2_normalize(pooled, axis=-1)}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "tokens")])
    def prefill(tokens):
        logits, kc, vc = run(tokens, 0, tf.zeros(cs), tf.zeros(cs))
        return {"logits": logits, "k_cache": kc, "v_cache": vc}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")])
    def decode(tokens, input_pos, k_cache, v_cache):
        logits, kc, vc = run(tokens, input_pos, k_cache, v_cache)
        return {"logits": logits, "next_token": greedy(logits), "k_cache": kc, "v_cache": vc}
    serve_module(out, {"params": P.vars}, embed=embed, prefill=prefill, decode=decode)


FEEDS["w_embed_prefill_decode_three_signatures"] = {"tokens": (0, 96), "input_pos": 16, "attention_mask": 1}


C_REP = lmcfg(kv=2, vocab=64)


@model("w_logits_processor_repetition_penalty_decode", "tf-module",
       f"{lm_desc(C_REP)}. tf.Module signature decode(tokens int32 [1,1], input_pos int32 [], k_cache / v_cache "
       f"float32 [2,1,2,32,8], history int32 [1,32], penalty float32 []) with HF-TF-style logits processors in the "
       f"graph after the dynamic_update_slice decode step: repetition penalty (tf.gather(batch_dims=1) of the logits at "
       f"the history ids, tf.where(l > 0, l / penalty, l * penalty), written back with tf.tensor_scatter_nd_update at "
       f"indices built from tf.range and the history, only for the first input_pos history entries via "
       f"tf.boolean_mask), a constant bad-words list set to -1e9 (tensor_scatter_nd_update), EOS (id 1) suppressed "
       f"while input_pos < 10 (tf.where on a one-hot EOS mask); outputs processed_logits [1,64], next_token argmax int32 [1] and "
       f"the caches")
def b_reppen(out):
    c, P = C_REP, Params(lm_arrays(C_REP, 13))
    run = stacked_runner(c, P, "dus")
    cs = [c.layers] + cache_shape(c)
    bad = [[0, 3], [0, 7], [0, 11]]

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache"),
                                  tensor_spec([1, 32], "int32", "history"), tensor_spec([], name="penalty")])
    def decode(tokens, input_pos, k_cache, v_cache, history, penalty):
        logits, kc, vc = run(tokens, input_pos, k_cache, v_cache)
        last = logits[:, -1]
        seen = tf.gather(last, history, batch_dims=1)                                       # [1,32]
        pen = tf.where(seen > 0, seen / penalty, seen * penalty)
        valid = tf.range(32)[None] < input_pos
        idx = tf.stack([tf.zeros_like(history), history], axis=-1)                         # [1,32,2]
        last = tf.tensor_scatter_nd_update(last, tf.boolean_mask(idx, valid), tf.boolean_mask(pen, valid))
        last = tf.tensor_scatter_nd_update(last, bad, tf.fill([len(bad)], -1e9))
        eos_mask = tf.one_hot([1], c.vocab, on_value=True, off_value=False)
        last = tf.where(tf.logical_and(eos_mask, input_pos < 10), -1e9, last)
        return {"processed_logits": last, "next_token": tf.argmax(last, axis=-1, output_type=tf.int32),
                "k_cache": kc, "v_cache": vc}
    serve_module(out, {"params": P.vars}, decode=decode)


FEEDS["w_logits_processor_repetition_penalty_decode"] = {"tokens": (0, 64), "input_pos": 12, "history": (0, 64),
                                                          "penalty": 1.3}


C_BEAM = lmcfg(kv=2, vocab=64, pos="rope_table")


@model("w_beam_search_while_loop_gather_cache", "tf-module",
       f"{lm_desc(C_BEAM)}. tf.Module signature beam_search(prompt_ids int32 [1,6]) with beam width 3 in the graph: "
       f"prefill at batch 1, tf.math.top_k(3) of the log_softmax for the first tokens, caches tf.repeat'ed to batch 3 "
       f"([2,3,2,32,8]); tf.while_loop of exactly 9 steps: decode the 3 beams (dynamic_update_slice writes at "
       f"6 + step), add log_softmax to the beam scores, reshape to [1, 3*64], top_k(3), parent = index // 64 and "
       f"token = index % 64 (floordiv / floormod), tf.gather of the caches along the batch axis and of the [3,10] "
       f"sequence buffer by parent, new tokens written with tf.tensor_scatter_nd_update; outputs sequences int32 [3,10] "
       f"and scores float32 [3]")
def b_beam(out):
    c, P = C_BEAM, Params(lm_arrays(C_BEAM, 14))
    run = stacked_runner(c, P, "dus")
    cs = [c.layers] + cache_shape(c)
    W, n = 3, 10

    @tf.function(input_signature=[tensor_spec([1, 6], "int32", "prompt_ids")])
    def beam_search(prompt_ids):
        logits, kc, vc = run(prompt_ids, 0, tf.zeros(cs), tf.zeros(cs))
        first = tf.math.top_k(tf.nn.log_softmax(logits[0, -1]), k=W)
        kc, vc = tf.repeat(kc, W, axis=1), tf.repeat(vc, W, axis=1)
        seqs = tf.tensor_scatter_nd_update(tf.zeros([W, n], tf.int32), [[b, 0] for b in range(W)], first.indices)

        def body(i, tok, scores, seqs, kc, vc):
            logits, kc, vc = run(tok[:, None], 6 + i, kc, vc)
            total = tf.reshape(scores[:, None] + tf.nn.log_softmax(logits[:, -1]), [1, W * c.vocab])
            top = tf.math.top_k(total, k=W)
            parent, new_tok = top.indices[0] // c.vocab, top.indices[0] % c.vocab
            kc, vc = tf.gather(kc, parent, axis=1), tf.gather(vc, parent, axis=1)
            seqs = tf.gather(seqs, parent)
            seqs = tf.tensor_scatter_nd_update(seqs, tf.stack([tf.range(W), tf.fill([W], i + 1)], axis=1), new_tok)
            return i + 1, new_tok, top.values[0], seqs, kc, vc
        res = tf.while_loop(lambda i, *_: i < n - 1, body, (0, first.indices, first.values, seqs, kc, vc))
        return {"sequences": res[3], "scores": res[2]}
    serve_module(out, {"params": P.vars}, beam_search=beam_search)


FEEDS["w_beam_search_while_loop_gather_cache"] = {"prompt_ids": (0, 64)}


C_DRAFT = lmcfg(layers=1, d=16, heads=2, kv=2, ffn=32, vocab=64)
C_TARGET = lmcfg(kv=2, vocab=64)


@model("w_speculative_draft_verify_signatures", "tf-module",
       f"speculative decoding split into two signatures on one tf.Module holding two models: draft = "
       f"{lm_desc(C_DRAFT)}; target = {lm_desc(C_TARGET)}. draft(token int32 [1,1], input_pos int32 [], draft_k / "
       f"draft_v float32 [1,1,2,32,8]) proposes 4 tokens greedily in a tf.while_loop (maximum_iterations=4, "
       f"dynamic_update_slice cache writes, TensorArray) -> draft_tokens int32 [1,4] and the draft caches; "
       f"verify(tokens int32 [1,5], input_pos int32 [], target_k / target_v float32 [2,1,2,32,8]) scores the 5 "
       f"positions in one pass (tensor_scatter_nd_update cache writes), argmax per position, and counts accepted "
       f"draft tokens as the sum of tf.math.cumprod of (target argmax == next draft token) -> target_tokens int32 "
       f"[1,5], num_accepted int32 [], bonus_token int32 [1] (target argmax after the accepted prefix) and the caches")
def b_spec(out):
    Pd, Pt = Params(lm_arrays(C_DRAFT, 15)), Params(lm_arrays(C_TARGET, 16))
    run_d, run_t = stacked_runner(C_DRAFT, Pd, "dus"), stacked_runner(C_TARGET, Pt, "scatter")
    dcs, tcs = [1] + cache_shape(C_DRAFT), [2] + cache_shape(C_TARGET)

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(dcs, name="draft_k"), tensor_spec(dcs, name="draft_v")])
    def draft(token, input_pos, draft_k, draft_v):
        def body(i, tok, kc, vc, ta):
            logits, kc, vc = run_d(tok, input_pos + i, kc, vc)
            nxt = greedy(logits)
            return i + 1, nxt[:, None], kc, vc, ta.write(i, nxt)
        _, _, kc, vc, ta = tf.while_loop(lambda i, *_: i < 4, body,
                                         (0, token, draft_k, draft_v, tf.TensorArray(tf.int32, size=4)),
                                         maximum_iterations=4)
        return {"draft_tokens": tf.transpose(ta.stack()), "draft_k": kc, "draft_v": vc}

    @tf.function(input_signature=[tensor_spec([1, 5], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(tcs, name="target_k"), tensor_spec(tcs, name="target_v")])
    def verify(tokens, input_pos, target_k, target_v):
        logits, kc, vc = run_t(tokens, input_pos, target_k, target_v)
        target = tf.argmax(logits, axis=-1, output_type=tf.int32)                   # [1,5]
        match = tf.cast(tf.equal(target[:, :4], tokens[:, 1:]), tf.int32)
        accepted = tf.reduce_sum(tf.math.cumprod(match, axis=1))
        return {"target_tokens": target, "num_accepted": accepted, "bonus_token": target[:, accepted],
                "target_k": kc, "target_v": vc}
    serve_module(out, {"draft_params": Pd.vars, "target_params": Pt.vars}, draft=draft, verify=verify)


FEEDS["w_speculative_draft_verify_signatures"] = {"token": (0, 64), "tokens": (0, 64), "input_pos": 10}


C_BATCH = lmcfg(kv=2, vocab=96, S=64)


@model("w_batched_left_padded_prompts_dynamic", "tf-module",
       f"server-style batched scoring without a cache: {lm_desc(C_BATCH)}. tf.Module signature next_token(input_ids "
       f"int32 [None,None], attention_mask int32 [None,None]) for left-padded prompts of any batch and length: "
       f"position ids = cumsum(mask) - 1 clipped at 0 (per-row positions [B,T] feed RoPE), causal mask from the "
       f"per-row positions plus an additive -1e9 key-padding bias [B,1,1,T] from the mask; outputs last-position logits "
       f"[None,96], next_token argmax int32 [None] and sequence_log_prob [None] (sum over real positions of the log_softmax "
       f"of the next real token, tf.gather(batch_dims=2))")
def b_batched(out):
    c, P = C_BATCH, Params(lm_arrays(C_BATCH, 17))

    @tf.function(input_signature=[tensor_spec([None, None], "int32", "input_ids"),
                                  tensor_spec([None, None], "int32", "attention_mask")])
    def next_token(input_ids, attention_mask):
        positions = tf.maximum(tf.cumsum(attention_mask, axis=1) - 1, 0)
        pad = (1.0 - tf.cast(attention_mask, tf.float32))[:, None, None, :] * -1e9
        logits = lm_forward(c, P, input_ids, positions, extra_bias=pad)
        lp = tf.gather(tf.nn.log_softmax(logits[:, :-1]), input_ids[:, 1:, None], batch_dims=2)[..., 0]
        seq_lp = tf.reduce_sum(lp * tf.cast(attention_mask[:, 1:] * attention_mask[:, :-1], tf.float32), axis=1)
        return {"logits": logits[:, -1], "next_token": greedy(logits), "sequence_log_prob": seq_lp}
    serve_module(out, {"params": P.vars}, serving_default=next_token)


def _left_padded(rng):
    ids = rng.integers(2, 96, (3, 12))
    mask = np.ones((3, 12), "int32")
    mask[1, :4] = 0
    mask[2, :9] = 0
    return {"input_ids": ids * mask, "attention_mask": mask}


FEEDS["w_batched_left_padded_prompts_dynamic"] = _left_padded



# ================================================================================ hand-written weight-only quantization

C_Q8 = lmcfg(kv=2, vocab=96)


@model("w_int8_weight_only_dequant_before_matmul", "tf-module",
       f"hand-quantized {lm_desc(C_Q8)}. No tf.Variables: every 2-D projection (q / k / v / o, SwiGLU gate / up / "
       f"down) is an int8 tf.constant in the graph with a float32 per-output-channel scale constant [1,out]; each use "
       f"is tf.cast(int8 -> float32) * scale, then MatMul (BatchMatMulV2 on [1,T,d]); the embedding table and norm "
       f"weights stay float32 constants. tf.Module signatures prefill(tokens int32 [1,16]) and decode(tokens int32 "
       f"[1,1], input_pos int32 [], k_cache / v_cache float32 [2,1,2,32,8]) with dynamic_update_slice cache writes; "
       f"outputs logits, next_token and the caches")
def b_int8_pre(out):
    c, P = C_Q8, Params(lm_arrays(C_Q8, 20), "int8")
    run = stacked_runner(c, P, "dus")
    cs = [c.layers] + cache_shape(c)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "tokens")])
    def prefill(tokens):
        logits, kc, vc = run(tokens, 0, tf.zeros(cs), tf.zeros(cs))
        return {"logits": logits, "next_token": greedy(logits), "k_cache": kc, "v_cache": vc}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")])
    def decode(tokens, input_pos, k_cache, v_cache):
        logits, kc, vc = run(tokens, input_pos, k_cache, v_cache)
        return {"logits": logits, "next_token": greedy(logits), "k_cache": kc, "v_cache": vc}
    serve_module(out, {}, prefill=prefill, decode=decode)


FEEDS["w_int8_weight_only_dequant_before_matmul"] = {"tokens": (0, 96), "input_pos": 16}


C_Q8E = lmcfg(kv=1, vocab=128, norm="rms1p", mlp="geglu", emb_scale=True)


@model("w_int8_matmul_then_scale_int8_embedding", "tf-module",
       f"hand-quantized {lm_desc(C_Q8E)}. All weights are in-graph constants: int8 projection matrices are cast to "
       f"float32 and multiplied unscaled (MatMul on the cast int8 values), the MatMul output then multiplied by the "
       f"float32 per-output-channel scale; the embedding table is int8 [128,32] with a per-row (per-token) scale "
       f"[128,1]: lookups tf.gather both and multiply, and the tied output layer is MatMul(h, cast(E_int8), "
       f"transpose_b=True) * per-token scales. tf.Module signatures prefill(tokens int32 [1,8]) and decode(tokens "
       f"int32 [1,1], input_pos int32 [1], k_cache / v_cache float32 [2,1,1,32,8]) with one-hot masked cache writes")
def b_int8_post(out):
    c, P = C_Q8E, Params(lm_arrays(C_Q8E, 21), "int8_post", quant_emb=True)
    cs = [c.layers] + cache_shape(c)

    def run(tokens, positions, kc, vc):
        upd, nk, nv = tensor_cache(c, "onehot", tf.unstack(kc), tf.unstack(vc), None, positions)
        logits = lm_forward(c, P, tokens, positions, upd)
        return {"logits": logits, "next_token": greedy(logits), "k_cache": tf.stack(nk), "v_cache": tf.stack(nv)}

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "tokens")])
    def prefill(tokens):
        return run(tokens, tf.range(8), tf.zeros(cs), tf.zeros(cs))

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([1], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")])
    def decode(tokens, input_pos, k_cache, v_cache):
        return run(tokens, input_pos, k_cache, v_cache)
    serve_module(out, {}, prefill=prefill, decode=decode)


FEEDS["w_int8_matmul_then_scale_int8_embedding"] = {"tokens": (0, 128), "input_pos": [8]}


C_Q4 = lmcfg(kv=2, vocab=96, gqa="group")


@model("w_int4_packed_nibbles_group_dequant", "tf-module",
       f"hand-quantized 4-bit {lm_desc(C_Q4)}. Every 2-D projection is a uint8 constant packing two 4-bit weights "
       f"(rows 2i in the low nibble, 2i+1 in the high nibble) unpacked in the graph with tf.bitwise.bitwise_and(15) "
       f"and tf.bitwise.right_shift(4), tf.stack + reshape back to [in,out], cast to float32, minus the zero point 8, "
       f"reshaped to [in/16,16,out] and multiplied by per-group (16 input rows) per-column float32 scales, reshaped "
       f"and MatMul'ed; embeddings and norms are float32 constants. tf.Module signature decode(tokens int32 [1,1], "
       f"input_pos int32 [1], k_cache / v_cache float32 [2,1,2,32,8]) with tf.tensor_scatter_nd_update cache writes "
       f"-> logits, next_token, caches")
def b_int4(out):
    c, P = C_Q4, Params(lm_arrays(C_Q4, 22), "int4")
    cs = [c.layers] + cache_shape(c)

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([1], "int32", "input_pos"),
                                  tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")])
    def decode(tokens, input_pos, k_cache, v_cache):
        upd, nk, nv = tensor_cache(c, "scatter", tf.unstack(k_cache), tf.unstack(v_cache), None, input_pos)
        logits = lm_forward(c, P, tokens, input_pos, upd)
        return {"logits": logits, "next_token": greedy(logits), "k_cache": tf.stack(nk), "v_cache": tf.stack(nv)}
    serve_module(out, {}, decode=decode)


FEEDS["w_int4_packed_nibbles_group_dequant"] = {"tokens": (0, 96), "input_pos": [20]}


C_Q8KV = lmcfg(kv=2, vocab=96)


@model("w_int8_kv_cache_quantize_on_write", "tf-module",
       f"{lm_desc(C_Q8KV)} with an int8 KV cache: tf.Module signatures prefill(tokens int32 [1,16]) and "
       f"decode(tokens int32 [1,1], input_pos int32 [], k_cache / v_cache int8 [2,1,2,32,8], k_scale / v_scale "
       f"float32 [2,1,2,32,1]); new keys / values are quantized per (head, position) in the graph (max |x| / 127, "
       f"tf.round, clip_by_value, cast to int8), written with dynamic_update_slice into the int8 caches and the scale "
       f"tensors, and the whole cache is dequantized (cast to float32 * scale) before attention; outputs logits, "
       f"next_token and the four cache tensors; tf.Variable float weights")
def b_int8_kv(out):
    c, P = C_Q8KV, Params(lm_arrays(C_Q8KV, 23))
    cs, ss = [c.layers] + cache_shape(c), [c.layers] + cache_shape(c)[:-1] + [1]

    def quant(x):
        scale = tf.maximum(tf.reduce_max(tf.abs(x), axis=-1, keepdims=True), 1e-6) / 127.0
        return tf.cast(tf.clip_by_value(tf.round(x / scale), -127.0, 127.0), tf.int8), scale

    def run(tokens, start, kq, vq, ks, vs):
        t = tokens.shape[1]
        kq, vq, ks, vs = (tf.unstack(a) for a in (kq, vq, ks, vs))
        new = {"k_cache": [], "v_cache": [], "k_scale": [], "v_scale": []}
        begin = tf.stack([0, 0, start, 0])

        def update(l, k, v):
            (k8, k_s), (v8, v_s) = quant(k), quant(v)
            for name, cache, val in (("k_cache", kq[l], k8), ("v_cache", vq[l], v8), ("k_scale", ks[l], k_s),
                                     ("v_scale", vs[l], v_s)):
                new[name].append(dynamic_update_slice(cache, val, begin))
            deq = [tf.cast(new[a][-1], tf.float32) * new[b][-1] for a, b in (("k_cache", "k_scale"), ("v_cache", "v_scale"))]
            return deq[0], deq[1], tf.range(c.S)
        logits = lm_forward(c, P, tokens, start + tf.range(t), update)
        return {"logits": logits, "next_token": greedy(logits), **{k: tf.stack(v) for k, v in new.items()}}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "tokens")])
    def prefill(tokens):
        z8 = tf.zeros(cs, tf.int8)
        return run(tokens, 0, z8, z8, tf.ones(ss), tf.ones(ss))

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                                  tensor_spec(cs, "int8", "k_cache"), tensor_spec(cs, "int8", "v_cache"),
                                  tensor_spec(ss, name="k_scale"), tensor_spec(ss, name="v_scale")])
    def decode(tokens, input_pos, k_cache, v_cache, k_scale, v_scale):
        return run(tokens, input_pos, k_cache, v_cache, k_scale, v_scale)
    serve_module(out, {"params": P.vars}, prefill=prefill, decode=decode)


FEEDS["w_int8_kv_cache_quantize_on_write"] = lambda rng: {
    "tokens": (0, 96), "input_pos": 16, "k_cache": rng.integers(-127, 128, [2, 1, 2, 32, 8]),
    "v_cache": rng.integers(-127, 128, [2, 1, 2, 32, 8]), "k_scale": 0.01, "v_scale": 0.01}


# ================================================================================ frozen GraphDefs and TF1 graphs

C_FROZEN = lmcfg(kv=2, vocab=96, pos="rope_table")


@model("w_frozen_decode_step_dus_graphdef", "frozen-pb",
       f"frozen GraphDef (convert_variables_to_constants_v2) of one decode step of a {lm_desc(C_FROZEN)}: placeholders "
       f"tokens int32 [1,1], input_pos int32 [], k_cache / v_cache float32 [2,1,2,32,8]; cache written with "
       f"dynamic_update_slice (XlaDynamicUpdateSlice); outputs named with tf.identity: logits [1,1,96], next_token "
       f"int32 [1] (argmax), k_cache_out, v_cache_out")
def b_frozen_step(out):
    c, P = C_FROZEN, Params(lm_arrays(C_FROZEN, 24))
    run = stacked_runner(c, P, "dus")
    cs = [c.layers] + cache_shape(c)

    def fn(tokens, input_pos, k_cache, v_cache):
        logits, kc, vc = run(tokens, input_pos, k_cache, v_cache)
        return (tf.identity(logits, name="logits"), tf.identity(greedy(logits), name="next_token"),
                tf.identity(kc, name="k_cache_out"), tf.identity(vc, name="v_cache_out"))
    freeze_function(fn, [tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
                         tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")], out)


FEEDS["w_frozen_decode_step_dus_graphdef"] = {"tokens": (0, 96), "input_pos": 9}
OUTPUTS["w_frozen_decode_step_dus_graphdef"] = ["logits", "next_token", "k_cache_out", "v_cache_out"]


C_FROZEN_GEN = lmcfg(kv=4, vocab=64, pos="alibi", norm="layer", mlp="gelu")


@model("w_frozen_greedy_generate_while_graphdef", "frozen-pb",
       f"frozen GraphDef (convert_variables_to_constants_v2) of a whole greedy generation with a {lm_desc(C_FROZEN_GEN)}: "
       f"placeholder prompt int32 [1,8]; prefill into zero caches [2,1,4,32,8] made in the graph with one-hot masked "
       f"writes, then a tf.while_loop of exactly 12 steps carrying the caches and an int32 [1,12] buffer written with "
       f"tf.tensor_scatter_nd_update, argmax each step; output tf.identity 'tokens' int32 [1,12]; lowering the while "
       f"loop leaves dangling unused_control_flow_input placeholders in the GraphDef; the weights are numpy arrays turned "
       f"into tf.constant inside the traced function (no tf.Variables to freeze)")
def b_frozen_gen(out):
    c, P = C_FROZEN_GEN, Params(lm_arrays(C_FROZEN_GEN, 25), "const")
    run = stacked_runner(c, P, "onehot")
    cs = [c.layers] + cache_shape(c)

    def fn(prompt):
        logits, kc, vc = run(prompt, 0, tf.zeros(cs), tf.zeros(cs))

        def body(i, tok, kc, vc, buf):
            buf = tf.tensor_scatter_nd_update(buf, [[0, i]], tok)
            logits, kc, vc = run(tok[:, None], 8 + i, kc, vc)
            return i + 1, greedy(logits), kc, vc, buf
        res = tf.while_loop(lambda i, *_: i < 12, body, (0, greedy(logits), kc, vc, tf.zeros([1, 12], tf.int32)))
        return tf.identity(res[-1], name="tokens")
    freeze_function(fn, [tensor_spec([1, 8], "int32", "prompt")], out)


FEEDS["w_frozen_greedy_generate_while_graphdef"] = {"prompt": (0, 64)}
OUTPUTS["w_frozen_greedy_generate_while_graphdef"] = ["tokens"]


C_GPT2 = lmcfg(norm="layer", pos="learned", mlp="gelu", bias=True, S=64, vocab=100)


def _gpt2_past(c, P, tokens, past):
    """GPT-2 sample.py style: logits and presents [L,2,1,H,T_total,dh] with the new keys tf.concat'ed to `past`"""
    past_len = 0 if past is None else tf.shape(past)[-2]
    presents = []

    def update(l, k, v):
        if past is not None:
            k, v = tf.concat([past[l, 0], k], axis=-2), tf.concat([past[l, 1], v], axis=-2)
        presents.append(tf.stack([k, v]))
        return k, v, tf.range(tf.shape(k)[2])
    logits = lm_forward(c, P, tokens, past_len + tf.range(tf.shape(tokens)[1]), update)
    return logits, tf.stack(presents)


@model("w_tf1_gpt2_past_concat_signatures", "tf1-savedmodel",
       f"TF1 SavedModelBuilder export of a GPT-2-style model ({lm_desc(C_GPT2)}) written with "
       f"tf.compat.v1.get_variable weights: signature prefill(tokens int32 [1,None]) -> logits [1,None,100], presents "
       f"float32 [2,2,1,4,None,8]; signature decode(tokens int32 [1,1], past float32 [2,2,1,4,None,8]) -> logits "
       f"[1,1,100], presents with the new key / value tf.concat'ed to the past (the cache grows by one position per "
       f"call; positions = tf.shape(past)[-2] + tf.range), causal mask from tf.range comparisons")
def b_tf1_gpt2(out):
    v1 = tf.compat.v1
    c = C_GPT2

    def build():
        with v1.variable_scope("model"):
            P = Params(lm_arrays(c, 26), "v1")
        tokens = v1.placeholder(tf.int32, [1, None], name="tokens")
        logits, presents = _gpt2_past(c, P, tokens, None)
        step = v1.placeholder(tf.int32, [1, 1], name="step_tokens")
        past = v1.placeholder(tf.float32, [c.layers, 2, 1, c.heads, None, c.d // c.heads], name="past")
        step_logits, step_presents = _gpt2_past(c, P, step, past)
        return {"prefill": ({"tokens": tokens}, {"logits": logits, "presents": presents}),
                "decode": ({"tokens": step, "past": past}, {"logits": step_logits, "presents": step_presents})}
    tf1_saved_model(out, build)


FEEDS["w_tf1_gpt2_past_concat_signatures"] = lambda rng: {
    "prefill/tokens": rng.integers(0, 100, (1, 10)), "decode/tokens": (0, 100),
    "past": rng.random((2, 2, 1, 4, 10, 8))}


C_GPT2S = lmcfg(norm="layer", pos="learned", mlp="gelu", bias=True, S=64, vocab=100, layers=1)


@model("w_tf1_gpt2_sample_sequence_while_loop", "tf1-savedmodel",
       f"TF1 GPT-2 sample.py-style generation graph ({lm_desc(C_GPT2S)}, tf.compat.v1.get_variable weights) exported "
       f"with SavedModelBuilder: placeholder context int32 [1,None]; the context is run once to get presents, then "
       f"tf.compat.v1.while_loop (maximum_iterations=8, back_prop=False, shape_invariants with a None time axis for "
       f"past [1,2,1,4,None,8] and output [1,None]) feeds the previous token with the growing past (tf.concat), "
       f"top_k_logits (tf.math.top_k(8) threshold + tf.where to -1e10), logits / a constant temperature 0.9, and "
       f"samples with stateful tf.random.categorical (op seed 7) -- no seed input; output tokens int32 [1,None] "
       f"(context followed by 8 sampled tokens)")
def b_tf1_sample(out):
    v1 = tf.compat.v1
    c = C_GPT2S

    def top_k_logits(logits, k):
        values = tf.math.top_k(logits, k=k).values
        return tf.where(logits < values[:, -1, None], tf.ones_like(logits) * -1e10, logits)

    def build():
        with v1.variable_scope("model"):
            P = Params(lm_arrays(c, 27), "v1")
        context = v1.placeholder(tf.int32, [1, None], name="context")
        _, presents = _gpt2_past(c, P, context[:, :-1], None)

        def body(past, prev, output):
            logits, new = _gpt2_past(c, P, prev[:, None], past)
            logits = top_k_logits(logits[:, -1] / 0.9, 8)
            samples = tf.random.categorical(logits, 1, dtype=tf.int32, seed=7)
            return tf.concat([past, new[:, :, :, :, -1:]], axis=-2), samples[:, 0], tf.concat([output, samples], 1)
        dh = c.d // c.heads
        _, _, tokens = v1.while_loop(
            lambda *a: True, body, [presents, context[:, -1], context], maximum_iterations=8, back_prop=False,
            shape_invariants=[tf.TensorShape([c.layers, 2, 1, c.heads, None, dh]), tf.TensorShape([1]),
                              tf.TensorShape([1, None])])
        return {"serving_default": ({"context": context}, {"tokens": tokens})}
    tf1_saved_model(out, build)


FEEDS["w_tf1_gpt2_sample_sequence_while_loop"] = lambda rng: {"context": rng.integers(0, 100, (1, 6))}



# ================================================================================ RWKV-like recurrent LM

@model("w_rwkv_recurrent_state_step_and_scan", "tf-module",
       "RWKV-4-like recurrent language model (2 layers, d=32, vocab 96, channel-mix hidden 64) with the recurrent state "
       "as an explicit tensor: state float32 [2,5,1,32] per layer = (time-mix previous x, wkv numerator aa, "
       "denominator bb, running max pp, channel-mix previous x). Time mixing: token-shift interpolation with learned "
       "mix vectors, key / value / receptance MatMuls, numerically stable WKV update with tf.exp / tf.maximum and a "
       "-exp(w) time decay plus a time_first bonus, sigmoid receptance gate, output MatMul; channel mixing: "
       "square(relu(k)) value MatMul gated by sigmoid receptance; LayerNorms (tf.nn.moments) on the embedding, in each "
       "block and at the output. tf.Module signatures step(token int32 [1], state) -> logits [1,96], state; "
       "prefill(tokens int32 [1,16], state) runs tf.scan over the time-major tokens carrying the state -> last logits "
       "[1,96], state, all_logits [1,16,96]; init_state() with no inputs -> zeros with pp = -1e30; tf.Variable weights")
def b_rwkv(out):
    V, D, F, NL = 96, 32, 64, 2
    rng = np.random.default_rng(30)

    def w(*shape, scale=None):
        return tf.Variable((rng.standard_normal(shape) / np.sqrt(shape[0] if scale is None else scale)).astype("float32"))

    def mix():
        return tf.Variable(rng.uniform(0.2, 0.8, D).astype("float32"))

    class RWKV(tf.Module):
        def __init__(self):
            super().__init__()
            self.emb = w(V, D, scale=4)
            self.ln = {n: (tf.Variable(np.ones(D, "float32")), tf.Variable(np.zeros(D, "float32")))
                       for n in ["ln0", "ln_out"] + [f"l{l}_{k}" for l in range(NL) for k in ("ln1", "ln2")]}
            self.att = [dict(decay=tf.Variable(rng.uniform(-1, 1, D).astype("float32")),
                             first=tf.Variable(rng.uniform(-0.5, 0.5, D).astype("float32")),
                             mk=mix(), mv=mix(), mr=mix(), wk=w(D, D), wv=w(D, D), wr=w(D, D), wo=w(D, D))
                        for _ in range(NL)]
            self.ffn = [dict(mk=mix(), mr=mix(), wk=w(D, F), wv=w(F, D), wr=w(D, D)) for _ in range(NL)]
            self.head = w(D, V)

        def layer_norm(self, x, n):
            g, b = self.ln[n]
            mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
            return (x - mean) * tf.math.rsqrt(var + 1e-5) * g + b

        def step(self, token, state):
            x = self.layer_norm(tf.gather(self.emb, token), "ln0")                 # [1,D]
            new = []
            for l in range(NL):
                a, f = self.att[l], self.ffn[l]
                xx, aa, bb, pp, fx = tf.unstack(state[l])
                h = self.layer_norm(x, f"l{l}_ln1")
                k = tf.matmul(h * a["mk"] + xx * (1 - a["mk"]), a["wk"])
                v = tf.matmul(h * a["mv"] + xx * (1 - a["mv"]), a["wv"])
                r = tf.sigmoid(tf.matmul(h * a["mr"] + xx * (1 - a["mr"]), a["wr"]))
                ww = a["first"] + k
                p = tf.maximum(pp, ww)
                e1, e2 = tf.exp(pp - p), tf.exp(ww - p)
                wkv = (e1 * aa + e2 * v) / (e1 * bb + e2)
                ww = pp - tf.exp(a["decay"])
                p2 = tf.maximum(ww, k)
                e1, e2 = tf.exp(ww - p2), tf.exp(k - p2)
                new_att = [h, e1 * aa + e2 * v, e1 * bb + e2, p2]
                x = x + tf.matmul(r * wkv, a["wo"])
                h2 = self.layer_norm(x, f"l{l}_ln2")
                fk = tf.square(tf.nn.relu(tf.matmul(h2 * f["mk"] + fx * (1 - f["mk"]), f["wk"])))
                fr = tf.sigmoid(tf.matmul(h2 * f["mr"] + fx * (1 - f["mr"]), f["wr"]))
                x = x + fr * tf.matmul(fk, f["wv"])
                new.append(tf.stack(new_att + [h2]))
            return tf.matmul(self.layer_norm(x, "ln_out"), self.head), tf.stack(new)

        @tf.function(input_signature=[tensor_spec([1], "int32", "token"), tensor_spec([NL, 5, 1, D], name="state")])
        def step_sig(self, token, state):
            logits, state = self.step(token, state)
            return {"logits": logits, "state": state}

        @tf.function(input_signature=[tensor_spec([1, 16], "int32", "tokens"), tensor_spec([NL, 5, 1, D], name="state")])
        def prefill(self, tokens, state):
            def fn(carry, tok):
                logits, st = self.step(tok, carry[1])
                return logits, st
            all_logits, states = tf.scan(fn, tf.transpose(tokens)[:, :, None][:, 0],
                                         initializer=(tf.zeros([1, V]), state))
            return {"logits": all_logits[-1], "state": states[-1], "all_logits": tf.transpose(all_logits, [1, 0, 2])}

        @tf.function(input_signature=[])
        def init_state(self):
            z = tf.zeros([NL, 1, 1, D])
            return {"state": tf.concat([z, z, z, z - 1e30, z], axis=1)}
    m = RWKV()
    tf.saved_model.save(m, str(out), signatures={"step": m.step_sig, "prefill": m.prefill, "init_state": m.init_state})


FEEDS["w_rwkv_recurrent_state_step_and_scan"] = {"token": (0, 96), "tokens": (0, 96)}


# ================================================================================ Keras-built LMs

@model("w_keras_tiny_gpt_saved_model_naive_generate", "saved-model",
       "subclassed keras.Model TinyGPT (Embedding(100,32) + learned position Embedding(24,32) indexed by "
       "ops.arange(T); 2 pre-norm blocks of LayerNormalization, MultiHeadAttention(4 heads, key_dim 8) with "
       "use_causal_mask=True, Dense(64, gelu) + Dense(32), residual Adds; final LayerNormalization; Dense(100) head) "
       "saved with tf.saved_model.save(model, signatures=...): serving_default(token_ids int32 [1,None]) -> logits; "
       "generate(prompt_ids int32 [1,8]) generates without any KV cache -- the prompt is tf.pad'ded into a fixed int32 "
       "[1,24] buffer and a tf.while_loop over positions 8..23 re-runs the whole model on the full buffer each step, "
       "takes argmax of the logits at position i-1 and writes it with tf.tensor_scatter_nd_update; output tokens "
       "int32 [1,24]")
def b_keras_gpt_sm(out):
    V, D, T = 100, 32, 24

    class TinyGPT(keras.Model):
        def __init__(self):
            super().__init__()
            self.tok, self.pos = L.Embedding(V, D), L.Embedding(T, D)
            self.blocks = [(L.LayerNormalization(), L.MultiHeadAttention(4, 8), L.LayerNormalization(),
                            L.Dense(64, activation="gelu"), L.Dense(D)) for _ in range(2)]
            self.ln_f, self.head = L.LayerNormalization(), L.Dense(V)

        def call(self, ids):
            x = self.tok(ids) + self.pos(ops.arange(ops.shape(ids)[1]))
            for ln1, mha, ln2, fc, proj in self.blocks:
                h = ln1(x)
                x = x + mha(h, h, use_causal_mask=True)
                x = x + proj(fc(ln2(x)))
            return self.head(self.ln_f(x))
    m = TinyGPT()
    m(np.zeros((1, T), "int32"))

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "token_ids")])
    def serve(token_ids):
        return {"logits": m(token_ids)}

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prompt_ids")])
    def generate(prompt_ids):
        buf = tf.pad(prompt_ids, [[0, 0], [0, T - 8]])

        def body(i, buf):
            logits = m(buf)
            nxt = tf.argmax(logits[0, i - 1], output_type=tf.int32)
            return i + 1, tf.tensor_scatter_nd_update(buf, [[0, i]], [nxt])
        _, buf = tf.while_loop(lambda i, _: i < T, body, (tf.constant(8), buf))
        return {"tokens": buf}
    tf.saved_model.save(m, str(out), signatures={"serving_default": serve, "generate": generate})


FEEDS["w_keras_tiny_gpt_saved_model_naive_generate"] = lambda rng: {"token_ids": rng.integers(0, 100, (1, 10)),
                                                                     "prompt_ids": (0, 100)}


@model("w_keras_gpt2_functional_dynamic_tied_head", "keras-export",
       "GPT-2-mini as a Keras 3 functional model exported with model.export, token_ids int32 [None,None] (batch and "
       "length left dynamic): Embedding(200,32), a custom PositionEmbedding layer (add_weight [128,32], ops.arange of "
       "the dynamic length, ops.take), 2 blocks of LayerNormalization, MultiHeadAttention(4 heads, key_dim 8, "
       "use_causal_mask=True), Add, LayerNormalization, Dense(128, gelu), Dense(32), Add; final LayerNormalization; "
       "tied output layer (custom layer ops.matmul with the transposed embedding matrix of the Embedding layer); single "
       "output logits [None,None,200] (signature key output_0); no KV cache")
def b_keras_gpt2(out):
    V, D = 200, 32

    class PositionEmbedding(L.Layer):
        def build(self, shape):
            self.table = self.add_weight(shape=(128, D), initializer="random_normal", name="pos_table")

        def call(self, x):
            return x + ops.take(self.table, ops.arange(ops.shape(x)[1]), axis=0)[None]

    class TiedLogits(L.Layer):
        def __init__(self, embedding, **kw):
            super().__init__(**kw)
            self.embedding = embedding

        def call(self, x):
            return ops.matmul(x, ops.transpose(self.embedding.embeddings))
    ids = keras.Input((None,), dtype="int32", name="token_ids")
    emb = L.Embedding(V, D)
    x = PositionEmbedding()(emb(ids))
    for _ in range(2):
        h = L.LayerNormalization()(x)
        x = L.Add()([x, L.MultiHeadAttention(4, 8)(h, h, use_causal_mask=True)])
        h = L.Dense(128, activation="gelu")(L.LayerNormalization()(x))
        x = L.Add()([x, L.Dense(D)(h)])
    logits = TiedLogits(emb, name="logits")(L.LayerNormalization()(x))
    keras_export(keras.Model(ids, logits), out)


FEEDS["w_keras_gpt2_functional_dynamic_tied_head"] = {"token_ids": (0, 200)}


class _KerasRope:
    """keras.ops rotary helpers shared by the Keras LMs (rotate-half, cos / sin of positions x inverse frequencies)"""

    @staticmethod
    def apply(x, positions, dh):
        inv = ops.convert_to_tensor(_inv_freq(dh))
        ang = ops.cast(positions, "float32")[:, None] * inv[None]
        cos, sin = ops.cos(ang), ops.sin(ang)
        x1, x2 = x[..., :dh // 2], x[..., dh // 2:]
        return ops.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)


def _keras_decoder_layer_cls():
    class KerasDecoder(L.Layer):
        """Llama-like decoder written with keras.ops: RMSNormalization, q / k / v / o Dense (no bias), RoPE, GQA via
        ops.repeat, SwiGLU; cache tensors [L,1,kv,S,dh] written with ops.slice_update"""

        def __init__(self, vocab=96, d=32, layers=2, heads=4, kv=2, ffn=64, S=32, **kw):
            super().__init__(**kw)
            self.v, self.d, self.nl, self.h, self.kv, self.S = vocab, d, layers, heads, kv, S
            self.dh = d // heads
            self.emb = L.Embedding(vocab, d)
            self.blocks = [dict(n1=L.RMSNormalization(), q=L.Dense(d, use_bias=False),
                                k=L.Dense(kv * self.dh, use_bias=False), v=L.Dense(kv * self.dh, use_bias=False),
                                o=L.Dense(d, use_bias=False), n2=L.RMSNormalization(),
                                g=L.Dense(ffn, use_bias=False), u=L.Dense(ffn, use_bias=False),
                                dn=L.Dense(d, use_bias=False)) for _ in range(layers)]
            self.norm = L.RMSNormalization()

        def heads(self, x, n):
            return ops.transpose(ops.reshape(x, (1, -1, n, self.dh)), (0, 2, 1, 3))

        def call(self, ids, start=0, write=None):
            """write(l, k, v) -> full keys / values [1,kv,S,dh] (and records the new caches)"""
            t = ops.shape(ids)[1]
            pos = start + ops.arange(t, dtype="int32")
            x = self.emb(ids)
            kpos = ops.arange(self.S, dtype="int32")
            mask = ops.where(kpos[None, :] <= pos[:, None], 0.0, -1e9)
            for l, b in enumerate(self.blocks):
                h = b["n1"](x)
                q = _KerasRope.apply(self.heads(b["q"](h), self.h), pos, self.dh)
                k = _KerasRope.apply(self.heads(b["k"](h), self.kv), pos, self.dh)
                v = self.heads(b["v"](h), self.kv)
                keys, values = write(l, k, v)
                rep = self.h // self.kv
                keys, values = ops.repeat(keys, rep, axis=1), ops.repeat(values, rep, axis=1)
                s = ops.matmul(q, ops.transpose(keys, (0, 1, 3, 2))) / float(np.sqrt(self.dh)) + mask
                a = ops.matmul(ops.softmax(s, axis=-1), values)
                x = x + b["o"](ops.reshape(ops.transpose(a, (0, 2, 1, 3)), (1, -1, self.d)))
                h = b["n2"](x)
                x = x + b["dn"](ops.silu(b["g"](h)) * b["u"](h))
            return ops.matmul(self.norm(x), ops.transpose(self.emb.embeddings))
    return KerasDecoder


@model("w_keras_export_archive_prefill_decode_slice_update", "keras-export",
       "Llama-like decoder written as a Keras 3 Layer with keras.ops (Embedding(96,32), 2 blocks of "
       "RMSNormalization, bias-free Dense q / k / v / o, RoPE with ops.cos / ops.sin, grouped-query attention 4 query / "
       "2 KV heads expanded with ops.repeat, SwiGLU (ops.silu) MLP 64, tied output via ops.matmul with the transposed "
       "embedding matrix) exported with keras.export.ExportArchive and two endpoints: prefill(tokens int32 [1,16], "
       "k_cache / v_cache float32 [2,1,2,32,8]) and decode(tokens int32 [1,1], input_pos int32 [], k_cache, v_cache); "
       "the caches are tensors in and out, each layer's new keys / values written with ops.slice_update (the TF "
       "backend emits XlaDynamicUpdateSlice) at [0,0,pos,0]; outputs logits and the caches (the first endpoint, prefill, is also written as "
       "serving_default)")
def b_keras_archive_dus(out):
    dec = _keras_decoder_layer_cls()()
    cs = [2, 1, 2, 32, 8]

    def run(tokens, start, k_cache, v_cache):
        nk, nv = {}, {}   # keyed by layer: Keras' first call also traces `call` in a scratch graph to build

        def write(l, k, v):
            nk[l] = ops.slice_update(k_cache[l], [0, 0, start, 0], k)
            nv[l] = ops.slice_update(v_cache[l], [0, 0, start, 0], v)
            return nk[l], nv[l]
        logits = dec(tokens, start=start, write=write)
        return {"logits": logits, "k_cache": ops.stack([nk[0], nk[1]]), "v_cache": ops.stack([nv[0], nv[1]])}
    run(np.zeros((1, 16), "int32"), 0, np.zeros(cs, "float32"), np.zeros(cs, "float32"))
    archive = keras.export.ExportArchive()
    archive.track(dec)
    archive.add_endpoint("prefill", lambda tokens, k_cache, v_cache: run(tokens, 0, k_cache, v_cache),
                         input_signature=[tensor_spec([1, 16], "int32", "tokens"), tensor_spec(cs, name="k_cache"),
                                          tensor_spec(cs, name="v_cache")])
    archive.add_endpoint("decode", run, input_signature=[
        tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos"),
        tensor_spec(cs, name="k_cache"), tensor_spec(cs, name="v_cache")])
    archive.write_out(str(out), verbose=False)


FEEDS["w_keras_export_archive_prefill_decode_slice_update"] = {"tokens": (0, 96), "input_pos": 16}


@model("w_keras_export_archive_variable_cache_endpoints", "keras-export",
       "the same style of keras.ops Llama-like decoder Layer (Embedding(96,32), 2 blocks, RMSNormalization, RoPE, 4 "
       "query / 2 KV heads with ops.repeat, SwiGLU, tied output) whose KV cache is two non-trainable Keras variables "
       "(add_weight, float32 [2,1,2,32,8]) on a wrapper Layer, exported with keras.export.ExportArchive and three "
       "endpoints: prefill(tokens int32 [1,16]) and decode(tokens int32 [1,1], input_pos int32 []) assign the caches "
       "(variable.assign of ops.slice_update of the whole cache variable at [layer,0,0,pos,0]) and return logits and "
       "next_token (ops.argmax, int32); reset() with no inputs assigns zeros and returns a constant (the first "
       "endpoint, prefill, is also written as serving_default)")
def b_keras_archive_var(out):
    Dec = _keras_decoder_layer_cls()

    class StatefulLM(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.dec = Dec()
            self.k_cache = self.add_weight(shape=(2, 1, 2, 32, 8), initializer="zeros", trainable=False, name="k_cache")
            self.v_cache = self.add_weight(shape=(2, 1, 2, 32, 8), initializer="zeros", trainable=False, name="v_cache")

        def call(self, tokens, start):
            def write(l, k, v):
                self.k_cache.assign(ops.slice_update(self.k_cache, [l, 0, 0, start, 0], k[None]))
                self.v_cache.assign(ops.slice_update(self.v_cache, [l, 0, 0, start, 0], v[None]))
                return self.k_cache[l], self.v_cache[l]
            logits = self.dec(tokens, start=start, write=write)
            return {"logits": logits, "next_token": ops.argmax(logits[:, -1], axis=-1)}
    lm = StatefulLM()
    lm(np.zeros((1, 16), "int32"), start=0)
    lm.k_cache.assign(np.zeros((2, 1, 2, 32, 8), "float32"))
    lm.v_cache.assign(np.zeros((2, 1, 2, 32, 8), "float32"))

    def reset():
        lm.k_cache.assign(ops.zeros_like(lm.k_cache))
        lm.v_cache.assign(ops.zeros_like(lm.v_cache))
        return {"status": tf.constant(0)}
    archive = keras.export.ExportArchive()
    archive.track(lm)
    archive.add_endpoint("prefill", lambda tokens: lm(tokens, start=0),
                         input_signature=[tensor_spec([1, 16], "int32", "tokens")])
    archive.add_endpoint("decode", lambda tokens, input_pos: lm(tokens, start=input_pos),
                         input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([], "int32", "input_pos")])
    archive.add_endpoint("reset", reset, input_signature=[])
    archive.write_out(str(out), verbose=False)


FEEDS["w_keras_export_archive_variable_cache_endpoints"] = {"tokens": (0, 96), "input_pos": 16}


@model("w_keras_llama_fixed_len_padded_prompt_export", "keras-export",
       "Keras 3 functional Llama-like model for a fixed-shape on-device export: token_ids int32 [1,32] (prompt "
       "right-padded to 32) and prompt_length int32 [1], batch 1 kept by an explicit export signature; Embedding(128,32), "
       "2 blocks of RMSNormalization (keras.layers.RMSNormalization), a custom attention layer (EinsumDense q / k / v "
       "projections, RoPE with ops.cos / ops.sin over ops.arange(32), 4 query heads sharing 1 KV head (multi-query) via "
       "ops.einsum, causal mask from ops.tril, ops.softmax), EinsumDense output, SwiGLU MLP (Dense gate with silu * Dense "
       "up, Dense down); RMSNormalization, Dense(128) head; outputs logits [1,32,128] and next_token (ops.argmax of the "
       "logits at prompt_length - 1 picked with ops.take_along_axis)")
def b_keras_llama_fixed(out):
    V, D, H, T = 128, 32, 4, 32
    dh = D // H

    class MQARope(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.q = L.EinsumDense("btd,dhk->bthk", (T, H, dh))
            self.k = L.EinsumDense("btd,dk->btk", (T, dh))
            self.v = L.EinsumDense("btd,dk->btk", (T, dh))
            self.o = L.EinsumDense("bthk,hkd->btd", (T, D))

        def call(self, x):
            pos = ops.arange(T, dtype="int32")
            q = ops.transpose(self.q(x), (0, 2, 1, 3))                          # [B,H,T,dh]
            q = _KerasRope.apply(q, pos, dh)
            k = _KerasRope.apply(self.k(x), pos, dh)                            # [B,T,dh]
            s = ops.einsum("bhtk,bsk->bhts", q, k) / float(np.sqrt(dh))
            causal = ops.tril(ops.ones((T, T)))
            s = ops.where(causal > 0, s, -1e9)
            a = ops.einsum("bhts,bsk->bthk", ops.softmax(s, axis=-1), self.v(x))
            return self.o(a)
    ids = keras.Input((T,), batch_size=1, dtype="int32", name="token_ids")
    length = keras.Input((), batch_size=1, dtype="int32", name="prompt_length")
    x = L.Embedding(V, D)(ids)
    for _ in range(2):
        x = L.Add()([x, MQARope()(L.RMSNormalization()(x))])
        h = L.RMSNormalization()(x)
        g = L.Multiply()([L.Dense(64, activation="silu", use_bias=False)(h), L.Dense(64, use_bias=False)(h)])
        x = L.Add()([x, L.Dense(D, use_bias=False)(g)])
    logits = L.Dense(V, use_bias=False, name="logits")(L.RMSNormalization()(x))
    nxt = L.Lambda(lambda t: ops.argmax(ops.take_along_axis(t[0], ops.reshape(t[1] - 1, (-1, 1, 1)), axis=1)[:, 0],
                                        axis=-1), name="next_token")([logits, length])
    m = keras.Model({"token_ids": ids, "prompt_length": length}, {"logits": logits, "next_token": nxt})
    keras_export(m, out, sig=[{"token_ids": tensor_spec([1, T], "int32", "token_ids"),
                               "prompt_length": tensor_spec([1], "int32", "prompt_length")}])


FEEDS["w_keras_llama_fixed_len_padded_prompt_export"] = {"token_ids": (0, 128), "prompt_length": [11]}



# ================================================================================ encoder-decoder models

def _vars(rng, shapes, scale=None):
    """{name: tf.Variable} of seeded random (fan-in scaled) weights; 1-D names ending in _g are ones, _b zeros"""
    out = {}
    for k, shp in shapes.items():
        if k.endswith("_g"):
            a = np.ones(shp)
        elif k.endswith("_b"):
            a = np.zeros(shp)
        else:
            a = rng.standard_normal(shp) / np.sqrt(shp[0] if scale is None else scale)
        out[k] = tf.Variable(a.astype("float32"), name=k)
    return out


def _t5_bucket(rel, bidirectional, num_buckets=32, max_distance=64):
    """T5 relative position buckets: exact below num_buckets // 2 (per direction), log-spaced up to max_distance"""
    n = -rel
    ret = tf.zeros_like(rel)
    if bidirectional:
        num_buckets //= 2
        ret += tf.cast(n < 0, tf.int32) * num_buckets
        n = tf.abs(n)
    else:
        n = tf.maximum(n, 0)
    max_exact = num_buckets // 2
    large = max_exact + tf.cast(tf.math.log(tf.cast(tf.maximum(n, 1), tf.float32) / max_exact)
                                / np.log(max_distance / max_exact) * (num_buckets - max_exact), tf.int32)
    large = tf.minimum(large, num_buckets - 1)
    return ret + tf.where(n < max_exact, n, large)


@model("w_t5_relative_buckets_encode_decode_cross_cache", "tf-module",
       "T5-like tiny encoder-decoder in raw TF (d=32, 4 heads of 8, 2 encoder + 2 decoder layers, vocab 100, ReLU FFN "
       "64, T5 RMS LayerNorm without mean or bias, unscaled dot-product attention, relative position bias from a "
       "[32 buckets, 4 heads] table indexed by in-graph bucketing (tf.abs / tf.math.log / tf.minimum / tf.where; "
       "bidirectional in the encoder, causal in the decoder), tied embeddings with the output scaled by d^-0.5; "
       "tf.Variable weights). tf.Module signatures encode(input_ids int32 [1,16], attention_mask int32 [1,16]) -> "
       "encoder_hidden [1,16,32] plus the cross-attention cache cross_k / cross_v float32 [2,1,4,16,8] projected from it; "
       "decode(decoder_input_ids int32 [1,1], step int32 [], self_k / self_v float32 [2,1,4,16,8], cross_k, cross_v, "
       "attention_mask int32 [1,16]) writes the self-attention cache with dynamic_update_slice at step, masks keys > "
       "step and padded encoder positions, returns logits [1,1,100], next_token and the self caches")
def b_t5(out):
    V, D, H, F, NL, S = 100, 32, 4, 64, 2, 16
    dh = D // H
    rng = np.random.default_rng(40)
    shapes = {"emb": (V, D), "enc_rel": (32, H), "dec_rel": (32, H), "enc_final_g": (D,), "dec_final_g": (D,)}
    for l in range(NL):
        for p in ("enc", "dec"):
            shapes.update({f"{p}{l}_ln1_g": (D,), f"{p}{l}_ln2_g": (D,), f"{p}{l}_q": (D, D), f"{p}{l}_k": (D, D),
                           f"{p}{l}_v": (D, D), f"{p}{l}_o": (D, D), f"{p}{l}_wi": (D, F), f"{p}{l}_wo": (F, D)})
        shapes.update({f"dec{l}_ln3_g": (D,), f"dec{l}_cq": (D, D), f"dec{l}_ck": (D, D), f"dec{l}_cv": (D, D),
                       f"dec{l}_co": (D, D)})
    W = _vars(rng, shapes)

    def rms(x, n):
        return x * tf.math.rsqrt(tf.reduce_mean(tf.square(x), -1, keepdims=True) + 1e-6) * W[n]

    def rel_bias(table, q_pos, k_pos, bidirectional):
        b = tf.gather(W[table], _t5_bucket(k_pos[None, :] - q_pos[:, None], bidirectional))   # [q,k,H]
        return tf.transpose(b, [2, 0, 1])[None]

    def pad_bias(mask):
        return (1.0 - tf.cast(mask, tf.float32))[:, None, None, :] * -1e9

    def mha(xq, xkv, p, bias, names=("q", "k", "v", "o")):
        q = _split_heads(tf.matmul(xq, W[p + names[0]]), H)
        k = _split_heads(tf.matmul(xkv, W[p + names[1]]), H)
        v = _split_heads(tf.matmul(xkv, W[p + names[2]]), H)
        return tf.matmul(_merge_heads(attention(q, k, v, bias, scale=1.0)), W[p + names[3]])

    def ffn(x, p):
        return tf.matmul(tf.nn.relu(tf.matmul(x, W[p + "wi"])), W[p + "wo"])

    @tf.function(input_signature=[tensor_spec([1, S], "int32", "input_ids"),
                                  tensor_spec([1, S], "int32", "attention_mask")])
    def encode(input_ids, attention_mask):
        x = tf.gather(W["emb"], input_ids)
        pos = tf.range(S)
        bias = rel_bias("enc_rel", pos, pos, True) + pad_bias(attention_mask)
        for l in range(NL):
            x = x + mha(rms(x, f"enc{l}_ln1_g"), rms(x, f"enc{l}_ln1_g"), f"enc{l}_", bias)
            x = x + ffn(rms(x, f"enc{l}_ln2_g"), f"enc{l}_")
        h = rms(x, "enc_final_g")
        ck = tf.stack([_split_heads(tf.matmul(h, W[f"dec{l}_ck"]), H) for l in range(NL)])
        cv = tf.stack([_split_heads(tf.matmul(h, W[f"dec{l}_cv"]), H) for l in range(NL)])
        return {"encoder_hidden": h, "cross_k": ck, "cross_v": cv}
    cs = [NL, 1, H, S, dh]

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "decoder_input_ids"), tensor_spec([], "int32", "step"),
                                  tensor_spec(cs, name="self_k"), tensor_spec(cs, name="self_v"),
                                  tensor_spec(cs, name="cross_k"), tensor_spec(cs, name="cross_v"),
                                  tensor_spec([1, S], "int32", "attention_mask")])
    def decode(decoder_input_ids, step, self_k, self_v, cross_k, cross_v, attention_mask):
        x = tf.gather(W["emb"], decoder_input_ids)
        kpos = tf.range(S)
        bias = rel_bias("dec_rel", step[None], kpos, False) + tf.where(kpos <= step, 0.0, -1e9)[None, None, None]
        cbias = pad_bias(attention_mask)
        nk, nv = [], []
        for l in range(NL):
            h = rms(x, f"dec{l}_ln1_g")
            q = _split_heads(tf.matmul(h, W[f"dec{l}_q"]), H)
            nk.append(dynamic_update_slice(self_k[l], _split_heads(tf.matmul(h, W[f"dec{l}_k"]), H), [0, 0, step, 0]))
            nv.append(dynamic_update_slice(self_v[l], _split_heads(tf.matmul(h, W[f"dec{l}_v"]), H), [0, 0, step, 0]))
            x = x + tf.matmul(_merge_heads(attention(q, nk[-1], nv[-1], bias, scale=1.0)), W[f"dec{l}_o"])
            h = rms(x, f"dec{l}_ln2_g")
            q = _split_heads(tf.matmul(h, W[f"dec{l}_cq"]), H)
            x = x + tf.matmul(_merge_heads(attention(q, cross_k[l], cross_v[l], cbias, scale=1.0)), W[f"dec{l}_co"])
            x = x + ffn(rms(x, f"dec{l}_ln3_g"), f"dec{l}_")
        logits = tf.matmul(rms(x, "dec_final_g") * D ** -0.5, W["emb"], transpose_b=True)
        return {"logits": logits, "next_token": greedy(logits), "self_k": tf.stack(nk), "self_v": tf.stack(nv)}
    serve_module(out, {"weights": W}, encode=encode, decode=decode)


FEEDS["w_t5_relative_buckets_encode_decode_cross_cache"] = lambda rng: {
    "input_ids": (0, 100), "decoder_input_ids": (0, 100), "step": 3,
    "attention_mask": np.array([[1] * 12 + [0] * 4])}


def _whisper(rng, n_mels=16, D=32, H=4, V=80, T_dec=24, enc_layers=1, dec_layers=2):
    """weights and pieces of a Whisper-like tiny model: conv front end (k3, k3 stride 2, gelu), sinusoidal encoder
    positions, pre-LN blocks with biased projections, decoder with learned positions, self + cross attention"""
    dh = D // H
    shapes = {"conv1": (3, n_mels, D), "conv1_b": (D,), "conv2": (3, D, D), "conv2_b": (D,), "tok": (V, D),
              "dpos": (T_dec, D), "enc_ln_g": (D,), "enc_ln_b": (D,), "dec_ln_g": (D,), "dec_ln_b": (D,)}

    def block(p, cross):
        d = {}
        for a in (("sa", "ca") if cross else ("sa",)):
            d.update({f"{p}{a}_ln_g": (D,), f"{p}{a}_ln_b": (D,), f"{p}{a}_q": (D, D), f"{p}{a}_q_b": (D,),
                      f"{p}{a}_k": (D, D), f"{p}{a}_v": (D, D), f"{p}{a}_v_b": (D,), f"{p}{a}_o": (D, D),
                      f"{p}{a}_o_b": (D,)})
        d.update({f"{p}mlp_ln_g": (D,), f"{p}mlp_ln_b": (D,), f"{p}fc1": (D, 4 * D), f"{p}fc1_b": (4 * D,),
                  f"{p}fc2": (4 * D, D), f"{p}fc2_b": (D,)})
        return d
    for l in range(enc_layers):
        shapes.update(block(f"e{l}_", False))
    for l in range(dec_layers):
        shapes.update(block(f"d{l}_", True))
    W = _vars(rng, shapes, scale=None)

    def ln(x, n):
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) * tf.math.rsqrt(var + 1e-5) * W[n + "_g"] + W[n + "_b"]

    def proj(x, n, bias=True):
        y = tf.matmul(x, W[n])
        return y + W[n + "_b"] if bias else y

    def mlp(x, p):
        return proj(tf.nn.gelu(proj(ln(x, p + "mlp_ln"), p + "fc1")), p + "fc2")

    def sinusoids(length):
        inc = np.log(10000.0) / (D // 2 - 1)
        inv = tf.exp(-inc * tf.range(D // 2, dtype=tf.float32))
        t = tf.cast(tf.range(length), tf.float32)[:, None] * inv[None]
        return tf.concat([tf.sin(t), tf.cos(t)], axis=1)

    def encoder(mel, static_len=None):
        x = tf.transpose(mel, [0, 2, 1])                                             # [B,frames,mels]
        x = tf.nn.gelu(tf.nn.conv1d(x, W["conv1"], 1, "SAME") + W["conv1_b"])
        x = tf.nn.gelu(tf.nn.conv1d(x, W["conv2"], 2, "SAME") + W["conv2_b"])
        if static_len:
            pos = np.arange(static_len)[:, None] * np.exp(-np.log(10000.0) / (D // 2 - 1) * np.arange(D // 2))[None]
            x = x + tf.constant(np.concatenate([np.sin(pos), np.cos(pos)], 1).astype("float32"))
        else:
            x = x + sinusoids(tf.shape(x)[1])
        for l in range(enc_layers):
            p = f"e{l}_sa"
            h = ln(x, p + "_ln")
            q, k, v = _split_heads(proj(h, p + "_q"), H), _split_heads(proj(h, p + "_k", False), H), \
                _split_heads(proj(h, p + "_v"), H)
            x = x + proj(_merge_heads(attention(q, k, v, 0.0)), p + "_o")
            x = x + mlp(x, f"e{l}_")
        return ln(x, "enc_ln")

    def cross_kv(enc):
        ks = [_split_heads(proj(enc, f"d{l}_ca_k", False), H) for l in range(dec_layers)]
        vs = [_split_heads(proj(enc, f"d{l}_ca_v"), H) for l in range(dec_layers)]
        return tf.stack(ks), tf.stack(vs)

    def decoder(tokens, positions, self_k, self_v, cross_k, cross_v, write="scatter"):
        x = tf.gather(W["tok"], tokens) + tf.gather(W["dpos"], positions)
        bias = attn_bias(None, positions, tf.range(T_dec))
        nk, nv = [], []
        for l in range(dec_layers):
            p = f"d{l}_sa"
            h = ln(x, p + "_ln")
            q = _split_heads(proj(h, p + "_q"), H)
            k, v = _split_heads(proj(h, p + "_k", False), H), _split_heads(proj(h, p + "_v"), H)
            seq_major = [2, 0, 1, 3]                                              # [S,B,H,dh]
            kc = tf.tensor_scatter_nd_update(tf.transpose(self_k[l], seq_major), positions[:, None],
                                             tf.transpose(k, seq_major))
            vc = tf.tensor_scatter_nd_update(tf.transpose(self_v[l], seq_major), positions[:, None],
                                             tf.transpose(v, seq_major))
            kc, vc = tf.transpose(kc, [1, 2, 0, 3]), tf.transpose(vc, [1, 2, 0, 3])
            nk.append(kc)
            nv.append(vc)
            x = x + proj(_merge_heads(attention(q, kc, vc, bias)), p + "_o")
            p = f"d{l}_ca"
            q = _split_heads(proj(ln(x, p + "_ln"), p + "_q"), H)
            x = x + proj(_merge_heads(attention(q, cross_k[l], cross_v[l], 0.0)), p + "_o")
            x = x + mlp(x, f"d{l}_")
        logits = tf.matmul(ln(x, "dec_ln"), W["tok"], transpose_b=True)
        return logits, tf.stack(nk), tf.stack(nv)
    return SimpleNamespace(W=W, encoder=encoder, cross_kv=cross_kv, decoder=decoder, dh=dh, H=H, V=V, T_dec=T_dec,
                           L=dec_layers)


@model("w_whisper_tiny_encode_decode_cross_cache", "tf-module",
       "Whisper-like tiny speech-to-text model in raw TF (d=32, 4 heads, 1 encoder / 2 decoder pre-LayerNorm layers, "
       "biased q / v / o and MLP projections with exact gelu, vocab 80, tf.Variable weights). tf.Module signatures "
       "encode(mel float32 [1,16,64] = [batch, mel bins, frames]) -- transpose, tf.nn.conv1d k3 + gelu, tf.nn.conv1d k3 "
       "stride 2 + gelu to 32 frames, plus a precomputed sinusoidal position constant [32,32], encoder block, final "
       "LayerNorm -- returns encoder_output [1,32,32] and the per-layer cross-attention cache cross_k / cross_v "
       "float32 [2,1,4,32,8]; decode(tokens int32 [1,1], position int32 [1], self_k / self_v float32 [2,1,4,24,8], "
       "cross_k, cross_v): learned decoder positions [24,32] gathered by position, self-attention cache written with "
       "tf.tensor_scatter_nd_update on the seq-major transpose, causal mask from tf.range(24), cross-attention over "
       "the given cache, tied output embedding -> logits [1,1,80], self_k, self_v")
def b_whisper(out):
    m = _whisper(np.random.default_rng(41))
    cs = [m.L, 1, m.H, m.T_dec, m.dh]
    xs = [m.L, 1, m.H, 32, m.dh]

    @tf.function(input_signature=[tensor_spec([1, 16, 64], name="mel")])
    def encode(mel):
        enc = m.encoder(mel, static_len=32)
        ck, cv = m.cross_kv(enc)
        return {"encoder_output": enc, "cross_k": ck, "cross_v": cv}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([1], "int32", "position"),
                                  tensor_spec(cs, name="self_k"), tensor_spec(cs, name="self_v"),
                                  tensor_spec(xs, name="cross_k"), tensor_spec(xs, name="cross_v")])
    def decode(tokens, position, self_k, self_v, cross_k, cross_v):
        logits, nk, nv = m.decoder(tokens, position, self_k, self_v, cross_k, cross_v)
        return {"logits": logits, "self_k": nk, "self_v": nv}
    serve_module(out, {"weights": m.W}, encode=encode, decode=decode)


FEEDS["w_whisper_tiny_encode_decode_cross_cache"] = {"tokens": (0, 80), "position": [3]}


@model("w_whisper_greedy_transcribe_dynamic_frames", "tf-module",
       "Whisper-like tiny model (same structure: conv1d front end, 1 encoder / 2 decoder pre-LN layers, d=32, vocab 80) "
       "with the whole greedy transcription in one tf.Module signature transcribe(mel float32 [1,16,None]) -- the frame "
       "count is left dynamic, so the encoder's sinusoidal positions are computed in the graph (tf.exp / tf.sin / "
       "tf.cos over tf.range(tf.shape(x)[1])); cross-attention K / V computed once; the forced prompt "
       "(start-of-transcript 76, language 77, task 78, no-timestamps 79) is run through the decoder with zero self "
       "caches [2,1,4,24,8] (tf.tensor_scatter_nd_update writes); then tf.while_loop of exactly 12 steps: suppress "
       "ids 76-79 with tf.tensor_scatter_nd_update to -1e9, argmax, after end-of-text (75) keep emitting 75; outputs "
       "tokens int32 [1,12] (TensorArray) and avg_logprob float32 [1]")
def b_whisper_loop(out):
    m = _whisper(np.random.default_rng(42))
    cs = [m.L, 1, m.H, m.T_dec, m.dh]
    prompt, eot, steps = [76, 77, 78, 79], 75, 12

    @tf.function(input_signature=[tensor_spec([1, 16, None], name="mel")])
    def transcribe(mel):
        ck, cv = m.cross_kv(m.encoder(mel))
        logits, kc, vc = m.decoder(tf.constant([prompt]), tf.range(4), tf.zeros(cs), tf.zeros(cs), ck, cv)
        suppress = [[0, t] for t in prompt]

        def pick(logits):
            lg = tf.tensor_scatter_nd_update(logits[:, -1], suppress, tf.fill([4], -1e9))
            tok = tf.argmax(lg, axis=-1, output_type=tf.int32)
            return tok, tf.reduce_max(tf.nn.log_softmax(lg), axis=-1)

        def body(i, tok, lp, done, kc, vc, ta, total):
            ta = ta.write(i, tok)
            total = total + tf.where(done, 0.0, lp)
            done = tf.logical_or(done, tf.equal(tok, eot))
            logits, kc, vc = m.decoder(tok[:, None], (4 + i)[None], kc, vc, ck, cv)
            nxt, nlp = pick(logits)
            return i + 1, tf.where(done, eot, nxt), nlp, done, kc, vc, ta, total
        tok, lp = pick(logits)
        res = tf.while_loop(lambda i, *_: i < steps, body,
                            (0, tok, lp, tf.zeros([1], tf.bool), kc, vc, tf.TensorArray(tf.int32, size=steps),
                             tf.zeros([1])))
        tokens = tf.transpose(res[6].stack())
        n = tf.reduce_sum(tf.cast(tf.math.cumprod(tf.cast(tf.not_equal(tokens, eot), tf.int32), axis=1), tf.float32),
                          axis=1)
        return {"tokens": tokens, "avg_logprob": res[7] / tf.maximum(n + 1.0, 1.0)}
    serve_module(out, {"weights": m.W}, transcribe=transcribe)


FEEDS["w_whisper_greedy_transcribe_dynamic_frames"] = lambda rng: {"mel": rng.random((1, 16, 50))}


@model("w_keras_seq2seq_export_archive_encode_decode", "keras-export",
       "Keras 3 transformer translation model in two functional models exported together with "
       "keras.export.ExportArchive: endpoint encode(source_ids int32 [1,None]) -> encoder_out [1,None,32] (Embedding(120,"
       "32), a custom positional-embedding layer over ops.arange of the dynamic length, MultiHeadAttention(4 heads, "
       "key_dim 8) self-attention, LayerNormalization, Dense(64, relu) / Dense(32) FFN); endpoint decode(target_ids int32 "
       "[1,None], encoder_out float32 [1,None,32]) re-runs the decoder on the whole target prefix without a cache "
       "(causal MultiHeadAttention with use_causal_mask=True, cross MultiHeadAttention over encoder_out, FFN, "
       "Dense(120)) -> logits [1,None,120] and next_token (argmax of the last position, int32) (the first endpoint, "
       "encode, is also written as serving_default)")
def b_keras_seq2seq(out):
    V, D = 120, 32

    class PosEmb(L.Layer):
        def build(self, shape):
            self.table = self.add_weight(shape=(64, D), initializer="random_normal", name="positions")

        def call(self, x):
            return x + ops.take(self.table, ops.arange(ops.shape(x)[1]), axis=0)[None]
    src = keras.Input((None,), batch_size=1, dtype="int32", name="source_ids")
    x = PosEmb()(L.Embedding(V, D)(src))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(4, 8)(x, x)]))
    x = L.LayerNormalization()(L.Add()([x, L.Dense(D)(L.Dense(64, activation="relu")(x))]))
    encoder = keras.Model(src, x, name="encoder")
    tgt = keras.Input((None,), batch_size=1, dtype="int32", name="target_ids")
    enc = keras.Input((None, D), batch_size=1, name="encoder_out")
    y = PosEmb()(L.Embedding(V, D)(tgt))
    y = L.LayerNormalization()(L.Add()([y, L.MultiHeadAttention(4, 8)(y, y, use_causal_mask=True)]))
    y = L.LayerNormalization()(L.Add()([y, L.MultiHeadAttention(4, 8)(y, enc)]))
    y = L.LayerNormalization()(L.Add()([y, L.Dense(D)(L.Dense(64, activation="relu")(y))]))
    decoder = keras.Model([tgt, enc], L.Dense(V)(y), name="decoder")
    archive = keras.export.ExportArchive()
    archive.track(encoder)
    archive.track(decoder)
    archive.add_endpoint("encode", lambda source_ids: {"encoder_out": encoder(source_ids, training=False)},
                         input_signature=[tensor_spec([1, None], "int32", "source_ids")])

    def decode(target_ids, encoder_out):
        logits = decoder([target_ids, encoder_out], training=False)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}
    archive.add_endpoint("decode", decode, input_signature=[tensor_spec([1, None], "int32", "target_ids"),
                                                            tensor_spec([1, None, D], name="encoder_out")])
    archive.write_out(str(out), verbose=False)


FEEDS["w_keras_seq2seq_export_archive_encode_decode"] = lambda rng: {
    "source_ids": rng.integers(0, 120, (1, 11)), "target_ids": rng.integers(0, 120, (1, 5)),
    "encoder_out": rng.random((1, 11, 32))}


# ================================================================================ streaming speech recognition

def _lstm_step(x, h, c, W, p):
    """one LSTM cell step: [x, h] @ kernel [in+u, 4u] + bias, gates i f g o (forget bias +1)"""
    z = tf.matmul(tf.concat([x, h], axis=-1), W[p + "_kernel"]) + W[p + "_bias"]
    i, f, g, o = tf.split(z, 4, axis=-1)
    c = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(g)
    return tf.sigmoid(o) * tf.tanh(c), c


def _rnnt(rng, F=20, U=32, V=30):
    """RNN-T pieces: frame-stacking LSTM encoder, embedding + LSTM predictor, additive tanh joint (blank = 0)"""
    W = _vars(rng, {"enc_kernel": (2 * F + U, 4 * U), "enc_bias_b": (4 * U,), "enc_proj": (U, U),
                    "pred_emb": (V, U), "pred_kernel": (2 * U, 4 * U), "pred_bias_b": (4 * U,),
                    "joint_enc": (U, U), "joint_pred": (U, U), "joint_b": (U,), "joint_out": (U, V)})
    W["enc_bias"], W["pred_bias"] = W.pop("enc_bias_b"), W.pop("pred_bias_b")

    def encode(feats, h, c):
        x = tf.reshape(feats, [1, -1, 2 * F])                                     # stack 2 frames
        outs = []
        for x_t in tf.unstack(x, axis=1):
            h, c = _lstm_step(x_t, h, c, W, "enc")
            outs.append(tf.matmul(h, W["enc_proj"]))
        return tf.stack(outs, axis=1), h, c

    def predict(label, h, c):
        h, c = _lstm_step(tf.gather(W["pred_emb"], label), h, c, W, "pred")
        return h, h, c

    def joint(e, p):
        z = tf.tanh(tf.matmul(e, W["joint_enc"]) + tf.matmul(p, W["joint_pred"]) + W["joint_b"])
        return tf.nn.log_softmax(tf.matmul(z, W["joint_out"]))
    return SimpleNamespace(W=W, encode=encode, predict=predict, joint=joint, U=U, V=V, F=F)


@model("w_rnnt_encoder_predictor_joint_signatures", "tf-module",
       "RNN-T streaming recognizer split the way on-device ASR exports it, three tf.Module signatures over tf.Variable "
       "weights (LSTM cells written with MatMul on [x, h] + tf.split into i / f / g / o gates, blank = 0, 30 labels): "
       "encode(features float32 [1,8,20], enc_h / enc_c float32 [1,32]) stacks frame pairs (reshape to [1,4,40]), runs "
       "a Python-unrolled LSTM over the 4 stacked frames from the given state and projects -> encoded [1,4,32], enc_h, "
       "enc_c; predict(label int32 [1], pred_h / pred_c float32 [1,32]) embeds the previous label and steps the "
       "prediction LSTM -> predictor_out [1,32], pred_h, pred_c; joint(encoder_frame float32 [1,32], predictor_out "
       "float32 [1,32]) -> log_probs [1,30] (tanh of the summed projections, MatMul, log_softmax)")
def b_rnnt(out):
    m = _rnnt(np.random.default_rng(43))
    st = [1, m.U]

    @tf.function(input_signature=[tensor_spec([1, 8, m.F], name="features"), tensor_spec(st, name="enc_h"),
                                  tensor_spec(st, name="enc_c")])
    def encode(features, enc_h, enc_c):
        e, h, c = m.encode(features, enc_h, enc_c)
        return {"encoded": e, "enc_h": h, "enc_c": c}

    @tf.function(input_signature=[tensor_spec([1], "int32", "label"), tensor_spec(st, name="pred_h"),
                                  tensor_spec(st, name="pred_c")])
    def predict(label, pred_h, pred_c):
        p, h, c = m.predict(label, pred_h, pred_c)
        return {"predictor_out": p, "pred_h": h, "pred_c": c}

    @tf.function(input_signature=[tensor_spec(st, name="encoder_frame"), tensor_spec(st, name="predictor_out")])
    def joint(encoder_frame, predictor_out):
        return {"log_probs": m.joint(encoder_frame, predictor_out)}
    serve_module(out, {"weights": m.W}, encode=encode, predict=predict, joint=joint)


FEEDS["w_rnnt_encoder_predictor_joint_signatures"] = {"label": (0, 30)}


@model("w_rnnt_greedy_chunk_nested_while", "tf-module",
       "RNN-T streaming greedy decoding of one audio chunk in a single tf.Module signature decode_chunk(features "
       "float32 [1,8,20], enc_h / enc_c / pred_h / pred_c float32 [1,32], last_label int32 [1]): frame-stacking LSTM "
       "encoder (Python-unrolled over 4 stacked frames), the prediction network re-run on last_label, then nested "
       "tf.while_loops -- over the 4 encoder frames, and per frame up to 2 symbols while the joint's argmax is not blank "
       "(0) -- emitting labels into an int32 [1,8] buffer (-1 padded) with tf.tensor_scatter_nd_update under tf.where, "
       "advancing the predictor LSTM state only on emission; outputs tokens [1,8], num_tokens int32 [], the four "
       "updated states and last_label; tf.Variable weights (LSTM as MatMul + split gates, 30 labels)")
def b_rnnt_loop(out):
    m = _rnnt(np.random.default_rng(44))
    st = [1, m.U]

    @tf.function(input_signature=[tensor_spec([1, 8, m.F], name="features")]
                 + [tensor_spec(st, name=n) for n in ("enc_h", "enc_c", "pred_h", "pred_c")]
                 + [tensor_spec([1], "int32", "last_label")])
    def decode_chunk(features, enc_h, enc_c, pred_h, pred_c, last_label):
        enc, enc_h, enc_c = m.encode(features, enc_h, enc_c)
        pout, _, _ = m.predict(last_label, pred_h, pred_c)

        def frame(t, tokens, n, label, ph, pc, pout):
            f = enc[:, t]

            def sym(s, go, tokens, n, label, ph, pc, pout):
                k = tf.argmax(m.joint(f, pout), axis=-1, output_type=tf.int32)
                emit = tf.not_equal(k[0], 0)
                tokens = tf.where(emit, tf.tensor_scatter_nd_update(tokens, [[0, n]], k), tokens)
                np_out, nh, nc = m.predict(k, ph, pc)
                ph, pc, pout = tf.where(emit, nh, ph), tf.where(emit, nc, pc), tf.where(emit, np_out, pout)
                return s + 1, emit, tokens, n + tf.cast(emit, tf.int32), tf.where(emit, k, label), ph, pc, pout
            res = tf.while_loop(lambda s, go, *_: tf.logical_and(s < 2, go), sym,
                                (0, tf.constant(True), tokens, n, label, ph, pc, pout))
            return (t + 1,) + tuple(res[2:])
        res = tf.while_loop(lambda t, *_: t < 4, frame,
                            (0, tf.fill([1, 8], -1), tf.constant(0), last_label, pred_h, pred_c, pout))
        _, tokens, n, label, ph, pc, _ = res
        return {"tokens": tokens, "num_tokens": n, "enc_h": enc_h, "enc_c": enc_c, "pred_h": ph, "pred_c": pc,
                "last_label": label}
    serve_module(out, {"weights": m.W}, decode_chunk=decode_chunk)


FEEDS["w_rnnt_greedy_chunk_nested_while"] = {"last_label": (0, 30)}


@model("w_keras_streaming_kws_ring_buffer_gru_state", "keras-export",
       "streaming keyword spotter in the kws_streaming 'external state' style, Keras 3 functional model exported with "
       "model.export and a batch-1 signature: inputs frame float32 [1,1,40] (one feature frame), conv_state float32 "
       "[1,4,40] (ring buffer of the previous 4 frames) and gru_state float32 [1,32]; Concatenate(axis=1) of buffer and "
       "frame, Lambda slice [:, 1:] as the new ring buffer, Conv1D(32, 5, valid, relu) over the 5 frames, GRU(32, "
       "return_state) started from gru_state, Dense(12, softmax); outputs probabilities [1,12], new_conv_state "
       "[1,4,40], new_gru_state [1,32]")
def b_kws(out):
    frame = keras.Input((1, 40), batch_size=1, name="frame")
    conv_state = keras.Input((4, 40), batch_size=1, name="conv_state")
    gru_state = keras.Input((32,), batch_size=1, name="gru_state")
    buf = L.Concatenate(axis=1)([conv_state, frame])
    new_conv = L.Lambda(lambda t: t[:, 1:], name="new_conv_state")(buf)
    x = L.Conv1D(32, 5, activation="relu")(buf)
    x, h = L.GRU(32, return_state=True)(x, initial_state=[gru_state])
    probs = L.Dense(12, activation="softmax", name="probabilities")(x)
    m = keras.Model({"frame": frame, "conv_state": conv_state, "gru_state": gru_state},
                    {"probabilities": probs, "new_conv_state": new_conv, "new_gru_state": L.Identity(name="h")(h)})
    keras_export(m, out, sig=[{"frame": tensor_spec([1, 1, 40], name="frame"),
                               "conv_state": tensor_spec([1, 4, 40], name="conv_state"),
                               "gru_state": tensor_spec([1, 32], name="gru_state")}])


@model("w_tf1_deepspeech_lstm_state_placeholders_frozen", "frozen-pb",
       "DeepSpeech-style streaming acoustic model as a TF1 graph frozen with "
       "tf.compat.v1.graph_util.convert_variables_to_constants: placeholders input_node float32 [1,16,26] (16 feature "
       "frames), previous_state_c / previous_state_h float32 [1,32]; get_variable dense layers on the reshaped "
       "[-1,26] frames with clipped ReLU (tf.minimum(relu, 20)), an LSTM written with get_variable kernel / bias and "
       "Python-unrolled over the 16 frames (tf.unstack), dense output to 29 classes; outputs logits float32 [16,1,29] "
       "(time-major, softmax applied, node 'logits') and new_state_c / new_state_h [1,32]")
def b_deepspeech(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(45)
    with tf.Graph().as_default() as g:
        x = v1.placeholder(tf.float32, [1, 16, 26], name="input_node")
        c = v1.placeholder(tf.float32, [1, 32], name="previous_state_c")
        h = v1.placeholder(tf.float32, [1, 32], name="previous_state_h")

        def var(name, shape):
            return v1.get_variable(name, initializer=(rng.standard_normal(shape) / np.sqrt(shape[0])).astype("float32"))
        z = tf.reshape(x, [-1, 26])
        for i, (a, b) in enumerate(((26, 48), (48, 32))):
            z = tf.minimum(tf.nn.relu(tf.matmul(z, var(f"layer_{i + 1}/weights", (a, b)))
                                      + var(f"layer_{i + 1}/bias", (b,))), 20.0)
        z = tf.reshape(z, [1, 16, 32])
        W = {"lstm_kernel": var("lstm/kernel", (64, 128)), "lstm_bias": var("lstm/bias", (128,))}
        outs = []
        for z_t in tf.unstack(z, axis=1):
            h, c = _lstm_step(z_t, h, c, W, "lstm")
            outs.append(h)
        y = tf.reshape(tf.stack(outs, axis=0), [-1, 32])
        y = tf.matmul(tf.minimum(tf.nn.relu(y), 20.0), var("layer_6/weights", (32, 29))) + var("layer_6/bias", (29,))
        tf.nn.softmax(tf.reshape(y, [16, 1, 29]), name="logits")
        tf.identity(c, name="new_state_c")
        tf.identity(h, name="new_state_h")
        with v1.Session(graph=g) as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(),
                                                                  ["logits", "new_state_c", "new_state_h"])
    out.write_bytes(frozen.SerializeToString())


OUTPUTS["w_tf1_deepspeech_lstm_state_placeholders_frozen"] = ["logits", "new_state_c", "new_state_h"]



# ================================================================================ text to speech

def _sinusoid_table(length, d):
    pos = np.arange(length)[:, None] / np.power(10000.0, 2 * (np.arange(d)[None] // 2) / d)
    pos[:, 0::2], pos[:, 1::2] = np.sin(pos[:, 0::2]), np.cos(pos[:, 1::2])
    return pos.astype("float32")


@model("w_fastspeech_length_regulator_tf_repeat_dynamic", "tf-module",
       "FastSpeech-like non-autoregressive TTS acoustic model in a tf.Module with Keras layers inside, signature "
       "synthesize(phoneme_ids int32 [1,None], speed float32 []): Embedding(60,32), two Conv1D(32, 3, same, relu) + "
       "LayerNormalization encoder, a duration predictor (Conv1D + LayerNormalization x2, Dense(1)) giving log "
       "durations, durations = clip_by_value(round((exp(log_d) - 1) / speed), 1, 8) cast to int32, length regulation "
       "by tf.repeat(hidden[0], durations[0], axis=0) (output length data-dependent), sinusoidal frame positions "
       "tf.gather'ed from a [512,32] constant table by tf.range(tf.shape(frames)[1]), Conv1D decoder, Dense(20) mel "
       "plus a Conv1D(20, 5, tanh) residual postnet; outputs mel float32 [1,None,20], durations int32 [1,None], "
       "num_frames int32 []")
def b_fastspeech(out):
    layers = dict(emb=L.Embedding(60, 32), e1=L.Conv1D(32, 3, padding="same", activation="relu"),
                  e2=L.Conv1D(32, 3, padding="same", activation="relu"), eln=L.LayerNormalization(),
                  d1=L.Conv1D(32, 3, padding="same", activation="relu"), dln1=L.LayerNormalization(),
                  d2=L.Conv1D(32, 3, padding="same", activation="relu"), dln2=L.LayerNormalization(), dout=L.Dense(1),
                  m1=L.Conv1D(32, 3, padding="same", activation="relu"), m2=L.Conv1D(32, 3, padding="same",
                                                                             activation="relu"),
                  mel=L.Dense(20), post=L.Conv1D(20, 5, padding="same", activation="tanh"))
    table = _sinusoid_table(512, 32)

    def run(ids, speed):
        k = layers
        h = k["eln"](k["e2"](k["e1"](k["emb"](ids))))
        log_d = k["dout"](k["dln2"](k["d2"](k["dln1"](k["d1"](h)))))[..., 0]
        d = tf.cast(tf.clip_by_value(tf.round((tf.exp(log_d) - 1.0) / speed), 1.0, 8.0), tf.int32)
        frames = tf.repeat(h[0], d[0], axis=0)[None]
        frames = frames + tf.gather(tf.constant(table), tf.range(tf.shape(frames)[1]))[None]
        mel = k["mel"](k["m2"](k["m1"](frames)))
        return mel + k["post"](mel), d
    run(np.zeros((1, 5), "int32"), 1.0)

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "phoneme_ids"), tensor_spec([], name="speed")])
    def synthesize(phoneme_ids, speed):
        mel, d = run(phoneme_ids, speed)
        return {"mel": mel, "durations": d, "num_frames": tf.shape(mel)[1]}
    serve_module(out, {"layers": layers}, synthesize=synthesize)


FEEDS["w_fastspeech_length_regulator_tf_repeat_dynamic"] = lambda rng: {"phoneme_ids": rng.integers(1, 60, (1, 14)),
                                                                         "speed": 1.0}


@model("w_keras_tts_length_regulator_fixed_64_frames", "keras-export",
       "fixed-shape TTS acoustic model as a Keras 3 functional model exported with model.export and a batch-1 "
       "signature, phoneme_ids int32 [1,16]: Embedding(60,32), Conv1D(32, 3, same, relu), LayerNormalization; duration "
       "head Conv1D(32, 3, relu) + Dense(1, softplus); a custom LengthRegulator layer rounds and clips the durations to "
       "1..4 (int32), expands the hidden states with tf.repeat(x[0], durations[0], axis=0), tf.pad's them to exactly 64 "
       "frames (64 - tf.shape) and tf.reshape's to [1,64,32], mel_length = reduce_sum(durations); decoder Conv1D + "
       "Dense(20) masked by tf.sequence_mask(mel_length, 64) in a Lambda; outputs mel float32 [1,64,20], mel_length "
       "int32 [1], durations int32 [1,16]")
def b_keras_tts(out):
    class LengthRegulator(L.Layer):
        def call(self, x, d):
            dur = tf.cast(tf.clip_by_value(tf.round(d[..., 0]), 1.0, 4.0), tf.int32)
            frames = tf.repeat(x[0], dur[0], axis=0)
            frames = tf.pad(frames, [[0, 64 - tf.shape(frames)[0]], [0, 0]])
            return {"frames": tf.reshape(frames, [1, 64, 32]), "mel_length": tf.reduce_sum(dur, axis=1),
                    "durations": dur}

        def compute_output_spec(self, x, d):
            return {"frames": keras.KerasTensor((1, 64, 32)), "mel_length": keras.KerasTensor((1,), dtype="int32"),
                    "durations": keras.KerasTensor((1, 16), dtype="int32")}
    ids = keras.Input((16,), batch_size=1, dtype="int32", name="phoneme_ids")
    x = L.LayerNormalization()(L.Conv1D(32, 3, padding="same", activation="relu")(L.Embedding(60, 32)(ids)))
    d = L.Dense(1, activation="softplus")(L.Conv1D(32, 3, padding="same", activation="relu")(x))
    lr = LengthRegulator()(x, d)
    mel = L.Dense(20)(L.Conv1D(32, 3, padding="same", activation="relu")(lr["frames"]))
    mel = L.Lambda(lambda t: t[0] * tf.cast(tf.sequence_mask(t[1], 64), tf.float32)[..., None], name="mel")(
        [mel, lr["mel_length"]])
    m = keras.Model(ids, {"mel": mel, "mel_length": L.Identity(name="mel_length")(lr["mel_length"]),
                          "durations": L.Identity(name="durations")(lr["durations"])})
    keras_export(m, out, keep_fixed_batch=True)


FEEDS["w_keras_tts_length_regulator_fixed_64_frames"] = {"phoneme_ids": (1, 60)}


@model("w_tts_cumsum_alignment_matmul_frozen", "frozen-pb",
       "frozen GraphDef (convert_variables_to_constants_v2) of a TTS decoder that takes external durations: "
       "placeholders phoneme_ids int32 [1,12] and durations int32 [1,12]; Keras Embedding(60,32) + Conv1D encoder; "
       "length regulation without tf.repeat -- ends = tf.cumsum(durations), starts = ends - durations, a [1,48,12] "
       "alignment matrix from tf.range(48) compared against starts / ends (logical_and, cast float32), MatMul with the "
       "encoder states; Conv1D + Dense(20) decoder; outputs 'mel' float32 [1,48,20] and 'frame_mask' bool [1,48]")
def b_tts_cumsum(out):
    emb, enc = L.Embedding(60, 32), L.Conv1D(32, 3, padding="same", activation="relu")
    dec, mel_out = L.Conv1D(32, 3, padding="same", activation="relu"), L.Dense(20)

    def fn(phoneme_ids, durations):
        h = enc(emb(phoneme_ids))
        ends = tf.cumsum(durations, axis=1)
        starts = ends - durations
        t = tf.range(48)[None, :, None]
        align = tf.cast(tf.logical_and(t >= starts[:, None, :], t < ends[:, None, :]), tf.float32)
        mel = mel_out(dec(tf.matmul(align, h)))
        return tf.identity(mel, name="mel"), tf.identity(tf.reduce_sum(align, axis=-1) > 0, name="frame_mask")
    freeze_function(fn, [tensor_spec([1, 12], "int32", "phoneme_ids"), tensor_spec([1, 12], "int32", "durations")], out)


FEEDS["w_tts_cumsum_alignment_matmul_frozen"] = {"phoneme_ids": (1, 60), "durations": (1, 5)}
OUTPUTS["w_tts_cumsum_alignment_matmul_frozen"] = ["mel", "frame_mask"]


@model("w_keras_hifigan_tiny_vocoder_conv1d_transpose", "keras-export",
       "HiFi-GAN-like tiny vocoder, Keras 3 functional model exported with model.export and a [1,None,20] signature "
       "(batch 1, any number of mel frames): Conv1D(32, 7, same), two upsampling stages of LeakyReLU(0.1) + "
       "Conv1DTranspose(stride 4, kernel 8, same) followed by a residual block of dilated Conv1D(3, dilation 1 and 3, "
       "same) with LeakyReLU and Add, LeakyReLU, Conv1D(1, 7, same, tanh); output waveform float32 [1,None,1] (16 "
       "samples per frame; signature key output_0)")
def b_vocoder(out):
    mel = keras.Input((None, 20), name="mel")
    x = L.Conv1D(32, 7, padding="same")(mel)
    for ch in (16, 8):
        x = L.Conv1DTranspose(ch, 8, strides=4, padding="same")(L.LeakyReLU(0.1)(x))
        r = x
        for dil in (1, 3):
            r = L.Conv1D(ch, 3, padding="same", dilation_rate=dil)(L.LeakyReLU(0.1)(r))
        x = L.Add()([x, r])
    wave = L.Conv1D(1, 7, padding="same", activation="tanh", name="waveform")(L.LeakyReLU(0.1)(x))
    keras_export(keras.Model(mel, wave), out, sig=[tensor_spec([1, None, 20], name="mel")])


FEEDS["w_keras_hifigan_tiny_vocoder_conv1d_transpose"] = lambda rng: {"mel": rng.random((1, 10, 20))}


# ================================================================================ VAE and diffusion

def _timestep_embedding_cls():
    class TimestepEmbedding(L.Layer):
        """sinusoidal embedding of integer timesteps with keras.ops (exp / sin / cos, concatenated)"""

        def __init__(self, dim, **kw):
            super().__init__(**kw)
            self.dim = dim

        def call(self, t):
            half = self.dim // 2
            freqs = ops.exp(-np.log(10000.0) * ops.arange(half, dtype="float32") / half)
            args = ops.cast(t, "float32")[:, None] * freqs[None]
            return ops.concatenate([ops.sin(args), ops.cos(args)], axis=-1)
    return TimestepEmbedding


def _tiny_unet(size=16, ch=3, base=16):
    """Keras functional denoiser: noisy image + int32 timestep -> predicted noise (GroupNormalization / swish
    residual blocks with an added time embedding, one stride-2 down, UpSampling2D up with a Concatenate skip)"""
    img = keras.Input((size, size, ch), name="noisy_image")
    t = keras.Input((), dtype="int32", name="timestep")
    temb = L.Dense(64)(L.Dense(64, activation="swish")(_timestep_embedding_cls()(32)(t)))

    def res(x, c):
        h = L.Conv2D(c, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(groups=4)(x)))
        h = L.Add()([h, L.Reshape((1, 1, c))(L.Dense(c)(temb))])
        h = L.Conv2D(c, 3, padding="same")(L.Activation("swish")(L.GroupNormalization(groups=4)(h)))
        skip = x if x.shape[-1] == c else L.Conv2D(c, 1)(x)
        return L.Add()([h, skip])
    h1 = res(L.Conv2D(base, 3, padding="same")(img), base)
    h2 = res(L.Conv2D(2 * base, 3, strides=2, padding="same")(h1), 2 * base)
    h3 = res(L.Concatenate()([L.UpSampling2D()(h2), h1]), base)
    eps = L.Conv2D(ch, 3, padding="same", name="noise")(L.Activation("swish")(L.GroupNormalization(groups=4)(h3)))
    return keras.Model({"noisy_image": img, "timestep": t}, eps)


def _alphas_cumprod():
    return np.cumprod(1.0 - np.linspace(1e-4, 0.02, 1000)).astype("float32")


@model("w_keras_diffusion_unet_sinusoidal_timestep", "keras-export",
       "tiny DDPM noise-prediction U-Net as a Keras 3 functional model exported with model.export and a batch-1 "
       "signature: noisy_image float32 [1,16,16,3] and timestep int32 [1]; a custom TimestepEmbedding layer (keras.ops "
       "exp / sin / cos of timestep x 16 frequencies) -> Dense(64, swish) -> Dense(64); residual blocks of "
       "GroupNormalization(groups=4), swish, Conv2D 3x3 with the time embedding Dense'd, Reshape'd to [1,1,C] and "
       "added; Conv2D stride-2 downsample, UpSampling2D + Concatenate skip; output predicted noise [1,16,16,3] (signature key output_0)")
def b_unet_export(out):
    m = _tiny_unet()
    keras_export(m, out, sig=[{"noisy_image": tensor_spec([1, 16, 16, 3], name="noisy_image"),
                               "timestep": tensor_spec([1], "int32", "timestep")}])


FEEDS["w_keras_diffusion_unet_sinusoidal_timestep"] = {"timestep": (0, 1000)}


@model("w_ddim_sampler_while_loop_stateless_noise", "tf-module",
       "fixed-step DDIM sampler around the tiny Keras noise-prediction U-Net (GroupNormalization / swish residual "
       "blocks, sinusoidal timestep embedding, 16x16x3) in a tf.Module signature sample(seed int32 [2]): initial noise "
       "tf.random.stateless_normal([1,16,16,3], seed), then tf.while_loop over exactly 4 steps (timesteps 999, 749, "
       "499, 249) gathering the current and previous cumulative alphas from a constant [1001] table (linear beta "
       "schedule, 1.0 appended for the final step), eps = unet(x, t), x0 = (x - sqrt(1 - a) eps) / sqrt(a) "
       "clip_by_value to [-1,1], x = sqrt(a_prev) x0 + sqrt(1 - a_prev) eps (eta = 0); outputs image float32 "
       "[1,16,16,3] in [0,1] and image_uint8 (round(x * 255) cast to uint8)")
def b_ddim(out):
    unet = _tiny_unet()
    table = tf.constant(np.concatenate([_alphas_cumprod(), [1.0]]).astype("float32"))
    ts, prev = tf.constant([999, 749, 499, 249]), tf.constant([749, 499, 249, 1000])

    @tf.function(input_signature=[tensor_spec([2], "int32", "seed")])
    def sample(seed):
        x = tf.random.stateless_normal([1, 16, 16, 3], seed)

        def body(i, x):
            t = tf.gather(ts, i)
            a, a_prev = tf.gather(table, t), tf.gather(table, tf.gather(prev, i))
            eps = unet({"noisy_image": x, "timestep": t[None]}, training=False)
            x0 = tf.clip_by_value((x - tf.sqrt(1.0 - a) * eps) / tf.sqrt(a), -1.0, 1.0)
            return i + 1, tf.sqrt(a_prev) * x0 + tf.sqrt(1.0 - a_prev) * eps
        _, x = tf.while_loop(lambda i, _: i < 4, body, (0, x))
        img = tf.clip_by_value((x + 1.0) / 2.0, 0.0, 1.0)
        return {"image": img, "image_uint8": tf.cast(tf.round(img * 255.0), tf.uint8)}
    serve_module(out, {"unet": unet}, sample=sample)


@model("w_ddpm_python_unrolled_steps_frozen", "frozen-pb",
       "frozen GraphDef (convert_variables_to_constants_v2) of a 3-step strided DDPM ancestral sampler unrolled by a "
       "Python for-loop, on 8x8x4 latents: placeholders latents float32 [1,8,8,4] (initial noise) and seed int32 [2]; "
       "each step calls the tiny Keras U-Net denoiser (GroupNormalization / swish residual blocks, sinusoidal timestep "
       "embedding; timesteps 999, 666, 333 as int32 constants), computes the posterior mean with constant alpha / beta "
       "scalars and, except on the last step, adds sigma * tf.random.stateless_normal with "
       "tf.random.experimental.stateless_fold_in(seed, step); output 'denoised_latents' [1,8,8,4]")
def b_ddpm(out):
    unet = _tiny_unet(size=8, ch=4)
    abar = np.concatenate([_alphas_cumprod(), [1.0]])
    steps = [(999, 666), (666, 333), (333, 1000)]

    def fn(latents, seed):
        x = latents
        for k, (t, tp) in enumerate(steps):
            alpha = float(abar[t] / abar[tp])
            beta = 1.0 - alpha
            eps = unet({"noisy_image": x, "timestep": tf.constant([t])}, training=False)
            x = (x - beta / float(np.sqrt(1.0 - abar[t])) * eps) / float(np.sqrt(alpha))
            if k < len(steps) - 1:
                sigma = float(np.sqrt(beta * (1.0 - abar[tp]) / (1.0 - abar[t])))
                noise = tf.random.stateless_normal([1, 8, 8, 4], tf.random.experimental.stateless_fold_in(seed, k))
                x = x + sigma * noise
        return tf.identity(x, name="denoised_latents")
    freeze_function(fn, [tensor_spec([1, 8, 8, 4], name="latents"), tensor_spec([2], "int32", "seed")], out)


OUTPUTS["w_ddpm_python_unrolled_steps_frozen"] = ["denoised_latents"]


@model("w_vae_encode_decode_sample_signatures", "tf-module",
       "convolutional VAE with Stable-Diffusion-style latent scaling in a tf.Module with three signatures over Keras "
       "encoder / decoder models: encode(image float32 [1,32,32,3], seed int32 [2]) -> Conv2D stride-2 stack to "
       "[1,4,4,8], tf.split into mean / logvar [1,4,4,4], latent = (mean + exp(0.5 clip(logvar, -30, 20)) * "
       "tf.random.stateless_normal(seed)) * 0.18215; decode(latent float32 [1,4,4,4]) -> latent / 0.18215, Conv2D, "
       "UpSampling2D(nearest), Conv2DTranspose(stride 2) x2, sigmoid image [1,32,32,3]; sample(seed int32 [2]) decodes "
       "stateless_normal latents")
def b_vae(out):
    ei = keras.Input((32, 32, 3))
    x = ei
    for f in (16, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    encoder = keras.Model(ei, L.Conv2D(8, 3, strides=2, padding="same")(x))
    di = keras.Input((4, 4, 4))
    y = L.UpSampling2D()(L.Conv2D(32, 3, padding="same", activation="relu")(di))
    y = L.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu")(y)
    decoder = keras.Model(di, L.Conv2DTranspose(3, 3, strides=2, padding="same", activation="sigmoid")(y))
    sf = 0.18215

    @tf.function(input_signature=[tensor_spec([1, 32, 32, 3], name="image"), tensor_spec([2], "int32", "seed")])
    def encode(image, seed):
        mean, logvar = tf.split(encoder(image, training=False), 2, axis=-1)
        eps = tf.random.stateless_normal(tf.shape(mean), seed)
        z = mean + tf.exp(0.5 * tf.clip_by_value(logvar, -30.0, 20.0)) * eps
        return {"mean": mean, "logvar": logvar, "latent": z * sf}

    @tf.function(input_signature=[tensor_spec([1, 4, 4, 4], name="latent")])
    def decode(latent):
        return {"image": decoder(latent / sf, training=False)}

    @tf.function(input_signature=[tensor_spec([2], "int32", "seed")])
    def sample(seed):
        return {"image": decoder(tf.random.stateless_normal([1, 4, 4, 4], seed), training=False)}
    serve_module(out, {"encoder": encoder, "decoder": decoder}, encode=encode, decode=decode, sample=sample)


@model("w_latent_diffusion_cfg_text_cross_attention", "tf-module",
       "tiny text-to-image latent diffusion pipeline in one tf.Module signature generate(prompt_ids int32 [1,8], "
       "guidance_scale float32 [], seed int32 [2]): Keras text encoder (Embedding(64,32) + learned positions, "
       "MultiHeadAttention(2 heads, key_dim 16), LayerNormalization) run on the prompt and an all-zero unconditional "
       "prompt concatenated to batch 2; Keras latent denoiser (latents [B,4,4,8] reshaped to 16 tokens, Dense(32), "
       "sinusoidal timestep embedding added, self-attention and cross-attention to the text context via "
       "MultiHeadAttention, Dense gelu MLP, Dense(8), reshaped back); tf.while_loop over exactly 3 DDIM steps "
       "(timesteps 999, 666, 333 and cumulative alphas from a constant table) with classifier-free guidance eps = "
       "eps_uncond + guidance_scale * (eps_cond - eps_uncond) on the batch-2 latents (tf.concat / slicing), initial "
       "latents from tf.random.stateless_normal; Keras Conv2DTranspose decoder to image float32 [1,16,16,3] (sigmoid)")
def b_cfg(out):
    TE = _timestep_embedding_cls()

    class AddPositions(L.Layer):
        def build(self, shape):
            self.table = self.add_weight(shape=(8, 32), initializer="random_normal", name="positions")

        def call(self, x):
            return x + self.table[None]
    ids = keras.Input((8,), dtype="int32")
    c = AddPositions()(L.Embedding(64, 32)(ids))
    text_encoder = keras.Model(ids, L.LayerNormalization()(L.Add()([c, L.MultiHeadAttention(2, 16)(c, c)])))
    lat, t, ctx = keras.Input((4, 4, 8)), keras.Input((), dtype="int32"), keras.Input((8, 32))
    x = L.Dense(32)(L.Reshape((16, 8))(lat))
    x = L.Add()([x, L.Reshape((1, 32))(L.Dense(32)(TE(32)(t)))])
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 16)(x, x)]))
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 16)(x, ctx)]))
    x = L.Add()([x, L.Dense(32)(L.Dense(64, activation="gelu")(x))])
    denoiser = keras.Model([lat, t, ctx], L.Reshape((4, 4, 8))(L.Dense(8)(x)))
    di = keras.Input((4, 4, 8))
    y = L.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu")(di)
    decoder = keras.Model(di, L.Conv2DTranspose(3, 3, strides=2, padding="same", activation="sigmoid")(y))
    table = tf.constant(np.concatenate([_alphas_cumprod(), [1.0]]).astype("float32"))
    ts, prev = tf.constant([999, 666, 333]), tf.constant([666, 333, 1000])

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prompt_ids"), tensor_spec([], name="guidance_scale"),
                                  tensor_spec([2], "int32", "seed")])
    def generate(prompt_ids, guidance_scale, seed):
        context = text_encoder(tf.concat([prompt_ids, tf.zeros_like(prompt_ids)], axis=0), training=False)
        x = tf.random.stateless_normal([1, 4, 4, 8], seed)

        def body(i, x):
            t = tf.gather(ts, i)
            a, a_prev = tf.gather(table, t), tf.gather(table, tf.gather(prev, i))
            eps = denoiser([tf.concat([x, x], axis=0), tf.fill([2], t), context], training=False)
            eps = eps[1:] + guidance_scale * (eps[:1] - eps[1:])
            x0 = (x - tf.sqrt(1.0 - a) * eps) / tf.sqrt(a)
            return i + 1, tf.sqrt(a_prev) * x0 + tf.sqrt(1.0 - a_prev) * eps
        _, x = tf.while_loop(lambda i, _: i < 3, body, (0, x))
        return {"image": decoder(x, training=False)}
    serve_module(out, {"text_encoder": text_encoder, "denoiser": denoiser, "decoder": decoder}, generate=generate)


FEEDS["w_latent_diffusion_cfg_text_cross_attention"] = {"prompt_ids": (1, 64), "guidance_scale": 7.5}


@model("w_tf1_vae_conv2d_transpose_dynamic_batch", "tf1-savedmodel",
       "TF1 convolutional VAE exported with SavedModelBuilder, get_variable weights: signature decode(z float32 "
       "[None,8]) -> MatMul to 4x4x16, relu, tf.nn.conv2d_transpose twice with output_shape built from tf.shape(z)[0] "
       "(dynamic batch) to [None,16,16,3], sigmoid image; signature reconstruct(image float32 [None,16,16,3]) -> "
       "tf.nn.conv2d stride-2 encoder, mean / log-variance MatMuls, z = mean + exp(0.5 logvar) * stateful "
       "tf.random.normal (op seed 3) and the same decoder; outputs reconstruction, mean, logvar")
def b_tf1_vae(out):
    v1 = tf.compat.v1
    rng = np.random.default_rng(50)

    def var(name, shape, fan):
        return v1.get_variable(name, initializer=(rng.standard_normal(shape) / np.sqrt(fan)).astype("float32"))

    def build():
        Wd = var("dec/fc", (8, 256), 8)
        k1, k2 = var("dec/deconv1", (3, 3, 8, 16), 144), var("dec/deconv2", (3, 3, 3, 8), 72)
        We1, We2 = var("enc/conv1", (3, 3, 3, 8), 27), var("enc/conv2", (3, 3, 8, 16), 72)
        Wm, Wv = var("enc/mean", (256, 8), 256), var("enc/logvar", (256, 8), 256)

        def decoder(z):
            b = tf.shape(z)[0]
            h = tf.reshape(tf.nn.relu(tf.matmul(z, Wd)), [-1, 4, 4, 16])
            h = tf.nn.relu(tf.nn.conv2d_transpose(h, k1, tf.stack([b, 8, 8, 8]), [1, 2, 2, 1], "SAME"))
            return tf.sigmoid(tf.nn.conv2d_transpose(h, k2, tf.stack([b, 16, 16, 3]), [1, 2, 2, 1], "SAME"))
        z = v1.placeholder(tf.float32, [None, 8], name="z")
        image = v1.placeholder(tf.float32, [None, 16, 16, 3], name="image")
        h = tf.nn.relu(tf.nn.conv2d(image, We1, [1, 2, 2, 1], "SAME"))
        h = tf.reshape(tf.nn.relu(tf.nn.conv2d(h, We2, [1, 2, 2, 1], "SAME")), [-1, 256])
        mean, logvar = tf.matmul(h, Wm), tf.matmul(h, Wv)
        zs = mean + tf.exp(0.5 * logvar) * tf.random.normal(tf.shape(mean), seed=3)
        return {"decode": ({"z": z}, {"image": decoder(z)}),
                "reconstruct": ({"image": image}, {"reconstruction": decoder(zs), "mean": mean, "logvar": logvar})}
    tf1_saved_model(out, build)


# ================================================================================ image captioning

@model("w_caption_cnn_bahdanau_gru_greedy_signatures", "tf-module",
       "'Image captioning with visual attention' (TF tutorial) style model in a tf.Module with three signatures over "
       "Keras layers: encode_image(image float32 [1,64,64,3]) -> Conv2D stride-2 stack, MaxPooling2D, Reshape to 16 "
       "locations, Dense(32, relu) -> features [1,16,32]; decode_step(token int32 [1,1], hidden float32 [1,32], features "
       "float32 [1,16,32]) -> Bahdanau attention (Dense W1 on features + Dense W2 on hidden, tanh, Dense(1), softmax over "
       "the 16 locations, weighted sum), Embedding(50,16) of the token concatenated with the context, GRU(32, "
       "return_state) from hidden, Dense(32) + Dense(50) -> logits [1,50], hidden, attention_weights [1,16]; "
       "caption(image) encodes and runs a tf.while_loop of exactly 12 greedy steps from <start> (1), emitting <end> (2) "
       "after the first <end> -> tokens int32 [1,12] and attention_maps float32 [1,12,16] (TensorArrays)")
def b_caption(out):
    ii = keras.Input((64, 64, 3))
    x = ii
    for f in (16, 32, 32):
        x = L.Conv2D(f, 3, strides=2, padding="same", activation="relu")(x)
    x = L.Dense(32, activation="relu")(L.Reshape((16, 32))(L.MaxPooling2D()(x)))
    encoder = keras.Model(ii, x)
    layers = dict(W1=L.Dense(32), W2=L.Dense(32), V=L.Dense(1), emb=L.Embedding(50, 16),
                  gru=L.GRU(32, return_sequences=True, return_state=True), fc1=L.Dense(32), fc2=L.Dense(50))

    def step(token, hidden, features):
        k = layers
        score = k["V"](tf.tanh(k["W1"](features) + k["W2"](hidden)[:, None]))
        att = tf.nn.softmax(score, axis=1)
        context = tf.reduce_sum(att * features, axis=1)
        x = tf.concat([context[:, None], k["emb"](token)], axis=-1)
        out, state = k["gru"](x, initial_state=hidden)
        return k["fc2"](k["fc1"](out[:, 0])), state, att[..., 0]
    step(np.zeros((1, 1), "int32"), np.zeros((1, 32), "float32"), np.zeros((1, 16, 32), "float32"))

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def encode_image(image):
        return {"features": encoder(image, training=False)}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), tensor_spec([1, 32], name="hidden"),
                                  tensor_spec([1, 16, 32], name="features")])
    def decode_step(token, hidden, features):
        logits, h, att = step(token, hidden, features)
        return {"logits": logits, "hidden": h, "attention_weights": att}

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], name="image")])
    def caption(image):
        feats = encoder(image, training=False)

        def body(i, tok, h, done, ta, ta_att):
            logits, h, att = step(tok[:, None], h, feats)
            nxt = tf.where(done, 2, tf.argmax(logits, axis=-1, output_type=tf.int32))
            return i + 1, nxt, h, tf.logical_or(done, tf.equal(nxt, 2)), ta.write(i, nxt), ta_att.write(i, att)
        res = tf.while_loop(lambda i, *_: i < 12, body,
                            (0, tf.constant([1]), tf.zeros([1, 32]), tf.zeros([1], tf.bool),
                             tf.TensorArray(tf.int32, size=12), tf.TensorArray(tf.float32, size=12)))
        return {"tokens": tf.transpose(res[4].stack()), "attention_maps": tf.transpose(res[5].stack(), [1, 0, 2])}
    serve_module(out, {"encoder": encoder, "decoder_layers": layers}, encode_image=encode_image,
                 decode_step=decode_step, caption=caption)


FEEDS["w_caption_cnn_bahdanau_gru_greedy_signatures"] = {"token": (0, 50)}


@model("w_keras_caption_export_archive_uint8_encode_step", "keras-export",
       "on-device captioner as two Keras 3 functional models exported with keras.export.ExportArchive: endpoint "
       "encode(image uint8 [1,96,96,3]) -> Rescaling(1/255) (on the uint8 input), Conv2D stride-2 + "
       "DepthwiseConv2D / Conv2D 1x1 blocks, GlobalAveragePooling2D, Dense(32) image_embedding [1,32]; endpoint "
       "step(token int32 [1,1], state float32 [1,32], image_embedding float32 [1,32]) -> Embedding(60,16), "
       "Concatenate with RepeatVector(1) of the image embedding, GRU(32, return_state) from state, Dense(60) softmax "
       "-> probabilities [1,60], state [1,32] (the first endpoint, encode, is also written as serving_default)")
def b_caption_archive(out):
    img = keras.Input((96, 96, 3), batch_size=1, dtype="uint8", name="image")
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(L.Rescaling(1.0 / 255)(img))
    for f in (24, 32):
        x = L.DepthwiseConv2D(3, strides=2, padding="same", activation="relu")(x)
        x = L.Conv2D(f, 1, activation="relu")(x)
    encoder = keras.Model(img, L.Dense(32, name="image_embedding")(L.GlobalAveragePooling2D()(x)))
    tok = keras.Input((1,), batch_size=1, dtype="int32", name="token")
    st = keras.Input((32,), batch_size=1, name="state")
    ie = keras.Input((32,), batch_size=1, name="image_embedding")
    y = L.Concatenate()([L.Embedding(60, 16)(tok), L.RepeatVector(1)(ie)])
    y, h = L.GRU(32, return_state=True)(y, initial_state=[st])
    stepper = keras.Model([tok, st, ie], [L.Dense(60, activation="softmax")(y), h])
    archive = keras.export.ExportArchive()
    archive.track(encoder)
    archive.track(stepper)
    archive.add_endpoint("encode", lambda image: {"image_embedding": encoder(image, training=False)},
                         input_signature=[tensor_spec([1, 96, 96, 3], "uint8", "image")])

    def step(token, state, image_embedding):
        probs, h = stepper([token, state, image_embedding], training=False)
        return {"probabilities": probs, "state": h}
    archive.add_endpoint("step", step, input_signature=[tensor_spec([1, 1], "int32", "token"),
                                                        tensor_spec([1, 32], name="state"),
                                                        tensor_spec([1, 32], name="image_embedding")])
    archive.write_out(str(out), verbose=False)


FEEDS["w_keras_caption_export_archive_uint8_encode_step"] = {"token": (0, 60)}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L, ops, dynamic_update_slice
    import keras as k
    import numpy
    import tensorflow
    from tensorflow.compiler.tf2xla.python.xla import dynamic_update_slice as dus
    tf, keras, np, L, ops, dynamic_update_slice = tensorflow, k, numpy, k.layers, k.ops, dus


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS, finite=True)))
