"""Make the code size-agnostic (a state of one row that broadcasts): the batch then stays dynamic."""
import torch
from torch.export import Dim, export


class Decoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("h0", torch.zeros(1, 3))   # broadcasts over any batch

    def forward(self, x):
        return torch.tanh(x + self.h0)


torch.manual_seed(0)
model = Decoder()
ep = export(model, (torch.randn(4, 3),), dynamic_shapes={"x": {0: Dim("batch")}})
print("range constraints:", ep.range_constraints)
x = torch.randn(7, 3)
assert torch.allclose(ep.module()(x), model(x))
print("batch 7: equals eager")
