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
    """(scope, node name) -> index of the NodeDef in its graph's node list or its function's node_def.
    Nodes are loaded in that order, scope by scope, after each function's argument pseudo-nodes."""
    positions: dict[NodeKey, int] = {}
    counts: dict[str, int] = {}
    for key, node in model.nodes.items():
        if not node.is_arg:
            positions[key] = counts[node.scope] = counts.get(node.scope, -1) + 1
    return positions
