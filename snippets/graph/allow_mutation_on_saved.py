"""allow_mutation_on_saved_tensors: a saved tensor is cloned when it is mutated, so backward sees the old values."""
import torch

# --8<-- [start:allow]
x = torch.tensor([0.5, 1.0], requires_grad=True)
with torch.autograd.graph.allow_mutation_on_saved_tensors():
    y = x.exp()                 # ExpBackward0 saves y
    y.add_(1)                   # y is cloned for the node before it changes
    y.sum().backward()          # forward and backward under the same context
print("x.grad =", x.grad, " == exp(x):", torch.allclose(x.grad, x.detach().exp()))
# --8<-- [end:allow]
assert torch.allclose(x.grad, x.detach().exp())
