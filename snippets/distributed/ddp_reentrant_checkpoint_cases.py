"""Reentrant checkpointing under DDP: once per layer works; a layer checkpointed twice, or
find_unused_parameters=True, fires a parameter's hook after DDP has already counted it."""
# snippet: timeout=120
import copy

import torch
from ddplab import RankError, run_on_ranks
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.checkpoint import checkpoint


# --8<-- [start:model]
class Net(nn.Module):
    def __init__(self, times=1, stem=False, use_reentrant=True):
        super().__init__()
        self.stem = nn.Linear(4, 4) if stem else None
        self.body = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)
        self.times, self.use_reentrant = times, use_reentrant

    def forward(self, x):
        if self.stem is not None:
            x = self.stem(x)
        for _ in range(self.times):                    # times=2: body checkpointed twice
            x = torch.relu(checkpoint(self.body, x, use_reentrant=self.use_reentrant))
        return self.head(x)
# --8<-- [end:model]


def train(rank, ddp_options, **net_options):
    torch.manual_seed(0)
    model = Net(**net_options)
    reference = copy.deepcopy(model)
    ddp = DDP(model, **ddp_options)
    for step in range(2):
        torch.manual_seed(10 * step + rank)
        x = torch.randn(8, 4, requires_grad=True)
        ddp.zero_grad()
        reference.zero_grad()
        try:
            ddp(x).sum().backward()
        except RuntimeError as error:
            return RankError(f"RuntimeError in iteration {step}", str(error))
        reference(x).sum().backward()
    return model.body.weight.grad, reference.body.weight.grad


CASES = {  # name: (DDP options, Net options, expected outcome)
    "checkpointed once, default DDP": ({}, dict(times=1), "averaged"),
    "checkpointed once, find_unused_parameters=True": (
        dict(find_unused_parameters=True), dict(times=1), "error"),
    "checkpointed twice, after a stem layer": ({}, dict(times=2, stem=True), "error"),
    "checkpointed twice, nothing before it": ({}, dict(times=2), "wrong"),
    "checkpointed twice, use_reentrant=False": (
        {}, dict(times=2, stem=True, use_reentrant=False), "averaged"),
}


def worker(rank, world_size):
    return {name: train(rank, ddp_options, **net_options)
            for name, (ddp_options, net_options, _) in CASES.items()}


if __name__ == "__main__":
    first, second = run_on_ranks(worker)
    for name, (_, _, expected) in CASES.items():
        outcome = first[name]
        print(f"{name}:")
        if isinstance(outcome, RankError):
            twice = next(line for line in outcome.message.splitlines() if "marked as ready" in line)
            print(f"  {outcome.type_name}: {twice.split('. ')[0]}")
            assert outcome.message.startswith("Expected to mark a variable ready only once.")
            assert expected == "error"
        else:
            (grad0, local0), (grad1, local1) = outcome, second[name]
            same = torch.equal(grad0, grad1)
            averaged = same and torch.allclose(grad0, (local0 + local1) / 2, atol=1e-6)
            print(f"  no error; body.weight.grad equal on both ranks: {same}, "
                  f"the average of their local gradients: {averaged}")
            assert expected == ("averaged" if averaged else "wrong")
            assert same == averaged
