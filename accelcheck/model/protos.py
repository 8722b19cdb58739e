"""TensorFlow's generated protobuf modules, imported without starting TensorFlow.

`import tensorflow` costs seconds and hundreds of MiB because `tensorflow/__init__.py` loads the
runtime. The generated `*_pb2` modules need none of it: they only need the package `__path__` to
resolve `tensorflow.core.*`. So we put a bare placeholder package in `sys.modules` for the duration
of the import and take it out again, leaving the real `tensorflow` importable later in the same
process (it then reuses these very modules, so messages stay interchangeable).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

_MODULES = {
    "graph_pb2": "tensorflow.core.framework.graph_pb2",
    "node_def_pb2": "tensorflow.core.framework.node_def_pb2",
    "function_pb2": "tensorflow.core.framework.function_pb2",
    "types_pb2": "tensorflow.core.framework.types_pb2",
    "tensor_shape_pb2": "tensorflow.core.framework.tensor_shape_pb2",
    "attr_value_pb2": "tensorflow.core.framework.attr_value_pb2",
    "variable_pb2": "tensorflow.core.framework.variable_pb2",
    "meta_graph_pb2": "tensorflow.core.protobuf.meta_graph_pb2",
    "saved_model_pb2": "tensorflow.core.protobuf.saved_model_pb2",
    "tensor_bundle_pb2": "tensorflow.core.protobuf.tensor_bundle_pb2",
}


def _import_without_runtime() -> types.SimpleNamespace:
    if "tensorflow" in sys.modules:  # the real package (or an earlier import): use it as is
        return types.SimpleNamespace(**{k: importlib.import_module(v) for k, v in _MODULES.items()})
    spec = importlib.util.find_spec("tensorflow")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("accelcheck needs the 'tensorflow' package installed (for its protobuf definitions)")
    placeholder = types.ModuleType("tensorflow")
    placeholder.__path__ = list(spec.submodule_search_locations)
    sys.modules["tensorflow"] = placeholder
    try:
        return types.SimpleNamespace(**{k: importlib.import_module(v) for k, v in _MODULES.items()})
    finally:
        if sys.modules.get("tensorflow") is placeholder:
            del sys.modules["tensorflow"]


pb = _import_without_runtime()
