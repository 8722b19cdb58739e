"""What a SavedModel's MetaGraph says besides its graph and signatures: the root object's attributes
(TF2 object graph) and the asset tensors a loader feeds with file paths."""

from __future__ import annotations

from .graph import Model
from .protos import pb


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
