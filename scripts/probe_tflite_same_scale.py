"""Measure which ops full-integer conversion of a frozen GraphDef rejects right after a fake-quant
(the facts behind rules/data/tflite_int8_same_scale.json and TFQ011).

    .venv/bin/python scripts/probe_tflite_same_scale.py [--only MaxPool Reshape ...] [--calibration-scale 30]

For each op, two frozen graphs: x -> conv2d(x, fake-quantized constant kernel) -> fake-quant(-6, 6)
-> the op -> a fake-quant(-6, 6) ("fq") or another such conv ("conv"). Each is converted as the
oracle does (from_frozen_graph, Optimize.DEFAULT, representative data, TFLITE_BUILTINS_INT8, int8
inputs and outputs). Prints one line per op: the outcome of each variant and the class it falls in
(after_fake_quant: fails in both; with_fixed_output: fails only with a fake-quant after it; none).

--calibration-scale multiplies the representative data (uniform in [-1, 1)) by a factor: at x30 the
first fake-quant's input reaches both ends of [-6, 6], calibration gives that tensor the fake-quant's
own range, and the same graphs convert (the scales then agree; TFQ011's message says so).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def probes(tf):
    """op -> a function of the fake-quantized [1, 8, 8, 4] tensor that applies it (keeping 4 channels)."""
    return {
        "MaxPool": lambda y: tf.nn.max_pool2d(y, 2, 2, "VALID"),
        "AvgPool": lambda y: tf.nn.avg_pool2d(y, 2, 2, "VALID"),
        "Reshape": lambda y: tf.reshape(y, [1, 4, 16, 4]),
        "Squeeze": lambda y: tf.reshape(tf.squeeze(tf.reshape(y, [1, 1, 64, 4]), 1), [1, 8, 8, 4]),
        "ExpandDims": lambda y: tf.expand_dims(y, 1)[:, 0],
        "StridedSlice": lambda y: y[:, 1:5, :, :],
        "Slice": lambda y: tf.slice(y, [0, 1, 1, 0], [1, 4, 4, 4]),
        "Transpose": lambda y: tf.transpose(y, [0, 2, 1, 3]),
        "Pad": lambda y: tf.pad(y, [[0, 0], [1, 1], [1, 1], [0, 0]]),
        "PadV2": lambda y: tf.pad(y, [[0, 0], [1, 1], [1, 1], [0, 0]], constant_values=0.5),
        "MirrorPad": lambda y: tf.pad(y, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT"),
        "Tile": lambda y: tf.tile(y, [1, 2, 1, 1]),
        "GatherV2": lambda y: tf.gather(y, [0, 2, 3], axis=1),
        "Max": lambda y: tf.reduce_max(y, axis=[1, 2], keepdims=True),
        "Min": lambda y: tf.reduce_min(y, axis=[1, 2], keepdims=True),
        "ResizeBilinear": lambda y: tf.image.resize(y, [16, 16]),
        "ResizeNearestNeighbor": lambda y: tf.image.resize(y, [16, 16], method="nearest"),
        "DepthToSpace": lambda y: tf.nn.depth_to_space(y, 2)[..., :1] * tf.ones([1, 1, 1, 4]),
        "SpaceToDepth": lambda y: tf.nn.space_to_depth(y, 2)[..., :4],
        "BroadcastTo": lambda y: tf.broadcast_to(y[:, :1], [1, 8, 8, 4]),
        "Split": lambda y: tf.concat([tf.sigmoid(t) for t in tf.split(y, 2, axis=-1)], -1),
        "SplitV": lambda y: tf.concat([tf.nn.relu(t) for t in tf.split(y, [1, 3], axis=-1)], -1),
        "Unpack": lambda y: tf.stack([tf.nn.relu(t) for t in tf.unstack(y, axis=3)], -1),
        "ConcatV2": lambda y: tf.concat([y, y * 2.0], 1),
        "Maximum": lambda y: tf.maximum(y, 0.1),
        "Minimum": lambda y: tf.minimum(y, 0.5),
        "SelectV2": lambda y: tf.where(y > 0, y, y * 0.1),
        "Relu": tf.nn.relu,
        "Mean": lambda y: tf.reduce_mean(y, axis=[1, 2], keepdims=True),
        "Mul": lambda y: y * y,
        "Sigmoid": tf.sigmoid,
        "Pack": lambda y: tf.stack([y, y], axis=1)[:, 0],
        "ReverseV2": lambda y: tf.reverse(y, [1]),
    }


def frozen(tf, op_fn, after: str, path: Path) -> None:
    import numpy as np
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    fq = tf.quantization.fake_quant_with_min_max_args
    kernel = tf.constant(np.random.default_rng(0).normal(size=(3, 3, 4, 4)).astype("float32") * 0.2)

    def conv(x):
        return tf.nn.conv2d(x, fq(kernel, -1.0, 1.0), 1, "SAME")

    def fn(x):
        z = op_fn(fq(conv(x), -6.0, 6.0))
        return fq(z, -6.0, 6.0) if after == "fq" else conv(z)

    f = tf.function(fn, input_signature=[tf.TensorSpec([1, 8, 8, 4], tf.float32)])
    graph = convert_variables_to_constants_v2(f.get_concrete_function()).graph.as_graph_def()
    path.write_bytes(graph.SerializeToString())


def outcome(tf, path: Path, scale: float = 1.0) -> str:
    from accelcheck.confirm import loading
    from accelcheck.confirm.tflite import _convert, _full_integer_problems
    from accelcheck.confirm.tflite_int8 import full_integer_problems, quantize

    model = loading.open_model(path)
    try:
        if scale == 1.0:
            problems = _full_integer_problems(tf, model, None, None, None)
        else:
            configure = quantize(tf, model, None, None)

            def scaled(converter):
                converter = configure(converter)
                samples = converter.representative_dataset
                converter.representative_dataset = lambda: ([a * scale for a in s] for s in samples())
                return converter
            problems = full_integer_problems(_convert(tf, model, scaled, None, None, None))
    except Exception as e:  # noqa: BLE001 - the converter's failure is the measurement
        return f"fails ({type(e).__name__})"
    return "in float: " + ",".join(sorted({p.op for p in problems})) if problems else "converts"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--calibration-scale", type=float, default=1.0)
    args = ap.parse_args()
    import tensorflow as tf

    with tempfile.TemporaryDirectory(prefix="probe-same-scale-") as tmp:
        for op, op_fn in probes(tf).items():
            if args.only and op not in args.only:
                continue
            results = {}
            for after in ("fq", "conv"):
                path = Path(tmp) / f"{op}_{after}.pb"
                frozen(tf, op_fn, after, path)
                results[after] = outcome(tf, path, args.calibration_scale)
            fails = {after for after, r in results.items() if r != "converts"}
            kind = "after_fake_quant" if fails == {"fq", "conv"} else "with_fixed_output" if fails == {"fq"} else "none"
            print(f"{op:24} fq: {results['fq']:28} conv: {results['conv']:28} -> {kind}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
