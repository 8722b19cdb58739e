"""Snapshot tests of what people read: the text report of `check` and the plan `fix --dry-run`
prints, on committed models (built ones carry traced function names that depend on build order), compared line for line with tests/snapshots/. A change to either shows up
here as a diff to review; rewrite the snapshots on purpose with ACCELCHECK_UPDATE_SNAPSHOTS=1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"

CASES = {
    "check_counter_tpu": ["fixtures/real/tf-serving/counter", "--target", "tpu"],
    "check_half_plus_two_gpu_trt_tpu": ["check", "fixtures/real/tf-serving/half_plus_two_gpu_trt", "--target", "tpu"],
    "check_half_plus_two_tf2_tflite": ["fixtures/real/tf-serving/half_plus_two_tf2_cpu", "-t", "tflite"],
    "check_lstm_tflite": ["fixtures/real/tf2onnx/lstm.pb", "--target", "tflite"],
    "fix_plan_counter_tflite": ["fix", "fixtures/real/tf-serving/counter", "-t", "tflite", "--dry-run"],
    "fix_plan_random_shuffle_tpu": ["fix", "fixtures/built/tf2_random_shuffle", "-t", "tpu", "--dry-run",
                                    "--unsafe-fixes"],
}


def _run(args: list[str]) -> str:
    out = subprocess.run([sys.executable, "-m", "accelcheck", *args], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "NO_COLOR": "1"})
    assert out.returncode in (0, 1), out.stderr
    return f"$ accelcheck {' '.join(args)}\n(exit {out.returncode})\n{out.stdout}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_report_text_is_unchanged(name):
    got = _run(CASES[name])
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("ACCELCHECK_UPDATE_SNAPSHOTS"):
        path.write_text(got)
    assert path.is_file(), f"no snapshot {path.name}: run with ACCELCHECK_UPDATE_SNAPSHOTS=1 and review it"
    assert got == path.read_text()
