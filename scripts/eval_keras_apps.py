"""Build every keras.applications model with weights=None and export it as a SavedModel.

    .venv/bin/python scripts/eval_keras_apps.py [--out bench/out/keras_apps] [--only NAME,...]

Enumerates the model constructors of `keras.applications` programmatically, builds each one with
`weights=None` and its default input shape, and writes `model.export(out/<Name>)`. Models already
exported (a `saved_model.pb` in their directory) are skipped. Failures are recorded, never fatal.
A summary goes to `out/_build.json` (merged with earlier runs).
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import os
import resource
import shutil
import sys
import time
import traceback
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")


def constructors():
    import keras

    apps = keras.applications
    names = sorted(n for n in dir(apps)
                   if n[:1].isupper() and inspect.isfunction(getattr(apps, n)))
    return [(n, getattr(apps, n)) for n in names]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="bench/out/keras_apps")
    ap.add_argument("--only", default="")
    args = ap.parse_args()

    import keras

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    summary_path = out / "_build.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
    only = {s for s in args.only.split(",") if s}

    ctors = constructors()
    print(f"keras {keras.__version__}: {len(ctors)} constructors: {', '.join(n for n, _ in ctors)}", flush=True)
    for name, ctor in ctors:
        if only and name not in only:
            continue
        target = out / name
        if (target / "saved_model.pb").exists():
            print(f"skip {name} (already exported)", flush=True)
            summary.setdefault(name, {"status": "exported (earlier run)"})
            continue
        if target.exists():
            shutil.rmtree(target)  # a half-written export from an interrupted run
        t0 = time.time()
        rec: dict = {}
        try:
            model = ctor(weights=None)
            rec["input_shape"] = [list(t.shape) for t in model.inputs]
            rec["params"] = int(model.count_params())
            t1 = time.time()
            rec["build_s"] = round(t1 - t0, 1)
            model.export(str(target), verbose=False)
            rec["export_s"] = round(time.time() - t1, 1)
            rec["status"] = "exported"
        except Exception as e:  # noqa: BLE001 -- record and keep going
            rec["status"] = "failed"
            rec["error"] = f"{type(e).__name__}: {e}"[:2000]
            rec["traceback"] = traceback.format_exc()[-4000:]
        finally:
            model = None
            keras.backend.clear_session()
            gc.collect()
        rec["total_s"] = round(time.time() - t0, 1)
        rec["maxrss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        summary[name] = rec
        summary_path.write_text(json.dumps(summary, indent=1, sort_keys=True))
        print(f"{name}: {rec['status']} in {rec['total_s']}s "
              f"(input {rec.get('input_shape')}, params {rec.get('params')}, maxrss {rec['maxrss_mib']} MiB)"
              + (f" -- {rec['error'][:300]}" if rec["status"] == "failed" else ""), flush=True)
    failed = [n for n, r in summary.items() if r.get("status") == "failed"]
    print(f"done: {len(summary) - len(failed)} exported, {len(failed)} failed {failed}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
