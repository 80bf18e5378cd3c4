"""A floating-point output declared non-differentiable (output_differentiability: [False] in
derivatives.yaml) never requires grad; piecewise-constant ops such as sign and floor still record
a node, whose gradient is zero."""
import torch

a = torch.tensor([0.3, -1.2, 2.5], requires_grad=True)

for label, out in [("torch.histc(a, bins=4)", torch.histc(a, bins=4)),
                   ("torch.sign(a)", torch.sign(a)),
                   ("torch.floor(a)", torch.floor(a))]:
    print(f"{label:<22} dtype={out.dtype}  requires_grad={out.requires_grad!s:<5}"
          f"  grad_fn={type(out.grad_fn).__name__ if out.grad_fn else None}")

assert not torch.histc(a, bins=4).requires_grad
assert type(torch.sign(a).grad_fn).__name__ == "SignBackward0"
(grad,) = torch.autograd.grad(torch.floor(a).sum(), a)
print("gradient through floor:", grad)
assert torch.equal(grad, torch.zeros(3))
