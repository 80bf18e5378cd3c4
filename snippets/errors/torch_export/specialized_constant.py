# snippet: raises=UserError
"""A buffer sized for the training batch fixes the batch dimension, so a named Dim for it is refused."""
import torch
from torch.export import Dim, export


class Decoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("h0", torch.zeros(4, 3))   # initial state for a batch of 4

    def forward(self, x):
        return torch.tanh(x + self.h0)                  # only a batch of 4 matches h0


export(Decoder(), (torch.randn(4, 3),), dynamic_shapes={"x": {0: Dim("batch")}})
