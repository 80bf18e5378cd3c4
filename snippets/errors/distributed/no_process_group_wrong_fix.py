# snippet: timeout=120
"""Each process starting its own group of one: no error, and nothing is ever averaged."""
import torch
import torch.distributed as dist
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    dist.destroy_process_group()            # undo the shared group run_on_ranks made, then
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)   # the pasted line
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    ddp = DDP(model)
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    torch.manual_seed(1 + rank)
    for _ in range(3):
        opt.zero_grad()
        ddp(torch.randn(2, 4)).sum().backward()
        opt.step()
    return dist.get_rank(), dist.get_world_size(), model.weight.detach().clone()


if __name__ == "__main__":
    (rank0, size0, w0), (rank1, size1, w1) = run_on_ranks(worker)
    print(f"process 0 thinks it is rank {rank0} of {size0}; process 1 thinks it is rank {rank1} of {size1}")
    print("weight after 3 steps, process 0:", w0)
    print("weight after 3 steps, process 1:", w1)
    assert size0 == size1 == 1 and not torch.equal(w0, w1)   # two separate trainings, drifting apart
