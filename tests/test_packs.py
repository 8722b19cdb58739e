"""The packs themselves: schema-valid, documented, every rule with a failing and a passing case,
every op table with provenance, and all of it shipped inside the wheel."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest
import yaml

from typer.testing import CliRunner

from accelcheck.cli import app
from accelcheck.resources import rules_dir
from accelcheck.rules.pack import all_targets, builtin_pack_files, load_pack

from test_rule_cases import _pbtxt_cases, _yaml_cases

ROOT = Path(__file__).resolve().parent.parent
# A rule that fires for every model cannot have a passing case.
ALWAYS_FIRES = {"EI001": "the end-of-life notice is reported once for every elastic-inference check"}


def all_rules():
    rules = {}
    for pack in [load_pack("common")] + all_targets():
        for rule in pack.rules:
            rules.setdefault(rule.code, rule)
    return rules


@pytest.mark.parametrize("path", sorted(rules_dir().glob("*.yaml")), ids=lambda p: p.name)
def test_pack_matches_schema(path):
    schema = json.loads((rules_dir() / "schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(yaml.safe_load(path.read_text()), schema)


def test_expected_targets_exist():
    assert set(builtin_pack_files()) == {"common", "tpu", "xla", "tflite", "tflite-select", "elastic-inference"}


def test_codes_carry_their_pack_prefix():
    for pack in [load_pack("common")] + all_targets():
        for rule in pack.rules:
            owner = load_pack(rule.pack)
            assert rule.code.startswith(owner.prefix), (rule.code, owner.prefix)


def test_every_rule_has_a_failing_and_a_passing_case():
    fails, passes = set(), set()
    for param in list(_pbtxt_cases()) + list(_yaml_cases()):
        case = param.values[1]
        expected = {e.split()[0] for e in case.get("expect", [])}
        fails |= expected
        passes |= set(case["codes"]) - expected
    rules = set(all_rules())
    assert sorted(rules - fails) == [], "rules without a failing case"
    assert sorted(rules - passes - set(ALWAYS_FIRES)) == [], "rules without a passing case"


@pytest.mark.parametrize("code", sorted(all_rules()))
def test_rule_command_prints_every_docs_section(code):
    out = CliRunner().invoke(app, ["rule", code])
    assert out.exit_code == 0, out.output
    for heading in ("What it does", "Why it matters", "Example", "What to do instead", "References"):
        assert f"## {heading}" in out.stdout
    assert out.stdout.startswith(code + " ")


def test_message_templates_only_use_known_fields():
    for code, rule in all_rules().items():
        assert "{" not in rule.message.replace("{op}", "").replace("{node}", "").replace("{layer}", "") \
            .replace("{device}", "").replace("{function}", "") or rule.check, code


@pytest.mark.parametrize("path", sorted((rules_dir() / "data").glob("*.json")), ids=lambda p: p.name)
def test_every_table_carries_provenance(path):
    prov = json.loads(path.read_text())["provenance"]
    assert prov.get("source") and prov.get("tensorflow_version") and prov.get("generated_by")


def test_wheel_ships_packs_and_tables(tmp_path):
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    wheel = next(tmp_path.glob("accelcheck-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for pack in builtin_pack_files().values():
        assert f"accelcheck/_rules/{pack.name}" in names
    for table in (rules_dir() / "data").glob("*.json"):
        assert f"accelcheck/_rules/data/{table.name}" in names
    assert "accelcheck/_rules/schema.json" in names
