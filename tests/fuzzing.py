"""Mutators and the oracle for fuzzing accelcheck with hostile model files.

Used by tests/test_fuzz.py (bounded, part of `make test`) and scripts/fuzz.py (the long run).
The oracle: for any bytes, `load` returns a Model or raises LoadError; for any Model, inspect and
every target's lint finish without any other exception, within a time bound.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from accelcheck.engine import lint
from accelcheck.errors import LoadError
from accelcheck.inspection import inspect_model
from accelcheck.model import load
from accelcheck.model.protos import pb
from accelcheck.rules.pack import all_targets

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SEED_FILES = [
    "real/tf2onnx/fc-layers.pb", "real/tf2onnx/lstm.pb", "real/tf2onnx/regression/graphdef/frozen.pb",
    "real/tf-serving/counter/saved_model.pb", "real/tf-serving/half_plus_two_tf2_cpu/saved_model.pb",
    "real/tf-serving/session_bundle_half_plus_two/export.meta", "bad/v1_loop.pbtxt",
    "bad/recursive_function.pbtxt", "cases/v1_cond_in_function_fail.pbtxt",
]
OPS = ["Identity", "AddV2", "Switch", "Merge", "NextIteration", "StatefulPartitionedCall", "PartitionedCall",
       "If", "While", "VariableV2", "VarHandleOp", "ReadVariableOp", "Assign", "AssignVariableOp", "PyFunc",
       "ReadFile", "Const", "Placeholder", "NoOp", "MyUnknownOp", "", "f_a", "RestoreV2", "HashTableV2"]


def seeds() -> list[tuple[str, bytes]]:
    return [(name, (FIXTURES / name).read_bytes()) for name in SEED_FILES]


# ---------------------------------------------------------------- byte-level mutations

def mutate_bytes(rng: random.Random, data: bytes, other: bytes) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        if not buf:
            buf = bytearray(rng.randbytes(rng.randint(1, 64)))
        i = rng.randrange(len(buf))
        if kind == 0:
            buf[i] = rng.randrange(256)
        elif kind == 1:
            del buf[rng.randrange(len(buf)) or 1:]
        elif kind == 2:
            buf[i:i] = rng.randbytes(rng.randint(1, 16))
        elif kind == 3:
            j = min(len(buf), i + rng.randint(1, 64))
            buf[i:i] = buf[i:j] * rng.randint(1, 8)
        elif kind == 4:
            j = min(len(buf), i + rng.randint(1, 32))
            buf[i:j] = bytes(j - i)
        else:
            cut = rng.randrange(len(other)) if other else 0
            buf = buf[:i] + other[cut:cut + rng.randint(1, 256)]
    return bytes(buf)


# ---------------------------------------------------------------- structure-aware mutations

def _graph_of(data: bytes):
    """(message, graph_def inside it) for a GraphDef, MetaGraphDef or SavedModel, or None."""
    for cls in (pb.saved_model_pb2.SavedModel, pb.meta_graph_pb2.MetaGraphDef, pb.graph_pb2.GraphDef):
        msg = cls()
        try:
            msg.ParseFromString(data)
        except Exception:
            continue
        if cls is pb.saved_model_pb2.SavedModel and msg.meta_graphs:
            return msg, msg.meta_graphs[0].graph_def
        if cls is pb.meta_graph_pb2.MetaGraphDef and msg.graph_def.node:
            return msg, msg.graph_def
        if cls is pb.graph_pb2.GraphDef and msg.node:
            return msg, msg
    return None


def mutate_structure(rng: random.Random, data: bytes) -> bytes:
    parsed = _graph_of(data)
    if parsed is None:
        return data
    msg, graph = parsed
    scopes = [graph.node] + [f.node_def for f in graph.library.function]
    fnames = [f.signature.name for f in graph.library.function] + ["missing_fn"]
    for _ in range(rng.randint(1, 5)):
        nodes = rng.choice(scopes)
        if not nodes:
            continue
        nd = rng.choice(nodes)
        names = [n.name for n in nodes]
        kind = rng.randrange(9)
        if kind == 0 and nd.input:  # rewire: cycles, dangling names, odd ports
            nd.input[rng.randrange(len(nd.input))] = rng.choice(
                [rng.choice(names), "^" + rng.choice(names), "nope", rng.choice(names) + ":7", ":", "^", "a:b:c:d"])
        elif kind == 1:
            nd.op = rng.choice(OPS + fnames)
        elif kind == 2:  # function-valued attrs, possibly recursive or missing
            nd.attr[rng.choice(["f", "then_branch", "body", "x"])].func.name = rng.choice(fnames)
        elif kind == 3:
            nd.attr[rng.choice(["T", "dtype", "Tin"])].type = rng.choice([0, 1, 7, 20, 21, 101, 999])
        elif kind == 4:  # huge or negative shapes
            shape = nd.attr["shape"].shape
            shape.Clear()
            for _ in range(rng.randint(0, 6)):
                shape.dim.add().size = rng.choice([-1, 0, 1, 2**40, -7])
        elif kind == 5:
            del nodes[rng.randrange(len(nodes))]
        elif kind == 6:
            nodes.add().CopyFrom(nd)  # duplicate name
        elif kind == 7:  # long control chain
            prev = nd.name
            for k in range(rng.randint(10, 300)):
                n = nodes.add()
                n.name, n.op = f"chain_{k}_{rng.randrange(10**6)}", "NoOp"
                n.input.append("^" + prev)
                prev = n.name
        else:
            nd.device = rng.choice(["/device:GPU:0", "\x00", "x" * rng.randint(1, 5000)])
    return msg.SerializeToString()


def mutate(rng: random.Random, corpus: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    name, data = rng.choice(corpus)
    if name.endswith(".pbtxt"):
        data = data.replace(b"\n", b" ") if rng.random() < 0.1 else data
    if rng.random() < 0.5:
        data = mutate_structure(rng, data)
    if rng.random() < 0.6:
        data = mutate_bytes(rng, data, rng.choice(corpus)[1])
    return name, data


# ---------------------------------------------------------------- the oracle

class Crash(Exception):
    pass


_PACKS = None


def check_file(path: Path, time_bound: float = 10.0) -> str:
    """'refused' (a clean LoadError) or 'ok'; raises Crash for anything else or a hang."""
    global _PACKS
    if _PACKS is None:
        _PACKS = all_targets()
    start = time.monotonic()
    try:
        model = load(path)
    except LoadError:
        outcome = "refused"
    except Exception as e:  # noqa: BLE001 - this is what we are hunting
        raise Crash(f"load: {type(e).__name__}: {e}") from e
    else:
        try:
            inspect_model(model)
            for pack in _PACKS:
                lint(model, pack)
        except Exception as e:  # noqa: BLE001
            raise Crash(f"lint: {type(e).__name__}: {e}") from e
        outcome = "ok"
    elapsed = time.monotonic() - start
    if elapsed > time_bound:
        raise Crash(f"took {elapsed:.1f} s (bound {time_bound} s)")
    return outcome
