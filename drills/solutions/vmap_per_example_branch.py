"""A function vmap can batch / vmap 能批处理的函数

`normalise(x)` scales one example to unit length, and leaves an all-zero example as it is. It
works on one example at a time. `torch.vmap(normalise)` should apply it to a whole batch in one
call, and `torch.vmap(torch.func.grad(...))` give per-example gradients, but vmap refuses the
function. Make it work under vmap, with the same values, and a gradient with no NaN for the
all-zero example.

`normalise(x)` 把一个样本缩放到单位长度，全零的样本则保持原样。它每次处理一个样本。
`torch.vmap(normalise)` 应当一次调用就把它作用到整个批次，`torch.vmap(torch.func.grad(...))`
应当给出逐样本梯度，可 vmap 拒绝了这个函数。让它能在 vmap 下工作，值保持不变，并且全零样本的梯度里
没有 NaN。
"""

import torch


def normalise(x: torch.Tensor) -> torch.Tensor:
    n = x.norm()
    safe = torch.where(n == 0, torch.ones_like(n), n)  # per example, and never a division by 0
    return x / safe


if __name__ == "__main__":
    batch = torch.tensor([[3.0, 4.0], [0.0, 0.0]])
    print(torch.vmap(normalise)(batch))
