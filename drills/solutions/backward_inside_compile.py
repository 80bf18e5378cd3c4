"""backward() inside a compiled step / 编译后的训练步里调用 backward()

`train_step(model, x, y)` compiles a whole training step with `torch.compile(fullgraph=True)`,
`loss.backward()` included, and returns the loss. The first call raises. Keep the forward pass
and the loss compiled as one graph (and so the backward compiled too, by AOTAutograd), and make
the step fill the parameters' gradients.

`train_step(model, x, y)` 用 `torch.compile(fullgraph=True)` 编译了整个训练步，包括
`loss.backward()`，并返回损失。第一次调用就报错了。让前向传播和损失仍然编译成一张图（这样反向
传播也由 AOTAutograd 编译），并让这一步填充参数的梯度。
"""

import torch
import torch.nn.functional as F


@torch.compile(fullgraph=True, backend="aot_eager")
def compute_loss(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return F.mse_loss(model(x), y)  # forward and loss: one graph, its backward traced ahead


def train_step(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    loss = compute_loss(model, x, y)
    loss.backward()  # plain Python: runs the compiled backward node
    return loss


if __name__ == "__main__":
    net = torch.nn.Linear(3, 1)
    print(train_step(net, torch.randn(4, 3), torch.randn(4, 1)), net.weight.grad)
