from pathlib import Path

import torch

from drills.harness import Fail, call, close, load, show


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    w = torch.randn(3, requires_grad=True)
    scale = torch.tensor(1.5, requires_grad=True)
    x = torch.randn(5, 3)
    got = call(drill, "grads", w, scale, x)
    rw, rs = w.detach().clone().requires_grad_(), scale.detach().clone().requires_grad_()
    expected = torch.autograd.grad(((x @ rw) * rs).pow(2).mean(), (rw, rs))
    close(got[0], expected[0], "the gradient of w", "w 的梯度")
    if got[1] is None or not got[1].abs().sum():
        raise Fail(
            f"the gradient of scale is {show(got[1]) if got[1] is not None else 'None'}; "
            f"the true one is {show(expected[1])}: .item() made scale a Python number, so "
            "the graph never reached it",
            f"scale 的梯度是 "
            f"{show(got[1]) if got[1] is not None else 'None'}；真实值是 "
            f"{show(expected[1])}：.item() 把 scale 变成了 Python 数，计算图根本到不了它",
        )
    close(got[1], expected[1], "the gradient of scale", "scale 的梯度")
    return "both gradients, scale's included, equal the true ones"
