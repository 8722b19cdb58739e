"""Comparing the outputs of the two sides within tolerance (numbers, strings, non-finite values)."""

from __future__ import annotations

import math

import numpy as np

from .pairing import _Plan
from .results import OutputDiff


_TINY = np.finfo(np.float64).tiny


def _is_text(a: np.ndarray) -> bool:
    return a.dtype == np.dtype(object) or a.dtype.kind in "SU"


def _compare(ref: np.ndarray, got: np.ndarray, rtol: float, atol: float) -> tuple[float, float, bool, str]:
    """(max_abs, max_rel, ok, note) of `got` against the reference `ref`."""
    ref, got = np.asarray(ref), np.asarray(got)
    if ref.shape != got.shape:
        return math.inf, math.inf, False, f"shape {list(got.shape)} differs from the original's {list(ref.shape)}"
    notes = []
    same_dtype = ref.dtype == got.dtype
    if not same_dtype:
        notes.append(f"dtype {got.dtype} differs from the original's {ref.dtype}")
    if _is_text(ref) or _is_text(got):
        eq = np.array([x == y for x, y in zip(ref.ravel().tolist(), got.ravel().tolist())], dtype=bool)
        bad = int((~eq).sum()) if eq.size else 0
        if bad:
            notes.append(f"{bad} of {ref.size} strings differ")
        return (math.inf if bad else 0.0), (math.inf if bad else 0.0), bad == 0 and same_dtype, "; ".join(notes)
    if ref.size == 0:
        return 0.0, 0.0, same_dtype, "; ".join(notes)
    exact = ref.dtype.kind in "biu" and got.dtype.kind in "biu"
    wide = np.complex128 if (ref.dtype.kind == "c" or got.dtype.kind == "c") else np.float64
    a, b = ref.astype(wide), got.astype(wide)
    both_nan = np.isnan(a) & np.isnan(b)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        diff = np.where((a == b) | both_nan, 0.0, np.abs(a - b))
        diff = np.where(np.isnan(diff), np.inf, diff)  # NaN on one side only, or inf - (-inf)
        rel = np.where(diff == 0, 0.0, diff / np.fmax(np.abs(a), _TINY))
        rel = np.where(np.isnan(rel), np.inf, rel)
    max_abs, max_rel = float(diff.max()), float(rel.max())
    if exact:
        ok = bool(np.array_equal(ref, got))
    else:
        ok = bool(np.allclose(b, a, rtol=rtol, atol=atol, equal_nan=True))
    return max_abs, max_rel, ok and same_dtype, "; ".join(notes)


def _finite(a: np.ndarray) -> bool:
    a = np.asarray(a)
    if _is_text(a) or a.dtype.kind not in "fc":
        return True
    return bool(np.all(np.isfinite(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64))))


def _fmt(x: float) -> str:
    return f"{x:.3g}"


def _compare_plan(plan: _Plan, rtol: float, atol: float) -> list[OutputDiff]:
    out = [OutputDiff(plan.name, k, math.inf, math.inf, False, "missing from the fixed model's outputs")
           for k in plan.missing_outputs]
    if plan.fixed.runs is None:
        msg = f"the fixed model failed: {plan.fixed.error}"
        return out + [OutputDiff(plan.name, k, math.nan, math.nan, False, msg) for k in plan.fixed.fetch]
    f1, f2 = plan.fixed.runs
    if plan.original.runs is None:  # the original could not run: finiteness (and repeatability, as a note)
        for key in plan.fixed.fetch:
            finite = _finite(f1[key]) and _finite(f2[key])
            _, _, same, _ = _compare(f1[key], f2[key], rtol, atol)
            note = "not compared (the original could not run): " + (
                "fixed model's output is finite" if finite else "fixed model's output is NOT finite")
            if not same:
                note += "; it changes between two calls"
            out.append(OutputDiff(plan.name, key, math.nan, math.nan, finite, note))
        return out
    o1, o2 = plan.original.runs
    for key in plan.original.fetch:
        d1 = _compare(o1[key], f1[key], rtol, atol)
        d2 = _compare(o2[key], f2[key], rtol, atol)
        orig_abs, _, orig_same, _ = _compare(o1[key], o2[key], rtol, atol)
        max_abs, max_rel = max(d1[0], d2[0]), max(d1[1], d2[1])
        ok = d1[2] and d2[2]
        note = "; ".join(dict.fromkeys(n for n in (d1[3], d2[3]) if n))
        if orig_same or ok:
            if not orig_same:
                note = "; ".join(n for n in (note, "the original changes from call to call; the fixed model "
                                                   "reproduced both calls") if n)
            out.append(OutputDiff(plan.name, key, max_abs, max_rel, ok, note))
            continue
        fresh = plan.orig_fresh
        if fresh is not None and _compare(o1[key], fresh[key], rtol, atol)[2]:
            # stateful, not random: a fresh load repeats the first call, so first calls must agree
            note = "; ".join(n for n in (d1[3], "the original is stateful (its second call differs); compared "
                                                "first calls after loading") if n)
            out.append(OutputDiff(plan.name, key, d1[0], d1[1], d1[2], note))
            continue
        # the original is not repeatable and the fixed model does not reproduce it
        fa, fr, f_ok, f_note = _compare(f1[key], f2[key], rtol, atol)
        note = ("original is non-deterministic (random ops); compared the fixed model's two runs for "
                f"determinism instead (original's two runs differ by up to {_fmt(orig_abs)}; "
                + ("the fixed model's agree)" if f_ok else f"the fixed model's differ by up to {_fmt(fa)})"))
        if f_note:
            note += f"; {f_note}"
        out.append(OutputDiff(plan.name, key, fa, fr, f_ok, note))
    return out
