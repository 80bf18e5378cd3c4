"""Reduce per-sample losses to the one number you train on: the gradient is then the analytic one."""
import torch

torch.manual_seed(0)
X, y = torch.randn(8, 3), torch.randn(8)
w = torch.zeros(3, requires_grad=True)

per_sample = (X @ w - y) ** 2        # shape (8,): one loss per sample
loss = per_sample.mean()             # the scalar the optimizer should minimize
loss.backward()

analytic = 2 / len(y) * X.T @ (X @ w.detach() - y)
print("loss shape:", tuple(loss.shape))
print("w.grad equals 2/N X^T(Xw - y):", torch.allclose(w.grad, analytic, atol=1e-6))
assert torch.allclose(w.grad, analytic, atol=1e-6)

with torch.no_grad():
    w -= 0.1 * w.grad
print(f"after one step: mean loss {loss.item():.4f} -> {((X @ w - y) ** 2).mean().item():.4f}")
assert ((X @ w - y) ** 2).mean() < loss
