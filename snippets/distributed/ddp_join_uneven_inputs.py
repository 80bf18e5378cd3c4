"""Uneven inputs: with Join, a rank that runs out of batches shadows the others' all-reduces."""
# snippet: timeout=120
import torch
from ddplab import run_on_ranks
from torch import nn
from torch.distributed.algorithms.join import Join
from torch.nn.parallel import DistributedDataParallel as DDP

BATCHES = {0: 3, 1: 5}                       # rank 1 has two more batches than rank 0


# --8<-- [start:worker]
def worker(rank, world_size):
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    ddp = DDP(model)
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    torch.manual_seed(100 + rank)
    batches = [torch.randn(8, 4) for _ in range(BATCHES[rank])]
    steps, grad_ratio = 0, []
    with Join([ddp]):                        # without it, rank 1 waits forever in step 4
        for x in batches:
            local = torch.autograd.grad(model(x).sum(), model.weight)[0]   # this rank alone
            opt.zero_grad()
            ddp(x).sum().backward()
            grad_ratio.append((model.weight.grad / local).mean().item())
            opt.step()
            steps += 1
        weight_at_loop_end = model.weight.detach().clone()
    return {"steps": steps, "grad_ratio": grad_ratio,
            "weight_at_loop_end": weight_at_loop_end, "weight_after_join": model.weight.detach()}
# --8<-- [end:worker]


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    for rank, r in enumerate(ranks):
        print(f"rank {rank}: {BATCHES[rank]} batches, {r['steps']} optimizer steps")
    ratios = ranks[1]["grad_ratio"]
    print("rank 1, .grad / its local gradient, per step:", [round(v, 2) for v in ratios[3:]],
          "(steps 4 and 5: rank 0 has joined and contributes zeros)")
    stale = not torch.equal(ranks[0]["weight_at_loop_end"], ranks[1]["weight_at_loop_end"])
    print("weights differ when rank 0's loop ends:", stale)
    same = torch.equal(ranks[0]["weight_after_join"], ranks[1]["weight_after_join"])
    print("weights equal after the Join context exits:", same)
    assert [r["steps"] for r in ranks] == [3, 5]
    assert all(abs(v - 0.5) < 1e-6 for v in ratios[3:])
    assert stale and same
