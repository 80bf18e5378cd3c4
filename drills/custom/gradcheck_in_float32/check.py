import warnings
from pathlib import Path

import torch

from drills.harness import Fail, call, load


class _Wrong(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x)
        return torch.sin(x)

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> torch.Tensor:
        (x,) = ctx.saved_tensors
        return grad * torch.cos(x) * 1.01  # off by 1 %


def check(path: Path) -> str:
    drill = load(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, fn in (
            ("torch.tanh", torch.tanh),
            ("torch.exp", torch.exp),
            ("a matrix product", lambda t: t @ t.T),
        ):
            if call(drill, "backward_is_right", fn, (4, 5)) is not True:
                raise Fail(
                    f"backward_is_right() said False for {name}, whose backward is right: "
                    "in float32 the finite differences themselves are too inexact",
                    f"backward_is_right() 对 {name} 说了 False，而它的反向是对的："
                    "在 float32 下，有限差分本身就不够精确",
                )
        if call(drill, "backward_is_right", _Wrong.apply, (4, 5)) is not False:
            raise Fail(
                "backward_is_right() said True for a backward that is 1 % off",
                "backward_is_right() 对一个偏差 1% 的反向说了 True",
            )
    return "True for three correct backwards, False for one 1 % off"
