"""The shapes the TFLite converter knows inside a SavedModel's functions when it legalizes ops,
which can be less than the graph records.

Measured with TFLiteConverter.ir_dump_dir (TF 2.21, 2026-11-23): the converter imports a function
body with no shapes but its arguments' and learns them in rounds. Each round, a canonicalization
folds shape arithmetic it can already evaluate into constants, then a shape-inference pass reads a
shape operand element by element from constants, Shape elements, Pack and ConcatV2 of those
(tensorflow/compiler/mlir/tensorflow/transforms/shape_inference.cc, ComputeOutputComponent): a
scalar it folds in the same pass counts, a slice of a shape not yet folded into a constant does
not. A slice that spans an unknown dimension never folds, so the known dimensions in it are lost
for good. Four rounds run before PrepareTF legalizes convolutions: a dimension the converter learns
later is unknown to it there.

The first measured case is Keras 3's UpSampling2D (tf.repeat: Reshape to concat(shape[:axis],
[shape[axis] * 2], shape[axis + 1:])): each repeat learns its last dimension one round after its
input's, so a Conv2D after three UpSampling2D in a row (six repeats), or after two on a computed
input, has an unknown channel and needs Select TF ops; on unknown height and width one is enough.
The second measured case is tf.signal.frame (and tf.signal.stft, which frames the last axis): it
splits the shape into the dimensions before, at and after its axis, and a split of a shape with an
unknown dimension never folds, so a frame count or a trailing dimension the graph records is lost
(followed through RFFT, abs and slices to where a new axis needs it).

The third is a pad whose paddings are computed from a dimension the converter never learns
(tf.image.pad_to_bounding_box or resize_with_crop_or_pad of an image of unknown size): the pad's
shape function reads paddings only as a constant, so no dimension of the result is known. And a
cond's result is refined from its branches only where they return one shape: between resizes to
64x64 and 32x32 it has no known dimension at all, unless the converter folds the predicate.

Graph-level nodes (TF1, frozen graphs) are imported with TensorFlow's own shape refiner, which
reads slices of shapes: they keep what the graph records (measured: a frozen UpSampling2D on
unknown height and width, then a Conv2D, converts).

Ops this module does not model keep their recorded shape, learned in the first round: it only
reports a dimension lost when it follows every step of how it was lost.
"""

from __future__ import annotations

from ...model import opdefs
from ...model.converter_liveness import IFS
from ...model.shapes import PADS, call_site_input, data_inputs, data_ports, picked_dims, shape_of
from ...opsets import op_set

ROUNDS_BEFORE_LEGALIZATION = 4
NEVER = 1 << 16  # a dimension the converter never learns
_MINUS_ONE = -1  # a Reshape element the converter computes from the input's size
_MAX_DEPTH = 200  # beyond this, a value keeps its recorded shape (no Python recursion limit hit)

_SAME_ROUND_SCALARS = frozenset({"Identity", "Cast", "Reshape", "Squeeze", "Mul", "Add", "AddV2", "Sub", "FloorDiv",
                                 "FloorMod", "Maximum", "Minimum"})
_FFTS = frozenset({"RFFT", "RFFT2D", "RFFT3D", "IRFFT", "IRFFT2D", "IRFFT3D"})  # fft_length is a constant operand
_WINDOWED = frozenset({"Conv2D", "DepthwiseConv2dNative", "MaxPool", "AvgPool"})  # NHWC: H, W from the input
_CHANNELS_FROM_FILTER = frozenset({"Conv2D", "DepthwiseConv2dNative"})


class ConverterShapes:
    """rounds(key, port): for each dimension of one output, the round in which the converter learns
    it (0: a constant or a signature input; NEVER: not at all), or None where no rank is recorded."""

    def __init__(self, model, folds=lambda key: False):
        self.model = model
        self.folds = folds  # whether the converter folds a value into a constant (tflite_shapes.folded)
        self.keeps_shape = op_set("keeps_shape")
        self.broadcasting = op_set("broadcasting")
        self._memo: dict = {}
        self.last_dims: dict = {}  # model.shapes.last_dim's, for graph-level nodes

    def known_at_legalization(self, key, port: str, dim: int) -> bool:
        """Whether PrepareTF, which legalizes convolutions, sees the dimension (measured)."""
        rounds = self.rounds(key, port)
        return rounds is None or rounds[dim] <= ROUNDS_BEFORE_LEGALIZATION

    def never_learned(self, key, port: str) -> tuple[bool, ...]:
        """Per dimension, whether the converter never learns it, whatever pass asks (the recorded
        shape's unknown dimensions included); all False where no rank is recorded."""
        rounds = self.rounds(key, port)
        return tuple(r >= NEVER for r in rounds) if rounds is not None else ()

    def rounds(self, key, port: str, depth: int = 0) -> tuple[int, ...] | None:
        """Per dimension of the output, the round the converter learns it in, memoised; a dimension
        the graph records as unknown is NEVER."""
        memo_key = (key, port)
        if memo_key not in self._memo:
            recorded = shape_of(self.model, key, port)
            if recorded is None:
                return None
            derived = None if depth > _MAX_DEPTH else self._derive(self.model.nodes[key], port, recorded, depth)
            derived = derived if derived is not None and len(derived) == len(recorded) else _learned(recorded, 1)
            self._memo[memo_key] = tuple(NEVER if size is None else max(r, 0) for r, size in zip(derived, recorded))
        return self._memo[memo_key]

    def _derive(self, node, port: str, recorded: tuple, depth: int) -> list[int] | None:
        if not node.scope or node.op == "Const":
            return _learned(recorded, 0)
        if node.is_arg:
            return self._argument(node, depth)
        if node.op in IFS:
            return self._branch_results(node, port, depth + 1)
        if not _first_output(node, port):
            return None
        inputs = self._input_ports(node)
        below = depth + 1
        if node.op in PADS and len(inputs) >= 2:
            return self._padded(inputs, below)
        if node.op in self.keeps_shape and inputs:
            return _computed(self.rounds(*inputs[0], below))
        if node.op in self.broadcasting or node.op.startswith("FusedBatchNorm"):
            if node.attr_str("data_format") == "NCHW":
                return None
            return _computed(self._broadcast(inputs[:3] if node.op == "SelectV2" else inputs[:2], recorded, below))
        if node.op in _WINDOWED and node.attr_str("data_format") != "NCHW" and inputs:
            source = self.rounds(*inputs[0], below)
            if source is None or len(source) != 4:
                return None
            return _computed([*source[:3], 0 if node.op in _CHANNELS_FROM_FILTER else source[3]])
        if node.op in ("Reshape", "BroadcastTo") and len(inputs) == 2:
            return self._reshape(inputs[0], self._elements(*inputs[1], below), below)
        if node.op in ("Conv2DBackpropInput", "Fill") and inputs:  # the output shape is an operand
            return _computed(self._elements(*inputs[0], below))
        if node.op in ("ExpandDims", "Tile", "ConcatV2") and inputs:
            return self._arranged(node, inputs, recorded, below)
        if node.op in _FFTS and inputs:  # the leading dimensions are the input's, the last a constant's
            source = self.rounds(*inputs[0], below)
            return None if source is None or len(source) != len(recorded) else _computed([*source[:-1], 0])
        if node.op == "StridedSlice" and inputs and not node.attr_int("new_axis_mask") \
                and not node.attr_int("shrink_axis_mask"):
            # Each dimension is cut from the same dimension of the input (constant bounds or not):
            # known where the input's is.
            source = self.rounds(*inputs[0], below)
            return None if source is None or len(source) != len(recorded) else _computed(source)
        return None

    def _branch_results(self, node, port: str, depth: int) -> list[int] | None:
        """An If's result, refined from its branches' results only where they have the same shape:
        then each dimension once every branch knows it, else none at all (measured, TF 2.21: a
        cond between resizes to 64x64 and 32x32, or between a resize and the image itself, leaves
        the conv after it with unknown channels and it needs Select TF ops; branches of one shape,
        known or not, convert; so does a cond between a resize and a pad_to_bounding_box of a
        static image, but not of an image of unknown size, whose pad the converter never learns)."""
        head, _, index = port.rpartition(":")
        if head != "output" or not index.isdigit():
            return None
        found, shapes = [], set()
        for attr in ("then_branch", "else_branch"):
            branch = self.model.functions.get(node.attr_func(attr) or "")
            returned = branch.returned(int(index)) if branch else None
            key = (branch.name, returned[0]) if returned else None
            rounds = self.rounds(key, returned[1], depth) if returned else None
            if rounds is None:
                return None
            found.append(rounds)
            shapes.add(shape_of(self.model, key, returned[1]))
        if len({len(r) for r in found}) != 1:
            return None
        # A predicate the converter folds leaves the branch taken (measured: a cond on
        # tf.shape(image)[1] > 64 of a static image converts, whatever its branches' shapes).
        if len(shapes) == 1 or self.folds(data_inputs(self.model, node.key)[0]):
            return [max(dims) for dims in zip(*found)]
        return [NEVER] * len(found[0])

    def _padded(self, inputs, depth: int) -> list[int] | None:
        """A pad's result: the input's dimensions once its paddings are constants; with paddings
        computed from a dimension the converter never learns, no dimension at all (the shape
        function reads paddings only as a constant: measured, a Conv2D after a pad_to_bounding_box
        of an image of unknown size needs Select TF ops)."""
        source = self.rounds(*inputs[0], depth)
        paddings = self._paddings_learned(inputs[1][0], depth)
        if source is None or paddings is None:
            return None
        if paddings >= NEVER:
            return [NEVER] * len(source)
        return _computed([max(r, paddings) for r in source])

    def _paddings_learned(self, key, depth: int) -> int | None:
        """The round a paddings operand becomes a constant: a constant's 0; a stack of scalars (or a
        reshape of one, as tf.image.pad_to_bounding_box builds) the round after its last scalar."""
        node = self.model.nodes[key]
        inputs = data_inputs(self.model, key)
        if node.op == "Const":
            return 0
        if node.op in ("Identity", "Reshape") and inputs and depth < _MAX_DEPTH:
            return self._paddings_learned(inputs[0], depth + 1)
        if node.op != "Pack" or not inputs or depth >= _MAX_DEPTH:
            return None
        learned = [self._paddings_learned(k, depth + 1) if self.model.nodes[k].op == "Pack"
                   else self._scalar(k, depth + 1, p) for k, p in self._input_ports(node)]
        if None in learned:
            return None
        latest = max(learned)
        return latest if latest <= 0 or latest >= NEVER else latest + 1

    def _argument(self, node, depth: int) -> list[int] | None:
        """A function argument has the shape of what its call site passes (shape inference
        propagates into the callee in the same pass); an entry function's is the signature's."""
        passed = call_site_input(self.model, node)
        rounds = self.rounds(*passed, depth + 1) if passed else None
        return list(rounds) if rounds else None

    def _input_ports(self, node) -> list[tuple]:
        return data_ports(self.model, node.key)

    def _broadcast(self, inputs, recorded: tuple, depth: int) -> list[int] | None:
        """BroadcastBinaryOpShapeFn: a dimension is known once an operand knows it with a size other
        than 1, or once every operand that has it knows it."""
        operands = []
        for src, port in inputs:
            rounds, sizes = self.rounds(src, port, depth), shape_of(self.model, src, port)
            if rounds is None or sizes is None:
                return None
            operands.append((rounds, sizes))
        result = []
        for i in range(len(recorded)):
            at = [(r[len(r) - len(recorded) + i], s[len(s) - len(recorded) + i])
                  for r, s in operands if len(r) - len(recorded) + i >= 0]
            wide = [r for r, size in at if size != 1]
            result.append(min(min(wide, default=NEVER), max((r for r, _ in at), default=0)))
        return result

    def _arranged(self, node, inputs, recorded: tuple, depth: int) -> list[int] | None:
        """ExpandDims, Tile and ConcatV2 with a constant axis or multiples."""
        last = self.model.nodes[inputs[-1][0]].const_values()
        if last is None:
            return None
        if node.op == "Tile":
            return _computed(self.rounds(*inputs[0], depth))
        axis = int(last[0]) % len(recorded) if len(last) == 1 else None
        if axis is None:
            return None
        if node.op == "ExpandDims":
            source = self.rounds(*inputs[0], depth)
            return None if source is None else _computed([*source[:axis], 0, *source[axis:]])
        parts = [self.rounds(*p, depth) for p in inputs[:-1]]
        if any(p is None or len(p) != len(recorded) for p in parts):
            return None
        return _computed([max(p[i] for p in parts) if i == axis else min(p[i] for p in parts)
                          for i in range(len(recorded))])

    def _reshape(self, data, elements: list[int] | None, depth: int) -> list[int] | None:
        if elements is None:
            return None
        if _MINUS_ONE in elements:  # the converter divides the input's size by the other elements
            source = self.rounds(*data, depth)
            if source is None:
                return None
            rest = max([*source, *(e for e in elements if e != _MINUS_ONE)], default=0)
            elements = [rest if e == _MINUS_ONE else e for e in elements]
        return _computed(elements)

    def _elements(self, key, port: str, depth: int) -> list[int] | None:
        """For a shape operand: the round in which the converter knows each element (_MINUS_ONE for
        a constant -1), or None where it is built in a way not modelled here."""
        node = self.model.nodes[key]
        if node.op == "Const":
            values = node.const_values()
            return None if values is None else [_MINUS_ONE if v == -1 else 0 for v in values]
        inputs = self._input_ports(node)
        if node.op == "Identity" and inputs:
            return self._elements(*inputs[0], depth + 1)
        if node.op == "Shape" and inputs:
            return self.rounds(*inputs[0], depth + 1)
        if node.op == "Pack" and node.attr_int("axis") == 0:
            scalars = [self._scalar(src, depth + 1, p) for src, p in inputs]
            return None if None in scalars else scalars
        if node.op == "ConcatV2":
            pieces = [self._piece(*p, depth + 1) for p in inputs[:-1]]
            if all(piece is None for piece in pieces):
                return None
            # A piece built in a way not modelled keeps what the graph records, learned in round 1.
            pieces = [piece if piece is not None else _recorded_piece(self.model, *p)
                      for piece, p in zip(pieces, inputs[:-1])]
            return None if None in pieces else [e for piece in pieces for e in piece]
        if node.op == "StridedSlice":
            return self._piece(key, port, depth)
        return None

    def _piece(self, key, port: str, depth: int) -> list[int] | None:
        """One operand of a ConcatV2 shape: a slice of a shape is read only once a canonicalization
        has folded it into a constant, the round after the converter learned what it spans."""
        node = self.model.nodes[key]
        if node.op == "StridedSlice" and not node.attr_int("shrink_axis_mask"):
            picked = self._sliced_shape(node, depth)
            if picked is None:
                return None
            rounds, dims = picked
            learned = max((rounds[i] for i in dims), default=0)
            return [NEVER if learned >= NEVER else learned + 1] * len(dims)
        if node.op == "SplitV":
            return self._shape_split(node, port, depth)
        return self._elements(key, port, depth)

    def _shape_split(self, node, port: str, depth: int) -> list[int] | None:
        """One piece of SplitV(Shape(x)) (tf.signal.frame splits a shape into the dimensions before,
        at and after its axis): folded only once all of x's shape is, so a piece of a shape with an
        unknown dimension is never known, even where its own dimensions are (measured, TF 2.21:
        tf.signal.frame(x, 96, 48, axis=0) on x of shape [?, 64] reaches the converter as
        [?, 96, ?], and a new axis added to it needs Select TF ops)."""
        learned = self._split_learned(node, depth)
        pieces = node.output_shapes()  # each piece's length (the split sizes are computed, from the rank)
        index = port.rpartition(":")[2]
        if learned is None or not pieces or not index.isdigit() or int(index) >= len(pieces):
            return None
        piece = pieces[int(index)]
        if piece is None or len(piece) != 1 or piece[0] is None:
            return None
        return [learned] * piece[0]

    def _split_learned(self, split, depth: int) -> int | None:
        """The round every piece of SplitV(Shape(x)) is known in: after all of x's shape; None if
        the split is not of a shape."""
        inputs = data_inputs(self.model, split.key)
        if not inputs or self.model.nodes[inputs[0]].op != "Shape":
            return None
        shape_input = self._input_ports(self.model.nodes[inputs[0]])
        rounds = self.rounds(*shape_input[0], depth + 1) if shape_input else None
        if rounds is None:
            return None
        learned = max(rounds, default=0)
        return NEVER if learned >= NEVER else learned + 1

    def _scalar(self, key, depth: int, port: str = "") -> int | None:
        """The round in which a scalar in a shape computation is known. The first pass folds a
        dimension it has just learned (every result there is unranked, so every op is inferred and
        folded); later passes skip ops whose result type is already static, so a dimension learned
        there is read after the next canonicalization has folded it into a constant."""
        node = self.model.nodes[key]
        if node.op == "Const":
            return 0
        if node.op == "SplitV":  # a dimension split off a shape (tf.signal.frame's length)
            return self._split_learned(node, depth)
        if node.op == "StridedSlice" and node.attr_int("shrink_axis_mask") == 1:
            source = data_inputs(self.model, key)[:1]
            if source and self.model.nodes[source[0]].op == "SplitV":
                return self._split_learned(self.model.nodes[source[0]], depth)
            picked = self._sliced_shape(node, depth)
            if picked is None or len(picked[1]) != 1:
                return None
            learned = picked[0][picked[1][0]]
            return learned if learned <= 1 or learned >= NEVER else learned + 1
        if node.op == "Unpack" and port:  # one dimension of an unstacked shape (_ImageDimensions)
            return self._unstacked_dim(node, port, depth)
        if node.op in _SAME_ROUND_SCALARS and depth < _MAX_DEPTH:
            rounds = [self._scalar(src, depth + 1, p) for src, p in self._input_ports(node)]
            return None if not rounds or None in rounds else max(rounds)
        if (node.op in self.keeps_shape or node.op in self.broadcasting) and depth < _MAX_DEPTH:
            # Other arithmetic (tf.image.resize_with_pad's RealDiv and Floor): when it is learned is
            # not modelled, but what it computes from a dimension never learned is never known.
            rounds = [self._scalar(src, depth + 1, p) for src, p in self._input_ports(node)]
            return NEVER if any(r is not None and r >= NEVER for r in rounds) else None
        return None

    def _unstacked_dim(self, node, port: str, depth: int) -> int | None:
        """Unpack(Shape(x))[i], as tf.image reads the dimensions of an image of unknown size: x's
        dimension i, read after a canonicalization has folded it (like a slice of a shape)."""
        inputs = data_inputs(self.model, node.key)
        index = port.rpartition(":")[2]
        if not inputs or self.model.nodes[inputs[0]].op != "Shape" or not index.isdigit():
            return None
        shape_input = self._input_ports(self.model.nodes[inputs[0]])
        rounds = self.rounds(*shape_input[0], depth + 1) if shape_input else None
        if rounds is None or int(index) >= len(rounds):
            return None
        learned = rounds[int(index)]
        return learned if learned <= 1 or learned >= NEVER else learned + 1

    def _sliced_shape(self, node, depth: int) -> tuple[tuple, list[int]] | None:
        """For StridedSlice(Shape(x), begin, end, strides): the rounds of x's dimensions and the
        indices of those the slice picks."""
        inputs = data_inputs(self.model, node.key)
        if not inputs or self.model.nodes[inputs[0]].op != "Shape":
            return None
        found = picked_dims(self.model, node, inputs)
        shape_input = self._input_ports(self.model.nodes[inputs[0]])
        rounds = self.rounds(*shape_input[0], depth + 1) if found and shape_input else None
        return None if rounds is None or len(rounds) != len(found[0]) else (rounds, found[1])


def _recorded_piece(model, key, port: str) -> list[int] | None:
    """A piece of a shape operand, [1] per element, when its length is recorded."""
    shape = shape_of(model, key, port)
    return [1] * shape[0] if shape is not None and len(shape) == 1 and shape[0] is not None else None


def _learned(recorded: tuple, in_round: int) -> list[int]:
    return [NEVER if size is None else in_round for size in recorded]


def _computed(rounds) -> list[int] | None:
    """What shape inference computes is learned no earlier than its first round."""
    return None if rounds is None else [max(r, 1) for r in rounds]


def _first_output(node, port: str) -> bool:
    """Whether `port` names the node's first output ("0" in a graph, "<first output arg>:0" in a
    function body)."""
    head, _, index = port.rpartition(":")
    if index != "0":
        return False
    outputs = opdefs.output_args(node.op)
    return not head or bool(outputs) and outputs[0]["name"] == head
