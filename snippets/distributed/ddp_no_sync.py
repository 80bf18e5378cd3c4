"""Gradient accumulation under DDP: no_sync() skips the all-reduce until the last micro-batch."""
# snippet: timeout=120
import copy

import torch
import torch.distributed as dist
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def counting_allreduce(state, bucket):
    state.append(bucket.index())                 # one entry per bucket all-reduced
    buffer = bucket.buffer().div_(dist.get_world_size())
    return dist.all_reduce(buffer, async_op=True).get_future().then(lambda f: f.value()[0])


# --8<-- [start:worker]
def worker(rank, world_size):
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    reference = copy.deepcopy(model)             # no DDP: this rank's own accumulated gradient
    ddp = DDP(model)
    reduced = []
    ddp.register_comm_hook(reduced, counting_allreduce)
    torch.manual_seed(100 + rank)
    micro_batches = [torch.randn(4, 3) for _ in range(3)]
    after_each = []
    for i, x in enumerate(micro_batches):
        reference(x).sum().backward()
        if i < len(micro_batches) - 1:
            with ddp.no_sync():                  # accumulate locally, communicate nothing
                ddp(x).sum().backward()
        else:
            ddp(x).sum().backward()              # the last one all-reduces the accumulated sum
        after_each.append(len(reduced))
    return {"all_reduces": after_each, "local": reference.weight.grad, "ddp": model.weight.grad}
# --8<-- [end:worker]


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    for rank, r in enumerate(ranks):
        print(f"rank {rank}: all-reduces after micro-batch 1, 2, 3: {r['all_reduces']}")
    mean = (ranks[0]["local"] + ranks[1]["local"]) / 2
    same = torch.allclose(ranks[0]["ddp"], mean, atol=1e-6)
    print("final .grad = mean over ranks of the three micro-batches' sum:", same)
    assert all(r["all_reduces"] == [0, 0, 1] for r in ranks)
    assert same and torch.equal(ranks[0]["ddp"], ranks[1]["ddp"])
