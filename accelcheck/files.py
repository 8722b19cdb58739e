"""Writing accelcheck's own output files: atomically, so an interrupted run never leaves half a file."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import ConfigError


def write_text_atomically(out: str | os.PathLike, text: str, what: str) -> Path:
    """Write `text` to `out` through a temporary file beside it; a failure is one line naming `what`."""
    dst = Path(out)
    tmp = dst.with_name(f".{dst.name}.tmp-{os.getpid()}")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, dst)
    except OSError as e:
        raise ConfigError(f"{dst}: cannot write the {what}: {e.strerror or e}") from None
    finally:
        if tmp.exists():
            tmp.unlink()
    return dst
