# snippet: raises=RuntimeError
"""A hand-written update step on a parameter runs in grad mode, so autograd would have to record it."""
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w ** 2).sum().backward()
w -= 0.1 * w.grad                 # in place on a leaf that requires grad
