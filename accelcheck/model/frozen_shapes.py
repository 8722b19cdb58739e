"""Whole shapes of a frozen GraphDef's tensors as TensorFlow's shape functions infer them.

A frozen GraphDef records no shapes; the TFLite converter imports it with TensorFlow's shape refiner,
so the dimensions it knows, and the shape slices it folds into constants, are what the shape
functions (tensorflow/core/ops/*.cc, TF 2.21) infer from the placeholders. `inferred_shape` follows
them through the ops a vision graph is made of (convolutions and pools, element-wise ops, bias adds
and batch norms, concatenation, resizes to a constant or inferred size) and stops (None) at any other.
Measured: a TF1 YOLOv3-tiny port frozen on [None, 64, 64, 3] whose grid comes from tf.shape of its
heads converts with no CAST in int8 (fresh50); model.shapes.last_dim follows the channels alone.
"""

from __future__ import annotations

import math

from ..opsets import op_set
from .shapes import broadcast, data_inputs, data_ports, output_shape, picked_dims, producer_through

_MAX_DEPTH = 96
# The 2-D pools and resizes keep their input's channels (op set keeps_last_dim); their spatial sizes follow here.
_POOLS = frozenset(op for op in op_set("keeps_last_dim") if op.endswith("Pool"))
_RESIZES = frozenset(op for op in op_set("keeps_last_dim") if op.startswith("Resize"))
_WINDOWED = frozenset({"Conv2D", "DepthwiseConv2dNative"}) | _POOLS
_FIRST_OPERAND = frozenset({"Identity", "BiasAdd", "FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"})


def inferred_shape(model, key, port: str = "0", memo: dict | None = None, depth: int = 0) -> tuple | None:
    """One output's shape, recorded or inferred (None for an unknown dimension); None if not followed."""
    memo = {} if memo is None else memo
    if (key, port) not in memo:
        memo[key, port] = None  # a cycle (a v1 loop) is not followed
        memo[key, port] = _shape(model, key, port, memo, depth) if depth < _MAX_DEPTH else None
    return memo[key, port]


def shape_values(model, key, memo: dict | None = None, depth: int = 0) -> list | None:
    """The values of an int shape operand: a constant's, or StridedSlice(Shape(x)) of x's inferred
    dimensions (None where one is unknown)."""
    node = model.nodes[key]
    values = node.const_values()
    if values is not None:
        return [int(v) for v in values]
    inputs = data_inputs(model, key)
    if node.op == "Identity" and inputs:
        return shape_values(model, inputs[0], memo, depth + 1)
    if node.op != "StridedSlice" or len(inputs) != 4 or model.nodes[inputs[0]].op != "Shape":
        return None
    memo = {} if memo is None else memo
    found = picked_dims(model, node, inputs, lambda m, k, p: inferred_shape(m, k, p, memo, depth + 1))
    return [found[0][i] for i in found[1]] if found else None


def _shape(model, key, port, memo, depth):
    node = model.nodes[key]
    recorded = output_shape(node, port) if not node.is_arg else None
    if recorded is not None:
        return tuple(recorded)
    op = node.op
    if op == "Const":
        return node.const_shape()
    if op in ("Placeholder", "PlaceholderWithDefault"):
        return node.attr_shape("shape")
    inputs = data_ports(model, key)
    if port != "0" or not inputs:
        return None
    follow = lambda i: inferred_shape(model, *inputs[i], memo, depth + 1) if i < len(inputs) else None  # noqa: E731
    if op in _FIRST_OPERAND or op in op_set("keeps_shape"):
        return follow(0)
    if op in op_set("broadcasting"):
        shapes = [follow(i) for i in range(len(inputs))]
        return broadcast(shapes) if None not in shapes else None
    if op in _WINDOWED:
        return _windowed(model, node, inputs, follow(0))
    if op in _RESIZES and len(inputs) == 2:
        x, size = follow(0), shape_values(model, inputs[1][0], memo, depth + 1)
        return (x[0], *size, x[3]) if x is not None and size is not None and len(x) == 4 and len(size) == 2 else None
    if op == "ConcatV2" and len(inputs) > 2:
        axis = model.nodes[inputs[-1][0]].const_values()
        shapes = [follow(i) for i in range(len(inputs) - 1)]
        if not axis or len(axis) != 1 or any(s is None or len(s) != len(shapes[0]) for s in shapes):
            return None
        a = int(axis[0]) % len(shapes[0])
        merged = [next((s[i] for s in shapes if s[i] is not None), None) for i in range(len(shapes[0]))]
        merged[a] = None if any(s[a] is None for s in shapes) else sum(s[a] for s in shapes)
        return tuple(merged)
    return None


def _windowed(model, node, inputs, x):
    """Conv2D / DepthwiseConv2dNative / MaxPool / AvgPool in NHWC (GetWindowedOutputSize)."""
    if x is None or len(x) != 4 or (node.attr_str("data_format") or "NHWC") != "NHWC":
        return None
    strides = node.attr_ints("strides")
    padding = node.attr_str("padding")
    if node.op in _POOLS:
        window, channels = node.attr_ints("ksize")[1:3], x[3]
        dilations = [1, 1]
    else:
        wshape = producer_through(model, inputs[1][0], ("Identity",)).const_shape()  # a frozen variable's read
        if not wshape or len(wshape) != 4:
            return None
        window = wshape[:2]
        channels = wshape[3] * (wshape[2] if node.op == "DepthwiseConv2dNative" else 1)
        dilations = (node.attr_ints("dilations") or [1, 1, 1, 1])[1:3]
    if len(strides) != 4 or padding not in ("SAME", "VALID"):
        return None
    spatial = []
    for size, k, s, d in zip(x[1:3], window, strides[1:3], dilations):
        if size is None:
            spatial.append(None)
        elif padding == "SAME":
            spatial.append(math.ceil(size / s))
        else:
            spatial.append(max(0, math.ceil((size - (k - 1) * d) / s)))
    return (x[0], *spatial, channels)


