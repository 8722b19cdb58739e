"""`accelcheck MODEL --target T` as users and CI run it: exit codes, every output format, config,
suppressions. Runs the real console entry point in a subprocess where the process matters."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from accelcheck.cli import app, main

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "fixtures" / "real"
COUNTER = str(REAL / "tf-serving" / "counter")
LSTM = str(REAL / "tf2onnx" / "lstm.pb")
CLEAN = str(REAL / "tf2onnx" / "saved_model_with_redundant_inputs")
SARIF_SCHEMA = ROOT / ".venv" / "sarif-schema-2.1.0.json"


def cli(*args, cwd=None):
    out = subprocess.run([sys.executable, "-m", "accelcheck", *args], capture_output=True, text=True, cwd=cwd)
    return out.returncode, out.stdout, out.stderr


def test_check_is_the_default_command_and_exit_1_on_errors():
    code, out, err = cli(COUNTER, "--target", "tpu")
    assert code == 1, err
    assert "TPU005 ref-variable" in out
    assert "get_counter: 1 error — will not compile for TPU" in out
    assert cli("check", COUNTER, "--target", "tpu")[0] == 1


def test_exit_0_when_nothing_reaches_fail_on():
    code, out, _ = cli(CLEAN, "--target", "xla")
    assert code == 0
    assert "serving_default: no findings — passes" in out
    # lstm.pb has only warnings for xla: 0 by default, 1 with --fail-on warning
    assert cli(LSTM, "--target", "xla")[0] == 0
    assert cli(LSTM, "--target", "xla", "--fail-on", "warning")[0] == 1


def test_select_and_ignore_by_prefix():
    runner = CliRunner()
    res = runner.invoke(app, ["check", COUNTER, "-t", "tpu", "--ignore", "TPU005", "-f", "json"])
    codes = {f["code"] for f in json.loads(res.stdout)["findings"]}
    assert codes == {"TPU004"}
    res = runner.invoke(app, ["check", COUNTER, "-t", "tpu", "--select", "TPU004", "-f", "json"])
    assert {f["code"] for f in json.loads(res.stdout)["findings"]} == {"TPU004"}


def test_json_schema_and_signature_filter():
    code, out, _ = cli(COUNTER, "--target", "elastic-inference", "--format", "json", "--signature", "incr_counter")
    doc = json.loads(out)
    assert doc["schema_version"] == 1 and doc["target"] == "elastic-inference" and doc["format"] == "saved_model"
    assert set(doc["signatures"]) == {"incr_counter"}
    found = {(f["code"], f["location"]["node"]) for f in doc["findings"]}
    assert found == {("EI001", None), ("EI004", "incr_counter_op/AssignAdd")}
    ei004 = next(f for f in doc["findings"] if f["code"] == "EI004")
    assert ei004["severity"] == "warning" and ei004["confidence"] == "heuristic" and ei004["live"] is True
    assert ei004["location"] == {"signature": "incr_counter", "functions": [], "node": "incr_counter_op/AssignAdd",
                                 "op": "AssignAdd", "layer": "incr_counter_op"}
    assert doc["signatures"]["incr_counter"] == {"verdict": "warnings", "counts": {"error": 0, "warning": 1, "info": 1}}


def test_json_location_carries_the_function_chain():
    model = str(ROOT / "fixtures" / "built" / "tf2_readfile_nested")
    doc = json.loads(cli(model, "--target", "xla", "--format", "json", "--select", "ACC003")[1])
    (finding,) = doc["findings"]
    chain = finding["location"]["functions"]
    assert chain[0].startswith("__inference_signature_wrapper") and chain[-1].startswith("maybe_read_true_")
    assert finding["location"]["node"] == "maybe_read/read_path" and finding["location"]["op"] == "ReadFile"


def test_sarif_is_valid_and_fingerprints_are_stable():
    assert SARIF_SCHEMA.is_file(), "run `make test`: it fetches the SARIF 2.1.0 schema"
    schema = json.loads(SARIF_SCHEMA.read_text())
    first = json.loads(cli(COUNTER, "--target", "tflite", "--format", "sarif")[1])
    jsonschema.validate(first, schema)
    second = json.loads(cli(COUNTER, "--target", "tflite", "--format", "sarif")[1])
    prints = [r["partialFingerprints"]["accelcheck/v1"] for r in first["runs"][0]["results"]]
    assert prints == [r["partialFingerprints"]["accelcheck/v1"] for r in second["runs"][0]["results"]]
    assert len(set(prints)) == len(prints)
    result = next(r for r in first["runs"][0]["results"] if r["ruleId"] == "TFL003")
    assert result["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == "get_counter/counter"
    rule_ids = [r["id"] for r in first["runs"][0]["tool"]["driver"]["rules"]]
    assert rule_ids[result["ruleIndex"]] == "TFL003"


def test_github_annotations():
    code, out, _ = cli(COUNTER, "--target", "tpu", "--format", "github", "--select", "TPU005")
    lines = out.splitlines()
    assert lines[0].startswith("::error file=") and "title=TPU005 ref-variable::" in lines[0]
    assert any(line.endswith("get_counter: errors (1 errors, 0 warnings, 0 info)") for line in lines)


def test_config_file_sets_target_ignores_and_node_patterns(tmp_path):
    (tmp_path / "accelcheck.yaml").write_text(
        "target: tpu\nignore: [TPU004]\nignore-nodes:\n  - {pattern: 'incr_*', codes: [TPU005]}\n")
    code, out, err = cli(COUNTER, "--format", "json", cwd=tmp_path)
    doc = json.loads(out)
    assert {(f["code"], f["location"]["node"]) for f in doc["findings"]} == {
        ("TPU005", "counter"), ("TPU005", "reset_counter_op/Assign")}
    assert doc["suppressed"] == 2


def team_pack(tmp_path, match: str) -> None:
    """A user pack `team.yaml` with one error rule TEAM001 matching `match`."""
    (tmp_path / "team.yaml").write_text(f"""
target: team
title: Our serving rules
prefix: TEAM
extends: [common]
rules:
  - code: TEAM001
    name: not-served
    severity: error
    confidence: certain
    match: {match}
    message: "we do not serve `{{op}}`"
    docs: {{what: a, why: b, example: c, instead: d, references: [e]}}
""")


def test_pyproject_config_and_extra_pack(tmp_path):
    team_pack(tmp_path, "{op_in: [AddV2, Add]}")
    (tmp_path / "pyproject.toml").write_text('[tool.accelcheck]\ntarget = "team"\npacks = ["team.yaml"]\nselect = ["TEAM"]\n')
    model = str(REAL / "tf2onnx" / "regression" / "graphdef" / "frozen.pb")
    code, out, err = cli(model, "--format", "json", cwd=tmp_path)
    assert code == 1, err
    assert {f["code"] for f in json.loads(out)["findings"]} == {"TEAM001"}


@pytest.mark.parametrize("args,needle", [
    (["--target", "gpu"], "unknown target 'gpu'"),
    ([], "no target"),
    (["--target", "tpu", "--signature", "nope"], "no signature 'nope'"),
    (["--target", "tpu", "--format", "xml"], "xml"),
])
def test_usage_errors_exit_2_with_one_line(args, needle):
    code, out, err = cli(COUNTER, *args)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err


def test_bad_config_exits_2(tmp_path):
    (tmp_path / "accelcheck.yaml").write_text("target: tpu\nbogus: 1\n")
    code, _, err = cli(COUNTER, cwd=tmp_path)
    assert code == 2 and "unknown config key(s) bogus" in err and len(err.strip().splitlines()) == 1


def test_bad_pack_file_exits_2(tmp_path):
    (tmp_path / "p.yaml").write_text("target: x\ntitle: t\nrules:\n  - code: lower1\n")
    (tmp_path / "accelcheck.yaml").write_text("target: x\npacks: [p.yaml]\n")
    code, _, err = cli(COUNTER, cwd=tmp_path)
    assert code == 2 and "rule pack invalid" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("pack", [
    "title: no target\nrules: []\n",                                   # what used to be KeyError: 'target'
    "target: x\ntitle: t\nrules:\n  - code: X001\n    name: n\n",      # a rule without severity, message, ...
])
def test_malformed_pack_is_one_line_even_without_jsonschema(tmp_path, pack):
    """jsonschema is a runtime dependency; were it missing, a user's pack is refused in one line, not
    read unvalidated into a KeyError."""
    (tmp_path / "p.yaml").write_text(pack)
    (tmp_path / "accelcheck.yaml").write_text("target: x\npacks: [p.yaml]\n")
    code, _, err = cli(COUNTER, cwd=tmp_path)
    assert code == 2 and "rule pack invalid" in err and len(err.strip().splitlines()) == 1, err
    blocked = ("import sys; sys.modules['jsonschema'] = None; from accelcheck.cli import main; "
               f"main([{str(COUNTER)!r}])")
    out = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 2 and "needs jsonschema" in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "internal error" not in out.stderr


def test_text_is_plain_when_piped():
    _, out, _ = cli(COUNTER, "--target", "tpu")
    assert "\033[" not in out


def test_targets_and_rules_commands():
    code, out, _ = cli("targets")
    assert code == 0
    for target in ("tpu", "xla", "tflite", "tflite-select", "tflite-int8", "tflite-gpu", "edgetpu", "elastic-inference"):
        assert target in out
    assert "tensorflow-tpu" in out.lower() or "2.20.0" in out
    assert "legacy" in out
    code, out, _ = cli("rules", "--target", "tflite")
    assert code == 0 and "TFL003" in out and "TPU001" not in out


def test_main_entry_rewrites_default_command(capsys):
    with pytest.raises(SystemExit) as exc:
        main([CLEAN, "--target", "xla"])
    assert exc.value.code == 0
    assert "passes" in capsys.readouterr().out


def test_the_process_leaves_without_teardown_and_loses_nothing(capsys):
    """The console entry ends with os._exit (cli.entry): what main() prints in process, the
    process prints whole, through a pipe, with the same exit code; one model after another in one
    process (the earlier ones freed as the next is kept)."""
    args = [COUNTER, LSTM, CLEAN, "--target", "xla", "--format", "json", "--jobs", "1"]
    with pytest.raises(SystemExit) as exc:
        main(args)
    in_process = capsys.readouterr().out
    code, out, err = cli(*args)
    assert (code, out) == (exc.value.code, in_process) and code == 1, err
    assert len(json.loads(out)) == 3
    probe = ("import sys; sys.argv = ['accelcheck', 'rules', '--target', 'tpu']; from accelcheck.cli import entry; "
             "entry(); print('not reached')")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert proc.returncode == 0 and "TPU001" in proc.stdout and "not reached" not in proc.stdout


def test_many_models_one_report_one_exit_code(tmp_path):
    tree = tmp_path / "models"
    (tree / "nested").mkdir(parents=True)
    import shutil

    shutil.copytree(COUNTER, tree / "nested" / "counter")
    shutil.copy(LSTM, tree / "lstm.pb")
    (tree / "notes.txt").write_text("not a model")
    code, out, err = cli(str(tree), CLEAN, "--target", "xla", "--format", "json", "--jobs", "2")
    docs = json.loads(out)
    assert [Path(d["model"]).name for d in docs] == ["lstm.pb", "counter", "saved_model_with_redundant_inputs"]
    assert code == 1  # counter has errors for xla
    # A model that cannot be read is reported on its own line; the others are still checked: exit 2.
    (tree / "broken.pb").write_bytes(b"\x0a\xff")
    code, out, err = cli(str(tree), "--target", "xla", "--format", "json")
    assert code == 2 and "broken.pb" in err and len(err.strip().splitlines()) == 1
    assert len(json.loads(out)) == 2


def test_user_pack_can_name_shared_op_sets(tmp_path):
    team_pack(tmp_path, "{op_in: [{set: ref_variables}, Print]}")
    (tmp_path / "accelcheck.yaml").write_text("target: team\npacks: [team.yaml]\nselect: [TEAM]\n")
    code, out, err = cli(COUNTER, "--format", "json", "--signature", "get_counter", cwd=tmp_path)
    assert code == 1, err
    assert {(f["code"], f["location"]["node"]) for f in json.loads(out)["findings"]} == {("TEAM001", "counter")}
    team_pack(tmp_path, "{op_in: [{set: nope}, Print]}")
    code, _, err = cli(COUNTER, cwd=tmp_path)
    assert code == 2 and "unknown op set 'nope'" in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("options,needle", [
    ("{outcome: select, exclude_opps: [Add]}", "check tflite-op-support has no option(s) exclude_opps"),
    ("{exclude_ops: [Add]}", "check tflite-op-support needs option(s) outcome"),
])
def test_check_options_are_validated_when_a_pack_loads(tmp_path, options, needle):
    """A misspelt option would otherwise be ignored silently; each check declares what it reads."""
    (tmp_path / "p.yaml").write_text(f"""
target: x
title: t
extends: [common]
rules:
  - code: X001
    name: n
    severity: error
    confidence: certain
    check: tflite-op-support
    options: {options}
    message: m
    docs: {{what: a, why: b, example: c, instead: d, references: [e]}}
""")
    (tmp_path / "accelcheck.yaml").write_text("target: x\npacks: [p.yaml]\n")
    code, _, err = cli(COUNTER, cwd=tmp_path)
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1, err
