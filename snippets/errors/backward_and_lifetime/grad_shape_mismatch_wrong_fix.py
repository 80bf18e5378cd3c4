"""Differentiating scores.mean() instead: no grad_outputs needed, every per-sample gradient is 1/N too small."""
import torch

torch.manual_seed(0)
critic = torch.nn.Linear(3, 1)
x = torch.randn(4, 3, requires_grad=True)
scores = critic(x)

(grad_mean,) = torch.autograd.grad(scores.mean(), x, retain_graph=True)
(grad_true,) = torch.autograd.grad(scores, x, grad_outputs=torch.ones_like(scores))
print("per-sample gradient norms via mean():", [round(v, 4) for v in grad_mean.norm(dim=1).tolist()])
print("per-sample gradient norms, correct:  ", [round(v, 4) for v in grad_true.norm(dim=1).tolist()])
penalty_mean = ((grad_mean.norm(dim=1) - 1) ** 2).mean().item()
penalty_true = ((grad_true.norm(dim=1) - 1) ** 2).mean().item()
print(f"gradient penalty (||grad|| - 1)^2: {penalty_mean:.4f} via mean(), {penalty_true:.4f} correct")
assert torch.allclose(grad_mean * 4, grad_true)
