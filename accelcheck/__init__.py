"""accelcheck: know before you ship whether a TensorFlow model runs on its accelerator.

    import accelcheck
    report = accelcheck.check("model/", target="tpu")        # findings, verdicts (no TF runtime)
    info = accelcheck.inspect("model/")                      # what `accelcheck inspect --format json` prints
    result = accelcheck.fix("model/", target="tflite", out="fixed/")   # the fix report, as data
"""

__version__ = "0.1.0"


def load_model(path, tags=None):
    """Read any TensorFlow model format into a Model (raises accelcheck.errors.LoadError)."""
    from .model import load

    return load(path, tags=tags)


def _settings(target: str, packs=(), select=None, ignore=None, tags=None, signature=None, options=None):
    from .config import Settings

    return Settings(target=target, packs=tuple(packs), select=tuple(select or ()), ignore=tuple(ignore or ()),
                    tags=tuple(tags) if tags else None, signature=signature, options=tuple((options or {}).items()))


def check(path, target: str, signature: str | None = None, options: dict | None = None, tags=None,
          packs=(), select=None, ignore=None):
    """Lint a model for a target; returns a Report (see accelcheck.findings). `packs` are extra rule
    pack files; `select`/`ignore` code prefixes, as in accelcheck.yaml."""
    settings = _settings(target, packs, select, ignore, tags, signature, options)
    return settings.lint(load_model(path, settings.tags))


def inspect(path, tags=None) -> dict:
    """What `accelcheck inspect --format json` prints, as data."""
    from .inspection import inspect_model

    return inspect_model(load_model(path, tags))


def fix(path, target: str, out: str | None = None, *, packs=(), select=None, ignore=None, tags=None, **options):
    """Fix a model for a target and write it to `out`; returns a FixReport (`.to_dict()` for JSON).
    `options` are those of `accelcheck fix` (output_format, signatures, unsafe, dry_run, inputs,
    rtol, atol, force, measure)."""
    from .fixes.run import fix as run_fix

    return run_fix(str(path), _settings(target, packs, select, ignore, tags), out, **options)


__all__ = ["__version__", "check", "fix", "inspect", "load_model"]
