"""Patterns of several TensorFlow ops that the TFLite converter fuses into one builtin (GELU,
Keras PReLU into PRELU, an L2 normalization into L2_NORMALIZATION): what the converter makes of
them, and where the fused builtin's own limits apply (PRELU_MAX_RANK)."""

from __future__ import annotations

import math

from ...model.shapes import data_inputs, inferred_rank

# tfl.prelu's verifier takes input and alpha of rank 4 at most (measured, TF 2.21: Keras PReLU on a
# rank-5 input, shared axes or not, fails conversion with "'tfl.prelu' op failed to verify that
# operands do not have the same shape or broadcastable shapes within the rank 4", with Select TF ops
# too; ranks 2 to 4 convert).
PRELU_MAX_RANK = 4


# Scalar arithmetic the converter folds before it matches patterns (measured, TF 2.21: pow(x, 4/2)
# becomes MUL and pow(x, 1/2) SQRT, as with a written-out exponent).
_FOLDED_UNARY = {"Identity": lambda a: a, "Cast": lambda a: a, "Neg": lambda a: -a,
                 "Reciprocal": lambda a: 1 / a if a else None}
_FOLDED_BINARY = {"Mul": lambda a, b: a * b, "RealDiv": lambda a, b: a / b if b else None,
                  "Div": lambda a, b: a / b if b else None, "AddV2": lambda a, b: a + b,
                  "Add": lambda a, b: a + b, "Sub": lambda a, b: a - b}


def const_scalar(model, key, depth: int = 0) -> float | None:
    """The value of a one-element numeric Const, or of scalar arithmetic on such constants that
    the converter folds; else None."""
    node = model.nodes.get(key)
    if node is None:
        return None
    if node.op == "Const":
        values = node.const_values()
        return values[0] if values is not None and len(values) == 1 else None
    fold = _FOLDED_UNARY.get(node.op) or _FOLDED_BINARY.get(node.op)
    if fold is None or depth > 4:
        return None
    operands = [const_scalar(model, src, depth + 1) for src in data_inputs(model, key)]
    if not operands or None in operands or len(operands) != (1 if node.op in _FOLDED_UNARY else 2):
        return None
    return fold(*operands)


def fused_gelu(model, node) -> bool:
    """Erf/Erfc inside an exact GELU, which the converter fuses into the GELU builtin:
    0.5*x*erfc(-x * 1/sqrt(2)) (tf.nn.gelu, Keras) or 0.5*x*(1 + erf(x / sqrt(2))); or the Pow of
    an approximate one (_approximate_gelu_cube). In float32 only: a float16 GELU (Keras 2 under
    mixed_float16) is not fused (measured, TF 2.21: exact leaves an Erfc, which even Select TF ops
    lack; approximate converts with Select TF ops only)."""
    if node.attr_dtypes().get("T") != "float32":
        return False
    if node.op == "Pow":
        return _approximate_gelu_cube(model, node)
    if node.op not in ("Erf", "Erfc"):
        return False
    # The result must be used by a multiplication (by x, or by 1 + erf(...) on the Erf form).
    users = {model.nodes[dst].op for dst, d in model.consumers(node.key) if d["kind"] == "data"}
    if not users & {"Mul", "AddV2", "Add"}:
        return False
    for src, data in model.producers(node.key):
        scale = model.nodes[src]
        if data["kind"] != "data" or scale.op not in ("Mul", "RealDiv"):
            continue
        want = 2 ** -0.5 if scale.op == "Mul" else 2 ** 0.5
        for const, d in model.producers(src):
            value = const_scalar(model, const) if d["kind"] == "data" else None
            if value is not None and abs(abs(value) - want) < 1e-3:
                return True
    return False


def _approximate_gelu_cube(model, pow_node) -> bool:
    """pow(x, 3) in 0.5*x*(1 + tanh(sqrt(2/pi) * (x + 0.044715*pow(x, 3)))) (tf.nn.gelu with
    approximate=True, Hugging Face's gelu_new): fused into GELU (measured, TF 2.21, int8: both leave
    MUL, GELU; x*x*x in place of the Pow is not fused, a Pow by 3 elsewhere stays POW in float)."""
    if pow_exponent(model, pow_node) != 3.0:
        return False
    steps = ((("Mul",), 0.044715), (("AddV2", "Add"), None), (("Mul",), (2 / math.pi) ** 0.5), (("Tanh",), None))
    frontier = [pow_node.key]
    for ops, factor in steps:
        frontier = [dst for key in frontier for dst in data_users(model, key, *ops)
                    if factor is None or any(abs((const_scalar(model, src) or 0) - factor) < 1e-3
                                             for src in data_inputs(model, dst))]
    return bool(frontier)


def pow_exponent(model, node) -> float | None:
    """A Pow's exponent when it is a one-element constant."""
    exponent = data_inputs(model, node.key)[1:2]
    return const_scalar(model, exponent[0]) if exponent else None


def in_fused_gelu(model, node) -> bool:
    """A node the GELU fusion absorbs: the Erf/Erfc itself, or the Neg/Mul/RealDiv that scales its
    input (tf.nn.gelu: erfc(-x * 1/sqrt(2)); Neg -> Mul -> Erfc at most)."""
    if fused_gelu(model, node):
        return True
    return node.op in ("Neg", "Mul", "RealDiv") and _reaches(model, node.key, lambda n: fused_gelu(model, n), 2)


def _reaches(model, key, accept, depth: int) -> bool:
    """Whether the node's data reaches, within `depth` steps, a node `accept(node)` holds for."""
    frontier = [key]
    for _ in range(depth):
        frontier = [dst for k in frontier for dst, d in model.consumers(k) if d["kind"] == "data"]
        if any(accept(model.nodes[k]) for k in frontier):
            return True
    return False


def prelu_negation(model, neg) -> bool:
    """The Neg of relu(x) + alpha * relu(-x) (Keras PReLU), which the converter fuses into PRELU
    (measured, TF 2.21: Keras PReLU, per-channel or shared, leaves no NEG in int8; the hand-written
    relu(x) - alpha * relu(-x) and -x * alpha keep it)."""
    source = next((src for src, d in model.producers(neg.key) if d["kind"] == "data"), None)
    for relu in data_users(model, neg.key, "Relu"):
        for mul in data_users(model, relu, "Mul"):
            for add in data_users(model, mul, "AddV2", "Add"):
                if any(model.nodes[src].op == "Relu" and src != relu and source in data_inputs(model, src)
                       for src in data_inputs(model, add)):
                    return True
    return False


def l2_normalization(model, square) -> bool:
    """The Square of x * rsqrt(sum(square(x), -1)) or x / sqrt(...), the sum kept as [..., 1] and
    maybe raised by an epsilon (Add or Maximum), which the converter fuses into L2_NORMALIZATION
    (measured, TF 2.21, int8: tf.math.l2_normalize, rsqrt(sum + eps) * x's operands in that order,
    x / sqrt(max(sum, eps)) fuse; Keras 3 UnitNormalization's min(rsqrt(sum), 1e12), rsqrt(...) * x,
    x / max(sqrt(sum), eps), a sum without keepdims, a sum over another axis or several (a StyleGAN
    demodulation) keep SQUARE in float)."""
    x = data_inputs(model, square.key)[:1]
    for total in data_users(model, square.key, "Sum"):
        if not _reduces_last_axis(model, square, total) or not model.nodes[total].attr_bool("keep_dims"):
            continue
        for norm in [total, *data_users(model, total, "Add", "AddV2", "Maximum")]:
            for root in data_users(model, norm, "Rsqrt"):
                if any(data_inputs(model, m) == [*x, root] for m in data_users(model, root, "Mul")):
                    return True
            for root in data_users(model, norm, "Sqrt"):
                if any(data_inputs(model, d) == [*x, root] for d in data_users(model, root, "RealDiv", "Div")):
                    return True
    return False


def data_users(model, key, *ops) -> list:
    """The consumers of the node's value whose op is one of `ops`."""
    return [dst for dst, d in model.consumers(key) if d["kind"] == "data" and model.nodes[dst].op in ops]


def _reduces_last_axis(model, square, total) -> bool:
    """Whether the Sum `total` reduces its input (the Square's result) over its last axis alone."""
    axes = next((model.nodes[src].const_values() for src, d in model.producers(total)
                 if d["kind"] == "data" and d["index"] == 1), None)
    if not axes or len(axes) != 1:
        return False
    rank = inferred_rank(model, square.key)
    return axes[0] == -1 or (rank is not None and axes[0] == rank - 1)
