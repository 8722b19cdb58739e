"""remove-identity-chains: drop Identity nodes that only pass a tensor along (variable `/read`
nodes left after freezing, chains of Identity), rewiring their consumers to the source.

Kept: Identity nodes a signature or function result names, ones with control inputs (they order
things), and ones on resource or ref tensors."""

from __future__ import annotations

from ..model.names import parse_input
from .artifact import Artifact
from .base import FixOptions, Pass, PassResult, node_path
from .edit import output_ref, remove_nodes, replace_input


def _protected(art: Artifact) -> set[str]:
    names = set()
    if art.read_meta() is not None:
        for sig in art.read_meta().signature_def.values():
            for info in list(sig.inputs.values()) + list(sig.outputs.values()):
                names.add(parse_input(info.name).node)
    for spec_sig in art.model().signatures.values():
        names |= {t.node[1] for t in list(spec_sig.inputs.values()) + list(spec_sig.outputs.values()) if t.node}
    return names


class RemoveIdentityChains(Pass):
    name = "remove-identity-chains"
    summary = "drop pass-through Identity nodes"

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        model = art.model()
        protected = _protected(art)
        doomed = set()
        for node in model.real_nodes():
            if node.op != "Identity" or node.scope or node.name in protected:
                continue
            if node.has_control_inputs():
                continue
            if any(d.endswith(("_ref", "resource", "variant")) for d in node.dtypes()):
                continue
            if any(data["kind"] == "control" for _, data in model.consumers(node.key)):
                continue
            source = node.inputs[0]
            replace_input(art, "", output_ref("Identity", node.name, ""), source)
            doomed.add(node.key)
        result.removed = [node_path(k) for k in remove_nodes(art, doomed)]
        result.changed = bool(result.removed)
        return result
