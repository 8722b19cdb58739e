"""Text rendering of a FixReport: plan, passes, what changed, verification, the new lint result."""

from __future__ import annotations

from .text import render_text


def _hist_diff(before: dict, after: dict) -> list[str]:
    lines = []
    for op in sorted(set(before) | set(after)):
        b, a = before.get(op, 0), after.get(op, 0)
        if a != b:
            lines.append(f"    {op:<28} {b:>6} -> {a:<6}")
    return lines


def _bytes(n: int) -> str:
    return f"{n / 1024:.1f} KiB" if n < 2**20 else f"{n / 2**20:.1f} MiB"


def render_fix_text(report, color: bool | None = None) -> str:
    out = [f"{report.model} -> {report.out or '(dry run)'}  [target {report.target}, output {report.output_format}]", ""]
    out.append("Plan" if report.plan else "Plan: nothing to fix")
    for p in report.plan:
        tag = "" if p.safe else "  (unsafe)"
        out.append(f"  {p.name}{tag}: {p.reason}")
        for item in p.fixes[:8]:
            out.append(f"      removes {item}")
        if len(p.fixes) > 8:
            out.append(f"      … and {len(p.fixes) - 8} more")
    for item in report.needs_unsafe:
        out.append(f"  not run, needs --unsafe-fixes: {item}")
    for item in report.not_fixable:
        out.append(f"  not fixable automatically: {item}")
    if report.dry_run:
        return "\n".join(out) + "\n"
    if report.passes:
        out += ["", "Passes"]
        for r in report.passes:
            findings = f", {len(r.fixed)} finding(s) gone" if r.fixed else ""
            out.append(f"  {r.name}: {'changed' if r.changed else 'no change'}"
                       f" ({len(r.removed)} removed, {len(r.modified)} modified{findings})")
            if r.introduced:
                out.append(f"      new finding(s): {', '.join(r.introduced[:5])}"
                           + (f" (+{len(r.introduced) - 5})" if len(r.introduced) > 5 else ""))
            for note in r.notes:
                out.append(f"      note: {note}")
    diff = _hist_diff(report.ops_before, report.ops_after)
    if diff:
        out += ["", "Ops (before -> after)"] + diff
    if report.bytes_after:
        out.append(f"\nSize: {_bytes(report.bytes_before)} -> {_bytes(report.bytes_after)}")
    v = report.verification
    if v is not None:
        if not v.ok:
            status = "FAILED"
        elif not v.compared:
            status = "not done: nothing could be compared (see below); pass --inputs to provide inputs"
        else:
            status = "passed"
        out += ["", "Verification: " + status]
        if v.original_error:
            out.append(f"  the original cannot run here: {v.original_error}")
            out.append(f"  checked instead: {v.checked_instead}")
        for d in v.compared:
            mark = "ok " if d.ok else "BAD"
            note = f"  ({d.note})" if d.note else ""
            out.append(f"  {mark} {d.signature}/{d.output}: max abs {d.max_abs:.3g}, max rel {d.max_rel:.3g}{note}")
        for s in v.skipped:
            out.append(f"  not compared: {s}")
        for name, t in (v.timing or {}).items():
            out.append(f"  {name}: load {t.load_s * 1000:.0f} ms, median call {t.median_call_s * 1000:.2f} ms ({t.calls} calls)")
    if report.after is not None:
        out += ["", "After the fix:"]
        out.append(render_text([report.after], color=color).rstrip())
    for note in report.notes:
        out.append(f"\nnote: {note}")
    out.append("")
    out.append(f"Wrote {report.out}" if report.written else "Nothing was written.")
    return "\n".join(out) + "\n"
