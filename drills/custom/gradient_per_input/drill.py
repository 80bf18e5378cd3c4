"""One gradient per input / 每个输入一个梯度

`Scale` multiplies a tensor by a Python number. Its forward works; its backward makes
`loss.backward()` raise. Fix `backward`.

`Scale` 把张量乘以一个 Python 数。它的前向没问题；它的反向让 `loss.backward()` 报错了。修好
`backward`。
"""

import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, factor: float) -> torch.Tensor:
        ctx.factor = factor
        return x * factor

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor) -> torch.Tensor:
        return grad_output * ctx.factor


def scale(x: torch.Tensor, factor: float) -> torch.Tensor:
    return Scale.apply(x, factor)


if __name__ == "__main__":
    x = torch.ones(3, requires_grad=True)
    scale(x, 2.5).sum().backward()
    print(x.grad)
