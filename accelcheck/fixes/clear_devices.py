"""clear-devices: empty every node's device field, in the graph and in every function (safe:
placement then follows the host, as with clear_devices=True at export)."""

from __future__ import annotations

from .artifact import Artifact
from .base import FixOptions, Pass, PassResult, node_path


class ClearDevices(Pass):
    name = "clear-devices"
    summary = "remove hard-coded device placements"

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        return any(n.device for n in art.model().real_nodes())

    def ensures(self, art: Artifact, opts: FixOptions) -> str:
        pinned = [n for n in art.model().real_nodes() if n.device]
        return f"`{node_path(pinned[0].key)}` is still pinned to {pinned[0].device}" if pinned else ""

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        scopes = [""] + list(art.functions())
        for scope in scopes:
            for nd in art.node_defs(scope):
                if nd.device:
                    result.modified.append(node_path((scope, nd.name)))
                    nd.device = ""
        result.changed = bool(result.modified)
        return result
