"""The full-integer oracle: convert as people do for int8-only hardware (TFLite 2.21), with
generated representative data, and ask whether the result really runs in int8.

Configuration (https://ai.google.dev/edge/litert/models/post_training_integer_quant):
`optimizations=[DEFAULT]`, a `representative_dataset`, `supported_ops=[TFLITE_BUILTINS_INT8]`,
`inference_input_type` / `inference_output_type` = int8. The converter does not fail for an op
without an int8 kernel: it leaves it in float between DEQUANTIZE and QUANTIZE (measured: tf.sin).
So the flatbuffer is read back with accelcheck's own reader and judged by the same function the
tflite-int8 check uses on .tflite files (checks/tflite_int8.float_operators).
"""

from __future__ import annotations

from pathlib import Path

from . import OracleProblem, loading

SAMPLES = 8  # calibration batches; enough for the ranges of tiny generated inputs
# How calibration inputs are made, tried in turn while calibration fails: (integer fill, size of
# unknown dimensions other than the batch). Integer inputs are indices, ids, sizes and shapes more
# often than data, and a kernel run on a random one can fail where real data would not (segment ids
# out of order, a reshape to an impossible size); an image of unknown size halved by a resize is
# empty at 1x1 (the XLA oracle retries with 32 too). Such failures say nothing about int8 kernels.
# scripts/probe_tflite_int8.py calibrates its probes the same way.
CALIBRATIONS = (("random", 1), ("zeros", 1), ("ones", 1), ("random", 32))
# Tried once more when a calibration that worked left operators in float: floats in [0, 1) instead of
# [-1, 1). An op may have seen only NaN (the log or square root of a negative generated input, as in
# a SAR despeckling network's log(x + 1e-3)) and have no range to quantize with, which says nothing
# about its int8 kernel; images and intensities are non-negative.
NONNEGATIVE = "nonnegative"


def sample_array(np, dtype: str, shape, rng, fill: str = "random", unknown: int = 1):
    """One calibration input: floats uniform in [-1, 1) ([0, 1) for NONNEGATIVE), integers per `fill`
    (NONNEGATIVE: as "random"), bools False, strings "a"; an unknown batch dimension 1, other unknown
    dimensions `unknown`."""
    shape = [(1 if i == 0 else unknown) if d is None or d < 0 else int(d)
             for i, d in enumerate(shape if shape is not None else [None])]
    kind = np.dtype(dtype if dtype not in ("bfloat16", "string") else ("float32" if dtype == "bfloat16" else object))
    if kind.kind == "f":
        return rng.uniform(0.0 if fill == NONNEGATIVE else -1.0, 1.0, shape).astype(kind)
    if kind.kind == "b":
        return np.zeros(shape, dtype=bool)
    if kind.kind == "O":
        return np.full(shape, b"a", dtype=object)
    if fill in ("random", NONNEGATIVE):
        return rng.integers(0, 2, shape).astype(kind)
    return (np.zeros if fill == "zeros" else np.ones)(shape, dtype=kind)


def _feeds(model, signature_keys, inputs) -> list:
    """What each calibration step feeds: per signature a dict of input arrays (SavedModels),
    or a list in input order (frozen graphs and .meta files)."""
    if model.format == "saved_model":
        keys = list(signature_keys or [k for k in model.signatures if not k.startswith("__")])
        return [(k, {n: (spec.dtype, spec.shape) for n, spec in model.signatures[k].inputs.items()}) for k in keys]
    names, _ = loading.graph_io(model, inputs, None)
    specs = []
    for name in names:
        node = model.nodes.get(("", name.split(":")[0]))
        dtype = node.attr_dtypes().get("dtype", "float32") if node is not None else "float32"
        shapes = node.output_shapes() if node is not None else None
        shape = shapes[0] if shapes else (node.attr_shape("shape") if node is not None else None)
        specs.append((dtype, shape))
    return [(None, specs)]


def quantize(t, model, signature_keys, inputs, fill: str = "random", unknown: int = 1):
    """A converter configuration for full-integer quantization of `model`."""
    import numpy as np

    feeds = _feeds(model, signature_keys, inputs)
    rng = np.random.default_rng(0)

    def dataset():
        for _ in range(SAMPLES):
            for key, specs in feeds:
                if isinstance(specs, dict):
                    sample = {n: sample_array(np, d, s, rng, fill, unknown) for n, (d, s) in specs.items()}
                    yield (key, sample) if len(feeds) > 1 else sample
                else:
                    yield [sample_array(np, d, s, rng, fill, unknown) for d, s in specs]

    def configure(converter):
        # The converter may convert fewer signatures than the model has (a model.export SavedModel:
        # only serving_default); calibrate exactly those.
        converted = getattr(converter, "_saved_model_exported_names", None)
        if converted and feeds and feeds[0][0] is not None:
            feeds[:] = [f for f in feeds if f[0] in converted]
        converter.optimizations = [t.lite.Optimize.DEFAULT]
        converter.representative_dataset = dataset
        converter.target_spec.supported_ops = [t.lite.OpsSet.TFLITE_BUILTINS_INT8]
        converter.inference_input_type = t.int8
        converter.inference_output_type = t.int8
        return converter
    return configure


def full_integer_problems(flatbuffer: bytes) -> list[OracleProblem]:
    """One problem per operator of the converted model that runs in float."""
    from ..model.tflite_file import read
    from ..rules.checks.tflite_int8 import float_operators

    model = read(Path("converted.tflite"), flatbuffer)
    return [OracleProblem(node.op, node.name, node.scope, "float_fallback",
                          f"{node.op} runs in float: no int8 kernel (dequantized around it)")
            for node in float_operators(model)]
