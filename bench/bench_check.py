#!/usr/bin/env python3
"""`accelcheck check --target tpu` on the ResNet-50 SavedModel, against parsing alone, the TFLite
converter and XLA lowering of the serving signature, all measured in this one run.

    .venv/bin/python bench/make_models.py       # once: builds bench/out/models/
    .venv/bin/python bench/bench_check.py       # prints the table, writes bench/out/check.json
    .venv/bin/python bench/bench_check.py --profile   # also cProfile one in-process check

Measurements (seconds; median of N; in-process ones after one untimed warm-up call):
    parse             read saved_model.pb + SavedModel.ParseFromString (accelcheck.model.protos.pb)
    load              accelcheck.model.load(path)                       (breakdown of check)
    load_pack         accelcheck.rules.pack.load_pack("tpu")            (breakdown of check)
    lint              accelcheck.engine.lint(model, pack)               (breakdown of check)
    check             load(path) + lint(model, load_pack("tpu"))
    check (cli)       wall time of `accelcheck check PATH --target tpu --format json`, a fresh process each time
    parse (cli)       wall time of a fresh python that only reads saved_model.pb and parses it (the
                      same protobuf classes accelcheck uses)
    saved_model_cli   wall time of `saved_model_cli show --all --dir PATH` (TensorFlow's own look at it)
    tflite converter  wall time of a fresh python running
                      tf.lite.TFLiteConverter.from_saved_model(PATH).convert()  (builtin ops)
    xla (hlo)         wall time of a fresh python running tf.saved_model.load(PATH), then
                      tf.function(serving_default, jit_compile=True)
                        .experimental_get_compiler_ir(TensorSpec([1, 224, 224, 3]))(stage="hlo")
    imports (cli)     wall time of a fresh python importing what `accelcheck check` imports
The two TensorFlow baselines also report their own phases (import, load, convert/lower), kept in
the JSON as child_last_run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import _bench as B

GOAL_PARSE = 3.0  # check / parse <= 3x, in process
GOAL_PARSE_CLI = 4.0  # check (cli) / parse (cli) <= 4x, whole processes
GOAL_TFLITE = 10.0  # tflite converter / check (cli) >= 10x
GOAL_WALL = 1.0  # check (cli) on ResNet-50 SavedModel < 1 s

IMPORTS = ("import accelcheck.cli, accelcheck.config, accelcheck.engine, accelcheck.findings, "
           "accelcheck.model, accelcheck.report, accelcheck.rules.pack")

_CHILD_PRELUDE = """
import json, os, sys, time
t0 = time.perf_counter()
import tensorflow as tf
t1 = time.perf_counter()
path = sys.argv[1]
"""

PARSE_CHILD = """
import sys
from accelcheck.model.protos import pb
pb.saved_model_pb2.SavedModel().ParseFromString(open(sys.argv[1], "rb").read())
"""

TFLITE_CHILD = _CHILD_PRELUDE + """
converter = tf.lite.TFLiteConverter.from_saved_model(path)  # default target_spec: TFLITE_BUILTINS
flatbuffer = converter.convert()
t2 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "convert_s": t2 - t1, "tflite_bytes": len(flatbuffer)}))
"""

XLA_CHILD = _CHILD_PRELUDE + """
loaded = tf.saved_model.load(path)
sig = loaded.signatures["serving_default"]
t2 = time.perf_counter()
spec = tf.TensorSpec([1, 224, 224, 3], tf.float32)
hlo = tf.function(sig, jit_compile=True).experimental_get_compiler_ir(spec)(stage="hlo")
t3 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "load_s": t2 - t1, "hlo_s": t3 - t2, "hlo_chars": len(hlo)}))
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--repeat", type=int, default=7, help="repeats of the fast measurements (default 7)")
    ap.add_argument("--slow-repeat", type=int, default=3, help="repeats of the TFLite and XLA baselines (1-3, default 3)")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of one in-process check")
    args = ap.parse_args(argv)
    if args.repeat < 5:
        ap.error("--repeat must be at least 5")
    if not 1 <= args.slow_repeat <= 3:
        ap.error("--slow-repeat must be 1, 2 or 3")
    B.require_models()
    started = time.perf_counter()
    machine = B.machine()

    from accelcheck.engine import lint
    from accelcheck.model import load
    from accelcheck.model.protos import pb
    from accelcheck.rules.pack import load_pack

    path = B.SAVED_MODEL
    proto_file = path / "saved_model.pb"
    label = "resnet50 SavedModel"

    def parse():
        msg = pb.saved_model_pb2.SavedModel()
        msg.ParseFromString(proto_file.read_bytes())
        return msg

    def check():
        return lint(load(path), load_pack("tpu"))

    results: dict = {"benchmark": "check --target tpu", "machine": machine, "model": B.rel(path),
                     "proto_bytes": proto_file.stat().st_size, "results": {}, "ratios": {}, "goals": {}}
    r = results["results"]

    imports = B.time_cmd(B.python_child(IMPORTS), args.repeat, warmup=1)
    imports["command"] = f"python -c '{IMPORTS}'"
    r["imports_cli"] = imports
    r["parse"] = B.time_call(parse, args.repeat)
    r["load"] = B.time_call(lambda: load(path), args.repeat)
    r["load_pack"] = B.time_call(lambda: load_pack("tpu"), args.repeat)
    pack = load_pack("tpu")
    r["lint"] = B.time_call(lambda model: lint(model, pack), args.repeat, setup=lambda: load(path))  # fresh model each
    r["check"] = B.time_call(check, args.repeat)
    model = load(path)
    report = lint(model, pack)
    results["findings"] = [f"{f.code} {f.location.node}" for f in report.findings]
    results["node_count"] = model.node_count
    del model
    r["check_cli"] = B.time_cmd([str(B.BIN / "accelcheck"), "check", str(path), "--target", "tpu", "--format", "json"],
                                args.repeat, warmup=1, ok=(0, 1))
    r["parse_cli"] = B.time_cmd(B.python_child(PARSE_CHILD, str(proto_file)), args.repeat, warmup=1)
    r["saved_model_cli"] = B.time_cmd([str(B.BIN / "saved_model_cli"), "show", "--all", "--dir", str(path)],
                                      args.slow_repeat)
    r["tflite_converter"] = B.time_cmd(B.python_child(TFLITE_CHILD, str(path)), args.slow_repeat)
    r["xla_hlo"] = B.time_cmd(B.python_child(XLA_CHILD, str(path)), args.slow_repeat)

    if args.profile:
        print("\n=== cProfile: lint(load(path), load_pack('tpu')) ===")
        print(B.profile(check))

    def tf_detail(s: dict, keys: tuple[str, ...]) -> str:
        child = s.get("child_last_run", {})
        return ", ".join(f"{k[:-2]} {child[k]:.2f}" for k in keys if k in child)

    rows = [
        ("-", "imports (cli)", r["imports_cli"]),
        (label, f"({B.human_bytes(results['proto_bytes'])} proto, {results['node_count']} nodes, "
                f"{len(report.findings)} findings)", None),
        (label, "parse", r["parse"]),
        (label, "  load (part of check)", r["load"]),
        (label, "  load_pack('tpu') (part of check)", r["load_pack"]),
        (label, "  lint (part of check)", r["lint"]),
        (label, "check", r["check"]),
        (label, "parse (cli)", r["parse_cli"]),
        (label, "check (cli)", r["check_cli"]),
        (label, "saved_model_cli show --all", r["saved_model_cli"]),
        (label, "tflite converter (subprocess)", r["tflite_converter"]),
        (label, f"  last run: {tf_detail(r['tflite_converter'], ('import_s', 'convert_s'))}", None),
        (label, "xla hlo, batch 1 (subprocess)", r["xla_hlo"]),
        (label, f"  last run: {tf_detail(r['xla_hlo'], ('import_s', 'load_s', 'hlo_s'))}", None),
    ]

    lines = [
        B.compare(results, "check / parse", r["check"], r["parse"], ("<=", GOAL_PARSE)),
        B.compare(results, "check (cli) / parse (cli)", r["check_cli"], r["parse_cli"], ("<=", GOAL_PARSE_CLI)),
        B.compare(results, "saved_model_cli / check (cli)", r["saved_model_cli"], r["check_cli"]),
        B.compare(results, "tflite converter / check (cli)", r["tflite_converter"], r["check_cli"], (">=", GOAL_TFLITE)),
        B.compare(results, "xla / check (cli)", r["xla_hlo"], r["check_cli"]),
        B.compare(results, "check (cli) / check", r["check_cli"], r["check"]),
    ]
    wall = r["check_cli"]["median_s"]
    results["goals"][f"check (cli) < {GOAL_WALL:g} s"] = wall < GOAL_WALL
    wall_line = (f"  {'check (cli) wall, median':<54} {wall:>7.2f} s  {'':<15} goal < {GOAL_WALL:g} s  "
                 f"{'met' if wall < GOAL_WALL else 'MISSED'}")

    results["total_s"] = time.perf_counter() - started
    machine["loadavg_at_end"] = list(os.getloadavg())
    out = B.OUT / "check.json"
    B.write_json(out, results)

    print(f"\naccelcheck check --target tpu benchmark ({machine['date']})")
    print(B.machine_line(machine))
    print(f"N = {args.repeat} (in-process: after 1 warm-up call; cli: after 1 warm-up run), "
          f"TFLite/XLA N = {args.slow_repeat} (no warm-up)\n")
    print(B.table(rows))
    print("\nratios of medians: wall (goals are on wall time), cpu for reference")
    print("\n".join(lines))
    print(wall_line)
    print(f"\ntotal {results['total_s']:.1f} s; results in {B.rel(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
