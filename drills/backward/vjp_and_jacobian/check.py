from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def f(x: torch.Tensor) -> torch.Tensor:
    return torch.stack([x[0] * x[1], torch.sin(x[2]) * x[0], x.pow(2).sum(), x[1].exp()])


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
    v = torch.tensor([1.0, -2.0, 0.5, 3.0], dtype=torch.float64)
    full = torch.autograd.functional.jacobian(f, x)
    close(call(drill, "vjp", f, x, v), v @ full, "vjp(f, x, v)", "vjp(f, x, v)")
    calls = []

    def counted(t: torch.Tensor) -> torch.Tensor:
        calls.append(1)
        return f(t)

    got = call(drill, "jacobian", counted, x)
    if len(calls) != 1:
        raise Fail(
            f"jacobian() called f {len(calls)} times; one forward pass is enough, each "
            "row is one more backward pass over the same graph",
            f"jacobian() 调用了 f {len(calls)} 次；一次前向传播就够了，每一行只是在同一张"
            "计算图上再做一次反向传播",
        )
    close(got, full, "jacobian(f, x)", "jacobian(f, x)")
    return "vᵀJ is right, and the 4 × 3 Jacobian came from one forward and 4 backward passes"
