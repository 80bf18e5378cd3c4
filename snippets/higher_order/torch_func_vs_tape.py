"""Each torch.func transform, checked against the same quantity computed with the tape."""
import torch
from torch.autograd.functional import hessian as tape_hessian
from torch.autograd.functional import jacobian as tape_jacobian
from torch.func import grad, hessian, jacfwd, jacrev, jvp, vjp, vmap

torch.manual_seed(0)
W = torch.randn(3, 4, dtype=torch.float64)
x = torch.randn(4, dtype=torch.float64, requires_grad=True)  # so that .grad *could* be filled
u = torch.randn(3, dtype=torch.float64)      # a cotangent (output-sized)
v = torch.randn(4, dtype=torch.float64)      # a tangent (input-sized)
batch = torch.randn(5, 4, dtype=torch.float64)


def f(x):                                    # R^4 -> R^3
    return torch.tanh(W @ x)


def loss(x):                                 # R^4 -> R
    return f(x).pow(2).sum()


def tape_grad(fn, x, cotangent=None):        # reverse mode on the tape, as in training code
    x = x.detach().requires_grad_()
    out = fn(x)
    return torch.autograd.grad(out, x, cotangent)[0]


J = tape_jacobian(f, x)
# --8<-- [start:checks]
checks = {
    "grad(loss)(x)":          (grad(loss)(x),            tape_grad(loss, x)),
    "vjp(f, x)[1](u)":        (vjp(f, x)[1](u)[0],       tape_grad(f, x, u)),
    "jvp(f, (x,), (v,))[1]":  (jvp(f, (x,), (v,))[1],    J @ v),
    "jacrev(f)(x)":           (jacrev(f)(x),             J),
    "jacfwd(f)(x)":           (jacfwd(f)(x),             J),
    "hessian(loss)(x)":       (hessian(loss)(x),         tape_hessian(loss, x)),
    "vmap(grad(loss))(batch)": (vmap(grad(loss))(batch),
                                torch.stack([tape_grad(loss, row) for row in batch])),
}
# --8<-- [end:checks]
print(f"{'torch.func':<26}{'shape':<10}matches the tape")
for name, (functional, tape) in checks.items():
    ok = torch.allclose(functional, tape)
    print(f"{name:<26}{str(tuple(functional.shape)):<10}{ok}")
    assert ok
print(f"x.requires_grad = {x.requires_grad}; x.grad after all of this: {x.grad}")
assert x.requires_grad and x.grad is None
