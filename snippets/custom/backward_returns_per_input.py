"""backward returns one value per forward input: None for non-tensors and for inputs needing no grad."""
import torch


# --8<-- [start:function]
class ScaledMul(torch.autograd.Function):
    """out = x * w * factor, where factor is a Python float."""

    @staticmethod
    def forward(x, w, factor):
        return x * w * factor

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, w, factor = inputs
        ctx.save_for_backward(x, w)
        ctx.factor = factor                       # a non-tensor: an attribute is right for it

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        print("  needs_input_grad =", ctx.needs_input_grad)
        grad_x = grad_w = None
        if ctx.needs_input_grad[0]:               # skip work nobody asked for
            grad_x = grad_output * w * ctx.factor
        if ctx.needs_input_grad[1]:
            grad_w = grad_output * x * ctx.factor
        return grad_x, grad_w, None               # three inputs -> three values
# --8<-- [end:function]


x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0])                      # a constant: no gradient wanted
print("x needs grad, w does not:")
ScaledMul.apply(x, w, 0.5).sum().backward()
print("  x.grad =", x.grad)
assert torch.equal(x.grad, w * 0.5)

w.requires_grad_()
print("both need grad:")
ScaledMul.apply(x, w, 0.5).sum().backward()
print("  w.grad =", w.grad)
assert torch.equal(w.grad, x.detach() * 0.5)
