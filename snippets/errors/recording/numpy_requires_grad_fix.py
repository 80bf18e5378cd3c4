"""For logging or plotting, detach() first; for a loss, stay in torch so the gradient flows."""
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
before = model.weight.detach().clone()

pred = model(x)
as_array = pred.detach().numpy()                  # a copy-free NumPy view, for logging only
print("logged with NumPy:", np.round(as_array.ravel(), 4))
loss = torch.abs(pred - y).mean()                 # the loss itself in torch ops
loss.backward()
opt.step()
print("weights changed by the step:", not torch.equal(model.weight.detach(), before))
assert not torch.equal(model.weight.detach(), before)
