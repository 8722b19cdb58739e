"""TensorFlow's protobuf messages, without TensorFlow's runtime (and without TensorFlow at all).

Where they come from, in order:
1. TensorFlow itself, when it is installed (`pip install 'accelcheck[tf]'`: fix, verify and the
   --confirm oracles hand these very messages to the runtime). `import tensorflow` costs seconds
   and hundreds of MiB because `tensorflow/__init__.py` starts the runtime; the generated `*_pb2`
   modules need none of it, only the package `__path__` to resolve `tensorflow.core.*`. So a bare
   placeholder package stands in `sys.modules` while they import, and is taken out again, leaving
   the real `tensorflow` importable later in the same process (it reuses these modules).
2. TensorBoard, a dependency of the lint-only install: it ships TensorFlow's graph, function,
   MetaGraph and variable protos under `tensorboard.compat.proto` (the same fields and numbers, in
   the proto package `tensorboard`). It lacks two small ones, declared here from their field
   numbers (TensorFlow 2.21, tensorflow/core/protobuf/saved_model.proto and tensor_bundle.proto):
   SavedModel and BundleEntryProto.

Both parse the same bytes into messages with the same field names; `tests/test_lint_only.py`
checks that the lint-only install reports exactly what the full one does.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

_TF_MODULES = {
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
_DECLARED = ("saved_model_pb2", "tensor_bundle_pb2")  # not in tensorboard: see _declared


def _from_tensorflow() -> types.SimpleNamespace | None:
    if "tensorflow" in sys.modules:  # the real package (or an earlier import): use it as is
        return types.SimpleNamespace(**{k: importlib.import_module(v) for k, v in _TF_MODULES.items()})
    spec = importlib.util.find_spec("tensorflow")
    if spec is None or not spec.submodule_search_locations:
        return None
    placeholder = types.ModuleType("tensorflow")
    placeholder.__path__ = list(spec.submodule_search_locations)
    sys.modules["tensorflow"] = placeholder
    try:
        return types.SimpleNamespace(**{k: importlib.import_module(v) for k, v in _TF_MODULES.items()})
    finally:
        if sys.modules.get("tensorflow") is placeholder:
            del sys.modules["tensorflow"]


def _from_tensorboard() -> types.SimpleNamespace:
    try:
        mods = {k: importlib.import_module(f"tensorboard.compat.proto.{k}") for k in _TF_MODULES if k not in _DECLARED}
    except ImportError:
        raise ImportError("accelcheck needs TensorFlow's protobuf definitions: install it with "
                          "`pip install accelcheck` (they come with tensorboard)") from None
    mods.update(_declared(mods["meta_graph_pb2"], mods["tensor_shape_pb2"], mods["types_pb2"]))
    return types.SimpleNamespace(**mods)


def _declared(meta_graph_pb2, tensor_shape_pb2, types_pb2) -> dict:
    """SavedModel and BundleEntryProto, as modules with one message class each."""
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    F = descriptor_pb2.FieldDescriptorProto
    fdp = descriptor_pb2.FileDescriptorProto(
        name="accelcheck/tensorflow_declared.proto", package="accelcheck.tf", syntax="proto3",
        dependency=[meta_graph_pb2.DESCRIPTOR.name, tensor_shape_pb2.DESCRIPTOR.name, types_pb2.DESCRIPTOR.name])
    saved = fdp.message_type.add(name="SavedModel")
    saved.field.add(name="saved_model_schema_version", number=1, type=F.TYPE_INT64, label=F.LABEL_OPTIONAL)
    saved.field.add(name="meta_graphs", number=2, type=F.TYPE_MESSAGE, label=F.LABEL_REPEATED,
                    type_name=f".{meta_graph_pb2.DESCRIPTOR.package}.MetaGraphDef")
    entry = fdp.message_type.add(name="BundleEntryProto")  # `slices` (7) is left out: not read
    entry.field.add(name="dtype", number=1, type=F.TYPE_ENUM, label=F.LABEL_OPTIONAL,
                    type_name=f".{types_pb2.DESCRIPTOR.package}.DataType")
    entry.field.add(name="shape", number=2, type=F.TYPE_MESSAGE, label=F.LABEL_OPTIONAL,
                    type_name=f".{tensor_shape_pb2.DESCRIPTOR.package}.TensorShapeProto")
    entry.field.add(name="shard_id", number=3, type=F.TYPE_INT32, label=F.LABEL_OPTIONAL)
    entry.field.add(name="offset", number=4, type=F.TYPE_INT64, label=F.LABEL_OPTIONAL)
    entry.field.add(name="size", number=5, type=F.TYPE_INT64, label=F.LABEL_OPTIONAL)
    entry.field.add(name="crc32c", number=6, type=F.TYPE_FIXED32, label=F.LABEL_OPTIONAL)
    pool = descriptor_pool.Default()
    try:
        pool.FindFileByName(fdp.name)
    except KeyError:
        pool.Add(fdp)
    saved_model = types.SimpleNamespace(
        SavedModel=message_factory.GetMessageClass(pool.FindMessageTypeByName("accelcheck.tf.SavedModel")))
    bundle = types.SimpleNamespace(
        BundleEntryProto=message_factory.GetMessageClass(pool.FindMessageTypeByName("accelcheck.tf.BundleEntryProto")))
    return {"saved_model_pb2": saved_model, "tensor_bundle_pb2": bundle}


pb = _from_tensorflow() or _from_tensorboard()
SOURCE = "tensorflow" if pb.graph_pb2.__name__.startswith("tensorflow") else "tensorboard"
