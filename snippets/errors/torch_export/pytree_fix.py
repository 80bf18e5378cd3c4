"""register_dataclass: export flattens the dataclass into its tensor fields, and rebuilds it per call."""
import dataclasses

import torch
from torch.export import export, register_dataclass


@dataclasses.dataclass
class Batch:
    features: torch.Tensor
    mask: torch.Tensor


class Masked(torch.nn.Module):
    def forward(self, batch: Batch):
        return (batch.features * batch.mask).sum(-1)


register_dataclass(Batch)
torch.manual_seed(0)
ep = export(Masked(), (Batch(torch.randn(4, 3), torch.ones(4, 3)),))
print("graph inputs:", [n.name for n in ep.graph.nodes if n.op == "placeholder"])
new = Batch(torch.randn(4, 3), torch.bernoulli(torch.full((4, 3), 0.5)))
assert torch.equal(ep.module()(new), Masked()(new))
print("a new batch: equals eager")
