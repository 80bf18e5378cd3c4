"""Switching modes around the exported module (eager model.eval(), runner.training = False) changes
nothing: dropout was recorded in training mode and still drops."""
import torch
from torch.export import export

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(p=0.5))
x = torch.randn(2, 4)

runner = export(model, (x,)).module()          # model was in training mode
model.eval()
runner.training = False
print("runner.training:", runner.training)
print("two calls agree:", torch.equal(runner(x), runner(x)))
print("zeros in the output:", int((runner(x) == 0).sum()), "of", x.numel())
assert not torch.equal(runner(x), runner(x))
