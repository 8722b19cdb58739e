#!/usr/bin/env python3
"""Measure the TFLite converter on every op of TensorFlow's registry (maintainer tool, not run by tests).

    python scripts/probe_tflite_registry.py                 # whole registry -> rules/data/tflite_registry_probe.json
    python scripts/probe_tflite_registry.py --only Gather,UpperBound   # these ops; print, write nothing
    python scripts/probe_tflite.py --registry               # the same, from the hand-written probe's entry point

`scripts/probe_tflite.py` measures the ops models commonly use with hand-built probes. This script
covers the rest of the registry with generic ones, to answer what no list in TensorFlow's Python API
tells: does the converter lower the op to builtins, is it on the converter's own Select-TF-ops
allowlist (`allowlisted_flex_ops.cc`, which our transcription in tflite_flex_allowlist.json can
miss), and does conversion with SELECT_TF_OPS then really succeed.

For each op (names starting with `_`, ops with function attrs, ref inputs, or resource/variant inputs
or outputs are skipped, except the resource-variable ops, probed through a SavedModel holding a tf.Variable of
each dtype), for each dtype its keying type attr (the hand-written probe's) allows among PROBE_DTYPES:
  1. a tf.function whose arguments are the op's inputs ([2, 3] tensors; if that does not trace,
     [1, 4, 4, 2], then unknown shape; integer inputs as constants as a last resort; required attrs
     without a default get GENERIC_ATTRS) is converted with
     TFLITE_BUILTINS only: converted -> "builtin" (and the TFLite operators it became); an error the
     converter attributes to this op with ERROR_NEEDS_FLEX_OPS -> "select", ERROR_NEEDS_CUSTOM_OPS ->
     "custom"; anything else -> "undetermined" (the reason is kept).
  2. when not builtin: converted again with TFLITE_BUILTINS + SELECT_TF_OPS -> "ok" or "fails".
  3. when not builtin and the op has integer operands besides its data (an axis, a shift, k,
     multiples: int inputs not typed by the op's dtype attr), 1 and 2 again with those operands
     as constants (a scalar 0, else a vector of ones) -> "const_operands": whether the op's fate
     depends on their constness, the way ConcatV2's axis decides between CONCATENATION and flex.
Generic probes feed data of generic shapes, so "select" can come from a shape or a computed operand
that a real model would not have; "builtin", the allowlist membership (select vs custom) and
"fails" with Select TF ops do not depend on that. Hand-built probes (tflite_op_support.json) take
precedence where both measured an (op, dtype).

Every op runs in a worker subprocess (chunks of ops; a worker that crashes is restarted after the
op that crashed it, which is recorded as crashed). Raw converter errors go to
build/probe_tflite_registry.log (not committed).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "rules" / "data" / "tflite_registry_probe.json"
LOG = REPO / "build" / "probe_tflite_registry.log"
PROBE_DTYPES = ("float32", "int32", "int64", "bool", "float16", "int8", "uint8", "string")
RESOURCE_VARIABLE_OPS = ("ReadVariableOp", "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp",
                         "ResourceGather")
RESOURCE_DTYPES = ("float32", "float16", "int32", "int64", "bool", "string", "complex64")
# Values for required attrs without a default (strides and kernel sizes of rank-4 ops, shapes).
GENERIC_ATTRS = {"int": 1, "float": 0.5, "bool": False, "string": "", "shape": [2, 3], "list(int)": [1, 1, 1, 1],
                 "list(float)": [0.5],
                 "list(shape)": [[2, 3]]}
NEEDS_FLEX, NEEDS_CUSTOM = 1, 2
CHUNK = 40

sys.path.insert(0, str(Path(__file__).resolve().parent))
# The dtype an (op, dtype) entry is keyed by: the same attr as the hand-written probe's.
from probe_tflite import op_def_dtype_attr  # noqa: E402


# ------------------------------------------------------------------ worker side (imports TensorFlow)

def _quiet_tf():
    from probe_tflite import import_tf  # noqa: PLC0415 - the hand probe's quiet TensorFlow import

    return import_tf()


def _attrs_and_inputs(tf, op_def, dtype: str):
    """(attrs, [(arg name, dtype or list of dtypes, is_number_list)]) for the op at `dtype`, or a skip reason."""
    from tensorflow.python.framework import dtypes as tfd  # noqa: PLC0415

    number_attrs = {a.number_attr for a in op_def.input_arg if a.number_attr}
    list_attrs = {a.type_list_attr for a in op_def.input_arg if a.type_list_attr}
    primary = op_def_dtype_attr(op_def.name)
    attrs: dict = {}
    for a in op_def.attr:
        allowed = [tfd.as_dtype(t).name for t in a.allowed_values.list.type] if a.HasField("allowed_values") else None
        if a.type == "type":
            want = dtype if a.name == primary else ("float32" if not allowed or "float32" in allowed else allowed[0])
            if allowed and want not in allowed:
                return f"{a.name} does not allow {want}"
            attrs[a.name] = tf.as_dtype(want)
        elif a.type == "list(type)" and a.name in list_attrs:
            attrs[a.name] = [tf.float32]
        elif a.type == "int" and a.name in number_attrs:
            attrs[a.name] = max(2, a.minimum)
        elif a.HasField("default_value"):
            continue
        elif a.type == "string" and a.HasField("allowed_values"):
            attrs[a.name] = a.allowed_values.list.s[0].decode()
        elif a.type in GENERIC_ATTRS:
            attrs[a.name] = GENERIC_ATTRS[a.type] if a.type != "int" else max(1, a.minimum)
        elif a.type == "list(type)":
            attrs[a.name] = [tf.float32]
        else:
            return f"required attr {a.name} of type {a.type}"
    inputs = []
    for arg in op_def.input_arg:
        if arg.is_ref:
            return "ref input"
        if arg.type_list_attr:
            types = [d.name for d in attrs[arg.type_list_attr]]
        else:
            types = [attrs[arg.type_attr].name if arg.type_attr else tfd.as_dtype(arg.type).name]
        if any(t in ("resource", "variant") for t in types):
            return f"{types[0]} input {arg.name}"
        count = attrs[arg.number_attr] if arg.number_attr else 1
        inputs.append((arg.name, types * count, bool(arg.number_attr or arg.type_list_attr)))
    for arg in op_def.output_arg:  # a handle returned from a function is not what models convert
        if arg.type in (tfd.resource.as_datatype_enum, tfd.variant.as_datatype_enum):
            return f"{tfd.as_dtype(arg.type).name} output {arg.name}"
    return attrs, inputs


SHAPES = {"static": [2, 3], "rank4": [1, 4, 4, 2], "unknown": None, "const_ints": [2, 3]}


def _concrete(tf, op: str, attrs: dict, inputs, mode: str, constant: dict | None = None):
    """A concrete function calling the raw op, its inputs of the mode's shape (const_ints: integer
    inputs as constants 0; `constant`: these operands as the given constants, the rest fed)."""
    specs, consts = [], {}
    for name, types, _ in inputs:
        for i, t in enumerate(types):
            if constant and name in constant:
                consts[(name, i)] = tf.constant(constant[name], dtype=t)
            elif mode == "const_ints" and t in ("int32", "int64"):
                consts[(name, i)] = tf.constant(0, dtype=t)
            else:
                specs.append(((name, i), tf.TensorSpec(SHAPES[mode], t)))
    raw = getattr(tf.raw_ops, op, None) or _xla_op(op)
    from tensorflow.python.framework import op_def_registry  # noqa: PLC0415

    inferred_attrs = {a for arg in op_def_registry.get(op).input_arg
                      for a in (arg.type_attr, arg.number_attr, arg.type_list_attr) if a}

    def body(*args):
        fed = dict(zip([k for k, _ in specs], args))
        kwargs = dict(attrs)
        for name, types, is_list in inputs:
            values = [fed.get((name, i), consts.get((name, i))) for i in range(len(types))]
            kwargs[name] = values if is_list else values[0]
        for inferred in inferred_attrs:  # raw ops infer these from their inputs
            kwargs.pop(inferred, None)
        out = raw(**kwargs)
        if out is None or (isinstance(out, (list, tuple)) and not out):
            return tf.constant(0.0)
        return out

    return tf.function(body, input_signature=[s for _, s in specs]).get_concrete_function()


def _convert(tf, make, select: bool):
    conv = make()
    conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS] + (
        [tf.lite.OpsSet.SELECT_TF_OPS] if select else [])
    from probe_tflite import captured_stderr  # noqa: PLC0415

    with captured_stderr():
        return conv.convert()


def _judge(tf, op: str, make, log) -> dict:
    from probe_tflite import tflite_operators  # noqa: PLC0415

    try:
        model = _convert(tf, make, select=False)
        return {"builtins": "builtin", "tflite": tflite_operators(model)[0]}
    except Exception as e:  # noqa: BLE001 - every converter failure is data here
        codes = {err.error_code for err in getattr(e, "errors", []) if err.operator.name == f"tf.{op}"}
        log.write(f"{op} builtins: {str(e)[:2000]}\n")
        if NEEDS_CUSTOM in codes:
            entry = {"builtins": "custom"}
        elif NEEDS_FLEX in codes:
            entry = {"builtins": "select"}
        else:
            entry = {"builtins": "undetermined", "why": str(e).strip().splitlines()[-1][:200] if str(e).strip() else type(e).__name__}
    try:
        _convert(tf, make, select=True)
        entry["select"] = "ok"
    except Exception as e:  # noqa: BLE001
        entry["select"] = "fails"
        log.write(f"{op} select: {str(e)[:2000]}\n")
    return entry


def _probe_op(tf, op: str, log) -> dict:
    from tensorflow.python.framework import op_def_registry  # noqa: PLC0415

    if op in RESOURCE_VARIABLE_OPS:
        probed = {d: _probe_variable(tf, op, d, log) for d in RESOURCE_DTYPES}
        return {"dtypes": {d: r for d, r in probed.items() if "skipped" not in r}, "dtype_attr": "dtype"}
    op_def = op_def_registry.get(op)
    if any(a.type in ("func", "list(func)") for a in op_def.attr):
        return {"skipped": "function attr"}
    primary = op_def_dtype_attr(op)
    results, reasons = {}, []
    for dtype in PROBE_DTYPES if primary else ("-",):
        prepared = _attrs_and_inputs(tf, op_def, dtype)
        if isinstance(prepared, str):
            reasons.append(prepared)
            continue
        attrs, inputs = prepared
        cf = None
        for mode in SHAPES:
            try:
                cf = _concrete(tf, op, attrs, inputs, mode)
                break
            except Exception as e:  # noqa: BLE001
                reason = f"does not trace: {str(e).strip().splitlines()[0][:160] if str(e).strip() else type(e).__name__}"
        if cf is None:
            reasons.append(reason)
            continue
        results[dtype] = _judge(tf, op, lambda cf=cf: tf.lite.TFLiteConverter.from_concrete_functions([cf]), log)
        if mode != "const_ints" and results[dtype]["builtins"] != "builtin":
            constant = _probe_constant_operands(tf, op, op_def, attrs, inputs, mode, log)
            if constant:
                results[dtype]["const_operands"] = constant
    if not results:
        return {"skipped": reasons[0] if reasons else "nothing to probe"}
    return {"dtypes": results, "dtype_attr": primary or "-"}


def _operand_args(op_def, inputs) -> list[str]:
    """The op's integer operands that are not its data: an axis, a shift, a shape, k, multiples
    (an int32/int64 input whose type is fixed or set by an attr other than the op's dtype attr)."""
    primary = op_def_dtype_attr(op_def.name)
    types = {name: t for name, t, is_list in inputs if not is_list}
    return [arg.name for arg in op_def.input_arg
            if arg.name in types and types[arg.name][0] in ("int32", "int64")
            and not arg.number_attr and (not arg.type_attr or arg.type_attr != primary)]


def _probe_constant_operands(tf, op: str, op_def, attrs, inputs, mode: str, log) -> dict | None:
    """The outcome with the op's integer operands given as constants instead of fed: a scalar 0,
    else a vector of ones as long as the probe's rank. None when the op has no such operand or
    neither constant traces."""
    names = _operand_args(op_def, inputs)
    if not names:
        return None
    rank = len(SHAPES[mode]) if SHAPES[mode] else 2
    for value in (0, [1] * rank):
        try:
            cf = _concrete(tf, op, attrs, inputs, mode, constant={n: value for n in names})
        except Exception:  # noqa: BLE001 - this constant does not fit the op: try the next
            continue
        entry = _judge(tf, op, lambda cf=cf: tf.lite.TFLiteConverter.from_concrete_functions([cf]), log)
        return {"operands": names, **entry}
    return None


def _xla_op(op: str):
    """An Xla* op, which tf.raw_ops leaves out: its generated wrapper (what jax2tf calls)."""
    from tensorflow.compiler.tf2xla.ops import gen_xla_ops  # noqa: PLC0415

    return getattr(gen_xla_ops, re.sub(r"(?<!^)(?=[A-Z])", "_", op).lower())


def _probe_variable(tf, op: str, dtype: str, log) -> dict:
    """A SavedModel whose one signature runs `op` on a tf.Variable of `dtype` (converted as a SavedModel,
    the way models holding variables are)."""
    if op in ("AssignAddVariableOp", "AssignSubVariableOp") and dtype in ("bool", "string"):
        return {"skipped": f"{op} does not take {dtype}"}
    d = tf.as_dtype(dtype)
    init = tf.fill([2, 3], "a") if dtype == "string" else tf.zeros([2, 3], d)
    module = tf.Module()
    module.v = tf.Variable(init)
    spec = tf.TensorSpec([2, 3], d)

    def fn(x):
        raw = tf.raw_ops
        if op == "ReadVariableOp":
            return raw.ReadVariableOp(resource=module.v.handle, dtype=d)
        if op == "ResourceGather":
            return raw.ResourceGather(resource=module.v.handle, indices=tf.constant([0]), dtype=d)
        getattr(raw, op)(resource=module.v.handle, value=x)
        return raw.ReadVariableOp(resource=module.v.handle, dtype=d)

    try:
        module.f = tf.function(fn, input_signature=[spec])
        with tempfile.TemporaryDirectory() as tmp:
            tf.saved_model.save(module, tmp, signatures=module.f.get_concrete_function())
            return _judge(tf, op, lambda: tf.lite.TFLiteConverter.from_saved_model(tmp), log)
    except Exception as e:  # noqa: BLE001
        return {"skipped": f"does not save: {str(e).strip().splitlines()[0][:160]}"}


def worker(ops: list[str], out_path: str) -> None:
    tf = _quiet_tf()
    LOG.parent.mkdir(exist_ok=True)
    with open(LOG, "a") as log, open(out_path, "a") as out:
        for op in ops:
            out.write(json.dumps({"op": op, "start": True}) + "\n")
            out.flush()
            try:
                result = _probe_op(tf, op, log)
            except Exception as e:  # noqa: BLE001
                result = {"skipped": f"probe error: {type(e).__name__}: {str(e)[:160]}"}
            out.write(json.dumps({"op": op, **result}) + "\n")
            out.flush()


# ------------------------------------------------------------------ parent side (no TensorFlow)

def candidate_ops() -> tuple[list[str], dict[str, str]]:
    ops = json.loads((REPO / "rules" / "data" / "tf_ops.json").read_text())["ops"]
    todo, skipped = [], {}
    for name, info in sorted(ops.items()):
        if name.startswith("_"):
            skipped[name] = "internal op"
        elif info.get("func_attrs"):
            skipped[name] = "function attr"
        else:
            todo.append(name)
    return todo, skipped


def run(ops: list[str], jobs: int) -> dict[str, dict]:
    """Probe `ops` in worker subprocesses; returns op -> result."""
    results: dict[str, dict] = {}
    pending = [ops[i:i + CHUNK] for i in range(0, len(ops), CHUNK)]
    running: list[tuple[subprocess.Popen, list[str], str]] = []
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    while pending or running:
        while pending and len(running) < jobs:
            chunk = pending.pop(0)
            fd, path = tempfile.mkstemp(suffix=".jsonl")
            os.close(fd)
            proc = subprocess.Popen([sys.executable, __file__, "--worker", ",".join(chunk), "--out", path],
                                    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            running.append((proc, chunk, path))
        time.sleep(0.5)
        for item in list(running):
            proc, chunk, path = item
            if proc.poll() is None:
                continue
            running.remove(item)
            started = None
            for line in Path(path).read_text().splitlines():
                row = json.loads(line)
                if row.pop("start", False):
                    started = row["op"]
                else:
                    results[row.pop("op")] = row
                    started = None
            os.unlink(path)
            if started is not None:  # the worker died inside this op
                results[started] = {"skipped": f"probe crashed the process (exit {proc.returncode})"}
                rest = chunk[chunk.index(started) + 1:]
                if rest:
                    pending.insert(0, rest)
            print(f"  {len(results)}/{len(ops)} ops", file=sys.stderr, flush=True)
    return results


def build_document(results: dict[str, dict], skipped: dict[str, str], tf_version: str, seconds: float) -> dict:
    allow = set(json.loads((REPO / "rules" / "data" / "tflite_flex_allowlist.json").read_text())["ops"])
    ops = {op: r["dtypes"] for op, r in sorted(results.items()) if r.get("dtypes")}
    dtype_attr = {op: r["dtype_attr"] for op, r in sorted(results.items()) if r.get("dtypes")}
    skipped = dict(sorted({**skipped, **{op: r.get("skipped", "no dtype could be probed")
                                          for op, r in results.items() if not r.get("dtypes")}}.items()))
    flex_ok = {op for op, ds in ops.items() if any(e.get("select") == "ok" and e["builtins"] != "builtin"
                                                    for e in ds.values())}
    named_custom = {op for op, ds in ops.items() if any(e["builtins"] == "custom" for e in ds.values())}
    named_flex = {op for op, ds in ops.items() if any(e["builtins"] == "select" for e in ds.values())}
    count = {k: sum(1 for ds in ops.values() for e in ds.values() if e["builtins"] == k)
             for k in ("builtin", "select", "custom", "undetermined")}
    return {
        "provenance": {
            "source": "the TFLite converter, measured on every op of the TensorFlow registry",
            "generated_by": "scripts/probe_tflite_registry.py (python scripts/probe_tflite.py --registry)",
            "url": "https://www.tensorflow.org/lite/guide/ops_select",
            "tensorflow_version": tf_version,
            "converter": "tf.lite.TFLiteConverter.from_concrete_functions (resource-variable ops: from_saved_model), "
                         "default options; TFLITE_BUILTINS only, then TFLITE_BUILTINS + SELECT_TF_OPS",
            "method": "one generic probe per (op, dtype): the raw op on function arguments of shape [2, 3] (else "
                      "[1, 4, 4, 2], else unknown shape, else integer inputs as constants); builtins = what conversion with builtins "
                      "only gave (converted: builtin; the converter's error code for this op: select = on its flex "
                      "allowlist, custom = not; otherwise undetermined); select = whether conversion with "
                      "SELECT_TF_OPS succeeded (only when builtins is not builtin); const_operands = the same "
                      "two conversions with the op's integer operands (axis, shift, k, ...; not its data) given "
                      "as constants (a scalar 0, else a vector of ones), when fed operands did not give "
                      "builtins. Generic shapes and computed "
                      "operands can make an op select that a real model lowers to builtins: builtin, "
                      "select-vs-custom and select fails do not depend on them",
            "dtypes": list(PROBE_DTYPES),
            "resource_variable_dtypes": list(RESOURCE_DTYPES),
            "generated_on": time.strftime("%Y-%m-%d"),
            "run_seconds": round(seconds),
            "counts": {"ops_probed": len(ops), "ops_skipped": len(skipped), "op_dtype_pairs": count},
        },
        "ops": ops,
        "dtype_attr": dtype_attr,
        "skipped": skipped,
        "allowlist_disagreements": {
            "on_converter_allowlist_not_in_transcription": sorted(named_flex - allow),
            "select_ok_not_in_transcription": sorted(flex_ok - allow),
            "in_transcription_but_not_on_converter_allowlist": sorted(named_custom & allow),
        },
    }


def dump(doc: dict) -> str:
    """One line per op, so that a regeneration diffs by op."""
    lines = ["{"]
    for i, (key, value) in enumerate(doc.items()):
        end = "," if i < len(doc) - 1 else ""
        if key in ("ops", "skipped", "dtype_attr"):
            body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in value.items())
            lines.append(f" {json.dumps(key)}: {{\n{body}\n }}{end}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, indent=1, sort_keys=True)}{end}".replace("\n", "\n "))
    return "\n".join(lines) + "\n}\n"


def _update(results: dict[str, dict]) -> None:
    """Replace these ops' rows of the written table (a partial re-measurement, noted in provenance)."""
    doc = json.loads(OUT.read_text())
    for op, r in results.items():
        for key in ("ops", "dtype_attr", "skipped"):
            doc[key].pop(op, None)
        if r.get("dtypes"):
            doc["ops"][op], doc["dtype_attr"][op] = r["dtypes"], r["dtype_attr"]
        else:
            doc["skipped"][op] = r.get("skipped", "no dtype could be probed")
    for key in ("ops", "dtype_attr", "skipped"):
        doc[key] = dict(sorted(doc[key].items()))
    doc["provenance"].setdefault("updates", []).append(
        f"{time.strftime('%Y-%m-%d')}: re-measured {', '.join(sorted(results))} (--only ... --update)")
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(dump(doc))
    os.replace(tmp, OUT)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="comma-separated ops: probe these, print the results, write nothing")
    ap.add_argument("--update", action="store_true", help="with --only: write those ops' results into the table")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker.split(","), args.out)
        return 0
    start = time.time()
    if args.only:
        results = run(args.only.split(","), 1)
        for op, r in results.items():
            print(op, json.dumps(r, sort_keys=True))
        if args.update:
            _update(results)
        return 0
    todo, skipped = candidate_ops()
    results = run(todo, args.jobs)
    version = subprocess.run([sys.executable, "-c", "import tensorflow as tf; print(tf.__version__)"],
                             capture_output=True, text=True, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
                             ).stdout.strip()
    doc = build_document(results, skipped, version, time.time() - start)
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(dump(doc))
    os.replace(tmp, OUT)
    print(json.dumps(doc["provenance"]["counts"]), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
