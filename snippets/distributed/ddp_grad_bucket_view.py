"""gradient_as_bucket_view=True: after backward each .grad is a view into its bucket, but with the
default zero_grad(set_to_none=True) backward makes a fresh gradient every iteration and DDP copies
it into the bucket; zero_grad(set_to_none=False) keeps the alias, and autograd accumulates into
the bucket itself."""
# snippet: timeout=120
import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


# --8<-- [start:worker]
def train(rank, set_to_none):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))
    ddp = DDP(model, gradient_as_bucket_view=True)
    weight, bias = model[0].weight, model[0].bias
    produced = []                       # weight.grad as autograd left it, before DDP's hook
    weight.register_post_accumulate_grad_hook(lambda p: produced.append(p.grad.data_ptr()))
    rows = []
    for step in range(3):
        ddp.zero_grad(set_to_none=set_to_none)
        torch.manual_seed(step + rank)
        ddp(torch.randn(8, 4)).sum().backward()
        copied = produced[-1] != weight.grad.data_ptr()          # DDP replaced .grad
        in_bucket = (weight.grad.untyped_storage().data_ptr()    # one storage: the bucket
                     == bias.grad.untyped_storage().data_ptr())
        rows.append((copied, in_bucket))
    return rows
# --8<-- [end:worker]


def worker(rank, world_size):
    return {set_to_none: train(rank, set_to_none) for set_to_none in (True, False)}


if __name__ == "__main__":
    first, second = run_on_ranks(worker)
    assert first == second
    for set_to_none, rows in first.items():
        print(f"zero_grad(set_to_none={set_to_none}):")
        for step, (copied, in_bucket) in enumerate(rows):
            print(f"  iteration {step}: fresh gradient copied into the bucket: {copied!s:<5}"
                  f"  .grad a view into the bucket afterwards: {in_bucket}")
    assert first[True] == [(True, True)] * 3
    assert first[False] == [(True, True), (False, True), (False, True)]
