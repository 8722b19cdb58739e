"""GraphDef -> Model: every node of the graph and of its function library, and every edge, built in
bulk (at a million nodes this is most of what a check costs)."""

from __future__ import annotations

from pathlib import Path
from sys import intern

from ..errors import LoadError
from . import opdefs
from .dtypes import dtype_name
from .graph import FunctionInfo, Model, function_scope
from .names import parse_input, split_input
from .node import ARG_OP, Node
from .signatures import infer_signature

# Edge data is read-only and mostly the same few values (port "0", input 0 or 1): shared dicts
# rather than one per edge, which at a million nodes is hundreds of MB.
_CONTROL_EDGE = {"kind": "control"}
_CALL_EDGE = {"kind": "call"}
_DATA_EDGES: dict[tuple[str, int], dict] = {}


def from_graph_def(source: Path, graph_def, fmt: str) -> Model:
    model = Model(str(source), fmt)
    model.graph_def = graph_def
    model.producer = graph_def.versions.producer if graph_def.HasField("versions") else None
    library = {f.signature.name: f for f in graph_def.library.function if f.signature.name}

    may_call: dict[str, bool] = {}  # per op: can its nodes call functions (judged once per op)
    _add_nodes(model, "", graph_def.node, library, may_call, source)
    for fdef in graph_def.library.function:
        fname = function_scope(fdef.signature.name)
        arg_names = [a.name for a in fdef.signature.input_arg]
        for arg in fdef.signature.input_arg:
            arg_dtype = dtype_name(arg.type) if arg.type else ""
            _add_node(model, Node(fname, arg.name, ARG_OP, arg_dtype=arg_dtype), library, source)
        _add_nodes(model, fname, fdef.node_def, library, may_call, source)
        rets = {parse_input(t, in_function=True).node for t in fdef.ret.values()}
        rets |= set(fdef.control_ret.values())
        returns = [fdef.ret.get(arg.name, "") for arg in fdef.signature.output_arg]
        model.functions[fname] = FunctionInfo(fname, arg_names, rets, len(fdef.node_def), returns)

    _link(model, source)
    model.find_variables()
    if fmt in ("frozen_graph", "graph_text"):
        infer_signature(model)
    return model


def _link(model: Model, source: Path) -> None:
    """Every edge, into the Model's per-node input lists (Model.pred; Model.succ is derived from
    them), in one pass: each node's inputs in order, then the call edges from the bodies it calls."""
    nodes, pred, data_edges = model.nodes, model.pred, _DATA_EDGES
    called = {fn for node in nodes.values() for fn in node.calls}
    for node in nodes.values():
        proto = node.proto
        if proto is None:
            continue
        scope = node.scope
        in_function = bool(scope)
        index = 0
        dst = node.key
        into: list = []
        for text in proto.input:
            if ":" in text or text[:1] == "^":
                name, port, control = split_input(text, in_function)
            else:  # most inputs of a big graph: a node's first output, by name alone
                name, port, control = text, "0", False
            producer = nodes.get((scope, name))
            if producer is None:
                if in_function and scope not in called:
                    # TensorFlow imports a library without instantiating its functions: a broken
                    # body matters only once something calls it, and nothing calls this one.
                    continue
                where = f" in function {scope}" if scope else ""
                raise LoadError(source, f"node {node.name!r}{where} has input {text!r}, "
                                        "which names a node that does not exist")
            if control:
                data = _CONTROL_EDGE
            else:
                data = data_edges.get((port, index))
                if data is None:
                    data = data_edges[(port, index)] = {"kind": "data", "port": port, "index": index}
                index += 1
            into.append((producer.key, data))  # the producer's own key: one tuple per node, not per edge
        for fn in node.calls:
            for ret in model.functions[fn].ret_nodes:
                body_node = nodes.get((fn, ret))
                if body_node is None:
                    raise LoadError(source, f"function {fn!r} returns {ret!r}, which is not a node of its body")
                into.append((body_node.key, _CALL_EDGE))
        if into:
            pred[dst] = into


def _add_nodes(model: Model, scope: str, node_defs, library: dict, may_call: dict, source: Path) -> None:
    """One scope's NodeDefs, in bulk: the loop that runs a million times at scale."""
    nodes = model.nodes
    for nd in node_defs:
        # Ops and devices repeat across nodes: one string each (interned), not one per node.
        op = intern(nd.op)
        node = Node(scope, nd.name, op, intern(nd.device), nd)
        if node.key in nodes:
            where = f" in function {scope}" if scope else ""
            raise LoadError(source, f"duplicate node name {node.name!r}{where}")
        calls = may_call.get(op)
        if calls is None:
            calls = may_call[op] = op in library or opdefs.may_call_functions(op)
        if calls:
            node.calls = tuple(_called_functions(node, library, source))
        nodes[node.key] = node


def _add_node(model: Model, node: Node, library: dict, source: Path) -> None:
    if node.key in model.nodes:
        where = f" in function {node.scope}" if node.scope else ""
        raise LoadError(source, f"duplicate node name {node.name!r}{where}")
    if node.proto is not None:
        node.calls = tuple(_called_functions(node, library, source))
    model.nodes[node.key] = node


def _called_functions(node: Node, library: dict, source: Path) -> list[str]:
    calls: list[str] = []
    if node.op in library:
        calls.append(node.op)
    if not opdefs.may_call_functions(node.op):
        return calls
    for attr_name, value in node.proto.attr.items():
        kind = value.WhichOneof("value")
        names = []
        if kind == "func":
            names = [value.func.name]
        elif kind == "list" and value.list.func:
            names = [f.name for f in value.list.func]
        for fn in names:
            if not fn:
                continue  # an unset function attr
            if fn in library:
                if fn not in calls:
                    calls.append(fn)
            elif fn and not opdefs.is_registered(fn):
                where = f" in function {node.scope}" if node.scope else ""
                raise LoadError(source, f"node {node.name!r}{where} calls function {fn!r} (attr {attr_name!r}), "
                                        "which is not in the graph's function library")
    return calls
