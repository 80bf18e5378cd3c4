"""A gradient test that cries wolf / 谎报军情的梯度测试

`backward_is_right(fn, shape)` should tell whether the backward of `fn` (any differentiable
function of one tensor) agrees with finite differences, using `torch.autograd.gradcheck` on a
random input. It says False for `torch.tanh`, whose backward is right. Make it say True for
correct backwards and still False for wrong ones.

`backward_is_right(fn, shape)` 应当用 `torch.autograd.gradcheck` 在随机输入上检验 `fn`
（任意一个以单个张量为输入的可微函数）的反向是否与有限差分一致。它对反向明明正确的 `torch.tanh`
说 False。让它对正确的反向说 True，对错误的反向仍然说 False。
"""

from collections.abc import Callable

import torch


def backward_is_right(fn: Callable[[torch.Tensor], torch.Tensor], shape: tuple[int, ...]) -> bool:
    x = torch.randn(*shape, requires_grad=True)
    return torch.autograd.gradcheck(fn, (x,), raise_exception=False)


if __name__ == "__main__":
    print(backward_is_right(torch.tanh, (3, 4)))
