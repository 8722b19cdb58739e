"""SARIF 2.1.0 for code scanning: nodes as logical locations, stable fingerprints.

A binary model has no lines, so results point at the model file (line 1) and name the node in
logicalLocations; partialFingerprints hash (rule, target, function chain, node) so alerts persist
across runs and model rebuilds with the same node names.
"""

from __future__ import annotations

import hashlib
import json
import os

from .. import __version__
from ..findings import Report, Severity
from ..rules.pack import load_pack

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_DOCS_URL = "https://github.com/accelcheck/accelcheck/blob/main/docs/rules.md#"


def _uri(path: str) -> str:
    rel = os.path.relpath(path) if os.path.isabs(path) else path
    return rel.replace(os.sep, "/")


def _rule_descriptor(rule) -> dict:
    docs = rule.docs
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": docs.get("what", rule.name)},
        "fullDescription": {"text": docs.get("why", "")},
        "help": {"text": f"{docs.get('instead', '')}\nExample: {docs.get('example', '')}".strip()},
        "helpUri": _DOCS_URL + rule.code.lower(),
        "defaultConfiguration": {"level": _LEVEL[rule.severity]},
        "properties": {"confidence": rule.confidence, "tags": [rule.pack]},
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
                fingerprint = hashlib.sha256("|".join(
                    (f.code, f.target, "/".join(f.location.functions), f.location.node or "")).encode()).hexdigest()
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
