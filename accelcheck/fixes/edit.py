"""Editing GraphDef protos in place (on an Artifact's private copy): rewire inputs, remove nodes,
make constants, drop functions nobody calls. Names stay the same wherever possible so that
signatures, layers and findings still point at what the user knows."""

from __future__ import annotations

from ..model import opdefs
from ..model.names import parse_input
from ..model.protos import pb
from .artifact import Artifact

NodeKey = tuple[str, str]


def output_ref(op: str, name: str, scope: str, port: int = 0) -> str:
    """How a consumer in `scope` names output `port` of node `name` running `op`."""
    if not scope:
        return name if port == 0 else f"{name}:{port}"
    outputs = opdefs.output_args(op)
    arg = outputs[0]["name"] if outputs else "output"
    return f"{name}:{arg}:{port}"


def same_tensor(a: str, b: str, scope: str) -> bool:
    if a == b:
        return True
    if scope:
        return False
    ra, rb = parse_input(a), parse_input(b)
    return ra == rb


def replace_input(art: Artifact, scope: str, old: str, new: str) -> int:
    """Point every data input (and function result) that reads tensor `old` at `new` instead."""
    count = 0
    for nd in art.node_defs(scope):
        for i, text in enumerate(nd.input):
            if not text.startswith("^") and same_tensor(text, old, scope):
                nd.input[i] = new
                count += 1
    if scope:
        fdef = art.functions()[scope]
        for key, value in list(fdef.ret.items()):
            if same_tensor(value, old, scope):
                fdef.ret[key] = new
                count += 1
    return count


def remove_nodes(art: Artifact, keys: set[NodeKey]) -> list[NodeKey]:
    """Delete nodes and every control dependency on them. Data consumers must be rewired first."""
    by_scope: dict[str, set[str]] = {}
    for scope, name in keys:
        by_scope.setdefault(scope, set()).add(name)
    removed = []
    for scope, names in by_scope.items():
        nodes = art.node_defs(scope)
        keep = [nd for nd in nodes if nd.name not in names]
        removed += [(scope, nd.name) for nd in nodes if nd.name in names]
        for nd in keep:
            kept_inputs = [t for t in nd.input if not (t.startswith("^") and t[1:] in names)]
            if len(kept_inputs) != len(nd.input):
                del nd.input[:]
                nd.input.extend(kept_inputs)
            if "_class" in nd.attr:  # colocation with a removed node fails TensorFlow's import
                groups = [g for g in nd.attr["_class"].list.s if g.decode("utf-8", "replace")[5:] not in names]
                if not groups:
                    del nd.attr["_class"]
                elif len(groups) != len(nd.attr["_class"].list.s):
                    del nd.attr["_class"].list.s[:]
                    nd.attr["_class"].list.s.extend(groups)
        del nodes[:]
        nodes.extend(keep)
        if scope:
            fdef = art.functions()[scope]
            for key, value in list(fdef.control_ret.items()):
                if value in names:
                    del fdef.control_ret[key]
            outs = [o for o in fdef.signature.control_output if o in fdef.control_ret]
            del fdef.signature.control_output[:]
            fdef.signature.control_output.extend(outs)
        else:
            _drop_from_collections(art, names)
    return removed


def _drop_from_collections(art: Artifact, names: set[str]) -> None:
    """Forget removed nodes in the MetaGraph's collections and asset lists (a loader feeds asset
    paths into the tensors named there, and fails on a tensor that is gone)."""
    if art.meta_graph is None:
        return
    meta = art.meta_graph
    assets = [a for a in meta.asset_file_def if parse_input(a.tensor_info.name).node not in names]
    if len(assets) != len(meta.asset_file_def):
        del meta.asset_file_def[:]
        meta.asset_file_def.extend(assets)
    for key in list(art.meta_graph.collection_def):
        col = art.meta_graph.collection_def[key]
        if col.WhichOneof("kind") == "any_list" and key == "saved_model_assets":
            kept = []
            for packed in col.any_list.value:
                asset = pb.meta_graph_pb2.AssetFileDef()
                packed.Unpack(asset)
                if parse_input(asset.tensor_info.name).node not in names:
                    kept.append(packed)
            if not kept:
                del meta.collection_def[key]
            elif len(kept) != len(col.any_list.value):
                del col.any_list.value[:]
                col.any_list.value.extend(kept)
            continue
        if col.WhichOneof("kind") == "bytes_list" and key in _CONTROL_FLOW_CONTEXTS:
            _drop_contexts(col, _CONTROL_FLOW_CONTEXTS[key], names)
            if not col.bytes_list.value:
                del meta.collection_def[key]
            continue
        if col.WhichOneof("kind") == "node_list":
            kept = [v for v in col.node_list.value if parse_input(v.lstrip("^")).node not in names]
            if not kept:
                del art.meta_graph.collection_def[key]  # an empty init-op collection breaks loaders
            elif len(kept) != len(col.node_list.value):
                del col.node_list.value[:]
                col.node_list.value.extend(kept)


# TF1 control flow contexts a loader rebuilds from the MetaGraph: each names its predicate, pivots
# and values as tensors, and importing one that names a removed node fails ("The name 'cond/pred_id:0'
# refers to a Tensor which does not exist"). Only gradients and new control flow need them.
_CONTROL_FLOW_CONTEXTS = {"cond_context": "CondContextDef", "while_context": "WhileContextDef"}


def _drop_contexts(col, message: str, names: set[str]) -> None:
    """Drop the serialized contexts that name a removed node (with the contexts nested in them)."""
    from tensorflow.core.protobuf import control_flow_pb2  # fix path only: TensorFlow is installed

    kept = []
    for blob in col.bytes_list.value:
        context = getattr(control_flow_pb2, message)()
        context.ParseFromString(blob)
        if not any(parse_input(t).node in names for t in _tensor_names(context)):
            kept.append(blob)
    if len(kept) != len(col.bytes_list.value):
        del col.bytes_list.value[:]
        col.bytes_list.value.extend(kept)


def _tensor_names(message):
    """Every string a control flow context holds (tensor names, and its own context names, which
    name no node), nested contexts and the external-values map included."""
    for field, value in message.ListFields():
        if field.type == field.TYPE_STRING:
            yield from (value if field.is_repeated else [value])
        elif field.message_type is not None and field.message_type.GetOptions().map_entry:
            for k, v in value.items():
                yield from (k, v)
        elif field.type == field.TYPE_MESSAGE:
            for item in (value if field.is_repeated else [value]):
                yield from _tensor_names(item)


def const_node(name: str, value, device: str = ""):
    """A Const NodeDef holding a numpy value (TensorFlow's own tensor encoding)."""
    from ..tfruntime import tf  # fix path only: the runtime, imported quietly

    nd = pb.node_def_pb2.NodeDef()
    nd.name = name
    nd.op = "Const"
    nd.device = device
    tensor = tf().make_tensor_proto(value)
    nd.attr["value"].tensor.CopyFrom(tensor)
    nd.attr["dtype"].type = tensor.dtype
    return nd


def make_const_in_place(nd, value) -> None:
    """Turn an existing NodeDef into a Const with the same name (consumers keep working)."""
    replacement = const_node(nd.name, value, nd.device)
    keep_class = nd.attr["_class"] if "_class" in nd.attr else None
    control = [t for t in nd.input if t.startswith("^")]
    nd.Clear()
    nd.CopyFrom(replacement)
    nd.input.extend(control)
    if keep_class is not None:
        nd.attr["_class"].CopyFrom(keep_class)


def reachable_functions(art: Artifact) -> set[str]:
    """Library functions called (transitively) from the top-level graph."""
    model = art.model()
    seen: set[str] = set()
    stack = [fn for n in model.nodes.values() if n.scope == "" for fn in n.calls]
    while stack:
        fn = stack.pop()
        if fn in seen:
            continue
        seen.add(fn)
        stack += [callee for n in model.nodes.values() if n.scope == fn for callee in n.calls]
    return seen


def drop_unreachable_functions(art: Artifact) -> list[str]:
    keep = reachable_functions(art)
    lib = art.graph_def.library
    dropped = [f.signature.name for f in lib.function if f.signature.name not in keep]
    if dropped:
        functions = [f for f in lib.function if f.signature.name in keep]
        del lib.function[:]
        lib.function.extend(functions)
        gradients = [g for g in lib.gradient if g.function_name in keep and g.gradient_func in keep]
        del lib.gradient[:]
        lib.gradient.extend(gradients)
    return dropped
