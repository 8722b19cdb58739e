"""`accelcheck view`: the findings drawn on the graph. In Google's Model Explorer when it is installed
and can open the model, otherwise (or with --html) as a self-contained HTML page."""

from __future__ import annotations

import os
import tempfile
import webbrowser
from pathlib import Path
from typing import Callable

from ..files import write_text_atomically
from ..model import load
from ..report.model_explorer import explorer_refusal, render_model_explorer, worst_node
from .explorer import INSTALL, model_explorer_installed, serve
from .html import render_html


def show(path: str, settings, *, html_out: str | None, host: str, port: int, open_browser: bool,
         verbose: bool, say: Callable[[str], None]) -> None:
    model = load(path, tags=settings.tags)
    report = settings.lint(model)
    drawn = sum(1 for f in report.findings if f.location.node)
    say(f"{path}: {len(report.findings)} finding(s) for {report.target}, {drawn} on nodes")
    reason = None
    if html_out is None:
        reason = explorer_refusal(model)
        if reason is None and not model_explorer_installed():
            reason = f"Model Explorer is not installed ({INSTALL})"
    if html_out is None and reason is None:
        with tempfile.TemporaryDirectory(prefix="accelcheck-view-") as tmp:
            node_data = write_text_atomically(Path(tmp, "accelcheck-node-data.json"),
                                              render_model_explorer(report, model), "node data")
            serve(model, str(node_data), worst_node(report, model), host, port, open_browser, verbose)
        return
    if reason:
        say(f"{reason}: drawing the findings as HTML instead")
    if html_out is None:
        handle, html_out = tempfile.mkstemp(prefix=f"accelcheck-{Path(path).name}-", suffix=".html")
        os.close(handle)
    out = write_text_atomically(html_out, render_html(report, model), "HTML view")
    say(f"wrote {out}")
    if open_browser:
        webbrowser.open(out.resolve().as_uri())
