"""The condition vocabulary of `match:` in rule packs. Kept small on purpose; anything more is a
named Python check in rules/checks/.

    op_in: [A, {set: NAME}]  the node's op is one of these ({set: NAME}: a set of rules/data/op_sets.json)
    op_in_set: NAME          the node's op is in the named set of rules/data/op_sets.json
    op_matches: NAME         the node's op matches the named prefix/suffix pattern of op_sets.json
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
from .. import opsets

Predicate = Callable[[Model, Node], bool]


def op_set(name: str, where: str = "") -> frozenset[str]:
    """A named op set from rules/data/op_sets.json."""
    try:
        return opsets.op_set(name)
    except KeyError:
        raise ConfigError(f"{where}: unknown op set {name!r} (known: {', '.join(opsets.known_sets())})") from None


def expand_ops(values, where: str = "") -> frozenset[str]:
    """An op list from a pack: op names, and `{set: NAME}` entries standing for a named op set."""
    ops: set[str] = set()
    for value in values or ():
        if isinstance(value, dict) and set(value) == {"set"}:
            ops |= op_set(value["set"], where)
        elif isinstance(value, str):
            ops.add(value)
        else:
            raise ConfigError(f"{where}: an op list holds op names and {{set: NAME}} entries, not {value!r}")
    return frozenset(ops)


def compile_condition(cond: dict, where: str) -> Predicate:
    if not isinstance(cond, dict) or not cond:
        raise ConfigError(f"{where}: a condition must be a non-empty mapping")
    parts = [_compile_one(key, value, where) for key, value in cond.items()]
    return parts[0] if len(parts) == 1 else (lambda m, n: all(p(m, n) for p in parts))


def required_ops(cond: dict, where: str = "") -> frozenset[str] | None:
    """The ops a node must have to match `cond` (None: any op may), so that the engine looks only
    at the nodes with those ops instead of asking every node. The keys of a mapping all hold."""
    sets = []
    for key, value in cond.items():
        if key == "op_in":
            sets.append(expand_ops(value, where))
        elif key == "op_in_set":
            sets.append(op_set(value, where))
        elif key == "all":
            sets += [ops for ops in (required_ops(c, where) for c in value) if ops is not None]
        elif key == "any":
            alternatives = [required_ops(c, where) for c in value]
            if alternatives and None not in alternatives:
                sets.append(frozenset().union(*alternatives))
    return frozenset.intersection(*sets) if sets else None


def _compile_one(key: str, value, where: str) -> Predicate:
    if key == "op_in":
        ops = expand_ops(value, where)
        return lambda m, n: n.op in ops
    if key == "op_in_set":
        ops = op_set(value, where)
        return lambda m, n: n.op in ops
    if key == "op_matches":
        try:
            matches = opsets.op_pattern(value)
        except KeyError:
            raise ConfigError(f"{where}: unknown op pattern {value!r} (rules/data/op_sets.json `patterns`)") from None
        verdicts: dict[str, bool] = {}  # per op: a regex per node is measurable on big graphs

        def op_matches(m, n):
            found = verdicts.get(n.op)
            if found is None:
                found = verdicts[n.op] = bool(matches(n.op))
            return found
        return op_matches
    if key == "op_prefix":
        prefixes = tuple(value)
        return lambda m, n: n.op.startswith(prefixes)
    if key == "op_suffix":
        suffixes = tuple(value)
        return lambda m, n: n.op.endswith(suffixes)
    if key == "dtype_in":
        dtypes = frozenset(value)
        return lambda m, n: not dtypes.isdisjoint(n.base_dtypes())
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
        if len(subs) == 2:  # the common case, without a generator per node
            first, second = subs
            if key == "all":
                return lambda m, n: first(m, n) and second(m, n)
            return lambda m, n: first(m, n) or second(m, n)
        combine = all if key == "all" else any
        return lambda m, n: combine(s(m, n) for s in subs)
    if key == "not":
        sub = compile_condition(value, where)
        return lambda m, n: not sub(m, n)
    raise ConfigError(f"{where}: unknown condition {key!r}")
