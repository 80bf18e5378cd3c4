"""torch.library.custom_op: an opaque kernel becomes a real operator with a fake impl and a gradient."""
import math

import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import describe, draw, graph_of
from torch import Tensor


# --8<-- [start:op]
@torch.library.custom_op("fieldguide::erf", mutates_args=())
def erf(x: Tensor) -> Tensor:
    # Stand-in for a kernel PyTorch cannot look into (a C library, a CUDA binary, ...).
    values = [math.erf(v) for v in x.flatten().tolist()]
    return torch.tensor(values, dtype=x.dtype).reshape(x.shape)


@erf.register_fake
def _(x):
    # Metadata only: shape, dtype, device of the result. Never touches data.
    return torch.empty_like(x)


def setup_context(ctx, inputs, output):
    (x,) = inputs
    ctx.save_for_backward(x)


def backward(ctx, grad_output):
    (x,) = ctx.saved_tensors
    return grad_output * 2 / math.sqrt(math.pi) * torch.exp(-x * x)


erf.register_autograd(backward, setup_context=setup_context)
# --8<-- [end:op]

# --8<-- [start:use]
print("registered as:", torch.ops.fieldguide.erf.default, "  schema:", torch.ops.fieldguide.erf.default._schema)
w = torch.tensor([-1.0, 0.0, 0.5, 2.0], requires_grad=True)
y = erf(w)
print("erf(w):      ", y)
print("torch.erf(w):", torch.erf(w))
loss = (y * y).sum()
print(describe(graph_of(loss, params={"w": w, "loss": loss})))
save_svg("graph", draw(loss, params={"w": w, "loss": loss}, title="loss = (erf(w) ** 2).sum() with a custom op"))
loss.backward()
# --8<-- [end:use]

w_ref = w.detach().clone().requires_grad_()
(torch.erf(w_ref) ** 2).sum().backward()
print("w.grad:      ", w.grad)
print("reference:   ", w_ref.grad)
assert torch.allclose(y, torch.erf(w.detach())) and torch.allclose(w.grad, w_ref.grad)
