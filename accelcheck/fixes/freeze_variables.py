"""freeze-variables: every variable a kept signature reads becomes a constant holding its checkpoint
value; the checkpoint machinery (saver, restore functions, handles) goes away.

Cases, as a table of handlers per consumer op (anything else stops the fix with the reason):
- TF1 ref variables (VariableV2): the variable node becomes a Const of the same name, so its
  `/read` Identity and every other reader keep working; Ref* forwarding ops become their plain
  versions; initializer and restore Assigns are removed.
- TF2 resource variables (VarHandleOp): followed through identities and into every function the
  handle is passed to; ReadVariableOp / ResourceGather / VariableShape / VarIsInitializedOp become
  constants (or a GatherV2 of one); then the resource arguments nobody reads any more are removed
  from the functions' signatures and from their call sites, and the VarHandleOps with them.
- A variable written on a served path is refused: freezing would change what the model returns
  (drop-assignments, with --unsafe-fixes, removes such writes first).

Checkpoint keys come from the model's own restore graph (Assign <- RestoreV2[k] <- tensor_names[k]),
which works the same for TF1 savers and TF2 `__traced_restore` functions.
"""

from __future__ import annotations

from ..model import opdefs
from ..model.checkpoint import checkpoint_key
from ..model.dtypes import dtype_name
from ..model.graph import call_arg_offset, is_resource_writer
from ..model.meta import VARIABLE_DEF_COLLECTIONS
from ..model.names import parse_input
from ..opsets import op_set
from .artifact import Artifact
from .base import FixOptions, FixRefused, Pass, PassResult, node_path
from .edit import const_node, drop_unreachable_functions, make_const_in_place, remove_nodes, replace_input

# Each Ref* forwarder becomes its plain op once the variable behind it is a constant.
_REF_PLAIN = {op: op.removeprefix("Ref") for op in op_set("ref_forwarders")}
_FORWARDERS = op_set("forwarders")
_PLAIN_CALLS = op_set("plain_calls")
_VARIABLE_COLLECTIONS = (*VARIABLE_DEF_COLLECTIONS, "savers", "global_step")  # dropped with the variables


class FreezeVariables(Pass):
    name = "freeze-variables"
    summary = "turn variables into constants holding their checkpoint values"
    runs_first = {"drop-assignments": "variables are written on a served path (freezing needs them read-only)"}
    followed_by = {"strip-training": "after freezing, checkpoint and training nodes have nothing to do",
                   "remove-identity-chains": "drop the variable `/read` identities left by freezing"}

    def asked_for(self, model, opts: FixOptions, output_format: str) -> str:
        return "a frozen GraphDef holds no variables" if output_format == "frozen" and model.variables else ""

    def applies(self, art: Artifact, opts: FixOptions) -> bool:
        return bool(art.model().variables)

    def run(self, art: Artifact, opts: FixOptions) -> PassResult:
        result = PassResult(self.name, art, changed=False)
        model = art.model()
        if not model.variables:
            return result
        live = model.served()
        for var in model.variables:
            served_writes = [w for w in var.assigned_by if w in live]
            if served_writes:
                sigs = sorted(s for s in model.signatures if any(w in model.live(s) for w in served_writes))
                raise FixRefused(self.name, f"`{node_path(served_writes[0])}` assigns variable `{var.node[1]}` on the "
                                            f"served path of {', '.join(sigs)}: freezing would change what the model "
                                            "returns; keep only other signatures (--signature) or rerun with "
                                            "--unsafe-fixes to drop the assignment")
        values = self._values(art, [v for v in model.variables if v.node in live])
        self._drop_saver(art, result)
        model = art.model()  # one analysis after the saver is gone; variables do not share readers
        for var in model.variables:
            if var.node in values:
                if var.kind == "ref":
                    self._freeze_ref(art, model, var, values[var.node], result)
                else:
                    self._freeze_resource(art, model, var, values[var.node], result)
        self._remove_unused_resource_args(art, result)
        self._remove_dead_variables(art, result)
        dropped = drop_unreachable_functions(art)
        result.removed += [f"function {f}" for f in dropped]
        remaining = art.model().variables
        art.frozen = not remaining
        if remaining:
            result.notes.append(f"{len(remaining)} variable(s) could not be detached from the graph and remain: "
                                + ", ".join(node_path(v.node) for v in remaining[:5]))
        result.changed = True
        return result

    # ----- values

    def _values(self, art: Artifact, variables) -> dict:
        if not variables:
            return {}
        if not art.checkpoint_prefix:
            raise FixRefused(self.name, "the model has variables but no checkpoint to read their values from "
                                        "(fix the SavedModel or .meta + checkpoint the graph came from)")
        from ..tfruntime import tf  # fix path only: the runtime, imported quietly

        try:
            reader = tf().train.load_checkpoint(art.checkpoint_prefix)
        except Exception as e:  # a truncated or missing checkpoint
            raise FixRefused(self.name, f"cannot read checkpoint {art.checkpoint_prefix}: {' '.join(str(e).split())[:200]}")
        available = reader.get_variable_to_shape_map()
        model = art.model()
        out = {}
        for var in variables:
            key = checkpoint_key(model, var)
            node = model.nodes[var.node]
            candidates = [k for k in (key, node.attr_str("shared_name"), node.name) if k]
            found = next((k for k in candidates if k in available), None)
            if found is None:
                raise FixRefused(self.name, f"no value for variable `{node.name}` in the checkpoint "
                                            f"(looked for {', '.join(repr(c) for c in candidates)})")
            try:
                out[var.node] = reader.get_tensor(found)
            except Exception as e:
                raise FixRefused(self.name, f"cannot read `{found}` from the checkpoint: {' '.join(str(e).split())[:200]}")
        return out

    # ----- TF1 ref variables

    def _freeze_ref(self, art: Artifact, model, var, value, result: PassResult) -> None:
        writers = set(var.assigned_by)
        for dst, data in model.consumers(var.node):
            if data["kind"] != "data" or dst in writers:
                continue
            op = model.nodes[dst].op
            if op in _REF_PLAIN:
                art.node_def(dst).op = _REF_PLAIN[op]
                result.modified.append(node_path(dst))
            elif op == "IsVariableInitialized":
                make_const_in_place(art.node_def(dst), True)
                result.modified.append(node_path(dst))
            elif opdefs.is_ref_input(op, data["index"]):
                raise FixRefused(self.name, f"variable `{var.node[1]}` is used by `{node_path(dst)}` ({op}), "
                                            "which takes it by reference; freeze-variables does not know how to rewrite it")
            # Any other consumer just reads the value (Identity, SaveV2, math after drop-assignments).
        make_const_in_place(art.node_def(var.node), value)
        result.modified.append(node_path(var.node))
        gone = remove_nodes(art, writers)
        result.removed += [node_path(k) for k in gone]

    # ----- TF2 resource variables

    def _freeze_resource(self, art: Artifact, model, var, value, result: PassResult) -> None:
        for key in sorted(model.resource_users(var.node)):
            node = model.nodes[key]
            nd = art.node_def(key)
            scope = key[0]
            if node.op == "ReadVariableOp":
                make_const_in_place(nd, value)
                if scope:
                    replace_input(art, scope, f"{nd.name}:value:0", f"{nd.name}:output:0")
            elif node.op == "VarIsInitializedOp":
                make_const_in_place(nd, True)
                if scope:
                    replace_input(art, scope, f"{nd.name}:is_initialized:0", f"{nd.name}:output:0")
            elif node.op == "VariableShape":
                import numpy as np

                out_type = node.attr_dtypes().get("out_type", "int32")
                make_const_in_place(nd, np.array(value.shape, dtype=np.int64 if out_type == "int64" else np.int32))
            elif node.op == "ResourceGather":
                self._gather(art, key, nd, value, result)
            elif is_resource_writer(node.op) or node.op == "DestroyResourceOp":
                result.removed += [node_path(k) for k in remove_nodes(art, {key})]
                continue
            else:
                raise FixRefused(self.name, f"variable `{var.node[1]}` is used by `{node_path(key)}` ({node.op}), "
                                            "which freeze-variables does not know how to rewrite")
            result.modified.append(node_path(key))

    def _gather(self, art: Artifact, key, nd, value, result: PassResult) -> None:
        import numpy as np

        scope, name = key
        params = const_node(f"{name}/frozen_params", value, nd.device)
        axis = const_node(f"{name}/frozen_axis", np.array(0, dtype=np.int32), nd.device)
        art.node_defs(scope).extend([params, axis])
        ref = (lambda n: f"{n}:output:0") if scope else (lambda n: n)
        indices = nd.input[1]
        batch_dims = nd.attr["batch_dims"].i if "batch_dims" in nd.attr else 0
        tindices = nd.attr["Tindices"].type
        control = [t for t in nd.input if t.startswith("^")]
        device = nd.device
        nd.Clear()
        nd.name, nd.op, nd.device = name, "GatherV2", device
        nd.input.extend([ref(params.name), indices, ref(axis.name)] + control)
        nd.attr["Tparams"].type = params.attr["dtype"].type
        nd.attr["Tindices"].type = tindices
        nd.attr["Taxis"].type = axis.attr["dtype"].type
        nd.attr["batch_dims"].i = batch_dims

    def _remove_unused_resource_args(self, art: Artifact, result: PassResult) -> None:
        """Drop resource arguments no node reads any more, from functions and their call sites,
        until nothing changes; then the handles that fed them."""
        while True:
            model = art.model()
            fdefs = art.functions()
            callers = model.call_sites()
            removable: dict[str, set[int]] = {}
            for fname, fdef in fdefs.items():
                for i, arg in enumerate(fdef.signature.input_arg):
                    if dtype_name(arg.type) == "resource" and not model.has_consumers((fname, arg.name)):
                        removable.setdefault(fname, set()).add(i)
            changed = False
            for fname, indices in removable.items():
                sites = callers.get(fname, [])
                if not all(_removable_call(s, fname) for s in sites):
                    continue
                # Branch functions of one If/Case must lose the same arguments together.
                for site in sites:
                    siblings = [f for f in site.calls if f != fname]
                    if any(not indices <= removable.get(f, set()) for f in siblings):
                        break
                else:
                    for i in sorted(indices, reverse=True):
                        for site in sites:
                            _drop_call_input(art.node_def(site.key), site.op, i)
                        _drop_function_arg(fdefs[fname], i)
                    result.modified.append(f"function {fname}: {len(indices)} resource argument(s) removed")
                    changed = True
            model = art.model()
            orphans = {k for k, n in model.nodes.items()
                       if not n.is_arg and n.op in ({"VarHandleOp"} | _FORWARDERS)
                       and (n.op == "VarHandleOp" or "resource" in n.dtypes())
                       and not model.has_consumers(k)}
            if orphans:
                result.removed += [node_path(k) for k in remove_nodes(art, orphans)]
                changed = True
            if not changed:
                return

    def _remove_dead_variables(self, art: Artifact, result: PassResult) -> None:
        """Variables no kept signature reads, with everything that hangs off them (all dead too)."""
        model = art.model()
        live = model.served()
        dead_vars = [v.node for v in model.variables if v.node not in live]
        if not dead_vars:
            return
        doomed = set()
        for key in dead_vars:
            doomed |= {key} | {d for d in _data_descendants(model, key) if d not in live}
        # Descendants of a top-level variable are top-level too (calls feed back only through their
        # call sites); functions only dead callers used are dropped with the unreachable ones.
        top = {k for k in doomed if not k[0] and not model.nodes[k].is_arg}
        gone = remove_nodes(art, top)
        result.removed += [node_path(k) for k in gone]

    def _drop_saver(self, art: Artifact, result: PassResult) -> None:
        """The checkpoint save/restore subgraph (TF1 `save/...`, TF2 `__traced_save/restore` calls)."""
        meta = art.read_meta()
        if meta is None or not meta.HasField("saver_def"):
            return
        model = art.model()
        saver = meta.saver_def
        roots = {parse_input(t).node for t in (saver.filename_tensor_name, saver.save_tensor_name,
                                               saver.restore_op_name) if t}
        keep = model.loaded()
        doomed = set()
        for name in roots:
            key = ("", name)
            if key in model.nodes:
                doomed |= {k for k in model.ancestors([key]) if k[0] == "" and k not in keep}
        # The saver's own subgraph may also have sinks we did not reach from its roots (save/Const ...):
        # nodes under the saver's scope that nothing kept depends on.
        scope = saver.restore_op_name.rpartition("/")[0]
        if scope:
            doomed |= {k for k in model.nodes if k[0] == "" and k[1].startswith(scope + "/") and k not in keep}
        # Variables go with their consumers in _remove_dead_variables, never half of them here.
        variables = {v.node for v in model.variables}
        gone = remove_nodes(art, doomed - variables)
        result.removed += [node_path(k) for k in gone]
        meta.ClearField("saver_def")
        if meta.HasField("object_graph_def"):
            meta.ClearField("object_graph_def")  # it restores variables from a checkpoint we no longer have
            result.notes.append("dropped the TF2 object graph (it restores variables); the SavedModel is served "
                                "through its signatures")
        for key in _VARIABLE_COLLECTIONS:
            if key in meta.collection_def:
                del meta.collection_def[key]


def _removable_call(site, fname: str) -> bool:
    """Calls whose inputs map onto the function's arguments (not While: its arguments loop)."""
    return site.op in _PLAIN_CALLS or call_arg_offset(site.op) == 1 or site.op == fname


def _drop_call_input(nd, op: str, arg_index: int) -> None:
    offset = call_arg_offset(op)
    data = [i for i, t in enumerate(nd.input) if not t.startswith("^")]
    del nd.input[data[arg_index + offset]]
    if "Tin" in nd.attr and len(nd.attr["Tin"].list.type) > arg_index:
        del nd.attr["Tin"].list.type[arg_index]
    if "_input_shapes" in nd.attr and len(nd.attr["_input_shapes"].list.shape) > arg_index + offset:
        del nd.attr["_input_shapes"].list.shape[arg_index + offset]
    if "_read_only_resource_inputs" in nd.attr:
        ints = [i if i < arg_index else i - 1 for i in nd.attr["_read_only_resource_inputs"].list.i if i != arg_index]
        del nd.attr["_read_only_resource_inputs"].list.i[:]
        nd.attr["_read_only_resource_inputs"].list.i.extend(ints)


def _drop_function_arg(fdef, index: int) -> None:
    del fdef.signature.input_arg[index]
    if "_input_shapes" in fdef.attr and len(fdef.attr["_input_shapes"].list.shape) > index:
        del fdef.attr["_input_shapes"].list.shape[index]  # one per argument; converters check the length
    for field_name in ("arg_attr", "resource_arg_unique_id"):
        mapping = getattr(fdef, field_name)
        items = {k: v for k, v in mapping.items()}
        mapping.clear()
        for k, v in items.items():
            if k == index:
                continue
            new_key = k if k < index else k - 1
            if field_name == "arg_attr":
                mapping[new_key].CopyFrom(v)
            else:
                mapping[new_key] = v


def _data_descendants(model, key):
    """Nodes that consume the value (control dependents, like init ops, only lose the edge)."""
    seen, stack = set(), [key]
    while stack:
        for nxt, data in model.consumers(stack.pop()):
            if data["kind"] == "data" and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen
