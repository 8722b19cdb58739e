"""What a SavedModel's MetaGraph says besides its graph and signatures: the root object's attributes
(TF2 object graph) and the asset tensors a loader feeds with file paths."""

from __future__ import annotations

from .graph import Model
from .protos import pb


# The MetaGraph collections that hold VariableDefs: tf.compat.v1.GraphKeys._VARIABLE_COLLECTIONS
# (tensorflow/python/framework/ops.py, TF 2.21). Each names its variable's initializer and snapshot.
VARIABLE_DEF_COLLECTIONS = ("variables", "local_variables", "metric_variables", "model_variables",
                            "trainable_variables", "moving_average_variables", "concatenated_variables",
                            "trainable_resource_variables")

def root_object_children(model: Model) -> set[str]:
    """Attribute names of a TF2 SavedModel's root object (its object graph); empty otherwise."""
    meta = model.meta_graph
    if meta is None or not meta.HasField("object_graph_def") or not meta.object_graph_def.nodes:
        return set()
    return {child.local_name for child in meta.object_graph_def.nodes[0].children}


def asset_tensors(model: Model) -> list[str]:
    """The asset tensors a SavedModel loader feeds with file paths, as TensorFlow's C++ loader
    lists them (TF Serving, the TFLite converter): the MetaGraph's asset_file_def, or else the
    legacy `saved_model_assets` collection (tensorflow/cc/saved_model/loader.cc, GetAssetFileDefs).
    Repeats are kept: the loader feeds each entry."""
    meta = model.meta_graph
    if meta is None:
        return []
    if meta.asset_file_def:
        return [a.tensor_info.name for a in meta.asset_file_def]
    if "saved_model_assets" not in meta.collection_def:
        return []
    names = []
    for packed in meta.collection_def["saved_model_assets"].any_list.value:
        asset = pb.meta_graph_pb2.AssetFileDef()
        if packed.Unpack(asset):
            names.append(asset.tensor_info.name)
    return names


def optimizer_slot_owners(model: Model) -> list[tuple[str, str, int]]:
    """Objects of a TF2 SavedModel's object graph that own optimizer slot variables, as
    (path from the root object, its identifier, how many slots). Python's loader recreates slot
    variables through the owner's `add_slot` (tensorflow/python/saved_model/load.py, _load_nodes),
    which only a Keras 2 optimizer revived by tf_keras has."""
    meta = model.meta_graph
    if meta is None or not meta.HasField("object_graph_def"):
        return []
    nodes = meta.object_graph_def.nodes
    owners = [i for i, n in enumerate(nodes) if n.slot_variables]
    if not owners:
        return []
    paths = {0: ""}  # node id -> its first path from the root, breadth first
    queue = [0]
    for i in queue:
        for child in nodes[i].children:
            if child.node_id not in paths and child.node_id < len(nodes):
                paths[child.node_id] = f"{paths[i]}.{child.local_name}".lstrip(".")
                queue.append(child.node_id)
    return [(paths.get(i, f"object {i}"), nodes[i].user_object.identifier, len(nodes[i].slot_variables))
            for i in owners]


def unrestored_variables(model: Model) -> list:
    """Resource variables (their VarHandleOp keys) that nothing in a SavedModel's graph writes, not
    its restore function, not an init op, in a SavedModel whose graph does write others. Keras 3
    models saved with tf.saved_model.save(model) are like this: their functions capture one set of
    variable handles and the restore function writes another (Variable, Variable_1, ...). Python's
    tf.saved_model.load binds them through the object graph; what runs the graph's own restore op
    finds no value (measured, TF 2.21: a TF1 session load fails with FailedPreconditionError; the
    TFLite converter keeps them as READ_VARIABLE instead of freezing them)."""
    if model.format != "saved_model" or not any(var.assigned_by for var in model.variables):
        return []  # nothing is restored by the graph at all: a different model (no checkpoint, TF2-only loading)
    return [var.node for var in model.variables if var.kind == "resource" and not var.assigned_by]
