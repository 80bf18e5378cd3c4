"""Code outside PyTorch is invisible to autograd; wrapping it in a Function reconnects the graph."""
import numpy as np
import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)

# 1. NumPy refuses a tensor that is being tracked ...
try:
    np.sin(x.numpy())
except RuntimeError as err:
    print("x.numpy():", err)

# 2. ... and detaching it gives a result with no history.
y = torch.from_numpy(np.sin(x.detach().numpy()))
print("via NumPy: requires_grad =", y.requires_grad, " grad_fn =", y.grad_fn)
assert y.grad_fn is None and not y.requires_grad


# 3. A Function runs the same NumPy code and tells autograd the derivative.
# --8<-- [start:function]
class NumpySin(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.from_numpy(np.sin(x.detach().numpy()))

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.cos(x)
# --8<-- [end:function]


y = NumpySin.apply(x)
y.sum().backward()
print("NumpySin: grad_fn =", type(y.grad_fn).__name__, " x.grad =", x.grad)
assert torch.allclose(x.grad, torch.cos(x.detach()))
