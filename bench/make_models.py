#!/usr/bin/env python3
"""Build the benchmark models into bench/out/models/ (git-ignored), skipping what exists.

    .venv/bin/python bench/make_models.py            # build what is missing
    .venv/bin/python bench/make_models.py --force    # rebuild everything

Outputs:
    bench/out/models/resnet50/            SavedModel: keras.applications.ResNet50(weights=None),
                                          written by model.export(path) (signature serving_default)
    bench/out/models/resnet50_frozen.pb   binary GraphDef: convert_variables_to_constants_v2 of that
                                          SavedModel's serving_default concrete function

Each model is written to a temporary path beside its final one and renamed into place, so an
interrupted build never leaves a half-written model that a later run would skip.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

HERE = Path(__file__).resolve().parent
MODELS = HERE / "out" / "models"
SAVED_MODEL = MODELS / "resnet50"
FROZEN = MODELS / "resnet50_frozen.pb"


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def build_saved_model(out: Path) -> None:
    import keras

    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    model = keras.applications.ResNet50(weights=None)
    model.export(str(tmp), verbose=False)
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)


def build_frozen(saved_model: Path, out: Path) -> None:
    import tensorflow as tf
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    loaded = tf.saved_model.load(str(saved_model))  # keep it alive: the function refers to its variables
    frozen = convert_variables_to_constants_v2(loaded.signatures["serving_default"])
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(frozen.graph.as_graph_def().SerializeToString())
    tmp.replace(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--force", action="store_true", help="rebuild even if the models exist")
    args = ap.parse_args(argv)
    MODELS.mkdir(parents=True, exist_ok=True)
    steps = [
        (SAVED_MODEL, "ResNet-50 SavedModel", lambda: build_saved_model(SAVED_MODEL)),
        (FROZEN, "ResNet-50 frozen GraphDef", lambda: build_frozen(SAVED_MODEL, FROZEN)),
    ]
    for path, what, build in steps:
        exists = path.is_file() or (path / "saved_model.pb").is_file()
        if exists and not args.force:
            status = "exists, skipped"
        else:
            t0 = time.perf_counter()
            build()
            status = f"built in {time.perf_counter() - t0:.1f} s"
        print(f"{what:<28} {path.relative_to(HERE.parent)}  {_human(_size(path))}  ({status})")
        if path.is_dir():
            pb = path / "saved_model.pb"
            print(f"{'':<28}   saved_model.pb {_human(_size(pb))}, variables/ {_human(_size(path / 'variables'))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
