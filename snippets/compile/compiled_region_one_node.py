"""Eager records one backward node per op; a compiled region enters the graph as a single node."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import describe, draw, graph_of


def f(x, w):
    h = torch.relu(x @ w)
    return (h * h).mean()


torch.manual_seed(0)
x = torch.randn(2, 4)
w = torch.randn(4, 3, requires_grad=True)

# --8<-- [start:both]
eager_loss = f(x, w)
compiled_loss = torch.compile(f, backend="aot_eager")(x, w)
# --8<-- [end:both]

print("eager:")
print(describe(graph_of(eager_loss, params={"w": w})))
print("compiled:")
print(describe(graph_of(compiled_loss, params={"w": w})))
save_svg("a_eager", draw(eager_loss, params={"w": w}, title="eager: f(x, w)"))
save_svg("b_compiled", draw(compiled_loss, params={"w": w}, title="torch.compile(f): f(x, w)"))

eager_loss.backward()
eager_grad, w.grad = w.grad, None
compiled_loss.backward()
print("same gradient:", torch.allclose(w.grad, eager_grad))
assert type(compiled_loss.grad_fn).__name__ == "CompiledFunctionBackward"
assert torch.allclose(w.grad, eager_grad)
