"""A Function that can be differentiated twice / 能被求导两次的 Function

`SiLU` computes `x * sigmoid(x)` as an `autograd.Function`. Its first derivative is right. A
gradient penalty, a Hessian-vector product or `torch.func.hessian` needs its second derivative,
and `torch.autograd.gradgradcheck(silu, (x,))` must pass. Make `SiLU` correct to second order.
(Removing `@once_differentiable` is not enough.)

`SiLU` 用 `autograd.Function` 计算 `x * sigmoid(x)`。它的一阶导数是对的。梯度惩罚、Hessian-向量积
或 `torch.func.hessian` 需要它的二阶导数，而 `torch.autograd.gradgradcheck(silu, (x,))` 必须通过。
让 `SiLU` 在二阶上也正确。（只删掉 `@once_differentiable` 是不够的。）
"""

from typing import Any

import torch
from torch.autograd.function import once_differentiable


class SiLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, x: torch.Tensor) -> torch.Tensor:
        s = torch.sigmoid(x)
        ctx.save_for_backward(x, s)
        return x * s

    @staticmethod
    @once_differentiable
    def backward(ctx: Any, grad_output: torch.Tensor) -> torch.Tensor:
        x, s = ctx.saved_tensors
        return grad_output * s * (1 + x * (1 - s))


def silu(x: torch.Tensor) -> torch.Tensor:
    return SiLU.apply(x)


if __name__ == "__main__":
    x = torch.randn(4, dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(silu, (x,)))
    print(torch.autograd.gradgradcheck(silu, (x,)))
