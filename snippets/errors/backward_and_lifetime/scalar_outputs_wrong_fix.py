"""backward(torch.ones_like(y)) is backward on y.sum(): right only when the sum is what you meant."""
import torch

torch.manual_seed(0)

# --8<-- [start:batch]
# Per-sample losses: ones_like gives the gradient of the sum, N times the gradient of the mean.
for n in (4, 8):
    X, y = torch.randn(n, 3), torch.randn(n)
    w = torch.zeros(3, requires_grad=True)
    per_sample = (X @ w - y) ** 2
    per_sample.backward(torch.ones_like(per_sample))
    ones_grad = w.grad.clone()
    w.grad = None
    ((X @ w - y) ** 2).mean().backward()
    ratio = (ones_grad / w.grad).mean().item()
    print(f"batch of {n}: ones_like gradient / mean gradient = {ratio:.1f}")
    assert torch.allclose(ones_grad, n * w.grad)
# --8<-- [end:batch]

# --8<-- [start:jacobian]
# "The gradient of every output": softmax outputs always sum to 1, so the sum has gradient zero.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
p = torch.softmax(x, dim=0)
p.backward(torch.ones_like(p))
print("ones_like gradient of softmax:", [round(v, 6) + 0.0 for v in x.grad.tolist()])
jac = torch.autograd.functional.jacobian(lambda t: torch.softmax(t, dim=0), x.detach())
print("row 0 of the real Jacobian:    ", [round(v, 4) for v in jac[0].tolist()])
assert x.grad.abs().max() < 1e-6 and jac.abs().max() > 0.1
# --8<-- [end:jacobian]
