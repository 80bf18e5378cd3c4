"""Read the gradient of a hidden activation / 读出隐藏层激活的梯度

`hidden_grad(x)` should return the gradient of the loss with respect to the hidden activation
`h` (how much each hidden unit matters for this input). It returns None. Make it return that
gradient, still computed by the one `loss.backward()` that is there.

`hidden_grad(x)` 应当返回损失对隐藏层激活 `h` 的梯度（每个隐藏单元对这个输入有多重要）。
可它返回的是 None。让它返回这个梯度，仍然由现有的那一次 `loss.backward()` 计算。
"""

import torch


def model() -> tuple[torch.nn.Linear, torch.nn.Linear]:
    torch.manual_seed(0)
    return torch.nn.Linear(4, 3), torch.nn.Linear(3, 1)


def hidden_grad(x: torch.Tensor) -> torch.Tensor | None:
    first, second = model()
    h = torch.tanh(first(x))
    loss = second(h).sum()
    loss.backward()
    return h.grad


if __name__ == "__main__":
    print(hidden_grad(torch.ones(2, 4)))
