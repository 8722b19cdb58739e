"""Build an independently made corpus into bench/out/fresh46/: small language models the way on-device LLM, smart-reply and
keyboard-autocomplete projects (2024-2026 style) export them for phones and accelerators. Decoder-only transformers over
int32 token ids with tied or untied LM heads: GPT-2-like learned positions + LayerNorm + GELU-tanh, Llama-like RoPE (sin /
cos computed in the graph, or gathered from constant tables by position ids) + RMSNorm + SwiGLU, Gemma-like scaled
embeddings, (1 + w) RMSNorm, GeGLU and tanh logit soft-capping, a Phi-like parallel block with partial rotary, ALiBi
biases, a Mistral-like sliding window; causal masks from tf.linalg.band_part or comparisons of tf.range; multi-head,
grouped-query and multi-query attention with einsum or matmul. KV-cache serving: prefill and decode signatures taking
and returning cache tensors (stacked per layer or one tensor per layer, fixed-size buffers with the position as an input
or growing caches with a dynamic length), updated by tf.concat, tf.tensor_scatter_nd_update, a one-hot blend, a rolling
floormod buffer, or keras.ops.slice_update (as KerasHub caches); float16-stored and int8 weight-only (per-channel
scales) weights dequantized in the graph; runtime LoRA adapters given as inputs. Decoding: greedy argmax, temperature /
top-k / top-p sampling with tf.random.stateless_categorical on a seed input, a Python-unrolled greedy loop frozen to a
GraphDef, generation in tf.while_loop with TensorArrays, speculative draft / verify signatures. Also a tiny
mixture-of-experts (top-2 routing with gathers of expert weights; Switch top-1 with capacity dispatch einsums), a T5-lite
encoder-decoder with relative position buckets (generate in a tf.while_loop; encode / decode_step signatures), Keras
encoder-decoder and GPT models, char-level LSTM / GRU language models (state in / out, masked sequences, sampling loop),
smart-reply classifiers over token ids and over raw strings (tf.strings + StaticHashTable, replies gathered from a
constant string table), a dual-encoder reply ranker, a sentence embedding encoder, keyboard next-word models, and legacy
TF1 graphs (a two-layer char-RNN step and a bag-of-words smart-reply model). Exported as tf.saved_model.save of
tf.Modules with explicit signatures (often prefill / decode / embed), Keras 3 model.export (batch-1 signatures and None
batch), TF2 functions frozen with convert_variables_to_constants_v2 and TF1 graphs frozen with
graph_util.convert_variables_to_constants. Small widths (16-64, MLP hidden sizes up to 128), vocabularies of 60-150
ids, fixed short lengths with a few None dims; int32 ids, positions, lengths, masks and seeds, string messages. Seeded random weights; nothing is
downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh46.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh46.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh46.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh46.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh46.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys
from types import SimpleNamespace

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh46", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (token ids below the vocabulary, positions, lengths, masks, seeds, strings): model ->
# {input name (or "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the
# run each model gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

SEED = (0, 2 ** 20)  # an int32 [2] seed for the stateless random ops
V = 64               # the default vocabulary of the tiny LMs
S = 32               # the default KV-cache capacity


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
    size (1) in the exported signature, else Keras relaxes the batch to None"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = None
    if fixed:
        sig = [specs] if len(specs) > 1 else specs
    keras_export(m, out, sig=sig)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    with v1.Session(graph=g) as s:
        s.run(init)
        s.run(outputs, {phs[k]: v.numpy() for k, v in vals.items()})
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / zero biases"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("kernel", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _c(v):
    """a weight as float32: int8 weight-only (int8 tensor, per-output-channel scale) pairs are dequantized, float16 cast"""
    if isinstance(v, tuple):
        return tf.cast(v[0], tf.float32) * v[1]
    return tf.cast(v, tf.float32)


def _rms(x, w, eps=1e-6, plus_one=False):
    """RMSNorm: x * rsqrt(mean(x^2) + eps) * w (Gemma keeps the scale as 1 + w)"""
    y = x * tf.math.rsqrt(tf.reduce_mean(tf.square(x), axis=-1, keepdims=True) + eps)
    w = _c(w)
    return y * (1.0 + w if plus_one else w)


def _ln(x, g, b, eps=1e-5):
    """LayerNorm written with tf.nn.moments"""
    mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - mean) * tf.math.rsqrt(var + eps) * _c(g) + _c(b)


def _gelu_tanh(x):
    """GELU, tanh approximation (GPT-2 / Gemma)"""
    return 0.5 * x * (1.0 + tf.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))


def _rope_cs(pos, dh, base=10000.0):
    """RoPE computed in the graph: int positions [B,T] -> cos, sin [B,T,dh/2] from inverse frequencies"""
    inv = (1.0 / base ** (np.arange(0, dh, 2) / dh)).astype("float32")
    ang = tf.cast(pos, tf.float32)[..., None] * inv
    return tf.cos(ang), tf.sin(ang)


def _rope(x, cos, sin):
    """rotate-half RoPE on [B,T,H,dh] with cos / sin [B,T,dh/2]"""
    x1, x2 = tf.split(x, 2, axis=-1)
    c, s = cos[:, :, None, :], sin[:, :, None, :]
    return tf.concat([x1 * c - x2 * s, x2 * c + x1 * s], axis=-1)


def _lm(seed, vocab=V, d=32, layers=2, heads=4, kv=None, ffn=64, mlp="swiglu", norm="rms", max_pos=0, tie=True,
        bias=False, wdtype="float32", int8=False):
    """a tiny decoder-only LM as raw tf.Variables (what many on-device ports keep): token embedding [vocab,d], optional
    learned positions, per block q / k / v / o projections (kv heads for GQA / MQA), an MLP (swiglu / geglu / gelu),
    norms (rms / rms1 = Gemma 1 + w / ln) and a final norm; LM head tied to the embedding unless `tie` is False.
    `wdtype` float16 stores weights in half precision; `int8` keeps matrices as int8 + per-channel float scales."""
    rng = np.random.default_rng(seed)
    kv = kv or heads
    dh = d // heads
    vs = []

    def w(shape, scale=0.08, init=None, name="w", quant=True):
        a = np.asarray(init if init is not None else rng.normal(0, scale, shape), "float32")
        if int8 and quant and a.ndim == 2:
            sc = np.maximum(np.abs(a).max(axis=0), 1e-8) / 127.0
            q = tf.Variable(np.round(a / sc).astype("int8"), name=name + "_int8")
            s = tf.Variable(sc.astype("float32"), name=name + "_scale")
            vs.extend([q, s])
            return (q, s)
        v = tf.Variable(a.astype(wdtype), name=name)
        vs.append(v)
        return v

    def normp(n):
        if norm == "ln":
            return (w([d], init=np.ones(d), name=n + "_gamma"), w([d], init=np.zeros(d), name=n + "_beta"))
        return (w([d], init=np.zeros(d) if norm == "rms1" else np.ones(d), name=n + "_scale"),)
    lm = SimpleNamespace(vocab=vocab, d=d, heads=heads, kv=kv, dh=dh, mlp=mlp, norm=norm, variables=vs, n_layers=layers)
    lm.embed = w([vocab, d], 0.5, name="token_embedding", quant=False) if int8 else w([vocab, d], 0.5, name="token_embedding")
    lm.pos = w([max_pos, d], 0.1, name="position_embedding") if max_pos else None
    lm.blocks = []
    for i in range(layers):
        b = SimpleNamespace(n1=normp(f"l{i}_attn_norm"), n2=normp(f"l{i}_mlp_norm"))
        b.wq, b.wk = w([d, heads * dh], name=f"l{i}_wq"), w([d, kv * dh], name=f"l{i}_wk")
        b.wv, b.wo = w([d, kv * dh], name=f"l{i}_wv"), w([heads * dh, d], name=f"l{i}_wo")
        b.bq = b.bk = b.bv = None
        if bias:
            b.bq, b.bk, b.bv = (w([n], init=np.zeros(n), name=f"l{i}_b{c}") for c, n in (("q", heads * dh), ("k", kv * dh), ("v", kv * dh)))
        if mlp in ("swiglu", "geglu"):
            b.wg, b.wu, b.wd = w([d, ffn], name=f"l{i}_gate"), w([d, ffn], name=f"l{i}_up"), w([ffn, d], name=f"l{i}_down")
        else:
            b.w1, b.b1 = w([d, ffn], name=f"l{i}_fc1"), w([ffn], init=np.zeros(ffn), name=f"l{i}_fc1_b")
            b.w2, b.b2 = w([ffn, d], name=f"l{i}_fc2"), w([d], init=np.zeros(d), name=f"l{i}_fc2_b")
        lm.blocks.append(b)
    lm.nf = normp("final_norm")
    lm.head = None if tie else w([d, vocab], name="lm_head")
    return lm


def _norm(lm, p, x):
    if lm.norm == "ln":
        return _ln(x, *p)
    return _rms(x, p[0], plus_one=lm.norm == "rms1")


def _ffn(lm, b, h):
    if lm.mlp == "swiglu":
        return tf.matmul(tf.nn.silu(tf.matmul(h, _c(b.wg))) * tf.matmul(h, _c(b.wu)), _c(b.wd))
    if lm.mlp == "geglu":
        return tf.matmul(_gelu_tanh(tf.matmul(h, _c(b.wg))) * tf.matmul(h, _c(b.wu)), _c(b.wd))
    return tf.matmul(_gelu_tanh(tf.matmul(h, _c(b.w1)) + _c(b.b1)), _c(b.w2)) + _c(b.b2)


def _embed(lm, ids, pos=None, scale=False):
    """tf.gather of the token embedding (times sqrt(d) for Gemma), plus learned positions gathered by `pos`"""
    x = tf.gather(_c(lm.embed), ids)
    if scale:
        x = x * float(np.sqrt(lm.d))
    if lm.pos is not None:
        x = x + tf.gather(_c(lm.pos), pos)
    return x


def _attend(lm, q, k, v, mask, bias=None):
    """grouped-query attention with einsum: q [B,T,H,dh], k / v [B,S,K,dh], mask bool broadcastable to [B,T,S];
    q reshaped [B,T,K,G,dh] so K = H is multi-head, K = 1 multi-query"""
    bsz, t = tf.shape(q)[0], tf.shape(q)[1]
    g = lm.heads // lm.kv
    q = tf.reshape(q, [bsz, t, lm.kv, g, lm.dh])
    s = tf.einsum("btkgd,bskd->bkgts", q, k) * float(lm.dh ** -0.5)
    if bias is not None:
        s = s + bias
    s = tf.where(mask[:, None, None], s, -1e9)
    o = tf.einsum("bkgts,bskd->btkgd", tf.nn.softmax(s, axis=-1), v)
    return tf.reshape(o, [bsz, t, lm.heads * lm.dh])


def _qkv(lm, b, h, lora=None):
    bsz, t = tf.shape(h)[0], tf.shape(h)[1]
    q, k, v = tf.matmul(h, _c(b.wq)), tf.matmul(h, _c(b.wk)), tf.matmul(h, _c(b.wv))
    if b.bq is not None:
        q, k, v = q + _c(b.bq), k + _c(b.bk), v + _c(b.bv)
    if lora is not None:
        q, v = q + lora[0](h), v + lora[1](h)
    return (tf.reshape(q, [bsz, t, lm.heads, lm.dh]), tf.reshape(k, [bsz, t, lm.kv, lm.dh]),
            tf.reshape(v, [bsz, t, lm.kv, lm.dh]))


def _block(lm, b, x, cs, mask, write=None, lora=None, bias=None):
    """pre-norm decoder block: norm, q / k / v, RoPE if `cs` = (cos, sin), `write(k, v)` -> the keys / values to attend
    over (a cache update) else the block's own, attention + o projection residual, norm + MLP residual"""
    q, k, v = _qkv(lm, b, _norm(lm, b.n1, x), lora)
    if cs is not None:
        q, k = _rope(q, *cs), _rope(k, *cs)
    ka, va = write(k, v) if write else (k, v)
    x = x + tf.matmul(_attend(lm, q, ka, va, mask, bias), _c(b.wo))
    return x + _ffn(lm, b, _norm(lm, b.n2, x)), k, v


def _logits(lm, x, softcap=None):
    """final norm, then the tied embedding (matmul transpose_b) or an untied head; optional tanh soft-capping"""
    h = _norm(lm, lm.nf, x)
    y = tf.matmul(h, _c(lm.embed), transpose_b=True) if lm.head is None else tf.matmul(h, _c(lm.head))
    return softcap * tf.tanh(y / softcap) if softcap else y


def _causal(t):
    """[1,T,T] bool lower-triangular mask from tf.linalg.band_part"""
    return tf.cast(tf.linalg.band_part(tf.ones([t, t]), -1, 0), tf.bool)[None]


def _forward(lm, ids, rope=True, scale=False, softcap=None):
    """full-sequence forward with a band_part causal mask; returns logits [B,T,V] and per-layer (k, v)"""
    t = tf.shape(ids)[1]
    pos = tf.range(t)[None]
    x = _embed(lm, ids, pos, scale)
    cs = _rope_cs(pos, lm.dh) if rope else None
    kvs = []
    for b in lm.blocks:
        x, k, v = _block(lm, b, x, cs, _causal(t))
        kvs.append((k, v))
    return _logits(lm, x, softcap), kvs


def _pad_cache(k, cap=S):
    """[B,T,K,dh] keys from a prefill padded with zeros to the cache capacity along T"""
    return tf.pad(k, [[0, 0], [0, cap - tf.shape(k)[1]], [0, 0], [0, 0]])


def _ids(n=V):
    return (1, n)


def _top_k_top_p_sample(logits, k, top_p, temperature, seed):
    """temperature scaling, tf.math.top_k, top-p (nucleus) mask by exclusive cumsum over the sorted top-k probabilities,
    tf.random.stateless_categorical among the kept candidates, mapped back to token ids with gather(batch_dims=1)"""
    vals, idx = tf.math.top_k(logits / tf.maximum(temperature, 1e-3), k=k)
    probs = tf.nn.softmax(vals, axis=-1)
    keep = tf.math.cumsum(probs, axis=-1, exclusive=True) < top_p
    masked = tf.where(keep, vals, -1e9)
    choice = tf.random.stateless_categorical(masked, 1, seed, dtype=tf.int32)
    return tf.gather(idx, choice, batch_dims=1)[:, 0]


# ================================================================================ decoder-only LMs, single pass

@model("s46_gpt2_tiny_learned_pos_tied_head", "tf-module", "GPT-2-style tiny LM (2 layers, d 32, 4 heads): token_ids int32 [1,16]; token + learned position embeddings (tf.gather), pre-LayerNorm (tf.nn.moments), einsum multi-head attention with a tf.linalg.band_part causal mask, GELU-tanh MLP with biases, LM head tied to the embedding (matmul transpose_b); outputs logits [1,16,64] and the greedy next_token (argmax of the last position, int32)")
def b_gpt2(out):
    lm = _lm(1, norm="ln", mlp="gelu", max_pos=16)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def serve(token_ids):
        logits, _ = _forward(lm, token_ids, rope=False)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}
    _save(out, {"lm": lm.variables}, serving_default=serve)


FEEDS["s46_gpt2_tiny_learned_pos_tied_head"] = {"token_ids": _ids()}


@model("s46_phi_parallel_block_partial_rotary", "tf-module", "Phi-like tiny LM: token_ids int32 [1,16]; one shared LayerNorm per block feeding attention and a GELU-tanh MLP in parallel (x + attn + mlp), partial rotary embedding on the first half of each head dim (sin / cos computed in the graph, the rest passed through), q / k / v with biases, untied LM head with bias; outputs logits and next_token")
def b_phi(out):
    rng = np.random.default_rng(2)
    d, h, dh, layers = 32, 4, 8, 2
    mk = lambda *s, sc=0.08: tf.Variable(rng.normal(0, sc, s).astype("float32"))
    emb = mk(V, d, sc=0.5)
    blocks = [dict(g=tf.Variable(np.ones(d, "float32")), be=tf.Variable(np.zeros(d, "float32")), wqkv=mk(d, 3 * d),
                   bqkv=tf.Variable(np.zeros(3 * d, "float32")), wo=mk(d, d), w1=mk(d, 4 * d),
                   b1=tf.Variable(np.zeros(4 * d, "float32")), w2=mk(4 * d, d)) for _ in range(layers)]
    gf, bf, head, hb = tf.Variable(np.ones(d, "float32")), tf.Variable(np.zeros(d, "float32")), mk(d, V), tf.Variable(np.zeros(V, "float32"))
    rot = dh // 2

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def serve(token_ids):
        x = tf.gather(emb, token_ids)
        cos, sin = _rope_cs(tf.range(16)[None], rot)
        mask = _causal(16)
        for p in blocks:
            hn = _ln(x, p["g"], p["be"])
            q, k, v = tf.split(tf.reshape(tf.matmul(hn, p["wqkv"]) + p["bqkv"], [1, 16, 3 * h, dh]), 3, axis=2)
            q = tf.concat([_rope(q[..., :rot], cos, sin), q[..., rot:]], -1)
            k = tf.concat([_rope(k[..., :rot], cos, sin), k[..., rot:]], -1)
            s = tf.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(dh)
            s = tf.where(mask[:, None], s, -1e9)
            a = tf.reshape(tf.einsum("bhqk,bkhd->bqhd", tf.nn.softmax(s), v), [1, 16, d])
            x = x + tf.matmul(a, p["wo"]) + tf.matmul(_gelu_tanh(tf.matmul(hn, p["w1"]) + p["b1"]), p["w2"])
        logits = tf.matmul(_ln(x, gf, bf), head) + hb
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}
    _save(out, {"emb": emb, "blocks": blocks, "final": [gf, bf, head, hb]}, serving_default=serve)


FEEDS["s46_phi_parallel_block_partial_rotary"] = {"token_ids": _ids()}


@model("s46_rope_constant_tables_position_ids_padding", "tf-module", "Llama-like tiny LM whose RoPE comes from constant cos / sin tables [128,4] (numpy-precomputed) gathered by a position_ids int32 [1,16] input; token_ids int32 [1,16] and attention_mask int32 [1,16] (left padding) combined with the band_part causal mask by logical_and; RMSNorm, SwiGLU, tied head; outputs logits and next_token")
def b_rope_tables(out):
    lm = _lm(3)
    inv = 1.0 / 10000.0 ** (np.arange(0, lm.dh, 2) / lm.dh)
    ang = np.arange(128)[:, None] * inv[None]
    cos_t, sin_t = np.cos(ang).astype("float32"), np.sin(ang).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids"), tensor_spec([1, 16], "int32", "position_ids"),
                                  tensor_spec([1, 16], "int32", "attention_mask")])
    def serve(token_ids, position_ids, attention_mask):
        x = _embed(lm, token_ids)
        cs = (tf.gather(cos_t, position_ids), tf.gather(sin_t, position_ids))
        mask = tf.logical_and(_causal(16), tf.cast(attention_mask, tf.bool)[:, None, :])
        for b in lm.blocks:
            x, _, _ = _block(lm, b, x, cs, mask)
        logits = _logits(lm, x)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}
    _save(out, {"lm": lm.variables}, serving_default=serve)


FEEDS["s46_rope_constant_tables_position_ids_padding"] = {
    "token_ids": _ids(), "position_ids": [[0] * 4 + list(range(12))], "attention_mask": [[0] * 4 + [1] * 12]}


@model("s46_alibi_matmul_range_mask_dynamic_len", "tf-module", "BLOOM / MPT-like tiny LM with ALiBi: token_ids int32 [1,None] (dynamic length); heads split by reshape / transpose and attention by tf.matmul(transpose_b=True), per-head linear biases slope * (j - i) from tf.range, causal mask from tf.range comparison (i >= j) applied with tf.where; LayerNorm, GELU-tanh MLP, tied head; outputs logits [1,None,64]")
def b_alibi(out):
    lm = _lm(4, norm="ln", mlp="gelu")
    slopes = (2.0 ** (-8.0 * np.arange(1, 5) / 4)).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "token_ids")])
    def serve(token_ids):
        t = tf.shape(token_ids)[1]
        r = tf.range(t)
        mask = (r[:, None] >= r[None, :])
        rel = tf.cast(r[None, :] - r[:, None], tf.float32)
        bias = slopes[:, None, None] * rel[None]
        x = _embed(lm, token_ids)
        for b in lm.blocks:
            h = _norm(lm, b.n1, x)
            split = lambda y: tf.transpose(tf.reshape(y, [1, t, 4, 8]), [0, 2, 1, 3])
            q, k, v = split(tf.matmul(h, b.wq)), split(tf.matmul(h, b.wk)), split(tf.matmul(h, b.wv))
            s = tf.matmul(q, k, transpose_b=True) / np.sqrt(8.0) + bias
            s = tf.where(mask, s, tf.fill(tf.shape(s), -1e9))
            a = tf.reshape(tf.transpose(tf.matmul(tf.nn.softmax(s), v), [0, 2, 1, 3]), [1, t, 32])
            x = x + tf.matmul(a, b.wo)
            x = x + _ffn(lm, b, _norm(lm, b.n2, x))
        return {"logits": _logits(lm, x)}
    _save(out, {"lm": lm.variables}, serving_default=serve)


FEEDS["s46_alibi_matmul_range_mask_dynamic_len"] = {"token_ids": _ids()}


@model("s46_int8_weight_only_dequant_llama", "tf-module", "on-device Llama-like LM with int8 weight-only quantization as exported by phone runtimes: every projection stored as an int8 tf.Variable plus a float per-output-channel scale, dequantized in the graph (cast * scale) before each matmul; float embedding / norms; token_ids int32 [1,16]; RoPE, RMSNorm, SwiGLU, GQA (4 query / 2 kv heads), tied head; outputs logits and next_token")
def b_int8(out):
    lm = _lm(5, kv=2, int8=True)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def serve(token_ids):
        logits, _ = _forward(lm, token_ids)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}
    _save(out, {"lm": lm.variables}, serving_default=serve)


FEEDS["s46_int8_weight_only_dequant_llama"] = {"token_ids": _ids()}


@model("s46_last_token_gather_lengths_right_padded", "tf-module", "prefill for right-padded prompts: token_ids int32 [1,32], lengths int32 [1]; key-padding mask tf.range(32) < length and-ed with the band_part causal mask; RoPE / RMSNorm / SwiGLU tiny LM; hidden state of the last real token picked by tf.gather(batch_dims=1) at length - 1, logits for it only [1,64] and next_token")
def b_last_tok(out):
    lm = _lm(6)

    @tf.function(input_signature=[tensor_spec([1, 32], "int32", "token_ids"), tensor_spec([1], "int32", "lengths")])
    def serve(token_ids, lengths):
        pos = tf.range(32)[None]
        x = _embed(lm, token_ids)
        mask = tf.logical_and(_causal(32), (pos < lengths[:, None])[:, None, :])
        cs = _rope_cs(pos, lm.dh)
        for b in lm.blocks:
            x, _, _ = _block(lm, b, x, cs, mask)
        last = tf.gather(x, lengths[:, None] - 1, batch_dims=1)[:, 0]
        logits = _logits(lm, last)
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32)}
    _save(out, {"lm": lm.variables}, serving_default=serve)


FEEDS["s46_last_token_gather_lengths_right_padded"] = {"token_ids": _ids(), "lengths": [21]}


@model("s46_batched_left_padding_none_batch", "tf-module", "batched server-side / multi-suggestion scoring with a None batch: token_ids int32 [None,16], attention_mask int32 [None,16] (left padding); position ids from cumsum(mask) - 1 clipped at 0, RoPE from them, mask = causal & key mask; 2-layer LM; outputs last-position log-probabilities [None,64] (log_softmax) and next_tokens int32 [None]")
def b_batched(out):
    lm = _lm(7)

    @tf.function(input_signature=[tensor_spec([None, 16], "int32", "token_ids"), tensor_spec([None, 16], "int32", "attention_mask")])
    def serve(token_ids, attention_mask):
        pos = tf.maximum(tf.math.cumsum(attention_mask, axis=1) - 1, 0)
        x = _embed(lm, token_ids)
        mask = tf.logical_and(_causal(16), tf.cast(attention_mask, tf.bool)[:, None, :])
        cs = _rope_cs(pos, lm.dh)
        for b in lm.blocks:
            x, _, _ = _block(lm, b, x, cs, mask)
        logp = tf.nn.log_softmax(_logits(lm, x[:, -1]))
        return {"log_probs": logp, "next_tokens": tf.argmax(logp, axis=-1, output_type=tf.int32)}
    _save(out, {"lm": lm.variables}, serving_default=serve)


FEEDS["s46_batched_left_padding_none_batch"] = {"token_ids": _ids(), "attention_mask": [[0] * 3 + [1] * 13, [1] * 16]}


# ================================================================================ KV-cache serving (prefill / decode)

@model("s46_llama_prefill_decode_scatter_cache", "tf-module", "Llama-like tiny LM (RoPE, RMSNorm, SwiGLU, tied head) served with a fixed 32-slot KV cache: prefill(token_ids int32 [1,16]) -> logits of the last token, k_cache / v_cache float [2,1,32,4,8] (per-layer keys stacked, prompt padded with zeros); decode(token int32 [1,1], position int32 [], k_cache, v_cache) writes the step's keys / values with tf.tensor_scatter_nd_update at the position, masks slots > position (tf.range compare), returns logits, next_token and the updated caches")
def b_llama_kv(out):
    lm = _lm(8)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def prefill(token_ids):
        logits, kvs = _forward(lm, token_ids)
        return {"logits": logits[:, -1], "k_cache": tf.stack([_pad_cache(k) for k, _ in kvs]),
                "v_cache": tf.stack([_pad_cache(v) for _, v in kvs])}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), tensor_spec([], "int32", "position"),
                                  tensor_spec([2, 1, S, 4, 8], name="k_cache"), tensor_spec([2, 1, S, 4, 8], name="v_cache")])
    def decode(token, position, k_cache, v_cache):
        pos = tf.reshape(position, [1, 1])
        x = _embed(lm, token)
        mask = (tf.range(S) <= position)[None, None, :]
        ks, vs = [], []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                idx = tf.stack([tf.constant([0]), tf.reshape(position, [1])], axis=1)
                kc = tf.tensor_scatter_nd_update(k_cache[i], idx, k[:, 0])
                vc = tf.tensor_scatter_nd_update(v_cache[i], idx, v[:, 0])
                ks.append(kc), vs.append(vc)
                return kc, vc
            x, _, _ = _block(lm, b, x, _rope_cs(pos, lm.dh), mask, write)
        logits = _logits(lm, x)[:, 0]
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32),
                "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}
    _save(out, {"lm": lm.variables}, prefill=prefill, decode=decode, serving_default=decode)


FEEDS["s46_llama_prefill_decode_scatter_cache"] = {"token_ids": _ids(), "token": _ids(), "position": 16}


@model("s46_gqa_concat_cache_dynamic_length", "tf-module", "TinyLlama-like GQA model (4 query / 2 kv heads) with a growing KV cache of dynamic length: prefill(token_ids int32 [1,None]) -> logits [1,None,64], k_cache / v_cache [2,1,None,2,8]; decode(token int32 [1,1], k_cache, v_cache [2,1,None,2,8]) takes the position from tf.shape of the cache, appends the new keys / values with tf.concat along the sequence axis, attends to all, returns logits, next_token and the longer caches")
def b_gqa_concat(out):
    lm = _lm(9, kv=2)

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "token_ids")])
    def prefill(token_ids):
        logits, kvs = _forward(lm, token_ids)
        return {"logits": logits, "k_cache": tf.stack([k for k, _ in kvs]), "v_cache": tf.stack([v for _, v in kvs])}

    cache = [tensor_spec([2, 1, None, 2, 8], name=n) for n in ("k_cache", "v_cache")]

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), *cache])
    def decode(token, k_cache, v_cache):
        past = tf.shape(k_cache)[2]
        pos = tf.reshape(past, [1, 1])
        x = _embed(lm, token)
        mask = tf.ones([1, 1, past + 1], tf.bool)
        ks, vs = [], []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                kc, vc = tf.concat([k_cache[i], k], axis=1), tf.concat([v_cache[i], v], axis=1)
                ks.append(kc), vs.append(vc)
                return kc, vc
            x, _, _ = _block(lm, b, x, _rope_cs(pos, lm.dh), mask, write)
        logits = _logits(lm, x)[:, 0]
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32),
                "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}
    _save(out, {"lm": lm.variables}, prefill=prefill, decode=decode)


FEEDS["s46_gqa_concat_cache_dynamic_length"] = {"token_ids": _ids(), "token": _ids()}


@model("s46_mqa_per_layer_cache_onehot_blend", "tf-module", "multi-query attention LM (4 query heads, 1 shared kv head) exported the way on-device LLM runtimes name caches, one tensor per layer: prefill(tokens int32 [1,16]) -> logits, kv_cache_k_0 / kv_cache_v_0 / kv_cache_k_1 / kv_cache_v_1 float [1,32,1,8]; decode(tokens [1,1], input_pos int32 [1], the four caches) writes the new step by a one-hot blend cache * (1 - onehot(pos)) + k * onehot(pos), masks future slots, returns logits and the four updated caches")
def b_mqa(out):
    lm = _lm(10, kv=1)
    names = [f"kv_cache_{c}_{i}" for i in range(2) for c in ("k", "v")]

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "tokens")])
    def prefill(tokens):
        logits, kvs = _forward(lm, tokens)
        res = {"logits": logits[:, -1]}
        for i, (k, v) in enumerate(kvs):
            res[f"kv_cache_k_{i}"], res[f"kv_cache_v_{i}"] = _pad_cache(k), _pad_cache(v)
        return res

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "tokens"), tensor_spec([1], "int32", "input_pos")]
                 + [tensor_spec([1, S, 1, 8], name=n) for n in names])
    def decode(tokens, input_pos, kv_cache_k_0, kv_cache_v_0, kv_cache_k_1, kv_cache_v_1):
        caches = [(kv_cache_k_0, kv_cache_v_0), (kv_cache_k_1, kv_cache_v_1)]
        oh = tf.one_hot(input_pos[0], S)[None, :, None, None]
        x = _embed(lm, tokens)
        mask = (tf.range(S) <= input_pos[0])[None, None, :]
        res = {}
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                kc = caches[i][0] * (1.0 - oh) + k * oh
                vc = caches[i][1] * (1.0 - oh) + v * oh
                res[f"kv_cache_k_{i}"], res[f"kv_cache_v_{i}"] = kc, vc
                return kc, vc
            x, _, _ = _block(lm, b, x, _rope_cs(input_pos[None], lm.dh), mask, write)
        res["logits"] = _logits(lm, x)[:, 0]
        return res
    _save(out, {"lm": lm.variables}, prefill=prefill, decode=decode)


FEEDS["s46_mqa_per_layer_cache_onehot_blend"] = {"tokens": _ids(), "input_pos": [16]}


@model("s46_gemma_softcap_keras_slice_update_cache", "tf-module", "Gemma-like tiny LM cached the way KerasHub does: embeddings scaled by sqrt(d), RMSNorm with (1 + w) scales, GeGLU (GELU-tanh gate), multi-query attention, tied head with tanh logit soft-capping (30); one cache float [1,2,2,32,1,8] ([batch, layer, k/v, slot, kv head, dim]); prefill(token_ids int32 [1,16]) and decode(token int32 [1,1], cache_index int32 [], cache) both write keys / values with keras.ops.slice_update at the index; outputs logits, next_token, cache")
def b_gemma(out):
    lm = _lm(11, kv=1, mlp="geglu", norm="rms1", ffn=96)

    def run(ids, index, cache):
        t = ids.shape[1]
        pos = index + tf.range(t)[None]
        x = _embed(lm, ids, scale=True)
        mask = tf.range(S)[None, None, :] <= pos[:, :, None]
        new = []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                c = keras.ops.slice_update(cache[:, i], [0, 0, index, 0, 0], tf.stack([k, v], axis=1))
                new.append(c)
                return c[:, 0], c[:, 1]
            x, _, _ = _block(lm, b, x, _rope_cs(pos, lm.dh), mask, write)
        logits = _logits(lm, x[:, -1], softcap=30.0)
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32), "cache": tf.stack(new, axis=1)}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def prefill(token_ids):
        return run(token_ids, 0, tf.zeros([1, 2, 2, S, 1, 8]))

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), tensor_spec([], "int32", "cache_index"),
                                  tensor_spec([1, 2, 2, S, 1, 8], name="cache")])
    def decode(token, cache_index, cache):
        return run(token, cache_index, cache)
    _save(out, {"lm": lm.variables}, prefill=prefill, decode=decode)


FEEDS["s46_gemma_softcap_keras_slice_update_cache"] = {"token_ids": _ids(), "token": _ids(), "cache_index": 16}


@model("s46_mistral_sliding_window_rolling_cache", "tf-module", "Mistral-like tiny LM with sliding-window attention (window 8) and GQA (4 / 2 heads): prefill(token_ids int32 [1,24]) uses tf.linalg.band_part(ones, 7, 0) as the causal window mask and returns the last 8 keys / values as a rolling cache [2,1,8,2,8] (slot = position mod 8); decode(token int32 [1,1], position int32 [], k_cache, v_cache) writes slot tf.math.floormod(position, 8) by tf.tensor_scatter_nd_update, masks slots not yet filled; returns logits, next_token, caches")
def b_mistral(out):
    lm = _lm(12, kv=2)
    W = 8

    @tf.function(input_signature=[tensor_spec([1, 24], "int32", "token_ids")])
    def prefill(token_ids):
        pos = tf.range(24)[None]
        x = _embed(lm, token_ids)
        mask = tf.cast(tf.linalg.band_part(tf.ones([24, 24]), W - 1, 0), tf.bool)[None]
        ks, vs = [], []
        for b in lm.blocks:
            x, k, v = _block(lm, b, x, _rope_cs(pos, lm.dh), mask)
            # positions 16..23 land in slots 0..7 (24 mod 8 == 0)
            ks.append(k[:, -W:]), vs.append(v[:, -W:])
        logits = _logits(lm, x[:, -1])
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32),
                "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), tensor_spec([], "int32", "position"),
                                  tensor_spec([2, 1, W, 2, 8], name="k_cache"), tensor_spec([2, 1, W, 2, 8], name="v_cache")])
    def decode(token, position, k_cache, v_cache):
        slot = tf.math.floormod(position, W)
        idx = tf.reshape(tf.stack([0, slot]), [1, 2])
        mask = (tf.range(W) <= position)[None, None, :]
        x = _embed(lm, token)
        ks, vs = [], []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                kc, vc = tf.tensor_scatter_nd_update(k_cache[i], idx, k[:, 0]), tf.tensor_scatter_nd_update(v_cache[i], idx, v[:, 0])
                ks.append(kc), vs.append(vc)
                return kc, vc
            x, _, _ = _block(lm, b, x, _rope_cs(tf.reshape(position, [1, 1]), lm.dh), mask, write)
        logits = _logits(lm, x)[:, 0]
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32),
                "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}
    _save(out, {"lm": lm.variables}, prefill=prefill, decode=decode)


FEEDS["s46_mistral_sliding_window_rolling_cache"] = {"token_ids": _ids(), "token": _ids(), "position": 24}


@model("s46_fp16_weights_decode_init_cache", "tf-module", "decode-only export with float16-stored weights (half the download), cast to float32 in the graph before every matmul / gather: serving_default(token int32 [1,1], position int32 [1], k_cache / v_cache float [2,1,32,4,8]) -> logits, next_token, caches updated by tf.tensor_scatter_nd_update; init_cache() with no inputs returns zero caches; RoPE, RMSNorm, SwiGLU, tied head")
def b_fp16(out):
    lm = _lm(13, wdtype="float16")
    cache = [tensor_spec([2, 1, S, 4, 8], name=n) for n in ("k_cache", "v_cache")]

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), tensor_spec([1], "int32", "position"), *cache])
    def decode(token, position, k_cache, v_cache):
        idx = tf.stack([tf.zeros([1], tf.int32), position], axis=1)
        mask = (tf.range(S) <= position[0])[None, None, :]
        x = _embed(lm, token)
        ks, vs = [], []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                kc, vc = tf.tensor_scatter_nd_update(k_cache[i], idx, k[:, 0]), tf.tensor_scatter_nd_update(v_cache[i], idx, v[:, 0])
                ks.append(kc), vs.append(vc)
                return kc, vc
            x, _, _ = _block(lm, b, x, _rope_cs(position[None], lm.dh), mask, write)
        logits = _logits(lm, x)[:, 0]
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32),
                "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}

    @tf.function(input_signature=[])
    def init_cache():
        return {"k_cache": tf.zeros([2, 1, S, 4, 8]), "v_cache": tf.zeros([2, 1, S, 4, 8])}
    _save(out, {"lm": lm.variables}, serving_default=decode, init_cache=init_cache)


FEEDS["s46_fp16_weights_decode_init_cache"] = {"token": _ids(), "position": [3]}


@model("s46_neox_prefill_decode_embed_signatures", "tf-module", "GPT-NeoX / Pythia-like tiny LM (LayerNorm, GELU-tanh MLP, RoPE, untied head) with three signatures: prefill(input_ids int32 [1,16]) -> logits and kv_cache float [2,2,1,4,32,8] ([layer, k/v, batch, head, slot, dim], heads before slots); decode(input_ids [1,1], cache_position int32 [], kv_cache) transposes the step's keys into the head-major layout and writes them with tf.tensor_scatter_nd_update on [slot] indices of a transposed view; embed(input_ids [1,16]) -> mean-pooled, l2-normalized last hidden state [1,32]")
def b_neox(out):
    lm = _lm(14, norm="ln", mlp="gelu", tie=False)

    def hidden(ids):
        t = ids.shape[1]
        pos = tf.range(t)[None]
        x = _embed(lm, ids)
        kvs = []
        for b in lm.blocks:
            x, k, v = _block(lm, b, x, _rope_cs(pos, lm.dh), _causal(t))
            kvs.append((k, v))
        return x, kvs

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "input_ids")])
    def prefill(input_ids):
        x, kvs = hidden(input_ids)
        hm = lambda y: tf.transpose(_pad_cache(y), [0, 2, 1, 3])
        return {"logits": _logits(lm, x[:, -1]), "kv_cache": tf.stack([tf.stack([hm(k), hm(v)]) for k, v in kvs])}

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "input_ids"), tensor_spec([], "int32", "cache_position"),
                                  tensor_spec([2, 2, 1, 4, S, 8], name="kv_cache")])
    def decode(input_ids, cache_position, kv_cache):
        pos = tf.reshape(cache_position, [1, 1])
        mask = (tf.range(S) <= cache_position)[None, None, :]
        x = _embed(lm, input_ids)
        new = []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                out_ = []
                for j, y in enumerate((k, v)):
                    slots = tf.transpose(kv_cache[i, j], [2, 0, 1, 3])        # [S,1,H,dh]
                    slots = tf.tensor_scatter_nd_update(slots, tf.reshape(cache_position, [1, 1]), y[:, 0][None])
                    out_.append(tf.transpose(slots, [1, 0, 2, 3]))              # [1,S,H,dh]
                new.append(tf.stack([tf.transpose(c, [0, 2, 1, 3]) for c in out_]))
                return out_
            x, _, _ = _block(lm, b, x, _rope_cs(pos, lm.dh), mask, write)
        logits = _logits(lm, x)[:, 0]
        return {"logits": logits, "next_token": tf.argmax(logits, axis=-1, output_type=tf.int32), "kv_cache": tf.stack(new)}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "input_ids")])
    def embed(input_ids):
        x, _ = hidden(input_ids)
        return {"embedding": tf.math.l2_normalize(tf.reduce_mean(_norm(lm, lm.nf, x), axis=1), axis=-1)}
    _save(out, {"lm": lm.variables}, prefill=prefill, decode=decode, embed=embed)


FEEDS["s46_neox_prefill_decode_embed_signatures"] = {"input_ids": _ids(), "decode/input_ids": _ids(), "cache_position": 16}


@model("s46_decode_fused_topk_sampling_seed", "tf-module", "prefill / decode LM with sampling fused into the graph (what a phone runtime calls once per token): prefill(token_ids int32 [1,16], seed int32 [2], temperature float []) and decode(token int32 [1,1], position int32 [], k_cache / v_cache [2,1,32,2,8], seed, temperature); GQA 4 / 2 heads, cache by one-hot blend; logits / temperature, tf.math.top_k(8), tf.random.stateless_categorical over the top-8, tf.gather(batch_dims=1) back to a token id; outputs sampled_token int32 [1], caches")
def b_fused_sample(out):
    lm = _lm(15, kv=2)

    def sample(logits, seed, temperature):
        vals, idx = tf.math.top_k(logits / tf.maximum(temperature, 1e-3), k=8)
        c = tf.random.stateless_categorical(vals, 1, seed, dtype=tf.int32)
        return tf.gather(idx, c, batch_dims=1)[:, 0]

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids"), tensor_spec([2], "int32", "seed"),
                                  tensor_spec([], name="temperature")])
    def prefill(token_ids, seed, temperature):
        logits, kvs = _forward(lm, token_ids)
        return {"sampled_token": sample(logits[:, -1], seed, temperature),
                "k_cache": tf.stack([_pad_cache(k) for k, _ in kvs]), "v_cache": tf.stack([_pad_cache(v) for _, v in kvs])}

    cache = [tensor_spec([2, 1, S, 2, 8], name=n) for n in ("k_cache", "v_cache")]

    @tf.function(input_signature=[tensor_spec([1, 1], "int32", "token"), tensor_spec([], "int32", "position"), *cache,
                                  tensor_spec([2], "int32", "seed"), tensor_spec([], name="temperature")])
    def decode(token, position, k_cache, v_cache, seed, temperature):
        oh = tf.one_hot(position, S)[None, :, None, None]
        mask = (tf.range(S) <= position)[None, None, :]
        x = _embed(lm, token)
        ks, vs = [], []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                kc, vc = k_cache[i] * (1.0 - oh) + k * oh, v_cache[i] * (1.0 - oh) + v * oh
                ks.append(kc), vs.append(vc)
                return kc, vc
            x, _, _ = _block(lm, b, x, _rope_cs(tf.reshape(position, [1, 1]), lm.dh), mask, write)
        return {"sampled_token": sample(_logits(lm, x)[:, 0], seed, temperature), "k_cache": tf.stack(ks), "v_cache": tf.stack(vs)}
    _save(out, {"lm": lm.variables}, prefill=prefill, decode=decode)


FEEDS["s46_decode_fused_topk_sampling_seed"] = {"token_ids": _ids(), "token": _ids(), "position": 16, "seed": SEED,
                                                  "temperature": 0.8}


@model("s46_lora_runtime_adapter_inputs", "tf-module", "on-device LoRA serving where the base weights ship once and adapters arrive at run time as inputs: with_adapter(token_ids int32 [1,16], lora_a_q / lora_a_v float [2,32,4], lora_b_q / lora_b_v [2,4,32], lora_scale float []) adds scale * (h A) B to the query and value projections of each layer; base(token_ids) runs without; RoPE / RMSNorm / SwiGLU tiny LM; outputs logits and next_token")
def b_lora(out):
    lm = _lm(16)

    def run(ids, lora_fn=None):
        t = 16
        pos = tf.range(t)[None]
        x = _embed(lm, ids)
        for i, b in enumerate(lm.blocks):
            x, _, _ = _block(lm, b, x, _rope_cs(pos, lm.dh), _causal(t), lora=lora_fn(i) if lora_fn else None)
        logits = _logits(lm, x)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}
    ids_spec = tensor_spec([1, 16], "int32", "token_ids")

    @tf.function(input_signature=[ids_spec, tensor_spec([2, 32, 4], name="lora_a_q"), tensor_spec([2, 4, 32], name="lora_b_q"),
                                  tensor_spec([2, 32, 4], name="lora_a_v"), tensor_spec([2, 4, 32], name="lora_b_v"),
                                  tensor_spec([], name="lora_scale")])
    def with_adapter(token_ids, lora_a_q, lora_b_q, lora_a_v, lora_b_v, lora_scale):
        def fn(i):
            return (lambda h: lora_scale * tf.matmul(tf.matmul(h, lora_a_q[i]), lora_b_q[i]),
                    lambda h: lora_scale * tf.matmul(tf.matmul(h, lora_a_v[i]), lora_b_v[i]))
        return run(token_ids, fn)

    @tf.function(input_signature=[ids_spec])
    def base(token_ids):
        return run(token_ids)
    _save(out, {"lm": lm.variables}, with_adapter=with_adapter, base=base, serving_default=with_adapter)


FEEDS["s46_lora_runtime_adapter_inputs"] = {"token_ids": _ids(), "lora_scale": 2.0}


@model("s46_speculative_draft_verify_signatures", "tf-module", "speculative decoding pair shipped in one module: draft(token_ids int32 [1,16]) runs a 1-layer draft LM greedily for 4 tokens, Python-unrolled with tf.concat of the growing sequence; verify(token_ids [1,16], draft_tokens int32 [1,4]) runs the 2-layer target LM over the 20 tokens, target argmax predictions at the last 5 positions, accepted count by tf.math.cumprod of matches, and the corrected next token gathered at that count")
def b_spec(out):
    draft_lm, target = _lm(17, layers=1, d=16, heads=2, ffn=32), _lm(18)

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def draft(token_ids):
        seq, toks = token_ids, []
        for _ in range(4):
            logits, _ = _forward(draft_lm, seq)
            nxt = tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)[:, None]
            toks.append(nxt)
            seq = tf.concat([seq, nxt], axis=1)
        return {"draft_tokens": tf.concat(toks, axis=1)}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids"), tensor_spec([1, 4], "int32", "draft_tokens")])
    def verify(token_ids, draft_tokens):
        logits, _ = _forward(target, tf.concat([token_ids, draft_tokens], axis=1))
        pred = tf.argmax(logits[:, 15:], axis=-1, output_type=tf.int32)                   # [1,5]
        match = tf.cast(tf.equal(pred[:, :4], draft_tokens), tf.int32)
        accepted = tf.reduce_sum(tf.math.cumprod(match, axis=1), axis=1)
        return {"accepted": accepted, "next_token": tf.gather(pred, accepted[:, None], batch_dims=1)[:, 0],
                "target_predictions": pred}
    _save(out, {"draft": draft_lm.variables, "target": target.variables}, draft=draft, verify=verify)


FEEDS["s46_speculative_draft_verify_signatures"] = {"token_ids": _ids(), "draft_tokens": _ids()}


@model("s46_decode_step_onehot_cache_frozen_v2", "frozen-pb", "single decode step frozen with convert_variables_to_constants_v2 for a C++ runtime: token int32 [1,1], position int32 [1], kv_cache float [2,2,1,32,4,8] ([layer, k/v, ...]); RoPE / RMSNorm / SwiGLU tied-head LM, cache written by a one-hot blend and future slots masked; outputs logits [1,64] and the updated kv_cache")
def b_frozen_step(out):
    lm = _lm(19)

    def fn(token, position, kv_cache):
        oh = tf.one_hot(position[0], S)[None, :, None, None]
        mask = (tf.range(S) <= position[0])[None, None, :]
        x = _embed(lm, token)
        new = []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                kc, vc = kv_cache[i, 0] * (1.0 - oh) + k * oh, kv_cache[i, 1] * (1.0 - oh) + v * oh
                new.append(tf.stack([kc, vc]))
                return kc, vc
            x, _, _ = _block(lm, b, x, _rope_cs(position[None], lm.dh), mask, write)
        return {"logits": _logits(lm, x)[:, 0], "kv_cache": tf.stack(new)}
    _freeze(fn, [tensor_spec([1, 1], "int32", "token"), tensor_spec([1], "int32", "position"),
                 tensor_spec([2, 2, 1, S, 4, 8], name="kv_cache")], out)


FEEDS["s46_decode_step_onehot_cache_frozen_v2"] = {"token": _ids(), "position": [5]}


@model("s46_greedy_generate_unrolled_frozen_v2", "frozen-pb", "greedy generation frozen with convert_variables_to_constants_v2 (no loop ops): prompt_ids int32 [1,8]; a tiny RoPE LM re-run over the growing sequence (tf.concat) for 6 Python-unrolled steps, argmax each time; outputs generated_ids int32 [1,6] and the last step's probabilities")
def b_unrolled(out):
    lm = _lm(20, layers=2, d=24, heads=3, ffn=48)

    def fn(prompt_ids):
        seq, toks = prompt_ids, []
        for _ in range(6):
            logits, _ = _forward(lm, seq)
            nxt = tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)[:, None]
            toks.append(nxt)
            seq = tf.concat([seq, nxt], axis=1)
        return {"generated_ids": tf.concat(toks, axis=1), "probs": tf.nn.softmax(logits[:, -1])}
    _freeze(fn, [tensor_spec([1, 8], "int32", "prompt_ids")], out)


FEEDS["s46_greedy_generate_unrolled_frozen_v2"] = {"prompt_ids": _ids()}


@model("s46_while_loop_generate_scatter_cache", "tf-module", "whole generation loop inside one signature: generate(prompt_ids int32 [1,8], max_new_tokens int32 []) prefills a 32-slot cache, then a tf.while_loop decodes one token per iteration (tf.tensor_scatter_nd_update cache writes, position-masked attention, greedy argmax) writing tokens into a tf.TensorArray, stopping at max_new_tokens or the end token 1; outputs tokens int32 [1,None] and num_generated")
def b_while_gen(out):
    lm = _lm(21)

    def step(ids, pos0, kc, vc):
        t = ids.shape[1]
        pos = pos0 + tf.range(t)[None]
        mask = tf.range(S)[None, None, :] <= pos[:, :, None]
        x = _embed(lm, ids)
        nk, nv = [], []
        for i, b in enumerate(lm.blocks):
            def write(k, v, i=i):
                idx = tf.stack([tf.zeros([t], tf.int32), pos[0]], axis=1)
                a, c = tf.tensor_scatter_nd_update(kc[i], idx, k[0]), tf.tensor_scatter_nd_update(vc[i], idx, v[0])
                nk.append(a), nv.append(c)
                return a, c
            x, _, _ = _block(lm, b, x, _rope_cs(pos, lm.dh), mask, write)
        return tf.argmax(_logits(lm, x[:, -1]), axis=-1, output_type=tf.int32), tf.stack(nk), tf.stack(nv)

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prompt_ids"), tensor_spec([], "int32", "max_new_tokens")])
    def generate(prompt_ids, max_new_tokens):
        z = tf.zeros([2, 1, S, 4, 8])
        tok, kc, vc = step(prompt_ids, 0, z, z)
        n = tf.minimum(max_new_tokens, S - 8)
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)

        def cond(i, tok, kc, vc, ta):
            return tf.logical_and(i < n, tf.logical_not(tf.equal(tok[0], 1)) | tf.equal(i, 0))

        def body(i, tok, kc, vc, ta):
            ta = ta.write(i, tok[0])
            nxt, kc, vc = step(tok[:, None], 8 + i, kc, vc)
            return i + 1, nxt, kc, vc, ta
        i, _, _, _, ta = tf.while_loop(cond, body, [tf.constant(0), tok, kc, vc, ta])
        return {"tokens": ta.stack()[None], "num_generated": i}
    _save(out, {"lm": lm.variables}, serving_default=generate)


FEEDS["s46_while_loop_generate_scatter_cache"] = {"prompt_ids": (2, V), "max_new_tokens": 10}


# ================================================================================ sampling

@model("s46_sampler_temperature_topk_topp_module", "tf-module", "stand-alone sampler module a runtime calls on the LM's logits (kept separate from the LM graph): sample(logits float [1,128], temperature float [], top_k int32 [], top_p float [], seed int32 [2]) -> temperature scaling, tf.math.top_k with a tensor k, nucleus mask from an exclusive tf.math.cumsum of sorted probabilities, tf.random.stateless_categorical, gather back to token id int32 [1]; greedy(logits) -> argmax; also returns the kept candidates' probabilities")
def b_sampler(out):
    @tf.function(input_signature=[tensor_spec([1, 128], name="logits"), tensor_spec([], name="temperature"),
                                  tensor_spec([], "int32", "top_k"), tensor_spec([], name="top_p"), tensor_spec([2], "int32", "seed")])
    def sample(logits, temperature, top_k, top_p, seed):
        vals, _ = tf.math.top_k(logits / tf.maximum(temperature, 1e-3), k=top_k)
        probs = tf.nn.softmax(vals)
        probs = tf.where(tf.math.cumsum(probs, axis=-1, exclusive=True) < top_p, probs, 0.0)
        return {"token": _top_k_top_p_sample(logits, top_k, top_p, temperature, seed),
                "candidate_probs": probs / tf.reduce_sum(probs, axis=-1, keepdims=True)}

    @tf.function(input_signature=[tensor_spec([1, 128], name="logits")])
    def greedy(logits):
        return {"token": tf.argmax(logits, axis=-1, output_type=tf.int32)}
    _save(out, {}, sample=sample, greedy=greedy, serving_default=sample)


FEEDS["s46_sampler_temperature_topk_topp_module"] = lambda rng: {
    "logits": rng.normal(0, 3, (1, 128)), "temperature": 0.7, "top_k": 40, "top_p": 0.9, "seed": SEED}


@model("s46_smart_compose_topp_sample_prefill", "tf-module", "Smart-Compose-style suggestion model: suggest(context_ids int32 [1,24], seed int32 [2], top_p float []) runs a 2-layer GQA LM (RoPE, RMSNorm, SwiGLU) over the context, then a fixed 3-token continuation Python-unrolled with temperature 0.7, top-k 16 and top-p sampling from tf.random.stateless_categorical on tf.random.experimental.stateless_fold_in(seed, step); outputs suggestion_ids int32 [1,3] and the mean token log-probability as a confidence")
def b_compose(out):
    lm = _lm(22, kv=2)

    @tf.function(input_signature=[tensor_spec([1, 24], "int32", "context_ids"), tensor_spec([2], "int32", "seed"),
                                  tensor_spec([], name="top_p")])
    def suggest(context_ids, seed, top_p):
        seq, toks, lps = context_ids, [], []
        for s in range(3):
            logits, _ = _forward(lm, seq)
            last = logits[:, -1]
            tok = _top_k_top_p_sample(last, 16, top_p, 0.7, tf.random.experimental.stateless_fold_in(seed, s))
            lps.append(tf.gather(tf.nn.log_softmax(last), tok[:, None], batch_dims=1)[:, 0])
            toks.append(tok[:, None])
            seq = tf.concat([seq, tok[:, None]], axis=1)
        return {"suggestion_ids": tf.concat(toks, axis=1), "confidence": tf.reduce_mean(tf.stack(lps, 1), axis=1)}
    _save(out, {"lm": lm.variables}, serving_default=suggest)


FEEDS["s46_smart_compose_topp_sample_prefill"] = {"context_ids": _ids(), "seed": SEED, "top_p": 0.9}


# ================================================================================ mixture of experts

@model("s46_moe_top2_router_gather_experts", "tf-module", "tiny Mixtral-like MoE LM: token_ids int32 [1,16]; attention blocks as Llama (RoPE, RMSNorm, einsum attention), FFN replaced by 4 SwiGLU experts: router logits, tf.math.top_k(2), softmax over the two, expert weight tensors [4,32,48] gathered per token (tf.gather -> [T,2,32,48]) and applied with einsum, weighted sum; outputs logits, next_token and router_probs [1,16,4]")
def b_moe(out):
    lm = _lm(23)
    rng = np.random.default_rng(24)
    E, F = 4, 48
    experts = [dict(router=tf.Variable(rng.normal(0, 0.3, (32, E)).astype("float32")),
                    wg=tf.Variable(rng.normal(0, 0.08, (E, 32, F)).astype("float32")),
                    wu=tf.Variable(rng.normal(0, 0.08, (E, 32, F)).astype("float32")),
                    wd=tf.Variable(rng.normal(0, 0.08, (E, F, 32)).astype("float32"))) for _ in range(2)]

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def serve(token_ids):
        pos = tf.range(16)[None]
        x = _embed(lm, token_ids)
        probs = []
        for b, e in zip(lm.blocks, experts):
            q, k, v = _qkv(lm, b, _norm(lm, b.n1, x))
            cs = _rope_cs(pos, lm.dh)
            x = x + tf.matmul(_attend(lm, _rope(q, *cs), _rope(k, *cs), v, _causal(16)), b.wo)
            h = tf.reshape(_norm(lm, b.n2, x), [16, 32])
            r = tf.matmul(h, e["router"])
            probs.append(tf.nn.softmax(r))
            top_v, top_i = tf.math.top_k(r, k=2)
            gate = tf.nn.softmax(top_v)                                             # [T,2]
            g = tf.einsum("td,tkdf->tkf", h, tf.gather(e["wg"], top_i))
            u = tf.einsum("td,tkdf->tkf", h, tf.gather(e["wu"], top_i))
            y = tf.einsum("tkf,tkfd->tkd", tf.nn.silu(g) * u, tf.gather(e["wd"], top_i))
            x = x + tf.reshape(tf.reduce_sum(gate[..., None] * y, axis=1), [1, 16, 32])
        logits = _logits(lm, x)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32),
                "router_probs": tf.reshape(probs[-1], [1, 16, E])}
    _save(out, {"lm": lm.variables, "experts": experts}, serving_default=serve)


FEEDS["s46_moe_top2_router_gather_experts"] = {"token_ids": _ids()}


@model("s46_switch_top1_capacity_dispatch_einsum", "tf-module", "Switch-Transformer-style top-1 MoE block in a 1-layer LM: token_ids int32 [1,16]; router softmax, argmax expert, position in expert by cumsum of the one-hot assignment, tokens over capacity 6 dropped, dispatch tensor [T,E,C] from one_hot(position) * one_hot(expert), expert inputs by einsum('tec,td->ecd'), 4 GELU experts batched with einsum('ecd,edf->ecf'), combine einsum weighted by the router probability; outputs logits and dropped_tokens count")
def b_switch(out):
    lm = _lm(25, layers=1)
    rng = np.random.default_rng(26)
    E, C, F = 4, 6, 64
    router = tf.Variable(rng.normal(0, 0.3, (32, E)).astype("float32"))
    w1, w2 = (tf.Variable(rng.normal(0, 0.08, s).astype("float32")) for s in ((E, 32, F), (E, F, 32)))

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "token_ids")])
    def serve(token_ids):
        b = lm.blocks[0]
        pos = tf.range(16)[None]
        x = _embed(lm, token_ids)
        q, k, v = _qkv(lm, b, _norm(lm, b.n1, x))
        cs = _rope_cs(pos, lm.dh)
        x = x + tf.matmul(_attend(lm, _rope(q, *cs), _rope(k, *cs), v, _causal(16)), b.wo)
        h = tf.reshape(_norm(lm, b.n2, x), [16, 32])
        p = tf.nn.softmax(tf.matmul(h, router))
        expert = tf.argmax(p, axis=-1, output_type=tf.int32)
        oh = tf.one_hot(expert, E)
        position = tf.cast(tf.reduce_sum(tf.math.cumsum(oh, axis=0) * oh, axis=-1), tf.int32) - 1
        keep = tf.cast(position < C, tf.float32)
        dispatch = oh[:, :, None] * tf.one_hot(position, C)[:, None, :] * keep[:, None, None]   # [T,E,C]
        xe = tf.einsum("tec,td->ecd", dispatch, h)
        ye = tf.einsum("ecf,efd->ecd", _gelu_tanh(tf.einsum("ecd,edf->ecf", xe, w1)), w2)
        combine = dispatch * tf.reduce_max(p, axis=-1)[:, None, None]
        x = x + tf.reshape(tf.einsum("tec,ecd->td", combine, ye), [1, 16, 32])
        return {"logits": _logits(lm, x), "dropped_tokens": tf.reduce_sum(tf.cast(keep < 1.0, tf.int32))}
    _save(out, {"lm": lm.variables, "moe": [router, w1, w2]}, serving_default=serve)


FEEDS["s46_switch_top1_capacity_dispatch_einsum"] = {"token_ids": _ids()}


# ================================================================================ encoder-decoder (T5-lite)

def _t5(seed, vocab=V, d=32, heads=4, ffn=64, layers=2):
    """T5-lite weights: shared embedding, encoder / decoder layers (self-attention, decoder cross-attention, ReLU
    FFN), T5 RMS layer norms (no mean, no bias), relative attention bias tables [32 buckets, heads]"""
    rng = np.random.default_rng(seed)
    mk = lambda *s, sc=0.08: tf.Variable(rng.normal(0, sc, s).astype("float32"))
    one = lambda: tf.Variable(np.ones(d, "float32"))
    attn = lambda: dict(q=mk(d, d), k=mk(d, d), v=mk(d, d), o=mk(d, d), n=one())
    ff = lambda: dict(wi=mk(d, ffn), wo=mk(ffn, d), n=one())
    return dict(embed=mk(vocab, d, sc=0.5), enc=[dict(sa=attn(), ff=ff()) for _ in range(layers)],
                dec=[dict(sa=attn(), ca=attn(), ff=ff()) for _ in range(layers)], enc_bias=mk(32, heads, sc=0.3),
                dec_bias=mk(32, heads, sc=0.3), enc_n=one(), dec_n=one())


def _t5_bucket(rel, bidirectional, nb=32, max_dist=64):
    """T5 relative position buckets computed in the graph: exact for small distances, log-spaced beyond"""
    ret = tf.zeros_like(rel)
    if bidirectional:
        nb //= 2
        ret += tf.cast(rel > 0, tf.int32) * nb
        n = tf.abs(rel)
    else:
        n = tf.maximum(-rel, 0)
    exact = nb // 2
    large = exact + tf.cast(tf.math.log(tf.cast(tf.maximum(n, 1), tf.float32) / exact) / np.log(max_dist / exact)
                            * (nb - exact), tf.int32)
    large = tf.minimum(large, nb - 1)
    return ret + tf.where(n < exact, n, large)


def _t5_attn(p, x, kv, mask, bias=None, h=4):
    """T5 attention (no 1/sqrt(d) scaling): pre RMS norm on x, heads by reshape, einsum, position bias, mask"""
    xn = _rms(x, p["n"])
    src = xn if kv is None else kv
    b, t, s = tf.shape(x)[0], tf.shape(x)[1], tf.shape(src)[1]
    q = tf.reshape(tf.matmul(xn, p["q"]), [b, t, h, -1])
    k = tf.reshape(tf.matmul(src, p["k"]), [b, s, h, -1])
    v = tf.reshape(tf.matmul(src, p["v"]), [b, s, h, -1])
    sc = tf.einsum("bqhd,bkhd->bhqk", q, k)
    if bias is not None:
        sc = sc + bias
    sc = tf.where(mask[:, None], sc, -1e9)
    o = tf.reshape(tf.einsum("bhqk,bkhd->bqhd", tf.nn.softmax(sc), v), [b, t, -1])
    return x + tf.matmul(o, p["o"])


def _t5_ff(p, x):
    return x + tf.matmul(tf.nn.relu(tf.matmul(_rms(x, p["n"]), p["wi"])), p["wo"])


def _t5_rel_bias(table, tq, tk, bidirectional):
    rel = tf.range(tk)[None, :] - tf.range(tq)[:, None]
    return tf.transpose(tf.gather(table, _t5_bucket(rel, bidirectional)), [2, 0, 1])[None]


def _t5_encode(w, ids, mask):
    t = tf.shape(ids)[1]
    x = tf.gather(w["embed"], ids)
    bias = _t5_rel_bias(w["enc_bias"], t, t, True)
    m = tf.cast(mask, tf.bool)[:, None, :]
    for layer in w["enc"]:
        x = _t5_ff(layer["ff"], _t5_attn(layer["sa"], x, None, m, bias))
    return _rms(x, w["enc_n"])


def _t5_decode(w, dec_ids, enc, enc_mask):
    t = tf.shape(dec_ids)[1]
    y = tf.gather(w["embed"], dec_ids)
    bias = _t5_rel_bias(w["dec_bias"], t, t, False)
    causal = (tf.range(t)[:, None] >= tf.range(t)[None, :])[None]
    cm = tf.cast(enc_mask, tf.bool)[:, None, :]
    for layer in w["dec"]:
        y = _t5_attn(layer["sa"], y, None, causal, bias)
        y = _t5_attn(layer["ca"], y, enc, cm)
        y = _t5_ff(layer["ff"], y)
    return tf.matmul(_rms(y, w["dec_n"]) * (32 ** -0.5), w["embed"], transpose_b=True)


@model("s46_t5_lite_generate_while_loop", "tf-module", "T5-lite encoder-decoder (2 + 2 layers, d 32, T5 RMS norms, relative position buckets computed in the graph with log, ReLU FFN, tied rescaled head) for on-device reply / rewrite: generate(input_ids int32 [1,16], attention_mask int32 [1,16]) encodes once, then a tf.while_loop re-runs the decoder over a fixed [1,12] buffer (start token 0), takes the logits at the step by tf.gather, writes the argmax with tf.tensor_scatter_nd_update and stops at EOS 1 -> output_ids int32 [1,11] and length; encode(input_ids, attention_mask) -> encoder_hidden [1,16,32]")
def b_t5_gen(out):
    w = _t5(30)
    T = 12

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "input_ids"), tensor_spec([1, 16], "int32", "attention_mask")])
    def generate(input_ids, attention_mask):
        enc = _t5_encode(w, input_ids, attention_mask)

        def cond(i, buf, done):
            return tf.logical_and(i < T - 1, tf.logical_not(done))

        def body(i, buf, done):
            logits = _t5_decode(w, buf, enc, attention_mask)
            tok = tf.argmax(tf.gather(logits, i, axis=1), axis=-1, output_type=tf.int32)
            buf = tf.tensor_scatter_nd_update(buf, [[0, i + 1]], tok)
            return i + 1, buf, tf.reduce_all(tf.equal(tok, 1))
        n, buf, _ = tf.while_loop(cond, body, [tf.constant(0), tf.zeros([1, T], tf.int32), tf.constant(False)])
        return {"output_ids": buf[:, 1:], "length": n}

    @tf.function(input_signature=[tensor_spec([1, 16], "int32", "input_ids"), tensor_spec([1, 16], "int32", "attention_mask")])
    def encode(input_ids, attention_mask):
        return {"encoder_hidden": _t5_encode(w, input_ids, attention_mask)}
    _save(out, {"weights": w}, serving_default=generate, encode=encode)


FEEDS["s46_t5_lite_generate_while_loop"] = {"input_ids": (2, V), "attention_mask": [[1] * 12 + [0] * 4]}


@model("s46_t5_lite_encode_decode_step_dynamic", "tf-module", "T5-lite exported as two signatures with dynamic lengths, the generation loop left to the app: encode(input_ids int32 [1,None], attention_mask int32 [1,None]) -> encoder_hidden [1,None,32]; decode_step(decoder_input_ids int32 [1,None], encoder_hidden float [1,None,32], encoder_attention_mask int32 [1,None]) -> logits of every decoder position [1,None,64] and next_token; relative position buckets and causal mask from tf.range")
def b_t5_step(out):
    w = _t5(31)

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "input_ids"), tensor_spec([1, None], "int32", "attention_mask")])
    def encode(input_ids, attention_mask):
        return {"encoder_hidden": _t5_encode(w, input_ids, attention_mask)}

    @tf.function(input_signature=[tensor_spec([1, None], "int32", "decoder_input_ids"), tensor_spec([1, None, 32], name="encoder_hidden"),
                                  tensor_spec([1, None], "int32", "encoder_attention_mask")])
    def decode_step(decoder_input_ids, encoder_hidden, encoder_attention_mask):
        logits = _t5_decode(w, decoder_input_ids, encoder_hidden, encoder_attention_mask)
        return {"logits": logits, "next_token": tf.argmax(logits[:, -1], axis=-1, output_type=tf.int32)}
    _save(out, {"weights": w}, encode=encode, decode_step=decode_step)


FEEDS["s46_t5_lite_encode_decode_step_dynamic"] = {"input_ids": _ids(), "decoder_input_ids": _ids(), "attention_mask": 1,
                                                   "encoder_attention_mask": 1}


# ================================================================================ Keras exports

class _Emb:
    """Keras token + learned position embedding layer (built lazily so keras is imported first)"""
    cls = None

    @classmethod
    def get(cls):
        if cls.cls is None:
            class TokenAndPositionEmbedding(L.Layer):
                def __init__(self, vocab, length, dim, **kw):
                    super().__init__(**kw)
                    self.tok, self.pos = L.Embedding(vocab, dim), L.Embedding(length, dim)

                def call(self, ids):
                    return self.tok(ids) + self.pos(keras.ops.arange(keras.ops.shape(ids)[-1]))
            cls.cls = TokenAndPositionEmbedding
        return cls.cls


def _k_decoder_block(x, heads, dim, ffn, mask=None, causal=True, name=""):
    """Keras pre-LN transformer decoder block: MultiHeadAttention (use_causal_mask) and a GELU-tanh FFN"""
    h = L.LayerNormalization(epsilon=1e-5)(x)
    a = L.MultiHeadAttention(heads, dim // heads, name=name + "mha")(h, h, attention_mask=mask, use_causal_mask=causal)
    x = L.Add()([x, a])
    h = L.Dense(dim)(L.Dense(ffn, activation=lambda t: keras.activations.gelu(t, approximate=True))(L.LayerNormalization(epsilon=1e-5)(x)))
    return L.Add()([x, h])


@model("s46_keras_gpt_causal_mha_none_batch", "keras-export", "Keras 3 functional mini-GPT (keras.io text-generation example style): token_ids int32 [None,32]; custom TokenAndPositionEmbedding layer (two Embedding layers, positions from keras.ops.arange), 2 pre-LN blocks of MultiHeadAttention(4 heads, use_causal_mask=True) + GELU-tanh Dense FFN, LayerNormalization, Dense(80) logits [None,32,80]; model.export with a None batch")
def b_keras_gpt(out):
    inp = keras.Input((32,), dtype="int32", name="token_ids")
    x = _Emb.get()(80, 32, 32)(inp)
    for i in range(2):
        x = _k_decoder_block(x, 4, 32, 64, name=f"b{i}_")
    _export(keras.Model(inp, L.Dense(80, name="logits")(L.LayerNormalization()(x))), out)


FEEDS["s46_keras_gpt_causal_mha_none_batch"] = {"token_ids": (0, 80)}


@model("s46_keras_smart_compose_batch1_padding_mask", "keras-export", "Keras functional next-words model for an email / chat compose box, fixed batch 1: token_ids int32 [1,16] and padding_mask int32 [1,16]; Lambda builds a bool [1,16,16] attention mask = band_part causal & padding, passed to 2 MultiHeadAttention blocks; the hidden state at the last real token gathered by length (sum of the mask - 1, tf.gather batch_dims=1); Dense(96) softmax -> next_word_probs and a Lambda tf.math.top_k(5) -> top5_ids / top5_probs; model.export with a batch-1 signature")
def b_compose_keras(out):
    ids = keras.Input((16,), batch_size=1, dtype="int32", name="token_ids")
    pm = keras.Input((16,), batch_size=1, dtype="int32", name="padding_mask")
    mask = L.Lambda(lambda m: tf.logical_and(tf.cast(tf.linalg.band_part(tf.ones([16, 16]), -1, 0), tf.bool)[None],
                                             tf.cast(m, tf.bool)[:, None, :]), output_shape=(16, 16))(pm)
    x = _Emb.get()(96, 16, 32)(ids)
    for i in range(2):
        x = _k_decoder_block(x, 4, 32, 64, mask=mask, causal=False, name=f"b{i}_")
    last = L.Lambda(lambda t: tf.gather(t[0], tf.reduce_sum(t[1], axis=1, keepdims=True) - 1, batch_dims=1)[:, 0],
                    output_shape=(32,))([L.LayerNormalization()(x), pm])
    probs = L.Dense(96, activation="softmax", name="next_word_probs")(last)
    top_p = L.Lambda(lambda p: tf.math.top_k(p, k=5).values, output_shape=(5,), name="top5_probs")(probs)
    top_i = L.Lambda(lambda p: tf.math.top_k(p, k=5).indices, output_shape=(5,), name="top5_ids")(probs)
    _export(keras.Model([ids, pm], {"next_word_probs": probs, "top5_probs": top_p, "top5_ids": top_i}), out, fixed=True)


FEEDS["s46_keras_smart_compose_batch1_padding_mask"] = {"token_ids": (0, 96), "padding_mask": [[1] * 11 + [0] * 5]}


@model("s46_keras_custom_rope_rmsnorm_swiglu_layers", "keras-export", "Keras 3 custom-layer Llama-style model (what KerasHub-like ports look like): token_ids int32 [None,16]; custom RMSNorm, RotaryEmbedding (keras.ops sin / cos of arange positions times inverse frequencies), an attention layer with keras.ops.einsum, a causal mask from keras.ops.tril, a SwiGLU layer; LM head tied to the token Embedding (keras.ops.matmul with its transposed embeddings); model.export with a None batch")
def b_keras_llama(out):
    ops = keras.ops

    class RMSNorm(L.Layer):
        def build(self, shape):
            self.scale = self.add_weight(shape=(shape[-1],), initializer="ones", name="scale")

        def call(self, x):
            return x * ops.rsqrt(ops.mean(ops.square(x), axis=-1, keepdims=True) + 1e-6) * self.scale

    class RopeAttention(L.Layer):
        def __init__(self, heads, dh, **kw):
            super().__init__(**kw)
            self.h, self.dh = heads, dh
            self.qkv, self.o = L.Dense(3 * heads * dh, use_bias=False), L.Dense(heads * dh, use_bias=False)

        def rope(self, x, t):
            inv = 1.0 / (10000.0 ** (ops.arange(0, self.dh, 2, dtype="float32") / self.dh))
            ang = ops.arange(t, dtype="float32")[:, None] * inv[None]
            c, s = ops.cos(ang)[None, :, None], ops.sin(ang)[None, :, None]
            x1, x2 = ops.split(x, 2, axis=-1)
            return ops.concatenate([x1 * c - x2 * s, x2 * c + x1 * s], axis=-1)

        def call(self, x):
            t = x.shape[1]
            q, k, v = ops.split(ops.reshape(self.qkv(x), (-1, t, 3 * self.h, self.dh)), 3, axis=2)
            q, k = self.rope(q, t), self.rope(k, t)
            s = ops.einsum("bqhd,bkhd->bhqk", q, k) / float(np.sqrt(self.dh))
            s = ops.where(ops.tril(ops.ones((t, t)))[None, None] > 0, s, -1e9)
            o = ops.einsum("bhqk,bkhd->bqhd", ops.softmax(s, axis=-1), v)
            return self.o(ops.reshape(o, (-1, t, self.h * self.dh)))

    class SwiGLU(L.Layer):
        def __init__(self, dim, hidden, **kw):
            super().__init__(**kw)
            self.g, self.u, self.d = L.Dense(hidden, use_bias=False), L.Dense(hidden, use_bias=False), L.Dense(dim, use_bias=False)

        def call(self, x):
            return self.d(ops.silu(self.g(x)) * self.u(x))

    class TiedHead(L.Layer):
        def __init__(self, emb, **kw):
            super().__init__(**kw)
            self.emb = emb

        def call(self, x):
            return ops.matmul(x, ops.transpose(self.emb.embeddings))
    inp = keras.Input((16,), dtype="int32", name="token_ids")
    emb = L.Embedding(V, 32, name="token_embedding")
    x = emb(inp)
    for _ in range(2):
        x = x + RopeAttention(4, 8)(RMSNorm()(x))
        x = x + SwiGLU(32, 64)(RMSNorm()(x))
    _export(keras.Model(inp, TiedHead(emb, name="logits")(RMSNorm()(x))), out)


FEEDS["s46_keras_custom_rope_rmsnorm_swiglu_layers"] = {"token_ids": _ids()}


@model("s46_keras_seq2seq_transformer_none_batch", "keras-export", "Keras functional encoder-decoder Transformer (keras.io translation-example style) for short reply rewriting: encoder_ids int32 [None,20], decoder_ids int32 [None,12]; TokenAndPositionEmbedding layers, encoder MultiHeadAttention + FFN with LayerNormalization (post-norm), decoder causal self-attention (use_causal_mask) and cross-attention to the encoder output, Dropout, Dense(72) softmax over the vocabulary; model.export with a None batch")
def b_keras_s2s(out):
    enc_in = keras.Input((20,), dtype="int32", name="encoder_ids")
    dec_in = keras.Input((12,), dtype="int32", name="decoder_ids")
    e = _Emb.get()(72, 20, 32)(enc_in)
    e = L.LayerNormalization()(e + L.MultiHeadAttention(4, 8)(e, e))
    e = L.LayerNormalization()(e + L.Dense(32)(L.Dense(64, activation="relu")(e)))
    d = _Emb.get()(72, 12, 32)(dec_in)
    d = L.LayerNormalization()(d + L.MultiHeadAttention(4, 8)(d, d, use_causal_mask=True))
    d = L.LayerNormalization()(d + L.MultiHeadAttention(4, 8)(d, e))
    d = L.LayerNormalization()(d + L.Dense(32)(L.Dense(64, activation="relu")(d)))
    out_ = L.Dense(72, activation="softmax", name="token_probs")(L.Dropout(0.1)(d))
    _export(keras.Model([enc_in, dec_in], out_), out)


FEEDS["s46_keras_seq2seq_transformer_none_batch"] = {"encoder_ids": (0, 72), "decoder_ids": (0, 72)}


# ================================================================================ recurrent LMs and keyboards

@model("s46_char_lstm_state_io_batch1_keras", "keras-export", "char-level LSTM language model for on-device text generation, one character per call: char_id int32 [1,1], h_in / c_in float [1,64]; Embedding(96,16), LSTM(64, return_state=True) with the given initial_state, Dense(96) logits; outputs logits [1,96], h_out, c_out; model.export with a batch-1 signature")
def b_char_lstm(out):
    c = keras.Input((1,), batch_size=1, dtype="int32", name="char_id")
    h_in = keras.Input((64,), batch_size=1, name="h_in")
    c_in = keras.Input((64,), batch_size=1, name="c_in")
    y, h, cc = L.LSTM(64, return_state=True)(L.Embedding(96, 16)(c), initial_state=[h_in, c_in])
    _export(keras.Model([c, h_in, c_in], {"logits": L.Dense(96, name="logits")(y), "h_out": L.Identity(name="h_out")(h),
                                         "c_out": L.Identity(name="c_out")(cc)}), out, fixed=True)


FEEDS["s46_char_lstm_state_io_batch1_keras"] = {"char_id": (0, 96)}


@model("s46_char_gru_mask_zero_dynamic_time", "keras-export", "char-level GRU language model scoring whole strings with dynamic batch and length: chars int32 [None,None] (0 = padding); Embedding(60,24, mask_zero=True), two GRU(48, return_sequences=True) consuming the mask, Dense(60) softmax per step -> next_char_probs [None,None,60]; model.export")
def b_char_gru(out):
    inp = keras.Input((None,), dtype="int32", name="chars")
    x = L.Embedding(60, 24, mask_zero=True)(inp)
    x = L.GRU(48, return_sequences=True)(L.GRU(48, return_sequences=True)(x))
    _export(keras.Model(inp, L.Dense(60, activation="softmax", name="next_char_probs")(x)), out)


FEEDS["s46_char_gru_mask_zero_dynamic_time"] = lambda rng: {"chars": np.concatenate([rng.integers(1, 60, (2, 24)), np.zeros((2, 8), int)], 1)}


@model("s46_char_gru_sampling_while_loop", "tf-module", "char-RNN text generator with the sampling loop in the graph: generate(prime_chars int32 [1,8], num_chars int32 [], temperature float [], seed int32 [2]); Keras Embedding + GRUCell(64) primed over the 8 characters (Python-unrolled), then a tf.while_loop samples num_chars characters with tf.random.stateless_categorical(logits / temperature) on stateless_fold_in(seed, i) into a tf.TensorArray; outputs chars int32 [1,None]; step(char int32 [1], h [1,64]) -> logits, h_out")
def b_char_sample(out):
    emb, cell, head = L.Embedding(70, 16), L.GRUCell(64), L.Dense(70)
    emb.build((1,)), cell.build((1, 16)), head.build((1, 64))

    def one(c, h):
        y, h2 = cell(emb(c), [h])
        return head(y), (h2[0] if isinstance(h2, (list, tuple)) else h2)

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prime_chars"), tensor_spec([], "int32", "num_chars"),
                                  tensor_spec([], name="temperature"), tensor_spec([2], "int32", "seed")])
    def generate(prime_chars, num_chars, temperature, seed):
        h = tf.zeros([1, 64])
        for t in range(8):
            logits, h = one(prime_chars[:, t], h)

        def body(i, logits, h, ta):
            s = tf.random.experimental.stateless_fold_in(seed, i)
            c = tf.random.stateless_categorical(logits / tf.maximum(temperature, 1e-3), 1, s, dtype=tf.int32)[:, 0]
            logits, h = one(c, h)
            return i + 1, logits, h, ta.write(i, c[0])
        _, _, _, ta = tf.while_loop(lambda i, *_: i < num_chars, body,
                                    [tf.constant(0), logits, h, tf.TensorArray(tf.int32, size=num_chars)])
        return {"chars": ta.stack()[None]}

    @tf.function(input_signature=[tensor_spec([1], "int32", "char"), tensor_spec([1, 64], name="h")])
    def step(char, h):
        logits, h2 = one(char, h)
        return {"logits": logits, "h_out": h2}
    _save(out, {"emb": emb, "cell": cell, "head": head}, serving_default=generate, step=step)


FEEDS["s46_char_gru_sampling_while_loop"] = {"prime_chars": (0, 70), "char": (0, 70), "num_chars": 12, "temperature": 0.8,
                                             "seed": SEED}


@model("s46_keyboard_next_word_lstm_top3_batch1", "keras-export", "Gboard-style keyboard next-word model, fixed batch 1: token_ids int32 [1,10] of the preceding words; Embedding(128,24), LSTM(48), Dense(24) projection and an output layer over 128 words, softmax, Lambda tf.math.top_k(3) -> top3_ids int32 / top3_probs; model.export with a batch-1 signature")
def b_keyboard(out):
    inp = keras.Input((10,), batch_size=1, dtype="int32", name="token_ids")
    h = L.Dense(24)(L.LSTM(48)(L.Embedding(128, 24)(inp)))
    probs = L.Dense(128, activation="softmax", name="probs")(h)
    top_p = L.Lambda(lambda p: tf.math.top_k(p, k=3).values, output_shape=(3,), name="top3_probs")(probs)
    top_i = L.Lambda(lambda p: tf.math.top_k(p, k=3).indices, output_shape=(3,), name="top3_ids")(probs)
    _export(keras.Model(inp, {"probs": probs, "top3_probs": top_p, "top3_ids": top_i}), out, fixed=True)


FEEDS["s46_keyboard_next_word_lstm_top3_batch1"] = {"token_ids": (0, 128)}


@model("s46_autocomplete_lstm_masked_prefix_strings", "tf-module", "search / keyboard autocomplete returning words: complete(prefix_ids int32 [1,8], prefix_length int32 [1]); tf.sequence_mask from the length passed as the mask of a Keras LSTM(48) over Embedding(100,16), Dense(100) logits, tf.math.top_k(5), words tf.gather-ed from a constant string vocabulary -> suggestions string [1,5], scores [1,5] (softmax)")
def b_autocomplete(out):
    emb, lstm, head = L.Embedding(100, 16), L.LSTM(48), L.Dense(100)
    words = np.array([f"word{i}" for i in range(100)], dtype=object)

    def run(ids, n):
        return head(lstm(emb(ids), mask=tf.sequence_mask(n, 8), training=False))
    run(tf.zeros([1, 8], tf.int32), tf.constant([3]))

    @tf.function(input_signature=[tensor_spec([1, 8], "int32", "prefix_ids"), tensor_spec([1], "int32", "prefix_length")])
    def complete(prefix_ids, prefix_length):
        vals, idx = tf.math.top_k(tf.nn.softmax(run(prefix_ids, prefix_length)), k=5)
        return {"suggestions": tf.gather(tf.constant(words), idx), "scores": vals, "ids": idx}
    _save(out, {"emb": emb, "lstm": lstm, "head": head}, serving_default=complete)


FEEDS["s46_autocomplete_lstm_masked_prefix_strings"] = {"prefix_ids": (1, 100), "prefix_length": [5]}


# ================================================================================ smart reply, embeddings

@model("s46_smart_reply_conv_classifier_keras", "keras-export", "smart-reply response classifier over token ids (as messaging apps ship it): token_ids int32 [None,24]; Embedding(120,32), Conv1D 64 k3 relu, GlobalMaxPooling1D and GlobalAveragePooling1D concatenated, Dense 64 relu, heads reply_probs Dense(40, softmax) over canned responses and show_replies Dense(1, sigmoid) trigger; model.export with a None batch")
def b_reply_conv(out):
    inp = keras.Input((24,), dtype="int32", name="token_ids")
    x = L.Conv1D(64, 3, activation="relu", padding="same")(L.Embedding(120, 32)(inp))
    h = L.Dense(64, activation="relu")(L.Concatenate()([L.GlobalMaxPooling1D()(x), L.GlobalAveragePooling1D()(x)]))
    _export(keras.Model(inp, {"reply_probs": L.Dense(40, activation="softmax", name="reply_probs")(h),
                              "show_replies": L.Dense(1, activation="sigmoid", name="show_replies")(h)}), out)


FEEDS["s46_smart_reply_conv_classifier_keras"] = {"token_ids": (0, 120)}


@model("s46_smart_reply_strings_hash_table_module", "tf-module", "smart reply end to end from raw text: reply(message string [None]) -> tf.strings.lower, tf.strings.regex_replace of punctuation, tf.strings.split to ragged words, tf.lookup.StaticHashTable vocabulary lookup (OOV id 1), to_tensor padded / cut to 16 ids, masked mean of an Embedding, MLP, softmax over 24 canned replies, tf.math.top_k(3) and the reply texts tf.gather-ed from a constant string table; outputs replies string [None,3], scores")
def b_reply_strings(out):
    vocab = ["<pad>", "<unk>", "are", "you", "free", "tonight", "thanks", "see", "soon", "lunch", "ok", "sure", "meeting",
             "running", "late", "call", "me", "when", "where", "how", "what", "time", "tomorrow", "yes", "no", "love"]
    replies = np.array([f"reply {i}" for i in range(24)], dtype=object)
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(vocab, np.arange(len(vocab), dtype="int64")), 1)
    emb, mlp, head = L.Embedding(len(vocab), 32), L.Dense(64, activation="relu"), L.Dense(24)
    emb.build((None, 16)), mlp.build((None, 32)), head.build((None, 64))

    @tf.function(input_signature=[tensor_spec([None], "string", "message")])
    def reply(message):
        text = tf.strings.regex_replace(tf.strings.lower(message), r"[^a-z0-9 ]", " ")
        words = tf.strings.split(text)
        ids = table.lookup(words).to_tensor(default_value=0, shape=[None, 16])
        m = tf.cast(ids > 0, tf.float32)[..., None]
        pooled = tf.reduce_sum(emb(ids) * m, axis=1) / tf.maximum(tf.reduce_sum(m, axis=1), 1.0)
        vals, idx = tf.math.top_k(tf.nn.softmax(head(mlp(pooled))), k=3)
        return {"replies": tf.gather(tf.constant(replies), idx), "scores": vals}
    _save(out, {"table": table, "emb": emb, "mlp": mlp, "head": head}, serving_default=reply)


FEEDS["s46_smart_reply_strings_hash_table_module"] = {"message": ["Are you free tonight?", "Running late, call me!"]}


@model("s46_reply_dual_encoder_score_signatures", "tf-module", "dual-encoder reply ranker (message / response towers sharing nothing): encode_message(message_ids int32 [1,16]) and encode_response(response_ids int32 [None,16]) -> l2-normalized [*,32] embeddings from Embedding + one Keras MultiHeadAttention block with a padding attention mask + masked mean pooling; score(message_ids [1,16], response_ids [None,16]) -> cosine scores [None] (matmul) and best index argmax")
def b_dual(out):
    def tower(vocab):
        ids = keras.Input((16,), dtype="int32")
        mask = L.Lambda(lambda t: tf.cast(t > 0, tf.float32), output_shape=(16,))(ids)
        x = L.Embedding(vocab, 32)(ids)
        am = L.Lambda(lambda m: tf.cast(m[:, None, :] * m[:, :, None], tf.bool), output_shape=(16, 16))(mask)
        x = L.LayerNormalization()(x + L.MultiHeadAttention(4, 8)(x, x, attention_mask=am))
        pooled = L.Lambda(lambda t: tf.reduce_sum(t[0] * t[1][..., None], 1) / tf.maximum(tf.reduce_sum(t[1], 1, keepdims=True), 1.0),
                          output_shape=(32,))([x, mask])
        return keras.Model(ids, L.UnitNormalization()(L.Dense(32)(pooled)))
    msg_t, resp_t = tower(100), tower(100)
    m_spec, r_spec = tensor_spec([1, 16], "int32", "message_ids"), tensor_spec([None, 16], "int32", "response_ids")

    @tf.function(input_signature=[m_spec])
    def encode_message(message_ids):
        return {"embedding": msg_t(message_ids, training=False)}

    @tf.function(input_signature=[r_spec])
    def encode_response(response_ids):
        return {"embedding": resp_t(response_ids, training=False)}

    @tf.function(input_signature=[m_spec, r_spec])
    def score(message_ids, response_ids):
        s = tf.matmul(msg_t(message_ids, training=False), resp_t(response_ids, training=False), transpose_b=True)[0]
        return {"scores": s, "best": tf.argmax(s, output_type=tf.int32)}
    _save(out, {"message_tower": msg_t, "response_tower": resp_t}, encode_message=encode_message,
          encode_response=encode_response, score=score, serving_default=score)


FEEDS["s46_reply_dual_encoder_score_signatures"] = {"message_ids": (1, 100), "response_ids": (1, 100)}


@model("s46_sentence_embedding_bidirectional_encoder", "tf-module", "on-device text embedding model (Gecko / MiniLM-like, small): embed(input_ids int32 [1,32], attention_mask int32 [1,32]) -> bidirectional 2-layer encoder from the tiny-LM blocks (RoPE, RMSNorm, SwiGLU; key-padding mask only, no causal mask), masked mean pooling, tf.math.l2_normalize -> embedding [1,32]; similarity(two id / mask pairs) -> cosine similarity [1]")
def b_sent_emb(out):
    lm = _lm(40)

    def embed_fn(ids, mask):
        x = _embed(lm, ids)
        km = tf.cast(mask, tf.bool)[:, None, :]
        cs = _rope_cs(tf.range(32)[None], lm.dh)
        for b in lm.blocks:
            x, _, _ = _block(lm, b, x, cs, km)
        x = _norm(lm, lm.nf, x)
        m = tf.cast(mask, tf.float32)[..., None]
        return tf.math.l2_normalize(tf.reduce_sum(x * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0), axis=-1)
    ids_s, m_s = tensor_spec([1, 32], "int32", "input_ids"), tensor_spec([1, 32], "int32", "attention_mask")

    @tf.function(input_signature=[ids_s, m_s])
    def embed(input_ids, attention_mask):
        return {"embedding": embed_fn(input_ids, attention_mask)}

    @tf.function(input_signature=[tensor_spec([1, 32], "int32", "input_ids_a"), tensor_spec([1, 32], "int32", "attention_mask_a"),
                                  tensor_spec([1, 32], "int32", "input_ids_b"), tensor_spec([1, 32], "int32", "attention_mask_b")])
    def similarity(input_ids_a, attention_mask_a, input_ids_b, attention_mask_b):
        return {"similarity": tf.reduce_sum(embed_fn(input_ids_a, attention_mask_a) * embed_fn(input_ids_b, attention_mask_b), -1)}
    _save(out, {"lm": lm.variables}, embed=embed, similarity=similarity, serving_default=embed)


FEEDS["s46_sentence_embedding_bidirectional_encoder"] = {
    "input_ids": _ids(), "input_ids_a": _ids(), "input_ids_b": _ids(), "attention_mask": [[1] * 20 + [0] * 12],
    "attention_mask_a": [[1] * 20 + [0] * 12], "attention_mask_b": [[1] * 9 + [0] * 23]}


# ================================================================================ legacy TF1 graphs

@model("s46_tf1_char_rnn_two_layer_lstm_frozen", "frozen-pb", "legacy TF1 char-RNN (sherjilozair/char-rnn-tensorflow style sampling graph) frozen with graph_util.convert_variables_to_constants: placeholders input_data int32 [1,1] and per-layer c / h states [1,48] for 2 layers; embedding get_variable + tf.nn.embedding_lookup, hand-written LSTM cells (one matmul split in 4 gates, forget bias 1.0), softmax_w / softmax_b; named outputs probs [1,65], next_char (argmax) and the four new states")
def b_tf1_char_rnn(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.int32, [1, 1], name="input_data")
        states = [(v1.placeholder(tf.float32, [1, 48], name=f"c_in_{i}"), v1.placeholder(tf.float32, [1, 48], name=f"h_in_{i}"))
                  for i in range(2)]
        with v1.variable_scope("rnnlm"):
            embedding = v1.get_variable("embedding", [65, 48])
            inp = tf.nn.embedding_lookup(embedding, x)[:, 0]
        outs = []
        for i, (c, h) in enumerate(states):
            with v1.variable_scope(f"rnn/multi_rnn_cell/cell_{i}/lstm"):
                w = v1.get_variable("kernel", [96, 192])
                b = v1.get_variable("bias", [192], initializer=v1.zeros_initializer())
                gi, gj, gf, go = tf.split(tf.matmul(tf.concat([inp, h], 1), w) + b, 4, axis=1)
                c2 = c * tf.sigmoid(gf + 1.0) + tf.sigmoid(gi) * tf.tanh(gj)
                inp = tf.sigmoid(go) * tf.tanh(c2)
            outs += [tf.identity(c2, name=f"c_out_{i}"), tf.identity(inp, name=f"h_out_{i}")]
        with v1.variable_scope("rnnlm"):
            logits = tf.matmul(inp, v1.get_variable("softmax_w", [48, 65])) + v1.get_variable("softmax_b", [65])
        probs = tf.nn.softmax(logits, name="probs")
        return [probs, tf.argmax(probs, axis=1, name="next_char")] + outs
    _v1_freeze(out, build)


FEEDS["s46_tf1_char_rnn_two_layer_lstm_frozen"] = {"input_data": (0, 65)}
OUTPUTS["s46_tf1_char_rnn_two_layer_lstm_frozen"] = ["probs", "next_char", "c_out_0", "h_out_0", "c_out_1", "h_out_1"]


@model("s46_tf1_smart_reply_bow_topk_frozen", "frozen-pb", "legacy TF1 smart-reply model (2017-era graph mode) frozen with graph_util.convert_variables_to_constants: placeholder token_ids int32 [1,20] (0 = padding); get_variable embedding + tf.nn.embedding_lookup, masked bag-of-words mean, two dense tanh layers, softmax over 32 canned responses, tf.nn.top_k(3) -> named outputs reply_ids (int32), reply_scores and trigger (sigmoid)")
def b_tf1_reply(out):
    def build():
        v1 = tf.compat.v1
        ids = v1.placeholder(tf.int32, [1, 20], name="token_ids")
        emb = v1.get_variable("embedding", [150, 32], initializer=v1.random_uniform_initializer(-0.1, 0.1))
        m = tf.cast(tf.not_equal(ids, 0), tf.float32)[..., None]
        bow = tf.reduce_sum(tf.nn.embedding_lookup(emb, ids) * m, 1) / tf.maximum(tf.reduce_sum(m, 1), 1.0)
        h = _v1_dense(_v1_dense(bow, "hidden1", 64, tf.tanh), "hidden2", 64, tf.tanh)
        probs = tf.nn.softmax(_v1_dense(h, "responses", 32))
        scores, reply_ids = tf.nn.top_k(probs, k=3)
        return [tf.identity(reply_ids, name="reply_ids"), tf.identity(scores, name="reply_scores"),
                tf.sigmoid(_v1_dense(h, "trigger_logit", 1), name="trigger")]
    _v1_freeze(out, build)


FEEDS["s46_tf1_smart_reply_bow_topk_frozen"] = lambda rng: {"token_ids": np.concatenate([rng.integers(1, 150, (1, 12)), np.zeros((1, 8), int)], 1)}
OUTPUTS["s46_tf1_smart_reply_bow_topk_frozen"] = ["reply_ids", "reply_scores", "trigger"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
