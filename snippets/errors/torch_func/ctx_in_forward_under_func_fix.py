"""forward without ctx plus setup_context: grad and vmap accept the Function and agree with 3x^2."""
import torch
from torch.func import grad, vmap


class Cube(torch.autograd.Function):
    generate_vmap_rule = True                       # forward and backward are plain PyTorch

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


print("grad(Cube.apply)(3.0) =", grad(Cube.apply)(torch.tensor(3.0)))
xs = torch.tensor([1.0, 2.0, 3.0])
per_example = vmap(grad(Cube.apply))(xs)
print("vmap(grad(Cube.apply))([1, 2, 3]) =", per_example)
assert torch.equal(per_example, 3 * xs**2)
