"""One graph, no break / 一张图，没有中断

`clip_by_norm(g, max_norm)` scales a gradient down when its norm exceeds `max_norm`. It must
compile as one graph: `torch.compile(clip_by_norm, fullgraph=True)` raises, because the Python
`if` needs the value of a tensor. Keep the same results, and make it compile with
`fullgraph=True`.

`clip_by_norm(g, max_norm)` 在梯度范数超过 `max_norm` 时把它缩小。它必须编译成一张图：
`torch.compile(clip_by_norm, fullgraph=True)` 却报错了，因为 Python 的 `if` 需要一个张量的值。
保持结果不变，让它能在 `fullgraph=True` 下编译。
"""

import torch


def clip_by_norm(g: torch.Tensor, max_norm: float = 1.0) -> torch.Tensor:
    norm = g.norm()
    scale = torch.clamp(max_norm / norm, max=1.0)  # a tensor op instead of a Python branch
    return g * scale


if __name__ == "__main__":
    compiled = torch.compile(clip_by_norm, fullgraph=True, backend="eager")
    print(compiled(torch.tensor([3.0, 4.0])))
