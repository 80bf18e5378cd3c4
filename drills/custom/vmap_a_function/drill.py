"""Make a custom Function work under vmap / 让自定义 Function 能在 vmap 下工作

`SoftClip` squashes its input smoothly into `(-limit, limit)` as `limit * tanh(x / limit)`. It
works in eager mode. Per-sample gradients need `torch.vmap(torch.func.grad(...))` over it, and
`torch.vmap` refuses it. Make `soft_clip` work under `torch.vmap` and `torch.func.grad`, still
through the `SoftClip` Function.

`SoftClip` 用 `limit * tanh(x / limit)` 把输入平滑地压进 `(-limit, limit)`。它在 eager
模式下没问题。逐样本梯度需要在它上面用 `torch.vmap(torch.func.grad(...))`，而 `torch.vmap`
拒绝了它。让 `soft_clip` 能在 `torch.vmap` 和 `torch.func.grad` 下工作，并且仍然经由 `SoftClip`
这个 Function。
"""

from typing import Any

import torch


class SoftClip(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, limit: float) -> torch.Tensor:
        y = torch.tanh(x / limit)
        ctx.save_for_backward(y)
        return limit * y

    @staticmethod
    def backward(ctx: Any, grad_output: torch.Tensor) -> tuple[torch.Tensor, None]:
        (y,) = ctx.saved_tensors
        return grad_output * (1 - y * y), None


def soft_clip(x: torch.Tensor, limit: float = 2.0) -> torch.Tensor:
    return SoftClip.apply(x, limit)


if __name__ == "__main__":
    batch = torch.randn(4, 3)
    print(torch.vmap(torch.func.grad(lambda x: soft_clip(x).sum()))(batch))
