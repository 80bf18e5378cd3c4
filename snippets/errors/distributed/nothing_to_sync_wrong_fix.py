# snippet: timeout=120
"""Unfreezing the frozen network so that DDP accepts it: its gradient is now computed and all-reduced."""
import torch
from ddplab import run_on_ranks
from torch import nn
from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import allreduce_hook
from torch.nn.parallel import DistributedDataParallel as DDP

sent = []


def counting_allreduce(state, bucket):
    sent.append(bucket.buffer().numel())              # how many values this all-reduce carries
    return allreduce_hook(state, bucket)              # then DDP's usual averaging all-reduce


def worker(rank, world_size):
    torch.manual_seed(0)
    features = DDP(nn.Linear(4, 4).requires_grad_(True))    # accepted now
    features.register_comm_hook(None, counting_allreduce)
    generator = DDP(nn.Linear(4, 4))
    opt = torch.optim.SGD(generator.parameters(), lr=0.1)   # features still never steps
    torch.manual_seed(1 + rank)
    for _ in range(3):
        x, target = torch.randn(2, 4), torch.randn(2, 4)
        opt.zero_grad()
        nn.functional.mse_loss(features(generator(x)), features(target)).backward()
        opt.step()
    return features.module.weight.grad, sent


if __name__ == "__main__":
    (fgrad, sent0), _ = run_on_ranks(worker)
    print("features.weight.grad[0]:", fgrad[0])
    print("values all-reduced for features, per iteration:", sent0)
    assert fgrad.abs().sum() > 0 and sent0 == [20, 20, 20]   # weight 16 + bias 4, every iteration
