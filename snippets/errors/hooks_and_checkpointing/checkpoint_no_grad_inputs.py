# snippet: raises=UserWarning
"""Reentrant checkpoint on an input that does not require grad: the segment's parameters get no gradient."""
import warnings

import torch
from torch.utils.checkpoint import checkpoint

warnings.simplefilter("error")            # turn the warning into an exception to show it
torch.manual_seed(0)
layer = torch.nn.Linear(3, 3)
checkpoint(layer, torch.randn(2, 3), use_reentrant=True)
