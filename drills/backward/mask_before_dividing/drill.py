"""sinc without NaN gradients / 没有 NaN 梯度的 sinc

`sinc(x)` is `sin(x) / x`, with its limit 1 at `x == 0`. The values are right, but the gradient
at 0 is NaN, and one NaN poisons a whole training step. Make the gradient at 0 what it should
be (sinc is flat there: 0), keeping the values.

`sinc(x)` 就是 `sin(x) / x`，在 `x == 0` 处取极限值 1。值是对的，但在 0 处的梯度是 NaN，
一个 NaN 就会毁掉整个训练步。让 0 处的梯度变成它应有的值（sinc 在那里是平的：0），值保持不变。
"""

import torch


def sinc(x: torch.Tensor) -> torch.Tensor:
    return torch.where(x == 0, torch.ones_like(x), torch.sin(x) / x)


if __name__ == "__main__":
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    sinc(x).sum().backward()
    print(x.grad)
