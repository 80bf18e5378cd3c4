"""create_graph with retain_graph=False: the second pass fails only if it must go back through the first graph."""
import torch

# --8<-- [start:both]
x = torch.tensor([1.0, 2.0], requires_grad=True)

(g,) = torch.autograd.grad((x ** 3).sum(), x, create_graph=True, retain_graph=False)
print("y = sum(x^3):      second derivative =", torch.autograd.grad(g.sum(), x)[0].tolist())

h = x.sin()                                     # a non-leaf the first graph saves
(g,) = torch.autograd.grad((h ** 3).sum(), x, create_graph=True, retain_graph=False)
try:
    torch.autograd.grad(g.sum(), x)             # g = 3 h^2 cos(x): d/dx goes back through SinBackward0
except RuntimeError as error:
    message = str(error)
print("y = sum(sin(x)^3):", message.split(" (")[0])
# --8<-- [end:both]
assert message.startswith("Trying to backward through the graph a second time")
