"""Run each node once, like the engine / 像引擎那样，每个节点只运行一次 (reference solution)."""

from typing import Any

import torch

Node = Any  # a backward node such as MulBackward0 or AccumulateGrad


def run_node(node: Node, grads: list[torch.Tensor]) -> tuple[torch.Tensor | None, ...]:
    """One node's vector-Jacobian product: the gradients for its `next_functions`, in order."""
    with torch.no_grad():
        out = node(*grads)
    return (out,) if isinstance(out, torch.Tensor) else tuple(out)


def dependencies(root: Node) -> dict[Node, int]:
    """How many gradients each node waits for: one per edge pointing at it."""
    counts = {root: 0}
    stack = [root]
    while stack:
        node = stack.pop()
        for next_node, _ in node.next_functions:
            if next_node is None:
                continue
            if next_node not in counts:
                counts[next_node] = 0
                stack.append(next_node)
            counts[next_node] += 1
    return counts


def backward_by_hand(loss: torch.Tensor, inputs: list[torch.Tensor]) -> list[torch.Tensor]:
    pending = dependencies(loss.grad_fn)
    buffers: dict[Node, list[torch.Tensor | None]] = {loss.grad_fn: [torch.ones_like(loss)]}
    ready = [loss.grad_fn]
    leaf_grads: dict[Node, torch.Tensor] = {}
    while ready:
        node = ready.pop()
        grads = buffers.pop(node)  # complete: every edge into this node has delivered
        if type(node).__name__ == "AccumulateGrad":
            leaf_grads[node] = grads[0]
            continue
        for (next_node, slot), grad in zip(node.next_functions, run_node(node, grads), strict=True):
            if next_node is None:
                continue
            buffer = buffers.setdefault(next_node, [None] * len(next_node._input_metadata))
            if grad is not None:
                buffer[slot] = grad if buffer[slot] is None else buffer[slot] + grad
            pending[next_node] -= 1
            if pending[next_node] == 0:
                ready.append(next_node)
    return [leaf_grads[x.grad_fn or _accumulator(x)] for x in inputs]


def _accumulator(leaf: torch.Tensor) -> Node:
    """The AccumulateGrad node of a leaf (the graph holds it; this finds the same one)."""
    return leaf.view_as(leaf).grad_fn.next_functions[0][0]


if __name__ == "__main__":
    x = torch.tensor([0.5, 1.0], requires_grad=True)
    h = x
    for _ in range(3):
        h = h.sin() * h.cos()
    print(backward_by_hand(h.sum(), [x]))
