from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    x = torch.randn(4, requires_grad=True)
    y = call(drill, "scale", x, 2.5)
    if type(y.grad_fn).__name__ != "ScaleBackward":
        raise Fail("scale() must use the Scale Function", "scale() 必须使用 Scale 这个 Function")
    v = torch.randn(4)
    guarded("backward through scale()", y.backward, v, path=path)
    close(y, x.detach() * 2.5, "scale(x, 2.5)", "scale(x, 2.5)")
    close(x.grad, v * 2.5, "x.grad", "x.grad")
    return "backward returns one gradient per input (None for the float)"
