"""A Function that can be differentiated twice / 能被求导两次的 Function (reference solution)."""

from typing import Any

import torch


class SiLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, x: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x)  # an input: it keeps its history for a second derivative
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx: Any, grad_output: torch.Tensor) -> torch.Tensor:
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)  # recomputed from x with torch ops: recorded under create_graph
        return grad_output * s * (1 + x * (1 - s))


def silu(x: torch.Tensor) -> torch.Tensor:
    return SiLU.apply(x)


if __name__ == "__main__":
    x = torch.randn(4, dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(silu, (x,)))
    print(torch.autograd.gradgradcheck(silu, (x,)))
