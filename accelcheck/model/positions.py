"""Where each NodeDef sits in its graph or function body.

Graph viewers number nodes by that position rather than by name (Google's Model Explorer numbers the
top-level graph's nodes 0, 1, ... and a function's body nodes 1, 2, ..., after a GraphInputs node 0),
so drawing findings on the graph needs the position, not only the name.
"""

from __future__ import annotations

from .graph import Model
from .node import NodeKey

TOP_LEVEL = ""  # the scope of the top-level graph's nodes


def definition_positions(model: Model) -> dict[NodeKey, int]:
    """(scope, node name) -> index of the NodeDef in its graph's node list or its function's node_def."""
    positions: dict[NodeKey, int] = {}
    graph_def = model.graph_def
    if graph_def is None:
        return positions
    for i, node in enumerate(graph_def.node):
        positions[(TOP_LEVEL, node.name)] = i
    for fn in graph_def.library.function:
        name = fn.signature.name
        for i, node in enumerate(fn.node_def):
            positions[(name, node.name)] = i
    return positions
