"""detach() does not turn an inference tensor into a normal one: the same error comes back."""
import torch
from torch import nn

torch.manual_seed(0)
backbone, head = nn.Linear(4, 4), nn.Linear(4, 1)
with torch.inference_mode():
    features = backbone(torch.randn(2, 4))
detached = features.detach()
print("features.detach().is_inference():", detached.is_inference())
try:
    head(detached).sum()
    raised = None
except RuntimeError as error:
    raised = str(error).split(".")[0] + "."
print("head(features.detach()) -> RuntimeError:", raised)
assert detached.is_inference() and raised == "Inference tensors cannot be saved for backward."
