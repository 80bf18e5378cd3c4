"""y.backward(v) puts v^T J into x.grad, checked against the full Jacobian."""
import torch


def f(x):  # R^3 -> R^2
    return torch.stack([x[0] * x[1], torch.sin(x[2]) + x[0] ** 2])


x = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
J = torch.autograd.functional.jacobian(f, x)  # the full 2 x 3 Jacobian, for checking only
print("J =")
print(J)

v = torch.tensor([3.0, -1.0])
y = f(x)
y.backward(v)  # gradient= the vector v, one entry per element of y
print("v =", v)
print("x.grad  =", x.grad)
print("v @ J   =", v @ J)
assert torch.allclose(x.grad, v @ J)
