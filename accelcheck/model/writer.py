"""Write a fixed model: a SavedModel directory or a frozen GraphDef file, atomically.

Everything is written next to the destination under a temporary name and renamed into place at
the end, so an interrupted or failed fix leaves nothing behind and never a half-written model.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

from google.protobuf import text_format

from ..errors import AccelcheckError
from .dtypes import dtype_enum, set_shape
from .protos import pb



class WriteError(AccelcheckError):
    pass


def check_destination(source: str | Path, out: str | Path, force: bool) -> None:
    """Refuse OUT equal to or inside MODEL (or MODEL inside OUT), and a non-empty OUT without --force."""
    src, dst = Path(source).resolve(), Path(out).resolve()
    src_root = src if src.is_dir() else src.parent if src.name in ("saved_model.pb", "saved_model.pbtxt") else src
    if dst == src or dst == src_root or src_root in dst.parents or dst in src_root.parents:
        raise WriteError(f"{out}: the output would overwrite or sit inside the input model {source}; choose another path")
    if dst.exists():
        if dst.is_dir() and not any(dst.iterdir()):
            return
        if not force:
            raise WriteError(f"{out}: already exists; pass --force to replace it")


def _tmp_sibling(dst: Path) -> Path:
    return dst.parent / f".{dst.name}.accelcheck-{uuid.uuid4().hex[:8]}"


def swap_into_place(tmp: Path, dst: Path) -> None:
    old = None
    if dst.exists() or dst.is_symlink():
        old = _tmp_sibling(dst)
        os.replace(dst, old)
    os.replace(tmp, dst)
    if old is not None:
        shutil.rmtree(old) if old.is_dir() else old.unlink()


def write_frozen(graph_def, dst: Path) -> int:
    """A GraphDef file: binary, or text when the name ends in .pbtxt. Returns bytes written."""
    dst = Path(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    data = text_format.MessageToString(graph_def).encode() if dst.suffix == ".pbtxt" else graph_def.SerializeToString()
    tmp = _tmp_sibling(dst)
    try:
        tmp.write_bytes(data)
        swap_into_place(tmp, dst)
    finally:
        if tmp.exists():
            tmp.unlink()
    return len(data)


def signature_def(inputs: dict, outputs: dict, method: str = "tensorflow/serving/predict"):
    """A SignatureDef from {key: (tensor name, dtype name, shape or None)}."""
    sig = pb.meta_graph_pb2.SignatureDef()
    sig.method_name = method
    for target, specs in ((sig.inputs, inputs), (sig.outputs, outputs)):
        for key, (name, dtype, shape) in specs.items():
            info = target[key]
            info.name = name
            info.dtype = dtype_enum(dtype)
            set_shape(info.tensor_shape, shape)
    return sig




def write_saved_model(meta_graph, dst: Path, variables_from: str | None = None,
                      assets_from: Path | None = None) -> int:
    """A SavedModel directory with one MetaGraph. Variables are copied from a checkpoint prefix when
    the graph still needs them; assets and assets.extra from the source SavedModel."""
    dst = Path(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = _tmp_sibling(dst)
    try:
        tmp.mkdir()
        saved = pb.saved_model_pb2.SavedModel()
        saved.saved_model_schema_version = 1
        saved.meta_graphs.add().CopyFrom(meta_graph)
        data = saved.SerializeToString()
        (tmp / "saved_model.pb").write_bytes(data)
        total = len(data)
        if variables_from:
            prefix = Path(variables_from)
            (tmp / "variables").mkdir()
            for f in prefix.parent.glob(prefix.name + ".*"):
                suffix = f.name[len(prefix.name):]
                shutil.copy2(f, tmp / "variables" / ("variables" + suffix))
                total += f.stat().st_size
        if assets_from is not None:
            for sub in ("assets", "assets.extra"):
                if (assets_from / sub).is_dir():
                    shutil.copytree(assets_from / sub, tmp / sub)
        swap_into_place(tmp, dst)
        return total
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)
