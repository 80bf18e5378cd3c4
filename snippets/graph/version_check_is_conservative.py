"""The version check is conservative: any in-place op on a saved tensor, or on any view of its memory, fails backward."""
import torch


def backward_outcome(out):
    try:
        out.sum().backward()
        return "backward ok"
    except RuntimeError as error:
        assert "modified by an inplace operation" in str(error)
        return "RuntimeError: modified by an inplace operation"


# --8<-- [start:slice]
x = torch.tensor([0.5, 1.0, 1.5, 2.0], requires_grad=True)
y = x * 1
z = y[:2].sin()                 # SinBackward0 saves the view y[:2]
before = y[:2].clone()
y[2:].mul_(2)                   # writes only the two elements the node never reads
print("saved values unchanged:", torch.equal(y[:2], before), " ->", backward_outcome(z))
# --8<-- [end:slice]
assert torch.equal(y[:2], before) and x.grad is None

# --8<-- [start:noop]
x = torch.tensor([0.5, 1.0], requires_grad=True)
y = x.exp()                     # ExpBackward0 saves y
y.add_(0)                       # changes no value, but still bumps the version
print("y.add_(0) changed no value, version now", y._version, "->", backward_outcome(y))
# --8<-- [end:noop]
assert y._version == 1 and x.grad is None
