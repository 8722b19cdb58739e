"""lint(model, pack) -> Report: run every rule of a pack over a model.

A rule yields Hits (a node, or the model as a whole, plus message parameters); this module turns
them into Findings: which signatures use the node (liveness), where it is (signature -> call
chain -> node -> layer), and what severity it gets (dead nodes are skipped or reported as info,
as the rule says).
"""

from __future__ import annotations

import fnmatch
import gc
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .errors import ConfigError
from .findings import Finding, Location, Report, Severity
from .model import Model, NodeKey
from .model.converter_liveness import converter_live
from .rules.checks import CHECKS, Hit
from .rules.checks.tflite import converted_signatures
from .rules.conditions import compile_condition, required_ops
from .rules.pack import Pack, Rule, all_targets


def model_kind(model: Model) -> str:
    """What rules a model can be checked with: "tflite" for a flatbuffer, "graph" for TensorFlow graphs."""
    return "tflite" if model.format == "tflite" else "graph"


@dataclass
class Context:
    """What checks see: the model, the signatures in play and their live sets, and options."""

    model: Model
    pack: Pack
    signatures: list[str]
    options: dict = field(default_factory=dict)

    def __post_init__(self):
        live = converter_live if self.pack.liveness == "converter" else Model.live
        self.live_by_signature = {s: live(self.model, s) for s in self.signatures}
        # Without any signature there is nothing to prune by: what the graph runs is served.
        if not self.signatures:
            self.live = self.model.served()
        elif len(self.signatures) == 1:
            self.live = self.live_by_signature[self.signatures[0]]  # no copy of a million keys
        else:
            self.live = frozenset().union(*self.live_by_signature.values())
        # Arguments and results of a graph written as a function are not ops any converter sees.
        self._lintable = [n for n in self.model.nodes.values() if not n.is_boundary]
        if len(self.live) == len(self.model.nodes):  # all of it (most frozen graphs): no lookup per node
            self._live_nodes = self._lintable
        else:
            self._live_nodes = [n for n in self._lintable if n.key in self.live]
        self._by_op: dict[str, list] | None = None
        self._memo: dict[str, object] = {}

    def is_live(self, key: NodeKey) -> bool:
        return key in self.live

    def live_nodes(self):
        return self._live_nodes

    def all_nodes(self):
        """Every node rules may report, live or not."""
        return self._lintable

    def memo(self, key: str, compute):
        """A value several checks of the pack share, computed once per lint (the GPU delegate's
        verdict per operator, read by GPU001 and by the partition rules)."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def by_op(self) -> dict[str, list]:
        """The lintable nodes by op (an index built once per lint): checks that judge an op
        judge each distinct op once."""
        if self._by_op is None:
            self._by_op = {}
            for node in self._lintable:
                self._by_op.setdefault(node.op, []).append(node)
        return self._by_op

    def nodes_with_ops(self, ops: frozenset[str], live_only: bool) -> list:
        """The lintable nodes whose op is in `ops`."""
        by_op = self.by_op()
        found = [n for op in sorted(ops) for n in by_op.get(op, ())]
        return [n for n in found if n.key in self.live] if live_only else found


@dataclass
class NodeIgnore:
    """Suppress findings by node-name pattern (a model file cannot carry `# noqa`)."""

    pattern: str  # fnmatch pattern on the node name, or "function/node"
    codes: tuple[str, ...] = ()  # code prefixes; empty = all

    def matches(self, finding: Finding) -> bool:
        node = finding.location.node
        if node is None:
            return False
        names = [node] + [f"{fn}/{node}" for fn in finding.location.functions]
        if not any(fnmatch.fnmatchcase(n, self.pattern) for n in names):
            return False
        return not self.codes or any(finding.code.startswith(c) for c in self.codes)


def lint(model: Model, pack: Pack, signature: str | None = None, options: dict | None = None,
         node_ignores: Iterable[NodeIgnore] = ()) -> Report:
    # Rules allocate per node; with millions of long-lived model objects, every full cyclic-GC pass
    # rescans them all, which makes time per node grow with the model. Nothing here forms cycles.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _lint(model, pack, signature, options, node_ignores)
    finally:
        if gc_was_enabled:
            gc.enable()


def _lint(model: Model, pack: Pack, signature: str | None, options: dict | None,
          node_ignores: Iterable[NodeIgnore]) -> Report:
    if signature is not None and signature not in model.signatures:
        known = ", ".join(model.signatures) or "none"
        raise ConfigError(f"{model.path}: no signature {signature!r} (signatures: {known})")
    kind = model_kind(model)
    if not pack.reads(kind):
        readers = ", ".join(p.target for p in all_targets() if p.reads(kind))
        raise ConfigError(f"{model.path}: target {pack.target} checks TensorFlow graphs, and this is an already "
                          f"converted TFLite flatbuffer: check it for {readers}, or check the model it came from")
    signatures = [signature] if signature else _default_signatures(model, pack)
    ctx = Context(model, pack, signatures, dict(options or {}))
    report = Report(model=model.path, format=model.format, target=pack.target, target_title=pack.title,
                    signatures=signatures, tags=list(model.tags) if model.meta_graph is not None else None,
                    not_converted=[] if signature else [s for s in model.signatures if s not in signatures])
    ignores = list(node_ignores)
    seen: set[tuple[str, NodeKey | None]] = set()
    for rule in pack.rules:
        if rule.reads not in (kind, "both"):
            continue
        for hit in _hits(ctx, rule):
            if (rule.code, hit.node) in seen:
                continue
            seen.add((rule.code, hit.node))
            finding = _finding(ctx, rule, hit)
            if finding is None:
                continue
            if any(i.matches(finding) for i in ignores):
                report.suppressed += 1
                continue
            report.findings.append(finding)
    report.findings.sort(key=lambda f: (-f.severity, f.code, f.location.functions, f.location.node or ""))
    return report


def _default_signatures(model: Model, pack: Pack) -> list[str]:
    """The signatures a check covers when none is named: every one, or those the target's converter
    converts when given none (pack `signatures: tflite-converter`)."""
    if pack.signatures == "tflite-converter":
        return converted_signatures(model)
    return list(model.signatures)


def _hits(ctx: Context, rule: Rule) -> Iterator[Hit]:
    if rule.match is not None:
        where = f"rule {rule.code}"
        predicate = compile_condition(rule.match, where)
        ops = required_ops(rule.match, where)
        if ops is not None:  # look only at the nodes that can match
            nodes = ctx.nodes_with_ops(ops, live_only=rule.dead == "skip")
        else:
            nodes = ctx.all_nodes() if rule.dead != "skip" else ctx.live_nodes()
        for node in nodes:
            if predicate(ctx.model, node):
                yield Hit(node.key)
        return
    check = CHECKS.get(rule.check or "")
    if check is None:
        raise ConfigError(f"rule {rule.code} names unknown check {rule.check!r} (known: {', '.join(sorted(CHECKS))})")
    yield from check(ctx, rule)


def _finding(ctx: Context, rule: Rule, hit: Hit) -> Finding | None:
    model = ctx.model
    severity = Severity.parse(hit.severity) if hit.severity else rule.severity
    if hit.node is None:  # about the model as a whole: affects every signature
        params = {"op": "", "node": "", "layer": "", **hit.params}
        location = Location(ctx.signatures[0] if ctx.signatures else None, (), None, None, None)
        return Finding(rule.code, rule.name, severity, hit.confidence or rule.confidence, ctx.pack.target,
                       _format(rule, params), True, location, tuple(ctx.signatures), hit.related, rule.fix)
    node = model.nodes[hit.node]
    users = tuple(s for s in ctx.signatures if hit.node in ctx.live_by_signature[s])
    live = bool(users) or (not ctx.signatures and hit.node in ctx.live)
    if not live:
        if rule.dead == "skip":
            return None
        if rule.dead == "info":
            severity = Severity.INFO
    signature = users[0] if users else None
    functions = tuple(model.call_chain(signature, hit.node)) if node.scope else ()
    location = Location(signature, functions, node.name, node.op, node.layer or None)
    params = {"op": node.op, "node": node.name, "layer": node.layer, "function": node.scope,
              "device": node.device, **hit.params}
    return Finding(rule.code, rule.name, severity, hit.confidence or rule.confidence, ctx.pack.target,
                   _format(rule, params), live, location, users, hit.related, rule.fix)


def _format(rule: Rule, params: dict) -> str:
    try:
        return rule.message.format(**params)
    except (KeyError, IndexError) as e:
        raise ConfigError(f"rule {rule.code}: message refers to unknown field {e}") from None
