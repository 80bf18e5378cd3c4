from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def check(path: Path) -> str:
    drill = load(path)
    x, y = torch.randn(5, 3), torch.randn(5)
    w = torch.randn(3, requires_grad=True)
    got = call(drill, "mean_loss_grad", w, x, y)
    ref = w.detach().clone().requires_grad_()
    (expected,) = torch.autograd.grad(((x @ ref - y) ** 2).mean(), ref)
    if got is not None and torch.allclose(got, 5 * expected, atol=1e-5):
        raise Fail(
            "the result is 5 times the gradient of the mean: a gradient of ones weights "
            "each of the 5 samples by 1, which is the gradient of the sum",
            "结果是平均损失梯度的 5 倍：全 1 的 gradient 给 5 个样本各乘以 1，得到的是求和的梯度",
        )
    close(got, expected, "the gradient", "梯度")
    return "the gradient of the mean loss"
