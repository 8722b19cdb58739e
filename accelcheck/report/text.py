"""Text output, in the order people triage: the capability table (op | count | rule | example
nodes), then each finding with its location, then one verdict line per signature."""

from __future__ import annotations

import os
import shutil
import sys
from collections import OrderedDict

from ..findings import Finding, Report, Severity

_VERDICT_FAIL = {
    "tpu": "will not compile for TPU",
    "xla": "will not compile with XLA",
    "tflite": "will not convert to TFLite (builtins)",
    "tflite-select": "will not convert to TFLite (with Select TF ops)",
    "tflite-int8": "will not run fully in int8 (full-integer quantization)",
    "tflite-gpu": "the TFLite GPU delegate will not run it",
    "edgetpu": "will not run on the Edge TPU",
    "elastic-inference": "will not run on Elastic Inference",
}
_COLORS = {Severity.ERROR: "\033[31m", Severity.WARNING: "\033[33m", Severity.INFO: "\033[36m"}
_BOLD, _RESET = "\033[1m", "\033[0m"


def use_color(stream=None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


class _Painter:
    def __init__(self, color: bool):
        self.color = color

    def sev(self, severity: Severity, text: str) -> str:
        return f"{_COLORS[severity]}{text}{_RESET}" if self.color else text

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.color else text


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _capability_rows(findings: list[Finding]) -> list[tuple[str, int, str, str, Severity]]:
    groups: OrderedDict[tuple[str, str], list[Finding]] = OrderedDict()
    for f in findings:
        if f.location.node is not None:
            groups.setdefault((f.location.op or "", f.code), []).append(f)
    rows = []
    for (op, code), items in groups.items():
        examples = ", ".join(dict.fromkeys(i.location.node for i in items[:3]))
        if len(items) > 3:
            examples += f", … (+{len(items) - 3})"
        rows.append((op, len(items), f"{code} {items[0].name}", examples, max(i.severity for i in items)))
    rows.sort(key=lambda r: (-r[4], r[2], -r[1], r[0]))
    return rows


def _confirm_lines(c) -> list[str]:
    """The --confirm section (c: a confirm.match.Confirmation)."""
    if not c.oracle:
        return ["", f"  --confirm: {c.note or 'no oracle'}"]
    lines = ["", f"  --confirm with {c.oracle}: the toolchain "
             + ("accepted the model" if c.toolchain_verdict == "ok" else "rejected the model")
             + f"; accelcheck's verdict: {c.static_verdict}" + ("" if c.agrees else "  (DISAGREE)")]
    for run in c.runs:
        if not run.ok:
            lines.append(f"    {run.tool}{' ' + run.signature if run.signature else ''}: {run.error[:200]}")
    for m in c.missed:
        what = " ".join(x for x in (m.op, m.node) if x) or m.message[:160]
        lines.append(f"    missed by accelcheck: {what} ({m.kind})")
    return lines


def _verdict_line(report: Report, sig: str, v: dict) -> str:
    c = v["counts"]
    parts = [f"{c[k]} {k}{'s' if c[k] != 1 and k != 'info' else ''}" for k in ("error", "warning", "info") if c[k]]
    summary = ", ".join(parts) if parts else "no findings"
    if v["verdict"] == "errors":
        outcome = _VERDICT_FAIL.get(report.target, f"fails {report.target_title}")
    elif v["verdict"] == "warnings":
        outcome = "passes, with warnings"
    else:
        outcome = "passes"
    return f"{sig}: {summary} — {outcome}"


def render_text(reports: list[Report], color: bool | None = None, width: int | None = None,
                min_severity: Severity = Severity.INFO) -> str:
    paint = _Painter(use_color() if color is None else color)
    width = width or shutil.get_terminal_size((100, 24)).columns
    out: list[str] = []
    for report in reports:
        findings = [f for f in report.findings if f.severity >= min_severity]
        kind = report.format if report.tags is None else f"{report.format} tagged {','.join(report.tags) or '(no tags)'}"
        out.append(paint.bold(f"{report.model}") + f"  [{kind}, target {report.target}: {report.target_title}]")
        rows = _capability_rows(findings)
        if rows:
            op_w = max(4, min(28, max(len(r[0]) for r in rows)))
            rule_w = max(4, min(36, max(len(r[2]) for r in rows)))
            head = f"  {'Op':<{op_w}}  {'Count':>5}  {'Rule':<{rule_w}}  Example nodes"
            out += ["", head, "  " + "-" * (len(head) - 2)]
            for op, count, rule, examples, sev in rows:
                room = max(10, width - op_w - rule_w - 15)
                out.append(f"  {_fit(op, op_w):<{op_w}}  {count:>5}  "
                           + paint.sev(sev, f"{_fit(rule, rule_w):<{rule_w}}") + f"  {_fit(examples, room)}")
        if findings:
            out.append("")
        for f in findings:
            index = report.findings.index(f)
            label = paint.sev(f.severity, f"{str(f.severity):<7}")
            where = f.location.path()
            op = f" ({f.location.op})" if f.location.op else ""
            dead = "" if f.live else "  [not on any signature's path]"
            out.append(f"  {label} {f.code} {f.name}  {where}{op}{dead}")
            out.append(f"          {f.message}")
            if f.location.layer:
                out.append(f"          layer: {f.location.layer}")
            if report.confirm and report.confirmation(index):
                out.append(f"          toolchain: {report.confirmation(index)}")
        if report.confirm:
            out += _confirm_lines(report.confirm)
        if report.suppressed:
            out.append(f"\n  ({report.suppressed} findings suppressed by node ignores)")
        if report.baselined:
            out.append(f"\n  ({report.baselined} known finding(s) not shown: recorded in the baseline)")
        out.append("")
        verdicts = report.verdicts()
        if not verdicts:
            out.append("  (no signatures: nothing is served, so nothing was checked as live)")
        for sig, v in verdicts.items():
            sev = Severity.ERROR if v["verdict"] == "errors" else Severity.WARNING if v["verdict"] == "warnings" else None
            line = _verdict_line(report, sig, v)
            out.append("  " + (paint.sev(sev, line) if sev is not None else line))
        for sig in report.not_converted:
            out.append(f"  {sig}: not checked — the converter does not convert it by default "
                       f"(--signature {sig} checks it)")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
