"""J v in one forward pass / 一次前向传播得到 J v

`jvp(f, x, v)` returns the Jacobian-vector product `J v` of `f` at `x`. It uses the "double
backward trick": two reverse passes through a recorded gradient. That needs a backward for every
operation in `f`, and memory for the graph. Compute the same `J v` with forward-mode AD instead:
one forward pass carrying a tangent, no backward at all. The drill gives it a function that has
only a forward-mode rule.

`jvp(f, x, v)` 返回 `f` 在 `x` 处的雅可比-向量积 `J v`。它用的是“二阶反向技巧”：在记录下来的梯度
上做两次反向传播。这要求 `f` 里的每个运算都有反向，还要为计算图占用内存。改用前向模式计算同样的
`J v`：一次携带切向量的前向传播，完全不做反向。本练习会给它一个只有前向模式规则的函数。
"""

from collections.abc import Callable

import torch


def jvp(
    f: Callable[[torch.Tensor], torch.Tensor], x: torch.Tensor, v: torch.Tensor
) -> torch.Tensor:
    x = x.detach().requires_grad_()
    y = f(x)
    u = torch.zeros_like(y, requires_grad=True)  # a dummy cotangent
    (g,) = torch.autograd.grad(y, x, grad_outputs=u, create_graph=True)  # g = Jᵀu, linear in u
    (jv,) = torch.autograd.grad(g, u, grad_outputs=v)  # d(Jᵀu · v)/du = J v
    return jv


if __name__ == "__main__":
    print(jvp(torch.sin, torch.tensor([0.0, 1.0]), torch.tensor([1.0, 1.0])))
