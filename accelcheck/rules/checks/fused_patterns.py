"""Patterns of several TensorFlow ops that the TFLite converter fuses into one builtin (Keras
PReLU into PRELU, an L2 normalization into L2_NORMALIZATION): what the converter makes of them,
and where the fused builtin's own limits apply (PRELU_RANK)."""

from __future__ import annotations

from ...model.shapes import data_inputs

# tfl.prelu's verifier takes input and alpha of rank 4 at most (measured, TF 2.21: Keras PReLU on a
# rank-5 input, shared axes or not, fails conversion with "'tfl.prelu' op failed to verify that
# operands do not have the same shape or broadcastable shapes within the rank 4", with Select TF ops
# too; ranks 2 to 4 convert).
PRELU_MAX_RANK = 4


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
    shapes = square.output_shapes()
    rank = len(shapes[0]) if shapes and shapes[0] is not None else None
    return axes[0] == -1 or (rank is not None and axes[0] == rank - 1)
