"""Count what an autograd graph keeps alive, exactly and without timing anything.

Two instruments, both deterministic (they count objects and bytes, they do not sample memory):

* :class:`SavedTensorLedger` installs ``torch.autograd.graph.saved_tensors_hooks`` while the
  forward pass runs. Every tensor an operation saves for backward goes through its pack hook,
  which wraps it in a small slot object; the slot lives exactly as long as the graph keeps the
  saved tensor, so counting live slots tells how much the graph is holding on to. Bytes are
  counted once per storage (two slots on the same buffer are one buffer), and storages of
  tensors passed as ``exclude`` (parameters, the input batch: alive anyway) are not counted.
* :class:`NodeCensus` puts a small tag object into ``node.metadata`` (a dict every backward node
  carries) of every node reachable from a tensor. A node's metadata dies with the node, so the
  number of live tags is the number of graph nodes still alive.

Both rely on CPython freeing an object as soon as its last reference goes, which is what
happens to graph nodes and saved tensors that are not part of a reference cycle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import torch

_TAG_KEY = "graphwatch"


class _Slot:
    """What the graph stores instead of a saved tensor while a ledger is recording."""

    def __init__(self, ledger: SavedTensorLedger, key: int, tensor: torch.Tensor) -> None:
        self.ledger, self.key, self.tensor = ledger, key, tensor
        ledger._live[key] += 1

    def __del__(self) -> None:
        self.ledger._live[self.key] -= 1
        if self.ledger._live[self.key] == 0:
            del self.ledger._live[self.key]


class SavedTensorLedger:
    """Context manager: record the tensors saved for backward inside it, then count the live ones.

    ``live_bytes`` and ``live_slots`` can be read at any time, also after the ``with`` block.
    """

    def __init__(self, exclude: Iterable[torch.Tensor] = ()) -> None:
        self._excluded = {t.untyped_storage().data_ptr() for t in exclude}
        self._live: Counter[int] = Counter()  # storage key -> saved slots still alive
        self._nbytes: dict[int, int] = {}
        self.saved_slots = 0  # how many tensors were saved (and counted) in total
        self._hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)

    def _pack(self, tensor: torch.Tensor) -> Any:
        key = tensor.untyped_storage().data_ptr()
        if key in self._excluded:
            return tensor.detach()
        self.saved_slots += 1
        self._nbytes[key] = tensor.untyped_storage().nbytes()
        return _Slot(self, key, tensor.detach())  # detach(): same storage, no reference cycle

    @staticmethod
    def _unpack(packed: Any) -> torch.Tensor:
        return packed.tensor if isinstance(packed, _Slot) else packed

    def __enter__(self) -> SavedTensorLedger:
        self._hooks.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._hooks.__exit__(*exc)

    @property
    def live_slots(self) -> int:
        """Saved tensors the graph still holds."""
        return sum(self._live.values())

    @property
    def live_bytes(self) -> int:
        """Bytes of the distinct storages behind those saved tensors."""
        return sum(self._nbytes[key] for key in self._live)


class _Tag:
    def __init__(self, census: NodeCensus) -> None:
        self.census = census
        census.live += 1

    def __del__(self) -> None:
        self.census.live -= 1


class NodeCensus:
    """Tag the backward nodes behind tensors; ``live`` counts the tagged nodes still alive."""

    def __init__(self) -> None:
        self.live = 0

    def tag(self, *tensors: torch.Tensor) -> None:
        """Tag every node reachable from the ``grad_fn`` of ``tensors`` (once per node)."""
        frontier = [t.grad_fn for t in tensors if t.grad_fn is not None]
        while frontier:
            node = frontier.pop()
            if _TAG_KEY in node.metadata:
                continue
            node.metadata[_TAG_KEY] = _Tag(self)
            frontier.extend(nxt for nxt, _ in node.next_functions if nxt is not None)


def reachable_nodes(tensor: torch.Tensor) -> int:
    """How many backward nodes can be reached from ``tensor.grad_fn`` (0 for a leaf)."""
    seen: dict[Any, None] = {}
    frontier = [tensor.grad_fn] if tensor.grad_fn is not None else []
    while frontier:
        node = frontier.pop()
        if node in seen:
            continue
        seen[node] = None
        frontier.extend(nxt for nxt, _ in node.next_functions if nxt is not None)
    return len(seen)
