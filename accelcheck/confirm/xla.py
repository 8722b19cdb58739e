"""XLA oracle: lower each serving signature to HLO with tf2xla (``jit_compile=True``) and turn
what it rejects into OracleProblems. Nothing is executed: ``experimental_get_compiler_ir`` only
compiles.

How each format reaches the compiler:
- SavedModel (TF1 or TF2): ``tf.saved_model.load(dir, tags)``, then ``loaded.signatures[name]``
  (TF1 SavedModels load through the same API: their graph is wrapped and pruned per signature);
- frozen GraphDef (binary or text): ``tf.compat.v1.wrap_function`` around
  ``tf.graph_util.import_graph_def``, then ``prune(inputs, outputs)``;
- ``.meta`` MetaGraphDef: imported into a fresh graph and session, variables restored from the
  checkpoint beside it (or initialised when there is none), frozen with
  ``convert_variables_to_constants`` for the outputs (as the TFLite oracle's ``from_session`` does),
  then compiled as a frozen GraphDef;
- Keras ``.h5``/``.keras``: ``tf.keras.models.load_model`` and the model's call on its inputs.

Static shapes: every input's unknown dimensions become 1 and an input of unknown rank becomes a
scalar (the usual meaning of an unranked placeholder: keep_prob, is_training). Then
``tf.function(lambda *args: fn(**dict(zip(names, args))), jit_compile=True)
.experimental_get_compiler_ir(*values)(stage="hlo")`` for inputs of ones (empty strings), as a
call compiles: inputs XLA needs as compile-time constants are resolved from their values.
"""

from __future__ import annotations

import os
import re
import time

from . import OracleProblem, OracleResult, dedupe
from ..tfruntime import exc_line, one_line, quiet_stdout, tf
from . import loading

_NO_KERNEL = re.compile(r"No registered '(\w+)' OpKernel for (\w+) devices compatible with node "
                        r"(?:\{\{function_node ([^}]+)\}\})?\{\{node ([^}]+)\}\}"
                        r"(?: \((OpKernel was found, but attributes didn't match)\) Requested Attributes: ([^{]*?)\))?")
_UNSUPPORTED = re.compile(r"Detected unsupported operations when trying to compile graph (\S+) on (\w+):")
_NODE = re.compile(r"\{\{node ([^}]+)\}\}")
_OF_NODE = re.compile(r"(?:of|for|at) node '?([^'\s:]+)'?")
_FUNCTION_NODE = re.compile(r"\{\{function_node ([^}]+)\}\}")
_CONVERTING = re.compile(r"while converting (\S+?)[.,]?\s")
_ENTRY = "accelcheck_xla_entry"
_CREATING = re.compile(r"while creating function '([^']+)'")


def compile_xla(model, signature: str | None = None, tags=None,
                inputs: list[str] | None = None, outputs: list[str] | None = None) -> list[OracleResult]:
    """`model`: an accelcheck Model (or KerasFile), or a path read with accelcheck's loader (`tags`
    choosing the MetaGraph as `check` does)."""
    start = time.monotonic()
    try:
        return _compile_xla(model, signature, tags, inputs, outputs)
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # noqa: BLE001 - an oracle reports, it never raises
        msg = exc_line(e)
        return [OracleResult("xla", False, [OracleProblem("", "", "", "other", msg)], msg, signature,
                             round(time.monotonic() - start, 3))]


def _compile_xla(model, signature, tags, inputs, outputs) -> list[OracleResult]:
    start = time.monotonic()

    def failed(e: BaseException | str, sig: str | None, t0: float) -> OracleResult:
        if isinstance(e, str):
            problems = [OracleProblem("", "", "", "other", e)]
            error = e
        else:
            try:
                problems = problems_from_exception(e)
                _fill_ops(problems, model)
                error = summary(e, problems)
            except Exception:  # noqa: BLE001 - a message we cannot parse is still reported
                error = exc_line(e)
                problems = [OracleProblem("", "", "", "other", error)]
        return OracleResult("xla", False, problems, error, sig, round(time.monotonic() - t0, 3))

    try:
        if isinstance(model, (str, os.PathLike)):
            model = loading.open_model(model, tags)
        t = tf()
    except loading.UnsupportedFormat as e:
        return [failed(f"{e.prefix}: {one_line(e)}", signature, start)]
    except Exception as e:  # noqa: BLE001
        return [failed(e, signature, start)]

    results: list[OracleResult] = []
    with quiet_stdout():
        try:
            targets = _targets(t, model, signature, inputs, outputs)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # noqa: BLE001 - loading failed: every signature fails with it
            names = [signature] if signature else (_signature_names(model) if model.format == "saved_model" else [None])
            return [failed(e, n, start) for n in names or [None]]
        for i, (name, fn, specs, keep) in enumerate(targets):
            t0 = start if i == 0 else time.monotonic()  # the first one pays for loading
            error = _lower(t, fn, [loading.static_spec(s) for s in specs])
            if error is not None and _traced_shape_error(error) and any(s.shape.rank is None for s in specs):
                # An unknown-rank input became a scalar and the graph wanted more (e.g. a batch of
                # serialized Examples for ParseExample): try rank 1 ([1]) for those inputs instead.
                retry = _lower(t, fn, [loading.static_spec(s, unranked=(1,)) for s in specs])
                if retry is None or not _traced_shape_error(retry):
                    error = retry
            if error is not None and not _about_the_ops(error) and any(
                    s.shape.rank is not None and None in s.shape.as_list() for s in specs):
                # Unknown dims set to 1 are too small for some graphs (a 3x3 convolution, `hw // 2`
                # resizes, the 20 best of [?, 4] boxes, whose first dimension is no batch, an STFT
                # of audio shorter than one frame): the model is not at fault, so try realistic sizes.
                for size in (32, 1024):
                    retry = _lower(t, fn, [loading.static_spec(s, unknown=size, batch=size) for s in specs])
                    if retry is None or _about_the_ops(retry):
                        error = retry
                        break
            if error is None:
                results.append(OracleResult("xla", True, [], "", name, round(time.monotonic() - t0, 3)))
            else:
                results.append(failed(error, name, t0))
    return results


def _lower(t, fn, specs) -> Exception | None:
    """Compile as a call does: for concrete input values. A jit-compiled function resolves the
    inputs XLA needs as compile-time constants (a Reshape's shape from an input) from the values
    it is called with, and compiles once per distinct value; only what XLA cannot work out from
    them fails. Which values an input needs is the model's business (a shape, k or depth of 0
    breaks graphs that are fine; a permutation must be one), so a failure that is about the values
    rather than the ops is retried with ones, then 0, 1, 2, ..., then zeros: the model compiles if
    it compiles for any of them."""
    jitted = t.function(fn, jit_compile=True)
    first = None
    for fill in ("ones", "iota", "zeros"):
        error = _lower_for(t, jitted, [_example(t, s, fill) for s in specs])
        if error is None:
            return None
        first = first or error
        if _about_the_ops(error):
            break
    return first


def _example(t, spec, fill: str):
    """An input of `spec`'s (static) shape: ones, 0, 1, 2, ... in row-major order, or zeros."""
    if fill == "zeros" or spec.dtype == t.string:
        return t.zeros(spec.shape, spec.dtype)
    if fill == "ones" or spec.dtype == t.bool:
        return t.ones(spec.shape, spec.dtype)
    return t.cast(t.reshape(t.range(spec.shape.num_elements()), spec.shape), spec.dtype)


def _lower_for(t, jitted, values) -> Exception | None:
    try:
        jitted.experimental_get_compiler_ir(*values)(stage="hlo")
        return None
    except Exception as e:  # noqa: BLE001
        if not _ir_limitation(e):
            return e
    # experimental_get_compiler_ir cannot capture resources other than initialised variables
    # (hash tables: "RET_CHECK failure (.../get_compiler_ir.cc) variable.var() && ...").
    # Compile by calling instead: XLA compiles the whole function before anything runs, and
    # ops with side effects (I/O, py_func) have no XLA kernel, so a failure still executes
    # nothing and a success only runs pure XLA computation in this process.
    try:
        jitted(*values)
        return None
    except Exception as e:  # noqa: BLE001
        return e


def _ir_limitation(e: BaseException) -> bool:
    text = str(e)
    return "RET_CHECK failure" in text and "get_compiler_ir" in text


def _about_the_ops(e: BaseException) -> bool:
    """A failure that no input size would avoid: an op without a kernel, a value that must be a
    compile-time constant."""
    text = str(e)
    return any(x in text for x in ("Detected unsupported operations", "No registered", "must be a compile-time constant",
                                   "no XLA kernel"))


def _traced_shape_error(e: BaseException) -> bool:
    """An error raised while tracing the graph, before XLA saw it (with made-up input shapes,
    most likely a shape error)."""
    text = str(e)
    return not any(x in text for x in ("Failed getting HLO text", "Detected unsupported operations",
                                       "tf2xla conversion failed"))


def _targets(t, model, signature, inputs, outputs):
    """[(signature name or None, python callable taking positional tensors, input specs (maybe with
    unknown dims), keepalive)]."""
    if model.format == "saved_model":
        loaded = t.saved_model.load(model.path, tags=list(model.tags))  # the MetaGraph accelcheck read
        sigs = dict(getattr(loaded, "signatures", {}) or {})
        if signature is not None:
            if signature not in sigs:
                raise KeyError(f"signature {signature!r} not found; the model has {sorted(sigs)}")
            sigs = {signature: sigs[signature]}
        if not sigs:
            raise ValueError("the SavedModel has no signatures to compile")
        out = []
        for name, fn in sorted(sigs.items()):  # sorted: the loader's order varies between runs
            _, kwargs = fn.structured_input_signature
            names = list(kwargs)
            # fn.inputs follow the flattened (key-sorted) kwargs; captures come after them.
            tensors = dict(zip(sorted(names), fn.inputs)) if len(fn.inputs) >= len(names) else {}
            specs = [_hinted(t, tf_spec(t, kwargs[n], n), tensors.get(n)) for n in names]
            out.append((name, _kwargs_caller(fn, names), specs, loaded))
        return out
    if model.is_graph_def:
        return [(signature, *_pruned(t, model.graph_def, *loading.graph_io(model, inputs, outputs)))]
    if model.format == "meta_graph":
        from .tflite import restore_meta

        graph = t.Graph()
        with graph.as_default(), t.compat.v1.Session(graph=graph) as sess:
            in_t, out_t = restore_meta(sess, model, inputs, outputs)
            in_names = [x.name for x in in_t]
            out_names = [x.op.name for x in out_t]
            frozen = t.compat.v1.graph_util.convert_variables_to_constants(
                sess, graph.as_graph_def(), out_names)
        return [(signature, *_pruned(t, frozen, in_names, [x.name for x in out_t]))]
    if model.format == "keras":
        keras_model = t.keras.models.load_model(model.path, compile=False)
        specs = [t.TensorSpec(x.shape, x.dtype) for x in keras_model.inputs]

        def accelcheck_xla_entry(*args):
            return keras_model(list(args) if len(args) > 1 else args[0], training=False)

        return [(signature, accelcheck_xla_entry, specs, keras_model)]
    raise loading.UnsupportedFormat(f"{model.path}: format {model.format!r} is not supported by the XLA oracle")


def _hinted(t, spec, tensor):
    """An unknown-rank input gets the shape the graph itself implies, when it says so: the
    shape of a constant-shaped Reshape that consumes it (directly or through Identity), with -1
    read as 1. Without such evidence the rank stays unknown (see compile_xla's fallbacks)."""
    if spec.shape.rank is not None or tensor is None:
        return spec
    try:
        queue, seen = [tensor], set()
        while queue:
            x = queue.pop(0)
            for op in x.consumers():
                if op.name in seen:
                    continue
                seen.add(op.name)
                if op.type == "Identity":
                    queue.append(op.outputs[0])
                elif op.type == "Reshape" and op.inputs[0].name == x.name:
                    from tensorflow.python.framework import tensor_util

                    # Partial: Pack([Shape(x)[0], 28, 28]) reads as [?, 28, 28].
                    shape = tensor_util.constant_value_as_shape(op.inputs[1])
                    if shape.rank is not None:
                        dims = [1 if d is None or d < 0 else int(d) for d in shape.as_list()]
                        return t.TensorSpec(dims, spec.dtype, name=spec.name)
    except Exception:  # noqa: BLE001 - a hint is only a hint
        pass
    return spec


def tf_spec(t, spec, name):
    return t.TensorSpec(spec.shape, spec.dtype, name=name)


def _kwargs_caller(fn, names):
    def accelcheck_xla_entry(*args):
        return fn(**dict(zip(names, args)))

    return accelcheck_xla_entry


def _pruned(t, graph_def, inputs, outputs):
    if not outputs:
        raise ValueError("no outputs: the graph has no data sinks to compile")

    def imp():
        t.graph_util.import_graph_def(graph_def, name="")

    wrapped = t.compat.v1.wrap_function(imp, [])
    g = wrapped.graph
    feeds = [g.get_tensor_by_name(loading.tensor_name(n)) for n in inputs]
    fetches = [g.get_tensor_by_name(loading.tensor_name(n)) for n in outputs]
    fn = wrapped.prune(feeds, fetches)
    specs = [_hinted(t, t.TensorSpec(x.shape, x.dtype, name=x.op.name), x) for x in feeds]

    def accelcheck_xla_entry(*args):
        return fn(*args)

    return accelcheck_xla_entry, specs, wrapped


def _signature_names(model) -> list[str]:
    """The SavedModel's signature names, for reporting a load failure per signature."""
    return sorted(k for k in model.signatures if not k.startswith("__"))


# ----------------------------------------------------------------------------- errors

def problems_from_exception(e: BaseException) -> list[OracleProblem]:
    text = str(e)
    flat = " ".join(text.split())
    function = _function_in(flat)
    problems: list[OracleProblem] = []
    for op, device, fn_node, node, mismatch, attrs in _NO_KERNEL.findall(flat):
        msg = f"No registered '{op}' OpKernel for {device} devices compatible with node {{{{node {node}}}}}"
        if mismatch:
            msg += f" ({mismatch}: {attrs.strip()})"
        fn_node = "" if loading.is_loader_function(fn_node) else fn_node
        problems.append(OracleProblem(op, node, fn_node or function, "no_kernel", one_line(msg)))
    if not problems:
        nodes = _NODE.findall(flat) or _OF_NODE.findall(flat)
        m = re.search(r"'(?:tf\.)?([A-Z]\w+)' op", flat)
        problems.append(OracleProblem(m.group(1) if m else "", nodes[0] if nodes else "", function, "other",
                                      _first_line(e)))
    return dedupe(problems)


def _first_line(e: BaseException) -> str:
    text = str(e)
    text = re.sub(r"^Failed getting HLO text: '", "", text.strip())
    fallback = re.search(r"Fallback to flat signature also failed due to: (.*)", text)
    if fallback:  # binding failed because tracing failed: the latter is the cause
        return one_line(fallback.group(1))
    if text.startswith("in user code:"):
        # An error raised while tracing: the last "XxxError: message" line is the cause.
        causes = re.findall(r"^\s*(\w+(?:Error|Exception): .*)$", text, re.M)
        if causes:
            return one_line(causes[-1])
    for line in text.splitlines():
        if line.strip():
            return one_line(line)
    return type(e).__name__


def _function_in(flat: str) -> str:
    for rx in (_FUNCTION_NODE, _UNSUPPORTED, _CONVERTING, _CREATING):
        m = rx.findall(flat)
        if m:
            v = m[-1] if rx is _FUNCTION_NODE else m[0]
            v = v[0] if isinstance(v, tuple) else v
            v = v[:-2] if v.endswith("[]") else v
            return "" if _ENTRY in v or loading.is_loader_function(v) else v
    return ""


def summary(e: BaseException, problems: list[OracleProblem]) -> str:
    """One line for OracleResult.error."""
    if problems and problems[0].kind == "no_kernel":
        ops = list(dict.fromkeys(p.op for p in problems))
        return one_line(f"{type(e).__name__}: no XLA kernel for {', '.join(ops)} "
                                f"({problems[0].message})")
    return one_line(f"{type(e).__name__}: {problems[0].message if problems else _first_line(e)}")


def _fill_ops(problems: list[OracleProblem], model) -> None:
    """Name the op of problems that only name a node, and give functions the names they have in
    the model file: tf.saved_model.load renumbers library functions (__inference_serve_2208 in
    the file is __inference_serve_7 once loaded)."""
    if not any((pr.node and not pr.op) or pr.function for pr in problems):
        return
    library = loading.function_ops(model)
    for pr in problems:
        if pr.function and pr.function not in library:
            base = re.sub(r"_\d+$", "", pr.function)
            candidates = [name for name, nodes in library.items()
                          if re.sub(r"_\d+$", "", name) == base and (not pr.node or pr.node in nodes)
                          and (not pr.op or not pr.node or nodes[pr.node] == pr.op)]
            if len(candidates) == 1:
                pr.function = candidates[0]
    ops = loading.node_ops(model)
    for pr in problems:
        if pr.node and not pr.op:
            pr.op = ops.get(f"{pr.function}/{pr.node}", "") or ops.get(pr.node, "")
