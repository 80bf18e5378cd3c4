"""PyTorch: an FX graph of f (symbolic tracing), an ATen graph of grad(f) (make_fx), and the
autograd graph an eager call records."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw
from torch.fx.experimental.proxy_tensor import make_fx


def f(x, w):
    return (w * x**3).sum()


x, w = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, -1.0, 2.0])

# --8<-- [start:fx]
gm = torch.fx.symbolic_trace(f)                     # run f on proxies, record each call
print(gm.graph)
# --8<-- [end:fx]
assert gm(x, w) == f(x, w)

# --8<-- [start:grad]
grad_gm = make_fx(torch.func.grad(f))(x, w)         # trace grad(f) down to ATen ops
ops = [n.target.__name__ for n in grad_gm.graph.nodes if n.op == "call_function"]
print("grad(f) as ATen ops:", ", ".join(ops))
# --8<-- [end:grad]
assert torch.equal(grad_gm(x, w), 3 * w * x**2)

# --8<-- [start:autograd]
xr, wr = x.clone().requires_grad_(True), w.clone().requires_grad_(True)
y = f(xr, wr)                                       # eager: the backward graph, recorded
save_svg("autograd", draw(y, params={"x": xr, "w": wr}, title="recorded by y = (w * x**3).sum()"))
# --8<-- [end:autograd]
mul = y.grad_fn.next_functions[0][0]
print("eager y.grad_fn:", type(y.grad_fn).__name__, "->", type(mul).__name__,
      "saving w and x**3:", mul._saved_self.tolist(), mul._saved_other.tolist())
assert torch.equal(mul._saved_other, x**3)
