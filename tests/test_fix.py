"""`accelcheck fix` end to end, judged by the real toolchain: models that fail TFLite conversion
before the fix convert after it, and the converted model computes what the original computed.
The input is byte-identical afterwards; a refused or unverified fix leaves nothing behind."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import accelcheck
from accelcheck.confirm import run_isolated
from accelcheck.model import load

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "fixtures" / "real"
BUILT = ROOT / "fixtures" / "built"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def fix_cli(*args):
    out = subprocess.run([sys.executable, "-m", "accelcheck", "fix", *map(str, args)], capture_output=True, text=True)
    return out.returncode, out.stdout, out.stderr


def tree_hash(path: Path) -> str:
    h = hashlib.sha256()
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    for f in files:
        h.update(str(f.relative_to(path.parent)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()


@pytest.fixture(scope="module")
def tf():
    import tensorflow

    return tensorflow


def tflite_outputs(tf, saved_model: Path, signature: str, feeds: dict) -> dict:
    converter = tf.lite.TFLiteConverter.from_saved_model(str(saved_model), signature_keys=[signature])
    interpreter = tf.lite.Interpreter(model_content=converter.convert())
    runner = interpreter.get_signature_runner(signature)
    return {k: np.asarray(v) for k, v in runner(**feeds).items()}


def tf_outputs(tf, saved_model: Path, signature: str, feeds: dict) -> dict:
    fn = tf.saved_model.load(str(saved_model)).signatures[signature]
    return {k: v.numpy() for k, v in fn(**{k: tf.constant(v) for k, v in feeds.items()}).items()}


# ---------------------------------------------------------------- the models

@pytest.mark.parametrize("name", ["half_plus_two_cpu", "half_plus_two_mkl", "half_plus_two_gpu_trt"])
def test_tf_serving_models_convert_after_fix(name, tmp_path, tf):
    model = REAL / "tf-serving" / name
    before_hash = tree_hash(model)
    before = run_isolated("convert_tflite", path=str(model), select_tf_ops=False, signature_keys=["serving_default"])
    assert not before.ok, "the unfixed model should fail conversion"

    out = tmp_path / "fixed"
    code, stdout, stderr = fix_cli(model, "--target", "tflite", "--signature", "serving_default", "-o", out,
                                   "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    assert report["written"] and report["verification"]["ok"] and report["verification"]["compared"]
    assert report["findings_after"]["signatures"]["serving_default"]["verdict"] == "ok"
    assert tree_hash(model) == before_hash

    after = run_isolated("convert_tflite", path=str(out), select_tf_ops=False, signature_keys=["serving_default"])
    assert after.ok, after.error
    x = np.array([[1.0], [2.0], [5.0]], dtype=np.float32)
    key = next(iter(load(model).signatures["serving_default"].inputs))
    want = tf_outputs(tf, model, "serving_default", {key: x})
    got = tflite_outputs(tf, out, "serving_default", {key: x})
    assert want.keys() == got.keys()
    for k in want:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-6)


def test_all_signatures_convert_with_select_tf_ops_after_fix(tmp_path):
    model = REAL / "tf-serving" / "half_plus_two_cpu"
    out = tmp_path / "fixed"
    code, stdout, stderr = fix_cli(model, "--target", "tflite-select", "-o", out)
    assert code == 0, stderr + stdout
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=True).ok
    # builtins alone still fail, and only because of what no fix can remove (ParseExample)
    builtins = run_isolated("convert_tflite", path=str(out), select_tf_ops=False)
    assert not builtins.ok and {p.op for p in builtins.problems} == {"ParseExample"}


def test_counter_get_signature_is_fixed(tmp_path, tf):
    model = REAL / "tf-serving" / "counter"
    out = tmp_path / "get"
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "--signature", "get_counter", "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    assert [p["pass"] for p in report["passes"]][:2] == ["prune-to-signatures", "freeze-variables"]
    assert set(report["findings_after"]["signatures"]) == {"get_counter"}
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=False).ok
    assert tflite_outputs(tf, out, "get_counter", {})["output"] == pytest.approx(0.0)


def test_counter_incr_is_refused_without_unsafe_fixes(tmp_path):
    model = REAL / "tf-serving" / "counter"
    before = tree_hash(model)
    out = tmp_path / "incr"
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "--signature", "incr_counter", "-o", out)
    assert code == 2
    assert "incr_counter_op/AssignAdd" in stderr and "--unsafe-fixes" in stderr
    assert len(stderr.strip().splitlines()) == 1 and "Traceback" not in stderr
    assert not out.exists() and not list(tmp_path.iterdir())
    assert tree_hash(model) == before


def test_counter_incr_with_unsafe_fixes_says_what_changed(tmp_path):
    out = tmp_path / "incr"
    code, stdout, stderr = fix_cli(REAL / "tf-serving" / "counter", "-t", "tflite", "--signature", "incr_counter",
                                   "--unsafe-fixes", "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    dropped = next(p for p in report["passes"] if p["pass"] == "drop-assignments")
    assert dropped["modified_nodes"] == ["incr_counter_op/AssignAdd"]
    assert any("keeps its saved value on every call" in n for n in dropped["notes"])
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=False).ok


def test_lstm_dropout_disabled_gives_the_same_output_twice(tmp_path, tf):
    model = REAL / "tf2onnx" / "lstm.pb"
    out = tmp_path / "lstm_fixed.pb"
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "--unsafe-fixes", "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    assert {p["pass"] for p in report["passes"]} >= {"disable-dropout"}
    graph_def = tf.compat.v1.GraphDef()
    graph_def.ParseFromString(out.read_bytes())
    assert not [n.name for n in graph_def.node if n.op == "Placeholder" and n.name == "keep_prob"]
    x = np.random.default_rng(0).standard_normal((1, 28, 28)).astype(np.float32)
    spec = load(model).signatures["(inferred)"].inputs["X"]
    if spec.shape is not None and len(spec.shape) == 2:
        x = x.reshape(1, -1)
    with tf.Graph().as_default() as g, tf.compat.v1.Session(graph=g) as sess:
        tf.compat.v1.import_graph_def(graph_def, name="")
        first = sess.run("output:0", {"X:0": x})
        second = sess.run("output:0", {"X:0": x})
    np.testing.assert_array_equal(first, second)


def test_refused_without_unsafe_fixes_lists_what_needs_them(tmp_path):
    code, stdout, _ = fix_cli(REAL / "tf2onnx" / "lstm.pb", "-t", "tflite", "--dry-run")
    assert code == 0
    assert "not run, needs --unsafe-fixes: disable-dropout" in stdout


# ---------------------------------------------------------------- TF2, formats, passes

def test_tf2_resource_variables_freeze_to_a_frozen_graph_that_converts(tmp_path):
    model = BUILT / "tf2_mlp"
    out = tmp_path / "mlp.pb"
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "--output-format", "frozen", "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    assert report["ops_after"].get("VarHandleOp", 0) == 0 and report["ops_after"].get("ReadVariableOp", 0) == 0
    assert report["verification"]["ok"] and report["verification"]["compared"]
    frozen = load(out)
    assert frozen.format == "frozen_graph" and not frozen.variables
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=False).ok


def test_frozen_saved_model_output_is_served_without_variables(tmp_path, tf):
    out = tmp_path / "mlp"
    model = BUILT / "tf1_unfrozen_savedmodel"
    code, stdout, stderr = fix_cli(model, "-t", "tpu", "-o", out)
    assert code == 0, stderr + stdout
    assert not (out / "variables").exists()
    assert not load(out).variables
    x = np.ones((2, 4), np.float32)
    np.testing.assert_allclose(tf_outputs(tf, out, "serving_default", {"x": x})["y"],
                               tf_outputs(tf, model, "serving_default", {"x": x})["y"], rtol=1e-6)


@pytest.mark.parametrize("fmt", ["saved-model", "frozen"])
def test_tf1_ema_conds_no_longer_stop_the_converter_after_fix(fmt, tmp_path, tf):
    # The EMA shadows' initializer conds (RefSwitch, TFL014) fail the converter whatever it serves:
    # freezing makes them plain Switches on constants (and forgets the cond contexts naming the
    # removed predicates); a frozen GraphDef also drops them, which it would take for outputs.
    model = BUILT / "tf1_ema_savedmodel"
    assert not run_isolated("convert_tflite", path=str(model), select_tf_ops=False).ok
    out = tmp_path / ("ema" if fmt == "saved-model" else "ema.pb")
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "--output-format", fmt, "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    assert report["ops_after"].get("RefSwitch", 0) == 0 and report["verification"]["ok"]
    assert {f["code"] for f in report["findings_before"]["findings"]} == {"TFL014"}
    assert report["findings_after"]["findings"] == []
    if fmt == "frozen":
        frozen = load(out)
        outputs = [t.node[1] for sig in frozen.signatures.values() for t in sig.outputs.values()]
        assert report["ops_after"].get("Switch", 0) == 0 and outputs == ["y"]
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=False).ok


def test_frozen_graph_becomes_a_saved_model(tmp_path, tf):
    out = tmp_path / "sm"
    code, stdout, stderr = fix_cli(BUILT / "tf1_print_frozen.pb", "-t", "xla", "--output-format", "saved-model", "-o", out)
    assert code == 0, stderr + stdout
    assert set(load(out).signatures) == {"serving_default"}
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=False).ok


@pytest.mark.parametrize("model,target,removed_op", [
    (BUILT / "tf1_print_frozen.pb", "xla", "Print"),
    (BUILT / "tf2_print", "xla", "PrintV2"),
])
def test_strip_debug_tf1_and_tf2(model, target, removed_op, tmp_path):
    out = tmp_path / ("out.pb" if model.suffix == ".pb" else "out")
    code, stdout, stderr = fix_cli(model, "-t", target, "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    assert "strip-debug" in [p["pass"] for p in report["passes"]]
    assert report["ops_before"][removed_op] >= 1 and removed_op not in report["ops_after"]
    assert not [f for f in report["findings_after"]["findings"] if f["code"] == "ACC005"]
    assert report["verification"]["ok"]


@pytest.mark.parametrize("model", [BUILT / "tf1_device_gpu", BUILT / "tf2_device_gpu"])
def test_clear_devices_tf1_and_tf2(model, tmp_path):
    out = tmp_path / "out"
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    assert not any("GPU" in d for d in load(out).devices())
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=False).ok


@pytest.mark.parametrize("model", [ROOT / "fixtures" / "real-world" / "basic_pitch_nmp", BUILT / "tf2_v1_optimizer_slots"])
def test_drop_optimizer_slots_makes_python_load_and_convert_it(tf, model, tmp_path):
    # basic-pitch was saved by tf.keras 2.4 after training; TF 2.21 without tf_keras cannot load it.
    before = tree_hash(model)
    with pytest.raises(AttributeError, match="add_slot"):
        tf.saved_model.load(str(model))
    out = tmp_path / "out"
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    report = json.loads(stdout)
    passes = {p["pass"]: p for p in report["passes"]}
    assert passes["drop-optimizer-slots"]["fixed"] == ["ACC013 (model)"]
    assert report["verification"]["ok"]
    tf.saved_model.load(str(out))
    assert run_isolated("convert_tflite", path=str(out), select_tf_ops=False).ok
    assert tree_hash(model) == before


def test_strip_training_tf1(tmp_path):
    out = tmp_path / "out"
    code, stdout, stderr = fix_cli(BUILT / "tf1_training_step", "-t", "tflite", "-o", out, "--format", "json")
    assert code == 0, stderr + stdout
    ops = json.loads(stdout)["ops_after"]
    assert not [op for op in ops if op.startswith("Apply") or op.endswith("Grad")]


def test_prune_tf2_keeps_only_the_asked_signature(tmp_path):
    out = tmp_path / "out"
    code, stdout, stderr = fix_cli(BUILT / "tf2_assign", "-t", "tpu", "--signature", "read", "-o", out)
    assert code == 0, stderr + stdout
    model = load(out)
    assert set(model.signatures) == {"read"}
    assert not [n for n in model.real_nodes() if n.op == "AssignAddVariableOp"]


def test_unsafe_fix_that_changes_outputs_is_not_written(tmp_path):
    # Dropping the TF2 resource write changes what `incr` returns on its first call: verification
    # catches it and nothing is written.
    out = tmp_path / "out.pb"
    code, stdout, stderr = fix_cli(BUILT / "tf2_assign", "-t", "tpu", "--signature", "incr", "--unsafe-fixes",
                                   "--output-format", "frozen", "-o", out, "--format", "json")
    assert code == 1, stderr + stdout
    report = json.loads(stdout)
    assert report["written"] is False and report["verification"]["ok"] is False
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- safety of the command

def test_dry_run_writes_nothing_and_lists_the_findings_each_pass_removes(tmp_path):
    code, stdout, _ = fix_cli(REAL / "tf-serving" / "half_plus_two_gpu_trt", "-t", "tflite", "--dry-run")
    assert code == 0
    assert "clear-devices: " in stdout and "removes ACC008 " in stdout and "removes TFL003 " in stdout


def test_output_inside_the_input_is_refused(tmp_path):
    import shutil

    model = tmp_path / "model"
    shutil.copytree(REAL / "tf-serving" / "half_plus_two_cpu", model)
    before = tree_hash(model)
    for out in (model, model / "fixed"):
        code, _, stderr = fix_cli(model, "-t", "tflite", "-o", out)
        assert code == 2 and "inside the input model" in stderr
    assert tree_hash(model) == before


def test_non_empty_output_needs_force(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    code, _, stderr = fix_cli(BUILT / "tf2_print", "-t", "xla", "-o", out)
    assert code == 2 and "--force" in stderr and (out / "keep.txt").read_text() == "mine"
    code, _, stderr = fix_cli(BUILT / "tf2_print", "-t", "xla", "-o", out, "--force")
    assert code == 0, stderr
    assert (out / "saved_model.pb").is_file() and not (out / "keep.txt").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no staging leftovers


def test_python_api_returns_the_report_as_data(tmp_path):
    report = accelcheck.fix(str(BUILT / "tf1_print_frozen.pb"), target="xla", out=str(tmp_path / "o.pb"))
    data = report.to_dict()
    assert data["written"] and data["schema_version"] == 1
    assert [p["pass"] for p in data["passes"]] == ["strip-debug"]
    assert report.exit_code == 0


def test_measure_reports_load_and_latency(tmp_path):
    code, stdout, stderr = fix_cli(BUILT / "tf1_print_frozen.pb", "-t", "xla", "-o", tmp_path / "o.pb", "--measure",
                                   "--format", "json")
    assert code == 0, stderr
    timing = json.loads(stdout)["verification"]["timing"]
    assert set(timing) == {"original", "fixed"}
    assert all(t["calls"] >= 20 and t["load_s"] > 0 for t in timing.values())


# ---------------------------------------------------------------- the plan follows the rules and the configuration

def test_fix_follows_the_configuration(tmp_path):
    """`ignore` in accelcheck.yaml drops a finding from the plan as it does from check."""
    model = REAL / "tf-serving" / "counter"
    code, stdout, _ = fix_cli(model, "-t", "tpu", "-s", "get_counter", "--dry-run", "--format", "json")
    assert code == 0 and "TPU005 counter" in json.loads(stdout)["plan"][1]["fixes"]
    (tmp_path / "accelcheck.yaml").write_text("ignore: [TPU005]\n")
    code, stdout, stderr = fix_cli(model, "-t", "tpu", "-s", "get_counter", "--dry-run", "--format", "json",
                                   "--config", tmp_path / "accelcheck.yaml")
    assert code == 0, stderr
    report = json.loads(stdout)
    assert [p["name"] for p in report["plan"]] == ["prune-to-signatures"]
    assert report["findings_before"]["findings"] == []


def test_fix_knows_targets_from_user_packs(tmp_path):
    (tmp_path / "serving.yaml").write_text("""
target: serving
title: Our serving rules
extends: [tpu]
rules: []
""")
    (tmp_path / "accelcheck.yaml").write_text("packs: [serving.yaml]\nignore-nodes: [{pattern: 'noise/*'}]\n")
    code, stdout, stderr = fix_cli(BUILT / "tf2_random_shuffle", "-t", "serving", "--dry-run", "--unsafe-fixes",
                                   "--format", "json", "--config", tmp_path / "accelcheck.yaml")
    assert code == 0, stderr
    report = json.loads(stdout)
    assert report["target"] == "serving" and report["plan"] == []  # the ignored node plans nothing
    assert report["not_fixable"] == [
        "ACC006 shuffle (RandomShuffle): disable-dropout replaces only RandomStandardNormal, RandomUniform, "
        "RandomUniformInt, TruncatedNormal"]


def test_random_ops_no_pass_replaces_are_listed_not_promised():
    """ACC006 flags every stateful random op; disable-dropout replaces four of them. The others are
    listed as not fixable instead of silently staying after a fix that claimed them."""
    code, stdout, stderr = fix_cli(BUILT / "tf2_random_shuffle", "-t", "tpu", "--unsafe-fixes", "--dry-run",
                                   "--format", "json")
    assert code == 0, stderr
    report = json.loads(stdout)
    assert [(p["name"], p["fixes"]) for p in report["plan"]] == [("disable-dropout", ["ACC006 noise/RandomUniform"])]
    assert [x.split(":")[0] for x in report["not_fixable"]] == ["ACC006 shuffle (RandomShuffle)"]
    code, stdout, _ = fix_cli(BUILT / "tf2_random_shuffle", "-t", "tpu", "--unsafe-fixes", "--dry-run")
    assert "not fixable automatically: ACC006 shuffle (RandomShuffle)" in stdout


@pytest.mark.parametrize("tags", [["serve", "tpu"], []])
def test_fix_and_verify_read_the_only_metagraph_whatever_its_tags(tmp_path, tf, tags):
    """check reads a SavedModel's only MetaGraph whatever its tags; fix, its verification and the
    written model keep to that MetaGraph too (verification used to ask for `serve` and fail)."""
    import shutil

    from accelcheck.model.protos import pb

    model = tmp_path / "model"
    shutil.copytree(REAL / "tf-serving" / "half_plus_two_cpu", model)
    sm = pb.saved_model_pb2.SavedModel()
    sm.ParseFromString((model / "saved_model.pb").read_bytes())
    del sm.meta_graphs[0].meta_info_def.tags[:]
    sm.meta_graphs[0].meta_info_def.tags.extend(tags)
    (model / "saved_model.pb").write_bytes(sm.SerializeToString())
    out = tmp_path / "out"
    code, stdout, stderr = fix_cli(model, "-t", "tflite", "-o", out, "--format", "json")
    report = json.loads(stdout)
    assert report["written"] and report["verification"]["ok"] and report["verification"]["compared"], stderr
    assert load(out).tags == (sorted(tags) or ["serve"])  # a MetaGraph without tags is written as `serve`
    # what no fix can remove stays, and says so with exit 1: ParseExample needs Select TF ops
    assert code == 1 and {f["location"]["op"] for f in report["findings_after"]["findings"]} == {"ParseExample"}
    # the oracles, asked for the MetaGraph check read (its tags, even none), read the same one: the
    # converter gets to the graph and rejects its unfrozen ref variables, as check says (TFL003)
    assert load(model, tags=tuple(tags)).tags == sorted(tags)
    result = run_isolated("tflite-select", path=str(model), tags=list(tags))
    assert {p.op for p in result.problems} == {"VariableV2"}, result.error


def test_fix_prints_no_tensorflow_log_line_unless_verbose(tmp_path):
    """TensorFlow's C++ side writes to fd 2 itself (absl's pre-init notice, oneDNN and CUDA probes,
    and here the model's own Print op while verification runs it): none of it reaches the user."""
    code, _, stderr = fix_cli(BUILT / "tf1_print_frozen.pb", "-t", "xla", "-o", tmp_path / "o.pb")
    assert code == 0 and stderr == "", stderr
    code, _, stderr = fix_cli(BUILT / "tf1_print_frozen.pb", "-t", "xla", "-o", tmp_path / "v.pb", "--verbose")
    assert code == 0 and "hidden:" in stderr  # the original's Print op, run by verification
