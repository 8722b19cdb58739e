"""The condition vocabulary of `match:` in rule packs. Kept small on purpose; anything more is a
named Python check in rules/checks/.

    op_in: [A, B]            the node's op is one of these
    op_in_set: NAME          the node's op is in the named set of rules/data/op_sets.json
    op_prefix: [Apply]       the node's op starts with one of these
    op_suffix: [Grad]        the node's op ends with one of these
    dtype_in: [float64]      one of the node's dtype attrs (refs count as their base type) is listed
    device_matches: REGEX    the node's device string matches (search, case-insensitive)
    registered: false        the op is (not) in TensorFlow's op registry and not a library function
    in_function: true        the node sits in a library function body (not the top-level graph)
    format_in: [frozen_graph] the model's format is one of these
    all: [...] / any: [...] / not: {...}
"""

from __future__ import annotations

import re
from typing import Callable

from ..errors import ConfigError
from ..model import Model, Node
from ..model.dtypes import base_dtype
from ..resources import load_data

Predicate = Callable[[Model, Node], bool]


def op_set(name: str, where: str = "") -> frozenset[str]:
    """A named op set from rules/data/op_sets.json."""
    sets = load_data("op_sets.json")["sets"]
    if name not in sets:
        raise ConfigError(f"{where}: unknown op set {name!r} (known: {', '.join(sorted(sets))})")
    return frozenset(sets[name])


def compile_condition(cond: dict, where: str) -> Predicate:
    if not isinstance(cond, dict) or not cond:
        raise ConfigError(f"{where}: a condition must be a non-empty mapping")
    parts = [_compile_one(key, value, where) for key, value in cond.items()]
    return parts[0] if len(parts) == 1 else (lambda m, n: all(p(m, n) for p in parts))


def _compile_one(key: str, value, where: str) -> Predicate:
    if key == "op_in":
        ops = frozenset(value)
        return lambda m, n: n.op in ops
    if key == "op_in_set":
        ops = op_set(value, where)
        return lambda m, n: n.op in ops
    if key == "op_prefix":
        prefixes = tuple(value)
        return lambda m, n: n.op.startswith(prefixes)
    if key == "op_suffix":
        suffixes = tuple(value)
        return lambda m, n: n.op.endswith(suffixes)
    if key == "dtype_in":
        dtypes = frozenset(value)
        return lambda m, n: any(base_dtype(d) in dtypes for d in n.dtypes())
    if key == "device_matches":
        pattern = re.compile(value, re.IGNORECASE)
        return lambda m, n: bool(n.device and pattern.search(n.device))
    if key == "registered":
        return lambda m, n: n.registered is bool(value)
    if key == "in_function":
        return lambda m, n: bool(n.scope) is bool(value)
    if key == "format_in":
        formats = frozenset(value)
        return lambda m, n: m.format in formats
    if key in ("all", "any"):
        subs = [compile_condition(c, where) for c in value]
        combine = all if key == "all" else any
        return lambda m, n: combine(s(m, n) for s in subs)
    if key == "not":
        sub = compile_condition(value, where)
        return lambda m, n: not sub(m, n)
    raise ConfigError(f"{where}: unknown condition {key!r}")
