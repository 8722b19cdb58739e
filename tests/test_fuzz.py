"""Hostile input, bounded for `make test`: mutated real model bytes and mutated graph structure
(cycles, recursion, missing functions, odd dtypes and shapes, duplicate names, long chains).
scripts/fuzz.py runs the same mutators for as long as you like."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import check_file, mutate, seeds

CORPUS = seeds()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_models_never_crash_or_hang(seed, tmp_path_factory):
    rng = random.Random(seed)
    name, data = mutate(rng, CORPUS)
    path = tmp_path_factory.mktemp("fuzz") / ("model" + (".pbtxt" if name.endswith(".pbtxt") else ".pb"))
    path.write_bytes(data)
    assert check_file(path, time_bound=10.0) in ("ok", "refused")
