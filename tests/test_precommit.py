"""The pre-commit hook, run by pre-commit itself on a repository of models: pre-commit installs
accelcheck from this checkout (its working tree, through `try-repo`) into its own environment, as
a user's `.pre-commit-config.yaml` would, and runs it on the model files of a commit."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRE_COMMIT = [sys.executable, "-m", "pre_commit"]


@pytest.fixture(scope="module")
def models_repo(tmp_path_factory):
    repo = tmp_path_factory.mktemp("models-repo")
    shutil.copytree(ROOT / "fixtures" / "real" / "tf-serving" / "counter", repo / "counter")
    shutil.copy(ROOT / "fixtures" / "real" / "tf2onnx" / "fc-layers.pb", repo / "fc-layers.pb")
    (repo / "README.md").write_text("models\n")
    (repo / "accelcheck.yaml").write_text("target: tpu\n")
    for args in (["init", "-q"], ["add", "."], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "m"]):
        subprocess.run(["git", *args], cwd=repo, check=True)
    return repo


def _hook(repo: Path, home: Path, *files: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PRE_COMMIT_HOME"] = str(home)  # its cache: the hook's environment is built once per module
    return subprocess.run([*PRE_COMMIT, "try-repo", str(ROOT), "accelcheck", "--files", *files],
                          cwd=repo, capture_output=True, text=True, timeout=1200, env=env)


def test_pre_commit_runs_the_hook_on_model_files(models_repo, tmp_path_factory):
    home = tmp_path_factory.mktemp("pre-commit-home")
    failing = _hook(models_repo, home, "counter/saved_model.pb", "README.md")
    assert failing.returncode == 1, failing.stdout[-3000:] + failing.stderr[-2000:]
    out = failing.stdout
    assert "accelcheck" in out and "Failed" in out
    # The target came from the repository's accelcheck.yaml; the README was not handed to the hook.
    assert "counter  [saved_model tagged serve, target tpu" in out  # a saved_model.pb: its SavedModel
    assert "error   TPU005 ref-variable  get_counter → counter (VariableV2)" in out
    assert "README.md" not in out.split("Failed")[1]
    passing = _hook(models_repo, home, "fc-layers.pb")
    assert passing.returncode == 0, passing.stdout[-3000:]
    assert "Passed" in passing.stdout
