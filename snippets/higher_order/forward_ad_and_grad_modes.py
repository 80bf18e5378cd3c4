"""torch.no_grad does not stop forward-mode tangents; inference_mode does."""
import torch
import torch.autograd.forward_ad as fwAD

x = torch.tensor([0.5, 1.0])
# --8<-- [start:modes]
with fwAD.dual_level():
    dual = fwAD.make_dual(x, torch.ones(2))
    with torch.no_grad():
        under_no_grad = fwAD.unpack_dual(dual.sin()).tangent
    with torch.inference_mode():
        under_inference = fwAD.unpack_dual(dual.sin()).tangent
# --8<-- [end:modes]
print("tangent under no_grad:       ", [round(t, 4) for t in under_no_grad.tolist()], "(= cos x)")
print("tangent under inference_mode:", under_inference)
assert torch.allclose(under_no_grad, x.cos()) and under_inference is None
