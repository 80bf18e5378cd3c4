"""Gradient accumulation under DDP / DDP 下的梯度累积

`accumulate(ddp, micro_batches)` accumulates the gradients of several micro-batches into `.grad`
before one optimizer step, on every rank of a DistributedDataParallel job. Its gradients are
right, but every micro-batch's backward all-reduces them across the ranks, though only the sum
is needed. The drill runs it on two CPU processes and counts the all-reduces. Communicate once
per accumulation, with the same final gradients on every rank.

`accumulate(ddp, micro_batches)` 在 DistributedDataParallel 任务的每个 rank 上，把若干微批次的
梯度累加进 `.grad`，然后才做一次优化器更新。梯度是对的，但每个微批次的反向传播都在各 rank 之间
all-reduce 一次梯度，而真正需要的只是总和。本练习在两个 CPU 进程上运行它并统计 all-reduce 次数。
让每次累积只通信一次，且每个 rank 上最终的梯度不变。
"""

import torch
from torch.nn.parallel import DistributedDataParallel as DDP


def accumulate(ddp: DDP, micro_batches: list[torch.Tensor]) -> None:
    *early, last = micro_batches
    with ddp.no_sync():  # accumulate locally: these backward passes communicate nothing
        for x in early:
            ddp(x).pow(2).mean().backward()
    ddp(last).pow(2).mean().backward()  # this one all-reduces the accumulated sum


if __name__ == "__main__":
    from ddplab import run_on_ranks

    def worker(rank: int, world_size: int) -> torch.Tensor:
        torch.manual_seed(0)
        model = torch.nn.Linear(3, 1)
        accumulate(DDP(model), [torch.randn(4, 3) for _ in range(3)])
        assert model.weight.grad is not None
        return model.weight.grad

    print(run_on_ranks(worker))
