"""TFLite oracle: run the real converter, builtins only or with SELECT_TF_OPS, and turn what it
rejects into OracleProblems.

How each format reaches the converter:
- SavedModel (TF1 or TF2): ``tf.lite.TFLiteConverter.from_saved_model(dir, signature_keys, tags)``;
- frozen GraphDef (binary or text, written to a temporary binary .pb):
  ``tf.compat.v1.lite.TFLiteConverter.from_frozen_graph(pb, input_arrays, output_arrays)``;
- ``.meta`` MetaGraphDef: imported into a fresh graph and session, variables restored from the
  checkpoint beside it (or initialised when there is none), then ``from_session``;
- Keras ``.h5``/``.keras``: ``tf.keras.models.load_model`` then ``from_keras_model``.
The model is read by accelcheck's loader (loading.open_model), so format, MetaGraph and checkpoint
are the ones `check` used. Frozen graphs and .meta files take ``inputs``/``outputs`` node names,
accelcheck's inferred signature when not given (loading.graph_io).
"""

from __future__ import annotations

import os
import re
import tempfile
import time

from . import OracleProblem, OracleResult, dedupe
from ..tfruntime import exc_line, one_line, quiet_stdout, stderr_kept, tf
from . import loading

_KINDS = {1: "needs_flex", 2: "needs_custom", 3: "unsupported_control_flow_v1"}
_TF_OP = re.compile(r"'tf\.(\w+)' op")
_NODE = re.compile(r"\{\{node ([^}]+)\}\}")
_FUNCTION_NODE = re.compile(r"\{\{function_node ([^}]+)\}\}")
_OPERATION = re.compile(r"(?:for operation|of node) '?([^\s:']+)'?[: ]")


def convert_tflite(model, select_tf_ops: bool, tags=None, signature_keys: list[str] | None = None,
                   inputs: list[str] | None = None, outputs: list[str] | None = None,
                   full_integer: bool = False, calibrations_from: int = 0) -> OracleResult:
    """`model`: an accelcheck Model (or KerasFile), or a path read with accelcheck's loader (`tags`
    choosing the MetaGraph as `check` does). `full_integer`: full-integer quantization
    (TFLITE_BUILTINS_INT8, int8 inputs and outputs, generated representative data); the result must
    then also run fully in int8 (tflite_int8.py), calibrated with tflite_int8.CALIBRATIONS from
    index `calibrations_from` on (run_isolated skips past one that crashed the process)."""
    tool = "tflite-int8" if full_integer else ("tflite-select" if select_tf_ops else "tflite-builtins")
    signature = ",".join(signature_keys) if signature_keys else None
    start = time.monotonic()
    result = OracleResult(tool=tool, ok=False, problems=[], error="", signature=signature)
    log: list[str] = []
    try:
        if isinstance(model, (str, os.PathLike)):
            model = loading.open_model(model, tags)
        t = tf()
        with quiet_stdout(), stderr_kept() as log:
            if full_integer:
                result.problems = _full_integer_problems(t, model, signature_keys, inputs, outputs, calibrations_from)
            else:
                _convert(t, model, _supported_ops(t, select_tf_ops), signature_keys, inputs, outputs)
        result.ok = not result.problems
        result.error = result.problems[0].message if result.problems else ""
    except loading.UnsupportedFormat as e:
        result.error = f"{e.prefix}: {one_line(e)}"
        result.problems = [OracleProblem("", "", "", "other", result.error)]
    except BaseException as e:  # noqa: BLE001 - an oracle reports, it never raises
        if isinstance(e, KeyboardInterrupt):
            raise
        if not str(e).strip():  # the quantizer's own errors went to the log only
            e = _logged_error(e, "".join(log))
        try:
            result.problems = problems_from_exception(e)
            result.error = summary(e)
            _fill_ops(result.problems, model)
        except Exception:  # noqa: BLE001 - a message we cannot parse is still reported
            result.error = exc_line(e)
            result.problems = [OracleProblem("", "", "", "other", result.error)]
    result.seconds = round(time.monotonic() - start, 3)
    return result


def _logged_error(e: BaseException, log: str) -> BaseException:
    """`e` with the MLIR errors the log holds (`loc("node"): error: ...`) as its message, worded as
    the converter's own exceptions word them (`<unknown>:0: error: loc("node"): ...`); `e` itself
    when there are none."""
    found = (_LOGGED_ERROR.match(ln) for ln in log.splitlines())
    lines = [f"<unknown>:0: error: {m.group(1)}: {m.group(2)}" for m in found if m]
    return type(e)("\n".join(dict.fromkeys(lines))) if lines else e


_LOGGED_ERROR = re.compile(r"^(loc\(.*?\)): error: (.*)$")


def _full_integer_problems(t, model, signature_keys, inputs, outputs, calibrations_from: int = 0) -> list:
    """The operators full-integer conversion leaves in float, calibrated with each way of making inputs
    in turn until one works (a kernel failing on generated indices or sizes is not the model's fault);
    the last error otherwise. When operators stay in float, calibrated once more with non-negative
    floats, and the result with fewer float operators kept (tflite_int8.NONNEGATIVE)."""
    from .tflite_int8 import CALIBRATIONS, NONNEGATIVE, full_integer_problems, quantize

    def convert(fill, unknown) -> bytes:
        return _convert(t, model, quantize(t, model, signature_keys, inputs, fill, unknown),
                        signature_keys, inputs, outputs)

    error: Exception | None = None
    for fill, unknown in CALIBRATIONS[calibrations_from:]:
        try:
            problems = full_integer_problems(convert(fill, unknown))
        except Exception as e:  # noqa: BLE001 - retried with the next way; the last one's error is reported
            error = e
            continue
        if problems and fill == "random":
            try:
                other = full_integer_problems(convert(NONNEGATIVE, unknown))
                if len(other) < len(problems):
                    return other
            except Exception:  # noqa: BLE001 - the first calibration's result stands
                pass
        return problems
    raise error


def _supported_ops(t, select: bool):
    def configure(converter):
        ops = [t.lite.OpsSet.TFLITE_BUILTINS]
        if select:
            ops.append(t.lite.OpsSet.SELECT_TF_OPS)
        converter.target_spec.supported_ops = ops
        return converter
    return configure


def _convert(t, model, configure, signature_keys, inputs, outputs) -> bytes:
    """The flatbuffer the converter writes for `model`, configured by `configure(converter)`."""
    if model.format == "saved_model":
        return configure(t.lite.TFLiteConverter.from_saved_model(
            model.path, signature_keys=list(signature_keys) if signature_keys else None,
            tags=set(model.tags))).convert()
    if model.is_graph_def:
        inputs, outputs = loading.graph_io(model, inputs, outputs)
        with tempfile.TemporaryDirectory(prefix="accelcheck-tflite-") as tmp:
            # The converter reads a binary GraphDef file (the model may be text).
            pb = os.path.join(tmp, "graph.pb")
            with open(pb, "wb") as f:
                f.write(model.graph_def.SerializeToString())
            converter = t.compat.v1.lite.TFLiteConverter.from_frozen_graph(
                pb, [_node(n) for n in inputs], [_node(n) for n in outputs])
            return configure(converter).convert()
    if model.format == "meta_graph":
        graph = t.Graph()
        with graph.as_default(), t.compat.v1.Session(graph=graph) as sess:
            in_t, out_t = restore_meta(sess, model, inputs, outputs)
            converter = t.compat.v1.lite.TFLiteConverter.from_session(sess, in_t, out_t)
            return configure(converter).convert()
    if model.format == "keras":
        keras_model = t.keras.models.load_model(model.path, compile=False)
        return configure(t.lite.TFLiteConverter.from_keras_model(keras_model)).convert()
    raise loading.UnsupportedFormat(f"{model.path}: format {model.format!r} is not supported by the TFLite oracle")


def _node(name: str) -> str:
    return name.split(":")[0] if name.endswith(":0") else name


def restore_meta(sess, model, inputs, outputs):
    """Bring a .meta Model into the session (variables restored, or initialised when no checkpoint
    is beside it: initial values are as good as any for asking which ops convert); returns (input
    tensors, output tensors)."""
    from ..tfruntime import restore_meta_graph

    restore_meta_graph(sess, model, initialise_without_checkpoint=True)
    inputs, outputs = loading.graph_io(model, inputs, outputs)
    g = sess.graph
    return ([g.get_tensor_by_name(loading.tensor_name(n)) for n in inputs],
            [g.get_tensor_by_name(loading.tensor_name(n)) for n in outputs])


# ----------------------------------------------------------------------------- errors

def summary(e: BaseException) -> str:
    """One line: the first error line of the converter's message, without MLIR location noise."""
    text = str(e)
    for line in text.splitlines():
        if " error: " in line or line.startswith("error: "):
            loc, msg = _split_loc(line)
            if _is_summary(msg):
                continue
            more = sum(1 for ln in text.splitlines() if (" error: " in ln or ln.startswith("error: "))
                       and not _is_summary(_split_loc(ln)[1])) - 1
            return one_line(f"{type(e).__name__}: {msg}" + (f" (+{more} more errors)" if more > 0 else ""))
    return exc_line(e)


def problems_from_exception(e: BaseException) -> list[OracleProblem]:
    problems: list[OracleProblem] = []
    for err in getattr(e, "errors", None) or ():
        try:
            problem = _from_error_data(err)
        except Exception:  # noqa: BLE001 - a proto we do not understand still leaves the message
            continue
        if not _is_summary(problem.message):
            problems.append(problem)
    # e.errors holds one entry per distinct op; the text names every location: keep both.
    known = {(p.op, p.node, p.function) for p in problems}
    problems += [p for p in _from_text(str(e)) if (p.op, p.node, p.function) not in known]
    if not problems:
        text = str(e)
        nodes = _NODE.findall(text) or _OPERATION.findall(text)
        op = _TF_OP.search(text)
        problems = [OracleProblem(op.group(1) if op else "", nodes[0] if nodes else "", _function_in(text),
                                  "other", exc_line(e))]
    return dedupe(problems)


def _from_error_data(err) -> OracleProblem:
    kind = _KINDS.get(int(err.error_code), "other")
    op = err.operator.name
    op = op[3:] if op.startswith("tf.") else op
    first = err.error_message.splitlines()[0] if err.error_message else ""
    if not op:
        m = _TF_OP.search(err.error_message)
        op = m.group(1) if m else ""
    node, function = "", ""
    calls = list(err.location.call) if err.HasField("location") else []
    for call in calls:  # innermost first
        if call.name:
            node, function = _split_at(call.name)
            break
    return OracleProblem(op, node, function, kind, one_line(first or err.error_message))


def _split_at(name: str) -> tuple[str, str]:
    """"scope/node@__inference_fn_12" -> ("scope/node", "__inference_fn_12")."""
    node, _, function = name.partition("@")
    return node, "" if loading.is_loader_function(function) else function


def _split_loc(line: str) -> tuple[str, str]:
    """'<unknown>:0: error: loc(...): message' -> ('...', 'message'); loc may nest parens and quotes."""
    i = line.find("error: ")
    rest = line[i + len("error: "):] if i >= 0 else line
    if not rest.startswith("loc("):
        return "", rest
    depth, quoted, j = 0, False, 3
    while j < len(rest):
        c = rest[j]
        if quoted:
            if c == "\\":
                j += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        j += 1
    loc = rest[4:j]
    msg = rest[j + 1:].lstrip(": ").strip()
    return loc, msg


_FUSED = re.compile(r'fused\["(\w+):",\s*"([^"]*)"\]')
_QUOTED = re.compile(r'"([^"]*)"')


def _from_text(text: str) -> list[OracleProblem]:
    """Problems from MLIR diagnostics ('<unknown>:0: error: loc(...): msg'), used when the
    ConverterError carries no structured errors."""
    problems = []
    lines = text.splitlines()
    for idx, line in enumerate(lines):
        if " error: " not in line and not line.startswith("error: "):
            continue
        loc, msg = _split_loc(line)
        if not msg or _is_summary(msg):
            continue
        op, node, function = "", "", ""
        m = _TF_OP.search(msg)
        if m:
            op = m.group(1)
        f = _FUSED.search(loc)
        if f:
            op = op or f.group(1)
            node, function = _split_at(f.group(2))
        else:
            q = _QUOTED.search(loc)
            if q:
                node, function = _split_at(q.group(1))
        kind = "other"
        # The error code appears on a later note line for the same location.
        for nxt in lines[idx + 1: idx + 6]:
            if " error: " in nxt:
                break
            c = re.search(r"Error code: (\w+)", nxt)
            if c:
                kind = {"ERROR_NEEDS_FLEX_OPS": "needs_flex", "ERROR_NEEDS_CUSTOM_OPS": "needs_custom",
                        "ERROR_UNSUPPORTED_CONTROL_FLOW_V1": "unsupported_control_flow_v1"}.get(c.group(1), "other")
                break
        problems.append(OracleProblem(op, node, function, kind, one_line(msg)))
    # The op-level summary lines, for ops no located error named.
    named = {p.op for p in problems}
    for label, kind in (("TF Select ops:", "needs_flex"), ("Custom ops:", "needs_custom")):
        for line in lines:
            if line.startswith(label):
                for op in (x.strip() for x in line[len(label):].split(",")):
                    if op and op not in named:
                        named.add(op)
                        problems.append(OracleProblem(op, "", "", kind, one_line(line)))
    return problems


def _is_summary(msg: str) -> bool:
    """Error lines that only say which function failed, or that TensorList lowering failed as a whole
    (the located errors say why)."""
    return msg.startswith(("failed while converting", "Lowering tensor list ops is failed"))


def _function_in(text: str) -> str:
    m = _FUNCTION_NODE.findall(text)
    if m:
        return "" if loading.is_loader_function(m[-1]) else m[-1]
    m = re.search(r"while creating function '([^']+)'", text)
    return m.group(1) if m and not loading.is_loader_function(m.group(1)) else ""




def _fill_ops(problems: list[OracleProblem], model) -> None:
    """Name the op of problems that only name a node, from the model's own graph."""
    if not any(pr.node and not pr.op for pr in problems):
        return
    ops = loading.node_ops(model)
    for pr in problems:
        if pr.node and not pr.op:
            pr.op = ops.get(f"{pr.function}/{pr.node}", "") or ops.get(pr.node, "")
