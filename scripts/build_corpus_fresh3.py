"""Build a third independently made corpus into bench/out/fresh3/: tiny TensorFlow models aimed at what the
earlier corpora lack -- data-dependent output shapes, dynamic shapes feeding shape-taking ops, loops with fixed
vs changing shapes, functional control flow (map_fn/scan/foldl/vectorized_map), linear algebra, FFTs, odd
dtypes, strings/sparse/ragged, nested signatures, several signatures per SavedModel, and TF1 graphs with v1
control flow. Written without looking at the analyzer; descriptions say what a model contains, not what any
tool should do with it. Random seeded weights; nothing is downloaded.

    .venv/bin/python scripts/build_corpus_fresh3.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh3.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh3.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh3.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh3.py --check         # load every model back (run SavedModels once)

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt (name | kind | desc).
Note: tf.compat.v1.layers needs tf_keras (not installed with Keras 3), so the TF1 models build the same
variable_scope/kernel/bias structure by hand.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

from corpus_driver import Corpus

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh3", frozen_kinds={"tf1-frozen", "tf2-frozen"})
model, _path, OUT = CORPUS.model, CORPUS.path, CORPUS.out

tf = keras = np = L = None


def _w(shape, seed):
    return (np.random.default_rng(seed).normal(size=shape) * 0.1).astype("float32")


def S(shape, dtype="float32", name=None):
    return tf.TensorSpec(shape, dtype, name=name)


def _keras(inputs, outputs, out: Path):
    keras.Model(inputs, outputs).export(str(out), verbose=False)  # weights seeded in main()


def _seq(shape, layers, out: Path):
    x = i = keras.Input(shape)
    for layer in layers:
        x = layer(x)
    _keras(i, x, out)


def _module(out: Path, sigs: dict, jit=False, **shapes):
    """Save a tf.Module with seeded variables `shapes`; sigs = {signature: (fn(module, *inputs), [specs])}."""
    m = tf.Module()
    for i, (k, shape) in enumerate(shapes.items()):
        setattr(m, k, tf.Variable(_w(shape, 100 + i), name=k))
    fns = {k: tf.function(functools.partial(f, m), input_signature=s, jit_compile=jit or None)
           for k, (f, s) in sigs.items()}
    for k, f in fns.items():
        setattr(m, "fn_" + k, f)
    tf.saved_model.save(m, str(out), signatures=fns)


def _m(out: Path, f, specs, jit=False, **shapes):
    _module(out, {"serving_default": (f, specs)}, jit, **shapes)


def tfmod(name: str, desc: str, specs, jit=False, **shapes):
    """Register a tf.Module model whose serving signature is the decorated fn(module, *inputs); specs() returns
    the input_signature (a lambda: TensorFlow is imported lazily); `shapes` name its seeded variables."""
    def deco(f):
        model(name, "tf-module-jit" if jit else "tf-module", desc)(lambda out: _m(out, f, specs(), jit, **shapes))
        return f
    return deco


# ============================================================================ Keras model.export
@model("h_k_masking_bigru_dyn_time", "keras-export",
       "[None,None,8] variable-length sequences: Masking(0.0), Bidirectional(GRU(8)) consuming the mask, Dense(3)")
def b_bigru(out):
    _seq((None, 8), [L.Masking(0.0), L.Bidirectional(L.GRU(8)), L.Dense(3)], out)

@model("h_k_timedistributed_dyn_time", "keras-export",
       "[None,None,16,16,3] clips of any length: TimeDistributed(Conv2D s2), TimeDistributed(GAP2D), GAP1D, Dense")
def b_td(out):
    _seq((None, 16, 16, 3), [L.TimeDistributed(L.Conv2D(4, 3, strides=2, activation="relu")),
                             L.TimeDistributed(L.GlobalAveragePooling2D()), L.GlobalAveragePooling1D(),
                             L.Dense(2)], out)

@model("h_k_mixed_float16_cnn", "keras-export",
       "[None,32,32,3] CNN built under mixed_float16 policy: float16 Conv2D/BN/Dense compute, float32 softmax")
def b_mp(out):
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        _seq((32, 32, 3), [L.Conv2D(8, 3, activation="relu"), L.BatchNormalization(), L.MaxPooling2D(),
                           L.Flatten(), L.Dense(10), L.Activation("softmax", dtype="float32")], out)
    finally:
        keras.mixed_precision.set_global_policy("float32")

@model("h_k_conv1d_causal_dilated", "keras-export",
       "[None,64,4] TCN-style: two causal Conv1D with dilation 2 and 4, GlobalAveragePooling1D, Dense")
def b_tcn(out):
    _seq((64, 4), [L.Conv1D(8, 3, padding="causal", dilation_rate=2, activation="relu"),
                   L.Conv1D(8, 3, padding="causal", dilation_rate=4, activation="relu"),
                   L.GlobalAveragePooling1D(), L.Dense(2)], out)

@model("h_k_conv3d_avgpool3d_transpose", "keras-export",
       "[None,4,8,8,2] volume: Conv3D same, AveragePooling3D(2), Conv3DTranspose stride 2 back to 4x8x8")
def b_c3d(out):
    _seq((4, 8, 8, 2), [L.Conv3D(4, 3, padding="same", activation="relu"), L.AveragePooling3D(2),
                        L.Conv3DTranspose(2, 3, strides=2, padding="same")], out)

@model("h_k_depthwise_dilated_multiplier", "keras-export",
       "[None,32,32,3] DepthwiseConv2D(3, dilation_rate=2, depth_multiplier=2), 1x1 Conv2D, GAP, Dense")
def b_dwd(out):
    _seq((32, 32, 3), [L.DepthwiseConv2D(3, dilation_rate=2, depth_multiplier=2, padding="same", activation="relu"),
                       L.Conv2D(8, 1), L.GlobalAveragePooling2D(), L.Dense(4)], out)

@model("h_k_resize_bicubic_antialias_area", "keras-export",
       "[None,48,48,3] Lambda: tf.image.resize bicubic antialias=True and method='area' to 24x24, concat, Conv2D")
def b_resize(out):
    f = lambda t: tf.concat([tf.image.resize(t, (24, 24), "bicubic", antialias=True),  # noqa: E731
                             tf.image.resize(t, (24, 24), "area")], -1)
    _seq((48, 48, 3), [L.Lambda(f), L.Conv2D(8, 3, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(3)], out)

@model("h_k_adjust_hue_rgb_to_hsv", "keras-export",
       "[None,32,32,3] Lambda: sigmoid, tf.image.adjust_hue(0.1), tf.image.rgb_to_hsv; Conv2D, GAP, Dense")
def b_hsv(out):
    f = lambda t: tf.image.rgb_to_hsv(tf.image.adjust_hue(tf.sigmoid(t), 0.1))  # noqa: E731
    _seq((32, 32, 3), [L.Lambda(f), L.Conv2D(8, 3, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(2)], out)

@model("h_k_einsumdense_ellipsis", "keras-export",
       "[None,6,10,16] EinsumDense('...d,de->...e'), Lambda tf.einsum('...ij,...kj->...ik') self-similarity, Dense")
def b_einsum(out):
    i = keras.Input((6, 10, 16))
    x = L.EinsumDense("...d,de->...e", output_shape=8, bias_axes="e")(i)
    x = L.Lambda(lambda t: tf.einsum("...ij,...kj->...ik", t, t), output_shape=(6, 10, 10))(x)
    _keras(i, L.Dense(2)(L.Flatten()(x)), out)


# ============================================================================ tf.Module: data-dependent shapes
@tfmod("h_m_unique_with_counts_pool",
       "ids int32 [None]: tf.unique_with_counts, gather embeddings, unsorted_segment_sum by idx (num_segments=size)",
       lambda: [S([None], "int32", "ids")], table=(50, 8), w=(8, 4))
def f_unique(m, ids):
    u, idx, cnt = tf.unique_with_counts(ids)
    pooled = tf.math.unsorted_segment_sum(tf.gather(m.table, ids), idx, tf.size(u))
    return {"unique": u, "counts": cnt, "pooled": pooled @ m.w}

@tfmod("h_m_where_one_arg_gather_nd",
       "[None,16] matmul scores; tf.where(scores > 0) with one argument -> int64 coords; gather_nd of those values",
       lambda: [S([None, 16], name="x")], w=(16, 8))
def f_where(m, x):
    s = x @ m.w
    idx = tf.where(s > 0.0)
    return {"indices": idx, "values": tf.gather_nd(s, idx), "count": tf.shape(idx)[0]}

@tfmod("h_m_boolean_mask_tokens",
       "[None,10,8] tokens: einsum projection, relu, tf.boolean_mask by (sum(x) > 0) -> [N,8], reduce_mean",
       lambda: [S([None, 10, 8], name="x")], w=(8, 8))
def f_bmask(m, x):
    keep = tf.boolean_mask(tf.nn.relu(tf.einsum("btd,de->bte", x, m.w)), tf.reduce_sum(x, -1) > 0.0)
    return {"kept": keep, "mean": tf.reduce_mean(keep, 0)}

@tfmod("h_m_bincount_dynamic_size",
       "ids int32 [None] + weights [None]: tf.math.bincount without minlength/maxlength (length = max id + 1)",
       lambda: [S([None], "int32", "ids"), S([None], name="weights")])
def f_bincount(m, ids, w):
    c = tf.math.bincount(ids)
    return {"counts": c, "freq": tf.cast(c, tf.float32) / tf.cast(tf.size(ids), tf.float32),
            "weighted": tf.math.bincount(ids, weights=w)}

@tfmod("h_m_ctc_greedy_beam_decoders",
       "time-major logits [20,None,6] + seq_len: ctc_greedy_decoder, ctc_beam_search_decoder(4), sparse.to_dense",
       lambda: [S([20, None, 6], name="logits"), S([None], "int32", "seq_len")], w=(6, 6))
def f_ctcdec(m, logits, seq_len):
    y = tf.einsum("tbc,cd->tbd", logits, m.w)
    (g,), _ = tf.nn.ctc_greedy_decoder(y, seq_len)
    (b,), lp = tf.nn.ctc_beam_search_decoder(y, seq_len, beam_width=4, top_paths=1)
    return {"greedy": tf.sparse.to_dense(g), "beam": tf.sparse.to_dense(b), "log_prob": lp}

@tfmod("h_m_ctc_loss_dense_labels",
       "[None,20,8] features -> logits, tf.nn.ctc_loss with dense int32 labels [None,5] and label/logit lengths",
       lambda: [S([None, 20, 8], name="x"), S([None, 5], "int32", "labels"), S([None], "int32", "label_len"),
                S([None], "int32", "logit_len")], w=(8, 6))
def f_ctcloss(m, x, labels, label_len, logit_len):
    return {"loss": tf.nn.ctc_loss(labels, x @ m.w, label_len, logit_len, logits_time_major=False,
                                   blank_index=-1)}

@tfmod("h_m_nms_score_threshold",
       "boxes [None,4], scores [None]: tf.image.non_max_suppression(20, iou 0.5, score_threshold=0.4), gather",
       lambda: [S([None, 4], name="boxes"), S([None], name="scores")])
def f_nms(m, boxes, scores):
    keep = tf.image.non_max_suppression(boxes, scores, 20, iou_threshold=0.5, score_threshold=0.4)
    return {"boxes": tf.gather(boxes, keep), "scores": tf.gather(scores, keep), "keep": keep}

@tfmod("h_m_nms_padded_batched",
       "boxes [1,100,4], scores [1,100]: tf.image.non_max_suppression_padded(10, score_threshold=0.3, "
       "pad_to_max_output_size=True); TF implements it with top_k, tiled IoU, StatelessWhile",
       lambda: [S([1, 100, 4], name="boxes"), S([1, 100], name="scores")])
def f_nmsp(m, boxes, scores):
    idx, n = tf.image.non_max_suppression_padded(boxes, scores, 10, iou_threshold=0.5, score_threshold=0.3,
                                                 pad_to_max_output_size=True)
    return {"indices": idx, "valid": n, "boxes": tf.gather(boxes, idx, batch_dims=1)}

@tfmod("h_m_dyn_reshape_range_fill",
       "x [None,None] + n int32 scalar: reshape to [shape0*shape1], tf.range(n), tf.fill([n,3]) from the input",
       lambda: [S([None, None], name="x"), S([], "int32", "n")])
def f_dynshape(m, x, n):
    return {"flat": tf.reshape(x, [tf.shape(x)[0] * tf.shape(x)[1]]),
            "ramp": tf.cast(tf.range(n), tf.float32) * tf.reduce_mean(x),
            "filled": tf.fill(tf.stack([n, 3]), tf.reduce_max(x))}

@tfmod("h_m_tile_broadcast_from_input",
       "x [None,8] + int32 inputs reps [2], shape [2]: tf.tile(x@W, reps), tf.broadcast_to(mean(x), shape)",
       lambda: [S([None, 8], name="x"), S([2], "int32", "reps"), S([2], "int32", "shape")], w=(8, 8))
def f_tile(m, x, reps, shape):
    return {"tiled": tf.tile(x @ m.w, reps), "bcast": tf.broadcast_to(tf.reduce_mean(x), shape)}


# ============================================================================ tf.Module: loops and functional ops
@tfmod("h_m_while_fixed_shape",
       "[None,16]: tf.while_loop 5 iterations of h = tanh(h@W + x), loop state keeps a fixed shape",
       lambda: [S([None, 16], name="x")], w=(16, 16))
def f_wfix(m, x):
    _, h = tf.while_loop(lambda i, h: i < 5, lambda i, h: (i + 1, tf.tanh(h @ m.w + x)),
                         (tf.constant(0), tf.zeros_like(x)))
    return {"h": h}

@tfmod("h_m_while_growing_concat",
       "[None,4]: tf.while_loop over rows concatenating relu(row@W) onto an accumulator, shape_invariants [None,4]",
       lambda: [S([None, 4], name="x")], w=(4, 4))
def f_wgrow(m, x):
    body = lambda i, acc: (i + 1, tf.concat([acc, tf.nn.relu(x[i:i + 1] @ m.w)], 0))  # noqa: E731
    _, acc = tf.while_loop(lambda i, acc: i < tf.shape(x)[0], body, (tf.constant(0), tf.zeros([0, 4])),
                           shape_invariants=(tf.TensorShape([]), tf.TensorShape([None, 4])))
    return {"acc": acc}

@tfmod("h_m_tensorarray_dynamic_size",
       "[None,8]: TensorArray(dynamic_size=True) written in a while_loop whose trip count = #rows with x[:,0]>0",
       lambda: [S([None, 8], name="x")], w=(8, 8))
def f_ta(m, x):
    n = tf.reduce_sum(tf.cast(x[:, 0] > 0, tf.int32))
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[8])
    body = lambda i, ta: (i + 1, ta.write(i, tf.nn.relu(tf.linalg.matvec(m.w, x[i]))))  # noqa: E731
    _, ta = tf.while_loop(lambda i, _: i < n, body, (tf.constant(0), ta))
    return {"rows": ta.stack()}

@tfmod("h_m_map_fn_per_example",
       "[None,6,6]: tf.map_fn over the batch computing trace(e@W) + reduce_max(e) per example",
       lambda: [S([None, 6, 6], name="x")], w=(6, 6))
def f_mapfn(m, x):
    return {"y": tf.map_fn(lambda e: tf.linalg.trace(e @ m.w) + tf.reduce_max(e), x)}

@tfmod("h_m_vectorized_map", "[None,12]: tf.vectorized_map of softmax(W@e) * max(e) per example (pfor-vectorised)",
       lambda: [S([None, 12], name="x")], w=(5, 12))
def f_vmap(m, x):
    return {"y": tf.vectorized_map(lambda e: tf.nn.softmax(tf.linalg.matvec(m.w, e)) * tf.reduce_max(e), x)}

@tfmod("h_m_scan_rnn",
       "[None,10,4]: transpose to time-major, tf.scan of h = tanh(h@U + x_t@W) from zeros [batch,8], all states",
       lambda: [S([None, 10, 4], name="x")], w=(4, 8), u=(8, 8))
def f_scan(m, x):
    hs = tf.scan(lambda h, xt: tf.tanh(h @ m.u + xt @ m.w), tf.transpose(x, [1, 0, 2]),
                 initializer=tf.zeros([tf.shape(x)[0], 8]))
    return {"seq": tf.transpose(hs, [1, 0, 2])}

@tfmod("h_m_foldl_matrix_chain",
       "[None,4,4] list of matrices: tf.foldl(a -> tanh(a@e + B)) starting from identity -> [4,4]",
       lambda: [S([None, 4, 4], name="mats")], b=(4, 4))
def f_foldl(m, x):
    return {"product": tf.foldl(lambda a, e: tf.tanh(a @ e + m.b), x, initializer=tf.eye(4))}


# ============================================================================ tf.Module: gather, linalg, signal
@tfmod("h_m_gather_batch_dims",
       "params [None,10,8] + idx int32 [None,3]: tf.gather(params, idx, batch_dims=1), einsum projection",
       lambda: [S([None, 10, 8], name="params"), S([None, 3], "int32", "idx")], w=(8, 4))
def f_gbd(m, params, idx):
    return {"y": tf.einsum("bkd,de->bke", tf.gather(params, idx, batch_dims=1), m.w)}

@tfmod("h_m_complex64_matmul_adjoint",
       "[None,8,8]: tf.complex(x, x@W), matmul(adjoint_a=True) in complex64, real/abs/angle; float matmul(adjoint_b)",
       lambda: [S([None, 8, 8], name="x")], w=(8, 8))
def f_cplx(m, x):
    c = tf.complex(x, x @ m.w)
    y = tf.linalg.matmul(c, c, adjoint_a=True)
    return {"re": tf.math.real(y), "mag": tf.abs(y), "phase": tf.math.angle(y),
            "gram": tf.linalg.matmul(x, x, adjoint_b=True)}

@tfmod("h_m_cholesky_triangular_solve",
       "a [None,4,4], b [None,4,2]: SPD a@a^T+4I, tf.linalg.cholesky, triangular_solve lower and adjoint",
       lambda: [S([None, 4, 4], name="a"), S([None, 4, 2], name="b")])
def f_tri(m, a, b):
    lo = tf.linalg.cholesky(tf.matmul(a, a, transpose_b=True) + 4.0 * tf.eye(4))
    return {"x": tf.linalg.triangular_solve(lo, b, lower=True),
            "x_adj": tf.linalg.triangular_solve(lo, b, lower=True, adjoint=True)}

@tfmod("h_m_qr_svd_eigh",
       "[None,6,4]: tf.linalg.qr, tf.linalg.svd(compute_uv=False), tf.linalg.eigh of the Gram matrix x^T x",
       lambda: [S([None, 6, 4], name="x")])
def f_decomp(m, x):
    q, r = tf.linalg.qr(x)
    e, v = tf.linalg.eigh(tf.matmul(x, x, transpose_a=True))
    return {"q": q, "r": r, "s": tf.linalg.svd(x, compute_uv=False), "evals": e, "evecs": v}

@tfmod("h_m_fft2d_rfft_irfft",
       "[None,16,16] real: |tf.signal.fft2d| of complex64 input; rfft * learned 9-bin filter, tf.signal.irfft",
       lambda: [S([None, 16, 16], name="x")], g=(9,))
def f_fft(m, x):
    spec = tf.signal.fft2d(tf.complex(x, tf.zeros_like(x)))
    return {"mag": tf.abs(spec), "smooth": tf.signal.irfft(tf.signal.rfft(x) * tf.cast(m.g, tf.complex64))}

@tfmod("h_m_segment_sorted_ids_input",
       "x [None,8] + sorted segment ids int32 [None] from input: tf.math.segment_mean and segment_max of relu(x@W)",
       lambda: [S([None, 8], name="x"), S([None], "int32", "segment_ids")], w=(8, 8))
def f_segs(m, x, ids):
    h = tf.nn.relu(x @ m.w)
    return {"mean": tf.math.segment_mean(h, ids), "max": tf.math.segment_max(h, ids)}

@tfmod("h_m_unsorted_segment_n_input",
       "x [None,8], ids [None], num_segments int32 scalar input: unsorted_segment_sum/max with that num_segments",
       lambda: [S([None, 8], name="x"), S([None], "int32", "segment_ids"), S([], "int32", "num_segments")], w=(8, 8))
def f_segu(m, x, ids, n):
    h = tf.nn.relu(x @ m.w)
    return {"sum": tf.math.unsorted_segment_sum(h, ids, n), "max": tf.math.unsorted_segment_max(h, ids, n)}

@tfmod("h_m_sort_axis0_topk_unsorted",
       "[None,16] scores: tf.sort(axis=0), tf.argsort(axis=0, DESCENDING), tf.math.top_k(k=4, sorted=False)",
       lambda: [S([None, 16], name="x")], w=(16, 16))
def f_sort(m, x):
    s = x @ m.w
    v, i = tf.math.top_k(s, 4, sorted=False)
    return {"sorted0": tf.sort(s, axis=0), "order0": tf.argsort(s, axis=0, direction="DESCENDING"),
            "top_v": v, "top_i": i}


# ======================================================================= tf.Module: strings, sparse, ragged, dtypes
@tfmod("h_m_strings_regex_split_hash",
       "text string [None]: strings.lower, regex_replace, strings.split (ragged), to_hash_bucket_fast(64), ragged mean",
       lambda: [S([None], "string", "text")], table=(64, 8), w=(8, 2))
def f_str(m, text):
    tok = tf.strings.split(tf.strings.regex_replace(tf.strings.lower(text), "[^a-z0-9 ]", " "))
    emb = tf.reduce_mean(tf.gather(m.table, tf.strings.to_hash_bucket_fast(tok, 64)), axis=1)
    return {"logits": emb @ m.w, "n_tokens": tok.row_lengths()}

@tfmod("h_m_sparse_dense_matmul_to_dense",
       "SparseTensor of constant indices + input values [6]: sparse_dense_matmul, sparse.to_dense; from_dense+reduce",
       lambda: [S([6], name="values"), S([10, 8], name="x")], w=(8, 4))
def f_sparse(m, vals, x):
    sp = tf.SparseTensor(tf.constant([[0, 1], [1, 3], [2, 2], [4, 0], [7, 9], [9, 5]], tf.int64), vals, [10, 10])
    return {"y": tf.sparse.sparse_dense_matmul(sp, x @ m.w), "adj": tf.sparse.to_dense(sp),
            "row_sum": tf.sparse.reduce_sum(tf.sparse.from_dense(tf.nn.relu(x)), axis=1)}

@tfmod("h_m_ragged_from_row_lengths",
       "values [None,8] + row_lengths int32 [None]: RaggedTensor.from_row_lengths(values@W), ragged reduce mean/max",
       lambda: [S([None, 8], name="values"), S([None], "int32", "row_lengths")], w=(8, 4))
def f_ragged(m, values, lengths):
    rt = tf.RaggedTensor.from_row_lengths(values @ m.w, lengths)
    return {"mean": tf.reduce_mean(rt, axis=1), "max": tf.reduce_max(rt, axis=1)}

@tfmod("h_m_int64_int16_floormod_truncatediv",
       "a int64 [None,8], b int16 [None,8]: mul/sub, tf.truncatediv, floormod, floordiv on int64 and int16, reduce_sum",
       lambda: [S([None, 8], "int64", "a"), S([None, 8], "int16", "b")])
def f_ints(m, a, b):
    a2 = a * 7 - 20
    q, r = tf.truncatediv(a2, tf.constant(3, tf.int64)), tf.math.floormod(a2, tf.constant(3, tf.int64))
    c = tf.math.floordiv(b * b, tf.constant(5, tf.int16)) + tf.math.floormod(b, tf.constant(4, tf.int16))
    return {"q": q, "r": r, "c16": c, "sum64": tf.reduce_sum(q * r, -1)}

@tfmod("h_m_uint8_bitwise_ops",
       "px uint8 [None,16], k int32 [None,16]: uint8 add, right/left_shift, bitwise and/or/xor/invert, PopulationCount",
       lambda: [S([None, 16], "uint8", "px"), S([None, 16], "int32", "k")])
def f_bits(m, px, k):
    hi, lo = tf.bitwise.right_shift(px, 4), tf.bitwise.bitwise_and(px, 15)
    return {"swap": tf.bitwise.bitwise_or(tf.bitwise.left_shift(lo, 4), hi), "xor": tf.bitwise.bitwise_xor(hi, lo),
            "wrap": px + px, "k": tf.bitwise.bitwise_xor(tf.bitwise.left_shift(k, 2), tf.bitwise.invert(k)),
            "popcount": tf.raw_ops.PopulationCount(x=px)}

@tfmod("h_m_cast_chain_bf16_fp16",
       "[None,8] f32: bfloat16 matmul, float16 tanh*100, casts f16->int16->uint8->int64->float64->float32",
       lambda: [S([None, 8], name="x")], w=(8, 8))
def f_casts(m, x):
    h = tf.matmul(tf.cast(x, tf.bfloat16), tf.cast(m.w, tf.bfloat16))
    h = tf.tanh(tf.cast(h, tf.float16)) * tf.constant(100, tf.float16)
    q = tf.cast(tf.cast(tf.cast(h, tf.int16), tf.uint8), tf.int64)
    return {"y": tf.cast(tf.cast(q, tf.float64) / 255.0, tf.float32), "h16": h}


# ============================================================================ tf.Module: jit, nested inputs, multi-sig
@tfmod("h_m_jit_compile_mlp_layernorm",
       "serving tf.function saved with jit_compile=True: [None,16] matmul, gelu, hand-written layer norm, softmax",
       lambda: [S([None, 16], name="x")], jit=True, w1=(16, 32), w2=(32, 4))
def f_jit(m, x):
    h = tf.nn.gelu(x @ m.w1)
    h = (h - tf.reduce_mean(h, -1, keepdims=True)) * tf.math.rsqrt(tf.math.reduce_variance(h, -1, True) + 1e-5)
    return {"y": tf.nn.softmax(h @ m.w2)}

@tfmod("h_m_jit_compile_boolean_mask",
       "serving tf.function saved with jit_compile=True: [None,16] matmul, tf.boolean_mask(s, s > 0), reduce_sum",
       lambda: [S([None, 16], name="x")], jit=True, w=(16, 8))
def f_jitmask(m, x):
    s = x @ m.w
    keep = tf.boolean_mask(s, s > 0.0)
    return {"kept": keep, "total": tf.reduce_sum(keep)}

@tfmod("h_m_dict_nested_inputs",
       "tf.function input {'image':[None,16,16,3], 'meta':{'age':[None,1], 'tags':int32 [None,3]}} (SignatureDef "
       "flattens it to age/image/tags): conv, GAP, concat with meta, sigmoid",
       lambda: [{"image": S([None, 16, 16, 3], name="image"),
                 "meta": {"age": S([None, 1], name="age"), "tags": S([None, 3], "int32", "tags")}}],
       k=(3, 3, 3, 8), w=(12, 1))
def f_nested(m, d):
    img = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(d["image"], m.k, 2, "SAME")), [1, 2])
    meta = tf.concat([d["meta"]["age"], tf.cast(d["meta"]["tags"], tf.float32)], -1)
    return {"score": tf.sigmoid(tf.concat([img, meta], -1) @ m.w), "embedding": img}

@model("h_m_multi_signature_mixed", "tf-module",
       "4 signatures: serving_default MLP [None,32]; embed = conv + spatial mean [None,16,16,3]; dedupe = tf.unique "
       "int32 [None]; tokenize = strings.split, to_hash_bucket_fast(100), ragged to_tensor")
def b_multisig(out):
    def tokenize(m, text):
        return {"ids": tf.strings.to_hash_bucket_fast(tf.strings.split(text), 100).to_tensor(-1)}
    sigs = {"serving_default": (lambda m, x: {"probs": tf.nn.softmax(tf.nn.relu(x @ m.w1) @ m.w2)}, [S([None, 32])]),
            "embed": (lambda m, x: {"emb": tf.reduce_mean(tf.nn.conv2d(x, m.k, 1, "SAME"), [1, 2])},
                      [S([None, 16, 16, 3])]),
            "dedupe": (lambda m, ids: dict(zip(("unique", "idx"), tf.unique(ids))), [S([None], "int32")]),
            "tokenize": (tokenize, [S([None], "string")])}
    _module(out, sigs, w1=(32, 16), w2=(16, 4), k=(3, 3, 3, 8))


# ============================================================================ TF1 graphs

def _v1var(name, shape, seed):
    return tf.compat.v1.get_variable(name, initializer=_w(shape, seed))


def _dense(x, n, scope, seed, act=None):  # what tf.compat.v1.layers.dense builds: scope/kernel, scope/bias
    with tf.compat.v1.variable_scope(scope):
        y = tf.nn.bias_add(tf.matmul(x, _v1var("kernel", (x.shape[-1], n), seed)), _v1var("bias", (n,), seed + 1))
    return act(y) if act else y


def _conv(x, n, scope, seed, s=1):  # tf.compat.v1.layers.conv2d(n, 3, s, "same", activation=relu)
    with tf.compat.v1.variable_scope(scope):
        k = _v1var("kernel", (3, 3, x.shape[-1], n), seed)
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k, s, "SAME"), _v1var("bias", (n,), seed + 1)))


def _tf1(build, out: Path, freeze=None, v1_control_flow=False):
    """build() -> {signature: ({name: input}, {name: output})} in a fresh tf.Graph; saved with SavedModelBuilder
    (tag 'serve'), or, if `freeze` lists output node names, frozen with convert_variables_to_constants to a .pb."""
    if v1_control_flow:
        tf.compat.v1.disable_control_flow_v2()  # Enter/Exit/Merge/Switch/NextIteration loops
    try:
        g = tf.Graph()
        with g.as_default(), tf.compat.v1.Session(graph=g) as sess:
            sigs = build()
            sess.run(tf.compat.v1.global_variables_initializer())
            if freeze:
                gd = tf.compat.v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), freeze)
                return out.write_bytes(gd.SerializeToString())
            b = tf.compat.v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(sess, ["serve"], signature_def_map={
                k: tf.compat.v1.saved_model.predict_signature_def(i, o) for k, (i, o) in sigs.items()})
            b.save()
    finally:
        tf.compat.v1.enable_control_flow_v2()


def _ph(dtype, shape, name):
    return tf.compat.v1.placeholder(dtype, shape, name=name)

@model("h_tf1_sm_layerstyle_two_signatures", "tf1-savedmodel",
       "TF1 SavedModelBuilder: serving_default = conv2d/max_pool/dense ([None,28,28,1], layers-style scope/kernel, "
       "scope/bias variables built by hand); 'dedupe' = tf.unique on int32 ids [None]")
def b_tf1_two(out):
    def build():
        x, ids = _ph(tf.float32, [None, 28, 28, 1], "image"), _ph(tf.int32, [None], "ids")
        y = tf.reshape(tf.nn.max_pool2d(_conv(x, 8, "conv2d", 1, 2), 2, 2, "VALID"), [-1, 7 * 7 * 8])
        u, idx = tf.unique(ids)
        return {"serving_default": ({"image": x}, {"probs": tf.nn.softmax(_dense(y, 10, "dense", 5))}),
                "dedupe": ({"ids": ids}, {"unique": u, "idx": idx})}
    _tf1(build, out)

@model("h_tf1_sm_v1_while_rnn", "tf1-savedmodel",
       "TF1 SavedModelBuilder, control flow v2 disabled: tf.compat.v1.while_loop RNN over time of [None,None,6], Dense")
def b_tf1_rnn(out):
    def build():
        x = _ph(tf.float32, [None, None, 6], "seq")
        with tf.compat.v1.variable_scope("rnn"):
            w, u = _v1var("kernel", (6, 8), 10), _v1var("recurrent_kernel", (8, 8), 11)
        xt = tf.transpose(x, [1, 0, 2])
        body = lambda t, h: (t + 1, tf.tanh(tf.matmul(xt[t], w) + tf.matmul(h, u)))  # noqa: E731
        _, h = tf.compat.v1.while_loop(lambda t, h: t < tf.shape(xt)[0], body, [0, tf.zeros([tf.shape(x)[0], 8])])
        return {"serving_default": ({"seq": x}, {"logits": _dense(h, 3, "dense", 12)})}
    _tf1(build, out, v1_control_flow=True)

@model("h_tf1_frozen_v1_while_steps_input", "tf1-frozen",
       "frozen TF1 graph with Enter/Merge/Switch/NextIteration/Exit: while_loop h=relu(h@W)+x, trip count = "
       "int32 scalar placeholder 'steps'; x [1,16]")
def b_tf1_while(out):
    def build():
        x, steps = _ph(tf.float32, [1, 16], "x"), _ph(tf.int32, [], "steps")
        w = _v1var("w", (16, 16), 20)
        _, y = tf.compat.v1.while_loop(lambda i, h: i < steps, lambda i, h: (i + 1, tf.nn.relu(tf.matmul(h, w)) + x),
                                       [0, x])
        tf.identity(y, name="y")
    _tf1(build, out, freeze=["y"], v1_control_flow=True)

@model("h_tf1_frozen_embedding_dense", "tf1-frozen",
       "frozen TF1 graph: int32 ids [None,12] -> embedding_lookup from a [200,16] table, reduce_mean, 2 dense layers")
def b_tf1_emb(out):
    def build():
        ids = _ph(tf.int32, [None, 12], "ids")
        e = tf.reduce_mean(tf.nn.embedding_lookup(_v1var("embeddings", (200, 16), 30), ids), axis=1)
        tf.nn.softmax(_dense(_dense(e, 16, "dense", 31, tf.nn.relu), 4, "dense_1", 33), name="probs")
    _tf1(build, out, freeze=["probs"])

@model("h_tf2_frozen_cv2v2_while_lowered", "tf2-frozen",
       "tf.function with tf.while_loop (4 steps, fixed [None,8] state) frozen by convert_variables_to_constants_v2 "
       "(default lower_control_flow=True)")
def b_tf2_while(out):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2
    w = tf.Variable(_w((8, 8), 40))

    @tf.function
    def fn(x):
        return tf.while_loop(lambda i, h: i < 4, lambda i, h: (i + 1, tf.tanh(h @ w + x)), (tf.constant(0), x))[1]
    cf = fn.get_concrete_function(S([None, 8], name="x"))
    out.write_bytes(convert_variables_to_constants_v2(cf).graph.as_graph_def().SerializeToString())


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


def _dummy(spec, rng):
    shape = [2 if d is None else d for d in spec.shape]
    if spec.dtype in (tf.string, tf.bool):
        return tf.fill(shape, "Hello, World 42!" if spec.dtype == tf.string else True)
    if spec.dtype.is_integer:  # ids/lengths 1, scalars (counts, num_segments) 3
        return tf.fill(shape, tf.constant(1 if shape else 3, spec.dtype))
    return tf.cast(rng.normal(size=shape), spec.dtype)


def _check(name: str) -> str:
    p, kind = _path(name), CORPUS.builders[name][1]
    if p.suffix == ".pb":
        return CORPUS.load_back(name)
    obj, ran = tf.saved_model.load(str(p)), []
    for k, sig in obj.signatures.items():
        if "jit" not in kind:  # running a jit_compile function would invoke XLA; load only
            sig(**{n: _dummy(s, np.random.default_rng(0)) for n, s in sig.structured_input_signature[1].items()})
            ran.append(k)
    return f"signatures {sorted(obj.signatures)}; ran {ran or 'none'}"


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=_check))
