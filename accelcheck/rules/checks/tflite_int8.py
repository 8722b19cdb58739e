"""Full-integer (int8) TFLite: which ops run in int8, which the converter leaves in float.

With `supported_ops=[TFLITE_BUILTINS_INT8]` the TFLite converter does not fail on an op without an
int8 kernel: it dequantizes around it and runs it in float (measured: tf.sin becomes DEQUANTIZE,
SIN, QUANTIZE). Int8-only hardware (NPUs, microcontrollers, the Edge TPU) cannot run that op.

- TensorFlow graphs: each live op is looked up in rules/data/tflite_int8_support.json (measured by
  scripts/probe_tflite_int8.py with the real converter and representative data): per (TF op, dtype)
  where probed, else through the TFLite builtins the op lowers to (rules/data/tflite_lowering.json).
- .tflite files already quantized: the operators that compute on float tensors (float_operators,
  also how the --confirm oracle judges what the converter wrote); float models: each operator
  through the same per-builtin table.
"""

from __future__ import annotations

import functools
import math
from typing import Iterator

from ...model.dtypes import format_shape
from ...model.names import output_index
from ...model.shapes import data_inputs
from ...opsets import op_set
from ...resources import load_data
from . import REQUIRED, Hit
from .fused_patterns import in_fused_gelu
from .tflite import BUILTIN, classify_node, converted_signatures, primary_dtype
from .tflite_cond import untaken_branch_nodes
from .tflite_shapes import folded, input_rank, input_shape, input_source
from .tflite_view import builtins_of, is_operator, rewritten

INT8, FLOAT, FAILS = "int8", "float", "fails"
_FLOAT_TYPES = frozenset({"float32", "float16", "float64", "bfloat16"})
# Quantization boundaries: they convert between float and int8 by design.
_BOUNDARY = frozenset({"QUANTIZE", "DEQUANTIZE"})


@functools.cache
def _table() -> dict:
    return load_data("tflite_int8_support.json")


def builtin_outcome(op: str) -> str | None:
    """int8 | float for a TFLite builtin (measured), None when no probe contained it. Where the
    builtin was measured alone, that outcome: in a multi-op probe a float neighbour can keep it in
    float (SELECT in tf.Lgamma) though its own kernel is int8."""
    return _table()["tflite_alone"].get(op) or _table()["tflite_ops"].get(op)


def tf_op_outcome(model, node, dtype: str) -> tuple[str | None, str]:
    """(int8 | float | None, basis) for a TensorFlow op at a dtype. A probe that failed to
    calibrate ("fails": a division by zero or an empty range on random data) says nothing."""
    if not touches_float(model, node):
        return None, ""  # quantization rewrites float tensors only
    if node.op == "TopKV2" and not _values_used(model, node):
        return FLOAT, "only its indices are used (argsort): the quantizer leaves TOPK_V2 in float (measured)"
    if node.op in ("ArgMax", "ArgMin") and _served_input(model, node):
        return FLOAT, ("its input is also a signature output, which the quantizer dequantizes for it "
                       "(measured)")
    special = rewritten(model, node)
    if special is not None:
        return _through(special)  # fused into another builtin, control flow, or dissolved
    lowered = builtins_of(model, node)
    if node.op == "Cast":  # keyed by DstT in "ops"; whether it runs integer depends on the source too
        types = node.attr_dtypes()
        pair = f"{types.get('SrcT')}->{types.get('DstT')}"
        if pair in _table()["pairs"].get("Cast", {}):
            return _table()["pairs"]["Cast"][pair], "measured"
    measured = _table()["ops"].get(node.op, {})
    if dtype in measured:
        return (measured[dtype] if measured[dtype] != FAILS else None), "measured"
    name = f"tf.{node.op}[{dtype}]"
    probe = _table()["probes"].get(name, {}).get("int8")
    # Its own probe, which had more than this op in it (an input shape, an add); not one that was
    # nothing but a QUANTIZE/DEQUANTIZE pair (dequantize_only: it says nothing of a real model).
    if probe in (INT8, FLOAT) and name not in _table()["provenance"]["dequantize_only"]:
        return probe, "measured in its probe"
    if lowered is None:
        floats = {d: o for d, o in measured.items() if d in _FLOAT_TYPES and o != FAILS}
        if floats:  # probed at another float dtype
            return (FLOAT if FLOAT in floats.values() else INT8), f"measured at {', '.join(sorted(floats))}"
        return None, ""
    return _through(lowered)


def _values_used(model, node) -> bool:
    """Whether anything reads the values of TopKV2, or of a twin the converter merges it with (the
    same input and k, as two Keras Lambdas taking values and indices make). Measured (TF 2.21): with
    only the indices used (tf.argsort, top_k(...).indices) the int8 model keeps TOPK_V2 in float;
    with the values used it runs int8."""
    return any(_own_values_used(model, twin) for twin in _twins(model, node))


# Ops whose int8 output the quantizer calibrates on its own (measured: an ArgMax of their result
# runs in float when the result is also a signature output; so it does after a fake-quant, whose
# range is its own, on logits or on a softmax, measured TF 2.21). Not listed, because measured int8:
# fixed-range Softmax, LogSoftmax, Sigmoid, Tanh and Reshape, which keeps its input's scale.
_CALIBRATED = frozenset({"Add", "AddV2", "Sub", "Mul", "MatMul", "BiasAdd", "Relu"})


def _served_input(model, node) -> bool:
    """Whether the node's first data input is also a signature output, from an op whose int8 range
    is calibrated on its own: an ArgMax/ArgMin of logits a model also returns (measured, TF 2.21:
    DEQUANTIZE, then ARG_MAX in float, after ADD, SUB, MUL, FULLY_CONNECTED or RELU; after SOFTMAX,
    LOGISTIC, TANH, LOG_SOFTMAX or RESHAPE, or of logits nothing else returns, it stays int8), or a
    fake-quantized value, also through those five (measured: a QAT classifier's softmax)."""
    source = input_source(model, node, "input")
    producer = model.nodes[source[0]] if source else None
    port = source[1] if source else ""
    for _ in range(8):  # through Identity nodes (Keras names its outputs with them) and into called functions
        if producer is None:
            break
        if producer.op == "Identity":
            producer, port = next(((model.nodes[src], d["port"]) for src, d in model.producers(producer.key)
                                   if d["kind"] == "data"), (None, ""))
        elif producer.op in op_set("plain_calls") and producer.attr_func("f") in model.functions:
            fn = producer.attr_func("f")
            name, port = model.functions[fn].returned(output_index(port)) or ("", "")
            producer = model.nodes.get((fn, name))
        else:
            break
    return (producer is not None and (producer.op in _CALIBRATED or _fake_quant_range(model, producer))
            and returned(model, *source))


def _fake_quant_range(model, node) -> bool:
    """Whether the value is a fake-quant's, or carries its range through a softmax, sigmoid, tanh,
    log-softmax or reshape (op set fake_quant_range_carriers, measured)."""
    for _ in range(8):
        if node.op in op_set("fake_quant"):
            return True
        if node.op != "Identity" and node.op not in op_set("fake_quant_range_carriers"):
            return False
        above = data_inputs(model, node.key)
        if not above:
            return False
        node = model.nodes[above[0]]
    return False


def returned(model, key, port: str, depth: int = 0) -> bool:
    """Whether a tensor (through Identity nodes, function returns and call sites) is a signature output."""
    node = model.nodes[key]
    if depth > 12:
        return False
    if not node.scope:
        index = port.rpartition(":")[2]
        if any(spec.node == key and spec.name.rpartition(":")[2] == index
               for sig in model.signatures.values() for spec in sig.outputs.values()):
            return True
    else:
        info = model.functions.get(node.scope)
        tensor = f"{node.name}:{port}"
        for k, tensor_returned in enumerate(info.returns if info else ()):
            if tensor_returned == tensor and any(returned(model, site.key, f"output:{k}" if site.scope else str(k), depth + 1)
                                          for site in model.call_sites().get(node.scope, ())):
                return True
    return any(model.nodes[dst].op == "Identity" and returned(model, dst, "output:0" if node.scope else "0", depth + 1)
               for dst, d in model.consumers(key) if d["kind"] == "data" and d["port"] == port)


def _twins(model, node) -> list:
    def key(n):
        ins = [src for src, data in model.producers(n.key) if data["kind"] == "data"]
        k = model.nodes[ins[1]].const_values() if len(ins) > 1 else None
        return ((n.data_inputs() or [None])[0], tuple(k) if k else n.key)
    mine = key(node)
    return [n for n in model.nodes.values() if n.op == node.op and n.scope == node.scope and key(n) == mine]


# TopKV2's first output as an input names it: in a graph, in a TF function body (by output arg),
# in a .tflite subgraph read as a function (by position).
_VALUES_PORTS = ("0", "values:0", "output:0")


def _own_values_used(model, node) -> bool:
    if any(data["kind"] == "data" and data["port"] in _VALUES_PORTS for _, data in model.consumers(node.key)):
        return True
    if node.scope:
        info = model.functions.get(node.scope)
        return info is not None and any(r.partition(":")[0] == node.name and r.partition(":")[2] in _VALUES_PORTS
                                        for r in info.returns)
    # A signature output straight from the node (a graph, a .tflite): the values are the float one
    return any(t.node == node.key and t.dtype in _FLOAT_TYPES for sig in model.signatures.values()
               for t in sig.outputs.values())


def _through(lowered: list[str]) -> tuple[str | None, str]:
    """The outcome through the builtins an op becomes; alternatives: in float only when every
    form it may take is."""
    if lowered and all(builtin_outcome(b) == FLOAT for b in lowered):
        return FLOAT, f"lowers to {', '.join(lowered)}, which {'has' if len(lowered) == 1 else 'have'} no int8 kernel"
    if any(builtin_outcome(b) == INT8 for b in lowered) or not lowered:
        return INT8, "lowers to " + (", ".join(lowered) or "nothing (folded)")
    return None, ""


def _types(node, key: str) -> list[str]:
    return node.attr_type_list(key)


def float_operators(model, keys=None) -> list:
    """Operators of a .tflite model that compute in float: a float output, or a float input that
    is not a constant (quantize/dequantize boundaries excepted)."""
    out = []
    for node in model.nodes.values():
        if keys is not None and node.key not in keys:
            continue
        if not is_operator(node) or node.op in _BOUNDARY:
            continue
        consts = node.attr_bool_list("_input_const")
        ins = [t for t, c in zip(_types(node, "_input_types"), consts) if not c]
        if any(t in _FLOAT_TYPES for t in ins + _types(node, "_output_types")):
            out.append(node)
    return out


def touches_float(model, node) -> bool:
    """Whether any of the node's dtypes (inputs, outputs, lists flattened) is a float type; for a
    TF1 loop's LoopCond (a bool), whether the loop carries a float (an Enter of its scope does)."""
    if node.op == "LoopCond":
        return any(n.op in op_set("v1_enters") and touches_float(model, n)
                   for n in model.nodes.values() if n.scope == node.scope)
    return any(t in _FLOAT_TYPES for t in node.attr_dtypes().values())


def is_quantized(model) -> bool:
    """A .tflite holding quantized tensors (an int8 or uint8 post-training or QAT model)."""
    return any(node.attr_bool("_quantized") or any(node.attr_bool_list("_output_quantized"))
               for node in model.nodes.values())


def no_int8_kernel(ctx, rule) -> Iterator[Hit]:
    model = ctx.model
    if model.format == "tflite":
        yield from _flatbuffer(ctx)
        return
    untaken = untaken_branch_nodes(ctx)
    for node in ctx.live_nodes():
        if not is_operator(node) or node.key in untaken or folded(ctx, node.key):
            continue  # pruned with a folded cond, or folded into a constant
        outcome, _, _ = classify_node(node)
        if outcome != BUILTIN or in_fused_gelu(model, node):
            continue  # needs Select TF ops or a custom op: TFL001/TFL002 say so (INT8 allows builtins only)
        dtype = primary_dtype(node)
        verdict, basis = tf_op_outcome(model, node, dtype)
        if verdict == FLOAT:
            yield Hit(node.key, {"dtype": dtype, "basis": basis, "what": "has no int8 kernel: it stays in float"},
                      confidence="certain" if basis == "measured" else "likely")


def _flatbuffer(ctx) -> Iterator[Hit]:
    """A quantized model: every operator still computing on float tensors. A float model: those of
    its operators on float tensors whose builtin stays in float under quantization (an operator on
    integer or bool tensors only, such as WHERE on a mask, is not touched by quantization)."""
    quantized = is_quantized(ctx.model)
    for node in float_operators(ctx.model, ctx.live):
        if quantized:
            yield Hit(node.key, {"dtype": primary_dtype(node), "basis": "float tensors in the flatbuffer",
                                 "what": "runs in float"})
        elif node.attr_str("_tflite_kind") == "builtin" and builtin_outcome(node.op) == FLOAT:
            yield Hit(node.key, {"dtype": primary_dtype(node), "what": "has no int8 kernel: it stays in float",
                                 "basis": "measured for the builtin"})
        elif node.op == "TOPK_V2" and not _values_used(ctx.model, node):
            yield Hit(node.key, {"dtype": primary_dtype(node), "what": "stays in float",
                                 "basis": "only its indices are used (argsort), measured"})


def float_model(ctx, rule) -> Iterator[Hit]:
    """A float .tflite: the int8 findings are predictions for quantizing the model it came from."""
    if ctx.model.format == "tflite" and not is_quantized(ctx.model):
        yield Hit(None)


def signatures_without_inputs(ctx, rule) -> Iterator[Hit]:
    """Calibration runs every signature of a multi-signature model in an interpreter, which cannot be
    built when one signature takes no inputs ("NULL SignatureDef inputs for exported method ...")."""
    signatures = {k: ctx.model.signatures[k] for k in converted_signatures(ctx.model)}
    empty = sorted(k for k, s in signatures.items() if not s.inputs)
    if len(signatures) > 1 and empty:
        yield Hit(None, {"signatures": ", ".join(empty)})


def string_inputs_over_one_element(ctx, rule) -> Iterator[Hit]:
    """A string input of a calibrated signature whose known dimensions hold more than one string:
    the calibrator cannot feed it ("basic_string::_M_create"). Unknown dimensions count as 1, what a
    representative sample of batch 1 gives them."""
    model = ctx.model
    seen = set()
    for name in converted_signatures(model):
        for input_name, spec in model.signatures[name].inputs.items():
            if spec.dtype != "string" or spec.shape is None or (spec.node or input_name) in seen:
                continue
            elements = math.prod(d for d in spec.shape if d is not None)
            if elements > 1:
                seen.add(spec.node or input_name)
                yield Hit(spec.node, {"input": input_name, "shape": format_shape(spec.shape), "elements": elements})


# Both spellings: TensorFlow ops in a graph, TFLite builtins in a float .tflite.
_LOOKUPS = frozenset({"LookupTableFindV2", "LookupTableFind", "HASHTABLE_FIND"})
_GATHERS = frozenset({"GatherV2", "Gather", "ResourceGather", "GATHER"})
# Broadcasting element-wise ops (the TensorFlow ops, and the TFLite builtins in a float .tflite):
# the TFLite kernels size their output when the interpreter is prepared, from the shapes the
# flatbuffer states.
_ELEMENTWISE = op_set("broadcasting") | {"Select", "LESS", "LESS_EQUAL", "GREATER", "GREATER_EQUAL", "EQUAL",
                                         "NOT_EQUAL", "ADD", "SUB", "MUL", "MAXIMUM", "MINIMUM", "SELECT", "SELECT_V2"}


def lookup_into_gather(ctx, rule) -> Iterator[Hit]:
    """A table lookup whose result reaches a gather's indices through element-wise ops, as in a Keras
    StringLookup followed by an Embedding (which maps negative ids with Less, AddV2 and SelectV2).
    The converter writes the lookup's result without a shape; the element-wise ops after it are then
    prepared as scalars and the gather drops the batch dimension, so calibration fails in whatever
    needs the real shape (measured, TF 2.21: "reshape.cc num_input_elements != num_output_elements",
    "reduce.cc ... failed to prepare", a crash). A gather right after the lookup is fine, and so is a
    lookup of rank-1 keys ([batch] words: clip, gather, then a matmul, a mean, a reshape, measured),
    and a lookup of one key in all, static ([1] or [1, 1] words: nothing to lose, measured; [None, 1]
    fails)."""
    for node in ctx.nodes_with_ops(_LOOKUPS, live_only=True):
        keys = input_shape(ctx.model, node, "keys")
        if keys is not None and (len(keys) == 1 or all(d == 1 for d in keys)):
            continue  # one key per example, or one in all: the shapes it loses are the ones it has
        found = _gather_after_elementwise(ctx, node.key)
        if found is not None and not node.attr_bool("_quantized"):
            gather, via = found
            yield Hit(node.key, {"gather": gather.name, "via": via.op}, related=(gather.name,))


def _gather_after_elementwise(ctx, start):
    """(gather, the element-wise op feeding its indices) for the first live gather the value of
    `start` reaches through at least one element-wise op (Identity nodes aside); None otherwise."""
    model = ctx.model
    seen, queue = {start}, [(start, False)]
    while queue:
        key, crossed = queue.pop()
        for dst, data in model.consumers(key):
            if data["kind"] != "data" or dst in seen or not ctx.is_live(dst):
                continue
            op = model.nodes[dst].op
            if op in _GATHERS and data["index"] == 1 and crossed:
                return model.nodes[dst], model.nodes[key]
            if op in _ELEMENTWISE or op == "Identity":
                seen.add(dst)
                queue.append((dst, crossed or op != "Identity"))
    return None


def calibration_rank_limits(ctx, rule) -> Iterator[Hit]:
    """An op whose TFLite kernel runs only inputs up to a rank (the rule's `max_rank`, per TF op) on
    an input of a higher recorded rank: the converter converts it, and full-integer calibration,
    which runs the kernels, fails."""
    limits = rule.options["max_rank"]
    for node in ctx.nodes_with_ops(frozenset(limits), live_only=True):
        rank = input_rank(ctx.model, node, "input")
        if rank is not None and rank > limits[node.op]:
            yield Hit(node.key, {"rank": rank, "max_rank": limits[node.op]})


CHECKS = {"tflite-int8-kernels": no_int8_kernel, "tflite-float-model": float_model,
          "tflite-int8-signature-inputs": signatures_without_inputs, "tflite-int8-lookup-gather": lookup_into_gather,
          "tflite-int8-calibration-rank": calibration_rank_limits, "tflite-int8-string-inputs": string_inputs_over_one_element}
OPTIONS = {"tflite-int8-kernels": {}, "tflite-float-model": {}, "tflite-int8-signature-inputs": {},
           "tflite-int8-lookup-gather": {}, "tflite-int8-calibration-rank": {"max_rank": REQUIRED},
           "tflite-int8-string-inputs": {}}
