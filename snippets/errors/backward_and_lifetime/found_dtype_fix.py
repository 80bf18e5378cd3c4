"""Cast the target to the model's dtype where it enters the loss: backward runs and the weights move."""
import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
before = model.weight.detach().clone()

out = model(torch.randn(4, 3))
target = torch.from_numpy(np.ones((4, 1))).to(out.dtype)   # float64 -> float32
loss = F.huber_loss(out, target)
loss.backward()
opt.step()
moved = (model.weight - before).abs().max().item()
print("target:", target.dtype, f"| weight moved by up to {moved:.4f}")
assert moved > 0

# Not every loss refuses the mix: mse_loss's backward accepts the float64 target as it is.
out = model(torch.randn(4, 3))
F.mse_loss(out, torch.from_numpy(np.ones((4, 1)))).backward()
print("mse_loss with the float64 target: backward ran, weight.grad is", model.weight.grad.dtype)
