from pathlib import Path

import minigrad.engine
import numpy as np
import torch
from minigrad import Tensor

from drills.harness import Fail, close, guarded, load, need


def check(path: Path) -> str:
    drill = load(path)
    sum_to = need(drill, "sum_to")
    for grad_shape, shape in (
        ((2, 3), (3,)),
        ((2, 3), (2, 1)),
        ((4, 2, 3), (2, 1)),
        ((4, 2, 3), (1, 3)),
        ((2, 3), (2, 3)),
        ((5, 1, 3), (1, 1, 1)),
    ):
        g = np.arange(np.prod(grad_shape), dtype=np.float64).reshape(grad_shape)
        got = guarded(f"sum_to(grad of shape {grad_shape}, {shape})", sum_to, g, shape, path=path)
        want = torch.tensor(g).sum_to_size(shape)
        if np.shape(got) != shape:
            raise Fail(
                f"sum_to(grad of shape {grad_shape}, {shape}) has shape {np.shape(got)}",
                f"sum_to(形状为 {grad_shape} 的梯度, {shape}) 的形状是 {np.shape(got)}",
            )
        close(
            torch.tensor(got),
            want,
            f"sum_to(grad of shape {grad_shape}, {shape})",
            f"sum_to(形状为 {grad_shape} 的梯度, {shape})",
        )
    original = minigrad.engine.sum_to
    minigrad.engine.sum_to = sum_to
    try:
        x = Tensor(np.linspace(-1, 1, 6).reshape(2, 3), requires_grad=True)
        row, col = (
            Tensor([1.0, 2.0, 3.0], requires_grad=True),
            Tensor([[2.0], [-1.0]], requires_grad=True),
        )
        guarded(
            "minigrad backward with your sum_to", ((x * row + col) ** 2).sum().backward, path=path
        )
    finally:
        minigrad.engine.sum_to = original
    tx = torch.tensor(x.data, requires_grad=True)
    trow, tcol = (
        torch.tensor(row.data, requires_grad=True),
        torch.tensor(col.data, requires_grad=True),
    )
    ((tx * trow + tcol) ** 2).sum().backward()
    for name, mine, ref in (("x", x, tx), ("row", row, trow), ("col", col, tcol)):
        close(torch.tensor(mine.grad), ref.grad, f"{name}.grad", f"{name}.grad")
    return "sum_to reduces added and stretched axes; minigrad's gradients equal torch's"
