# snippet: raises=RuntimeError
"""Outputs of unbind/split/chunk cannot be modified in place, nor can they be used after their base was."""
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

# --8<-- [start:fix]
b = x * 1
b[0].mul_(10)                           # fix 1: select gives one view, which may be modified
print("b[0].mul_(10): b.grad_fn =", type(b.grad_fn).__name__)

first, rest = (x * 1).split([1, 2])
y = torch.cat([first * 10, rest])       # fix 2: out of place, then put the pieces together
(grad,) = torch.autograd.grad(y.sum(), x)
print("torch.cat([first * 10, rest]): grad =", grad)
# --8<-- [end:fix]
assert type(b.grad_fn).__name__ == "CopySlices"
assert torch.equal(grad, torch.tensor([10.0, 1.0, 1.0]))

# --8<-- [start:indirect]
b = x * 1
first, second, third = b.unbind()
b.mul_(2)                               # the base is modified, not the view...
try:
    first * 1                           # ...and the view cannot be used any more
    message = ""
except RuntimeError as error:
    message = str(error).split(". ")[0] + "."
    print("after b.mul_(2), first * 1 ->", message)
# --8<-- [end:indirect]
assert "its base or another view of its base has been modified inplace" in message

# --8<-- [start:fail]
first, second, third = (x * 1).unbind()
first.mul_(10)
# --8<-- [end:fail]
