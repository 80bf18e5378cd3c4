"""Setting loss.requires_grad = True silences the error; the model still gets no gradient."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

with torch.no_grad():                                 # e.g. a helper that evaluates, reused to train
    loss = nn.functional.mse_loss(model(x), y)
try:
    loss.backward()
except RuntimeError as error:
    print(f"loss.backward() -> RuntimeError: {error}")

# --8<-- [start:silence]
loss.requires_grad = True                             # allowed: loss is a leaf (no grad_fn)
loss.backward()                                       # runs ... through a graph of one node
# --8<-- [end:silence]
print(f"after loss.requires_grad = True: backward ran, loss.grad_fn = {loss.grad_fn}")
print("model.weight.grad =", model.weight.grad, " <- nothing reached the model")
assert model.weight.grad is None

loss = nn.functional.mse_loss(model(x), y)            # the fix: compute it with grad mode on
loss.backward()
print("recomputed in grad mode: model.weight.grad =", model.weight.grad)
assert model.weight.grad is not None
