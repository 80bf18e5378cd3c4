"""The stored .grad follows the parameter's strides, not those of the gradient that arrived."""
import torch

w = torch.zeros(4, 3).t().requires_grad_()     # a parameter with transposed strides
c = torch.arange(12.0).reshape(3, 4)           # contiguous
incoming = {}
w.register_hook(lambda g: incoming.update(strides=g.stride()))
(w * c).sum().backward()
print("parameter strides:", w.stride(), " incoming gradient:", incoming["strides"],
      " stored .grad:", w.grad.stride())
assert incoming["strides"] == (4, 1) and w.grad.stride() == w.stride() == (1, 3)
assert torch.equal(w.grad, c)
