# snippet: timeout=120
"""Fix: the non-reentrant checkpoint records body's real graph, so each hook fires once and DDP averages."""
import copy

import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.checkpoint import checkpoint


class Checkpointed(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x):
        h = checkpoint(self.body, x, use_reentrant=False)
        return self.head(torch.relu(h))


def worker(rank, world_size):
    torch.manual_seed(0)
    model = Checkpointed()
    ddp = DDP(model, find_unused_parameters=True)
    local = copy.deepcopy(model)                      # same weights, no DDP: this rank's own gradient
    torch.manual_seed(1 + rank)
    x = torch.randn(2, 4, requires_grad=True)
    ddp(x).sum().backward()
    local(x).sum().backward()
    return model.body.weight.grad, local.body.weight.grad


if __name__ == "__main__":
    (ddp0, local0), (ddp1, local1) = run_on_ranks(worker)
    mean = (local0 + local1) / 2
    print("body.weight.grad[0], rank 0 alone:", local0[0])
    print("body.weight.grad[0], rank 1 alone:", local1[0])
    print("body.weight.grad[0] after DDP:    ", ddp0[0])
    assert torch.equal(ddp0, ddp1) and torch.allclose(ddp0, mean, atol=1e-6)
    print("equal on both ranks and to the mean of the two: True")
