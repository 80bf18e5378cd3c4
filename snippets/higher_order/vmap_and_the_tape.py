"""Inside vmap, tensors report requires_grad=False; the tape still records outside. Differentiate inside with torch.func."""
import torch
from torch.func import grad, vmap

torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
seen = []


# --8<-- [start:inside]
def per_row(v):
    seen.append(v.requires_grad)                 # v is a batched view of one row
    return (v**2).sum()


out = vmap(per_row)(x)
out.sum().backward()
print("inside vmap, v.requires_grad:", seen[0], "  outside: out.grad_fn", type(out.grad_fn).__name__,
      "  x.grad == 2x:", torch.allclose(x.grad, 2 * x))
# --8<-- [end:inside]


# --8<-- [start:grad_inside]
def row_gradient_with_the_tape(v):
    v = v.detach().requires_grad_()
    return torch.autograd.grad((v**3).sum(), v)[0]


try:
    vmap(row_gradient_with_the_tape)(x.detach())
except RuntimeError as error:
    print("autograd inside vmap: RuntimeError:", str(error).split(". ")[0])
per_row_grads = vmap(grad(lambda v: (v**3).sum()))(x.detach())
print("vmap(grad(f)): equals 3 x^2:", torch.allclose(per_row_grads, 3 * x.detach() ** 2))
# --8<-- [end:grad_inside]
