"""Agreement of accelcheck's verdicts with the real toolchain, on any models:

    .venv/bin/python scripts/agreement.py PATH... [--jobs 2] [--json out.json] [--reuse earlier.json]

Directories are searched for models as `accelcheck check` does. Prints one row per (model,
target[, signature]) and the agreement and catch rates. `--reuse` takes the toolchain's verdicts
from an earlier run's --json (same paths as given then) and re-runs only accelcheck: for checking a
rule change against a corpus in seconds; the figures to quote come from full runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from accelcheck.confirm.agreement import compare, recorded_verdicts, summarize, table, to_json  # noqa: E402
from accelcheck.discover import discover  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    ap.add_argument("--reuse", help="an earlier run's --json: take the toolchain's verdicts from it")
    args = ap.parse_args()
    models = discover(args.paths)
    if args.reuse:
        toolchain = recorded_verdicts(json.loads(Path(args.reuse).read_text()))
        rows = [r for m in models for r in compare(m, toolchain=toolchain)]
    else:
        with ThreadPoolExecutor(args.jobs) as pool:  # each comparison runs its toolchain in a subprocess
            rows = [r for rs in pool.map(compare, models) for r in rs]
    print(table(rows))
    s = summarize(rows)
    print(f"\n{s['agree']}/{s['pairs']} (model, target) pairs agree ({s['agreement']:.1%}); the toolchain rejected "
          f"{s['toolchain_failures']}, accelcheck caught {s['caught']} ({s['catch_rate']:.1%}); "
          f"{s['false_alarms']} false alarms")
    if args.json:
        Path(args.json).write_text(to_json(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
