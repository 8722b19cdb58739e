"""Full-integer (int8) TFLite and the fake-quant ops of a hand-written quantization-aware model:
what the converter makes of tensors whose quantization the model fixes itself.

On an activation, a fake-quant fixes the tensor's type from its bit width: 4 bits or fewer give
i4, 9 or more i16, and full-integer conversion then fails at the next op or the output ("x and y
must have same element type"), or leaves the producer in float where the value is also
fake-quantized at 8 bits (measured, TF 2.21, 2, 4, 9 and 16 bits; 5 to 8 bits convert, and so do
4-bit weights, which become the weights' own quantization) (TFQ009).

The converter turns a fake-quant on weights into the weights' quantization parameters (scale and
zero point per tensor or per channel) instead of choosing symmetric ones. Two layouts it then
cannot use (measured with TF 2.21, full-integer conversion with representative data):

- a per-channel fake-quant on a MatMul's [in, out] kernel: FULLY_CONNECTED wants [out, in], and a
  kernel quantized along its last axis cannot be transposed (TFQ006); nor can it be reshaped so that
  its last axis moves (a Conv1D kernel expanded to [1, k, in, out]: TFQ010);
- ranges that are not symmetric around zero give a nonzero weight zero point, which CONV_2D never
  takes ("conv.cc:372 zero_point != 0", 8 and 4 bits, per channel and per tensor) and
  FULLY_CONNECTED takes only at 8 bits (4 bits: "Unsupported filter quantization zero-point")
  (TFQ007; DEPTHWISE_CONV_2D converts, and only XNNPACK refuses it, at run time). The converter
  keeps the fake-quant's parameters only for an op whose output a fake-quant fixes too (conv ->
  relu -> fake-quant fails; conv -> add of another conv's output -> relu -> fake-quant converts:
  the converter then quantizes the float weights itself), and only in a SavedModel: from_frozen_graph
  requantizes the weights of the same graph frozen.

A frozen GraphDef is converted differently (from_frozen_graph): a fake-quant on an activation keeps
its range while the tensors around it are calibrated, so an op whose int8 kernel needs the same
scale on its input and output (a pool, reshape, slice, split, ...) right after one fails to
quantize (TFQ011; the same graphs as SavedModels convert).
"""

from __future__ import annotations

from typing import Iterator

from ...model.checkpoint import variable_floats
from ...model.shapes import data_inputs, producer_through, shape_of, value_shape
from ...opsets import op_set
from ...resources import load_data
from . import Hit
from .tflite_int8 import returned
from .tflite_shapes import converter_sources
from .value_sources import SHAPE_ONLY, VARIABLE_READS

_PER_CHANNEL = "FakeQuantWithMinMaxVarsPerChannel"
# The FakeQuant* ops of the fake-quant set (the QuantizeAndDequantize ops were not measured here).
_WEIGHT_FAKE_QUANT = frozenset(op for op in op_set("fake_quant") if op.startswith("FakeQuant"))
# Between a weight fake-quant and the op that uses the weights (a depthwise kernel reshaped to
# [kh, kw, C] for a per-channel fake-quant and back).
_PASS_THROUGH = frozenset({"Identity", "Reshape"})
# TF op -> the fewest bits at which its builtin takes a nonzero weight zero point (None: never).
_NONZERO_ZERO_POINT = {"Conv2D": None, "MatMul": 8}
# Ops the converter fuses into a conv or matmul, or that share its output's quantization, between
# it and the fake-quant that fixes that output; binary ones only with an operand fixed before the graph runs.
# The activations and bias adds among them are what fake_quant_bypassed walks back through.
_FUSED_ACTIVATIONS = frozenset({"Identity", "Relu", "Relu6"})
_BIAS_ADDS = frozenset({"BiasAdd", "Add", "AddV2"})
_FUSED_AFTER = _FUSED_ACTIVATIONS | {"MaxPool", "Reshape", "FusedBatchNorm", "FusedBatchNormV3"}
_FUSED_AFTER_WITH_CONSTANT = _BIAS_ADDS | {"Sub", "Mul"}
# The bit widths of an activation fake-quant that full-integer conversion keeps in int8 (measured).
_INT8_BITS = (5, 8)
# How far from an integer the unrounded zero point must be to call it nonzero: symmetric ranges
# give exactly 0 or a half (-0.5 for [-a, a] over 256 levels), which the converter rounds to 0.
_AMBIGUITY = 0.5 + 1e-3


def _weight_quantization_kept(model) -> bool:
    """Whether conversion keeps the quantization that fake-quants give weights: from a SavedModel it
    does; from_frozen_graph requantizes frozen weights itself (measured, TF 2.21: the same graphs
    frozen convert: per-channel MatMul weights (TFQ006), asymmetric ranges (TFQ007), a Conv1D's
    reshaped per-channel kernel (TFQ010))."""
    return model.format == "saved_model"


def per_channel_matmul_weights(ctx, rule) -> Iterator[Hit]:
    """A MatMul whose untransposed weights come from a per-channel fake-quant (through Identity
    nodes): the converter cannot transpose them for FULLY_CONNECTED (measured; see TFQ006)."""
    model = ctx.model
    if not _weight_quantization_kept(model):
        return
    for node in ctx.nodes_with_ops(frozenset({"MatMul"}), live_only=True):
        if node.attr_bool("transpose_b"):
            continue
        fake_quant = _weight_fake_quant(model, node, through=frozenset({"Identity"}))
        if fake_quant is not None and fake_quant.op == _PER_CHANNEL:
            yield Hit(node.key, {"fake_quant": fake_quant.name})


def asymmetric_weight_ranges(ctx, rule) -> Iterator[Hit]:
    """A Conv2D (or, below 8 bits, a MatMul) whose weights come from a fake-quant with ranges that
    give a nonzero zero point, when the ranges are known: constants, or variables whose values the
    checkpoint holds."""
    model = ctx.model
    if not _weight_quantization_kept(model):
        return
    for node in ctx.nodes_with_ops(frozenset(_NONZERO_ZERO_POINT), live_only=True):
        fake_quant = _weight_fake_quant(model, node, through=_PASS_THROUGH)
        if fake_quant is None:
            continue
        bits = fake_quant.attr_int("num_bits", 8)
        fewest = _NONZERO_ZERO_POINT[node.op]
        if fewest is not None and bits >= fewest or not _output_fake_quantized(ctx, node):
            continue
        readers = ctx.memo("variable_readers", lambda: _variable_readers(model))  # only once one is needed
        ranges = _ranges(model, fake_quant, readers)
        if ranges is None:
            continue
        for channel, (low, high) in enumerate(zip(*ranges)):
            zero_point = _zero_point(low, high, bits, fake_quant.attr_bool("narrow_range"))
            if zero_point:
                yield Hit(node.key, {"fake_quant": fake_quant.name, "zero_point": zero_point, "channel": channel,
                                     "bits": bits})
                break


def activation_bit_width(ctx, rule) -> Iterator[Hit]:
    """A fake-quant of fewer than 5 or more than 8 bits on a value computed while serving (not
    weights: constants and frozen variables)."""
    sources = converter_sources(ctx)
    for node in ctx.nodes_with_ops(_WEIGHT_FAKE_QUANT, live_only=True):
        bits = node.attr_int("num_bits", 8)
        if _INT8_BITS[0] <= bits <= _INT8_BITS[1]:
            continue
        inputs = data_inputs(ctx.model, node.key)[:1]
        if inputs and not sources.fixed(inputs[0]):
            yield Hit(node.key, {"bits": bits})


def reshaped_per_channel_weights(ctx, rule) -> Iterator[Hit]:
    """A reshape of weights fake-quantized per channel (constants or frozen variables, in a
    SavedModel) that moves the quantized axis: the position of the input's last axis no longer holds
    its channels in the output (tf.nn.conv1d's ExpandDims of a [k, in, out] kernel to [1, k, in, out])."""
    model = ctx.model
    if not _weight_quantization_kept(model):
        return
    sources = converter_sources(ctx)
    for fake_quant in ctx.nodes_with_ops(frozenset({_PER_CHANNEL}), live_only=True):
        weights = data_inputs(model, fake_quant.key)[:1]
        if not weights or not sources.fixed(weights[0]):
            continue
        shape = value_shape(model, weights[0], "0")
        if not shape or None in shape:
            continue
        axis = len(shape) - 1
        for reshape in _reached(model, fake_quant.key, frozenset({"Identity"})):
            if reshape.op not in _RESHAPES:
                continue
            out = shape_of(model, reshape.key, "0")
            if out is not None and (axis >= len(out) or out[axis] != shape[axis]):
                yield Hit(reshape.key, {"fake_quant": fake_quant.name, "axis": axis, "shape": list(out)})


def frozen_same_scale(ctx, rule) -> Iterator[Hit]:
    """In a frozen GraphDef, an op whose int8 kernel keeps its input's scale (the same-scale ops),
    fed by a fake-quant of a computed value: the fake-quant fixes the input's scale, calibration
    gives the output its own, and full-integer quantization fails. Some of these ops the converter
    requantizes unless a fake-quant fixes their output too (measured: tflite_int8_same_scale.json).
    The two scales agree, and it converts, only when the representative data drives the fake-quant's
    input to both ends of its range: what data a user calibrates with is not in the model, so the
    message names the range (measured, see the table's notes)."""
    model = ctx.model
    if not model.is_graph_def:
        return  # a SavedModel's fake-quants are applied while converting: the same graphs convert (measured)
    table = load_data("tflite_int8_same_scale.json")
    always, with_fixed_output = frozenset(table["after_fake_quant"]), frozenset(table["with_fixed_output"])
    fake_quants = op_set("fake_quant")
    sources = converter_sources(ctx)
    identity = frozenset({"Identity"})
    to_fixing_fake_quant = identity | with_fixed_output  # through a concat of concats too
    flagged: set = set()
    for fake_quant in ctx.nodes_with_ops(fake_quants, live_only=True):
        value = data_inputs(model, fake_quant.key)[:1]
        if not value or sources.is_feed(value[0]):
            continue  # on a graph input: requantized from the input's calibrated range (measured, mixed): not judged
        if sources.fixed(value[0]):
            continue  # weights: folded into the op that uses them
        if producer_through(model, value[0], identity).op in op_set("tflite_int8_fixed_output_range"):
            continue  # a sigmoid's or softmax's int8 output range is fixed, calibration or not (measured)
        for node in _reached(model, fake_quant.key, identity):
            if node.key in flagged or not ctx.is_live(node.key):
                continue
            if node.op in always or node.op in with_fixed_output and any(
                    after.op in fake_quants for after in _reached(model, node.key, to_fixing_fake_quant)):
                flagged.add(node.key)
                yield Hit(node.key, {"fake_quant": fake_quant.name, "range": _range_text(ctx, fake_quant)})


def _range_text(ctx, fake_quant) -> str:
    """The fake-quant's range as the message quotes it ("[0, 6]"), or "its range" when not known."""
    readers = ctx.memo("variable_readers", lambda: _variable_readers(ctx.model))
    ranges = _ranges(ctx.model, fake_quant, readers)
    if ranges is None or len(ranges[0]) != 1:
        return "its range"
    return f"[{ranges[0][0]:.6g}, {ranges[1][0]:.6g}]"


def fake_quant_bypassed(ctx, rule) -> Iterator[Hit]:
    """A computed value that a fake-quant fixes for one reader while another reads it as it is (adds it
    to a later value, convolves it, returns it): full-integer conversion leaves the op that computes
    it in float, and the same-scale ops between them (measured, TF 2.21: conv -> relu -> [max pool |
    reshape] -> fake-quant -> conv, the value before the fake-quant also read by an add, a conv, a
    sigmoid or, in a frozen graph, the signature; FakeQuantWithMinMaxArgs and QuantizeAndDequantizeV4;
    frozen graphs and SavedModels; TensorRT-style QDQ ResNet blocks; scripts/probe_tflite_fake_quant_bypass.py).
    The op's output is calibrated as well as fixed."""
    model = ctx.model
    fake_quants = op_set("fake_quant")
    same_scale = frozenset(load_data("tflite_int8_same_scale.json")["after_fake_quant"])
    sources = converter_sources(ctx)
    flagged: set = set()
    for fake_quant in ctx.nodes_with_ops(fake_quants, live_only=True):
        value = next(((src, d["port"]) for src, d in model.producers(fake_quant.key)
                      if d["kind"] == "data" and d["index"] == 0), None)
        if value is None or sources.fixed(value[0]) or sources.is_feed(value[0]):
            continue  # weights are folded; a graph input is requantized
        if model.nodes[value[0]].op in fake_quants:
            continue
        reader = _read_as_is(ctx, value[0], value[1], fake_quants)
        if reader is None:
            continue
        for node in _computed_by(model, value[0], same_scale, fake_quants, sources):
            if node.key not in flagged:
                flagged.add(node.key)
                text = reader if reader == _RETURNED else f"`{reader}`"
                yield Hit(node.key, {"fake_quant": fake_quant.name, "reader_text": text})


_RETURNED = "the signature"  # a reader that returns the value as it is


def _read_as_is(ctx, key, port: str, fake_quants, depth: int = 0) -> str | None:
    """The name of a live reader of the tensor that is not a fake-quant (through Identity nodes), or
    "the signature" when it is returned; None when only fake-quants read it."""
    model = ctx.model
    for dst, data in model.consumers(key):
        if data["kind"] != "data" or data["port"] != port or not ctx.is_live(dst):
            continue
        reader = model.nodes[dst]
        if reader.op in fake_quants or reader.op in SHAPE_ONLY:  # a shape read is no use of the value
            continue
        if reader.op == "Identity" and depth < 8:
            found = _read_as_is(ctx, dst, "output:0" if reader.scope else "0", fake_quants, depth + 1)
            if found is not None:
                return found
            continue
        return reader.name
    # A SavedModel's signature output is requantized for the caller (measured: a returned value
    # leaves its conv in float in a frozen graph only).
    return _RETURNED if depth == 0 and model.is_graph_def and returned(model, key, port) else None


def _computed_by(model, key, same_scale: frozenset[str], fake_quants, sources) -> list:
    """The operators that compute a value, back through activations and constant bias adds fused
    into them and through same-scale ops (each an operator of its own) to the op that computes it;
    none when that is not an operator that computes (a variable's weights, a function's argument,
    v1 control flow, a call: the value is not the kind measured)."""
    found, node = [], model.nodes[key]
    for _ in range(16):
        if node.is_arg or node.is_boundary or node.calls or node.op in VARIABLE_READS or \
                node.op in op_set("v1_control_flow"):
            return []
        computed = [src for src in data_inputs(model, node.key) if not sources.fixed(src)]
        # A Mul by a constant after a conv is folded into it in a SavedModel, not in a frozen graph (measured).
        adds = _BIAS_ADDS | {"Mul"} if model.format == "saved_model" else _BIAS_ADDS
        fused = node.op in _FUSED_ACTIVATIONS or node.op in adds and len(computed) == 1
        if node.op in same_scale or fused:
            if node.op in same_scale:
                found.append(node)
            above = model.nodes[computed[0]] if computed else None
            if above is None or above.op in fake_quants or sources.is_feed(above.key) or above.is_arg:
                if fused and node.op != "Identity":
                    found.append(node)  # nothing before it to fuse into: an operator of its own
                return found
            node = above
            continue
        found.append(node)
        return found
    return found


# Reshapes the converter turns into a tfl.reshape of the quantized weights.
_RESHAPES = frozenset({"Reshape", "ExpandDims", "Squeeze"})


def _reached(model, key, through: frozenset[str]):
    """The data consumers of a node, looking through `through` ops."""
    queue, seen = [key], {key}
    while queue:
        for dst, data in model.consumers(queue.pop()):
            if data["kind"] != "data" or dst in seen:
                continue
            seen.add(dst)
            node = model.nodes[dst]
            if node.op in through:
                queue.append(dst)
            else:
                yield node


def _weight_fake_quant(model, node, through: frozenset[str]):
    """The fake-quant node the weights (second operand) come from, through `through` ops; None if none."""
    weights = data_inputs(model, node.key)[1:2]
    found = producer_through(model, weights[0], through) if weights else None
    return found if found is not None and found.op in _WEIGHT_FAKE_QUANT else None


def _output_fake_quantized(ctx, node) -> bool:
    """Whether a fake-quant fixes the node's output: reached through ops fused into it."""
    model, queue, seen = ctx.model, [node.key], {node.key}
    sources = converter_sources(ctx)
    while queue:
        key = queue.pop()
        for dst, data in model.consumers(key):
            if data["kind"] != "data" or dst in seen:
                continue
            op = model.nodes[dst].op
            if op in op_set("fake_quant"):
                return True
            others = [src for src in data_inputs(model, dst) if src != key]
            if op in _FUSED_AFTER or op in _FUSED_AFTER_WITH_CONSTANT and all(sources.fixed(src) for src in others):
                seen.add(dst)
                queue.append(dst)
    return False


def _ranges(model, fake_quant, readers) -> tuple[list[float], list[float]] | None:
    """(mins, maxes) of a fake-quant, one pair per channel; None when either is not known."""
    if fake_quant.op == "FakeQuantWithMinMaxArgs":
        return [fake_quant.attr_float("min", -6.0)], [fake_quant.attr_float("max", 6.0)]
    operands = data_inputs(model, fake_quant.key)[1:3]
    found = [_known_floats(model, src, readers) for src in operands]
    if len(found) != 2 or not all(found) or len(found[0]) != len(found[1]):
        return None
    return found[0], found[1]


def _known_floats(model, key, readers, depth: int = 0, limit: int = 1 << 16) -> list[float] | None:
    """A value fixed before the graph runs: a Const's, a variable's from the checkpoint (through
    Identity nodes and variable reads), or a range the model computes from its weights (the
    min or max of all of them, or per last axis, maybe clamped to include zero)."""
    node = model.nodes[key]
    inputs = data_inputs(model, key)
    if node.op == "Const":
        return node.const_values()
    if key in readers:
        return variable_floats(model, readers[key], limit)
    if depth > 8 or not inputs:
        return None
    if node.op == "Identity":
        return _known_floats(model, inputs[0], readers, depth + 1, limit)
    if node.op in _CLAMPS and len(inputs) == 2:
        a, b = (_known_floats(model, src, readers, depth + 1, limit) for src in inputs)
        if not a or not b or len(a) != len(b) and 1 not in (len(a), len(b)):
            return None
        width = max(len(a), len(b))  # a scalar (the 0 a range is clamped to) broadcasts
        a, b = (v * width if len(v) == 1 else v for v in (a, b))
        return [_CLAMPS[node.op](x, y) for x, y in zip(a, b)]
    if node.op in _REDUCTIONS and len(inputs) == 2:
        return _reduced(model, node, inputs, readers, depth)
    return None


_CLAMPS = {"Minimum": min, "Maximum": max}
_REDUCTIONS = {"Min": min, "Max": max}
_WEIGHT_BYTES = 16 << 20  # weights read to compute a range from: at most 16 MiB


def _reduced(model, node, inputs, readers, depth: int) -> list[float] | None:
    """Min/Max of known weights over all axes, or over all but the last (one value per channel)."""
    shape = value_shape(model, inputs[0], "0")
    axes = model.nodes[inputs[1]].const_values()
    if shape is None or None in shape or axes is None or node.attr_bool("keep_dims"):
        return None
    rank = len(shape)
    axes = sorted({int(a) % rank for a in axes}) if rank else []
    values = _known_floats(model, inputs[0], readers, depth + 1, _WEIGHT_BYTES)
    if values is None:
        return None
    pick = _REDUCTIONS[node.op]
    if axes == list(range(rank)):
        return [pick(values)]
    if axes == list(range(rank - 1)):
        channels = shape[-1]
        return [pick(values[c::channels]) for c in range(channels)]
    return None


def _variable_readers(model) -> dict:
    """Node that reads a variable's value (a ReadVariableOp, a TF1 ref variable itself) -> the variable."""
    readers = {}
    for var in model.variables:
        if var.kind == "ref":
            readers[var.node] = var
        else:
            readers.update({user: var for user in model.resource_users(var.node)
                            if model.nodes[user].op == "ReadVariableOp"})
    return readers


def _zero_point(low: float, high: float, bits: int, narrow: bool) -> int:
    """The signed zero point the converter derives from a fake-quant range, nudged as TensorFlow's
    fake-quant ops do (the range's minimum mapped onto the lowest level, rounded, clamped to the
    levels; it gives the zero points the converter reported: 36 at 8 bits and 2 at 4 bits for
    [-0.9, 0.5]); 0 for a range that is symmetric or does not contain zero."""
    if not low <= 0.0 <= high or high - low <= 0.0:
        return 0
    qmin = -(1 << (bits - 1)) + (1 if narrow else 0)
    qmax = (1 << (bits - 1)) - 1
    unrounded = qmin - low / ((high - low) / (qmax - qmin))
    if abs(unrounded) <= _AMBIGUITY:
        return 0
    return int(min(max(round(unrounded), qmin), qmax))


CHECKS = {"tflite-int8-per-channel-matmul": per_channel_matmul_weights,
          "tflite-int8-asymmetric-weights": asymmetric_weight_ranges,
          "tflite-int8-activation-bits": activation_bit_width,
          "tflite-int8-reshaped-per-channel": reshaped_per_channel_weights,
          "tflite-int8-frozen-same-scale": frozen_same_scale,
          "tflite-int8-fake-quant-bypassed": fake_quant_bypassed}
OPTIONS = {"tflite-int8-per-channel-matmul": {}, "tflite-int8-asymmetric-weights": {}, "tflite-int8-activation-bits": {},
           "tflite-int8-reshaped-per-channel": {}, "tflite-int8-frozen-same-scale": {},
           "tflite-int8-fake-quant-bypassed": {}}
