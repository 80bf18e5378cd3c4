# snippet: raises=RuntimeError
"""Token ids are integers; a gradient with respect to them is not defined."""
import torch

ids = torch.tensor([2, 0, 1], requires_grad=True)
