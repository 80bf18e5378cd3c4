"""A weight gradient of the wrong shape / 形状不对的权重梯度

`Dense` is a hand-written linear layer, `y = x @ w` with `x` of shape `(batch, in)` and `w` of
shape `(in, out)`. Its backward makes the engine raise. Fix the formula (a reshape that only
makes the shapes agree is not a fix).

`Dense` 是手写的线性层：`y = x @ w`，其中 `x` 的形状为 `(batch, in)`，`w` 的形状为 `(in, out)`。
它的反向让引擎报错了。修正公式（只为让形状对上而做的 reshape 不算修复）。
"""

from typing import Any

import torch


class Dense(torch.autograd.Function):
    @staticmethod
    def forward(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return x @ w

    @staticmethod
    def setup_context(
        ctx: Any, inputs: tuple[torch.Tensor, torch.Tensor], output: torch.Tensor
    ) -> None:
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx: Any, grad_output: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x, w = ctx.saved_tensors
        return grad_output @ w.t(), x.t() @ grad_output  # (in, batch) @ (batch, out) = (in, out)


def dense(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return Dense.apply(x, w)


if __name__ == "__main__":
    w = torch.randn(3, 2, requires_grad=True)
    dense(torch.randn(4, 3), w).sum().backward()
    print(w.grad)
