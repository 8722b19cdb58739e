"""Checks on the shape of the served graph: signature input shapes, training placeholders,
file-system access."""

from __future__ import annotations

import re
from typing import Iterator

from ...model.dtypes import format_shape
from . import Hit


def dynamic_input_shape(ctx, rule) -> Iterator[Hit]:
    for sig_name in ctx.signatures:
        for input_name, spec in ctx.model.signatures[sig_name].inputs.items():
            if spec.node is None or ctx.model.nodes[spec.node].op not in ("Placeholder", "PlaceholderWithDefault"):
                continue
            if spec.shape is None or any(d is None for d in spec.shape):
                yield Hit(spec.node, {"input": input_name, "shape": format_shape(spec.shape)})


_DEFAULT_TRAINING_NAMES = r"(^|/)(keep_prob|keep_probability|is_training|training|is_train|phase_train|learning_phase|dropout(_rate)?)(_\d+)?$"


def training_placeholder(ctx, rule) -> Iterator[Hit]:
    pattern = re.compile(rule.options.get("pattern", _DEFAULT_TRAINING_NAMES), re.IGNORECASE)
    for node in ctx.live_nodes():
        if node.op in ("Placeholder", "PlaceholderWithDefault") and pattern.search(node.name):
            yield Hit(node.key)


def file_access(ctx, rule) -> Iterator[Hit]:
    """File-system ops; PrintV2 counts when it prints to a file (output_stream "file://...")."""
    ops = set(rule.options.get("ops", ()))
    nodes = ctx.live_nodes() if rule.dead == "skip" else ctx.model.real_nodes()
    for node in nodes:
        if node.op in ops:
            yield Hit(node.key)
        elif node.op == "PrintV2" and (node.attr_str("output_stream") or "").startswith("file://"):
            yield Hit(node.key)


_DEVICE = re.compile(r"(device:|/)(gpu|tpu|xla_gpu|xla_cpu)(:|$)", re.IGNORECASE)


def loads_in_session(model) -> bool:
    """A TF1 SavedModel (no object graph) or a MetaGraph is loaded into a TF1 session, where device
    pins are hard; TF2 SavedModels (functions) and frozen graphs place softly."""
    return model.format == "meta_graph" or (model.format == "saved_model" and not model.has_object_graph)


def device_placement(ctx, rule) -> Iterator[Hit]:
    """Nodes pinned to a GPU/TPU. With `hard_in_session`, the rule's severity holds only where the
    pin is hard (a TF1 session); elsewhere it is a warning, as TensorFlow places softly there."""
    session = loads_in_session(ctx.model) or rule.options.get("always_session", False)
    soft_elsewhere = rule.options.get("hard_in_session", False)
    for node in ctx.live_nodes():
        if node.device and _DEVICE.search(node.device):
            if session:
                yield Hit(node.key, {"consequence": rule.options.get("session_consequence",
                                                                     "hosts without that device cannot place it")})
            else:
                yield Hit(node.key, {"consequence": "TensorFlow places it softly here (TF2 functions, frozen graph), "
                                                    "but the pin only helps on hosts with that device"},
                          severity="warning" if soft_elsewhere else None)


CHECKS = {
    "device-placement": device_placement,
    "dynamic-input-shape": dynamic_input_shape,
    "training-placeholder": training_placeholder,
    "file-access": file_access,
}
