"""Writing through a view is recorded on the base: its grad_fn becomes CopySlices, and the gradient is right."""
import torch

# --8<-- [start:view]
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
base = x * 1
view = base[1:]
print("view._is_view():", view._is_view(), "  view._base is base:", view._base is base)
print("before: base.grad_fn =", type(base.grad_fn).__name__, "  view.grad_fn =", type(view.grad_fn).__name__)
old = base.grad_fn
view.mul_(10)                   # changes base[1:] too: same memory
print("after view.mul_(10): base.grad_fn =", type(base.grad_fn).__name__,
      "whose first input is the old", type(base.grad_fn.next_functions[0][0]).__name__)
print("                     view.grad_fn =", type(view.grad_fn).__name__,
      "whose input is", type(view.grad_fn.next_functions[0][0]).__name__)
print("versions: base", base._version, " view", view._version)
base.sum().backward()
print("x.grad =", x.grad)
# --8<-- [end:view]
assert view._is_view() and view._base is base
assert type(base.grad_fn).__name__ == "CopySlices" and base.grad_fn.next_functions[0][0] is old
assert type(view.grad_fn).__name__ == "AsStridedBackward0"
assert view.grad_fn.next_functions[0][0] is base.grad_fn
assert base._version == view._version == 1
assert torch.equal(x.grad, torch.tensor([1.0, 10.0, 10.0]))
