"""Every tensor with requires_grad=False is a leaf, however it was computed."""
import torch

p = torch.ones(3, requires_grad=True)
data = torch.arange(3.0)

# --8<-- [start:cases]
cases = {
    "torch.arange(3.0)":             data,
    "data * 2 + 1":                  data * 2 + 1,       # computed, but from tensors needing no grad
    "p.detach()":                    p.detach(),
}
with torch.no_grad():
    cases["p * 2 under no_grad"] = p * 2             # computed from p, but not recorded
cases["p * 2"] = p * 2                               # the only non-leaf here
# --8<-- [end:cases]

for label, t in cases.items():
    print(f"{label:<22} requires_grad={t.requires_grad!s:<5}  is_leaf={t.is_leaf!s:<5}  "
          f"grad_fn={type(t.grad_fn).__name__ if t.grad_fn else None}")
    assert t.is_leaf == (t.grad_fn is None)
    if not t.requires_grad:
        assert t.is_leaf
