"""The two shared corpora, read and judged as their READMEs record:

- fixtures/tf-graphdef-tests: TensorFlow's own GraphDef-import test inputs. Every file TensorFlow
  parses is read (exit 0 or 1) with TensorFlow's node count (graph nodes plus every library
  function's), no finding on the _Arg/_Retval nodes of graphs written as functions, and inferred
  signatures that name only tensors that exist; what TensorFlow cannot parse gets one line and
  exit 2.
- fixtures/real-world: models published by other projects; accelcheck's verdict for each target
  must be the one the real toolchain gave (TensorFlow 2.21, recorded in the README). Where the
  toolchain's failure was its harness's own (listed below, with why), the pair is counted apart.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from accelcheck.cli import app
from accelcheck.engine import lint
from accelcheck.findings import Severity
from accelcheck.model import load
from accelcheck.model.node import BOUNDARY_OPS
from accelcheck.model.names import parse_tensor_name
from accelcheck.rules.pack import load_pack

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GRAPHDEF_TESTS = FIXTURES / "tf-graphdef-tests"
REAL_WORLD = FIXTURES / "real-world"
TARGETS = ("tpu", "xla", "tflite", "tflite-select", "elastic-inference")


def _table(readme: Path, columns: int) -> list[list[str]]:
    rows = []
    for line in readme.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == columns and not set(cells[0]) <= {"-"} and cells[0] not in ("file", "model"):
            rows.append(cells)
    return rows


GRAPHDEF_ROWS = _table(GRAPHDEF_TESTS / "README.md", 4)


def test_the_readme_tables_are_read():
    assert len(GRAPHDEF_ROWS) == 78
    assert len(REAL_WORLD_ROWS) == 22


@pytest.mark.parametrize("file,parses,imports,nodes", GRAPHDEF_ROWS, ids=[r[0] for r in GRAPHDEF_ROWS])
def test_graphdef_import_inputs_read_as_tensorflow_reads_them(file, parses, imports, nodes):
    path = GRAPHDEF_TESTS / file
    result = CliRunner().invoke(app, ["inspect", str(path), "--format", "json"])
    if parses != "ok":
        assert result.exit_code == 2, result.output
        assert len(result.output.strip().splitlines()) == 1 and result.output.startswith("accelcheck: error:")
        return
    assert result.exit_code == 0, result.output
    info = json.loads(result.output)
    if nodes != "—":
        assert info["node_count"] == int(nodes)

    model = load(path)
    for sig in model.signatures.values():
        for spec in list(sig.outputs.values()) + list(sig.inputs.values()):
            node = model.nodes[spec.node]
            port = parse_tensor_name(spec.name)[1]
            count = model.output_count(node)
            assert count is None or port < count, f"{sig.name} names {spec.name}, but {node.op} has {count} outputs"
    for target in TARGETS:
        report = lint(model, load_pack(target))
        on_boundary = [f for f in report.findings if f.location.op in BOUNDARY_OPS]
        assert not on_boundary, f"{target}: findings on graph arguments/results: {on_boundary}"
    code = CliRunner().invoke(app, ["check", str(path), "--target", "tflite"]).exit_code
    assert code in (0, 1)


# ------------------------------------------------------------------------------------------- real-world

REAL_WORLD_ROWS = _table(REAL_WORLD / "README.md", 6)
_COLUMNS = {"tflite": 3, "tflite-select": 4, "xla": 5}

# Failures of the harness that recorded the verdicts, not of the model: counted apart.
HARNESS_FAILURES = {
    ("opencv_face_detector_uint8", "xla"): "the harness gave the input of unknown rank a scalar shape, and "
                                           "FusedBatchNorm needs rank 4; with a 4-D input the graph compiles",
}


def _verdict(cell: str) -> bool:
    return cell == "ok"


def _model_path(name: str) -> Path:
    folder = REAL_WORLD / name
    return folder / "model.pb" if (folder / "model.pb").is_file() else folder


def _xla_signature(model) -> str:
    """The signature the harness compiled: serving_default, else the first by name."""
    return "serving_default" if "serving_default" in model.signatures else sorted(model.signatures)[0]


def _static_ok(model, target: str) -> bool:
    report = lint(model, load_pack(target))
    errors = [f for f in report.findings if f.severity == Severity.ERROR]
    if target == "xla":
        sig = _xla_signature(model)
        errors = [f for f in errors if not f.signatures or sig in f.signatures]
    return not errors


@pytest.mark.parametrize("row", REAL_WORLD_ROWS, ids=[r[0] for r in REAL_WORLD_ROWS])
def test_real_world_models_get_the_toolchains_verdict(row):
    name = row[0]
    model = load(_model_path(name))
    for target, column in _COLUMNS.items():
        toolchain_ok = _verdict(row[column])
        if (name, target) in HARNESS_FAILURES:
            assert not toolchain_ok, f"{name} {target}: no longer a harness failure, remove it"
            continue
        assert _static_ok(model, target) == toolchain_ok, (
            f"{name} {target}: toolchain said {row[column]!r}, accelcheck {'ok' if not toolchain_ok else 'errors'}")


def test_real_world_agreement_figures(capsys):
    pairs = agree = failures = caught = false_errors = passing = 0
    for row in REAL_WORLD_ROWS:
        model = load(_model_path(row[0]))
        for target, column in _COLUMNS.items():
            if (row[0], target) in HARNESS_FAILURES:
                continue
            tool_ok, ok = _verdict(row[column]), _static_ok(model, target)
            pairs += 1
            agree += tool_ok == ok
            failures += not tool_ok
            caught += not tool_ok and not ok
            passing += tool_ok
            false_errors += tool_ok and not ok
    with capsys.disabled():
        print(f"\nreal-world corpus: {agree}/{pairs} (model, target) pairs agree; toolchain failures caught "
              f"{caught}/{failures}; false errors {false_errors}/{passing} passing pairs; "
              f"{len(HARNESS_FAILURES)} harness failure(s) counted apart")
    assert agree == pairs


def test_real_world_readme_names_every_model_folder():
    folders = {p.name for p in REAL_WORLD.iterdir() if p.is_dir()}
    assert folders == {r[0] for r in REAL_WORLD_ROWS}
    assert re.search(r"TensorFlow 2\.21", (REAL_WORLD / "README.md").read_text())
