"""A view's grad_fn is rebuilt after any in-place change to its memory: as one AsStridedBackward0, or by replaying the view."""
import torch

# --8<-- [start:base]
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
base = x * 1
view = base[1:]
print("view.grad_fn:", view.grad_fn.name())
base.mul_(2)                    # in-place on the base, not on the view
print("after base.mul_(2): view.grad_fn =", view.grad_fn.name(),
      "-> its input is the base's new", view.grad_fn.next_functions[0][0].name())
(grad,) = torch.autograd.grad(view.sum(), x)
print("grad of view.sum() w.r.t. x:", grad)
# --8<-- [end:base]
assert view.grad_fn.name() == "AsStridedBackward0"
assert view.grad_fn.next_functions[0][0] is base.grad_fn
assert torch.equal(grad, torch.tensor([0.0, 2.0, 2.0]))

# --8<-- [start:replay]
z = torch.tensor([1 + 2j, 3 - 1j], requires_grad=True)
zbase = z * 1
real = torch.view_as_real(zbase)            # float view of complex memory
real.mul_(2)
print("view_as_real after real.mul_(2): view.grad_fn =", real.grad_fn.name(),
      "  base.grad_fn =", type(zbase.grad_fn).__name__)
# --8<-- [end:replay]
assert real.grad_fn.name() == "ViewAsRealBackward0"
assert type(zbase.grad_fn).__name__ == "CopySlices"
