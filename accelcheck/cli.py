"""Command line: `accelcheck MODEL --target T` (check is the default command), inspect, fix, rules,
rule, targets, baseline, view.

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


def _settings(config: Optional[str], target: Optional[str], no_target: str = "no target: pass --target", **merge):
    """(config, target, Settings, pack) from the config file and the command line. The pack is
    loaded here, so an unknown target or a bad pack fails once, in one line (AccelcheckError)."""
    from .config import Settings, load_config

    cfg = load_config(config)
    chosen = target or cfg.target
    if not chosen:
        _fail(no_target)
    settings = Settings.merge(cfg, chosen, **merge)
    return cfg, chosen, settings, settings.pack()


@app.command()
def inspect(
    model: str = typer.Argument(..., help="Frozen .pb, .pbtxt, SavedModel directory, or .meta file."),
    format: InspectFormat = typer.Option(InspectFormat.text, "--format", "-f", help="Output format."),
    tags: Optional[str] = typer.Option(None, "--tags", help="MetaGraph tags of a SavedModel (default: serve)."),
) -> None:
    """Show what a model holds: format, signatures, live nodes, ops, variables, devices."""
    from .inspection import inspect_model, render_text
    from .model import load

    try:
        info = inspect_model(load(model, tags=_tags(tags)))
    except AccelcheckError as e:
        _fail(str(e))
    if format is InspectFormat.json:
        typer.echo(json.dumps(info, indent=2))
    else:
        typer.echo(render_text(info))


class CheckFormat(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"
    model_explorer = "model-explorer"


class FailOn(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"


def _split(values: Optional[list[str]]) -> list[str]:
    return [v.strip() for value in values or [] for v in value.split(",") if v.strip()]


@app.command()
def check(
    models: list[str] = typer.Argument(..., help="Model files or SavedModel directories."),
    target: Optional[str] = typer.Option(None, "--target", "-t", help="tpu, xla, tflite, tflite-select, elastic-inference."),
    signature: Optional[str] = typer.Option(None, "--signature", "-s", help="Check only this signature (default: all)."),
    format: Optional[CheckFormat] = typer.Option(None, "--format", "-f", help="Output format (default: text; model-explorer: node data for Model Explorer)."),
    fail_on: Optional[FailOn] = typer.Option(None, "--fail-on", help="Exit 1 on findings at or above this severity (default: error)."),
    select: Optional[list[str]] = typer.Option(None, "--select", help="Only these codes or code prefixes (repeat or comma-separate)."),
    ignore: Optional[list[str]] = typer.Option(None, "--ignore", help="Drop these codes or code prefixes."),
    tags: Optional[str] = typer.Option(None, "--tags", help="MetaGraph tags of a SavedModel (default: serve)."),
    config: Optional[str] = typer.Option(None, "--config", help="Config file (default: nearest accelcheck.yaml or pyproject.toml)."),
    ei_accelerator: Optional[str] = typer.Option(None, "--ei-accelerator", help="Elastic Inference accelerator type for the memory check (eia1.medium … eia2.xlarge)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Models checked in parallel (default: the cores)."),
    timeout: float = typer.Option(300.0, "--timeout", help="Seconds one model may take before it is reported as an error (0: no limit)."),
    confirm: bool = typer.Option(False, "--confirm", help="Also run the real toolchain and mark each finding confirmed or not (slow: uses TensorFlow)."),
    verbose: bool = typer.Option(False, "--verbose", help="With --confirm: let TensorFlow's own logs through."),
    baseline: Optional[str] = typer.Option(None, "--baseline", help="Report only findings this baseline file (from `accelcheck baseline`) does not record."),
) -> None:
    """Check models against a target's rule pack (the default command: `accelcheck MODEL --target T`).

    Directories that are not themselves models are searched for models."""
    if verbose:
        os.environ["ACCELCHECK_VERBOSE"] = "1"
    from .discover import check_many, discover
    from .findings import Severity
    from .report import render_github, render_json, render_sarif, render_text
    from .rules.pack import builtin_pack_files

    try:
        known_targets = ", ".join(t for t in builtin_pack_files() if t != "common")
        cfg, chosen, settings, pack = _settings(
            config, target, f"no target: pass --target (one of {known_targets}) or set target in accelcheck.yaml",
            select=_split(select), ignore=_split(ignore), tags=_tags(tags), signature=signature,
            ei_accelerator=ei_accelerator, timeout=timeout)
        threshold = Severity.parse((fail_on.value if fail_on else None) or cfg.fail_on or "error")
        out_format = (format.value if format else None) or cfg.format or "text"
        if out_format not in {f.value for f in CheckFormat}:
            _fail(f"unknown format {out_format!r} in config (text, json, sarif, github, model-explorer)")
        if confirm:
            from .tfruntime import require_tensorflow

            require_tensorflow("--confirm")
        known = None
        if baseline:
            from .baseline import read_baseline

            known = read_baseline(baseline, chosen)
        paths = discover(models, tflite=pack.reads("tflite"))
        drawn = None  # --format model-explorer: the Model, whose node order the node data needs
        if out_format == "model-explorer":
            if len(paths) != 1:
                _fail(f"--format model-explorer writes node data for one model, not {len(paths)}")
            from .model import load

            drawn = load(paths[0], tags=settings.tags)
            results = [(paths[0], settings.lint(drawn), None)]
        else:
            results = check_many(paths, jobs or os.cpu_count() or 1, settings)
    except AccelcheckError as e:
        _fail(str(e))
    reports = [r for _, r, _ in results if r is not None]
    if known is not None:
        from .baseline import apply_baseline

        apply_baseline(reports, known)
        for entry in known.stale:
            typer.echo(f"accelcheck: baseline {baseline}: {entry['code']} {entry['node'] or '(model)'} in "
                       f"{entry['model']} no longer occurs (fixed, or the node renamed): regenerate the baseline",
                       err=True)
    errors = [e for _, _, e in results if e is not None]
    for error in errors:
        typer.echo(f"accelcheck: error: {error}", err=True)
    if not reports:
        raise typer.Exit(2)
    if confirm:
        from .confirm.match import confirm as run_confirm

        for report in reports:
            if sys.stderr.isatty():
                typer.echo(f"  … confirming {report.model} with the real toolchain", err=True)
            report.confirm = run_confirm(report, report.model, tags=settings.tags, signature=signature, pack=pack)
    if pack.notice and out_format == "text":
        typer.echo(f"note: {pack.notice}", err=True)
    if drawn is not None:
        from .report.model_explorer import render_model_explorer

        try:
            typer.echo(render_model_explorer(reports[0], drawn))
        except AccelcheckError as e:
            _fail(str(e))
    else:
        renderers = {"text": render_text, "json": render_json, "sarif": render_sarif, "github": render_github}
        typer.echo(renderers[out_format](reports).rstrip("\n"))
    if errors:
        raise typer.Exit(2)  # some models could not be checked at all
    worst = max((r.worst() for r in reports if r.worst() is not None), default=None)
    raise typer.Exit(1 if worst is not None and worst >= threshold else 0)


@app.command("rules")
def list_rules(
    target: Optional[str] = typer.Option(None, "--target", "-t", help="Only the rules this target runs."),
    format: InspectFormat = typer.Option(InspectFormat.text, "--format", "-f"),
) -> None:
    """List rules: code, name, severity, confidence, target pack."""
    from .rules.pack import all_targets, load_pack

    try:
        packs = [load_pack(target)] if target else all_targets()
    except AccelcheckError as e:
        _fail(str(e))
    seen: dict[str, dict] = {}
    for pack in packs:
        for rule in pack.rules:
            entry = seen.setdefault(rule.code, {"code": rule.code, "name": rule.name, "severity": {},
                                                "confidence": rule.confidence, "defined_in": rule.pack})
            entry["severity"][pack.target] = str(rule.severity)
    rows = sorted(seen.values(), key=lambda r: r["code"])
    if format is InspectFormat.json:
        typer.echo(json.dumps(rows, indent=2))
        return
    for r in rows:
        sev = ", ".join(f"{s} ({t})" for t, s in r["severity"].items()) if len(set(r["severity"].values())) > 1 \
            else next(iter(r["severity"].values()))
        typer.echo(f"{r['code']:<8} {r['name']:<30} {r['confidence']:<10} {sev}")


@app.command("rule")
def explain_rule(code: str = typer.Argument(..., help="Rule code, e.g. TPU001.")) -> None:
    """Explain one rule: what it finds, why it matters, what to do instead."""
    from .rules.pack import all_targets, load_pack

    try:
        packs = [load_pack("common")] + all_targets()
    except AccelcheckError as e:
        _fail(str(e))
    matches = [(p, p.rule(code.upper())) for p in packs if p.rule(code.upper())]
    if not matches:
        _fail(f"no rule {code!r} (accelcheck rules lists them)")
    rule = next(r for p, r in matches if r.pack == p.target) if any(r.pack == p.target for p, r in matches) else matches[0][1]
    targets = sorted({p.target for p, _ in matches if p.target != "common"})
    docs = rule.docs
    lines = [f"{rule.code} {rule.name}", "",
             f"Severity: {rule.severity} · Confidence: {rule.confidence} · Targets: {', '.join(targets)}", ""]
    for title, key in (("What it does", "what"), ("Why it matters", "why"), ("Example", "example"),
                       ("What to do instead", "instead"), ("Fix", "fix")):
        if docs.get(key):
            lines += [f"## {title}", docs[key].strip(), ""]
    if docs.get("references"):
        lines += ["## References"] + [f"- {ref}" for ref in docs["references"]]
    typer.echo("\n".join(lines).rstrip())


@app.command("targets")
def list_targets() -> None:
    """List targets with their status and the data their rules rely on."""
    from .rules.pack import all_targets

    try:
        packs = all_targets()
    except AccelcheckError as e:
        _fail(str(e))
    for pack in packs:
        status = " (legacy)" if pack.status == "legacy" else ""
        typer.echo(f"{pack.target:<18} {pack.title}{status}  [{len(pack.rules)} rules]")
        for src in pack.data_sources():
            version = f" {src['version']}" if src["version"] else ""
            typer.echo(f"{'':<18}   {src['table']}: {src['source']}{version}")
        if pack.notice:
            typer.echo(f"{'':<18}   note: {pack.notice}")


class OutputFormat(str, Enum):
    saved_model = "saved-model"
    frozen = "frozen"


@app.command()
def fix(
    model: str = typer.Argument(..., help="Model file or SavedModel directory (never modified)."),
    target: Optional[str] = typer.Option(None, "--target", "-t", help="Target whose findings to fix."),
    out: Optional[str] = typer.Option(None, "--out", "-o", help="Where to write the fixed model."),
    output_format: Optional[OutputFormat] = typer.Option(None, "--output-format", help="Default: the input's kind."),
    signature: Optional[list[str]] = typer.Option(None, "--signature", "-s", help="Keep only these signatures."),
    unsafe_fixes: bool = typer.Option(False, "--unsafe-fixes", help="Also apply fixes that change behaviour (each explained)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the plan and the findings each step removes."),
    inputs: Optional[str] = typer.Option(None, "--inputs", help="Verification inputs (.npz keyed by input name)."),
    rtol: float = typer.Option(1e-5, "--rtol", help="Relative tolerance for verification."),
    atol: float = typer.Option(1e-6, "--atol", help="Absolute tolerance for verification."),
    force: bool = typer.Option(False, "--force", help="Replace a non-empty OUT."),
    measure: bool = typer.Option(False, "--measure", help="Also measure load time and latency, before and after."),
    format: InspectFormat = typer.Option(InspectFormat.text, "--format", "-f", help="Report format."),
    tags: Optional[str] = typer.Option(None, "--tags", help="MetaGraph tags of a SavedModel (default: serve)."),
    config: Optional[str] = typer.Option(None, "--config", help="Config file."),
    verbose: bool = typer.Option(False, "--verbose", help="Let TensorFlow's own logs through (and the model's Print ops)."),
) -> None:
    """Freeze, strip and clean a model for a target; verify it numerically; write it to OUT."""
    if verbose:
        os.environ["ACCELCHECK_VERBOSE"] = "1"
    from .fixes.run import fix as run_fix
    from .report.fix_text import render_fix_text

    progress = None
    if format is InspectFormat.text and sys.stderr.isatty():
        progress = lambda step: typer.echo(f"  … {step}", err=True)  # noqa: E731 - one-line progress
    try:
        _, _, settings, _ = _settings(config, target, tags=_tags(tags))
        report = run_fix(model, settings, out,
                         output_format=output_format.value if output_format else None,
                         signatures=_split(signature), unsafe=unsafe_fixes, dry_run=dry_run, inputs=inputs,
                         rtol=rtol, atol=atol, force=force, measure=measure, progress=progress)
    except AccelcheckError as e:
        _fail(str(e))
    if format is InspectFormat.json:
        typer.echo(json.dumps(report.to_dict(), indent=2, default=str))
    else:
        typer.echo(render_fix_text(report).rstrip("\n"))
    raise typer.Exit(report.exit_code)


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


@app.command("baseline")
def baseline_command(
    models: list[str] = typer.Argument(..., help="Model files or SavedModel directories."),
    target: Optional[str] = typer.Option(None, "--target", "-t", help="The target the baseline is for."),
    out: str = typer.Option(..., "--out", "-o", help="The baseline file to write (JSON)."),
    tags: Optional[str] = typer.Option(None, "--tags", help="MetaGraph tags of a SavedModel (default: serve)."),
    config: Optional[str] = typer.Option(None, "--config", help="Config file."),
) -> None:
    """Record today's findings, so that `check --baseline FILE` reports only new ones."""
    from .baseline import write_baseline
    from .discover import check_many, discover

    try:
        _, chosen, settings, pack = _settings(config, target, tags=_tags(tags))
        results = check_many(discover(models, tflite=pack.reads("tflite")), os.cpu_count() or 1, settings)
        errors = [e for _, _, e in results if e is not None]
        if errors:  # a baseline silently missing a model would hide its findings later
            for error in errors:
                typer.echo(f"accelcheck: error: {error}", err=True)
            _fail(f"nothing written to {out}: {len(errors)} model(s) could not be checked")
        reports = [r for _, r, _ in results]
        count = write_baseline(reports, chosen, out)
    except AccelcheckError as e:
        _fail(str(e))
    typer.echo(f"wrote {out}: {count} finding(s) of {len(reports)} model(s) for {chosen}")


@app.command("view")
def view_command(
    model: str = typer.Argument(..., help="Model file or SavedModel directory."),
    target: Optional[str] = typer.Option(None, "--target", "-t", help="The target whose findings to draw."),
    signature: Optional[str] = typer.Option(None, "--signature", "-s", help="Only this signature's findings."),
    tags: Optional[str] = typer.Option(None, "--tags", help="MetaGraph tags of a SavedModel (default: serve)."),
    config: Optional[str] = typer.Option(None, "--config", help="Config file."),
    html: Optional[str] = typer.Option(None, "--html", help="Write a self-contained HTML view to this file instead."),
    port: int = typer.Option(8080, "--port", help="Model Explorer's port (the next free one from 8080 by default)."),
    host: str = typer.Option("localhost", "--host", help="Model Explorer's host."),
    no_open: bool = typer.Option(False, "--no-open", help="Do not open a browser; print the address."),
    verbose: bool = typer.Option(False, "--verbose", help="Let Model Explorer's own logs through."),
) -> None:
    """Draw the findings on the graph: Model Explorer with an overlay (accelcheck[view]), or HTML."""
    from .view import show

    try:
        _, _, settings, _ = _settings(config, target, tags=_tags(tags), signature=signature)
        show(model, settings, html_out=html, host=host, port=port, open_browser=not no_open, verbose=verbose,
             say=lambda line: typer.echo(line, err=True))
    except AccelcheckError as e:
        _fail(str(e))


_COMMANDS = {"inspect", "check", "fix", "rules", "rule", "targets", "baseline", "view"}


def entry() -> None:
    """The console script and `python -m accelcheck`: main(), then, unless TensorFlow was loaded
    (its exit handlers are left to run), out with os._exit rather than tearing the interpreter
    down. Freeing what a check built, object by object, buys nothing at exit: 30 ms of a ResNet-50
    check's 250, and with the model kept (discover.keep_models_until_exit) 0.4 s at a million nodes."""
    from .discover import keep_models_until_exit

    keep_models_until_exit()
    try:
        main()
        code = 0
    except SystemExit as e:
        code = e.code
    if "tensorflow" in sys.modules:
        sys.exit(code)
    if not isinstance(code, int):
        if code is not None:
            print(code, file=sys.stderr)
        code = 0 if code is None else 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more can reach it
            pass
    os._exit(code)


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
