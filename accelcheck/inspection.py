"""`accelcheck inspect`: what is in a model, as data (JSON) or text. Think `saved_model_cli show --all`,
for every format, without starting TensorFlow."""

from __future__ import annotations

from .model import Model, TensorSpec
from .model.dtypes import format_shape

SCHEMA_VERSION = 1


def _spec(t: TensorSpec) -> dict:
    return {
        "name": t.name,
        "dtype": t.dtype,
        "shape": None if t.shape is None else [(-1 if d is None else d) for d in t.shape],
    }


def inspect_model(model: Model) -> dict:
    default = model.default_signature
    live_ops = model.op_histogram(model.live(default)) if default else {}
    var_bytes = [v.bytes for v in model.variables]
    kinds: dict[str, int] = {}
    for v in model.variables:
        kinds[v.kind] = kinds.get(v.kind, 0) + 1
    return {
        "schema_version": SCHEMA_VERSION,
        "path": model.path,
        "format": model.format,
        "producer": model.producer,
        "tags": model.tags,
        "available_tags": model.available_tags,
        "node_count": model.node_count,
        "function_count": len(model.functions),
        "signatures": {
            name: {
                "method": sig.method,
                "inferred": sig.inferred,
                "inputs": {k: _spec(t) for k, t in sig.inputs.items()},
                "outputs": {k: _spec(t) for k, t in sig.outputs.items()},
                "live_node_count": sum(1 for k in model.live(name) if not model.nodes[k].is_arg),
            }
            for name, sig in model.signatures.items()
        },
        "ops": {
            "live_signature": default,
            "live": dict(sorted(live_ops.items())),
            "all": dict(sorted(model.op_histogram().items())),
        },
        "variables": {
            "count": len(model.variables),
            "bytes": sum(b for b in var_bytes if b is not None),
            "bytes_known": all(b is not None for b in var_bytes),
            "checkpoint_bytes": model.checkpoint_bytes,
            "kinds": kinds,
            "items": [
                {
                    "name": model.nodes[v.node].attr_str("shared_name") or v.node[1],
                    "node": v.node[1],
                    "function": v.node[0] or None,
                    "kind": v.kind,
                    "dtype": v.dtype,
                    "shape": None if v.shape is None else [(-1 if d is None else d) for d in v.shape],
                    "bytes": v.bytes,
                    "assigned_by": [_where(k) for k in v.assigned_by],
                }
                for v in model.variables
            ],
        },
        "devices": dict(sorted(model.devices().items())),
    }


def _where(key) -> str:
    scope, name = key
    return f"{scope}/{name}" if scope else name


def _human_bytes(n: int | None) -> str:
    if n is None:
        return "?"
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def render_text(info: dict, top_ops: int = 15) -> str:
    lines = [f"{info['path']}", f"  format     {info['format']}"]
    if info["producer"] is not None:
        lines.append(f"  producer   {info['producer']}")
    if info["tags"]:
        lines.append(f"  tags       {','.join(info['tags'])}"
                     + (f"   (available: {' | '.join(','.join(t) for t in info['available_tags'])})"
                        if len(info["available_tags"]) > 1 else ""))
    lines.append(f"  nodes      {info['node_count']} in the graph and {info['function_count']} functions")
    lines.append("")
    lines.append("Signatures" if info["signatures"] else "Signatures: none")
    for name, sig in info["signatures"].items():
        note = " (inferred: placeholders and _Arg -> sinks and _Retval)" if sig["inferred"] else ""
        lines.append(f"  {name}{note}: {sig['live_node_count']} live nodes")
        for direction in ("inputs", "outputs"):
            for key, t in sig[direction].items():
                shape = format_shape(None if t["shape"] is None else tuple(None if d < 0 else d for d in t["shape"]))
                arrow = "<-" if direction == "inputs" else "->"
                lines.append(f"    {arrow} {key}: {t['dtype']} {shape}  ({t['name']})")
    ops = info["ops"]
    lines.append("")
    label = f"live for {ops['live_signature']}" if ops["live_signature"] else "live"
    lines.append(f"Ops ({len(ops['all'])} kinds; {label} / whole model)")
    ranked = sorted(ops["all"].items(), key=lambda kv: (-kv[1], kv[0]))
    for op, count in ranked[:top_ops]:
        lines.append(f"  {op:<28} {ops['live'].get(op, 0):>6} / {count:<6}")
    if len(ranked) > top_ops:
        lines.append(f"  ... {len(ranked) - top_ops} more (--format json lists all)")
    var = info["variables"]
    lines.append("")
    if var["count"]:
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(var["kinds"].items()))
        lines.append(f"Variables: {var['count']} ({kinds}), {_human_bytes(var['bytes'])}"
                     + ("" if var["bytes_known"] else " (some sizes unknown)"))
        for item in var["items"][:10]:
            assigned = f"  assigned by {', '.join(item['assigned_by'])}" if item["assigned_by"] else ""
            lines.append(f"  {item['name']}: {item['kind']} {item['dtype']} "
                         f"{format_shape(None if item['shape'] is None else tuple(None if d < 0 else d for d in item['shape']))}"
                         f"{assigned}")
        if len(var["items"]) > 10:
            lines.append(f"  ... {len(var['items']) - 10} more")
    else:
        lines.append("Variables: none (frozen)")
    if info["devices"]:
        lines.append("")
        lines.append("Devices named in the graph: "
                     + ", ".join(f"{d} ({n} nodes)" for d, n in info["devices"].items()))
    return "\n".join(lines)
