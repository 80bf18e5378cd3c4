"""Padding the return with None silences the error, and the parameter behind that slot never trains."""
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
        return grad_output * w, None              # "fixed": the count is right now


x = torch.tensor([1.0, 2.0])
w = torch.tensor([3.0, 4.0], requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)
before = w.detach().clone()
for _ in range(3):
    optimizer.zero_grad()
    Scale.apply(x, w).sum().backward()
    optimizer.step()
print("no error; w.grad:", w.grad)
print("w before 3 steps:", before, " after:", w.detach())
assert w.grad is None and torch.equal(w.detach(), before)
