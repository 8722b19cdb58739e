"""prune-to-signatures: keep what the kept signatures (and the SavedModel's init ops and saver)
need; drop every other top-level node, the signatures not kept, and functions nobody calls."""

from __future__ import annotations

from ..model.dtypes import dtype_enum, set_shape
from ..model.meta import VARIABLE_DEF_COLLECTIONS
from ..model.names import parse_input
from ..model.protos import pb
from .artifact import Artifact
from .base import FixOptions, FixRefused, Pass, PassResult, node_path
from .edit import drop_unreachable_functions, remove_nodes


def keep_set(art: Artifact) -> set:
    """Nodes a served model needs: live for its signatures, its init ops, and its saver (while it
    still has variables to restore)."""
    model = art.model()
    roots = set(model.init_ops)
    meta = art.read_meta()
    if meta is not None and meta.HasField("saver_def"):
        for t in (meta.saver_def.filename_tensor_name, meta.saver_def.save_tensor_name, meta.saver_def.restore_op_name):
            if t and ("", parse_input(t).node) in model.nodes:
                roots.add(("", parse_input(t).node))
    keep = set(model.live_anywhere()) | model.ancestors(roots)
    # A kept TF1 variable is described by a VariableDef in the variables collections, which names
    # its initializer, initial value and snapshot: a loader rebuilding the Variable needs them.
    return keep | model.ancestors(_variable_def_nodes(art, keep) - keep)


def _variable_def_nodes(art: Artifact, keep: set) -> set:
    meta, model = art.read_meta(), art.model()
    found = set()
    if meta is None:
        return found
    for key in VARIABLE_DEF_COLLECTIONS:
        if key not in meta.collection_def or meta.collection_def[key].WhichOneof("kind") != "bytes_list":
            continue
        for blob in meta.collection_def[key].bytes_list.value:
            var = pb.variable_pb2.VariableDef()
            try:
                var.ParseFromString(blob)
            except Exception:  # noqa: BLE001 - not a VariableDef: not ours to interpret
                continue
            if ("", parse_input(var.variable_name).node) not in keep:
                continue
            for name in (var.initializer_name, var.initial_value_name, var.snapshot_name):
                node = ("", parse_input(name).node) if name else None
                if node in model.nodes:
                    found.add(node)
    return found


def _fed_boundary(model, keep: set) -> list:
    """Kept nodes that a signature feeds and whose producers are not kept: they become placeholders."""
    out = []
    for sig in model.signatures.values():
        for spec in sig.inputs.values():
            key = spec.node
            if key is None or key in out or model.nodes[key].op in ("Placeholder", "PlaceholderWithDefault"):
                continue
            if any(src not in keep for src, _ in model.producers(key)):
                port = spec.name.rpartition(":")[2] if ":" in spec.name else "0"
                if port != "0":
                    raise FixRefused("prune-to-signatures", f"signature {sig.name} feeds output {port} of "
                                                            f"`{key[1]}`; pruning above it is not supported")
                out.append(key)
    return out


def _make_placeholder(art: Artifact, model, key) -> None:
    spec = next(t for s in model.signatures.values() for t in s.inputs.values() if t.node == key)
    nd = art.node_def(key)
    device = nd.device
    nd.Clear()
    nd.name, nd.op, nd.device = key[1], "Placeholder", device
    nd.attr["dtype"].type = dtype_enum(spec.dtype)
    set_shape(nd.attr["shape"].shape, spec.shape)


class PruneToSignatures(Pass):
    name = "prune-to-signatures"
    summary = "keep only what the kept signatures use"

    def asked_for(self, model, opts: FixOptions, output_format: str) -> str:
        return f"keep only {', '.join(opts.signatures)}" if opts.signatures else ""

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        model = art.model()
        if not model.signatures:
            return False
        meta = art.read_meta()
        if opts.signatures and meta is not None and any(
                k not in opts.signatures and not k.startswith("__saved_model") for k in meta.signature_def):
            return True
        keep = keep_set(art)
        return any(not k[0] and k not in keep for k in model.nodes)

    def ensures(self, art: Artifact, opts: FixOptions) -> str:
        meta = art.read_meta()
        if not opts.signatures or meta is None:
            return ""
        extra = sorted(k for k in meta.signature_def if k not in opts.signatures and not k.startswith("__saved_model"))
        return f"signature(s) {', '.join(extra)} remain" if extra else ""

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        model = art.model()
        if not model.signatures:
            result.notes.append("no signatures: nothing to prune by")
            return result
        if art.read_meta() is not None and opts.signatures:
            for name in list(art.meta_graph.signature_def):
                if name not in opts.signatures and not name.startswith("__saved_model"):
                    del art.meta_graph.signature_def[name]
                    result.removed.append(f"signature {name}")
            model = art.model()
        keep = keep_set(art)
        doomed = {k for k, n in model.nodes.items() if not k[0] and k not in keep}
        for key in _fed_boundary(model, keep):
            _make_placeholder(art, model, key)
            result.modified.append(node_path(key))
        result.removed += [node_path(k) for k in remove_nodes(art, doomed)]
        result.removed += [f"function {f}" for f in drop_unreachable_functions(art)]
        result.changed = bool(result.removed)
        return result


class PruneForFrozen(Pass):
    """The last pass when a SavedModel or MetaGraph is written as a frozen GraphDef. That file keeps
    no signatures: its reader (TFLiteConverter.from_frozen_graph, accelcheck) takes the nodes
    nothing reads for outputs, so what the signatures leave unused (a TF1 graph's variable
    initializers, a cond its ExponentialMovingAverage built) must go. Once freeze-variables has
    removed the saver and the variables, the keep set is the signatures' nodes and the init ops'
    (measured, TF 2.21: a frozen TF1 graph that kept its EMA initializer conds failed to convert,
    "Graph does not contain node: cond/Switch")."""

    name = "prune-for-frozen"
    summary = "drop what no signature or init op uses (a frozen GraphDef keeps no signatures)"

    def asked_for(self, model, opts: FixOptions, output_format: str) -> str:
        signed = output_format == "frozen" and model.signatures and model.format in ("saved_model", "meta_graph")
        return "a frozen GraphDef keeps no signatures: its unused nodes would read as outputs" if signed else ""

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        return bool(art.model().signatures) and art.read_meta() is not None

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        model = art.model()
        keep = keep_set(art)
        doomed = {k for k in model.nodes if not k[0] and k not in keep}
        result.removed += [node_path(k) for k in remove_nodes(art, doomed)]
        result.removed += [f"function {f}" for f in drop_unreachable_functions(art)]
        result.changed = bool(result.removed)
        return result
