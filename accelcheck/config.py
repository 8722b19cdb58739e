"""Configuration from `accelcheck.yaml` or `[tool.accelcheck]` in pyproject.toml.

The nearest file from the working directory upwards wins (or --config). Keys, all optional:

    target: tpu
    select: [TPU, ACC00]          # code prefixes to keep
    ignore: [ACC007]              # code prefixes to drop
    ignore-nodes:                 # suppress by node name (fnmatch), optionally for some codes only
      - {pattern: "preprocess/*", codes: [ACC003]}
    packs: [my_pack.yaml]         # extra rule packs, relative to the config file
    fail-on: warning
    format: text
    ei-accelerator: eia2.large
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .engine import NodeIgnore
from .errors import ConfigError

_KEYS = {"target", "select", "ignore", "ignore-nodes", "packs", "fail-on", "format", "ei-accelerator", "tags"}


@dataclass
class Config:
    source: str | None = None
    target: str | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    node_ignores: list[NodeIgnore] = field(default_factory=list)
    packs: list[Path] = field(default_factory=list)
    fail_on: str | None = None
    format: str | None = None
    ei_accelerator: str | None = None
    tags: list[str] | None = None


def find_config(start: Path) -> Path | None:
    for directory in [start, *start.parents]:
        for name in ("accelcheck.yaml", ".accelcheck.yaml"):
            if (directory / name).is_file():
                return directory / name
        pyproject = directory / "pyproject.toml"
        if pyproject.is_file() and "[tool.accelcheck]" in pyproject.read_text(encoding="utf-8", errors="replace"):
            return pyproject
    return None


def load_config(explicit: str | None = None, start: Path | None = None) -> Config:
    path = Path(explicit) if explicit else find_config((start or Path.cwd()).resolve())
    if path is None:
        return Config()
    if not path.is_file():
        raise ConfigError(f"{path}: config file not found")
    try:
        if path.name == "pyproject.toml":
            raw = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("accelcheck", {})
        else:
            raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as e:
        raise ConfigError(f"{path}: cannot parse config: {' '.join(str(e).split())}")
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: config must be a mapping of keys to values")
    raw = {k.replace("_", "-"): v for k, v in raw.items()}
    unknown = set(raw) - _KEYS
    if unknown:
        raise ConfigError(f"{path}: unknown config key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(_KEYS))})")
    return Config(
        source=str(path),
        target=_str(raw, "target", path),
        select=_list(raw, "select", path),
        ignore=_list(raw, "ignore", path),
        node_ignores=_node_ignores(raw.get("ignore-nodes", []), path),
        packs=[(path.parent / p) for p in _list(raw, "packs", path)],
        fail_on=_str(raw, "fail-on", path),
        format=_str(raw, "format", path),
        ei_accelerator=_str(raw, "ei-accelerator", path),
        tags=_list(raw, "tags", path) or None,
    )


def _str(raw: dict, key: str, path: Path) -> str | None:
    value = raw.get(key)
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"{path}: {key} must be a string")
    return value


def _list(raw: dict, key: str, path: Path) -> list[str]:
    value = raw.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: {key} must be a list of strings")
    return value


def _node_ignores(value, path: Path) -> list[NodeIgnore]:
    out = []
    if isinstance(value, dict):  # {"pattern": [codes]} shorthand
        value = [{"pattern": k, "codes": v or []} for k, v in value.items()]
    if not isinstance(value, list):
        raise ConfigError(f"{path}: ignore-nodes must be a list of {{pattern, codes}}")
    for item in value:
        if isinstance(item, str):
            item = {"pattern": item}
        if not isinstance(item, dict) or not isinstance(item.get("pattern"), str):
            raise ConfigError(f"{path}: each ignore-nodes entry needs a pattern")
        codes = item.get("codes", [])
        codes = [codes] if isinstance(codes, str) else codes
        out.append(NodeIgnore(item["pattern"], tuple(codes)))
    return out


@dataclass(frozen=True)
class Settings:
    """What one run of `check` or `fix` works with: the configuration file merged with the command
    line (a command-line --select replaces the config's, --ignore adds to it, as in ruff; --tags
    wins). Picklable, so the worker processes of `check` get the same object."""

    target: str
    packs: tuple[Path, ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    node_ignores: tuple[NodeIgnore, ...] = ()
    tags: tuple[str, ...] | None = None
    signature: str | None = None
    options: tuple[tuple[str, object], ...] = ()  # check options (ei_accelerator)
    timeout: float = 0

    @classmethod
    def merge(cls, cfg: Config, target: str, *, select=(), ignore=(), tags=None, signature=None,
              ei_accelerator=None, timeout: float = 0) -> "Settings":
        return cls(target=target, packs=tuple(cfg.packs), select=tuple(select or cfg.select),
                   ignore=tuple(ignore) + tuple(cfg.ignore), node_ignores=tuple(cfg.node_ignores),
                   tags=tuple(tags or cfg.tags or ()) or None, signature=signature,
                   options=(("ei_accelerator", ei_accelerator or cfg.ei_accelerator),), timeout=timeout)

    def pack(self):
        """The target's rule pack with the selection applied (ConfigError for an unknown target)."""
        from .rules.pack import load_pack

        return load_pack(self.target, self.packs).select(list(self.select), list(self.ignore))

    def lint(self, model, pack=None):
        """Lint `model` as these settings say (`pack`: self.pack(), when already loaded)."""
        from .engine import lint

        return lint(model, pack or self.pack(), signature=self.signature, options=dict(self.options),
                    node_ignores=self.node_ignores)
