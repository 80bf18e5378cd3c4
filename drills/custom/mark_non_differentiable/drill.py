"""An output that is not differentiable / 不可微的输出

`ClampWithMask` returns the clamped input and a float mask of the elements that were inside the
range (for a statistic the caller logs, or multiplies into a loss as a constant weight). The mask
comes out requiring grad, though no gradient through it exists, and a loss that uses it sends a
gradient into `backward` that `backward` ignores. Declare the mask non-differentiable, so it
comes out as a constant.

`ClampWithMask` 返回截断后的输入，以及一个浮点掩码，标出哪些元素原本就在区间内（调用方用它记录
统计量，或作为常数权重乘进损失）。掩码输出时需要梯度，但其实不存在穿过它的梯度，用到它的损失会把
一个梯度送进 `backward`，而 `backward` 根本不理会。把掩码声明为不可微，让它作为常量输出。
"""

import torch


class ClampWithMask(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, lo: float, hi: float) -> tuple[torch.Tensor, torch.Tensor]:
        mask = ((x >= lo) & (x <= hi)).to(x.dtype)
        ctx.save_for_backward(mask)
        return x.clamp(lo, hi), mask

    @staticmethod
    def backward(
        ctx, grad_out: torch.Tensor, grad_mask: torch.Tensor
    ) -> tuple[torch.Tensor | None, ...]:
        (mask,) = ctx.saved_tensors
        return grad_out * mask, None, None


def clamp_with_mask(x: torch.Tensor, lo: float, hi: float) -> tuple[torch.Tensor, torch.Tensor]:
    return ClampWithMask.apply(x, lo, hi)


if __name__ == "__main__":
    out, mask = clamp_with_mask(torch.tensor([-2.0, 0.5, 3.0], requires_grad=True), -1.0, 1.0)
    print(out, mask)
