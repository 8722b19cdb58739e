"""Oracles: run TensorFlow's real toolchain on a model and report, in structured form, what it
rejected and where.

- `convert_tflite(model, select_tf_ops, full_integer=False)`: the TFLite converter, builtins only, with
  SELECT_TF_OPS, or with full-integer quantization (then the result must run fully in int8).
- `compile_xla(model)`: tf2xla lowering to HLO (`jit_compile=True`) of each serving signature.
- `run_isolated(fn_name, **kwargs)`: either of the above in a fresh subprocess with a timeout
  (conversions can crash the interpreter or leak global state).

`model` is an accelcheck Model (accelcheck.load_model) or a path, which accelcheck's own loader
reads (confirm.loading.open_model): the toolchain runs on the format, MetaGraph, checkpoint and
inputs/outputs that `check` judged. Importing this package is cheap: TensorFlow is imported only
when an oracle runs.
The command line is ``python -m accelcheck.confirm tflite|tflite-select|tflite-int8|xla PATH [...] --json``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

__all__ = ["OracleProblem", "OracleResult", "convert_tflite", "compile_xla", "run_isolated",
           "result_from_dict", "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 300.0


@dataclass
class OracleProblem:
    op: str        # TF op name without the "tf." prefix, e.g. "ParseExampleV2"; "" if unknown
    node: str      # node name if the toolchain gave one, else ""
    function: str  # function name if known (e.g. "__inference_classify_xy_195"), else ""
    kind: str      # "needs_flex" | "needs_custom" | "unsupported_control_flow_v1" | "no_kernel" | "float_fallback" | "other"
    message: str   # one line


@dataclass
class OracleResult:
    tool: str      # "tflite-builtins" | "tflite-select" | "tflite-int8" | "xla"
    ok: bool
    problems: list[OracleProblem] = field(default_factory=list)
    error: str = ""  # one-line summary of the failure ("" if ok)
    signature: str | None = None
    seconds: float = 0.0


def dedupe(problems: list[OracleProblem]) -> list[OracleProblem]:
    """The same problem once, in first-seen order (toolchains repeat themselves per pass)."""
    seen, out = set(), []
    for p in problems:
        key = (p.op, p.node, p.function, p.kind)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def result_from_dict(d: dict) -> OracleResult:
    problems = [OracleProblem(**{k: p.get(k, "") for k in ("op", "node", "function", "kind", "message")})
                for p in d.get("problems", [])]
    return OracleResult(tool=d.get("tool", ""), ok=bool(d.get("ok")), problems=problems,
                        error=d.get("error", ""), signature=d.get("signature"), seconds=float(d.get("seconds", 0.0)))


def convert_tflite(model, select_tf_ops: bool, tags=None, signature_keys: list[str] | None = None,
                   inputs: list[str] | None = None, outputs: list[str] | None = None,
                   full_integer: bool = False, calibrations_from: int = 0) -> OracleResult:
    """Convert `model` (a Model or a path) with the TFLite converter, in this process. Never raises."""
    from .tflite import convert_tflite as _convert

    return _convert(model, select_tf_ops, tags=tags, signature_keys=signature_keys, inputs=inputs, outputs=outputs,
                    full_integer=full_integer, calibrations_from=calibrations_from)


def compile_xla(model, signature: str | None = None, tags=None,
                inputs: list[str] | None = None, outputs: list[str] | None = None) -> list[OracleResult]:
    """Lower each signature of `model` (a Model or a path), or the one asked, to HLO with XLA, in
    this process. Never raises."""
    from .xla import compile_xla as _compile

    return _compile(model, signature=signature, tags=tags, inputs=inputs, outputs=outputs)


# ----------------------------------------------------------------------------- isolation

_FN_TOOLS = {
    "convert_tflite": None,  # tool chosen by select_tf_ops
    "tflite": "tflite", "tflite-builtins": "tflite", "tflite-select": "tflite-select", "tflite-int8": "tflite-int8",
    "compile_xla": "xla", "xla": "xla",
}


def _cli_args(fn_name: str, kwargs: dict) -> tuple[list[str], str, str | None]:
    """(argv after `-m accelcheck.confirm`, tool name for failure results, signature)."""
    if fn_name not in _FN_TOOLS:
        raise ValueError(f"unknown oracle {fn_name!r}; expected one of {sorted(_FN_TOOLS)}")
    kwargs = dict(kwargs)
    path = kwargs.pop("path")
    if not isinstance(path, (str, os.PathLike)):  # a Model: the subprocess reads its file and MetaGraph
        if kwargs.get("tags") is None and getattr(path, "meta_graph", None) is not None:
            kwargs["tags"] = list(path.tags)
        path = path.path
    cmd = _FN_TOOLS[fn_name]
    if cmd is None:
        cmd = "tflite-select" if kwargs.pop("select_tf_ops", False) else "tflite"
    elif cmd == "tflite" and kwargs.pop("select_tf_ops", False):
        cmd = "tflite-select"
    kwargs.pop("select_tf_ops", None)
    argv = [cmd, str(path), "--json"]
    tags = kwargs.pop("tags", None)
    if tags is not None:  # an empty list asks for the MetaGraph with no tags
        argv += ["--tags", ",".join([tags] if isinstance(tags, str) else tags)]
    sig = kwargs.pop("signature", None)
    keys = kwargs.pop("signature_keys", None)
    if sig:
        keys = [sig]
    for k in keys or ():
        argv += ["--signature", k]
    for opt in ("inputs", "outputs"):
        names = kwargs.pop(opt, None)
        if names:
            argv += [f"--{opt}", ",".join(names)]
    if start := kwargs.pop("calibrations_from", 0):
        argv += ["--calibrations-from", str(start)]
    if kwargs:
        raise TypeError(f"unexpected arguments for {fn_name}: {sorted(kwargs)}")
    tool = {"tflite": "tflite-builtins", "tflite-select": "tflite-select", "tflite-int8": "tflite-int8", "xla": "xla"}[cmd]
    return argv, tool, ",".join(keys) if keys else None


def run_isolated(fn_name: str, timeout: float = DEFAULT_TIMEOUT, **kwargs):
    """Run one oracle call in a fresh ``python -m accelcheck.confirm`` subprocess.

    fn_name: "convert_tflite" (with select_tf_ops=...), "compile_xla", or a tool name
    ("tflite", "tflite-builtins", "tflite-select", "tflite-int8", "xla"). kwargs as for the function, with path=...
    (a path or a Model) required.
    Returns what the function returns (an OracleResult for TFLite, a list of them for XLA); on a
    timeout or crash, an OracleResult(ok=False, error="timeout" / "crashed: ...") (in a list for XLA).
    """
    argv, tool, signature = _cli_args(fn_name, kwargs)
    want_list = tool == "xla"
    env = dict(os.environ)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # errors only: the quantizer reports its errors there (kept unless verbose)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    start = time.monotonic()

    def failed(error: str):
        r = OracleResult(tool=tool, ok=False, problems=[], error=error, signature=signature,
                         seconds=round(time.monotonic() - start, 3))
        return [r] if want_list else r

    try:
        proc = subprocess.run([sys.executable, "-m", "accelcheck.confirm", *argv], capture_output=True,
                              text=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return failed("timeout")
    except OSError as e:
        return failed(f"crashed: could not start: {e}")
    from ..tfruntime import verbose

    if verbose() and proc.stderr:  # the toolchain's own logs, when asked for
        sys.stderr.write(proc.stderr)
    try:
        data = json.loads(proc.stdout)
    except ValueError:
        data = None
    if not isinstance(data, list):  # a result printed before a crash at exit still counts
        if proc.returncode < 0:
            import signal

            try:
                why = f"signal {signal.Signals(-proc.returncode).name}"
            except ValueError:
                why = f"signal {-proc.returncode}"
        else:
            why = f"exit code {proc.returncode}"
        tail = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
        detail = f": {' '.join(tail[-1].split())[:300]}" if tail else ""
        if tool == "tflite-int8" and proc.returncode < 0:
            # A kernel run by the calibrator on generated inputs can crash the process (a 1x1 image
            # resized to nothing divides by zero): like a calibration that raises, that says nothing
            # about int8 kernels, so go on with the next way of making inputs in a fresh process.
            from .tflite_int8 import CALIBRATIONS

            following = kwargs.get("calibrations_from", 0) + 1
            if following < len(CALIBRATIONS):
                return run_isolated(fn_name, timeout, **{**kwargs, "calibrations_from": following})
        return failed(f"crashed: {why}{detail}")
    results = [result_from_dict(d) for d in data]
    if want_list:
        return results
    return results[0] if results else failed("crashed: no result")


def to_json(results) -> str:
    if isinstance(results, OracleResult):
        results = [results]
    return json.dumps([asdict(r) for r in results], indent=2)
