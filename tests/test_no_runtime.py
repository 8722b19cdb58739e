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
