from pathlib import Path

import numpy as np
import torch
from minigrad import Tensor

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    values = np.array([[0.3, -1.2, 2.5], [1.0, 0.0, -0.4]])
    x = Tensor(values, requires_grad=True)
    y = call(drill, "sin", x)
    close(torch.tensor(y.data), np.sin(values), "sin(x)", "sin(x)")
    if y.grad_fn is None:
        raise Fail("sin(x) recorded no node", "sin(x) 没有记录节点")
    weights = Tensor([[1.0, -2.0, 0.5], [3.0, 1.0, 2.0]])
    guarded("backward through sin()", (y * weights).sum().backward, path=path)
    if x.grad is None:
        raise Fail(
            "x.grad is None: the rule returned no gradient for t",
            "x.grad 是 None：规则没有为 t 返回梯度",
        )
    t = torch.tensor(values, requires_grad=True)
    (torch.sin(t) * torch.tensor(weights.data)).sum().backward()
    close(torch.tensor(x.grad), t.grad, "x.grad", "x.grad")
    return "minigrad's sin rule gives torch's gradient"
