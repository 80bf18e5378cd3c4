"""Call Function.apply, never forward directly: only apply records your node (and runs forward without grad)."""
import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        print(f"  inside forward: torch.is_grad_enabled() = {torch.is_grad_enabled()}")
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2


x = torch.tensor(2.0, requires_grad=True)
# --8<-- [start:calls]
print("Cube.apply(x):")
y = Cube.apply(x)
print("  grad_fn:", type(y.grad_fn).__name__)     # your node: backward() will call your backward

print("Cube.forward(x):")
z = Cube.forward(x)
print("  grad_fn:", type(z.grad_fn).__name__)     # just the ops inside forward, recorded one by one
# --8<-- [end:calls]
assert type(y.grad_fn).__name__ == "CubeBackward" and type(z.grad_fn).__name__ == "PowBackward0"
