"""One parametrised runner over every rule case: hand-written .pbtxt cases (fixtures/cases/) and
built/real models (tests/cases.yaml). Each case states the exact findings for the codes it tests."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from accelcheck.engine import lint
from accelcheck.model import load
from accelcheck.rules.pack import load_pack

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CASES_FILE = Path(__file__).parent / "cases.yaml"


def model_path(ref: str) -> str:
    """"built/NAME" -> the file or directory fixtures/build.py makes; anything else -> fixtures/..."""
    kind, _, rest = ref.partition("/")
    if kind == "built":
        matches = sorted((FIXTURES / "built").glob(rest + "*"))
        exact = [m for m in matches if m.name == rest or m.stem == rest]
        if not exact:
            pytest.fail(f"fixture {ref} is not built: run `make fixtures`")
        return str(exact[0])
    return str(FIXTURES / ref)


def _pbtxt_cases():
    for path in sorted((FIXTURES / "cases").glob("*.pbtxt")):
        header = {"codes": [], "expect": [], "options": {}}
        for line in path.read_text().splitlines():
            if not line.startswith("#"):
                continue
            key, _, value = line[1:].strip().partition(":")
            value = value.strip()
            if key == "target":
                header["target"] = value
            elif key == "codes":
                header["codes"] = [c.strip() for c in value.split(",")]
            elif key == "expect":
                header["expect"].append(value)
            elif key == "option":
                k, _, v = value.partition("=")
                header["options"][k.strip()] = v.strip()
        yield pytest.param(str(path), header, id=f"{path.stem}[{header['target']}]")


def _yaml_cases():
    for case in yaml.safe_load(CASES_FILE.read_text()):
        sig = f"@{case['signature']}" if case.get("signature") else ""
        kind = "fail" if case.get("expect") else "pass"
        case_id = f"{'+'.join(case['codes'])}-{kind}-{case['model'].split('/')[-1]}{sig}[{case['target']}]"
        yield pytest.param(case["model"], case, id=case_id)


def _parse_expect(line: str) -> tuple:
    parts = line.split()
    code, node = parts[0], parts[1]
    return (code, None if node == "-" else node, parts[2] if len(parts) > 2 else None)


def run_case(model_ref: str, case: dict) -> None:
    path = model_ref if Path(model_ref).is_absolute() else model_path(model_ref)
    report = lint(load(path), load_pack(case["target"]).select(case["codes"]),
                  signature=case.get("signature"), options=case.get("options", {}))
    expected = [_parse_expect(e) for e in case.get("expect", [])]
    with_severity = any(sev for _, _, sev in expected)
    got = {(f.code, f.location.node, str(f.severity) if with_severity else None) for f in report.findings}
    want = {(c, n, s if with_severity else None) for c, n, s in expected}
    if with_severity:  # expectations without a severity match any
        want = {(c, n, s) if s else next((g for g in got if g[:2] == (c, n)), (c, n, "?")) for c, n, s in expected}
    assert sorted(got, key=str) == sorted(want, key=str)


@pytest.mark.parametrize("model_ref,case", list(_pbtxt_cases()) + list(_yaml_cases()))
def test_rule_case(model_ref, case):
    run_case(model_ref, case)
