"""A gate scaled in place / 就地缩放的门控

`gated(x, w)` computes a gate in (0, 2) and multiplies the input by it. The forward pass works,
but `backward()` on its result raises. Make the backward pass work and give the right gradients,
without changing what `gated` computes.

`gated(x, w)` 计算一个取值在 (0, 2) 之间的门控，再用它乘以输入。前向传播没问题，但对结果调用
`backward()` 会报错。让反向传播正常运行并给出正确的梯度，同时不改变 `gated` 计算的值。
"""

import torch


def gated(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    gate = 2 * torch.sigmoid(x @ w)  # out of place: sigmoid keeps the output it saved
    return (gate * x).sum()


if __name__ == "__main__":
    w = torch.ones(3, 3, requires_grad=True)
    gated(torch.ones(2, 3), w).backward()
    print(w.grad)
