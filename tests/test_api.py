"""The public Python API (`accelcheck.load_model`, `inspect`, `check`, `fix`): callable any number of
times, in any order, with the same answers as the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import accelcheck

ROOT = Path(__file__).resolve().parent.parent
COUNTER = ROOT / "fixtures" / "real" / "tf-serving" / "counter"


def test_every_function_can_be_called_again():
    first = accelcheck.inspect(COUNTER)
    report = accelcheck.check(COUNTER, target="tpu")
    assert accelcheck.inspect(COUNTER) == first  # the submodule no longer shadows the function
    assert accelcheck.check(COUNTER, target="tpu").findings == report.findings
    assert callable(accelcheck.inspect) and callable(accelcheck.check) and callable(accelcheck.fix)
    assert accelcheck.load_model(COUNTER).signatures.keys() == accelcheck.load_model(COUNTER).signatures.keys()


def test_api_answers_as_the_command_line():
    out = subprocess.run([sys.executable, "-m", "accelcheck", "inspect", str(COUNTER), "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    assert accelcheck.inspect(str(COUNTER)) == json.loads(out)
    report = accelcheck.check(COUNTER, target="tpu", signature="get_counter")
    assert [(f.code, f.location.node) for f in report.findings] == [("TPU005", "counter")]


def test_check_takes_select_and_ignore_like_the_configuration():
    codes = lambda **kw: {f.code for f in accelcheck.check(COUNTER, target="tpu", **kw).findings}  # noqa: E731
    assert codes() == {"TPU004", "TPU005"}
    assert codes(ignore=["TPU005"]) == {"TPU004"}
    assert codes(select=["TPU005"]) == {"TPU005"}


def test_fix_takes_the_same_settings_and_can_be_called_again():
    plan = lambda **kw: [p.name for p in accelcheck.fix(COUNTER, "tpu", signatures=["get_counter"],  # noqa: E731
                                                        dry_run=True, **kw).plan]
    assert plan() == ["prune-to-signatures", "freeze-variables", "remove-identity-chains"]
    assert plan(ignore=["TPU005"]) == ["prune-to-signatures"]
    assert plan() == ["prune-to-signatures", "freeze-variables", "remove-identity-chains"]
