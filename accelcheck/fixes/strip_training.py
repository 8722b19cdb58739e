"""strip-training: remove optimizer updates, gradients and what only they use, where no kept
signature (nor init op, nor saver) needs them. Unlike prune-to-signatures it leaves other unused
parts of the graph alone."""

from __future__ import annotations

from ..opsets import op_pattern
from .artifact import Artifact
from .base import FixOptions, Pass, PassResult, node_path
from .edit import drop_unreachable_functions, remove_nodes
from .prune_to_signatures import keep_set

_TRAINING_OP = op_pattern("training_ops")  # what ACC009 reports (rules/data/op_sets.json)


def is_training_node(op: str, name: str) -> bool:
    return _TRAINING_OP(op) or name.startswith("gradients")


class StripTraining(Pass):
    name = "strip-training"
    summary = "remove optimizer and gradient nodes no kept signature uses"

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        return any(is_training_node(n.op, n.name) for n in art.model().real_nodes() if not n.scope)

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        model = art.model()
        keep = keep_set(art) if model.signatures else model.served()
        doomed = {k for k, n in model.nodes.items() if not k[0] and k not in keep and is_training_node(n.op, n.name)}
        # Then whatever is left feeding only removed nodes (the optimizer's constants, slot reads...),
        # and sinks that only waited on them (train_op NoOps).
        while True:
            more = set()
            for k, n in model.nodes.items():
                if k[0] or k in doomed or k in keep or n.is_arg:
                    continue
                users = {dst for dst, _ in model.consumers(k)}
                deps = {src for src, _ in model.producers(k)}
                if (users and users <= doomed) or (n.op == "NoOp" and not users and deps and deps <= doomed):
                    more.add(k)
            if not more:
                break
            doomed |= more
        result.removed = [node_path(k) for k in remove_nodes(art, doomed)]
        result.removed += [f"function {f}" for f in drop_unreachable_functions(art)]
        result.changed = bool(result.removed)
        return result
