"""A loss per sample / 每个样本一个损失

`mean_loss_grad(w, x, y)` should return the gradient of the *mean* squared error over the batch
with respect to `w`. The losses are computed per sample, and `backward()` refuses to start from
a vector. Return the gradient of the mean.

`mean_loss_grad(w, x, y)` 应当返回整个批次上*平均*平方误差对 `w` 的梯度。损失是按样本算的，
`backward()` 拒绝从一个向量开始。返回平均损失的梯度。
"""

import torch


def mean_loss_grad(w: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    losses = (x @ w - y) ** 2  # one loss per sample
    losses.mean().backward()  # a scalar: the seed is 1.0
    return w.grad


if __name__ == "__main__":
    w = torch.zeros(3, requires_grad=True)
    print(mean_loss_grad(w, torch.ones(4, 3), torch.ones(4)))
