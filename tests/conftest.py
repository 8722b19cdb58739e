"""Shared helpers: fixture paths, the built-fixture index, and running the CLI in a subprocess."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent.parent / "fixtures"
CLI_TIMEOUT = 60  # seconds; a CLI call takes well under one


def _load_build_module():
    spec = importlib.util.spec_from_file_location("accelcheck_fixtures_build", FIXTURES / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # build.py imports TensorFlow only when it builds
    return module


build = _load_build_module()


def real(path: str) -> Path:
    """A committed copy of a real model: real("tf-serving/counter")."""
    p = FIXTURES / "real" / path
    assert p.exists(), f"missing committed fixture {p}"
    return p


def bad(path: str) -> Path:
    """A committed bad input: bad("empty.pb")."""
    p = FIXTURES / "bad" / path
    assert p.exists(), f"missing committed fixture {p}"
    return p


def built(name: str) -> Path:
    """The path to give accelcheck for a fixture made by fixtures/build.py (fails if not built)."""
    p = build.model_path(name)
    if not p.exists():
        pytest.fail(f"built fixture {name!r} is missing ({p}): run `make fixtures` "
                    "(or `.venv/bin/python fixtures/build.py`) first", pytrace=False)
    return p


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("ACCELCHECK_DEBUG", None)  # tracebacks must be off, as for a user
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    return env


def cli_command(*args) -> list[str]:
    return [sys.executable, "-m", "accelcheck", *(str(a) for a in args)]


def run_cli(*args, timeout: float = CLI_TIMEOUT) -> tuple[int, str, str]:
    """Run `python -m accelcheck ARGS` in a fresh process: (exit code, stdout, stderr)."""
    proc = subprocess.run(cli_command(*args), capture_output=True, text=True, cwd=ROOT, env=cli_env(),
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def run_cli_many(arg_lists: list[tuple], timeout: float = CLI_TIMEOUT) -> list[tuple[int, str, str]]:
    """Like run_cli for many invocations, started together so they overlap (each is mostly start-up)."""
    from concurrent.futures import ThreadPoolExecutor

    workers = max(2, min(8, (os.cpu_count() or 2) * 2))
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda args: run_cli(*args, timeout=timeout), arg_lists))


def run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run a Python snippet in a fresh interpreter (the project venv), from the repository root."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env=cli_env(), timeout=timeout)


# ----------------------------------------------------------------------------- reading protobufs ourselves
# Expected values are computed straight from the protobuf, independently of accelcheck's loader.

def parse_proto(path: Path, cls):
    from google.protobuf import text_format

    msg = cls()
    if path.suffix == ".pbtxt":
        text_format.Parse(path.read_text(), msg)
    else:
        msg.ParseFromString(path.read_bytes())
    return msg


def proto_meta_graph(path: Path, tags=("serve",)):
    """(MetaGraphDef or None, GraphDef) for a model path, chosen the way TensorFlow would."""
    from accelcheck.model.protos import pb

    path = Path(path)
    if path.is_dir() and (path / "saved_model.pb").is_file():
        saved = parse_proto(path / "saved_model.pb", pb.saved_model_pb2.SavedModel)
        metas = [m for m in saved.meta_graphs if set(m.meta_info_def.tags) == set(tags)]
        assert len(metas) == 1, f"{path}: {len(metas)} MetaGraphs with tags {tags}"
        return metas[0], metas[0].graph_def
    if path.is_dir() and (path / "export.meta").is_file():
        path = path / "export.meta"
    if path.suffix == ".meta":
        meta = parse_proto(path, pb.meta_graph_pb2.MetaGraphDef)
        return meta, meta.graph_def
    return None, parse_proto(path, pb.graph_pb2.GraphDef)


def proto_node_count(graph_def) -> int:
    """Top-level nodes plus every library function's node_defs."""
    return len(graph_def.node) + sum(len(f.node_def) for f in graph_def.library.function)
