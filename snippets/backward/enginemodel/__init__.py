"""A readable model of how PyTorch's autograd engine runs one backward pass.

The model works on a *real* graph: it follows ``grad_fn`` and ``next_functions`` and calls the
real backward nodes (``node(grad)`` runs a node's vector-Jacobian product). What it adds is the
bookkeeping the C++ engine does around those calls (``torch/csrc/autograd/engine.cpp``):

1. count, for every node reachable from the output, how many edges point at it;
2. give every node an input buffer where the gradients arriving along those edges are summed;
3. when the last expected gradient has arrived (its count reaches zero), put the node on a
   ready queue; run ready nodes one at a time, each exactly once.

The CPU ready queue is a priority queue: among ready nodes it picks the one with the highest
sequence number (nodes created later in the forward pass run earlier in the backward pass), and
``AccumulateGrad`` nodes carry the largest possible number, so a leaf's gradient is stored as
soon as it is complete. Ties (two ``AccumulateGrad`` nodes ready at once) are left to the C++
heap; this model breaks them first come, first served.

The model leaves out what one CPU graph does not need: hooks, streams and devices, threads,
``inputs=`` filtering and ``create_graph``. It never writes ``.grad``: like
``torch.autograd.grad``, it returns the leaf gradients instead.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import torch

Node = Any  # a backward node such as MulBackward0 or AccumulateGrad


def is_leaf_node(node: Node) -> bool:
    """True for the node that adds a gradient into a leaf tensor's ``.grad``."""
    return type(node).__name__ == "AccumulateGrad"


def successors(node: Node) -> list[tuple[Node, int]]:
    """The ``(next node, input slot)`` pairs a node sends gradients to; None edges dropped."""
    return [(nxt, slot) for nxt, slot in node.next_functions if nxt is not None]


def walk(root: Node) -> list[Node]:
    """Every node reachable from ``root``, in breadth-first order, each listed once."""
    found, frontier = [root], [root]
    while frontier:
        node = frontier.pop(0)
        for nxt, _ in successors(node):
            if nxt not in found:
                found.append(nxt)
                frontier.append(nxt)
    return found


# --8<-- [start:count]
def count_dependencies(root: Node) -> dict[Node, int]:
    """How many gradients each node must receive before it can run.

    One per *edge* pointing at it: ``x * x`` has two edges to the same ``AccumulateGrad``, so
    that node waits for two gradients. The root is not pointed at and starts at zero.
    """
    counts = {node: 0 for node in walk(root)}
    for node in counts:
        for nxt, _ in successors(node):
            counts[nxt] += 1
    return counts
# --8<-- [end:count]


def num_inputs(node: Node) -> int:
    """How many gradient slots a node's input buffer has (one per output of the forward op)."""
    return len(node._input_metadata)


@dataclass
class Trace:
    """What one run of the model did."""

    order: list[Node] = field(default_factory=list)  # nodes in the order they ran
    arrivals: dict[Node, int] = field(default_factory=dict)  # gradients summed per node
    leaf_grads: dict[Node, torch.Tensor] = field(default_factory=dict)  # AccumulateGrad -> grad


# --8<-- [start:run]
def run_backward(root: Node, grad_output: torch.Tensor, *, fifo: bool = False) -> Trace:
    """Run the graph below ``root`` the way the engine does, starting from ``grad_output``.

    ``fifo=True`` replaces the engine's priority rule by a plain first-in, first-out queue: the
    order changes, the gradients do not (any order that respects the counts is correct).
    """

    def priority(node: Node) -> int:
        return 0 if fifo else -node._sequence_nr()

    pending = count_dependencies(root)
    buffers: dict[Node, list[torch.Tensor | None]] = {root: [grad_output]}
    trace = Trace(arrivals={root: 1})
    arrival = itertools.count()  # breaks priority ties: first come, first served
    ready: list[tuple[int, int, Node]] = []  # heap of (priority, arrival, node)
    heapq.heappush(ready, (priority(root), next(arrival), root))

    while ready:
        _, _, node = heapq.heappop(ready)
        grads_in = buffers.pop(node)  # the summed input buffer; freed once the node runs
        trace.order.append(node)
        if is_leaf_node(node):  # the engine would add this into node.variable.grad
            trace.leaf_grads[node] = grads_in[0]
            continue
        with torch.no_grad():  # a plain backward pass records nothing
            grads_out = node(*grads_in)  # the node's vector-Jacobian product
        if isinstance(grads_out, torch.Tensor):
            grads_out = (grads_out,)
        for (nxt, slot), grad in zip(node.next_functions, grads_out, strict=True):
            if nxt is None:  # this input needed no gradient
                continue
            buffer = buffers.setdefault(nxt, [None] * num_inputs(nxt))
            if grad is not None:
                buffer[slot] = grad if buffer[slot] is None else buffer[slot] + grad
            trace.arrivals[nxt] = trace.arrivals.get(nxt, 0) + 1
            pending[nxt] -= 1
            if pending[nxt] == 0:  # the last expected gradient arrived: ready to run
                heapq.heappush(ready, (priority(nxt), next(arrival), nxt))
    return trace
# --8<-- [end:run]


def run_naive(root: Node, grad_output: torch.Tensor) -> tuple[dict[Node, torch.Tensor], int]:
    """Backpropagation without buffers: push every gradient down every path at once.

    Correct (the chain rule is linear, so the per-path pieces add up to the same leaf
    gradients) but a node shared by several paths runs once per path. Returns the leaf
    gradients and the number of node calls.
    """
    leaf_grads: dict[Node, torch.Tensor] = {}
    calls = 0

    def push(node: Node, grads: list[torch.Tensor | None]) -> None:
        nonlocal calls
        calls += 1
        if is_leaf_node(node):
            grad = grads[0]
            if grad is not None:
                leaf_grads[node] = grad if node not in leaf_grads else leaf_grads[node] + grad
            return
        with torch.no_grad():
            grads_out = node(*grads)
        if isinstance(grads_out, torch.Tensor):
            grads_out = (grads_out,)
        for (nxt, slot), grad in zip(node.next_functions, grads_out, strict=True):
            if nxt is not None:
                one_slot: list[torch.Tensor | None] = [None] * num_inputs(nxt)
                one_slot[slot] = grad
                push(nxt, one_slot)

    push(root, [grad_output])
    return leaf_grads, calls


def record_engine_order(root: Node) -> tuple[list[Node], Any]:
    """Make the real engine report the nodes it runs, in order.

    Registers a pre-hook (it fires just before a node runs) on every reachable node. Returns
    the list the hooks append to and a function that removes the hooks again.
    """
    ran: list[Node] = []
    handles = [node.register_prehook(lambda grads, node=node: ran.append(node))
               for node in walk(root)]

    def remove() -> None:
        for handle in handles:
            handle.remove()

    return ran, remove


def labeller(names: Mapping[str, torch.Tensor]) -> Any:
    """A function giving each node a readable label, e.g. ``SinBackward0[a]``.

    ``names`` maps names to tensors: a tensor's ``grad_fn`` is labelled with its name, a leaf's
    ``AccumulateGrad`` with the leaf's name.
    """
    by_node: dict[Node, str] = {}
    for name, tensor in names.items():
        if tensor.grad_fn is not None:
            by_node[tensor.grad_fn] = name

    def label(node: Node) -> str:
        if is_leaf_node(node):
            for name, tensor in names.items():
                if node.variable is tensor:
                    return f"AccumulateGrad[{name}]"
        suffix = f"[{by_node[node]}]" if node in by_node else ""
        return type(node).__name__ + suffix

    return label
