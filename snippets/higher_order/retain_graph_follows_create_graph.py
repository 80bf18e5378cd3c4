"""retain_graph defaults to create_graph: a create_graph=True call leaves the graph usable."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)

# --8<-- [start:calls]
y = (x ** 3).sum()
torch.autograd.grad(y, x, create_graph=True)     # retain_graph not given: becomes True
y.backward()                                     # the saved tensors are still there
print("after grad(create_graph=True): second pass ran, x.grad =", x.grad.tolist())

y = (x ** 3).sum()
torch.autograd.grad(y, x)                        # retain_graph not given: becomes False
try:
    y.backward()
except RuntimeError as error:
    print("after grad():", error)
# --8<-- [end:calls]
assert torch.equal(x.grad, 3 * x.detach() ** 2)
