# snippet: timeout=120
"""Fix: pass device_ids only for a module on one GPU; on CPU leave it out (None)."""
import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    device = torch.device("cpu")                    # with GPUs: torch.device("cuda", rank)
    model = nn.Linear(4, 1).to(device)
    ddp = DDP(model, device_ids=[rank] if device.type == "cuda" else None)
    torch.manual_seed(1 + rank)
    ddp(torch.randn(2, 4, device=device)).sum().backward()
    return ddp.device_ids, model.weight.grad


if __name__ == "__main__":
    (ids, g0), (_, g1) = run_on_ranks(worker)
    print("ddp.device_ids:", ids, "| gradients equal on both ranks:", torch.equal(g0, g1))
    assert ids is None and torch.equal(g0, g1)
