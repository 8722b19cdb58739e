"""Shared helpers for bench/*.py: timing (in-process and subprocess), machine facts, tables, JSON.

Not a benchmark itself. Importing it does not import TensorFlow.
"""

from __future__ import annotations

import cProfile
import datetime as dt
import io
import json
import os
import platform
import pstats
import resource
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Callable, Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
MODELS = OUT / "models"
SAVED_MODEL = MODELS / "resnet50"
FROZEN = MODELS / "resnet50_frozen.pb"
BIN = Path(sys.executable).parent  # the venv's bin: accelcheck, saved_model_cli


def rel(path: Path | str) -> str:
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def require_models() -> None:
    missing = [p for p in (SAVED_MODEL / "saved_model.pb", FROZEN) if not p.exists()]
    if missing:
        sys.exit(f"missing {', '.join(rel(p) for p in missing)}: run .venv/bin/python bench/make_models.py first")


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def _git_commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=10)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10)
        return out.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "") if out.returncode == 0 else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def machine() -> dict:
    """Facts about where the numbers were measured. Does not import TensorFlow."""
    from google.protobuf.internal import api_implementation

    try:
        nproc = len(os.sched_getaffinity(0))
    except AttributeError:
        nproc = os.cpu_count() or 0
    return {
        "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "nproc": nproc,
        "cpu": _cpu_model(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "tensorflow": _version("tensorflow"),
        "protobuf": f"{_version('protobuf')} ({api_implementation.Type()})",
        "accelcheck": f"{_version('accelcheck')} @ {_git_commit()}",
        "loadavg_at_start": list(os.getloadavg()),
    }


def machine_line(m: dict) -> str:
    """Call after setting m["loadavg_at_end"] = list(os.getloadavg()) (the machine may be shared)."""
    load = lambda xs: " ".join(f"{x:.2f}" for x in xs)
    end = f", at end {load(m['loadavg_at_end'])}" if "loadavg_at_end" in m else ""
    return (f"machine: nproc {m['nproc']}, {m['cpu']}, Linux {platform.release()}, Python {m['python']}, "
            f"tensorflow {m['tensorflow']}, protobuf {m['protobuf']}\n"
            f"         accelcheck {m['accelcheck']}; load avg (1/5/15 min) at start {load(m['loadavg_at_start'])}{end}")


def _summary(times: list[float], first: float | None, extra: dict | None = None,
             cpu: list[float] | None = None) -> dict:
    out = {
        "n": len(times),
        "median_s": statistics.median(times),
        "min_s": min(times),
        "max_s": max(times),
        "times_s": times,
    }
    if cpu:
        out["cpu_median_s"] = statistics.median(cpu)  # user + sys, all threads
        out["cpu_s"] = cpu
    if first is not None:
        out["warmup_s"] = first
    if extra:
        out.update(extra)
    return out


def time_call(fn: Callable[..., object], n: int, warmup: int = 1, setup: Callable[[], object] | None = None) -> dict:
    """Median of n calls of fn() in this process, after `warmup` untimed calls.

    With setup, each call is fn(setup()) and only fn is timed (fresh inputs for every call)."""
    first = None
    times, cpu = [], []
    for i in range(warmup + n):
        args = (setup(),) if setup is not None else ()
        c0, t0 = time.process_time(), time.perf_counter()
        result = fn(*args)
        elapsed, used = time.perf_counter() - t0, time.process_time() - c0
        del args, result  # freeing the result is not part of the measurement
        if i < warmup:
            first = first if first is not None else elapsed
        else:
            times.append(elapsed)
            cpu.append(used)
    return _summary(times, first, cpu=cpu)


def time_cmd(argv: Sequence[str], n: int, warmup: int = 0, ok: tuple[int, ...] = (0,),
             timeout: float = 1800) -> dict:
    """Wall time of running argv as a fresh process, n times (after `warmup` untimed runs).

    stdout and stderr are captured (not shown). If the last line of stdout is a JSON object it is
    kept as "child" (the slow baselines report their own phases that way)."""
    first = None
    times, cpu = [], []
    child = None
    for i in range(warmup + n):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(list(argv), capture_output=True, text=True, timeout=timeout)
        elapsed = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        if proc.returncode not in ok:
            tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
            raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}:\n{tail}")
        if i < warmup:
            first = first if first is not None else elapsed
            continue
        times.append(elapsed)
        cpu.append(used)
        lines = proc.stdout.strip().splitlines()
        if lines and lines[-1].startswith("{"):
            try:
                child = json.loads(lines[-1])
            except json.JSONDecodeError:
                pass
    extra = {"command": " ".join(_show(a) for a in argv)}
    if child is not None:
        extra["child_last_run"] = child
    return _summary(times, first, extra, cpu=cpu)


def _show(arg: str) -> str:
    if arg.startswith(str(ROOT)):
        return rel(arg)
    if "\n" in arg:
        return "'<script>'"
    return arg


def python_child(code: str, *args: str) -> list[str]:
    return [sys.executable, "-c", code, *args]


def profile(fn: Callable[[], object], top: int = 25) -> str:
    """cProfile of one call of fn(), top functions by cumulative and by own time."""
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    parts = []
    for key in ("cumulative", "tottime"):
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats(key).print_stats(top)
        text = buf.getvalue().replace(str(ROOT) + "/", "")
        for site in sorted({p for p in sys.path if p.endswith("site-packages")}, key=len, reverse=True):
            text = text.replace(site + "/", "site-packages/")
        parts.append(f"--- sorted by {key} ---\n" + "\n".join(line for line in text.splitlines() if line.strip()))
    return "\n".join(parts)


def ratio(a: dict, b: dict) -> float:
    return a["median_s"] / b["median_s"]


def table(rows: list[tuple[str, str, dict | None]]) -> str:
    """rows: (model label, measurement label, summary or None for a section break)."""
    head = (f"{'model':<22} {'measurement':<34} {'N':>3} {'median s':>9} {'min s':>8} {'max s':>8} "
            f"{'warm-up s':>9} {'cpu s':>8}")
    lines = [head, "-" * len(head)]
    for model, what, s in rows:
        if s is None:
            lines.append(f"{model:<22} {what}")
            continue
        warm = f"{s['warmup_s']:>9.3f}" if "warmup_s" in s else f"{'-':>9}"
        cpu = f"{s['cpu_median_s']:>8.3f}" if "cpu_median_s" in s else f"{'-':>8}"
        lines.append(f"{model:<22} {what:<34} {s['n']:>3} {s['median_s']:>9.3f} {s['min_s']:>8.3f} {s['max_s']:>8.3f} "
                     f"{warm} {cpu}")
    return "\n".join(lines)


def compare(results: dict, label: str, a: dict, b: dict, goal: tuple[str, float] | None = None) -> str:
    """Ratio of medians a / b (wall, and cpu for reference) into results["ratios"] (and ["goals"]);
    returns the printed line. goal: ("<=", 3.0) or (">=", 10.0)."""
    wall = ratio(a, b)
    cpu = a["cpu_median_s"] / b["cpu_median_s"] if a.get("cpu_median_s") and b.get("cpu_median_s") else None
    results.setdefault("ratios", {})[label] = {"wall": wall, "cpu": cpu}
    cpu_text = f"(cpu {cpu:6.2f}x)" if cpu is not None else ""
    line = f"  {label:<54} {wall:>7.2f}x  {cpu_text:<15}"
    if goal is not None:
        op, bound = goal
        met = wall <= bound if op == "<=" else wall >= bound
        results.setdefault("goals", {})[f"{label} {op} {bound:g}x"] = met
        line += f" goal {op} {bound:g}x  {'met' if met else 'MISSED'}"
    return line.rstrip()


def write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n")
    tmp.replace(path)


def human_bytes(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"
