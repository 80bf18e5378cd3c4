"""Building a module records nothing; each forward call records its own, new graph."""
import torch
from torch import nn

torch.manual_seed(0)
# --8<-- [start:calls]
model = nn.Linear(3, 1)                     # defining the model: parameters only, no graph
print("after nn.Linear(3, 1): parameters have grad_fn",
      [p.grad_fn for p in model.parameters()])
x = torch.randn(2, 3)
first = model(x).sum()
second = model(x).sum()                     # same model, same input, another forward
print("first.grad_fn:", type(first.grad_fn).__name__, " second.grad_fn:",
      type(second.grad_fn).__name__)
print("the two forwards share a backward node:", first.grad_fn is second.grad_fn)
# --8<-- [end:calls]
assert all(p.grad_fn is None for p in model.parameters())
assert first.grad_fn is not second.grad_fn
assert first.grad_fn.next_functions[0][0] is not second.grad_fn.next_functions[0][0]
