"""Named Python checks, for what a `match:` condition cannot say. One module per concern; each
exposes CHECKS = {name: function(ctx, rule) -> Iterator[Hit]}."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import ConfigError
from ...model import NodeKey
from ..conditions import expand_ops


@dataclass(frozen=True)
class Hit:
    node: NodeKey | None  # None: the finding is about the model as a whole
    params: dict = field(default_factory=dict)  # extra fields for the rule's message
    related: tuple[str, ...] = ()
    severity: str | None = None  # overrides the rule's severity for this hit
    confidence: str | None = None  # overrides the rule's confidence (a table entry vs. its fallback)


REQUIRED = "<required>"  # an option default: the rule must give the option

# Imported after Hit is defined: the check modules import it from here.
from . import (edgetpu, elastic_inference, graph_hygiene, tflite, tflite_cond, tflite_gpu, tflite_int8,  # noqa: E402
               tflite_int8_fake_quant, tflite_loading, tflite_tensorlist, variables, xla)

_MODULES = (edgetpu, elastic_inference, graph_hygiene, tflite, tflite_cond, tflite_gpu, tflite_int8, tflite_int8_fake_quant,
            tflite_loading, tflite_tensorlist, variables, xla)
CHECKS: dict = {name: fn for module in _MODULES for name, fn in module.CHECKS.items()}
# check -> option -> default: what each check reads from its rule's `options`.
OPTIONS: dict = {name: opts for module in _MODULES for name, opts in module.OPTIONS.items()}


def check_options(rule, where: str) -> dict:
    """The rule's options with the check's defaults filled in and op lists (`*_ops`) expanded into
    op sets ({set: NAME} entries included); ConfigError for an unknown check, an option the check
    does not read (a typo would otherwise be ignored), a required one missing or an unknown op set."""
    if rule.check not in CHECKS:
        raise ConfigError(f"{where}: rule {rule.code} names unknown check {rule.check!r} "
                          f"(known: {', '.join(sorted(CHECKS))})")
    declared = OPTIONS[rule.check]
    unknown = sorted(set(rule.options) - set(declared))
    if unknown:
        raise ConfigError(f"{where}: rule {rule.code}: check {rule.check} has no option(s) {', '.join(unknown)} "
                          f"(options: {', '.join(sorted(declared)) or 'none'})")
    missing = sorted(k for k, v in declared.items() if v == REQUIRED and k not in rule.options)
    if missing:
        raise ConfigError(f"{where}: rule {rule.code}: check {rule.check} needs option(s) {', '.join(missing)}")
    options = {**{k: v for k, v in declared.items() if v != REQUIRED}, **rule.options}
    return {k: expand_ops(v, f"{where}: rule {rule.code}") if k.endswith("_ops") else v for k, v in options.items()}
