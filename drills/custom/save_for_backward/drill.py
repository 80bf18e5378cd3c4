"""Saved, and checked / 保存下来，并且受检查

`Square` computes `x * x` and keeps `x` for its backward as an attribute of `ctx`. If the caller
changes `x` in place between forward and backward, backward silently computes the gradient from
the changed values. Save `x` so that autograd notices such a change and raises instead of
returning a wrong gradient.

`Square` 计算 `x * x`，并把 `x` 作为 `ctx` 的属性留给反向使用。如果调用方在前向和反向之间就地
修改了 `x`，反向就会悄无声息地用改过的值计算梯度。换一种方式保存 `x`，让 autograd 察觉这样的
修改并报错，而不是返回错误的梯度。
"""

import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor) -> torch.Tensor:
        ctx.x = x
        return x * x

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor) -> torch.Tensor:
        return grad_output * 2 * ctx.x


def square(x: torch.Tensor) -> torch.Tensor:
    return Square.apply(x)


if __name__ == "__main__":
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    x = a * 1
    y = square(x)
    x.add_(10)  # changed after Square saved it
    y.sum().backward()
    print(a.grad)  # 2 * 11 and 2 * 12: wrong, and nothing said so
