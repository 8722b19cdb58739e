"""`check --confirm`: run the real toolchain for the target and hold each finding against it.

- tflite: the TFLite converter, builtins only; tflite-select: with Select TF ops; tflite-int8: with
  full-integer quantization (an op left in float is a rejection);
- xla: XLA compilation of each signature (jit_compile, HLO); tpu: the same XLA compilation on the
  CPU as a stand-in (TPU-only facts, such as the dtypes kTpuAllTypes lacks, cannot be reproduced
  there, and are said to be);
- elastic-inference: no oracle exists (the service is gone).

A finding is `confirmed` when the toolchain rejected the same node or the same op; `not
reproduced` when it did not (XLA stops at its first error, so later ops are often not reproduced:
said so). What the toolchain rejected that no finding covers is listed as `missed`.
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, field

from ..findings import Report, Severity
from . import OracleProblem, OracleResult

ORACLES = {
    "tflite": ("tflite", "the TFLite converter (builtins only)"),
    "tflite-select": ("tflite-select", "the TFLite converter with Select TF ops"),
    "tflite-int8": ("tflite-int8", "the TFLite converter with full-integer quantization"),
    "xla": ("xla", "XLA compilation of each signature (CPU)"),
    "tpu": ("xla", "XLA compilation on the CPU, a stand-in for TPU"),
}
# Findings the XLA-on-CPU stand-in cannot reproduce for TPU, and why.
_TPU_ONLY = {
    "TPU002": "TPU kernels lack this dtype; XLA on the CPU has it",
    "TPU003": "a performance warning, not a compile error",
    "TPU004": "the oracle compiles with unknown dimensions set to 1",
    "TPU006": "XLA compiles resource assignments; the hazard is at TPU serving",
}


def _toolchain_errors(report: Report, pack) -> dict[str, str]:
    """code -> the toolchain error text its rule predicts (rules that declare one)."""
    if pack is None:
        from ..rules.pack import load_pack

        pack = load_pack(report.target)
    return {r.code: r.toolchain_error for r in pack.rules if r.toolchain_error}


def _matches(finding, problem) -> bool:
    loc = finding.location
    # An op the converter splits in two keeps its node's name for one and adds a digit for the other
    # (SquaredDifference -> SUB `.../SquaredDifference`, SQUARE `.../SquaredDifference1`).
    if problem.node and loc.node and problem.node.rstrip("0123456789") == loc.node:
        return True
    if problem.node and loc.node and problem.node.split("/")[-1] == loc.node.split("/")[-1] and \
            (problem.node == loc.node or problem.node.endswith("/" + loc.node) or loc.node.endswith(problem.node)):
        return True
    # XLA names the _Arg / _Retval node it makes for a signature tensor (identity_RetVal), which the
    # graph does not have: a finding on that tensor's producer names the op in its message.
    if problem.op in ("_Arg", "_Retval") and f"`{problem.op}`" in finding.message:
        return True
    # The converter names an operator by its TFLite builtin (ARG_MAX) and often by a tensor the
    # graph does not have (a signature output's StatefulPartitionedCall_1_0): the op it lowers to
    # then stands for the node (tflite_lowering.json, measured).
    return bool(problem.op and loc.op and (problem.op == loc.op or problem.op in _lowered(loc.op)))


@functools.cache
def _lowered(op: str) -> tuple[str, ...]:
    from ..resources import load_data

    return tuple(load_data("tflite_lowering.json")["ops"].get(op) or ())


@dataclass
class Confirmation:
    """What the real toolchain said of a report: per finding a mark (`findings`, in report order),
    what it rejected that no finding covers (`missed`), and its runs."""

    oracle: str | None  # the toolchain used; None when the target has none
    stand_in: bool = False  # the toolchain stands in for the target (XLA on the CPU for TPU)
    runs: list[OracleResult] = field(default_factory=list)
    toolchain_verdict: str = ""  # "ok" | "rejected" ("" without an oracle)
    static_verdict: str = ""  # accelcheck's: "errors" | "ok"
    findings: list[str] = field(default_factory=list)  # "confirmed", "not reproduced ...", ...
    missed: list[OracleProblem] = field(default_factory=list)
    note: str = ""

    @property
    def agrees(self) -> bool:
        return (self.toolchain_verdict == "ok") == (self.static_verdict == "ok")

    def to_dict(self) -> dict:
        """The JSON report's `confirm` section (marks go on the findings themselves)."""
        if self.oracle is None:
            return {"oracle": None, "note": self.note, "runs": [], "missed": []}
        return {"oracle": self.oracle, "stand_in": self.stand_in,
                "runs": [{"tool": r.tool, "signature": r.signature, "ok": r.ok, "error": r.error,
                          "seconds": r.seconds} for r in self.runs],
                "toolchain_verdict": self.toolchain_verdict, "static_verdict": self.static_verdict,
                "missed": [asdict(p) for p in self.missed]}


def confirm(report: Report, model_path: str, tags=None, signature: str | None = None,
            timeout: float = 600, pack=None) -> Confirmation:
    """What the real toolchain says of `report`'s findings (the report itself is not changed).
    `pack`: the rules that made the report, whose `toolchain_error` texts recognise failures that
    name no op or node (the target's built-in pack when not given)."""
    from . import run_isolated

    if report.target not in ORACLES:
        return Confirmation(None, note=f"no oracle exists for {report.target}: nothing can be confirmed")
    if report.format == "tflite":
        return Confirmation(None, note="a .tflite file is already converted: there is no converter to confirm against")
    tool, description = ORACLES[report.target]
    if tags is None:
        tags = report.tags  # the MetaGraph the check read, so both judge the same graph
    kwargs = {"path": model_path, "tags": list(tags) if tags is not None else None}
    if tool == "xla":
        runs = run_isolated("xla", timeout=timeout, signature=signature, **kwargs)
    else:
        keys = [signature] if signature else None
        runs = [run_isolated(tool, timeout=timeout, signature_keys=keys, **kwargs)]
    problems = [p for r in runs for p in r.problems]
    failed = [r for r in runs if not r.ok]
    if failed and not problems:
        problems = [OracleProblem("", "", "", "other", r.error) for r in failed]
    said = _toolchain_errors(report, pack)
    marks, matched = [], set()
    for f in report.findings:
        if f.severity < Severity.ERROR:
            marks.append("not checked (not an error)")
            continue
        text = said.get(f.code)
        hits = [i for i, p in enumerate(problems) if _matches(f, p) or (text and text in p.message)]
        if hits:
            matched.update(hits)
            marks.append("confirmed")
        elif report.target == "tpu" and f.code in _TPU_ONLY:
            marks.append(f"not checkable here ({_TPU_ONLY[f.code]})")
        elif failed and tool == "xla":
            marks.append("not reproduced (XLA reports only its first error)")
        elif f.location.node is None:
            marks.append("not checkable (about the whole model)")
        else:
            marks.append("not reproduced")
    missed = [p for i, p in enumerate(problems) if i not in matched]
    return Confirmation(description, stand_in=report.target == "tpu", runs=runs,
                        toolchain_verdict="ok" if not failed else "rejected",
                        static_verdict="errors" if report.worst() == Severity.ERROR else "ok",
                        findings=marks, missed=missed)
