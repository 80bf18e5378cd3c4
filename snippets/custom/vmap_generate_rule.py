"""generate_vmap_rule=True: a Function written with PyTorch ops gets its vmap rule for free."""
import torch
from torch.func import grad, vmap


# --8<-- [start:function]
class Cube(torch.autograd.Function):
    generate_vmap_rule = True                     # forward/backward are plain PyTorch ops

    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2
# --8<-- [end:function]


xs = torch.tensor([1.0, 2.0, 3.0])
print("vmap(Cube.apply):      ", vmap(Cube.apply)(xs))
print("vmap(grad(Cube.apply)):", vmap(grad(Cube.apply))(xs))
assert torch.equal(vmap(grad(Cube.apply))(xs), 3 * xs**2)
