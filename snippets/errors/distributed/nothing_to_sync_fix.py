# snippet: timeout=120
"""Fix: wrap only the module that trains; the frozen one still passes gradients through to it."""
import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    torch.manual_seed(0)
    features = nn.Linear(4, 4).requires_grad_(False)    # same seed: identical on every rank
    generator = DDP(nn.Linear(4, 4))
    opt = torch.optim.SGD(generator.parameters(), lr=0.1)
    before = generator.module.weight.detach().clone()
    torch.manual_seed(1 + rank)
    for _ in range(3):
        x, target = torch.randn(2, 4), torch.randn(2, 4)
        opt.zero_grad()
        loss = nn.functional.mse_loss(features(generator(x)), features(target))
        loss.backward()                                  # flows through features into generator
        opt.step()
    return features.weight.grad, before, generator.module.weight.detach().clone()


if __name__ == "__main__":
    (fgrad, before, g0), (_, _, g1) = run_on_ranks(worker)
    print("features.weight.grad:", fgrad)
    print("generator trained:", not torch.equal(before, g0), "| replicas identical:", torch.equal(g0, g1))
    assert fgrad is None and not torch.equal(before, g0) and torch.equal(g0, g1)
