"""accelcheck.fixes.verify: the original and the fixed model really run (TF1 graph mode) and their
outputs are compared. Edited copies of real models are built here with protobuf, in tmp_path."""

from __future__ import annotations

import math

import numpy as np
import pytest

from accelcheck.fixes.verify import OutputDiff, VerifyResult, generate_inputs, verify
from accelcheck.fixes.verify.compare import _compare
from accelcheck.model import load
from accelcheck.model.protos import pb
from conftest import real

HALF_PLUS_TWO = real("tf-serving/half_plus_two_cpu")
FC = real("tf2onnx/fc-layers.pb")
LSTM = real("tf2onnx/lstm.pb")


def _graph_def(path):
    gd = pb.graph_pb2.GraphDef()
    gd.ParseFromString(path.read_bytes())
    return gd


def _node(gd, name):
    return next(n for n in gd.node if n.name == name)


def _write(gd, path):
    path.write_bytes(gd.SerializeToString())
    return path


def _nudge_const(gd, name, delta, index=0):
    """Add `delta` to element(s) `index` (an int or a slice) of a float32 Const's tensor_content."""
    tensor = _node(gd, name).attr["value"].tensor
    assert tensor.dtype == pb.types_pb2.DT_FLOAT
    values = np.frombuffer(tensor.tensor_content, dtype=np.float32).copy()
    assert values.size > 1, f"{name} keeps its values outside tensor_content"
    values[index] += delta
    tensor.tensor_content = values.tobytes()


def _const_scalar(node, value: float):
    """Turn `node` (a Placeholder) into a float32 scalar Const of the same name."""
    node.op = "Const"
    del node.input[:]
    node.ClearField("attr")
    node.attr["dtype"].type = pb.types_pb2.DT_FLOAT
    tensor = node.attr["value"].tensor
    tensor.dtype = pb.types_pb2.DT_FLOAT
    tensor.tensor_shape.SetInParent()
    tensor.float_val.append(value)


def _by_signature(result: VerifyResult) -> dict[str, list[OutputDiff]]:
    out: dict[str, list[OutputDiff]] = {}
    for d in result.compared:
        out.setdefault(d.signature, []).append(d)
    return out


# ----------------------------------------------------------------------------- same model twice

def test_same_savedmodel_twice_compares_every_signature_including_tf_examples():
    result = verify(HALF_PLUS_TWO, HALF_PLUS_TWO, [])
    assert result.ok, result.to_dict()
    sigs = _by_signature(result)
    assert sorted(sigs) == sorted(load(HALF_PLUS_TWO).signatures) == [
        "classify_x_to_y", "regress_x2_to_y3", "regress_x_to_y", "regress_x_to_y2", "serving_default"]
    assert result.skipped == [] and result.original_error == "" and result.fixed_error == ""
    assert all(d.max_abs == 0 and d.max_rel == 0 and d.ok for d in result.compared)
    # classify/regress are fed serialized tf.Examples built from the ParseExample node's dense keys
    assert result.inputs["classify_x_to_y"] == {"inputs": "generated string[2]"}
    assert result.inputs["serving_default"] == {"x": "generated float32[2, 1]"}
    d = result.to_dict()
    assert d["ok"] is True and d["compared"][0]["max_abs"] == 0.0


def test_generated_examples_follow_the_string_input_into_tf2_functions():
    """TF2 SavedModel: the placeholder feeds StatefulPartitionedCall -> function -> ParseExampleV2."""
    model = load(real("tf-serving/half_plus_two_tf2_cpu"))
    values = generate_inputs(model, "regress_x_to_y")
    assert values is not None and values["inputs"].shape == (2,)
    from tensorflow.core.example import example_pb2

    ex = example_pb2.Example()
    ex.ParseFromString(values["inputs"][0])
    assert set(ex.features.feature) == {"x", "x2"}  # the parse node's dense keys
    assert all(len(f.float_list.value) == 1 for f in ex.features.feature.values())
    # seeded: the same again, another seed differs
    again = generate_inputs(model, "regress_x_to_y")
    assert list(again["inputs"]) == list(values["inputs"])
    assert list(generate_inputs(model, "regress_x_to_y", seed=1)["inputs"]) != list(values["inputs"])


def test_string_input_that_feeds_no_parser_cannot_be_generated(tmp_path):
    gd = pb.graph_pb2.GraphDef()
    s = gd.node.add(name="s", op="Placeholder")
    s.attr["dtype"].type = pb.types_pb2.DT_STRING
    n = gd.node.add(name="n", op="StringLength", input=["s"])
    n.attr["unit"].s = b"BYTE"
    path = _write(gd, tmp_path / "strings.pb")
    assert generate_inputs(load(path), "(inferred)") is None
    result = verify(path, path, [])
    assert result.compared == [] and len(result.skipped) == 1
    assert "does not feed a ParseExample node" in result.skipped[0] and "--inputs" in result.skipped[0]


def test_stateful_counter_passes_when_the_fixed_model_counts_the_same_way():
    result = verify(real("tf-serving/counter"), real("tf-serving/counter"), ["incr_counter", "get_counter"])
    assert result.ok, result.to_dict()
    incr = _by_signature(result)["incr_counter"][0]
    assert "changes from call to call" in incr.note and incr.max_abs == 0


# ----------------------------------------------------------------------------- a changed model

def test_changed_weight_is_caught(tmp_path):
    gd = _graph_def(FC)
    _nudge_const(gd, "pred/bias", 0.5, index=3)
    fixed = _write(gd, tmp_path / "fc-changed.pb")
    result = verify(FC, fixed, [])
    assert not result.ok
    [diff] = result.compared
    assert (diff.signature, diff.output) == ("(inferred)", "output")
    assert not diff.ok and diff.max_abs == pytest.approx(0.5, rel=1e-4) and diff.max_rel > 0
    # within a loose enough tolerance it passes
    assert verify(FC, fixed, [], atol=0.6).ok


# ----------------------------------------------------------------------------- random ops

def test_random_original_without_pins_is_reported_as_non_deterministic():
    result = verify(LSTM, LSTM, [])
    [diff] = result.compared
    assert "original is non-deterministic (random ops)" in diff.note
    assert "compared the fixed model's two runs for determinism instead" in diff.note
    assert not diff.ok and not result.ok  # the "fixed" model still has its dropout


def test_pinned_keep_prob_makes_both_deterministic_and_equal(tmp_path):
    gd = _graph_def(LSTM)
    _const_scalar(_node(gd, "keep_prob"), 1.0)
    fixed = _write(gd, tmp_path / "lstm-keep1.pb")
    assert "keep_prob" not in load(fixed).signatures["(inferred)"].inputs

    unpinned = verify(LSTM, fixed, [])
    assert unpinned.compared == [] and "keep_prob" in unpinned.skipped[0] and "pin" in unpinned.skipped[0]

    result = verify(LSTM, fixed, [], pinned={"(inferred)": {"keep_prob": 1.0}})
    assert result.ok, result.to_dict()
    [diff] = result.compared
    assert diff.max_abs <= 1e-6 and "non-deterministic" not in diff.note
    assert result.inputs["(inferred)"]["keep_prob"] == "pinned float32[]"


def test_random_original_and_deterministic_fixed_passes_on_the_fixed_models_repeatability(tmp_path):
    """The dropout's RandomUniform becomes a Fill of zeros: the fixed model is deterministic while the
    original is not, so the fixed model's two runs are what is compared."""
    gd = _graph_def(LSTM)
    zero = gd.node.add(name="zero", op="Const")
    zero.attr["dtype"].type = pb.types_pb2.DT_FLOAT
    zero.attr["value"].tensor.dtype = pb.types_pb2.DT_FLOAT
    zero.attr["value"].tensor.tensor_shape.SetInParent()
    zero.attr["value"].tensor.float_val.append(0.0)
    rnd = _node(gd, "model/dropout/random_uniform/RandomUniform")
    shape_input = rnd.input[0]
    rnd.op = "Fill"
    rnd.ClearField("attr")
    del rnd.input[:]
    rnd.input.extend([shape_input, "zero"])
    rnd.attr["T"].type = pb.types_pb2.DT_FLOAT
    rnd.attr["index_type"].type = pb.types_pb2.DT_INT32
    fixed = _write(gd, tmp_path / "lstm-no-random.pb")

    result = verify(LSTM, fixed, [])
    [diff] = result.compared
    assert "original is non-deterministic" in diff.note and "the fixed model's agree" in diff.note
    assert diff.ok and diff.max_abs == 0 and result.ok


# ----------------------------------------------------------------------------- devices, broken originals

def test_gpu_pinned_savedmodel_runs_on_cpu_thanks_to_soft_placement():
    path = real("tf-serving/half_plus_two_gpu_trt")
    assert any("GPU" in d for d in load(path).devices())  # the premise: ops are pinned to a GPU
    result = verify(path, path, [])
    assert result.ok, result.to_dict()
    assert len(result.compared) == 5 and result.original_error == "" and result.skipped == []


def test_broken_original_says_what_was_checked_instead(tmp_path):
    gd = _graph_def(FC)
    _node(gd, "X").attr["dtype"].type = 99  # not a DataType: TensorFlow refuses to import the graph
    broken = _write(gd, tmp_path / "fc-broken.pb")
    result = verify(broken, FC, [])
    assert result.original_error.startswith("cannot load: ") and "\n" not in result.original_error
    assert "DataType" in result.original_error
    assert result.checked_instead == "the fixed model loads and runs on generated inputs; outputs are finite"
    assert result.ok
    [diff] = result.compared
    assert diff.ok and "original could not run" in diff.note and math.isnan(diff.max_abs)
    assert result.to_dict()["compared"][0]["max_abs"] == "nan"

    # both broken: nothing was checked, and that is not ok
    both = verify(broken, broken, [])
    assert not both.ok and both.original_error and both.fixed_error.startswith("cannot load: ")
    assert both.checked_instead == "nothing: the fixed model cannot be loaded either"


def test_fixed_model_that_cannot_be_read_is_not_ok(tmp_path):
    garbage = tmp_path / "garbage.pb"
    garbage.write_bytes(b"\x00not a model")
    result = verify(FC, garbage, [])
    assert not result.ok and result.fixed_error.startswith("cannot load: ") and result.compared == []


# ----------------------------------------------------------------------------- --inputs

def test_inputs_npz_values_drive_the_outputs(tmp_path):
    """A first-layer weight change is invisible for X = 0 (the layer is relu(bias)) and visible for
    X = 1: so the npz values are what both models were fed."""
    gd = _graph_def(FC)
    _nudge_const(gd, "dense/kernel", 1.0, index=slice(0, 256))  # row 0: input X[:, 0] -> every unit
    fixed = _write(gd, tmp_path / "fc-kernel.pb")
    zeros, ones = tmp_path / "zeros.npz", tmp_path / "ones.npz"
    np.savez(zeros, X=np.zeros((3, 784), np.float32), unused=np.zeros(1))
    np.savez(ones, **{"(inferred)/X": np.ones((3, 784), np.float32)})

    with_zeros = verify(FC, fixed, [], inputs_npz=str(zeros))
    assert with_zeros.ok and with_zeros.compared[0].max_abs == 0
    assert with_zeros.inputs["(inferred)"] == {"X": "--inputs float32[3, 784]"}
    assert with_zeros.notes == ["--inputs keys not used: unused"]

    with_ones = verify(FC, fixed, [], inputs_npz=str(ones))
    assert not with_ones.ok and with_ones.compared[0].max_abs > 0
    assert with_ones.inputs["(inferred)"] == {"X": "--inputs float32[3, 784]"}

    generated = verify(FC, fixed, [])
    assert generated.inputs["(inferred)"] == {"X": "generated float32[2, 784]"}


def test_unreadable_inputs_file_is_a_user_error(tmp_path):
    from accelcheck.errors import ConfigError

    bad = tmp_path / "bad.npz"
    bad.write_text("not numpy")
    with pytest.raises(ConfigError, match="--inputs"):
        verify(FC, FC, [], inputs_npz=str(bad))


# ----------------------------------------------------------------------------- --measure

def test_measure_times_both_models_in_one_run():
    result = verify(FC, FC, [], measure=True)
    assert result.ok
    assert set(result.timing) == {"original", "fixed"}
    for t in result.timing.values():
        assert t.calls >= 20 and t.load_s > 0 and 0 < t.median_call_s < t.load_s + 1
        assert t.signature == "(inferred)"
    assert result.to_dict()["timing"]["fixed"]["calls"] >= 20


def test_no_timing_without_measure():
    assert verify(FC, FC, []).timing == {}


# ----------------------------------------------------------------------------- comparing

def test_compare_semantics():
    a = np.array([1.0, np.nan, np.inf, 2.0], np.float32)
    assert _compare(a, a.copy(), 1e-5, 1e-6)[:3] == (0.0, 0.0, True)  # NaN and inf at the same places: equal
    max_abs, _, ok, _ = _compare(a, np.array([1.0, 0.0, np.inf, 2.0], np.float32), 1e-5, 1e-6)
    assert not ok and max_abs == math.inf  # NaN on one side only
    _, _, ok, note = _compare(np.zeros((2, 1)), np.zeros((2,)), 1e-5, 1e-6)
    assert not ok and "shape" in note
    assert _compare(np.array([1, 2]), np.array([1, 3]), 1, 1)[2] is False  # ints are exact
    _, _, ok, note = _compare(np.array([b"a", b"b"], object), np.array([b"a", b"c"], object), 1e-5, 1e-6)
    assert not ok and "1 of 2 strings differ" in note
    max_abs, max_rel, ok, _ = _compare(np.array([2.0]), np.array([2.0 + 1e-7]), 1e-5, 1e-6)
    assert ok and max_abs == pytest.approx(1e-7) and max_rel == pytest.approx(5e-8)
    _, _, ok, note = _compare(np.zeros(2, np.float32), np.zeros(2, np.float64), 1e-5, 1e-6)
    assert not ok and "dtype" in note


def test_unknown_signature_is_skipped_with_the_reason():
    result = verify(FC, FC, ["nope"])
    assert result.compared == [] and result.skipped == [
        "nope: not a signature of the original model (it has (inferred))"]
    assert result.ok and result.original_error == "" and result.fixed_error == ""  # both load


def test_frozen_graph_against_a_savedmodel_of_it_without_variables(tmp_path):
    """A frozen graph written as a SavedModel (no variables): its "(inferred)" signature is the
    SavedModel's serving_default, in both directions."""
    import tensorflow as tf

    out = tmp_path / "fc_saved_model"
    graph = tf.Graph()
    with graph.as_default(), tf.compat.v1.Session(graph=graph) as sess:
        tf.compat.v1.import_graph_def(_graph_def(FC), name="")
        sig = tf.compat.v1.saved_model.signature_def_utils.predict_signature_def(
            {"X": graph.get_tensor_by_name("X:0")}, {"output": graph.get_tensor_by_name("output:0")})
        builder = tf.compat.v1.saved_model.Builder(str(out))
        builder.add_meta_graph_and_variables(sess, ["serve"], signature_def_map={"serving_default": sig})
        builder.save()
    assert not (out / "variables" / "variables.index").exists() or load(out).variables == []

    forward = verify(FC, out, ["(inferred)"])
    assert forward.ok
    assert [(d.signature, d.output, d.max_abs) for d in forward.compared] == [("(inferred)", "output", 0)]
    backward = verify(out, FC, [])
    assert backward.ok and [(d.signature, d.max_abs) for d in backward.compared] == [("serving_default", 0)]


def test_verify_pairs_signatures_as_the_caller_says():
    """fix hands verification what it knows: the original Model it read, and the signatures it
    wrote under another name. half_plus_two's regress_x_to_y2 adds 3 where regress_x_to_y adds 2,
    so pairing one with the other must show a difference of exactly 1."""
    model = load(HALF_PLUS_TWO)
    same = verify(model, HALF_PLUS_TWO, ["regress_x_to_y"])
    assert same.ok and [(d.output, d.max_abs) for d in same.compared] == [("outputs", 0.0)]
    crossed = verify(model, HALF_PLUS_TWO, ["regress_x_to_y"], renamed={"regress_x_to_y": "regress_x_to_y2"})
    assert not crossed.ok and [(d.output, d.max_abs) for d in crossed.compared] == [("outputs", 1.0)]
