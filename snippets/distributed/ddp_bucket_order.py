"""Watch DDP's buckets: which gradients each all-reduce carries, and when it starts during backward."""
# snippet: timeout=120
import torch
from ddplab import run_on_ranks
from torch import nn
from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
from torch.nn.parallel import DistributedDataParallel as DDP


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2, self.fc3 = nn.Linear(16, 16), nn.Linear(16, 16), nn.Linear(16, 16)
        self.head = nn.Linear(16, 1)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.head(torch.relu(self.fc3(x)))


# --8<-- [start:worker]
def worker(rank, world_size):
    torch.manual_seed(0)
    model = Net()
    name = {p: n for n, p in model.named_parameters()}
    ddp = DDP(model, bucket_cap_mb=1 / 1024)   # 1 KiB buckets, so this small model needs several
    events = []

    def log_and_allreduce(state, bucket):       # a communication hook: DDP calls it per bucket
        params = ", ".join(name[p] for p in bucket.parameters())
        nbytes = bucket.buffer().numel() * bucket.buffer().element_size()
        events.append(f"  all-reduce bucket {bucket.index()} ({nbytes} bytes): {params}")
        return default_hooks.allreduce_hook(None, bucket)   # the usual averaging all-reduce

    ddp.register_comm_hook(None, log_and_allreduce)
    for p in model.parameters():                # log each gradient the moment it is accumulated
        p.register_post_accumulate_grad_hook(lambda p: events.append(f"  grad ready: {name[p]}"))

    for step in range(2):
        events.append(f"backward of iteration {step}")
        torch.manual_seed(1 + rank)
        ddp(torch.randn(8, 16)).sum().backward()
    default_cap = DDP(nn.Linear(1, 1)).bucket_bytes_cap
    return events, default_cap
# --8<-- [end:worker]


if __name__ == "__main__":
    (events, default_cap), (events_rank1, _) = run_on_ranks(worker)
    print("rank 0:", *events, sep="\n")
    print("rank 1 saw the same sequence:", events_rank1 == events)
    print(f"default bucket_bytes_cap: {default_cap} bytes = {default_cap / 2**20:g} MiB")

    assert events_rank1 == events                      # every rank runs the same collectives
    first, second = events.index("backward of iteration 0"), events.index("backward of iteration 1")
    iteration0, iteration1 = events[first + 1:second], events[second + 1:]
    assert sum("all-reduce" in e for e in iteration0) == 1 and "all-reduce" in iteration0[-1]
    assert sum("all-reduce" in e for e in iteration1) == 3
    # bucket 0 is sent before fc2's and fc1's gradients have even been computed: overlap
    assert iteration1.index("  grad ready: fc2.bias") > 4 and "bucket 0" in iteration1[4]
    assert default_cap == 25 * 2**20
