"""Variable checks: assignment on a served path, served variables nothing restores, and TF1 ref
variables the TFLite converter rejects."""

from __future__ import annotations

from typing import Iterator

from ...model.dtypes import base_dtype
from ...model.meta import unrestored_variables
from . import Hit


def variable_assignment(ctx, rule) -> Iterator[Hit]:
    """A node that writes a variable and that a signature's outputs depend on (of the variable
    kinds, and dtypes when given, that the rule names)."""
    kinds = set(rule.options["kinds"])
    dtypes = set(rule.options["dtypes"])
    model = ctx.model
    for var in model.variables:
        if var.kind not in kinds or (dtypes and base_dtype(var.dtype) not in dtypes):
            continue
        for writer in var.assigned_by:
            if ctx.is_live(writer):
                yield Hit(writer, {"variable": model.nodes[var.node].name}, related=(model.nodes[var.node].name,))


def unrestored_variable(ctx, rule) -> Iterator[Hit]:
    """A served resource variable nothing in the SavedModel's graph restores (model.meta.unrestored_variables)."""
    for var in unrestored_variables(ctx.model):
        if ctx.is_live(var):
            yield Hit(var)


# The converter's freezing accepts a ref variable only if every user just reads it.
_READERS = {"Identity", "IsVariableInitialized"}


def ref_variable_users(ctx, rule) -> Iterator[Hit]:
    """The converter freezes ref variables in the graph it keeps: what the signatures and the init
    ops run (a main_op that assigns a variable keeps that Assign). A variable there with a kept
    user other than a read fails ("expects all users to be 'tf.Identity'"); initializer Assigns
    that nothing runs are pruned first and do not matter.

    For a MetaGraph + checkpoint the conversion path restores a session and freezes VariableV2
    itself; only the legacy `Variable` op survives that (convert_variables_to_constants skips it)."""
    model = ctx.model
    kept = (ctx.live | model.ancestors(model.init_ops)) if ctx.signatures else frozenset(model.nodes)
    returned = {t.node for name in ctx.signatures for t in model.signatures[name].outputs.values()}
    for var in model.variables:
        if var.kind != "ref" or var.node not in kept:
            continue
        if model.format == "meta_graph" and model.nodes[var.node].op != "Variable":
            continue
        others = sorted({model.nodes[dst].name for dst, data in model.consumers(var.node)
                         if data["kind"] == "data" and dst in kept and model.nodes[dst].op not in _READERS})
        if var.node in returned:  # "Output 0 of node 'counter' has a reference type float_ref"
            others.insert(0, "a signature that returns it as a reference")
        if model.format == "meta_graph":
            others = others or ["(a legacy Variable op, which freezing does not convert)"]
        if others:
            users = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
            yield Hit(var.node, {"users": users}, related=tuple(others))


CHECKS = {"variable-assignment": variable_assignment, "ref-variable-users": ref_variable_users,
          "unrestored-variable": unrestored_variable}

OPTIONS = {"variable-assignment": {"kinds": ["ref", "resource"], "dtypes": []}, "ref-variable-users": {}, "unrestored-variable": {}}
