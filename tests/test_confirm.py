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
