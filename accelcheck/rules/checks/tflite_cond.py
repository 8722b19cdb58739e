"""A lowered cond the TFLite converter cannot turn back into IF once it has folded constants.

convert_variables_to_constants_v2 (lower_control_flow=True, its default) rewrites a TF2 function's
If/Case into v1 Switch/Merge and each variable read into an Identity of a Const. A read inside a
branch nested in another cond reaches its Const through two or more Switches, and the branch's
control outputs (the NoOps the lowering hangs on stateful reads) depend on it. The converter folds
the read into a constant that keeps only the outer branch's predicate, and functionalizing the conds
then fails: "Merge of two inputs that differ on more than one predicate" (measured, TF 2.21: nested
tf.cond and tf.case with 3 branches reading a variable in an inner branch fail; a single cond, a read
in the outer branch only, a 2-way tf.case and a captured constant convert; so do TF1 graphs frozen
with convert_variables_to_constants, whose branches read no variables).
"""

from __future__ import annotations

from typing import Iterator

from . import Hit

_READS = ("Identity", "ReadVariableOp")
_MAX_CHAIN = 64  # Identity/Switch hops followed back to a Const


def folded_nested_read(ctx, rule) -> Iterator[Hit]:
    model = ctx.model
    for node in ctx.live_nodes():
        if node.op not in _READS or node.scope:
            continue
        if not any(d["kind"] == "control" for _, d in model.consumers(node.key)):
            continue
        switches = _switches_back_to_const(model, node.key)
        if switches is not None and switches >= 2:
            yield Hit(node.key, {"switches": switches})


def _switches_back_to_const(model, key) -> int | None:
    """How many Switches the node's data input passes through from a Const (following input 0 of
    Identity and Switch nodes); None when the chain does not start at a Const."""
    switches = 0
    for _ in range(_MAX_CHAIN):
        source = next((src for src, d in model.producers(key) if d["kind"] == "data" and d["index"] == 0), None)
        if source is None:
            return None
        op = model.nodes[source].op
        if op == "Const":
            return switches
        if op == "Switch":
            switches += 1
        elif op != "Identity":
            return None
        key = source
    return None


CHECKS = {"tflite-folded-nested-read": folded_nested_read}
OPTIONS = {"tflite-folded-nested-read": {}}
