"""Walk the graph, each node once / 遍历计算图，每个节点只走一次 (reference solution)."""

from typing import Any

import torch


def nodes(t: torch.Tensor) -> list[Any]:
    """Every node reachable from `t.grad_fn`, each once (a node reached twice is skipped)."""
    seen: list[Any] = []
    stack = [t.grad_fn] if t.grad_fn is not None else []
    while stack:
        node = stack.pop()
        if any(node is s for s in seen):
            continue
        seen.append(node)
        stack.extend(n for n, _ in node.next_functions if n is not None)
    return seen


def count_nodes(t: torch.Tensor) -> int:
    return len(nodes(t))


def leaves(t: torch.Tensor) -> list[torch.Tensor]:
    return [n.variable for n in nodes(t) if hasattr(n, "variable")]


if __name__ == "__main__":
    x = torch.ones(3, requires_grad=True)
    a = x * 2
    d = (a.sin() + a.cos()).sum()
    print(count_nodes(d), leaves(d))
