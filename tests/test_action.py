"""The GitHub composite action (action.yml): its check step run as GitHub would run it, and the
SARIF it uploads held to what code scanning requires of an upload."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
ACTION = yaml.safe_load((ROOT / "action.yml").read_text())
STEPS = {s.get("name", s.get("uses", "")): s for s in ACTION["runs"]["steps"]}


def _run_check_step(tmp_path, models: str, target: str, baseline: str = "", fail_on: str = "error"):
    out_file = tmp_path / "github_output"
    out_file.write_text("")
    env = dict(os.environ, MODELS=models, TARGET=target, BASELINE=baseline, FAIL_ON=fail_on,
               RUNNER_TEMP=str(tmp_path), GITHUB_OUTPUT=str(out_file),
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    proc = subprocess.run(["bash", "-e", "-c", STEPS["Check"]["run"]], cwd=ROOT, env=env, capture_output=True, text=True)
    outputs = dict(line.split("=", 1) for line in out_file.read_text().splitlines())
    return proc, outputs


def code_scanning_problems(sarif: dict, cwd: Path) -> list[str]:
    """What GitHub's SARIF upload requires (docs: "SARIF support for code scanning"), as a list of
    violations: a tool name; rules with id, descriptions, help and a level; every result with a
    ruleId the driver defines, a message, a location on a repository file with a start line, and a
    fingerprint; one run per category."""
    problems, categories = [], []
    for run in sarif.get("runs", []):
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            problems.append("run without tool.driver.name")
        categories.append(run.get("automationDetails", {}).get("id"))
        rules = {r.get("id"): r for r in driver.get("rules", [])}
        for rid, rule in rules.items():
            for key in ("shortDescription", "fullDescription", "help"):
                if not rule.get(key, {}).get("text"):
                    problems.append(f"rule {rid}: no {key}.text")
            if rule.get("defaultConfiguration", {}).get("level") not in ("note", "warning", "error"):
                problems.append(f"rule {rid}: no default level")
        for res in run.get("results", []):
            rid = res.get("ruleId")
            if rid not in rules:
                problems.append(f"result of undefined rule {rid}")
            if not res.get("message", {}).get("text"):
                problems.append(f"{rid}: no message")
            locs = res.get("locations") or [{}]
            phys = locs[0].get("physicalLocation", {})
            uri = phys.get("artifactLocation", {}).get("uri", "")
            if not uri or uri.startswith("/") or not (cwd / uri).is_file():
                problems.append(f"{rid}: location {uri!r} is not a repository file")
            if phys.get("region", {}).get("startLine", 0) < 1:
                problems.append(f"{rid}: no start line")
            if not res.get("partialFingerprints"):
                problems.append(f"{rid}: no fingerprint")
    if len(categories) != len(set(categories)):
        problems.append("several runs share a category")
    return problems


def test_the_action_installs_the_lint_only_package_and_uploads_per_target():
    assert ACTION["runs"]["using"] == "composite"
    install = STEPS["Install accelcheck (lint only, no TensorFlow)"]["run"]
    assert '"${{ github.action_path }}"' in install and "[tf]" not in install
    upload = STEPS["Upload to code scanning"]
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["with"]["category"] == "accelcheck/${{ inputs.target }}"
    assert set(ACTION["inputs"]) == {"models", "target", "baseline", "fail-on", "upload", "python-version"}


def test_the_check_step_writes_sarif_code_scanning_accepts(tmp_path):
    models = "fixtures/real/tf-serving/counter fixtures/built/tf1_print_frozen.pb"
    proc, outputs = _run_check_step(tmp_path, models, "tpu")
    assert proc.returncode == 0, proc.stderr  # the step itself succeeds; the last step fails the job
    assert outputs["exit-code"] == "1"
    sarif = json.loads(Path(outputs["sarif"]).read_text())
    assert code_scanning_problems(sarif, ROOT) == []
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]}
    assert uris == {"fixtures/real/tf-serving/counter/saved_model.pb", "fixtures/built/tf1_print_frozen.pb"}
    assert "TPU005 ref-variable" in proc.stdout  # the text report, for the log


def test_the_check_step_honours_baseline_and_fail_on(tmp_path):
    base = tmp_path / "base.json"
    subprocess.run([sys.executable, "-m", "accelcheck", "baseline", "fixtures/real/tf-serving/counter", "-t", "tpu",
                    "-o", str(base)], cwd=ROOT, check=True, capture_output=True)
    _, outputs = _run_check_step(tmp_path, "fixtures/real/tf-serving/counter", "tpu", baseline=str(base))
    assert outputs["exit-code"] == "0"
    assert json.loads(Path(outputs["sarif"]).read_text())["runs"][0]["results"] == []
    _, outputs = _run_check_step(tmp_path, "fixtures/built/tf1_print_frozen.pb", "tflite", fail_on="warning")
    assert outputs["exit-code"] == "1"
