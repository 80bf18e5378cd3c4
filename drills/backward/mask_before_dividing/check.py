from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([0.0, 0.5, -2.0, 0.0, 3.0], dtype=torch.float64, requires_grad=True)
    y = call(drill, "sinc", x)
    nonzero = x.detach() != 0
    expected = torch.ones_like(x.detach())
    expected[nonzero] = torch.sin(x.detach()[nonzero]) / x.detach()[nonzero]
    close(y, expected, "sinc(x)", "sinc(x)")
    guarded("backward() of sinc(x).sum()", y.sum().backward, path=path)
    assert x.grad is not None
    if torch.isnan(x.grad).any():
        where = [i for i, bad in enumerate(torch.isnan(x.grad).tolist()) if bad]
        raise Fail(
            f"x.grad is NaN at positions {where} (where x == 0): the unselected branch "
            "sin(x)/x still divides by 0, and 0 * inf is NaN in its backward",
            f"x.grad 在位置 {where}（x == 0 处）是 NaN：未被选中的分支 sin(x)/x "
            "仍然除以了 0，而它的反向里 0 * inf 是 NaN",
        )
    t = x.detach()[nonzero]
    slope = torch.zeros_like(x.detach())
    slope[nonzero] = (t * torch.cos(t) - torch.sin(t)) / t**2
    close(x.grad, slope, "x.grad", "x.grad")
    return "sinc(x) is right, and its gradient at 0 is 0"
