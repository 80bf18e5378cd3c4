"""Computing the loss in NumPy and wrapping it back with requires_grad=True trains nothing."""
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
before = model.weight.detach().clone()

pred = model(x)
loss_np = np.abs(pred.detach().numpy() - y.numpy()).mean()
loss = torch.tensor(loss_np, requires_grad=True)  # a new leaf holding a number
loss.backward()
opt.step()
print(f"loss = {loss.item():.4f}  loss.grad_fn = {loss.grad_fn}")
print("model.weight.grad:", model.weight.grad)
print("weights changed by the step:", not torch.equal(model.weight.detach(), before))
assert model.weight.grad is None and torch.equal(model.weight.detach(), before)
