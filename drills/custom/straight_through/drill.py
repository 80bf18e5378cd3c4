"""Round in forward, pass through in backward / 前向取整，反向直通

`quantize(x, step)` rounds `x` to multiples of `step` for a quantisation-aware training step. The
rounding's derivative is zero almost everywhere, so nothing before `quantize` ever learns. Keep
the rounded values in the forward pass, and make the backward pass send the incoming gradient
through unchanged (the straight-through estimator), without writing an `autograd.Function`.

`quantize(x, step)` 为量化感知训练把 `x` 取整到 `step` 的整数倍。取整的导数几乎处处为零，
所以 `quantize` 之前的任何东西都学不到东西。前向保持取整后的值，反向则把传来的梯度原样传过去
（直通估计器），而且不写 `autograd.Function`。
"""

import torch


def quantize(x: torch.Tensor, step: float = 0.25) -> torch.Tensor:
    return torch.round(x / step) * step


if __name__ == "__main__":
    x = torch.tensor([0.1, 0.4], requires_grad=True)
    quantize(x).sum().backward()
    print(x.grad)
