"""strip-debug: remove Print, PrintV2, Assert, CheckNumerics (and their control edges).

Print and CheckNumerics pass their first input through, so their consumers are rewired to it;
PrintV2 and Assert produce nothing, so only control edges on them go. StringFormat nodes left
feeding nothing are removed with them. Safe: none of them changes an output value.
"""

from __future__ import annotations

from ..model import opdefs
from ..opsets import op_set
from .artifact import Artifact
from .base import FixOptions, Pass, PassResult, node_path
from .edit import output_ref, remove_nodes, replace_input

DEBUG_OPS = op_set("debug")  # what ACC005 reports (rules/data/op_sets.json)
# Those with an output pass their first input through (Print, CheckNumerics); the rest have none.
_PASS_THROUGH = frozenset(op for op in DEBUG_OPS if opdefs.output_args(op))


class StripDebug(Pass):
    name = "strip-debug"
    summary = "remove Print, PrintV2, Assert and CheckNumerics"

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        return any(n.op in DEBUG_OPS for n in art.model().real_nodes())

    def ensures(self, art: Artifact, opts: FixOptions) -> str:
        left = [n for n in art.model().real_nodes() if n.op in DEBUG_OPS]
        return f"{len(left)} debug op(s) remain, e.g. `{node_path(left[0].key)}`" if left else ""

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        model = art.model()
        doomed = set()
        for node in model.real_nodes():
            if node.op not in DEBUG_OPS:
                continue
            if node.op in _PASS_THROUGH:
                source = node.data_inputs()[0]
                replace_input(art, node.scope, output_ref(node.op, node.name, node.scope), source)
            doomed.add(node.key)
        # Format strings that only fed a removed PrintV2.
        for node in model.real_nodes():
            if node.op == "StringFormat":
                users = {dst for dst, d in model.consumers(node.key)}
                if users and users <= doomed:
                    doomed.add(node.key)
        result.removed = [node_path(k) for k in remove_nodes(art, doomed)]
        result.changed = bool(result.removed)
        return result
