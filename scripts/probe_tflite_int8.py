#!/usr/bin/env python3
"""Measure which ops survive full-integer (int8) TFLite quantization (maintainer tool, not run by tests).

    python scripts/probe_tflite_int8.py                 # every probe -> rules/data/tflite_int8_support.json
                                                        #               + rules/data/tflite_lowering.json
    python scripts/probe_tflite_int8.py --only Conv2D   # the probes whose name contains "Conv2D"; print only
    python scripts/probe_tflite_int8.py --list          # list the probes without running them

Reuses the probes of scripts/probe_tflite.py (raw TF ops in several dtypes, every Keras layer; "variant"
probes are not run).  Each probe is converted twice:

  1. float, `target_spec.supported_ops = [TFLITE_BUILTINS]` (exactly as probe_tflite.py does).  A probe that
     does not convert is "not_builtin" (it needs Select TF ops or custom ops: tflite_op_support.json's business)
     and goes no further.  The TFLite builtins of the float model give the TF op -> builtin lowering.
  2. full-integer, the way users quantize in TF 2.21: `optimizations = [tf.lite.Optimize.DEFAULT]`,
     `representative_dataset` = SAMPLES samples shaped from the float model's input signature (unknown dims -> 1;
     float inputs uniform in [-1, 1), integer inputs 0/1 random, then zeros, then ones, then unknown dims 32,
     while calibration fails; bools False, strings "a": accelcheck.confirm.tflite_int8.CALIBRATIONS),
     `target_spec.supported_ops = [TFLITE_BUILTINS_INT8]`, `inference_input_type = inference_output_type = int8`.

Judging the int8 model (read with the flatbuffer schema): an operator "ran in float" when one of its input or
output tensors is a float (float32/float16/float64/bfloat16) tensor without a constant buffer; QUANTIZE is exempt
(its float input is the model boundary).  The probe's outcome is
  "int8"        no operator ran in float (every tensor integer: quantized int8, or plain int32/bool, ...);
  "float"       some operator ran in float: the converter wrapped it in DEQUANTIZE/QUANTIZE (float fallback);
  "fails"       the int8 conversion raised although the float conversion succeeded;
  "not_builtin" the float conversion with builtins only already failed.

Attribution (see build_documents): single-op raw probes (the probed op is the one non-structural op of the live graph) give it
the probe's outcome and lowering; multi-op probes (composite raw probes, Keras layers) attribute only where the
single-op lowering table makes it unambiguous; Keras layers are also reported whole under "keras".  The worst
outcome is kept (fails > float > int8) and disagreements are listed in provenance "conflicts".

Every probe runs in a worker subprocess (chunks; a probe that crashes or hangs its worker is recorded, the worker
restarted after it, and the probe run again alone in a fresh process: a crash there during the int8 conversion is
"fails" with the innermost Python frame; Keras RNNs segfault the calibrator).  The converter errors and the
operators of both models go to build/probe_tflite_int8.log (not committed).  ~1740 probes, ~5 minutes on 2 cores.
TensorFlow is imported only inside this script (and probe_tflite.py, whose probes it runs).
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import probe_tflite as P  # noqa: E402 - sibling script; imports TensorFlow lazily (P.import_tf)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from accelcheck.confirm.tflite_int8 import CALIBRATIONS, SAMPLES, sample_array  # noqa: E402

REPO_ROOT = P.REPO_ROOT
OUT_SUPPORT = REPO_ROOT / "rules" / "data" / "tflite_int8_support.json"
OUT_LOWERING = REPO_ROOT / "rules" / "data" / "tflite_lowering.json"
DEFAULT_LOG = REPO_ROOT / "build" / "probe_tflite_int8.log"
GENERATED_BY = "scripts/probe_tflite_int8.py"

CHUNK = 120
PROBE_TIMEOUT = 300  # seconds without progress before a worker is killed
QDQ = ("QUANTIZE", "DEQUANTIZE")
INT8_RANK = {"int8": 0, "float": 1, "fails": 2}
# Plumbing that says nothing about int8 support (it is folded, removed or frozen by the converter).
STRUCTURAL = set(P.STRUCTURAL_CANDIDATES)


# ----------------------------------------------------------------------------------------------
# Worker side (TensorFlow)
# ----------------------------------------------------------------------------------------------

def all_probes():
    """(probes, statically skipped {name: reason}, keras aliases) exactly as probe_tflite.py builds them."""
    P.import_tf()
    ps = P.ProbeSet()
    P.build_raw_probes(ps)
    skipped, aliases = P.build_keras_probes(ps)
    return ps.probes, skipped, aliases


def representative_dataset(float_model: bytes, fill: str = "random", unknown: int = 1):
    """A representative_dataset generator for the model: SAMPLES samples shaped from its input signature,
    made as the full-integer oracle makes them (accelcheck.confirm.tflite_int8.sample_array).

    Keyed by signature input name when the model has one signature (SavedModel and trackable conversions),
    else a list in the model's input order (concrete functions converted without trackable_obj).
    """
    import numpy as np  # noqa: PLC0415

    interp = P.tf.lite.Interpreter(model_content=float_model)
    sigs = interp.get_signature_list()
    if len(sigs) == 1:
        details = interp.get_signature_runner().get_input_details()
    else:
        details = {i: d for i, d in enumerate(interp.get_input_details())}

    def sample(d, rng):
        shape = [int(s) for s in d.get("shape_signature", d["shape"])]
        return sample_array(np, np.dtype(d["dtype"]).name if np.dtype(d["dtype"]).kind != "O" else "string",
                            shape, rng, fill, unknown)

    def gen():
        rng = np.random.default_rng(0)
        for _ in range(SAMPLES):
            values = {k: sample(d, rng) for k, d in details.items()}
            yield values if len(sigs) == 1 else [values[i] for i in sorted(values)]

    return gen


def convert_int8(built, float_model: bytes) -> bytes:
    """Full-integer conversion, calibrated with each way of making inputs in turn until one works (as the
    oracle does: a kernel failing on generated indices or sizes says nothing about int8 kernels)."""
    tf = P.tf
    for fill, unknown in CALIBRATIONS:
        conv = P.make_converter(built)
        conv.optimizations = [tf.lite.Optimize.DEFAULT]
        conv.representative_dataset = representative_dataset(float_model, fill, unknown)
        conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        conv.inference_input_type = tf.int8
        conv.inference_output_type = tf.int8
        try:
            return conv.convert()
        except Exception:  # noqa: BLE001 - the next fill; the last one's error is the probe's outcome
            if (fill, unknown) == CALIBRATIONS[-1]:
                raise
    raise AssertionError("unreachable")


def inspect_model(model: bytes) -> dict:
    """Per builtin of a TFLite model: how its operator instances ran; and the model's live float types.

    An instance is "float" when an input or output is a non-constant float tensor, else "int8" when it touches
    a quantized (int8/uint8/int16/int4) tensor, else "int" (plain integer/bool computation).
    """
    from tensorflow.lite.python import schema_py_generated as schema  # noqa: PLC0415

    T = schema.TensorType
    floats = {T.FLOAT32: "float32", T.FLOAT16: "float16", T.FLOAT64: "float64"}
    if hasattr(T, "BFLOAT16"):
        floats[T.BFLOAT16] = "bfloat16"
    quant = {T.INT8, T.UINT8, T.INT16} | ({T.INT4} if hasattr(T, "INT4") else set())
    names = {v: k for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}
    m = schema.Model.GetRootAsModel(model, 0)

    def constant(sg, t) -> bool:
        b = sg.Tensors(t).Buffer()
        if b <= 0 or b >= m.BuffersLength():
            return False
        buf = m.Buffers(b)
        return buf.DataLength() > 0 or (hasattr(buf, "Size") and buf.Size() > 0)

    instances: dict[str, set[str]] = {}
    live_float_types: set[str] = set()
    for s in range(m.SubgraphsLength()):
        sg = m.Subgraphs(s)
        for i in range(sg.OperatorsLength()):
            op = sg.Operators(i)
            oc = m.OperatorCodes(op.OpcodeIndex())
            code = max(oc.BuiltinCode(), oc.DeprecatedBuiltinCode())
            custom = oc.CustomCode()
            name = f"custom:{custom.decode()}" if custom else names.get(code, str(code))
            tensors = [op.Inputs(j) for j in range(op.InputsLength())] + \
                      [op.Outputs(j) for j in range(op.OutputsLength())]
            tensors = [t for t in tensors if t >= 0]
            types = [(sg.Tensors(t).Type(), constant(sg, t)) for t in tensors]
            live_float = {floats[ty] for ty, c in types if ty in floats and not c}
            live_float_types |= live_float
            if live_float:
                kind = "float"
            elif any(ty in quant for ty, _ in types):
                kind = "int8"
            else:
                kind = "int"
            instances.setdefault(name, set()).add(kind)
    return {"instances": {k: sorted(v) for k, v in sorted(instances.items())},
            "live_float_types": sorted(live_float_types)}


def error_detail(e: Exception) -> dict:
    errors = list(getattr(e, "errors", []) or [])
    codes = sorted({int(x.error_code) for x in errors})
    ops = sorted({x.operator.name for x in errors if x.operator.name})
    detail = next((x.error_message for x in errors if x.error_message), "") or str(e).replace(
        "Could not translate MLIR to FlatBuffer.", "")
    return {"error": f"{type(e).__name__}: {P.first_line(detail)}", "error_codes": codes, "error_ops": ops}


def run_one(probe, log, mark: Callable[[dict], None] = lambda row: None) -> dict:
    t0 = time.time()
    row: dict = {"name": probe.name, "family": probe.family, "targets": list(probe.targets)}
    buf = io.StringIO()
    with P.captured_stderr() as err_box:
        try:
            built = probe.build()
        except P.SkipProbe as e:
            row["status"], row["reason"] = "skipped", str(e)
        except Exception as e:  # noqa: BLE001 - the reason is what we report
            row["status"] = "skipped"
            row["reason"] = f"cannot build: {type(e).__name__}: {P.first_line(str(e))}"
            buf.write(f"\n=== {probe.name}: BUILD FAILED\n{traceback.format_exc()}\n")
        else:
            try:
                _convert_both(probe, built, row, buf, mark)
            finally:
                if built.saved_model_dir:
                    shutil.rmtree(built.saved_model_dir, ignore_errors=True)
    if row.get("error", "").endswith(": "):  # an exception without a message: the converter's own words
        said = next((ln.strip() for ln in err_box.get("text", "").splitlines() if "error:" in ln), "")
        row["error"] += said[:280]
    if row.get("status") in ("not_builtin", "fails") and err_box.get("text", "").strip():
        buf.write(f"--- converter stderr (tail):\n{err_box['text'][-6000:]}\n")
    row["seconds"] = round(time.time() - t0, 2)
    log.write(buf.getvalue())
    log.flush()
    return row


def _convert_both(probe, built, row: dict, buf, mark) -> None:
    nodes = built.nodes or (P.saved_model_nodes(built.saved_model_dir) if built.saved_model_dir
                            else P.concrete_function_nodes(built.cf))
    row["nodes"] = sorted({(n.op, n.dtype, bool(n.folded)) for n in nodes})
    row["pairs"] = sorted({(n.op, n.pair) for n in nodes if n.pair and not n.folded})
    graph = P.describe_nodes(nodes)
    try:
        float_model = P.make_converter(built).convert()
    except Exception as e:  # noqa: BLE001
        row.update(status="not_builtin", **error_detail(e))
        buf.write(f"\n=== {probe.name}: NOT BUILTIN (float conversion failed)\ngraph ops: {graph}\n"
                  f"{row['error']}\n")
        return
    row["float_tflite"], _ = P.tflite_operators(float_model)
    row["float_live_types"] = inspect_model(float_model)["live_float_types"]
    mark(row)  # if the int8 conversion kills the process, the parent knows the float conversion succeeded
    try:
        model = convert_int8(built, float_model)
    except Exception as e:  # noqa: BLE001
        row.update(status="fails", **error_detail(e))
        buf.write(f"\n=== {probe.name}: INT8 FAILS\ngraph ops: {graph}\nfloat: {row['float_tflite']}\n"
                  f"codes {row['error_codes']} ops {row['error_ops']}\n--- str(exception):\n{str(e)[:8000]}\n")
        return
    info = inspect_model(model)
    row["instances"] = info["instances"]
    row["int8_tflite"] = sorted(info["instances"])
    row["float_ops"] = sorted(k for k, v in info["instances"].items() if "float" in v and k != "QUANTIZE")
    row["status"] = "float" if row["float_ops"] else "int8"
    ops_detail = P.tf.lite.Interpreter(model_content=model)._get_ops_details()
    buf.write(f"\n=== {probe.name}: {row['status'].upper()} ({len(model)} bytes)\ngraph ops: {graph}\n"
              f"float: {row['float_tflite']}\nint8 operators: {[o['op_name'] for o in ops_detail]}\n"
              f"instances: {row['instances']}\n")


def worker(names: list[str], out_path: str, log_path: str) -> None:
    fault = open(out_path + ".fault", "w")  # noqa: SIM115 - faulthandler writes here when a probe kills us
    faulthandler.enable(file=fault)
    probes, _, _ = all_probes()
    by_name = {p.name: p for p in probes}
    with open(log_path, "a", encoding="utf-8") as log, open(out_path, "a", encoding="utf-8") as out:
        def mark(row: dict) -> None:
            out.write(json.dumps({"name": row["name"], "stage": "int8", "row": row}) + "\n")
            out.flush()

        for name in names:
            out.write(json.dumps({"name": name, "start": True}) + "\n")
            out.flush()
            try:
                row = run_one(by_name[name], log, mark)
            except Exception as e:  # noqa: BLE001
                row = {"name": name, "status": "skipped",
                       "reason": f"probe error: {type(e).__name__}: {P.first_line(str(e))}"}
            out.write(json.dumps(row) + "\n")
            out.flush()


# ----------------------------------------------------------------------------------------------
# Parent side: workers, then aggregation (no TensorFlow needed)
# ----------------------------------------------------------------------------------------------

def run(names: list[str], jobs: int, log_path: Path, chunk: int = CHUNK, retry: bool = True) -> dict[str, dict]:
    """Run the probes `names` in worker subprocesses; returns name -> row (in any order).

    A probe that kills (or hangs) its worker is recorded and the worker restarted after it.  With `retry`,
    each such probe is then run again alone in a fresh worker, and that result is kept: a crash that only
    happens after other probes ran in the same process is not the probe's own.
    """
    rows: dict[str, dict] = {}
    pending = [names[i:i + chunk] for i in range(0, len(names), chunk)]
    running: list[dict] = []
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    t0 = time.time()
    crashed: list[str] = []
    while pending or running:
        while pending and len(running) < jobs:
            part = pending.pop(0)
            fd, names_path = tempfile.mkstemp(suffix=".json", prefix="probe_int8_")
            with os.fdopen(fd, "w") as f:
                json.dump(part, f)
            fd, out_path = tempfile.mkstemp(suffix=".jsonl", prefix="probe_int8_")
            os.close(fd)
            proc = subprocess.Popen([sys.executable, __file__, "--worker", names_path, "--worker-out", out_path,
                                     "--log", str(log_path)], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            running.append(dict(proc=proc, part=part, names=names_path, out=out_path, size=0, moved=time.time(),
                                killed=False))
        time.sleep(0.5)
        for w in list(running):
            size = os.path.getsize(w["out"])
            if size != w["size"]:
                w["size"], w["moved"] = size, time.time()
            elif w["proc"].poll() is None and time.time() - w["moved"] > PROBE_TIMEOUT and not w["killed"]:
                w["proc"].kill()  # our own worker, by its Popen handle
                w["killed"] = True
            if w["proc"].poll() is None:
                continue
            running.remove(w)
            started, partial = None, None
            for line in Path(w["out"]).read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                if row.pop("start", False):
                    started, partial = row["name"], None
                elif row.get("stage"):
                    partial = row["row"]
                else:
                    rows[row["name"]] = row
                    started = None
                    _progress(row, len(rows), len(names), t0)
            fault_path = Path(w["out"] + ".fault")
            fault = fault_path.read_text(encoding="utf-8", errors="replace") if fault_path.exists() else ""
            for path in (w["out"], w["names"], str(fault_path)):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            if started is not None:
                rows[started] = _crash_row(started, partial, w, fault)
                crashed.append(started)
                with open(log_path, "a", encoding="utf-8") as log:
                    log.write(f"\n=== {started}: {rows[started].get('error') or rows[started].get('reason')}\n"
                              f"{fault[-4000:]}\n")
                _progress(rows[started], len(rows), len(names), t0)
                rest = w["part"][w["part"].index(started) + 1:]
                if rest:
                    pending.insert(0, rest)
            elif w["proc"].returncode and not any(n in rows for n in w["part"]):
                for n in w["part"]:
                    rows[n] = {"name": n, "status": "skipped", "reason": f"worker failed (exit {w['proc'].returncode})"}
    if retry and crashed:
        print(f"retrying {len(crashed)} probe(s) that killed their worker, each alone in a fresh process", flush=True)
        again = run(crashed, jobs, log_path, chunk=1, retry=False)
        for name, row in again.items():
            if not row.get("crash"):
                row["crash_not_reproduced"] = rows[name].get("error") or rows[name].get("reason")
            rows[name] = row
    return rows


def _crash_row(name: str, partial: dict | None, w: dict, fault: str) -> dict:
    """The row of a probe during which its worker died: 'fails' when the float conversion had succeeded."""
    code = w["proc"].returncode
    how = (f"hung: no progress for {PROBE_TIMEOUT}s, worker killed" if w["killed"]
           else f"crashed the converter process ({_signal_name(code)})")
    frame = next((ln.strip() for ln in fault.splitlines() if ln.strip().startswith("File ")), "")
    where = re.sub(r'File ".*/site-packages/', 'File "', frame)
    if partial is not None:  # died inside the int8 conversion
        return dict(partial, status="fails", crash=True,
                    error=f"int8 conversion {how}{' in ' + where if where else ''}", error_codes=[], error_ops=[])
    return {"name": name, "status": "skipped", "crash": True, "reason": f"{how}{' in ' + where if where else ''}"}


def _signal_name(code: int | None) -> str:
    if code is not None and code < 0:
        with contextlib.suppress(ValueError):
            return f"{signal.Signals(-code).name}"
    return f"exit {code}"


def _progress(row: dict, done: int, total: int, t0: float) -> None:
    extra = ""
    if row.get("float_ops"):
        extra = " " + ",".join(row["float_ops"])
    elif row["status"] in ("fails", "skipped"):
        extra = " " + (row.get("error") or row.get("reason") or "")[:110]
    print(f"[{done:4d}/{total} {time.time() - t0:6.0f}s] {row['name']}: {row['status']}{extra}", flush=True)


def content(row: dict) -> set[tuple[str, str]]:
    """(op, dtype) of the live, non-folded, non-structural nodes of a probe (its targets count even if structural)."""
    targets = set(row.get("targets", ()))
    return {(op, dtype) for op, dtype, folded in row.get("nodes", ())
            if not folded and (op in targets or op not in STRUCTURAL)}


def single_op(row: dict) -> bool:
    """A raw probe whose live graph holds one op type besides plumbing, and that op is what it probes (not,
    say, only the input cast of a probe whose target was folded away)."""
    ops = {op for op, _ in content(row)}
    return row.get("family") == "raw" and len(ops) == 1 and ops <= set(row.get("targets", ()))


def builtins_of(ops) -> list[str]:
    return sorted(o for o in ops if o not in QDQ)


def build_lowering(rows: list[dict]) -> tuple[dict, dict, dict]:
    """TF op -> sorted builtins (union over dtypes), op -> dtype -> builtins, op -> evidence probes."""
    by_dtype: dict[str, dict[str, set[str]]] = {}
    evidence: dict[str, list[str]] = {}
    for r in rows:
        if r.get("status") not in ("int8", "float", "fails") or not single_op(r):
            continue
        for op, dtype in content(r):
            by_dtype.setdefault(op, {}).setdefault(dtype, set()).update(builtins_of(r["float_tflite"]))
            evidence.setdefault(op, []).append(r["name"])
    union = {op: sorted(set().union(*d.values())) for op, d in sorted(by_dtype.items())}
    per_dtype = {op: {dt: sorted(s) for dt, s in sorted(d.items())} for op, d in sorted(by_dtype.items())}
    return union, per_dtype, {op: sorted(v) for op, v in sorted(evidence.items())}


def attribute_multi(r: dict, lowering: dict[str, list[str]]) -> tuple[dict[tuple[str, str], str], list[str]]:
    """Outcomes a multi-op probe gives its (op, dtype)s where unambiguous, and the ops it leaves unattributed."""
    ops = content(r)
    status = r["status"]
    if status == "fails":
        named = {n.split(".", 1)[1] if n.startswith("tf.") else n for n in r.get("error_ops", ())}
        hits = {k: "fails" for k in ops if k[0] in named}
        return hits, sorted(f"{op}[{dt}]" for op, dt in ops if (op, dt) not in hits)
    floats = set(builtins_of(r.get("float_ops", ())))
    inst = r.get("instances", {})
    out, left = {}, []
    for op, dt in sorted(ops):
        low = set(lowering.get(op, ()))
        mine = low & floats
        others = set().union(*(set(lowering.get(o, ())) for o, _ in ops if o != op))
        if mine - others:  # a builtin only this op lowers to ran in float
            out[(op, dt)] = "float"
        elif low and not mine and all(b in inst and "float" not in inst[b] for b in low):
            out[(op, dt)] = "int8"  # everything it lowers to is there and ran integer
        elif status == "float":
            left.append(f"{op}[{dt}]")
    return out, left


def build_documents(rows: dict[str, dict], skipped_static: dict[str, str], variants: dict[str, str],
                    aliases: dict, tf_version: str, keras_version: str, seconds: float) -> tuple[dict, dict]:
    ran = [rows[n] for n in sorted(rows)]
    measured = [r for r in ran if r["status"] in ("int8", "float", "fails")]
    lowering, lowering_by_dtype, lowering_evidence = build_lowering(ran)

    # --- TF op -> dtype -> outcome --------------------------------------------------------------
    seen: dict[tuple[str, str], dict[str, list[str]]] = {}

    unattributed: dict[str, list[str]] = {}
    for r in measured:
        if single_op(r) and not (r["status"] == "float" and not builtins_of(r["float_ops"])):
            for key in content(r):
                P.note_outcome(seen, key, r["status"], r["name"])
    for r in measured:
        if single_op(r):
            continue
        hits, left = attribute_multi(r, lowering)
        for key, outcome in hits.items():
            P.note_outcome(seen, key, outcome, r["name"])
        if left:
            unattributed[r["name"]] = left
    # Evidence: a single-op probe where there is one.
    ops, evidence, conflicts = P.worst_outcomes(
        seen, INT8_RANK, lambda probes: ([p for p in probes if single_op(rows[p])] or sorted(probes))[0])

    # Cast and hash tables: outcome per dtype pair (src->dst, key->value), from their single-op probes.
    pair_seen: dict[tuple[str, str], set[str]] = {}
    for r in measured:
        if single_op(r):
            for op, pair in r.get("pairs", ()):
                pair_seen.setdefault((op, pair), set()).add(r["status"])
    pairs: dict[str, dict[str, str]] = {}
    for (op, pair), outcomes in sorted(pair_seen.items()):
        pairs.setdefault(op, {})[pair] = max(outcomes, key=INT8_RANK.__getitem__)

    # --- TFLite builtin -> int8 | float (float32 probes only) -----------------------------------
    # Per probe, a builtin ran "float" (some instance did), else "int8" (on quantized tensors), else "int"
    # (plain integer/bool computation only).
    b_seen: dict[str, dict[str, list[str]]] = {}
    b_alone: dict[str, dict[str, list[str]]] = {}
    for r in measured:
        if r["status"] == "fails" or set(r.get("float_live_types", ())) - {"float32"}:
            continue  # float16/float64 models are not quantized to int8 by design: they say nothing here
        inst = {b: k for b, k in r.get("instances", {}).items() if b not in QDQ}
        for b, kinds in inst.items():
            kind = "float" if "float" in kinds else ("int8" if "int8" in kinds else "int")
            b_seen.setdefault(b, {}).setdefault(kind, []).append(r["name"])
            if len(inst) == 1:
                b_alone.setdefault(b, {}).setdefault(kind, []).append(r["name"])
    tflite_ops, tflite_evidence, tflite_mixed = {}, {}, {}
    for b, by in sorted(b_seen.items()):
        verdict = "float" if "float" in by else "int8"
        tflite_ops[b] = verdict
        shown = by.get("float") or by.get("int8", []) + by.get("int", [])
        singles = [p for p in shown if single_op(rows[p])]
        tflite_evidence[b] = (singles or sorted(shown))[0]
        if "float" in by and len(by) > 1:
            tflite_mixed[b] = {k: sorted(v)[:4] + ([f"... {len(v)} probes"] if len(v) > 4 else [])
                               for k, v in sorted(by.items())}
    tflite_alone = {b: "float" if "float" in by else "int8" for b, by in sorted(b_alone.items())}
    integer_only = sorted(b for b, v in tflite_ops.items() if v == "int8" and "int8" not in b_seen[b])

    # --- Keras layers, probes -------------------------------------------------------------------
    keras_out = {r["name"][len("keras."):]: r["status"] for r in ran
                 if r.get("family") == "keras" and r["status"] not in ("skipped",)}
    probes = {}
    for r in ran:
        if r["status"] == "skipped":
            continue
        entry = {"int8": r["status"]}
        if r.get("float_ops"):
            entry["float_ops"] = r["float_ops"]
        if r.get("int8_tflite"):
            entry["tflite"] = builtins_of(r["int8_tflite"])
        if r.get("error"):
            entry["error"] = r["error"][:300]
        if r.get("error_ops"):
            entry["error_ops"] = r["error_ops"]
        if r.get("crash"):
            entry["crash"] = True
        probes[r["name"]] = entry
    skipped = dict(skipped_static)
    skipped.update({r["name"]: r.get("reason", "") for r in ran if r["status"] == "skipped"})
    status_counts: dict[str, int] = {}
    for r in ran:
        status_counts[r["status"]] = status_counts.get(r["status"], 0) + 1
    dq_only = sorted(r["name"] for r in measured if r["status"] == "float" and not builtins_of(r["float_ops"]))

    def count(table):
        return {o: sum(1 for d in table.values() for v in (d.values() if isinstance(d, dict) else [d]) if v == o)
                for o in ("int8", "float", "fails")}

    common = {
        "tensorflow_version": tf_version,
        "keras_version": keras_version,
        "generated_by": GENERATED_BY,
        "generated_on": P.today(),
    }
    method = (
        "The non-variant probes of scripts/probe_tflite.py (raw TF ops on placeholders of one dtype via "
        "from_concrete_functions; Keras layers exported with keras.export.ExportArchive and converted with "
        "from_saved_model) were each converted twice with tf.lite.TFLiteConverter: (1) float, "
        "target_spec.supported_ops=[TFLITE_BUILTINS] only; a probe that fails here is 'not_builtin' and is not "
        "quantized; (2) full-integer: optimizations=[tf.lite.Optimize.DEFAULT], representative_dataset of "
        f"{SAMPLES} samples shaped from the float model's input signature (unknown dims 1; float inputs uniform in "
        "[-1, 1), integer inputs 0/1, bool random, string 'a'), target_spec.supported_ops=[TFLITE_BUILTINS_INT8], "
        "inference_input_type=inference_output_type=tf.int8. The int8 model is read with the flatbuffer schema: "
        "an operator ran in float when any of its input/output tensors is a float32/float16/float64/bfloat16 "
        "tensor without a constant buffer (QUANTIZE exempt: its float input is the model boundary; a DEQUANTIZE "
        "feeding a float op is the float fallback). Probe outcome: 'int8' (no operator ran in float), 'float' "
        "(some operator did; 'float_ops' lists them), 'fails' (the int8 conversion raised; first error line, "
        "ConverterError codes and op names kept), 'not_builtin' (the float builtins-only conversion failed).")
    support_prov = {
        "source": "measured with the TFLite converter: full-integer (int8) post-training quantization",
        **common,
        "method": method,
        "attribution": (
            "ops: a single-op raw probe (exactly one non-structural op type among its live, non-folded nodes, "
            "and it is the op the probe targets) gives that (op, dtype) the probe's outcome. A multi-op probe (composite raw probe, Keras layer) "
            "attributes only where unambiguous, using the single-op lowering (tflite_lowering.json): an op is "
            "'float' when a builtin it lowers to ran in float and no other op of the probe lowers to that "
            "builtin; 'int8' when every builtin it lowers to (a non-empty set) is present in the int8 model and "
            "ran integer (so ops fused away, e.g. Erfc inside tf.nn.gelu -> GELU, get nothing from the probe); "
            "a 'fails' probe blames only the ops its ConverterError names. Keras layers are also reported "
            "whole under 'keras'. Different outcomes for the same "
            "(op, dtype): the worst is kept (fails > float > int8), see 'conflicts'. tflite_ops: every operator "
            "instance in the int8 models of probes whose float model computes in float32 only (float16/float64 "
            "models are not int8-quantized by design, and probes whose int8 conversion failed have no model); "
            "a builtin is 'float' if any instance ran in float, else 'int8'. QUANTIZE and DEQUANTIZE are left out "
            "of tflite_ops (they are the boundary, not the computation)."),
        "dtype_key": ("the dtype of an (op, dtype) entry is the node's primary type attr, keyed exactly as in "
                      "tflite_op_support.json (see its provenance.dtype_key and dtype_attr)."),
        "outcomes": {
            "int8": "ran fully integer: no operator with a non-constant float input or output (for integer "
                    "dtypes this means plain integer kernels, e.g. int32 ADD, not quantized int8 ones)",
            "float": "converted, but at least one TFLite operator it lowered to ran in float between "
                     "DEQUANTIZE/QUANTIZE (float fallback): not fully integer, e.g. not for int8-only "
                     "accelerators",
            "fails": "the int8 conversion raised although the float builtins-only conversion succeeded",
            "not_builtin": "(probes only) the float builtins-only conversion already failed: needs Select TF "
                           "ops or custom ops (see tflite_op_support.json); not quantized",
        },
        "counts": {
            "ops": len(ops), "op_dtype_pairs": sum(len(v) for v in ops.values()), **count(ops),
            "keras_layers": len(keras_out),
            "keras": {o: sum(1 for v in keras_out.values() if v == o) for o in ("int8", "float", "fails", "not_builtin")},
            "tflite_ops": len(tflite_ops),
            "tflite_int8": sum(1 for v in tflite_ops.values() if v == "int8"),
            "tflite_float": sum(1 for v in tflite_ops.values() if v == "float"),
            "probes": len(probes), "probes_by_outcome": dict(sorted(status_counts.items())),
            "probes_skipped": len(skipped), "variant_probes_not_run": len(variants), "seconds": round(seconds),
        },
        "skipped": dict(sorted(skipped.items())),
        "variants_not_run": ("probes with non-default attrs/shapes, training=True or exotic model input dtypes "
                             "(probe_tflite.py 'variants') are not run: " + str(len(variants)) + " probes"),
        "conflicts": conflicts,
        "unattributed": dict(sorted(unattributed.items())),
        "tflite_mixed": tflite_mixed,
        "tflite_integer_only": integer_only,
        "dequantize_only": dq_only,
        "crashes": {r["name"]: r.get("error") or r.get("reason") for r in ran if r.get("crash")},
        "crash_not_reproduced": {r["name"]: r["crash_not_reproduced"] for r in ran if r.get("crash_not_reproduced")},
        "keras_aliases": aliases,
        "notes": {
            "ops": "TF op -> dtype -> int8 | float | fails; a missing op or dtype means not measured (or not_builtin).",
            "evidence": "op -> dtype -> one probe showing the recorded outcome (a single-op probe when there is one).",
            "keras": "Keras layer (probe name without 'keras.') -> the whole layer's outcome, incl. not_builtin.",
            "tflite_ops": "TFLite builtin (schema name) -> int8 | float; tflite_evidence names one probe showing it.",
            "probes": ("every probe run -> int8 outcome, 'float_ops' (operators that ran in float, DEQUANTIZE "
                       "included), 'tflite' (builtins of the int8 model, Q/DQ left out), 'error' (first line) "
                       "and 'error_ops' (ops the ConverterError names) when it failed."),
            "conflicts": "(op, dtype) with different outcomes in different probes (up to 4 probes each); the worst is kept.",
            "unattributed": "multi-op probes: the (op, dtype)s their outcome could not be pinned on.",
            "tflite_mixed": ("builtins marked float that ran integer in other probes (up to 4 probes each; 'int8' = "
                             "on quantized tensors, 'int' = plain integer dtypes only): a float-only kernel next to "
                             "integer ones (FLOOR_DIV), an attr/shape the int8 kernel lacks, or a float neighbour "
                             "in a multi-op probe keeping the builtin in float (SELECT in tf.Lgamma)."),
            "tflite_alone": ("builtin -> int8 | float from the probes where it was the only builtin of the model "
                             "(QUANTIZE/DEQUANTIZE aside): free of float neighbours; prefer it over tflite_ops "
                             "where the two differ."),
            "pairs": ("op -> src->dst (Cast) or key->value (tables) -> outcome, from single-op probes: Cast is "
                      "keyed by DstT in 'ops', but whether it runs integer depends on the source type (a cast "
                      "from float32 runs in float after a DEQUANTIZE)."),
            "tflite_integer_only": ("builtins marked int8 only from instances without any quantized tensor "
                                    "(int32/int64/bool computation): no int8 kernel was exercised."),
            "dequantize_only": ("probes whose only float operator is DEQUANTIZE: the model is nothing but a "
                                "QUANTIZE/DEQUANTIZE pair (a lone fake-quant op) and its output stayed float. "
                                "'float' in 'probes', but they give their op no outcome in 'ops': in a real "
                                "(QAT) model the fake-quant becomes its neighbours' quantization parameters."),
            "crashes": ("probes whose conversion killed the process (segfault/abort, innermost Python frame "
                        "given), reproduced alone in a fresh process; during the int8 conversion they count as "
                        "'fails' (probes entry 'crash': true)."),
            "crash_not_reproduced": ("probes that killed a worker after other probes had run in it but converted "
                                     "when run alone (the recorded result is the lone run's)."),
        },
    }
    support = {
        "provenance": support_prov,
        "ops": ops,
        "evidence": evidence,
        "keras": dict(sorted(keras_out.items())),
        "pairs": pairs,
        "tflite_ops": tflite_ops,
        "tflite_alone": tflite_alone,
        "tflite_evidence": tflite_evidence,
        "probes": dict(sorted(probes.items())),
    }

    differing = {op: d for op, d in lowering_by_dtype.items() if len({tuple(v) for v in d.values()}) > 1}
    composite = {}
    for r in ran:
        if r["status"] in ("int8", "float", "fails") and not single_op(r):
            key = r["name"][len("keras."):] if r.get("family") == "keras" else r["name"]
            composite.setdefault("keras" if r.get("family") == "keras" else "patterns", {})[key] = {
                "tf_ops": sorted({op for op, _ in content(r)}), "tflite": builtins_of(r["float_tflite"])}
    lowering_prov = {
        "source": "measured with the TFLite converter: builtins-only float conversion",
        **common,
        "method": (
            "The non-variant probes of scripts/probe_tflite.py that convert with "
            "target_spec.supported_ops=[TFLITE_BUILTINS] (float, no optimizations); the TFLite builtins of each "
            "model are read from its flatbuffer (OperatorCodes). 'ops' comes from single-op raw probes only "
            "(exactly one non-structural op type among the live, non-folded nodes, the probe's target): TF op -> the sorted union "
            "over its probed dtypes of the builtins its probe emitted, QUANTIZE/DEQUANTIZE left out. [] = the "
            "converter removed or folded the op (Identity, StopGradient, ...). Ops whose probe folds them "
            "(all inputs constant) or whose probes all fail with builtins only are absent."),
        "counts": {"ops": len(lowering), "empty": sum(1 for v in lowering.values() if not v),
                   "builtins": len(set().union(*map(set, lowering.values()))) if lowering else 0,
                   "patterns": len(composite.get("patterns", {})), "keras": len(composite.get("keras", {}))},
        "notes": {
            "ops": "TF op -> sorted TFLite builtins it lowered to (all probed dtypes together).",
            "by_dtype": "op -> dtype -> builtins, only for ops whose lowering differs between dtypes.",
            "evidence": "op -> the single-op probes the lowering comes from.",
            "patterns": ("composite raw probes (several TF ops, e.g. tf.nn.gelu -> GELU): probe -> its TF ops "
                         "and the builtins the whole emitted; fused patterns show here, not in 'ops'."),
            "keras": "Keras layer -> its TF ops and the builtins the layer emitted.",
        },
    }
    lowering_doc = {
        "provenance": lowering_prov,
        "ops": lowering,
        "by_dtype": differing,
        "evidence": lowering_evidence,
        "patterns": dict(sorted(composite.get("patterns", {}).items())),
        "keras": dict(sorted(composite.get("keras", {}).items())),
    }
    return support, lowering_doc


def write(path: Path, doc: dict) -> int:
    text = P.dump_json(doc)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return len(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="run only probes whose name contains this; prints results, writes no JSON")
    ap.add_argument("--list", action="store_true", help="list the (non-variant) probes and exit")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--log", type=Path, default=DEFAULT_LOG, help=f"converter log (default {DEFAULT_LOG})")
    ap.add_argument("--out", type=Path, default=OUT_SUPPORT, help=f"int8 table (default {OUT_SUPPORT})")
    ap.add_argument("--lowering-out", type=Path, default=OUT_LOWERING, help=f"lowering table (default {OUT_LOWERING})")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--worker-out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(json.loads(Path(args.worker).read_text()), args.worker_out, str(args.log))
        return 0

    probes, skipped_static, aliases = all_probes()
    tf, keras = P.tf, P.keras
    print(f"TensorFlow {tf.__version__}, Keras {keras.__version__}", flush=True)
    variants = {p.name: p.variant for p in probes if p.variant}
    todo = [p.name for p in probes if not p.variant]
    if args.only:
        todo = [n for n in todo if args.only in n]
    if args.list:
        print("\n".join(todo))
        print(f"{len(todo)} probes ({len(variants)} variants not run); statically skipped: {len(skipped_static)}")
        return 0

    args.log.parent.mkdir(parents=True, exist_ok=True)
    args.log.write_text(f"probe_tflite_int8.py {P.today()} TensorFlow {tf.__version__} Keras {keras.__version__}\n",
                        encoding="utf-8")
    t0 = time.time()
    rows = run(todo, 1 if args.only else args.jobs, args.log,
               chunk=CHUNK if not args.only else max(len(todo), 1))
    seconds = time.time() - t0
    by_status: dict[str, int] = {}
    for r in rows.values():
        by_status[r["status"]] = by_status.get(r["status"], 0) + 1
    print(f"\n{len(rows)} probes in {seconds:.0f}s: {dict(sorted(by_status.items()))}; log: {args.log}")
    support, lowering = build_documents(rows, skipped_static, variants, aliases, tf.__version__,
                                        keras.__version__, seconds)
    if args.only:
        for name in sorted(rows):
            r = rows[name]
            print(f"{name}: {r['status']} float={r.get('float_tflite')} int8={r.get('int8_tflite')} "
                  f"float_ops={r.get('float_ops')} content={sorted(content(r))} single_op={single_op(r)}"
                  f"{' error=' + r['error'] if r.get('error') else ''}{' reason=' + r['reason'] if r.get('reason') else ''}")
        for key in ("ops", "keras", "tflite_ops"):
            print(f"{key}: {json.dumps(support[key], sort_keys=True)}")
        print(f"lowering: {json.dumps(lowering['ops'], sort_keys=True)}")
        print(f"conflicts: {json.dumps(support['provenance']['conflicts'], sort_keys=True)}")
        print(f"unattributed: {json.dumps(support['provenance']['unattributed'], sort_keys=True)}")
        return 0
    n1 = write(args.out, support)
    n2 = write(args.lowering_out, lowering)
    c = support["provenance"]["counts"]
    print(f"wrote {args.out} ({n1:,} bytes): {c['ops']} ops, {c['op_dtype_pairs']} (op, dtype) pairs "
          f"(int8 {c['int8']}, float {c['float']}, fails {c['fails']}); tflite builtins {c['tflite_ops']} "
          f"(int8 {c['tflite_int8']}, float {c['tflite_float']}); keras {c['keras']}")
    print(f"wrote {args.lowering_out} ({n2:,} bytes): {lowering['provenance']['counts']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
