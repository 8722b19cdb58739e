"""What a graph records of its tensors' shapes (the _output_shapes attrs TensorFlow writes), read
the same way by every check: one output's shape, a value's shape followed from a function argument
to its call site, a node's data inputs and the node that computes a value, the dimensions a slice
of a shape picks, and a rank where the graph records none."""

from __future__ import annotations

from ..opsets import op_set
from . import opdefs
from .graph import call_arg_offset


def output_shape(node, port: str):
    """The recorded shape of one output ("1" in a graph, "output:0" in a function body, read only
    for ops with one output argument), or None."""
    head, _, index = port.rpartition(":")
    if head and len(opdefs.output_args(node.op)) != 1 or not index.isdigit():
        return None
    shapes = node.output_shapes()
    return shapes[int(index)] if shapes and int(index) < len(shapes) else None


def output_rank(node) -> int | None:
    """The recorded rank of the node's first output, or None."""
    shapes = node.output_shapes()
    return len(shapes[0]) if shapes and shapes[0] is not None else None


def call_site_input(model, arg) -> tuple | None:
    """What a function argument's first call site passes it: (producer, port), or None."""
    sites = model.call_sites().get(arg.scope, [])
    info = model.functions.get(arg.scope)
    if not sites or info is None:
        return None
    position = info.arg_names.index(arg.name) + call_arg_offset(sites[0].op)
    return next(((src, d["port"]) for src, d in model.producers(sites[0].key)
                 if d["kind"] == "data" and d["index"] == position), None)


def data_inputs(model, key) -> list:
    """The producers of the node's data inputs, in input order."""
    return [src for src, d in model.producers(key) if d["kind"] == "data"]


def producer_through(model, key, through) -> object:
    """The node that computes a value, back through `through` ops (Identity nodes, a reshape of
    weights) along their first data input."""
    node = model.nodes[key]
    for _ in range(8):
        above = data_inputs(model, node.key)[:1] if node.op in through else []
        if not above:
            break
        node = model.nodes[above[0]]
    return node


def element_count(shape) -> int:
    """The number of elements of a fully known shape (a negative dimension counts as 0)."""
    n = 1
    for d in shape:
        n *= max(d, 0)
    return n


def broadcast(shapes) -> tuple | None:
    """The shape NumPy-style broadcasting gives fully known shapes; None if they do not broadcast."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(rank):
        sizes = {s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0} - {1}
        if len(sizes) > 1:
            return None
        out.append(sizes.pop() if sizes else 1)
    return tuple(out)


def shape_of(model, key, port: str, depth: int = 0) -> tuple | None:
    """The shape of one output; a function argument's is that of what its first call site passes."""
    producer = model.nodes[key]
    if producer.is_arg:
        passed = call_site_input(model, producer) if depth <= 20 else None
        return shape_of(model, *passed, depth + 1) if passed else None
    rank = producer.const_rank()
    if rank is not None:
        return (0,) * rank  # a constant's dimensions are all known; only their number matters here
    return output_shape(producer, port)


def value_shape(model, key, port: str) -> tuple | None:
    """One output's shape with its dimensions: a constant's own (shape_of keeps only its rank), else
    what the graph records (shape_of)."""
    node = model.nodes[key]
    return node.const_shape() if node.op == "Const" else shape_of(model, key, port)


def picked_dims(model, node, inputs) -> tuple[tuple, list[int]] | None:
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


# Ops whose result has the rank of their first operand: element-wise ones (op set keeps_shape) and a
# bias add. A frozen GraphDef records no shapes; these and what feeds them give a rank all the same.
_FIRST_OPERAND_RANK = {"BiasAdd", "Identity"}


def inferred_rank(model, key, port: str = "0", depth: int = 0) -> int | None:
    """The rank of one output: recorded, or for a graph that records none, followed back through
    element-wise ops to a MatMul (rank 2), a Placeholder's shape or a constant; None if unknown."""
    node = model.nodes[key]
    shape = shape_of(model, key, port)
    if shape is not None:
        return len(shape)
    if node.op == "MatMul":
        return 2
    if node.op in ("Placeholder", "PlaceholderWithDefault"):
        shape = node.attr_shape("shape")
        return len(shape) if shape is not None else None
    if depth < 16 and (node.op in _FIRST_OPERAND_RANK or node.op in op_set("keeps_shape")):
        source = next(((src, d["port"]) for src, d in model.producers(key) if d["kind"] == "data"), None)
        return inferred_rank(model, *source, depth + 1) if source else None
    return None
