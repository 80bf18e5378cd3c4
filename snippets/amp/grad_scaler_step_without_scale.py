# snippet: raises=AssertionError
"""scaler.step() in an iteration where scaler.scale() never ran: the scaler has no scale yet."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")

with torch.autocast("cpu", dtype=torch.float16):
    loss = model(torch.randn(2, 4)).float().pow(2).mean()
loss.backward()                 # the loss was never passed through scaler.scale()
print("scale before any scaler.scale() call:", scaler._scale)
scaler.step(optimizer)
