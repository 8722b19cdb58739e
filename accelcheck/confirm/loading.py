"""Shared helpers for the oracles: importing TensorFlow quietly, telling model formats apart,
inferring a frozen graph's inputs and outputs, static input specs, and one-line messages.

Nothing here imports TensorFlow at module import time; `tf()` does it on first use.

Formats (`detect`), named as accelcheck's loader names them (Model.format):
- ``saved_model``: a directory with saved_model.pb/.pbtxt (a path to saved_model.pb means its directory);
- ``meta_graph``: a ``.meta`` MetaGraphDef file, or a directory holding ``export.meta`` (a session
  bundle) or exactly one ``*.meta`` file;
- ``frozen_graph``: a binary GraphDef (``.pb`` or anything that parses as one);
- ``graph_text``: a text GraphDef (``.pbtxt``/``.prototxt``/``.txt``, or a file that looks like text);
- ``keras``: a Keras ``.h5``/``.keras`` file (accelcheck itself refuses these: not TF graphs);
- ``tflite``: a TFLite flatbuffer (already converted: the oracles refuse it).
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import sys
from pathlib import Path

from ..model.loader import TEXT_SUFFIXES, looks_like_text

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

_TF = None



class UnsupportedFormat(Exception):
    """The path is not something the oracles can hand to TensorFlow's tools."""

    prefix = "unsupported format"


class ModelNotFound(UnsupportedFormat):
    prefix = "not found"


def tf():
    """Import TensorFlow once, quietly (C++ logs off unless the caller set TF_CPP_MIN_LOG_LEVEL)."""
    global _TF
    if _TF is None:
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import warnings

        warnings.filterwarnings("ignore")
        with quiet_stderr():  # absl's pre-init notice, oneDNN and CUDA probes print on import
            import tensorflow as _tf

        try:
            from absl import logging as absl_logging

            absl_logging.set_verbosity(absl_logging.ERROR)
        except ImportError:  # pragma: no cover
            pass
        _tf.get_logger().setLevel("ERROR")
        try:
            _tf.autograph.set_verbosity(0)
        except Exception:  # pragma: no cover
            pass
        _TF = _tf
    return _TF


# ----------------------------------------------------------------------------- messages

def one_line(text: object, limit: int = 400) -> str:
    """Collapse an exception message to one line, at most `limit` characters."""
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 3] + "..."


def exc_line(e: BaseException, limit: int = 400) -> str:
    msg = one_line(e, limit)
    return f"{type(e).__name__}: {msg}" if msg else type(e).__name__


def fix_meta_version(meta) -> None:
    """Old exports record versions like "0.12.head", which import_meta_graph's version parse rejects
    before looking at the graph: keep only the numeric part (of this in-memory copy)."""
    v = meta.meta_info_def.tensorflow_version
    if v and not re.fullmatch(r"\d+(\.\d+)*", v):
        m = re.match(r"\d+(?:\.\d+)*", v)
        meta.meta_info_def.tensorflow_version = m.group(0) if m else ""


# ----------------------------------------------------------------------------- formats

def detect(path: str | os.PathLike) -> tuple[str, Path]:
    """(format, path to use). Raises UnsupportedFormat with a one-line reason."""
    p = Path(path)
    if not p.exists():
        raise ModelNotFound(f"{p}: no such file or directory")
    if p.is_file() and p.name in ("saved_model.pb", "saved_model.pbtxt"):
        p = p.parent
    if p.is_dir():
        if (p / "saved_model.pb").is_file() or (p / "saved_model.pbtxt").is_file():
            return "saved_model", p
        if (p / "export.meta").is_file():
            return "meta_graph", p / "export.meta"
        metas = sorted(p.glob("*.meta"))
        if len(metas) == 1:
            return "meta_graph", metas[0]
        raise UnsupportedFormat(f"{p}: directory holds no SavedModel or single .meta file")
    head = p.read_bytes()[:16]
    if p.suffix == ".tflite" or head[4:8] == b"TFL3":
        raise UnsupportedFormat(f"{p}: a TFLite flatbuffer (already converted), not a TensorFlow graph")
    if p.suffix in (".h5", ".hdf5", ".keras") or head.startswith(b"\x89HDF\r\n\x1a\n") or head.startswith(b"PK\x03\x04"):
        return "keras", p
    if p.suffix == ".meta":
        return "meta_graph", p
    if p.suffix in TEXT_SUFFIXES or _looks_like_text(p):
        return "graph_text", p
    return "frozen_graph", p


def _looks_like_text(p: Path) -> bool:
    head = p.read_bytes()[:4096]
    return bool(head) and looks_like_text(head)  # the loader's definition of a text proto


def read_graph_def(path: Path, text: bool | None = None):
    """A GraphDef from a binary or text file. A binary file that does not parse, or parses to no
    nodes, is tried as a MetaGraphDef (whose graph_def is returned)."""
    t = tf()
    data = Path(path).read_bytes()
    gd = t.compat.v1.GraphDef()
    if text is None:
        text = Path(path).suffix in TEXT_SUFFIXES
    if text:
        from google.protobuf import text_format

        text_format.Parse(data.decode("utf-8"), gd)
        return gd
    try:
        gd.ParseFromString(data)
        if len(gd.node):
            return gd
    except Exception:
        pass
    meta = t.compat.v1.MetaGraphDef()
    meta.ParseFromString(data)  # raises DecodeError for garbage: the caller reports it
    if not len(meta.graph_def.node):
        raise UnsupportedFormat(f"{path}: parses as neither a GraphDef nor a MetaGraphDef with nodes")
    return meta.graph_def


def infer_io(graph_def) -> tuple[list[str], list[str]]:
    """Input and output node names of a graph without signatures: accelcheck's own inferred
    signature (TensorFlow's GraphDef class is the one accelcheck parses into), so the toolchain
    converts exactly what accelcheck checked."""
    from ..model.loader import analyze

    sig = analyze("<graph>", "frozen_graph", graph_def=graph_def).signatures.get("(inferred)")
    if sig is None:
        return [], []
    return [t.node[1] for t in sig.inputs.values()], [t.node[1] for t in sig.outputs.values()]


def node_ops(graph_def) -> dict[str, str]:
    """node name -> op type, for the top-level graph and every library function (function nodes
    are keyed both bare and as ``function/node``)."""
    ops = {n.name: n.op for n in graph_def.node}
    for f in graph_def.library.function:
        for n in f.node_def:
            ops.setdefault(n.name, n.op)
            ops[f"{f.signature.name}/{n.name}"] = n.op
    return ops


def is_loader_function(name: str) -> bool:
    """Functions TensorFlow's loaders make up while wrapping a TF1 graph (``wrap_function(...).prune``:
    ``__inference_pruned_49``): not in the model, so a node "in" one is a node of the top-level graph."""
    return bool(re.fullmatch(r"__inference_pruned_\d+", name or ""))


def tensor_name(name: str) -> str:
    return name if ":" in name else f"{name}:0"


def checkpoint_prefix(meta_path: Path) -> str | None:
    """The checkpoint to restore beside a .meta file: the `checkpoint` state file's latest, else
    ``<stem>.index`` (V2), else a V1 sharded ``<stem>-?????-of-NNNNN``, else a plain ``<stem>`` file."""
    t = tf()
    d = meta_path.parent
    stem = meta_path.name[: -len(".meta")] if meta_path.name.endswith(".meta") else meta_path.stem
    if (d / f"{stem}.index").is_file():
        return str(d / stem)
    shards = sorted(glob.glob(str(d / f"{glob.escape(stem)}-?????-of-?????")))
    if shards:
        m = re.search(r"-of-(\d{5})$", shards[0])
        return str(d / f"{stem}-?????-of-{m.group(1)}") if m else shards[0]
    if (d / "checkpoint").is_file():
        try:
            latest = t.train.latest_checkpoint(str(d))
        except Exception:
            latest = None
        if latest:
            return latest
    if (d / stem).is_file():
        return str(d / stem)
    return None


# ----------------------------------------------------------------------------- shapes

def static_shape(shape, unranked: tuple[int, ...] = (), unknown: int = 1) -> list[int]:
    """A TensorShape made static: unknown dims become 1; an unknown rank becomes `unranked`
    (default a scalar, []).

    A scalar is the usual meaning of an unranked placeholder in real graphs (keep_prob,
    is_training, learning_rate); the XLA oracle retries with [1] when that gives a shape error
    (an unranked batch of serialized Examples, say)."""
    t = tf()
    shape = t.TensorShape(shape)
    if shape.rank is None:
        return list(unranked)
    dims = shape.as_list()
    # The batch (first) dimension is 1; `unknown` is for the others (a retry uses a realistic size).
    return [(1 if i == 0 else unknown) if d is None else int(d) for i, d in enumerate(dims)]


def static_spec(spec, name: str | None = None, unranked: tuple[int, ...] = (), unknown: int = 1):
    t = tf()
    return t.TensorSpec(static_shape(spec.shape, unranked, unknown), spec.dtype,
                        name=name or getattr(spec, "name", None))


def _fileno(stream) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, ValueError, OSError):
        return None


@contextlib.contextmanager
def _fd_redirected(stream, target_fd: int | None):
    """Point `stream`'s file descriptor at `target_fd` (C++ writes to the descriptor itself, past
    sys.stdout/sys.stderr), and back afterwards. Does nothing for a stream without a real
    descriptor (embedded, captured) or without a target."""
    fd = _fileno(stream)
    if fd is None or target_fd is None:
        yield
        return
    stream.flush()
    saved = os.dup(fd)
    try:
        os.dup2(target_fd, fd)
        yield
    finally:
        stream.flush()
        os.dup2(saved, fd)
        os.close(saved)


@contextlib.contextmanager
def quiet_stdout():
    """Send stdout (fd 1 and sys.stdout) to stderr (C++ and Keras prints), so stdout carries only
    our JSON."""
    with _fd_redirected(sys.stdout, _fileno(sys.stderr)), contextlib.redirect_stdout(sys.stderr):
        yield


def verbose() -> bool:
    """Whether the user asked for TensorFlow's own logs (--verbose, or ACCELCHECK_VERBOSE=1)."""
    return os.environ.get("ACCELCHECK_VERBOSE", "") not in ("", "0")


@contextlib.contextmanager
def quiet_stderr():
    """TensorFlow's C++ side writes to file descriptor 2 itself, past Python and
    TF_CPP_MIN_LOG_LEVEL (absl's "log messages before absl::InitializeLog()", oneDNN and CUDA probes,
    the Print ops of a model being run): send fd 2 to /dev/null unless verbose()."""
    if verbose():
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        with _fd_redirected(sys.stderr, devnull):
            yield
    finally:
        os.close(devnull)


def graph_def_for_lookup(path: Path, fmt: str, tags=("serve",)):
    """The GraphDef behind a model, for naming the op of a node an error message names; None if
    it cannot be read (best effort, never raises)."""
    try:
        tf()
        if fmt == "saved_model":
            from google.protobuf import text_format
            from tensorflow.core.protobuf import saved_model_pb2

            sm = saved_model_pb2.SavedModel()
            if (path / "saved_model.pb").is_file():
                sm.ParseFromString((path / "saved_model.pb").read_bytes())
            else:
                text_format.Parse((path / "saved_model.pbtxt").read_text(), sm)
            wanted = set(tags or ())
            for mg in sm.meta_graphs:
                if set(mg.meta_info_def.tags) == wanted:
                    return mg.graph_def
            return sm.meta_graphs[0].graph_def if sm.meta_graphs else None
        if fmt in ("frozen_graph", "graph_text", "meta_graph"):
            return read_graph_def(path, text=(fmt == "graph_text"))
    except Exception:
        return None
    return None
