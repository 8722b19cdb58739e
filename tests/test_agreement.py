"""accelcheck's verdicts against the real toolchain, on every fixture model: the TFLite converter
(builtins; with Select TF ops) over all signatures and XLA compilation of each signature.

Prints the agreement; fails on any disagreement not listed with its reason in known_gaps.yaml."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

from accelcheck.confirm.agreement import compare, summarize, table
from accelcheck.discover import discover

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
KNOWN_GAPS = {(g["model"], g["target"]): g["reason"] for g in yaml.safe_load((Path(__file__).parent / "known_gaps.yaml").read_text())}


def test_verdicts_agree_with_the_real_toolchain(capsys):
    models = [m for m in discover([str(FIXTURES / d) for d in ("real", "real-world", "built", "cases")])
              if not m.endswith(".tflite")]
    with ThreadPoolExecutor(2) as pool:  # the toolchain runs in a subprocess per model
        rows = [r for rs in pool.map(compare, models) for r in rs]
    stats = summarize(rows)
    with capsys.disabled():
        print(f"\nagreement with the real toolchain on {len(models)} fixture models: {stats['agree']}/{stats['pairs']} "
              f"(model, target) pairs ({stats['agreement']:.1%}); toolchain failures caught: {stats['caught']}/"
              f"{stats['toolchain_failures']} ({stats['catch_rate']:.1%}); false alarms: {stats['false_alarms']}")
    assert stats["pairs"] > 150, "the toolchain did not run on most fixtures"
    rel = lambda p: str(Path(p).resolve().relative_to(FIXTURES))  # noqa: E731
    unexpected = [r for r in rows if not r.agree and (rel(r.model), r.target) not in KNOWN_GAPS]
    assert not unexpected, "disagreements not listed in known_gaps.yaml:\n" + table(unexpected)
    disagreeing = {(rel(r.model), r.target) for r in rows if not r.agree}
    stale = sorted(set(KNOWN_GAPS) - disagreeing)
    assert not stale, f"known gaps that no longer disagree (remove them): {stale}"
