"""Renderers: Report -> text | json | sarif | github. They only read Reports."""

from .github import render_github
from .json_report import render_json, report_to_dict
from .sarif import render_sarif
from .text import render_text

__all__ = ["render_github", "render_json", "render_sarif", "render_text", "report_to_dict"]
