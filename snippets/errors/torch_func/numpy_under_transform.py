# snippet: raises=RuntimeError
"""Inside vmap (and grad) the tensor is a wrapper with no storage, so NumPy cannot read it."""
import numpy as np
import torch
from torch.func import vmap


def numpy_sin(x):
    return torch.from_numpy(np.sin(x.numpy()))


xs = torch.tensor([[0.0, 1.0], [2.0, 3.0]])
vmap(numpy_sin)(xs)
