"""What verification found, as data: per-output differences, timings, and the overall result."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field


@dataclass
class OutputDiff:
    signature: str
    output: str
    max_abs: float
    max_rel: float
    ok: bool
    note: str = ""


@dataclass
class Timing:
    load_s: float  # fresh graph + session + load, wall clock
    median_call_s: float  # median of `calls` session calls of `signature`, after warm-up calls
    calls: int
    signature: str = ""


@dataclass
class VerifyResult:
    ok: bool  # every compared output within tolerance (and the fixed model loads)
    compared: list[OutputDiff] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # one line per signature not compared, with the reason
    original_error: str = ""  # "" or why the original could not run
    checked_instead: str = ""  # what was checked when original_error is set
    timing: dict[str, Timing] = field(default_factory=dict)  # {"original": ..., "fixed": ...} when measured
    fixed_error: str = ""  # "" or why the fixed model could not be loaded at all
    inputs: dict[str, dict[str, str]] = field(default_factory=dict)  # signature -> key -> where the value came from
    notes: list[str] = field(default_factory=list)  # anything else worth saying (unused --inputs keys, ...)

    def to_dict(self) -> dict:
        """JSON-ready: non-finite differences become the strings "inf" / "nan"."""
        d = asdict(self)
        for item in d["compared"]:
            for k in ("max_abs", "max_rel"):
                item[k] = _json_float(item[k])
        for t in d["timing"].values():
            t["load_s"] = _json_float(round(t["load_s"], 6))
            t["median_call_s"] = _json_float(round(t["median_call_s"], 9))
        return d


def _json_float(x: float):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x)
