#!/usr/bin/env python3
"""Regenerate the op tables in rules/data/ (maintainer tool, not part of the lint path).

    python scripts/gen_op_tables.py            # regenerate / copy, write rules/data/*.json and README.md
    python scripts/gen_op_tables.py --check    # rebuild in memory, exit 1 (with a diff summary) if the
                                               # committed files differ; provenance dates are ignored
    python scripts/gen_op_tables.py --regenerate-tpu
                                               # run INSIDE a separate venv that has tensorflow-tpu 2.20
                                               # installed and libtpu uninstalled; rewrites xla_tpu.json only

What comes from where:

  tf_ops.json               regenerated from the installed TensorFlow (TF_GetAllOpList)
  xla_cpu_gpu.json          regenerated from the installed TensorFlow (pywrap_xla_ops + registered KernelDefs)
  tflite_builtins.json      regenerated from the installed TensorFlow (tflite schema_py_generated enums)
  xla_tpu.json              copied (normalized) from a table produced with tensorflow-tpu 2.20.0; the
                            tensorflow-tpu wheel (~1.2 GB) cannot live in the project venv.  --regenerate-tpu
                            produces the same payload from the registry.
  tflite_flex_allowlist.json copied from a transcription of allowlisted_flex_ops.cc (not exposed in Python).

The copied tables are read from --sources (default: $ACCELCHECK_OP_SOURCES or
/work/shared/reference/ops).  When that directory is not available the committed copies are kept as they
are and only validated.

TensorFlow is imported only inside this script.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "rules" / "data"
DEFAULT_SOURCES = Path(os.environ.get("ACCELCHECK_OP_SOURCES", "/work/shared/reference/ops"))
GENERATED_BY = "scripts/gen_op_tables.py"

TF_REPO = "https://github.com/tensorflow/tensorflow"

# Shared source files of the copied tables (names inside --sources).
SRC_TPU = "xla_tpu_jit_kernels.tensorflow-tpu-2.20.json"
SRC_FLEX = "tflite_flex_allowlist.tf-src-d723e48.txt"
# Shared reference tables the regenerated ones are compared with (reported, never fatal).
REF_TF_OPS = "tf_registered_ops.tensorflow-2.21.txt"
REF_XLA = "xla_cpu_gpu_jit_kernels.tensorflow-2.21.json"
REF_TFLITE = "tflite_builtin_operators.tensorflow-2.21.txt"

FLEX_COMMIT = "d723e48376ffb5d698bb81bbc0f4f1f35cd8ac9f"
TPU_TF_VERSION = "2.20.0"

# Counts that were observed for the pinned versions (TARGETS.md §0, §1.2).  Enforced only when the
# installed TensorFlow is the version they were observed with; otherwise they are printed as warnings.
EXPECTED = {
    "2.21.0": {
        "tf_ops": 1910,
        "tf_ops_stateful": 555,
        "XLA_CPU_JIT": 489,
        "XLA_GPU_JIT": 489,
        "tflite_builtins": 210,
    },
}
EXPECTED_TPU = {"XLA_TPU_JIT": 537}
EXPECTED_FLEX = 747

XLA_DEVICES = ("XLA_CPU_JIT", "XLA_GPU_JIT")
TPU_DEVICE = "XLA_TPU_JIT"


class TableError(RuntimeError):
    """An expectation about the generated data does not hold."""


# ----------------------------------------------------------------------------------------------
# Formatting: deterministic JSON, one op per line so regeneration diffs stay readable.
# ----------------------------------------------------------------------------------------------


def _compact(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _fmt(obj: Any, depth: int, expand: int) -> str:
    if depth >= expand or not isinstance(obj, (dict, list)) or not obj:
        return _compact(obj)
    pad = " " * (depth + 1)
    if isinstance(obj, dict):
        # "provenance" first at the top level, everything else sorted.
        keys = sorted(obj, key=lambda k: (not (depth == 0 and k == "provenance"), k))
        body = ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=False)}: {_fmt(obj[k], depth + 1, expand)}"
                          for k in keys)
        return "{\n" + body + "\n" + " " * depth + "}"
    body = ",\n".join(pad + _fmt(v, depth + 1, expand) for v in obj)
    return "[\n" + body + "\n" + " " * depth + "]"


def dump_json(doc: dict) -> str:
    """Top level and each payload container expanded; every op (or list item) on one line."""
    return _fmt(doc, 0, 2) + "\n"


def without_date(doc: dict) -> dict:
    doc = dict(doc)
    if isinstance(doc.get("provenance"), dict):
        doc["provenance"] = {k: v for k, v in doc["provenance"].items() if k != "generated_on"}
    return doc


def payload(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "provenance"}


def today() -> str:
    return _dt.date.today().isoformat()


def provenance(*, source: str, tensorflow_version: str, files: list[str], url: str, method: str,
               notes: str | None = None) -> dict:
    prov = {
        "source": source,
        "tensorflow_version": tensorflow_version,
        "files": files,
        "url": url,
        "generated_by": GENERATED_BY,
        "method": method,
        "generated_on": today(),
    }
    if notes:
        prov["notes"] = notes
    return prov


# ----------------------------------------------------------------------------------------------
# TensorFlow access (imported lazily, only here).
# ----------------------------------------------------------------------------------------------


def import_tf():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf  # noqa: PLC0415  (maintainer tool: TF only inside this script)

    return tf


class DtypeNames:
    """DataType enum -> TensorFlow short dtype name (DT_FLOAT -> float32, DT_HALF -> float16, ...).

    Derived from the enum name (DT_ prefix dropped, lower-cased, FLOAT/DOUBLE/HALF renamed, *_REF ->
    <name>_ref) and cross-checked against tf.dtypes.as_dtype(enum).name for every enum value, so a new or
    renamed dtype fails loudly instead of being written under a wrong name.
    """

    _RENAMED = {"FLOAT": "float32", "DOUBLE": "float64", "HALF": "float16"}

    def __init__(self, tf):
        from tensorflow.core.framework import types_pb2  # noqa: PLC0415

        self._names: dict[int, str] = {}
        for enum_name, value in types_pb2.DataType.items():
            if value == types_pb2.DT_INVALID:
                continue
            base = enum_name[len("DT_"):]
            ref = base.endswith("_REF")
            if ref:
                base = base[: -len("_REF")]
            short = self._RENAMED.get(base, base.lower()) + ("_ref" if ref else "")
            tf_name = tf.dtypes.as_dtype(value).name
            if short != tf_name:
                raise TableError(f"dtype name mismatch for {enum_name}: derived {short!r}, TensorFlow {tf_name!r}")
            self._names[value] = short

    def __call__(self, value: int) -> str:
        try:
            return self._names[value]
        except KeyError:
            raise TableError(f"unknown DataType enum value {value}") from None


def tf_version(tf) -> str:
    return tf.__version__


def tf_build(tf) -> str:
    return f" Installed build: tensorflow {tf.__version__}, tf.version.GIT_VERSION {tf.version.GIT_VERSION}."


# ----------------------------------------------------------------------------------------------
# tf_ops.json
# ----------------------------------------------------------------------------------------------


def _arg(arg, dtype_name) -> dict:
    out: dict[str, Any] = {"name": arg.name}
    if arg.type:  # DT_INVALID (0) when the type comes from an attr
        out["type"] = dtype_name(arg.type)
    for key in ("type_attr", "number_attr", "type_list_attr"):
        if getattr(arg, key):
            out[key] = getattr(arg, key)
    if arg.is_ref:
        out["is_ref"] = True
    return out


def build_tf_ops(tf) -> dict:
    from tensorflow.core.framework import op_def_pb2  # noqa: PLC0415
    from tensorflow.python.client import pywrap_tf_session  # noqa: PLC0415

    dtype_name = DtypeNames(tf)
    buf = pywrap_tf_session.TF_GetAllOpList()
    try:
        op_list = op_def_pb2.OpList.FromString(pywrap_tf_session.TF_GetBuffer(buf))
    finally:
        pywrap_tf_session.TF_DeleteBuffer(buf)

    ops: dict[str, dict] = {}
    for op in op_list.op:
        if op.name in ops:
            raise TableError(f"op {op.name} listed twice by TF_GetAllOpList")
        ops[op.name] = {
            "stateful": bool(op.is_stateful),
            "inputs": [_arg(a, dtype_name) for a in op.input_arg],
            "outputs": [_arg(a, dtype_name) for a in op.output_arg],
            "func_attrs": [a.name for a in op.attr if a.type in ("func", "list(func)")],
        }
        # SavedModel export strips attrs equal to their default (MaxPool's T=float is absent from
        # the NodeDef): keep the defaults of type attrs so readers can fill them back in.
        defaults = {a.name: dtype_name(a.default_value.type) for a in op.attr
                    if a.type == "type" and a.HasField("default_value") and a.default_value.type}
        if defaults:
            ops[op.name]["type_defaults"] = defaults
    version = tf_version(tf)
    return {
        "provenance": provenance(
            source="Every op registered in the installed TensorFlow's C++ op registry (OpDefs), "
                   "with statefulness, input/output arg signatures and function-valued attrs.",
            tensorflow_version=version,
            files=[
                "tensorflow/core/framework/op_def.proto",
                "tensorflow/core/framework/op.cc",
                "tensorflow/c/c_api.cc",
                "tensorflow/core/ops/",
            ],
            url=f"{TF_REPO}/tree/v{version}/tensorflow/core/ops",
            method="op_def_pb2.OpList.FromString(pywrap_tf_session.TF_GetBuffer("
                   "pywrap_tf_session.TF_GetAllOpList())); per OpDef: is_stateful -> stateful; "
                   "input_arg/output_arg -> {name, type, type_attr, number_attr, type_list_attr, is_ref} "
                   "(null/empty/false keys omitted; type is absent when the dtype comes from an attr); "
                   "attr[] with type 'func' or 'list(func)' -> func_attrs (OpDef order); attr[] with type "
                   "'type' and a default_value -> type_defaults {attr: dtype}. "
                   "DataType enums are written as TensorFlow short names (tf.dtypes.as_dtype(enum).name)."
                   + tf_build(tf),
        ),
        "ops": ops,
    }


# ----------------------------------------------------------------------------------------------
# XLA kernel tables (CPU/GPU here, TPU in a tensorflow-tpu venv)
# ----------------------------------------------------------------------------------------------


def _kernel_entry(kdef, dtype_name) -> dict:
    constraints: dict[str, list[str]] = {}
    for c in kdef.constraint:
        which = c.allowed_values.WhichOneof("value")
        if which != "list" or c.allowed_values.list.s or c.allowed_values.list.i:
            raise TableError(f"{kdef.device_type} {kdef.op}: unexpected constraint kind on {c.name}: {c}")
        if c.name in constraints:
            raise TableError(f"{kdef.device_type} {kdef.op}: constraint {c.name} given twice")
        constraints[c.name] = sorted({dtype_name(t) for t in c.allowed_values.list.type})
    return {"constraints": constraints}


def _sorted_entries(entries: list[dict]) -> list[dict]:
    return sorted(entries, key=_compact)


def registered_xla_kernels(tf, devices: tuple[str, ...]) -> tuple[dict, dict]:
    """Returns ({device: {op: [entries]}}, stats)."""
    from tensorflow.python.framework import kernels  # noqa: PLC0415
    from tensorflow.python.util import pywrap_xla_ops  # noqa: PLC0415

    dtype_name = DtypeNames(tf)
    # These calls register the XLA backends and run XlaOpRegistry::RegisterCompilationKernels();
    # before them the kernel registry holds no *_JIT kernels at all.
    names = {"XLA_CPU_JIT": pywrap_xla_ops.get_cpu_kernel_names(),
             "XLA_GPU_JIT": pywrap_xla_ops.get_gpu_kernel_names()}
    tables: dict[str, dict[str, list]] = {d: {} for d in devices}
    labels: list[str] = []
    for kdef in kernels.get_all_registered_kernels().kernel:
        if kdef.device_type not in tables:
            continue
        if kdef.host_memory_arg:
            raise TableError(f"{kdef.device_type} {kdef.op}: host_memory_arg not expected: {list(kdef.host_memory_arg)}")
        if kdef.label:
            labels.append(f"{kdef.device_type}:{kdef.op}[label={kdef.label}]")
        tables[kdef.device_type].setdefault(kdef.op, []).append(_kernel_entry(kdef, dtype_name))
    for dev in devices:
        tables[dev] = {op: _sorted_entries(v) for op, v in tables[dev].items()}
        if dev in names and set(names[dev]) != set(tables[dev]):
            diff = set(names[dev]) ^ set(tables[dev])
            raise TableError(f"{dev}: pywrap_xla_ops names and registered KernelDefs disagree on {sorted(diff)[:10]}")
    return tables, {"labels": sorted(labels)}


def build_xla_cpu_gpu(tf) -> dict:
    tables, stats = registered_xla_kernels(tf, XLA_DEVICES)
    version = tf_version(tf)
    label_note = ", ".join(stats["labels"]) or "none"
    return {
        "provenance": provenance(
            source="Ops the tf2xla bridge can compile for the XLA_CPU_JIT and XLA_GPU_JIT devices in the "
                   "installed TensorFlow, with the dtypes allowed per type attr (XlaOpRegistry kernels "
                   "intersected with kCpuAllTypes / kGpuAllTypes; Const.dtype and Assert.T also allow string).",
            tensorflow_version=version,
            files=[
                "tensorflow/compiler/tf2xla/tf2xla_opset.cc",
                "tensorflow/python/util/tf2xla_opset_wrapper.cc",
                "tensorflow/compiler/tf2xla/xla_op_registry.h",
                "tensorflow/compiler/tf2xla/xla_op_registry.cc",
                "tensorflow/compiler/tf2xla/kernels/",
            ],
            url=f"{TF_REPO}/blob/v{version}/tensorflow/compiler/tf2xla/tf2xla_opset.cc",
            method="tensorflow.python.util.pywrap_xla_ops.get_cpu_kernel_names() and "
                   "get_gpu_kernel_names() (registers the backends and runs "
                   "XlaOpRegistry::RegisterCompilationKernels()), then "
                   "tensorflow.python.framework.kernels.get_all_registered_kernels().kernel filtered on "
                   "device_type in {XLA_CPU_JIT, XLA_GPU_JIT}; one entry per KernelDef: "
                   "constraint[].name -> sorted short dtype names of allowed_values.list.type. "
                   "host_memory_arg is empty for every kernel; kernel labels are dropped "
                   f"(labelled kernels: {label_note})." + tf_build(tf),
        ),
        **tables,
    }


def tpu_provenance(*, method: str, source: str, version: str = TPU_TF_VERSION) -> dict:
    return provenance(
        source=source,
        tensorflow_version=version,
        files=[
            "tensorflow/core/tpu/tpu_defs.h",
            "tensorflow/core/tpu/tpu_node_device_util.cc",
            "tensorflow/core/tpu/tpu_compilation_device.cc",
            "tensorflow/compiler/tf2xla/xla_op_registry.cc",
            "tensorflow/compiler/tf2xla/kernels/",
            "tensorflow/core/tpu/kernels/",
        ],
        url=f"{TF_REPO}/blob/v{TPU_TF_VERSION}/tensorflow/core/tpu/tpu_defs.h",
        method=method,
        notes="XLA_TPU_JIT kernels are registered by REGISTER_XLA_BACKEND(DEVICE_TPU_XLA_JIT, kTpuAllTypes, "
              "TpuOpFilter): kTpuAllTypes (tpu_defs.h) has no string and no complex128; TpuOpFilter "
              "(tpu_node_device_util.cc) adds string only to Const.dtype and Assert.T. The table cannot be "
              "regenerated in the project venv: importing tensorflow-tpu with the PyPI libtpu aborts "
              "(ConfigureDistributedTpuOp_DoWork not available) and the wheel is ~1.2 GB. To regenerate, "
              "in a separate venv: pip install tensorflow-tpu==2.20.0; pip uninstall libtpu; "
              "python scripts/gen_op_tables.py --regenerate-tpu. Kernel labels are dropped (as in "
              "xla_cpu_gpu.json; the shared source table did not record them), so DataFormatVecPermute "
              "has two identical entries (in the CPU/GPU registry the second one carries label 'host').",
    )


def build_xla_tpu_from_registry(tf) -> dict:
    version = tf_version(tf)
    if not version.startswith(TPU_TF_VERSION.rsplit(".", 1)[0] + "."):
        raise TableError(f"--regenerate-tpu expects tensorflow-tpu {TPU_TF_VERSION}, found TensorFlow {version}")
    tables, _ = registered_xla_kernels(tf, (TPU_DEVICE,))
    return {
        "provenance": tpu_provenance(
            source=f"Ops the tf2xla bridge can compile for XLA_TPU_JIT, regenerated from tensorflow-tpu "
                   f"{version} with libtpu uninstalled, with the dtypes allowed per type attr.",
            method="Regenerated with --regenerate-tpu: tensorflow.python.util.pywrap_xla_ops."
                   "get_cpu_kernel_names() (runs XlaOpRegistry::RegisterCompilationKernels() for every "
                   "registered backend, including XLA_TPU_JIT), then tensorflow.python.framework.kernels."
                   "get_all_registered_kernels().kernel filtered on device_type == 'XLA_TPU_JIT'; one entry "
                   "per KernelDef: constraint[].name -> sorted short dtype names; labels dropped." + tf_build(tf),
            version=version,
        ),
        TPU_DEVICE: tables[TPU_DEVICE],
    }


def build_xla_tpu_from_copy(src: Path) -> dict:
    raw = json.loads(src.read_text())
    table: dict[str, list] = {}
    for op, entries in raw.items():
        if not isinstance(entries, list):
            raise TableError(f"{src.name}: {op}: expected a list of kernels")
        norm = []
        for e in entries:
            if "constraints" in e:  # tolerate the CPU/GPU shape too
                e = e["constraints"]
            norm.append({"constraints": {attr: sorted(set(dts)) for attr, dts in e.items()}})
        table[op] = _sorted_entries(norm)
    return {
        "provenance": tpu_provenance(
            source=f"Ops the tf2xla bridge can compile for XLA_TPU_JIT in tensorflow-tpu {TPU_TF_VERSION} "
                   f"(libtpu uninstalled), with the dtypes allowed per type attr; copied from the accelcheck "
                   f"shared reference table {src.name} and normalized to the xla_cpu_gpu.json shape.",
            method="Copied: the source table was produced with tensorflow.python.util.pywrap_xla_ops."
                   "get_cpu_kernel_names() then tensorflow.python.framework.kernels."
                   "get_all_registered_kernels().kernel filtered on device_type == 'XLA_TPU_JIT', inside "
                   f"tensorflow-tpu {TPU_TF_VERSION} with libtpu uninstalled. Normalization: each kernel "
                   "{attr: [dtypes]} -> {'constraints': {attr: sorted(dtypes)}}, kernels sorted.",
        ),
        TPU_DEVICE: table,
    }


# ----------------------------------------------------------------------------------------------
# TFLite
# ----------------------------------------------------------------------------------------------


def _enum_members(cls) -> dict[str, int]:
    return {k: v for k, v in vars(cls).items() if not k.startswith("_") and isinstance(v, int)}


def build_tflite_builtins(tf) -> dict:
    from tensorflow.lite.python import schema_py_generated as schema  # noqa: PLC0415

    ops = _enum_members(schema.BuiltinOperator)
    types = _enum_members(schema.TensorType)
    for what, members in (("BuiltinOperator", ops), ("TensorType", types)):
        if len(set(members.values())) != len(members):
            raise TableError(f"{what}: duplicate enum values")
    version = tf_version(tf)
    return {
        "provenance": provenance(
            source="TFLite flatbuffer schema enums as shipped in the installed TensorFlow: the builtin "
                   "operator codes and the tensor types (not which TF op maps to which builtin; that lives "
                   "only in the converter's MLIR legalization patterns).",
            tensorflow_version=version,
            files=[
                "tensorflow/compiler/mlir/lite/schema/schema.fbs",
                "tensorflow/lite/python/schema_py_generated.py",
            ],
            url=f"{TF_REPO}/blob/v{version}/tensorflow/compiler/mlir/lite/schema/schema.fbs",
            method="tensorflow.lite.python.schema_py_generated.BuiltinOperator and .TensorType class "
                   "attributes (public int members); 'ops'/'tensor_types' are ordered by enum value, "
                   "'op_codes'/'tensor_type_codes' map name -> value." + tf_build(tf),
            notes="BuiltinOperator includes PLACEHOLDER_FOR_GREATER_OP_CODES (127), a schema placeholder, "
                  "not a real operator.",
        ),
        "ops": sorted(ops, key=ops.__getitem__),
        "op_codes": ops,
        "tensor_types": sorted(types, key=types.__getitem__),
        "tensor_type_codes": types,
    }


def read_name_list(path: Path) -> list[str]:
    names = [ln.strip() for ln in path.read_text().splitlines()]
    return [n for n in names if n and not n.startswith("#")]


def build_flex_from_copy(src: Path) -> dict:
    names = read_name_list(src)
    if len(set(names)) != len(names):
        raise TableError(f"{src.name}: duplicate names")
    return {
        "provenance": provenance(
            source="Ops TFLite accepts as Select TF ('flex') ops: GetFlexAllowlist() in "
                   "allowlisted_flex_ops.cc, transcribed by hand (the list is not exposed in Python; its "
                   f"strings are scattered through libtensorflow_cc.so.2). Copied from the accelcheck shared "
                   f"transcription {src.name}.",
            tensorflow_version=f"source@{FLEX_COMMIT}",
            files=[
                "tensorflow/lite/delegates/flex/allowlisted_flex_ops.cc",
                "tensorflow/lite/g3doc/guide/op_select_allowlist.md",
            ],
            url=f"{TF_REPO}/blob/{FLEX_COMMIT}/tensorflow/lite/delegates/flex/allowlisted_flex_ops.cc",
            method=f"Transcribed from allowlisted_flex_ops.cc at commit {FLEX_COMMIT}; copied one name per "
                   "line and sorted. Not regenerable from Python; the converter is the oracle (ops outside "
                   "the allowlist fail with ERROR_NEEDS_CUSTOM_OPS).",
            notes="Only GetFlexAllowlist(); the tf.text and sentencepiece ops that the same file allows when "
                  "they are registered are not included.",
        ),
        "ops": sorted(names),
    }


# ----------------------------------------------------------------------------------------------
# Validation and comparisons
# ----------------------------------------------------------------------------------------------


def expect(label: str, got: int, want: int | None, problems: list[str], enforce: bool) -> None:
    if want is None or got == want:
        print(f"  {label}: {got}" + (" (as expected)" if want is not None else ""))
        return
    msg = f"{label}: {got}, expected {want}"
    print(f"  {'ERROR' if enforce else 'WARNING'}: {msg}")
    if enforce:
        problems.append(msg)


def validate_xla_shape(name: str, doc: dict, devices: tuple[str, ...]) -> None:
    for dev in devices:
        table = doc.get(dev)
        if not isinstance(table, dict) or not table:
            raise TableError(f"{name}: missing or empty {dev}")
        for op, entries in table.items():
            if not isinstance(entries, list) or not entries:
                raise TableError(f"{name}: {dev}.{op}: expected a non-empty list")
            for e in entries:
                if set(e) != {"constraints"} or not all(isinstance(v, list) for v in e["constraints"].values()):
                    raise TableError(f"{name}: {dev}.{op}: bad entry {e}")


def compare_ref_tables(docs: dict[str, dict], sources: Path) -> list[str]:
    """Differences between the regenerated tables and the shared reference tables (informational)."""
    out: list[str] = []
    if not sources.is_dir():
        return [f"shared reference dir {sources} not available; comparison skipped"]
    tf_ops = docs.get("tf_ops.json")
    if tf_ops and (sources / REF_TF_OPS).exists():
        ref = set(read_name_list(sources / REF_TF_OPS))
        got = set(tf_ops["ops"])
        out.append(f"tf_ops vs {REF_TF_OPS}: {len(got)} vs {len(ref)} ops, "
                   f"only here {sorted(got - ref)}, only in reference {sorted(ref - got)}")
    xla = docs.get("xla_cpu_gpu.json")
    if xla and (sources / REF_XLA).exists():
        ref = json.loads((sources / REF_XLA).read_text())
        for dev in XLA_DEVICES:
            ref_norm = {op: _sorted_entries([{"constraints": {a: sorted(d) for a, d in e["constraints"].items()}}
                                              for e in entries])
                        for op, entries in ref.get(dev, {}).items()}
            got = xla[dev]
            changed = sorted(op for op in set(got) & set(ref_norm) if got[op] != ref_norm[op])
            extra = {(op, e.get("label", ""), tuple(e.get("host_memory_args", [])))
                     for op, entries in ref.get(dev, {}).items() for e in entries
                     if e.get("label") or e.get("host_memory_args")}
            out.append(f"{dev} vs {REF_XLA}: {len(got)} vs {len(ref_norm)} ops, "
                       f"only here {sorted(set(got) - set(ref_norm))}, "
                       f"only in reference {sorted(set(ref_norm) - set(got))}, "
                       f"constraints differ for {changed}; reference label/host_memory_args dropped here: "
                       f"{sorted(extra)}")
    tfl = docs.get("tflite_builtins.json")
    if tfl and (sources / REF_TFLITE).exists():
        ref = read_name_list(sources / REF_TFLITE)
        out.append(f"tflite builtins vs {REF_TFLITE}: {len(tfl['ops'])} vs {len(ref)}, "
                   f"same order: {tfl['ops'] == ref}, only here {sorted(set(tfl['ops']) - set(ref))}, "
                   f"only in reference {sorted(set(ref) - set(tfl['ops']))}")
    return out


def cross_checks(docs: dict[str, dict]) -> list[str]:
    """Consistency between tables (informational)."""
    out: list[str] = []
    tf_ops = docs.get("tf_ops.json")
    if not tf_ops:
        return out
    known = set(tf_ops["ops"])
    if "tflite_flex_allowlist.json" in docs:
        missing = sorted(set(docs["tflite_flex_allowlist.json"]["ops"]) - known)
        out.append(f"flex allowlist ops not registered in TF {tf_ops['provenance']['tensorflow_version']}: "
                   f"{len(missing)} {missing}")
    if "xla_cpu_gpu.json" in docs:
        for dev in XLA_DEVICES:
            missing = sorted(set(docs["xla_cpu_gpu.json"][dev]) - known)
            out.append(f"{dev} ops not in tf_ops: {len(missing)} {missing}")
    if "xla_tpu.json" in docs:
        missing = sorted(set(docs["xla_tpu.json"][TPU_DEVICE]) - known)
        out.append(f"{TPU_DEVICE} ops (tensorflow-tpu {TPU_TF_VERSION}) not registered in TF "
                   f"{tf_ops['provenance']['tensorflow_version']}: {len(missing)} {missing}")
    return out


# ----------------------------------------------------------------------------------------------
# README
# ----------------------------------------------------------------------------------------------


HAND_MAINTAINED = "<!-- Below: tables not generated by gen_op_tables.py (kept as they are on regeneration). -->"


def hand_maintained_tail(readme_path: Path) -> str:
    """Sections other scripts own (scripts/probe_tflite.py documents tflite_op_support.json)."""
    if not readme_path.exists():
        return ""
    text = readme_path.read_text()
    i = text.find(HAND_MAINTAINED)
    return "\n" + text[i:] if i >= 0 else ""


def build_readme(docs: dict[str, dict]) -> str:
    def version(name):
        return docs[name]["provenance"]["tensorflow_version"] if name in docs else "?"

    def n(name, key, dev=None):
        if name not in docs:
            return "?"
        return len(docs[name][dev] if dev else docs[name][key])

    tf_ops = docs.get("tf_ops.json", {}).get("ops", {})
    stateful = sum(1 for o in tf_ops.values() if o["stateful"])
    rows = [
        ("`tf_ops.json`",
         f"every registered TF op ({n('tf_ops.json', 'ops')}, {stateful} stateful): `stateful`, `inputs`/`outputs` "
         "arg signatures (`name`, `type`, `type_attr`, `number_attr`, `type_list_attr`, `is_ref`), `func_attrs`",
         "`TF_GetAllOpList()` (C++ op registry, `tensorflow/core/ops/`)",
         f"tensorflow {version('tf_ops.json')}",
         "`python scripts/gen_op_tables.py`"),
        ("`xla_cpu_gpu.json`",
         f"ops compilable by tf2xla for `XLA_CPU_JIT` ({n('xla_cpu_gpu.json', None, 'XLA_CPU_JIT')}) and "
         f"`XLA_GPU_JIT` ({n('xla_cpu_gpu.json', None, 'XLA_GPU_JIT')}), per kernel the allowed dtypes per type attr",
         "`pywrap_xla_ops.get_{cpu,gpu}_kernel_names()` + `kernels.get_all_registered_kernels()` "
         "(`tf2xla_opset.cc`, `xla_op_registry.cc`)",
         f"tensorflow {version('xla_cpu_gpu.json')}",
         "`python scripts/gen_op_tables.py`"),
        ("`xla_tpu.json`",
         f"ops compilable by tf2xla for `XLA_TPU_JIT` ({n('xla_tpu.json', None, TPU_DEVICE)}), same shape as "
         "`xla_cpu_gpu.json` (`kTpuAllTypes`: no complex128; string only on `Const`, `Assert` and the "
         "`(Stateful)PartitionedCall` pass-through)",
         "copied from a table generated in tensorflow-tpu with libtpu uninstalled "
         "(`tpu_defs.h`, `tpu_node_device_util.cc`)",
         f"tensorflow-tpu {version('xla_tpu.json')}",
         "copied by `python scripts/gen_op_tables.py`; regenerate in a separate venv with tensorflow-tpu "
         "2.20.0 and no libtpu: `python scripts/gen_op_tables.py --regenerate-tpu`"),
        ("`tflite_builtins.json`",
         f"TFLite `BuiltinOperator` names ({n('tflite_builtins.json', 'ops')}, incl. the "
         "`PLACEHOLDER_FOR_GREATER_OP_CODES` placeholder) and `TensorType` names "
         f"({n('tflite_builtins.json', 'tensor_types')}), with their enum codes",
         "`tensorflow.lite.python.schema_py_generated` (`schema.fbs`)",
         f"tensorflow {version('tflite_builtins.json')}",
         "`python scripts/gen_op_tables.py`"),
        ("`tflite_flex_allowlist.json`",
         f"ops allowed as Select TF (flex) ops ({n('tflite_flex_allowlist.json', 'ops')})",
         "hand transcription of `tensorflow/lite/delegates/flex/allowlisted_flex_ops.cc` (not exposed in Python)",
         f"TF source `{FLEX_COMMIT[:7]}`",
         "copied by `python scripts/gen_op_tables.py`; re-transcribe the `.cc` file to update"),
    ]
    lines = [
        "# Op tables",
        "",
        "Generated by `scripts/gen_op_tables.py` (this README too; edit the script, not the files).",
        "Every JSON file has a top-level `provenance` object (source, TensorFlow version, TF source files, URL,",
        "exact API calls, date); the rest is the payload. Dtypes use TensorFlow's short names (`float32`,",
        "`float16`, `bfloat16`, `int64`, `string`, `resource`, `variant`, ...).",
        "",
        "`python scripts/gen_op_tables.py --check` rebuilds everything in memory and exits 1 if a committed",
        "file differs (ignoring `provenance.generated_on`).",
        "",
        "| file | what it holds | source | version | how to regenerate |",
        "|---|---|---|---|---|",
    ]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------------
# Writing / checking
# ----------------------------------------------------------------------------------------------


def load_existing(path: Path) -> dict | None:
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        return None


def finalize(doc: dict, existing: dict | None) -> dict:
    """Keep the committed generated_on when nothing else changed, so re-runs do not churn."""
    if existing is not None and without_date(existing) == without_date(doc):
        doc = dict(doc)
        doc["provenance"] = dict(doc["provenance"], generated_on=existing["provenance"].get("generated_on"))
    return doc


def write_text(path: Path, text: str) -> bool:
    if path.exists() and path.read_text() == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)
    return True


def diff_summary(name: str, old: dict | None, new: dict, limit: int = 12) -> list[str]:
    if old is None:
        return [f"{name}: missing or unreadable"]
    lines: list[str] = []
    old_p, new_p = without_date(old).get("provenance"), without_date(new).get("provenance")
    if old_p != new_p:
        keys = sorted(k for k in set(old_p or {}) | set(new_p or {})
                      if (old_p or {}).get(k) != (new_p or {}).get(k))
        lines.append(f"{name}: provenance differs in {keys}")
    for key in sorted(set(payload(old)) | set(payload(new))):
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            added = sorted(set(b) - set(a))
            removed = sorted(set(a) - set(b))
            changed = sorted(k for k in set(a) & set(b) if a[k] != b[k])
            lines.append(f"{name}: {key}: +{len(added)} {added[:limit]} -{len(removed)} {removed[:limit]} "
                         f"changed {len(changed)} {changed[:limit]}")
        elif isinstance(a, list) and isinstance(b, list):
            added = [x for x in b if x not in a]
            removed = [x for x in a if x not in b]
            lines.append(f"{name}: {key}: +{len(added)} {added[:limit]} -{len(removed)} {removed[:limit]}"
                         + (" (order differs)" if not added and not removed else ""))
        else:
            lines.append(f"{name}: {key}: {_compact(a)[:80]} -> {_compact(b)[:80]}")
    return lines


def copied_tables(sources: Path, out: Path) -> tuple[dict[str, dict], list[str]]:
    """The tables that cannot be regenerated here.  Returns (docs, notes)."""
    docs: dict[str, dict] = {}
    notes: list[str] = []
    for name, src_name, builder in (("xla_tpu.json", SRC_TPU, build_xla_tpu_from_copy),
                                    ("tflite_flex_allowlist.json", SRC_FLEX, build_flex_from_copy)):
        existing = load_existing(out / name)
        src = sources / src_name
        if not src.exists():
            if existing is None:
                raise TableError(f"{name}: not committed and its source {src} is not available (--sources)")
            notes.append(f"{name}: source {src} not available; committed copy kept and validated only")
            docs[name] = existing
            continue
        doc = builder(src)
        if existing is not None and str(existing.get("provenance", {}).get("method", "")).startswith("Regenerated"):
            # Produced by --regenerate-tpu: it supersedes the copy; only report when the data differ.
            if payload(existing) != payload(doc):
                notes.append(f"{name}: committed file was regenerated with --regenerate-tpu and differs from "
                             f"{src}; kept, not compared (delete it to re-copy)")
            doc = existing
        docs[name] = doc
    return docs, notes


def run_counts(docs: dict[str, dict], version: str) -> list[str]:
    problems: list[str] = []
    want = EXPECTED.get(version)
    enforce = want is not None
    want = want or {}
    if not enforce:
        print(f"  note: no expected counts recorded for TensorFlow {version}; counts are not enforced")
    ops = docs["tf_ops.json"]["ops"]
    expect("tf_ops", len(ops), want.get("tf_ops"), problems, enforce)
    expect("tf_ops stateful", sum(o["stateful"] for o in ops.values()), want.get("tf_ops_stateful"), problems, enforce)
    for dev in XLA_DEVICES:
        expect(f"xla_cpu_gpu {dev} ops", len(docs["xla_cpu_gpu.json"][dev]), want.get(dev), problems, enforce)
    expect("tflite builtins", len(docs["tflite_builtins.json"]["ops"]), want.get("tflite_builtins"), problems, enforce)
    expect("tflite tensor types", len(docs["tflite_builtins.json"]["tensor_types"]), None, problems, enforce)
    tpu = docs["xla_tpu.json"]
    tpu_regenerated = str(tpu["provenance"].get("method", "")).startswith("Regenerated")
    expect(f"xla_tpu {TPU_DEVICE} ops", len(tpu[TPU_DEVICE]), EXPECTED_TPU[TPU_DEVICE], problems,
           not tpu_regenerated)
    expect("flex allowlist ops", len(docs["tflite_flex_allowlist.json"]["ops"]), EXPECTED_FLEX, problems, True)
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true",
                    help="rebuild in memory; exit 1 with a diff summary if committed files differ")
    ap.add_argument("--regenerate-tpu", action="store_true",
                    help="regenerate xla_tpu.json from the registry (run inside a venv with tensorflow-tpu "
                         f"{TPU_TF_VERSION} installed and libtpu uninstalled)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output dir (default {DEFAULT_OUT})")
    ap.add_argument("--sources", type=Path, default=DEFAULT_SOURCES,
                    help="directory with the shared tables to copy/compare (default $ACCELCHECK_OP_SOURCES "
                         f"or {DEFAULT_SOURCES})")
    args = ap.parse_args(argv)
    out: Path = args.out

    try:
        if args.regenerate_tpu:
            return regenerate_tpu(out, args.check)

        tf = import_tf()
        version = tf_version(tf)
        print(f"TensorFlow {version} ({tf.version.GIT_VERSION})")
        generated: dict[str, Callable[[Any], dict]] = {
            "tf_ops.json": build_tf_ops,
            "xla_cpu_gpu.json": build_xla_cpu_gpu,
            "tflite_builtins.json": build_tflite_builtins,
        }
        docs = {name: builder(tf) for name, builder in generated.items()}
        copied, notes = copied_tables(args.sources, out)
        docs.update(copied)
        validate_xla_shape("xla_cpu_gpu.json", docs["xla_cpu_gpu.json"], XLA_DEVICES)
        validate_xla_shape("xla_tpu.json", docs["xla_tpu.json"], (TPU_DEVICE,))

        print("counts:")
        problems = run_counts(docs, version)
        print("cross-checks:")
        for line in cross_checks(docs):
            print("  " + line)
        print(f"compared with shared reference tables in {args.sources}:")
        for line in compare_ref_tables(docs, args.sources):
            print("  " + line)
        for line in notes:
            print("note: " + line)
        if problems:
            print("FAILED expectations: " + "; ".join(problems), file=sys.stderr)
            return 2

        docs = {name: finalize(doc, load_existing(out / name)) for name, doc in docs.items()}
        readme = build_readme(docs) + hand_maintained_tail(out / "README.md")

        if args.check:
            diffs: list[str] = []
            for name, doc in sorted(docs.items()):
                existing = load_existing(out / name)
                if existing is None or without_date(existing) != without_date(doc):
                    diffs += diff_summary(name, existing, doc)
            readme_path = out / "README.md"
            if not readme_path.exists() or readme_path.read_text() != readme:
                diffs.append("README.md: differs from the generated one")
            if diffs:
                print("\n--check: committed op tables are out of date "
                      "(+/- = what regenerating would add/remove):", file=sys.stderr)
                for d in diffs:
                    print("  " + d, file=sys.stderr)
                print("run: python scripts/gen_op_tables.py", file=sys.stderr)
                return 1
            print("--check: all op tables up to date")
            return 0

        for name, doc in sorted(docs.items()):
            changed = write_text(out / name, dump_json(doc))
            size = (out / name).stat().st_size
            print(f"{'wrote    ' if changed else 'unchanged'} {out / name} ({size:,} bytes)")
        changed = write_text(out / "README.md", readme)
        print(f"{'wrote    ' if changed else 'unchanged'} {out / 'README.md'}")
        return 0
    except TableError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def regenerate_tpu(out: Path, check: bool) -> int:
    """--regenerate-tpu: xla_tpu.json from tensorflow-tpu's registry; touches no other file."""
    try:
        from importlib import metadata  # noqa: PLC0415

        metadata.version("libtpu")
        raise TableError("libtpu is installed: importing tensorflow-tpu would abort; run `pip uninstall libtpu` "
                         "in this (separate) venv first")
    except metadata.PackageNotFoundError:
        pass
    if importlib.util.find_spec("libtpu") is not None:
        raise TableError("a libtpu module is importable; uninstall it first")
    tf = import_tf()
    doc = build_xla_tpu_from_registry(tf)
    validate_xla_shape("xla_tpu.json", doc, (TPU_DEVICE,))
    problems: list[str] = []
    print("counts:")
    expect(f"xla_tpu {TPU_DEVICE} ops", len(doc[TPU_DEVICE]), EXPECTED_TPU[TPU_DEVICE], problems, False)
    path = out / "xla_tpu.json"
    existing = load_existing(path)
    if existing is not None and payload(existing) == payload(doc):
        print(f"{path}: payload identical to the committed table; left as it is")
        return 0
    if check:
        lines = diff_summary("xla_tpu.json", existing, doc)
        for line in lines:
            print("  " + line, file=sys.stderr)
        return 1 if lines else 0
    doc = finalize(doc, existing)
    changed = write_text(path, dump_json(doc))
    print(f"{'wrote    ' if changed else 'unchanged'} {path} ({path.stat().st_size:,} bytes)")
    print("README.md not touched: run `python scripts/gen_op_tables.py` in the project venv to refresh it.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
