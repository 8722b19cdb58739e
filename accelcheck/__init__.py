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


def check(path, target: str, signature: str | None = None, options: dict | None = None, tags=None,
          packs=(), select=None, ignore=None):
    """Lint a model for a target; returns a Report (see accelcheck.findings). `packs` are extra rule
    pack files; `select`/`ignore` code prefixes, as in accelcheck.yaml."""
    from .engine import lint
    from .rules.pack import load_pack

    pack = load_pack(target, tuple(packs)).select(select, ignore)
    return lint(load_model(path, tags), pack, signature=signature, options=options)


def inspect(path, tags=None) -> dict:
    """What `accelcheck inspect --format json` prints, as data."""
    from .inspection import inspect_model

    return inspect_model(load_model(path, tags))


def fix(path, target: str, out: str | None = None, **options):
    """Fix a model for a target and write it to `out`; returns a FixReport (`.to_dict()` for JSON)."""
    from .fixes.run import fix as run_fix

    return run_fix(str(path), target, out, **options)


__all__ = ["__version__", "check", "fix", "inspect", "load_model"]
