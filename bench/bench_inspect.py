#!/usr/bin/env python3
"""`accelcheck inspect` on ResNet-50 (SavedModel and frozen GraphDef), against parsing alone and
`saved_model_cli show --all`, all measured in this one run.

    .venv/bin/python bench/make_models.py        # once: builds bench/out/models/
    .venv/bin/python bench/bench_inspect.py      # prints the table, writes bench/out/inspect.json
    .venv/bin/python bench/bench_inspect.py --profile   # also cProfile one in-process inspect per model

Measurements (seconds; median of N; in-process ones after one untimed warm-up call):
    parse           read the file + SavedModel/GraphDef.ParseFromString (accelcheck.model.protos.pb)
    load            accelcheck.model.load(path)                       (breakdown of inspect)
    inspect         accelcheck.model.load(path) + inspect_model(model)
    inspect (cli)   wall time of `accelcheck inspect PATH --format json`, a fresh process each time
    saved_model_cli wall time of `saved_model_cli show --all --dir PATH` (SavedModel only)
    imports (cli)   wall time of a fresh python importing what `accelcheck inspect` imports
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import _bench as B

GOAL_PARSE = 3.0  # inspect / parse <= 3x
GOAL_SMCLI = 15.0  # saved_model_cli / inspect (cli) >= 15x (the speed issue)

IMPORTS = "import accelcheck.cli, accelcheck.model, accelcheck.inspection"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--repeat", type=int, default=7, help="repeats of the fast measurements (default 7)")
    ap.add_argument("--slow-repeat", type=int, default=3, help="repeats of saved_model_cli (default 3)")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of one in-process inspect per model")
    args = ap.parse_args(argv)
    if args.repeat < 5:
        ap.error("--repeat must be at least 5")
    B.require_models()
    started = time.perf_counter()
    machine = B.machine()

    from accelcheck.inspection import inspect_model
    from accelcheck.model import load
    from accelcheck.model.protos import pb

    models = [
        ("resnet50 SavedModel", B.SAVED_MODEL, B.SAVED_MODEL / "saved_model.pb", pb.saved_model_pb2.SavedModel),
        ("resnet50 frozen .pb", B.FROZEN, B.FROZEN, pb.graph_pb2.GraphDef),
    ]
    accelcheck = str(B.BIN / "accelcheck")
    saved_model_cli = str(B.BIN / "saved_model_cli")

    results: dict = {"benchmark": "inspect", "machine": machine, "models": {}, "ratios": {}, "goals": {}}
    rows: list = []

    imports = B.time_cmd(B.python_child(IMPORTS), args.repeat, warmup=1)
    imports["command"] = f"python -c '{IMPORTS}'"
    results["imports_cli"] = imports
    rows.append(("-", "imports (cli)", imports))

    for label, path, proto_file, cls in models:
        def parse(proto_file=proto_file, cls=cls):
            msg = cls()
            msg.ParseFromString(proto_file.read_bytes())
            return msg

        entry = {"path": B.rel(path), "proto_file": B.rel(proto_file), "proto_bytes": proto_file.stat().st_size}
        entry["parse"] = B.time_call(parse, args.repeat)
        entry["load"] = B.time_call(lambda path=path: load(path), args.repeat)
        entry["inspect"] = B.time_call(lambda path=path: inspect_model(load(path)), args.repeat)
        info = inspect_model(load(path))
        entry["node_count"] = info["node_count"]
        entry["function_count"] = info["function_count"]
        entry["inspect_cli"] = B.time_cmd([accelcheck, "inspect", str(path), "--format", "json"], args.repeat, warmup=1)
        if path.is_dir():
            entry["saved_model_cli"] = B.time_cmd([saved_model_cli, "show", "--all", "--dir", str(path)],
                                                  args.slow_repeat)
        results["models"][label] = entry

        desc = f"{B.human_bytes(entry['proto_bytes'])} proto, {entry['node_count']} nodes"
        rows.append((label, f"({desc})", None))
        rows.append((label, "parse", entry["parse"]))
        rows.append((label, "  load (part of inspect)", entry["load"]))
        rows.append((label, "inspect", entry["inspect"]))
        rows.append((label, "inspect (cli)", entry["inspect_cli"]))
        if "saved_model_cli" in entry:
            rows.append((label, "saved_model_cli show --all", entry["saved_model_cli"]))

    if args.profile:  # after every measurement, so it cannot disturb them
        for _, path, _, _ in models:
            print(f"\n=== cProfile: inspect_model(load({B.rel(path)})) ===")
            print(B.profile(lambda path=path: inspect_model(load(path))))

    goal_lines = []
    for label, entry in results["models"].items():
        goal_lines.append(B.compare(results, f"{label}: inspect / parse", entry["inspect"], entry["parse"],
                                    ("<=", GOAL_PARSE)))
        if "saved_model_cli" in entry:
            goal_lines.append(B.compare(results, f"{label}: saved_model_cli / inspect (cli)",
                                        entry["saved_model_cli"], entry["inspect_cli"], (">=", GOAL_SMCLI)))
        goal_lines.append(B.compare(results, f"{label}: inspect (cli) / inspect", entry["inspect_cli"],
                                    entry["inspect"]))

    results["total_s"] = time.perf_counter() - started
    machine["loadavg_at_end"] = list(os.getloadavg())
    out = B.OUT / "inspect.json"
    B.write_json(out, results)

    print(f"\naccelcheck inspect benchmark ({machine['date']})")
    print(B.machine_line(machine))
    print(f"N = {args.repeat} (in-process: after 1 warm-up call; cli: after 1 warm-up run), "
          f"saved_model_cli N = {args.slow_repeat}\n")
    print(B.table(rows))
    print("\nratios of medians: wall (goals are on wall time), cpu for reference")
    print("\n".join(goal_lines))
    print(f"\ntotal {results['total_s']:.1f} s; results in {B.rel(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
