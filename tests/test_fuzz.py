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


# ---- the hostile inputs issue 5 names, one by one: a clear refusal or a clean load, quickly ----

import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

from accelcheck.model.protos import pb  # noqa: E402


def _cli(path):
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "accelcheck", str(path), "--target", "tpu"], capture_output=True,
                         text=True, timeout=120)
    return out.returncode, out.stderr, time.monotonic() - start


def test_proto_over_2_gib_is_refused_without_reading_it(tmp_path):
    big = tmp_path / "huge.pb"
    with open(big, "wb") as f:  # sparse: costs no disk
        f.truncate(2**31 + 10)
    code, err, seconds = _cli(big)
    assert code == 2 and "2 GiB" in err and len(err.strip().splitlines()) == 1
    assert seconds < 30


def test_deeply_nested_attrs_are_refused(tmp_path):
    # NameAttrList -> attr map -> AttrValue(func) -> ... 5000 levels: protobuf's recursion limit
    inner = b""
    for _ in range(5000):
        func = b"\x0a\x01f" + (b"\x12" + _varint(len(inner)) + inner if inner else b"")  # NameAttrList
        attr_value = b"\x52" + _varint(len(func)) + func  # AttrValue.func = 10
        entry = b"\x0a\x01a\x12" + _varint(len(attr_value)) + attr_value  # map entry
        inner = entry
    node = b"\x0a\x01n\x12\x08Identity" + b"\x2a" + _varint(len(inner)) + inner  # NodeDef with attr
    graph = b"\x0a" + _varint(len(node)) + node
    path = tmp_path / "deep.pb"
    path.write_bytes(graph)
    code, err, _ = _cli(path)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def test_huge_attr_values_load(tmp_path):
    g = pb.graph_pb2.GraphDef()
    nd = g.node.add()
    nd.name, nd.op = "x", "Placeholder"
    nd.attr["dtype"].type = 1
    nd.attr["_note"].s = b"x" * (64 * 2**20)  # 64 MiB attribute
    path = tmp_path / "huge_attr.pb"
    path.write_bytes(g.SerializeToString())
    code, err, seconds = _cli(path)
    assert code in (0, 1), err
    assert seconds < 60


def test_cyclic_function_calls_and_v1_loops_terminate():
    fixtures = __import__("pathlib").Path(__file__).resolve().parent.parent / "fixtures" / "bad"
    for name in ("recursive_function.pbtxt", "v1_loop.pbtxt"):
        code, err, seconds = _cli(fixtures / name)
        assert code in (0, 1), err
        assert seconds < 30
