"""A Hessian-vector product by double backward, by torch.func and by torch.autograd.functional."""
import torch
from torch.autograd.functional import hessian as tape_hessian
from torch.autograd.functional import hvp as functional_hvp
from torch.func import grad, jvp
from torch.func import hessian as func_hessian

torch.manual_seed(0)
A = torch.randn(5, 4, dtype=torch.float64)
w0 = torch.randn(4, dtype=torch.float64)
v = torch.randn(4, dtype=torch.float64)


def f(w):                                   # a scalar function of a vector
    return torch.tanh(A @ w).pow(2).sum()


# --8<-- [start:double-backward]
w = w0.clone().requires_grad_()
(g,) = torch.autograd.grad(f(w), w, create_graph=True)     # g(w) = grad f, recorded
(hvp_tape,) = torch.autograd.grad(g @ v, w)                 # d(g . v)/dw = H v
# --8<-- [end:double-backward]

# --8<-- [start:func]
_, hvp_func = jvp(grad(f), (w0,), (v,))                     # forward-over-reverse
# --8<-- [end:func]

# --8<-- [start:functional]
_, hvp_functional = functional_hvp(f, w0, v)
# --8<-- [end:functional]

H = tape_hessian(f, w0)                                     # the full 4 x 4 Hessian
results = {"double backward": hvp_tape, "torch.func jvp(grad(f))": hvp_func,
           "autograd.functional.hvp": hvp_functional, "full Hessian @ v": H @ v,
           "torch.func.hessian(f)(w) @ v": func_hessian(f)(w0) @ v}
for name, value in results.items():
    print(f"{name:<30}", [round(x, 6) for x in value.tolist()])
assert all(torch.allclose(value, H @ v) for value in results.values())
assert torch.allclose(H, H.T)
