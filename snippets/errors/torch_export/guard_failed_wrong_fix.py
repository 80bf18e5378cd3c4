"""module(check_guards=False) skips the generated guard function; a pre-hook still rejects the batch."""
import torch
from torch.export import export

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU())
ep = export(model, (torch.randn(4, 4),))

try:
    ep.module(check_guards=False)(torch.randn(8, 4))
except RuntimeError as error:
    print(f"{type(error).__name__}: {error}")
    message = str(error)
assert message.startswith("Expected input at *args[0].shape[0] to be equal to 4, but got 8")
