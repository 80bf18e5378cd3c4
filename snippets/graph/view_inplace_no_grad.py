# snippet: raises=RuntimeError
"""A view made under no_grad and modified with grad mode on is refused; put both inside the block or both outside."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)

# --8<-- [start:fix]
b = x * 1
with torch.no_grad():                   # both inside: the change is not recorded
    v = b[:1]
    v.mul_(10)
(grad,) = torch.autograd.grad(b.sum(), x)
print("both inside no_grad:  b =", b.detach(), " grad =", grad, " b.grad_fn =", b.grad_fn.name())
assert torch.equal(grad, torch.tensor([1.0, 1.0]))

b = x * 1
v = b[:1]                               # both outside: the change is recorded
v.mul_(10)
(grad,) = torch.autograd.grad(b.sum(), x)
print("both outside no_grad: b =", b.detach(), " grad =", grad, " b.grad_fn =", type(b.grad_fn).__name__)
assert torch.equal(grad, torch.tensor([10.0, 1.0]))
# --8<-- [end:fix]

# --8<-- [start:fail]
b = x * 1
with torch.no_grad():
    v = b[:1]
v.mul_(10)                              # view from no_grad, modified in grad mode
# --8<-- [end:fail]
