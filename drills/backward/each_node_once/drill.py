"""Run each node once, like the engine / 像引擎那样，每个节点只运行一次

`backward_by_hand(loss, inputs)` runs a backward pass itself, over torch's real graph: it walks
`grad_fn` / `next_functions`, runs each node with `run_node(node, grads)` and returns the
gradients of `inputs`, like `torch.autograd.grad(loss, inputs)`. The gradients are right, but it
pushes every gradient down every path at once, so a node shared by two paths runs twice, and on
a chain of diamonds the work doubles with every diamond. Make it run each node exactly once:
wait until a node has received all of its gradients (sum them), then run it.

Do not change `run_node`; call nodes only through it.

`backward_by_hand(loss, inputs)` 在 torch 真实的计算图上自己执行反向传播：沿着
`grad_fn` / `next_functions` 遍历，用 `run_node(node, grads)` 运行每个节点，返回 `inputs`
的梯度，就像 `torch.autograd.grad(loss, inputs)`。梯度是对的，但它把每个梯度立刻沿每条路径
往下推，于是两条路径共享的节点会运行两次；在一串菱形上，每多一个菱形工作量就翻倍。
让每个节点恰好运行一次：等一个节点收齐它的所有梯度（求和）后，再运行它。

不要修改 `run_node`；只通过它调用节点。
"""

from typing import Any

import torch

Node = Any  # a backward node such as MulBackward0 or AccumulateGrad


def run_node(node: Node, grads: list[torch.Tensor]) -> tuple[torch.Tensor | None, ...]:
    """One node's vector-Jacobian product: the gradients for its `next_functions`, in order."""
    with torch.no_grad():
        out = node(*grads)
    return (out,) if isinstance(out, torch.Tensor) else tuple(out)


def backward_by_hand(loss: torch.Tensor, inputs: list[torch.Tensor]) -> list[torch.Tensor]:
    leaf_grads: dict[Node, torch.Tensor] = {}

    def push(node: Node, grad: torch.Tensor) -> None:
        if type(node).__name__ == "AccumulateGrad":  # a leaf: sum what reaches it
            leaf_grads[node] = leaf_grads[node] + grad if node in leaf_grads else grad
            return
        for (next_node, _), next_grad in zip(
            node.next_functions, run_node(node, [grad]), strict=True
        ):
            if next_node is not None and next_grad is not None:
                push(next_node, next_grad)

    push(loss.grad_fn, torch.ones_like(loss))
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
