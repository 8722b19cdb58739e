"""Command line: `accelcheck MODEL --target T` (check is the default command), inspect, rules, rule, targets.

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 accelcheck could not do its
job (bad input, bad config, unknown target). A user's mistake never shows a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from enum import Enum
from typing import Optional

import typer

from . import __version__
from .errors import AccelcheckError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Will this TensorFlow model run on the accelerator it is meant for? Static checks, no TensorFlow runtime.",
)


class InspectFormat(str, Enum):
    text = "text"
    json = "json"


def _fail(message: str) -> None:
    typer.echo(f"accelcheck: error: {message}", err=True)
    raise typer.Exit(2)


def _tags(tags: Optional[str]) -> Optional[list[str]]:
    return [t.strip() for t in tags.split(",") if t.strip()] if tags else None


@app.command()
def inspect(
    model: str = typer.Argument(..., help="Frozen .pb, .pbtxt, SavedModel directory, or .meta file."),
    format: InspectFormat = typer.Option(InspectFormat.text, "--format", "-f", help="Output format."),
    tags: Optional[str] = typer.Option(None, "--tags", help="MetaGraph tags of a SavedModel (default: serve)."),
) -> None:
    """Show what a model holds: format, signatures, live nodes, ops, variables, devices."""
    from .inspect import inspect_model, render_text
    from .model import load

    try:
        info = inspect_model(load(model, tags=_tags(tags)))
    except AccelcheckError as e:
        _fail(str(e))
    if format is InspectFormat.json:
        typer.echo(json.dumps(info, indent=2))
    else:
        typer.echo(render_text(info))


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"accelcheck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version_callback, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    pass


_COMMANDS = {"inspect", "check", "fix", "rules", "rule", "targets"}


def main(argv: list[str] | None = None) -> None:
    """Console entry point. `accelcheck MODEL ...` means `accelcheck check MODEL ...`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] not in _COMMANDS and not args[0].startswith("-"):
        args.insert(0, "check")
    try:
        app(args=args, prog_name="accelcheck")
    except SystemExit:
        raise
    except Exception as e:  # an accelcheck bug: still one line, unless debugging
        if os.environ.get("ACCELCHECK_DEBUG"):
            raise
        typer.echo(f"accelcheck: internal error: {type(e).__name__}: {' '.join(str(e).split())[:300]} "
                   "(set ACCELCHECK_DEBUG=1 for a traceback)", err=True)
        sys.exit(2)
