"""Export the model in the mode you will run: an eval-mode export has no active dropout."""
import torch
from torch.export import export

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(p=0.5))
x = torch.randn(2, 4)

model.eval()                                   # before export, not after
runner = export(model, (x,)).module()
print("two calls agree:", torch.equal(runner(x), runner(x)))
print("equals eager eval:", torch.equal(runner(x), model(x)))
assert torch.equal(runner(x), runner(x)) and torch.equal(runner(x), model(x))
