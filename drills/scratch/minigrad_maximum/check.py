from pathlib import Path

import numpy as np
import torch
from minigrad import Tensor

from drills.harness import Fail, call, close, guarded, load, show


def check(path: Path) -> str:
    drill = load(path)
    av = np.array([[1.0, 2.0, -3.0], [0.5, -1.0, 4.0]])
    bv = np.array([1.0, -1.0, -3.0])  # broadcast over the rows: two ties in row 0, one in row 1
    a, b = Tensor(av, requires_grad=True), Tensor(bv, requires_grad=True)
    y = call(drill, "maximum", a, b)
    close(torch.tensor(y.data), np.maximum(av, bv), "maximum(a, b)", "maximum(a, b)")
    weights = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    guarded("backward through maximum()", (y * Tensor(weights)).sum().backward, path=path)
    ta, tb = torch.tensor(av, requires_grad=True), torch.tensor(bv, requires_grad=True)
    (torch.maximum(ta, tb) * torch.tensor(weights)).sum().backward()
    assert ta.grad is not None and tb.grad is not None
    for name, got, want in (("a.grad", a.grad, ta.grad), ("b.grad", b.grad, tb.grad)):
        if got is not None and not np.allclose(got, want.numpy()):
            total = float(
                np.sum(a.grad if a.grad is not None else 0)
                + np.sum(b.grad if b.grad is not None else 0)
            )
            raise Fail(
                f"{name} is {show(torch.tensor(got))}; torch gives {show(want)}. Your rule "
                f"hands out {total:g} of the 21 that arrives: at a tie torch splits the "
                "gradient in half",
                f"{name} 是 {show(torch.tensor(got))}；torch 给出 "
                f"{show(want)}。你的规则只分出了传来的 21 中的 {total:g}：相等时 torch "
                "把梯度对半分",
            )
    close(torch.tensor(a.grad), ta.grad, "a.grad", "a.grad")
    close(torch.tensor(b.grad), tb.grad, "b.grad", "b.grad")
    return "maximum's gradients equal torch's, ties and broadcasting included"
