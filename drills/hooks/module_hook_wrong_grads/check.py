import warnings
from pathlib import Path

import torch

from drills.harness import call, close, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    block = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2))
    x = torch.randn(5, 3, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = call(drill, "input_gradient_via_hook", block, x)
    xr = x.detach().clone().requires_grad_()
    (expected,) = torch.autograd.grad(block(xr).sum(), xr)
    close(got, expected, "the captured gradient", "捕获到的梯度")
    return "the hook captured dL/dx at the block's input, shape (5, 3)"
