"""The pass contract and the pass manager, on real fixture models: each pass's postcondition,
findings recorded per pass, edits that invalidate the analysis themselves, the planner reading
contracts instead of special cases, and the fixed point."""

from __future__ import annotations

from pathlib import Path

import pytest

from accelcheck.config import Settings
from accelcheck.errors import AccelcheckError
from accelcheck.fixes.artifact import Artifact
from accelcheck.fixes.base import FixOptions, FixRefused, PassResult, apply_pass, run_passes
from accelcheck.fixes.clear_devices import ClearDevices
from accelcheck.fixes.edit import remove_nodes
from accelcheck.fixes.run import PASSES, plan
from accelcheck.fixes.strip_debug import StripDebug
from accelcheck.model import load

BUILT = Path(__file__).resolve().parent.parent / "fixtures" / "built"


def _artifact(name: str) -> Artifact:
    return Artifact.from_model(load(BUILT / name))


def _lint(target: str):
    settings = Settings(target=target)
    pack = settings.pack()
    return lambda model: settings.lint(model, pack)


def test_each_pass_records_the_findings_it_removed():
    art = _artifact("tf1_print_frozen.pb")
    fixed, results = run_passes(art, [StripDebug()], FixOptions(), lint=_lint("tpu"))
    assert [r.name for r in results] == ["strip-debug"]
    assert results[0].fixed == ["ACC005 assert_x/Assert", "ACC005 check_hidden", "ACC005 print_hidden",
                                "TPU008 print_hidden"]
    assert results[0].introduced == []
    assert sorted(results[0].removed) == ["assert_x/Assert", "check_hidden", "print_hidden"]
    assert not any(n.op in ("Print", "Assert", "CheckNumerics") for n in fixed.model().real_nodes())


def test_a_pass_that_does_not_meet_its_postcondition_is_refused():
    class Forgetful(StripDebug):  # claims strip-debug's contract, changes nothing
        def run(self, art, opts):
            return PassResult(self.name, art, changed=False)

    with pytest.raises(FixRefused, match=r"strip-debug: did not finish its job \(3 debug op\(s\) remain"):
        apply_pass(_artifact("tf1_print_frozen.pb"), Forgetful(), FixOptions())


def test_edits_invalidate_the_analysis_without_being_told():
    art = _artifact("tf1_print_frozen.pb")
    assert ("", "print_hidden") in art.model().nodes
    source = art.model().nodes[("", "print_hidden")].data_inputs()[0]
    consumers = [k for k, _ in art.model().consumers(("", "print_hidden"))]
    for key in consumers:  # rewire its readers to its input, then remove it: no changed() call
        nd = art.node_def(key)
        nd.input[:] = [source if t == "print_hidden" else t for t in nd.input]
    remove_nodes(art, {("", "print_hidden")})
    assert ("", "print_hidden") not in art.model().nodes


def test_the_manager_repeats_to_a_fixed_point():
    """Round 1 strips debug ops; the replan asks for clear-devices, which has work (round 2), then
    for it again, which has none left: the manager stops."""
    art = _artifact("tf2_print")
    asked = []

    def replan(report, current):
        asked.append(sorted({f.code for f in report.findings}))
        return [ClearDevices()]

    fixed, results = run_passes(art, [StripDebug()], FixOptions(), lint=_lint("tpu"), replan=replan)
    assert [r.name for r in results] == ["strip-debug", "clear-devices"]
    assert len(asked) == 2
    assert not any(n.device for n in fixed.model().real_nodes())


def test_the_planner_reads_the_contracts():
    """Freezing brings what must run before it (drop-assignments: this model writes a variable on
    its served path) and the cleanups after it that have work, from the passes' declarations."""
    art = _artifact("tf1_assign_serving")
    pack = Settings(target="tpu").pack()
    report = _lint("tpu")(art.model())
    planned, needs_unsafe, _ = plan(art, report, pack, FixOptions(), "frozen")
    assert [(p.name, p.reason) for p in planned] == [
        ("freeze-variables", "2 finding(s)"),
        ("remove-identity-chains", "drop the variable `/read` identities left by freezing"),  # no training nodes
        ("prune-for-frozen", "a frozen GraphDef keeps no signatures: its unused nodes would read as outputs")]
    assert [n.split(":")[0] for n in needs_unsafe] == ["drop-assignments"]
    planned, needs_unsafe, _ = plan(art, report, pack, FixOptions(unsafe=True), "frozen")
    assert [p.name for p in planned] == ["drop-assignments", "freeze-variables", "remove-identity-chains",
                                         "prune-for-frozen"]
    assert needs_unsafe == []


def test_pass_order_honours_every_contract():
    order = list(PASSES)
    for name, cls in PASSES.items():
        assert all(order.index(d) < order.index(name) for d in cls.runs_first), name
        assert all(order.index(d) > order.index(name) for d in cls.followed_by), name


def test_a_refusal_is_an_accelcheck_error_with_one_line():
    class Broken(ClearDevices):
        def run(self, art, opts):
            art.graph_def.node[0].input.append("does_not_exist")
            return PassResult(self.name, art, changed=True)

    with pytest.raises(AccelcheckError) as e:
        apply_pass(_artifact("tf1_print_frozen.pb"), Broken(), FixOptions())
    assert "produced an invalid graph" in str(e.value) and "\n" not in str(e.value)
