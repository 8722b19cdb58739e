"""Finding models under the paths a user passes, and checking many of them in parallel.

A path that is a model (a SavedModel or session-bundle directory, a .pb/.pbtxt/.meta/.tflite file)
is taken as is. Any other directory is walked: SavedModel directories are taken whole (their
variables/ and assets/ are not looked into), and loose .pb, .pbtxt and .meta files are taken, and
.tflite files when the target reads them.
"""

from __future__ import annotations

import gc
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .errors import AccelcheckError, LoadError

_MODEL_SUFFIXES = {".pb", ".pbtxt", ".meta"}
# Protobufs that sit beside models but are not graphs.
_NOT_MODELS = {"fingerprint.pb", "keras_metadata.pb", "saved_model_config.pb"}


def _is_model_dir(d: Path) -> bool:
    return any((d / name).is_file() for name in ("saved_model.pb", "saved_model.pbtxt", "saved_model.cpb", "export.meta"))


def discover(paths: list[str], tflite: bool = False) -> list[str]:
    """Model paths, in a stable order, without duplicates; `tflite`: also .tflite files found in
    directories (for targets that check them; a .tflite file passed by name is always taken)."""
    suffixes = _MODEL_SUFFIXES | {".tflite"} if tflite else _MODEL_SUFFIXES
    found: list[str] = []
    for raw in paths:
        p = Path(raw)
        if not p.is_dir() or _is_model_dir(p):
            found.append(raw)  # a file, a model directory, or a missing path (the loader says so)
            continue
        before = len(found)
        for root, dirs, files in os.walk(p):
            root_path = Path(root)
            dirs.sort()
            if _is_model_dir(root_path):
                found.append(str(root_path))
                dirs[:] = []  # variables/, assets/ belong to the model
                continue
            for name in sorted(files):
                if Path(name).suffix in suffixes and name not in _NOT_MODELS:
                    found.append(str(root_path / name))
        if len(found) == before:
            found.append(raw)  # let the loader explain that nothing is there
    return list(dict.fromkeys(found))


class _TimeLimit:
    """Bound the time one model may take, so no file can hang a CI job (SIGALRM: main thread only)."""

    def __init__(self, seconds: float, path: str):
        self.seconds, self.path = seconds, path

    def _expired(self, signum, frame):
        raise LoadError(self.path, f"took longer than {self.seconds:g} s to check; giving up on it (--timeout)")

    def __enter__(self):
        self.usable = self.seconds > 0 and hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
        if self.usable:
            self.previous = signal.signal(signal.SIGALRM, self._expired)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
        return False


# The last model checked, kept from being freed when the process is to end without tearing the
# interpreter down (cli.entry): freed object by object it costs 0.4 s at a million nodes, for
# memory the process gives back at exit anyway.
_kept: list | None = None


def keep_models_until_exit() -> None:
    """From now on this process ends with os._exit: do not free checked models, nor collect."""
    global _kept
    _kept = []


def _check_one(args):
    path, settings = args
    from .model import load

    # The cyclic GC stays off from load to the end of lint (load and lint each pause it, but in
    # between it would scan the millions of objects just built: seconds on big graphs); the model
    # is gone (reference counting: it has no cycles) before it is back on, or, kept until exit,
    # it stays off.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        with _TimeLimit(settings.timeout, path):
            model = load(path, tags=settings.tags)
            report = settings.lint(model)
            if _kept is not None:
                _kept[:] = [model]  # the one before is freed now: one model held at a time
            return report, None
    except AccelcheckError as e:
        return None, str(e)
    finally:
        if gc_was_enabled and _kept is None:
            gc.enable()


def check_many(paths: list[str], jobs: int, settings) -> list[tuple[str, object, str | None]]:
    """(path, Report or None, error or None) per model, in input order; `settings` is a
    config.Settings, the same in every worker process."""
    args = [(p, settings) for p in paths]
    if jobs <= 1 or len(paths) <= 1:
        results = [_check_one(a) for a in args]
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(paths))) as pool:
            results = list(pool.map(_check_one, args, chunksize=max(1, len(paths) // (jobs * 4))))
    return [(p, report, error) for p, (report, error) in zip(paths, results)]


__all__ = ["LoadError", "check_many", "discover"]
