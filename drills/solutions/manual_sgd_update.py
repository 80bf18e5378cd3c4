"""A hand-written SGD step / 手写的 SGD 更新

`sgd_step(params, lr)` applies one step of plain gradient descent to leaf parameters after a
backward pass, and clears their gradients. It raises at the first parameter. Make it update the
parameters in place, keeping them leaves that autograd tracks.

`sgd_step(params, lr)` 在一次反向传播之后，对叶子参数做一步最朴素的梯度下降，并清空它们的梯度。
它在处理第一个参数时就报错了。让它就地更新参数，并让参数仍然是 autograd 跟踪的叶子张量。
"""

import torch


def sgd_step(params: list[torch.Tensor], lr: float) -> None:
    with torch.no_grad():  # an update is not part of the model: record nothing
        for p in params:
            p -= lr * p.grad
            p.grad = None


if __name__ == "__main__":
    w = torch.ones(3, requires_grad=True)
    (w * w).sum().backward()
    sgd_step([w], 0.1)
    print(w)
