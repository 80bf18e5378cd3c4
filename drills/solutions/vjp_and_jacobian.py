"""A Jacobian from vector-Jacobian products / 用向量-雅可比积拼出雅可比矩阵

Reverse mode computes one vector-Jacobian product per backward pass. Write two functions with
`torch.autograd.grad`:

- `vjp(f, x, v)` returns `vᵀJ`, where `J` is the Jacobian of `f` at `x`;
- `jacobian(f, x)` returns the full Jacobian (shape: outputs × inputs, for a 1-D `f(x)` and
  `x`), one row per backward pass, calling `f` only once.

The `vjp` below ignores `v`, and `jacobian` fails on its second row.

反向模式每次反向传播算出一个向量-雅可比积。用 `torch.autograd.grad` 写两个函数：

- `vjp(f, x, v)` 返回 `vᵀJ`，其中 `J` 是 `f` 在 `x` 处的雅可比矩阵；
- `jacobian(f, x)` 返回完整的雅可比矩阵（对一维的 `f(x)` 和 `x`，形状为 输出数 × 输入数），
  每次反向传播得到一行，且只调用 `f` 一次。

下面的 `vjp` 忽略了 `v`，`jacobian` 在算第二行时失败。
"""

from collections.abc import Callable

import torch

Fn = Callable[[torch.Tensor], torch.Tensor]


def vjp(f: Fn, x: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    x = x.detach().requires_grad_()
    y = f(x)
    return torch.autograd.grad(y, x, grad_outputs=v)[0]  # the vector is grad_outputs


def jacobian(f: Fn, x: torch.Tensor) -> torch.Tensor:
    x = x.detach().requires_grad_()
    y = f(x)  # one forward pass
    rows = []
    for i in range(y.numel()):
        one_hot = torch.zeros_like(y)
        one_hot[i] = 1.0
        # keep the saved tensors: the same graph serves every row
        rows.append(torch.autograd.grad(y, x, grad_outputs=one_hot, retain_graph=True)[0])
    return torch.stack(rows)


if __name__ == "__main__":
    print(jacobian(torch.sin, torch.tensor([0.0, 1.0])))
