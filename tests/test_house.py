"""The shape of the code base: small modules, and protobuf classes only where models are read."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "accelcheck"
MAX_LINES = 450


def test_no_module_is_over_450_lines():
    sizes = {str(p.relative_to(PACKAGE)): len(p.read_text().splitlines())
             for p in PACKAGE.rglob("*.py") if "protos" not in p.parts}
    assert {k: v for k, v in sizes.items() if v > MAX_LINES} == {}


def test_op_facts_are_not_redefined_in_code():
    """Op sets that packs and passes share live in rules/data/op_sets.json; a module that spells
    out most of one again has copied it."""
    import json

    sets = json.loads((PACKAGE.parent / "rules" / "data" / "op_sets.json").read_text())["sets"]
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text()
        for name, members in sets.items():
            spelled = [op for op in members if f'"{op}"' in text]
            assert len(spelled) < max(4, len(members) // 2 + 1), \
                f"{path.relative_to(PACKAGE)} spells out {spelled} of op set {name!r}: use opsets.op_set({name!r})"


def test_checks_and_passes_read_nodes_through_the_node_view():
    """Rules and fix passes read attributes, constants and inputs through model.Node; the NodeDef
    protos are touched only by the model package and the edit layer (fixes/edit.py, artifact.py)."""
    import re

    offenders = []
    for sub in ("rules", "fixes", "confirm", "report"):
        for path in (PACKAGE / sub).rglob("*.py"):
            if path.name in ("edit.py", "artifact.py"):
                continue
            for i, line in enumerate(path.read_text().splitlines(), 1):
                if re.search(r"\w\.(proto|attrs)\b", line):
                    offenders.append(f"{path.relative_to(PACKAGE)}:{i}: {line.strip()}")
    assert offenders == []
