from pathlib import Path
from typing import Any

import torch

from drills.harness import Fail, call, load


def _names(t: torch.Tensor) -> list[str]:
    seen: list[Any] = []
    stack = [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or any(node is s for s in seen):
            continue
        seen.append(node)
        stack.extend(n for n, _ in node.next_functions)
    return [type(n).__name__ for n in seen]


def check(path: Path) -> str:
    drill = load(path)
    x = torch.randn(3, requires_grad=True)
    w = torch.randn(3, requires_grad=True)
    const = torch.randn(3)
    a = x * w
    d = (a.sin() + a.cos() * const + w).sum()
    names = _names(d)
    got = call(drill, "count_nodes", d)
    if got != len(names):
        raise Fail(
            f"count_nodes() gave {got} for a graph of {len(names)} nodes "
            f"({', '.join(sorted(names))}); a node reached along two paths is one node",
            f"count_nodes() 得到 {got}，而计算图共有 {len(names)} 个节点"
            f"（{', '.join(sorted(names))}）；沿两条路径到达的节点仍是同一个节点",
        )
    chain = torch.randn(2, requires_grad=True)
    y = chain
    for _ in range(200):
        y = y * 1.01
    if call(drill, "count_nodes", y.sum()) != 202:
        raise Fail(
            "count_nodes() is wrong on a chain of 200 multiplications (expected 202)",
            "count_nodes() 在 200 次乘法组成的链上算错了（应为 202）",
        )
    found = call(drill, "leaves", d)
    if not isinstance(found, list) or not all(isinstance(t, torch.Tensor) for t in found):
        raise Fail("leaves() must return a list of tensors", "leaves() 应返回张量列表")
    want = [x, w]
    missing = [n for n, t in zip("xw", want, strict=True) if not any(t is f for f in found)]
    if missing or len(found) != 2:
        raise Fail(
            f"leaves(d) returned {len(found)} tensors; expected x and w, each once "
            f"(missing: {', '.join(missing) or 'none'}; `const` needs no gradient)",
            f"leaves(d) 返回了 {len(found)} 个张量；期望 x 和 w 各一次"
            f"（缺少：{', '.join(missing) or '无'}；`const` 不需要梯度）",
        )
    return f"{len(names)} nodes counted once each; leaves x and w found"
