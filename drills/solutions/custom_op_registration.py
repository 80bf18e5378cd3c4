"""A custom op that trains and compiles / 能训练、能编译的自定义算子 (reference solution)."""

from typing import Any

import numpy as np
import torch


@torch.library.custom_op("drills::softplus", mutates_args=())
def softplus(x: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.logaddexp(0.0, x.numpy(force=True))).to(x.dtype)


@softplus.register_fake
def _(x: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)  # shape, dtype and device only: the compiler never runs NumPy


def _setup_context(ctx: Any, inputs: tuple[torch.Tensor], output: torch.Tensor) -> None:
    ctx.save_for_backward(inputs[0])


def _backward(ctx: Any, grad_output: torch.Tensor) -> torch.Tensor:
    (x,) = ctx.saved_tensors
    return grad_output * torch.sigmoid(x)


softplus.register_autograd(_backward, setup_context=_setup_context)


if __name__ == "__main__":
    x = torch.randn(4, requires_grad=True)
    softplus(x).sum().backward()
    print(x.grad)
