# snippet: raises=RuntimeError
"""The grad_outputs given to autograd.grad must have exactly the shape of the output."""
import torch

torch.manual_seed(0)
critic = torch.nn.Linear(3, 1)
x = torch.randn(4, 3, requires_grad=True)
scores = critic(x)                       # shape (4, 1)
torch.autograd.grad(scores, x, grad_outputs=torch.ones(4))
