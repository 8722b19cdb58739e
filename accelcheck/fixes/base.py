"""The pass contract and the pass manager.

A pass declares what it needs and what it guarantees, as data the planner and manager read:
- `applies(art, opts)`: whether it has anything to do (its precondition for being planned);
- `asked_for(model, opts, output_format)`: why the options ask for it even without a finding;
- `runs_first` / `followed_by`: passes that must run before it whenever they have work, and
  cleanups to run after it (name -> why); PASSES' order respects both (tested);
- `run(art, opts) -> PassResult`: the change, on a private copy;
- `ensures(art, opts)`: its postcondition on the result ("" = holds), checked by the manager.

`run_passes` applies a plan pass by pass: validates each result (it must load as a model, keep
its signatures and meet the pass's postcondition), re-lints it to record which findings the pass
removed, and repeats the planning on what is left until nothing more changes (a fixed point,
at most MAX_ROUNDS rounds). A pass that meets a case it does not understand raises FixRefused with
the reason; the fix stops and nothing is written, rather than writing a broken model.
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
    # Filled in by the manager:
    signatures_removed: list[str] = field(default_factory=list)  # signatures gone after the pass
    fixed: list[str] = field(default_factory=list)  # "CODE node" of findings the pass removed
    introduced: list[str] = field(default_factory=list)  # findings it made appear (reported, never hidden)

    def to_dict(self) -> dict:
        return {"pass": self.name, "changed": self.changed, "removed": len(self.removed),
                "modified": len(self.modified), "removed_nodes": self.removed[:50],
                "modified_nodes": self.modified[:50], "notes": self.notes,
                "signatures_removed": self.signatures_removed, "pinned_inputs": sorted(self.pinned_inputs),
                "fixed": self.fixed, "introduced": self.introduced}


class Pass:
    name: str = ""
    safe: bool = True
    summary: str = ""
    runs_first: dict[str, str] = {}  # pass name -> why it must run before this one when it has work
    followed_by: dict[str, str] = {}  # pass name -> why it runs after this one when it has work

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        """Cheap check whether the pass has anything to do (used for planning)."""
        return True

    def asked_for(self, model, opts: FixOptions, output_format: str) -> str:
        """Why the options or the output format ask for this pass without a finding ("" = they do not)."""
        return ""

    def handles(self, finding) -> str:
        """Why this pass cannot remove `finding` of a rule that names it as the fix ("" = it can).
        The planner lists such findings as not fixable instead of promising them."""
        return ""

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        raise NotImplementedError

    def ensures(self, art: Artifact, opts: FixOptions) -> str:
        """The postcondition on the pass's result: "" when it holds, else what is left undone."""
        return ""


def node_path(key: tuple[str, str]) -> str:
    return f"{key[0]}/{key[1]}" if key[0] else key[1]


def apply_pass(art: Artifact, p: Pass, opts: FixOptions) -> PassResult:
    """One pass on a copy of `art`, validated: the result loads as a model, keeps the signatures
    not dropped on purpose, and meets the pass's postcondition. Raises FixRefused otherwise."""
    if not p.safe and not opts.unsafe:
        raise FixRefused(p.name, "is an unsafe fix; rerun with --unsafe-fixes to allow it")
    result = p.run(art.copy(), opts)
    try:
        after = result.artifact.model()  # dangling inputs, duplicate names, missing functions, lost signatures
    except LoadError as e:
        raise FixRefused(p.name, f"produced an invalid graph ({e.problem}); nothing was written") from None
    missing = set(art.model().signatures) - set(after.signatures)
    if missing - _dropped_on_purpose(art, opts):
        raise FixRefused(p.name, f"lost signature(s) {', '.join(sorted(missing))}; nothing was written")
    result.signatures_removed = sorted(missing)
    left = p.ensures(result.artifact, opts)
    if left:
        raise FixRefused(p.name, f"did not finish its job ({left}); nothing was written")
    return result


def run_passes(art: Artifact, passes: list[Pass], opts: FixOptions, progress=None, lint=None,
               replan=None, initial=None) -> tuple[Artifact, list[PassResult]]:
    """Apply `passes` in order (apply_pass). With `lint` (Model -> Report), each result is re-linted
    and the findings it removed or introduced are recorded; with `replan` too (Report, Artifact ->
    passes), planning repeats on the last lint until it plans nothing that has work, at most
    MAX_ROUNDS rounds. `initial`: the lint of `art`, when the caller has it already."""
    results: list[PassResult] = []
    report = initial if initial is not None or lint is None else lint(art.model())
    before = _finding_ids(report) if report is not None else set()
    for _ in range(MAX_ROUNDS):
        changed = False
        for p in passes:
            if progress:
                progress(p.name)
            result = apply_pass(art, p, opts)
            if lint is not None:
                report = lint(result.artifact.model())
                now = _finding_ids(report)
                result.fixed = sorted(before - now)
                result.introduced = sorted(now - before)
                before = now
            art = result.artifact
            results.append(result)
            changed = changed or result.changed
        if lint is None or replan is None or not changed:
            break
        passes = [p for p in replan(report, art) if p.applies(art, opts)]
        if not passes:
            break
    return art, results


MAX_ROUNDS = 3


def _finding_ids(report) -> set[str]:
    return {f"{f.code} {f.location.node or '(model)'}" for f in report.findings}


def _dropped_on_purpose(art: Artifact, opts: FixOptions) -> set[str]:
    return {s for s in art.model().signatures if opts.signatures and s not in opts.signatures}


def op_histogram(art: Artifact) -> dict[str, int]:
    return dict(sorted(Counter(n.op for n in art.model().real_nodes()).items()))
