"""path -> Model, for every TensorFlow graph format; a clear LoadError for anything else.

Formats are told apart by content and layout, not by extension alone:
- a directory with saved_model.pb / saved_model.pbtxt: SavedModel (TF1 or TF2), MetaGraph by tags;
- a directory with export.meta: a legacy session-bundle export (a MetaGraphDef);
- a .tflite flatbuffer: read by tflite_file into the same Model (operators as nodes);
- a file: binary or text GraphDef, MetaGraphDef (.meta) or SavedModel, told apart by their
  top-level protobuf fields; a path to saved_model.pb inside a SavedModel means the directory.
Protobuf classes stay inside model/ (this module, signatures.py for SignatureDefs); everything else
sees Model and Node.
"""

from __future__ import annotations

import gc
import os
import re
from pathlib import Path

from google.protobuf import message as pb_message
from google.protobuf import text_format

from ..errors import ForeignFormat, LoadError
from . import graph_bytes, tflite_file, wire
from .building import from_graph_def
from .checkpoint import checkpoint_beside, checkpoint_names, variable_sizes
from .graph import Model
from .names import parse_input
from .protos import pb
from .signatures import read_signatures

DEFAULT_TAGS = ("serve",)
_MAX_PROTO_BYTES = 2**31 - 1  # protobuf's hard limit for one message
TEXT_SUFFIXES = {".pbtxt", ".prototxt", ".txt"}


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

def model_file(d: Path) -> Path | None:
    """The file a model directory's model is read from: a SavedModel's saved_model.pb/.pbtxt/.cpb, a
    session bundle's export.meta, or a tf.train.Saver export's only .meta; None if it has none."""
    for name in ("saved_model.pb", "saved_model.pbtxt", "saved_model.cpb", "export.meta"):
        if (d / name).is_file():
            return d / name
    metas = sorted(d.glob("*.meta"))
    return metas[0] if len(metas) == 1 else None


def _load_directory(d: Path, tags) -> Model:
    f = model_file(d)
    if f is None:
        raise LoadError(d, "directory holds no TensorFlow model (expected saved_model.pb, saved_model.pbtxt "
                           "or a session-bundle export.meta)")
    if f.name == "saved_model.pb":
        return _from_saved_model(d, _parse(f, pb.saved_model_pb2.SavedModel), tags)
    if f.name == "saved_model.pbtxt":
        return _from_saved_model(d, _parse_text(f, pb.saved_model_pb2.SavedModel), tags)
    if f.name == "saved_model.cpb":
        raise LoadError(d, "this is a chunked SavedModel (saved_model.cpb, written for protos over 2 GiB); "
                           "accelcheck cannot read chunked SavedModels yet: export without chunking, "
                           "or pass a frozen GraphDef of the model")
    if f.name == "export.meta":
        return _from_meta_graph(d, _parse(f, pb.meta_graph_pb2.MetaGraphDef), f)
    return _load_file(f, tags)  # a tf.train.Saver export: model.meta beside its checkpoint


def _refuse_foreign(p: Path, head: bytes) -> None:
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
    with open(p, "rb") as f:
        head = f.read(16)
    if p.suffix == ".tflite" or tflite_file.is_tflite(head):
        return tflite_file.read(p, p.read_bytes())
    if size > _MAX_PROTO_BYTES:
        raise LoadError(p, f"file is {size} bytes, over protobuf's 2 GiB limit for one message; "
                           "TensorFlow writes such models as chunked SavedModels, which accelcheck cannot read yet")
    _refuse_foreign(p, head)
    data = p.read_bytes()
    if p.suffix in TEXT_SUFFIXES or looks_like_text(data):
        return _load_text(p, data, tags)
    for kind in _sniff_binary(p, data):
        if kind == "saved_model":
            return _from_saved_model(p.parent, _parse_bytes(p, data, pb.saved_model_pb2.SavedModel), tags, source=p)
        if kind == "meta_graph":
            meta = _try_parse(data, pb.meta_graph_pb2.MetaGraphDef)
            if meta is not None and _plausible_graph(meta.graph_def.node, meta.graph_def.library.function):
                return _from_meta_graph(p.parent, meta, p)
        else:
            model = _from_graph_bytes(p, data)
            if model is not None:
                return model
            graph_def = _try_parse(data, pb.graph_pb2.GraphDef)
            if graph_def is not None and _plausible_graph(graph_def.node, graph_def.library.function):
                return from_graph_def(p, graph_def, "frozen_graph")
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


def _from_graph_bytes(p: Path, data: bytes) -> Model | None:
    """A binary GraphDef, its nodes parsed a chunk at a time (graph_bytes: a fraction of the memory of
    parsing it whole). None when it is not one, or is broken: the whole-message parse then decides
    and words the error as for any other file."""
    source = graph_bytes.scan(data)
    try:
        if source is None or not _plausible_graph(source, source.rest.library.function):
            return None
        return from_graph_def(p, source, "frozen_graph")
    except pb_message.DecodeError:  # some node's bytes do not parse
        return None


def _plausible_graph(nodes, functions) -> bool:
    # A misread message is free text throughout, so about a thousand nodes spread over the graph
    # tell as well as all of them (at a million nodes, checking all costs half a second).
    step = max(1, len(nodes) // 1000)
    return bool(len(nodes) or functions) and all(
        _NAME.fullmatch(nodes[i].name) and _NAME.fullmatch(nodes[i].op) for i in range(0, len(nodes), step))


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
    return from_graph_def(p, _parse_text(p, pb.graph_pb2.GraphDef, data), "graph_text")


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
        wanted = set(DEFAULT_TAGS if tags is None else tags)  # () asks for the MetaGraph without tags
        chosen = [m for m in saved_model.meta_graphs if set(m.meta_info_def.tags) == wanted]
    if not chosen:
        listing = "; ".join(",".join(t) or "(no tags)" for t in available)
        raise LoadError(source, f"no MetaGraph with tags {','.join(sorted(wanted)) or '(none)'} (available: {listing}); "
                                "choose one with --tags")
    model = _from_meta_graph(d, chosen[0], source, fmt="saved_model")
    model.available_tags = available
    model.path = str(d)
    _attach_checkpoint(model, d / "variables" / "variables.index")
    return model


def _from_meta_graph(d: Path, meta, source: Path, fmt: str = "meta_graph") -> Model:
    model = from_graph_def(source, meta.graph_def, fmt)
    model.meta_graph = meta
    model.tags = sorted(meta.meta_info_def.tags)
    model.tensorflow_version = meta.meta_info_def.tensorflow_version or None
    model.has_object_graph = meta.HasField("object_graph_def")
    model.init_ops = _init_ops(model, meta)
    read_signatures(model, meta)
    if fmt == "meta_graph":
        prefix = checkpoint_beside(source)
        if prefix is not None:  # V2 (with an index: variable sizes) or V1 (restorable, no sizes)
            model.checkpoint_prefix = prefix
            _attach_checkpoint(model, Path(f"{prefix}.index"))
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
        for key in checkpoint_names(model, var):
            if key in sizes:
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
    return from_graph_def(Path(path), graph_def, fmt)
