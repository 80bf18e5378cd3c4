# snippet: raises=RuntimeError
"""A tensor saved with save_for_backward is version-checked: modify it in place and backward refuses."""
import torch


# --8<-- [start:function]
class Square(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])       # saved properly

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors               # checked here: is x still at the saved version?
        return 2 * x * grad_output
# --8<-- [end:function]


# --8<-- [start:use]
w = torch.tensor([1.0, 2.0], requires_grad=True)
a = w * 1                    # a non-leaf, so in-place ops on it are allowed
y = Square.apply(a)
print("a._version when saved:", a._version)
a.mul_(10)                   # overwrites the tensor Square saved
print("a._version now:       ", a._version)
y.sum().backward()
# --8<-- [end:use]
