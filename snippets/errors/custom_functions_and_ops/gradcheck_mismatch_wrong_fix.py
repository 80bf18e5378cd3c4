"""Checking in float32 and loosening atol/rtol until the correct Function passes lets the buggy one pass too."""
import warnings

import torch
from torch.autograd import gradcheck


class Tanh(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.tanh(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0], output)

    @staticmethod
    def backward(ctx, grad_output):
        x, y = ctx.saved_tensors
        return grad_output * (1 - y**2)           # correct


class TanhBuggy(Tanh):
    @staticmethod
    def backward(ctx, grad_output):
        x, y = ctx.saved_tensors
        return grad_output * (1 - x**2)           # wrong


x32 = torch.tensor([0.3, -0.2, 0.4], requires_grad=True)
warnings.simplefilter("ignore")                   # the float32 warning, shown on the mechanism page
print("float32, default tolerances, correct Function:",
      gradcheck(Tanh.apply, (x32,), raise_exception=False))
loose = dict(atol=0.05, rtol=0.05, raise_exception=False)
ok_correct = gradcheck(Tanh.apply, (x32,), **loose)
ok_buggy = gradcheck(TanhBuggy.apply, (x32,), **loose)
print("float32, atol=rtol=0.05: correct:", ok_correct, "  buggy:", ok_buggy)
assert ok_correct and ok_buggy

x64 = x32.detach().double().requires_grad_()
print("float64, default tolerances, buggy:", gradcheck(TanhBuggy.apply, (x64,), raise_exception=False))
