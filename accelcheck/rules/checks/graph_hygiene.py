"""Checks on the shape of the served graph and on what stops a SavedModel loading: signature input
shapes, training placeholders, random seeds advanced per call, file-system access, assets listed
twice, saved optimizer state."""

from __future__ import annotations

import re
from typing import Iterator

from ...model import opdefs
from ...model.meta import asset_tensors, optimizer_slot_owners
from ...model.dtypes import format_shape
from ...opsets import name_pattern, op_set
from . import Hit
from .value_sources import UNKNOWABLE, VARIABLE_READS, ValueSources


def unregistered_op(ctx, rule) -> Iterator[Hit]:
    """Ops TensorFlow does not know: an import error, unless in a function nothing ever calls."""
    reachable = None
    for op, nodes in ctx.by_op().items():
        if opdefs.is_registered(op):
            continue
        for node in nodes:
            if node.registered:  # a call of a library function
                continue
            if reachable is None:
                reachable = ctx.model.reachable_functions()
            yield Hit(node.key, severity=None if not node.scope or node.scope in reachable else "info")


def dynamic_input_shape(ctx, rule) -> Iterator[Hit]:
    for sig_name in ctx.signatures:
        for input_name, spec in ctx.model.signatures[sig_name].inputs.items():
            if spec.node is None or ctx.model.nodes[spec.node].op not in ("Placeholder", "PlaceholderWithDefault"):
                continue
            if spec.shape is None or any(d is None for d in spec.shape):
                yield Hit(spec.node, {"input": input_name, "shape": format_shape(spec.shape)})


def training_placeholder(ctx, rule) -> Iterator[Hit]:
    """Placeholders named like training switches (rules/data/op_sets.json `names`, the names
    disable-dropout fixes); a rule's `pattern` option replaces them."""
    if rule.options["pattern"]:
        pattern = re.compile(rule.options["pattern"], re.IGNORECASE)
    else:
        pattern = name_pattern("keep_probability", "dropout_rate", "training_flag")
    for node in ctx.live_nodes():
        if node.op in ("Placeholder", "PlaceholderWithDefault") and pattern.search(node.name):
            yield Hit(node.key)


def file_access(ctx, rule) -> Iterator[Hit]:
    """File-system ops in what runs when the model is loaded or served (signatures and init ops,
    through every function and branch), and inside graphs embedded in DatasetFromGraph inputs.
    PrintV2 counts when it prints to a file (output_stream "file://...")."""
    ops = set(rule.options["ops"])
    model = ctx.model
    run = None  # what loading and serving runs: a walk over the graph, so only when there is a candidate
    for node in ctx.nodes_with_ops(frozenset(ops | {"PrintV2", "DatasetFromGraph"}), live_only=False):
        key = node.key
        run = model.loaded() if run is None else run
        if key not in run:
            continue
        if node.op in ops or _prints_to_file(node):
            yield Hit(key, {"detail": ""})
        elif node.op == "DatasetFromGraph":
            hidden = sorted(_embedded_ops(model, key) & (ops | {"PrintV2"}))
            if hidden:
                yield Hit(key, {"detail": f" (its embedded dataset graph runs {', '.join(hidden)})"})


def _prints_to_file(node) -> bool:
    return node.op == "PrintV2" and (node.attr_str("output_stream") or "").startswith("file://")


def _embedded_ops(model, key) -> set[str]:
    """Ops of the GraphDef serialized into the string Const that feeds a DatasetFromGraph."""
    from ...model.protos import pb

    ops: set[str] = set()
    for src, data in model.producers(key):
        source = model.nodes[src]
        if data["kind"] != "data":
            continue
        for blob in source.const_bytes() or ():
            graph = pb.graph_pb2.GraphDef()
            try:
                graph.ParseFromString(blob)
            except Exception:  # noqa: BLE001 - not a graph: nothing hidden there
                continue
            ops |= {n.op for n in graph.node}
            ops |= {n.op for f in graph.library.function for n in f.node_def}
    return ops


_JOB_FIELDS = ("job:", "replica:", "task:")


def device_type(device: str) -> str:
    """The device type a placement names, upper-cased ("" when it names none): "/device:GPU:0",
    "/job:w/replica:0/task:0/device:TPU_REPLICATED_CORE:0", "/gpu:0" and "GPU:0" all name one."""
    for part in device.split("/"):
        lowered = part.lower()
        if not part or lowered.startswith(_JOB_FIELDS):
            continue
        if lowered.startswith("device:"):
            part = part[len("device:"):]
        return part.split(":")[0].upper()
    return ""


def device_job(device: str) -> str:
    """The job a placement names ("" when none): "/job:worker/task:0/device:CPU:0" -> "worker"."""
    for part in device.split("/"):
        if part.lower().startswith("job:"):
            return part[len("job:"):]
    return ""


def pins_elsewhere(device: str, strict: bool = False) -> bool:
    """Placed on anything but this host's CPU (another device type, or another job of a cluster):
    a session on a host without it cannot place the node (measured: the TFLite converter fails with
    "Cannot assign a device" for GPU, TPU and /job:worker pins alike). `strict`, for where placement
    is hard: a CPU but the first too, as a process has one CPU device unless told otherwise
    (measured: /device:CPU:1, which a model saved where MirroredStrategy ran over two logical CPUs
    keeps on its replica variables). Elsewhere a CPU pin is kept as it is (TensorFlow's
    graphdef2mlir test partial-device-name.pbtxt)."""
    kind = device_type(device)
    if kind == "CPU" and strict and device_index(device) not in (None, 0):
        return True
    return kind not in ("", "CPU", "*") or device_job(device) not in ("", "localhost")


def device_index(device: str) -> int | None:
    """The index of the device a placement names ("/device:CPU:1" -> 1), None when it names none."""
    tail = device.rsplit("/", 1)[-1].split(":")
    return int(tail[-1]) if len(tail) >= 2 and tail[-1].isdigit() else None


def loads_in_session(model) -> bool:
    """A TF1 SavedModel (no object graph) or a MetaGraph is loaded into a TF1 session, where device
    pins are hard; TF2 SavedModels (functions) and frozen graphs place softly."""
    return model.format == "meta_graph" or (model.format == "saved_model" and not model.has_object_graph)


def device_placement(ctx, rule) -> Iterator[Hit]:
    """Nodes pinned to a device this host may lack. With `hard_in_session` (the converter's
    loader), the rule's severity holds where the pin is hard, elsewhere it is a warning: the loader
    puts a SavedModel's or MetaGraph's graph into a session, which places every top-level node,
    served or not; a TF2 function's body is placed softly, and so is a frozen graph (measured,
    TF 2.21: a TF2 SavedModel whose VarHandleOp, NoOp or saver Placeholder is pinned to
    /device:GPU:0, /device:CPU:1 or /job:worker fails with "Cannot assign a device", the same pin
    inside the signature's function converts; a TF1 SavedModel fails on a pinned variable
    initializer that no signature runs)."""
    model = ctx.model
    session = loads_in_session(model) or rule.options["always_session"]
    loader = rule.options["hard_in_session"]
    loaded_whole = loader and model.format in ("saved_model", "meta_graph")
    for node in ctx.all_nodes() if loaded_whole else ctx.live_nodes():
        if not node.device:
            continue
        if loaded_whole and not node.scope:  # placed with the graph, served or not
            if pins_elsewhere(node.device, strict=True):
                yield Hit(node.key, {"consequence": rule.options["session_consequence"]})
        elif not ctx.is_live(node.key):
            continue  # in a function no signature calls: placed when called, if ever
        elif session:
            if pins_elsewhere(node.device, strict=True):
                yield Hit(node.key, {"consequence": rule.options["session_consequence"]})
        elif pins_elsewhere(node.device):
            yield Hit(node.key, {"consequence": "TensorFlow places it softly here (TF2 functions, frozen graph), "
                                                "but the pin only helps on hosts with that device"},
                      severity="warning" if loader else None)


def duplicate_asset(ctx, rule) -> Iterator[Hit]:
    """An asset tensor the SavedModel lists more than once. TensorFlow's C++ loader feeds every
    entry with its file path, and a session run fed one tensor twice fails ("Endpoint ... fed more
    than once"). Python's loader builds a dict of them, so the model loads in Python."""
    names = asset_tensors(ctx.model)
    for name in sorted({n for n in names if names.count(n) > 1}):
        # About loading the model, not a node a signature runs: every signature is affected.
        yield Hit(None, {"tensor": name, "count": names.count(name)})


def optimizer_slots(ctx, rule) -> Iterator[Hit]:
    """Optimizer state saved in a TF2 SavedModel's object graph. Python's loader recreates each
    slot variable through its owner's `add_slot`: a Keras 2 optimizer ("optimizer") has one only
    where tf_keras is installed (TensorFlow 2.16 and later ship without it); any other owner (a
    tf.compat.v1.train optimizer kept on a tf.Module) never has one. The C++ loader ignores the
    object graph."""
    for path, identifier, count in optimizer_slot_owners(ctx.model):
        if identifier == "optimizer":
            consequence = ("TensorFlow 2.16 and later load it in Python only where tf_keras is installed; "
                           "without it loading fails")
        else:
            consequence = "TensorFlow cannot recreate them in Python, with or without tf_keras, so loading fails"
        yield Hit(None, {"owner": path or "(root)", "identifier": identifier, "count": count,
                         "consequence": consequence})


def seed_advanced_per_call(ctx, rule) -> Iterator[Hit]:
    """A stateless random op whose seed is read from a variable the served graph writes: Keras 3's
    SeedGenerator advances its state on every call, so an augmentation or dropout layer left active
    in an exported function makes the served output change from call to call (measured, TF 2.21 /
    Keras 3.15: RandomFlip and RandomRotation in a model.export). A seed that is a constant or an
    input gives the same output for the same input, and is not reported."""
    model = ctx.model
    sources = ValueSources(model)
    for node in ctx.nodes_with_ops(op_set("stateless_random"), live_only=True):
        for arg in _SEED_ARGS:  # what the draw depends on, not what it draws from (logits, shapes)
            found = sources.of_input(node, arg)
            if found and found[0] == UNKNOWABLE and model.nodes[found[1]].op in VARIABLE_READS:
                yield Hit(node.key, {"variable": model.nodes[found[1]].name})
                break


# The inputs of the stateless random ops that pick the draw: a seed (V1), or a key and counter (V2).
_SEED_ARGS = ("seed", "key", "counter")


CHECKS = {
    "seed-advanced-per-call": seed_advanced_per_call,
    "duplicate-asset": duplicate_asset,
    "optimizer-slots": optimizer_slots,
    "unregistered-op": unregistered_op,
    "device-placement": device_placement,
    "dynamic-input-shape": dynamic_input_shape,
    "training-placeholder": training_placeholder,
    "file-access": file_access,
}

OPTIONS = {
    "seed-advanced-per-call": {},
    "duplicate-asset": {},
    "optimizer-slots": {},
    "unregistered-op": {},
    "device-placement": {"always_session": False, "hard_in_session": False,
                         "session_consequence": "hosts without that device cannot place it"},
    "dynamic-input-shape": {},
    "training-placeholder": {"pattern": None},
    "file-access": {"ops": []},
}
