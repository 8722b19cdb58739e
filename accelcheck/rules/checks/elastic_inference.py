"""AWS Elastic Inference: a legacy target (no new customers since 2023-04-15). Facts and sources are
in rules/elastic_inference.yaml."""

from __future__ import annotations

import re
from typing import Iterator

from . import REQUIRED, Hit


def end_of_life(ctx, rule) -> Iterator[Hit]:
    yield Hit(None)


def model_format(ctx, rule) -> Iterator[Hit]:
    if ctx.model.format not in rule.options["formats"]:
        yield Hit(None, {"format": ctx.model.format})


def _version_tuple(text: str) -> tuple[int, int] | None:
    m = re.match(r"(\d+)\.(\d+)", text or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def producer_version(ctx, rule) -> Iterator[Hit]:
    newest = _version_tuple(rule.options["newest_tensorflow"])
    model = ctx.model
    written_by = _version_tuple(model.tensorflow_version or "")
    if written_by is not None:
        if written_by > newest:
            yield Hit(None, {"written_by": f"TensorFlow {model.tensorflow_version}"})
    elif model.producer is not None and model.producer > rule.options["newest_producer"]:
        # Only a GraphDef producer number to go on: a weaker signal, said so in the message.
        yield Hit(None, {"written_by": f"GraphDef producer {model.producer} (no TensorFlow version recorded)"})


def accelerator_memory(ctx, rule) -> Iterator[Hit]:
    memory = rule.options["accelerators"]
    accelerator = ctx.options.get("ei_accelerator") or rule.options["default_accelerator"]
    if accelerator not in memory:
        from ...errors import ConfigError

        raise ConfigError(f"unknown Elastic Inference accelerator {accelerator!r} (known: {', '.join(memory)})")
    weights = ctx.model.weight_bytes()
    served = max(1, len(ctx.signatures))
    need = weights * served
    limit = int(memory[accelerator] * 2**30)
    if need > limit:
        yield Hit(None, {"accelerator": accelerator, "limit": f"{memory[accelerator]} GiB",
                         "weights": f"{weights / 2**20:.1f} MiB", "signatures": served,
                         "need": f"{need / 2**30:.2f} GiB"})


CHECKS = {
    "ei-end-of-life": end_of_life,
    "ei-model-format": model_format,
    "ei-producer-version": producer_version,
    "ei-accelerator-memory": accelerator_memory,
}

# Options each check reads from its rule (REQUIRED: the rule must give it), checked when a pack loads.
OPTIONS = {
    "ei-end-of-life": {},
    "ei-model-format": {"formats": ["saved_model", "frozen_graph"]},
    "ei-producer-version": {"newest_tensorflow": REQUIRED, "newest_producer": REQUIRED},
    "ei-accelerator-memory": {"accelerators": REQUIRED, "default_accelerator": REQUIRED},
}
