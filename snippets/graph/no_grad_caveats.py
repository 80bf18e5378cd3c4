"""What no_grad does not switch off: requires_grad=True on a new tensor, forward-mode AD (inference_mode does),
and the link from a view to its base."""
import torch
import torch.autograd.forward_ad as fwAD

# --8<-- [start:factory]
with torch.no_grad():
    w = torch.ones(2, requires_grad=True)     # a factory function with requires_grad=True
    p = torch.nn.Parameter(torch.zeros(2))    # a Parameter requires grad by default
    y = w * 2                                 # an operation: not recorded
print("created under no_grad: w.requires_grad =", w.requires_grad,
      " p.requires_grad =", p.requires_grad, " (w * 2).requires_grad =", y.requires_grad)
# --8<-- [end:factory]
assert w.requires_grad and w.is_leaf and p.requires_grad and not y.requires_grad

# --8<-- [start:forward]
x = torch.tensor([0.5, 1.0])
with fwAD.dual_level():
    dual = fwAD.make_dual(x, torch.ones(2))   # tangent: d/dx of each element
    with torch.no_grad():
        under_no_grad = fwAD.unpack_dual(dual.sin()).tangent
    with torch.inference_mode():
        under_inference = fwAD.unpack_dual(dual.sin()).tangent
print("forward AD, tangent of sin under no_grad:       ",
      "None" if under_no_grad is None else
      f"defined, equal to cos(x): {torch.allclose(under_no_grad, x.cos())}")
print("forward AD, tangent of sin under inference_mode:", under_inference)
# --8<-- [end:forward]
assert under_no_grad is not None and torch.allclose(under_no_grad, x.cos())
assert under_inference is None

# --8<-- [start:view]
layer = torch.nn.Linear(3, 2)
with torch.no_grad():
    row = layer.weight[0]                     # a view of a tensor that requires grad
    scaled = layer.weight * 1                 # not a view
print("view made under no_grad:  requires_grad =", row.requires_grad, " is_leaf =", row.is_leaf,
      " grad_fn =", row.grad_fn, "  (weight * 1).requires_grad =", scaled.requires_grad)
try:
    row.numpy()
except RuntimeError as error:
    print("row.numpy() in grad mode:", str(error).split(".")[0])
loss = (row * 2).sum()                        # recorded: a graph is built and kept
loss.backward()                               # runs, and the gradient reaches no one
print("after backward:", type(loss.grad_fn).__name__, " layer.weight.grad =", layer.weight.grad,
      " row.grad =", row.grad)
constant = row.detach()                       # what a constant should be
print("row.detach().requires_grad =", constant.requires_grad)
# --8<-- [end:view]
assert row.requires_grad and row.is_leaf and row.grad_fn is None and not scaled.requires_grad
assert layer.weight.grad is None and row.grad is None and not constant.requires_grad
