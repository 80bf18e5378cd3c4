"""Pack a new tensor (here out of place, scaled for storage) and undo it in unpack: forward and gradient stay exact."""
import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)


def pack(t):
    return t * 2                    # a new tensor: the activation itself is left alone


def unpack(t):
    return t / 2


with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = (x * 1).exp()
y.sum().backward()
print("forward equals exp(x):", torch.allclose(y, x.exp()),
      "| gradient equals exp(x):", torch.allclose(x.grad, x.exp()))
assert torch.allclose(y, x.exp()) and torch.allclose(x.grad, x.exp())
