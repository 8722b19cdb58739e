"""Named Python checks, for what a `match:` condition cannot say. One module per concern; each
exposes CHECKS = {name: function(ctx, rule) -> Iterator[Hit]}."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import NodeKey


@dataclass(frozen=True)
class Hit:
    node: NodeKey | None  # None: the finding is about the model as a whole
    params: dict = field(default_factory=dict)  # extra fields for the rule's message
    related: tuple[str, ...] = ()
    severity: str | None = None  # overrides the rule's severity for this hit


def _registry() -> dict:
    from . import elastic_inference, graph_hygiene, tflite, variables, xla

    checks = {}
    for module in (elastic_inference, graph_hygiene, tflite, variables, xla):
        checks.update(module.CHECKS)
    return checks


class _Lazy(dict):
    def _load(self):
        if not super().__len__():
            self.update(_registry())

    def get(self, key, default=None):
        self._load()
        return super().get(key, default)

    def __iter__(self):
        self._load()
        return super().__iter__()

    def __contains__(self, key):
        self._load()
        return super().__contains__(key)


CHECKS: dict = _Lazy()
