"""`accelcheck baseline` and `check --baseline`: adopt on models with findings, fail only on new ones."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COUNTER = ROOT / "fixtures" / "real" / "tf-serving" / "counter"
PRINT = ROOT / "fixtures" / "built" / "tf1_print_frozen.pb"


def ac(*args, cwd):
    return subprocess.run([sys.executable, "-m", "accelcheck", *map(str, args)], capture_output=True, text=True, cwd=cwd)


def _models(tmp_path):
    shutil.copytree(COUNTER, tmp_path / "models" / "counter")
    shutil.copy(PRINT, tmp_path / "models" / "print.pb")
    return ["models/counter", "models/print.pb"]


def test_a_baselined_model_passes_and_says_how_many_were_baselined(tmp_path):
    models = _models(tmp_path)
    before = json.loads(ac("check", *models, "-t", "tpu", "-f", "json", cwd=tmp_path).stdout)
    wrote = ac("baseline", *models, "-t", "tpu", "-o", "base.json", cwd=tmp_path)
    assert wrote.returncode == 0, wrote.stderr
    doc = json.loads((tmp_path / "base.json").read_text())
    assert doc["target"] == "tpu" and {e["model"] for e in doc["entries"]} == set(models)
    assert sorted((e["code"], e["node"]) for e in doc["entries"]) == sorted(
        (f["code"], f["location"]["node"]) for r in before for f in r["findings"])
    after = ac("check", *models, "-t", "tpu", "-f", "json", "--baseline", "base.json", cwd=tmp_path)
    assert after.returncode == 0 and after.stderr == ""
    reports = json.loads(after.stdout)
    assert [r["findings"] for r in reports] == [[], []]
    assert [r["baselined"] for r in reports] == [len(r["findings"]) for r in before]
    text = ac("check", *models, "-t", "tpu", "--baseline", "base.json", cwd=tmp_path).stdout
    assert "known finding(s) not shown: recorded in the baseline" in text


def test_only_new_findings_fail_and_stale_entries_are_named(tmp_path):
    models = _models(tmp_path)
    ac("baseline", *models, "-t", "tpu", "-o", "base.json", cwd=tmp_path)
    doc = json.loads((tmp_path / "base.json").read_text())
    dropped = next(e for e in doc["entries"] if e["code"] == "TPU005")  # an error, as if it were new
    doc["entries"].remove(dropped)
    doc["entries"].append({"model": "models/print.pb", "fingerprint": "0" * 64, "code": "ACC005",
                           "node": "gone_print", "functions": []})
    doc["entries"].append({"model": "models/not_checked.pb", "fingerprint": "1" * 64, "code": "TPU001",
                           "node": "elsewhere", "functions": []})
    (tmp_path / "base.json").write_text(json.dumps(doc))
    out = ac("check", *models, "-t", "tpu", "-f", "json", "--baseline", "base.json", cwd=tmp_path)
    assert out.returncode == 1
    found = [(f["code"], f["location"]["node"]) for r in json.loads(out.stdout) for f in r["findings"]]
    assert found == [("TPU005", dropped["node"])]
    assert out.stderr.splitlines() == [
        "accelcheck: baseline base.json: ACC005 gone_print in models/print.pb no longer occurs "
        "(fixed, or the node renamed): regenerate the baseline"]


def test_unusable_baselines_are_one_line_errors(tmp_path):
    models = _models(tmp_path)
    ac("baseline", *models, "-t", "tpu", "-o", "base.json", cwd=tmp_path)
    (tmp_path / "junk.json").write_text("{not json")
    for args, expected in ((["-t", "xla", "--baseline", "base.json"], "a baseline for target 'tpu', not 'xla'"),
                           (["-t", "tpu", "--baseline", "missing.json"], "no such baseline file"),
                           (["-t", "tpu", "--baseline", "junk.json"], "not a baseline file")):
        out = ac("check", *models, *args, cwd=tmp_path)
        assert out.returncode == 2 and out.stdout == ""
        assert out.stderr.count("\n") == 1 and expected in out.stderr, out.stderr


def test_baseline_of_an_unreadable_model_writes_nothing(tmp_path):
    models = _models(tmp_path)
    (tmp_path / "models" / "broken.pb").write_bytes(b"\x0a\xff\xff")
    out = ac("baseline", *models, "models/broken.pb", "-t", "tpu", "-o", "base.json", cwd=tmp_path)
    assert out.returncode == 2 and "nothing written to base.json" in out.stderr
    assert not (tmp_path / "base.json").exists()
