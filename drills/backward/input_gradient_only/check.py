from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2))
    x = torch.randn(5, 3)
    xr = x.clone().requires_grad_()
    (expected,) = torch.autograd.grad(model(xr).sum(), xr)
    first = call(drill, "input_gradient", model, x)
    touched = [n for n, p in model.named_parameters() if p.grad is not None]
    if touched:
        raise Fail(
            "input_gradient() left gradients in the model's parameters "
            f"({', '.join(touched)}): the next optimizer step would apply them",
            f"input_gradient() 在模型参数里留下了梯度（{', '.join(touched)}）："
            "下一次优化器更新会用上它们",
        )
    if x.requires_grad:
        raise Fail(
            "input_gradient() changed the caller's x: it now requires grad",
            "input_gradient() 修改了调用方的 x：它现在需要梯度了",
        )
    close(first, expected, "input_gradient(model, x)", "input_gradient(model, x)")
    second = call(drill, "input_gradient", model, x)
    close(second, expected, "a second call with the same x", "用同一个 x 的第二次调用")
    return "the input gradient, with parameters and x untouched, the same on every call"
