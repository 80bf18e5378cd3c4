"""An exported module can be trained: optimizer steps through ep.module() lower the loss."""
import torch
from torch.export import export

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
x, target = torch.randn(16, 4), torch.randn(16, 1)
before = model[0].weight.detach().clone()

# --8<-- [start:train]
runner = export(model, (x,)).module()
optimizer = torch.optim.SGD(runner.parameters(), lr=0.1)
losses = []
for _ in range(4):
    loss = torch.nn.functional.mse_loss(runner(x), target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.item())
print("loss per step:", [f"{value:.4f}" for value in losses])
# --8<-- [end:train]
print("the original model's weights changed too:", not torch.equal(model[0].weight, before))
assert all(a > b for a, b in zip(losses, losses[1:], strict=False))
assert not torch.equal(model[0].weight, before)
