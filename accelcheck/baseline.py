"""Baselines: adopt accelcheck on models that already have findings, and fail only on new ones.

`accelcheck baseline MODEL... --target T -o FILE` records every finding of today's check by model
and fingerprint (Finding.fingerprint: rule, target, function chain, node — stable across runs and
rebuilds that keep node names). `check --baseline FILE` drops the findings the file records, says
how many, and names the entries that no longer match anything (stale: fixed, or the node renamed),
so the file can be regenerated. Models are keyed by their path as given, relative to the current
directory, as CI runs them from the repository root.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__
from .errors import ConfigError
from .files import write_text_atomically
from .findings import Report

FORMAT = "accelcheck-baseline"
VERSION = 1


def _model_key(path: str) -> str:
    p = os.path.relpath(path) if os.path.isabs(path) else os.path.normpath(path)
    return p.replace(os.sep, "/")


def baseline_doc(reports: list[Report], target: str) -> dict:
    entries = []
    for report in reports:
        for f in report.findings:
            entries.append({"model": _model_key(report.model), "fingerprint": f.fingerprint(), "code": f.code,
                            "node": f.location.node, "functions": list(f.location.functions)})
    entries.sort(key=lambda e: (e["model"], e["code"], e["node"] or "", e["fingerprint"]))
    return {"format": FORMAT, "version": VERSION, "accelcheck": __version__, "target": target, "entries": entries}


def write_baseline(reports: list[Report], target: str, out: str | os.PathLike) -> int:
    """Write the baseline atomically; returns how many findings it records."""
    doc = baseline_doc(reports, target)
    write_text_atomically(out, json.dumps(doc, indent=1) + "\n", "baseline")
    return len(doc["entries"])


@dataclass
class Baseline:
    path: str
    target: str
    entries: list[dict]
    stale: list[dict] = field(default_factory=list)  # entries of the checked models that matched nothing


def read_baseline(path: str | os.PathLike, target: str) -> Baseline:
    """The baseline file; ConfigError (one line, exit 2) when it cannot be used for `target`."""
    p = Path(path)
    try:
        doc = json.loads(p.read_text())
    except FileNotFoundError:
        raise ConfigError(f"{p}: no such baseline file (write one with `accelcheck baseline MODEL... "
                          f"--target {target} -o {p}`)") from None
    except (OSError, UnicodeError, ValueError) as e:
        raise ConfigError(f"{p}: not a baseline file: {' '.join(str(e).split())[:200]}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("entries"), list):
        raise ConfigError(f"{p}: not an accelcheck baseline file (written by `accelcheck baseline`)")
    if doc.get("version") != VERSION:
        raise ConfigError(f"{p}: baseline version {doc.get('version')!r}; this accelcheck reads version {VERSION}")
    if doc.get("target") != target:
        raise ConfigError(f"{p}: a baseline for target {doc.get('target')!r}, not {target!r}")
    entries = [e for e in doc["entries"] if isinstance(e, dict) and "model" in e and "fingerprint" in e]
    return Baseline(str(p), target, entries)


def apply_baseline(reports: list[Report], baseline: Baseline) -> None:
    """Drop from each report the findings the baseline records (each entry covers one finding);
    count them; list entries of the checked models that matched nothing as stale."""
    known = Counter((e["model"], e["fingerprint"]) for e in baseline.entries)
    checked = set()
    for report in reports:
        key = _model_key(report.model)
        checked.add(key)
        kept = []
        for f in report.findings:
            entry = (key, f.fingerprint())
            if known[entry] > 0:
                known[entry] -= 1
                report.baselined += 1
            else:
                kept.append(f)
        report.findings = kept
    left = Counter({k: n for k, n in known.items() if n > 0 and k[0] in checked})
    for e in baseline.entries:
        k = (e["model"], e["fingerprint"])
        if left[k] > 0:
            left[k] -= 1
            baseline.stale.append({x: e.get(x) for x in ("model", "code", "node", "functions")})
