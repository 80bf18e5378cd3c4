from pathlib import Path

import torch
import torch.nn.functional as F

from drills.harness import Fail, call, close, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    x, y = torch.randn(8, 3), torch.randn(8, 1)
    loss = call(drill, "train_step", model, x, y)
    if loss.grad_fn is None or type(loss.grad_fn).__name__ != "CompiledFunctionBackward":
        name = type(loss.grad_fn).__name__ if loss.grad_fn is not None else "None"
        raise Fail(
            f"the loss's grad_fn is {name}, not CompiledFunctionBackward: the forward "
            "pass and the loss are no longer compiled",
            f"损失的 grad_fn 是 {name}，而不是 "
            "CompiledFunctionBackward：前向传播和损失不再是编译的了",
        )
    torch.manual_seed(0)
    ref = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    expected = F.mse_loss(ref(x), y)
    expected.backward()
    close(loss, expected, "the loss", "损失")
    for (name, p), q in zip(model.named_parameters(), ref.parameters(), strict=True):
        close(p.grad, q.grad, f"{name}.grad", f"{name}.grad")
    return "forward and loss compiled (CompiledFunctionBackward); gradients equal eager"
