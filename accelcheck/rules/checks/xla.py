"""XLA kernel and dtype checks (targets tpu and xla), from the generated kernel tables.

A node compiles when its op has a kernel for the device (rules/data/xla_*.json) and one of the
op's kernel registrations allows every dtype attr the node sets.
"""

from __future__ import annotations

from typing import Iterator

from ...model.dtypes import base_dtype, format_shape
from ...resources import load_data
from ...opsets import op_set
from ...model.shapes import PADS, data_ports, element_count, producer_through, shape_of
from .value_sources import LOOPS, UNKNOWABLE, ValueSources
from . import REQUIRED, Hit


def _kernels(rule) -> dict:
    """The device's kernels from the rule's `table`, plus any `extra_tables` (same shape)."""
    device = rule.options["device"]
    kernels = dict(load_data(rule.options["table"])[device])
    for name in rule.options["extra_tables"]:
        kernels.update(load_data(name)[device])
    return kernels


def _is_host_op(op: str, options: dict) -> bool:
    return (op in options["host_ops"] or op.startswith(tuple(options["host_prefixes"]))
            or op.endswith(tuple(options["host_suffixes"])))


def _candidates(ctx, rule):
    exclude = rule.options["exclude_ops"]
    for node in ctx.live_nodes():
        if node.op in exclude or (node.calls and node.op in node.calls):
            continue  # handled by another rule, or a direct call of a library function
        yield node


def no_kernel(ctx, rule) -> Iterator[Hit]:
    """Ops without a kernel for the device; `host_only: true` keeps only host-side ops, false the rest."""
    kernels = _kernels(rule)
    want_host = bool(rule.options["host_only"])
    memo: dict = {}
    for node in _candidates(ctx, rule):
        if node.op not in kernels and _is_host_op(node.op, rule.options) is want_host:
            if ctx.model.format == "frozen_graph" and _constant_only(ctx.model, node.key, memo, 0):
                continue
            yield Hit(node.key)


# A frozen GraphDef reaches tf2xla as a function called from the compiled one (wrap_function and
# prune), and TensorFlow folds that function's constant subgraphs before compiling it: an op with no
# XLA kernel computed from constants alone compiles (measured, TF 2.21: MatrixDeterminant,
# MatrixSquareRoot and Where on constants in a frozen graph; fresh33's Kalman filter, whose
# covariances never see the observations). In a SavedModel's signature the same ops fail, variables
# or not (measured). TensorFlow's folder leaves stateful ops and results over 10 MiB alone
# (tensorflow/core/common_runtime/constant_folding.cc).
_FOLD_BYTES = 10 * 2**20


def _constant_only(model, key, memo: dict, depth: int) -> bool:
    """Whether the node's value is computed from Const nodes alone, by stateless ops. Not
    ValueSources (it counts values from shapes as constants, which this folder was not measured on)
    nor tflite_shapes.folded (the TFLite converter's folder, with its own size policy)."""
    if key in memo:
        return memo[key]
    memo[key] = False  # a cycle (v1 loop) is not constant
    node = model.nodes[key]
    if node.op == "Const":
        memo[key] = True
        return True
    inputs = [src for src, d in model.producers(key) if d["kind"] == "data"]
    shapes = node.output_shapes()
    too_big = any(s is not None and None not in s and element_count(s) * 8 > _FOLD_BYTES for s in shapes or ())
    memo[key] = (bool(inputs) and depth < 100 and not (node.is_arg or node.stateful or node.calls or too_big)
                 and node.op not in _NOT_FOLDED and all(_constant_only(model, src, memo, depth + 1) for src in inputs))
    return memo[key]


_NOT_FOLDED = op_set("v1_control_flow") | {"Placeholder", "PlaceholderWithDefault"}


def unsupported_dtype(ctx, rule) -> Iterator[Hit]:
    kernels = _kernels(rule)
    verdicts: dict[tuple[str, int], tuple[str, str] | None] = {}  # (op, id of the shared dtype dict)
    for node in _candidates(ctx, rule):
        registrations = kernels.get(node.op)
        if not registrations:
            continue
        node_types = node.attr_dtypes()
        memo_key = (node.op, id(node_types))
        if memo_key not in verdicts:
            verdicts[memo_key] = _rejected(node_types, registrations)
        rejected = verdicts[memo_key]
        if rejected:
            yield Hit(node.key, {"attr": rejected[0], "dtype": rejected[1]})
    yield from _boundary_dtypes(ctx, kernels)


def _boundary_dtypes(ctx, kernels: dict) -> Iterator[Hit]:
    """A compiled signature takes its inputs as _Arg nodes and returns its outputs as _Retval
    nodes, which have kernels only for the dtypes XLA holds: a string output fails even where the
    op making it compiles, such as a string Const (measured, TF 2.21: "no XLA kernel for _Retval
    ... T=DT_STRING", a TF1 SavedModel signature returning a constant label list). Not on the
    _Arg and _Retval nodes of a graph written as a function: no finding is (the ops reading and
    making their strings are)."""
    model = ctx.model
    for name in ctx.signatures:
        sig = model.signatures[name]
        for op, specs in (("_Arg", sig.inputs), ("_Retval", sig.outputs)):
            allowed = kernels.get(op)
            for spec in specs.values():
                if not allowed or spec.node is None or spec.dtype in ("", "invalid"):
                    continue  # nothing to judge by
                if not model.nodes[spec.node].is_boundary and _rejected({"T": spec.dtype}, allowed):
                    yield Hit(spec.node, {"op": op, "attr": "T", "dtype": base_dtype(spec.dtype)})


def _rejected(node_types: dict[str, str], registrations: list[dict]) -> tuple[str, str] | None:
    """(attr, dtype) that no kernel registration allows, or None when one allows them all."""
    rejected: dict[str, str] = {}
    for reg in registrations:
        bad = _disallowed(node_types, reg.get("constraints", {}))
        if not bad:
            return None
        rejected = rejected or bad
    return next(iter(sorted(rejected.items()))) if rejected else None


def _disallowed(node_types: dict[str, str], constraints: dict[str, list[str]]) -> dict[str, str]:
    bad = {}
    for attr, allowed in constraints.items():
        for key, dtype in node_types.items():
            if (key == attr or key.startswith(attr + "[")) and base_dtype(dtype) not in allowed:
                bad[attr] = base_dtype(dtype)
    return bad


# ---------------------------------------------------------------- compile-time-constant inputs
#
# tf2xla compiles some inputs into the program (a Reshape's shape, an axis, TopK's k). A
# jit-compiled function is compiled for the values it is called with, so an operand from the
# inputs or variables compiles (once per distinct value: a recompilation hazard); one whose value
# cannot be known before it runs does not (value_sources.py, measured).


def compile_time_constant(ctx, rule) -> Iterator[Hit]:
    """Inputs tf2xla compiles into the program (shapes, axes, sizes) must be known when it
    compiles. `report: fails` keeps what cannot compile; `varies` what recompiles per distinct
    value; `all` both (TPU: compiled ahead of the data, so both fail)."""
    wanted: dict[str, list[str]] = load_data(rule.options["table"])["inputs"]
    report = rule.options["report"]
    sources = ValueSources(ctx.model, op_set("xla_value_opaque"))
    for node in ctx.live_nodes():
        for arg_name in wanted.get(node.op, ()):
            found = sources.of_input(node, arg_name)
            if found is None:
                continue
            kind = "fails" if found[0] == UNKNOWABLE else "varies"
            if report not in ("all", kind):
                continue
            yield Hit(node.key, {"input": arg_name, "source": ctx.model.nodes[found[1]].name})
            break


def loop_shape_varies(ctx, rule) -> Iterator[Hit]:
    """A While whose body concatenates onto a loop variable that is declared with a relaxed shape
    (tf.while_loop's shape_invariants): it grows every iteration, and XLA compiles loops of fixed
    shapes only ("Input and output shapes of loop body do not match", measured: rows concatenated
    onto an accumulator of shape [0, 4]; tokens concatenated onto a [1, None] input's ids, which XLA
    compiles at the length it is called with). A relaxed declaration alone is not enough:
    TensorFlow's padded NMS declares [None] for a value that keeps its shape, and compiles."""
    model = ctx.model
    for node in ctx.nodes_with_ops(frozenset(LOOPS), live_only=True):
        declared = node.attr_shape_list("output_shapes")
        body = model.functions.get(node.attr_func("body") or "")
        if body is None:
            continue
        for src, d in model.producers(node.key):
            if d["kind"] != "data":
                continue
            i = d["index"]
            if i >= len(declared) or declared[i] is None or i >= min(len(body.returns), len(body.arg_names)):
                continue
            entering = shape_of(model, src, d["port"])
            if entering is None or None not in declared[i] or len(entering) != len(declared[i]):
                continue
            if _concatenates_onto(model, body, i):
                yield Hit(node.key, {"shape": format_shape(entering), "declared": format_shape(declared[i])})
                break


def _concatenates_onto(model, body, i: int) -> bool:
    """Whether the body returns, for loop variable i, a concatenation that includes the variable."""
    key = (body.name, body.returns[i].split(":")[0])
    for _ in range(8):
        node = model.nodes.get(key)
        if node is None or node.op != "Identity":
            break
        key = next((src for src, d in model.producers(key) if d["kind"] == "data"), None)
    node = model.nodes.get(key) if key else None
    if node is None or node.op not in ("ConcatV2", "Concat"):
        return False
    operands = [src for src, d in model.producers(node.key) if d["kind"] == "data"]
    axis = model.nodes[operands[-1 if node.op == "ConcatV2" else 0]].const_values()
    return any(_forwards_arg(model, src, body.arg_names[i], axis[0] if axis and len(axis) == 1 else None)
               for src in operands)


def _forwards_arg(model, key, arg_name: str, axis: int | None) -> bool:
    """Whether the value is the body's argument `arg_name`, passed on through Identity nodes and
    gathers along another axis than `axis` (a beam search's sequences reordered by parent beam keep
    their length: measured, "Input and output shapes of loop body do not match")."""
    for _ in range(8):
        node = model.nodes[key]
        if node.is_arg:
            return node.name == arg_name
        inputs = [src for src, d in model.producers(key) if d["kind"] == "data"]
        if node.op == "GatherV2" and len(inputs) == 3 and axis is not None:
            gather_axis = model.nodes[inputs[2]].const_values()
            if (not gather_axis or len(gather_axis) != 1 or gather_axis[0] == axis or (gather_axis[0] < 0) != (axis < 0)
                    or node.attr_int("batch_dims")):
                return False  # the same axis, or one that may be (a negative beside a positive one)
        elif node.op != "Identity" or not inputs:
            return False
        key = inputs[0]
    return False


def attr_limit(ctx, rule) -> Iterator[Hit]:
    """An op whose tf2xla kernel rejects one of its attribute values when it compiles (the rule's
    `table`, measured: TridiagonalSolve with partial pivoting, Dequantize in a mode but
    MIN_COMBINED); an attribute the NodeDef leaves out
    has its OpDef default, which a SavedModel strips."""
    limits = load_data(rule.options["table"])["attrs"]
    memo: dict = {}
    for node in ctx.nodes_with_ops(frozenset(limits), live_only=True):
        if not ctx.model.has_object_graph and _constant_only(ctx.model, node.key, memo, 0):
            continue  # a graph wrapped and pruned (frozen, TF1): folded before it compiles (see the table)
        for attr, limit in limits[node.op].items():
            if "compiles_only" in limit:  # a string attr: the values that compile (Dequantize's mode)
                value = node.attr_str(attr) or limit["default"]
                fails = value not in limit["compiles_only"]
            else:  # a bool attr: the value that fails
                value = node.attr_bool(attr, limit["default"])
                fails = value == limit["fails_when"]
                value = str(value).lower()
            if fails:
                yield Hit(node.key, {"attr": attr, "value": value, "error": limit["error"]})
                break


# Results sized by the data: XLA compiles them with an upper bound (op_sets.json, measured).
_DATA_SIZED = op_set("data_dependent_size")
_DATA_SIZED_PORTS = {"Unique": ("0",)}  # Unique's idx has its input's size
# A value keeps its producer's size through these (a gather's through its indices, input 1).
# Measured with tf.pad (Pad, PadV2) and tf.concat; a MirrorPad of a data-sized value was not.
_PADDERS = (PADS - {"MirrorPad"}) | {"ConcatV2"}
_SIZE_FOLLOWS = {"Identity": 0, "Cast": 0, "Squeeze": 0, "Reshape": 0, "GatherV2": 1, "Gather": 1, "GatherNd": 1,
                 "ResourceGather": 1}


def padded_to_bound(ctx, rule) -> Iterator[Hit]:
    """A Reshape to a constant shape (no -1) of a pad or concatenation whose operand has a
    data-dependent size (`tf.pad(tf.gather(x, nms), [[0, k - n]])` then reshape to [k]): XLA pads
    the operand's upper bound, so the reshape sees more elements than it asks for. Not when the
    paddings come from the padded value's own tf.shape (_pads_by_own_size)."""
    model = ctx.model
    for node in ctx.nodes_with_ops(frozenset({"Reshape"}), live_only=True):
        inputs = data_ports(model, node.key)
        shape = model.nodes[inputs[1][0]].const_values() if len(inputs) == 2 else None
        if not shape or any(d < 0 for d in shape):
            continue
        padder = producer_through(model, inputs[0][0], ("Identity",))
        op = padder.op
        if op not in _PADDERS:
            continue
        operands = data_ports(model, padder.key)
        if op != "ConcatV2" and _pads_by_own_size(model, operands):
            continue
        operands = operands[:-1] if op == "ConcatV2" else operands[:1]
        source = next(filter(None, (_data_sized(model, *port) for port in operands)), None)
        if source is not None:
            yield Hit(node.key, {"pad": padder.name, "source": model.nodes[source].name,
                                 "source_op": model.nodes[source].op})


def _pads_by_own_size(model, operands) -> bool:
    """Paddings computed from tf.shape of the padded value itself: XLA's dynamic padder then pads it
    exactly (measured: compiles; from another tensor's shape, tf.size or by concatenation, it fails)."""
    if len(operands) < 2:
        return False
    seen, todo, reads = set(), [operands[1][0]], set()
    while todo and len(seen) < 32:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        node = model.nodes[key]
        inputs = data_ports(model, key)
        if node.op in ("Shape", "Size", "ShapeN"):
            reads |= {port if node.op == "Shape" else None for port in inputs}
        else:
            todo.extend(src for src, _ in inputs)
    return bool(reads) and reads == {operands[0]}


def _data_sized(model, key, port, depth: int = 0):
    """The op whose data-dependent size the value has, if any."""
    node = model.nodes[key]
    if node.op in _DATA_SIZED:
        return key if port in _DATA_SIZED_PORTS.get(node.op, (port,)) else None
    index = _SIZE_FOLLOWS.get(node.op)
    inputs = data_ports(model, key)
    if index is None or depth > 8 or len(inputs) <= index:
        return None
    return _data_sized(model, *inputs[index], depth + 1)


CHECKS = {"xla-no-kernel": no_kernel, "xla-unsupported-dtype": unsupported_dtype,
          "xla-compile-time-constant": compile_time_constant, "xla-loop-shape-varies": loop_shape_varies,
          "xla-attr-limit": attr_limit, "xla-padded-to-bound": padded_to_bound}

_KERNEL_OPTIONS = {"table": REQUIRED, "device": REQUIRED, "extra_tables": [], "exclude_ops": []}
OPTIONS = {"xla-no-kernel": {**_KERNEL_OPTIONS, "host_only": False, "host_ops": [], "host_prefixes": [],
                             "host_suffixes": []},
           "xla-unsupported-dtype": _KERNEL_OPTIONS,
           "xla-compile-time-constant": {"table": REQUIRED, "report": "all"},
           "xla-loop-shape-varies": {}, "xla-attr-limit": {"table": REQUIRED}, "xla-padded-to-bound": {}}
