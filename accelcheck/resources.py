"""Where the rule packs and op tables live: inside the wheel, or at the top of a source checkout."""

from __future__ import annotations

import functools
import json
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@functools.cache
def rules_dir() -> Path:
    shipped = _PACKAGE_DIR / "_rules"  # wheel layout (pyproject force-include)
    if shipped.is_dir():
        return shipped
    return _PACKAGE_DIR.parent / "rules"  # source checkout / editable install


@functools.cache
def load_data(name: str) -> dict:
    """A JSON table from rules/data/ (each carries its own "provenance")."""
    with open(rules_dir() / "data" / name, encoding="utf-8") as f:
        return json.load(f)
