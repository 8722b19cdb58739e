"""Variable sizes, and the values of small float tensors, from a TensorFlow checkpoint
(variables/variables.index and its data shards), without TensorFlow.

The index is a LevelDB-style sorted table (tensorflow/core/lib/io/table_format.md): a footer points
at an index block, whose entries point at data blocks, whose entries map a tensor name to a
BundleEntryProto (tensorflow/core/protobuf/tensor_bundle.proto) holding its byte size in the data
shards. Blocks are stored raw or snappy-compressed (both occur in real exports); anything we cannot
read yields no sizes, and callers fall back to the variables' shapes. An entry also holds the shard,
offset and dtype of its bytes: small float32 values (quantization ranges) are read from there.
"""

from __future__ import annotations

import functools
import glob
import re
import struct
from pathlib import Path

from .names import parse_input
from .protos import pb
from .wire import read_varint as _varint

_MAGIC = 0xDB4775248B80FB57
_FOOTER = 48
_TRAILER = 5  # compression type byte + crc32


def snappy_decompress(buf: bytes) -> bytes:
    """A raw snappy block, with cramjam (a maintained binding of the snappy codec)."""
    import cramjam

    return bytes(cramjam.snappy.decompress_raw(buf))


def _block_entries(data: bytes, offset: int, size: int):
    block = data[offset:offset + size]
    compression = data[offset + size]
    if compression == 1:
        block = snappy_decompress(block)
    elif compression != 0:
        raise ValueError(f"unknown block compression {compression}")
    (num_restarts,) = struct.unpack_from("<I", block, len(block) - 4)
    end = len(block) - 4 - 4 * num_restarts
    i, key = 0, b""
    while i < end:
        shared, i = _varint(block, i)
        unshared, i = _varint(block, i)
        vlen, i = _varint(block, i)
        key = key[:shared] + block[i:i + unshared]
        i += unshared
        yield key, block[i:i + vlen]
        i += vlen


def _entries(index: Path) -> dict[str, object]:
    """tensor name -> its BundleEntryProto; {} when the index cannot be read. Parsed once per file
    version: the loader reads the sizes and checks read small values from the same index."""
    try:
        stat = index.stat()
    except OSError:
        return {}
    return _parsed_entries(str(index), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _parsed_entries(index: str, mtime_ns: int, size: int) -> dict[str, object]:
    try:
        data = Path(index).read_bytes()
        if len(data) < _FOOTER or struct.unpack_from("<Q", data, len(data) - 8)[0] != _MAGIC:
            return {}
        footer = data[len(data) - _FOOTER:]
        _, i = _varint(footer, 0)  # metaindex offset
        _, i = _varint(footer, i)  # metaindex size
        idx_off, i = _varint(footer, i)
        idx_size, i = _varint(footer, i)
        entries: dict[str, object] = {}
        for _, handle in _block_entries(data, idx_off, idx_size):
            off, j = _varint(handle, 0)
            size, _ = _varint(handle, j)
            for key, value in _block_entries(data, off, size):
                if not key:  # the bundle header
                    continue
                entry = pb.tensor_bundle_pb2.BundleEntryProto()
                entry.ParseFromString(value)
                entries[key.decode("utf-8", "replace")] = entry
        return entries
    except Exception:  # best effort: a damaged index must not stop a lint
        return {}


def variable_sizes(index: Path) -> dict[str, int]:
    """tensor name -> bytes in the data shards; {} when the index cannot be read."""
    return {key: entry.size for key, entry in _entries(index).items()}


_FLOAT = 1  # DataType.DT_FLOAT
_SMALL = 1 << 16  # bytes: quantization ranges and the like, never weights


def small_float_values(prefix: str, key: str, limit: int = _SMALL) -> list[float] | None:
    """A small float32 tensor's values from a checkpoint (the data shard the index points at);
    None when it is not there, not float32, larger than `limit` bytes or unreadable."""
    entry = _entries(Path(f"{prefix}.index")).get(key)
    if entry is None or entry.dtype != _FLOAT or entry.size > limit or entry.size % 4:
        return None
    shards = sorted(Path(prefix).parent.glob(f"{glob.escape(Path(prefix).name)}.data-{entry.shard_id:05d}-of-*"))
    if not shards:
        return None
    try:
        with open(shards[0], "rb") as f:
            f.seek(entry.offset)
            raw = f.read(entry.size)
    except OSError:
        return None
    return list(struct.unpack(f"<{len(raw) // 4}f", raw)) if len(raw) == entry.size else None


def checkpoint_beside(meta_path: Path) -> str | None:
    """The checkpoint prefix a .meta file (or session bundle's export.meta) was saved with, as
    tf.train.Saver writes it: ``<stem>.index`` (V2), a V1 sharded ``<stem>-?????-of-NNNNN``, the
    ``checkpoint`` state file's latest, or a plain ``<stem>`` file (V1, unsharded); None if none."""
    d = meta_path.parent
    stem = meta_path.name[: -len(".meta")] if meta_path.name.endswith(".meta") else meta_path.stem
    if (d / f"{stem}.index").is_file():
        return str(d / stem)
    shards = sorted(d.glob(f"{glob.escape(stem)}-?????-of-?????"))
    if shards:
        return str(d / f"{stem}-?????-of-{shards[0].name[-5:]}")
    latest = _latest_in_state_file(d)
    if latest is not None:
        return latest
    if (d / stem).is_file():
        return str(d / stem)
    return None


def _latest_in_state_file(d: Path) -> str | None:
    """`model_checkpoint_path` of the text CheckpointState Saver writes beside its checkpoints,
    if the files it names exist (relative paths are relative to the directory)."""
    state = d / "checkpoint"
    if not state.is_file():
        return None
    try:
        text = state.read_text(errors="replace")
    except OSError:
        return None
    m = re.search(r'^model_checkpoint_path:\s*"((?:[^"\\]|\\.)*)"', text, re.M)
    if not m:
        return None
    prefix = Path(m.group(1).encode().decode("unicode_escape"))
    prefix = prefix if prefix.is_absolute() else d / prefix
    if Path(f"{prefix}.index").is_file() or prefix.is_file() or any(prefix.parent.glob(f"{glob.escape(prefix.name)}-?????-of-?????")):
        return str(prefix)
    return None


def checkpoint_key(model, var) -> str | None:
    """The variable's name in the checkpoint, read off the model's own restore graph:
    Assign(var, RestoreV2[k]) with RestoreV2's tensor_names[k]. Works for TF1 savers
    (`save/Assign_3`) and TF2 `__traced_restore` functions (keys like `w/.ATTRIBUTES/VARIABLE_VALUE`)."""
    for writer in var.assigned_by:
        wnode = model.nodes[writer]
        if wnode.op not in ("Assign", "AssignVariableOp") or len(wnode.proto.input) < 2:
            continue
        scope = writer[0]
        ref = parse_input(wnode.proto.input[1], bool(scope))
        for _ in range(16):  # through the Identity nodes between restore and assign
            node = model.nodes.get((scope, ref.node))
            if node is None or node.op != "Identity":
                break
            ref = parse_input(node.proto.input[0], bool(scope))
        producer = model.nodes.get((scope, ref.node))
        if producer is None or producer.op not in ("RestoreV2", "Restore"):
            continue
        names = model.nodes.get((scope, parse_input(producer.proto.input[1], bool(scope)).node))
        if names is None or names.op != "Const":
            continue
        strings = names.attrs["value"].tensor.string_val
        index = 0 if producer.op == "Restore" else int(ref.port.rpartition(":")[2] or 0)
        if index < len(strings):
            return strings[index].decode("utf-8", "replace")
    return None


def checkpoint_names(model, var) -> list[str]:
    """The names a variable may have in the checkpoint, best first: its restore op's key, its
    shared_name, its node name."""
    node = model.nodes[var.node]
    return [key for key in (checkpoint_key(model, var), node.attr_str("shared_name"), node.name) if key]


def variable_floats(model, var, limit: int = _SMALL) -> list[float] | None:
    """A float32 variable's values (up to `limit` bytes) from the model's checkpoint; None if not found."""
    if model.checkpoint_prefix is None:
        return None
    for key in checkpoint_names(model, var):
        values = small_float_values(model.checkpoint_prefix, key, limit)
        if values is not None:
            return values
    return None
