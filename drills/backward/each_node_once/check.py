from collections import Counter
from pathlib import Path
from typing import Any

import torch

from drills.harness import Fail, call, close, load, need


def check(path: Path) -> str:
    drill = load(path)
    original = need(drill, "run_node")
    ran: Counter[str] = Counter()
    nodes: set[int] = set()

    def counting(node: Any, grads: list[torch.Tensor]) -> Any:
        ran[type(node).__name__] += 1
        nodes.add(id(node))
        return original(node, grads)

    drill.run_node = counting
    x = torch.tensor([0.3, -0.7, 1.1], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([0.9, 1.2, -0.4], dtype=torch.float64, requires_grad=True)
    h = x * w
    diamonds = 12
    for _ in range(diamonds):
        h = h.sin() * h.cos() + w
    loss = h.sum()
    got = call(drill, "backward_by_hand", loss, [x, w])
    expected = torch.autograd.grad(loss, [x, w])
    for name, g, e in zip("xw", got, expected, strict=True):
        close(g, e, f"the gradient of {name}", f"{name} 的梯度")
    total = sum(ran.values())
    if total == 0:
        raise Fail(
            "no node ran through run_node(); call every node through it",
            "没有任何节点经由 run_node() 运行；请通过它调用每个节点",
        )
    if total != len(nodes):
        worst = ", ".join(f"{name} ×{n}" for name, n in ran.most_common(3))
        raise Fail(
            f"run_node() ran {total} times for {len(nodes)} distinct nodes on a chain of "
            f"{diamonds} diamonds ({worst}): a node must wait for all its gradients",
            f"在 {diamonds} 个菱形组成的链上，run_node() 运行了 {total} 次，而不同的节点只有 "
            f"{len(nodes)} 个（{worst}）：节点要等收齐所有梯度再运行",
        )
    return f"{total} node calls for {total} nodes; gradients equal torch's"
