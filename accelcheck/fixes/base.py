"""The pass contract: Pass.run(artifact) -> PassResult, applied on a copy and validated after.

A pass that meets a case it does not understand raises FixRefused with the reason; the fix stops
and nothing is written, rather than writing a broken model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..errors import AccelcheckError, LoadError
from .artifact import Artifact


class FixRefused(AccelcheckError):
    """A pass cannot (or, without --unsafe-fixes, may not) make this change."""

    def __init__(self, pass_name: str, reason: str):
        self.pass_name = pass_name
        self.reason = reason
        super().__init__(f"{pass_name}: {reason}")


@dataclass
class FixOptions:
    unsafe: bool = False
    signatures: list[str] = field(default_factory=list)  # keep only these (empty: all)


@dataclass
class PassResult:
    name: str
    artifact: Artifact
    changed: bool
    removed: list[str] = field(default_factory=list)  # node paths ("fn/node" inside functions)
    modified: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the user should know (unsafe effects!)
    pinned_inputs: dict = field(default_factory=dict)  # inputs the pass turned into constants: name -> value

    def to_dict(self) -> dict:
        return {"pass": self.name, "changed": self.changed, "removed": len(self.removed),
                "modified": len(self.modified), "removed_nodes": self.removed[:50],
                "modified_nodes": self.modified[:50], "notes": self.notes}


class Pass:
    name: str = ""
    safe: bool = True
    summary: str = ""

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        """Cheap check whether the pass has anything to do (used for planning)."""
        return True

    def handles(self, finding) -> str:
        """Why this pass cannot remove `finding` of a rule that names it as the fix ("" = it can).
        The planner lists such findings as not fixable instead of promising them."""
        return ""

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        raise NotImplementedError


def node_path(key: tuple[str, str]) -> str:
    return f"{key[0]}/{key[1]}" if key[0] else key[1]


def run_passes(art: Artifact, passes: list[Pass], opts: FixOptions, progress=None) -> tuple[Artifact, list[PassResult]]:
    """Apply passes in order, each on a copy; validate the graph after each one."""
    results = []
    for p in passes:
        if progress:
            progress(p.name)
        if not p.safe and not opts.unsafe:
            raise FixRefused(p.name, "is an unsafe fix; rerun with --unsafe-fixes to allow it")
        result = p.run(art.copy(), opts)
        result.artifact.changed()
        try:
            result.artifact.model()  # dangling inputs, duplicate names, missing functions, lost signatures
        except LoadError as e:
            raise FixRefused(p.name, f"produced an invalid graph ({e.problem}); nothing was written") from None
        missing = set(art.model().signatures) - set(result.artifact.model().signatures)
        if missing - _dropped_on_purpose(art, opts):
            raise FixRefused(p.name, f"lost signature(s) {', '.join(sorted(missing))}; nothing was written")
        art = result.artifact
        results.append(result)
    return art, results


def _dropped_on_purpose(art: Artifact, opts: FixOptions) -> set[str]:
    return {s for s in art.model().signatures if opts.signatures and s not in opts.signatures}


def op_histogram(art: Artifact) -> dict[str, int]:
    return dict(sorted(Counter(n.op for n in art.model().real_nodes()).items()))
