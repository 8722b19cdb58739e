"""Inputs for verification: generated per signature input (seeded, from the dtype and shape the graph
gives the fed tensor; serialized tf.Example batches for parse ops), or read from an --inputs .npz."""

from __future__ import annotations

import zlib
from collections import deque

import numpy as np

from ...errors import ConfigError
from ...model.graph import call_arg_offset
from ...tfruntime import error_line, tf

_PLAIN_DTYPES = {"float16", "float32", "float64", "complex64", "complex128", "bool", "int8", "int16", "int32",
                 "int64", "uint8", "uint16", "uint32", "uint64"}


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
        return np.dtype(tf().dtypes.as_dtype(base).as_numpy_dtype)
    except Exception:  # noqa: BLE001 - a dtype TensorFlow cannot feed from numpy
        return None


# Ops a serialized tf.Example batch passes through unchanged on its way to the parser.
_PASS_THROUGH = {"Identity", "Snapshot", "StopGradient", "Reshape", "ExpandDims", "Squeeze", "PlaceholderWithDefault"}
_PARSE_OPS = {"ParseExample", "ParseExampleV2", "ParseSingleExample"}


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
                index = data.get("index", -1) - call_arg_offset(node.op)
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
    if node.op == "Const":
        return node.const_bytes()
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
    if node.op == "ParseSingleExample":
        keys = node.attr_bytes_list("dense_keys")
    elif node.op == "ParseExample":
        n_sparse = node.attr_int("Nsparse")
        n_dense = node.attr_int("Ndense")
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
            if not node.has_attr("dense_keys"):
                raise _CannotGenerate(f"feeds {node.op} node `{node.name}`, whose dense keys are not a constant")
            keys = node.attr_bytes_list("dense_keys")
    types = node.attr_type_list("Tdense")
    shapes = node.attr_shape_list("dense_shapes")
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
    tf()
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
        raise ConfigError(f"--inputs {path}: cannot read as a NumPy .npz file: {error_line(e)}") from None
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
