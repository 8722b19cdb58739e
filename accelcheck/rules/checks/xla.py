"""XLA kernel and dtype checks (targets tpu and xla), from the generated kernel tables.

A node compiles when its op has a kernel for the device (rules/data/xla_*.json) and one of the
op's kernel registrations allows every dtype attr the node sets.
"""

from __future__ import annotations

from typing import Iterator

from ...model.dtypes import base_dtype
from ...model.graph import call_arg_offset
from ...resources import load_data
from . import Hit


def _kernels(rule) -> dict:
    table = load_data(rule.options["table"])
    return table[rule.options["device"]]


def _is_host_op(op: str, options: dict) -> bool:
    return op in options.get("host_ops", ()) or op.startswith(tuple(options.get("host_prefixes", ())))


def _candidates(ctx, rule):
    exclude = set(rule.options.get("exclude_ops", ()))
    for node in ctx.live_nodes():
        if node.op in exclude or (node.calls and node.op in node.calls):
            continue  # handled by another rule, or a direct call of a library function
        yield node


def no_kernel(ctx, rule) -> Iterator[Hit]:
    """Ops without a kernel for the device; `host_only: true` keeps only host-side ops, false the rest."""
    kernels = _kernels(rule)
    want_host = bool(rule.options.get("host_only", False))
    for node in _candidates(ctx, rule):
        if node.op not in kernels and _is_host_op(node.op, rule.options) is want_host:
            yield Hit(node.key)


def unsupported_dtype(ctx, rule) -> Iterator[Hit]:
    kernels = _kernels(rule)
    for node in _candidates(ctx, rule):
        registrations = kernels.get(node.op)
        if not registrations:
            continue
        node_types = node.attr_dtypes()
        rejected: dict[str, str] = {}
        for reg in registrations:
            bad = _disallowed(node_types, reg.get("constraints", {}))
            if not bad:
                rejected = {}
                break
            rejected = rejected or bad
        if rejected:
            attr, dtype = next(iter(sorted(rejected.items())))
            yield Hit(node.key, {"attr": attr, "dtype": dtype})


def _disallowed(node_types: dict[str, str], constraints: dict[str, list[str]]) -> dict[str, str]:
    bad = {}
    for attr, allowed in constraints.items():
        for key, dtype in node_types.items():
            if (key == attr or key.startswith(attr + "[")) and base_dtype(dtype) not in allowed:
                bad[attr] = base_dtype(dtype)
    return bad




# ---------------------------------------------------------------- compile-time-constant inputs

# Shapes are static when XLA compiles, so values computed only from shapes are constants too.
_SHAPE_ONLY = {"Const", "Shape", "ShapeN", "Size", "Rank", "VariableShape", "TensorListLength", "HostConst"}
# Values that only exist at run time.
_DATA = {"Placeholder", "PlaceholderWithDefault", "ReadVariableOp", "VarHandleOp", "VariableV2", "While", "If",
         "StatelessWhile", "StatelessIf", "Case", "StatelessCase", "PartitionedCall", "StatefulPartitionedCall",
         "ResourceGather", "TensorListGetItem", "TensorListStack", "LookupTableFindV2"}


def _input_index(node, arg_name: str) -> int | None:
    """Position of the named input argument among the node's data inputs."""
    from ...model import opdefs

    index = 0
    for arg in opdefs.input_args(node.op):
        if arg["name"] == arg_name:
            return index
        if arg.get("number_attr"):
            index += node.attrs[arg["number_attr"]].i if arg["number_attr"] in node.attrs else 1
        elif arg.get("type_list_attr"):
            attr = arg["type_list_attr"]
            index += len(node.attrs[attr].list.type) if attr in node.attrs else 1
        else:
            index += 1
    return None


class _Constness:
    """Is a node's output computable at compile time? Memoized, cycle-safe, through function calls."""

    def __init__(self, model):
        self.model = model
        self.memo: dict = {}

    def source_of_data(self, key, depth: int = 0):
        """None when constant; else the node whose run-time value it depends on."""
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None  # a cycle (v1 loop) does not make anything constant by itself
        node = self.model.nodes[key]
        result = None
        if node.op in _SHAPE_ONLY:
            result = None
        elif node.is_arg:
            result = self._arg_source(node, depth)
        elif node.op in _DATA or node.stateful or depth > 200:
            result = key
        else:
            for src, data in self.model.producers(key):
                if data["kind"] == "data":
                    result = self.source_of_data(src, depth + 1)
                    if result is not None:
                        break
        self.memo[key] = result
        return result

    def _arg_source(self, arg, depth: int):
        info = self.model.functions.get(arg.scope)
        sites = self.model.call_sites().get(arg.scope, [])
        if info is None or not sites:
            return arg.key
        position = info.arg_names.index(arg.name)
        for site in sites:
            offset = call_arg_offset(site.op)
            if site.op in ("While", "StatelessWhile"):
                return arg.key  # loop-carried: changes from iteration to iteration
            feeding = [src for src, d in self.model.producers(site.key)
                       if d["kind"] == "data" and d["index"] == position + offset]
            for src in feeding:
                found = self.source_of_data(src, depth + 1)
                if found is not None:
                    return found
        return None


def compile_time_constant(ctx, rule) -> Iterator[Hit]:
    """Inputs tf2xla compiles into the program (shapes, axes, sizes) must not depend on data."""
    wanted: dict[str, list[str]] = rule.options["inputs"]
    constness = _Constness(ctx.model)
    for node in ctx.live_nodes():
        for arg_name in wanted.get(node.op, ()):
            index = _input_index(node, arg_name)
            if index is None:
                continue
            feeding = [src for src, d in ctx.model.producers(node.key) if d["kind"] == "data" and d["index"] == index]
            for src in feeding:
                source = constness.source_of_data(src)
                if source is not None:
                    yield Hit(node.key, {"input": arg_name, "source": ctx.model.nodes[source].name})
                    break
            else:
                continue
            break


CHECKS = {"xla-no-kernel": no_kernel, "xla-unsupported-dtype": unsupported_dtype,
          "xla-compile-time-constant": compile_time_constant}
