"""Named facts about ops, defined once in rules/data/op_sets.json and read by the loader, the rule
packs, the checks and the fix passes alike: op sets (`sets`), op-name patterns (`patterns`) and
node-name patterns of training switches (`names`). Each entry's source is in the file's provenance."""

from __future__ import annotations

import functools
import re

from .resources import load_data


def _data() -> dict:
    return load_data("op_sets.json")


def known_sets() -> list[str]:
    return sorted(_data()["sets"])


@functools.cache
def op_set(name: str) -> frozenset[str]:
    """A named op set (KeyError for an unknown name)."""
    return frozenset(_data()["sets"][name])


@functools.cache
def op_pattern(name: str):
    """A predicate op -> bool for a named pattern of op-name prefixes and suffixes."""
    pattern = _data()["patterns"][name]
    prefixes, suffixes = tuple(pattern.get("prefixes", ())), tuple(pattern.get("suffixes", ()))
    return lambda op: op.startswith(prefixes) or op.endswith(suffixes)


@functools.cache
def name_pattern(*groups: str) -> re.Pattern:
    """Node names of the given `names` groups: after a `/` or at the start, any case, with an
    optional `_N` suffix (`keep_prob`, `model/Keep_Prob_1`)."""
    words = [w for g in groups for w in _data()["names"][g]]
    return re.compile(r"(^|/)(" + "|".join(sorted(words, key=len, reverse=True)) + r")(_\d+)?$", re.IGNORECASE)
