# snippet: raises=RuntimeError
# snippet: timeout=120
"""A reentrant checkpoint hides body's parameters from DDP's unused-parameter search, then they report."""
import torch
from ddplab import RankError, run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.checkpoint import checkpoint


class Checkpointed(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x):
        h = checkpoint(self.body, x, use_reentrant=True)
        return self.head(torch.relu(h))


def worker(rank, world_size):
    torch.manual_seed(0)
    ddp = DDP(Checkpointed(), find_unused_parameters=True)
    x = torch.randn(2, 4, requires_grad=True)
    ddp(x).sum().backward()


if __name__ == "__main__":
    outcome = run_on_ranks(worker)[0]       # what rank 0's worker raised, sent to the parent
    assert isinstance(outcome, RankError) and outcome.type_name == "RuntimeError"
    raise RuntimeError(outcome.message)
