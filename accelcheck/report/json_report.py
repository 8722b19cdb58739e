"""JSON output, schema_version 1: one object per model (a list of them for several models)."""

from __future__ import annotations

import json

from ..findings import Report

SCHEMA_VERSION = 1


def report_to_dict(report: Report) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "model": report.model,
        "format": report.format,
        **({"tags": report.tags} if report.tags is not None else {}),
        "target": report.target,
        "findings": [f.to_dict() | ({"confirmation": report.confirmation(i)} if report.confirm else {})
                     for i, f in enumerate(report.findings)],
        "signatures": report.verdicts(),
        **({"not_converted": report.not_converted} if report.not_converted else {}),
        "suppressed": report.suppressed,
        "baselined": report.baselined,
    } | ({"confirm": report.confirm.to_dict()} if report.confirm is not None else {})


def render_json(reports: list[Report]) -> str:
    docs = [report_to_dict(r) for r in reports]
    return json.dumps(docs[0] if len(docs) == 1 else docs, indent=2)
