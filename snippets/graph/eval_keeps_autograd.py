"""model.eval() changes layers such as Dropout; it does not stop autograd from recording."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(p=0.5), nn.Linear(8, 1))
x = torch.randn(2, 4)

# --8<-- [start:eval]
model.eval()
out = model(x)
print("eval():            training =", model.training, " out.grad_fn =", type(out.grad_fn).__name__)
out.sum().backward()
print("                   first weight has a gradient:", model[0].weight.grad is not None)
with torch.no_grad():
    quiet = model(x)
print("eval() + no_grad:  out.grad_fn =", quiet.grad_fn)
# --8<-- [end:eval]
assert out.requires_grad and model[0].weight.grad is not None and quiet.grad_fn is None

# --8<-- [start:dropout]
model.train()
train_agree = torch.equal(model(x), model(x))     # dropout draws a new mask each pass
print("train(): two passes agree:", train_agree)
model.eval()
print("eval():  two passes agree:", torch.equal(model(x), model(x)))
# --8<-- [end:dropout]
assert not train_agree and torch.equal(model(x), model(x))
