"""amax splits ties like max(); at x == 0 the answer depends on the overload: a Scalar bound or a Tensor operand."""
import torch
import torch.nn.functional as F


def grad_of(fn, values):
    x = torch.tensor(values, requires_grad=True)
    (grad,) = torch.autograd.grad(fn(x).sum(), x)
    return grad


zero = torch.tensor(0.0)                       # a 0-dim Tensor that does not require grad
cases = [
    ("amax() of [1, 3, 3]", grad_of(torch.amax, [1.0, 3.0, 3.0]), [0.0, 0.5, 0.5]),
    ("relu(x) at 0", grad_of(F.relu, [0.0]), [0.0]),
    ("clamp(x, min=0) at 0  (Scalar)", grad_of(lambda x: x.clamp(min=0), [0.0]), [1.0]),
    ("maximum(x, zero) at 0 (Tensor)", grad_of(lambda x: torch.maximum(x, zero), [0.0]), [0.5]),
]
for what, grad, expected in cases:
    print(f"{what:<31} -> {[round(v, 4) for v in grad.tolist()]}")
    assert torch.equal(grad, torch.tensor(expected)), what
