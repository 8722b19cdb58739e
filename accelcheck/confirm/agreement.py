"""Does accelcheck's static verdict agree with the real toolchain?

For one model: the TFLite converter with builtins only (target tflite), with Select TF ops
(tflite-select) and with full-integer quantization (tflite-int8: it must convert and run fully in
int8) over all signatures, as the converter converts them all; XLA compilation per signature
(target xla). A static verdict "fails" when the target's pack reports an error.
Used by tests/test_agreement.py (every fixture, in `make test`) and scripts/agreement.py (any
models you point it at).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from ..engine import lint
from ..errors import AccelcheckError, ForeignFormat
from ..findings import Severity
from ..model import load
from ..rules.pack import load_pack
from . import result_from_dict

TARGETS = ("tflite", "tflite-select", "tflite-int8", "xla")
_TOOL_TARGET = {"tflite-builtins": "tflite", "tflite-select": "tflite-select", "tflite-int8": "tflite-int8", "xla": "xla"}


@dataclass
class Row:
    model: str
    target: str
    signature: str  # "*" for the converter (all signatures at once)
    static_ok: bool
    toolchain_ok: bool
    static_reason: str  # the first error finding, "" when ok
    toolchain_reason: str  # the toolchain's error, "" when ok

    @property
    def agree(self) -> bool:
        return self.static_ok == self.toolchain_ok


def static_verdicts(path: str, model=None) -> dict[tuple[str, str], tuple[bool, str]]:
    model = model or load(path)
    out = {}
    for target in TARGETS:
        report = lint(model, load_pack(target))
        errors = [f for f in report.findings if f.severity == Severity.ERROR]
        if target == "xla":
            for sig in model.signatures:
                sig_errors = [f for f in errors if not f.signatures or sig in f.signatures]
                out[(target, sig)] = (not sig_errors, _reason(sig_errors))
        else:
            out[(target, "*")] = (not errors, _reason(errors))
    return out


def _reason(findings) -> str:
    if not findings:
        return ""
    f = findings[0]
    more = f" (+{len(findings) - 1})" if len(findings) > 1 else ""
    return f"{f.code} {f.location.op or ''} {f.location.node or ''}".strip() + more


def toolchain_verdicts(path: str, timeout: float = 600, tags: list[str] | None = None
                       ) -> dict[tuple[str, str], tuple[bool, str]]:
    """The toolchain's verdicts; `tags`: the MetaGraph accelcheck read, so both judge the same graph."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    argv = [sys.executable, "-m", "accelcheck.confirm", "all", str(path), "--json"]
    if tags is not None:
        argv += ["--tags", ",".join(tags)]
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)
        results = [result_from_dict(d) for d in json.loads(proc.stdout)]
    except subprocess.TimeoutExpired:
        return {(t, "*"): (False, "timeout") for t in TARGETS}
    except ValueError:
        # The process died (XLA aborts the whole process on some graphs): one process per tool,
        # so one tool's crash does not take the others' answers with it.
        from . import run_isolated

        results = [run_isolated(tool, path=str(path), timeout=timeout, tags=tags)
                   for tool in ("tflite", "tflite-select", "tflite-int8")]
        results += run_isolated("xla", path=str(path), timeout=timeout, tags=tags)
    out = {}
    for r in results:
        target = _TOOL_TARGET[r.tool]
        out[(target, r.signature or "*") if target == "xla" else (target, "*")] = (r.ok, r.error)
    return out


def recorded_verdicts(rows: list[dict]):
    """toolchain_verdicts as an earlier run recorded them (its --json rows): re-judging accelcheck's
    side after a rule change takes seconds instead of a conversion per model."""
    by_model: dict[str, dict] = {}
    for r in rows:
        by_model.setdefault(r["model"], {})[(r["target"], r["signature"])] = (r["toolchain_ok"], r["toolchain_reason"])

    def verdicts(path: str, timeout: float = 600, tags=None) -> dict[tuple[str, str], tuple[bool, str]]:
        recorded = by_model.get(str(path))
        if recorded is None:
            return toolchain_verdicts(path, timeout, tags)  # a model the earlier run did not have
        return recorded
    return verdicts


def compare(path: str, timeout: float = 600, toolchain=toolchain_verdicts) -> list[Row]:
    try:
        model = load(path)
    except ForeignFormat:
        return []  # a Keras file: accelcheck reads TensorFlow graphs, nothing to compare
    except AccelcheckError as e:
        # Refused: a disagreement wherever the toolchain reads the model.
        tool = toolchain(path, timeout)
        reason = f"refused: {e.problem if hasattr(e, 'problem') else e}"[:200]
        return [Row(str(path), target, sig, False, ok, reason, t_reason)
                for (target, sig), (ok, t_reason) in sorted(tool.items())]
    if model.format == "tflite":
        return []  # already converted: no converter to hold it against
    static = static_verdicts(path, model)
    tool = toolchain(path, timeout, tags=model.tags if model.meta_graph is not None else None)
    rows = []
    xla_sigs = [s for (t, s) in static if t == "xla"]
    for (target, sig), (ok, reason) in sorted(static.items()):
        key = (target, sig)
        if key not in tool and target == "xla" and len(xla_sigs) == 1:
            # a frozen graph: accelcheck infers one signature, the oracle compiles the whole graph
            key = next((k for k in tool if k[0] == "xla"), key)
        if key not in tool:
            key = (target, "*")
        if key not in tool:
            continue
        t_ok, t_reason = tool[key]
        rows.append(Row(str(path), target, sig, ok, t_ok, reason, t_reason))
    return rows


def summarize(rows: list[Row]) -> dict:
    n = len(rows)
    agree = sum(r.agree for r in rows)
    failures = [r for r in rows if not r.toolchain_ok]
    caught = sum(not r.static_ok for r in failures)
    return {"pairs": n, "agree": agree, "agreement": agree / n if n else 1.0,
            "toolchain_failures": len(failures), "caught": caught,
            "catch_rate": caught / len(failures) if failures else 1.0,
            "false_alarms": sum(r.toolchain_ok and not r.static_ok for r in rows)}


def table(rows: list[Row]) -> str:
    lines = ["| model | target | signature | accelcheck | toolchain | |", "|---|---|---|---|---|---|"]
    for r in rows:
        mark = "" if r.agree else "DISAGREE"
        lines.append(f"| {r.model} | {r.target} | {r.signature} | {'ok' if r.static_ok else 'fails: ' + r.static_reason} "
                     f"| {'ok' if r.toolchain_ok else 'fails: ' + r.toolchain_reason[:90]} | {mark} |")
    return "\n".join(lines)


def to_json(rows: list[Row]) -> str:
    return json.dumps([asdict(r) | {"agree": r.agree} for r in rows], indent=1)
