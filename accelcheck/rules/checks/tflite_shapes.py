"""What the TFLite converter makes of a node's operands and shapes, as far as the graph records
them: values it folds into constants, input ranks and shapes (through function arguments to the
call site), and the shapes some lowerings need (tflite_operand_conditions.json, measured)."""

from __future__ import annotations

from ...model.shapes import data_inputs, output_shape, shape_of
from ...opsets import op_set
from .value_sources import VARIABLE, ValueSources, input_index

_READ_VARIABLE = "ReadVariableOp"  # a resource variable's whole value (a ResourceGather computes on it)


# The converter's constant folder declines a result over 2**21 bits that is also more than twice the
# size of its operands (tensorflow/compiler/mlir/tensorflow/transforms/constant_fold.cc, ShouldBeFolded):
# counted here in elements of 32 bits.
_FOLD_ELEMENTS = 2**21 // 32
_FOLD_GROWTH = 2


def folded(ctx, key) -> bool:
    """Whether the converter folds the node into a constant, memoised per lint: a stateless op whose
    inputs are all constants, frozen variables or folded, with a recorded result the folder takes
    (_FOLD_ELEMENTS; measured: a float64 Log(Cast(2) + 1e-7) in tf.nn.ctc_loss converts with
    builtins, as a computed one does not; `x * -alpha` and Keras PReLU's `-alpha` on a [16, 16, 8]
    variable leave no NEG in int8); or arithmetic on the known dimensions of a shape, recorded or
    not (measured: the pixel count of tf.image.per_image_standardization on [?, 8, 8, 1], cast to
    float, leaves no CAST in int8)."""
    sources = ctx.memo("value_sources", lambda: ValueSources(ctx.model))
    return _folded(ctx.model, key, ctx.memo("folded", dict), 0, sources)


def _folded(model, key, memo: dict, depth: int, sources) -> bool:
    if key in memo:
        return memo[key]
    node = model.nodes[key]
    if node.op == "Const":
        return True
    if node.op == _READ_VARIABLE:
        # The converter freezes variables nothing writes while serving (read outside control flow).
        memo[key] = (sources.source(key) or (None,))[0] == VARIABLE
        return memo[key]
    if depth > 8 or node.is_arg or node.stateful or node.calls or node.op in _NEVER_FOLDED:
        return False
    inputs = [src for src, d in model.producers(key) if d["kind"] == "data"]
    if node.op == "StridedSlice" and inputs and model.nodes[inputs[0]].op == "Shape":
        memo[key] = _known_dims(model, node, inputs)
        return memo[key]
    shapes = node.output_shapes()
    memo[key] = ((node.op in _SHAPE_ARITHMETIC or _fold_size(model, node, shapes)) and bool(inputs)
                 and all(_folded(model, src, memo, depth + 1, sources) for src in inputs))
    return memo[key]


# Folded on shape arithmetic whatever the graph records of their results (measured, see folded).
_SHAPE_ARITHMETIC = frozenset({"Identity", "Cast", "Prod", "Sum", "Mul", "Add", "AddV2", "Sub", "Pack", "Maximum",
                               "Minimum"})


def _known_dims(model, node, inputs) -> bool:
    """StridedSlice(Shape(x), begin, end, strides) that picks only dimensions of x its recorded
    shape knows."""
    found = _picked_dims(model, node, inputs)
    return bool(found and found[1]) and all(found[0][i] is not None and found[0][i] >= 0 for i in found[1])


def _picked_dims(model, node, inputs) -> tuple[tuple, list[int]] | None:
    """For StridedSlice(Shape(x), begin, end, strides): x's recorded shape and the indices of the
    dimensions the slice picks (begin, end and shrink-axis masks; no ellipsis or new axes)."""
    sources = [(src, data["port"]) for src, data in model.producers(inputs[0]) if data["kind"] == "data"]
    shape = shape_of(model, *sources[0]) if len(sources) == 1 else None
    bounds = [model.nodes[k].const_values() for k in inputs[1:4]]
    if shape is None or any(b is None or len(b) != 1 for b in bounds):
        return None
    if node.attr_int("ellipsis_mask") or node.attr_int("new_axis_mask"):
        return None
    begin, end, stride = (int(b[0]) for b in bounds)
    begin = None if node.attr_int("begin_mask") & 1 else begin
    end = None if node.attr_int("end_mask") & 1 else end
    if node.attr_int("shrink_axis_mask") & 1:
        end, stride = ((begin or 0) + 1) or None, 1
    return shape, list(range(len(shape)))[begin:end:stride]


# Ops whose output has their (first) input's shape, followed back to the op that made it.
_KEEPS_SHAPE = frozenset({"Identity", "Relu", "Relu6", "LeakyRelu", "Elu", "Selu", "Tanh", "Sigmoid", "BiasAdd"})


def last_dim_lost(model, key, depth: int = 0) -> bool:
    """Whether the converter loses the last dimension of the node's output although the graph
    records it: a Reshape to a shape concatenated from pieces whose last piece slices a shape the
    converter cannot fold, because the slice spans an unknown dimension (the known ones in it are
    lost with it) or a dimension the converter lost before. That is Keras 3's UpSampling2D
    (tf.repeat) on an image whose height and width are both unknown (measured, TF 2.21: a Conv2D
    after it needs Select TF ops, its input shape [-1, -1, -1, -1]; with the width known it converts)."""
    node = model.nodes[key]
    for _ in range(8):
        inputs = data_inputs(model, node.key)
        if node.op not in _KEEPS_SHAPE or not inputs:
            break
        node = model.nodes[inputs[0]]
    if node.op != "Reshape" or depth > 8 or len(data_inputs(model, node.key)) != 2:
        return False
    concat = model.nodes[data_inputs(model, node.key)[1]]
    parts = data_inputs(model, concat.key)[:-1] if concat.op == "ConcatV2" else []
    last = model.nodes[parts[-1]] if parts else None
    inputs = data_inputs(model, last.key) if last is not None and last.op == "StridedSlice" else []
    if not inputs or model.nodes[inputs[0]].op != "Shape":
        return False
    found = _picked_dims(model, last, inputs)
    if not found or not found[1]:
        return False
    shape, picked = found
    if any(shape[i] is None for i in picked):
        return True
    source = data_inputs(model, inputs[0])
    return len(shape) - 1 in picked and bool(source) and last_dim_lost(model, source[0], depth + 1)


# Fed values and v1 control flow: never constants, whatever feeds them.
_NEVER_FOLDED = op_set("v1_control_flow") | {"Placeholder", "PlaceholderWithDefault"}


def _fold_size(model, node, shapes) -> bool:
    """Whether the folder takes a result of this size (recorded shapes; unknown ones are not judged)."""
    if not shapes or any(s is None or None in s for s in shapes):
        return False
    results = sum(_elements(s) for s in shapes)
    if results <= _FOLD_ELEMENTS:
        return True
    operands = [shape_of(model, src, d["port"]) for src, d in model.producers(node.key) if d["kind"] == "data"]
    return results <= _FOLD_GROWTH * sum(_elements(s) for s in operands if s is not None and None not in s)


def _elements(shape) -> int:
    n = 1
    for d in shape:
        n *= max(d, 0)
    return n


def input_rank(model, node, arg_name: str) -> int | None:
    """The rank of the named input; None if unknown."""
    shape = input_shape(model, node, arg_name)
    return len(shape) if shape is not None else None


def input_shape(model, node, arg_name: str) -> tuple | None:
    """The shape of the named input (None for an unknown dimension): its Const's value, or its
    producer's recorded shape; None if unknown."""
    index = input_index(node, arg_name)
    return next((shape_of(model, src, d["port"]) for src, d in model.producers(node.key)
                 if d["kind"] == "data" and d["index"] == index), None)


def new_axis_on_dynamic(model, node) -> bool:
    """A StridedSlice that adds an axis, spells out every input dimension (or uses an ellipsis), on an
    input with two or more unknown dimensions: `mask[:, None, :]` on [?, ?] (measured: needs Select TF
    ops; `mask[:, None]`, `mask[None]`, or one unknown dimension convert)."""
    new_axes = node.attr_int("new_axis_mask", 0)
    shape = input_shape(model, node, "input") if new_axes else None
    if shape is None or sum(d is None for d in shape) < 2:
        return False
    begin = next((model.nodes[src].const_values() for src, d in model.producers(node.key)
                  if d["kind"] == "data" and d["index"] == input_index(node, "begin")), None)
    if begin is None:
        return False
    return bool(node.attr_int("ellipsis_mask", 0)) or len(begin) - bin(new_axes).count("1") >= len(shape)


def unknown_channels(model, node, arg_name: str) -> bool:
    """The named input has a known rank but an unknown channel dimension (NHWC: last, NCHW: 1),
    as recorded in its producer's _output_shapes or as the converter sees it (last_dim_lost); an
    input of unknown shape is not judged."""
    index = input_index(node, arg_name)
    for src, d in model.producers(node.key):
        if d["kind"] != "data" or d["index"] != index:
            continue
        shape = output_shape(model.nodes[src], d["port"])
        if not shape:
            return False
        channel = 1 if node.attr_str("data_format") == "NCHW" else len(shape) - 1
        if channel < len(shape) and shape[channel] is None:
            return True
        return channel == len(shape) - 1 and last_dim_lost(model, src)
    return False
