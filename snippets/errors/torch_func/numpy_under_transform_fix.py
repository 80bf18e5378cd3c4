"""The same computation in PyTorch ops works under vmap and under grad, and matches NumPy."""
import numpy as np
import torch
from torch.func import grad, vmap

xs = torch.tensor([[0.0, 1.0], [2.0, 3.0]])

values = vmap(torch.sin)(xs)
print("vmap(torch.sin) equals np.sin:", np.allclose(values.numpy(), np.sin(xs.numpy())))

grads = vmap(grad(lambda x: torch.sin(x).sum()))(xs)
print("per-example gradient equals cos(x):", torch.allclose(grads, torch.cos(xs)))
assert np.allclose(values.numpy(), np.sin(xs.numpy())) and torch.allclose(grads, torch.cos(xs))
