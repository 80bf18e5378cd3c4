"""Checkpointed blocks that still learn / 用了激活检查点仍能学习的模块

`forward(blocks, head, x)` runs a stack of blocks, each under activation checkpointing to save
memory (its activations are recomputed in backward instead of kept), then a head. After
`backward()` the head has its gradients, but no block has any (a warning says why). Make every
block's parameters receive their gradients, still checkpointing every block.

`forward(blocks, head, x)` 先依次运行一叠模块，每个都用激活检查点来省内存（它们的激活在反向传播时
重新计算，而不是保留下来），最后运行一个头部。`backward()` 之后头部有梯度，可没有一个模块有梯度
（有一条警告说明了原因）。让每个模块的参数都得到梯度，并且仍然对每个模块做激活检查点。
"""

import torch
from torch.utils.checkpoint import checkpoint


def forward(blocks: torch.nn.ModuleList, head: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:
    for block in blocks:
        x = checkpoint(block, x, use_reentrant=True)
    return head(x)


if __name__ == "__main__":
    layers = torch.nn.ModuleList(
        torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Tanh()) for _ in range(3)
    )
    forward(layers, torch.nn.Linear(4, 1), torch.ones(2, 4)).sum().backward()
    print(layers[0][0].weight.grad)
