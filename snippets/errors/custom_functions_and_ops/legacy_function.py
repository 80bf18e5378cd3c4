# snippet: raises=RuntimeError
"""Instantiating a Function and calling the instance is the pre-1.3 protocol; it now raises."""
import torch


class RoundSTE(torch.autograd.Function):            # round forward, identity backward
    def forward(self, x):
        return x.round()

    def backward(self, grad_output):
        return grad_output


x = torch.tensor([0.4, 1.6], requires_grad=True)
RoundSTE()(x)
