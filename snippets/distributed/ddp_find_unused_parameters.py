"""find_unused_parameters=True: the used set may change every iteration, and differ between ranks."""
# snippet: timeout=120
import copy

import torch
from ddplab import run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


class BranchNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.branch = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x, use_branch):
        h = torch.relu(self.body(x))
        if use_branch:                    # plain Python, decided again in every forward
            h = torch.relu(self.branch(h))
        return self.head(h)


# --8<-- [start:worker]
PLAN = {0: "no rank", 1: "both ranks", 2: "rank 0 only"}   # who takes the branch, per iteration


def worker(rank, world_size):
    torch.manual_seed(0)
    model = BranchNet()
    ddp = DDP(model, find_unused_parameters=True)
    reference = copy.deepcopy(model)                  # same weights, no DDP: the local gradient
    record = []
    for step, who in PLAN.items():
        use_branch = who == "both ranks" or (who == "rank 0 only" and rank == 0)
        torch.manual_seed(10 * step + rank)
        x = torch.randn(8, 4)
        ddp.zero_grad()
        reference.zero_grad()
        ddp(x, use_branch).sum().backward()
        reference(x, use_branch).sum().backward()
        record.append({name: (p.grad, reference.get_parameter(name).grad)
                       for name, p in model.named_parameters()})
    return record
# --8<-- [end:worker]


def show(grad):
    return "None" if grad is None else "[" + ", ".join(f"{v:+.3f}" for v in grad.tolist()) + "]"


if __name__ == "__main__":
    ranks = run_on_ranks(worker)
    for step, who in PLAN.items():
        print(f"iteration {step}: branch taken on {who}")
        for rank, record in enumerate(ranks):
            ddp_grad, local_grad = record[step]["branch.bias"]
            print(f"  rank {rank}: local branch.bias.grad {show(local_grad):34} "
                  f"after DDP {show(ddp_grad)}")

    for step in PLAN:
        (r0, r1) = (ranks[0][step], ranks[1][step])
        for name in r0:
            ddp0, local0 = r0[name]
            ddp1, local1 = r1[name]
            if local0 is None and local1 is None:        # unused everywhere: .grad left as None
                assert ddp0 is None and ddp1 is None
                continue
            zero = torch.zeros_like(local0 if local0 is not None else local1)
            mean = ((local0 if local0 is not None else zero)
                    + (local1 if local1 is not None else zero)) / 2
            assert torch.equal(ddp0, ddp1) and torch.allclose(ddp0, mean, atol=1e-6), (step, name)
