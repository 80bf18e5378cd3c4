"""Make a custom Function work under vmap / 让自定义 Function 能在 vmap 下工作 (solution)."""

from typing import Any

import torch


class SoftClip(torch.autograd.Function):
    generate_vmap_rule = True  # forward and backward are plain torch ops: vmap can run them

    @staticmethod
    def forward(x: torch.Tensor, limit: float) -> torch.Tensor:  # no ctx: torch.func needs this
        return limit * torch.tanh(x / limit)

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple[Any, ...], output: torch.Tensor) -> None:
        _, limit = inputs
        ctx.save_for_backward(output)
        ctx.limit = limit

    @staticmethod
    def backward(ctx: Any, grad_output: torch.Tensor) -> tuple[torch.Tensor, None]:
        (out,) = ctx.saved_tensors
        y = out / ctx.limit
        return grad_output * (1 - y * y), None


def soft_clip(x: torch.Tensor, limit: float = 2.0) -> torch.Tensor:
    return SoftClip.apply(x, limit)


if __name__ == "__main__":
    batch = torch.randn(4, 3)
    print(torch.vmap(torch.func.grad(lambda x: soft_clip(x).sum()))(batch))
