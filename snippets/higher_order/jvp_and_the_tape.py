"""torch.func.jvp needs no create_graph: the tape records through it. A JVP from two VJPs, and what it costs."""
import torch
from torch.func import jvp, vjp

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
x, v = torch.randn(3), torch.ones(3)


def model(x):
    return (w * x).tanh()


# --8<-- [start:tape]
_, tangent = jvp(model, (x,), (v,))
print("torch.func.jvp tangent: requires_grad", tangent.requires_grad)
tangent.pow(2).sum().backward()                  # train on a loss made of the JVP
through_func = w.grad.clone()
w.grad = None
_, tangent = torch.autograd.functional.jvp(model, x, v, create_graph=True)
tangent.pow(2).sum().backward()
print("its gradient for w equals functional.jvp(create_graph=True):",
      torch.allclose(through_func, w.grad))
# --8<-- [end:tape]
assert torch.allclose(through_func, w.grad)

# --8<-- [start:double_vjp]
def jvp_from_two_vjps(f, x, v):
    y, pullback = vjp(f, x)
    u = torch.zeros_like(y)                       # a dummy cotangent: u -> J^T u is linear in u
    _, pullback_of_pullback = vjp(lambda u: pullback(u)[0], u)
    return pullback_of_pullback(v)[0]             # (J^T)^T v = J v


def f(x):
    return x.sin() * x.sum()


direct = jvp(f, (x,), (v,))[1]
print("JVP from two VJPs equals torch.func.jvp:", torch.allclose(jvp_from_two_vjps(f, x, v), direct))
# --8<-- [end:double_vjp]
