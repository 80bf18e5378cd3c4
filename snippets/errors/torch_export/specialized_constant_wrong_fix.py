"""Dim.AUTO, which the message offers: export succeeds and the batch is silently frozen at 4."""
import torch
from torch.export import Dim, export


class Decoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("h0", torch.zeros(4, 3))

    def forward(self, x):
        return torch.tanh(x + self.h0)


ep = export(Decoder(), (torch.randn(4, 3),), dynamic_shapes={"x": {0: Dim.AUTO}})
print("range constraints:", ep.range_constraints)
try:
    ep.module()(torch.randn(7, 3))
except AssertionError as error:
    print(f"batch 7: {type(error).__name__}: {error}")
    message = str(error)
assert message == "Guard failed: x.size()[0] == 4"
