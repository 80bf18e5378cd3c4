"""Two processes, two different batches, one gradient: after backward every rank holds the mean."""
# snippet: timeout=120
import copy

import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


# --8<-- [start:worker]
def worker(rank, world_size):
    torch.manual_seed(rank)               # each rank builds its model from different random weights
    model = nn.Linear(3, 1)
    own_init = model.weight.detach().clone()
    ddp = DDP(model)                      # the constructor broadcasts rank 0's weights to every rank
    reference = copy.deepcopy(model)      # a plain copy without DDP, to get this rank's own gradient

    torch.manual_seed(100 + rank)         # each rank gets its own batch
    x = torch.randn(4, 3)
    reference(x).sum().backward()         # local gradient: this batch only
    ddp(x).sum().backward()               # DDP gradient: all-reduced during backward
    return {"own_init": own_init, "synced_init": reference.weight.detach(),
            "local": reference.weight.grad, "ddp": model.weight.grad}
# --8<-- [end:worker]


def row(label, t):
    print(f"{label:34}[" + ", ".join(f"{v:+.4f}" for v in t.flatten().tolist()) + "]")


if __name__ == "__main__":
    # --8<-- [start:main]
    ranks = run_on_ranks(worker)          # spawns 2 processes; only this parent process prints
    for key, label in [("own_init", "weight before DDP(...)"), ("synced_init", "weight after DDP(...)"),
                       ("local", "gradient of its own batch")]:
        for rank, r in enumerate(ranks):
            row(f"rank {rank}: {label}", r[key])
    mean = (ranks[0]["local"] + ranks[1]["local"]) / 2
    row("mean of the two local gradients", mean)
    for rank, r in enumerate(ranks):
        row(f"rank {rank}: .grad after DDP backward", r["ddp"])
    # --8<-- [end:main]

    assert not torch.equal(ranks[0]["own_init"], ranks[1]["own_init"])
    assert torch.equal(ranks[0]["synced_init"], ranks[1]["synced_init"])
    assert not torch.allclose(ranks[0]["local"], ranks[1]["local"])
    assert torch.equal(ranks[0]["ddp"], ranks[1]["ddp"])          # bit-identical on both ranks
    assert torch.allclose(ranks[0]["ddp"], mean, atol=1e-6)       # and equal to the mean
