# snippet: timeout=120
"""Fix: let every output reach the loss; each layer then gets a gradient, averaged across ranks."""
import torch
from ddplab import run_on_ranks
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
    model = TwoHeads()
    ddp = DDP(model)
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    before = model.aux.weight.detach().clone()
    torch.manual_seed(1 + rank)                       # each rank its own batches
    for _ in range(3):
        opt.zero_grad()
        main, aux = ddp(torch.randn(2, 4))
        (main.sum() + 0.5 * aux.sum()).backward()     # both heads reach the loss
        opt.step()
    return before, model.aux.weight.detach().clone()


if __name__ == "__main__":
    (before, after0), (_, after1) = run_on_ranks(worker)
    print("aux.weight before:      ", before)
    print("aux.weight after, rank 0:", after0)
    print("aux.weight after, rank 1:", after1)
    assert not torch.equal(before, after0)            # the auxiliary head trained
    assert torch.equal(after0, after1)                # and the replicas stayed identical
