"""Loading and inspecting never start the TensorFlow runtime, and leave it importable afterwards.

Each test runs in a fresh interpreter: the pytest process may already have imported anything.
"""

from __future__ import annotations

import json

from conftest import built, run_python

_STATIC = """
import json, sys
import accelcheck
from accelcheck.inspection import inspect_model
from accelcheck.model import load
info = inspect_model(load({path!r}))
runtime = sorted(m for m in sys.modules if m == "tensorflow.python" or m.startswith("tensorflow.python."))
print(json.dumps({{"runtime": runtime, "tensorflow": "tensorflow" in sys.modules,
                  "pb2": "tensorflow.core.framework.graph_pb2" in sys.modules,
                  "functions": info["function_count"], "signatures": sorted(info["signatures"])}}))
"""


def test_load_and_inspect_leave_tensorflow_python_out_of_sys_modules():
    proc = run_python(_STATIC.format(path=str(built("tf2_mlp"))))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["functions"] == 4 and out["signatures"] == ["serving_default"]  # it really loaded a TF2 model
    assert out["pb2"] is True  # through TensorFlow's generated protobuf modules...
    assert out["runtime"] == []  # ...without the runtime
    assert out["tensorflow"] is False  # and no placeholder package left behind


_THEN_RUNTIME = """
import json, sys
from accelcheck.inspection import inspect_model
from accelcheck.model import load
from accelcheck.model.protos import pb
info = inspect_model(load({path!r}))
import tensorflow as tf
x = tf.constant([[1.0, 2.0, 3.0, 4.0]])
loaded = tf.saved_model.load({path!r})
y = loaded.signatures["serving_default"](x=x)["y"]
from tensorflow.core.framework import graph_pb2
print(json.dumps({{"shape": list(y.shape), "dtype": y.dtype.name, "finite": bool(tf.reduce_all(tf.math.is_finite(y))),
                  "same_module": graph_pb2 is pb.graph_pb2,
                  "same_class": tf.compat.v1.GraphDef is pb.graph_pb2.GraphDef,
                  "real_package": sys.modules["tensorflow"].__file__ is not None,
                  "signatures": sorted(info["signatures"])}}))
"""


def test_tensorflow_still_works_after_an_inspect_in_the_same_process():
    proc = run_python(_THEN_RUNTIME.format(path=str(built("tf2_mlp"))), timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["signatures"] == ["serving_default"]
    assert out["shape"] == [1, 2] and out["dtype"] == "float32" and out["finite"]
    assert out["real_package"] is True
    assert out["same_module"] is True
    assert out["same_class"] is True


_CHECK_IMPORTS = """
import json, sys
from accelcheck.cli import main
try:
    main(["check", {path!r}, "--target", "tpu", "--format", "json"])
except SystemExit as e:
    code = e.code
heavy = sorted(m for m in ("networkx", "pydantic", "tensorflow", "jsonschema") if m in sys.modules)
print(json.dumps({{"code": code, "heavy": heavy}}), file=sys.stderr)
"""


def test_the_check_command_imports_no_more_than_it_needs():
    """A lint step runs on every commit: check reads the model through its own adjacency, so
    networkx (80 ms of imports) loads only for the fix passes' and the HTML view's graph
    algorithms; typer is kept below the release that imports pydantic; the shipped packs need no
    schema validation."""
    proc = run_python(_CHECK_IMPORTS.format(path=str(built("tf2_print"))))
    out = json.loads(proc.stderr.strip().splitlines()[-1])
    assert out == {"code": 1, "heavy": []}, proc.stderr
