from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    x = torch.tensor([0.1, 0.38, -0.7, 1.26], requires_grad=True)
    y = call(drill, "quantize", x, 0.25)
    close(
        y,
        torch.round(x.detach() / 0.25) * 0.25,
        "quantize(x, 0.25)",
        "quantize(x, 0.25)",
        atol=1e-7,
    )
    v = torch.tensor([1.0, -2.0, 3.0, 0.5])
    if not y.requires_grad:
        raise Fail(
            "quantize(x) does not require grad: the gradient cannot reach x",
            "quantize(x) 不需要梯度：梯度到不了 x",
        )
    (grad,) = guarded("backward through quantize()", torch.autograd.grad, y, x, v, path=path)
    if not grad.abs().sum():
        raise Fail(
            "the gradient reaching x is all zeros: round() has derivative 0",
            "到达 x 的梯度全是 0：round() 的导数是 0",
        )
    close(
        grad,
        v,
        "the gradient reaching x (it should equal the incoming one)",
        "到达 x 的梯度（应等于传来的梯度）",
    )
    return "rounded values forward, the incoming gradient unchanged backward"
