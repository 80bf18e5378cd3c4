"""A hand-written vmap staticmethod: how a Function that calls NumPy supports torch.vmap."""
import numpy as np
import torch
from torch.func import grad, vmap


# --8<-- [start:function]
class NumpyCube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.from_numpy(np.power(x.numpy(), 3))   # elementwise, so any batch layout works

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2

    @staticmethod
    def vmap(info, in_dims, x):
        # x arrives as a plain tensor that still has the batch dimension at in_dims[0].
        print(f"  vmap rule: batch_size={info.batch_size} in_dims={in_dims} x.shape={tuple(x.shape)}")
        out = NumpyCube.apply(x)                  # one call for the whole batch
        return out, in_dims[0]                    # the output's batch dim is where x's was
# --8<-- [end:function]


xs = torch.tensor([1.0, 2.0, 3.0])
print("vmap over dim 0:")
print(" ", vmap(NumpyCube.apply)(xs))
cols = torch.arange(6.0).reshape(2, 3)
print("vmap over dim 1 of a 2x3 tensor:")
out = vmap(NumpyCube.apply, in_dims=1)(cols)
print(" ", out)
assert torch.equal(out, cols.T**3)
print("vmap(grad(...)): per-sample derivatives 3x^2")
per_sample = vmap(grad(NumpyCube.apply))(xs)
print(" ", per_sample)
assert torch.equal(per_sample, 3 * xs**2)
