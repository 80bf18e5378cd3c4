"""Small initial weights the optimizer accepts / 让优化器接受缩小后的初始权重

`make_params()` creates the weights of a linear model with small random values (a standard
normal scaled by 0.01) and a zero bias; `train()` hands them to `torch.optim.SGD`. The optimizer
refuses them. Keep the same initial values, and make `train()` work.

`make_params()` 为一个线性模型创建权重：小的随机值（标准正态乘以 0.01）和全零偏置；
`train()` 把它们交给 `torch.optim.SGD`。优化器拒绝了它们。保持初始值不变，让 `train()` 能运行。
"""

import torch


def make_params() -> list[torch.Tensor]:
    torch.manual_seed(0)
    w = (torch.randn(3, 1) * 0.01).requires_grad_()  # scale first, then make it a leaf
    b = torch.zeros(1, requires_grad=True)
    return [w, b]


def train(steps: int = 200) -> float:
    w, b = params = make_params()
    optimizer = torch.optim.SGD(params, lr=0.1)
    torch.manual_seed(1)
    x = torch.randn(64, 3)
    y = x @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.3
    for _ in range(steps):
        optimizer.zero_grad()
        loss = ((x @ w + b - y) ** 2).mean()
        loss.backward()
        optimizer.step()
    return loss.item()


if __name__ == "__main__":
    print(train())
