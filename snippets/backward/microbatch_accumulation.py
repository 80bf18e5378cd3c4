"""Accumulation on purpose: four micro-batches of 2, each loss / 4, give the batch-of-8 gradient."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, target = torch.randn(8, 3), torch.randn(8, 1)
loss_fn = torch.nn.MSELoss()  # mean over the batch

loss_fn(model(x), target).backward()
full_batch = model.weight.grad.clone()

# --8<-- [start:accumulate]
model.zero_grad()
for xs, ts in zip(x.split(2), target.split(2), strict=True):
    (loss_fn(model(xs), ts) / 4).backward()  # .grad keeps the running sum
# --8<-- [end:accumulate]
print("one batch of 8:      ", full_batch)
print("4 micro-batches of 2:", model.weight.grad)
assert torch.allclose(model.weight.grad, full_batch, atol=1e-6)
