"""`accelcheck fix`: plan passes from the findings, apply them on a copy, write the result to a
staging path, verify it numerically against the original, lint it again, and only then move it
into place. The input is never modified; a failed step leaves nothing behind."""

from __future__ import annotations

import shutil
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Settings
from ..errors import ConfigError
from ..findings import Report, Severity
from ..model import load
from ..model.writer import check_destination, signature_def, swap_into_place, write_frozen, write_saved_model
from .artifact import Artifact
from .base import FixOptions, FixRefused, Pass, PassResult, op_histogram, run_passes
from .clear_devices import ClearDevices
from .disable_dropout import DisableDropout
from .drop_assignments import DropAssignments
from .drop_optimizer_slots import DropOptimizerSlots
from .freeze_variables import FreezeVariables
from .prune_to_signatures import PruneForFrozen, PruneToSignatures
from .remove_identity_chains import RemoveIdentityChains
from .strip_debug import StripDebug
from .strip_training import StripTraining

# The order passes run in: structural removals first, freezing once nothing writes variables any
# more, cleanup last.
PASSES: dict[str, type[Pass]] = {p.name: p for p in (
    PruneToSignatures, DropAssignments, DisableDropout, StripDebug, ClearDevices, DropOptimizerSlots,
    FreezeVariables, StripTraining, RemoveIdentityChains, PruneForFrozen)}


@dataclass
class PlannedPass:
    name: str
    safe: bool
    reason: str
    fixes: list[str] = field(default_factory=list)  # "CODE node" of the findings it should remove


@dataclass
class FixReport:
    model: str
    out: str | None
    target: str
    output_format: str
    plan: list[PlannedPass]
    written: bool = False
    dry_run: bool = False
    refused: str = ""
    passes: list[PassResult] = field(default_factory=list)
    ops_before: dict = field(default_factory=dict)
    ops_after: dict = field(default_factory=dict)
    bytes_before: int = 0
    bytes_after: int = 0
    verification: object = None  # verify.VerifyResult
    before: Report | None = None
    after: Report | None = None
    needs_unsafe: list[str] = field(default_factory=list)
    not_fixable: list[str] = field(default_factory=list)  # findings whose rule names a fix that cannot remove them
    notes: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        if self.refused:
            return 2
        if self.dry_run:
            return 0
        if not self.written:
            return 1
        worst = self.after.worst() if self.after else None
        return 1 if worst is not None and worst >= Severity.ERROR else 0

    def to_dict(self) -> dict:
        from ..report import report_to_dict

        return {
            "schema_version": 1,
            "model": self.model, "out": self.out, "target": self.target, "output_format": self.output_format,
            "dry_run": self.dry_run, "written": self.written, "refused": self.refused or None,
            "plan": [vars(p) for p in self.plan],
            "passes": [p.to_dict() for p in self.passes],
            "ops_before": self.ops_before, "ops_after": self.ops_after,
            "bytes_before": self.bytes_before, "bytes_after": self.bytes_after,
            "verification": self.verification.to_dict() if self.verification is not None else None,
            "findings_before": report_to_dict(self.before) if self.before else None,
            "findings_after": report_to_dict(self.after) if self.after else None,
            "needs_unsafe_fixes": self.needs_unsafe,
            "not_fixable": self.not_fixable,
            "notes": self.notes,
        }


def _size(path: str | Path) -> int:
    p = Path(path)
    if p.is_file():
        return p.stat().st_size
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())


def fixes_for(report: Report, pack) -> tuple[dict[str, list[str]], list[str]]:
    """The passes the findings name ({pass: ["CODE node", ...]}, from each rule's `fix`), and the
    findings whose named pass cannot remove them (with why)."""
    by_fix: dict[str, list[str]] = {}
    not_fixable = []
    for f in report.findings:
        rule = pack.rule(f.code)
        if not (rule and rule.fix):
            continue
        item = f"{f.code} {f.location.node or '(model)'}"
        why = PASSES[rule.fix]().handles(f) if rule.fix in PASSES else f"no fix pass named {rule.fix!r}"
        if why:
            not_fixable.append(f"{item} ({f.location.op}): {why}")
        else:
            by_fix.setdefault(rule.fix, []).append(item)
    return by_fix, not_fixable


def plan(art: Artifact, report: Report, pack, opts: FixOptions,
         output_format: str) -> tuple[list[PlannedPass], list[str], list[str]]:
    """Which passes to run, why, and which findings each should remove; what needs --unsafe-fixes;
    and the findings whose rule names a fix that cannot remove them. Read from the findings, the
    passes' `asked_for`, and their contracts (`runs_first`, `followed_by`)."""
    by_fix, not_fixable = fixes_for(report, pack)
    wanted = {name: f"{len(items)} finding(s)" for name, items in by_fix.items()}
    model = art.model()
    for name, cls in PASSES.items():
        why = cls().asked_for(model, opts, output_format)
        if why:
            wanted.setdefault(name, why)
    grown = True
    while grown:  # what the wanted passes need before them and bring after them, transitively
        grown = False
        for name in list(wanted):
            p = PASSES[name]
            extra = {dep: why for dep, why in p.runs_first.items() if PASSES[dep]().applies(art, opts)}
            extra.update(p.followed_by)
            for dep, why in extra.items():
                if dep not in wanted:
                    wanted[dep] = why
                    grown = True
    needs_unsafe = []
    planned = []
    for name, cls in PASSES.items():
        if name not in wanted:
            continue
        p = cls()
        if not p.applies(art, opts):
            continue
        if not p.safe and not opts.unsafe:
            needs_unsafe.append(f"{name}: {p.summary} ({wanted[name]})")
            continue
        planned.append(PlannedPass(name, p.safe, wanted[name], by_fix.get(name, [])))
    return planned, needs_unsafe, not_fixable


def _check_pass_order() -> None:
    """PASSES' order must honour every pass's contract: what runs first comes earlier, what
    follows comes later (a programming error otherwise, caught on import and by the tests)."""
    order = list(PASSES)
    for name, cls in PASSES.items():
        for dep in cls.runs_first:
            if order.index(dep) > order.index(name):
                raise RuntimeError(f"{dep} must come before {name} in PASSES")
        for dep in cls.followed_by:
            if order.index(dep) < order.index(name):
                raise RuntimeError(f"{dep} must come after {name} in PASSES")


_check_pass_order()


def fix(path: str, settings: Settings, out: str | None = None, *, output_format: str | None = None,
        signatures: list[str] | None = None, unsafe: bool = False, dry_run: bool = False,
        inputs: str | None = None, rtol: float = 1e-5, atol: float = 1e-6, force: bool = False,
        measure: bool = False, progress=None) -> FixReport:
    """Fix a model for `settings.target` and write it to `out`. Returns the report as data; raises
    AccelcheckError (exit 2) for bad input or a refused fix before anything is written.

    `settings` are what `check` reads too: a finding the user ignores plans no pass, and a target
    from a user pack can be fixed."""
    if not dry_run:  # planning reads protos only; writing is verified by running both models
        from ..tfruntime import require_tensorflow

        require_tensorflow("accelcheck fix")
    target, tags = settings.target, settings.tags
    pack = settings.pack()
    model = load(path, tags=tags)
    if model.format == "tflite":
        raise ConfigError(f"{path}: a .tflite file is already converted; fix rewrites TensorFlow graphs: "
                          "fix the SavedModel or GraphDef it came from and convert again")
    for sig in signatures or []:
        if sig not in model.signatures:
            raise ConfigError(f"{path}: no signature {sig!r} (signatures: {', '.join(model.signatures) or 'none'})")
    fmt = output_format or _default_output_format(model)
    if fmt not in ("saved-model", "frozen"):
        raise ConfigError(f"unknown output format {fmt!r} (saved-model or frozen)")
    if not dry_run:
        if not out:
            raise ConfigError("fix needs an output path: -o OUT")
        check_destination(model.path, out, force)
    opts = FixOptions(unsafe=unsafe, signatures=list(signatures or []))
    art = Artifact.from_model(model)
    art.kept_signatures = list(opts.signatures)
    before = settings.lint(art.model(), pack)
    planned, needs_unsafe, not_fixable = plan(art, before, pack, opts, fmt)
    report = FixReport(model.path, out, target, fmt, planned, dry_run=dry_run, before=before,
                       needs_unsafe=needs_unsafe, not_fixable=not_fixable, ops_before=op_histogram(art),
                       bytes_before=_size(model.path))
    if dry_run:
        return report
    try:
        def replan(latest: Report, current: Artifact) -> list[Pass]:
            # Another round only for what the findings still name; contracts were planned already.
            by_fix, _ = fixes_for(latest, pack)
            return [cls() for name, cls in PASSES.items() if name in by_fix and (cls.safe or opts.unsafe)]

        fixed, report.passes = run_passes(art, [PASSES[p.name]() for p in planned], opts, progress,
                                          lint=lambda m: settings.lint(m, pack), replan=replan, initial=before)
    except FixRefused as e:
        report.refused = str(e)
        raise
    report.ops_after = op_histogram(fixed)
    if fmt == "frozen" and not fixed.frozen:
        raise FixRefused("write", "a frozen GraphDef cannot hold variables, and some remain; use --output-format saved-model")
    dst = Path(out)
    stage = dst.parent / f".{dst.name}.accelcheck-stage-{uuid.uuid4().hex[:8]}"
    try:
        if progress:
            progress("write")
        _write(fixed, model, stage, fmt)
        report.bytes_after = _size(stage)
        if progress:
            progress("verify")
        from ..tfruntime import quiet_stderr
        from .verify import verify

        pinned = {}
        for r in report.passes:
            if r.pinned_inputs:
                for sig in (opts.signatures or list(model.signatures)):
                    pinned.setdefault(sig, {}).update(r.pinned_inputs)
        with quiet_stderr():  # the models run here: their Print ops and TensorFlow's C++ logs
            report.verification = verify(model, str(stage), opts.signatures or list(fixed.model().signatures),
                                         tags=tags, inputs_npz=inputs, pinned=pinned, rtol=rtol, atol=atol,
                                         measure=measure, renamed=_renamed(fixed, fmt))
        if progress:
            progress("lint again")
        report.after = settings.lint(load(stage, tags=tags), pack)
        report.after.model = str(dst)
        if not report.verification.ok:
            report.notes.append("verification failed: nothing was written")
            return report
        swap_into_place(stage, dst)
        report.written = True
        return report
    finally:
        if stage.exists():
            shutil.rmtree(stage) if stage.is_dir() else stage.unlink()


def _default_output_format(model) -> str:
    if model.is_graph_def:
        return "frozen"
    if model.format == "meta_graph":
        return "frozen" if not model.variables else "saved-model"
    return "saved-model"


def _signature_key(sig) -> str:
    """The SignatureDef key a signature is written under when a GraphDef becomes a SavedModel."""
    return "serving_default" if sig.inferred else sig.name


def _renamed(art: Artifact, fmt: str) -> dict[str, str]:
    """Signatures _write gives another name (what verification should pair them with)."""
    if fmt == "frozen" or art.read_meta() is not None:
        return {}
    return {name: _signature_key(sig) for name, sig in art.model().signatures.items() if _signature_key(sig) != name}


def _write(art: Artifact, model, stage: Path, fmt: str) -> None:
    if fmt == "frozen":
        write_frozen(art.read_graph(), stage)
        return
    meta = art.meta_graph  # its tags are set below
    if meta is None:  # a GraphDef becomes a SavedModel: signatures from the inferred one
        from ..model.protos import pb

        meta = pb.meta_graph_pb2.MetaGraphDef()
        meta.graph_def.CopyFrom(art.read_graph())
        meta.meta_info_def.tags.append("serve")
        for sig in art.model().signatures.values():
            meta.signature_def[_signature_key(sig)].CopyFrom(signature_def(
                {k: (t.name, t.dtype, t.shape) for k, t in sig.inputs.items()},
                {k: (t.name, t.dtype, t.shape) for k, t in sig.outputs.items()}))
    else:
        meta.meta_info_def.tags[:] = model.tags or ["serve"]
    assets = Path(model.path) if model.format == "saved_model" else None
    # The loader restores through the saver whenever there is one (a TF2 model without variables
    # still checkpoints its object graph): keep the checkpoint exactly when the saver stays.
    restores = art.checkpoint_prefix if meta.HasField("saver_def") else None
    write_saved_model(meta, stage, restores, assets)
