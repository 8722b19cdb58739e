"""Measure which ops hide a value from XLA's compile-time evaluation (maintainer tool, not run by tests).

    python scripts/probe_xla_value_inference.py            # print the table, update rules/data/op_sets.json
    python scripts/probe_xla_value_inference.py --dry-run  # print only

tf2xla compiles some operands into the program (a Range's limit, a Reshape's shape). In a
jit-compiled function such an operand may depend on the function's inputs or on variables: XLA
then evaluates it from the values the function is called with, and compiles once per value. It
can do so only through the HLO it knows how to evaluate at compile time; through a cumulative sum,
a dot, a convolution or a scatter it cannot, and compilation fails with "must be a compile-time
constant" (a constant through the same op still folds). Each probe puts one op between a
signature input and `tf.range(...)`'s limit and compiles with
`tf.function(jit_compile=True).experimental_get_compiler_ir(...)(stage="hlo")`; the ops whose probe
fails that way become the set `xla_value_opaque` that XLA005 reads (rules/checks/value_sources.py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OP_SETS = ROOT / "rules" / "data" / "op_sets.json"
SET_NAME = "xla_value_opaque"


def probes(tf) -> dict[str, object]:
    """op -> a function of an int32 [4] input whose result contains that op (one line each)."""
    f = lambda x: tf.cast(x, tf.float32)  # noqa: E731
    img = lambda x: tf.reshape(f(x), [1, 2, 2, 1])  # noqa: E731
    seg = [0, 0, 1, 1]
    return {
        "Identity": lambda x: tf.identity(x),
        "Cast": lambda x: tf.cast(x, tf.int64),
        "AddV2": lambda x: x + 1,
        "Sub": lambda x: x - 1,
        "Mul": lambda x: x * 2,
        "FloorDiv": lambda x: x // 2,
        "FloorMod": lambda x: x % 3,
        "RealDiv": lambda x: f(x) / 2.0,
        "Maximum": lambda x: tf.maximum(x, 2),
        "Minimum": lambda x: tf.minimum(x, 2),
        "Abs": lambda x: tf.abs(x),
        "Neg": lambda x: tf.negative(x),
        "Square": lambda x: tf.square(x),
        "Sqrt": lambda x: tf.sqrt(f(x)),
        "Floor": lambda x: tf.floor(f(x)),
        "Round": lambda x: tf.round(f(x)),
        "Pow": lambda x: tf.pow(x, 2),
        "Exp": lambda x: tf.exp(f(x)),
        "Sum": lambda x: tf.reduce_sum(x),
        "Prod": lambda x: tf.reduce_prod(x),
        "Max": lambda x: tf.reduce_max(x),
        "Min": lambda x: tf.reduce_min(x),
        "Mean": lambda x: tf.reduce_mean(x),
        "All": lambda x: tf.cast(tf.reduce_all(x > 0), tf.int32),
        "Any": lambda x: tf.cast(tf.reduce_any(x > 0), tf.int32),
        "ArgMax": lambda x: tf.argmax(x),
        "ArgMin": lambda x: tf.argmin(x),
        "StridedSlice": lambda x: x[1:],
        "Slice": lambda x: tf.slice(x, [1], [2]),
        "ConcatV2": lambda x: tf.concat([x, [5]], 0),
        "Pack": lambda x: tf.stack([x, x]),
        "Unpack": lambda x: tf.unstack(x)[0],
        "Reshape": lambda x: tf.reshape(x, [2, 2]),
        "ExpandDims": lambda x: tf.expand_dims(x, 0),
        "Squeeze": lambda x: tf.squeeze(tf.expand_dims(x, 0)),
        "Tile": lambda x: tf.tile(x, [2]),
        "BroadcastTo": lambda x: tf.broadcast_to(x, [2, 4]),
        "Transpose": lambda x: tf.transpose(tf.reshape(x, [2, 2])),
        "ReverseV2": lambda x: tf.reverse(x, [0]),
        "GatherV2": lambda x: tf.gather(x, [0, 2]),
        "GatherNd": lambda x: tf.gather_nd(x, [[1]]),
        "SelectV2": lambda x: tf.where(x > 2, x, 0),
        "Equal": lambda x: tf.cast(tf.equal(x, 2), tf.int32),
        "Less": lambda x: tf.cast(x < 2, tf.int32),
        "LogicalAnd": lambda x: tf.cast(tf.logical_and(x > 1, x < 4), tf.int32),
        "ZerosLike": lambda x: tf.raw_ops.ZerosLike(x=x) + 3,
        "Pad": lambda x: tf.pad(x, [[1, 1]]),
        "MirrorPad": lambda x: tf.pad(x, [[1, 1]], mode="REFLECT"),
        "OneHot": lambda x: tf.one_hot(x, 5),
        "ClipByValue": lambda x: tf.raw_ops.ClipByValue(t=x, clip_value_min=1, clip_value_max=3),
        "Relu": lambda x: tf.nn.relu(x),
        "Sign": lambda x: tf.sign(x),
        "Fill": lambda x: tf.fill([2], x[0]),
        "Range": lambda x: tf.range(0, 5) * x[0],
        "Softmax": lambda x: tf.nn.softmax(f(x)),
        "DynamicStitch": lambda x: tf.dynamic_stitch([[0, 1], [2, 3]], [x[:2], x[2:]]),
        "MatrixBandPart": lambda x: tf.linalg.band_part(tf.reshape(x, [2, 2]), 0, -1),
        "SquaredDifference": lambda x: tf.math.squared_difference(x, 1),
        "BiasAdd": lambda x: tf.nn.bias_add(tf.reshape(f(x), [2, 2]), [1.0, 1.0]),
        "IdentityN": lambda x: tf.identity_n([x, x])[0],
        "StopGradient": lambda x: tf.stop_gradient(x),
        "StatelessIf": lambda x: tf.cond(x[0] > 0, lambda: x + 1, lambda: x - 1),
        "Cumsum": lambda x: tf.cumsum(x),
        "Cumprod": lambda x: tf.math.cumprod(x),
        "CumulativeLogsumexp": lambda x: tf.math.cumulative_logsumexp(f(x)),
        "TopKV2": lambda x: tf.math.top_k(x, 2).values,
        "MatMul": lambda x: tf.matmul(tf.reshape(f(x), [2, 2]), tf.ones([2, 2])),
        "BatchMatMulV2": lambda x: tf.linalg.matmul(tf.reshape(f(x), [1, 2, 2]), tf.ones([1, 2, 2])),
        "Einsum": lambda x: tf.einsum("i,i->", f(x), f(x)),
        "UnsortedSegmentSum": lambda x: tf.math.unsorted_segment_sum(x, seg, 2),
        "UnsortedSegmentMax": lambda x: tf.math.unsorted_segment_max(x, seg, 2),
        "UnsortedSegmentMin": lambda x: tf.math.unsorted_segment_min(x, seg, 2),
        "UnsortedSegmentProd": lambda x: tf.math.unsorted_segment_prod(x, seg, 2),
        "Bincount": lambda x: tf.raw_ops.Bincount(arr=x, size=5, weights=tf.constant([], tf.int32)),
        "DenseBincount": lambda x: tf.raw_ops.DenseBincount(input=x, size=5, weights=tf.constant([], tf.int32)),
        "ScatterNd": lambda x: tf.scatter_nd([[0], [1], [2], [3]], x, [6]),
        "TensorScatterUpdate": lambda x: tf.tensor_scatter_nd_update(x, [[0]], [7]),
        "TensorScatterAdd": lambda x: tf.tensor_scatter_nd_add(x, [[0]], [7]),
        "Conv2D": lambda x: tf.nn.conv2d(img(x), tf.ones([1, 1, 1, 1]), 1, "VALID"),
        "DepthwiseConv2dNative": lambda x: tf.nn.depthwise_conv2d(img(x), tf.ones([1, 1, 1, 1]), [1, 1, 1, 1], "VALID"),
        "MaxPool": lambda x: tf.nn.max_pool2d(img(x), 1, 1, "VALID"),
        "AvgPool": lambda x: tf.nn.avg_pool2d(img(x), 2, 1, "VALID"),
        "ResizeNearestNeighbor": lambda x: tf.compat.v1.image.resize_nearest_neighbor(img(x), [4, 4]),
    }


def measure(tf, op: str, build) -> str:
    """ok | opaque (must be a compile-time constant) | not-built (the op is not in the graph) | error: ..."""
    def fn(x):
        v = tf.cast(tf.reduce_max(tf.reshape(tf.cast(build(x), tf.float32), [-1])), tf.int32)
        return tf.range(tf.maximum(v, 1))

    compiled = tf.function(fn, jit_compile=True, autograph=False)
    x = tf.constant([1, 2, 3, 4])
    ops = {o.type for o in compiled.get_concrete_function(x).graph.get_operations()}
    ops |= {n.op for f in compiled.get_concrete_function(x).graph.as_graph_def().library.function for n in f.node_def}
    if op not in ops:
        return "not-built"
    try:
        compiled.experimental_get_compiler_ir(x)(stage="hlo")
        return "ok"
    except Exception as e:  # noqa: BLE001 - the compiler's own error is the measurement
        text = str(e)
        # "must be a compile-time constant", or an HLO op the evaluator lacks ("Dynamic reshape
        # is not implemented. while evaluating input 1 of Range operator as a compile-time constant")
        return "opaque" if "compile-time constant" in text else "error: " + " ".join(text.split())[:120]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dry-run", action="store_true", help="print the table, write nothing")
    args = ap.parse_args(argv)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf  # noqa: PLC0415 - a maintainer tool that needs the runtime

    results = {op: measure(tf, op, build) for op, build in probes(tf).items()}
    for op, outcome in results.items():
        print(f"{op:<24} {outcome}")
    opaque = sorted(op for op, outcome in results.items() if outcome == "opaque")
    print(f"\n{len(opaque)} of {len(results)} ops hide an input's value from XLA: {', '.join(opaque)}")
    if args.dry_run:
        return 0
    doc = json.loads(OP_SETS.read_text())
    doc["sets"][SET_NAME] = opaque
    notes = doc["provenance"].setdefault("notes", {})
    notes[SET_NAME] = (
        f"measured by scripts/probe_xla_value_inference.py (TensorFlow {tf.__version__}, XLA on CPU, "
        f"{datetime.date.today().isoformat()}): between a signature input and tf.range's limit, these ops make "
        "jit_compile fail with 'must be a compile-time constant' (a constant through them still folds); "
        f"measured ok: {', '.join(op for op, o in results.items() if o == 'ok')}; not measured: every other op")
    OP_SETS.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {OP_SETS.relative_to(ROOT)} (set {SET_NAME})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
