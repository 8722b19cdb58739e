"""path -> Model, for every TensorFlow graph format; a clear LoadError for anything else.

Formats are told apart by content and layout, not by extension alone:
- a directory with saved_model.pb / saved_model.pbtxt: SavedModel (TF1 or TF2), MetaGraph by tags;
- a directory with export.meta: a legacy session-bundle export (a MetaGraphDef);
- a file: binary or text GraphDef, MetaGraphDef (.meta) or SavedModel, told apart by their
  top-level protobuf fields; a path to saved_model.pb inside a SavedModel means the directory.
This is the only module that touches protobuf classes; everything else sees Model and Node.
"""

from __future__ import annotations

import gc
import os
import re
from pathlib import Path

from google.protobuf import message as pb_message
from google.protobuf import text_format

from ..errors import ForeignFormat, LoadError
from . import opdefs, wire
from .checkpoint import variable_sizes
from .dtypes import dtype_name, shape_tuple
from .graph import ARG_OP, GRAPH_ARG_OPS, GRAPH_RETVAL_OPS, FunctionInfo, Model, Node, Signature, TensorSpec, function_scope
from .names import parse_input, parse_tensor_name, split_input
from .protos import pb

DEFAULT_TAGS = ("serve",)
_MAX_PROTO_BYTES = 2**31 - 1  # protobuf's hard limit for one message
_BOOKKEEPING_SCOPES = ("gradients/", "gradients_", "save/", "save_", "train/", "report_uninitialized")
TEXT_SUFFIXES = {".pbtxt", ".prototxt", ".txt"}
# Ops that only maintain state or save checkpoints: never a frozen graph's output.
_NOT_OUTPUTS = {"NoOp", "Assign", "AssignAdd", "AssignSub", "SaveV2", "Save", "SaveSlices", "RestoreV2",
                "Restore", "RestoreSlice", "MergeV2Checkpoints", "Assert", "AssignVariableOp", "VarIsInitializedOp"}


def load(path: str | os.PathLike, tags: tuple[str, ...] | list[str] | None = None) -> Model:
    """Read a model file or directory into a Model. Raises LoadError with a one-line reason."""
    p = Path(path)
    if not p.exists():
        raise LoadError(p, "no such file or directory")
    if p.is_file() and p.name in ("saved_model.pb", "saved_model.pbtxt"):
        p = p.parent
    gc_was_enabled = gc.isenabled()
    gc.disable()  # building the graph allocates ~10 objects per node and no cycles; collecting is wasted time
    try:
        if p.is_dir():
            return _load_directory(p, tags)
        return _load_file(p, tags)
    except RecursionError:
        raise LoadError(p, "nested too deeply to read (a hostile or corrupt file?)") from None
    except MemoryError:
        raise LoadError(p, "too large to read into memory") from None
    except (OSError, UnicodeError) as e:
        raise LoadError(p, f"cannot read: {_one_line(e)}") from None
    finally:
        if gc_was_enabled:
            gc.enable()


# ----------------------------------------------------------------------------- sniffing

def _load_directory(d: Path, tags) -> Model:
    if (d / "saved_model.pb").is_file():
        return _from_saved_model(d, _parse(d / "saved_model.pb", pb.saved_model_pb2.SavedModel), tags)
    if (d / "saved_model.pbtxt").is_file():
        return _from_saved_model(d, _parse_text(d / "saved_model.pbtxt", pb.saved_model_pb2.SavedModel), tags)
    if (d / "saved_model.cpb").is_file():
        raise LoadError(d, "this is a chunked SavedModel (saved_model.cpb, written for protos over 2 GiB); "
                           "accelcheck cannot read chunked SavedModels yet: export without chunking, "
                           "or pass a frozen GraphDef of the model")
    if (d / "export.meta").is_file():
        return _from_meta_graph(d, _parse(d / "export.meta", pb.meta_graph_pb2.MetaGraphDef), d / "export.meta")
    metas = sorted(d.glob("*.meta"))
    if len(metas) == 1:  # a tf.train.Saver export: model.meta beside its checkpoint
        return _load_file(metas[0], tags)
    raise LoadError(d, "directory holds no TensorFlow model (expected saved_model.pb, saved_model.pbtxt "
                       "or a session-bundle export.meta)")


def _refuse_foreign(p: Path, head: bytes) -> None:
    if head[4:8] == b"TFL3" or p.suffix == ".tflite":
        raise ForeignFormat(p, "this is a TFLite flatbuffer, already converted; accelcheck checks TensorFlow "
                           "graphs: pass the SavedModel or frozen GraphDef it was converted from")
    if head.startswith(b"\x89HDF\r\n\x1a\n"):
        raise ForeignFormat(p, "this is a Keras HDF5 (.h5) file; export a SavedModel first "
                           "(model.export(path), or tf.saved_model.save) and pass that directory")
    if head.startswith(b"PK\x03\x04"):
        raise ForeignFormat(p, "this is a zip archive (a Keras .keras file?); export a SavedModel first "
                           "(model.export(path)) and pass that directory")


def _load_file(p: Path, tags) -> Model:
    size = p.stat().st_size
    if size == 0:
        raise LoadError(p, "empty file")
    if size > _MAX_PROTO_BYTES:
        raise LoadError(p, f"file is {size} bytes, over protobuf's 2 GiB limit for one message; "
                           "TensorFlow writes such models as chunked SavedModels, which accelcheck cannot read yet")
    data = p.read_bytes()
    _refuse_foreign(p, data[:16])
    if p.suffix in TEXT_SUFFIXES or looks_like_text(data):
        return _load_text(p, data, tags)
    for kind in _sniff_binary(p, data):
        if kind == "saved_model":
            return _from_saved_model(p.parent, _parse_bytes(p, data, pb.saved_model_pb2.SavedModel), tags, source=p)
        if kind == "meta_graph":
            meta = _try_parse(data, pb.meta_graph_pb2.MetaGraphDef)
            if meta is not None and _plausible_graph(meta.graph_def):
                return _from_meta_graph(p.parent, meta, p)
        else:
            graph_def = _try_parse(data, pb.graph_pb2.GraphDef)
            if graph_def is not None and _plausible_graph(graph_def):
                return _from_graph_def(p, graph_def, "frozen_graph")
    _top_level_fields(p, data)  # a precise message for truncated or corrupt bytes, if that is it
    raise LoadError(p, "not a TensorFlow model: the protobuf parses as neither a GraphDef, "
                       "a MetaGraphDef nor a SavedModel")


def looks_like_text(data: bytes) -> bool:
    head = data[:4096]
    if b"\x00" in head:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(b >= 0x20 or b in (0x09, 0x0A, 0x0D) for b in head)


def _top_level_fields(p: Path, data: bytes) -> set[tuple[int, int]]:
    """(field number, wire type) of the message's top-level fields; names truncation precisely."""
    try:
        return {(number, wire_type) for number, wire_type, _ in wire.fields(data)}
    except wire.WireError as e:
        if str(e).startswith("truncated"):  # most likely a model cut short, not some other file
            raise LoadError(p, f"cannot read: {e}; the file is incomplete (an interrupted copy or download?) "
                               "or not a TensorFlow model")
        raise LoadError(p, f"not a TensorFlow model: {e}")


def _sniff_binary(p: Path, data: bytes) -> list[str]:
    """Candidate message types, most likely first; each is confirmed by a validating parse.
    The first fields are enough to tell (a GraphDef's nodes come first and there can be millions)."""
    fields = set()
    try:
        for i, (number, wire_type, _) in enumerate(wire.fields(data)):
            fields.add((number, wire_type))
            if i >= 16:
                break
    except wire.WireError:
        pass  # truncated somewhere: the parse decides, and _top_level_fields names the problem
    numbers = {f for f, _ in fields}
    if (1, 0) in fields and numbers <= {1, 2}:
        return ["saved_model"]  # saved_model_schema_version (varint) + meta_graphs
    if p.suffix == ".meta" or (numbers & {6, 7}) or (3, 2) in fields:
        return ["meta_graph", "graph_def"]  # asset_file_def / object_graph_def / saver_def
    return ["graph_def", "meta_graph"]


def _try_parse(data: bytes, cls):
    msg = cls()
    try:
        msg.ParseFromString(data)
    except (pb_message.DecodeError, ValueError, RuntimeError):
        return None
    return msg


# Node and op names never hold whitespace or control characters; other protobufs misread as a
# GraphDef (a SavedModelConfig in assets.extra/, say) produce "nodes" whose fields are free text.
_NAME = re.compile(r"[^\x00-\x20\x7f]+")


def _plausible_graph(graph_def) -> bool:
    return bool(graph_def.node or graph_def.library.function) and all(
        _NAME.fullmatch(n.name) and _NAME.fullmatch(n.op) for n in graph_def.node)


def _parse_bytes(p: Path, data: bytes, cls):
    msg = _try_parse(data, cls)
    if msg is None:
        _top_level_fields(p, data)  # names truncation or a bad field header precisely, if that is it
        raise LoadError(p, f"cannot parse as {cls.__name__}: corrupt protobuf")
    return msg


def _parse(p: Path, cls):
    try:
        data = p.read_bytes()
    except OSError as e:
        raise LoadError(p, f"cannot read: {e.strerror}")
    if not data:
        raise LoadError(p, "empty file")
    return _parse_bytes(p, data, cls)


def _parse_text(p: Path, cls, data: bytes | None = None):
    text = (data if data is not None else p.read_bytes()).decode("utf-8", "replace")
    msg = cls()
    try:
        text_format.Parse(text, msg, allow_unknown_field=False)
    except text_format.ParseError as e:
        raise LoadError(p, f"text protobuf syntax error: {_one_line(e)}")
    return msg


def _load_text(p: Path, data: bytes, tags) -> Model:
    first = _first_field_name(data)
    if first in ("saved_model_schema_version", "meta_graphs"):
        return _from_saved_model(p.parent, _parse_text(p, pb.saved_model_pb2.SavedModel, data), tags, source=p)
    if first in ("meta_info_def", "graph_def", "saver_def", "collection_def", "signature_def"):
        return _from_meta_graph(p.parent, _parse_text(p, pb.meta_graph_pb2.MetaGraphDef, data), p)
    return _from_graph_def(p, _parse_text(p, pb.graph_pb2.GraphDef, data), "graph_text")


def _first_field_name(data: bytes) -> str:
    for line in data.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line.split("{")[0].split(":")[0].strip()
    return ""


def _one_line(e: Exception) -> str:
    return " ".join(str(e).split())[:300]


# ----------------------------------------------------------------------------- formats

def _from_saved_model(d: Path, saved_model, tags, source: Path | None = None) -> Model:
    source = source or d
    if not saved_model.meta_graphs:
        raise LoadError(source, "SavedModel has no MetaGraphs")
    available = [sorted(m.meta_info_def.tags) for m in saved_model.meta_graphs]
    if tags is None and len(saved_model.meta_graphs) == 1:
        # As tf.saved_model.load and the converters do: the only MetaGraph, whatever its tags
        # ({serve, tpu}, {serve, train}, {transform}, none at all).
        chosen = list(saved_model.meta_graphs)
    else:
        wanted = set(tags or DEFAULT_TAGS)
        chosen = [m for m in saved_model.meta_graphs if set(m.meta_info_def.tags) == wanted]
    if not chosen:
        listing = "; ".join(",".join(t) or "(no tags)" for t in available)
        raise LoadError(source, f"no MetaGraph with tags {','.join(sorted(wanted))} (available: {listing}); "
                                "choose one with --tags")
    model = _from_meta_graph(d, chosen[0], source, fmt="saved_model")
    model.available_tags = available
    model.path = str(d)
    _attach_checkpoint(model, d / "variables" / "variables.index")
    return model


def _from_meta_graph(d: Path, meta, source: Path, fmt: str = "meta_graph") -> Model:
    model = _from_graph_def(source, meta.graph_def, fmt)
    model.meta_graph = meta
    model.tags = sorted(meta.meta_info_def.tags)
    model.tensorflow_version = meta.meta_info_def.tensorflow_version or None
    model.has_object_graph = meta.HasField("object_graph_def")
    model.init_ops = _init_ops(model, meta)
    for name in sorted(meta.signature_def):
        sig = meta.signature_def[name]
        if name.startswith("__saved_model"):  # init/train ops, not served signatures
            continue
        model.signatures[name] = Signature(
            name=name,
            inputs={k: _tensor_spec(model, v) for k, v in sorted(sig.inputs.items())},
            outputs={k: _tensor_spec(model, v) for k, v in sorted(sig.outputs.items())},
            method=sig.method_name,
        )
    if not model.signatures:
        _session_bundle_signatures(model, meta)
    if not model.signatures:
        _infer_signature(model)
    if fmt == "meta_graph":
        _attach_checkpoint(model, _checkpoint_index_near(source))
    return model


_INIT_COLLECTIONS = ("saved_model_main_op", "legacy_init_op", "table_initializer", "init_op")


def _init_ops(model: Model, meta) -> set:
    """Nodes a loader runs before serving: main_op / legacy_init_op / table initializers (TF1
    collections) and the __saved_model_init_op signature (TF2)."""
    names = set()
    for key in _INIT_COLLECTIONS:
        col = meta.collection_def[key] if key in meta.collection_def else None
        if col is not None and col.WhichOneof("kind") == "node_list":
            names |= {parse_input(v.lstrip("^")).node for v in col.node_list.value}
    if "__saved_model_init_op" in meta.signature_def:
        names |= {parse_input(t.name).node for t in meta.signature_def["__saved_model_init_op"].outputs.values()}
    return {("", n) for n in names if ("", n) in model.nodes}


def _tensor_spec(model: Model, info) -> TensorSpec:
    kind = info.WhichOneof("encoding")
    if kind == "name":
        node_name, _ = parse_tensor_name(info.name)
        name = info.name
    elif kind == "coo_sparse":
        name = info.coo_sparse.values_tensor_name
        node_name, _ = parse_tensor_name(name)
    elif kind == "composite_tensor":
        components = info.composite_tensor.components
        name = components[0].name if components else ""
        node_name, _ = parse_tensor_name(name)
    else:
        name, node_name = "", ""
    key = ("", node_name)
    if node_name and key not in model.nodes:
        raise LoadError(model.path, f"signature tensor {name!r} names a node that is not in the graph")
    shape = shape_tuple(info.tensor_shape) if info.HasField("tensor_shape") else None
    return TensorSpec(name, dtype_name(info.dtype), shape, key if node_name else None)


def _session_bundle_signatures(model: Model, meta) -> None:
    """Legacy session-bundle exports keep signatures in collection "serving_signatures" as a packed
    tensorflow.serving.Signatures (session_bundle/manifest.proto): default_signature = 1,
    named_signatures = 2 (map); a Signature is regression (1: input, output), classification
    (1: input, 2: classes, 3: scores) or generic (3: map<string, TensorBinding>)."""
    if "serving_signatures" not in meta.collection_def:
        return
    try:
        for packed in meta.collection_def["serving_signatures"].any_list.value:
            default = wire.submessages(packed.value, 1)
            if default:
                _add_bundle_signature(model, "default", default[0])
            generic = {}
            for entry in wire.submessages(packed.value, 2):
                name = wire.string_field(entry, 1)
                for sig in wire.submessages(entry, 2):
                    for body in wire.submessages(sig, 3):
                        generic[name] = {wire.string_field(e, 1): wire.string_field(wire.submessages(e, 2)[0], 1)
                                         for e in wire.submessages(body, 1) if wire.submessages(e, 2)}
                    if not wire.submessages(sig, 3):
                        _add_bundle_signature(model, name, sig)
            if "inputs" in generic and "outputs" in generic:  # the session-bundle "predict" convention
                _add_signature(model, "predict", generic.pop("inputs"), generic.pop("outputs"))
            for name, tensors in generic.items():
                _add_signature(model, name, {}, tensors)
    except wire.WireError:
        model.signatures.clear()  # unreadable legacy signatures: fall back to inference


def _add_bundle_signature(model: Model, name: str, sig: bytes) -> None:
    def binding(body: bytes, number: int) -> str:  # TensorBinding.tensor_name of field `number`
        found = wire.submessages(body, number)
        return wire.string_field(found[0], 1) if found else ""

    for body in wire.submessages(sig, 1):  # regression
        _add_signature(model, name, {"input": binding(body, 1)}, {"output": binding(body, 2)}, "regress")
    for body in wire.submessages(sig, 2):  # classification
        outputs = {k: binding(body, n) for k, n in (("classes", 2), ("scores", 3)) if binding(body, n)}
        _add_signature(model, name, {"input": binding(body, 1)}, outputs, "classify")


def _add_signature(model: Model, name: str, inputs: dict, outputs: dict, method: str = "") -> None:
    def spec(tensor_name: str) -> TensorSpec:
        node_name, _ = parse_tensor_name(tensor_name)
        if ("", node_name) not in model.nodes:
            raise LoadError(model.path, f"signature {name!r} names tensor {tensor_name!r}, which is not in the graph")
        base = _node_spec(model.nodes[("", node_name)])
        return TensorSpec(tensor_name, base.dtype, base.shape, base.node)

    model.signatures[name] = Signature(name, {k: spec(v) for k, v in inputs.items() if v},
                                       {k: spec(v) for k, v in outputs.items() if v}, method)


def _infer_signature(model: Model) -> None:
    """A frozen graph has no signatures: inputs are its placeholders, outputs its data sinks.

    A graph written as a function says what it takes and returns: its top-level _Arg nodes are
    inputs and each _Retval returns the tensor it reads. A sink without outputs (a train op, a
    NoOp group, a print) is left out: a converter is given tensors and a session fetches them, so
    nothing runs it unless asked by name."""
    top = [n for n in model.nodes.values() if n.scope == ""]
    inputs = {n.name: _node_spec(n) for n in top if n.op in ("Placeholder", "PlaceholderWithDefault")
              and not any(d["kind"] == "data" for _, d in model.producers(n.key))}
    args = sorted((n for n in top if n.op in GRAPH_ARG_OPS), key=lambda n: (_int_attr(n, "index"), n.name))
    inputs.update((n.name, _node_spec(n)) for n in args)
    outputs: dict[str, TensorSpec] = {}
    targets = set()
    for n in sorted((n for n in top if n.op in GRAPH_RETVAL_OPS), key=lambda n: (_int_attr(n, "index"), n.name)):
        returned = _returned_tensor(model, n)
        if returned is not None:
            outputs[n.name] = returned
        targets.add(n.key)  # what runs: the _Retval too (its device, its input edge)
    for n in top:
        if n.op in _NOT_OUTPUTS or n.op.startswith(("Apply", "ResourceApply")) or n.op in ("Const", "Placeholder"):
            continue
        if n.op in GRAPH_RETVAL_OPS or n.op in GRAPH_ARG_OPS:
            continue
        if n.name.startswith(_BOOKKEEPING_SCOPES) or n.name.endswith("/read"):
            continue  # gradients, checkpointing and variable reads are not what a graph serves
        if any(True for _ in model.graph.successors(n.key)):
            continue
        if model.output_count(n) != 0:  # None: an op TensorFlow does not know; assume it has one
            outputs[n.name] = _node_spec(n)
    if outputs or targets:
        model.signatures["(inferred)"] = Signature("(inferred)", inputs, outputs, inferred=True,
                                                   targets=frozenset(targets))


def _int_attr(node: Node, key: str) -> int:
    return node.attrs[key].i if key in node.attrs else 0


def _returned_tensor(model: Model, retval: Node) -> TensorSpec | None:
    """The tensor a top-level _Retval returns (its one data input), typed by the _Retval's T."""
    for src, data in model.producers(retval.key):
        if data["kind"] == "data":
            producer, port = model.nodes[src], int(data["port"])
            shapes = producer.output_shapes()
            shape = shapes[port] if shapes and port < len(shapes) else None
            dtype = _node_spec(retval).dtype
            return TensorSpec(f"{producer.name}:{port}", dtype, shape, src)
    return None


def _node_spec(node: Node) -> TensorSpec:
    dtype = ""
    for key in ("dtype", "T"):
        if key in node.attrs and node.attrs[key].WhichOneof("value") == "type":
            dtype = dtype_name(node.attrs[key].type)
            break
    shapes = node.output_shapes()
    shape = shapes[0] if shapes else None
    if shape is None and "shape" in node.attrs:
        shape = shape_tuple(node.attrs["shape"].shape)
    return TensorSpec(f"{node.name}:0", dtype, shape, node.key)


def _checkpoint_index_near(meta_path: Path) -> Path | None:
    """The checkpoint index a .meta file was saved with (model.meta -> model.index)."""
    candidate = meta_path.with_suffix(".index")
    return candidate if candidate.is_file() else None


def _attach_checkpoint(model: Model, index: Path | None) -> None:
    if index is None or not index.is_file():
        return
    model.checkpoint_prefix = str(index.with_suffix(""))
    data_files = sorted(index.parent.glob(index.stem + ".data-*"))
    model.checkpoint_bytes = sum(f.stat().st_size for f in data_files)
    sizes = variable_sizes(index)
    if not sizes:
        return
    for var in model.variables:
        node = model.nodes[var.node]
        for key in (model.checkpoint_key(var), node.attr_str("shared_name"), node.name):
            if key and key in sizes:
                var.checkpoint_bytes = sizes[key]
                break


def analyze(path: str, fmt: str, graph_def=None, meta_graph=None) -> Model:
    """A Model over protos already in memory (fix passes re-analyze their working copy with this).
    Raises LoadError when the graph is inconsistent (dangling inputs, missing functions, ...)."""
    if meta_graph is not None:
        model = _from_meta_graph(Path(path), meta_graph, Path(path), fmt=fmt)
        if fmt != "meta_graph":
            model.path = str(path)
        return model
    return _from_graph_def(Path(path), graph_def, fmt)


# ----------------------------------------------------------------------------- graph building

def _from_graph_def(source: Path, graph_def, fmt: str) -> Model:
    model = Model(str(source), fmt)
    model.graph_def = graph_def
    model.producer = graph_def.versions.producer if graph_def.HasField("versions") else None
    library = {f.signature.name: f for f in graph_def.library.function if f.signature.name}

    for nd in graph_def.node:
        _add_node(model, Node("", nd.name, nd.op, nd.device, nd), library, source)
    for fdef in graph_def.library.function:
        fname = function_scope(fdef.signature.name)
        arg_names = [a.name for a in fdef.signature.input_arg]
        for arg in fdef.signature.input_arg:
            arg_dtype = dtype_name(arg.type) if arg.type else ""
            _add_node(model, Node(fname, arg.name, ARG_OP, arg_dtype=arg_dtype), library, source)
        for nd in fdef.node_def:
            _add_node(model, Node(fname, nd.name, nd.op, nd.device, nd), library, source)
        rets = {parse_input(t, in_function=True).node for t in fdef.ret.values()}
        rets |= set(fdef.control_ret.values())
        returns = [fdef.ret.get(arg.name, "") for arg in fdef.signature.output_arg]
        model.functions[fname] = FunctionInfo(fname, arg_names, rets, len(fdef.node_def), returns)

    # Edges are collected and added in one call, with explicit keys: networkx's per-edge key search
    # dominates load time on large graphs otherwise.
    edges = []
    nodes = model.nodes
    called = {fn for node in nodes.values() for fn in node.calls}
    for node in list(nodes.values()):
        if node.proto is None:
            continue
        in_function = bool(node.scope)
        index = 0
        dst = node.key
        for k, text in enumerate(node.proto.input):
            name, port, control = split_input(text, in_function)
            src = (node.scope, name)
            if src not in nodes:
                if in_function and node.scope not in called:
                    # TensorFlow imports a library without instantiating its functions: a broken
                    # body matters only once something calls it, and nothing calls this one.
                    continue
                where = f" in function {node.scope}" if node.scope else ""
                raise LoadError(source, f"node {node.name!r}{where} has input {text!r}, "
                                        "which names a node that does not exist")
            if control:
                edges.append((src, dst, k, {"kind": "control"}))
            else:
                edges.append((src, dst, k, {"kind": "data", "port": port, "index": index}))
                index += 1
        for fn in node.calls:
            info = model.functions[fn]
            for ret in info.ret_nodes:
                if (fn, ret) not in nodes:
                    raise LoadError(source, f"function {fn!r} returns {ret!r}, which is not a node of its body")
                edges.append(((fn, ret), dst, f"call:{fn}", {"kind": "call"}))
    model.graph.add_edges_from(edges)
    model.find_variables()
    if fmt in ("frozen_graph", "graph_text"):
        _infer_signature(model)
    return model


def _add_node(model: Model, node: Node, library: dict, source: Path) -> None:
    if node.key in model.nodes:
        where = f" in function {node.scope}" if node.scope else ""
        raise LoadError(source, f"duplicate node name {node.name!r}{where}")
    if node.proto is not None:
        node.calls = tuple(_called_functions(node, library, source))
    model.nodes[node.key] = node
    model.graph.add_node(node.key)


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
