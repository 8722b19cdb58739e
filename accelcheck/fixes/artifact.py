"""The model being fixed: a private copy of its protos, plus where its checkpoint and assets are.

Passes change the copy, never the caller's Model or the files on disk. `model()` re-analyzes the
copy (the same loader code as a lint), which is also how each pass's result is validated.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Model
from ..model.graph import function_scope
from ..model.loader import analyze
from ..model.protos import pb


@dataclass
class Artifact:
    source: str  # the input path (a directory for SavedModels)
    format: str  # saved_model | frozen_graph | graph_text | meta_graph
    graph_def: object  # GraphDef; for MetaGraph-based formats this is meta_graph.graph_def
    meta_graph: object | None = None  # MetaGraphDef (SavedModel's chosen one, or a .meta)
    checkpoint_prefix: str | None = None
    kept_signatures: list[str] = field(default_factory=list)  # empty = all
    frozen: bool = False  # every variable is now a constant: no checkpoint needed
    _model: Model | None = field(default=None, repr=False)

    @classmethod
    def from_model(cls, model: Model) -> "Artifact":
        graph_def, meta = _copy(model.graph_def, model.meta_graph)
        return cls(model.path, model.format, graph_def, meta, model.checkpoint_prefix, frozen=not model.variables)

    def copy(self) -> "Artifact":
        graph_def, meta = _copy(self.graph_def, self.meta_graph)
        return Artifact(self.source, self.format, graph_def, meta, self.checkpoint_prefix,
                        list(self.kept_signatures), self.frozen)

    def model(self) -> Model:
        """The analysis view of the current protos (cached until `changed()`)."""
        if self._model is None:
            self._model = analyze(self.source, self.format, graph_def=self.graph_def, meta_graph=self.meta_graph)
            if self.kept_signatures:
                self._model.signatures = {k: v for k, v in self._model.signatures.items() if k in self.kept_signatures}
        return self._model

    def changed(self) -> None:
        self._model = None

    def functions(self) -> dict:
        return {function_scope(f.signature.name): f for f in self.graph_def.library.function}

    def node_defs(self, scope: str):
        """The NodeDef list of the top-level graph ("") or of a library function."""
        if not scope:
            return self.graph_def.node
        return self.functions()[scope].node_def

    def node_def(self, key: tuple[str, str]):
        for nd in self.node_defs(key[0]):
            if nd.name == key[1]:
                return nd
        raise KeyError(key)


def _copy(graph_def, meta_graph):
    """Private copies of the protos: (graph_def, meta_graph), the graph inside the meta when there is one."""
    if meta_graph is not None:
        meta = pb.meta_graph_pb2.MetaGraphDef()
        meta.CopyFrom(meta_graph)
        return meta.graph_def, meta
    copy = pb.graph_pb2.GraphDef()
    copy.CopyFrom(graph_def)
    return copy, None
