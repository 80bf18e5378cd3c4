"""Stop a recompile storm / 止住重新编译风暴

`make_step(model, backend)` compiles a sequence model with `torch.compile`; batches arrive with
a sequence length that changes from batch to batch (here 12 batches, 4 to 15 tokens). Dynamo
compiles a new graph for almost every batch until it reaches its recompile limit, and then runs
the remaining batches uncompiled, silently. The drill counts the compiles through the backend
it passes in (`backend="eager"` when you run the file: recompiles are Dynamo's, the same under
any backend). Make the 12 batches cost at most 2 compiles, with the same outputs, without
padding the batches.

`make_step(model, backend)` 用 `torch.compile` 编译一个序列模型；各批次的序列长度各不相同
（这里是 12 个批次，长度从 4 到 15）。Dynamo 几乎为每个批次编译一张新图，直到达到重新
编译上限，之后就悄无声息地以不编译的方式运行剩下的批次。本练习通过传入的 backend 统计
编译次数（直接运行本文件时用 `backend="eager"`：重新编译发生在 Dynamo，换哪个 backend
都一样）。让这 12 个批次最多只编译 2 次，输出不变，并且不对批次做填充。
"""

from collections.abc import Callable
from typing import Any

import torch


def make_step(
    model: torch.nn.Module, backend: Any = "eager"
) -> Callable[[torch.Tensor], torch.Tensor]:
    # dynamic=False: "no dynamic shapes, so nothing to recompile"
    return torch.compile(model, backend=backend, dynamic=False)


if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Tanh())
    step = make_step(net)
    for n in range(4, 16):
        step(torch.randn(2, n, 8))
