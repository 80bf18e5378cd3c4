"""In grad mode, a result requires grad iff at least one (floating-point) input does."""
import torch

yes = torch.tensor([1.0, -2.0], requires_grad=True)
no = torch.tensor([3.0, 4.0])

# --8<-- [start:table]
for left_name, left in [("yes", yes), ("no", no)]:
    for right_name, right in [("yes", yes), ("no", no)]:
        out = left * right
        print(f"{left_name:>3} * {right_name:<3} -> requires_grad={out.requires_grad!s:<5}"
              f"  grad_fn={type(out.grad_fn).__name__ if out.grad_fn else None}")
        assert out.requires_grad == (left.requires_grad or right.requires_grad)
# --8<-- [end:table]

# outputs that cannot carry a gradient (integers, booleans) never require grad
for label, out in [("yes.argmax()", yes.argmax()), ("yes > 0", yes > 0),
                   ("yes.long()", yes.long())]:
    print(f"{label:<13} dtype={str(out.dtype):<11} requires_grad={out.requires_grad}")
    assert not out.requires_grad

try:
    torch.tensor([1, 2]).requires_grad_()
except RuntimeError as error:
    print("integer tensor .requires_grad_() ->", error)
z = torch.tensor([1 + 2j], requires_grad=True)   # complex tensors can
print("complex tensor requires_grad =", z.requires_grad)
assert z.requires_grad
