from pathlib import Path

import torch

from drills.harness import call, close, load


def f(w: torch.Tensor) -> torch.Tensor:
    a = torch.linspace(-1.0, 1.0, 20, dtype=torch.float64).reshape(5, 4)
    return torch.tanh(a @ w).pow(2).sum()


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([0.3, -0.8, 1.1, 0.5], dtype=torch.float64)
    v = torch.tensor([1.0, 2.0, -1.0, 0.5], dtype=torch.float64)
    got = call(drill, "hvp", f, x, v)
    expected = torch.func.hessian(f)(x) @ v
    close(got, expected, "hvp(f, x, v)", "hvp(f, x, v)")
    return "H v from two reverse passes equals torch.func.hessian(f)(x) @ v"
