"""The TensorFlow runtime, for the parts of accelcheck that run models (fix, its verification,
the --confirm oracles): imported once and quietly, its logs kept from the user unless asked for,
its exceptions turned into one line, and a MetaGraph with its checkpoint brought into a session.

The lint path never imports this module's TensorFlow: `tf()` does it on first use.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import sys

from .errors import AccelcheckError

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

_TF = None
INSTALL_TF = "pip install 'accelcheck[tf]'"


class TensorFlowMissing(AccelcheckError):
    """A command that runs TensorFlow, in a lint-only install."""


def require_tensorflow(what: str) -> None:
    """One line and exit 2 (an AccelcheckError) when TensorFlow is not installed: the lint path
    does without it, `what` does not."""
    if importlib.util.find_spec("tensorflow") is None:
        raise TensorFlowMissing(f"{what} runs TensorFlow, which is not installed (accelcheck's lint "
                                f"needs none): {INSTALL_TF}")


def tf():
    """Import TensorFlow once, quietly (C++ logs off unless the caller set TF_CPP_MIN_LOG_LEVEL)."""
    global _TF
    if _TF is None:
        require_tensorflow("this command")
        import warnings

        warnings.filterwarnings("ignore")
        with quiet_stderr():  # absl's pre-init notice, oneDNN and CUDA probes print on import
            import tensorflow as _tf

        try:
            from absl import logging as absl_logging

            absl_logging.set_verbosity(absl_logging.ERROR)
        except ImportError:  # pragma: no cover
            pass
        _tf.get_logger().setLevel("ERROR")
        try:
            _tf.autograph.set_verbosity(0)
        except Exception:  # pragma: no cover
            pass
        _TF = _tf
    return _TF


# ----------------------------------------------------------------------------- quiet logs

def verbose() -> bool:
    """Whether the user asked for TensorFlow's own logs (--verbose, or ACCELCHECK_VERBOSE=1)."""
    return os.environ.get("ACCELCHECK_VERBOSE", "") not in ("", "0")


def _fileno(stream) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, ValueError, OSError):
        return None


@contextlib.contextmanager
def _fd_redirected(stream, target_fd: int | None):
    """Point `stream`'s file descriptor at `target_fd` (C++ writes to the descriptor itself, past
    sys.stdout/sys.stderr), and back afterwards. Does nothing for a stream without a real
    descriptor (embedded, captured) or without a target."""
    fd = _fileno(stream)
    if fd is None or target_fd is None:
        yield
        return
    stream.flush()
    saved = os.dup(fd)
    try:
        os.dup2(target_fd, fd)
        yield
    finally:
        stream.flush()
        os.dup2(saved, fd)
        os.close(saved)


@contextlib.contextmanager
def quiet_stdout():
    """Send stdout (fd 1 and sys.stdout) to stderr (C++ and Keras prints), so stdout carries only
    our JSON."""
    with _fd_redirected(sys.stdout, _fileno(sys.stderr)), contextlib.redirect_stdout(sys.stderr):
        yield


@contextlib.contextmanager
def stderr_kept():
    """Keep what is written to file descriptor 2 meanwhile (the yielded list receives it, and it is
    written on to fd 2 afterwards): the converter's quantizer reports its MLIR errors only there,
    raising a bare RuntimeError. Without a real descriptor, the list stays empty."""
    import tempfile

    kept: list[str] = []
    with tempfile.TemporaryFile() as f:
        try:
            with _fd_redirected(sys.stderr, f.fileno()):
                yield kept
        finally:
            f.seek(0)
            text = f.read().decode("utf-8", "replace")
            kept.append(text)
            if text:
                sys.stderr.write(text)
                sys.stderr.flush()


@contextlib.contextmanager
def quiet_stderr():
    """TensorFlow's C++ side writes to file descriptor 2 itself, past Python and
    TF_CPP_MIN_LOG_LEVEL (absl's "log messages before absl::InitializeLog()", oneDNN and CUDA probes,
    the Print ops of a model being run): send fd 2 to /dev/null unless verbose()."""
    if verbose():
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        with _fd_redirected(sys.stderr, devnull):
            yield
    finally:
        os.close(devnull)


# ----------------------------------------------------------------------------- one-line errors

def one_line(text: object, limit: int = 400) -> str:
    """Collapse an exception message to one line, at most `limit` characters."""
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 3] + "..."


def exc_line(e: BaseException, limit: int = 400) -> str:
    msg = one_line(e, limit)
    return f"{type(e).__name__}: {msg}" if msg else type(e).__name__


_NOISE = re.compile(r"^(Graph execution error:|Detected at node .* defined at|Node: |Traceback \(most recent|File \"|"
                    r"Original stack trace for|\[\[\{\{node )")
_AT_NODE = re.compile(r"\[\[\{\{node ([^}]+)\}\}\]\]")


def error_line(e: BaseException) -> str:
    """One line: for a TensorFlow OpError, its first meaningful line and the node it happened at."""
    if isinstance(e, AccelcheckError):
        return one_line(e)
    message = getattr(e, "message", None)
    if isinstance(message, str) and type(e).__name__.endswith("Error") and hasattr(e, "error_code"):
        lines = [ln.strip() for ln in message.splitlines()]
        lines = [ln for ln in lines if ln and not _NOISE.match(ln) and not ln.startswith(("raise ", "return "))]
        node = _AT_NODE.search(message)
        text = lines[0] if lines else message
        if node and node.group(1) not in text:
            text += f" (at node {node.group(1)})"
        return f"{type(e).__name__}: {one_line(text)}"
    return exc_line(e)


# ----------------------------------------------------------------------------- sessions

def fix_meta_version(meta) -> None:
    """Old exports record versions like "0.12.head", which import_meta_graph's version parse rejects
    before looking at the graph: keep only the numeric part (of this in-memory copy)."""
    v = meta.meta_info_def.tensorflow_version
    if v and not re.fullmatch(r"\d+(\.\d+)*", v):
        m = re.match(r"\d+(?:\.\d+)*", v)
        meta.meta_info_def.tensorflow_version = m.group(0) if m else ""


def restore_meta_graph(sess, model, *, initialise_without_checkpoint: bool) -> None:
    """Import `model`'s MetaGraph (a .meta or session-bundle Model) into the session's graph, devices
    kept as a SavedModel loader keeps them, and restore its variables from the checkpoint the loader
    found beside it. Without one: initial values when `initialise_without_checkpoint` (as good as any
    for asking which ops convert), else a one-line RuntimeError (a numerical check needs the weights).
    Table initializers run afterwards when the graph has them."""
    t = tf()
    meta = t.compat.v1.MetaGraphDef()
    meta.CopyFrom(model.meta_graph)
    fix_meta_version(meta)
    with sess.graph.as_default():
        saver = t.compat.v1.train.import_meta_graph(meta, clear_devices=False)
        if saver is not None and model.checkpoint_prefix:
            saver.restore(sess, model.checkpoint_prefix)
        elif saver is not None and not initialise_without_checkpoint:
            raise RuntimeError(f"{model.path}: no checkpoint beside the .meta to restore its variables from")
        elif initialise_without_checkpoint:
            sess.run(t.compat.v1.global_variables_initializer())
        if sess.graph.get_collection(t.compat.v1.GraphKeys.TABLE_INITIALIZERS):
            try:
                sess.run(t.compat.v1.tables_initializer())
            except Exception:  # noqa: BLE001 - tables needing feeds: the runs that need them say why
                pass
