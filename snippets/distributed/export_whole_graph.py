"""torch.export captures the whole step ahead of time, with every shape fixed: a compiler's input."""
import torch
from torch import nn


class StepLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(16, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, x, y):
        return ((self.net(x) - y) ** 2).mean()


# --8<-- [start:export]
program = torch.export.export(StepLoss(), (torch.randn(64, 16), torch.ones(64, 1)))
for node in program.graph.nodes:
    if node.op in ("placeholder", "call_function"):
        value = node.meta["val"]
        what = node.name if node.op == "placeholder" else str(node.target)
        print(f"{node.op:13} {what:22} {tuple(value.shape)}")
# --8<-- [end:export]

shapes = [tuple(n.meta["val"].shape) for n in program.graph.nodes if n.op == "placeholder"]
assert (64, 16) in shapes and all(isinstance(d, int) for s in shapes for d in s)   # static sizes
