from pathlib import Path

import numpy as np
import torch
from minigrad import Tensor

from drills.harness import Fail, call, close, guarded, load


def check(path: Path) -> str:
    drill = load(path)
    rng = np.random.default_rng(0)
    for shape in ((4, 4), (3, 4), (4, 3)):
        for axis in (0, 1):
            values = rng.normal(size=shape)
            x = Tensor(values, requires_grad=True)
            y = call(drill, "logsumexp", x, axis)
            t = torch.tensor(values, requires_grad=True)
            ref = torch.logsumexp(t, dim=axis)
            close(
                torch.tensor(y.data),
                ref,
                f"logsumexp of a {shape} input along axis {axis}",
                f"{shape} 输入沿轴 {axis} 的 logsumexp",
            )
            weights = np.linspace(1.0, 2.0, ref.numel())
            guarded(
                f"backward of logsumexp on a {shape[0]} × {shape[1]} input, axis {axis}",
                (y * Tensor(weights)).sum().backward,
                path=path,
            )
            (ref * torch.tensor(weights)).sum().backward()
            assert t.grad is not None
            if x.grad is None or not np.allclose(x.grad, t.grad.numpy()):
                raise Fail(
                    f"on a {shape[0]} × {shape[1]} input along axis {axis} the gradient is "
                    "wrong, without an error: g and out lost that axis, and NumPy "
                    "broadcast them along the other one",
                    f"在 {shape[0]} × {shape[1]} 的输入上沿轴 {axis}，梯度错了却没有报错："
                    "g 和 out 丢掉了这个轴，NumPy 把它们沿另一个轴广播了",
                )
    return "logsumexp's rule equals torch's gradient for both axes and three shapes"
