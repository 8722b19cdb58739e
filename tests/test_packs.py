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
    assert set(builtin_pack_files()) == {"common", "tpu", "xla", "tflite", "tflite-select", "tflite-int8", "tflite-gpu",
                                         "edgetpu", "elastic-inference"}


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


def _op_lists(node, key=None):
    """Every list of op names in a pack document, with the key it sits under."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _op_lists(v, k)
    elif isinstance(node, list):
        names = [v for v in node if isinstance(v, str)]
        if key in ("op_in", "exclude_ops", "host_ops") and names:
            yield key, names
        for v in node:
            yield from _op_lists(v, key)


@pytest.mark.parametrize("path", sorted(rules_dir().glob("*.yaml")), ids=lambda p: p.name)
def test_packs_name_shared_op_sets_instead_of_copying_them(path):
    """An op fact used in more than one place is defined once, in rules/data/op_sets.json: a pack
    whose op list repeats most of a named set should name the set ({set: NAME} or op_in_set)."""
    sets = json.loads((rules_dir() / "data" / "op_sets.json").read_text())["sets"]
    doc = yaml.safe_load(path.read_text())
    for key, names in _op_lists(doc):
        for set_name, members in sets.items():
            shared = set(names) & set(members)
            assert len(shared) < max(3, len(members) // 2 + 1), \
                f"{path.name}: {key} lists {sorted(shared)} of op set {set_name!r}: write {{set: {set_name}}}"


def test_rules_and_fix_passes_read_the_same_op_facts():
    """ACC005/strip-debug, ACC009/strip-training, ACC007/disable-dropout, ACC006/disable-dropout and
    the ref-variable rules/freeze-variables agree because they read one definition."""
    from accelcheck.fixes.disable_dropout import _KEEP, _RATE, _TRAINING, _RANDOM
    from accelcheck.fixes.strip_debug import DEBUG_OPS
    from accelcheck.fixes.strip_training import is_training_node
    from accelcheck.opsets import name_pattern, op_set

    common = load_pack("common")
    assert common.rule("ACC005").match == {"op_in_set": "debug"} and DEBUG_OPS == op_set("debug")
    assert common.rule("ACC009").match == {"op_matches": "training_ops"}
    assert is_training_node("ResourceApplyAdam", "opt/update") and not is_training_node("MatMul", "dense")
    assert _RANDOM <= op_set("stateful_random")  # disable-dropout replaces a subset of what ACC006 flags
    acc007 = name_pattern("keep_probability", "dropout_rate", "training_flag")
    for name in ("keep_prob", "model/dropout_rate_1", "is_training", "rate"):
        assert acc007.search(name) and any(p.search(name) for p in (_KEEP, _RATE, _TRAINING)), name
    for target in ("tpu", "xla"):
        rule = next(r for r in load_pack(target).rules if r.name == "ref-variable")
        assert {"op_in_set": "ref_variables"} in rule.match["all"]


def test_pre_commit_hook_matches_model_files():
    """The hook in .pre-commit-hooks.yaml runs `accelcheck check` on .pb, .pbtxt and saved_model.pb."""
    import re

    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "accelcheck")
    assert hook["entry"] == "accelcheck check" and hook["language"] == "python"
    files = re.compile(hook["files"])
    for path in ("models/frozen.pb", "graph.pbtxt", "export/1/saved_model.pb"):
        assert files.search(path), path
    for path in ("README.md", "model.tflite", "weights.h5", "variables/variables.index"):
        assert not files.search(path), path
