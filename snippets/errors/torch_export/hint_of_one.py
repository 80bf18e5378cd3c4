# snippet: raises=ValueError
"""An example batch of 1 cannot trace a dynamic batch: sizes 0 and 1 are specialized, Dim.DYNAMIC refuses."""
import torch
from torch.export import Dim, export

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
export(model, (torch.randn(1, 4),), dynamic_shapes={"input": {0: Dim.DYNAMIC}})
