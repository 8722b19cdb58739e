"""Long fuzz run: `python scripts/fuzz.py --inputs 100000 --jobs 2`.

Runs the mutators of tests/fuzzing.py (byte-level and graph-structure-aware, seeded from real
models) through load -> inspect -> lint for every target, and counts inputs, outcomes, crashes and
hangs. Crashing inputs are saved under bench/out/fuzz-crashes/. Exit 1 if anything crashed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fuzzing import Crash, check_file, mutate, seeds  # noqa: E402


def worker(args) -> dict:
    start_seed, count, time_bound = args
    corpus = seeds()
    stats = {"inputs": 0, "ok": 0, "refused": 0, "crashes": [], "slowest": 0.0}
    crash_dir = ROOT / "bench" / "out" / "fuzz-crashes"
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(start_seed, start_seed + count):
            rng = random.Random(seed)
            name, data = mutate(rng, corpus)
            path = Path(tmp) / ("model.pbtxt" if name.endswith(".pbtxt") else "model.pb")
            path.write_bytes(data)
            t = time.monotonic()
            try:
                stats[check_file(path, time_bound)] += 1
            except Crash as e:
                crash_dir.mkdir(parents=True, exist_ok=True)
                (crash_dir / f"seed-{seed}{path.suffix}").write_bytes(data)
                stats["crashes"].append({"seed": seed, "error": str(e)[:300]})
            stats["slowest"] = max(stats["slowest"], time.monotonic() - t)
            stats["inputs"] += 1
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inputs", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-bound", type=float, default=10.0, help="seconds one input may take")
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "fuzz.json"))
    args = ap.parse_args()
    chunk = 500
    tasks = [(args.seed + i, min(chunk, args.inputs - i), args.time_bound) for i in range(0, args.inputs, chunk)]
    start = time.monotonic()
    total = {"inputs": 0, "ok": 0, "refused": 0, "crashes": [], "slowest": 0.0}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for stats in pool.map(worker, tasks):
            for key in ("inputs", "ok", "refused"):
                total[key] += stats[key]
            total["crashes"] += stats["crashes"]
            total["slowest"] = max(total["slowest"], stats["slowest"])
            print(f"\r{total['inputs']} inputs, {len(total['crashes'])} crashes, {time.monotonic() - start:.0f} s",
                  end="", flush=True)
    total["seconds"] = round(time.monotonic() - start, 1)
    total["slowest"] = round(total["slowest"], 3)
    print()
    print(json.dumps({k: v for k, v in total.items() if k != "crashes"} | {"crash_count": len(total["crashes"])}))
    for c in total["crashes"][:20]:
        print("crash:", c)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(total, indent=1))
    return 1 if total["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())
