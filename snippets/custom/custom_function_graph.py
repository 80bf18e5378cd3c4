"""A custom Function becomes one backward node, named after the class; its ctx *is* that node."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import describe, draw, graph_of


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x**3

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2


# --8<-- [start:build]
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor(0.1, requires_grad=True)
h = Cube.apply(w * x)
loss = (h + b).sum()
# --8<-- [end:build]

print(describe(graph_of(loss, params={"w": w, "x": x, "b": b, "loss": loss})))
save_svg("graph", draw(loss, params={"w": w, "x": x, "b": b, "loss": loss}, title="loss = (Cube(w * x) + b).sum()"))

# --8<-- [start:node]
node = h.grad_fn
print("type(h.grad_fn):        ", type(node).__name__)
print("built from:             ", node._forward_cls.__name__)
print("next_functions:         ", [(type(fn).__name__, i) for fn, i in node.next_functions])
print("needs_input_grad:       ", node.needs_input_grad)
print("saved_tensors:          ", node.saved_tensors)
# --8<-- [end:node]
assert type(node).__name__ == "CubeBackward" and node._forward_cls is Cube
assert torch.equal(node.saved_tensors[0], w.detach() * x)

loss.backward()
print("w.grad:", w.grad, " b.grad:", b.grad)
assert torch.allclose(w.grad, 3 * (w.detach() * x) ** 2 * x)
