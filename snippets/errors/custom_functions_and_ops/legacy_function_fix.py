"""Static methods called through apply: the straight-through backward runs and the weights get a gradient."""
import torch


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x.round()

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass                                         # nothing to save

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


w = torch.tensor([0.4, 1.6], requires_grad=True)
RoundSTE.apply(w).mul(torch.tensor([1.0, 2.0])).sum().backward()
print("RoundSTE.apply: w.grad =", w.grad)
assert torch.equal(w.grad, torch.tensor([1.0, 2.0]))
