"""XLA kernel and dtype checks (targets tpu and xla), from the generated kernel tables.

A node compiles when its op has a kernel for the device (rules/data/xla_*.json) and one of the
op's kernel registrations allows every dtype attr the node sets.
"""

from __future__ import annotations

from typing import Iterator

from ...model.dtypes import base_dtype
from ...model.graph import call_arg_offset, is_resource_writer
from ...resources import load_data
from ..conditions import op_set
from . import Hit


def _kernels(rule) -> dict:
    """The device's kernels from the rule's `table`, plus any `extra_tables` (same shape)."""
    device = rule.options["device"]
    kernels = dict(load_data(rule.options["table"])[device])
    for name in rule.options.get("extra_tables", ()):
        kernels.update(load_data(name)[device])
    return kernels


def _is_host_op(op: str, options: dict) -> bool:
    return (op in options.get("host_ops", ()) or op.startswith(tuple(options.get("host_prefixes", ())))
            or op.endswith(tuple(options.get("host_suffixes", ()))))


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
#
# tf2xla compiles some inputs into the program (a Reshape's shape, an axis, TopK's k). Measured with
# tf.function(jit_compile=True) on TensorFlow 2.21 (rules/data/op_sets.json, provenance): a value
# that XLA can work out when it compiles is fine, because a jit-compiled function is compiled for
# the values it is called with: values from the function's inputs or from variable reads (through
# arithmetic, tf.cond and nested calls) compile, once per distinct value. What it cannot work out
# fails: random values, values carried around a loop, TensorArray/TensorList reads, variables
# assigned while serving or read inside a tf.cond branch or loop body, and other stateful ops.

# Shapes are static when XLA compiles, so values computed only from shapes are constants too.
_SHAPE_ONLY = {"Const", "Shape", "ShapeN", "Size", "Rank", "VariableShape", "TensorListLength", "HostConst"}
# Values XLA reads when it compiles (once per distinct value): inputs and variables.
_FEEDS = {"Placeholder", "PlaceholderWithDefault", "_Arg", "_DeviceArg"}
_VARIABLE_READS = {"ReadVariableOp", "ResourceGather", "VarHandleOp"}
_LOOPS = {"While", "StatelessWhile"}
_CONTROL_FLOW = _LOOPS | {"If", "StatelessIf", "Case", "StatelessCase"}

VARIES, FAILS = "varies", "fails"  # recompiles per distinct value / cannot compile


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
    """What a value depends on, as XLA sees it when it compiles: None (a constant), or the worst
    (kind, node) it depends on, kind VARIES or FAILS. Memoized, cycle-safe, through calls."""

    def __init__(self, model):
        self.model = model
        self.memo: dict = {}
        self.fails_ops = op_set("stateful_random") | op_set("stateless_random") | op_set("tensor_list_reads")

    def source_of(self, key, depth: int = 0):
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None  # a cycle (v1 loop) does not make anything constant by itself
        node = self.model.nodes[key]
        if node.op in _SHAPE_ONLY:
            result = None
        elif node.is_arg:
            result = self._arg_source(node, depth)
        elif node.op in _FEEDS:
            result = (VARIES, key)
        elif node.op in _VARIABLE_READS:
            result = (FAILS if self._assigned(key) or self._in_control_flow(node) else VARIES, key)
        elif node.op in self.fails_ops or node.op in _LOOPS or depth > 200:
            result = (FAILS, key)
        elif node.calls:
            result = self._call_source(node, depth)
        elif node.stateful and node.op not in ("Identity", "IdentityN"):
            result = (FAILS, key)
        else:
            result = self._worst_of([self.source_of(src, depth + 1) for src in
                                     (s for s, d in self.model.producers(key) if d["kind"] == "data")])
        self.memo[key] = result
        return result

    @staticmethod
    def _worst_of(found):
        found = [f for f in found if f is not None]
        return next((f for f in found if f[0] == FAILS), found[0] if found else None)

    def _in_control_flow(self, node) -> bool:
        """In a branch of If/Case or the body of a While: XLA resolves variables only outside them."""
        return any(site.op in _CONTROL_FLOW for site in self.model.call_sites().get(node.scope, ()))

    def _assigned(self, key) -> bool:
        """A variable read whose variable is written while serving: its value is not known upfront."""
        handles = [src for src, d in self.model.producers(key) if d["kind"] == "data"][:1]
        for handle in handles:
            for user in self.model.resource_users(handle):
                if is_resource_writer(self.model.nodes[user].op):
                    return True
        return False

    def _call_source(self, node, depth: int):
        """A call's value is what its functions return (If/Case: any branch, and the selector)."""
        found = []
        if call_arg_offset(node.op):
            selector = [s for s, d in self.model.producers(node.key) if d["kind"] == "data" and d["index"] == 0]
            found += [self.source_of(s, depth + 1) for s in selector]
        for fn in node.calls:
            info = self.model.functions.get(fn)
            if info is None:
                continue
            found += [self.source_of((fn, ret), depth + 1) for ret in sorted(info.ret_nodes)
                      if (fn, ret) in self.model.nodes]
        return self._worst_of(found)

    def _arg_source(self, arg, depth: int):
        info = self.model.functions.get(arg.scope)
        sites = self.model.call_sites().get(arg.scope, [])
        if info is None or not sites:
            return (VARIES, arg.key)  # a function nothing calls: its arguments are its inputs
        position = info.arg_names.index(arg.name)
        found = []
        for site in sites:
            offset = call_arg_offset(site.op)
            if site.op in _LOOPS and not self._loop_invariant(site, arg.scope, arg.name):
                return (FAILS, arg.key)  # carried around the loop: changes from iteration to iteration
            feeding = [src for src, d in self.model.producers(site.key)
                       if d["kind"] == "data" and d["index"] == position + offset]
            found += [self.source_of(src, depth + 1) for src in feeding]
        return self._worst_of(found)

    def _loop_invariant(self, site, scope: str, arg_name: str) -> bool:
        """A While body that returns the argument unchanged (a captured value, not a loop variable)."""
        body = site.attrs["body"].func.name if "body" in site.attrs else None
        if body is None or body not in self.model.functions:
            return False
        position = self.model.functions[scope].arg_names.index(arg_name)
        body_info = self.model.functions[body]
        if position >= len(body_info.arg_names) or position >= len(body_info.returns):
            return False
        name = body_info.returns[position].split(":")[0]
        for _ in range(16):  # through the Identity nodes a traced body puts before its results
            if name == body_info.arg_names[position]:
                return True
            node = self.model.nodes.get((body, name))
            if node is None or node.op != "Identity" or not node.proto.input:
                return False
            name = node.proto.input[0].split(":")[0]
        return False


def compile_time_constant(ctx, rule) -> Iterator[Hit]:
    """Inputs tf2xla compiles into the program (shapes, axes, sizes) must be known when it
    compiles. `report: fails` keeps what cannot compile; `varies` what recompiles per distinct
    value; `all` both (TPU: compiled ahead of the data, so both fail)."""
    wanted: dict[str, list[str]] = load_data(rule.options["table"])["inputs"]
    report = rule.options.get("report", "all")
    constness = _Constness(ctx.model)
    for node in ctx.live_nodes():
        for arg_name in wanted.get(node.op, ()):
            index = _input_index(node, arg_name)
            if index is None:
                continue
            feeding = [src for src, d in ctx.model.producers(node.key) if d["kind"] == "data" and d["index"] == index]
            found = constness._worst_of([constness.source_of(src) for src in feeding])
            if found is None or (report != "all" and found[0] != report):
                continue
            yield Hit(node.key, {"input": arg_name, "source": ctx.model.nodes[found[1]].name})
            break


CHECKS = {"xla-no-kernel": no_kernel, "xla-unsupported-dtype": unsupported_dtype,
          "xla-compile-time-constant": compile_time_constant}
