"""A custom op that trains and compiles / 能训练、能编译的自定义算子

`softplus` is registered as a custom operator, `drills::softplus`, because its kernel is NumPy
code that PyTorch cannot look into. It runs in eager mode, but nothing else works yet: backward
raises, and `torch.compile(..., fullgraph=True)` cannot trace it. Register what is missing so
that gradients flow, compiled code can call it, and `torch.library.opcheck` passes every test.
(`d softplus(x) / dx = sigmoid(x)`.)

`softplus` 被注册成自定义算子 `drills::softplus`，因为它的 kernel 是 PyTorch 看不进去的 NumPy
代码。它在 eager 模式下能运行，但其他一概不行：反向传播报错，`torch.compile(..., fullgraph=True)`
也追踪不了它。把缺的注册补上，让梯度能流动、编译后的代码能调用它，并且
`torch.library.opcheck` 的每一项测试都通过。（`d softplus(x) / dx = sigmoid(x)`。）
"""

import numpy as np
import torch


@torch.library.custom_op("drills::softplus", mutates_args=())
def softplus(x: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.logaddexp(0.0, x.numpy(force=True))).to(x.dtype)


if __name__ == "__main__":
    x = torch.randn(4, requires_grad=True)
    softplus(x).sum().backward()
    print(x.grad)
