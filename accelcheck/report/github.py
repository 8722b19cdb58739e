"""GitHub Actions workflow commands: one ::error/::warning/::notice per finding, then a summary
(GitHub shows only a few annotations per step)."""

from __future__ import annotations

from ..findings import Report, Severity

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def render_github(reports: list[Report]) -> str:
    lines = []
    for report in reports:
        for i, f in enumerate(report.findings):
            title = _escape(f"{f.code} {f.name}", prop=True)
            mark = f" [{report.confirmation(i)}]" if report.confirm else ""
            lines.append(f"::{_COMMAND[f.severity]} file={_escape(report.model, prop=True)},line=1,title={title}::"
                         f"{_escape(f.location.path() + ': ' + f.message + mark)}")
        for sig, v in report.verdicts().items():
            c = v["counts"]
            lines.append(f"{report.model} [{report.target}] {sig}: {v['verdict']} "
                         f"({c['error']} errors, {c['warning']} warnings, {c['info']} info)")
    return "\n".join(lines)
