"""Fix passes: the only code that changes a model, always on a private copy (see base.py)."""
