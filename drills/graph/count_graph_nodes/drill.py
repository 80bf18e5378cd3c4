"""Walk the graph, each node once / 遍历计算图，每个节点只走一次

Two tools for inspecting a recorded graph:

- `count_nodes(t)`: how many distinct backward nodes can be reached from `t.grad_fn`
  (a leaf's `AccumulateGrad` node included);
- `leaves(t)`: the leaf tensors whose gradient `t.backward()` would fill, each once.

`count_nodes` gives too large a number as soon as two paths meet, and `leaves` is not written.
Fix the first and write the second by following `grad_fn` and `next_functions`.

两个查看已记录计算图的工具：

- `count_nodes(t)`：从 `t.grad_fn` 出发能到达多少个不同的反向节点（包括叶子张量的
  `AccumulateGrad` 节点）；
- `leaves(t)`：`t.backward()` 会填充其梯度的叶子张量，每个只出现一次。

一旦两条路径汇合，`count_nodes` 给出的数就偏大；`leaves` 还没写。沿着 `grad_fn` 和
`next_functions` 修好前者、写出后者。
"""

from typing import Any

import torch


def count_nodes(t: torch.Tensor) -> int:
    def walk(node: Any) -> int:
        if node is None:
            return 0
        return 1 + sum(walk(next_node) for next_node, _ in node.next_functions)

    return walk(t.grad_fn)


def leaves(t: torch.Tensor) -> list[torch.Tensor]:
    return []  # TODO: an AccumulateGrad node holds its leaf in `.variable`


if __name__ == "__main__":
    x = torch.ones(3, requires_grad=True)
    a = x * 2
    d = (a.sin() + a.cos()).sum()
    print(count_nodes(d), leaves(d))
