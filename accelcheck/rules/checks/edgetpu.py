"""Coral Edge TPU: which operators its compiler maps, from Coral's documentation
(rules/data/edgetpu.json, provenance per fact; the compiler is closed source and x86-only, nothing
here is measured). The int8 requirement itself is the tflite-int8 pack's, which edgetpu extends.

By default the compiler makes one Edge TPU subgraph: at the first operator it cannot map, that
operator and everything after it run on the CPU."""

from __future__ import annotations

import functools
import math
from typing import Iterator

from ...resources import load_data
from . import Hit
from ...model.shapes import output_shape
from .tflite_shapes import folded
from .tflite_view import builtins_of, computed_input, downstream, is_operator, unknown_dims, unsupported_activation

_IGNORED = frozenset({"DEQUANTIZE", "QUANTIZE"})  # boundaries: the CPU runs them around the Edge TPU part
# Builtins whose output has their input's shape: where a graph does not record the input's shape
# (a function argument), the output's stands in for it.
_SAME_SHAPE = frozenset({"SOFTMAX", "LOGISTIC", "TANH", "RELU", "RELU6", "HARD_SWISH", "L2_NORMALIZATION"})


@functools.cache
def _ops() -> dict:
    return load_data("edgetpu.json")["ops"]


def unsupported_ops(ctx, rule) -> Iterator[Hit]:
    """Operators not in Coral's supported-operations table; each says how much runs after it."""
    model = ctx.model
    for node in _operators(ctx):
        builtins = builtins_of(model, node)
        if not builtins:
            continue  # folded away, or not measured: nothing to say
        if any(b in _ops() or b in _IGNORED for b in builtins):
            continue  # one of the forms it may take maps (alternatives)
        n = downstream(ctx, node.key)
        yield Hit(node.key, {"builtins": ", ".join(builtins),
                             "after": _after(n)},
                      confidence="likely" if model.format == "tflite" else "heuristic")


def _operators(ctx) -> Iterator:
    """The live nodes that become operators: not folded into constants (weights read from
    variables, arithmetic on them) by the converter."""
    tflite = ctx.model.format == "tflite"
    for node in ctx.live_nodes():
        if is_operator(node) and (tflite or not folded(ctx, node.key)):
            yield node


def _after(n: int) -> str:
    if n == 0:
        return "it runs on the CPU, and so does any operator the compiler orders after it"
    what = "1 operator depends" if n == 1 else f"{n} operators depend"
    return f"it and everything after it run on the CPU ({what} on it)"


def dynamic_shapes(ctx, rule) -> Iterator[Hit]:
    """Tensor sizes must be constant at compile time: an input with an unknown dimension."""
    found = [f"{signature}:{name} {_dims(shape)}" for signature, name, shape in unknown_dims(ctx)]
    if found:
        yield Hit(None, {"inputs": ", ".join(found)})


def _dims(shape) -> str:
    return "(unknown rank)" if shape is None else "[" + ", ".join("?" if d is None else str(d) for d in shape) + "]"


def rank_over_3(ctx, rule) -> Iterator[Hit]:
    """Only the 3 innermost dimensions of a tensor may be larger than 1 (an unknown outer dimension
    is the dynamic-shape rule's business, not this one's)."""
    for node in _operators(ctx):
        if not builtins_of(ctx.model, node):
            continue  # removed by the converter
        for shape in node.output_shapes() or ():
            if shape and len(shape) > 3 and any(d is not None and d > 1 for d in shape[:-3]):
                yield Hit(node.key, {"shape": _dims(shape)})
                break


def _effective_rank(shape) -> int:
    dims = list(shape)
    while dims and dims[0] == 1:
        dims.pop(0)
    return len(dims)


def _input_shapes(model, node) -> list:
    """A TensorFlow node's input shapes, as its producers record them (None where they do not)."""
    shapes = []
    for src, d in model.producers(node.key):
        if d["kind"] == "data":
            shapes.append(output_shape(model.nodes[src], d["port"]))
    return shapes


def _limit_broken(model, node, op: str, entry: dict, tflite: bool) -> str | None:
    """The first of an op's simple documented limits this operator breaks (on a TensorFlow graph,
    only the shapes the graph records)."""
    outs = node.output_shapes() or []
    ins = node.attr_shape_list("_input_shapes") if tflite else _input_shapes(model, node)
    tensors = {f"out{i}": s for i, s in enumerate(outs)} | {f"in{i}": s for i, s in enumerate(ins) if s is not None}
    if "in0" not in tensors and op in _SAME_SHAPE and "out0" in tensors:
        tensors["in0"] = tensors["out0"]
    for name, top in entry.get("max_effective_rank", {}).items():
        shape = tensors.get(name)
        if shape and None not in shape and _effective_rank(shape) > top:
            return f"{name.replace('in', 'input ').replace('out', 'output ')} has {_effective_rank(shape)} dimensions " \
                   f"larger than 1 (at most {top})"
    limit = entry.get("max_elements")
    shape = tensors.get("in0") or tensors.get("out0")
    if limit and shape and None not in shape:
        count = math.prod(shape)
        if count > limit:
            return f"{count} elements (at most {limit})"
    if not tflite:
        return None
    if act := unsupported_activation(node, entry.get("fused_activations")):
        return f"fused activation {act}"
    if (i := computed_input(node, entry.get("const_inputs", ()))) is not None:
        return f"input {i} is computed, not a constant"
    return None


def op_limits(ctx, rule) -> Iterator[Hit]:
    """Supported operators used beyond a limit Coral's table states (the simple ones: effective
    rank, element count, fused activation, constant operands)."""
    model = ctx.model
    tflite = model.format == "tflite"
    for node in _operators(ctx):
        for op in builtins_of(model, node) or ():
            entry = _ops().get(op)
            if entry and (why := _limit_broken(model, node, op, entry, tflite)):
                yield Hit(node.key, {"builtin": op, "why": why, "limits": " ".join(entry["limits"])})
                break


CHECKS = {"edgetpu-unsupported-ops": unsupported_ops, "edgetpu-dynamic-shapes": dynamic_shapes,
          "edgetpu-rank": rank_over_3, "edgetpu-op-limits": op_limits}
OPTIONS = {"edgetpu-unsupported-ops": {}, "edgetpu-dynamic-shapes": {}, "edgetpu-rank": {}, "edgetpu-op-limits": {}}
