"""One backward pass: start at the loss with 1.0, run each node once, add into the leaves' .grad."""
import torch
from enginemodel import labeller, record_engine_order
from fieldkit import save_svg
from fieldkit.autograd_graph import draw

torch.manual_seed(0)
x = torch.randn(4, 3)                      # data: needs no gradient
w = torch.randn(3, 1, requires_grad=True)  # parameters: leaves that need one
b = torch.zeros(1, requires_grad=True)
target = torch.tensor([[0.0], [1.0], [1.0], [0.0]])

# --8<-- [start:forward]
z = x @ w + b
loss = (torch.sigmoid(z) - target).pow(2).mean()
save_svg("graph", draw(loss, params={"w": w, "b": b, "loss": loss},
                       title="The graph loss.backward() runs"))

name = labeller({"w": w, "b": b, "loss": loss})
ran, remove_hooks = record_engine_order(loss.grad_fn)
loss.backward()
remove_hooks()
print("nodes in the order they ran:")
for step, node in enumerate(ran, start=1):
    print(f"  {step}. {name(node)}")
print("w.grad =", w.grad.flatten())
print("b.grad =", b.grad)
# --8<-- [end:forward]
assert len(ran) == len(set(ran)) and w.grad.shape == w.shape and b.grad.shape == b.shape
