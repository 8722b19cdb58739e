"""Where a value comes from, as a compiler that folds constants sees it: a constant, the value
of a signature input, a variable's value, or something no compiler can know before it runs.

XLA (jit_compile) compiles shape-like operands into the program for the values a function is
called with; the TFLite converter folds constants and freezes variables. Both ask the same
question of an operand: what does it depend on? Measured with TensorFlow 2.21 (see
rules/data/op_sets.json): values from the function's inputs or from variable reads (through
arithmetic, tf.cond and nested calls) are known when XLA compiles, once per distinct value; random
values, values carried around a loop, TensorArray/TensorList reads, variables assigned while
serving and other stateful ops are not. For XLA, neither are variables read inside a tf.cond
branch or a loop body (the converter freezes those too: frozen_in_control_flow), nor a value from
the inputs or variables that passes through an op its compile-time evaluation lacks (a cumulative
sum, a dot, a convolution, a scatter: the measured set `xla_value_opaque`).
"""

from __future__ import annotations

from ...model import opdefs
from ...model.graph import call_arg_offset, is_resource_writer
from ...opsets import op_set

# Shapes are static when XLA compiles, so values computed only from shapes are constants too.
SHAPE_ONLY = frozenset({"Const", "Shape", "ShapeN", "Size", "Rank", "VariableShape", "TensorListLength", "HostConst"})
_FEEDS = {"Placeholder", "PlaceholderWithDefault", "_Arg", "_DeviceArg"}
VARIABLE_READS = frozenset({"ReadVariableOp", "ResourceGather", "VarHandleOp", "VariableV2", "Variable"})  # TF1 ref variables too
LOOPS = {"While", "StatelessWhile"}  # functional loops (xla.py reads it too)
_CONTROL_FLOW = LOOPS | {"If", "StatelessIf", "Case", "StatelessCase"}

# What a value depends on, from harmless to hopeless; a value takes the worst of its sources.
VARIABLE = "variable"  # a variable's value: XLA reads it when it compiles; TFLite freezes it
INPUT = "input"  # a signature input's value: known at call time only
UNKNOWABLE = "unknowable"  # random, loop-carried, read from a TensorArray, ...
_RANK = {VARIABLE: 0, INPUT: 1, UNKNOWABLE: 2}


def input_index(node, arg_name: str) -> int | None:
    """Position of the named input argument among the node's data inputs."""
    index = 0
    for arg in opdefs.input_args(node.op):
        if arg["name"] == arg_name:
            return index
        if arg.get("number_attr"):
            index += node.attr_int(arg["number_attr"], 1)
        elif arg.get("type_list_attr"):
            count = node.attr_list_len(arg["type_list_attr"])
            index += 1 if count is None else count
        else:
            index += 1
    return None


class ValueSources:
    """source(key) -> None (a constant) or the worst (kind, node) the value depends on.
    Memoized, cycle-safe, through function calls and into the callers of function arguments."""

    def __init__(self, model, opaque_ops: frozenset[str] = frozenset(), kept_variables=(),
                 frozen_in_control_flow: bool = False):
        self.model = model
        # XLA resolves variables only outside If/Case branches and While bodies; the TFLite converter
        # freezes them there too (measured, TF 2.21: a fake-quant whose ranges are variables read in a
        # while body or a tf.cond branch is absorbed with builtins).
        self.frozen_in_control_flow = frozen_in_control_flow
        self.memo: dict = {}
        # Variables the compiler does not freeze (the TFLite converter keeps the ones nothing in the
        # graph restores as READ_VARIABLE): their reads are not known before the graph runs.
        self.kept_reads = {user for var in kept_variables for user in model.resource_users(var)}
        self.unknowable_ops = op_set("stateful_random") | op_set("stateless_random") | op_set("tensor_list_reads")
        # Ops a compiler cannot evaluate ahead of running them: a value from the inputs or from
        # variables that passes through one is unknowable to it (a constant still folds).
        self.opaque_ops = opaque_ops

    def fixed(self, key) -> bool:
        """Whether the value is known before the graph runs: a constant, or a variable the compiler
        reads when it compiles (TFLite: freezes)."""
        return (self.source(key) or (VARIABLE,))[0] == VARIABLE

    def is_feed(self, key) -> bool:
        """Whether the value is itself a graph input (not computed from one)."""
        return self.source(key) == (INPUT, key)

    def of_input(self, node, arg_name: str):
        """The worst source of the named input of `node` (None: constant, or no such input)."""
        index = input_index(node, arg_name)
        if index is None:
            return None
        feeding = [src for src, d in self.model.producers(node.key) if d["kind"] == "data" and d["index"] == index]
        return worst([self.source(src) for src in feeding])

    def source(self, key, depth: int = 0):
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None  # a cycle (v1 loop) does not make anything constant by itself
        node = self.model.nodes[key]
        if node.op in SHAPE_ONLY:
            result = None
        elif node.is_arg:
            result = self._arg_source(node, depth)
        elif node.op in _FEEDS:
            result = (INPUT, key)
        elif node.op in VARIABLE_READS:
            known = (key not in self.kept_reads and not self._assigned(key)
                     and (self.frozen_in_control_flow or not self._in_control_flow(node)))
            result = (VARIABLE if known else UNKNOWABLE, key)
        elif node.op in self.unknowable_ops or node.op in LOOPS or depth > 200:
            result = (UNKNOWABLE, key)
        elif node.calls:
            result = self._call_source(node, depth)
        elif node.stateful and node.op not in ("Identity", "IdentityN"):
            result = (UNKNOWABLE, key)
        else:
            result = worst([self.source(src, depth + 1) for src, d in self.model.producers(key) if d["kind"] == "data"])
            if result is not None and node.op in self.opaque_ops:
                result = (UNKNOWABLE, key)
        self.memo[key] = result
        return result

    def _in_control_flow(self, node) -> bool:
        """In a branch of If/Case or the body of a While: XLA resolves variables only outside them."""
        return any(site.op in _CONTROL_FLOW for site in self.model.call_sites().get(node.scope, ()))

    def _assigned(self, key) -> bool:
        """A variable read whose variable is written while serving: its value is not known upfront.
        Writers the signatures do not run (a TF1 graph's initializers and restore ops) do not count."""
        handles = [src for src, d in self.model.producers(key) if d["kind"] == "data"][:1]
        served = self.model.served()
        for handle in handles:
            for user in self.model.resource_users(handle):
                if is_resource_writer(self.model.nodes[user].op) and user in served:
                    return True
        return False

    def _call_source(self, node, depth: int):
        """A call's value is what its functions return (If/Case: any branch, and the selector)."""
        found = []
        if call_arg_offset(node.op):
            selector = [s for s, d in self.model.producers(node.key) if d["kind"] == "data" and d["index"] == 0]
            found += [self.source(s, depth + 1) for s in selector]
        for fn in node.calls:
            info = self.model.functions.get(fn)
            if info is None:
                continue
            found += [self.source((fn, ret), depth + 1) for ret in sorted(info.ret_nodes)
                      if (fn, ret) in self.model.nodes]
        return worst(found)

    def _arg_source(self, arg, depth: int):
        info = self.model.functions.get(arg.scope)
        sites = self.model.call_sites().get(arg.scope, [])
        if info is None or not sites:
            return (INPUT, arg.key)  # a function nothing calls: its arguments are its inputs
        position = info.arg_names.index(arg.name)
        found = []
        for site in sites:
            offset = call_arg_offset(site.op)
            if site.op in LOOPS and not self._loop_invariant(site, arg.scope, arg.name):
                return (UNKNOWABLE, arg.key)  # carried around the loop: changes every iteration
            feeding = [src for src, d in self.model.producers(site.key)
                       if d["kind"] == "data" and d["index"] == position + offset]
            found += [self.source(src, depth + 1) for src in feeding]
        return worst(found)

    def _loop_invariant(self, site, scope: str, arg_name: str) -> bool:
        """A While body that returns the argument unchanged (a captured value, not a loop variable)."""
        body = site.attr_func("body")
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
            if node is None or node.op != "Identity" or not node.inputs:
                return False
            name = node.inputs[0].split(":")[0]
        return False


def worst(found):
    """The worst of several sources (None when all are constants)."""
    found = [f for f in found if f is not None]
    return max(found, key=lambda f: _RANK[f[0]], default=None)
