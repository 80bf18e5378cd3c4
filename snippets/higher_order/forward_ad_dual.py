"""Forward-mode AD: a dual tensor carries a tangent v through the ops and comes out as J @ v."""
import torch
import torch.autograd.forward_ad as fwAD
from torch.autograd.functional import jacobian


def f(x):                                    # R^3 -> R^2
    return torch.stack([x[0] * x[1] + x[2].sin(), (x[0] ** 2) * x[2]])


x = torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64)
v = torch.tensor([1.0, -1.0, 2.0], dtype=torch.float64)

# --8<-- [start:dual]
with fwAD.dual_level():
    dual_x = fwAD.make_dual(x, v)            # primal x, tangent v
    dual_y = f(dual_x)                       # one forward pass computes f(x) and J v together
    y, jvp = fwAD.unpack_dual(dual_y)
# --8<-- [end:dual]

J = jacobian(f, x)                           # the full 2 x 3 Jacobian, from the tape (reverse mode)
print("f(x)            =", y.tolist())
print("J @ v (forward) =", jvp.tolist())
print("J @ v (tape)    =", (J @ v).tolist())
print("backward graph recorded:", dual_y.grad_fn is not None, "(x has requires_grad=False)")
assert torch.allclose(jvp, J @ v) and dual_y.grad_fn is None

# --8<-- [start:columns]
columns = []
for i in range(3):                           # n forward passes give the n columns of J
    with fwAD.dual_level():
        e_i = torch.zeros(3, dtype=torch.float64)
        e_i[i] = 1.0
        columns.append(fwAD.unpack_dual(f(fwAD.make_dual(x, e_i))).tangent)
# --8<-- [end:columns]
print("J from 3 forward passes equals J from the tape:", torch.equal(torch.stack(columns, 1), J))
assert torch.allclose(torch.stack(columns, 1), J)
