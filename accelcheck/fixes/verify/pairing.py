"""Pairing the original and the fixed model per signature: which tensor feeds and fetches match
(by key, through renamed or inferred signatures), and the input variants to try."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .inputs import _CannotGenerate, _as_input, _check_generable, _value


_INFERRED_ALIASES = ("(inferred)", "serving_default")  # names a frozen graph's one signature goes by


@dataclass
class _Input:
    key: str  # the original's input key (the fixed model's when the original could not be read)
    spec: object  # TensorSpec generated from
    model: object  # the Model that spec belongs to (followed to find ParseExample nodes)
    value: np.ndarray | None = None  # pinned or --inputs value; None: generated
    source: str = "generated"


@dataclass
class Side:
    """One model's half of a signature's comparison: what it is fed and fetches, and what it gave."""

    label: str  # "original" or "fixed": for messages and timings
    feed: dict[str, str]  # input key -> tensor fed (a pinned input the fix removed is not fed)
    fetch: dict[str, str]  # output key -> tensor name (keys compared)
    runs: list[dict] | None = None  # the outputs of its two runs
    error: str = ""  # why it could not run


@dataclass
class _Plan:
    name: str
    inputs: list[_Input]
    original: Side
    fixed: Side
    missing_outputs: list[str] = field(default_factory=list)
    extra_outputs: list[str] = field(default_factory=list)
    variants: list[tuple[dict[str, np.ndarray], str]] | None = None  # (key -> value, label), made on first load
    chosen: int | None = None  # the variant the original (else the fixed model) accepted
    gen_error: str = ""
    orig_fresh: dict | None = None  # the original's first call again, in a fresh session (stateful vs random)

    def feeds(self, side: Side, variant: int) -> dict[str, np.ndarray]:
        values = self.variants[variant][0]
        return {side.feed[i.key]: values[i.key] for i in self.inputs if i.key in side.feed}

    def sources(self) -> dict[str, str]:
        if not self.variants:
            return {i.key: i.source for i in self.inputs}
        values, _ = self.variants[self.chosen or 0]
        by_key = {i.key: i.source for i in self.inputs}
        out = {}
        for key, value in values.items():
            dtype = "string" if value.dtype == np.dtype(object) else str(value.dtype)
            out[key] = f"{by_key[key]} {dtype}{list(value.shape)}"
        return out

    def generated(self) -> bool:
        return any(i.value is None for i in self.inputs)


def _lookup_signature(model, name: str):
    """model.signatures[name]; else the model's only signature when it is an inferred one (a frozen
    graph written as a SavedModel names it serving_default, and a SavedModel written as a frozen
    graph has only "(inferred)")."""
    if name in model.signatures:
        return model.signatures[name]
    sigs = list(model.signatures.values())
    if name in _INFERRED_ALIASES and len(sigs) == 1 and sigs[0].inferred:
        return sigs[0]
    return None


def _match_key(key: str, spec, others: dict) -> str | None:
    if key in others:
        return key
    for k, other in others.items():
        if spec is not None and other.name == spec.name:
            return k
    return None


def _plan(name: str, orig_model, fixed_model, npz, pinned, fixed_name: str | None = None
          ) -> tuple[_Plan | None, str]:
    """What to feed and fetch for one signature, or (None, the reason it cannot be compared).
    `fixed_name`: the fixed model's name for it, when the caller knows; else it is looked for."""
    orig_sig = _lookup_signature(orig_model, name) if orig_model is not None else None
    if orig_model is not None and orig_sig is None:
        return None, f"{name}: not a signature of the original model (it has " \
                     f"{', '.join(sorted(orig_model.signatures)) or 'none'})"
    fixed_sig = fixed_model.signatures.get(fixed_name) if fixed_name else None
    fixed_sig = fixed_sig or _lookup_signature(fixed_model, name)
    if fixed_sig is None and orig_sig is not None and orig_sig.name in fixed_model.signatures:
        fixed_sig = fixed_model.signatures[orig_sig.name]
    if fixed_sig is None and orig_sig is not None and orig_sig.inferred:
        # a frozen graph written as a SavedModel: its one signature became serving_default
        only = list(fixed_model.signatures.values())
        fixed_sig = fixed_model.signatures.get("serving_default") or (only[0] if len(only) == 1 else None)
    if fixed_sig is None and orig_sig is not None and all(
            t.node is not None and t.node in fixed_model.nodes
            for t in list(orig_sig.inputs.values()) + list(orig_sig.outputs.values())):
        # a SavedModel signature written as a frozen graph: the fix keeps node names, so the
        # original's tensors are there to feed and fetch
        fixed_sig = orig_sig
    if fixed_sig is None:
        return None, f"{name}: not a signature of the fixed model (it has " \
                     f"{', '.join(sorted(fixed_model.signatures)) or 'none'})"
    base_sig, base_model = (orig_sig, orig_model) if orig_sig is not None else (fixed_sig, fixed_model)
    pins = dict((pinned or {}).get(base_sig.name, {}))
    pins.update((pinned or {}).get(name, {}))

    inputs, matched, orig_feed, fixed_feed = [], set(), {}, {}
    for key, spec in base_sig.inputs.items():
        fk = _match_key(key, spec, fixed_sig.inputs) if orig_sig is not None else key
        if fk is None and key not in pins:
            return None, (f"{name}: input {key!r} is not an input of the fixed model and has no pinned value "
                          "(pin the value the fix gave it)")
        matched.add(fk)
        inp = _Input(key, spec, base_model)
        if orig_sig is not None:
            orig_feed[key] = spec.name
        if fk is not None:
            fixed_feed[key] = fixed_sig.inputs[fk].name
        if key in pins:
            inp.value, inp.source = _as_input(pins[key], spec), "pinned"
        elif npz is not None and f"{name}/{key}" in npz:
            inp.value, inp.source = _as_input(npz[f"{name}/{key}"], spec), "--inputs"
        elif npz is not None and key in npz:
            inp.value, inp.source = _as_input(npz[key], spec), "--inputs"
        else:
            try:
                _check_generable(base_model, spec.node, spec.dtype)
            except _CannotGenerate as e:
                if fk is None:
                    return None, f"{name}: input {key!r} {e}"
                # the original's spec may be what is broken: try the fixed model's
                try:
                    _check_generable(fixed_model, fixed_sig.inputs[fk].node, fixed_sig.inputs[fk].dtype)
                except _CannotGenerate:
                    return None, f"{name}: input {key!r} {e}"
                inp.spec, inp.model = fixed_sig.inputs[fk], fixed_model
        inputs.append(inp)
    extra_in = [k for k in fixed_sig.inputs if k not in matched]
    if extra_in:
        return None, (f"{name}: input(s) {', '.join(map(repr, extra_in))} of the fixed model are not inputs "
                      "of the original")

    orig_fetch, fixed_fetch, missing, extra = {}, {}, [], []
    if orig_sig is not None:
        used = set()
        for key, spec in orig_sig.outputs.items():
            fk = _match_key(key, spec, fixed_sig.outputs)
            if fk is None:
                missing.append(key)
                continue
            used.add(fk)
            orig_fetch[key], fixed_fetch[key] = spec.name, fixed_sig.outputs[fk].name
        extra = [k for k in fixed_sig.outputs if k not in used]
    else:
        fixed_fetch = {k: s.name for k, s in fixed_sig.outputs.items()}
    if not fixed_fetch and not missing:
        return None, f"{name}: the signature has no outputs to compare"
    return _Plan(name, inputs, Side("original", orig_feed, orig_fetch), Side("fixed", fixed_feed, fixed_fetch),
                 missing, extra), ""


def _resolve(graph, name: str | None, spec) -> tuple[str, tuple | None]:
    """(dtype, shape) to generate for a fed tensor: what the loaded graph says, which can be more
    than the signature says (or right where it is wrong); the signature's dims fill unknown ones."""
    try:
        tensor = graph.get_tensor_by_name(name)
    except Exception:  # noqa: BLE001 - not in this graph: trust the signature
        return spec.dtype, spec.shape
    dtype = tensor.dtype.base_dtype.name
    if tensor.shape.rank is None:
        # a scalar claim the graph contradicts comes from a legacy `shape {}` (= unknown) placeholder
        return dtype, (None if spec.shape == () else spec.shape)
    dims = tensor.shape.as_list()
    if spec.shape is not None and len(spec.shape) == len(dims):
        dims = [d if d is not None else s for d, s in zip(dims, spec.shape)]
    return dtype, tuple(dims)


def _variants(plan: _Plan, graph, side: Side, seed: int) -> list[tuple[dict[str, np.ndarray], str]]:
    """Input sets to try, in order: batch 2; unranked inputs as scalars; batch 1 (each only when it
    changes something). Raises _CannotGenerate."""
    resolved = {}
    for inp in plan.inputs:
        if inp.value is None:
            resolved[inp.key] = _resolve(graph, side.feed.get(inp.key), inp.spec)
    unranked = any(s is None and d not in ("string", "string_ref") for d, s in resolved.values())
    batched = any(s is None or None in s for _, s in resolved.values())
    configs = [(2, False, "")]
    if unranked:
        configs.append((2, True, "inputs of unknown rank as scalars"))
    if batched:
        configs.append((1, False, "batch 1"))
        if unranked:
            configs.append((1, True, "batch 1, inputs of unknown rank as scalars"))
    out, seen = [], set()
    for batch, scalar, label in configs:
        values = {}
        for inp in plan.inputs:
            if inp.value is not None:
                values[inp.key] = inp.value
                continue
            dtype, shape = resolved[inp.key]
            try:
                values[inp.key] = _value(inp.model, inp.spec.node, dtype, shape, inp.key, seed, batch, scalar)
            except _CannotGenerate as e:
                raise _CannotGenerate(f"input {inp.key!r} {e}") from None
        shapes = tuple((k, v.shape) for k, v in values.items())
        if shapes not in seen:
            seen.add(shapes)
            out.append((values, label))
    return out
