"""Findings as node data for Google's Model Explorer (ai-edge-model-explorer): each flagged node gets
its codes as the value and its worst severity as the colour, overlaid on the graph Model Explorer draws.

The format is Model Explorer's node-data JSON (model_explorer/node_data_builder.py, 0.1.34): graph id
-> {"name", "results": {node id: {"value", "bgColor", "textColor"}}}. Node ids are positions, not
names (see model/positions.py); graph ids are "main" for the top-level graph and the function name
for a function body.
"""

from __future__ import annotations

import json

from ..errors import AccelcheckError
from ..findings import Report, Severity
from ..model.graph import Model
from ..model.positions import TOP_LEVEL, definition_positions

# The model kinds Model Explorer opens, and the adapter it opens each with (0.1.34: a SavedModel
# through "builtin_tf_direct", a GraphDef in binary or text through "builtin_graphdef"). It has none
# for a bare MetaGraph (.meta): `accelcheck view` draws those itself.
ADAPTERS = {"saved_model": "builtin_tf_direct", "frozen_graph": "builtin_graphdef", "graph_text": "builtin_graphdef"}
MAIN_GRAPH = "main"
FUNCTION_FIRST_NODE = 1  # a function's body nodes follow its GraphInputs node (id 0)

COLOURS = {Severity.ERROR: ("#d93025", "#ffffff"), Severity.WARNING: ("#f9ab00", "#202124"),
           Severity.INFO: ("#8ab4f8", "#202124")}


def explorer_refusal(model: Model) -> str | None:
    """Why Model Explorer cannot show this model as accelcheck checked it (None: it can)."""
    if model.format not in ADAPTERS:
        return f"Model Explorer cannot open a {model.format.replace('_', ' ')}"
    if model.available_tags and sorted(model.tags) != sorted(model.available_tags[0]):
        # It always draws a SavedModel's first MetaGraph.
        first = ",".join(model.available_tags[0]) or "no tags"
        return f"Model Explorer draws only the first MetaGraph (tags {first}), not the one checked"
    return None


def flagged_nodes(report: Report) -> dict[tuple[str, str], list]:
    """(scope, node) -> its findings, worst first, in the order the report names the nodes.
    Findings about the whole model have no node."""
    by_node: dict[tuple[str, str], list] = {}
    for f in report.findings:
        if f.location.node is None:
            continue
        scope = f.location.functions[-1] if f.location.functions else TOP_LEVEL
        by_node.setdefault((scope, f.location.node), []).append(f)
    for findings in by_node.values():
        findings.sort(key=lambda f: (-f.severity, f.code))
    return by_node


def node_data(report: Report, model: Model) -> dict:
    """Model Explorer node data for one checked model."""
    refusal = explorer_refusal(model)
    if refusal:
        raise AccelcheckError(f"{report.model}: {refusal}; `accelcheck view` draws it as HTML instead")
    graphs: dict[str, dict] = {}
    for (graph_id, node_id), findings in _drawn(report, model).items():
        background, text = COLOURS[findings[0].severity]
        codes = " ".join(dict.fromkeys(f.code for f in findings))
        graph = graphs.setdefault(graph_id, {"name": f"accelcheck {report.target}", "results": {}})
        graph["results"][node_id] = {"value": f"{findings[0].severity} {codes}",
                                     "bgColor": background, "textColor": text}
    return graphs


def worst_node(report: Report, model: Model) -> tuple[str, str] | None:
    """(graph id, node id) of the node with the worst findings, the first in the report among
    equals: where the view opens."""
    drawn = _drawn(report, model)  # in the order of the report's findings
    return max(drawn, key=lambda k: drawn[k][0].severity, default=None)


def _drawn(report: Report, model: Model) -> dict[tuple[str, str], list]:
    """(Model Explorer graph id, node id) -> findings, for the flagged nodes it draws."""
    positions = definition_positions(model)
    drawn = {}
    for (scope, name), findings in flagged_nodes(report).items():
        if (scope, name) not in positions:
            continue  # not a NodeDef (a function argument): Model Explorer has no node for it
        node_id = positions[(scope, name)] + (FUNCTION_FIRST_NODE if scope else 0)
        drawn[(scope or MAIN_GRAPH, str(node_id))] = findings
    return drawn


def render_model_explorer(report: Report, model: Model) -> str:
    return json.dumps(node_data(report, model), indent=2, sort_keys=True)
