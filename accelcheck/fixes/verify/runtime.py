"""The TensorFlow side of verification: the runtime (imported quietly, once), one-line errors
from its exceptions, numpy dtypes for accelcheck dtype names."""

from __future__ import annotations

import os
import re

import numpy as np

from ...errors import AccelcheckError

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


_PLAIN_DTYPES = {"float16", "float32", "float64", "complex64", "complex128", "bool", "int8", "int16", "int32",
                 "int64", "uint8", "uint16", "uint32", "uint64"}


def _tf():
    from ...confirm import loading

    return loading.tf()


_NOISE = re.compile(r"^(Graph execution error:|Detected at node .* defined at|Node: |Traceback \(most recent|File \"|"
                    r"Original stack trace for|\[\[\{\{node )")
_AT_NODE = re.compile(r"\[\[\{\{node ([^}]+)\}\}\]\]")


def _line(e: BaseException) -> str:
    """One line: for a TensorFlow OpError, its first meaningful line and the node it happened at."""
    from ...confirm import loading

    if isinstance(e, AccelcheckError):
        return loading.one_line(e)
    message = getattr(e, "message", None)
    if isinstance(message, str) and type(e).__name__.endswith("Error") and hasattr(e, "error_code"):
        lines = [ln.strip() for ln in message.splitlines()]
        lines = [ln for ln in lines if ln and not _NOISE.match(ln) and not ln.startswith(("raise ", "return "))]
        node = _AT_NODE.search(message)
        text = lines[0] if lines else message
        if node and node.group(1) not in text:
            text += f" (at node {node.group(1)})"
        return f"{type(e).__name__}: {loading.one_line(text)}"
    return loading.exc_line(e)


def _np_dtype(name: str):
    """numpy dtype for an accelcheck dtype name, or None (resource, variant, quantized, unknown)."""
    base = name[:-4] if name.endswith("_ref") else name
    if base in ("", "resource", "variant", "invalid") or base.startswith(("unknown", "q")):
        return None
    if base == "string":
        return np.dtype(object)
    if base in _PLAIN_DTYPES:
        return np.dtype(base)
    try:
        return np.dtype(_tf().dtypes.as_dtype(base).as_numpy_dtype)
    except Exception:  # noqa: BLE001 - a dtype TensorFlow cannot feed from numpy
        return None
