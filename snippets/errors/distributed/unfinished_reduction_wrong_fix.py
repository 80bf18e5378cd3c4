# snippet: timeout=120
"""find_unused_parameters=True silences the error: the forgotten head then never trains."""
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
    ddp = DDP(model, find_unused_parameters=True)     # the error goes away...
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    before = model.aux.weight.detach().clone()
    torch.manual_seed(1 + rank)
    for _ in range(3):
        opt.zero_grad()
        main, aux = ddp(torch.randn(2, 4))
        main.sum().backward()                         # ...and aux still never reaches the loss
        opt.step()
    unused = ddp._get_ddp_logging_data()["unused_parameter_size"]   # what the graph search marked
    return before, model.aux.weight.detach().clone(), model.aux.weight.grad, unused


if __name__ == "__main__":
    (before, after, grad, unused), _ = run_on_ranks(worker)
    print("3 steps, no error; bytes of parameters the graph search marked unused:", unused)
    print("aux.weight before:", before)
    print("aux.weight after: ", after)
    print("aux.weight.grad:  ", grad)
    assert unused == 0                                   # aux is an output: the search reaches it
    assert torch.equal(before, after) and grad is None   # its hooks fire with no gradient: never trained
