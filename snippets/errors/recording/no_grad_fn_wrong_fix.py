"""Setting loss.requires_grad = True silences the error; no gradient reaches the model."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
before = model.weight.detach().clone()

with torch.no_grad():
    loss = nn.functional.mse_loss(model(x), y)
loss.requires_grad = True                   # allowed: the loss is a leaf
loss.backward()                             # runs, through a graph of one node
opt.step()

print("loss.grad_fn:", loss.grad_fn, " loss.is_leaf:", loss.is_leaf)
print("model.weight.grad:", model.weight.grad)
print("weights changed by the step:", not torch.equal(model.weight.detach(), before))
assert model.weight.grad is None and torch.equal(model.weight.detach(), before)
