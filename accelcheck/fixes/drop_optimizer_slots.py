"""drop-optimizer-slots: forget the optimizer slot variables a TF2 SavedModel's object graph
records (safe: serving never reads optimizer state). Python's loader then recreates them as plain
variables rather than through the optimizer's `add_slot`, which only tf_keras provides (ACC013).
Their values stay in the checkpoint, unread: the graph and the weights are untouched."""

from __future__ import annotations

from ..model.meta import optimizer_slot_owners
from .artifact import Artifact
from .base import FixOptions, Pass, PassResult


class DropOptimizerSlots(Pass):
    name = "drop-optimizer-slots"
    summary = "forget the optimizer state saved with the model"

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        return bool(optimizer_slot_owners(art.model()))

    def ensures(self, art: Artifact, opts: FixOptions) -> str:
        owners = optimizer_slot_owners(art.model())
        return f"`{owners[0][0]}` still owns slot variables" if owners else ""

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        owners = optimizer_slot_owners(art.model())
        for node in art.meta_graph.object_graph_def.nodes:
            del node.slot_variables[:]
        result.changed = bool(owners)
        result.modified = [f"object {path} ({identifier}): {count} slot variables" for path, identifier, count in owners]
        if owners:
            result.notes.append("the optimizer's slot values stay in the checkpoint, unread: tf.saved_model.load "
                                "logs that they were not restored, which is expected")
        return result
