from pathlib import Path

import torch

from drills.harness import Fail, call, close, load, show


def check(path: Path) -> str:
    drill = load(path)
    x = torch.randn(2, 4)
    got = call(drill, "hidden_grad", x)
    torch.manual_seed(0)
    first, second = torch.nn.Linear(4, 3), torch.nn.Linear(3, 1)
    h = torch.tanh(first(x))
    (expected,) = torch.autograd.grad(second(h).sum(), h)
    if got is None:
        raise Fail(
            "hidden_grad() returned None: h is a non-leaf (grad_fn=TanhBackward0), and "
            "backward() fills .grad only on leaves unless the tensor asked to keep it",
            "hidden_grad() 返回了 None：h 是非叶子张量（grad_fn=TanhBackward0），"
            "除非这个张量事先要求保留，backward() 只填充叶子张量的 .grad",
        )
    close(got, expected, "hidden_grad(x)", "hidden_grad(x)")
    return f"dloss/dh = {show(got)}"
