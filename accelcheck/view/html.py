"""A self-contained HTML view of the findings drawn on the graph: for each graph or function with
findings, the flagged nodes and their direct producers and consumers, laid out left to right in
dataflow order, coloured by severity. No scripts, no network: one file that opens anywhere.

Used where Model Explorer cannot show the model (a bare MetaGraph, a SavedModel's second MetaGraph)
or is not installed, and on request (`accelcheck view --html FILE`).
"""

from __future__ import annotations

import html

import networkx as nx

from ..findings import Report
from ..model.graph import Model
from ..model.positions import TOP_LEVEL
from ..report.model_explorer import COLOURS, flagged_nodes

MAX_NODES = 250  # per graph: flagged nodes first, then neighbours, so a big graph stays readable
BOX_W, BOX_H, GAP_X, GAP_Y, MARGIN = 190, 44, 60, 16, 20
PLAIN = ("#f1f3f4", "#202124")


def render_html(report: Report, model: Model) -> str:
    flagged = flagged_nodes(report)
    scopes = sorted({scope for scope, _ in flagged}, key=lambda s: (s != TOP_LEVEL, s))
    parts = [_HEAD.format(title=html.escape(f"accelcheck {report.target}: {report.model}"))]
    parts.append(f"<h1>{html.escape(report.model)} <small>target {html.escape(report.target)}: "
                 f"{html.escape(report.target_title)}</small></h1>")
    parts.append(_legend(len(report.findings)))
    for scope in scopes:
        title = "top-level graph" if scope == TOP_LEVEL else f"function {scope}"
        parts.append(f"<h2>{html.escape(title)}</h2>")
        parts.append(_svg(model, scope, {name: fs for (s, name), fs in flagged.items() if s == scope}))
    parts.append(_table(report))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _neighbourhood(model: Model, scope: str, names: dict) -> nx.DiGraph:
    keys = [(scope, n) for n in sorted(names) if (scope, n) in model.nodes]
    chosen = dict.fromkeys(keys)
    for key in keys:
        for other, _ in list(model.producers(key)) + list(model.consumers(key)):
            if len(chosen) >= MAX_NODES:
                break
            if other[0] == scope:
                chosen.setdefault(other)
    view = nx.DiGraph()
    view.add_nodes_from(chosen)
    view.add_edges_from((s, d) for s, d in model.graph.subgraph(chosen).edges() if s != d)
    return view


def _columns(view: nx.DiGraph) -> list[list]:
    """Nodes in dataflow order: one column per topological generation (loops collapsed first)."""
    condensed = nx.condensation(view)
    columns = []
    for generation in nx.topological_generations(condensed):
        members = [k for c in generation for k in condensed.nodes[c]["members"]]
        columns.append(sorted(members, key=lambda k: k[1]))
    return columns


def _svg(model: Model, scope: str, findings_by_name: dict) -> str:
    view = _neighbourhood(model, scope, findings_by_name)
    columns = _columns(view)
    where = {}
    for c, column in enumerate(columns):
        for r, key in enumerate(column):
            where[key] = (MARGIN + c * (BOX_W + GAP_X), MARGIN + r * (BOX_H + GAP_Y))
    width = MARGIN * 2 + len(columns) * (BOX_W + GAP_X)
    height = MARGIN * 2 + max((len(c) for c in columns), default=0) * (BOX_H + GAP_Y)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">']
    for src, dst in view.edges():
        (x1, y1), (x2, y2) = where[src], where[dst]
        a, b = (x1 + BOX_W, y1 + BOX_H / 2), (x2, y2 + BOX_H / 2)
        if x2 <= x1:  # an edge inside a loop: from the right side back round
            a, b = (x1 + BOX_W / 2, y1 + BOX_H), (x2 + BOX_W / 2, y2 + BOX_H)
        mid = (a[0] + b[0]) / 2
        out.append(f'<path class="edge" d="M{a[0]},{a[1]} C{mid},{a[1]} {mid},{b[1]} {b[0]},{b[1]}"/>')
    for key, (x, y) in where.items():
        node = model.nodes[key]
        findings = findings_by_name.get(key[1], [])
        fill, ink = COLOURS[findings[0].severity] if findings else PLAIN
        label = " ".join([*dict.fromkeys(f.code for f in findings), node.op])
        tip = "\n".join(f"{f.severity} {f.code}: {f.message}" for f in findings) or node.op
        cls = f"node flagged {findings[0].severity}" if findings else "node"
        out.append(f'<g class="{cls}" data-node="{html.escape(key[1])}"><title>{html.escape(key[1])}\n'
                   f'{html.escape(tip)}</title>'
                   f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="{fill}"/>'
                   f'<text x="{x + 8}" y="{y + 18}" fill="{ink}" class="op">{html.escape(_short(label))}</text>'
                   f'<text x="{x + 8}" y="{y + 35}" fill="{ink}">{html.escape(_short(key[1]))}</text></g>')
    out.append("</svg>")
    return "\n".join(out)


def _short(text: str, room: int = 24) -> str:
    return text if len(text) <= room else "…" + text[-(room - 1):]


def _legend(total: int) -> str:
    items = "".join(f'<span class="key" style="background:{fill};color:{ink}">{severity}</span>'
                    for severity, (fill, ink) in sorted(COLOURS.items(), reverse=True))
    return f"<p>{total} finding(s). {items} Hover a node for its findings.</p>"


def _table(report: Report) -> str:
    rows = "".join(
        f"<tr><td>{f.severity}</td><td>{html.escape(f.code)} {html.escape(f.name)}</td>"
        f"<td>{html.escape(f.location.path())}</td><td>{html.escape(f.message)}</td></tr>"
        for f in report.findings)
    return ("<h2>Findings</h2><table><tr><th>severity</th><th>rule</th><th>where</th><th>what</th></tr>"
            f"{rows}</table>")


_HEAD = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title><style>
body {{ font: 14px system-ui, sans-serif; margin: 20px; color: #202124; }}
h1 small {{ font-weight: normal; color: #5f6368; }}
svg {{ display: block; border: 1px solid #dadce0; margin-bottom: 16px; }}
svg text {{ font: 12px monospace; }} svg text.op {{ font-weight: bold; }}
.edge {{ fill: none; stroke: #9aa0a6; stroke-width: 1.5; }}
.key {{ padding: 2px 8px; border-radius: 4px; margin-right: 4px; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #dadce0; padding: 4px 8px; text-align: left; }}
</style></head><body>"""
