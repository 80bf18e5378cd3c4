"""A measured value: the page shows the figure, the snapshot check ignores only that figure."""
import time

import torch
from fieldkit import measured

x = torch.randn(256, 256, requires_grad=True)
start = time.perf_counter()
loss = (x @ x).tanh().sum()
loss.backward()
elapsed_ms = (time.perf_counter() - start) * 1e3

print("gradient shape:", tuple(x.grad.shape))  # compared exactly
print("forward + backward took", measured(f"{elapsed_ms:.2f} ms"))  # shown, not compared
assert x.grad.shape == x.shape
