"""A Hessian-vector product without the Hessian / 不求 Hessian 的 Hessian-向量积

`hvp(f, x, v)` should return `H v`, the Hessian of the scalar function `f` at `x` times the vector
`v`, with two passes of reverse mode and without ever forming `H`. The second
`torch.autograd.grad` raises. Fix it.

`hvp(f, x, v)` 应当返回 `H v`：标量函数 `f` 在 `x` 处的 Hessian 乘以向量 `v`，用两次反向模式完成，
且从不构造 `H`。第二次 `torch.autograd.grad` 报错了。修好它。
"""

from collections.abc import Callable

import torch


def hvp(
    f: Callable[[torch.Tensor], torch.Tensor], x: torch.Tensor, v: torch.Tensor
) -> torch.Tensor:
    x = x.detach().requires_grad_()
    (g,) = torch.autograd.grad(f(x), x)
    (hv,) = torch.autograd.grad(g, x, grad_outputs=v)
    return hv


if __name__ == "__main__":
    print(hvp(lambda t: (t**3).sum(), torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0])))
