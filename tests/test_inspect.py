"""`accelcheck inspect` on every real model: the documented JSON schema, with values checked against
the protobuf read independently here."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from typer.testing import CliRunner

from accelcheck.cli import app
from accelcheck.model.protos import pb

from conftest import FIXTURES, proto_meta_graph, proto_node_count, run_cli

REAL = FIXTURES / "real"
TOP_KEYS = {"schema_version", "path", "format", "producer", "tags", "available_tags", "node_count",
            "function_count", "signatures", "ops", "variables", "devices"}
# DataType enum names -> the short names accelcheck prints; a dtype missing here fails loudly.
SHORT_DTYPES = {"DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_INT32": "int32", "DT_INT64": "int64",
                "DT_STRING": "string", "DT_BOOL": "bool", "DT_FLOAT_REF": "float32_ref"}
VARIABLE_OPS = {"VariableV2": "ref", "Variable": "ref", "VarHandleOp": "resource"}


def _inside_saved_model(p: Path) -> bool:
    return any((parent / "saved_model.pb").is_file() for parent in p.parents)


def discover_real_models() -> list[Path]:
    """SavedModel directories, and .pb / .meta files that are not part of a SavedModel."""
    found = []
    for p in sorted(REAL.rglob("*")):
        if p.is_dir() and (p / "saved_model.pb").is_file():
            found.append(p)
        elif p.is_file() and p.suffix in (".pb", ".meta") and not _inside_saved_model(p):
            found.append(p)
    return found


MODELS = discover_real_models()
IDS = [str(p.relative_to(REAL)) for p in MODELS]


def test_discovery_finds_every_kind_of_real_model():
    assert sorted(IDS) == sorted([
        "tf-serving/bad_half_plus_two/export.meta", "tf-serving/counter", "tf-serving/half_plus_three",
        "tf-serving/half_plus_two_cpu", "tf-serving/half_plus_two_cpu_with_saved_model_config",
        "tf-serving/half_plus_two_gpu_trt", "tf-serving/half_plus_two_mkl", "tf-serving/half_plus_two_mlmd",
        "tf-serving/half_plus_two_tf2_cpu", "tf-serving/matrix_half_plus_two",
        "tf-serving/session_bundle_half_plus_two/export.meta",
        "tf2onnx/ae0.pb", "tf2onnx/fc-layers.pb", "tf2onnx/gru.pb", "tf2onnx/lstm.pb",
        "tf2onnx/regression/checkpoint/model.meta", "tf2onnx/regression/graphdef/frozen.pb",
        "tf2onnx/regression/saved_model", "tf2onnx/saved_model_with_redundant_inputs"])


@pytest.fixture(scope="module")
def inspected() -> dict[Path, tuple[int, str, str]]:
    """`accelcheck inspect --format json` for every real model, through the CLI app in this process
    (test_inspect_json_same_in_a_subprocess shows a real process prints the same)."""
    runner = CliRunner()
    out = {}
    for path in MODELS:
        result = runner.invoke(app, ["inspect", "--format", "json", str(path)])
        out[path] = (result.exit_code, result.stdout, result.stderr)
    return out


def _json(inspected, path: Path) -> dict:
    code, stdout, stderr = inspected[path]
    assert code == 0, stderr
    assert stderr == ""
    return json.loads(stdout)


def _short(dtype_enum: int) -> str:
    return SHORT_DTYPES[pb.types_pb2.DataType.Name(dtype_enum)]


def _shape(info) -> list[int] | None:
    if not info.HasField("tensor_shape") or info.tensor_shape.unknown_rank:
        return None
    return [d.size for d in info.tensor_shape.dim]


def _all_nodes(graph_def):
    yield from graph_def.node
    for f in graph_def.library.function:
        yield from f.node_def


@pytest.mark.parametrize("path", MODELS, ids=IDS)
def test_inspect_json_matches_the_protobuf(inspected, path):
    info = _json(inspected, path)
    meta, graph_def = proto_meta_graph(path)

    assert set(info) == TOP_KEYS
    assert info["schema_version"] == 1
    expected_format = "saved_model" if path.is_dir() else {".meta": "meta_graph", ".pb": "frozen_graph"}[path.suffix]
    assert info["format"] == expected_format
    assert info["path"] == str(path)
    assert info["producer"] == (graph_def.versions.producer if graph_def.HasField("versions") else None)
    assert info["tags"] == (sorted(meta.meta_info_def.tags) if meta is not None else [])
    assert info["node_count"] == proto_node_count(graph_def)
    assert info["function_count"] == len(graph_def.library.function)

    # ops: a histogram over every NodeDef, top level and function bodies
    all_ops = Counter(n.op for n in _all_nodes(graph_def))
    assert info["ops"]["all"] == dict(all_ops)
    assert info["ops"]["live_signature"] in info["signatures"]
    live = info["ops"]["live"]
    assert live and all(0 < n <= all_ops[op] for op, n in live.items())
    assert sum(live.values()) == info["signatures"][info["ops"]["live_signature"]]["live_node_count"]

    # devices: every non-empty device string, counted
    assert info["devices"] == dict(Counter(n.device for n in _all_nodes(graph_def) if n.device))

    # variables: VariableV2 / Variable / VarHandleOp nodes
    var_nodes = [n for n in _all_nodes(graph_def) if n.op in VARIABLE_OPS]
    variables = info["variables"]
    assert variables["count"] == len(var_nodes) == len(variables["items"])
    assert variables["kinds"] == dict(Counter(VARIABLE_OPS[n.op] for n in var_nodes))
    assert sorted(item["node"] for item in variables["items"]) == sorted(n.name for n in var_nodes)
    assert variables["bytes"] == sum(item["bytes"] or 0 for item in variables["items"])
    assert variables["bytes_known"] == all(item["bytes"] is not None for item in variables["items"])

    # signatures: from the SignatureDefs when there are any
    signature_defs = {k: v for k, v in (meta.signature_def.items() if meta is not None else [])
                      if not k.startswith("__saved_model")}
    sigs = info["signatures"]
    for sig in sigs.values():
        assert set(sig) == {"method", "inferred", "inputs", "outputs", "live_node_count"}
        assert 1 <= sig["live_node_count"] <= info["node_count"]
    if signature_defs:
        assert sorted(sigs) == sorted(signature_defs)
        for name, sd in signature_defs.items():
            sig = sigs[name]
            assert sig["inferred"] is False
            assert sig["method"] == sd.method_name
            for direction, tensors in (("inputs", sd.inputs), ("outputs", sd.outputs)):
                expected = {k: {"name": t.name, "dtype": _short(t.dtype), "shape": _shape(t)}
                            for k, t in tensors.items()}
                assert sig[direction] == expected, (name, direction)
    elif (path.name == "export.meta" and "serving_signatures" in meta.collection_def):
        assert sorted(sigs) == ["default", "predict"]  # the legacy session-bundle signatures
    else:
        assert list(sigs) == ["(inferred)"]
        sig = sigs["(inferred)"]
        assert sig["inferred"] is True
        placeholders = {n.name: n for n in graph_def.node if n.op == "Placeholder"}
        for key, t in sig["inputs"].items():
            assert key in placeholders and t["name"] == f"{key}:0"
            assert t["dtype"] == _short(placeholders[key].attr["dtype"].type)
        assert sig["outputs"]


def test_counter_signatures_and_live_counts(inspected):
    info = _json(inspected, REAL / "tf-serving" / "counter")
    sigs = info["signatures"]
    assert {name: s["live_node_count"] for name, s in sigs.items()} == {
        "get_counter": 1, "incr_counter": 3, "incr_counter_by": 3, "reset_counter": 3}
    assert sigs["incr_counter_by"]["inputs"] == {"delta": {"name": "delta:0", "dtype": "float32", "shape": None}}
    assert sigs["get_counter"]["outputs"] == {"output": {"name": "counter:0", "dtype": "float32_ref", "shape": []}}
    # no serving_default: the first signature is the one whose live ops are listed; get_counter is just {counter}
    assert info["ops"]["live_signature"] == "get_counter"
    assert info["ops"]["live"] == {"VariableV2": 1}
    (item,) = info["variables"]["items"]
    assert item["name"] == "counter" and item["kind"] == "ref" and item["bytes"] == 4
    assert item["assigned_by"] == ["counter/Assign", "incr_counter_by_op/AssignAdd", "incr_counter_op/AssignAdd",
                                   "reset_counter_op/Assign", "save/Assign"]
    assert info["variables"]["checkpoint_bytes"] == 4


def test_gpu_trt_devices(inspected):
    info = _json(inspected, REAL / "tf-serving" / "half_plus_two_gpu_trt")
    assert info["devices"]["/device:GPU:0"] == 40
    assert set(info["devices"]) == {"/device:GPU:0", "/device:CPU:0", "/device:CPU:*"}


def test_lstm_inferred_signature(inspected):
    info = _json(inspected, REAL / "tf2onnx" / "lstm.pb")
    assert info["format"] == "frozen_graph"
    assert info["producer"] is None
    sig = info["signatures"]["(inferred)"]
    assert sig["inferred"] is True
    assert sig["inputs"] == {"X": {"name": "X:0", "dtype": "float32", "shape": [-1, 784]},
                             "keep_prob": {"name": "keep_prob:0", "dtype": "float32", "shape": None}}
    assert list(sig["outputs"]) == ["output"]
    assert sig["outputs"]["output"]["name"] == "output:0"
    assert info["ops"]["live"]["RandomUniform"] == info["ops"]["all"]["RandomUniform"] >= 1
    assert info["variables"] == {"count": 0, "bytes": 0, "bytes_known": True, "checkpoint_bytes": None,
                                 "kinds": {}, "items": []}


def test_tf2_saved_model_functions_and_variables(inspected):
    info = _json(inspected, REAL / "tf-serving" / "half_plus_two_tf2_cpu")
    assert info["function_count"] == 14
    assert info["variables"]["kinds"] == {"resource": 4}
    assert info["variables"]["bytes_known"] is False  # the asset-path string variable has no fixed size
    assert info["variables"]["bytes"] == 12
    assert info["ops"]["live_signature"] == "serving_default"
    assert "ParseExampleV2" not in info["ops"]["live"]
    assert info["ops"]["all"]["ParseExampleV2"] == 3


def test_session_bundle_signatures(inspected):
    info = _json(inspected, REAL / "tf-serving" / "session_bundle_half_plus_two" / "export.meta")
    assert info["signatures"]["predict"]["inputs"] == {"x": {"name": "x:0", "dtype": "float32", "shape": [-1, 1]}}
    assert info["signatures"]["default"]["method"] == "regress"


@pytest.mark.parametrize("path, names", [
    (REAL / "tf-serving" / "counter", ["get_counter", "incr_counter", "incr_counter_by", "reset_counter"]),
    (REAL / "tf2onnx" / "gru.pb", ["(inferred)"]),
], ids=["counter", "gru"])
def test_text_output(path, names):
    code, stdout, stderr = run_cli("inspect", path)
    assert code == 0, stderr
    assert stderr == ""
    assert stdout.startswith(f"{path}\n")
    for name in names:
        assert f"\n  {name}" in stdout
    assert "Ops (" in stdout and "Variables:" in stdout


def test_inspect_json_same_in_a_subprocess(inspected):
    path = REAL / "tf-serving" / "half_plus_two_tf2_cpu"
    code, stdout, stderr = run_cli("inspect", "--format", "json", path)
    assert (code, stderr) == (0, "")
    assert json.loads(stdout) == _json(inspected, path)
