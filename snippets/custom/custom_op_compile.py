"""Under torch.compile a custom op is one opaque node: fullgraph=True holds, forward and backward match eager."""
import math

import torch
from torch import Tensor


@torch.library.custom_op("fieldguide::erf", mutates_args=())
def erf(x: Tensor) -> Tensor:
    values = [math.erf(v) for v in x.flatten().tolist()]   # Dynamo could not trace this
    return torch.tensor(values, dtype=x.dtype).reshape(x.shape)


@erf.register_fake
def _(x):
    return torch.empty_like(x)


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def backward(ctx, grad_output):
    (x,) = ctx.saved_tensors
    return grad_output * 2 / math.sqrt(math.pi) * torch.exp(-x * x)


erf.register_autograd(backward, setup_context=setup_context)


def model(x):
    return (erf(x) * x).sum()


# --8<-- [start:graph]
def show_graph(gm, example_inputs):               # a minimal custom backend: print, then run as is
    print(gm.code.strip())
    return gm.forward


torch.compile(model, backend=show_graph, fullgraph=True)(torch.ones(4))
# --8<-- [end:graph]

# --8<-- [start:train]
torch.manual_seed(0)
x = torch.randn(4, requires_grad=True)
x_eager = x.detach().clone().requires_grad_()
compiled = torch.compile(model, backend="aot_eager", fullgraph=True)
loss = compiled(x)
loss.backward()
model(x_eager).backward()
print("compiled loss:", loss.item(), " eager loss:", model(x_eager).item())
print("compiled grad:", x.grad)
print("eager grad:   ", x_eager.grad)
# --8<-- [end:train]
assert torch.allclose(loss, model(x_eager)) and torch.allclose(x.grad, x_eager.grad)
