"""J v in one forward pass / 一次前向传播得到 J v (reference solution)."""

from collections.abc import Callable

import torch
import torch.autograd.forward_ad as fwAD


def jvp(
    f: Callable[[torch.Tensor], torch.Tensor], x: torch.Tensor, v: torch.Tensor
) -> torch.Tensor:
    with fwAD.dual_level():
        y = f(fwAD.make_dual(x, v))  # x + εv: every op carries its tangent along
        return fwAD.unpack_dual(y).tangent


if __name__ == "__main__":
    print(jvp(torch.sin, torch.tensor([0.0, 1.0]), torch.tensor([1.0, 1.0])))
