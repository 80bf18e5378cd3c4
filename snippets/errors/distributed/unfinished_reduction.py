# snippet: raises=RuntimeError
# snippet: timeout=120
"""An output left out of the loss gives its layer no gradient, so DDP's reduction never finishes."""
import torch
from ddplab import RankError, run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


class TwoHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.main = nn.Linear(4, 1)
        self.aux = nn.Linear(4, 1)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return self.main(h), self.aux(h)


def worker(rank, world_size):
    torch.manual_seed(0)
    ddp = DDP(TwoHeads())
    for _ in range(2):
        main, aux = ddp(torch.randn(2, 4))
        main.sum().backward()               # aux never reaches the loss


if __name__ == "__main__":
    outcome = run_on_ranks(worker)[0]       # what rank 0's worker raised, sent to the parent
    assert isinstance(outcome, RankError) and outcome.type_name == "RuntimeError"
    raise RuntimeError(outcome.message)
