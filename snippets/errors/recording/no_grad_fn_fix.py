"""Compute the loss with grad mode on: backward reaches the weights and a step changes them."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
before = model.weight.detach().clone()

loss = nn.functional.mse_loss(model(x), y)  # grad mode on: the graph is recorded
print("loss.grad_fn:", type(loss.grad_fn).__name__)
loss.backward()
opt.step()

change = (model.weight.detach() - before).abs().max().item()
print(f"largest change of a weight after one step: {change:.4f}")
assert loss.grad_fn is not None and change > 0
