"""PyTorch: flag the inputs, run f (it is recorded as it runs), then differentiate the recording."""
import torch

X, W = [1.0, 2.0, 3.0], [0.5, -1.0, 2.0]
DX = [3 * w * x**2 for x, w in zip(X, W, strict=True)]  # analytic: df/dx = 3 w x^2
DW = [x**3 for x in X]                              # analytic: df/dw = x^3


# --8<-- [start:grad]
def f(x, w):
    return (w * x**3).sum()


x = torch.tensor(X, requires_grad=True)
w = torch.tensor(W, requires_grad=True)
y = f(x, w)                                         # runs now, and is recorded
gx, gw = torch.autograd.grad(y, (x, w))             # walks the recording backwards
# --8<-- [end:grad]
print("f(x, w) =", y.item())
print("df/dx   =", gx.tolist())
print("df/dw   =", gw.tolist())
assert gx.tolist() == DX and gw.tolist() == DW

# --8<-- [start:func]
gx2, gw2 = torch.func.grad(f, argnums=(0, 1))(torch.tensor(X), torch.tensor(W))
# --8<-- [end:func]
print("torch.func.grad gives the same:", gx2.tolist(), gw2.tolist())
assert gx2.tolist() == DX and gw2.tolist() == DW

# --8<-- [start:nonscalar]
v = x**2                                            # three outputs, not one
try:
    torch.autograd.grad(v, x)
except RuntimeError as err:
    print("non-scalar output:", f"RuntimeError: {err}")
(gv,) = torch.autograd.grad(v, x, grad_outputs=torch.ones(3))   # say which v^T J you want
# --8<-- [end:nonscalar]
print("with grad_outputs=ones:", gv.tolist())
assert gv.tolist() == [2 * a for a in X]
