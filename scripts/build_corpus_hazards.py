"""Build a corpus of small models that each carry ONE hazard (or none), into bench/out/hazards/.

It measures where accelcheck's verdicts depend on more than an op's name and dtype. The models
are different from the fixtures and from scripts/build_unseen.py. About 40% are clean models
that the toolchain should accept, so that false alarms can be counted. The hazard classes
(prefixes of the model names):

    xc_   XLA compile-time-constant operands (Reshape/Tile/Range/OneHot/TopK/Pad/Slice/Fill/Resize/
          Transpose/Sum) computed from an input's value, from tf.shape, a variable, a random op, a
          loop-carried value, a StringToNumber, the shape of a data-dependent tensor
    tl_   TFLite legalization that depends on more than (op, dtype): constant vs data operands,
          v1 Gather, resource variables of int/bool/string dtypes, searchsorted, ops outside the
          flex allowlist, bitcast/bitwise/segment/matrix/complex/float64/int8/int16/string ops
    tag_  SavedModels whose only MetaGraph is not tagged exactly {serve}, and one with two
          MetaGraphs
    dev_  device pins in TF1 graphs (GPU, job/task, TPU, TPU_REPLICATED_CORE, TPU_SYSTEM,
          partial names) and exports with the devices cleared
    cl_   classic hazards: unfrozen variables in frozen graphs, dropout, debug ops, Python
          callbacks, datasets, hash tables, v1 loops, float64/int64/string inputs, dynamic shapes,
          stateful random ops, ops without an XLA kernel
    ok_   clean models (in every export form)

Models come in several export forms: Keras `model.export` (keras-export), `tf.saved_model.save` of a
tf.Module with one or more signatures (tf2-module), TF1 SavedModels written with
tf.compat.v1.saved_model.Builder (tf1-savedmodel), TF1 frozen GraphDefs (tf1-frozen, `.pb`) and
text GraphDefs (graphdef-text, `.pbtxt`).

    .venv/bin/python scripts/build_corpus_hazards.py            # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_hazards.py --force    # rebuild all
    .venv/bin/python scripts/build_corpus_hazards.py NAME...    # rebuild only these
    .venv/bin/python scripts/build_corpus_hazards.py --check    # load each built model the way the
                                                                # oracles do (tags serve), report failures
                                                                # (the tag_ models fail it by design)

Writes bench/out/hazards/MANIFEST.txt, one line per model: name | kind | what it contains.
Everything runs in one process (TensorFlow 2.21, Keras 3). Each builder is independent. A
builder that fails is reported and skipped. Then measure with
`scripts/agreement.py bench/out/hazards --jobs 2`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
import traceback
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

OUT = Path(__file__).resolve().parent.parent / "bench" / "out" / "hazards"
BUILDERS: dict[str, tuple[object, str, str]] = {}  # name -> (fn(out_path), kind, description)
SUFFIX = {"tf1-frozen": ".pb", "graphdef-text": ".pbtxt"}

tf = None
keras = None
np = None


def model(name: str, kind: str, desc: str):
    def deco(fn):
        BUILDERS[name] = (fn, kind, desc)
        return fn
    return deco


def _rng(seed=0):
    return np.random.default_rng(seed)


def _w(shape, seed, dtype="float32"):
    return (_rng(seed).normal(size=shape) * 0.1).astype(dtype)


def _export(m, out: Path):
    m.export(str(out), verbose=False)


def _save(mod, out: Path, signatures):
    tf.saved_model.save(mod, str(out), signatures=signatures)


def _spec(shape, dtype=None, name=None):
    return tf.TensorSpec(shape, dtype or tf.float32, name=name)


# ---------------------------------------------------------------------------- TF1 helpers

class _TF1:
    """A fresh graph and session; ref variables and v1 control flow when legacy=True (TF 1.x)."""

    def __init__(self, legacy: bool, soft_placement: bool = False):
        self.legacy, self.soft = legacy, soft_placement

    def __enter__(self):
        if self.legacy:
            tf.compat.v1.disable_control_flow_v2()
            tf.compat.v1.disable_resource_variables()
        self.g = tf.Graph()
        self.ctx = self.g.as_default()
        self.ctx.__enter__()
        config = tf.compat.v1.ConfigProto(allow_soft_placement=True) if self.soft else None
        self.sess = tf.compat.v1.Session(graph=self.g, config=config)
        return self

    def init(self):
        self.sess.run(tf.compat.v1.global_variables_initializer())

    def __exit__(self, *exc):
        self.sess.close()
        self.ctx.__exit__(*exc)
        tf.compat.v1.enable_control_flow_v2()
        tf.compat.v1.enable_resource_variables()
        return False


def _var(name, shape, seed, dtype="float32"):
    return tf.compat.v1.get_variable(name, initializer=_w(shape, seed, dtype))


def _frozen(sess, outputs, **kw):
    return tf.compat.v1.graph_util.convert_variables_to_constants(sess, sess.graph.as_graph_def(), outputs, **kw)


def _write_pb(gd, out: Path):
    out.write_bytes(gd.SerializeToString())


def _write_pbtxt(gd, out: Path):
    from google.protobuf import text_format

    out.write_text(text_format.MessageToString(gd))


def _pin(gd, device: str):
    for n in gd.node:
        n.device = device
    return gd


def _sm_save(sess, out: Path, inputs: dict, outputs: dict, tags=("serve",), clear_devices=False, extra=None,
             main_op=None):
    b = tf.compat.v1.saved_model.Builder(str(out))
    sigs = {"serving_default": tf.compat.v1.saved_model.predict_signature_def(inputs, outputs)}
    sigs.update(extra or {})
    b.add_meta_graph_and_variables(sess, list(tags), signature_def_map=sigs, clear_devices=clear_devices,
                                   main_op=main_op, strip_default_attrs=True)
    b.save()


def _tf1_mlp(seed, n_in=4, n_hidden=8, n_out=2):
    x = tf.compat.v1.placeholder(tf.float32, [None, n_in], name="x")
    h = tf.nn.relu(tf.matmul(x, _var("l1/w", (n_in, n_hidden), seed)) + _var("l1/b", (n_hidden,), seed + 1))
    y = tf.identity(tf.matmul(h, _var("l2/w", (n_hidden, n_out), seed + 2)), name="y")
    return x, y


# ============================================================================ 1. XLA compile-time constants

@model("xc_input_value_operands", "tf2-module",
       "one signature per compile-time-constant operand taken from a signature input's VALUE: "
       "reshape_by_value (Reshape shape), tile_by_value (Tile multiples), range_by_value (Range limit), "
       "onehot_by_value (OneHot depth), topk_by_value (TopKV2 k), pad_by_value (Pad paddings), "
       "resize_by_value (ResizeBilinear size), sum_by_value (Sum axis); plus flatten_by_shape, whose "
       "Reshape shape comes from tf.shape only (fine)")
def b_xc_inputs(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((24, 3), 1))
            self.pos = tf.Variable(_w((64, 8), 2))
            self.k = tf.Variable(_w((3, 3, 1, 2), 3))

        @tf.function(input_signature=[_spec([None, 4, 6])])
        def flatten_by_shape(self, x):
            return {"y": tf.reshape(x, [tf.shape(x)[0], -1]) @ self.w}

        @tf.function(input_signature=[_spec([None, 24]), _spec([], tf.int32)])
        def reshape_by_value(self, x, groups):
            return {"y": tf.reduce_sum(tf.reshape(x, [-1, groups]), axis=1)}

        @tf.function(input_signature=[_spec([None, 4]), _spec([2], tf.int32)])
        def tile_by_value(self, x, reps):
            return {"y": tf.tile(x, reps) * 2.0}

        @tf.function(input_signature=[_spec([], tf.int32)])
        def range_by_value(self, n):
            return {"pos": tf.gather(self.pos, tf.range(n))}

        @tf.function(input_signature=[_spec([None], tf.int32), _spec([], tf.int32)])
        def onehot_by_value(self, ids, depth):
            return {"y": tf.one_hot(ids, depth)}

        @tf.function(input_signature=[_spec([None, 20]), _spec([], tf.int32)])
        def topk_by_value(self, scores, k):
            r = tf.math.top_k(scores, k)
            return {"values": r.values, "indices": r.indices}

        @tf.function(input_signature=[_spec([1, 8, 8, 1]), _spec([4, 2], tf.int32)])
        def pad_by_value(self, img, paddings):
            return {"y": tf.nn.conv2d(tf.pad(img, paddings), self.k, 1, "VALID")}

        @tf.function(input_signature=[_spec([1, 16, 16, 3]), _spec([2], tf.int32)])
        def resize_by_value(self, img, size):
            return {"y": tf.image.resize(img, size)}

        @tf.function(input_signature=[_spec([None, 5, 7]), _spec([], tf.int32)])
        def sum_by_value(self, x, axis):
            return {"y": tf.reduce_sum(x, axis)}
    m = M()
    names = ["flatten_by_shape", "reshape_by_value", "tile_by_value", "range_by_value", "onehot_by_value",
             "topk_by_value", "pad_by_value", "resize_by_value", "sum_by_value"]
    _save(m, out, {n: getattr(m, n) for n in names})


@model("xc_variable_operands", "tf2-module",
       "compile-time-constant operands read from variables: reshape_by_variable (Reshape shape from an int32 "
       "tf.Variable [-1, 8]); onehot_via_cond (OneHot depth read from an int32 tf.Variable inside a tf.cond "
       "branch)")
def b_xc_vars(out):
    class M(tf.Module):
        def __init__(self):
            self.shape = tf.Variable([-1, 8], dtype=tf.int32)
            self.depth = tf.Variable(5, dtype=tf.int32)
            self.w = tf.Variable(_w((8, 2), 4))

        @tf.function(input_signature=[_spec([None, 16])])
        def reshape_by_variable(self, x):
            return {"y": tf.reshape(x, self.shape) @ self.w}

        @tf.function(input_signature=[_spec([None], tf.int32)])
        def onehot_via_cond(self, labels):
            d = tf.cond(tf.size(labels) > 0, lambda: self.depth.read_value(), lambda: tf.constant(1))
            return {"y": tf.reduce_sum(tf.one_hot(labels, d), axis=0)}
    m = M()
    _save(m, out, {"reshape_by_variable": m.reshape_by_variable, "onehot_via_cond": m.onehot_via_cond})


@model("xc_computed_operands", "tf2-module",
       "compile-time-constant operands computed inside the graph: slice_by_count (Slice size = count of positive "
       "entries of x), tile_by_random (Tile multiples from tf.random.uniform int32), fill_in_while (Fill dims "
       "from a tf.while_loop counter), fill_by_where_shape (Fill dims = tf.shape of tf.where's data-dependent "
       "output)")
def b_xc_computed(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([1, 16])])
        def slice_by_count(self, x):
            n = tf.reduce_sum(tf.cast(x > 0, tf.int32))
            return {"y": tf.reduce_mean(tf.slice(x, [0, 0], tf.stack([1, n])), axis=1)}

        @tf.function(input_signature=[_spec([None, 4])])
        def tile_by_random(self, x):
            r = tf.random.uniform([], 1, 3, dtype=tf.int32)
            return {"y": tf.reduce_sum(tf.tile(x, tf.stack([1, r])), axis=1)}

        @tf.function(input_signature=[_spec([None, 4])])
        def fill_in_while(self, x):
            def body(i, acc):
                return i + 1, acc + tf.reduce_sum(tf.fill(tf.reshape(i + 1, [1]), 1.0))
            _, acc = tf.while_loop(lambda i, acc: i < 3, body, [tf.constant(0), tf.constant(0.0)])
            return {"y": x * acc}

        @tf.function(input_signature=[_spec([8])])
        def fill_by_where_shape(self, x):
            idx = tf.where(x > 0)
            return {"y": tf.reduce_sum(tf.fill(tf.shape(idx)[:1], 2.0)) + tf.reduce_sum(x)}
    m = M()
    names = ["slice_by_count", "tile_by_random", "fill_in_while", "fill_by_where_shape"]
    _save(m, out, {n: getattr(m, n) for n in names})


@model("xc_string_to_number_reshape", "tf2-module",
       "x[None,12] and cols string scalar -> tf.strings.to_number(cols, int32) -> tf.reshape(x, [-1, cols]) "
       "(Reshape shape from StringToNumber)")
def b_xc_str2num(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 12]), _spec([], tf.string)])
        def serve(self, x, cols):
            n = tf.strings.to_number(cols, tf.int32)
            return {"y": tf.reduce_max(tf.reshape(x, tf.stack([-1, n])), axis=1)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("xc_fill_dims_placeholder", "tf1-frozen",
       "TF1 frozen graph: n int32 scalar placeholder and value float placeholder -> tf.fill([n, 3], value) "
       "(Fill dims from a placeholder)")
def b_xc_fill(out):
    with _TF1(legacy=True) as t:
        n = tf.compat.v1.placeholder(tf.int32, [], name="n")
        v = tf.compat.v1.placeholder(tf.float32, [], name="value")
        tf.identity(tf.fill(tf.stack([n, 3]), v) * 2.0, name="y")
        _write_pb(t.g.as_graph_def(), out)


@model("xc_transpose_perm_placeholder", "graphdef-text",
       "text GraphDef: x[2,3,4] and perm int32[3] placeholders -> tf.transpose(x, perm) -> * 2 "
       "(Transpose perm from a placeholder)")
def b_xc_transpose(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [2, 3, 4], name="x")
        perm = tf.compat.v1.placeholder(tf.int32, [3], name="perm")
        tf.identity(tf.transpose(x, perm) * 2.0, name="y")
        _write_pbtxt(t.g.as_graph_def(), out)


@model("ok_xc_topk_k_from_shape", "tf2-module",
       "clean: scores[None,None] -> k = tf.shape(scores)[1] // 4 + 1 -> tf.math.top_k (k from tf.shape only)")
def b_ok_topk_shape(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, None])])
        def serve(self, scores):
            k = tf.shape(scores)[1] // 4 + 1
            return {"values": tf.math.top_k(scores, k).values}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("ok_xc_while_shape_only", "tf2-module",
       "clean: h[None,8] refined 4 times in a tf.while_loop: h = tanh(h @ W) + tf.zeros(tf.shape(h)) "
       "(loop-carried values never feed a shape)")
def b_ok_while(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((8, 8), 5))

        @tf.function(input_signature=[_spec([None, 8])])
        def serve(self, h):
            _, h = tf.while_loop(lambda i, h: i < 4,
                                 lambda i, h: (i + 1, tf.tanh(h @ self.w) + tf.zeros(tf.shape(h))), [0, h])
            return {"h": h}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("ok_xc_keras_positions_from_shape", "keras-export",
       "clean: token features [None,None,8] -> custom layer adds sin(tf.range(tf.shape(x)[1])) positions "
       "(Range limit from tf.shape) -> Dense")
def b_ok_keras_pos(out):
    L = keras.layers

    class AddPositions(L.Layer):
        def call(self, x):
            pos = tf.cast(tf.range(tf.shape(x)[1]), tf.float32)
            return x + tf.sin(pos)[None, :, None]

    i = keras.Input((None, 8))
    o = L.Dense(4)(AddPositions()(i))
    _export(keras.Model(i, o), out)


@model("ok_xc_tf1_reshape_shape_only", "tf1-frozen",
       "clean TF1 frozen graph (resource vars frozen): x[None,None,8] -> reshape to [B*T, 8] computed by "
       "Shape/StridedSlice/Mul/Pack -> MatMul -> reshape back to [B, T, 4]")
def b_ok_tf1_reshape(out):
    with _TF1(legacy=False) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, None, 8], name="x")
        s = tf.shape(x)
        flat = tf.reshape(x, tf.stack([s[0] * s[1], 8]))
        y = tf.matmul(flat, _var("proj/w", (8, 4), 6))
        tf.reshape(y, tf.stack([s[0], s[1], 4]), name="y")
        t.init()
        _write_pb(_frozen(t.sess, ["y"]), out)


# ============================================================================ 2. TFLite legalization

@model("tl_roll_const_shift", "keras-export",
       "x[None,16] -> custom layer tf.roll(x, shift=3, axis=1) (constant shift) -> Dense")
def b_tl_roll_const(out):
    L = keras.layers

    class Roll(L.Layer):
        def call(self, x):
            return tf.roll(x, shift=3, axis=1)

    i = keras.Input((16,))
    _export(keras.Model(i, L.Dense(2)(Roll()(i))), out)


@model("tl_roll_data_shift", "tf2-module",
       "x[None,16] and shift int32 scalar inputs -> tf.roll(x, shift, axis=1) (data-dependent shift)")
def b_tl_roll_data(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 16]), _spec([], tf.int32)])
        def serve(self, x, shift):
            return {"y": tf.roll(x, shift, axis=1)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("ok_tl_topk_const_k", "keras-export",
       "clean: scores [None,30] -> Dense -> custom layer tf.math.top_k(k=3) values and indices outputs")
def b_ok_topk(out):
    L = keras.layers

    class TopK(L.Layer):
        def call(self, x):
            r = tf.math.top_k(x, k=3)
            return r.values, r.indices

    i = keras.Input((30,))
    v, ix = TopK()(L.Dense(30)(i))
    _export(keras.Model(i, [v, ix]), out)


@model("ok_tl_const_shape_operands", "keras-export",
       "clean: x[None,4,6] -> custom layer with constant operands only: reshape [-1,24], tile [1,2], pad "
       "[[0,0],[1,1]], slice begin/size, broadcast_to [B,3,50] from tf.shape -> Dense")
def b_ok_const_ops(out):
    L = keras.layers

    class Shapes(L.Layer):
        def call(self, x):
            y = tf.reshape(x, [-1, 24])
            y = tf.tile(y, [1, 2])
            y = tf.pad(y, [[0, 0], [1, 1]])
            y = tf.slice(y, [0, 0], [-1, 50])
            y = tf.broadcast_to(y[:, None, :], tf.stack([tf.shape(x)[0], 3, 50]))
            return tf.reduce_mean(y, axis=1)

    i = keras.Input((4, 6))
    _export(keras.Model(i, L.Dense(3)(Shapes()(i))), out)


@model("tl_broadcast_to_data_shape", "tf2-module",
       "row[1,4] and rows int32 scalar inputs -> tf.broadcast_to(row, [rows, 4]) (BroadcastTo shape from data)")
def b_tl_bcast(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([1, 4]), _spec([], tf.int32)])
        def serve(self, row, rows):
            return {"y": tf.broadcast_to(row, tf.stack([rows, 4])) + 1.0}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_slice_begin_size_placeholders", "tf1-savedmodel",
       "TF1 SavedModel (resource vars, cf2): x[4,10], begin int32[2], size int32[2] placeholders -> "
       "tf.slice(x @ W, begin, size) (Slice begin/size from data)")
def b_tl_slice(out):
    with _TF1(legacy=False) as t:
        x = tf.compat.v1.placeholder(tf.float32, [4, 10], name="x")
        begin = tf.compat.v1.placeholder(tf.int32, [2], name="begin")
        size = tf.compat.v1.placeholder(tf.int32, [2], name="size")
        y = tf.identity(tf.slice(tf.matmul(x, _var("w", (10, 10), 7)), begin, size), name="y")
        t.init()
        _sm_save(t.sess, out, {"x": x, "begin": begin, "size": size}, {"y": y})


@model("tl_gather_v1_pbtxt", "graphdef-text",
       "text GraphDef: ids int64[None,3] placeholder -> v1 Gather on a constant [20,4] table -> Sum -> y")
def b_tl_gather_v1_txt(out):
    with _TF1(legacy=True) as t:
        ids = tf.compat.v1.placeholder(tf.int64, [None, 3], name="ids")
        table = tf.constant(_w((20, 4), 9), name="table")
        tf.identity(tf.reduce_sum(tf.raw_ops.Gather(params=table, indices=ids), axis=1), name="y")
        _write_pbtxt(t.g.as_graph_def(), out)


@model("ok_tl_gather_v2_batch_dims", "tf2-module",
       "clean: per-example candidate scoring: cands int32[None,5] + user[None,8] -> tf.gather(items, cands) "
       "(GatherV2) and tf.gather(..., batch_dims=1) -> dot products")
def b_ok_gather_v2(out):
    class M(tf.Module):
        def __init__(self):
            self.items = tf.Variable(_w((40, 8), 10))

        @tf.function(input_signature=[_spec([None, 5], tf.int32), _spec([None, 8])])
        def serve(self, cands, user):
            vecs = tf.gather(self.items, cands)
            scores = tf.einsum("bkd,bd->bk", vecs, user)
            best = tf.gather(cands, tf.argmax(scores, axis=1, output_type=tf.int32)[:, None], batch_dims=1)
            return {"scores": scores, "best": best}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_resvar_int32_read", "tf2-module",
       "ids int32[None] + an int32 resource variable offset (read only) -> ids + offset -> one_hot(depth 16)")
def b_tl_var_i32(out):
    class M(tf.Module):
        def __init__(self):
            self.offset = tf.Variable(2, dtype=tf.int32)

        @tf.function(input_signature=[_spec([None], tf.int32)])
        def serve(self, ids):
            return {"y": tf.one_hot(ids + self.offset, 16)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_resvar_int64_assign", "tf2-module",
       "request counter: serve(x[None,4]) does assign_add(1) on an int64 resource variable and returns "
       "x * step (AssignAddVariableOp int64 on the served path)")
def b_tl_var_i64(out):
    class M(tf.Module):
        def __init__(self):
            self.step = tf.Variable(0, dtype=tf.int64)

        @tf.function(input_signature=[_spec([None, 4])])
        def serve(self, x):
            s = self.step.assign_add(1)
            return {"y": x * tf.cast(s, tf.float32)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_resvar_bool_assign", "tf2-module",
       "feature flag in a bool resource variable: serve(x[None,4]) reads it in tf.where; set_enabled(flag bool) "
       "assigns it (AssignVariableOp bool)")
def b_tl_var_bool(out):
    class M(tf.Module):
        def __init__(self):
            self.enabled = tf.Variable(True)

        @tf.function(input_signature=[_spec([None, 4])])
        def serve(self, x):
            return {"y": tf.where(self.enabled, tf.nn.relu(x), x)}

        @tf.function(input_signature=[_spec([], tf.bool)])
        def set_enabled(self, flag):
            self.enabled.assign(flag)
            return {"enabled": self.enabled.read_value()}
    m = M()
    _save(m, out, {"serving_default": m.serve, "set_enabled": m.set_enabled})


@model("tl_resvar_string_read", "tf2-module",
       "x[None,4] -> Dense; a string resource variable (model version) is read and returned as a second "
       "output")
def b_tl_var_str(out):
    class M(tf.Module):
        def __init__(self):
            self.version = tf.Variable("v1.3.0")
            self.w = tf.Variable(_w((4, 2), 11))

        @tf.function(input_signature=[_spec([None, 4])])
        def serve(self, x):
            return {"y": x @ self.w, "version": self.version.read_value()}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_searchsorted_bounds", "tf2-module",
       "bucketing against constant boundaries[9]: signatures upper (tf.searchsorted side=right, UpperBound) "
       "and lower (side=left, LowerBound) on values[None,5]")
def b_tl_search(out):
    bounds = tf.constant(np.linspace(-2, 2, 9).astype("float32"))

    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 5])])
        def upper(self, values):
            b = tf.broadcast_to(bounds, tf.stack([tf.shape(values)[0], 9]))
            return {"bucket": tf.searchsorted(b, values, side="right")}

        @tf.function(input_signature=[_spec([None, 5])])
        def lower(self, values):
            b = tf.broadcast_to(bounds, tf.stack([tf.shape(values)[0], 9]))
            return {"bucket": tf.searchsorted(b, values, side="left")}
    m = M()
    _save(m, out, {"upper": m.upper, "lower": m.lower})


@model("tl_boosted_trees_bucketize", "tf2-module",
       "x[None,2] -> tf.raw_ops.BoostedTreesBucketize over its two columns with constant boundaries -> "
       "int32 bucket ids")
def b_tl_bt(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 2])])
        def serve(self, x):
            ids = tf.raw_ops.BoostedTreesBucketize(
                float_values=[x[:, 0], x[:, 1]],
                bucket_boundaries=[tf.constant([0.0, 1.0, 2.0]), tf.constant([-1.0, 0.5])])
            return {"b0": ids[0], "b1": ids[1]}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_sparse_softmax", "tf2-module",
       "attention over present entries only: x[None,6] -> tf.sparse.from_dense -> tf.sparse.softmax "
       "(SparseSoftmax) -> tf.sparse.to_dense")
def b_tl_sparse_softmax(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 6])])
        def serve(self, x):
            return {"y": tf.sparse.to_dense(tf.sparse.softmax(tf.sparse.from_dense(x)))}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_decode_wav_mfcc", "tf2-module",
       "keyword spotting front end: wav bytes string scalar -> tf.audio.decode_wav -> AudioSpectrogram -> "
       "Mfcc -> Dense")
def b_tl_wav(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((13, 4), 12))

        @tf.function(input_signature=[_spec([], tf.string)])
        def serve(self, wav):
            audio, rate = tf.audio.decode_wav(wav, desired_channels=1)
            spec = tf.raw_ops.AudioSpectrogram(input=audio, window_size=256, stride=128, magnitude_squared=True)
            mfcc = tf.raw_ops.Mfcc(spectrogram=spec, sample_rate=rate, dct_coefficient_count=13)
            return {"logits": tf.reduce_mean(mfcc, axis=[0, 1])[None] @ self.w}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_bitcast_bitwise", "tf2-module",
       "two signatures: exponent_bits(x[None,4] float32) does tf.bitcast to int32 and casts back (Bitcast); "
       "hash_mix(a, b int32[None,4]) does bitwise_xor, left_shift, right_shift, bitwise_and")
def b_tl_bits(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 4])])
        def exponent_bits(self, x):
            return {"y": tf.cast(tf.bitcast(x, tf.int32) // 8388608, tf.float32)}

        @tf.function(input_signature=[_spec([None, 4], tf.int32), _spec([None, 4], tf.int32)])
        def hash_mix(self, a, b):
            h = tf.bitwise.bitwise_xor(tf.bitwise.left_shift(a, 3), tf.bitwise.right_shift(b, 2))
            return {"h": tf.bitwise.bitwise_and(h, 1023)}
    m = M()
    _save(m, out, {"exponent_bits": m.exponent_bits, "hash_mix": m.hash_mix})


@model("tl_small_int_arith", "tf2-module",
       "integer arithmetic below 32 bits, one signature per dtype: int8(a, b int8[None,8]) add/mul/maximum/sub; "
       "uint8(u uint8[None,8]) mul/add; int16(s int16[None,8]) mul/add/sub")
def b_tl_small_int(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 8], tf.int8), _spec([None, 8], tf.int8)])
        def int8(self, a, b):
            return {"y": tf.maximum(a + b, a * b) - b}

        @tf.function(input_signature=[_spec([None, 8], tf.uint8)])
        def uint8(self, u):
            return {"y": u * tf.constant(2, tf.uint8) + tf.constant(1, tf.uint8)}

        @tf.function(input_signature=[_spec([None, 8], tf.int16)])
        def int16(self, s):
            return {"y": s * tf.constant(3, tf.int16) + s - tf.constant(7, tf.int16)}
    m = M()
    _save(m, out, {"int8": m.int8, "uint8": m.uint8, "int16": m.int16})


@model("tl_segment_sum_max", "tf2-module",
       "x[6,4]: tf.math.segment_sum with constant sorted segment ids (SegmentSum) and "
       "tf.math.unsorted_segment_max with constant ids and 3 segments")
def b_tl_segment(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([6, 4])])
        def serve(self, x):
            return {"sum": tf.math.segment_sum(x, tf.constant([0, 0, 1, 1, 1, 2])),
                    "max": tf.math.unsorted_segment_max(x, tf.constant([2, 0, 1, 0, 2, 1]), 3)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_matrix_det_logdet", "tf2-module",
       "covariance scoring on m[None,3,3]: tf.linalg.det (MatrixDeterminant) and tf.linalg.slogdet "
       "(LogMatrixDeterminant) of m m^T + I")
def b_tl_det(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 3, 3])])
        def serve(self, m):
            spd = tf.matmul(m, m, transpose_b=True) + tf.eye(3)
            return {"det": tf.linalg.det(spd), "logdet": tf.linalg.slogdet(spd).log_abs_determinant}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_complex_fft_magnitude", "tf2-module",
       "re[None,16], im[None,16] -> tf.complex -> tf.signal.fft (FFT complex64) -> tf.abs (ComplexAbs) -> "
       "float spectrum")
def b_tl_complex(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 16]), _spec([None, 16])])
        def serve(self, re, im):
            return {"mag": tf.abs(tf.signal.fft(tf.complex(re, im)))}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_float64_math", "tf2-module",
       "physics feature x[None,3] float64 end to end: sin, exp, log1p, matmul with a float64 variable, "
       "reduce_logsumexp; float64 output")
def b_tl_f64(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((3, 3), 13, "float64"))

        @tf.function(input_signature=[_spec([None, 3], tf.float64)])
        def serve(self, x):
            h = tf.sin(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
            return {"y": tf.reduce_logsumexp(h @ self.w, axis=1)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("tl_string_ops_keras", "keras-export",
       "string input [None,1] -> custom layer tf.strings.upper, tf.strings.strip, tf.strings.join with a "
       "suffix -> string output")
def b_tl_strings(out):
    L = keras.layers

    class Normalize(L.Layer):
        def call(self, s):
            return tf.strings.join([tf.strings.upper(tf.strings.strip(s)), "#"], separator="")

    i = keras.Input((1,), dtype="string")
    _export(keras.Model(i, Normalize()(i)), out)


# ============================================================================ 3. MetaGraph tags

def _tagged(out, tags, seed):
    with _TF1(legacy=False) as t:
        x, y = _tf1_mlp(seed)
        t.init()
        _sm_save(t.sess, out, {"x": x}, {"y": y}, tags=tags)


@model("tag_serve_train", "tf1-savedmodel",
       "clean MLP x[None,4] (resource vars) in a SavedModel whose only MetaGraph is tagged {serve, train}")
def b_tag_st(out):
    _tagged(out, ["serve", "train"], 20)


@model("tag_train_only", "tf1-savedmodel",
       "clean MLP x[None,4] (resource vars) in a SavedModel whose only MetaGraph is tagged {train}")
def b_tag_t(out):
    _tagged(out, ["train"], 21)


@model("tag_serve_tpu", "tf1-savedmodel",
       "clean MLP x[None,4] (resource vars) in a SavedModel whose only MetaGraph is tagged {serve, tpu}")
def b_tag_tpu(out):
    _tagged(out, ["serve", "tpu"], 22)


@model("tag_transform", "tf1-savedmodel",
       "clean MLP x[None,4] (resource vars) in a SavedModel whose only MetaGraph is tagged {transform} "
       "(tf.Transform style)")
def b_tag_transform(out):
    _tagged(out, ["transform"], 23)


@model("tag_none", "tf1-savedmodel",
       "clean MLP x[None,4] (resource vars) in a SavedModel whose only MetaGraph has no tags at all")
def b_tag_none(out):
    _tagged(out, [], 24)


@model("ok_tag_two_metagraphs", "tf1-savedmodel",
       "clean: two MetaGraphs in one SavedModel: {serve} with the inference graph (MLP x[None,4]), {train} "
       "with the same graph plus loss, gradients and a GradientDescent train_op")
def b_tag_two(out):
    with _TF1(legacy=False) as t:
        x, y = _tf1_mlp(25)
        t.init()
        b = tf.compat.v1.saved_model.Builder(str(out))
        b.add_meta_graph_and_variables(
            t.sess, ["serve"], strip_default_attrs=True,
            signature_def_map={"serving_default": tf.compat.v1.saved_model.predict_signature_def({"x": x}, {"y": y})})
        label = tf.compat.v1.placeholder(tf.float32, [None, 2], name="label")
        loss = tf.reduce_mean(tf.square(y - label))
        train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, name="train_op")
        b.add_meta_graph(["train"], strip_default_attrs=True, signature_def_map={
            "train": tf.compat.v1.saved_model.signature_def_utils.build_signature_def(
                {"x": tf.compat.v1.saved_model.build_tensor_info(x),
                 "label": tf.compat.v1.saved_model.build_tensor_info(label)},
                {"loss": tf.compat.v1.saved_model.build_tensor_info(loss)}, "train")})
        tf.compat.v1.add_to_collection("train_op", train_op)
        b.save()


# ============================================================================ 4. device pins

def _pinned_frozen(device, seed, out, text=False):
    with _TF1(legacy=True) as t:
        x, y = _tf1_mlp(seed)
        t.init()
        gd = _pin(_frozen(t.sess, ["y"]), device)
        (_write_pbtxt if text else _write_pb)(gd, out)


def _pinned_savedmodel(device, seed, out, clear_devices=False):
    """A TF1 SavedModel whose model ops (not the saver the Builder adds) carry `device`. Devices this
    host lacks are written into saved_model.pb after saving (a session here cannot place them)."""
    local = clear_devices or "/job:" not in device
    with _TF1(legacy=False, soft_placement=True) as t:
        with tf.device(device if local else None):
            x, y = _tf1_mlp(seed)
        model_ops = {op.name for op in t.g.get_operations()}
        t.init()
        _sm_save(t.sess, out, {"x": x}, {"y": y}, clear_devices=clear_devices)
    if not local:
        from tensorflow.core.protobuf import saved_model_pb2

        sm = saved_model_pb2.SavedModel()
        sm.ParseFromString((out / "saved_model.pb").read_bytes())
        for n in sm.meta_graphs[0].graph_def.node:
            if n.name in model_ops:
                n.device = device
        (out / "saved_model.pb").write_bytes(sm.SerializeToString())


@model("dev_gpu0_frozen", "tf1-frozen",
       "clean MLP x[None,4] frozen, every node pinned to '/device:GPU:0'")
def b_dev_gpu(out):
    _pinned_frozen("/device:GPU:0", 30, out)


@model("dev_job_worker_cpu_savedmodel", "tf1-savedmodel",
       "clean MLP x[None,4] (resource vars) built under '/job:worker/task:0/device:CPU:0', saved with "
       "clear_devices=False")
def b_dev_worker(out):
    _pinned_savedmodel("/job:worker/task:0/device:CPU:0", 31, out)


@model("dev_tpu0_frozen", "tf1-frozen",
       "clean MLP x[None,4] frozen, every node pinned to '/device:TPU:0'")
def b_dev_tpu(out):
    _pinned_frozen("/device:TPU:0", 32, out)


@model("dev_tpu_replicated_core_pbtxt", "graphdef-text",
       "clean MLP x[None,4] frozen as text, every node pinned to '/device:TPU_REPLICATED_CORE:0'")
def b_dev_tpu_rep(out):
    _pinned_frozen("/device:TPU_REPLICATED_CORE:0", 33, out, text=True)


@model("dev_tpu_system_frozen", "tf1-frozen",
       "clean MLP x[None,4] frozen, every node pinned to '/device:TPU_SYSTEM:0'")
def b_dev_tpu_sys(out):
    _pinned_frozen("/device:TPU_SYSTEM:0", 34, out)


@model("dev_partial_gpu_pbtxt", "graphdef-text",
       "clean MLP x[None,4] frozen as text, every node pinned with the partial name 'GPU:0'")
def b_dev_partial(out):
    _pinned_frozen("GPU:0", 35, out, text=True)


@model("dev_lower_gpu_savedmodel", "tf1-savedmodel",
       "clean MLP x[None,4] (resource vars) built under '/gpu:0' (lower-case short form), saved with "
       "clear_devices=False")
def b_dev_lower(out):
    _pinned_savedmodel("/gpu:0", 36, out)


@model("ok_dev_gpu_cleared_savedmodel", "tf1-savedmodel",
       "clean: MLP x[None,4] (resource vars) built under '/device:GPU:0' (soft placement), saved with "
       "clear_devices=True")
def b_dev_cleared(out):
    _pinned_savedmodel("/device:GPU:0", 37, out, clear_devices=True)


@model("dev_tf2_function_gpu", "tf2-module",
       "MLP x[None,4] in a tf.function whose ops sit under tf.device('/device:GPU:0') (kept in the saved "
       "function's NodeDefs)")
def b_dev_tf2(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((4, 3), 38))

        @tf.function(input_signature=[_spec([None, 4])])
        def serve(self, x):
            with tf.device("/device:GPU:0"):
                return {"y": tf.nn.softmax(x @ self.w)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


# ============================================================================ 5. classic hazards

@model("cl_frozen_partial_variablev2", "tf1-frozen",
       "a 'frozen' .pb that still holds a VariableV2 with its Assign initializer: convert_variables_to_constants "
       "with variable_names_blacklist=['l2/w'] on an MLP x[None,4]")
def b_cl_partial(out):
    with _TF1(legacy=True) as t:
        x, y = _tf1_mlp(40)
        t.init()
        _write_pb(_frozen(t.sess, ["y"], variable_names_blacklist=["l2/w"]), out)


@model("cl_tf1_dropout_rate_pbtxt", "graphdef-text",
       "text GraphDef: MLP x[None,6] with tf.nn.dropout(rate=0.3) left on the served path (RandomUniform, "
       "GreaterEqual, SelectV2), frozen")
def b_cl_drop_txt(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 6], name="x")
        h = tf.nn.relu(tf.matmul(x, _var("l1/w", (6, 16), 42)))
        h = tf.nn.dropout(h, rate=0.3)
        tf.identity(tf.matmul(h, _var("l2/w", (16, 2), 43)), name="y")
        t.init()
        _write_pbtxt(_frozen(t.sess, ["y"]), out)


@model("ok_cl_keras_dropout_noise_inference", "keras-export",
       "clean: MLP [None,10] with Dropout, GaussianNoise, GaussianDropout and SpatialDropout1D (all inactive "
       "at inference)")
def b_ok_keras_drop(out):
    L = keras.layers
    i = keras.Input((10,))
    x = L.GaussianNoise(0.1)(i)
    x = L.Dense(16, activation="relu")(x)
    x = L.Dropout(0.5)(x)
    x = L.Reshape((4, 4))(x)
    x = L.SpatialDropout1D(0.2)(x)
    x = L.Flatten()(x)
    x = L.GaussianDropout(0.1)(x)
    _export(keras.Model(i, L.Dense(1)(x)), out)


@model("cl_tf_function_nn_dropout", "tf2-module",
       "x[None,8]: hidden layer then tf.nn.dropout(rate=0.5) always applied inside the served tf.function "
       "(stateful RandomUniform)")
def b_cl_nn_drop(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((8, 8), 44))

        @tf.function(input_signature=[_spec([None, 8])])
        def serve(self, x):
            return {"y": tf.nn.dropout(tf.nn.relu(x @ self.w), rate=0.5)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("cl_keras_tf_print", "keras-export",
       "x[None,6] -> custom layer that tf.print()s the batch mean (PrintV2) on the served path -> Dense")
def b_cl_print(out):
    L = keras.layers

    class Log(L.Layer):
        def call(self, x):
            tf.print("mean:", tf.reduce_mean(x))
            return x

    i = keras.Input((6,))
    _export(keras.Model(i, L.Dense(2)(Log()(i))), out)


@model("cl_tf1_assert_frozen", "tf1-frozen",
       "TF1 frozen graph (cf2): x[None,4] guarded by tf.debugging.assert_non_negative (Assert inside an "
       "AssertGuard If) through control dependencies -> MLP")
def b_cl_assert(out):
    with _TF1(legacy=False) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
        with tf.control_dependencies([tf.debugging.assert_non_negative(x, message="negative input")]):
            xx = tf.identity(x)
        tf.identity(tf.matmul(xx, _var("w", (4, 2), 45)), name="y")
        t.init()
        _write_pb(_frozen(t.sess, ["y"]), out)


@model("cl_keras_check_numerics", "keras-export",
       "x[None,6] -> Dense -> custom layer tf.debugging.check_numerics (CheckNumerics) -> Dense")
def b_cl_checknum(out):
    L = keras.layers

    class Check(L.Layer):
        def call(self, x):
            return tf.debugging.check_numerics(x, "hidden has NaN/Inf")

    i = keras.Input((6,))
    _export(keras.Model(i, L.Dense(2)(Check()(L.Dense(8)(i)))), out)


def _np_clip(a):
    return np.clip(a, -1.0, 1.0).astype("float32")


@model("cl_numpy_function", "tf2-module",
       "x[None,4] -> tf.numpy_function(np.clip) (PyFunc) -> Dense")
def b_cl_pyfunc(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((4, 2), 46))

        @tf.function(input_signature=[_spec([None, 4])])
        def serve(self, x):
            c = tf.ensure_shape(tf.numpy_function(_np_clip, [x], tf.float32), [None, 4])
            return {"y": c @ self.w}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("cl_dataset_reduce_in_serving", "tf2-module",
       "x[None,4]: tf.data.Dataset.from_tensor_slices(x).map(square).reduce(sum) inside the served function "
       "(TensorSliceDataset, MapDataset, ReduceDataset)")
def b_cl_dataset(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 4])])
        def serve(self, x):
            ds = tf.data.Dataset.from_tensor_slices(x).map(lambda r: r * r)
            return {"y": ds.reduce(tf.zeros([4]), lambda a, r: a + r)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("cl_tf1_one_shot_iterator", "tf1-frozen",
       "TF1 frozen graph: a constant bias comes from a one-shot iterator (OneShotIterator, IteratorGetNext) "
       "added to x[None,3]")
def b_cl_iter(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 3], name="x")
        ds = tf.data.Dataset.from_tensors(tf.constant([0.5, -0.5, 1.0])).repeat()
        bias = tf.compat.v1.data.make_one_shot_iterator(ds).get_next()
        tf.identity(x + bias, name="y")
        _write_pb(t.g.as_graph_def(), out)


@model("cl_static_hashtable_str_int64", "tf2-module",
       "words string[None] -> tf.lookup.StaticHashTable string->int64 (KeyValueTensorInitializer, default -1) "
       "-> ids (the table kind TFLite makes native)")
def b_cl_table_native(out):
    class M(tf.Module):
        def __init__(self):
            self.table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                tf.constant(["yes", "no", "up", "down"]), tf.constant([1, 2, 3, 4], tf.int64)), -1)

        @tf.function(input_signature=[_spec([None], tf.string)])
        def serve(self, words):
            return {"ids": self.table.lookup(words)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("cl_static_hashtable_int64_float", "tf2-module",
       "item ids int64[None] -> tf.lookup.StaticHashTable int64->float32 prices (default 0.0) -> sum")
def b_cl_table_float(out):
    class M(tf.Module):
        def __init__(self):
            self.table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                tf.constant([10, 20, 30], tf.int64), tf.constant([1.5, 2.5, 9.0])), 0.0)

        @tf.function(input_signature=[_spec([None], tf.int64)])
        def serve(self, ids):
            return {"total": tf.reduce_sum(self.table.lookup(ids))}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("cl_keras_stringlookup_multi_hot", "keras-export",
       "tags string [None,4] -> StringLookup(vocabulary, output_mode='multi_hot') -> Dense")
def b_cl_strlookup(out):
    L = keras.layers
    i = keras.Input((4,), dtype="string")
    x = L.StringLookup(vocabulary=["news", "sport", "tech", "music", "film"], output_mode="multi_hot")(i)
    _export(keras.Model(i, L.Dense(2)(x)), out)


@model("cl_tf1_while_v1_pbtxt", "graphdef-text",
       "text GraphDef, v1 control flow: h[None,4] refined by tf.compat.v1.while_loop for 4 fixed steps "
       "(Enter/Merge/Switch/NextIteration/Exit), frozen")
def b_cl_while_txt(out):
    with _TF1(legacy=True) as t:
        h = tf.compat.v1.placeholder(tf.float32, [None, 4], name="h")
        w = _var("w", (4, 4), 47)
        _, y = tf.compat.v1.while_loop(lambda i, h: i < 4, lambda i, h: (i + 1, tf.tanh(tf.matmul(h, w))),
                                       [tf.constant(0), h])
        tf.identity(y, name="y")
        t.init()
        _write_pbtxt(_frozen(t.sess, ["y"]), out)


@model("ok_cl_tensorarray_fixed", "tf2-module",
       "clean: x[1,5,4] scanned step by step in a tf.while_loop writing a TensorArray(size=5, "
       "element_shape=[1,4]) -> stack -> [5,1,4]")
def b_ok_ta(out):
    class M(tf.Module):
        def __init__(self):
            self.w = tf.Variable(_w((4, 4), 48))

        @tf.function(input_signature=[_spec([1, 5, 4])])
        def serve(self, x):
            ta = tf.TensorArray(tf.float32, size=5, element_shape=[1, 4])

            def body(i, h, ta):
                h = tf.tanh(x[:, i] + h @ self.w)
                return i + 1, h, ta.write(i, h)

            _, _, ta = tf.while_loop(lambda i, h, ta: i < 5, body, [0, tf.zeros([1, 4]), ta])
            return {"seq": ta.stack()}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("cl_keras_float64_input", "keras-export",
       "Keras model whose Input is float64 [None,5] (autocast to float32 by Dense: Cast float64->float32)")
def b_cl_f64_in(out):
    L = keras.layers
    i = keras.Input((5,), dtype="float64")
    _export(keras.Model(i, L.Dense(1)(L.Dense(8, activation="relu")(i))), out)


@model("ok_cl_int64_ids_embedding", "tf2-module",
       "clean: ids int64[None,5] -> tf.gather from an embedding variable (int64 indices) -> mean -> Dense")
def b_ok_int64(out):
    class M(tf.Module):
        def __init__(self):
            self.emb = tf.Variable(_w((100, 8), 49))
            self.w = tf.Variable(_w((8, 2), 50))

        @tf.function(input_signature=[_spec([None, 5], tf.int64)])
        def serve(self, ids):
            return {"y": tf.reduce_mean(tf.gather(self.emb, ids), axis=1) @ self.w}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("ok_cl_dynamic_shapes_attention", "tf2-module",
       "clean: q[None,None,8], k[None,None,8] (dynamic batch and lengths) -> scaled dot-product attention "
       "(BatchMatMulV2, Softmax over a dynamic axis)")
def b_ok_dyn(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, None, 8]), _spec([None, None, 8])])
        def serve(self, q, k):
            a = tf.nn.softmax(tf.matmul(q, k, transpose_b=True) / np.sqrt(8.0).astype("float32"))
            return {"y": tf.matmul(a, k)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("cl_keras_resize_area", "keras-export",
       "image [None,32,32,3] -> custom layer tf.image.resize(method='area') to 16x16 (ResizeArea: no XLA "
       "kernel) -> Conv2D -> GAP")
def b_cl_area(out):
    L = keras.layers

    class Area(L.Layer):
        def call(self, x):
            return tf.image.resize(x, (16, 16), method="area")

    i = keras.Input((32, 32, 3))
    x = L.Conv2D(4, 3, activation="relu")(Area()(i))
    _export(keras.Model(i, L.GlobalAveragePooling2D()(x)), out)


# ============================================================================ clean models, other forms

@model("ok_tf1_pbtxt_conv_pool", "graphdef-text",
       "clean text GraphDef: image[1,16,16,3] -> conv 3x3 + bias + relu6 -> max_pool -> avg over space -> "
       "softmax (frozen ref vars)")
def b_ok_txt_conv(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [1, 16, 16, 3], name="image")
        h = tf.nn.relu6(tf.nn.bias_add(tf.nn.conv2d(x, _var("k", (3, 3, 3, 8), 60), 1, "SAME"),
                                       _var("b", (8,), 61)))
        h = tf.nn.max_pool2d(h, 2, 2, "VALID")
        tf.nn.softmax(tf.reduce_mean(h, axis=[1, 2]), name="probs")
        t.init()
        _write_pbtxt(_frozen(t.sess, ["probs"]), out)


@model("ok_tf1_savedmodel_cond_v2_two_sigs", "tf1-savedmodel",
       "clean TF1 SavedModel (resource vars, control flow v2): x[None,4] and use_relu bool placeholder_with_default "
       "-> tf.cond (If) -> logits; signatures serving_default (probs) and logits")
def b_ok_tf1_cond(out):
    with _TF1(legacy=False) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
        use_relu = tf.compat.v1.placeholder_with_default(True, [], name="use_relu")
        h = tf.matmul(x, _var("l1/w", (4, 8), 62))
        h = tf.cond(use_relu, lambda: tf.nn.relu(h), lambda: tf.tanh(h))
        logits = tf.identity(tf.matmul(h, _var("l2/w", (8, 3), 63)), name="logits")
        probs = tf.nn.softmax(logits, name="probs")
        t.init()
        extra = {"logits": tf.compat.v1.saved_model.predict_signature_def({"x": x}, {"logits": logits})}
        _sm_save(t.sess, out, {"x": x, "use_relu": use_relu}, {"probs": probs}, extra=extra)


@model("ok_keras_gru_fixed_batch", "keras-export",
       "meant clean: Keras GRU over a fixed-shape Input(batch_size=1, (12, 6)) -> Dense (Keras 3 still builds its "
       "TensorList with a dynamic element shape, which TFLite builtins reject)")
def b_ok_gru(out):
    L = keras.layers
    i = keras.Input((12, 6), batch_size=1)
    _export(keras.Model(i, L.Dense(3)(L.GRU(8)(i))), out)


@model("ok_mod_data_cond", "tf2-module",
       "clean: x[None,6] -> tf.cond(reduce_mean(x) > 0) between two dense heads (If on a data predicate); "
       "second signature 'embed' returns the hidden layer")
def b_ok_mod_cond(out):
    class M(tf.Module):
        def __init__(self):
            self.w1 = tf.Variable(_w((6, 8), 64))
            self.a = tf.Variable(_w((8, 2), 65))
            self.b = tf.Variable(_w((8, 2), 66))

        @tf.function(input_signature=[_spec([None, 6])])
        def serve(self, x):
            h = tf.nn.relu(x @ self.w1)
            return {"y": tf.cond(tf.reduce_mean(x) > 0, lambda: h @ self.a, lambda: h @ self.b)}

        @tf.function(input_signature=[_spec([None, 6])])
        def embed(self, x):
            return {"h": tf.nn.relu(x @ self.w1)}
    m = M()
    _save(m, out, {"serving_default": m.serve, "embed": m.embed})


@model("ok_keras_mobile_block", "keras-export",
       "clean: mobile block [None,32,32,3]: Conv2D stride 2, DepthwiseConv2D, BatchNorm, ReLU6, 1x1 Conv2D, "
       "residual Add, GlobalAveragePooling2D, Dense softmax")
def b_ok_mobile(out):
    L = keras.layers
    i = keras.Input((32, 32, 3))
    x = L.ReLU(6.0)(L.BatchNormalization()(L.Conv2D(8, 3, strides=2, padding="same")(i)))
    y = L.ReLU(6.0)(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same")(x)))
    y = L.BatchNormalization()(L.Conv2D(8, 1)(y))
    x = L.Add()([x, y])
    _export(keras.Model(i, L.Dense(4, activation="softmax")(L.GlobalAveragePooling2D()(x))), out)


@model("ok_keras_attention_pool", "keras-export",
       "clean: query[None,4,8], value[None,10,8] -> keras.layers.Attention (dot-product) -> "
       "LayerNormalization -> GlobalAveragePooling1D -> Dense")
def b_ok_attn(out):
    L = keras.layers
    q = keras.Input((4, 8), name="query")
    v = keras.Input((10, 8), name="value")
    a = L.LayerNormalization()(L.Attention()([q, v]))
    _export(keras.Model([q, v], L.Dense(2)(L.GlobalAveragePooling1D()(a))), out)


@model("ok_tf2_frozen_layernorm_gelu", "tf1-frozen",
       "clean frozen .pb from a TF2 function (convert_variables_to_constants_v2): x[None,16] -> dense -> "
       "layer norm (moments) -> gelu -> dense")
def b_ok_tf2_frozen(out):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    w1, w2 = tf.Variable(_w((16, 16), 67)), tf.Variable(_w((16, 4), 68))

    @tf.function(input_signature=[_spec([None, 16], name="x")])
    def f(x):
        h = x @ w1
        m, v = tf.nn.moments(h, axes=[1], keepdims=True)
        h = tf.nn.gelu((h - m) * tf.math.rsqrt(v + 1e-5))
        return tf.identity(h @ w2, name="y")
    _write_pb(convert_variables_to_constants_v2(f.get_concrete_function()).graph.as_graph_def(), out)


@model("ok_tf2_frozen_conv1d_cumsum_pbtxt", "graphdef-text",
       "clean text GraphDef frozen from a TF2 function: signal[1,64,2] -> conv1d -> relu -> cumsum over time "
       "-> mean")
def b_ok_tf2_txt(out):
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    k = tf.Variable(_w((5, 2, 4), 69))

    @tf.function(input_signature=[_spec([1, 64, 2], name="signal")])
    def f(s):
        h = tf.nn.relu(tf.nn.conv1d(s, k, 1, "SAME"))
        return tf.identity(tf.reduce_mean(tf.math.cumsum(h, axis=1), axis=2), name="y")
    _write_pbtxt(convert_variables_to_constants_v2(f.get_concrete_function()).graph.as_graph_def(), out)


@model("ok_mod_select_where_three_args", "tf2-module",
       "clean: a[None,6], b[None,6] -> tf.where(a > b, a, b) (SelectV2), tf.clip_by_value, tf.math.squared_difference")
def b_ok_select(out):
    class M(tf.Module):
        @tf.function(input_signature=[_spec([None, 6]), _spec([None, 6])])
        def serve(self, a, b):
            m = tf.where(a > b, a, b)
            return {"y": tf.clip_by_value(m, -1.0, 1.0) + tf.math.squared_difference(a, b)}
    m = M()
    _save(m, out, {"serving_default": m.serve})


@model("ok_keras_embedding_conv1d", "keras-export",
       "clean: token ids int32 [None,24] -> Embedding -> Conv1D -> GlobalMaxPooling1D -> Dense sigmoid")
def b_ok_embconv(out):
    L = keras.layers
    i = keras.Input((24,), dtype="int32")
    x = L.Conv1D(16, 3, activation="relu")(L.Embedding(300, 8)(i))
    _export(keras.Model(i, L.Dense(1, activation="sigmoid")(L.GlobalMaxPooling1D()(x))), out)


@model("ok_tf1_frozen_mlp_l2norm", "tf1-frozen",
       "clean TF1 frozen graph (ref vars frozen, v1 style): x[None,10] -> 2-layer MLP with bias and "
       "tf.nn.l2_normalize -> embedding")
def b_ok_tf1_mlp(out):
    with _TF1(legacy=True) as t:
        x = tf.compat.v1.placeholder(tf.float32, [None, 10], name="x")
        h = tf.nn.elu(tf.matmul(x, _var("a/w", (10, 12), 70)) + _var("a/b", (12,), 71))
        tf.nn.l2_normalize(tf.matmul(h, _var("b/w", (12, 6), 72)), axis=1, name="embedding")
        t.init()
        _write_pb(_frozen(t.sess, ["embedding"]), out)


# ============================================================================ check (load as the oracles do)

def check(paths: list[Path]) -> int:
    """Load each model the way accelcheck's oracles hand it to TensorFlow: SavedModels with
    tf.saved_model.load(tags=["serve"]) and their signatures; GraphDefs (binary or text) imported
    with tf.graph_util.import_graph_def inside wrap_function. Prints one line per model."""
    from google.protobuf import text_format

    bad = 0
    for p in paths:
        try:
            if p.is_dir():
                loaded = tf.saved_model.load(str(p), tags=["serve"])
                info = f"signatures {sorted(loaded.signatures)}"
            else:
                gd = tf.compat.v1.GraphDef()
                if p.suffix == ".pbtxt":
                    text_format.Parse(p.read_text(), gd)
                else:
                    gd.ParseFromString(p.read_bytes())
                tf.compat.v1.wrap_function(lambda: tf.graph_util.import_graph_def(gd, name=""), [])
                info = f"{len(gd.node)} nodes"
            print(f"loads     {p.name}: {info}", flush=True)
        except Exception as e:  # noqa: BLE001
            bad += 1
            msg = " ".join(str(e).split())[:200]
            print(f"NO LOAD   {p.name}: {type(e).__name__}: {msg}", flush=True)
    print(f"{len(paths) - bad}/{len(paths)} load")
    return 1 if bad else 0


# ============================================================================ driver

def main() -> int:
    global tf, keras, np
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--check", action="store_true", help="load the built models as the oracles do; build nothing")
    args = ap.parse_args()
    unknown = [n for n in args.names if n not in BUILDERS]
    if unknown:
        ap.error(f"unknown models: {', '.join(unknown)}")
    t0 = time.monotonic()
    import numpy
    import tensorflow
    import keras as k
    tf, keras, np = tensorflow, k, numpy
    tf.get_logger().setLevel("ERROR")
    OUT.mkdir(parents=True, exist_ok=True)
    names = args.names or list(BUILDERS)
    if args.check:
        return check([OUT / (n + SUFFIX.get(BUILDERS[n][1], "")) for n in names
                      if (OUT / (n + SUFFIX.get(BUILDERS[n][1], ""))).exists()])
    failed = []
    for name in names:
        fn, kind, desc = BUILDERS[name]
        out = OUT / (name + SUFFIX.get(kind, ""))
        if out.exists() and not (args.force or args.names):
            continue
        if out.exists():
            shutil.rmtree(out) if out.is_dir() else out.unlink()
        t = time.monotonic()
        try:
            keras.backend.clear_session()
            fn(out)
            print(f"built {name} ({time.monotonic() - t:.1f}s)", flush=True)
        except Exception:
            failed.append(name)
            print(f"FAILED {name}:\n{traceback.format_exc()}", flush=True)
            if out.exists():
                shutil.rmtree(out, ignore_errors=True) if out.is_dir() else out.unlink()
    lines = []
    for name, (fn, kind, desc) in BUILDERS.items():
        suffix = SUFFIX.get(kind, "")
        if (OUT / (name + suffix)).exists():
            lines.append(f"{name}{suffix} | {kind} | {desc}")
    (OUT / "MANIFEST.txt").write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} models in {OUT}; failed: {failed or 'none'}; total {time.monotonic() - t0:.1f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
