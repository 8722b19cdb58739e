"""`check --confirm`: each finding held against the real toolchain (it runs here), and the oracles'
parsers reading the real converter's and compiler's errors into ops and nodes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from accelcheck.confirm import run_isolated

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "fixtures" / "real"
BUILT = ROOT / "fixtures" / "built"


def confirm_json(*args):
    out = subprocess.run([sys.executable, "-m", "accelcheck", "check", *map(str, args), "--confirm", "-f", "json"],
                         capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    return out.returncode, json.loads(out.stdout)


def test_tflite_findings_are_confirmed_by_the_converter():
    code, report = confirm_json(REAL / "tf-serving" / "half_plus_two_tf2_cpu", "-t", "tflite")
    assert code == 1
    assert report["confirm"]["toolchain_verdict"] == "rejected" and report["confirm"]["missed"] == []
    marks = {(f["code"], f["location"]["node"], f["location"]["signature"], f["confirmation"]) for f in report["findings"]}
    assert marks == {("TFL001", "ParseExample/ParseExampleV2", sig, "confirmed")
                     for sig in ("classify_x_to_y", "regress_x_to_y", "regress_x_to_y2")}


def test_a_failure_that_names_no_op_is_confirmed_by_the_error_its_rule_predicts():
    # The converter cannot name a sparse signature input: its error names no op or node, and TFL012's
    # toolchain_error recognises it, so nothing is listed as missed.
    code, report = confirm_json(BUILT / "tf1_sparse_placeholder_signature", "-t", "tflite-select")
    assert code == 1 and report["confirm"]["toolchain_verdict"] == "rejected" and report["confirm"]["missed"] == []
    marks = {f["code"]: f["confirmation"] for f in report["findings"] if f["severity"] == "error"}
    assert marks == {"TFL012": "confirmed"}


def test_xla_confirms_what_it_reports_first_and_says_why_the_rest_is_not_reproduced():
    code, report = confirm_json(BUILT / "tf2_print", "-t", "xla")
    assert code == 1 and report["confirm"]["toolchain_verdict"] == "rejected"
    marks = {f["location"]["node"]: f["confirmation"] for f in report["findings"] if f["severity"] == "error"}
    assert marks["print_x_format"] == "confirmed"  # XLA names StringFormat first
    assert marks["print_x"].startswith("not reproduced") and "first error" in marks["print_x"]


def test_a_passing_model_is_accepted_by_the_toolchain_too():
    code, report = confirm_json(ROOT / "fixtures" / "real-world" / "tfjs_module_with_multiple_signatures", "-t", "xla")
    assert code == 0 and report["findings"] == []
    assert report["confirm"]["toolchain_verdict"] == "ok" and report["confirm"]["missed"] == []


def test_converter_errors_are_read_into_ops_and_nodes():
    """The TFLite oracle's parser on the converter's real error for a graph with Select ops."""
    result = run_isolated("tflite", path=str(REAL / "tf-serving" / "half_plus_two_tf2_cpu"))
    assert not result.ok
    assert {p.op for p in result.problems} == {"ParseExampleV2"}
    assert {p.kind for p in result.problems} == {"needs_flex"}
    assert all(p.node.endswith("ParseExample/ParseExampleV2") for p in result.problems if p.node)


def test_xla_compile_errors_are_read_into_ops_and_nodes():
    results = run_isolated("xla", path=str(BUILT / "tf2_print"))
    problems = [p for r in results for p in r.problems]
    assert [(p.op, p.node.split("/")[-1], p.kind) for p in problems] == [("StringFormat", "print_x_format", "no_kernel")]


def test_a_calibration_that_crashes_the_converter_is_not_the_int8_verdict():
    """Calibrated on 1x1 images (the first way of making inputs), the heatmap network's pool leaves
    nothing and the quantizer dies of SIGFPE; run_isolated goes on in a fresh process with the next
    ways, and at 32x32 the model quantizes fully, as accelcheck says."""
    model = BUILT / "tf2_any_size_heatmap"
    first = subprocess.run([sys.executable, "-m", "accelcheck.confirm", "tflite-int8", str(model), "--json"],
                           capture_output=True, text=True)
    assert first.returncode < 0, first.stdout  # killed by a signal, no verdict printed
    result = run_isolated("tflite-int8", path=str(model))
    assert result.ok and result.problems == [], result.error
    code, report = confirm_json(model, "-t", "tflite-int8")
    assert code == 0 and report["findings"] == [] and report["confirm"]["toolchain_verdict"] == "ok"


def test_the_oracle_runs_on_the_model_accelcheck_read(tmp_path):
    """One loading stack: an oracle given a Model (or a path, which accelcheck's loader reads)
    converts what `check` judged; a .meta restores the checkpoint the loader found beside it."""
    from accelcheck import load_model

    model = load_model(BUILT / "tf1_meta")
    assert model.format == "meta_graph" and model.checkpoint_prefix.endswith("tf1_meta/model")
    by_model = run_isolated("tflite", path=model)
    by_path = run_isolated("tflite", path=str(BUILT / "tf1_meta"))
    assert by_model.ok and by_path.ok


def test_an_unreadable_model_is_the_loaders_one_line_reason(tmp_path):
    bad = tmp_path / "truncated.pb"
    bad.write_bytes((BUILT / "tf1_mlp_frozen.pb").read_bytes()[:100])
    result = run_isolated("xla", path=str(bad))[0]
    assert not result.ok and result.error.startswith("unsupported format: ")
    assert "incomplete" in result.error and "\n" not in result.error


def test_the_loader_finds_the_checkpoints_saver_writes_beside_a_meta(tmp_path):
    """V2 (<stem>.index), the `checkpoint` state file's latest, a V1 sharded or plain prefix."""
    from accelcheck.model.checkpoint import checkpoint_beside

    src = BUILT / "tf1_meta"
    state = tmp_path / "state"
    state.mkdir()
    (state / "graph.meta").write_bytes((src / "model.meta").read_bytes())
    for f in ("model.index", "model.data-00000-of-00001"):
        (state / f"ckpt-7{f[len('model'):]}").write_bytes((src / f).read_bytes())
    (state / "checkpoint").write_text('model_checkpoint_path: "ckpt-7"\nall_model_checkpoint_paths: "ckpt-7"\n')
    assert checkpoint_beside(state / "graph.meta") == str(state / "ckpt-7")
    assert checkpoint_beside(src / "model.meta") == str(src / "model")
    v1 = tmp_path / "v1"
    v1.mkdir()
    (v1 / "m.meta").write_bytes(b"")
    (v1 / "m-00000-of-00002").write_bytes(b"")
    (v1 / "m-00001-of-00002").write_bytes(b"")
    assert checkpoint_beside(v1 / "m.meta") == str(v1 / "m-?????-of-00002")
    (v1 / "n.meta").write_bytes(b"")
    assert checkpoint_beside(v1 / "n.meta") is None
