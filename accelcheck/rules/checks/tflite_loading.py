"""TFLite checks on what the converter does before it looks at any op: it reads each converted
signature's tensors by name, imports the SavedModel into one MLIR module where signatures and
variables are symbols side by side, gives every tensor an MLIR element type, and inlines every
function call. Each fails the conversion whatever the ops are (measured, TF 2.21, with builtins
and with Select TF ops alike)."""

from __future__ import annotations

from typing import Iterator

from . import REQUIRED, Hit
from .tflite import converted_signatures
from .tflite_shapes import folded


def sparse_signature_tensors(ctx, rule) -> Iterator[Hit]:
    """A signature input or output that is a SparseTensor or composite tensor in the SignatureDef
    (TensorInfo coo_sparse / composite_tensor, what a TF1 sparse_placeholder exports): the converter
    takes every signature tensor by its TensorInfo `name` (tensorflow/lite/python/
    convert_saved_model.py, get_inputs_outputs), which such an entry leaves empty, and fails with
    "The name '' looks like an (invalid) Operation name"."""
    model = ctx.model
    for name in converted_signatures(model):
        sig = model.signatures[name]
        for side, specs in (("input", sig.inputs), ("output", sig.outputs)):
            for key, spec in specs.items():
                if spec.encoding != "name":
                    yield Hit(spec.node, {"side": side, "tensor": key, "signature": name,
                                          "encoding": spec.encoding})


def variable_named_like_signature(ctx, rule) -> Iterator[Hit]:
    """A variable of the SavedModel's graph whose name is the key of a converted signature: the
    import names each signature's function and each variable's global tensor by those names in one
    symbol table, and fails ("redefinition of symbol named 'centroids'"). Measured: a tf.Variable
    named like a signature, used by it or not, a resource variable or a TF1 VariableV2; under a
    name scope ("enc/centroids") it converts."""
    model = ctx.model
    converted = set(converted_signatures(model))
    for variable in model.variables:
        scope, name = variable.node
        if not scope and name in converted:
            yield Hit(variable.node, {"signature": name})


def noinline_calls(ctx, rule) -> Iterator[Hit]:
    """A call, on a converted path, of a function marked `_noinline`
    (tf.function(experimental_attributes={"_noinline": True})): the converter's import inlines every
    call, keeps this one as a call op, and fails ("The Graph contains unsupported
    `StatefulPartionedCallOp`(s)"). Measured: called once or twice, from one signature or several,
    from a SavedModel or a frozen graph; XLA compiles it. A jit_compile=True function, also marked
    _noinline, converts (FunctionInfo.noinline leaves it out)."""
    functions = ctx.model.functions
    for node in ctx.live_nodes():
        for fn in node.calls:
            info = functions.get(fn)
            if info is not None and info.noinline:
                yield Hit(node.key, {"function": fn})


def quantized_element_types(ctx, rule) -> Iterator[Hit]:
    """A node on a converted path whose dtype attrs name a quantized TensorFlow type the import has
    no element type for (the rule's `dtypes`): "Failed to convert element type '!tf_type.qint32':
    Unsupported type", with Select TF ops too (measured: qint8 weights dequantized with
    tf.quantization.dequantize, a QuantizedConv2D's qint32 result; quint8 ones convert). What the
    converter folds into a float constant first never reaches it (tflite_shapes.folded)."""
    unsupported = frozenset(rule.options["dtypes"])
    for node in ctx.live_nodes():
        found = sorted(node.base_dtypes() & unsupported)
        if found and not folded(ctx, node.key):
            yield Hit(node.key, {"dtype": found[0]})


CHECKS = {"tflite-sparse-signature": sparse_signature_tensors,
          "tflite-quantized-element-type": quantized_element_types,
          "tflite-variable-named-like-signature": variable_named_like_signature,
          "tflite-noinline-call": noinline_calls}
OPTIONS = {"tflite-sparse-signature": {}, "tflite-variable-named-like-signature": {}, "tflite-noinline-call": {},
           "tflite-quantized-element-type": {"dtypes": REQUIRED}}
