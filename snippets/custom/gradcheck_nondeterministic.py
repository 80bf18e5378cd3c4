"""gradcheck runs backward twice and compares: a backward that varies between runs is 'not reentrant'."""
import torch
from torch.autograd.gradcheck import GradcheckError

calls = {"n": 0}


class Noisy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        calls["n"] += 1
        return grad * (2 + calls["n"] * 1e-12)   # like atomicAdd: a different rounding each run


x = torch.randn(3, dtype=torch.float64, requires_grad=True)
# --8<-- [start:check]
try:
    torch.autograd.gradcheck(Noisy.apply, (x,))
except GradcheckError as error:
    print("GradcheckError:", str(error).splitlines()[0])
print("with nondet_tol=1e-9:", torch.autograd.gradcheck(Noisy.apply, (x,), nondet_tol=1e-9))
# --8<-- [end:check]
