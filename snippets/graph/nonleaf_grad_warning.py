"""A non-leaf's .grad stays None (and reading it warns) unless you call retain_grad()."""
import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3           # non-leaf
k = x * 3           # non-leaf that asks to keep its gradient
k.retain_grad()
loss = (h * h).sum() + (k * k).sum()
loss.backward()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    h_grad = h.grad                     # reading it is what warns
print("h.grad:", h_grad)
message = str(caught[0].message)
print(f"{caught[0].category.__name__}: {message.split(' (Triggered internally')[0]}")
print("k.grad after retain_grad():", k.grad, "  retains_grad =", k.retains_grad)
print("x.grad (leaf):", x.grad)
assert h_grad is None and caught[0].category is UserWarning
assert torch.equal(k.grad, 2 * k.detach()) and torch.equal(x.grad, 2 * 2 * 3 * 3 * x.detach())
