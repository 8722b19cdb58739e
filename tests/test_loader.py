"""The loader and Model: formats, structure (nodes, functions, calls), liveness, variables, node facts."""

from __future__ import annotations

import json
import math
import re
import textwrap
from pathlib import Path

import pytest
from google.protobuf import text_format

from accelcheck.errors import LoadError
from accelcheck.model import load
from accelcheck.model.checkpoint import variable_sizes
from accelcheck.model.protos import pb

from conftest import bad, built, proto_meta_graph, proto_node_count, real, run_cli, run_python


def fn_named(model, prefix: str) -> str:
    """The one library function called `<prefix>_<build-order number>`."""
    matches = [f for f in model.functions if re.fullmatch(rf"{re.escape(prefix)}_\d+", f)]
    assert len(matches) == 1, f"functions matching {prefix}_<n>: {matches} (all: {sorted(model.functions)})"
    return matches[0]


def keys_with_op(model, op: str) -> list[tuple[str, str]]:
    return sorted(n.key for n in model.real_nodes() if n.op == op)


# ----------------------------------------------------------------------------- formats

@pytest.mark.parametrize("path, fmt", [
    (lambda: built("tf1_mlp_frozen"), "frozen_graph"),
    (lambda: real("tf2onnx/lstm.pb"), "frozen_graph"),
    (lambda: built("tf2_mlp_frozen"), "frozen_graph"),
    (lambda: built("tf1_mlp_frozen_pbtxt"), "graph_text"),
    (lambda: built("tf1_unfrozen_savedmodel"), "saved_model"),
    (lambda: real("tf-serving/counter"), "saved_model"),
    (lambda: built("tf2_mlp"), "saved_model"),
    (lambda: real("tf-serving/half_plus_two_tf2_cpu"), "saved_model"),
    (lambda: built("tf1_meta"), "meta_graph"),
    (lambda: real("tf2onnx/regression/checkpoint/model.meta"), "meta_graph"),
    (lambda: real("tf-serving/session_bundle_half_plus_two"), "meta_graph"),
], ids=["frozen_pb", "frozen_pb_real", "frozen_pb_tf2", "pbtxt", "tf1_saved_model", "tf1_saved_model_real",
        "tf2_saved_model", "tf2_saved_model_real", "meta", "meta_real", "session_bundle"])
def test_every_format_loads_with_its_format(path, fmt):
    p = path()
    model = load(p)
    assert model.format == fmt
    # a session-bundle directory is read through its export.meta, and says so
    assert model.path == str(p / "export.meta" if (p / "export.meta").is_file() else p)
    assert model.node_count > 0
    assert model.signatures


def test_frozen_graph_gets_an_inferred_signature_from_placeholders_to_sinks():
    model = load(built("tf1_mlp_frozen"))
    assert list(model.signatures) == ["(inferred)"]
    sig = model.signatures["(inferred)"]
    assert sig.inferred
    assert {k: (t.name, t.dtype, t.shape) for k, t in sig.inputs.items()} == {"x": ("x:0", "float32", (None, 4))}
    assert list(sig.outputs) == ["y"]
    assert sig.outputs["y"].node == ("", "y")


def test_tf1_and_tf2_saved_model_signatures():
    tf1 = load(built("tf1_unfrozen_savedmodel"))
    sig = tf1.signatures["serving_default"]
    assert (sig.inputs["x"].name, sig.inputs["x"].node, sig.inputs["x"].shape) == ("x:0", ("", "x"), (None, 4))
    assert (sig.outputs["y"].name, sig.outputs["y"].node) == ("y:0", ("", "y"))
    assert tf1.functions == {}
    assert tf1.tags == ["serve"]

    tf2 = load(built("tf2_mlp"))
    sig = tf2.signatures["serving_default"]
    assert (sig.inputs["x"].name, sig.inputs["x"].dtype) == ("serving_default_x:0", "float32")
    assert sig.outputs["y"].node == ("", "StatefulPartitionedCall")
    assert not sig.inferred
    fn_named(tf2, "__inference_serve")
    fn_named(tf2, "__inference_signature_wrapper_serve")


def test_path_to_saved_model_pb_means_the_directory():
    d = real("tf-serving/counter")
    via_file = load(d / "saved_model.pb")
    via_dir = load(d)
    assert via_file.format == "saved_model"
    assert via_file.path == str(d)
    assert via_file.node_count == via_dir.node_count == 30
    assert sorted(via_file.signatures) == sorted(via_dir.signatures)
    assert via_file.variables[0].checkpoint_bytes == 4  # found variables/ beside it


def test_text_saved_model_directory(tmp_path):
    saved = pb.saved_model_pb2.SavedModel()
    saved.ParseFromString((real("tf-serving/counter") / "saved_model.pb").read_bytes())
    (tmp_path / "saved_model.pbtxt").write_text(text_format.MessageToString(saved))
    model = load(tmp_path)
    assert model.format == "saved_model"
    assert model.node_count == 30
    assert sorted(model.signatures) == ["get_counter", "incr_counter", "incr_counter_by", "reset_counter"]


def test_meta_graph_with_checkpoint_beside_it():
    model = load(built("tf1_meta"))
    assert model.format == "meta_graph"
    assert model.checkpoint_bytes == (built("tf1_meta").parent / "model.data-00000-of-00001").stat().st_size
    assert {model.nodes[v.node].name for v in model.variables} == {
        "dense1/kernel", "dense1/bias", "dense2/kernel", "dense2/bias"}
    assert all(v.checkpoint_bytes is not None for v in model.variables)


def test_directory_holding_one_meta_file_means_that_file():
    meta = built("tf1_meta")
    via_dir, via_file = load(meta.parent), load(meta)
    assert via_dir.format == "meta_graph"
    assert via_dir.path == str(meta)
    assert via_dir.node_count == via_file.node_count == 39
    assert [v.checkpoint_bytes for v in via_dir.variables] == [v.checkpoint_bytes for v in via_file.variables]


def test_legacy_session_bundle_signatures():
    model = load(real("tf-serving/session_bundle_half_plus_two"))
    assert model.format == "meta_graph"
    assert sorted(model.signatures) == ["default", "predict"]
    default = model.signatures["default"]
    assert default.method == "regress"
    assert {k: t.name for k, t in default.inputs.items()} == {"input": "tf_example:0"}
    assert {k: t.name for k, t in default.outputs.items()} == {"output": "Identity:0"}
    predict = model.signatures["predict"]
    assert {k: t.name for k, t in predict.inputs.items()} == {"x": "x:0"}
    assert {k: t.name for k, t in predict.outputs.items()} == {"y": "y:0"}
    assert not any(s.inferred for s in model.signatures.values())


class TestTags:
    def test_default_tags_pick_serve(self):
        model = load(built("tf2_multi_meta"))
        assert model.tags == ["serve"]
        assert list(model.signatures) == ["serving_default"]
        assert model.available_tags == [["serve"], ["gpu", "serve"]]

    @pytest.mark.parametrize("tags", [["serve", "gpu"], ["gpu", "serve"], ("serve", "gpu")])
    def test_serve_gpu_picks_the_gpu_metagraph(self, tags):
        model = load(built("tf2_multi_meta"), tags=tags)
        assert model.tags == ["gpu", "serve"]
        assert list(model.signatures) == ["serving_gpu"]
        assert model.signatures["serving_gpu"].outputs["probs"].name == "y_gpu:0"

    @pytest.mark.parametrize("tags", [["train"], ["gpu"], ["serve", "tpu"]])
    def test_unknown_tags_name_the_available_tag_sets(self, tags):
        with pytest.raises(LoadError) as e:
            load(built("tf2_multi_meta"), tags=tags)
        message = str(e.value)
        assert "\n" not in message
        assert f"no MetaGraph with tags {','.join(sorted(tags))}" in message
        assert "available: serve; gpu,serve" in message
        assert "--tags" in message

    @pytest.mark.parametrize("tags", [["serve", "train"], ["transform"], ["serve", "tpu"], []])
    def test_the_only_metagraph_is_read_whatever_its_tags(self, tmp_path, tags):
        # As tf.saved_model.load and the converters do; --tags still asks for exactly those tags.
        import shutil

        d = tmp_path / "model"
        shutil.copytree(real("tf-serving/half_plus_two_cpu"), d)
        sm = pb.saved_model_pb2.SavedModel()
        sm.ParseFromString((d / "saved_model.pb").read_bytes())
        del sm.meta_graphs[0].meta_info_def.tags[:]
        sm.meta_graphs[0].meta_info_def.tags.extend(tags)
        (d / "saved_model.pb").write_bytes(sm.SerializeToString())
        model = load(d)
        assert model.tags == sorted(tags)
        assert "serving_default" in model.signatures
        with pytest.raises(LoadError, match="no MetaGraph with tags serve "):
            load(d, tags=["serve"])
        code, out, _ = run_cli("check", str(d), "--target", "xla", "--format", "json")
        assert code == 1 and json.loads(out)["tags"] == sorted(tags)
        code, out, _ = run_cli("check", str(d), "--target", "xla")
        assert f"[saved_model tagged {','.join(sorted(tags)) or '(no tags)'}, target xla" in out


# ----------------------------------------------------------------------------- node and function counts

@pytest.mark.parametrize("path", [
    lambda: real("tf-serving/counter"),
    lambda: real("tf-serving/half_plus_two_mkl"),
    lambda: real("tf-serving/half_plus_two_tf2_cpu"),
    lambda: real("tf2onnx/lstm.pb"),
    lambda: built("tf1_meta"),
    lambda: built("tf1_mlp_frozen_pbtxt"),
    lambda: built("tf2_control_flow"),
    lambda: built("tf2_keras_cnn"),
    lambda: built("tf2_tensorlist"),
], ids=["counter", "mkl", "tf2_cpu", "lstm", "tf1_meta", "pbtxt", "tf2_control_flow", "keras_cnn", "tensorlist"])
def test_node_count_is_top_level_plus_every_function_body(path):
    p = path()
    _, graph_def = proto_meta_graph(p)
    model = load(p)
    assert model.node_count == proto_node_count(graph_def)
    assert len(model.functions) == len(graph_def.library.function)
    for f in graph_def.library.function:
        info = model.functions[f.signature.name]
        assert info.node_count == len(f.node_def)
        assert info.arg_names == [a.name for a in f.signature.input_arg]
    # every NodeDef is a node keyed by (function or "", name); arguments are extra pseudo-nodes
    expected = {("", n.name) for n in graph_def.node}
    expected |= {(f.signature.name, n.name) for f in graph_def.library.function for n in f.node_def}
    assert {n.key for n in model.real_nodes()} == expected


def test_tf2_counts_are_not_just_the_top_graph():
    _, graph_def = proto_meta_graph(built("tf2_control_flow"))
    model = load(built("tf2_control_flow"))
    assert model.node_count > len(graph_def.node)
    assert len(model.functions) == 10


# ----------------------------------------------------------------------------- edges and call chains

def test_data_and_control_edges_carry_ports_and_indices():
    model = load(built("tf1_print_frozen"))
    edges = {(src, dst): d for src, dst, d in model.graph.edges(data=True)}
    assert edges[(("", "assert_x/Assert"), ("", "y"))]["kind"] == "control"
    bias_add = ("", "dense1/BiasAdd")
    inputs = sorted((d["index"], src) for (src, dst), d in edges.items() if dst == bias_add and d["kind"] == "data")
    assert inputs == [(0, ("", "dense1/MatMul")), (1, ("", "dense1/bias/read"))]
    loop = load(bad("v1_loop.pbtxt"))
    (identity_in,) = loop.producers(("", "while/Identity"))
    assert identity_in == (("", "while/Switch"), {"kind": "data", "port": "1", "index": 0})
    (exit_in,) = loop.producers(("", "while/Exit"))
    assert exit_in == (("", "while/Switch"), {"kind": "data", "port": "0", "index": 0})


def test_function_body_inputs_name_output_args():
    model = load(built("tf2_control_flow"))
    serve = fn_named(model, "__inference_serve")
    # inside a function an input reads "node:out_arg:index" (port "out_arg:index") or an argument name
    data_in = sorted((d["index"], src[1], d["port"]) for src, _, d in model.graph.in_edges((serve, "outer_cond"), data=True)
                     if d["kind"] == "data")
    assert data_in == [(0, "Greater", "z:0"), (1, "x", "0")]
    assert model.nodes[(serve, "x")].is_arg


def test_call_edges_reach_nested_while_body_through_cond_branch():
    model = load(built("tf2_control_flow"))
    serve = fn_named(model, "__inference_serve")
    true_branch, false_branch = fn_named(model, "outer_cond_true"), fn_named(model, "outer_cond_false")
    inner_body, inner_cond = fn_named(model, "outer_cond_inner_loop_body"), fn_named(model, "outer_cond_inner_loop_cond")

    assert keys_with_op(model, "Erfinv") == [(inner_body, "outer_cond/inner_loop/nested_erfinv/Erfinv")]
    assert set(model.nodes[(serve, "outer_cond")].calls) == {true_branch, false_branch}
    assert set(model.nodes[(serve, "outer_loop")].calls) == {fn_named(model, "outer_loop_body"),
                                                             fn_named(model, "outer_loop_cond")}
    assert set(model.nodes[(true_branch, "outer_cond/inner_loop")].calls) == {inner_body, inner_cond}
    # a call edge runs from the body's results to the call site
    call_sources = {src for src, _, d in model.graph.in_edges((true_branch, "outer_cond/inner_loop"), data=True)
                    if d["kind"] == "call"}
    assert call_sources and {scope for scope, _ in call_sources} == {inner_body, inner_cond}

    erfinv = (inner_body, "outer_cond/inner_loop/nested_erfinv/Erfinv")
    assert erfinv in model.live("serving_default")
    chain = model.call_chain("serving_default", erfinv)
    prefixes = ["__inference_signature_wrapper_serve", "__inference_serve", "outer_cond_true",
                "outer_cond_inner_loop_body"]
    assert len(chain) == len(prefixes)
    for name, prefix in zip(chain, prefixes):
        assert re.fullmatch(rf"{prefix}_\d+", name), chain
    assert model.call_chain("serving_default", ("", "PartitionedCall")) == []


def test_readfile_in_true_branch_is_live_and_its_chain_passes_through_the_branch():
    model = load(built("tf2_readfile_nested"))
    branch = fn_named(model, "maybe_read_true")
    read = (branch, "maybe_read/read_path")
    assert keys_with_op(model, "ReadFile") == [read]
    assert read in model.live("serving_default")
    chain = model.call_chain("serving_default", read)
    assert [re.sub(r"_\d+$", "", f) for f in chain] == [
        "__inference_signature_wrapper_serve", "__inference_serve", "maybe_read_true"]
    assert chain[-1] == branch
    assert sorted(model.signatures["serving_default"].inputs) == ["path", "x"]


# ----------------------------------------------------------------------------- liveness

def test_training_step_is_not_live_in_real_regression_saved_model():
    model = load(real("tf2onnx/regression/saved_model"))
    apply = keys_with_op(model, "ApplyGradientDescent")
    assert apply == [("", "GradientDescent/update_W/ApplyGradientDescent"),
                     ("", "GradientDescent/update_b/ApplyGradientDescent")]
    live = model.live("serving_default")
    assert not set(apply) & live
    assert not any(name.startswith("gradients/") for _, name in live)
    assert {("", "X"), ("", "pred"), ("", "W"), ("", "b")} <= live
    assert len(live) == 8


def test_counter_assign_is_live_only_for_the_signature_that_runs_it():
    model = load(real("tf-serving/counter"))
    incr = ("", "incr_counter_op/AssignAdd")
    assert incr in model.live("incr_counter")
    assert incr not in model.live("get_counter")
    assert incr not in model.live("reset_counter")
    assert model.live("get_counter") == {("", "counter")}
    assert ("", "reset_counter_op/Assign") in model.live("reset_counter")


def test_unused_signature_input_is_not_live():
    model = load(real("tf2onnx/saved_model_with_redundant_inputs"))
    sig = model.signatures["serving_default"]
    assert {k: t.node for k, t in sig.inputs.items()} == {"x": ("", "Placeholder"), "y": ("", "Placeholder_1")}
    assert sig.outputs["z"].node == ("", "Add")
    live = model.live("serving_default")
    assert ("", "Placeholder_1") not in live
    assert {("", "Placeholder"), ("", "Add")} <= live


def test_parse_example_is_live_for_classify_not_for_serving_default():
    model = load(real("tf-serving/half_plus_two_tf2_cpu"))
    parse = keys_with_op(model, "ParseExampleV2")
    assert len(parse) == 3  # one per Example-parsing function
    assert any(k in model.live("classify_x_to_y") for k in parse)
    assert not any(k in model.live("serving_default") for k in parse)
    classify_parse = [k for k in parse if k in model.live("classify_x_to_y")]
    assert len(classify_parse) == 1 and classify_parse[0][0].startswith("__inference_classify_xy_")


def test_tf1_training_step_is_not_live_for_serving():
    model = load(built("tf1_training_step"))
    apply = keys_with_op(model, "ApplyGradientDescent")
    assert [name for _, name in apply] == [f"train_op/update_{v}/ApplyGradientDescent" for v in
                                           ("dense1/bias", "dense1/kernel", "dense2/bias", "dense2/kernel")]
    live = model.live("serving_default")
    assert not set(apply) & live
    assert ("", "train_op") not in live and ("", "y_true") not in live
    assert {("", "x"), ("", "dense1/MatMul"), ("", "y")} <= live


def test_keras_dropout_export_has_no_live_random_op():
    model = load(built("tf2_keras_dropout"))
    assert sorted(model.signatures) == ["serve", "serving_default"]
    for sig in model.signatures:
        live_ops = {model.nodes[k].op for k in model.live(sig)}
        assert "MatMul" in live_ops  # the Dense layers are on the path
        assert not {op for op in live_ops if "Random" in op or "Dropout" in op}
    seed = ("", "seed_generator/seed_generator_state")
    assert model.nodes[seed].op == "VarHandleOp"
    assert seed not in model.live_anywhere()


def test_random_op_in_function_is_live_and_stateful():
    model = load(built("tf2_random"))
    serve = fn_named(model, "__inference_serve")
    noise = (serve, "noise/RandomUniform")
    assert keys_with_op(model, "RandomUniform") == [noise]
    assert noise in model.live("serving_default")
    assert model.nodes[noise].stateful


def test_live_is_a_subset_that_excludes_save_and_restore():
    model = load(built("tf2_mlp"))
    live = model.live("serving_default")
    assert live < set(model.nodes)
    assert not any(scope.startswith(("__inference__traced_save", "__inference__traced_restore"))
                   for scope, _ in live)
    assert fn_named(model, "__inference_serve") in {scope for scope, _ in live}


_TERMINATION_SCRIPT = """
import json
from accelcheck.model import load
model = load({path!r})
out = {{"format": model.format, "nodes": model.node_count, "functions": sorted(model.functions),
        "live": {{s: sorted("/".join(k) for k in model.live(s)) for s in model.signatures}},
        "chains": {{"/".join(k): model.call_chain(s, k) for s in model.signatures for k in model.nodes if k[0]}}}}
print(json.dumps(out))
"""


def _load_in_subprocess(path: Path) -> dict:
    """Load, walk liveness and call chains in a child process that is killed after 30 s: a hang fails."""
    proc = run_python(_TERMINATION_SCRIPT.format(path=str(path)), timeout=30)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_v1_while_loop_terminates_and_is_all_live():
    out = _load_in_subprocess(bad("v1_loop.pbtxt"))
    assert out["format"] == "graph_text"
    assert out["nodes"] == 14
    assert out["live"] == {"(inferred)": sorted("/" + n for n in (
        "i0", "limit", "while/Enter", "while/Merge", "while/limit_enter", "while/Less", "while/LoopCond",
        "while/Switch", "while/Identity", "while/one", "while/add", "while/NextIteration", "while/Exit", "y"))}


def test_recursive_functions_terminate():
    out = _load_in_subprocess(bad("recursive_function.pbtxt"))
    assert out["functions"] == ["f_a", "f_b"]
    assert out["nodes"] == 5
    live = out["live"]["(inferred)"]
    assert {"f_a/call_b", "f_b/call_a", "/call", "/x", "/y"} <= set(live)
    assert out["chains"]["f_b/call_a"] == ["f_a", "f_b"]
    assert out["chains"]["f_a/call_b"] == ["f_a"]


# ----------------------------------------------------------------------------- variables

def _variables(model) -> dict[str, tuple]:
    return {model.nodes[v.node].name: (v.kind, v.dtype, v.shape, v.bytes) for v in model.variables}


def test_ref_variables_of_half_plus_two_cpu():
    model = load(real("tf-serving/half_plus_two_cpu"))
    scalar = ("ref", "float32", (), 4)
    assert _variables(model) == {"a": scalar, "b": scalar, "c": scalar, "a2": scalar, "c2": scalar,
                                 "filename_tensor": ("ref", "string", (), None)}
    assert all(v.node[0] == "" for v in model.variables)


def test_resource_variables_of_half_plus_two_tf2_cpu():
    model = load(real("tf-serving/half_plus_two_tf2_cpu"))
    scalar = ("resource", "float32", (), 4)
    assert _variables(model) == {"a": scalar, "b": scalar, "c": scalar,
                                 "Variable": ("resource", "string", (), None)}


def test_mixed_ref_and_resource_variables_of_half_plus_two_mkl():
    model = load(real("tf-serving/half_plus_two_mkl"))
    kinds = {name: kind for name, (kind, *_rest) in _variables(model).items()}
    assert sorted(n for n, k in kinds.items() if k == "ref") == ["a", "b", "c", "filename_tensor"]
    assert sorted(n for n, k in kinds.items() if k == "resource") == [
        "conv2d/bias", "conv2d/kernel", "conv2d_1/bias", "conv2d_1/kernel", "conv2d_2/bias", "conv2d_2/kernel"]
    assert _variables(model)["conv2d/kernel"] == ("resource", "float32", (1, 1, 1, 1), 4)


@pytest.mark.parametrize("path", [lambda: built("tf1_mlp_frozen"), lambda: built("tf2_mlp_frozen"),
                                  lambda: real("tf2onnx/lstm.pb"), lambda: real("tf2onnx/regression/graphdef/frozen.pb")],
                         ids=["tf1_mlp_frozen", "tf2_mlp_frozen", "lstm", "regression_frozen"])
def test_frozen_graphs_have_no_variables(path):
    model = load(path())
    assert model.variables == []
    assert model.checkpoint_bytes is None


def test_counter_variable_is_assigned_by_every_writer():
    model = load(real("tf-serving/counter"))
    (var,) = model.variables
    assert var.node == ("", "counter") and var.kind == "ref"
    assert var.assigned_by == sorted(("", n) for n in (
        "counter/Assign", "incr_counter_op/AssignAdd", "incr_counter_by_op/AssignAdd",
        "reset_counter_op/Assign", "save/Assign"))


def test_resource_variable_writer_found_through_the_call_into_the_function():
    model = load(built("tf2_assign"))
    (var,) = model.variables
    assert var.node == ("", "counter") and var.kind == "resource"
    incr = fn_named(model, "__inference_incr")
    restore = fn_named(model, "__inference__traced_restore")
    assert model.nodes[(incr, "counter_incr")].op == "AssignAddVariableOp"
    assert var.assigned_by == sorted([(incr, "counter_incr"), (restore, "AssignVariableOp")])
    assert (incr, "counter_incr") in model.live("incr")
    assert (incr, "counter_incr") not in model.live("read")


_MLP_SHAPES = {"dense1/kernel": (4, 8), "dense1/bias": (8,), "dense2/kernel": (8, 2), "dense2/bias": (2,)}


@pytest.mark.parametrize("name", ["tf1_unfrozen_savedmodel", "tf1_meta", "tf1_training_step", "tf1_device_gpu"])
def test_checkpoint_bytes_agree_with_shape_times_dtype_size(name):
    model = load(built(name))
    found = {}
    for v in model.variables:
        assert v.dtype == "float32"
        assert v.checkpoint_bytes is not None, v
        assert v.checkpoint_bytes == math.prod(v.shape) * 4
        found[model.nodes[v.node].name] = v.shape
    assert found == _MLP_SHAPES
    assert model.checkpoint_bytes == sum(math.prod(s) * 4 for s in _MLP_SHAPES.values())


def test_tf2_checkpoint_index_sizes_match_variable_shapes():
    d = built("tf2_mlp")
    sizes = variable_sizes(d / "variables" / "variables.index")
    tensors = {k: v for k, v in sizes.items() if k.endswith("/.ATTRIBUTES/VARIABLE_VALUE")}
    assert "_CHECKPOINTABLE_OBJECT_GRAPH" in sizes
    model = load(d)
    assert len(tensors) == len(model.variables) == 4
    assert sorted(tensors.values()) == sorted(math.prod(v.shape) * 4 for v in model.variables)
    assert sorted(v.bytes for v in model.variables) == [8, 32, 64, 128]


def test_damaged_checkpoint_index_yields_no_sizes(tmp_path):
    index = tmp_path / "variables.index"
    index.write_bytes(b"\x00" * 100)
    assert variable_sizes(index) == {}
    src = (built("tf1_meta").parent / "model.index").read_bytes()
    index.write_bytes(src[: len(src) // 2] + src[-48:])
    assert variable_sizes(index) == {}


def test_inferred_signature_leaves_effect_only_sinks_out(tmp_path):
    """A converter is given tensors and a session fetches them: a sink without outputs (a train
    op's NoOp group, a print) runs only when asked for by name, so it is neither output nor live."""
    p = tmp_path / "train.pbtxt"
    p.write_text(textwrap.dedent("""\
        node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
        node { name: "y" op: "Relu" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
        node { name: "fmt" op: "StringFormat" input: "x" attr { key: "T" value { list { type: DT_FLOAT } } } }
        node { name: "print" op: "PrintV2" input: "fmt" }
        node { name: "train_op" op: "NoOp" input: "^print" }
        """))
    sig = load(p).signatures["(inferred)"]
    assert set(sig.outputs) == {"y"}
    assert sig.targets == frozenset()
    assert load(p).live("(inferred)") == {("", "x"), ("", "y")}


# ----------------------------------------------------------------------------- per-node facts

def test_unknown_op_is_not_registered(tmp_path):
    p = tmp_path / "custom.pbtxt"
    p.write_text(textwrap.dedent("""\
        node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
        node { name: "custom" op: "MyCustomOp" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
        """))
    model = load(p)
    assert model.format == "graph_text"
    assert model.nodes[("", "custom")].registered is False
    assert model.nodes[("", "x")].registered is True
    assert model.signatures["(inferred)"].output_nodes() == {("", "custom")}


def test_function_call_ops_count_as_registered():
    model = load(built("tf2_mlp"))
    assert all(n.registered for n in model.real_nodes())


def test_stateful_facts():
    model = load(built("tf1_dropout_frozen"))
    assert model.nodes[("", "dropout/random_uniform/RandomUniform")].op == "RandomUniform"
    assert model.nodes[("", "dropout/random_uniform/RandomUniform")].stateful is True
    assert model.nodes[("", "dense1/MatMul")].stateful is False
    assert model.nodes[("", "x")].stateful is False


def test_dtype_attrs_use_short_names():
    f64 = load(built("tf1_float64_frozen"))
    assert f64.nodes[("", "dense1/MatMul")].attr_dtypes() == {"T": "float64"}
    assert f64.nodes[("", "to_f64")].attr_dtypes() == {"SrcT": "float32", "DstT": "float64"}
    assert f64.nodes[("", "x")].attr_dtypes() == {"dtype": "float32"}
    table = load(built("tf1_hashtable"))
    assert table.nodes[("", "vocab_table")].attr_dtypes() == {"key_dtype": "string", "value_dtype": "int64"}
    assert table.nodes[("", "weight_table")].dtypes() == {"int64", "float32"}
    tf2 = load(built("tf2_mlp"))
    call = tf2.nodes[("", "StatefulPartitionedCall")].attr_dtypes()
    assert call["Tout[0]"] == "float32" and call["Tin[0]"] == "float32" and call["Tin[1]"] == "resource"
    arg = tf2.nodes[(fn_named(tf2, "__inference_serve"), tf2.functions[fn_named(tf2, "__inference_serve")].arg_names[0])]
    assert arg.is_arg and arg.attr_dtypes() == {"T": "float32"}


def test_device_strings():
    model = load(built("tf1_device_gpu"))
    for name in ("dense1/MatMul", "dense1/kernel", "y"):
        assert model.nodes[("", name)].device == "/device:GPU:0"
    assert model.nodes[("", "save/SaveV2")].device == "/device:CPU:0"
    _, graph_def = proto_meta_graph(built("tf1_device_gpu"))
    assert model.devices()["/device:GPU:0"] == sum(1 for n in graph_def.node if n.device == "/device:GPU:0")
    gpu2 = load(built("tf2_device_gpu"))
    serve = fn_named(gpu2, "__inference_serve")
    assert {n.name for n in gpu2.real_nodes() if n.device == "/device:GPU:0"} == {
        "gpu_matmul1", "gpu_relu", "gpu_matmul2"}
    assert gpu2.nodes[(serve, "gpu_relu")].device == "/device:GPU:0"


def test_output_shapes_when_present():
    model = load(built("tf1_meta"))
    assert model.nodes[("", "x")].output_shapes() == [(None, 4)]
    assert model.nodes[("", "dense1/kernel")].output_shapes() == [(4, 8)]
    frozen = load(built("tf1_mlp_frozen"))
    assert frozen.nodes[("", "x")].output_shapes() is None
    regression = load(real("tf2onnx/regression/saved_model"))
    assert regression.nodes[("", "X")].output_shapes() == [None]  # unknown rank


def test_layer_is_the_name_scope():
    model = load(built("tf1_mlp_frozen"))
    assert model.nodes[("", "dense1/MatMul")].layer == "dense1"
    assert model.nodes[("", "x")].layer == ""


# ----------------------------------------------------------------------------- refused formats

@pytest.mark.parametrize("path, words", [
    (lambda: built("tf2_keras_h5"), ["Keras", "HDF5"]),
    (lambda: built("tf2_keras_keras"), ["Keras"]),
    (lambda: bad("chunked_savedmodel"), ["chunked"]),
], ids=["keras_h5", "keras_v3", "chunked"])
def test_foreign_formats_are_refused_with_one_clear_line(path, words):
    p = path()
    before = p.read_bytes() if p.is_file() else None
    with pytest.raises(LoadError) as e:
        load(p)
    message = str(e.value)
    assert "\n" not in message
    assert message.startswith(f"{p}: ")
    for word in words:
        assert word in message
    if before is not None:
        assert p.read_bytes() == before


def test_load_error_carries_path_and_problem():
    with pytest.raises(LoadError) as e:
        load(bad("empty.pb"))
    assert e.value.path == str(bad("empty.pb"))
    assert e.value.problem == "empty file"
    assert e.value.exit_code == 2


@pytest.mark.parametrize("path", [
    "tf-serving/half_plus_two_cpu_with_saved_model_config/assets.extra/saved_model_config.pb",  # SavedModelConfig
    "tf-serving/half_plus_two_tf2_cpu/fingerprint.pb",  # FingerprintDef
    "tf-serving/counter/variables/variables.index",  # checkpoint index (a table, not a protobuf)
], ids=["saved_model_config", "fingerprint", "checkpoint_index"])
def test_other_files_beside_a_model_are_not_taken_for_one(path):
    with pytest.raises(LoadError) as e:
        load(real(path))
    assert str(e.value).startswith(f"{real(path)}: not a TensorFlow model")


def test_truncated_graph_says_truncated_not_foreign(tmp_path):
    p = tmp_path / "cut.pb"
    data = real("tf2onnx/lstm.pb").read_bytes()
    p.write_bytes(data[: len(data) // 3])
    with pytest.raises(LoadError) as e:
        load(p)
    assert e.value.problem.startswith("cannot read: truncated protobuf")
    assert f"({len(data) // 3} bytes)" in e.value.problem
