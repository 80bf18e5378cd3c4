"""One value per input, in forward's order: the gradient for w is grad_output * x, and training moves w."""
import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(x, w):
        return x * w

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        grad_x = grad_output * w if ctx.needs_input_grad[0] else None
        grad_w = grad_output * x if ctx.needs_input_grad[1] else None
        return grad_x, grad_w                     # two inputs, two values


x = torch.tensor([1.0, 2.0])
w = torch.tensor([3.0, 4.0], requires_grad=True)
Scale.apply(x, w).sum().backward()
print("w.grad:", w.grad, " (d/dw of sum(x * w) is x)")
assert torch.equal(w.grad, x)

before = w.detach().clone()
torch.optim.SGD([w], lr=0.1).step()
print("w before the step:", before, " after:", w.detach())
assert not torch.equal(w.detach(), before)
