"""Running one side (original or fixed) in a TF1 graph-mode session: load, feed, fetch twice,
optionally time calls."""

from __future__ import annotations

import math
import statistics
import time

import numpy as np

from .compare import _compare
from .inputs import _CannotGenerate
from .pairing import _Plan, _variants
from .results import Timing
from ...tfruntime import error_line, tf


_WARMUP_CALLS = 3
_MIN_CALLS = 20
_MAX_CALLS = 200
_MIN_TIMED_S = 0.5  # keep calling (up to _MAX_CALLS) until this much time has been measured


class _Session:
    """One model loaded into a fresh graph and session (TF1 graph mode, soft placement)."""

    def __init__(self, model, tags):
        t = tf()
        self.graph = t.Graph()
        start = time.perf_counter()
        with self.graph.as_default():
            config = t.compat.v1.ConfigProto(allow_soft_placement=True)
            self.sess = t.compat.v1.Session(graph=self.graph, config=config)
            try:
                self._load(t, model, tags)
            except BaseException:
                self.sess.close()
                raise
        self.load_s = time.perf_counter() - start

    def _load(self, t, model, tags) -> None:
        from ...tfruntime import restore_meta_graph

        if model.format == "saved_model":
            t.compat.v1.saved_model.loader.load(self.sess, list(model.tags), model.path)  # the chosen MetaGraph
        elif model.format == "meta_graph":
            restore_meta_graph(self.sess, model, initialise_without_checkpoint=False)
        else:
            t.compat.v1.import_graph_def(model.graph_def, name="")
            if any(n.name == "init_all_tables" for n in model.graph_def.node):
                # a frozen graph keeps its table initializer as a plain op; if it fails, the runs say why
                try:
                    self.sess.run(self.graph.get_operation_by_name("init_all_tables"))
                except Exception:  # noqa: BLE001
                    pass

    def run(self, fetches: dict[str, str], feeds: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        with self.graph.as_default():
            out = self.sess.run(fetches, feeds)
        return {k: np.asarray(v) for k, v in out.items()}

    def time_calls(self, fetches: dict[str, str], feeds: dict[str, np.ndarray]) -> tuple[float, int]:
        with self.graph.as_default():
            g = self.graph
            fn = self.sess.make_callable([g.as_graph_element(n) for n in fetches.values()],
                                         feed_list=[g.as_graph_element(n) for n in feeds])
            args = list(feeds.values())
            for _ in range(_WARMUP_CALLS):
                fn(*args)
            times: list[float] = []
            while len(times) < _MIN_CALLS or (sum(times) < _MIN_TIMED_S and len(times) < _MAX_CALLS):
                start = time.perf_counter()
                fn(*args)
                times.append(time.perf_counter() - start)
        return statistics.median(times), len(times)

    def close(self) -> None:
        self.sess.close()


def _warm_runtime() -> None:
    """Start TensorFlow's runtime (devices, thread pools) once, so the first load timed does not pay for it."""
    t = tf()
    g = t.Graph()
    with g.as_default(), t.compat.v1.Session(graph=g) as s:
        s.run(t.constant(1.0) + 1.0)


def _run_model(model, tags, plans: list[_Plan], side_of, seed: int, measure: bool, prefer: str | None):
    """Load one model and run every plan twice; `side_of(plan)` is this model's Side of it.
    Returns (load error, Timing or None)."""
    try:
        session = _Session(model, tags)
    except Exception as e:  # noqa: BLE001 - reported, never raised
        return f"cannot load: {error_line(e)}", None
    try:
        for plan in plans:
            side = side_of(plan)
            if plan.gen_error or side.error:
                continue
            if plan.variants is None:  # generated on the first model that loads, from its graph
                try:
                    plan.variants = _variants(plan, session.graph, side, seed)
                except _CannotGenerate as e:
                    plan.gen_error = f"{plan.name}: {e}"
                    continue
                except Exception as e:  # noqa: BLE001 - a graph this code does not understand
                    plan.gen_error = f"{plan.name}: cannot generate inputs: {error_line(e)}"
                    continue
            order = [plan.chosen] if plan.chosen is not None else range(len(plan.variants))
            runs, error = None, ""
            for i in order:
                try:
                    feeds = plan.feeds(side, i)
                    runs = [session.run(side.fetch, feeds) for _ in range(2)]
                except Exception as e:  # noqa: BLE001 - report the first variant's error
                    error = error or error_line(e)
                    continue
                plan.chosen = i
                break
            side.runs, side.error = runs, ("" if runs is not None else error)
        timing = None
        if measure:
            ran = [p for p in plans if side_of(p).runs is not None]
            chosen = next((p for p in ran if p.name == prefer), ran[0] if ran else None)
            timing = Timing(session.load_s, math.nan, 0, "")
            if chosen is not None:
                side = side_of(chosen)
                try:
                    median, calls = session.time_calls(side.fetch, chosen.feeds(side, chosen.chosen))
                    timing = Timing(session.load_s, median, calls, chosen.name)
                except Exception:  # noqa: BLE001 - it ran twice already; timing is best effort
                    pass
        return "", timing
    finally:
        session.close()


def _first_calls_fresh(model, tags, plans: list[_Plan], rtol: float, atol: float) -> None:
    """For signatures whose original changed between its two calls: is that state or randomness?
    Load the original once more and repeat the first call. If it gives the first call's result
    again, the original is stateful but deterministic (a counter, an assignment), and the fixed
    model's first call must match strictly; only random outputs fall back to a determinism check."""
    changing = [p for p in plans if p.original.runs is not None and not all(
        _compare(p.original.runs[0][k], p.original.runs[1][k], rtol, atol)[2] for k in p.original.fetch)]
    if not changing:
        return
    try:
        session = _Session(model, tags)
    except Exception:  # noqa: BLE001 - it loaded a moment ago; without a second look, stay lenient
        return
    try:
        for plan in changing:
            try:
                plan.orig_fresh = session.run(plan.original.fetch, plan.feeds(plan.original, plan.chosen))
            except Exception:  # noqa: BLE001
                plan.orig_fresh = None
    finally:
        session.close()
