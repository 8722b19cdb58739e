"""Numerical proof that a fix changed nothing: run the original and the fixed model on the same
inputs and compare every output.

How models run: always TF1 graph mode, each in a fresh ``tf.Graph()`` and
``tf.compat.v1.Session(config=ConfigProto(allow_soft_placement=True))`` (soft placement lets a graph
pinned to /device:GPU:0 run on this CPU):
- SavedModel (TF1 or TF2, with or without variables): ``tf.compat.v1.saved_model.loader.load``, then
  feed and fetch the SignatureDef's tensor names;
- frozen GraphDef (``.pb``/``.pbtxt``): ``tf.compat.v1.import_graph_def(graph_def, name="")``;
- ``.meta``: ``import_meta_graph`` and a restore from the checkpoint beside it.
Signatures (names, tensor names, dtypes, shapes) come from ``accelcheck.model.load``; a frozen
graph's is inferred and named "(inferred)".

Inputs, per signature input, in this order: a pinned value (``pinned[signature][key]``: an input the
fix removed, fed to the original only), ``--inputs FILE.npz`` (key ``signature/key`` or ``key``), else
generated with a seeded generator (see `generate_inputs`). Generated inputs are made once the first
model is loaded, from the dtype and shape its graph gives the fed tensor (more reliable than an old
signature: a legacy `shape {}` placeholder, a SignatureDef with the wrong dtype), the signature's
dims filling unknown ones. When the original rejects them, other variants are tried in order:
inputs of unknown rank as scalars (the usual meaning of an unranked keep_prob / is_training), then
batch 1 (a graph that broadcasts against a batch-1 constant); the variant the original accepted is
the one the fixed model gets.

What is compared, per output:
- each model runs twice on the same inputs in its own session; run i of the fixed model is compared
  with run i of the original (so a stateful counter that counts the same way passes);
- the original gives different results on its two runs and the fixed model does not reproduce them
  (random ops, e.g. dropout left in): the comparison is not meaningful, so the fixed model's two runs
  are compared with each other instead (ok only if the fixed model is deterministic);
- the original cannot load or run at all: ``original_error`` says why, and the fixed model is only
  checked to load, run and give finite outputs (``checked_instead`` says so).

`verify` never raises for a model problem: every TensorFlow exception becomes a one-line reason.
It raises ConfigError only for an unreadable ``--inputs`` file.
"""

from __future__ import annotations

import math
import os
import re
import statistics
import time
import zlib
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ..errors import AccelcheckError, ConfigError

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

# Ops a serialized tf.Example batch passes through unchanged on its way to the parser.
_PASS_THROUGH = {"Identity", "Snapshot", "StopGradient", "Reshape", "ExpandDims", "Squeeze", "PlaceholderWithDefault"}
_PARSE_OPS = {"ParseExample", "ParseExampleV2", "ParseSingleExample"}
_CALL_OFFSET = {"If": 1, "StatelessIf": 1, "Case": 1, "StatelessCase": 1, "_If": 1, "_Case": 1}
_WARMUP_CALLS = 3
_MIN_CALLS = 20
_MAX_CALLS = 200
_MIN_TIMED_S = 0.5  # keep calling (up to _MAX_CALLS) until this much time has been measured
_TINY = np.finfo(np.float64).tiny
_INFERRED_ALIASES = ("(inferred)", "serving_default")  # names a frozen graph's one signature goes by
_PLAIN_DTYPES = {"float16", "float32", "float64", "complex64", "complex128", "bool", "int8", "int16", "int32",
                 "int64", "uint8", "uint16", "uint32", "uint64"}


# ----------------------------------------------------------------------------- results

@dataclass
class OutputDiff:
    signature: str
    output: str
    max_abs: float
    max_rel: float
    ok: bool
    note: str = ""


@dataclass
class Timing:
    load_s: float  # fresh graph + session + load, wall clock
    median_call_s: float  # median of `calls` session calls of `signature`, after warm-up calls
    calls: int
    signature: str = ""


@dataclass
class VerifyResult:
    ok: bool  # every compared output within tolerance (and the fixed model loads)
    compared: list[OutputDiff] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # one line per signature not compared, with the reason
    original_error: str = ""  # "" or why the original could not run
    checked_instead: str = ""  # what was checked when original_error is set
    timing: dict[str, Timing] = field(default_factory=dict)  # {"original": ..., "fixed": ...} when measured
    fixed_error: str = ""  # "" or why the fixed model could not be loaded at all
    inputs: dict[str, dict[str, str]] = field(default_factory=dict)  # signature -> key -> where the value came from
    notes: list[str] = field(default_factory=list)  # anything else worth saying (unused --inputs keys, ...)

    def to_dict(self) -> dict:
        """JSON-ready: non-finite differences become the strings "inf" / "nan"."""
        d = asdict(self)
        for item in d["compared"]:
            for k in ("max_abs", "max_rel"):
                item[k] = _json_float(item[k])
        for t in d["timing"].values():
            t["load_s"] = _json_float(round(t["load_s"], 6))
            t["median_call_s"] = _json_float(round(t["median_call_s"], 9))
        return d


def _json_float(x: float):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x)


# ----------------------------------------------------------------------------- TensorFlow

def _tf():
    from ..confirm import loading

    return loading.tf()


_NOISE = re.compile(r"^(Graph execution error:|Detected at node .* defined at|Node: |Traceback \(most recent|File \"|"
                    r"Original stack trace for|\[\[\{\{node )")
_AT_NODE = re.compile(r"\[\[\{\{node ([^}]+)\}\}\]\]")


def _line(e: BaseException) -> str:
    """One line: for a TensorFlow OpError, its first meaningful line and the node it happened at."""
    from ..confirm import loading

    if isinstance(e, AccelcheckError):
        return loading.one_line(e)
    message = getattr(e, "message", None)
    if isinstance(message, str) and type(e).__name__.endswith("Error") and hasattr(e, "error_code"):
        lines = [ln.strip() for ln in message.splitlines()]
        lines = [ln for ln in lines if ln and not _NOISE.match(ln) and not ln.startswith(("raise ", "return "))]
        node = _AT_NODE.search(message)
        text = lines[0] if lines else message
        if node and node.group(1) not in text:
            text += f" (at node {node.group(1)})"
        return f"{type(e).__name__}: {loading.one_line(text)}"
    return loading.exc_line(e)


def _np_dtype(name: str):
    """numpy dtype for an accelcheck dtype name, or None (resource, variant, quantized, unknown)."""
    base = name[:-4] if name.endswith("_ref") else name
    if base in ("", "resource", "variant", "invalid") or base.startswith(("unknown", "q")):
        return None
    if base == "string":
        return np.dtype(object)
    if base in _PLAIN_DTYPES:
        return np.dtype(base)
    try:
        return np.dtype(_tf().dtypes.as_dtype(base).as_numpy_dtype)
    except Exception:  # noqa: BLE001 - a dtype TensorFlow cannot feed from numpy
        return None


# ----------------------------------------------------------------------------- inputs

class _CannotGenerate(Exception):
    """An input whose values cannot be made up; the message is the reason (after "input 'k' ")."""


def _rng(seed: int, key: str) -> np.random.Generator:
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, zlib.crc32(key.encode("utf-8"))])


def _concrete_shape(shape, batch: int, unranked_scalar: bool = False) -> list[int]:
    if shape is None:
        return [] if unranked_scalar else [batch]
    return [(batch if i == 0 else 3) if d is None else int(d) for i, d in enumerate(shape)]


def _numeric(rng: np.random.Generator, dt: np.dtype, shape: list[int]) -> np.ndarray:
    if dt == np.bool_:
        return rng.integers(0, 2, size=shape).astype(bool)
    if np.issubdtype(dt, np.integer):
        return rng.integers(0, 3, size=shape).astype(dt)
    if np.issubdtype(dt, np.complexfloating):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dt)
    return rng.standard_normal(shape).astype(dt)  # float16/32/64, bfloat16 (ml_dtypes)


def _parse_nodes(model, start) -> list:
    """ParseExample-family nodes that read `start`'s output as their serialized input, following
    pass-through ops and into the bodies of the functions it is passed to."""
    found, seen, queue = [], {start}, deque([start])
    while queue:
        key = queue.popleft()
        for dst, data in model.consumers(key):
            if data.get("kind") != "data":
                continue
            node = model.nodes[dst]
            targets = []
            if node.op in _PARSE_OPS:
                if data.get("index") == 0 and all(n is not node for n in found):
                    found.append(node)
                continue
            if node.op in _PASS_THROUGH and data.get("index") == 0:
                targets = [dst]
            elif node.calls:
                index = data.get("index", -1) - _CALL_OFFSET.get(node.op, 0)
                for fn in node.calls:
                    info = model.functions.get(fn)
                    if info and 0 <= index < len(info.arg_names):
                        targets.append((fn, info.arg_names[index]))
            for t in targets:
                if t not in seen:
                    seen.add(t)
                    queue.append(t)
    return found


def _const_strings(model, key, depth: int = 0) -> list[bytes] | None:
    node = model.nodes.get(key)
    if node is None or depth > 8:
        return None
    if node.op == "Const" and "value" in node.attrs:
        return list(node.attrs["value"].tensor.string_val)
    if node.op in ("Identity", "Reshape", "Snapshot"):
        src = _input_at(model, key, 0)
        return _const_strings(model, src, depth + 1) if src is not None else None
    return None


def _input_at(model, key, index: int):
    for src, data in model.producers(key):
        if data.get("kind") == "data" and data.get("index") == index:
            return src
    return None


def _dense_features(model, node) -> list[tuple[str, str, tuple]]:
    """(feature key, dtype name, dense shape) for each dense feature a parse node reads.
    Raises _CannotGenerate when the keys cannot be read from the graph."""
    from ..model.dtypes import dtype_name, shape_tuple

    attrs = node.attrs
    if node.op == "ParseSingleExample":
        keys = list(attrs["dense_keys"].list.s) if "dense_keys" in attrs else []
    elif node.op == "ParseExample":
        n_sparse = attrs["Nsparse"].i if "Nsparse" in attrs else 0
        n_dense = attrs["Ndense"].i if "Ndense" in attrs else 0
        keys = []
        for i in range(n_dense):
            src = _input_at(model, node.key, 2 + n_sparse + i)
            value = _const_strings(model, src) if src is not None else None
            if not value or len(value) != 1:
                raise _CannotGenerate(f"feeds {node.op} node `{node.name}`, whose dense key {i} is not a constant")
            keys.append(value[0])
    else:  # ParseExampleV2: dense_keys is input 3, a 1-D string tensor (or, failing that, an attr)
        src = _input_at(model, node.key, 3)
        keys = _const_strings(model, src) if src is not None else None
        if keys is None:
            if "dense_keys" not in attrs:
                raise _CannotGenerate(f"feeds {node.op} node `{node.name}`, whose dense keys are not a constant")
            keys = list(attrs["dense_keys"].list.s)
    types = [dtype_name(t) for t in attrs["Tdense"].list.type] if "Tdense" in attrs else []
    shapes = [shape_tuple(s) for s in attrs["dense_shapes"].list.shape] if "dense_shapes" in attrs else []
    if len(types) != len(keys):
        raise _CannotGenerate(f"feeds {node.op} node `{node.name}` with {len(keys)} dense keys "
                              f"but {len(types)} Tdense types")
    shapes = shapes + [()] * (len(keys) - len(shapes))
    out = []
    for k, t, s in zip(keys, types, shapes):
        if t not in _FEATURE_KINDS:
            raise _CannotGenerate(f"feeds a ParseExample dense feature {k!r} of type {t}, which cannot be generated")
        out.append((k.decode("utf-8", "replace"), t, s or ()))
    return out


_FEATURE_KINDS = {"float32": "float", "float64": "float", "float16": "float", "bfloat16": "float",
                  "int64": "int", "int32": "int", "string": "bytes"}


def _example_features(model, node_key) -> tuple[dict[str, tuple[str, tuple]], bool]:
    """{feature key: (dtype, dense shape)} of the parse nodes a string input feeds, and whether one
    of them is a ParseSingleExample (which wants a scalar). Raises _CannotGenerate."""
    parsers = _parse_nodes(model, node_key) if node_key is not None else []
    if not parsers:
        raise _CannotGenerate("is a string input that does not feed a ParseExample node "
                              "(give values with --inputs)")
    features: dict[str, tuple[str, tuple]] = {}
    for node in parsers:
        for key, dtype, dense_shape in _dense_features(model, node):
            features.setdefault(key, (dtype, dense_shape))
    return features, any(n.op == "ParseSingleExample" for n in parsers)


def _examples(model, node_key, rng: np.random.Generator, shape: list[int]) -> np.ndarray:
    """Serialized tf.train.Examples, one per element of `shape`, every dense feature filled."""
    features, single = _example_features(model, node_key)
    if single:
        shape = []
    _tf()
    from tensorflow.core.example import example_pb2

    count = int(np.prod(shape)) if shape else 1
    out = np.empty(count, dtype=object)
    for i in range(count):
        ex = example_pb2.Example()
        for key in sorted(features):
            dtype, dense_shape = features[key]
            n = int(np.prod([1 if d is None or d < 0 else d for d in dense_shape])) if dense_shape else 1
            feature, kind = ex.features.feature[key], _FEATURE_KINDS[dtype]
            if kind == "float":
                feature.float_list.value.extend(float(v) for v in rng.standard_normal(n))
            elif kind == "int":
                feature.int64_list.value.extend(int(v) for v in rng.integers(0, 3, size=n))
            else:
                feature.bytes_list.value.extend(b"v%d" % v for v in rng.integers(0, 3, size=n))
        out[i] = ex.SerializeToString()
    return out.reshape(shape)


def _check_generable(model, node_key, dtype: str) -> None:
    """Raise _CannotGenerate if values of this dtype cannot be made up for this input (no TensorFlow)."""
    if _np_dtype(dtype) is None:
        raise _CannotGenerate(f"has dtype {dtype or 'unknown'}, which cannot be generated (give values with --inputs)")
    if dtype in ("string", "string_ref"):
        _example_features(model, node_key)


def _value(model, node_key, dtype: str, shape, key: str, seed: int, batch: int,
           unranked_scalar: bool = False) -> np.ndarray:
    """Generated values for one input. Raises _CannotGenerate."""
    _check_generable(model, node_key, dtype)
    dt = _np_dtype(dtype)
    rng = _rng(seed, key)
    if dt == np.dtype(object):
        return _examples(model, node_key, rng, _concrete_shape(shape, batch))
    return _numeric(rng, dt, _concrete_shape(shape, batch, unranked_scalar))


def generate_inputs(model, signature: str, seed: int = 0, batch: int = 2) -> dict[str, np.ndarray] | None:
    """Inputs for one signature of an accelcheck Model, from its input specs; None when some input
    cannot be generated (a string input that feeds no ParseExample node, a resource input, ...).

    Unknown dimensions become `batch` (first) or 3 (others); an unknown rank becomes shape [batch].
    float: seeded standard normal; int: seeded integers in [0, 3); bool: seeded; string feeding
    ParseExample / ParseExampleV2 / ParseSingleExample (followed through Identity and into called
    functions): serialized tf.train.Examples with every dense feature filled (seeded floats / ints of
    the feature's dense shape). A signature without inputs gives {}. Each input's values depend only
    on (seed, input key, shape)."""
    out = {}
    for key, spec in model.signatures[signature].inputs.items():
        try:
            out[key] = _value(model, spec.node, spec.dtype, spec.shape, key, seed, batch)
        except _CannotGenerate:
            return None
    return out


def _read_npz(path: str) -> dict[str, np.ndarray]:
    try:
        with np.load(path, allow_pickle=False) as data:
            out = {k: data[k] for k in data.files}
    except Exception as e:  # noqa: BLE001 - a missing, corrupt or pickled file
        raise ConfigError(f"--inputs {path}: cannot read as a NumPy .npz file: {_line(e)}") from None
    for k, v in out.items():
        if v.dtype.kind == "U":
            out[k] = np.char.encode(v, "utf-8").astype(object)
        elif v.dtype.kind == "S":
            out[k] = v.astype(object)
    return out


def _as_input(value, spec) -> np.ndarray:
    dt = _np_dtype(spec.dtype) if spec is not None else None
    if isinstance(value, np.ndarray) and (dt is None or value.dtype == dt):
        return value
    if dt == np.dtype(object):
        arr = np.asarray(value)
        if arr.dtype.kind == "U":
            return np.char.encode(arr, "utf-8").astype(object)
        return arr.astype(object)
    if dt is None:
        return np.asarray(value)
    return np.asarray(value, dtype=dt)


# ----------------------------------------------------------------------------- plans

@dataclass
class _Input:
    key: str  # the original's input key (the fixed model's when the original could not be read)
    spec: object  # TensorSpec generated from
    model: object  # the Model that spec belongs to (followed to find ParseExample nodes)
    orig_name: str | None  # tensor fed in the original
    fixed_name: str | None  # tensor fed in the fixed model (None: a pinned input the fix removed)
    value: np.ndarray | None = None  # pinned or --inputs value; None: generated
    source: str = "generated"


@dataclass
class _Plan:
    name: str
    inputs: list[_Input]
    orig_fetch: dict[str, str]  # output key -> tensor name (keys compared)
    fixed_fetch: dict[str, str]
    missing_outputs: list[str] = field(default_factory=list)
    extra_outputs: list[str] = field(default_factory=list)
    variants: list[tuple[dict[str, np.ndarray], str]] | None = None  # (key -> value, label), made on first load
    chosen: int | None = None  # the variant the original (else the fixed model) accepted
    gen_error: str = ""
    orig_runs: list[dict] | None = None
    orig_error: str = ""
    fixed_runs: list[dict] | None = None
    orig_fresh: dict | None = None  # the original's first call again, in a fresh session (stateful vs random)
    fixed_error: str = ""

    def feeds(self, which: str, variant: int) -> dict[str, np.ndarray]:
        values = self.variants[variant][0]
        attr = "orig_name" if which == "original" else "fixed_name"
        return {getattr(i, attr): values[i.key] for i in self.inputs if getattr(i, attr)}

    def sources(self) -> dict[str, str]:
        if not self.variants:
            return {i.key: i.source for i in self.inputs}
        values, _ = self.variants[self.chosen or 0]
        by_key = {i.key: i.source for i in self.inputs}
        out = {}
        for key, value in values.items():
            dtype = "string" if value.dtype == np.dtype(object) else str(value.dtype)
            out[key] = f"{by_key[key]} {dtype}{list(value.shape)}"
        return out

    def generated(self) -> bool:
        return any(i.value is None for i in self.inputs)


def _lookup_signature(model, name: str):
    """model.signatures[name]; else the model's only signature when it is an inferred one (a frozen
    graph written as a SavedModel names it serving_default, and a SavedModel written as a frozen
    graph has only "(inferred)")."""
    if name in model.signatures:
        return model.signatures[name]
    sigs = list(model.signatures.values())
    if name in _INFERRED_ALIASES and len(sigs) == 1 and sigs[0].inferred:
        return sigs[0]
    return None


def _match_key(key: str, spec, others: dict) -> str | None:
    if key in others:
        return key
    for k, other in others.items():
        if spec is not None and other.name == spec.name:
            return k
    return None


def _plan(name: str, orig_model, fixed_model, npz, pinned) -> tuple[_Plan | None, str]:
    """What to feed and fetch for one signature, or (None, the reason it cannot be compared)."""
    orig_sig = _lookup_signature(orig_model, name) if orig_model is not None else None
    if orig_model is not None and orig_sig is None:
        return None, f"{name}: not a signature of the original model (it has " \
                     f"{', '.join(sorted(orig_model.signatures)) or 'none'})"
    fixed_sig = _lookup_signature(fixed_model, name)
    if fixed_sig is None and orig_sig is not None and orig_sig.name in fixed_model.signatures:
        fixed_sig = fixed_model.signatures[orig_sig.name]
    if fixed_sig is None and orig_sig is not None and orig_sig.inferred:
        # a frozen graph written as a SavedModel: its one signature became serving_default
        only = list(fixed_model.signatures.values())
        fixed_sig = fixed_model.signatures.get("serving_default") or (only[0] if len(only) == 1 else None)
    if fixed_sig is None and orig_sig is not None and all(
            t.node is not None and t.node in fixed_model.nodes
            for t in list(orig_sig.inputs.values()) + list(orig_sig.outputs.values())):
        # a SavedModel signature written as a frozen graph: the fix keeps node names, so the
        # original's tensors are there to feed and fetch
        fixed_sig = orig_sig
    if fixed_sig is None:
        return None, f"{name}: not a signature of the fixed model (it has " \
                     f"{', '.join(sorted(fixed_model.signatures)) or 'none'})"
    base_sig, base_model = (orig_sig, orig_model) if orig_sig is not None else (fixed_sig, fixed_model)
    pins = dict((pinned or {}).get(base_sig.name, {}))
    pins.update((pinned or {}).get(name, {}))

    inputs, matched = [], set()
    for key, spec in base_sig.inputs.items():
        fk = _match_key(key, spec, fixed_sig.inputs) if orig_sig is not None else key
        if fk is None and key not in pins:
            return None, (f"{name}: input {key!r} is not an input of the fixed model and has no pinned value "
                          "(pin the value the fix gave it)")
        matched.add(fk)
        inp = _Input(key, spec, base_model, spec.name if orig_sig is not None else None,
                     fixed_sig.inputs[fk].name if fk is not None else None)
        if key in pins:
            inp.value, inp.source = _as_input(pins[key], spec), "pinned"
        elif npz is not None and f"{name}/{key}" in npz:
            inp.value, inp.source = _as_input(npz[f"{name}/{key}"], spec), "--inputs"
        elif npz is not None and key in npz:
            inp.value, inp.source = _as_input(npz[key], spec), "--inputs"
        else:
            try:
                _check_generable(base_model, spec.node, spec.dtype)
            except _CannotGenerate as e:
                if fk is None:
                    return None, f"{name}: input {key!r} {e}"
                # the original's spec may be what is broken: try the fixed model's
                try:
                    _check_generable(fixed_model, fixed_sig.inputs[fk].node, fixed_sig.inputs[fk].dtype)
                except _CannotGenerate:
                    return None, f"{name}: input {key!r} {e}"
                inp.spec, inp.model = fixed_sig.inputs[fk], fixed_model
        inputs.append(inp)
    extra_in = [k for k in fixed_sig.inputs if k not in matched]
    if extra_in:
        return None, (f"{name}: input(s) {', '.join(map(repr, extra_in))} of the fixed model are not inputs "
                      "of the original")

    orig_fetch, fixed_fetch, missing, extra = {}, {}, [], []
    if orig_sig is not None:
        used = set()
        for key, spec in orig_sig.outputs.items():
            fk = _match_key(key, spec, fixed_sig.outputs)
            if fk is None:
                missing.append(key)
                continue
            used.add(fk)
            orig_fetch[key], fixed_fetch[key] = spec.name, fixed_sig.outputs[fk].name
        extra = [k for k in fixed_sig.outputs if k not in used]
    else:
        fixed_fetch = {k: s.name for k, s in fixed_sig.outputs.items()}
    if not fixed_fetch and not missing:
        return None, f"{name}: the signature has no outputs to compare"
    return _Plan(name, inputs, orig_fetch, fixed_fetch, missing, extra), ""


def _resolve(graph, name: str | None, spec) -> tuple[str, tuple | None]:
    """(dtype, shape) to generate for a fed tensor: what the loaded graph says, which can be more
    than the signature says (or right where it is wrong); the signature's dims fill unknown ones."""
    try:
        tensor = graph.get_tensor_by_name(name)
    except Exception:  # noqa: BLE001 - not in this graph: trust the signature
        return spec.dtype, spec.shape
    dtype = tensor.dtype.base_dtype.name
    if tensor.shape.rank is None:
        # a scalar claim the graph contradicts comes from a legacy `shape {}` (= unknown) placeholder
        return dtype, (None if spec.shape == () else spec.shape)
    dims = tensor.shape.as_list()
    if spec.shape is not None and len(spec.shape) == len(dims):
        dims = [d if d is not None else s for d, s in zip(dims, spec.shape)]
    return dtype, tuple(dims)


def _variants(plan: _Plan, graph, which: str, seed: int) -> list[tuple[dict[str, np.ndarray], str]]:
    """Input sets to try, in order: batch 2; unranked inputs as scalars; batch 1 (each only when it
    changes something). Raises _CannotGenerate."""
    resolved = {}
    for inp in plan.inputs:
        if inp.value is None:
            name = inp.orig_name if which == "original" else inp.fixed_name
            resolved[inp.key] = _resolve(graph, name, inp.spec)
    unranked = any(s is None and d not in ("string", "string_ref") for d, s in resolved.values())
    batched = any(s is None or None in s for _, s in resolved.values())
    configs = [(2, False, "")]
    if unranked:
        configs.append((2, True, "inputs of unknown rank as scalars"))
    if batched:
        configs.append((1, False, "batch 1"))
        if unranked:
            configs.append((1, True, "batch 1, inputs of unknown rank as scalars"))
    out, seen = [], set()
    for batch, scalar, label in configs:
        values = {}
        for inp in plan.inputs:
            if inp.value is not None:
                values[inp.key] = inp.value
                continue
            dtype, shape = resolved[inp.key]
            try:
                values[inp.key] = _value(inp.model, inp.spec.node, dtype, shape, inp.key, seed, batch, scalar)
            except _CannotGenerate as e:
                raise _CannotGenerate(f"input {inp.key!r} {e}") from None
        shapes = tuple((k, v.shape) for k, v in values.items())
        if shapes not in seen:
            seen.add(shapes)
            out.append((values, label))
    return out


# ----------------------------------------------------------------------------- sessions

class _Session:
    """One model loaded into a fresh graph and session (TF1 graph mode, soft placement)."""

    def __init__(self, model, tags):
        t = _tf()
        self.graph = t.Graph()
        start = time.perf_counter()
        with self.graph.as_default():
            config = t.compat.v1.ConfigProto(allow_soft_placement=True)
            self.sess = t.compat.v1.Session(graph=self.graph, config=config)
            try:
                self._load(t, model, tags)
            except BaseException:
                self.sess.close()
                raise
        self.load_s = time.perf_counter() - start

    def _load(self, t, model, tags) -> None:
        from ..confirm import loading

        if model.format == "saved_model":
            t.compat.v1.saved_model.loader.load(self.sess, list(tags), model.path)
        elif model.format == "meta_graph":
            meta = t.compat.v1.MetaGraphDef()
            meta.CopyFrom(model.meta_graph)
            loading.fix_meta_version(meta)
            saver = t.compat.v1.train.import_meta_graph(meta, clear_devices=False)
            if saver is not None:
                prefix = model.checkpoint_prefix or loading.checkpoint_prefix(Path(model.path))
                if prefix is None:
                    raise RuntimeError(f"{model.path}: no checkpoint beside the .meta to restore its variables from")
                saver.restore(self.sess, prefix)
            if self.graph.get_collection(t.compat.v1.GraphKeys.TABLE_INITIALIZERS):
                self.sess.run(t.compat.v1.tables_initializer())
        else:
            t.compat.v1.import_graph_def(model.graph_def, name="")
            if any(n.name == "init_all_tables" for n in model.graph_def.node):
                # a frozen graph keeps its table initializer as a plain op; if it fails, the runs say why
                try:
                    self.sess.run(self.graph.get_operation_by_name("init_all_tables"))
                except Exception:  # noqa: BLE001
                    pass

    def run(self, fetches: dict[str, str], feeds: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        with self.graph.as_default():
            out = self.sess.run(fetches, feeds)
        return {k: np.asarray(v) for k, v in out.items()}

    def time_calls(self, fetches: dict[str, str], feeds: dict[str, np.ndarray]) -> tuple[float, int]:
        with self.graph.as_default():
            g = self.graph
            fn = self.sess.make_callable([g.as_graph_element(n) for n in fetches.values()],
                                         feed_list=[g.as_graph_element(n) for n in feeds])
            args = list(feeds.values())
            for _ in range(_WARMUP_CALLS):
                fn(*args)
            times: list[float] = []
            while len(times) < _MIN_CALLS or (sum(times) < _MIN_TIMED_S and len(times) < _MAX_CALLS):
                start = time.perf_counter()
                fn(*args)
                times.append(time.perf_counter() - start)
        return statistics.median(times), len(times)

    def close(self) -> None:
        self.sess.close()


def _warm_runtime() -> None:
    """Start TensorFlow's runtime (devices, thread pools) once, so the first load timed does not pay for it."""
    t = _tf()
    g = t.Graph()
    with g.as_default(), t.compat.v1.Session(graph=g) as s:
        s.run(t.constant(1.0) + 1.0)


def _run_model(model, tags, plans: list[_Plan], which: str, seed: int, measure: bool, prefer: str | None):
    """Load one model and run every plan twice. Returns (load error, Timing or None)."""
    try:
        session = _Session(model, tags)
    except Exception as e:  # noqa: BLE001 - reported, never raised
        return f"cannot load: {_line(e)}", None
    try:
        for plan in plans:
            if plan.gen_error or (which == "original" and plan.orig_error):
                continue
            if plan.variants is None:  # generated on the first model that loads, from its graph
                try:
                    plan.variants = _variants(plan, session.graph, which, seed)
                except _CannotGenerate as e:
                    plan.gen_error = f"{plan.name}: {e}"
                    continue
                except Exception as e:  # noqa: BLE001 - a graph this code does not understand
                    plan.gen_error = f"{plan.name}: cannot generate inputs: {_line(e)}"
                    continue
            fetch = plan.orig_fetch if which == "original" else plan.fixed_fetch
            order = [plan.chosen] if plan.chosen is not None else range(len(plan.variants))
            runs, error = None, ""
            for i in order:
                try:
                    feeds = plan.feeds(which, i)
                    runs = [session.run(fetch, feeds) for _ in range(2)]
                except Exception as e:  # noqa: BLE001 - report the first variant's error
                    error = error or _line(e)
                    continue
                plan.chosen = i
                break
            if which == "original":
                plan.orig_runs, plan.orig_error = runs, ("" if runs is not None else error)
            else:
                plan.fixed_runs, plan.fixed_error = runs, ("" if runs is not None else error)
        timing = None
        if measure:
            ran = [p for p in plans if (p.orig_runs if which == "original" else p.fixed_runs) is not None]
            chosen = next((p for p in ran if p.name == prefer), ran[0] if ran else None)
            timing = Timing(session.load_s, math.nan, 0, "")
            if chosen is not None:
                fetch = chosen.orig_fetch if which == "original" else chosen.fixed_fetch
                try:
                    median, calls = session.time_calls(fetch, chosen.feeds(which, chosen.chosen))
                    timing = Timing(session.load_s, median, calls, chosen.name)
                except Exception:  # noqa: BLE001 - it ran twice already; timing is best effort
                    pass
        return "", timing
    finally:
        session.close()


def _first_calls_fresh(model, tags, plans: list[_Plan], rtol: float, atol: float) -> None:
    """For signatures whose original changed between its two calls: is that state or randomness?
    Load the original once more and repeat the first call. If it gives the first call's result
    again, the original is stateful but deterministic (a counter, an assignment), and the fixed
    model's first call must match strictly; only random outputs fall back to a determinism check."""
    changing = [p for p in plans if p.orig_runs is not None and not all(
        _compare(p.orig_runs[0][k], p.orig_runs[1][k], rtol, atol)[2] for k in p.orig_fetch)]
    if not changing:
        return
    try:
        session = _Session(model, tags)
    except Exception:  # noqa: BLE001 - it loaded a moment ago; without a second look, stay lenient
        return
    try:
        for plan in changing:
            try:
                plan.orig_fresh = session.run(plan.orig_fetch, plan.feeds("original", plan.chosen))
            except Exception:  # noqa: BLE001
                plan.orig_fresh = None
    finally:
        session.close()


# ----------------------------------------------------------------------------- comparing

def _is_text(a: np.ndarray) -> bool:
    return a.dtype == np.dtype(object) or a.dtype.kind in "SU"


def _compare(ref: np.ndarray, got: np.ndarray, rtol: float, atol: float) -> tuple[float, float, bool, str]:
    """(max_abs, max_rel, ok, note) of `got` against the reference `ref`."""
    ref, got = np.asarray(ref), np.asarray(got)
    if ref.shape != got.shape:
        return math.inf, math.inf, False, f"shape {list(got.shape)} differs from the original's {list(ref.shape)}"
    notes = []
    same_dtype = ref.dtype == got.dtype
    if not same_dtype:
        notes.append(f"dtype {got.dtype} differs from the original's {ref.dtype}")
    if _is_text(ref) or _is_text(got):
        eq = np.array([x == y for x, y in zip(ref.ravel().tolist(), got.ravel().tolist())], dtype=bool)
        bad = int((~eq).sum()) if eq.size else 0
        if bad:
            notes.append(f"{bad} of {ref.size} strings differ")
        return (math.inf if bad else 0.0), (math.inf if bad else 0.0), bad == 0 and same_dtype, "; ".join(notes)
    if ref.size == 0:
        return 0.0, 0.0, same_dtype, "; ".join(notes)
    exact = ref.dtype.kind in "biu" and got.dtype.kind in "biu"
    wide = np.complex128 if (ref.dtype.kind == "c" or got.dtype.kind == "c") else np.float64
    a, b = ref.astype(wide), got.astype(wide)
    both_nan = np.isnan(a) & np.isnan(b)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        diff = np.where((a == b) | both_nan, 0.0, np.abs(a - b))
        diff = np.where(np.isnan(diff), np.inf, diff)  # NaN on one side only, or inf - (-inf)
        rel = np.where(diff == 0, 0.0, diff / np.fmax(np.abs(a), _TINY))
        rel = np.where(np.isnan(rel), np.inf, rel)
    max_abs, max_rel = float(diff.max()), float(rel.max())
    if exact:
        ok = bool(np.array_equal(ref, got))
    else:
        ok = bool(np.allclose(b, a, rtol=rtol, atol=atol, equal_nan=True))
    return max_abs, max_rel, ok and same_dtype, "; ".join(notes)


def _finite(a: np.ndarray) -> bool:
    a = np.asarray(a)
    if _is_text(a) or a.dtype.kind not in "fc":
        return True
    return bool(np.all(np.isfinite(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64))))


def _fmt(x: float) -> str:
    return f"{x:.3g}"


def _compare_plan(plan: _Plan, rtol: float, atol: float) -> list[OutputDiff]:
    out = [OutputDiff(plan.name, k, math.inf, math.inf, False, "missing from the fixed model's outputs")
           for k in plan.missing_outputs]
    if plan.fixed_runs is None:
        msg = f"the fixed model failed: {plan.fixed_error}"
        return out + [OutputDiff(plan.name, k, math.nan, math.nan, False, msg) for k in plan.fixed_fetch]
    f1, f2 = plan.fixed_runs
    if plan.orig_runs is None:  # the original could not run: finiteness (and repeatability, as a note)
        for key in plan.fixed_fetch:
            finite = _finite(f1[key]) and _finite(f2[key])
            _, _, same, _ = _compare(f1[key], f2[key], rtol, atol)
            note = "not compared (the original could not run): " + (
                "fixed model's output is finite" if finite else "fixed model's output is NOT finite")
            if not same:
                note += "; it changes between two calls"
            out.append(OutputDiff(plan.name, key, math.nan, math.nan, finite, note))
        return out
    o1, o2 = plan.orig_runs
    for key in plan.orig_fetch:
        d1 = _compare(o1[key], f1[key], rtol, atol)
        d2 = _compare(o2[key], f2[key], rtol, atol)
        orig_abs, _, orig_same, _ = _compare(o1[key], o2[key], rtol, atol)
        max_abs, max_rel = max(d1[0], d2[0]), max(d1[1], d2[1])
        ok = d1[2] and d2[2]
        note = "; ".join(dict.fromkeys(n for n in (d1[3], d2[3]) if n))
        if orig_same or ok:
            if not orig_same:
                note = "; ".join(n for n in (note, "the original changes from call to call; the fixed model "
                                                   "reproduced both calls") if n)
            out.append(OutputDiff(plan.name, key, max_abs, max_rel, ok, note))
            continue
        fresh = plan.orig_fresh
        if fresh is not None and _compare(o1[key], fresh[key], rtol, atol)[2]:
            # stateful, not random: a fresh load repeats the first call, so first calls must agree
            note = "; ".join(n for n in (d1[3], "the original is stateful (its second call differs); compared "
                                                "first calls after loading") if n)
            out.append(OutputDiff(plan.name, key, d1[0], d1[1], d1[2], note))
            continue
        # the original is not repeatable and the fixed model does not reproduce it
        fa, fr, f_ok, f_note = _compare(f1[key], f2[key], rtol, atol)
        note = ("original is non-deterministic (random ops); compared the fixed model's two runs for "
                f"determinism instead (original's two runs differ by up to {_fmt(orig_abs)}; "
                + ("the fixed model's agree)" if f_ok else f"the fixed model's differ by up to {_fmt(fa)})"))
        if f_note:
            note += f"; {f_note}"
        out.append(OutputDiff(plan.name, key, fa, fr, f_ok, note))
    return out


# ----------------------------------------------------------------------------- entry point

def _accel_load(path, tags):
    from ..model import load

    try:
        return load(path, tuple(tags) if tags else None), ""
    except Exception as e:  # noqa: BLE001 - LoadError, or anything a broken file provokes
        return None, _line(e)


def verify(original_path, fixed_path, signatures: list[str], *, tags=("serve",), inputs_npz: str | None = None,
           pinned: dict[str, dict[str, object]] | None = None, rtol: float = 1e-5, atol: float = 1e-6,
           measure: bool = False, seed: int = 0) -> VerifyResult:
    """Run the original and the fixed model on the same inputs and compare every output of the
    given signatures (all of the original's when `signatures` is empty). See the module docstring.

    `result.ok` is False when an output differs beyond tolerance, an output is missing from the
    fixed model, the fixed model fails, or (when the original cannot run) an output is not finite.
    Signatures that could not be compared at all are listed in `skipped` and do not make it False:
    a caller that needs proof checks `compared` too."""
    result = VerifyResult(ok=True)
    npz = _read_npz(inputs_npz) if inputs_npz else None
    tags = tuple(tags or ("serve",))

    orig_model, orig_load_error = _accel_load(original_path, tags)
    fixed_model, fixed_load_error = _accel_load(fixed_path, tags)
    if orig_model is None:
        result.original_error = f"cannot load: {orig_load_error}"
    if fixed_model is None:
        result.ok = False
        result.fixed_error = f"cannot load: {fixed_load_error}"
        result.checked_instead = "nothing: the fixed model cannot be read either" if orig_model is None else ""
        return result

    names = list(signatures) if signatures else sorted((orig_model or fixed_model).signatures)
    plans: list[_Plan] = []
    for name in names:
        try:
            plan, reason = _plan(name, orig_model, fixed_model, npz, pinned)
        except Exception as e:  # noqa: BLE001 - a model this code does not understand
            plan, reason = None, f"{name}: cannot prepare inputs: {_line(e)}"
        if plan is None:
            result.skipped.append(reason)
        else:
            plans.append(plan)
    for name, pins in (pinned or {}).items():
        sig = _lookup_signature(orig_model, name) if orig_model is not None else None
        stray = sorted(k for k in pins if sig is not None and k not in sig.inputs)
        if stray:
            result.notes.append(f"{name}: pinned value(s) for {', '.join(stray)} not used: "
                                "not inputs of the original's signature")
    if npz is not None:
        wanted = {k for p in plans for i in p.inputs for k in (i.key, f"{p.name}/{i.key}")}
        unused = sorted(set(npz) - wanted)
        if unused:
            result.notes.append(f"--inputs keys not used: {', '.join(unused)}")

    orig_timing = fixed_timing = None
    try:
        # both models are loaded even when no signature can be compared: a fixed model TensorFlow
        # cannot load is never ok
        if measure:
            _warm_runtime()
        if orig_model is not None:
            load_error, orig_timing = _run_model(orig_model, tags, plans, "original", seed, measure, None)
            if load_error:
                result.original_error = load_error
            _first_calls_fresh(orig_model, tags, plans, rtol, atol)
        prefer = orig_timing.signature if orig_timing is not None else None
        load_error, fixed_timing = _run_model(fixed_model, tags, plans, "fixed", seed, measure, prefer)
        if load_error:
            result.fixed_error = load_error
            for p in plans:
                p.fixed_runs, p.fixed_error = None, load_error
    except Exception as e:  # noqa: BLE001 - TensorFlow itself failed to start
        result.ok = False
        result.fixed_error = result.fixed_error or f"cannot run TensorFlow: {_line(e)}"
        return result

    runnable = []
    for plan in plans:
        if plan.gen_error:
            result.skipped.append(plan.gen_error)
            continue
        runnable.append(plan)
        if plan.orig_runs is None:  # the original did not run: nothing of it to compare
            plan.orig_fetch, plan.missing_outputs = {}, []
        result.inputs[plan.name] = plan.sources()
        if plan.variants and plan.chosen:
            result.notes.append(f"{plan.name}: the default generated inputs were rejected; used "
                                f"{plan.variants[plan.chosen][1]}")
        try:
            result.compared.extend(_compare_plan(plan, rtol, atol))
        except Exception as e:  # noqa: BLE001 - outputs numpy cannot compare
            result.compared.append(OutputDiff(plan.name, "*", math.nan, math.nan, False,
                                              f"cannot compare the outputs: {_line(e)}"))
        if plan.extra_outputs:
            result.notes.append(f"{plan.name}: output(s) only in the fixed model, not compared: "
                                f"{', '.join(plan.extra_outputs)}")
    if not result.original_error:
        failed = [p for p in runnable if p.orig_error]
        if failed:
            result.original_error = "; ".join(f"{p.name}: {p.orig_error}" for p in failed)
    fixed_only = [p for p in runnable if p.orig_runs is None]
    if result.original_error and result.fixed_error:
        result.checked_instead = "nothing: the fixed model cannot be loaded either"
    elif result.original_error and not fixed_only:
        result.checked_instead = "the fixed model loads; no signature could be run (see skipped)"
    elif fixed_only:
        names_only = {p.name for p in fixed_only}
        scope = "" if len(fixed_only) == len(runnable) else f" (for {', '.join(sorted(names_only))})"
        kinds = sorted({i.source for p in fixed_only for i in p.inputs if i.fixed_name})
        where = " and ".join(kinds) + " inputs" if kinds else "no inputs"
        diffs = [d for d in result.compared if d.signature in names_only]
        if all(p.fixed_runs is None for p in fixed_only):
            hint = (" (if the generated inputs are the cause, give real ones with --inputs)"
                    if any(p.generated() for p in fixed_only) and not result.fixed_error else "")
            result.checked_instead = f"nothing: the fixed model could not run either{scope}{hint}"
        elif all(d.ok for d in diffs):
            result.checked_instead = f"the fixed model loads and runs on {where}; outputs are finite{scope}"
        else:
            result.checked_instead = (f"the fixed model loads and runs on {where}, but some outputs are not "
                                      f"finite or it failed{scope}")
    if measure:
        if orig_timing is not None:
            result.timing["original"] = orig_timing
        if fixed_timing is not None:
            result.timing["fixed"] = fixed_timing
    result.ok = result.ok and not result.fixed_error and all(d.ok for d in result.compared)
    return result
