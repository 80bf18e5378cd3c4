"""Two things no_grad does not switch off: requires_grad=True on a new tensor, and forward-mode AD (inference_mode does)."""
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
