"""Bad input never shows a traceback: exit code 2, one line on stderr naming the path and the problem,
nothing on stdout, and the input left as it was. Both `accelcheck inspect PATH` and `accelcheck PATH
--target tpu` (the check command) are run in real subprocesses."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, built, run_cli_many

# case id -> (how to make the path, words the error line must contain)
CASES: dict[str, tuple] = {
    "missing_path": (lambda tmp: tmp / "no_such_model.pb", ["no such file or directory"]),
    "missing_dir": (lambda tmp: f"{tmp / 'no_such_export'}/", ["no such file or directory"]),
    "file_used_as_dir": (lambda tmp: FIXTURES / "bad" / "empty.pb" / "saved_model.pb", ["no such file or directory"]),
    "empty": (lambda tmp: FIXTURES / "bad" / "empty.pb", ["empty file"]),
    "random": (lambda tmp: FIXTURES / "bad" / "random.pb", ["not a TensorFlow model", "not a protobuf"]),
    "truncated": (lambda tmp: FIXTURES / "bad" / "truncated.pb", ["truncated", "incomplete"]),
    "syntax_error": (lambda tmp: FIXTURES / "bad" / "syntax_error.pbtxt", ["syntax error", "3:7"]),
    "no_model_dir": (lambda tmp: FIXTURES / "bad" / "no_model_dir", ["holds no TensorFlow model", "saved_model.pb"]),
    "dangling_input": (lambda tmp: FIXTURES / "bad" / "dangling_input.pbtxt",
                       ["node 'y'", "'does_not_exist'", "does not exist"]),
    "missing_function": (lambda tmp: FIXTURES / "bad" / "missing_function.pbtxt",
                         ["'__inference_missing_42'", "not in the graph's function library"]),
    "truncated_tflite": (lambda tmp: _truncated_tflite(tmp), ["not a readable TFLite flatbuffer", "truncated"]),
    "keras_h5": (lambda tmp: built("tf2_keras_h5"), ["Keras HDF5", "SavedModel"]),
    "keras_v3": (lambda tmp: built("tf2_keras_keras"), ["Keras", "SavedModel"]),
    "chunked": (lambda tmp: FIXTURES / "bad" / "chunked_savedmodel", ["chunked SavedModel", "saved_model.cpb"]),
    "truncated_saved_model": (lambda tmp: _truncated_saved_model(tmp), ["saved_model.pb", "truncated"]),
}
COMMANDS = {"inspect": lambda p: ("inspect", p), "check": lambda p: (p, "--target", "tpu")}


def _truncated_tflite(tmp: Path) -> Path:
    p = tmp / "truncated.tflite"
    p.write_bytes((FIXTURES / "bad" / "model.tflite").read_bytes()[:400])
    return p


def _truncated_saved_model(tmp: Path) -> Path:
    d = tmp / "truncated_saved_model"
    shutil.copytree(FIXTURES / "real" / "tf2onnx" / "saved_model_with_redundant_inputs", d)
    pb = d / "saved_model.pb"
    data = pb.read_bytes()
    pb.write_bytes(data[: len(data) // 2])
    return d


def _snapshot(path: Path) -> dict[str, bytes] | None:
    """Every file's bytes under path (None if nothing is there)."""
    if path.is_file():
        return {".": path.read_bytes()}
    if path.is_dir():
        return {str(f.relative_to(path)): f.read_bytes() for f in sorted(path.rglob("*")) if f.is_file()}
    return None


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """Runs every case through both commands at once (each call is mostly interpreter start-up)."""
    tmp = tmp_path_factory.mktemp("bad_input")
    paths = {case: make(tmp) for case, (make, _) in CASES.items()}
    before = {case: _snapshot(Path(p)) for case, p in paths.items()}
    jobs = [(case, cmd) for case in CASES for cmd in COMMANDS]
    results = run_cli_many([COMMANDS[cmd](paths[case]) for case, cmd in jobs])
    after = {case: _snapshot(Path(p)) for case, p in paths.items()}
    return {"paths": paths, "before": before, "after": after, "results": dict(zip(jobs, results))}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_one_clear_line_and_exit_2(outcomes, case, command):
    code, stdout, stderr = outcomes["results"][(case, command)]
    assert "Traceback" not in stdout + stderr
    assert code == 2, stderr
    assert stdout == ""
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    line = stderr.rstrip("\n")
    assert line.startswith("accelcheck: error: "), line
    assert "internal error" not in line
    shown = str(Path(outcomes["paths"][case]))  # as the user typed it, minus a trailing slash
    assert shown in line
    for word in CASES[case][1]:
        assert word in line, f"{word!r} not in {line!r}"


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_left_unchanged(outcomes, case):
    assert outcomes["after"][case] == outcomes["before"][case]
    if case in ("missing_path", "missing_dir"):
        assert outcomes["after"][case] is None  # nothing was created either


def test_same_message_for_both_commands(outcomes):
    for case in CASES:
        inspect_err = outcomes["results"][(case, "inspect")][2]
        check_err = outcomes["results"][(case, "check")][2]
        assert inspect_err == check_err, case
