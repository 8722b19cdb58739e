"""Findings drawn on the graph: `check --format model-explorer` node data, checked against Model
Explorer's own converter; `accelcheck view` in Model Explorer and as HTML, looked at in a real
headless Chromium (screenshots kept in test-output/view/)."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from conftest import built, cli_command, cli_env, real, run_cli

SHOTS = Path(__file__).parent.parent / "test-output" / "view"
ERROR_RGB, WARNING_RGB = (0xD9, 0x30, 0x25), (0xF9, 0xAB, 0x00)  # report/model_explorer.py COLOURS
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def _adapter_graphs(path: Path, saved_model: bool) -> dict[str, dict[str, dict]]:
    """Model Explorer's own conversion of the model: graph id -> node id -> node."""
    import ai_edge_model_explorer_adapter as adapter

    convert = adapter.ConvertSavedModelDirectlyToJson if saved_model else adapter.ConvertGraphDefDirectlyToJson
    collections = json.loads(convert(adapter.VisualizeConfig(), str(path)))
    return {g["id"]: {n["id"]: n for n in g["nodes"]} for c in collections for g in c["subgraphs"]}


def _unnumbered(function: str) -> str:
    """A traced function's name without the number TensorFlow gave it when the fixture was built."""
    return re.sub(r"_\d+$", "", function)


@pytest.mark.parametrize("path, saved_model, expected", [
    (built("tf1_print_frozen"), False, {
        ("main", "x"): "warning TPU004", ("main", "print_hidden"): "error TPU008 ACC005",
        ("main", "check_hidden"): "warning ACC005", ("main", "assert_x/Assert"): "warning ACC005"}),
    (built("tf2_print"), True, {
        ("main", "serving_default_x"): "warning TPU004",
        ("__inference_serve", "print_x"): "error TPU008 ACC005",
        ("__inference_serve", "print_x_format"): "error TPU008",
        ("assert_x_Assert_AssertGuard_false", "assert_x/Assert/AssertGuard/Assert"): "warning ACC005"}),
    (real("tf-serving/counter"), True, {
        ("main", "counter"): "error TPU005", ("main", "incr_counter_by_op/AssignAdd"): "error TPU005",
        ("main", "incr_counter_op/AssignAdd"): "error TPU005", ("main", "reset_counter_op/Assign"): "error TPU005",
        ("main", "delta"): "warning TPU004"}),
])
def test_node_data_lands_on_the_flagged_nodes_in_model_explorers_own_graph(path, saved_model, expected):
    code, out, err = run_cli("check", str(path), "--target", "tpu", "--format", "model-explorer")
    assert code == 1, err
    data = json.loads(out)
    graphs = _adapter_graphs(path, saved_model)
    drawn = {}
    for graph_id, graph in data.items():
        assert graph["name"] == "accelcheck tpu"
        for node_id, result in graph["results"].items():
            node = graphs[graph_id][node_id]  # the id exists in the graph Model Explorer builds...
            drawn[(_unnumbered(graph_id), node["namespace"])] = result["value"]  # ...and is the flagged node
            rgb = ERROR_RGB if result["value"].startswith("error") else WARNING_RGB
            assert result["bgColor"] == "#%02x%02x%02x" % rgb
    assert drawn == expected


def test_model_explorer_format_refuses_what_model_explorer_cannot_show():
    code, out, err = run_cli("check", str(built("tf1_meta")), "-t", "tpu", "-f", "model-explorer")
    assert (code, out) == (2, "")
    assert err.strip() == (f"accelcheck: error: {built('tf1_meta')}: Model Explorer cannot open a "
                           "meta graph; `accelcheck view` draws it as HTML instead")
    code, out, err = run_cli("check", str(real("tf-serving")), "-t", "tpu", "-f", "model-explorer")
    assert code == 2 and out == "" and "writes node data for one model, not " in err
    code, out, err = run_cli("check", str(built("tf2_multi_meta")), "-t", "tpu", "--tags", "gpu,serve",
                             "-f", "model-explorer")
    assert code == 2 and "draws only the first MetaGraph (tags serve), not the one checked" in err


# ----- in a real browser -----

def _browser() -> str:
    found = next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)
    if found is None:
        pytest.fail("no Chromium for the view tests: `make test` installs Debian's chromium", pytrace=False)
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def _colour_pixels(png: bytes, rgb: tuple[int, int, int], box: tuple[int, int, int, int]) -> int:
    """Pixels within a small distance of `rgb` inside `box` (left, top, right, bottom)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    return sum(n for n, px in image.getcolors(maxcolors=1 << 24) if sum(abs(a - b) for a, b in zip(px, rgb)) < 24)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    # Flags: the machine's network is closed; background connections only produce errors.
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=_browser(), args=[
            "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
        yield b
        b.close()


def _serve(model: Path, port: int) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(cli_command("view", str(model), "-t", "tpu", "--no-open", "--port", str(port)),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**cli_env(), "PYTHONUNBUFFERED": "1"})
    lines = []
    deadline = time.time() + 120
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = re.search(rf"http://localhost:{port}/\?data=\S+", line)
        if found:
            return proc, found.group(0)
    proc.kill()
    pytest.fail("accelcheck view printed no address:\n" + "".join(lines))


def _screenshot(page, name: str, box, rgb, at_least: int) -> bytes:
    """Screenshots until the colour shows (the graph is drawn with WebGL a moment after the page loads)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for _ in range(20):
        png = page.screenshot(path=str(SHOTS / name))
        if _colour_pixels(png, rgb, box) >= at_least:
            return png
        time.sleep(1)
    return png


@pytest.mark.parametrize("model, graph, node_text", [
    # A frozen graph: the flagged top-level nodes, red for the error, amber for the warnings.
    (built("tf1_print_frozen"), "main", "error TPU008 ACC005"),
    # A TF2 SavedModel: its findings are inside a function; the view opens on that function.
    (built("tf2_print"), "__inference_serve_", "error TPU008"),
])
def test_view_opens_model_explorer_with_the_findings_drawn(browser, model, graph, node_text):
    proc, url = _serve(model, _free_port())
    try:
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.goto(url)
        # The node data arrived (its side panel lists the flagged node's value) and the graph with
        # the worst finding is open (the graph selector names it). The graph itself is WebGL: pixels.
        page.get_by_text(node_text).first.wait_for(state="attached", timeout=90_000)
        assert page.get_by_text(re.compile("^" + re.escape(graph))).filter(visible=True).count() >= 1
        graph_area = (0, 50, 1200, 1000)
        png = _screenshot(page, f"model-explorer-{model.name}.png", graph_area, ERROR_RGB, 500)
        assert _colour_pixels(png, ERROR_RGB, graph_area) >= 500, "no node drawn red in the graph"
        if model.suffix == ".pb":
            assert _colour_pixels(png, WARNING_RGB, graph_area) >= 500, "no node drawn amber in the graph"
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert proc.returncode is not None


def test_view_falls_back_to_html_for_what_model_explorer_cannot_open(browser, tmp_path):
    meta = built("tf1_meta")
    code, out, err = run_cli("view", str(meta), "-t", "tpu", "--no-open")
    assert code == 0, err
    assert "Model Explorer cannot open a meta graph: drawing the findings as HTML instead" in err
    written = Path(re.search(r"wrote (\S+\.html)", err).group(1))
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(written.as_uri())
    assert [e.get_attribute("data-node") for e in page.query_selector_all("g.flagged")] == ["x"]
    png = _screenshot(page, "html-tf1_meta.png", (0, 0, 1200, 800), WARNING_RGB, 500)
    assert _colour_pixels(png, WARNING_RGB, (0, 0, 1200, 800)) >= 500
    written.unlink()

    # --html on any model: the errors in red, each flagged node once, the rest of its neighbourhood plain.
    out_file = tmp_path / "counter.html"
    code, out, err = run_cli("view", str(real("tf-serving/counter")), "-t", "tpu", "--no-open", "--html", str(out_file))
    assert code == 0 and f"wrote {out_file}" in err
    page.goto(out_file.as_uri())
    flagged = {e.get_attribute("data-node"): e.get_attribute("class") for e in page.query_selector_all("g.flagged")}
    assert flagged == {"counter": "node flagged error", "incr_counter_by_op/AssignAdd": "node flagged error",
                       "incr_counter_op/AssignAdd": "node flagged error", "reset_counter_op/Assign": "node flagged error",
                       "delta": "node flagged warning"}
    assert "counter/read" in {e.get_attribute("data-node") for e in page.query_selector_all("g.node")}
    png = _screenshot(page, "html-counter.png", (0, 0, 1200, 800), ERROR_RGB, 2000)
    assert _colour_pixels(png, ERROR_RGB, (0, 0, 1200, 800)) >= 2000
    page.close()


def test_view_says_what_is_wrong_in_one_line():
    code, out, err = run_cli("view", "no/such/model.pb", "-t", "tpu", "--no-open")
    assert code == 2 and err.startswith("accelcheck: error: ") and len(err.strip().splitlines()) == 1
    code, out, err = run_cli("view", str(built("tf1_print_frozen")), "--no-open")
    assert (code, err.strip()) == (2, "accelcheck: error: no target: pass --target")
