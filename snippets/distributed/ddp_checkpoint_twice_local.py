"""A layer checkpointed twice (use_reentrant=True) with nothing before it, under default DDP: the
gradient from the first nested backward is averaged, the one from the second stays local."""
# snippet: timeout=120
import copy

import torch
import torch.nn.functional as F
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.checkpoint import checkpoint


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x):
        for _ in range(2):                                    # body checkpointed twice
            x = torch.relu(checkpoint(self.body, x, use_reentrant=True))
        return self.head(x)


# --8<-- [start:split]
def split_gradient(model, x):
    """body.weight's local gradient from each use, through a copy of the weight per use."""
    weight, bias = model.body.weight.detach(), model.body.bias.detach()
    first_use, second_use = weight.clone().requires_grad_(), weight.clone().requires_grad_()
    h = torch.relu(F.linear(x, first_use, bias))
    h = torch.relu(F.linear(h, second_use, bias))             # its backward runs first
    model.head(h).sum().backward()
    return second_use.grad, first_use.grad
# --8<-- [end:split]


def worker(rank, world_size):
    torch.manual_seed(0)
    model = Net()
    reference = copy.deepcopy(model)
    ddp = DDP(model)
    steps = []
    for step in range(2):
        torch.manual_seed(10 * step + rank)
        x = torch.randn(8, 4, requires_grad=True)
        ddp.zero_grad()
        ddp(x).sum().backward()
        steps.append((model.body.weight.grad.clone(), *split_gradient(reference, x)))
    return steps


if __name__ == "__main__":
    first, second = run_on_ranks(worker)
    print("body.weight.grad on each rank = the first nested backward's part averaged over ranks")
    print("                                + the rank's own part from the second nested backward")
    for step, (rank0, rank1) in enumerate(zip(first, second, strict=True)):
        (grad0, early0, late0), (grad1, early1, late1) = rank0, rank1
        averaged_early = (early0 + early1) / 2
        explained = (torch.allclose(grad0, averaged_early + late0, atol=1e-6)
                     and torch.allclose(grad1, averaged_early + late1, atol=1e-6))
        same = torch.allclose(grad0, grad1)
        print(f"iteration {step}: {explained} on both ranks; grads equal across ranks: {same}")
        assert explained and not same
