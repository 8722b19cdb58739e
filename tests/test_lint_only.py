"""The lint-only install: `pip install accelcheck` without extras has no TensorFlow, fits in
250 MiB, and lints exactly as the full install does; fix and --confirm say in one line what to
install. Builds a fresh virtual environment from this checkout (pip reaches the package index)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODELS = [ROOT / "fixtures" / "real", ROOT / "fixtures" / "real-world"]
TARGETS = ["tpu", "xla", "tflite", "tflite-select", "tflite-int8", "tflite-gpu", "edgetpu", "elastic-inference"]
BUDGET_MIB = 250


@pytest.fixture(scope="module")
def lint_env(tmp_path_factory):
    env_dir = tmp_path_factory.mktemp("lint-only") / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # Built from a copy of the sources (not the editable checkout): what `pip install accelcheck` gets.
    out = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(ROOT)],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    return env_dir


def _run(env_dir: Path, *args, cwd=None):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(env_dir / "bin" / "accelcheck"), *map(str, args)], capture_output=True,
                          text=True, timeout=600, cwd=cwd or env_dir, env=env)


def _size_mib(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) / 2**20


def test_no_tensorflow_and_within_budget(lint_env):
    python = lint_env / "bin" / "python"
    found = subprocess.run([str(python), "-c", "import importlib.util as u; print(u.find_spec('tensorflow'))"],
                           capture_output=True, text=True, cwd=lint_env)
    assert found.stdout.strip() == "None"
    assert _size_mib(lint_env) <= BUDGET_MIB


@pytest.mark.parametrize("target", TARGETS)
def test_lint_only_reports_what_the_full_install_reports(lint_env, target):
    lite = _run(lint_env, "check", *MODELS, "--target", target, "--format", "json")
    full = subprocess.run([sys.executable, "-m", "accelcheck", "check", *MODELS, "--target", target, "--format", "json"],
                          capture_output=True, text=True, cwd=ROOT)
    assert lite.returncode == full.returncode and lite.returncode in (0, 1), lite.stderr
    assert json.loads(lite.stdout) == json.loads(full.stdout)


def test_inspect_rules_and_targets_work_without_tensorflow(lint_env):
    for args in (["inspect", ROOT / "fixtures" / "real" / "tf-serving" / "counter", "--format", "json"],
                 ["rules", "--target", "tpu"], ["rule", "TPU001"], ["targets"]):
        out = _run(lint_env, *args)
        assert out.returncode == 0, (args, out.stderr)
        assert out.stdout.strip()
    info = json.loads(_run(lint_env, "inspect", ROOT / "fixtures" / "real" / "tf-serving" / "counter",
                           "--format", "json").stdout)
    assert info["variables"]["count"] == 1 and info["variables"]["checkpoint_bytes"] > 0


def test_view_without_model_explorer_draws_html(lint_env, tmp_path):
    model = ROOT / "fixtures" / "real" / "tf-serving" / "counter"
    out = _run(lint_env, "view", model, "--target", "tpu", "--no-open", "--html", tmp_path / "v.html")
    assert out.returncode == 0, out.stderr
    assert 'class="node flagged error" data-node="counter"' in (tmp_path / "v.html").read_text()
    out = _run(lint_env, "view", model, "--target", "tpu", "--no-open")  # no Model Explorer: says so
    assert out.returncode == 0, out.stderr
    assert ("Model Explorer is not installed (pip install 'accelcheck[view]'): drawing the findings as HTML "
            "instead") in out.stderr
    Path(out.stderr.split("wrote ")[1].strip()).unlink()


def test_fix_and_confirm_say_what_to_install(lint_env, tmp_path):
    model = ROOT / "fixtures" / "real" / "tf-serving" / "half_plus_two_cpu"
    out_dir = tmp_path / "fixed"
    for args in (["fix", model, "--target", "tflite", "-o", out_dir], ["check", model, "-t", "tflite", "--confirm"]):
        out = _run(lint_env, *args)
        assert out.returncode == 2
        assert out.stderr.count("\n") == 1 and "pip install 'accelcheck[tf]'" in out.stderr, out.stderr
    assert not out_dir.exists()
    dry = _run(lint_env, "fix", model, "--target", "tflite", "--dry-run")  # planning needs no runtime
    assert dry.returncode == 0 and "freeze-variables" in dry.stdout


def _fields(desc, seen=None) -> set:
    """(message, field, number, type) of a message and every message it contains."""
    seen = set() if seen is None else seen
    if desc.full_name in seen:
        return set()
    seen.add(desc.full_name)
    out = set()
    for f in desc.fields:
        out.add((desc.name, f.name, f.number, f.type))
        if f.message_type is not None:
            out |= _fields(f.message_type, seen)
    return out


def test_tensorboards_protos_are_tensorflows():
    """Version skew: every message the lint-only install reads from tensorboard has exactly the
    fields (names, numbers, types) of the installed TensorFlow's, and the two declared in
    accelcheck (SavedModel, BundleEntryProto) are a subset of TensorFlow's."""
    import importlib

    from accelcheck.model import protos

    assert protos.SOURCE == "tensorflow"  # the full install uses TensorFlow's own
    for name in protos._TF_MODULES:
        tf_module = getattr(protos.pb, name)
        for message, desc in tf_module.DESCRIPTOR.message_types_by_name.items():
            if name in protos._DECLARED:
                continue
            board = importlib.import_module(f"tensorboard.compat.proto.{name}").DESCRIPTOR.message_types_by_name
            assert _fields(board[message]) == _fields(desc), (name, message)
    declared = protos._declared(*(importlib.import_module(f"tensorboard.compat.proto.{m}")
                                  for m in ("meta_graph_pb2", "tensor_shape_pb2", "types_pb2")))
    for name, message in (("saved_model_pb2", "SavedModel"), ("tensor_bundle_pb2", "BundleEntryProto")):
        ours = {(f.name, f.number, f.type) for f in getattr(declared[name], message).DESCRIPTOR.fields}
        theirs = {(f.name, f.number, f.type) for f in getattr(protos.pb, name).DESCRIPTOR.message_types_by_name[message].fields}
        assert ours <= theirs and ours, message
