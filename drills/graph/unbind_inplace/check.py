from pathlib import Path

import torch

from drills.harness import call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    a = torch.randn(4, 3, requires_grad=True)
    weights = torch.randn(4, 3)
    out = call(drill, "normalise_rows", a * 2)
    guarded("backward() through normalise_rows()", (out * weights).sum().backward, path=path)
    b = a.detach().clone().requires_grad_()
    expected = torch.nn.functional.normalize(b * 2, dim=1)
    (expected * weights).sum().backward()
    close(out, expected, "normalise_rows(x)", "normalise_rows(x)")
    close(a.grad, b.grad, "the gradient reaching x", "传到 x 的梯度")
    return "unit rows, and the gradient through them is right"
