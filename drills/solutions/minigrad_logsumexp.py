"""logsumexp along an axis / 沿某个轴的 logsumexp

`logsumexp(t, axis)` computes `log(sum(exp(t), axis))` stably for a 2-D minigrad tensor. Its
derivative rule should return `g` times the softmax of `t` along `axis`. Along axis 1, the
backward raises on a 3 × 4 input, and on a 4 × 4 input it runs and is silently wrong. Fix the
rule for both axes and any shape.

`logsumexp(t, axis)` 对二维 minigrad 张量稳定地计算 `log(sum(exp(t), axis))`。它的求导规则应当
返回 `g` 乘以 `t` 沿 `axis` 的 softmax。沿轴 1 时，在 3 × 4 的输入上反向传播报错；在 4 × 4 的输入上
它能运行，却悄悄地算错。让规则对两个轴、任意形状都正确。
"""

import numpy as np
from minigrad import Tensor


def logsumexp(t: Tensor, axis: int) -> Tensor:
    top = t.data.max(axis=axis, keepdims=True)
    out = (top + np.log(np.exp(t.data - top).sum(axis=axis, keepdims=True))).squeeze(axis)
    return Tensor._make(
        out,
        (t,),
        "LogSumExpBackward",
        # g and out lost `axis`: put it back so they broadcast along it
        lambda g, a, out: (np.expand_dims(g, axis) * np.exp(a - np.expand_dims(out, axis)),),
        (t.data, out),
    )


if __name__ == "__main__":
    x = Tensor(np.arange(12.0).reshape(3, 4), requires_grad=True)
    logsumexp(x, axis=1).sum().backward()
    print(x.grad)
