"""A TFLite flatbuffer (.tflite) -> the same Model TensorFlow graphs load into.

The flatbuffer is read with the `tflite` package (classes generated from TFLite's schema.fbs, on
PyPI), never by hand. Each subgraph becomes a graph: subgraph 0 the top-level graph, the others
library functions (an IF's branches, a WHILE's condition and body, a signature's own subgraph).
Each operator becomes a node whose op is the TFLite operator as the schema names it (CONV_2D,
FULLY_CONNECTED; a custom op's code, e.g. FlexErf), named after its first output tensor; tensors
with data become Const nodes and the top-level inputs Placeholders, so edges, live sets,
signatures and reports work unchanged. What the TFLite checks read is kept in attrs:

  T                     dtype of the first input (else first output)
  _output_shapes        output shapes (shape_signature: -1 = dynamic)
  _tflite_kind          builtin | custom | flex          _tflite_version  operator version
  _input_types          per input, its tensor type (invalid for an absent optional input)
  _input_shapes         per input, its shape             _input_const     per input, holds data
  _input_quantized / _output_quantized   per tensor, carries quantization parameters
  _output_types         per output, its tensor type      _fused_activation  NONE, RELU, ...
"""

from __future__ import annotations

import functools
import struct
from pathlib import Path

from ..errors import LoadError
from ..resources import load_data
from .dtypes import dtype_enum, set_shape
from .records import Signature, TensorSpec
from .protos import pb

FORMAT = "tflite"
_FLEX_PREFIX = "Flex"
_CALLING_OPTIONS = {"IF": ("ThenSubgraphIndex", "ElseSubgraphIndex"), "WHILE": ("CondSubgraphIndex", "BodySubgraphIndex"),
                    "CALL_ONCE": ("InitSubgraphIndex",), "CALL": ("Subgraph",)}
_FUNC_ATTR = {"ThenSubgraphIndex": "then_branch", "ElseSubgraphIndex": "else_branch", "CondSubgraphIndex": "cond",
              "BodySubgraphIndex": "body", "InitSubgraphIndex": "init", "Subgraph": "f"}


def is_tflite(head: bytes) -> bool:
    return head[4:8] == b"TFL3"


@functools.cache
def _names() -> tuple[dict[int, str], dict[int, str]]:
    """Operator and tensor type names by enum value (rules/data/tflite_builtins.json, TF 2.21's schema)."""
    table = load_data("tflite_builtins.json")
    return ({v: k for k, v in table["op_codes"].items()}, {v: k for k, v in table["tensor_type_codes"].items()})


def tensor_dtype(type_code: int) -> str:
    """A TFLite TensorType as TensorFlow's short dtype name: the schema spells TensorFlow's names in
    upper case (FLOAT32 -> float32, INT8 -> int8), so schema_type is the inverse."""
    return _names()[1].get(type_code, f"unknown({type_code})").lower()


def schema_type(dtype: str) -> str:
    """A TensorFlow dtype name as the TFLite schema spells its TensorType (float32 -> FLOAT32)."""
    return dtype.upper()


def read(path: Path, data: bytes):
    """The Model of a .tflite file. Raises LoadError for bytes that are not a readable flatbuffer."""
    from .loader import analyze  # noqa: PLC0415 - the loader imports this module

    try:
        import tflite  # noqa: PLC0415 - only .tflite files need it
    except ImportError:
        raise LoadError(path, "reading .tflite files needs the `tflite` package: pip install tflite") from None
    try:
        fb = tflite.Model.GetRootAs(data, 0)
        graph_def, subgraphs = _graph_def(tflite, fb)
        model = analyze(str(path), FORMAT, graph_def=graph_def)
        model.signatures = _signatures(fb, subgraphs)
    except LoadError:
        raise
    except (struct.error, IndexError) as e:  # flatbuffers read past the end of cut or corrupt bytes
        raise LoadError(path, f"not a readable TFLite flatbuffer (truncated or corrupt: {e})") from None
    except Exception as e:  # noqa: BLE001 - anything else the generated reader trips on
        raise LoadError(path, f"not a readable TFLite flatbuffer ({type(e).__name__}: {e})") from None
    return model


class _Subgraph:
    """One subgraph's tensors, with the node (or argument) name that produces each."""

    def __init__(self, fb, sg, index: int, is_function: bool):
        self.sg = sg
        self.is_function = is_function
        self.name = _text(sg.Name()) or ("main" if index == 0 else f"subgraph_{index}")
        self.tensors = [sg.Tensors(i) for i in range(sg.TensorsLength())]
        self.const = [_has_data(fb, t) for t in self.tensors]
        self.producer: dict[int, tuple[str, int]] = {}  # tensor -> (node name, output index)
        self.used: set[str] = set()

    def unique(self, tensor_name: str) -> str:
        name = (tensor_name.replace(":", "_").lstrip("^") or "tensor")
        candidate, n = name, 1
        while candidate in self.used:
            n += 1
            candidate = f"{name}_{n}"
        self.used.add(candidate)
        return candidate

    def tensor_name(self, i: int) -> str:
        return _text(self.tensors[i].Name()) or f"tensor_{i}"

    def ref(self, i: int) -> str:
        """The input string reading tensor i, in graph or function-body form."""
        node, port = self.producer[i]
        if port < 0:  # a function argument or a Placeholder/Const: one output
            return node
        return f"{node}:output:{port}" if self.is_function else (f"{node}:{port}" if port else node)


def _has_data(fb, tensor) -> bool:
    index = tensor.Buffer()
    if index <= 0 or index >= fb.BuffersLength():
        return False
    buf = fb.Buffers(index)
    return buf.DataLength() > 0 or buf.Offset() > 1


def _graph_def(tflite, fb):
    graph_def = pb.graph_pb2.GraphDef()
    subgraphs = [_Subgraph(fb, fb.Subgraphs(i), i, i > 0) for i in range(fb.SubgraphsLength())]
    if not subgraphs:
        raise ValueError("the model has no subgraphs")
    names = [s.name for s in subgraphs]
    if len(set(names)) != len(names):  # function names must be unique
        names = [f"{n}_{i}" if i else n for i, n in enumerate(names)]
    for index, sub in enumerate(subgraphs):
        if sub.is_function:
            fdef = graph_def.library.function.add()
            fdef.signature.name = names[index]
            _fill(tflite, fb, sub, fdef.node_def, names, fdef)
        else:
            _fill(tflite, fb, sub, graph_def.node, names, None)
        sub.name = names[index]
    return graph_def, subgraphs


def _fill(tflite, fb, sub: _Subgraph, out_nodes, names: list[str], fdef) -> None:
    sg, tensors = sub.sg, sub.tensors
    inputs = [int(i) for i in (sg.InputsAsNumpy() if sg.InputsLength() else [])]
    for i in inputs:
        name = sub.unique(sub.tensor_name(i))
        sub.producer[i] = (name, -1)
        if fdef is not None:
            arg = fdef.signature.input_arg.add()
            arg.name, arg.type = name, dtype_enum(tensor_dtype(tensors[i].Type()))
        else:
            node = out_nodes.add(name=name, op="Placeholder")
            node.attr["dtype"].type = dtype_enum(tensor_dtype(tensors[i].Type()))
            set_shape(node.attr["_output_shapes"].list.shape.add(), _shape(tensors[i]))
    produced = {int(o) for k in range(sg.OperatorsLength()) for o in _ints(sg.Operators(k), "Outputs")}
    for i, tensor in enumerate(tensors):  # constants and tensors nothing produces (variable state)
        if i in sub.producer or i in produced:
            continue
        name = sub.unique(sub.tensor_name(i))
        sub.producer[i] = (name, -1)
        node = out_nodes.add(name=name, op="Const")
        node.attr["dtype"].type = dtype_enum(tensor_dtype(tensor.Type()))
        set_shape(node.attr["_output_shapes"].list.shape.add(), _shape(tensor))
        node.attr["_quantized"].b = _quantized(tensor)
    op_names, _ = _names()
    operators = []
    for k in range(sg.OperatorsLength()):  # names first: an operator may read a later one's output
        op = sg.Operators(k)
        code = fb.OperatorCodes(op.OpcodeIndex())
        builtin = max(code.BuiltinCode(), code.DeprecatedBuiltinCode())
        custom = _text(code.CustomCode())
        op_name = custom if custom else op_names.get(builtin, f"BUILTIN_{builtin}")
        outs = _ints(op, "Outputs")
        name = sub.unique(sub.tensor_name(outs[0]) if outs else f"{op_name}_{k}")
        for port, o in enumerate(outs):
            sub.producer[o] = (name, port)
        operators.append((op, code, custom, op_name, name, outs))
    for op, code, custom, op_name, name, outs in operators:
        node = out_nodes.add(name=name, op=op_name)
        ins = _ints(op, "Inputs")
        node.input.extend(sub.ref(i) for i in ins if i >= 0)
        attr = node.attr
        attr["_tflite_kind"].s = (b"flex" if custom.startswith(_FLEX_PREFIX) else b"custom" if custom else b"builtin")
        attr["_tflite_version"].i = code.Version()
        present = [i for i in ins if i >= 0]
        first = present[0] if present else (outs[0] if outs else None)
        if first is not None:
            attr["T"].type = dtype_enum(tensor_dtype(tensors[first].Type()))
        for i in ins:
            known = i >= 0
            attr["_input_types"].list.type.append(dtype_enum(tensor_dtype(tensors[i].Type())) if known else 0)
            set_shape(attr["_input_shapes"].list.shape.add(), _shape(tensors[i]) if known else None)
            attr["_input_const"].list.b.append(known and sub.const[i])
            attr["_input_quantized"].list.b.append(known and _quantized(tensors[i]))
        for o in outs:
            attr["_output_types"].list.type.append(dtype_enum(tensor_dtype(tensors[o].Type())))
            set_shape(attr["_output_shapes"].list.shape.add(), _shape(tensors[o]))
            attr["_output_quantized"].list.b.append(_quantized(tensors[o]))
        _options(tflite, op, op_name, attr, names)
    if fdef is not None:
        for j, o in enumerate(_ints(sg, "Outputs")):
            out = fdef.signature.output_arg.add()
            out.name, out.type = f"output_{j}", dtype_enum(tensor_dtype(tensors[o].Type()))
            if o in sub.producer:
                fdef.ret[out.name] = sub.ref(o)


@functools.cache
def _enum_names(enum_class) -> dict[int, str]:
    """value -> name of a generated flatbuffer enum class (BuiltinOptions, ActivationFunctionType)."""
    return {v: n for n, v in vars(enum_class).items() if not n.startswith("_") and isinstance(v, int)}


def _options(tflite, op, op_name: str, attr, names: list[str]) -> None:
    """The fused activation, and the subgraphs a control-flow operator calls (as function attrs)."""
    kind = op.BuiltinOptionsType()
    if not kind:
        return
    class_name = _enum_names(tflite.BuiltinOptions).get(kind)
    cls = getattr(tflite, class_name, None) if class_name else None
    table = op.BuiltinOptions()
    if cls is None or table is None:
        return
    options = cls()
    options.Init(table.Bytes, table.Pos)
    if hasattr(options, "FusedActivationFunction"):
        code = options.FusedActivationFunction()
        attr["_fused_activation"].s = _enum_names(tflite.ActivationFunctionType).get(code, str(code)).encode()
    for field in _CALLING_OPTIONS.get(op_name, ()):
        index = getattr(options, field)()
        if 0 < index < len(names):
            attr[_FUNC_ATTR[field]].func.name = names[index]


def _ints(obj, field: str) -> list[int]:
    return [int(v) for v in getattr(obj, f"{field}AsNumpy")()] if getattr(obj, f"{field}Length")() else []


def _shape(tensor) -> tuple[int | None, ...]:
    dims = _ints(tensor, "ShapeSignature") or _ints(tensor, "Shape")
    return tuple(None if d < 0 else d for d in dims)


def _quantized(tensor) -> bool:
    q = tensor.Quantization()
    return q is not None and q.ScaleLength() > 0


def _signatures(fb, subgraphs: list[_Subgraph]) -> dict[str, Signature]:
    """The flatbuffer's SignatureDefs; without any, one `serving_default` over subgraph 0's inputs
    and outputs (what the interpreter runs)."""
    found = []
    for k in range(fb.SignatureDefsLength()):
        sd = fb.SignatureDefs(k)
        ins = [(_text(sd.Inputs(j).Name()), sd.Inputs(j).TensorIndex()) for j in range(sd.InputsLength())]
        outs = [(_text(sd.Outputs(j).Name()), sd.Outputs(j).TensorIndex()) for j in range(sd.OutputsLength())]
        found.append((_text(sd.SignatureKey()) or f"signature_{k}", sd.SubgraphIndex(), ins, outs, False))
    if not found:
        sg = subgraphs[0].sg
        found.append(("serving_default", 0, [(f"input_{j}", t) for j, t in enumerate(_ints(sg, "Inputs"))],
                      [(f"output_{j}", t) for j, t in enumerate(_ints(sg, "Outputs"))], True))
    out: dict[str, Signature] = {}
    for key, index, ins, outs, inferred in found:
        if 0 <= index < len(subgraphs):
            sub = subgraphs[index]
            out[key] = Signature(key, {n: _spec(sub, t) for n, t in ins}, {n: _spec(sub, t) for n, t in outs},
                                 method="tflite", inferred=inferred)
    return out


def _text(value) -> str:
    return (value or b"").decode("utf-8", "replace")


def _spec(sub: _Subgraph, t: int) -> TensorSpec:
    tensor = sub.tensors[t]
    producer = sub.producer.get(t)
    node = ((sub.name if sub.is_function else ""), producer[0]) if producer else None
    return TensorSpec(sub.tensor_name(t), tensor_dtype(tensor.Type()), _shape(tensor), node)
