"""The gradient with respect to the input, and nothing else / 只要对输入的梯度，别的都不要

`input_gradient(model, x)` returns the gradient of the model's summed output with respect to the
input `x` (a saliency map). It works once, but it has three side effects: it leaves gradients in
the model's parameters (the next optimizer step would use them), it turns the caller's `x` into
a tensor that requires grad, and a second call with the same `x` returns twice the answer.
Return the same gradient with none of these side effects.

`input_gradient(model, x)` 返回模型输出之和对输入 `x` 的梯度（显著图）。调用一次没问题，
但它有三个副作用：在模型参数里留下了梯度（下一次优化器更新会用到它们）；把调用方的 `x`
变成了需要梯度的张量；用同一个 `x` 再调用一次，返回的结果翻倍。返回同样的梯度，且没有这些副作用。
"""

import torch


def input_gradient(model: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:
    x = x.detach().requires_grad_()  # a new leaf: the caller's tensor is untouched
    (grad,) = torch.autograd.grad(model(x).sum(), x)  # returned, written into no .grad
    return grad


if __name__ == "__main__":
    net = torch.nn.Linear(3, 2)
    print(input_gradient(net, torch.ones(1, 3)))
