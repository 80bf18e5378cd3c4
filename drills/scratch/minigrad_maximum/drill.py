"""Ties in minigrad's maximum / minigrad 中 maximum 的平局

`maximum(a, b)` is the elementwise maximum of two minigrad tensors. Its rule sends the gradient
to whichever input is larger. Where they are equal it sends nothing to either, so the gradient
is lost. Make the rule agree with `torch.maximum` everywhere, ties included.

`maximum(a, b)` 是两个 minigrad 张量的逐元素最大值。它的规则把梯度送给较大的那个输入。两者相等时
它谁也不给，梯度就丢了。让这条规则在所有位置（包括相等处）都与 `torch.maximum` 一致。
"""

import numpy as np
from minigrad import Tensor, as_tensor


def maximum(a: Tensor, b: Tensor) -> Tensor:
    b = as_tensor(b)
    return Tensor._make(
        np.maximum(a.data, b.data),
        (a, b),
        "MaximumBackward",
        lambda g, x, y: (g * (x > y), g * (y > x)),
        (a.data, b.data),
    )


if __name__ == "__main__":
    a = Tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = Tensor([1.0, 0.0, 5.0], requires_grad=True)
    maximum(a, b).sum().backward()
    print(a.grad, b.grad)
