"""What the oracles need besides the runtime (accelcheck.tfruntime): the model, read by
accelcheck's own loader so the toolchain is run on exactly what accelcheck checked (the same
format, MetaGraph, checkpoint and inferred inputs and outputs), node names to ops for naming what
an error message points at, and static input specs.

Formats are the loader's (Model.format: saved_model, meta_graph, frozen_graph, graph_text), plus
``keras`` for a Keras ``.h5``/``.keras`` file, which accelcheck refuses but the oracles can convert.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import AccelcheckError, ForeignFormat, LoadError
from ..tfruntime import tf


class UnsupportedFormat(Exception):
    """The path is not something the oracles can hand to TensorFlow's tools."""

    prefix = "unsupported format"


class ModelNotFound(UnsupportedFormat):
    prefix = "not found"


@dataclass
class KerasFile:
    """A Keras file: not a TensorFlow graph (accelcheck refuses it), but the converter reads it."""

    path: str
    format: str = "keras"
    tags: tuple = ()


def open_model(path: str | os.PathLike, tags=None):
    """The Model accelcheck's loader reads from `path` (MetaGraph chosen by `tags`, or as `check`
    chooses it without them), or a KerasFile. Raises UnsupportedFormat with the loader's one-line reason."""
    from ..model.loader import load

    p = Path(path)
    if not p.exists():
        raise ModelNotFound(f"{p}: no such file or directory")
    try:
        return load(p, tuple(tags) if tags is not None else None)
    except ForeignFormat as e:
        if p.is_file() and (p.suffix in (".h5", ".hdf5", ".keras") or _is_keras(p)):
            return KerasFile(str(p))
        raise UnsupportedFormat(str(e)) from None
    except (LoadError, AccelcheckError) as e:
        raise UnsupportedFormat(str(e)) from None


def _is_keras(p: Path) -> bool:
    head = p.read_bytes()[:8]
    return head.startswith(b"\x89HDF\r\n\x1a\n") or head.startswith(b"PK\x03\x04")


def graph_io(model, inputs: list[str] | None = None, outputs: list[str] | None = None
             ) -> tuple[list[str], list[str]]:
    """Input and output node names of a frozen graph or .meta: the ones asked for, else accelcheck's
    inferred signature (placeholders in, data sinks out), so the toolchain converts exactly what
    accelcheck checked. A .meta that has SignatureDefs is still read this way, as a session is."""
    if inputs is not None and outputs is not None:
        return inputs, outputs
    from ..model.signatures import inferred_signature

    sig = model.signatures.get("(inferred)") or inferred_signature(model)
    inferred_in = [t.node[1] for t in sig.inputs.values()] if sig else []
    inferred_out = [t.node[1] for t in sig.outputs.values()] if sig else []
    return (inferred_in if inputs is None else inputs), (inferred_out if outputs is None else outputs)


def node_ops(model) -> dict[str, str]:
    """node name -> op type, for the top-level graph and every library function (function nodes
    are keyed both bare and as ``function/node``); empty for a Keras file."""
    nodes = {key: n for key, n in getattr(model, "nodes", {}).items() if not n.is_arg}
    ops = {name: n.op for (scope, name), n in nodes.items() if scope == ""}
    for (scope, name), n in nodes.items():
        if scope:
            ops.setdefault(name, n.op)
            ops[f"{scope}/{name}"] = n.op
    return ops


def is_loader_function(name: str) -> bool:
    """Functions TensorFlow's loaders make up while wrapping a TF1 graph (``wrap_function(...).prune``:
    ``__inference_pruned_49``): not in the model, so a node "in" one is a node of the top-level graph."""
    return bool(re.fullmatch(r"__inference_pruned_\d+", name or ""))


def function_ops(model) -> dict[str, dict[str, str]]:
    """function name -> {body node name -> op type}; empty for a Keras file."""
    out: dict[str, dict[str, str]] = {}
    for (scope, name), n in getattr(model, "nodes", {}).items():
        if scope and not n.is_arg:
            out.setdefault(scope, {})[name] = n.op
    return out


def tensor_name(name: str) -> str:
    return name if ":" in name else f"{name}:0"


# ----------------------------------------------------------------------------- shapes

def static_shape(shape, unranked: tuple[int, ...] = (), unknown: int = 1, batch: int = 1) -> list[int]:
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
    # The batch (first) dimension is `batch`, `unknown` is for the others (a retry uses realistic sizes).
    return [(batch if i == 0 else unknown) if d is None else int(d) for i, d in enumerate(dims)]


def static_spec(spec, name: str | None = None, unranked: tuple[int, ...] = (), unknown: int = 1, batch: int = 1):
    t = tf()
    return t.TensorSpec(static_shape(spec.shape, unranked, unknown, batch), spec.dtype,
                        name=name or getattr(spec, "name", None))
