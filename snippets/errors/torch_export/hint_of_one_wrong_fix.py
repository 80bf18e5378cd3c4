"""Dim.AUTO with the batch-1 example exports without complaint, and the program accepts only batch 1."""
import logging

import torch
from torch.export import Dim, export

logging.getLogger("torch._export.non_strict_utils").setLevel(logging.ERROR)  # its warning, timestamped

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
ep = export(model, (torch.randn(1, 4),), dynamic_shapes={"input": {0: Dim.AUTO}})
print("range constraints:", ep.range_constraints)
try:
    ep.module()(torch.randn(5, 4))
except AssertionError as error:
    print(f"batch 5: {type(error).__name__}: {error}")
    message = str(error)
assert message == "Guard failed: input.size()[0] == 1"
