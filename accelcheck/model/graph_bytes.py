"""A binary GraphDef read from its bytes a slice at a time, so the whole message is never parsed at once.

Parsed in one go, a GraphDef costs about ten times its file in memory (protobuf's tree of a million
NodeDefs), on top of the Model built from it. The Model needs each top-level NodeDef once while it is
built and then only the few a check looks at closely. So:
- `scan` walks the message's top-level fields once and notes where each node's bytes are;
- the builder parses the nodes in chunks of consecutive fields (a slice of a GraphDef's node fields is
  itself a GraphDef) and lets each chunk go before the next;
- `node_def(i)` parses one node again when a check asks for its attrs, from its own bytes;
- the other top-level fields (library, versions) are parsed as a GraphDef without nodes;
- `graph_def()` parses the whole message for writers and fix passes, which need all of it.

Every byte is parsed by the same protobuf class as a whole-file parse would, so what is accepted and
what is refused does not change; anything unusual (a field header that does not decode) returns None
from `scan` and the caller parses the whole message the usual way.
"""

from __future__ import annotations

from array import array

from google.protobuf import message as pb_message

from . import wire
from .protos import pb

_NODE_TAG = 0x0A  # field 1 (node), length-delimited: one byte, before every NodeDef
CHUNK = 1024  # nodes per chunk parse: big enough to run at protobuf's speed, small enough to stay in cache
_CACHE = 4096  # re-parsed NodeDefs kept (a check often reads several attrs of one node in a row)


class GraphBytes:
    """The bytes of one binary GraphDef, with where each top-level NodeDef sits in them."""

    def __init__(self, data: bytes, starts: array, ends: array, chunks: list[tuple[int, int, int]], rest):
        self.data = data
        self._starts, self._ends = starts, ends  # NodeDef i is data[starts[i]:ends[i]]
        self._chunks = chunks  # (first node, byte start, byte end) of runs of consecutive node fields
        self.rest = rest  # a GraphDef of every top-level field but the nodes (library, versions)
        self._cache: dict[int, object] = {}

    def __len__(self) -> int:
        return len(self._starts)

    def __getitem__(self, i: int):
        return self.node_def(i)

    def chunks(self):
        """(index of the first node, its NodeDefs) for consecutive runs of nodes, in file order.
        Raises DecodeError as a whole-message parse would."""
        view = memoryview(self.data)  # slices of it are not copies
        for first, start, end in self._chunks:
            yield first, pb.graph_pb2.GraphDef.FromString(view[start:end]).node

    def node_def(self, i: int):
        """Top-level NodeDef i, parsed again from its bytes (memoised for the last few thousand)."""
        found = self._cache.get(i)
        if found is None:
            if len(self._cache) >= _CACHE:
                self._cache.clear()
            found = self._cache[i] = pb.node_def_pb2.NodeDef.FromString(self.data[self._starts[i]:self._ends[i]])
        return found

    def graph_def(self):
        """The whole GraphDef, parsed: for writers and fix passes."""
        graph_def = pb.graph_pb2.GraphDef()
        graph_def.ParseFromString(self.data)
        return graph_def


def scan(data: bytes) -> GraphBytes | None:
    """Where the top-level NodeDefs of a binary GraphDef sit; None when the top-level fields do not
    decode or the rest does not parse as a GraphDef (the caller then parses it whole and reports)."""
    starts, ends = array("I"), array("I")  # the file is under 2 GiB (protobuf's limit)
    chunks: list[tuple[int, int, int]] = []
    rest = bytearray()
    i, n = 0, len(data)
    run_start, run_first = -1, 0  # the current run of consecutive node fields
    try:
        while i < n:
            if data[i] == _NODE_TAG:  # the hot path: a million of these, so the varint is read inline
                j = i + 1
                length = shift = 0
                while True:
                    b = data[j]
                    j += 1
                    length |= (b & 0x7F) << shift
                    if b < 0x80:
                        break
                    shift += 7
                    if shift > 63:
                        return None
                end = j + length
                if end > n:
                    return None
                if run_start < 0 or len(starts) - run_first >= CHUNK:
                    if run_start >= 0:
                        chunks.append((run_first, run_start, i))
                    run_start, run_first = i, len(starts)
                starts.append(j)
                ends.append(end)
                i = end
                continue
            if run_start >= 0:
                chunks.append((run_first, run_start, i))
                run_start = -1
            field_start = i
            i = wire.field_at(data, i)[3]
            rest += data[field_start:i]
    except (IndexError, wire.WireError):
        return None
    if run_start >= 0:
        chunks.append((run_first, run_start, n))
    try:
        head = pb.graph_pb2.GraphDef.FromString(bytes(rest))
    except (pb_message.DecodeError, ValueError, RuntimeError):
        return None
    return GraphBytes(data, starts, ends, chunks, head)
