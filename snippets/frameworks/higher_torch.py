"""PyTorch: create_graph=True records the backward pass, so it can be differentiated again."""
import torch
from torch.func import grad, hessian

A = 1.5
EXPECTED = [4 * A**3, 12 * A**2, 24 * A]            # h(x) = x^4: h', h'', h'''


def h(x):
    return x**4


# --8<-- [start:tape]
x = torch.tensor(A, requires_grad=True)
(d1,) = torch.autograd.grad(h(x), x, create_graph=True)   # d1 has a grad_fn of its own
(d2,) = torch.autograd.grad(d1, x, create_graph=True)
(d3,) = torch.autograd.grad(d2, x)
# --8<-- [end:tape]
print("tape, create_graph:  ", [d1.item(), d2.item(), d3.item()])
assert [d1.item(), d2.item(), d3.item()] == EXPECTED

# --8<-- [start:func]
d = [grad(h), grad(grad(h)), grad(grad(grad(h)))]
x = torch.tensor(A)                                 # no requires_grad needed
# --8<-- [end:func]
print("torch.func grad(grad):", [g(x).item() for g in d])
assert [g(x).item() for g in d] == EXPECTED


# --8<-- [start:hessian]
def f(x, w):
    return (w * x**3).sum()


x, w = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, -1.0, 2.0])
hess = hessian(f)(x, w)                             # d2f/dx2 = diag(6 w x)
# --8<-- [end:hessian]
print("torch.func.hessian(f)(x, w):")
for row in hess.tolist():
    print("   ", [v + 0.0 for v in row])
assert torch.equal(hess, torch.diag(6 * w * x))
