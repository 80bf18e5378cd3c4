from pathlib import Path
from typing import Any

import torch

from drills.harness import Fail, call, close, load


class ForwardOnly(torch.autograd.Function):
    """y = x * exp(x), with a forward-mode rule and no reverse-mode one."""

    @staticmethod
    def forward(x: torch.Tensor) -> torch.Tensor:
        return x * torch.exp(x)

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple[torch.Tensor], output: torch.Tensor) -> None:
        ctx.save_for_forward(inputs[0])

    @staticmethod
    def jvp(ctx: Any, x_t: torch.Tensor) -> torch.Tensor:
        (x,) = ctx.saved_tensors
        return (1 + x) * torch.exp(x) * x_t

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> torch.Tensor:
        raise RuntimeError("reverse mode was used: this function has only a forward-mode rule")


def f(x: torch.Tensor) -> torch.Tensor:
    return ForwardOnly.apply(torch.sin(x)) * 2


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([0.2, -0.5, 1.0], dtype=torch.float64)
    v = torch.tensor([1.0, 3.0, -2.0], dtype=torch.float64)
    s = torch.sin(x)
    expected = 2 * (1 + s) * torch.exp(s) * torch.cos(x) * v
    try:
        got = drill.jvp(f, x, v)
    except RuntimeError as error:
        if "reverse mode was used" in str(error):
            raise Fail(
                "jvp() ran a backward pass: the function it was given has a forward-mode rule only",
                "jvp() 执行了反向传播：给它的函数只有前向模式规则",
            ) from error
        raise Fail(
            f"jvp() raised RuntimeError: {error}", f"jvp() 抛出 RuntimeError：{error}"
        ) from error
    close(got, expected, "jvp(f, x, v)", "jvp(f, x, v)")
    close(
        call(drill, "jvp", torch.tanh, x, v),
        (1 - torch.tanh(x) ** 2) * v,
        "jvp(tanh, x, v)",
        "jvp(tanh, x, v)",
    )
    return "J v from one forward pass with a tangent, no backward"
