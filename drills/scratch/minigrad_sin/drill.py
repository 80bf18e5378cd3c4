"""Teach minigrad the sine / 教 minigrad 求正弦的导数

minigrad (`snippets/minigrad`, the engine the site builds from scratch) pairs every operation
with its derivative rule: a function of the output's gradient `g` and the arrays the operation
saved, returning one gradient per input. `sin(t)` below computes the sine, but its rule returns
no gradient at all. Write the rule.

minigrad（`snippets/minigrad`，本站从零实现的引擎）为每个运算配一条求导规则：一个以输出的梯度
`g` 和运算保存的数组为参数、为每个输入返回一个梯度的函数。下面的 `sin(t)` 算出了正弦，但它的规则
什么梯度都不返回。写出这条规则。
"""

import numpy as np
from minigrad import Tensor


def sin(t: Tensor) -> Tensor:
    return Tensor._make(
        np.sin(t.data),
        (t,),
        "SinBackward",
        lambda g, a: (None,),  # TODO: the gradient for t
        (t.data,),  # saved for the rule: a = t.data
    )


if __name__ == "__main__":
    x = Tensor([0.0, 1.0, 2.0], requires_grad=True)
    (sin(x) * x).sum().backward()
    print(x.grad)
