"""DataType enum values and TensorShapeProtos as the short names users know (float32, int64, ...)."""

from __future__ import annotations

import struct

from .protos import pb

# TensorFlow's DT_* names differ from the Python-side names for a handful of types.
_SPECIAL = {
    "DT_FLOAT": "float32",
    "DT_DOUBLE": "float64",
    "DT_HALF": "float16",
    "DT_COMPLEX64": "complex64",
    "DT_COMPLEX128": "complex128",
}

_BY_VALUE: dict[int, str] = {}
for _name, _value in pb.types_pb2.DataType.items():
    if _name == "DT_INVALID":
        continue
    short = _SPECIAL.get(_name) or _name[3:].lower()
    if _name.endswith("_REF"):
        base = _name[: -len("_REF")]
        short = (_SPECIAL.get(base) or base[3:].lower()) + "_ref"
    _BY_VALUE[_value] = short

# Bytes per element, for variable sizes. Strings, resources and variants have no fixed size.
ITEM_SIZE = {
    "float16": 2, "bfloat16": 2, "float32": 4, "float64": 8, "complex64": 8, "complex128": 16,
    "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "int32": 4, "uint32": 4, "int64": 8, "uint64": 8,
    "bool": 1, "qint8": 1, "quint8": 1, "qint16": 2, "quint16": 2, "qint32": 4,
    "float8_e4m3fn": 1, "float8_e5m2": 1, "int4": 1, "uint4": 1,
}


_BY_NAME = {name: value for value, name in _BY_VALUE.items()}


def dtype_enum(name: str) -> int:
    """The DataType enum value for a short name (the inverse of dtype_name); 0 if unknown."""
    return _BY_NAME.get(name, 0)


def dtype_name(value: int) -> str:
    return _BY_VALUE.get(value, "invalid" if value == 0 else f"unknown({value})")


def base_dtype(name: str) -> str:
    return name[:-4] if name.endswith("_ref") else name


def shape_tuple(proto) -> tuple[int | None, ...] | None:
    """TensorShapeProto -> (dims with None for unknown) or None for unknown rank."""
    if proto.unknown_rank:
        return None
    return tuple(None if d.size < 0 else d.size for d in proto.dim)


def set_shape(proto, shape: tuple[int | None, ...] | None) -> None:
    """Write (dims with None for unknown) or None (unknown rank) into a TensorShapeProto: the
    inverse of shape_tuple."""
    proto.Clear()
    if shape is None:
        proto.unknown_rank = True
    else:
        for d in shape:
            proto.dim.add().size = -1 if d is None else d


def format_shape(shape: tuple[int | None, ...] | None) -> str:
    if shape is None:
        return "<unknown rank>"
    return "[" + ", ".join("?" if d is None else str(d) for d in shape) + "]"


# How a TensorProto stores numbers: packed in tensor_content, else in the typed repeated field.
_PACKED = {"float32": "f", "float64": "d", "int32": "i", "int64": "q", "int8": "b", "uint8": "B", "int16": "h",
           "uint16": "H", "bool": "?"}
_FIELD = {"float32": "float_val", "float64": "double_val", "int32": "int_val", "int64": "int64_val",
          "int8": "int_val", "uint8": "int_val", "int16": "int_val", "uint16": "int_val", "bool": "bool_val"}


def tensor_values(tensor) -> list | None:
    """The numbers in a TensorProto (flattened), or None for types we do not decode. As TensorFlow
    does, missing trailing values repeat the last one, and a scalar written without a value is 0."""
    dtype = dtype_name(tensor.dtype)
    if dtype not in _PACKED:
        return None
    count = 1
    for d in tensor.tensor_shape.dim:
        count *= max(d.size, 0)
    if tensor.tensor_content:
        code = _PACKED[dtype]
        width = struct.calcsize(code)
        return list(struct.unpack(f"<{len(tensor.tensor_content) // width}{code}", tensor.tensor_content))
    values = list(getattr(tensor, _FIELD[dtype]))
    if not values:
        return [0] * count
    return values + [values[-1]] * (count - len(values))
