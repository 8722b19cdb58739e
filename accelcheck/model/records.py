"""The records a Model is made of besides its nodes: signatures and their tensors, variables, library
functions."""

from __future__ import annotations

from dataclasses import dataclass, field

from .dtypes import ITEM_SIZE, base_dtype
from .names import parse_tensor_name
from .node import NodeKey


@dataclass(frozen=True)
class TensorSpec:
    name: str  # tensor name as the signature gives it ("x:0")
    dtype: str
    shape: tuple[int | None, ...] | None  # None: unknown rank
    node: NodeKey | None  # producing node, if it resolves
    encoding: str = "name"  # TensorInfo encoding: "name" (a dense tensor), "coo_sparse" or "composite_tensor"


@dataclass
class Signature:
    name: str
    inputs: dict[str, TensorSpec]
    outputs: dict[str, TensorSpec]
    method: str = ""
    inferred: bool = False  # True when guessed from graph structure (frozen graphs have no signatures)

    # Nodes that run besides the outputs' producers: the _Retval nodes of a graph written as a
    # function (their device and input edge are part of what runs).
    targets: frozenset[NodeKey] = frozenset()

    def output_nodes(self) -> set[NodeKey]:
        return {t.node for t in self.outputs.values() if t.node is not None} | set(self.targets)

    def fed_tensors(self) -> set[tuple[NodeKey, str]]:
        """(node, port) of every input tensor: what runs the signature does not compute."""
        return {(t.node, str(parse_tensor_name(t.name)[1])) for t in self.inputs.values() if t.node is not None}


@dataclass
class Variable:
    node: NodeKey
    kind: str  # "ref" (VariableV2) or "resource" (VarHandleOp)
    dtype: str
    shape: tuple[int | None, ...] | None
    assigned_by: list[NodeKey] = field(default_factory=list)
    checkpoint_bytes: int | None = None

    @property
    def bytes(self) -> int | None:
        if self.checkpoint_bytes is not None:
            return self.checkpoint_bytes
        if self.shape is None or any(d is None for d in self.shape):
            return None
        n = ITEM_SIZE.get(base_dtype(self.dtype))
        if n is None:
            return None
        for d in self.shape:
            n *= d
        return n


@dataclass
class FunctionInfo:
    name: str
    arg_names: list[str]
    ret_nodes: set[str]  # body node names producing results or control results
    node_count: int
    returns: list[str] = field(default_factory=list)  # per output, the body tensor it returns ("node:out:0")
    # FunctionDef attr _noinline (tf.function(experimental_attributes={"_noinline": True})), not
    # from jit_compile=True, which writes it beside _XlaMustCompile
    noinline: bool = False

    @property
    def output_count(self) -> int:
        return len(self.returns)

    def returned(self, index: int) -> tuple[str, str] | None:
        """(body node, its port) that result `index` comes from; None past the last result."""
        if not 0 <= index < len(self.returns):
            return None
        name, _, port = self.returns[index].partition(":")
        return name, port
