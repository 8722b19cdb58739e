"""File-system access hidden where scanners have missed it (the modelscan bypasses in
shared/reference/PEERS.md): nested functions, branches, function-valued attrs of dataset ops,
graphs serialized into DatasetFromGraph inputs, init ops that run at load time, text SavedModels.
Each model is built here with protobuf alone."""

from __future__ import annotations

from accelcheck.engine import lint
from accelcheck.model import load
from accelcheck.model.protos import pb
from accelcheck.rules.pack import load_pack

STRING, FLOAT, VARIANT = 7, 1, 21


def node(graph, name, op, inputs=(), **attrs):
    nd = graph.node.add() if hasattr(graph, "node") else graph.node_def.add()
    nd.name, nd.op = name, op
    nd.input.extend(inputs)
    for key, value in attrs.items():
        if isinstance(value, int):
            nd.attr[key].type = value
        elif isinstance(value, str):
            nd.attr[key].func.name = value
        else:
            nd.attr[key].CopyFrom(value)
    return nd


def string_const(graph, name, value: bytes):
    nd = node(graph, name, "Const", dtype=STRING)
    nd.attr["value"].tensor.dtype = STRING
    nd.attr["value"].tensor.string_val.append(value)
    return nd


def findings(path, codes=("ACC003", "ACC004")):
    report = lint(load(path), load_pack("tflite-select").select(list(codes)))
    return {(f.code, f.location.node, f.location.functions) for f in report.findings}


def test_reader_ops_on_the_served_path(tmp_path):
    g = pb.graph_pb2.GraphDef()
    node(g, "reader", "WholeFileReaderV2")
    string_const(g, "queue", b"q")
    node(g, "read", "ReaderReadV2", ["reader", "queue"])
    node(g, "y", "Identity", ["read:1"], T=STRING)
    (tmp_path / "m.pb").write_bytes(g.SerializeToString())
    assert findings(tmp_path / "m.pb") == {("ACC003", "reader", ()), ("ACC003", "read", ())}


def test_matching_files_in_a_dataset_function_attr(tmp_path):
    g = pb.graph_pb2.GraphDef()
    fn = g.library.function.add()
    fn.signature.name = "list_files"
    arg = fn.signature.input_arg.add()
    arg.name, arg.type = "pattern", STRING
    out = fn.signature.output_arg.add()
    out.name, out.type = "files", STRING
    node(fn, "glob", "MatchingFiles", ["pattern"])
    fn.ret["files"] = "glob:filenames:0"
    string_const(g, "pattern", b"/etc/*")
    node(g, "ds", "TensorSliceDataset", ["pattern"])
    node(g, "mapped", "MapDataset", ["ds"], f="list_files")
    node(g, "y", "Identity", ["mapped"], T=VARIANT)
    (tmp_path / "m.pb").write_bytes(g.SerializeToString())
    assert findings(tmp_path / "m.pb") == {("ACC003", "glob", ("list_files",))}


def test_write_file_inside_a_graph_serialized_into_dataset_from_graph(tmp_path):
    hidden = pb.graph_pb2.GraphDef()
    string_const(hidden, "path", b"/tmp/pwned")
    node(hidden, "write", "WriteFile", ["path", "path"])
    g = pb.graph_pb2.GraphDef()
    string_const(g, "graph_def", hidden.SerializeToString())
    node(g, "ds", "DatasetFromGraph", ["graph_def"])
    node(g, "y", "Identity", ["ds"], T=VARIANT)
    (tmp_path / "m.pb").write_bytes(g.SerializeToString())
    report = lint(load(tmp_path / "m.pb"), load_pack("tpu").select(["ACC004"]))
    (finding,) = report.findings
    assert finding.location.node == "ds" and "WriteFile" in finding.message


def test_table_initialized_from_a_file_at_load_time_in_a_text_saved_model(tmp_path):
    saved = pb.saved_model_pb2.SavedModel()
    saved.saved_model_schema_version = 1
    meta = saved.meta_graphs.add()
    meta.meta_info_def.tags.append("serve")
    g = meta.graph_def
    node(g, "table", "HashTableV2", key_dtype=STRING, value_dtype=9)
    string_const(g, "vocab_path", b"/etc/passwd")
    node(g, "init_table", "InitializeTableFromTextFileV2", ["table", "vocab_path"])
    node(g, "main_op", "NoOp", ["^init_table"])
    node(g, "x", "Placeholder", dtype=FLOAT)
    node(g, "y", "Identity", ["x"], T=FLOAT)
    meta.collection_def["saved_model_main_op"].node_list.value.append("main_op")
    sig = meta.signature_def["serving_default"]
    sig.inputs["x"].name, sig.inputs["x"].dtype = "x:0", FLOAT
    sig.outputs["y"].name, sig.outputs["y"].dtype = "y:0", FLOAT
    from google.protobuf import text_format

    (tmp_path / "sm").mkdir()
    (tmp_path / "sm" / "saved_model.pbtxt").write_text(text_format.MessageToString(saved))
    model = load(tmp_path / "sm")
    assert model.format == "saved_model"
    report = lint(model, load_pack("xla").select(["ACC003"]))
    (finding,) = report.findings
    assert finding.location.node == "init_table" and not finding.live
    assert report.verdicts()["serving_default"]["verdict"] == "warnings"  # it runs at every load


def test_save_v2_reached_from_a_signature(tmp_path):
    g = pb.graph_pb2.GraphDef()
    node(g, "x", "Placeholder", dtype=FLOAT)
    string_const(g, "prefix", b"/tmp/ckpt")
    string_const(g, "names", b"x")
    string_const(g, "slices", b"")
    save = node(g, "save", "SaveV2", ["prefix", "names", "slices", "x"])
    save.attr["dtypes"].list.type.append(FLOAT)
    node(g, "y", "Identity", ["x", "^save"], T=FLOAT)
    (tmp_path / "m.pb").write_bytes(g.SerializeToString())
    assert findings(tmp_path / "m.pb") == {("ACC004", "save", ())}


def test_checkpoint_restore_the_loader_runs_is_not_a_finding():
    import pathlib

    fixtures = pathlib.Path(__file__).resolve().parent.parent / "fixtures"
    assert findings(fixtures / "real" / "tf-serving" / "half_plus_two_cpu") == set()
