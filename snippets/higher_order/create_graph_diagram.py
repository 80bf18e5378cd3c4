"""With create_graph=True the backward pass is itself recorded: the gradient has a grad_fn."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import describe, draw, graph_of

# --8<-- [start:grad]
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 3).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)     # g = 3x^2, recorded as it is computed
(g_plain,) = torch.autograd.grad((x ** 3).sum(), x)     # the same numbers, not recorded
# --8<-- [end:grad]
print("g       =", g.detach().tolist(), " grad_fn:", type(g.grad_fn).__name__)
print("g_plain =", g_plain.tolist(), " grad_fn:", g_plain.grad_fn)
print()
print(describe(graph_of(g, params={"x": x, "g": g})))
save_svg("graph", draw(g, params={"x": x, "g": g},
                       title="The graph of g = dy/dx, recorded because create_graph=True"))

(h,) = torch.autograd.grad(g.sum(), x)                   # differentiate the gradient: 6x
print()
print("d(sum g)/dx =", h.tolist())
assert g.grad_fn is not None and g_plain.grad_fn is None
assert torch.equal(h, 6 * x.detach())
