"""The model being fixed: a private copy of its protos, plus where its checkpoint and assets are.

Passes change the copy, never the caller's Model or the files on disk. `model()` re-analyzes the
copy (the same loader code as a lint), which is also how each pass's result is validated.

Derived state keeps itself honest: the protos are only reachable through accessors that hand out
something mutable (`graph_def`, `meta_graph`, `functions()`, `node_defs()`, `node_def()`), and each
of them forgets the cached analysis, so the next `model()` sees every edit made since. A pass that
holds on to an earlier `model()` keeps reading that snapshot, as intended while it plans edits.
"""

from __future__ import annotations

from ..model import Model
from ..model.graph import function_scope
from ..model.loader import analyze
from ..model.protos import pb


class Artifact:
    def __init__(self, source: str, format: str, graph_def, meta_graph=None, checkpoint_prefix: str | None = None,
                 kept_signatures: list[str] | None = None, frozen: bool = False):
        self.source = source  # the input path (a directory for SavedModels)
        self.format = format  # saved_model | frozen_graph | graph_text | meta_graph
        self._graph_def = graph_def  # for MetaGraph-based formats, meta_graph.graph_def
        self._meta_graph = meta_graph  # MetaGraphDef (SavedModel's chosen one, or a .meta)
        self.checkpoint_prefix = checkpoint_prefix
        self.kept_signatures = list(kept_signatures or [])  # empty = all
        self.frozen = frozen  # every variable is now a constant: no checkpoint needed
        self._model: Model | None = None

    @classmethod
    def from_model(cls, model: Model) -> "Artifact":
        graph_def, meta = _copy(model.graph_def, model.meta_graph)
        return cls(model.path, model.format, graph_def, meta, model.checkpoint_prefix, frozen=not model.variables)

    def copy(self) -> "Artifact":
        graph_def, meta = _copy(self._graph_def, self._meta_graph)
        return Artifact(self.source, self.format, graph_def, meta, self.checkpoint_prefix,
                        self.kept_signatures, self.frozen)

    def model(self) -> Model:
        """The analysis view of the current protos (cached until they are handed out for editing)."""
        if self._model is None:
            self._model = analyze(self.source, self.format, graph_def=self._graph_def, meta_graph=self._meta_graph)
            if self.kept_signatures:
                self._model.signatures = {k: v for k, v in self._model.signatures.items() if k in self.kept_signatures}
        return self._model

    def _edited(self):
        self._model = None
        return self

    # ----- the protos, for the edit layer and passes (each access may edit: the analysis is stale)

    @property
    def graph_def(self):
        return self._edited()._graph_def

    @property
    def meta_graph(self):
        return self._edited()._meta_graph

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

    # ----- read-only facts (no invalidation)

    def read_meta(self):
        """The MetaGraphDef (or None) for reading only: its signatures, saver, collections."""
        return self._meta_graph

    def read_graph(self):
        """The GraphDef for reading only (writing it out, sizes)."""
        return self._graph_def


def _copy(graph_def, meta_graph):
    """Private copies of the protos: (graph_def, meta_graph), the graph inside the meta when there is one."""
    if meta_graph is not None:
        meta = pb.meta_graph_pb2.MetaGraphDef()
        meta.CopyFrom(meta_graph)
        return meta.graph_def, meta
    copy = pb.graph_pb2.GraphDef()
    copy.CopyFrom(graph_def)
    return copy, None
