# snippet: raises=RuntimeError
"""A Python `if` on a tensor's value cannot be captured: export stops with an error."""
import logging

import torch
from torch.export import export

torch._logging.set_logs(dynamic=logging.ERROR)  # mute a timestamped log line; the error stays


class Gate(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # depends on the data, not the shape
            return x.sin()
        return x.cos()


export(Gate(), (torch.tensor([1.0, 2.0, 3.0]),))
