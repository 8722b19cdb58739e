"""Measure what full-integer conversion makes of a value that a fake-quant fixes for one reader while
another reads it as it is (the facts behind TFQ012, rules/tflite_int8.yaml).

    .venv/bin/python scripts/probe_tflite_fake_quant_bypass.py [--saved-model]

Each probe is x -> conv2d(x, fake-quantized kernel) -> relu -> [between] -> v; v -> fake-quant ->
conv2d -> out, and v read a second time by [reader]: an add to `out` (a skip connection), a conv, a
sigmoid, or the signature (v returned). Variants change the producer (a conv without a weight
fake-quant, a conv without relu, a mul by a constant after the conv), the op between (none, a max
pool, a reshape), the fake-quant (FakeQuantWithMinMaxArgs or QuantizeAndDequantizeV4) and the
reader; "none" is the same graph with no second reader. Each graph is frozen
(convert_variables_to_constants_v2) or, with --saved-model, saved as a TF2 SavedModel, then
converted as the --confirm oracle does (Optimize.DEFAULT, representative data, TFLITE_BUILTINS_INT8,
int8 inputs and outputs). Prints one line per probe: the operators left in float, or "converts".
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_tflite_same_scale import outcome  # noqa: E402 - the same conversion and verdict

# (producer, between, fake-quant, reader)
PROBES = [
    ("conv", "none", "args", "none"),
    ("conv", "none", "args", "add"),
    ("conv", "none", "args", "conv"),
    ("conv", "none", "args", "sigmoid"),
    ("conv", "none", "args", "returned"),
    ("conv", "maxpool", "args", "add"),
    ("conv", "reshape", "args", "add"),
    ("conv", "maxpool", "qdq", "add"),
    ("conv", "maxpool", "qdq", "none"),
    ("conv_float_weights", "none", "args", "add"),
    ("conv_no_relu", "none", "args", "add"),
    ("conv_mul", "none", "args", "add"),
]


def build(tf, producer: str, between: str, fake_quant: str, reader: str, path: Path, saved_model: bool) -> None:
    import numpy as np
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    rng = np.random.default_rng(0)
    k1 = tf.constant(rng.normal(size=(3, 3, 4, 8)).astype("float32") * 0.2)
    k2 = tf.constant(rng.normal(size=(3, 3, 8, 8)).astype("float32") * 0.2)
    args = tf.quantization.fake_quant_with_min_max_args

    def fq(y):
        if fake_quant == "qdq":
            return tf.quantization.quantize_and_dequantize_v2(y, -6.0, 6.0, range_given=True, narrow_range=True)
        return args(y, -6.0, 6.0)

    def fn(x):
        kernel = k1 if producer == "conv_float_weights" else args(k1, -1.0, 1.0)
        v = tf.nn.conv2d(x, kernel, 1, "SAME")
        v = v * 0.7 if producer == "conv_mul" else v if producer == "conv_no_relu" else tf.nn.relu(v)
        if between == "maxpool":
            v = tf.nn.max_pool2d(v, 2, 2, "SAME")
        elif between == "reshape":
            v = tf.reshape(v, [1, 4, 16, 8])
        out = tf.nn.conv2d(fq(v), args(k2, -1.0, 1.0), 1, "SAME")
        if reader == "add":
            out = tf.nn.relu(out + v)
        elif reader == "conv":
            out = out + tf.nn.conv2d(v, args(k2, -1.0, 1.0), 1, "SAME")
        elif reader == "sigmoid":
            out = out + tf.sigmoid(v)
        elif reader == "returned":
            return out, v
        return out

    f = tf.function(fn, input_signature=[tf.TensorSpec([1, 8, 8, 4], tf.float32)])
    if saved_model:
        module = tf.Module()
        module.f = f
        tf.saved_model.save(module, str(path), signatures={"serving_default": f})
    else:
        graph = convert_variables_to_constants_v2(f.get_concrete_function()).graph.as_graph_def()
        path.write_bytes(graph.SerializeToString())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--saved-model", action="store_true")
    args = ap.parse_args()
    import tensorflow as tf

    with tempfile.TemporaryDirectory(prefix="probe-fq-bypass-") as tmp:
        for i, probe in enumerate(PROBES):
            path = Path(tmp) / (f"p{i}" if args.saved_model else f"p{i}.pb")
            build(tf, *probe, path, args.saved_model)
            print(f"{' '.join(probe):40} {outcome(tf, path)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
