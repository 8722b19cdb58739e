"""Numerical proof that a fix changed nothing: run the original and the fixed model on the same
inputs and compare every output.

How models run: always TF1 graph mode, each in a fresh ``tf.Graph()`` and
``tf.compat.v1.Session(config=ConfigProto(allow_soft_placement=True))`` (soft placement lets a graph
pinned to /device:GPU:0 run on this CPU):
- SavedModel (TF1 or TF2, with or without variables): ``tf.compat.v1.saved_model.loader.load``, then
  feed and fetch the SignatureDef's tensor names;
- frozen GraphDef (``.pb``/``.pbtxt``): ``tf.compat.v1.import_graph_def(graph_def, name="")``;
- ``.meta``: ``import_meta_graph`` and a restore from the checkpoint beside it.
Signatures (names, tensor names, dtypes, shapes) come from ``accelcheck.model.load`` (fix hands over
the original Model it read, and which signatures it wrote under another name); a frozen graph's is
inferred and named "(inferred)". Each model is one `Side` of every signature's plan (what it is
fed and fetches, what it gave).

Inputs, per signature input, in this order: a pinned value (``pinned[signature][key]``: an input the
fix removed, fed to the original only), ``--inputs FILE.npz`` (key ``signature/key`` or ``key``), else
generated with a seeded generator (see `generate_inputs`). Generated inputs are made once the first
model is loaded, from the dtype and shape its graph gives the fed tensor (more reliable than an old
signature: a legacy `shape {}` placeholder, a SignatureDef with the wrong dtype), the signature's
dims filling unknown ones. When the original rejects them, other variants are tried in order:
inputs of unknown rank as scalars (the usual meaning of an unranked keep_prob / is_training), then
batch 1 (a graph that broadcasts against a batch-1 constant); the variant the original accepted is
the one the fixed model gets.

What is compared, per output:
- each model runs twice on the same inputs in its own session; run i of the fixed model is compared
  with run i of the original (so a stateful counter that counts the same way passes);
- the original gives different results on its two runs and the fixed model does not reproduce them
  (random ops, e.g. dropout left in): the comparison is not meaningful, so the fixed model's two runs
  are compared with each other instead (ok only if the fixed model is deterministic);
- the original cannot load or run at all: ``original_error`` says why, and the fixed model is only
  checked to load, run and give finite outputs (``checked_instead`` says so).

`verify` never raises for a model problem: every TensorFlow exception becomes a one-line reason.
It raises ConfigError only for an unreadable ``--inputs`` file.
"""

from __future__ import annotations

import math

from .compare import _compare_plan
from .inputs import _read_npz, generate_inputs
from .pairing import _Plan, _lookup_signature, _plan
from .results import OutputDiff, Timing, VerifyResult
from ...tfruntime import error_line
from .session import _first_calls_fresh, _run_model, _warm_runtime

__all__ = ["OutputDiff", "Timing", "VerifyResult", "generate_inputs", "verify"]


def _accel_load(path, tags):
    from ...model import Model, load

    if isinstance(path, Model):  # the caller read it already (fix hands over the original)
        return path, ""
    try:
        return load(path, tuple(tags) if tags else None), ""
    except Exception as e:  # noqa: BLE001 - LoadError, or anything a broken file provokes
        return None, error_line(e)


def verify(original_path, fixed_path, signatures: list[str], *, tags=None, inputs_npz: str | None = None,
           pinned: dict[str, dict[str, object]] | None = None, rtol: float = 1e-5, atol: float = 1e-6,
           measure: bool = False, seed: int = 0, renamed: dict[str, str] | None = None) -> VerifyResult:
    """Run the original and the fixed model on the same inputs and compare every output of the
    given signatures (all of the original's when `signatures` is empty). See the module docstring.

    `original_path` may be a Model already read. `renamed` maps an original signature to the fixed
    model's name for it when the caller knows (fix writing a frozen graph's inferred signature as
    serving_default); without it, pairing follows names, the inferred aliases and tensor names.

    `result.ok` is False when an output differs beyond tolerance, an output is missing from the
    fixed model, the fixed model fails, or (when the original cannot run) an output is not finite.
    Signatures that could not be compared at all are listed in `skipped` and do not make it False:
    a caller that needs proof checks `compared` too."""
    result = VerifyResult(ok=True)
    npz = _read_npz(inputs_npz) if inputs_npz else None
    # None: each side's MetaGraph is chosen as the loader chooses it (the only one, whatever its
    # tags), and its session loads the MetaGraph with the tags it has.
    tags = tuple(tags) if tags else None

    orig_model, orig_load_error = _accel_load(original_path, tags)
    fixed_model, fixed_load_error = _accel_load(fixed_path, tags)
    if orig_model is None:
        result.original_error = f"cannot load: {orig_load_error}"
    if fixed_model is None:
        result.ok = False
        result.fixed_error = f"cannot load: {fixed_load_error}"
        result.checked_instead = "nothing: the fixed model cannot be read either" if orig_model is None else ""
        return result

    names = list(signatures) if signatures else sorted((orig_model or fixed_model).signatures)
    plans: list[_Plan] = []
    for name in names:
        try:
            plan, reason = _plan(name, orig_model, fixed_model, npz, pinned, (renamed or {}).get(name))
        except Exception as e:  # noqa: BLE001 - a model this code does not understand
            plan, reason = None, f"{name}: cannot prepare inputs: {error_line(e)}"
        if plan is None:
            result.skipped.append(reason)
        else:
            plans.append(plan)
    for name, pins in (pinned or {}).items():
        sig = _lookup_signature(orig_model, name) if orig_model is not None else None
        stray = sorted(k for k in pins if sig is not None and k not in sig.inputs)
        if stray:
            result.notes.append(f"{name}: pinned value(s) for {', '.join(stray)} not used: "
                                "not inputs of the original's signature")
    if npz is not None:
        wanted = {k for p in plans for i in p.inputs for k in (i.key, f"{p.name}/{i.key}")}
        unused = sorted(set(npz) - wanted)
        if unused:
            result.notes.append(f"--inputs keys not used: {', '.join(unused)}")

    orig_timing = fixed_timing = None
    try:
        # both models are loaded even when no signature can be compared: a fixed model TensorFlow
        # cannot load is never ok
        if measure:
            _warm_runtime()
        if orig_model is not None:
            load_error, orig_timing = _run_model(orig_model, tags, plans, lambda p: p.original, seed, measure, None)
            if load_error:
                result.original_error = load_error
            _first_calls_fresh(orig_model, tags, plans, rtol, atol)
        prefer = orig_timing.signature if orig_timing is not None else None
        load_error, fixed_timing = _run_model(fixed_model, tags, plans, lambda p: p.fixed, seed, measure, prefer)
        if load_error:
            result.fixed_error = load_error
            for p in plans:
                p.fixed.runs, p.fixed.error = None, load_error
    except Exception as e:  # noqa: BLE001 - TensorFlow itself failed to start
        result.ok = False
        result.fixed_error = result.fixed_error or f"cannot run TensorFlow: {error_line(e)}"
        return result

    runnable = []
    for plan in plans:
        if plan.gen_error:
            result.skipped.append(plan.gen_error)
            continue
        runnable.append(plan)
        if plan.original.runs is None:  # the original did not run: nothing of it to compare
            plan.original.fetch, plan.missing_outputs = {}, []
        result.inputs[plan.name] = plan.sources()
        if plan.variants and plan.chosen:
            result.notes.append(f"{plan.name}: the default generated inputs were rejected; used "
                                f"{plan.variants[plan.chosen][1]}")
        try:
            result.compared.extend(_compare_plan(plan, rtol, atol))
        except Exception as e:  # noqa: BLE001 - outputs numpy cannot compare
            result.compared.append(OutputDiff(plan.name, "*", math.nan, math.nan, False,
                                              f"cannot compare the outputs: {error_line(e)}"))
        if plan.extra_outputs:
            result.notes.append(f"{plan.name}: output(s) only in the fixed model, not compared: "
                                f"{', '.join(plan.extra_outputs)}")
    if not result.original_error:
        failed = [p for p in runnable if p.original.error]
        if failed:
            result.original_error = "; ".join(f"{p.name}: {p.original.error}" for p in failed)
    fixed_only = [p for p in runnable if p.original.runs is None]
    if result.original_error and result.fixed_error:
        result.checked_instead = "nothing: the fixed model cannot be loaded either"
    elif result.original_error and not fixed_only:
        result.checked_instead = "the fixed model loads; no signature could be run (see skipped)"
    elif fixed_only:
        names_only = {p.name for p in fixed_only}
        scope = "" if len(fixed_only) == len(runnable) else f" (for {', '.join(sorted(names_only))})"
        kinds = sorted({i.source for p in fixed_only for i in p.inputs if i.key in p.fixed.feed})
        where = " and ".join(kinds) + " inputs" if kinds else "no inputs"
        diffs = [d for d in result.compared if d.signature in names_only]
        if all(p.fixed.runs is None for p in fixed_only):
            hint = (" (if the generated inputs are the cause, give real ones with --inputs)"
                    if any(p.generated() for p in fixed_only) and not result.fixed_error else "")
            result.checked_instead = f"nothing: the fixed model could not run either{scope}{hint}"
        elif all(d.ok for d in diffs):
            result.checked_instead = f"the fixed model loads and runs on {where}; outputs are finite{scope}"
        else:
            result.checked_instead = (f"the fixed model loads and runs on {where}, but some outputs are not "
                                      f"finite or it failed{scope}")
    if measure:
        if orig_timing is not None:
            result.timing["original"] = orig_timing
        if fixed_timing is not None:
            result.timing["fixed"] = fixed_timing
    result.ok = result.ok and not result.fixed_error and all(d.ok for d in result.compared)
    return result
