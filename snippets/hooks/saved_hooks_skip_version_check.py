"""Under saved_tensors_hooks the in-place check on saved tensors is skipped: a wrong gradient, no error."""
import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)

# --8<-- [start:plain]
y = x.exp()                 # ExpBackward0 saves its result y
y.add_(1)                   # ... which is then changed in place
try:
    y.sum().backward()
except RuntimeError as error:
    print("without hooks:", error)
# --8<-- [end:plain]

# --8<-- [start:hooked]
with torch.autograd.graph.saved_tensors_hooks(lambda t: t.detach(), lambda t: t):
    y = x.exp()
y.add_(1)                   # the same in-place change
y.sum().backward()          # no error this time
print("with hooks:    x.grad =", x.grad.tolist())
print("true gradient: exp(x) =", x.detach().exp().tolist())
# --8<-- [end:hooked]
assert torch.allclose(x.grad, x.detach().exp() + 1)   # off by exactly the in-place add
