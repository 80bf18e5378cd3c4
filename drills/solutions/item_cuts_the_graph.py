"""A gradient that never arrives / 永远到不了的梯度

`grads(w, scale, x)` returns the gradients of a loss with respect to the weights `w` and a
learned scalar `scale`. `torch.autograd.grad` refuses: it says `scale` was not used. Return both
true gradients. (Telling `autograd.grad` to accept an unused input is not a fix: `scale` is used,
and must learn.)

`grads(w, scale, x)` 返回损失对权重 `w` 和一个可学习标量 `scale` 的梯度。`torch.autograd.grad`
拒绝了：它说 `scale` 没有被用到。返回两个真正的梯度。（让 `autograd.grad` 接受未被使用的输入不算
修复：`scale` 明明被用到了，而且它必须学习。）
"""

import torch


def grads(w: torch.Tensor, scale: torch.Tensor, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
    loss = ((x @ w) * scale).pow(2).mean()  # the tensor itself: the graph reaches scale
    return torch.autograd.grad(loss, (w, scale))


if __name__ == "__main__":
    print(
        grads(
            torch.ones(3, requires_grad=True),
            torch.tensor(2.0, requires_grad=True),
            torch.ones(4, 3),
        )
    )
