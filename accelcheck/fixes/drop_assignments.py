"""drop-assignments (unsafe): remove variable writes from served paths so the model can be frozen.

Assign becomes the Identity of the assigned value; AssignAdd/AssignSub compute the sum/difference
without storing it; resource writes (AssignVariableOp, ...) are removed. This CHANGES WHAT THE MODEL
DOES: the state no longer changes between calls (a counter returns the same value every time).
The report lists every dropped write.
"""

from __future__ import annotations

from ..model.graph import is_resource_writer
from .artifact import Artifact
from .base import FixOptions, FixRefused, Pass, PassResult, node_path
from .edit import remove_nodes

_REF_REWRITE = {"Assign": ("Identity", 1), "AssignAdd": ("AddV2", None), "AssignSub": ("Sub", None)}


class DropAssignments(Pass):
    name = "drop-assignments"
    safe = False
    summary = "remove variable assignments from served paths (changes behaviour)"

    def _served_writes(self, art: Artifact):
        model = art.model()
        live = model.served()
        return [(v, w) for v in model.variables for w in v.assigned_by if w in live]

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        return bool(self._served_writes(art))

    def ensures(self, art: Artifact, opts: FixOptions) -> str:
        left = self._served_writes(art)
        return f"`{node_path(left[0][1])}` still writes a variable on a served path" if left else ""

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        model = art.model()
        doomed = set()
        for var, writer in self._served_writes(art):
            node = model.nodes[writer]
            nd = art.node_def(writer)
            if node.op in _REF_REWRITE:
                op, keep_input = _REF_REWRITE[node.op]
                data = [t for t in nd.input if not t.startswith("^")]
                control = [t for t in nd.input if t.startswith("^")]
                t_attr = nd.attr["T"].type
                device = nd.device
                nd.Clear()
                nd.name, nd.op, nd.device = node.name, op, device
                nd.input.extend(([data[keep_input]] if keep_input is not None else data) + control)
                nd.attr["T"].type = t_attr
                result.modified.append(node_path(writer))
            elif is_resource_writer(node.op):
                doomed.add(writer)
            else:
                raise FixRefused(self.name, f"`{node_path(writer)}` ({node.op}) writes `{var.node[1]}`; "
                                            "drop-assignments does not know how to remove it")
            result.notes.append(f"dropped the write of `{var.node[1]}` by `{node_path(writer)}` ({node.op}): "
                                "the variable keeps its saved value on every call")
        result.removed = [node_path(k) for k in remove_nodes(art, doomed)]
        result.changed = bool(result.modified or result.removed)
        return result
