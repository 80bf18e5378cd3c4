# snippet: raises=RuntimeError
"""Deterministic mode is on and MaxUnpool has no deterministic kernel, on CPU as on GPU."""
import torch

torch.manual_seed(0)
torch.use_deterministic_algorithms(True)
values, indices = torch.nn.MaxPool1d(2, return_indices=True)(torch.randn(1, 1, 6))
torch.nn.MaxUnpool1d(2)(values, indices)
