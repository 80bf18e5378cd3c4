# snippet: raises=RuntimeError
"""A pack hook may not modify the tensor it is given in place."""
import torch


# --8<-- [start:pack]
def pack(t):
    t.mul_(2)                       # changes the activation the forward is still using
    return t


x = torch.randn(3, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = (x * 1).exp()               # ExpBackward0 saves its result: pack is called on it
# --8<-- [end:pack]
