"""python -m accelcheck.confirm tflite|tflite-select|tflite-int8|xla|all PATH [--signature S]... [--tags T,U]
[--inputs a,b] [--outputs c,d] [--json]

Runs one oracle (or, with `all`, all four of them: one TensorFlow start-up) in this process and prints its results: with --json, a JSON list of OracleResult
dicts on stdout (and nothing else there: TensorFlow's own prints go to stderr). Exit code 0 when
every result is ok, 1 when one failed, 2 for bad usage.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def _names(s: str | None) -> list[str] | None:
    if s is None:
        return None
    return [x.strip() for x in s.split(",") if x.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m accelcheck.confirm",
                                 description="Run TensorFlow's real toolchain on a model (an oracle for accelcheck).")
    ap.add_argument("tool", choices=["tflite", "tflite-builtins", "tflite-select", "tflite-int8", "xla", "all"])
    ap.add_argument("path")
    ap.add_argument("--select", action="store_true", help="tflite: also allow SELECT_TF_OPS (= tflite-select)")
    ap.add_argument("--signature", action="append", default=None,
                    help="signature key (repeatable for tflite; xla takes one)")
    ap.add_argument("--tags", default=None,
                    help="comma-separated MetaGraph tags (default: the MetaGraph `accelcheck check` reads)")
    ap.add_argument("--inputs", default=None, help="frozen graph / .meta: comma-separated input node names")
    ap.add_argument("--outputs", default=None, help="frozen graph / .meta: comma-separated output node names")
    ap.add_argument("--json", action="store_true", help="print a JSON list of results")
    ap.add_argument("--calibrations-from", type=int, default=0, metavar="N",
                    help="tflite-int8: skip the first N ways of making calibration inputs "
                         "(tflite_int8.CALIBRATIONS; used to go on past one that crashed the process)")
    args = ap.parse_args(argv)

    from . import compile_xla, convert_tflite, to_json
    from .loading import UnsupportedFormat, open_model

    tags = tuple(_names(args.tags)) if args.tags is not None else None
    model = args.path
    if args.tool == "all":
        try:  # read once for the four tools (each reports a model it cannot read)
            model = open_model(args.path, tags)
        except UnsupportedFormat:
            pass
        results = [convert_tflite(model, select, tags=tags, signature_keys=args.signature, inputs=_names(args.inputs),
                                  outputs=_names(args.outputs), full_integer=full_integer)
                   for select, full_integer in ((False, False), (True, False), (False, True))]
        results += compile_xla(model, signature=args.signature[0] if args.signature else None, tags=tags,
                               inputs=_names(args.inputs), outputs=_names(args.outputs))
    elif args.tool == "xla":
        if args.signature and len(args.signature) > 1:
            ap.error("xla takes at most one --signature")
        results = compile_xla(args.path, signature=args.signature[0] if args.signature else None, tags=tags,
                              inputs=_names(args.inputs), outputs=_names(args.outputs))
    else:
        select = args.select or args.tool == "tflite-select"
        results = [convert_tflite(args.path, select, tags=tags, signature_keys=args.signature,
                                  inputs=_names(args.inputs), outputs=_names(args.outputs),
                                  full_integer=args.tool == "tflite-int8", calibrations_from=args.calibrations_from)]
    sys.stdout.flush()
    if args.json:
        print(to_json(results))
    else:
        for r in results:
            status = "ok" if r.ok else f"FAILED: {r.error}"
            sig = f" [{r.signature}]" if r.signature else ""
            print(f"{r.tool}{sig}: {status} ({r.seconds:.1f}s)")
            for p in r.problems:
                where = "@".join(x for x in (p.node, p.function) if x)
                print(f"  {p.kind}: {p.op or '?'}{' at ' + where if where else ''}: {p.message}")
    sys.stdout.flush()
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
