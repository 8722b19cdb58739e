"""disable-dropout (unsafe): make dropout left in an inference graph a no-op.

Training switches become constants (keep_prob-like placeholders 1.0, rate-like 0.0, is_training-
like False), and every live stateful random op becomes zeros of its shape, which turns both
dropout patterns into the identity: floor(keep_prob + 0) = 1 (TF1 nn.dropout) and
0 >= rate -> keep (TF2-style). Unsafe because it changes what the graph computes when a caller
did feed keep_prob < 1: the report says which inputs were fixed and to what.
"""

from __future__ import annotations

from ..opsets import name_pattern, op_set
from .artifact import Artifact
from .base import FixOptions, Pass, PassResult, node_path
from .edit import const_node, make_const_in_place

# The random ops that take their output shape as first input, so a Fill of zeros of that shape
# replaces them; ACC006 flags every stateful random op (rules/data/op_sets.json has both sets).
_RANDOM = op_set("random_from_shape")
# The training-switch names ACC007 reports (rules/data/op_sets.json `names`).
_KEEP = name_pattern("keep_probability")
_RATE = name_pattern("dropout_rate")
_TRAINING = name_pattern("training_flag")


class DisableDropout(Pass):
    name = "disable-dropout"
    safe = False
    summary = "make dropout left in the graph a no-op (keep_prob = 1.0)"

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        model = art.model()
        live = model.served()
        return any(model.nodes[k].op in _RANDOM for k in live)

    def handles(self, finding) -> str:
        if finding.location.op in _RANDOM:
            return ""
        return f"disable-dropout replaces only {', '.join(sorted(_RANDOM))}"

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        import numpy as np

        result = PassResult(self.name, art, changed=False)
        model = art.model()
        live = model.served()
        pinned: dict[str, object] = {}
        for key in sorted(live):
            node = model.nodes[key]
            if node.scope or node.op not in ("Placeholder", "PlaceholderWithDefault"):
                continue
            dtype = node.attr_dtypes().get("dtype", "")
            if _KEEP.search(node.name) and dtype.startswith("float"):
                value = np.array(1.0, dtype=dtype)
            elif _RATE.search(node.name) and dtype.startswith("float"):
                value = np.array(0.0, dtype=dtype)
            elif _TRAINING.search(node.name) and dtype == "bool":
                value = np.array(False)
            else:
                continue
            make_const_in_place(art.node_def(key), value)
            pinned[node.name] = value.item()
            result.modified.append(node_path(key))
            result.notes.append(f"input `{node.name}` is now the constant {value.item()!r}; callers can no longer feed it")
        for key in sorted(live):
            node = model.nodes[key]
            if node.op not in _RANDOM:
                continue
            nd = art.node_def(key)
            dtype = node.attr_dtypes().get("dtype", "float32")
            zero = const_node(f"{node.name}/zero", np.array(0, dtype=dtype), nd.device)
            art.node_defs(key[0]).append(zero)
            shape_input = nd.input[0]
            control = [t for t in nd.input if t.startswith("^")]
            device = nd.device
            nd.Clear()
            nd.name, nd.op, nd.device = node.name, "Fill", device
            nd.input.extend([shape_input, f"{zero.name}:output:0" if key[0] else zero.name] + control)
            nd.attr["T"].type = zero.attr["dtype"].type
            nd.attr["index_type"].type = 3  # DT_INT32
            result.modified.append(node_path(key))
        if result.modified:
            result.notes.append("random ops on the served path now produce zeros: dropout is the identity "
                                "(this changes outputs for callers that fed a keep probability below 1)")
        result.pinned_inputs = pinned
        result.changed = bool(result.modified)
        return result
