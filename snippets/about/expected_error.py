# snippet: raises=RuntimeError
"""An expected error: the page shows the real exception type and message."""
import torch

x = torch.ones(3, requires_grad=True)
y = (x * 2).sum()
y.backward()
print("first backward worked:", x.grad)
y.backward()  # the graph was freed by the first call
