"""PyTorch forward mode: J v in one forward pass, with torch.func.jvp or forward_ad dual tensors."""
import torch
import torch.autograd.forward_ad as fwAD
from torch.func import jacfwd, jacrev, jvp

x, w = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, -1.0, 2.0])
v = torch.tensor([1.0, 0.5, -1.0])                  # the tangent: a direction in x-space
JV = [3 * b * a**2 * c for a, b, c in zip(x.tolist(), w.tolist(), v.tolist(), strict=True)]


# --8<-- [start:jvp]
def g(x):                                           # R^3 -> R^3, J = diag(3 w x^2)
    return w * x**3


out, jv = jvp(g, (x,), (v,))                        # torch.func

with fwAD.dual_level():                             # the same with dual tensors
    dual_out = g(fwAD.make_dual(x, v))
    jv_dual = fwAD.unpack_dual(dual_out).tangent
# --8<-- [end:jvp]
print("g(x)               =", out.tolist())
print("torch.func.jvp: Jv =", jv.tolist())
print("forward_ad:     Jv =", jv_dual.tolist())
assert jv.tolist() == jv_dual.tolist() == JV
assert torch.equal(jacfwd(g)(x), jacrev(g)(x))      # column by column = row by row
