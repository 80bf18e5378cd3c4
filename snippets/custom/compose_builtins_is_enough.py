"""A function written with built-in ops needs no backward: autograd differentiates the composition."""
import torch
from fieldkit.autograd_graph import graph_of


# --8<-- [start:define]
def gelu_tanh(x):
    """The tanh approximation of GELU, spelled out with ordinary tensor ops."""
    return 0.5 * x * (1 + torch.tanh(0.7978845608 * (x + 0.044715 * x**3)))
# --8<-- [end:define]


x = torch.linspace(-2.0, 2.0, 5, requires_grad=True)
y = gelu_tanh(x)

# What the composition recorded: one backward node per op, each saving what it needs.
graph = graph_of(y)
recorded = [node.label for node in graph.nodes if node.kind == "function"]
saved = [node.label for node in graph.nodes if node.kind == "saved"]
print(f"{len(recorded)} backward nodes:", ", ".join(recorded))
print(f"{len(saved)} saved tensors:  ", ", ".join(saved))
full_size = [label for label in saved if "(5,)" in label]
print(f"{len(full_size)} of them are as large as x itself")

y.sum().backward()
x_ref = x.detach().clone().requires_grad_()
torch.nn.functional.gelu(x_ref, approximate="tanh").sum().backward()
print("grad of the composition:", x.grad)
print("grad of F.gelu:         ", x_ref.grad)
assert torch.allclose(x.grad, x_ref.grad, atol=1e-6)
assert len(recorded) == 8 and len(full_size) == 4
