"""static_graph=True: DDP learns the used set once, which also makes reentrant checkpointing work."""
# snippet: timeout=120
import copy

import torch
from ddplab import RankError, run_on_ranks
from fieldkit.autograd_graph import graph_of
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.checkpoint import checkpoint


# --8<-- [start:model]
class CheckpointedBranchNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.branch = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x, use_branch):
        # a reentrant checkpoint runs body under no_grad and records one CheckpointFunction node
        h = torch.relu(checkpoint(self.body, x, use_reentrant=True))
        if use_branch:
            h = torch.relu(self.branch(h))
        return self.head(h)
# --8<-- [end:model]


# --8<-- [start:worker]
def train(rank, branch_plan, **ddp_options):
    torch.manual_seed(0)
    model = CheckpointedBranchNet()
    ddp = DDP(model, **ddp_options)
    reference = copy.deepcopy(model)
    grads = []
    for step, use_branch in enumerate(branch_plan):
        torch.manual_seed(10 * step + rank)
        x = torch.randn(8, 4, requires_grad=True)
        ddp.zero_grad()
        reference.zero_grad()
        try:
            ddp(x, use_branch).sum().backward()
        except RuntimeError as error:
            return RankError(f"RuntimeError in iteration {step}", str(error))
        reference(x, use_branch).sum().backward()
        grads.append((model.body.weight.grad, reference.body.weight.grad, model.branch.weight.grad))
    return grads


def worker(rank, world_size):
    never = [False, False, False]
    return {"find_unused_parameters=True": train(rank, never, find_unused_parameters=True),
            "static_graph=True": train(rank, never, static_graph=True),
            "static_graph=True, branch used from iteration 2": train(
                rank, [False, False, True], static_graph=True)}
# --8<-- [end:worker]


if __name__ == "__main__":
    # --8<-- [start:visible]
    model = CheckpointedBranchNet()
    params = dict(model.named_parameters())
    graph = graph_of(model(torch.randn(8, 4, requires_grad=True), False).sum(), params=params)
    leaves = [n.label.split()[0] for n in graph.nodes if n.kind == "leaf"]
    visible = sorted(name for name in leaves if name in params)
    print("parameters a walk from the output finds:", ", ".join(visible))
    # --8<-- [end:visible]
    assert visible == ["head.bias", "head.weight"]

    ranks = run_on_ranks(worker)
    for setting, outcome in ranks[0].items():
        print(f"{setting}:")
        if isinstance(outcome, RankError):
            print(f"  {outcome.type_name}: {outcome.message}")
        else:
            for step, (ddp_grad, _, branch_grad) in enumerate(outcome):
                print(f"  iteration {step}: body.weight.grad[0] = {ddp_grad[0]}, "
                      f"branch.weight.grad = {branch_grad}")

    first, second = ranks
    assert isinstance(first["find_unused_parameters=True"], RankError)
    assert first["find_unused_parameters=True"].message.startswith(
        "Expected to mark a variable ready only once.")
    for (g0, local0, b0), (g1, local1, b1) in zip(first["static_graph=True"],
                                                   second["static_graph=True"], strict=True):
        assert torch.equal(g0, g1) and torch.allclose(g0, (local0 + local1) / 2, atol=1e-6)
        assert b0 is None and b1 is None
    changed = first["static_graph=True, branch used from iteration 2"]
    assert changed.type_name == "RuntimeError in iteration 2"
    assert changed.message.startswith("Your training graph has changed in this iteration")
