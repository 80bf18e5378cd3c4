"""Make the gradient flow / 让梯度流动起来

`fit()` fits a straight line by plain gradient descent on the weights `w` and returns them.
It crashes at the first `loss.backward()`. Make the gradient reach `w`, so that `fit()`
returns the fitted weights (close to [2, -3]). Change as little as you can.

`fit()` 用最朴素的梯度下降拟合一条直线，更新权重 `w` 并返回它。可它在第一次
`loss.backward()` 就崩溃了。让梯度流到 `w`，使 `fit()` 返回拟合出的权重（接近 [2, -3]）。
改动越少越好。
"""

import torch


def data() -> tuple[torch.Tensor, torch.Tensor]:
    torch.manual_seed(0)
    x = torch.randn(64, 2)
    return x, x @ torch.tensor([2.0, -3.0])


def fit(steps: int = 100, lr: float = 0.1) -> torch.Tensor:
    x, y = data()
    w = torch.zeros(2)  # the weights to learn
    for _ in range(steps):
        loss = ((x @ w - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
        w.grad = None
    return w


if __name__ == "__main__":
    print(fit())
