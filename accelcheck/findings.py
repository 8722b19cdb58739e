"""What a check reports: Finding with its Location, and the per-model Report."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import IntEnum


class Severity(IntEnum):
    INFO = 0
    WARNING = 1
    ERROR = 2

    @classmethod
    def parse(cls, text: str) -> "Severity":
        try:
            return cls[text.upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r} (expected error, warning or info)") from None

    def __str__(self) -> str:
        return self.name.lower()


# certain: backed by a generated table or a reproduced converter error;
# likely: a measured table applied beyond what was measured, or a documented behaviour;
# heuristic: an inference (name patterns, undocumented runtime behaviour).
CONFIDENCES = ("certain", "likely", "heuristic")


@dataclass(frozen=True)
class Location:
    signature: str | None  # the first affected signature (all are in Finding.signatures)
    functions: tuple[str, ...]  # call chain from the signature into the node's function
    node: str | None  # None for findings about the whole model
    op: str | None
    layer: str | None  # node-name scope, which is the Keras layer for Keras exports

    def path(self) -> str:
        """signature → functions → node, as one readable string (also the SARIF logical name)."""
        parts = [p for p in (self.signature, *self.functions, self.node) if p]
        return " → ".join(parts) if parts else "(model)"


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    severity: Severity
    confidence: str
    target: str
    message: str
    live: bool
    location: Location
    signatures: tuple[str, ...] = ()  # every signature whose outputs depend on the node
    related: tuple[str, ...] = ()  # other nodes involved (the variable an Assign writes, ...)
    fix: str | None = None  # the fix pass that removes it, if any

    def fingerprint(self) -> str:
        """Stable across runs and rebuilds that keep node names: (rule, target, function chain, node).
        SARIF's partialFingerprints and baselines both use it."""
        parts = (self.code, self.target, "/".join(self.location.functions), self.location.node or "")
        return hashlib.sha256("|".join(parts).encode()).hexdigest()

    def to_dict(self) -> dict:
        loc = self.location
        return {
            "code": self.code,
            "name": self.name,
            "severity": str(self.severity),
            "confidence": self.confidence,
            "message": self.message,
            "live": self.live,
            "location": {
                "signature": loc.signature,
                "functions": list(loc.functions),
                "node": loc.node,
                "op": loc.op,
                "layer": loc.layer,
            },
            "signatures": list(self.signatures),
            "related": list(self.related),
            "fix": self.fix,
        }


@dataclass
class Report:
    model: str
    format: str
    target: str
    target_title: str
    signatures: list[str]
    findings: list[Finding] = field(default_factory=list)
    tags: list[str] | None = None  # the MetaGraph's tags, for formats that have MetaGraphs
    suppressed: int = 0  # findings dropped by node-pattern ignores
    baselined: int = 0  # findings dropped because a baseline file records them
    confirm: object = None  # --confirm: what the real toolchain said (confirm.match.Confirmation)
    # Signatures left out because the target's converter does not convert them by default.
    not_converted: list[str] = field(default_factory=list)

    def confirmation(self, index: int) -> str | None:
        marks = self.confirm.findings if self.confirm is not None else None
        return marks[index] if marks else None

    def findings_for(self, signature: str) -> list[Finding]:
        return [f for f in self.findings if not f.signatures or signature in f.signatures]

    def verdicts(self) -> dict[str, dict]:
        out = {}
        for sig in self.signatures:
            counts = {str(s): 0 for s in reversed(Severity)}
            for f in self.findings_for(sig):
                counts[str(f.severity)] += 1
            verdict = "errors" if counts["error"] else "warnings" if counts["warning"] else "ok"
            out[sig] = {"verdict": verdict, "counts": counts}
        return out

    def worst(self) -> Severity | None:
        return max((f.severity for f in self.findings), default=None)
