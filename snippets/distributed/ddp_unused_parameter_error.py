"""A parameter that gets no gradient stalls DDP: no all-reduce, then an error one iteration later."""
# snippet: timeout=120
import os

import torch
from ddplab import RankError, run_on_ranks
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
def worker(rank, world_size):
    torch.manual_seed(0)
    model = BranchNet()
    ddp = DDP(model)                          # default: find_unused_parameters=False
    torch.manual_seed(1 + rank)
    ddp(torch.randn(2, 4), use_branch=False).sum().backward()      # iteration 0: no error...
    grad_after_0 = model.head.weight.grad.clone()
    try:
        ddp(torch.randn(2, 4), use_branch=False)                    # iteration 1: forward
    except RuntimeError as error:
        return grad_after_0, RankError("RuntimeError", str(error))
    return grad_after_0, None
# --8<-- [end:worker]


if __name__ == "__main__":
    # --8<-- [start:main]
    os.environ["TORCH_DISTRIBUTED_DEBUG"] = "INFO"   # the ranks inherit it: names, not indices
    (grad0, error0), (grad1, error1) = run_on_ranks(worker)
    print("after iteration 0, head.weight.grad on rank 0:", grad0)
    print("after iteration 0, head.weight.grad on rank 1:", grad1)
    print(f"\niteration 1, forward on rank 0 raised {error0.type_name}:\n{error0.message}")
    # --8<-- [end:main]

    assert not torch.allclose(grad0, grad1)      # iteration 0 was never averaged
    assert error0.message.startswith("Expected to have finished reduction in the prior iteration")
    assert "Parameters which did not receive grad for rank 0: branch.bias, branch.weight" in error0.message
    assert error1.message == error0.message.replace("rank 0", "rank 1")
