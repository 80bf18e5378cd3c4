"""grad_outputs=torch.ones_like(scores): one gradient per sample, equal to the analytic one."""
import torch

torch.manual_seed(0)
critic = torch.nn.Linear(3, 1)
x = torch.randn(4, 3, requires_grad=True)
scores = critic(x)
(grad_x,) = torch.autograd.grad(scores, x, grad_outputs=torch.ones_like(scores))

analytic = critic.weight.detach().expand(4, 3)   # d score_i / d x_i is the weight row
print("grad_x shape:", tuple(grad_x.shape), "| equals the weight for every sample:",
      torch.allclose(grad_x, analytic))
assert torch.allclose(grad_x, analytic)
