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
    confidence: str | None = None  # overrides the rule's confidence (a table entry vs. its fallback)


# Imported after Hit is defined: the check modules import it from here.
from . import elastic_inference, graph_hygiene, tflite, variables, xla  # noqa: E402

CHECKS: dict = {name: fn for module in (elastic_inference, graph_hygiene, tflite, variables, xla)
                for name, fn in module.CHECKS.items()}
