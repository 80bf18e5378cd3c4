# snippet: raises=ValueError
"""A custom class as an input: export cannot flatten it into tensors unless it is registered."""
import dataclasses

import torch
from torch.export import export


@dataclasses.dataclass
class Batch:
    features: torch.Tensor
    mask: torch.Tensor


class Masked(torch.nn.Module):
    def forward(self, batch: Batch):
        return (batch.features * batch.mask).sum(-1)


# --8<-- [start:fail]
batch = Batch(torch.randn(4, 3), torch.ones(4, 3))
export(Masked(), (batch,))                    # Batch is not a registered pytree node
# --8<-- [end:fail]
