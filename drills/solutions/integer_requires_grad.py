"""Weights that can have a gradient / 能有梯度的权重

`make_weights()` should return the learnable weights `[1, 2, 3]` of a tiny model, as a leaf that
requires grad. It raises before it returns. Fix it.

`make_weights()` 应当返回一个小模型的可学习权重 `[1, 2, 3]`，它是需要梯度的叶子张量。
可它在返回之前就报错了。修好它。
"""

import torch


def make_weights() -> torch.Tensor:
    return torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # a float dtype: gradients exist


if __name__ == "__main__":
    w = make_weights()
    (w * w).sum().backward()
    print(w.grad)
