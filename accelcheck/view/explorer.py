"""Opening a model in Google's Model Explorer (the optional `accelcheck[view]` extra) with the
findings overlaid as node data."""

from __future__ import annotations

import importlib.util
import json
import logging
import os
from pathlib import Path
from urllib.parse import quote, unquote

from ..errors import AccelcheckError
from ..model.graph import Model
from ..report.model_explorer import ADAPTERS

INSTALL = "pip install 'accelcheck[view]'"


def model_explorer_installed() -> bool:
    return importlib.util.find_spec("model_explorer") is not None


def model_source(model: Model) -> str:
    """The path Model Explorer is given: its SavedModel adapter takes the saved_model.pb path and
    opens the directory (a saved_model.pbtxt in it too)."""
    path = Path(model.path).resolve()
    return str(path / "saved_model.pb") if model.format == "saved_model" and path.is_dir() else str(path)


def serve(model: Model, node_data_file: str, focus: tuple[str, str] | None, host: str, port: int,
          open_browser: bool, verbose: bool) -> None:
    """Start Model Explorer's local server on the model with the node data, opened on the `focus`
    node (graph id, node id); runs until Ctrl+C."""
    if not verbose:
        # Its converter is TensorFlow's C++ graph code (absl logs; the oneDNN notice ignores the log
        # level, and a viewer computes nothing), its server is Flask (a line per request).
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
        logging.getLogger("werkzeug").setLevel(logging.ERROR)
    try:
        import model_explorer
    except ImportError:
        raise AccelcheckError(f"Model Explorer is not installed: {INSTALL}") from None
    config = model_explorer.config()
    config.add_model_from_path(model_source(model), adapterId=ADAPTERS[model.format])
    config.add_node_data_from_path(node_data_file)
    if focus:
        _open_on(config, *focus)
    model_explorer.visualize_from_config(config=config, host=host, port=port, no_open_in_browser=not open_browser)


def _open_on(config, graph_id: str, node_id: str) -> None:
    """Make the address Model Explorer prints and opens select the node's graph and the node.

    Its config API has no such setting, but its web app reads a `uiState` beside the models in the
    address's data (web_app main.js decodeUrl, 0.1.34), so the address is extended with one; the
    extra is pinned by the [view] extra's version range.
    """
    encode = config.to_url_param_value

    def with_ui_state() -> str:
        data = json.loads(unquote(encode()))
        data["uiState"] = {"paneStates": [{"deepestExpandedGroupNodeIds": [], "selectedNodeId": node_id,
                                           "selectedGraphId": graph_id, "selectedCollectionLabel": "",
                                           "widthFraction": 1, "selected": True}]}
        return quote(json.dumps(data))

    config.to_url_param_value = with_ui_state
