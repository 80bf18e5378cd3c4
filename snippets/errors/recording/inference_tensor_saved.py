# snippet: raises=RuntimeError
"""Features computed under inference_mode are inference tensors; a node that must save one refuses."""
import torch
from torch import nn

torch.manual_seed(0)
backbone, head = nn.Linear(4, 4), nn.Linear(4, 1)
with torch.inference_mode():
    features = backbone(torch.randn(2, 4))        # an inference tensor
loss = head(features).sum()                       # addmm saves features for head.weight's gradient
