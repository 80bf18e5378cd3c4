# snippet: raises=RuntimeError
"""generate_vmap_rule=True is a promise that forward is pure PyTorch; NumPy inside breaks it."""
import numpy as np
import torch
from torch.func import vmap


# --8<-- [start:function]
class NumpyCube(torch.autograd.Function):
    generate_vmap_rule = True                     # a false promise: forward leaves PyTorch

    @staticmethod
    def forward(x):
        return torch.from_numpy(np.power(x.numpy(), 3))

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2
# --8<-- [end:function]


xs = torch.tensor([1.0, 2.0, 3.0])
print("outside vmap it works:", NumpyCube.apply(xs))
vmap(NumpyCube.apply)(xs)                         # raises
