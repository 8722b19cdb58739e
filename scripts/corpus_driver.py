"""What every scripts/build_corpus*.py corpus shares: a registry of model builders and the command
line that builds them, lists them, loads them back, and writes MANIFEST.txt.

    corpus = Corpus("fresh2", frozen_kinds={"tf1-frozen", "tf2-frozen"})

    @corpus.model("g_name", "keras-export", "one honest line on what the model contains")
    def build(out: Path): ...

    sys.exit(corpus.main(__doc__, setup=_imports, check=corpus.runner(FEEDS)))

A build writes into a temporary path renamed into place once complete, so an interrupted run leaves
no half-written model; models that exist are skipped unless --force or named with --only. Keras is
reset and seeded before each model, so a rebuild gives the same weights. `--check` loads each model back;
`runner(feeds)` makes it also run the model once (run_model) on generic inputs (dummy_inputs), `feeds` giving
the few inputs that need real values (ids in range, lengths, masks, strings).
"""

from __future__ import annotations

import argparse
import shutil
import time
import traceback
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent


class Corpus:
    def __init__(self, name: str, frozen_kinds: set[str]):
        self.out = ROOT / "bench" / "out" / name
        self.builders: dict[str, tuple[Callable[[Path], None], str, str]] = {}  # name -> (build, kind, description)
        self.frozen_kinds = frozenset(frozen_kinds)

    def model(self, name: str, kind: str, desc: str):
        """Register `build(out_path)` under `name`."""
        def deco(fn):
            self.builders[name] = (fn, kind, desc)
            return fn
        return deco

    def path(self, name: str) -> Path:
        """Where a model is written: <name>.pb for a frozen GraphDef, else a SavedModel directory."""
        return self.out / (name + (".pb" if self.builders[name][1] in self.frozen_kinds else ""))

    def main(self, doc: str, setup: Callable[[], None], check: Callable[[str], str] | None = None) -> int:
        """The command line. `setup()` imports TensorFlow and what the builders use (only once a
        model is built or checked); `check(name)` loads a built model back and says what it found."""
        ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
        ap.add_argument("--only", nargs="+", metavar="NAME", help="rebuild (or check) only these models")
        ap.add_argument("--force", action="store_true", help="rebuild models that already exist")
        ap.add_argument("--list", action="store_true", help="list the models and exit")
        ap.add_argument("--check", action="store_true", help="load every built model (or the --only ones) back")
        args = ap.parse_args()
        if args.list:
            for name, (_, kind, desc) in self.builders.items():
                print(f"{name:40s} {kind:14s} {desc}")
            return 0
        if unknown := sorted(set(args.only or ()) - set(self.builders)):
            ap.error(f"unknown model(s): {' '.join(unknown)}")
        setup()
        names = args.only or list(self.builders)
        if args.check:
            return self._check(names, check or self.load_back)
        return self._build(names, rebuild=args.force or bool(args.only))

    def _build(self, names: list[str], rebuild: bool) -> int:
        import keras

        t0, failed = time.monotonic(), []
        self.out.mkdir(parents=True, exist_ok=True)
        for name in names:
            out = self.path(name)
            if out.exists() and not rebuild:
                continue
            tmp = self.out / f".tmp_{out.name}"  # renamed into place only once complete
            _rm(tmp), _rm(out)
            t = time.monotonic()
            try:
                keras.backend.clear_session()
                keras.utils.set_random_seed(0)
                self.builders[name][0](tmp)
                tmp.rename(out)
                print(f"built {name} ({time.monotonic() - t:.1f}s)", flush=True)
            except Exception:  # noqa: BLE001 - report it and build the rest
                failed.append(name)
                print(f"FAILED {name}:\n{traceback.format_exc()}", flush=True)
                _rm(tmp)
        lines = [f"{self.path(n).name} | {kind} | {desc}" for n, (_, kind, desc) in self.builders.items()
                 if self.path(n).exists()]
        (self.out / "MANIFEST.txt").write_text("\n".join(lines) + "\n")
        print(f"{len(lines)} models in {self.out}; failed: {failed or 'none'}; total {time.monotonic() - t0:.1f}s")
        return 1 if failed else 0

    def _check(self, names: list[str], check: Callable[[str], str]) -> int:
        t0, bad = time.monotonic(), []
        for name in (n for n in names if self.path(n).exists()):
            try:
                print(f"ok   {name}: {check(name)}", flush=True)
            except Exception as e:  # noqa: BLE001 - report it and check the rest
                bad.append(name)
                first = str(e).splitlines()[0][:300] if str(e) else ""
                print(f"FAIL {name}: {type(e).__name__}: {first}", flush=True)
        print(f"checked {len(names)}; failed: {bad or 'none'}; {time.monotonic() - t0:.1f}s")
        return 1 if bad else 0

    def load_back(self, name: str) -> str:
        """The default check: a GraphDef parses and imports; a SavedModel loads."""
        import tensorflow as tf

        p = self.path(name)
        if p.suffix == ".pb":
            graph_def = tf.compat.v1.GraphDef.FromString(p.read_bytes())
            with tf.Graph().as_default():
                tf.graph_util.import_graph_def(graph_def, name="")
            return f"GraphDef, {len(graph_def.node)} nodes"
        return f"signatures {sorted(tf.saved_model.load(str(p)).signatures)}"

    def runner(self, feeds: dict, outputs: dict | None = None, finite: bool = False) -> Callable[[str], str]:
        """A check that runs each model once (run_model) on dummy_inputs, so --check shows more than that a
        model parses: `feeds` maps a model to its dummy_inputs overrides, `outputs` a frozen model to the
        node names it was frozen with (else its sink nodes are fetched); `finite` fails on NaN/inf outputs."""
        def check(name: str) -> str:
            return run_model(self.path(name), lambda specs, sig: dummy_inputs(specs, feeds.get(name), sig),
                             (outputs or {}).get(name), finite)
        return check


def _rm(p: Path) -> None:
    if p.is_dir():
        shutil.rmtree(p)
    elif p.exists():
        p.unlink()


# ----------------------------------------------------------------------------- exporting, as users do
# What the corpus builders share to write a model; TensorFlow and Keras are imported when first used.

def tensor_spec(shape, dtype="float32", name=None):
    import tensorflow as tf

    return tf.TensorSpec(shape, dtype, name=name)


def keras_export(m, out: Path, sig=None, keep_fixed_batch: bool = False) -> None:
    """Keras 3 `model.export`. It relaxes a fixed batch to None unless given an input signature;
    `keep_fixed_batch` passes one for a single-input model built with a fixed batch."""
    if keep_fixed_batch and sig is None and len(m.inputs) == 1 and m.inputs[0].shape[0] is not None:
        sig = [tensor_spec(m.inputs[0].shape, m.inputs[0].dtype)]
    m.export(str(out), verbose=False, input_signature=sig)


def serve_module(out: Path, objs: dict, **sigs) -> None:
    """A tf.Module holding `objs` (models, tables, variables), saved with the given tf.function signatures."""
    import tensorflow as tf

    mod = tf.Module()
    for k, v in {**objs, **{"f_" + k: f for k, f in sigs.items()}}.items():
        setattr(mod, k, v)
    tf.saved_model.save(mod, str(out), signatures=sigs)


def freeze_function(fn, specs, out: Path) -> None:
    """A frozen GraphDef of `fn` traced at `specs`, as convert_variables_to_constants_v2 writes it."""
    import tensorflow as tf
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    concrete = tf.function(fn).get_concrete_function(*specs)
    out.write_bytes(convert_variables_to_constants_v2(concrete).graph.as_graph_def().SerializeToString())


def tf1_saved_model(out: Path, sigs_fn) -> None:
    """A TF1 SavedModel as SavedModelBuilder writes it: `sigs_fn()` builds a fresh graph (random seed 0) and
    returns {signature: (inputs, outputs)}; variables are initialized, each signature a predict signature."""
    import tensorflow as tf

    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        sigs = sigs_fn()
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            b = v1.saved_model.Builder(str(out))
            b.add_meta_graph_and_variables(s, [v1.saved_model.tag_constants.SERVING], signature_def_map={
                k: v1.saved_model.predict_signature_def(i, o) for k, (i, o) in sigs.items()})
            b.save()


def freeze_keras(m, spec, out: Path) -> None:
    """A Keras model in inference mode, frozen (freeze_function)."""
    freeze_function(lambda t: m(t, training=False), [spec], out)


# ----------------------------------------------------------------------------- running, as --check does
# Every model is run once on made-up inputs: generic values show it loads and runs; only the inputs that
# must hold real values (ids below a vocabulary size, lengths, masks, strings) are given by the builder.

def dummy_inputs(specs: dict, overrides=None, sig: str = "") -> dict:
    """Inputs {name: tf.Tensor} for {name: TensorSpec}, the same on every call (seed 0).

    `overrides` (a dict, or callable(rng) -> dict, given this call's generator) names the inputs that need real
    values: a (low, high) tuple is a random int range, anything else the value itself (a scalar fills the shape).
    A key "sig/input" applies to signature `sig` only; an input is also found by its TensorSpec name. Any other
    input: None dims -> 2 (batch) / 32 (an unshaped one is a scalar), floats in [0,1), uint8 in [0,255], bool
    False, other ints in [0,2); strings have no generic value and must be given."""
    import numpy as np
    import tensorflow as tf

    rng = np.random.default_rng(0)
    over = (overrides(rng) if callable(overrides) else overrides) or {}
    res = {}
    for k, spec in specs.items():
        dims = spec.shape.as_list() if spec.shape.rank is not None else []
        shape = [(2 if j == 0 else 32) if d is None else d for j, d in enumerate(dims)]
        v = over.get(f"{sig}/{k}", over.get(k, over.get(spec.name)))
        if isinstance(v, tuple):
            v = rng.integers(v[0], v[1], shape)
        elif v is None:
            if spec.dtype == tf.string:
                raise ValueError(f"no feed for string input {k!r}")
            if spec.dtype == tf.bool:
                v = np.zeros(shape, bool)
            elif spec.dtype.is_floating:
                v = rng.random(shape)
            else:
                v = rng.integers(0, 256 if spec.dtype == tf.uint8 else 2, shape)
        v = np.array(v, dtype=object) if spec.dtype == tf.string else np.asarray(v)
        if v.ndim == 0 and shape:
            v = np.full(shape, v)
        res[k] = tf.constant(v if spec.dtype == tf.string else v.astype(spec.dtype.as_numpy_dtype))
    return res


def run_model(path: Path, inputs_fn: Callable[[dict, str], dict], outputs: list[str] | None = None,
              finite: bool = False) -> str:
    """Load a built model and run it once; returns what ran and the output shapes.

    A frozen GraphDef (.pb) is imported and `outputs` (node names; by default every sink node, as nothing says
    which are the outputs) fetched with its placeholders fed, except the dangling 'unused_control_flow_input*'
    placeholders convert_variables_to_constants_v2 leaves when it lowers a loop (nothing reads them; some are
    DT_VARIANT, which no dummy can be made for); a SavedModel runs each of its signatures (it must have one). `inputs_fn(specs, sig)` makes the feeds for {input name: TensorSpec} of signature `sig` ("" for a
    GraphDef). `finite` fails on a NaN or inf in a float output."""
    import numpy as np
    import tensorflow as tf

    def check_finite(what: str, res: dict) -> None:
        if finite and (bad := [k for k, v in res.items()
                               if tf.as_dtype(v.dtype).is_floating and not np.all(np.isfinite(v))]):
            raise RuntimeError(f"{what}: non-finite values in {bad}")

    if path.suffix == ".pb":
        g = tf.Graph()
        with g.as_default():
            tf.graph_util.import_graph_def(tf.compat.v1.GraphDef.FromString(path.read_bytes()), name="")
        ops = [o for o in g.get_operations() if not o.name.startswith("unused_control_flow_input")]
        if outputs is None:
            used = {i.op.name for o in ops for i in o.inputs}
            fetch = {o.name: o.outputs[0] for o in ops if o.name not in used and o.outputs}
        else:
            fetch = {n: g.get_tensor_by_name(n + ":0") for n in outputs}
        phs = {o.name: o.outputs[0] for o in ops if o.type == "Placeholder"}
        vals = inputs_fn({k: tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()}, "")
        with tf.compat.v1.Session(graph=g) as s:
            res = dict(zip(fetch, s.run(list(fetch.values()), {phs[k]: v.numpy() for k, v in vals.items()})))
        check_finite("GraphDef", res)
        # outputs the builder named are shown by name, sink nodes by shape only
        return f"GraphDef, {len(phs)} inputs -> " + ", ".join(
            f"{k if outputs is not None else ''}{list(r.shape)}" for k, r in res.items())
    m = tf.saved_model.load(str(path))
    if not m.signatures:
        raise RuntimeError("no signatures")
    ran = []
    for sig, fn in m.signatures.items():
        res = fn(**inputs_fn(fn.structured_input_signature[1], sig))
        check_finite(sig, res)
        ran.append(f"{sig}: " + ", ".join(f"{k}{list(v.shape)}" for k, v in res.items()))
    return "; ".join(ran)
