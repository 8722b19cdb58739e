"""A minimal protobuf wire-format reader.

Used where no generated class applies: telling message types apart before parsing (and saying
"truncated" precisely), and the legacy session-bundle signatures, whose proto
(tensorflow_serving/session_bundle/manifest.proto) TensorFlow does not ship.
"""

from __future__ import annotations

from typing import Iterator

VARINT, I64, LEN, I32 = 0, 1, 2, 5


class WireError(ValueError):
    pass


def read_varint(data: bytes, i: int) -> tuple[int, int]:
    shift = value = 0
    while True:
        if i >= len(data):
            raise WireError("truncated protobuf (ends inside a field header)")
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, i
        shift += 7
        if shift > 63:
            raise WireError("not a protobuf file (malformed varint)")


def field_at(data: bytes, i: int) -> tuple[int, int, int, int]:
    """(field number, wire type, where its value starts, where the field ends) of the field whose
    header is at byte i."""
    tag, i = read_varint(data, i)
    number, wire = tag >> 3, tag & 7
    if number == 0 or wire not in (VARINT, I64, LEN, I32):
        raise WireError("not a protobuf file (bad field header)")
    if wire == VARINT:
        _, end = read_varint(data, i)
    elif wire == LEN:
        length, i = read_varint(data, i)
        end = i + length
    else:
        end = i + (8 if wire == I64 else 4)
    if end > len(data):
        raise WireError(f"truncated protobuf: a field runs past the end of the data ({len(data)} bytes)")
    return number, wire, i, end


def fields(data: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field number, wire type, value) for each top-level field; LEN values are bytes."""
    i, n = 0, len(data)
    while i < n:
        number, wire, start, i = field_at(data, i)
        yield number, wire, read_varint(data, start)[0] if wire == VARINT else data[start:i]


def submessages(data: bytes, number: int) -> list[bytes]:
    return [v for f, w, v in fields(data) if f == number and w == LEN]


def string_field(data: bytes, number: int) -> str:
    values = submessages(data, number)
    return values[-1].decode("utf-8", "replace") if values else ""
