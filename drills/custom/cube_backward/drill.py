"""The backward of a cube / 立方的反向

`Cube` is an `autograd.Function` for `x ** 3`. Used alone with `.sum().backward()` it even looks
right, but its backward is wrong as soon as anything comes after it. Fix `backward`.

`Cube` 是计算 `x ** 3` 的 `autograd.Function`。单独用 `.sum().backward()` 测试时它甚至看起来
是对的，但只要后面还有别的运算，它的反向就错了。修好 `backward`。
"""

import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor) -> torch.Tensor:
        (x,) = ctx.saved_tensors
        return 3 * x**2


def cube(x: torch.Tensor) -> torch.Tensor:
    return Cube.apply(x)


if __name__ == "__main__":
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    cube(x).sum().backward()
    print(x.grad)
