"""Factories that read only an input's shape, dtype and device (zeros_like, new_*, ...) return a tensor that needs no grad, even from an input that does."""
import torch

torch.manual_seed(0)
p = torch.ones(2, 3, requires_grad=True)

made_from_p = {
    "torch.zeros_like(p)":  torch.zeros_like(p),
    "torch.ones_like(p)":   torch.ones_like(p),
    "torch.randn_like(p)":  torch.randn_like(p),
    "torch.empty_like(p)":  torch.empty_like(p),
    "torch.full_like(p, 7)": torch.full_like(p, 7),
    "p.new_zeros(4)":       p.new_zeros(4),
    "p.new_ones(4)":        p.new_ones(4),
}
for label, t in made_from_p.items():
    print(f"{label:<22} dtype={t.dtype}  requires_grad={t.requires_grad!s:<5}  grad_fn={t.grad_fn}")
    assert t.dtype == torch.float32 and not t.requires_grad and t.grad_fn is None

clone = p.clone()                                  # an ordinary op on p does record
print(f"{'p.clone()':<22} dtype={clone.dtype}  requires_grad={clone.requires_grad!s:<5}  "
      f"grad_fn={type(clone.grad_fn).__name__}")
assert clone.requires_grad
