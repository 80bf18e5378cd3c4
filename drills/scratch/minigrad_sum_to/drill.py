"""Undo broadcasting / 撤销广播

When `x * b` broadcasts a `(3,)` tensor `b` against a `(2, 3)` tensor `x`, minigrad's rules
return a gradient of the broadcast shape `(2, 3)` for both inputs; the engine then reduces each
gradient to its input's shape with `sum_to(grad, shape)`. The `sum_to` below handles the axes
broadcasting adds in front, but not the axes where the input had size 1 (a `(2, 1)` input
stretched to `(2, 3)`). Complete it. The drill runs minigrad's engine with your `sum_to`.

当 `x * b` 把形状为 `(3,)` 的张量 `b` 与形状为 `(2, 3)` 的张量 `x` 广播时，minigrad 的规则为两个
输入都返回广播后形状 `(2, 3)` 的梯度；引擎再用 `sum_to(grad, shape)` 把每个梯度归约到对应输入的
形状。下面的 `sum_to` 处理了广播在前面添加的轴，却没处理输入大小为 1 的轴（一个被拉伸成 `(2, 3)`
的 `(2, 1)` 输入）。把它补全。本练习会用你的 `sum_to` 运行 minigrad 的引擎。
"""

import numpy as np


def sum_to(grad: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Sum `grad` over the axes broadcasting added or stretched, down to `shape`."""
    extra = grad.ndim - len(shape)
    grad = grad.sum(axis=tuple(range(extra)))  # the axes added in front
    return grad


if __name__ == "__main__":
    print(sum_to(np.ones((2, 3)), (3,)), sum_to(np.ones((2, 3)), (2, 1)))
