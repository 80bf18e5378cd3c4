# snippet: timeout=120
"""Fix: every process joins one group (rank r of world_size) before DDP; gradients are then averaged."""
import copy

import torch
import torch.distributed as dist
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    # run_on_ranks has called dist.init_process_group("gloo", rank=rank, world_size=2) here
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    ddp = DDP(model)
    local = copy.deepcopy(model)
    torch.manual_seed(1 + rank)
    x = torch.randn(2, 4)
    ddp(x).sum().backward()
    local(x).sum().backward()
    return dist.get_world_size(), model.weight.grad, local.weight.grad


if __name__ == "__main__":
    (size, ddp0, local0), (_, ddp1, local1) = run_on_ranks(worker)
    print("world size seen by each rank:", size)
    print("weight.grad after DDP, rank 0:", ddp0)
    print("weight.grad after DDP, rank 1:", ddp1)
    assert size == 2 and torch.equal(ddp0, ddp1)
    assert torch.allclose(ddp0, (local0 + local1) / 2, atol=1e-6)
    print("equal to the mean of the ranks' own gradients: True")
