"""SARIF 2.1.0 for GitHub code scanning: nodes as logical locations, stable fingerprints.

A binary model has no lines, so results point at the model's file (line 1; a SavedModel's
saved_model.pb, a checkpoint directory's .meta: code scanning places alerts on files) and name the
node in logicalLocations; partialFingerprints hash (rule, target, function chain, node) so alerts
persist across runs and model rebuilds with the same node names. Rules carry what code scanning
shows: a short and full description, help text (plain and markdown), a default level, tags and a
precision from the rule's confidence. One run per target, its category `accelcheck/<target>/`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .. import __version__
from ..findings import Report, Severity
from ..model.loader import model_file
from ..rules.pack import load_pack

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_PRECISION = {"certain": "very-high", "likely": "high", "heuristic": "medium"}  # code scanning's scale


def _model_file(path: str) -> str:
    """The file an alert goes on: the model itself, or the file inside a model directory."""
    p = Path(path)
    found = model_file(p) if p.is_dir() else None
    return str(found) if found is not None else path


def _uri(path: str) -> str:
    path = _model_file(path)
    rel = os.path.relpath(path) if os.path.isabs(path) else os.path.normpath(path)
    return rel.replace(os.sep, "/")


def _rule_descriptor(rule) -> dict:
    docs = rule.docs
    what, why = docs.get("what", rule.name), docs.get("why", "")
    instead, example = docs.get("instead", ""), docs.get("example", "")
    text = "\n\n".join(x for x in (what, why, f"Instead: {instead}" if instead else "",
                                    f"Example: {example}" if example else "") if x)
    markdown = "\n\n".join(x for x in (f"**{rule.code} {rule.name}**: {what}", why,
                                        f"**Instead:** {instead}" if instead else "",
                                        f"**Example:** {example}" if example else "",
                                        f"`accelcheck rule {rule.code}` says the same.") if x)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": what},
        "fullDescription": {"text": why or what},
        "help": {"text": text, "markdown": markdown},
        "defaultConfiguration": {"level": _LEVEL[rule.severity]},
        "properties": {"confidence": rule.confidence, "precision": _PRECISION.get(rule.confidence, "medium"),
                       "tags": ["accelcheck", rule.pack]},
    }


def render_sarif(reports: list[Report]) -> str:
    runs = []
    by_target: dict[str, list[Report]] = {}
    for r in reports:
        by_target.setdefault(r.target, []).append(r)
    for target, group in by_target.items():
        pack = load_pack(target) if target else None
        rules = [_rule_descriptor(rule) for rule in pack.rules] if pack else []
        index = {d["id"]: i for i, d in enumerate(rules)}
        results = []
        for report in group:
            for i, f in enumerate(report.findings):
                fqn = "/".join(p for p in (f.location.signature, *f.location.functions, f.location.node) if p)
                fingerprint = f.fingerprint()
                result = {
                    "ruleId": f.code,
                    "level": _LEVEL[f.severity],
                    "message": {"text": f.message},
                    "locations": [{
                        "physicalLocation": {"artifactLocation": {"uri": _uri(report.model)},
                                             "region": {"startLine": 1}},
                        "logicalLocations": [{"fullyQualifiedName": fqn or "(model)", "name": f.location.node or "(model)",
                                              "kind": "member" if f.location.node else "module"}],
                    }],
                    "partialFingerprints": {"accelcheck/v1": fingerprint},
                    "properties": {"confidence": f.confidence, "live": f.live, "op": f.location.op,
                                   "signatures": list(f.signatures)}
                                  | ({"confirmation": report.confirmation(i)} if report.confirm else {}),
                }
                if f.code in index:
                    result["ruleIndex"] = index[f.code]
                results.append(result)
        runs.append({
            "tool": {"driver": {"name": "accelcheck", "version": __version__, "semanticVersion": __version__,
                                "informationUri": "https://github.com/accelcheck/accelcheck", "rules": rules}},
            "automationDetails": {"id": f"accelcheck/{target}/"},
            "results": results,
        })
    doc = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": runs}
    return json.dumps(doc, indent=2)
